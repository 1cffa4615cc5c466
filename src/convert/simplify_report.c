/* src/convert/simplify_report.c - the line that says what a simplification
   did, printed after the budget line. */
#include <stdio.h>

#include "retromesh/convert.h"

void rm_convert_simplify_line(const rm_convert_simplify *s, char *buf, size_t size)
{
    if (!buf || size == 0)
        return;
    if (!s || !s->done) {
        buf[0] = 0;
        return;
    }
    /* within the limits as it was: converted unchanged */
    if (s->triangles_after == s->triangles_before && s->error == 0.0) {
        snprintf(buf, size,
                 "not simplified: %llu triangles as %u polygons and %u points are within the limits",
                 (unsigned long long)s->triangles_before, s->polygons_after, s->points_after);
        return;
    }
    snprintf(buf, size,
             "simplified %llu triangles to %u polygons (%llu triangles, %u points): error %.4g "
             "(%.2f%% of the radius %.4g)",
             (unsigned long long)s->triangles_before, s->polygons_after,
             (unsigned long long)s->triangles_after, s->points_after, s->error, s->error_share * 100.0,
             s->radius);
}
