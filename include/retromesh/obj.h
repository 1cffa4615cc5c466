/* retromesh/obj.h - Wavefront OBJ and MTL reader, and the OBJ summary.

   Usage:
     rm_mesh mesh;
     rm_diag diag;
     rm_diag_init(&diag);
     rm_status st = rm_obj_read_file("robot.obj", NULL, &mesh, &diag);
     rm_diag_print(&diag, stderr, 1);
     if (st == RM_OK) { ...; rm_mesh_free(&mesh); }
     rm_diag_free(&diag);

   What is read: v (with optional r g b), vt, vn, f (v, v/vt, v//vn, v/vt/vn,
   negative indexes), o, g, usemtl, mtllib, s (ignored), comments, CRLF, `\`
   continuations, UTF-16 text with a byte order mark. Other statements are
   ignored. MTL: newmtl, Kd, Ns, d, Tr, map_Kd and the jo_* options (see
   docs/obj.md).

   Errors and warnings go to the rm_diag as "FILE:LINE:COL: error: ...". The
   first error stops the read. rm_obj_read_file() and rm_obj_parse()
   initialize `out` themselves (no need to call rm_mesh_init); on error it is
   left empty (freed); on RM_OK the caller owns it (rm_mesh_free()).

   Material libraries: each mtllib text is kept as written in
   mesh.libraries; the files are read relative to the OBJ's folder (`\` is
   turned into `/`), a missing one is a warning. A material's `library` is
   the path the MTL was opened with, so map_Kd (relative to the MTL) can be
   found from it. The full rules are in docs/obj.md. */
#ifndef RETROMESH_OBJ_H
#define RETROMESH_OBJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rm_obj_options {
    /* Read the mtllib files (relative to the OBJ's folder). Default: true. */
    bool load_materials;
    /* Keep face_line/position_line (for messages). Default: true. */
    bool keep_lines;
    /* Threads of the parse: 0 = automatic (today one: in a fresh process
       the page faults of the new arrays dominate and workers do not pay;
       docs/obj.md, "Speed"), 1 = no thread, N = at most N (worth it in a
       process that parses many big files). The mesh and the messages are
       the same, bit for bit, for any value. Default: 0. */
    unsigned threads;
    /* The text is a read-only file mapping (rm_file_map): the parser may
       tell the kernel to drop the pages it has passed (they come back from
       the file if a message needs them), so that the peak memory is the
       mesh, not the mesh plus the file. Never set it for heap memory.
       Default: false. */
    bool text_is_mapped;
} rm_obj_options;

void rm_obj_options_default(rm_obj_options *opt);

/* Reads an OBJ file and the MTL files it names. `opt` may be NULL. */
rm_status rm_obj_read_file(const char *path, const rm_obj_options *opt,
                           rm_mesh *out, rm_diag *diag);

/* Parses OBJ text in memory. `filename` is used in messages and, when
   opt->load_materials, to find the mtllib files (relative to its folder).
   The text needs no terminating zero. */
rm_status rm_obj_parse(const char *text, size_t size, const char *filename,
                       const rm_obj_options *opt, rm_mesh *out, rm_diag *diag);

/* Parses MTL text and fills the materials of `mesh` whose names it defines
   and that no earlier library defined (materials the mesh does not use are
   checked, then dropped). `filename` is used in messages and stored in each
   material it defines (`library`). RM_INVALID on the first error (an
   unknown jo_* option, a bad value): the materials filled before it stay. */
rm_status rm_mtl_parse(const char *text, size_t size, const char *filename,
                       rm_mesh *mesh, rm_diag *diag);

/* Prints what the converter will see in an OBJ: counts of positions, faces
   by corner count, groups, materials, normal/UV/color coverage
   (`retromesh info FILE.obj`). */
void rm_obj_print_info(const rm_mesh *mesh, FILE *out);

/* Writes a mesh as OBJ text and its materials as MTL text (both malloc'd,
   the caller frees; *mtl_text NULL when the mesh has no material). The OBJ
   names `mtllib` (NULL: no mtllib line) and `object` in an `o` line (NULL:
   none). Numbers with 9 significant digits (a float read back is the same
   float); faces as v/vt/vn with 1-based indexes, a `usemtl` when the
   material changes, a `g` when the group changes (faces of no group: none),
   vertex colors (`v x y z r g b`, on every vertex) when any vertex has one.
   MTL: newmtl, Kd, d when under 1, map_Kd when set. */
rm_status rm_obj_write(const rm_mesh *mesh, const char *mtllib, const char *object, char **obj_text,
                       size_t *obj_size, char **mtl_text, size_t *mtl_size);

/* The same, with the first comment naming the file the mesh came from. */
typedef struct rm_obj_write_options {
    const char *mtllib;     /* NULL: no mtllib line */
    const char *object;     /* NULL: no `o` line */
    const char *source;     /* "# written by retromesh from SOURCE"; NULL: "# written by retromesh" */
} rm_obj_write_options;
rm_status rm_obj_write_ex(const rm_mesh *mesh, const rm_obj_write_options *opt, char **obj_text,
                          size_t *obj_size, char **mtl_text, size_t *mtl_size);

#ifdef __cplusplus
}
#endif
#endif
