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
    /* One pass over the corners numbers the OBJ normals in order of first
       use (each is converted and welded once: every corner of one normal
       gets the same unit vector) and finds a corner without one. */
    size_t n = 4 * c->poly_count, nn = m->normal_count, nnn = nn ? nn : 1;
    uint32_t *of = malloc(nnn * sizeof *of);        /* OBJ normal -> used index */
    uint32_t *used_src = malloc(nnn * sizeof *used_src);
    rm_vec3x *unit = malloc(nnn * sizeof *unit);    /* by used index */
    uint32_t *entry_of = malloc(nnn * sizeof *entry_of);
    uint32_t *first = malloc(nnn * sizeof *first);
    c->corner_normal = malloc(n * sizeof *c->corner_normal);
    rm_status st = RM_NOMEM;
    if (!of || !used_src || !unit || !entry_of || !first || !c->corner_normal)
        goto out;
    for (size_t v = 0; v < nn; v++)
        of[v] = UINT32_MAX;
    size_t used = 0, missing = SIZE_MAX;
    const rm_cv_poly *polys = c->polys;
    const int32_t *corner_normal = m->corner_normal;
    uint32_t *out_normal = c->corner_normal;
    for (size_t p = 0; p < c->poly_count; p++)
        for (unsigned k = 0; k < 4; k++) {
            int32_t sv = corner_normal[polys[p].corner[k]];
            if (sv < 0) {
                if (missing == SIZE_MAX)
                    missing = p;
                continue;
            }
            uint32_t v = (uint32_t)sv;
            if (of[v] == UINT32_MAX) {
                used_src[used] = v;
                of[v] = (uint32_t)used++;
            }
            out_normal[4 * p + k] = of[v];
        }
    if (missing != SIZE_MAX) {
        if (used)
            rm_cv_face_diag(c, RM_WARNING, c->polys[missing].face,
                            "this face has no normals (vn) while others have; NTAB/CNRM (corner "
                            "normals) are written only when every face has them");
        st = RM_OK;
        goto out;
    }
    /* Failing at the polygon limit: the warnings, and the count only when
       it may be over the limit too. */
    bool count_only = c->doomed && nn <= RM_JOM_MAX_INDEX;
    for (size_t j = 0; j < used; j++) {
        uint32_t v = used_src[j];
        rm_vec3d d = m->normals[v];
        if (!isfinite(d.x) || !isfinite(d.y) || !isfinite(d.z))
            rm_cv_diag(c, RM_WARNING, "normal %u (vn) is not a finite vector; (0, 0, 0) is written",
                       v + 1);
        /* Axes only: the scale does not change a direction. */
        if (!count_only)
            unit[j] = rm_cv_unit_fixed(rm_cv_axis_change(d, c->opt.saturn_axes, 1.0));
    }
    if (count_only) {
        st = RM_OK;
        goto out;
    }
    size_t count = 0;
    st = rm_cv_weld(used, unit, NULL, NULL, true, entry_of, first, &count);
    if (st != RM_OK)
        goto out;
    st = RM_NOMEM;
    c->normals = malloc((count ? count : 1) * sizeof *c->normals);
    if (!c->normals)
        goto out;
    for (size_t k = 0; k < count; k++)
        c->normals[k] = unit[first[k]];
    for (size_t i = 0; i < n; i++)
        c->corner_normal[i] = entry_of[c->corner_normal[i]];
    c->normal_count = count;
    c->has_normals = true;
    st = RM_OK;
out:
    free(of);
    free(used_src);
    free(unit);
    free(entry_of);
    free(first);
    return st;
}
