/* tests/render/test_render_corpus.c - every OBJ of the shared corpus is
   drawn without error (each converted in memory with the default options;
   a model the converter refuses, e.g. over the JOM's 65535 limits, is
   skipped with a note). Skips (77) when the corpus is absent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "retromesh/render.h"

static int drawn, skipped;

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    size_t n = strlen(path);
    if (type != FTW_F || n < 4 || strcmp(path + n - 4, ".obj") != 0)
        return 0;
    rm_diag d;
    rm_diag_init(&d);
    d.limit = 10;
    rm_render_scene s;
    rm_status status = rm_render_scene_load(path, &s, &d);
    rm_diag_free(&d);
    if (status != RM_OK) {
        printf("note: %s: not converted (%s): skipped\n", path, rm_status_name(status));
        skipped++;
        return 0;
    }
    rm_render_options o;
    rm_render_options_default(&o);
    o.width = 160;
    o.height = 120;
    o.yaw = 30;
    o.pitch = 20;
    o.wire = true;
    uint16_t *fb = malloc(160 * 120 * 2);
    assert_non_null(fb);
    assert_int_equal(rm_render_frame(&s, NULL, 0, &o, fb), RM_OK);
    /* Something is drawn: a pixel other than the background. */
    size_t other = 0;
    for (size_t i = 0; i < 160 * 120; i++)
        other += fb[i] != fb[0];
    if (rm_3d_model_polygon_count(s.model) > 0 && other == 0)
        printf("note: %s: nothing visible from this angle\n", path);
    free(fb);
    rm_render_scene_free(&s);
    drawn++;
    return 0;
}

static void test_corpus(void **state)
{
    (void)state;
    assert_int_equal(nftw(RM_SHARED_DIR "/corpus/obj", visit, 16, FTW_PHYS), 0);
    printf("%d models drawn, %d skipped\n", drawn, skipped);
    assert_true(drawn > 0);
}

int main(void)
{
    struct stat st;
    if (stat(RM_SHARED_DIR "/corpus/obj", &st) != 0) {
        printf("skip: no corpus at %s\n", RM_SHARED_DIR "/corpus/obj");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
