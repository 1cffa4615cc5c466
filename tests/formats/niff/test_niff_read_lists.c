/* tests/formats/niff/test_niff_read_lists.c - one element of every other
   list kind, written word by word from the spec's tables (§5.2-§5.18,
   §7.10-§7.18), read back through the generic model (words, arrays,
   sub-elements, raw bodies) and written back byte for byte. Each element's
   size is its fixed words * 4 plus its arrays, worked out in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "formats/niff/niff_build.h"
#include "retromesh/niff.h"

#define NL RM_NIFF_NOLINK
#define F1 0x3f800000u    /* 1.0f */
#define F2 0x40000000u    /* 2.0f */
#define FH 0x3f000000u    /* 0.5f */

static uint8_t *lists_file(size_t *size)
{
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "abcdefgh");   /* 8 letters: 16 + 8 = 24 bytes, no terminator */
    nb_external_name(b, "other.nif");
    static const float xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    nb_vtx_group(b, 0, 3, xyz);
    nb_vtx_group(b, 0, 3, xyz);
    static const float st[] = {0, 0, 1, 0, 0, 1};
    nb_st_group(b, 3, st);
    nb_shape(b, 0, 0, NL, 0, NULL);
    nb_obj o;
    nb_obj_defaults(b, &o);
    nb_add_obj(b, &o);
    nb_add_obj(b, &o);
    /* Obj 2 with a full 2.0 NEB (§7.4): 7 words, 1 chain-root link, 1
       external LOD (dist, file, name), 1 external child (file, name):
       28 + 4 + 12 + 8 = 52; the Obj is 88 + 52 = 140 bytes. */
    static const uint32_t obj2[] = {RM_NIFF_TAG_OBJ, 2, 140, NL, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    NL, NL, NL, NL, NL, 52, 0,
                                    1, 0x00500000u, 2, 3, 1, 1, 1,
                                    0, 0x42c80000u /* 100.0 */, 0, 0, 0, 0};
    nb_add(b, RM_NIFF_LIST_OBJ, obj2, 35);

    /* Env (§5.2): 14 words = 56 bytes; bg images NOLINK */
    static const uint32_t env[] = {RM_NIFF_TAG_ENV, 0, 56, 0, 1, 0x80808080u, 100, 900, 0x00102030u, NL, NL, NL, 0, 0};
    nb_add(b, RM_NIFF_LIST_ENV, env, 14);
    /* Cam (§5.3): 19 words = 76 bytes; eye obj 1, look at obj 0, no up */
    static const uint32_t cam[] = {RM_NIFF_TAG_CAM, 0, 76, 0, 0, F1, 0x447a0000u /* 1000.0 */, F1, F1, F1, F1,
                                   0x42340000u /* 45.0 */, 0x3faaaaabu, F1, 0, 1, NL, 0, 0};
    nb_add(b, RM_NIFF_LIST_CAM, cam, 19);
    /* Light (§5.4): 12 words + DirLight direction (9 words) + position (11) = 48 + 36 + 44 = 128 */
    static const uint32_t light[] = {RM_NIFF_TAG_LIGHT, 0, 48, 128, 0, 0, FH, FH, FH, 2, 0, 0,
                                     RM_NIFF_TAG_DIR_LIGHT_DIRECTION, 0, 36, F1, F1, F1, 0, 0, F1,
                                     RM_NIFF_TAG_DIR_LIGHT_POSITION, 1, 44, F1, FH, FH, F2, F2, F2, F1, 0};
    nb_add(b, RM_NIFF_LIST_LIGHT, light, 32);
    /* CollGroup (§5.17): 8 words + coll_num_byte[2] = 40; Coll sphere 24 + 28 = 52;
       Coll terrain 24 + 24 = 48 -> 140 */
    static const uint32_t coll[] = {RM_NIFF_TAG_COLL_GROUP, 0, 32, 140, 0, 2, 0, 0, 52, 48,
                                    RM_NIFF_TAG_COLL, 0, 24, 52, 0, RM_NIFF_COLL_TYPE_SPHERE,
                                    RM_NIFF_TAG_COLL_DATA_SPHERE, 0, 28, 0, F1, 0, F2,
                                    RM_NIFF_TAG_COLL, 1, 24, 48, 0, RM_NIFF_COLL_TYPE_TERRAIN,
                                    RM_NIFF_TAG_COLL_DATA_TERRAIN, 0, 24, 4, 4, 0};
    nb_add(b, RM_NIFF_LIST_COLL, coll, 35);
    /* Switch (§5.18): 9 words + 2 cases * 2 arrays = 13 words = 52; ObjList targets */
    static const uint32_t sw[] = {RM_NIFF_TAG_SWITCH, 0, 52, RM_NIFF_TAG_OBJ_LIST, 0, 2, 0, 0, 0, 10, 20, 1, 0};
    nb_add(b, RM_NIFF_LIST_SWITCH, sw, 13);
    /* CiImg (§7.10): 21 words + ceil(3*2*4/32) = 1 word = 88 */
    uint32_t ci[22] = {RM_NIFF_TAG_CI_IMG, 0, 88, 0, 3, 2, 4};
    ci[21] = 0x01234500u;
    nb_add(b, RM_NIFF_LIST_CI_IMG, ci, 22);
    /* ColorPalette (§7.11): 21 words + 16/2 = 8 words = 116 */
    uint32_t pal[29] = {RM_NIFF_TAG_COLOR_PALETTE, 0, 116, 0, 16, 0};
    for (int i = 0; i < 8; i++)
        pal[21 + i] = 0xf801ffffu;
    nb_add(b, RM_NIFF_LIST_COLOR_PALETTE, pal, 29);
    /* Envelope (§7.12): 11 words, one FullWeightedPart (16 words = 64), one
       WeightedPart kept raw (3 words + 2 = 20) -> 44 + 64 + 20 = 128 */
    static const uint32_t envl[] = {RM_NIFF_TAG_ENVELOPE, 0, 128, 0, 0, 1, 1, 0, 0, 0, 0,
                                    RM_NIFF_TAG_FULL_WEIGHTED_PART, 0, 64, 0, RM_NIFF_TAG_OBJ_LIST, 0, NL, NL,
                                    1, 0, 0, 0, 0, 0, 0, 0,
                                    0x00220120u, 0, 20, 0xaaaaaaaau, 0xbbbbbbbbu};
    nb_add(b, RM_NIFF_LIST_ENVELOPE, envl, 32);
    /* ClusterShape (§7.13): 9 words + Cluster 56 + ClusterTri 100 = 36 + 156 = 192 */
    uint32_t cl[48] = {RM_NIFF_TAG_CLUSTER_SHAPE, 0, 192, 0, 0, 1, 1, 0, 0,
                       RM_NIFF_TAG_CLUSTER, 0, 56, 0, RM_NIFF_TAG_OBJ_LIST, 1, NL, NL, 0, 0, 0, 0, 0, 0,
                       0x00280120u, 0, 100};
    nb_add(b, RM_NIFF_LIST_CLUSTER, cl, 48);
    /* WeightGroup (§7.14): 7 words + 2 floats = 36 */
    static const uint32_t wg[] = {RM_NIFF_TAG_WEIGHT_GROUP, 0, 36, 0, 2, 0, 0, 0x42c80000u, 0x42480000u};
    nb_add(b, RM_NIFF_LIST_WEIGHT, wg, 9);
    /* ChainRoot (§7.15): 11 words + obj_index[1] + one external pair = 56 */
    static const uint32_t cr[] = {RM_NIFF_TAG_CHAIN_ROOT, 0, 56, 0, 0, 1, 1, NL, 0, 0, 0, 1, 0, 0};
    nb_add(b, RM_NIFF_LIST_CHAIN_ROOT, cr, 14);
    /* Joint (§7.16): 16 words + obj_index[1] = 68 */
    static const uint32_t jt[] = {RM_NIFF_TAG_JOINT, 0, 68, 0, 0x00010001u, F2, 0, 0, F1, 1, 0, NL, 0, NL, 0, 0, 0};
    nb_add(b, RM_NIFF_LIST_JOINT, jt, 17);
    /* Effector (§7.17): 10 words + obj_index[1] = 44 */
    static const uint32_t ef[] = {RM_NIFF_TAG_EFFECTOR, 0, 44, 0, 0, 1, 0, NL, 0, 0, 1};
    nb_add(b, RM_NIFF_LIST_EFFECTOR, ef, 11);
    /* TriGroup (§5.11) with Vtx FULL (frame_num 1: 2 group indices) and St KEY
       (key_num 2: 1 + 2 + 2 words): 32 + (2 + 1 + 1 + 1 + 1 + 5) * 4 = 76, + 1 Tri 76 = 152 */
    static const uint32_t tg[] = {RM_NIFF_TAG_TRI_GROUP, 0, 32, 152, 0,
                                  RM_NIFF_TRI_ANIM_VTX_FULL | RM_NIFF_TRI_ANIM_ST_KEY, 1, 1,
                                  0, 1,          /* ReferenceVtxData: frame 0 -> group 0, frame 1 -> group 1 */
                                  0, 0, 0, 0,    /* TriColor, VtxColor, TriNv, VtxNv: 0 into empty lists */
                                  2, 0, 10, 0, 0,   /* ReferenceStData: keys 0 and 10, both StGroup 0 */
                                  RM_NIFF_TAG_TRI, 0, 76, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 2, 2, 0, 0, 0, 0};
    nb_add(b, RM_NIFF_LIST_TRI, tg, 38);
    /* Tex (§5.14) with a flip-book: data area 4 * (5 + 3*1 + 3*0 + 2*2) = 48 bytes:
       13 words + 48 = 100 */
    static const uint32_t tex[] = {RM_NIFF_TAG_TEX, 0, 52, 100, 0, RM_NIFF_TEX_FORM_CI | RM_NIFF_TEX_DEPTH_4, 0, 0,
                                   RM_NIFF_TEX_ANIM_FLIPBOOK, 48, 15, 0, 0,
                                   3, 2, 1, 0, 2, 0, 3, 2, 0, 5, 0, 0};
    nb_add(b, RM_NIFF_LIST_TEX, tex, 25);
    static const uint8_t px[4] = {1, 2, 3, 4};
    nb_tex_img(b, 1, 1, px);
    static const uint32_t top[] = {0, 1};
    nb_scene_objs(b, 2, top);
    return nb_finish(b, size);
}

static void test_lists(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = lists_file(&size);
    nb_save_seed("all_lists.nif", bytes, size);
    rm_niff_file f;
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_niff_read(bytes, size, "lists.nif", &f, &d);
    rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    /* one warning: the WeightedPart kept raw (spec §10 item 22) */
    assert_int_equal(d.warnings, 1);
    assert_non_null(strstr(d.items[0].text, "EnvelopeList envelope 0"));

    const rm_niff_elem *e = &f.lists[RM_NIFF_LIST_ENV].elems[0];
    assert_int_equal(e->kind, RM_NIFF_KIND_ENV);
    assert_int_equal(e->words[5], 0x80808080u);   /* fog_color at 0x14 */
    assert_int_equal(e->words[7], 900);           /* fog_far at 0x1C */
    assert_int_equal(e->words[10], NL);           /* bg_sprite_img at 0x28 */

    e = &f.lists[RM_NIFF_LIST_CAM].elems[0];
    assert_true(rm_niff_float(e->words[6]) == 1000.0f);   /* cam_far_clip 0x18 */
    assert_int_equal(e->words[15], 1);                    /* cam_eye_obj 0x3C */
    assert_true(rm_niff_kind(RM_NIFF_KIND_CAM)->float_mask & (1u << 11));   /* fovy is a float */

    e = &f.lists[RM_NIFF_LIST_LIGHT].elems[0];
    assert_int_equal(e->sub_count, 2);
    assert_int_equal(e->subs[0].kind, RM_NIFF_KIND_DIR_LIGHT_DIRECTION);
    assert_int_equal(e->subs[1].kind, RM_NIFF_KIND_DIR_LIGHT_POSITION);
    assert_true(rm_niff_float(e->subs[1].words[10]) == 0.0f);   /* dir_a2 */
    assert_int_equal(e->subs[1].offset, e->offset + 48 + 36);

    e = &f.lists[RM_NIFF_LIST_COLL].elems[0];
    assert_int_equal(e->array_count, 1);
    assert_int_equal(e->arrays[0].v[1], 48);
    assert_int_equal(e->sub_count, 2);
    assert_int_equal(e->subs[0].sub_count, 1);
    assert_int_equal(e->subs[0].subs[0].kind, RM_NIFF_KIND_COLL_DATA_SPHERE);
    assert_true(rm_niff_float(e->subs[0].subs[0].words[6]) == 2.0f);   /* radius */
    assert_int_equal(e->subs[1].subs[0].kind, RM_NIFF_KIND_COLL_DATA_TERRAIN);
    assert_int_equal(e->subs[1].subs[0].words[5], 0);                   /* shape_list_index */

    e = &f.lists[RM_NIFF_LIST_SWITCH].elems[0];
    assert_int_equal(e->arrays[0].count, 2);
    assert_int_equal(e->arrays[0].v[1], 20);   /* case_val[1] */
    assert_int_equal(e->arrays[1].v[0], 1);    /* case_dest_index[0] */

    e = &f.lists[RM_NIFF_LIST_CI_IMG].elems[0];
    assert_int_equal(e->arrays[0].count, 1);
    assert_int_equal(e->arrays[0].v[0], 0x01234500u);
    e = &f.lists[RM_NIFF_LIST_COLOR_PALETTE].elems[0];
    assert_int_equal(e->arrays[0].count, 8);

    e = &f.lists[RM_NIFF_LIST_ENVELOPE].elems[0];
    assert_int_equal(e->sub_count, 2);
    assert_int_equal(e->subs[0].kind, RM_NIFF_KIND_FULL_WEIGHTED_PART);
    assert_int_equal(e->subs[0].words[8], 1);   /* full_weighted_vtx_group_index */
    assert_int_equal(e->subs[1].kind, RM_NIFF_KIND_ENVELOPE_PART);
    assert_int_equal(e->subs[1].data.size, 8);

    e = &f.lists[RM_NIFF_LIST_CLUSTER].elems[0];
    assert_int_equal(e->sub_count, 2);
    assert_int_equal(e->subs[0].kind, RM_NIFF_KIND_CLUSTER);
    assert_int_equal(e->subs[0].words[5], 1);   /* transform_node_index */
    assert_int_equal(e->subs[1].kind, RM_NIFF_KIND_CLUSTER_TRI);
    assert_int_equal(e->subs[1].offset, e->offset + 36 + 56);

    e = &f.lists[RM_NIFF_LIST_WEIGHT].elems[0];
    assert_true(rm_niff_float(e->arrays[0].v[1]) == 50.0f);
    e = &f.lists[RM_NIFF_LIST_CHAIN_ROOT].elems[0];
    assert_int_equal(e->arrays[0].v[0], 1);
    assert_int_equal(e->arrays[1].v[0], 0);
    assert_int_equal(e->arrays[2].v[0], 0);
    e = &f.lists[RM_NIFF_LIST_JOINT].elems[0];
    assert_true(rm_niff_float(e->words[5]) == 2.0f);   /* joint_length */
    assert_int_equal(e->words[12], 0);                 /* effector_index */
    e = &f.lists[RM_NIFF_LIST_EFFECTOR].elems[0];
    assert_int_equal(e->arrays[0].v[0], 1);

    const rm_niff_obj *o2 = &f.objs[2];
    assert_true(o2->has_neb2);
    assert_int_equal(o2->render_cycle_type_for_fog, 1);
    assert_int_equal(o2->render_type1_for_fog, 3);
    assert_int_equal(o2->chain_root_link_num, 1);
    assert_int_equal(o2->chain_root_link[0], 0);
    assert_int_equal(o2->external_lod_obj_num, 1);
    assert_true(o2->external_lod_obj_dist[0] == 100.0f);
    assert_int_equal(o2->external_lod_obj_file_name_index[0], 0);
    assert_int_equal(o2->external_obj_num, 1);
    assert_int_equal(o2->external_obj_name_index[0], 0);

    assert_string_equal(rm_niff_name(&f, 0), "abcdefgh");
    assert_string_equal(rm_niff_external_name(&f, 0), "other.nif");

    const rm_niff_tri_group *tg = &f.tri_groups[0];
    assert_int_equal(tg->ref[RM_NIFF_REF_VTX].form, RM_NIFF_TRI_ANIM_FULL);
    assert_int_equal(tg->ref[RM_NIFF_REF_VTX].count, 2);
    assert_int_equal(tg->ref[RM_NIFF_REF_VTX].group[1], 1);
    assert_int_equal(tg->ref[RM_NIFF_REF_ST].form, RM_NIFF_TRI_ANIM_KEY);
    assert_int_equal(tg->ref[RM_NIFF_REF_ST].count, 2);
    assert_int_equal(tg->ref[RM_NIFF_REF_ST].key[1], 10);
    assert_int_equal(tg->ref[RM_NIFF_REF_ST].group[1], 0);
    assert_int_equal(tg->tris[0].offset, tg->offset + 76);
    assert_int_equal(tg->tris[0].vtx_index[2], 2);

    const rm_niff_tex *t = &f.texs[0];
    assert_true(t->has_data_area);
    assert_int_equal(t->img_width, 3);
    assert_int_equal(t->tile_scale_num, 1);
    assert_int_equal(t->tile_offset_num, 0);
    assert_int_equal(t->tile_img_num, 2);
    assert_int_equal(t->tile_scale_width[0], 3);
    assert_int_equal(t->tile_img_key[1], 5);
    assert_int_equal(t->tile_img_index[0], 0);
    assert_int_equal(t->tile_img_index[1], 0);

    uint8_t *out;
    size_t out_size;
    assert_int_equal(rm_niff_write(&f, &out, &out_size, &d), RM_OK);
    assert_int_equal(out_size, size);
    assert_memory_equal(out, bytes, size);
    free(out);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

/* Links of the other lists: Switch branches (into the list link_list_type
   names), flip-book image indices, a 2.0 Shape NEB external name. */
static void test_bad_links(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = lists_file(&size);
    size_t sw = nb_list_offset(bytes, size, RM_NIFF_LIST_SWITCH) + 24 + 4;
    nb_put(bytes, sw + 4 * 12, 9);            /* case_dest_index[1]: word 9 + 2 case_val + 1 */
    size_t tex = nb_list_offset(bytes, size, RM_NIFF_LIST_TEX) + 24 + 4;
    nb_put(bytes, tex + 52 + 4 * 11, 5);      /* TexDataArea word 11: tex_tile_img_index[1] */
    size_t shape = nb_list_offset(bytes, size, RM_NIFF_LIST_SHAPE) + 24 + 4;
    nb_put(bytes, shape + 40 + 4, 3);         /* Shape NEB word 1: external_mat_file_name_index */
    rm_niff_file f;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read(bytes, size, "lists.nif", &f, &d), RM_INVALID);
    assert_int_equal(d.errors, 3);
    char want[3][200];
    snprintf(want[0], 200, "lists.nif: SwitchList switch 0 at 0x%zx: case_dest_index[1] 9 but ObjList has 3 elements", sw);
    snprintf(want[1], 200, "lists.nif: TexList tex 0 at 0x%zx: tex_tile_img_index[1] 5 but TexImgList has 1 tex imgs", tex);
    snprintf(want[2], 200, "lists.nif: ShapeList shape 0 at 0x%zx: external_mat_file_name_index 3 but ExternalNameList "
             "has 1 external names", shape);
    size_t e = 0;
    for (size_t i = 0; i < d.count; i++)
        if (d.items[i].severity == RM_ERROR)
            assert_string_equal(d.items[i].text, want[e++]);
    rm_diag_free(&d);
    free(bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lists),
        cmocka_unit_test(test_bad_links),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
