/* retromesh/cd.h - the engine's CD side on the host: a folder as the game's
   CD (its cd/ directory), models loaded by file name with their textures,
   the texture registry and the sprite table, the emulated VDP1 VRAM and
   the work-RAM heap (jo_3d_load_model, jo_3d_model_texture,
   jo_3d_model_loaded_texture, jo_3d_free_model,
   jo_3d_model_free_textures_from, __jo_3d_load_model_for_lights).

   Usage:
     rm_diag diag;
     rm_diag_init(&diag);
     rm_cd_options opt;
     rm_cd_options_default(&opt);                 // heap 393216, VRAM 0x10000..0x70000, 255 sprites
     rm_cd *cd = rm_cd_open("game/cd", &opt, &diag);
     if (!cd) { rm_diag_print(&diag, stderr, 1); ... }

     int level_start = rm_cd_sprite_count(cd);    // jo_sprite_count() before the level
     int door = rm_cd_load_model(cd, "door.jom", false, &diag);    // any case: the CD's is ignored
     int room = rm_cd_load_model(cd, "ROOM.JOM", true, &diag);     // a gouraud table per polygon
     if (door < 0) { const rm_cd_error *e = rm_cd_last_error(cd); ... e->kind, e->name, e->missing ... }
     const rm_cd_model_info *info = rm_cd_model(cd, door);
     ... info->polygons, info->textures[i].sprite, info->gouraud_tables, info->vram_bytes ...
     rm_cd_stats st;
     rm_cd_get_stats(cd, &st);                    // VRAM, heap and sprites: in use, peak, limit
     for (int id = 0; id < rm_cd_sprite_count(cd); id++) {
         const rm_cd_sprite *s = rm_cd_sprite_at(cd, id);   // kind, name, address, bytes
     }

     rm_cd_free_model(cd, door);                  // the heap block back; the sprites stay
     rm_cd_free_model(cd, room);
     rm_cd_free_textures_from(cd, level_start);   // the VRAM back: the next level starts clean
     rm_cd_close(cd);
     rm_diag_free(&diag);

   What the engine does, and what this file does the same way
   (docs/cd.md gives each rule with the line of the seed or of the notes it
   rests on):
   - Files: the folder is listed once by rm_cd_open(); a name is looked up
     ASCII case-insensitively (the CD's ISO 9660 names are upper case and
     the program passes them in any case). Sub-folders are not entered.
   - Sprites: every texture, each of its tiles (the 4 quarters made for a
     material with subdivision) and smaller copies (mipmaps), and every
     gouraud table gets the next sprite id, in load order. A texture already
     loaded (same name, any case) is reused: no new sprite, no VRAM.
   - VRAM: one linear allocator: the first sprite at opt.vram_start
     (0x10000), each next one at the end of the previous rounded up to 32
     bytes. RGB555 2 bytes a texel; 16 colors: its 32-byte lookup table then
     half a byte a texel; 8-bit (a TGA with a color map) 1 byte a texel; a
     gouraud table 8 bytes. Nothing is freed but "every sprite from id N on".
   - Heap: a model's file takes its size + 1 from the heap (jo_fs_read_file
     NUL-terminates), less its TIMG chunk, whose entries are read one at a
     time and do not stay; a .BIN/.TGA file takes size + 1 while it is
     decoded. The peak counts those passing blocks.
   - Gouraud tables: rm_cd_load_model(..., false) gives one table to the
     polygons of gouraud materials with the same 4 GOUR colors (first
     appearance order); for_lights gives every polygon its own table (the
     GOUR colors, or the neutral 16,16,16 for a polygon without gouraud).

   Errors: a call that fails returns -1 (or a status), adds a message to the
   caller's rm_diag naming the file or texture, and leaves the details in
   rm_cd_last_error(). A failed load leaves the context as it was before the
   call (its sprites are freed again, its heap block given back). With
   opt.keep_going (for budgets) nothing is refused for want of room: the
   allocation is made past the limit, a warning says what and by how much,
   and the stats keep the overflow; a missing texture then gives a warning
   and the sprite -1 (its polygons untextured) instead of an error.

   Ownership: the rm_cd owns everything it hands out (model infos, sprites,
   the runtime models): pointers stay valid until the next call that loads
   or frees, or rm_cd_close(). */
#ifndef RETROMESH_CD_H
#define RETROMESH_CD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "jom.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RM_CD_DEFAULT_HEAP 393216u          /* JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC (saturn-notes 7.2) */
#define RM_CD_DEFAULT_VRAM_START 0x10000u   /* first texture (saturn-notes 3.4) */
#define RM_CD_DEFAULT_VRAM_END 0x70000u     /* Jo's per-frame gouraud tables start here (saturn-notes 3.4) */
#define RM_CD_DEFAULT_MAX_SPRITES 255u      /* JO_MAX_SPRITE (saturn-notes 3.4) */
#define RM_CD_VRAM_ALIGN 32u                /* each sprite starts on 32 bytes */
#define RM_CD_GOURAUD_BYTES 8u              /* 4 RGB555 words (saturn-notes 5.4) */
#define RM_CD_LUT_BYTES 32u                 /* 16 RGB555 words */
#define RM_CD_NEUTRAL_GOURAUD 0xC210u       /* JO_NO_GOURAUD_COLOR: 16,16,16 */
#define RM_CD_MAX_NAME 12u                  /* GFS_FNAME_LEN: 8.3 names (saturn-notes 7.3) */

typedef struct rm_cd rm_cd;

typedef struct rm_cd_options {
    uint32_t heap_size;         /* bytes of the jo_malloc heap, default RM_CD_DEFAULT_HEAP */
    uint32_t vram_start;        /* VDP1 VRAM offset of the first sprite, default 0x10000 */
    uint32_t vram_end;          /* first offset past the texture area, default 0x70000 */
    uint32_t max_sprites;       /* sprite table size, default 255 */
    bool keep_going;            /* over a limit: allocate anyway, warn, count (see the top) */
} rm_cd_options;

void rm_cd_options_default(rm_cd_options *opt);

/* What a sprite holds. */
typedef enum rm_cd_sprite_kind {
    RM_CD_TEXTURE = 0,          /* a texture of a model (TIMG entry, .BIN, .TGA) or of rm_cd_model_texture */
    RM_CD_TILE = 1,             /* a quarter of a texture (materials with subdivision) */
    RM_CD_MIPMAP = 2,           /* a smaller copy of a texture (materials with mipmaps) */
    RM_CD_GOURAUD = 3           /* a gouraud table (4 colors) */
} rm_cd_sprite_kind;

/* How the texels are stored in VRAM. */
typedef enum rm_cd_color_mode {
    RM_CD_RGB555 = 0,           /* 2 bytes a texel */
    RM_CD_LUT16 = 1,            /* 4 bits a texel + a 16-color lookup table (TIMG format 1) */
    RM_CD_PAL256 = 2,           /* 1 byte a texel (8-bit TGA) */
    RM_CD_TABLE = 3             /* a gouraud table: 4 words */
} rm_cd_color_mode;

/* One entry of the sprite table. */
typedef struct rm_cd_sprite {
    int id;
    rm_cd_sprite_kind kind;
    rm_cd_color_mode mode;
    char name[16];              /* texture name (tiles and copies: their texture's); gouraud: "" */
    uint32_t width, height;     /* texels (a gouraud table: 4 x 1) */
    uint32_t address;           /* VDP1 VRAM offset of the allocation (a LUT16 texture: its LUT) */
    uint32_t texel_address;     /* where the texels start (LUT16: address + 32); a table: address */
    uint32_t bytes;             /* bytes written (LUT included); the next sprite starts 32-aligned after */
    uint32_t reserved;          /* bytes taken from VRAM: bytes rounded up to 32 */
    int parent;                 /* tile / copy: the sprite id of its texture; else -1 */
    int owner;                  /* the model handle that loaded it, -1: rm_cd_model_texture */
    bool over;                  /* keep_going: allocated past a limit */
    /* The picture as the VDP1 shows it (for previews): width*height RGB555
       words, 0 transparent (a LUT or color map applied); gouraud: the 4
       colors A, B, C, D. */
    uint16_t *texels;
} rm_cd_sprite;

/* A texture named by a model (TEXT entry i). */
typedef struct rm_cd_model_texture_use {
    char name[16];              /* in the registry: TIMG entry i's name when embedded, else TEXT i */
    int sprite;                 /* -1: not loaded (keep_going and missing) */
    bool loaded_now;            /* false: reused (loaded before by a model or the program) */
    bool embedded;              /* from the model's TIMG */
    int first_tile;             /* sprite of its first tile (4 in a row), -1: none */
    int first_mipmap;           /* sprite of its first smaller copy, -1: none */
    uint32_t mipmap_count;
} rm_cd_model_texture_use;

/* The figures of a loaded model. */
typedef struct rm_cd_model_info {
    int handle;
    char filename[RM_CD_MAX_NAME + 4];  /* the name as it is in the folder */
    bool for_lights;
    uint32_t polygons, points;
    uint32_t file_bytes;            /* size of the file */
    uint32_t heap_bytes;            /* kept in the heap while the model lives: file - TIMG chunk + 1 */
    uint32_t texture_count;         /* TEXT entries */
    rm_cd_model_texture_use *textures;
    uint32_t textures_loaded;       /* new texture sprites made by this load */
    uint32_t gouraud_tables;        /* gouraud-table sprites made by this load */
    int first_gouraud;              /* sprite id of the first one, -1: none */
    int *polygon_gouraud;           /* per polygon: its gouraud table's sprite id, -1: none */
    int first_sprite;               /* rm_cd_sprite_count() before the load */
    uint32_t sprites_added;         /* textures + tiles + copies + tables */
    uint32_t vram_bytes;            /* VRAM taken by this load (alignment included) */
    uint32_t missing_textures;      /* keep_going: textures not found */
} rm_cd_model_info;

/* What went wrong last (kind RM_CD_ERR_NONE after a call that succeeded). */
typedef enum rm_cd_error_kind {
    RM_CD_ERR_NONE = 0,
    RM_CD_ERR_NOT_FOUND,        /* a file is not in the folder (name) */
    RM_CD_ERR_INVALID,          /* a file is wrong: JOM, .BIN, .TGA (name) */
    RM_CD_ERR_VRAM,             /* a sprite does not fit in the VRAM area (name, missing bytes) */
    RM_CD_ERR_HEAP,             /* the heap cannot hold a block (name, missing bytes) */
    RM_CD_ERR_SPRITES,          /* the sprite table is full (name) */
    RM_CD_ERR_USAGE,            /* a wrong argument (a handle, a sprite id, a name) */
    RM_CD_ERR_NOMEM             /* the host is out of memory */
} rm_cd_error_kind;

typedef struct rm_cd_error {
    rm_cd_error_kind kind;
    rm_status status;           /* RM_IO not found, RM_INVALID wrong or full, RM_USAGE, RM_NOMEM */
    char name[64];              /* the file or texture concerned */
    uint64_t missing;           /* RM_CD_ERR_VRAM / HEAP: the bytes missing */
} rm_cd_error;

/* Totals of the context. */
typedef struct rm_cd_stats {
    uint32_t vram_start, vram_end;  /* the area (options) */
    uint64_t vram_used;             /* from vram_start to the end of the last sprite, aligned */
    uint64_t vram_peak;
    uint64_t vram_over;             /* keep_going: the most the area was exceeded by (0: never) */
    uint64_t heap_size;
    uint64_t heap_used;             /* blocks of the live models */
    uint64_t heap_peak;             /* with the passing blocks (a texture file being read) */
    uint64_t heap_over;             /* keep_going: the most the heap was exceeded by */
    uint32_t sprites;               /* rm_cd_sprite_count */
    uint32_t sprites_peak;
    uint32_t max_sprites;
    uint32_t models;                /* live models */
} rm_cd_stats;

/* ---- The context ------------------------------------------------------ */

/* Opens a folder as the CD: lists it once (files only). NULL when the
   folder cannot be read (message in diag) or out of memory. opt NULL: the
   defaults. Two files whose names differ only by case: a warning, and the
   one whose name is all upper case (else the first in byte order) is the
   one found. */
rm_cd *rm_cd_open(const char *dir, const rm_cd_options *opt, rm_diag *diag);
/* Frees everything (the models too). NULL is allowed. */
void rm_cd_close(rm_cd *cd);

/* The host path of a file of the CD (case-insensitive look-up), NULL when
   it is not there. Owned by the context. */
const char *rm_cd_file_path(const rm_cd *cd, const char *name);
/* The folder given to rm_cd_open. */
const char *rm_cd_dir(const rm_cd *cd);

/* ---- Models ----------------------------------------------------------- */

/* jo_3d_load_model (for_lights false) / __jo_3d_load_model_for_lights
   (true): reads the file, checks it (rm_jom_read's rules), takes its heap
   block, loads its textures (TIMG entries, else the TEXT names as .BIN or
   .TGA files of the folder; reused when already loaded), then makes its
   gouraud tables. Returns the model's handle (>= 0), -1 on failure. */
int rm_cd_load_model(rm_cd *cd, const char *filename, bool for_lights, rm_diag *diag);
/* jo_3d_free_model: the heap block is given back; the sprites stay. An
   unknown or freed handle is ignored. */
void rm_cd_free_model(rm_cd *cd, int handle);
/* The figures of a live model, NULL for an unknown or freed handle. */
const rm_cd_model_info *rm_cd_model(const rm_cd *cd, int handle);
/* The model as read (host structs), NULL for an unknown or freed handle. */
const rm_jom_model *rm_cd_model_jom(const rm_cd *cd, int handle);
/* The runtime model (retromesh/model.h) over the file's bytes, for poses
   and drawing. NULL for an unknown or freed handle. */
rm_3d_model *rm_cd_model_runtime(rm_cd *cd, int handle);
/* The bytes of the model's file (what the engine keeps in the heap, and
   what the runtime model reads in place), NULL for an unknown handle. */
const uint8_t *rm_cd_model_bytes(const rm_cd *cd, int handle, size_t *size);
/* Handles given so far (live or freed): handles are 0 .. count-1. */
int rm_cd_model_handle_count(const rm_cd *cd);

/* ---- Textures and sprites --------------------------------------------- */

/* jo_3d_model_texture: the sprite id of a texture file of the folder
   (.BIN: jo_sprite_add_bin, .TGA: jo_sprite_add_tga), loaded the first
   time only. -1 when not loaded (message in diag). */
int rm_cd_model_texture(rm_cd *cd, const char *filename, rm_diag *diag);
/* jo_3d_model_loaded_texture: the sprite id of a texture already loaded
   (embedded in a model, or by rm_cd_model_texture), -1 if none. Names are
   compared ASCII case-insensitively on their first 15 characters. */
int rm_cd_loaded_texture(const rm_cd *cd, const char *name);
/* jo_3d_model_free_textures_from: frees the sprites from `sprite_id` on
   (textures, tiles, copies, gouraud tables), the VRAM goes back to where
   that sprite started, their names leave the registry. A sprite id at or
   past the count does nothing; a negative one: RM_USAGE. Models still
   alive keep their figures but their freed sprites are gone: free the
   models first, as the engine asks. */
rm_status rm_cd_free_textures_from(rm_cd *cd, int sprite_id);
/* jo_sprite_count(): sprites in the table. */
int rm_cd_sprite_count(const rm_cd *cd);
/* Sprite `id`, NULL when out of range. */
const rm_cd_sprite *rm_cd_sprite_at(const rm_cd *cd, int id);

/* ---- Figures ---------------------------------------------------------- */

void rm_cd_get_stats(const rm_cd *cd, rm_cd_stats *out);
/* The last failure (kind RM_CD_ERR_NONE when the last call succeeded). */
const rm_cd_error *rm_cd_last_error(const rm_cd *cd);
/* A short name for a sprite kind ("texture", "tile", "mipmap", "gouraud"). */
const char *rm_cd_sprite_kind_name(rm_cd_sprite_kind kind);

#ifdef __cplusplus
}
#endif
#endif
