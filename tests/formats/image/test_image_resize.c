/* Box-filter resizing (values worked out by hand from the overlap areas)
   and the VDP1 texture size rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "image_helpers.h"

static rm_image resized(const rm_image *src, uint32_t w, uint32_t h)
{
    rm_image out;
    assert_int_equal(rm_image_resize_box(src, w, h, &out), RM_OK);
    assert_int_equal(out.width, w);
    assert_int_equal(out.height, h);
    return out;
}

static void same_size_is_a_copy(void **state)
{
    (void)state;
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, 5, 3), RM_OK);
    for (uint32_t i = 0; i < 15; i++)
        set_px(&img, i % 5, i / 5, (uint8_t)(17 * i), (uint8_t)(255 - 9 * i), (uint8_t)(3 * i),
               (uint8_t)(i == 4 ? 0 : 1 + 18 * i));
    rm_image out = resized(&img, 5, 3);
    for (uint32_t i = 0; i < 15; i++) {
        const uint8_t *p = px_at(&img, i % 5, i / 5);
        if (i == 4)   /* fully transparent: (0, 0, 0, 0) */
            assert_px(&out, 4, 0, 0, 0, 0, 0);
        else
            assert_px(&out, i % 5, i / 5, p[0], p[1], p[2], p[3]);
    }
    rm_image_free(&out);
    rm_image_free(&img);
}

static void halving_averages_blocks(void **state)
{
    (void)state;
    /* 4x2 -> 2x1: each output pixel is the mean of a 2x2 block.
       Left block red channel 0, 255, 100, 50 -> 405 / 4 = 101.25 -> 101;
       green 10, 20, 30, 41 -> 101 / 4 = 25.25 -> 25; blue 0 -> 0.
       Right block all (200, 100, 50) -> the same. */
    rm_image img = solid(4, 2, 200, 100, 50, 255);
    set_px(&img, 0, 0, 0, 10, 0, 255);
    set_px(&img, 1, 0, 255, 20, 0, 255);
    set_px(&img, 0, 1, 100, 30, 0, 255);
    set_px(&img, 1, 1, 50, 41, 0, 255);
    rm_image out = resized(&img, 2, 1);
    assert_px(&out, 0, 0, 101, 25, 0, 255);
    assert_px(&out, 1, 0, 200, 100, 50, 255);
    rm_image_free(&out);
    rm_image_free(&img);
}

static void fractional_overlaps(void **state)
{
    (void)state;
    /* 3 -> 2: a source column is 2 units, an output column 3. Output 0
       covers source 0 (2 units) and 1 (1 unit); output 1 source 1 (1) and
       2 (2). Red 0, 90, 180: (0 + 90) / 3 = 30, (90 + 360) / 3 = 150. */
    rm_image img = solid(3, 1, 0, 0, 0, 255);
    set_px(&img, 1, 0, 90, 0, 0, 255);
    set_px(&img, 2, 0, 180, 0, 0, 255);
    rm_image out = resized(&img, 2, 1);
    assert_px(&out, 0, 0, 30, 0, 0, 255);
    assert_px(&out, 1, 0, 150, 0, 0, 255);
    rm_image_free(&out);

    /* 2 -> 3 (up): a source column is 3 units, an output column 2. Output 0
       is inside source 0, output 1 half of each, output 2 inside source 1:
       0, 50, 100. The same vertically with 1 -> 2 rows copies the row. */
    rm_image two = solid(2, 1, 0, 0, 0, 255);
    set_px(&two, 1, 0, 100, 0, 0, 255);
    out = resized(&two, 3, 2);
    for (uint32_t y = 0; y < 2; y++) {
        assert_px(&out, 0, y, 0, 0, 0, 255);
        assert_px(&out, 1, y, 50, 0, 0, 255);
        assert_px(&out, 2, y, 100, 0, 0, 255);
    }
    rm_image_free(&out);
    rm_image_free(&two);
    rm_image_free(&img);
}

static void transparent_does_not_bleed(void **state)
{
    (void)state;
    /* Opaque red beside transparent green: alpha (255 + 0) / 2 = 127.5 ->
       128; color from the opaque pixel only: (255, 0, 0), not (128, 128, 0). */
    rm_image img = solid(2, 1, 255, 0, 0, 255);
    set_px(&img, 1, 0, 0, 255, 0, 0);
    rm_image out = resized(&img, 1, 1);
    assert_px(&out, 0, 0, 255, 0, 0, 128);
    rm_image_free(&out);
    /* Alpha-weighted color: red alpha 255 and blue alpha 85 -> red channel
       255 * 255 / 340 = 191.25 -> 191, blue 255 * 85 / 340 = 63.75 -> 64,
       alpha 340 / 2 = 170. */
    set_px(&img, 1, 0, 0, 0, 255, 85);
    out = resized(&img, 1, 1);
    assert_px(&out, 0, 0, 191, 0, 64, 170);
    rm_image_free(&out);
    /* All transparent: transparent black. */
    rm_image clear = solid(6, 6, 90, 90, 90, 0);
    out = resized(&clear, 4, 5);
    for (uint32_t y = 0; y < 5; y++)
        for (uint32_t x = 0; x < 4; x++)
            assert_px(&out, x, y, 0, 0, 0, 0);
    rm_image_free(&out);
    rm_image_free(&clear);
    rm_image_free(&img);
}

static void constant_stays_constant(void **state)
{
    (void)state;
    static const uint32_t sizes[][4] = {{7, 5, 3, 2}, {13, 11, 5, 7}, {1, 1, 9, 4},
                                        {211, 211, 64, 64}, {64, 64, 504, 255}, {3, 250, 8, 255}};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        rm_image img = solid(sizes[k][0], sizes[k][1], 12, 34, 56, 200);
        rm_image out = resized(&img, sizes[k][2], sizes[k][3]);
        for (uint32_t y = 0; y < out.height; y++)
            for (uint32_t x = 0; x < out.width; x++)
                assert_px(&out, x, y, 12, 34, 56, 200);
        rm_image_free(&out);
        rm_image_free(&img);
    }
}

static void bad_calls(void **state)
{
    (void)state;
    rm_image img = solid(2, 2, 0, 0, 0, 255), out;
    assert_int_equal(rm_image_resize_box(&img, 0, 4, &out), RM_USAGE);
    assert_null(out.rgba);
    assert_int_equal(rm_image_resize_box(&img, 16385, 16384, &out), RM_USAGE);
    rm_image empty;
    rm_image_init(&empty);
    assert_int_equal(rm_image_resize_box(&empty, 4, 4, &out), RM_USAGE);
    rm_image_free(&img);
}

/* rm_texture_fit_size cases, each worked out in its comment. */
static void fit(uint32_t w, uint32_t h, uint32_t mw, uint32_t mh, uint32_t ew, uint32_t eh,
                bool changed)
{
    uint32_t ow = 1, oh = 1;
    bool c = rm_texture_fit_size(w, h, mw, mh, &ow, &oh);
    if (ow != ew || oh != eh || c != changed) {
        print_error("fit(%u, %u, cap %u x %u) = %u x %u (%d), expected %u x %u (%d)\n", w, h, mw,
                    mh, ow, oh, c, ew, eh, changed);
        fail();
    }
}

static void fit_sizes(void **state)
{
    (void)state;
    fit(64, 64, 0, 0, 64, 64, false);
    fit(504, 255, 0, 0, 504, 255, false);
    /* Width to the nearest multiple of 8: 59 -> 56, 61 -> 64; the ties 60
       (56 | 64) and 52 (48 | 56) go up. */
    fit(59, 30, 0, 0, 56, 30, true);
    fit(61, 30, 0, 0, 64, 30, true);
    fit(60, 30, 0, 0, 64, 30, true);
    fit(52, 30, 0, 0, 56, 30, true);
    fit(3, 1, 0, 0, 8, 1, true);       /* at least 8 */
    fit(0, 0, 0, 0, 8, 1, true);       /* empty: 8 x 1 */
    fit(505, 10, 0, 0, 504, 10, true); /* 505 -> 504, inside the limit */
    /* 508 -> 512 > 504: f = 504 / 512, height 10 * 504 / 512 = 9.84 -> 9. */
    fit(508, 10, 0, 0, 504, 9, true);
    /* 1024 x 1024: the height limits, f = 255 / 1024: width 255 -> 248. */
    fit(1024, 1024, 0, 0, 248, 255, true);
    /* 1024 x 256: the width limits (504 / 1024 < 255 / 256): height
       256 * 504 / 1024 = 126. */
    fit(1024, 256, 0, 0, 504, 126, true);
    /* 8 x 1000: f = 255 / 1000, width 8 * 0.255 = 2 -> at least 8. */
    fit(8, 1000, 0, 0, 8, 255, true);
    /* 2000 x 3: f = 504 / 2000, height 0.756 -> at least 1. */
    fit(2000, 3, 0, 0, 504, 1, true);
    /* Caps: 512 x 512 under 64 x 64 -> 64 x 64. */
    fit(512, 512, 64, 64, 64, 64, true);
    /* 300 x 100 under a width cap of 100 (-> 96): 300 -> 304, f = 96 / 304,
       height 100 * 96 / 304 = 31.6 -> 31. */
    fit(300, 100, 100, 0, 96, 31, true);
    /* A cap under 8 wide is 8; height cap 4: f = 4 / 64, width 4 -> 8. */
    fit(64, 64, 4, 4, 8, 4, true);
    /* A height cap only: 256 x 128 under 0 x 64 -> 128 x 64. */
    fit(256, 128, 0, 64, 128, 64, true);
    /* Caps above the VDP1 limits change nothing. */
    fit(1024, 256, 4096, 4096, 504, 126, true);
    /* 211 x 211 (the Cesium texture of the corpus): 211 -> 208. */
    fit(211, 211, 0, 0, 208, 211, true);
    /* No overflow at the top: 2^32 - 1 -> 2^32 (64-bit), then the height
       limits: 2^32 * 255 / (2^32 - 1) = 255.0000001 -> 248. */
    fit(UINT32_MAX, UINT32_MAX, 0, 0, 248, 255, true);
}

static void fit_results_are_legal(void **state)
{
    (void)state;
    /* Every result is a legal VDP1 size under the caps, for many inputs. */
    for (uint32_t w = 0; w < 1100; w += 7)
        for (uint32_t h = 0; h < 600; h += 11)
            for (uint32_t cap = 0; cap < 300; cap += 37) {
                uint32_t ow, oh;
                rm_texture_fit_size(w, h, cap, cap, &ow, &oh);
                assert_true(ow % 8 == 0 && ow >= 8 && ow <= 504);
                assert_true(oh >= 1 && oh <= 255);
                if (cap >= 8)
                    assert_true(ow <= cap && oh <= cap);
                else if (cap)
                    assert_true(ow == 8 && oh <= cap);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_size_is_a_copy),
        cmocka_unit_test(halving_averages_blocks),
        cmocka_unit_test(fractional_overlaps),
        cmocka_unit_test(transparent_does_not_bleed),
        cmocka_unit_test(constant_stays_constant),
        cmocka_unit_test(bad_calls),
        cmocka_unit_test(fit_sizes),
        cmocka_unit_test(fit_results_are_legal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
