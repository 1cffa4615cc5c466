/* The MATL + QMAT -> ATTR table (.helpers/RULES.md, retromesh/sgl.h): each
   row with its value worked out by hand from the SGL constants
   (saturn-notes 4.2, 6.2) in the comment; the gouraud tables of
   jo_3d_load_model and __jo_3d_load_model_for_lights. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "formats/jom/jom_models.h"
#include "retromesh/mesh.h"
#include "retromesh/sgl.h"

static rm_jom_material mat(uint32_t flags, int16_t texture, uint8_t r, uint8_t g, uint8_t b)
{
    rm_jom_material m;
    memset(&m, 0, sizeof m);
    m.flags = flags;
    m.texture = texture;
    m.r = r;
    m.g = g;
    m.b = b;
    return m;
}

#define ATTR_IS(a, FLAG, SORT, TEXNO, ATRB, COLNO, GSTB, DIR) do { \
        assert_int_equal((a).flag, FLAG); assert_int_equal((a).sort, SORT); \
        assert_int_equal((a).texno, TEXNO); assert_int_equal((a).atrb, ATRB); \
        assert_int_equal((a).colno, COLNO); assert_int_equal((a).gstb, GSTB); \
        assert_int_equal((a).dir, DIR); } while (0)

static void untextured(void **state)
{
    (void)state;
    /* r 255 g 128 b 0: 0x8000 | (0>>3)<<10 | (128>>3 = 16)<<5 | (255>>3 = 31) = 0x821F;
       sort SORT_CEN 3; atrb CL32KRGB 40 | ECdis 128 | SPdis 64 = 232; dir FUNC_Polygon 4 */
    rm_jom_material m = mat(0, -1, 255, 128, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 3, 0, 232, 0x821F, 0, 4);
    /* r 8 g 16 b 255: (255>>3 = 31)<<10 = 0x7C00, (16>>3 = 2)<<5 = 0x40, 8>>3 = 1: 0xFC41 */
    m = mat(0, -1, 8, 16, 255);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 3, 0, 232, 0xFC41, 0, 4);
    /* black: 0x8000 (never 0, which would be transparent) */
    m = mat(0, -1, 7, 7, 7);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 3, 0, 232, 0x8000, 0, 4);
    /* a texture description is not read for an untextured material */
    rm_sgl_texture lut = { RM_SGL_TEXTURE_LUT, 9, 0x1234 };
    ATTR_IS(rm_sgl_attr_of(&m, &lut, 0, false), 0, 3, 0, 232, 0x8000, 0, 4);
}

static void plane_and_sort(void **state)
{
    (void)state;
    rm_jom_material m = mat(RM_MAT_DUAL_PLANE, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 1, 3, 0, 232, 0x8000, 0, 4);    /* Dual_Plane 1 */
    m = mat(RM_MAT_SORT_MIN, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 1, 0, 232, 0x8000, 0, 4);    /* SORT_MIN 1 */
    m = mat(RM_MAT_SORT_MAX, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 2, 0, 232, 0x8000, 0, 4);    /* SORT_MAX 2 */
    m = mat(RM_MAT_SORT_PREVIOUS, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 0, 0, 232, 0x8000, 0, 4);    /* SORT_BFR 0 */
    m = mat(RM_MAT_LIGHT, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 11, 0, 232, 0x8000, 0, 4);   /* 3 | UseLight 8 */
    m = mat(RM_MAT_LIGHT | RM_MAT_SORT_MAX, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 10, 0, 232, 0x8000, 0, 4);   /* 2 | 8 */
}

static void textured(void **state)
{
    (void)state;
    /* RGB, sprite 7: sort 3 | UseTexture 4 = 7; atrb CL32KRGB 40 | ECdis 128 = 168
       (no END_CODES); colno 0; dir FUNC_Texture 2 */
    rm_jom_material m = mat(0, 2, 200, 100, 50);
    rm_sgl_texture rgb = { RM_SGL_TEXTURE_RGB, 7, 0 };
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, false), 0, 7, 7, 168, 0, 0, 2);
    /* no description: RGB with texno = the texture index (2) */
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 7, 2, 168, 0, 0, 2);
    /* END_CODES: end codes left enabled, atrb 40 */
    m = mat(RM_MAT_END_CODES, 2, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, false), 0, 7, 7, 40, 0, 0, 2);
    /* 16-colour LUT: CL16Look 8 | ECdis 128 = 136, colno = the LUT's VRAM offset / 8 */
    m = mat(0, 0, 0, 0, 0);
    rm_sgl_texture lut = { RM_SGL_TEXTURE_LUT, 3, 0x2004 };
    ATTR_IS(rm_sgl_attr_of(&m, &lut, 0, false), 0, 7, 3, 136, 0x2004, 0, 2);
    /* 8-bit: sort 3 | 4 | UsePalette 32 = 39; CL256Bnk 32 | 128 = 160; colno 0 (bank 0) */
    rm_sgl_texture pal = { RM_SGL_TEXTURE_8BIT, 4, 0x5555 };
    ATTR_IS(rm_sgl_attr_of(&m, &pal, 0, false), 0, 39, 4, 160, 0, 0, 2);
    /* light + dual + textured: flag 1, sort 3 | 4 | 8 = 15 */
    m = mat(RM_MAT_LIGHT | RM_MAT_DUAL_PLANE, 0, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, false), 1, 15, 7, 168, 0, 0, 2);
}

static void colour_calculation(void **state)
{
    (void)state;
    rm_jom_material m = mat(RM_MAT_HALF_TRANSPARENT, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 3, 0, 235, 0x8000, 0, 4);      /* 232 | CL_Trans 3 */
    m = mat(RM_MAT_GOURAUD, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0xE000, false), 0, 3, 0, 236, 0x8000, 0xE000, 4);   /* | CL_Gouraud 4 */
    m = mat(RM_MAT_GOURAUD | RM_MAT_HALF_TRANSPARENT, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 3, 0, 239, 0x8000, 0, 4);      /* | 7 */
    /* for lights: CL_Gouraud on every polygon */
    m = mat(0, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0x2001, true), 0, 3, 0, 236, 0x8000, 0x2001, 4);
    rm_sgl_texture rgb = { RM_SGL_TEXTURE_RGB, 1, 0 };
    m = mat(RM_MAT_HALF_TRANSPARENT, 0, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, true), 0, 7, 1, 175, 0, 0, 2);            /* 168 | 3 | 4 */
    /* SCREEN_DOORS: MESHon 256: 232 + 256 = 488; textured 168 + 256 = 424 */
    m = mat(RM_MAT_SCREEN_DOORS, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 3, 0, 488, 0x8000, 0, 4);
    m = mat(RM_MAT_SCREEN_DOORS, 0, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, false), 0, 7, 1, 424, 0, 0, 2);
}

static void flips_and_others(void **state)
{
    (void)state;
    rm_sgl_texture rgb = { RM_SGL_TEXTURE_RGB, 5, 0 };
    rm_jom_material m = mat(RM_MAT_FLIP_H, 0, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, false), 0, 7, 5, 168, 0, 0, 18);   /* 2 | 0x10 */
    m = mat(RM_MAT_FLIP_V, 0, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, false), 0, 7, 5, 168, 0, 0, 34);   /* 2 | 0x20 */
    m = mat(RM_MAT_FLIP_H | RM_MAT_FLIP_V, 0, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, false), 0, 7, 5, 168, 0, 0, 50);   /* 2 | 0x30 */
    /* untextured: no flip bits, FUNC_Polygon 4 */
    m = mat(RM_MAT_FLIP_H | RM_MAT_FLIP_V, -1, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, NULL, 0, false), 0, 3, 0, 232, 0x8000, 0, 4);
    /* MIPMAPS, SUBDIVISION, SUBDIVISION_NEAR and the user bits change nothing */
    m = mat(RM_MAT_MIPMAPS | RM_MAT_SUBDIVISION | RM_MAT_SUBDIVISION_NEAR | RM_MAT_USER(3), 0, 0, 0, 0);
    ATTR_IS(rm_sgl_attr_of(&m, &rgb, 0, false), 0, 7, 5, 168, 0, 0, 2);
}

static void gouraud_tables(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    /* RED (material 0, GOURAUD) on polygons 0, 1, 4 with the same 4 words:
       one table; WALL polygons 2, 3, 5 none. */
    uint32_t table_of[6];
    uint16_t colors[24];
    uint32_t n = 99;
    assert_int_equal(rm_sgl_gouraud_tables(&m, false, table_of, colors, &n), RM_OK);
    assert_int_equal(n, 1);
    uint32_t want[6] = { 0, 0, RM_SGL_NO_TABLE, RM_SGL_NO_TABLE, 0, RM_SGL_NO_TABLE };
    for (int p = 0; p < 6; p++)
        assert_int_equal(table_of[p], want[p]);
    assert_int_equal(colors[0], 0xC210);
    assert_int_equal(colors[1], 0x801F);
    assert_int_equal(colors[2], 0x83E0);
    assert_int_equal(colors[3], 0xFC00);
    /* polygon 4 other colours: a second table, after polygon 0's */
    m.gouraud[4 * 4 + 2] = 0x1234;
    assert_int_equal(rm_sgl_gouraud_tables(&m, false, table_of, colors, &n), RM_OK);
    assert_int_equal(n, 2);
    assert_int_equal(table_of[4], 1);
    assert_int_equal(table_of[1], 0);
    assert_int_equal(colors[4 + 2], 0x1234);
    /* for lights: one table per polygon, 0xC210 x 4 for WALL's */
    assert_int_equal(rm_sgl_gouraud_tables(&m, true, table_of, colors, &n), RM_OK);
    assert_int_equal(n, 6);
    for (uint32_t p = 0; p < 6; p++)
        assert_int_equal(table_of[p], p);
    for (int k = 0; k < 4; k++)
        assert_int_equal(colors[2 * 4 + k], 0xC210);
    assert_int_equal(colors[1 * 4 + 3], 0xFC00);
    /* a material index out of range is not GOURAUD; no GOUR: no table */
    m.polygon_materials[0] = 7;
    assert_int_equal(rm_sgl_gouraud_tables(&m, false, table_of, colors, &n), RM_OK);
    assert_int_equal(n, 2);
    assert_int_equal(table_of[0], RM_SGL_NO_TABLE);
    m.has_gouraud = false;
    assert_int_equal(rm_sgl_gouraud_tables(&m, false, table_of, colors, &n), RM_OK);
    assert_int_equal(n, 0);
    assert_int_equal(rm_sgl_gouraud_tables(&m, false, NULL, colors, &n), RM_INVALID);
    m.polygon_materials[0] = 0;
    rm_jom_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(untextured),
        cmocka_unit_test(plane_and_sort),
        cmocka_unit_test(textured),
        cmocka_unit_test(colour_calculation),
        cmocka_unit_test(flips_and_others),
        cmocka_unit_test(gouraud_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
