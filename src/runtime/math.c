/* src/runtime/math.c - the fixed-point math of the runtime: jo_fixed_mult,
   sin/cos of a jo_angle, and the SGL matrix operations (see
   include/retromesh/model.h and docs/runtime.md "The math").

   sin/cos are computed, not read from a table, with integers only: the
   Taylor series of sin in Q30 on the first quarter turn, then the
   symmetries of the circle. Integer arithmetic gives the same bits on
   every host; tests/runtime/test_math.c checks every one of the 16385
   angles of the quarter against the C library (within 1/65536). */
#include <math.h>

#include "fx.h"

rm_fixed rm_3d_fixed_mul(rm_fixed a, rm_fixed b)
{
    return fx_take(fx_mac(0, a, b));
}

/* pi/2 in Q30: 1.5707963267948966 * 2^30 = 1686629713.07 */
#define HALF_PI_Q30 1686629713ull
#define Q30 30

/* sin of r/16384 of a quarter turn, r in 0..16384, in Q16.16. */
static rm_fixed quarter_sin(uint32_t r)
{
    /* x = r * (pi/2) / 16384 in Q30, rounded: < 1.7e9. */
    uint64_t x = ((uint64_t)r * HALF_PI_Q30 + 8192u) / 16384u;
    uint64_t x2 = (x * x) >> Q30;          /* < 2.65e9: the product < 2^63 */
    uint64_t term = x, sum = x;
    /* term(n+1) = term(n) * x^2 / ((2n)(2n+1)); terms shrink from the
       first one on (x <= pi/2), and the sum stays positive. */
    for (uint64_t n = 1; term != 0; n++) {
        term = ((term * x2) >> Q30) / ((2 * n) * (2 * n + 1));
        if (n & 1)
            sum -= term;
        else
            sum += term;
    }
    return (rm_fixed)((sum + (1u << (Q30 - 17))) >> (Q30 - 16));   /* Q30 -> Q16, rounded */
}

rm_fixed rm_3d_sin(int angle)
{
    uint32_t a = (uint32_t)angle & 0xFFFFu;
    uint32_t quadrant = a >> 14, r = a & 0x3FFFu;
    switch (quadrant) {
    case 0: return quarter_sin(r);
    case 1: return quarter_sin(16384u - r);
    case 2: return -quarter_sin(r);
    default: return -quarter_sin(16384u - r);
    }
}

rm_fixed rm_3d_cos(int angle)
{
    /* cos a = sin(a + 90 degrees), in unsigned arithmetic (no overflow). */
    return rm_3d_sin((int)(((uint32_t)angle + 16384u) & 0xFFFFu));
}

rm_angle rm_3d_angle_from_degrees(double degrees)
{
    if (!isfinite(degrees))
        return 0;
    double turns = fmod(degrees, 360.0);   /* exact */
    double v = round(turns * 65536.0 / 360.0);
    return fx_wrap16((int64_t)v);
}

void rm_3d_matrix_identity(rm_3d_matrix m)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            m[i][j] = i == j ? RM_FIXED_ONE : 0;
}

rm_vec3x rm_3d_rotate_vector(const rm_fixed (*m)[3], rm_vec3x v)
{
    rm_fixed out[3];
    for (int j = 0; j < 3; j++) {
        uint64_t acc = fx_mac(0, v.x, m[0][j]);
        acc = fx_mac(acc, v.y, m[1][j]);
        acc = fx_mac(acc, v.z, m[2][j]);
        out[j] = fx_take(acc);
    }
    return (rm_vec3x){out[0], out[1], out[2]};
}

rm_vec3x rm_3d_transform_point(const rm_fixed (*m)[3], rm_vec3x p)
{
    rm_vec3x r = rm_3d_rotate_vector(m, p);
    r.x = fx_add(r.x, m[3][0]);
    r.y = fx_add(r.y, m[3][1]);
    r.z = fx_add(r.z, m[3][2]);
    return r;
}

void rm_3d_matrix_translate(rm_3d_matrix m, rm_vec3x t)
{
    /* translate(t) then m: the rows of m stay, the new translation is where
       m puts the point t. */
    rm_vec3x at = rm_3d_transform_point((const rm_fixed (*)[3])m, t);
    m[3][0] = at.x;
    m[3][1] = at.y;
    m[3][2] = at.z;
}

/* Rows a and b of m become c*a + s*b and -s*a + c*b: a turn in the plane
   of the axes a, b (X,Y for Z; Y,Z for X; Z,X for Y), applied before m.
   Each entry is one 64-bit sum of 2 products, bits 16..47 kept. */
static void turn_rows(rm_3d_matrix m, int a, int b, int angle)
{
    rm_fixed c = rm_3d_cos(angle), s = rm_3d_sin(angle);
    for (int j = 0; j < 3; j++) {
        rm_fixed ra = m[a][j], rb = m[b][j];
        m[a][j] = fx_take(fx_mac(fx_mac(0, c, ra), s, rb));
        m[b][j] = fx_take(fx_mac(fx_mac(0, fx_sub(0, s), ra), c, rb));
    }
}

/* Rx (row vectors): rows [1 0 0], [0 c s], [0 -s c]: y' = y c - z s,
   z' = y s + z c (a right-handed turn: clockwise looking along +X, as
   SGL turns). */
void rm_3d_matrix_rotate_x(rm_3d_matrix m, int angle) { turn_rows(m, 1, 2, angle); }
/* Ry: rows [c 0 -s], [0 1 0], [s 0 c]: z' = z c - x s, x' = z s + x c. */
void rm_3d_matrix_rotate_y(rm_3d_matrix m, int angle) { turn_rows(m, 2, 0, angle); }
/* Rz: rows [c s 0], [-s c 0], [0 0 1]: x' = x c - y s, y' = x s + y c. */
void rm_3d_matrix_rotate_z(rm_3d_matrix m, int angle) { turn_rows(m, 0, 1, angle); }
