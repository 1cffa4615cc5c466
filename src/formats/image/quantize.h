/* src/formats/image/quantize.h - the quantizer of quantize.c for palettes
   of up to 256 colors (internal: the GIF writer's, src/render/gif.c). The
   same algorithm as rm_quantize_lut (median cut + Lloyd, weighted 5-bit
   distances, ties to the lowest), on a histogram of RGB555 colors. */
#ifndef RM_QUANTIZE_H
#define RM_QUANTIZE_H

#include <stdint.h>

#include "retromesh/diag.h"

#define RM_QUANTIZE_MAX_COLORS 256u

/* A palette of at most `colors` (1..256) colors for `hist`, 32768 counts
   indexed by r | g << 5 | b << 10: exactly the colors counted when there
   are `colors` or fewer, else median cut + Lloyd. palette[0..*count) is
   ascending, without duplicates, bit 15 clear; *count is 0 for an empty
   histogram. */
rm_status rm_quantize_palette(const uint32_t *hist, unsigned colors, uint16_t *palette, unsigned *count);
/* lut[c] = the index of the entry of palette[0..n) (1 <= n <= 256, bit 15
   clear) nearest to c by the quantizer's weighted distance, ties to the
   lowest index, for every color c counted in hist (the other entries of
   lut are left as they are). */
void rm_quantize_map(const uint16_t *palette, unsigned n, const uint32_t *hist, uint8_t *lut);

#endif
