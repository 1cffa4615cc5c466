/* Slicing an atlas under UV quads and triangles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "image_helpers.h"

/* 8x8 atlas, one solid color a quadrant: top-left red, top-right green,
   bottom-left blue, bottom-right white. */
static rm_image quadrants(void)
{
    rm_image a;
    assert_int_equal(rm_image_alloc(&a, 8, 8), RM_OK);
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 8; x++) {
            bool right = x >= 4, bottom = y >= 4;
            if (!right && !bottom)
                set_px(&a, x, y, 255, 0, 0, 255);
            else if (right && !bottom)
                set_px(&a, x, y, 0, 255, 0, 255);
            else if (!right)
                set_px(&a, x, y, 0, 0, 255, 255);
            else
                set_px(&a, x, y, 255, 255, 255, 255);
        }
    return a;
}

static rm_image slice(const rm_image *atlas, const double uv[4][2], int corners, uint32_t w,
                      uint32_t h)
{
    rm_image out;
    assert_int_equal(rm_image_slice(atlas, uv, corners, w, h, &out), RM_OK);
    assert_int_equal(out.width, w);
    assert_int_equal(out.height, h);
    return out;
}

static void quadrant_colors(void **state)
{
    (void)state;
    rm_image a = quadrants();
    /* UVs of each quadrant, corners A B C D = top-left, top-right,
       bottom-right, bottom-left; v up, so the top quadrants have v 0.5..1. */
    const double q[4][4][2] = {
        {{0, 1}, {0.5, 1}, {0.5, 0.5}, {0, 0.5}},     /* red */
        {{0.5, 1}, {1, 1}, {1, 0.5}, {0.5, 0.5}},     /* green */
        {{0, 0.5}, {0.5, 0.5}, {0.5, 0}, {0, 0}},     /* blue */
        {{0.5, 0.5}, {1, 0.5}, {1, 0}, {0.5, 0}},     /* white */
    };
    const int colors[4][3] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}};
    for (int k = 0; k < 4; k++) {
        rm_image out = slice(&a, q[k], 4, 16, 16);
        /* Output pixel x samples the atlas at 4 (x + 0.5) / 16 - 0.5 texels
           from the quadrant's left edge: inside [0, 3] (texels of the
           quadrant only) for x = 2..13. Same vertically. */
        for (uint32_t y = 2; y <= 13; y++)
            for (uint32_t x = 2; x <= 13; x++)
                assert_px(&out, x, y, colors[k][0], colors[k][1], colors[k][2], 255);
        rm_image_free(&out);
    }
    rm_image_free(&a);
}

static void identity_and_corners(void **state)
{
    (void)state;
    rm_image a = quadrants();
    /* A noisy atlas so that every texel is its own. */
    uint32_t seed = 5;
    for (size_t i = 0; i < 8 * 8 * 4; i++) {
        seed = seed * 1664525u + 1013904223u;
        a.rgba[i] = (uint8_t)(i % 4 == 3 ? 255 : seed >> 24);
    }
    const double whole[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    rm_image out = slice(&a, whole, 4, 8, 8);
    /* Same size: pixel centers land on texel centers, the copy is exact. */
    assert_memory_equal(out.rgba, a.rgba, 8 * 8 * 4);
    rm_image_free(&out);

    /* Mirrored (u reversed): out(x, y) = atlas(7 - x, y). */
    const double mirror[4][2] = {{1, 1}, {0, 1}, {0, 0}, {1, 0}};
    out = slice(&a, mirror, 4, 8, 8);
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 8; x++) {
            const uint8_t *p = px_at(&a, 7 - x, y);
            assert_px(&out, x, y, p[0], p[1], p[2], p[3]);
        }
    rm_image_free(&out);

    /* Turned: A on the atlas' bottom-left, B top-left, C top-right, D
       bottom-right. u = t, v = s, so out(x, y) = atlas(y, 7 - x): the
       output's top-left corner is the atlas' bottom-left texel. */
    const double turned[4][2] = {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
    out = slice(&a, turned, 4, 8, 8);
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 8; x++) {
            const uint8_t *p = px_at(&a, y, 7 - x);
            assert_px(&out, x, y, p[0], p[1], p[2], p[3]);
        }
    const uint8_t *bl = px_at(&a, 0, 7);
    assert_px(&out, 0, 0, bl[0], bl[1], bl[2], 255);
    rm_image_free(&out);

    /* UVs shifted by whole turns wrap to the same picture. */
    const double shifted[4][2] = {{-3, 3}, {-2, 3}, {-2, 2}, {-3, 2}};
    out = slice(&a, shifted, 4, 8, 8);
    assert_memory_equal(out.rgba, a.rgba, 8 * 8 * 4);
    rm_image_free(&out);
    rm_image_free(&a);
}

/* 16x16 atlas whose texel (x, y) is (16 x, 16 y, 0): bilinear sampling of
   a linear ramp is linear, so an output pixel tells where it sampled:
   red / 16 = x, green / 16 = y, within rounding. */
static rm_image ramp(void)
{
    rm_image a;
    assert_int_equal(rm_image_alloc(&a, 16, 16), RM_OK);
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 16; x++)
            set_px(&a, x, y, (uint8_t)(16 * x), (uint8_t)(16 * y), 0, 255);
    return a;
}

/* Checks that every output pixel sampled where the documented geometry
   puts it (recomputed here from the formula of image.h). */
static void check_geometry(const rm_image *out, const double c[4][2])
{
    for (uint32_t y = 0; y < out->height; y++)
        for (uint32_t x = 0; x < out->width; x++) {
            double s = (x + 0.5) / out->width, t = (y + 0.5) / out->height;
            double u = (1 - s) * (1 - t) * c[0][0] + s * (1 - t) * c[1][0] + s * t * c[2][0] +
                       (1 - s) * t * c[3][0];
            double v = (1 - s) * (1 - t) * c[0][1] + s * (1 - t) * c[1][1] + s * t * c[2][1] +
                       (1 - s) * t * c[3][1];
            double ax = u * 16 - 0.5, ay = (1 - v) * 16 - 0.5;
            const uint8_t *p = px_at(out, x, y);
            assert_true(fabs(p[0] - 16 * ax) <= 0.51);
            assert_true(fabs(p[1] - 16 * ay) <= 0.51);
        }
}

static void quad_and_triangle_geometry(void **state)
{
    (void)state;
    rm_image a = ramp();
    /* A skewed quad well inside the atlas (no wrapping). */
    const double quad[4][2] = {{0.1, 0.9}, {0.8, 0.85}, {0.9, 0.2}, {0.15, 0.1}};
    rm_image out = slice(&a, quad, 4, 24, 12);
    check_geometry(&out, quad);
    rm_image_free(&out);

    /* A triangle: corner 3 is not read (NaN there is fine) and counts as
       corner 2, so the bottom edge D-C collapses into C. */
    const double tri[4][2] = {{0.2, 0.8}, {0.8, 0.8}, {0.5, 0.2}, {NAN, NAN}};
    const double as_quad[4][2] = {{0.2, 0.8}, {0.8, 0.8}, {0.5, 0.2}, {0.5, 0.2}};
    out = slice(&a, tri, 3, 16, 16);
    check_geometry(&out, as_quad);
    /* Corner pixels: top-left near A, the whole bottom row near C. A is
       at texel (0.2 * 16 - 0.5, 0.2 * 16 - 0.5) = (2.7, 2.7); the pixel
       center, 1/32 of the way in, samples about (3.1, 3.0): red ~50,
       green ~48. */
    const uint8_t *tl = px_at(&out, 0, 0), *br = px_at(&out, 15, 15), *bl = px_at(&out, 0, 15);
    assert_true(tl[0] < 64 && tl[1] < 64);
    /* C is at (0.5 * 16 - 0.5, 0.8 * 16 - 0.5) = (7.5, 12.3): red 120,
       green 197; the bottom corners sample about (7.6, 12.0) and
       (7.4, 12.0). */
    assert_true(abs(br[0] - 120) <= 8 && abs(br[1] - 197) <= 8);
    assert_true(abs(bl[0] - 120) <= 8 && abs(bl[1] - 197) <= 8);
    rm_image_free(&out);
    rm_image_free(&a);
}

static void premultiplied_sampling(void **state)
{
    (void)state;
    /* Atlas [opaque red, transparent black] stretched to 4 pixels: pixel 1
       samples 0.25 texel right of red: alpha 0.75 * 255 = 191.25 -> 191,
       color red (not darkened toward black). */
    rm_image a = solid(2, 1, 255, 0, 0, 255);
    set_px(&a, 1, 0, 0, 0, 0, 0);
    const double whole[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    rm_image out = slice(&a, whole, 4, 4, 1);
    assert_px(&out, 1, 0, 255, 0, 0, 191);
    rm_image_free(&out);
    rm_image_free(&a);
}

static void bad_calls(void **state)
{
    (void)state;
    rm_image a = quadrants(), out;
    const double whole[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    assert_int_equal(rm_image_slice(&a, whole, 5, 8, 8, &out), RM_USAGE);
    assert_null(out.rgba);
    assert_int_equal(rm_image_slice(&a, whole, 4, 0, 8, &out), RM_USAGE);
    const double nan_uv[4][2] = {{0, 1}, {NAN, 1}, {1, 0}, {0, 0}};
    assert_int_equal(rm_image_slice(&a, nan_uv, 4, 8, 8, &out), RM_USAGE);
    const double inf_uv[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, INFINITY}};
    assert_int_equal(rm_image_slice(&a, inf_uv, 4, 8, 8, &out), RM_USAGE);
    /* Huge but finite UVs: no crash, a picture. */
    const double huge[4][2] = {{1e300, -1e300}, {1e18, 1}, {-1e18, 0}, {0, 1e308}};
    assert_int_equal(rm_image_slice(&a, huge, 4, 8, 8, &out), RM_OK);
    rm_image_free(&out);
    rm_image empty;
    rm_image_init(&empty);
    assert_int_equal(rm_image_slice(&empty, whole, 4, 8, 8, &out), RM_USAGE);
    rm_image_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quadrant_colors),
        cmocka_unit_test(identity_and_corners),
        cmocka_unit_test(quad_and_triangle_geometry),
        cmocka_unit_test(premultiplied_sampling),
        cmocka_unit_test(bad_calls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
