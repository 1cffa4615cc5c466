/* The converter on the shared corpus of real OBJ files (read in place from
   RM_SHARED_DIR/corpus/obj; skipped with 77 when it is absent).

   1. Every n-gon face of the files that have them is converted alone and
      its pieces are checked independently of the code: each piece convex
      (turns measured against the face's normal), the vector areas of the
      pieces adding up to the face's (Newell's vector is additive), and their
      lengths too (no piece turned over, no overlap: planar faces only).
   2. Every file converts, or fails with the expected error, and the model
      passes rm_jom_validate(). */
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
#include <time.h>

#include "retromesh/convert.h"
#include "retromesh/jom.h"
#include "retromesh/obj.h"

#define CORPUS RM_SHARED_DIR "/corpus/obj/"

static bool read_obj(const char *rel, rm_mesh *m)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s", CORPUS, rel);
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_obj_read_file(path, NULL, m, &d);
    if (st != RM_OK)
        rm_diag_print(&d, stderr, 0);
    rm_diag_free(&d);
    return st == RM_OK;
}

typedef struct v3 {
    double x, y, z;
} v3;

static v3 sub(v3 a, v3 b) { return (v3){ a.x - b.x, a.y - b.y, a.z - b.z }; }
static v3 add(v3 a, v3 b) { return (v3){ a.x + b.x, a.y + b.y, a.z + b.z }; }
static v3 cross(v3 a, v3 b)
{
    return (v3){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
static double dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static double len(v3 a) { return sqrt(dot(a, a)); }

static v3 point(const rm_jom_model *j, unsigned i)
{
    return (v3){ (double)j->points[i].x, (double)j->points[i].y, (double)j->points[i].z };
}

/* Vector area (x2) of a polygon given by points. */
static v3 area_vec(const v3 *p, size_t n)
{
    v3 s = { 0, 0, 0 };
    for (size_t i = 1; i + 1 < n; i++)
        s = add(s, cross(sub(p[i], p[0]), sub(p[i + 1], p[0])));
    return s;
}

/* The face alone, converted with the default options; its vector area from
   the OBJ positions rounded the way the converter does (x, -y, -z), and the
   pieces' from the points of the model. */
static void check_face(const rm_mesh *src, size_t f, bool planar, size_t *pieces_total)
{
    rm_mesh one = *src;
    uint32_t start[2] = { 0, rm_mesh_face_corners(src, f) };
    uint32_t mat = RM_MESH_NONE, grp = RM_MESH_NONE;
    one.face_count = 1;
    one.face_start = start;
    one.corner_position = src->corner_position + src->face_start[f];
    one.corner_normal = NULL;
    one.corner_uv = NULL;
    one.face_material = &mat;
    one.face_group = &grp;
    one.face_line = NULL;
    one.colors = NULL;
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&one, NULL, &j, &d), RM_OK);
    rm_diag_free(&d);

    size_t n = start[1];
    v3 *p = malloc(n * sizeof *p);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++) {
        rm_vec3d q = src->positions[one.corner_position[n - 1 - i]];   /* reversed */
        p[i] = (v3){ round(q.x * 65536.0), round(-q.y * 65536.0), round(-q.z * 65536.0) };
    }
    v3 face = area_vec(p, n);
    double face_len = len(face);
    v3 sum = { 0, 0, 0 };
    double sum_len = 0.0;
    for (uint32_t k = 0; k < j.polygon_count; k++) {
        const uint16_t *v = j.polygons[k].v;
        unsigned corners = v[3] == v[2] ? 3 : 4;
        v3 q[4];
        for (unsigned i = 0; i < corners; i++)
            q[i] = point(&j, v[i]);
        v3 a = area_vec(q, corners);
        sum = add(sum, a);
        sum_len += len(a);
        assert_true(dot(a, face) > 0.0);        /* turns the face's way */
        if (corners == 4 && planar)
            for (unsigned i = 0; i < 4; i++) {
                v3 e1 = sub(q[i], q[(i + 3) % 4]), e2 = sub(q[(i + 1) % 4], q[i]);
                assert_true(dot(cross(e1, e2), face) >= -1e-9 * len(e1) * len(e2) * face_len);
            }
    }
    assert_true(len(sub(sum, face)) <= 1e-9 * face_len);
    if (planar)
        assert_true(fabs(sum_len - face_len) <= 1e-9 * face_len);
    *pieces_total += j.polygon_count;
    free(p);
    rm_jom_free(&j);
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : (a > b ? 1 : 0);
}

static bool corpus_present(void)
{
    struct stat st;
    return stat(CORPUS, &st) == 0 && S_ISDIR(st.st_mode);
}

static void ngon_faces_of_the_corpus(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        bool planar;            /* all its n-gons are flat */
    } files[] = {
        { "assimp-concave-polygon/concave_polygon.obj", true },     /* the 66-gon with a hole */
        { "tinyobj-issue-319-002/issue-319-002.obj", true },        /* concave GIS outlines */
        { "obj2gltf-concave/concave.obj", true },
        { "trimesh-wallhole/wallhole.obj", true },
        { "trimesh-rabbit/rabbit.obj", false },
        { "spot-control-mesh/spot_control_mesh.obj", false },
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        rm_mesh m;
        assert_true(read_obj(files[i].file, &m));
        size_t ngons = 0, pieces = 0;
        for (size_t f = 0; f < m.face_count; f++)
            if (rm_mesh_face_corners(&m, f) >= 5) {
                check_face(&m, f, files[i].planar, &pieces);
                ngons++;
            }
        assert_true(ngons > 0);
        rm_mesh_free(&m);
    }
}

static void the_66_gon(void **state)
{
    (void)state;
    /* 66 corners, 64 places (the bridge to the hole repeats 2): 62
       triangles at most; quads where two make a convex shape. */
    rm_mesh m;
    assert_true(read_obj("assimp-concave-polygon/concave_polygon.obj", &m));
    assert_int_equal(m.face_count, 1);
    assert_int_equal(rm_mesh_face_corners(&m, 0), 66);
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, NULL, &j, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(j.point_count, 64);
    assert_true(j.polygon_count >= 31 && j.polygon_count <= 62);
    /* The face is in the plane x = -1.146, its normal (vn 1 0 0) along +X:
       every piece's normal is (1, 0, 0) in Saturn axes too. */
    for (uint32_t k = 0; k < j.polygon_count; k++)
        assert_true(j.polygons[k].normal.x == 65536 && j.polygons[k].normal.y == 0 &&
                    j.polygons[k].normal.z == 0);
    rm_diag_free(&d);
    rm_jom_free(&j);
    rm_mesh_free(&m);
}

/* Edges used once (or twice the same way) by the polygons, as index
   pairs: p[k] gives polygon k's corner count and corners. */
static size_t open_edges_of(size_t points, size_t polys, const uint32_t *start, const uint32_t *idx)
{
    /* Sorted directed edges; an edge is closed when a -> b and b -> a are
       used as often. */
    size_t n = start[polys];
    uint64_t *e = malloc((n ? n : 1) * sizeof *e);
    assert_non_null(e);
    for (size_t k = 0; k < polys; k++) {
        uint32_t c = start[k + 1] - start[k];
        for (uint32_t i = 0; i < c; i++) {
            uint64_t a = idx[start[k] + i], b = idx[start[k] + (i + 1) % c];
            e[start[k] + i] = a < b ? (a << 33) | (b << 1) : (b << 33) | (a << 1) | 1;
        }
    }
    (void)points;
    qsort(e, n, sizeof *e, cmp_u64);
    size_t bad = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        long fwd = 0, back = 0;
        while (j < n && (e[j] >> 1) == (e[i] >> 1)) {
            if (e[j] & 1)
                back++;
            else
                fwd++;
            j++;
        }
        bad += fwd != back;
        i = j;
    }
    free(e);
    return bad;
}

static void closed_control_mesh_stays_closed(void **state)
{
    (void)state;
    /* The spot cage: a closed mesh of bent quads and pentagons. Its
       pentagons once became one polygon each, leaving 6 open edges. */
    rm_mesh m;
    assert_true(read_obj("spot-control-mesh/spot_control_mesh.obj", &m));
    uint32_t *start = malloc((m.face_count + 1) * sizeof *start);
    assert_non_null(start);
    for (size_t f = 0; f <= m.face_count; f++)
        start[f] = m.face_start[f];
    assert_int_equal(open_edges_of(m.position_count, m.face_count, start, m.corner_position), 0);
    rm_jom_model j;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, NULL, &j, &d), RM_OK);
    uint32_t *js = malloc((j.polygon_count + 1) * sizeof *js);
    uint32_t *ji = malloc(4 * (size_t)j.polygon_count * sizeof *ji + 1);
    assert_non_null(js);
    assert_non_null(ji);
    js[0] = 0;
    for (uint32_t k = 0; k < j.polygon_count; k++) {
        const uint16_t *v = j.polygons[k].v;
        uint32_t c = v[3] == v[2] ? 3 : 4;
        for (uint32_t i = 0; i < c; i++)
            ji[js[k] + i] = v[i];
        js[k + 1] = js[k] + c;
    }
    assert_int_equal(open_edges_of(j.point_count, j.polygon_count, js, ji), 0);
    assert_int_equal(j.point_count, m.position_count);
    free(js);
    free(ji);
    free(start);
    rm_diag_free(&d);
    rm_jom_free(&j);
    rm_mesh_free(&m);
}

static void every_file(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        rm_status want;
        const char *message;    /* a message that must be there, or NULL */
    } files[] = {
        { "assimp-box-longline/box_longline.obj", RM_OK, "face lists the same 4 corners 234 times" },
        { "assimp-cube-with-vertexcolors/cube_with_vertexcolors.obj", RM_OK, NULL },
        { "assimp-regr01/regr01.obj", RM_OK, NULL },
        { "assimp-spider/spider.obj", RM_OK, "fewer than 3 distinct corners" },
        { "kaolin-amsterdam/amsterdam.obj", RM_OK, "quad is concave" },
        { "kaolin-simple-muscle/simple_muscle.obj", RM_OK, NULL },
        { "kenney-character-human/character-human.obj", RM_OK, NULL },
        { "obj2gltf-box-mixed-attributes-2/box-mixed-attributes-2.obj", RM_OK,
          "this face has no normals (vn) while others have" },
        { "spot-cow/cow.obj", RM_OK, NULL },
        { "tinyobj-cornell-box/cornell_box.obj", RM_OK, NULL },
        { "tinyobj-cube-vertexcol/cube-vertexcol.obj", RM_OK, NULL },
        { "tinyobj-test-nan/test-nan.obj", RM_INVALID, "is not a finite number" },
        { "trimesh-groups/groups.obj", RM_OK, NULL },
        { "trimesh-nancolor/nancolor.obj", RM_OK, "has a color that is not a usable number" },
        { "trimesh-quadknot/quadknot.obj", RM_OK, NULL },
        { "oded-skull/skull.obj", RM_INVALID,
          "the model has 100002 polygons after cutting, 34467 more than the 65535 a JOM can hold" },
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        rm_mesh m;
        assert_true(read_obj(files[i].file, &m));
        rm_jom_model j;
        rm_diag d;
        rm_diag_init(&d);
        clock_t t0 = clock();
        rm_status st = rm_convert_mesh_to_jom(&m, NULL, &j, &d);
        double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
        if (st != files[i].want) {
            fprintf(stderr, "%s: status %d\n", files[i].file, st);
            rm_diag_print(&d, stderr, 1);
        }
        assert_int_equal(st, files[i].want);
        assert_true(seconds < 10.0);    /* 0.1 s in a release build */
        if (files[i].message) {
            bool found = false;
            for (size_t k = 0; k < d.count && !found; k++)
                found = strstr(d.items[k].text, files[i].message) != NULL;
            if (!found)
                fprintf(stderr, "%s: no message \"%s\"\n", files[i].file, files[i].message);
            assert_true(found);
        }
        if (st == RM_OK) {
            rm_diag v;
            rm_diag_init(&v);
            assert_int_equal(rm_jom_validate(&j, files[i].file, &v), RM_OK);
            rm_diag_free(&v);
            assert_true(j.point_count > 0 && j.polygon_count > 0);
        }
        rm_diag_free(&d);
        rm_jom_free(&j);
        rm_mesh_free(&m);
    }
}

int main(void)
{
    if (!corpus_present()) {
        printf("skipped: no corpus at %s\n", CORPUS);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ngon_faces_of_the_corpus),
        cmocka_unit_test(the_66_gon),
        cmocka_unit_test(every_file),
        cmocka_unit_test(closed_control_mesh_stays_closed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
