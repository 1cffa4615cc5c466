/* src/runtime/budget_print.c - the budget report for people: a table per
   model, the totals against the limits, each cell's frame, what names each
   file, what is missing, and one line per limit exceeded. Plain integers
   (no thousands separators): easy to compare and to grep. */
#include <inttypes.h>
#include <string.h>

#include "retromesh/budget.h"

#define NONE ((size_t)-1)

static unsigned percent(uint64_t used, uint64_t limit)
{
    if (!limit)
        return used ? 999u : 0u;
    uint64_t p = (used * 100 + limit / 2) / limit;
    return p > 999 ? 999u : (unsigned)p;
}

bool rm_budget_over_line(const rm_budget_report *r, int i, char *buf, size_t size)
{
    if (!size)
        return false;
    buf[0] = 0;
    const rm_budget_over *o = &r->over;
    const rm_budget_options *l = &r->limits;
    switch (i) {
    case 0:
        if (!o->vram)
            return false;
        snprintf(buf, size, "over budget: VDP1 VRAM: %" PRIu64 " of %" PRIu64 " bytes, %" PRIu64
                 " bytes over", r->totals.vram_bytes, l->vram_bytes, o->vram);
        return true;
    case 1:
        if (!o->heap)
            return false;
        snprintf(buf, size, "over budget: work RAM heap: peak %" PRIu64 " of %" PRIu64 " bytes, %" PRIu64
                 " bytes over", r->totals.heap_peak, l->heap_bytes, o->heap);
        return true;
    case 2:
        if (!o->sprites)
            return false;
        snprintf(buf, size, "over budget: sprites: %" PRIu32 " of %" PRIu32 ", %" PRIu64 " over",
                 r->totals.sprites, l->sprites, o->sprites);
        return true;
    case 3:
    case 4: {
        uint64_t over = i == 3 ? o->polygons : o->points;
        if (!over)
            return false;
        const char *what = i == 3 ? "polygons" : "points";
        uint64_t used = i == 3 ? r->frame_polygons : r->frame_points;
        uint32_t limit = i == 3 ? l->polygons : l->points;
        if (r->frame_known) {
            size_t c = i == 3 ? r->frame.worst_polygons : r->frame.worst_points;
            snprintf(buf, size, "over budget: %s per frame: %" PRIu64 " of %" PRIu32 " with the camera "
                     "in cell %" PRIu32 ", %" PRIu64 " over", what, used, limit, r->frame.cells[c].cell, over);
        } else {
            size_t m = i == 3 ? r->biggest_polygons : r->biggest_points;
            snprintf(buf, size, "over budget: %s per frame: %s alone has %" PRIu64 " of %" PRIu32 ", %"
                     PRIu64 " over", what, r->models[m].file, used, limit, over);
        }
        return true;
    }
    default:
        return false;
    }
}

static int name_width(const rm_budget_report *r)
{
    size_t w = 4;
    for (size_t i = 0; i < r->model_count; i++) {
        size_t n = strlen(r->models[i].file) + (r->models[i].for_lights ? 2 : 0);
        if (n > w)
            w = n;
    }
    return (int)(w > 40 ? 40 : w);
}

static void print_models(const rm_budget_report *r, FILE *out)
{
    int w = name_width(r);
    fprintf(out, "  %3s  %-*s %8s %7s %10s %8s %4s %6s %10s %7s %7s\n", "#", w, "file", "polygons",
            "points", "file bytes", "textures", "new", "shared", "VRAM bytes", "gouraud", "sprites");
    bool lights = false;
    for (size_t i = 0; i < r->model_count; i++) {
        const rm_budget_model *m = &r->models[i];
        char name[64];
        snprintf(name, sizeof name, "%s%s", m->file, m->for_lights ? " L" : "");
        lights |= m->for_lights;
        if (m->missing || m->invalid) {
            fprintf(out, "  %3zu  %-*s %s\n", i + 1, w, name,
                    m->missing ? "missing: not in the folder" : "invalid: refused by the loader");
            continue;
        }
        fprintf(out, "  %3zu  %-*s %8" PRIu32 " %7" PRIu32 " %10" PRIu64 " %8" PRIu32 " %4" PRIu32 " %6" PRIu32
                " %10" PRIu64 " %7" PRIu32 " %7" PRIu32 "\n",
                i + 1, w, name, m->polygons, m->points, m->file_bytes, m->textures, m->textures_new,
                m->textures_shared, m->vram_bytes, m->gouraud_tables, m->sprites);
    }
    const rm_budget_totals *t = &r->totals;
    fprintf(out, "  %3s  %-*s %8" PRIu64 " %7" PRIu64 " %10" PRIu64 " %8s %4" PRIu32 " %6s %10" PRIu64
            " %7" PRIu32 " %7" PRIu32 "\n",
            "", w, "total", t->polygons, t->points, t->file_bytes, "", t->textures, "", t->vram_bytes,
            t->gouraud_tables, t->sprites);
    if (lights)
        fputs("  L: a cell's model, loaded for the point lights (a gouraud table per polygon)\n", out);
}

static void print_limits(const rm_budget_report *r, FILE *out)
{
    const rm_budget_totals *t = &r->totals;
    const rm_budget_options *l = &r->limits;
    fputs("\nlimits:\n", out);
    fprintf(out, "  VDP1 VRAM      %" PRIu64 " of %" PRIu64 " bytes (%u%%)%s\n", t->vram_bytes, l->vram_bytes,
            percent(t->vram_bytes, l->vram_bytes), r->over.vram ? "  OVER" : "");
    fprintf(out, "  work RAM heap  peak %" PRIu64 " of %" PRIu64 " bytes (%u%%), %" PRIu64
            " in use after loading", t->heap_peak, l->heap_bytes, percent(t->heap_peak, l->heap_bytes),
            t->heap_bytes);
    if (r->level)
        fprintf(out, " (the level file %" PRIu64 ")", t->level_heap_bytes);
    fprintf(out, "%s\n", r->over.heap ? "  OVER" : "");
    fprintf(out, "  sprites        %" PRIu32 " of %" PRIu32 " (%" PRIu32 " textures, %" PRIu32
            " gouraud tables, %" PRIu32 " tiles and copies)%s\n",
            t->sprites, l->sprites, t->textures, t->gouraud_tables,
            t->sprites >= t->textures + t->gouraud_tables ? t->sprites - t->textures - t->gouraud_tables : 0,
            r->over.sprites ? "  OVER" : "");
    if (r->frame_known) {
        fprintf(out, "  per frame      %" PRIu64 " of %" PRIu32 " polygons (cell %" PRIu32 ")%s, %" PRIu64
                " of %" PRIu32 " points (cell %" PRIu32 ")%s\n",
                r->frame_polygons, l->polygons, r->frame.cells[r->frame.worst_polygons].cell,
                r->over.polygons ? " OVER" : "", r->frame_points, l->points,
                r->frame.cells[r->frame.worst_points].cell, r->over.points ? " OVER" : "");
    } else if (r->biggest_polygons != NONE) {
        fprintf(out, "  per frame      not known (no cells); the biggest model alone: %s %" PRIu64
                " of %" PRIu32 " polygons%s, %s %" PRIu64 " of %" PRIu32 " points%s\n",
                r->models[r->biggest_polygons].file, r->frame_polygons, l->polygons,
                r->over.polygons ? " OVER" : "", r->models[r->biggest_points].file, r->frame_points,
                l->points, r->over.points ? " OVER" : "");
    } else {
        fputs("  per frame      not known (no model loaded)\n", out);
    }
}

static void print_frame(const rm_budget_report *r, FILE *out)
{
    const rm_budget_frame *f = &r->frame;
    if (!f->cell_count)
        return;
    fputs("\nper frame, the camera in each cell (its model, the cells its portals show, the entities\n"
          "standing in them, its mirrors, the biggest weapon):\n", out);
    fprintf(out, "  %4s %8s %7s %5s %10s %8s %7s\n", "cell", "polygons", "points", "draws", "cells seen",
            "entities", "mirrors");
    for (size_t c = 0; c < f->cell_count; c++) {
        const rm_budget_cell *bc = &f->cells[c];
        fprintf(out, "  %4" PRIu32 " %8" PRIu64 " %7" PRIu64 " %5" PRIu64 " %10" PRIu32 " %8" PRIu32
                " %7" PRIu32 "%s%s\n",
                bc->cell, bc->polygons, bc->points, bc->draws, bc->cells_seen, bc->entities, bc->mirrors,
                bc->outside ? "  + the outside (not counted)" : "",
                bc->incomplete ? "  incomplete: a model is missing" : "");
    }
    if (f->weapon_file != NONE)
        fprintf(out, "  the weapon drawn in each: %s\n", r->models[f->weapon_file].file);
}

static void print_named_by(const rm_budget_report *r, FILE *out)
{
    if (!r->refs.ref_count)
        return;
    int w = name_width(r);
    fputs("\nnamed by:\n", out);
    for (size_t i = 0; i < r->model_count; i++) {
        bool first = true;
        for (size_t k = 0; k < r->refs.ref_count; k++) {
            if (r->refs.refs[k].file != i)
                continue;
            char where[160];
            rm_level_model_ref_describe(&r->refs.refs[k], where, sizeof where);
            fprintf(out, "  %-*s  %s\n", w, first ? r->models[i].file : "", where);
            first = false;
        }
    }
}

static void print_missing(const rm_budget_report *r, FILE *out)
{
    if (!r->problems)
        return;
    fputs("\nmissing or invalid:\n", out);
    for (size_t i = 0; i < r->model_count; i++) {
        const rm_budget_model *m = &r->models[i];
        if (m->missing || m->invalid) {
            fprintf(out, "  %s: %s", m->file, m->missing ? "not in the folder" : "refused by the loader");
            const char *sep = ", named by ";
            for (size_t k = 0; k < r->refs.ref_count; k++) {
                if (r->refs.refs[k].file != i)
                    continue;
                char where[160];
                rm_level_model_ref_describe(&r->refs.refs[k], where, sizeof where);
                fprintf(out, "%s%s", sep, where);
                sep = "; ";
            }
            fputc('\n', out);
        }
        for (uint32_t t = 0; t < m->textures_missing; t++)
            fprintf(out, "  %s: texture of %s, not in the folder (drawn untextured)\n", m->missing_textures[t],
                    m->file);
    }
}

void rm_budget_print_text(const rm_budget_report *r, FILE *out)
{
    if (r->level)
        fprintf(out, "budget of %s (models from %s): %zu model files named %zu times\n\n", r->level, r->dir,
                r->model_count, r->refs.ref_count);
    else
        fprintf(out, "budget of %zu model files (from %s)\n\n", r->model_count, r->dir);
    print_models(r, out);
    print_limits(r, out);
    print_frame(r, out);
    print_named_by(r, out);
    print_missing(r, out);
    bool any = false;
    for (int i = 0; i < 5; i++) {
        char line[256];
        if (rm_budget_over_line(r, i, line, sizeof line)) {
            if (!any)
                fputc('\n', out);
            any = true;
            fprintf(out, "%s\n", line);
        }
    }
    if (!any)
        fputs("\nwithin every limit", out);
    if (r->problems) {
        /* Only the kinds that happened: "1 model file invalid", "2 model
           files missing and 1 texture missing". */
        const struct {
            uint32_t n;
            const char *one, *many;
        } kinds[3] = {
            { r->totals.missing, "model file missing", "model files missing" },
            { r->totals.invalid, "model file invalid", "model files invalid" },
            { r->totals.textures_missing, "texture missing", "textures missing" },
        };
        fputs(any ? "" : ", but ", out);
        int said = 0, total = 0;
        for (int k = 0; k < 3; k++)
            total += kinds[k].n != 0;
        for (int k = 0; k < 3; k++) {
            if (!kinds[k].n)
                continue;
            if (said)
                fputs(said + 1 == total ? " and " : ", ", out);
            fprintf(out, "%" PRIu32 " %s", kinds[k].n, kinds[k].n == 1 ? kinds[k].one : kinds[k].many);
            said++;
        }
        fputs(": what they would take is not counted\n", out);
    } else if (!any) {
        fputc('\n', out);
    }
}
