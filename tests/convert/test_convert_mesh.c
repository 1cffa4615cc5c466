/* rm_convert_mesh_to_jom() on meshes built by hand: axes, rounding and
   range errors, weld, triangles, n-gons, normals, degenerate faces, quads,
   materials, NTAB/CNRM, VCOL, GOUR, groups, sphere, limits, options.

   Conventions of the expected values: a unit of the model is 65536 raw
   (Q16.16); with the default axes a position (x, y, z) becomes (x, -y, -z)
   and the corners of a face are reversed; points are numbered in order of
   first use by the polygons (after the group order). Every converted model
   is also checked by rm_jom_validate(). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "convert/diag_check.h"
#include "convert/mesh_builder.h"
#include "convert/stages.h"
#include "retromesh/convert.h"
#include "retromesh/jom.h"

#define U 65536     /* one unit in Q16.16 */

static rm_convert_options opt_default(void)
{
    rm_convert_options o;
    rm_convert_options_default(&o);
    return o;
}

static rm_convert_options opt_saturn(void)
{
    rm_convert_options o = opt_default();
    o.saturn_axes = true;
    return o;
}

static rm_status convert(const rm_mesh *m, const rm_convert_options *o, rm_jom_model *j, rm_diag *d)
{
    rm_diag_init(d);
    rm_status st = rm_convert_mesh_to_jom(m, o, j, d);
    if (st == RM_OK) {
        rm_diag vd;
        rm_diag_init(&vd);
        rm_status v = rm_jom_validate(j, "converted.jom", &vd);
        if (v != RM_OK)
            print_diag(&vd);
        assert_int_equal(v, RM_OK);
        rm_diag_free(&vd);
    }
    return st;
}

static void convert_ok(const rm_mesh *m, const rm_convert_options *o, rm_jom_model *j, rm_diag *d)
{
    rm_status st = convert(m, o, j, d);
    if (st != RM_OK)
        print_diag(d);
    assert_int_equal(st, RM_OK);
}

static void point_is(const rm_jom_model *j, uint32_t i, int32_t x, int32_t y, int32_t z)
{
    assert_true(i < j->point_count);
    assert_int_equal(j->points[i].x, x);
    assert_int_equal(j->points[i].y, y);
    assert_int_equal(j->points[i].z, z);
}

static void quad_is(const rm_jom_model *j, uint32_t i, unsigned a, unsigned b, unsigned c, unsigned d)
{
    assert_true(i < j->polygon_count);
    assert_int_equal(j->polygons[i].v[0], a);
    assert_int_equal(j->polygons[i].v[1], b);
    assert_int_equal(j->polygons[i].v[2], c);
    assert_int_equal(j->polygons[i].v[3], d);
}

static void normal_is(const rm_jom_model *j, uint32_t i, int32_t x, int32_t y, int32_t z)
{
    assert_int_equal(j->polygons[i].normal.x, x);
    assert_int_equal(j->polygons[i].normal.y, y);
    assert_int_equal(j->polygons[i].normal.z, z);
}

/* ---- axes, reversal, rounding, range ----------------------------------- */

static void axis_change_and_reversal(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "sq.obj");
    mb_square(&m, 0, 0);       /* v1 (0,0,0) v2 (1,0,0) v3 (1,1,0) v4 (0,1,0) */
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 3, 4, 1, 2, 3, 4);
    rm_jom_model j;
    rm_diag d;

    /* Default: corners reversed (4 3 2 1), positions (x, -y, -z): v4 -> 0
       (0,-1,0), v3 -> 1 (1,-1,0), v2 -> 2 (1,0,0), v1 -> 3 (0,0,0). The
       face looks at +Z in the OBJ: R * (0,0,1) = (0,0,-1). */
    rm_convert_options o = opt_default();
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(d.count, 0);
    assert_int_equal(j.version, 1);
    assert_int_equal(j.point_count, 4);
    assert_int_equal(j.polygon_count, 1);
    point_is(&j, 0, 0, -U, 0);
    point_is(&j, 1, U, -U, 0);
    point_is(&j, 2, U, 0, 0);
    point_is(&j, 3, 0, 0, 0);
    quad_is(&j, 0, 0, 1, 2, 3);
    normal_is(&j, 0, 0, 0, -U);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* --scale 2: the same, every coordinate doubled. */
    o.scale = 2.0;
    convert_ok(&m, &o, &j, &d);
    point_is(&j, 0, 0, -2 * U, 0);
    point_is(&j, 1, 2 * U, -2 * U, 0);
    point_is(&j, 2, 2 * U, 0, 0);
    normal_is(&j, 0, 0, 0, -U);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* --saturn-axes: no change, no reversal: v1..v4 -> 0..3; the normal is
       -newell(1 2 3 4) = -(0,0,2) -> (0,0,-1). */
    o = opt_saturn();
    convert_ok(&m, &o, &j, &d);
    point_is(&j, 0, 0, 0, 0);
    point_is(&j, 1, U, 0, 0);
    point_is(&j, 2, U, U, 0);
    point_is(&j, 3, 0, U, 0);
    quad_is(&j, 0, 0, 1, 2, 3);
    normal_is(&j, 0, 0, 0, -U);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* The pure axis change. */
    rm_vec3d p = { 1.5, 2.0, -3.0 };
    rm_vec3d q = rm_cv_axis_change(p, false, 2.0);
    assert_true(q.x == 3.0 && q.y == -4.0 && q.z == 6.0);
    q = rm_cv_axis_change(p, true, 2.0);
    assert_true(q.x == 3.0 && q.y == 4.0 && q.z == -6.0);
    rm_mesh_free(&m);
}

static void fixed_rounding(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "r.obj");
    mb_v(&m, 0.1, -0.1, 1.0 / 131072.0);    /* -> (6554, 6554, -1): 6553.6 rounds up,
                                               -0.5 raw rounds away from zero */
    mb_v(&m, 1, 0, 0);                      /* -> (U, 0, 0) */
    mb_v(&m, 0, 1, 0);                      /* -> (0, -U, 0) */
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 4, 3, 1, 2, 3);
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* Final order v3 v2 v1. Squared edges: v3-v2 = 2 * 65536^2 = 8589934592;
       v2-v1 = 58982^2 + 6554^2 + 1 = 3521831241; v1-v3 = 6554^2 + 72090^2 + 1
       = 5239923017. Shortest: v2-v1 -> (v2, v1, v3, v3): points v2 = 0,
       v1 = 1, v3 = 2. */
    point_is(&j, 0, U, 0, 0);
    point_is(&j, 1, 6554, 6554, -1);
    point_is(&j, 2, 0, -U, 0);
    quad_is(&j, 0, 0, 1, 2, 2);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void out_of_range_errors(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "robot.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 40000.5, 0, 0);
    mb_v(&m, 0, 1, 0);
    mb_v(&m, 0, 0, NAN);
    mb_v(&m, NAN, NAN, NAN);        /* unused: ignored */
    mb_v(&m, 0, -32768, 0);         /* y -> +32768 in Saturn axes: out */
    mb_v(&m, 0, 32768, 0);          /* y -> -32768: in range */
    for (uint32_t v = 1; v <= 7; v++)
        mb_vline(&m, v, v + 2);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 10, 3, 1, 2, 3);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 11, 3, 1, 3, 4);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 12, 3, 1, 6, 7);
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_int_equal(d.errors, 3);
    assert_true(has_msg(&d, "robot.obj:4: error: vertex 2 (x = 40000.5 after scale) is outside the "
                            "Q16.16 range (-32768 .. 32767.99998)"));
    assert_true(has_msg(&d, "robot.obj:6: error: vertex 4 (z = nan) is not a finite number"));
    assert_true(has_msg(&d, "robot.obj:8: error: vertex 6 (y = -32768 after scale, 32768 in Saturn "
                            "axes) is outside the Q16.16 range (-32768 .. 32767.99998)"));
    /* The model is left empty. */
    assert_int_equal(j.point_count, 0);
    assert_null(j.points);
    assert_null(j.polygons);
    rm_diag_free(&d);

    /* With saturn_axes: v6 is fine, v7 (y = 32768) is out. */
    o = opt_saturn();
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_int_equal(d.errors, 3);
    assert_true(has_msg(&d, "robot.obj:9: error: vertex 7 (y = 32768 after scale) is outside the "
                            "Q16.16 range (-32768 .. 32767.99998)"));
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* The scale counts: 20000.25 * 2 = 40000.5; no position lines: no line. */
    mb_init(&m, "s.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 20000.25, 0, 0);
    mb_v(&m, 0, 1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 3);
    o = opt_default();
    o.scale = 2.0;
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "s.obj: error: vertex 2 (x = 40000.5 after scale) is outside the Q16.16 "
                            "range (-32768 .. 32767.99998)"));
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- weld --------------------------------------------------------------- */

/* Two unit squares side by side, the second with its own copies of the
   shared corners: v5 = v2's place (1,0), v8 = v3's place (1,1). */
static void two_squares(rm_mesh *m, uint32_t g1, uint32_t g2)
{
    mb_square(m, 0, 0);                    /* v1..v4 */
    mb_v(m, 1, 0, 0);                   /* v5 = v2 */
    mb_v(m, 2, 0, 0);                   /* v6 */
    mb_v(m, 2, 1, 0);                   /* v7 */
    mb_v(m, 1, 1, 0);                   /* v8 = v3 */
    mb_f(m, RM_MESH_NONE, g1, 0, 4, 1, 2, 3, 4);
    mb_f(m, RM_MESH_NONE, g2, 0, 4, 5, 6, 7, 8);
}

static void weld_rules(void **state)
{
    (void)state;
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    rm_mesh m;

    /* No groups: v5 and v8 merge with v2 and v3. Corners v1 v2 v3 v4 -> 0 1
       2 3, then v5 -> 1, v6 -> 4, v7 -> 5, v8 -> 2: 6 points. */
    mb_init(&m, "w.obj");
    two_squares(&m, RM_MESH_NONE, RM_MESH_NONE);
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(j.point_count, 6);
    quad_is(&j, 0, 0, 1, 2, 3);
    quad_is(&j, 1, 1, 4, 5, 2);
    point_is(&j, 4, 2 * U, 0, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* no_weld: 8 points, the second square 4 5 6 7. */
    o.no_weld = true;
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(j.point_count, 8);
    quad_is(&j, 1, 4, 5, 6, 7);
    point_is(&j, 4, U, 0, 0);       /* v5 kept apart at v2's place */
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* Same place, different groups: kept apart (8 points); each group's 4
       points are its own: left 0..3, right 4..7. */
    o.no_weld = false;
    mb_init(&m, "w.obj");
    uint32_t left = mb_group(&m, "left", 1), right = mb_group(&m, "right", 2);
    two_squares(&m, left, right);
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(j.point_count, 8);
    assert_true(j.has_groups);
    assert_int_equal(j.group_count, 2);
    assert_int_equal(j.groups[0].first_point, 0);
    assert_int_equal(j.groups[0].point_count, 4);
    assert_int_equal(j.groups[1].first_point, 4);
    assert_int_equal(j.groups[1].point_count, 4);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* Same place, same group: merged again (6 points, all the group's). */
    mb_init(&m, "w.obj");
    uint32_t all = mb_group(&m, "all", 1);
    two_squares(&m, all, all);
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(j.point_count, 6);
    assert_int_equal(j.groups[0].first_point, 0);
    assert_int_equal(j.groups[0].point_count, 6);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void weld_keeps_first_color(void **state)
{
    (void)state;
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    rm_mesh m;
    mb_init(&m, "w.obj");
    two_squares(&m, RM_MESH_NONE, RM_MESH_NONE);
    mb_color(&m, 2, 1, 0, 0);       /* v2 red */
    mb_color(&m, 5, 0, 0, 1);       /* v5 blue, same place */
    convert_ok(&m, &o, &j, &d);
    /* Point 1 is v2 (first use), merged with v5: red kept. */
    assert_true(j.has_vertex_colors);
    assert_int_equal(j.vertex_colors[1].x, U);
    assert_int_equal(j.vertex_colors[1].y, 0);
    assert_int_equal(j.vertex_colors[1].z, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* The faces the other way round: v5 is used first, blue is kept. */
    mb_init(&m, "w.obj");
    mb_square(&m, 0, 0);
    mb_v(&m, 1, 0, 0);
    mb_v(&m, 2, 0, 0);
    mb_v(&m, 2, 1, 0);
    mb_v(&m, 1, 1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 5, 6, 7, 8);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 1, 2, 3, 4);
    mb_color(&m, 2, 1, 0, 0);
    mb_color(&m, 5, 0, 0, 1);
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(j.vertex_colors[0].x, 0);
    assert_int_equal(j.vertex_colors[0].z, U);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void weld_function(void **state)
{
    (void)state;
    /* Corners: A, B, A', C where A' is at A's place with the same set, and D
       at A's place with another set. Points in order of first use: A 0, B 1,
       A' 0, C 2, D 3. Without weld, by source: 0 1 2 3 4 (all sources differ). */
    rm_vec3x pos[5] = { { 1, 2, 3 }, { 4, 5, 6 }, { 1, 2, 3 }, { 7, 8, 9 }, { 1, 2, 3 } };
    uint32_t set[5] = { 0, 0, 0, 0, 1 }, src[5] = { 10, 11, 12, 13, 14 };
    uint32_t point_of[5], first[5];
    size_t count = 0;
    assert_int_equal(rm_cv_weld(5, pos, set, src, true, point_of, first, &count), RM_OK);
    assert_int_equal(count, 4);
    assert_true(point_of[0] == 0 && point_of[1] == 1 && point_of[2] == 0 && point_of[3] == 2 &&
                point_of[4] == 3);
    assert_true(first[0] == 0 && first[1] == 1 && first[2] == 3 && first[3] == 4);
    assert_int_equal(rm_cv_weld(5, pos, set, src, false, point_of, first, &count), RM_OK);
    assert_int_equal(count, 5);
    /* Group sets: positions 0 {g0}, 1 {g0, g1}, 2 {g1, g0} (the same set),
       3 {none} (key 0), 4 unused. */
    uint32_t csrc[6] = { 0, 1, 1, 2, 2, 3 }, ckey[6] = { 1, 1, 2, 2, 1, 0 };
    uint32_t set_of[5], single_of[5];
    assert_int_equal(rm_cv_group_sets(5, 6, csrc, ckey, set_of, single_of), RM_OK);
    assert_true(set_of[1] == set_of[2]);
    assert_true(set_of[0] != set_of[1] && set_of[0] != set_of[3] && set_of[1] != set_of[3]);
    assert_true(single_of[0] == 1 && single_of[1] == UINT32_MAX && single_of[3] == 0);
    assert_true(set_of[4] == UINT32_MAX && single_of[4] == UINT32_MAX);
}

/* ---- triangles and n-gons ----------------------------------------------- */

static void triangle_rotation(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "t.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 4, 0, 0);
    mb_v(&m, 4, 1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 3);
    rm_jom_model j;
    rm_diag d;

    /* Saturn axes, order v1 v2 v3: edges 4, 1, sqrt(17): the shortest is
       v2-v3 -> (v2, v3, v1, v1): points v2 0, v3 1, v1 2. */
    rm_convert_options o = opt_saturn();
    convert_ok(&m, &o, &j, &d);
    quad_is(&j, 0, 0, 1, 2, 2);
    point_is(&j, 0, 4 * U, 0, 0);
    point_is(&j, 1, 4 * U, U, 0);
    point_is(&j, 2, 0, 0, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* keep_triangles: (v1, v2, v3, v3). */
    o.keep_triangles = true;
    convert_ok(&m, &o, &j, &d);
    quad_is(&j, 0, 0, 1, 2, 2);
    point_is(&j, 0, 0, 0, 0);
    point_is(&j, 1, 4 * U, 0, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* Default axes: order v3 v2 v1, edges 1, 4, sqrt(17): (v3, v2, v1, v1). */
    o = opt_default();
    convert_ok(&m, &o, &j, &d);
    point_is(&j, 0, 4 * U, -U, 0);
    point_is(&j, 1, 4 * U, 0, 0);
    point_is(&j, 2, 0, 0, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* Tie: v1 (0,0) v2 (4,0) v3 (2,1): edges 4, sqrt(5), sqrt(5): the first
       of the two, v2-v3 -> (v2, v3, v1). */
    mb_init(&m, "t.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 4, 0, 0);
    mb_v(&m, 2, 1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 3);
    o = opt_saturn();
    convert_ok(&m, &o, &j, &d);
    point_is(&j, 0, 4 * U, 0, 0);
    point_is(&j, 1, 2 * U, U, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void ngon_pieces_stay_together(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "n.obj");
    /* A convex pentagon (units), then a square. */
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 4, 0, 0);
    mb_v(&m, 5, 3, 0);
    mb_v(&m, 2, 5, 0);
    mb_v(&m, -1, 3, 0);
    mb_square(&m, 10, 0);      /* v6..v9 */
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 5, 1, 2, 3, 4, 5);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 6, 7, 8, 9);
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* Pentagon: quad (v1 v2 v3 v4) + triangle (v1 v4 v5); the triangle's
       edges v1-v4 = sqrt(29), v4-v5 = sqrt(13), v5-v1 = sqrt(10): written
       (v5, v1, v4, v4). Points: v1 0, v2 1, v3 2, v4 3, v5 4, square 5..8. */
    assert_int_equal(d.count, 0);
    assert_int_equal(j.polygon_count, 3);
    quad_is(&j, 0, 0, 1, 2, 3);
    quad_is(&j, 1, 4, 0, 3, 3);
    quad_is(&j, 2, 5, 6, 7, 8);
    /* Both pieces face where the pentagon faces: -newell = (0, 0, -1). */
    normal_is(&j, 0, 0, 0, -U);
    normal_is(&j, 1, 0, 0, -U);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void repeated_corner_list(void **state)
{
    (void)state;
    /* The corpus' assimp-box-longline: "f 1 2 3 4 1 2 3 4 ..." 936 corners:
       one quad and a warning. */
    rm_mesh m;
    mb_init(&m, "long.obj");
    mb_square(&m, 0, 0);
    uint32_t v[936];
    for (int i = 0; i < 936; i++)
        v[i] = (uint32_t)(i % 4 + 1);
    mb_face(&m, RM_MESH_NONE, RM_MESH_NONE, 20, 936, v);
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(j.polygon_count, 1);
    assert_int_equal(j.point_count, 4);
    assert_true(has_msg(&d, "long.obj:20: warning: face lists the same 4 corners 234 times; they are "
                            "written once"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- normals of polygons -------------------------------------------------- */

static void cube_normals_and_sphere(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "cube.obj");
    /* v1 (-1,-1,-1) v2 (1,-1,-1) v3 (1,1,-1) v4 (-1,1,-1)
       v5 (-1,-1,1)  v6 (1,-1,1)  v7 (1,1,1)  v8 (-1,1,1) */
    for (int z = -1; z <= 1; z += 2) {
        mb_v(&m, -1, -1, z);
        mb_v(&m, 1, -1, z);
        mb_v(&m, 1, 1, z);
        mb_v(&m, -1, 1, z);
    }
    /* Faces counterclockwise seen from outside (Newell worked out with
       (b - a) x (c - a)): +X 2 3 7 6 -> (4,0,0); -X 1 5 8 4 -> (-4,0,0);
       +Y 4 8 7 3 -> (0,4,0); -Y 1 2 6 5 -> (0,-4,0); +Z 5 6 7 8 -> (0,0,4);
       -Z 1 4 3 2 -> (0,0,-4). */
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 2, 3, 7, 6);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 1, 5, 8, 4);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 4, 8, 7, 3);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 1, 2, 6, 5);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 5, 6, 7, 8);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 1, 4, 3, 2);
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* Outward in Saturn axes = R * OBJ normal, R = (x, -y, -z). */
    normal_is(&j, 0, U, 0, 0);
    normal_is(&j, 1, -U, 0, 0);
    normal_is(&j, 2, 0, -U, 0);
    normal_is(&j, 3, 0, U, 0);
    normal_is(&j, 4, 0, 0, -U);
    normal_is(&j, 5, 0, 0, U);
    /* Sphere: center 0; radius sqrt(3) units = sqrt(3 * 65536^2) =
       sqrt(12884901888) = 113511.68: 113511^2 = 12884747121 is too small,
       113512^2 = 12884974144 holds: 113512. */
    assert_int_equal(j.center.x, 0);
    assert_int_equal(j.center.y, 0);
    assert_int_equal(j.center.z, 0);
    assert_int_equal(j.radius, 113512);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* saturn_axes: the corners are taken as already clockwise-in-front, so
       these counterclockwise faces face inward: +X face -> (-1, 0, 0). */
    o = opt_saturn();
    convert_ok(&m, &o, &j, &d);
    normal_is(&j, 0, -U, 0, 0);
    normal_is(&j, 2, 0, -U, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- degenerate faces, quads ---------------------------------------------- */

static void degenerate_faces(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "deg.obj");
    mb_v(&m, 0, 0, 0);          /* v1 */
    mb_v(&m, 1, 0, 0);          /* v2 */
    mb_v(&m, 2, 0, 0);          /* v3: on the line v1 v2 */
    mb_v(&m, 0, 1, 0);          /* v4 */
    mb_v(&m, 1e-6, 0, 0);       /* v5: 0.0655 raw -> 0, v1's place */
    mb_v(&m, 5, 5, 5);          /* v6: only in a skipped face */
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 10, 3, 1, 2, 3);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 11, 3, 1, 1, 2);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 12, 3, 1, 5, 6);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 13, 3, 1, 2, 4);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 14, 4, 1, 2, 2, 4);
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(d.warnings, 3);
    assert_true(has_msg(&d, "deg.obj:10: warning: face has no area after rounding to Q16.16 (its "
                            "corners are on a line); skipped"));
    assert_true(has_msg(&d, "deg.obj:11: warning: face has fewer than 3 distinct corners after "
                            "rounding to Q16.16; skipped"));
    assert_true(has_msg(&d, "deg.obj:12: warning: face has fewer than 3 distinct corners after "
                            "rounding to Q16.16; skipped"));
    /* Faces 13 and 14 (a quad with two equal neighbours: a triangle):
       order v4 v2 v1 -> (0,-U,0) (U,0,0) (0,0,0); edges sqrt(2), 1, 1: the
       first shortest is v2-v1 -> (v2, v1, v4, v4). v3, v5, v6 unused. */
    assert_int_equal(j.polygon_count, 2);
    assert_int_equal(j.point_count, 3);
    quad_is(&j, 0, 0, 1, 2, 2);
    quad_is(&j, 1, 0, 1, 2, 2);
    point_is(&j, 0, U, 0, 0);
    point_is(&j, 1, 0, 0, 0);
    point_is(&j, 2, 0, -U, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* Without a source nor lines: "<mesh>" and the face number. */
    mb_init(&m, NULL);
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 1, 0, 0);
    mb_v(&m, 2, 0, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 3);
    convert_ok(&m, &o, &j, &d);
    assert_true(has_msg(&d, "<mesh>: warning: face 1: face has no area after rounding to Q16.16 (its "
                            "corners are on a line); skipped"));
    assert_int_equal(j.polygon_count, 0);
    assert_int_equal(j.point_count, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* No lines but a group (a glTF, a NIFF): the group names the face. */
    mb_init(&m, "robot.glb");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 1, 0, 0);
    mb_v(&m, 2, 0, 0);
    mb_f(&m, RM_MESH_NONE, mb_group(&m, "arm", 0), 0, 3, 1, 2, 3);   /* line 0: no face lines */
    convert_ok(&m, &o, &j, &d);
    assert_true(has_msg(&d, "robot.glb: warning: face 1 of \"arm\": face has no area after rounding to "
                            "Q16.16 (its corners are on a line); skipped"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void concave_and_bent_quads(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "q.obj");
    /* A dart: concave at v3 (see test_convert_geometry). */
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 4, 0, 0);
    mb_v(&m, 1, 1, 0);
    mb_v(&m, 0, 4, 0);
    /* A square folded: v7 lifted by 0.25. Each corner is off the plane by
       h / (2 sqrt(2h^2 + 4)) = 0.25 / (2 * 2.031010) = 0.06155 units;
       ratio to the diagonal sqrt(2.0625) = 1.436: 0.043 > 0.025. */
    mb_v(&m, 10, 0, 0);
    mb_v(&m, 11, 0, 0);
    mb_v(&m, 11, 1, 0.25);
    mb_v(&m, 10, 1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 7, 4, 1, 2, 3, 4);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 8, 4, 5, 6, 7, 8);
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(d.warnings, 2);
    assert_true(has_msg(&d, "q.obj:7: warning: quad is concave (or crosses itself) at vertex 3; kept "
                            "as is, but the VDP1 will not draw it as the 3D software shows it"));
    assert_true(has_msg(&d, "q.obj:8: warning: quad is not planar (a corner is 0.06155 units off its "
                            "plane); kept as is"));
    assert_int_equal(j.polygon_count, 2);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- materials -------------------------------------------------------------- */

static void material_values(void **state)
{
    (void)state;
    /* round(clamp(kd, 0, 1) * 255), halves away from zero. */
    assert_int_equal(rm_cv_color_byte(0.5), 128);      /* 127.5 */
    assert_int_equal(rm_cv_color_byte(0.25), 64);      /* 63.75 */
    assert_int_equal(rm_cv_color_byte(-1.0), 0);
    assert_int_equal(rm_cv_color_byte(2.0), 255);
    assert_int_equal(rm_cv_color_byte(NAN), 255);
    assert_int_equal(rm_cv_shine(10.4), 10);
    assert_int_equal(rm_cv_shine(10.5), 11);
    assert_int_equal(rm_cv_shine(300.0), 255);
    assert_int_equal(rm_cv_shine(-3.0), 0);
    char name[16];
    assert_true(rm_cv_truncate_name("a_name_longer_than_15", name));
    assert_string_equal(name, "a_name_longer_t");
    assert_false(rm_cv_truncate_name("exactly_15_char", name));
    assert_string_equal(name, "exactly_15_char");
}

static void materials_in_order_of_use(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "mat.obj");
    uint32_t unused = mb_material(&m, "unused");
    uint32_t half = mb_material(&m, "half");
    uint32_t red = mb_material(&m, "red");
    (void)unused;
    m.materials[half].kd[0] = 0.5;
    m.materials[half].kd[1] = 0.25;
    m.materials[half].kd[2] = 2.0;
    m.materials[half].ns = 300;
    m.materials[half].dissolve = 0.5;
    m.materials[half].jo_flags = RM_MAT_DUAL_PLANE | RM_MAT_USER(3);
    m.materials[half].jo_value = 1234;
    m.materials[half].jo_subdivision_error = 7;
    m.materials[red].kd[1] = m.materials[red].kd[2] = 0.0;
    m.materials[red].ns = 10.4;
    for (int i = 0; i < 4; i++)
        mb_square(&m, 2 * i, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 1, 2, 3, 4);
    mb_f(&m, half, RM_MESH_NONE, 0, 4, 5, 6, 7, 8);
    mb_f(&m, red, RM_MESH_NONE, 0, 4, 9, 10, 11, 12);
    mb_f(&m, half, RM_MESH_NONE, 0, 4, 13, 14, 15, 16);
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* MATL: default (first used by face 1), half, red; "unused" left out. */
    assert_int_equal(j.material_count, 3);
    assert_int_equal(j.polygon_materials[0], 0);
    assert_int_equal(j.polygon_materials[1], 1);
    assert_int_equal(j.polygon_materials[2], 2);
    assert_int_equal(j.polygon_materials[3], 1);
    const rm_jom_material *def = &j.materials[0], *h = &j.materials[1], *r = &j.materials[2];
    assert_string_equal(def->name, "default");
    assert_true(def->r == 255 && def->g == 255 && def->b == 255);
    assert_int_equal(def->shine, 0);
    assert_int_equal(def->flags, 0);
    assert_int_equal(def->texture, -1);
    /* half: 0.5 -> 128, 0.25 -> 64, 2.0 -> 255; Ns 300 -> 255; flags
       DUAL_PLANE (1) | USER(3) (1 << 19) | HALF_TRANSPARENT (16, d < 1) =
       0x80011. */
    assert_string_equal(h->name, "half");
    assert_true(h->r == 128 && h->g == 64 && h->b == 255);
    assert_int_equal(h->shine, 255);
    assert_int_equal(h->texture, -1);
    assert_int_equal(h->subdivision_error, 7);
    assert_int_equal(h->flags, 0x80011);
    assert_int_equal(h->user, 1234);
    /* red: (1, 0, 0), Ns 10.4 -> 10, d = 1: no flag. */
    assert_true(r->r == 255 && r->g == 0 && r->b == 0);
    assert_int_equal(r->shine, 10);
    assert_int_equal(r->flags, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void default_material_name_and_collisions(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "mat.obj");
    uint32_t named_default = mb_material(&m, "default");
    uint32_t a = mb_material(&m, "a_very_long_material_name_1");
    uint32_t b = mb_material(&m, "a_very_long_material_name_2");
    m.materials[a].defined = m.materials[b].defined = true;
    m.materials[a].library = mb_strdup("test.mtl");
    m.materials[a].line = 3;
    m.materials[b].library = mb_strdup("test.mtl");
    m.materials[b].line = 9;
    m.materials[named_default].kd[2] = 0.0;    /* yellow: not the fallback */
    for (int i = 0; i < 4; i++)
        mb_square(&m, 2 * i, 0);
    mb_f(&m, named_default, RM_MESH_NONE, 0, 4, 1, 2, 3, 4);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 5, 6, 7, 8);
    mb_f(&m, a, RM_MESH_NONE, 0, 4, 9, 10, 11, 12);
    mb_f(&m, b, RM_MESH_NONE, 0, 4, 13, 14, 15, 16);
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* The mesh's "default" keeps its name; faces without a material get
       "default_". Both long names become "a_very_long_mat", with a warning
       at the second one's newmtl. */
    assert_int_equal(j.material_count, 4);
    assert_string_equal(j.materials[0].name, "default");
    assert_int_equal(j.materials[0].b, 0);
    assert_string_equal(j.materials[1].name, "default_");
    assert_int_equal(j.materials[1].b, 255);
    assert_string_equal(j.materials[2].name, "a_very_long_mat");
    assert_string_equal(j.materials[3].name, "a_very_long_mat");
    assert_int_equal(d.warnings, 1);
    assert_true(has_msg(&d, "test.mtl:9: warning: materials \"a_very_long_material_name_1\" and "
                            "\"a_very_long_material_name_2\" have the same name once cut to 15 "
                            "characters (\"a_very_long_mat\")"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- NTAB / CNRM --------------------------------------------------------------- */

static void corner_normals(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "n.obj");
    mb_square(&m, 0, 0);
    uint32_t n1 = mb_vn(&m, 0, 0, 1), n2 = mb_vn(&m, 0, 3, 4), n3 = mb_vn(&m, 0, 0, 5);
    size_t f = mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 1, 2, 3, 4);
    mb_face_normals(&m, f, 4, (int)n1, (int)n2, (int)n3, (int)n1);
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* Corners reversed: 4 3 2 1 carry n1 n3 n2 n1. In Saturn axes, unit:
       n1 (0,0,1) -> (0,0,-U); n3 (0,0,5) -> (0,0,-U), the same: merged;
       n2 (0,3,4)/5 -> (0,-0.6,-0.8) -> (0,-39322,-52429). NTAB in order of
       first use: [n1, n2]; CNRM = 0 0 1 0. */
    assert_true(j.has_normals);
    assert_int_equal(j.normal_count, 2);
    assert_true(j.normals[0].x == 0 && j.normals[0].y == 0 && j.normals[0].z == -U);
    assert_true(j.normals[1].x == 0 && j.normals[1].y == -39322 && j.normals[1].z == -52429);
    assert_true(j.corner_normals[0] == 0 && j.corner_normals[1] == 0 && j.corner_normals[2] == 1 &&
                j.corner_normals[3] == 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* A triangle: D repeats C. v1 (0,0) v2 (4,0) v3 (4,1), saturn axes:
       written (v2, v3, v1, v1) (test triangle_rotation) with n2 n3 n1 n1;
       n3 and n1 are both (0,0,U): NTAB [n2 (0,39322,52429), (0,0,U)],
       CNRM 0 1 1 1. */
    mb_init(&m, "n.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 4, 0, 0);
    mb_v(&m, 4, 1, 0);
    n1 = mb_vn(&m, 0, 0, 1);
    n2 = mb_vn(&m, 0, 3, 4);
    n3 = mb_vn(&m, 0, 0, 5);
    f = mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 3);
    mb_face_normals(&m, f, 3, (int)n1, (int)n2, (int)n3);
    o = opt_saturn();
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(j.normal_count, 2);
    assert_true(j.normals[0].y == 39322 && j.normals[0].z == 52429);
    assert_true(j.normals[1].x == 0 && j.normals[1].y == 0 && j.normals[1].z == U);
    assert_true(j.corner_normals[0] == 0 && j.corner_normals[1] == 1 && j.corner_normals[2] == 1 &&
                j.corner_normals[3] == 1);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void corner_normals_only_when_complete(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "n.obj");
    mb_square(&m, 0, 0);
    mb_square(&m, 2, 0);
    mb_v(&m, 9, 0, 0);
    uint32_t n1 = mb_vn(&m, 0, 0, 1);
    size_t f1 = mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 11, 4, 1, 2, 3, 4);
    /* A degenerate face without normals does not count: it is not written. */
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 12, 3, 1, 2, 9);
    mb_face_normals(&m, f1, 4, (int)n1, (int)n1, (int)n1, (int)n1);
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    assert_true(j.has_normals);
    assert_int_equal(j.normal_count, 1);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* A written face with a corner without normal: no NTAB, a warning. */
    size_t f3 = mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 13, 4, 5, 6, 7, 8);
    mb_face_normals(&m, f3, 4, (int)n1, 0, (int)n1, (int)n1);
    convert_ok(&m, &o, &j, &d);
    assert_false(j.has_normals);
    assert_null(j.normals);
    assert_null(j.corner_normals);
    assert_true(has_msg(&d, "n.obj:13: warning: this face has no normals (vn) while others have; "
                            "NTAB/CNRM (corner normals) are written only when every face has them"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* No normals at all: no NTAB, no warning. */
    mb_init(&m, "n.obj");
    mb_square(&m, 0, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 1, 4, 1, 2, 3, 4);
    convert_ok(&m, &o, &j, &d);
    assert_false(j.has_normals);
    assert_int_equal(d.count, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- VCOL / GOUR ------------------------------------------------------------------ */

static void vertex_colors(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "c.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 4, 0, 0);
    mb_v(&m, 4, 1, 0);
    mb_v(&m, 9, 9, 9);      /* unused, its NaN color is not reported */
    mb_color(&m, 1, 1, 0.5, 0);
    mb_color(&m, 2, 0.25, 1, 1);
    mb_color(&m, 3, NAN, 0, 0);
    mb_color(&m, 4, NAN, NAN, NAN);
    mb_vline(&m, 3, 5);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 3);
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* Points: v2 0, v3 1, v1 2 (triangle_rotation). 0.25 -> 16384, 0.5 ->
       32768, NaN -> 1.0 with a warning. */
    assert_true(j.has_vertex_colors);
    assert_false(j.has_gouraud);
    assert_true(j.vertex_colors[0].x == 16384 && j.vertex_colors[0].y == U && j.vertex_colors[0].z == U);
    assert_true(j.vertex_colors[1].x == U && j.vertex_colors[1].y == 0 && j.vertex_colors[1].z == 0);
    assert_true(j.vertex_colors[2].x == U && j.vertex_colors[2].y == 32768 && j.vertex_colors[2].z == 0);
    assert_int_equal(d.warnings, 1);
    assert_true(has_msg(&d, "c.obj:5: warning: vertex 3 has a color that is not a usable number (r = "
                            "nan); 1.0 is used"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void gouraud_colors(void **state)
{
    (void)state;
    /* Channel = clamp(round(c * 16), 0, 31), RGB555 = 0x8000 | b << 10 |
       g << 5 | r: 1.0 -> 16 -> 0xC210 (neutral); 0.5 -> 8 -> 0xA108;
       (2.0, 0, 1) -> (31, 0, 16) -> 0xC01F; (0.03125, 0.96875, 0.5) ->
       (0.5 -> 1, 15.5 -> 16, 8) -> 0xA201. */
    assert_int_equal(rm_cv_gouraud_channel(1.0), 16);
    assert_int_equal(rm_cv_gouraud_channel(0.5), 8);
    assert_int_equal(rm_cv_gouraud_channel(2.0), 31);
    assert_int_equal(rm_cv_gouraud_channel(-0.5), 0);
    rm_vec3d white = { 1, 1, 1 };
    assert_int_equal(rm_cv_gouraud_color(white), 0xC210);

    rm_mesh m;
    mb_init(&m, "g.obj");
    uint32_t g = mb_material(&m, "g"), plain = mb_material(&m, "plain");
    m.materials[g].jo_flags = RM_MAT_GOURAUD;
    mb_square(&m, 0, 0);       /* v1..v4 */
    mb_square(&m, 10, 0);      /* v5..v8 */
    mb_v(&m, 1, 0, 0);      /* v9: v2's place */
    mb_v(&m, 2, 0, 0);
    mb_v(&m, 2, 1, 0);
    mb_v(&m, 1, 1, 0);      /* v12: v3's place */
    mb_color(&m, 1, 1, 1, 1);
    mb_color(&m, 2, 0.5, 0.5, 0.5);
    mb_color(&m, 3, 2.0, 0, 1);
    mb_color(&m, 4, 0.03125, 0.96875, 0.5);
    mb_color(&m, 9, 0, 0, 0);
    mb_f(&m, g, RM_MESH_NONE, 0, 4, 1, 2, 3, 4);
    mb_f(&m, plain, RM_MESH_NONE, 0, 4, 5, 6, 7, 8);
    mb_f(&m, g, RM_MESH_NONE, 0, 4, 9, 10, 11, 12);
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    assert_true(j.has_gouraud);
    static const uint16_t want[12] = {
        0xC210, 0xA108, 0xC01F, 0xA201,     /* g */
        0, 0, 0, 0,                         /* plain */
        /* g again: v9 merged with v2 (VCOL keeps v2's 0.5) but GOUR uses
           each corner's own color: v9 black 0x8000; v10, v11, v12 have no
           color (1.0): 0xC210. */
        0x8000, 0xC210, 0xC210, 0xC210,
    };
    for (int i = 0; i < 12; i++)
        assert_int_equal(j.gouraud[i], want[i]);
    assert_int_equal(j.point_count, 10);
    assert_int_equal(j.vertex_colors[1].x, 32768);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* Gouraud asked, no colors: a warning, no GOUR. */
    mb_init(&m, "g.obj");
    g = mb_material(&m, "g");
    m.materials[g].jo_flags = RM_MAT_GOURAUD;
    mb_square(&m, 0, 0);
    mb_f(&m, g, RM_MESH_NONE, 0, 4, 1, 2, 3, 4);
    convert_ok(&m, &o, &j, &d);
    assert_false(j.has_gouraud);
    assert_false(j.has_vertex_colors);
    assert_true(has_msg(&d, "g.obj: warning: material \"g\" asks for gouraud shading (jo_gouraud 1) "
                            "but the model has no vertex colors; no GOUR chunk is written"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- groups ------------------------------------------------------------------------ */

static void groups_gathered(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "grp.obj");
    uint32_t ghost = mb_group(&m, "ghost", 2);      /* no faces: dropped */
    uint32_t body = mb_group(&m, "body", 19);
    uint32_t wheel = mb_group(&m, "wheel", 24);
    (void)ghost;
    /* v1..v4 square (0,0); v5 (2,1) v6 (2,2) v7 (1,2); v8..v11 square (5,0);
       v12 (3,2) v13 (3,3) v14 (2,3); v15 (6,2) v16 (5,3). */
    mb_square(&m, 0, 0);
    mb_v(&m, 2, 1, 0);
    mb_v(&m, 2, 2, 0);
    mb_v(&m, 1, 2, 0);
    mb_square(&m, 5, 0);
    mb_v(&m, 3, 2, 0);
    mb_v(&m, 3, 3, 0);
    mb_v(&m, 2, 3, 0);
    mb_v(&m, 6, 2, 0);
    mb_v(&m, 5, 3, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 10, 4, 1, 2, 3, 4);   /* f1 no group */
    mb_f(&m, RM_MESH_NONE, body, 20, 4, 3, 5, 6, 7);            /* f2 body */
    mb_f(&m, RM_MESH_NONE, wheel, 25, 4, 8, 9, 10, 11);         /* f3 wheel */
    mb_f(&m, RM_MESH_NONE, body, 30, 4, 6, 12, 13, 14);         /* f4 body again */
    mb_f(&m, RM_MESH_NONE, wheel, 35, 4, 11, 15, 16, 14);       /* f5 wheel again */
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);

    /* Polygons: f1 (no group first), body f2 f4, wheel f3 f5. */
    assert_int_equal(d.warnings, 2);
    assert_true(has_msg(&d, "grp.obj:30: warning: group \"body\" continues here after other groups "
                            "(first faces at line 20); its polygons are gathered"));
    assert_true(has_msg(&d, "grp.obj:35: warning: group \"wheel\" continues here after other groups "
                            "(first faces at line 25); its polygons are gathered"));
    assert_true(j.has_groups);
    assert_int_equal(j.group_count, 2);
    assert_string_equal(j.groups[0].name, "body");
    assert_string_equal(j.groups[1].name, "wheel");
    assert_int_equal(j.groups[0].first_polygon, 1);
    assert_int_equal(j.groups[0].polygon_count, 2);
    assert_int_equal(j.groups[1].first_polygon, 3);
    assert_int_equal(j.groups[1].polygon_count, 2);

    /* Sets of groups: v1 v2 v4 {none}; v3 {none, body}; v5 v6 v7 v12 v13
       {body}; v14 {body, wheel}; v8..v11 v15 v16 {wheel}. First use in
       polygon order f1 f2 f4 f3 f5: v1 v2 v3 v4 v5 v6 v7 v12 v13 v14 v8 v9
       v10 v11 v15 v16. Body's own first: v5 0, v6 1, v7 2, v12 3, v13 4;
       wheel's: v8 5, v9 6, v10 7, v11 8, v15 9, v16 10; then the others:
       v1 11, v2 12, v3 13, v4 14, v14 15. */
    assert_int_equal(j.point_count, 16);
    assert_int_equal(j.groups[0].first_point, 0);
    assert_int_equal(j.groups[0].point_count, 5);
    assert_int_equal(j.groups[1].first_point, 5);
    assert_int_equal(j.groups[1].point_count, 6);
    quad_is(&j, 0, 11, 12, 13, 14);
    quad_is(&j, 1, 13, 0, 1, 2);
    quad_is(&j, 2, 1, 3, 4, 15);
    quad_is(&j, 3, 5, 6, 7, 8);
    quad_is(&j, 4, 8, 9, 10, 15);
    point_is(&j, 15, 2 * U, 3 * U, 0);      /* v14 */
    point_is(&j, 5, 5 * U, 0, 0);           /* v8 */
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void group_names_and_empty_groups(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "grp.obj");
    uint32_t longname = mb_group(&m, "a_group_name_longer_than_15", 1);
    uint32_t flat = mb_group(&m, "flat", 5);
    mb_square(&m, 0, 0);
    mb_v(&m, 2, 0, 0);
    mb_f(&m, RM_MESH_NONE, longname, 2, 4, 1, 2, 3, 4);
    mb_f(&m, RM_MESH_NONE, flat, 6, 3, 1, 2, 5);     /* on a line: skipped */
    rm_convert_options o = opt_default();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* "flat" has no written polygon: dropped. */
    assert_int_equal(j.group_count, 1);
    assert_string_equal(j.groups[0].name, "a_group_name_lo");
    assert_int_equal(j.groups[0].first_polygon, 0);
    assert_int_equal(j.groups[0].polygon_count, 1);
    assert_int_equal(j.groups[0].first_point, 0);
    assert_int_equal(j.groups[0].point_count, 4);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* Faces without any group: no GRUP. */
    mb_init(&m, "grp.obj");
    mb_square(&m, 0, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 2, 4, 1, 2, 3, 4);
    convert_ok(&m, &o, &j, &d);
    assert_false(j.has_groups);
    assert_int_equal(j.group_count, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void ungrouped_after_groups_and_name_collisions(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "grp.obj");
    uint32_t a = mb_group(&m, "left_wheel_front_1", 3);
    uint32_t b = mb_group(&m, "left_wheel_front_2", 8);
    for (int i = 0; i < 3; i++)
        mb_square(&m, 2 * i, 0);
    mb_f(&m, RM_MESH_NONE, a, 4, 4, 1, 2, 3, 4);
    mb_f(&m, RM_MESH_NONE, b, 9, 4, 5, 6, 7, 8);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 12, 4, 9, 10, 11, 12);    /* no group, after groups */
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* The ungrouped face goes first (its points after the groups'), with a
       warning; both names become "left_wheel_fron", with a warning at the
       second group's line. */
    assert_true(has_msg(&d, "grp.obj:12: warning: faces without a group come here after groups; they "
                            "are moved before the groups"));
    assert_true(has_msg(&d, "grp.obj:8: warning: groups \"left_wheel_front_1\" and "
                            "\"left_wheel_front_2\" have the same name once cut to 15 characters "
                            "(\"left_wheel_fron\"); jo_3d_model_find_group() finds the first only"));
    assert_int_equal(j.group_count, 2);
    assert_int_equal(j.groups[0].first_polygon, 1);
    assert_int_equal(j.groups[1].first_polygon, 2);
    /* Points: group a's 4 (0..3), b's 4 (4..7), then the ungrouped (8..11). */
    assert_int_equal(j.groups[0].first_point, 0);
    assert_int_equal(j.groups[1].first_point, 4);
    quad_is(&j, 0, 8, 9, 10, 11);
    quad_is(&j, 1, 0, 1, 2, 3);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void non_finite_normal(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "n.obj");
    mb_square(&m, 0, 0);
    uint32_t n1 = mb_vn(&m, 0, 0, 1), bad = mb_vn(&m, NAN, 0, 0);
    size_t f = mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 1, 4, 1, 2, 3, 4);
    mb_face_normals(&m, f, 4, (int)n1, (int)bad, (int)n1, (int)n1);
    rm_convert_options o = opt_saturn();
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &o, &j, &d);
    /* NTAB [(0,0,U), (0,0,0)], CNRM 0 1 0 0. */
    assert_true(has_msg(&d, "n.obj: warning: normal 2 (vn) is not a finite vector; (0, 0, 0) is "
                            "written"));
    assert_int_equal(j.normal_count, 2);
    assert_true(j.normals[1].x == 0 && j.normals[1].y == 0 && j.normals[1].z == 0);
    assert_int_equal(j.corner_normals[1], 1);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* ---- limits, options, empty and broken meshes ---------------------------------- */

/* A mesh of `faces` triangles; `shared`: all use v1 v2 v3, else each has
   its own 3 positions (x = k). `materials`: each face its own material.
   Arrays are sized once (mb_* would realloc for each face). */
static void big_mesh(rm_mesh *m, size_t faces, bool shared, bool materials)
{
    rm_mesh_init(m);
    m->source = mb_strdup("big.obj");
    size_t np = shared ? 3 : 3 * faces;
    m->position_count = np;
    m->positions = mb_grow(NULL, np, sizeof *m->positions);
    for (size_t k = 0; k < np / 3; k++) {
        m->positions[3 * k] = (rm_vec3d){ (double)k * 0.5, 0, 0 };
        m->positions[3 * k + 1] = (rm_vec3d){ (double)k * 0.5, 1, 0 };
        m->positions[3 * k + 2] = (rm_vec3d){ (double)k * 0.5, 0, 1 };
    }
    m->face_count = faces;
    m->face_start = mb_grow(NULL, faces + 1, sizeof *m->face_start);
    m->corner_position = mb_grow(NULL, 3 * faces, sizeof *m->corner_position);
    m->face_material = mb_grow(NULL, faces, sizeof *m->face_material);
    m->face_group = mb_grow(NULL, faces, sizeof *m->face_group);
    for (size_t f = 0; f < faces; f++) {
        m->face_start[f] = (uint32_t)(3 * f);
        for (size_t k = 0; k < 3; k++)
            m->corner_position[3 * f + k] = (uint32_t)(shared ? k : 3 * f + k);
        m->face_material[f] = materials ? (uint32_t)f : RM_MESH_NONE;
        m->face_group[f] = RM_MESH_NONE;
    }
    m->face_start[faces] = (uint32_t)(3 * faces);
    if (materials) {
        m->material_count = faces;
        m->materials = mb_grow(NULL, faces, sizeof *m->materials);
        for (size_t f = 0; f < faces; f++) {
            char name[32];
            snprintf(name, sizeof name, "m%zu", f);
            memset(&m->materials[f], 0, sizeof m->materials[f]);
            m->materials[f].name = mb_strdup(name);
            rm_mesh_material_defaults(&m->materials[f]);
        }
    }
}

static void limits(void **state)
{
    (void)state;
    rm_mesh m;
    rm_jom_model j;
    rm_diag d;
    rm_convert_options o = opt_default();

    /* 70000 triangles on 3 points: 70000 - 65535 = 4465 too many. */
    big_mesh(&m, 70000, true, false);
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_int_equal(d.errors, 1);
    assert_true(has_msg(&d, "big.obj: error: the model has 70000 polygons after cutting, 4465 more "
                            "than the 65535 a JOM can hold"));
    assert_null(j.polygons);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* 23334 triangles with their own points: 70002 points, 4467 too many. */
    big_mesh(&m, 23334, false, false);
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_int_equal(d.errors, 1);
    assert_true(has_msg(&d, "big.obj: error: the model has 70002 points after welding, 4467 more "
                            "than the 65535 a JOM can hold"));
    rm_diag_free(&d);
    o.no_weld = true;
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "big.obj: error: the model has 70002 points, 4467 more than the 65535 a "
                            "JOM can hold"));
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* 65536 faces, each with its own material: 1 too many. */
    o.no_weld = false;
    big_mesh(&m, 65536, true, true);
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "big.obj: error: the model has 65536 materials, 1 more than the 65535 a "
                            "JOM can hold"));
    rm_diag_free(&d);
    rm_mesh_free(&m);

    /* 65535 of everything is fine. */
    big_mesh(&m, 65535, true, true);
    convert_ok(&m, &o, &j, &d);
    assert_int_equal(j.polygon_count, 65535);
    assert_int_equal(j.material_count, 65535);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void options_and_empty_meshes(void **state)
{
    (void)state;
    rm_mesh m;
    rm_jom_model j;
    rm_diag d;
    mb_init(&m, "e.obj");
    mb_square(&m, 0, 0);

    /* No faces: not a model (issue 13: never an empty JOM). */
    rm_convert_options o = opt_default();
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "e.obj: error: no polygon to convert (4 vertices, 0 faces with 3 or more "
                            "corners)"));
    assert_int_equal(j.point_count, 0);
    rm_diag_free(&d);

    /* A bad scale is a usage error. */
    o.scale = 0.0;
    assert_int_equal(convert(&m, &o, &j, &d), RM_USAGE);
    assert_true(has_msg(&d, "e.obj: error: the scale must be a positive number (got 0)"));
    rm_diag_free(&d);
    o.scale = NAN;
    assert_int_equal(convert(&m, &o, &j, &d), RM_USAGE);
    rm_diag_free(&d);

    /* NULL options: the defaults (same as opt_default). */
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 4, 1, 2, 3, 4);
    convert_ok(&m, NULL, &j, &d);
    point_is(&j, 0, 0, -U, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* Points at opposite corners of the Q16.16 range: every coordinate fits
       but the sphere cannot: its radius is about 32768 * sqrt(3) = 56755. */
    rm_mesh big;
    mb_init(&big, "huge.obj");
    mb_v(&big, -32768, -32767, -32767);
    mb_v(&big, 32767, 32768, 32768);
    mb_v(&big, 32767, -32767, -32767);
    mb_f(&big, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 3);
    assert_int_equal(convert(&big, NULL, &j, &d), RM_INVALID);
    assert_int_equal(d.errors, 1);
    assert_non_null(strstr(d.items[0].text, "huge.obj: error: the bounding sphere (radius 567"));
    assert_non_null(strstr(d.items[0].text, ") does not fit Q16.16 (at most 32767.99998); make the "
                                            "model smaller (--scale)"));
    assert_null(j.points);
    rm_diag_free(&d);
    rm_mesh_free(&big);

    /* A corner outside the positions: the mesh is refused. */
    m.corner_position[1] = 9;
    assert_int_equal(convert(&m, &o, &j, &d), RM_USAGE);
    rm_diag_free(&d);
    o = opt_default();
    assert_int_equal(convert(&m, &o, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "e.obj: error: the mesh is inconsistent: corner 1 uses position 9 of 4"));
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(axis_change_and_reversal),
        cmocka_unit_test(fixed_rounding),
        cmocka_unit_test(out_of_range_errors),
        cmocka_unit_test(weld_rules),
        cmocka_unit_test(weld_keeps_first_color),
        cmocka_unit_test(weld_function),
        cmocka_unit_test(triangle_rotation),
        cmocka_unit_test(ngon_pieces_stay_together),
        cmocka_unit_test(repeated_corner_list),
        cmocka_unit_test(cube_normals_and_sphere),
        cmocka_unit_test(degenerate_faces),
        cmocka_unit_test(concave_and_bent_quads),
        cmocka_unit_test(material_values),
        cmocka_unit_test(materials_in_order_of_use),
        cmocka_unit_test(default_material_name_and_collisions),
        cmocka_unit_test(corner_normals),
        cmocka_unit_test(corner_normals_only_when_complete),
        cmocka_unit_test(vertex_colors),
        cmocka_unit_test(gouraud_colors),
        cmocka_unit_test(groups_gathered),
        cmocka_unit_test(group_names_and_empty_groups),
        cmocka_unit_test(ungrouped_after_groups_and_name_collisions),
        cmocka_unit_test(non_finite_normal),
        cmocka_unit_test(limits),
        cmocka_unit_test(options_and_empty_meshes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
