/* The rig step (src/formats/gltf/rig*.c): bones, their order, parents and
   pivots, groups joined per bone, both Blender set-ups, animations sampled
   into angles and root offsets, the warnings a rigid skeleton gives, key
   steps, loops and the --loop/--once options.

   Every model is glTF JSON text written here, with its binary data in a
   data: URI (the small text builder below: one bufferView per accessor,
   the URI by data_uri of gltf_test_builder.h), loaded with
   rm_gltf_doc_load and meshed with rm_gltf_to_mesh as the reader does.
   Expected values are worked out by hand in the comments. Angles are
   checked within 1e-3 degree (the file's quaternions are floats),
   positions within 1e-5. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/gltf/gltf_internal.h"

#include "gltf_test_builder.h"

/* ---- a glTF builder ---- */

typedef struct tb {
    uint8_t bin[1 << 16];
    size_t size;
    char views[16384];
    size_t vlen;
    int view_count;
    char acc[32768];
    size_t alen;
    int acc_count;
} tb;

static tb *tb_new(void)
{
    tb *g = calloc(1, sizeof *g);
    assert_non_null(g);
    return g;
}

static void appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < cap - *len);
    *len += (size_t)n;
}

/* An accessor of `count` elements of `comps` components; floats get min/max. */
static int tb_add(tb *g, const void *bytes, size_t nbytes, int component, size_t count,
                  const char *type, int comps)
{
    while (g->size % 4)
        g->bin[g->size++] = 0;
    assert_true(g->size + nbytes <= sizeof g->bin);
    memcpy(g->bin + g->size, bytes, nbytes);
    appendf(g->views, sizeof g->views, &g->vlen, "%s{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu}",
            g->view_count ? "," : "", g->size, nbytes);
    g->size += nbytes;
    appendf(g->acc, sizeof g->acc, &g->alen,
            "%s{\"bufferView\":%d,\"componentType\":%d,\"count\":%zu,\"type\":\"%s\"",
            g->acc_count ? "," : "", g->view_count, component, count, type);
    if (component == RM_GLTF_FLOAT) {
        const float *f = bytes;
        double mn[16], mx[16];
        for (int c = 0; c < comps; c++) {
            mn[c] = INFINITY;
            mx[c] = -INFINITY;
        }
        for (size_t i = 0; i < count; i++)
            for (int c = 0; c < comps; c++) {
                double v = f[i * (size_t)comps + (size_t)c];
                mn[c] = v < mn[c] ? v : mn[c];
                mx[c] = v > mx[c] ? v : mx[c];
            }
        appendf(g->acc, sizeof g->acc, &g->alen, ",\"min\":[");
        for (int c = 0; c < comps; c++)
            appendf(g->acc, sizeof g->acc, &g->alen, "%s%.9g", c ? "," : "", mn[c]);
        appendf(g->acc, sizeof g->acc, &g->alen, "],\"max\":[");
        for (int c = 0; c < comps; c++)
            appendf(g->acc, sizeof g->acc, &g->alen, "%s%.9g", c ? "," : "", mx[c]);
        appendf(g->acc, sizeof g->acc, &g->alen, "]");
    }
    appendf(g->acc, sizeof g->acc, &g->alen, "}");
    g->view_count++;
    return g->acc_count++;
}

static int tb_floats(tb *g, const float *v, size_t count, const char *type, int comps)
{
    return tb_add(g, v, count * (size_t)comps * sizeof(float), RM_GLTF_FLOAT, count, type, comps);
}

static int tb_times(tb *g, const float *t, size_t count)
{
    return tb_floats(g, t, count, "SCALAR", 1);
}

/* The whole document: buffers, views, accessors, then `rest` (nodes,
   meshes, scenes, animations...). Frees the builder; the text is malloc'd. */
static char *tb_finish(tb *g, const char *rest)
{
    char *uri = data_uri("application/octet-stream", g->bin, g->size);
    size_t cap = strlen(uri) + g->vlen + g->alen + strlen(rest) + 512;
    char *text = malloc(cap);
    assert_non_null(uri);
    assert_non_null(text);
    size_t len = 0;
    appendf(text, cap, &len,
            "{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":%zu,\"uri\":"
            "\"%s\"}],\"bufferViews\":[%s],\"accessors\":[%s],%s}",
            g->size, uri, g->views, g->acc, rest);
    free(uri);
    free(g);
    return text;
}

/* One triangle around the origin: mesh 0's POSITION. */
static int tb_triangle(tb *g)
{
    static const float p[9] = { 0, 0, 0, 0.1f, 0, 0, 0, 0.1f, 0 };
    return tb_floats(g, p, 3, "VEC3", 3);
}

/* Quaternions x y z w of a turn about an axis. */
static void quat(char axis, double deg, float *q)
{
    double h = deg * 3.14159265358979323846 / 360.0;
    q[0] = q[1] = q[2] = 0;
    q[axis - 'x'] = (float)sin(h);
    q[3] = (float)cos(h);
}

/* ---- running the steps ---- */

typedef struct run {
    rm_gltf_doc doc;
    rm_mesh mesh;
    rm_gltf_groups groups;
    rm_skeleton *skel;
    rm_diag diag;
    rm_status st;
} run;

static void run_rig(run *r, char *json, const rm_gltf_options *opt_in)
{
    memset(r, 0, sizeof *r);
    rm_diag_init(&r->diag);
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    if (opt_in)
        opt = *opt_in;
    rm_status st = rm_gltf_doc_load((const uint8_t *)json, strlen(json), "t.gltf", 0, NULL, &r->doc,
                                    &r->diag);
    if (st != RM_OK)
        print_diag(&r->diag);
    assert_int_equal(st, RM_OK);
    st = rm_gltf_to_mesh(&r->doc, &opt, NULL, &r->mesh, &r->groups, &r->diag);
    if (st != RM_OK)
        print_diag(&r->diag);
    assert_int_equal(st, RM_OK);
    free(json);
    r->st = rm_gltf_rig(&r->doc, &opt, &r->mesh, &r->groups, &r->skel, &r->diag);
}

static void run_free(run *r)
{
    if (r->skel) {
        rm_skeleton_free(r->skel);
        free(r->skel);
    }
    rm_gltf_groups_free(&r->groups);
    rm_mesh_free(&r->mesh);
    rm_gltf_doc_free(&r->doc);
    rm_diag_free(&r->diag);
}

static void expect(const run *r, rm_severity sev, const char *text)
{
    if (!has_diag(&r->diag, sev, text)) {
        fprintf(stderr, "want: %s\n", text);
        print_diag(&r->diag);
    }
    assert_true(has_diag(&r->diag, sev, text));
}

static void no_warnings(const run *r)
{
    if (r->diag.warnings || r->diag.errors)
        print_diag(&r->diag);
    assert_int_equal(r->diag.warnings, 0);
    assert_int_equal(r->diag.errors, 0);
}

#define NEAR(a, b, tol) assert_near((double)(a), (double)(b), (tol))
#define ANG(a, x, y, z) do { NEAR((a)[0], x, 1e-3); NEAR((a)[1], y, 1e-3); NEAR((a)[2], z, 1e-3); } while (0)
#define VEC(v, x, y, z) do { NEAR((v)[0], x, 1e-5); NEAR((v)[1], y, 1e-5); NEAR((v)[2], z, 1e-5); } while (0)

/* The engine's pose of a rest point of bone j (docs/runtime.md, Drawing):
   M_j = M_parent * T(p) * Rx * Ry * Rz * T(-p), model matrix T(root). */
static void engine_point(const rm_skeleton *s, const rm_skeleton_key *key, int j, const double v[3],
                         double out[3])
{
    double p[3] = { v[0], v[1], v[2] };
    for (; j >= 0; j = s->bones[j].parent) {
        const double *c = s->bones[j].pivot, *a = key->angles[j];
        double q[3] = { p[0] - c[0], p[1] - c[1], p[2] - c[2] };
        for (int axis = 2; axis >= 0; axis--) {     /* Rz first, then Ry, then Rx */
            double r = a[axis] * 3.14159265358979323846 / 180.0, cs = cos(r), sn = sin(r);
            int u = (axis + 1) % 3, w = (axis + 2) % 3;
            double nu = cs * q[u] - sn * q[w], nw = sn * q[u] + cs * q[w];
            q[u] = nu;
            q[w] = nw;
        }
        for (int i = 0; i < 3; i++)
            p[i] = q[i] + c[i];
    }
    for (int i = 0; i < 3; i++)
        out[i] = p[i] + key->root[i];
}

/* ---- set-up (a): objects parented to an animated bone chain ---- */

/* Nodes: 0 hips (at 0 1 0; children arm, body), 1 arm (at 1 0 0 from the
   hips; children hand_a, hand_b), 2 hand_a, 3 hand_b, 4 body (mesh nodes),
   5 lamp (animated, no mesh), 6 ground (a mesh node, not animated).
   Groups from the mesh step, depth first: hand_a, hand_b, body, ground. Bones: hips (pivot 0 1 0), arm (pivot 1 1 0,
   parent hips); arm's two groups joined into one named "arm". Animation
   "wave": arm turns 90 degrees about Z from t = 0 to 1 (the hips have a
   constant channel, the lamp turns). */
static void test_setup_a_chain(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, r_arm[8], r_id[8];
    quat('z', 0, r_arm);
    quat('z', 90, r_arm + 4);
    quat('z', 0, r_id);
    quat('z', 0, r_id + 4);
    int in = tb_times(g, t, 2), o_arm = tb_floats(g, r_arm, 2, "VEC4", 4),
        o_id = tb_floats(g, r_id, 2, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"hips\",\"translation\":[0,1,0],\"children\":[1,4]},"
             "{\"name\":\"arm\",\"translation\":[1,0,0],\"children\":[2,3]},"
             "{\"name\":\"hand_a\",\"mesh\":0,\"translation\":[0.5,0,0]},"
             "{\"name\":\"hand_b\",\"mesh\":0,\"translation\":[0,0.5,0]},"
             "{\"name\":\"body\",\"mesh\":0},{\"name\":\"lamp\"},"
             "{\"name\":\"ground\",\"mesh\":0}],"
             "\"scenes\":[{\"nodes\":[0,5,6]}],\"scene\":0,"
             "\"animations\":[{\"name\":\"wave\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":1,\"path\":\"rotation\"}},"
             "{\"sampler\":1,\"target\":{\"node\":0,\"path\":\"rotation\"}},"
             "{\"sampler\":0,\"target\":{\"node\":5,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d},{\"input\":%d,\"output\":%d}]}]",
             pos, in, o_arm, in, o_id);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_OK);
    expect(&r, RM_WARNING, "t.gltf: warning: /animations/0/channels/2: node 5 \"lamp\" is not a bone "
                           "and moves no bone: its animation is ignored");
    assert_int_equal(r.diag.warnings, 1);
    const rm_skeleton *s = r.skel;
    assert_non_null(s);
    assert_string_equal(s->source, "t.gltf");
    assert_int_equal(s->bone_count, 2);
    assert_string_equal(s->bones[0].name, "hips");
    assert_int_equal(s->bones[0].parent, -1);
    VEC(s->bones[0].pivot, 0, 1, 0);
    assert_string_equal(s->bones[0].group, "body");
    assert_string_equal(s->bones[1].name, "arm");
    assert_int_equal(s->bones[1].parent, 0);
    VEC(s->bones[1].pivot, 1, 1, 0);
    assert_string_equal(s->bones[1].group, "arm");
    /* The mesh: groups arm (hand_a + hand_b), body, and ground (no bone:
       it stays, not moved), in that order. */
    assert_int_equal(r.mesh.group_count, 3);
    assert_string_equal(r.mesh.groups[0].name, "arm");
    assert_string_equal(r.mesh.groups[1].name, "body");
    assert_string_equal(r.mesh.groups[2].name, "ground");
    assert_int_equal(r.mesh.face_count, 4);
    assert_int_equal(r.mesh.face_group[0], 0);
    assert_int_equal(r.mesh.face_group[1], 0);
    assert_int_equal(r.mesh.face_group[2], 1);
    assert_int_equal(r.mesh.face_group[3], 2);

    /* Keyframes 1 s apart: 60 ticks a key, keys at t = 0 and 1. */
    assert_int_equal(s->animation_count, 1);
    const rm_skeleton_animation *a = &s->animations[0];
    assert_string_equal(a->name, "wave");
    assert_int_equal(a->key_ticks, 60);
    assert_int_equal(a->key_count, 2);
    assert_false(a->loop);
    ANG(a->keys[0].angles[0], 0, 0, 0);
    ANG(a->keys[0].angles[1], 0, 0, 0);
    ANG(a->keys[1].angles[0], 0, 0, 0);
    ANG(a->keys[1].angles[1], 0, 0, 90);
    VEC(a->keys[1].root, 0, 0, 0);
    /* hand_a's corner at rest (1.5 1 0) turns about (1 1 0): (1 1.5 0). */
    double v[3] = { 1.5, 1, 0 }, got[3];
    engine_point(s, &a->keys[1], 1, v, got);
    VEC(got, 1, 1.5, 0);
    run_free(&r);
}

/* hips (a mesh node, animated) has leg_l (animated) and leg_r (not
   animated, so hips' part): the groups hips, leg_l, leg_r become "hips"
   (hips + leg_r) and "leg_l", and the faces are put together per group as
   the converter wants them: hips, leg_r, leg_l. */
static void test_joined_groups_gathered(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, rq[8];
    quat('x', 0, rq);
    quat('x', 30, rq + 4);
    int in = tb_times(g, t, 2), out = tb_floats(g, rq, 2, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"hips\",\"mesh\":0,\"translation\":[0,1,0],\"children\":[1,2]},"
             "{\"name\":\"leg_l\",\"mesh\":0,\"translation\":[0.2,-0.1,0]},"
             "{\"name\":\"leg_r\",\"mesh\":0,\"translation\":[-0.2,-0.1,0]}],"
             "\"animations\":[{\"name\":\"walk\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}},"
             "{\"sampler\":0,\"target\":{\"node\":1,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, in, out);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton *s = r.skel;
    assert_int_equal(s->bone_count, 2);
    assert_string_equal(s->bones[0].group, "hips");
    assert_string_equal(s->bones[1].group, "leg_l");
    assert_int_equal(r.mesh.group_count, 2);
    assert_int_equal(r.mesh.face_count, 3);
    const rm_mesh *m = &r.mesh;
    static const double first_corner[3][3] = { { 0, 1, 0 }, { -0.2, 0.9, 0 }, { 0.2, 0.9, 0 } };
    static const uint32_t group[3] = { 0, 0, 1 };
    for (size_t f = 0; f < 3; f++) {
        assert_int_equal(rm_mesh_face_corners(m, f), 3);
        assert_int_equal(m->face_group[f], group[f]);
        const rm_vec3d *p = &m->positions[m->corner_position[m->face_start[f]]];
        double v[3] = { p->x, p->y, p->z };
        VEC(v, first_corner[f][0], first_corner[f][1], first_corner[f][2]);
    }
    run_free(&r);
}

/* ---- set-up (b): a rigid skin ---- */

/* Armature (not a joint) > root (joint 0, at 0 0 0) > arm (joint 1, at 0 1 0);
   "body" is skinned: its first triangle to root, its second to arm. The
   inverse bind matrices are the joints' rest inverses, so the bind-space
   positions are the world positions. "lift" turns arm 90 degrees about Z. */
static void test_setup_b_rigid_skin(void **state)
{
    (void)state;
    tb *g = tb_new();
    static const float p[18] = { 0, 0, 0, 0.5f, 0, 0, 0, 0.5f, 0,
                                 0, 1, 0, 1, 1, 0, 0, 1.5f, 0 };
    int pos = tb_floats(g, p, 6, "VEC3", 3);
    static const uint8_t j[24] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                   1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 };
    int joints = tb_add(g, j, sizeof j, RM_GLTF_UNSIGNED_BYTE, 6, "VEC4", 4);
    float w[24] = { 0 };
    for (int i = 0; i < 6; i++)
        w[i * 4] = 1;
    int weights = tb_floats(g, w, 6, "VEC4", 4);
    float ibm[32] = { 0 };
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++)
            ibm[i * 16 + k * 5] = 1;
    ibm[16 + 13] = -1;      /* arm: T(0 -1 0) */
    int inv = tb_floats(g, ibm, 2, "MAT4", 16);
    float t[2] = { 0, 1 }, rq[8];
    quat('z', 0, rq);
    quat('z', 90, rq + 4);
    int in = tb_times(g, t, 2), out = tb_floats(g, rq, 2, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d,\"JOINTS_0\":%d,"
             "\"WEIGHTS_0\":%d}}]}],"
             "\"nodes\":[{\"name\":\"Armature\",\"children\":[1]},"
             "{\"name\":\"root\",\"children\":[2]},"
             "{\"name\":\"arm\",\"translation\":[0,1,0]},"
             "{\"name\":\"body\",\"mesh\":0,\"skin\":0}],"
             "\"skins\":[{\"joints\":[1,2],\"inverseBindMatrices\":%d}],"
             "\"scenes\":[{\"nodes\":[0,3]}],"
             "\"animations\":[{\"name\":\"lift\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":2,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, joints, weights, inv, in, out);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton *s = r.skel;
    assert_non_null(s);
    assert_int_equal(s->bone_count, 2);
    assert_string_equal(s->bones[0].name, "root");
    assert_int_equal(s->bones[0].parent, -1);
    VEC(s->bones[0].pivot, 0, 0, 0);
    assert_string_equal(s->bones[0].group, "root");
    assert_string_equal(s->bones[1].name, "arm");
    assert_int_equal(s->bones[1].parent, 0);
    VEC(s->bones[1].pivot, 0, 1, 0);
    assert_string_equal(s->bones[1].group, "arm");
    const rm_skeleton_animation *a = &s->animations[0];
    assert_int_equal(a->key_count, 2);
    ANG(a->keys[1].angles[0], 0, 0, 0);
    ANG(a->keys[1].angles[1], 0, 0, 90);
    /* The arm's corner (1 1 0): glTF gives W_arm(1) * IBM * v =
       T(0 1 0) * Rz(90) * (1 0 0) = (0 2 0); the engine the same. */
    double v[3] = { 1, 1, 0 }, got[3];
    engine_point(s, &a->keys[1], 1, v, got);
    VEC(got, 0, 2, 0);
    run_free(&r);
}

/* ---- angles by hand ---- */

/* "base" (not animated, so not a bone) is at 0 0 2 turned 90 degrees about
   X; "lid" below it at 0 1 0 turns about its Y from 0 to 90 degrees.
   Rx(90) takes Y to Z, so in the model the lid turns about Z:
   D = Rx(90) Ry(t) Rx(-90) = Rz(t), angles (0 0 t). Its pivot is
   (0 0 2) + Rx(90) (0 1 0) = (0 0 3). --key-ticks 15: keys at 0, 0.25,
   0.5, 0.75, 1 s. */
static void test_angles_by_hand(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, rq[8];
    quat('y', 0, rq);
    quat('y', 90, rq + 4);
    int in = tb_times(g, t, 2), out = tb_floats(g, rq, 2, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"base\",\"translation\":[0,0,2],"
             "\"rotation\":[0.70710678,0,0,0.70710678],\"children\":[1]},"
             "{\"name\":\"lid\",\"translation\":[0,1,0],\"mesh\":0}],"
             "\"animations\":[{\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":1,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, in, out);
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    opt.key_ticks = 15;
    run r;
    run_rig(&r, tb_finish(g, rest), &opt);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton *s = r.skel;
    assert_int_equal(s->bone_count, 1);
    assert_string_equal(s->bones[0].name, "lid");
    VEC(s->bones[0].pivot, 0, 0, 3);
    const rm_skeleton_animation *a = &s->animations[0];
    assert_string_equal(a->name, "animation0");
    assert_int_equal(a->key_ticks, 15);
    assert_int_equal(a->key_count, 5);
    for (size_t k = 0; k < 5; k++) {
        ANG(a->keys[k].angles[0], 0, 0, 22.5 * (double)k);
        VEC(a->keys[k].root, 0, 0, 0);
    }
    run_free(&r);
}

/* A full turn about X in four keyframes (0, 90, 180, 270, 360 degrees at
   t = 0..4 s), sampled every 15 ticks: 22.5 degrees a key, the angle grows
   past 180 to 337.5 without a jump. The last pose (360) is the first: a
   loop, the last key dropped (16 keys). The "walk" next to it goes 0 to 90
   about Z (no loop). With --once spin: no loop, 17 keys; with --loop walk:
   walk loops, keeps its keys (its last pose is not its first). */
static char *two_animations(void)
{
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[5] = { 0, 1, 2, 3, 4 }, rq[20], wq[8];
    for (int k = 0; k < 5; k++)
        quat('x', 90.0 * k, rq + 4 * k);
    quat('z', 0, wq);
    quat('z', 90, wq + 4);
    int in = tb_times(g, t, 5), out = tb_floats(g, rq, 5, "VEC4", 4);
    int win = tb_times(g, t, 2), wout = tb_floats(g, wq, 2, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"wheel\",\"mesh\":0}],"
             "\"animations\":[{\"name\":\"spin\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]},"
             "{\"name\":\"walk\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, in, out, win, wout);
    return tb_finish(g, rest);
}

static void test_full_turn_and_loop(void **state)
{
    (void)state;
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    opt.key_ticks = 15;
    run r;
    run_rig(&r, two_animations(), &opt);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton_animation *a = &r.skel->animations[0];
    assert_string_equal(a->name, "spin");
    assert_true(a->loop);
    assert_int_equal(a->key_count, 16);
    for (size_t k = 0; k < 16; k++)
        ANG(a->keys[k].angles[0], 22.5 * (double)k, 0, 0);
    const rm_skeleton_animation *w = &r.skel->animations[1];
    assert_false(w->loop);
    assert_int_equal(w->key_count, 5);
    ANG(w->keys[4].angles[0], 0, 0, 90);
    run_free(&r);
}

/* The same full turn about Y, the engine's middle axis: it passes through
   90 degrees (where X and Z are one axis) and on to 337.5 without a jump. */
static void test_full_turn_about_y(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[5] = { 0, 1, 2, 3, 4 }, rq[20];
    for (int k = 0; k < 5; k++)
        quat('y', 90.0 * k, rq + 4 * k);
    int in = tb_times(g, t, 5), out = tb_floats(g, rq, 5, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"wheel\",\"mesh\":0}],"
             "\"animations\":[{\"name\":\"spin\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, in, out);
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    opt.key_ticks = 15;
    run r;
    run_rig(&r, tb_finish(g, rest), &opt);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton_animation *a = &r.skel->animations[0];
    assert_true(a->loop);
    assert_int_equal(a->key_count, 16);
    for (size_t k = 0; k < 16; k++)
        ANG(a->keys[k].angles[0], 0, 22.5 * (double)k, 0);
    run_free(&r);
}

static void test_loop_and_once_options(void **state)
{
    (void)state;
    const char *loop[] = { "walk" }, *once[] = { "spin" };
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    opt.key_ticks = 15;
    opt.loop = loop;
    opt.loop_count = 1;
    opt.once = once;
    opt.once_count = 1;
    run r;
    run_rig(&r, two_animations(), &opt);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton_animation *a = &r.skel->animations[0];
    assert_false(a->loop);
    assert_int_equal(a->key_count, 17);
    ANG(a->keys[16].angles[0], 360, 0, 0);
    const rm_skeleton_animation *w = &r.skel->animations[1];
    assert_true(w->loop);
    assert_int_equal(w->key_count, 5);
    run_free(&r);
}

static void test_loop_name_errors(void **state)
{
    (void)state;
    const char *loop[] = { "wlak" };
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    opt.loop = loop;
    opt.loop_count = 1;
    run r;
    run_rig(&r, two_animations(), &opt);
    assert_int_equal(r.st, RM_INVALID);
    assert_null(r.skel);
    expect(&r, RM_ERROR, "t.gltf: error: --loop \"wlak\": no animation of that name (the file has: "
                         "spin, walk)");
    assert_int_equal(r.diag.errors, 1);
    run_free(&r);

    const char *both[] = { "walk" };
    rm_gltf_options_default(&opt);
    opt.loop = both;
    opt.loop_count = 1;
    opt.once = both;
    opt.once_count = 1;
    run_rig(&r, two_animations(), &opt);
    assert_int_equal(r.st, RM_INVALID);
    expect(&r, RM_ERROR, "t.gltf: error: --loop \"walk\" and --once \"walk\": an animation either "
                         "loops or plays once, give one of them");
    assert_int_equal(r.diag.errors, 1);
    run_free(&r);
}

/* ---- the engine's pose against glTF's own evaluation ---- */

/* p = T * R(q) * S * v, q normalised (x y z w). */
static void trs_point(const float t[3], const float q[4], const double v[3], double out[3])
{
    double n = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] +
                    (double)q[3] * q[3]);
    double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
    double r[3][3] = { { 1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w) },
                       { 2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w) },
                       { 2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y) } };
    for (int i = 0; i < 3; i++)
        out[i] = r[i][0] * v[0] + r[i][1] * v[1] + r[i][2] * v[2] + t[i];
}

/* hips (turned, moving) > arm (turned) > hand (a mesh node with its own
   rest turn). At the keyframes (t = 0 and 1, keys of 60 ticks) every
   vertex the engine draws from the rest mesh must be where glTF puts it:
   hips(t) * arm(t) * hand * v. Only the hips move, so no warning. */
static void test_pose_matches_gltf(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 };
    float hips_t[6] = { 0, 1, 0, 0.5f, 1.2f, -0.3f };
    float hips_r[8] = { 0, 0.25881905f, 0, 0.96592583f, 0.2f, 0.3f, 0.1f, 0.9f };
    float arm_r[8] = { 0, 0, 0.17364818f, 0.98480775f, 0.3f, -0.2f, 0.4f, 0.8f };
    const float arm_t[3] = { 0.5f, 0.2f, 0 }, hand_t[3] = { 0.3f, 0, 0.1f };
    const float hand_r[4] = { 0.38268343f, 0, 0, 0.92387953f };
    int in = tb_times(g, t, 2), ot = tb_floats(g, hips_t, 2, "VEC3", 3),
        orh = tb_floats(g, hips_r, 2, "VEC4", 4), ora = tb_floats(g, arm_r, 2, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"hips\",\"translation\":[0,1,0],"
             "\"rotation\":[0,0.25881905,0,0.96592583],\"children\":[1]},"
             "{\"name\":\"arm\",\"translation\":[0.5,0.2,0],"
             "\"rotation\":[0,0,0.17364818,0.98480775],\"children\":[2]},"
             "{\"name\":\"hand\",\"mesh\":0,\"translation\":[0.3,0,0.1],"
             "\"rotation\":[0.38268343,0,0,0.92387953]}],"
             "\"animations\":[{\"name\":\"reach\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"translation\"}},"
             "{\"sampler\":1,\"target\":{\"node\":0,\"path\":\"rotation\"}},"
             "{\"sampler\":2,\"target\":{\"node\":1,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d},{\"input\":%d,\"output\":%d},"
             "{\"input\":%d,\"output\":%d}]}]",
             pos, in, ot, in, orh, in, ora);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton *s = r.skel;
    assert_int_equal(s->bone_count, 2);
    assert_null(s->bones[0].group);
    assert_string_equal(s->bones[1].group, "hand");
    const rm_skeleton_animation *a = &s->animations[0];
    assert_int_equal(a->key_count, 2);
    static const double tri[3][3] = { { 0, 0, 0 }, { 0.1f, 0, 0 }, { 0, 0.1f, 0 } };
    for (size_t k = 0; k < 2; k++) {
        for (size_t v = 0; v < 3; v++) {
            double p1[3], p2[3], want[3], got[3];
            trs_point(hand_t, hand_r, tri[v], p1);
            trs_point(arm_t, arm_r + 4 * k, p1, p2);
            trs_point(hips_t + 3 * k, hips_r + 4 * k, p2, want);
            const rm_vec3d *rp = &r.mesh.positions[r.mesh.corner_position[v]];
            double rest_v[3] = { rp->x, rp->y, rp->z };
            engine_point(s, &a->keys[k], 1, rest_v, got);
            VEC(got, want[0], want[1], want[2]);
        }
    }
    run_free(&r);
}

/* ---- translations and scales ---- */

/* hips (at 0 1 0) moves to 0 1 2 at t = 1: the root offset (0 0 2), no
   warning. arm (at 1 0 0 from the hips) moves to 1 0.5 0: a warning, and
   its angles stay 0. */
static void test_root_offset_and_moving_bone(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, th[6] = { 0, 1, 0, 0, 1, 2 }, ta[6] = { 1, 0, 0, 1, 0.5f, 0 };
    int in = tb_times(g, t, 2), oh = tb_floats(g, th, 2, "VEC3", 3), oa = tb_floats(g, ta, 2, "VEC3", 3);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"hips\",\"translation\":[0,1,0],\"mesh\":0,\"children\":[1]},"
             "{\"name\":\"arm\",\"translation\":[1,0,0],\"mesh\":0}],"
             "\"animations\":[{\"name\":\"walk\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"translation\"}},"
             "{\"sampler\":1,\"target\":{\"node\":1,\"path\":\"translation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d},{\"input\":%d,\"output\":%d}]}]",
             pos, in, oh, in, oa);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_OK);
    expect(&r, RM_WARNING, "t.gltf: warning: /animations/0 \"walk\": bone \"arm\" moves (translation "
                           "animated): a rigid skeleton turns bones only; only the root bone's "
                           "translation is kept, as the root offset");
    assert_int_equal(r.diag.warnings, 1);
    const rm_skeleton_animation *a = &r.skel->animations[0];
    assert_int_equal(a->key_count, 2);
    VEC(a->keys[0].root, 0, 0, 0);
    VEC(a->keys[1].root, 0, 0, 2);
    ANG(a->keys[1].angles[0], 0, 0, 0);
    ANG(a->keys[1].angles[1], 0, 0, 0);
    run_free(&r);
}

/* arm's scale goes from 1 to 2 (about its own origin, its pivot): one
   warning about the scale, none about a translation; and one about the
   animation's name, longer than the 15 bytes a JOM keeps (the skeleton
   keeps it whole: the converter cuts it). */
static void test_scale_warning(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, sc[6] = { 1, 1, 1, 2, 2, 2 };
    int in = tb_times(g, t, 2), os = tb_floats(g, sc, 2, "VEC3", 3);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"arm\",\"translation\":[1,0,0],\"mesh\":0}],"
             "\"animations\":[{\"name\":\"grow_and_grow_again\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"scale\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, in, os);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_OK);
    expect(&r, RM_WARNING, "t.gltf: warning: /animations/0 \"grow_and_grow_again\": bone \"arm\" "
                           "changes size (scale animated): a rigid skeleton turns bones only; its "
                           "scale is left out");
    /* The converter cuts names without a word: the rig warns. */
    expect(&r, RM_WARNING, "t.gltf: warning: /animations/0: name \"grow_and_grow_again\" is cut to "
                           "15 bytes in the model (\"grow_and_grow_a\")");
    assert_int_equal(r.diag.warnings, 2);
    assert_string_equal(r.skel->animations[0].name, "grow_and_grow_again");
    const rm_skeleton_animation *a = &r.skel->animations[0];
    ANG(a->keys[1].angles[0], 0, 0, 0);
    VEC(a->keys[1].root, 0, 0, 0);
    run_free(&r);
}

/* ---- limits ---- */

/* A chain of 33 animated nodes above a mesh node: 33 bones. */
static void test_too_many_bones(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, rq[8];
    quat('z', 0, rq);
    quat('z', 10, rq + 4);
    int in = tb_times(g, t, 2), out = tb_floats(g, rq, 2, "VEC4", 4);
    char rest[16384];
    size_t len = 0;
    appendf(rest, sizeof rest, &len,
            "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],\"nodes\":[", pos);
    for (int i = 0; i < 33; i++) {
        if (i < 32)
            appendf(rest, sizeof rest, &len, "%s{\"name\":\"b%d\",\"children\":[%d]}", i ? "," : "",
                    i, i + 1);
        else
            appendf(rest, sizeof rest, &len, ",{\"name\":\"b%d\",\"mesh\":0}", i);
    }
    appendf(rest, sizeof rest, &len, "],\"animations\":[{\"channels\":[");
    for (int i = 0; i < 33; i++)
        appendf(rest, sizeof rest, &len, "%s{\"sampler\":0,\"target\":{\"node\":%d,\"path\":\"rotation\"}}",
                i ? "," : "", i);
    appendf(rest, sizeof rest, &len, "],\"samplers\":[{\"input\":%d,\"output\":%d}]}]", in, out);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_INVALID);
    assert_null(r.skel);
    expect(&r, RM_ERROR, "t.gltf: error: /nodes: 33 bones, a Jo Engine model has at most 32 "
                         "(JO_3D_MAX_BONES)");
    run_free(&r);
}

/* ---- key steps and interpolations ---- */

/* Keyframes at Blender's 24 fps (0, 1/24, 2/24 s) are 2.5 ticks apart: 2
   ticks a key; the duration is 5 ticks, so keys at 0, 2, 4 and 5 ticks
   (the last clamped to the end). With --key-ticks 10: keys at 0 and 5. */
static char *blender_keys(void)
{
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[3] = { 0, 1.0f / 24, 2.0f / 24 }, rq[12];
    quat('z', 0, rq);
    quat('z', 12, rq + 4);
    quat('z', 24, rq + 8);
    int in = tb_times(g, t, 3), out = tb_floats(g, rq, 3, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"arm\",\"mesh\":0}],"
             "\"animations\":[{\"name\":\"nod\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, in, out);
    return tb_finish(g, rest);
}

static void test_key_ticks(void **state)
{
    (void)state;
    run r;
    run_rig(&r, blender_keys(), NULL);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton_animation *a = &r.skel->animations[0];
    assert_int_equal(a->key_ticks, 2);
    assert_int_equal(a->key_count, 4);
    /* 12 degrees per 2.5 ticks: 4.8 degrees a tick. */
    ANG(a->keys[1].angles[0], 0, 0, 9.6);
    ANG(a->keys[2].angles[0], 0, 0, 19.2);
    ANG(a->keys[3].angles[0], 0, 0, 24);
    run_free(&r);

    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    opt.key_ticks = 10;
    run_rig(&r, blender_keys(), &opt);
    assert_int_equal(r.st, RM_OK);
    a = &r.skel->animations[0];
    assert_int_equal(a->key_ticks, 10);
    assert_int_equal(a->key_count, 2);
    ANG(a->keys[1].angles[0], 0, 0, 24);
    run_free(&r);
}

/* STEP: the rotation holds 0 until t = 1, then 90 about Z. CUBICSPLINE:
   the translation from 0 to (0 0 1) in 1 s with out-tangent (0 0 2) at
   the start and in-tangent 0 at the end: at s = 0.5 the Hermite basis is
   h00 = h01 = 0.5, h10 = 0.125, so z = 0.5 + 0.125 * 2 = 0.75. Keys at 0,
   0.5 and 1 s (--key-ticks 30). */
static void test_step_and_cubicspline(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, rq[8];
    quat('z', 0, rq);
    quat('z', 90, rq + 4);
    float cs[18] = { 0, 0, 0, 0, 0, 0, 0, 0, 2,     /* in, value, out at t = 0 */
                     0, 0, 0, 0, 0, 1, 0, 0, 0 };   /* in, value, out at t = 1 */
    int in = tb_times(g, t, 2), out = tb_floats(g, rq, 2, "VEC4", 4),
        cout = tb_floats(g, cs, 6, "VEC3", 3);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"arm\",\"mesh\":0}],"
             "\"animations\":[{\"name\":\"jump\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}},"
             "{\"sampler\":1,\"target\":{\"node\":0,\"path\":\"translation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d,\"interpolation\":\"STEP\"},"
             "{\"input\":%d,\"output\":%d,\"interpolation\":\"CUBICSPLINE\"}]}]",
             pos, in, out, in, cout);
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    opt.key_ticks = 30;
    run r;
    run_rig(&r, tb_finish(g, rest), &opt);
    assert_int_equal(r.st, RM_OK);
    no_warnings(&r);
    const rm_skeleton_animation *a = &r.skel->animations[0];
    assert_int_equal(a->key_count, 3);
    ANG(a->keys[0].angles[0], 0, 0, 0);
    ANG(a->keys[1].angles[0], 0, 0, 0);
    ANG(a->keys[2].angles[0], 0, 0, 90);
    VEC(a->keys[0].root, 0, 0, 0);
    VEC(a->keys[1].root, 0, 0, 0.75);
    VEC(a->keys[2].root, 0, 0, 1);
    run_free(&r);
}

/* Samplers the rig cannot sample: an output shorter than its keyframes
   (CUBICSPLINE needs three values a keyframe), times that go back. And a
   "weights" channel: a warning, ignored. */
static run sampler_case(const float *times, size_t n, const float *values, size_t nv,
                        const char *interp, bool weights)
{
    tb *g = tb_new();
    int pos = tb_triangle(g);
    int in = tb_times(g, times, n), out = tb_floats(g, values, nv, "VEC3", 3);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"arm\",\"mesh\":0}],"
             "\"animations\":[{\"name\":\"bad\",\"channels\":[%s"
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"translation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d,\"interpolation\":\"%s\"}]}]",
             pos, weights ? "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"weights\"}}," : "",
             in, out, interp);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    return r;
}

static void test_sampler_errors(void **state)
{
    (void)state;
    static const float t3[3] = { 0, 0.5f, 1 }, back[3] = { 0, 1, 0.5f };
    static const float v9[9] = { 0 }, v6[6] = { 0 };
    run r = sampler_case(t3, 3, v6, 2, "LINEAR", false);
    assert_int_equal(r.st, RM_INVALID);
    assert_null(r.skel);
    expect(&r, RM_ERROR, "t.gltf: error: /animations/0/samplers/0: the output (accessor 2) holds 2 "
                         "values; LINEAR with 3 keyframes needs 3");
    run_free(&r);
    r = sampler_case(t3, 3, v9, 3, "CUBICSPLINE", false);
    assert_int_equal(r.st, RM_INVALID);
    expect(&r, RM_ERROR, "t.gltf: error: /animations/0/samplers/0: the output (accessor 2) holds 3 "
                         "values; CUBICSPLINE with 3 keyframes needs 9 (in-tangent, value, "
                         "out-tangent each)");
    run_free(&r);
    r = sampler_case(back, 3, v9, 3, "STEP", false);
    assert_int_equal(r.st, RM_INVALID);
    expect(&r, RM_ERROR, "t.gltf: error: /animations/0/samplers/0: the input (accessor 1): keyframe "
                         "2 at 0.5 s comes after keyframe 1 at 1 s; keyframe times must increase");
    run_free(&r);
    r = sampler_case(t3, 3, v9, 3, "LINEAR", true);
    assert_int_equal(r.st, RM_OK);
    expect(&r, RM_WARNING, "t.gltf: warning: /animations/0/channels/0: a \"weights\" channel (morph "
                           "targets) is ignored: a rigid skeleton turns bones only");
    assert_int_equal(r.diag.warnings, 1);
    assert_non_null(r.skel);
    run_free(&r);
}

/* Names the engine cannot tell apart (15 bytes, case ignored): a warning
   each, as the skeleton reader gives for a rig file. */
static void test_same_names_for_engine(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, rq[8];
    quat('z', 0, rq);
    quat('z', 90, rq + 4);
    int in = tb_times(g, t, 2), out = tb_floats(g, rq, 2, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"Arm\",\"mesh\":0},{\"name\":\"arm\",\"mesh\":0}],"
             "\"animations\":[{\"name\":\"Walk\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}},"
             "{\"sampler\":0,\"target\":{\"node\":1,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]},"
             "{\"name\":\"walk\",\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, in, out, in, out);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_OK);
    expect(&r, RM_WARNING, "t.gltf: warning: /nodes/1 \"arm\": the bone's name is the same as "
                           "/nodes/0 \"Arm\" for jo_3d_model_find_bone() (first 15 bytes, case "
                           "ignored): it finds /nodes/0 only");
    expect(&r, RM_WARNING, "t.gltf: warning: /animations/1 \"walk\": the name is the same as "
                           "/animations/0 \"Walk\" for jo_3d_model_find_animation() (first 15 bytes, "
                           "case ignored): it finds /animations/0 only, and the loader marks this "
                           "one as a duplicate");
    assert_int_equal(r.diag.warnings, 2);
    run_free(&r);
}

/* No bones (no skin, nothing animated above a mesh): no skeleton, one
   warning for the animations. */
static void test_no_bones(void **state)
{
    (void)state;
    tb *g = tb_new();
    int pos = tb_triangle(g);
    float t[2] = { 0, 1 }, rq[8];
    quat('z', 0, rq);
    quat('z', 90, rq + 4);
    int in = tb_times(g, t, 2), out = tb_floats(g, rq, 2, "VEC4", 4);
    char rest[4096];
    snprintf(rest, sizeof rest,
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d}}]}],"
             "\"nodes\":[{\"name\":\"box\",\"mesh\":0},{\"name\":\"lamp\"}],"
             "\"animations\":[{\"channels\":["
             "{\"sampler\":0,\"target\":{\"node\":1,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d}]}]",
             pos, in, out);
    run r;
    run_rig(&r, tb_finish(g, rest), NULL);
    assert_int_equal(r.st, RM_OK);
    assert_null(r.skel);
    expect(&r, RM_WARNING, "t.gltf: warning: /animations: 1 animation but no bone to move (no skin "
                           "in use, and no animated node at or above a mesh node): ignored");
    assert_int_equal(r.diag.warnings, 1);
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_a_chain),
        cmocka_unit_test(test_joined_groups_gathered),
        cmocka_unit_test(test_setup_b_rigid_skin),
        cmocka_unit_test(test_angles_by_hand),
        cmocka_unit_test(test_full_turn_and_loop),
        cmocka_unit_test(test_full_turn_about_y),
        cmocka_unit_test(test_loop_and_once_options),
        cmocka_unit_test(test_loop_name_errors),
        cmocka_unit_test(test_pose_matches_gltf),
        cmocka_unit_test(test_root_offset_and_moving_bone),
        cmocka_unit_test(test_scale_warning),
        cmocka_unit_test(test_too_many_bones),
        cmocka_unit_test(test_key_ticks),
        cmocka_unit_test(test_step_and_cubicspline),
        cmocka_unit_test(test_sampler_errors),
        cmocka_unit_test(test_same_names_for_engine),
        cmocka_unit_test(test_no_bones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
