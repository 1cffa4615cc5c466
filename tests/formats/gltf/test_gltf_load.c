/* The glTF document loader (step 1: doc_*.c, glb.c, uri.c, base64.c):
   JSON texts in memory, GLB bytes built here, a .bin file written to a
   temporary folder; every error with its exact message, the spec's
   defaults, the forest checks, data: URIs, base64 and URIs on their own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/gltf/gltf_internal.h"
#include "formats/gltf/gltf_load.h"

#include "gltf_test_builder.h"

#define ASSET "{\"asset\": {\"version\": \"2.0\"}"

static rm_status load_bytes(const void *data, size_t size, const char *file, rm_gltf_doc *doc,
                            rm_diag *d)
{
    return rm_gltf_doc_load(data, size, file, 0, NULL, doc, d);
}

static rm_status load(const char *text, rm_gltf_doc *doc, rm_diag *d)
{
    return load_bytes(text, strlen(text), "m.gltf", doc, d);
}

/* The doc was freed: nothing left. */
static void assert_empty(const rm_gltf_doc *doc)
{
    assert_null(doc->json);
    assert_null(doc->nodes);
    assert_null(doc->buffers);
    assert_null(doc->folder);
    assert_int_equal(doc->node_count, 0);
    assert_int_equal(doc->scene, -1);
}

static void expect_bytes_error(const void *data, size_t size, rm_status want,
                               const char *message)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_gltf_doc doc;
    rm_status st = load_bytes(data, size, "m.gltf", &doc, &d);
    if (st != want || d.errors != 1 || !has_diag(&d, RM_ERROR, message)) {
        fprintf(stderr, "want: %s\n", message);
        print_diag(&d);
    }
    assert_int_equal(st, want);
    assert_int_equal(d.errors, 1);
    assert_true(has_diag(&d, RM_ERROR, message));
    assert_empty(&doc);
    rm_gltf_doc_free(&doc); /* safe again */
    rm_diag_free(&d);
}

/* The text is refused with exactly one error, this one ("m.gltf: error: " is added). */
static void expect_error(const char *text, const char *message)
{
    char full[1024];
    snprintf(full, sizeof full, "m.gltf: error: %s", message);
    expect_bytes_error(text, strlen(text), RM_INVALID, full);
}

/* Loads a text that must be valid, without any message. */
static void load_ok(const char *text, rm_gltf_doc *doc)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = load(text, doc, &d);
    if (st != RM_OK || d.count) {
        fprintf(stderr, "input: %s\n", text);
        print_diag(&d);
    }
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
}

/* Loads a valid text with exactly one warning, this one. */
static void expect_warning(const char *text, const char *message, rm_gltf_doc *doc)
{
    char full[1024];
    snprintf(full, sizeof full, "m.gltf: warning: %s", message);
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = load(text, doc, &d);
    if (st != RM_OK || d.count != 1 || !has_diag(&d, RM_WARNING, full)) {
        fprintf(stderr, "want: %s\n", full);
        print_diag(&d);
    }
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.count, 1);
    assert_true(has_diag(&d, RM_WARNING, full));
    rm_diag_free(&d);
}

/* ---- the document ---- */

static void minimal(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET "}", &doc);
    assert_string_equal(doc.file, "m.gltf");
    assert_string_equal(doc.folder, "");
    assert_non_null(doc.json);
    assert_int_equal(doc.node_count + doc.mesh_count + doc.buffer_count + doc.scene_count, 0);
    assert_int_equal(doc.scene, -1);
    assert_false(doc.glb);
    assert_false(doc.quantized);
    rm_gltf_doc_free(&doc);
    /* A byte order mark, a 2.x version, minVersion 2.0, the folder of the file. */
    rm_diag d;
    rm_diag_init(&d);
    const char *t = "\xEF\xBB\xBF{\"asset\": {\"version\": \"2.1\", \"minVersion\": \"2.0\"}}";
    assert_int_equal(load_bytes(t, strlen(t), "models/car/m.gltf", &doc, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_string_equal(doc.folder, "models/car/");
    rm_gltf_doc_free(&doc);
    rm_diag_free(&d);
}

static void not_gltf(void **state)
{
    (void)state;
    /* jansson's message: the column of the last character it read. */
    expect_error("{\"asset\": }",
                 "invalid JSON at line 1, column 11: unexpected token near '}'");
    expect_error("{\n  \"asset\": {\"version\": \"2.0\"},\n  \"nodes\": [1,]\n}",
                 "invalid JSON at line 3, column 15: unexpected token near ']'");
    expect_error("", "invalid JSON at line 1, column 0: '[' or '{' expected near end of file");
    expect_error("{\"asset\": {\"version\": \"2.0\"}, \"asset\": {}}",
                 "invalid JSON at line 1, column 37: duplicate object key near '\"asset\"'");
    /* jansson's own depth limit keeps its parser from deep recursion. */
    char deep[2 * 3000 + 1];
    memset(deep, '[', 3000);
    memset(deep + 3000, ']', 3000);
    deep[6000] = 0;
    expect_error(deep, "invalid JSON at line 1, column 2049: maximum parsing depth reached near '['");
    expect_error("[1]", "the top of the file is an array, not an object: this is not a glTF file");
    expect_error("{\"nodes\": []}",
                 "no \"asset\" object: this is not a glTF 2.0 file (its top object has "
                 "\"asset\": {\"version\": \"2.0\"})");
    expect_error("{\"asset\": 2}", "/asset: must be an object, not a number");
    expect_error("{\"asset\": {}}", "/asset: \"version\" is missing (it is required)");
    expect_error("{\"asset\": {\"version\": 2}}", "/asset/version: must be a string, not a number");
    expect_error("{\"asset\": {\"version\": \"1.0\"}}",
                 "/asset/version: \"1.0\" is not glTF 2 (only glTF 2.0 files, version \"2.x\", "
                 "are read)");
    expect_error("{\"asset\": {\"version\": \"2.\"}}",
                 "/asset/version: \"2.\" is not glTF 2 (only glTF 2.0 files, version \"2.x\", "
                 "are read)");
    expect_error("{\"asset\": {\"version\": \"2.1\", \"minVersion\": \"2.1\"}}",
                 "/asset/minVersion: the file needs glTF 2.1, this reader knows glTF 2.0");
    expect_error("{\"asset\": {\"version\": \"2.0\", \"minVersion\": \"1.0\"}}",
                 "/asset/minVersion: \"1.0\" is not a glTF 2 version (\"2.0\", \"2.1\"...)");
}

static void extensions(void **state)
{
    (void)state;
    expect_error(ASSET ", \"extensionsRequired\": [\"KHR_texture_transform\", \"EXT_meshopt_compression\"]}",
                 "/extensionsRequired/1: the file requires the extension "
                 "\"EXT_meshopt_compression\", which this reader does not support (it "
                 "supports KHR_mesh_quantization, KHR_texture_transform, "
                 "KHR_materials_emissive_strength)");
    expect_error(ASSET ", \"extensionsRequired\": \"KHR_texture_transform\"}",
                 "/extensionsRequired: must be an array, not a string");
    expect_error(ASSET ", \"extensionsUsed\": [3]}",
                 "/extensionsUsed/0: must be a string (an extension's name), not a number");
    /* A control character of the file's is not printed. */
    expect_error(ASSET ", \"extensionsRequired\": [\"EXT_\\nx\"]}",
                 "/extensionsRequired/0: the file requires the extension \"EXT_?x\", which this "
                 "reader does not support (it supports KHR_mesh_quantization, "
                 "KHR_texture_transform, KHR_materials_emissive_strength)");
    rm_gltf_doc doc;
    load_ok(ASSET ", \"extensionsRequired\": [\"KHR_mesh_quantization\"], "
                  "\"extensionsUsed\": [\"KHR_mesh_quantization\", \"KHR_texture_transform\"]}",
            &doc);
    assert_true(doc.quantized);
    rm_gltf_doc_free(&doc);
    load_ok(ASSET ", \"extensionsUsed\": [\"KHR_mesh_quantization\"]}", &doc);
    assert_true(doc.quantized);
    rm_gltf_doc_free(&doc);
    expect_warning(ASSET ", \"extensionsUsed\": [\"KHR_lights_punctual\", "
                         "\"KHR_texture_transform\", \"EXT_foo\"]}",
                   "/extensionsUsed: these extensions are not supported, ignored: "
                   "KHR_lights_punctual, EXT_foo",
                   &doc);
    rm_gltf_doc_free(&doc);
    expect_warning(ASSET ", \"extensionsUsed\": [\"KHR_lights_punctual\"]}",
                   "/extensionsUsed: this extension is not supported, ignored: "
                   "KHR_lights_punctual",
                   &doc);
    rm_gltf_doc_free(&doc);
}

/* ---- indices and types ---- */

#define TWO_MESHES                                                                  \
    "\"accessors\": [{\"componentType\": 5126, \"count\": 3, \"type\": \"VEC3\"}], " \
    "\"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0}}]}, "         \
    "{\"primitives\": [{\"attributes\": {\"POSITION\": 0}}]}]"

static void indices(void **state)
{
    (void)state;
    expect_error(ASSET ", " TWO_MESHES ", \"nodes\": [{}, {}, {}, {\"mesh\": \"1\"}]}",
                 "/nodes/3/mesh: must be an index (a whole number >= 0), not a string");
    expect_error(ASSET ", " TWO_MESHES ", \"nodes\": [{\"mesh\": -1}]}",
                 "/nodes/0/mesh: must be an index (a whole number >= 0), not -1");
    expect_error(ASSET ", " TWO_MESHES ", \"nodes\": [{\"mesh\": 1.5}]}",
                 "/nodes/0/mesh: must be an index (a whole number >= 0), not 1.5");
    expect_error(ASSET ", " TWO_MESHES ", \"nodes\": [{}, {}, {}, {\"mesh\": 9}]}",
                 "/nodes/3/mesh: mesh 9 does not exist (the file has 2 meshes)");
    expect_error(ASSET ", \"nodes\": [{\"mesh\": 0}]}",
                 "/nodes/0/mesh: mesh 0 does not exist (the file has no meshes)");
    expect_error(ASSET ", \"nodes\": [{\"children\": [1]}]}",
                 "/nodes/0/children/0: node 1 does not exist (the file has 1 node)");
    expect_error(ASSET ", \"nodes\": {}}", "/nodes: must be an array, not an object");
    expect_error(ASSET ", \"nodes\": [3]}", "/nodes/0: must be an object, not a number");
    expect_error(ASSET ", \"nodes\": [{\"name\": 3}]}", "/nodes/0/name: must be a string, not a number");
    expect_error(ASSET ", \"nodes\": [{\"translation\": [1, 2]}]}",
                 "/nodes/0/translation: must be an array of 3 numbers, not of 2");
    expect_error(ASSET ", \"nodes\": [{\"scale\": [1, \"2\", 3]}]}",
                 "/nodes/0/scale/1: must be a number, not a string");
    expect_error(ASSET ", \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0}}]}]}",
                 "/meshes/0/primitives/0/attributes/POSITION: accessor 0 does not exist (the "
                 "file has no accessors)");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 3, \"type\": "
                 "\"VEC3\"}], \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0, "
                 "\"TEXCOORD_3\": 1}}]}]}",
                 "/meshes/0/primitives/0/attributes/TEXCOORD_3: accessor 1 does not exist (the "
                 "file has 1 accessor)");
    expect_error(ASSET ", \"meshes\": [{\"primitives\": []}]}",
                 "/meshes/0/primitives: is empty (it needs at least one entry)");
    expect_error(ASSET ", \"meshes\": [{}]}", "/meshes/0: \"primitives\" is missing (it is required)");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 3, \"type\": "
                 "\"VEC3\"}], \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0}, "
                 "\"mode\": 7}]}]}",
                 "/meshes/0/primitives/0/mode: 7 is not a primitive mode (0 POINTS, 1 LINES, "
                 "2 LINE_LOOP, 3 LINE_STRIP, 4 TRIANGLES, 5 TRIANGLE_STRIP or 6 TRIANGLE_FAN)");
    expect_error(ASSET ", \"scenes\": [{}], \"scene\": 1}",
                 "/scene: scene 1 does not exist (the file has 1 scene)");
    expect_error(ASSET ", \"samplers\": [{}], \"textures\": [{\"sampler\": 1}]}",
                 "/textures/0/sampler: sampler 1 does not exist (the file has 1 sampler)");
    expect_error(ASSET ", \"nodes\": [{\"camera\": 0}]}",
                 "/nodes/0/camera: camera 0 does not exist (the file has no cameras)");
    expect_error(ASSET ", \"meshes\": [{\"primitives\": [{\"attributes\": {\"_A/B~C\": 0}}]}]}",
                 "/meshes/0/primitives/0/attributes/_A~1B~0C: accessor 0 does not exist (the "
                 "file has no accessors)");
    expect_error(ASSET ", \"textures\": [{\"source\": 0}]}",
                 "/textures/0/source: image 0 does not exist (the file has no images)");
    expect_error(ASSET ", \"skins\": [{\"joints\": [0]}]}",
                 "/skins/0/joints/0: node 0 does not exist (the file has no nodes)");
}

/* ---- buffers, views, accessors ---- */

#define BUF120 "\"buffers\": [{\"byteLength\": 120, \"uri\": \"data:application/octet-stream;base64,\"}]"

static void views(void **state)
{
    (void)state;
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 120}], \"bufferViews\": [{\"buffer\": 0, "
                 "\"byteLength\": 8}, {\"buffer\": 0, \"byteLength\": 8}, {\"buffer\": 0, "
                 "\"byteLength\": 8}, {\"buffer\": 0, \"byteOffset\": 100, \"byteLength\": 64}]}",
                 "/bufferViews/3: byteOffset 100 + byteLength 64 = 164 is past the end of buffer "
                 "0 (120 bytes)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 120}], \"bufferViews\": [{\"buffer\": 1, "
                 "\"byteLength\": 8}]}",
                 "/bufferViews/0/buffer: buffer 1 does not exist (the file has 1 buffer)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 120}], \"bufferViews\": [{\"buffer\": 0}]}",
                 "/bufferViews/0: \"byteLength\" is missing (it is required)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 120}], \"bufferViews\": [{\"buffer\": 0, "
                 "\"byteLength\": 0}]}",
                 "/bufferViews/0/byteLength: must be at least 1");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 120}], \"bufferViews\": [{\"buffer\": 0, "
                 "\"byteLength\": 8, \"byteStride\": 6}]}",
                 "/bufferViews/0/byteStride: 6 is not a stride: it must be a multiple of 4 from 4 "
                 "to 252");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 120}], \"bufferViews\": [{\"buffer\": 0, "
                 "\"byteLength\": 8, \"byteStride\": 256}]}",
                 "/bufferViews/0/byteStride: 256 is not a stride: it must be a multiple of 4 from "
                 "4 to 252");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 120}], \"bufferViews\": [{\"buffer\": 0, "
                 "\"byteLength\": 8, \"byteOffset\": 9223372036854775807}]}",
                 "/bufferViews/0: byteOffset 9223372036854775807 + byteLength 8 = "
                 "9223372036854775815 is past the end of buffer 0 (120 bytes)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 0}]}",
                 "/buffers/0/byteLength: must be at least 1");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 1073741825}]}",
                 "/buffers/0/byteLength: 1073741825 bytes, more than the limit of 1073741824");
    expect_error(ASSET ", \"buffers\": [{}]}", "/buffers/0: \"byteLength\" is missing (it is required)");

    rm_gltf_doc doc;
    load_ok(ASSET ", \"buffers\": [{\"byteLength\": 16, \"uri\": "
                  "\"data:application/octet-stream;base64,AAECAwQFBgcICQoLDA0ODw==\"}], "
                  "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 16}, {\"buffer\": 0, "
                  "\"byteOffset\": 8, \"byteLength\": 8, \"byteStride\": 252}]}",
            &doc);
    assert_int_equal(doc.view_count, 2);
    assert_int_equal(doc.views[0].stride, 0);
    assert_int_equal(doc.views[0].offset, 0);
    assert_int_equal(doc.views[1].offset, 8);
    assert_int_equal(doc.views[1].length, 8);
    assert_int_equal(doc.views[1].stride, 252);
    assert_int_equal(doc.buffers[0].size, 16);
    for (int i = 0; i < 16; i++)
        assert_int_equal(doc.buffers[0].data[i], i);
    assert_ptr_equal(doc.buffers[0].data, doc.buffers[0].owned);
    rm_gltf_doc_free(&doc);
}

#define VIEW "\"buffers\": [{\"byteLength\": 4, \"uri\": \"data:;base64,AAAAAA==\"}], " \
             "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 4}], "

static void accessors(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET ", " VIEW "\"accessors\": ["
                  "{\"componentType\": 5126, \"count\": 2, \"type\": \"MAT2\"},"
                  "{\"componentType\": 5126, \"count\": 2, \"type\": \"MAT3\", \"bufferView\": 0, \"byteOffset\": 4},"
                  "{\"componentType\": 5126, \"count\": 2, \"type\": \"MAT4\"},"
                  "{\"componentType\": 5121, \"normalized\": true, \"count\": 3, \"type\": \"VEC2\", "
                  "\"min\": [0, 1], \"max\": [2.5, 3]},"
                  "{\"componentType\": 5126, \"count\": 3, \"type\": \"SCALAR\", \"min\": [0]},"
                  "{\"componentType\": 5123, \"count\": 10, \"type\": \"VEC3\", \"sparse\": "
                  "{\"count\": 2, \"indices\": {\"bufferView\": 0, \"byteOffset\": 2, "
                  "\"componentType\": 5123}, \"values\": {\"bufferView\": 0}}}]}",
            &doc);
    assert_int_equal(doc.accessor_count, 6);
    const rm_gltf_accessor *a = doc.accessors;
    assert_int_equal(a[0].components, 4);
    assert_int_equal(a[0].view, -1);
    assert_int_equal(a[0].component, RM_GLTF_FLOAT);
    assert_false(a[0].normalized);
    assert_int_equal(a[0].count, 2);
    assert_string_equal(a[0].type, "MAT2");
    assert_int_equal(a[0].sparse.count, 0);
    assert_false(a[0].has_min_max);
    assert_int_equal(a[1].components, 9);
    assert_int_equal(a[1].view, 0);
    assert_int_equal(a[1].offset, 4);
    assert_int_equal(a[2].components, 16);
    assert_int_equal(a[3].components, 2);
    assert_true(a[3].normalized);
    assert_true(a[3].has_min_max);
    assert_true(a[3].min[0] == 0.0 && a[3].min[1] == 1.0);
    assert_true(a[3].max[0] == 2.5 && a[3].max[1] == 3.0);
    assert_false(a[4].has_min_max); /* min alone */
    assert_int_equal(a[5].sparse.count, 2);
    assert_int_equal(a[5].sparse.indices_view, 0);
    assert_int_equal(a[5].sparse.indices_offset, 2);
    assert_int_equal(a[5].sparse.indices_type, RM_GLTF_UNSIGNED_SHORT);
    assert_int_equal(a[5].sparse.values_view, 0);
    assert_int_equal(a[5].sparse.values_offset, 0);
    rm_gltf_doc_free(&doc);

    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5124, \"count\": 1, \"type\": \"VEC3\"}]}",
                 "/accessors/0/componentType: 5124 is not a component type (5120 BYTE, 5121 "
                 "UNSIGNED_BYTE, 5122 SHORT, 5123 UNSIGNED_SHORT, 5125 UNSIGNED_INT or 5126 FLOAT)");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 1, \"type\": \"VEC5\"}]}",
                 "/accessors/0/type: \"VEC5\" is not an accessor type (SCALAR, VEC2, VEC3, VEC4, "
                 "MAT2, MAT3 or MAT4)");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 0, \"type\": \"VEC3\"}]}",
                 "/accessors/0/count: must be at least 1");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 16777217, \"type\": \"VEC3\"}]}",
                 "/accessors/0/count: 16777217 elements, more than the limit of 16777216");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"type\": \"VEC3\"}]}",
                 "/accessors/0: \"count\" is missing (it is required)");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"normalized\": true, "
                 "\"count\": 1, \"type\": \"VEC3\"}]}",
                 "/accessors/0/normalized: must not be true for FLOAT components (only BYTE, "
                 "UNSIGNED_BYTE, SHORT and UNSIGNED_SHORT are normalized)");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"normalized\": 1, "
                 "\"count\": 1, \"type\": \"VEC3\"}]}",
                 "/accessors/0/normalized: must be true or false, not a number");
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 1, \"type\": "
                 "\"VEC3\", \"max\": [1, 2]}]}",
                 "/accessors/0/max: must be an array of 3 numbers, not of 2");
    expect_error(ASSET ", " VIEW "\"accessors\": [{\"componentType\": 5126, \"count\": 1, "
                 "\"type\": \"VEC3\", \"bufferView\": 0, \"byteOffset\": 5}]}",
                 "/accessors/0/byteOffset: 5 is past the end of bufferView 0 (4 bytes)");
    expect_error(ASSET ", " VIEW "\"accessors\": [{\"componentType\": 5126, \"count\": 2, "
                 "\"type\": \"VEC3\", \"sparse\": {\"count\": 3, \"indices\": {\"bufferView\": 0, "
                 "\"componentType\": 5121}, \"values\": {\"bufferView\": 0}}}]}",
                 "/accessors/0/sparse/count: 3 sparse values for an accessor of 2 elements (it "
                 "must be from 1 to 2)");
    expect_error(ASSET ", " VIEW "\"accessors\": [{\"componentType\": 5126, \"count\": 2, "
                 "\"type\": \"VEC3\", \"sparse\": {\"count\": 1, \"indices\": {\"bufferView\": 0, "
                 "\"componentType\": 5122}, \"values\": {\"bufferView\": 0}}}]}",
                 "/accessors/0/sparse/indices/componentType: 5122 is not an index type (5121 "
                 "UNSIGNED_BYTE, 5123 UNSIGNED_SHORT or 5125 UNSIGNED_INT)");
    expect_error(ASSET ", " VIEW "\"accessors\": [{\"componentType\": 5126, \"count\": 2, "
                 "\"type\": \"VEC3\", \"sparse\": {\"count\": 1, \"indices\": {\"bufferView\": 0, "
                 "\"componentType\": 5121}, \"values\": {\"bufferView\": 1}}}]}",
                 "/accessors/0/sparse/values/bufferView: bufferView 1 does not exist (the file has "
                 "1 bufferView)");
    expect_error(ASSET ", " VIEW "\"accessors\": [{\"componentType\": 5126, \"count\": 2, "
                 "\"type\": \"VEC3\", \"sparse\": {\"count\": 1, \"values\": {\"bufferView\": 0}}}]}",
                 "/accessors/0/sparse: \"indices\" is missing (it is required)");
}

/* ---- defaults, materials, nodes ---- */

static void defaults(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 3, \"type\": \"VEC3\"}, "
                  "{\"componentType\": 5126, \"count\": 3, \"type\": \"SCALAR\"}], "
                  "\"meshes\": [{\"name\": \"box\", \"primitives\": [{\"attributes\": "
                  "{\"POSITION\": 0, \"TEXCOORD_1\": 0}}]}], "
                  "\"materials\": [{}], \"nodes\": [{\"mesh\": 0}], "
                  "\"animations\": [{\"channels\": [{\"sampler\": 0, \"target\": {\"node\": 0, "
                  "\"path\": \"rotation\"}}, {\"sampler\": 0, \"target\": {\"path\": \"pointer\"}}], "
                  "\"samplers\": [{\"input\": 1, \"output\": 0}]}], \"scenes\": [{\"nodes\": [0]}], "
                  "\"scene\": 0}",
            &doc);
    const rm_gltf_node *n = &doc.nodes[0];
    assert_null(n->name);
    assert_int_equal(n->mesh, 0);
    assert_int_equal(n->skin, -1);
    assert_int_equal(n->parent, -1);
    assert_int_equal(n->child_count, 0);
    assert_false(n->has_matrix);
    assert_true(n->t[0] == 0 && n->t[1] == 0 && n->t[2] == 0);
    assert_true(n->r[0] == 0 && n->r[1] == 0 && n->r[2] == 0 && n->r[3] == 1);
    assert_true(n->s[0] == 1 && n->s[1] == 1 && n->s[2] == 1);
    for (int k = 0; k < 16; k++)
        assert_true(n->matrix[k] == (k % 5 == 0 ? 1.0 : 0.0));
    const rm_gltf_material *m = &doc.materials[0];
    assert_null(m->name);
    for (int k = 0; k < 4; k++)
        assert_true(m->base_color[k] == 1.0);
    assert_int_equal(m->base_texture.texture, -1);
    assert_int_equal(m->alpha_mode, RM_GLTF_OPAQUE);
    assert_true(m->alpha_cutoff == 0.5);
    assert_false(m->double_sided);
    assert_null(m->extras);
    const rm_gltf_primitive *p = &doc.meshes[0].primitives[0];
    assert_string_equal(doc.meshes[0].name, "box");
    assert_int_equal(p->mode, RM_GLTF_TRIANGLES);
    assert_int_equal(p->indices, -1);
    assert_int_equal(p->material, -1);
    assert_int_equal(p->position, 0);
    assert_int_equal(p->normal, -1);
    assert_int_equal(p->texcoord0, -1);
    assert_int_equal(p->color0, -1);
    assert_int_equal(p->joints0, -1);
    assert_int_equal(p->weights0, -1);
    const rm_gltf_animation *a = &doc.animations[0];
    assert_null(a->name);
    assert_int_equal(a->sampler_count, 1);
    assert_int_equal(a->samplers[0].interp, RM_GLTF_LINEAR);
    assert_int_equal(a->samplers[0].input, 1);
    assert_int_equal(a->samplers[0].output, 0);
    assert_int_equal(a->channel_count, 2);
    assert_int_equal(a->channels[0].node, 0);
    assert_int_equal(a->channels[0].path, RM_GLTF_PATH_ROTATION);
    assert_int_equal(a->channels[1].node, -1);
    assert_int_equal(a->channels[1].path, RM_GLTF_PATH_OTHER);
    assert_int_equal(doc.scene_count, 1);
    assert_int_equal(doc.scenes[0].node_count, 1);
    assert_int_equal(doc.scenes[0].nodes[0], 0);
    assert_int_equal(doc.scene, 0);
    rm_gltf_doc_free(&doc);
}

static void materials(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET ", \"images\": [{\"uri\": \"a.png\"}], \"textures\": [{\"source\": 0}, {}], "
                  "\"materials\": [{\"name\": \"paint\", \"pbrMetallicRoughness\": "
                  "{\"baseColorFactor\": [0.5, 0.25, 1, 0.75], \"baseColorTexture\": "
                  "{\"index\": 1, \"texCoord\": 1, \"extensions\": {\"KHR_texture_transform\": "
                  "{\"offset\": [0.5, -1], \"rotation\": 1.5, \"scale\": [2, 3], \"texCoord\": 0}}}}, "
                  "\"alphaMode\": \"MASK\", \"alphaCutoff\": 0.25, \"doubleSided\": true, "
                  "\"extras\": {\"jo_sort\": \"min\", \"jo_gouraud\": 1}}, "
                  "{\"alphaMode\": \"BLEND\", \"pbrMetallicRoughness\": {\"baseColorTexture\": "
                  "{\"index\": 0}}}]}",
            &doc);
    assert_int_equal(doc.textures[0].source, 0);
    assert_int_equal(doc.textures[1].source, -1);
    const rm_gltf_material *m = &doc.materials[0];
    assert_string_equal(m->name, "paint");
    assert_true(m->base_color[0] == 0.5 && m->base_color[1] == 0.25 && m->base_color[2] == 1 &&
                m->base_color[3] == 0.75);
    assert_int_equal(m->base_texture.texture, 1);
    assert_int_equal(m->base_texture.texcoord, 1);
    assert_true(m->base_texture.has_transform);
    assert_true(m->base_texture.offset[0] == 0.5 && m->base_texture.offset[1] == -1);
    assert_true(m->base_texture.rotation == 1.5);
    assert_true(m->base_texture.scale[0] == 2 && m->base_texture.scale[1] == 3);
    assert_int_equal(m->base_texture.transform_texcoord, 0);
    assert_int_equal(m->alpha_mode, RM_GLTF_MASK);
    assert_true(m->alpha_cutoff == 0.25);
    assert_true(m->double_sided);
    assert_non_null(m->extras);
    assert_string_equal(json_string_value(json_object_get(m->extras, "jo_sort")), "min");
    m = &doc.materials[1];
    assert_int_equal(m->alpha_mode, RM_GLTF_BLEND);
    assert_int_equal(m->base_texture.texture, 0);
    assert_int_equal(m->base_texture.texcoord, 0);
    assert_false(m->base_texture.has_transform);
    assert_true(m->base_texture.scale[0] == 1 && m->base_texture.scale[1] == 1);
    assert_int_equal(m->base_texture.transform_texcoord, -1);
    rm_gltf_doc_free(&doc);

    /* A transform with its defaults. */
    load_ok(ASSET ", \"textures\": [{}], \"materials\": [{\"pbrMetallicRoughness\": "
                  "{\"baseColorTexture\": {\"index\": 0, \"extensions\": "
                  "{\"KHR_texture_transform\": {}}}}}]}",
            &doc);
    const rm_gltf_texture_ref *t = &doc.materials[0].base_texture;
    assert_true(t->has_transform);
    assert_true(t->offset[0] == 0 && t->offset[1] == 0 && t->rotation == 0);
    assert_true(t->scale[0] == 1 && t->scale[1] == 1);
    assert_int_equal(t->transform_texcoord, -1);
    rm_gltf_doc_free(&doc);

    expect_error(ASSET ", \"materials\": [{\"alphaMode\": \"CLIP\"}]}",
                 "/materials/0/alphaMode: \"CLIP\" is not an alpha mode (OPAQUE, MASK or BLEND)");
    expect_error(ASSET ", \"materials\": [{\"pbrMetallicRoughness\": {\"baseColorFactor\": [1, 1, 2, 1]}}]}",
                 "/materials/0/pbrMetallicRoughness/baseColorFactor/2: 2 is not from 0 to 1 (a "
                 "linear colour value)");
    expect_error(ASSET ", \"materials\": [{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 0}}}]}",
                 "/materials/0/pbrMetallicRoughness/baseColorTexture/index: texture 0 does not "
                 "exist (the file has no textures)");
    expect_error(ASSET ", \"textures\": [{}], \"materials\": [{\"pbrMetallicRoughness\": "
                 "{\"baseColorTexture\": {\"index\": 0, \"extensions\": {\"KHR_texture_transform\": "
                 "{\"scale\": 2}}}}}]}",
                 "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/"
                 "KHR_texture_transform/scale: must be an array of 2 numbers, not a number");
    expect_error(ASSET ", \"images\": [{}]}",
                 "/images/0: has neither \"uri\" nor \"bufferView\" (an image needs one of them)");
    expect_error(ASSET ", " VIEW "\"images\": [{\"bufferView\": 0}]}",
                 "/images/0: \"mimeType\" is missing (it is required with \"bufferView\": "
                 "\"image/png\" or \"image/jpeg\")");
    expect_error(ASSET ", " VIEW "\"images\": [{\"bufferView\": 0, \"uri\": \"a.png\"}]}",
                 "/images/0: has both \"uri\" and \"bufferView\" (an image is one or the other)");
}

static void transforms(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET ", \"nodes\": [{\"name\": \"m\", \"matrix\": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, "
                  "0, 5, 6, 7, 1]}, {\"translation\": [1, 2, 3], \"rotation\": [0, 0, 0.6, 0.8], "
                  "\"scale\": [2, 0, 4]}, {\"rotation\": [0, 0, 0, 1.0002]}]}",
            &doc);
    const rm_gltf_node *n = doc.nodes;
    assert_string_equal(n[0].name, "m");
    assert_true(n[0].has_matrix);
    assert_true(n[0].matrix[12] == 5 && n[0].matrix[13] == 6 && n[0].matrix[14] == 7);
    assert_true(n[0].t[0] == 0 && n[0].r[3] == 1 && n[0].s[0] == 1 && n[0].s[2] == 1);
    assert_false(n[1].has_matrix);
    assert_true(n[1].t[0] == 1 && n[1].t[1] == 2 && n[1].t[2] == 3);
    assert_true(fabs(n[1].r[2] - 0.6) < 1e-15 && fabs(n[1].r[3] - 0.8) < 1e-15);
    assert_true(n[1].s[0] == 2 && n[1].s[1] == 0 && n[1].s[2] == 4);
    /* Nearly unit: made unit without a word. */
    assert_true(n[2].r[3] == 1.0);
    rm_gltf_doc_free(&doc);

    expect_warning(ASSET ", \"nodes\": [{\"rotation\": [0, 0, 0, 2]}]}",
                   "/nodes/0/rotation: the quaternion's length is 2, not 1 (a rotation is a "
                   "unit quaternion): normalised",
                   &doc);
    assert_true(doc.nodes[0].r[3] == 1.0);
    rm_gltf_doc_free(&doc);
    expect_error(ASSET ", \"nodes\": [{\"rotation\": [0, 0, 0, 0]}]}",
                 "/nodes/0/rotation: [0, 0, 0, 0] is not a rotation (a unit quaternion x, y, z, w)");
    expect_error(ASSET ", \"nodes\": [{\"matrix\": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, "
                 "1], \"translation\": [1, 2, 3]}]}",
                 "/nodes/0: has both \"matrix\" and \"translation\" (a node's transform is one or "
                 "the other)");
    expect_error(ASSET ", \"nodes\": [{\"matrix\": [1, 0, 0]}]}",
                 "/nodes/0/matrix: must be an array of 16 numbers, not of 3");
    /* A node given by a matrix cannot be animated. */
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 1, \"type\": "
                 "\"VEC4\"}], \"nodes\": [{\"matrix\": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, "
                 "0, 1]}], \"animations\": [{\"channels\": [{\"sampler\": 0, \"target\": "
                 "{\"node\": 0, \"path\": \"rotation\"}}], \"samplers\": [{\"input\": 0, "
                 "\"output\": 0}]}]}",
                 "/animations/0/channels/0/target/node: node 0 has a \"matrix\", and a node "
                 "given by a matrix cannot be animated (give it translation, rotation and "
                 "scale instead)");
}

static void animations(void **state)
{
    (void)state;
    const char *acc = "\"accessors\": [{\"componentType\": 5126, \"count\": 1, \"type\": "
                      "\"SCALAR\"}], \"nodes\": [{}], ";
    char text[1024];
    snprintf(text, sizeof text,
             ASSET ", %s\"animations\": [{\"channels\": [{\"sampler\": 1, \"target\": "
                   "{\"node\": 0, \"path\": \"scale\"}}], \"samplers\": [{\"input\": 0, "
                   "\"output\": 0}]}]}",
             acc);
    expect_error(text, "/animations/0/channels/0/sampler: sampler 1 does not exist (the "
                       "animation has 1 sampler)");
    snprintf(text, sizeof text,
             ASSET ", %s\"animations\": [{\"channels\": [{\"sampler\": 0, \"target\": "
                   "{\"node\": 0, \"path\": \"scale\"}}], \"samplers\": [{\"input\": 0, "
                   "\"output\": 0, \"interpolation\": \"SMOOTH\"}]}]}",
             acc);
    expect_error(text, "/animations/0/samplers/0/interpolation: \"SMOOTH\" is not an "
                       "interpolation (LINEAR, STEP or CUBICSPLINE)");
    snprintf(text, sizeof text,
             ASSET ", %s\"animations\": [{\"channels\": [{\"sampler\": 0, \"target\": "
                   "{\"node\": 0}}], \"samplers\": [{\"input\": 0, \"output\": 0}]}]}",
             acc);
    expect_error(text, "/animations/0/channels/0/target: \"path\" is missing (it is required)");
    snprintf(text, sizeof text,
             ASSET ", %s\"animations\": [{\"channels\": [], \"samplers\": [{\"input\": 0, "
                   "\"output\": 0}]}]}",
             acc);
    expect_error(text, "/animations/0/channels: is empty (it needs at least one entry)");
    snprintf(text, sizeof text,
             ASSET ", %s\"animations\": [{\"name\": \"walk\", \"channels\": [{\"sampler\": 1, "
                   "\"target\": {\"node\": 0, \"path\": \"translation\"}}, {\"sampler\": 0, "
                   "\"target\": {\"node\": 0, \"path\": \"weights\"}}], \"samplers\": "
                   "[{\"input\": 0, \"output\": 0, \"interpolation\": \"STEP\"}, {\"input\": 0, "
                   "\"output\": 0, \"interpolation\": \"CUBICSPLINE\"}]}]}",
             acc);
    rm_gltf_doc doc;
    load_ok(text, &doc);
    const rm_gltf_animation *a = &doc.animations[0];
    assert_string_equal(a->name, "walk");
    assert_int_equal(a->samplers[0].interp, RM_GLTF_STEP);
    assert_int_equal(a->samplers[1].interp, RM_GLTF_CUBICSPLINE);
    assert_int_equal(a->channels[0].sampler, 1);
    assert_int_equal(a->channels[0].path, RM_GLTF_PATH_TRANSLATION);
    assert_int_equal(a->channels[1].path, RM_GLTF_PATH_WEIGHTS);
    rm_gltf_doc_free(&doc);
}

static void skins(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 2, \"type\": \"MAT4\"}], "
                  "\"meshes\": [{\"primitives\": [{\"attributes\": {}}]}], "
                  "\"nodes\": [{\"children\": [1]}, {}, {\"skin\": 0, \"mesh\": 0}], \"skins\": [{\"name\": "
                  "\"rig\", \"joints\": [0, 1], \"inverseBindMatrices\": 0, \"skeleton\": 0}]}",
            &doc);
    assert_int_equal(doc.nodes[2].skin, 0);
    const rm_gltf_skin *s = &doc.skins[0];
    assert_string_equal(s->name, "rig");
    assert_int_equal(s->joint_count, 2);
    assert_int_equal(s->joints[0], 0);
    assert_int_equal(s->joints[1], 1);
    assert_int_equal(s->inverse_bind, 0);
    assert_int_equal(s->skeleton, 0);
    rm_gltf_doc_free(&doc);
    load_ok(ASSET ", \"nodes\": [{}], \"skins\": [{\"joints\": [0]}]}", &doc);
    assert_int_equal(doc.skins[0].inverse_bind, -1);
    assert_int_equal(doc.skins[0].skeleton, -1);
    rm_gltf_doc_free(&doc);
    expect_error(ASSET ", \"accessors\": [{\"componentType\": 5126, \"count\": 1, \"type\": \"MAT4\"}], "
                 "\"nodes\": [{}, {}], \"skins\": [{\"joints\": [0, 1], \"inverseBindMatrices\": 0}]}",
                 "/skins/0/inverseBindMatrices: accessor 0 is 1 MAT4 of component type 5126; the "
                 "inverse bind matrices of 2 joints are at least 2 MAT4 of FLOAT (5126)");
    expect_error(ASSET ", \"nodes\": [{}, {\"skin\": 0}], \"skins\": [{\"joints\": [0]}]}",
                 "/nodes/1/skin: the node has a skin but no mesh (a skin deforms the node's mesh)");
    expect_error(ASSET ", \"nodes\": [{}, {}], \"skins\": [{\"joints\": [0]}, {\"joints\": [0, 1, 0]}]}",
                 "/skins/1/joints/2: node 0 is listed twice among the joints");
    expect_error(ASSET ", \"nodes\": [{}], \"skins\": [{\"joints\": []}]}",
                 "/skins/0/joints: is empty (it needs at least one entry)");
}

/* ---- the node forest ---- */

static void forest(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET ", \"nodes\": [{\"children\": [2, 1]}, {\"children\": [3]}, {}, {}, {}], "
                  "\"scenes\": [{\"nodes\": [0, 4]}, {\"nodes\": [4]}]}",
            &doc);
    assert_int_equal(doc.nodes[0].parent, -1);
    assert_int_equal(doc.nodes[1].parent, 0);
    assert_int_equal(doc.nodes[2].parent, 0);
    assert_int_equal(doc.nodes[3].parent, 1);
    assert_int_equal(doc.nodes[4].parent, -1);
    assert_int_equal(doc.nodes[0].child_count, 2);
    assert_int_equal(doc.nodes[0].children[0], 2);
    assert_int_equal(doc.scene, -1);
    rm_gltf_doc_free(&doc);

    expect_error(ASSET ", \"nodes\": [{\"children\": [1, 1]}, {}]}",
                 "/nodes/0/children/1: node 1 is listed twice among the children of node 0");
    expect_error(ASSET ", \"nodes\": [{\"children\": [2]}, {\"children\": [2]}, {}]}",
                 "/nodes/1/children/0: node 2 is already a child of node 0 (a node has one "
                 "parent at most)");
    expect_error(ASSET ", \"nodes\": [{}, {\"children\": [1]}]}",
                 "/nodes/1/children/0: node 1 is its own child (the nodes must form trees)");
    /* 1 -> 2 -> 3 -> 1 (each the parent of the next), node 0 a root. */
    expect_error(ASSET ", \"nodes\": [{}, {\"children\": [2]}, {\"children\": [3]}, "
                 "{\"children\": [1]}]}",
                 "/nodes/1: the nodes 1, 3, 2, 1 form a cycle (each is the parent of the one "
                 "before; a node cannot be its own ancestor)");
    expect_error(ASSET ", \"nodes\": [{\"children\": [1]}, {}], \"scenes\": [{\"nodes\": [1]}]}",
                 "/scenes/0/nodes/0: node 1 is not a root: it is a child of node 0 (a scene "
                 "lists root nodes)");
    expect_error(ASSET ", \"nodes\": [{}], \"scenes\": [{\"nodes\": [0, 0]}]}",
                 "/scenes/0/nodes/1: node 0 is listed twice in the scene");

    /* A chain: node k's child is node k - 1, node 0 the deepest (the first
       walk goes all the way up). 256 levels are fine, 257 are not. */
    for (int levels = 256; levels <= 257; levels++) {
        size_t cap = 64 + (size_t)levels * 24;
        char *t = malloc(cap);
        assert_non_null(t);
        size_t len = (size_t)snprintf(t, cap, ASSET ", \"nodes\": [{}");
        for (int k = 1; k < levels; k++)
            len += (size_t)snprintf(t + len, cap - len, ", {\"children\": [%d]}", k - 1);
        snprintf(t + len, cap - len, "]}");
        if (levels == 256) {
            load_ok(t, &doc);
            assert_int_equal(doc.node_count, 256);
            assert_int_equal(doc.nodes[0].parent, 1);
            assert_int_equal(doc.nodes[255].parent, -1);
            rm_gltf_doc_free(&doc);
        } else {
            expect_error(t, "/nodes/0: node 0 is 257 levels deep under root node 256, more "
                            "than the limit of 256");
        }
        free(t);
    }
}

/* ---- data: URIs, base64, URIs ---- */

static void data_uris(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET ", \"buffers\": [{\"byteLength\": 3, \"uri\": \"data:application/gltf-buffer;base64,TWFu\"}, "
                  "{\"byteLength\": 1, \"uri\": \"DATA:;BASE64,TQ\"}]}",
            &doc);
    assert_memory_equal(doc.buffers[0].data, "Man", 3);
    assert_int_equal(doc.buffers[1].size, 1);
    assert_int_equal(doc.buffers[1].data[0], 'M');
    rm_gltf_doc_free(&doc);
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 3, \"uri\": \"data:application/octet-stream;base64,TW*u\"}]}",
                 "/buffers/0/uri: the data: URI's base64 is not valid (only A-Z, a-z, 0-9, + and "
                 "/, with '=' padding at the end, in groups of 4)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 3, \"uri\": \"data:text/plain,Man\"}]}",
                 "/buffers/0/uri: the data: URI is not base64 (only \"data:MIME;base64,DATA\" is "
                 "read)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 3, \"uri\": \"data:application/octet-stream;base64\"}]}",
                 "/buffers/0/uri: the data: URI has no ',' before its data "
                 "(\"data:MIME;base64,DATA\")");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 4, \"uri\": \"data:application/octet-stream;base64,TWFu\"}]}",
                 "/buffers/0: the data: URI holds 3 bytes, byteLength says 4");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 4}]}",
                 "/buffers/0: has no \"uri\" (only buffer 0 of a GLB may leave it out, for the "
                 "BIN chunk)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 4, \"uri\": \"\"}]}",
                 "/buffers/0/uri: \"\" is empty: only a file in the glTF's folder or below it is "
                 "read (a relative path, or a data: URI)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 4, \"uri\": \"../secret.bin\"}]}",
                 "/buffers/0/uri: \"../secret.bin\" goes up with ..: only a file in the glTF's "
                 "folder or below it is read (a relative path, or a data: URI)");
    expect_error(ASSET ", \"buffers\": [{\"byteLength\": 4, \"uri\": \"https://example.com/a.bin\"}]}",
                 "/buffers/0/uri: \"https://example.com/a.bin\" has a scheme: only a file in the "
                 "glTF's folder or below it is read (a relative path, or a data: URI)");
}

static void image_bytes(void **state)
{
    (void)state;
    rm_gltf_doc doc;
    load_ok(ASSET ", \"images\": [{\"uri\": \"data:image/png,abc\"}, {\"uri\": \"../x.png\"}, "
                  "{\"uri\": \"data:image/png;base64,#\"}, {\"uri\": \"x%20y.png\"}]}",
            &doc);
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *img = (uint8_t *)"x";
    size_t n = 9;
    char *path = (char *)"x";
    assert_int_equal(rm_gltf_image_bytes(&doc, 0, &img, &n, &path, &d), RM_INVALID);
    assert_null(img);
    assert_null(path);
    assert_int_equal(n, 0);
    assert_int_equal(rm_gltf_image_bytes(&doc, 1, &img, &n, &path, &d), RM_INVALID);
    assert_int_equal(rm_gltf_image_bytes(&doc, 2, &img, &n, &path, &d), RM_INVALID);
    assert_int_equal(rm_gltf_image_bytes(&doc, 4, &img, &n, &path, &d), RM_INVALID);
    assert_int_equal(d.count, 4);
    assert_string_equal(d.items[0].text, "m.gltf: error: /images/0/uri: the data: URI is not "
                                         "base64 (only \"data:MIME;base64,DATA\" is read)");
    assert_string_equal(d.items[1].text, "m.gltf: error: /images/1/uri: \"../x.png\" goes up "
                                         "with ..: only a file in the glTF's folder or below it "
                                         "is read (a relative path, or a data: URI)");
    assert_string_equal(d.items[2].text, "m.gltf: error: /images/2/uri: the data: URI's base64 "
                                         "is not valid (only A-Z, a-z, 0-9, + and /, with '=' "
                                         "padding at the end, in groups of 4)");
    assert_string_equal(d.items[3].text, "m.gltf: error: image 4 does not exist (the file has 4)");
    assert_int_equal(rm_gltf_image_bytes(&doc, 3, &img, &n, &path, &d), RM_OK);
    assert_string_equal(path, "x y.png");
    assert_null(img);
    free(path);
    rm_diag_free(&d);
    rm_gltf_doc_free(&doc);
}

static bool decodes(const char *text, const char *want, size_t want_n)
{
    uint8_t *out;
    size_t n;
    bool nomem;
    bool ok = rm_gltf_base64_decode(text, strlen(text), &out, &n, &nomem);
    assert_false(nomem);
    if (!ok) {
        assert_null(out);
        return false;
    }
    bool same = n == want_n && memcmp(out, want, n) == 0;
    free(out);
    return same;
}

static void base64(void **state)
{
    (void)state;
    assert_true(decodes("", "", 0));
    assert_true(decodes("TWFu", "Man", 3));
    assert_true(decodes("TWE=", "Ma", 2));
    assert_true(decodes("TWE", "Ma", 2));
    assert_true(decodes("TQ==", "M", 1));
    assert_true(decodes("TQ", "M", 1));
    assert_true(decodes("+/+/", "\xfb\xff\xbf", 3));
    assert_true(decodes("AAECAw==", "\x00\x01\x02\x03", 4));
    assert_false(decodes("T", NULL, 0));        /* one character: no whole byte */
    assert_false(decodes("TQ=", NULL, 0));      /* padding to no quad */
    assert_false(decodes("T===", NULL, 0));     /* too much padding */
    assert_false(decodes("TQ==TQ==", NULL, 0)); /* padding in the middle */
    assert_false(decodes("TW u", NULL, 0));
    assert_false(decodes("TW-u", NULL, 0));     /* base64url is not base64 */
}

static void uri_ok(const char *uri, const char *want)
{
    const char *why = "unset";
    char *p = rm_gltf_uri_to_path(uri, &why);
    assert_non_null(p);
    assert_null(why);
    assert_string_equal(p, want);
    free(p);
}

static void uri_bad(const char *uri, const char *want_why)
{
    const char *why = NULL;
    char *p = rm_gltf_uri_to_path(uri, &why);
    assert_null(p);
    assert_non_null(why);
    assert_string_equal(why, want_why);
}

static void uris(void **state)
{
    (void)state;
    uri_ok("a.bin", "a.bin");
    uri_ok("tex/My%20Image.png", "tex/My Image.png");
    uri_ok("%e2%82%ac.bin", "\xe2\x82\xac.bin");
    uri_ok("./a..b/x.bin", "./a..b/x.bin");
    uri_bad("", "is empty");
    uri_bad("http://example.com/a.bin", "has a scheme");
    uri_bad("file:///etc/passwd", "has a scheme");
    uri_bad("C:/models/a.bin", "has a scheme");
    uri_bad("/etc/passwd", "is absolute");
    uri_bad("%2Fetc/passwd", "is absolute");
    uri_bad("../a.bin", "goes up with ..");
    uri_bad("a/../../b.bin", "goes up with ..");
    uri_bad("a/%2E%2E/b.bin", "goes up with ..");
    uri_bad("a/..", "goes up with ..");
    uri_bad("a\\b.bin", "has a backslash (write / between folders)");
    uri_bad("a%5Cb.bin", "has a backslash (write / between folders)");
    uri_bad("a%zzb", "has a bad % escape");
    uri_bad("a%4", "has a bad % escape");
    uri_bad("a%", "has a bad % escape");
    uri_bad("a%00b", "has a bad % escape");
}

/* ---- GLB ---- */

typedef struct glb {
    uint8_t bytes[4096];
    size_t size;
} glb;

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void glb_start(glb *g)
{
    memset(g, 0, sizeof *g);
    memcpy(g->bytes, "glTF", 4);
    put32(g->bytes + 4, 2);
    g->size = 12;
}

/* A chunk, padded to 4 bytes with `pad`. */
static void glb_chunk(glb *g, uint32_t type, const void *data, size_t n, uint8_t pad)
{
    size_t padded = (n + 3) & ~(size_t)3;
    put32(g->bytes + g->size, (uint32_t)padded);
    put32(g->bytes + g->size + 4, type);
    memcpy(g->bytes + g->size + 8, data, n);
    memset(g->bytes + g->size + 8 + n, pad, padded - n);
    g->size += 8 + padded;
}

static void glb_end(glb *g)
{
    put32(g->bytes + 8, (uint32_t)g->size);
}

#define JSON_CHUNK 0x4E4F534Au
#define BIN_CHUNK 0x004E4942u
#define GLB_JSON1 ASSET ", \"buffers\": [{\"byteLength\": 5}], \"bufferViews\": [{\"buffer\": 0, " \
                  "\"byteOffset\": 1, \"byteLength\": 4}], \"images\": [{\"bufferView\": 0, "   \
                  "\"mimeType\": \"image/png\"}]}"

static void glb_ok(void **state)
{
    (void)state;
    glb g;
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, GLB_JSON1, strlen(GLB_JSON1), ' ');
    glb_chunk(&g, BIN_CHUNK, "\x01\x02\x03\x04\x05", 5, 0);
    glb_chunk(&g, 0x12345678u, "skip", 4, 0); /* an unknown chunk: skipped */
    glb_end(&g);
    rm_diag d;
    rm_diag_init(&d);
    rm_gltf_doc doc;
    assert_true(rm_gltf_is_glb(g.bytes, g.size));
    assert_int_equal(load_bytes(g.bytes, g.size, "m.glb", &doc, &d), RM_OK);
    if (d.count)
        print_diag(&d);
    assert_int_equal(d.count, 0);
    assert_true(doc.glb);
    assert_int_equal(doc.buffers[0].size, 5);
    assert_null(doc.buffers[0].owned);
    /* Buffer 0 is the BIN chunk's bytes, in the caller's data. */
    assert_ptr_equal(doc.buffers[0].data, g.bytes + 12 + 8 + ((strlen(GLB_JSON1) + 3) & ~3u) + 8);
    uint8_t *img;
    size_t n;
    char *path;
    assert_int_equal(rm_gltf_image_bytes(&doc, 0, &img, &n, &path, &d), RM_OK);
    assert_null(path);
    assert_int_equal(n, 4);
    assert_memory_equal(img, "\x02\x03\x04\x05", 4);
    free(img);
    rm_gltf_doc_free(&doc);

    /* The JSON padded with zeros; the BIN 3 bytes longer than byteLength: fine. */
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, GLB_JSON1, strlen(GLB_JSON1), 0);
    glb_chunk(&g, BIN_CHUNK, "\x01\x02\x03\x04\x05\x06\x07\x08", 8, 0);
    glb_end(&g);
    assert_int_equal(load_bytes(g.bytes, g.size, "m.glb", &doc, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(doc.buffers[0].size, 5);
    rm_gltf_doc_free(&doc);

    /* 4 bytes more than byteLength and its padding: a warning. */
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, GLB_JSON1, strlen(GLB_JSON1), ' ');
    glb_chunk(&g, BIN_CHUNK, "\x01\x02\x03\x04\x05\x06\x07\x08\x09", 9, 0);
    glb_end(&g);
    assert_int_equal(load_bytes(g.bytes, g.size, "m.glb", &doc, &d), RM_OK);
    assert_int_equal(d.count, 1);
    assert_string_equal(d.items[0].text, "m.glb: warning: /buffers/0: the BIN chunk holds 12 "
                                         "bytes, more than byteLength 5 and 3 bytes of "
                                         "padding: the rest is ignored");
    rm_gltf_doc_free(&doc);
    rm_diag_free(&d);
}

static void expect_glb_error(const glb *g, const char *message)
{
    expect_bytes_error(g->bytes, g->size, RM_INVALID, message);
}

static void glb_bad(void **state)
{
    (void)state;
    glb g;
    /* Cut short: the header's length is past the end. */
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, ASSET "}", strlen(ASSET "}"), ' ');
    glb_end(&g);
    g.size -= 4;
    expect_glb_error(&g, "m.gltf: GLB header at 0x8: length 52 is past the end of the file (48 "
                         "bytes): the file is cut short");
    g.size = 10;
    expect_glb_error(&g, "m.gltf: GLB header at 0x0: the file has 10 bytes, less than the "
                         "12-byte GLB header");
    glb_start(&g);
    put32(g.bytes + 4, 1);
    glb_chunk(&g, JSON_CHUNK, ASSET "}", strlen(ASSET "}"), ' ');
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: GLB header at 0x4: version 1: only GLB version 2 (glTF 2.0) is "
                         "read");
    put32(g.bytes + 4, 2);
    put32(g.bytes + 8, 16);
    expect_glb_error(&g, "m.gltf: GLB header at 0x8: length 16 is too short: a GLB with its JSON "
                         "chunk has at least 20 bytes");
    /* Bad magic: a GLB's split refuses it (the loader takes it for JSON text). */
    memcpy(g.bytes, "glTX", 4);
    glb_end(&g);
    rm_diag d;
    rm_diag_init(&d);
    const uint8_t *j, *b;
    size_t jn, bn;
    assert_int_equal(rm_gltf_glb_split(g.bytes, g.size, "m.glb", &j, &jn, &b, &bn, &d), RM_INVALID);
    assert_string_equal(d.items[0].text,
                        "m.glb: GLB header at 0x0: the magic is not \"glTF\": this is not a GLB file");
    rm_diag_free(&d);
    assert_false(rm_gltf_is_glb(g.bytes, g.size));
    expect_glb_error(&g, "m.gltf: error: invalid JSON at line 1, column 4: '[' or '{' expected "
                         "near 'glTX'");
    /* The first chunk is BIN. */
    glb_start(&g);
    glb_chunk(&g, BIN_CHUNK, "abcd", 4, 0);
    glb_chunk(&g, JSON_CHUNK, ASSET "}", strlen(ASSET "}"), ' ');
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: chunk BIN at 0xc: the first chunk of a GLB must be its JSON "
                         "chunk (type 0x4E4F534A)");
    /* A chunk longer than the file. */
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, ASSET "}", strlen(ASSET "}"), ' ');
    glb_chunk(&g, BIN_CHUNK, "abcd", 4, 0);
    put32(g.bytes + 52, 8);
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: chunk BIN at 0x34: length 8 is past the end of the file (4 "
                         "bytes are left after the chunk header)");
    /* Not aligned. */
    put32(g.bytes + 52, 3);
    expect_glb_error(&g, "m.gltf: chunk BIN at 0x34: length 3 is not a multiple of 4 (a GLB's "
                         "chunks are 4-byte aligned, padded with spaces or zeros)");
    /* A chunk header cut. */
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, ASSET "}", strlen(ASSET "}"), ' ');
    g.size += 4;
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: chunk header at 0x34: a chunk header needs 8 bytes, 4 are "
                         "left before the end (56)");
    /* BIN after an unknown chunk; two JSON chunks; an empty JSON chunk. */
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, ASSET "}", strlen(ASSET "}"), ' ');
    glb_chunk(&g, 0x41424344u, "abcd", 4, 0);
    glb_chunk(&g, BIN_CHUNK, "abcd", 4, 0);
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: chunk BIN at 0x40: the BIN chunk must come right after the "
                         "JSON chunk (a GLB has one at most)");
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, ASSET "}", strlen(ASSET "}"), ' ');
    glb_chunk(&g, JSON_CHUNK, ASSET "}", strlen(ASSET "}"), ' ');
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: chunk JSON at 0x34: a second JSON chunk (a GLB has one, first)");
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, "", 0, ' ');
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: chunk JSON at 0xc: the JSON chunk is empty");
    /* Bad JSON in the chunk, and a BIN too short for buffer 0. */
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, "{\"asset\": ", 10, ' ');
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: error: invalid JSON at line 1, column 12: "
                         "unexpected token near end of file");
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, GLB_JSON1, strlen(GLB_JSON1), ' ');
    glb_chunk(&g, BIN_CHUNK, "\x01\x02\x03\x04", 4, 0);
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: error: /buffers/0: byteLength is 5, the GLB's BIN chunk holds "
                         "only 4 bytes");
    glb_start(&g);
    glb_chunk(&g, JSON_CHUNK, GLB_JSON1, strlen(GLB_JSON1), ' ');
    glb_end(&g);
    expect_glb_error(&g, "m.gltf: error: /buffers/0: has no \"uri\" and the GLB has no BIN chunk "
                         "to hold its 5 bytes");
}

/* ---- external files ---- */

static char folder[64];

static void write_file(const char *name, const void *data, size_t n)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
}

static void external(void **state)
{
    (void)state;
    snprintf(folder, sizeof folder, "/tmp/test_gltf_load.XXXXXX");
    assert_non_null(mkdtemp(folder));
    write_file("a b.bin", "12345678", 8);
    char file[128], bin[160], missing[160];
    snprintf(file, sizeof file, "%s/m.gltf", folder);
    snprintf(bin, sizeof bin, "%s/a b.bin", folder);
    snprintf(missing, sizeof missing, "%s/none.bin", folder);

    const char *t = ASSET ", \"buffers\": [{\"byteLength\": 8, \"uri\": \"a%20b.bin\"}], "
                          "\"images\": [{\"uri\": \"tex/x.png\"}, {\"uri\": \"data:image/png;base64,iVBO\"}]}";
    rm_output_set *inputs = rm_output_set_new();
    assert_non_null(inputs);
    rm_diag d;
    rm_diag_init(&d);
    rm_gltf_doc doc;
    assert_int_equal(rm_gltf_doc_load((const uint8_t *)t, strlen(t), file, 0, inputs, &doc, &d),
                     RM_OK);
    assert_int_equal(d.count, 0);
    assert_memory_equal(doc.buffers[0].data, "12345678", 8);
    const char *which;
    assert_true(rm_output_is_input(inputs, bin, &which));
    /* Images: a file's path for the caller; a data: URI's bytes. */
    uint8_t *img;
    size_t n;
    char *path;
    assert_int_equal(rm_gltf_image_bytes(&doc, 0, &img, &n, &path, &d), RM_OK);
    assert_null(img);
    char want[160];
    snprintf(want, sizeof want, "%s/tex/x.png", folder);
    assert_string_equal(path, want);
    free(path);
    assert_int_equal(rm_gltf_image_bytes(&doc, 1, &img, &n, &path, &d), RM_OK);
    assert_null(path);
    assert_int_equal(n, 3);
    assert_memory_equal(img, "\x89PN", 3);
    free(img);
    rm_gltf_doc_free(&doc);

    /* Missing: RM_IO. Too short: RM_INVALID. */
    char msg[512];
    snprintf(msg, sizeof msg,
             "%s: error: /buffers/0: cannot read \"%s\": No such file or directory", file,
             missing);
    t = ASSET ", \"buffers\": [{\"byteLength\": 8, \"uri\": \"none.bin\"}]}";
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_gltf_doc_load((const uint8_t *)t, strlen(t), file, 0, inputs, &doc, &d),
                     RM_IO);
    assert_int_equal(d.errors, 1);
    assert_string_equal(d.items[0].text, msg);
    assert_true(rm_output_is_input(inputs, missing, &which)); /* added before it is read */
    assert_empty(&doc);
    rm_diag_free(&d);

    rm_diag_init(&d);
    t = ASSET ", \"buffers\": [{\"byteLength\": 9, \"uri\": \"a%20b.bin\"}]}";
    assert_int_equal(rm_gltf_doc_load((const uint8_t *)t, strlen(t), file, 0, NULL, &doc, &d),
                     RM_INVALID);
    snprintf(msg, sizeof msg, "%s: error: /buffers/0: \"%s\" holds 8 bytes, byteLength says 9",
             file, bin);
    assert_int_equal(d.errors, 1);
    assert_string_equal(d.items[0].text, msg);
    rm_diag_free(&d);

    /* Over the size limit given. */
    rm_diag_init(&d);
    t = ASSET ", \"buffers\": [{\"byteLength\": 8, \"uri\": \"a%20b.bin\"}]}";
    assert_int_equal(rm_gltf_doc_load((const uint8_t *)t, strlen(t), file, 4, NULL, &doc, &d),
                     RM_INVALID);
    snprintf(msg, sizeof msg,
             "%s: error: /buffers/0: cannot read \"%s\": 8 bytes, more than the limit of 4 "
             "bytes (--max-input raises it)",
             file, bin);
    assert_int_equal(d.errors, 1);
    if (strcmp(d.items[0].text, msg))
        print_diag(&d);
    assert_string_equal(d.items[0].text, msg);
    rm_diag_free(&d);
    rm_output_set_free(inputs);
    unlink(bin);
    rmdir(folder);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(minimal),    cmocka_unit_test(not_gltf),   cmocka_unit_test(extensions),
        cmocka_unit_test(indices),    cmocka_unit_test(views),      cmocka_unit_test(accessors),
        cmocka_unit_test(defaults),   cmocka_unit_test(materials),  cmocka_unit_test(transforms),
        cmocka_unit_test(animations), cmocka_unit_test(skins),      cmocka_unit_test(forest),
        cmocka_unit_test(data_uris),  cmocka_unit_test(image_bytes),  cmocka_unit_test(base64),     cmocka_unit_test(uris),
        cmocka_unit_test(glb_ok),     cmocka_unit_test(glb_bad),    cmocka_unit_test(external),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
