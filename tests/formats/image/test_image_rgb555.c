/* RGB555 words: the rounding rule, bit 15, transparency, ordered
   dithering, the way back to RGBA and the PSNR. Expected values are worked
   out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "image_helpers.h"

static void rounding_by_hand(void **state)
{
    (void)state;
    /* channel5 = (c * 31 + 127) / 255:
       0   -> 127 / 255 = 0            255 -> 8032 / 255 = 31
       4   -> 251 / 255 = 0            5   -> 282 / 255 = 1
       8   -> 375 / 255 = 1            127 -> 4064 / 255 = 15
       128 -> 4095 / 255 = 16          250 -> 7877 / 255 = 30
       251 -> 7908 / 255 = 31 */
    assert_int_equal(rm_rgb555_from_rgba(0, 0, 0, 255), 0x8000);   /* opaque black */
    assert_int_equal(rm_rgb555_from_rgba(255, 255, 255, 255), 0xFFFF);
    assert_int_equal(rm_rgb555_from_rgba(4, 0, 0, 255), 0x8000);
    assert_int_equal(rm_rgb555_from_rgba(5, 0, 0, 255), 0x8001);
    assert_int_equal(rm_rgb555_from_rgba(8, 0, 0, 255), 0x8001);
    assert_int_equal(rm_rgb555_from_rgba(127, 0, 0, 255), 0x800F);
    assert_int_equal(rm_rgb555_from_rgba(128, 0, 0, 255), 0x8010);
    assert_int_equal(rm_rgb555_from_rgba(250, 0, 0, 255), 0x801E);
    assert_int_equal(rm_rgb555_from_rgba(251, 0, 0, 255), 0x801F);
    /* The engine's constants (saturn-notes 2.1): red 0x801F, green 0x83E0,
       blue 0xFC00: red low, blue high. */
    assert_int_equal(rm_rgb555_from_rgba(255, 0, 0, 255), 0x801F);
    assert_int_equal(rm_rgb555_from_rgba(0, 255, 0, 255), 0x83E0);
    assert_int_equal(rm_rgb555_from_rgba(0, 0, 255, 255), 0xFC00);
    /* (8, 16, 24): r 1, g (496 + 127) / 255 = 2, b (744 + 127) / 255 = 3
       -> 0x8000 | 3 << 10 | 2 << 5 | 1 = 0x8C41. */
    assert_int_equal(rm_rgb555_from_rgba(8, 16, 24, 255), 0x8C41);
    /* Alpha: below 128 transparent, whatever the color. */
    assert_int_equal(rm_rgb555_from_rgba(255, 255, 255, 127), 0x0000);
    assert_int_equal(rm_rgb555_from_rgba(0, 0, 0, 0), 0x0000);
    assert_int_equal(rm_rgb555_from_rgba(0, 0, 0, 128), 0x8000);
}

static void rounding_all_values(void **state)
{
    (void)state;
    /* Against an independent computation: floor(c * 31 / 255 + 0.5) in
       doubles (never exactly halfway: 62 c = 255 (2k + 1) has no integer
       solution), on every channel position. */
    for (unsigned c = 0; c < 256; c++) {
        unsigned k = (unsigned)floor(c * 31.0 / 255.0 + 0.5);
        assert_int_equal(rm_rgb555_from_rgba((uint8_t)c, 0, 0, 255), 0x8000 | k);
        assert_int_equal(rm_rgb555_from_rgba(0, (uint8_t)c, 0, 255), 0x8000 | k << 5);
        assert_int_equal(rm_rgb555_from_rgba(0, 0, (uint8_t)c, 255), 0x8000 | k << 10);
    }
}

static void image_plain(void **state)
{
    (void)state;
    rm_image img = solid(4, 2, 8, 16, 24, 255);
    set_px(&img, 3, 1, 200, 0, 0, 10);
    uint16_t out[8];
    rm_image_to_rgb555(&img, false, out);
    for (int i = 0; i < 7; i++)
        assert_int_equal(out[i], 0x8C41);
    assert_int_equal(out[7], 0);
    rm_image_free(&img);
}

/* The 4x4 Bayer matrix the docs give, restated. */
static const int bayer[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};

static void image_dither(void **state)
{
    (void)state;
    /* Gray 136: 136 * 31 / 255 = 16.533. The dithered level is
       floor(16.533 + (m + 0.5) / 16): 17 when (m + 0.5) / 16 >= 0.467,
       i.e. m >= 7 (9 of the 16 cells), else 16. In integers:
       (136 * 31 * 32 + (2m + 1) * 255) / 8160 >= 17 <=> 2m + 1 >= 14.93. */
    rm_image img = solid(8, 8, 136, 136, 136, 255);
    uint16_t out[64];
    rm_image_to_rgb555(&img, true, out);
    int high = 0;
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 8; x++) {
            unsigned k = bayer[y % 4][x % 4] >= 7 ? 17 : 16;
            assert_int_equal(out[y * 8 + x], 0x8000 | k << 10 | k << 5 | k);
            high += k == 17;
        }
    assert_int_equal(high, 4 * 9);
    /* Without dithering: round(16.533) = 17 everywhere. */
    rm_image_to_rgb555(&img, false, out);
    for (int i = 0; i < 64; i++)
        assert_int_equal(out[i], 0xC631);   /* 0x8000 | 17 << 10 | 17 << 5 | 17 */
    rm_image_free(&img);

    /* Black and white stay exact under dithering; transparent stays 0. */
    img = solid(4, 4, 0, 0, 0, 255);
    set_px(&img, 1, 1, 255, 255, 255, 255);
    set_px(&img, 2, 2, 255, 255, 255, 0);
    uint16_t o2[16];
    rm_image_to_rgb555(&img, true, o2);
    for (int i = 0; i < 16; i++)
        assert_int_equal(o2[i], i == 5 ? 0xFFFF : i == 10 ? 0 : 0x8000);
    rm_image_free(&img);

    /* Gray 8 (8 * 31 / 255 = 0.973): every threshold (m + 0.5) / 16 >=
       1/32 lifts it to 1, as the rounding does. */
    img = solid(4, 4, 8, 8, 8, 255);
    rm_image_to_rgb555(&img, true, o2);
    for (int i = 0; i < 16; i++)
        assert_int_equal(o2[i], 0x8421);
    rm_image_free(&img);
}

static void dither_keeps_the_mean(void **state)
{
    (void)state;
    /* Over a 4x4 tile the dithered levels average to c * 31 / 255 within
       1/16 of a level, for every gray. */
    uint16_t out[16];
    for (unsigned c = 0; c < 256; c++) {
        rm_image img = solid(4, 4, (uint8_t)c, (uint8_t)c, (uint8_t)c, 255);
        rm_image_to_rgb555(&img, true, out);
        double sum = 0;
        for (int i = 0; i < 16; i++)
            sum += out[i] & 31;
        assert_true(fabs(sum / 16 - c * 31.0 / 255.0) <= 1.0 / 16 + 1e-9);
        rm_image_free(&img);
    }
}

static void back_to_rgba(void **state)
{
    (void)state;
    uint8_t p[4];
    rm_rgba_from_rgb555(0x0000, p);
    assert_true(p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 0);
    rm_rgba_from_rgb555(0x8000, p);
    assert_true(p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 255);
    /* 31 << 3 = 248 (the VDP2 leaves the low 3 bits 0). */
    rm_rgba_from_rgb555(0xFFFF, p);
    assert_true(p[0] == 248 && p[1] == 248 && p[2] == 248 && p[3] == 255);
    rm_rgba_from_rgb555(0x801F, p);
    assert_true(p[0] == 248 && p[1] == 0 && p[2] == 0);
    rm_rgba_from_rgb555(0x8C41, p);
    assert_true(p[0] == 8 && p[1] == 16 && p[2] == 24 && p[3] == 255);
}

static void psnr(void **state)
{
    (void)state;
    const uint16_t a[3] = {0x8C41, 0x0000, 0xFFFF};
    assert_true(rm_rgb555_psnr(a, a, 3) == 99.0);
    /* Transparent pixels of the reference are left out. */
    const uint16_t b[3] = {0x8C41, 0x801F, 0xFFFF};
    assert_true(rm_rgb555_psnr(a, b, 3) == 99.0);
    /* One channel one level off in 1 pixel of 2: MSE = 1 / (3 * 2),
       PSNR = 10 log10(31^2 * 6) = 10 log10(5766) = 37.6088 dB. */
    const uint16_t c[3] = {0x8C42, 0x0000, 0xFFFF};
    assert_float_equal(rm_rgb555_psnr(a, c, 3), 37.6088, 0.0005);
    /* Black against white in every pixel: MSE = 31^2, PSNR 0. */
    const uint16_t w[2] = {0xFFFF, 0xFFFF}, k[2] = {0x8000, 0x8000};
    assert_float_equal(rm_rgb555_psnr(w, k, 2), 0.0, 1e-12);
    /* Nothing to compare: 99. */
    assert_true(rm_rgb555_psnr(a + 1, c + 1, 1) == 99.0);
    assert_true(rm_rgb555_psnr(NULL, NULL, 0) == 99.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rounding_by_hand),
        cmocka_unit_test(rounding_all_values),
        cmocka_unit_test(image_plain),
        cmocka_unit_test(image_dither),
        cmocka_unit_test(dither_keeps_the_mean),
        cmocka_unit_test(back_to_rgba),
        cmocka_unit_test(psnr),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
