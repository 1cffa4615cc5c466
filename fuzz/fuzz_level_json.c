/* fuzz/fuzz_level_json.c - libFuzzer target for `retromesh level build`
   (rm_level_build_json).

   Any bytes: no crash, leak or undefined behaviour; a refusal has a reason.
   When it builds, the bytes must open (unless an unknown section was
   flagged REQUIRED on purpose), dump and check; and build(dump --json) of
   them must be a fixed point after one step. Seeds: fuzz/corpus/level_json.

   The far models (far.c) too: a level that builds lists its requests
   (rm_level_far_requests, with a project default), and built again with a
   far model for every request (rm_level_build_json_ex, what `retromesh
   build` does) it must still build. */
#include "fuzz_common.h"

#include <string.h>

/* Requests of a level that built: they must be listed, point at entities
   with a model, and the build with their far models must succeed. */
static void check_far(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 16;
    rm_level_far dflt = {.set = true, .max_polygons = 150, .has_distance = true, .distance = 1500};
    rm_level_far_request *req = NULL;
    size_t n = 0;
    if (rm_level_far_requests((const char *)data, size, "fuzz.json", &dflt, &req, &n, &diag) != RM_OK)
        abort();
    if ((n == 0) != (req == NULL))
        abort();
    rm_level_far_assign *as = calloc(n ? n : 1, sizeof *as);
    if (!as)
        abort();
    for (size_t i = 0; i < n; i++) {
        const rm_level_far *f = &req[i].far;
        if (!req[i].model || !*req[i].model || !f->set ||
            (!f->max_polygons && !f->max_points && !(f->max_error > 0.0)) || (i && req[i].entity <= req[i - 1].entity))
            abort();
        as[i] = (rm_level_far_assign){req[i].entity, "FAR.JOM", f->has_distance, f->distance};
    }
    rm_level_json_options o = {as, n};
    uint8_t *out = NULL;
    size_t out_size = 0;
    if (rm_level_build_json_ex((const char *)data, size, "fuzz.json", &o, &out, &out_size, &diag) != RM_OK)
        abort();
    free(out);
    free(as);
    rm_level_far_requests_free(req, n);
    rm_diag_free(&diag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 16;
    uint8_t *out = NULL;
    size_t out_size = 0;
    rm_status st = rm_level_build_json((const char *)data, size, "fuzz.json", &out, &out_size, &diag);
    if (st != RM_OK) {
        if (out || (st == RM_INVALID && diag.errors == 0))
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    rm_diag_free(&diag);
    check_far(data, size);
    rm_diag_init(&diag);
    rm_level lv;
    if (rm_level_open(&lv, out, out_size, "built.jol", &diag) != RM_OK) {
        /* Only a REQUIRED unknown section may make a built file unreadable. */
        if (diag.count == 0 || !strstr(diag.items[0].text, "REQUIRED"))
            abort();
        rm_diag_free(&diag);
        free(out);
        return 0;
    }
    rm_level_dump_text(&lv, fuzz_null_file(), 0);
    rm_level_check(&lv, &diag);
    rm_level_close(&lv);
    rm_diag_free(&diag);
    size_t a_size = 0, b_size = 0;
    uint8_t *a = fuzz_level_rebuild(out, out_size, &a_size);
    uint8_t *b = fuzz_level_rebuild(a, a_size, &b_size);
    if (a_size != b_size || memcmp(a, b, a_size))
        abort();
    free(a);
    free(b);
    free(out);
    return 0;
}
