/* src/convert/wide.c - exact squared distances between Q16.16 points.

   A coordinate difference needs 33 bits, its square 66: more than a double
   or a uint64_t holds exactly. The triangle rotation (ties must be exact)
   and the bounding sphere (every point must be inside after rounding) use
   these 128-bit sums instead. */
#include "geometry.h"

static rm_cv_u128 mul64(uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32;
    uint64_t b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    rm_cv_u128 r;
    r.lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}

static rm_cv_u128 add(rm_cv_u128 a, rm_cv_u128 b)
{
    rm_cv_u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo ? 1u : 0u);
    return r;
}

static uint64_t absdiff(int32_t a, int32_t b)
{
    int64_t d = (int64_t)a - (int64_t)b;
    return (uint64_t)(d < 0 ? -d : d);
}

rm_cv_u128 rm_cv_dist2(rm_vec3x a, rm_vec3x b)
{
    uint64_t dx = absdiff(a.x, b.x), dy = absdiff(a.y, b.y), dz = absdiff(a.z, b.z);
    /* The common case: differences under 2^31 give squares under 2^62,
       whose sum fits a uint64_t exactly. */
    if ((dx | dy | dz) < (UINT64_C(1) << 31)) {
        rm_cv_u128 r = { .hi = 0, .lo = dx * dx + dy * dy + dz * dz };
        return r;
    }
    return add(add(mul64(dx, dx), mul64(dy, dy)), mul64(dz, dz));
}

rm_cv_u128 rm_cv_square(uint64_t r)
{
    return mul64(r, r);
}

int rm_cv_u128_cmp(rm_cv_u128 a, rm_cv_u128 b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    if (a.lo != b.lo)
        return a.lo < b.lo ? -1 : 1;
    return 0;
}

double rm_cv_u128_to_double(rm_cv_u128 a)
{
    return (double)a.hi * 18446744073709551616.0 + (double)a.lo;
}
