/* fuzz/fuzz_m3gm.c - libFuzzer target for the M3GM geometry decoder: the
   strips and the geometry -> mesh step, without the container.

   The bytes are read as: u32 point count (taken mod 4096), u32 face normal
   count (mod 4096, at least 1), then little-endian u32 strip values. Every
   refusal must come with a message; an accepted strip array must give
   count - 2 x starts triangles, every index below the point count; the
   mesh of the geometry (points, normals and UVs made here) must build.
   Seeds: fuzz/corpus/m3gm (written by tests/oni/oni_seeds.c). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/oni.h"

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8)
        return 0;
    uint32_t points = le32(data) % 4096u, normals = le32(data + 4) % 4096u;
    if (normals == 0)
        normals = 1;
    uint32_t count = (uint32_t)((size - 8) / 4);
    uint32_t *values = malloc((size_t)count * 4 + 4);
    if (!values)
        return 0;
    uint32_t starts = 0;
    for (uint32_t i = 0; i < count; i++) {
        values[i] = le32(data + 8 + 4 * (size_t)i);
        starts += values[i] >> 31;
    }
    rm_diag diag;
    rm_diag_init(&diag);
    uint32_t *tri, n, s;
    rm_status st = rm_oni_decode_strips(values, count, points, &tri, &n, &s, "fuzz", 1, 0x20, &diag);
    if (st != RM_OK) {
        if (diag.errors == 0 || tri)
            abort();
        free(values);
        rm_diag_free(&diag);
        return 0;
    }
    if (n != count - 2 * starts || s != starts)
        abort();
    for (uint32_t i = 0; i < 3 * n; i++)
        if (tri[i] >= points)
            abort();
    /* A geometry around the triangles: points on a spiral, unit normals,
       face normal index i % normals. */
    uint8_t *pts = calloc((size_t)points + 1, 12), *uvs = calloc((size_t)points + 1, 8);
    uint8_t *fn = calloc(normals, 12), *fni = calloc((size_t)n + 1, 4);
    if (pts && uvs && fn && fni) {
        for (uint32_t i = 0; i < points; i++) {
            float xyz[3] = {(float)(i % 7), (float)(i % 5), (float)i};
            memcpy(pts + 12 * (size_t)i, xyz, 12);  /* host order = little endian on the fuzz hosts */
        }
        for (uint32_t i = 0; i < n; i++) {
            uint32_t k = i % normals;
            fni[4 * i] = (uint8_t)k;
            fni[4 * i + 1] = (uint8_t)(k >> 8);
        }
        rm_oni_geometry g;
        memset(&g, 0, sizeof g);
        g.point_count = points;
        g.points = pts;
        g.vertex_normals = pts;
        g.uvs = uvs;
        g.face_normal_count = normals;
        g.face_normals = fn;
        g.triangle_count = n;
        g.triangles = tri;
        g.face_normal_indexes = fni;
        g.texture = RM_ONI_NONE;
        rm_mesh m;
        if (rm_oni_geometry_to_mesh(&g, "fuzz", &m, &diag) != RM_OK)
            abort();
        if (m.face_count != n)
            abort();
        rm_mesh_free(&m);
    }
    free(pts);
    free(uvs);
    free(fn);
    free(fni);
    free(tri);
    free(values);
    rm_diag_free(&diag);
    return 0;
}
