/* src/formats/niff/typed.c - the typed views (rm_niff_obj, rm_niff_shape,
   ...) decoded from the generic elements once the file has been checked.
   Floats are converted from their bit patterns with memcpy (no punning).
   2.0 NEB fields are decoded only when the NEB is long enough for them;
   the raw NEB stays available either way. */
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "niff_internal.h"

static float fl(uint32_t bits)
{
    return rm_niff_float(bits);
}

static const uint32_t *arr(const rm_niff_elem *e, uint32_t i)
{
    return i < e->array_count ? e->arrays[i].v : NULL;
}

/* count words (or count*comps floats) as a new float array; NULL when empty. */
static bool floats(const uint32_t *v, size_t n, float **out)
{
    *out = NULL;
    if (!n || !v)
        return true;
    *out = malloc(n * sizeof **out);
    if (!*out)
        return false;
    for (size_t i = 0; i < n; i++)
        (*out)[i] = fl(v[i]);
    return true;
}

/* A copy of `n` big-endian words at p as a new u32 array. */
static bool words_copy(const uint8_t *p, size_t n, uint32_t **out)
{
    *out = NULL;
    if (!n)
        return true;
    *out = malloc(n * 4);
    if (!*out)
        return false;
    for (size_t i = 0; i < n; i++)
        (*out)[i] = rm_be32(p + 4 * i);
    return true;
}

#define ALLOC(ptr, n) ((n) == 0 || ((ptr) = calloc((n), sizeof *(ptr))) != NULL)

static bool build_obj(const rm_niff_elem *e, rm_niff_obj *o, uint32_t major)
{
    const uint32_t *w = e->words;
    o->el = e;
    o->offset = e->offset;
    o->index = w[1];
    o->size = w[2];
    o->name_index = w[3];
    o->state = w[4];
    o->type = w[5];
    o->group = w[6];
    o->pri = w[7];
    o->render_cycle_type = w[8];
    o->render_pri = w[9];
    o->render_type0 = w[10];
    o->render_type1 = w[11];
    o->have_link_billboard = w[12];
    o->lod_num = w[13];
    o->child_num = w[14];
    o->parent_link = w[15];
    o->shape_link = w[16];
    o->mat_link = w[17];
    o->anim_link = w[18];
    o->coll_link = w[19];
    o->lod_dist_bits = arr(e, 0);
    o->lod_link = arr(e, 1);
    o->child_link = arr(e, 2);
    o->neb = e->neb;
    o->ueb = e->ueb;
    if (!floats(o->lod_dist_bits, o->lod_num, &o->lod_dist))
        return false;
    if (major >= 2 && e->neb.size >= 28) {
        const uint8_t *d = e->neb.data;
        o->has_neb2 = true;
        o->render_cycle_type_for_fog = rm_be32(d);
        o->render_pri_for_fog = rm_be32(d + 4);
        o->render_type0_for_fog = rm_be32(d + 8);
        o->render_type1_for_fog = rm_be32(d + 12);
        o->chain_root_link_num = rm_be32(d + 16);
        o->external_lod_obj_num = rm_be32(d + 20);
        o->external_obj_num = rm_be32(d + 24);
        uint64_t need = 28 + 4 * (uint64_t)o->chain_root_link_num;
        uint32_t *roots = NULL;
        if (need <= e->neb.size && !words_copy(d + 28, o->chain_root_link_num, &roots))
            return false;
        o->chain_root_link = roots;
        uint64_t lods = o->external_lod_obj_num, ext = o->external_obj_num;
        if (need + 4 * (3 * lods + 2 * ext) <= e->neb.size) {
            const uint8_t *p = d + need;
            uint32_t *dist = NULL;
            if (!words_copy(p, (size_t)lods, &dist))
                return false;
            if (dist && !floats(dist, (size_t)lods, &o->external_lod_obj_dist)) {
                free(dist);
                return false;
            }
            free(dist);
            p += 4 * lods;
            uint32_t **dst[4] = {&o->external_lod_obj_file_name_index, &o->external_lod_obj_name_index,
                                 &o->external_obj_file_name_index, &o->external_obj_name_index};
            uint64_t cnt[4] = {lods, lods, ext, ext};
            for (int i = 0; i < 4; i++) {
                if (!words_copy(p, (size_t)cnt[i], dst[i]))
                    return false;
                p += 4 * cnt[i];
            }
        }
    }
    return true;
}

static bool build_shape(const rm_niff_elem *e, rm_niff_shape *s, uint32_t major)
{
    const uint32_t *w = e->words;
    s->el = e;
    s->offset = e->offset;
    s->index = w[1];
    s->size = w[2];
    s->name_index = w[3];
    s->type = w[4];
    s->tri_link = w[5];
    s->mat_link = w[6];
    s->part_num = w[7];
    s->part_link = arr(e, 0);
    s->neb = e->neb;
    s->ueb = e->ueb;
    s->kind_of_node_for_geometry = RM_NIFF_TAG_TRI_GROUP;
    s->external_mat_file_name_index = RM_NIFF_NOLINK;
    s->external_mat_name_index = RM_NIFF_NOLINK;
    if (major >= 2 && e->neb.size >= 12) {
        s->has_neb2 = true;
        s->kind_of_node_for_geometry = rm_be32(e->neb.data);
        s->external_mat_file_name_index = rm_be32(e->neb.data + 4);
        s->external_mat_name_index = rm_be32(e->neb.data + 8);
    }
    return true;
}

static bool build_group(const rm_niff_elem *e, rm_niff_data_group *g, uint32_t comps)
{
    const uint32_t *w = e->words;
    g->el = e;
    g->offset = e->offset;
    g->index = w[1];
    g->header_size = w[2];
    g->size = w[3];
    g->comps = comps;
    if (e->kind == RM_NIFF_KIND_VTX_GROUP) {
        g->name_index = w[4];
        g->num = w[5];
    } else {
        g->num = w[4];
    }
    return floats(arr(e, 0), (size_t)g->num * comps, &g->v);
}

static bool build_tri_group(const rm_niff_elem *e, rm_niff_tri_group *t, uint32_t major)
{
    (void)major;    /* no 2.0 fields */
    const uint32_t *w = e->words;
    t->el = e;
    t->offset = e->offset;
    t->index = w[1];
    t->header_size = w[2];
    t->size = w[3];
    t->name_index = w[4];
    t->anim_type = w[5];
    t->anim_frame_num = w[6];
    t->tri_num = w[7];
    for (uint32_t r = 0; r < RM_NIFF_REF_COUNT && r < e->array_count; r++) {
        const rm_niff_array *a = &e->arrays[r];
        rm_niff_tri_ref *ref = &t->ref[r];
        ref->form = RM_NIFF_TRI_ANIM_FORM(t->anim_type, r);
        if (ref->form == RM_NIFF_TRI_ANIM_KEY) {
            ref->count = a->v[0];
            ref->key = a->v + 1;
            ref->group = a->v + 1 + ref->count;
        } else {
            ref->count = a->count;
            ref->group = a->v;
        }
    }
    if (!ALLOC(t->tris, e->sub_count))
        return false;
    for (uint32_t i = 0; i < e->sub_count; i++) {
        const rm_niff_elem *s = &e->subs[i];
        rm_niff_tri *x = &t->tris[i];
        x->offset = s->offset;
        x->index = s->words[1];
        x->size = s->words[2];
        x->nv_index = s->words[3];
        x->color_index = s->words[4];
        for (uint32_t v = 0; v < 3; v++) {
            x->vtx_index[v] = s->words[5 + 4 * v];
            x->st_index[v] = s->words[6 + 4 * v];
            x->vtx_nv_index[v] = s->words[7 + 4 * v];
            x->vtx_color_index[v] = s->words[8 + 4 * v];
        }
        x->neb = s->neb;
        x->ueb = s->ueb;
    }
    return true;
}

static bool build_part(const rm_niff_elem *e, rm_niff_part *p, uint32_t major)
{
    (void)major;    /* no 2.0 fields */
    const uint32_t *w = e->words;
    p->el = e;
    p->offset = e->offset;
    p->index = w[1];
    p->size = w[2];
    p->name_index = w[3];
    p->mat_index = w[4];
    p->tri_group_index = w[5];
    p->tri_num = w[6];
    p->tri_index = arr(e, 0);
    p->neb = e->neb;
    p->ueb = e->ueb;
    return true;
}

/* The Mat NEB's arrays after its 104-byte fixed part (spec §7.6). */
static bool build_mat_arrays(const rm_niff_elem *e, rm_niff_mat *m)
{
    uint64_t ext = m->external_tex_num, pa = m->prim_color_anim_num, pf = m->prim_color_anim_num_for_fog;
    if (104 + 8 * ext + 24 * (pa + pf) > e->neb.size)
        return true;   /* refused by the reader (links_neb.c); not decoded */
    const uint8_t *p = e->neb.data + 104;
    if (!words_copy(p, (size_t)ext, &m->external_tex_file_name_index) ||
        !words_copy(p + 4 * ext, (size_t)ext, &m->external_tex_name_index))
        return false;
    p += 8 * ext;
    rm_niff_prim_color_anim **dst[2] = {&m->prim_color_anim, &m->prim_color_anim_for_fog};
    uint64_t cnt[2] = {pa, pf};
    for (int k = 0; k < 2; k++) {
        if (!ALLOC(*dst[k], cnt[k]))
            return false;
        for (uint64_t i = 0; i < cnt[k]; i++, p += 24) {
            rm_niff_prim_color_anim *a = &(*dst[k])[i];
            a->interpolation_type = rm_be32(p);
            a->key = rm_be32(p + 4);
            for (int j = 0; j < 4; j++)
                a->color[j] = fl(rm_be32(p + 8 + 4 * j));
        }
    }
    return true;
}

static bool build_mat(const rm_niff_elem *e, rm_niff_mat *m, uint32_t major)
{
    const uint32_t *w = e->words;
    m->el = e;
    m->offset = e->offset;
    m->index = w[1];
    m->size = w[2];
    m->name_index = w[3];
    m->type = w[4];
    m->shade_type = w[5];
    m->color_type0 = w[6];
    m->color_type1 = w[7];
    m->alpha_type0 = w[8];
    m->alpha_type1 = w[9];
    for (int i = 0; i < 4; i++)
        m->prim[i] = fl(w[10 + i]);
    for (int i = 0; i < 8; i++)
        m->user_flag[i] = w[14 + i];
    m->local_light_index = w[22];
    m->tex_num = w[23];
    m->tex_index = arr(e, 0);
    m->neb = e->neb;
    m->ueb = e->ueb;
    /* 2.0 defaults (spec §9 Writing): ambient and diffuse 1.0 */
    for (int i = 0; i < 4; i++) {
        m->ambient[i] = 1.0f;
        m->diffuse[i] = 1.0f;
        m->prim_for_fog[i] = m->prim[i];
    }
    m->type_for_fog = m->type;
    m->color_type0_for_fog = m->color_type0;
    m->color_type1_for_fog = m->color_type1;
    m->alpha_type0_for_fog = m->alpha_type0;
    m->alpha_type1_for_fog = m->alpha_type1;
    m->external_local_light_file_name_index = RM_NIFF_NOLINK;
    m->external_local_light_name_index = RM_NIFF_NOLINK;
    if (major >= 2 && e->neb.size >= 104) {
        const uint8_t *d = e->neb.data;
        m->has_neb2 = true;
        for (int i = 0; i < 4; i++) {
            m->ambient[i] = fl(rm_be32(d + 4 * i));
            m->emission[i] = fl(rm_be32(d + 16 + 4 * i));
            m->diffuse[i] = fl(rm_be32(d + 32 + 4 * i));
            m->prim_for_fog[i] = fl(rm_be32(d + 68 + 4 * i));
        }
        m->type_for_fog = rm_be32(d + 48);
        m->color_type0_for_fog = rm_be32(d + 52);
        m->color_type1_for_fog = rm_be32(d + 56);
        m->alpha_type0_for_fog = rm_be32(d + 60);
        m->alpha_type1_for_fog = rm_be32(d + 64);
        m->external_local_light_file_name_index = rm_be32(d + 84);
        m->external_local_light_name_index = rm_be32(d + 88);
        m->external_tex_num = rm_be32(d + 92);
        m->prim_color_anim_num = rm_be32(d + 96);
        m->prim_color_anim_num_for_fog = rm_be32(d + 100);
        return build_mat_arrays(e, m);
    }
    return true;
}

static bool build_tex(const rm_niff_elem *e, rm_niff_tex *t, uint32_t major)
{
    const uint32_t *w = e->words;
    t->el = e;
    t->offset = e->offset;
    t->index = w[1];
    t->header_size = w[2];
    t->size = w[3];
    t->name_index = w[4];
    t->type = w[5];
    t->wrap_s = w[6];
    t->wrap_t = w[7];
    t->anim = w[8];
    t->data_area_size = w[9];
    t->anim_frame_rate = w[10];
    t->data_area = e->data;
    t->neb = e->neb;
    t->ueb = e->ueb;
    t->img_index = RM_NIFF_NOLINK;
    const uint8_t *d = e->data.data;
    uint32_t n = e->data.size;
    if (t->anim == RM_NIFF_TEX_ANIM_OFF) {
        if (n >= 28) {
            t->has_data_area = true;
            t->img_width = rm_be32(d);
            t->img_height = rm_be32(d + 4);
            t->tile_width = rm_be32(d + 8);
            t->tile_height = rm_be32(d + 12);
            t->offset_x = rm_be32(d + 16);
            t->offset_y = rm_be32(d + 20);
            t->img_index = rm_be32(d + 24);
        }
    } else if (n >= 20) {
        uint64_t sn = rm_be32(d + 8), on = rm_be32(d + 12), in = rm_be32(d + 16);
        if (20 + 4 * (3 * sn + 3 * on + 2 * in) <= n) {
            t->has_data_area = true;
            t->img_width = rm_be32(d);
            t->img_height = rm_be32(d + 4);
            t->tile_scale_num = (uint32_t)sn;
            t->tile_offset_num = (uint32_t)on;
            t->tile_img_num = (uint32_t)in;
            const uint8_t *p = d + 20;
            uint32_t **dst[8] = {&t->tile_scale_key, &t->tile_scale_width, &t->tile_scale_height,
                                 &t->tile_offset_key, &t->tile_offset_x, &t->tile_offset_y,
                                 &t->tile_img_key, &t->tile_img_index};
            uint64_t cnt[8] = {sn, sn, sn, on, on, on, in, in};
            for (int i = 0; i < 8; i++) {
                if (!words_copy(p, (size_t)cnt[i], dst[i]))
                    return false;
                p += 4 * cnt[i];
            }
        }
    }
    t->filter = 1;   /* 2.0 defaults: BILERP, perspective correction on */
    t->use_perspective_correction = 1;
    if (major >= 2 && e->neb.size >= 20) {
        const uint8_t *x = e->neb.data;
        t->has_neb2 = true;
        t->filter = rm_be32(x);
        t->use_perspective_correction = rm_be32(x + 4);
        t->mipmap_level = rm_be32(x + 8);
        t->use_color_palette = rm_be32(x + 12);
        t->external_tex_img_num = rm_be32(x + 16);
    }
    return true;
}

static bool build_tex_img(const rm_niff_elem *e, rm_niff_tex_img *t, uint32_t major)
{
    const uint32_t *w = e->words;
    t->el = e;
    t->offset = e->offset;
    t->index = w[1];
    t->header_size = w[2];
    t->size = w[3];
    t->pixels = e->data;
    t->neb = e->neb;
    t->ueb = e->ueb;
    if (major >= 2 && e->neb.size >= 4) {
        t->has_neb2 = true;
        t->mipmap_max_level = rm_be32(e->neb.data);
        uint64_t need = 4 + 4 * (uint64_t)t->mipmap_max_level;
        if (t->mipmap_max_level && need <= e->neb.size &&
            !words_copy(e->neb.data + 4, t->mipmap_max_level, &t->mipmap_img_offset))
            return false;
    }
    return true;
}

/* `n` floats from big-endian words at p. */
static void floats_at(const uint8_t *p, float *out, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        out[i] = fl(rm_be32(p + 4 * i));
}

/* Byte size the channel arrays of a 2.0 AnimGroup NEB need (spec §7.9:
   RotateAxis 40, RotateX/Y/Z 16, OrientationXY 56, Translation,
   UniqueScale and ClassicalScale 32 bytes per key). `d` is the NEB. */
uint64_t niff_anim_channel_bytes(const uint8_t *d)
{
    static const uint32_t rec[8] = {40, 16, 16, 16, 56, 32, 32, 32};
    uint64_t n = 0;
    for (uint32_t i = 0; i < 8; i++)
        n += (uint64_t)rec[i] * rm_be32(d + 4 + 4 * i);
    return n;
}

/* The AnimGroup NEB after use_animation_channel (spec §7.9). */
static bool build_anim_channels(const rm_niff_elem *e, rm_niff_anim_group *g)
{
    const uint8_t *d = e->neb.data;
    if (e->neb.size < RM_NIFF_ANIM_NEB_FIXED_SIZE ||
        RM_NIFF_ANIM_NEB_FIXED_SIZE + niff_anim_channel_bytes(d) > e->neb.size)
        return true;   /* warned or refused by the reader (links_neb.c); not decoded */
    g->has_channels = true;
    uint32_t *num[8] = {&g->rotate_axis_num, &g->rotate_x_num, &g->rotate_y_num, &g->rotate_z_num,
                        &g->orientation_xy_num, &g->translation_num, &g->unique_scale_num, &g->classical_scale_num};
    for (uint32_t i = 0; i < 8; i++)
        *num[i] = rm_be32(d + 4 + 4 * i);
    for (uint32_t k = 0; k < RM_NIFF_CONSTRAINT_COUNT; k++) {
        rm_niff_anim_constraint *x = &g->constraint[k];
        x->kind = rm_be32(d + 36 + 8 * k);
        x->node = rm_be32(d + 40 + 8 * k);
        x->external_file_name_index = rm_be32(d + 92 + 8 * k);
        x->external_obj_name_index = rm_be32(d + 96 + 8 * k);
    }
    const uint8_t *p = d + RM_NIFF_ANIM_NEB_FIXED_SIZE;
    if (!ALLOC(g->rotate_axis, g->rotate_axis_num))
        return false;
    for (uint32_t i = 0; i < g->rotate_axis_num; i++, p += 40) {
        rm_niff_chan_rotate_axis *r = &g->rotate_axis[i];
        r->interpolation_type = rm_be32(p);
        r->key = rm_be32(p + 4);
        floats_at(p + 8, r->axis, 3);
        r->angle = fl(rm_be32(p + 20));
        floats_at(p + 24, r->d_axis, 3);
        r->d_angle = fl(rm_be32(p + 36));
    }
    rm_niff_chan_rotate **rot[3] = {&g->rotate_x, &g->rotate_y, &g->rotate_z};
    uint32_t rot_num[3] = {g->rotate_x_num, g->rotate_y_num, g->rotate_z_num};
    for (int k = 0; k < 3; k++) {
        if (!ALLOC(*rot[k], rot_num[k]))
            return false;
        for (uint32_t i = 0; i < rot_num[k]; i++, p += 16) {
            rm_niff_chan_rotate *r = &(*rot[k])[i];
            r->interpolation_type = rm_be32(p);
            r->key = rm_be32(p + 4);
            r->angle = fl(rm_be32(p + 8));
            r->d_angle = fl(rm_be32(p + 12));
        }
    }
    if (!ALLOC(g->orientation_xy, g->orientation_xy_num))
        return false;
    for (uint32_t i = 0; i < g->orientation_xy_num; i++, p += 56) {
        rm_niff_chan_orientation_xy *o = &g->orientation_xy[i];
        o->interpolation_type = rm_be32(p);
        o->key = rm_be32(p + 4);
        floats_at(p + 8, o->x_axis, 3);
        floats_at(p + 20, o->y_axis, 3);
        floats_at(p + 32, o->d_x_axis, 3);
        floats_at(p + 44, o->d_y_axis, 3);
    }
    rm_niff_chan_vec3 **vec[3] = {&g->translation, &g->unique_scale, &g->classical_scale};
    uint32_t vec_num[3] = {g->translation_num, g->unique_scale_num, g->classical_scale_num};
    for (int k = 0; k < 3; k++) {
        if (!ALLOC(*vec[k], vec_num[k]))
            return false;
        for (uint32_t i = 0; i < vec_num[k]; i++, p += 32) {
            rm_niff_chan_vec3 *v = &(*vec[k])[i];
            v->interpolation_type = rm_be32(p);
            v->key = rm_be32(p + 4);
            floats_at(p + 8, v->v, 3);
            floats_at(p + 20, v->d, 3);
        }
    }
    return true;
}

static bool build_anim_group(const rm_niff_elem *e, rm_niff_anim_group *g, uint32_t major)
{
    const uint32_t *w = e->words;
    g->el = e;
    g->offset = e->offset;
    g->index = w[1];
    g->header_size = w[2];
    g->size = w[3];
    g->name_index = w[4];
    g->type = w[5];
    g->frame_rate = w[6];
    g->anim_num = w[7];
    g->loop = w[8];
    g->rot_mtx_order = w[9];
    g->neb = e->neb;
    g->ueb = e->ueb;
    if (major >= 2 && e->neb.size >= 4) {
        g->has_neb2 = true;
        g->use_animation_channel = rm_be32(e->neb.data);
        if (!build_anim_channels(e, g))
            return false;
    }
    if (!ALLOC(g->anims, e->sub_count))
        return false;
    for (uint32_t i = 0; i < e->sub_count; i++) {
        const rm_niff_elem *s = &e->subs[i];
        rm_niff_anim *a = &g->anims[i];
        const uint32_t *x = s->words;
        a->offset = s->offset;
        a->tag = x[0];
        a->index = x[1];
        a->size = x[2];
        uint32_t t0 = 0;
        switch (s->kind) {
        case RM_NIFF_KIND_ANIM_KEY:
            a->key = x[3];
            a->next_key = x[4];
            a->interpolation_type = x[5];
            t0 = 6;
            /* fall through */
        case RM_NIFF_KIND_ANIM_STATIC:
        case RM_NIFF_KIND_ANIM_FULL:
            if (!t0)
                t0 = 3;
            for (uint32_t k = 0; k < 3; k++) {
                a->translate[k] = fl(x[t0 + k]);
                a->rotate[k] = fl(x[t0 + 3 + k]);
                a->scale[k] = fl(x[t0 + 7 + k]);
            }
            a->rotate_expand_flag = x[t0 + 6];
            break;
        case RM_NIFF_KIND_ANIM_BILLBOARD_OBJ:
            a->lookat_obj_index = x[3];
            a->upper_obj_index = x[4];
            break;
        default:
            break;
        }
    }
    return true;
}

static bool build_name(const rm_niff_elem *e, rm_niff_name_entry *n, uint32_t major)
{
    (void)major;    /* no 2.0 fields */
    n->el = e;
    n->offset = e->offset;
    n->index = e->words[1];
    n->header_size = e->words[2];
    n->size = e->words[3];
    size_t len = 0;
    while (len < e->data.size && e->data.data[len])
        len++;
    n->text = malloc(len + 1);
    if (!n->text)
        return false;
    if (len)
        memcpy(n->text, e->data.data, len);
    n->text[len] = 0;
    return true;
}

static bool build_scene(const rm_niff_elem *e, rm_niff_scene *s, uint32_t major)
{
    const uint32_t *w = e->words;
    s->el = e;
    s->offset = e->offset;
    s->header_size = w[1];
    s->size = w[2];
    s->cfg = w[3];
    s->name_index = w[4];
    s->obj_link_num = w[5];
    s->env_link_num = w[6];
    s->cam_link_num = w[7];
    s->light_link_num = w[8];
    s->obj_link = arr(e, 0);
    s->env_link = arr(e, 1);
    s->cam_link = arr(e, 2);
    s->light_link = arr(e, 3);
    s->neb = e->neb;
    s->ueb = e->ueb;
    if (major >= 2 && e->neb.size >= 20) {
        const uint8_t *d = e->neb.data;
        s->has_neb2 = true;
        s->chain_root_link_num = rm_be32(d);
        s->external_obj_num = rm_be32(d + 4);
        s->external_env_num = rm_be32(d + 8);
        s->external_cam_num = rm_be32(d + 12);
        s->external_light_num = rm_be32(d + 16);
        uint32_t *roots = NULL;
        if (20 + 4 * (uint64_t)s->chain_root_link_num <= e->neb.size &&
            !words_copy(d + 20, s->chain_root_link_num, &roots))
            return false;
        s->chain_root_link = roots;
    }
    return true;
}

/* The typed view f->ARR[0 .. COUNT) of every element of list LIST, each
   made by BUILD(elem, view, major); the count is set once the array is
   there, so niff_free_typed frees what was built after a failure. */
#define BUILD_EACH(LIST, ARR, COUNT, BUILD)                                   \
    do {                                                                      \
        const rm_niff_list *l_ = &L[LIST];                                    \
        if (!ALLOC(f->ARR, l_->elem_count))                                   \
            return false;                                                     \
        f->COUNT = l_->elem_count;                                            \
        for (uint32_t i_ = 0; i_ < l_->elem_count; i_++)                      \
            if (!BUILD(&l_->elems[i_], &f->ARR[i_], major))                   \
                return false;                                                 \
    } while (0)

bool niff_build_typed(niff_ctx *c)
{
    rm_niff_file *f = c->f;
    uint32_t major = f->major;
    const rm_niff_list *L = f->lists;
    if (L[RM_NIFF_LIST_SCENE].present && L[RM_NIFF_LIST_SCENE].elem_count == 1) {
        f->has_scene = true;
        if (!build_scene(&L[RM_NIFF_LIST_SCENE].elems[0], &f->scene, major))
            return false;
    }
    BUILD_EACH(RM_NIFF_LIST_OBJ, objs, obj_count, build_obj);
    BUILD_EACH(RM_NIFF_LIST_SHAPE, shapes, shape_count, build_shape);

    struct { uint32_t list; uint32_t first, n; rm_niff_data_group **dst; uint32_t *count; uint32_t comps; } groups[] = {
        {RM_NIFF_LIST_VTX, 0, L[RM_NIFF_LIST_VTX].elem_count, &f->vtx_groups, &f->vtx_group_count, 3},
        {RM_NIFF_LIST_COLOR, 0, L[RM_NIFF_LIST_COLOR].count, &f->tri_color_groups, &f->tri_color_group_count, 4},
        {RM_NIFF_LIST_COLOR, L[RM_NIFF_LIST_COLOR].count, L[RM_NIFF_LIST_COLOR].count2, &f->vtx_color_groups,
         &f->vtx_color_group_count, 4},
        {RM_NIFF_LIST_VECTOR, 0, L[RM_NIFF_LIST_VECTOR].count, &f->tri_nv_groups, &f->tri_nv_group_count, 3},
        {RM_NIFF_LIST_VECTOR, L[RM_NIFF_LIST_VECTOR].count, L[RM_NIFF_LIST_VECTOR].count2, &f->vtx_nv_groups,
         &f->vtx_nv_group_count, 3},
        {RM_NIFF_LIST_ST, 0, L[RM_NIFF_LIST_ST].elem_count, &f->st_groups, &f->st_group_count, 2},
    };
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        if (!L[groups[g].list].present)
            continue;
        rm_niff_data_group *arrp = NULL;
        if (!ALLOC(arrp, groups[g].n))
            return false;
        *groups[g].dst = arrp;
        *groups[g].count = groups[g].n;
        for (uint32_t i = 0; i < groups[g].n; i++)
            if (!build_group(&L[groups[g].list].elems[groups[g].first + i], &arrp[i], groups[g].comps))
                return false;
    }
    BUILD_EACH(RM_NIFF_LIST_TRI, tri_groups, tri_group_count, build_tri_group);
    BUILD_EACH(RM_NIFF_LIST_PART, parts, part_count, build_part);
    BUILD_EACH(RM_NIFF_LIST_MAT, mats, mat_count, build_mat);
    BUILD_EACH(RM_NIFF_LIST_TEX, texs, tex_count, build_tex);
    BUILD_EACH(RM_NIFF_LIST_TEX_IMG, tex_imgs, tex_img_count, build_tex_img);
    BUILD_EACH(RM_NIFF_LIST_ANIM, anim_groups, anim_group_count, build_anim_group);
    BUILD_EACH(RM_NIFF_LIST_NAME, names, name_count, build_name);
    BUILD_EACH(RM_NIFF_LIST_EXTERNAL_NAME, external_names, external_name_count, build_name);
    return true;
}
#undef BUILD_EACH

static void free_groups(rm_niff_data_group *g, uint32_t n)
{
    for (uint32_t i = 0; g && i < n; i++)
        free(g[i].v);
    free(g);
}

static void free_names(rm_niff_name_entry *e, uint32_t n)
{
    for (uint32_t i = 0; e && i < n; i++)
        free(e[i].text);
    free(e);
}

void niff_free_typed(rm_niff_file *f)
{
    free((void *)f->scene.chain_root_link);
    for (uint32_t i = 0; f->objs && i < f->obj_count; i++) {
        rm_niff_obj *o = &f->objs[i];
        free(o->lod_dist);
        free((void *)o->chain_root_link);
        free(o->external_lod_obj_dist);
        free(o->external_lod_obj_file_name_index);
        free(o->external_lod_obj_name_index);
        free(o->external_obj_file_name_index);
        free(o->external_obj_name_index);
    }
    free(f->objs);
    free(f->shapes);
    free_groups(f->vtx_groups, f->vtx_group_count);
    free_groups(f->tri_color_groups, f->tri_color_group_count);
    free_groups(f->vtx_color_groups, f->vtx_color_group_count);
    free_groups(f->tri_nv_groups, f->tri_nv_group_count);
    free_groups(f->vtx_nv_groups, f->vtx_nv_group_count);
    free_groups(f->st_groups, f->st_group_count);
    for (uint32_t i = 0; f->tri_groups && i < f->tri_group_count; i++)
        free(f->tri_groups[i].tris);
    free(f->tri_groups);
    free(f->parts);
    for (uint32_t i = 0; f->mats && i < f->mat_count; i++) {
        rm_niff_mat *m = &f->mats[i];
        free(m->external_tex_file_name_index);
        free(m->external_tex_name_index);
        free(m->prim_color_anim);
        free(m->prim_color_anim_for_fog);
    }
    free(f->mats);
    for (uint32_t i = 0; f->texs && i < f->tex_count; i++) {
        rm_niff_tex *t = &f->texs[i];
        free(t->tile_scale_key);
        free(t->tile_scale_width);
        free(t->tile_scale_height);
        free(t->tile_offset_key);
        free(t->tile_offset_x);
        free(t->tile_offset_y);
        free(t->tile_img_key);
        free(t->tile_img_index);
    }
    free(f->texs);
    for (uint32_t i = 0; f->tex_imgs && i < f->tex_img_count; i++)
        free(f->tex_imgs[i].mipmap_img_offset);
    free(f->tex_imgs);
    for (uint32_t i = 0; f->anim_groups && i < f->anim_group_count; i++) {
        rm_niff_anim_group *g = &f->anim_groups[i];
        free(g->anims);
        free(g->rotate_axis);
        free(g->rotate_x);
        free(g->rotate_y);
        free(g->rotate_z);
        free(g->orientation_xy);
        free(g->translation);
        free(g->unique_scale);
        free(g->classical_scale);
    }
    free(f->anim_groups);
    free_names(f->names, f->name_count);
    free_names(f->external_names, f->external_name_count);
}

const char *rm_niff_name(const rm_niff_file *f, uint32_t name_index)
{
    if (!f || name_index >= f->name_count || !f->names)
        return NULL;
    return f->names[name_index].text;
}

const char *rm_niff_external_name(const rm_niff_file *f, uint32_t index)
{
    if (!f || index >= f->external_name_count || !f->external_names)
        return NULL;
    return f->external_names[index].text;
}
