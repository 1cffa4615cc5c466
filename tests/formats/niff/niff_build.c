/* tests/formats/niff/niff_build.c - see niff_build.h. Layout rules are the
   spec's (§2.6 lists, §3.1 order, §3.2 FileHeader), written here
   independently of the library's reader and writers. */
#include "niff_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "niff_build: out of memory\n");
        abort();
    }
    return q;
}

void nb_u32(nb_words *w, uint32_t v)
{
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 32;
        w->v = xrealloc(w->v, w->cap * sizeof *w->v);
    }
    w->v[w->n++] = v;
}

void nb_f32(nb_words *w, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    nb_u32(w, u);
}

void nb_str(nb_words *w, const char *s)
{
    size_t len = strlen(s);
    for (size_t i = 0; i < len; i += 4) {
        uint32_t v = 0;
        for (size_t k = 0; k < 4; k++)
            v = v << 8 | (i + k < len ? (uint8_t)s[i + k] : 0u);
        nb_u32(w, v);
    }
}

void nb_words_free(nb_words *w)
{
    free(w->v);
    memset(w, 0, sizeof *w);
}

/* One list under construction: its elements' words back to back, and
   the byte size of each (first space, then second). */
typedef struct nb_list {
    nb_words body[2];
    uint32_t *sizes[2];
    uint32_t count[2];
} nb_list;

struct nb_file {
    uint32_t version;
    bool v2;
    nb_list lists[RM_NIFF_LIST_COUNT];
    nb_words scene;
    bool has_scene;
    unsigned order[RM_NIFF_LIST_COUNT];
};

nb_file *nb_new(uint32_t version)
{
    nb_file *b = xrealloc(NULL, sizeof *b);
    memset(b, 0, sizeof *b);
    b->version = version;
    b->v2 = ((version >> 8) & 0xffu) >= 2;
    for (unsigned i = 0; i < RM_NIFF_LIST_COUNT; i++)
        b->order[i] = i;
    return b;
}

static void add(nb_file *b, unsigned list, unsigned space, const uint32_t *words, size_t n)
{
    nb_list *l = &b->lists[list];
    for (size_t i = 0; i < n; i++)
        nb_u32(&l->body[space], words[i]);
    l->sizes[space] = xrealloc(l->sizes[space], (l->count[space] + 1) * sizeof(uint32_t));
    l->sizes[space][l->count[space]++] = (uint32_t)(4 * n);
}

void nb_add(nb_file *b, unsigned list, const uint32_t *words, size_t n)
{
    add(b, list, 0, words, n);
}

void nb_add_second(nb_file *b, unsigned list, const uint32_t *words, size_t n)
{
    add(b, list, 1, words, n);
}

void nb_add_words(nb_file *b, unsigned list, nb_words *w)
{
    add(b, list, 0, w->v, w->n);
    nb_words_free(w);
}

uint32_t nb_count(const nb_file *b, unsigned list)
{
    return b->lists[list].count[0];
}

void nb_scene(nb_file *b, const uint32_t *words, size_t n)
{
    nb_words_free(&b->scene);
    for (size_t i = 0; i < n; i++)
        nb_u32(&b->scene, words[i]);
    b->has_scene = true;
}

void nb_scene_objs(nb_file *b, uint32_t n, const uint32_t *objs)
{
    /* 11 words (spec §5.1) + the obj links; 2.0: a 20-byte NEB of zero counts */
    uint32_t neb = b->v2 ? 20 : 0;
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_SCENE_HEADER);
    nb_u32(&w, 44);
    nb_u32(&w, 44 + 4 * n + neb);
    nb_u32(&w, 0);
    nb_u32(&w, RM_NIFF_NOLINK);
    nb_u32(&w, n);
    nb_u32(&w, 0);
    nb_u32(&w, 0);
    nb_u32(&w, 0);
    nb_u32(&w, neb);
    nb_u32(&w, 0);
    for (uint32_t i = 0; i < n; i++)
        nb_u32(&w, objs[i]);
    for (uint32_t i = 0; i < neb / 4; i++)
        nb_u32(&w, 0);
    nb_scene(b, w.v, w.n);
    nb_words_free(&w);
}

void nb_swap_lists(nb_file *b, unsigned l1, unsigned l2)
{
    unsigned t = b->order[l1];
    b->order[l1] = b->order[l2];
    b->order[l2] = t;
}

uint32_t nb_get(const uint8_t *p, size_t off)
{
    p += off;
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

void nb_put(uint8_t *p, size_t off, uint32_t v)
{
    p[off] = (uint8_t)(v >> 24);
    p[off + 1] = (uint8_t)(v >> 16);
    p[off + 2] = (uint8_t)(v >> 8);
    p[off + 3] = (uint8_t)v;
}

static bool two_spaces(unsigned list)
{
    return list == RM_NIFF_LIST_COLOR || list == RM_NIFF_LIST_VECTOR;
}

/* Byte size of list `list` as nb_finish writes it. */
static uint32_t list_size(const nb_file *b, unsigned list)
{
    if (list == RM_NIFF_LIST_SCENE)
        return (uint32_t)(4 * b->scene.n);
    const nb_list *l = &b->lists[list];
    uint32_t hw = two_spaces(list) ? 7 : 6;
    uint32_t n = l->count[0] + l->count[1];
    return (uint32_t)(4 * hw + 4 * n + 4 * (l->body[0].n + l->body[1].n));
}

static void emit_list(const nb_file *b, unsigned list, nb_words *out)
{
    if (list == RM_NIFF_LIST_SCENE) {
        for (size_t i = 0; i < b->scene.n; i++)
            nb_u32(out, b->scene.v[i]);
        return;
    }
    const nb_list *l = &b->lists[list];
    bool two = two_spaces(list);
    uint32_t n = l->count[0] + l->count[1];
    nb_u32(out, rm_niff_list_tag(list));
    nb_u32(out, (two ? 28 : 24) + 4 * n);
    nb_u32(out, list_size(b, list));
    nb_u32(out, l->count[0]);
    if (two)
        nb_u32(out, l->count[1]);
    nb_u32(out, 0);
    nb_u32(out, 0);
    for (unsigned s = 0; s < 2; s++)
        for (uint32_t i = 0; i < l->count[s]; i++)
            nb_u32(out, l->sizes[s][i]);
    for (unsigned s = 0; s < 2; s++)
        for (size_t i = 0; i < l->body[s].n; i++)
            nb_u32(out, l->body[s].v[i]);
}

uint8_t *nb_finish(nb_file *b, size_t *size)
{
    if (!b->has_scene)
        nb_scene_objs(b, 0, NULL);
    unsigned nlists = b->v2 ? RM_NIFF_LIST_COUNT : RM_NIFF_LIST_COUNT_V1;
    /* FileHeader size fields, in the FileHeader's own order (spec §3.2). */
    static const unsigned v1_field[19] = {RM_NIFF_LIST_SCENE, RM_NIFF_LIST_ENV, RM_NIFF_LIST_CAM, RM_NIFF_LIST_LIGHT,
        RM_NIFF_LIST_OBJ, RM_NIFF_LIST_SHAPE, RM_NIFF_LIST_VTX, RM_NIFF_LIST_COLOR, RM_NIFF_LIST_VECTOR,
        RM_NIFF_LIST_ST, RM_NIFF_LIST_TRI, RM_NIFF_LIST_PART, RM_NIFF_LIST_MAT, RM_NIFF_LIST_TEX,
        RM_NIFF_LIST_TEX_IMG, RM_NIFF_LIST_ANIM, RM_NIFF_LIST_COLL, RM_NIFF_LIST_SWITCH, RM_NIFF_LIST_NAME};
    static const unsigned v2_field[9] = {RM_NIFF_LIST_CI_IMG, RM_NIFF_LIST_COLOR_PALETTE, RM_NIFF_LIST_ENVELOPE,
        RM_NIFF_LIST_CLUSTER, RM_NIFF_LIST_WEIGHT, RM_NIFF_LIST_CHAIN_ROOT, RM_NIFF_LIST_JOINT,
        RM_NIFF_LIST_EFFECTOR, RM_NIFF_LIST_EXTERNAL_NAME};
    uint32_t header = b->v2 ? 136 : 100;
    uint32_t total = header;
    for (unsigned i = 0; i < nlists; i++)
        total += list_size(b, i);
    nb_words out = {0};
    nb_u32(&out, b->version);
    nb_u32(&out, total);
    nb_u32(&out, RM_NIFF_TAG_HEADER);
    nb_u32(&out, header);
    for (unsigned i = 0; i < 19; i++)
        nb_u32(&out, list_size(b, v1_field[i]));
    nb_u32(&out, b->v2 ? 36 : 0);
    nb_u32(&out, 0);
    if (b->v2)
        for (unsigned i = 0; i < 9; i++)
            nb_u32(&out, list_size(b, v2_field[i]));
    for (unsigned i = 0; i < nlists; i++)
        emit_list(b, b->order[i], &out);
    uint8_t *bytes = xrealloc(NULL, 4 * out.n);
    for (size_t i = 0; i < out.n; i++)
        nb_put(bytes, 4 * i, out.v[i]);
    *size = 4 * out.n;
    nb_words_free(&out);
    for (unsigned i = 0; i < RM_NIFF_LIST_COUNT; i++)
        for (unsigned s = 0; s < 2; s++) {
            nb_words_free(&b->lists[i].body[s]);
            free(b->lists[i].sizes[s]);
        }
    nb_words_free(&b->scene);
    free(b);
    return bytes;
}

size_t nb_list_offset(const uint8_t *bytes, size_t size, unsigned list)
{
    size_t pos = nb_get(bytes, 12);
    for (unsigned i = 0; i < list && pos + 12 <= size; i++)
        pos += nb_get(bytes, pos + 8);
    return pos;
}

void nb_save_seed(const char *name, const uint8_t *bytes, size_t size)
{
    const char *dir = getenv("NIFF_SEED_DIR");
    if (!dir || !*dir)
        return;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        return;
    fwrite(bytes, 1, size, f);
    fclose(f);
}

/* ---- element helpers ---- */

static bool is_v2(const nb_file *b)
{
    return b->v2;
}

/* A Name or ExternalName (the same layout): tag, index, header size 16,
   size, the text. */
static void add_name(nb_file *b, uint32_t list, uint32_t tag, const char *text)
{
    nb_words w = {0};
    nb_words s = {0};
    nb_str(&s, text);
    nb_u32(&w, tag);
    nb_u32(&w, nb_count(b, list));
    nb_u32(&w, 16);
    nb_u32(&w, (uint32_t)(16 + 4 * s.n));
    for (size_t i = 0; i < s.n; i++)
        nb_u32(&w, s.v[i]);
    nb_words_free(&s);
    nb_add_words(b, list, &w);
}

void nb_name(nb_file *b, const char *text)
{
    add_name(b, RM_NIFF_LIST_NAME, RM_NIFF_TAG_NAME, text);
}

void nb_external_name(nb_file *b, const char *text)
{
    add_name(b, RM_NIFF_LIST_EXTERNAL_NAME, RM_NIFF_TAG_EXTERNAL_NAME, text);
}

void nb_vtx_group(nb_file *b, uint32_t name, uint32_t n, const float *xyz)
{
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_VTX_GROUP);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_VTX));
    nb_u32(&w, 24);
    nb_u32(&w, 24 + 12 * n);
    nb_u32(&w, name);
    nb_u32(&w, n);
    for (uint32_t i = 0; i < 3 * n; i++)
        nb_f32(&w, xyz[i]);
    nb_add_words(b, RM_NIFF_LIST_VTX, &w);
}

static void data_group(nb_file *b, unsigned list, bool second, uint32_t tag, uint32_t comps, uint32_t n,
                       const float *v)
{
    nb_words w = {0};
    nb_u32(&w, tag);
    nb_u32(&w, b->lists[list].count[second ? 1 : 0]);
    nb_u32(&w, 20);
    nb_u32(&w, 20 + 4 * comps * n);
    nb_u32(&w, n);
    for (uint32_t i = 0; i < comps * n; i++)
        nb_f32(&w, v[i]);
    add(b, list, second ? 1 : 0, w.v, w.n);
    nb_words_free(&w);
}

void nb_color_group(nb_file *b, bool vtx, uint32_t n, const float *rgba)
{
    data_group(b, RM_NIFF_LIST_COLOR, vtx, vtx ? RM_NIFF_TAG_VTX_COLOR_GROUP : RM_NIFF_TAG_TRI_COLOR_GROUP, 4, n, rgba);
}

void nb_nv_group(nb_file *b, bool vtx, uint32_t n, const float *xyz)
{
    data_group(b, RM_NIFF_LIST_VECTOR, vtx, vtx ? RM_NIFF_TAG_VTX_NV_GROUP : RM_NIFF_TAG_TRI_NV_GROUP, 3, n, xyz);
}

void nb_st_group(nb_file *b, uint32_t n, const float *st)
{
    data_group(b, RM_NIFF_LIST_ST, false, RM_NIFF_TAG_ST_GROUP, 2, n, st);
}

void nb_tri_group(nb_file *b, uint32_t name, const uint32_t ref[6], uint32_t n, const nb_tri *tris)
{
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_TRI_GROUP);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_TRI));
    nb_u32(&w, 32);
    nb_u32(&w, 32 + 24 + 76 * n);   /* header, six one-word references, Tris */
    nb_u32(&w, name);
    nb_u32(&w, RM_NIFF_TRI_ANIM_NONE);
    nb_u32(&w, 0);
    nb_u32(&w, n);
    for (int i = 0; i < 6; i++)
        nb_u32(&w, ref[i]);
    for (uint32_t t = 0; t < n; t++) {
        const nb_tri *x = &tris[t];
        nb_u32(&w, RM_NIFF_TAG_TRI);
        nb_u32(&w, t);
        nb_u32(&w, 76);
        nb_u32(&w, x->nv);
        nb_u32(&w, x->color);
        for (int v = 0; v < 3; v++) {
            nb_u32(&w, x->vtx[v]);
            nb_u32(&w, x->st[v]);
            nb_u32(&w, x->vtx_nv[v]);
            nb_u32(&w, x->vtx_color[v]);
        }
        nb_u32(&w, 0);
        nb_u32(&w, 0);
    }
    nb_add_words(b, RM_NIFF_LIST_TRI, &w);
}

void nb_obj_defaults(const nb_file *b, nb_obj *o)
{
    memset(o, 0, sizeof *o);
    o->name = RM_NIFF_NOLINK;
    o->state = RM_NIFF_OBJ_STATE_ACTIVE;
    o->type = RM_NIFF_OBJ_TYPE_3D;
    o->render_pri = RM_NIFF_OBJ_RENDER_NIFF_OPA_SURF;
    o->parent = o->shape = o->mat = o->anim = o->coll = RM_NIFF_NOLINK;
    o->neb2 = is_v2(b);
}

void nb_add_obj(nb_file *b, const nb_obj *o)
{
    uint32_t neb = o->neb2 ? 28 : 0;
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_OBJ);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_OBJ));
    nb_u32(&w, 88 + 8 * o->lod_num + 4 * o->child_num + neb);
    nb_u32(&w, o->name);
    nb_u32(&w, o->state);
    nb_u32(&w, o->type);
    nb_u32(&w, o->group);
    nb_u32(&w, o->pri);
    nb_u32(&w, o->render_cycle_type);
    nb_u32(&w, o->render_pri);
    nb_u32(&w, o->render_type0);
    nb_u32(&w, o->render_type1);
    nb_u32(&w, o->have_link_billboard);
    nb_u32(&w, o->lod_num);
    nb_u32(&w, o->child_num);
    nb_u32(&w, o->parent);
    nb_u32(&w, o->shape);
    nb_u32(&w, o->mat);
    nb_u32(&w, o->anim);
    nb_u32(&w, o->coll);
    nb_u32(&w, neb);
    nb_u32(&w, 0);
    for (uint32_t i = 0; i < o->lod_num; i++)
        nb_u32(&w, o->lod_dist_bits[i]);
    for (uint32_t i = 0; i < o->lod_num; i++)
        nb_u32(&w, o->lod_link[i]);
    for (uint32_t i = 0; i < o->child_num; i++)
        nb_u32(&w, o->child_link[i]);
    if (neb) {
        nb_u32(&w, o->render_cycle_type);
        nb_u32(&w, o->render_pri);
        nb_u32(&w, o->render_type0);
        nb_u32(&w, o->render_type1);
        nb_u32(&w, 0);
        nb_u32(&w, 0);
        nb_u32(&w, 0);
    }
    nb_add_words(b, RM_NIFF_LIST_OBJ, &w);
}

void nb_shape(nb_file *b, uint32_t name, uint32_t tri_link, uint32_t mat_link, uint32_t part_num,
              const uint32_t *parts)
{
    uint32_t neb = is_v2(b) ? 12 : 0;
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_SHAPE);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_SHAPE));
    nb_u32(&w, 40 + 4 * part_num + neb);
    nb_u32(&w, name);
    nb_u32(&w, RM_NIFF_SHAPE_TYPE_AA | RM_NIFF_SHAPE_TYPE_ZB | RM_NIFF_SHAPE_TYPE_CULL_BACK);
    nb_u32(&w, tri_link);
    nb_u32(&w, mat_link);
    nb_u32(&w, part_num);
    nb_u32(&w, neb);
    nb_u32(&w, 0);
    for (uint32_t i = 0; i < part_num; i++)
        nb_u32(&w, parts[i]);
    if (neb) {
        nb_u32(&w, RM_NIFF_TAG_TRI_GROUP);
        nb_u32(&w, RM_NIFF_NOLINK);
        nb_u32(&w, RM_NIFF_NOLINK);
    }
    nb_add_words(b, RM_NIFF_LIST_SHAPE, &w);
}

void nb_part(nb_file *b, uint32_t name, uint32_t mat_index, uint32_t tri_group, uint32_t n, const uint32_t *tris)
{
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_PART);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_PART));
    nb_u32(&w, 36 + 4 * n);
    nb_u32(&w, name);
    nb_u32(&w, mat_index);
    nb_u32(&w, tri_group);
    nb_u32(&w, n);
    nb_u32(&w, 0);
    nb_u32(&w, 0);
    for (uint32_t i = 0; i < n; i++)
        nb_u32(&w, tris[i]);
    nb_add_words(b, RM_NIFF_LIST_PART, &w);
}

void nb_mat(nb_file *b, uint32_t name, const float prim[4], uint32_t tex_num, const uint32_t *tex)
{
    uint32_t neb = is_v2(b) ? 104 : 0;
    uint32_t color0 = RM_NIFF_MAT_CC_NIFF_PRIM | (tex_num ? RM_NIFF_MAT_CC_NIFF_TEX0 : 0u);
    uint32_t alpha0 = RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA | (tex_num ? RM_NIFF_MAT_CC_NIFF_TEX0_ALPHA : 0u);
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_MAT);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_MAT));
    nb_u32(&w, 104 + 4 * tex_num + neb);
    nb_u32(&w, name);
    nb_u32(&w, RM_NIFF_MAT_TYPE_NIFF);
    nb_u32(&w, RM_NIFF_MAT_SHADE_LIGHT_OFF | RM_NIFF_MAT_SHADE_SMOOTH);
    nb_u32(&w, color0);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_NONE);
    nb_u32(&w, alpha0);
    nb_u32(&w, RM_NIFF_MAT_CC_NIFF_NONE);
    for (int i = 0; i < 4; i++)
        nb_f32(&w, prim[i]);
    for (int i = 0; i < 8; i++)
        nb_u32(&w, 0);
    nb_u32(&w, 0);         /* local_light_index (unused: light off) */
    nb_u32(&w, tex_num);
    nb_u32(&w, neb);
    nb_u32(&w, 0);
    for (uint32_t i = 0; i < tex_num; i++)
        nb_u32(&w, tex[i]);
    if (neb) {
        for (int i = 0; i < 4; i++)
            nb_f32(&w, 1.0f);                     /* ambient */
        for (int i = 0; i < 4; i++)
            nb_f32(&w, 0.0f);                     /* emission */
        for (int i = 0; i < 4; i++)
            nb_f32(&w, 1.0f);                     /* diffuse */
        nb_u32(&w, RM_NIFF_MAT_TYPE_NIFF);
        nb_u32(&w, color0);
        nb_u32(&w, RM_NIFF_MAT_CC_NIFF_NONE);
        nb_u32(&w, alpha0);
        nb_u32(&w, RM_NIFF_MAT_CC_NIFF_NONE);
        for (int i = 0; i < 4; i++)
            nb_f32(&w, prim[i]);
        nb_u32(&w, RM_NIFF_NOLINK);
        nb_u32(&w, RM_NIFF_NOLINK);
        nb_u32(&w, 0);
        nb_u32(&w, 0);
        nb_u32(&w, 0);
    }
    nb_add_words(b, RM_NIFF_LIST_MAT, &w);
}

void nb_tex(nb_file *b, uint32_t name, uint32_t wdt, uint32_t hgt, uint32_t img_index)
{
    uint32_t neb = is_v2(b) ? 20 : 0;
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_TEX);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_TEX));
    nb_u32(&w, 52);
    nb_u32(&w, 52 + 28 + neb);
    nb_u32(&w, name);
    nb_u32(&w, RM_NIFF_TEX_FORM_RGBA | RM_NIFF_TEX_DEPTH_16);
    nb_u32(&w, RM_NIFF_TEX_WRAP_S);
    nb_u32(&w, RM_NIFF_TEX_WRAP_T);
    nb_u32(&w, RM_NIFF_TEX_ANIM_OFF);
    nb_u32(&w, 28);
    nb_u32(&w, 0);
    nb_u32(&w, neb);
    nb_u32(&w, 0);
    nb_u32(&w, wdt);
    nb_u32(&w, hgt);
    nb_u32(&w, wdt);
    nb_u32(&w, hgt);
    nb_u32(&w, 0);
    nb_u32(&w, 0);
    nb_u32(&w, img_index);
    if (neb) {
        nb_u32(&w, 1);   /* BILERP */
        nb_u32(&w, 1);   /* perspective correction */
        nb_u32(&w, 0);
        nb_u32(&w, 0);
        nb_u32(&w, 0);
    }
    nb_add_words(b, RM_NIFF_LIST_TEX, &w);
}

void nb_tex_img(nb_file *b, uint32_t wdt, uint32_t hgt, const uint8_t *rgba)
{
    uint32_t neb = is_v2(b) ? 4 : 0;
    uint32_t n = wdt * hgt;
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_TEX_IMG);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_TEX_IMG));
    nb_u32(&w, 24);
    nb_u32(&w, 24 + 4 * n + neb);
    nb_u32(&w, neb);
    nb_u32(&w, 0);
    for (uint32_t i = 0; i < n; i++)
        nb_u32(&w, (uint32_t)rgba[4 * i] << 24 | (uint32_t)rgba[4 * i + 1] << 16 | (uint32_t)rgba[4 * i + 2] << 8 |
                       rgba[4 * i + 3]);
    if (neb)
        nb_u32(&w, 0);   /* mipmap_max_level: none */
    nb_add_words(b, RM_NIFF_LIST_TEX_IMG, &w);
}

void nb_anim_static(nb_file *b, uint32_t name, const float translate[3], const float rotate[3], const float scale[3])
{
    nb_words w = {0};
    nb_u32(&w, RM_NIFF_TAG_ANIM_GROUP);
    nb_u32(&w, nb_count(b, RM_NIFF_LIST_ANIM));
    nb_u32(&w, 48);
    nb_u32(&w, 48 + 52);
    nb_u32(&w, name);
    nb_u32(&w, RM_NIFF_ANIM_TYPE_STATIC);
    nb_u32(&w, 30);
    nb_u32(&w, 1);
    nb_u32(&w, RM_NIFF_ANIM_LOOP_ENDLESS);
    nb_u32(&w, RM_NIFF_ANIM_ROT_ORDER_XYZ);
    nb_u32(&w, 0);
    nb_u32(&w, 0);
    nb_u32(&w, RM_NIFF_TAG_ANIM_STATIC);
    nb_u32(&w, 0);
    nb_u32(&w, 52);
    for (int i = 0; i < 3; i++)
        nb_f32(&w, translate[i]);
    for (int i = 0; i < 3; i++)
        nb_f32(&w, rotate[i]);
    nb_u32(&w, 0);
    for (int i = 0; i < 3; i++)
        nb_f32(&w, scale[i]);
    nb_add_words(b, RM_NIFF_LIST_ANIM, &w);
}
