/* retromesh/image.h - images for the Saturn: load (PNG, TGA, BMP, JPEG,
   GIF), resize, slice, convert to RGB555 and 16-color textures, write PNG
   and the engine's .BIN images.

   Usage:
     rm_image img;
     if (rm_image_load_file("WALL.png", &img, &diag) == RM_OK) {
         uint16_t *px = malloc(img.width * img.height * 2);
         rm_image_to_rgb555(&img, false, px);         // 0 = transparent
         uint8_t *bin; size_t n;
         rm_bin_encode(px, img.width, img.height, &bin, &n);   // WALL.BIN bytes
         ...
         rm_image_free(&img);
     }

   An rm_image is 8-bit RGBA, row-major, top row first: the layout every
   function here takes and gives. Readers never trust the file: sizes are
   checked before any allocation (at most RM_IMAGE_MAX_PIXELS pixels).
   Ownership: a filled rm_image owns its pixels; rm_image_free() frees them.
   Functions that fill an rm_image leave it empty on failure. */
#ifndef RETROMESH_IMAGE_H
#define RETROMESH_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RM_IMAGE_MAX_PIXELS (16384u * 16384u)

/* The VDP1's texture sizes: width a multiple of 8 from 8 to 504, height
   1 to 255 (saturn-notes 6.3, 7.1). */
#define RM_VDP1_MAX_WIDTH 504u
#define RM_VDP1_MAX_HEIGHT 255u

typedef struct rm_image {
    uint32_t width, height;
    uint8_t *rgba;          /* width * height * 4 bytes */
} rm_image;

void rm_image_init(rm_image *img);
void rm_image_free(rm_image *img);
/* Allocates a width x height image filled with transparent black. */
rm_status rm_image_alloc(rm_image *img, uint32_t width, uint32_t height);

/* Decodes an image in memory, told by its content: PNG (libspng), TGA, BMP,
   JPEG, GIF (first frame) (stb_image). `name` is used in messages
   ("NAME: error: ..."). */
rm_status rm_image_decode(const uint8_t *data, size_t size, const char *name, rm_image *out,
                          rm_diag *diag);
rm_status rm_image_load_file(const char *path, rm_image *out, rm_diag *diag);
/* rm_image_decode() with a lower size limit: images of more than
   max_pixels pixels are refused before any pixel is decoded (0 or more than
   RM_IMAGE_MAX_PIXELS: RM_IMAGE_MAX_PIXELS). For callers with a memory
   budget (the fuzzers use it). */
rm_status rm_image_decode_limit(const uint8_t *data, size_t size, const char *name,
                                uint64_t max_pixels, rm_image *out, rm_diag *diag);

/* PNG, 8-bit RGBA, deterministic bytes (libspng). *data is malloc'd. */
rm_status rm_image_encode_png(const rm_image *img, uint8_t **data, size_t *size, rm_diag *diag);
/* The same, written atomically to `path`. */
rm_status rm_image_write_png(const rm_image *img, const char *path, rm_diag *diag);

/* Resamples to width x height with a box filter (each output pixel is the
   area-weighted mean of the source pixels it covers, in premultiplied
   alpha). */
rm_status rm_image_resize_box(const rm_image *src, uint32_t width, uint32_t height, rm_image *out);

/* The size a texture gets on the VDP1: the width rounded to the nearest
   multiple of 8 (at least 8), then, when over the VDP1 limits or over
   max_w x max_h (0: no cap), reduced keeping the aspect. Returns true when
   the size changes. */
bool rm_texture_fit_size(uint32_t width, uint32_t height, uint32_t max_w, uint32_t max_h,
                         uint32_t *out_w, uint32_t *out_h);

/* The region of `atlas` under a UV quad (or triangle: corners == 3),
   resampled into a width x height image whose corners A B C D (top-left,
   top-right, bottom-right, bottom-left) are the UV corners 0 1 2 3 (a
   triangle: its bottom edge collapses into corner 2, as the VDP1 draws a
   triangle). Bilinear mapping of the quad, bilinear sampling of the atlas
   (wrapping, as UVs outside 0..1 repeat the texture). UVs are OBJ texture
   coordinates: u to the right, v up (v = 1 is the atlas' top row). */
rm_status rm_image_slice(const rm_image *atlas, const double uv[4][2], int corners, uint32_t width,
                         uint32_t height, rm_image *out);

/* One RGBA pixel as an RGB555 word: channels rounded to 5 bits,
   (c * 31 + 127) / 255, bit 15 set (opaque black is 0x8000), 0 when
   alpha < 128 (transparent). docs/images.md has the details. */
uint16_t rm_rgb555_from_rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a);
/* The whole image (width*height words in `out`); `dither`: ordered 4x4
   (Bayer) dithering before the rounding to 5 bits. */
void rm_image_to_rgb555(const rm_image *img, bool dither, uint16_t *out);

/* 16-color texture (format 1 of TIMG, jo_lut 1): a palette of 16 RGB555
   colors where color 0 is transparent (0x0000), and one index 0..15 per
   pixel (transparent pixels get 0). The project's own quantizer (median
   cut + k-means), deterministic. 15 distinct colors or fewer: exactly
   those, ascending; unused entries are 0x8000 (no pixel uses them).
   `dither`: ordered dithering toward the palette. `indices` has
   width * height bytes. */
rm_status rm_quantize16(const rm_image *img, bool dither, uint16_t palette[16], uint8_t *indices);
/* rm_quantize16() with at most `colors` (1..15) opaque colors in palette
   entries 1..colors (the rest 0x8000, never used by a pixel): 14 keeps
   index 15, the VDP1's 4-bit end code, out of the picture when end codes
   are on. rm_quantize16() is rm_quantize_lut(img, dither, 15, ...). */
rm_status rm_quantize_lut(const rm_image *img, bool dither, unsigned colors, uint16_t palette[16],
                          uint8_t *indices);
/* Packs `count` indices 0..15 two a byte, the first (left) pixel in the high
   4 bits (saturn-notes 6.3); an odd count leaves the last low nibble 0.
   `out` has (count + 1) / 2 bytes. */
void rm_indices_pack4(const uint8_t *indices, size_t count, uint8_t *out);

/* Peak signal-to-noise ratio (dB) between two RGB555 pictures of n pixels
   (transparent pixels of `ref` are left out; 99 when identical). */
double rm_rgb555_psnr(const uint16_t *ref, const uint16_t *test, size_t n);

/* The engine's .BIN image (saturn-notes 3.1): u16 width, u16 height, then
   width*height RGB555 words, all little endian. *data is malloc'd. */
rm_status rm_bin_encode(const uint16_t *pixels, uint32_t width, uint32_t height, uint8_t **data,
                        size_t *size);
/* Reads a .BIN (checks the size is exactly 4 + 2*w*h); *pixels is
   malloc'd. `name` is used in messages. */
rm_status rm_bin_decode(const uint8_t *data, size_t size, const char *name, uint16_t **pixels,
                        uint32_t *width, uint32_t *height, rm_diag *diag);

/* An RGB555 word back to RGBA (5 bits -> 8 bits as the VDP2 shows it:
   c << 3; 0 -> transparent). */
void rm_rgba_from_rgb555(uint16_t c, uint8_t rgba[4]);

#ifdef __cplusplus
}
#endif
#endif
