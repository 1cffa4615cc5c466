/* src/formats/niff/links.c - every link of a parsed file checked against
   the count of its target list: the schema's word and array links, then
   the links that need context (Shape geometry by kind_of_node_for_geometry,
   Part tri_index against the Shape's TriGroup, Tri per-vertex indices
   against the groups the TriGroup's Reference*Data select, Switch branches
   by link_list_type, TexDataArea image indices, Mat local light, 2.0 NEB
   links). All problems are reported, not only the first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "niff_internal.h"

typedef niff_where where;

static void value_text(uint32_t v, char *buf, size_t n)
{
    if (v >= 0x80000000u)
        snprintf(buf, n, "0x%08x", v);
    else
        snprintf(buf, n, "%u", v);
}

/* The field's text: "obj_shape_link", or "tri_index[3]" for entry `idx`
   of an array (NIFF_NO_INDEX: not an array entry). */
static const char *field_text(const char *field, uint32_t idx, char *buf, size_t n)
{
    if (idx == NIFF_NO_INDEX)
        return field;
    snprintf(buf, n, "%s[%u]", field, idx);
    return buf;
}

/* true when v is acceptable for a link of `target` with `flags`; `field`
   (entry `idx` of it when an array) names it in the message. */
static bool check_value(niff_ctx *c, const where *w, const char *field, uint32_t idx, uint32_t v, uint32_t target,
                        uint32_t flags)
{
    char fb[128];
    const rm_niff_file *f = c->f;
    if ((flags & LF_V1_ONLY) && f->major >= 2)
        return true;
    if (v == RM_NIFF_NOLINK && (flags & LF_NOLINK))
        return true;
    if (v == RM_NIFF_USE_SHAPE_MAT && (flags & LF_USE_SHAPE_MAT))
        return true;
    if (v != RM_NIFF_NOLINK && (v & RM_NIFF_SWITCH_BIT) && (flags & LF_SWITCH)) {
        uint32_t n = niff_target_count(f, T_SWITCH);
        if ((v & 0x7fffffffu) < n)
            return true;
        niff_error_w(c, w, "%s 0x%08x (switch %u) but SwitchList has %u switches",
                     field_text(field, idx, fb, sizeof fb), v, v & 0x7fffffffu, n);
        return false;
    }
    uint32_t n = niff_target_count(f, target);
    if (v < n)
        return true;
    if (v == 0 && n == 0 && (flags & LF_ZERO_EMPTY))
        return true;
    char vt[16];
    value_text(v, vt, sizeof vt);
    niff_error_w(c, w, "%s %s but %s has %u %s", field_text(field, idx, fb, sizeof fb), vt, niff_target_list(target),
                 n, niff_target_noun(target));
    return false;
}

bool niff_check_link(niff_ctx *c, const niff_where *w, const char *field, uint32_t v, uint32_t target,
                     uint32_t flags)
{
    return check_value(c, w, field, NIFF_NO_INDEX, v, target, flags);
}

static void check_schema_links(niff_ctx *c, const rm_niff_elem *e, const where *w)
{
    const niff_schema *s = niff_schema_of(e->kind);
    for (uint32_t i = 0; i < s->link_count; i++) {
        const niff_link *k = &s->links[i];
        uint32_t flags = k->flags;
        if (k->target == T_NAME)
            flags |= LF_ZERO_EMPTY;   /* name 0 in a file without names: docs/niff.md */
        if (!k->array) {
            check_value(c, w, s->info.field[k->at], NIFF_NO_INDEX, e->words[k->at], k->target, flags);
            continue;
        }
        if (k->at >= e->array_count)
            continue;
        const rm_niff_array *a = &e->arrays[k->at];
        for (uint32_t j = 0; j < a->count; j++)
            check_value(c, w, s->info.array[k->at], j, a->v[j], k->target, flags);
    }
}

static void check_elem_tree(niff_ctx *c, const rm_niff_elem *e, const char *list, const niff_label *label)
{
    where w = {list, NULL, e->offset, label};
    check_schema_links(c, e, &w);
    for (uint32_t i = 0; i < e->sub_count; i++) {
        const rm_niff_elem *s = &e->subs[i];
        if (!niff_schema_of(s->kind)->link_count)
            continue;
        niff_label sub = {label, niff_schema_of(s->kind)->info.short_name, i};
        check_elem_tree(c, s, list, &sub);
    }
}

static const rm_niff_elem *elem_at(const rm_niff_file *f, uint32_t list, uint32_t i)
{
    const rm_niff_list *l = &f->lists[list];
    return l->present && i < l->elem_count ? &l->elems[i] : NULL;
}

/* Number of records (vertices, colours...) of group `g` of a data target. */
bool niff_group_num(const rm_niff_file *f, uint32_t target, uint32_t g, uint32_t *num)
{
    uint32_t list, idx = g;
    switch (target) {
    case T_VTX: list = RM_NIFF_LIST_VTX; break;
    case T_ST: list = RM_NIFF_LIST_ST; break;
    case T_TRI_COLOR: list = RM_NIFF_LIST_COLOR; break;
    case T_VTX_COLOR: list = RM_NIFF_LIST_COLOR; idx = g + f->lists[RM_NIFF_LIST_COLOR].count; break;
    case T_TRI_NV: list = RM_NIFF_LIST_VECTOR; break;
    case T_VTX_NV: list = RM_NIFF_LIST_VECTOR; idx = g + f->lists[RM_NIFF_LIST_VECTOR].count; break;
    default: return false;
    }
    if (g >= niff_target_count(f, target))
        return false;
    const rm_niff_elem *e = elem_at(f, list, idx);
    if (!e || e->word_count == 0)
        return false;
    *num = target == T_VTX ? e->words[5] : e->words[4];
    return true;
}

static const char *target_group_name(uint32_t t)
{
    switch (t) {
    case T_VTX: return "VtxGroup";
    case T_TRI_COLOR: return "TriColorGroup";
    case T_VTX_COLOR: return "VtxColorGroup";
    case T_TRI_NV: return "TriNvGroup";
    case T_VTX_NV: return "VtxNvGroup";
    default: return "StGroup";
    }
}

/* The group indices of a Reference*Data area (raw words, see read_elem.c). */
static void ref_groups(const rm_niff_elem *tg, uint32_t r, const uint32_t **g, uint32_t *n)
{
    const rm_niff_array *a = &tg->arrays[r];
    uint32_t form = RM_NIFF_TRI_ANIM_FORM(tg->words[5], r);
    if (form == RM_NIFF_TRI_ANIM_KEY && a->count >= 1) {
        uint32_t k = a->v[0];
        *g = a->v + 1 + k;
        *n = k;
    } else {
        *g = a->v;
        *n = a->count;
    }
}

static void check_tri_group(niff_ctx *c, const rm_niff_elem *tg, uint32_t pos)
{
    static const uint32_t ref_target[RM_NIFF_REF_COUNT] = {T_VTX, T_TRI_COLOR, T_VTX_COLOR, T_TRI_NV, T_VTX_NV, T_ST};
    static const char *const ref_name[RM_NIFF_REF_COUNT] = {"ReferenceVtxData", "ReferenceTriColorData",
        "ReferenceVtxColorData", "ReferenceTriNvData", "ReferenceVtxNvData", "ReferenceStData"};
    const rm_niff_file *f = c->f;
    niff_label label = {NULL, "tri group", pos};
    where w = {"TriList", NULL, tg->offset, &label};
    /* The smallest record count among the groups each reference selects:
       a per-vertex index must be below it in every frame. */
    uint32_t bound[RM_NIFF_REF_COUNT] = {0};
    bool usable[RM_NIFF_REF_COUNT] = {false};
    bool skip[RM_NIFF_REF_COUNT] = {false};   /* a selected group was refused or is out of range */
    for (uint32_t r = 0; r < RM_NIFF_REF_COUNT && r < tg->array_count; r++) {
        const uint32_t *g;
        uint32_t n;
        ref_groups(tg, r, &g, &n);
        usable[r] = n > 0;
        bound[r] = UINT32_MAX;
        for (uint32_t i = 0; i < n; i++) {
            char field[64];
            snprintf(field, sizeof field, "%s group %u", ref_name[r], i);
            uint32_t num;
            if (!check_value(c, &w, field, NIFF_NO_INDEX, g[i], ref_target[r], LF_ZERO_EMPTY)) {
                skip[r] = true;
                continue;
            }
            if (!niff_group_num(f, ref_target[r], g[i], &num)) {
                /* 0 into an empty space (unused), or a group refused while reading */
                if (niff_target_count(f, ref_target[r]) > g[i])
                    skip[r] = true;
                usable[r] = false;
                continue;
            }
            if (num < bound[r])
                bound[r] = num;
        }
        if (!usable[r])
            bound[r] = 0;
    }
    static const struct { uint8_t word; uint8_t ref; } per[] = {
        {3, RM_NIFF_REF_TRI_NV}, {4, RM_NIFF_REF_TRI_COLOR},
        {5, RM_NIFF_REF_VTX}, {6, RM_NIFF_REF_ST}, {7, RM_NIFF_REF_VTX_NV}, {8, RM_NIFF_REF_VTX_COLOR},
        {9, RM_NIFF_REF_VTX}, {10, RM_NIFF_REF_ST}, {11, RM_NIFF_REF_VTX_NV}, {12, RM_NIFF_REF_VTX_COLOR},
        {13, RM_NIFF_REF_VTX}, {14, RM_NIFF_REF_ST}, {15, RM_NIFF_REF_VTX_NV}, {16, RM_NIFF_REF_VTX_COLOR},
    };
    const char *const *field = niff_schema_of(RM_NIFF_KIND_TRI)->info.field;
    /* Per Tri word: the values that pass are below lim (0 passes into an
       empty or absent group, any value when the group was refused). One
       compare a word; the detailed tests below only for a Tri that fails. */
    uint32_t lim[sizeof per / sizeof per[0]];  /* per[k].word is 3 + k */
    for (size_t k = 0; k < sizeof per / sizeof per[0]; k++) {
        uint32_t r = per[k].ref;
        lim[k] = skip[r] ? UINT32_MAX : bound[r] ? bound[r] : 1;  /* UINT32_MAX itself: the tests below */
    }
    /* A check_only read kept no Tris: walk them in the file through their
       size fields (validated while reading). */
    bool walk = c->check_only && tg->sub_count == 0;
    uint32_t ntri = walk ? tg->words[7] : tg->sub_count, p = walk ? niff_first_tri(tg) : 0;
    for (uint32_t t = 0; t < ntri; t++) {
        uint32_t buf[17] = {0}, toff;
        const uint32_t *tw;
        if (walk) {
            const uint8_t *src = c->d + p;
            for (uint32_t k = 3; k < 17; k++)
                buf[k] = rm_be32(src + 4 * k);
            tw = buf;
            toff = p;
            p += niff_u32(c, p + 8);
        } else {
            tw = tg->subs[t].words;
            toff = tg->subs[t].offset;
        }
        bool bad = false;
        for (size_t k = 0; k < sizeof per / sizeof per[0]; k++)
            bad |= tw[3 + k] >= lim[k];
        if (!bad)
            continue;
        niff_label tl = {&label, "tri", t};
        for (size_t k = 0; k < sizeof per / sizeof per[0]; k++) {
            uint32_t v = tw[per[k].word], r = per[k].ref;
            if (skip[r] || v < bound[r] || (v == 0 && bound[r] == 0))
                continue;   /* 0 into an empty or absent group: attribute unused */
            if (!usable[r] && r != RM_NIFF_REF_VTX && v == 0)
                continue;
            const uint32_t *g;
            uint32_t n;
            ref_groups(tg, r, &g, &n);
            uint32_t gi = n ? g[0] : 0;
            for (uint32_t i = 0; i < n; i++) {
                uint32_t num;
                if (niff_group_num(f, ref_target[r], g[i], &num) && num == bound[r])
                    gi = g[i];
            }
            niff_error_l(c, "TriList", &tl, toff, "%s %u but %s %u has %u %s", field[per[k].word], v,
                       target_group_name(ref_target[r]), gi, bound[r],
                       r == RM_NIFF_REF_VTX ? "vertices" : r == RM_NIFF_REF_ST ? "sts"
                       : (r == RM_NIFF_REF_TRI_COLOR || r == RM_NIFF_REF_VTX_COLOR) ? "colors" : "normals");
        }
    }
}

static uint32_t shape_kind(const rm_niff_elem *s)
{
    return s->neb.size >= 4 ? rm_be32(s->neb.data) : RM_NIFF_TAG_TRI_GROUP;
}

static void check_shapes_and_parts(niff_ctx *c)
{
    const rm_niff_file *f = c->f;
    const rm_niff_list *shapes = &f->lists[RM_NIFF_LIST_SHAPE];
    for (uint32_t i = 0; i < shapes->elem_count; i++) {
        const rm_niff_elem *s = &shapes->elems[i];
        if (s->word_count == 0)
            continue;
        char label[48];
        snprintf(label, sizeof label, "shape %u", i);
        where w = {"ShapeList", label, s->offset, NULL};
        uint32_t kind = shape_kind(s), target;
        if (kind == RM_NIFF_TAG_TRI_GROUP)
            target = T_TRI;
        else if (kind == RM_NIFF_TAG_ENVELOPE)
            target = T_ENVELOPE;
        else if (kind == RM_NIFF_TAG_CLUSTER_SHAPE)
            target = T_CLUSTER;
        else {
            niff_error(c, "ShapeList", label, s->offset,
                       "kind_of_node_for_geometry 0x%08x is not TAG_TRI_GROUP, TAG_ENVELOPE or TAG_CLUSTER_SHAPE", kind);
            continue;
        }
        uint32_t tri = s->words[5];
        if (!check_value(c, &w, "shape_tri_link", NIFF_NO_INDEX, tri, target, LF_NOLINK | LF_SWITCH) ||
            target != T_TRI ||
            tri >= niff_target_count(f, T_TRI))
            continue;
        const rm_niff_elem *tg = elem_at(f, RM_NIFF_LIST_TRI, tri);
        if (!tg || tg->word_count == 0 || s->array_count < 1)
            continue;
        /* Part tri_index[] select Tris of this Shape's TriGroup. */
        const rm_niff_array *parts = &s->arrays[0];
        for (uint32_t p = 0; p < parts->count; p++) {
            const rm_niff_elem *part = parts->v[p] < niff_target_count(f, T_PART) ?
                                       elem_at(f, RM_NIFF_LIST_PART, parts->v[p]) : NULL;
            if (!part || part->array_count < 1)
                continue;
            char pl[48];
            snprintf(pl, sizeof pl, "part %u", parts->v[p]);
            for (uint32_t k = 0; k < part->arrays[0].count; k++)
                if (part->arrays[0].v[k] >= tg->words[7])
                    niff_error(c, "PartList", pl, part->offset, "tri_index[%u] %u but TriGroup %u (of shape %u) has %u tris",
                               k, part->arrays[0].v[k], tri, i, tg->words[7]);
        }
    }
}

static void check_switches(niff_ctx *c)
{
    const rm_niff_file *f = c->f;
    const rm_niff_list *l = &f->lists[RM_NIFF_LIST_SWITCH];
    for (uint32_t i = 0; i < l->elem_count; i++) {
        const rm_niff_elem *s = &l->elems[i];
        if (s->word_count == 0)
            continue;
        char label[48];
        snprintf(label, sizeof label, "switch %u", i);
        uint32_t target_list = niff_list_by_tag(s->words[3]);
        if (target_list == RM_NIFF_LIST_COUNT || target_list == RM_NIFF_LIST_SCENE) {
            niff_warn_once(c, W_MISC + 20, "SwitchList", label, s->offset,
                           "link_list_type 0x%08x is not a list tag; the switch's branches are not checked", s->words[3]);
            continue;
        }
        uint32_t n = f->lists[target_list].present ? f->lists[target_list].count : 0;
        const char *ln = niff_list_info_of(target_list)->name;
        if (s->words[4] >= n && s->words[4] != RM_NIFF_NOLINK)
            niff_error(c, "SwitchList", label, s->offset, "default_link_index %u but %s has %u elements", s->words[4], ln, n);
        if (s->array_count >= 2)
            for (uint32_t k = 0; k < s->arrays[1].count; k++)
                if (s->arrays[1].v[k] >= n && s->arrays[1].v[k] != RM_NIFF_NOLINK)
                    niff_error(c, "SwitchList", label, s->offset, "case_dest_index[%u] %u but %s has %u elements", k,
                               s->arrays[1].v[k], ln, n);
    }
}

/* use_color_palette of a Tex's 2.0 NEB (0 when absent). */
static uint32_t tex_palette(const rm_niff_elem *t)
{
    return t->neb.size >= 16 ? rm_be32(t->neb.data + 12) : 0;
}

static void check_texs(niff_ctx *c)
{
    const rm_niff_file *f = c->f;
    const rm_niff_list *l = &f->lists[RM_NIFF_LIST_TEX];
    for (uint32_t i = 0; i < l->elem_count; i++) {
        const rm_niff_elem *t = &l->elems[i];
        if (t->word_count == 0)
            continue;
        char label[48];
        snprintf(label, sizeof label, "tex %u", i);
        where w = {"TexList", label, t->offset, NULL};
        uint32_t target = tex_palette(t) == 1 ? T_CI_IMG : T_TEX_IMG;
        const uint8_t *d = t->data.data;
        uint32_t n = t->data.size;
        if (t->words[8] == RM_NIFF_TEX_ANIM_OFF) {
            if (n >= 28)
                check_value(c, &w, "tex_img_index", NIFF_NO_INDEX, rm_be32(d + 24), target, LF_NOLINK | LF_SWITCH);
            continue;
        }
        if (n < 20)
            continue;
        uint64_t sn = rm_be32(d + 8), on = rm_be32(d + 12), in = rm_be32(d + 16);
        uint64_t first = 20 + 4 * (3 * sn + 3 * on + in);
        if (first + 4 * in > n)
            continue;   /* the typed view reports the short area */
        for (uint32_t k = 0; k < (uint32_t)in; k++)
            check_value(c, &w, "tex_tile_img_index", k, rm_be32(d + first + 4 * k), target, LF_NOLINK | LF_SWITCH);
    }
}

static void check_mats(niff_ctx *c)
{
    const rm_niff_list *l = &c->f->lists[RM_NIFF_LIST_MAT];
    for (uint32_t i = 0; i < l->elem_count; i++) {
        const rm_niff_elem *m = &l->elems[i];
        if (m->word_count == 0 || (m->words[5] & 0xfu) != RM_NIFF_MAT_SHADE_LIGHT_LOCAL)
            continue;   /* the "no local light" value is unknown (spec §10 item 13) */
        char label[48];
        snprintf(label, sizeof label, "mat %u", i);
        where w = {"MatList", label, m->offset, NULL};
        check_value(c, &w, "local_light_index", NIFF_NO_INDEX, m->words[22], T_LIGHT, LF_NOLINK | LF_SWITCH);
    }
}

/* Obj 2.0 NEB: chain-root links and external name pairs (spec §7.4). */
static void check_obj_nebs(niff_ctx *c)
{
    const rm_niff_list *l = &c->f->lists[RM_NIFF_LIST_OBJ];
    for (uint32_t i = 0; i < l->elem_count; i++) {
        const rm_niff_elem *o = &l->elems[i];
        if (o->word_count == 0 || c->f->major < 2 || o->neb.size < 28)
            continue;
        const uint8_t *d = o->neb.data;
        uint64_t roots = rm_be32(d + 16), lods = rm_be32(d + 20), ext = rm_be32(d + 24);
        uint64_t need = 28 + 4 * (roots + 3 * lods + 2 * ext);
        char label[48];
        snprintf(label, sizeof label, "obj %u", i);
        where w = {"ObjList", label, o->offset, NULL};
        if (need > o->neb.size) {
            niff_warn_once(c, W_MISC + 21, "ObjList", label, o->offset,
                           "the 2.0 NEB counts need %llu bytes but the NEB is %u; its arrays are not read",
                           (unsigned long long)need, o->neb.size);
            continue;
        }
        uint32_t p = 28;
        for (uint32_t k = 0; k < (uint32_t)roots; k++, p += 4)
            check_value(c, &w, "obj_chain_root_link", k, rm_be32(d + p), T_CHAIN_ROOT, LF_SWITCH);
        p += 4 * (uint32_t)lods;   /* external_lod_obj_dist[] */
        static const char *const names[4] = {"external_lod_obj_file_name_index", "external_lod_obj_name_index",
                                             "external_obj_file_name_index", "external_obj_name_index"};
        for (uint32_t a = 0; a < 4; a++) {
            uint32_t n = a < 2 ? (uint32_t)lods : (uint32_t)ext;
            for (uint32_t k = 0; k < n; k++, p += 4)
                check_value(c, &w, names[a], k, rm_be32(d + p), T_EXT_NAME, LF_NOLINK);
        }
    }
}

/* NEB words `first`..`first+n-1` of element `e` as ExternalNameList links
   (NOLINK allowed); `names` gives the field names. */
static void check_neb_ext(niff_ctx *c, const rm_niff_elem *e, const where *w, uint32_t first,
                          const char *const *names, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++)
        if (e->neb.size >= 4 * (first + k + 1))
            check_value(c, w, names[k], NIFF_NO_INDEX, rm_be32(e->neb.data + 4 * (first + k)), T_EXT_NAME,
                        LF_NOLINK);
}

/* `count` words at NEB byte `at` as links to `target` (when they fit). */
static uint32_t check_neb_array(niff_ctx *c, const rm_niff_elem *e, const where *w, uint32_t at, uint64_t count,
                                const char *name, uint32_t target, uint32_t flags)
{
    if ((uint64_t)at + 4 * count > e->neb.size)
        return UINT32_MAX;
    for (uint32_t k = 0; k < (uint32_t)count; k++)
        check_value(c, w, name, k, rm_be32(e->neb.data + at + 4 * k), target, flags);
    return at + 4 * (uint32_t)count;
}

/* 2.0 NEB links of the Scene, Cam, Shape and Mat (spec §7.2, 7.3, 7.5, 7.6). */
static void check_other_nebs(niff_ctx *c)
{
    const rm_niff_file *f = c->f;
    if (f->major < 2)
        return;
    const rm_niff_list *sl = &f->lists[RM_NIFF_LIST_SCENE];
    if (sl->elem_count == 1 && sl->elems[0].word_count && sl->elems[0].neb.size >= 20) {
        const rm_niff_elem *e = &sl->elems[0];
        where w = {"SceneList", "scene", e->offset, NULL};
        const uint8_t *d = e->neb.data;
        uint64_t ext = (uint64_t)rm_be32(d + 4) + rm_be32(d + 8) + rm_be32(d + 12) + rm_be32(d + 16);
        uint64_t need = 20 + 4 * ((uint64_t)rm_be32(d) + 2 * ext);
        if (need > e->neb.size) {
            niff_error(c, "SceneList", "scene", e->offset,
                       "the 2.0 NEB's counts need %llu bytes but the NEB is %u", (unsigned long long)need,
                       e->neb.size);
        } else {
            uint32_t at = check_neb_array(c, e, &w, 20, rm_be32(d), "scene_chain_root_link_index", T_CHAIN_ROOT,
                                          LF_SWITCH);
            /* external (file, node) name pairs: Obj, Env, Cam, Light (spec §7.2) */
            static const char *const kinds[4] = {"obj", "env", "cam", "light"};
            for (uint32_t k = 0; k < 4; k++) {
                uint32_t n = rm_be32(d + 4 + 4 * k);
                char name[64];
                snprintf(name, sizeof name, "external_%s_file_name_index", kinds[k]);
                at = check_neb_array(c, e, &w, at, n, name, T_EXT_NAME, 0);
                snprintf(name, sizeof name, "external_%s_name_index", kinds[k]);
                at = check_neb_array(c, e, &w, at, n, name, T_EXT_NAME, 0);
            }
        }
    }
    static const char *const cam_ext[] = {"external_lookat_obj_file_name_index", "external_lookat_obj_name_index",
        "external_eye_obj_file_name_index", "external_eye_obj_name_index", "external_up_obj_file_name_index",
        "external_up_obj_name_index"};
    static const char *const shape_ext[] = {"external_mat_file_name_index", "external_mat_name_index"};
    static const char *const mat_ext[] = {"external_local_light_file_name_index", "external_local_light_name_index"};
    static const struct { uint32_t list; const char *const *names; uint32_t first, n; } ext[] = {
        {RM_NIFF_LIST_CAM, cam_ext, 0, 6}, {RM_NIFF_LIST_SHAPE, shape_ext, 1, 2}, {RM_NIFF_LIST_MAT, mat_ext, 21, 2}};
    for (size_t k = 0; k < sizeof ext / sizeof ext[0]; k++) {
        const rm_niff_list *l = &f->lists[ext[k].list];
        for (uint32_t i = 0; i < l->elem_count; i++) {
            const rm_niff_elem *e = &l->elems[i];
            if (e->word_count == 0)
                continue;
            char label[48];
            snprintf(label, sizeof label, "%s %u", niff_schema_of(e->kind)->info.short_name, i);
            where w = {niff_list_info_of(ext[k].list)->name, label, e->offset, NULL};
            check_neb_ext(c, e, &w, ext[k].first, ext[k].names, ext[k].n);
            /* the Mat's external_tex arrays: links_neb.c */
        }
    }
}

/* The Obj an Obj's obj_parent_link names, or UINT32_MAX (NOLINK, a switch,
   out of range: reported as links elsewhere, or an Obj refused while
   reading). */
static uint32_t parent_of(const rm_niff_list *objs, uint32_t i)
{
    uint32_t p = objs->elems[i].words[15];
    if (p == RM_NIFF_NOLINK || (p & RM_NIFF_SWITCH_BIT) || p >= objs->elem_count ||
        objs->elems[p].word_count == 0)
        return UINT32_MAX;
    return p;
}

/* An Obj that is its own parent, or parents that go round (obj 1 -> obj 2
   -> obj 1), would make the Obj its own ancestor: no tree, no world
   matrix. Each cycle is one error at its first Obj, naming every Obj of it.
   One walk up from each Obj; `seen` holds the walk that met an Obj first
   (+1), so every Obj is walked over once. */
static void check_obj_parents(niff_ctx *c)
{
    const rm_niff_list *objs = &c->f->lists[RM_NIFF_LIST_OBJ];
    uint32_t n = objs->elem_count;
    if (!n)
        return;
    uint32_t *seen = calloc(n, sizeof *seen);
    if (!seen)
        return;     /* out of memory: the reader has reported it or will */
    for (uint32_t start = 0; start < n; start++) {
        if (seen[start] || objs->elems[start].word_count == 0)
            continue;
        uint32_t i = start;
        while (i != UINT32_MAX && !seen[i]) {
            seen[i] = start + 1;
            i = parent_of(objs, i);
        }
        if (i == UINT32_MAX || seen[i] != start + 1)
            continue;   /* reached a root, or a walk already made */
        /* i is on a cycle met by this walk: start it at its lowest Obj. */
        uint32_t low = i;
        for (uint32_t k = parent_of(objs, i); k != i; k = parent_of(objs, k))
            if (k < low)
                low = k;
        char label[48];
        snprintf(label, sizeof label, "obj %u", low);
        const rm_niff_elem *o = &objs->elems[low];
        if (parent_of(objs, low) == low) {
            niff_error(c, "ObjList", label, o->offset,
                       "obj_parent_link %u: the Obj is its own parent", low);
            continue;
        }
        char chain[512];
        size_t w = 0;
        uint32_t k = low, steps = 0;
        do {
            int m = snprintf(chain + w, sizeof chain - w, "obj %u -> ", k);
            if (m < 0 || (size_t)m >= sizeof chain - w - 16) {
                w += (size_t)snprintf(chain + w, sizeof chain - w, "... -> ");
                break;
            }
            w += (size_t)m;
            k = parent_of(objs, k);
            steps++;
        } while (k != low);
        snprintf(chain + w, sizeof chain - w, "obj %u", low);
        uint32_t len = steps;
        if (k != low) {     /* cut: count the rest */
            for (; k != low; k = parent_of(objs, k))
                len++;
        }
        niff_error(c, "ObjList", label, o->offset,
                   "obj_parent_link makes a cycle of %u Objs (%s): an Obj cannot be its own ancestor",
                   len, chain);
    }
    free(seen);
}

void niff_check_links(niff_ctx *c)
{
    const rm_niff_file *f = c->f;
    for (uint32_t l = 0; l < RM_NIFF_LIST_COUNT; l++) {
        const rm_niff_list *list = &f->lists[l];
        const niff_list_info *li = niff_list_info_of(l);
        for (uint32_t i = 0; i < list->elem_count; i++) {
            const rm_niff_elem *e = &list->elems[i];
            if (e->word_count == 0)
                continue;   /* refused while reading: already reported */
            uint32_t idx = (l == RM_NIFF_LIST_COLOR || l == RM_NIFF_LIST_VECTOR) && i >= list->count ? i - list->count : i;
            niff_label label = {NULL, niff_schema_of(e->kind)->info.short_name, idx};
            if (l == RM_NIFF_LIST_SCENE)
                label = (niff_label){NULL, "scene", NIFF_NO_INDEX};
            check_elem_tree(c, e, li->name, &label);
        }
    }
    const rm_niff_list *tris = &f->lists[RM_NIFF_LIST_TRI];
    for (uint32_t i = 0; i < tris->elem_count; i++)
        if (tris->elems[i].word_count)
            check_tri_group(c, &tris->elems[i], i);
    check_shapes_and_parts(c);
    check_switches(c);
    check_texs(c);
    check_mats(c);
    check_obj_nebs(c);
    check_other_nebs(c);
    niff_check_neb_links(c);
    check_obj_parents(c);
    /* Obj rules that are not links: at most 32 children (spec §5.5). */
    const rm_niff_list *objs = &f->lists[RM_NIFF_LIST_OBJ];
    for (uint32_t i = 0; i < objs->elem_count; i++) {
        const rm_niff_elem *o = &objs->elems[i];
        if (o->word_count == 0)
            continue;
        char label[48];
        snprintf(label, sizeof label, "obj %u", i);
        if (o->words[14] > RM_NIFF_OBJ_CHILD_MAX)
            niff_warn_once(c, W_MISC + 22, "ObjList", label, o->offset,
                           "obj_child_num %u is more than the 32 the spec allows; all are read", o->words[14]);
        if (o->words[5] == RM_NIFF_OBJ_TYPE_NULL && o->words[16] != RM_NIFF_NOLINK)
            niff_warn_once(c, W_MISC + 23, "ObjList", label, o->offset,
                           "obj_type OBJ_TYPE_NULL but obj_shape_link is %u, not OBJ_NOSHAPE", o->words[16]);
    }
}
