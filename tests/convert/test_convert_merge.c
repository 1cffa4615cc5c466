/* --merge-triangles (src/convert/merge.c, docs/convert.md "Merging
   triangles"): pairs of triangles joined into quads where the VDP1 draws
   the quad as the two triangles, and every case where they must stay two.

   Meshes are built in C (mesh_builder.h). OBJ positions (x, y, z) are
   written as Saturn points (x, -y, -z) * 65536; a polygon's corners are
   checked as OBJ vertex numbers (found back from the points), the expected
   orders worked out in the comments from the rules of docs/convert.md:
   the OBJ order reversed, triangles rotated to their shortest edge (the
   first on a tie), the quad keeping the first triangle's corners with the
   other's far corner put in the shared edge. The last test reads the
   corpus in place (skipped when it is absent). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "convert/diag_check.h"
#include "convert/mesh_builder.h"
#include "retromesh/convert.h"
#include "retromesh/jom.h"
#include "retromesh/obj.h"

#define FIX RM_FIXTURES "/textures/"
#define CORPUS RM_SHARED_DIR "/corpus/obj/"

/* Converts with or without the option (textures embedded: no .BIN); the
   model must pass the validator. */
static void convert(const rm_mesh *m, bool merge, rm_jom_model *j, rm_diag *d)
{
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.merge_triangles = merge;
    o.embed_textures = true;
    rm_status st = rm_convert_mesh_to_jom(m, &o, j, d);
    if (st != RM_OK)
        print_diag(d);
    assert_int_equal(st, RM_OK);
    rm_diag v;
    rm_diag_init(&v);
    assert_int_equal(rm_jom_validate(j, "merge.jom", &v), RM_OK);
    rm_diag_free(&v);
}

/* The polygon count of a conversion. */
static uint32_t polygons(const rm_mesh *m, bool merge)
{
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    convert(m, merge, &j, &d);
    uint32_t n = j.polygon_count;
    rm_jom_free(&j);
    rm_diag_free(&d);
    return n;
}

/* The OBJ vertex number (1-based) at a JOM point: Saturn (x, -y, -z). */
static int vertex_at(const rm_mesh *m, const rm_jom_model *j, uint16_t point)
{
    const rm_vec3x p = j->points[point];
    for (size_t i = 0; i < m->position_count; i++) {
        int32_t x = (int32_t)lround(m->positions[i].x * 65536.0);
        int32_t y = (int32_t)lround(-m->positions[i].y * 65536.0);
        int32_t z = (int32_t)lround(-m->positions[i].z * 65536.0);
        if (p.x == x && p.y == y && p.z == z)
            return (int)i + 1;
    }
    return -1;
}

/* Polygon p is a quad whose corners are the OBJ vertices want[0..3], in
   this order (exact: the first corner too). */
static void assert_quad(const rm_mesh *m, const rm_jom_model *j, uint32_t p, const int want[4])
{
    assert_true(p < j->polygon_count);
    assert_true(j->polygons[p].v[3] != j->polygons[p].v[2]);
    for (unsigned k = 0; k < 4; k++)
        assert_int_equal(vertex_at(m, j, j->polygons[p].v[k]), want[k]);
}

/* The same, up to the first corner (a cyclic rotation). */
static bool is_rotation(const rm_mesh *m, const rm_jom_model *j, uint32_t p, const int want[4])
{
    for (unsigned r = 0; r < 4; r++) {
        bool same = true;
        for (unsigned k = 0; k < 4; k++)
            same = same && vertex_at(m, j, j->polygons[p].v[k]) == want[(k + r) % 4];
        if (same)
            return true;
    }
    return false;
}

/* The unit square of the plane z = 0 as two triangles, f 1 2 3 and
   f 1 3 4, facing +Z: 1 (0,0,0), 2 (1,0,0), 3 (1,1,0), 4 (0,1,0), v4's z
   given. Materials and groups per face. */
static void square(rm_mesh *m, double z4, uint32_t mat1, uint32_t mat2, uint32_t g1, uint32_t g2)
{
    mb_v(m, 0, 0, 0);
    mb_v(m, 1, 0, 0);
    mb_v(m, 1, 1, 0);
    mb_v(m, 0, 1, z4);
    mb_f(m, mat1, g1, 10, 3, 1, 2, 3);
    mb_f(m, mat2, g2, 11, 3, 1, 3, 4);
}

static void square_becomes_one_quad(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "square.obj");
    square(&m, 0.0, RM_MESH_NONE, RM_MESH_NONE, RM_MESH_NONE, RM_MESH_NONE);
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    convert(&m, true, &j, &d);
    /* f 1 2 3 reversed: 3 2 1, Saturn 3 (1,-1,0), 2 (1,0,0), 1 (0,0,0);
       edges 3-2 = 1, 2-1 = 1, 1-3 = sqrt 2: the tie keeps 3-2 first, so
       (3, 2, 1). f 1 3 4 reversed: 4 3 1, edges 4-3 = 1 first: (4, 3, 1).
       They share 1 -> 3 (edge 2 of the first) and 3 -> 1: vertex 4 goes
       between 1 and 3: (3, 2, 1, 4), the reversed OBJ quad 4 3 2 1 started
       at 3. */
    assert_int_equal(j.polygon_count, 1);
    assert_int_equal(j.point_count, 4);
    static const int want[4] = { 3, 2, 1, 4 };
    assert_quad(&m, &j, 0, want);
    /* Points in the order of first use: 3, 2, 1, 4 -> 0, 1, 2, 3. */
    for (uint16_t k = 0; k < 4; k++)
        assert_int_equal(j.polygons[0].v[k], k);
    /* Outward: the OBJ's +Z is the Saturn's -Z. */
    assert_int_equal(j.polygons[0].normal.x, 0);
    assert_int_equal(j.polygons[0].normal.y, 0);
    assert_int_equal(j.polygons[0].normal.z, -65536);
    assert_true(has_sub(&d, "square.obj: note: merged 1 triangle pair into quads"));
    assert_int_equal(d.warnings, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);

    /* Without the option: two triangles, no note. */
    rm_diag_init(&d);
    convert(&m, false, &j, &d);
    assert_int_equal(j.polygon_count, 2);
    assert_int_equal(d.count, 0);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* A mesh from a source of triangles only (glTF) is merged without the
   option, unless the triangles are kept. */
static void triangles_source_merges_by_default(void **state)
{
    (void)state;
    for (int keep = 0; keep < 2; keep++) {
        rm_mesh m;
        mb_init(&m, "square.gltf");
        square(&m, 0.0, RM_MESH_NONE, RM_MESH_NONE, RM_MESH_NONE, RM_MESH_NONE);
        m.from_triangles = true;
        rm_convert_options opt;
        rm_convert_options_default(&opt);
        opt.keep_triangles = keep != 0;
        rm_jom_model j;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_convert_mesh_to_jom(&m, &opt, &j, &d), RM_OK);
        assert_int_equal(j.polygon_count, keep ? 2 : 1);
        rm_jom_free(&j);
        rm_diag_free(&d);
        rm_mesh_free(&m);
    }
}

static void bent_pair_stays_two(void **state)
{
    (void)state;
    /* Vertex 4 lifted by h: its triangle turns about the diagonal 1-3, at
       sqrt(2)/2 from 4, by atan(h / 0.70711): h = 0.006 (393 raw units,
       0.00600) gives 0.486 degrees (merged), h = 0.019 (1245 raw, 0.01900)
       1.539 degrees (not merged), h = 0.1 about 8 degrees. */
    static const struct {
        double h;
        uint32_t polygons;
    } cases[] = { { 0.006, 1 }, { 0.019, 2 }, { 0.1, 2 }, { -0.1, 2 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rm_mesh m;
        mb_init(&m, "bent.obj");
        square(&m, cases[i].h, RM_MESH_NONE, RM_MESH_NONE, RM_MESH_NONE, RM_MESH_NONE);
        assert_int_equal(polygons(&m, true), cases[i].polygons);
        rm_mesh_free(&m);
    }
}

static void concave_pair_stays_two(void **state)
{
    (void)state;
    /* An arrowhead: A (0,0), C (2,0), B (3,1), D (3,-1); f A C B and
       f C A D (both counterclockwise: (C-A) x (B-A) = 2, (A-C) x (D-C) =
       2) share A-C. The quad A D C B turns the wrong way at C (C->B and
       C->D are 90 degrees apart, the inside angle there is 270). */
    rm_mesh m;
    mb_init(&m, "arrow.obj");
    mb_v(&m, 0, 0, 0);      /* 1 A */
    mb_v(&m, 2, 0, 0);      /* 2 C */
    mb_v(&m, 3, 1, 0);      /* 3 B */
    mb_v(&m, 3, -1, 0);     /* 4 D */
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 5, 3, 1, 2, 3);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 6, 3, 2, 1, 4);
    assert_int_equal(polygons(&m, true), 2);
    rm_mesh_free(&m);

    /* A straight corner is not strictly convex either: A (0,0), C (2,0),
       B (0,1), D (0,-1) (f A C B: (C-A) x (B-A) = 2; f C A D: (A-C) x
       (D-C) = (-2)(-1) = 2, both counterclockwise). The quad A D C B has
       D, A and B on the line x = 0: a straight corner at A. */
    mb_init(&m, "straight.obj");
    mb_v(&m, 0, 0, 0);
    mb_v(&m, 2, 0, 0);
    mb_v(&m, 0, 1, 0);
    mb_v(&m, 0, -1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 5, 3, 1, 2, 3);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 6, 3, 2, 1, 4);
    assert_int_equal(polygons(&m, true), 2);
    rm_mesh_free(&m);
}

static void different_materials_or_groups_stay_two(void **state)
{
    (void)state;
    rm_mesh m;
    mb_init(&m, "mats.obj");
    uint32_t red = mb_material(&m, "red");
    uint32_t blue = mb_material(&m, "blue");
    square(&m, 0.0, red, blue, RM_MESH_NONE, RM_MESH_NONE);
    assert_int_equal(polygons(&m, true), 2);
    rm_mesh_free(&m);

    mb_init(&m, "same.obj");
    red = mb_material(&m, "red");
    square(&m, 0.0, red, red, RM_MESH_NONE, RM_MESH_NONE);
    assert_int_equal(polygons(&m, true), 1);
    rm_mesh_free(&m);

    mb_init(&m, "groups.obj");
    uint32_t a = mb_group(&m, "a", 1);
    uint32_t b = mb_group(&m, "b", 2);
    square(&m, 0.0, RM_MESH_NONE, RM_MESH_NONE, a, b);
    assert_int_equal(polygons(&m, true), 2);
    rm_mesh_free(&m);
}

static void per_corner_data_must_agree(void **state)
{
    (void)state;
    /* Normals: the same vn at the shared corners 1 and 3 -> merged; the
       second face gives corner 3 another vn -> two. */
    rm_mesh m;
    mb_init(&m, "normals.obj");
    square(&m, 0.0, RM_MESH_NONE, RM_MESH_NONE, RM_MESH_NONE, RM_MESH_NONE);
    mb_vn(&m, 0, 0, 1);
    mb_vn(&m, 0, 0.1, 0.995);
    mb_face_normals(&m, 0, 3, 1, 1, 1);
    mb_face_normals(&m, 1, 3, 1, 1, 1);
    assert_int_equal(polygons(&m, true), 1);
    mb_face_normals(&m, 1, 3, 1, 2, 1);
    assert_int_equal(polygons(&m, true), 2);
    rm_mesh_free(&m);

    /* Colors: two positions at the same place weld into one point, but
       GOUR keeps each corner's own color: a pair whose shared corner has
       two colors stays two; the same color merges. */
    mb_init(&m, "colors.obj");
    mb_square(&m, 0, 0);
    mb_v(&m, 1, 1, 0);      /* 5: where 3 is */
    mb_color(&m, 3, 1, 0, 0);
    mb_color(&m, 5, 0, 1, 0);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 1, 3, 1, 2, 3);
    mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 2, 3, 1, 5, 4);
    assert_int_equal(polygons(&m, true), 2);
    mb_color(&m, 5, 1, 0, 0);
    assert_int_equal(polygons(&m, true), 1);
    rm_mesh_free(&m);
}

/* The strip 1 (0,0) 2 (1,0) 3 (2,0) / 4 (0,1) 5 (1,1) 6 (2,1) as four
   triangles T1 = 1 2 5, T2 = 1 5 4, T3 = 2 3 6, T4 = 2 6 5, in the order
   given by `order` (indexes into T1..T4). */
static void strip(rm_mesh *m, const unsigned order[4])
{
    static const int T[4][3] = { { 1, 2, 5 }, { 1, 5, 4 }, { 2, 3, 6 }, { 2, 6, 5 } };
    mb_init(m, "strip.obj");
    mb_v(m, 0, 0, 0);
    mb_v(m, 1, 0, 0);
    mb_v(m, 2, 0, 0);
    mb_v(m, 0, 1, 0);
    mb_v(m, 1, 1, 0);
    mb_v(m, 2, 1, 0);
    for (unsigned i = 0; i < 4; i++) {
        const int *t = T[order[i]];
        mb_f(m, RM_MESH_NONE, RM_MESH_NONE, i + 1, 3, t[0], t[1], t[2]);
    }
}

static void strip_of_four_gives_two_quads(void **state)
{
    (void)state;
    /* The pairs: T1-T2 (edge 1-5), T1-T4 (2-5), T4-T3 (2-6): a path
       T2 - T1 - T4 - T3. Only T1+T2 and T3+T4 pair everything: quads
       1 2 5 4 and 2 3 6 5 (OBJ, counterclockwise), reversed 4 5 2 1 and
       5 6 3 2. Taking T1 with T4 first would leave T2 and T3 alone: the
       second order puts T1 and T4 first in the file. */
    static const unsigned orders[2][4] = { { 0, 1, 2, 3 }, { 0, 3, 1, 2 } };
    static const int q1[4] = { 4, 5, 2, 1 }, q2[4] = { 5, 6, 3, 2 };
    for (unsigned o = 0; o < 2; o++) {
        rm_mesh m;
        strip(&m, orders[o]);
        rm_jom_model j;
        rm_diag d;
        rm_diag_init(&d);
        convert(&m, true, &j, &d);
        assert_int_equal(j.polygon_count, 2);
        assert_true(is_rotation(&m, &j, 0, q1) || is_rotation(&m, &j, 1, q1));
        assert_true(is_rotation(&m, &j, 0, q2) || is_rotation(&m, &j, 1, q2));
        assert_true(has_sub(&d, "merged 2 triangle pairs into quads"));
        rm_jom_free(&j);
        rm_diag_free(&d);
        rm_mesh_free(&m);
    }

    /* Face order 1 (T1 T2 T3 T4), exactly: T1 = 1 2 5 reversed 5 2 1,
       Saturn 5 (1,-1), 2 (1,0), 1 (0,0): edges 5-2 = 1 first: (5, 2, 1);
       T2 = 1 5 4 reversed 4 5 1: 4-5 = 1: (4, 5, 1); shared 1 -> 5 is T1's
       edge 2: (5, 2, 1, 4). T3 = 2 3 6 reversed 6 3 2: 6-3 = 1: (6, 3, 2);
       T4 = 2 6 5 reversed 5 6 2: 5-6 = 1: (5, 6, 2); shared 2 -> 6 is
       T3's edge 2: (6, 3, 2, 5). Each quad is where its first triangle
       was: T1's place, then T3's. */
    rm_mesh m;
    strip(&m, orders[0]);
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    convert(&m, true, &j, &d);
    static const int e1[4] = { 5, 2, 1, 4 }, e2[4] = { 6, 3, 2, 5 };
    assert_quad(&m, &j, 0, e1);
    assert_quad(&m, &j, 1, e2);
    rm_jom_free(&j);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void grid_pairs_every_triangle(void **state)
{
    (void)state;
    /* A flat 5 x 5 grid of unit squares, each cut along alternating
       diagonals (a pattern that is not in strips): 50 triangles, and a
       perfect matching exists (each square's own two), so 25 quads. */
    rm_mesh m;
    mb_init(&m, "grid.obj");
    for (int y = 0; y <= 5; y++)
        for (int x = 0; x <= 5; x++)
            mb_v(&m, x, y, 0);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) {
            int a = y * 6 + x + 1, b = a + 1, c = a + 7, dd = a + 6;
            if ((x + y) % 2) {
                mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, a, b, c);
                mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, a, c, dd);
            } else {
                mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, a, b, dd);
                mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, b, c, dd);
            }
        }
    assert_int_equal(polygons(&m, false), 50);
    assert_int_equal(polygons(&m, true), 25);
    rm_mesh_free(&m);
}

/* The textured unit square (material "wall", wall.png) with OBJ UVs
   1 (0,0) 2 (1,0) 3 (1,1) 4 (0,1) at vertices 1..4: as the OBJ quad
   f 1/1 2/2 3/3 4/4 (quad true) or as two triangles f 1/1 2/2 3/3 and
   f 1/1 3/3 4/4. uv4 is the UV number of vertex 4 in the second triangle,
   uv3b that of vertex 3 there. */
static void textured_square(rm_mesh *m, bool quad, int uv3b, int uv4)
{
    mb_init(m, "tex.obj");
    mb_square(m, 0, 0);
    mb_vt(m, 0, 0);
    mb_vt(m, 1, 0);
    mb_vt(m, 1, 1);
    mb_vt(m, 0, 1);
    mb_vt(m, 0.5, 0.5);     /* 5 */
    mb_vt(m, 0.2, 1);       /* 6 */
    uint32_t mat = mb_material(m, "wall");
    mb_texture(m, mat, FIX "quad.mtl", "wall.png");
    if (quad) {
        size_t f = mb_f(m, mat, RM_MESH_NONE, 7, 4, 1, 2, 3, 4);
        mb_face_uvs(m, f, 4, 1, 2, 3, 4);
    } else {
        size_t f = mb_f(m, mat, RM_MESH_NONE, 7, 3, 1, 2, 3);
        mb_face_uvs(m, f, 3, 1, 2, 3);
        f = mb_f(m, mat, RM_MESH_NONE, 8, 3, 1, 3, 4);
        mb_face_uvs(m, f, 3, 1, uv3b, uv4);
    }
}

static void textured_square_is_the_obj_quad(void **state)
{
    (void)state;
    rm_mesh tri, quad;
    textured_square(&tri, false, 3, 4);
    textured_square(&quad, true, 3, 4);
    rm_jom_model a, b;
    rm_diag da, db;
    rm_diag_init(&da);
    rm_diag_init(&db);
    convert(&tri, true, &a, &da);
    convert(&quad, false, &b, &db);
    /* The UV rule: A is the corner nearest the top-left (0,1): vertex 4;
       the reversed order from there: 4 3 2 1 (test_convert_textures has
       the same quad). */
    static const int want[4] = { 4, 3, 2, 1 };
    assert_int_equal(a.polygon_count, 1);
    assert_quad(&tri, &a, 0, want);
    assert_quad(&quad, &b, 0, want);
    /* The same model, byte for byte: points, polygon, normal, material,
       texture. */
    assert_int_equal(a.material_count, 1);
    assert_int_equal(a.materials[0].texture, 0);
    assert_memory_equal(&a.materials[0], &b.materials[0], sizeof a.materials[0]);
    assert_memory_equal(&a.polygons[0], &b.polygons[0], sizeof a.polygons[0]);
    uint8_t *ba = NULL, *bb = NULL;
    size_t na = 0, nb = 0;
    assert_int_equal(rm_jom_write(&a, &ba, &na, &da), RM_OK);
    assert_int_equal(rm_jom_write(&b, &bb, &nb, &db), RM_OK);
    assert_int_equal(na, nb);
    assert_memory_equal(ba, bb, na);
    free(ba);
    free(bb);
    rm_jom_free(&a);
    rm_jom_free(&b);
    rm_diag_free(&da);
    rm_diag_free(&db);
    rm_mesh_free(&tri);
    rm_mesh_free(&quad);
}

static void palette_pairs_merge(void **state)
{
    (void)state;
    /* Low-poly models on a palette ("colormap") texture give every corner
       of a face one UV: nothing to map, so nothing lost. All six corners
       at vt 5 (0.5, 0.5): one quad; the first triangle's order is kept (the
       UV rule cannot turn it): (3, 2, 1, 4) as in square_becomes_one_quad
       (with every UV at one point, faces.c rotates triangles by their
       shortest edge, as untextured ones). */
    rm_mesh m;
    textured_square(&m, false, 5, 5);
    mb_face_uvs(&m, 0, 3, 5, 5, 5);
    mb_face_uvs(&m, 1, 3, 5, 5, 5);
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    convert(&m, true, &j, &d);
    assert_int_equal(j.polygon_count, 1);
    static const int want[4] = { 3, 2, 1, 4 };
    assert_quad(&m, &j, 0, want);
    rm_jom_free(&j);
    rm_diag_free(&d);
    /* One corner of the second triangle at another color: two. */
    mb_face_uvs(&m, 1, 3, 5, 5, 1);
    assert_int_equal(polygons(&m, true), 2);
    rm_mesh_free(&m);
}

static void textured_pairs_whose_uvs_disagree_stay_two(void **state)
{
    (void)state;
    /* Vertex 3 has UV (1,1) in one triangle and (0.5,0.5) in the other: a
       seam. */
    rm_mesh m;
    textured_square(&m, false, 5, 4);
    assert_int_equal(polygons(&m, true), 2);
    rm_mesh_free(&m);
    /* The same UVs at the shared corners, but vertex 4 at (0.2, 1): the
       first triangle's map (u = x, v = y) puts it at (0, 1), 0.2 away in a
       UV box of 1: not one affine map, not merged. */
    textured_square(&m, false, 3, 6);
    assert_int_equal(polygons(&m, true), 2);
    rm_mesh_free(&m);
}

static void same_input_same_bytes(void **state)
{
    (void)state;
    /* A bumpy 6 x 6 grid (heights from a formula, some pairs flat, some
       not), converted twice: the same bytes. */
    uint8_t *out[2] = { NULL, NULL };
    size_t size[2] = { 0, 0 };
    uint32_t count[2] = { 0, 0 };
    for (int run = 0; run < 2; run++) {
        rm_mesh m;
        mb_init(&m, "bumpy.obj");
        for (int y = 0; y <= 6; y++)
            for (int x = 0; x <= 6; x++)
                mb_v(&m, x, y, (x * y) % 3 == 0 ? 0.0 : 0.25 * (double)((x + 2 * y) % 2));
        for (int y = 0; y < 6; y++)
            for (int x = 0; x < 6; x++) {
                int a = y * 7 + x + 1, b = a + 1, c = a + 8, dd = a + 7;
                mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, a, b, c);
                mb_f(&m, RM_MESH_NONE, RM_MESH_NONE, 0, 3, a, c, dd);
            }
        rm_jom_model j;
        rm_diag d;
        rm_diag_init(&d);
        convert(&m, true, &j, &d);
        count[run] = j.polygon_count;
        assert_int_equal(rm_jom_write(&j, &out[run], &size[run], &d), RM_OK);
        rm_jom_free(&j);
        rm_diag_free(&d);
        rm_mesh_free(&m);
    }
    assert_true(count[0] < 72);     /* some pairs are flat */
    assert_int_equal(count[0], count[1]);
    assert_int_equal(size[0], size[1]);
    assert_memory_equal(out[0], out[1], size[0]);
    free(out[0]);
    free(out[1]);
}

/* ---- the corpus -------------------------------------------------------- */

static void corpus_cow(void **state)
{
    (void)state;
    rm_mesh m;
    rm_mesh_init(&m);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(CORPUS "spot-cow/cow.obj", NULL, &m, &d), RM_OK);
    uint32_t n[2] = { 0, 0 };
    for (int merge = 0; merge < 2; merge++) {
        rm_convert_options o;
        rm_convert_options_default(&o);
        o.no_textures = true;
        o.merge_triangles = merge != 0;
        rm_jom_model j;
        assert_int_equal(rm_convert_mesh_to_jom(&m, &o, &j, &d), RM_OK);
        rm_diag v;
        rm_diag_init(&v);
        assert_int_equal(rm_jom_validate(&j, "cow.jom", &v), RM_OK);
        rm_diag_free(&v);
        n[merge] = j.polygon_count;
        /* Each merged pair is one polygon less; nothing else changes. */
        assert_int_equal(j.point_count, 2930);
        rm_jom_free(&j);
    }
    printf("cow: %u polygons, %u with --merge-triangles (%u pairs merged)\n", n[0], n[1], n[0] - n[1]);
    assert_int_equal(n[0], 5856);
    assert_true(n[1] < n[0]);
    char note[64];
    snprintf(note, sizeof note, "merged %u,%03u triangle pairs into quads", (n[0] - n[1]) / 1000,
             (n[0] - n[1]) % 1000);
    if (n[0] - n[1] >= 1000)
        assert_true(has_sub(&d, note));
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

/* Built twice (tests/convert/CMakeLists.txt): test_convert_merge runs the
   unit tests, test_convert_merge_corpus (RM_MERGE_CORPUS) the corpus check
   alone, so that a clone without the corpus shows that one as skipped and
   the unit tests as passed. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(square_becomes_one_quad),
        cmocka_unit_test(triangles_source_merges_by_default),
        cmocka_unit_test(bent_pair_stays_two),
        cmocka_unit_test(concave_pair_stays_two),
        cmocka_unit_test(different_materials_or_groups_stay_two),
        cmocka_unit_test(per_corner_data_must_agree),
        cmocka_unit_test(strip_of_four_gives_two_quads),
        cmocka_unit_test(grid_pairs_every_triangle),
        cmocka_unit_test(textured_square_is_the_obj_quad),
        cmocka_unit_test(textured_pairs_whose_uvs_disagree_stay_two),
        cmocka_unit_test(palette_pairs_merge),
        cmocka_unit_test(same_input_same_bytes),
    };
    const struct CMUnitTest corpus[] = {
        cmocka_unit_test(corpus_cow),
    };
#ifndef RM_MERGE_CORPUS
    (void)corpus;
    return cmocka_run_group_tests(tests, NULL, NULL);
#else
    (void)tests;
    struct stat st;
    if (stat(CORPUS, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("skipped: no corpus at %s\n", CORPUS);
        return 77;
    }
    return cmocka_run_group_tests(corpus, NULL, NULL);
#endif
}
