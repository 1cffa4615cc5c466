/* src/formats/image/resize.c - box-filter resampling and the VDP1 texture
   size rule.

   Box filter, exactly: lay the source (sw x sh pixels) and the output
   (dw x dh) over the same rectangle. Measured in units of 1/(sw*dw) of the
   width, a source column is dw units wide and an output column sw units,
   so every overlap is a whole number of units and each output pixel is

       sum(overlap_area * alpha * color) / sum(overlap_area * alpha)

   with alpha = sum(overlap_area * alpha) / (sw * sh): the area-weighted mean
   in premultiplied alpha, computed in 64-bit integers and rounded to
   nearest once. Premultiplying keeps the color of fully transparent pixels
   (often black or garbage in texture files) out of their neighbours. The
   same arithmetic on every machine gives the same bytes. */
#include <stdlib.h>
#include <string.h>

#include "retromesh/image.h"

/* For each output column (or row): the first source column it overlaps,
   how many, and the overlap of each, in units. */
typedef struct span_table {
    uint32_t *first;    /* [dst] */
    uint32_t *count;    /* [dst] */
    uint32_t *offset;   /* [dst]: where its weights start in `weight` */
    uint32_t *weight;   /* overlaps, all spans one after another */
} span_table;

static void spans_free(span_table *t)
{
    free(t->first);
    free(t->count);
    free(t->offset);
    free(t->weight);
}

static rm_status spans_make(uint32_t src, uint32_t dst, span_table *t)
{
    /* An output pixel overlaps at most src / dst + 2 source pixels, so all
       spans together hold at most src + 2 * dst weights. */
    size_t total = (size_t)src + 2 * (size_t)dst;
    t->first = malloc(sizeof(uint32_t) * dst);
    t->count = malloc(sizeof(uint32_t) * dst);
    t->offset = malloc(sizeof(uint32_t) * dst);
    t->weight = malloc(sizeof(uint32_t) * total);
    if (!t->first || !t->count || !t->offset || !t->weight) {
        spans_free(t);
        return RM_NOMEM;
    }
    uint32_t k = 0;
    for (uint32_t o = 0; o < dst; o++) {
        uint64_t begin = (uint64_t)o * src, end = begin + src;   /* in units */
        uint32_t s0 = (uint32_t)(begin / dst), s1 = (uint32_t)((end - 1) / dst);
        t->first[o] = s0;
        t->count[o] = s1 - s0 + 1;
        t->offset[o] = k;
        for (uint32_t s = s0; s <= s1; s++) {
            uint64_t lo = (uint64_t)s * dst, hi = lo + dst;
            if (lo < begin)
                lo = begin;
            if (hi > end)
                hi = end;
            t->weight[k++] = (uint32_t)(hi - lo);
        }
    }
    return RM_OK;
}

rm_status rm_image_resize_box(const rm_image *src, uint32_t width, uint32_t height, rm_image *out)
{
    rm_image_init(out);
    if (!src || !src->rgba || src->width == 0 || src->height == 0)
        return RM_USAGE;
    rm_status st = rm_image_alloc(out, width, height);
    if (st != RM_OK)
        return st;
    span_table xs, ys;
    if (spans_make(src->width, width, &xs) != RM_OK)
        goto nomem;
    if (spans_make(src->height, height, &ys) != RM_OK) {
        spans_free(&xs);
        goto nomem;
    }
    /* Sum of all overlaps of one output pixel: sw units wide, sh high. */
    uint64_t area = (uint64_t)src->width * src->height;
    size_t stride = (size_t)src->width * 4;
    uint8_t *o = out->rgba;
    for (uint32_t oy = 0; oy < height; oy++) {
        for (uint32_t ox = 0; ox < width; ox++, o += 4) {
            /* Overlap areas are at most dw * dh <= 2^28 and alpha * color at
               most 2^16: each term fits 44 bits and their sum, whose
               weights add up to `area` <= 2^28, fits 64. */
            uint64_t sa = 0, sc[3] = {0, 0, 0};
            for (uint32_t j = 0; j < ys.count[oy]; j++) {
                uint64_t wy = ys.weight[ys.offset[oy] + j];
                const uint8_t *row = src->rgba + (size_t)(ys.first[oy] + j) * stride;
                for (uint32_t i = 0; i < xs.count[ox]; i++) {
                    const uint8_t *p = row + (size_t)(xs.first[ox] + i) * 4;
                    uint64_t wa = wy * xs.weight[xs.offset[ox] + i] * p[3];
                    sa += wa;
                    sc[0] += wa * p[0];
                    sc[1] += wa * p[1];
                    sc[2] += wa * p[2];
                }
            }
            o[3] = (uint8_t)((sa + area / 2) / area);
            for (int c = 0; c < 3; c++)
                o[c] = (uint8_t)(sa ? (sc[c] + sa / 2) / sa : 0);
            if (o[3] == 0)
                memset(o, 0, 3);   /* transparent: no stray color */
        }
    }
    spans_free(&xs);
    spans_free(&ys);
    return RM_OK;
nomem:
    rm_image_free(out);
    return RM_NOMEM;
}

/* The largest multiple of 8 <= v, at least 8. */
static uint64_t floor8(uint64_t v)
{
    v &= ~(uint64_t)7;
    return v < 8 ? 8 : v;
}

bool rm_texture_fit_size(uint32_t width, uint32_t height, uint32_t max_w, uint32_t max_h,
                         uint32_t *out_w, uint32_t *out_h)
{
    /* Nearest multiple of 8, a tie (4 over) going up; at least 8. An empty
       height counts as 1. */
    uint64_t w = ((uint64_t)width + 4) / 8 * 8;
    if (w < 8)
        w = 8;
    uint64_t h = height ? height : 1;
    /* The limits: the VDP1's, lowered by the caller's cap; a width cap is
       itself taken down to a multiple of 8 (at least 8). */
    uint64_t lim_w = RM_VDP1_MAX_WIDTH, lim_h = RM_VDP1_MAX_HEIGHT;
    if (max_w && max_w < lim_w)
        lim_w = floor8(max_w);
    if (max_h && max_h < lim_h)
        lim_h = max_h;
    if (w > lim_w || h > lim_h) {
        /* One factor for both sides, f = min(lim_w / w, lim_h / h), compared
           without division: lim_w / w <= lim_h / h <=> lim_w * h <= lim_h * w. */
        if (lim_w * h <= lim_h * w) {
            h = h * lim_w / w;
            w = lim_w;
        } else {
            w = floor8(w * lim_h / h);
            h = lim_h;
        }
        if (h < 1)
            h = 1;
    }
    *out_w = (uint32_t)w;
    *out_h = (uint32_t)h;
    return w != width || h != height;
}
