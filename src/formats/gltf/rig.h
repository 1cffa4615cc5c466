/* src/formats/gltf/rig.h - the parts of the rig step (internal to
   rig.c, rig_bones.c, rig_anim.c, rig_loop.c).

     rig_bones.c  which nodes are bones, their order, parents and pivots;
                  the mesh's groups given to the bones (several groups of
                  one bone joined into one);
     rig_anim.c   one glTF animation sampled into the keys of an
                  rm_skeleton_animation (angles, root offsets);
     rig_loop.c   the --loop / --once names checked, loops detected;
     rig.c        rm_gltf_rig (gltf_internal.h): runs them.

   Ownership: rm_gltf_rig_bones owns bone_of_node (rm_gltf_rig_bones_free);
   everything put in an rm_skeleton is the skeleton's. */
#ifndef RM_FORMATS_GLTF_RIG_H
#define RM_FORMATS_GLTF_RIG_H

#include "gltf_internal.h"

/* The bones, in skeleton order (a parent before its children). */
typedef struct rm_gltf_rig_bones {
    size_t count;                           /* 0..RM_SKELETON_MAX_BONES */
    uint32_t node[RM_SKELETON_MAX_BONES];   /* the bone's node */
    int parent[RM_SKELETON_MAX_BONES];      /* index of the parent bone, -1: a root */
    double pivot[RM_SKELETON_MAX_BONES][3]; /* translation of the node's rest world matrix */
    int32_t *bone_of_node;                  /* node_count entries: bone index, -1: none */
    bool skinned;                           /* set-up (b): the bones are skin joints */
} rm_gltf_rig_bones;

/* Finds the bones (set-up (b) when a mesh node of the scene has a skin:
   the joints of the skins in use and their ancestors that are joints;
   set-up (a) otherwise: the animated nodes at or above a mesh node).
   count 0: no bones. More than 32 is an error. `rest` from
   rm_gltf_rest_world. */
rm_status rm_gltf_rig_find_bones(const rm_gltf_doc *doc, const double *rest,
                                 rm_gltf_rig_bones *b, rm_diag *diag);
void rm_gltf_rig_bones_free(rm_gltf_rig_bones *b);

/* The bone's name: its node's name, else "node<N>" (buf of 32 bytes at
   least for the latter). */
const char *rm_gltf_rig_node_name(const rm_gltf_doc *doc, uint32_t node, char *buf,
                                  size_t size);

/* Gives each group of the mesh to the bone at or nearest above
   groups->node[g]; joins the groups of one bone into one (the mesh is
   changed), and sets s->bones[i].group (strdup'd; NULL: no group). The
   bones' names must be set. `groups` may be NULL (no group given). */
rm_status rm_gltf_rig_groups(const rm_gltf_doc *doc, const rm_gltf_rig_bones *b,
                             const rm_gltf_groups *groups, rm_mesh *mesh, rm_skeleton *s);

/* The animation's name: its own (not empty), else "animation<N>" (buf of
   32 bytes). */
const char *rm_gltf_rig_animation_name(const rm_gltf_doc *doc, size_t index, char *buf,
                                       size_t size);

/* Samples animation `index` into *out (name, key_ticks, keys; loop left
   false). `size` is the model's radius (for the tolerance of the
   translation check). Warnings for what a rigid skeleton cannot hold. */
rm_status rm_gltf_rig_animation(const rm_gltf_doc *doc, const rm_gltf_options *opt,
                                const rm_gltf_rig_bones *b, const double *rest, size_t index,
                                double size, rm_skeleton_animation *out, rm_diag *diag);

/* Checks opt->loop and opt->once: each a name of an animation of the
   file, none in both. */
rm_status rm_gltf_rig_check_loop_names(const rm_gltf_doc *doc, const rm_gltf_options *opt,
                                       rm_diag *diag);

/* Decides a sampled animation's loop flag (last pose = first, or the
   options) and drops the repeated last key. `radius` is the model's. */
void rm_gltf_rig_loop(const rm_gltf_options *opt, size_t bone_count, double radius,
                      rm_skeleton_animation *a);

#endif
