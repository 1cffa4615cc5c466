/* tests/build/test_build_names.c - the CD's one texture namespace: the
   same bytes one name, different bytes never one name, names stable from
   one build to the next, reserved names and user files avoided. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "retromesh/build.h"

static rm_build_hash H(const char *s)
{
    rm_build_hash h;
    rm_build_hash_bytes(s, strlen(s), &h);
    return h;
}

/* The hashed name a hash gets first: 3 of the stem, '_', 16 bits. */
static void hashed(const char *stem3, const rm_build_hash *h, unsigned step, char out[16])
{
    unsigned v = ((unsigned)h->bytes[0] << 8 | h->bytes[1]) + step;
    snprintf(out, 16, "%s_%04X.BIN", stem3, v & 0xFFFFu);
}

static void two_walls_and_a_copy(void **state)
{
    (void)state;
    rm_build_hash a = H("wall pixels of model a"), b = H("wall pixels of model b");
    rm_build_names *n = rm_build_names_new();
    assert_non_null(n);
    size_t i1 = rm_build_names_request(n, "WALL.BIN", &a);
    size_t i2 = rm_build_names_request(n, "WALL.BIN", &b);
    size_t i3 = rm_build_names_request(n, "wall.bin", &a);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_build_names_resolve(n, &d), RM_OK);
    assert_string_equal(rm_build_names_get(n, i1), "WALL.BIN");
    char want[16];
    hashed("WAL", &b, 0, want);
    assert_string_equal(rm_build_names_get(n, i2), want);
    assert_string_equal(rm_build_names_get(n, i3), "WALL.BIN");
    assert_null(rm_build_names_get(n, 99));
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
    rm_build_names_free(n);
}

/* A new model listed first does not take an old texture's name. */
static void previous_names_kept(void **state)
{
    (void)state;
    rm_build_hash old = H("old wall"), neu = H("new wall"), moved = H("hashed wall");
    char old_hashed[16];
    snprintf(old_hashed, sizeof old_hashed, "WAL_0001.BIN");
    rm_build_names *n = rm_build_names_new();
    rm_build_names_previous(n, "WALL.BIN", &old);
    rm_build_names_previous(n, old_hashed, &moved);
    size_t a = rm_build_names_request(n, "WALL.BIN", &neu);
    size_t b = rm_build_names_request(n, "WALL.BIN", &old);
    size_t c = rm_build_names_request(n, "WALL.BIN", &moved);
    assert_int_equal(rm_build_names_resolve(n, NULL), RM_OK);
    assert_string_equal(rm_build_names_get(n, b), "WALL.BIN");
    assert_string_equal(rm_build_names_get(n, c), "WAL_0001.BIN");
    char want[16];
    hashed("WAL", &neu, 0, want);
    assert_string_equal(rm_build_names_get(n, a), want);
    rm_build_names_free(n);
}

static void reserved_and_user_files_avoided(void **state)
{
    (void)state;
    rm_build_hash a = H("robot skin"), b = H("readme"), c = H("was mine");
    rm_build_names *n = rm_build_names_new();
    rm_build_names_reserve(n, "ROBOT.BIN");
    rm_build_names_user_file(n, "readme.bin");
    /* The last build named c CRATE.BIN; the user has put a CRATE.BIN of
       their own there since: c is new. */
    rm_build_names_user_file(n, "CRATE.BIN");
    rm_build_names_previous(n, "CRATE.BIN", &c);
    size_t i = rm_build_names_request(n, "ROBOT.BIN", &a);
    size_t j = rm_build_names_request(n, "README.BIN", &b);
    size_t k = rm_build_names_request(n, "CRATE.BIN", &c);
    assert_int_equal(rm_build_names_resolve(n, NULL), RM_OK);
    char w1[16], w2[16], w3[16];
    hashed("ROB", &a, 0, w1);
    hashed("REA", &b, 0, w2);
    hashed("CRA", &c, 0, w3);
    assert_string_equal(rm_build_names_get(n, i), w1);
    assert_string_equal(rm_build_names_get(n, j), w2);
    assert_string_equal(rm_build_names_get(n, k), w3);
    rm_build_names_free(n);
}

static void case_insensitive(void **state)
{
    (void)state;
    rm_build_hash a = H("one"), b = H("two");
    rm_build_names *n = rm_build_names_new();
    rm_build_names_user_file(n, "Tile.Bin");
    size_t i = rm_build_names_request(n, "tile.bin", &a);
    size_t j = rm_build_names_request(n, "Grass.bin", &b);
    assert_int_equal(rm_build_names_resolve(n, NULL), RM_OK);
    char w[16];
    hashed("TIL", &a, 0, w);
    assert_string_equal(rm_build_names_get(n, i), w);
    assert_string_equal(rm_build_names_get(n, j), "GRASS.BIN");
    rm_build_names_free(n);
}

/* The hashed name held too: the next 16-bit value. */
static void hashed_collision_steps(void **state)
{
    (void)state;
    rm_build_hash a = H("first"), b = H("second");
    char taken0[16], taken1[16], next[16];
    hashed("WAL", &b, 0, taken0);
    hashed("WAL", &b, 1, taken1);
    hashed("WAL", &b, 2, next);
    rm_build_names *n = rm_build_names_new();
    rm_build_names_user_file(n, taken0);
    rm_build_names_reserve(n, taken1);
    size_t i = rm_build_names_request(n, "WALL.BIN", &a);
    size_t j = rm_build_names_request(n, "WALL.BIN", &b);
    assert_int_equal(rm_build_names_resolve(n, NULL), RM_OK);
    assert_string_equal(rm_build_names_get(n, i), "WALL.BIN");
    assert_string_equal(rm_build_names_get(n, j), next);
    rm_build_names_free(n);
}

/* The same requests give the same names; long stems are cut. */
static void deterministic(void **state)
{
    (void)state;
    const char *wanted[] = {"BRICKWALL.BIN", "A.BIN", "A.BIN", "bad name!.png"};
    char first[4][16];
    for (int round = 0; round < 2; round++) {
        rm_build_names *n = rm_build_names_new();
        size_t id[4];
        for (int k = 0; k < 4; k++) {
            char s[8] = {'x', (char)('0' + k), 0};
            rm_build_hash h = H(s);
            id[k] = rm_build_names_request(n, wanted[k], &h);
        }
        assert_int_equal(rm_build_names_resolve(n, NULL), RM_OK);
        for (int k = 0; k < 4; k++) {
            const char *got = rm_build_names_get(n, id[k]);
            assert_true(strlen(got) <= 12);
            if (round == 0)
                snprintf(first[k], 16, "%s", got);
            else
                assert_string_equal(got, first[k]);
        }
        rm_build_names_free(n);
    }
    /* "BRICKWALL.BIN" is not 8.3: the stem's first 8 characters. */
    assert_string_equal(first[0], "BRICKWAL.BIN");
    assert_string_equal(first[1], "A.BIN");
    assert_int_equal(strncmp(first[2], "A_", 2), 0);
    assert_string_equal(first[3], "BADNAME.BIN");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_walls_and_a_copy),
        cmocka_unit_test(previous_names_kept),
        cmocka_unit_test(reserved_and_user_files_avoided),
        cmocka_unit_test(case_insensitive),
        cmocka_unit_test(hashed_collision_steps),
        cmocka_unit_test(deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
