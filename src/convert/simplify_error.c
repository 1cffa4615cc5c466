/* src/convert/simplify_error.c - how far a simplified surface is from the
   original: the largest distance, measured both ways (a one-way distance
   misses a spike that the other surface lost, or a fold that it gained).

   Sampling, deterministic (no random numbers): every vertex of the
   surface that a triangle uses, and in every triangle the points of a
   regular barycentric grid of n steps a side, n = ceil(longest edge / h),
   without its corners (they are vertices; when n is 1 they are all).
   The step h is sqrt(sum of squared longest edges / (2 samples)), so that
   about `samples` points are taken however the triangles are shaped.
   The distance from a point to a surface is 1-Lipschitz: the true largest
   distance is at most h above the sampled one (h is given back). Each
   sample's distance is exact (simplify_grid.c). */
#include "simplify.h"

#include <math.h>
#include <stdlib.h>

static const double *vp(const rm_cv_surface *s, size_t t, unsigned k)
{
    return s->pos + 3 * (size_t)s->idx[3 * t + k];
}

static double d2(const double a[3], const double b[3])
{
    double x = a[0] - b[0], y = a[1] - b[1], z = a[2] - b[2];
    return x * x + y * y + z * z;
}

static double longest2(const rm_cv_surface *s, size_t t)
{
    const double *a = vp(s, t, 0), *b = vp(s, t, 1), *c = vp(s, t, 2);
    return fmax(d2(a, b), fmax(d2(b, c), d2(a, c)));
}

rm_status rm_cv_surface_distance_from(const rm_cv_surface *from, const rm_cv_surface *to,
                                      size_t samples, double *dist, double *spacing)
{
    *dist = 0.0;
    if (spacing)
        *spacing = 0.0;
    if (!from->tri_count)
        return RM_OK;
    if (!to->tri_count) {
        *dist = INFINITY;
        return RM_OK;
    }
    rm_cv_tri_grid g;
    rm_status st = rm_cv_grid_build(&g, to->pos, to->idx, to->tri_count);
    if (st != RM_OK)
        return st;
    uint8_t *seen = calloc(from->vertex_count ? from->vertex_count : 1, 1);
    if (!seen) {
        rm_cv_grid_free(&g);
        return RM_NOMEM;
    }
    double sum = 0.0;
    for (size_t t = 0; t < from->tri_count; t++)
        sum += longest2(from, t);
    double h = samples ? sqrt(sum / (2.0 * (double)samples)) : 0.0;
    if (spacing)
        *spacing = h;

    double worst = 0.0;
    for (size_t t = 0; t < from->tri_count; t++) {
        for (unsigned k = 0; k < 3; k++) {
            uint32_t v = from->idx[3 * t + k];
            if (!seen[v]) {
                seen[v] = 1;
                worst = fmax(worst, rm_cv_grid_distance(&g, from->pos + 3 * (size_t)v));
            }
        }
        const double *a = vp(from, t, 0), *b = vp(from, t, 1), *c = vp(from, t, 2);
        double steps = h > 0.0 ? ceil(sqrt(longest2(from, t)) / h) : 1.0;
        /* a triangle far larger than the rest is capped (256 steps a side:
           33k points) */
        unsigned n = !(steps >= 1.0) ? 1u : steps > 256.0 ? 256u : (unsigned)steps;
        /* n 1: no edge is longer than h, every point is within h of a
           corner: the corners are the samples */
        if (n == 1)
            continue;
        for (unsigned i = 0; i <= n; i++)
            for (unsigned j = 0; i + j <= n; j++) {
                if ((i == 0 && j == 0) || i == n || j == n)
                    continue;   /* the corners */
                double u = (double)i / n, w = (double)j / n, p[3];
                for (int e = 0; e < 3; e++)
                    p[e] = a[e] + u * (b[e] - a[e]) + w * (c[e] - a[e]);
                worst = fmax(worst, rm_cv_grid_distance(&g, p));
            }
    }
    free(seen);
    rm_cv_grid_free(&g);
    *dist = worst;
    return RM_OK;
}

rm_status rm_cv_surface_distance(const rm_cv_surface *a, const rm_cv_surface *b, size_t samples,
                                 double *dist)
{
    double ab = 0.0, ba = 0.0;
    rm_status st = rm_cv_surface_distance_from(a, b, samples, &ab, NULL);
    if (st == RM_OK)
        st = rm_cv_surface_distance_from(b, a, samples, &ba, NULL);
    *dist = fmax(ab, ba);
    return st;
}
