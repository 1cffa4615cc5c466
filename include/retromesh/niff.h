/* retromesh/niff.h - NIFF, the Nintendo 64 SDK's intermediate 3D file
   format (NIFF 1.0 and the 2.0 additions): an open reader and validator,
   geometry out to the neutral mesh, and writers.

   (The usage comment for the reader is written with the reader.)

   Writing a mesh as NIFF 2.0:
     uint8_t *bytes; size_t size;
     if (rm_niff_write_mesh(&mesh, NULL, &bytes, &size, &diag) == RM_OK) {
         rm_file_write_atomic("ROBOT.NIF", bytes, size, &diag);
         free(bytes);
     }

   Spec: ../shared/spec/niff.md; choices where it is unsure: docs/niff.md. */
#ifndef RETROMESH_NIFF_H
#define RETROMESH_NIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===== Reader: the file model (section owned by the reader) ============ */

/* ===== Geometry out and printing (section owned by the mesh/CLI side) == */

/* ===== Writer: a neutral mesh as a NIFF 2.0 file ======================= */

typedef struct rm_niff_write_options {
    /* The FileHeader's version word: maker code (bits 31-24), tool code
       (23-16), then 0x0200 for NIFF 2.0. Default 0xff000200 (maker 0xff:
       not a registered maker). */
    uint32_t version;
} rm_niff_write_options;

void rm_niff_write_options_default(rm_niff_write_options *opt);

/* Writes `mesh` as a whole NIFF 2.0 file into a malloc'd buffer (*data,
   *size; the caller frees). opt NULL: the defaults. One Obj per mesh group
   (faces before any group: an Obj named after the file), each with its
   Shape, TriGroup and data groups; materials as Mat (+ Tex and TexImg when
   the material has map_kd_rgba); every list written in the documented
   order, empty ones as bare headers; every size field filled. The layout
   rules are in docs/niff.md. Returns RM_INVALID (with a message) when the
   mesh cannot be written (e.g. more than 0x7fffffff elements). */
rm_status rm_niff_write_mesh(const rm_mesh *mesh, const rm_niff_write_options *opt, uint8_t **data,
                             size_t *size, rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
