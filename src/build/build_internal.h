/* src/build/build_internal.h - what the files of src/build share. */
#ifndef RM_BUILD_INTERNAL_H
#define RM_BUILD_INTERNAL_H

#include "retromesh/build.h"

#include <stdbool.h>
#include <stddef.h>

/* True when `name` is a CD name the build may write: 1 to 8 of A-Z 0-9 _,
   a '.', 1 to 3 of the same (ISO 9660 level 1, uppercase). No '/', no
   "..", so a name from a manifest never points outside the folder. */
bool rm_build_cd_name_valid(const char *name);
/* `in` uppercased into out (at most 15 characters, then cut). */
void rm_build_cd_name_upper(const char *in, char out[16]);

/* The canonical options JSON of a model or level entry (sorted keys,
   compact, defaults left out): the one function both the project file and
   rm_build_project_from_files use. malloc'd; NULL when out of memory. */
char *rm_build_entry_options_json(const rm_build_entry *e);

#endif

/* ---- The project file's parts (project.c, project_entry.c) ------------ */
#include <jansson.h>

typedef struct rm_build_pctx {
    const char *file;       /* the project file, for messages */
    const char *dir;        /* its folder: what paths are relative to */
    rm_diag *diag;
    size_t errors;
} rm_build_pctx;

/* "FILE: POINTER: MESSAGE", an error. */
void rm_build_perr(rm_build_pctx *c, const char *pointer, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A value as it is in the file, for "..., not VALUE" (cut to ~40). */
void rm_build_json_show(const json_t *v, char *out, size_t size);
/* `path` against `dir` (absolute kept, "." adds nothing); malloc'd. */
char *rm_build_resolve(const char *dir, const char *path);
/* One entry of "models" or "levels" into *e (zeroed first). Problems are
   counted in c->errors; RM_NOMEM only stops it. */
rm_status rm_build_parse_entry(rm_build_pctx *c, const json_t *obj, rm_build_kind kind,
                               size_t index, rm_build_entry *e, bool *default_name);
void rm_build_entry_free(rm_build_entry *e);
