/* tests/render/test_gif_palette.c - the 256-color side of the quantizer
   that the GIF frames use (src/formats/image/quantize.h): exact palettes,
   the palette size, and the fast nearest-entry search checked against a
   plain search of every entry (same answer, same ties). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "formats/image/quantize.h"

/* The quantizer's distance (docs/images.md): 4 dr^2 + 5 dg^2 + 3 db^2. */
static unsigned wdist(uint16_t a, uint16_t b)
{
    int dr = (a & 31) - (b & 31), dg = ((a >> 5) & 31) - ((b >> 5) & 31);
    int db = ((a >> 10) & 31) - ((b >> 10) & 31);
    return (unsigned)(4 * dr * dr + 5 * dg * dg + 3 * db * db);
}

static unsigned brute_nearest(uint16_t c, const uint16_t *pal, unsigned n)
{
    unsigned best = 0;
    for (unsigned i = 1; i < n; i++)
        if (wdist(c, pal[i]) < wdist(c, pal[best]))
            best = i;
    return best;
}

/* A fixed pseudo-random sequence (xorshift32), the same on every host. */
static uint32_t next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void test_exact(void **state)
{
    (void)state;
    uint32_t *hist = calloc(32768, sizeof *hist);
    assert_non_null(hist);
    uint16_t pal[256];
    unsigned n = 99;
    assert_int_equal(rm_quantize_palette(hist, 256, pal, &n), RM_OK);
    assert_int_equal(n, 0);
    for (unsigned i = 0; i < 256; i++)
        hist[(i * 113u) % 32768u] = i + 1;
    assert_int_equal(rm_quantize_palette(hist, 256, pal, &n), RM_OK);
    assert_int_equal(n, 256);
    for (unsigned i = 0; i < 256; i++) {
        assert_true(hist[pal[i]] > 0);
        if (i)
            assert_true(pal[i - 1] < pal[i]);
    }
    assert_int_equal(rm_quantize_palette(hist, 0, pal, &n), RM_USAGE);
    assert_int_equal(rm_quantize_palette(hist, 257, pal, &n), RM_USAGE);
    free(hist);
}

/* Every RGB555 color counted: the quantized palette has 256 distinct
   ascending entries, and each color maps to the entry a search of all
   entries finds (ties to the lowest index); also for palettes of random
   entries with many ties, of every size from 1 to 256. */
static void test_nearest_is_exact(void **state)
{
    (void)state;
    uint32_t *hist = malloc(32768 * sizeof *hist);
    uint8_t *lut = malloc(32768);
    assert_non_null(hist);
    assert_non_null(lut);
    uint32_t seed = 12345;
    for (unsigned c = 0; c < 32768; c++)
        hist[c] = 1 + next(&seed) % 50;
    uint16_t pal[256];
    unsigned n;
    assert_int_equal(rm_quantize_palette(hist, 256, pal, &n), RM_OK);
    assert_int_equal(n, 256);
    for (unsigned i = 1; i < n; i++)
        assert_true(pal[i - 1] < pal[i]);
    rm_quantize_map(pal, n, hist, lut);
    for (unsigned c = 0; c < 32768; c++)
        assert_int_equal(lut[c], brute_nearest((uint16_t)c, pal, n));
    for (unsigned size = 1; size <= 256; size += 17) {
        for (unsigned i = 0; i < size; i++)     /* few levels per channel: many equal distances */
            pal[i] = (uint16_t)((next(&seed) % 4) * 8 | (next(&seed) % 4) * 8 << 5 | (next(&seed) % 4) * 8 << 10);
        rm_quantize_map(pal, size, hist, lut);
        for (unsigned c = 0; c < 32768; c += 7)
            assert_int_equal(lut[c], brute_nearest((uint16_t)c, pal, size));
    }
    free(hist);
    free(lut);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact),
        cmocka_unit_test(test_nearest_is_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
