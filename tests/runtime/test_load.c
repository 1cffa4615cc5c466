/* Loading: both loaders read the same records; names are found
   case-insensitively with the first match, duplicates flagged; invalid
   files are refused with the validator's message; and every truncation and
   many random byte flips of the JOM fuzz seeds are refused or read the
   same way by both loaders, without a read out of bounds (each mutated
   file is in a buffer of its exact size: AddressSanitizer sees any read
   past it in the sanitizer build). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/fileio.h"
#include "runtime_models.h"

static void read_file(const char *path, uint8_t **data, size_t *size)
{
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_file_read(path, data, size, &d), RM_OK);
    rm_diag_free(&d);
}

static void same_records(const rm_3d_model *a, const rm_3d_model *b)
{
    assert_int_equal(rm_3d_model_point_count(a), rm_3d_model_point_count(b));
    assert_int_equal(rm_3d_model_polygon_count(a), rm_3d_model_polygon_count(b));
    assert_int_equal(rm_3d_model_material_count(a), rm_3d_model_material_count(b));
    assert_int_equal(rm_3d_model_group_count(a), rm_3d_model_group_count(b));
    assert_int_equal(rm_3d_model_bone_count(a), rm_3d_model_bone_count(b));
    assert_int_equal(rm_3d_model_animation_count(a), rm_3d_model_animation_count(b));
    rm_vec3x ca = rm_3d_model_center(a), cb = rm_3d_model_center(b);
    assert_memory_equal(&ca, &cb, sizeof ca);
    assert_int_equal(rm_3d_model_radius(a), rm_3d_model_radius(b));
    /* One past the end too: zeros from both. */
    for (uint32_t i = 0; i <= rm_3d_model_point_count(a); i++) {
        rm_vec3x pa = rm_3d_model_point(a, i), pb = rm_3d_model_point(b, i);
        assert_memory_equal(&pa, &pb, sizeof pa);
    }
    for (uint32_t i = 0; i <= rm_3d_model_polygon_count(a); i++) {
        rm_jom_polygon pa, pb;
        assert_int_equal(rm_3d_model_polygon(a, i, &pa), rm_3d_model_polygon(b, i, &pb));
        assert_memory_equal(&pa, &pb, sizeof pa);
        assert_int_equal(rm_3d_model_polygon_material(a, i), rm_3d_model_polygon_material(b, i));
    }
    for (uint32_t i = 0; i <= rm_3d_model_material_count(a); i++) {
        rm_jom_material ma, mb;
        assert_int_equal(rm_3d_model_material(a, i, &ma), rm_3d_model_material(b, i, &mb));
        assert_memory_equal(&ma, &mb, sizeof ma);
    }
    for (uint32_t i = 0; i <= rm_3d_model_group_count(a); i++) {
        rm_jom_group ga, gb;
        assert_int_equal(rm_3d_model_group(a, i, &ga), rm_3d_model_group(b, i, &gb));
        assert_memory_equal(&ga, &gb, sizeof ga);
    }
    for (uint32_t i = 0; i <= rm_3d_model_bone_count(a); i++) {
        rm_jom_bone ba, bb;
        assert_int_equal(rm_3d_model_bone(a, i, &ba), rm_3d_model_bone(b, i, &bb));
        assert_memory_equal(&ba, &bb, sizeof ba);
    }
    for (uint32_t i = 0; i <= rm_3d_model_animation_count(a); i++) {
        rm_3d_animation aa, ab;
        assert_int_equal(rm_3d_model_animation(a, i, &aa), rm_3d_model_animation(b, i, &ab));
        assert_memory_equal(&aa, &ab, sizeof aa);
        for (uint32_t k = 0; k <= aa.key_count; k++) {
            rm_3d_pose ka, kb;
            assert_int_equal(rm_3d_model_key(a, i, k, &ka), rm_3d_model_key(b, i, k, &kb));
            assert_memory_equal(&ka, &kb, sizeof ka);
        }
    }
}

/* Poses at a few times of every animation, a blend, and a draw with a
   hidden bone: the same bits from both. */
static void same_behaviour(rm_3d_model *a, rm_3d_model *b)
{
    static const int times[] = {-3, 0, 1, 7, 30, 61, 1000};
    int n = (int)rm_3d_model_animation_count(a);
    for (int anim = -1; anim < n; anim++) {
        assert_int_equal(rm_3d_model_animation_duration(a, anim), rm_3d_model_animation_duration(b, anim));
        for (size_t t = 0; t < sizeof times / sizeof times[0]; t++) {
            rm_3d_pose pa, pb, other;
            rm_3d_model_get_pose(a, anim, times[t], &pa);
            rm_3d_model_get_pose(b, anim, times[t], &pb);
            assert_memory_equal(&pa, &pb, sizeof pa);
            rm_3d_model_get_pose(a, n - 1 - anim, times[t] + 5, &other);
            rm_3d_pose_blend(a, &pa, &other, 100);
            rm_3d_pose_blend(b, &pb, &other, 100);
            assert_memory_equal(&pa, &pb, sizeof pa);
            rm_3d_collect ca, cb;
            rm_3d_collect_init(&ca);
            rm_3d_collect_init(&cb);
            rm_3d_draw_target ta = rm_3d_collect_target(&ca), tb = rm_3d_collect_target(&cb);
            rm_3d_model_set_hidden_bones(a, 1u << (t % 3));
            rm_3d_model_set_hidden_bones(b, 1u << (t % 3));
            assert_int_equal(rm_3d_model_draw_pose(a, &pa, NULL, NULL, &ta), RM_OK);
            assert_int_equal(rm_3d_model_draw_pose(b, &pb, NULL, NULL, &tb), RM_OK);
            assert_int_equal(ca.point_count, cb.point_count);
            assert_int_equal(ca.polygon_count, cb.polygon_count);
            if (ca.point_count)
                assert_memory_equal(ca.points, cb.points, ca.point_count * sizeof *ca.points);
            if (ca.polygon_count)
                assert_memory_equal(ca.polygons, cb.polygons, ca.polygon_count * sizeof *ca.polygons);
            rm_3d_collect_free(&ca);
            rm_3d_collect_free(&cb);
        }
    }
}

static void both_loaders_agree_on_the_fixtures(void **state)
{
    (void)state;
    static const char *const files[] = {"cube.jom", "skeleton.jom", "textured.jom", "triangle.jom",
                                        "unknown_chunk.jom"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s/jom/%s", RM_FIXTURES, files[f]);
        uint8_t *data;
        size_t size;
        read_file(path, &data, &size);
        rm_3d_model *a = rm_3d_create_model_from_memory(data, size, files[f], NULL);
        rm_3d_model *b = rm_3d_create_model_in_place(data, size, files[f], NULL);
        rm_3d_model *c = rm_3d_load_model(path, NULL);
        assert_non_null(a);
        assert_non_null(b);
        assert_non_null(c);
        assert_false(rm_3d_model_is_in_place(a));
        assert_true(rm_3d_model_is_in_place(b));
        same_records(a, b);
        same_records(a, c);
        same_behaviour(a, b);
        rm_3d_free_model(a);
        rm_3d_free_model(b);
        rm_3d_free_model(c);
        free(data);
    }
}

static void the_cube_as_written(void **state)
{
    (void)state;
    /* The cube of tests/formats/jom/jom_models.c: bones ROOT (group BODY)
       and LID (parent ROOT, group LID, pivot (0, -1, 1)); OPEN, a loop of 2
       keys x 30 ticks; key 1: root y -0.5, LID X 45, Z -90 degrees. */
    char path[512];
    snprintf(path, sizeof path, "%s/jom/cube.jom", RM_FIXTURES);
    rm_3d_model *m = rm_3d_load_model(path, NULL);
    assert_non_null(m);
    assert_int_equal(rm_3d_model_bone_count(m), 2);
    assert_int_equal(rm_3d_model_find_bone(m, "lid"), 1);
    assert_int_equal(rm_3d_model_find_group(m, "Lid"), 1);
    assert_int_equal(rm_3d_model_find_group(m, "body"), 0);
    assert_int_equal(rm_3d_model_find_animation(m, "open"), 0);
    assert_int_equal(rm_3d_model_animation_duration(m, 0), 60);
    rm_3d_pose p;
    rm_3d_model_get_pose(m, 0, 15, &p);   /* halfway to key 1 */
    assert_int_equal(p.root.y, -0x4000);
    assert_int_equal(p.angles[1][0], 0x1000);
    assert_int_equal(p.angles[1][2], -0x2000);
    rm_3d_model_get_pose(m, 0, 45, &p);   /* halfway back to key 0 */
    assert_int_equal(p.root.y, -0x4000);
    assert_int_equal(p.angles[1][0], 0x1000);
    rm_3d_free_model(m);
}

static void names_and_duplicates(void **state)
{
    (void)state;
    rm_jom_model jm;
    rt_model_anims(&jm);
    rt_pair p;
    rt_pair_make(&p, &jm);
    for (int k = 0; k < 2; k++) {
        rm_3d_model *m = k ? p.view : p.copy;
        /* "Walk" (8), "run" (9), "WALK" (10): the first match wins. */
        assert_int_equal(rm_3d_model_find_animation(m, "walk"), 8);
        assert_int_equal(rm_3d_model_find_animation(m, "WALK"), 8);
        assert_int_equal(rm_3d_model_find_animation(m, "RUN"), 9);
        assert_int_equal(rm_3d_model_find_animation(m, "wal"), -1);
        assert_int_equal(rm_3d_model_find_animation(m, "walks"), -1);
        assert_int_equal(rm_3d_model_find_animation(m, ""), -1);
        assert_int_equal(rm_3d_model_find_animation(m, NULL), -1);
        rm_3d_animation a;
        assert_true(rm_3d_model_animation(m, 10, &a));
        assert_int_equal(a.duplicate, 1);
        assert_true(rm_3d_model_animation(m, 8, &a));
        assert_int_equal(a.duplicate, 0);
        assert_true(rm_3d_model_animation(m, 9, &a));
        assert_int_equal(a.duplicate, 0);
        assert_string_equal(a.name, "run");
        assert_int_equal(a.key_ticks, 6);
        assert_int_equal(a.flags, RM_3D_ANIMATION_LOOP);
        assert_false(rm_3d_model_animation(m, 11, &a));
        /* is_animation: true only where find_animation would land. */
        assert_true(rm_3d_model_is_animation(m, 8, "wAlK"));
        assert_false(rm_3d_model_is_animation(m, 10, "walk"));   /* duplicate of 8 */
        assert_false(rm_3d_model_is_animation(m, 9, "walk"));
        assert_true(rm_3d_model_is_animation(m, 0, "SWING"));
        assert_false(rm_3d_model_is_animation(m, -1, "swing"));
        assert_false(rm_3d_model_is_animation(m, 11, "swing"));
        for (int i = 0; i < 11; i++) {
            rm_3d_model_animation(m, (uint32_t)i, &a);
            assert_true(rm_3d_model_is_animation(m, i, a.name) ==
                        (rm_3d_model_find_animation(m, a.name) == i));
        }
        assert_int_equal(rm_3d_model_find_bone(m, "JOINT"), 0);
        assert_int_equal(rm_3d_model_find_bone(m, "hips"), -1);
        assert_int_equal(rm_3d_model_find_group(m, "x"), -1);   /* no GRUP */
    }
    rt_pair_free(&p);
}

static void invalid_files_are_refused_with_the_message(void **state)
{
    (void)state;
    static const struct { const char *file, *message; } cases[] = {
        {"bad_index.jom", "bad_index.jom: chunk QUAD at 0xb0: polygon 1 uses point 900, PNTS has 8 points"},
        {"truncated.jom", "truncated.jom: chunk PNTS at 0x18: size 100 goes past the end of the file "
                          "(68 bytes left after the chunk header)"},
    };
    for (size_t i = 0; i < 2; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/jom/%s", RM_FIXTURES, cases[i].file);
        uint8_t *data;
        size_t size;
        read_file(path, &data, &size);
        for (int k = 0; k < 2; k++) {
            rm_diag d;
            rm_diag_init(&d);
            rm_3d_model *m = k ? rm_3d_create_model_in_place(data, size, cases[i].file, &d)
                               : rm_3d_create_model_from_memory(data, size, cases[i].file, &d);
            assert_null(m);
            int found = 0;
            for (size_t j = 0; j < d.count; j++)
                found |= strstr(d.items[j].text, cases[i].message) != NULL;
            assert_true(found);
            rm_diag_free(&d);
        }
        free(data);
    }
    /* No file, no bytes. */
    rm_diag d;
    rm_diag_init(&d);
    assert_null(rm_3d_load_model("/nonexistent/x.jom", &d));
    assert_true(d.errors > 0);
    rm_diag_free(&d);
    assert_null(rm_3d_create_model_in_place(NULL, 0, NULL, NULL));
    rm_3d_free_model(NULL);
}

/* Loads a mutated file (in a buffer of its exact size) both ways and with
   the reader: all three agree; when accepted, both behave the same. */
static void check_mutant(const uint8_t *bytes, size_t size, size_t *refused)
{
    uint8_t *copy = malloc(size ? size : 1);
    assert_non_null(copy);
    memcpy(copy, bytes, size);
    rm_diag d;
    rm_diag_init(&d);
    d.limit = 8;
    rm_jom_model jm;
    bool valid = rm_jom_read(copy, size, "m.jom", &jm, &d) == RM_OK;
    rm_jom_free(&jm);
    rm_3d_model *a = rm_3d_create_model_from_memory(copy, size, "m.jom", &d);
    rm_3d_model *b = rm_3d_create_model_in_place(copy, size, "m.jom", &d);
    assert_true((a != NULL) == valid);
    assert_true((b != NULL) == valid);
    if (valid) {
        same_records(a, b);
        same_behaviour(a, b);
    } else {
        assert_true(d.errors > 0);
        (*refused)++;
    }
    rm_3d_free_model(a);
    rm_3d_free_model(b);
    rm_diag_free(&d);
    free(copy);
}

static void mutated_seeds_are_refused_or_read_alike(void **state)
{
    (void)state;
    char dir[512];
    snprintf(dir, sizeof dir, "%s", RM_FUZZ_CORPUS "/jom");
    DIR *dp = opendir(dir);
    assert_non_null(dp);
    struct dirent *e;
    size_t files = 0, refused = 0, truncations = 0;
    uint32_t seed = 12345;
    while ((e = readdir(dp)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        uint8_t *data;
        size_t size;
        read_file(path, &data, &size);
        files++;
        /* Every truncation: the END chunk is gone, so each one is refused. */
        size_t before = refused;
        for (size_t n = 0; n < size; n++)
            check_mutant(data, n, &refused);
        truncations += size;
        assert_int_equal(refused - before, size);
        /* Random flips of 1 to 4 bytes (xorshift32: the same run every time). */
        uint8_t *m = malloc(size);
        assert_non_null(m);
        for (int round = 0; round < 1500; round++) {
            memcpy(m, data, size);
            int flips = 1 + round % 4;
            for (int f = 0; f < flips; f++) {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                m[seed % size] ^= (uint8_t)(1u << (seed >> 8 & 7u));
            }
            check_mutant(m, size, &refused);
        }
        free(m);
        free(data);
    }
    closedir(dp);
    print_message("%zu files, %zu truncations, %zu mutants refused\n", files, truncations, refused);
    assert_true(files >= 4);
    assert_true(refused > truncations);   /* some flips were refused too */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(both_loaders_agree_on_the_fixtures),
        cmocka_unit_test(the_cube_as_written),
        cmocka_unit_test(names_and_duplicates),
        cmocka_unit_test(invalid_files_are_refused_with_the_message),
        cmocka_unit_test(mutated_seeds_are_refused_or_read_alike),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
