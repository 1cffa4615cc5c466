/* src/formats/jom/texture_image.c - a TIMG texture as an RGBA picture, to
   show users what the Saturn will get (`retromesh info --extract-textures`).
   The pixel bytes were checked by the reader (or validator): the sizes are
   trusted here only after the same checks are made again, so the function
   is safe on any model. */
#include "retromesh/image.h"
#include "retromesh/jom.h"

rm_status rm_jom_texture_to_image(const rm_jom_texture *t, rm_image *out)
{
    rm_image_init(out);
    uint64_t n = (uint64_t)t->width * t->height;
    if (n == 0 || !t->pixels)
        return RM_INVALID;
    /* format 0: n big-endian RGB555 words; format 1: 16 words of LUT, then
       two pixels a byte, the left one in the high nibble. */
    if (t->format == 0 ? (uint64_t)t->pixel_size < 2 * n
                       : (t->format != 1 || (uint64_t)t->pixel_size < 32 + (n + 1) / 2))
        return RM_INVALID;
    rm_status st = rm_image_alloc(out, t->width, t->height);
    if (st != RM_OK)
        return st;
    const uint8_t *p = t->pixels;
    for (uint64_t i = 0; i < n; i++) {
        uint16_t c;
        if (t->format == 0) {
            c = (uint16_t)(p[2 * i] << 8 | p[2 * i + 1]);
        } else {
            uint8_t byte = p[32 + i / 2];
            unsigned index = (i % 2 == 0) ? byte >> 4 : byte & 15u;
            c = (uint16_t)(p[2 * index] << 8 | p[2 * index + 1]);
            if (index == 0)
                c = 0;   /* LUT color 0 is transparent */
        }
        rm_rgba_from_rgb555(c, out->rgba + 4 * i);
    }
    return RM_OK;
}
