/* src/render/raster.h - the VDP1's way of drawing a quad (saturn-notes 6.5):
   two edges walked together (A->D on the left, B->C on the right), one
   straight line between them per step, holes filled, nearest texel, integer
   steppers everywhere. Internal to the renderer. */
#ifndef RM_RENDER_RASTER_H
#define RM_RENDER_RASTER_H

#include <stdbool.h>
#include <stdint.h>

typedef struct rr_fb {
    uint16_t *px;           /* width * height RGB555 words */
    int width, height;
} rr_fb;

/* One distorted sprite / polygon command. */
typedef struct rr_quad {
    int x[4], y[4];             /* A B C D, screen pixels */
    const uint16_t *tex;        /* NULL: untextured, `color` */
    int tw, th;
    bool flip_h, flip_v;
    uint16_t color;
    bool gouraud;
    uint8_t g[4][3];            /* r g b 0..31 at A B C D (16: unchanged) */
    bool half;                  /* half transparency */
    bool mesh;                  /* screen doors */
} rr_quad;

void rr_draw_quad(rr_fb *fb, const rr_quad *q);
/* A one-pixel line of `color` (replace), for --wire. */
void rr_draw_line(rr_fb *fb, int x0, int y0, int x1, int y1, uint16_t color);

#endif
