/* src/formats/oni/hash.c - the per-geometry line of `retromesh oni hash`
   (docs/oni.md). See retromesh/oni.h. The line is put together by hand
   rather than with snprintf: over 37,862 geometries the printf machinery
   cost more than the CRCs (bench/bench_oni, callgrind); the text and the
   return value are snprintf's exactly. */
#include "retromesh/oni.h"

#include <string.h>
#include "core/crc.h"
#include "oni_le.h"

uint32_t rm_oni_crc32(uint32_t crc, const void *data, size_t size)
{
    return rm_crc32(crc, data, size);
}

/* The triangles as little-endian u32s: on a little-endian host that is the
   array itself; elsewhere they are swapped a block at a time. */
static uint32_t triangles_crc(const rm_oni_geometry *g)
{
    size_t total = 3 * (size_t)g->triangle_count;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return rm_oni_crc32(0, g->triangles, 4 * total);
#else
    uint8_t buf[4 * 384];
    uint32_t crc = 0;
    size_t done = 0;
    while (done < total) {
        size_t n = total - done < 384 ? total - done : 384;
        for (size_t i = 0; i < n; i++)
            rm_oni_put_le32(buf + 4 * i, g->triangles[done + i]);
        crc = rm_oni_crc32(crc, buf, 4 * n);
        done += n;
    }
    return crc;
#endif
}

/* snprintf's contract: at most size - 1 bytes and a NUL (nothing when size
   is 0); len counts every byte of the whole text. */
typedef struct line_out {
    char *buf;
    size_t size, len;
} line_out;

static void put(line_out *o, const char *s, size_t n)
{
    if (o->len + 1 < o->size) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

static void put_str(line_out *o, const char *s)
{
    put(o, s, strlen(s));
}

/* %u, or %d when negative. */
static void put_dec(line_out *o, long long v)
{
    char d[24];
    int i = (int)sizeof d;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        d[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        d[--i] = '-';
    put(o, d + i, sizeof d - (size_t)i);
}

/* %08x */
static void put_hex(line_out *o, uint32_t v)
{
    static const char digits[] = "0123456789abcdef";
    char d[8];
    for (int i = 7; i >= 0; i--, v >>= 4)
        d[i] = digits[v & 15];
    put(o, d, 8);
}

int rm_oni_hash_line(const rm_oni_geometry *g, int level, char *buf, size_t size)
{
    size_t np = g->point_count;
    line_out o = {buf, size, 0};
    put_str(&o, "level");
    put_dec(&o, level);
    put_str(&o, " ");
    put_dec(&o, g->instance);
    put_str(&o, " ");
    put_str(&o, g->name ? g->name : "-");
    put_str(&o, " points=");
    put_dec(&o, g->point_count);
    put_str(&o, " triangles=");
    put_dec(&o, g->triangle_count);
    put_str(&o, " points_crc=");
    put_hex(&o, rm_oni_crc32(0, g->points, 12 * np));
    put_str(&o, " uvs_crc=");
    put_hex(&o, rm_oni_crc32(0, g->uvs, 8 * np));
    put_str(&o, " normals_crc=");
    put_hex(&o, rm_oni_crc32(0, g->vertex_normals, 12 * np));
    put_str(&o, " triangles_crc=");
    put_hex(&o, triangles_crc(g));
    put_str(&o, " face_normals_crc=");
    put_hex(&o, rm_oni_crc32(0, g->face_normal_indexes, 4 * (size_t)g->triangle_count));
    if (size > 0)
        buf[o.len < size ? o.len : size - 1] = 0;
    return (int)o.len;
}
