/* src/formats/image/image_internal.h - helpers shared by the image files
   (internal). */
#ifndef RM_IMAGE_INTERNAL_H
#define RM_IMAGE_INTERNAL_H

#include <stdint.h>

/* The 4x4 Bayer matrix, 0..15, indexed by the pixel's (x & 3, y & 3): the
   same threshold pattern for every image, so dithering is deterministic. */
static inline unsigned rm_bayer4(uint32_t x, uint32_t y)
{
    static const uint8_t m[4][4] = {
        {0, 8, 2, 10},
        {12, 4, 14, 6},
        {3, 11, 1, 9},
        {15, 7, 13, 5},
    };
    return m[y & 3u][x & 3u];
}

/* An 8-bit channel to 5 bits, rounded to nearest: (c * 31 + 127) / 255. */
static inline unsigned rm_ch5(unsigned c)
{
    return (c * 31u + 127u) / 255u;
}

/* The same with an ordered-dither threshold instead of the rounding:
   floor(c * 31 / 255 + (m + 0.5) / 16) for the Bayer value m, in integers
   (both sides times 255 * 32). c = 0 stays 0 and c = 255 stays 31 for every
   m; the mean threshold, 0.5, is the plain rounding. */
static inline unsigned rm_ch5_dither(unsigned c, unsigned m)
{
    return (c * 31u * 32u + (2u * m + 1u) * 255u) / (255u * 32u);
}

/* The channels of an RGB555 word. */
static inline unsigned rm_r5(uint16_t c) { return c & 31u; }
static inline unsigned rm_g5(uint16_t c) { return (c >> 5) & 31u; }
static inline unsigned rm_b5(uint16_t c) { return (c >> 10) & 31u; }

static inline uint16_t rm_pack555(unsigned r, unsigned g, unsigned b)
{
    return (uint16_t)(0x8000u | b << 10 | g << 5 | r);
}

#endif
