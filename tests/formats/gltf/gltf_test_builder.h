/* tests/formats/gltf/gltf_test_builder.h - glTF text built in memory for the
   glTF reader's tests (test_gltf_mesh.c, _skin.c, _rig.c, _load.c), and the
   checks they share.

   Usage:
     gb g;
     gb_init(&g);                                   // {"asset": {"version": "2.0"}}
     int pos = gb_vec3(&g, xyz, 3);                 // a VEC3 FLOAT accessor, min/max set
     int idx = gb_indices(&g, (uint16_t[]){ 0, 1, 2 }, 3);
     int mesh = gb_mesh(&g, "m", pos, idx, RM_GLTF_TRIANGLES, -1);
     gb_attr(&g, mesh, "TEXCOORD_0", gb_acc(&g, uv, RM_GLTF_FLOAT, 3, "VEC2", false));
     gb_node(&g, "tri", mesh);
     json_object_set_new(gb_get(&g, "nodes", 0), "translation", ...);  // anything else
     rm_mesh m; rm_gltf_groups gr; rm_diag d;
     rm_diag_init(&d);
     assert_int_equal(gb_run(&g, &m, &gr, &d), RM_OK);    // load + mesh "model.gltf"
     assert_pos(&m, 0, 0, 0, 0);
     assert_true(has_message(&d, "model.gltf: warning: ..."));
     rm_gltf_groups_free(&gr); rm_mesh_free(&m); rm_diag_free(&d);
     gb_free(&g);

   Each bufferView holds one accessor's bytes in the one buffer, 4-byte
   aligned; gb_text() writes the buffer as a data: URI (b64, data_uri) and
   returns the JSON (malloc'd). Also: assert_near (doubles, with the line),
   print_diag, has_diag (exact text of one severity), has_message (exact
   text, any severity). Everything is static inline, so a test that uses a
   part only is warning-free. Allocation failures are not checked (not what
   is tested). */
#ifndef RM_TESTS_FORMATS_GLTF_TEST_BUILDER_H
#define RM_TESTS_FORMATS_GLTF_TEST_BUILDER_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/gltf/gltf_internal.h"

static inline void near_at(double a, double b, double eps, int line)
{
    if (!(fabs(a - b) <= eps)) {
        fprintf(stderr, "line %d: %.12g is not %.12g (within %g)\n", line, a, b, eps);
        fail();
    }
}
#define assert_near(a, b, eps) near_at((a), (b), (eps), __LINE__)

/* ---- the builder -------------------------------------------------------- */

/* The document being built (root, owned) and its one buffer's bytes. */
typedef struct gb {
    json_t *root;
    uint8_t *bin;
    size_t size;
} gb;

static inline void gb_init(gb *g)
{
    g->root = json_pack("{s:{s:s}}", "asset", "version", "2.0");
    g->bin = NULL;
    g->size = 0;
}

static inline void gb_free(gb *g)
{
    json_decref(g->root);
    free(g->bin);
}

/* Appends obj (reference stolen) to the top-level array `key`: its index. */
static inline int gb_push(gb *g, const char *key, json_t *obj)
{
    json_t *a = json_object_get(g->root, key);
    if (!a) {
        a = json_array();
        json_object_set_new(g->root, key, a);
    }
    json_array_append_new(a, obj);
    return (int)json_array_size(a) - 1;
}

static inline int gb_view(gb *g, const void *data, size_t n, size_t stride)
{
    size_t off = (g->size + 3) & ~(size_t)3;
    g->bin = realloc(g->bin, off + n);
    memset(g->bin + g->size, 0, off - g->size);
    memcpy(g->bin + off, data, n);
    g->size = off + n;
    json_t *v = json_pack("{s:i,s:I,s:I}", "buffer", 0, "byteOffset", (json_int_t)off,
                          "byteLength", (json_int_t)n);
    if (stride)
        json_object_set_new(v, "byteStride", json_integer((json_int_t)stride));
    return gb_push(g, "bufferViews", v);
}

static inline unsigned type_comps(const char *type)
{
    return strcmp(type, "SCALAR") == 0 ? 1 : strcmp(type, "VEC2") == 0 ? 2
           : strcmp(type, "VEC3") == 0 ? 3 : strcmp(type, "VEC4") == 0 ? 4 : 16;
}

static inline size_t ctype_size(int ct)
{
    return ct == RM_GLTF_BYTE || ct == RM_GLTF_UNSIGNED_BYTE ? 1
           : ct == RM_GLTF_SHORT || ct == RM_GLTF_UNSIGNED_SHORT ? 2 : 4;
}

/* An accessor over `count` elements at `stride` bytes (0: packed). */
static inline int gb_acc_strided(gb *g, const void *data, int ct, size_t count, const char *type,
                                 bool norm, size_t stride)
{
    size_t elem = type_comps(type) * ctype_size(ct);
    size_t bytes = count ? (count - 1) * (stride ? stride : elem) + elem : 0;
    int view = gb_view(g, data, bytes, stride);
    json_t *a = json_pack("{s:i,s:i,s:I,s:s}", "bufferView", view, "componentType", ct, "count",
                          (json_int_t)count, "type", type);
    if (norm)
        json_object_set_new(a, "normalized", json_true());
    return gb_push(g, "accessors", a);
}

static inline int gb_acc(gb *g, const void *data, int ct, size_t count, const char *type,
                         bool norm)
{
    return gb_acc_strided(g, data, ct, count, type, norm, 0);
}

/* VEC3 FLOAT with min and max (as the spec wants for POSITION). */
static inline int gb_vec3(gb *g, const float *v, size_t count)
{
    int a = gb_acc(g, v, RM_GLTF_FLOAT, count, "VEC3", false);
    json_t *mn = json_array(), *mx = json_array();
    for (int k = 0; k < 3; k++) {
        double lo = v[k], hi = v[k];
        for (size_t i = 1; i < count; i++) {
            lo = fmin(lo, v[i * 3 + (size_t)k]);
            hi = fmax(hi, v[i * 3 + (size_t)k]);
        }
        json_array_append_new(mn, json_real(lo));
        json_array_append_new(mx, json_real(hi));
    }
    json_t *acc = json_array_get(json_object_get(g->root, "accessors"), (size_t)a);
    json_object_set_new(acc, "min", mn);
    json_object_set_new(acc, "max", mx);
    return a;
}

static inline int gb_indices(gb *g, const uint16_t *idx, size_t n)
{
    return gb_acc(g, idx, RM_GLTF_UNSIGNED_SHORT, n, "SCALAR", false);
}

/* A mesh of one primitive: attributes POSITION=pos (+ more with
   gb_attr), indices (or -1), mode, material (or -1). */
static inline int gb_mesh(gb *g, const char *name, int pos, int indices, int mode, int material)
{
    json_t *p = json_pack("{s:{s:i},s:i}", "attributes", "POSITION", pos, "mode", mode);
    if (indices >= 0)
        json_object_set_new(p, "indices", json_integer(indices));
    if (material >= 0)
        json_object_set_new(p, "material", json_integer(material));
    json_t *m = json_pack("{s:[o]}", "primitives", p);
    if (name)
        json_object_set_new(m, "name", json_string(name));
    return gb_push(g, "meshes", m);
}

static inline json_t *gb_prim(gb *g, int mesh, int prim)
{
    return json_array_get(json_object_get(json_array_get(json_object_get(g->root, "meshes"),
                                                         (size_t)mesh), "primitives"),
                          (size_t)prim);
}

static inline void gb_attr(gb *g, int mesh, const char *attr, int acc)
{
    json_object_set_new(json_object_get(gb_prim(g, mesh, 0), "attributes"), attr,
                        json_integer(acc));
}

static inline int gb_node(gb *g, const char *name, int mesh)
{
    json_t *n = json_object();
    if (name)
        json_object_set_new(n, "name", json_string(name));
    if (mesh >= 0)
        json_object_set_new(n, "mesh", json_integer(mesh));
    return gb_push(g, "nodes", n);
}

static inline json_t *gb_get(gb *g, const char *key, int i)
{
    return json_array_get(json_object_get(g->root, key), (size_t)i);
}

/* ---- base64 and data: URIs ---------------------------------------------- */

/* Standard base64 of d[0..n) into out (4 * ((n + 2) / 3) + 1 bytes, 0 ended). */
static inline void b64(const uint8_t *d, size_t n, char *out)
{
    static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)d[i] << 16 | (i + 1 < n ? (uint32_t)d[i + 1] << 8 : 0) |
                     (i + 2 < n ? d[i + 2] : 0);
        out[o++] = A[v >> 18 & 63];
        out[o++] = A[v >> 12 & 63];
        out[o++] = i + 1 < n ? A[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? A[v & 63] : '=';
    }
    out[o] = 0;
}

/* "data:MIME;base64,..." (malloc'd). */
static inline char *data_uri(const char *mime, const uint8_t *d, size_t n)
{
    char *s = malloc(strlen(mime) + 20 + (n + 2) / 3 * 4);
    int k = sprintf(s, "data:%s;base64,", mime);
    b64(d, n, s + k);
    return s;
}

/* The document's text (malloc'd): the buffer set, no scene (every root). */
static inline char *gb_text(gb *g)
{
    if (g->size) {
        char *uri = data_uri("application/octet-stream", g->bin, g->size);
        json_object_set_new(g->root, "buffers",
                            json_pack("[{s:s,s:I}]", "uri", uri, "byteLength", (json_int_t)g->size));
        free(uri);
    }
    return json_dumps(g->root, JSON_COMPACT);
}

/* ---- running it ---------------------------------------------------------- */

/* Loads the document (as `file`) and meshes it with `opt`; on a load error
   m and gr are left empty, so the caller frees them the same either way. */
static inline rm_status gb_run_opt(gb *g, const char *file, const rm_gltf_options *opt,
                                   rm_output_set *inputs, rm_mesh *m, rm_gltf_groups *gr, rm_diag *d)
{
    char *text = gb_text(g);
    rm_gltf_doc doc;
    rm_status st = rm_gltf_doc_load((const uint8_t *)text, strlen(text), file, 0, inputs, &doc, d);
    if (st == RM_OK)
        st = rm_gltf_to_mesh(&doc, opt, inputs, m, gr, d);
    else
        rm_mesh_init(m), memset(gr, 0, sizeof *gr);
    rm_gltf_doc_free(&doc);
    free(text);
    return st;
}

/* gb_run_opt with the default options, as "model.gltf". */
static inline rm_status gb_run(gb *g, rm_mesh *m, rm_gltf_groups *gr, rm_diag *d)
{
    rm_gltf_options opt;
    rm_gltf_options_default(&opt);
    return gb_run_opt(g, "model.gltf", &opt, NULL, m, gr, d);
}

/* ---- the messages --------------------------------------------------------- */

/* Every message, on stderr: what a failing test got. */
static inline void print_diag(const rm_diag *d)
{
    for (size_t i = 0; i < d->count; i++)
        fprintf(stderr, "  got: [%s]\n", d->items[i].text);
}

/* Whether a message of this severity reads exactly `text` (quietly). */
static inline bool has_diag(const rm_diag *d, rm_severity sev, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (d->items[i].severity == sev && strcmp(d->items[i].text, text) == 0)
            return true;
    return false;
}

/* Whether a message of any severity reads exactly `text`; if none does,
   prints them all and the one wanted. */
static inline bool has_message(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].text, text) == 0)
            return true;
    print_diag(d);
    fprintf(stderr, "  wanted [%s]\n", text);
    return false;
}

/* ---- the mesh ------------------------------------------------------------- */

/* The position of a corner, within 1e-6. */
static inline void assert_pos(const rm_mesh *m, uint32_t corner, double x, double y, double z)
{
    rm_vec3d p = m->positions[m->corner_position[corner]];
    assert_near(p.x, x, 1e-6);
    assert_near(p.y, y, 1e-6);
    assert_near(p.z, z, 1e-6);
}

#endif
