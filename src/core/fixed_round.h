/* src/core/fixed_round.h - the double -> Q16.16 rounding, inline: the body
   of rm_fixed_from_double() (core/fixed.c), for the converter's per-vertex
   and per-polygon loops.

   Usage:
     rm_fixed f;
     if (!rm_fixed_round(v, &f)) ...not finite, or outside Q16.16...

   round(v * 65536), halves away from zero; false, *out untouched, when that
   is not finite or does not fit an int32; without the two library calls
   (isfinite, round) per coordinate. tests/convert/test_convert_fast.c
   compares it with the round() formula. */
#ifndef RM_CORE_FIXED_ROUND_H
#define RM_CORE_FIXED_ROUND_H

#include <stdbool.h>
#include <stdint.h>

#include "retromesh/fixed.h"

static inline bool rm_fixed_round(double v, rm_fixed *out)
{
    double s = v * 65536.0;
    /* round(s) fits an int32 exactly when -2^31 - 0.5 < s < 2^31 - 0.5
       (both bounds are doubles); NaN and infinities fail the test. */
    if (!(s < 2147483647.5 && s > -2147483648.5))
        return false;
    /* The truncation is exact here, and so is the fraction s - t (|s| is
       far below 2^52): rounding half away from zero is then one test. */
    int64_t t = (int64_t)s;
    double f = s - (double)t;
    if (f >= 0.5)
        t++;
    else if (f <= -0.5)
        t--;
    *out = (rm_fixed)t;
    return true;
}

#endif
