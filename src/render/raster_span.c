/* src/render/raster_span.c - the walk of a VDP1 quad (see raster_span.h):
   its edges, its lines, their pixels, as one body compiled once per mode,
   so that no mode test and no unused stepper is left in the loops; a line
   crossing the frame's edges is set up by raster.c and walked here with
   the frame test (RR_CLIP).

   The walk of a line from (px,py) to (qx,qy) is value(j) = a +
   floor((2 (b - a) j + m) / 2m) for x and y, j from 0 to m = the longer
   axis's length: that axis moves one pixel every step, the other is a
   Bresenham term e (for a negative delta e counts down from the other
   side, 2m - 1 - remainder, so both directions step when e reaches 2m). A
   hole pixel goes with every move of the minor axis, at (new x, old y):
   the old walk's "x and y both changed".

   Fixed point, exact: a texel column floor(j w / (m + 1)) is the floor of
   j s / 2^32 with s = ceil(w 2^32 / (m + 1)): the excess j (s - w 2^32 /
   (m+1)) / 2^32 < j / 2^32 stays under 1 / (m + 1), the smallest distance
   of j w / (m + 1) to the next integer, while j (m + 1) < 2^32. flip_h's
   w - 1 - column is the floor of (w 2^32 - 1 - j s) / 2^32 exactly (the low
   32 bits are complemented). A gouraud channel a + floor(j d / m + 1/2)
   likewise with s = ceil(d 2^32 / m), while 2 m^2 < 2^32; it is never
   negative, so the shift is a floor. tests/render/test_raster_modes.c
   compares every mode with the old walk. */
#include "raster_span.h"

/* The bodies must be inlined into each mode's function for the mode tests
   to fold away (at -O2 GCC does not clone functions by constant
   arguments). */
#if defined(__GNUC__)
#define WALK_INLINE static inline __attribute__((always_inline))
#else
#define WALK_INLINE static inline
#endif

static inline int iabs(int v) { return v < 0 ? -v : v; }

static inline unsigned clamp31(int v) { return v < 0 ? 0u : v > 31 ? 31u : (unsigned)v; }

static int64_t ceil_div64(int64_t a, int64_t b) /* b > 0 */
{
    int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

/* Gouraud (saturn-notes 6.4): each channel c + g - 16, clamped. */
WALK_INLINE uint16_t shade(uint16_t f, int gr, int gg, int gb)
{
    unsigned r = clamp31((int)(f & 31u) + gr - 16);
    unsigned g = clamp31((int)((f >> 5) & 31u) + gg - 16);
    unsigned b = clamp31((int)((f >> 10) & 31u) + gb - 16);
    return (uint16_t)((f & 0x8000u) | (b << 10) | (g << 5) | r);
}

/* One pixel: the frame test, the mesh test, half transparency against
   what is there, then the write with bit 15 (the preview has no VDP2
   priorities: every written pixel is shown). */
WALK_INLINE void put(uint16_t *px, ptrdiff_t i, int x, int y, int width, int height, uint16_t f, unsigned mode)
{
    if ((mode & RR_CLIP) && ((unsigned)x >= (unsigned)width || (unsigned)y >= (unsigned)height))
        return;
    if ((mode & RR_MESH) && ((x ^ y) & 1))
        return;
    uint16_t *p = &px[i];
    if ((mode & RR_HALF) && (*p & 0x8000u)) {
        unsigned b0 = *p;
        unsigned r = ((f & 31u) + (b0 & 31u)) >> 1;
        unsigned g = (((f >> 5) & 31u) + ((b0 >> 5) & 31u)) >> 1;
        unsigned b = (((f >> 10) & 31u) + ((b0 >> 10) & 31u)) >> 1;
        f = (uint16_t)((f & b0 & 0x8000u) | (b << 10) | (g << 5) | r);
    }
    *p = (uint16_t)(f | 0x8000u);
}

/* The pixels of one line from the state w. */
WALK_INLINE void pixels(const rr_walk *w, unsigned mode)
{
    /* x and y are only needed for the frame and mesh tests. */
    const bool coords = (mode & (RR_CLIP | RR_MESH)) != 0;
    uint16_t *const px = w->px;
    const int width = w->width, height = w->height;
    const int ax = w->ax, ay = w->ay, bx = w->bx, by = w->by, hx = w->hx;
    const ptrdiff_t dmaj = w->dmaj, dmin = w->dmin, hoff = w->hoff;
    const int estep = w->estep, den = w->den;
    const uint16_t *const texrow = w->texrow;
    const uint64_t du = w->du;
    const int64_t dg0 = w->dg[0], dg1 = w->dg[1], dg2 = w->dg[2];
    int x = w->x, y = w->y, e = w->e;
    ptrdiff_t i = w->idx;
    uint64_t u = w->u;
    int64_t g0 = w->g[0], g1 = w->g[1], g2 = w->g[2];
    const uint16_t color = w->color;
    uint16_t f = color;

    if (w->first) {
        if (mode & RR_TEX)
            f = texrow[u >> 32];
        if (!(mode & RR_TEX) || f != 0) {   /* texel 0: transparent (SPD off) */
            if (mode & RR_GOUR)
                f = shade(f, (int)(g0 >> 32), (int)(g1 >> 32), (int)(g2 >> 32));
            put(px, i, x, y, width, height, f, mode);
        }
    }
    for (int k = w->n; k > 0; k--) {
        /* The hole pixel (new x, old y), written when the minor axis moves. */
        const int holex = x + hx, holey = y;
        i += dmaj;
        if (coords) {
            x += ax;
            y += ay;
        }
        e += estep;
        const bool moved = e >= den;
        ptrdiff_t hole = 0;
        if (moved) {
            hole = i + hoff;
            e -= den;
            i += dmin;
            if (coords) {
                x += bx;
                y += by;
            }
        }
        if (mode & RR_GOUR) {
            g0 += dg0;
            g1 += dg1;
            g2 += dg2;
        }
        if (mode & RR_TEX) {
            u += du;
            f = texrow[u >> 32];
            if (f == 0)
                continue;
        }
        if (mode & RR_GOUR)
            f = shade(mode & RR_TEX ? f : color, (int)(g0 >> 32), (int)(g1 >> 32), (int)(g2 >> 32));
        if (moved)
            put(px, hole, holex, holey, width, height, f, mode);
        put(px, i, x, y, width, height, f, mode);
    }
}


/* A line wholly on the frame, m <= RR_FAST_MAX: its walk from j = 0. */
WALK_INLINE void line_inside(const rr_fb *fb, const rr_quad *q, unsigned mode, int px, int py, int qx, int qy,
                             const uint16_t *texrow, const int gl[3], const int gr[3])
{
    const int dx = qx - px, dy = qy - py, adx = iabs(dx), ady = iabs(dy);
    const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    rr_walk w;
    w.px = fb->px;
    w.width = fb->width;
    w.height = fb->height;
    int m, dminor;
    if (adx >= ady) {
        m = adx;
        w.ax = sx, w.ay = 0, w.bx = 0, w.by = sy;
        w.dmaj = sx;
        w.dmin = (ptrdiff_t)sy * fb->width;
        dminor = dy;
        w.estep = 2 * ady;
    } else {
        m = ady;
        w.ax = 0, w.ay = sy, w.bx = sx, w.by = 0;
        w.dmaj = (ptrdiff_t)sy * fb->width;
        w.dmin = sx;
        dminor = dx;
        w.estep = 2 * adx;
    }
    w.hx = sx;
    w.hoff = sx - w.dmaj;
    w.den = 2 * m;
    w.e = m - (dminor < 0);
    w.n = m;
    w.first = true;
    w.x = px;
    w.y = py;
    w.idx = (ptrdiff_t)py * fb->width + px;
    w.color = q->color;
    w.texrow = texrow;
    w.u = w.du = 0;
    if (mode & RR_TEX) {
        const uint64_t span = (uint64_t)q->tw << 32, s = (span + (uint64_t)m) / ((uint64_t)m + 1);
        w.u = q->flip_h ? span - 1 : 0;
        w.du = q->flip_h ? 0 - s : s;
    }
    for (int c = 0; c < 3; c++) {
        w.g[c] = w.dg[c] = 0;
        if (mode & RR_GOUR) {
            const int64_t one = INT64_C(1) << 32;
            w.g[c] = (int64_t)gl[c] * one + one / 2;
            w.dg[c] = m > 0 ? ceil_div64((int64_t)(gr[c] - gl[c]) * one, m) : 0;
        }
    }
    pixels(&w, mode);
}

/* One line: the cheap tests (none when the whole quad is on the frame,
   RR_INSIDE), then the fast walk or raster.c's setup. */
WALK_INLINE void line(const rr_fb *fb, const rr_quad *q, unsigned mode, int px, int py, int qx, int qy, int row,
                      const int gl[3], const int gr[3])
{
    if (mode & RR_INSIDE) {
        const uint16_t *texrow = (mode & RR_TEX) ? q->tex + (size_t)row * (size_t)q->tw : NULL;
        line_inside(fb, q, mode & ~RR_INSIDE, px, py, qx, qy, texrow, gl, gr);
        return;
    }
    const int width = fb->width, height = fb->height;
    /* Both ends off the same side: nothing to plot (the cheap common case). */
    if ((px < -1 && qx < -1) || (py < -1 && qy < -1) || (px > width && qx > width) || (py > height && qy > height))
        return;
    const bool inside = (unsigned)px < (unsigned)width && (unsigned)qx < (unsigned)width &&
                        (unsigned)py < (unsigned)height && (unsigned)qy < (unsigned)height;
    if (inside && iabs(qx - px) <= RR_FAST_MAX && iabs(qy - py) <= RR_FAST_MAX) {
        const uint16_t *texrow = (mode & RR_TEX) ? q->tex + (size_t)row * (size_t)q->tw : NULL;
        line_inside(fb, q, mode, px, py, qx, qy, texrow, gl, gr);
    } else {
        rr_span_slow(fb, q, mode, px, py, qx, qy, row, gl, gr);
    }
}

/* The quad: N+1 lines, the left end walking A to D, the right end B to C,
   texture row floor(i h / (N + 1)) (saturn-notes 6.5). */
WALK_INLINE void quad(const rr_fb *fb, const rr_quad *q, unsigned mode)
{
    const int ax = q->x[0], ay = q->y[0], bx = q->x[1], by = q->y[1];
    const int cx = q->x[2], cy = q->y[2], dx = q->x[3], dy = q->y[3];
    const int n0 = iabs(dx - ax) > iabs(dy - ay) ? iabs(dx - ax) : iabs(dy - ay);
    const int n1 = iabs(cx - bx) > iabs(cy - by) ? iabs(cx - bx) : iabs(cy - by);
    const int n = n0 > n1 ? n0 : n1;
    rr_stepper lx, ly, rx, ry, sv, gl[3], gr[3];
    rr_step_round(&lx, ax, dx, n);
    rr_step_round(&ly, ay, dy, n);
    rr_step_round(&rx, bx, cx, n);
    rr_step_round(&ry, by, cy, n);
    if (mode & RR_TEX)
        rr_step_init(&sv, 0, q->th, 0, n + 1);
    if (mode & RR_GOUR)
        for (int c = 0; c < 3; c++) {
            rr_step_round(&gl[c], q->g[0][c], q->g[3][c], n);
            rr_step_round(&gr[c], q->g[1][c], q->g[2][c], n);
        }
    int l[3] = {16, 16, 16}, r[3] = {16, 16, 16};
    for (int i = 0; i <= n; i++) {
        int row = 0;
        if (mode & RR_TEX) {
            row = q->flip_v ? q->th - 1 - sv.v : sv.v;
            rr_step_next(&sv);
        }
        if (mode & RR_GOUR)
            for (int c = 0; c < 3; c++) {
                l[c] = gl[c].v;
                r[c] = gr[c].v;
                rr_step_next(&gl[c]);
                rr_step_next(&gr[c]);
            }
        line(fb, q, mode, lx.v, ly.v, rx.v, ry.v, row, l, r);
        rr_step_next(&lx);
        rr_step_next(&ly);
        rr_step_next(&rx);
        rr_step_next(&ry);
    }
}

/* From a to b in n steps, rounded, as 32.32: rr_step_round's values for
   values that are never negative (the quad on the frame) and 2 n^2 < 2^32. */
static void edge_fixed(int a, int b, int n, int64_t *acc, int64_t *step)
{
    const int64_t one = INT64_C(1) << 32;
    *acc = (int64_t)a * one + one / 2;
    *step = n > 0 ? ceil_div64((int64_t)(b - a) * one, n) : 0;
}

/* quad() for a quad wholly on the frame (RR_INSIDE): the ends of the lines
   and the texture row in fixed point (the same values, fewer instructions
   and registers a line). */
WALK_INLINE void quad_inside(const rr_fb *fb, const rr_quad *q, unsigned mode)
{
    const int ax = q->x[0], ay = q->y[0], bx = q->x[1], by = q->y[1];
    const int cx = q->x[2], cy = q->y[2], dx = q->x[3], dy = q->y[3];
    const int n0 = iabs(dx - ax) > iabs(dy - ay) ? iabs(dx - ax) : iabs(dy - ay);
    const int n1 = iabs(cx - bx) > iabs(cy - by) ? iabs(cx - bx) : iabs(cy - by);
    const int n = n0 > n1 ? n0 : n1;
    int64_t lx, ly, rx, ry, dlx, dly, drx, dry;
    edge_fixed(ax, dx, n, &lx, &dlx);
    edge_fixed(ay, dy, n, &ly, &dly);
    edge_fixed(bx, cx, n, &rx, &drx);
    edge_fixed(by, cy, n, &ry, &dry);
    uint64_t sv = 0, dsv = 0;   /* row floor(i h / (n + 1)) = sv >> 32; flip_v as flip_h */
    if (mode & RR_TEX) {
        const uint64_t span = (uint64_t)q->th << 32, s = (span + (uint64_t)n) / ((uint64_t)n + 1);
        sv = q->flip_v ? span - 1 : 0;
        dsv = q->flip_v ? 0 - s : s;
    }
    rr_stepper gl[3], gr[3];
    if (mode & RR_GOUR)
        for (int c = 0; c < 3; c++) {
            rr_step_round(&gl[c], q->g[0][c], q->g[3][c], n);
            rr_step_round(&gr[c], q->g[1][c], q->g[2][c], n);
        }
    int l[3] = {16, 16, 16}, r[3] = {16, 16, 16};
    for (int i = 0; i <= n; i++) {
        if (mode & RR_GOUR)
            for (int c = 0; c < 3; c++) {
                l[c] = gl[c].v;
                r[c] = gr[c].v;
                rr_step_next(&gl[c]);
                rr_step_next(&gr[c]);
            }
        line(fb, q, mode, (int)(lx >> 32), (int)(ly >> 32), (int)(rx >> 32), (int)(ry >> 32), (int)(sv >> 32), l, r);
        lx += dlx;
        ly += dly;
        rx += drx;
        ry += dry;
        sv += dsv;
    }
}

/* One function per mode. */
#define MODE(m)                                                                                                        \
    static void quad_##m(const rr_fb *fb, const rr_quad *q) { quad(fb, q, m); }                                        \
    static void inside_##m(const rr_fb *fb, const rr_quad *q) { quad_inside(fb, q, (m) | RR_INSIDE); }                \
    static void clipped_##m(const rr_walk *w) { pixels(w, (m) | RR_CLIP); }
MODE(0) MODE(1) MODE(2) MODE(3) MODE(4) MODE(5) MODE(6) MODE(7)
MODE(8) MODE(9) MODE(10) MODE(11) MODE(12) MODE(13) MODE(14) MODE(15)

static void (*const quads[16])(const rr_fb *, const rr_quad *) = {
    quad_0, quad_1, quad_2,  quad_3,  quad_4,  quad_5,  quad_6,  quad_7,
    quad_8, quad_9, quad_10, quad_11, quad_12, quad_13, quad_14, quad_15,
};
static void (*const insides[16])(const rr_fb *, const rr_quad *) = {
    inside_0, inside_1, inside_2,  inside_3,  inside_4,  inside_5,  inside_6,  inside_7,
    inside_8, inside_9, inside_10, inside_11, inside_12, inside_13, inside_14, inside_15,
};
static void (*const clipped[16])(const rr_walk *) = {
    clipped_0, clipped_1, clipped_2,  clipped_3,  clipped_4,  clipped_5,  clipped_6,  clipped_7,
    clipped_8, clipped_9, clipped_10, clipped_11, clipped_12, clipped_13, clipped_14, clipped_15,
};

unsigned rr_quad_mode(const rr_quad *q)
{
    return (q->tex ? RR_TEX : 0u) | (q->gouraud ? RR_GOUR : 0u) | (q->half ? RR_HALF : 0u) |
           (q->mesh ? RR_MESH : 0u);
}

void rr_walk_quad(const rr_fb *fb, const rr_quad *q)
{
    /* Every line's ends are on the edges, so within the corners' box: a box
       on the frame puts every line on it (and shorter than RR_FAST_MAX). */
    bool inside = fb->width <= RR_FAST_MAX && fb->height <= RR_FAST_MAX;
    for (int c = 0; c < 4 && inside; c++)
        inside = (unsigned)q->x[c] < (unsigned)fb->width && (unsigned)q->y[c] < (unsigned)fb->height;
    (inside ? insides : quads)[rr_quad_mode(q)](fb, q);
}

void rr_walk_line(const rr_fb *fb, const rr_quad *q, int px, int py, int qx, int qy)
{
    const int g[3] = {16, 16, 16};
    line(fb, q, 0, px, py, qx, qy, 0, g, g);
}

void rr_walk_clipped(const rr_walk *w, unsigned mode)
{
    clipped[mode & 15u](w);
}
