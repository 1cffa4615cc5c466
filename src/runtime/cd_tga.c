/* src/runtime/cd_tga.c - a .TGA texture as jo_sprite_add_tga reads it
   (saturn-notes 3.2). The engine's loader trusts the file: it does not
   look at the image type (an RLE file would be read as raw garbage), does
   not skip the image-ID field, and reads an 8-bit color map as 255 entries
   then 3 skipped bytes (only a map of 256 24-bit entries lines up). Here
   every such file is refused with the reason, so what passes is exactly
   what the Saturn shows:
   - 24-bit (type 2): B, G, R, each >> 3, bit 15 set (always opaque);
   - 32-bit (type 2): the same, transparent (0) when alpha >> 3 == 0;
   - 8-bit (type 1, 256 x 24-bit map): stored index + 1 (0 is transparent),
     so index 255 wraps to 0 and is transparent; 1 byte a texel in VRAM.
     For the preview the texel is the map's color;
   - rows bottom-up unless bit 5 of the descriptor is set (top-left).
   Sizes follow the VDP1 (width a multiple of 8 up to 504, height up to
   255: saturn-notes 7.1), which the engine checks only in debug builds. */
#include <stdlib.h>

#include "cd_internal.h"
#include "retromesh/image.h"

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint16_t rgb555(uint8_t r, uint8_t g, uint8_t b)
{
    return (uint16_t)(0x8000u | (unsigned)(r >> 3) | (unsigned)(g >> 3) << 5 | (unsigned)(b >> 3) << 10);
}

rm_status cd_tga_decode(const uint8_t *data, size_t size, const char *name, uint16_t **texels,
                        uint32_t *width, uint32_t *height, rm_cd_color_mode *mode, rm_diag *diag)
{
    *texels = NULL;
    if (size < 18) {
        rm_diag_add(diag, RM_ERROR, "%s: error: not a TGA file (%zu bytes, the header has 18)", name, size);
        return RM_INVALID;
    }
    unsigned id_len = data[0], map_type = data[1], type = data[2];
    unsigned map_len = le16(data + 5), map_bits = data[7];
    uint32_t w = le16(data + 12), h = le16(data + 14);
    unsigned depth = data[16], desc = data[17];
    if (id_len != 0) {
        rm_diag_add(diag, RM_ERROR, "%s: error: TGA with an image ID (%u bytes): the engine's loader does not skip it",
                    name, id_len);
        return RM_INVALID;
    }
    if (type >= 9 && type <= 11) {
        rm_diag_add(diag, RM_ERROR, "%s: error: run-length encoded TGA (type %u): the engine's loader reads only "
                    "uncompressed files", name, type);
        return RM_INVALID;
    }
    if (depth != 8 && depth != 24 && depth != 32) {
        rm_diag_add(diag, RM_ERROR, "%s: error: TGA of %u bits a pixel: the engine reads 8, 24 or 32", name, depth);
        return RM_INVALID;
    }
    if (depth == 8 && (type != 1 || map_type != 1 || map_len != 256 || map_bits != 24)) {
        rm_diag_add(diag, RM_ERROR,
                    "%s: error: 8-bit TGA must be color-mapped (type 1) with 256 entries of 24 bits (type %u, map of "
                    "%u entries of %u bits): the engine's loader reads 255 entries and skips 3 bytes",
                    name, type, map_len, map_bits);
        return RM_INVALID;
    }
    if (depth != 8 && type != 2) {
        rm_diag_add(diag, RM_ERROR, "%s: error: %u-bit TGA of type %u: the engine reads true-color (type 2)", name,
                    depth, type);
        return RM_INVALID;
    }
    if (w == 0 || w % 8 != 0 || w > RM_VDP1_MAX_WIDTH || h == 0 || h > RM_VDP1_MAX_HEIGHT) {
        rm_diag_add(diag, RM_ERROR,
                    "%s: error: %ux%u: the VDP1 needs a width multiple of 8 from 8 to 504 and a height from 1 to 255",
                    name, (unsigned)w, (unsigned)h);
        return RM_INVALID;
    }
    size_t map_bytes = depth == 8 ? 256u * 3u : (map_type == 1 ? (size_t)map_len * ((map_bits + 7) / 8) : 0);
    size_t bpp = depth / 8;
    size_t need = 18 + map_bytes + (size_t)w * h * bpp;
    if (size < need) {
        rm_diag_add(diag, RM_ERROR, "%s: error: TGA cut short (%zu bytes, %ux%u at %u bits needs %zu)", name, size,
                    (unsigned)w, (unsigned)h, depth, need);
        return RM_INVALID;
    }
    uint16_t *px = malloc((size_t)w * h * sizeof *px);
    if (!px)
        return RM_NOMEM;
    const uint8_t *map = data + 18;
    const uint8_t *pix = data + 18 + map_bytes;
    for (uint32_t y = 0; y < h; y++) {
        uint32_t row = (desc & 0x20) ? y : h - 1 - y;   /* file row y shown at `row` */
        for (uint32_t x = 0; x < w; x++) {
            const uint8_t *p = pix + ((size_t)y * w + x) * bpp;
            uint16_t c;
            if (depth == 8) {
                unsigned code = (p[0] + 1u) & 0xFFu;   /* index + 1 in a byte: 255 -> 0 */
                c = code ? rgb555(map[(code - 1) * 3 + 2], map[(code - 1) * 3 + 1], map[(code - 1) * 3]) : 0;
            } else if (depth == 24) {
                c = rgb555(p[2], p[1], p[0]);
            } else {
                c = (p[3] >> 3) == 0 ? 0 : rgb555(p[2], p[1], p[0]);
            }
            px[(size_t)row * w + x] = c;
        }
    }
    *texels = px;
    *width = w;
    *height = h;
    *mode = depth == 8 ? RM_CD_PAL256 : RM_CD_RGB555;
    return RM_OK;
}
