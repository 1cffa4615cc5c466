/* retromesh/convert.h - turning a neutral mesh into a Saturn model (JOM).

   Usage:
     rm_convert_options opt;
     rm_convert_options_default(&opt);
     opt.scale = 4.0;
     rm_jom_model jom;
     if (rm_convert_mesh_to_jom(&mesh, &opt, &jom, &diag) == RM_OK) {
         rm_jom_write_file(&jom, "ROBOT.JOM", &diag);
         rm_jom_free(&jom);
     }

   The rules (axes, weld, triangles, n-gons, normals, materials, groups,
   bounding sphere, limits) are in docs/convert.md. Warnings (degenerate
   faces, concave quads, split groups, truncated names) go to the rm_diag
   with the source line of the face; errors make the call return RM_INVALID
   and leave *out empty. */
#ifndef RETROMESH_CONVERT_H
#define RETROMESH_CONVERT_H

#include <stdbool.h>

#include "diag.h"
#include "jom.h"
#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rm_convert_options {
    bool saturn_axes;       /* --saturn-axes: keep the axes and the vertex order */
    double scale;           /* --scale S (default 1) */
    bool no_weld;           /* --no-weld: keep points at the same position */
    bool keep_triangles;    /* --keep-triangles: keep the OBJ order of triangles */
} rm_convert_options;

void rm_convert_options_default(rm_convert_options *opt);

rm_status rm_convert_mesh_to_jom(const rm_mesh *mesh, const rm_convert_options *opt,
                                 rm_jom_model *out, rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
