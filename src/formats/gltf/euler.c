/* src/formats/gltf/euler.c - a rotation matrix as the engine's angles:
   a, b, c in degrees with R = Rx(a) * Ry(b) * Rz(c), chosen to follow the
   previous key's angles so that a sampled animation never jumps a turn.

   With the right-handed Rx, Ry, Rz the product is
     [ cb cc            -cb sc            sb     ]
     [ sa sb cc + ca sc  -sa sb sc + ca cc  -sa cb ]
     [ -ca sb cc + sa sc  ca sb sc + sa cc   ca cb ]
   so sb = r02, a = atan2(-r12, r22), c = atan2(-r01, r00) when cb != 0.
   (a + 180, 180 - b, c + 180) gives the same matrix: the second solution. */
#include <math.h>
#include <stddef.h>

#include "formats/gltf/gltf_internal.h"

#define DEG_PER_RAD (180.0 / 3.14159265358979323846)

/* x moved by whole turns to be within 180 degrees of ref. */
static double near_turn(double x, double ref)
{
    return x + 360.0 * round((ref - x) / 360.0);
}

static double cost(const double s[3], const double prev[3])
{
    double sum = 0.0;
    for (int i = 0; i < 3; i++)
        sum += (s[i] - prev[i]) * (s[i] - prev[i]);
    return sum;
}

void rm_gltf_euler_xyz(const double r[3][3], const double *prev, double out[3])
{
    double sb = r[0][2];
    if (sb > 1.0)
        sb = 1.0;
    if (sb < -1.0)
        sb = -1.0;
    double cb = hypot(r[0][0], r[0][1]);
    double b = atan2(sb, cb) * DEG_PER_RAD;

    if (cb < 1e-9) {
        /* Gimbal lock (b = +-90): only a + c (b = 90) or c - a (b = -90) is
           known. a is kept where it was (0 without a previous key); row 1
           is (sin(a+c), cos(a+c)) or (sin(c-a), cos(c-a)). */
        double a = prev ? prev[0] : 0.0;
        double s = atan2(r[1][0], r[1][1]) * DEG_PER_RAD;
        b = sb > 0.0 ? 90.0 : -90.0;
        double c = sb > 0.0 ? s - a : s + a;
        if (prev) {
            b = near_turn(b, prev[1]);
            c = near_turn(c, prev[2]);
        } else {
            c = near_turn(c, 0.0);
        }
        out[0] = a;
        out[1] = b;
        out[2] = c;
        return;
    }

    double a = atan2(-r[1][2], r[2][2]) * DEG_PER_RAD;
    double c = atan2(-r[0][1], r[0][0]) * DEG_PER_RAD;
    if (!prev) {
        out[0] = a;
        out[1] = b;
        out[2] = c;
        return;
    }
    double s1[3] = {a, b, c};
    double s2[3] = {a + 180.0, 180.0 - b, c + 180.0};
    for (int i = 0; i < 3; i++) {
        s1[i] = near_turn(s1[i], prev[i]);
        s2[i] = near_turn(s2[i], prev[i]);
    }
    const double *best = cost(s2, prev) < cost(s1, prev) ? s2 : s1;
    for (int i = 0; i < 3; i++)
        out[i] = best[i];
}
