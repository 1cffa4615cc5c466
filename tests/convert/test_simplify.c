/* Simplification to a budget (src/convert/simplify*.c, docs/convert.md
   "Simplification"): limits met and close, groups and materials apart,
   seams and colours kept, the error measure on known answers, unreachable
   limits, determinism, edge inputs. Meshes are built in C (mesh_builder.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/diag_check.h"
#include "convert/mesh_builder.h"
#include "convert/simplify.h"
#include "retromesh/convert.h"
#include "retromesh/jom.h"

static const double PI = 3.14159265358979323846;

/* A UV sphere of radius 2: nlat rings of nlon quads as two triangles each
   (triangles at the poles); group "top" / "bottom" by hemisphere, material
   "red" / "blue" by side, UVs with a seam at longitude 0, colours by side. */
static void sphere(rm_mesh *m, unsigned nlat, unsigned nlon, bool colors)
{
    mb_init(m, "sphere.obj");
    uint32_t red = mb_material(m, "red"), blue = mb_material(m, "blue");
    uint32_t top = mb_group(m, "top", 1), bottom = mb_group(m, "bottom", 2);
    uint32_t first = 0;
    for (unsigned i = 0; i <= nlat; i++)
        for (unsigned j = 0; j <= nlon; j++) {
            double th = PI * i / nlat, ph = 2 * PI * (j % nlon) / nlon;
            uint32_t v = mb_v(m, 2 * sin(th) * cos(ph), 2 * cos(th), 2 * sin(th) * sin(ph));
            if (!first)
                first = v;
            mb_vt(m, (double)j / nlon, (double)i / nlat);
            if (colors)
                mb_color(m, v, j < nlon / 2 ? 1.0 : 0.2, 0.5, 0.5);
        }
    for (unsigned i = 0; i < nlat; i++)
        for (unsigned j = 0; j < nlon; j++) {
            uint32_t a = first + i * (nlon + 1) + j, b = a + 1, c = a + nlon + 1, d = c + 1;
            uint32_t mat = j < nlon / 2 ? red : blue, grp = i < nlat / 2 ? top : bottom;
            /* uv k = vertex k (one vt per vertex, the seam column has its own) */
            if (i != 0) {
                size_t f = mb_f(m, mat, grp, 0, 3, (int)a, (int)b, (int)d);
                mb_face_uvs(m, f, 3, (int)a, (int)b, (int)d);
            }
            if (i != nlat - 1) {
                size_t f = mb_f(m, mat, grp, 0, 3, (int)a, (int)d, (int)c);
                mb_face_uvs(m, f, 3, (int)a, (int)d, (int)c);
            }
        }
}

/* A flat n x n grid of unit quads as triangles at height z. */
static void grid(rm_mesh *m, unsigned n, double z)
{
    mb_init(m, "grid.obj");
    for (unsigned i = 0; i <= n; i++)
        for (unsigned j = 0; j <= n; j++)
            mb_v(m, j, i, z);
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++) {
            int a = (int)(i * (n + 1) + j + 1), b = a + 1, c = a + (int)n + 1, d = c + 1;
            mb_f(m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, a, b, d);
            mb_f(m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, a, d, c);
        }
}

static rm_status run(const rm_mesh *m, const rm_convert_options *o, rm_jom_model *j,
                     rm_convert_result *r, rm_diag *d)
{
    rm_diag_init(d);
    rm_status st = rm_convert_mesh_to_jom_ex(m, o, j, r, d);
    if (st == RM_OK) {
        rm_diag v;
        rm_diag_init(&v);
        assert_int_equal(rm_jom_validate(j, "simplify.jom", &v), RM_OK);
        rm_diag_free(&v);
    }
    return st;
}

static void sphere_to_polygons(void **state)
{
    (void)state;
    rm_mesh m;
    sphere(&m, 40, 48, true);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.max_polygons = 400;
    o.embed_textures = true;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    rm_status st = run(&m, &o, &j, &r, &d);
    if (st != RM_OK)
        print_diag(&d);
    assert_int_equal(st, RM_OK);
    printf("sphere: %llu triangles -> %u polygons, %u points, error %g (%.2f%% of %g)\n",
           (unsigned long long)r.simplify.triangles_before, j.polygon_count, j.point_count,
           r.simplify.error, 100 * r.simplify.error_share, r.simplify.radius);
    assert_true(r.simplify.done);
    assert_true(j.polygon_count <= 400);
    assert_true(j.polygon_count >= 380);
    assert_int_equal(r.simplify.polygons_after, j.polygon_count);
    assert_int_equal(r.simplify.triangles_before, 2 * 40 * 48 - 2 * 48);
    assert_true(r.simplify.error > 0.0 && r.simplify.error < 0.2);
    assert_true(fabs(r.simplify.radius - 2.0) < 0.01);
    /* two groups, each with polygons and points of its own */
    assert_int_equal(j.group_count, 2);
    for (unsigned g = 0; g < 2; g++) {
        assert_true(j.groups[g].polygon_count > 0);
        assert_true(j.groups[g].point_count > 0);
        /* no polygon uses a point of the other group */
        const rm_jom_group *other = &j.groups[1 - g];
        for (unsigned p = j.groups[g].first_polygon;
             p < (unsigned)j.groups[g].first_polygon + j.groups[g].polygon_count; p++)
            for (unsigned k = 0; k < 4; k++) {
                unsigned v = j.polygons[p].v[k];
                assert_false(v >= other->first_point && v < (unsigned)other->first_point + other->point_count);
            }
    }
    /* both materials kept; vertex colours carried */
    assert_int_equal(j.material_count, 2);
    unsigned used[2] = { 0, 0 };
    for (unsigned p = 0; p < j.polygon_count; p++)
        used[j.polygon_materials[p]]++;
    assert_true(used[0] > 0 && used[1] > 0);
    assert_true(j.has_vertex_colors);
    char line[256];
    rm_convert_simplify_line(&r.simplify, line, sizeof line);
    assert_non_null(strstr(line, "simplified 3744 triangles to"));
    rm_jom_free(&j);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void points_and_error_limits(void **state)
{
    (void)state;
    rm_mesh m;
    sphere(&m, 30, 40, false);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.max_points = 150;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_OK);
    printf("points: %u (limit 150), %u polygons\n", j.point_count, j.polygon_count);
    assert_true(j.point_count <= 150 && j.point_count >= 130);
    rm_jom_free(&j);
    rm_convert_result_free(&r);
    rm_diag_free(&d);

    rm_convert_options_default(&o);
    o.max_error = 0.05;
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_OK);
    printf("error: %g (limit 0.05), %u polygons\n", r.simplify.error, j.polygon_count);
    assert_true(r.simplify.error <= 0.05 && r.simplify.error > 0.0);
    assert_true(j.polygon_count < 2 * 30 * 40 - 2 * 40);
    rm_jom_free(&j);
    rm_convert_result_free(&r);
    rm_diag_free(&d);

    /* 2% of the radius */
    o.max_error = 0.02;
    o.max_error_is_share = true;
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_OK);
    assert_true(r.simplify.error_share <= 0.02 && r.simplify.error > 0.0);
    rm_jom_free(&j);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void unreachable_is_an_error(void **state)
{
    (void)state;
    rm_mesh m;
    sphere(&m, 20, 24, false);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.max_polygons = 3;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_INVALID);
    assert_int_equal(j.polygon_count, 0);
    assert_false(r.simplify.done);
    print_diag(&d);
    bool found = false;
    for (size_t i = 0; i < d.count; i++)
        found |= strstr(d.items[i].text, "sphere.obj: error: --max-polygons 3: ") != NULL;
    assert_true(found);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void under_the_limit_unchanged(void **state)
{
    (void)state;
    rm_mesh m;
    sphere(&m, 8, 8, false);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.merge_triangles = true;
    rm_jom_model a, b;
    rm_convert_result r;
    rm_diag d;
    assert_int_equal(run(&m, &o, &a, &r, &d), RM_OK);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    o.merge_triangles = false;
    o.max_polygons = 1000;
    assert_int_equal(run(&m, &o, &b, &r, &d), RM_OK);
    assert_true(r.simplify.done);
    assert_true(r.simplify.error == 0.0);
    assert_int_equal(r.simplify.triangles_after, r.simplify.triangles_before);
    uint8_t *x, *y;
    size_t xs, ys;
    assert_int_equal(rm_jom_write(&a, &x, &xs, NULL), RM_OK);
    assert_int_equal(rm_jom_write(&b, &y, &ys, NULL), RM_OK);
    assert_true(xs == ys && memcmp(x, y, xs) == 0);
    free(x);
    free(y);
    rm_jom_free(&a);
    rm_jom_free(&b);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void deterministic(void **state)
{
    (void)state;
    rm_mesh m;
    sphere(&m, 30, 30, true);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.max_polygons = 250;
    uint8_t *bytes[2];
    size_t size[2];
    for (int i = 0; i < 2; i++) {
        rm_jom_model j;
        rm_convert_result r;
        rm_diag d;
        assert_int_equal(run(&m, &o, &j, &r, &d), RM_OK);
        assert_int_equal(rm_jom_write(&j, &bytes[i], &size[i], NULL), RM_OK);
        rm_jom_free(&j);
        rm_convert_result_free(&r);
        rm_diag_free(&d);
    }
    assert_true(size[0] == size[1] && memcmp(bytes[0], bytes[1], size[0]) == 0);
    free(bytes[0]);
    free(bytes[1]);
    rm_mesh_free(&m);
}

/* The measure on known answers: a grid against itself moved by 0.25 is
   0.25 away; a flat grid simplified stays flat (error ~0). */
static void error_measure(void **state)
{
    (void)state;
    unsigned n = 20;
    size_t nv = (n + 1) * (n + 1);
    double *pos = malloc(2 * nv * 3 * sizeof *pos);
    uint32_t *ia = malloc(2 * n * n * 3 * sizeof *ia), *ib = malloc(2 * n * n * 3 * sizeof *ib);
    assert_non_null(pos);
    for (unsigned i = 0; i <= n; i++)
        for (unsigned j = 0; j <= n; j++) {
            size_t v = i * (n + 1) + j;
            pos[3 * v] = pos[3 * (v + nv)] = j * 0.1;
            pos[3 * v + 1] = pos[3 * (v + nv) + 1] = i * 0.1;
            pos[3 * v + 2] = 0.0;
            pos[3 * (v + nv) + 2] = 0.25;
        }
    size_t t = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++) {
            uint32_t a = i * (n + 1) + j, b = a + 1, c = a + n + 1, d = c + 1;
            uint32_t q[6] = { a, b, d, a, d, c };
            for (int k = 0; k < 6; k++) {
                ia[3 * t + (size_t)k] = q[k];
                ib[3 * t + (size_t)k] = q[k] + (uint32_t)nv;
            }
            t += 2;
        }
    rm_cv_surface sa = { pos, 2 * nv, ia, t }, sb = { pos, 2 * nv, ib, t };
    double dist = 0;
    assert_int_equal(rm_cv_surface_distance(&sa, &sb, 5000, &dist), RM_OK);
    printf("offset grid: %.9f (0.25)\n", dist);
    assert_true(fabs(dist - 0.25) < 1e-9);
    /* a point above a triangle's middle, and past its corner */
    double p[3] = { 0.2, 0.2, 1.0 }, a[3] = { 0, 0, 0 }, b[3] = { 1, 0, 0 }, c[3] = { 0, 1, 0 };
    assert_true(fabs(rm_cv_point_triangle_d2(p, a, b, c) - 1.0) < 1e-12);
    double far[3] = { -3, -4, 0 };
    assert_true(fabs(rm_cv_point_triangle_d2(far, a, b, c) - 25.0) < 1e-12);
    free(pos);
    free(ia);
    free(ib);

    rm_mesh m;
    grid(&m, 40, 0.0);
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.max_polygons = 50;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_OK);
    printf("flat grid: %u polygons, error %g\n", j.polygon_count, r.simplify.error);
    assert_true(j.polygon_count <= 50);
    assert_true(r.simplify.error < 1e-4);
    rm_jom_free(&j);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void edge_inputs(void **state)
{
    (void)state;
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.max_polygons = 10;
    rm_jom_model j;
    rm_convert_result r;
    rm_diag d;
    rm_mesh m;
    /* empty */
    mb_init(&m, "empty.obj");
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_INVALID);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    rm_mesh_free(&m);
    /* one triangle */
    mb_init(&m, "one.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 1, 0, 0);
    mb_v(&m, 0, 1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 3);
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_OK);
    assert_int_equal(j.polygon_count, 1);
    rm_jom_free(&j);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    /* with a degenerate triangle and --error */
    mb_v(&m, 2, 0, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, 1, 2, 4);
    o.max_polygons = 0;
    o.max_error = 0.1;
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_OK);
    assert_int_equal(j.polygon_count, 1);
    rm_jom_free(&j);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    rm_mesh_free(&m);
    /* huge coordinates (near the Q16.16 edge) */
    grid(&m, 10, 0.0);
    for (size_t i = 0; i < m.position_count; i++) {
        m.positions[i].x *= 3000.0;
        m.positions[i].y *= 3000.0;
    }
    o.max_error = 0;
    o.max_polygons = 20;
    assert_int_equal(run(&m, &o, &j, &r, &d), RM_OK);
    assert_true(j.polygon_count <= 20);
    rm_jom_free(&j);
    rm_convert_result_free(&r);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sphere_to_polygons),
        cmocka_unit_test(points_and_error_limits),
        cmocka_unit_test(unreachable_is_an_error),
        cmocka_unit_test(under_the_limit_unchanged),
        cmocka_unit_test(deterministic),
        cmocka_unit_test(error_measure),
        cmocka_unit_test(edge_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
