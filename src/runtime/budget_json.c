/* src/runtime/budget_json.c - the budget report as JSON (jansson), keys in
   a fixed order, integers only: the same input gives the same bytes. */
#include "core/json_text.h"
#include <jansson.h>
#include <string.h>

#include "retromesh/budget.h"

#define NONE ((size_t)-1)

static json_t *jint(uint64_t v)
{
    return json_integer((json_int_t)v);
}

/* Names come from the level and the CD folder: any bytes. Not UTF-8 is
   read as Latin-1 (core/json_text.h); NULL is null. */
static json_t *jstr_or_null(const char *s)
{
    return rm_json_text(s);
}

static json_t *ref_json(const rm_level_model_ref *ref)
{
    json_t *o = json_object();
    json_object_set_new(o, "section", jstr_or_null(ref->section));
    json_object_set_new(o, "record", jint(ref->record));
    json_object_set_new(o, "field", jstr_or_null(ref->field));
    json_object_set_new(o, "entity", ref->entity == RM_LEVEL_NO_ENTITY ? json_null() : jint(ref->entity));
    json_object_set_new(o, "entity_name", jstr_or_null(ref->entity_name));
    return o;
}

static json_t *model_json(const rm_budget_report *r, size_t i)
{
    const rm_budget_model *m = &r->models[i];
    json_t *o = json_object();
    json_object_set_new(o, "file", jstr_or_null(m->file));
    json_object_set_new(o, "status", json_string(m->missing ? "missing" : m->invalid ? "invalid" : "ok"));
    json_object_set_new(o, "for_lights", json_boolean(m->for_lights));
    json_object_set_new(o, "polygons", jint(m->polygons));
    json_object_set_new(o, "points", jint(m->points));
    json_object_set_new(o, "file_bytes", jint(m->file_bytes));
    json_object_set_new(o, "heap_bytes", jint(m->heap_bytes));
    json_object_set_new(o, "textures", jint(m->textures));
    json_object_set_new(o, "textures_new", jint(m->textures_new));
    json_object_set_new(o, "textures_shared", jint(m->textures_shared));
    json_t *miss = json_array();
    for (uint32_t t = 0; t < m->textures_missing; t++)
        json_array_append_new(miss, jstr_or_null(m->missing_textures[t]));
    json_object_set_new(o, "textures_missing", miss);
    json_object_set_new(o, "vram_bytes", jint(m->vram_bytes));
    json_object_set_new(o, "gouraud_tables", jint(m->gouraud_tables));
    json_object_set_new(o, "sprites", jint(m->sprites));
    json_object_set_new(o, "first_sprite", json_integer(m->first_sprite));
    json_t *by = json_array();
    for (size_t k = 0; k < r->refs.ref_count; k++)
        if (r->refs.refs[k].file == i)
            json_array_append_new(by, ref_json(&r->refs.refs[k]));
    json_object_set_new(o, "named_by", by);
    return o;
}

static json_t *frame_json(const rm_budget_report *r)
{
    const rm_budget_frame *f = &r->frame;
    json_t *o = json_object();
    json_object_set_new(o, "known", json_boolean(r->frame_known));
    json_object_set_new(o, "polygons", jint(r->frame_polygons));
    json_object_set_new(o, "points", jint(r->frame_points));
    if (r->frame_known) {
        json_object_set_new(o, "worst_polygons_cell", jint(f->cells[f->worst_polygons].cell));
        json_object_set_new(o, "worst_points_cell", jint(f->cells[f->worst_points].cell));
        json_object_set_new(o, "biggest_model", json_null());
    } else {
        json_object_set_new(o, "worst_polygons_cell", json_null());
        json_object_set_new(o, "worst_points_cell", json_null());
        json_object_set_new(o, "biggest_model", r->biggest_polygons != NONE
                                                    ? jstr_or_null(r->models[r->biggest_polygons].file)
                                                    : json_null());
    }
    json_object_set_new(o, "weapon", f->weapon_file != NONE ? jstr_or_null(r->models[f->weapon_file].file)
                                                            : json_null());
    json_t *cells = json_array();
    for (size_t c = 0; c < f->cell_count; c++) {
        const rm_budget_cell *bc = &f->cells[c];
        json_t *x = json_object();
        json_object_set_new(x, "cell", jint(bc->cell));
        json_object_set_new(x, "polygons", jint(bc->polygons));
        json_object_set_new(x, "points", jint(bc->points));
        json_object_set_new(x, "draws", jint(bc->draws));
        json_object_set_new(x, "cells_seen", jint(bc->cells_seen));
        json_object_set_new(x, "entities", jint(bc->entities));
        json_object_set_new(x, "mirrors", jint(bc->mirrors));
        json_object_set_new(x, "outside", json_boolean(bc->outside));
        json_object_set_new(x, "incomplete", json_boolean(bc->incomplete));
        json_array_append_new(cells, x);
    }
    json_object_set_new(o, "cells", cells);
    return o;
}

rm_status rm_budget_print_json(const rm_budget_report *r, FILE *out)
{
    json_t *root = json_object();
    json_object_set_new(root, "level", jstr_or_null(r->level));
    json_object_set_new(root, "cd", jstr_or_null(r->dir ? r->dir : ""));
    json_t *lim = json_object();
    json_object_set_new(lim, "vram_bytes", jint(r->limits.vram_bytes));
    json_object_set_new(lim, "heap_bytes", jint(r->limits.heap_bytes));
    json_object_set_new(lim, "sprites", jint(r->limits.sprites));
    json_object_set_new(lim, "polygons", jint(r->limits.polygons));
    json_object_set_new(lim, "points", jint(r->limits.points));
    json_object_set_new(root, "limits", lim);
    json_t *models = json_array();
    for (size_t i = 0; i < r->model_count; i++)
        json_array_append_new(models, model_json(r, i));
    json_object_set_new(root, "models", models);
    const rm_budget_totals *t = &r->totals;
    json_t *tot = json_object();
    json_object_set_new(tot, "models", jint(t->models));
    json_object_set_new(tot, "missing", jint(t->missing));
    json_object_set_new(tot, "invalid", jint(t->invalid));
    json_object_set_new(tot, "textures_missing", jint(t->textures_missing));
    json_object_set_new(tot, "polygons", jint(t->polygons));
    json_object_set_new(tot, "points", jint(t->points));
    json_object_set_new(tot, "file_bytes", jint(t->file_bytes));
    json_object_set_new(tot, "textures", jint(t->textures));
    json_object_set_new(tot, "gouraud_tables", jint(t->gouraud_tables));
    json_object_set_new(tot, "sprites", jint(t->sprites));
    json_object_set_new(tot, "vram_bytes", jint(t->vram_bytes));
    json_object_set_new(tot, "level_heap_bytes", jint(t->level_heap_bytes));
    json_object_set_new(tot, "heap_bytes", jint(t->heap_bytes));
    json_object_set_new(tot, "heap_peak", jint(t->heap_peak));
    json_object_set_new(root, "totals", tot);
    json_object_set_new(root, "frame", frame_json(r));
    json_t *over = json_object();
    json_object_set_new(over, "vram_bytes", jint(r->over.vram));
    json_object_set_new(over, "heap_bytes", jint(r->over.heap));
    json_object_set_new(over, "sprites", jint(r->over.sprites));
    json_object_set_new(over, "polygons", jint(r->over.polygons));
    json_object_set_new(over, "points", jint(r->over.points));
    json_object_set_new(root, "over", over);
    json_object_set_new(root, "over_any", json_boolean(r->any_over));
    json_object_set_new(root, "problems", json_boolean(r->problems));
    int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (rc != 0 || fputc('\n', out) == EOF)
        return RM_IO;
    return RM_OK;
}
