/* src/formats/niff/write_mesh_material.c - materials of the mesh writer:
   MatList (spec 5.13, 7.6), TexList (5.14, 7.7), TexImgList (5.15, 7.8). */
#include "write_mesh_internal.h"


/* The combiner sources of a Mat (NIFF mode; sources in one word multiply):
   untextured  color PRIM (Kd),  alpha PRIM_ALPHA (d);
   textured    color TEX0,       alpha TEX0_ALPHA * PRIM_ALPHA (d fades the texture);
   with vertex colors in the mesh, color also * VTX. */
static void mat_sources(const wm_plan *p, const wm_mat *mat, uint32_t *color, uint32_t *alpha)
{
    bool textured = mat->tex != RM_NIFF_NOLINK;
    *color = textured ? RM_NIFF_MAT_CC_NIFF_TEX0 : RM_NIFF_MAT_CC_NIFF_PRIM;
    if (p->has_colors)
        *color |= RM_NIFF_MAT_CC_NIFF_VTX;
    *alpha = textured ? (RM_NIFF_MAT_CC_NIFF_TEX0_ALPHA | RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA)
                      : RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA;
}

uint32_t wm_write_mat_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_MAT_LIST, (uint32_t)p->mat_count);
    for (size_t i = 0; i < p->mat_count; i++) {
        const wm_mat *mat = &p->mats[i];
        const rm_mesh_material *mm = &p->mesh->materials[mat->material];
        uint32_t color, alpha;
        mat_sources(p, mat, &color, &alpha);
        /* Lit on the N64 when lit on the Saturn (jo_light, the engine's flat
           light); smooth when the mesh has vertex normals to light with. */
        uint32_t shade = ((mm->jo_flags & RM_MAT_LIGHT) ? RM_NIFF_MAT_SHADE_LIGHT_GLOBAL : 0u) |
                         (p->has_normals ? RM_NIFF_MAT_SHADE_SMOOTH : 0u);
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_MAT, (uint32_t)i, 0);
        wm_u32(b, mat->name);
        wm_u32(b, RM_NIFF_MAT_TYPE_NIFF);
        wm_u32(b, shade);
        wm_u32(b, color);               /* cycle 1 */
        wm_u32(b, RM_NIFF_MAT_CC_NIFF_NONE); /* cycle 2: unused */
        wm_u32(b, alpha);
        wm_u32(b, RM_NIFF_MAT_CC_NIFF_NONE);
        wm_f32(b, mm->kd[0]);           /* primitive color: Kd, d */
        wm_f32(b, mm->kd[1]);
        wm_f32(b, mm->kd[2]);
        wm_f32(b, mm->dissolve);
        for (int k = 0; k < 8; k++)
            wm_u32(b, 0);               /* user_flag0..7 */
        wm_u32(b, RM_NIFF_NOLINK);      /* local_light_index: no local light */
        wm_u32(b, mat->tex != RM_NIFF_NOLINK ? 1u : 0u);
        wm_u32(b, 104);                 /* NEB: 26 words */
        wm_u32(b, 0);
        if (mat->tex != RM_NIFF_NOLINK)
            wm_u32(b, mat->tex);
        /* NEB (7.6) */
        for (int k = 0; k < 4; k++)
            wm_f32(b, 1.0);             /* ambient 1 1 1 1 */
        for (int k = 0; k < 4; k++)
            wm_f32(b, 0.0);             /* emission 0 0 0 0 */
        for (int k = 0; k < 4; k++)
            wm_f32(b, 1.0);             /* diffuse 1 1 1 1 */
        wm_u32(b, RM_NIFF_MAT_TYPE_NIFF); /* with fog: the same combiner and color */
        wm_u32(b, color);
        wm_u32(b, RM_NIFF_MAT_CC_NIFF_NONE);
        wm_u32(b, alpha);
        wm_u32(b, RM_NIFF_MAT_CC_NIFF_NONE);
        wm_f32(b, mm->kd[0]);
        wm_f32(b, mm->kd[1]);
        wm_f32(b, mm->kd[2]);
        wm_f32(b, mm->dissolve);
        wm_u32(b, RM_NIFF_NOLINK);      /* external local light file, name */
        wm_u32(b, RM_NIFF_NOLINK);
        wm_u32(b, 0);                   /* external_tex_num */
        wm_u32(b, 0);                   /* prim_color_anim_num */
        wm_u32(b, 0);                   /* prim_color_anim_num_for_fog */
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}

#define TEX_HEADER_SIZE 52u
#define TEX_DATA_AREA_SIZE 28u

uint32_t wm_write_tex_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_TEX_LIST, (uint32_t)p->tex_count);
    for (size_t i = 0; i < p->tex_count; i++) {
        const rm_mesh_material *mm = &p->mesh->materials[p->texs[i].material];
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_TEX, (uint32_t)i, TEX_HEADER_SIZE);
        wm_u32(b, p->texs[i].name);
        wm_u32(b, RM_NIFF_TEX_FORM_RGBA | RM_NIFF_TEX_DEPTH_16); /* what the N64 side makes of it */
        wm_u32(b, 0);                   /* TEX_WRAP_S */
        wm_u32(b, 0);                   /* TEX_WRAP_T */
        wm_u32(b, 0);                   /* TEX_ANIM_OFF */
        wm_u32(b, TEX_DATA_AREA_SIZE);
        wm_u32(b, 0);                   /* tex_anim_frame_rate */
        wm_u32(b, 20);                  /* NEB: 5 words */
        wm_u32(b, 0);
        /* TexDataArea, no animation: the whole image is the tile */
        wm_u32(b, mm->map_kd_width);
        wm_u32(b, mm->map_kd_height);
        wm_u32(b, mm->map_kd_width);
        wm_u32(b, mm->map_kd_height);
        wm_u32(b, 0);
        wm_u32(b, 0);
        wm_u32(b, (uint32_t)i);         /* its TexImg */
        /* NEB (7.7) */
        wm_u32(b, 1);                   /* NIFF2_TEX_FILTER_BILERP */
        wm_u32(b, 1);                   /* NIFF2_PERSPECTIVE_CORRECTION */
        wm_u32(b, 0);                   /* NIFF2_NO_MIPMAP */
        wm_u32(b, 0);                   /* NIFF2_NO_USE_COLOR_PALETTE */
        wm_u32(b, 0);                   /* external_tex_img_num */
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}

uint32_t wm_write_tex_img_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_TEX_IMG_LIST, (uint32_t)p->tex_count);
    for (size_t i = 0; i < p->tex_count; i++) {
        const rm_mesh_material *mm = &p->mesh->materials[p->texs[i].material];
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_TEX_IMG, (uint32_t)i, 24);   /* tex_img_header_size 24 */
        wm_u32(b, 4);                   /* NEB: 1 word */
        wm_u32(b, 0);
        /* The mesh has the top row first; TexImg starts at the bottom left. */
        size_t row = 4u * (size_t)mm->map_kd_width;
        if (rm_writer_reserve(&b->w, row * mm->map_kd_height))
            for (uint32_t y = mm->map_kd_height; y-- > 0;)
                wm_bytes(b, mm->map_kd_rgba + (size_t)y * row, row);
        wm_u32(b, 0);                   /* NEB (7.8): mipmap_max_level NIFF2_NO_MIPMAP */
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}
