/* The pure geometry of the converter (src/convert/geometry.h): Newell
   normals, the shortest-edge rotation, quad checks, repeated corners,
   n-gon cutting and the bounding sphere. Each expected value is worked out
   in the comment beside it; the n-gon checks recompute areas, convexity and
   containment here, independently of the code under test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "convert/geometry.h"

/* ---- Newell normals ------------------------------------------------------ */

static void newell_of_a_square(void **state)
{
    (void)state;
    /* Unit square in the XY plane, counterclockwise seen from +Z: Newell's
       vector is (0, 0, 2) (twice the area 1). */
    rm_vec3d sq[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
    rm_vec3d n = rm_cv_newell(sq, 4);
    assert_true(n.x == 0.0 && n.y == 0.0 && n.z == 2.0);
    /* The same with another first corner: Newell does not depend on it. */
    rm_vec3d sq2[4] = { { 1, 1, 0 }, { 0, 1, 0 }, { 0, 0, 0 }, { 1, 0, 0 } };
    n = rm_cv_newell(sq2, 4);
    assert_true(n.x == 0.0 && n.y == 0.0 && n.z == 2.0);
    /* Outward = -newell of the final (clockwise) order: (0, 0, -1). */
    rm_vec3x o = rm_cv_outward_normal(sq, 4);
    assert_int_equal(o.x, 0);
    assert_int_equal(o.y, 0);
    assert_int_equal(o.z, -65536);
}

static void unit_vectors_in_fixed(void **state)
{
    (void)state;
    /* (3,4,0)/5 = (0.6, 0.8, 0): 0.6 * 65536 = 39321.6 -> 39322,
       0.8 * 65536 = 52428.8 -> 52429. */
    rm_vec3d v = { 3, 4, 0 };
    rm_vec3x u = rm_cv_unit_fixed(v);
    assert_int_equal(u.x, 39322);
    assert_int_equal(u.y, 52429);
    assert_int_equal(u.z, 0);
    /* Zero stays zero; NaN gives zero. */
    rm_vec3d zero = { 0, 0, 0 }, bad = { NAN, 1, 0 };
    u = rm_cv_unit_fixed(zero);
    assert_true(u.x == 0 && u.y == 0 && u.z == 0);
    u = rm_cv_unit_fixed(bad);
    assert_true(u.x == 0 && u.y == 0 && u.z == 0);
    /* No underflow or overflow: (1e-200, 0, 0) -> (1, 0, 0); (1e200, 1e200, 0)
       -> 1/sqrt(2) = 0.70710678 * 65536 = 46340.95 -> 46341. */
    rm_vec3d tiny = { 1e-200, 0, 0 }, huge = { 1e200, 1e200, 0 };
    u = rm_cv_unit_fixed(tiny);
    assert_int_equal(u.x, 65536);
    u = rm_cv_unit_fixed(huge);
    assert_int_equal(u.x, 46341);
    assert_int_equal(u.y, 46341);
}

static void zero_area(void **state)
{
    (void)state;
    rm_vec3d line[3] = { { 0, 0, 0 }, { 1, 1, 1 }, { 3, 3, 3 } };
    assert_true(rm_cv_is_zero_area(line, 3));
    /* A face going round a square and back: cancelling areas. */
    rm_vec3d back[4] = { { 0, 0, 0 }, { 5, 0, 0 }, { 0, 0, 0 }, { 0, 5, 0 } };
    assert_true(rm_cv_is_zero_area(back, 4));
    /* A thin but real sliver: 1 raw unit high, 1e6 long: kept. */
    rm_vec3d thin[3] = { { 0, 0, 0 }, { 1e6, 0, 0 }, { 0, 1, 0 } };
    assert_false(rm_cv_is_zero_area(thin, 3));
}

/* ---- triangle rotation --------------------------------------------------- */

static void shortest_edge(void **state)
{
    (void)state;
    /* Edges: p0-p1 = 10, p1-p2 = 3, p2-p0 = sqrt(109): k = 1. */
    rm_vec3x a[3] = { { 0, 0, 0 }, { 10, 0, 0 }, { 10, 3, 0 } };
    assert_int_equal(rm_cv_shortest_edge(a), 1);
    /* Right isosceles: p0-p1 = 1, p1-p2 = sqrt(2), p2-p0 = 1: tie between
       edges 0 and 2, the first wins: k = 0. */
    rm_vec3x b[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    assert_int_equal(rm_cv_shortest_edge(b), 0);
    /* p0-p1 = 4, p1-p2 = sqrt(5), p2-p0 = sqrt(5): tie, k = 1. */
    rm_vec3x c[3] = { { 0, 0, 0 }, { 4, 0, 0 }, { 2, 1, 0 } };
    assert_int_equal(rm_cv_shortest_edge(c), 1);
    /* Exactness: a = 2^31 - 1. p0-p1^2 = a^2 + 1, p2-p0^2 = a^2 (p1-p2 is
       longer). In doubles a^2 + 1 == a^2 (2^62 needs more than 53 bits),
       which would make a tie and pick 0; exactly, edge 2 is shorter. */
    rm_vec3x d[3] = { { 0, 0, 0 }, { INT32_MAX, 0, 1 }, { 0, INT32_MAX, 0 } };
    assert_int_equal(rm_cv_shortest_edge(d), 2);
}

/* ---- quads --------------------------------------------------------------- */

static void quad_checks(void **state)
{
    (void)state;
    rm_vec3d square[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
    rm_cv_quad_shape s = rm_cv_quad_check(square);
    assert_false(s.concave);
    assert_false(s.nonplanar);
    /* The same square turning the other way: still convex. */
    rm_vec3d cw[4] = { { 0, 1, 0 }, { 1, 1, 0 }, { 1, 0, 0 }, { 0, 0, 0 } };
    assert_false(rm_cv_quad_check(cw).concave);
    /* A dart A(0,0) B(4,0) C(1,1) D(0,4): area 4 (counterclockwise); the
       turn at C is (C-B) x (D-C) = (-3,1) x (-1,3) = -9 + 1 = -8 < 0:
       concave at corner 2. */
    rm_vec3d dart[4] = { { 0, 0, 0 }, { 4, 0, 0 }, { 1, 1, 0 }, { 0, 4, 0 } };
    s = rm_cv_quad_check(dart);
    assert_true(s.concave);
    assert_int_equal(s.concave_corner, 2);
    /* Three corners on a line: a triangle drawn as a quad, convex. */
    rm_vec3d flat[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 1, 1, 0 } };
    assert_false(rm_cv_quad_check(flat).concave);
    /* A square folded: C lifted by h. Newell = (-h, -h, 2); each corner is
       (h/2) / sqrt(2h^2 + 4) off the plane, the diagonal is sqrt(2 + h^2).
       h = 0.1: 0.05 / 2.00499 = 0.02494, ratio 0.01759 < 0.025: planar.
       h = 0.2: 0.1 / 2.01990 = 0.04951, ratio 0.03466 > 0.025: bent. */
    rm_vec3d f1[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0.1 }, { 0, 1, 0 } };
    s = rm_cv_quad_check(f1);
    assert_false(s.nonplanar);
    assert_true(fabs(s.off_plane - 0.05 / sqrt(0.02 + 4.0)) < 1e-12);
    rm_vec3d f2[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0.2 }, { 0, 1, 0 } };
    s = rm_cv_quad_check(f2);
    assert_true(s.nonplanar);
    assert_true(fabs(s.off_plane - 0.1 / sqrt(0.08 + 4.0)) < 1e-12);
}

/* ---- repeated corners ---------------------------------------------------- */

static rm_vec3x P(int32_t x)
{
    rm_vec3x p = { x, 0, 0 };
    return p;
}

static void period_of_corners(void **state)
{
    (void)state;
    rm_vec3x a[8] = { P(1), P(2), P(3), P(4), P(1), P(2), P(3), P(4) };
    assert_int_equal(rm_cv_period(a, 8), 4);
    /* 1 2 1 2 1: period 2 does not divide 5: no repetition. */
    rm_vec3x b[5] = { P(1), P(2), P(1), P(2), P(1) };
    assert_int_equal(rm_cv_period(b, 5), 5);
    rm_vec3x c[3] = { P(7), P(7), P(7) };
    assert_int_equal(rm_cv_period(c, 3), 1);
    rm_vec3x d[3] = { P(1), P(2), P(3) };
    assert_int_equal(rm_cv_period(d, 3), 3);
    /* The corpus' 936-corner face: 1 2 3 4 written 234 times. */
    rm_vec3x *e = malloc(936 * sizeof *e);
    assert_non_null(e);
    for (int i = 0; i < 936; i++)
        e[i] = P(i % 4 + 1);
    assert_int_equal(rm_cv_period(e, 936), 4);
    free(e);
}

/* ---- n-gon cutting: independent checks ----------------------------------- */

typedef struct pt2 {
    double x, y;
} pt2;

static double cross3(pt2 a, pt2 b, pt2 c)
{
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

static double shoelace(const pt2 *p, const uint32_t *idx, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++) {
        pt2 a = p[idx ? idx[i] : i], b = p[idx ? idx[(i + 1) % n] : (i + 1) % n];
        s += a.x * b.y - a.y * b.x;
    }
    return s / 2.0;
}

/* Crossing number: is q strictly inside the polygon p? */
static bool inside(const pt2 *p, size_t n, pt2 q)
{
    bool in = false;
    for (size_t i = 0, j = n - 1; i < n; j = i++) {
        if ((p[i].y > q.y) != (p[j].y > q.y)) {
            double x = p[j].x + (q.y - p[j].y) * (p[i].x - p[j].x) / (p[i].y - p[j].y);
            if (q.x < x)
                in = !in;
        }
    }
    return in;
}

/* Do segments ab and cd cross at a point inside both (not at an end)? */
static bool proper_cross(pt2 a, pt2 b, pt2 c, pt2 d)
{
    double d1 = cross3(a, b, c), d2 = cross3(a, b, d), d3 = cross3(c, d, a), d4 = cross3(c, d, b);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/* Cuts the polygon (z = 0, counterclockwise) and checks: pieces of 3 or 4
   distinct corners, each convex and turning counterclockwise, their areas
   adding up to the polygon's, each centroid inside the polygon, no piece
   edge crossing a polygon edge. Returns the number of pieces. */
static size_t cut_and_check(const pt2 *p, size_t n, rm_cv_piece **pieces_out)
{
    rm_vec3d *q = malloc(n * sizeof *q);
    rm_cv_piece *pieces = malloc(n * sizeof *pieces);
    assert_non_null(q);
    assert_non_null(pieces);
    for (size_t i = 0; i < n; i++) {
        q[i].x = p[i].x;
        q[i].y = p[i].y;
        q[i].z = 0.0;
    }
    size_t count = 0;
    bool overlap = true;
    assert_int_equal(rm_cv_cut_polygon(q, n, pieces, &count, &overlap), RM_OK);
    assert_false(overlap);
    double total = 0.0;
    for (size_t k = 0; k < count; k++) {
        const rm_cv_piece *pc = &pieces[k];
        assert_true(pc->count == 3 || pc->count == 4);
        for (uint32_t i = 0; i < pc->count; i++) {
            assert_true(pc->v[i] < n);
            for (uint32_t j = 0; j < i; j++)
                assert_true(pc->v[i] != pc->v[j]);
        }
        if (pc->count == 3)
            assert_int_equal(pc->v[3], pc->v[2]);
        double a = shoelace(p, pc->v, pc->count);
        assert_true(a > 0.0);
        total += a;
        pt2 c = { 0, 0 };
        for (uint32_t i = 0; i < pc->count; i++) {
            pt2 prev = p[pc->v[(i + pc->count - 1) % pc->count]];
            pt2 cur = p[pc->v[i]], next = p[pc->v[(i + 1) % pc->count]];
            assert_true(cross3(prev, cur, next) >= 0.0);    /* convex (straight allowed) */
            c.x += cur.x / pc->count;
            c.y += cur.y / pc->count;
            for (size_t e = 0; e < n; e++)
                assert_false(proper_cross(cur, next, p[e], p[(e + 1) % n]));
        }
        assert_true(inside(p, n, c));
    }
    double area = shoelace(p, NULL, n);
    assert_true(fabs(total - area) <= 1e-9 * area);
    free(q);
    if (pieces_out)
        *pieces_out = pieces;
    else
        free(pieces);
    return count;
}

static void convex_pentagon(void **state)
{
    (void)state;
    /* A convex face is cut as a fan around corner 0, pairs of triangles
       joined: (0,1,2)+(0,2,3) = quad (0,1,2,3), then triangle (0,3,4):
       ceil((5-2)/2) = 2 pieces. */
    pt2 p[5] = { { 0, 0 }, { 4, 0 }, { 5, 3 }, { 2, 5 }, { -1, 3 } };
    rm_cv_piece *pc;
    assert_int_equal(cut_and_check(p, 5, &pc), 2);
    assert_int_equal(pc[0].count, 4);
    assert_true(pc[0].v[0] == 0 && pc[0].v[1] == 1 && pc[0].v[2] == 2 && pc[0].v[3] == 3);
    assert_int_equal(pc[1].count, 3);
    assert_true(pc[1].v[0] == 0 && pc[1].v[1] == 3 && pc[1].v[2] == 4);
    free(pc);
}

static void convex_hexagon(void **state)
{
    (void)state;
    /* Fan (0,1,2) (0,2,3) (0,3,4) (0,4,5) paired: quads (0,1,2,3), (0,3,4,5). */
    pt2 p[6] = { { 0, 0 }, { 4, 0 }, { 6, 3 }, { 4, 6 }, { 0, 6 }, { -2, 3 } };
    rm_cv_piece *pc;
    assert_int_equal(cut_and_check(p, 6, &pc), 2);
    assert_true(pc[0].count == 4 && pc[0].v[0] == 0 && pc[0].v[1] == 1 && pc[0].v[2] == 2 &&
                pc[0].v[3] == 3);
    assert_true(pc[1].count == 4 && pc[1].v[0] == 0 && pc[1].v[1] == 3 && pc[1].v[2] == 4 &&
                pc[1].v[3] == 5);
    free(pc);
}

static void l_shaped_hexagon(void **state)
{
    (void)state;
    /* The L: area 4*4 - 2*2 = 12, reflex corner 3 at (2,2). Ears: (0,1,2)
       (corner 3 is outside: (2,2) is left of 2->0), then (0,2,3), (0,3,4),
       (0,4,5). (0,1,2)+(0,2,3) = (0,1,2,3) = (0,0)(4,0)(4,2)(2,2): convex
       (turn at (2,2): (-2,0) x (-2,-2) = 4). (0,3,4)+(0,4,5) = (0,0)(2,2)
       (2,4)(0,4): convex. Two rectangles' worth of quads. */
    pt2 p[6] = { { 0, 0 }, { 4, 0 }, { 4, 2 }, { 2, 2 }, { 2, 4 }, { 0, 4 } };
    rm_cv_piece *pc;
    assert_int_equal(cut_and_check(p, 6, &pc), 2);
    assert_true(pc[0].count == 4 && pc[0].v[0] == 0 && pc[0].v[1] == 1 && pc[0].v[2] == 2 &&
                pc[0].v[3] == 3);
    assert_true(pc[1].count == 4 && pc[1].v[0] == 0 && pc[1].v[1] == 3 && pc[1].v[2] == 4 &&
                pc[1].v[3] == 5);
    free(pc);
}

static void straight_corners_kept(void **state)
{
    (void)state;
    /* A 4x2 rectangle with a corner in the middle of the top and bottom
       edges: (1,2,3)+(1,3,4) = quad (1,2,3,4), (1,4,5)+(1,5,0) = quad
       (0,1,4,5): both halves, and no corner dropped (no T-junction). */
    pt2 p[6] = { { 0, 0 }, { 2, 0 }, { 4, 0 }, { 4, 2 }, { 2, 2 }, { 0, 2 } };
    rm_cv_piece *pc;
    assert_int_equal(cut_and_check(p, 6, &pc), 2);
    assert_true(pc[0].v[0] == 1 && pc[0].v[1] == 2 && pc[0].v[2] == 3 && pc[0].v[3] == 4);
    assert_true(pc[1].v[0] == 0 && pc[1].v[1] == 1 && pc[1].v[2] == 4 && pc[1].v[3] == 5);
    free(pc);
}

/* A comb of k teeth (1 wide, 3 high, 1 apart) on a base 1 high:
   4k corners, area (2k - 1) + 3k. */
static size_t comb(pt2 *p, int k)
{
    size_t n = 0;
    p[n++] = (pt2){ 0, 0 };
    p[n++] = (pt2){ 2 * k - 1, 0 };
    for (int i = k - 1; i >= 0; i--) {
        p[n++] = (pt2){ 2 * i + 1, 4 };
        p[n++] = (pt2){ 2 * i, 4 };
        if (i > 0) {
            p[n++] = (pt2){ 2 * i, 1 };
            p[n++] = (pt2){ 2 * i - 1, 1 };
        }
    }
    return n;
}

static void concave_comb(void **state)
{
    (void)state;
    pt2 p[40];
    size_t n = comb(p, 10);
    assert_int_equal(n, 40);
    assert_true(shoelace(p, NULL, n) == 49.0);      /* 19 + 30 */
    /* Each tooth is a rectangle and the base between them too: the best
       cut has about one piece per rectangle; at most n - 2 triangles. */
    size_t count = cut_and_check(p, n, NULL);
    assert_true(count <= 38 / 2 + 10);
}

/* A star of m spikes: 2m corners alternately at radius R and r. */
static size_t star(pt2 *p, int m, double R, double r)
{
    for (int i = 0; i < 2 * m; i++) {
        double a = 3.14159265358979323846 * i / m, rad = (i % 2) ? r : R;
        p[i].x = round(rad * cos(a));
        p[i].y = round(rad * sin(a));
    }
    return (size_t)(2 * m);
}

static void concave_star(void **state)
{
    (void)state;
    pt2 p[10];
    star(p, 5, 1000, 400);
    cut_and_check(p, 10, NULL);
    /* 66 corners, like the corpus' 66-gon. */
    pt2 q[66];
    star(q, 33, 100000, 60000);
    cut_and_check(q, 66, NULL);
}

/* A spiral band: two walls 40 apart winding out 0.05 radian per corner,
   counterclockwise (out along the outer wall, back along the inner one);
   very concave (the inner wall is all reflex corners). */
static void spiral(pt2 *p, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        double a = 0.05 * (double)i, r = 1000.0 + 50.0 * (double)i + 40.0;
        p[i] = (pt2){ round(r * cos(a)), round(r * sin(a)) };
        size_t j = n / 2 - 1 - i;
        a = 0.05 * (double)j;
        r = 1000.0 + 50.0 * (double)j;
        p[n / 2 + i] = (pt2){ round(r * cos(a)), round(r * sin(a)) };
    }
}

static void concave_spiral(void **state)
{
    (void)state;
    pt2 *p = malloc(8000 * sizeof *p);
    assert_non_null(p);
    spiral(p, 1000);
    assert_true(shoelace(p, NULL, 1000) > 0.0);
    cut_and_check(p, 1000, NULL);
    /* 8000 corners: the ear tests only look near each ear (grid): fast. */
    spiral(p, 8000);
    rm_vec3d *q = malloc(8000 * sizeof *q);
    rm_cv_piece *pc = malloc(8000 * sizeof *pc);
    assert_non_null(q);
    assert_non_null(pc);
    for (size_t i = 0; i < 8000; i++)
        q[i] = (rm_vec3d){ p[i].x, p[i].y, 0 };
    clock_t t0 = clock();
    size_t count = 0;
    bool overlap = true;
    assert_int_equal(rm_cv_cut_polygon(q, 8000, pc, &count, &overlap), RM_OK);
    /* Without the grid this took 19 s; 5 s leaves room for sanitizers. */
    assert_true((double)(clock() - t0) / CLOCKS_PER_SEC < 5.0);
    assert_false(overlap);
    assert_true(count >= 3999 && count <= 7998);
    free(p);
    free(q);
    free(pc);
}

static void keyhole(void **state)
{
    (void)state;
    /* A square with a square hole, joined by a bridge from (0,0) to (3,3)
       (both corners repeated), as LightWave writes a face with a hole (the
       corpus' 66-gon): area 100 - 16 = 84. */
    pt2 p[10] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 }, { 0, 0 },
                  { 3, 3 }, { 3, 7 }, { 7, 7 }, { 7, 3 }, { 3, 3 } };
    assert_true(shoelace(p, NULL, 10) == 84.0);
    rm_vec3d q[10];
    rm_cv_piece pc[10];
    for (int i = 0; i < 10; i++)
        q[i] = (rm_vec3d){ p[i].x, p[i].y, 0 };
    size_t count = 0;
    bool overlap = true;
    assert_int_equal(rm_cv_cut_polygon(q, 10, pc, &count, &overlap), RM_OK);
    assert_false(overlap);
    double total = 0.0;
    for (size_t k = 0; k < count; k++) {
        double a = shoelace(p, pc[k].v, pc[k].count);
        assert_true(a > 0.0);
        total += a;
        for (uint32_t i = 0; i < pc[k].count; i++)
            assert_true(cross3(p[pc[k].v[(i + pc[k].count - 1) % pc[k].count]], p[pc[k].v[i]],
                               p[pc[k].v[(i + 1) % pc[k].count]]) >= 0.0);
    }
    assert_true(total == 84.0);
}

static void crossing_face_ends(void **state)
{
    (void)state;
    /* A pentagram {5/2} crosses itself: the cut ends and says it. */
    rm_vec3d q[5];
    for (int i = 0; i < 5; i++) {
        double a = 2.0 * 3.14159265358979323846 * ((2 * i) % 5) / 5.0;
        q[i] = (rm_vec3d){ round(1000 * cos(a)), round(1000 * sin(a)), 0 };
    }
    rm_cv_piece pc[5];
    size_t count = 0;
    bool overlap = false;
    assert_int_equal(rm_cv_cut_polygon(q, 5, pc, &count, &overlap), RM_OK);
    assert_true(overlap);
    assert_true(count >= 1 && count <= 3);
}

static void cut_in_3d_planes(void **state)
{
    (void)state;
    /* The L of l_shaped_hexagon stood up in the plane x = 5, seen from -X
       (Newell = (-24, 0, 0)): same pieces, indexes unchanged. */
    rm_vec3d q[6] = { { 5, 0, 0 }, { 5, 0, 4 }, { 5, 2, 4 }, { 5, 2, 2 }, { 5, 4, 2 }, { 5, 4, 0 } };
    rm_vec3d nw = rm_cv_newell(q, 6);
    assert_true(nw.x == -24.0 && nw.y == 0.0 && nw.z == 0.0);
    rm_cv_piece pc[6];
    size_t count = 0;
    bool overlap = true;
    assert_int_equal(rm_cv_cut_polygon(q, 6, pc, &count, &overlap), RM_OK);
    assert_false(overlap);
    assert_int_equal(count, 2);
    assert_true(pc[0].count == 4 && pc[1].count == 4);
}

static void large_convex_is_fast(void **state)
{
    (void)state;
    /* A regular 1000-gon (radius 1e7 raw units; the sagitta of an edge is
       1e7 * (1 - cos(pi/1000)) = 49 units, far above the rounding):
       ceil(998 / 2) = 499 pieces, quickly. */
    size_t n = 1000;
    pt2 *p = malloc(n * sizeof *p);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++) {
        double a = 2.0 * 3.14159265358979323846 * (double)i / (double)n;
        p[i].x = round(1e7 * cos(a));
        p[i].y = round(1e7 * sin(a));
    }
    clock_t t0 = clock();
    rm_vec3d *q = malloc(n * sizeof *q);
    rm_cv_piece *pc = malloc(n * sizeof *pc);
    assert_non_null(q);
    assert_non_null(pc);
    for (size_t i = 0; i < n; i++)
        q[i] = (rm_vec3d){ p[i].x, p[i].y, 0 };
    size_t count = 0;
    bool overlap = true;
    assert_int_equal(rm_cv_cut_polygon(q, n, pc, &count, &overlap), RM_OK);
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    assert_false(overlap);
    assert_int_equal(count, 499);
    assert_true(seconds < 5.0);     /* generous: sanitizer builds are slow */
    /* The full independent check on it (O(n^2) crossing tests). */
    assert_int_equal(cut_and_check(p, n, NULL), 499);
    /* Every convex n-gon from 3 to 40 corners: ceil((n-2)/2) pieces. */
    for (size_t m = 3; m <= 40; m++) {
        for (size_t i = 0; i < m; i++) {
            double a = 2.0 * 3.14159265358979323846 * (double)i / (double)m;
            p[i].x = round(1e6 * cos(a));
            p[i].y = round(1e6 * sin(a));
        }
        assert_int_equal(cut_and_check(p, m, NULL), (m - 1) / 2);
    }
    free(p);
    free(q);
    free(pc);
}

/* ---- bounding sphere ----------------------------------------------------- */

/* Exact check, independent of wide.c: every point within r of c, and
   r - 1 too small for at least one (the radius is tight for its center). */
static void check_sphere(const rm_vec3x *p, size_t n, rm_vec3x c, int64_t r)
{
    unsigned __int128 far = 0;
    for (size_t i = 0; i < n; i++) {
        __int128 dx = (__int128)p[i].x - c.x, dy = (__int128)p[i].y - c.y, dz = (__int128)p[i].z - c.z;
        unsigned __int128 d = (unsigned __int128)(dx * dx + dy * dy + dz * dz);
        if (d > far)
            far = d;
    }
    assert_true((unsigned __int128)r * (unsigned __int128)r >= far);
    if (r > 0)
        assert_true((unsigned __int128)(r - 1) * (unsigned __int128)(r - 1) < far);
}

static void sphere_small_cases(void **state)
{
    (void)state;
    rm_vec3x c;
    int64_t r = 99;
    assert_true(rm_cv_bounding_sphere(NULL, 0, &c, &r));
    assert_true(c.x == 0 && c.y == 0 && c.z == 0 && r == 0);
    rm_vec3x one[1] = { { 5, 6, 7 } };
    assert_true(rm_cv_bounding_sphere(one, 1, &c, &r));
    assert_true(c.x == 5 && c.y == 6 && c.z == 7 && r == 0);
    /* Two points 10 apart: center halfway, radius 5. */
    rm_vec3x two[2] = { { 0, 0, 0 }, { 10, 0, 0 } };
    assert_true(rm_cv_bounding_sphere(two, 2, &c, &r));
    assert_true(c.x == 5 && c.y == 0 && c.z == 0 && r == 5);
    /* Radius around a given center, rounded up: (3,4,0) -> 5 exactly,
       (1,1,0) -> sqrt(2) -> 2. */
    rm_vec3x o = { 0, 0, 0 };
    rm_vec3x a[1] = { { 3, 4, 0 } }, b[1] = { { 1, 1, 0 } };
    assert_int_equal(rm_cv_radius_around(a, 1, o), 5);
    assert_int_equal(rm_cv_radius_around(b, 1, o), 2);
    /* The widest case: opposite corners of the Q16.16 cube, d = 2^32 - 1 on
       each axis: r = ceil(sqrt(3) * (2^32 - 1)), checked exactly. */
    rm_vec3x lo = { INT32_MIN, INT32_MIN, INT32_MIN }, hi[1] = { { INT32_MAX, INT32_MAX, INT32_MAX } };
    r = rm_cv_radius_around(hi, 1, lo);
    check_sphere(hi, 1, lo, r);
    assert_true(fabs((double)r - sqrt(3.0) * 4294967295.0) < 2.0);
}

static void sphere_of_a_tetrahedron(void **state)
{
    (void)state;
    /* A regular tetrahedron of edge 1 (units): its smallest sphere is its
       circumsphere, radius sqrt(6)/4 = 0.61237; the box is 1 x 0.866 x
       0.816, whose corner radius is 0.5 * sqrt(1 + 0.75 + 0.6667) = 0.77728. */
    double s = 65536.0;
    rm_vec3x p[4] = {
        { 0, 0, 0 },
        { (rm_fixed)s, 0, 0 },
        { (rm_fixed)(0.5 * s), (rm_fixed)round(sqrt(3.0) / 2.0 * s), 0 },
        { (rm_fixed)(0.5 * s), (rm_fixed)round(sqrt(3.0) / 6.0 * s), (rm_fixed)round(sqrt(2.0 / 3.0) * s) },
    };
    rm_vec3x c;
    int64_t r;
    assert_true(rm_cv_bounding_sphere(p, 4, &c, &r));
    check_sphere(p, 4, c, r);
    double ru = (double)r / s;
    assert_true(ru >= 0.6123 && ru < 0.7773);
    /* The corners were rounded to 1/65536: the smallest sphere is within
       a few raw units of sqrt(6)/4 = 0.612372. */
    assert_true(fabs(ru - 0.612372) < 4.0 / 65536.0);
}

static void sphere_of_points_on_a_sphere(void **state)
{
    (void)state;
    /* 500 points spread on a sphere of radius 10 around (3, -2, 5) (a
       Fibonacci spiral): the smallest sphere has radius <= 10; the box
       corner gives about 10 * sqrt(3) = 17.3. */
    enum { N = 500 };
    rm_vec3x p[N];
    for (int i = 0; i < N; i++) {
        double z = 1.0 - (2.0 * i + 1.0) / N, rho = sqrt(1.0 - z * z);
        double a = 2.39996322972865332 * i;
        p[i].x = (rm_fixed)round((3.0 + 10.0 * rho * cos(a)) * 65536.0);
        p[i].y = (rm_fixed)round((-2.0 + 10.0 * rho * sin(a)) * 65536.0);
        p[i].z = (rm_fixed)round((5.0 + 10.0 * z) * 65536.0);
    }
    rm_vec3x c;
    int64_t r;
    assert_true(rm_cv_bounding_sphere(p, N, &c, &r));
    check_sphere(p, N, c, r);
    double ru = (double)r / 65536.0;
    assert_true(ru <= 10.0 + 2.0 / 65536.0);
    assert_true(fabs(c.x / 65536.0 - 3.0) < 0.3 && fabs(c.y / 65536.0 + 2.0) < 0.3 &&
                fabs(c.z / 65536.0 - 5.0) < 0.3);
}

static void sphere_of_many_points_is_fast(void **state)
{
    (void)state;
    /* 200000 points in a box of +-1000 units (a fixed LCG): the sphere
       holds them all (checked exactly) and takes well under a second. */
    enum { N = 200000 };
    rm_vec3x *p = malloc(N * sizeof *p);
    assert_non_null(p);
    uint64_t x = 12345;
    for (int i = 0; i < N; i++) {
        int32_t v[3];
        for (int a = 0; a < 3; a++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            v[a] = (int32_t)((x >> 33) % 131072000u) - 65536000;
        }
        p[i] = (rm_vec3x){ v[0], v[1], v[2] };
    }
    clock_t t0 = clock();
    rm_vec3x c;
    int64_t r;
    assert_true(rm_cv_bounding_sphere(p, N, &c, &r));
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    check_sphere(p, N, c, r);
    /* The box corner radius is 1000 * sqrt(3) = 1732 units; points fill the
       box, so the best sphere is close to it but never above. */
    assert_true((double)r / 65536.0 <= 1000.0 * sqrt(3.0) + 1e-3);
    assert_true(seconds < 5.0);     /* generous: sanitizer builds are slow */
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(newell_of_a_square),
        cmocka_unit_test(unit_vectors_in_fixed),
        cmocka_unit_test(zero_area),
        cmocka_unit_test(shortest_edge),
        cmocka_unit_test(quad_checks),
        cmocka_unit_test(period_of_corners),
        cmocka_unit_test(convex_pentagon),
        cmocka_unit_test(convex_hexagon),
        cmocka_unit_test(l_shaped_hexagon),
        cmocka_unit_test(straight_corners_kept),
        cmocka_unit_test(concave_comb),
        cmocka_unit_test(concave_star),
        cmocka_unit_test(concave_spiral),
        cmocka_unit_test(keyhole),
        cmocka_unit_test(crossing_face_ends),
        cmocka_unit_test(cut_in_3d_planes),
        cmocka_unit_test(large_convex_is_fast),
        cmocka_unit_test(sphere_small_cases),
        cmocka_unit_test(sphere_of_a_tetrahedron),
        cmocka_unit_test(sphere_of_points_on_a_sphere),
        cmocka_unit_test(sphere_of_many_points_is_fast),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
