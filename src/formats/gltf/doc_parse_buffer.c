/* src/formats/gltf/doc_parse_buffer.c - buffers (their byteLength; the
   bytes are read by doc_files.c), bufferViews (offset + length within the
   buffer, byteStride 4..252 and a multiple of 4) and accessors (component
   type, type -> components, count within RM_GLTF_MAX_ACCESSOR_COUNT,
   min/max, sparse) of the glTF JSON. Byte ranges of accessors within their
   views are accessor.c's. */
#include <stdio.h>
#include <string.h>

#include "gltf_load.h"

rm_status rm_gltf_parse_buffers(rm_gltf_doc *doc, rm_diag *diag)
{
    json_t *arr;
    size_t n;
    rm_status st = rm_gltf_get_array(doc, diag, doc->json, "", "buffers", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->buffers = rm_gltf_calloc(n, sizeof *doc->buffers, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->buffer_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64];
        snprintf(at, sizeof at, "/buffers/%zu", i);
        json_t *b = json_array_get(arr, i);
        if ((st = rm_gltf_need_object(doc, diag, b, at)) != RM_OK)
            return st;
        const char *uri = NULL;
        uint64_t len = 0;
        if ((st = rm_gltf_get_string(doc, diag, b, at, "uri", false, &uri)) != RM_OK ||
            (st = rm_gltf_get_uint(doc, diag, b, at, "byteLength", true, &len)) != RM_OK)
            return st;
        char path[96];
        snprintf(path, sizeof path, "%s/byteLength", at);
        if (len == 0) {
            rm_gltf_error(doc, diag, path, "must be at least 1");
            return RM_INVALID;
        }
        if (len > RM_GLTF_MAX_BUFFER_BYTES) {
            rm_gltf_error(doc, diag, path, "%llu bytes, more than the limit of %u",
                          (unsigned long long)len, RM_GLTF_MAX_BUFFER_BYTES);
            return RM_INVALID;
        }
        doc->buffers[i].size = (size_t)len;
    }
    return RM_OK;
}

rm_status rm_gltf_parse_views(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st =
        rm_gltf_get_array(doc, diag, doc->json, "", "bufferViews", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->views = rm_gltf_calloc(n, sizeof *doc->views, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->view_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64], path[96];
        snprintf(at, sizeof at, "/bufferViews/%zu", i);
        json_t *v = json_array_get(arr, i);
        if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK)
            return st;
        int32_t buffer = -1;
        uint64_t off = 0, len = 0, stride = 0;
        if ((st = rm_gltf_get_ref(doc, diag, c, v, at, "buffer", RM_GLTF_REF_BUFFER, true,
                                  &buffer)) != RM_OK ||
            (st = rm_gltf_get_uint(doc, diag, v, at, "byteOffset", false, &off)) != RM_OK ||
            (st = rm_gltf_get_uint(doc, diag, v, at, "byteLength", true, &len)) != RM_OK ||
            (st = rm_gltf_get_uint(doc, diag, v, at, "byteStride", false, &stride)) != RM_OK)
            return st;
        if (len == 0) {
            snprintf(path, sizeof path, "%s/byteLength", at);
            rm_gltf_error(doc, diag, path, "must be at least 1");
            return RM_INVALID;
        }
        if (json_object_get(v, "byteStride") && (stride < 4 || stride > 252 || stride % 4)) {
            snprintf(path, sizeof path, "%s/byteStride", at);
            rm_gltf_error(doc, diag, path,
                          "%llu is not a stride: it must be a multiple of 4 from 4 to 252",
                          (unsigned long long)stride);
            return RM_INVALID;
        }
        size_t size = doc->buffers[buffer].size;
        /* Both are below 2^63 (json integers): the sum does not wrap. */
        if (off > size || len > size - off) {
            rm_gltf_error(doc, diag, at,
                          "byteOffset %llu + byteLength %llu = %llu is past the end of buffer "
                          "%d (%zu bytes)",
                          (unsigned long long)off, (unsigned long long)len,
                          (unsigned long long)(off + len), (int)buffer, size);
            return RM_INVALID;
        }
        doc->views[i].buffer = (uint32_t)buffer;
        doc->views[i].offset = (size_t)off;
        doc->views[i].length = (size_t)len;
        doc->views[i].stride = (uint32_t)stride;
    }
    return RM_OK;
}

static const struct {
    const char *name;
    uint8_t components;
} TYPES[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4},
             {"MAT2", 4},   {"MAT3", 9}, {"MAT4", 16}};

static bool component_type_ok(uint64_t t)
{
    return t == RM_GLTF_BYTE || t == RM_GLTF_UNSIGNED_BYTE || t == RM_GLTF_SHORT ||
           t == RM_GLTF_UNSIGNED_SHORT || t == RM_GLTF_UNSIGNED_INT || t == RM_GLTF_FLOAT;
}

static rm_status parse_sparse(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                              const json_t *sp, const char *at, rm_gltf_accessor *a)
{
    rm_status st;
    char path[128], ipath[144], vpath[144];
    snprintf(path, sizeof path, "%s/sparse", at);
    if ((st = rm_gltf_need_object(doc, diag, sp, path)) != RM_OK)
        return st;
    uint64_t count = 0;
    json_t *ind = NULL, *val = NULL;
    if ((st = rm_gltf_get_uint(doc, diag, sp, path, "count", true, &count)) != RM_OK ||
        (st = rm_gltf_get_object(doc, diag, sp, path, "indices", true, &ind)) != RM_OK ||
        (st = rm_gltf_get_object(doc, diag, sp, path, "values", true, &val)) != RM_OK)
        return st;
    if (count == 0 || count > a->count) {
        char cpath[144];
        snprintf(cpath, sizeof cpath, "%s/count", path);
        rm_gltf_error(doc, diag, cpath,
                      "%llu sparse values for an accessor of %u elements (it must be from 1 to "
                      "%u)",
                      (unsigned long long)count, (unsigned)a->count, (unsigned)a->count);
        return RM_INVALID;
    }
    snprintf(ipath, sizeof ipath, "%s/indices", path);
    snprintf(vpath, sizeof vpath, "%s/values", path);
    int32_t iview = -1, vview = -1;
    uint64_t ioff = 0, voff = 0, itype = 0;
    if ((st = rm_gltf_get_ref(doc, diag, c, ind, ipath, "bufferView", RM_GLTF_REF_VIEW, true,
                              &iview)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, ind, ipath, "byteOffset", false, &ioff)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, ind, ipath, "componentType", true, &itype)) !=
            RM_OK ||
        (st = rm_gltf_get_ref(doc, diag, c, val, vpath, "bufferView", RM_GLTF_REF_VIEW, true,
                              &vview)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, val, vpath, "byteOffset", false, &voff)) != RM_OK)
        return st;
    if (itype != RM_GLTF_UNSIGNED_BYTE && itype != RM_GLTF_UNSIGNED_SHORT &&
        itype != RM_GLTF_UNSIGNED_INT) {
        char tpath[176];
        snprintf(tpath, sizeof tpath, "%s/componentType", ipath);
        rm_gltf_error(doc, diag, tpath,
                      "%llu is not an index type (5121 UNSIGNED_BYTE, 5123 UNSIGNED_SHORT or "
                      "5125 UNSIGNED_INT)",
                      (unsigned long long)itype);
        return RM_INVALID;
    }
    /* The views' sizes bound these offsets; accessor.c checks the ranges. */
    if (ioff > doc->views[iview].length || voff > doc->views[vview].length) {
        bool i_bad = ioff > doc->views[iview].length;
        char opath[176];
        snprintf(opath, sizeof opath, "%s/byteOffset", i_bad ? ipath : vpath);
        rm_gltf_error(doc, diag, opath, "%llu is past the end of bufferView %d (%zu bytes)",
                      (unsigned long long)(i_bad ? ioff : voff), (int)(i_bad ? iview : vview),
                      doc->views[i_bad ? iview : vview].length);
        return RM_INVALID;
    }
    a->sparse.count = (uint32_t)count;
    a->sparse.indices_view = (uint32_t)iview;
    a->sparse.indices_offset = (size_t)ioff;
    a->sparse.indices_type = (int)itype;
    a->sparse.values_view = (uint32_t)vview;
    a->sparse.values_offset = (size_t)voff;
    return RM_OK;
}

static rm_status parse_accessor(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                                const json_t *v, const char *at, rm_gltf_accessor *a)
{
    rm_status st;
    char path[128];
    a->view = -1;
    uint64_t off = 0, ctype = 0, count = 0;
    const char *type = NULL;
    if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
        (st = rm_gltf_get_ref(doc, diag, c, v, at, "bufferView", RM_GLTF_REF_VIEW, false,
                              &a->view)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, v, at, "byteOffset", false, &off)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, v, at, "componentType", true, &ctype)) != RM_OK ||
        (st = rm_gltf_get_bool(doc, diag, v, at, "normalized", &a->normalized)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, v, at, "count", true, &count)) != RM_OK ||
        (st = rm_gltf_get_string(doc, diag, v, at, "type", true, &type)) != RM_OK)
        return st;
    if (!component_type_ok(ctype)) {
        snprintf(path, sizeof path, "%s/componentType", at);
        rm_gltf_error(doc, diag, path,
                      "%llu is not a component type (5120 BYTE, 5121 UNSIGNED_BYTE, 5122 SHORT, "
                      "5123 UNSIGNED_SHORT, 5125 UNSIGNED_INT or 5126 FLOAT)",
                      (unsigned long long)ctype);
        return RM_INVALID;
    }
    if (a->normalized && (ctype == RM_GLTF_FLOAT || ctype == RM_GLTF_UNSIGNED_INT)) {
        snprintf(path, sizeof path, "%s/normalized", at);
        rm_gltf_error(doc, diag, path,
                      "must not be true for %s components (only BYTE, UNSIGNED_BYTE, SHORT and "
                      "UNSIGNED_SHORT are normalized)",
                      ctype == RM_GLTF_FLOAT ? "FLOAT" : "UNSIGNED_INT");
        return RM_INVALID;
    }
    if (count == 0 || count > RM_GLTF_MAX_ACCESSOR_COUNT) {
        snprintf(path, sizeof path, "%s/count", at);
        if (count == 0)
            rm_gltf_error(doc, diag, path, "must be at least 1");
        else
            rm_gltf_error(doc, diag, path, "%llu elements, more than the limit of %u",
                          (unsigned long long)count, RM_GLTF_MAX_ACCESSOR_COUNT);
        return RM_INVALID;
    }
    a->components = 0;
    for (size_t k = 0; k < sizeof TYPES / sizeof TYPES[0]; k++)
        if (strcmp(type, TYPES[k].name) == 0)
            a->components = TYPES[k].components;
    if (!a->components) {
        snprintf(path, sizeof path, "%s/type", at);
        rm_gltf_error(doc, diag, path,
                      "\"%.60s\" is not an accessor type (SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 "
                      "or MAT4)",
                      type);
        return RM_INVALID;
    }
    if (a->view >= 0 && off > doc->views[a->view].length) {
        snprintf(path, sizeof path, "%s/byteOffset", at);
        rm_gltf_error(doc, diag, path, "%llu is past the end of bufferView %d (%zu bytes)",
                      (unsigned long long)off, (int)a->view, doc->views[a->view].length);
        return RM_INVALID;
    }
    a->offset = (size_t)off;
    a->component = (int)ctype;
    a->count = (uint32_t)count;
    a->type = type;
    bool has_min = false, has_max = false;
    if ((st = rm_gltf_get_numbers(doc, diag, v, at, "min", a->components, a->min, &has_min)) !=
            RM_OK ||
        (st = rm_gltf_get_numbers(doc, diag, v, at, "max", a->components, a->max, &has_max)) !=
            RM_OK)
        return st;
    a->has_min_max = has_min && has_max;
    const json_t *sp = json_object_get(v, "sparse");
    if (sp && (st = parse_sparse(doc, diag, c, sp, at, a)) != RM_OK)
        return st;
    return RM_OK;
}

rm_status rm_gltf_parse_accessors(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st =
        rm_gltf_get_array(doc, diag, doc->json, "", "accessors", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->accessors = rm_gltf_calloc(n, sizeof *doc->accessors, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->accessor_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64];
        snprintf(at, sizeof at, "/accessors/%zu", i);
        if ((st = parse_accessor(doc, diag, c, json_array_get(arr, i), at, &doc->accessors[i])) !=
            RM_OK)
            return st;
    }
    return RM_OK;
}

