/* src/core/fixed.c - see include/retromesh/fixed.h. */
#include "retromesh/fixed.h"

#include "core/fixed_round.h"

bool rm_fixed_from_double(double v, rm_fixed *out)
{
    return rm_fixed_round(v, out);
}
