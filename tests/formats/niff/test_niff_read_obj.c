/* tests/formats/niff/test_niff_read_obj.c - the Obj area (seed 004, spec
   §5.5 and §7.4) field by field: a NULL root with 32 children, an object
   with three LOD levels (the last OBJ_LOD_DIST_MAX) and the 2.0 NEB, a
   billboard with its billboard Anim, NOLINK sentinels everywhere, and a
   shape link through a Switch (0x80000000 | 0).

   Where the expected numbers come from:
   - FileHeader 100 + 36 (2.0 NEB) = 136 bytes (spec §3.2).
   - SceneList: 44 fixed bytes + 1 obj link + 20-byte 2.0 NEB = 68 (§5.1, §7.2).
   - EnvList, CamList, LightList empty: 24 bytes each (§2.6) -> ObjList at
     136 + 68 + 3*24 = 276.
   - ObjList header 24 + a 35-entry size array 140 -> obj 0 at 276 + 164 = 440.
   - obj 0: 88 fixed + 32 child links * 4 = 216 bytes (no NEB) -> obj 1 at 656.
   - obj 1: 88 + 3 LOD distances + 3 LOD links (24) + 28-byte NEB = 140.
   Field offsets inside an Obj are the seed's memory map (22 u32 words, in
   order), i.e. spec §5.5's table: 0x3C parent, 0x40 shape ... 0x54 UEB size,
   arrays from 0x58. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "formats/niff/niff_build.h"
#include "retromesh/niff.h"

#define N_OBJ 35u
#define F10 0x41200000u   /* 10.0f: sign 0, exponent 130, mantissa 0x200000 */
#define F100 0x42c80000u  /* 100.0f: exponent 133, mantissa 0x480000 */

static uint8_t *obj_file(size_t *size)
{
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "root");
    nb_name(b, "lod_obj");
    static const float xyz[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    nb_vtx_group(b, RM_NIFF_NOLINK, 3, xyz);
    nb_tri tri = {0, 0, {0, 1, 2}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    static const uint32_t ref[6] = {0, 0, 0, 0, 0, 0};
    nb_tri_group(b, RM_NIFF_NOLINK, ref, 1, &tri);
    nb_shape(b, RM_NIFF_NOLINK, 0, RM_NIFF_NOLINK, 0, NULL);

    /* Switch 0: a ShapeList switch, default shape 0, one case (value 7 -> 0). */
    static const uint32_t sw[] = {RM_NIFF_TAG_SWITCH, 0, 44, RM_NIFF_TAG_SHAPE_LIST, 0, 1, 0, 0, 0, 7, 0};
    nb_add(b, RM_NIFF_LIST_SWITCH, sw, 11);

    /* AnimGroup 0: one billboard Anim (20 bytes) facing obj 0, up from obj 1. */
    static const uint32_t anim[] = {RM_NIFF_TAG_ANIM_GROUP, 0, 48, 68, RM_NIFF_NOLINK, RM_NIFF_ANIM_TYPE_BILLBOARD_OBJ,
                                    30, 1, 0, RM_NIFF_ANIM_ROT_ORDER_XYZ, 0, 0,
                                    RM_NIFF_TAG_ANIM_BILLBOARD_OBJ, 0, 20, 0, 1};
    nb_add(b, RM_NIFF_LIST_ANIM, anim, 17);

    /* obj 0: NULL root, every link NOLINK, 32 children (objs 1..32). */
    uint32_t children[32];
    for (uint32_t i = 0; i < 32; i++)
        children[i] = i + 1;
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.neb2 = false;
    o.name = 0;
    o.type = RM_NIFF_OBJ_TYPE_NULL;
    o.child_num = 32;
    o.child_link = children;
    nb_add_obj(b, &o);

    /* obj 1, by hand: every field a distinct value. */
    static const uint32_t obj1[35] = {
        RM_NIFF_TAG_OBJ, 1, 140, 1,                 /* 0x00 tag, 0x04 index, 0x08 size, 0x0C name */
        RM_NIFF_OBJ_STATE_ACTIVE, RM_NIFF_OBJ_TYPE_3D, 5, 6,   /* 0x10 state, 0x14 type, 0x18 group, 0x1C pri */
        RM_NIFF_OBJ_RENDER_CYC_2CYC, 0x04000123u,   /* 0x20 cycle, 0x24 render_pri: N64GBI << 24 | 0x123 */
        0x0f0a4000u, 0x00112078u,                   /* 0x28 render_type0, 0x2C render_type1 */
        RM_NIFF_ANY_LINK_BILLBOARD, 3, 0,           /* 0x30 billboard flag, 0x34 lod_num, 0x38 child_num */
        0, 0, RM_NIFF_NOLINK, RM_NIFF_NOLINK, RM_NIFF_NOLINK,   /* 0x3C parent .. 0x4C coll */
        28, 0,                                      /* 0x50 NEB size, 0x54 UEB size */
        F10, F100, RM_NIFF_OBJ_LOD_DIST_MAX,        /* 0x58 obj_lod_dist[3] */
        1, 33, 34,                                  /* 0x64 obj_lod_link[3] */
        0, 0x00500000u, 0, 0, 0, 0, 0,              /* 0x70 NEB: fog render fields, 3 zero counts */
    };
    nb_add(b, RM_NIFF_LIST_OBJ, obj1, 35);

    /* obj 2: billboard; obj 3: shape through switch 0; 4..32 plain children;
       33, 34: the LOD levels (not in the hierarchy). */
    for (uint32_t i = 2; i < N_OBJ; i++) {
        nb_obj_defaults(b, &o);
        o.neb2 = false;
        o.parent = i <= 32 ? 0 : RM_NIFF_NOLINK;
        o.shape = 0;
        if (i == 2) {
            o.type = RM_NIFF_OBJ_TYPE_BILLBOARD;
            o.anim = 0;
        }
        if (i == 3)
            o.shape = RM_NIFF_SWITCH_BIT | 0;
        nb_add_obj(b, &o);
    }
    static const uint32_t top[] = {0};
    nb_scene_objs(b, 1, top);
    return nb_finish(b, size);
}

static void read_ok(const uint8_t *bytes, size_t size, rm_niff_file *f)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_niff_read(bytes, size, "obj.nif", f, &d);
    if (st != RM_OK || d.count)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
}

static void test_offsets(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = obj_file(&size);
    rm_niff_file f;
    read_ok(bytes, size, &f);
    assert_int_equal(f.lists[RM_NIFF_LIST_OBJ].offset, 276);
    assert_int_equal(nb_get(bytes, 276), RM_NIFF_TAG_OBJ_LIST);
    assert_int_equal(nb_get(bytes, 276 + 4), 24 + 4 * N_OBJ);   /* obj_list_header_size */
    assert_int_equal(nb_get(bytes, 276 + 12), N_OBJ);          /* obj_num */
    assert_int_equal(nb_get(bytes, 276 + 24), 216);            /* obj_num_byte[0] */
    assert_int_equal(nb_get(bytes, 276 + 28), 140);            /* obj_num_byte[1] */
    assert_int_equal(f.objs[0].offset, 440);
    assert_int_equal(f.objs[1].offset, 656);
    assert_int_equal(f.objs[2].offset, 656 + 140);
    /* obj 1 in the file, byte by byte against the spec's offsets */
    const size_t o = 656;
    static const struct { uint32_t off, value; } words[] = {
        {0x00, RM_NIFF_TAG_OBJ}, {0x04, 1}, {0x08, 140}, {0x0C, 1}, {0x10, 1}, {0x14, 1}, {0x18, 5}, {0x1C, 6},
        {0x20, 1}, {0x24, 0x04000123u}, {0x28, 0x0f0a4000u}, {0x2C, 0x00112078u}, {0x30, 1}, {0x34, 3}, {0x38, 0},
        {0x3C, 0}, {0x40, 0}, {0x44, 0xffffffffu}, {0x48, 0xffffffffu}, {0x4C, 0xffffffffu}, {0x50, 28}, {0x54, 0},
        {0x58, F10}, {0x5C, F100}, {0x60, 0xffffffffu}, {0x64, 1}, {0x68, 33}, {0x6C, 34},
        {0x70, 0}, {0x74, 0x00500000u},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        assert_int_equal(nb_get(bytes, o + words[i].off), words[i].value);
        /* and the byte itself: most significant first (big-endian, §2.1) */
        assert_int_equal(bytes[o + words[i].off], (uint8_t)(words[i].value >> 24));
        assert_int_equal(bytes[o + words[i].off + 3], (uint8_t)words[i].value);
    }
    rm_niff_free(&f);
    free(bytes);
}

static void test_fields(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = obj_file(&size);
    rm_niff_file f;
    read_ok(bytes, size, &f);
    assert_int_equal(f.obj_count, N_OBJ);

    const rm_niff_obj *root = &f.objs[0];
    assert_int_equal(root->type, RM_NIFF_OBJ_TYPE_NULL);
    assert_int_equal(root->parent_link, RM_NIFF_NOLINK);
    assert_int_equal(root->shape_link, RM_NIFF_NOLINK);
    assert_int_equal(root->mat_link, RM_NIFF_NOLINK);
    assert_int_equal(root->anim_link, RM_NIFF_NOLINK);
    assert_int_equal(root->coll_link, RM_NIFF_NOLINK);
    assert_int_equal(root->lod_num, RM_NIFF_OBJ_NOLOD);
    assert_null(root->lod_dist);
    assert_int_equal(root->child_num, 32);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(root->child_link[i], i + 1);
    assert_false(root->has_neb2);
    assert_string_equal(rm_niff_name(&f, root->name_index), "root");

    const rm_niff_obj *l = &f.objs[1];
    assert_int_equal(l->index, 1);
    assert_int_equal(l->size, 140);
    assert_string_equal(rm_niff_name(&f, l->name_index), "lod_obj");
    assert_int_equal(l->state, RM_NIFF_OBJ_STATE_ACTIVE);
    assert_int_equal(l->type, RM_NIFF_OBJ_TYPE_3D);
    assert_int_equal(l->group, 5);
    assert_int_equal(l->pri, 6);
    assert_int_equal(l->render_cycle_type, RM_NIFF_OBJ_RENDER_CYC_2CYC);
    assert_int_equal(l->render_pri >> 24, RM_NIFF_OBJ_RENDER_FLAG_N64GBI);
    assert_int_equal(l->render_pri & 0xffffffu, 0x123);
    assert_int_equal(l->render_type0, 0x0f0a4000u);
    assert_int_equal(l->render_type1, 0x00112078u);
    assert_int_equal(l->have_link_billboard, RM_NIFF_ANY_LINK_BILLBOARD);
    assert_int_equal(l->lod_num, 3);
    assert_true(l->lod_dist[0] == 10.0f);
    assert_true(l->lod_dist[1] == 100.0f);
    assert_int_equal(l->lod_dist_bits[2], RM_NIFF_OBJ_LOD_DIST_MAX);
    assert_true(l->lod_dist[2] != l->lod_dist[2]);   /* the bit pattern is a NaN (spec §10 item 8) */
    assert_int_equal(l->lod_link[0], 1);
    assert_int_equal(l->lod_link[1], 33);
    assert_int_equal(l->lod_link[2], 34);
    assert_int_equal(l->child_num, 0);
    assert_int_equal(l->parent_link, 0);
    assert_int_equal(l->shape_link, 0);
    assert_true(l->has_neb2);
    assert_int_equal(l->render_pri_for_fog, RM_NIFF_OBJ_RENDER_NIFF_XLU_SURF);
    assert_int_equal(l->chain_root_link_num, 0);
    assert_int_equal(l->neb.size, 28);

    const rm_niff_obj *bb = &f.objs[2];
    assert_int_equal(bb->type, RM_NIFF_OBJ_TYPE_BILLBOARD);
    assert_int_equal(bb->anim_link, 0);
    const rm_niff_anim *a = &f.anim_groups[0].anims[0];
    assert_int_equal(f.anim_groups[0].type, RM_NIFF_ANIM_TYPE_BILLBOARD_OBJ);
    assert_int_equal(a->tag, RM_NIFF_TAG_ANIM_BILLBOARD_OBJ);
    assert_int_equal(a->size, 20);
    assert_int_equal(a->lookat_obj_index, 0);
    assert_int_equal(a->upper_obj_index, 1);

    const rm_niff_obj *s = &f.objs[3];
    assert_true(rm_niff_link_is_switch(s->shape_link));
    assert_int_equal(rm_niff_switch_index(s->shape_link), 0);

    assert_int_equal(f.objs[33].parent_link, RM_NIFF_NOLINK);
    assert_int_equal(f.objs[34].index, 34);
    rm_niff_free(&f);
    free(bytes);
}

/* read -> write: the same bytes (the Obj area and everything else). */
static void test_round_trip(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = obj_file(&size);
    nb_save_seed("obj_area.nif", bytes, size);
    rm_niff_file f;
    read_ok(bytes, size, &f);
    uint8_t *out;
    size_t out_size;
    assert_int_equal(rm_niff_write(&f, &out, &out_size, NULL), RM_OK);
    assert_int_equal(out_size, size);
    assert_memory_equal(out, bytes, size);
    free(out);
    rm_niff_free(&f);
    free(bytes);
}

/* Link problems in the Obj area, all reported in one run. */
static void test_bad_links(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = obj_file(&size);
    nb_put(bytes, 656 + 0x40, 9);                 /* obj 1 shape 9 (1 shape) */
    nb_put(bytes, 656 + 0x68, 35);                /* obj 1 obj_lod_link[1] 35 (35 objs) */
    nb_put(bytes, 440 + 0x58 + 4 * 31, 40);       /* obj 0 obj_child_link[31] 40 */
    nb_put(bytes, 440 + 0x44, 0x80000001u);       /* obj 0 mat: switch 1 (1 switch) */
    rm_niff_file f;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read(bytes, size, "obj.nif", &f, &d), RM_INVALID);
    assert_int_equal(d.errors, 4);
    assert_string_equal(d.items[0].text, "obj.nif: ObjList obj 0 at 0x1b8: obj_mat_link 0x80000001 (switch 1) but "
                                         "SwitchList has 1 switches");
    assert_string_equal(d.items[1].text, "obj.nif: ObjList obj 0 at 0x1b8: obj_child_link[31] 40 but ObjList has 35 objs");
    assert_string_equal(d.items[2].text, "obj.nif: ObjList obj 1 at 0x290: obj_shape_link 9 but ShapeList has 1 shapes");
    assert_string_equal(d.items[3].text, "obj.nif: ObjList obj 1 at 0x290: obj_lod_link[1] 35 but ObjList has 35 objs");
    assert_null(f.objs);
    rm_diag_free(&d);
    free(bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_offsets),
        cmocka_unit_test(test_fields),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_links),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
