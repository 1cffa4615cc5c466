/* src/formats/gltf/rig_anim.c - one glTF animation sampled into the keys
   of a rigid skeleton's animation: per key, the root offset and each
   bone's angles (degrees around X, Y, Z for the engine's Rx * Ry * Rz).

   The maths. W_n(t) is node n's world matrix at time t: the product of the
   local matrices from the root down, each local matrix made from the
   node's TRS with every animated path replaced by its channel's value at
   t (rm_gltf_sample; a node with a matrix is never animated). W_n(rest) is
   the world matrix at rest (rm_gltf_rest_world), the pose the mesh was
   built in. A vertex of bone j moves by

       D_j(t) = W_j(t) * W_j(rest)^-1

   in both set-ups: a mesh node below the joint (its vertices are
   W_mesh(rest) * v, and W_mesh = W_j * (fixed locals)), and a rigid skin
   (its vertices are W_j(rest) * IBM_j * v at rest, W_j(t) * IBM_j * v at t).

   The engine draws bone j with M_j = M_parent * T(p_j) * R_j * T(-p_j),
   p_j the pivot (W_j(rest)'s translation), and the model matrix T(root)
   for the parent of a root bone. So with D_parent = T(root) for a root
   bone, the bone's own part is

       L_j = D_parent^-1 * D_j,

   which the engine can only draw when it is a rotation R_j about p_j:
   L_j = [R_j | p_j - R_j p_j]. The root offset comes first, from the first
   root bone (bones[0]): root = D_0 * p_0 - p_0, which makes bones[0]'s
   L_0 such a rotation by construction. Then for every bone:
   - R_j = the 3x3 of L_j, orthonormalised (Gram-Schmidt on its columns);
     when the 3x3 is not a rotation (scale animated, or a non-uniform
     scale above a turning node) one warning per animation and bone;
   - when L_j's translation is not p_j - (3x3) p_j within 1e-4 of the
     model's radius, the bone moves: one warning per animation and bone
     (a rigid skeleton turns bones only; the motion is lost);
   - angles = rm_gltf_euler_xyz(R_j, the bone's angles at the previous
     key), so that they are continuous (no jump of a turn).

   Key times. key_ticks = --key-ticks, or the smallest step between two
   keyframes of the channels used, in ticks (60 a second) rounded down
   (1/100 tick of slack for float times), at least 1: Blender's 24 fps
   keyframes are 2.5 ticks apart, so 2; 30 fps gives 2, 60 fps 1. The keys
   are at t_k = k * key_ticks / 60 for k = 0..n, n = ceil(duration * 60 /
   key_ticks), the last one clamped to the duration (the largest keyframe
   time), so the last pose is always the file's. */
#include "rig.h"

#include "formats/skeleton/sk_names.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rm_gltf_rig_animation_name(const rm_gltf_doc *doc, size_t index, char *buf,
                                       size_t size)
{
    const char *n = doc->animations[index].name;
    if (n && *n)
        return n;
    snprintf(buf, size, "animation%zu", index);
    return buf;
}

/* One channel that moves a bone (at or above it), its sampler read. */
typedef struct anim_chan {
    uint32_t node;
    rm_gltf_path path;
    rm_gltf_interp interp;
    double *times;
    size_t key_count;
    double *values;
    unsigned n;             /* 3 or 4 */
    int next;               /* the next channel of the same needed node, -1 */
} anim_chan;

typedef struct anim_ctx {
    const rm_gltf_doc *doc;
    const rm_gltf_rig_bones *b;
    rm_diag *diag;
    size_t index;
    char label[300];        /* /animations/0 "walk" */
    /* The nodes whose matrices are needed: the bones and their ancestors,
       parents first. */
    size_t need_count;
    uint32_t *need;         /* node of each */
    int32_t *need_parent;   /* index in `need` of its parent, -1 */
    int *need_first;        /* first channel of the node, -1 */
    int32_t *need_of_node;  /* node_count entries, -1: not needed */
    anim_chan *chans;
    size_t chan_count;
} anim_ctx;

static void ctx_free(anim_ctx *c)
{
    free(c->need);
    free(c->need_parent);
    free(c->need_first);
    free(c->need_of_node);
    for (size_t i = 0; i < c->chan_count; i++) {
        free(c->chans[i].times);
        free(c->chans[i].values);
    }
    free(c->chans);
}

/* The bones and their ancestors, parents first: each bone's chain up to a
   node already listed is added top down (what is above a listed node was
   listed before it). */
static rm_status list_needed(anim_ctx *c)
{
    const rm_gltf_doc *doc = c->doc;
    size_t nn = doc->node_count;
    c->need_of_node = malloc(nn * sizeof *c->need_of_node);
    size_t cap = nn;
    c->need = malloc(cap * sizeof *c->need);
    c->need_parent = malloc(cap * sizeof *c->need_parent);
    c->need_first = malloc(cap * sizeof *c->need_first);
    uint32_t *chain = malloc(nn * sizeof *chain);
    if (!c->need_of_node || !c->need || !c->need_parent || !c->need_first || !chain) {
        free(chain);
        return RM_NOMEM;
    }
    for (size_t i = 0; i < nn; i++)
        c->need_of_node[i] = -1;
    for (size_t j = 0; j < c->b->count; j++) {
        size_t len = 0;
        uint32_t node = c->b->node[j];
        while (node < nn && c->need_of_node[node] < 0 && len < nn) {
            chain[len++] = node;
            c->need_of_node[node] = -2;     /* being listed */
            int32_t p = doc->nodes[node].parent;
            if (p < 0)
                break;
            node = (uint32_t)p;
        }
        while (len > 0 && c->need_count < cap) {
            uint32_t n = chain[--len];
            size_t k = c->need_count++;
            c->need[k] = n;
            c->need_first[k] = -1;
            int32_t p = doc->nodes[n].parent;
            c->need_parent[k] = p >= 0 && (size_t)p < nn ? c->need_of_node[p] : -1;
            if (c->need_parent[k] < 0)
                c->need_parent[k] = -1;
            c->need_of_node[n] = (int32_t)k;
        }
    }
    free(chain);
    return RM_OK;
}

/* Reads a channel's sampler: times (checked: finite, not decreasing) and
   values (as many as the interpolation needs). */
static rm_status read_channel(anim_ctx *c, size_t ci, const rm_gltf_channel *ch, anim_chan *out)
{
    const rm_gltf_doc *doc = c->doc;
    const rm_gltf_animation *an = &doc->animations[c->index];
    char path[96], use[128];
    snprintf(path, sizeof path, "/animations/%zu/channels/%zu", c->index, ci);
    if (ch->sampler >= an->sampler_count) {
        rm_gltf_error(doc, c->diag, path, "sampler %u is not a sampler of the animation (it has %zu)",
                      (unsigned)ch->sampler, an->sampler_count);
        return RM_INVALID;
    }
    const rm_gltf_sampler *sm = &an->samplers[ch->sampler];
    snprintf(path, sizeof path, "/animations/%zu/samplers/%u", c->index, (unsigned)ch->sampler);
    if (sm->input >= doc->accessor_count || sm->output >= doc->accessor_count) {
        rm_gltf_error(doc, c->diag, path, "accessor %u is not an accessor of the file (it has %zu)",
                      (unsigned)(sm->input >= doc->accessor_count ? sm->input : sm->output),
                      doc->accessor_count);
        return RM_INVALID;
    }
    out->node = (uint32_t)ch->node;
    out->path = ch->path;
    out->interp = sm->interp;
    out->n = ch->path == RM_GLTF_PATH_ROTATION ? 4u : 3u;
    out->next = -1;

    snprintf(use, sizeof use, "the input of %s", path);
    rm_status st = rm_gltf_accessor_read(doc, sm->input, RM_GLTF_BIT(RM_GLTF_FLOAT), 1u << 1, false,
                                         use, &out->times, c->diag);
    if (st != RM_OK)
        return st;
    size_t count = doc->accessors[sm->input].count;
    if (count == 0) {
        rm_gltf_error(doc, c->diag, path, "the input (accessor %u) has no keyframe times",
                      (unsigned)sm->input);
        return RM_INVALID;
    }
    for (size_t k = 0; k < count; k++) {
        double t = out->times[k];
        if (!isfinite(t)) {
            rm_gltf_error(doc, c->diag, path, "the input (accessor %u) has a time that is not a "
                          "number (keyframe %zu)", (unsigned)sm->input, k);
            return RM_INVALID;
        }
        if (k > 0 && t < out->times[k - 1]) {
            rm_gltf_error(doc, c->diag, path, "the input (accessor %u): keyframe %zu at %g s comes "
                          "after keyframe %zu at %g s; keyframe times must increase",
                          (unsigned)sm->input, k, t, k - 1, out->times[k - 1]);
            return RM_INVALID;
        }
    }
    out->key_count = count;

    snprintf(use, sizeof use, "the output of %s", path);
    uint32_t allowed = RM_GLTF_BIT(RM_GLTF_FLOAT);
    if (ch->path == RM_GLTF_PATH_ROTATION)
        allowed |= RM_GLTF_BIT(RM_GLTF_BYTE) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE) |
                   RM_GLTF_BIT(RM_GLTF_SHORT) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_SHORT);
    st = rm_gltf_accessor_read(doc, sm->output, allowed, 1u << out->n, true, use, &out->values,
                               c->diag);
    if (st != RM_OK)
        return st;
    size_t need = sm->interp == RM_GLTF_CUBICSPLINE ? 3 * count : count;
    size_t have = doc->accessors[sm->output].count;
    if (have < need) {
        static const char *const interp_name[] = { "LINEAR", "STEP", "CUBICSPLINE" };
        rm_gltf_error(doc, c->diag, path, "the output (accessor %u) holds %zu values; %s with %zu "
                      "keyframes needs %zu%s", (unsigned)sm->output, have,
                      interp_name[sm->interp <= RM_GLTF_CUBICSPLINE ? sm->interp : 0], count, need,
                      sm->interp == RM_GLTF_CUBICSPLINE ? " (in-tangent, value, out-tangent each)"
                                                        : "");
        return RM_INVALID;
    }
    for (size_t k = 0; k < need * out->n; k++) {
        if (!isfinite(out->values[k])) {
            rm_gltf_error(doc, c->diag, path, "the output (accessor %u) has a value that is not a "
                          "number (value %zu)", (unsigned)sm->output, k / out->n);
            return RM_INVALID;
        }
    }
    return RM_OK;
}

/* Reads the channels that move a bone; warns about the others. */
static rm_status read_channels(anim_ctx *c)
{
    const rm_gltf_doc *doc = c->doc;
    const rm_gltf_animation *an = &doc->animations[c->index];
    c->chans = calloc(an->channel_count ? an->channel_count : 1, sizeof *c->chans);
    uint8_t *warned = calloc(doc->node_count ? doc->node_count : 1, 1);
    if (!c->chans || !warned) {
        free(warned);
        return RM_NOMEM;
    }
    /* glTF forbids two channels of one node and path; should a file have
       them, the last one is used (and the others not read). */
    int *last = malloc((c->need_count ? c->need_count : 1) * 3 * sizeof *last);
    if (!last) {
        free(warned);
        return RM_NOMEM;
    }
    for (size_t k = 0; k < c->need_count * 3; k++)
        last[k] = -1;
    for (size_t i = 0; i < an->channel_count; i++) {
        const rm_gltf_channel *ch = &an->channels[i];
        if (ch->node >= 0 && (size_t)ch->node < doc->node_count && ch->path <= RM_GLTF_PATH_SCALE &&
            c->need_of_node[ch->node] >= 0)
            last[(size_t)c->need_of_node[ch->node] * 3 + ch->path] = (int)i;
    }
    /* Hostile files: every channel may name the same huge accessor. */
    size_t budget = (size_t)RM_GLTF_MAX_ACCESSOR_COUNT * 4;
    rm_status st = RM_OK;
    for (size_t i = 0; i < an->channel_count && st == RM_OK; i++) {
        const rm_gltf_channel *ch = &an->channels[i];
        if (ch->node < 0 || (size_t)ch->node >= doc->node_count)
            continue;
        char path[96];
        snprintf(path, sizeof path, "/animations/%zu/channels/%zu", c->index, i);
        if (ch->path == RM_GLTF_PATH_WEIGHTS) {
            rm_gltf_warning(doc, c->diag, path, "a \"weights\" channel (morph targets) is ignored: a "
                            "rigid skeleton turns bones only");
            continue;
        }
        if (ch->path == RM_GLTF_PATH_OTHER)
            continue;
        uint32_t node = (uint32_t)ch->node;
        if (c->need_of_node[node] < 0) {
            if (!warned[node]) {
                warned[node] = 1;
                char nb[48], q[SK_QUOTE_SIZE];
                sk_quote(rm_gltf_rig_node_name(doc, node, nb, sizeof nb), q, sizeof q);
                rm_gltf_warning(doc, c->diag, path, "node %u %s is not a bone and moves no bone: "
                                "its animation is ignored", (unsigned)node, q);
            }
            continue;
        }
        if (doc->nodes[node].has_matrix)
            continue;       /* glTF forbids it; the loader refuses it */
        if (last[(size_t)c->need_of_node[node] * 3 + ch->path] != (int)i)
            continue;
        if (ch->sampler < an->sampler_count) {
            const rm_gltf_sampler *sm = &an->samplers[ch->sampler];
            size_t values = 0;
            if (sm->input < doc->accessor_count)
                values += doc->accessors[sm->input].count;
            if (sm->output < doc->accessor_count)
                values += (size_t)doc->accessors[sm->output].count * 4;
            if (values > budget) {
                rm_gltf_error(doc, c->diag, c->label, "its channels hold more than %zu values in "
                              "all: too many for one animation", (size_t)RM_GLTF_MAX_ACCESSOR_COUNT * 4);
                st = RM_INVALID;
                break;
            }
            budget -= values;
        }
        anim_chan *out = &c->chans[c->chan_count];
        st = read_channel(c, i, ch, out);
        c->chan_count++;    /* freed with the others even when half read */
        if (st == RM_OK) {
            /* Linked in file order: a later channel of the same path wins. */
            int k = c->need_of_node[node];
            int *link = &c->need_first[k];
            while (*link >= 0)
                link = &c->chans[*link].next;
            *link = (int)(c->chan_count - 1);
        }
    }
    free(warned);
    free(last);
    return st;
}

/* key_ticks: the option, or the smallest step between keyframes. */
static uint16_t find_key_ticks(const anim_ctx *c, const rm_gltf_options *opt)
{
    if (opt && opt->key_ticks)
        return opt->key_ticks;
    double step = INFINITY;
    for (size_t i = 0; i < c->chan_count; i++)
        for (size_t k = 1; k < c->chans[i].key_count; k++) {
            double d = c->chans[i].times[k] - c->chans[i].times[k - 1];
            if (d > 0 && d < step)
                step = d;
        }
    if (!isfinite(step))
        return 1;
    double ticks = floor(step * RM_SKELETON_TICKS_PER_SECOND + 0.01);
    if (ticks < 1)
        return 1;
    if (ticks > 65535)
        return 65535;
    return (uint16_t)ticks;
}

/* ---- 3x3 and 4x4 helpers (column-major 4x4, as glTF) ---- */

static void mat_translation(const double v[3], double m[16])
{
    rm_gltf_mat_identity(m);
    m[12] = v[0];
    m[13] = v[1];
    m[14] = v[2];
}

/* The 3x3 of m is a rotation (orthonormal, determinant +1) within tol. */
static bool is_rotation(const double m[16], double tol)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double d = 0;
            for (int k = 0; k < 3; k++)
                d += m[i * 4 + k] * m[j * 4 + k];
            if (fabs(d - (i == j ? 1.0 : 0.0)) > tol)
                return false;
        }
    double det = m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) +
                 m[8] * (m[1] * m[6] - m[5] * m[2]);
    return det > 0;
}

static double norm3(const double v[3])
{
    return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/* The nearest rotation by Gram-Schmidt on the columns of m's 3x3, into
   r[row][col]: a column scale (a scale along the bone's own axes) is
   removed exactly. Degenerate columns give the identity's. */
static void orthonormalise(const double m[16], double r[3][3])
{
    double x[3] = { m[0], m[1], m[2] }, y[3] = { m[4], m[5], m[6] }, z[3];
    double nx = norm3(x);
    if (nx < 1e-12) {
        x[0] = 1, x[1] = 0, x[2] = 0;
    } else {
        for (int i = 0; i < 3; i++)
            x[i] /= nx;
    }
    double d = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    for (int i = 0; i < 3; i++)
        y[i] -= d * x[i];
    double ny = norm3(y);
    if (ny < 1e-12) {
        /* Any unit vector perpendicular to x. */
        double a[3] = { fabs(x[0]) < 0.9 ? 1.0 : 0.0, fabs(x[0]) < 0.9 ? 0.0 : 1.0, 0.0 };
        d = x[0] * a[0] + x[1] * a[1] + x[2] * a[2];
        for (int i = 0; i < 3; i++)
            y[i] = a[i] - d * x[i];
        ny = norm3(y);
    }
    for (int i = 0; i < 3; i++)
        y[i] /= ny;
    z[0] = x[1] * y[2] - x[2] * y[1];
    z[1] = x[2] * y[0] - x[0] * y[2];
    z[2] = x[0] * y[1] - x[1] * y[0];
    for (int i = 0; i < 3; i++) {
        r[i][0] = x[i];
        r[i][1] = y[i];
        r[i][2] = z[i];
    }
}

/* ---- sampling ---- */

/* World matrices of the needed nodes at time t into w (need_count * 16). */
static void pose_at(const anim_ctx *c, double t, double *w)
{
    for (size_t k = 0; k < c->need_count; k++) {
        const rm_gltf_node *nd = &c->doc->nodes[c->need[k]];
        double local[16];
        if (nd->has_matrix || c->need_first[k] < 0) {
            rm_gltf_node_local(nd, local);
        } else {
            double tr[3], q[4], s[3];
            memcpy(tr, nd->t, sizeof tr);
            memcpy(q, nd->r, sizeof q);
            memcpy(s, nd->s, sizeof s);
            for (int ci = c->need_first[k]; ci >= 0; ci = c->chans[ci].next) {
                const anim_chan *ch = &c->chans[ci];
                double *dst = ch->path == RM_GLTF_PATH_TRANSLATION ? tr
                            : ch->path == RM_GLTF_PATH_ROTATION  ? q
                                                                 : s;
                rm_gltf_sample(ch->times, ch->key_count, ch->values, ch->n, ch->interp,
                               ch->path == RM_GLTF_PATH_ROTATION, t, dst);
            }
            rm_gltf_quat_normalize(q);
            rm_gltf_mat_from_trs(tr, q, s, local);
        }
        if (c->need_parent[k] >= 0)
            rm_gltf_mat_mul(w + (size_t)c->need_parent[k] * 16, local, w + k * 16);
        else
            memcpy(w + k * 16, local, sizeof local);
    }
}

rm_status rm_gltf_rig_animation(const rm_gltf_doc *doc, const rm_gltf_options *opt,
                                const rm_gltf_rig_bones *b, const double *rest, size_t index,
                                double size, rm_skeleton_animation *out, rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    anim_ctx c;
    memset(&c, 0, sizeof c);
    c.doc = doc;
    c.b = b;
    c.diag = diag;
    c.index = index;
    char nb[48], q[SK_QUOTE_SIZE];
    const char *name = rm_gltf_rig_animation_name(doc, index, nb, sizeof nb);
    sk_quote(name, q, sizeof q);
    snprintf(c.label, sizeof c.label, "/animations/%zu %s", index, q);
    out->name = strdup(name);
    if (!out->name)
        return RM_NOMEM;

    size_t nb_bones = b->count;
    double *w = NULL, *restinv = NULL, *d = NULL;
    rm_status st = list_needed(&c);
    if (st == RM_OK)
        st = read_channels(&c);
    if (st != RM_OK)
        goto done;

    /* The keys. */
    uint16_t ticks = find_key_ticks(&c, opt);
    double duration = 0;
    for (size_t i = 0; i < c.chan_count; i++)
        if (c.chans[i].times[c.chans[i].key_count - 1] > duration)
            duration = c.chans[i].times[c.chans[i].key_count - 1];
    double x = duration * RM_SKELETON_TICKS_PER_SECOND / ticks;
    double n = x > 1e-6 ? ceil(x - 1e-6) : 0;
    if (n + 1 > RM_GLTF_MAX_SAMPLES) {
        rm_gltf_error(doc, diag, c.label, "%.0f keys of %u tick%s (%g s), at most %u: give a "
                      "larger --key-ticks", n + 1, (unsigned)ticks, ticks == 1 ? "" : "s",
                      duration, RM_GLTF_MAX_SAMPLES);
        st = RM_INVALID;
        goto done;
    }
    size_t key_count = (size_t)n + 1;
    out->key_ticks = ticks;
    out->key_count = key_count;
    out->keys = calloc(key_count, sizeof *out->keys);
    out->angle_block = calloc(key_count * (nb_bones ? nb_bones : 1), sizeof *out->angle_block);
    w = malloc((c.need_count ? c.need_count : 1) * 16 * sizeof *w);
    restinv = malloc((nb_bones ? nb_bones : 1) * 16 * sizeof *restinv);
    d = malloc((nb_bones ? nb_bones : 1) * 16 * sizeof *d);
    if (!out->keys || !out->angle_block || !w || !restinv || !d) {
        st = RM_NOMEM;
        goto done;
    }
    for (size_t j = 0; j < nb_bones; j++) {
        if (!rm_gltf_mat_invert(rest + (size_t)b->node[j] * 16, restinv + j * 16)) {
            char path[64], bn[48];
            snprintf(path, sizeof path, "/nodes/%u", (unsigned)b->node[j]);
            sk_quote(rm_gltf_rig_node_name(doc, b->node[j], bn, sizeof bn), q, sizeof q);
            rm_gltf_error(doc, diag, path, "bone %s has a rest matrix that cannot be inverted (a "
                          "scale of 0?): a bone needs a pose it can turn from", q);
            st = RM_INVALID;
            goto done;
        }
    }

    bool moved[RM_SKELETON_MAX_BONES] = { false }, scaled[RM_SKELETON_MAX_BONES] = { false };
    double tol = 1e-4 * size;
    for (size_t k = 0; k < key_count; k++) {
        double t = (double)k * ticks / RM_SKELETON_TICKS_PER_SECOND;
        if (t > duration)
            t = duration;
        pose_at(&c, t, w);
        rm_skeleton_key *key = &out->keys[k];
        key->angles = out->angle_block + k * nb_bones;
        for (size_t j = 0; j < nb_bones; j++)
            rm_gltf_mat_mul(w + (size_t)c.need_of_node[b->node[j]] * 16, restinv + j * 16,
                            d + j * 16);
        if (nb_bones == 0)
            continue;
        double p0[3];
        rm_gltf_mat_point(d, b->pivot[0], p0);
        for (int i = 0; i < 3; i++)
            key->root[i] = p0[i] - b->pivot[0][i];
        double root_inv[16], minus_root[3] = { -key->root[0], -key->root[1], -key->root[2] };
        mat_translation(minus_root, root_inv);
        for (size_t j = 0; j < nb_bones; j++) {
            double par_inv[16], l[16];
            if (b->parent[j] < 0 || !rm_gltf_mat_invert(d + (size_t)b->parent[j] * 16, par_inv))
                memcpy(par_inv, root_inv, sizeof par_inv);
            rm_gltf_mat_mul(par_inv, d + j * 16, l);
            char bn[48], bq[SK_QUOTE_SIZE];
            if (!scaled[j] && !is_rotation(l, 1e-5)) {
                scaled[j] = true;
                sk_quote(rm_gltf_rig_node_name(doc, b->node[j], bn, sizeof bn), bq, sizeof bq);
                rm_gltf_warning(doc, diag, c.label, "bone %s changes size (scale animated): a "
                                "rigid skeleton turns bones only; its scale is left out", bq);
            }
            /* Its translation should be p - M p: a turn about the pivot. */
            const double *p = b->pivot[j];
            double off = 0;
            for (int i = 0; i < 3; i++) {
                double e = p[i] - (l[i] * p[0] + l[4 + i] * p[1] + l[8 + i] * p[2]);
                off += (l[12 + i] - e) * (l[12 + i] - e);
            }
            if (!moved[j] && sqrt(off) > tol) {
                moved[j] = true;
                sk_quote(rm_gltf_rig_node_name(doc, b->node[j], bn, sizeof bn), bq, sizeof bq);
                rm_gltf_warning(doc, diag, c.label, "bone %s moves (translation animated): a "
                                "rigid skeleton turns bones only; only the root bone's "
                                "translation is kept, as the root offset", bq);
            }
            double r[3][3];
            orthonormalise(l, r);
            rm_gltf_euler_xyz(r, k > 0 ? out->keys[k - 1].angles[j] : NULL, key->angles[j]);
        }
        bool finite = isfinite(key->root[0]) && isfinite(key->root[1]) && isfinite(key->root[2]);
        for (size_t j = 0; j < nb_bones; j++)
            for (int i = 0; i < 3; i++)
                finite = finite && isfinite(key->angles[j][i]);
        if (!finite) {
            rm_gltf_error(doc, diag, c.label, "the pose at %g s is not a number (a scale of 0, or "
                          "values too big): the skeleton cannot hold it", t);
            st = RM_INVALID;
            goto done;
        }
    }

done:
    free(w);
    free(restinv);
    free(d);
    ctx_free(&c);
    if (st != RM_OK) {
        free(out->name);
        free(out->keys);
        free(out->angle_block);
        memset(out, 0, sizeof *out);
    }
    return st;
}
