/* engine/model_internal.h - what the files of the model module share
   (jo_engine/model_internal.h in a Jo Engine tree; internal).

   model.c          loading: the file checked, the model made (in place, or
                    copied), its textures loaded (through model_texture.c),
                    its gouraud tables, an ATTR per polygon; free.
   model_texture.c  the registry of the textures of the models (name ->
                    sprite id), TIMG entries, .BIN/.TGA files, 16-color
                    sprites, tiles and smaller copies, gouraud tables,
                    jo_3d_model_free_textures_from().
   model_pose.c     finding groups, bones and animations, poses, blends,
                    drawing a pose, the hidden bones.

   The model's blocks (seed 002: "4 memory blocks per model instead of
   about 12" for a model in place):
   - in place / jo_3d_load_model(): ONE block holds the jo_3d_model, its
     mesh[] (see below), the ATTR table, the sprite id of each texture, the
     copy of the ANIM records (the loader sets `duplicate`, the file's
     bytes stay as they are), bone_children and, for a model with bones,
     the posed points (and the turned polygons); jo_3d_load_model() adds
     the block of the file. single_block is true.
   - jo_3d_create_model_from_memory(): the same block, plus one block per
     table copied from the file (PNTS, QUAD, QMAT, MATL, NTAB, CNRM, VCOL,
     GRUP, BONE, the ANIM keys); single_block is false and `file` is
     JO_NULL.

   model->mesh[0] is the model as jo_3d_model_draw() puts it: PNTS, QUAD
   and the ATTR table. A model with bones has mesh[1]: the buffers
   jo_3d_model_draw_pose() fills each draw: pntbl = point_count posed
   points (model space), pltbl = QUAD itself or, when a material has
   JO_3D_MATERIAL_LIGHT, a copy of QUAD whose normals draw_pose turns with
   their bones (the light of SGL reads the normal of each polygon), attbl =
   mesh[0]'s ATTR. Every count and index has been checked by model.c
   before a model exists: model_pose.c trusts the model. */
#ifndef __JO_MODEL_INTERNAL_H__
#define __JO_MODEL_INTERNAL_H__

#include "module_common.h"

/* ---- model.c ---- */

/* Sets the module's statics the first time it is called (the registry,
   the hidden bones): Jo does not clear the whole .bss at boot
   (jo-engine-api 0.5), so the guard is an initialised variable (.data).
   Every public function of the module calls it first. */
void __jo_3d_model_init(void);

/* Bytes of one key of ANIM for a skeleton of `bones` bones: the root
   (12), 3 angles a bone, 2 bytes of padding when bones is odd. */
static __jo_force_inline unsigned int __jo_3d_key_size(unsigned int bones)
{
    return 12 + bones * 6 + ((bones & 1) ? 2 : 0);
}

/* ---- model_texture.c ---- */

#define __JO_3D_TEXTURE_RGB (0)     /* RGB 555: 2 bytes a pixel (TIMG format 0, .BIN, 24/32-bit .TGA) */
#define __JO_3D_TEXTURE_LUT (1)     /* 16 colors: table + 4 bits a pixel (TIMG format 1) */
#define __JO_3D_TEXTURE_PAL (2)     /* 8 bits a pixel (8-bit .TGA): the game's palette */

/* A texture of the registry. */
typedef struct
{
    char name[16];                  /* as the model (or the program) named it, 15 characters at most */
    short sprite;                   /* its sprite id */
    short first_tile;               /* 4 tiles in a row (materials with subdivision), -1: none made */
    short first_mipmap;             /* its first smaller copy (materials with mipmaps), -1: none made */
    unsigned char mipmap_count;
    unsigned char mode;             /* __JO_3D_TEXTURE_xxx */
    unsigned int lut;               /* __JO_3D_TEXTURE_LUT: VRAM offset of its table (colno = lut / 8) */
    unsigned short width;
    unsigned short height;
} __jo_3d_texture;

/* Empties the registry (from __jo_3d_model_init()). */
void __jo_3d_texture_reset(void);
/* The registry's entry of a sprite id, JO_NULL when the sprite is not a
   texture of the registry. */
const __jo_3d_texture *__jo_3d_texture_of(const int sprite);
/* Bytes of the pixels of a TIMG entry, padded to 4 (format 0: w x h x 2;
   format 1: 32 + w x h / 2); 0 for a format other than 0 and 1. */
unsigned int __jo_3d_timg_pixel_bytes(const unsigned int width, const unsigned int height, const unsigned int format);
/* A TIMG entry: `entry` its 24-byte header (name, width, height, format),
   `pixels` its pixels (in memory, __jo_3d_timg_pixel_bytes() of them).
   A texture of the same name already in the registry is reused (nothing
   added); otherwise the sprite is added (jo_sprite_add() or
   jo_sprite_add_4bits_lut()) and slDMAWait() is called before returning,
   so the caller may free or reuse `pixels`. Refused (message naming `file`,
   "chunk TIMG at 0x..." with `offset`, the entry's offset in the file): a
   width not a multiple of 8 or over 504, a height of 0 or over 255, an
   unknown format, the sprite table full. Returns the sprite id, -1. */
int __jo_3d_texture_add_entry(const char *const file, const unsigned int offset, const unsigned char *const entry,
                              const unsigned char *const pixels);
/* A texture named by TEXT (or by the program: jo_3d_model_texture()): the
   registry's sprite, else the file of the current directory of the CD
   (.BIN: jo_sprite_add_bin(), .TGA: jo_sprite_add_tga(); probed with
   GFS_NameToId first). `model` names the model in messages (JO_NULL: the
   program). Returns the sprite id, -1 (message). */
int __jo_3d_texture_load_file(const char *const model, const char *const name);
/* Makes the tiles (tiles: true) and the smaller copies (mipmaps: true) of a
   texture of the registry that it does not have yet, right now (so right
   after the texture when the texture was just added): docs/cd.md "Tiles
   and smaller copies" of retromesh gives the shapes. The texels are read
   back from the VRAM. false when refused (message). */
bool __jo_3d_texture_derive(const char *const model, const int sprite, const bool tiles, const bool mipmaps);
/* A gouraud table: a new sprite of 4 x 1 RGB texels holding the colors A,
   B, C, D (8 bytes; the next sprite starts 32 bytes further). Returns the
   sprite id (gstb = __jo_sprite_def[id].adr), -1 (message naming
   `model`). */
int __jo_3d_gouraud_add(const char *const model, const unsigned short colors[4]);

/* ---- model_pose.c ---- */

/* jo_3d_model_set_hidden_bones(): for the next jo_3d_model_draw_pose(),
   which clears it (one mask for the engine, as the seed says). */
extern unsigned int __jo_3d_hidden_bones;

#endif /* !__JO_MODEL_INTERNAL_H__ */
