/* tests/render/raster_ref.c - the oracle of test_raster_modes.c: the VDP1
   quad walker as it was before the span loop was specialised by mode
   (src/render/raster.c at commit eacbfe9), every stepper and every mode test
   at every pixel. Copied unchanged but for the names (ref_draw_quad,
   ref_draw_line); do not "fix" it: the new code must match it pixel for
   pixel. */
#include "raster_ref.h"

#include <stdlib.h>

/* value(j) = a + floor((d * j + off) / den), stepped one j at a time with
   integers only (den > 0). */
typedef struct stepper {
    int v;
    int q, rstep;           /* floor(d / den), d mod den */
    int r, den;
} stepper;

static int floor_div(int a, int b) /* b > 0 */
{
    int q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static void step_init(stepper *s, int a, int d, int off, int den)
{
    s->den = den;
    s->v = a + floor_div(off, den);
    s->r = off - floor_div(off, den) * den;
    s->q = floor_div(d, den);
    s->rstep = d - s->q * den;
}

static inline void step_next(stepper *s)
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
static void step_round(stepper *s, int a, int b, int n)
{
    if (n <= 0)
        step_init(s, a, 0, 0, 1);
    else
        step_init(s, a, 2 * (b - a), n, 2 * n);
}

static inline int iabs(int v) { return v < 0 ? -v : v; }
static inline int imax(int a, int b) { return a > b ? a : b; }

static inline unsigned clamp31(int v) { return v < 0 ? 0u : v > 31 ? 31u : (unsigned)v; }

/* Color calculation for one pixel (saturn-notes 6.4): gouraud, then
   half transparency against what is there, then the mesh test. */
static inline void plot(rr_fb *fb, const rr_quad *q, int x, int y, uint16_t f, int gr, int gg, int gb)
{
    if ((unsigned)x >= (unsigned)fb->width || (unsigned)y >= (unsigned)fb->height)
        return;
    if (q->mesh && ((x ^ y) & 1))
        return;
    if (q->gouraud) {
        unsigned r = clamp31((int)(f & 31u) + gr - 16);
        unsigned g = clamp31((int)((f >> 5) & 31u) + gg - 16);
        unsigned b = clamp31((int)((f >> 10) & 31u) + gb - 16);
        f = (uint16_t)((f & 0x8000u) | (b << 10) | (g << 5) | r);
    }
    uint16_t *p = &fb->px[(size_t)y * (size_t)fb->width + (size_t)x];
    if (q->half && (*p & 0x8000u)) {
        unsigned b0 = *p;
        unsigned r = ((f & 31u) + (b0 & 31u)) >> 1;
        unsigned g = (((f >> 5) & 31u) + ((b0 >> 5) & 31u)) >> 1;
        unsigned b = (((f >> 10) & 31u) + ((b0 >> 10) & 31u)) >> 1;
        f = (uint16_t)((f & b0 & 0x8000u) | (b << 10) | (g << 5) | r);
    }
    /* Every written pixel is shown: the preview has no VDP2 priorities. */
    *p = (uint16_t)(f | 0x8000u);
}

/* value(j) = a + floor((d * j + off) / den) in closed form, to start a
   stepper in the middle of a line. */
typedef struct linear {
    int a, d, off, den;
} linear;

static int lin_at(const linear *l, int j)
{
    long long num = (long long)l->d * j + l->off;
    long long q = num / l->den;
    if (num % l->den != 0 && num < 0)
        q--;
    return l->a + (int)q;
}

static void lin_round(linear *l, int a, int b, int n)
{
    if (n <= 0)
        *l = (linear){a, 0, 0, 1};
    else
        *l = (linear){a, 2 * (b - a), n, 2 * n};
}

/* A stepper at step j of l: the value and the remainder of the numerator
   (0 <= r < den), as step_next() keeps them. */
static void lin_stepper(stepper *s, const linear *l, int j)
{
    long long num = (long long)l->d * j + l->off;
    long long q = num / l->den;
    if (num % l->den != 0 && num < 0)
        q--;
    s->den = l->den;
    s->v = l->a + (int)q;
    s->r = (int)(num - q * l->den);
    s->q = floor_div(l->d, l->den);
    s->rstep = l->d - s->q * l->den;
}

/* The j of [0, m] where lo <= f(j) <= hi, f monotone: [*j0, *j1], false
   when none. */
static bool lin_range(const linear *l, int m, int lo, int hi, int *j0, int *j1)
{
    bool up = l->d >= 0;
    /* first j with f(j) >= lo (up) or f(j) <= hi (down) */
    int a = 0, b = m + 1;
    while (a < b) {
        int mid = a + (b - a) / 2;
        int v = lin_at(l, mid);
        if (up ? v >= lo : v <= hi)
            b = mid;
        else
            a = mid + 1;
    }
    int first = a;
    /* first j with f(j) > hi (up) or f(j) < lo (down) */
    a = first;
    b = m + 1;
    while (a < b) {
        int mid = a + (b - a) / 2;
        int v = lin_at(l, mid);
        if (up ? v > hi : v < lo)
            b = mid;
        else
            a = mid + 1;
    }
    *j0 = first;
    *j1 = a - 1;
    return *j0 <= *j1;
}

/* One line of the walk from (px,py) to (qx,qy), texture row `row`,
   gouraud from gl to gr. Only the part of the line on the screen (and one
   pixel around it, for hole filling) is walked: the picture is the same as
   walking it all, and a huge polygon costs what it shows. */
static void draw_span(rr_fb *fb, const rr_quad *q, int px, int py, int qx, int qy, int row,
                      const int gl[3], const int grt[3])
{
    /* Both ends off the same side: nothing to plot (the cheap common case). */
    if ((px < -1 && qx < -1) || (py < -1 && qy < -1) || (px > fb->width && qx > fb->width) ||
        (py > fb->height && qy > fb->height))
        return;
    int m = imax(iabs(qx - px), iabs(qy - py));
    linear lx, ly, lu, lg[3];
    lin_round(&lx, px, qx, m);
    lin_round(&ly, py, qy, m);
    int j0 = 0, j1 = m;
    bool inside = (unsigned)px < (unsigned)fb->width && (unsigned)qx < (unsigned)fb->width &&
                  (unsigned)py < (unsigned)fb->height && (unsigned)qy < (unsigned)fb->height;
    if (!inside) {
        int ax0, ax1, ay0, ay1;
        if (!lin_range(&lx, m, -1, fb->width, &ax0, &ax1) || !lin_range(&ly, m, -1, fb->height, &ay0, &ay1))
            return;
        j0 = imax(ax0, ay0);
        j1 = ax1 < ay1 ? ax1 : ay1;
        if (j0 > j1)
            return;
        j0 = j0 > 0 ? j0 - 1 : 0;
        j1 = j1 < m ? j1 + 1 : m;
    }
    lu = q->tex ? (linear){0, q->tw, 0, m + 1} : (linear){0, 0, 0, 1};
    for (int c = 0; c < 3; c++)
        lin_round(&lg[c], gl[c], grt[c], m);
    stepper sx, sy, su, sg[3];
    lin_stepper(&sx, &lx, j0);
    lin_stepper(&sy, &ly, j0);
    lin_stepper(&su, &lu, j0);
    for (int c = 0; c < 3; c++)
        lin_stepper(&sg[c], &lg[c], j0);
    const uint16_t *texrow = q->tex ? q->tex + (size_t)row * (size_t)q->tw : NULL;
    int lxv = j0 > 0 ? lin_at(&lx, j0 - 1) : sx.v, lyv = j0 > 0 ? lin_at(&ly, j0 - 1) : sy.v;
    for (int j = j0; j <= j1; j++) {
        uint16_t f = q->color;
        bool skip = false;
        if (texrow) {
            int u = q->flip_h ? q->tw - 1 - su.v : su.v;
            f = texrow[u];
            skip = f == 0;          /* texel 0: transparent (SPD off) */
        }
        if (!skip) {
            /* Hole filling: a diagonal step also plots the 4-connected
               pixel between (new x, old y), with the same color. */
            if (j > 0 && sx.v != lxv && sy.v != lyv)
                plot(fb, q, sx.v, lyv, f, sg[0].v, sg[1].v, sg[2].v);
            plot(fb, q, sx.v, sy.v, f, sg[0].v, sg[1].v, sg[2].v);
        }
        lxv = sx.v;
        lyv = sy.v;
        step_next(&sx);
        step_next(&sy);
        step_next(&su);
        for (int c = 0; c < 3; c++)
            step_next(&sg[c]);
    }
}

void ref_draw_quad(rr_fb *fb, const rr_quad *q)
{
    const int ax = q->x[0], ay = q->y[0], bx = q->x[1], by = q->y[1];
    const int cx = q->x[2], cy = q->y[2], dx = q->x[3], dy = q->y[3];
    int n = imax(imax(iabs(dx - ax), iabs(dy - ay)), imax(iabs(cx - bx), iabs(cy - by)));
    stepper lx, ly, rx, ry, sv, gl[3], gr[3];
    step_round(&lx, ax, dx, n);
    step_round(&ly, ay, dy, n);
    step_round(&rx, bx, cx, n);
    step_round(&ry, by, cy, n);
    if (q->tex)
        step_init(&sv, 0, q->th, 0, n + 1);
    else
        step_init(&sv, 0, 0, 0, 1);
    for (int c = 0; c < 3; c++) {
        int ga = q->gouraud ? q->g[0][c] : 16, gb = q->gouraud ? q->g[1][c] : 16;
        int gc = q->gouraud ? q->g[2][c] : 16, gd = q->gouraud ? q->g[3][c] : 16;
        step_round(&gl[c], ga, gd, n);
        step_round(&gr[c], gb, gc, n);
    }
    for (int i = 0; i <= n; i++) {
        int row = q->tex ? (q->flip_v ? q->th - 1 - sv.v : sv.v) : 0;
        int l[3] = {gl[0].v, gl[1].v, gl[2].v}, r[3] = {gr[0].v, gr[1].v, gr[2].v};
        draw_span(fb, q, lx.v, ly.v, rx.v, ry.v, row, l, r);
        step_next(&lx);
        step_next(&ly);
        step_next(&rx);
        step_next(&ry);
        step_next(&sv);
        for (int c = 0; c < 3; c++) {
            step_next(&gl[c]);
            step_next(&gr[c]);
        }
    }
}

void ref_draw_line(rr_fb *fb, int x0, int y0, int x1, int y1, uint16_t color)
{
    rr_quad q = {0};
    q.color = color;
    const int g[3] = {16, 16, 16};
    draw_span(fb, &q, x0, y0, x1, y1, 0, g, g);
}
