/* src/formats/image/slice.c - the part of an atlas under a face's UVs, as a
   texture of its own.

   The VDP1 has no texture coordinates: it stretches a whole texture over
   the quad A B C D, texture top-left on A (saturn-notes 5.1). A face that
   uses a region of an atlas therefore gets the region resampled into its
   own texture, whose corners are the face's UV corners 0 1 2 3.

   Geometry: output pixel (x, y) has its center at s = (x + 0.5) / width,
   t = (y + 0.5) / height. Its UV is the bilinear blend of the corners,

       uv = (1-s)(1-t) uv0 + s(1-t) uv1 + s t uv2 + (1-s) t uv3

   (a triangle: uv3 = uv2, the edge D-C collapses into C as the VDP1 draws
   a triangle). The atlas is sampled at texel coordinates
   x = u * W - 0.5, y = (1 - v) * H - 0.5 (texel centers at whole numbers,
   v up), bilinearly, in premultiplied alpha, wrapping at the edges (UVs
   outside 0..1 repeat the texture). IEEE double arithmetic (+ - * /, floor,
   fmod: all exact or correctly rounded), so the bytes are the same on every
   machine that has it. */
#include <math.h>

#include "retromesh/image.h"

/* v wrapped into [0, n). */
static double wrap(double v, uint32_t n)
{
    if (!isfinite(v))                /* a huge UV times the atlas size */
        return 0;
    double m = fmod(v, (double)n);   /* exact, sign of v */
    if (m < 0)
        m += n;
    if (m >= n)                      /* -tiny + n rounded up to n */
        m = 0;
    return m;
}

static uint8_t to_byte(double v)
{
    if (!(v > 0))
        return 0;
    if (v >= 255)
        return 255;
    return (uint8_t)floor(v + 0.5);
}

static void sample(const rm_image *a, double fx, double fy, uint8_t out[4])
{
    fx = wrap(fx, a->width);
    fy = wrap(fy, a->height);
    uint32_t x0 = (uint32_t)fx, y0 = (uint32_t)fy;   /* in range: see wrap */
    if (x0 >= a->width)
        x0 = a->width - 1;
    if (y0 >= a->height)
        y0 = a->height - 1;
    double dx = fx - x0, dy = fy - y0;
    uint32_t x1 = x0 + 1 == a->width ? 0 : x0 + 1;
    uint32_t y1 = y0 + 1 == a->height ? 0 : y0 + 1;
    const uint8_t *p[4] = {
        a->rgba + ((size_t)y0 * a->width + x0) * 4,
        a->rgba + ((size_t)y0 * a->width + x1) * 4,
        a->rgba + ((size_t)y1 * a->width + x0) * 4,
        a->rgba + ((size_t)y1 * a->width + x1) * 4,
    };
    const double w[4] = {(1 - dx) * (1 - dy), dx * (1 - dy), (1 - dx) * dy, dx * dy};
    double sa = 0, sc[3] = {0, 0, 0};
    for (int k = 0; k < 4; k++) {
        double wa = w[k] * p[k][3];
        sa += wa;
        for (int c = 0; c < 3; c++)
            sc[c] += wa * p[k][c];
    }
    out[3] = to_byte(sa);
    for (int c = 0; c < 3; c++)
        out[c] = sa > 0 && out[3] ? to_byte(sc[c] / sa) : 0;
}

rm_status rm_image_slice(const rm_image *atlas, const double uv[4][2], int corners, uint32_t width,
                         uint32_t height, rm_image *out)
{
    rm_image_init(out);
    if (!atlas || !atlas->rgba || atlas->width == 0 || atlas->height == 0 || !uv ||
        (corners != 3 && corners != 4))
        return RM_USAGE;
    double c[4][2];
    for (int k = 0; k < 4; k++) {
        int from = (corners == 3 && k == 3) ? 2 : k;
        for (int j = 0; j < 2; j++) {
            c[k][j] = uv[from][j];
            if (!isfinite(c[k][j]))
                return RM_USAGE;
        }
    }
    rm_status st = rm_image_alloc(out, width, height);
    if (st != RM_OK)
        return st;
    const double aw = atlas->width, ah = atlas->height;
    uint8_t *o = out->rgba;
    for (uint32_t y = 0; y < height; y++) {
        double t = (y + 0.5) / height;
        for (uint32_t x = 0; x < width; x++, o += 4) {
            double s = (x + 0.5) / width;
            double w0 = (1 - s) * (1 - t), w1 = s * (1 - t), w2 = s * t, w3 = (1 - s) * t;
            double u = w0 * c[0][0] + w1 * c[1][0] + w2 * c[2][0] + w3 * c[3][0];
            double v = w0 * c[0][1] + w1 * c[1][1] + w2 * c[2][1] + w3 * c[3][1];
            sample(atlas, u * aw - 0.5, (1 - v) * ah - 0.5, o);
        }
    }
    return RM_OK;
}
