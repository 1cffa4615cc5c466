/* src/formats/jom/write.c - rm_jom_write / rm_jom_write_file: the exact
   bytes of the format (big endian, documented chunk order, zero padding),
   after rm_jom_validate() accepted the model. */
#include "jom_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "retromesh/fileio.h"

/* The chunk writers store into a buffer reserved to the layout's exact
   total (jom_layout_compute), a record at a time with inline big-endian
   stores: no call and no capacity check per field. Each chunk's length is
   checked against the layout after it is written. */

static uint8_t *put_vec(uint8_t *p, rm_vec3x v)
{
    p = rm_store_i32(p, v.x);
    p = rm_store_i32(p, v.y);
    return rm_store_i32(p, v.z);
}

/* The characters up to the terminator, then zeros up to 16 bytes. */
static uint8_t *put_name(uint8_t *p, const char name[16])
{
    size_t n = strnlen(name, JOM_NAME_SIZE);
    p = rm_store_bytes(p, name, n);
    return rm_store_zeros(p, JOM_NAME_SIZE - n);
}

static uint8_t *put_u16_records(uint8_t *p, const uint16_t *v, uint64_t count)
{
    p = rm_store_be32(p, (uint32_t)count);
    for (uint64_t i = 0; i < count; i++)
        p = rm_store_be16(p, v[i]);
    if (count & 1u)
        p = rm_store_zeros(p, 2);
    return p;
}

static uint8_t *put_vec_records(uint8_t *p, const rm_vec3x *v, uint32_t count)
{
    p = rm_store_be32(p, count);
    for (uint32_t i = 0; i < count; i++)
        p = put_vec(p, v[i]);
    return p;
}

static uint8_t *put_textures(uint8_t *p, const rm_jom_model *m)
{
    p = rm_store_be32(p, m->texture_image_count);
    for (uint32_t i = 0; i < m->texture_image_count; i++) {
        const rm_jom_texture *t = &m->texture_images[i];
        p = put_name(p, t->name);
        p = rm_store_be16(p, t->width);
        p = rm_store_be16(p, t->height);
        p = rm_store_be16(p, t->format);
        p = rm_store_be16(p, t->reserved);
        p = rm_store_bytes(p, t->pixels, t->pixel_size);
        p = rm_store_zeros(p, (size_t)(jom_pad4(t->pixel_size) - t->pixel_size));
    }
    return p;
}

static uint8_t *put_animations(uint8_t *p, const rm_jom_model *m)
{
    uint64_t key_size = jom_key_size(m->bone_count);
    /* The keys of all the animations follow the records, in order; each
       offset is counted from the start of the chunk data (the count). */
    uint64_t offset = jom_records_size(m->animation_count, JOM_ANIMATION_SIZE);
    p = rm_store_be32(p, m->animation_count);
    for (uint32_t i = 0; i < m->animation_count; i++) {
        const rm_jom_animation *a = &m->animations[i];
        p = put_name(p, a->name);
        p = rm_store_be16(p, a->key_count);
        p = rm_store_be16(p, a->key_ticks);
        p = rm_store_be16(p, a->flags);
        p = rm_store_be16(p, a->duplicate);
        p = rm_store_be32(p, (uint32_t)offset);
        offset += a->key_count * key_size;
    }
    for (uint32_t i = 0; i < m->animation_count; i++) {
        const rm_jom_animation *a = &m->animations[i];
        for (uint32_t k = 0; k < a->key_count; k++) {
            const rm_jom_key *key = &a->keys[k];
            p = put_vec(p, key->root);
            for (uint32_t b = 0; b < m->bone_count; b++)
                for (int j = 0; j < 3; j++)
                    p = rm_store_i16(p, key->angles[b][j]);
            if (m->bone_count & 1u)
                p = rm_store_zeros(p, 2);
        }
    }
    return p;
}

static uint8_t *put_chunk(uint8_t *p, const rm_jom_model *m, int kind)
{
    uint64_t corners = 4u * (uint64_t)m->polygon_count;
    switch (kind) {
    case JOM_TIMG:
        return put_textures(p, m);
    case JOM_PNTS:
        return put_vec_records(p, m->points, m->point_count);
    case JOM_QUAD:
        p = rm_store_be32(p, m->polygon_count);
        for (uint32_t i = 0; i < m->polygon_count; i++) {
            const rm_jom_polygon *q = &m->polygons[i];
            p = put_vec(p, q->normal);
            p = rm_store_be16(p, q->v[0]);
            p = rm_store_be16(p, q->v[1]);
            p = rm_store_be16(p, q->v[2]);
            p = rm_store_be16(p, q->v[3]);
        }
        return p;
    case JOM_QMAT:
        return put_u16_records(p, m->polygon_materials, m->polygon_count);
    case JOM_MATL:
        p = rm_store_be32(p, m->material_count);
        for (uint32_t i = 0; i < m->material_count; i++) {
            const rm_jom_material *mat = &m->materials[i];
            p = put_name(p, mat->name);
            *p++ = mat->r;
            *p++ = mat->g;
            *p++ = mat->b;
            *p++ = mat->shine;
            p = rm_store_i16(p, mat->texture);
            p = rm_store_be16(p, mat->subdivision_error);
            p = rm_store_be32(p, mat->flags);
            p = rm_store_be32(p, mat->user);
        }
        return p;
    case JOM_TEXT:
        p = rm_store_be32(p, m->texture_count);
        for (uint32_t i = 0; i < m->texture_count; i++)
            p = put_name(p, m->textures[i]);
        return p;
    case JOM_NTAB:
        return put_vec_records(p, m->normals, m->normal_count);
    case JOM_CNRM:
        return put_u16_records(p, m->corner_normals, corners);
    case JOM_VCOL:
        return put_vec_records(p, m->vertex_colors, m->point_count);
    case JOM_GOUR:
        return put_u16_records(p, m->gouraud, corners);
    case JOM_GRUP:
        p = rm_store_be32(p, m->group_count);
        for (uint32_t i = 0; i < m->group_count; i++) {
            const rm_jom_group *g = &m->groups[i];
            p = put_name(p, g->name);
            p = rm_store_be16(p, g->first_point);
            p = rm_store_be16(p, g->point_count);
            p = rm_store_be16(p, g->first_polygon);
            p = rm_store_be16(p, g->polygon_count);
        }
        return p;
    case JOM_BONE:
        p = rm_store_be32(p, m->bone_count);
        for (uint32_t i = 0; i < m->bone_count; i++) {
            const rm_jom_bone *b = &m->bones[i];
            p = put_name(p, b->name);
            p = rm_store_be16(p, b->group);
            p = rm_store_i16(p, b->parent);
            p = put_vec(p, b->pivot);
        }
        return p;
    case JOM_ANIM:
        return put_animations(p, m);
    default: /* END: no data */
        return p;
    }
}

static rm_status write_named(const rm_jom_model *m, const char *name, uint8_t **data, size_t *size,
                             rm_diag *diag)
{
    *data = NULL;
    *size = 0;
    if (rm_jom_validate(m, name, diag) != RM_OK)
        return RM_INVALID;

    jom_layout l;
    jom_layout_compute(m, &l);
    rm_writer w;
    rm_writer_init(&w);
    if (!rm_writer_reserve(&w, (size_t)l.total)) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory (%llu bytes)", name,
                    (unsigned long long)l.total);
        rm_writer_free(&w);
        return RM_NOMEM;
    }

    /* The layout's sizes bound every chunk: one is written only when the
       room the layout gives it is there, and must fill it exactly. */
    uint8_t *p = w.data, *end = w.data + (size_t)l.total;
    p = rm_store_bytes(p, "JOM1", 4);
    p = rm_store_be16(p, RM_JOM_VERSION);
    p = rm_store_be16(p, 0);              /* reserved */
    p = put_vec(p, m->center);
    p = rm_store_i32(p, m->radius);
    bool agree = true;
    for (int k = 0; k < JOM_KIND_COUNT && agree; k++) {
        if (!l.present[k])
            continue;
        if ((uint64_t)(end - p) < JOM_CHUNK_HEADER_SIZE + l.size[k]) {
            agree = false;
            break;
        }
        uint8_t *chunk_end = p + JOM_CHUNK_HEADER_SIZE + (size_t)l.size[k];
        p = rm_store_bytes(p, jom_tags[k], 4);
        p = rm_store_be32(p, (uint32_t)l.size[k]);
        p = put_chunk(p, m, k);
        agree = p == chunk_end;
    }
    w.size = (size_t)(p - w.data);

    /* The layout and the chunk writers must agree byte for byte. */
    if (!agree || w.size != l.total) {
        rm_diag_add(diag, RM_ERROR, "%s: error: internal error: wrote %zu bytes, the layout says %llu",
                    name, w.size, (unsigned long long)l.total);
        rm_writer_free(&w);
        return RM_INVALID;
    }
    *data = w.data;
    *size = w.size;
    return RM_OK;
}

rm_status rm_jom_write(const rm_jom_model *m, uint8_t **data, size_t *size, rm_diag *diag)
{
    return write_named(m, "<model>", data, size, diag);
}

rm_status rm_jom_write_file(const rm_jom_model *m, const char *path, rm_diag *diag)
{
    uint8_t *data;
    size_t size;
    rm_status st = write_named(m, path, &data, &size, diag);
    if (st != RM_OK)
        return st;
    st = rm_file_write_atomic(path, data, size, diag);
    free(data);
    return st;
}
