/* src/formats/obj/obj_internal.h - what the files of the OBJ module share
   besides the lexical layer (obj_text.h). Not a public API. */
#ifndef RM_FORMATS_OBJ_INTERNAL_H
#define RM_FORMATS_OBJ_INTERNAL_H

#include <stddef.h>

#include "retromesh/diag.h"
#include "retromesh/mesh.h"

/* Where an mtllib (or usemtl) name was first written in the OBJ (for
   warnings). */
typedef struct rm_obj_lib_site {
    unsigned long line, col;
} rm_obj_lib_site;

/* Reads and parses the mesh's libraries (mesh->libraries, relative to the
   folder of `obj_file`): a missing file is a warning; an error in an MTL
   file stops everything (RM_INVALID). `sites` has library_count entries
   (may be NULL when there are none). */
rm_status rm_obj_load_libraries(rm_mesh *mesh, const char *obj_file,
                                const rm_obj_lib_site *sites, rm_diag *diag);

/* The path the reader opens for `mtllib NAME` (its first n bytes): NAME
   relative to the folder of `obj_file`, a leading "./" dropped, `\` read as
   `/`, an absolute NAME as it is. Malloc'd; NULL when out of memory. */
/* One jo_* material option (jo_sort, jo_gouraud...) with its value as text
   ("min", "1", "h"; jo_user takes one number a call), applied to `m` as an
   MTL line would (docs/obj.md). Returns 0, 1 when `name` is no jo_ option,
   2 when the value is bad; *expected (may be NULL) gets the values the
   option takes, for a message. Used by the glTF reader for the material's
   extras. */
int rm_mtl_jo_option(const char *name, const char *value, rm_mesh_material *m,
                     const char **expected);

char *rm_obj_library_path(const char *obj_file, const char *name, size_t n);

/* How many chunks of threaded parses so far were appended from a worker
   (not read again by the calling thread): for the tests, which check that
   the threaded path is taken. */
size_t rm_obj_chunks_appended(void);

/* Reads a whole file into a malloc'd buffer. RM_IO with *err = errno when it
   cannot be opened or read, RM_NOMEM. */
rm_status rm_obj_read_whole(const char *path, char **data, size_t *size, int *err);

#endif
