/* tests/engine_pose/pose_script.h - the differential test of the pose part
   of the model module (engine/model_pose.c) against the host runtime
   (src/runtime/pose.c, draw.c, find.c).

   pose_script.c is compiled twice: into the SuperH program
   (engine/test/test_model_pose.c: the module, the test double) and into the
   host program (pose_host.c: libretromesh). Each side implements the ps_*
   functions below with its own API; the script calls them in the same
   order and prints the results as text lines, so the two outputs must be
   byte for byte the same (run.sh compares them with cmp). Plain C: no
   libc in the script (gnu99 freestanding on the SuperH, C17 on the host). */
#ifndef ENGINE_POSE_SCRIPT_H
#define ENGINE_POSE_SCRIPT_H

#define PS_MAX_BONES 32
#define PS_MAX_POLYGONS 1024

typedef struct
{
    int root[3];
    short angles[PS_MAX_BONES][3];
} ps_pose;

/* A polygon drawn: its index in the model, its corners in the caller's
   space, its normal as drawn (has_normal: the model turns normals). */
typedef struct
{
    unsigned int index;
    int corners[4][3];
    int normal[3];
} ps_polygon;

typedef struct
{
    unsigned int callbacks;                 /* callback calls */
    int callback_bone[PS_MAX_BONES];
    int matrix[PS_MAX_BONES][4][3];         /* the callback's matrices, in the caller's space */
    unsigned int puts;                      /* runs of consecutive polygons (SGL calls) */
    unsigned int put_length[PS_MAX_POLYGONS];
    unsigned int polygons;
    ps_polygon polygon[PS_MAX_POLYGONS];
    int has_normal;
} ps_draw;

/* ---- each side ---- */
void ps_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* counts */
unsigned int ps_point_count(void);
unsigned int ps_polygon_count(void);
unsigned int ps_group_count(void);
unsigned int ps_bone_count(void);
unsigned int ps_animation_count(void);
/* 1 when the model turns the normals of bone polygons (SH: mesh[1]'s
   polygons are a copy of QUAD; host: a material has the LIGHT flag) */
int ps_turns_normals(void);
/* the stored names (zero terminated) */
const char *ps_group_name(unsigned int i);
const char *ps_bone_name(unsigned int i);
const char *ps_animation_name(unsigned int i);
int ps_find_group(const char *name);        /* index, -1 */
int ps_find_bone(const char *name);
int ps_find_animation(const char *name);
int ps_is_animation(int animation, const char *name);
int ps_duration(int animation);
void ps_get_pose(int animation, int time, ps_pose *pose);
void ps_blend(int with_model, ps_pose *pose, const ps_pose *other, int weight);
/* Draws with the caller's matrix `caller` (0: identity, 1: a turned and
   moved one). pose NULL: the OBJ pose. set_mask: jo_3d_model_set_hidden_bones(mask)
   first. with_callback: 0 draws without a callback. */
void ps_draw_model(const ps_pose *pose, int set_mask, unsigned int mask, int caller, int with_callback, ps_draw *out);

/* ---- the script (pose_script.c) ---- */
/* Sets key_ticks of animation `animation` to 0 in the bytes of a JOM file
   (ANIM record, offset 18). 0 when there is no such animation. */
int ps_patch_zero_ticks(unsigned char *data, unsigned int size, unsigned int animation);
/* Runs everything and prints it; `name` is printed first. */
void ps_run(const char *name);

#endif
