/* retromesh/render.h - the preview renderer: a model drawn as the Saturn's
   VDP1 would draw it (painter's algorithm, distorted sprites, gouraud,
   half transparency, screen doors), into an RGB555 framebuffer.

   Usage:
     rm_render_scene scene;
     if (rm_render_scene_load("ROBOT.JOM", &scene, &diag) == RM_OK) {   // .jom or .obj
         rm_render_options opt;
         rm_render_options_default(&opt);           // 320x240, default framing
         opt.yaw = 30.0;
         uint16_t *fb = malloc(opt.width * opt.height * 2);
         rm_render_frame(&scene, NULL, 0, &opt, fb); // the pose of the OBJ
         rm_image img;
         rm_render_to_image(fb, opt.width, opt.height, 1, &img);
         rm_image_write_png(&img, "robot.png", &diag);
         rm_image_free(&img);
         free(fb);
         rm_render_scene_free(&scene);
     }

   One draw path for every format: a scene is a runtime model
   (retromesh/model.h) plus what the runtime does not keep (the gouraud
   table, the textures as RGB555 words); a frame poses it with
   rm_3d_model_draw_pose() into the renderer's draw target. An OBJ is first
   converted in memory with the default options (rm_convert_options_default).
   The drawing rules are in docs/rendering.md.

   Ownership: a scene owns its model, gouraud table and textures;
   rm_render_scene_free() frees them. Framebuffers belong to the caller. */
#ifndef RETROMESH_RENDER_H
#define RETROMESH_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "image.h"
#include "jom.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RM_RENDER_MAX_SIZE 4096u        /* largest width or height of a frame */

/* A texture as the VDP1 reads it: RGB555 words, 0 is transparent. */
typedef struct rm_render_texture {
    uint32_t width, height;
    uint16_t *texels;       /* width * height, NULL: not found (drawn in the material color) */
} rm_render_texture;

typedef struct rm_render_scene {
    rm_3d_model *model;
    uint16_t *gouraud;              /* 4 per polygon (GOUR), NULL: none */
    uint32_t texture_count;         /* TEXT entries */
    rm_render_texture *textures;
} rm_render_scene;

typedef struct rm_render_options {
    uint32_t width, height;     /* default 320 x 240, the engine's NTSC screen */
    double yaw, pitch;          /* degrees: the model turned around Y, then X (default 0, 0) */
    double distance;            /* from the eye to the center of the bounding sphere; 0: fit */
    double light[3];            /* direction of the light rays, screen axes (x right, y down, z in) */
    uint32_t background;        /* 0xRRGGBB, default 0x202040 */
    bool wire;                  /* the edges of each drawn polygon over its fill */
} rm_render_options;

void rm_render_options_default(rm_render_options *opt);

void rm_render_scene_init(rm_render_scene *s);
void rm_render_scene_free(rm_render_scene *s);

/* A scene from a model in memory. Textures: TIMG entries when embedded,
   else TEXT names looked up as .BIN files in `texture_dir` (NULL: none;
   the name as written, then in upper and lower case). A texture not found
   leaves its polygons untextured, with a warning. `name` names the model
   in messages. */
rm_status rm_render_scene_from_jom(const rm_jom_model *jom, const char *name, const char *texture_dir,
                                   rm_render_scene *out, rm_diag *diag);
/* A scene from a file: a .jom (told by its first bytes; textures beside it)
   or an OBJ (converted in memory with the default options; its textures
   taken from the conversion). */
rm_status rm_render_scene_load(const char *path, rm_render_scene *out, rm_diag *diag);

/* A scene from a model loaded through a CD context (retromesh/cd.h): the
   model's file as the runtime model, its gouraud tables as the context
   made them (shared, or one per polygon for the for-lights variant), and
   its textures as the context loaded them (TIMG entries, or .BIN/.TGA
   files of the CD folder). A texture the context could not load leaves
   its polygons in their material color. The context is only read; the
   scene owns copies (src/render/cd_scene.c). */
struct rm_cd;
rm_status rm_render_scene_from_cd(struct rm_cd *cd, int model, rm_render_scene *out, rm_diag *diag);

/* The camera every frame of these options uses: a 3D point (model space)
   to the screen, and the projected bounding sphere (center and radius in
   pixels). Exposed for tests and the contact sheet. */
typedef struct rm_render_camera {
    double rot[3][3];           /* model -> view rotation (rows) */
    double center[3];           /* bounding sphere center, model space */
    double distance;
    double focal;               /* pixels */
    double cx, cy;              /* screen center */
} rm_render_camera;
void rm_render_camera_make(const rm_render_scene *s, const rm_render_options *opt, rm_render_camera *cam);
/* The circle the bounding sphere projects into (false when the eye is inside it). */
bool rm_render_sphere_circle(const rm_render_scene *s, const rm_render_camera *cam, double *x, double *y,
                             double *r);

/* Draws one frame into `fb` (width * height RGB555 words, bit 15 set on
   every written pixel). `pose` NULL: the pose of the OBJ. `hidden_bones`:
   the mask of rm_3d_model_set_hidden_bones. */
rm_status rm_render_frame(rm_render_scene *s, const rm_3d_pose *pose, uint32_t hidden_bones,
                          const rm_render_options *opt, uint16_t *fb);

/* The same for a runtime model the caller owns (borrowed, not freed):
   no gouraud table, no textures (the runtime keeps neither), so textured
   polygons are drawn in their material color. */
rm_status rm_render_frame_model(rm_3d_model *model, const rm_3d_pose *pose, uint32_t hidden_bones,
                                const rm_render_options *opt, uint16_t *fb);

/* RGB555 framebuffer to an RGBA image (c << 3 as the VDP2 shows it,
   opaque), each pixel enlarged to scale x scale (nearest neighbour).
   RM_USAGE when scale is not 1..16 or a side is 0 or over 65535. */
rm_status rm_render_to_image(const uint16_t *fb, uint32_t width, uint32_t height, uint32_t scale,
                             rm_image *out);

/* ---- Contact sheet (--views 4) ----------------------------------------- */

/* Front (yaw 0, pitch 0), side (yaw 90), top (pitch 90) and three-quarter
   (yaw 45, pitch 30) views, each opt->width x opt->height, in a 2 x 2 grid:
   `sheet` has (2 width) x (2 height) words. Each is labelled (FRONT, SIDE,
   TOP, THREE-QUARTER) in its top-left corner. opt->yaw/pitch are not used. */
rm_status rm_render_views(rm_render_scene *s, const rm_3d_pose *pose, uint32_t hidden_bones,
                          const rm_render_options *opt, uint16_t *sheet);
/* Text in the built-in 5x7 font (6 pixels a character), top-left at x, y:
   digits, the letters A D E F H I N O P Q R S T U W Y, '-' and '/';
   anything else is a blank. Clipped to the framebuffer. */
void rm_render_text(uint16_t *fb, uint32_t width, uint32_t height, int x, int y, const char *text,
                    uint16_t color);

/* ---- Animated GIF ------------------------------------------------------ */

/* GIF89a written as the frames come (giflib), looping forever, each frame
   shown round(100 / fps) hundredths of a second. Colors: each frame's own
   palette (docs/rendering.md "GIF"): a frame of 256 distinct RGB555 colors
   or fewer keeps them exactly (each GIF pixel is c << 3 per channel, as in
   the PNG), a frame of more gets 256 from the project's quantizer (median
   cut + k-means, deterministic). The first frame's palette is the global
   color table; a later frame whose colors are all in it uses it, any other
   carries a local color table. Memory does not depend on the frame count.

   A stream hands the file's bytes to `write` as it goes; `write` returns
   false when they could not be written (the stream then fails with
   RM_IO). */
typedef bool (*rm_render_gif_write_fn)(void *ctx, const uint8_t *bytes, size_t size);
typedef struct rm_render_gif_stream rm_render_gif_stream;
/* Frames of width x height RGB555 words, each pixel written scale x scale
   (nearest neighbour): a GIF of (width scale) x (height scale). NULL when a
   size is 0, a GIF side would be over 65535, scale is not 1..16, fps is
   not 1..100, write is NULL, or out of memory. Nothing is written yet. */
rm_render_gif_stream *rm_render_gif_stream_open(uint32_t width, uint32_t height, uint32_t scale, unsigned fps,
                                                rm_render_gif_write_fn write, void *ctx);
/* Encodes and writes one frame (the header with the first). RM_IO when a
   write failed (and for every call after), RM_NOMEM. */
rm_status rm_render_gif_stream_add(rm_render_gif_stream *s, const uint16_t *fb);
size_t rm_render_gif_stream_frame_count(const rm_render_gif_stream *s);
/* Writes the end of the file and frees the stream (NULL: nothing).
   RM_OK only when every write of the stream succeeded. */
rm_status rm_render_gif_stream_close(rm_render_gif_stream *s);

/* The same collected in memory (for callers that want the bytes): frames
   are encoded as they are added, so memory is the compressed file. */
typedef struct rm_render_gif rm_render_gif;
/* NULL when a size is 0 or over 65535, fps is not 1..100, or out of memory. */
rm_render_gif *rm_render_gif_open(uint32_t width, uint32_t height, unsigned fps);
/* Adds a frame of width * height RGB555 words; RM_USAGE after encode. */
rm_status rm_render_gif_add(rm_render_gif *g, const uint16_t *fb);
size_t rm_render_gif_frame_count(const rm_render_gif *g);
/* Ends the GIF and gives its bytes (*data malloc'd, the caller frees it);
   frames can no longer be added. Called again: the same bytes again. */
rm_status rm_render_gif_encode(rm_render_gif *g, uint8_t **data, size_t *size);
void rm_render_gif_free(rm_render_gif *g);

/* ---- Animation to GIF (render --gif) ------------------------------------ */

/* The default limit of frames of rm_render_animation_gif: 2 minutes at
   30 fps. */
#define RM_RENDER_GIF_MAX_FRAMES 3600u

typedef struct rm_render_gif_anim {
    int animation;              /* index in the model; -1: a turntable */
    int blend;                  /* animation blended in at the same time, -1: none */
    int weight;                 /* of the blend, 0..256 (rm_3d_pose_blend) */
    uint32_t hidden_bones;      /* mask of rm_3d_model_set_hidden_bones */
    rm_render_options options;  /* size, angles, light...; yaw: the turntable's start */
    uint32_t scale;             /* each pixel scale x scale, 1..16 */
    unsigned fps;               /* 1..100 */
    size_t max_frames;          /* 0: RM_RENDER_GIF_MAX_FRAMES */
    /* Called after each frame is written (done = 1..total); NULL: none. */
    void (*progress)(void *ctx, size_t done, size_t total);
    void *progress_ctx;
} rm_render_gif_anim;

/* animation -1, blend -1, weight 0, no hidden bones, the default options,
   scale 1, 30 fps, the default limit, no progress. */
void rm_render_gif_anim_default(rm_render_gif_anim *p);

/* Frames the animation gives: an animation of d ticks (d > 0) at
   t = round(k * 60 / fps) for k = 0 .. ceil(d * fps / 60) - 1, one frame
   when d is 0; a turntable: 2 * fps frames (one turn in 2 seconds). */
size_t rm_render_animation_frame_count(const rm_render_scene *scene, const rm_render_gif_anim *p);

/* The whole animation (or turntable) as a GIF written to `out` as each
   frame is drawn, in the model's pose of that time (blended, bones
   hidden), scaled up, through rm_render_gif_stream. The frame count is
   checked before anything is drawn or written: over the limit it is
   RM_INVALID with "animation 'walk' gives 70000 frames at 30 fps, more
   than the limit of 3600 (--max-frames raises it, --fps lowers it)" in
   `diag`. RM_USAGE for bad parameters (said in diag), RM_IO when a write
   to `out` failed (`out` is flushed, not closed: the caller closes it and
   checks that too). */
rm_status rm_render_animation_gif(rm_render_scene *scene, const rm_render_gif_anim *params, FILE *out,
                                  rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
