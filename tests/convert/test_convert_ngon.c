/* n-gons that are not flat (issue 13, item 7): every corner of the face
   survives, the pieces share the face's edges (each edge of the face used
   once, each diagonal twice, the other way round), and a closed mesh of
   such faces converts to a closed JOM (no edge used once).

   The cutter is tested alone (rm_cv_cut_polygon) on random bent faces of
   5 to 40 corners, convex and concave, and through the whole converter
   (weld, axes, reversal) on the issue's pentagon and on closed polyhedra
   whose faces are bent n-gons. Random numbers come from a fixed LCG: the
   same faces every run. */
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
#include "convert/geometry.h"
#include "convert/mesh_builder.h"
#include "retromesh/convert.h"
#include "retromesh/jom.h"

static uint64_t lcg = 0x2545F4914F6CDD1Dull;

static double rnd(void)     /* [0, 1) */
{
    lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(lcg >> 11) / 9007199254740992.0;
}

/* ---- the cutter alone ---------------------------------------------------- */

/* Checks the pieces of an n-gon: 3 or 4 distinct corners each, every
   corner in a piece, each face edge i -> i+1 used exactly once (and never
   i+1 -> i), each diagonal as often one way as the other, at most once. */
static void check_pieces(size_t n, const rm_cv_piece *pc, size_t count)
{
    int *use = calloc(n * n, sizeof *use);
    bool *seen = calloc(n, sizeof *seen);
    assert_non_null(use);
    assert_non_null(seen);
    for (size_t k = 0; k < count; k++) {
        assert_true(pc[k].count == 3 || pc[k].count == 4);
        for (uint32_t i = 0; i < pc[k].count; i++) {
            uint32_t a = pc[k].v[i], b = pc[k].v[(i + 1) % pc[k].count];
            assert_true(a < n && b < n && a != b);
            use[a * n + b]++;
            seen[a] = true;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (!seen[i])
            fprintf(stderr, "corner %zu of %zu lost\n", i, n);
        assert_true(seen[i]);
        size_t j = (i + 1) % n;
        assert_int_equal(use[i * n + j], 1);
        assert_int_equal(use[j * n + i], 0);
    }
    for (size_t a = 0; a < n; a++)
        for (size_t b = 0; b < n; b++) {
            if ((a + 1) % n == b || (b + 1) % n == a)
                continue;
            assert_int_equal(use[a * n + b], use[b * n + a]);
            assert_true(use[a * n + b] <= 1);
        }
    free(use);
    free(seen);
}

static void cut_and_check(const rm_vec3d *p, size_t n, bool *overlap)
{
    rm_cv_piece *pc = malloc(n * sizeof *pc);
    assert_non_null(pc);
    size_t count = 0;
    assert_int_equal(rm_cv_cut_polygon(p, n, pc, &count, overlap), RM_OK);
    assert_true(count >= (n - 1) / 2 && count <= n - 2);
    check_pieces(n, pc, count);
    free(pc);
}

/* A face of n corners around the Z axis (angles in order, random radii:
   concave when `concave`), lifted by z = amp * radius * random in
   [-1, 1]; coordinates in raw Q16.16 units (exact integers). */
static void random_face(rm_vec3d *p, size_t n, bool concave, double amp)
{
    double a0 = rnd() * 6.283185307179586;
    for (size_t i = 0; i < n; i++) {
        double a = a0 + 6.283185307179586 * ((double)i + 0.8 * rnd() - 0.4) / (double)n;
        double r = concave ? 0.3 + 0.7 * rnd() : 1.0;
        double s = 100.0 * 65536.0;
        p[i].x = round(s * r * cos(a));
        p[i].y = round(s * r * sin(a));
        p[i].z = round(s * amp * (2.0 * rnd() - 1.0));
    }
}

static void issue_pentagon_keeps_its_five_corners(void **state)
{
    (void)state;
    /* The issue's face, f 1 2 3 4 5 over (-500,0,500) (500,0,500)
       (500,0,-500) (-500,0,-500) (0,500,-500), in Saturn order (reversed,
       (x, -y, -z)). Seen along its normal, corner 0 (OBJ 5) lies on the
       line of its neighbours: the old cutter dropped it (one quad of 4
       points). */
    static const double obj[5][3] = {
        { -500, 0, 500 }, { 500, 0, 500 }, { 500, 0, -500 }, { -500, 0, -500 }, { 0, 500, -500 }
    };
    rm_vec3d p[5];
    for (int i = 0; i < 5; i++) {
        const double *q = obj[4 - i];
        p[i] = (rm_vec3d){ q[0] * 65536, -q[1] * 65536, -q[2] * 65536 };
    }
    bool overlap = false;
    cut_and_check(p, 5, &overlap);
}

static void random_bent_faces_keep_every_corner(void **state)
{
    (void)state;
    static const double amps[] = { 0.0, 0.02, 0.1, 0.3, 1.0, 3.0 };
    rm_vec3d p[40];
    for (size_t n = 5; n <= 12; n++)
        for (size_t a = 0; a < sizeof amps / sizeof amps[0]; a++)
            for (int trial = 0; trial < 60; trial++) {
                bool overlap;
                random_face(p, n, trial % 2 == 1, amps[a]);
                cut_and_check(p, n, &overlap);
                if (amps[a] == 0.0 && trial % 2 == 0)
                    assert_false(overlap);      /* flat and convex: a clean cut */
            }
    /* Larger ones, and faces that are nearly edge-on to their own normal. */
    for (size_t n = 13; n <= 40; n += 3)
        for (int trial = 0; trial < 20; trial++) {
            bool overlap;
            random_face(p, n, trial % 2 == 1, trial < 10 ? 0.5 : 5.0);
            cut_and_check(p, n, &overlap);
        }
}

static void bent_convex_faces_face_their_normal(void **state)
{
    (void)state;
    /* A gently bent convex face (a subdivision cage's): every piece faces
       the face's normal, and no warning-worthy overlap. */
    rm_vec3d p[12];
    for (size_t n = 5; n <= 12; n++)
        for (int trial = 0; trial < 30; trial++) {
            random_face(p, n, false, 0.1);
            rm_cv_piece pc[12];
            size_t count = 0;
            bool overlap = true;
            assert_int_equal(rm_cv_cut_polygon(p, n, pc, &count, &overlap), RM_OK);
            assert_false(overlap);
            rm_vec3d nrm = rm_cv_face_normal(p, n);
            for (size_t k = 0; k < count; k++) {
                rm_vec3d q[4];
                for (uint32_t i = 0; i < pc[k].count; i++)
                    q[i] = p[pc[k].v[i]];
                assert_true(rm_cv_dot(rm_cv_newell(q, pc[k].count), nrm) > 0.0);
            }
        }
}

static void straight_corners_stay_in_3d(void **state)
{
    (void)state;
    /* A bent hexagon whose corner 1 is straight between 0 and 2 in 3D
       (on the edge, not off the plane): it is kept, as the straight corner
       of a quad or in a triangle, never dropped. */
    rm_vec3d p[6] = { { 0, 0, 0 },       { 2 << 16, 0, 0 },       { 4 << 16, 0, 0 },
                      { 4 << 16, 2 << 16, 1 << 16 }, { 2 << 16, 3 << 16, -(1 << 16) }, { 0, 2 << 16, 0 } };
    bool overlap;
    cut_and_check(p, 6, &overlap);
    /* A flat rectangle with three straight corners in a row on one side. */
    rm_vec3d r[7] = { { 0, 0, 0 }, { 1 << 16, 0, 0 }, { 2 << 16, 0, 0 }, { 3 << 16, 0, 0 },
                      { 4 << 16, 0, 0 }, { 4 << 16, 1 << 16, 0 }, { 0, 1 << 16, 0 } };
    cut_and_check(r, 7, &overlap);
    assert_false(overlap);
}

/* ---- through the converter ----------------------------------------------- */

/* Counts the JOM's edges by points: each edge of a closed surface is used
   as often one way as the other (twice, or 4 times where two bent faces
   both cut off the same corner of their shared edge). Returns the number
   of edges that are not: used once, or twice the same way. */
static size_t open_edges(const rm_jom_model *j)
{
    size_t n = j->point_count;
    int *use = calloc(n * n, sizeof *use);
    assert_non_null(use);
    for (uint32_t k = 0; k < j->polygon_count; k++) {
        const uint16_t *v = j->polygons[k].v;
        unsigned c = v[3] == v[2] ? 3 : 4;
        for (unsigned i = 0; i < c; i++)
            use[(size_t)v[i] * n + v[(i + 1) % c]]++;
    }
    size_t bad = 0;
    for (size_t a = 0; a < n; a++)
        for (size_t b = a + 1; b < n; b++) {
            int ab = use[a * n + b], ba = use[b * n + a];
            if (ab + ba == 0)
                continue;
            if (ab != ba) {
                fprintf(stderr, "edge %zu-%zu used %d + %d times\n", a, b, ab, ba);
                bad++;
            }
        }
    free(use);
    return bad;
}

static void convert_ok(const rm_mesh *m, rm_jom_model *j, rm_diag *d)
{
    rm_diag_init(d);
    rm_status st = rm_convert_mesh_to_jom(m, NULL, j, d);
    if (st != RM_OK)
        print_diag(d);
    assert_int_equal(st, RM_OK);
    rm_diag v;
    rm_diag_init(&v);
    assert_int_equal(rm_jom_validate(j, "t.jom", &v), RM_OK);
    rm_diag_free(&v);
}

static void issue_pentagon_converts_with_five_points(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "pent.obj");
    mb_v(&m, -500, 0, 500);
    mb_v(&m, 500, 0, 500);
    mb_v(&m, 500, 0, -500);
    mb_v(&m, -500, 0, -500);
    mb_v(&m, 0, 500, -500);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 6, 5, 1, 2, 3, 4, 5);
    rm_jom_model j;
    rm_diag d;
    convert_ok(&m, &j, &d);
    assert_int_equal(j.point_count, 5);
    /* The pieces' edges: the 5 of the face once, the diagonals twice. */
    int use[5][5] = { { 0 } };
    for (uint32_t k = 0; k < j.polygon_count; k++) {
        const uint16_t *v = j.polygons[k].v;
        unsigned c = v[3] == v[2] ? 3 : 4;
        for (unsigned i = 0; i < c; i++)
            use[v[i]][v[(i + 1) % c]]++;
    }
    size_t once = 0;
    for (int a = 0; a < 5; a++)
        for (int b = a + 1; b < 5; b++)
            once += (size_t)((use[a][b] + use[b][a]) == 1);
    assert_int_equal(once, 5);
    /* Bent far enough to be seen crossing itself: said, without a gap. */
    assert_true(has_sub(&d, "pent.obj:6: warning: face of 5 corners crosses itself"));
    assert_false(has_sub(&d, "gap"));
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void jitter(rm_mesh *m, double amount)
{
    for (size_t i = 0; i < m->position_count; i++) {
        m->positions[i].x += amount * (2.0 * rnd() - 1.0);
        m->positions[i].y += amount * (2.0 * rnd() - 1.0);
        m->positions[i].z += amount * (2.0 * rnd() - 1.0);
    }
}

/* Adds face `c` (a cycle of OBJ vertex numbers), turned to face away from
   the origin (the polyhedron's inside) by its unjittered Newell normal. */
static void outward_face(rm_mesh *m, uint32_t *c, size_t n)
{
    rm_vec3d p[64] = { { 0, 0, 0 } }, ctr = { 0, 0, 0 };
    for (size_t i = 0; i < n; i++) {
        p[i] = m->positions[c[i] - 1];
        ctr.x += p[i].x / (double)n;
        ctr.y += p[i].y / (double)n;
        ctr.z += p[i].z / (double)n;
    }
    if (rm_cv_dot(rm_cv_newell(p, n), ctr) < 0.0)
        for (size_t i = 0; i < n / 2; i++) {
            uint32_t t = c[i];
            c[i] = c[n - 1 - i];
            c[n - 1 - i] = t;
        }
    mb_face(m, RM_MESH_NONE, RM_MESH_NONE, 0, n, c);
}

/* A cube whose 12 edges are cut into 1 to 4 segments (the points on an
   edge are shared by its two faces): faces of 4 to 16 corners. */
static void split_cube(rm_mesh *m, unsigned pattern)
{
    mb_init(m, "cube.obj");
    for (unsigned v = 0; v < 8; v++)
        mb_v(m, (v & 1) ? 1 : -1, (v & 2) ? 1 : -1, (v & 4) ? 1 : -1);
    uint32_t mid[8][8][3];      /* the points inside edge a-b, from a */
    unsigned segs[8][8];
    unsigned e = 0;
    for (unsigned a = 0; a < 8; a++)
        for (unsigned b = a + 1; b < 8; b++) {
            unsigned d = a ^ b;
            if (d != 1 && d != 2 && d != 4)
                continue;
            unsigned s = 1 + (pattern >> (2 * (e++ % 16))) % 4;
            segs[a][b] = segs[b][a] = s;
            for (unsigned k = 1; k < s; k++) {
                double t = (double)k / s;
                const rm_vec3d pa = m->positions[a], pb = m->positions[b];
                mid[a][b][k - 1] = mb_v(m, pa.x + t * (pb.x - pa.x), pa.y + t * (pb.y - pa.y),
                                        pa.z + t * (pb.z - pa.z));
                mid[b][a][s - 1 - k] = mid[a][b][k - 1];
            }
        }
    static const unsigned faces[6][4] = {
        { 0, 2, 6, 4 }, { 1, 3, 7, 5 }, { 0, 1, 5, 4 }, { 2, 3, 7, 6 }, { 0, 1, 3, 2 }, { 4, 5, 7, 6 }
    };
    for (int f = 0; f < 6; f++) {
        uint32_t c[64];
        size_t n = 0;
        for (int i = 0; i < 4; i++) {
            unsigned a = faces[f][i], b = faces[f][(i + 1) % 4];
            c[n++] = a + 1;
            for (unsigned k = 1; k < segs[a][b]; k++)
                c[n++] = mid[a][b][k - 1];
        }
        outward_face(m, c, n);
    }
}

/* A prism with n-gon caps (radius 1, height 2) and quad sides. */
static void prism(rm_mesh *m, size_t n)
{
    mb_init(m, "prism.obj");
    for (size_t i = 0; i < n; i++) {
        double a = 6.283185307179586 * (double)i / (double)n;
        mb_v(m, cos(a), sin(a), -1);
        mb_v(m, cos(a), sin(a), 1);
    }
    uint32_t bottom[64], top[64];
    for (size_t i = 0; i < n; i++) {
        bottom[i] = (uint32_t)(2 * i + 1);
        top[i] = (uint32_t)(2 * i + 2);
        uint32_t side[4] = { (uint32_t)(2 * i + 1), (uint32_t)(2 * ((i + 1) % n) + 1),
                             (uint32_t)(2 * ((i + 1) % n) + 2), (uint32_t)(2 * i + 2) };
        outward_face(m, side, 4);
    }
    outward_face(m, bottom, n);
    outward_face(m, top, n);
}

static void closed_meshes_stay_closed(void **state)
{
    (void)state;
    static const double jitters[] = { 0.0, 0.05, 0.2, 0.4 };
    for (unsigned pattern = 0; pattern < 12; pattern++)
        for (size_t k = 0; k < sizeof jitters / sizeof jitters[0]; k++) {
            rm_mesh m;
            split_cube(&m, pattern * 0x9E3779B9u);
            jitter(&m, jitters[k]);
            rm_jom_model j;
            rm_diag d;
            convert_ok(&m, &j, &d);
            assert_int_equal(j.point_count, m.position_count);   /* every corner */
            assert_int_equal(open_edges(&j), 0);
            rm_jom_free(&j);
            rm_diag_free(&d);
            rm_mesh_free(&m);
        }
    for (size_t n = 5; n <= 40; n++) {
        rm_mesh m;
        prism(&m, n);
        jitter(&m, n % 3 == 0 ? 0.3 : 0.08);
        rm_jom_model j;
        rm_diag d;
        convert_ok(&m, &j, &d);
        assert_int_equal(j.point_count, 2 * n);
        assert_int_equal(open_edges(&j), 0);
        rm_jom_free(&j);
        rm_diag_free(&d);
        rm_mesh_free(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(issue_pentagon_keeps_its_five_corners),
        cmocka_unit_test(random_bent_faces_keep_every_corner),
        cmocka_unit_test(bent_convex_faces_face_their_normal),
        cmocka_unit_test(straight_corners_stay_in_3d),
        cmocka_unit_test(issue_pentagon_converts_with_five_points),
        cmocka_unit_test(closed_meshes_stay_closed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
