/* src/formats/gltf/gltf_load.h - the parts of step 1 (the document loader)
   shared between its files: the GLB container, the JSON readers with their
   JSON-path messages, the buffers. Only doc_*.c and glb.c use it; the
   other steps see gltf_internal.h alone.

   Every reader below checks the type of the member it reads and reports
   an error at its JSON path ("/nodes/3/mesh: must be an index (a whole
   number >= 0), not a string"); `at` is the path of the object holding
   the member ("/nodes/3"). They return RM_OK or RM_INVALID (the message
   given); a missing optional member leaves *out at the caller's default. */
#ifndef RM_FORMATS_GLTF_LOAD_H
#define RM_FORMATS_GLTF_LOAD_H

#include "core/json_text.h"   /* rm_json_kind: what a value is, in messages */
#include "formats/gltf/gltf_internal.h"

/* ---- glb.c ---- */

/* Splits a GLB container into its JSON chunk and its BIN chunk (*bin NULL
   when there is none). The pointers point into `data`. */
rm_status rm_gltf_glb_split(const uint8_t *data, size_t size, const char *file,
                            const uint8_t **json, size_t *json_size, const uint8_t **bin,
                            size_t *bin_size, rm_diag *diag);

/* ---- doc_parse*.c ---- */

/* Every top-level array of doc->json into the doc's structs, every index
   checked, the node graph checked to be a forest. Buffers get their size
   (byteLength) only: their bytes are read by rm_gltf_doc_buffers. */
rm_status rm_gltf_doc_parse(rm_gltf_doc *doc, rm_diag *diag);

/* The arrays an index may point into (for "mesh 9 does not exist (the file
   has 2 meshes)"). */
typedef enum {
    RM_GLTF_REF_BUFFER, RM_GLTF_REF_VIEW, RM_GLTF_REF_ACCESSOR, RM_GLTF_REF_MESH,
    RM_GLTF_REF_NODE, RM_GLTF_REF_MATERIAL, RM_GLTF_REF_TEXTURE, RM_GLTF_REF_IMAGE,
    RM_GLTF_REF_SKIN, RM_GLTF_REF_SCENE, RM_GLTF_REF_SAMPLER, RM_GLTF_REF_CAMERA,
    RM_GLTF_REF_COUNT
} rm_gltf_ref;

/* Set by rm_gltf_doc_parse before the arrays are read: the length of each
   top-level array (so that an index may point forward). */
typedef struct rm_gltf_counts {
    size_t n[RM_GLTF_REF_COUNT];
} rm_gltf_counts;

/* `v` (at `path`) must be an index < count; one/many name the objects
   ("sampler"/"samplers"), holder the array's owner ("the file",
   "the animation"). */
rm_status rm_gltf_check_index(const rm_gltf_doc *doc, rm_diag *diag, const json_t *v,
                              const char *path, const char *one, const char *many,
                              const char *holder, size_t count, uint32_t *out);
/* Member `key` of obj as an index into the file's array `ref`; *out is
   left alone when the member is absent (an error when required). */
rm_status rm_gltf_get_ref(const rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                          const json_t *obj, const char *at, const char *key, rm_gltf_ref ref,
                          bool required, int32_t *out);
/* The same for a value (an array element) at `path`. */
rm_status rm_gltf_value_ref(const rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                            const json_t *v, const char *path, rm_gltf_ref ref, uint32_t *out);

rm_status rm_gltf_missing(const rm_gltf_doc *doc, rm_diag *diag, const char *at, const char *key);
/* A whole number >= 0 (integers, or reals with a whole value). */
rm_status rm_gltf_get_uint(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                           const char *at, const char *key, bool required, uint64_t *out);
rm_status rm_gltf_get_number(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                             const char *at, const char *key, double *out);
/* An array of exactly n numbers; *present says whether it was given. */
rm_status rm_gltf_get_numbers(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                              const char *at, const char *key, size_t n, double *out,
                              bool *present);
rm_status rm_gltf_get_bool(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                           const char *at, const char *key, bool *out);
rm_status rm_gltf_get_string(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                             const char *at, const char *key, bool required, const char **out);
rm_status rm_gltf_get_object(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                             const char *at, const char *key, bool required, json_t **out);
/* An array of at most RM_GLTF_MAX_OBJECTS entries (*out NULL, *n 0 when
   absent); `nonempty` refuses []. */
rm_status rm_gltf_get_array(const rm_gltf_doc *doc, rm_diag *diag, const json_t *obj,
                            const char *at, const char *key, bool required, bool nonempty,
                            json_t **out, size_t *n);
/* v (an array entry at `path`) must be an object. */
rm_status rm_gltf_need_object(const rm_gltf_doc *doc, rm_diag *diag, const json_t *v,
                              const char *path);

/* The parts of rm_gltf_doc_parse (doc_parse_buffer.c, doc_parse_mesh.c,
   doc_parse_node.c, doc_parse_anim.c). */
rm_status rm_gltf_parse_buffers(rm_gltf_doc *doc, rm_diag *diag);
rm_status rm_gltf_parse_views(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_accessors(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_images(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_textures(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_materials(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_meshes(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_nodes(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_skins(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_scenes(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
rm_status rm_gltf_parse_animations(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c);
/* After the nodes: parents from children, one parent each, no cycle,
   depth within RM_GLTF_MAX_NODE_DEPTH. */
rm_status rm_gltf_check_forest(rm_gltf_doc *doc, rm_diag *diag);

/* calloc of n * size (n may be 0: a valid non-NULL pointer is not
   needed then, NULL is returned and is not an error). *nomem set on
   failure. */
void *rm_gltf_calloc(size_t n, size_t size, bool *nomem);
/* RM_NOMEM, without a message (the caller, read.c, gives one). */
rm_status rm_gltf_nomem(const rm_gltf_doc *doc, rm_diag *diag);

/* ---- doc_files.c ---- */

/* The bytes of every buffer: the GLB's BIN chunk (bin, may be NULL), a
   data: URI or an external file (added to inputs, read with max_bytes). */
rm_status rm_gltf_doc_buffers(rm_gltf_doc *doc, const uint8_t *bin, size_t bin_size,
                              uint64_t max_bytes, rm_output_set *inputs, rm_diag *diag);

/* True for a "data:" URI. */
bool rm_gltf_is_data_uri(const char *uri);
/* Decodes a data: URI (base64 only) into a malloc'd *out. Errors at `path`. */
rm_status rm_gltf_data_uri(const rm_gltf_doc *doc, rm_diag *diag, const char *path,
                           const char *uri, uint8_t **out, size_t *size);

#endif
