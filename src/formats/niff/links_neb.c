/* src/formats/niff/links_neb.c - the links links.c leaves to context:
   the AnimGroup 2.0 NEB (channel counts against the NEB's size, the seven
   constraint (kind, node) pairs and their external name pairs, spec §7.9),
   the Mat 2.0 NEB arrays (external Tex name pairs, PrimColorAnim keys,
   spec §7.6), the transform node of every Cluster and FullWeightedPart,
   the indices of every ClusterTri (against its ClusterShape's Clusters and
   the data groups those Clusters name, spec §7.13), and the Part
   tri_index[] of Shapes whose geometry is a ClusterShape or an Envelope. */
#include <stdio.h>

#include "core/bytes.h"
#include "niff_internal.h"

static void value_text(uint32_t v, char *buf, size_t n)
{
    if (v >= 0x80000000u)
        snprintf(buf, n, "0x%08x", v);
    else
        snprintf(buf, n, "%u", v);
}

/* A (kind_of_*, index) pair: `kind` is a list tag (or NOLINK: unused or
   external, the index is then not looked at) and `node` an index in that
   list. `only`, when not 0, is the one list tag the spec allows. */
static void check_kind_node(niff_ctx *c, const niff_where *w, const char *kind_field, uint32_t kind,
                            const char *node_field, uint32_t node, uint32_t only)
{
    if (kind == RM_NIFF_NOLINK)
        return;
    uint32_t list = niff_list_by_tag(kind);
    uint32_t target = list < RM_NIFF_LIST_COUNT ? niff_target_of_list(list) : T_NONE;
    if (only && kind != only) {
        niff_error_w(c, w, "%s 0x%08x is not %s (0x%08x) or 0xffffffff", kind_field, kind,
                   rm_niff_list_name(niff_list_by_tag(only)), only);
        return;
    }
    if (target == T_NONE) {
        niff_error_w(c, w, "%s 0x%08x is not a list tag (nor 0xffffffff)", kind_field, kind);
        return;
    }
    niff_check_link(c, w, node_field, node, target, LF_SWITCH);
}

/* ---- AnimGroup 2.0 NEB (spec §7.9) ---- */

static const char *const constraint_name[RM_NIFF_CONSTRAINT_COUNT] = {"orientation", "direction", "upvector",
    "preferred_axis", "position", "unique_scale", "classical_scale"};

static void check_anim_group_neb(niff_ctx *c, const rm_niff_elem *e, uint32_t i)
{
    char label[48];
    snprintf(label, sizeof label, "anim group %u", i);
    niff_where w = {"AnimList", label, e->offset, NULL};
    const uint8_t *d = e->neb.data;
    if (e->neb.size < RM_NIFF_ANIM_NEB_FIXED_SIZE) {
        niff_warn_once(c, W_MISC + 24, "AnimList", label, e->offset,
                       "the 2.0 NEB is %u bytes, less than the AnimGroup NEB's 148-byte fixed part; "
                       "its channels and constraints are not read", e->neb.size);
        return;
    }
    uint64_t need = RM_NIFF_ANIM_NEB_FIXED_SIZE + niff_anim_channel_bytes(d);
    if (need > e->neb.size)
        niff_error(c, "AnimList", label, e->offset,
                   "the 2.0 NEB's channel counts (rotate_axis_num %u, rotate_x/y/z_num %u/%u/%u, "
                   "orientation_xy_num %u, translation_num %u, unique_scale_num %u, classical_scale_num %u) "
                   "need %llu bytes but the NEB is %u",
                   rm_be32(d + 4), rm_be32(d + 8), rm_be32(d + 12), rm_be32(d + 16), rm_be32(d + 20), rm_be32(d + 24), rm_be32(d + 28), rm_be32(d + 32),
                   (unsigned long long)need, e->neb.size);
    uint32_t use = rm_be32(d);
    if (use & ~0x7fffu)
        niff_warn_once(c, W_MISC + 25, "AnimList", label, e->offset,
                       "use_animation_channel 0x%08x has bits the spec does not define (above 0x4000)", use);
    for (uint32_t k = 0; k < RM_NIFF_CONSTRAINT_COUNT; k++) {
        char kf[80], nf[80], ef[80], of[80];
        snprintf(kf, sizeof kf, "kind_of_%s_constraint_node", constraint_name[k]);
        snprintf(nf, sizeof nf, "%s_constraint_node", constraint_name[k]);
        snprintf(ef, sizeof ef, "external_%s_constraint_file_name_index", constraint_name[k]);
        snprintf(of, sizeof of, "external_%s_constraint_obj_name_index", constraint_name[k]);
        check_kind_node(c, &w, kf, rm_be32(d + 36 + 8 * k), nf, rm_be32(d + 40 + 8 * k), 0);
        niff_check_link(c, &w, ef, rm_be32(d + 92 + 8 * k), T_EXT_NAME, LF_NOLINK);
        niff_check_link(c, &w, of, rm_be32(d + 96 + 8 * k), T_EXT_NAME, LF_NOLINK);
    }
}

/* ---- Mat 2.0 NEB arrays (spec §7.6) ---- */

static void check_mat_neb(niff_ctx *c, const rm_niff_elem *e, uint32_t i)
{
    char label[48];
    snprintf(label, sizeof label, "mat %u", i);
    niff_where w = {"MatList", label, e->offset, NULL};
    const uint8_t *d = e->neb.data;
    uint32_t ext = rm_be32(d + 92), pa = rm_be32(d + 96), pf = rm_be32(d + 100);
    uint64_t need = 104 + 8 * (uint64_t)ext + 24 * ((uint64_t)pa + pf);
    if (need > e->neb.size) {
        niff_error(c, "MatList", label, e->offset,
                   "the 2.0 NEB's counts (external_tex_num %u, prim_color_anim_num %u, "
                   "prim_color_anim_num_for_fog %u) need %llu bytes but the NEB is %u",
                   ext, pa, pf, (unsigned long long)need, e->neb.size);
        return;
    }
    for (uint32_t k = 0; k < ext; k++) {
        char field[64];
        snprintf(field, sizeof field, "external_tex_file_name_index[%u]", k);
        niff_check_link(c, &w, field, rm_be32(d + 104 + 4 * k), T_EXT_NAME, 0);
        snprintf(field, sizeof field, "external_tex_name_index[%u]", k);
        niff_check_link(c, &w, field, rm_be32(d + 104 + 4 * ((uint64_t)ext + k)), T_EXT_NAME, 0);
    }
}

/* ---- ClusterShape: Clusters and ClusterTris (spec §7.13) ---- */

/* Index `v` of a record in group `g` (a `target` data group named by a
   Cluster word): below the group's record count. A group index that is
   NOLINK, out of range (reported with the Cluster) or 0 into an empty index
   space names no group: the index is then not checked. */
static void check_in_group(niff_ctx *c, const niff_where *w, const char *field, uint32_t v, uint32_t target,
                           uint32_t g, uint32_t cluster)
{
    static const struct { uint32_t target; const char *group, *noun; } names[] = {
        {T_VTX, "VtxGroup", "vertices"}, {T_ST, "StGroup", "sts"}, {T_TRI_NV, "TriNvGroup", "normals"},
        {T_VTX_NV, "VtxNvGroup", "normals"}, {T_TRI_COLOR, "TriColorGroup", "colors"},
        {T_VTX_COLOR, "VtxColorGroup", "colors"}};
    uint32_t num;
    if (g == RM_NIFF_NOLINK || !niff_group_num(c->f, target, g, &num))
        return;
    if (v < num || (v == 0 && num == 0))
        return;
    size_t k = 0;
    while (k + 1 < sizeof names / sizeof names[0] && names[k].target != target)
        k++;
    char vt[16];
    value_text(v, vt, sizeof vt);
    niff_error_w(c, w, "%s %s but %s %u (of cluster %u) has %u %s", field, vt, names[k].group,
               g, cluster, num, names[k].noun);
}

static void check_cluster_shape(niff_ctx *c, const rm_niff_elem *e, uint32_t i)
{
    niff_label shape = {NULL, "cluster shape", i};   /* labels formatted only for a message */
    uint32_t nclusters = 0;
    while (nclusters < e->sub_count && e->subs[nclusters].kind == RM_NIFF_KIND_CLUSTER)
        nclusters++;
    for (uint32_t k = 0; k < nclusters; k++) {
        const rm_niff_elem *cl = &e->subs[k];
        niff_label label = {&shape, "cluster", k};
        niff_where w = {"ClusterList", NULL, cl->offset, &label};
        check_kind_node(c, &w, "kind_of_transform_node", cl->words[4], "transform_node_index", cl->words[5],
                        RM_NIFF_TAG_OBJ_LIST);
    }
    const char *const *field = niff_schema_of(RM_NIFF_KIND_CLUSTER_TRI)->info.field;
    for (uint32_t t = 0; nclusters + t < e->sub_count; t++) {
        const rm_niff_elem *ct = &e->subs[nclusters + t];
        if (ct->kind != RM_NIFF_KIND_CLUSTER_TRI)
            continue;
        niff_label label = {&shape, "cluster tri", t};
        niff_where w = {"ClusterList", NULL, ct->offset, &label};
        const uint32_t *x = ct->words;
        /* word of the cluster index, then (index word, target, Cluster group word) pairs */
        static const struct { uint8_t cluster; uint8_t idx[4]; uint8_t target[4]; uint8_t group[4]; uint8_t n; } use[] = {
            {4, {5, 6}, {T_TRI_NV, T_TRI_COLOR}, {10, 12}, 2},
            {8, {9, 10, 11, 12}, {T_VTX, T_ST, T_VTX_NV, T_VTX_COLOR}, {8, 13, 9, 11}, 4},
            {14, {15, 16, 17, 18}, {T_VTX, T_ST, T_VTX_NV, T_VTX_COLOR}, {8, 13, 9, 11}, 4},
            {20, {21, 22, 23, 24}, {T_VTX, T_ST, T_VTX_NV, T_VTX_COLOR}, {8, 13, 9, 11}, 4},
        };
        for (size_t u = 0; u < sizeof use / sizeof use[0]; u++) {
            uint32_t ci = x[use[u].cluster];
            if (ci == RM_NIFF_NOLINK)
                continue;   /* kind_of_cluster values are not documented: NOLINK taken as "none" */
            if (ci >= e->words[5] || ci >= nclusters) {
                char vt[16];
                value_text(ci, vt, sizeof vt);
                if (ci >= e->words[5])
                    niff_error_l(c, "ClusterList", &label, ct->offset, "%s %s but cluster shape %u has %u clusters",
                               field[use[u].cluster], vt, i, e->words[5]);
                continue;
            }
            const rm_niff_elem *cl = &e->subs[ci];
            for (uint32_t k = 0; k < use[u].n; k++)
                check_in_group(c, &w, field[use[u].idx[k]], x[use[u].idx[k]], use[u].target[k],
                               cl->words[use[u].group[k]], ci);
        }
    }
}

/* ---- FullWeightedPart transform node (spec §7.12) ---- */

static void check_envelope(niff_ctx *c, const rm_niff_elem *e, uint32_t i)
{
    for (uint32_t k = 0; k < e->sub_count; k++) {
        const rm_niff_elem *p = &e->subs[k];
        if (p->kind != RM_NIFF_KIND_FULL_WEIGHTED_PART || p->word_count < 6)
            continue;
        niff_label env = {NULL, "envelope", i}, label = {&env, "full weighted part", k};
        niff_where w = {"EnvelopeList", NULL, p->offset, &label};
        check_kind_node(c, &w, "kind_of_transform_node_full", p->words[4], "transform_node_index_full",
                        p->words[5], RM_NIFF_TAG_OBJ_LIST);
    }
}

/* ---- Part tri_index[] of Shapes drawn by a ClusterShape or an Envelope ---- */

static void check_skinned_parts(niff_ctx *c)
{
    const rm_niff_file *f = c->f;
    const rm_niff_list *shapes = &f->lists[RM_NIFF_LIST_SHAPE];
    const rm_niff_list *parts = &f->lists[RM_NIFF_LIST_PART];
    for (uint32_t i = 0; i < shapes->elem_count; i++) {
        const rm_niff_elem *s = &shapes->elems[i];
        if (s->word_count == 0 || s->neb.size < 4 || s->array_count < 1)
            continue;
        uint32_t kind = rm_be32(s->neb.data), list, tri_word;
        const char *what, *noun;
        if (kind == RM_NIFF_TAG_CLUSTER_SHAPE) {
            list = RM_NIFF_LIST_CLUSTER;
            tri_word = 6;   /* cluster_tri_num */
            what = "ClusterShape";
            noun = "cluster tris";
        } else if (kind == RM_NIFF_TAG_ENVELOPE) {
            list = RM_NIFF_LIST_ENVELOPE;
            tri_word = 8;   /* envelope_tri_num */
            what = "Envelope";
            noun = "envelope tris";
        } else {
            continue;   /* TriGroup: links.c; another value is reported there */
        }
        uint32_t g = s->words[5];
        const rm_niff_list *gl = &f->lists[list];
        if (!gl->present || g >= gl->elem_count || gl->elems[g].word_count == 0)
            continue;   /* NOLINK, a switch, or out of range (reported) */
        uint32_t ntri = gl->elems[g].words[tri_word];
        const rm_niff_array *pl = &s->arrays[0];
        for (uint32_t p = 0; p < pl->count; p++) {
            uint32_t pi = pl->v[p];
            if (pi >= parts->elem_count || parts->elems[pi].word_count == 0 || parts->elems[pi].array_count < 1)
                continue;
            const rm_niff_elem *part = &parts->elems[pi];
            char label[48];
            snprintf(label, sizeof label, "part %u", pi);
            for (uint32_t k = 0; k < part->arrays[0].count; k++)
                if (part->arrays[0].v[k] >= ntri)
                    niff_error(c, "PartList", label, part->offset, "tri_index[%u] %u but %s %u (of shape %u) has %u %s",
                               k, part->arrays[0].v[k], what, g, i, ntri, noun);
        }
    }
}

void niff_check_neb_links(niff_ctx *c)
{
    const rm_niff_file *f = c->f;
    if (f->major < 2)
        return;
    const rm_niff_list *l = &f->lists[RM_NIFF_LIST_ANIM];
    for (uint32_t i = 0; i < l->elem_count; i++)
        if (l->elems[i].word_count && l->elems[i].neb.size)
            check_anim_group_neb(c, &l->elems[i], i);
    l = &f->lists[RM_NIFF_LIST_MAT];
    for (uint32_t i = 0; i < l->elem_count; i++)
        if (l->elems[i].word_count && l->elems[i].neb.size >= 104)
            check_mat_neb(c, &l->elems[i], i);
    l = &f->lists[RM_NIFF_LIST_CLUSTER];
    for (uint32_t i = 0; i < l->elem_count; i++)
        if (l->elems[i].word_count)
            check_cluster_shape(c, &l->elems[i], i);
    l = &f->lists[RM_NIFF_LIST_ENVELOPE];
    for (uint32_t i = 0; i < l->elem_count; i++)
        if (l->elems[i].word_count)
            check_envelope(c, &l->elems[i], i);
    check_skinned_parts(c);
}
