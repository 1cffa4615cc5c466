/* The committed JOM files (tests/fixtures/jom/ and the fuzz seeds in
   fuzz/corpus/jom/) are what the writer makes of the models of
   jom_models.c: this test rebuilds them and compares byte for byte, then
   reads each one and checks its verdict. To rebuild the files after a
   deliberate change of the models:
     RM_JOM_WRITE_FIXTURES=1 build-jom/tests/formats/jom/test_jom_fixtures */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jom_models.h"
#include "retromesh/fileio.h"

#define FIXTURES RM_FIXTURES "/jom"
#define SEEDS RM_FIXTURES "/../../fuzz/corpus/jom"

typedef struct fixture {
    const char *name;
    rm_status status;
    const char *message;   /* expected among the messages (NULL: no message) */
} fixture;

static const fixture fixtures[] = {
    {"cube.jom", RM_OK, NULL},
    {"triangle.jom", RM_OK, NULL},
    {"textured.jom", RM_OK, NULL},
    {"skeleton.jom", RM_OK, NULL},
    /* the triangle with a chunk of a newer converter before END (0xa4) */
    {"unknown_chunk.jom", RM_OK, "unknown_chunk.jom: chunk XTRA at 0xa4: note: unknown chunk (8 bytes), skipped"},
    /* the cube with corner A of polygon 1 (0x90 + 20 + 12) set to 900 */
    {"bad_index.jom", RM_INVALID, "bad_index.jom: chunk QUAD at 0xb0: polygon 1 uses point 900, PNTS has 8 points"},
    /* the cube cut after 100 bytes: PNTS (at 0x18, 100 bytes) is incomplete */
    {"truncated.jom", RM_INVALID,
     "truncated.jom: chunk PNTS at 0x18: size 100 goes past the end of the file (68 bytes left after the chunk header)"},
};

static const char *const seeds[] = {"cube.jom", "triangle.jom", "textured.jom", "skeleton.jom"};

/* The bytes of a fixture, built from the C models. */
static uint8_t *build(const char *name, size_t *size)
{
    rm_jom_model m;
    uint8_t *data;
    if (strcmp(name, "triangle.jom") == 0 || strcmp(name, "unknown_chunk.jom") == 0)
        jom_model_triangle(&m);
    else if (strcmp(name, "textured.jom") == 0)
        jom_model_textured(&m);
    else if (strcmp(name, "skeleton.jom") == 0)
        jom_model_skeleton(&m, 3, 3);
    else
        jom_model_cube(&m);
    data = jom_write_or_die(&m, size);
    rm_jom_free(&m);
    if (strcmp(name, "unknown_chunk.jom") == 0) {
        jom_piece p[10];
        size_t n = jom_split(data, *size, p, 10);
        static const uint8_t extra[8] = {'n', 'e', 'w', 'e', 'r', 0, 0, 0};
        jom_insert(p, &n, n - 1, (jom_piece){{'X', 'T', 'R', 'A'}, extra, 8});
        uint8_t *joined = jom_join(data, p, n, size);
        free(data);
        data = joined;
    } else if (strcmp(name, "bad_index.jom") == 0) {
        jom_put16(data + 0xb0, 900);
    } else if (strcmp(name, "truncated.jom") == 0) {
        *size = 100;
    }
    return data;
}

static void compare_or_write(const char *dir, const char *name, int write)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t size;
    uint8_t *want = build(name, &size);
    rm_diag d;
    rm_diag_init(&d);
    if (write) {
        assert_int_equal(rm_file_write_atomic(path, want, size, &d), RM_OK);
        fprintf(stderr, "wrote %s\n", path);
    }
    uint8_t *got;
    size_t got_size;
    if (rm_file_read(path, &got, &got_size, &d) != RM_OK) {
        jom_dump_messages(&d);
        fail();
    }
    if (got_size != size || memcmp(got, want, size) != 0) {
        fprintf(stderr, "%s differs from what the writer makes of its model\n", path);
        fail();
    }
    free(got);
    free(want);
    rm_diag_free(&d);
}

static void files_match_the_models(void **state)
{
    (void)state;
    int write = getenv("RM_JOM_WRITE_FIXTURES") != NULL;
    for (size_t i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++)
        compare_or_write(FIXTURES, fixtures[i].name, write);
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++)
        compare_or_write(SEEDS, seeds[i], write);
}

static void verdicts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++) {
        const fixture *f = &fixtures[i];
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", FIXTURES, f->name);
        uint8_t *data;
        size_t size;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
        rm_jom_model m;
        rm_status st = rm_jom_read(data, size, f->name, &m, &d);
        if (st != f->status)
            jom_dump_messages(&d);
        assert_int_equal(st, f->status);
        if (f->message)
            assert_true(jom_has_message(&d, f->message));
        else
            assert_int_equal(d.count, 0);
        rm_jom_free(&m);
        rm_diag_free(&d);
        free(data);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(files_match_the_models),
        cmocka_unit_test(verdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
