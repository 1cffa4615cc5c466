/* jo_flip asks the VDP1 to flip the texture (issue 13, item 8; seed 000):
   the corners of a textured polygon come from its UVs alone, the flip bits
   go to MATL, and the preview renderer (drawn as the VDP1 does) shows the
   texture flipped as asked. A mirrored face gets a warning naming the flip
   that draws it as its UVs say, and with that flip it is drawn so.

   The quad is OBJ 1 (0,0,0), 2 (1,0,0), 3 (1,1,0), 4 (0,1,0) on the 16x16
   atlas of the fixtures (quadrants red, green / blue, white: the image's
   top-left is red). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/diag_check.h"
#include "convert/mesh_builder.h"
#include "retromesh/convert.h"
#include "retromesh/jom.h"
#include "retromesh/render.h"

#define FIX RM_FIXTURES "/textures/"

/* OBJ-order UVs: Blender's for a quad (counterclockwise, as the corners),
   and the same mirrored left to right. */
static const double NORMAL[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
static const double MIRROR[4][2] = { { 1, 0 }, { 0, 0 }, { 0, 1 }, { 1, 1 } };

static const uint32_t FLIPS[4] = { 0, RM_MAT_FLIP_H, RM_MAT_FLIP_V, RM_MAT_FLIP_H | RM_MAT_FLIP_V };

static void convert_quad(const double uv[4][2], uint32_t flags, rm_jom_model *j, rm_diag *d)
{
    rm_mesh m;
    mb_init(&m, "quad.obj");
    mb_square(&m, 0, 0);
    for (unsigned i = 0; i < 4; i++)
        mb_vt(&m, uv[i][0], uv[i][1]);
    uint32_t mat = mb_material(&m, "atlas");
    mb_texture(&m, mat, FIX "atlas.mtl", "atlas.png");
    m.materials[mat].jo_flags = flags;
    size_t f = mb_f(&m, mat, RM_MESH_NONE, 7, 4, 1, 2, 3, 4);
    mb_face_uvs(&m, f, 4, 1, 2, 3, 4);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.embed_textures = true;
    rm_diag_init(d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, &o, j, d), RM_OK);
    rm_mesh_free(&m);
}

/* The colour (0 red, 1 green, 2 blue, 3 white, -1 other) the renderer
   draws at the 4 quarters of the quad's box on the screen: top-left,
   top-right, bottom-left, bottom-right. */
static void drawn_quarters(const rm_jom_model *j, int out[4])
{
    rm_render_scene s;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_render_scene_from_jom(j, "quad", NULL, &s, &d), RM_OK);
    rm_render_options o;
    rm_render_options_default(&o);
    o.width = o.height = 64;
    uint16_t *fb = calloc(64 * 64, sizeof *fb);
    assert_non_null(fb);
    assert_int_equal(rm_render_frame(&s, NULL, 0, &o, fb), RM_OK);
    uint16_t bg = fb[0];
    int x0 = 64, y0 = 64, x1 = -1, y1 = -1;
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++)
            if (fb[y * 64 + x] != bg) {
                x0 = x < x0 ? x : x0;
                y0 = y < y0 ? y : y0;
                x1 = x > x1 ? x : x1;
                y1 = y > y1 ? y : y1;
            }
    assert_true(x1 - x0 > 8 && y1 - y0 > 8);
    for (int q = 0; q < 4; q++) {
        int x = x0 + (x1 - x0) * (q % 2 ? 3 : 1) / 4, y = y0 + (y1 - y0) * (q / 2 ? 3 : 1) / 4;
        uint16_t c = fb[y * 64 + x];
        unsigned r = c & 31u, g = (c >> 5) & 31u, b = (c >> 10) & 31u;
        out[q] = (r > 20 && g > 20 && b > 20) ? 3 : (r > 20 && g < 8 && b < 8) ? 0
               : (g > 20 && r < 8 && b < 8) ? 1 : (b > 20 && r < 8 && g < 8) ? 2 : -1;
        assert_true(out[q] >= 0);
    }
    free(fb);
    rm_render_scene_free(&s);
    rm_diag_free(&d);
}

static void flip_keeps_the_corners(void **state)
{
    (void)state;
    rm_jom_model base;
    rm_diag d;
    convert_quad(NORMAL, 0, &base, &d);
    assert_int_equal(count_sub(&d, "mirrored"), 0);
    rm_diag_free(&d);
    for (int k = 1; k < 4; k++) {
        rm_jom_model j;
        convert_quad(NORMAL, FLIPS[k], &j, &d);
        /* The same corners as without the flag, the flag in MATL, no warning. */
        assert_memory_equal(j.polygons[0].v, base.polygons[0].v, sizeof base.polygons[0].v);
        assert_int_equal(j.materials[0].flags & (RM_MAT_FLIP_H | RM_MAT_FLIP_V), FLIPS[k]);
        assert_int_equal(count_sub(&d, "mirrored"), 0);
        rm_jom_free(&j);
        rm_diag_free(&d);
    }
    rm_jom_free(&base);
}

static void flip_flips_what_is_drawn(void **state)
{
    (void)state;
    /* Without a flag the quad shows the atlas as its UVs say. With one,
       the VDP1 flips each texel: h swaps red and green (and blue and
       white), v red and blue, hv red and white, wherever they are drawn. */
    static const int swap[4][4] = { { 0, 1, 2, 3 }, { 1, 0, 3, 2 }, { 2, 3, 0, 1 }, { 3, 2, 1, 0 } };
    rm_jom_model j;
    rm_diag d;
    int base[4];
    convert_quad(NORMAL, 0, &j, &d);
    drawn_quarters(&j, base);
    /* All four colours, once each. */
    int seen = 0;
    for (int q = 0; q < 4; q++)
        seen |= 1 << base[q];
    assert_int_equal(seen, 15);
    rm_jom_free(&j);
    rm_diag_free(&d);
    for (int k = 1; k < 4; k++) {
        int got[4];
        convert_quad(NORMAL, FLIPS[k], &j, &d);
        drawn_quarters(&j, got);
        for (int q = 0; q < 4; q++)
            assert_int_equal(got[q], swap[k][base[q]]);
        rm_jom_free(&j);
        rm_diag_free(&d);
    }
}

static void mirrored_face_names_the_flip(void **state)
{
    (void)state;
    rm_jom_model normal, j;
    rm_diag d;
    int want[4], got[4];
    convert_quad(NORMAL, 0, &normal, &d);
    drawn_quarters(&normal, want);
    rm_diag_free(&d);
    /* Mirrored UVs, no flip: a warning naming jo_flip h. */
    convert_quad(MIRROR, 0, &j, &d);
    assert_true(has_msg(&d, "quad.obj:7: warning: texture coordinates are mirrored against the corner order: "
                            "the texture of material \"atlas\" is drawn mirrored on this face; jo_flip h draws "
                            "it right (it flips every face of the material: give the mirrored faces a material "
                            "of their own), or use --slice-textures"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    /* With jo_flip h it is drawn as its UVs say, no warning: where the
       normal quad shows texel (u, v) this one shows (1 - u, v), so red and
       green (blue and white) change places. */
    convert_quad(MIRROR, RM_MAT_FLIP_H, &j, &d);
    assert_int_equal(count_sub(&d, "mirrored"), 0);
    drawn_quarters(&j, got);
    static const int swap_h[4] = { 1, 0, 3, 2 };
    for (int q = 0; q < 4; q++)
        assert_int_equal(got[q], swap_h[want[q]]);
    rm_jom_free(&j);
    rm_diag_free(&d);
    /* jo_flip v does not repair it: the warning says which one does. */
    convert_quad(MIRROR, RM_MAT_FLIP_V, &j, &d);
    assert_true(has_sub(&d, "the texture of material \"atlas\" (jo_flip v) is not drawn as its UVs say on "
                            "this face; jo_flip h draws it right"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_jom_free(&normal);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flip_keeps_the_corners),
        cmocka_unit_test(flip_flips_what_is_drawn),
        cmocka_unit_test(mirrored_face_names_the_flip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
