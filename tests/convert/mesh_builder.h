/* tests/convert/mesh_builder.h - building an rm_mesh by hand in a test.

   Usage:
     rm_mesh m;
     mb_init(&m, "test.obj");
     mb_v(&m, 0, 0, 0);                      // vertex 1 (OBJ numbering)
     mb_square(&m, 2, 0);                    // vertices 2..5: a unit square
     ...
     uint32_t red = mb_material(&m, "red");  // 0-based material index
     uint32_t body = mb_group(&m, "body", 3);
     mb_f(&m, red, body, 12, 4, 1, 2, 3, 4); // face at line 12, 4 corners
     ...
     rm_mesh_free(&m);

   Every array is malloc'd like a reader would, so rm_mesh_free() releases
   it. Allocation failures abort the test (they are not what is tested). */
#ifndef RM_TESTS_CONVERT_MESH_BUILDER_H
#define RM_TESTS_CONVERT_MESH_BUILDER_H

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/mesh.h"

static inline void *mb_grow(void *p, size_t count, size_t size)
{
    void *q = realloc(p, (count ? count : 1) * size);
    if (!q)
        abort();
    return q;
}

static inline char *mb_strdup(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (!d)
        abort();
    strcpy(d, s);
    return d;
}

static inline void mb_init(rm_mesh *m, const char *source)
{
    rm_mesh_init(m);
    if (source)
        m->source = mb_strdup(source);
    m->face_start = mb_grow(NULL, 1, sizeof *m->face_start);
    m->face_start[0] = 0;
}

/* Adds a vertex; returns its OBJ number (1-based). */
static inline uint32_t mb_v(rm_mesh *m, double x, double y, double z)
{
    size_t n = m->position_count + 1;
    m->positions = mb_grow(m->positions, n, sizeof *m->positions);
    m->positions[n - 1].x = x;
    m->positions[n - 1].y = y;
    m->positions[n - 1].z = z;
    if (m->colors) {
        m->colors = mb_grow(m->colors, n, sizeof *m->colors);
        m->colors[n - 1].x = m->colors[n - 1].y = m->colors[n - 1].z = 1.0;
        m->has_color = mb_grow(m->has_color, n, 1);
        m->has_color[n - 1] = 0;
    }
    if (m->position_line) {
        m->position_line = mb_grow(m->position_line, n, sizeof *m->position_line);
        m->position_line[n - 1] = 0;
    }
    m->position_count = n;
    return (uint32_t)n;
}

/* A unit square at (x0, y0) in the plane z = 0, counterclockwise seen
   from +Z: (x0, y0), (x0 + 1, y0), (x0 + 1, y0 + 1), (x0, y0 + 1). Returns
   the OBJ number of its first vertex. */
static inline uint32_t mb_square(rm_mesh *m, double x0, double y0)
{
    uint32_t v = mb_v(m, x0, y0, 0);
    mb_v(m, x0 + 1, y0, 0);
    mb_v(m, x0 + 1, y0 + 1, 0);
    mb_v(m, x0, y0 + 1, 0);
    return v;
}

/* Gives vertex v (1-based) a color; the mesh gets colors (1,1,1 elsewhere). */
static inline void mb_color(rm_mesh *m, uint32_t v, double r, double g, double b)
{
    if (!m->colors) {
        m->colors = mb_grow(NULL, m->position_count, sizeof *m->colors);
        m->has_color = mb_grow(NULL, m->position_count, 1);
        for (size_t i = 0; i < m->position_count; i++) {
            m->colors[i].x = m->colors[i].y = m->colors[i].z = 1.0;
            m->has_color[i] = 0;
        }
    }
    m->colors[v - 1].x = r;
    m->colors[v - 1].y = g;
    m->colors[v - 1].z = b;
    m->has_color[v - 1] = 1;
}

/* Gives vertex v (1-based) a source line. */
static inline void mb_vline(rm_mesh *m, uint32_t v, unsigned long line)
{
    if (!m->position_line) {
        m->position_line = mb_grow(NULL, m->position_count, sizeof *m->position_line);
        for (size_t i = 0; i < m->position_count; i++)
            m->position_line[i] = 0;
    }
    m->position_line[v - 1] = line;
}

/* Adds a normal (vn); returns its OBJ number (1-based). */
static inline uint32_t mb_vn(rm_mesh *m, double x, double y, double z)
{
    size_t n = m->normal_count + 1;
    m->normals = mb_grow(m->normals, n, sizeof *m->normals);
    m->normals[n - 1].x = x;
    m->normals[n - 1].y = y;
    m->normals[n - 1].z = z;
    m->normal_count = n;
    return (uint32_t)n;
}

/* Adds a material with the reader's defaults; returns its 0-based index. */
static inline uint32_t mb_material(rm_mesh *m, const char *name)
{
    size_t n = m->material_count + 1;
    m->materials = mb_grow(m->materials, n, sizeof *m->materials);
    rm_mesh_material *mat = &m->materials[n - 1];
    memset(mat, 0, sizeof *mat);
    mat->name = mb_strdup(name);
    rm_mesh_material_defaults(mat);
    m->material_count = n;
    return (uint32_t)(n - 1);
}

/* Adds a group (o/g) first named at `line`; returns its 0-based index. */
static inline uint32_t mb_group(rm_mesh *m, const char *name, unsigned long line)
{
    size_t n = m->group_count + 1;
    m->groups = mb_grow(m->groups, n, sizeof *m->groups);
    m->groups[n - 1].name = mb_strdup(name);
    m->groups[n - 1].line = line;
    m->group_count = n;
    return (uint32_t)(n - 1);
}

/* Adds a face from an array of 1-based vertex numbers; `line` 0 leaves the
   mesh without face lines (if no face has one). Returns the face index. */
static inline size_t mb_face(rm_mesh *m, uint32_t material, uint32_t group, unsigned long line, size_t n,
                      const uint32_t *v)
{
    size_t f = m->face_count;
    size_t start = m->face_start[f];
    m->face_start = mb_grow(m->face_start, f + 2, sizeof *m->face_start);
    m->face_start[f + 1] = (uint32_t)(start + n);
    m->corner_position = mb_grow(m->corner_position, start + n, sizeof *m->corner_position);
    for (size_t i = 0; i < n; i++)
        m->corner_position[start + i] = v[i] - 1;
    if (m->corner_normal) {
        m->corner_normal = mb_grow(m->corner_normal, start + n, sizeof *m->corner_normal);
        for (size_t i = 0; i < n; i++)
            m->corner_normal[start + i] = -1;
    }
    if (m->corner_uv) {
        m->corner_uv = mb_grow(m->corner_uv, start + n, sizeof *m->corner_uv);
        for (size_t i = 0; i < n; i++)
            m->corner_uv[start + i] = -1;
    }
    m->face_material = mb_grow(m->face_material, f + 1, sizeof *m->face_material);
    m->face_material[f] = material;
    m->face_group = mb_grow(m->face_group, f + 1, sizeof *m->face_group);
    m->face_group[f] = group;
    if (line && !m->face_line) {
        m->face_line = mb_grow(NULL, f + 1, sizeof *m->face_line);
        for (size_t i = 0; i < f; i++)
            m->face_line[i] = 0;
    }
    if (m->face_line) {
        m->face_line = mb_grow(m->face_line, f + 1, sizeof *m->face_line);
        m->face_line[f] = line;
    }
    m->face_count = f + 1;
    return f;
}

/* mb_f(m, material, group, line, n, v1, v2, ...): the same with varargs. */
static inline size_t mb_f(rm_mesh *m, uint32_t material, uint32_t group, unsigned long line, int n, ...)
{
    uint32_t v[64];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < 64; i++)
        v[i] = (uint32_t)va_arg(ap, int);
    va_end(ap);
    return mb_face(m, material, group, line, (size_t)n, v);
}

/* Sets the normals (1-based vn numbers, 0: none) of the corners of face f. */
static inline void mb_face_normals(rm_mesh *m, size_t f, int n, ...)
{
    size_t corners = m->face_start[m->face_count];
    if (!m->corner_normal) {
        m->corner_normal = mb_grow(NULL, corners, sizeof *m->corner_normal);
        for (size_t i = 0; i < corners; i++)
            m->corner_normal[i] = -1;
    }
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        m->corner_normal[m->face_start[f] + (size_t)i] = va_arg(ap, int) - 1;
    va_end(ap);
}

/* Adds a texture coordinate (vt); returns its OBJ number (1-based). */
static inline uint32_t mb_vt(rm_mesh *m, double u, double v)
{
    size_t n = m->uv_count + 1;
    m->uvs = mb_grow(m->uvs, n, sizeof *m->uvs);
    m->uvs[n - 1][0] = u;
    m->uvs[n - 1][1] = v;
    m->uv_count = n;
    return (uint32_t)n;
}

/* Sets the texture coordinates (1-based vt numbers, 0: none) of the
   corners of face f. */
static inline void mb_face_uvs(rm_mesh *m, size_t f, int n, ...)
{
    size_t corners = m->face_start[m->face_count];
    if (!m->corner_uv) {
        m->corner_uv = mb_grow(NULL, corners, sizeof *m->corner_uv);
        for (size_t i = 0; i < corners; i++)
            m->corner_uv[i] = -1;
    }
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        m->corner_uv[m->face_start[f] + (size_t)i] = va_arg(ap, int) - 1;
    va_end(ap);
}

/* Gives material `mat` a texture, as an MTL at `library` would. */
static inline void mb_texture(rm_mesh *m, uint32_t mat, const char *library, const char *map_kd)
{
    rm_mesh_material *mm = &m->materials[mat];
    free(mm->library);
    free(mm->map_kd);
    mm->library = mb_strdup(library);
    mm->map_kd = mb_strdup(map_kd);
    mm->defined = true;
    mm->line = 1;
}

#endif
