/* src/formats/jom/write.c - rm_jom_write / rm_jom_write_file: the exact
   bytes of the format (big endian, documented chunk order, zero padding),
   after rm_jom_validate() accepted the model. */
#include "jom_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "retromesh/fileio.h"

static void write_vec(rm_writer *w, rm_vec3x v)
{
    rm_write_i32(w, v.x);
    rm_write_i32(w, v.y);
    rm_write_i32(w, v.z);
}

/* The characters up to the terminator, then zeros up to 16 bytes. */
static void write_name(rm_writer *w, const char name[16])
{
    size_t n = strnlen(name, JOM_NAME_SIZE);
    rm_write_bytes(w, name, n);
    rm_write_zeros(w, JOM_NAME_SIZE - n);
}

static void write_chunk_header(rm_writer *w, const jom_layout *l, int kind)
{
    rm_write_tag(w, jom_tags[kind]);
    rm_write_u32(w, (uint32_t)l->size[kind]);
}

static void write_u16_records(rm_writer *w, const uint16_t *v, uint64_t count)
{
    rm_write_u32(w, (uint32_t)count);
    for (uint64_t i = 0; i < count; i++)
        rm_write_u16(w, v[i]);
    if (count & 1u)
        rm_write_zeros(w, 2);
}

static void write_vec_records(rm_writer *w, const rm_vec3x *v, uint32_t count)
{
    rm_write_u32(w, count);
    for (uint32_t i = 0; i < count; i++)
        write_vec(w, v[i]);
}

static void write_textures(rm_writer *w, const rm_jom_model *m)
{
    rm_write_u32(w, m->texture_image_count);
    for (uint32_t i = 0; i < m->texture_image_count; i++) {
        const rm_jom_texture *t = &m->texture_images[i];
        write_name(w, t->name);
        rm_write_u16(w, t->width);
        rm_write_u16(w, t->height);
        rm_write_u16(w, t->format);
        rm_write_u16(w, t->reserved);
        rm_write_bytes(w, t->pixels, t->pixel_size);
        rm_write_zeros(w, (size_t)(jom_pad4(t->pixel_size) - t->pixel_size));
    }
}

static void write_animations(rm_writer *w, const rm_jom_model *m)
{
    uint64_t key_size = jom_key_size(m->bone_count);
    /* The keys of all the animations follow the records, in order; each
       offset is counted from the start of the chunk data (the count). */
    uint64_t offset = jom_records_size(m->animation_count, JOM_ANIMATION_SIZE);
    rm_write_u32(w, m->animation_count);
    for (uint32_t i = 0; i < m->animation_count; i++) {
        const rm_jom_animation *a = &m->animations[i];
        write_name(w, a->name);
        rm_write_u16(w, a->key_count);
        rm_write_u16(w, a->key_ticks);
        rm_write_u16(w, a->flags);
        rm_write_u16(w, a->duplicate);
        rm_write_u32(w, (uint32_t)offset);
        offset += a->key_count * key_size;
    }
    for (uint32_t i = 0; i < m->animation_count; i++) {
        const rm_jom_animation *a = &m->animations[i];
        for (uint32_t k = 0; k < a->key_count; k++) {
            const rm_jom_key *key = &a->keys[k];
            write_vec(w, key->root);
            for (uint32_t b = 0; b < m->bone_count; b++)
                for (int j = 0; j < 3; j++)
                    rm_write_i16(w, key->angles[b][j]);
            if (m->bone_count & 1u)
                rm_write_zeros(w, 2);
        }
    }
}

static void write_chunk(rm_writer *w, const rm_jom_model *m, int kind)
{
    uint64_t corners = 4u * (uint64_t)m->polygon_count;
    switch (kind) {
    case JOM_TIMG:
        write_textures(w, m);
        break;
    case JOM_PNTS:
        write_vec_records(w, m->points, m->point_count);
        break;
    case JOM_QUAD:
        rm_write_u32(w, m->polygon_count);
        for (uint32_t i = 0; i < m->polygon_count; i++) {
            write_vec(w, m->polygons[i].normal);
            for (int k = 0; k < 4; k++)
                rm_write_u16(w, m->polygons[i].v[k]);
        }
        break;
    case JOM_QMAT:
        write_u16_records(w, m->polygon_materials, m->polygon_count);
        break;
    case JOM_MATL:
        rm_write_u32(w, m->material_count);
        for (uint32_t i = 0; i < m->material_count; i++) {
            const rm_jom_material *mat = &m->materials[i];
            write_name(w, mat->name);
            rm_write_u8(w, mat->r);
            rm_write_u8(w, mat->g);
            rm_write_u8(w, mat->b);
            rm_write_u8(w, mat->shine);
            rm_write_i16(w, mat->texture);
            rm_write_u16(w, mat->subdivision_error);
            rm_write_u32(w, mat->flags);
            rm_write_u32(w, mat->user);
        }
        break;
    case JOM_TEXT:
        rm_write_u32(w, m->texture_count);
        for (uint32_t i = 0; i < m->texture_count; i++)
            write_name(w, m->textures[i]);
        break;
    case JOM_NTAB:
        write_vec_records(w, m->normals, m->normal_count);
        break;
    case JOM_CNRM:
        write_u16_records(w, m->corner_normals, corners);
        break;
    case JOM_VCOL:
        write_vec_records(w, m->vertex_colors, m->point_count);
        break;
    case JOM_GOUR:
        write_u16_records(w, m->gouraud, corners);
        break;
    case JOM_GRUP:
        rm_write_u32(w, m->group_count);
        for (uint32_t i = 0; i < m->group_count; i++) {
            const rm_jom_group *g = &m->groups[i];
            write_name(w, g->name);
            rm_write_u16(w, g->first_point);
            rm_write_u16(w, g->point_count);
            rm_write_u16(w, g->first_polygon);
            rm_write_u16(w, g->polygon_count);
        }
        break;
    case JOM_BONE:
        rm_write_u32(w, m->bone_count);
        for (uint32_t i = 0; i < m->bone_count; i++) {
            const rm_jom_bone *b = &m->bones[i];
            write_name(w, b->name);
            rm_write_u16(w, b->group);
            rm_write_i16(w, b->parent);
            write_vec(w, b->pivot);
        }
        break;
    case JOM_ANIM:
        write_animations(w, m);
        break;
    default: /* END: no data */
        break;
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

    rm_write_tag(&w, "JOM1");
    rm_write_u16(&w, RM_JOM_VERSION);
    rm_write_u16(&w, 0);              /* reserved */
    write_vec(&w, m->center);
    rm_write_i32(&w, m->radius);
    for (int k = 0; k < JOM_KIND_COUNT; k++) {
        if (!l.present[k])
            continue;
        write_chunk_header(&w, &l, k);
        write_chunk(&w, m, k);
    }

    if (w.failed) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", name);
        rm_writer_free(&w);
        return RM_NOMEM;
    }
    /* The layout and the chunk writers must agree byte for byte. */
    if (w.size != l.total) {
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
