/* The 16-color quantizer: palette rules, exact palettes, nearest-entry
   mapping (checked by brute force), determinism, clusters, dithering, and
   the 4-bit packing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "image_helpers.h"

/* The distance the docs give: 4 dr^2 + 5 dg^2 + 3 db^2 on 5-bit channels. */
static unsigned wdist(uint16_t a, uint16_t b)
{
    int dr = (a & 31) - (b & 31), dg = ((a >> 5) & 31) - ((b >> 5) & 31);
    int db = ((a >> 10) & 31) - ((b >> 10) & 31);
    return (unsigned)(4 * dr * dr + 5 * dg * dg + 3 * db * db);
}

static void check_rules(const rm_image *img, const uint16_t pal[16], const uint8_t *idx,
                        unsigned colors)
{
    assert_int_equal(pal[0], 0x0000);
    for (int i = 1; i < 16; i++)
        assert_true(pal[i] & 0x8000);
    for (unsigned i = colors + 1; i < 16; i++)
        assert_int_equal(pal[i], 0x8000);
    size_t n = (size_t)img->width * img->height;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = img->rgba + 4 * i;
        if (p[3] < 128) {
            assert_int_equal(idx[i], 0);
            continue;
        }
        assert_in_range(idx[i], 1, colors);
    }
}

/* Without dithering every opaque pixel has the nearest used entry (ties:
   the lowest index). `used` entries 1..used. */
static void check_nearest(const rm_image *img, const uint16_t pal[16], const uint8_t *idx,
                          unsigned used)
{
    size_t n = (size_t)img->width * img->height;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = img->rgba + 4 * i;
        if (p[3] < 128)
            continue;
        uint16_t c = rm_rgb555_from_rgba(p[0], p[1], p[2], 255);
        unsigned best = 1;
        for (unsigned k = 2; k <= used; k++)
            if (wdist(c, pal[k]) < wdist(c, pal[best]))
                best = k;
        assert_int_equal(idx[i], best);
    }
}

static void exact_palette(void **state)
{
    (void)state;
    /* 5 colors and transparent pixels: the palette is those 5 RGB555 words,
       ascending, then 0x8000. */
    rm_image img = solid(5, 2, 0, 0, 0, 0);
    set_px(&img, 0, 0, 255, 0, 0, 255);     /* 0x801F */
    set_px(&img, 1, 0, 0, 255, 0, 255);     /* 0x83E0 */
    set_px(&img, 2, 0, 0, 0, 255, 255);     /* 0xFC00 */
    set_px(&img, 3, 0, 8, 16, 24, 200);     /* 0x8C41 */
    set_px(&img, 4, 0, 0, 0, 0, 255);       /* 0x8000 */
    set_px(&img, 0, 1, 255, 0, 0, 255);
    set_px(&img, 1, 1, 252, 2, 3, 255);     /* also 0x801F: 252 -> 7939 / 255 = 31 */
    uint16_t pal[16];
    uint8_t idx[10];
    assert_int_equal(rm_quantize16(&img, false, pal, idx), RM_OK);
    const uint16_t expect[6] = {0x0000, 0x8000, 0x801F, 0x83E0, 0x8C41, 0xFC00};
    assert_memory_equal(pal, expect, sizeof expect);
    check_rules(&img, pal, idx, 5);
    const uint8_t expect_idx[10] = {2, 3, 5, 4, 1, 2, 2, 0, 0, 0};
    assert_memory_equal(idx, expect_idx, 10);
    /* Dithering changes nothing when the palette is exact. */
    uint8_t idx2[10];
    assert_int_equal(rm_quantize16(&img, true, pal, idx2), RM_OK);
    assert_memory_equal(idx2, expect_idx, 10);
    rm_image_free(&img);
}

static void all_transparent(void **state)
{
    (void)state;
    rm_image img = solid(8, 8, 10, 20, 30, 127);
    uint16_t pal[16];
    uint8_t idx[64];
    memset(idx, 9, sizeof idx);
    assert_int_equal(rm_quantize16(&img, true, pal, idx), RM_OK);
    assert_int_equal(pal[0], 0);
    for (int i = 1; i < 16; i++)
        assert_int_equal(pal[i], 0x8000);
    for (int i = 0; i < 64; i++)
        assert_int_equal(idx[i], 0);
    rm_image_free(&img);
}

/* A 64x64 picture with a few thousand colors and a transparent corner. */
static rm_image gradient(void)
{
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, 64, 64), RM_OK);
    for (uint32_t y = 0; y < 64; y++)
        for (uint32_t x = 0; x < 64; x++)
            set_px(&img, x, y, (uint8_t)(4 * x), (uint8_t)(4 * y), (uint8_t)(255 - 2 * (x + y)),
                   (x < 8 && y < 8) ? 0 : 255);
    return img;
}

static void many_colors(void **state)
{
    (void)state;
    rm_image img = gradient();
    uint16_t pal[16], pal2[16];
    uint8_t *idx = malloc(64 * 64), *idx2 = malloc(64 * 64);
    assert_int_equal(rm_quantize16(&img, false, pal, idx), RM_OK);
    check_rules(&img, pal, idx, 15);
    /* 15 different colors, ascending. */
    for (int i = 2; i < 16; i++)
        assert_true(pal[i] > pal[i - 1]);
    check_nearest(&img, pal, idx, 15);
    /* Deterministic. */
    assert_int_equal(rm_quantize16(&img, false, pal2, idx2), RM_OK);
    assert_memory_equal(pal, pal2, sizeof pal);
    assert_memory_equal(idx, idx2, 64 * 64);
    /* Quality: a smooth 3-channel gradient (about 1000 RGB555 colors) in 15
       colors stays above 22 dB (5-bit units). */
    uint16_t *ref = malloc(64 * 64 * 2), *got = malloc(64 * 64 * 2);
    rm_image_to_rgb555(&img, false, ref);
    for (int i = 0; i < 64 * 64; i++)
        got[i] = pal[idx[i]];
    double db = rm_rgb555_psnr(ref, got, 64 * 64);
    print_message("gradient: %.2f dB\n", db);
    assert_true(db > 22.0);
    free(ref);
    free(got);
    free(idx);
    free(idx2);
    rm_image_free(&img);
}

static void clusters_are_found(void **state)
{
    (void)state;
    /* 15 well-separated colors, each with up to +-12 of noise in 8 bits
       (about 1.5 levels in 5 bits: more than 15 RGB555 colors in all, so
       the palette is computed, not exact): each cluster gets its own
       entry, within a level of its center. */
    static const uint8_t centers[15][3] = {
        {0, 0, 0}, {255, 255, 255}, {255, 0, 0}, {0, 255, 0}, {0, 0, 255},
        {255, 255, 0}, {255, 0, 255}, {0, 255, 255}, {132, 132, 132}, {132, 0, 0},
        {0, 132, 0}, {0, 0, 132}, {132, 132, 0}, {66, 198, 99}, {198, 66, 165},
    };
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, 15 * 8, 8), RM_OK);
    uint32_t seed = 3;
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 15 * 8; x++) {
            const uint8_t *c = centers[x / 8];
            uint8_t v[3];
            for (int k = 0; k < 3; k++) {
                seed = seed * 1664525u + 1013904223u;
                int d = (int)((seed >> 24) % 25) - 12;
                int t = c[k] + d;
                v[k] = (uint8_t)(t < 0 ? 0 : t > 255 ? 255 : t);
            }
            set_px(&img, x, y, v[0], v[1], v[2], 255);
        }
    uint16_t pal[16];
    uint8_t idx[15 * 8 * 8];
    assert_int_equal(rm_quantize16(&img, false, pal, idx), RM_OK);
    check_rules(&img, pal, idx, 15);
    check_nearest(&img, pal, idx, 15);
    bool seen[16] = {false};
    for (int k = 0; k < 15; k++) {
        uint8_t first = idx[k * 8];
        for (uint32_t y = 0; y < 8; y++)
            for (uint32_t x = 0; x < 8; x++)
                assert_int_equal(idx[y * 15 * 8 + (uint32_t)k * 8 + x], first);
        assert_false(seen[first]);
        seen[first] = true;
        const uint8_t *c = centers[k];
        uint16_t want = rm_rgb555_from_rgba(c[0], c[1], c[2], 255);
        for (int sh = 0; sh < 15; sh += 5)
            assert_true(abs(((pal[first] >> sh) & 31) - ((want >> sh) & 31)) <= 1);
    }
    rm_image_free(&img);
}

static void fewer_colors_and_end_code(void **state)
{
    (void)state;
    rm_image img = gradient();
    uint16_t pal[16];
    uint8_t *idx = malloc(64 * 64);
    /* 14 colors: index 15 (the 4-bit end code) is never used. */
    assert_int_equal(rm_quantize_lut(&img, false, 14, pal, idx), RM_OK);
    check_rules(&img, pal, idx, 14);
    check_nearest(&img, pal, idx, 14);
    for (int i = 0; i < 64 * 64; i++)
        assert_true(idx[i] != 15);
    /* One color: the mean of everything opaque. */
    assert_int_equal(rm_quantize_lut(&img, false, 1, pal, idx), RM_OK);
    check_rules(&img, pal, idx, 1);
    assert_int_equal(rm_quantize_lut(&img, false, 0, pal, idx), RM_USAGE);
    assert_int_equal(rm_quantize_lut(&img, false, 16, pal, idx), RM_USAGE);
    rm_image empty;
    rm_image_init(&empty);
    assert_int_equal(rm_quantize16(&empty, false, pal, idx), RM_USAGE);
    free(idx);
    rm_image_free(&img);
}

/* Changes of index along row y. */
static int transitions(const uint8_t *idx, uint32_t w, uint32_t y)
{
    int n = 0;
    for (uint32_t x = 1; x < w; x++)
        n += idx[y * w + x] != idx[y * w + x - 1];
    return n;
}

static void dithering(void **state)
{
    (void)state;
    /* A gray ramp 0..255 left to right, in 2 colors. Plain: one hard edge
       per row. Dithered: the middle mixes both entries (many changes), and
       the mix follows the ramp: more of the light entry on the right. */
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, 256, 8), RM_OK);
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 256; x++)
            set_px(&img, x, y, (uint8_t)x, (uint8_t)x, (uint8_t)x, 255);
    uint16_t pal[16];
    uint8_t *plain = malloc(256 * 8), *dith = malloc(256 * 8), *again = malloc(256 * 8);
    assert_int_equal(rm_quantize_lut(&img, false, 2, pal, plain), RM_OK);
    assert_true((pal[1] & 31) < (pal[2] & 31));   /* 1 dark, 2 light */
    for (uint32_t y = 0; y < 8; y++)
        assert_int_equal(transitions(plain, 256, y), 1);
    assert_int_equal(rm_quantize_lut(&img, true, 2, pal, dith), RM_OK);
    int changes = 0, light_left = 0, light_right = 0;
    for (uint32_t y = 0; y < 8; y++) {
        changes += transitions(dith, 256, y);
        for (uint32_t x = 0; x < 128; x++)
            light_left += dith[y * 256 + x] == 2;
        for (uint32_t x = 128; x < 256; x++)
            light_right += dith[y * 256 + x] == 2;
    }
    assert_true(changes > 8 * 4);
    assert_true(light_right > light_left);
    /* The ends stay pure. */
    for (uint32_t y = 0; y < 8; y++) {
        assert_int_equal(dith[y * 256], 1);
        assert_int_equal(dith[y * 256 + 255], 2);
    }
    /* Deterministic. */
    assert_int_equal(rm_quantize_lut(&img, true, 2, pal, again), RM_OK);
    assert_memory_equal(dith, again, 256 * 8);
    free(plain);
    free(dith);
    free(again);
    rm_image_free(&img);
}

static void dithering_leaves_flat_colors_alone(void **state)
{
    (void)state;
    /* Two flat bands of 64 x 16 pixels, gray 66 (5-bit 8.02) and gray 198
       (24.07), and one row of a 0..255 ramp, in 2 colors. The bands weigh
       most: the entries are grays 8 and 24 (the ramp moves the means by
       less than half a level). A band pixel lies 0.0015 of the way from its
       entry toward the other, under the lowest threshold 1/32: with
       dithering the bands stay flat, only the ramp mixes. */
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, 256, 17), RM_OK);
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 256; x++) {
            uint8_t v = x < 64 ? 66 : x < 128 ? 198 : 0;
            set_px(&img, x, y, v, v, v, x < 128 ? 255 : 0);
        }
    for (uint32_t x = 0; x < 256; x++)
        set_px(&img, x, 16, (uint8_t)x, (uint8_t)x, (uint8_t)x, 255);
    uint16_t pal[16];
    uint8_t *idx = malloc(256 * 17);
    assert_int_equal(rm_quantize_lut(&img, true, 2, pal, idx), RM_OK);
    assert_int_equal(pal[1], 0x8000 | 8 << 10 | 8 << 5 | 8);
    assert_int_equal(pal[2], 0x8000 | 24 << 10 | 24 << 5 | 24);
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 128; x++)
            assert_int_equal(idx[y * 256 + x], x < 64 ? 1 : 2);
    assert_true(transitions(idx, 256, 16) > 4);
    free(idx);
    rm_image_free(&img);
}

static void pack4(void **state)
{
    (void)state;
    /* The left pixel in the high nibble (saturn-notes 6.3). */
    const uint8_t idx[5] = {1, 2, 3, 4, 15};
    uint8_t out[3] = {0xAA, 0xAA, 0xAA};
    rm_indices_pack4(idx, 5, out);
    assert_int_equal(out[0], 0x12);
    assert_int_equal(out[1], 0x34);
    assert_int_equal(out[2], 0xF0);
    rm_indices_pack4(idx, 4, out);
    assert_int_equal(out[1], 0x34);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_palette),
        cmocka_unit_test(all_transparent),
        cmocka_unit_test(many_colors),
        cmocka_unit_test(clusters_are_found),
        cmocka_unit_test(fewer_colors_and_end_code),
        cmocka_unit_test(dithering),
        cmocka_unit_test(dithering_leaves_flat_colors_alone),
        cmocka_unit_test(pack4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
