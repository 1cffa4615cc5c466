/* src/core/bytes.c - see bytes.h. */
#include "bytes.h"

#include <stdlib.h>
#include <string.h>

static const uint8_t *take(rm_reader *r, size_t n)
{
    if (r->failed || r->size - r->pos < n) {
        r->failed = true;
        return NULL;
    }
    const uint8_t *p = r->data + r->pos;
    r->pos += n;
    return p;
}

uint8_t rm_read_u8(rm_reader *r)
{
    const uint8_t *p = take(r, 1);
    return p ? p[0] : 0;
}

uint16_t rm_read_u16(rm_reader *r)
{
    const uint8_t *p = take(r, 2);
    return p ? rm_be16(p) : 0;
}

int16_t rm_read_i16(rm_reader *r)
{
    /* Two's complement conversion spelled out: no implementation-defined cast. */
    uint16_t u = rm_read_u16(r);
    return u < 0x8000u ? (int16_t)u : (int16_t)((int32_t)u - 0x10000);
}

uint32_t rm_read_u32(rm_reader *r)
{
    const uint8_t *p = take(r, 4);
    return p ? rm_be32(p) : 0;
}

int32_t rm_read_i32(rm_reader *r)
{
    uint32_t u = rm_read_u32(r);
    return u < 0x80000000u ? (int32_t)u : (int32_t)((int64_t)u - 0x100000000LL);
}

void rm_read_bytes(rm_reader *r, void *dst, size_t n)
{
    const uint8_t *p = take(r, n);
    if (p)
        memcpy(dst, p, n);
    else if (n)
        memset(dst, 0, n);
}

void rm_read_skip(rm_reader *r, size_t n)
{
    (void)take(r, n);
}

uint8_t *rm_store_bytes(uint8_t *p, const void *src, size_t n)
{
    if (n)
        memcpy(p, src, n);
    return p + n;
}

uint8_t *rm_store_zeros(uint8_t *p, size_t n)
{
    if (n)
        memset(p, 0, n);
    return p + n;
}

void rm_writer_init(rm_writer *w)
{
    memset(w, 0, sizeof *w);
}

void rm_writer_free(rm_writer *w)
{
    free(w->data);
    memset(w, 0, sizeof *w);
}

bool rm_writer_reserve(rm_writer *w, size_t n)
{
    if (w->failed)
        return false;
    if (w->capacity - w->size >= n)
        return true;
    if (n > SIZE_MAX / 2 - w->size) {
        w->failed = true;
        return false;
    }
    size_t cap = w->capacity ? w->capacity : 256;
    while (cap - w->size < n)
        cap *= 2;
    uint8_t *p = realloc(w->data, cap);
    if (!p) {
        w->failed = true;
        return false;
    }
    w->data = p;
    w->capacity = cap;
    return true;
}

void rm_write_bytes(rm_writer *w, const void *src, size_t n)
{
    if (n == 0 || !rm_writer_reserve(w, n))
        return;
    memcpy(w->data + w->size, src, n);
    w->size += n;
}

void rm_write_zeros(rm_writer *w, size_t n)
{
    if (n == 0 || !rm_writer_reserve(w, n))
        return;
    memset(w->data + w->size, 0, n);
    w->size += n;
}

void rm_write_u8(rm_writer *w, uint8_t v)
{
    rm_write_bytes(w, &v, 1);
}

void rm_write_u16(rm_writer *w, uint16_t v)
{
    uint8_t b[2];
    rm_put_be16(b, v);
    rm_write_bytes(w, b, 2);
}

void rm_write_i16(rm_writer *w, int16_t v)
{
    rm_write_u16(w, (uint16_t)v);
}

void rm_write_u32(rm_writer *w, uint32_t v)
{
    uint8_t b[4];
    rm_put_be32(b, v);
    rm_write_bytes(w, b, 4);
}

void rm_write_i32(rm_writer *w, int32_t v)
{
    rm_write_u32(w, (uint32_t)v);
}

void rm_write_tag(rm_writer *w, const char tag[4])
{
    rm_write_bytes(w, tag, 4);
}

void rm_write_align(rm_writer *w, size_t align)
{
    if (align && w->size % align)
        rm_write_zeros(w, align - w->size % align);
}

void rm_writer_patch_u32(rm_writer *w, size_t offset, uint32_t v)
{
    if (!w->failed && offset <= w->size && w->size - offset >= 4)
        rm_put_be32(w->data + offset, v);
}
