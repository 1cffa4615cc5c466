/* src/formats/niff/to_mesh.h - internal helpers of NIFF -> mesh
   (to_mesh*.c; owned by the mesh side). Plain values, no file model, so
   the tests call them directly.

   Transforms: a 3x4 affine matrix m[row][col], column vectors: a point p
   goes to m * (p, 1). An Obj's local matrix is T * R * S (scale, then
   rotate about the local axes in the AnimGroup's anim_rot_mtx_order, then
   translate); its world matrix is parent_world * local. */
#ifndef RM_NIFF_TO_MESH_H
#define RM_NIFF_TO_MESH_H

#include <stdbool.h>
#include <stdint.h>

#include "retromesh/mesh.h"

typedef struct rm_niff_xform {
    double m[3][4];
} rm_niff_xform;

/* ANIM_ROT_ORDER_* (spec 5.16): byte 2 is the position (1-3) of X, byte 1
   of Y, byte 0 of Z in the order the rotations are applied. */
#define RM_NIFF_ROT_XYZ 0x00010203u
#define RM_NIFF_ROT_XZY 0x00010302u
#define RM_NIFF_ROT_YXZ 0x00020103u
#define RM_NIFF_ROT_YZX 0x00030102u
#define RM_NIFF_ROT_ZXY 0x00020301u
#define RM_NIFF_ROT_ZYX 0x00030201u

void rm_niff_xform_identity(rm_niff_xform *x);

/* The axes (0 X, 1 Y, 2 Z) in the order they are applied for a rotation
   order word; false (and X, Y, Z) when the word is not one of the six. */
bool rm_niff_rot_order_axes(uint32_t order, int axes[3]);

/* T * R * S from translate, rotate (radians about the local X, Y, Z
   axes, applied in `order`: for XYZ, R = Rz * Ry * Rx) and scale. An
   unknown order is taken as XYZ (the caller warns). */
void rm_niff_xform_local(const double t[3], const double r[3], const double s[3], uint32_t order,
                         rm_niff_xform *out);

/* out = a * b (out may be a or b). */
void rm_niff_xform_mul(const rm_niff_xform *a, const rm_niff_xform *b, rm_niff_xform *out);

bool rm_niff_xform_is_identity(const rm_niff_xform *x);
/* The determinant of the 3x3 part (negative: a mirror). */
double rm_niff_xform_det(const rm_niff_xform *x);

rm_vec3d rm_niff_xform_point(const rm_niff_xform *x, rm_vec3d p);
/* A normal through the inverse transpose of the 3x3 part (the cofactor
   matrix, which has the same direction), then scaled back to the length it
   had: unit normals stay unit, zero normals stay zero. */
rm_vec3d rm_niff_xform_normal(const rm_niff_xform *x, rm_vec3d n);

#endif
