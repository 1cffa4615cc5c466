/* retromesh/model.h - the engine's model API (jo_3d_* of the Jo Engine's
   model.h) on the host: load a .JOM, find its bones and animations, pose
   its rigid skeleton at a time, blend poses, and draw the posed model into
   a draw target. A game developer can test animation logic and data on a
   PC with the same results the Saturn would compute.

   Usage:
     rm_diag diag;
     rm_diag_init(&diag);
     rm_3d_model *m = rm_3d_load_model("ROBOT.JOM", &diag);
     if (!m) { rm_diag_print(&diag, stderr, 1); ... }

     int walk = rm_3d_model_find_animation(m, "walk");   // -1 if absent
     rm_3d_pose pose;
     rm_3d_model_get_pose(m, walk, 30, &pose);           // 30 ticks = 0.5 s
     rm_3d_pose run;
     rm_3d_model_get_pose(m, rm_3d_model_find_animation(m, "run"), 30, &run);
     rm_3d_pose_blend(m, &pose, &run, 64);               // 25 % run

     rm_3d_collect out;                                  // posed points + visible polygons
     rm_3d_collect_init(&out);
     rm_3d_draw_target target = rm_3d_collect_target(&out);
     rm_3d_model_set_hidden_bones(m, 1u << rm_3d_model_find_bone(m, "hat"));
     rm_3d_model_draw_pose(m, &pose, NULL, NULL, &target);
     ... out.points[i], out.polygons[j] ...
     rm_3d_collect_free(&out);
     rm_3d_free_model(m);
     rm_diag_free(&diag);

   Names are the engine's with the library prefix (jo_3d_model_get_pose ->
   rm_3d_model_get_pose). Differences, all because a PC is not a Saturn
   (docs/runtime.md lists them):
   - the loaders take a name for messages and an rm_diag: an invalid file
     gives NULL and the validator's messages (the engine gives JO_NULL);
   - the model is opaque: its records are read through the accessors below
     (an in-place model reads them from the caller's big-endian bytes);
     find_group gives an index, not a pointer;
   - the hidden-bones mask belongs to each model, not to the whole engine;
   - draw_pose hands the posed points and polygons to a draw target (an
     interface: the collecting target below, a preview renderer) instead of
     the VDP1, and returns a status;
   - the textures (VRAM sprites) are not loaded: there is no VRAM.

   The math (docs/runtime.md "The math"): Q16.16 as the SH-2 computes it
   (64-bit products, bits 16..47 kept: a floor, two's-complement wrap),
   sin/cos computed with integers only, matrices as in SGL: 4 rows of 3,
   a point is a row vector (x' = x*m[0][0] + y*m[1][0] + z*m[2][0] +
   m[3][0]), the last row is the translation. Every result is the same on
   every host.

   Ownership: a model from rm_3d_create_model_from_memory() owns copies of
   everything; one from rm_3d_create_model_in_place() reads the caller's
   bytes, which must stay unchanged until rm_3d_free_model();
   rm_3d_load_model() owns the file's bytes. rm_3d_free_model() frees what
   the model owns. */
#ifndef RETROMESH_MODEL_H
#define RETROMESH_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "fixed.h"
#include "jom.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RM_3D_MAX_BONES 32                     /* JO_3D_MAX_BONES */
#define RM_3D_BONE_NO_GROUP 0xFFFFu            /* JO_3D_BONE_NO_GROUP */
#define RM_3D_ANIMATION_LOOP 1u                /* JO_3D_ANIMATION_LOOP */
#define RM_3D_ANIMATION_TICKS_PER_SECOND 60    /* JO_3D_ANIMATION_TICKS_PER_SECOND */
#define RM_3D_ANGLE_TURN 65536                 /* jo_angle units in 360 degrees */

/* jo_angle / SGL ANGLE: 0x10000 = 360 degrees, kept in 16 bits (180
   degrees is -32768). */
typedef int16_t rm_angle;

/* A 3D model loaded from a JOM file (opaque). */
typedef struct rm_3d_model rm_3d_model;

/* jo_3d_pose: the root offset of the whole model and, for each bone, its
   angles around X, Y then Z (in the frame of its parent). */
typedef struct rm_3d_pose {
    rm_vec3x root;
    rm_angle angles[RM_3D_MAX_BONES][3];
} rm_3d_pose;

/* jo_3d_animation (the record of ANIM) with the loader's duplicate flag. */
typedef struct rm_3d_animation {
    char name[16];
    uint16_t key_count;     /* at least 1 */
    uint16_t key_ticks;     /* ticks (1/60 s) between 2 keys */
    uint16_t flags;         /* RM_3D_ANIMATION_LOOP */
    uint16_t duplicate;     /* 1 when an animation before it has the same name (any case) */
    uint32_t offset;        /* of its keys, from the start of the ANIM data */
} rm_3d_animation;

/* A matrix as SGL keeps it: 4 rows of 3 Q16.16, the last row is the
   translation (see the top of this file). */
typedef rm_fixed rm_3d_matrix[4][3];

/* jo_3d_bone_callback: called by rm_3d_model_draw_pose() for each bone, in
   bone order, with the matrix of the bone (model space: the root offset
   and the parents included). */
typedef void (*rm_3d_bone_callback)(int bone, void *param, const rm_fixed (*matrix)[3]);

/* ---- Loading ---------------------------------------------------------- */

/* jo_3d_create_model_from_memory: validates the file (every rule of
   rm_jom_read) and copies what the engine keeps into native structs; the
   bytes can be freed after the call. `name` names the file in messages
   (NULL: "<memory>"); `diag` may be NULL. NULL when the file is invalid
   (the messages are in diag) or when out of memory. */
rm_3d_model *rm_3d_create_model_from_memory(const uint8_t *data, size_t size, const char *name,
                                            rm_diag *diag);
/* jo_3d_create_model_in_place: validates the file the same way, then
   keeps only where the records are: points, polygons, materials, groups,
   bones, animations and keys are read from `data` (big endian) each time
   they are used. `data` must stay unchanged until rm_3d_free_model(). */
rm_3d_model *rm_3d_create_model_in_place(const uint8_t *data, size_t size, const char *name,
                                         rm_diag *diag);
/* jo_3d_load_model: reads a file and makes an in-place model that owns the
   bytes (one block, as the engine does). NULL on an I/O error or an
   invalid file (messages in diag). */
rm_3d_model *rm_3d_load_model(const char *path, rm_diag *diag);
/* jo_3d_free_model. NULL is allowed. */
void rm_3d_free_model(rm_3d_model *model);

/* ---- The records ------------------------------------------------------ */
/* An index out of range gives zeros (and false where a bool is returned). */

bool rm_3d_model_is_in_place(const rm_3d_model *model);
rm_vec3x rm_3d_model_center(const rm_3d_model *model);     /* bounding sphere */
rm_fixed rm_3d_model_radius(const rm_3d_model *model);
uint32_t rm_3d_model_point_count(const rm_3d_model *model);
rm_vec3x rm_3d_model_point(const rm_3d_model *model, uint32_t index);
uint32_t rm_3d_model_polygon_count(const rm_3d_model *model);
bool rm_3d_model_polygon(const rm_3d_model *model, uint32_t index, rm_jom_polygon *out);
uint16_t rm_3d_model_polygon_material(const rm_3d_model *model, uint32_t index);
uint32_t rm_3d_model_material_count(const rm_3d_model *model);
bool rm_3d_model_material(const rm_3d_model *model, uint32_t index, rm_jom_material *out);
uint32_t rm_3d_model_group_count(const rm_3d_model *model);
bool rm_3d_model_group(const rm_3d_model *model, uint32_t index, rm_jom_group *out);
uint32_t rm_3d_model_bone_count(const rm_3d_model *model);
bool rm_3d_model_bone(const rm_3d_model *model, uint32_t index, rm_jom_bone *out);
uint32_t rm_3d_model_animation_count(const rm_3d_model *model);
bool rm_3d_model_animation(const rm_3d_model *model, uint32_t index, rm_3d_animation *out);
/* Key `key` of an animation as a pose (bones past the model's are 0). */
bool rm_3d_model_key(const rm_3d_model *model, uint32_t animation, uint32_t key, rm_3d_pose *out);

/* ---- Finding ---------------------------------------------------------- */
/* Names are compared whole, ASCII case-insensitive; the first match wins.
   A name longer than 15 characters matches nothing (files keep 15). */

/* jo_3d_model_find_group: index of the group (OBJ o or g), -1 if none. */
int rm_3d_model_find_group(const rm_3d_model *model, const char *name);
/* jo_3d_model_find_bone: index of the bone, -1 if none. */
int rm_3d_model_find_bone(const rm_3d_model *model, const char *name);
/* jo_3d_model_find_animation: index of the animation, -1 if none. */
int rm_3d_model_find_animation(const rm_3d_model *model, const char *name);
/* jo_3d_model_is_animation: true when find_animation(model, name) would
   give `animation`. Fast: only the name of this animation is compared, and
   its duplicate flag tells whether one before it has the same name. */
bool rm_3d_model_is_animation(const rm_3d_model *model, int animation, const char *name);
/* jo_3d_model_animation_duration, in ticks: a loop comes back to its first
   key at key_count * key_ticks, another animation stays on its last key
   from (key_count - 1) * key_ticks. 0 for an index out of range (-1). */
int rm_3d_model_animation_duration(const rm_3d_model *model, int animation);

/* ---- Poses ------------------------------------------------------------ */

/* jo_3d_model_get_pose: the pose at `time` ticks from the start.
   - The two keys around the time are interpolated linearly: each angle
     goes the shortest way round (the 16-bit difference, so 350 -> 10
     degrees goes through 0; a half turn goes backwards), the root goes in
     a straight line. Value = a + round(d * t / key_ticks) with d the
     difference, t the ticks since the key; halves round up (toward +inf).
   - A loop goes from its last key back to its first and starts again
     (time modulo the duration); another animation holds its last key.
   - A negative time is taken as 0. key_ticks 0: the first key for a loop,
     the last key otherwise.
   - animation -1 (or any index out of range): the pose of the OBJ, all
     zeros. Bones past the model's bone count are 0. */
void rm_3d_model_get_pose(const rm_3d_model *model, int animation, int time, rm_3d_pose *pose);
/* jo_3d_pose_blend: pose += (other - pose) * weight / 256 for the root and
   the angles of the model's bones (all 32 when model is NULL). weight goes
   from 0 (pose unchanged) to 256 (other exactly); outside, it is clamped.
   Angles go the shortest way round as in get_pose; the result is rounded
   to the nearest, halves up: a + floor((d * weight + 128) / 256). */
void rm_3d_pose_blend(const rm_3d_model *model, rm_3d_pose *pose, const rm_3d_pose *other, int weight);

/* ---- Drawing ---------------------------------------------------------- */

/* A polygon handed to a draw target. */
typedef struct rm_3d_draw_polygon {
    uint32_t index;         /* in the model (QUAD) */
    uint16_t v[4];          /* corners: indexes in the posed points (a triangle: v[3] == v[2]) */
    uint16_t material;      /* QMAT */
    int bone;               /* the bone that moves it, -1: the model matrix */
    rm_vec3x normal;        /* its normal turned as its bone turns */
} rm_3d_draw_polygon;

/* Where a drawn model goes: an interface, as the VDP1 is on the Saturn. A
   draw calls begin, points once with every posed point (point_count of
   them, hidden ones too), polygon for each visible polygon in model order,
   then end. Each member may be NULL (skipped). A status other than RM_OK
   stops the draw (end is still called when begin was) and is returned. */
typedef struct rm_3d_draw_target {
    void *user;
    rm_status (*begin)(void *user, const rm_3d_model *model);
    rm_status (*points)(void *user, const rm_vec3x *points, uint32_t count);
    rm_status (*polygon)(void *user, const rm_3d_draw_polygon *polygon);
    rm_status (*end)(void *user);
} rm_3d_draw_target;

/* jo_3d_model_set_hidden_bones: bit k hides bone k and all its descendants
   (their groups' polygons are not drawn) at the next rm_3d_model_draw_pose()
   of this model, which then clears the mask (the engine keeps one global
   mask for all models; here each model has its own). 0: all drawn. */
void rm_3d_model_set_hidden_bones(rm_3d_model *model, uint32_t mask);
uint32_t rm_3d_model_hidden_bones(const rm_3d_model *model);

/* jo_3d_model_draw_pose: poses the model and draws it into `target`.
   - The model matrix is translate(pose->root) (the host's current matrix
     is the identity).
   - Each bone's matrix, in bone order (a parent comes before its
     children): parent's matrix (the model matrix for a root)
     x translate(pivot) x Rx x Ry x Rz x translate(-pivot), written in the
     order SGL calls apply them (slTranslate, slRotX, slRotY, slRotZ,
     slTranslate): a point is first moved by -pivot, turned around Z, then
     Y, then X, moved by +pivot, then by the parent.
   - The points of a bone's group (its own points, GRUP first_point..) are
     transformed by the bone's matrix; every other point (shared between
     groups, or of a group without a bone) by the model matrix. When two
     bones claim a point or a polygon, the later bone wins.
   - `callback` (may be NULL) is called for every bone in order, hidden
     ones too, with its matrix, before the target gets the frame.
   - target NULL: only the matrices and the callback.
   pose NULL is the pose of the OBJ. Returns RM_OK, RM_NOMEM, or the first
   status other than RM_OK that the target returned. Clears the hidden
   mask. */
rm_status rm_3d_model_draw_pose(rm_3d_model *model, const rm_3d_pose *pose, rm_3d_bone_callback callback,
                                void *param, const rm_3d_draw_target *target);
/* jo_3d_model_draw: the pose of the OBJ, no callback. */
rm_status rm_3d_model_draw(rm_3d_model *model, const rm_3d_draw_target *target);

/* A target that keeps what was drawn: the posed points and the visible
   polygons of the last draw (each draw replaces them). */
typedef struct rm_3d_collect {
    uint32_t point_count;
    rm_vec3x *points;
    uint32_t polygon_count;
    rm_3d_draw_polygon *polygons;
    uint32_t polygon_capacity;
} rm_3d_collect;

void rm_3d_collect_init(rm_3d_collect *c);
void rm_3d_collect_free(rm_3d_collect *c);
/* The target that fills `c` (c must outlive the draws). */
rm_3d_draw_target rm_3d_collect_target(rm_3d_collect *c);

/* ---- The math (the engine's, exactly) ------------------------------- */

/* jo_fixed_mult: the 64-bit product, bits 16..47 (floor of a*b/65536,
   wrapped to 32 bits). */
rm_fixed rm_3d_fixed_mul(rm_fixed a, rm_fixed b);
/* sin and cos of a jo_angle (any int: taken modulo 65536) in Q16.16,
   computed with integers only (docs/runtime.md): 0, 90, 180, 270 degrees
   are exact (0, 0x10000, 0, -0x10000), every value is within 1/65536 of
   the true one. */
rm_fixed rm_3d_sin(int angle);
rm_fixed rm_3d_cos(int angle);
/* Degrees to a jo_angle: round(degrees * 65536 / 360), wrapped to 16 bits. */
rm_angle rm_3d_angle_from_degrees(double degrees);
static inline double rm_3d_angle_to_degrees(rm_angle a) { return (double)a * 360.0 / 65536.0; }

void rm_3d_matrix_identity(rm_3d_matrix m);
/* jo_3d_transform_point_by: p as a row vector times m (see the top). */
rm_vec3x rm_3d_transform_point(const rm_fixed (*m)[3], rm_vec3x p);
/* The same without the translation (a normal, a direction). */
rm_vec3x rm_3d_rotate_vector(const rm_fixed (*m)[3], rm_vec3x v);
/* The SGL operations on a current matrix `m`, in place: each applies its
   own transform first, then m (slTranslate, slRotX, slRotY, slRotZ). */
void rm_3d_matrix_translate(rm_3d_matrix m, rm_vec3x t);
void rm_3d_matrix_rotate_x(rm_3d_matrix m, int angle);
void rm_3d_matrix_rotate_y(rm_3d_matrix m, int angle);
void rm_3d_matrix_rotate_z(rm_3d_matrix m, int angle);

#ifdef __cplusplus
}
#endif
#endif
