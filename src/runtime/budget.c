/* src/runtime/budget.c - loads every model a level names (or a list of
   models) through the host CD context (retromesh/cd.h), as the engine
   would, and sums what it costs against the Saturn's limits.

   The context runs with keep_going: nothing is refused for want of room,
   the overflow is counted, so one run tells everything that is over. A
   model file missing from the folder is a row marked missing (the records
   that name it are in the refs), never an error. */
#include <stdlib.h>
#include <string.h>

#include "retromesh/budget.h"
#include "core/alloc.h"
#include "retromesh/cd.h"
#include "retromesh/convert.h"
#include "retromesh/fileio.h"

#define NONE ((size_t)-1)

void rm_budget_options_default(rm_budget_options *opt)
{
    opt->heap_bytes = RM_BUDGET_HEAP_BYTES;
    opt->vram_bytes = RM_BUDGET_VRAM_BYTES;
    opt->sprites = RM_BUDGET_TEXTURES;
    opt->polygons = RM_BUDGET_POLYGONS;
    opt->points = RM_BUDGET_POINTS;
}

static const char *base_name(const char *path)
{
    const char *b = path;
    for (const char *p = path; *p; p++)
        if (*p == '/' || *p == '\\')
            b = p + 1;
    return b;
}

static void move_messages(rm_diag *from, rm_diag *to)
{
    if (!to)
        return;
    for (size_t i = 0; i < from->count; i++)
        rm_diag_add(to, from->items[i].severity, "%s", from->items[i].text);
}

/* Loads one file and fills its row. RM_OK also for a missing or invalid
   file (the row says so); another status stops the budget. */
static rm_status load_one(rm_cd *cd, rm_budget_model *m, bool for_lights, rm_diag *diag)
{
    rm_diag scratch;
    rm_diag_init(&scratch);
    m->for_lights = for_lights;
    m->first_sprite = rm_cd_sprite_count(cd);
    int h = rm_cd_load_model(cd, m->file, for_lights, &scratch);
    rm_status st = RM_OK;
    if (h < 0) {
        const rm_cd_error *e = rm_cd_last_error(cd);
        if (e->kind == RM_CD_ERR_NOT_FOUND && rm_cd_file_path(cd, m->file) == NULL) {
            m->missing = true;          /* listed with the records naming it */
        } else if (e->kind == RM_CD_ERR_NOMEM) {
            st = RM_NOMEM;
        } else {
            m->invalid = true;          /* a wrong JOM, a wrong .BIN: say why */
            move_messages(&scratch, diag);
        }
        rm_diag_free(&scratch);
        return st;
    }
    /* The context's warnings (over a limit, a texture not found) are not
       passed on: the report says the same in its own lines. */
    rm_diag_free(&scratch);
    const rm_cd_model_info *info = rm_cd_model(cd, h);
    snprintf(m->disk_name, sizeof m->disk_name, "%s", info->filename);
    m->polygons = info->polygons;
    m->points = info->points;
    m->file_bytes = info->file_bytes;
    m->heap_bytes = info->heap_bytes;
    m->textures = info->texture_count;
    m->textures_new = info->textures_loaded;
    m->textures_missing = info->missing_textures;
    m->textures_shared = info->texture_count - info->textures_loaded - info->missing_textures;
    m->vram_bytes = info->vram_bytes;
    m->gouraud_tables = info->gouraud_tables;
    m->sprites = info->sprites_added;
    if (m->textures_missing) {
        m->missing_textures = calloc(m->textures_missing, sizeof *m->missing_textures);
        if (!m->missing_textures)
            return RM_NOMEM;
        uint32_t k = 0;
        for (uint32_t t = 0; t < info->texture_count && k < m->textures_missing; t++)
            if (info->textures[t].sprite < 0)
                snprintf(m->missing_textures[k++], 16, "%s", info->textures[t].name);
    }
    return RM_OK;
}

/* Loads the files in order and fills the totals. `for_lights` per file
   may be NULL (none). `level_block`: the level's heap block (size + 1). */
static rm_status load_all(rm_budget_report *r, const bool *for_lights, uint64_t level_block,
                          rm_diag *diag)
{
    rm_cd_options co;
    rm_cd_options_default(&co);
    co.keep_going = true;
    uint64_t heap = r->limits.heap_bytes > level_block ? r->limits.heap_bytes - level_block : 0;
    co.heap_size = heap > UINT32_MAX ? UINT32_MAX : (uint32_t)heap;
    uint64_t end = (uint64_t)co.vram_start + r->limits.vram_bytes;
    co.vram_end = end > UINT32_MAX ? UINT32_MAX : (uint32_t)end;
    co.max_sprites = r->limits.sprites;
    rm_cd *cd = rm_cd_open(r->dir, &co, diag);
    if (!cd)
        return RM_IO;
    rm_status st = RM_OK;
    for (size_t i = 0; i < r->model_count && st == RM_OK; i++)
        st = load_one(cd, &r->models[i], for_lights ? for_lights[i] : false, diag);
    if (st == RM_OK) {
        rm_cd_stats s;
        rm_cd_get_stats(cd, &s);
        rm_budget_totals *t = &r->totals;
        t->vram_bytes = s.vram_used;
        t->sprites = s.sprites;
        t->level_heap_bytes = level_block;
        t->heap_bytes = level_block + s.heap_used;
        t->heap_peak = level_block + s.heap_peak;
        for (size_t i = 0; i < r->model_count; i++) {
            const rm_budget_model *m = &r->models[i];
            if (m->missing) {
                t->missing++;
                continue;
            }
            if (m->invalid) {
                t->invalid++;
                continue;
            }
            t->models++;
            t->polygons += m->polygons;
            t->points += m->points;
            t->file_bytes += m->file_bytes;
            t->textures += m->textures_new;
            t->gouraud_tables += m->gouraud_tables;
            t->textures_missing += m->textures_missing;
            if (r->biggest_polygons == NONE || m->polygons > r->models[r->biggest_polygons].polygons)
                r->biggest_polygons = i;
            if (r->biggest_points == NONE || m->points > r->models[r->biggest_points].points)
                r->biggest_points = i;
        }
    }
    rm_cd_close(cd);
    return st;
}

static uint64_t excess(uint64_t used, uint64_t limit)
{
    return used > limit ? used - limit : 0;
}

/* The per-frame figures and the limits exceeded. */
static void judge(rm_budget_report *r)
{
    if (r->frame.cell_count) {
        r->frame_known = true;
        r->frame_polygons = r->frame.cells[r->frame.worst_polygons].polygons;
        r->frame_points = r->frame.cells[r->frame.worst_points].points;
    } else {
        r->frame_polygons = r->biggest_polygons != NONE ? r->models[r->biggest_polygons].polygons : 0;
        r->frame_points = r->biggest_points != NONE ? r->models[r->biggest_points].points : 0;
    }
    r->over.vram = excess(r->totals.vram_bytes, r->limits.vram_bytes);
    r->over.heap = excess(r->totals.heap_peak, r->limits.heap_bytes);
    r->over.sprites = excess(r->totals.sprites, r->limits.sprites);
    r->over.polygons = excess(r->frame_polygons, r->limits.polygons);
    r->over.points = excess(r->frame_points, r->limits.points);
    r->any_over = r->over.vram || r->over.heap || r->over.sprites || r->over.polygons || r->over.points;
    r->problems = r->totals.missing || r->totals.invalid || r->totals.textures_missing;
}

static rm_status report_init(rm_budget_report *r, const char *level, const char *dir,
                             const rm_budget_options *opt, size_t count)
{
    memset(r, 0, sizeof *r);
    r->biggest_polygons = r->biggest_points = NONE;
    r->frame.weapon_file = NONE;
    if (opt)
        r->limits = *opt;
    else
        rm_budget_options_default(&r->limits);
    r->dir = rm_strdup(dir ? dir : ".");
    r->level = level ? rm_strdup(level) : NULL;
    r->models = calloc(count + 1, sizeof *r->models);
    if (!r->dir || (level && !r->level) || !r->models)
        return RM_NOMEM;
    r->model_count = count;
    return RM_OK;
}

rm_status rm_budget_level(const uint8_t *data, size_t size, const char *name, const char *dir,
                          const rm_budget_options *opt, rm_budget_report *out, rm_diag *diag)
{
    if (!out)
        return RM_USAGE;
    memset(out, 0, sizeof *out);
    if (!data && size)
        return RM_USAGE;
    if (!name)
        name = "<memory>";
    rm_level lv;
    rm_status st = rm_level_open(&lv, data, size, name, diag);
    if (st != RM_OK)
        return st;
    rm_level_model_refs refs;
    st = rm_level_model_refs_collect(&lv, &refs, diag);
    if (st != RM_OK) {
        rm_level_close(&lv);
        return st;
    }
    bool *lights = NULL;
    rm_budget_cost *costs = NULL;
    st = report_init(out, name, dir, opt, refs.file_count);
    out->refs = refs;           /* owned by the report from here */
    if (st == RM_OK) {
        lights = calloc(refs.file_count + 1, sizeof *lights);
        costs = calloc(refs.file_count + 1, sizeof *costs);
        if (!lights || !costs)
            st = RM_NOMEM;
    }
    for (size_t i = 0; st == RM_OK && i < refs.file_count; i++)
        if (!(out->models[i].file = rm_strdup(refs.files[i])))
            st = RM_NOMEM;
    /* The cells are loaded for the point lights (a gouraud table per
       polygon), as jo/cell.h does; every other model with jo_3d_load_model. */
    for (size_t i = 0; st == RM_OK && i < refs.ref_count; i++)
        if (!strcmp(refs.refs[i].section, "CELL") && !strcmp(refs.refs[i].field, "model"))
            lights[refs.refs[i].file] = true;
    if (st == RM_OK)
        st = load_all(out, lights, (uint64_t)size + 1, diag);
    for (size_t i = 0; st == RM_OK && i < refs.file_count; i++) {
        const rm_budget_model *m = &out->models[i];
        costs[i].known = !m->missing && !m->invalid;
        costs[i].polygons = m->polygons;
        costs[i].points = m->points;
    }
    if (st == RM_OK)
        st = rm_budget_frame_compute(&lv, &out->refs, costs, &out->frame, diag);
    if (st == RM_OK)
        judge(out);
    free(lights);
    free(costs);
    rm_level_close(&lv);
    if (st != RM_OK)
        rm_budget_report_free(out);
    return st;
}

rm_status rm_budget_level_file(const char *path, const char *dir, const rm_budget_options *opt,
                               rm_budget_report *out, rm_diag *diag)
{
    if (!out || !path)
        return RM_USAGE;
    memset(out, 0, sizeof *out);
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(path, &data, &size, diag);
    if (st == RM_OK)
        st = rm_budget_level(data, size, path, dir, opt, out, diag);
    free(data);
    return st;
}

static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = (*a >= 'A' && *a <= 'Z') ? *a + 32 : *a;
        int y = (*b >= 'A' && *b <= 'Z') ? *b + 32 : *b;
        if (x != y)
            return 0;
    }
    return *a == *b;
}

rm_status rm_budget_models(const char *const *files, size_t count, const char *dir,
                           const rm_budget_options *opt, rm_budget_report *out, rm_diag *diag)
{
    if (!out || (count && !files))
        return RM_USAGE;
    rm_status st = report_init(out, NULL, dir, opt, count);
    size_t n = 0;
    for (size_t i = 0; st == RM_OK && i < count; i++) {
        const char *b = base_name(files[i]);
        size_t k;
        for (k = 0; k < n; k++)
            if (same_name(out->models[k].file, b))
                break;
        if (k < n)
            continue;           /* the same file twice: loaded once, as the level does */
        if (!(out->models[n].file = rm_strdup(b)))
            st = RM_NOMEM;
        else
            n++;
    }
    out->model_count = n;
    if (st == RM_OK)
        st = load_all(out, NULL, 0, diag);
    if (st == RM_OK)
        judge(out);
    else
        rm_budget_report_free(out);
    return st;
}

void rm_budget_report_free(rm_budget_report *r)
{
    if (!r)
        return;
    if (r->models)
        for (size_t i = 0; i < r->model_count; i++) {
            free(r->models[i].file);
            free(r->models[i].missing_textures);
        }
    free(r->models);
    free(r->level);
    free(r->dir);
    rm_level_model_refs_free(&r->refs);
    rm_budget_frame_free(&r->frame);
    memset(r, 0, sizeof *r);
    r->biggest_polygons = r->biggest_points = NONE;
    r->frame.weapon_file = NONE;
}
