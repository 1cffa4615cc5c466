/* tests/render/test_raster_modes.c - the specialised span loops of
   src/render/raster_span.c against the old generic walker (raster_ref.c),
   pixel for pixel: every mode combination (textured or not, each flip,
   gouraud, half transparency, screen doors), on quads of every kind (inside
   the frame, crossing its edges, far larger than it, tiny and degenerate,
   long and thin, triangles, 45 degree and axis-aligned edges, twisted), in
   frames of odd sizes, drawn one over the other into a background of mixed
   bit 15 so that half transparency meets drawn and undrawn pixels. Quads
   from a fixed pseudo-random sequence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raster_ref.h"

static uint32_t seed = 20260;
static int rnd(int lo, int hi)
{
    seed = seed * 1103515245u + 12345u;
    return lo + (int)((seed >> 8) % (uint32_t)(hi - lo + 1));
}

/* Textures: one texel, odd sizes, wider and taller than most lines, with
   transparent texels (0) and texels without bit 15. */
#define TEXTURES 6
static const int TEX_W[TEXTURES] = {1, 8, 5, 64, 2, 300};
static const int TEX_H[TEXTURES] = {1, 4, 3, 2, 64, 1};
static uint16_t *tex[TEXTURES];

static void make_textures(void)
{
    for (int t = 0; t < TEXTURES; t++) {
        int n = TEX_W[t] * TEX_H[t];
        tex[t] = malloc((size_t)n * sizeof *tex[t]);
        assert_non_null(tex[t]);
        for (int i = 0; i < n; i++)
            tex[t][i] = (uint16_t)(t == 0 ? 0x8123u : i % 7 == 3 ? 0 : (unsigned)rnd(0, 0xFFFF) | (i % 3 ? 0x8000u : 0));
    }
}

/* Shape kinds. */
enum { INSIDE, CROSSING, HUGE, VERY_HUGE, TINY, THIN, TRIANGLE, STRAIGHT, KINDS };

static void shape(rr_quad *q, int kind, int w, int h)
{
    int x0 = rnd(-2, w + 1), y0 = rnd(-2, h + 1);
    for (int c = 0; c < 4; c++) {
        switch (kind) {
        case INSIDE:
            q->x[c] = rnd(0, w - 1);
            q->y[c] = rnd(0, h - 1);
            break;
        case CROSSING:
        case TRIANGLE:
            q->x[c] = rnd(-w / 2 - 2, w + w / 2 + 2);
            q->y[c] = rnd(-h / 2 - 2, h + h / 2 + 2);
            break;
        case HUGE:          /* the VDP1's 13-bit range */
            q->x[c] = rnd(-4095, 4095 + w);
            q->y[c] = rnd(-4095, 4095 + h);
            break;
        case VERY_HUGE:     /* lines longer than the fast walk takes */
            q->x[c] = rnd(-30000, 30000);
            q->y[c] = rnd(-30000, 30000);
            break;
        case TINY:          /* a pixel, a 2-pixel line, a little knot, at the edges too */
            q->x[c] = x0 + rnd(0, c < 2 ? 1 : 2);
            q->y[c] = y0 + rnd(0, 1);
            break;
        case THIN:          /* A and B next to each other, C and D far */
            q->x[c] = c < 2 ? x0 + rnd(0, 1) : rnd(-w, 2 * w);
            q->y[c] = c < 2 ? y0 + rnd(0, 1) : rnd(-h, 2 * h);
            break;
        default:            /* STRAIGHT: 45 degrees or axis-aligned edges */
            q->x[c] = x0 + rnd(-1, 1) * rnd(0, w);
            q->y[c] = y0;
            break;
        }
    }
    if (kind == TRIANGLE) {
        q->x[3] = q->x[2];
        q->y[3] = q->y[2];
    }
    if (kind == TINY && rnd(0, 3) == 0)
        for (int c = 1; c < 4; c++) {
            q->x[c] = q->x[0];
            q->y[c] = q->y[0];
        }
    if (kind == STRAIGHT) {
        /* Each edge 45 degrees or horizontal/vertical from A. */
        int d = rnd(0, w), e = rnd(0, 2);
        q->x[1] = x0 + d;
        q->y[1] = e == 0 ? y0 : e == 1 ? y0 + d : y0 - d;
        q->x[3] = x0 + (e == 2 ? d : 0);
        q->y[3] = y0 + rnd(0, h);
        q->x[2] = q->x[1] + (q->x[3] - x0);
        q->y[2] = q->y[1] + (q->y[3] - y0);
    }
}

static void mode_quad(rr_quad *q, unsigned combo)
{
    q->color = (uint16_t)(rnd(0, 5) == 0 ? 0 : rnd(0, 0xFFFF));
    if (combo & 1) {
        int t = rnd(0, TEXTURES - 1);
        q->tex = tex[t];
        q->tw = TEX_W[t];
        q->th = TEX_H[t];
    }
    q->flip_h = (combo & 2) != 0;
    q->flip_v = (combo & 4) != 0;
    q->gouraud = (combo & 8) != 0;
    q->half = (combo & 16) != 0;
    q->mesh = (combo & 32) != 0;
    int style = rnd(0, 3);  /* random, a light level (equal corners), extremes, past 31 */
    int level = rnd(0, 31);
    for (int c = 0; c < 4; c++)
        for (int ch = 0; ch < 3; ch++)
            q->g[c][ch] = (uint8_t)(style == 0 ? rnd(0, 31) : style == 1 ? level : style == 2 ? rnd(0, 1) * 31 : rnd(0, 255));
}

static void print_quad(const rr_quad *q, int w, int h)
{
    printf("frame %dx%d quad", w, h);
    for (int c = 0; c < 4; c++)
        printf(" (%d,%d)", q->x[c], q->y[c]);
    printf(" tex %dx%d flip %d%d gouraud %d half %d mesh %d color %04x\n", q->tex ? q->tw : 0, q->tex ? q->th : 0,
           q->flip_h, q->flip_v, q->gouraud, q->half, q->mesh, q->color);
}

static void check_frame(int w, int h, int per_kind)
{
    size_t n = (size_t)w * (size_t)h;
    uint16_t *a = malloc(n * 2), *b = malloc(n * 2);
    assert_non_null(a);
    assert_non_null(b);
    for (size_t i = 0; i < n; i++)
        a[i] = b[i] = (uint16_t)rnd(0, 0xFFFF);
    rr_fb fa = {a, w, h}, fb = {b, w, h};
    for (unsigned combo = 0; combo < 64; combo++) {
        if (!(combo & 1) && (combo & 6))
            continue;   /* the flips of an untextured quad are the unflipped one */
        for (int kind = 0; kind < KINDS; kind++) {
            /* The huge ones have thousands of lines: fewer of them. */
            int count = kind == VERY_HUGE ? (combo % 4 == 0) : kind == HUGE ? 1 : per_kind;
            for (int k = 0; k < count; k++) {
                rr_quad q;
                memset(&q, 0, sizeof q);
                shape(&q, kind, w, h);
                mode_quad(&q, combo);
                rr_draw_quad(&fa, &q);
                ref_draw_quad(&fb, &q);
                if (memcmp(a, b, n * 2) != 0) {
                    print_quad(&q, w, h);
                    for (size_t i = 0; i < n; i++)
                        if (a[i] != b[i]) {
                            printf("first difference at (%zu,%zu): %04x, expected %04x\n", i % (size_t)w,
                                   i / (size_t)w, a[i], b[i]);
                            break;
                        }
                    fail();
                }
            }
        }
        /* Now and then a clean background, so that later quads are seen. */
        if (combo % 8 == 7)
            for (size_t i = 0; i < n; i++)
                a[i] = b[i] = (uint16_t)rnd(0, 0xFFFF);
    }
    free(a);
    free(b);
}

static void test_modes_320x240(void **state)
{
    (void)state;
    make_textures();
    check_frame(320, 240, 3);
}

static void test_modes_odd_frames(void **state)
{
    (void)state;
    check_frame(33, 17, 12);
    check_frame(7, 5, 12);
    check_frame(1, 1, 6);
    check_frame(2, 3, 6);
}

/* --wire's lines, in every direction, clipped or not. */
static void test_lines(void **state)
{
    (void)state;
    const int w = 61, h = 47;
    uint16_t a[61 * 47], b[61 * 47];
    for (int i = 0; i < w * h; i++)
        a[i] = b[i] = (uint16_t)rnd(0, 0xFFFF);
    rr_fb fa = {a, w, h}, fb = {b, w, h};
    for (int k = 0; k < 3000; k++) {
        int span = k % 3 == 0 ? 4 : k % 3 == 1 ? w : 5000;
        int x0 = rnd(-span, w + span), y0 = rnd(-span, h + span), x1 = rnd(-span, w + span), y1 = rnd(-span, h + span);
        uint16_t c = (uint16_t)rnd(0, 0xFFFF);
        rr_draw_line(&fa, x0, y0, x1, y1, c);
        ref_draw_line(&fb, x0, y0, x1, y1, c);
        if (memcmp(a, b, sizeof a) != 0) {
            printf("line (%d,%d)-(%d,%d) %04x\n", x0, y0, x1, y1, c);
            fail();
        }
    }
}

static int teardown(void **state)
{
    (void)state;
    for (int t = 0; t < TEXTURES; t++)
        free(tex[t]);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_modes_320x240),
        cmocka_unit_test(test_modes_odd_frames),
        cmocka_unit_test(test_lines),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}
