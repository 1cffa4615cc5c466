/* src/formats/oni/hash.c - the per-geometry line of `retromesh oni hash`
   (docs/oni.md). See retromesh/oni.h. */
#include "retromesh/oni.h"

#include <stdio.h>
#include "core/crc.h"
#include "oni_le.h"

uint32_t rm_oni_crc32(uint32_t crc, const void *data, size_t size)
{
    return rm_crc32(crc, data, size);
}

/* The triangles as little-endian u32s, a block at a time. */
static uint32_t triangles_crc(const rm_oni_geometry *g)
{
    uint8_t buf[4 * 384];
    uint32_t crc = 0;
    size_t total = 3 * (size_t)g->triangle_count, done = 0;
    while (done < total) {
        size_t n = total - done < 384 ? total - done : 384;
        for (size_t i = 0; i < n; i++)
            rm_oni_put_le32(buf + 4 * i, g->triangles[done + i]);
        crc = rm_oni_crc32(crc, buf, 4 * n);
        done += n;
    }
    return crc;
}

int rm_oni_hash_line(const rm_oni_geometry *g, int level, char *buf, size_t size)
{
    size_t np = g->point_count;
    return snprintf(buf, size,
                    "level%d %u %s points=%u triangles=%u points_crc=%08x uvs_crc=%08x normals_crc=%08x "
                    "triangles_crc=%08x face_normals_crc=%08x",
                    level, (unsigned)g->instance, g->name ? g->name : "-", (unsigned)g->point_count,
                    (unsigned)g->triangle_count, (unsigned)rm_oni_crc32(0, g->points, 12 * np),
                    (unsigned)rm_oni_crc32(0, g->uvs, 8 * np), (unsigned)rm_oni_crc32(0, g->vertex_normals, 12 * np),
                    (unsigned)triangles_crc(g),
                    (unsigned)rm_oni_crc32(0, g->face_normal_indexes, 4 * (size_t)g->triangle_count));
}
