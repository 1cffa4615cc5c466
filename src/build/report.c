/* src/build/report.c - what a build did: a line per entry, each level's
   budget (as `retromesh budget` prints it), one summary line; or all of it
   as JSON. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "retromesh/build.h"

static const char *state_name(rm_build_state s)
{
    return s == RM_BUILD_BUILT ? "built" : s == RM_BUILD_UNCHANGED ? "unchanged" : "failed";
}

void rm_build_report_print_text(const rm_build_report *rep, FILE *out)
{
    size_t models = 0, levels = 0;
    for (size_t i = 0; i < rep->entry_count; i++) {
        const rm_build_entry_report *e = &rep->entries[i];
        *(e->kind == RM_BUILD_MODEL ? &models : &levels) += 1;
        fprintf(out, "%-12s %-9s", e->name, state_name(e->state));
        if (e->kind == RM_BUILD_MODEL && e->state == RM_BUILD_BUILT) {
            fprintf(out, " %u polygons, %u points, %zu texture%s", e->budget.polygons, e->budget.points,
                    e->texture_count, e->texture_count == 1 ? "" : "s");
            for (size_t t = 0; t < e->texture_count; t++)
                fprintf(out, "%s%s", t ? " " : " (", e->textures[t]);
            fprintf(out, "%s", e->texture_count ? ")" : "");
            if (e->simplify.done)
                fprintf(out, "; simplified from %" PRIu64 " triangles, error %.4g (%.2f%% of the radius)",
                        e->simplify.triangles_before, e->simplify.error, e->simplify.error_share * 100.0);
        }
        for (size_t k = 0; k < e->far_count; k++)
            fprintf(out, "%s%s", k ? " " : " far models: ", e->far_models[k]);
        fputc('\n', out);
    }
    char failed[32] = "";
    if (rep->failed)
        snprintf(failed, sizeof failed, "%zu", rep->failed);
    for (size_t i = 0; i < rep->entry_count; i++) {
        const rm_build_entry_report *e = &rep->entries[i];
        if (e->has_level_budget) {
            fprintf(out, "\n%s:\n", e->name);
            rm_budget_print_text(&e->level_budget, out);
        }
    }
    fprintf(out, "%s: %zu model%s, %zu level%s: %zu built, %zu unchanged%s%s%s; %zu file%s written, %zu removed\n",
            rep->cd ? rep->cd : "?", models, models == 1 ? "" : "s", levels, levels == 1 ? "" : "s",
            rep->built, rep->unchanged, rep->failed ? ", " : "", failed, rep->failed ? " failed" : "",
            rep->files_written, rep->files_written == 1 ? "" : "s", rep->files_removed);
}

void rm_build_report_print_json(const rm_build_report *rep, FILE *out)
{
    json_t *root = json_object(), *entries = json_array();
    json_object_set_new(root, "cd", json_string(rep->cd ? rep->cd : ""));
    for (size_t i = 0; i < rep->entry_count; i++) {
        const rm_build_entry_report *e = &rep->entries[i];
        json_t *o = json_object();
        json_object_set_new(o, "kind", json_string(e->kind == RM_BUILD_MODEL ? "model" : "level"));
        json_object_set_new(o, "name", json_string(e->name));
        json_object_set_new(o, "state", json_string(state_name(e->state)));
        if (e->kind == RM_BUILD_MODEL && e->state == RM_BUILD_BUILT) {
            json_object_set_new(o, "polygons", json_integer(e->budget.polygons));
            json_object_set_new(o, "points", json_integer(e->budget.points));
            json_object_set_new(o, "vram_bytes", json_integer((json_int_t)e->budget.vram_bytes));
            json_t *tx = json_array();
            for (size_t t = 0; t < e->texture_count; t++)
                json_array_append_new(tx, json_string(e->textures[t]));
            json_object_set_new(o, "textures", tx);
            if (e->simplify.done) {
                json_t *s = json_object();
                json_object_set_new(s, "triangles_before", json_integer((json_int_t)e->simplify.triangles_before));
                json_object_set_new(s, "triangles_after", json_integer((json_int_t)e->simplify.triangles_after));
                json_object_set_new(s, "error", json_real(e->simplify.error));
                json_object_set_new(s, "radius", json_real(e->simplify.radius));
                json_object_set_new(s, "error_share", json_real(e->simplify.error_share));
                json_object_set_new(o, "simplify", s);
            }
        }
        if (e->far_count) {
            json_t *f = json_array();
            for (size_t k = 0; k < e->far_count; k++)
                json_array_append_new(f, json_string(e->far_models[k]));
            json_object_set_new(o, "far_models", f);
        }
        if (e->has_level_budget) {
            const rm_budget_report *b = &e->level_budget;
            json_t *lb = json_object();
            json_object_set_new(lb, "over", json_boolean(b->any_over));
            json_object_set_new(o, "budget", lb);
        }
        json_array_append_new(entries, o);
    }
    json_object_set_new(root, "entries", entries);
    json_object_set_new(root, "built", json_integer((json_int_t)rep->built));
    json_object_set_new(root, "unchanged", json_integer((json_int_t)rep->unchanged));
    json_object_set_new(root, "failed", json_integer((json_int_t)rep->failed));
    json_object_set_new(root, "files_written", json_integer((json_int_t)rep->files_written));
    json_object_set_new(root, "files_removed", json_integer((json_int_t)rep->files_removed));
    char *s = json_dumps(root, JSON_SORT_KEYS | JSON_INDENT(1) | JSON_REAL_PRECISION(6));
    if (s) {
        fputs(s, out);
        fputc('\n', out);
        free(s);
    }
    json_decref(root);
}

void rm_build_report_free(rm_build_report *rep)
{
    if (!rep)
        return;
    for (size_t i = 0; i < rep->entry_count; i++) {
        free(rep->entries[i].textures);
        free(rep->entries[i].far_models);
        if (rep->entries[i].has_level_budget)
            rm_budget_report_free(&rep->entries[i].level_budget);
    }
    free(rep->entries);
    free(rep->cd);
    memset(rep, 0, sizeof *rep);
}
