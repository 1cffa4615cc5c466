/* src/formats/gltf/doc_load.c - step 1 of the glTF reader: a .gltf (JSON)
   or .glb (binary container) in memory into an rm_gltf_doc: the JSON
   parsed with jansson, the asset version and the extensions checked, every
   array read and checked (doc_parse*.c), then every buffer's bytes
   (doc_files.c). On failure the doc is freed and zeroed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "gltf_load.h"

/* Extensions this reader understands (extensionsRequired may name them). */
static const char *const SUPPORTED[] = {"KHR_mesh_quantization", "KHR_texture_transform",
                                        "KHR_materials_emissive_strength"};
#define SUPPORTED_LIST "KHR_mesh_quantization, KHR_texture_transform, KHR_materials_emissive_strength"

static bool supported(const char *name)
{
    for (size_t i = 0; i < sizeof SUPPORTED / sizeof SUPPORTED[0]; i++)
        if (strcmp(name, SUPPORTED[i]) == 0)
            return true;
    return false;
}

void rm_gltf_doc_free(rm_gltf_doc *doc)
{
    if (!doc)
        return;
    for (size_t i = 0; doc->buffers && i < doc->buffer_count; i++)
        free(doc->buffers[i].owned);
    free(doc->buffers);
    free(doc->views);
    free(doc->accessors);
    for (size_t i = 0; doc->meshes && i < doc->mesh_count; i++)
        free(doc->meshes[i].primitives);
    free(doc->meshes);
    for (size_t i = 0; doc->nodes && i < doc->node_count; i++)
        free(doc->nodes[i].children);
    free(doc->nodes);
    free(doc->materials);
    free(doc->textures);
    free(doc->images);
    for (size_t i = 0; doc->skins && i < doc->skin_count; i++)
        free(doc->skins[i].joints);
    free(doc->skins);
    for (size_t i = 0; doc->animations && i < doc->animation_count; i++) {
        free(doc->animations[i].channels);
        free(doc->animations[i].samplers);
    }
    free(doc->animations);
    for (size_t i = 0; doc->scenes && i < doc->scene_count; i++)
        free(doc->scenes[i].nodes);
    free(doc->scenes);
    free(doc->folder);
    if (doc->json)
        json_decref(doc->json);
    const char *file = doc->file;
    memset(doc, 0, sizeof *doc);
    doc->file = file;
    doc->scene = -1;
}

/* "2.0", "2.1"... : major 2, any minor. */
static bool version_2(const char *v, unsigned *minor)
{
    if (v[0] != '2' || v[1] != '.' || !v[2])
        return false;
    unsigned m = 0;
    for (const char *p = v + 2; *p; p++) {
        if (*p < '0' || *p > '9' || m > 100000)
            return false;
        m = m * 10 + (unsigned)(*p - '0');
    }
    *minor = m;
    return true;
}

static rm_status check_asset(rm_gltf_doc *doc, rm_diag *diag)
{
    json_t *asset = json_object_get(doc->json, "asset");
    if (!asset) {
        rm_gltf_error(doc, diag, NULL,
                      "no \"asset\" object: this is not a glTF 2.0 file (its top object has "
                      "\"asset\": {\"version\": \"2.0\"})");
        return RM_INVALID;
    }
    rm_status st;
    const char *version = NULL, *minv = NULL;
    if ((st = rm_gltf_get_object(doc, diag, doc->json, "", "asset", true, &asset)) != RM_OK ||
        (st = rm_gltf_get_string(doc, diag, asset, "/asset", "version", true, &version)) !=
            RM_OK ||
        (st = rm_gltf_get_string(doc, diag, asset, "/asset", "minVersion", false, &minv)) !=
            RM_OK)
        return st;
    unsigned minor;
    if (!version_2(version, &minor)) {
        rm_gltf_error(doc, diag, "/asset/version",
                      "\"%.40s\" is not glTF 2 (only glTF 2.0 files, version \"2.x\", are read)",
                      version);
        return RM_INVALID;
    }
    if (minv && !version_2(minv, &minor)) {
        rm_gltf_error(doc, diag, "/asset/minVersion",
                      "\"%.40s\" is not a glTF 2 version (\"2.0\", \"2.1\"...)", minv);
        return RM_INVALID;
    }
    if (minv && minor > 0) {
        rm_gltf_error(doc, diag, "/asset/minVersion",
                      "the file needs glTF %.40s, this reader knows glTF 2.0", minv);
        return RM_INVALID;
    }
    return RM_OK;
}

/* An array of strings at /KEY; names its bad entry. */
static rm_status string_list(rm_gltf_doc *doc, rm_diag *diag, const char *key, json_t **out,
                             size_t *n)
{
    rm_status st = rm_gltf_get_array(doc, diag, doc->json, "", key, false, false, out, n);
    if (st != RM_OK)
        return st;
    for (size_t i = 0; i < *n; i++) {
        json_t *e = json_array_get(*out, i);
        if (!json_is_string(e)) {
            char path[64];
            snprintf(path, sizeof path, "/%s/%zu", key, i);
            rm_gltf_error(doc, diag, path, "must be a string (an extension's name), not %s",
                          rm_json_kind(e));
            return RM_INVALID;
        }
    }
    return RM_OK;
}

static rm_status check_extensions(rm_gltf_doc *doc, rm_diag *diag)
{
    json_t *req, *used;
    size_t rn, un;
    rm_status st;
    if ((st = string_list(doc, diag, "extensionsRequired", &req, &rn)) != RM_OK ||
        (st = string_list(doc, diag, "extensionsUsed", &used, &un)) != RM_OK)
        return st;
    for (size_t i = 0; i < rn; i++) {
        const char *name = json_string_value(json_array_get(req, i));
        if (strcmp(name, "KHR_mesh_quantization") == 0)
            doc->quantized = true;
        if (!supported(name)) {
            char path[64];
            snprintf(path, sizeof path, "/extensionsRequired/%zu", i);
            rm_gltf_error(doc, diag, path,
                          "the file requires the extension \"%.100s\", which this reader does "
                          "not support (it supports " SUPPORTED_LIST ")",
                          name);
            return RM_INVALID;
        }
    }
    /* One note listing the unsupported extensions the file uses (ignored). */
    size_t len = 0, listed = 0;
    char list[512];
    list[0] = 0;
    for (size_t i = 0; i < un; i++) {
        const char *name = json_string_value(json_array_get(used, i));
        if (strcmp(name, "KHR_mesh_quantization") == 0)
            doc->quantized = true;
        if (supported(name))
            continue;
        if (len < sizeof list - 1) {
            int w = snprintf(list + len, sizeof list - len, "%s%.100s", listed ? ", " : "", name);
            len += w > 0 ? (size_t)w : 0;
            if (len >= sizeof list)
                len = sizeof list - 1;
        }
        listed++;
    }
    if (listed)
        rm_gltf_warning(doc, diag, "/extensionsUsed",
                        "%s not supported, ignored: %s",
                        listed == 1 ? "this extension is" : "these extensions are", list);
    return RM_OK;
}

/* The folder of `file` with its '/' ("" for a bare name). */
static char *folder_of(const char *file)
{
    const char *slash = strrchr(file, '/');
    size_t n = slash ? (size_t)(slash - file) + 1 : 0;
    char *f = malloc(n + 1);
    if (f) {
        memcpy(f, file, n);
        f[n] = 0;
    }
    return f;
}

static rm_status load(const uint8_t *data, size_t size, uint64_t max_bytes, rm_output_set *inputs,
                      rm_gltf_doc *doc, rm_diag *diag)
{
    doc->folder = folder_of(doc->file);
    if (!doc->folder)
        return rm_gltf_nomem(doc, diag);
    const uint8_t *text = data, *bin = NULL;
    size_t text_size = size, bin_size = 0;
    rm_status st;
    if (rm_gltf_is_glb(data, size)) {
        doc->glb = true;
        if ((st = rm_gltf_glb_split(data, size, doc->file, &text, &text_size, &bin, &bin_size,
                                    diag)) != RM_OK)
            return st;
        /* The JSON chunk is padded with spaces; some writers pad with zeros. */
        while (text_size && text[text_size - 1] == 0)
            text_size--;
    }
    /* A byte order mark (some editors write one) is not JSON. */
    if (text_size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        text_size -= 3;
    }
    json_error_t err;
    doc->json = json_loadb((const char *)text, text_size, JSON_REJECT_DUPLICATES, &err);
    if (!doc->json) {
        if (json_error_code(&err) == json_error_out_of_memory)
            return rm_gltf_nomem(doc, diag);
        /* jansson quotes the text near the error: keep the message on one line. */
        for (char *q = err.text; *q; q++)
            if ((unsigned char)*q < 0x20 || *q == 0x7F)
                *q = '?';
        rm_gltf_error(doc, diag, NULL, "invalid JSON at line %d, column %d: %s", err.line,
                      err.column, err.text);
        return RM_INVALID;
    }
    if (!json_is_object(doc->json)) {
        rm_gltf_error(doc, diag, NULL,
                      "the top of the file is %s, not an object: this is not a glTF file",
                      rm_json_kind(doc->json));
        return RM_INVALID;
    }
    if ((st = check_asset(doc, diag)) != RM_OK || (st = check_extensions(doc, diag)) != RM_OK ||
        (st = rm_gltf_doc_parse(doc, diag)) != RM_OK ||
        (st = rm_gltf_doc_buffers(doc, bin, bin_size, max_bytes, inputs, diag)) != RM_OK)
        return st;
    return RM_OK;
}

rm_status rm_gltf_doc_load(const uint8_t *data, size_t size, const char *file, uint64_t max_bytes,
                           rm_output_set *inputs, rm_gltf_doc *doc, rm_diag *diag)
{
    memset(doc, 0, sizeof *doc);
    doc->scene = -1;
    doc->file = file ? file : "<glTF>";
    if (!data && size)
        return RM_USAGE;
    static const uint8_t empty[1] = {0};
    rm_status st = load(data ? data : empty, data ? size : 0, max_bytes, inputs, doc, diag);
    if (st != RM_OK)
        rm_gltf_doc_free(doc);
    return st;
}
