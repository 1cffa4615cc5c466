/* src/convert/geometry.h - the pure geometry of the converter: normals,
   triangle rotation, quad checks, n-gon cutting, bounding sphere.

   Usage (what faces.c does with one face):
     rm_vec3d p[n];                       // corners in the final (Saturn) order
     rm_vec3d nw = rm_cv_newell(p, n);    // twice the area, right-hand rule
     if (rm_cv_is_zero_area(p, n)) ...skip...
     rm_vec3x normal = rm_cv_outward_normal(p, n);   // unit, Q16.16
     rm_cv_cut_polygon(p, n, pieces, &count, &overlap);

   Nothing here knows the mesh, the options or the diagnostics: plain arrays
   in, plain arrays out, so the tests call each function directly. The
   coordinates are doubles; the pipeline passes the Q16.16 positions as
   doubles in raw units (1.0 = 1/65536), which are exact integers, so that
   every decision is taken on the values that end up in the file. All the
   tolerances are relative (angles, ratios), never absolute distances. */
#ifndef RM_CONVERT_GEOMETRY_H
#define RM_CONVERT_GEOMETRY_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/diag.h"
#include "retromesh/fixed.h"
#include "retromesh/mesh.h"

/* A turn whose sine is below this counts as straight (collinear corners). */
#define RM_CV_STRAIGHT_SINE 1e-12
/* A polygon whose doubled area is below this times its squared perimeter
   has zero area. */
#define RM_CV_ZERO_AREA_RATIO 1e-12
/* A quad is "not planar" when a corner is farther than this fraction of its
   longest diagonal from the plane through its center (about 11 degrees of
   fold between the two halves of a square). */
#define RM_CV_PLANAR_RATIO 0.025

/* ---- newell.c ---------------------------------------------------------- */

/* Newell's vector of the polygon p[0..n-1] (corners in order): its direction
   is the normal by the right-hand rule, its length twice the area. Computed
   relative to p[0] for precision. */
rm_vec3d rm_cv_newell(const rm_vec3d *p, size_t n);

/* Sum of the edge lengths of the closed polygon. */
double rm_cv_perimeter(const rm_vec3d *p, size_t n);

/* True when the polygon has no area (collinear or cancelling corners). */
bool rm_cv_is_zero_area(const rm_vec3d *p, size_t n);

/* rm_cv_is_zero_area with the polygon's Newell vector nw already known
   (rm_cv_newell(p, n)). */
bool rm_cv_is_zero_area_nw(const rm_vec3d *p, size_t n, rm_vec3d nw);

/* True when rm_cv_newell of the triangle (as raw doubles) is exact, its
   coordinates being less than 2^26 raw units apart: the exact cross product
   does not depend on which corner is first, so then every rotation of the
   triangle has the same Newell vector, bit for bit. */
bool rm_cv_newell_exact3(const rm_vec3x p[3]);

/* v scaled to unit length and rounded to Q16.16. A zero or non-finite
   vector gives (0, 0, 0). */
rm_vec3x rm_cv_unit_fixed(rm_vec3d v);

/* The outward normal of a polygon whose corners are in the final Saturn
   order (front faces clockwise on screen): -newell(p), unit, Q16.16. */
rm_vec3x rm_cv_outward_normal(const rm_vec3d *p, size_t n);
/* The same from the Newell vector of the polygon in its final order. */
rm_vec3x rm_cv_outward_of_newell(rm_vec3d nw);

/* Positions as doubles in raw Q16.16 units (exact). */
static inline rm_vec3d rm_cv_raw(rm_vec3x p)
{
    rm_vec3d d = { (double)p.x, (double)p.y, (double)p.z };
    return d;
}

static inline bool rm_cv_vec3x_equal(rm_vec3x a, rm_vec3x b)
{
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Small vector arithmetic on doubles (one copy for quad.c, merge.c, ...). */
static inline rm_vec3d rm_cv_sub(rm_vec3d a, rm_vec3d b)
{
    rm_vec3d r = { a.x - b.x, a.y - b.y, a.z - b.z };
    return r;
}

static inline double rm_cv_dot(rm_vec3d a, rm_vec3d b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline rm_vec3d rm_cv_cross(rm_vec3d a, rm_vec3d b)
{
    rm_vec3d r = { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
    return r;
}

static inline double rm_cv_len(rm_vec3d a)
{
    return sqrt(rm_cv_dot(a, a));
}

/* ---- triangle.c -------------------------------------------------------- */

/* Index k (0, 1 or 2) of the shortest edge p[k]-p[(k+1)%3]; on a tie, the
   first in that order. Lengths are compared exactly. The triangle written
   is then (p[k], p[k+1], p[k+2], p[k+2]). */
unsigned rm_cv_shortest_edge(const rm_vec3x p[3]);

/* ---- wide.c: exact squared distances (up to 3 * 2^64) ------------------ */

typedef struct rm_cv_u128 {
    uint64_t hi, lo;
} rm_cv_u128;

/* dx^2 + dy^2 + dz^2 between two Q16.16 points, exactly. */
rm_cv_u128 rm_cv_dist2(rm_vec3x a, rm_vec3x b);
/* r * r, exactly. */
rm_cv_u128 rm_cv_square(uint64_t r);
int rm_cv_u128_cmp(rm_cv_u128 a, rm_cv_u128 b);
double rm_cv_u128_to_double(rm_cv_u128 a);

/* ---- quad.c ------------------------------------------------------------ */

typedef struct rm_cv_quad_shape {
    bool concave;           /* a corner turns the wrong way (or the quad crosses itself) */
    unsigned concave_corner;/* 0..3: the first such corner */
    bool nonplanar;         /* a corner is off the plane by more than RM_CV_PLANAR_RATIO */
    double off_plane;       /* largest distance of a corner from the plane */
} rm_cv_quad_shape;

/* Checks a quad given in order (any consistent orientation: the turns are
   measured against its own Newell normal). */
rm_cv_quad_shape rm_cv_quad_check(const rm_vec3d p[4]);

/* ---- ngon.c ------------------------------------------------------------ */

/* One piece of a cut polygon: 3 or 4 indexes into the polygon's corners, in
   the polygon's orientation, starting at the lowest index. */
typedef struct rm_cv_piece {
    uint32_t count;
    uint32_t v[4];
} rm_cv_piece;

/* The smallest p dividing n such that the cyclic sequence repeats every p
   corners (same Q16.16 position), n when it does not repeat. A face that
   lists the same corners twice or more is written once. */
size_t rm_cv_period(const rm_vec3x *p, size_t n);

/* Projects the polygon on the plane of its Newell normal, in a basis
   where it turns counterclockwise (positive area). Coordinates are
   relative to p[0]; a polygon in a coordinate plane keeps exact values. */
void rm_cv_project(const rm_vec3d *p, size_t n, double (*xy)[2]);

/* Ear clipping of the counterclockwise polygon xy[0..n-1] (n >= 3).
   Writes up to n-2 triangles (indexes, counterclockwise) in the order they
   are cut, and for each the triangle it shares its closing diagonal with
   (parent[t] > t, or -1): the dual tree, children before parents.
   Always n - 2 triangles: no corner is ever dropped. Straight corners are
   cut last (a triangle of no area, that the steps after it take into a
   quad or flip away). *forced is set when no valid ear existed (a polygon
   that crosses itself): a corner was cut anyway.
   Returns RM_NOMEM on allocation failure. */
rm_status rm_cv_ear_clip(const double (*xy)[2], size_t n, uint32_t (*tri)[3],
                         int32_t *parent, size_t *tri_count, bool *forced);

/* Pairs triangles with their parent into convex quads: a maximum matching
   of the dual tree (greedy from the leaves, optimal on a forest). Writes
   the pieces in the order of their first triangle; returns their count,
   SIZE_MAX when out of memory. */
size_t rm_cv_pair_triangles(const double (*xy)[2], const uint32_t (*tri)[3],
                            const int32_t *parent, size_t tri_count, rm_cv_piece *out);

/* The whole cut of a polygon of n >= 3 corners: project, ear-clip, pair.
   `out` holds n - 2 pieces. Every corner is in a piece and the pieces
   use every edge of the polygon once and each diagonal twice (the other
   way round), so a closed mesh stays closed; the one exception is a
   triangle with no area in 3D (a truly straight corner, a hair) that no
   neighbour can take in. *overlap is set when a piece does not face the
   polygon's normal (seen along it, the polygon crosses itself: a strongly
   bent face). A convex polygon gives ceil((n-2)/2) pieces. */
rm_status rm_cv_cut_polygon(const rm_vec3d *p, size_t n, rm_cv_piece *out,
                            size_t *count, bool *overlap);

/* The same pairing with the 3D corners p and the polygon's unit normal
   nrm (rm_cv_face_normal): a triangle with no area in 3D
   is taken into a quad when it is a straight corner and a neighbour is
   free, else left out; other pairs must both face the polygon's normal
   (cosine at least RM_CV_PAIR_FACING) and make a quad that is convex in
   3D too (rm_cv_quad_check). */
#define RM_CV_PAIR_FACING 0.5
size_t rm_cv_pair_triangles_3d(const double (*xy)[2], const rm_vec3d *p, rm_vec3d nrm,
                               const uint32_t (*tri)[3], const int32_t *parent,
                               size_t tri_count, rm_cv_piece *out);

/* ---- ngon3d.c: the 3D side of the cut ----------------------------------- */

/* The unit Newell normal of the polygon ((0, 0, 1) when it has none). */
rm_vec3d rm_cv_face_normal(const rm_vec3d *p, size_t n);
/* True when the triangle has no area in 3D: its sine is below
   RM_CV_STRAIGHT_SINE (collinear corners, or two at one place). */
bool rm_cv_no_area(rm_vec3d a, rm_vec3d b, rm_vec3d c);
/* How well the triangle (p[a], p[b], p[c]) faces the unit normal n: the
   cosine of the angle between its normal and n, -2 when it has no area. */
double rm_cv_facing(const rm_vec3d *p, uint32_t a, uint32_t b, uint32_t c, rm_vec3d n);
/* Improves the triangles of a cut polygon p[0..n-1] by flipping diagonals
   (max-min of rm_cv_facing; a flip needs both new triangles facing the
   normal), when one triangle does not face the normal fully (a bent face,
   a straight corner). The corners and the polygon's edges stay; when a
   flip was made (*flipped) the triangles are renumbered in a post-order
   of the new dual tree and parent is rebuilt. Faces of more than 4096
   triangles are left as they are. */
rm_status rm_cv_flip_diagonals(const rm_vec3d *p, size_t n, uint32_t (*tri)[3], int32_t *parent,
                               size_t count, bool *flipped);

/* Signed area of a 2D polygon given by indexes (for checks and tests). */
double rm_cv_area2d(const double (*xy)[2], const uint32_t *idx, size_t n);

/* ---- sphere.c ---------------------------------------------------------- */

/* A tight sphere around the points: Ritter's sphere refined by a few
   shrink-and-regrow passes (deterministic order), or the sphere around the
   center of the box when that one is smaller. The center is rounded to
   Q16.16, then *radius is the smallest integer (raw units) such that every
   point is inside, checked exactly. No points: center 0, radius 0.
   Returns false on allocation failure. */
bool rm_cv_bounding_sphere(const rm_vec3x *p, size_t n, rm_vec3x *center, int64_t *radius);

/* Smallest r (raw units) with |p - c| <= r for every point, exactly. */
int64_t rm_cv_radius_around(const rm_vec3x *p, size_t n, rm_vec3x c);

#endif
