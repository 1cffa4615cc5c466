/* src/convert/simplify_search.c - meshoptimizer's targets searched until
   the JOM is within the limits.

   meshoptimizer takes a target index count and a target error (relative to
   the mesh's extent, meshopt_simplifyScale) and stops at the first of the
   two. What the limits count is the JOM after the converter (triangle
   pairs joined into quads, points welded), so every try is counted by the
   converter's own steps (simplify_count.c) and the error is measured, not
   taken from meshoptimizer's estimate.

   Counts (--max-polygons, --max-points): the largest target index count
   whose mesh is within them is searched between 0 and the source (over:
   the driver checked). The first try is N triangles; then the count is
   interpolated between the best try within and the nearest over (or the
   last try scaled by limit / count while one side is unknown), every
   fourth try the middle; it stops when the bracket is 0.3% of the target
   wide (or after 24 tries). The simplest mesh (target 0) is tried only
   when no try is within, or when meshoptimizer stops far above a target:
   over the limits, it makes the limit unreachable.
   Error (--error E): meshoptimizer's target error starts at E / scale; when
   the measured error of the chosen mesh is over E the target error shrinks
   (by 0.8 E / measured, at least 10 times) and the search runs again, at
   most 8 rounds, then the source itself (error 0).
   Every group and material of the source keeps a polygon: a mesh that
   loses one is not chosen (an error names it when the counts leave no
   other; with --error alone the target count grows until none is lost).
   Same input, same tries, same result: everything here is deterministic. */
#include "simplify.h"

#include <float.h>
#include <math.h>
#include <meshoptimizer.h>
#include <stdlib.h>
#include <string.h>

typedef struct trial {
    size_t target;
    uint32_t *idx;
    size_t count;           /* indices */
    size_t polygons, points;
    uint32_t lost_group, lost_material;
} trial;

typedef struct state {
    rm_cv_search *q;
    uint8_t *had_group, *had_material;      /* the source's: group_count + 1, material_count + 1 */
    uint8_t *has_group, *has_material;
} state;

static void trial_free(trial *t)
{
    free(t->idx);
    memset(t, 0, sizeof *t);
}

/* slot of a group or material index: RM_MESH_NONE is the last */
static size_t slot(uint32_t v, size_t count)
{
    return v == RM_MESH_NONE || v >= count ? count : v;
}

static void presence(const state *z, const uint32_t *idx, size_t count, uint8_t *g, uint8_t *m)
{
    const rm_cv_smesh *s = z->q->s;
    size_t gc = z->q->mesh->group_count, mc = z->q->mesh->material_count;
    memset(g, 0, gc + 1);
    memset(m, 0, mc + 1);
    for (size_t i = 0; i < count; i += 3) {
        g[slot(s->group[idx[i]], gc)] = 1;
        m[slot(s->material[idx[i]], mc)] = 1;
    }
}

static rm_status evaluate(state *z, size_t target, float error, trial *t)
{
    rm_cv_search *q = z->q;
    const rm_cv_smesh *s = q->s;
    memset(t, 0, sizeof *t);
    t->target = target;
    t->lost_group = t->lost_material = RM_MESH_NONE;
    t->idx = malloc((s->index_count ? s->index_count : 1) * sizeof *t->idx);
    if (!t->idx)
        return RM_NOMEM;
    t->count = meshopt_simplify(t->idx, s->indices, s->index_count, s->fpos, s->vertex_count,
                                3 * sizeof(float), target, error, 0, NULL);
    q->trials++;
    rm_mesh view;
    rm_status st = rm_cv_smesh_view(s, q->mesh, q->opt.saturn_axes, t->idx, t->count / 3, &view);
    if (st == RM_OK)
        st = rm_cv_simplify_count(&view, &q->opt, &t->polygons, &t->points);
    rm_cv_smesh_view_free(&view);
    if (st != RM_OK) {
        trial_free(t);
        return st;
    }
    presence(z, t->idx, t->count, z->has_group, z->has_material);
    size_t gc = q->mesh->group_count, mc = q->mesh->material_count;
    for (size_t g = 0; g < gc && t->lost_group == RM_MESH_NONE; g++)
        if (z->had_group[g] && !z->has_group[g])
            t->lost_group = (uint32_t)g;
    for (size_t m = 0; m < mc && t->lost_material == RM_MESH_NONE; m++)
        if (z->had_material[m] && !z->has_material[m])
            t->lost_material = (uint32_t)m;
    return RM_OK;
}

static bool counts_ok(const rm_cv_search *q, const trial *t)
{
    return (!q->max_polygons || t->polygons <= q->max_polygons) &&
           (!q->max_points || t->points <= q->max_points);
}

static bool keeps(const trial *t)
{
    return t->lost_group == RM_MESH_NONE && t->lost_material == RM_MESH_NONE;
}

/* A multiple of 3 inside (lo, hi) (both multiples of 3), or SIZE_MAX when
   there is none. */
static size_t inside(size_t k, size_t lo, size_t hi)
{
    if (hi - lo < 6)
        return SIZE_MAX;
    k -= k % 3;
    if (k <= lo)
        k = lo + 3;
    if (k >= hi)
        k = hi - 3;
    return k;
}

/* The next target from the last try: its triangles scaled by the tightest
   limit / count. */
static size_t aim(const rm_cv_search *q, const trial *t)
{
    double f = INFINITY;
    if (q->max_polygons && t->polygons)
        f = fmin(f, (double)q->max_polygons / (double)t->polygons);
    if (q->max_points && t->points)
        f = fmin(f, (double)q->max_points / (double)t->points);
    if (!isfinite(f))
        return SIZE_MAX;
    double k = (double)t->count * f;
    return k >= (double)SIZE_MAX / 2 ? SIZE_MAX / 2 : (size_t)k;
}

static void unreachable(rm_cv_search *q, const trial *t)
{
    q->unreachable = true;
    q->best_polygons = t->polygons;
    q->best_points = t->points;
    q->lost_group = t->lost_group;
    q->lost_material = t->lost_material;
}

/* Between a try within (lo) and one over (hi): where the tightest limit's
   count, linear in the triangles between the two, meets the limit. */
static size_t between(const rm_cv_search *q, const trial *lo, const trial *hi)
{
    double k = INFINITY;
    const size_t lim[2] = { q->max_polygons, q->max_points };
    const size_t vlo[2] = { lo->polygons, lo->points }, vhi[2] = { hi->polygons, hi->points };
    for (int i = 0; i < 2; i++) {
        if (!lim[i] || vhi[i] <= vlo[i] || vhi[i] <= lim[i])
            continue;
        double f = ((double)lim[i] - (double)vlo[i]) / ((double)vhi[i] - (double)vlo[i]);
        k = fmin(k, (double)lo->count + f * ((double)hi->count - (double)lo->count));
    }
    return isfinite(k) && k > 0.0 ? (size_t)k : SIZE_MAX;
}

/* With the counts: the largest target within them. *best gets the chosen
   try, or stays empty with q->unreachable set. The bracket is (lo, hi):
   lo within (0 at first: the simplest mesh, tried only when needed), hi
   over (the source: the driver checked). */
static rm_status search_counts(state *z, float error, trial *best)
{
    rm_cv_search *q = z->q;
    trial lo, last, t;
    memset(&lo, 0, sizeof lo);
    memset(&last, 0, sizeof last);
    bool have_lo = false, have_last = false, tried_zero = false, latest_ok = false;
    size_t lo_k = 0, hi = q->s->index_count;
    /* the first guess: as many triangles as polygons are allowed (few
       pairs of a simplified mesh are flat enough to join) */
    size_t guess = q->max_polygons ? 3 * (size_t)q->max_polygons : hi / 2;
    rm_status st = RM_OK;
    for (unsigned i = 0; i < 24 && st == RM_OK; i++) {
        size_t width = hi - lo_k;
        if (width <= 3 || width <= lo_k / 300)
            break;
        size_t k = SIZE_MAX;
        if (i == 0)
            k = inside(guess, lo_k, hi);
        else if (have_lo && have_last && i % 4 != 3)
            k = inside(between(q, &lo, &last), lo_k, hi);
        else if (i % 4 != 3 && (have_lo || have_last))
            k = inside(aim(q, latest_ok ? &lo : &last), lo_k, hi);
        if (k == SIZE_MAX)
            k = inside(lo_k + width / 2, lo_k, hi);
        if (k == SIZE_MAX)
            break;
        st = evaluate(z, k, error, &t);
        if (st != RM_OK)
            break;
        if (counts_ok(q, &t)) {
            if (have_lo)
                trial_free(&lo);
            lo = t;
            have_lo = true;
            lo_k = k;
            latest_ok = true;
            continue;
        }
        hi = k;
        latest_ok = false;
        /* meshoptimizer stopped above the target (its locks, or the
           error): a lower target gives about the same; the simplest mesh
           says at once whether the limits can be met */
        bool stuck = t.count > k + k / 10 + 3;
        if (have_last)
            trial_free(&last);
        last = t;
        have_last = true;
        if (stuck && !have_lo && !tried_zero) {
            tried_zero = true;
            st = evaluate(z, 0, error, &t);
            if (st != RM_OK)
                break;
            if (!counts_ok(q, &t)) {
                unreachable(q, &t);
                trial_free(&t);
                break;
            }
            lo = t;
            have_lo = true;
        }
    }
    if (have_last)
        trial_free(&last);
    if (st == RM_OK && !q->unreachable && !have_lo) {
        st = evaluate(z, 0, error, &t);
        if (st == RM_OK && counts_ok(q, &t)) {
            lo = t;
            have_lo = true;
        } else if (st == RM_OK) {
            unreachable(q, &t);
            trial_free(&t);
        }
    }
    if (st != RM_OK || q->unreachable) {
        if (have_lo)
            trial_free(&lo);
        return st;
    }
    if (!keeps(&lo)) {
        unreachable(q, &lo);
        trial_free(&lo);
        return RM_OK;
    }
    *best = lo;
    return RM_OK;
}

/* --error alone: as far as the error goes (target 0), unless a group or a
   material is lost: then the smallest target that keeps them all. */
static rm_status search_error(state *z, float error, trial *best)
{
    rm_cv_search *q = z->q;
    trial t;
    rm_status st = evaluate(z, 0, error, &t);
    if (st != RM_OK || keeps(&t)) {
        *best = t;
        return st;
    }
    trial_free(&t);
    size_t lo = 0, hi = q->s->index_count;
    trial found;
    memset(&found, 0, sizeof found);
    bool have = false;
    while (hi - lo > 3 && hi - lo > hi / 300) {
        size_t k = inside(lo + (hi - lo) / 2, lo, hi);
        if (k == SIZE_MAX)
            break;
        st = evaluate(z, k, error, &t);
        if (st != RM_OK)
            break;
        if (keeps(&t)) {
            if (have)
                trial_free(&found);
            found = t;
            have = true;
            hi = k;
        } else {
            trial_free(&t);
            lo = k;
        }
    }
    if (st != RM_OK) {
        if (have)
            trial_free(&found);
        return st;
    }
    if (!have) {
        /* the source itself */
        st = evaluate(z, q->s->index_count, 0.0f, &found);
        if (st != RM_OK)
            return st;
    }
    *best = found;
    return RM_OK;
}

static rm_status measure(const rm_cv_search *q, const trial *t, double *err)
{
    const rm_cv_smesh *s = q->s;
    rm_cv_surface a = { s->pos, s->vertex_count, s->indices, s->index_count / 3 };
    rm_cv_surface b = { s->pos, s->vertex_count, t->idx, t->count / 3 };
    return rm_cv_surface_distance(&a, &b, RM_CV_ERROR_SAMPLES, err);
}

rm_status rm_cv_simplify_search(rm_cv_search *q)
{
    q->indices = NULL;
    q->index_count = 0;
    q->unreachable = false;
    q->lost_group = q->lost_material = RM_MESH_NONE;
    q->trials = 0;
    q->error = 0.0;
    state z = { q, NULL, NULL, NULL, NULL };
    size_t gc = q->mesh->group_count, mc = q->mesh->material_count;
    z.had_group = calloc(gc + 1, 1);
    z.has_group = calloc(gc + 1, 1);
    z.had_material = calloc(mc + 1, 1);
    z.has_material = calloc(mc + 1, 1);
    if (!z.had_group || !z.has_group || !z.had_material || !z.has_material) {
        free(z.had_group);
        free(z.has_group);
        free(z.had_material);
        free(z.has_material);
        return RM_NOMEM;
    }
    presence(&z, q->s->indices, q->s->index_count, z.had_group, z.had_material);

    const rm_cv_smesh *s = q->s;
    float scale = s->vertex_count ? meshopt_simplifyScale(s->fpos, s->vertex_count, 3 * sizeof(float))
                                  : 0.0f;
    bool counts = q->max_polygons || q->max_points;
    /* meshoptimizer's error is relative to the extent */
    double rel = q->max_error > 0.0 ? (scale > 0.0f ? q->max_error / scale : 0.0) : FLT_MAX;
    if (rel > FLT_MAX)
        rel = FLT_MAX;
    rm_status st = RM_OK;
    bool done = false;
    for (unsigned round = 0; round < 8 && !done && st == RM_OK; round++) {
        trial best;
        memset(&best, 0, sizeof best);
        st = counts ? search_counts(&z, (float)rel, &best) : search_error(&z, (float)rel, &best);
        if (st != RM_OK || q->unreachable)
            break;
        double err = 0.0;
        st = measure(q, &best, &err);
        if (st == RM_OK && (q->max_error <= 0.0 || err <= q->max_error)) {
            q->indices = best.idx;
            q->index_count = best.count;
            q->polygons = best.polygons;
            q->points = best.points;
            q->error = err;
            done = true;
        } else {
            trial_free(&best);
            rel *= fmax(0.1, 0.8 * q->max_error / err);
        }
    }
    if (st == RM_OK && !done && !q->unreachable) {
        if (counts) {
            /* every round was over the error: at the last target error the
               counts were met only above E */
            q->unreachable = true;
            trial t;
            st = evaluate(&z, 0, (float)rel, &t);
            q->best_polygons = t.polygons;
            q->best_points = t.points;
            trial_free(&t);
        } else {
            trial t;
            st = evaluate(&z, s->index_count, 0.0f, &t);
            if (st == RM_OK) {
                q->indices = t.idx;
                q->index_count = t.count;
                q->polygons = t.polygons;
                q->points = t.points;
                q->error = 0.0;
            }
        }
    }
    free(z.had_group);
    free(z.has_group);
    free(z.had_material);
    free(z.has_material);
    return st;
}
