/* src/formats/niff/write_mesh_geometry.c - the data lists of the mesh
   writer: VtxList (spec 5.7), TriList (5.11), ColorList (5.8), VectorList
   (5.9), StList (5.10). Obj number o owns group number o of every one of
   them; a group the mesh has no data for is written empty (its count 0) and
   the Tris index element 0 of it (spec 10.25: 0, never 0xffffffff). */
#include "write_mesh_internal.h"

uint32_t wm_write_vtx_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_VTX_LIST, (uint32_t)p->obj_count);
    for (size_t o = 0; o < p->obj_count; o++) {
        const wm_obj *obj = &p->objs[o];
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_VTX_GROUP, (uint32_t)o, 24);   /* vtx_group_header_size 24 */
        wm_u32(b, obj->name);
        wm_u32(b, (uint32_t)obj->vtx_count);
        for (size_t i = 0; i < obj->vtx_count; i++) {
            rm_vec3d v = p->mesh->positions[p->vtx[obj->vtx_first + i]];
            wm_f32(b, v.x);
            wm_f32(b, v.y);
            wm_f32(b, v.z);
        }
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}

#define TRI_GROUP_HEADER_SIZE 32u
#define TRI_SIZE 76u

uint32_t wm_write_tri_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_TRI_LIST, (uint32_t)p->obj_count);
    for (size_t o = 0; o < p->obj_count; o++) {
        const wm_obj *obj = &p->objs[o];
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_TRI_GROUP, (uint32_t)o, TRI_GROUP_HEADER_SIZE);
        wm_u32(b, obj->name);
        wm_u32(b, 0);               /* TRI_ANIM_NONE */
        wm_u32(b, 0);               /* tri_anim_frame_num */
        wm_u32(b, (uint32_t)obj->tri_count);
        /* Reference{Vtx,TriColor,VtxColor,TriNv,VtxNv,St}Data: not animated,
           one group index each, the Obj's own */
        for (int i = 0; i < 6; i++)
            wm_u32(b, (uint32_t)o);
        for (size_t t = 0; t < obj->tri_count; t++) {
            const wm_tri *tri = &p->tris[obj->tri_first + t];
            wm_u32(b, RM_NIFF_TAG_TRI);
            wm_u32(b, (uint32_t)t);
            wm_u32(b, TRI_SIZE);
            wm_u32(b, 0);           /* tri_nv_index: no face normals */
            wm_u32(b, 0);           /* tri_color_index: no face colors */
            for (int k = 0; k < 3; k++) {
                wm_u32(b, tri->vtx[k]);
                wm_u32(b, tri->st[k]);
                wm_u32(b, tri->nv[k]);
                wm_u32(b, p->has_colors ? tri->vtx[k] : 0u);   /* colors parallel the vertices */
            }
            wm_u32(b, 0);
            wm_u32(b, 0);
        }
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}

/* The header of a Tri/Vtx color or normal group, or of an StGroup (20
   bytes): tag, index, header size, size, count. */
static wm_elem group_header(wm_builder *b, uint32_t tag, size_t index, size_t count)
{
    wm_elem e = wm_elem_begin(b, tag, (uint32_t)index, 20);
    wm_u32(b, (uint32_t)count);
    return e;
}

uint32_t wm_write_color_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    uint32_t n = (uint32_t)p->obj_count;
    wm_list_begin2(b, &l, RM_NIFF_TAG_COLOR_LIST, n, n);
    for (size_t o = 0; o < p->obj_count; o++) {
        wm_elem e = group_header(b, RM_NIFF_TAG_TRI_COLOR_GROUP, o, 0);
        wm_elem_end(b, &l, e);
    }
    for (size_t o = 0; o < p->obj_count; o++) {
        const wm_obj *obj = &p->objs[o];
        size_t count = p->has_colors ? obj->vtx_count : 0;
        wm_elem e = group_header(b, RM_NIFF_TAG_VTX_COLOR_GROUP, o, count);
        for (size_t i = 0; i < count; i++) {
            rm_vec3d c = p->mesh->colors[p->vtx[obj->vtx_first + i]];
            wm_f32(b, c.x);
            wm_f32(b, c.y);
            wm_f32(b, c.z);
            wm_f32(b, 1.0);
        }
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}

uint32_t wm_write_vector_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    uint32_t n = (uint32_t)p->obj_count;
    wm_list_begin2(b, &l, RM_NIFF_TAG_VECTOR_LIST, n, n);
    for (size_t o = 0; o < p->obj_count; o++) {
        wm_elem e = group_header(b, RM_NIFF_TAG_TRI_NV_GROUP, o, 0);
        wm_elem_end(b, &l, e);
    }
    for (size_t o = 0; o < p->obj_count; o++) {
        const wm_obj *obj = &p->objs[o];
        wm_elem e = group_header(b, RM_NIFF_TAG_VTX_NV_GROUP, o, obj->nv_count);
        for (size_t i = 0; i < obj->nv_count; i++) {
            rm_vec3d v = p->nv[obj->nv_first + i];
            wm_f32(b, v.x);
            wm_f32(b, v.y);
            wm_f32(b, v.z);
        }
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}

uint32_t wm_write_st_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_ST_LIST, (uint32_t)p->obj_count);
    for (size_t o = 0; o < p->obj_count; o++) {
        const wm_obj *obj = &p->objs[o];
        wm_elem e = group_header(b, RM_NIFF_TAG_ST_GROUP, o, obj->st_count);
        /* (u, v) as (s, t): both start at the bottom left (TexImg rows are
           written bottom row first) */
        for (size_t i = 0; i < obj->st_count; i++) {
            wm_f32(b, p->st[obj->st_first + i][0]);
            wm_f32(b, p->st[obj->st_first + i][1]);
        }
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}
