/* src/formats/registry/registry.h - the format table behind
   retromesh/formats.h (internal).

   One row per kind (table.c): its names, how a message speaks of it, and,
   for a model format, its reader and its writer. Recognition is in
   detect.c (binary signatures, in an order where no signature hides
   another) and detect_text.c (text: OBJ, MTL, JSON/glTF, COLLADA, ASCII
   STL and FBX); readers in read_kinds.c, writers in write_*.c. */
#ifndef RM_FORMATS_REGISTRY_H
#define RM_FORMATS_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/formats.h"

/* A reader: the whole file in memory into *out (initialised by the
   reader; empty on failure). Files it reads besides (a glTF's buffers and
   images) go into `inputs` (may be NULL). */
typedef rm_status (*rm_fmt_reader)(const uint8_t *data, size_t size, const char *name,
                                   const rm_model_read_options *opt, rm_output_set *inputs,
                                   rm_mesh *out, rm_diag *diag);
/* A writer: the mesh staged in the set at `path` with its companion
   files. */
typedef rm_status (*rm_fmt_writer)(const rm_mesh *mesh, const char *path,
                                   const rm_model_write_options *opt, rm_output_set *set,
                                   rm_convert_result *result, rm_diag *diag);

typedef struct rm_fmt_row {
    rm_format kind;
    const char *name;           /* rm_format_name */
    const char *description;    /* rm_format_describe: with its article */
    const char *extensions;     /* ".obj" or ".niff .nif": rm_format_from_name */
    /* Said after the description when the file is refused as a model
       ("this is D: HINT"); NULL: "this is D, not a model". */
    const char *hint;
    rm_fmt_reader read;         /* NULL: not read as a model */
    rm_fmt_writer write;        /* NULL: not written from a mesh */
} rm_fmt_row;

/* The row of a kind (a row for every rm_format below RM_FORMAT_COUNT). */
const rm_fmt_row *rm_fmt_row_of(rm_format f);

/* detect_text.c: the kind of text bytes (UTF-8 or 8-bit; no NUL expected:
   a NUL makes it RM_FORMAT_UNKNOWN). `complete` says the bytes are the
   whole file (its last line is whole). Returns RM_FORMAT_OBJ, MTL, JSON,
   GLTF, COLLADA, STL, FBX, TEXT or UNKNOWN. */
rm_format rm_fmt_detect_text(const uint8_t *t, size_t n, bool complete);

/* read_kinds.c */
rm_status rm_fmt_read_obj(const uint8_t *data, size_t size, const char *name,
                          const rm_model_read_options *opt, rm_output_set *inputs, rm_mesh *out,
                          rm_diag *diag);
rm_status rm_fmt_read_niff(const uint8_t *data, size_t size, const char *name,
                           const rm_model_read_options *opt, rm_output_set *inputs, rm_mesh *out,
                           rm_diag *diag);
rm_status rm_fmt_read_gltf(const uint8_t *data, size_t size, const char *name,
                           const rm_model_read_options *opt, rm_output_set *inputs, rm_mesh *out,
                           rm_diag *diag);

/* write_jom.c, write_niff.c, write_obj.c, write_cheader.c */
rm_status rm_fmt_write_jom(const rm_mesh *mesh, const char *path, const rm_model_write_options *opt,
                           rm_output_set *set, rm_convert_result *result, rm_diag *diag);
rm_status rm_fmt_write_niff(const rm_mesh *mesh, const char *path,
                            const rm_model_write_options *opt, rm_output_set *set,
                            rm_convert_result *result, rm_diag *diag);
rm_status rm_fmt_write_obj(const rm_mesh *mesh, const char *path, const rm_model_write_options *opt,
                           rm_output_set *set, rm_convert_result *result, rm_diag *diag);
rm_status rm_fmt_write_cheader(const rm_mesh *mesh, const char *path,
                               const rm_model_write_options *opt, rm_output_set *set,
                               rm_convert_result *result, rm_diag *diag);

/* paths.c: malloc'd paths (NULL: out of memory). The folder of `path`
   (with its '/', "" for a bare name) + `name`. */
char *rm_fmt_beside(const char *path, const char *name);
/* `path` with its extension replaced by `ext` (".mtl"); a leading dot is
   no extension. */
char *rm_fmt_with_ext(const char *path, const char *ext);
/* dir + '/' + name ("" or NULL dir: name alone). */
char *rm_fmt_join(const char *dir, const char *name);

#endif
