/* src/runtime/model_internal.h - the struct behind rm_3d_model (internal).

   Two kinds of model share it:
   - native (rm_3d_create_model_from_memory): the arrays below, host-endian
     copies made by rm_jom_read and kept;
   - in place (rm_3d_create_model_in_place, rm_3d_load_model): `data` and
     the offsets of the first record of each chunk; the records are read
     through the accessors of load.c, big endian, straight from the bytes.
   Everything else (find, pose, draw) goes through the accessors, so both
   kinds give the same results by construction (and the tests check it).

   The counts are those the validator checked: every index in the records
   is below its count, group ranges fit, parents come before children,
   bone_count <= 32, the keys of each animation are inside ANIM. */
#ifndef RM_RUNTIME_MODEL_INTERNAL_H
#define RM_RUNTIME_MODEL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/jom.h"
#include "retromesh/model.h"

struct rm_3d_model {
    bool in_place;
    rm_vec3x center;
    rm_fixed radius;
    uint32_t point_count, polygon_count, material_count, group_count;
    uint32_t bone_count, animation_count;
    uint32_t key_size;          /* bytes of one key in the file */
    uint8_t *duplicate;         /* per animation: the loader's flag (both kinds) */
    uint32_t hidden;            /* rm_3d_model_set_hidden_bones, for the next draw */

    /* native */
    rm_vec3x *points;
    rm_jom_polygon *polygons;
    uint16_t *polygon_materials;
    rm_jom_material *materials;
    rm_jom_group *groups;
    rm_jom_bone *bones;
    rm_jom_animation *animations;   /* with their keys */

    /* in place: the bytes, and where the records of each chunk start (just
       after its count); anim_data is where the ANIM data starts (its count),
       the origin of the key offsets. */
    const uint8_t *data;
    size_t size;
    uint8_t *owned;             /* rm_3d_load_model: the file, freed with the model */
    size_t points_at, polygons_at, qmat_at, materials_at, groups_at, bones_at;
    size_t animations_at, anim_data;
};

/* load.c: an in-place model over the bytes of a view that jom_view_open
   (or jom_read_view: the CD context keeps the copies too) has accepted:
   nothing is read twice. The view's bytes must outlive the model. NULL
   when out of memory (reported as "NAME: error: out of memory"). */
struct jom_view;
rm_3d_model *rt_model_in_place(const struct jom_view *v, const char *name, rm_diag *diag);

#endif
