/* src/convert/groups.c - groups (OBJ o / g): polygon order, GRUP ranges,
   and the set of groups that uses each position (for the weld and the
   point order, see weld.c).

   A GRUP record names one range of polygons, so the polygons of a group
   must be together. The polygon order is: faces without a group first (in
   an OBJ they can only come before the first o/g), then each group in the
   order of its first face, each keeping the face order. A group whose
   faces are split by another group's is gathered, with a warning where it
   continues. Groups without polygons are dropped. */
#include "stages.h"

#include <stdlib.h>
#include <string.h>

static const char *group_name(const rm_mesh *m, uint32_t g)
{
    return m->groups[g].name ? m->groups[g].name : "";
}

static void warn_split(const rm_cv_ctx *c, uint32_t key, size_t face, size_t first_face, bool seen)
{
    char where[64];
    rm_cv_face_where(c, first_face, where, sizeof where);
    if (key == 0 && !seen)
        rm_cv_face_diag(c, RM_WARNING, face,
                        "faces without a group come here after groups; they are moved before the "
                        "groups");
    else if (key == 0)
        rm_cv_face_diag(c, RM_WARNING, face,
                        "faces without a group continue here after groups (first faces at %s); "
                        "they are gathered before the groups",
                        where);
    else
        rm_cv_face_diag(c, RM_WARNING, face,
                        "group \"%s\" continues here after other groups (first faces at %s); its "
                        "polygons are gathered",
                        group_name(c->mesh, key - 1), where);
}

typedef struct name_ctx {
    const rm_cv_ctx *c;
    char (*names)[16];
} name_ctx;

static int cmp_names(uint32_t a, uint32_t b, const void *ctx)
{
    const name_ctx *nc = ctx;
    return memcmp(nc->names[a], nc->names[b], 16);
}

/* Two groups whose names are the same once cut: jo_3d_model_find_group()
   finds the first only. */
static rm_status warn_name_collisions(const rm_cv_ctx *c)
{
    size_t n = c->group_count;
    char (*names)[16] = malloc((n ? n : 1) * sizeof *names);
    uint32_t *order = malloc((n ? n : 1) * sizeof *order);
    if (!names || !order) {
        free(names);
        free(order);
        return RM_NOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        rm_cv_truncate_name(group_name(c->mesh, c->groups[i].mesh_group), names[i]);
        order[i] = (uint32_t)i;
    }
    name_ctx nc = { c, names };
    bool ok = rm_cv_sort_u32(order, n, cmp_names, &nc);
    for (size_t i = 1; ok && i < n; i++) {
        /* Equal names are together, in GRUP order: warn against the first. */
        size_t j = i;
        while (j > 0 && memcmp(names[order[j - 1]], names[order[i]], 16) == 0)
            j--;
        if (j == i)
            continue;
        const rm_mesh_group *first = &c->mesh->groups[c->groups[order[j]].mesh_group];
        const rm_mesh_group *other = &c->mesh->groups[c->groups[order[i]].mesh_group];
        rm_diag_at(c->diag, RM_WARNING, c->file, other->line, 0,
                   "groups \"%s\" and \"%s\" have the same name once cut to 15 characters "
                   "(\"%.15s\"); jo_3d_model_find_group() finds the first only",
                   first->name ? first->name : "", other->name ? other->name : "", names[order[i]]);
    }
    free(names);
    free(order);
    return ok ? RM_OK : RM_NOMEM;
}

rm_status rm_cv_gather_groups(rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
    /* No group at all: nothing to gather, no record, the order stays. */
    if (!m->face_group || m->group_count == 0) {
        c->group_count = 0;
        c->groups = calloc(1, sizeof *c->groups);
        c->group_index = malloc((m->group_count ? m->group_count : 1) * sizeof *c->group_index);
        if (!c->groups || !c->group_index)
            return RM_NOMEM;
        for (size_t g = 0; g < m->group_count; g++)
            c->group_index[g] = UINT32_MAX;
        return RM_OK;
    }
    size_t keys = m->group_count + 1;
    uint32_t *rank = malloc(keys * sizeof *rank);        /* key -> rank, 0: no group */
    size_t *first_face = malloc(keys * sizeof *first_face);
    size_t *count = calloc(keys, sizeof *count);
    rm_cv_poly *sorted = malloc((c->poly_count ? c->poly_count : 1) * sizeof *sorted);
    c->group_index = malloc((m->group_count ? m->group_count : 1) * sizeof *c->group_index);
    rm_status st = RM_NOMEM;
    if (!rank || !first_face || !count || !sorted || !c->group_index)
        goto done;
    for (size_t k = 0; k < keys; k++)
        rank[k] = UINT32_MAX;
    rank[0] = 0;

    /* Ranks in order of first polygon, and the warnings for groups that
       continue after another group. */
    uint32_t next_rank = 1, prev = UINT32_MAX;
    bool seen_none = false;
    for (size_t i = 0; i < c->poly_count; i++) {
        uint32_t face = c->polys[i].face, key = rm_cv_group_key(m, face);
        count[key]++;
        if (key == prev)
            continue;
        bool seen = key == 0 ? seen_none : rank[key] != UINT32_MAX;
        /* Faces without a group go first: a warning when they come after a
           group (an OBJ cannot do it, a bare "g" may), and when a group
           comes back after another. */
        if (seen || (key == 0 && next_rank > 1))
            warn_split(c, key, face, seen ? first_face[key] : face, seen);
        if (!seen) {
            if (key == 0)
                seen_none = true;
            else
                rank[key] = next_rank++;
            first_face[key] = face;
        }
        prev = key;
    }

    /* GRUP records, in rank order. */
    c->group_count = next_rank - 1;
    c->groups = calloc(c->group_count ? c->group_count : 1, sizeof *c->groups);
    if (!c->groups)
        goto done;
    for (size_t g = 0; g < m->group_count; g++)
        c->group_index[g] = rank[g + 1] == UINT32_MAX ? UINT32_MAX : rank[g + 1] - 1;
    size_t offset = count[0];
    for (size_t k = 1; k < keys; k++) {
        if (rank[k] == UINT32_MAX)
            continue;
        c->groups[rank[k] - 1].mesh_group = (uint32_t)(k - 1);
        c->groups[rank[k] - 1].polygon_count = count[k];
    }
    for (size_t r = 0; r < c->group_count; r++) {
        c->groups[r].first_polygon = offset;
        offset += c->groups[r].polygon_count;
    }

    /* Stable placement of the polygons by rank. */
    size_t none_at = 0;
    size_t *at = malloc((c->group_count ? c->group_count : 1) * sizeof *at);
    if (!at)
        goto done;
    for (size_t r = 0; r < c->group_count; r++)
        at[r] = c->groups[r].first_polygon;
    for (size_t i = 0; i < c->poly_count; i++) {
        uint32_t key = rm_cv_group_key(m, c->polys[i].face);
        size_t dst = key == 0 ? none_at++ : at[rank[key] - 1]++;
        sorted[dst] = c->polys[i];
    }
    free(at);
    if (c->poly_count)
        memcpy(c->polys, sorted, c->poly_count * sizeof *sorted);
    st = warn_name_collisions(c);
done:
    free(rank);
    free(first_face);
    free(count);
    free(sorted);
    return st;
}

/* ---- sets of groups per position --------------------------------------- */

typedef struct runs {
    const uint32_t *keys;       /* per position, its sorted unique keys */
    const size_t *start;        /* per position: first key in `keys` */
    const uint32_t *len;        /* per position: number of keys */
} runs;

/* Orders positions by their set of keys (length, then keys). */
static int cmp_runs(uint32_t a, uint32_t b, const void *ctx)
{
    const runs *r = ctx;
    if (r->len[a] != r->len[b])
        return r->len[a] < r->len[b] ? -1 : 1;
    for (uint32_t i = 0; i < r->len[a]; i++) {
        uint32_t ka = r->keys[r->start[a] + i], kb = r->keys[r->start[b] + i];
        if (ka != kb)
            return ka < kb ? -1 : 1;
    }
    return 0;
}

/* Linear in the corners: the keys are bucketed by position (counting sort),
   each position's few keys sorted and made unique in place. A set of one
   key takes that key as its id; only the positions shared by several
   groups (few, in practice) are sorted to number their sets, after the
   largest key. */
rm_status rm_cv_group_sets(size_t position_count, size_t n, const uint32_t *src,
                           const uint32_t *key, uint32_t *set_of, uint32_t *single_of)
{
    for (size_t i = 0; i < position_count; i++)
        set_of[i] = single_of[i] = UINT32_MAX;
    /* One key for every corner (a model without groups, or of one group):
       each used position's set is that key alone. */
    size_t same = 0;
    while (same < n && key[same] == key[0])
        same++;
    if (same == n) {
        for (size_t i = 0; i < n; i++)
            if (src[i] < position_count)
                set_of[src[i]] = single_of[src[i]] = key[i];
        return RM_OK;
    }
    size_t pc = position_count ? position_count : 1;
    uint32_t *keys = malloc((n ? n : 1) * sizeof *keys);
    size_t *start = calloc(pc + 1, sizeof *start);
    uint32_t *len = calloc(pc, sizeof *len);
    uint32_t *shared = malloc(pc * sizeof *shared);
    rm_status st = RM_NOMEM;
    if (!keys || !start || !len || !shared)
        goto done;
    for (size_t i = 0; i < n; i++)
        if (src[i] < position_count)
            len[src[i]]++;
    for (size_t p = 0; p < position_count; p++)
        start[p + 1] = start[p] + len[p];
    for (size_t p = 0; p < position_count; p++)
        len[p] = 0;
    for (size_t i = 0; i < n; i++)
        if (src[i] < position_count)
            keys[start[src[i]] + len[src[i]]++] = key[i];

    uint32_t max_key = 0;
    size_t shared_count = 0;
    for (size_t p = 0; p < position_count; p++) {
        uint32_t *k = keys + start[p];
        uint32_t m = len[p];
        /* Insertion sort, then drop repeats: a position has few corners. */
        for (uint32_t i = 1; i < m; i++) {
            uint32_t v = k[i], j = i;
            for (; j > 0 && k[j - 1] > v; j--)
                k[j] = k[j - 1];
            k[j] = v;
        }
        uint32_t u = 0;
        for (uint32_t i = 0; i < m; i++)
            if (u == 0 || k[i] != k[u - 1])
                k[u++] = k[i];
        len[p] = u;
        if (u == 1) {
            set_of[p] = single_of[p] = k[0];
            if (k[0] > max_key)
                max_key = k[0];
        } else if (u > 1) {
            shared[shared_count++] = (uint32_t)p;
        }
    }
    if (shared_count) {
        runs r = { keys, start, len };
        if (!rm_cv_sort_u32(shared, shared_count, cmp_runs, &r))
            goto done;
        uint32_t id = max_key + 1;
        for (size_t i = 0; i < shared_count; i++) {
            if (i > 0 && cmp_runs(shared[i - 1], shared[i], &r) != 0)
                id++;
            set_of[shared[i]] = id;
        }
    }
    st = RM_OK;
done:
    free(keys);
    free(start);
    free(len);
    free(shared);
    return st;
}
