/* src/render/raster.c - the VDP1 rasterizer (see raster.h, saturn-notes 6.4
   and 6.5, docs/rendering.md "How a quad is drawn"): the entry points, and
   the setup of the lines the mode-specialised walk of raster_span.c does
   not take on its own (those crossing the frame's edges: only their part
   on the frame is walked; those longer than RR_FAST_MAX). */
#include "raster.h"

#include "raster_span.h"

#include <stdlib.h>

static inline int iabs(int v) { return v < 0 ? -v : v; }
static inline int imax(int a, int b) { return a > b ? a : b; }

static inline unsigned clamp31(int v) { return v < 0 ? 0u : v > 31 ? 31u : (unsigned)v; }

/* value(j) = a + floor((d * j + off) / den) in closed form, to start a
   rr_stepper in the middle of a line. */
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
   (0 <= r < den), as rr_step_next() keeps them. */
static void lin_stepper(rr_stepper *s, const linear *l, int j)
{
    long long num = (long long)l->d * j + l->off;
    long long q = num / l->den;
    if (num % l->den != 0 && num < 0)
        q--;
    s->den = l->den;
    s->v = l->a + (int)q;
    s->r = (int)(num - q * l->den);
    s->q = rr_floor_div(l->d, l->den);
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

/* The old generic walk of one line, every stepper and mode test at every
   pixel: kept for lines longer than RR_FAST_MAX (only reachable through this
   internal API; a frame's corners are within 13 bits), where the fixed-point
   steps of the fast walk would not be exact. */
static void plot(const rr_fb *fb, const rr_quad *q, int x, int y, uint16_t f, int gr, int gg, int gb)
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
    *p = (uint16_t)(f | 0x8000u);
}

static void span_generic(const rr_fb *fb, const rr_quad *q, const linear *lx, const linear *ly, int m, int j0,
                         int j1, int row, const int gl[3], const int grt[3])
{
    linear lu, lg[3];
    lu = q->tex ? (linear){0, q->tw, 0, m + 1} : (linear){0, 0, 0, 1};
    for (int c = 0; c < 3; c++)
        lin_round(&lg[c], gl[c], grt[c], m);
    rr_stepper sx, sy, su, sg[3];
    lin_stepper(&sx, lx, j0);
    lin_stepper(&sy, ly, j0);
    lin_stepper(&su, &lu, j0);
    for (int c = 0; c < 3; c++)
        lin_stepper(&sg[c], &lg[c], j0);
    const uint16_t *texrow = q->tex ? q->tex + (size_t)row * (size_t)q->tw : NULL;
    int lxv = j0 > 0 ? lin_at(lx, j0 - 1) : sx.v, lyv = j0 > 0 ? lin_at(ly, j0 - 1) : sy.v;
    for (int j = j0; j <= j1; j++) {
        uint16_t f = q->color;
        bool skip = false;
        if (texrow) {
            int u = q->flip_h ? q->tw - 1 - su.v : su.v;
            f = texrow[u];
            skip = f == 0;
        }
        if (!skip) {
            if (j > 0 && sx.v != lxv && sy.v != lyv)
                plot(fb, q, sx.v, lyv, f, sg[0].v, sg[1].v, sg[2].v);
            plot(fb, q, sx.v, sy.v, f, sg[0].v, sg[1].v, sg[2].v);
        }
        lxv = sx.v;
        lyv = sy.v;
        rr_step_next(&sx);
        rr_step_next(&sy);
        rr_step_next(&su);
        for (int c = 0; c < 3; c++)
            rr_step_next(&sg[c]);
    }
}

static int64_t ceil_div64(int64_t a, int64_t b) /* b > 0 */
{
    int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

/* A line that crosses the frame's edges or is longer than RR_FAST_MAX (see
   raster_span.h). Only the part of the line on the frame (and one pixel
   around it, for hole filling) is walked: the picture is the same as
   walking it all, and a huge polygon costs what it shows. */
void rr_span_slow(const rr_fb *fb, const rr_quad *q, unsigned mode, int px, int py, int qx, int qy, int row,
                  const int gl[3], const int grt[3])
{
    const int dx = qx - px, dy = qy - py;
    const int m = imax(iabs(dx), iabs(dy));
    linear lx, ly;
    lin_round(&lx, px, qx, m);
    lin_round(&ly, py, qy, m);
    int ax0, ax1, ay0, ay1;
    if (!lin_range(&lx, m, -1, fb->width, &ax0, &ax1) || !lin_range(&ly, m, -1, fb->height, &ay0, &ay1))
        return;
    int j0 = imax(ax0, ay0), j1 = ax1 < ay1 ? ax1 : ay1;
    if (j0 > j1)
        return;
    j0 = j0 > 0 ? j0 - 1 : 0;
    j1 = j1 < m ? j1 + 1 : m;
    if (m > RR_FAST_MAX) {
        span_generic(fb, q, &lx, &ly, m, j0, j1, row, gl, grt);
        return;
    }
    rr_walk w;
    w.px = fb->px;
    w.width = fb->width;
    w.height = fb->height;
    const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    int amaj, smaj, amin, dmin;     /* start and sign of the major axis, start and delta of the minor */
    const bool xmajor = iabs(dx) >= iabs(dy);
    if (xmajor) {
        w.ax = sx, w.ay = 0, w.bx = 0, w.by = sy;
        w.dmaj = sx;
        w.dmin = (ptrdiff_t)sy * fb->width;
        amaj = px, smaj = sx, amin = py, dmin = dy;
    } else {
        w.ax = 0, w.ay = sy, w.bx = sx, w.by = 0;
        w.dmaj = (ptrdiff_t)sy * fb->width;
        w.dmin = sx;
        amaj = py, smaj = sy, amin = px, dmin = dx;
    }
    w.hx = sx;
    w.hoff = sx - w.dmaj;
    w.den = 2 * m;
    w.estep = 2 * iabs(dmin);
    /* The walk starts from step jb: j0 when j0 is 0 (its pixel written
       first), else j0 - 1 (not written, but its position decides the hole
       pixel of j0). The minor axis there: a + floor(num / 2m) and e from
       the remainder. */
    const int jb = j0 > 0 ? j0 - 1 : 0;
    w.first = j0 == 0;
    w.n = j1 - jb;
    int vmaj = amaj, vmin = amin;
    w.e = m - (dmin < 0);
    if (jb > 0) {   /* then m > 0 */
        long long num = 2LL * dmin * jb + m, den = 2LL * m;
        long long fl = num / den;
        if (num % den != 0 && num < 0)
            fl--;
        const int r = (int)(num - fl * den);
        vmaj = amaj + smaj * jb;
        vmin = amin + (int)fl;
        w.e = dmin < 0 ? 2 * m - 1 - r : r;
    }
    w.x = xmajor ? vmaj : vmin;
    w.y = xmajor ? vmin : vmaj;
    w.idx = (ptrdiff_t)w.y * fb->width + w.x;
    w.texrow = NULL;
    w.u = w.du = 0;
    w.color = q->color;
    if (mode & RR_TEX) {
        w.texrow = q->tex + (size_t)row * (size_t)q->tw;
        const uint64_t span = (uint64_t)q->tw << 32, s = (span + (uint64_t)m) / ((uint64_t)m + 1);
        const uint64_t at = s * (uint64_t)jb;
        w.u = q->flip_h ? span - 1 - at : at;
        w.du = q->flip_h ? 0 - s : s;
    }
    for (int c = 0; c < 3; c++) {
        w.g[c] = w.dg[c] = 0;
        if (mode & RR_GOUR) {
            const int64_t one = INT64_C(1) << 32;
            int64_t s = m > 0 ? ceil_div64((int64_t)(grt[c] - gl[c]) * one, m) : 0;
            w.g[c] = (int64_t)gl[c] * one + one / 2 + s * jb;
            w.dg[c] = s;
        }
    }
    rr_walk_clipped(&w, mode);
}

void rr_draw_quad(rr_fb *fb, const rr_quad *q)
{
    rr_walk_quad(fb, q);
}

void rr_draw_line(rr_fb *fb, int x0, int y0, int x1, int y1, uint16_t color)
{
    rr_quad q = {0};
    q.color = color;
    rr_walk_line(fb, &q, x0, y0, x1, y1);
}
