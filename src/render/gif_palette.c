/* src/render/gif_palette.c - each GIF frame's palette from its own colors
   (docs/rendering.md "GIF"). A frame of at most 256 distinct RGB555 colors
   keeps every one of them, ascending: the GIF shows exactly what the PNG
   shows. A frame of more gets the project's quantizer (median cut + Lloyd,
   src/formats/image/quantize.c) with 256 colors and each pixel its nearest
   entry. Everything is in integers or in doubles computed in a fixed order,
   so every host writes the same bytes. */
#include "gif_palette.h"

#include <string.h>

#include "formats/image/quantize.h"

rm_status rm_gif_palette_make(const uint16_t *fb, size_t n, uint32_t *hist, rm_gif_palette *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n; i++)
        hist[fb[i] & 0x7FFFu]++;
    unsigned count = 0;
    for (uint32_t c = 0; c < GIF_HIST_SIZE && count <= 256; c++)
        if (hist[c]) {
            if (count < 256)
                out->colors[count] = (uint16_t)c;
            count++;
        }
    if (count <= 256) {
        out->count = count;
        out->exact = true;
        return RM_OK;
    }
    return rm_quantize_palette(hist, 256, out->colors, &out->count);
}

/* The index of rgb in the ascending colors of p, -1 when absent. */
static int find(const rm_gif_palette *p, uint16_t rgb)
{
    unsigned lo = 0, hi = p->count;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (p->colors[mid] == rgb)
            return (int)mid;
        if (p->colors[mid] < rgb)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

bool rm_gif_palette_holds(const rm_gif_palette *p, const uint32_t *hist)
{
    for (uint32_t c = 0; c < GIF_HIST_SIZE; c++)
        if (hist[c] && find(p, (uint16_t)c) < 0)
            return false;
    return true;
}

bool rm_gif_palette_map(const rm_gif_palette *p, const uint32_t *hist, uint8_t *lut)
{
    if (!p->exact) {
        rm_quantize_map(p->colors, p->count, hist, lut);
        return true;
    }
    for (uint32_t c = 0; c < GIF_HIST_SIZE; c++) {
        if (!hist[c])
            continue;
        int at = find(p, (uint16_t)c);
        if (at < 0)
            return false;
        lut[c] = (uint8_t)at;
    }
    return true;
}

void rm_gif_hist_clear(const uint16_t *fb, size_t n, uint32_t *hist)
{
    for (size_t i = 0; i < n; i++)
        hist[fb[i] & 0x7FFFu] = 0;
}
