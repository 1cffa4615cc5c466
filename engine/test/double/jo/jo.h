/* engine/test/double/jo/jo.h - the test double of the Jo Engine and SGL
   (only what the model and level modules and the samples call).

   The project's own declarations, written from the names, signatures and
   struct layouts in ../shared/spec/jo-engine-api.md and saturn-notes.md;
   nothing is copied from the Jo Engine or SGL. The implementations
   (the .c files of engine/test/double) record what the engine would do: the sprites
   added (id, size, VRAM address as Jo allocates it), the polygons put
   (their PDATA, ATTR and the current matrix), the heap blocks. See
   double.h for what a test program reads back.

   A module includes <jo/jo.h> as it does in a Jo Engine tree, then its
   own header (jo/model.h, jo/level.h). Compiled with sh4-linux-gnu-gcc
   -mb -m4-nofpu -std=gnu99 -fms-extensions -ffreestanding: big-endian
   SuperH, no FPU, no libc. */
#ifndef ENGINE_TEST_DOUBLE_JO_H
#define ENGINE_TEST_DOUBLE_JO_H

#include <stdbool.h>

/* ---- switches (what the makefile would define) ---- */
#ifndef JO_COMPILE_USING_SGL
#define JO_COMPILE_USING_SGL
#endif
#ifndef JO_COMPILE_WITH_3D_SUPPORT
#define JO_COMPILE_WITH_3D_SUPPORT
#endif
#ifndef JO_COMPILE_WITH_FS_SUPPORT
#define JO_COMPILE_WITH_FS_SUPPORT
#endif
#ifndef JO_COMPILE_WITH_TGA_SUPPORT
#define JO_COMPILE_WITH_TGA_SUPPORT
#endif
#ifndef JO_COMPILE_WITH_LEVEL_SUPPORT
#define JO_COMPILE_WITH_LEVEL_SUPPORT
#endif
#ifndef JO_MAX_SPRITE
#define JO_MAX_SPRITE (255)
#endif
#ifndef JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC
#define JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC (393216)
#endif
/* JO_DEBUG is on by default in Jo's makefile; the double builds with it
   unless -DJO_DOUBLE_RELEASE. */
#if !defined(JO_DEBUG) && !defined(JO_DOUBLE_RELEASE)
#define JO_DEBUG
#endif

/* ---- SGL types (SL_DEF.H) ---- */
typedef unsigned char Uint8;
typedef signed char Sint8;
typedef unsigned short Uint16;
typedef signed short Sint16;
typedef unsigned long Uint32;
typedef signed long Sint32;
typedef int Bool;
typedef Sint32 FIXED;
typedef Sint16 ANGLE;
typedef FIXED MATRIX[4][3];
typedef FIXED VECTOR[3];
typedef FIXED POINT[3];

#define X 0
#define Y 1
#define Z 2
#define XYZ 3
#define CURRENT 0
#define ON 1
#define OFF 0
#ifndef TRUE
#define TRUE 1
#define FALSE 0
#endif

/* POLYGON: 20 bytes, ATTR: 12 bytes, PDATA: 20 bytes (saturn-notes 4.2) */
typedef struct
{
    VECTOR norm;
    Uint16 Vertices[4];
} POLYGON;

typedef struct
{
    Uint8 flag;
    Uint8 sort;
    Uint16 texno;
    Uint16 atrb;
    Uint16 colno;
    Uint16 gstb;
    Uint16 dir;
} ATTR;

typedef struct
{
    POINT *pntbl;
    Uint32 nbPoint;
    POLYGON *pltbl;
    Uint32 nbPolygon;
    ATTR *attbl;
} PDATA;

typedef struct
{
    POINT *pntbl;
    Uint32 nbPoint;
    POLYGON *pltbl;
    Uint32 nbPolygon;
    ATTR *attbl;
    VECTOR *vntbl;
} XPDATA;

/* TEXTURE: Hsize, Vsize, CGadr (VRAM offset / 8), HVsize ((w / 8) << 8 | h) */
typedef struct
{
    Uint16 Hsize;
    Uint16 Vsize;
    Uint16 CGadr;
    Uint16 HVsize;
} TEXTURE;

/* ATTR constants (saturn-notes 4.2, 6.2) */
#define Single_Plane 0
#define Dual_Plane 1
#define SORT_BFR 0
#define SORT_MIN 1
#define SORT_MAX 2
#define SORT_CEN 3
#define UseTexture (1 << 2)
#define UseLight (1 << 3)
#define UseDepth (1 << 4)
#define UsePalette (1 << 5)
#define UseNearClip (1 << 6)
#define UseGouraud (1 << 7)
#define No_Texture 0
#define No_Gouraud 0
#define No_Palet 0
#define FUNC_Sprite 1
#define FUNC_Texture 2
#define FUNC_Polygon 4
#define FUNC_PolyLine 5
#define FUNC_Line 6
#define MSBon (1 << 15)
#define HSSon (1 << 12)
#define HSSoff 0
#define MESHon (1 << 8)
#define MESHoff 0
#define ECdis (1 << 7)
#define ECenb 0
#define SPdis (1 << 6)
#define SPenb 0
#define CL16Bnk (0 << 3)
#define CL16Look (1 << 3)
#define CL64Bnk (2 << 3)
#define CL128Bnk (3 << 3)
#define CL256Bnk (4 << 3)
#define CL32KRGB (5 << 3)
#define CL_Replace 0
#define CL_Shadow 1
#define CL_Half 2
#define CL_Trans 3
#define CL_Gouraud 4
#define COL_16 (2 + 1)
#define COL_64 (2 + 0)
#define COL_128 (2 + 0)
#define COL_256 (2 + 0)
#define COL_32K (2 - 1)

/* ---- SGL functions (the matrix stack, polygons, DMA, GFS) ---- */
Bool slPushMatrix(void);
Bool slPopMatrix(void);
void slUnitMatrix(MATRIX m);                 /* CURRENT (0): the current matrix */
void slLoadMatrix(MATRIX m);                 /* the current matrix := m (m is SGL's 4 rows of 3) */
void slGetMatrix(MATRIX m);                  /* m := the current matrix */
void slMultiMatrix(MATRIX m);                /* the current matrix := m applied first, then the current one */
void slTranslate(FIXED x, FIXED y, FIXED z); /* post-multiplies: moves along the current axes */
void slRotX(ANGLE a);
void slRotY(ANGLE a);
void slRotZ(ANGLE a);
FIXED slCalcPoint(FIXED x, FIXED y, FIXED z, FIXED ans[XYZ]);   /* ans := (x, y, z) by the current matrix */
FIXED slSin(ANGLE a);
FIXED slCos(ANGLE a);
Bool slPutPolygon(PDATA *pdata);
Bool slPutPolygonX(XPDATA *xpdata, FIXED *light);
void slDMACopy(void *src, void *dst, Uint32 size);   /* asynchronous: slDMAWait() before reusing src */
void slDMAWait(void);

typedef Sint32 GfsHn;
Sint32 GFS_NameToId(Sint8 *fname);           /* negative: not in the current directory (exact, 12 characters) */

/* ---- Jo types (jo/types.h) ---- */
#define JO_NULL ((void *)0)
#define JO_UNUSED_ARG(X) ((void)(X))
#define __jo_force_inline __attribute__((always_inline)) inline
typedef int jo_fixed;
typedef unsigned short jo_color;

typedef struct
{
    jo_fixed x;
    jo_fixed y;
    jo_fixed z;
} jo_pos3D_fixed;

typedef struct
{
    unsigned short width;
    unsigned short height;
    jo_color *data;
} jo_img;

typedef struct
{
    unsigned short width;
    unsigned short height;
    unsigned char *data;
} jo_img_8bits;

/* Jo's name for SGL's TEXTURE (the same 8 bytes, Jo's field names,
   jo-engine-api 1.6): width, height, adr (VRAM offset / 8), size (HVsize
   = (width / 8) << 8 | height). __jo_sprite_def[] is handed to SGL as its
   texture table, so ATTR texno = the sprite id. */
typedef struct
{
    unsigned short width;
    unsigned short height;
    unsigned short adr;
    unsigned short size;
} jo_texture_definition;

typedef struct
{
    unsigned short index;
    unsigned short color_mode;
    void *data;
} jo_picture_definition;

/* jo_file: 24 bytes; the module reads `size` only */
typedef struct
{
    int id;
    int size;
    char *read_buffer;
    int read_index;
    int sector_index;
    int read;
} jo_file;

typedef struct
{
    PDATA data;
} jo_3d_mesh;

typedef struct
{
    PDATA data;
    ATTR attribute;
} jo_3d_quad;

#define JO_COLOR_Transparent ((jo_color)0)
#define JO_FIXED_1 (65536)

/* ---- memory (jo/malloc.h) ---- */
typedef enum
{
    JO_FAST_ALLOCATION = 0,
    JO_MALLOC_TRY_REUSE_BLOCK = 1,
    JO_MALLOC_TRY_REUSE_SAME_BLOCK_SIZE = 2
} jo_malloc_behaviour;

void *jo_malloc_with_behaviour(unsigned int n, const jo_malloc_behaviour behaviour);
static __jo_force_inline void *jo_malloc(unsigned int n)
{
    return jo_malloc_with_behaviour(n, JO_FAST_ALLOCATION);
}
void jo_free(const void *const p);

/* ---- files (jo/fs.h): the current directory of the CD ---- */
#define JO_ROOT_DIR ((const char *)0)
#define JO_CURRENT_DIR ((const char *)0)
#define JO_PARENT_DIR ".."
char *jo_fs_read_file_ptr(const char *const filename, void *buf, int *len);
static __jo_force_inline char *jo_fs_read_file(const char *const filename, int *len)
{
    return jo_fs_read_file_ptr(filename, 0, len);
}
bool jo_fs_open(jo_file *const file, const char *const filename);
int jo_fs_read_next_bytes(jo_file *const file, char *buffer, unsigned int nbytes);
bool jo_fs_seek_forward(jo_file *const file, unsigned int nbytes);
void jo_fs_close(jo_file *const file);

/* ---- sprites (jo/sprites.h, jo/image.h, jo/tga.h) ---- */
extern jo_texture_definition __jo_sprite_def[JO_MAX_SPRITE];
extern jo_picture_definition __jo_sprite_pic[JO_MAX_SPRITE];
int jo_sprite_add(const jo_img *const img);
int jo_sprite_add_8bits_image(const jo_img_8bits *const img);
void jo_sprite_free_from(const int sprite_id);
int jo_get_last_sprite_id(void);
static __jo_force_inline int jo_sprite_count(void)
{
    return jo_get_last_sprite_id() + 1;
}
int jo_sprite_add_bin(const char *const sub_dir, const char *const filename, const jo_color transparent_color);
int jo_sprite_add_tga(const char *const sub_dir, const char *const filename, const jo_color transparent_color);

/* ---- errors (jo/core.h): JO_DEBUG only, as in the engine ---- */
#ifdef JO_DEBUG
void __jo_double_core_error(const char *function, const char *format, ...);
#define jo_core_error(...) __jo_double_core_error(__FUNCTION__, __VA_ARGS__)
#endif
const char *jo_get_last_error(void);

/* ---- 3D (jo/3d.h) ---- */
static __jo_force_inline void jo_3d_push_matrix(void) { slPushMatrix(); }
static __jo_force_inline void jo_3d_pop_matrix(void) { slPopMatrix(); }
static __jo_force_inline void jo_3d_translate_matrix_fixed(jo_fixed x, jo_fixed y, jo_fixed z) { slTranslate(x, y, z); }
static __jo_force_inline void jo_3d_translate_matrix(int x, int y, int z) { slTranslate(x << 16, y << 16, z << 16); }
static __jo_force_inline void jo_3d_mesh_draw(jo_3d_mesh *const mesh) { slPutPolygon(&mesh->data); }

/* The Saturn's jo.h includes every header; so does this one. */
#include "jo/model.h"
#include "jo/level.h"

#endif
