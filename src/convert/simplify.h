/* src/convert/simplify.h - simplification to a budget (--max-polygons,
   --max-points, --error; docs/convert.md, "Simplification").

   Usage (obj_to_jom.c):
     if (rm_cv_simplify_wanted(&c.opt))
         st = rm_cv_simplify(&c, out, result);    // instead of rm_cv_run

   The parts, one job a file:
     simplify.c         the driver: the source's triangles, the search, the
                        final conversion, rm_convert_result.simplify
     simplify_mesh.c    neutral mesh -> one vertex per distinct corner and a
                        triangle index buffer; index buffer -> neutral mesh
     simplify_search.c  meshoptimizer's target searched until the JOM's
                        counts (and the measured error) are within the limits
     simplify_count.c   the JOM's polygon and point counts of a mesh, from
                        the converter's own steps
     simplify_grid.c    a uniform grid of triangles: the distance from a point
                        to the nearest one, exactly
     simplify_error.c   the largest distance between two surfaces, sampled
                        both ways
   Distances are in model units after --scale (the Saturn's axes: a
   rotation, so distances are those of the source turned). */
#ifndef RM_CONVERT_SIMPLIFY_H
#define RM_CONVERT_SIMPLIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stages.h"

/* ---- obj_to_jom.c -------------------------------------------------------- */

/* The mesh's arrays agree with its counts (an error message otherwise). */
bool rm_cv_check_mesh(const rm_cv_ctx *c);
/* Every step of the conversion of c->mesh with c->opt (no simplification). */
rm_status rm_cv_run(rm_cv_ctx *c, rm_jom_model *out, rm_convert_result *result);

/* ---- simplify.c ----------------------------------------------------------- */

/* One of max_polygons, max_points, max_error is set. */
bool rm_cv_simplify_wanted(const rm_convert_options *opt);
/* The conversion with a budget: c is set up as for rm_cv_run (options,
   mesh, diag), nothing run yet. */
rm_status rm_cv_simplify(rm_cv_ctx *c, rm_jom_model *out, rm_convert_result *result);

/* ---- simplify_mesh.c ------------------------------------------------------ */

/* The source as meshoptimizer sees it: one vertex per distinct (position,
   UV, normal, colour, material, group) corner, so that a UV seam, a hard
   edge, a colour border, a material or group border is two vertices at
   one position (meshoptimizer keeps such seams and never joins the two
   sides), and the triangles of the converter's polygons (a quad is two). */
typedef struct rm_cv_smesh {
    size_t vertex_count;
    float *fpos;            /* 3 a vertex: what meshoptimizer reads */
    double *pos;            /* 3 a vertex: model units after scale and axes */
    uint32_t *corner;       /* the mesh corner a vertex stands for (position, uv, normal) */
    uint32_t *material;     /* mesh material of the vertex's faces, RM_MESH_NONE: none */
    uint32_t *group;        /* mesh group, RM_MESH_NONE: none */
    size_t index_count;     /* 3 a triangle */
    uint32_t *indices;      /* in the converter's corner order (front faces clockwise) */
} rm_cv_smesh;

/* From a context where rm_cv_convert_positions and rm_cv_build_polygons
   have run. */
rm_status rm_cv_smesh_build(const rm_cv_ctx *c, rm_cv_smesh *s);
void rm_cv_smesh_free(rm_cv_smesh *s);

/* A neutral mesh of the triangles idx[0 .. 3 tri_count) of s: the arrays
   of `src` (positions, UVs, normals, colours, materials, groups,
   skeleton) are borrowed, only the faces are its own, free them with
   rm_cv_smesh_view_free (never rm_mesh_free). The faces are written in
   the source's corner order (the converter turns them again). */
rm_status rm_cv_smesh_view(const rm_cv_smesh *s, const rm_mesh *src, bool saturn_axes,
                           const uint32_t *idx, size_t tri_count, rm_mesh *view);
void rm_cv_smesh_view_free(rm_mesh *view);

/* ---- simplify_count.c ----------------------------------------------------- */

/* The JOM's polygon and point counts of a conversion of m with opt, from
   the converter's steps (positions, polygons, merge, groups, points), no
   message, no texture. */
rm_status rm_cv_simplify_count(const rm_mesh *m, const rm_convert_options *opt, size_t *polygons,
                               size_t *points);

/* ---- simplify_search.c ---------------------------------------------------- */

/* What the search is asked for (0: no limit) and what it found. */
typedef struct rm_cv_search {
    /* in */
    const rm_cv_smesh *s;
    const rm_mesh *mesh;            /* the source */
    rm_convert_options opt;         /* the final conversion's options (merge on, no limit) */
    uint32_t max_polygons, max_points;
    double max_error;               /* model units, 0: none */
    /* out */
    uint32_t *indices;              /* malloc'd; the chosen triangles */
    size_t index_count;
    size_t polygons, points;        /* of the chosen mesh */
    double error;                   /* measured, model units */
    unsigned trials;                /* meshoptimizer runs */
    /* when no mesh is within the limits: what the simplest one reached */
    bool unreachable;
    size_t best_polygons, best_points;
    uint32_t lost_group, lost_material;     /* RM_MESH_NONE: none lost */
} rm_cv_search;

/* RM_OK with the chosen mesh, or RM_OK with `unreachable` set (no message:
   the driver words it); RM_NOMEM. */
rm_status rm_cv_simplify_search(rm_cv_search *q);

/* ---- simplify_grid.c ------------------------------------------------------ */

/* Triangles (pos: 3 doubles a vertex, idx: 3 a triangle) binned in a
   uniform grid of about 8 cells a triangle. */
typedef struct rm_cv_tri_grid {
    const double *pos;
    const uint32_t *idx;
    size_t tri_count;
    double lo[3];           /* the grid's corner */
    double cell;            /* side of a cell */
    uint32_t dim[3];
    uint32_t *cell_start;   /* dim[0] dim[1] dim[2] + 1 */
    uint32_t *cell_tri;
    uint32_t *stamp;        /* tri_count: the last query that tested the triangle */
    double *box;            /* tri_count * 6: each triangle's bounding box (low, high) */
    uint32_t query;
} rm_cv_tri_grid;

rm_status rm_cv_grid_build(rm_cv_tri_grid *g, const double *pos, const uint32_t *idx,
                           size_t tri_count);
void rm_cv_grid_free(rm_cv_tri_grid *g);
/* The distance from p to the nearest triangle, exactly (searched in
   shells of cells until no farther cell can be nearer); INFINITY without
   triangles. */
double rm_cv_grid_distance(rm_cv_tri_grid *g, const double p[3]);
/* The squared distance from p to the triangle a b c (a degenerate one is
   its longest edge). */
double rm_cv_point_triangle_d2(const double p[3], const double a[3], const double b[3],
                               const double c[3]);

/* ---- simplify_error.c ----------------------------------------------------- */

/* A triangle set: 3 doubles a vertex, 3 indices a triangle. */
typedef struct rm_cv_surface {
    const double *pos;
    size_t vertex_count;
    const uint32_t *idx;
    size_t tri_count;
} rm_cv_surface;

/* About this many samples a surface (each vertex used, plus points on a
   regular barycentric grid in every triangle). */
#define RM_CV_ERROR_SAMPLES 60000u

/* The largest distance from a sample of `from` to the surface `to`, and
   *spacing the sampling step (the true largest distance is at most
   that much more). */
rm_status rm_cv_surface_distance_from(const rm_cv_surface *from, const rm_cv_surface *to,
                                      size_t samples, double *dist, double *spacing);
/* Both ways: the larger of the two. */
rm_status rm_cv_surface_distance(const rm_cv_surface *a, const rm_cv_surface *b, size_t samples,
                                 double *dist);

#endif
