/* tests/convert/ear_clip_ref.h - the ear clipping of src/convert/ngon.c as
   it was before issue 16 (a grid of every corner, each ear test reading all
   the corners in the cells of its box): the reference the faster one must
   match triangle for triangle. Copied, with its names prefixed ref_. */
#ifndef RM_TESTS_CONVERT_EAR_CLIP_REF_H
#define RM_TESTS_CONVERT_EAR_CLIP_REF_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "convert/geometry.h"

enum { REF_REFLEX = -1, REF_FLAT = 0, REF_CONVEX = 1, REF_REMOVED = 2 };

static double ref_orient(const double *a, const double *b, const double *c)
{
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/* Convex, reflex or straight corner b between a and c; "straight" has a
   sine below RM_CV_STRAIGHT_SINE (relative: the scale does not matter). */
static int ref_turn(const double (*xy)[2], uint32_t a, uint32_t b, uint32_t c)
{
    double o = ref_orient(xy[a], xy[b], xy[c]);
    double l1 = hypot(xy[b][0] - xy[a][0], xy[b][1] - xy[a][1]);
    double l2 = hypot(xy[c][0] - xy[b][0], xy[c][1] - xy[b][1]);
    double tol = RM_CV_STRAIGHT_SINE * l1 * l2;
    return o > tol ? REF_CONVEX : (o < -tol ? REF_REFLEX : REF_FLAT);
}

static bool ref_same_xy(const double (*xy)[2], uint32_t a, uint32_t b)
{
    return xy[a][0] == xy[b][0] && xy[a][1] == xy[b][1];
}

/* A uniform ref_grid over the corners (about one corner per cell): an ear test
   looks only at the corners in the cells its triangle's box covers, so a
   very concave face (a spiral) does not cost n reflex corners per test. */
typedef struct ref_grid {
    double x0, y0, inv;     /* cell of x: floor((x - x0) * inv) */
    uint32_t side;          /* cells per row and per column */
    uint32_t *start;        /* side * side + 1 offsets into items */
    uint32_t *items;        /* corner indexes, by cell */
} ref_grid;

static uint32_t ref_cell_of(const ref_grid *g, double v, double origin)
{
    double c = floor((v - origin) * g->inv);
    if (!(c > 0.0))
        return 0;
    return c >= (double)g->side ? g->side - 1 : (uint32_t)c;
}

static bool ref_grid_build(ref_grid *g, const double (*xy)[2], size_t n)
{
    double x1 = xy[0][0], y1 = xy[0][1];
    g->x0 = x1;
    g->y0 = y1;
    for (size_t i = 1; i < n; i++) {
        g->x0 = fmin(g->x0, xy[i][0]);
        g->y0 = fmin(g->y0, xy[i][1]);
        x1 = fmax(x1, xy[i][0]);
        y1 = fmax(y1, xy[i][1]);
    }
    double size = fmax(x1 - g->x0, y1 - g->y0);
    double side = ceil(sqrt((double)n));
    g->side = side > 1024.0 ? 1024u : (uint32_t)side;
    g->inv = size > 0.0 ? (double)g->side / size : 0.0;
    size_t cells = (size_t)g->side * g->side;
    g->start = calloc(cells + 1, sizeof *g->start);
    g->items = malloc(n * sizeof *g->items);
    if (!g->start || !g->items)
        return false;
    uint32_t *cell = malloc(n * sizeof *cell);
    if (!cell)
        return false;
    for (size_t i = 0; i < n; i++) {
        cell[i] = ref_cell_of(g, xy[i][1], g->y0) * g->side + ref_cell_of(g, xy[i][0], g->x0);
        g->start[cell[i] + 1]++;
    }
    for (size_t c = 0; c < cells; c++)
        g->start[c + 1] += g->start[c];
    for (size_t i = 0; i < n; i++)
        g->items[g->start[cell[i]]++] = (uint32_t)i;
    /* start[c] now points at the end of cell c: shift back. */
    for (size_t c = cells; c > 0; c--)
        g->start[c] = g->start[c - 1];
    g->start[0] = 0;
    free(cell);
    return true;
}

typedef struct ref_ring {
    const double (*xy)[2];
    ref_grid g;
    uint32_t *prev, *next;
    int32_t *owner;         /* triangle that owns the edge i -> next[i], -1: a face edge */
    signed char *kind;
    size_t count;           /* corners left */
    size_t nonconvex;       /* corners left that are not REF_CONVEX */
    uint32_t (*tri)[3];
    int32_t *parent;
    size_t tri_count;
} ref_ring;

static void ref_classify(ref_ring *r, uint32_t i)
{
    if (r->kind[i] != REF_CONVEX)
        r->nonconvex--;
    r->kind[i] = (signed char)ref_turn(r->xy, r->prev[i], i, r->next[i]);
    if (r->kind[i] != REF_CONVEX)
        r->nonconvex++;
}

/* The triangle (prev v, v, next v) is an ear when no other corner is inside
   it or on its border. Only corners that are not convex can be (a convex
   corner inside would make a reflex one inside too); corners at the same
   place as the triangle's own (a bridge to a hole) do not count. */
static bool ref_is_ear(const ref_ring *r, uint32_t v)
{
    uint32_t p = r->prev[v], q = r->next[v];
    size_t others = r->nonconvex - (r->kind[p] != REF_CONVEX) - (r->kind[q] != REF_CONVEX);
    if (others == 0)
        return true;
    const double (*xy)[2] = r->xy;
    const ref_grid *g = &r->g;
    double lx = fmin(xy[p][0], fmin(xy[v][0], xy[q][0])), hx = fmax(xy[p][0], fmax(xy[v][0], xy[q][0]));
    double ly = fmin(xy[p][1], fmin(xy[v][1], xy[q][1])), hy = fmax(xy[p][1], fmax(xy[v][1], xy[q][1]));
    uint32_t cx0 = ref_cell_of(g, lx, g->x0), cx1 = ref_cell_of(g, hx, g->x0);
    uint32_t cy0 = ref_cell_of(g, ly, g->y0), cy1 = ref_cell_of(g, hy, g->y0);
    for (uint32_t cy = cy0; cy <= cy1; cy++)
        for (uint32_t cx = cx0; cx <= cx1; cx++) {
            size_t c = (size_t)cy * g->side + cx;
            for (uint32_t k = g->start[c]; k < g->start[c + 1]; k++) {
                uint32_t x = g->items[k];
                if (r->kind[x] == REF_CONVEX || r->kind[x] == REF_REMOVED || x == p || x == v || x == q)
                    continue;
                if (xy[x][0] < lx || xy[x][0] > hx || xy[x][1] < ly || xy[x][1] > hy)
                    continue;
                if (ref_same_xy(xy, x, p) || ref_same_xy(xy, x, v) || ref_same_xy(xy, x, q))
                    continue;
                if (ref_orient(xy[p], xy[v], xy[x]) >= 0.0 && ref_orient(xy[v], xy[q], xy[x]) >= 0.0 &&
                    ref_orient(xy[q], xy[p], xy[x]) >= 0.0)
                    return false;
            }
        }
    return true;
}

static void ref_adopt(ref_ring *r, int32_t child, size_t t)
{
    if (child >= 0)
        r->parent[child] = (int32_t)t;
}

/* Removes corner v and emits the triangle (prev, v, next), which takes
   the two triangles owning its edges as children and owns the new
   diagonal. */
static void ref_remove_corner(ref_ring *r, uint32_t v)
{
    uint32_t p = r->prev[v], q = r->next[v];
    size_t t = r->tri_count++;
    r->tri[t][0] = p;
    r->tri[t][1] = v;
    r->tri[t][2] = q;
    r->parent[t] = -1;
    ref_adopt(r, r->owner[p], t);
    ref_adopt(r, r->owner[v], t);
    r->owner[p] = (int32_t)t;
    if (r->kind[v] != REF_CONVEX)
        r->nonconvex--;
    r->kind[v] = REF_REMOVED;
    r->next[p] = q;
    r->prev[q] = p;
    r->count--;
    ref_classify(r, p);
    ref_classify(r, q);
}

static rm_status ref_ear_clip(const double (*xy)[2], size_t n, uint32_t (*tri)[3],
                         int32_t *parent, size_t *tri_count, bool *forced)
{
    *tri_count = 0;
    *forced = false;
    if (n < 3)
        return RM_OK;
    ref_ring r = { 0 };
    r.xy = xy;
    r.prev = malloc(n * sizeof *r.prev);
    r.next = malloc(n * sizeof *r.next);
    r.owner = malloc(n * sizeof *r.owner);
    r.kind = malloc(n);
    if (!r.prev || !r.next || !r.owner || !r.kind || !ref_grid_build(&r.g, xy, n)) {
        free(r.prev);
        free(r.next);
        free(r.owner);
        free(r.kind);
        free(r.g.start);
        free(r.g.items);
        return RM_NOMEM;
    }
    r.tri = tri;
    r.parent = parent;
    r.count = n;
    for (size_t i = 0; i < n; i++) {
        r.prev[i] = (uint32_t)((i + n - 1) % n);
        r.next[i] = (uint32_t)((i + 1) % n);
        r.owner[i] = -1;
        r.kind[i] = REF_CONVEX;
    }
    for (uint32_t i = 0; i < n; i++) {
        r.kind[i] = (signed char)ref_turn(xy, r.prev[i], i, r.next[i]);
        if (r.kind[i] != REF_CONVEX)
            r.nonconvex++;
    }

    /* Start at corner 1: a convex face becomes the fan around corner 0. */
    uint32_t cursor = 1;
    while (r.count > 3) {
        uint32_t v = cursor;
        bool done = false;
        for (size_t k = 0; k < r.count && !done; k++, v = r.next[v])
            if (r.kind[v] == REF_CONVEX && ref_is_ear(&r, v)) {
                cursor = r.next[v];
                ref_remove_corner(&r, v);
                done = true;
            }
        /* No ear: a corner that looks straight (a straight corner, a spike
           going back on itself, or a corner of a bent face seen edge-on)
           is cut off as a triangle of no projected area. It is never just
           dropped: in 3D it may stand far off the plane (step 3 decides). */
        v = cursor;
        for (size_t k = 0; k < r.count && !done; k++, v = r.next[v])
            if (r.kind[v] == REF_FLAT) {
                cursor = r.next[v];
                ref_remove_corner(&r, v);
                done = true;
            }
        if (done)
            continue;
        /* Still nothing: the projected face crosses itself. Cut its most
           convex corner (any corner when none is convex) so that the loop
           ends; the caller warns. */
        uint32_t best = UINT32_MAX;
        double best_o = 0.0;
        v = cursor;
        for (size_t k = 0; k < r.count; k++, v = r.next[v]) {
            if (r.kind[v] != REF_CONVEX)
                continue;
            double o = ref_orient(xy[r.prev[v]], xy[v], xy[r.next[v]]);
            if (best == UINT32_MAX || o > best_o) {
                best = v;
                best_o = o;
            }
        }
        *forced = true;
        if (best == UINT32_MAX)
            best = cursor;
        cursor = r.next[best];
        ref_remove_corner(&r, best);
    }
    /* The last three corners are always a triangle (of no area, or turned
       the wrong way, when the face crosses itself). */
    uint32_t v = cursor, p = r.prev[v], q = r.next[v];
    size_t t = r.tri_count++;
    tri[t][0] = p;
    tri[t][1] = v;
    tri[t][2] = q;
    parent[t] = -1;
    ref_adopt(&r, r.owner[p], t);
    ref_adopt(&r, r.owner[v], t);
    ref_adopt(&r, r.owner[q], t);
    if (r.kind[v] == REF_REFLEX)
        *forced = true;
    *tri_count = r.tri_count;
    free(r.g.start);
    free(r.g.items);
    free(r.prev);
    free(r.next);
    free(r.owner);
    free(r.kind);
    return RM_OK;
}

#endif
