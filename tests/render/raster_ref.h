/* tests/render/raster_ref.h - the old generic VDP1 walker, the oracle of
   test_raster_modes.c (raster_ref.c). */
#ifndef RM_TESTS_RENDER_RASTER_REF_H
#define RM_TESTS_RENDER_RASTER_REF_H

#include "render/raster.h"

void ref_draw_quad(rr_fb *fb, const rr_quad *q);
void ref_draw_line(rr_fb *fb, int x0, int y0, int x1, int y1, uint16_t color);

#endif
