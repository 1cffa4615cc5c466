/* tests/formats/niff/test_niff_read_neb.c - the NIFF 2.0 extension blocks
   the reader decodes into typed views and whose links it checks: the
   AnimGroup NEB (spec §7.9: 37-word fixed part, then RotateAxis, RotateX/Y/Z,
   OrientationXY, Translation, UniqueScale, ClassicalScale keys; seven
   constraint (kind, node) pairs and their external name pairs), the Mat NEB
   (spec §7.6: external Tex name pairs, PrimColorAnim and PrimColorAnimForFog
   keys), the SceneList NEB's external name arrays (spec §7.2), the
   ClusterList (spec §7.13: Cluster transform nodes, ClusterTri indices,
   Part tri_index of a Shape drawn by a ClusterShape) and the EnvelopeList
   (FullWeightedPart transform node, Part tri_index of a Shape drawn by an
   Envelope). Every message the checks can give is asserted word for word.

   How the expected values were worked out: every element below is written
   word by word from the spec's tables (the comments give the byte offsets);
   the values put in are distinct so that a field read from the wrong place
   shows. The typed values must equal what was put in, and a few are also
   read back from the built bytes at the offset the spec gives (list offset
   + 24-byte list header + 4-byte size array = the element; AnimGroup NEB at
   element + 48; channel records at NEB + 148, sizes 40/16/16/16/56/32/32/32),
   an independent computation of the layout. Expected sizes in the messages
   are the same sums done by hand in the comments. */
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

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static void f3(nb_words *w, float a, float b, float c)
{
    nb_f32(w, a);
    nb_f32(w, b);
    nb_f32(w, c);
}

/* ---- AnimGroup with a 2.0 NEB ---- */

/* NEB counts (rotate_axis, rotate_x, rotate_y, rotate_z, orientation_xy,
   translation, unique_scale, classical_scale) = 1, 2, 1, 1, 1, 2, 1, 1:
   148 + 40*1 + 16*(2+1+1) + 56*1 + 32*(2+1+1) = 148+40+64+56+128 = 436 bytes. */
#define ANIM_NEB 436u

/* The constraint pairs written: orientation -> Obj 1, direction unused,
   upvector external (ExternalName 0 "lib.nif", 1 "bone"), preferred axis ->
   AnimGroup 0 (any list tag is a kind), position -> Obj 0, unique and
   classical scale unused. `short_neb`: an 8-byte NEB instead (two words). */
static void add_anim_group(nb_file *b, bool short_neb)
{
    nb_words w = {0};
    uint32_t neb = short_neb ? 8u : ANIM_NEB;
    nb_u32(&w, RM_NIFF_TAG_ANIM_GROUP);
    nb_u32(&w, 0);                          /* this_anim_group_index */
    nb_u32(&w, 48 + 148);                   /* header size as the writer of §10 item 4 */
    nb_u32(&w, 48 + neb);                   /* anim_group_size: fixed 48 + NEB, no Anim areas */
    nb_u32(&w, 0);                          /* anim_name_index: Name 0 */
    nb_u32(&w, RM_NIFF_ANIM_TYPE_KEY);
    nb_u32(&w, 30);                         /* frame_rate */
    nb_u32(&w, 0);                          /* anim_num: the channels replace the Anim areas */
    nb_u32(&w, RM_NIFF_ANIM_LOOP_ENDLESS);
    nb_u32(&w, RM_NIFF_ANIM_ROT_ORDER_XYZ);
    nb_u32(&w, neb);
    nb_u32(&w, 0);
    /* NEB +0x00 use_animation_channel: the eight channels 0xff, orientation
       constraint 0x100 and position constraint 0x1000 */
    nb_u32(&w, 0x11ffu);
    if (short_neb) {
        nb_u32(&w, 1);
        nb_add_words(b, RM_NIFF_LIST_ANIM, &w);
        return;
    }
    static const uint32_t counts[8] = {1, 2, 1, 1, 1, 2, 1, 1};    /* +0x04 .. +0x20 */
    for (int i = 0; i < 8; i++)
        nb_u32(&w, counts[i]);
    /* +0x24 .. +0x58: (kind, node) x 7 */
    static const uint32_t pairs[14] = {RM_NIFF_TAG_OBJ_LIST, 1, RM_NIFF_NOLINK, RM_NIFF_NOLINK,
        RM_NIFF_NOLINK, RM_NIFF_NOLINK, RM_NIFF_TAG_ANIM_LIST, 0, RM_NIFF_TAG_OBJ_LIST, 0,
        RM_NIFF_NOLINK, RM_NIFF_NOLINK, RM_NIFF_NOLINK, RM_NIFF_NOLINK};
    for (int i = 0; i < 14; i++)
        nb_u32(&w, pairs[i]);
    /* +0x5C .. +0x90: (external file, external obj) x 7; upvector is external */
    for (int k = 0; k < 7; k++) {
        nb_u32(&w, k == 2 ? 0u : RM_NIFF_NOLINK);
        nb_u32(&w, k == 2 ? 1u : RM_NIFF_NOLINK);
    }
    /* +148 RotateAxis[0] (40 bytes) */
    nb_u32(&w, 1);
    nb_u32(&w, 0);
    f3(&w, 0.0f, 1.0f, 0.0f);
    nb_f32(&w, 1.5f);
    f3(&w, 0.0f, 0.0f, 1.0f);
    nb_f32(&w, 0.25f);
    /* +188 RotateX[0], +204 RotateX[1], +220 RotateY[0], +236 RotateZ[0] (16 bytes each) */
    nb_u32(&w, 2); nb_u32(&w, 0); nb_f32(&w, 0.5f); nb_f32(&w, 0.125f);
    nb_u32(&w, 2); nb_u32(&w, 10); nb_f32(&w, 1.0f); nb_f32(&w, -0.5f);
    nb_u32(&w, 3); nb_u32(&w, 5); nb_f32(&w, 2.0f); nb_f32(&w, 0.0f);
    nb_u32(&w, 4); nb_u32(&w, 7); nb_f32(&w, -1.0f); nb_f32(&w, 0.75f);
    /* +252 OrientationXY[0] (56 bytes) */
    nb_u32(&w, 1); nb_u32(&w, 3);
    f3(&w, 1.0f, 0.0f, 0.0f);
    f3(&w, 0.0f, 1.0f, 0.0f);
    f3(&w, 0.0f, 0.0f, 1.0f);
    f3(&w, 0.5f, 0.5f, 0.0f);
    /* +308 Translation[0], +340 Translation[1], +372 UniqueScale[0],
       +404 ClassicalScale[0] (32 bytes each); +436 = end */
    nb_u32(&w, 1); nb_u32(&w, 0); f3(&w, 1.0f, 2.0f, 3.0f); f3(&w, 0.0f, 0.0f, 0.0f);
    nb_u32(&w, 1); nb_u32(&w, 20); f3(&w, 4.0f, 5.0f, 6.0f); f3(&w, 0.5f, 0.25f, 0.125f);
    nb_u32(&w, 0); nb_u32(&w, 1); f3(&w, 2.0f, 2.0f, 2.0f); f3(&w, 0.0f, 0.0f, 0.0f);
    nb_u32(&w, 0); nb_u32(&w, 2); f3(&w, 1.0f, 0.5f, 0.25f); f3(&w, 1.0f, 1.0f, 1.0f);
    assert_int_equal(w.n * 4, 48 + ANIM_NEB);
    nb_add_words(b, RM_NIFF_LIST_ANIM, &w);
}

/* Name 0, ExternalNames "lib.nif" and "bone", two Objs (obj 0 animated), the AnimGroup. */
static uint8_t *anim_file(size_t *size, bool short_neb)
{
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "walk");
    nb_external_name(b, "lib.nif");
    nb_external_name(b, "bone");
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.anim = 0;
    nb_add_obj(b, &o);
    nb_obj_defaults(b, &o);
    nb_add_obj(b, &o);
    add_anim_group(b, short_neb);
    return nb_finish(b, size);
}

static size_t anim_elem(const uint8_t *bytes, size_t size)
{
    return nb_list_offset(bytes, size, RM_NIFF_LIST_ANIM) + 24 + 4;
}

/* The file is read, written back identically, and each channel is what was written. */
static void expect_same_bytes(const rm_niff_file *f, const uint8_t *bytes, size_t size)
{
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *out = NULL;
    size_t out_size = 0;
    assert_int_equal(rm_niff_write(f, &out, &out_size, &d), RM_OK);
    assert_int_equal(out_size, size);
    assert_memory_equal(out, bytes, size);
    free(out);
    rm_diag_free(&d);
}

/* Reads a file that must be valid (its messages printed when it is not);
   the caller frees f and d. */
static void read_valid(const uint8_t *bytes, size_t size, rm_niff_file *f, rm_diag *d)
{
    rm_diag_init(d);
    rm_status st = rm_niff_read(bytes, size, "neb.nif", f, d);
    if (st != RM_OK)
        rm_diag_print(d, stderr, 1);
    assert_int_equal(st, RM_OK);
}

static void test_anim_channels(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = anim_file(&size, false);
    nb_save_seed("anim_channels.nif", bytes, size);
    size_t el = anim_elem(bytes, size), neb = el + 48;
    /* independent look at the layout: RotateX[1].angle at NEB + 148 + 40 + 16 + 8 */
    assert_int_equal(nb_get(bytes, neb + 148 + 40 + 16 + 8), fbits(1.0f));
    /* ClassicalScale[0].key at NEB + 404 + 4 */
    assert_int_equal(nb_get(bytes, neb + 404 + 4), 2);
    rm_diag d;
    rm_niff_file f;
    read_valid(bytes, size, &f, &d);
    assert_int_equal(d.count, 0);
    assert_int_equal(f.anim_group_count, 1);
    const rm_niff_anim_group *g = &f.anim_groups[0];
    assert_true(g->has_neb2);
    assert_true(g->has_channels);
    assert_int_equal(g->use_animation_channel, 0x11ffu);
    assert_int_equal(g->anim_num, 0);
    assert_int_equal(g->rotate_axis_num, 1);
    assert_int_equal(g->rotate_x_num, 2);
    assert_int_equal(g->rotate_y_num, 1);
    assert_int_equal(g->rotate_z_num, 1);
    assert_int_equal(g->orientation_xy_num, 1);
    assert_int_equal(g->translation_num, 2);
    assert_int_equal(g->unique_scale_num, 1);
    assert_int_equal(g->classical_scale_num, 1);
    /* constraints */
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_ORIENTATION].kind, RM_NIFF_TAG_OBJ_LIST);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_ORIENTATION].node, 1);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_DIRECTION].kind, RM_NIFF_NOLINK);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_UPVECTOR].kind, RM_NIFF_NOLINK);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_UPVECTOR].external_file_name_index, 0);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_UPVECTOR].external_obj_name_index, 1);
    assert_string_equal(rm_niff_external_name(&f, 1), "bone");
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_PREFERRED_AXIS].kind, RM_NIFF_TAG_ANIM_LIST);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_POSITION].kind, RM_NIFF_TAG_OBJ_LIST);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_POSITION].node, 0);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_POSITION].external_file_name_index, RM_NIFF_NOLINK);
    assert_int_equal(g->constraint[RM_NIFF_CONSTRAINT_CLASSICAL_SCALE].external_obj_name_index, RM_NIFF_NOLINK);
    /* RotateAxis */
    const rm_niff_chan_rotate_axis *ra = &g->rotate_axis[0];
    assert_int_equal(ra->interpolation_type, 1);
    assert_int_equal(ra->key, 0);
    assert_true(ra->axis[0] == 0.0f && ra->axis[1] == 1.0f && ra->axis[2] == 0.0f);
    assert_true(ra->angle == 1.5f);
    assert_true(ra->d_axis[2] == 1.0f && ra->d_angle == 0.25f);
    /* RotateX/Y/Z */
    assert_int_equal(g->rotate_x[0].interpolation_type, 2);
    assert_true(g->rotate_x[0].angle == 0.5f && g->rotate_x[0].d_angle == 0.125f);
    assert_int_equal(g->rotate_x[1].key, 10);
    assert_true(g->rotate_x[1].angle == 1.0f && g->rotate_x[1].d_angle == -0.5f);
    assert_int_equal(g->rotate_y[0].interpolation_type, 3);
    assert_int_equal(g->rotate_y[0].key, 5);
    assert_true(g->rotate_y[0].angle == 2.0f);
    assert_int_equal(g->rotate_z[0].key, 7);
    assert_true(g->rotate_z[0].angle == -1.0f && g->rotate_z[0].d_angle == 0.75f);
    /* OrientationXY */
    const rm_niff_chan_orientation_xy *o = &g->orientation_xy[0];
    assert_int_equal(o->key, 3);
    assert_true(o->x_axis[0] == 1.0f && o->y_axis[1] == 1.0f && o->d_x_axis[2] == 1.0f);
    assert_true(o->d_y_axis[0] == 0.5f && o->d_y_axis[1] == 0.5f && o->d_y_axis[2] == 0.0f);
    /* Translation, UniqueScale, ClassicalScale */
    assert_int_equal(g->translation[1].key, 20);
    assert_true(g->translation[0].v[2] == 3.0f);
    assert_true(g->translation[1].v[0] == 4.0f && g->translation[1].d[2] == 0.125f);
    assert_int_equal(g->unique_scale[0].key, 1);
    assert_true(g->unique_scale[0].v[1] == 2.0f);
    assert_int_equal(g->classical_scale[0].key, 2);
    assert_true(g->classical_scale[0].v[1] == 0.5f && g->classical_scale[0].d[0] == 1.0f);
    expect_same_bytes(&f, bytes, size);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

/* true when some message of d is exactly `text`. */
static bool has_msg(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].text, text) == 0)
            return true;
    return false;
}

static rm_diag read_invalid(const uint8_t *bytes, size_t size)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_niff_file f;
    assert_int_equal(rm_niff_read(bytes, size, "neb.nif", &f, &d), RM_INVALID);
    assert_null(f.anim_groups);
    return d;
}

static void expect_msg(const rm_diag *d, const char *text)
{
    if (!has_msg(d, text)) {
        fprintf(stderr, "missing: %s\n", text);
        rm_diag_print(d, stderr, 1);
    }
    assert_true(has_msg(d, text));
}

/* Constraint links out of range: a node past its list, an unknown kind tag,
   an external name past the ExternalNameList, a switch reference without
   switches. All four are reported in one run. */
static void test_anim_constraints_bad(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = anim_file(&size, false);
    size_t el = anim_elem(bytes, size), neb = el + 48;
    nb_put(bytes, neb + 0x28, 9);              /* orientation_constraint_node 9: 2 objs */
    nb_put(bytes, neb + 0x2C, 0x00990000u);    /* kind_of_direction_constraint_node: no such list */
    nb_put(bytes, neb + 0x70, 2);              /* external_upvector_constraint_obj_name_index 2: 2 names */
    nb_put(bytes, neb + 0x48, 0x80000000u);    /* position_constraint_node: switch 0, no switches */
    rm_diag d = read_invalid(bytes, size);
    assert_int_equal(d.errors, 4);
    char want[4][220];
    snprintf(want[0], 220, "neb.nif: AnimList anim group 0 at 0x%zx: orientation_constraint_node 9 but ObjList has 2 objs",
             el);
    snprintf(want[1], 220, "neb.nif: AnimList anim group 0 at 0x%zx: kind_of_direction_constraint_node 0x00990000 is "
             "not a list tag (nor 0xffffffff)", el);
    snprintf(want[2], 220, "neb.nif: AnimList anim group 0 at 0x%zx: external_upvector_constraint_obj_name_index 2 but "
             "ExternalNameList has 2 external names", el);
    snprintf(want[3], 220, "neb.nif: AnimList anim group 0 at 0x%zx: position_constraint_node 0x80000000 (switch 0) but "
             "SwitchList has 0 switches", el);
    for (int i = 0; i < 4; i++)
        expect_msg(&d, want[i]);
    rm_diag_free(&d);
    free(bytes);
}

/* Channel counts that need more bytes than the NEB has: classical_scale_num
   2 needs 148 + 40 + 64 + 56 + 32*5 = 468 bytes; the NEB has 436. */
static void test_anim_counts_too_big(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = anim_file(&size, false);
    size_t el = anim_elem(bytes, size);
    nb_put(bytes, el + 48 + 0x20, 2);
    rm_diag d = read_invalid(bytes, size);
    assert_int_equal(d.errors, 1);
    char want[320];
    snprintf(want, sizeof want, "neb.nif: AnimList anim group 0 at 0x%zx: the 2.0 NEB's channel counts (rotate_axis_num 1, "
             "rotate_x/y/z_num 2/1/1, orientation_xy_num 1, translation_num 2, unique_scale_num 1, "
             "classical_scale_num 2) need 468 bytes but the NEB is 436", el);
    expect_msg(&d, want);
    rm_diag_free(&d);
    free(bytes);
}

/* An 8-byte NEB: use_animation_channel is read, the rest is not (one warning). */
static void test_anim_short_neb(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = anim_file(&size, true);
    size_t el = anim_elem(bytes, size);
    rm_diag d;
    rm_diag_init(&d);
    rm_niff_file f;
    assert_int_equal(rm_niff_read(bytes, size, "neb.nif", &f, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    char want[220];
    snprintf(want, sizeof want, "neb.nif: AnimList anim group 0 at 0x%zx: warning: the 2.0 NEB is 8 bytes, less than "
             "the AnimGroup NEB's 148-byte fixed part; its channels and constraints are not read (said once)", el);
    expect_msg(&d, want);
    assert_true(f.anim_groups[0].has_neb2);
    assert_int_equal(f.anim_groups[0].use_animation_channel, 0x11ffu);
    assert_false(f.anim_groups[0].has_channels);
    assert_null(f.anim_groups[0].rotate_x);
    expect_same_bytes(&f, bytes, size);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

/* use_animation_channel with bits past CLASSICAL_SCALE_CONSTRAINT (0x4000):
   warned once, the file is still read. */
static void test_anim_unknown_bits(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = anim_file(&size, false);
    size_t el = anim_elem(bytes, size);
    nb_put(bytes, el + 48, 0x000180ffu);
    rm_diag d;
    rm_diag_init(&d);
    rm_niff_file f;
    assert_int_equal(rm_niff_read(bytes, size, "neb.nif", &f, &d), RM_OK);
    assert_int_equal(d.count, 1);
    char want[220];
    snprintf(want, sizeof want, "neb.nif: AnimList anim group 0 at 0x%zx: warning: use_animation_channel 0x000180ff has "
             "bits the spec does not define (above 0x4000) (said once)", el);
    expect_msg(&d, want);
    assert_true(f.anim_groups[0].has_channels);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

/* ---- SceneList 2.0 NEB (spec §7.2) ---- */

/* SceneHeader: 11 words (44 bytes, no 1.0 links) + NEB of 5 counts
   (external_obj_num 1) + external_obj_file_name_index[1] +
   external_obj_name_index[1] = 28 bytes; scene_size 72. The SceneList sits
   right after the 136-byte 2.0 FileHeader: offset 0x88. One ExternalName. */
static uint8_t *scene_file(size_t *size, uint32_t neb_size, uint32_t file_index, uint32_t name_index)
{
    nb_file *b = nb_new(0xff000200u);
    nb_external_name(b, "lib.nif");
    const uint32_t scene[] = {RM_NIFF_TAG_SCENE_HEADER, 44, 44 + neb_size, 0, RM_NIFF_NOLINK, 0, 0, 0, 0, neb_size, 0,
                              0, 1, 0, 0, 0, file_index, name_index};
    nb_scene(b, scene, 11 + neb_size / 4);
    return nb_finish(b, size);
}

static void test_scene_neb_external(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = scene_file(&size, 28, 0, 0);
    rm_diag d;
    rm_diag_init(&d);
    rm_niff_file f;
    assert_int_equal(rm_niff_read(bytes, size, "neb.nif", &f, &d), RM_OK);
    assert_int_equal(f.scene.external_obj_num, 1);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);

    bytes = scene_file(&size, 28, 0, 3);      /* external_obj_name_index[0] 3: one name */
    d = read_invalid(bytes, size);
    assert_int_equal(d.errors, 1);
    expect_msg(&d, "neb.nif: SceneList scene at 0x88: external_obj_name_index[0] 3 but ExternalNameList has "
                   "1 external names");
    rm_diag_free(&d);
    free(bytes);

    /* a 20-byte NEB (the counts only): the pair needs 20 + 4*2 = 28 bytes */
    bytes = scene_file(&size, 20, 0, 0);
    d = read_invalid(bytes, size);
    assert_int_equal(d.errors, 1);
    expect_msg(&d, "neb.nif: SceneList scene at 0x88: the 2.0 NEB's counts need 28 bytes but the NEB is 20");
    rm_diag_free(&d);
    free(bytes);
}

/* ---- Mat with a 2.0 NEB ---- */

/* Mat (spec §5.13: 26 words = 104 bytes, no textures) + NEB (spec §7.6):
   104 fixed bytes + external_tex_num 2 pairs (2*2*4 = 16) + 2 PrimColorAnim
   + 1 PrimColorAnimForFog (3*24 = 72) = 192 bytes; Mat size 104 + 192 = 296.
   ExternalNames: 0 "lib.nif", 1 "wood", 2 "stone". */
#define MAT_NEB 192u

static uint8_t *mat_file(size_t *size)
{
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "crate");
    nb_external_name(b, "lib.nif");
    nb_external_name(b, "wood");
    nb_external_name(b, "stone");
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_MAT);
    nb_u32(&w, 0);
    nb_u32(&w, 104 + MAT_NEB);
    nb_u32(&w, 0);                                   /* mat_name_index */
    nb_u32(&w, RM_NIFF_MAT_TYPE_NIFF);
    nb_u32(&w, RM_NIFF_MAT_SHADE_LIGHT_OFF);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_PRIM);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_NONE);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_NONE);
    nb_f32(&w, 0.5f); nb_f32(&w, 0.5f); nb_f32(&w, 0.5f); nb_f32(&w, 1.0f);  /* prim */
    for (int i = 0; i < 8; i++)
        nb_u32(&w, 0);                               /* user flags */
    nb_u32(&w, 0);                                   /* local_light_index (light off) */
    nb_u32(&w, 0);                                   /* tex_num */
    nb_u32(&w, MAT_NEB);
    nb_u32(&w, 0);
    /* NEB +0 ambient, +16 emission, +32 diffuse */
    nb_f32(&w, 0.25f); nb_f32(&w, 0.25f); nb_f32(&w, 0.25f); nb_f32(&w, 1.0f);
    nb_f32(&w, 0.0f); nb_f32(&w, 0.0f); nb_f32(&w, 0.0f); nb_f32(&w, 0.0f);
    nb_f32(&w, 1.0f); nb_f32(&w, 1.0f); nb_f32(&w, 1.0f); nb_f32(&w, 1.0f);
    /* +48 fog types */
    nb_u32(&w, RM_NIFF_MAT_TYPE_NIFF);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_PRIM);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_NONE);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_NONE);
    /* +68 prim for fog */
    nb_f32(&w, 0.5f); nb_f32(&w, 0.5f); nb_f32(&w, 0.5f); nb_f32(&w, 1.0f);
    nb_u32(&w, RM_NIFF_NOLINK);                      /* +84 external_local_light_file_name_index */
    nb_u32(&w, RM_NIFF_NOLINK);                      /* +88 external_local_light_name_index */
    nb_u32(&w, 2);                                   /* +92 external_tex_num */
    nb_u32(&w, 2);                                   /* +96 prim_color_anim_num */
    nb_u32(&w, 1);                                   /* +100 prim_color_anim_num_for_fog */
    nb_u32(&w, 0); nb_u32(&w, 0);                    /* +104 external_tex_file_name_index[2] */
    nb_u32(&w, 1); nb_u32(&w, 2);                    /* +112 external_tex_name_index[2] */
    /* +120 PrimColorAnim[0], +144 [1], +168 PrimColorAnimForFog[0]; +192 end */
    nb_u32(&w, 1); nb_u32(&w, 0); nb_f32(&w, 1.0f); nb_f32(&w, 0.0f); nb_f32(&w, 0.0f); nb_f32(&w, 1.0f);
    nb_u32(&w, 1); nb_u32(&w, 30); nb_f32(&w, 0.0f); nb_f32(&w, 0.0f); nb_f32(&w, 1.0f); nb_f32(&w, 0.5f);
    nb_u32(&w, 0); nb_u32(&w, 0); nb_f32(&w, 0.25f); nb_f32(&w, 0.25f); nb_f32(&w, 0.25f); nb_f32(&w, 1.0f);
    assert_int_equal(w.n * 4, 104 + MAT_NEB);
    nb_add_words(b, RM_NIFF_LIST_MAT, &w);
    return nb_finish(b, size);
}

static size_t mat_elem(const uint8_t *bytes, size_t size)
{
    return nb_list_offset(bytes, size, RM_NIFF_LIST_MAT) + 24 + 4;
}

static void test_mat_neb(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = mat_file(&size);
    nb_save_seed("mat_neb.nif", bytes, size);
    size_t el = mat_elem(bytes, size);
    /* independent look: PrimColorAnim[1].key at Mat + 104 + 144 + 4 */
    assert_int_equal(nb_get(bytes, el + 104 + 144 + 4), 30);
    rm_diag d;
    rm_niff_file f;
    read_valid(bytes, size, &f, &d);
    assert_int_equal(d.count, 0);
    const rm_niff_mat *m = &f.mats[0];
    assert_true(m->has_neb2);
    assert_true(m->ambient[0] == 0.25f && m->diffuse[3] == 1.0f);
    assert_int_equal(m->external_tex_num, 2);
    assert_int_equal(m->external_tex_file_name_index[0], 0);
    assert_int_equal(m->external_tex_file_name_index[1], 0);
    assert_int_equal(m->external_tex_name_index[0], 1);
    assert_int_equal(m->external_tex_name_index[1], 2);
    assert_string_equal(rm_niff_external_name(&f, m->external_tex_name_index[1]), "stone");
    assert_int_equal(m->prim_color_anim_num, 2);
    assert_int_equal(m->prim_color_anim[0].interpolation_type, 1);
    assert_int_equal(m->prim_color_anim[0].key, 0);
    assert_true(m->prim_color_anim[0].color[0] == 1.0f && m->prim_color_anim[0].color[3] == 1.0f);
    assert_int_equal(m->prim_color_anim[1].key, 30);
    assert_true(m->prim_color_anim[1].color[2] == 1.0f && m->prim_color_anim[1].color[3] == 0.5f);
    assert_int_equal(m->prim_color_anim_num_for_fog, 1);
    assert_int_equal(m->prim_color_anim_for_fog[0].interpolation_type, 0);
    assert_true(m->prim_color_anim_for_fog[0].color[1] == 0.25f);
    expect_same_bytes(&f, bytes, size);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

static void test_mat_neb_bad(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = mat_file(&size);
    size_t el = mat_elem(bytes, size), neb = el + 104;
    nb_put(bytes, neb + 112 + 4, 3);          /* external_tex_name_index[1] 3: 3 external names */
    nb_put(bytes, neb + 84, 7);               /* external_local_light_file_name_index 7 */
    rm_diag d = read_invalid(bytes, size);
    assert_int_equal(d.errors, 2);
    char want[2][220];
    snprintf(want[0], 220, "neb.nif: MatList mat 0 at 0x%zx: external_tex_name_index[1] 3 but ExternalNameList has "
             "3 external names", el);
    snprintf(want[1], 220, "neb.nif: MatList mat 0 at 0x%zx: external_local_light_file_name_index 7 but "
             "ExternalNameList has 3 external names", el);
    expect_msg(&d, want[0]);
    expect_msg(&d, want[1]);
    rm_diag_free(&d);
    free(bytes);

    /* prim_color_anim_num_for_fog 5: 104 + 16 + 24*(2+5) = 288 bytes, the NEB has 192 */
    bytes = mat_file(&size);
    nb_put(bytes, neb + 100, 5);
    d = read_invalid(bytes, size);
    assert_int_equal(d.errors, 1);
    char want2[260];
    snprintf(want2, sizeof want2, "neb.nif: MatList mat 0 at 0x%zx: the 2.0 NEB's counts (external_tex_num 2, "
             "prim_color_anim_num 2, prim_color_anim_num_for_fog 5) need 288 bytes but the NEB is 192", el);
    expect_msg(&d, want2);
    rm_diag_free(&d);
    free(bytes);
}

/* ---- ClusterShape ---- */

/* VtxGroup 0 (3 vertices), VtxGroup 1 (4 vertices); Objs 0 and 1; Part 0
   (tri_index 0); Shape 0 whose geometry is ClusterShape 0 (its NEB's
   kind_of_node_for_geometry set to TAG_CLUSTER_SHAPE after building);
   ClusterShape 0 (spec §7.13: 9 words = 36 bytes + 2 Clusters of 56 + one
   ClusterTri of 100 = 248 bytes). Cluster 0 moves with Obj 0 and uses
   VtxGroup 0, Cluster 1 with Obj 1 and VtxGroup 1; other groups NOLINK. */
static void add_cluster(nb_words *w, uint32_t index, uint32_t obj, uint32_t vtx_group)
{
    nb_u32(w, RM_NIFF_TAG_CLUSTER);
    nb_u32(w, index);
    nb_u32(w, 56);
    nb_u32(w, RM_NIFF_NOLINK);                /* cluster_name_index */
    nb_u32(w, RM_NIFF_TAG_OBJ_LIST);          /* +0x10 kind_of_transform_node */
    nb_u32(w, obj);                           /* +0x14 transform_node_index */
    nb_u32(w, RM_NIFF_NOLINK);
    nb_u32(w, RM_NIFF_NOLINK);
    nb_u32(w, vtx_group);                     /* +0x20 cluster_vtx_group_index */
    for (int i = 0; i < 5; i++)
        nb_u32(w, RM_NIFF_NOLINK);            /* vtx nv, tri nv, vtx color, tri color, st */
}

static uint8_t *cluster_file(size_t *size)
{
    nb_file *b = nb_new(0xff000200u);
    static const float v3[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    static const float v4[] = {0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1};
    nb_vtx_group(b, RM_NIFF_NOLINK, 3, v3);
    nb_vtx_group(b, RM_NIFF_NOLINK, 4, v4);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.shape = 0;
    nb_add_obj(b, &o);
    nb_obj_defaults(b, &o);
    nb_add_obj(b, &o);
    static const uint32_t tris[] = {0};
    nb_part(b, RM_NIFF_NOLINK, RM_NIFF_USE_SHAPE_MAT, 0, 1, tris);
    static const uint32_t parts[] = {0};
    nb_shape(b, RM_NIFF_NOLINK, 0, RM_NIFF_NOLINK, 1, parts);
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_CLUSTER_SHAPE);
    nb_u32(&w, 0);
    nb_u32(&w, 248);
    nb_u32(&w, RM_NIFF_NOLINK);
    nb_u32(&w, 0);                            /* cluster_shape_type */
    nb_u32(&w, 2);                            /* cluster_num */
    nb_u32(&w, 1);                            /* cluster_tri_num */
    nb_u32(&w, 0);
    nb_u32(&w, 0);
    add_cluster(&w, 0, 0, 0);
    add_cluster(&w, 1, 1, 1);
    /* ClusterTri (its tag was not recovered, spec §10 item 22: any is read) */
    nb_u32(&w, 0x00280120u);
    nb_u32(&w, 0);
    nb_u32(&w, 100);
    nb_u32(&w, RM_NIFF_TAG_CLUSTER);          /* +0x0C kind_of_cluster_for_tri */
    nb_u32(&w, 0);                            /* +0x10 cluster_index_for_tri */
    nb_u32(&w, 0);                            /* +0x14 tri_nv_index (no group: unused) */
    nb_u32(&w, 0);                            /* +0x18 tri_color_index */
    static const uint32_t corner[3][2] = {{0, 2}, {1, 3}, {1, 0}};   /* (cluster, vtx) */
    for (int v = 0; v < 3; v++) {             /* +0x1C, +0x34, +0x4C */
        nb_u32(&w, RM_NIFF_TAG_CLUSTER);
        nb_u32(&w, corner[v][0]);
        nb_u32(&w, corner[v][1]);
        nb_u32(&w, 0);                        /* st, vtx nv, vtx color: no groups */
        nb_u32(&w, 0);
        nb_u32(&w, 0);
    }
    assert_int_equal(w.n * 4, 248);
    nb_add_words(b, RM_NIFF_LIST_CLUSTER, &w);
    uint8_t *bytes = nb_finish(b, size);
    /* Shape 0: 10 words, 1 part link, then NEB word 0 = kind_of_node_for_geometry */
    size_t shape = nb_list_offset(bytes, *size, RM_NIFF_LIST_SHAPE) + 24 + 4;
    assert_int_equal(nb_get(bytes, shape + 44), RM_NIFF_TAG_TRI_GROUP);
    nb_put(bytes, shape + 44, RM_NIFF_TAG_CLUSTER_SHAPE);
    return bytes;
}

static void test_cluster_valid(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = cluster_file(&size);
    nb_save_seed("cluster.nif", bytes, size);
    rm_diag d;
    rm_niff_file f;
    read_valid(bytes, size, &f, &d);
    assert_int_equal(d.errors, 0);
    assert_int_equal(f.shapes[0].kind_of_node_for_geometry, RM_NIFF_TAG_CLUSTER_SHAPE);
    expect_same_bytes(&f, bytes, size);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

static void test_cluster_bad(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = cluster_file(&size);
    size_t cs = nb_list_offset(bytes, size, RM_NIFF_LIST_CLUSTER) + 24 + 4;
    size_t cl0 = cs + 36, cl1 = cs + 36 + 56, ct = cs + 36 + 112;
    size_t part = nb_list_offset(bytes, size, RM_NIFF_LIST_PART) + 24 + 4;
    nb_put(bytes, cl0 + 0x10, RM_NIFF_TAG_SHAPE_LIST);  /* kind_of_transform_node: only ObjList */
    nb_put(bytes, cl1 + 0x14, 5);                       /* transform_node_index 5: 2 objs */
    nb_put(bytes, ct + 0x3C, 4);                        /* v1.vtx_index 4: VtxGroup 1 has 4 */
    nb_put(bytes, ct + 0x50, 2);                        /* v2.cluster_index 2: 2 clusters */
    nb_put(bytes, part + 36, 1);                        /* tri_index[0] 1: 1 cluster tri */
    rm_diag d = read_invalid(bytes, size);
    assert_int_equal(d.errors, 5);
    char want[5][220];
    snprintf(want[0], 220, "neb.nif: ClusterList cluster shape 0 cluster 0 at 0x%zx: kind_of_transform_node 0x00030000 "
             "is not ObjList (0x00020000) or 0xffffffff", cl0);
    snprintf(want[1], 220, "neb.nif: ClusterList cluster shape 0 cluster 1 at 0x%zx: transform_node_index 5 but ObjList "
             "has 2 objs", cl1);
    snprintf(want[2], 220, "neb.nif: ClusterList cluster shape 0 cluster tri 0 at 0x%zx: v1.vtx_index 4 but VtxGroup 1 "
             "(of cluster 1) has 4 vertices", ct);
    snprintf(want[3], 220, "neb.nif: ClusterList cluster shape 0 cluster tri 0 at 0x%zx: v2.cluster_index 2 but cluster "
             "shape 0 has 2 clusters", ct);
    snprintf(want[4], 220, "neb.nif: PartList part 0 at 0x%zx: tri_index[0] 1 but ClusterShape 0 (of shape 0) has 1 "
             "cluster tris", part);
    for (int i = 0; i < 5; i++)
        expect_msg(&d, want[i]);
    rm_diag_free(&d);
    free(bytes);
}

/* ---- Envelope (spec §7.12) ---- */

/* One Obj; Part 0 (tri_index 0); Shape 0 drawn by Envelope 0 (NEB kind set
   after building); Envelope 0: 11 words (44 bytes) + one FullWeightedPart
   (16 words = 64 bytes) = 108 bytes, envelope_tri_num 0. The part's
   transform node is Obj 3 (one Obj) and the Part's tri 0 is past the 0
   EnvelopeTris: two errors. */
static void test_envelope_links(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.shape = 0;
    nb_add_obj(b, &o);
    static const uint32_t tris[] = {0};
    nb_part(b, RM_NIFF_NOLINK, RM_NIFF_USE_SHAPE_MAT, 0, 1, tris);
    static const uint32_t parts[] = {0};
    nb_shape(b, RM_NIFF_NOLINK, 0, RM_NIFF_NOLINK, 1, parts);
    static const uint32_t env[] = {RM_NIFF_TAG_ENVELOPE, 0, 108, RM_NIFF_NOLINK, 0, 1, 0, 0, 0, 0, 0,
        /* FullWeightedPart: +0x10 kind_of_transform_node_full, +0x14 transform_node_index_full */
        RM_NIFF_TAG_FULL_WEIGHTED_PART, 0, 64, RM_NIFF_NOLINK, RM_NIFF_TAG_OBJ_LIST, 3, RM_NIFF_NOLINK,
        RM_NIFF_NOLINK, RM_NIFF_NOLINK, RM_NIFF_NOLINK, RM_NIFF_NOLINK, RM_NIFF_NOLINK, RM_NIFF_NOLINK,
        RM_NIFF_NOLINK, 0, 0};
    nb_add(b, RM_NIFF_LIST_ENVELOPE, env, sizeof env / sizeof env[0]);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    size_t shape = nb_list_offset(bytes, size, RM_NIFF_LIST_SHAPE) + 24 + 4;
    nb_put(bytes, shape + 44, RM_NIFF_TAG_ENVELOPE);
    size_t fwp = nb_list_offset(bytes, size, RM_NIFF_LIST_ENVELOPE) + 24 + 4 + 44;
    size_t part = nb_list_offset(bytes, size, RM_NIFF_LIST_PART) + 24 + 4;
    rm_diag d = read_invalid(bytes, size);
    assert_int_equal(d.errors, 2);
    char want[2][220];
    snprintf(want[0], 220, "neb.nif: EnvelopeList envelope 0 full weighted part 0 at 0x%zx: transform_node_index_full 3 "
             "but ObjList has 1 objs", fwp);
    snprintf(want[1], 220, "neb.nif: PartList part 0 at 0x%zx: tri_index[0] 0 but Envelope 0 (of shape 0) has 0 "
             "envelope tris", part);
    expect_msg(&d, want[0]);
    expect_msg(&d, want[1]);
    rm_diag_free(&d);
    free(bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_anim_channels),      cmocka_unit_test(test_anim_constraints_bad),
        cmocka_unit_test(test_anim_counts_too_big), cmocka_unit_test(test_anim_short_neb),
        cmocka_unit_test(test_anim_unknown_bits),  cmocka_unit_test(test_scene_neb_external),
        cmocka_unit_test(test_mat_neb),            cmocka_unit_test(test_mat_neb_bad),
        cmocka_unit_test(test_cluster_valid),      cmocka_unit_test(test_cluster_bad),
        cmocka_unit_test(test_envelope_links),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
