/* tests/formats/niff/test_niff_read_big.c - a big generated file (20,000
   Tris) with its 10,000th Tri (tri 9999) or a Part entry broken: the
   reader builds message labels ("tri group 0 tri 9999") only when a message
   is emitted, and each must still name the element exactly as before (the
   expected texts were taken from the reader before lazy labels, build-base
   `retromesh check` on the same files, and their offsets checked by hand:
   TriList at 0x103c, its TriGroup at +28, the Tris at +56, 76 bytes each:
   tri 9999 at 0x103c + 84 + 76 * 9999 = 0xba904; Part 0 at 0x174bf4 and
   its tri_index[] at +36; Shape 0 at 0x1c0, shape_part_link[] at +40).
   Also rm_niff_read_with: check_only and borrow_data give the same status
   and the same messages in the same order as rm_niff_read, keep no Tris,
   and point into the caller's buffer.

   NIFF_BIG_DIR=DIR writes the generated files there (to compare with
   another build of the reader by hand). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/niff/niff_build.h"
#include "retromesh/mesh.h"
#include "retromesh/niff.h"

#define NV 300u         /* vertices and sts */
#define NT 20000u       /* Tris */
#define BAD 9999u       /* the 10,000th Tri */

enum { GOOD, BAD_VTX, BAD_ST, BAD_INDEX, BAD_TAG, BAD_PART, BAD_SHAPE_PART };

/* name 0 "big"; VtxGroup 0 and StGroup 0 (NV each); TriGroup 0 (NT Tris, a
   strip over the vertices); Part 0 (every Tri); Shape 0; Obj 0. */
static uint8_t *big_file(int mode, size_t *size)
{
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "big");
    float *xyz = calloc(3 * NV, sizeof *xyz), *st = calloc(2 * NV, sizeof *st);
    nb_tri *tris = calloc(NT, sizeof *tris);
    uint32_t *all = calloc(NT, sizeof *all);
    assert_non_null(xyz);
    assert_non_null(st);
    assert_non_null(tris);
    assert_non_null(all);
    for (uint32_t i = 0; i < NV; i++) {
        xyz[3 * i] = (float)i;
        xyz[3 * i + 1] = (float)(i % 2);
        st[2 * i] = (float)i / NV;
    }
    for (uint32_t t = 0; t < NT; t++) {
        for (uint32_t v = 0; v < 3; v++)
            tris[t].vtx[v] = tris[t].st[v] = (t + v) % NV;
        all[t] = t;
    }
    if (mode == BAD_VTX)
        tris[BAD].vtx[1] = NV;
    if (mode == BAD_ST)
        tris[BAD].st[2] = NV + 7;
    if (mode == BAD_PART)
        all[BAD] = NT;
    nb_vtx_group(b, 0, NV, xyz);
    static const uint32_t ref[6] = {0, 0, 0, 0, 0, 0};
    nb_tri_group(b, 0, ref, NT, tris);
    nb_st_group(b, NV, st);
    nb_part(b, 0, RM_NIFF_USE_SHAPE_MAT, 0, NT, all);
    static const uint32_t parts[] = {0, 5};
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, mode == BAD_SHAPE_PART ? 2 : 1, parts);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.shape = 0;
    nb_add_obj(b, &o);
    static const uint32_t top[] = {0};
    nb_scene_objs(b, 1, top);
    free(xyz);
    free(st);
    free(tris);
    free(all);
    uint8_t *bytes = nb_finish(b, size);
    size_t tri = nb_list_offset(bytes, *size, RM_NIFF_LIST_TRI) + 28 + 56 + 76 * (size_t)BAD;
    if (mode == BAD_INDEX)
        nb_put(bytes, tri + 4, 5);              /* this_tri_index */
    if (mode == BAD_TAG)
        nb_put(bytes, tri, RM_NIFF_TAG_TRI + 1);
    const char *dir = getenv("NIFF_BIG_DIR");
    if (dir && *dir) {
        char path[512];
        snprintf(path, sizeof path, "%s/big%d.niff", dir, mode);
        FILE *fp = fopen(path, "wb");
        if (fp) {
            fwrite(bytes, 1, *size, fp);
            fclose(fp);
        }
    }
    return bytes;
}

/* Reads `bytes` both ways; the same status and messages (text, severity,
   order). Returns the plain read's messages (caller frees). */
static rm_diag read_both(const uint8_t *bytes, size_t size, rm_status want)
{
    rm_diag d, dc;
    rm_diag_init(&d);
    rm_diag_init(&dc);
    rm_niff_file f, fc;
    assert_int_equal(rm_niff_read(bytes, size, "big.nif", &f, &d), want);
    rm_niff_read_options opt = {.borrow_data = true, .check_only = true};
    assert_int_equal(rm_niff_read_with(bytes, size, "big.nif", &opt, &fc, &dc), want);
    assert_int_equal(d.count, dc.count);
    assert_int_equal(d.errors, dc.errors);
    for (size_t i = 0; i < d.count; i++) {
        assert_int_equal(d.items[i].severity, dc.items[i].severity);
        assert_string_equal(d.items[i].text, dc.items[i].text);
    }
    if (want == RM_OK) {
        assert_int_equal(f.tri_group_count, 1);
        assert_int_equal(fc.tri_group_count, 1);
        assert_int_equal(f.tri_groups[0].tri_num, NT);
        assert_int_equal(fc.tri_groups[0].tri_num, NT);
        assert_non_null(f.tri_groups[0].tris);
        assert_int_equal(f.tri_groups[0].tris[BAD].vtx_index[2], (BAD + 2) % NV);
        assert_null(fc.tri_groups[0].tris);
        assert_int_equal(fc.lists[RM_NIFF_LIST_TRI].elems[0].sub_count, 0);
        assert_int_equal(f.lists[RM_NIFF_LIST_TRI].elems[0].sub_count, NT);
        assert_int_equal(f.obj_count, fc.obj_count);
        assert_int_equal(f.shape_count, fc.shape_count);
        assert_int_equal(f.part_count, fc.part_count);
        assert_true(fc.check_only);
        assert_true(fc.data_borrowed);
        assert_ptr_equal(fc.data, bytes);       /* no copy */
        assert_ptr_not_equal(f.data, bytes);    /* rm_niff_read copies */
        /* a check_only model cannot be turned into a mesh or written back */
        rm_mesh m;
        assert_int_equal(rm_niff_to_mesh(&fc, &m, &dc), RM_USAGE);
        rm_mesh_free(&m);
        uint8_t *out = NULL;
        size_t n = 0;
        assert_int_equal(rm_niff_write(&fc, &out, &n, &dc), RM_USAGE);
        assert_null(out);
        assert_int_equal(rm_niff_write(&f, &out, &n, &d), RM_OK);
        assert_int_equal(n, size);
        assert_memory_equal(out, bytes, size);
        free(out);
    }
    rm_niff_free(&f);
    rm_niff_free(&fc);
    rm_diag_free(&dc);
    return d;
}

/* The file with `mode` gives exactly the messages `want` (errors only). */
static void expect_messages(int mode, const char *const *want, size_t n)
{
    size_t size;
    uint8_t *bytes = big_file(mode, &size);
    rm_diag d = read_both(bytes, size, RM_INVALID);
    if (d.count != n)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(d.count, n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(d.items[i].text, want[i]);
    rm_diag_free(&d);
    free(bytes);
}

static void test_big_good(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = big_file(GOOD, &size);
    assert_true(size > 76 * (size_t)NT);
    rm_diag d = read_both(bytes, size, RM_OK);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
    free(bytes);
}

static void test_big_bad_vertex(void **state)
{
    (void)state;
    static const char *const want[] = {
        "big.nif: TriList tri group 0 tri 9999 at 0xba904: vtx_index1 300 but VtxGroup 0 has 300 vertices"};
    expect_messages(BAD_VTX, want, 1);
}

static void test_big_bad_st(void **state)
{
    (void)state;
    static const char *const want[] = {
        "big.nif: TriList tri group 0 tri 9999 at 0xba904: st_index2 307 but StGroup 0 has 300 sts"};
    expect_messages(BAD_ST, want, 1);
}

static void test_big_bad_tri_index(void **state)
{
    (void)state;
    static const char *const want[] = {
        "big.nif: TriList tri group 0 tri 9999 at 0xba904: this_tri_index 5, expected 9999"};
    expect_messages(BAD_INDEX, want, 1);
}

static void test_big_bad_tri_tag(void **state)
{
    (void)state;
    /* the TriGroup is refused: its Tris are not checked, its Part is */
    static const char *const want[] = {
        "big.nif: TriList tri group 0 tri 9999 at 0xba904: tag 0x00080102 but Tri elements have 0x00080101"};
    expect_messages(BAD_TAG, want, 1);
}

static void test_big_bad_part_entry(void **state)
{
    (void)state;
    static const char *const want[] = {
        "big.nif: PartList part 0 at 0x174bf4: tri_index[9999] 20000 but TriGroup 0 (of shape 0) has 20000 tris"};
    expect_messages(BAD_PART, want, 1);
}

static void test_big_bad_shape_part_link(void **state)
{
    (void)state;
    static const char *const want[] = {
        "big.nif: ShapeList shape 0 at 0x1c0: shape_part_link[1] 5 but PartList has 1 parts"};
    expect_messages(BAD_SHAPE_PART, want, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_big_good),
        cmocka_unit_test(test_big_bad_vertex),
        cmocka_unit_test(test_big_bad_st),
        cmocka_unit_test(test_big_bad_tri_index),
        cmocka_unit_test(test_big_bad_tri_tag),
        cmocka_unit_test(test_big_bad_part_entry),
        cmocka_unit_test(test_big_bad_shape_part_link),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
