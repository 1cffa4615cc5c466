/* src/runtime/cd_internal.h - the struct behind rm_cd and the helpers its
   files share (internal). One job a file:
     cd.c          open/close, the last error, stats, accessors
     cd_dir.c      the folder as the CD: list once, case-insensitive look-up
     cd_heap.c     the work-RAM heap figures (jo_malloc)
     vram.c        the sprite table and the linear VDP1 VRAM allocator
     vram_derived.c tiles and smaller copies of a texture
     cd_tga.c      TGA files as the engine's loader reads them
     cd_texture.c  textures: TIMG entries, .BIN/.TGA files, the registry
     cd_gouraud.c  the gouraud tables of a model
     cd_model.c    load and free a model */
#ifndef RM_RUNTIME_CD_INTERNAL_H
#define RM_RUNTIME_CD_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/cd.h"

typedef struct cd_file {
    char *name;     /* as in the folder */
    char *path;     /* dir/name */
} cd_file;

typedef struct cd_model {
    bool live;
    rm_cd_model_info info;
    uint8_t *bytes;         /* the file, kept: the runtime model reads it in place */
    size_t size;
    rm_jom_model jom;
    rm_3d_model *runtime;
} cd_model;

struct rm_cd {
    char *dir;
    rm_cd_options opt;
    cd_file *files;         /* sorted by name (byte order) */
    size_t file_count;

    rm_cd_sprite *sprites;
    uint32_t sprite_count, sprite_capacity, sprites_peak;
    uint64_t vram_top;      /* the next sprite's address (aligned) */
    uint64_t vram_peak;     /* highest vram_top - vram_start */
    uint64_t vram_over;

    uint64_t heap_used, heap_peak, heap_over;

    cd_model *models;
    int model_count, model_capacity;

    rm_cd_error err;
};

/* cd.c: records a failure (kind, status, name, missing bytes). */
void cd_fail(rm_cd *cd, rm_cd_error_kind kind, rm_status status, const char *name, uint64_t missing);
/* Frees what a model slot holds (not its heap figure). */
void cd_model_release(cd_model *m);
/* ASCII case-insensitive comparison of two names on at most n characters. */
bool cd_name_equal(const char *a, const char *b, size_t n);

/* cd_dir.c */
rm_status cd_dir_list(rm_cd *cd, rm_diag *diag);
void cd_dir_free(rm_cd *cd);
const cd_file *cd_dir_find(const rm_cd *cd, const char *name);

/* cd_heap.c: `what` names the block in messages. A block that does not fit
   fails (RM_CD_ERR_HEAP) unless keep_going, which takes it anyway and
   warns. cd_heap_pass: a block taken and given back at once (a file being
   decoded): only the peak moves. */
bool cd_heap_take(rm_cd *cd, uint64_t bytes, const char *what, rm_diag *diag);
bool cd_heap_pass(rm_cd *cd, uint64_t bytes, const char *what, rm_diag *diag);
void cd_heap_give(rm_cd *cd, uint64_t bytes);

/* vram.c: a new sprite at the end of the table. `texels` is taken (freed on
   failure too). `what` names it in messages ("texture WALL.BIN"). Returns
   its id, -1 when refused (sprite table full, VRAM full) or out of memory. */
typedef struct cd_sprite_request {
    rm_cd_sprite_kind kind;
    rm_cd_color_mode mode;
    const char *name;
    uint32_t width, height;
    uint32_t bytes;         /* written to VRAM (LUT included) */
    uint32_t lut_bytes;     /* of those, the lookup table in front of the texels */
    int parent, owner;
    uint16_t *texels;
} cd_sprite_request;
int cd_sprite_add(rm_cd *cd, cd_sprite_request *req, const char *what, rm_diag *diag);
void cd_sprites_free_from(rm_cd *cd, uint32_t id);
/* Bytes of width x height texels in a color mode. */
uint64_t cd_mode_bytes(rm_cd_color_mode mode, uint32_t width, uint32_t height);

/* vram_derived.c: the tiles (4 quarters) and smaller copies of texture
   `id`, made when a model needing them is loaded and they do not exist
   yet. Return false on a refusal (the failure recorded). */
bool cd_make_tiles(rm_cd *cd, int id, int owner, const char *model, rm_diag *diag);
bool cd_make_mipmaps(rm_cd *cd, int id, int owner, const char *model, rm_diag *diag);
/* The first tile / first copy of texture `id` (-1: none), and how many copies. */
int cd_first_derived(const rm_cd *cd, int id, rm_cd_sprite_kind kind, uint32_t *count);

/* cd_tga.c: a TGA file decoded as the engine's loader would (saturn-notes
   3.2), refused where that loader would misread it. texels: RGB555, 0
   transparent (an 8-bit file through its color map); *mode RGB555 or
   PAL256 (its VRAM size). */
rm_status cd_tga_decode(const uint8_t *data, size_t size, const char *name, uint16_t **texels,
                        uint32_t *width, uint32_t *height, rm_cd_color_mode *mode, rm_diag *diag);

/* cd_texture.c */
/* Texture sprite with this name (case-insensitive, 15 characters), -1. */
int cd_texture_find(const rm_cd *cd, const char *name);
/* A TIMG entry as a new texture sprite; -1 refused. */
int cd_texture_from_timg(rm_cd *cd, const rm_jom_texture *t, int owner, const char *model, rm_diag *diag);
/* A .BIN or .TGA file of the folder as a new texture sprite; -1 not found
   (RM_CD_ERR_NOT_FOUND), wrong or refused. `model` names the model asking
   (NULL: the program). */
int cd_texture_from_file(rm_cd *cd, const char *name, int owner, const char *model, rm_diag *diag);

/* cd_gouraud.c: the gouraud tables of a loaded model (info->polygon_gouraud
   filled). false on a refusal. */
bool cd_make_gouraud(rm_cd *cd, cd_model *m, rm_diag *diag);

#endif
