/* engine/test/rt/divide.c - division without a division instruction or
   operator: shift and subtract, one quotient bit per step.

   rt_sdiv32 / rt_udiv32 are called by the assembly wrappers of divide.S
   (__sdivsi3_i4i, __udivsi3_i4i); __divdi3, __udivdi3, __moddi3,
   __umoddi3 are the 64-bit helpers gcc calls with the normal C
   convention.

   C's rules: the quotient is truncated toward zero, the remainder has the
   sign of the dividend (a == (a / b) * b + a % b). Two cases C leaves
   undefined are given a fixed result instead of a trap:
   - division by zero: quotient 0, remainder the dividend;
   - INT_MIN / -1 (and INT64_MIN / -1): the quotient wraps to INT_MIN
     (what the negation does modulo 2^32), the remainder is 0. */
#include "rt.h"

typedef unsigned long long u64;
typedef long long s64;

static unsigned int udivmod32(unsigned int n, unsigned int d, unsigned int *rem)
{
    unsigned int q = 0, r = 0;
    int i;
    if (d == 0) {
        if (rem)
            *rem = n;
        return 0;
    }
    for (i = 31; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1u);
        if (r >= d) {
            r -= d;
            q |= 1u << i;
        }
    }
    if (rem)
        *rem = r;
    return q;
}

static u64 udivmod64(u64 n, u64 d, u64 *rem)
{
    u64 q = 0, r = 0;
    int i;
    if (d == 0) {
        if (rem)
            *rem = n;
        return 0;
    }
    for (i = 63; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1u);
        if (r >= d) {
            r -= d;
            q |= (u64)1 << i;
        }
    }
    if (rem)
        *rem = r;
    return q;
}

unsigned int rt_udiv32(unsigned int n, unsigned int d)
{
    return udivmod32(n, d, 0);
}

int rt_sdiv32(int n, int d)
{
    /* magnitudes in unsigned arithmetic: -INT_MIN is 0x80000000u */
    unsigned int un = n < 0 ? 0u - (unsigned int)n : (unsigned int)n;
    unsigned int ud = d < 0 ? 0u - (unsigned int)d : (unsigned int)d;
    unsigned int q = udivmod32(un, ud, 0);
    if ((n < 0) != (d < 0))
        q = 0u - q;
    return (int)q;     /* 0x80000000u: INT_MIN (gcc converts modulo 2^32) */
}

u64 __udivdi3(u64 n, u64 d);
u64 __umoddi3(u64 n, u64 d);
s64 __divdi3(s64 n, s64 d);
s64 __moddi3(s64 n, s64 d);

u64 __udivdi3(u64 n, u64 d)
{
    return udivmod64(n, d, 0);
}

u64 __umoddi3(u64 n, u64 d)
{
    u64 r;
    udivmod64(n, d, &r);
    return r;
}

s64 __divdi3(s64 n, s64 d)
{
    u64 un = n < 0 ? 0u - (u64)n : (u64)n;
    u64 ud = d < 0 ? 0u - (u64)d : (u64)d;
    u64 q = udivmod64(un, ud, 0);
    if ((n < 0) != (d < 0))
        q = 0u - q;
    return (s64)q;
}

s64 __moddi3(s64 n, s64 d)
{
    u64 un = n < 0 ? 0u - (u64)n : (u64)n;
    u64 ud = d < 0 ? 0u - (u64)d : (u64)d;
    u64 r;
    udivmod64(un, ud, &r);
    if (n < 0)
        r = 0u - r;
    return (s64)r;
}

/* 64-bit shifts by a variable count (gcc may call these for long long):
   counts 0..63, others give what count & 63 gives. */
u64 __ashldi3(u64 v, int n);
u64 __lshrdi3(u64 v, int n);
s64 __ashrdi3(s64 v, int n);

u64 __ashldi3(u64 v, int n)
{
    unsigned int hi = (unsigned int)(v >> 32), lo = (unsigned int)v;
    n &= 63;
    if (n == 0)
        return v;
    if (n >= 32) {
        hi = lo << (n - 32);
        lo = 0;
    } else {
        hi = (hi << n) | (lo >> (32 - n));
        lo <<= n;
    }
    return ((u64)hi << 32) | lo;
}

u64 __lshrdi3(u64 v, int n)
{
    unsigned int hi = (unsigned int)(v >> 32), lo = (unsigned int)v;
    n &= 63;
    if (n == 0)
        return v;
    if (n >= 32) {
        lo = hi >> (n - 32);
        hi = 0;
    } else {
        lo = (lo >> n) | (hi << (32 - n));
        hi >>= n;
    }
    return ((u64)hi << 32) | lo;
}

s64 __ashrdi3(s64 v, int n)
{
    u64 u = (u64)v;
    u64 r;
    n &= 63;
    r = __lshrdi3(u, n);
    if (v < 0 && n != 0)
        r |= ~(u64)0 << (64 - n);   /* the sign bits shifted in */
    return (s64)r;
}
