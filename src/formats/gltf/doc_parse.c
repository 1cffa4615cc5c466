/* src/formats/gltf/doc_parse.c - the glTF JSON into the doc's structs: the
   typed member readers (each error at the JSON path of the value, naming
   the type it must have) and the order of the parts. Materials, meshes, images and textures are in
   doc_parse_mesh.c, nodes, skins and scenes in doc_parse_node.c, animations
   in doc_parse_anim.c, buffers, bufferViews and accessors in
   doc_parse_buffer.c.

   The first error stops the parse (later checks would only repeat it);
   every array is read in one pass, every index checked against the length
   of the array it points into, known before any array is read. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_load.h"

/* ---- typed readers ---- */

void *rm_gltf_calloc(size_t n, size_t size, bool *nomem)
{
    if (n == 0)
        return NULL;
    void *p = calloc(n, size);
    if (!p)
        *nomem = true;
    return p;
}

/* Silent: rm_gltf_read_memory says "out of memory" once for every step. */
rm_status rm_gltf_nomem(const rm_gltf_doc *doc, rm_diag *diag)
{
    (void)doc;
    (void)diag;
    return RM_NOMEM;
}

/* A whole number >= 0 that fits (reals with a whole value too: some
   writers print 3.0). false for anything else. */
static bool whole(const json_t *v, uint64_t *out)
{
    if (json_is_integer(v)) {
        json_int_t i = json_integer_value(v);
        if (i < 0)
            return false;
        *out = (uint64_t)i;
        return true;
    }
    if (json_is_real(v)) {
        double d = json_real_value(v);
        if (!(d >= 0 && d <= 9007199254740992.0) || d != floor(d))
            return false;
        *out = (uint64_t)d;
        return true;
    }
    return false;
}

/* "a string", or the number itself when it is a number of the wrong kind. */
static void describe(const json_t *v, char out[64])
{
    if (json_is_integer(v))
        snprintf(out, 64, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(out, 64, "%.17g", json_real_value(v));
    else
        snprintf(out, 64, "%s", rm_json_kind(v));
}

static const char *const REF_ONE[RM_GLTF_REF_COUNT] = {
    "buffer", "bufferView", "accessor", "mesh", "node", "material", "texture", "image", "skin",
    "scene", "sampler", "camera"};
static const char *const REF_MANY[RM_GLTF_REF_COUNT] = {
    "buffers", "bufferViews", "accessors", "meshes", "nodes", "materials", "textures", "images",
    "skins", "scenes", "samplers", "cameras"};

rm_status rm_gltf_check_index(const rm_gltf_doc *doc, rm_diag *diag, const json_t *v,
                              const char *path, const char *one, const char *many,
                              const char *holder, size_t count, uint32_t *out)
{
    uint64_t i;
    if (!whole(v, &i)) {
        char what[64];
        describe(v, what);
        rm_gltf_error(doc, diag, path, "must be an index (a whole number >= 0), not %s", what);
        return RM_INVALID;
    }
    if (i >= count) {
        if (count == 0)
            rm_gltf_error(doc, diag, path, "%s %llu does not exist (%s has no %s)", one,
                          (unsigned long long)i, holder, many);
        else
            rm_gltf_error(doc, diag, path, "%s %llu does not exist (%s has %zu %s)", one,
                          (unsigned long long)i, holder, count, count == 1 ? one : many);
        return RM_INVALID;
    }
    *out = (uint32_t)i;
    return RM_OK;
}

rm_status rm_gltf_value_ref(const rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                            const json_t *v, const char *path, rm_gltf_ref ref, uint32_t *out)
{
    return rm_gltf_check_index(doc, diag, v, path, REF_ONE[ref], REF_MANY[ref], "the file",
                               c->n[ref], out);
}

rm_status rm_gltf_missing(const rm_gltf_doc *doc, rm_diag *diag, const char *at, const char *key)
{
    rm_gltf_error(doc, diag, at, "\"%s\" is missing (it is required)", key);
    return RM_INVALID;
}

/* at + "/" + key, cut to fit. */
static void member_path(char *out, size_t cap, const char *at, const char *key)
{
    snprintf(out, cap, "%s/%s", at ? at : "", key);
}

rm_status rm_gltf_get_ref(const rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                          const json_t *obj, const char *at, const char *key, rm_gltf_ref ref,
                          bool required, int32_t *out)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return required ? rm_gltf_missing(doc, diag, at, key) : RM_OK;
    char path[320];
    member_path(path, sizeof path, at, key);
    uint32_t i;
    rm_status st = rm_gltf_value_ref(doc, diag, c, v, path, ref, &i);
    if (st == RM_OK)
        *out = (int32_t)i;
    return st;
}

rm_status rm_gltf_get_uint(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                           const char *at, const char *key, bool required, uint64_t *out)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return required ? rm_gltf_missing(doc, diag, at, key) : RM_OK;
    char path[320];
    member_path(path, sizeof path, at, key);
    if (!whole(v, out)) {
        char what[64];
        describe(v, what);
        rm_gltf_error(doc, diag, path, "must be a whole number >= 0, not %s", what);
        return RM_INVALID;
    }
    return RM_OK;
}

static bool number(const json_t *v, double *out)
{
    if (!json_is_number(v))
        return false;
    *out = json_number_value(v);
    return isfinite(*out);
}

rm_status rm_gltf_get_number(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                             const char *at, const char *key, double *out)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return RM_OK;
    if (!number(v, out)) {
        char path[320];
        member_path(path, sizeof path, at, key);
        rm_gltf_error(doc, diag, path, "must be a number, not %s", rm_json_kind(v));
        return RM_INVALID;
    }
    return RM_OK;
}

rm_status rm_gltf_get_numbers(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                              const char *at, const char *key, size_t n, double *out,
                              bool *present)
{
    if (present)
        *present = false;
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return RM_OK;
    char path[320];
    member_path(path, sizeof path, at, key);
    if (!json_is_array(v)) {
        rm_gltf_error(doc, diag, path, "must be an array of %zu numbers, not %s", n,
                      rm_json_kind(v));
        return RM_INVALID;
    }
    if (json_array_size(v) != n) {
        rm_gltf_error(doc, diag, path, "must be an array of %zu numbers, not of %zu", n,
                      json_array_size(v));
        return RM_INVALID;
    }
    for (size_t i = 0; i < n; i++) {
        const json_t *e = json_array_get(v, i);
        if (!number(e, &out[i])) {
            char epath[352];
            snprintf(epath, sizeof epath, "%s/%zu", path, i);
            rm_gltf_error(doc, diag, epath, "must be a number, not %s", rm_json_kind(e));
            return RM_INVALID;
        }
    }
    if (present)
        *present = true;
    return RM_OK;
}

rm_status rm_gltf_get_bool(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                           const char *at, const char *key, bool *out)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return RM_OK;
    if (!json_is_boolean(v)) {
        char path[320];
        member_path(path, sizeof path, at, key);
        rm_gltf_error(doc, diag, path, "must be true or false, not %s", rm_json_kind(v));
        return RM_INVALID;
    }
    *out = json_is_true(v);
    return RM_OK;
}

rm_status rm_gltf_get_string(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                             const char *at, const char *key, bool required, const char **out)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return required ? rm_gltf_missing(doc, diag, at, key) : RM_OK;
    if (!json_is_string(v)) {
        char path[320];
        member_path(path, sizeof path, at, key);
        rm_gltf_error(doc, diag, path, "must be a string, not %s", rm_json_kind(v));
        return RM_INVALID;
    }
    *out = json_string_value(v);
    return RM_OK;
}

rm_status rm_gltf_get_object(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                             const char *at, const char *key, bool required, json_t **out)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return required ? rm_gltf_missing(doc, diag, at, key) : RM_OK;
    if (!json_is_object(v)) {
        char path[320];
        member_path(path, sizeof path, at, key);
        rm_gltf_error(doc, diag, path, "must be an object, not %s", rm_json_kind(v));
        return RM_INVALID;
    }
    *out = v;
    return RM_OK;
}

rm_status rm_gltf_get_array(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                            const char *at, const char *key, bool required, bool nonempty,
                            json_t **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    json_t *v = json_object_get(obj, key);
    if (!v)
        return required ? rm_gltf_missing(doc, diag, at, key) : RM_OK;
    char path[320];
    member_path(path, sizeof path, at, key);
    if (!json_is_array(v)) {
        rm_gltf_error(doc, diag, path, "must be an array, not %s", rm_json_kind(v));
        return RM_INVALID;
    }
    size_t count = json_array_size(v);
    if (count > RM_GLTF_MAX_OBJECTS) {
        rm_gltf_error(doc, diag, path, "%zu entries, more than the limit of %u", count,
                      RM_GLTF_MAX_OBJECTS);
        return RM_INVALID;
    }
    if (nonempty && count == 0) {
        rm_gltf_error(doc, diag, path, "is empty (it needs at least one entry)");
        return RM_INVALID;
    }
    *out = v;
    *n = count;
    return RM_OK;
}

rm_status rm_gltf_need_object(const rm_gltf_doc *doc, rm_diag *diag, const json_t *v,
                              const char *path)
{
    if (json_is_object(v))
        return RM_OK;
    rm_gltf_error(doc, diag, path, "must be an object, not %s", rm_json_kind(v));
    return RM_INVALID;
}

/* ---- the whole ---- */

rm_status rm_gltf_doc_parse(rm_gltf_doc *doc, rm_diag *diag)
{
    static const char *const keys[RM_GLTF_REF_COUNT] = {
        "buffers", "bufferViews", "accessors", "meshes", "nodes", "materials", "textures",
        "images", "skins", "scenes", "samplers", "cameras"};
    rm_gltf_counts c;
    rm_status st;
    for (int r = 0; r < RM_GLTF_REF_COUNT; r++) {
        json_t *arr;
        if ((st = rm_gltf_get_array(doc, diag, doc->json, "", keys[r], false, false, &arr,
                                    &c.n[r])) != RM_OK)
            return st;
    }
    if ((st = rm_gltf_parse_buffers(doc, diag)) != RM_OK ||
        (st = rm_gltf_parse_views(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_parse_accessors(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_parse_images(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_parse_textures(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_parse_materials(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_parse_meshes(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_parse_nodes(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_check_forest(doc, diag)) != RM_OK ||
        (st = rm_gltf_parse_skins(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_parse_scenes(doc, diag, &c)) != RM_OK ||
        (st = rm_gltf_parse_animations(doc, diag, &c)) != RM_OK)
        return st;
    return RM_OK;
}
