/* src/convert/simplify_grid.c - the distance from a point to a set of
   triangles, exactly, through a uniform grid.

   Each triangle is listed in every cell its bounding box touches. A query
   starts in the cell of the point (clamped into the grid) and visits shells
   of cells at Chebyshev distance 0, 1, 2...; before shell r it stops when
   the nearest triangle found is nearer than any cell outside the block
   already visited can be (the distance from the point to the block's
   faces that have cells beyond them). A stamp per triangle makes each
   triangle tested once a query. Everything is indexes and values: the
   same answer on any host. */
#include "simplify.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void sub3(const double a[3], const double b[3], double r[3])
{
    r[0] = a[0] - b[0];
    r[1] = a[1] - b[1];
    r[2] = a[2] - b[2];
}

static double seg_d2(const double p[3], const double a[3], const double b[3])
{
    double ab[3], ap[3];
    sub3(b, a, ab);
    sub3(p, a, ap);
    double l = dot3(ab, ab);
    double t = l > 0.0 ? dot3(ap, ab) / l : 0.0;
    if (t < 0.0)
        t = 0.0;
    else if (t > 1.0)
        t = 1.0;
    double d[3] = { ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2] };
    return dot3(d, d);
}

/* Ericson, Real-Time Collision Detection 5.1.5: the Voronoi regions of the
   corners and edges, then the face. */
double rm_cv_point_triangle_d2(const double p[3], const double a[3], const double b[3],
                               const double c[3])
{
    double ab[3], ac[3], ap[3], q[3];
    sub3(b, a, ab);
    sub3(c, a, ac);
    sub3(p, a, ap);
    double d1 = dot3(ab, ap), d2 = dot3(ac, ap);
    if (d1 <= 0.0 && d2 <= 0.0)
        return dot3(ap, ap);
    double bp[3];
    sub3(p, b, bp);
    double d3 = dot3(ab, bp), d4 = dot3(ac, bp);
    if (d3 >= 0.0 && d4 <= d3)
        return dot3(bp, bp);
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0)
        return seg_d2(p, a, b);
    double cp[3];
    sub3(p, c, cp);
    double d5 = dot3(ab, cp), d6 = dot3(ac, cp);
    if (d6 >= 0.0 && d5 <= d6)
        return dot3(cp, cp);
    double vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0)
        return seg_d2(p, a, c);
    double va = d3 * d6 - d5 * d4;
    if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0)
        return seg_d2(p, b, c);
    double sum = va + vb + vc;
    if (!(sum > 0.0)) {
        /* no area: the nearest of its edges */
        double e = seg_d2(p, a, b), f = seg_d2(p, b, c), g = seg_d2(p, a, c);
        return fmin(e, fmin(f, g));
    }
    double v = vb / sum, w = vc / sum;
    for (int k = 0; k < 3; k++)
        q[k] = ap[k] - ab[k] * v - ac[k] * w;
    return dot3(q, q);
}

static const double *vtx(const rm_cv_tri_grid *g, size_t t, unsigned k)
{
    return g->pos + 3 * (size_t)g->idx[3 * t + k];
}

static uint32_t cell_of(const rm_cv_tri_grid *g, double v, int axis)
{
    double f = floor((v - g->lo[axis]) / g->cell);
    if (!(f >= 0.0))
        return 0;
    if (f >= (double)g->dim[axis])
        return g->dim[axis] - 1;
    return (uint32_t)f;
}

static size_t cells_for(const double ext[3], double cell, uint32_t dim[3])
{
    size_t n = 1;
    for (int a = 0; a < 3; a++) {
        double d = floor(ext[a] / cell) + 1.0;
        dim[a] = d > 1024.0 ? 1024u : (uint32_t)d;
        n *= dim[a];
    }
    return n;
}

rm_status rm_cv_grid_build(rm_cv_tri_grid *g, const double *pos, const uint32_t *idx,
                           size_t tri_count)
{
    memset(g, 0, sizeof *g);
    g->pos = pos;
    g->idx = idx;
    g->tri_count = tri_count;
    if (tri_count > UINT32_MAX / 8)
        return RM_NOMEM;
    double hi[3];
    for (int a = 0; a < 3; a++) {
        g->lo[a] = INFINITY;
        hi[a] = -INFINITY;
    }
    for (size_t t = 0; t < tri_count; t++)
        for (unsigned k = 0; k < 3; k++)
            for (int a = 0; a < 3; a++) {
                double v = vtx(g, t, k)[a];
                g->lo[a] = fmin(g->lo[a], v);
                hi[a] = fmax(hi[a], v);
            }
    double ext[3] = { 0, 0, 0 }, big = 0.0;
    if (tri_count)
        for (int a = 0; a < 3; a++) {
            ext[a] = hi[a] - g->lo[a];
            big = fmax(big, ext[a]);
        }
    /* The cell side: the smallest (bisection) that gives at most about
       8 cells a triangle (a surface fills few of the cells of its box;
       measured on the 100k-triangle corpus: 2 is 20% slower, 32 no faster). */
    size_t target = 8 * tri_count + 1;
    if (!(big > 0.0) || !isfinite(big)) {
        g->cell = 1.0;
        g->dim[0] = g->dim[1] = g->dim[2] = 1;
    } else {
        double lo = big / 1024.0, up = big * 1.0001;
        for (int i = 0; i < 40; i++) {
            double mid = 0.5 * (lo + up);
            uint32_t d[3];
            if (cells_for(ext, mid, d) > target)
                lo = mid;
            else
                up = mid;
        }
        g->cell = up;
        cells_for(ext, up, g->dim);
    }
    size_t cells = (size_t)g->dim[0] * g->dim[1] * g->dim[2];
    g->cell_start = calloc(cells + 1, sizeof *g->cell_start);
    g->stamp = calloc(tri_count ? tri_count : 1, sizeof *g->stamp);
    g->box = malloc((tri_count ? tri_count : 1) * 6 * sizeof *g->box);
    if (!g->cell_start || !g->stamp || !g->box) {
        rm_cv_grid_free(g);
        return RM_NOMEM;
    }
    /* two passes: count, then fill (a prefix sum in between) */
    for (int pass = 0; pass < 2; pass++) {
        for (size_t t = 0; t < tri_count; t++) {
            uint32_t c0[3], c1[3];
            for (int a = 0; a < 3; a++) {
                double mn = vtx(g, t, 0)[a], mx = mn;
                for (unsigned k = 1; k < 3; k++) {
                    mn = fmin(mn, vtx(g, t, k)[a]);
                    mx = fmax(mx, vtx(g, t, k)[a]);
                }
                g->box[6 * t + (size_t)a] = mn;
                g->box[6 * t + 3 + (size_t)a] = mx;
                c0[a] = cell_of(g, mn, a);
                c1[a] = cell_of(g, mx, a);
            }
            for (uint32_t z = c0[2]; z <= c1[2]; z++)
                for (uint32_t y = c0[1]; y <= c1[1]; y++)
                    for (uint32_t x = c0[0]; x <= c1[0]; x++) {
                        size_t cell = ((size_t)z * g->dim[1] + y) * g->dim[0] + x;
                        if (pass == 0) {
                            if (g->cell_start[cell + 1] == UINT32_MAX) {
                                rm_cv_grid_free(g);
                                return RM_NOMEM;
                            }
                            g->cell_start[cell + 1]++;
                        } else {
                            g->cell_tri[g->cell_start[cell]++] = (uint32_t)t;
                        }
                    }
        }
        if (pass == 0) {
            for (size_t i = 0; i < cells; i++) {
                if (g->cell_start[i + 1] > UINT32_MAX - g->cell_start[i]) {
                    rm_cv_grid_free(g);
                    return RM_NOMEM;
                }
                g->cell_start[i + 1] += g->cell_start[i];
            }
            g->cell_tri = malloc((g->cell_start[cells] ? g->cell_start[cells] : 1) *
                                 sizeof *g->cell_tri);
            if (!g->cell_tri) {
                rm_cv_grid_free(g);
                return RM_NOMEM;
            }
        }
    }
    /* the fill pass moved every start to the next cell's: shift back */
    for (size_t i = cells; i > 0; i--)
        g->cell_start[i] = g->cell_start[i - 1];
    g->cell_start[0] = 0;
    return RM_OK;
}

void rm_cv_grid_free(rm_cv_tri_grid *g)
{
    free(g->cell_start);
    free(g->cell_tri);
    free(g->stamp);
    free(g->box);
    g->cell_start = g->cell_tri = g->stamp = NULL;
    g->box = NULL;
}

static void visit(rm_cv_tri_grid *g, uint32_t x, uint32_t y, uint32_t z, const double p[3],
                  double *best)
{
    /* the cell's box first: most cells of a shell are farther than the best */
    const uint32_t xyz[3] = { x, y, z };
    double cd = 0.0;
    for (int a = 0; a < 3; a++) {
        double lo = g->lo[a] + (double)xyz[a] * g->cell, e = 0.0;
        if (p[a] < lo)
            e = lo - p[a];
        else if (p[a] > lo + g->cell)
            e = p[a] - lo - g->cell;
        cd += e * e;
    }
    if (cd >= *best)
        return;
    size_t cell = ((size_t)z * g->dim[1] + y) * g->dim[0] + x;
    for (uint32_t i = g->cell_start[cell]; i < g->cell_start[cell + 1]; i++) {
        uint32_t t = g->cell_tri[i];
        if (g->stamp[t] == g->query)
            continue;
        g->stamp[t] = g->query;
        /* the box first: most triangles of a cell are farther than the best */
        const double *b = g->box + 6 * (size_t)t;
        double bd = 0.0;
        for (int a = 0; a < 3; a++) {
            double e = p[a] < b[a] ? b[a] - p[a] : p[a] > b[3 + a] ? p[a] - b[3 + a] : 0.0;
            bd += e * e;
        }
        if (bd >= *best)
            continue;
        double d2 = rm_cv_point_triangle_d2(p, vtx(g, t, 0), vtx(g, t, 1), vtx(g, t, 2));
        if (d2 < *best)
            *best = d2;
    }
}

double rm_cv_grid_distance(rm_cv_tri_grid *g, const double p[3])
{
    if (!g->tri_count)
        return INFINITY;
    if (++g->query == 0) {
        memset(g->stamp, 0, g->tri_count * sizeof *g->stamp);
        g->query = 1;
    }
    int64_t c[3], dim[3];
    for (int a = 0; a < 3; a++) {
        c[a] = cell_of(g, p[a], a);
        dim[a] = g->dim[a];
    }
    double best = INFINITY;
    for (int64_t r = 0;; r++) {
        /* The block of shells < r is visited: a cell of shell r or beyond
           lies past one of the block's faces that has cells beyond it. */
        if (r > 0) {
            double bound = INFINITY;
            bool more = false;
            for (int a = 0; a < 3; a++) {
                if (c[a] - r + 1 > 0) {
                    more = true;
                    double face = g->lo[a] + (double)(c[a] - r + 1) * g->cell;
                    bound = fmin(bound, fmax(0.0, p[a] - face));
                }
                if (c[a] + r - 1 < dim[a] - 1) {
                    more = true;
                    double face = g->lo[a] + (double)(c[a] + r) * g->cell;
                    bound = fmin(bound, fmax(0.0, face - p[a]));
                }
            }
            if (!more || bound * bound >= best)
                break;
        }
        int64_t z0 = c[2] - r < 0 ? 0 : c[2] - r, z1 = c[2] + r >= dim[2] ? dim[2] - 1 : c[2] + r;
        int64_t y0 = c[1] - r < 0 ? 0 : c[1] - r, y1 = c[1] + r >= dim[1] ? dim[1] - 1 : c[1] + r;
        int64_t x0 = c[0] - r < 0 ? 0 : c[0] - r, x1 = c[0] + r >= dim[0] ? dim[0] - 1 : c[0] + r;
        for (int64_t z = z0; z <= z1; z++) {
            bool zface = z == c[2] - r || z == c[2] + r;
            for (int64_t y = y0; y <= y1; y++) {
                bool yface = zface || y == c[1] - r || y == c[1] + r;
                if (yface) {
                    for (int64_t x = x0; x <= x1; x++)
                        visit(g, (uint32_t)x, (uint32_t)y, (uint32_t)z, p, &best);
                } else {
                    /* only the two cells of the shell on this row */
                    if (c[0] - r >= 0)
                        visit(g, (uint32_t)(c[0] - r), (uint32_t)y, (uint32_t)z, p, &best);
                    if (r > 0 && c[0] + r < dim[0])
                        visit(g, (uint32_t)(c[0] + r), (uint32_t)y, (uint32_t)z, p, &best);
                }
            }
        }
    }
    return sqrt(best);
}
