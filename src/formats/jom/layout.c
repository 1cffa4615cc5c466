/* src/formats/jom/layout.c - chunk order and sizes: where the writer puts
   each chunk. The validator uses the same offsets in its messages, so a
   message about an in-memory model points where the byte would be. */
#include "jom_internal.h"

#include <string.h>

uint64_t jom_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t jom_mul(uint64_t a, uint64_t b)
{
    if (a != 0 && b > UINT64_MAX / a)
        return UINT64_MAX;
    return a * b;
}

uint64_t jom_records_size(uint64_t count, uint32_t record)
{
    uint64_t n = jom_add(JOM_COUNT_SIZE, jom_mul(count, record));
    /* Only 2-byte records can leave the chunk 2 bytes short of a multiple
       of 4; every other record size is a multiple of 4 already. */
    if (record == JOM_U16_SIZE && (count & 1u))
        n = jom_add(n, 2);
    return n;
}

uint64_t jom_key_size(uint64_t bones)
{
    /* root fixed[3] (12) + 3 angles of 2 bytes per bone (+2: 12 + 6b + 2 is
       a multiple of 4 when b is odd). */
    uint64_t n = jom_add(12, jom_mul(bones, 6));
    if (bones & 1u)
        n = jom_add(n, 2);
    return n;
}

uint64_t jom_texture_pixel_size(uint32_t width, uint32_t height, uint32_t format)
{
    uint64_t pixels = (uint64_t)width * height;
    switch (format) {
    case 0: return pixels * 2;                   /* rgb555 words */
    case 1: return JOM_LUT_SIZE + pixels / 2;    /* 16 colors, then 2 pixels a byte */
    default: return 0;
    }
}

uint64_t jom_texture_entry_size(uint64_t pixel_size)
{
    return jom_add(JOM_TEXTURE_HEADER_SIZE, jom_pad4(pixel_size));
}

void jom_layout_compute(const rm_jom_model *m, jom_layout *l)
{
    memset(l, 0, sizeof *l);
    l->present[JOM_TIMG] = m->texture_image_count > 0;
    l->present[JOM_PNTS] = true;
    l->present[JOM_QUAD] = true;
    l->present[JOM_QMAT] = true;
    l->present[JOM_MATL] = true;
    l->present[JOM_TEXT] = m->texture_count > 0;
    l->present[JOM_NTAB] = m->has_normals;
    l->present[JOM_CNRM] = m->has_normals;
    l->present[JOM_VCOL] = m->has_vertex_colors;
    l->present[JOM_GOUR] = m->has_gouraud;
    l->present[JOM_GRUP] = m->has_groups;
    l->present[JOM_BONE] = m->has_skeleton;
    l->present[JOM_ANIM] = m->has_skeleton;
    l->present[JOM_END] = true;

    uint64_t corners = 4u * (uint64_t)m->polygon_count;
    uint64_t timg = JOM_COUNT_SIZE;
    for (uint32_t i = 0; i < m->texture_image_count; i++) {
        /* A model without its array is refused by the validator; count
           bare headers so the layout stays defined. */
        uint64_t pixels = m->texture_images ? m->texture_images[i].pixel_size : 0;
        timg = jom_add(timg, jom_texture_entry_size(pixels));
    }
    l->size[JOM_TIMG] = timg;
    l->size[JOM_PNTS] = jom_records_size(m->point_count, JOM_POINT_SIZE);
    l->size[JOM_QUAD] = jom_records_size(m->polygon_count, JOM_POLYGON_SIZE);
    l->size[JOM_QMAT] = jom_records_size(m->polygon_count, JOM_U16_SIZE);
    l->size[JOM_MATL] = jom_records_size(m->material_count, JOM_MATERIAL_SIZE);
    l->size[JOM_TEXT] = jom_records_size(m->texture_count, JOM_NAME_SIZE);
    l->size[JOM_NTAB] = jom_records_size(m->normal_count, JOM_POINT_SIZE);
    l->size[JOM_CNRM] = jom_records_size(corners, JOM_U16_SIZE);
    l->size[JOM_VCOL] = jom_records_size(m->point_count, JOM_POINT_SIZE);
    l->size[JOM_GOUR] = jom_records_size(corners, JOM_U16_SIZE);
    l->size[JOM_GRUP] = jom_records_size(m->group_count, JOM_GROUP_SIZE);
    l->size[JOM_BONE] = jom_records_size(m->bone_count, JOM_BONE_SIZE);
    uint64_t anim = jom_records_size(m->animation_count, JOM_ANIMATION_SIZE);
    uint64_t key = jom_key_size(m->bone_count);
    for (uint32_t i = 0; m->animations && i < m->animation_count; i++)
        anim = jom_add(anim, jom_mul(m->animations[i].key_count, key));
    l->size[JOM_ANIM] = anim;
    l->size[JOM_END] = 0;

    uint64_t pos = RM_JOM_HEADER_SIZE;
    for (int k = 0; k < JOM_KIND_COUNT; k++) {
        if (!l->present[k])
            continue;
        l->offset[k] = pos;
        pos = jom_add(pos, jom_add(JOM_CHUNK_HEADER_SIZE, l->size[k]));
    }
    l->total = pos;
}
