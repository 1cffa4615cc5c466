/* tests/formats/niff/test_niff_read.c - whole files: the smallest 2.0 and
   1.0 files, a small textured model read back field by field, and
   read -> rm_niff_write giving identical bytes. Expected sizes are worked
   out from the spec's tables (comments say how), not taken from the code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "formats/niff/niff_build.h"
#include "retromesh/niff.h"

static void read_ok(const uint8_t *bytes, size_t size, rm_niff_file *f)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_niff_read(bytes, size, "t.nif", f, &d);
    if (st != RM_OK || d.errors)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.errors, 0);
    rm_diag_free(&d);
}

static void assert_round_trip(const uint8_t *bytes, size_t size)
{
    rm_niff_file f;
    read_ok(bytes, size, &f);
    uint8_t *out;
    size_t out_size;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_write(&f, &out, &out_size, &d), RM_OK);
    assert_int_equal(out_size, size);
    assert_memory_equal(out, bytes, size);
    free(out);
    rm_niff_free(&f);
    rm_diag_free(&d);
}

/* The smallest NIFF 2.0 file: FileHeader 100 + 36 (2.0 NEB), a 44-byte
   SceneHeader + 20-byte 2.0 NEB = 64, the other 18 1.0 lists: 16 generic
   ones of 24 bytes and ColorList and VectorList of 28, nine 2.0 lists of 24:
   136 + 64 + 16*24 + 2*28 + 9*24 = 136 + 64 + 384 + 56 + 216 = 856. */
static void test_empty_v2(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = nb_finish(nb_new(0xff000200u), &size);
    assert_int_equal(size, 856);
    nb_save_seed("empty_v2.nif", bytes, size);
    assert_int_equal(nb_get(bytes, 4), 856);      /* file_size */
    assert_int_equal(nb_get(bytes, 12), 136);     /* file_header_num_byte */
    rm_niff_file f;
    read_ok(bytes, size, &f);
    assert_int_equal(f.version, 0xff000200u);
    assert_int_equal(f.major, 2);
    assert_int_equal(f.minor, 0);
    assert_true(f.has_neb2);
    assert_int_equal(f.header_neb.size, 36);
    for (unsigned l = 0; l < RM_NIFF_LIST_COUNT; l++) {
        assert_true(f.lists[l].present);
        assert_int_equal(f.lists[l].elem_count, l == RM_NIFF_LIST_SCENE ? 1 : 0);
    }
    /* SceneList at 136, EnvList right after the 64-byte scene. */
    assert_int_equal(f.lists[RM_NIFF_LIST_SCENE].offset, 136);
    assert_int_equal(f.lists[RM_NIFF_LIST_ENV].offset, 200);
    assert_int_equal(f.lists[RM_NIFF_LIST_EXTERNAL_NAME].offset, 856 - 24);
    assert_true(f.has_scene);
    assert_int_equal(f.scene.obj_link_num, 0);
    assert_true(f.scene.has_neb2);
    assert_int_equal(f.obj_count, 0);
    assert_null(rm_niff_name(&f, 0));
    rm_niff_free(&f);
    assert_round_trip(bytes, size);
    free(bytes);
}

/* NIFF 1.0: no FileHeader NEB, 19 lists, scene without NEB (44):
   100 + 44 + 16*24 + 2*28 = 100 + 44 + 384 + 56 = 584. */
static void test_empty_v1(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = nb_finish(nb_new(0xff000100u), &size);
    assert_int_equal(size, 584);
    nb_save_seed("empty_v1.nif", bytes, size);
    rm_niff_file f;
    read_ok(bytes, size, &f);
    assert_int_equal(f.major, 1);
    assert_int_equal(f.version & 0xffffu, RM_NIFF_VERSION_1_0);
    assert_false(f.has_neb2);
    for (unsigned l = 0; l < RM_NIFF_LIST_COUNT; l++)
        assert_int_equal(f.lists[l].present, l < RM_NIFF_LIST_COUNT_V1);
    assert_false(f.scene.has_neb2);
    rm_niff_free(&f);
    assert_round_trip(bytes, size);
    free(bytes);
}

/* A textured quad: two triangles, vertex colours, normals, st, a Mat with
   one Tex and its 2x2 TexImg, a Part, a static Anim, three names. */
static uint8_t *quad_file(uint32_t version, size_t *size)
{
    nb_file *b = nb_new(version);
    nb_name(b, "quad");       /* 4 letters: no terminator (spec §5.19) */
    nb_name(b, "quad_mat");
    nb_name(b, "tx");
    static const float xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    nb_vtx_group(b, 0, 4, xyz);
    static const float rgba[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 0.5f};
    nb_color_group(b, true, 4, rgba);
    static const float tri_rgba[] = {0.25f, 0.5f, 0.75f, 1};
    nb_color_group(b, false, 1, tri_rgba);
    static const float nv[] = {0, 0, 1};
    nb_nv_group(b, true, 1, nv);
    static const float st[] = {0, 0, 1, 0, 1, 1, 0, 1};
    nb_st_group(b, 4, st);
    nb_tri tris[2] = {{0, 0, {0, 1, 2}, {0, 1, 2}, {0, 0, 0}, {0, 1, 2}},
                      {0, 0, {0, 2, 3}, {0, 2, 3}, {0, 0, 0}, {0, 2, 3}}};
    /* refs: Vtx 0, TriColor 0, VtxColor 0, TriNv 0 (none: 0 into the empty
       space), VtxNv 0, St 0 */
    static const uint32_t ref[6] = {0, 0, 0, 0, 0, 0};
    nb_tri_group(b, 0, ref, 2, tris);
    static const uint32_t part_tris[] = {0, 1};
    nb_part(b, 0, RM_NIFF_USE_SHAPE_MAT, 0, 2, part_tris);
    static const uint32_t parts[] = {0};
    nb_shape(b, 0, 0, 0, 1, parts);
    static const float prim[4] = {1, 1, 1, 1};
    static const uint32_t tex[] = {0};
    nb_mat(b, 1, prim, 1, tex);
    nb_tex(b, 2, 2, 2, 0);
    static const uint8_t px[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128};
    nb_tex_img(b, 2, 2, px);
    static const float t3[3] = {1, 2, 3}, r3[3] = {0, 0.5f, 0}, s3[3] = {1, 1, 2};
    nb_anim_static(b, 0, t3, r3, s3);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.shape = 0;
    o.mat = 0;
    o.anim = 0;
    nb_add_obj(b, &o);
    static const uint32_t top[] = {0};
    nb_scene_objs(b, 1, top);
    return nb_finish(b, size);
}

static void test_quad_fields(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = quad_file(0xff000200u, &size);
    nb_save_seed("quad_v2.nif", bytes, size);
    rm_niff_file f;
    read_ok(bytes, size, &f);
    assert_string_equal(rm_niff_name(&f, 0), "quad");
    assert_string_equal(rm_niff_name(&f, 1), "quad_mat");
    assert_string_equal(rm_niff_name(&f, 2), "tx");
    assert_null(rm_niff_name(&f, 3));
    assert_null(rm_niff_name(&f, RM_NIFF_NOLINK));
    assert_int_equal(f.scene.obj_link_num, 1);
    assert_int_equal(f.scene.obj_link[0], 0);

    assert_int_equal(f.obj_count, 1);
    const rm_niff_obj *o = &f.objs[0];
    assert_int_equal(o->shape_link, 0);
    assert_int_equal(o->mat_link, 0);
    assert_int_equal(o->anim_link, 0);
    assert_int_equal(o->parent_link, RM_NIFF_NOLINK);
    assert_true(o->has_neb2);
    assert_int_equal(o->render_pri_for_fog, RM_NIFF_OBJ_RENDER_NIFF_OPA_SURF);

    assert_int_equal(f.shape_count, 1);
    assert_int_equal(f.shapes[0].tri_link, 0);
    assert_int_equal(f.shapes[0].part_num, 1);
    assert_int_equal(f.shapes[0].part_link[0], 0);
    assert_true(f.shapes[0].has_neb2);
    assert_int_equal(f.shapes[0].kind_of_node_for_geometry, RM_NIFF_TAG_TRI_GROUP);
    assert_int_equal(f.shapes[0].type, 0x15u);   /* AA|ZB|CULL_BACK (spec §5.6 example) */

    assert_int_equal(f.vtx_group_count, 1);
    assert_int_equal(f.vtx_groups[0].num, 4);
    assert_int_equal(f.vtx_groups[0].comps, 3);
    assert_true(f.vtx_groups[0].v[6] == 1.0f && f.vtx_groups[0].v[7] == 1.0f);
    assert_int_equal(f.vtx_color_group_count, 1);
    assert_int_equal(f.tri_color_group_count, 1);
    assert_true(f.vtx_color_groups[0].v[15] == 0.5f);
    assert_true(f.tri_color_groups[0].v[2] == 0.75f);
    assert_int_equal(f.vtx_nv_group_count, 1);
    assert_int_equal(f.tri_nv_group_count, 0);
    assert_int_equal(f.st_group_count, 1);
    assert_true(f.st_groups[0].v[4] == 1.0f && f.st_groups[0].v[5] == 1.0f);

    assert_int_equal(f.tri_group_count, 1);
    const rm_niff_tri_group *tg = &f.tri_groups[0];
    assert_int_equal(tg->tri_num, 2);
    assert_int_equal(tg->size, 32 + 24 + 2 * 76);
    for (int r = 0; r < RM_NIFF_REF_COUNT; r++) {
        assert_int_equal(tg->ref[r].form, 0);
        assert_int_equal(tg->ref[r].count, 1);
        assert_int_equal(tg->ref[r].group[0], 0);
    }
    assert_int_equal(tg->tris[1].vtx_index[0], 0);
    assert_int_equal(tg->tris[1].vtx_index[1], 2);
    assert_int_equal(tg->tris[1].vtx_index[2], 3);
    assert_int_equal(tg->tris[1].vtx_color_index[2], 3);
    /* tri group at: its element offset + 32 + 24 = first Tri */
    assert_int_equal(tg->tris[0].offset, tg->offset + 56);
    assert_int_equal(tg->tris[1].offset, tg->offset + 56 + 76);

    assert_int_equal(f.part_count, 1);
    assert_int_equal(f.parts[0].mat_index, RM_NIFF_USE_SHAPE_MAT);
    assert_int_equal(f.parts[0].tri_num, 2);
    assert_int_equal(f.parts[0].tri_index[1], 1);

    assert_int_equal(f.mat_count, 1);
    assert_int_equal(f.mats[0].tex_num, 1);
    assert_int_equal(f.mats[0].tex_index[0], 0);
    assert_true(f.mats[0].has_neb2);
    assert_true(f.mats[0].diffuse[0] == 1.0f && f.mats[0].emission[0] == 0.0f);
    assert_int_equal(f.mats[0].color_type0, RM_NIFF_MAT_CC_NIFF_PRIM | RM_NIFF_MAT_CC_NIFF_TEX0);

    assert_int_equal(f.tex_count, 1);
    assert_true(f.texs[0].has_data_area);
    assert_int_equal(f.texs[0].img_width, 2);
    assert_int_equal(f.texs[0].img_height, 2);
    assert_int_equal(f.texs[0].img_index, 0);
    assert_int_equal(f.texs[0].filter, 1);
    assert_int_equal(f.tex_img_count, 1);
    assert_int_equal(f.tex_imgs[0].pixels.size, 16);
    assert_int_equal(f.tex_imgs[0].pixels.data[15], 128);
    assert_true(f.tex_imgs[0].has_neb2);
    assert_int_equal(f.tex_imgs[0].mipmap_max_level, 0);

    assert_int_equal(f.anim_group_count, 1);
    assert_int_equal(f.anim_groups[0].anim_num, 1);
    assert_int_equal(f.anim_groups[0].anims[0].tag, RM_NIFF_TAG_ANIM_STATIC);
    assert_true(f.anim_groups[0].anims[0].translate[2] == 3.0f);
    assert_true(f.anim_groups[0].anims[0].rotate[1] == 0.5f);
    assert_true(f.anim_groups[0].anims[0].scale[2] == 2.0f);
    rm_niff_free(&f);
    assert_round_trip(bytes, size);
    free(bytes);
}

static void test_quad_v1(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = quad_file(0xff000100u, &size);
    nb_save_seed("quad_v1.nif", bytes, size);
    rm_niff_file f;
    read_ok(bytes, size, &f);
    assert_false(f.objs[0].has_neb2);
    assert_false(f.shapes[0].has_neb2);
    assert_int_equal(f.shapes[0].kind_of_node_for_geometry, RM_NIFF_TAG_TRI_GROUP);
    assert_false(f.mats[0].has_neb2);
    assert_true(f.mats[0].ambient[0] == 1.0f);   /* 2.0 default when absent */
    rm_niff_free(&f);
    assert_round_trip(bytes, size);
    free(bytes);
}

/* Extension blocks and unknown tails survive the round trip: a user block
   on the Obj and 8 unexplained bytes at the end of the VtxGroup. */
static void test_blocks_kept(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_words w = {0};
    /* VtxGroup with 1 vertex: 24 + 12 = 36 bytes, + 8 extra = 44 */
    nb_u32(&w, RM_NIFF_TAG_VTX_GROUP);
    nb_u32(&w, 0);
    nb_u32(&w, 24);
    nb_u32(&w, 44);
    nb_u32(&w, RM_NIFF_NOLINK);
    nb_u32(&w, 1);
    nb_f32(&w, 1.5f);
    nb_f32(&w, 2.5f);
    nb_f32(&w, 3.5f);
    nb_u32(&w, 0xdeadbeefu);
    nb_u32(&w, 0x01020304u);
    nb_add_words(b, RM_NIFF_LIST_VTX, &w);
    /* Obj: 88 fixed + 28 NEB + 8 UEB = 124 */
    nb_u32(&w, RM_NIFF_TAG_OBJ);
    nb_u32(&w, 0);
    nb_u32(&w, 124);
    nb_u32(&w, RM_NIFF_NOLINK);
    nb_u32(&w, 1);
    nb_u32(&w, 0);   /* NULL object */
    for (int i = 0; i < 7; i++)
        nb_u32(&w, 0);
    nb_u32(&w, 0);   /* lod */
    nb_u32(&w, 0);   /* children */
    for (int i = 0; i < 5; i++)
        nb_u32(&w, RM_NIFF_NOLINK);
    nb_u32(&w, 28);
    nb_u32(&w, 8);
    for (int i = 0; i < 7; i++)
        nb_u32(&w, 0);
    nb_u32(&w, 0x55534552u);   /* "USER" */
    nb_u32(&w, 0x424c4f4bu);   /* "BLOK" */
    nb_add_words(b, RM_NIFF_LIST_OBJ, &w);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_niff_file f;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read(bytes, size, "t.nif", &f, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.warnings, 1);   /* the tail, said once */
    assert_non_null(strstr(d.items[0].text, "VtxList vtx group 0"));
    assert_non_null(strstr(d.items[0].text, "leaves 8 bytes"));
    const rm_niff_elem *vg = &f.lists[RM_NIFF_LIST_VTX].elems[0];
    assert_int_equal(vg->tail.size, 8);
    assert_int_equal(vg->tail.data[0], 0xde);
    assert_int_equal(f.objs[0].ueb.size, 8);
    assert_memory_equal(f.objs[0].ueb.data, "USERBLOK", 8);
    rm_niff_free(&f);
    rm_diag_free(&d);
    assert_round_trip(bytes, size);
    free(bytes);
}

/* Things the reader accepts with a warning (said once): a 2.0 version word
   on a file without the 2.0 FileHeader NEB and lists, and list header sizes
   that are not 24 + 4n (never used to find anything, spec §10 item 4). */
static void test_warnings(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = nb_finish(nb_new(0xff000100u), &size);
    nb_put(bytes, 0, 0xff000200u);
    /* ObjList: after the FileHeader (100), the SceneList (44) and three empty
       lists (3 * 24): 216; its header size word at +4. */
    assert_int_equal(nb_get(bytes, 216), RM_NIFF_TAG_OBJ_LIST);
    nb_put(bytes, 216 + 4, 0);
    nb_put(bytes, 216 + 24 + 4, 0);   /* ShapeList too: still one warning for each list */
    rm_niff_file f;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read(bytes, size, "w.nif", &f, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.warnings, 4);
    assert_string_equal(d.items[0].text, "w.nif: file header at 0x5c: warning: a NIFF 2.0 file whose FileHeader NEB is 0 "
                                         "bytes, not 36; the 2.0 list sizes are not cross-checked (said once)");
    assert_string_equal(d.items[1].text, "w.nif: ObjList header at 0xd8: warning: list header size 0, writers use 24 "
                                         "(header words + size array); the size array is read right after the header "
                                         "words (said once)");
    assert_non_null(strstr(d.items[2].text, "ShapeList header at 0xf0"));
    assert_string_equal(d.items[3].text, "w.nif: CiImgList header at 0x248: warning: absent (its FileHeader size is 0); "
                                         "read as an empty list; NIFF 2.0 asks writers for all nine 2.0 lists (said once)");
    assert_false(f.lists[RM_NIFF_LIST_CI_IMG].present);
    rm_niff_free(&f);
    rm_diag_free(&d);
    assert_round_trip(bytes, size);
    free(bytes);
}

static void test_helpers(void **state)
{
    (void)state;
    assert_true(rm_niff_link_is_switch(0x80000003u));
    assert_true(rm_niff_link_is_switch(0x80000000u));
    assert_false(rm_niff_link_is_switch(RM_NIFF_NOLINK));
    assert_false(rm_niff_link_is_switch(5));
    assert_int_equal(rm_niff_switch_index(0x80000003u), 3);
    assert_string_equal(rm_niff_list_name(RM_NIFF_LIST_OBJ), "ObjList");
    assert_string_equal(rm_niff_list_name(RM_NIFF_LIST_EXTERNAL_NAME), "ExternalNameList");
    assert_string_equal(rm_niff_list_name(99), "?");
    assert_int_equal(rm_niff_list_tag(RM_NIFF_LIST_TRI), RM_NIFF_TAG_TRI_LIST);
    assert_int_equal(rm_niff_list_tag(RM_NIFF_LIST_CLUSTER), RM_NIFF_TAG_CLUSTER_LIST);
    const rm_niff_kind_info *k = rm_niff_kind(RM_NIFF_KIND_OBJ);
    assert_int_equal(k->word_count, 22);          /* spec §5.5: 88 bytes */
    assert_string_equal(k->field[16], "obj_shape_link");   /* offset 0x40 = word 16 */
    assert_string_equal(k->array[0], "obj_lod_dist");
    assert_int_equal(k->array_float_mask, 1);
    assert_int_equal(rm_niff_kind(RM_NIFF_KIND_MAT)->word_count, 26);   /* 104 bytes */
    assert_int_equal(rm_niff_kind(RM_NIFF_KIND_MAT)->float_mask, 0x3c00u);  /* prim at 0x28..0x34 = words 10..13 */
    assert_int_equal(rm_niff_kind(RM_NIFF_KIND_TRI)->word_count, 19);   /* 76 bytes */
    assert_int_equal(rm_niff_kind(RM_NIFF_KIND_CI_IMG)->word_count, 21);   /* 84 bytes */
    assert_int_equal(rm_niff_kind(RM_NIFF_KIND_CLUSTER_TRI)->word_count, 25);   /* 100 bytes */
    assert_null(rm_niff_kind(RM_NIFF_KIND_COUNT));
    assert_true(rm_niff_float(0x3f800000u) == 1.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_v2),    cmocka_unit_test(test_empty_v1),  cmocka_unit_test(test_quad_fields),
        cmocka_unit_test(test_quad_v1),     cmocka_unit_test(test_blocks_kept), cmocka_unit_test(test_helpers),
        cmocka_unit_test(test_warnings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
