/* src/formats/niff/write_mesh_scene.c - the node lists of the mesh writer:
   FileHeader (spec 3.2, 7.1), SceneList (5.1, 7.2), ObjList (5.5, 7.4),
   ShapeList (5.6, 7.5), PartList (5.12), and the lists written empty. */
#include "niff_internal.h"
#include "write_mesh_internal.h"

#define FILE_HEADER_FIXED 100u
#define FILE_HEADER_NEB 36u

size_t wm_write_file_header(wm_builder *b, const wm_plan *p)
{
    size_t start = wm_offset(b);
    wm_u32(b, p->version);
    wm_u32(b, 0);                   /* file_size: patched */
    wm_u32(b, 0);                   /* header_tag TAG_HEADER */
    wm_u32(b, FILE_HEADER_FIXED + FILE_HEADER_NEB);    /* file_header_num_byte 136 */
    for (int i = 0; i < 19; i++)
        wm_u32(b, 0);               /* the 19 list sizes: patched */
    wm_u32(b, FILE_HEADER_NEB);     /* nintendo_extension_block_size */
    wm_u32(b, 0);                   /* user_extension_block_size */
    for (int i = 0; i < 9; i++)
        wm_u32(b, 0);               /* the NEB: nine 2.0 list sizes, patched */
    return start;
}

void wm_patch_file_header(wm_builder *b, size_t header, const uint32_t sizes[RM_NIFF_LIST_COUNT])
{
    /* Where each list's size goes (the reader's schema): a FileHeader word
       (spec 3.2: not the physical order), or for the nine 2.0 lists a word
       of the NEB at 100. */
    for (uint32_t l = 0; l < RM_NIFF_LIST_COUNT; l++) {
        const niff_list_info *li = niff_list_info_of(l);
        size_t at = (li->v2 ? FILE_HEADER_FIXED : 0u) + 4u * (size_t)li->header_word;
        wm_patch(b, header + at, sizes[l]);
    }
    wm_patch_size(b, header + 4, header);
}

uint32_t wm_write_empty_list(wm_builder *b, uint32_t tag)
{
    wm_list l;
    wm_list_begin(b, &l, tag, 0);
    return wm_list_end(b, &l);
}

#define SCENE_CFG 0x0000001cu   /* NTSC | GAMMA | DITHER | DIVOT, the manual's example */
#define SCENE_HEADER_SIZE 44u

uint32_t wm_write_scene(wm_builder *b, const wm_plan *p)
{
    size_t start = wm_offset(b);
    wm_u32(b, RM_NIFF_TAG_SCENE_HEADER);
    wm_u32(b, SCENE_HEADER_SIZE);   /* the fixed words, without the link arrays */
    size_t size_slot = wm_slot(b);
    wm_u32(b, SCENE_CFG);
    wm_u32(b, p->scene_name);
    wm_u32(b, (uint32_t)p->obj_count);  /* every Obj hangs from the scene */
    wm_u32(b, 0);                   /* env, cam, light links */
    wm_u32(b, 0);
    wm_u32(b, 0);
    wm_u32(b, 20);                  /* NEB: 5 words */
    wm_u32(b, 0);
    for (size_t o = 0; o < p->obj_count; o++)
        wm_u32(b, (uint32_t)o);
    /* NEB (7.2): no chain roots, no external Obj/Env/Cam/Light */
    for (int i = 0; i < 5; i++)
        wm_u32(b, 0);
    return wm_patch_size(b, size_slot, start);
}

uint32_t wm_write_obj_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_OBJ_LIST, (uint32_t)p->obj_count);
    for (size_t o = 0; o < p->obj_count; o++) {
        const wm_obj *obj = &p->objs[o];
        uint32_t pri = obj->translucent ? RM_NIFF_OBJ_RENDER_NIFF_XLU_SURF : RM_NIFF_OBJ_RENDER_NIFF_OPA_SURF;
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_OBJ, (uint32_t)o, 0);
        wm_u32(b, obj->name);
        wm_u32(b, RM_NIFF_OBJ_STATE_ACTIVE);
        wm_u32(b, RM_NIFF_OBJ_TYPE_3D);
        wm_u32(b, 0);               /* obj_group OBJ_GROUP_NONE */
        wm_u32(b, 0);               /* obj_pri OBJ_PRI_NONE */
        wm_u32(b, 0);               /* render cycle 1CYC */
        wm_u32(b, pri);             /* OBJ_RENDER_FLAG_NIFF << 24 | mode */
        wm_u32(b, 0);               /* render_type0/1: unused in NIFF mode */
        wm_u32(b, 0);
        wm_u32(b, 0);               /* NO_LINK_BILLBOARD */
        wm_u32(b, 0);               /* OBJ_NOLOD */
        wm_u32(b, 0);               /* OBJ_NOCHILD */
        wm_u32(b, RM_NIFF_NOLINK);  /* OBJ_NO_PARENT */
        wm_u32(b, (uint32_t)o);     /* its Shape */
        wm_u32(b, RM_NIFF_NOLINK);  /* material: on the Shape or its Parts */
        wm_u32(b, RM_NIFF_NOLINK);  /* no animation */
        wm_u32(b, RM_NIFF_NOLINK);  /* no collision */
        wm_u32(b, 28);              /* NEB: 7 words */
        wm_u32(b, 0);
        /* NEB (7.4): with fog the same cycle and render mode */
        wm_u32(b, 0);
        wm_u32(b, pri);
        wm_u32(b, 0);
        wm_u32(b, 0);
        wm_u32(b, 0);               /* chain roots */
        wm_u32(b, 0);               /* external LOD objects */
        wm_u32(b, 0);               /* external children */
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}

uint32_t wm_write_shape_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_SHAPE_LIST, (uint32_t)p->obj_count);
    for (size_t o = 0; o < p->obj_count; o++) {
        const wm_obj *obj = &p->objs[o];
        uint32_t type = RM_NIFF_SHAPE_TYPE_AA | RM_NIFF_SHAPE_TYPE_ZB |
                        (obj->double_sided ? 0u : RM_NIFF_SHAPE_TYPE_CULL_BACK);
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_SHAPE, (uint32_t)o, 0);
        wm_u32(b, obj->name);
        wm_u32(b, type);
        wm_u32(b, (uint32_t)o);     /* its TriGroup */
        wm_u32(b, obj->mat);
        wm_u32(b, (uint32_t)obj->part_count);
        wm_u32(b, 12);              /* NEB: 3 words */
        wm_u32(b, 0);
        for (size_t i = 0; i < obj->part_count; i++)
            wm_u32(b, (uint32_t)(obj->part_first + i));
        wm_u32(b, RM_NIFF_TAG_TRI_GROUP); /* kind_of_node_for_geometry */
        wm_u32(b, RM_NIFF_NOLINK);      /* external_mat_file_name_index */
        wm_u32(b, RM_NIFF_NOLINK);      /* external_mat_name_index */
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}

uint32_t wm_write_part_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_PART_LIST, (uint32_t)p->part_count);
    for (size_t i = 0; i < p->part_count; i++) {
        const wm_part *part = &p->parts[i];
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_PART, (uint32_t)i, 0);
        wm_u32(b, part->name);
        wm_u32(b, part->mat);
        wm_u32(b, part->obj);       /* tri_group_index: the Shape's TriGroup */
        wm_u32(b, (uint32_t)part->tri_count);
        wm_u32(b, 0);
        wm_u32(b, 0);
        for (size_t t = 0; t < part->tri_count; t++)
            wm_u32(b, p->part_tris[part->tri_first + t]);
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}
