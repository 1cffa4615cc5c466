/* src/convert/weld.c - the points (PNTS): weld and order.

   The engine transforms every point once per frame, so points at the same
   place are merged ("weld", the default), but only between positions used
   by the same set of groups: a point shared by two groups cannot move with
   both. With no_weld, each used OBJ position is one point.

   Order: the points used only by one group come first, group after group
   in GRUP order (each group's range is first_point/point_count); then the
   other points (shared by several groups, or used by faces without a
   group). Within each part, points come in order of first use by the
   polygons. A merged point keeps the color of its first position. */
#include "geometry.h"
#include "stages.h"

#include <stdlib.h>

static uint64_t key_hash(size_t i, const rm_vec3x *pos, const uint32_t *set, const uint32_t *src,
                         bool weld)
{
    if (!weld)
        return rm_cv_mix64(src[i]);
    uint64_t a = ((uint64_t)(uint32_t)pos[i].x << 32) | (uint32_t)pos[i].y;
    uint64_t b = ((uint64_t)(uint32_t)pos[i].z << 32) | (set ? set[i] : 0u);
    return rm_cv_mix64(a ^ rm_cv_mix64(b));
}

static bool key_equal(size_t i, size_t j, const rm_vec3x *pos, const uint32_t *set,
                      const uint32_t *src, bool weld)
{
    if (!weld)
        return src[i] == src[j];
    return rm_cv_vec3x_equal(pos[i], pos[j]) && (!set || set[i] == set[j]);
}

rm_status rm_cv_weld(size_t n, const rm_vec3x *pos, const uint32_t *set, const uint32_t *src,
                     bool weld, uint32_t *point_of, uint32_t *first, size_t *point_count)
{
    *point_count = 0;
    size_t size = 16;
    while (size < 2 * n)
        size *= 2;
    uint32_t *slot = calloc(size, sizeof *slot);    /* point + 1, 0: empty */
    if (!slot)
        return RM_NOMEM;
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        size_t h = (size_t)key_hash(i, pos, set, src, weld) & (size - 1);
        for (;;) {
            if (slot[h] == 0) {
                first[count] = (uint32_t)i;
                point_of[i] = (uint32_t)count;
                slot[h] = (uint32_t)++count;
                break;
            }
            uint32_t k = slot[h] - 1;
            if (key_equal(first[k], i, pos, set, src, weld)) {
                point_of[i] = k;
                break;
            }
            h = (h + 1) & (size - 1);
        }
    }
    free(slot);
    *point_count = count;
    return RM_OK;
}

/* The corners' mesh positions in order of first use: every corner of one
   position has the same key (its Q16.16 position and its set of groups are
   the position's), so the weld runs once per position, not per corner. */
typedef struct used_positions {
    uint32_t *of;       /* position -> index in `src`, UINT32_MAX: unused */
    uint32_t *src;      /* the used positions, in order of first use */
    size_t count;
} used_positions;

rm_status rm_cv_build_points(rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
    /* A conversion that fails at the polygon limit needs the number of
       points only when it may be over the limit too: never with fewer
       positions than that (this step has no other message). */
    if (c->doomed && m->position_count <= RM_JOM_MAX_INDEX)
        return RM_OK;
    size_t n = 4 * c->poly_count, np = m->position_count;
    size_t nn = n ? n : 1, npp = np ? np : 1;
    uint32_t *src = calloc(nn, sizeof *src);
    uint32_t *key = calloc(nn, sizeof *key);
    used_positions u = { malloc(npp * sizeof *u.of), malloc(npp * sizeof *u.src), 0 };
    rm_vec3x *upos = malloc(npp * sizeof *upos);
    uint32_t *uset = malloc(npp * sizeof *uset);
    uint32_t *point_of = malloc(npp * sizeof *point_of);
    uint32_t *first = malloc(npp * sizeof *first);
    uint32_t *set_of = malloc(npp * sizeof *set_of);
    uint32_t *single_of = malloc(npp * sizeof *single_of);
    size_t classes = c->group_count + 1;
    size_t *class_start = calloc(classes + 1, sizeof *class_start);
    uint32_t *cls = NULL, *final = NULL;
    rm_status st = RM_NOMEM;
    if (!src || !key || !u.of || !u.src || !upos || !uset || !point_of || !first || !set_of ||
        !single_of || !class_start)
        goto done;

    for (size_t i = 0; i < np; i++)
        u.of[i] = UINT32_MAX;
    for (size_t p = 0; p < c->poly_count; p++) {
        uint32_t k0 = rm_cv_group_key(m, c->polys[p].face);
        for (unsigned k = 0; k < 4; k++) {
            uint32_t s = m->corner_position[c->polys[p].corner[k]];
            src[4 * p + k] = s;
            key[4 * p + k] = k0;
            if (u.of[s] == UINT32_MAX) {
                u.of[s] = (uint32_t)u.count;
                u.src[u.count++] = s;
            }
        }
    }
    st = rm_cv_group_sets(np, n, src, key, set_of, single_of);
    if (st != RM_OK)
        goto done;
    for (size_t j = 0; j < u.count; j++) {
        upos[j] = c->pos[u.src[j]];
        uset[j] = set_of[u.src[j]];
    }
    /* Points are numbered in order of their first corner: the order of
       first use of the positions gives the same numbers. */
    size_t count = 0;
    st = rm_cv_weld(u.count, upos, uset, u.src, !c->opt.no_weld, point_of, first, &count);
    if (st != RM_OK)
        goto done;

    /* Class of each point: its group's GRUP index when one group only uses
       it, else the shared class after all groups. A stable counting sort by
       class keeps the order of first use inside each class. */
    st = RM_NOMEM;
    cls = malloc((count ? count : 1) * sizeof *cls);
    final = malloc((count ? count : 1) * sizeof *final);
    c->points = malloc((count ? count : 1) * sizeof *c->points);
    c->point_source = malloc((count ? count : 1) * sizeof *c->point_source);
    c->corner_point = malloc(nn * sizeof *c->corner_point);
    if (!cls || !final || !c->points || !c->point_source || !c->corner_point)
        goto done;
    for (size_t k = 0; k < count; k++) {
        uint32_t single = single_of[u.src[first[k]]];
        uint32_t cl = (uint32_t)c->group_count;
        if (single != UINT32_MAX && single != 0 && c->group_index[single - 1] != UINT32_MAX)
            cl = c->group_index[single - 1];
        cls[k] = cl;
        class_start[cl + 1]++;
    }
    for (size_t i = 0; i < classes; i++)
        class_start[i + 1] += class_start[i];
    for (size_t g = 0; g < c->group_count; g++) {
        c->groups[g].first_point = class_start[g];
        c->groups[g].point_count = class_start[g + 1] - class_start[g];
    }
    for (size_t k = 0; k < count; k++) {
        final[k] = (uint32_t)class_start[cls[k]]++;
        c->points[final[k]] = upos[first[k]];
        c->point_source[final[k]] = u.src[first[k]];
    }
    for (size_t i = 0; i < n; i++)
        c->corner_point[i] = final[point_of[u.of[src[i]]]];
    c->point_count = count;
    st = RM_OK;
done:
    free(src);
    free(key);
    free(u.of);
    free(u.src);
    free(upos);
    free(uset);
    free(point_of);
    free(first);
    free(set_of);
    free(single_of);
    free(class_start);
    free(cls);
    free(final);
    return st;
}
