/* src/convert/newell.c - polygon normals by Newell's method.

   Newell's vector is the sum of the cross products of consecutive corners;
   it is the exact normal of a planar polygon and the best-fit normal of a
   non-planar one, and it does not depend on which corner is first. Taken
   relative to p[0], the products stay small and exact for Q16.16 input. */
#include "core/fixed_round.h"
#include "geometry.h"

#include <math.h>
#include <stdlib.h>

rm_vec3d rm_cv_newell(const rm_vec3d *p, size_t n)
{
    rm_vec3d s = { 0.0, 0.0, 0.0 };
    if (n < 3)
        return s;
    for (size_t i = 1; i + 1 < n; i++) {
        double ax = p[i].x - p[0].x, ay = p[i].y - p[0].y, az = p[i].z - p[0].z;
        double bx = p[i + 1].x - p[0].x, by = p[i + 1].y - p[0].y, bz = p[i + 1].z - p[0].z;
        s.x += ay * bz - az * by;
        s.y += az * bx - ax * bz;
        s.z += ax * by - ay * bx;
    }
    return s;
}

static double dist(rm_vec3d a, rm_vec3d b)
{
    double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

double rm_cv_perimeter(const rm_vec3d *p, size_t n)
{
    /* The edges in order, the closing one last (no modulo per edge). */
    double s = 0.0;
    for (size_t i = 0; i + 1 < n; i++)
        s += dist(p[i], p[i + 1]);
    if (n > 0)
        s += dist(p[n - 1], p[0]);
    return s;
}

bool rm_cv_is_zero_area_nw(const rm_vec3d *p, size_t n, rm_vec3d nw)
{
    if (n < 3)
        return true;
    double len = rm_cv_len(nw);
    /* The perimeter is at most the sum of the edges' |dx| + |dy| + |dz|:
       an area well above that bound (twice the ratio: the rounding of both
       sums is far smaller) has an area by the test below too, without its
       square roots. */
    double l1 = 0.0;
    for (size_t i = 0; i < n; i++) {
        const rm_vec3d a = p[i], b = p[i + 1 < n ? i + 1 : 0];
        l1 += fabs(a.x - b.x) + fabs(a.y - b.y) + fabs(a.z - b.z);
    }
    if (len > 2.0 * RM_CV_ZERO_AREA_RATIO * l1 * l1)
        return false;
    double per = rm_cv_perimeter(p, n);
    /* |newell| is twice the area; per^2 bounds it (isoperimetric), so the
       ratio is a shape measure: 1e-12 means a sliver no real model has. */
    return !(len > RM_CV_ZERO_AREA_RATIO * per * per);
}

bool rm_cv_is_zero_area(const rm_vec3d *p, size_t n)
{
    if (n < 3)
        return true;
    return rm_cv_is_zero_area_nw(p, n, rm_cv_newell(p, n));
}

bool rm_cv_newell_exact3(const rm_vec3x p[3])
{
    /* Differences below 2^26 make each product below 2^52 and each
       difference of two products below 2^53: integers a double holds. */
    const int64_t lim = INT64_C(1) << 26;
    const rm_fixed *c[3] = { &p[0].x, &p[1].x, &p[2].x };
    for (unsigned a = 0; a < 3; a++) {
        int64_t v0 = c[0][a], v1 = c[1][a], v2 = c[2][a];
        if (llabs(v1 - v0) >= lim || llabs(v2 - v1) >= lim || llabs(v0 - v2) >= lim)
            return false;
    }
    return true;
}

rm_vec3x rm_cv_unit_fixed(rm_vec3d v)
{
    rm_vec3x out = { 0, 0, 0 };
    if (!isfinite(v.x) || !isfinite(v.y) || !isfinite(v.z))
        return out;
    /* Scale by the largest component first: no overflow for 1e200, no
       underflow for 1e-200. */
    double ax = fabs(v.x), ay = fabs(v.y), az = fabs(v.z);
    double m = ax > ay ? ax : ay;       /* fmax of finite values, without the call */
    m = az > m ? az : m;
    if (m == 0.0)
        return out;
    double x = v.x / m, y = v.y / m, z = v.z / m;
    double len = sqrt(x * x + y * y + z * z);
    /* Components are within [-1, 1]: the conversion cannot fail. */
    (void)rm_fixed_round(x / len, &out.x);
    (void)rm_fixed_round(y / len, &out.y);
    (void)rm_fixed_round(z / len, &out.z);
    return out;
}

rm_vec3x rm_cv_outward_of_newell(rm_vec3d nw)
{
    nw.x = -nw.x;
    nw.y = -nw.y;
    nw.z = -nw.z;
    return rm_cv_unit_fixed(nw);
}

rm_vec3x rm_cv_outward_normal(const rm_vec3d *p, size_t n)
{
    return rm_cv_outward_of_newell(rm_cv_newell(p, n));
}
