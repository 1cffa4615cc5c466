/* retromesh/skeleton.h - the rigid skeleton and its animations, read from
   the JSON file of `retromesh convert --skeleton RIG.json`.

   Usage:
     rm_skeleton skel;
     rm_diag diag;
     rm_diag_init(&diag);
     if (rm_skeleton_read_file("rig.json", &skel, &diag) == RM_OK) {
         rm_convert_options opt;
         rm_convert_options_default(&opt);
         opt.skeleton = &skel;            // BONE and ANIM in the model
         rm_convert_mesh_to_jom(&mesh, &opt, &jom, &diag);
         rm_skeleton_free(&skel);
     }
     rm_diag_print(&diag, stderr, 1);     // rig.json:12:5: error: bones[2] "leg_l": ...

   The skeleton is neutral, like rm_mesh: names as written, pivots and root
   offsets in the OBJ's units and axes, angles in degrees around the OBJ's
   X, Y and Z axes. The converter (retromesh/convert.h) matches the groups
   with the model's, changes the axes, scales, and turns it into the BONE
   and ANIM chunks of a JOM. The JSON format and every rule and message are
   in docs/skeleton.md.

   What the reader checks (every rule that needs no model): the JSON itself
   (jansson, duplicate keys rejected), the type of every value, unknown keys,
   names, parents (a bone listed before), at most 32 bones, a group used by
   two bones, key_ticks or fps, keys, angles naming bones. Every problem
   found is reported as "FILE:LINE:COL: error: WHERE: what is wrong", WHERE
   being the path of the value (bones[2] "leg_l", animations[0] "walk"
   keys[3]...); LINE:COL is the first character of the value (columns count
   characters, as jansson's do).

   Ownership: the skeleton owns every array and string; rm_skeleton_free()
   releases them. rm_skeleton_parse()/rm_skeleton_read_file() initialize
   `out` themselves; on error it is left empty. */
#ifndef RETROMESH_SKELETON_H
#define RETROMESH_SKELETON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RM_SKELETON_MAX_BONES 32        /* JO_3D_MAX_BONES */
#define RM_SKELETON_MAX_KEYS 65535u     /* key_count is a u16 */
#define RM_SKELETON_TICKS_PER_SECOND 60 /* JO_3D_ANIMATION_TICKS_PER_SECOND */

/* Where a value was in the JSON text: line and column from 1 (0: not from
   a file, or not known). Only used in messages. */
typedef struct rm_skeleton_pos {
    unsigned long line, col;
} rm_skeleton_pos;

typedef struct rm_skeleton_bone {
    char *name;             /* as written (UTF-8), not empty */
    char *group;            /* the OBJ o/g group it moves, NULL: none */
    int parent;             /* index of a bone before it, -1: a root */
    double pivot[3];        /* the joint, in the OBJ's units and axes */
    rm_skeleton_pos at;     /* the bone's object */
    rm_skeleton_pos group_at;   /* its "group" value (the object when absent) */
    rm_skeleton_pos pivot_at;   /* its "pivot" value (the object when absent) */
} rm_skeleton_bone;

/* A key: the root offset of the whole model and the angles of every bone. */
typedef struct rm_skeleton_key {
    double root[3];         /* OBJ units and axes; 0 0 0 when not given */
    double (*angles)[3];    /* bone_count rows: degrees around the OBJ's X, Y, Z (0 0 0 for a
                               bone the key does not name); points into the animation's
                               `angle_block` */
    rm_skeleton_pos at;     /* the key's object */
    rm_skeleton_pos root_at;/* its "root" value (the object when absent) */
} rm_skeleton_key;

typedef struct rm_skeleton_animation {
    char *name;             /* not empty */
    uint16_t key_ticks;     /* 1..65535: ticks (1/60 s) between two keys */
    bool loop;              /* the last key goes back to the first */
    size_t key_count;       /* 1..65535 */
    rm_skeleton_key *keys;
    double (*angle_block)[3];   /* key_count * bone_count rows, owned (the keys point into it) */
    rm_skeleton_pos at;     /* the animation's object */
} rm_skeleton_animation;

typedef struct rm_skeleton {
    char *source;           /* file name, for messages (NULL: "<skeleton>") */
    size_t bone_count;      /* 1..32 */
    rm_skeleton_bone *bones;    /* a parent always before its children */
    size_t animation_count;
    rm_skeleton_animation *animations;
} rm_skeleton;

void rm_skeleton_init(rm_skeleton *s);
void rm_skeleton_free(rm_skeleton *s);

/* Parses the JSON text (size bytes, no terminating zero needed; a UTF-8
   byte order mark is skipped). `filename` names the file in messages and
   is copied into out->source. Returns RM_OK, RM_INVALID (every error found
   is in `diag`, at most about 100 of them located by line), RM_NOMEM. */
rm_status rm_skeleton_parse(const char *text, size_t size, const char *filename,
                            rm_skeleton *out, rm_diag *diag);

/* Reads the file and parses it (RM_IO when it cannot be read). */
rm_status rm_skeleton_read_file(const char *path, rm_skeleton *out, rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
