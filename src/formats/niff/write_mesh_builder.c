/* src/formats/niff/write_mesh_builder.c - see write_mesh_builder.h. */
#include "write_mesh_builder.h"

#include <math.h>
#include <string.h>

void wm_builder_init(wm_builder *b)
{
    rm_writer_init(&b->w);
    b->too_big = false;
}

void wm_builder_free(wm_builder *b)
{
    rm_writer_free(&b->w);
    b->too_big = false;
}

void wm_u32(wm_builder *b, uint32_t v)
{
    rm_write_u32(&b->w, v);
}

void wm_f32(wm_builder *b, double v)
{
    /* From FLT_MAX + half an ulp on, round-to-nearest gives infinity; said
       explicitly, as C leaves an out-of-range conversion undefined. NaN
       stays NaN. */
    const double overflow = 0x1.ffffffp+127;
    float f = v >= overflow ? HUGE_VALF : v <= -overflow ? -HUGE_VALF : (float)v;
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    rm_write_u32(&b->w, bits);
}

void wm_bytes(wm_builder *b, const void *src, size_t n)
{
    rm_write_bytes(&b->w, src, n);
}

size_t wm_slot(wm_builder *b)
{
    size_t at = b->w.size;
    rm_write_u32(&b->w, 0);
    return at;
}

void wm_patch(wm_builder *b, size_t slot, uint32_t v)
{
    rm_writer_patch_u32(&b->w, slot, v);
}

uint32_t wm_patch_size(wm_builder *b, size_t slot, size_t start)
{
    size_t n = b->w.size - start;
    uint32_t v = 0xffffffffu;
    if (n > 0xffffffffu)
        b->too_big = true;
    else
        v = (uint32_t)n;
    wm_patch(b, slot, v);
    return v;
}

static void list_begin(wm_builder *b, wm_list *l, uint32_t tag, uint32_t n, uint32_t m, bool two)
{
    uint64_t count = (uint64_t)n + m;
    uint64_t header = (two ? 28u : 24u) + 4u * count;
    memset(l, 0, sizeof *l);
    l->start = wm_offset(b);
    if (count > 0xffffffffu || header > 0xffffffffu) {
        b->too_big = true;
        count = 0;
        header = 0xffffffffu;
    }
    l->count = (uint32_t)count;
    wm_u32(b, tag);
    wm_u32(b, (uint32_t)header);
    l->size_slot = wm_slot(b);
    wm_u32(b, n);
    if (two)
        wm_u32(b, m);
    wm_u32(b, 0);   /* nintendo_extension_block_size: none at list level */
    wm_u32(b, 0);   /* user_extension_block_size */
    l->array = wm_offset(b);
    rm_write_zeros(&b->w, 4u * (size_t)l->count);
}

void wm_list_begin(wm_builder *b, wm_list *l, uint32_t tag, uint32_t count)
{
    list_begin(b, l, tag, count, 0, false);
}

void wm_list_begin2(wm_builder *b, wm_list *l, uint32_t tag, uint32_t n, uint32_t m)
{
    list_begin(b, l, tag, n, m, true);
}

wm_elem wm_elem_begin(wm_builder *b, uint32_t tag, uint32_t index, uint32_t header_size)
{
    wm_elem e;
    e.start = wm_offset(b);
    wm_u32(b, tag);
    wm_u32(b, index);
    if (header_size)
        wm_u32(b, header_size);
    e.size_slot = wm_slot(b);
    return e;
}

void wm_elem_end(wm_builder *b, wm_list *l, wm_elem e)
{
    uint32_t size = wm_patch_size(b, e.size_slot, e.start);
    if (l->done < l->count)
        wm_patch(b, l->array + 4u * (size_t)l->done, size);
    l->done++;
}

uint32_t wm_list_end(wm_builder *b, wm_list *l)
{
    return wm_patch_size(b, l->size_slot, l->start);
}
