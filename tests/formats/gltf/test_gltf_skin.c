/* tests/formats/gltf/test_gltf_skin.c - rigid skins (skin.c) and the
   skinned meshes of step 3: a mesh node skinned to two joints, "root" at
   (1, 0, 0) and its child "arm" at (0, 2, 0) from it (world (1, 2, 0)),
   each vertex weighted to one joint; the groups by joint, the positions
   through jointRestWorld * inverseBindMatrix, the non-rigid vertex error,
   --rigid, bad joint indices. glTF text made in memory as in
   test_gltf_mesh.c (the builder of gltf_test_builder.h). */
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

#include "formats/gltf/gltf_internal.h"

#include "gltf_test_builder.h"

/* ---- the skinned model ---------------------------------------------------- */

/* Two triangles: v0..v2 (first) and v3..v5 (second). */
static const float POS[36] = { 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0,
                               0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0 };

typedef struct skin_setup {
    size_t count;               /* vertices: 6, or up to 12 */
    uint8_t joints[12][4];
    float weights[12][4];
    bool ibm;                   /* inverseBindMatrices: the inverse rest matrices */
    float ibm_values[32];       /* used when ibm_custom */
    bool ibm_custom;
} skin_setup;

/* Each vertex fully to one joint: v0..v2 root (0), v3..v5 arm (1). */
static void rigid_setup(skin_setup *s)
{
    memset(s, 0, sizeof *s);
    for (int v = 0; v < 6; v++) {
        s->joints[v][0] = v < 3 ? 0 : 1;
        s->weights[v][0] = 1;
    }
}

/* nodes: 0 "body" (mesh 0, skin 0, at (5, 5, 5): ignored, as glTF says),
   1 "root" at (1, 0, 0) with child 2 "arm" at (0, 2, 0). */
static void skinned(gb *g, const skin_setup *s)
{
    gb_init(g);
    size_t n = s->count ? s->count : 6;
    int mesh = gb_mesh(g, "body_mesh", gb_vec3(g, POS, n), -1, RM_GLTF_TRIANGLES, -1);
    gb_attr(g, mesh, "JOINTS_0", gb_acc(g, s->joints, RM_GLTF_UNSIGNED_BYTE, n, "VEC4", false));
    gb_attr(g, mesh, "WEIGHTS_0", gb_acc(g, s->weights, RM_GLTF_FLOAT, n, "VEC4", false));
    int body = gb_node(g, "body", mesh);
    json_object_set_new(gb_get(g, "nodes", body), "skin", json_integer(0));
    json_object_set_new(gb_get(g, "nodes", body), "translation", json_pack("[f,f,f]", 5.0, 5.0, 5.0));
    int root = gb_node(g, "root", -1), arm = gb_node(g, "arm", -1);
    json_object_set_new(gb_get(g, "nodes", root), "translation", json_pack("[f,f,f]", 1.0, 0.0, 0.0));
    json_object_set_new(gb_get(g, "nodes", root), "children", json_pack("[i]", arm));
    json_object_set_new(gb_get(g, "nodes", arm), "translation", json_pack("[f,f,f]", 0.0, 2.0, 0.0));
    json_t *skin = json_pack("{s:[i,i]}", "joints", root, arm);
    if (s->ibm || s->ibm_custom) {
        /* column-major: the translation in elements 12..14 */
        float m[32] = { 0 };
        if (s->ibm_custom) {
            memcpy(m, s->ibm_values, sizeof m);
        } else {
            for (int j = 0; j < 2; j++)
                for (int k = 0; k < 4; k++)
                    m[j * 16 + k * 5] = 1;
            m[12] = -1;                 /* root: T(-1, 0, 0) */
            m[16 + 12] = -1;            /* arm: T(-1, -2, 0) */
            m[16 + 13] = -2;
        }
        json_object_set_new(skin, "inverseBindMatrices",
                            json_integer(gb_acc(g, m, RM_GLTF_FLOAT, 2, "MAT4", false)));
    }
    gb_push(g, "skins", skin);
}

static void test_rigid_skin(void **state)
{
    (void)state;
    skin_setup s;
    rigid_setup(&s);
    gb g;
    skinned(&g, &s);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    print_diag(&d);
    assert_int_equal(d.count, 0);
    assert_int_equal(m.group_count, 2);
    assert_string_equal(m.groups[0].name, "root");
    assert_string_equal(m.groups[1].name, "arm");
    assert_int_equal(gr.count, 2);
    assert_int_equal(gr.node[0], 1);
    assert_int_equal(gr.node[1], 2);
    assert_true(gr.skinned[0]);
    assert_true(gr.skinned[1]);
    assert_int_equal(gr.skinned_mesh_nodes, 1);
    assert_int_equal(m.face_count, 2);
    assert_int_equal(m.face_group[0], 0);
    assert_int_equal(m.face_group[1], 1);
    /* no inverseBindMatrices: identities, so jointWorld * v: root's by
       (1, 0, 0), arm's by (1, 2, 0); the body's own (5, 5, 5) not used */
    assert_pos(&m, 0, 1, 0, 0);
    assert_pos(&m, 2, 1, 1, 0);
    assert_pos(&m, 3, 1, 2, 0);
    assert_pos(&m, 4, 2, 2, 0);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    gb_free(&g);

    /* the inverse rest matrices: the vertices where they are written */
    s.ibm = true;
    skinned(&g, &s);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_pos(&m, 1, 1, 0, 0);
    assert_pos(&m, 5, 0, 1, 0);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_repeated_joint_and_small_weights(void **state)
{
    (void)state;
    /* v1: joint 0 twice (0.5 + 0.5); v4: arm 0.9995 and root 0.0005
       (below 1e-3 of the total): both rigid */
    skin_setup s;
    rigid_setup(&s);
    s.joints[1][1] = 0;
    s.weights[1][0] = 0.5f;
    s.weights[1][1] = 0.5f;
    s.joints[4][1] = 0;
    s.weights[4][0] = 0.9995f;
    s.weights[4][1] = 0.0005f;
    /* v5: a zero-weight entry naming joint 9: no influence, not looked at */
    s.joints[5][2] = 9;
    gb g;
    skinned(&g, &s);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    print_diag(&d);
    assert_int_equal(d.count, 0);
    assert_int_equal(m.group_count, 2);
    assert_int_equal(m.face_group[1], 1);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_non_rigid_vertex(void **state)
{
    (void)state;
    /* v2: root 0.4, arm 0.6 */
    skin_setup s;
    rigid_setup(&s);
    s.joints[2][0] = 0;
    s.joints[2][1] = 1;
    s.weights[2][0] = 0.4f;
    s.weights[2][1] = 0.6f;
    gb g;
    skinned(&g, &s);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_INVALID);
    assert_int_equal(d.errors, 1);
    assert_true(has_message(&d, "model.gltf: error: /meshes/0/primitives/0: vertex 2 of mesh \"body_mesh\" is weighted to several joints: \"arm\" 0.60, \"root\" 0.40 (a rigid skeleton moves each vertex with one joint; give --rigid to give each vertex to its heaviest joint)"));
    assert_int_equal(m.face_count, 0);
    assert_int_equal(gr.count, 0);
    rm_diag_free(&d);

    /* --rigid: v2 goes to arm (so it is placed by arm's matrix: (0, 1, 0)
       + (1, 2, 0)); its face stays with root (2 corners of 3); one warning
       with the count, one about the face */
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    opt.rigid = true;
    rm_diag_init(&d);
    assert_int_equal(gb_run_opt(&g, "model.gltf", &opt, NULL, &m, &gr, &d), RM_OK);
    assert_true(has_message(&d, "model.gltf: warning: --rigid: 1 vertex weighted to several joints went to its heaviest joint"));
    assert_true(has_message(&d, "model.gltf: warning: /meshes/0/primitives/0: 1 triangle has corners on different joints: each goes to the joint of most of its corners, and its other corners move with that joint"));
    assert_int_equal(d.warnings, 2);
    assert_int_equal(m.face_group[0], 0);
    assert_pos(&m, 2, 1, 3, 0);
    assert_pos(&m, 1, 2, 0, 0);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_many_non_rigid_vertices(void **state)
{
    (void)state;
    /* 12 vertices at 0.5 / 0.5: the first 8 named, then a count */
    skin_setup s;
    memset(&s, 0, sizeof s);
    s.count = 12;
    for (int v = 0; v < 12; v++) {
        s.joints[v][1] = 1;
        s.weights[v][0] = 0.5f;
        s.weights[v][1] = 0.5f;
    }
    gb g;
    skinned(&g, &s);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_INVALID);
    assert_int_equal(d.errors, 9);
    /* ties: the joint written first is the heaviest */
    assert_true(has_message(&d, "model.gltf: error: /meshes/0/primitives/0: vertex 7 of mesh \"body_mesh\" is weighted to several joints: \"root\" 0.50, \"arm\" 0.50 (a rigid skeleton moves each vertex with one joint; give --rigid to give each vertex to its heaviest joint)"));
    assert_true(has_message(&d, "model.gltf: error: /meshes/0/primitives/0: 4 more vertices are weighted to several joints"));
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_bad_joint_index(void **state)
{
    (void)state;
    skin_setup s;
    rigid_setup(&s);
    s.joints[0][0] = 5;
    gb g;
    skinned(&g, &s);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /meshes/0/primitives/0: vertex 0 is weighted to joint 5, the skin (/skins/0) has 2 joints (0 to 1)"));
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_no_weight(void **state)
{
    (void)state;
    skin_setup s;
    rigid_setup(&s);
    s.weights[3][0] = 0;
    gb g;
    skinned(&g, &s);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /meshes/0/primitives/0: vertex 3 has no weight on any joint (a skinned vertex needs a joint of weight above 0)"));
    rm_diag_free(&d);
    gb_free(&g);
}

/* The document of setup `s`, loaded. */
static void load_doc(const skin_setup *s, rm_gltf_doc *doc)
{
    gb g;
    skinned(&g, s);
    char *text = gb_text(&g);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_gltf_doc_load((const uint8_t *)text, strlen(text), "model.gltf", 0, NULL, doc, &d),
                     RM_OK);
    rm_diag_free(&d);
    free(text);
    gb_free(&g);
}

static void test_vertex_joints_and_matrices(void **state)
{
    (void)state;
    skin_setup s;
    rigid_setup(&s);
    s.ibm = true;
    rm_gltf_doc doc;
    load_doc(&s, &doc);
    rm_diag d;
    rm_diag_init(&d);
    uint32_t node[6];
    size_t moved = 0;
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    assert_int_equal(rm_gltf_skin_vertex_joints(&doc, 0, 0, 0, 6, &opt, node, &moved, &d), RM_OK);
    static const uint32_t want[6] = { 1, 1, 1, 2, 2, 2 };
    assert_memory_equal(node, want, sizeof want);
    assert_int_equal(moved, 0);
    double *world = rm_gltf_rest_world(&doc);
    assert_non_null(world);
    double *mats;
    assert_int_equal(rm_gltf_skin_rest_matrices(&doc, 0, world, &mats, &d), RM_OK);
    /* the inverse rest matrices: identities */
    for (int j = 0; j < 2; j++)
        for (int k = 0; k < 16; k++)
            assert_near(mats[j * 16 + k], k % 5 == 0 ? 1 : 0, 1e-12);
    free(mats);
    rm_gltf_doc_free(&doc);

    /* no inverseBindMatrices: the joints' rest world matrices */
    s.ibm = false;
    load_doc(&s, &doc);
    assert_int_equal(rm_gltf_skin_rest_matrices(&doc, 0, world, &mats, &d), RM_OK);
    assert_near(mats[16 + 12], 1, 1e-12);
    assert_near(mats[16 + 13], 2, 1e-12);
    assert_near(mats[16 + 14], 0, 1e-12);
    free(mats);
    rm_gltf_doc_free(&doc);
    free(world);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
}

static void test_singular_matrix(void **state)
{
    (void)state;
    /* root's inverseBindMatrix all zeros */
    skin_setup s;
    rigid_setup(&s);
    s.ibm_custom = true;
    for (int k = 0; k < 4; k++)
        s.ibm_values[16 + k * 5] = 1;
    gb g;
    skinned(&g, &s);
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_INVALID);
    assert_true(has_message(&d, "model.gltf: error: /skins/0: joint 0 (\"root\"): its rest matrix times its inverseBindMatrix is singular (no inverse): a joint must not squash its vertices flat"));
    rm_diag_free(&d);
    gb_free(&g);
}

static void test_skin_without_joint_attributes(void **state)
{
    (void)state;
    /* the node has a skin, its primitive no JOINTS_0/WEIGHTS_0: a plain
       mesh node, at its own (5, 5, 5) */
    skin_setup s;
    rigid_setup(&s);
    gb g;
    skinned(&g, &s);
    json_t *attrs = json_object_get(gb_prim(&g, 0, 0), "attributes");
    json_object_del(attrs, "JOINTS_0");
    json_object_del(attrs, "WEIGHTS_0");
    rm_mesh m;
    rm_gltf_groups gr;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);
    assert_int_equal(m.group_count, 1);
    assert_string_equal(m.groups[0].name, "body");
    assert_false(gr.skinned[0]);
    assert_int_equal(gr.node[0], 0);
    assert_int_equal(gr.skinned_mesh_nodes, 0);
    assert_pos(&m, 1, 6, 5, 5);
    rm_gltf_groups_free(&gr);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    gb_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rigid_skin),
        cmocka_unit_test(test_repeated_joint_and_small_weights),
        cmocka_unit_test(test_non_rigid_vertex),
        cmocka_unit_test(test_many_non_rigid_vertices),
        cmocka_unit_test(test_bad_joint_index),
        cmocka_unit_test(test_no_weight),
        cmocka_unit_test(test_vertex_joints_and_matrices),
        cmocka_unit_test(test_singular_matrix),
        cmocka_unit_test(test_skin_without_joint_attributes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
