/* NIFF writer (rm_niff_write_mesh): the bytes of small meshes built in C,
   checked against values worked out by hand from the spec's tables
   (/work/shared/spec/niff.md sections 2, 3, 5, 7, 9). Float words are the
   IEEE-754 single bit patterns: 0.0 = 0x00000000, 0.25 = 0x3e800000,
   0.5 = 0x3f000000, 1.0 = 0x3f800000, 2.0 = 0x40000000, -1.0 = 0xbf800000. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/niff/test_niff_write_meshes.h"
#include "retromesh/niff.h"

#define F0 0x00000000u
#define FQ 0x3e800000u  /* 0.25 */
#define FH 0x3f000000u  /* 0.5 */
#define F1 0x3f800000u
#define F2 0x40000000u
#define NO 0xffffffffu
#define NUL4 0x00000000u
/* Four ASCII characters as one big-endian word. */
#define W4(a, b, c, d) ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))

/* Physical list numbers (spec 3.1) for the offsets from tm_check_layout. */
enum { L_SCENE = 1, L_ENV, L_CAM, L_LIGHT, L_OBJ, L_SHAPE, L_VTX, L_TRI, L_COLOR, L_VECTOR, L_ST,
       L_PART, L_MAT, L_TEX, L_TEX_IMG, L_ANIM, L_COLL, L_SWITCH, L_NAME };

static uint8_t *write_ok(const rm_mesh *m, size_t *size)
{
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = NULL;
    rm_status st = rm_niff_write_mesh(m, NULL, &data, size, &d);
    if (st != RM_OK)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.warnings, 0);
    rm_diag_free(&d);
    assert_non_null(data);
    return data;
}

static void triangle_mesh(rm_mesh *m)
{
    static const double pos[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
    static const uint32_t sizes[1] = {3}, corners[3] = {0, 1, 2};
    tm_mesh(m, "tests/tri.obj", 3, pos, 1, sizes, corners);
}

/* The whole file of one triangle (no group, material, color, normal or uv),
   word by word. Sizes by hand:
     FileHeader 100 + 36 (2.0 NEB) = 136
     SceneList 44 fixed + 4 (one Obj link) + 20 (NEB 5 words) = 68 at 136
     Env, Cam, Light: 24 each at 204, 228, 252
     ObjList 24 + 4 + Obj (88 + 28 NEB = 116) = 144 at 276
     ShapeList 24 + 4 + Shape (40 + 12 NEB = 52) = 80 at 420
     VtxList 24 + 4 + VtxGroup (24 + 3 x 12 = 60) = 88 at 500
     TriList 24 + 4 + TriGroup (32 + 6 x 4 refs + 76 Tri = 132) = 160 at 588
     ColorList 28 + 8 + 20 + 20 (two empty groups) = 76 at 748
     VectorList the same 76 at 824
     StList 24 + 4 + 20 = 48 at 900
     Part, Mat, Tex, TexImg, Anim, Coll, Switch: 24 each at 948 ... 1092
     NameList 24 + 8 + 2 x (16 + "tri\0") = 72 at 1116
     nine 2.0 lists, 24 each, at 1188 ... 1380; file_size 1404. */
static const uint32_t triangle_words[] = {
    /* 0 FileHeader */
    0xff000200, 1404, 0x00000000, 136,
    68, 24, 24, 24, 144, 80, 88, /* scene env cam light obj shape vtx */
    76, 76, 48, 160, 24, 24, 24, /* color vector st tri part mat tex */
    24, 24, 24, 24, 72,          /* tex_img anim coll switch name */
    36, 0,                       /* NEB, UEB sizes */
    24, 24, 24, 24, 24, 24, 24, 24, 24, /* NEB: CiImg ... ExternalName */
    /* 136 SceneList */
    0x00010000, 44, 68, 0x1c, 0 /* name "tri" */, 1, 0, 0, 0, 20, 0,
    0,                           /* obj link 0 */
    0, 0, 0, 0, 0,               /* NEB: chain roots, external obj/env/cam/light */
    /* 204 EnvList, 228 CamList, 252 LightList */
    0x00100000, 24, 24, 0, 0, 0,
    0x000e0000, 24, 24, 0, 0, 0,
    0x000f0000, 24, 24, 0, 0, 0,
    /* 276 ObjList: header 24 + 4, size array [116] */
    0x00020000, 28, 144, 1, 0, 0, 116,
    /* 304 Obj 0 */
    0x00020100, 0, 116, 1 /* name */, 1 /* ACTIVE */, 1 /* 3D */, 0, 0, 0 /* 1CYC */,
    0x00d00000 /* NIFF OPA_SURF */, 0, 0, 0 /* no billboard */, 0 /* no LOD */, 0 /* no child */,
    NO /* no parent */, 0 /* shape 0 */, NO, NO, NO /* mat, anim, coll */, 28, 0,
    0, 0x00d00000, 0, 0, 0, 0, 0, /* NEB: fog cycle, fog render pri, fog types, counts */
    /* 420 ShapeList */
    0x00030000, 28, 80, 1, 0, 0, 52,
    /* 448 Shape 0: AA|ZB|CULL_BACK = 0x15, TriGroup 0, no Mat, no Part */
    0x00030100, 0, 52, 1, 0x15, 0, NO, 0, 12, 0,
    0x00080100 /* TAG_TRI_GROUP */, NO, NO,
    /* 500 VtxList */
    0x00040000, 28, 88, 1, 0, 0, 60,
    /* 528 VtxGroup 0 */
    0x00040100, 0, 24, 60, 1, 3, F0, F0, F0, F1, F0, F0, F0, F2, F0,
    /* 588 TriList */
    0x00080000, 28, 160, 1, 0, 0, 132,
    /* 616 TriGroup 0: no animation, 1 Tri, six references to group 0 */
    0x00080100, 0, 32, 132, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    /* 672 Tri 0: tri_nv 0, tri_color 0, then (vtx, st, vtx_nv, vtx_color) x 3 */
    0x00080101, 0, 76, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0,
    /* 748 ColorList: 28 + 4 x 2, sizes [20, 20] */
    0x00050000, 36, 76, 1, 1, 0, 0, 20, 20,
    0x00050100, 0, 20, 20, 0,
    0x00050200, 0, 20, 20, 0,
    /* 824 VectorList */
    0x00060000, 36, 76, 1, 1, 0, 0, 20, 20,
    0x00060100, 0, 20, 20, 0,
    0x00060200, 0, 20, 20, 0,
    /* 900 StList */
    0x00070000, 28, 48, 1, 0, 0, 20,
    0x00070100, 0, 20, 20, 0,
    /* 948 ... 1092: Part, Mat, Tex, TexImg, Anim, Coll, Switch */
    0x00090000, 24, 24, 0, 0, 0,
    0x000a0000, 24, 24, 0, 0, 0,
    0x000b0000, 24, 24, 0, 0, 0,
    0x00120000, 24, 24, 0, 0, 0,
    0x000c0000, 24, 24, 0, 0, 0,
    0x000d0000, 24, 24, 0, 0, 0,
    0x00130000, 24, 24, 0, 0, 0,
    /* 1116 NameList: two names "tri" (scene, object), 16 + 4 each */
    0x00110000, 32, 72, 2, 0, 0, 20, 20,
    0x00110100, 0, 16, 20, W4('t', 'r', 'i', 0),
    0x00110100, 1, 16, 20, W4('t', 'r', 'i', 0),
    /* 1188 ... 1380: the nine 2.0 lists */
    0x00200000, 24, 24, 0, 0, 0,
    0x00210000, 24, 24, 0, 0, 0,
    0x00220000, 24, 24, 0, 0, 0,
    0x00280000, 24, 24, 0, 0, 0,
    0x00230000, 24, 24, 0, 0, 0,
    0x00240000, 24, 24, 0, 0, 0,
    0x00250000, 24, 24, 0, 0, 0,
    0x00260000, 24, 24, 0, 0, 0,
    0x00270000, 24, 24, 0, 0, 0,
};

static void test_triangle_whole_file(void **state)
{
    (void)state;
    rm_mesh m;
    triangle_mesh(&m);
    size_t size;
    uint8_t *data = write_ok(&m, &size);
    size_t n = sizeof triangle_words / sizeof triangle_words[0];
    assert_int_equal(n * 4, 1404);
    assert_int_equal(size, 1404);
    tm_expect_words(data, size, 0, triangle_words, n);
    size_t off[29];
    tm_check_layout(data, size, off);
    assert_int_equal(off[L_OBJ], 276);
    assert_int_equal(off[L_TRI], 588);
    assert_int_equal(off[L_NAME], 1116);
    free(data);
    rm_mesh_free(&m);
}

static void test_version_option(void **state)
{
    (void)state;
    rm_niff_write_options opt;
    rm_niff_write_options_default(&opt);
    assert_int_equal(opt.version, 0xff000200);
    opt.version = 0x12340200;
    rm_mesh m;
    triangle_mesh(&m);
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_niff_write_mesh(&m, &opt, &data, &size, &d), RM_OK);
    assert_int_equal(tm_word(data, 0), 0x12340200);
    free(data);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* A quad 0 1 2 3 becomes the fan (0 1 2) (0 2 3). TriGroup = 32 + 24 +
   2 x 76 = 208; VtxGroup = 24 + 4 x 12 = 72. */
static void test_quad_fan(void **state)
{
    (void)state;
    static const double pos[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    static const uint32_t sizes[1] = {4}, corners[4] = {0, 1, 2, 3};
    rm_mesh m;
    tm_mesh(&m, "quad.obj", 4, pos, 1, sizes, corners);
    size_t size;
    uint8_t *data = write_ok(&m, &size);
    size_t off[29];
    tm_check_layout(data, size, off);
    size_t vg = tm_elem(data, off[L_VTX], 0);
    static const uint32_t vtx[] = {0x00040100, 0, 24, 72, 1, 4, F0, F0, F0, F1, F0, F0, F1, F1, F0, F0, F1, F0};
    tm_expect_words(data, size, vg, vtx, sizeof vtx / 4);
    size_t tg = tm_elem(data, off[L_TRI], 0);
    static const uint32_t tris[] = {
        0x00080100, 0, 32, 208, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0,
        0x00080101, 0, 76, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0,
        0x00080101, 1, 76, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0,
    };
    tm_expect_words(data, size, tg, tris, sizeof tris / 4);
    free(data);
    rm_mesh_free(&m);
}

/* Floats: 0.1 rounds to 0x3dcccccd (the well-known single nearest 0.1);
   FLT_MAX = 0x1.fffffep127 is 0x7f7fffff; 1e39 is beyond the float range:
   +infinity 0x7f800000, -1e39 -infinity 0xff800000; -0.0 keeps its sign
   bit 0x80000000. */
static void test_float_bits(void **state)
{
    (void)state;
    static const double pos[3][3] = {{0.1, 0x1.fffffep127, 1e39}, {-1e39, -0.0, 0}, {0, 0, 0}};
    static const uint32_t sizes[1] = {3}, corners[3] = {0, 1, 2};
    rm_mesh m;
    tm_mesh(&m, "f.obj", 3, pos, 1, sizes, corners);
    size_t size;
    uint8_t *data = write_ok(&m, &size);
    size_t off[29];
    tm_check_layout(data, size, off);
    static const uint32_t v[] = {0x3dcccccd, 0x7f7fffff, 0x7f800000, 0xff800000, 0x80000000, F0};
    tm_expect_words(data, size, tm_elem(data, off[L_VTX], 0) + 24, v, 6);
    free(data);
    rm_mesh_free(&m);
}

/* Faces before any group, then groups "a\xc3\xa9 b" and "left" (and a
   group without faces, which gets no Obj). Faces (position indices):
     F0 no group  0 1 2     F1 "left"  4 0 1
     F2 "a. b"    2 3 4     F3 no group 1 3 2
   Objs: 0 = no group (named after two.obj: "two"), faces F0 F3, vertices in
   first-use order 0 1 2 3, tris (0 1 2) (1 3 2); 1 = "a___b" (space and the
   two UTF-8 bytes become '_'), vertices 2 3 4; 2 = "left", vertices 4 0 1.
   Names: 0 scene "two", 1 "two", 2 "a___b", 3 "left". */
static void test_groups(void **state)
{
    (void)state;
    static const double pos[5][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}, {0, 0, -1}};
    static const uint32_t sizes[4] = {3, 3, 3, 3};
    static const uint32_t corners[12] = {0, 1, 2, 4, 0, 1, 2, 3, 4, 1, 3, 2};
    rm_mesh m;
    tm_mesh(&m, "dir.d/two.obj", 5, pos, 4, sizes, corners);
    uint32_t g_ab = tm_add_group(&m, "a\xc3\xa9 b");
    (void)tm_add_group(&m, "empty");
    uint32_t g_left = tm_add_group(&m, "left");
    m.face_group[1] = g_left;
    m.face_group[2] = g_ab;
    size_t size;
    uint8_t *data = write_ok(&m, &size);
    size_t off[29];
    tm_check_layout(data, size, off);

    /* Scene: three Objs linked: 44 + 3 x 4 + 20 = 76 */
    static const uint32_t scene[] = {0x00010000, 44, 76, 0x1c, 0, 3, 0, 0, 0, 20, 0, 0, 1, 2, 0, 0, 0, 0, 0};
    tm_expect_words(data, size, off[L_SCENE], scene, sizeof scene / 4);
    /* ObjList: 24 + 3 x 4 = 36, three Objs of 116 */
    static const uint32_t objs[] = {0x00020000, 36, 36 + 3 * 116, 3, 0, 0, 116, 116, 116};
    tm_expect_words(data, size, off[L_OBJ], objs, sizeof objs / 4);
    for (uint32_t o = 0; o < 3; o++) {
        size_t at = tm_elem(data, off[L_OBJ], o);
        assert_int_equal(tm_word(data, at + 4), o);        /* this_obj_index */
        assert_int_equal(tm_word(data, at + 12), o + 1);   /* obj_name_index */
        assert_int_equal(tm_word(data, at + 60), NO);      /* parent */
        assert_int_equal(tm_word(data, at + 64), o);       /* shape */
        size_t sh = tm_elem(data, off[L_SHAPE], o);
        assert_int_equal(tm_word(data, sh + 12), o + 1);
        assert_int_equal(tm_word(data, sh + 20), o);       /* TriGroup */
        size_t tg = tm_elem(data, off[L_TRI], o);
        static const uint32_t zero_refs[6] = {0};
        uint32_t refs[6] = {o, o, o, o, o, o};
        tm_expect_words(data, size, tg + 32, o ? refs : zero_refs, 6);
    }
    /* VtxGroups: 24 + 12 n */
    static const uint32_t v0[] = {0x00040100, 0, 24, 72, 1, 4, F0, F0, F0, F1, F0, F0, F0, F1, F0, F2, F0, F0};
    static const uint32_t v1[] = {0x00040100, 1, 24, 60, 2, 3, F0, F1, F0, F2, F0, F0, F0, F0, 0xbf800000};
    static const uint32_t v2[] = {0x00040100, 2, 24, 60, 3, 3, F0, F0, 0xbf800000, F0, F0, F0, F1, F0, F0};
    tm_expect_words(data, size, tm_elem(data, off[L_VTX], 0), v0, sizeof v0 / 4);
    tm_expect_words(data, size, tm_elem(data, off[L_VTX], 1), v1, sizeof v1 / 4);
    tm_expect_words(data, size, tm_elem(data, off[L_VTX], 2), v2, sizeof v2 / 4);
    /* Obj 0's second Tri: F3 = positions 1 3 2 = local 1 3 2 */
    size_t tri1 = tm_elem(data, off[L_TRI], 0) + 56 + 76;
    static const uint32_t t1[] = {0x00080101, 1, 76, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0};
    tm_expect_words(data, size, tri1, t1, sizeof t1 / 4);
    /* NameList: "two" (16 + 4), "two", "a___b" (16 + 8), "left" (16 + 4, no terminator) */
    static const uint32_t names[] = {
        0x00110000, 40, 40 + 20 + 20 + 24 + 20, 4, 0, 0, 20, 20, 24, 20,
        0x00110100, 0, 16, 20, W4('t', 'w', 'o', 0),
        0x00110100, 1, 16, 20, W4('t', 'w', 'o', 0),
        0x00110100, 2, 16, 24, W4('a', '_', '_', '_'), W4('b', 0, 0, 0),
        0x00110100, 3, 16, 20, W4('l', 'e', 'f', 't'),
    };
    tm_expect_words(data, size, off[L_NAME], names, sizeof names / 4);
    assert_int_equal(off[L_NAME] + sizeof names, off[L_NAME + 1]);
    free(data);
    rm_mesh_free(&m);
}

/* Colors, normals and uvs on one triangle (0,0,0) (1,0,0) (0,1,0):
   colors per position (1,0,0) (0,1,0) (0.5,0.25,1), alpha 1;
   normals [0]=(0,0,1) [1]=(1,0,0), corners 1 0 -1: the VtxNvGroup in
   first-use order is (1,0,0) (0,0,1), then the face's own normal for the
   corner without one: Newell over the counter-clockwise triangle in the
   z = 0 plane gives (0,0,1); vtx_nv indices 0 1 2;
   uvs [0]=(0.5,0.25) [1]=(1,0), corners 1 -1 1: StGroup (1,0) then (0,0)
   shared by corners without a uv; st indices 0 1 0. */
static void colored_mesh(rm_mesh *m)
{
    static const double pos[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    static const uint32_t sizes[1] = {3}, corners[3] = {0, 1, 2};
    static const double rgb[3][3] = {{1, 0, 0}, {0, 1, 0}, {0.5, 0.25, 1}};
    static const double nv[2][3] = {{0, 0, 1}, {1, 0, 0}};
    static const int32_t cn[3] = {1, 0, -1};
    static const double uv[2][2] = {{0.5, 0.25}, {1, 0}};
    static const int32_t cu[3] = {1, -1, 1};
    tm_mesh(m, "c.obj", 3, pos, 1, sizes, corners);
    tm_set_colors(m, rgb);
    tm_set_normals(m, 2, nv, cn);
    tm_set_uvs(m, 2, uv, cu);
}

static void test_colors_normals_uvs(void **state)
{
    (void)state;
    rm_mesh m;
    colored_mesh(&m);
    size_t size;
    uint8_t *data = write_ok(&m, &size);
    size_t off[29];
    tm_check_layout(data, size, off);
    /* ColorList: sizes [20, 20 + 3 x 16 = 68] */
    static const uint32_t colors[] = {
        0x00050000, 36, 36 + 20 + 68, 1, 1, 0, 0, 20, 68,
        0x00050100, 0, 20, 20, 0,
        0x00050200, 0, 20, 68, 3, F1, F0, F0, F1, F0, F1, F0, F1, FH, FQ, F1, F1,
    };
    tm_expect_words(data, size, off[L_COLOR], colors, sizeof colors / 4);
    /* VectorList: sizes [20, 20 + 3 x 12 = 56] */
    static const uint32_t vectors[] = {
        0x00060000, 36, 36 + 20 + 56, 1, 1, 0, 0, 20, 56,
        0x00060100, 0, 20, 20, 0,
        0x00060200, 0, 20, 56, 3, F1, F0, F0, F0, F0, F1, F0, F0, F1,
    };
    tm_expect_words(data, size, off[L_VECTOR], vectors, sizeof vectors / 4);
    /* StList: group 20 + 2 x 8 = 36 */
    static const uint32_t sts[] = {0x00070000, 28, 28 + 36, 1, 0, 0, 36, 0x00070100, 0, 20, 36, 2, F1, F0, F0, F0};
    tm_expect_words(data, size, off[L_ST], sts, sizeof sts / 4);
    /* The Tri: (vtx, st, vtx_nv, vtx_color) = (0,0,0,0) (1,1,1,1) (2,0,2,2) */
    static const uint32_t tri[] = {0x00080101, 0, 76, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 0, 2, 2, 0, 0};
    tm_expect_words(data, size, tm_elem(data, off[L_TRI], 0) + 56, tri, sizeof tri / 4);
    free(data);
    rm_mesh_free(&m);
}

/* One group "g" with faces using materials red (0), glass (2, d = 0.5) and
   none; material 1 "unused" is used by no face and gets no Mat:
     F0 red 0 1 2 -> Tri 0      F1 glass quad 0 2 3 4 -> Tris 1 2
     F2 red 2 3 4 -> Tri 3      F3 none 0 3 4 -> Tri 4
   Mats: 0 = red, 1 = glass. Parts (first use): 0 red [0 3], 1 glass [1 2],
   2 no material [4] with USE_SHAPE_MAT. Names: 0 scene "m", 1 "g",
   2 "red", 3 "glass". The Obj is translucent (glass): XLU_SURF. */
static void test_parts(void **state)
{
    (void)state;
    static const double pos[5][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 2, 0}};
    static const uint32_t sizes[4] = {3, 4, 3, 3};
    static const uint32_t corners[13] = {0, 1, 2, 0, 2, 3, 4, 2, 3, 4, 0, 3, 4};
    rm_mesh m;
    tm_mesh(&m, "m.obj", 5, pos, 4, sizes, corners);
    uint32_t g = tm_add_group(&m, "g");
    uint32_t red = tm_add_material(&m, "red", 1, 0, 0, 1);
    (void)tm_add_material(&m, "unused", 0, 1, 0, 1);
    uint32_t glass = tm_add_material(&m, "glass", 0, 0, 1, 0.5);
    for (int f = 0; f < 4; f++)
        m.face_group[f] = g;
    m.face_material[0] = red;
    m.face_material[1] = glass;
    m.face_material[2] = red;
    size_t size;
    uint8_t *data = write_ok(&m, &size);
    size_t off[29];
    tm_check_layout(data, size, off);
    size_t obj = tm_elem(data, off[L_OBJ], 0);
    assert_int_equal(tm_word(data, obj + 36), 0x00500000);     /* XLU_SURF */
    assert_int_equal(tm_word(data, obj + 88 + 4), 0x00500000); /* and with fog */
    /* Shape: 40 + 3 part links + 12 = 64; no Mat of its own */
    static const uint32_t shape[] = {0x00030100, 0, 64, 1, 0x15, 0, NO, 3, 12, 0, 0, 1, 2, 0x00080100, NO, NO};
    tm_expect_words(data, size, tm_elem(data, off[L_SHAPE], 0), shape, sizeof shape / 4);
    /* PartList: Parts 36 + 4 n: 44, 44, 40 */
    static const uint32_t parts[] = {
        0x00090000, 36, 36 + 44 + 44 + 40, 3, 0, 0, 44, 44, 40,
        0x00090100, 0, 44, 2 /* "red" */, 0 /* Mat 0 */, 0 /* TriGroup */, 2, 0, 0, 0, 3,
        0x00090100, 1, 44, 3 /* "glass" */, 1, 0, 2, 0, 0, 1, 2,
        0x00090100, 2, 40, 1 /* "g" */, 0x80000000 /* USE_SHAPE_MAT */, 0, 1, 0, 0, 4,
    };
    tm_expect_words(data, size, off[L_PART], parts, sizeof parts / 4);
    /* MatList: two Mats of 104 + 104 (NEB) = 208 */
    assert_int_equal(tm_word(data, off[L_MAT] + 12), 2);
    size_t glass_mat = tm_elem(data, off[L_MAT], 1);
    static const uint32_t mat[] = {
        0x000a0100, 1, 208, 3 /* "glass" */, 0 /* MAT_TYPE_NIFF */, 0 /* no normals: light off */,
        0x00000004 /* PRIM */, NO, 0x00040000 /* PRIM_ALPHA */, NO,
        F0, F0, F1, FH,                 /* prim = Kd, d */
        0, 0, 0, 0, 0, 0, 0, 0,         /* user flags */
        NO /* no local light */, 0 /* no texture */, 104, 0,
        /* NEB: ambient 1111, emission 0000, diffuse 1111 */
        F1, F1, F1, F1, F0, F0, F0, F0, F1, F1, F1, F1,
        0, 0x00000004, NO, 0x00040000, NO,  /* the same combiner with fog */
        F0, F0, F1, FH,                 /* prim for fog */
        NO, NO, 0, 0, 0,                /* external light, external tex, prim anims */
    };
    tm_expect_words(data, size, glass_mat, mat, sizeof mat / 4);
    assert_int_equal(tm_elem(data, off[L_MAT], 1) + 208, off[L_TEX]);
    free(data);
    rm_mesh_free(&m);
}

/* A 2x2 RGBA texture, top row first in the mesh: red green / blue white
   (alpha 128). TexImg rows start at the bottom left: blue white red green.
   Tex = 52 + 28 (TexDataArea) + 20 (NEB) = 100; TexImg = 24 + 16 + 4 = 44;
   the Mat has tex_num 1: 104 + 4 + 104 = 212; color TEX0, alpha
   TEX0_ALPHA | PRIM_ALPHA = 0x000c0000; with normals, no jo_light: SMOOTH alone (0x10). */
static void test_texture(void **state)
{
    (void)state;
    static const double pos[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    static const uint32_t sizes[1] = {3}, corners[3] = {0, 1, 2};
    static const double nv[1][3] = {{0, 0, 1}};
    static const int32_t cn[3] = {0, 0, 0};
    static const uint8_t rgba[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128};
    rm_mesh m;
    tm_mesh(&m, "t.obj", 3, pos, 1, sizes, corners);
    tm_set_normals(&m, 1, nv, cn);
    uint32_t wall = tm_add_material(&m, "wall", 1, 1, 1, 1);
    m.materials[wall].map_kd = strdup("textures/wall.png");
    m.materials[wall].map_kd_rgba = malloc(16);
    memcpy(m.materials[wall].map_kd_rgba, rgba, 16);
    m.materials[wall].map_kd_width = 2;
    m.materials[wall].map_kd_height = 2;
    m.face_material[0] = wall;
    size_t size;
    uint8_t *data = write_ok(&m, &size);
    size_t off[29];
    tm_check_layout(data, size, off);
    /* the Shape links the only Mat */
    assert_int_equal(tm_word(data, tm_elem(data, off[L_SHAPE], 0) + 24), 0);
    size_t mat = tm_elem(data, off[L_MAT], 0);
    static const uint32_t mat_head[] = {0x000a0100, 0, 212, 2 /* "wall" */, 0, 0x10, 0x00000008, NO, 0x000c0000, NO,
                                        F1, F1, F1, F1};
    tm_expect_words(data, size, mat, mat_head, sizeof mat_head / 4);
    static const uint32_t mat_tex[] = {NO, 1, 104, 0, 0 /* tex_index[0] */, F1};
    tm_expect_words(data, size, mat + 88, mat_tex, sizeof mat_tex / 4);
    /* Tex named after map_kd (name 3), RGBA 16-bit = 0x205 */
    static const uint32_t tex[] = {
        0x000b0000, 28, 128, 1, 0, 0, 100,
        0x000b0100, 0, 52, 100, 3, 0x205, 0, 0, 0 /* TEX_ANIM_OFF */, 28, 0, 20, 0,
        2, 2, 2, 2, 0, 0, 0,            /* image 2x2, tile 2x2 at 0,0, TexImg 0 */
        1, 1, 0, 0, 0,                  /* NEB: BILERP, perspective, no mipmap, no palette, no external */
    };
    tm_expect_words(data, size, off[L_TEX], tex, sizeof tex / 4);
    static const uint32_t img[] = {
        0x00120000, 28, 72, 1, 0, 0, 44,
        0x00120100, 0, 24, 44, 4, 0,
        0x0000ffff, 0xffffff80,         /* bottom row: blue, white */
        0xff0000ff, 0x00ff00ff,         /* top row: red, green */
        0,                              /* NEB: mipmap_max_level 0 */
    };
    tm_expect_words(data, size, off[L_TEX_IMG], img, sizeof img / 4);
    /* name 3 is "textures/wall.png": 17 characters, 3 NULs -> 16 + 20 */
    size_t name3 = tm_elem(data, off[L_NAME], 3);
    assert_int_equal(tm_word(data, name3 + 12), 36);
    assert_memory_equal(data + name3 + 16, "textures/wall.png\0\0\0", 20);
    free(data);
    rm_mesh_free(&m);
}

static void test_deterministic(void **state)
{
    (void)state;
    rm_mesh m;
    colored_mesh(&m);
    uint32_t mat = tm_add_material(&m, "x", 0.5, 0.5, 0.5, 1);
    m.face_material[0] = mat;
    size_t a_size, b_size;
    uint8_t *a = write_ok(&m, &a_size);
    uint8_t *b = write_ok(&m, &b_size);
    assert_int_equal(a_size, b_size);
    assert_memory_equal(a, b, a_size);
    size_t off[29];
    tm_check_layout(a, a_size, off);
    free(a);
    free(b);
    rm_mesh_free(&m);
}

/* An empty mesh: a file with no Obj, still every list. */
static void test_empty_mesh(void **state)
{
    (void)state;
    rm_mesh m;
    rm_mesh_init(&m);
    size_t size;
    uint8_t *data = write_ok(&m, &size);
    size_t off[29];
    tm_check_layout(data, size, off);
    /* Scene 44 + 20; names: only "scene" (16 + 8) */
    assert_int_equal(tm_word(data, off[L_SCENE] + 8), 64);
    assert_int_equal(tm_word(data, off[L_NAME] + 8), 24 + 4 + 24);
    free(data);
    rm_mesh_free(&m);
}

static void expect_invalid(const rm_mesh *m, const char *needle)
{
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = (uint8_t *)1;
    size_t size = 1;
    assert_int_equal(rm_niff_write_mesh(m, NULL, &data, &size, &d), RM_INVALID);
    assert_null(data);
    assert_int_equal(size, 0);
    assert_int_equal(d.errors, 1);
    if (!strstr(d.items[0].text, needle)) {
        print_error("message '%s' lacks '%s'\n", d.items[0].text, needle);
        fail();
    }
    rm_diag_free(&d);
}

static void test_limits(void **state)
{
    (void)state;
    /* More faces than a list can hold: refused before any array is read. */
    rm_mesh m;
    rm_mesh_init(&m);
    m.face_count = 0x80000000u;
    expect_invalid(&m, "0x7fffffff");
    m.face_count = 0;
    m.position_count = 0x80000000u;
    expect_invalid(&m, "2147483648 positions");

    /* A 65536 x 16384 texture is 4 GiB of texels: over what a u32 size can
       say. Refused before its pixels (a 4-byte stand-in here) are read. */
    rm_mesh t;
    triangle_mesh(&t);
    uint32_t mat = tm_add_material(&t, "big", 1, 1, 1, 1);
    t.materials[mat].map_kd_rgba = calloc(1, 4);
    t.materials[mat].map_kd_width = 65536;
    t.materials[mat].map_kd_height = 16384;
    t.face_material[0] = mat;
    expect_invalid(&t, "4 GiB");
    rm_mesh_free(&t);

    /* Indices out of range. */
    triangle_mesh(&t);
    t.corner_position[2] = 3;
    expect_invalid(&t, "position index");
    t.corner_position[2] = 2;
    t.face_material[0] = 0;
    expect_invalid(&t, "material index");
    rm_mesh_free(&t);
}

/* A face of two corners makes no triangle: a warning, the rest written. */
static void test_short_face(void **state)
{
    (void)state;
    static const double pos[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
    static const uint32_t sizes[2] = {2, 3}, corners[5] = {0, 1, 0, 1, 2};
    rm_mesh m;
    tm_mesh(&m, "s.obj", 3, pos, 2, sizes, corners);
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_niff_write_mesh(&m, NULL, &data, &size, &d), RM_OK);
    assert_int_equal(d.warnings, 1);
    size_t off[29];
    tm_check_layout(data, size, off);
    assert_int_equal(tm_word(data, tm_elem(data, off[L_TRI], 0) + 28), 1);    /* tri_num */
    free(data);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_triangle_whole_file),
        cmocka_unit_test(test_version_option),
        cmocka_unit_test(test_quad_fan),
        cmocka_unit_test(test_float_bits),
        cmocka_unit_test(test_groups),
        cmocka_unit_test(test_colors_normals_uvs),
        cmocka_unit_test(test_parts),
        cmocka_unit_test(test_texture),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_empty_mesh),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_short_face),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
