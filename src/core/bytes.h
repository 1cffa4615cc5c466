/* src/core/bytes.h - bounds-checked big-endian byte reader and a growable
   byte writer (internal).

   Reader usage:
     rm_reader r = rm_reader_make(data, size);
     uint32_t n = rm_read_u32(&r);     // 0 and r.failed = true past the end
     if (r.failed) ... truncated ...

   A read past the end never touches memory: it sets `failed`, returns 0, and
   every later read returns 0 too. Check `failed` once after a batch.

   Writer usage:
     rm_writer w; rm_writer_init(&w);
     rm_write_u32(&w, 7); rm_write_tag(&w, "END ");
     if (w.failed) ... out of memory ...
     // take w.data / w.size (caller frees w.data), or rm_writer_free(&w) */
#ifndef RM_CORE_BYTES_H
#define RM_CORE_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct rm_reader {
    const uint8_t *data;
    size_t size;
    size_t pos;
    bool failed;
} rm_reader;

static inline rm_reader rm_reader_make(const uint8_t *data, size_t size)
{
    rm_reader r = {data, size, 0, false};
    return r;
}

static inline size_t rm_reader_left(const rm_reader *r)
{
    return r->failed ? 0 : r->size - r->pos;
}

/* Pure helpers over bytes that the caller has checked to be there. */
static inline uint16_t rm_be16(const uint8_t *p)
{
    return (uint16_t)((unsigned)p[0] << 8 | (unsigned)p[1]);
}
static inline uint32_t rm_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static inline void rm_put_be16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}
static inline void rm_put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Unchecked big-endian stores that return the position after the value:
   for a writer that reserved the exact size first (the JOM writer, whose
   layout gives every chunk's size) and fills it record by record without
   a call per field. The caller guarantees the room.
     uint8_t *p = w.data + w.size;
     p = rm_store_be32(p, count);
     p = rm_store_be16(p, v);
     w.size = (size_t)(p - w.data); */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* One byte swap and one store (the same bytes as rm_put_be16/32). */
static inline uint8_t *rm_store_be16(uint8_t *p, uint16_t v)
{
    uint16_t b = __builtin_bswap16(v);
    memcpy(p, &b, 2);
    return p + 2;
}
static inline uint8_t *rm_store_be32(uint8_t *p, uint32_t v)
{
    uint32_t b = __builtin_bswap32(v);
    memcpy(p, &b, 4);
    return p + 4;
}
#else
static inline uint8_t *rm_store_be16(uint8_t *p, uint16_t v)
{
    rm_put_be16(p, v);
    return p + 2;
}
static inline uint8_t *rm_store_be32(uint8_t *p, uint32_t v)
{
    rm_put_be32(p, v);
    return p + 4;
}
#endif
/* Signed values as their two's complement (a conversion to unsigned is
   defined by the standard: modulo 2^N). */
static inline uint8_t *rm_store_i16(uint8_t *p, int16_t v)
{
    return rm_store_be16(p, (uint16_t)v);
}
static inline uint8_t *rm_store_i32(uint8_t *p, int32_t v)
{
    return rm_store_be32(p, (uint32_t)v);
}
/* n bytes of src (n may be 0, src then NULL), and n zeros. */
uint8_t *rm_store_bytes(uint8_t *p, const void *src, size_t n);
uint8_t *rm_store_zeros(uint8_t *p, size_t n);

uint8_t rm_read_u8(rm_reader *r);
uint16_t rm_read_u16(rm_reader *r);
int16_t rm_read_i16(rm_reader *r);
uint32_t rm_read_u32(rm_reader *r);
int32_t rm_read_i32(rm_reader *r);
/* Copies n bytes to dst (zeros and failed when they are not there). */
void rm_read_bytes(rm_reader *r, void *dst, size_t n);
/* Skips n bytes (failed when they are not there). */
void rm_read_skip(rm_reader *r, size_t n);

typedef struct rm_writer {
    uint8_t *data;
    size_t size;
    size_t capacity;
    bool failed;        /* an allocation failed: the content is incomplete */
} rm_writer;

void rm_writer_init(rm_writer *w);
void rm_writer_free(rm_writer *w);
/* Makes room for n more bytes; false (and failed) when out of memory. */
bool rm_writer_reserve(rm_writer *w, size_t n);
void rm_write_u8(rm_writer *w, uint8_t v);
void rm_write_u16(rm_writer *w, uint16_t v);
void rm_write_i16(rm_writer *w, int16_t v);
void rm_write_u32(rm_writer *w, uint32_t v);
void rm_write_i32(rm_writer *w, int32_t v);
void rm_write_bytes(rm_writer *w, const void *src, size_t n);
void rm_write_zeros(rm_writer *w, size_t n);
/* Writes exactly 4 characters (the tag of a chunk). */
void rm_write_tag(rm_writer *w, const char tag[4]);
/* Writes zeros until size is a multiple of `align`. */
void rm_write_align(rm_writer *w, size_t align);
/* Overwrites a u32 already written at `offset` (a size known later). */
void rm_writer_patch_u32(rm_writer *w, size_t offset, uint32_t v);

#endif
