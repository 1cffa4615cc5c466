/* Textures in the converter (docs/textures.md): corners from the UVs,
   names, CRC, VRAM, slice sizes, then whole conversions of the fixtures in
   tests/fixtures/textures (their pixels are listed in make_images.py).

   Expected RGB555 words are worked out by hand with the rule of the image
   module, 5-bit channel = (c * 31 + 127) / 255 (integer division), bit 15
   set on an opaque pixel, 0 for alpha < 128; word = 0x8000 | b << 10 |
   g << 5 | r. The wall.png pixels:
     row 0: red 0x801F, green 0x83E0, blue 0xFC00, white 0xFFFF,
            black 0x8000, transparent 0, (66,132,200) -> r 2173/255 = 8,
            g 4219/255 = 16, b 6327/255 = 24 -> 0xE208, (10,20,30,127) -> 0
     row 1: yellow 0x83FF x 4, cyan 0xFFE0 x 4
   brick.tga: (200,40,40) -> r 24, g 5, b 5 -> 0x94B8; (120,20,20) ->
   r 3847/255 = 15, g 747/255 = 2, b 2 -> 0x884F.
   CRC-32 values were computed apart with Python's zlib.crc32 over
   struct.pack('>HHHH', w, h, format, 0) + the big-endian words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "convert/diag_check.h"
#include "convert/mesh_builder.h"
#include "convert/stages.h"
#include "retromesh/convert.h"
#include "retromesh/fileio.h"
#include "retromesh/jom.h"
#include "retromesh/obj.h"

#define FIX RM_FIXTURES "/textures/"
#define U 65536

static const uint16_t WALL[16] = {
    0x801F, 0x83E0, 0xFC00, 0xFFFF, 0x8000, 0x0000, 0xE208, 0x0000,
    0x83FF, 0x83FF, 0x83FF, 0x83FF, 0xFFE0, 0xFFE0, 0xFFE0, 0xFFE0,
};

/* Reads a fixture and converts it; the model is checked by the validator. */
static rm_status convert_file(const char *name, const rm_convert_options *o, rm_jom_model *j,
                              rm_convert_result *r, rm_diag *d)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s", FIX, name);
    rm_diag_init(d);
    rm_mesh m;
    rm_status st = rm_obj_read_file(path, NULL, &m, d);
    assert_int_equal(st, RM_OK);
    st = rm_convert_mesh_to_jom_ex(&m, o, j, r, d);
    rm_mesh_free(&m);
    if (st == RM_OK) {
        rm_diag vd;
        rm_diag_init(&vd);
        rm_status v = rm_jom_validate(j, name, &vd);
        if (v != RM_OK)
            print_diag(&vd);
        assert_int_equal(v, RM_OK);
        rm_diag_free(&vd);
        /* And it writes and reads back (what `retromesh check` does). */
        uint8_t *bytes = NULL;
        size_t size = 0;
        assert_int_equal(rm_jom_write(j, &bytes, &size, &vd), RM_OK);
        rm_jom_model back;
        assert_int_equal(rm_jom_read(bytes, size, name, &back, &vd), RM_OK);
        rm_jom_free(&back);
        free(bytes);
    }
    return st;
}

static void convert_file_ok(const char *name, const rm_convert_options *o, rm_jom_model *j,
                            rm_convert_result *r, rm_diag *d)
{
    rm_status st = convert_file(name, o, j, r, d);
    if (st != RM_OK)
        print_diag(d);
    assert_int_equal(st, RM_OK);
}

static uint16_t be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[1] << 8 | p[0]); }

/* ---- corners from the UVs --------------------------------------------- */

/* The texture corners in the order the VDP1 draws them (v up): top-left,
   top-right, bottom-right, bottom-left: clockwise. The mirrored order is
   top-left, bottom-left, bottom-right, top-right. */
static const double DRAWN[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
static const double MIRROR[4][2] = { { 0, 1 }, { 0, 0 }, { 1, 0 }, { 1, 1 } };

static void uv_turns_8_orientations(void **state)
{
    (void)state;
    for (unsigned mirror = 0; mirror < 2; mirror++) {
        for (unsigned r = 0; r < 4; r++) {
            /* corner i gets texture corner (i - r) mod 4: top-left is at r. */
            double uv[4][2];
            for (unsigned i = 0; i < 4; i++) {
                const double *src = (mirror ? MIRROR : DRAWN)[(i + 4 - r) % 4];
                uv[i][0] = src[0];
                uv[i][1] = src[1];
            }
            rm_cv_uv_turn t = rm_cv_uv_turn_of((const double(*)[2])uv, 4, 0);
            assert_true(t.usable);
            /* A is the top-left; for a mirrored face the top-right
               (MIRROR[3], at r + 3), where jo_flip h puts it. */
            assert_int_equal(t.first, mirror ? (r + 3) % 4 : r);
            assert_int_equal(t.mirrored, mirror);
            /* The material's flip changes nothing: the VDP1 flips. */
            static const uint32_t flips[3] = { RM_MAT_FLIP_H, RM_MAT_FLIP_V,
                                               RM_MAT_FLIP_H | RM_MAT_FLIP_V };
            for (unsigned k = 0; k < 3; k++) {
                rm_cv_uv_turn f = rm_cv_uv_turn_of((const double(*)[2])uv, 4, flips[k]);
                assert_int_equal(f.first, t.first);
                assert_int_equal(f.mirrored, t.mirrored);
                assert_int_equal(rm_cv_uv_drawn_right(&f, flips[k]),
                                 !mirror || flips[k] == RM_MAT_FLIP_H);
            }
            assert_int_equal(rm_cv_uv_drawn_right(&t, 0), !mirror);
        }
    }
}

static void uv_turn_region_and_bad_values(void **state)
{
    (void)state;
    /* A region of an atlas, not at the origin, not square: the box is
       scaled to a unit square, so the top-left corner is still found. */
    double uv[4][2] = { { 0.75, 0.25 }, { 0.5, 0.25 }, { 0.5, 0.125 }, { 0.75, 0.125 } };
    /* corners: top-right, top-left, bottom-left, bottom-right: mirrored. */
    rm_cv_uv_turn t = rm_cv_uv_turn_of((const double(*)[2])uv, 4, 0);
    assert_true(t.usable);
    assert_int_equal(t.first, 0);       /* mirrored: the top-right */
    assert_true(t.mirrored);
    /* A triangle: (1,0) (0,1) (1,1) turns clockwise; top-left (0,1) is corner 1. */
    double tri[3][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 } };
    t = rm_cv_uv_turn_of((const double(*)[2])tri, 3, 0);
    assert_int_equal(t.first, 1);
    assert_false(t.mirrored);
    /* All at one point, or not a number: no rule. */
    double same[4][2] = { { 0.5, 0.5 }, { 0.5, 0.5 }, { 0.5, 0.5 }, { 0.5, 0.5 } };
    assert_false(rm_cv_uv_turn_of((const double(*)[2])same, 4, 0).usable);
    uv[2][0] = NAN;
    assert_false(rm_cv_uv_turn_of((const double(*)[2])uv, 4, 0).usable);
    assert_string_equal(rm_cv_flip_name(0), "no jo_flip");
    assert_string_equal(rm_cv_flip_name(RM_MAT_FLIP_H), "jo_flip h");
    assert_string_equal(rm_cv_flip_name(RM_MAT_FLIP_V | RM_MAT_LIGHT), "jo_flip v");
    assert_string_equal(rm_cv_flip_name(RM_MAT_FLIP_H | RM_MAT_FLIP_V), "jo_flip hv");
}

/* A unit quad (OBJ 1 (0,0,0), 2 (1,0,0), 3 (1,1,0), 4 (0,1,0), facing +Z)
   with a textured material and the given OBJ-order UVs. */
static void textured_quad(rm_mesh *m, const double uv[4][2], uint32_t flags)
{
    mb_init(m, "quad.obj");
    mb_square(m, 0, 0);
    for (unsigned i = 0; i < 4; i++)
        mb_vt(m, uv[i][0], uv[i][1]);
    uint32_t mat = mb_material(m, "wall");
    mb_texture(m, mat, FIX "quad.mtl", "wall.png");
    m->materials[mat].jo_flags = flags;
    size_t f = mb_f(m, mat, RM_MESH_NONE, 7, 4, 1, 2, 3, 4);
    mb_face_uvs(m, f, 4, 1, 2, 3, 4);
}

/* The OBJ vertex (0-based) at a JOM point: Saturn (x, -y, -z). */
static int vertex_at(const rm_jom_model *j, uint16_t point)
{
    static const int32_t x[4] = { 0, U, U, 0 }, y[4] = { 0, 0, -U, -U };
    for (int i = 0; i < 4; i++)
        if (j->points[point].x == x[i] && j->points[point].y == y[i] && j->points[point].z == 0)
            return i;
    return -1;
}

static void converter_turns_quads_by_uv(void **state)
{
    (void)state;
    /* OBJ order is counterclockwise; Blender's UVs for it, (0,0) (1,0)
       (1,1) (0,1), turn counterclockwise too (not mirrored). Rotated by r:
       corner i gets Q[(i + r) % 4], so the top-left (0,1) = Q[3] is at OBJ
       corner (3 - r) mod 4. Mirrored: Q' = (1,0) (0,0) (0,1) (1,1), A is
       the top-right (where jo_flip h puts it), Q'[3], also at OBJ corner
       (3 - r) mod 4. After the reversal
       the polygon goes A, then the OBJ corner before it, and so on. */
    static const double Q[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
    static const double QM[4][2] = { { 1, 0 }, { 0, 0 }, { 0, 1 }, { 1, 1 } };
    for (unsigned mirror = 0; mirror < 2; mirror++) {
        for (unsigned r = 0; r < 4; r++) {
            double uv[4][2];
            for (unsigned i = 0; i < 4; i++) {
                uv[i][0] = (mirror ? QM : Q)[(i + r) % 4][0];
                uv[i][1] = (mirror ? QM : Q)[(i + r) % 4][1];
            }
            rm_mesh m;
            textured_quad(&m, uv, 0);
            rm_jom_model j;
            rm_diag d;
            rm_diag_init(&d);
            rm_convert_options o;
            rm_convert_options_default(&o);
            o.embed_textures = true;
            assert_int_equal(rm_convert_mesh_to_jom(&m, &o, &j, &d), RM_OK);
            int a = (int)((3 + 4 - r) % 4);
            for (int k = 0; k < 4; k++)
                assert_int_equal(vertex_at(&j, j.polygons[0].v[k]), (a - k + 4) % 4);
            assert_int_equal(count_sub(&d, "mirrored"), mirror);
            if (mirror)
                assert_true(has_sub(&d, "quad.obj:7: warning: texture coordinates are mirrored against "
                                        "the corner order: the texture of material \"wall\" is drawn "
                                        "mirrored on this face; jo_flip h draws it right (it flips "
                                        "every face of the material: give the mirrored faces a "
                                        "material of their own), or use --slice-textures"));
            rm_jom_free(&j);
            rm_diag_free(&d);
            rm_mesh_free(&m);
        }
    }
}

static void mirrored_face_with_flip_h_is_right(void **state)
{
    (void)state;
    /* Mirrored UVs with r = 0: Q'. With jo_flip h the VDP1 puts texture
       top-right at A: the corner with UV (1,1), OBJ corner 3 (0-based). */
    static const double QM[4][2] = { { 1, 0 }, { 0, 0 }, { 0, 1 }, { 1, 1 } };
    rm_mesh m;
    textured_quad(&m, QM, RM_MAT_FLIP_H);
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, NULL, &j, &d), RM_OK);
    assert_int_equal(vertex_at(&j, j.polygons[0].v[0]), 3);
    assert_int_equal(count_sub(&d, "mirrored"), 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void triangle_rules(void **state)
{
    (void)state;
    /* OBJ 1 (0,0,0), 2 (4,0,0), 3 (0,1,0); reversed: c0 = 3, c1 = 2, c2 = 1.
       Edges c0-c1 sqrt(17), c1-c2 4, c2-c0 1: the shortest-edge rule puts
       A at vertex 1. UVs 1 (1,1), 2 (0,1), 3 (1,0): in the final order
       (1,0) (0,1) (1,1), clockwise, top-left (0,1) at vertex 2: A = 2.
       --keep-triangles keeps c0: A = 3. Without a texture the UVs do not
       count: A = 1. */
    static const int32_t ax[4] = { -1, 0, 4 * U, 0 }, ay[4] = { -1, 0, 0, -U };
    for (int mode = 0; mode < 3; mode++) {
        rm_mesh m;
        mb_init(&m, "tri.obj");
        mb_v(&m, 0, 0, 0);
        mb_v(&m, 4, 0, 0);
        mb_v(&m, 0, 1, 0);
        mb_vt(&m, 1, 1);
        mb_vt(&m, 0, 1);
        mb_vt(&m, 1, 0);
        uint32_t mat = mb_material(&m, "t");
        if (mode != 2)
            mb_texture(&m, mat, FIX "quad.mtl", "wall.png");
        size_t f = mb_f(&m, mat, RM_MESH_NONE, 3, 3, 1, 2, 3);
        mb_face_uvs(&m, f, 3, 1, 2, 3);
        rm_convert_options o;
        rm_convert_options_default(&o);
        o.keep_triangles = mode == 1;
        rm_jom_model j;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_convert_mesh_to_jom(&m, &o, &j, &d), RM_OK);
        int want = mode == 0 ? 2 : mode == 1 ? 3 : 1;
        const rm_vec3x *a = &j.points[j.polygons[0].v[0]];
        assert_int_equal(a->x, ax[want]);
        assert_int_equal(a->y, ay[want]);
        assert_int_equal(j.polygons[0].v[3], j.polygons[0].v[2]);
        rm_jom_free(&j);
        rm_diag_free(&d);
        rm_mesh_free(&m);
    }
}

static void normals_and_gouraud_follow_the_corners(void **state)
{
    (void)state;
    /* UVs rotated (r = 1): the polygon is turned. Each corner's normal and
       gouraud color must still be those of the vertex at that corner:
       vertex i has normal e_i-ish and color (i/4, 1, 1). */
    static const double Q1[4][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 0 } };
    rm_mesh m;
    textured_quad(&m, Q1, RM_MAT_GOURAUD);
    mb_vn(&m, 1, 0, 0);
    mb_vn(&m, 0, 1, 0);
    mb_vn(&m, 0, 0, 1);
    mb_vn(&m, -1, 0, 0);
    mb_face_normals(&m, 0, 4, 1, 2, 3, 4);
    for (uint32_t v = 1; v <= 4; v++)
        mb_color(&m, v, (double)(v - 1) / 4.0, 1, 1);
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, NULL, &j, &d), RM_OK);
    assert_true(j.has_normals && j.has_gouraud);
    /* The top-left (0,1) is at OBJ corner 2: A = vertex 2 (0-based). */
    assert_int_equal(vertex_at(&j, j.polygons[0].v[0]), 2);
    /* Saturn normals (x, -y, -z) of vertex 0..3. */
    static const int32_t nx[4] = { U, 0, 0, -U }, ny[4] = { 0, -U, 0, 0 }, nz[4] = { 0, 0, -U, 0 };
    for (unsigned k = 0; k < 4; k++) {
        int v = vertex_at(&j, j.polygons[0].v[k]);
        const rm_vec3x *n = &j.normals[j.corner_normals[k]];
        assert_int_equal(n->x, nx[v]);
        assert_int_equal(n->y, ny[v]);
        assert_int_equal(n->z, nz[v]);
        /* red channel round(v/4 * 16) = 4v; green, blue 16. */
        uint16_t want = (uint16_t)(0x8000 | 16 << 10 | 16 << 5 | (unsigned)(4 * v));
        assert_int_equal(j.gouraud[k], want);
    }
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- names, CRC, VRAM, slice sizes ------------------------------------ */

static void name_stems(void **state)
{
    (void)state;
    char s[16];
    rm_cv_name_stem("textures/Brick Wall-02.png", 8, s);
    assert_string_equal(s, "BRICKWAL");
    rm_cv_name_stem("C:\\art\\wall.PNG", 8, s);
    assert_string_equal(s, "WALL");
    rm_cv_name_stem("a.b.c.png", 8, s);
    assert_string_equal(s, "ABC");
    rm_cv_name_stem("dir/\xe6\x97\xa5.png", 8, s);     /* nothing usable left */
    assert_string_equal(s, "TEX");
    rm_cv_name_stem("my_tex_01", 4, s);
    assert_string_equal(s, "MY_T");
    rm_cv_bin_name("WALL", s);
    assert_string_equal(s, "WALL.BIN");
    rm_cv_bin_name("BRICKWAL", s);
    assert_string_equal(s, "BRICKWAL.BIN");     /* 8.3: 12 characters */
    rm_cv_bin_name_hashed("WALL", 0x1A2B, s);
    assert_string_equal(s, "WAL_1A2B.BIN");
    rm_cv_bin_name_hashed("AB", 0x000F, s);
    assert_string_equal(s, "AB_000F.BIN");
    rm_cv_embedded_name("BRICKWAL", 0x121A2B3C, s);
    assert_string_equal(s, "BRIC_1A2B3C.BIN");
    assert_int_equal(strlen(s), 15);
    rm_cv_embedded_name("X", 0xFF, s);
    assert_string_equal(s, "X_0000FF.BIN");
    /* A cut that ends on '_' drops it: no doubled separator. */
    rm_cv_embedded_name("COW_TEXTURE", 0x90CA97, s);
    assert_string_equal(s, "COW_90CA97.BIN");
    rm_cv_bin_name_hashed("AB_CD", 0x0001, s);
    assert_string_equal(s, "AB_0001.BIN");
    rm_cv_embedded_name("____", 0x1, s);
    assert_string_equal(s, "__000001.BIN");
}

static void texture_crc(void **state)
{
    (void)state;
    /* wall.png as format 0 (Python: 0x7F10A6AD), 8x1 green (0x9B839BEA). */
    uint8_t bytes[32];
    for (unsigned i = 0; i < 16; i++) {
        bytes[2 * i] = (uint8_t)(WALL[i] >> 8);
        bytes[2 * i + 1] = (uint8_t)WALL[i];
    }
    assert_int_equal(rm_cv_texture_crc(8, 2, 0, bytes, 32), 0x7F10A6ADu);
    for (unsigned i = 0; i < 8; i++) {
        bytes[2 * i] = 0x83;
        bytes[2 * i + 1] = 0xE0;
    }
    assert_int_equal(rm_cv_texture_crc(8, 1, 0, bytes, 16), 0x9B839BEAu);
}

static void name_clashes(void **state)
{
    (void)state;
    rm_cv_texture t[4];
    memset(t, 0, sizeof t);
    t[0].crc = 0x11111234;
    t[1].crc = 0x22221234;      /* the same low 16 bits as t[2] */
    t[2].crc = 0x33331234;
    t[3].crc = 0x44445678;
    const char *stems[4] = { "WALL", "WALL", "WALL", "STONE" };
    assert_int_equal(rm_cv_name_textures(t, 4, stems, false), RM_OK);
    assert_string_equal(t[0].name, "WALL.BIN");
    assert_string_equal(t[1].name, "WAL_1234.BIN");
    assert_string_equal(t[2].name, "WAL_1235.BIN");
    assert_string_equal(t[3].name, "STONE.BIN");
    /* Embedded: 24 bits; t[1] and t[2] share them too here. */
    t[1].crc = 0x00ABCDEF;
    t[2].crc = 0xFFABCDEF;
    assert_int_equal(rm_cv_name_textures(t, 4, stems, true), RM_OK);
    assert_string_equal(t[0].name, "WALL_111234.BIN");
    assert_string_equal(t[1].name, "WALL_ABCDEF.BIN");
    assert_string_equal(t[2].name, "WALL_ABCDF0.BIN");
    assert_string_equal(t[3].name, "STON_445678.BIN");
}

static void vram_and_budget_line(void **state)
{
    (void)state;
    assert_int_equal(rm_cv_vram_bytes(8, 2, 0), 32);       /* 32 */
    assert_int_equal(rm_cv_vram_bytes(8, 1, 0), 32);       /* 16 -> 32 */
    assert_int_equal(rm_cv_vram_bytes(16, 3, 0), 96);      /* 96 */
    assert_int_equal(rm_cv_vram_bytes(8, 2, 1), 64);       /* 8 + 32 = 40 -> 64 */
    assert_int_equal(rm_cv_vram_bytes(64, 64, 1), 2080);   /* 2048 + 32 */
    assert_int_equal(rm_cv_vram_bytes(248, 255, 0), 126496); /* 126480 -> 126496 */
    assert_int_equal(rm_cv_vram_bytes(504, 255, 0), 257056); /* 257040 -> 257056 */
    rm_convert_budget b = { 2, 8192, 16384, 12, 8, false };
    char line[256];
    rm_convert_budget_line(&b, line, sizeof line);
    /* 16384 / 393216 = 4.17% -> 4 */
    assert_string_equal(line, "budget: 2 of 255 textures (8192 texels), VDP1 VRAM 16384 of 393216 "
                              "bytes (4%), 12 of 1761 polygons, 8 of 2500 points");
    rm_convert_budget over = { 300, 1, 400000, 1801, 2501, true };
    rm_convert_budget_line(&over, line, sizeof line);
    assert_string_equal(line, "budget: 300 of 255 textures (1 texels), VDP1 VRAM 400000 of 393216 "
                              "bytes (102%), 1801 of 1761 polygons, 2501 of 2500 points, over budget");
}

static void slice_sizes(void **state)
{
    (void)state;
    uint32_t w, h;
    double whole[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
    rm_cv_slice_size((const double(*)[2])whole, 16, 16, 0, 0, &w, &h);
    assert_int_equal(w, 16);
    assert_int_equal(h, 16);
    rm_cv_slice_size((const double(*)[2])whole, 16, 16, 8, 8, &w, &h);   /* --max-texture 8x8 */
    assert_int_equal(w, 8);
    assert_int_equal(h, 8);
    /* A triangle (1,1) (1,0) (0,0) (0,0) on 16x16: top 16, bottom 0; left
       16 sqrt 2 = 22.6 -> 23, right 16. */
    double tri[4][2] = { { 1, 1 }, { 1, 0 }, { 0, 0 }, { 0, 0 } };
    rm_cv_slice_size((const double(*)[2])tri, 16, 16, 0, 0, &w, &h);
    assert_int_equal(w, 16);
    assert_int_equal(h, 23);
    /* 0.1 x 0.25 of a 16 x 64 atlas: 1.6 -> 2 wide, at least 8; 16 high. */
    double thin[4][2] = { { 0, 0.25 }, { 0.1, 0.25 }, { 0.1, 0 }, { 0, 0 } };
    rm_cv_slice_size((const double(*)[2])thin, 16, 64, 0, 0, &w, &h);
    assert_int_equal(w, 8);
    assert_int_equal(h, 16);
    /* 1000 x 300 texels: over 504 x 255, reduced keeping the aspect. */
    double big[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
    rm_cv_slice_size((const double(*)[2])big, 1000, 300, 0, 0, &w, &h);
    assert_true(w <= 504 && h <= 255 && w % 8 == 0);
}

/* ---- whole conversions of the fixtures -------------------------------- */

static void quad_as_bin(void **state)
{
    (void)state;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("quad.obj", NULL, &j, &r, &d);
    assert_int_equal(d.count, 0);
    assert_int_equal(j.texture_count, 1);
    assert_string_equal(j.textures[0], "WALL.BIN");
    assert_int_equal(j.texture_image_count, 0);
    assert_int_equal(j.materials[0].texture, 0);
    /* Blender's UVs: A is OBJ vertex 4 (0,1,0) -> (0, -1, 0), then 3, 2, 1. */
    assert_int_equal(j.points[j.polygons[0].v[0]].x, 0);
    assert_int_equal(j.points[j.polygons[0].v[0]].y, -U);
    assert_int_equal(j.points[j.polygons[0].v[1]].x, U);
    assert_int_equal(j.points[j.polygons[0].v[1]].y, -U);

    assert_int_equal(r.texture_count, 1);
    const rm_convert_texture *t = &r.textures[0];
    assert_string_equal(t->name, "WALL.BIN");
    assert_int_equal(t->width, 8);
    assert_int_equal(t->height, 2);
    assert_int_equal(t->format, 0);
    assert_int_equal(t->vram_bytes, 32);
    assert_non_null(strstr(t->image, "textures/wall.png"));
    /* .BIN: u16 8, u16 2, little endian, then the words. */
    assert_int_equal(t->bin_size, 4 + 32);
    assert_int_equal(le16(t->bin), 8);
    assert_int_equal(le16(t->bin + 2), 2);
    for (unsigned i = 0; i < 16; i++)
        assert_int_equal(le16(t->bin + 4 + 2 * i), WALL[i]);
    assert_int_equal(r.image_count, 1);
    assert_int_equal(r.budget.textures, 1);
    assert_int_equal(r.budget.texels, 16);
    assert_int_equal(r.budget.vram_bytes, 32);
    assert_int_equal(r.budget.polygons, 1);
    assert_int_equal(r.budget.points, 4);
    assert_false(r.budget.over);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

static void quad_embedded(void **state)
{
    (void)state;
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.embed_textures = true;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("quad.obj", &o, &j, &r, &d);
    /* CRC 0x7F10A6AD: the low 24 bits. */
    assert_int_equal(j.texture_count, 1);
    assert_string_equal(j.textures[0], "WALL_10A6AD.BIN");
    assert_int_equal(j.texture_image_count, 1);
    const rm_jom_texture *t = &j.texture_images[0];
    assert_string_equal(t->name, "WALL_10A6AD.BIN");
    assert_int_equal(t->width, 8);
    assert_int_equal(t->height, 2);
    assert_int_equal(t->format, 0);
    assert_int_equal(t->reserved, 0);
    assert_int_equal(t->pixel_size, 32);
    for (unsigned i = 0; i < 16; i++)
        assert_int_equal(be16(t->pixels + 2 * i), WALL[i]);
    assert_null(r.textures[0].bin);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

static void dedupe_and_lut(void **state)
{
    (void)state;
    /* Without embedding: wall.png and its copy are one texture; the
       jo_lut material uses it in RGB555 too (with a warning). */
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("two.obj", NULL, &j, &r, &d);
    assert_int_equal(j.texture_count, 2);
    assert_string_equal(j.textures[0], "WALL.BIN");
    assert_string_equal(j.textures[1], "BRICK.BIN");
    assert_int_equal(j.material_count, 4);
    assert_int_equal(j.materials[0].texture, 0);
    assert_int_equal(j.materials[1].texture, 0);
    assert_int_equal(j.materials[2].texture, 1);
    assert_int_equal(j.materials[3].texture, 0);
    assert_true(has_sub(&d, "two.mtl:7: warning: material \"wall_lut\" has jo_lut 1, but a .BIN file "
                            "holds RGB555 pixels only"));
    const rm_convert_texture *b = &r.textures[1];
    assert_int_equal(b->width, 8);
    assert_int_equal(b->height, 1);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(le16(b->bin + 4 + 2 * i), i < 4 ? 0x94B8 : 0x884F);
    assert_int_equal(r.budget.vram_bytes, 64);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* Embedded: the 16-color wall is a third texture (other format). */
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.embed_textures = true;
    convert_file_ok("two.obj", &o, &j, &r, &d);
    assert_int_equal(count_sub(&d, "jo_lut"), 0);
    assert_int_equal(j.texture_image_count, 3);
    assert_string_equal(j.textures[0], "WALL_10A6AD.BIN");
    assert_string_equal(j.textures[1], "BRIC_3FFB52.BIN");     /* CRC 0xF33FFB52 */
    assert_int_equal(j.materials[0].texture, 0);
    assert_int_equal(j.materials[1].texture, 0);
    assert_int_equal(j.materials[2].texture, 1);
    assert_int_equal(j.materials[3].texture, 2);
    const rm_jom_texture *t = &j.texture_images[2];
    assert_int_equal(t->format, 1);
    assert_int_equal(t->pixel_size, 32 + 8);
    assert_int_equal(be16(t->pixels), 0);       /* color 0: transparent */
    /* The transparent pixels (row 0, x 5 and 7) are index 0: the low
       nibbles of bytes 2 and 3 (left pixel in the high nibble). */
    assert_int_equal(t->pixels[32 + 2] & 0x0F, 0);
    assert_int_equal(t->pixels[32 + 3] & 0x0F, 0);
    /* 4-bit: 64 * 2 / 4 ... VRAM 8 + 32 = 40 -> 64; 32 + 32 + 64. */
    assert_int_equal(r.budget.vram_bytes, 32 + 32 + 64);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

static void lut_pixels(void **state)
{
    (void)state;
    /* lut.png: row 0 R R G G B B T T, row 1 T T B B G G R R. Three colors
       fit 15 entries: each comes back exactly. */
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.embed_textures = true;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("lut.obj", &o, &j, &r, &d);
    const rm_jom_texture *t = &j.texture_images[0];
    assert_int_equal(t->format, 1);
    assert_int_equal(t->width, 8);
    assert_int_equal(t->height, 2);
    assert_int_equal(t->pixel_size, 40);
    const uint8_t *pal = t->pixels, *px = t->pixels + 32;
    assert_int_equal(be16(pal), 0);
    static const uint16_t want[16] = {
        0x801F, 0x801F, 0x83E0, 0x83E0, 0xFC00, 0xFC00, 0, 0,
        0, 0, 0xFC00, 0xFC00, 0x83E0, 0x83E0, 0x801F, 0x801F,
    };
    for (unsigned i = 0; i < 16; i++) {
        unsigned idx = (i % 2 == 0) ? px[i / 2] >> 4 : px[i / 2] & 15;
        assert_int_equal(be16(pal + 2 * idx), want[i]);
        if (want[i] == 0)
            assert_int_equal(idx, 0);
    }
    /* Two equal neighbours share a byte: the high nibble equals the low. */
    for (unsigned b = 0; b < 8; b++)
        assert_int_equal(px[b] >> 4, px[b] & 15);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

static void clash_names(void **state)
{
    (void)state;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("clash.obj", NULL, &j, &r, &d);
    /* b/wall.png (8x1 green) has CRC 0x9B839BEA: low 16 bits 9BEA. */
    assert_int_equal(j.texture_count, 2);
    assert_string_equal(j.textures[0], "WALL.BIN");
    assert_string_equal(j.textures[1], "WAL_9BEA.BIN");
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

static void missing_and_broken_images(void **state)
{
    (void)state;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    assert_int_equal(convert_file("missing.obj", NULL, &j, &r, &d), RM_INVALID);
    assert_int_equal(j.point_count, 0);
    assert_int_equal(r.texture_count, 0);
    assert_true(has_sub(&d, "missing.mtl:4:1: error: texture \"textures/none.png\" of material \"gone\" "
                            "is not found; tried \"" FIX "textures/none.png\" (No such file or "
                            "directory), \"" FIX "none.png\" (No such file or directory) "
                            "(--texture-dir DIR says where else to look)"));
    rm_diag_free(&d);

    rm_convert_options o;
    rm_convert_options_default(&o);
    o.texture_dir = FIX "dir";
    assert_int_equal(convert_file("missing.obj", &o, &j, &r, &d), RM_INVALID);
    assert_true(has_sub(&d, "tried \"" FIX "textures/none.png\" (No such file or directory), \"" FIX
                            "dir/textures/none.png\" (No such file or directory), \"" FIX
                            "none.png\" (No such file or directory), \"" FIX
                            "dir/none.png\" (No such file or directory)"));
    rm_diag_free(&d);

    assert_int_equal(convert_file("broken.obj", NULL, &j, &r, &d), RM_INVALID);
    assert_true(has_sub(&d, "broken.mtl:2:1: error: texture \"broken.png\" of material \"bad\" cannot "
                            "be read; tried \"" FIX "broken.png\" (not a readable image)"));
    assert_true(d.errors >= 2);     /* and the decoder's own message */
    rm_diag_free(&d);
}

static void texture_dir_and_nested(void **state)
{
    (void)state;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    /* C:\Users\artist\textures\stone.png: only the file name is tried. */
    assert_int_equal(convert_file("stone.obj", NULL, &j, &r, &d), RM_INVALID);
    assert_true(has_sub(&d, "stone.mtl:2:1: error: texture \"C:/Users/artist/textures/stone.png\""));
    assert_true(has_sub(&d, "tried \"" FIX "stone.png\" (No such file or directory)"));
    rm_diag_free(&d);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.texture_dir = FIX "dir";
    convert_file_ok("stone.obj", &o, &j, &r, &d);
    assert_string_equal(j.textures[0], "STONE.BIN");
    assert_string_equal(r.textures[0].image, FIX "dir/stone.png");
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);

    convert_file_ok("nested.obj", NULL, &j, &r, &d);
    assert_string_equal(j.textures[0], "WALL.BIN");
    assert_string_equal(r.textures[0].image, FIX "mtl/../wall.png");
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

static void resized_texture(void **state)
{
    (void)state;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("odd.obj", NULL, &j, &r, &d);
    assert_true(has_sub(&d, FIX "odd.png: warning: texture resized from 12x3 to 16x3 (the VDP1 needs a "
                                "width that is a multiple of 8)"));
    assert_int_equal(r.textures[0].width, 16);
    assert_int_equal(r.textures[0].height, 3);
    /* A flat blue image stays flat blue through the box filter. */
    for (unsigned i = 0; i < 48; i++)
        assert_int_equal(le16(r.textures[0].bin + 4 + 2 * i), 0xFC00);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* --max-texture 8x8 on the 16x16 atlas. */
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.max_texture_width = 8;
    o.max_texture_height = 8;
    convert_file_ok("atlas.obj", &o, &j, &r, &d);
    assert_true(has_sub(&d, FIX "atlas.png: warning: texture resized from 16x16 to 8x8 (--max-texture)"));
    assert_int_equal(count_sub(&d, "resized"), 1);     /* once per image */
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

/* The TIMG word at (x, y). */
static uint16_t texel(const rm_jom_texture *t, unsigned x, unsigned y)
{
    return be16(t->pixels + 2 * ((size_t)y * t->width + x));
}

#define RED 0x801F
#define GREEN 0x83E0
#define BLUE 0xFC00
#define WHITE 0xFFFF

static void corners_are(const rm_jom_texture *t, uint16_t tl, uint16_t tr, uint16_t br, uint16_t bl)
{
    unsigned w = t->width - 1, h = t->height - 1;
    assert_int_equal(texel(t, 0, 0), tl);
    assert_int_equal(texel(t, w, 0), tr);
    assert_int_equal(texel(t, w, h), br);
    assert_int_equal(texel(t, 0, h), bl);
}

static void sliced_atlas(void **state)
{
    (void)state;
    /* atlas.obj (see its comment); slices of a 16x16 atlas on 16 texels
       sample texel centers exactly, so the corner pixels are the colors of
       the quadrants under the UV corners (final order: OBJ reversed).
       a: (0,1) (1,1) (1,0) (0,0): red, green, white, blue.
       b: (0,0) (0,1) (1,1) (1,0): blue, red, green, white.
       c: (1,1) (0,1) (0,0) (1,0): green, red, blue, white (mirrored: the
          slice is mirrored, no flip needed).
       d: as a -> the same texture. e: the red quadrant, 8x8.
       f: triangle, A-B = (1,1)-(1,0) (shortest edge, tie: the first):
          16 x 23. Its top row samples the atlas at u = 1 - t (x = 15.15,
          blending in 15% of column 0 by wrapping), so inside pixels are
          checked: (1,1) at x 14.5, y 1.9 is green; (14,1) at x 14.5,
          y 14.1 is white.
       g: as a with jo_flip h: cut as without the flag (the VDP1 flips it
          when it draws): the same pixels as a -> shared. */
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.embed_textures = true;
    o.slice_textures = true;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("atlas.obj", &o, &j, &r, &d);
    assert_int_equal(count_sub(&d, "mirrored"), 0);
    assert_int_equal(j.polygon_count, 7);
    assert_int_equal(j.texture_image_count, 5);
    const rm_jom_texture *t = j.texture_images;
    for (unsigned i = 0; i < 3; i++) {
        assert_int_equal(t[i].width, 16);
        assert_int_equal(t[i].height, 16);
    }
    corners_are(&t[0], RED, GREEN, WHITE, BLUE);
    corners_are(&t[1], BLUE, RED, GREEN, WHITE);
    corners_are(&t[2], GREEN, RED, BLUE, WHITE);
    /* The middle of a's slice: the quadrant borders at 8. */
    assert_int_equal(texel(&t[0], 7, 7), RED);
    assert_int_equal(texel(&t[0], 8, 7), GREEN);
    assert_int_equal(texel(&t[0], 8, 8), WHITE);
    assert_int_equal(texel(&t[0], 7, 8), BLUE);
    assert_int_equal(t[3].width, 8);
    assert_int_equal(t[3].height, 8);
    corners_are(&t[3], RED, RED, RED, RED);
    assert_int_equal(t[4].width, 16);
    assert_int_equal(t[4].height, 23);
    assert_int_equal(texel(&t[4], 1, 1), GREEN);
    assert_int_equal(texel(&t[4], 14, 1), WHITE);
    /* The bottom row collapses into (0,0), the corner of the blue
       quadrant (wrapping blends in a little of the others): mostly blue. */
    uint16_t bottom = texel(&t[4], 0, 22);
    assert_true(((bottom >> 10) & 31) > (bottom & 31));

    /* MATL: (atlas, 0) (atlas, 1) (atlas, 2) (atlas, 3) (atlas, 4)
       (atlas_h, 0); d uses record 0 again. */
    assert_int_equal(j.material_count, 6);
    static const int16_t tex[6] = { 0, 1, 2, 3, 4, 0 };
    for (unsigned i = 0; i < 6; i++) {
        assert_int_equal(j.materials[i].texture, tex[i]);
        assert_string_equal(j.materials[i].name, i < 5 ? "atlas" : "atlas_h");
    }
    assert_int_equal(j.materials[5].flags, RM_MAT_FLIP_H);
    static const uint16_t qmat[7] = { 0, 1, 2, 0, 3, 4, 5 };
    for (unsigned p = 0; p < 7; p++)
        assert_int_equal(j.polygon_materials[p], qmat[p]);
    /* Slicing keeps the corner order: a's A is OBJ vertex 4 (the reversal),
       b's is vertex 8, not turned by the UVs. */
    assert_int_equal(j.points[j.polygons[1].v[0]].x, 2 * U);
    assert_int_equal(j.points[j.polygons[1].v[0]].y, -U);
    assert_true(r.textures[0].slice);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* The same without slicing: one texture; b turned so that A has UV
       (0,1) (vertex 7, at (3,1,0)); c mirrored: a warning at its line, 44;
       g's UVs are not mirrored: with jo_flip h the VDP1 draws its texture
       flipped, as the material asks, without a warning. */
    rm_convert_options_default(&o);
    convert_file_ok("atlas.obj", &o, &j, &r, &d);
    assert_int_equal(j.texture_count, 1);
    assert_int_equal(j.material_count, 2);
    assert_int_equal(j.points[j.polygons[1].v[0]].x, 3 * U);
    assert_int_equal(j.points[j.polygons[1].v[0]].y, -U);
    assert_true(has_sub(&d, "atlas.obj:44:1: warning: texture coordinates are mirrored"));
    assert_false(has_sub(&d, "atlas.obj:49:"));
    assert_int_equal(count_sub(&d, "mirrored"), 1);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

static void budget_over_and_strict(void **state)
{
    (void)state;
    /* 1801 separate triangles: 1801 polygons, 5403 points. */
    rm_mesh m;
    mb_init(&m, "many.obj");
    for (unsigned i = 0; i < 1801; i++) {
        uint32_t a = mb_v(&m, i, 0, 0);
        mb_v(&m, i + 0.5, 0, 0);
        mb_v(&m, i, 1, 0);
        mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, i + 1, 3, a, a + 1, a + 2);
    }
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom_ex(&m, NULL, &j, &r, &d), RM_OK);
    assert_true(r.budget.over);
    assert_int_equal(r.budget.polygons, 1801);
    assert_int_equal(r.budget.points, 5403);
    assert_true(has_sub(&d, "many.obj: warning: the model is over the Saturn's budget: 1801 polygons, "
                            "more than the 1761 SGL draws in a frame; 5403 points, more than the 2500 "
                            "SGL transforms in a frame"));
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);

    rm_convert_options o;
    rm_convert_options_default(&o);
    o.strict = true;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom_ex(&m, &o, &j, &r, &d), RM_INVALID);
    assert_true(has_sub(&d, "many.obj: error: the model is over the Saturn's budget: 1801 polygons"));
    assert_true(has_sub(&d, "(--strict)"));
    assert_int_equal(j.polygon_count, 0);
    assert_int_equal(r.texture_count, 0);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void no_textures_no_change(void **state)
{
    (void)state;
    /* UVs without a texture: nothing turns, no TEXT. The same quad as
       textured_quad with r = 1 UVs but no map_Kd: A stays OBJ vertex 4. */
    static const double Q1[4][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 0 } };
    rm_mesh m;
    textured_quad(&m, Q1, 0);
    free(m.materials[0].map_kd);
    m.materials[0].map_kd = NULL;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom_ex(&m, NULL, &j, &r, &d), RM_OK);
    assert_int_equal(vertex_at(&j, j.polygons[0].v[0]), 3);
    assert_int_equal(j.texture_count, 0);
    assert_int_equal(j.materials[0].texture, -1);
    assert_int_equal(r.texture_count, 0);
    assert_int_equal(r.budget.vram_bytes, 0);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void bad_options(void **state)
{
    (void)state;
    rm_mesh m;
    static const double Q[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
    textured_quad(&m, Q, 0);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.max_texture_width = 4;
    o.max_texture_height = 4;
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, &o, &j, &d), RM_USAGE);
    assert_true(has_sub(&d, "the texture cap must be at least 8 wide"));
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- .BIN files ------------------------------------------------------- */

static void write_bin_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_tex_XXXXXX";
    assert_non_null(mkdtemp(dir));
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("two.obj", NULL, &j, &r, &d);
    assert_int_equal(rm_convert_write_textures(&r, dir, NULL, 0, &d), RM_OK);
    char path[600];
    snprintf(path, sizeof path, "%s/WALL.BIN", dir);
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_int_equal(size, 36);
    assert_memory_equal(data, r.textures[0].bin, 36);
    free(data);
    unlink(path);
    snprintf(path, sizeof path, "%s/BRICK.BIN", dir);
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_int_equal(size, 20);
    free(data);

    /* A file to keep at a target: nothing is written, the file stays. */
    const char *keep[1] = { path };
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("mine", f);
    fclose(f);
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_convert_write_textures(&r, dir, keep, 1, &d), RM_USAGE);
    assert_true(has_sub(&d, "BRICK.BIN: error: the texture BRICK.BIN would be written over"));
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_int_equal(size, 4);
    free(data);
    char wall[600];
    snprintf(wall, sizeof wall, "%s/WALL.BIN", dir);
    struct stat sb;
    assert_int_not_equal(stat(wall, &sb), 0);   /* not written either */
    unlink(path);

    /* An image read is never written over: a "texture folder" that is the
       images' own folder, where a WALL.BIN image would be... the images
       are PNG here, so check through a link named like the target. */
    snprintf(path, sizeof path, "%s/WALL.BIN", dir);
    assert_int_equal(symlink(r.images[0], path), 0);
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_convert_write_textures(&r, dir, NULL, 0, &d), RM_USAGE);
    assert_true(has_sub(&d, "would be written over " FIX "wall.png"));
    unlink(path);
    rmdir(dir);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

/* Issue 13 item 3: a .BIN of another model is never replaced. Before the
   model is serialised its names are settled against the folder: a
   WALL.BIN with other pixels makes the texture WAL_<16 bits of its CRC>.BIN
   (in the result and in TEXT), one with the same bytes is kept as it is,
   and when the hashed name is taken by other bytes too nothing is
   renamed and the call is refused. */
static void settle_texture_names(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_settle_XXXXXX";
    assert_non_null(mkdtemp(dir));
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    convert_file_ok("two.obj", NULL, &j, &r, &d);
    assert_string_equal(r.textures[0].name, "WALL.BIN");
    assert_string_equal(r.textures[1].name, "BRICK.BIN");

    /* Nothing in the folder: the names stay. */
    assert_int_equal(rm_convert_settle_textures(&r, &j, dir, NULL, &d), RM_OK);
    assert_string_equal(r.textures[0].name, "WALL.BIN");
    assert_false(r.textures[0].unchanged);

    /* WALL.BIN of another model (same size, other pixels); BRICK.BIN with
       this model's very bytes. */
    char wall[128], brick[128], hashed_path[128];
    snprintf(wall, sizeof wall, "%s/WALL.BIN", dir);
    snprintf(brick, sizeof brick, "%s/BRICK.BIN", dir);
    uint8_t other[36];
    memcpy(other, r.textures[0].bin, 36);
    other[10] ^= 0x55;
    assert_int_equal(rm_file_write_atomic(wall, other, 36, &d), RM_OK);
    assert_int_equal(rm_file_write_atomic(brick, r.textures[1].bin, r.textures[1].bin_size, &d), RM_OK);
    uint8_t be[32];
    for (unsigned i = 0; i < 16; i++) {
        be[2 * i] = (uint8_t)(WALL[i] >> 8);
        be[2 * i + 1] = (uint8_t)WALL[i];
    }
    char hashed[16];
    snprintf(hashed, sizeof hashed, "WAL_%04X.BIN", (unsigned)(rm_cv_texture_crc(8, 2, 0, be, 32) & 0xFFFFu));
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_convert_settle_textures(&r, &j, dir, NULL, &d), RM_OK);
    assert_string_equal(r.textures[0].name, hashed);
    assert_string_equal(j.textures[0], hashed);
    assert_false(r.textures[0].unchanged);
    assert_string_equal(r.textures[1].name, "BRICK.BIN");
    assert_true(r.textures[1].unchanged);
    char want[512];
    snprintf(want, sizeof want,
             "%s: warning: exists with other pixels (another model's texture?): this model's "
             "texture is %s",
             wall, hashed);
    assert_true(has_msg(&d, want));
    assert_int_equal(d.errors, 0);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* The hashed name taken by other bytes too: refused, naming both,
       nothing renamed. */
    convert_file_ok("two.obj", NULL, &j, &r, &d);
    snprintf(hashed_path, sizeof hashed_path, "%s/%s", dir, hashed);
    assert_int_equal(rm_file_write_atomic(hashed_path, "x", 1, &d), RM_OK);
    assert_int_equal(rm_convert_settle_textures(&r, &j, dir, NULL, &d), RM_USAGE);
    snprintf(want, sizeof want, "%s: error: exists with other pixels, and so does %s", hashed_path, wall);
    assert_true(has_sub(&d, want));
    assert_string_equal(r.textures[0].name, "WALL.BIN");
    assert_string_equal(j.textures[0], "WALL.BIN");
    assert_false(r.textures[1].unchanged);
    /* The hashed file with this model's bytes: shared. */
    assert_int_equal(rm_file_write_atomic(hashed_path, r.textures[0].bin, r.textures[0].bin_size, &d),
                     RM_OK);
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_convert_settle_textures(&r, &j, dir, NULL, &d), RM_OK);
    assert_string_equal(r.textures[0].name, hashed);
    assert_true(r.textures[0].unchanged);
    unlink(wall);
    unlink(brick);
    unlink(hashed_path);
    rmdir(dir);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
}

/* Every prefix and many corrupted copies of the fixture images, through
   the whole converter: each converts, or fails with the clear error;
   never a crash (run under the sanitizers). */
static void malformed_images(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_texbad_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char obj[600], mtl[600], img[600];
    snprintf(obj, sizeof obj, "%s/q.obj", dir);
    snprintf(mtl, sizeof mtl, "%s/q.mtl", dir);
    snprintf(img, sizeof img, "%s/img", dir);
    rm_diag d;
    rm_diag_init(&d);
    const char *otext = "mtllib q.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\n"
                        "vt 1 1\nvt 0 1\nusemtl m\nf 1/1 2/2 3/3 4/4\n";
    const char *mtext = "newmtl m\nmap_Kd img\n";
    assert_int_equal(rm_file_write_atomic(obj, otext, strlen(otext), &d), RM_OK);
    assert_int_equal(rm_file_write_atomic(mtl, mtext, strlen(mtext), &d), RM_OK);
    static const char *sources[] = { "wall.png", "brick.tga", "atlas.png", "lut.png" };
    size_t runs = 0, failed = 0;
    for (size_t s = 0; s < sizeof sources / sizeof sources[0]; s++) {
        char src[600];
        snprintf(src, sizeof src, "%s%s", FIX, sources[s]);
        uint8_t *good;
        size_t size;
        assert_int_equal(rm_file_read(src, &good, &size, &d), RM_OK);
        uint8_t *bad = malloc(size);
        assert_non_null(bad);
        for (size_t k = 0; k < 2 * size + 1; k++) {
            size_t n = size;
            memcpy(bad, good, size);
            if (k <= size)
                n = k;                          /* a prefix */
            else
                bad[k - size - 1] ^= 0xA5;      /* one corrupted byte */
            assert_int_equal(rm_file_write_atomic(img, bad, n, &d), RM_OK);
            for (int slice = 0; slice < 2; slice++) {
                rm_convert_options o;
                rm_convert_options_default(&o);
                o.slice_textures = slice;
                o.embed_textures = true;
                rm_jom_model j;
                rm_convert_result r;
                rm_diag cd;
                rm_diag_init(&cd);
                rm_mesh m;
                assert_int_equal(rm_obj_read_file(obj, NULL, &m, &cd), RM_OK);
                rm_status st = rm_convert_mesh_to_jom_ex(&m, &o, &j, &r, &cd);
                assert_true(st == RM_OK || st == RM_INVALID);
                if (st == RM_INVALID) {
                    assert_true(has_sub(&cd, "q.mtl:2:1: error: texture \"img\" of material \"m\" "
                                             "cannot be read"));
                    failed++;
                } else {
                    assert_int_equal(j.texture_image_count, 1);
                }
                runs++;
                rm_convert_result_free(&r);
                rm_jom_free(&j);
                rm_mesh_free(&m);
                rm_diag_free(&cd);
            }
        }
        free(bad);
        free(good);
    }
    assert_true(failed > 0 && failed < runs);
    unlink(obj);
    unlink(mtl);
    unlink(img);
    rmdir(dir);
    rm_diag_free(&d);
}

/* --slice-textures and a face without UVs: the whole texture, a warning. */
static void slice_without_uvs(void **state)
{
    (void)state;
    static const double Q[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
    rm_mesh m;
    textured_quad(&m, Q, 0);
    mb_v(&m, 5, 5, 0);
    mb_f(&m, 0, RM_MESH_NONE, 9, 3, 1, 2, 5);   /* no UVs */
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.slice_textures = true;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom_ex(&m, &o, &j, &r, &d), RM_OK);
    assert_true(has_sub(&d, "quad.obj:9: warning: face has no usable texture coordinates: it gets the "
                            "whole texture of material \"wall\", not a slice (1 polygon of the "
                            "material)"));
    /* The quad's slice is the whole 8x2 image as drawn (UVs 0..1 on 8x2
       texels: 8 x 2): the same pixels as the whole texture -> shared. */
    assert_int_equal(j.texture_count, 1);
    assert_int_equal(j.material_count, 1);
    assert_int_equal(r.textures[0].width, 8);
    assert_int_equal(r.textures[0].height, 2);
    for (unsigned i = 0; i < 16; i++)
        assert_int_equal(le16(r.textures[0].bin + 4 + 2 * i), WALL[i]);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void deterministic(void **state)
{
    (void)state;
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.embed_textures = true;
    o.slice_textures = true;
    o.dither = true;
    uint8_t *bytes[2];
    size_t size[2];
    for (int k = 0; k < 2; k++) {
        rm_jom_model j;
        rm_convert_result r;
        rm_diag d;
        convert_file_ok("atlas.obj", &o, &j, &r, &d);
        assert_int_equal(rm_jom_write(&j, &bytes[k], &size[k], &d), RM_OK);
        rm_convert_result_free(&r);
        rm_jom_free(&j);
        rm_diag_free(&d);
    }
    assert_int_equal(size[0], size[1]);
    assert_memory_equal(bytes[0], bytes[1], size[0]);
    free(bytes[0]);
    free(bytes[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(uv_turns_8_orientations),
        cmocka_unit_test(uv_turn_region_and_bad_values),
        cmocka_unit_test(converter_turns_quads_by_uv),
        cmocka_unit_test(mirrored_face_with_flip_h_is_right),
        cmocka_unit_test(triangle_rules),
        cmocka_unit_test(normals_and_gouraud_follow_the_corners),
        cmocka_unit_test(name_stems),
        cmocka_unit_test(texture_crc),
        cmocka_unit_test(name_clashes),
        cmocka_unit_test(vram_and_budget_line),
        cmocka_unit_test(slice_sizes),
        cmocka_unit_test(quad_as_bin),
        cmocka_unit_test(quad_embedded),
        cmocka_unit_test(dedupe_and_lut),
        cmocka_unit_test(lut_pixels),
        cmocka_unit_test(clash_names),
        cmocka_unit_test(missing_and_broken_images),
        cmocka_unit_test(texture_dir_and_nested),
        cmocka_unit_test(resized_texture),
        cmocka_unit_test(sliced_atlas),
        cmocka_unit_test(budget_over_and_strict),
        cmocka_unit_test(no_textures_no_change),
        cmocka_unit_test(bad_options),
        cmocka_unit_test(write_bin_files),
        cmocka_unit_test(settle_texture_names),
        cmocka_unit_test(malformed_images),
        cmocka_unit_test(slice_without_uvs),
        cmocka_unit_test(deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
