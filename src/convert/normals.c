/* src/convert/normals.c - NTAB and CNRM (normals of the corners, for the
   lighting of the engine).

   Written only when every corner of every written polygon has an OBJ
   normal (vn): a model lit at some corners and not at others would be
   wrong, so a partial set is dropped with a warning. The normals go
   through the same axis change as the positions (not the scale), are made
   unit length, rounded to Q16.16 and merged when equal after rounding. */
#include "geometry.h"
#include "stages.h"

#include <math.h>
#include <stdlib.h>

rm_status rm_cv_build_normals(rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
    if (!m->corner_normal || c->poly_count == 0)
        return RM_OK;
    size_t missing = SIZE_MAX;
    bool some = false;
    for (size_t p = 0; p < c->poly_count; p++)
        for (unsigned k = 0; k < 4; k++) {
            if (m->corner_normal[c->polys[p].corner[k]] < 0) {
                if (missing == SIZE_MAX)
                    missing = p;
            } else {
                some = true;
            }
        }
    if (missing != SIZE_MAX) {
        if (some)
            rm_cv_face_diag(c, RM_WARNING, c->polys[missing].face,
                            "this face has no normals (vn) while others have; NTAB/CNRM (corner "
                            "normals) are written only when every face has them");
        return RM_OK;
    }

    size_t n = 4 * c->poly_count, nn = m->normal_count;
    rm_vec3x *unit = malloc((nn ? nn : 1) * sizeof *unit);
    uint8_t *done = calloc(nn ? nn : 1, 1);
    rm_vec3x *cnorm = malloc(n * sizeof *cnorm);
    uint32_t *first = malloc(n * sizeof *first);
    c->corner_normal = malloc(n * sizeof *c->corner_normal);
    rm_status st = RM_NOMEM;
    if (!unit || !done || !cnorm || !first || !c->corner_normal)
        goto out;
    for (size_t i = 0; i < n; i++) {
        uint32_t v = (uint32_t)m->corner_normal[c->polys[i / 4].corner[i % 4]];
        if (!done[v]) {
            rm_vec3d d = m->normals[v];
            if (!isfinite(d.x) || !isfinite(d.y) || !isfinite(d.z))
                rm_cv_diag(c, RM_WARNING, "normal %u (vn) is not a finite vector; (0, 0, 0) is written",
                           v + 1);
            /* Axes only: the scale does not change a direction. */
            unit[v] = rm_cv_unit_fixed(rm_cv_axis_change(d, c->opt.saturn_axes, 1.0));
            done[v] = 1;
        }
        cnorm[i] = unit[v];
    }
    size_t count = 0;
    st = rm_cv_weld(n, cnorm, NULL, NULL, true, c->corner_normal, first, &count);
    if (st != RM_OK)
        goto out;
    st = RM_NOMEM;
    c->normals = malloc((count ? count : 1) * sizeof *c->normals);
    if (!c->normals)
        goto out;
    for (size_t k = 0; k < count; k++)
        c->normals[k] = cnorm[first[k]];
    c->normal_count = count;
    c->has_normals = true;
    st = RM_OK;
out:
    free(unit);
    free(done);
    free(cnorm);
    free(first);
    return st;
}
