/* src/formats/jom/read.c - rm_jom_read / rm_jom_read_file: the validating
   view (view.c: every rule, every message), then the copies.

   Once jom_view_open() has accepted the bytes, every count, size and
   offset is known to be inside the file, so the records are copied with
   the plain big-endian readers of core/bytes.h; the only failure left is
   running out of memory. */
#include "jom_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "retromesh/fileio.h"

/* calloc of `count` elements that checks the multiplication; NULL for 0
   (and *nomem set when the memory is not there). */
static void *alloc_array(bool *nomem, uint64_t count, size_t elem)
{
    if (count == 0)
        return NULL;
    if (count > SIZE_MAX / elem) {
        *nomem = true;
        return NULL;
    }
    void *p = calloc((size_t)count, elem);
    if (!p)
        *nomem = true;
    return p;
}

static rm_vec3x *copy_vecs(const jom_view *v, int kind, bool *nomem)
{
    uint32_t n = v->count[kind];
    rm_vec3x *out = alloc_array(nomem, n, sizeof *out);
    if (out)
        for (uint32_t i = 0; i < n; i++)
            out[i] = jom_view_vec(v, kind, i);
    return out;
}

static uint16_t *copy_u16s(const jom_view *v, int kind, bool *nomem)
{
    uint32_t n = v->count[kind];
    uint16_t *out = alloc_array(nomem, n, sizeof *out);
    if (out)
        for (uint32_t i = 0; i < n; i++)
            out[i] = jom_view_u16(v, kind, i);
    return out;
}

static void copy_textures(const jom_view *v, rm_jom_model *m, bool *nomem)
{
    uint32_t n = v->count[JOM_TIMG];
    m->texture_images = alloc_array(nomem, n, sizeof *m->texture_images);
    if (!m->texture_images)
        return;
    m->texture_image_count = n;
    uint64_t at = 0;
    for (uint32_t i = 0; i < n; i++) {
        rm_jom_texture *t = &m->texture_images[i];
        const uint8_t *pixels;
        if (!jom_view_next_texture(v, &at, t, &pixels))
            break;
        t->pixels = alloc_array(nomem, t->pixel_size, 1);
        if (t->pixel_size && !t->pixels)
            return;
        if (t->pixel_size)
            memcpy(t->pixels, pixels, t->pixel_size);
    }
}

static void copy_animations(const jom_view *v, rm_jom_model *m, bool *nomem)
{
    uint32_t n = v->count[JOM_ANIM];
    m->animations = alloc_array(nomem, n, sizeof *m->animations);
    if (!m->animations)
        return;
    m->animation_count = n;
    for (uint32_t i = 0; i < n; i++) {
        rm_jom_animation *a = &m->animations[i];
        jom_view_animation(v, i, a);
        a->keys = alloc_array(nomem, a->key_count, sizeof *a->keys);
        if (!a->keys)
            return;
        for (uint32_t k = 0; k < a->key_count; k++)
            jom_view_key(v, i, k, &a->keys[k]);
    }
}

static void copy_chunks(const jom_view *v, rm_jom_model *m, bool *nomem)
{
    m->chunks = alloc_array(nomem, v->chunk_count, sizeof *m->chunks);
    if (!m->chunks)
        return;
    uint64_t at = 0;
    while (m->chunk_count < v->chunk_count && jom_view_next_chunk(v, &at, &m->chunks[m->chunk_count]))
        m->chunk_count++;
}

/* The copies of a view that jom_view_open() accepted. */
static void copy_view(const jom_view *v, rm_jom_model *m, bool *nomem)
{
    m->version = v->version;
    m->center = v->center;
    m->radius = v->radius;
    m->file_size = (uint32_t)v->size;
    copy_chunks(v, m, nomem);
    if (v->present[JOM_TIMG])
        copy_textures(v, m, nomem);
    m->point_count = v->count[JOM_PNTS];
    m->points = copy_vecs(v, JOM_PNTS, nomem);
    m->polygon_count = v->count[JOM_QUAD];
    m->polygons = alloc_array(nomem, m->polygon_count, sizeof *m->polygons);
    if (m->polygons)
        for (uint32_t i = 0; i < m->polygon_count; i++)
            jom_view_polygon(v, i, &m->polygons[i]);
    m->polygon_materials = copy_u16s(v, JOM_QMAT, nomem);
    m->material_count = v->count[JOM_MATL];
    m->materials = alloc_array(nomem, m->material_count, sizeof *m->materials);
    if (m->materials)
        for (uint32_t i = 0; i < m->material_count; i++)
            jom_view_material(v, i, &m->materials[i]);
    if (v->present[JOM_TEXT]) {
        m->texture_count = v->count[JOM_TEXT];
        m->textures = alloc_array(nomem, m->texture_count, sizeof *m->textures);
        if (m->textures)
            memcpy(m->textures, jom_view_texture_name(v, 0), (size_t)m->texture_count * JOM_NAME_SIZE);
    }
    m->has_normals = v->present[JOM_NTAB];
    if (m->has_normals) {
        m->normal_count = v->count[JOM_NTAB];
        m->normals = copy_vecs(v, JOM_NTAB, nomem);
        m->corner_normals = copy_u16s(v, JOM_CNRM, nomem);
    }
    m->has_vertex_colors = v->present[JOM_VCOL];
    if (m->has_vertex_colors)
        m->vertex_colors = copy_vecs(v, JOM_VCOL, nomem);
    m->has_gouraud = v->present[JOM_GOUR];
    if (m->has_gouraud)
        m->gouraud = copy_u16s(v, JOM_GOUR, nomem);
    m->has_groups = v->present[JOM_GRUP];
    if (m->has_groups) {
        m->group_count = v->count[JOM_GRUP];
        m->groups = alloc_array(nomem, m->group_count, sizeof *m->groups);
        if (m->groups)
            for (uint32_t i = 0; i < m->group_count; i++)
                jom_view_group(v, i, &m->groups[i]);
    }
    m->has_skeleton = v->present[JOM_BONE];
    if (m->has_skeleton) {
        m->bone_count = v->count[JOM_BONE];
        m->bones = alloc_array(nomem, m->bone_count, sizeof *m->bones);
        if (m->bones)
            for (uint32_t i = 0; i < m->bone_count; i++)
                jom_view_bone(v, i, &m->bones[i]);
        copy_animations(v, m, nomem);
    }
}

rm_status jom_read_view(const uint8_t *data, size_t size, const char *filename, rm_jom_model *out,
                        jom_view *view, rm_diag *diag)
{
    rm_jom_init(out);
    rm_status st = jom_view_open(view, data, size, filename, diag);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    copy_view(view, out, &nomem);
    if (nomem) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", filename ? filename : "<input>");
        rm_jom_free(out);
        return RM_NOMEM;
    }
    return RM_OK;
}

rm_status rm_jom_read(const uint8_t *data, size_t size, const char *filename, rm_jom_model *out,
                      rm_diag *diag)
{
    jom_view v;
    return jom_read_view(data, size, filename, out, &v, diag);
}

rm_status rm_jom_read_file(const char *path, rm_jom_model *out, rm_diag *diag)
{
    uint8_t *data;
    size_t size;
    rm_jom_init(out);
    rm_status st = rm_file_read(path, &data, &size, diag);
    if (st != RM_OK)
        return st;
    st = rm_jom_read(data, size, path, out, diag);
    free(data);
    return st;
}
