/* TIMG textures as pictures (rm_jom_texture_to_image): the big-endian
   RGB555 words of format 0, the LUT and nibble order of format 1 (left
   pixel in the high 4 bits, color 0 transparent). Expected RGBA worked out
   by hand: a 5-bit channel c shows as c << 3 (31 -> 248). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/image.h"
#include "retromesh/jom.h"

static void expect_px(const rm_image *img, uint32_t i, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    const uint8_t *p = img->rgba + 4 * i;
    assert_int_equal(p[0], r);
    assert_int_equal(p[1], g);
    assert_int_equal(p[2], b);
    assert_int_equal(p[3], a);
}

static void format0_words(void **state)
{
    (void)state;
    /* 8x1: red 0x801F, green 0x83E0, blue 0xFC00, transparent 0, opaque
       black 0x8000, white 0xFFFF, then two more reds. */
    uint8_t px[16] = {0x80, 0x1F, 0x83, 0xE0, 0xFC, 0x00, 0x00, 0x00,
                      0x80, 0x00, 0xFF, 0xFF, 0x80, 0x1F, 0x80, 0x1F};
    rm_jom_texture t;
    memset(&t, 0, sizeof t);
    t.width = 8;
    t.height = 1;
    t.format = 0;
    t.pixels = px;
    t.pixel_size = sizeof px;
    rm_image img;
    assert_int_equal(rm_jom_texture_to_image(&t, &img), RM_OK);
    assert_int_equal(img.width, 8);
    expect_px(&img, 0, 248, 0, 0, 255);
    expect_px(&img, 1, 0, 248, 0, 255);
    expect_px(&img, 2, 0, 0, 248, 255);
    assert_int_equal(img.rgba[3 * 4 + 3], 0);    /* 0 is transparent */
    expect_px(&img, 4, 0, 0, 0, 255);            /* 0x8000: opaque black */
    expect_px(&img, 5, 248, 248, 248, 255);
    rm_image_free(&img);
}

static void format1_lut_and_nibbles(void **state)
{
    (void)state;
    uint8_t data[32 + 4];
    memset(data, 0, sizeof data);
    /* LUT: 0 transparent (even if its word is not 0), 1 red, 2 green. */
    data[0] = 0x80; data[1] = 0x1F;             /* color 0: ignored, transparent */
    data[2] = 0x80; data[3] = 0x1F;             /* color 1: red */
    data[4] = 0x83; data[5] = 0xE0;             /* color 2: green */
    /* 8x1 pixels: 1 2 | 0 0 | 2 1 | 1 0 */
    data[32] = 0x12; data[33] = 0x00; data[34] = 0x21; data[35] = 0x10;
    rm_jom_texture t;
    memset(&t, 0, sizeof t);
    t.width = 8;
    t.height = 1;
    t.format = 1;
    t.pixels = data;
    t.pixel_size = sizeof data;
    rm_image img;
    assert_int_equal(rm_jom_texture_to_image(&t, &img), RM_OK);
    expect_px(&img, 0, 248, 0, 0, 255);          /* high nibble first */
    expect_px(&img, 1, 0, 248, 0, 255);
    assert_int_equal(img.rgba[2 * 4 + 3], 0);
    assert_int_equal(img.rgba[3 * 4 + 3], 0);
    expect_px(&img, 4, 0, 248, 0, 255);
    expect_px(&img, 5, 248, 0, 0, 255);
    expect_px(&img, 6, 248, 0, 0, 255);
    assert_int_equal(img.rgba[7 * 4 + 3], 0);
    rm_image_free(&img);
}

static void short_pixels_refused(void **state)
{
    (void)state;
    uint8_t px[8] = {0};
    rm_jom_texture t;
    memset(&t, 0, sizeof t);
    t.width = 8;
    t.height = 1;
    t.pixels = px;
    t.pixel_size = sizeof px;   /* 8 pixels need 16 bytes */
    rm_image img;
    assert_int_equal(rm_jom_texture_to_image(&t, &img), RM_INVALID);
    assert_null(img.rgba);
    t.format = 1;               /* needs 32 + 4 */
    assert_int_equal(rm_jom_texture_to_image(&t, &img), RM_INVALID);
    t.format = 2;
    t.pixel_size = 1000;
    assert_int_equal(rm_jom_texture_to_image(&t, &img), RM_INVALID);
    uint16_t some = 1, *words = &some;   /* must come back NULL */
    assert_int_equal(rm_jom_texture_to_rgb555(&t, &words), RM_INVALID);
    assert_null(words);
}

/* rm_jom_texture_to_rgb555: the words themselves. The format 1 texture of
   format1_lut_and_nibbles (pixels 1 2 0 0 2 1 1 0, color 1 0x801F, color 2
   0x83E0, color 0 transparent whatever its word). */
static void format1_words(void **state)
{
    (void)state;
    uint8_t data[32 + 4];
    memset(data, 0, sizeof data);
    data[0] = 0x80; data[1] = 0x1F;
    data[2] = 0x80; data[3] = 0x1F;
    data[4] = 0x83; data[5] = 0xE0;
    data[32] = 0x12; data[33] = 0x00; data[34] = 0x21; data[35] = 0x10;
    rm_jom_texture t;
    memset(&t, 0, sizeof t);
    t.width = 8;
    t.height = 1;
    t.format = 1;
    t.pixels = data;
    t.pixel_size = sizeof data;
    uint16_t *words = NULL;
    assert_int_equal(rm_jom_texture_to_rgb555(&t, &words), RM_OK);
    const uint16_t want[8] = {0x801F, 0x83E0, 0, 0, 0x83E0, 0x801F, 0x801F, 0};
    for (int i = 0; i < 8; i++)
        assert_int_equal(words[i], want[i]);
    free(words);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(format0_words),
        cmocka_unit_test(format1_lut_and_nibbles),
        cmocka_unit_test(short_pixels_refused),
        cmocka_unit_test(format1_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
