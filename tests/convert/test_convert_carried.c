/* tests/convert/test_convert_carried.c - textures whose pixels the source
   file carries (rm_mesh_material.map_kd_rgba, e.g. a NIFF TexImg): the
   converter takes the pixels from the mesh and reads no file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "convert/mesh_builder.h"
#include "retromesh/convert.h"

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[1] << 8 | p[0]);
}

/* An 8x2 image, top row first: row 0 red, green, blue, white, then 4 opaque
   black; row 1 eight transparent pixels. RGB555 by hand (bit 15, then
   B<<10 | G<<5 | R, 5 bits each): red 0x801F, green 0x83E0, blue 0xFC00,
   white 0xFFFF, opaque black 0x8000, transparent 0x0000. */
static const uint16_t EXPECT[16] = {
    0x801F, 0x83E0, 0xFC00, 0xFFFF, 0x8000, 0x8000, 0x8000, 0x8000,
    0, 0, 0, 0, 0, 0, 0, 0,
};

static uint8_t *pixels(void)
{
    static const uint8_t row0[4][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
                                        { 255, 255, 255, 255 } };
    uint8_t *p = calloc(8 * 2 * 4, 1);
    if (!p)
        abort();
    for (unsigned x = 0; x < 8; x++) {
        if (x < 4)
            memcpy(p + 4 * x, row0[x], 4);
        else
            p[4 * x + 3] = 255;     /* opaque black */
    }
    return p;                       /* row 1: all zero (transparent) */
}

/* One textured quad with UVs covering the image; material "wall" carries
   the pixels and names them `name` (a file that does not exist). */
static void build(rm_mesh *m, const char *name)
{
    mb_init(m, "carried.niff");
    mb_square(m, 0, 0);
    uint32_t wall = mb_material(m, "wall");
    m->materials[wall].map_kd = name ? mb_strdup(name) : NULL;
    m->materials[wall].map_kd_rgba = pixels();
    m->materials[wall].map_kd_width = 8;
    m->materials[wall].map_kd_height = 2;
    mb_f(m, wall, RM_MESH_NONE, 0, 4, 1, 2, 3, 4);
    m->uv_count = 4;
    m->uvs = mb_grow(NULL, 4, sizeof *m->uvs);
    static const double uv[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
    memcpy(m->uvs, uv, sizeof uv);
    m->corner_uv = mb_grow(NULL, 4, sizeof *m->corner_uv);
    for (int32_t i = 0; i < 4; i++)
        m->corner_uv[i] = i;
}

static void carried_bin(void **state)
{
    (void)state;
    rm_mesh m;
    build(&m, "no/such/folder/wall.png");
    rm_convert_options o;
    rm_convert_options_default(&o);
    rm_jom_model j;
    rm_convert_result r;
    rm_convert_result_init(&r);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom_ex(&m, &o, &j, &r, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    /* The TEXT name comes from map_Kd's file name, as for a file. */
    assert_int_equal(j.texture_count, 1);
    assert_string_equal(j.textures[0], "WALL.BIN");
    assert_int_equal(j.materials[0].texture, 0);
    assert_int_equal(r.texture_count, 1);
    assert_int_equal(r.textures[0].width, 8);
    assert_int_equal(r.textures[0].height, 2);
    assert_int_equal(r.textures[0].bin_size, 4 + 32);
    assert_int_equal(le16(r.textures[0].bin), 8);
    assert_int_equal(le16(r.textures[0].bin + 2), 2);
    for (unsigned i = 0; i < 16; i++)
        assert_int_equal(le16(r.textures[0].bin + 4 + 2 * i), EXPECT[i]);
    rm_convert_result_free(&r);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void carried_embedded_unnamed(void **state)
{
    (void)state;
    rm_mesh m;
    build(&m, NULL);    /* no map_Kd at all: still textured, stem TEX */
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.embed_textures = true;
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, &o, &j, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    assert_int_equal(j.texture_image_count, 1);
    assert_memory_equal(j.texture_images[0].name, "TEX_", 4);
    assert_int_equal(j.texture_images[0].width, 8);
    assert_int_equal(j.texture_images[0].height, 2);
    for (unsigned i = 0; i < 16; i++)
        assert_int_equal(be16(j.texture_images[0].pixels + 2 * i), EXPECT[i]);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void carried_bad_size(void **state)
{
    (void)state;
    rm_mesh m;
    build(&m, "wall.png");
    m.materials[0].map_kd_width = 0;
    rm_convert_options o;
    rm_convert_options_default(&o);
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, &o, &j, &d), RM_INVALID);
    assert_non_null(strstr(d.items[0].text, "texture \"wall.png\" of material \"wall\" is 0x2 pixels"));
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(carried_bin),
        cmocka_unit_test(carried_embedded_unnamed),
        cmocka_unit_test(carried_bad_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
