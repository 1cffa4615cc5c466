/* tests/formats/niff/test_niff_mesh.c - NIFF -> mesh (rm_niff_to_mesh) on
   files written by rm_niff_write_mesh, and the printers on them.

   The round trip: a mesh built by hand -> rm_niff_write_mesh ->
   rm_niff_read -> rm_niff_to_mesh. Expected values are the input's, each
   rounded to a float (NIFF stores floats), compared corner by corner on the
   triangles the writer makes (a fan from corner 0: quad 1 2 3 4 gives
   1 2 3 and 1 3 4). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/mesh_builder.h"
#include "retromesh/niff.h"

/* 2x2 RGBA, top row first: red, green / blue, white (alpha 255, except
   the white one: 128). */
static const uint8_t PIXELS[16] = {
    255, 0, 0, 255, 0, 255, 0, 255,
    0, 0, 255, 255, 255, 255, 255, 128,
};

static const double POS[5][3] = { { 0.1, 0.2, 0.3 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0.5, 2, 0.25 } };
static const double COL[5][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 0.5, 0.25, 0.125 }, { 0.3, 0.6, 0.9 } };
static const double UV[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0.1, 0.9 } };
static const double NV[2][3] = { { 0, 0, 1 }, { 0, 0.6, 0.8 } };

/* body: quad 1 2 3 4 (uvs 1-4, normal 1), material wall (textured);
   head: triangle 4 3 5 (uvs 4 3 1, normal 2), material glass (d 0.5). */
static void build(rm_mesh *m)
{
    mb_init(m, "models/robot.obj");
    for (int i = 0; i < 5; i++) {
        mb_v(m, POS[i][0], POS[i][1], POS[i][2]);
        mb_color(m, (uint32_t)i + 1, COL[i][0], COL[i][1], COL[i][2]);
    }
    for (int i = 0; i < 2; i++)
        mb_vn(m, NV[i][0], NV[i][1], NV[i][2]);
    uint32_t wall = mb_material(m, "wall");
    uint32_t glass = mb_material(m, "glass");
    m->materials[wall].map_kd = mb_strdup("textures/wall.png");
    m->materials[wall].map_kd_rgba = mb_grow(NULL, 16, 1);
    memcpy(m->materials[wall].map_kd_rgba, PIXELS, 16);
    m->materials[wall].map_kd_width = m->materials[wall].map_kd_height = 2;
    m->materials[wall].kd[0] = m->materials[wall].kd[1] = m->materials[wall].kd[2] = 0.8;
    m->materials[glass].kd[0] = 0.2;
    m->materials[glass].kd[1] = 0.4;
    m->materials[glass].kd[2] = 0.6;
    m->materials[glass].dissolve = 0.5;
    uint32_t body = mb_group(m, "body", 1), head = mb_group(m, "head", 2);
    size_t q = mb_f(m, wall, body, 0, 4, 1, 2, 3, 4);
    size_t t = mb_f(m, glass, head, 0, 3, 4, 3, 5);
    mb_face_normals(m, q, 4, 1, 1, 1, 1);
    mb_face_normals(m, t, 3, 2, 2, 2);
    m->uv_count = 4;
    m->uvs = mb_grow(NULL, 4, sizeof *m->uvs);
    memcpy(m->uvs, UV, sizeof UV);
    static const int32_t cuv[7] = { 0, 1, 2, 3, 3, 2, 0 };
    m->corner_uv = mb_grow(NULL, 7, sizeof *m->corner_uv);
    memcpy(m->corner_uv, cuv, sizeof cuv);
}

static uint8_t *written(size_t *size)
{
    rm_mesh m;
    build(&m);
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = NULL;
    assert_int_equal(rm_niff_write_mesh(&m, NULL, &data, size, &d), RM_OK);
    rm_diag_free(&d);
    rm_mesh_free(&m);
    return data;
}

static void near(double got, double want)
{
    if (got != (double)(float)want)
        fail_msg("got %.9g, want %.9g (as a float)", got, (double)(float)want);
}

static void round_trip(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = written(&size);
    assert_true(rm_niff_looks_like(data, size));
    rm_mesh out;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read_mesh(data, size, "robot.niff", &out, &d), RM_OK);
    for (size_t i = 0; i < d.count; i++)
        print_message("%s\n", d.items[i].text);
    assert_int_equal(d.count, 0);
    assert_string_equal(out.source, "robot.niff");

    /* the triangles: fan of the quad, then the triangle (1-based input vertices) */
    static const uint32_t tri[3][3] = { { 1, 2, 3 }, { 1, 3, 4 }, { 4, 3, 5 } };
    static const int32_t tri_uv[3][3] = { { 0, 1, 2 }, { 0, 2, 3 }, { 3, 2, 0 } };
    static const int tri_nv[3] = { 0, 0, 1 };
    static const char *const group[3] = { "body", "body", "head" };
    static const char *const mat[3] = { "wall", "wall", "glass" };
    assert_int_equal(out.face_count, 3);
    assert_int_equal(out.group_count, 2);
    assert_non_null(out.colors);
    assert_non_null(out.corner_uv);
    assert_non_null(out.corner_normal);
    for (size_t f = 0; f < 3; f++) {
        assert_int_equal(rm_mesh_face_corners(&out, f), 3);
        assert_string_equal(out.groups[out.face_group[f]].name, group[f]);
        assert_string_equal(out.materials[out.face_material[f]].name, mat[f]);
        for (int k = 0; k < 3; k++) {
            uint32_t c = out.face_start[f] + (uint32_t)k;
            uint32_t p = out.corner_position[c], v = tri[f][k] - 1;
            near(out.positions[p].x, POS[v][0]);
            near(out.positions[p].y, POS[v][1]);
            near(out.positions[p].z, POS[v][2]);
            assert_int_equal(out.has_color[p], 1);
            near(out.colors[p].x, COL[v][0]);
            near(out.colors[p].y, COL[v][1]);
            near(out.colors[p].z, COL[v][2]);
            int32_t uv = out.corner_uv[c];
            assert_true(uv >= 0 && (size_t)uv < out.uv_count);
            near(out.uvs[uv][0], UV[tri_uv[f][k]][0]);
            near(out.uvs[uv][1], UV[tri_uv[f][k]][1]);
            int32_t n = out.corner_normal[c];
            assert_true(n >= 0 && (size_t)n < out.normal_count);
            near(out.normals[n].x, NV[tri_nv[f]][0]);
            near(out.normals[n].y, NV[tri_nv[f]][1]);
            near(out.normals[n].z, NV[tri_nv[f]][2]);
        }
    }
    /* materials: Kd from the prim color, d from prim alpha, the texture back
       top row first, named by the file name of map_Kd */
    assert_int_equal(out.material_count, 2);
    const rm_mesh_material *w = &out.materials[out.face_material[0]];
    const rm_mesh_material *g = &out.materials[out.face_material[2]];
    near(w->kd[0], 0.8);
    assert_true(w->dissolve == 1.0);
    assert_string_equal(w->map_kd, "wall.png");
    assert_int_equal(w->map_kd_width, 2);
    assert_int_equal(w->map_kd_height, 2);
    assert_memory_equal(w->map_kd_rgba, PIXELS, 16);
    near(g->kd[0], 0.2);
    near(g->kd[1], 0.4);
    near(g->kd[2], 0.6);
    near(g->dissolve, 0.5);
    assert_null(g->map_kd);
    assert_null(g->map_kd_rgba);
    rm_mesh_free(&out);
    rm_diag_free(&d);
    free(data);
}

/* The first 100 bytes decide: a JOM, text and a short file are not NIFF;
   a NIFF header with a wrong size still is (so that the reader explains). */
static void looks_like(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = written(&size);
    assert_true(rm_niff_looks_like(data, size));
    assert_false(rm_niff_looks_like(data, 99));
    uint8_t copy[100];
    memcpy(copy, data, 100);
    copy[7] ^= 0x40;        /* file_size wrong: still NIFF */
    assert_true(rm_niff_looks_like(copy, 100));
    copy[11] = 1;           /* header_tag 1 */
    assert_false(rm_niff_looks_like(copy, 100));
    memcpy(copy, data, 100);
    copy[2] = 3;            /* major version 3 */
    assert_false(rm_niff_looks_like(copy, 100));
    uint8_t text[100];
    memset(text, ' ', sizeof text);
    memcpy(text, "v 0 0 0\n", 8);
    assert_false(rm_niff_looks_like(text, sizeof text));
    free(data);
    /* By name: .niff / .nif in any case, the last dot of the last part. */
    assert_true(rm_niff_has_niff_name("ROBOT.NIF"));
    assert_true(rm_niff_has_niff_name("dir.x/robot.Niff"));
    assert_false(rm_niff_has_niff_name("robot.nif.obj"));
    assert_false(rm_niff_has_niff_name("dir.nif/robot"));
    assert_false(rm_niff_has_niff_name("robot.niffy"));
    assert_false(rm_niff_has_niff_name("robot"));
}

static char *print_to_string(const rm_niff_file *f, bool json)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    if (json)
        assert_int_equal(rm_niff_print_json(f, mem), RM_OK);
    else
        rm_niff_print_info(f, mem);
    fclose(mem);
    return buf;
}

static void printers(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = written(&size);
    rm_niff_file f;
    memset(&f, 0, sizeof f);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read(data, size, "robot.niff", &f, &d), RM_OK);

    char *text = print_to_string(&f, false);
    assert_non_null(strstr(text, "NIFF 2.0 file: version 0xff000200 (maker 0xff, tool 0x00)"));
    assert_non_null(strstr(text, "FileHeader"));
    assert_non_null(strstr(text, "ObjList"));
    assert_non_null(strstr(text, "ExternalNameList"));
    /* the writer: 2 Objs, both 3D, active, no LOD, scene roots; body opaque, head translucent */
    assert_non_null(strstr(text, "obj 0 \"body\": 3D, active, render NIFF OPA_SURF (1-cycle), shape 0, mat none, "
                                 "anim none, coll none"));
    assert_non_null(strstr(text, "obj 1 \"head\": 3D, active, render NIFF XLU_SURF"));
    assert_non_null(strstr(text, "shape 0 \"body\": TriGroup 0, 2 triangles, 4 vertices"));
    assert_non_null(strstr(text, "shape 1 \"head\": TriGroup 1, 1 triangles, 3 vertices"));
    assert_non_null(strstr(text, "tex 0 \"textures/wall.png\": RGBA 16-bit, 2x2"));
    free(text);

    char *js = print_to_string(&f, true);
    json_error_t err;
    json_t *root = json_loads(js, 0, &err);
    assert_non_null(root);
    assert_string_equal(json_string_value(json_object_get(root, "format")), "NIFF");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(root, "version"), "major")), 2);
    json_t *objs = json_object_get(root, "objects");
    assert_int_equal(json_array_size(objs), 2);
    json_t *o1 = json_array_get(objs, 1);
    assert_string_equal(json_string_value(json_object_get(o1, "name")), "head");
    assert_true(json_is_null(json_object_get(o1, "parent")));
    assert_int_equal(json_integer_value(json_object_get(o1, "shape")), 1);
    json_t *tree = json_object_get(json_object_get(root, "scene"), "tree");
    assert_int_equal(json_array_size(tree), 2);
    json_t *shapes = json_object_get(root, "shapes");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(shapes, 0), "triangles")), 2);
    /* deterministic: the same file prints the same text */
    char *again = print_to_string(&f, true);
    assert_string_equal(js, again);
    free(again);
    json_decref(root);
    free(js);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(looks_like),
        cmocka_unit_test(printers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
