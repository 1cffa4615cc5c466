/* The skeleton step of the converter (src/convert/skeleton.c): degrees to
   jo_angle, the signs of the axes, pivots and roots through the axes and
   the scale, GRUP indexes, the BONE and ANIM bytes against a file assembled
   by hand from the seed, and the errors that need the model.

   Conventions of the expected values: a unit of the model is 65536 raw
   (Q16.16); with the default axes a point (x, y, z) becomes (x, -y, -z); an
   angle of d degrees is d * 65536 / 360 rounded, halves away from zero,
   wrapped to 16 bits; about Y and Z it changes sign with the axes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/diag_check.h"
#include "convert/mesh_builder.h"
#include "convert/stages.h"
#include "retromesh/convert.h"
#include "retromesh/jom.h"
#include "retromesh/obj.h"
#include "retromesh/skeleton.h"

#define U 65536

/* A skeleton from JSON text that must be valid ("rig.json"). */
static void skeleton_of(const char *json, rm_skeleton *s)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_skeleton_parse(json, strlen(json), "rig.json", s, &d);
    if (st != RM_OK)
        print_diag(&d);
    assert_int_equal(st, RM_OK);
    rm_diag_free(&d);
}

/* Two quads: "body" (first), then "leg". */
static void two_groups(rm_mesh *m)
{
    mb_init(m, "rig.obj");
    mb_square(m, 0, 0);
    mb_v(m, 0, -1, 0);
    mb_v(m, 1, -1, 0);
    mb_v(m, 1, -2, 0);
    mb_v(m, 0, -2, 0);
    uint32_t body = mb_group(m, "body", 1);
    uint32_t leg = mb_group(m, "leg", 7);
    mb_f(m, RM_MESH_NONE, body, 6, 4, 1, 2, 3, 4);
    mb_f(m, RM_MESH_NONE, leg, 12, 4, 5, 6, 7, 8);
}

/* Converts with the skeleton; the model must validate. */
static rm_status convert(const rm_mesh *m, const rm_skeleton *s, bool saturn, double scale,
                         rm_jom_model *j, rm_diag *d)
{
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.saturn_axes = saturn;
    o.scale = scale;
    o.skeleton = s;
    rm_diag_init(d);
    rm_status st = rm_convert_mesh_to_jom(m, &o, j, d);
    if (st == RM_OK) {
        rm_diag vd;
        rm_diag_init(&vd);
        rm_status v = rm_jom_validate(j, "converted.jom", &vd);
        if (v != RM_OK)
            print_diag(&vd);
        assert_int_equal(v, RM_OK);
        rm_diag_free(&vd);
    }
    return st;
}

/* ---- angles ------------------------------------------------------------ */

static void degrees_to_jo_angle(void **state)
{
    (void)state;
    /* d * 65536 / 360, by hand: */
    assert_int_equal(rm_cv_jo_angle(0.0), 0);
    assert_int_equal(rm_cv_jo_angle(-0.0), 0);
    assert_int_equal(rm_cv_jo_angle(90.0), 16384);       /* a quarter of 65536 */
    assert_int_equal(rm_cv_jo_angle(-90.0), -16384);
    assert_int_equal(rm_cv_jo_angle(45.0), 8192);
    assert_int_equal(rm_cv_jo_angle(1.0), 182);          /* 182.044 */
    assert_int_equal(rm_cv_jo_angle(30.0), 5461);        /* 5461.333 */
    assert_int_equal(rm_cv_jo_angle(-30.0), -5461);
    assert_int_equal(rm_cv_jo_angle(10.0), 1820);        /* 1820.444 */
    assert_int_equal(rm_cv_jo_angle(20.0), 3641);        /* 3640.889 */
    /* Wrapped to 16 bits, two's complement. */
    assert_int_equal(rm_cv_jo_angle(180.0), -32768);     /* 32768 -> -32768 */
    assert_int_equal(rm_cv_jo_angle(-180.0), -32768);
    assert_int_equal(rm_cv_jo_angle(360.0), 0);          /* 65536 */
    assert_int_equal(rm_cv_jo_angle(-360.0), 0);
    assert_int_equal(rm_cv_jo_angle(270.0), -16384);     /* 49152 - 65536 */
    assert_int_equal(rm_cv_jo_angle(450.0), 16384);      /* 81920 - 65536 */
    assert_int_equal(rm_cv_jo_angle(-450.0), -16384);    /* -81920 + 65536 */
    assert_int_equal(rm_cv_jo_angle(720.0 + 45.0), 8192);
    /* 359.99: 65536 - 65536 * 0.01 / 360 = 65534.18 -> 65534 -> -2;
       359.995: 65536 - 0.91 = 65535.09 -> 65535 -> -1. */
    assert_int_equal(rm_cv_jo_angle(359.99), -2);
    assert_int_equal(rm_cv_jo_angle(359.995), -1);
    assert_int_equal(rm_cv_jo_angle(179.99), 32766);     /* 32768 - 1.82 = 32766.18 */
    assert_int_equal(rm_cv_jo_angle(180.005), -32767);   /* 32768.91 -> 32769 - 65536 */
    /* Halves away from zero: 180 / 65536 = 45 / 16384 degrees is exactly
       half a unit (a binary fraction, so the product is exact). */
    assert_int_equal(rm_cv_jo_angle(45.0 / 16384.0), 1);
    assert_int_equal(rm_cv_jo_angle(-45.0 / 16384.0), -1);
    assert_int_equal(rm_cv_jo_angle(3.0 * 45.0 / 16384.0), 2);    /* 1.5 */
    assert_int_equal(rm_cv_jo_angle(-3.0 * 45.0 / 16384.0), -2);
    /* Far out: 36000090 degrees = 100000 turns + 90. */
    assert_int_equal(rm_cv_jo_angle(36000090.0), 16384);
    /* Not a number, or too big to scale: 0, never undefined behaviour. */
    assert_int_equal(rm_cv_jo_angle(NAN), 0);
    assert_int_equal(rm_cv_jo_angle(INFINITY), 0);
    assert_int_equal(rm_cv_jo_angle(1e308), 0);
}

static void signs_per_axis(void **state)
{
    (void)state;
    const double deg[3] = { 10.0, 20.0, 30.0 };
    int16_t a[3];
    /* The half turn about X: X keeps its sign, Y and Z change. */
    rm_cv_bone_angles(deg, false, a);
    assert_int_equal(a[0], 1820);
    assert_int_equal(a[1], -3641);
    assert_int_equal(a[2], -5461);
    /* --saturn-axes: nothing changes. */
    rm_cv_bone_angles(deg, true, a);
    assert_int_equal(a[0], 1820);
    assert_int_equal(a[1], 3641);
    assert_int_equal(a[2], 5461);
    /* 180 about Y: -180 is the same angle, -32768. */
    const double half[3] = { 180.0, 180.0, -90.0 };
    rm_cv_bone_angles(half, false, a);
    assert_int_equal(a[0], -32768);
    assert_int_equal(a[1], -32768);
    assert_int_equal(a[2], 16384);
}

/* ---- pivots, roots, angles in the model --------------------------------- */

static void through_axes_and_scale(void **state)
{
    (void)state;
    rm_mesh m;
    two_groups(&m);
    rm_skeleton s;
    skeleton_of("{\"bones\": [{\"name\": \"a\", \"group\": \"body\", \"pivot\": [0.5, 1.0, -0.25]}],"
                " \"animations\": [{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"root\": [1, -2, 0.75],"
                " \"angles\": {\"a\": [10, 20, 30]}}]}]}",
                &s);
    rm_jom_model j;
    rm_diag d;
    /* Scale 2, default axes: pivot (1, -2, 0.5), root (2, 4, -1.5). */
    assert_int_equal(convert(&m, &s, false, 2.0, &j, &d), RM_OK);
    assert_true(j.has_skeleton);
    assert_int_equal(j.bone_count, 1);
    assert_int_equal(j.bones[0].pivot.x, U);
    assert_int_equal(j.bones[0].pivot.y, -2 * U);
    assert_int_equal(j.bones[0].pivot.z, U / 2);
    const rm_jom_key *k = &j.animations[0].keys[0];
    assert_int_equal(k->root.x, 2 * U);
    assert_int_equal(k->root.y, 4 * U);
    assert_int_equal(k->root.z, -3 * U / 2);
    assert_int_equal(k->angles[0][0], 1820);
    assert_int_equal(k->angles[0][1], -3641);
    assert_int_equal(k->angles[0][2], -5461);
    rm_jom_free(&j);
    rm_diag_free(&d);
    /* --saturn-axes, scale 1: as written. */
    assert_int_equal(convert(&m, &s, true, 1.0, &j, &d), RM_OK);
    assert_int_equal(j.bones[0].pivot.x, U / 2);
    assert_int_equal(j.bones[0].pivot.y, U);
    assert_int_equal(j.bones[0].pivot.z, -U / 4);
    k = &j.animations[0].keys[0];
    assert_int_equal(k->root.x, U);
    assert_int_equal(k->root.y, -2 * U);
    assert_int_equal(k->root.z, 3 * U / 4);
    assert_int_equal(k->angles[0][1], 3641);
    assert_int_equal(k->angles[0][2], 5461);
    rm_jom_free(&j);
    rm_diag_free(&d);
    /* Rounding of a pivot: 1/3 -> round(21845.33) = 21845. */
    rm_skeleton_free(&s);
    skeleton_of("{\"bones\": [{\"name\": \"a\", \"pivot\": [0.3333333333, 0, 0]}]}", &s);
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_OK);
    assert_int_equal(j.bones[0].pivot.x, 21845);
    assert_int_equal(j.animation_count, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    rm_mesh_free(&m);
}

/* The GRUP index of a bone's group is the converter's order: groups
   without polygons are dropped, the others come in the order of their
   first face. */
static void group_indexes(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "rig.obj");
    for (int i = 0; i < 4; i++)
        mb_v(&m, i & 1, i >> 1, 0);
    for (int i = 0; i < 4; i++)
        mb_v(&m, i & 1, i >> 1, 5);
    mb_group(&m, "empty", 1);                    /* mesh group 0: no faces */
    uint32_t tail = mb_group(&m, "tail", 2);     /* mesh group 1: faces second */
    uint32_t body = mb_group(&m, "body", 3);     /* mesh group 2: faces first */
    mb_f(&m, RM_MESH_NONE, body, 10, 4, 1, 2, 4, 3);
    mb_f(&m, RM_MESH_NONE, tail, 11, 4, 5, 6, 8, 7);
    rm_skeleton s;
    skeleton_of("{\"bones\": [{\"name\": \"t\", \"group\": \"tail\"}, {\"name\": \"b\", \"group\": \"body\","
                " \"parent\": \"t\"}, {\"name\": \"n\"}]}",
                &s);
    rm_jom_model j;
    rm_diag d;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_OK);
    assert_int_equal(j.group_count, 2);
    assert_string_equal(j.groups[0].name, "body");
    assert_string_equal(j.groups[1].name, "tail");
    assert_int_equal(j.bones[0].group, 1);
    assert_int_equal(j.bones[1].group, 0);
    assert_int_equal(j.bones[1].parent, 0);
    assert_int_equal(j.bones[2].group, 0xFFFF);
    assert_int_equal(j.bones[2].parent, -1);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton_free(&s);

    /* A bone on the dropped group. `{"bones": [{"name": "e", "group":\n  "empty"}]}` */
    skeleton_of("{\"bones\": [{\"name\": \"e\", \"group\":\n  \"empty\"}]}", &s);
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "rig.json:2:3: error: bones[0] \"e\": group \"empty\" has no polygons in the "
                            "model, so the converter leaves it out of GRUP (give the bone no group, or give "
                            "the group faces)"));
    assert_int_equal(d.errors, 1);
    /* Nothing is left in the model. */
    assert_false(j.has_skeleton);
    assert_null(j.bones);
    assert_null(j.points);
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    rm_mesh_free(&m);
}

static void group_errors(void **state)
{
    (void)state;
    rm_mesh m;
    two_groups(&m);
    rm_skeleton s;
    rm_jom_model j;
    rm_diag d;
    skeleton_of("{\"bones\": [{\"name\": \"a\", \"group\":\n  \"nothing\"}]}", &s);
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "rig.json:2:3: error: bones[0] \"a\": group \"nothing\" is not a group of the "
                            "model (its groups: body, leg)"));
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    /* Another case: a hint. */
    skeleton_of("{\"bones\": [{\"name\": \"a\", \"group\":\n  \"Leg\"}]}", &s);
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "rig.json:2:3: error: bones[0] \"a\": group \"Leg\" is not a group of the "
                            "model (did you mean \"leg\"?)"));
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* A model without groups. */
    mb_init(&m, "flat.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 1, 0, 0);
    mb_v(&m, 0, 1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 4, 3, 1, 2, 3);
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "rig.json:2:3: error: bones[0] \"a\": group \"Leg\" is not a group of the "
                            "model (the model has no groups with polygons)"));
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    /* ... where a skeleton without groups is fine (no GRUP chunk). */
    skeleton_of("{\"bones\": [{\"name\": \"a\"}, {\"name\": \"b\", \"parent\": \"a\"}]}", &s);
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_OK);
    assert_false(j.has_groups);
    assert_true(j.has_skeleton);
    assert_int_equal(j.bones[0].group, 0xFFFF);
    assert_int_equal(j.bones[1].group, 0xFFFF);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    rm_mesh_free(&m);
}

static void range_errors(void **state)
{
    (void)state;
    rm_mesh m;
    two_groups(&m);
    rm_skeleton s;
    rm_jom_model j;
    rm_diag d;
    /* 20000 * 2 = 40000 > 32767.99998. */
    skeleton_of("{\"bones\": [{\"name\": \"a\", \"pivot\":\n  [0, 20000, 0]}]}", &s);
    assert_int_equal(convert(&m, &s, false, 2.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "rig.json:2:3: error: bones[0] \"a\": pivot y = 40000 after scale is outside "
                            "the Q16.16 range (-32768 .. 32767.99998)"));
    rm_diag_free(&d);
    /* With scale 1 it fits. */
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_OK);
    assert_int_equal(j.bones[0].pivot.y, -20000 * U);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    /* y = -32768 fits the OBJ but not the Saturn axes (32768). */
    skeleton_of("{\"bones\": [{\"name\": \"a\", \"pivot\":\n  [0, -32768, 0]}]}", &s);
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "rig.json:2:3: error: bones[0] \"a\": pivot y = -32768 after scale (32768 in "
                            "Saturn axes) is outside the Q16.16 range (-32768 .. 32767.99998)"));
    rm_diag_free(&d);
    assert_int_equal(convert(&m, &s, true, 1.0, &j, &d), RM_OK);   /* kept as -32768 */
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    /* A root: its line is the root's value; each bad one is reported. */
    skeleton_of("{\"bones\": [{\"name\": \"a\"}], \"animations\": [{\"name\": \"w\", \"key_ticks\": 1,\n"
                "\"keys\": [{}, {\"root\":\n  [0, 0, 40000]}, {\"root\":\n  [-1e9, 0, 0]}]}]}",
                &s);
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_int_equal(d.errors, 2);
    assert_true(has_msg(&d, "rig.json:3:3: error: animations[0] \"w\" keys[1]: root z = 40000 after scale "
                            "is outside the Q16.16 range (-32768 .. 32767.99998)"));
    assert_true(has_msg(&d, "rig.json:4:3: error: animations[0] \"w\" keys[2]: root x = -1000000000 after "
                            "scale is outside the Q16.16 range (-32768 .. 32767.99998)"));
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    rm_mesh_free(&m);
}

/* ---- BONE and ANIM, byte by byte ---------------------------------------- */

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The chunk with this tag (its header), walking the chunks from the
   header on; NULL when absent. *next gets the tag of the chunk after it. */
static const uint8_t *find_chunk(const uint8_t *data, size_t size, const char *tag, char next[5])
{
    size_t off = RM_JOM_HEADER_SIZE;
    while (off + 8 <= size) {
        uint32_t n = be32(data + off + 4);
        if (memcmp(data + off, tag, 4) == 0) {
            size_t after = off + 8 + n;
            memset(next, 0, 5);
            if (after + 4 <= size)
                memcpy(next, data + after, 4);
            return data + off;
        }
        off += 8 + (size_t)n;
    }
    return NULL;
}

#define Z4 0x00, 0x00, 0x00, 0x00
#define Z6 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
#define Z12 Z4, Z4, Z4

/* Three bones (odd: each key ends with 2 bytes of padding), two animations.
   BONE: 4 + 3 x 32 = 100 = 0x64 bytes. ANIM: 4 + 2 x 28 = 60 = 0x3C bytes
   of records, then keys of 12 + 3 x 6 + 2 = 32 bytes: walk's 2 keys at
   offset 0x3C, idle's key at 0x3C + 64 = 0x7C; 60 + 3 x 32 = 156 = 0x9C.
   Values: pivot (0, 1, 0) -> (0, -1, -0) = 0, 0xFFFF0000, 0;
   (0.5, 0.5, 0.25) -> 0x8000, -0x8000 = 0xFFFF8000, -0x4000 = 0xFFFFC000;
   (0, 1.5, 1) -> 0, -0x18000 = 0xFFFE8000, -0x10000 = 0xFFFF0000.
   Angles: 30 -> 5461 = 0x1555, -30 -> 0xEAAB; muzzle Y 90 -> -90 = -16384
   = 0xC000, Z 45 -> -45 = -8192 = 0xE000; root Z 180 -> -180 = -32768 =
   0x8000. idle: fps 2 -> 30 ticks = 0x1E; root (1, 0, -1) -> (1, -0, 1). */
static const char rig_json[] =
    "{\"bones\": ["
    " {\"name\": \"root\", \"group\": \"body\", \"pivot\": [0, 1, 0]},"
    " {\"name\": \"leg\", \"group\": \"leg\", \"parent\": \"root\", \"pivot\": [0.5, 0.5, 0.25]},"
    " {\"name\": \"muzzle\", \"parent\": \"root\", \"pivot\": [0, 1.5, 1]}],"
    " \"animations\": ["
    " {\"name\": \"walk\", \"key_ticks\": 6, \"loop\": true, \"keys\": ["
    "   {\"root\": [0, 0, 0], \"angles\": {\"leg\": [30, 0, 0]}},"
    "   {\"root\": [0, 0.5, 0], \"angles\": {\"leg\": [-30, 0, 0], \"muzzle\": [0, 90, 45]}}]},"
    " {\"name\": \"idle\", \"fps\": 2, \"keys\": [{\"root\": [1, 0, -1], \"angles\": {\"root\": [0, 0, 180]}}]}]}";

static const uint8_t bone_bytes[] = {
    'B', 'O', 'N', 'E', 0x00, 0x00, 0x00, 0x64,
    0x00, 0x00, 0x00, 0x03,
    'r', 'o', 'o', 't', Z12, 0x00, 0x00, /* group 0 */ 0xFF, 0xFF, /* parent -1 */
    Z4, 0xFF, 0xFF, 0x00, 0x00, Z4,
    'l', 'e', 'g', 0x00, Z12, 0x00, 0x01, /* group 1 */ 0x00, 0x00, /* parent 0 */
    0x00, 0x00, 0x80, 0x00, 0xFF, 0xFF, 0x80, 0x00, 0xFF, 0xFF, 0xC0, 0x00,
    'm', 'u', 'z', 'z', 'l', 'e', 0x00, 0x00, Z4, Z4, 0xFF, 0xFF, /* no group */ 0x00, 0x00,
    Z4, 0xFF, 0xFE, 0x80, 0x00, 0xFF, 0xFF, 0x00, 0x00,
};

static const uint8_t anim_bytes[] = {
    'A', 'N', 'I', 'M', 0x00, 0x00, 0x00, 0x9C,
    0x00, 0x00, 0x00, 0x02,
    'w', 'a', 'l', 'k', Z12, 0x00, 0x02, /* keys */ 0x00, 0x06, /* ticks */
    0x00, 0x01, /* loop */ 0x00, 0x00, /* duplicate */ 0x00, 0x00, 0x00, 0x3C, /* offset */
    'i', 'd', 'l', 'e', Z12, 0x00, 0x01, 0x00, 0x1E, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x7C,
    /* walk, key 0: root, then root / leg / muzzle angles, padding */
    Z12, Z6, 0x15, 0x55, 0x00, 0x00, 0x00, 0x00, Z6, 0x00, 0x00,
    /* walk, key 1 */
    Z4, 0xFF, 0xFF, 0x80, 0x00, Z4, Z6, 0xEA, 0xAB, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0xC0, 0x00, 0xE0, 0x00, 0x00, 0x00,
    /* idle, key 0 */
    0x00, 0x01, 0x00, 0x00, Z4, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00,
    Z6, Z6, 0x00, 0x00,
};

static void bone_and_anim_bytes(void **state)
{
    (void)state;
    rm_mesh m;
    two_groups(&m);
    rm_skeleton s;
    skeleton_of(rig_json, &s);
    rm_jom_model j;
    rm_diag d;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_OK);
    assert_int_equal(d.count, 0);
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(rm_jom_write(&j, &data, &size, &d), RM_OK);
    char next[5];
    const uint8_t *bone = find_chunk(data, size, "BONE", next);
    assert_non_null(bone);
    assert_string_equal(next, "ANIM");
    assert_true(bone + sizeof bone_bytes <= data + size);
    assert_memory_equal(bone, bone_bytes, sizeof bone_bytes);
    const uint8_t *anim = find_chunk(data, size, "ANIM", next);
    assert_non_null(anim);
    assert_string_equal(next, "END ");
    assert_true(anim + sizeof anim_bytes <= data + size);
    assert_memory_equal(anim, anim_bytes, sizeof anim_bytes);
    /* GRUP comes right before BONE. */
    assert_non_null(find_chunk(data, size, "GRUP", next));
    assert_string_equal(next, "BONE");

    /* The reader gives back the same skeleton. */
    rm_jom_model back;
    assert_int_equal(rm_jom_read(data, size, "rig.jom", &back, &d), RM_OK);
    assert_int_equal(back.bone_count, 3);
    assert_int_equal(back.animations[1].key_ticks, 30);
    assert_int_equal(back.animations[0].keys[1].angles[2][1], -16384);
    rm_jom_free(&back);
    free(data);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    rm_mesh_free(&m);
}

/* ---- without a skeleton, and skeletons built by a program --------------- */

static void no_skeleton(void **state)
{
    (void)state;
    rm_convert_options o;
    rm_convert_options_default(&o);
    assert_null(o.skeleton);
    rm_mesh m;
    two_groups(&m);
    rm_jom_model j;
    rm_diag d;
    assert_int_equal(convert(&m, NULL, false, 1.0, &j, &d), RM_OK);
    assert_false(j.has_skeleton);
    assert_int_equal(j.bone_count, 0);
    uint8_t *data = NULL;
    size_t size = 0;
    char next[5];
    assert_int_equal(rm_jom_write(&j, &data, &size, &d), RM_OK);
    assert_null(find_chunk(data, size, "BONE", next));
    assert_null(find_chunk(data, size, "ANIM", next));
    free(data);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* A skeleton the mesh carries (a glTF's) is used when the options give
   none, freed with the mesh; one given by the options wins. */
static void carried_skeleton(void **state)
{
    (void)state;
    rm_mesh m;
    two_groups(&m);
    m.skeleton = malloc(sizeof *m.skeleton);
    assert_non_null(m.skeleton);
    skeleton_of("{\"bones\": [{\"name\": \"hips\", \"group\": \"body\"},"
                " {\"name\": \"leg\", \"group\": \"leg\", \"parent\": \"hips\"}]}",
                m.skeleton);
    rm_jom_model j;
    rm_diag d;
    assert_int_equal(convert(&m, NULL, false, 1.0, &j, &d), RM_OK);
    assert_true(j.has_skeleton);
    assert_int_equal(j.bone_count, 2);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton other;
    skeleton_of("{\"bones\": [{\"name\": \"only\", \"group\": \"leg\"}]}", &other);
    assert_int_equal(convert(&m, &other, false, 1.0, &j, &d), RM_OK);
    assert_int_equal(j.bone_count, 1);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton_free(&other);
    rm_mesh_free(&m);
    assert_null(m.skeleton);
}

static void program_built(void **state)
{
    (void)state;
    rm_mesh m;
    two_groups(&m);
    rm_skeleton_bone bones[2];
    memset(bones, 0, sizeof bones);
    char a[] = "a", b[] = "b", body[] = "body";
    bones[0].name = a;
    bones[0].parent = -1;
    bones[0].group = body;
    bones[1].name = b;
    bones[1].parent = -1;
    bones[1].group = body;
    rm_skeleton s;
    rm_skeleton_init(&s);
    s.bones = bones;
    s.bone_count = 2;
    rm_jom_model j;
    rm_diag d;
    /* One group for two bones: the reader catches it by name, the converter
       by index. No source, no positions: "<skeleton>: ...". */
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "<skeleton>: error: bones[1] \"b\": group \"body\" is already moved by "
                            "bones[0] \"a\" (a group belongs to one bone at most)"));
    rm_diag_free(&d);
    /* A parent after its child. */
    bones[1].group = NULL;
    bones[0].parent = 1;
    char src[] = "prog";
    s.source = src;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "prog: error: the skeleton is inconsistent: bone 0 has parent 1: it must be "
                            "-1 or a bone before it"));
    rm_diag_free(&d);
    bones[0].parent = -1;
    /* Not finite. */
    bones[1].pivot[2] = NAN;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "prog: error: the skeleton is inconsistent: bone 1 has a pivot that is not finite"));
    rm_diag_free(&d);
    bones[1].pivot[2] = 0.0;
    /* An animation with key_ticks 0, then with no keys. */
    rm_skeleton_animation anim;
    memset(&anim, 0, sizeof anim);
    char w[] = "w";
    anim.name = w;
    s.animations = &anim;
    s.animation_count = 1;
    rm_skeleton_key key;
    memset(&key, 0, sizeof key);
    double rows[2][3] = { { 0, 0, 0 }, { 0, 0, 0 } };
    key.angles = rows;
    anim.keys = &key;
    anim.key_count = 1;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "prog: error: the skeleton is inconsistent: animation 0 has key_ticks 0"));
    rm_diag_free(&d);
    anim.key_ticks = 3;
    anim.key_count = 0;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "prog: error: the skeleton is inconsistent: animation 0 has 0 keys (1 to 65535)"));
    rm_diag_free(&d);
    anim.key_count = 1;
    rows[1][1] = 90.0;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_OK);
    assert_int_equal(j.animations[0].keys[0].angles[1][1], -16384);
    rm_jom_free(&j);
    rm_diag_free(&d);
    /* 33 bones. */
    s.bone_count = 33;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "prog: error: the skeleton is inconsistent: 33 bones, at most 32"));
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- the example of the project ------------------------------------------ */

static void the_walker(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(RM_FIXTURES "/../../examples/walker.obj", NULL, &m, &d), RM_OK);
    rm_skeleton s;
    assert_int_equal(rm_skeleton_read_file(RM_FIXTURES "/../../examples/walker.json", &s, &d), RM_OK);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
    rm_jom_model j;
    assert_int_equal(convert(&m, &s, false, 1.0, &j, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(j.bone_count, 7);
    assert_int_equal(j.animation_count, 2);
    /* Each bone's group is the GRUP record of the same name as in the JSON. */
    for (uint32_t b = 0; b < j.bone_count; b++) {
        if (!s.bones[b].group) {
            assert_int_equal(j.bones[b].group, 0xFFFF);
            continue;
        }
        assert_true(j.bones[b].group < j.group_count);
        assert_string_equal(j.groups[j.bones[b].group].name, s.bones[b].group);
    }
    assert_int_equal(j.animations[0].flags, 1);
    assert_int_equal(j.animations[0].key_ticks, 10);
    assert_int_equal(j.animations[1].flags, 0);
    assert_int_equal(j.animations[1].key_ticks, 6);     /* fps 10 */
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_skeleton_free(&s);
    rm_mesh_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(degrees_to_jo_angle),
        cmocka_unit_test(signs_per_axis),
        cmocka_unit_test(through_axes_and_scale),
        cmocka_unit_test(group_indexes),
        cmocka_unit_test(group_errors),
        cmocka_unit_test(range_errors),
        cmocka_unit_test(bone_and_anim_bytes),
        cmocka_unit_test(no_skeleton),
        cmocka_unit_test(carried_skeleton),
        cmocka_unit_test(program_built),
        cmocka_unit_test(the_walker),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
