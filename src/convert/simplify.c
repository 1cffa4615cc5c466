/* src/convert/simplify.c - a conversion to a budget: --max-polygons N,
   --max-points N, --error E (docs/convert.md, "Simplification").

   1. The source runs the converter's first steps (positions, polygons)
      with the caller's messages: its range errors and its face warnings
      are given once, with its own lines.
   2. Its triangles become an index buffer of welded vertices
      (simplify_mesh.c), its bounding radius is taken (the JOM's sphere).
   3. The source as it is, with triangle pairs joined, is counted: within
      every count limit, it is converted unchanged (error 0).
   4. Else meshoptimizer's targets are searched (simplify_search.c) until
      the JOM's counts, and the error measured both ways, are within the
      limits; when no mesh is, an error says what the simplest one has.
   5. The chosen triangles become a neutral mesh (the source's positions,
      UVs, normals, colours, materials and groups, borrowed) that the
      unchanged converter turns into the JOM, with merge_triangles on so
      that the limits count what the VDP1 draws. Its face warnings are left
      out (its faces are not the user's); its other messages are kept. */
#include "simplify.h"

#include "geometry.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool rm_cv_simplify_wanted(const rm_convert_options *opt)
{
    return opt->max_polygons || opt->max_points || opt->max_error != 0.0;
}

/* The source's bounding radius in model units: the sphere the JOM of the
   source would have (rm_cv_bounding_sphere of its used points). */
static rm_status source_radius(const rm_cv_ctx *c, double *radius)
{
    const rm_mesh *m = c->mesh;
    *radius = 0.0;
    size_t np = m->position_count;
    uint8_t *used = calloc(np ? np : 1, 1);
    rm_vec3x *pts = malloc((np ? np : 1) * sizeof *pts);
    if (!used || !pts) {
        free(used);
        free(pts);
        return RM_NOMEM;
    }
    size_t n = 0;
    for (size_t p = 0; p < c->poly_count; p++)
        for (unsigned k = 0; k < 4; k++) {
            uint32_t s = m->corner_position[c->polys[p].corner[k]];
            if (!used[s]) {
                used[s] = 1;
                pts[n++] = c->pos[s];
            }
        }
    rm_vec3x center;
    int64_t r = 0;
    bool ok = rm_cv_bounding_sphere(pts, n, &center, &r);
    free(used);
    free(pts);
    if (!ok)
        return RM_NOMEM;
    *radius = (double)r / 65536.0;
    return RM_OK;
}

/* "--max-polygons 100 and --max-points 50 within --error 2%" */
static void limits_text(const rm_convert_options *o, char *buf, size_t size)
{
    char pol[32] = "", pts[48] = "", err[64] = "";
    if (o->max_polygons)
        snprintf(pol, sizeof pol, "--max-polygons %u", o->max_polygons);
    if (o->max_points)
        snprintf(pts, sizeof pts, "%s--max-points %u", pol[0] ? " and " : "", o->max_points);
    if (o->max_error > 0.0)
        snprintf(err, sizeof err, "%s--error %g%s", pol[0] || pts[0] ? " within " : "",
                 o->max_error_is_share ? o->max_error * 100.0 : o->max_error,
                 o->max_error_is_share ? "%" : "");
    snprintf(buf, size, "%s%s%s", pol, pts, err);
}

static void report_unreachable(const rm_cv_ctx *c, const rm_cv_search *q)
{
    char lim[160];
    limits_text(&c->opt, lim, sizeof lim);
    const rm_mesh *m = c->mesh;
    if (q->lost_group != RM_MESH_NONE || q->lost_material != RM_MESH_NONE) {
        bool g = q->lost_group != RM_MESH_NONE;
        const char *name = g ? m->groups[q->lost_group].name : m->materials[q->lost_material].name;
        rm_cv_diag(c, RM_ERROR,
                   "%s: a mesh within this limit has no polygon left in %s \"%s\" (%zu polygons, "
                   "%zu points); give a higher limit, or join the small %ss",
                   lim, g ? "group" : "material", name ? name : "", q->best_polygons,
                   q->best_points, g ? "group" : "material");
        return;
    }
    char has[96];
    if (c->opt.max_polygons && c->opt.max_points)
        snprintf(has, sizeof has, "%zu polygons and %zu points", q->best_polygons, q->best_points);
    else if (c->opt.max_points)
        snprintf(has, sizeof has, "%zu points", q->best_points);
    else
        snprintf(has, sizeof has, "%zu polygons", q->best_polygons);
    rm_cv_diag(c, RM_ERROR,
               "%s: the simplest mesh that keeps the groups, material borders and UV seams%s has %s",
               lim, c->opt.max_error > 0.0 ? " within that error" : "", has);
}

rm_status rm_cv_simplify(rm_cv_ctx *c, rm_jom_model *out, rm_convert_result *result)
{
    const rm_convert_options *opt = &c->opt;
    if (opt->max_error != 0.0 && !(opt->max_error > 0.0 && isfinite(opt->max_error))) {
        rm_cv_diag(c, RM_ERROR, "the error limit must be a positive number (got %g)", opt->max_error);
        return RM_USAGE;
    }
    if (!rm_cv_check_mesh(c))
        return RM_INVALID;
    rm_status st = rm_cv_convert_positions(c);
    if (st == RM_OK)
        st = rm_cv_build_polygons(c);
    if (st != RM_OK)
        return st;

    rm_cv_smesh s;
    st = rm_cv_smesh_build(c, &s);
    if (st != RM_OK)
        return st;
    double radius = 0.0;
    st = source_radius(c, &radius);

    /* the final conversion's options: no limit, pairs joined */
    rm_convert_options base = *opt;
    base.max_polygons = base.max_points = 0;
    base.max_error = 0.0;
    base.max_error_is_share = false;
    base.merge_triangles = true;

    /* The source's own counts, unless it is surely over: a polygon is at
       most two of its triangles. */
    size_t polygons0 = SIZE_MAX, points0 = SIZE_MAX;
    if (st == RM_OK && !(opt->max_polygons && s.index_count / 3 > 2 * (size_t)opt->max_polygons))
        st = rm_cv_simplify_count(c->mesh, &base, &polygons0, &points0);
    rm_cv_search q;
    memset(&q, 0, sizeof q);
    q.s = &s;
    q.mesh = c->mesh;
    q.opt = base;
    q.max_polygons = opt->max_polygons;
    q.max_points = opt->max_points;
    q.max_error = opt->max_error > 0.0 ? (opt->max_error_is_share ? opt->max_error * radius
                                                                  : opt->max_error)
                                       : 0.0;
    bool counts = opt->max_polygons || opt->max_points;
    bool within = counts && (!opt->max_polygons || polygons0 <= opt->max_polygons) &&
                  (!opt->max_points || points0 <= opt->max_points);
    rm_mesh view;
    memset(&view, 0, sizeof view);
    bool have_view = false;
    if (st == RM_OK && !within) {
        if (q.max_error == 0.0 && !counts) {
            /* --error given as a share of a radius of 0 (every point at one
               place): nothing can move */
            within = true;
        } else {
            st = rm_cv_simplify_search(&q);
            if (st == RM_OK && q.unreachable) {
                report_unreachable(c, &q);
                st = RM_INVALID;
            }
            if (st == RM_OK) {
                st = rm_cv_smesh_view(&s, c->mesh, opt->saturn_axes, q.indices, q.index_count / 3,
                                      &view);
                have_view = st == RM_OK;
            }
        }
    }
    size_t before = s.index_count / 3;
    if (st == RM_OK) {
        rm_cv_ctx f;
        memset(&f, 0, sizeof f);
        f.mesh = have_view ? &view : c->mesh;
        f.opt = base;
        f.diag = c->diag;
        f.file = c->file;
        f.quiet_faces = true;
        st = rm_cv_run(&f, out, result);
        rm_cv_ctx_free(&f);
    }
    /* The counts are the converter's own: a JOM over a limit here is a
       bug of this file, not something to hand out. */
    if (st == RM_OK && ((opt->max_polygons && out->polygon_count > opt->max_polygons) ||
                        (opt->max_points && out->point_count > opt->max_points))) {
        rm_cv_diag(c, RM_ERROR,
                   "internal error: the simplified model has %u polygons and %u points, over the "
                   "limits the search met (%zu and %zu)",
                   out->polygon_count, out->point_count, q.polygons, q.points);
        st = RM_INVALID;
    }
    if (st == RM_OK && result) {
        rm_convert_simplify *r = &result->simplify;
        r->done = true;
        r->triangles_before = before;
        r->triangles_after = have_view ? q.index_count / 3 : before;
        r->polygons_after = out->polygon_count;
        r->points_after = out->point_count;
        r->error = have_view ? q.error : 0.0;
        r->radius = radius;
        r->error_share = radius > 0.0 ? r->error / radius : 0.0;
    }
    if (have_view)
        rm_cv_smesh_view_free(&view);
    free(q.indices);
    rm_cv_smesh_free(&s);
    return st;
}
