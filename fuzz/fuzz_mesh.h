/* fuzz/fuzz_mesh.h - a neutral mesh (retromesh/mesh.h) built from fuzz
   bytes, for fuzz_mesh_convert.c. Header only; include fuzz_common.h first.

   The mesh keeps every promise of mesh.h (indices in range or -1 /
   RM_MESH_NONE, face_start increasing, unique material and group names,
   colors and flags for every position) and nothing more: values are any
   double (NaN, infinities, 1e300, Q16.16 edges), faces have 1 to 40
   corners, materials carry any jo_* flags and sometimes pixels. Past the
   end the bytes read as 0, so every input gives a mesh. */
#ifndef RETROMESH_FUZZ_MESH_H
#define RETROMESH_FUZZ_MESH_H

#include <float.h>
#include <math.h>
#include <string.h>

#include "retromesh/mesh.h"

typedef struct fuzz_bytes {
    const uint8_t *data;
    size_t size, pos;
} fuzz_bytes;

static inline uint8_t fuzz_u8(fuzz_bytes *b)
{
    return b->pos < b->size ? b->data[b->pos++] : 0;
}

static inline uint16_t fuzz_u16(fuzz_bytes *b)
{
    uint16_t hi = fuzz_u8(b);
    return (uint16_t)(hi << 8 | fuzz_u8(b));
}

/* Values a file may hold: a small grid of multiples of `unit`, or one of
   the edges (the Q16.16 range is -32768 .. 32767.99998). */
static inline double fuzz_value(fuzz_bytes *b, double unit)
{
    static const double special[32] = {
        0.0, -0.0, NAN, INFINITY, -INFINITY, 1e300, -1e300, 1e-300,
        32767.99998, 32768.0, -32768.0, -32768.00001, 65536.0, 1e9, DBL_MIN, 5e-324,
        0.1, 1.0 / 3.0, 2147483648.0, -2147483648.0, 1e15, 123456.789, -0.5, 0.5,
        1e-5, 7e-5, 1.0, -1.0, 2.0, 1e38, 3.4e38, -1e20};
    uint8_t v = fuzz_u8(b);
    if (v >= 224)
        return special[v - 224];
    return (double)((int)v - 112) / 8.0 * unit;
}

static inline char *fuzz_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d)
        abort();
    memcpy(d, s, n);
    return d;
}

static inline void *fuzz_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        abort();
    return p;
}

static inline uint32_t fuzz_index(fuzz_bytes *b, size_t count)
{
    uint8_t v = fuzz_u8(b);
    return count && v % (count + 1) < count ? (uint32_t)(v % (count + 1)) : RM_MESH_NONE;
}

/* false (nothing to free) when the bytes are too few to be worth it. */
static inline bool fuzz_mesh_build(fuzz_bytes *b, rm_mesh *m)
{
    static const double units[] = {1.0, 0.001, 100.0, 4096.0};
    static const char *const mat_names[] = {"red", "wall", "Wall.001", "a_material_name_longer_than_15",
                                            "m"};
    static const char *const group_names[] = {"body", "leg_l", "a_group_name_longer_than_15_chars",
                                              "Head", "x"};
    if (b->size < 8)
        return false;
    rm_mesh_init(m);
    m->source = fuzz_strdup("fuzz.obj");
    uint8_t flags = fuzz_u8(b);
    double unit = units[flags & 3];

    m->position_count = 1 + fuzz_u8(b) % 48;
    m->positions = fuzz_calloc(m->position_count, sizeof *m->positions);
    for (size_t i = 0; i < m->position_count; i++) {
        m->positions[i].x = fuzz_value(b, unit);
        m->positions[i].y = fuzz_value(b, unit);
        m->positions[i].z = fuzz_value(b, unit);
    }
    if (flags & 4) {
        m->colors = fuzz_calloc(m->position_count, sizeof *m->colors);
        m->has_color = fuzz_calloc(m->position_count, 1);
        for (size_t i = 0; i < m->position_count; i++) {
            m->has_color[i] = fuzz_u8(b) & 1;
            m->colors[i].x = m->has_color[i] ? fuzz_value(b, 1.0 / 112) : 1.0;
            m->colors[i].y = m->has_color[i] ? fuzz_value(b, 1.0 / 112) : 1.0;
            m->colors[i].z = m->has_color[i] ? fuzz_value(b, 1.0 / 112) : 1.0;
        }
    }
    if (flags & 8) {
        m->position_line = fuzz_calloc(m->position_count, sizeof *m->position_line);
        for (size_t i = 0; i < m->position_count; i++)
            m->position_line[i] = i + 1;
    }
    m->uv_count = fuzz_u8(b) % 17;
    m->uvs = fuzz_calloc(m->uv_count, sizeof *m->uvs);
    for (size_t i = 0; i < m->uv_count; i++) {
        m->uvs[i][0] = fuzz_value(b, 1.0 / 64);
        m->uvs[i][1] = fuzz_value(b, 1.0 / 64);
    }
    m->normal_count = fuzz_u8(b) % 17;
    m->normals = fuzz_calloc(m->normal_count, sizeof *m->normals);
    for (size_t i = 0; i < m->normal_count; i++) {
        m->normals[i].x = fuzz_value(b, 1.0 / 64);
        m->normals[i].y = fuzz_value(b, 1.0 / 64);
        m->normals[i].z = fuzz_value(b, 1.0 / 64);
    }

    m->material_count = fuzz_u8(b) % 6;
    m->materials = fuzz_calloc(m->material_count, sizeof *m->materials);
    for (size_t i = 0; i < m->material_count; i++) {
        rm_mesh_material *mt = &m->materials[i];
        rm_mesh_material_defaults(mt);
        mt->name = fuzz_strdup(mat_names[i]);
        uint8_t mf = fuzz_u8(b);
        mt->defined = mf & 1;
        if (mt->defined) {
            mt->library = fuzz_strdup("fuzz.mtl");
            mt->line = i + 1;
        }
        if (mf & 2) {
            mt->has_kd = true;
            for (int k = 0; k < 3; k++)
                mt->kd[k] = fuzz_value(b, 1.0 / 112);
        }
        if (mf & 4) {
            mt->has_ns = true;
            mt->ns = fuzz_value(b, 8.0);
        }
        if (mf & 8)
            mt->dissolve = fuzz_value(b, 1.0 / 112);
        mt->jo_flags = ((uint32_t)fuzz_u16(b) & 0x1FFFu) | ((uint32_t)(fuzz_u8(b) & 3) << 16);
        mt->jo_value = fuzz_u16(b);
        mt->jo_subdivision_error = fuzz_u16(b);
        mt->jo_lut = (mf & 16) != 0;
        if (mf & 32) {
            /* Pixels carried by the source (a NIFF TexImg). */
            mt->map_kd = fuzz_strdup(mf & 64 ? "tex.png" : "WALL.PNG");
            mt->map_kd_width = 1 + fuzz_u8(b) % 24u;
            mt->map_kd_height = 1 + fuzz_u8(b) % 12u;
            size_t n = (size_t)mt->map_kd_width * mt->map_kd_height * 4;
            mt->map_kd_rgba = fuzz_calloc(n, 1);
            uint8_t colors = 1 + fuzz_u8(b) % 20u;   /* few colors: 16-color textures */
            for (size_t p = 0; p < n; p += 4) {
                uint8_t c = (uint8_t)(p / 4 % colors);
                mt->map_kd_rgba[p] = (uint8_t)(c * 13);
                mt->map_kd_rgba[p + 1] = (uint8_t)(c * 29);
                mt->map_kd_rgba[p + 2] = (uint8_t)(c * 71);
                mt->map_kd_rgba[p + 3] = c == 0 && (mf & 128) ? 0 : 255;
            }
        } else if (mf & 64) {
            mt->map_kd = fuzz_strdup("no_such_texture.png");   /* not found: a warning */
        }
    }
    m->group_count = fuzz_u8(b) % 6;
    m->groups = fuzz_calloc(m->group_count, sizeof *m->groups);
    for (size_t i = 0; i < m->group_count; i++) {
        m->groups[i].name = fuzz_strdup(group_names[i]);
        m->groups[i].line = i + 1;
    }

    m->face_count = 1 + fuzz_u8(b) % 32;
    m->face_start = fuzz_calloc(m->face_count + 1, sizeof *m->face_start);
    m->face_material = fuzz_calloc(m->face_count, sizeof *m->face_material);
    m->face_group = fuzz_calloc(m->face_count, sizeof *m->face_group);
    if (flags & 8)
        m->face_line = fuzz_calloc(m->face_count, sizeof *m->face_line);
    uint32_t corner_cap = 0;
    for (size_t f = 0; f < m->face_count; f++) {
        uint8_t n = fuzz_u8(b);
        /* Mostly triangles and quads; sometimes 1, 2 or up to 40 corners. */
        uint32_t corners = n < 96 ? 3 : n < 192 ? 4 : 1 + n % 40u;
        m->face_start[f + 1] = m->face_start[f] + corners;
        m->face_material[f] = fuzz_index(b, m->material_count);
        m->face_group[f] = fuzz_index(b, m->group_count);
        if (m->face_line)
            m->face_line[f] = 100 + f;
    }
    corner_cap = m->face_start[m->face_count];
    m->corner_position = fuzz_calloc(corner_cap, sizeof *m->corner_position);
    if (flags & 16)
        m->corner_uv = fuzz_calloc(corner_cap, sizeof *m->corner_uv);
    if (flags & 32)
        m->corner_normal = fuzz_calloc(corner_cap, sizeof *m->corner_normal);
    /* Corners: the next position mostly (a fan over the points), any one
       sometimes, so that faces share edges and points repeat. */
    uint32_t next = 0;
    for (uint32_t c = 0; c < corner_cap; c++) {
        uint8_t v = fuzz_u8(b);
        if (v < 128)
            next = (next + 1) % (uint32_t)m->position_count;
        else
            next = (uint32_t)(v % m->position_count);
        m->corner_position[c] = next;
        if (m->corner_uv) {
            uint8_t u = fuzz_u8(b);
            m->corner_uv[c] = m->uv_count && u % (m->uv_count + 1) < m->uv_count ? (int32_t)(u % (m->uv_count + 1)) : -1;
        }
        if (m->corner_normal) {
            uint8_t u = fuzz_u8(b);
            m->corner_normal[c] =
                m->normal_count && u % (m->normal_count + 1) < m->normal_count ? (int32_t)(u % (m->normal_count + 1)) : -1;
        }
    }
    return true;
}

#endif
