/* src/formats/gltf/doc_files.c - the bytes a glTF points at: each buffer's
   (the GLB's BIN chunk, a base64 data: URI, or a file beside the glTF read
   with the project's file reader and its size limit) and each image's
   (a bufferView, a data: URI, or the path of a file for the caller).
   Ownership: a buffer's bytes read here are in buffer.owned (freed by
   rm_gltf_doc_free); BIN chunk bytes are borrowed from the caller's data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/path_tidy.h"
#include "gltf_load.h"
#include "retromesh/fileio.h"

static bool starts_nocase(const char *s, const char *prefix)
{
    for (; *prefix; s++, prefix++) {
        char a = *s >= 'A' && *s <= 'Z' ? (char)(*s - 'A' + 'a') : *s;
        if (a != *prefix)
            return false;
    }
    return true;
}

bool rm_gltf_is_data_uri(const char *uri)
{
    return uri && starts_nocase(uri, "data:");
}

rm_status rm_gltf_data_uri(const rm_gltf_doc *doc, rm_diag *diag, const char *path,
                           const char *uri, uint8_t **out, size_t *size)
{
    *out = NULL;
    *size = 0;
    const char *comma = strchr(uri, ',');
    if (!comma) {
        rm_gltf_error(doc, diag, path,
                      "the data: URI has no ',' before its data (\"data:MIME;base64,DATA\")");
        return RM_INVALID;
    }
    size_t head = (size_t)(comma - uri);
    if (head < 12 || !starts_nocase(comma - 7, ";base64")) {
        rm_gltf_error(doc, diag, path,
                      "the data: URI is not base64 (only \"data:MIME;base64,DATA\" is read)");
        return RM_INVALID;
    }
    bool nomem = false;
    const char *text = comma + 1;
    if (!rm_gltf_base64_decode(text, strlen(text), out, size, &nomem)) {
        if (nomem)
            return rm_gltf_nomem(doc, diag);
        rm_gltf_error(doc, diag, path,
                      "the data: URI's base64 is not valid (only A-Z, a-z, 0-9, + and /, with "
                      "'=' padding at the end, in groups of 4)");
        return RM_INVALID;
    }
    return RM_OK;
}

/* The reason of a message of rm_file_read ("PATH: error: cannot open: No
   such file or directory" -> "No such file or directory"). */
static const char *read_reason(const rm_diag *d)
{
    if (!d->count)
        return "unknown error";
    const char *t = d->items[d->count - 1].text;
    const char *e = strstr(t, ": error: ");
    t = e ? e + 9 : t;
    if (strncmp(t, "cannot open: ", 13) == 0)
        return t + 13;
    if (strncmp(t, "cannot read: ", 13) == 0)
        return t + 13;
    return t;
}

/* The file a relative URI names, in the glTF's folder (*full malloc'd);
   an error at `upath` when the URI is no relative file reference. */
static rm_status uri_file_path(const rm_gltf_doc *doc, rm_diag *diag, const char *upath,
                               const char *uri, char **full)
{
    *full = NULL;
    const char *why;
    char *rel = rm_gltf_uri_to_path(uri, &why);
    if (!rel) {
        if (!why)
            return rm_gltf_nomem(doc, diag);
        rm_gltf_error(doc, diag, upath,
                      "\"%.200s\" %s: only a file in the glTF's folder or below it is read "
                      "(a relative path, or a data: URI)",
                      uri, why);
        return RM_INVALID;
    }
    *full = rm_path_join(doc->folder ? doc->folder : "", rel);
    free(rel);
    return *full ? RM_OK : rm_gltf_nomem(doc, diag);
}

/* Reads the file `uri` names (at `upath`; buffer `at`) into *data
   (malloc'd); *shown gets the path opened. */
static rm_status read_uri_file(const rm_gltf_doc *doc, rm_diag *diag, const char *at,
                               const char *upath, const char *uri, uint64_t max_bytes, rm_output_set *inputs,
                               uint8_t **data, size_t *size, char **shown)
{
    *data = NULL;
    *size = 0;
    *shown = NULL;
    char *full;
    rm_status st = uri_file_path(doc, diag, upath, uri, &full);
    if (st != RM_OK)
        return st;
    if (inputs && rm_output_add_input(inputs, full) != RM_OK) {
        free(full);
        return rm_gltf_nomem(doc, diag);
    }
    rm_diag scratch;
    rm_diag_init(&scratch);
    rm_file_read_options ro = {.max_bytes = max_bytes, .allow_stream = false};
    st = rm_file_read_ex(full, &ro, data, size, &scratch);
    if (st == RM_NOMEM) {
        rm_diag_free(&scratch);
        free(full);
        return rm_gltf_nomem(doc, diag);
    }
    if (st != RM_OK)
        rm_gltf_error(doc, diag, at, "cannot read \"%s\": %s", full, read_reason(&scratch));
    rm_diag_free(&scratch);
    if (st != RM_OK) {
        free(full);
        return st;
    }
    *shown = full;
    return RM_OK;
}

rm_status rm_gltf_doc_buffers(rm_gltf_doc *doc, const uint8_t *bin, size_t bin_size,
                              uint64_t max_bytes, rm_output_set *inputs, rm_diag *diag)
{
    const json_t *arr = json_object_get(doc->json, "buffers");
    for (size_t i = 0; i < doc->buffer_count; i++) {
        rm_gltf_buffer *b = &doc->buffers[i];
        const char *uri = json_string_value(json_object_get(json_array_get(arr, i), "uri"));
        char at[64], upath[80];
        snprintf(at, sizeof at, "/buffers/%zu", i);
        snprintf(upath, sizeof upath, "/buffers/%zu/uri", i);
        if (!uri) {
            if (!doc->glb || i != 0) {
                rm_gltf_error(doc, diag, at,
                              "has no \"uri\" (only buffer 0 of a GLB may leave it out, for "
                              "the BIN chunk)");
                return RM_INVALID;
            }
            if (!bin) {
                rm_gltf_error(doc, diag, at,
                              "has no \"uri\" and the GLB has no BIN chunk to hold its %zu "
                              "bytes",
                              b->size);
                return RM_INVALID;
            }
            if (bin_size < b->size) {
                rm_gltf_error(doc, diag, at,
                              "byteLength is %zu, the GLB's BIN chunk holds only %zu bytes",
                              b->size, bin_size);
                return RM_INVALID;
            }
            if (bin_size - b->size > 3)
                rm_gltf_warning(doc, diag, at,
                                "the BIN chunk holds %zu bytes, more than byteLength %zu and "
                                "3 bytes of padding: the rest is ignored",
                                bin_size, b->size);
            b->data = bin;
            continue;
        }
        uint8_t *bytes = NULL;
        size_t n = 0;
        rm_status st;
        char *shown = NULL;
        if (rm_gltf_is_data_uri(uri)) {
            if ((st = rm_gltf_data_uri(doc, diag, upath, uri, &bytes, &n)) != RM_OK)
                return st;
        } else if ((st = read_uri_file(doc, diag, at, upath, uri, max_bytes, inputs, &bytes, &n,
                                       &shown)) != RM_OK)
            return st;
        b->owned = bytes;
        b->data = bytes;
        if (n < b->size) {
            if (shown)
                rm_gltf_error(doc, diag, at, "\"%s\" holds %zu bytes, byteLength says %zu",
                              shown, n, b->size);
            else
                rm_gltf_error(doc, diag, at,
                              "the data: URI holds %zu bytes, byteLength says %zu", n,
                              b->size);
            free(shown);
            return RM_INVALID;
        }
        free(shown);
    }
    return RM_OK;
}

rm_status rm_gltf_image_bytes(const rm_gltf_doc *doc, uint32_t image, uint8_t **owned,
                              size_t *size, char **path, rm_diag *diag)
{
    *owned = NULL;
    *size = 0;
    *path = NULL;
    if (image >= doc->image_count) {
        rm_gltf_error(doc, diag, NULL, "image %u does not exist (the file has %zu)",
                      (unsigned)image, doc->image_count);
        return RM_INVALID;
    }
    const rm_gltf_image *im = &doc->images[image];
    char at[64], upath[80];
    snprintf(at, sizeof at, "/images/%u", (unsigned)image);
    snprintf(upath, sizeof upath, "/images/%u/uri", (unsigned)image);
    if (im->view >= 0) {
        const rm_gltf_view *v = &doc->views[im->view];
        const rm_gltf_buffer *b = &doc->buffers[v->buffer];
        if (!b->data || v->offset > b->size || v->length > b->size - v->offset) {
            rm_gltf_error(doc, diag, at, "bufferView %d is not in its buffer's bytes",
                          (int)im->view);
            return RM_INVALID;
        }
        uint8_t *copy = malloc(v->length ? v->length : 1);
        if (!copy)
            return rm_gltf_nomem(doc, diag);
        memcpy(copy, b->data + v->offset, v->length);
        *owned = copy;
        *size = v->length;
        return RM_OK;
    }
    if (rm_gltf_is_data_uri(im->uri))
        return rm_gltf_data_uri(doc, diag, upath, im->uri, owned, size);
    return uri_file_path(doc, diag, upath, im->uri, path);
}
