/* fuzz/fuzz_jol.c - libFuzzer target for the level reader (.JOL).

   Any bytes: rm_level_open must return without a crash, a leak or undefined
   behaviour, and refuse with a reason. When it accepts them, every reader
   call (values, native records, strings), dump (text, JSON) and check must
   run cleanly. When check passes, dump --json must build again, and a
   second build from the rebuilt file's dump must give the same bytes (a
   fixed point): a failure there is a bug, reported by abort(). The walks
   of `retromesh budget` run too: the model files the level names (every
   ref must point into files[]) and the per-frame sets over its cells and
   portals, with made-up model costs. Seeds:
   fuzz/corpus/jol. */
#include "fuzz_common.h"

#include "retromesh/budget.h"

#include <stdbool.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 64;
    rm_level lv;
    rm_status st = rm_level_open(&lv, data, size, "fuzz.jol", &diag);
    if (st != RM_OK) {
        if (diag.errors == 0 || lv.sections)
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    static uint8_t rec[256];
    for (uint32_t i = 0; i < lv.section_count; i++) {
        const rm_level_section *s = &lv.sections[i];
        if (!s->known)
            continue;
        rm_level_get_header(&lv, s->id, rec, sizeof rec);
        for (uint32_t r = 0; r < s->record_count && r < 64; r++)
            rm_level_get_records(&lv, s->id, r, 1, rec, sizeof rec);
    }
    for (uint32_t off = 0; off < 64; off++)
        (void)rm_level_string(&lv, off);
    rm_level_dump_text(&lv, fuzz_null_file(), 1);
    rm_level_dump_json(&lv, fuzz_null_file());
    rm_level_model_refs refs;
    if (rm_level_model_refs_collect(&lv, &refs, &diag) == RM_OK) {
        char line[160];
        for (size_t i = 0; i < refs.ref_count; i++) {
            if (refs.refs[i].file >= refs.file_count)
                abort();
            rm_level_model_ref_describe(&refs.refs[i], line, sizeof line);
        }
        rm_budget_cost *costs = calloc(refs.file_count + 1, sizeof *costs);
        if (costs) {
            for (size_t i = 0; i < refs.file_count; i++) {
                costs[i].polygons = (uint32_t)(i * 7 + 1);
                costs[i].points = (uint32_t)(i * 5 + 3);
                costs[i].known = i % 3 != 2;
            }
            rm_budget_frame frame;
            if (rm_budget_frame_compute(&lv, &refs, costs, &frame, &diag) == RM_OK) {
                if (frame.cell_count && (frame.worst_polygons >= frame.cell_count ||
                                         frame.worst_points >= frame.cell_count))
                    abort();
                rm_budget_frame_free(&frame);
            }
            free(costs);
        }
        rm_level_model_refs_free(&refs);
    }
    bool valid = rm_level_check(&lv, &diag) == RM_OK;
    rm_level_close(&lv);
    rm_diag_free(&diag);
    if (valid) {
        size_t a_size = 0, b_size = 0;
        uint8_t *a = fuzz_level_rebuild(data, size, &a_size);   /* a valid level's dump builds */
        rm_level back;
        if (rm_level_open(&back, a, a_size, "a.jol", NULL) != RM_OK)
            abort();
        rm_level_close(&back);
        uint8_t *b = fuzz_level_rebuild(a, a_size, &b_size);
        if (a_size != b_size || memcmp(a, b, a_size))
            abort();    /* build(dump(x)) is not a fixed point */
        free(a);
        free(b);
    }
    return 0;
}
