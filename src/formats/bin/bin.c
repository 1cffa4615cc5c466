/* src/formats/bin/bin.c - the engine's .BIN image (saturn-notes 3.1).

   Layout, every field little endian (the engine byte-swaps on load):
     0  u16 width
     2  u16 height
     4  width * height u16 RGB555 pixels, rows top first, no padding
   The size is exactly 4 + 2 * width * height; there is no magic. */
#include <stdlib.h>

#include "retromesh/image.h"

rm_status rm_bin_encode(const uint16_t *pixels, uint32_t width, uint32_t height, uint8_t **data,
                        size_t *size)
{
    *data = NULL;
    *size = 0;
    if (!pixels || width == 0 || height == 0 || width > 65535 || height > 65535)
        return RM_USAGE;
    size_t n = (size_t)width * height;
    uint8_t *b = malloc(4 + 2 * n);
    if (!b)
        return RM_NOMEM;
    b[0] = (uint8_t)width;
    b[1] = (uint8_t)(width >> 8);
    b[2] = (uint8_t)height;
    b[3] = (uint8_t)(height >> 8);
    for (size_t i = 0; i < n; i++) {
        b[4 + 2 * i] = (uint8_t)pixels[i];
        b[5 + 2 * i] = (uint8_t)(pixels[i] >> 8);
    }
    *data = b;
    *size = 4 + 2 * n;
    return RM_OK;
}

rm_status rm_bin_decode(const uint8_t *data, size_t size, const char *name, uint16_t **pixels,
                        uint32_t *width, uint32_t *height, rm_diag *diag)
{
    *pixels = NULL;
    *width = 0;
    *height = 0;
    const char *file = name ? name : "<bin>";
    if (!data || size < 4) {
        rm_diag_at(diag, RM_ERROR, file, 0, 0, ".BIN size %zu is shorter than its 4-byte header",
                   data ? size : 0);
        return RM_INVALID;
    }
    uint32_t w = (uint32_t)data[0] | (uint32_t)data[1] << 8;
    uint32_t h = (uint32_t)data[2] | (uint32_t)data[3] << 8;
    if (w == 0 || h == 0) {
        rm_diag_at(diag, RM_ERROR, file, 0, 0, ".BIN image is %lu x %lu pixels",
                   (unsigned long)w, (unsigned long)h);
        return RM_INVALID;
    }
    uint64_t n = (uint64_t)w * h, expect = 4 + 2 * n;
    if (size != expect) {
        /* A file written big endian reads as other sizes: say so when the
           swapped header fits. */
        uint64_t bw = (uint64_t)data[0] << 8 | data[1], bh = (uint64_t)data[2] << 8 | data[3];
        bool swapped = bw && bh && size == 4 + 2 * bw * bh;
        rm_diag_at(diag, RM_ERROR, file, 0, 0, ".BIN size %zu is not 4 + 2 x %lu x %lu = %llu%s",
                   size, (unsigned long)w, (unsigned long)h, (unsigned long long)expect,
                   swapped ? " (it fits a big-endian header: .BIN is little endian)" : "");
        return RM_INVALID;
    }
    uint16_t *px = malloc((size_t)n * sizeof *px);
    if (!px) {
        rm_diag_at(diag, RM_ERROR, file, 0, 0, "out of memory for a %lu x %lu .BIN",
                   (unsigned long)w, (unsigned long)h);
        return RM_NOMEM;
    }
    for (size_t i = 0; i < n; i++)
        px[i] = (uint16_t)(data[4 + 2 * i] | data[5 + 2 * i] << 8);
    if (w % 8 != 0)
        rm_diag_at(diag, RM_WARNING, file, 0, 0,
                   ".BIN width %lu is not a multiple of 8 (the VDP1 needs one; the engine's debug "
                   "build refuses the image)",
                   (unsigned long)w);
    *pixels = px;
    *width = w;
    *height = h;
    return RM_OK;
}
