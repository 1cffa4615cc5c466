/* src/runtime/budget_frame.c - the worst set of models drawn in one frame
   of an inside level (docs/budget.md "Per frame").

   With the camera in cell C the engine draws (jo/cell.h, the CELL and PRTL
   sections of the format):
   - C's model;
   - the cells its DOOR and WINDOW portals show, each once (a portal to
     NO_INDEX shows the outside: the terrain, not counted, flagged);
   - the entities with a model, not HIDDEN, whose foot (x, z) is in the box
     of one of those cells (DISABLED ones too: they may be enabled);
   - for each MIRROR portal of C: C's reflection model when it has one,
     else C's model and the cells seen again;
   - the weapon with the most polygons (WEAP), drawn in front of the camera.
   Only one level of portals: the format says the engine draws "the cell of
   the camera and the cells seen through its portals". */
#include <stdlib.h>
#include <string.h>

#include "retromesh/budget.h"
#include "retromesh/level_format.h"
#include "retromesh/model.h"

#define NONE ((size_t)-1)
#define MAX_PLACING 100000000u  /* entity-in-box tests at most (see below) */

typedef struct frame_maps {
    size_t cell_count;
    size_t *cell_model;         /* refs file of CELL.model, NONE */
    size_t *cell_reflection;
    size_t entity_count;
    size_t *entity_model;       /* refs file of ENTI.model, NONE */
} frame_maps;

static int is_ref(const rm_level_model_ref *r, const char *section, const char *field)
{
    return !strcmp(r->section, section) && !strcmp(r->field, field);
}

static void add_cost(rm_budget_cell *c, const rm_budget_cost *costs, size_t file)
{
    if (file == NONE)
        return;
    c->draws++;
    if (!costs[file].known) {
        c->incomplete = true;
        return;
    }
    c->polygons += costs[file].polygons;
    c->points += costs[file].points;
}

/* A cell's box for the entity test: twice its center and twice its half
   sizes x 65536. A box turned by `yaw` is replaced by the axis-aligned box
   around it (a few entities near its corners may count in two cells: the
   figure is a worst case). Integers only, the engine's sin/cos: the same
   answer on every host. */
typedef struct cell_box {
    int64_t cx2, cz2;       /* x0 + x1, z0 + z1 */
    int64_t ex, ez;         /* (x1 - x0) |cos| + (z1 - z0) |sin|, and the other, x 65536 */
    bool valid;             /* x1 >= x0 and z1 >= z0 */
} cell_box;

static cell_box make_box(const rm_level_cell_record *c)
{
    cell_box b;
    int64_t w = (int64_t)c->x1 - c->x0, d = (int64_t)c->z1 - c->z0;
    int angle = rm_3d_angle_from_degrees((double)c->yaw);
    int64_t cs = llabs((long long)rm_3d_cos(angle)), sn = llabs((long long)rm_3d_sin(angle));
    b.valid = w >= 0 && d >= 0;
    b.cx2 = (int64_t)c->x0 + c->x1;
    b.cz2 = (int64_t)c->z0 + c->z1;
    b.ex = w * cs + d * sn;
    b.ez = w * sn + d * cs;
    return b;
}

static int in_box(const cell_box *b, int32_t x, int32_t z)
{
    if (!b->valid)
        return 0;
    int64_t dx = 2 * (int64_t)x - b->cx2, dz = 2 * (int64_t)z - b->cz2;
    return llabs((long long)dx) * 65536 <= b->ex && llabs((long long)dz) * 65536 <= b->ez;
}

static rm_status make_maps(const rm_level *lv, const rm_level_model_refs *refs, frame_maps *m)
{
    const rm_level_section *cs = rm_level_find_section(lv, "CELL");
    const rm_level_section *es = rm_level_find_section(lv, "ENTI");
    m->cell_count = cs ? cs->record_count : 0;
    m->entity_count = es ? es->record_count : 0;
    m->cell_model = malloc((m->cell_count + 1) * sizeof *m->cell_model);
    m->cell_reflection = malloc((m->cell_count + 1) * sizeof *m->cell_reflection);
    m->entity_model = malloc((m->entity_count + 1) * sizeof *m->entity_model);
    if (!m->cell_model || !m->cell_reflection || !m->entity_model)
        return RM_NOMEM;
    for (size_t i = 0; i < m->cell_count; i++)
        m->cell_model[i] = m->cell_reflection[i] = NONE;
    for (size_t i = 0; i < m->entity_count; i++)
        m->entity_model[i] = NONE;
    for (size_t i = 0; i < refs->ref_count; i++) {
        const rm_level_model_ref *r = &refs->refs[i];
        if (is_ref(r, "CELL", "model") && r->record < m->cell_count)
            m->cell_model[r->record] = r->file;
        else if (is_ref(r, "CELL", "reflection") && r->record < m->cell_count)
            m->cell_reflection[r->record] = r->file;
        else if (is_ref(r, "ENTI", "model") && r->record < m->entity_count)
            m->entity_model[r->record] = r->file;
    }
    return RM_OK;
}

static void free_maps(frame_maps *m)
{
    free(m->cell_model);
    free(m->cell_reflection);
    free(m->entity_model);
}

/* The biggest weapon: most polygons, then most points, then first. */
static size_t biggest_weapon(const rm_level_model_refs *refs, const rm_budget_cost *costs)
{
    size_t best = NONE;
    for (size_t i = 0; i < refs->ref_count; i++) {
        const rm_level_model_ref *r = &refs->refs[i];
        if (!is_ref(r, "WEAP", "model"))
            continue;
        size_t f = r->file;
        if (best == NONE)
            best = f;
        else if (costs[f].known && (!costs[best].known || costs[f].polygons > costs[best].polygons ||
                                    (costs[f].polygons == costs[best].polygons &&
                                     costs[f].points > costs[best].points)))
            best = f;
    }
    return best;
}

rm_status rm_budget_frame_compute(const rm_level *lv, const rm_level_model_refs *refs,
                                  const rm_budget_cost *costs, rm_budget_frame *out, rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->weapon_file = NONE;
    if (!lv || !refs || (refs->file_count && !costs))
        return RM_USAGE;
    const rm_level_section *cs = rm_level_find_section(lv, "CELL");
    if (!cs || cs->record_count == 0)
        return RM_OK;
    frame_maps m;
    memset(&m, 0, sizeof m);
    rm_status st = make_maps(lv, refs, &m);
    uint32_t ncell = cs->record_count;
    const rm_level_section *ps = rm_level_find_section(lv, "PRTL");
    uint32_t nport = ps ? ps->record_count : 0;
    rm_level_cell_record *cells = malloc((size_t)ncell * sizeof *cells);
    rm_level_prtl_record *ports = malloc(((size_t)nport + 1) * sizeof *ports);
    rm_level_enti_record *ents = malloc((m.entity_count + 1) * sizeof *ents);
    uint32_t *seen = calloc(ncell, sizeof *seen);
    uint32_t *list = malloc((size_t)ncell * sizeof *list);
    cell_box *boxes = malloc((size_t)ncell * sizeof *boxes);
    out->cells = calloc(ncell, sizeof *out->cells);
    if (st == RM_OK && (!cells || !ports || !ents || !seen || !list || !boxes || !out->cells))
        st = RM_NOMEM;
    if (st == RM_OK)
        st = rm_level_get_records(lv, "CELL", 0, ncell, cells, sizeof *cells);
    if (st == RM_OK && nport)
        st = rm_level_get_records(lv, "PRTL", 0, nport, ports, sizeof *ports);
    if (st == RM_OK && m.entity_count)
        st = rm_level_get_records(lv, "ENTI", 0, (uint32_t)m.entity_count, ents, sizeof *ents);
    for (uint32_t c = 0; st == RM_OK && c < ncell; c++) {
        if ((uint32_t)cells[c].first_portal + cells[c].portal_count > nport) {
            rm_diag_chunk(diag, RM_ERROR, lv->file, "section", "CELL",
                          (unsigned long)(cs->offset + cs->header_size + (uint64_t)c * cs->record_size +
                                          RM_LEVEL_CELL_RECORD_FIRST_PORTAL_OFFSET),
                          "record %lu field first_portal: first_portal %u + portal_count %u is past the "
                          "%lu records of PRTL",
                          (unsigned long)c, (unsigned)cells[c].first_portal,
                          (unsigned)cells[c].portal_count, (unsigned long)nport);
            st = RM_INVALID;
        }
    }
    if (st != RM_OK) {
        free(cells);
        free(ports);
        free(ents);
        free(seen);
        free(list);
        free(boxes);
        free_maps(&m);
        rm_budget_frame_free(out);
        out->weapon_file = NONE;
        return st;
    }
    out->cell_count = ncell;
    out->weapon_file = biggest_weapon(refs, costs);
    /* Placing every entity in the cells each frame sees costs (cells +
       portals) x entities box tests; past MAX_PLACING (no real level comes
       near) the entities are left out, with a warning, rather than taking
       minutes on a hostile file. */
    bool place = ((uint64_t)ncell + nport) * (m.entity_count + 1) <= MAX_PLACING;
    for (uint32_t c = 0; c < ncell; c++)
        boxes[c] = make_box(&cells[c]);
    if (!place && m.entity_count)
        rm_diag_add(diag, RM_WARNING, "%s: warning: %lu cells x %lu entities: too many to place the "
                    "entities in the cells, their models are not counted per frame",
                    lv->file, (unsigned long)ncell, (unsigned long)m.entity_count);
    for (uint32_t c = 0; c < ncell; c++) {
        rm_budget_cell *bc = &out->cells[c];
        bc->cell = c;
        /* The cells drawn: C, then those its DOOR/WINDOW portals show, each
           once (seen[] holds the stamp c + 1 of the frame that saw it). */
        uint32_t nlist = 0;
        list[nlist++] = c;
        seen[c] = c + 1;
        uint32_t p0 = cells[c].first_portal, pn = cells[c].portal_count;
        for (uint32_t p = p0; p < p0 + pn; p++) {
            if (ports[p].kind == RM_LEVEL_PORTAL_MIRROR)
                continue;
            if (ports[p].cell == RM_LEVEL_NO_INDEX || ports[p].cell >= ncell) {
                bc->outside = true;     /* the outside (an index past CELL: check reports it) */
                continue;
            }
            if (seen[ports[p].cell] != c + 1) {
                seen[ports[p].cell] = c + 1;
                list[nlist++] = ports[p].cell;
                bc->cells_seen++;
            }
        }
        rm_budget_cell cellset;         /* the cells' models alone: drawn again by a mirror */
        memset(&cellset, 0, sizeof cellset);
        for (uint32_t k = 0; k < nlist; k++)
            add_cost(&cellset, costs, m.cell_model[list[k]]);
        bc->polygons = cellset.polygons;
        bc->points = cellset.points;
        bc->draws = cellset.draws;
        bc->incomplete = cellset.incomplete;
        /* The entities standing in any of them, each once. */
        for (size_t e = 0; place && e < m.entity_count; e++) {
            if (m.entity_model[e] == NONE || (ents[e].flags & RM_LEVEL_ENTITY_FLAG_HIDDEN))
                continue;
            for (uint32_t k = 0; k < nlist; k++)
                if (in_box(&boxes[list[k]], ents[e].x, ents[e].z)) {
                    add_cost(bc, costs, m.entity_model[e]);
                    bc->entities++;
                    break;
                }
        }
        /* The mirrors: drawn again. */
        for (uint32_t p = p0; p < p0 + pn; p++) {
            if (ports[p].kind != RM_LEVEL_PORTAL_MIRROR)
                continue;
            bc->mirrors++;
            if (m.cell_reflection[c] != NONE) {
                add_cost(bc, costs, m.cell_reflection[c]);
                continue;
            }
            bc->polygons += cellset.polygons;
            bc->points += cellset.points;
            bc->draws += cellset.draws;
        }
        add_cost(bc, costs, out->weapon_file);
        if (bc->polygons > out->cells[out->worst_polygons].polygons)
            out->worst_polygons = c;
        if (bc->points > out->cells[out->worst_points].points)
            out->worst_points = c;
    }
    free(list);
    free(boxes);
    free(cells);
    free(ports);
    free(ents);
    free(seen);
    free_maps(&m);
    return RM_OK;
}

void rm_budget_frame_free(rm_budget_frame *f)
{
    if (!f)
        return;
    free(f->cells);
    memset(f, 0, sizeof *f);
    f->weapon_file = NONE;
}
