/* tests/render/test_raster.c - the VDP1 quad walker's clipping: a quad
   drawn into a 320x240 frame gives exactly the pixels of the same quad
   drawn 100 pixels further right and down into a 520x440 frame where it
   is whole (the walk only depends on differences of coordinates, so the
   translation changes nothing; 100 is even, so the screen-door parity is
   kept), cropped. Quads from a fixed pseudo-random sequence, many of them
   crossing the frame's edges, twisted ones too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "render/raster.h"

static uint32_t seed = 12345;
static int rnd(int lo, int hi)
{
    seed = seed * 1103515245u + 12345u;
    return lo + (int)((seed >> 8) % (uint32_t)(hi - lo + 1));
}

static void test_clipped_equals_whole(void **state)
{
    (void)state;
    uint16_t *small = malloc(320 * 240 * 2), *big = malloc(520 * 440 * 2);
    assert_non_null(small);
    assert_non_null(big);
    uint16_t tex[8 * 4];
    for (int i = 0; i < 32; i++)
        tex[i] = (uint16_t)(i % 5 == 0 ? 0 : 0x8000u | (unsigned)(i * 997));
    for (int k = 0; k < 400; k++) {
        for (int i = 0; i < 320 * 240; i++)
            small[i] = 0x8421;
        for (int i = 0; i < 520 * 440; i++)
            big[i] = 0x8421;
        rr_quad q;
        memset(&q, 0, sizeof q);
        for (int c = 0; c < 4; c++) {
            q.x[c] = rnd(-100, 419);
            q.y[c] = rnd(-100, 339);
        }
        q.color = (uint16_t)(0x8000u | (unsigned)rnd(0, 0x7FFF));
        if (k & 1) {
            q.tex = tex;
            q.tw = 8;
            q.th = 4;
            q.flip_h = (k & 2) != 0;
            q.flip_v = (k & 4) != 0;
        }
        q.gouraud = (k % 3) == 0;
        for (int c = 0; c < 4; c++)
            for (int ch = 0; ch < 3; ch++)
                q.g[c][ch] = (uint8_t)rnd(0, 31);
        q.half = (k % 5) == 0;
        q.mesh = (k % 7) == 0;
        rr_fb fs = {small, 320, 240};
        rr_draw_quad(&fs, &q);
        rr_quad b = q;
        for (int c = 0; c < 4; c++) {
            b.x[c] += 100;
            b.y[c] += 100;
        }
        rr_fb fbig = {big, 520, 440};
        rr_draw_quad(&fbig, &b);
        for (int y = 0; y < 240; y++)
            assert_memory_equal(&small[y * 320], &big[(y + 100) * 520 + 100], 320 * 2);
    }
    free(small);
    free(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clipped_equals_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
