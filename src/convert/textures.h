/* src/convert/textures.h - the texture steps of the converter and their
   pure helpers (docs/textures.md).

   Usage (what the pipeline does):
     faces.c       rm_cv_uv_turn_of() on each textured polygon (not with
                   --slice-textures): the corner that becomes A
     textures.c    rm_cv_build_textures(): map_Kd images loaded
                   (texture_find.c), fitted, converted, deduplicated;
                   MATL.texture; with --slice-textures one texture per
                   polygon (slice.c) and a MATL record per (material,
                   texture)
     texture_names.c  rm_cv_name_textures(): TEXT names
     budget.c      rm_cv_budget_check(): the summary numbers, over-budget
                   warning or error
   The helpers below take plain values (no context) so the tests call them
   directly. */
#ifndef RM_CONVERT_TEXTURES_H
#define RM_CONVERT_TEXTURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/convert.h"
#include "retromesh/image.h"
#include "retromesh/mesh.h"

/* An image named by map_Kd, loaded once per path. */
typedef struct rm_cv_image {
    char *path;             /* as opened */
    rm_image img;
    bool resize_warned;
    uint32_t whole[3];      /* texture made from the whole image: RGB555, 16 colors,
                               16 colors without index 15; UINT32_MAX: not made yet */
} rm_cv_image;

/* A texture of TEXT (and TIMG when embedded). */
typedef struct rm_cv_texture {
    uint32_t width, height;
    uint16_t format;        /* 0: RGB555, 1: 16 colors + lookup table */
    uint8_t *data;          /* the TIMG pixel bytes, big endian, without padding */
    uint32_t size;          /* format 0: w*h*2; format 1: 32 + w*h/2 */
    uint32_t crc;           /* rm_cv_texture_crc() */
    uint32_t image;         /* index in the images: the name comes from it */
    bool slice;
    char name[16];
} rm_cv_texture;

/* ---- uv_corners.c ------------------------------------------------------ */

typedef struct rm_cv_uv_turn {
    bool usable;            /* every UV finite, and not all at one point */
    unsigned first;         /* the corner that becomes A */
    bool mirrored;          /* the UVs turn against the corner order (counterclockwise, v up) */
} rm_cv_uv_turn;

/* For n (3 or 4) corners in their final order with texture coordinates uv
   (OBJ: u right, v up): the corner that becomes A, from the UVs alone. The
   VDP1 draws texture top-left, top-right, bottom-right, bottom-left at A,
   B, C, D: clockwise in UV space (v up). When the UVs turn that way, A is
   the corner nearest the top-left of the face's UVs (u min, v max); when
   they turn the other way (`mirrored`), the corner nearest the top-right,
   so that jo_flip h draws the face as its UVs say. Distances are measured
   with the UV box scaled to a unit square; on a tie the first corner wins.
   `flags` (the material's) is not used: a jo_flip never changes the
   corners, it flips the texture on the VDP1 (seed 000). */
rm_cv_uv_turn rm_cv_uv_turn_of(const double uv[][2], unsigned n, uint32_t flags);

/* True when a polygon turned by `t` is drawn as its UVs say (normal faces:
   flipped as the material's jo_flip asks) with these material flags:
   false for a mirrored face unless the flip is exactly jo_flip h. */
bool rm_cv_uv_drawn_right(const rm_cv_uv_turn *t, uint32_t flags);

/* The UVs of n mesh corners; false when one has none or is not finite. */
bool rm_cv_corner_uvs(const rm_mesh *m, const uint32_t *corner, unsigned n, double uv[4][2]);

/* "jo_flip h", "jo_flip v", "jo_flip hv" or "no jo_flip" for the flip bits of
   `flags`. */
const char *rm_cv_flip_name(uint32_t flags);

/* ---- texture_names.c --------------------------------------------------- */

/* The CD name stem of an image path: its file name without the extension,
   uppercase, only A-Z 0-9 _ kept, at most `max` (1..15) characters; "TEX"
   when nothing is left. out has max + 1 bytes. */
void rm_cv_name_stem(const char *path, size_t max, char *out);
/* STEM.BIN (stem of at most 8). */
void rm_cv_bin_name(const char *stem, char out[16]);
/* The clash form: the first 3 characters of the stem, '_', 4 hex digits:
   WAL_1A2B.BIN. */
void rm_cv_bin_name_hashed(const char *stem, uint16_t hash, char out[16]);
/* The embedded form: the first 4 characters, '_', 6 hex digits (the low 24
   bits of hash): WALL_1A2B3C.BIN (at most 15 characters). */
void rm_cv_embedded_name(const char *stem, uint32_t hash, char out[16]);

/* CRC-32 (zlib) of the TIMG entry without its name: width, height, format,
   reserved (u16 big endian each), then the pixel bytes. */
uint32_t rm_cv_texture_crc(uint32_t width, uint32_t height, uint16_t format, const uint8_t *data,
                           size_t size);

/* Gives each texture its TEXT name, in order; `stems[i]` is the stem of
   texture i's image (rm_cv_name_stem, 8 characters). Without `embedded`:
   STEM.BIN, or on a clash with an earlier name, the hashed form with the
   low 16 bits of the CRC, then +1, +2... until free. Embedded: the hashed
   form with 24 bits, the same way. Never two equal names. */
rm_status rm_cv_name_textures(rm_cv_texture *t, size_t n, const char *const *stems, bool embedded);

/* ---- budget.c ---------------------------------------------------------- */

/* VDP1 VRAM of a texture as the engine allocates it: w*h*2 bytes (format
   1: w*h/2 + 32 for the lookup table), rounded up to 32. */
uint64_t rm_cv_vram_bytes(uint32_t width, uint32_t height, uint16_t format);

#endif
