/* src/formats/niff/write_mesh_builder.h - a byte builder for NIFF files
   (internal to the mesh writer): big-endian words, IEEE floats, and sizes
   that are only known after the thing they measure has been written.

   Usage:
     wm_builder b; wm_builder_init(&b);
     wm_list l;
     wm_list_begin(&b, &l, 0x00020000, 2);        // tag, count: header + size array
     for (i = 0; i < 2; i++) {
         wm_elem e = wm_elem_begin(&b, tag, i, 0); // tag, index, (header size,) size slot
         ... fields ...
         wm_elem_end(&b, &l, e);                   // fills its size and the size array entry
     }
     uint32_t list_size = wm_list_end(&b, &l);    // fills *_list_size
     if (b.w.failed) ... out of memory ...;  if (b.too_big) ... over 4 GiB ...
     // take b.w.data / b.w.size, or wm_builder_free(&b)

   Every size is measured from offsets in the buffer, so a size field can
   never disagree with the bytes that follow it. A size that does not fit a
   u32 sets `too_big` (and is written as 0xffffffff). */
#ifndef RM_NIFF_WRITE_MESH_BUILDER_H
#define RM_NIFF_WRITE_MESH_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/bytes.h"

typedef struct wm_builder {
    rm_writer w;
    bool too_big;       /* some size or offset passed 0xffffffff */
} wm_builder;

/* A list being written: where its size fields are. */
typedef struct wm_list {
    size_t start;       /* offset of the list tag */
    size_t size_slot;   /* offset of *_list_size */
    size_t array;       /* offset of the element size array */
    uint32_t count;     /* elements announced in the header */
    uint32_t done;      /* elements written so far */
} wm_list;

/* An element being written: where it starts and where its size goes. */
typedef struct wm_elem {
    size_t start;
    size_t size_slot;
} wm_elem;

void wm_builder_init(wm_builder *b);
void wm_builder_free(wm_builder *b);

static inline size_t wm_offset(const wm_builder *b)
{
    return b->w.size;
}

void wm_u32(wm_builder *b, uint32_t v);
/* The value rounded to the nearest float (beyond the float range: an
   infinity), written as its bit pattern. */
void wm_f32(wm_builder *b, double v);
void wm_bytes(wm_builder *b, const void *src, size_t n);
/* Writes a placeholder word (0) and returns its offset. */
size_t wm_slot(wm_builder *b);
/* Fills the word at `slot` with the number of bytes from `start` to the
   current end. Returns that size (0xffffffff when too big). */
uint32_t wm_patch_size(wm_builder *b, size_t slot, size_t start);
void wm_patch(wm_builder *b, size_t slot, uint32_t v);

/* The generic list header (spec 2.6): tag, header size 24 + 4 count, list
   size (filled by wm_list_end), count, NEB size 0, UEB size 0, then the
   size array (filled by wm_elem_end). */
void wm_list_begin(wm_builder *b, wm_list *l, uint32_t tag, uint32_t count);
/* The ColorList / VectorList header (spec 5.8, 5.9): two counts, header
   size 28 + 4 (n + m), one size array for the n groups then the m groups. */
void wm_list_begin2(wm_builder *b, wm_list *l, uint32_t tag, uint32_t n, uint32_t m);
/* Starts an element of a list: its tag, index, then for the kinds that
   have one (`header_size` not 0) its *_header_size, then the placeholder
   of its size. */
wm_elem wm_elem_begin(wm_builder *b, uint32_t tag, uint32_t index, uint32_t header_size);
/* Ends element `e`: fills its own size field and the next entry of the
   list's size array. */
void wm_elem_end(wm_builder *b, wm_list *l, wm_elem e);
/* Fills *_list_size and returns it (for the FileHeader). */
uint32_t wm_list_end(wm_builder *b, wm_list *l);

#endif
