/* tests/render/test_render_gif.c - the GIF writer (fixed 6x7x6 palette,
   loop, delays) read back with giflib, and the contact sheet's layout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#include "render_scenes.h"
#include "retromesh/mesh.h"

/* Index = (r * 7 + g) * 6 + b, each channel at the nearest level:
   black 0; white (5, 6, 5) -> 251; red 31 -> (5, 0, 0) -> 210; channel 16
   of 31 with 6 levels: 16 * 5 / 31 = 2.58 -> 3, with 7: 16 * 6 / 31 =
   3.10 -> 3: gray 16 -> (3 * 7 + 3) * 6 + 3 = 147. */
static void test_palette_index(void **state)
{
    (void)state;
    assert_int_equal(rm_render_gif_index(0x8000), 0);
    assert_int_equal(rm_render_gif_index(0xFFFF), 251);
    assert_int_equal(rm_render_gif_index(0x801F), 210);
    assert_int_equal(rm_render_gif_index(rm_rgb555(16, 16, 16)), 147);
}

typedef struct reader {
    const uint8_t *data;
    size_t size, pos;
} reader;

static int read_mem(GifFileType *gif, GifByteType *out, int len)
{
    reader *r = gif->UserData;
    size_t n = (size_t)len;
    if (n > r->size - r->pos)
        n = r->size - r->pos;
    memcpy(out, r->data + r->pos, n);
    r->pos += n;
    return (int)n;
}

static void test_gif_roundtrip(void **state)
{
    (void)state;
    rm_render_gif *g = rm_render_gif_open(4, 2, 30);
    assert_non_null(g);
    uint16_t f1[8] = {0x8000, 0xFFFF, 0x801F, 0x8000, 0x8000, 0x8000, 0x8000, 0xFFFF};
    uint16_t f2[8] = {0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0x8000, 0x8000, 0x8000, 0x8000};
    assert_int_equal(rm_render_gif_add(g, f1), RM_OK);
    assert_int_equal(rm_render_gif_add(g, f2), RM_OK);
    assert_int_equal(rm_render_gif_frame_count(g), 2);
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_render_gif_encode(g, &data, &size), RM_OK);
    rm_render_gif_free(g);
    assert_memory_equal(data, "GIF89a", 6);
    reader r = {data, size, 0};
    int err = 0;
    GifFileType *gif = DGifOpen(&r, read_mem, &err);
    assert_non_null(gif);
    assert_int_equal(DGifSlurp(gif), GIF_OK);
    assert_int_equal(gif->SWidth, 4);
    assert_int_equal(gif->SHeight, 2);
    assert_int_equal(gif->ImageCount, 2);
    assert_int_equal(gif->SavedImages[0].RasterBits[1], 251);
    assert_int_equal(gif->SavedImages[0].RasterBits[2], 210);
    assert_int_equal(gif->SavedImages[1].RasterBits[0], 251);
    assert_int_equal(gif->SColorMap->Colors[251].Red, 255);
    assert_int_equal(gif->SColorMap->Colors[210].Red, 255);
    assert_int_equal(gif->SColorMap->Colors[210].Green, 0);
    GraphicsControlBlock gcb;
    assert_int_equal(DGifSavedExtensionToGCB(gif, 1, &gcb), GIF_OK);
    assert_int_equal(gcb.DelayTime, 3);     /* (100 + 15) / 30 = 3 hundredths */
    DGifCloseFile(gif, &err);
    free(data);
    assert_null(rm_render_gif_open(0, 2, 30));
    assert_null(rm_render_gif_open(4, 2, 0));
}

/* The sheet: four cells, each drawn as rm_render_frame draws it with the
   cell's angles, then labelled in its top-left corner (rows 3..10 of the
   label, the rest identical). */
static void test_views(void **state)
{
    (void)state;
    rm_render_scene s;
    scene_textured(&s, RM_MAT_DUAL_PLANE);
    rm_render_options o;
    rm_render_options_default(&o);
    o.width = 80;
    o.height = 60;
    uint16_t *sheet = malloc(160 * 120 * 2), *cell = malloc(80 * 60 * 2);
    assert_non_null(sheet);
    assert_non_null(cell);
    assert_int_equal(rm_render_views(&s, NULL, 0, &o, sheet), RM_OK);
    static const double angles[4][2] = {{0, 0}, {90, 0}, {0, 90}, {45, 30}};
    for (int v = 0; v < 4; v++) {
        o.yaw = angles[v][0];
        o.pitch = angles[v][1];
        assert_int_equal(rm_render_frame(&s, NULL, 0, &o, cell), RM_OK);
        int ox = (v & 1) * 80, oy = (v >> 1) * 60;
        for (int y = 12; y < 60; y++)
            assert_memory_equal(&sheet[(y + oy) * 160 + ox], &cell[y * 80], 80 * 2);
        /* The first letter's top row is lit: F and T from their first
           column (white at (3, 3)), S (0x0F) from its second (4, 3). */
        assert_int_equal(sheet[(3 + oy) * 160 + ox + (v == 1 ? 4 : 3)], 0xFFFF);
    }
    free(sheet);
    free(cell);
    rm_render_scene_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_palette_index),
        cmocka_unit_test(test_gif_roundtrip),
        cmocka_unit_test(test_views),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
