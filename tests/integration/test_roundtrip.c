/* Round trip: OBJ -> JOM bytes -> read -> write gives the same bytes, and
   the reader (every rule of the format) accepts everything the converter
   and the writer make: the examples under every option, and each model of
   the shared corpus (skipped when ../shared is absent). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pipeline.h"

/* Corpus models that must fail, with the words their error must hold. */
static const struct {
    const char *folder;
    const char *reason;
} expected_failures[] = {
    {"tinyobj-zero-face-idx", "OBJ indexes start at 1"},
    {"assimp-number-formats", "bad number \"3.1+e2\""},
    {"tinyobj-test-nan", "is not a finite number"},
    {"oded-skull", "100002 polygons after cutting, 34467 more than the 65535"},
    {"oded-koala", "99994 polygons after cutting, 34459 more than the 65535"},
};

/* Converts, then checks the round trip. Returns the conversion status. */
static rm_status round_trip(const char *path, const rm_convert_options *opt, rm_diag *d)
{
    rm_jom_model jom, back;
    uint8_t *bytes, *again = NULL;
    size_t size, size2 = 0;
    rm_status st = rm_test_convert(path, opt, &jom, &bytes, &size, d);
    if (st != RM_OK) {
        rm_jom_free(&jom);
        return st;
    }
    rm_diag rd;
    rm_diag_init(&rd);
    rm_jom_init(&back);
    st = rm_jom_read(bytes, size, path, &back, &rd);
    if (st != RM_OK || rd.errors) {
        fprintf(stderr, "%s: the reader rejects the writer's output:\n", path);
        rm_diag_print(&rd, stderr, 1);
    }
    assert_int_equal(st, RM_OK);
    assert_int_equal(rd.errors, 0);
    assert_int_equal(rd.warnings, 0);
    assert_int_equal(rm_jom_write(&back, &again, &size2, &rd), RM_OK);
    assert_int_equal(size2, size);
    assert_memory_equal(again, bytes, size);
    /* The model read back equals the one converted, field by field. */
    assert_int_equal(back.point_count, jom.point_count);
    assert_memory_equal(back.points, jom.points, jom.point_count * sizeof *jom.points);
    assert_int_equal(back.polygon_count, jom.polygon_count);
    assert_int_equal(back.radius, jom.radius);
    free(bytes);
    free(again);
    rm_jom_free(&jom);
    rm_jom_free(&back);
    rm_diag_free(&rd);
    return RM_OK;
}

static void examples_every_option(void **state)
{
    (void)state;
    static const char *names[] = {"cube.obj", "robot.obj", "colors.obj"};
    for (int opt_case = 0; opt_case < 5; opt_case++) {
        rm_convert_options opt;
        rm_convert_options_default(&opt);
        opt.saturn_axes = opt_case == 1;
        opt.no_weld = opt_case == 2;
        opt.keep_triangles = opt_case == 3;
        opt.scale = opt_case == 4 ? 100.0 : 1.0;
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s", RM_EXAMPLES, names[i]);
            rm_diag d;
            rm_diag_init(&d);
            assert_int_equal(round_trip(path, &opt, &d), RM_OK);
            rm_diag_free(&d);
        }
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void corpus(void **state)
{
    (void)state;
    char root[600];
    snprintf(root, sizeof root, "%s/corpus/obj", RM_SHARED_DIR);
    DIR *dir = opendir(root);
    if (!dir) {
        fprintf(stderr, "skipped: no corpus at %s\n", root);
        skip();
    }
    char *folders[256];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL && n < 256)
        if (e->d_name[0] != '.' && strcmp(e->d_name, "LICENSES"))
            folders[n++] = strdup(e->d_name);
    closedir(dir);
    qsort(folders, n, sizeof *folders, by_name);
    size_t models = 0;
    for (size_t f = 0; f < n; f++) {
        char sub[900];
        snprintf(sub, sizeof sub, "%s/%s", root, folders[f]);
        DIR *d2 = opendir(sub);
        if (!d2)
            continue;
        while ((e = readdir(d2)) != NULL) {
            size_t len = strlen(e->d_name);
            if (len < 5 || strcmp(e->d_name + len - 4, ".obj"))
                continue;
            char path[1200];
            snprintf(path, sizeof path, "%s/%s", sub, e->d_name);
            const char *reason = NULL;
            for (size_t k = 0; k < sizeof expected_failures / sizeof *expected_failures; k++)
                if (!strcmp(folders[f], expected_failures[k].folder))
                    reason = expected_failures[k].reason;
            rm_diag d;
            rm_diag_init(&d);
            rm_status st = round_trip(path, NULL, &d);
            if (reason) {
                int found = 0;
                for (size_t k = 0; k < d.count; k++)
                    found |= d.items[k].severity == RM_ERROR && strstr(d.items[k].text, reason) != NULL;
                if (st != RM_INVALID || !found) {
                    fprintf(stderr, "%s: expected to fail with \"%s\"\n", path, reason);
                    rm_diag_print(&d, stderr, 0);
                }
                assert_int_equal(st, RM_INVALID);
                assert_true(found);
            } else {
                if (st != RM_OK)
                    rm_diag_print(&d, stderr, 0);
                assert_int_equal(st, RM_OK);
            }
            rm_diag_free(&d);
            models++;
        }
        closedir(d2);
    }
    for (size_t f = 0; f < n; f++)
        free(folders[f]);
    assert_true(models >= 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(examples_every_option),
        cmocka_unit_test(corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
