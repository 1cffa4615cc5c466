/* src/render/raster_span.h - the walk of a VDP1 quad's lines and pixels,
   compiled once per mode (raster_span.c), and what it shares with the
   setup of clipped and very long lines (raster.c). Internal to the
   renderer; docs/rendering.md "How a quad is drawn".

   A line of m+1 pixels walks its major axis one pixel a step and its minor
   axis by a Bresenham term; a step that moves the minor axis also writes
   the hole-filling pixel (new x, old y). Texel columns and gouraud channels
   are 32.32 fixed point, with steps for which the fixed-point floor is the
   exact floor of the old integer steppers (see raster_span.c). */
#ifndef RM_RENDER_RASTER_SPAN_H
#define RM_RENDER_RASTER_SPAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "raster.h"

/* Mode bits: one specialised loop per combination. */
#define RR_TEX 1u       /* texels from the line's texture row, 0 transparent; else the color */
#define RR_GOUR 2u      /* gouraud channels */
#define RR_HALF 4u      /* half transparency */
#define RR_MESH 8u      /* screen doors: only x + y even */
#define RR_CLIP 16u     /* pixels may be off the frame: each one tested */
#define RR_INSIDE 32u    /* the whole quad on the frame: no test per line */

/* Above this many steps a line takes the old generic walk: up to it the
   32.32 steps are exact (2 m^2 < 2^32 and m (m + 1) < 2^32). A frame's
   corners are within 13 bits, so only raster.h's callers can get there. */
#define RR_FAST_MAX 32767

/* value(j) = a + floor((d * j + off) / den), stepped one j at a time with
   integers only (den > 0). */
typedef struct rr_stepper {
    int v;
    int q, rstep;           /* floor(d / den), d mod den */
    int r, den;
} rr_stepper;

static inline int rr_floor_div(int a, int b) /* b > 0 */
{
    int q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static inline void rr_step_init(rr_stepper *s, int a, int d, int off, int den)
{
    s->den = den;
    s->v = a + rr_floor_div(off, den);
    s->r = off - rr_floor_div(off, den) * den;
    s->q = rr_floor_div(d, den);
    s->rstep = d - s->q * den;
}

static inline void rr_step_next(rr_stepper *s)
{
    s->v += s->q;
    s->r += s->rstep;
    if (s->r >= s->den) {
        s->v++;
        s->r -= s->den;
    }
}

/* From a to b in n steps, rounded to the nearest (halves up): a +
   floor((2 (b - a) j + n) / 2n). n 0: stays at a. */
static inline void rr_step_round(rr_stepper *s, int a, int b, int n)
{
    if (n <= 0)
        rr_step_init(s, a, 0, 0, 1);
    else
        rr_step_init(s, a, 2 * (b - a), n, 2 * n);
}

/* The state of a line's walk at one step: what raster.c hands over for a
   line that crosses the frame's edges (mode RR_CLIP). */
typedef struct rr_walk {
    uint16_t *px;               /* the frame, width * height */
    int width, height;
    int n;                      /* steps walked after the start state */
    bool first;                 /* also write the start pixel (j = 0) */
    int x, y;                   /* start pixel (may be off the frame) */
    ptrdiff_t idx;              /* y * width + x */
    int ax, ay, bx, by;         /* a major step, a minor step, in x and y */
    ptrdiff_t dmaj, dmin;       /* the same as index offsets */
    ptrdiff_t hoff;             /* hole pixel = index after the major step + hoff */
    int hx;                     /* x step of a hole pixel: sign of the line's dx */
    int e, estep, den;          /* minor axis: e += estep, e >= den is a step */
    const uint16_t *texrow;     /* RR_TEX: the line's texture row */
    uint64_t u, du;             /* RR_TEX: column = u >> 32, u += du a step */
    uint16_t color;             /* no RR_TEX */
    int64_t g[3], dg[3];        /* RR_GOUR: channel = g >> 32 (never negative) */
} rr_walk;

/* Mode bits of a quad (no RR_CLIP). */
unsigned rr_quad_mode(const rr_quad *q);
/* The whole quad, with the loops of its mode. */
void rr_walk_quad(const rr_fb *fb, const rr_quad *q);
/* One line of mode 0 (untextured, replace), for rr_draw_line. */
void rr_walk_line(const rr_fb *fb, const rr_quad *q, int px, int py, int qx, int qy);
/* A line that crosses the frame's edges: w with the loop of mode | RR_CLIP. */
void rr_walk_clipped(const rr_walk *w, unsigned mode);

/* raster.c: a line the fast walk does not take (crossing the frame's
   edges, or longer than RR_FAST_MAX), gouraud from gl to gr. */
void rr_span_slow(const rr_fb *fb, const rr_quad *q, unsigned mode, int px, int py, int qx, int qy, int row,
                  const int gl[3], const int gr[3]);

#endif
