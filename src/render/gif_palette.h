/* src/render/gif_palette.h - the palette of one GIF frame (internal to the
   GIF writer, gif.c). */
#ifndef RM_RENDER_GIF_PALETTE_H
#define RM_RENDER_GIF_PALETTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/diag.h"

#define GIF_HIST_SIZE 32768u    /* one count per RGB555 color (bit 15 clear) */

typedef struct rm_gif_palette {
    uint16_t colors[256];       /* ascending RGB555 values, bit 15 clear */
    unsigned count;             /* 1..256 */
    bool exact;                 /* the frame's own colors, every one of them */
} rm_gif_palette;

/* The palette of a frame of n RGB555 words (n >= 1): its distinct colors
   when there are 256 or fewer, else 256 from rm_quantize_palette. `hist`
   (GIF_HIST_SIZE counts, all 0) is left holding the frame's counts, for
   rm_gif_palette_map. */
rm_status rm_gif_palette_make(const uint16_t *fb, size_t n, uint32_t *hist, rm_gif_palette *out);

/* Fills lut[c] with the index of p's entry for every color c counted in
   hist: the entry itself for an exact palette, the nearest (quantizer's
   distance) otherwise. false when p is exact but misses a color (for a
   palette of another frame: it cannot be used). */
bool rm_gif_palette_map(const rm_gif_palette *p, const uint32_t *hist, uint8_t *lut);

/* True when every color counted in hist is in p. */
bool rm_gif_palette_holds(const rm_gif_palette *p, const uint32_t *hist);

/* Clears the counts of the n pixels of fb (cheaper than the whole table
   for small frames). */
void rm_gif_hist_clear(const uint16_t *fb, size_t n, uint32_t *hist);

#endif
