/* fuzz/fuzz_image.c - libFuzzer target for the image decoders (PNG through
   libspng; TGA, BMP, JPEG, GIF through stb_image) and everything after
   them on the texture path.

   Any bytes: rm_image_decode_limit must return without a crash, a leak or
   undefined behaviour; a refusal has exactly one error. When the bytes
   decode, the picture goes through rm_image_to_rgb555 (plain and
   dithered), rm_quantize16, a box resize to a small VDP1 size, a slice and
   a PNG encode, whose bytes must decode back to the same pixels: a failure
   there is a bug, reported by abort(). The pixel limit (128 x 128) keeps
   each run fast and under libFuzzer's memory limit. Seeds: fuzz/corpus/image
   (the fixtures of tests/fixtures/image). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/image.h"

#define MAX_PIXELS (128u * 128u)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    rm_image img;
    rm_status st = rm_image_decode_limit(data, size, "fuzz.img", MAX_PIXELS, &img, &diag);
    if (st != RM_OK) {
        if (diag.errors != 1 || img.rgba || img.width || img.height)
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    if (diag.errors != 0 || !img.rgba || !img.width || !img.height ||
        (uint64_t)img.width * img.height > MAX_PIXELS)
        abort();

    size_t n = (size_t)img.width * img.height;
    uint16_t *words = malloc(n * sizeof *words);
    uint8_t *idx = malloc(n);
    if (!words || !idx)
        abort();
    rm_image_to_rgb555(&img, false, words);
    for (size_t i = 0; i < n; i++)
        if (words[i] != 0 && !(words[i] & 0x8000))
            abort();   /* opaque words always have bit 15 */
    rm_image_to_rgb555(&img, true, words);
    uint16_t pal[16];
    if (rm_quantize16(&img, size % 2 == 0, pal, idx) != RM_OK || pal[0] != 0)
        abort();
    for (size_t i = 0; i < n; i++)
        if (idx[i] > 15 || (idx[i] != 0) != (img.rgba[4 * i + 3] >= 128))
            abort();   /* index 0 exactly for the transparent pixels */

    uint32_t w, h;
    rm_texture_fit_size(img.width, img.height, 64, 64, &w, &h);
    rm_image small, cut;
    if (rm_image_resize_box(&img, w, h, &small) != RM_OK)
        abort();
    const double uv[4][2] = {{0.1, 0.9}, {0.9, 1.2}, {0.7, -0.3}, {0.0, 0.2}};
    if (rm_image_slice(&img, uv, (int)(size % 2) + 3, 16, 8, &cut) != RM_OK)
        abort();

    uint8_t *png;
    size_t png_size;
    if (rm_image_encode_png(&small, &png, &png_size, &diag) != RM_OK)
        abort();
    rm_image back;
    if (rm_image_decode(png, png_size, "back.png", &back, &diag) != RM_OK ||
        back.width != small.width || back.height != small.height ||
        memcmp(back.rgba, small.rgba, (size_t)w * h * 4) != 0)
        abort();   /* encode -> decode is not the identity */

    free(png);
    rm_image_free(&back);
    rm_image_free(&cut);
    rm_image_free(&small);
    free(words);
    free(idx);
    rm_image_free(&img);
    rm_diag_free(&diag);
    return 0;
}
