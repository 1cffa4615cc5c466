/* src/formats/gltf/sample.c - the value of an animation sampler at a time,
   as glTF 2.0 Appendix C says: STEP, LINEAR (slerp the shorter way for
   rotations), CUBICSPLINE (Hermite with tangents scaled by the key
   interval; each key has in-tangent, value, out-tangent), clamped to the
   first and last keys. */
#include <stddef.h>

#include "formats/gltf/gltf_internal.h"

/* The value of key k (CUBICSPLINE keys have three elements: the value is
   the middle one). */
static const double *key_value(const double *values, size_t k, unsigned n, bool cubic)
{
    return values + (cubic ? (3 * k + 1) : k) * n;
}

static void copy_out(const double *v, unsigned n, double *out)
{
    for (unsigned j = 0; j < n; j++)
        out[j] = v[j];
}

void rm_gltf_sample(const double *times, size_t key_count, const double *values, unsigned n,
                    rm_gltf_interp interp, bool rotation, double t, double *out)
{
    bool quat = rotation && n == 4;
    bool cubic = interp == RM_GLTF_CUBICSPLINE;
    if (key_count == 0) {
        for (unsigned j = 0; j < n; j++)
            out[j] = 0.0;
        if (quat)
            out[3] = 1.0;
        return;
    }
    size_t last = key_count - 1;
    /* Clamped (at a time several keys share, the last of them); a NaN time
       takes the first key. */
    if (t >= times[last]) {
        copy_out(key_value(values, last, n, cubic), n, out);
    } else if (!(t > times[0])) {
        copy_out(key_value(values, 0, n, cubic), n, out);
    } else {
        /* The last key k with times[k] <= t (times[0] < t < times[last]). */
        size_t lo = 0, hi = last;       /* times[lo] <= t < times[hi] */
        while (hi - lo > 1) {
            size_t mid = lo + (hi - lo) / 2;
            if (times[mid] <= t)
                lo = mid;
            else
                hi = mid;
        }
        size_t k = lo;
        double td = times[k + 1] - times[k];
        /* td > 0 for increasing times; equal (or, never expected, falling)
           times give key k, with no division. */
        if (!(td > 0.0) || interp == RM_GLTF_STEP) {
            copy_out(key_value(values, k, n, cubic), n, out);
        } else {
            double u = (t - times[k]) / td;
            if (u < 0.0)
                u = 0.0;
            if (u > 1.0)
                u = 1.0;
            const double *v0 = key_value(values, k, n, cubic);
            const double *v1 = key_value(values, k + 1, n, cubic);
            if (!cubic) {
                if (quat) {
                    rm_gltf_quat_slerp(v0, v1, u, out);
                } else {
                    for (unsigned j = 0; j < n; j++)
                        out[j] = v0[j] + (v1[j] - v0[j]) * u;
                }
            } else {
                /* p(u) = h00 v0 + h10 td b0 + h01 v1 + h11 td a1, with b0 the
                   out-tangent of key k and a1 the in-tangent of key k+1. */
                const double *b0 = v0 + n;
                const double *a1 = v1 - n;
                double u2 = u * u, u3 = u2 * u;
                double h00 = 2 * u3 - 3 * u2 + 1;
                double h10 = u3 - 2 * u2 + u;
                double h01 = -2 * u3 + 3 * u2;
                double h11 = u3 - u2;
                for (unsigned j = 0; j < n; j++)
                    out[j] = h00 * v0[j] + h10 * td * b0[j] + h01 * v1[j] + h11 * td * a1[j];
            }
        }
    }
    if (quat)
        rm_gltf_quat_normalize(out);
}
