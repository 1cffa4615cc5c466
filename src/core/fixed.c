/* src/core/fixed.c - see include/retromesh/fixed.h. */
#include "retromesh/fixed.h"

#include <math.h>

bool rm_fixed_from_double(double v, rm_fixed *out)
{
    if (!isfinite(v))
        return false;
    /* round() is exact and rounds halves away from zero on every IEEE host. */
    double scaled = round(v * 65536.0);
    if (scaled > 2147483647.0 || scaled < -2147483648.0)
        return false;
    *out = (rm_fixed)scaled;
    return true;
}
