/* engine/test/double/double.h - what a test program running on the SuperH
   CPU (qemu-sh4eb) reads back from the test double, and the small
   freestanding runtime it has instead of a libc.

   Runtime (engine/test/rt: crt.S, sys.c, print.c, mem.c, divide.S, divide.c):
   - _start calls int main(int argc, char **argv); its return is the exit
     status. rt_exit() ends the program at once.
   - System calls through trapa #0x13 (superh-qemu.md): open, read, write,
     close, exit.
   - rt_print*(): to standard output (rt_eprint*: standard error), buffered,
     flushed by rt_flush() and at exit. Formats: %d %i %u %x %X %s %c %%,
     with the l and ll length modifiers, a width and the 0 flag.
   - rt_read_file(): a whole host file into a block of the static test
     heap (not Jo's heap), 4-byte aligned; JO_NULL if it cannot be read.
   - The compiler's helpers __sdivsi3_i4i, __udivsi3_i4i (assembly: their
     register convention is special), __divdi3, __udivdi3, __moddi3,
     __umoddi3 (C, no division operator inside): see docs/engine.md.

   The double (core.c, fs.c, malloc.c, sprites.c, sgl.c, put.c, tga_bin.c):
   - Files: GFS looks names up in the folder set by double_set_cd(), exactly
     and case-sensitively on 12 characters, as GFS does (jo-engine-api 0.6).
     jo_fs_read_file() of a missing name records an error, as Jo's blocking
     error screen would: a test fails when a module probes that way.
   - Heap: jo_malloc's zone of JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC bytes, Jo's
     behaviours (a failed allocation returns JO_NULL); every live block is
     recorded with the size asked for. double_set_heap_limit() makes
     allocations fail past a total (out-of-memory tests).
     JO_MALLOC_TRY_REUSE_SAME_BLOCK_SIZE is recorded as a defect (it can
     hang the Saturn: jo-engine-api 0.4).
   - Sprites: Jo's allocator: the first at VRAM 0x10000, each next at the
     end of the previous rounded up to 32 bytes, (w * h * 4) >> cmode
     bytes; __jo_sprite_def / __jo_sprite_pic as Jo fills them. VRAM is a
     512 KB array: the texels are copied there (by slDMACopy, which the
     double makes "asynchronous": a source buffer written or freed before
     slDMAWait() is recorded as a defect).
   - SGL: the matrix stack (20 levels), slTranslate/slRotX/Y/Z/
     slCalcPoint/slMultiMatrix with the SH-2's integer math exactly as
     retromesh's host runtime computes it (src/runtime/math.c: 64-bit
     products, bits 16..47 kept; sin/cos computed with integers), and
     slPutPolygon recording each call: a copy of its PDATA pointers and
     counts, and the current matrix. */
#ifndef ENGINE_TEST_DOUBLE_H
#define ENGINE_TEST_DOUBLE_H

#include <jo/jo.h>

/* ---- runtime ---- */
void rt_exit(int status) __attribute__((noreturn));
void rt_print(const char *text);
void rt_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));
void rt_eprint(const char *text);
void rt_eprintf(const char *format, ...) __attribute__((format(printf, 1, 2)));
void rt_flush(void);
/* (added by the double helper) snprintf-like: formats into out (cap bytes,
   always NUL-terminated when cap > 0, cut to fit); returns the length of
   the whole text. */
int rt_snprintf(char *out, unsigned int cap, const char *format, ...) __attribute__((format(printf, 3, 4)));
unsigned char *rt_read_file(const char *path, unsigned int *size);
void rt_free_file(unsigned char *data);
/* Small string helpers (the runtime has no libc). */
unsigned int rt_strlen(const char *s);
int rt_strcmp(const char *a, const char *b);
int rt_atoi(const char *s);        /* decimal, optional '-'; stops at the first non-digit */
void rt_memcpy(void *dst, const void *src, unsigned int n);
void rt_memset(void *dst, int value, unsigned int n);

/* ---- files ---- */
/* The folder that stands for the current directory of the CD (no trailing
   slash). Default ".". */
void double_set_cd(const char *dir);

/* ---- heap ---- */
typedef struct
{
    const void *ptr;
    unsigned int size;              /* bytes asked for */
    int behaviour;
} double_block;
unsigned int double_block_count(void);              /* live blocks */
const double_block *double_block_at(unsigned int i);
unsigned int double_block_size(const void *ptr);    /* 0: not a live block */
unsigned int double_heap_used(void);                /* bytes asked for by the live blocks */
unsigned int double_heap_peak(void);
void double_set_heap_limit(unsigned int bytes);     /* 0: no limit but the zone */

/* ---- sprites and VRAM ---- */
typedef struct
{
    int id;
    unsigned int address;           /* VRAM offset of the allocation */
    unsigned int bytes;             /* (w * h * 4) >> cmode as added */
    unsigned short width, height;   /* as added */
    unsigned short color_mode;      /* COL_32K, COL_256, COL_16 */
} double_sprite;
unsigned int double_sprite_count(void);
const double_sprite *double_sprite_at(int id);
unsigned int double_vram_next(void);                /* where the next sprite goes */
unsigned char *double_vram(void);                   /* the 512 KB of VDP1 VRAM */

/* ---- polygons ---- */
typedef struct
{
    PDATA pdata;                    /* the pointers and counts given */
    MATRIX matrix;                  /* the current matrix at the call */
} double_put;
unsigned int double_put_count(void);
const double_put *double_put_at(unsigned int i);
void double_clear_puts(void);
int double_matrix_depth(void);                      /* slPushMatrix nesting */

/* ---- errors and defects ---- */
/* jo_core_error messages, in order (the last is jo_get_last_error()). */
unsigned int double_error_count(void);
const char *double_error_at(unsigned int i);
void double_clear_errors(void);
/* Misuses of the engine a module must not make (a hang or a crash on the
   Saturn): a DMA source reused before slDMAWait, a SAME_BLOCK_SIZE
   allocation, jo_fs_read_file of a missing file, jo_free(JO_NULL), a
   texture width not a multiple of 8 ... One line each. */
unsigned int double_defect_count(void);
const char *double_defect_at(unsigned int i);

/* Resets everything: heap, sprites, VRAM, matrices (identity), puts,
   errors, defects. Called by _start before main. */
void double_reset(void);

#endif
