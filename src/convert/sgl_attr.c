/* src/convert/sgl_attr.c - MATL + QMAT -> SGL ATTR, and the gouraud
   tables of a model (retromesh/sgl.h): the table of .helpers/RULES.md that
   the engine module builds on the Saturn, computed on the host. */
#include "retromesh/sgl.h"

#include <stdlib.h>

#include "retromesh/mesh.h"

/* SGL constants (saturn-notes 4.2, 6.2). */
enum {
    SINGLE_PLANE = 0, DUAL_PLANE = 1,
    SORT_BFR = 0, SORT_MIN = 1, SORT_MAX = 2, SORT_CEN = 3,
    USE_TEXTURE = 1 << 2, USE_LIGHT = 1 << 3, USE_PALETTE = 1 << 5,
    CL16_LOOK = 1 << 3, CL256_BNK = 4 << 3, CL32K_RGB = 5 << 3,
    CL_TRANS = 3, CL_GOURAUD = 4,
    SP_DIS = 1 << 6, EC_DIS = 1 << 7, MESH_ON = 1 << 8,
    FUNC_TEXTURE = 2, FUNC_POLYGON = 4, FLIP_H = 1 << 4, FLIP_V = 1 << 5
};

rm_sgl_attr rm_sgl_attr_of(const rm_jom_material *m, const rm_sgl_texture *tex, uint16_t gstb,
                           bool for_lights)
{
    rm_sgl_attr a = {0};
    uint32_t f = m->flags;
    bool textured = m->texture >= 0;
    rm_sgl_texture own = { RM_SGL_TEXTURE_RGB, (uint16_t)(textured ? m->texture : 0), 0 };
    if (!tex || !textured)
        tex = &own;

    a.flag = (f & RM_MAT_DUAL_PLANE) ? DUAL_PLANE : SINGLE_PLANE;

    unsigned sort;
    switch (f & RM_MAT_SORT_PREVIOUS) {
    case RM_MAT_SORT_MIN: sort = SORT_MIN; break;
    case RM_MAT_SORT_MAX: sort = SORT_MAX; break;
    case RM_MAT_SORT_PREVIOUS: sort = SORT_BFR; break;
    default: sort = SORT_CEN; break;
    }
    if (f & RM_MAT_LIGHT)
        sort |= USE_LIGHT;
    if (textured)
        sort |= USE_TEXTURE;
    if (textured && tex->mode == RM_SGL_TEXTURE_8BIT)
        sort |= USE_PALETTE;
    a.sort = (uint8_t)sort;

    unsigned atrb;
    if (!textured)
        atrb = CL32K_RGB | EC_DIS | SP_DIS;
    else if (tex->mode == RM_SGL_TEXTURE_LUT)
        atrb = CL16_LOOK;
    else if (tex->mode == RM_SGL_TEXTURE_8BIT)
        atrb = CL256_BNK;
    else
        atrb = CL32K_RGB;
    if (textured && !(f & RM_MAT_END_CODES))
        atrb |= EC_DIS;
    if (f & RM_MAT_HALF_TRANSPARENT)
        atrb |= CL_TRANS;
    if ((f & RM_MAT_GOURAUD) || for_lights)
        atrb |= CL_GOURAUD;
    if (f & RM_MAT_SCREEN_DOORS)
        atrb |= MESH_ON;
    a.atrb = (uint16_t)atrb;

    if (!textured)
        a.colno = (uint16_t)(0x8000u | (unsigned)(m->b >> 3) << 10 | (unsigned)(m->g >> 3) << 5 |
                             (unsigned)(m->r >> 3));
    else if (tex->mode == RM_SGL_TEXTURE_LUT)
        a.colno = tex->lut_colno;
    a.texno = textured ? tex->sprite_id : 0;
    a.gstb = gstb;

    unsigned dir = textured ? FUNC_TEXTURE : FUNC_POLYGON;
    if (textured && (f & RM_MAT_FLIP_H))
        dir |= FLIP_H;
    if (textured && (f & RM_MAT_FLIP_V))
        dir |= FLIP_V;
    a.dir = (uint16_t)dir;
    return a;
}

/* True when polygon p's material is a GOURAUD one with GOUR words. */
static bool is_gouraud(const rm_jom_model *m, uint32_t p)
{
    if (!m->has_gouraud || !m->gouraud || !m->polygon_materials)
        return false;
    uint16_t mat = m->polygon_materials[p];
    return mat < m->material_count && m->materials && (m->materials[mat].flags & RM_MAT_GOURAUD);
}

rm_status rm_sgl_gouraud_tables(const rm_jom_model *m, bool for_lights, uint32_t *table_of,
                                uint16_t *colors, uint32_t *count)
{
    if (!m || !count)
        return RM_INVALID;
    *count = 0;
    if (m->polygon_count == 0)
        return RM_OK;
    if (!table_of || !colors)
        return RM_INVALID;
    /* The tables made so far by their 4 words (a 64-bit key): open
       addressing, a slot is free while its table is RM_SGL_NO_TABLE. */
    size_t cap = 16;
    while (cap < (size_t)m->polygon_count * 2)
        cap *= 2;
    uint64_t *keys = NULL;
    uint32_t *ids = NULL;
    if (!for_lights) {
        keys = malloc(cap * sizeof *keys);
        ids = malloc(cap * sizeof *ids);
        if (!keys || !ids) {
            free(keys);
            free(ids);
            return RM_NOMEM;
        }
        for (size_t i = 0; i < cap; i++)
            ids[i] = RM_SGL_NO_TABLE;
    }
    uint32_t n = 0;
    for (uint32_t p = 0; p < m->polygon_count; p++) {
        table_of[p] = RM_SGL_NO_TABLE;
        bool g = is_gouraud(m, p);
        if (!g && !for_lights)
            continue;
        uint16_t c[4];
        uint64_t key = 0;
        for (int k = 0; k < 4; k++) {
            c[k] = g ? m->gouraud[(size_t)p * 4 + (size_t)k] : (uint16_t)RM_SGL_NEUTRAL_GOURAUD;
            key = key << 16 | c[k];
        }
        size_t slot = 0;
        if (!for_lights) {
            slot = (size_t)((key * 0x9E3779B97F4A7C15u) >> 20) & (cap - 1);
            while (ids[slot] != RM_SGL_NO_TABLE && keys[slot] != key)
                slot = (slot + 1) & (cap - 1);
            if (ids[slot] != RM_SGL_NO_TABLE) {
                table_of[p] = ids[slot];
                continue;
            }
            keys[slot] = key;
            ids[slot] = n;
        }
        for (int k = 0; k < 4; k++)
            colors[(size_t)n * 4 + (size_t)k] = c[k];
        table_of[p] = n++;
    }
    free(keys);
    free(ids);
    *count = n;
    return RM_OK;
}
