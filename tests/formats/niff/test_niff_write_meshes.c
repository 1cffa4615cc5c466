/* tests/formats/niff/test_niff_write_meshes.c - see test_niff_write_meshes.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/niff/test_niff_write_meshes.h"

static void *xmalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    assert_non_null(p);
    return p;
}

static char *xstrdup(const char *s)
{
    char *d = xmalloc(strlen(s) + 1);
    memcpy(d, s, strlen(s) + 1);
    return d;
}

void tm_mesh(rm_mesh *m, const char *source, size_t npos, const double (*pos)[3], size_t nfaces,
             const uint32_t *face_sizes, const uint32_t *corners)
{
    rm_mesh_init(m);
    m->source = source ? xstrdup(source) : NULL;
    m->position_count = npos;
    m->positions = xmalloc(npos * sizeof *m->positions);
    for (size_t i = 0; i < npos; i++) {
        m->positions[i].x = pos[i][0];
        m->positions[i].y = pos[i][1];
        m->positions[i].z = pos[i][2];
    }
    m->face_count = nfaces;
    m->face_start = xmalloc((nfaces + 1) * sizeof *m->face_start);
    uint32_t total = 0;
    for (size_t f = 0; f < nfaces; f++) {
        m->face_start[f] = total;
        total += face_sizes[f];
    }
    m->face_start[nfaces] = total;
    m->corner_position = xmalloc(total * sizeof *m->corner_position);
    memcpy(m->corner_position, corners, total * sizeof *corners);
    m->face_material = xmalloc(nfaces * sizeof *m->face_material);
    m->face_group = xmalloc(nfaces * sizeof *m->face_group);
    for (size_t f = 0; f < nfaces; f++)
        m->face_material[f] = m->face_group[f] = RM_MESH_NONE;
}

uint32_t tm_add_group(rm_mesh *m, const char *name)
{
    m->groups = realloc(m->groups, (m->group_count + 1) * sizeof *m->groups);
    assert_non_null(m->groups);
    m->groups[m->group_count].name = xstrdup(name);
    m->groups[m->group_count].line = 0;
    return (uint32_t)m->group_count++;
}

uint32_t tm_add_material(rm_mesh *m, const char *name, double r, double g, double b, double d)
{
    m->materials = realloc(m->materials, (m->material_count + 1) * sizeof *m->materials);
    assert_non_null(m->materials);
    rm_mesh_material *mat = &m->materials[m->material_count];
    mat->name = xstrdup(name);
    rm_mesh_material_defaults(mat);
    mat->kd[0] = r;
    mat->kd[1] = g;
    mat->kd[2] = b;
    mat->has_kd = true;
    mat->dissolve = d;
    return (uint32_t)m->material_count++;
}

void tm_set_uvs(rm_mesh *m, size_t n, const double (*uv)[2], const int32_t *corner_uv)
{
    size_t corners = rm_mesh_corner_count(m);
    m->uv_count = n;
    m->uvs = xmalloc(n * sizeof *m->uvs);
    memcpy(m->uvs, uv, n * sizeof *m->uvs);
    m->corner_uv = xmalloc(corners * sizeof *m->corner_uv);
    memcpy(m->corner_uv, corner_uv, corners * sizeof *corner_uv);
}

void tm_set_normals(rm_mesh *m, size_t n, const double (*nv)[3], const int32_t *corner_normal)
{
    size_t corners = rm_mesh_corner_count(m);
    m->normal_count = n;
    m->normals = xmalloc(n * sizeof *m->normals);
    for (size_t i = 0; i < n; i++) {
        m->normals[i].x = nv[i][0];
        m->normals[i].y = nv[i][1];
        m->normals[i].z = nv[i][2];
    }
    m->corner_normal = xmalloc(corners * sizeof *m->corner_normal);
    memcpy(m->corner_normal, corner_normal, corners * sizeof *corner_normal);
}

void tm_set_colors(rm_mesh *m, const double (*rgb)[3])
{
    m->colors = xmalloc(m->position_count * sizeof *m->colors);
    m->has_color = xmalloc(m->position_count);
    for (size_t i = 0; i < m->position_count; i++) {
        m->colors[i].x = rgb[i][0];
        m->colors[i].y = rgb[i][1];
        m->colors[i].z = rgb[i][2];
        m->has_color[i] = 1;
    }
}

uint32_t tm_word(const uint8_t *data, size_t offset)
{
    const uint8_t *p = data + offset;
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

void tm_expect_words(const uint8_t *data, size_t size, size_t offset, const uint32_t *words, size_t n)
{
    assert_true(offset + 4 * n <= size);
    for (size_t i = 0; i < n; i++) {
        uint32_t got = tm_word(data, offset + 4 * i);
        if (got != words[i]) {
            print_error("word %zu at 0x%zx (%zu): got 0x%08x, expected 0x%08x\n", i, offset + 4 * i,
                        offset + 4 * i, got, words[i]);
            fail();
        }
    }
}

/* Physical order (spec 3.1) with each list's FileHeader field offset (3.2,
   7.1: the 2.0 sizes are in the NEB at 100). */
static const struct {
    uint32_t tag, field;
    int two;    /* ColorList / VectorList header */
    int scene;
    int own;    /* offset of an element's own size (spec 2.7: 8 or 12) */
} lists[28] = {
    {0x00010000, 16, 0, 1, 8}, {0x00100000, 20, 0, 0, 8}, {0x000e0000, 24, 0, 0, 8},
    {0x000f0000, 28, 0, 0, 12}, {0x00020000, 32, 0, 0, 8}, {0x00030000, 36, 0, 0, 8},
    {0x00040000, 40, 0, 0, 12}, {0x00080000, 56, 0, 0, 12}, {0x00050000, 44, 1, 0, 12},
    {0x00060000, 48, 1, 0, 12}, {0x00070000, 52, 0, 0, 12}, {0x00090000, 60, 0, 0, 8},
    {0x000a0000, 64, 0, 0, 8}, {0x000b0000, 68, 0, 0, 12}, {0x00120000, 72, 0, 0, 12},
    {0x000c0000, 76, 0, 0, 12}, {0x000d0000, 80, 0, 0, 12}, {0x00130000, 84, 0, 0, 8},
    {0x00110000, 88, 0, 0, 12}, {0x00200000, 100, 0, 0, 8}, {0x00210000, 104, 0, 0, 8},
    {0x00220000, 108, 0, 0, 8}, {0x00280000, 112, 0, 0, 8}, {0x00230000, 116, 0, 0, 8},
    {0x00240000, 120, 0, 0, 8}, {0x00250000, 124, 0, 0, 8}, {0x00260000, 128, 0, 0, 8},
    {0x00270000, 132, 0, 0, 12},
};

void tm_check_layout(const uint8_t *data, size_t size, size_t offsets[29])
{
    assert_true(size >= 136);
    assert_int_equal(tm_word(data, 4), size);           /* file_size */
    assert_int_equal(tm_word(data, 8), 0);              /* TAG_HEADER */
    assert_int_equal(tm_word(data, 12), 136);           /* 100 fixed + 36 NEB */
    assert_int_equal(tm_word(data, 92), 36);
    assert_int_equal(tm_word(data, 96), 0);
    size_t pos = 136;
    offsets[0] = 0;
    for (int i = 0; i < 28; i++) {
        offsets[i + 1] = pos;
        assert_true(pos + 24 <= size);
        if (tm_word(data, pos) != lists[i].tag) {
            print_error("list %d at %zu: tag 0x%08x, expected 0x%08x\n", i + 1, pos, tm_word(data, pos),
                        lists[i].tag);
            fail();
        }
        uint32_t list_size = tm_word(data, pos + 8);
        assert_int_equal(list_size, tm_word(data, lists[i].field));
        assert_true(list_size <= size - pos);
        if (!lists[i].scene) {
            uint32_t n = tm_word(data, pos + 12);
            uint32_t m = lists[i].two ? tm_word(data, pos + 16) : 0;
            uint32_t header = (lists[i].two ? 28u : 24u) + 4u * (n + m);
            assert_int_equal(tm_word(data, pos + 4), header);
            assert_int_equal(tm_word(data, pos + (lists[i].two ? 20 : 16)), 0);    /* NEB */
            assert_int_equal(tm_word(data, pos + (lists[i].two ? 24 : 20)), 0);    /* UEB */
            uint64_t sum = header;
            size_t array = pos + (lists[i].two ? 28 : 24);
            for (uint32_t e = 0; e < n + m; e++) {
                /* each element's own size field (offset 8 or 12) equals its entry */
                size_t at = pos + (size_t)sum;
                uint32_t esize = tm_word(data, array + 4 * e);
                assert_true(at + 16 <= size);
                assert_int_equal(tm_word(data, at + (size_t)lists[i].own), esize);
                /* and its this_*_index (ColorList/VectorList: two index spaces) */
                assert_int_equal(tm_word(data, at + 4), e < n ? e : e - n);
                sum += esize;
            }
            assert_int_equal(sum, list_size);
        }
        pos += list_size;
    }
    assert_int_equal(pos, size);
}

size_t tm_elem(const uint8_t *data, size_t list, uint32_t i)
{
    uint32_t n = tm_word(data, list + 12);
    size_t at = list + 24 + 4 * (size_t)n;
    for (uint32_t e = 0; e < i; e++)
        at += tm_word(data, list + 24 + 4 * e);
    return at;
}
