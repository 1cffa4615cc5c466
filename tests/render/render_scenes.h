/* tests/render/render_scenes.h - small scenes built in C for the renderer
   tests: each is a JOM model made field by field (so its numbers are known)
   and the options it is drawn with. Screen positions the tests check are
   worked out by hand in render_scenes.c. */
#ifndef RM_TESTS_RENDER_SCENES_H
#define RM_TESTS_RENDER_SCENES_H

#include <stdint.h>

#include "retromesh/jom.h"
#include "retromesh/render.h"

#define ONE 0x10000

/* Builds a model polygon by polygon. */
typedef struct scene_builder {
    rm_jom_model m;
} scene_builder;

void sb_init(scene_builder *b);
/* A material; returns its index. texture -1: none. */
uint16_t sb_material(scene_builder *b, uint8_t r, uint8_t g, uint8_t bl, uint32_t flags, int16_t texture);
/* A quad (or triangle: d == c) from four points in units of 1.0; the normal as given. */
void sb_quad(scene_builder *b, const double p[4][3], const double normal[3], uint16_t material);
/* An embedded RGB555 texture (TIMG + TEXT); returns its TEXT index. */
int16_t sb_texture(scene_builder *b, const char *name, uint16_t w, uint16_t h, const uint16_t *texels);
/* GOUR (and the VCOL it needs): 4 rgb555 words per polygon, in polygon order. */
void sb_gouraud(scene_builder *b, const uint16_t *table);
/* Center 0, radius the farthest point; makes the scene (aborts on error) and frees the model. */
void sb_finish(scene_builder *b, rm_render_scene *out);

/* The quad of the flat tests: (-1,-1,0) (1,-1,0) (1,1,0) (-1,1,0),
   normal (0,0,-1), facing the eye. At distance 4 in a 320x240 frame,
   focal = 120 / tan 30 = 207.846; 207.846 * 1 / 4 = 51.96 -> 52 pixels
   from the center (160, 120): A (108, 68), B (212, 68), C (212, 172),
   D (108, 172). */
extern const double SQUARE[4][3];
extern const double TOWARD[3];      /* (0, 0, -1) */

/* The golden scenes: name, builder, options. */
typedef struct golden_scene {
    const char *name;
    void (*build)(rm_render_scene *s, rm_render_options *opt, rm_3d_pose *pose, uint32_t *hidden);
} golden_scene;
extern const golden_scene GOLDEN_SCENES[];
extern const int GOLDEN_SCENE_COUNT;

/* The texture of the flip tests, 8 x 2: (0,0) red, (7,0) green, (0,1)
   blue, (7,1) white, (3,0) transparent (0), the others gray. */
#define TEX_RED 0x801Fu
#define TEX_GREEN 0x83E0u
#define TEX_BLUE 0xFC00u
#define TEX_WHITE 0xFFFFu
#define TEX_GRAY 0xC210u
void scene_textured(rm_render_scene *s, uint32_t flags);

#endif
