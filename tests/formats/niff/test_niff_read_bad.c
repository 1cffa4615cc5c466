/* tests/formats/niff/test_niff_read_bad.c - malformed files: every
   truncation of a small file, size fields that disagree, links out of range,
   lists out of order, bad tags and indices, huge counts. Each must give the
   expected message (the project's binary shape) and RM_INVALID, never a
   crash (the sanitizer build runs these too). Offsets are found with the
   builder's own walk (nb_list_offset) and the spec's element layouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/niff/niff_build.h"
#include "retromesh/niff.h"

/* name 0 "tri"; VtxGroup 0 (3 vertices); TriGroup 0 (1 Tri); Shape 0;
   Part 0 (tri 0); Obj 0; the scene links obj 0. */
static uint8_t *small_file(size_t *size, unsigned swap_a, unsigned swap_b)
{
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "tri");
    static const float xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    nb_vtx_group(b, 0, 3, xyz);
    nb_tri tri = {0, 0, {0, 1, 2}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    static const uint32_t ref[6] = {0, 0, 0, 0, 0, 0};
    nb_tri_group(b, 0, ref, 1, &tri);
    static const uint32_t tris[] = {0};
    nb_part(b, 0, RM_NIFF_USE_SHAPE_MAT, 0, 1, tris);
    static const uint32_t parts[] = {0};
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, 1, parts);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.shape = 0;
    nb_add_obj(b, &o);
    static const uint32_t top[] = {0};
    nb_scene_objs(b, 1, top);
    if (swap_a != swap_b)
        nb_swap_lists(b, swap_a, swap_b);
    return nb_finish(b, size);
}

/* Reads, expects RM_INVALID and `first` as the first error (NULL: any). */
static rm_diag expect_invalid(const uint8_t *bytes, size_t size, const char *first)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_niff_file f;
    rm_status st = rm_niff_read(bytes, size, "bad.nif", &f, &d);
    if (st != RM_INVALID || (first && (d.count == 0 || !strstr(d.items[0].text, first))))
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_INVALID);
    assert_true(d.errors > 0);
    assert_null(f.data);
    assert_null(f.objs);
    if (first) {
        size_t i = 0;
        while (i < d.count && d.items[i].severity != RM_ERROR)
            i++;
        assert_true(i < d.count);
        assert_string_equal(d.items[i].text, first);
    }
    return d;
}

static void test_small_is_valid(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    rm_diag d;
    rm_diag_init(&d);
    rm_niff_file f;
    assert_int_equal(rm_niff_read(bytes, size, "bad.nif", &f, &d), RM_OK);
    assert_int_equal(d.count, 0);
    rm_niff_free(&f);
    rm_niff_free(&f);   /* harmless twice */
    rm_diag_free(&d);
    free(bytes);
}

/* Every proper prefix is refused with a reason. */
static void test_truncations(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    for (size_t n = 0; n < size; n++) {
        uint8_t *cut = malloc(n ? n : 1);
        memcpy(cut, bytes, n);
        rm_diag d = expect_invalid(cut, n, NULL);
        char want[128];
        if (n < 100)
            snprintf(want, sizeof want, "bad.nif: file header at 0x0: the file is %zu bytes; a NIFF FileHeader alone is 100", n);
        else
            snprintf(want, sizeof want, "bad.nif: file header at 0x4: file_size %zu but the file has %zu bytes (truncated?)",
                     size, n);
        assert_string_equal(d.items[0].text, want);
        rm_diag_free(&d);
        free(cut);
    }
    free(bytes);
}

static void test_not_niff(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    nb_put(bytes, 8, 0x4e494646u);
    rm_diag d = expect_invalid(bytes, size, "bad.nif: file header at 0x8: header_tag 0x4e494646, expected 0x00000000 "
                                            "(not a NIFF file?)");
    rm_diag_free(&d);
    free(bytes);
}

static void test_list_size_disagrees(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    /* FileHeader obj_list_num_byte (word 8, §3.2) one word larger */
    uint32_t real = nb_get(bytes, 32);
    nb_put(bytes, 32, real + 4);
    size_t obj = nb_list_offset(bytes, size, RM_NIFF_LIST_OBJ);
    char want[160];
    snprintf(want, sizeof want, "bad.nif: ObjList header at 0x%zx: list size %u but the FileHeader's obj_list_num_byte is %u",
             obj, real, real + 4);
    rm_diag d = expect_invalid(bytes, size, want);
    rm_diag_free(&d);
    free(bytes);
}

static void test_elem_size_disagrees(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    /* the Obj's own obj_size (offset 8) says 4 more than obj_num_byte[0] */
    size_t list = nb_list_offset(bytes, size, RM_NIFF_LIST_OBJ);
    size_t obj = list + 24 + 4;
    uint32_t real = nb_get(bytes, list + 24);
    nb_put(bytes, obj + 8, real + 4);
    char want[160];
    snprintf(want, sizeof want, "bad.nif: ObjList obj 0 at 0x%zx: obj_size %u but obj_num_byte[0] is %u", obj, real + 4,
             real);
    rm_diag d = expect_invalid(bytes, size, want);
    rm_diag_free(&d);
    free(bytes);
}

static void test_bad_tag_and_index(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    size_t shape = nb_list_offset(bytes, size, RM_NIFF_LIST_SHAPE) + 24 + 4;
    nb_put(bytes, shape, RM_NIFF_TAG_SHAPE + 1);
    size_t vtx = nb_list_offset(bytes, size, RM_NIFF_LIST_VTX) + 24 + 4;
    nb_put(bytes, vtx + 4, 3);
    char want1[160], want2[160];
    snprintf(want1, sizeof want1, "bad.nif: ShapeList shape 0 at 0x%zx: tag 0x00030101 but Shape elements have 0x00030100",
             shape);
    snprintf(want2, sizeof want2, "bad.nif: VtxList vtx group 0 at 0x%zx: this_vtx_group_index 3, expected 0", vtx);
    rm_diag d = expect_invalid(bytes, size, want1);
    assert_int_equal(d.errors, 2);
    assert_string_equal(d.items[1].text, want2);
    rm_diag_free(&d);
    free(bytes);
}

static void test_wrong_order(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, RM_NIFF_LIST_SHAPE, RM_NIFF_LIST_VTX);
    /* physical: ... ObjList, VtxList, ShapeList, TriList ... */
    size_t at = nb_list_offset(bytes, size, RM_NIFF_LIST_SHAPE);   /* where ShapeList belongs */
    size_t next = nb_list_offset(bytes, size, RM_NIFF_LIST_VTX);
    char want1[200], want2[200];
    snprintf(want1, sizeof want1, "bad.nif: ShapeList header at 0x%zx: expected here (the FileHeader's "
             "shape_list_num_byte is %u) but VtxList is found", at, nb_get(bytes, 36));
    snprintf(want2, sizeof want2, "bad.nif: ShapeList header at 0x%zx: found after VtxList, but the documented order "
             "puts ShapeList before it", next);
    rm_diag d = expect_invalid(bytes, size, want1);
    assert_int_equal(d.errors, 2);
    assert_string_equal(d.items[1].text, want2);
    rm_diag_free(&d);
    free(bytes);
}

static void test_unknown_list(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    size_t at = nb_list_offset(bytes, size, RM_NIFF_LIST_PART);
    nb_put(bytes, at, 0x00990000u);
    char want[160];
    snprintf(want, sizeof want, "bad.nif: file list at 0x%zx: unknown list tag 0x00990000 after StList", at);
    rm_diag d = expect_invalid(bytes, size, want);
    rm_diag_free(&d);
    free(bytes);
}

static void test_huge_counts(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    size_t vtx = nb_list_offset(bytes, size, RM_NIFF_LIST_VTX) + 24 + 4;
    nb_put(bytes, vtx + 20, 0x40000000u);   /* vtx_num */
    char want[200];
    snprintf(want, sizeof want, "bad.nif: VtxList vtx group 0 at 0x%zx: vtx_num 1073741824 needs 12884901888 bytes "
             "but only 36 are left in the vtx group", vtx);
    rm_diag d = expect_invalid(bytes, size, want);
    rm_diag_free(&d);

    /* obj_num 0x7fffffff: the size array alone would be 8 GiB */
    size_t obj = nb_list_offset(bytes, size, RM_NIFF_LIST_OBJ);
    nb_put(bytes, vtx + 20, 3);
    nb_put(bytes, obj + 12, 0x7fffffffu);
    d = expect_invalid(bytes, size, NULL);
    assert_non_null(strstr(d.items[0].text, "ObjList header"));
    assert_non_null(strstr(d.items[0].text, "2147483647 elements need a 8589934588-byte size array"));
    rm_diag_free(&d);

    /* tri_num huge inside a TriGroup */
    nb_put(bytes, obj + 12, 1);
    size_t tg = nb_list_offset(bytes, size, RM_NIFF_LIST_TRI) + 24 + 4;
    nb_put(bytes, tg + 28, 0xffffffffu);
    d = expect_invalid(bytes, size, NULL);
    assert_non_null(strstr(d.items[0].text, "tri_num 4294967295 needs 326417514420 bytes"));
    rm_diag_free(&d);
    free(bytes);
}

/* Geometry links: Tri vertex beyond the VtxGroup, a Part's tri beyond the
   TriGroup, a Reference to a missing group, a name out of range: all four
   reported in one run. */
static void test_geometry_links(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    size_t tg = nb_list_offset(bytes, size, RM_NIFF_LIST_TRI) + 24 + 4;
    size_t tri = tg + 32 + 24;
    nb_put(bytes, tri + 0x24, 3);            /* vtx_index1 (0x24): the group has 3 */
    nb_put(bytes, tg + 32 + 20, 1);          /* ReferenceStData -> StGroup 1 (none) */
    size_t part = nb_list_offset(bytes, size, RM_NIFF_LIST_PART) + 24 + 4;
    nb_put(bytes, part + 36, 1);             /* tri_index[0] 1: the TriGroup has 1 tri */
    size_t obj = nb_list_offset(bytes, size, RM_NIFF_LIST_OBJ) + 24 + 4;
    nb_put(bytes, obj + 12, 1);              /* obj_name_index 1: one name */
    rm_diag d = expect_invalid(bytes, size, NULL);
    assert_int_equal(d.errors, 4);
    char want[4][200];
    snprintf(want[0], 200, "bad.nif: ObjList obj 0 at 0x%zx: obj_name_index 1 but NameList has 1 names", obj);
    snprintf(want[1], 200, "bad.nif: TriList tri group 0 at 0x%zx: ReferenceStData group 0 1 but StList has 0 st groups",
             tg);
    snprintf(want[2], 200, "bad.nif: TriList tri group 0 tri 0 at 0x%zx: vtx_index1 3 but VtxGroup 0 has 3 vertices", tri);
    snprintf(want[3], 200, "bad.nif: PartList part 0 at 0x%zx: tri_index[0] 1 but TriGroup 0 (of shape 0) has 1 tris",
             part);
    for (int i = 0; i < 4; i++)
        assert_string_equal(d.items[i].text, want[i]);
    rm_diag_free(&d);
    free(bytes);
}

/* An element refused while reading does not hide link problems elsewhere. */
static void test_errors_and_links(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    size_t shape = nb_list_offset(bytes, size, RM_NIFF_LIST_SHAPE) + 24 + 4;
    nb_put(bytes, shape, RM_NIFF_TAG_PART);
    size_t obj = nb_list_offset(bytes, size, RM_NIFF_LIST_OBJ) + 24 + 4;
    nb_put(bytes, obj + 0x3C, 7);            /* obj_parent_link 7: one obj */
    char want[2][200];
    snprintf(want[0], 200, "bad.nif: ShapeList shape 0 at 0x%zx: tag 0x00090100 but Shape elements have 0x00030100",
             shape);
    snprintf(want[1], 200, "bad.nif: ObjList obj 0 at 0x%zx: obj_parent_link 7 but ObjList has 1 objs", obj);
    rm_diag d = expect_invalid(bytes, size, want[0]);
    assert_int_equal(d.errors, 2);
    assert_string_equal(d.items[1].text, want[1]);
    rm_diag_free(&d);
    free(bytes);
}

/* A 2.0 SceneList NEB linking a chain root that does not exist. */
static void test_scene_neb(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_obj o;
    nb_obj_defaults(b, &o);
    nb_add_obj(b, &o);
    /* 11 words + 1 obj link + NEB of 5 counts and 1 chain-root link (24 bytes) = 72 */
    static const uint32_t scene[] = {RM_NIFF_TAG_SCENE_HEADER, 44, 72, 0, RM_NIFF_NOLINK, 1, 0, 0, 0, 24, 0,
                                     0, 1, 0, 0, 0, 0, 5};
    nb_scene(b, scene, 18);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_diag d = expect_invalid(bytes, size, "bad.nif: SceneList scene at 0x88: scene_chain_root_link_index[0] 5 but "
                                            "ChainRootList has 0 chain roots");
    assert_int_equal(d.errors, 1);
    rm_diag_free(&d);
    free(bytes);
}

static void test_ext_block_too_big(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = small_file(&size, 0, 0);
    size_t obj = nb_list_offset(bytes, size, RM_NIFF_LIST_OBJ) + 24 + 4;
    nb_put(bytes, obj + 0x54, 100);   /* user_extension_block_size past the Obj's end */
    char want[220];
    snprintf(want, sizeof want, "bad.nif: ObjList obj 0 at 0x%zx: nintendo_extension_block_size 28 + "
             "user_extension_block_size 100 run past the end of the obj (28 bytes left)", obj);
    rm_diag d = expect_invalid(bytes, size, want);
    rm_diag_free(&d);
    free(bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_is_valid),   cmocka_unit_test(test_truncations),
        cmocka_unit_test(test_not_niff),         cmocka_unit_test(test_list_size_disagrees),
        cmocka_unit_test(test_elem_size_disagrees), cmocka_unit_test(test_bad_tag_and_index),
        cmocka_unit_test(test_wrong_order),      cmocka_unit_test(test_unknown_list),
        cmocka_unit_test(test_huge_counts),      cmocka_unit_test(test_geometry_links),
        cmocka_unit_test(test_ext_block_too_big), cmocka_unit_test(test_errors_and_links),
        cmocka_unit_test(test_scene_neb),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
