/* A texture atlas without --slice-textures (issue 13, item 11): a material
   whose polygons each map a small part of its image (median UV box under
   1/4 of the image) gets one warning with the fix and the VRAM slicing
   would take; a normally mapped material gets none.

   The image is the fixtures' 16x16 atlas.png (atlas.mtl: map_Kd at line 2
   for "atlas"). A slice of a 1/4 x 1/4 region is 4x4 texels, fitted to
   8x4 (width a multiple of 8): 64 bytes of VRAM; a single-UV face (a
   palette model's) is 1x1, fitted to 8x1: 16 bytes, 32 once rounded up. */
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
#include "retromesh/obj.h"

#define FIX RM_FIXTURES "/textures/"

/* `quads` unit quads side by side, each mapping the UV square of side
   `side` at (u0 + k * side mod 1, 0); `whole` more quads that map the
   whole image. */
static void kit(rm_mesh *m, unsigned quads, double side, unsigned whole)
{
    mb_init(m, "kit.obj");
    uint32_t mat = mb_material(m, "atlas");
    mb_texture(m, mat, FIX "atlas.mtl", "atlas.png");
    for (unsigned k = 0; k < quads + whole; k++) {
        uint32_t v = mb_square(m, 2.0 * k, 0);
        double s = k < quads ? side : 1.0, u0 = k < quads ? (k % 4) * 0.25 : 0.0;
        uint32_t t = mb_vt(m, u0, 0);
        mb_vt(m, u0 + s, 0);
        mb_vt(m, u0 + s, s);
        mb_vt(m, u0, s);
        size_t f = mb_f(m, mat, RM_MESH_NONE, 10 + k, 4, v, v + 1, v + 2, v + 3);
        mb_face_uvs(m, f, 4, t, t + 1, t + 2, t + 3);
    }
}

static void convert(const rm_mesh *m, bool slice, rm_diag *d)
{
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.embed_textures = true;
    o.slice_textures = slice;
    rm_jom_model j;
    rm_diag_init(d);
    assert_int_equal(rm_convert_mesh_to_jom(m, &o, &j, d), RM_OK);
    rm_jom_free(&j);
}

static void atlas_material_is_told_once(void **state)
{
    (void)state;
    rm_mesh m;
    kit(&m, 20, 0.25, 0);
    rm_diag d;
    convert(&m, false, &d);
    /* 20 slices of 64 bytes: 1280 bytes, about 2 KB. */
    assert_true(has_msg(&d, FIX "atlas.mtl:2: warning: material \"atlas\" maps small parts of atlas.png (a "
                            "texture atlas): without --slice-textures every polygon shows the whole image; "
                            "--slice-textures gives each polygon its own texture (up to 2 KB of VDP1 VRAM; --max-texture WxH makes them smaller)"));
    assert_int_equal(count_sub(&d, "maps small parts"), 1);
    rm_diag_free(&d);
    /* With --slice-textures there is nothing to say. */
    convert(&m, true, &d);
    assert_int_equal(count_sub(&d, "maps small parts"), 0);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void palette_model_is_an_atlas(void **state)
{
    (void)state;
    /* Each face at one UV (a colormap: side 0): 8 faces, 32 bytes each. */
    rm_mesh m;
    kit(&m, 8, 0.0, 0);
    rm_diag d;
    convert(&m, false, &d);
    assert_true(has_sub(&d, "material \"atlas\" maps small parts of atlas.png (a texture atlas)"));
    assert_true(has_sub(&d, "(up to 1 KB of VDP1 VRAM; --max-texture WxH makes them smaller)"));
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void normal_mapping_is_not_an_atlas(void **state)
{
    (void)state;
    /* The median decides: 3 faces on the whole image and 2 on a quarter's
       quarter (median 1), or every face on half by half (1/4, not below). */
    rm_mesh m;
    kit(&m, 2, 0.25, 3);
    rm_diag d;
    convert(&m, false, &d);
    assert_int_equal(count_sub(&d, "maps small parts"), 0);
    rm_diag_free(&d);
    rm_mesh_free(&m);
    kit(&m, 6, 0.5, 0);
    convert(&m, false, &d);
    assert_int_equal(count_sub(&d, "maps small parts"), 0);
    rm_diag_free(&d);
    rm_mesh_free(&m);
    /* The fixture atlas.obj (faces on the whole atlas, one on a quarter). */
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "atlas.obj", NULL, &m, &d), RM_OK);
    rm_diag_free(&d);
    convert(&m, false, &d);
    assert_int_equal(count_sub(&d, "maps small parts"), 0);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(atlas_material_is_told_once),
        cmocka_unit_test(palette_model_is_an_atlas),
        cmocka_unit_test(normal_mapping_is_not_an_atlas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
