/* src/formats/niff/print_common.c - see print_common.h. */
#include "print_common.h"

#include <stdio.h>

const char *rm_niff_obj_type_text(uint32_t type, char *buf, size_t size)
{
    switch (type) {
    case RM_NIFF_OBJ_TYPE_NULL: return "NULL";
    case RM_NIFF_OBJ_TYPE_3D: return "3D";
    case RM_NIFF_OBJ_TYPE_BILLBOARD: return "BILLBOARD";
    }
    snprintf(buf, size, "type 0x%08x", type);
    return buf;
}

const char *rm_niff_obj_state_text(uint32_t state, char *buf, size_t size)
{
    switch (state) {
    case RM_NIFF_OBJ_STATE_ACTIVE: return "active";
    case RM_NIFF_OBJ_STATE_CLEAR: return "clear";
    }
    snprintf(buf, size, "state 0x%08x", state);
    return buf;
}

void rm_niff_render_pri_text(uint32_t pri, char *buf, size_t size)
{
    static const struct { uint32_t v; const char *name; } modes[] = {
        { RM_NIFF_OBJ_RENDER_NIFF_OPA_SURF, "OPA_SURF" },   { RM_NIFF_OBJ_RENDER_NIFF_OPA_INTER, "OPA_INTER" },
        { RM_NIFF_OBJ_RENDER_NIFF_OPA_DECAL, "OPA_DECAL" }, { RM_NIFF_OBJ_RENDER_NIFF_TEX_EDGE, "TEX_EDGE" },
        { RM_NIFF_OBJ_RENDER_NIFF_XLU_SURF, "XLU_SURF" },   { RM_NIFF_OBJ_RENDER_NIFF_XLU_INTER, "XLU_INTER" },
        { RM_NIFF_OBJ_RENDER_NIFF_XLU_DECAL, "XLU_DECAL" },
    };
    uint32_t flag = pri >> 24, value = pri & 0xffffffu;
    if (flag == RM_NIFF_OBJ_RENDER_FLAG_NIFF) {
        for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
            if (modes[i].v == value) {
                snprintf(buf, size, "NIFF %s", modes[i].name);
                return;
            }
        snprintf(buf, size, "NIFF 0x%06x", value);
    } else if (flag == RM_NIFF_OBJ_RENDER_FLAG_N64) {
        snprintf(buf, size, "N64 priority 0x%06x", value);
    } else if (flag == RM_NIFF_OBJ_RENDER_FLAG_N64GBI) {
        snprintf(buf, size, "N64GBI priority 0x%06x", value);
    } else {
        snprintf(buf, size, "flag 0x%02x value 0x%06x", flag, value);
    }
}

void rm_niff_link_text(uint32_t link, char *buf, size_t size)
{
    if (link == RM_NIFF_NOLINK)
        snprintf(buf, size, "none");
    else if (rm_niff_link_is_switch(link))
        snprintf(buf, size, "switch %u", rm_niff_switch_index(link));
    else
        snprintf(buf, size, "%u", link);
}

void rm_niff_lod_text(uint32_t bits, char *buf, size_t size)
{
    if (bits == RM_NIFF_OBJ_LOD_DIST_MAX)
        snprintf(buf, size, "MAX");
    else
        snprintf(buf, size, "%.9g", (double)rm_niff_float(bits));
}

uint32_t rm_niff_list_elements(const rm_niff_list *l)
{
    if (l->word_count == 0)
        return l->elem_count;   /* the SceneList: its one SceneHeader */
    return l->count + (l->word_count == 7 ? l->count2 : 0);
}

bool rm_niff_shape_counts(const rm_niff_file *f, const rm_niff_shape *sh, uint32_t *triangles,
                          uint32_t *vertices)
{
    *triangles = *vertices = 0;
    if (sh->kind_of_node_for_geometry != RM_NIFF_TAG_TRI_GROUP || sh->tri_link >= f->tri_group_count)
        return false;
    const rm_niff_tri_group *tg = &f->tri_groups[sh->tri_link];
    *triangles = tg->tri_num;
    const rm_niff_tri_ref *r = &tg->ref[RM_NIFF_REF_VTX];
    if (r->count && r->group && r->group[0] < f->vtx_group_count)
        *vertices = f->vtx_groups[r->group[0]].num;
    return true;
}

void rm_niff_tex_type_text(uint32_t type, char *buf, size_t size)
{
    static const char *const form[] = { "I", "IA", "CI", "YUV", "RGB", "RGBA" };
    uint32_t fm = type & RM_NIFF_TEX_FORM_MASK, depth = type & RM_NIFF_TEX_DEPTH_MASK;
    const char *d = depth == RM_NIFF_TEX_DEPTH_4    ? "4"
                    : depth == RM_NIFF_TEX_DEPTH_8  ? "8"
                    : depth == RM_NIFF_TEX_DEPTH_16 ? "16"
                    : depth == RM_NIFF_TEX_DEPTH_32 ? "32"
                                                    : "?";
    if (fm < sizeof form / sizeof form[0] && (type & ~(RM_NIFF_TEX_FORM_MASK | RM_NIFF_TEX_DEPTH_MASK)) == 0)
        snprintf(buf, size, "%s %s-bit", form[fm], d);
    else
        snprintf(buf, size, "type 0x%08x", type);
}

const char *rm_niff_anim_type_text(uint32_t type, char *buf, size_t size)
{
    switch (type) {
    case RM_NIFF_ANIM_TYPE_STATIC: return "STATIC";
    case RM_NIFF_ANIM_TYPE_FULL: return "FULL";
    case RM_NIFF_ANIM_TYPE_KEY: return "KEY";
    case RM_NIFF_ANIM_TYPE_BILLBOARD_OBJ: return "BILLBOARD_OBJ";
    }
    snprintf(buf, size, "type %u", type);
    return buf;
}
