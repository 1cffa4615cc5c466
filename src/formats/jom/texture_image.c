/* src/formats/jom/texture_image.c - a TIMG texture as the RGB555 words the
   VDP1 reads (the renderer, the runtime's CD) or as an RGBA picture, to show
   users what the Saturn will get (`retromesh info --extract-textures`).
   The pixel bytes were checked by the reader (or validator): the sizes are
   trusted here only after the same checks are made again, so the functions
   are safe on any model. */
#include <stdlib.h>

#include "retromesh/image.h"
#include "retromesh/jom.h"

/* Whether the pixel bytes hold a width x height texture of its format:
   format 0: n big-endian RGB555 words; format 1: 16 words of LUT, then two
   pixels a byte, the left one in the high nibble. */
static bool texture_fits(const rm_jom_texture *t)
{
    uint64_t n = (uint64_t)t->width * t->height;
    if (n == 0 || !t->pixels)
        return false;
    return t->format == 0 ? (uint64_t)t->pixel_size >= 2 * n
                          : t->format == 1 && (uint64_t)t->pixel_size >= 32 + (n + 1) / 2;
}

/* Texel i of a texture that fits; LUT color 0 is transparent (0). */
static uint16_t texel(const rm_jom_texture *t, uint64_t i)
{
    const uint8_t *p = t->pixels;
    if (t->format == 0)
        return (uint16_t)(p[2 * i] << 8 | p[2 * i + 1]);
    uint8_t byte = p[32 + i / 2];
    unsigned index = (i % 2 == 0) ? byte >> 4 : byte & 15u;
    return (uint16_t)(index ? p[2 * index] << 8 | p[2 * index + 1] : 0);
}

rm_status rm_jom_texture_to_rgb555(const rm_jom_texture *t, uint16_t **texels)
{
    *texels = NULL;
    if (!texture_fits(t))
        return RM_INVALID;
    size_t n = (size_t)t->width * t->height;
    uint16_t *px = malloc(n * sizeof *px);
    if (!px)
        return RM_NOMEM;
    for (size_t i = 0; i < n; i++)
        px[i] = texel(t, i);
    *texels = px;
    return RM_OK;
}

rm_status rm_jom_texture_to_image(const rm_jom_texture *t, rm_image *out)
{
    rm_image_init(out);
    if (!texture_fits(t))
        return RM_INVALID;
    rm_status st = rm_image_alloc(out, t->width, t->height);
    if (st != RM_OK)
        return st;
    uint64_t n = (uint64_t)t->width * t->height;
    for (uint64_t i = 0; i < n; i++)
        rm_rgba_from_rgb555(texel(t, i), out->rgba + 4 * i);
    return RM_OK;
}
