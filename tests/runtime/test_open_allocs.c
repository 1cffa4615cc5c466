/* The in-place open (rm_3d_create_model_in_place) makes a fixed number of
   allocations whatever the number of records: the view validates in place
   (no copy), the model keeps offsets. Counted with the linker's --wrap of
   malloc, calloc and realloc (tests/runtime/CMakeLists.txt): every call of
   the library goes through the counters below. Also: on grids of up to
   40,000 quads, the in-place model's accessors give the records of the
   copied model, and the copying read's allocations do grow (so the counter
   sees the library's calls). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/jom/jom_models.h"
#include "retromesh/model.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

static size_t allocations;

void *__wrap_malloc(size_t n)
{
    allocations++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    allocations++;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    allocations++;
    return __real_realloc(p, n);
}

static uint8_t *grid_bytes(uint32_t side, size_t *size)
{
    rm_jom_model m;
    jom_model_grid(&m, side);
    uint8_t *bytes = jom_write_or_die(&m, size);
    rm_jom_free(&m);
    return bytes;
}

/* Allocations of one in-place open of these bytes (the model freed). */
static size_t in_place_allocations(const uint8_t *bytes, size_t size)
{
    size_t before = allocations;
    rm_3d_model *m = rm_3d_create_model_in_place(bytes, size, "grid.jom", NULL);
    size_t n = allocations - before;
    assert_non_null(m);
    rm_3d_free_model(m);
    return n;
}

static size_t read_allocations(const uint8_t *bytes, size_t size)
{
    size_t before = allocations;
    rm_jom_model m;
    assert_int_equal(rm_jom_read(bytes, size, "grid.jom", &m, NULL), RM_OK);
    size_t n = allocations - before;
    rm_jom_free(&m);
    return n;
}

static void same_records(const rm_3d_model *a, const rm_3d_model *b)
{
    assert_int_equal(rm_3d_model_point_count(a), rm_3d_model_point_count(b));
    for (uint32_t i = 0; i < rm_3d_model_point_count(a); i++) {
        rm_vec3x p = rm_3d_model_point(a, i), q = rm_3d_model_point(b, i);
        assert_memory_equal(&p, &q, sizeof p);
    }
    assert_int_equal(rm_3d_model_polygon_count(a), rm_3d_model_polygon_count(b));
    for (uint32_t i = 0; i < rm_3d_model_polygon_count(a); i++) {
        rm_jom_polygon p, q;
        assert_true(rm_3d_model_polygon(a, i, &p));
        assert_true(rm_3d_model_polygon(b, i, &q));
        assert_memory_equal(&p, &q, sizeof p);
        assert_int_equal(rm_3d_model_polygon_material(a, i), rm_3d_model_polygon_material(b, i));
    }
    assert_int_equal(rm_3d_model_material_count(a), rm_3d_model_material_count(b));
    for (uint32_t i = 0; i < rm_3d_model_material_count(a); i++) {
        rm_jom_material p, q;
        assert_true(rm_3d_model_material(a, i, &p));
        assert_true(rm_3d_model_material(b, i, &q));
        assert_memory_equal(&p, &q, sizeof p);
    }
    assert_int_equal(rm_3d_model_group_count(a), rm_3d_model_group_count(b));
    for (uint32_t i = 0; i < rm_3d_model_group_count(a); i++) {
        rm_jom_group p, q;
        assert_true(rm_3d_model_group(a, i, &p));
        assert_true(rm_3d_model_group(b, i, &q));
        assert_memory_equal(&p, &q, sizeof p);
    }
    assert_int_equal(rm_3d_model_bone_count(a), rm_3d_model_bone_count(b));
    for (uint32_t i = 0; i < rm_3d_model_bone_count(a); i++) {
        rm_jom_bone p, q;
        assert_true(rm_3d_model_bone(a, i, &p));
        assert_true(rm_3d_model_bone(b, i, &q));
        assert_memory_equal(&p, &q, sizeof p);
    }
    assert_int_equal(rm_3d_model_animation_count(a), rm_3d_model_animation_count(b));
    for (uint32_t i = 0; i < rm_3d_model_animation_count(a); i++) {
        rm_3d_animation p, q;
        assert_true(rm_3d_model_animation(a, i, &p));
        assert_true(rm_3d_model_animation(b, i, &q));
        assert_memory_equal(&p, &q, sizeof p);
        for (uint32_t k = 0; k < p.key_count; k++) {
            rm_3d_pose x, y;
            assert_true(rm_3d_model_key(a, i, k, &x));
            assert_true(rm_3d_model_key(b, i, k, &y));
            assert_memory_equal(&x, &y, sizeof x);
        }
    }
    rm_vec3x c = rm_3d_model_center(a), d = rm_3d_model_center(b);
    assert_memory_equal(&c, &d, sizeof c);
    assert_int_equal(rm_3d_model_radius(a), rm_3d_model_radius(b));
}

static void in_place_allocations_do_not_grow(void **state)
{
    (void)state;
    static const uint32_t sides[] = {1, 10, 100, 200};
    size_t first = 0, first_read = 0;
    for (size_t s = 0; s < sizeof sides / sizeof sides[0]; s++) {
        size_t size;
        uint8_t *bytes = grid_bytes(sides[s], &size);
        size_t n = in_place_allocations(bytes, size);
        size_t r = read_allocations(bytes, size);
        printf("grid %ux%u (%zu bytes): in place %zu allocations, copying read %zu\n", sides[s],
               sides[s], size, n, r);
        if (s == 0) {
            first = n;
            first_read = r;
        }
        assert_int_equal(n, first);
        /* the model, the duplicate flags and their sort (the group checks
           sort a few groups on the stack): never one per record */
        assert_true(n <= 3);
        /* one array per chunk and a block of keys per animation */
        assert_true(r > n);
        assert_int_equal(r, first_read);
        free(bytes);
    }
}

static void in_place_reads_the_records_of_the_copy(void **state)
{
    (void)state;
    static const uint32_t sides[] = {3, 200};
    for (size_t s = 0; s < sizeof sides / sizeof sides[0]; s++) {
        size_t size;
        uint8_t *bytes = grid_bytes(sides[s], &size);
        rm_3d_model *copy = rm_3d_create_model_from_memory(bytes, size, "grid.jom", NULL);
        rm_3d_model *view = rm_3d_create_model_in_place(bytes, size, "grid.jom", NULL);
        assert_non_null(copy);
        assert_non_null(view);
        assert_true(rm_3d_model_is_in_place(view));
        assert_int_equal(rm_3d_model_polygon_count(view), sides[s] * sides[s]);
        same_records(copy, view);
        rm_3d_free_model(copy);
        rm_3d_free_model(view);
        free(bytes);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(in_place_allocations_do_not_grow),
        cmocka_unit_test(in_place_reads_the_records_of_the_copy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
