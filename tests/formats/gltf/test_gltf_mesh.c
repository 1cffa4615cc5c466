/* tests/formats/gltf/test_gltf_mesh.c - step 3 of the glTF reader (scene ->
   mesh: rm_gltf_to_mesh, primitive.c, material.c, colour.c) on glTF text
   made in memory: the builder of gltf_test_builder.h puts the binary data in
   one data: URI buffer and the JSON is built with jansson.
   Expected values are worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/gltf/gltf_internal.h"
#include "retromesh/image.h"
#include "retromesh/output.h"

#include "gltf_test_builder.h"

static const float TRI[9] = { 0, 0, 0, 1, 0, 0, 0, 1, 0 };
static const float QUAD[12] = { 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0 };

/* ---- geometry ------------------------------------------------------------- */

static void test_triangle(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    gb_node(&g, "tri", gb_mesh(&g, "m", gb_vec3(&g, TRI, 3), -1, RM_GLTF_TRIANGLES, -1));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_string_equal(m.source, "model.gltf");
    assert_true(m.from_triangles);
    assert_int_equal(m.face_count, 1);
    assert_int_equal(m.position_count, 3);
    assert_int_equal(m.face_start[0], 0);
    assert_int_equal(m.face_start[1], 3);
    assert_pos(&m, 0, 0, 0, 0);
    assert_pos(&m, 1, 1, 0, 0);
    assert_pos(&m, 2, 0, 1, 0);
    assert_null(m.corner_uv);
    assert_null(m.corner_normal);
    assert_null(m.colors);
    assert_int_equal(m.face_material[0], RM_MESH_NONE);
    assert_int_equal(m.material_count, 0);
    assert_int_equal(m.group_count, 1);
    assert_string_equal(m.groups[0].name, "tri");
    assert_int_equal(m.face_group[0], 0);
    assert_int_equal(gr.count, 1);
    assert_int_equal(gr.node[0], 0);
    assert_false(gr.skinned[0]);
    assert_int_equal(gr.skinned_mesh_nodes, 0);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_quad(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    static const uint16_t idx[6] = { 0, 1, 2, 0, 2, 3 };
    int pos = gb_vec3(&g, QUAD, 4);
    gb_node(&g, "quad", gb_mesh(&g, NULL, pos, gb_indices(&g, idx, 6), RM_GLTF_TRIANGLES, -1));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.face_count, 2);
    assert_int_equal(m.position_count, 4);  /* shared within the group */
    static const uint32_t want[6] = { 0, 1, 2, 0, 2, 3 };
    for (int c = 0; c < 6; c++)
        assert_int_equal(m.corner_position[c], want[c]);
    assert_pos(&m, 4, 1, 1, 0);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static const float ROW[21] = { 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0, 5, 0, 0, 6, 0, 0 };

/* x of each corner of face f */
static void assert_face_x(const rm_mesh *m, size_t f, double a, double b, double c)
{
    assert_int_equal(rm_mesh_face_corners(m, f), 3);
    uint32_t s = m->face_start[f];
    assert_near(m->positions[m->corner_position[s]].x, a, 1e-9);
    assert_near(m->positions[m->corner_position[s + 1]].x, b, 1e-9);
    assert_near(m->positions[m->corner_position[s + 2]].x, c, 1e-9);
}

static void test_strip(void **state)
{
    (void)state;
    /* indices 0 1 2 3 3 4 5: i0 (0 1 2), i1 odd (v1 v3 v2) = (1 3 2),
       i2 (2 3 3) and i3 (v3 v5 v4) = (3 4 3) degenerate, i4 (3 4 5) */
    gb g;
    gb_init(&g);
    static const uint16_t idx[7] = { 0, 1, 2, 3, 3, 4, 5 };
    int pos = gb_vec3(&g, ROW, 6);
    gb_node(&g, "s", gb_mesh(&g, NULL, pos, gb_indices(&g, idx, 7), RM_GLTF_TRIANGLE_STRIP, -1));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(m.face_count, 3);
    assert_face_x(&m, 0, 0, 1, 2);
    assert_face_x(&m, 1, 1, 3, 2);
    assert_face_x(&m, 2, 3, 4, 5);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    gb_free(&g);

    /* not indexed, 5 vertices: (0 1 2) (1 3 2) (2 3 4) */
    gb_init(&g);
    gb_node(&g, "s", gb_mesh(&g, NULL, gb_vec3(&g, ROW, 5), -1, RM_GLTF_TRIANGLE_STRIP, -1));
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.face_count, 3);
    assert_face_x(&m, 0, 0, 1, 2);
    assert_face_x(&m, 1, 1, 3, 2);
    assert_face_x(&m, 2, 2, 3, 4);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_fan(void **state)
{
    (void)state;
    /* 5 vertices: (1 2 0) (2 3 0) (3 4 0) */
    gb g;
    gb_init(&g);
    gb_node(&g, "f", gb_mesh(&g, NULL, gb_vec3(&g, ROW, 5), -1, RM_GLTF_TRIANGLE_FAN, -1));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.face_count, 3);
    assert_face_x(&m, 0, 1, 2, 0);
    assert_face_x(&m, 1, 2, 3, 0);
    assert_face_x(&m, 2, 3, 4, 0);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_points_skipped(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    int pos = gb_vec3(&g, TRI, 3);
    int mesh = gb_mesh(&g, NULL, pos, -1, RM_GLTF_POINTS, -1);
    /* a second primitive, LINES, and a third, a triangle */
    json_t *prims = json_object_get(gb_get(&g, "meshes", mesh), "primitives");
    json_array_append_new(prims, json_pack("{s:{s:i},s:i}", "attributes", "POSITION", pos, "mode", 1));
    json_array_append_new(prims, json_pack("{s:{s:i}}", "attributes", "POSITION", pos));
    gb_node(&g, "a", mesh);
    gb_node(&g, "b", mesh);     /* the same mesh again: no second warning */
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(d.warnings, 2);
    assert_true(has_message(&d, "model.gltf: warning: /meshes/0/primitives/0: mode POINTS has no faces: skipped"));
    assert_true(has_message(&d, "model.gltf: warning: /meshes/0/primitives/1: mode LINES has no faces: skipped"));
    assert_int_equal(m.face_count, 2);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_no_position(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    int pos = gb_vec3(&g, TRI, 3);
    int mesh = gb_mesh(&g, NULL, pos, -1, RM_GLTF_TRIANGLES, -1);
    json_t *attrs = json_object_get(gb_prim(&g, mesh, 0), "attributes");
    json_object_del(attrs, "POSITION");
    json_object_set_new(attrs, "NORMAL", json_integer(pos));
    gb_node(&g, "a", mesh);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /meshes/0/primitives/0: the primitive has no POSITION attribute (a primitive with faces needs one)"));
    assert_int_equal(m.face_count, 0);
    assert_int_equal(gr.count, 0);
    rm_diag_free(&d);
    gb_free(&g);
}

/* ---- nodes and groups ------------------------------------------------------ */

static void test_node_transforms(void **state)
{
    (void)state;
    /* parent: T(10, 0, 0) * Rz(90); child: T(1, 0, 0); the vertex (0, 1, 0)
       of the child: (1, 1, 0), turned (x, y) -> (-y, x): (-1, 1, 0), moved:
       (9, 1, 0). The normal (1, 0, 0) turned: (0, 1, 0). */
    gb g;
    gb_init(&g);
    static const float pos[9] = { 0, 1, 0, 0, 0, 0, 0, 0, 1 };
    static const float nrm[9] = { 2, 0, 0, 2, 0, 0, 2, 0, 0 };
    int mesh = gb_mesh(&g, NULL, gb_vec3(&g, pos, 3), -1, RM_GLTF_TRIANGLES, -1);
    gb_attr(&g, mesh, "NORMAL", gb_acc(&g, nrm, RM_GLTF_FLOAT, 3, "VEC3", false));
    int parent = gb_node(&g, "parent", -1);
    int child = gb_node(&g, "child", mesh);
    json_t *pn = gb_get(&g, "nodes", parent);
    double h = sqrt(0.5);
    json_object_set_new(pn, "translation", json_pack("[f,f,f]", 10.0, 0.0, 0.0));
    json_object_set_new(pn, "rotation", json_pack("[f,f,f,f]", 0.0, 0.0, h, h));
    json_object_set_new(pn, "children", json_pack("[i]", child));
    json_object_set_new(gb_get(&g, "nodes", child), "translation", json_pack("[f,f,f]", 1.0, 0.0, 0.0));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_pos(&m, 0, 9, 1, 0);
    assert_pos(&m, 1, 10, 1, 0);     /* (0,0,0) -> (1,0,0) -> (0,1,0) -> (10,1,0) */
    assert_pos(&m, 2, 10, 1, 1);
    assert_non_null(m.corner_normal);
    rm_vec3d n = m.normals[m.corner_normal[0]];
    assert_near(n.x, 0, 1e-9);
    assert_near(n.y, 1, 1e-9);   /* normalised */
    assert_near(n.z, 0, 1e-9);
    assert_int_equal(m.group_count, 1);
    assert_string_equal(m.groups[0].name, "child");
    assert_int_equal(gr.node[0], child);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_mirrored_node_turns_faces(void **state)
{
    (void)state;
    /* scale -1 in x: (0 1 2) drawn clockwise, read as (0 2 1) */
    gb g;
    gb_init(&g);
    int n = gb_node(&g, "m", gb_mesh(&g, NULL, gb_vec3(&g, TRI, 3), -1, RM_GLTF_TRIANGLES, -1));
    json_object_set_new(gb_get(&g, "nodes", n), "scale", json_pack("[f,f,f]", -1.0, 1.0, 1.0));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_pos(&m, 0, 0, 0, 0);
    assert_pos(&m, 1, 0, 1, 0);
    assert_pos(&m, 2, -1, 0, 0);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_groups_named_unique(void **state)
{
    (void)state;
    /* two nodes "box" and one unnamed node of the mesh "crate", one
       unnamed node of an unnamed mesh, one node named "box.1" */
    gb g;
    gb_init(&g);
    int pos = gb_vec3(&g, TRI, 3);
    int crate = gb_mesh(&g, "crate", pos, -1, RM_GLTF_TRIANGLES, -1);
    int anon = gb_mesh(&g, NULL, pos, -1, RM_GLTF_TRIANGLES, -1);
    gb_node(&g, "box", crate);
    gb_node(&g, "box", crate);
    gb_node(&g, NULL, crate);
    gb_node(&g, NULL, anon);
    gb_node(&g, "box.1", anon);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.group_count, 5);
    assert_string_equal(m.groups[0].name, "box");
    assert_string_equal(m.groups[1].name, "box.1");
    assert_string_equal(m.groups[2].name, "crate");
    assert_string_equal(m.groups[3].name, "node3");
    assert_string_equal(m.groups[4].name, "box.1.1");
    assert_int_equal(m.face_count, 5);
    assert_int_equal(m.position_count, 15);     /* no position shared between groups */
    for (uint32_t f = 0; f < 5; f++) {
        assert_int_equal(m.face_group[f], f);
        assert_int_equal(gr.node[f], f);
        for (uint32_t k = 0; k < 3; k++)
            assert_int_equal(m.corner_position[3 * f + k], 3 * f + k);
    }
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_scene_chosen(void **state)
{
    (void)state;
    /* scene 1 is the default: only node "b" */
    gb g;
    gb_init(&g);
    int mesh = gb_mesh(&g, NULL, gb_vec3(&g, TRI, 3), -1, RM_GLTF_TRIANGLES, -1);
    gb_node(&g, "a", mesh);
    gb_node(&g, "b", mesh);
    json_object_set_new(g.root, "scenes", json_pack("[{s:[i]},{s:[i]}]", "nodes", 0, "nodes", 1));
    json_object_set_new(g.root, "scene", json_integer(1));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.group_count, 1);
    assert_string_equal(m.groups[0].name, "b");
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    /* no default scene: the first */
    json_object_del(g.root, "scene");
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.group_count, 1);
    assert_string_equal(m.groups[0].name, "a");
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

/* ---- attributes ------------------------------------------------------------- */

static void test_colour_conversion(void **state)
{
    (void)state;
    /* 1.055 * v^(1/2.4) - 0.055: 0.5 -> 0.735357, 0.25 -> 0.537099;
       12.92 * v below 0.0031308: 0.002 -> 0.02584 */
    assert_near(rm_gltf_linear_to_srgb(0), 0, 1e-12);
    assert_near(rm_gltf_linear_to_srgb(0.002), 0.02584, 1e-9);
    assert_near(rm_gltf_linear_to_srgb(0.5), 0.735357, 1e-6);
    assert_near(rm_gltf_linear_to_srgb(0.25), 0.537099, 1e-6);
    assert_near(rm_gltf_linear_to_srgb(1), 1, 1e-12);
    assert_near(rm_gltf_linear_to_srgb(2), 1, 1e-12);
    assert_near(rm_gltf_linear_to_srgb(-1), 0, 1e-12);
    assert_near(rm_gltf_linear_to_srgb(NAN), 0, 1e-12);
}

static void test_attributes(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    static const float uv[6] = { 0, 0, 1, 0.25f, 0.5f, 1 };
    static const float col[9] = { 0.5f, 0.25f, 0, 1, 1, 1, 0.002f, 0, 2 };
    static const float nrm[9] = { 0, 0, 3, 0, 3, 4, 1, 0, 0 };
    int mesh = gb_mesh(&g, NULL, gb_vec3(&g, TRI, 3), -1, RM_GLTF_TRIANGLES, -1);
    gb_attr(&g, mesh, "TEXCOORD_0", gb_acc(&g, uv, RM_GLTF_FLOAT, 3, "VEC2", false));
    gb_attr(&g, mesh, "COLOR_0", gb_acc(&g, col, RM_GLTF_FLOAT, 3, "VEC3", false));
    gb_attr(&g, mesh, "NORMAL", gb_acc(&g, nrm, RM_GLTF_FLOAT, 3, "VEC3", false));
    gb_node(&g, "a", mesh);
    /* a second node: normalized UNSIGNED_BYTE VEC4 colours and
       UNSIGNED_SHORT UVs */
    static const uint8_t col8[12] = { 255, 0, 128, 7, 0, 255, 0, 255, 51, 51, 51, 0 };
    static const uint16_t uv16[6] = { 0, 65535, 65535, 0, 32768, 16384 };
    int mesh2 = gb_mesh(&g, NULL, gb_vec3(&g, TRI, 3), -1, RM_GLTF_TRIANGLES, -1);
    gb_attr(&g, mesh2, "COLOR_0", gb_acc(&g, col8, RM_GLTF_UNSIGNED_BYTE, 3, "VEC4", true));
    gb_attr(&g, mesh2, "TEXCOORD_0", gb_acc_strided(&g, uv16, RM_GLTF_UNSIGNED_SHORT, 3, "VEC2", true, 4));
    gb_node(&g, "b", mesh2);
    /* a third without any: its corners -1, its positions white without colour */
    gb_node(&g, "c", gb_mesh(&g, NULL, gb_vec3(&g, TRI, 3), -1, RM_GLTF_TRIANGLES, -1));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    print_diag(&d);
    assert_int_equal(m.face_count, 3);
    assert_int_equal(m.uv_count, 6);
    assert_int_equal(m.normal_count, 3);
    /* V made OBJ's */
    assert_near(m.uvs[m.corner_uv[1]][0], 1, 1e-9);
    assert_near(m.uvs[m.corner_uv[1]][1], 0.75, 1e-9);
    assert_near(m.uvs[m.corner_uv[2]][1], 0, 1e-9);
    assert_near(m.uvs[m.corner_uv[3]][0], 0, 1e-9);
    assert_near(m.uvs[m.corner_uv[3]][1], 0, 1e-9);      /* 65535 -> 1 -> 0 */
    assert_near(m.uvs[m.corner_uv[4]][1], 1, 1e-9);
    assert_near(m.uvs[m.corner_uv[5]][0], 32768.0 / 65535, 1e-9);
    assert_near(m.uvs[m.corner_uv[5]][1], 1 - 16384.0 / 65535, 1e-9);
    assert_int_equal(m.corner_uv[6], -1);
    /* normals normalised: (0,0,3) -> (0,0,1), (0,3,4) -> (0,0.6,0.8) */
    assert_near(m.normals[m.corner_normal[0]].z, 1, 1e-9);
    assert_near(m.normals[m.corner_normal[1]].y, 0.6, 1e-6);
    assert_near(m.normals[m.corner_normal[1]].z, 0.8, 1e-6);
    assert_int_equal(m.corner_normal[3], -1);
    /* colours: linear to display, alpha left out */
    assert_non_null(m.colors);
    rm_vec3d c0 = m.colors[m.corner_position[0]];
    assert_near(c0.x, 0.735357, 1e-6);
    assert_near(c0.y, 0.537099, 1e-6);
    assert_near(c0.z, 0, 1e-9);
    rm_vec3d c2 = m.colors[m.corner_position[2]];
    assert_near(c2.x, 0.02584, 1e-6);    /* 0.002f */
    assert_near(c2.z, 1, 1e-9);          /* 2 clamped */
    rm_vec3d c3 = m.colors[m.corner_position[3]];
    assert_near(c3.x, 1, 1e-9);
    assert_near(c3.z, rm_gltf_linear_to_srgb(128.0 / 255), 1e-9);
    rm_vec3d c5 = m.colors[m.corner_position[5]];
    assert_near(c5.x, rm_gltf_linear_to_srgb(0.2), 1e-9);
    assert_int_equal(m.has_color[m.corner_position[5]], 1);
    assert_int_equal(m.has_color[m.corner_position[6]], 0);
    assert_near(m.colors[m.corner_position[6]].y, 1, 1e-9);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_attribute_count_mismatch(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    static const float nrm[6] = { 0, 0, 1, 0, 0, 1 };
    int mesh = gb_mesh(&g, NULL, gb_vec3(&g, TRI, 3), -1, RM_GLTF_TRIANGLES, -1);
    gb_attr(&g, mesh, "NORMAL", gb_acc(&g, nrm, RM_GLTF_FLOAT, 2, "VEC3", false));
    gb_node(&g, "a", mesh);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /meshes/0/primitives/0/attributes/NORMAL: accessor 1 has 2 elements, POSITION has 3 (each attribute has one element per vertex)"));
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_quantized(void **state)
{
    (void)state;
    /* KHR_mesh_quantization: SHORT positions (not normalized, padded to 8
       bytes a vertex), BYTE normalized normals (127 -> 1), BYTE UVs */
    gb g;
    gb_init(&g);
    static const int16_t pos[12] = { 0, 0, 0, 0, 100, 0, 0, 0, 0, 200, -3, 0 };
    static const int8_t nrm[12] = { 0, 0, 127, 0, 0, 0, 127, 0, 0, 0, -127, 0 };
    static const int8_t uv[12] = { 0, 0, 0, 0, 127, 0, 0, 0, 0, 127, 0, 0 };
    int pa = gb_acc_strided(&g, pos, RM_GLTF_SHORT, 3, "VEC3", false, 8);
    json_t *acc = gb_get(&g, "accessors", pa);
    json_object_set_new(acc, "min", json_pack("[i,i,i]", 0, 0, -3));
    json_object_set_new(acc, "max", json_pack("[i,i,i]", 100, 200, 0));
    int mesh = gb_mesh(&g, NULL, pa, -1, RM_GLTF_TRIANGLES, -1);
    gb_attr(&g, mesh, "NORMAL", gb_acc_strided(&g, nrm, RM_GLTF_BYTE, 3, "VEC3", true, 4));
    gb_attr(&g, mesh, "TEXCOORD_0", gb_acc_strided(&g, uv, RM_GLTF_BYTE, 3, "VEC2", true, 4));
    gb_node(&g, "q", mesh);
    json_object_set_new(g.root, "extensionsUsed", json_pack("[s]", "KHR_mesh_quantization"));
    json_object_set_new(g.root, "extensionsRequired", json_pack("[s]", "KHR_mesh_quantization"));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    print_diag(&d);
    assert_pos(&m, 1, 100, 0, 0);
    assert_pos(&m, 2, 0, 200, -3);
    assert_near(m.normals[m.corner_normal[2]].z, -1, 1e-9);
    assert_near(m.uvs[m.corner_uv[1]][0], 1, 1e-9);
    assert_near(m.uvs[m.corner_uv[2]][1], 0, 1e-9);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

/* ---- materials ---------------------------------------------------------------- */

/* A mesh node "n<i>" of one triangle with material `mat`. */
static void tri_with(gb *g, int pos, int mat)
{
    char name[16];
    snprintf(name, sizeof name, "n%d", mat);
    gb_node(g, name, gb_mesh(g, NULL, pos, -1, RM_GLTF_TRIANGLES, mat));
}

static void test_materials(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    /* 0: BLEND 0.5; 1: OPAQUE with alpha 0.5 (half transparent, as the
       issue asks, with a warning), double sided; 2: unnamed, BLEND at
       alpha 1; 3: MASK */
    gb_push(&g, "materials", json_pack("{s:s,s:{s:[f,f,f,f]},s:s}", "name", "glass",
                                       "pbrMetallicRoughness", "baseColorFactor", 0.5, 0.25, 1.0, 0.5,
                                       "alphaMode", "BLEND"));
    gb_push(&g, "materials", json_pack("{s:s,s:{s:[f,f,f,f]},s:b}", "name", "wall",
                                       "pbrMetallicRoughness", "baseColorFactor", 0.002, 0.0, 1.0, 0.5,
                                       "doubleSided", 1));
    gb_push(&g, "materials", json_pack("{s:s}", "alphaMode", "BLEND"));
    gb_push(&g, "materials", json_pack("{s:s,s:s}", "name", "glass", "alphaMode", "MASK"));
    int pos = gb_vec3(&g, TRI, 3);
    /* first use: 2, 0, 0 again, 1, none, 3 */
    tri_with(&g, pos, 2);
    tri_with(&g, pos, 0);
    tri_with(&g, pos, 0);
    tri_with(&g, pos, 1);
    tri_with(&g, pos, -1);
    tri_with(&g, pos, 3);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.material_count, 4);
    static const uint32_t fm[6] = { 0, 1, 1, 2, RM_MESH_NONE, 3 };
    for (int f = 0; f < 6; f++)
        assert_int_equal(m.face_material[f], fm[f]);
    const rm_mesh_material *a = &m.materials[0], *glass = &m.materials[1], *wall = &m.materials[2],
                           *mask = &m.materials[3];
    assert_string_equal(a->name, "material2");
    assert_near(a->dissolve, 1, 1e-12);
    assert_int_equal(a->jo_flags, RM_MAT_HALF_TRANSPARENT);
    assert_near(a->kd[0], 1, 1e-12);
    assert_string_equal(glass->name, "glass");
    assert_true(glass->has_kd);
    assert_true(glass->defined);
    assert_string_equal(glass->library, "model.gltf");
    assert_near(glass->kd[0], 0.735357, 1e-6);
    assert_near(glass->kd[1], 0.537099, 1e-6);
    assert_near(glass->kd[2], 1, 1e-12);
    assert_near(glass->dissolve, 0.5, 1e-12);
    assert_int_equal(glass->jo_flags, RM_MAT_HALF_TRANSPARENT);
    assert_null(glass->map_kd);
    assert_string_equal(wall->name, "wall");
    assert_near(wall->kd[0], 0.02584, 1e-6);
    assert_near(wall->dissolve, 0.5, 1e-12);
    assert_int_equal(wall->jo_flags, RM_MAT_DUAL_PLANE | RM_MAT_HALF_TRANSPARENT);
    assert_true(has_message(&d, "model.gltf: warning: /materials/1: baseColorFactor alpha 0.5 with "
                                "alphaMode OPAQUE: drawn half transparent (set alphaMode BLEND to say "
                                "so, or alpha 1 for an opaque material)"));
    assert_string_equal(mask->name, "glass.1");
    assert_int_equal(mask->jo_flags, 0);
    assert_near(mask->dissolve, 1, 1e-12);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

/* 2x2 RGBA: red (alpha 255), green (100) / blue (200), white (0). */
static const uint8_t TEXELS[16] = { 255, 0, 0, 255, 0, 255, 0, 100, 0, 0, 255, 200, 255, 255, 255, 0 };

static void png_bytes(uint8_t **data, size_t *size)
{
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, 2, 2), RM_OK);
    memcpy(img.rgba, TEXELS, 16);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_image_encode_png(&img, data, size, &d), RM_OK);
    rm_diag_free(&d);
    rm_image_free(&img);
}

/* Materials 0..2 (MASK cutoff 0.5, OPAQUE, BLEND), each with texture i,
   of images: 0 "wall" (bufferView), 1 unnamed (data: URI), 2 "wall.jpg"
   (bufferView). */
static void textured(gb *g)
{
    uint8_t *png;
    size_t n;
    png_bytes(&png, &n);
    int v0 = gb_view(g, png, n, 0);
    int v2 = gb_view(g, png, n, 0);
    char *uri = data_uri("image/png", png, n);
    gb_push(g, "images", json_pack("{s:s,s:i,s:s}", "name", "wall", "bufferView", v0, "mimeType", "image/png"));
    gb_push(g, "images", json_pack("{s:s}", "uri", uri));
    gb_push(g, "images", json_pack("{s:s,s:i,s:s}", "name", "wall.jpg", "bufferView", v2, "mimeType", "image/png"));
    free(uri);
    free(png);
    for (int i = 0; i < 3; i++)
        gb_push(g, "textures", json_pack("{s:i}", "source", i));
    static const char *const modes[3] = { "MASK", "OPAQUE", "BLEND" };
    for (int i = 0; i < 3; i++)
        gb_push(g, "materials", json_pack("{s:{s:{s:i}},s:s}", "pbrMetallicRoughness",
                                          "baseColorTexture", "index", i, "alphaMode", modes[i]));
    int pos = gb_vec3(g, TRI, 3);
    for (int i = 0; i < 3; i++)
        tri_with(g, pos, i);
}

static void test_embedded_texture(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    textured(&g);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    print_diag(&d);
    assert_int_equal(m.material_count, 3);
    static const char *const names[3] = { "wall.png", "image1.png", "wall_2.png" };
    /* the alpha per mode: MASK 255 0 255 0 (100/255 < 0.5 <= 200/255),
       OPAQUE all 255, BLEND as in the image */
    static const uint8_t alpha[3][4] = { { 255, 0, 255, 0 }, { 255, 255, 255, 255 }, { 255, 100, 200, 0 } };
    for (int i = 0; i < 3; i++) {
        const rm_mesh_material *mat = &m.materials[i];
        assert_string_equal(mat->map_kd, names[i]);
        assert_non_null(mat->map_kd_rgba);
        assert_int_equal(mat->map_kd_width, 2);
        assert_int_equal(mat->map_kd_height, 2);
        for (int p = 0; p < 4; p++) {
            assert_memory_equal(mat->map_kd_rgba + p * 4, TEXELS + p * 4, 3);
            assert_int_equal(mat->map_kd_rgba[p * 4 + 3], alpha[i][p]);
        }
    }
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_texture_transform(void **state)
{
    (void)state;
    /* uv (0.25, 0.25), scale 2, offset (0.5, 0): (1, 0.5), V flipped: (1, 0.5);
       uv (1, 0), rotation pi/2: u' = cos*u + sin*v = 0, v' = -sin*u + cos*v
       = -1, flipped: 2. texCoord 1: a warning. */
    gb g;
    gb_init(&g);
    uint8_t *png;
    size_t n;
    png_bytes(&png, &n);
    gb_push(&g, "images", json_pack("{s:s,s:i,s:s}", "name", "t", "bufferView", gb_view(&g, png, n, 0),
                                    "mimeType", "image/png"));
    free(png);
    gb_push(&g, "textures", json_pack("{s:i}", "source", 0));
    gb_push(&g, "materials",
            json_pack("{s:{s:{s:i,s:{s:{s:[f,f],s:[f,f]}}}}}", "pbrMetallicRoughness", "baseColorTexture",
                      "index", 0, "extensions", "KHR_texture_transform", "offset", 0.5, 0.0, "scale",
                      2.0, 2.0));
    gb_push(&g, "materials",
            json_pack("{s:{s:{s:i,s:i,s:{s:{s:f}}}}}", "pbrMetallicRoughness", "baseColorTexture",
                      "index", 0, "texCoord", 1, "extensions", "KHR_texture_transform", "rotation",
                      1.5707963267948966));
    json_object_set_new(g.root, "extensionsUsed", json_pack("[s]", "KHR_texture_transform"));
    static const float uv[6] = { 0.25f, 0.25f, 1, 0, 0, 0 };
    int pos = gb_vec3(&g, TRI, 3), uva = gb_acc(&g, uv, RM_GLTF_FLOAT, 3, "VEC2", false);
    for (int i = 0; i < 2; i++) {
        int mesh = gb_mesh(&g, NULL, pos, -1, RM_GLTF_TRIANGLES, i);
        gb_attr(&g, mesh, "TEXCOORD_0", uva);
        gb_node(&g, NULL, mesh);
    }
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_near(m.uvs[m.corner_uv[0]][0], 1, 1e-6);
    assert_near(m.uvs[m.corner_uv[0]][1], 0.5, 1e-6);
    assert_near(m.uvs[m.corner_uv[1]][0], 2.5, 1e-6);     /* (1,0): (2,0)+(0.5,0) */
    assert_near(m.uvs[m.corner_uv[1]][1], 1, 1e-6);
    assert_near(m.uvs[m.corner_uv[4]][0], 0, 1e-6);
    assert_near(m.uvs[m.corner_uv[4]][1], 2, 1e-6);
    /* (0.25, 0.25) turned: (0 + 0.25, -0.25 + 0), flipped: (0.25, 1.25) */
    assert_near(m.uvs[m.corner_uv[3]][0], 0.25, 1e-6);
    assert_near(m.uvs[m.corner_uv[3]][1], 1.25, 1e-6);
    assert_true(has_message(&d, "model.gltf: warning: /materials/1/pbrMetallicRoughness/baseColorTexture: texCoord 1 is not read: the texture is mapped with TEXCOORD_0"));
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_file_texture(void **state)
{
    (void)state;
    /* a file next to the glTF: map_kd its decoded path, library the glTF;
       OPAQUE with alpha in the image: read here, alpha 255, an input */
    char dir[] = "/tmp/gltf_mesh_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char sub[64], png_path[96], gltf_path[96];
    snprintf(sub, sizeof sub, "%s/tex", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    snprintf(png_path, sizeof png_path, "%s/tex/wall a.png", dir);
    snprintf(gltf_path, sizeof gltf_path, "%s/model.gltf", dir);
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, 2, 2), RM_OK);
    memcpy(img.rgba, TEXELS, 16);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_image_write_png(&img, png_path, &d), RM_OK);
    rm_image_free(&img);
    gb g;
    gb_init(&g);
    gb_push(&g, "images", json_pack("{s:s}", "uri", "tex/wall%20a.png"));
    gb_push(&g, "textures", json_pack("{s:i}", "source", 0));
    gb_push(&g, "materials", json_pack("{s:{s:{s:i}},s:s}", "pbrMetallicRoughness",
                                       "baseColorTexture", "index", 0, "alphaMode", "BLEND"));
    gb_push(&g, "materials", json_pack("{s:{s:{s:i}}}", "pbrMetallicRoughness",
                                       "baseColorTexture", "index", 0));
    int pos = gb_vec3(&g, TRI, 3);
    tri_with(&g, pos, 0);
    tri_with(&g, pos, 1);
    rm_output_set *inputs = rm_output_set_new();
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    rm_mesh m;
    rm_gltf_groups gr;
    assert_int_equal(gb_run_opt(&g, gltf_path, &opt, inputs, &m, &gr, &d), RM_OK);
    print_diag(&d);
    const rm_mesh_material *blend = &m.materials[0], *opaque = &m.materials[1];
    assert_string_equal(blend->map_kd, "tex/wall a.png");
    assert_string_equal(blend->library, gltf_path);
    assert_null(blend->map_kd_rgba);    /* left to the converter */
    assert_string_equal(opaque->map_kd, "tex/wall a.png");
    assert_non_null(opaque->map_kd_rgba);
    for (int p = 0; p < 4; p++)
        assert_int_equal(opaque->map_kd_rgba[p * 4 + 3], 255);
    assert_true(rm_output_is_input(inputs, png_path, NULL));
    rm_output_set_free(inputs);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
    unlink(png_path);
    rmdir(sub);
    rmdir(dir);
}

static void test_triangle_list_warnings(void **state)
{
    (void)state;
    /* 7 indices: 2 triangles and 1 left over; the second (0 2 2) has no area */
    gb g;
    gb_init(&g);
    static const uint16_t idx[7] = { 0, 1, 2, 0, 2, 2, 1 };
    int pos = gb_vec3(&g, TRI, 3);
    gb_node(&g, "t", gb_mesh(&g, NULL, pos, gb_indices(&g, idx, 7), RM_GLTF_TRIANGLES, -1));
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.face_count, 1);
    assert_int_equal(d.warnings, 2);
    assert_true(has_message(&d, "model.gltf: warning: /meshes/0/primitives/0: 7 indices are not a whole number of triangles: the last 1 left out"));
    assert_true(has_message(&d, "model.gltf: warning: /meshes/0/primitives/0: 1 triangles use one vertex twice (no area): left out"));
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_bad_embedded_image(void **state)
{
    (void)state;
    gb g;
    gb_init(&g);
    static const char junk[8] = "notapng";
    gb_push(&g, "images", json_pack("{s:i,s:s}", "bufferView", gb_view(&g, junk, 8, 0), "mimeType", "image/png"));
    gb_push(&g, "textures", json_pack("{s:i}", "source", 0));
    gb_push(&g, "materials", json_pack("{s:{s:{s:i}}}", "pbrMetallicRoughness", "baseColorTexture", "index", 0));
    tri_with(&g, gb_vec3(&g, TRI, 3), 0);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /images/0: cannot read image: unknown format (not PNG, JPEG, GIF, BMP or TGA)"));
    assert_int_equal(m.material_count, 0);
    rm_diag_free(&d);
    gb_free(&g);
}

/* ---- jo_* extras ----------------------------------------------------------- */

static rm_status run_extras(json_t *extras, rm_mesh *m, rm_diag *d)
{
    gb g;
    gb_init(&g);
    gb_push(&g, "materials", json_pack("{s:s}", "name", "a"));
    gb_push(&g, "materials", json_pack("{s:s}", "name", "b"));
    gb_push(&g, "materials", json_pack("{s:s,s:o}", "name", "c", "extras", extras));
    tri_with(&g, gb_vec3(&g, TRI, 3), 2);
    rm_gltf_groups gr;
    rm_status st = gb_run(&g, m, &gr, d);
    rm_gltf_groups_free(&gr);
    gb_free(&g);
    return st;
}

static void test_jo_extras(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    json_t *ex = json_pack("{s:s,s:i,s:s,s:b,s:[i,i],s:i,s:i,s:s}", "jo_sort", "min", "jo_gouraud", 1,
                           "jo_flip", "h", "jo_light", 1, "jo_user", 1, 3, "jo_value", 77,
                           "other", 5, "jo_subdivision_error", "12");
    assert_int_equal(run_extras(ex, &m, &d), RM_OK);
    assert_int_equal(d.count, 0);
    const rm_mesh_material *mat = &m.materials[0];
    assert_int_equal(mat->jo_flags, RM_MAT_SORT_MIN | RM_MAT_GOURAUD | RM_MAT_FLIP_H | RM_MAT_LIGHT |
                                        RM_MAT_USER(1) | RM_MAT_USER(3));
    assert_int_equal(mat->jo_value, 77);
    assert_int_equal(mat->jo_subdivision_error, 12);
    rm_mesh_free(&m);
    /* jo_user as one integer, jo_lut false */
    assert_int_equal(run_extras(json_pack("{s:i,s:b}", "jo_user", 15, "jo_lut", 0), &m, &d), RM_OK);
    assert_int_equal(m.materials[0].jo_flags, RM_MAT_USER(15));
    assert_false(m.materials[0].jo_lut);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void test_jo_extras_errors(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(run_extras(json_pack("{s:s}", "jo_sort", "middle"), &m, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /materials/2/extras/jo_sort: bad value \"middle\" (expected min, max, previous or center)"));
    assert_int_equal(m.material_count, 0);
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(run_extras(json_pack("{s:i}", "jo_bogus", 1), &m, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /materials/2/extras/jo_bogus: unknown material option \"jo_bogus\" (the jo_* options are those of an MTL: see docs/obj.md)"));
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(run_extras(json_pack("{s:[i,s]}", "jo_user", 2, "x"), &m, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /materials/2/extras/jo_user/1: bad value \"x\" (expected integers from 0 to 15)"));
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(run_extras(json_pack("{s:f}", "jo_dual", 0.5), &m, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /materials/2/extras/jo_dual: bad value 0.5 (expected 0 or 1)"));
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(run_extras(json_pack("{s:i}", "jo_user", 16), &m, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /materials/2/extras/jo_user: bad value 16 (expected integers from 0 to 15)"));
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_triangle),
        cmocka_unit_test(test_quad),
        cmocka_unit_test(test_strip),
        cmocka_unit_test(test_fan),
        cmocka_unit_test(test_points_skipped),
        cmocka_unit_test(test_no_position),
        cmocka_unit_test(test_node_transforms),
        cmocka_unit_test(test_mirrored_node_turns_faces),
        cmocka_unit_test(test_groups_named_unique),
        cmocka_unit_test(test_scene_chosen),
        cmocka_unit_test(test_colour_conversion),
        cmocka_unit_test(test_attributes),
        cmocka_unit_test(test_attribute_count_mismatch),
        cmocka_unit_test(test_quantized),
        cmocka_unit_test(test_materials),
        cmocka_unit_test(test_embedded_texture),
        cmocka_unit_test(test_texture_transform),
        cmocka_unit_test(test_file_texture),
        cmocka_unit_test(test_jo_extras),
        cmocka_unit_test(test_jo_extras_errors),
        cmocka_unit_test(test_triangle_list_warnings),
        cmocka_unit_test(test_bad_embedded_image),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
