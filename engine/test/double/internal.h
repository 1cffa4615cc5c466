/* engine/test/double/internal.h - what the files of the test double share
   (not for test programs: they read double.h). */
#ifndef ENGINE_TEST_DOUBLE_INTERNAL_H
#define ENGINE_TEST_DOUBLE_INTERNAL_H

#include <double.h>

/* Records a misuse (see double.h); formatted like rt_printf, cut to 127
   characters. */
void double_defect(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* An error as jo_core_error records it (for the double's own Jo functions,
   which report through Jo's error path). */
void double_error(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Each file's part of double_reset(). */
void double_reset_fs(void);
void double_reset_heap(void);
void double_reset_sprites(void);
void double_reset_sgl(void);
void double_reset_puts(void);

/* fs.c: the host path of a name in the CD folder (false: too long). */
bool double_cd_path(const char *name, char *out, unsigned int cap);

/* sgl.c: DMA bookkeeping used by malloc.c (jo_free of a pending source). */
bool double_dma_pending_overlaps(const void *begin, unsigned int size);

/* sprites.c: adds a sprite of w x h in the colour mode (COL_*), copying
   `bytes` bytes of data through slDMACopy when data is not NULL; the id or
   -1. */
int double_sprite_add(const void *data, unsigned int w, unsigned int h, unsigned int cmode);

#define DOUBLE_VRAM_SIZE (512u * 1024u)

#endif
