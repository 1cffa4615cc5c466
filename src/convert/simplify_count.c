/* src/convert/simplify_count.c - what a mesh costs in the JOM, counted by
   the converter's own steps.

   The search (simplify_search.c) needs, for each mesh meshoptimizer gives
   it, the polygons after the triangle-pair merge and the points after the
   weld: exactly what the final conversion will write, so they are counted
   by the same steps (positions, polygons, merge, groups, points), without
   the materials, textures, normals and colours that do not change them,
   and without messages (the final conversion gives those). */
#include "simplify.h"

#include <string.h>

rm_status rm_cv_simplify_count(const rm_mesh *m, const rm_convert_options *opt, size_t *polygons,
                               size_t *points)
{
    rm_cv_ctx c;
    memset(&c, 0, sizeof c);
    c.mesh = m;
    c.opt = *opt;
    c.diag = NULL;
    c.file = m->source ? m->source : "<mesh>";
    c.quiet_faces = true;
    rm_status st = rm_cv_convert_positions(&c);
    if (st == RM_OK)
        st = rm_cv_build_polygons(&c);
    if (st == RM_OK)
        st = rm_cv_merge_triangles(&c);
    /* never doomed here: the points are wanted even past the limits */
    if (st == RM_OK)
        st = rm_cv_gather_groups(&c);
    if (st == RM_OK)
        st = rm_cv_build_points(&c);
    *polygons = c.poly_count;
    *points = c.point_count;
    rm_cv_ctx_free(&c);
    return st;
}
