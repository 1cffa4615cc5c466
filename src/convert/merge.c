/* src/convert/merge.c - --merge-triangles: pairs of triangles become quads.

   The VDP1 draws quads: a triangle costs a whole polygon (A, B, C, C), and
   SGL's per-frame polygon count is what a Saturn model runs out of first.
   A fully triangulated model (most exports, every NIFF file) can lose up
   to half its polygons by joining two triangles into one quad wherever the
   VDP1 draws the quad exactly as it would draw the two triangles.

   Runs after faces.c (triangles already cut and rotated: the rotation is
   cyclic, so it changes nothing here) and before groups.c. Two triangles
   are joined when (docs/convert.md, "Merging triangles"):
     - same mesh material and same group (bones name groups, so the same
       bone too);
     - they share an edge whose two corners are the same two points as the
       weld will make them (rm_cv_weld with the same keys as weld.c; a merge
       keeps the set of groups of every position, so the weld after it gives
       the same points), in opposite directions (the same front side), and
       no other triangle has that edge either way;
     - their far corners are different points, the angle between their
       normals is under RM_CV_MERGE_DEGREES, and the quad is strictly convex
       (rm_cv_quad_check, and no straight corner);
     - per-corner data agrees at both shared corners: the same normal (vn)
       and the same vertex color (GOUR uses each corner's own color);
     - textured: every corner has a usable UV, the same UV at both shared
       corners, and one affine map from the plane to the UVs (the far
       corner's UV is where the first triangle's map puts it, within
       RM_CV_MERGE_UV_RATIO of the quad's UV box), or all four corners at
       one UV (a palette texture: one color, no direction).
   Pairing: the candidate pairs form a graph of degree at most 3. The
   triangle with the fewest unpaired candidates goes first (the lowest
   polygon index on a tie); it takes its candidate with the fewest unpaired
   candidates, then the longest shared edge (exactly compared), then the
   lowest index. Taking a triangle with one candidate first is never wrong,
   which is what makes this better than face order on strips and borders.
   The quad takes the place of the first of the two in polygon order: the
   first triangle's corners in its order, the other's far corner put in the
   shared edge; a textured quad (not --slice-textures) is then turned by its
   UVs like any quad (uv_corners.c). */
#include "geometry.h"
#include "stages.h"

#include <math.h>
#include <stdlib.h>

static const double PI = 3.14159265358979323846;

/* A directed edge of a triangle: points a -> b, edge k of triangle tri
   (corners k and k + 1). */
typedef struct half_edge {
    uint32_t a, b, tri;
    uint32_t k;
} half_edge;

/* A possible pair, seen from one triangle. */
typedef struct candidate {
    uint32_t other;     /* polygon index of the other triangle */
    uint8_t k, j;       /* the shared edge: k in this one, j in the other */
} candidate;

typedef struct merge_state {
    rm_cv_ctx *c;
    uint32_t *point;    /* 4 * poly_count: the point each corner will be */
    candidate *cand;    /* 3 per polygon */
    uint8_t *cand_count;
    uint32_t *mate;     /* polygon index of the partner, UINT32_MAX: none */
    uint8_t *deg;       /* candidates not yet paired */
    uint64_t *heap;     /* (deg << 32) | polygon */
    size_t heap_count;
    double min_cos;     /* cos(RM_CV_MERGE_DEGREES) */
} merge_state;

static bool is_triangle(const rm_cv_poly *p)
{
    return p->corner[3] == p->corner[2];
}

static int cmp_half_edge(const void *x, const void *y)
{
    const half_edge *a = x, *b = y;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    if (a->b != b->b)
        return a->b < b->b ? -1 : 1;
    if (a->tri != b->tri)
        return a->tri < b->tri ? -1 : 1;
    return 0;
}

/* The range [*lo, *hi) of half-edges a -> b in the sorted array. */
static void find_edge(const half_edge *e, size_t n, uint32_t a, uint32_t b, size_t *lo, size_t *hi)
{
    size_t l = 0, h = n;
    while (l < h) {
        size_t mid = l + (h - l) / 2;
        if (e[mid].a < a || (e[mid].a == a && e[mid].b < b))
            l = mid + 1;
        else
            h = mid;
    }
    *lo = l;
    while (l < n && e[l].a == a && e[l].b == b)
        l++;
    *hi = l;
}

static rm_vec3d corner_pos(const rm_cv_ctx *c, uint32_t corner)
{
    return rm_cv_raw(c->pos[c->mesh->corner_position[corner]]);
}

/* The mesh corners of the quad made of triangle t (corners t[0..2]) and the
   far corner d of its partner across t's edge k: d goes between t[k] and
   t[k + 1]. */
static void quad_corners(const uint32_t t[3], unsigned k, uint32_t d, uint32_t q[4])
{
    unsigned n = 0;
    for (unsigned i = 0; i < 3; i++) {
        q[n++] = t[i];
        if (i == k)
            q[n++] = d;
    }
}

/* No corner turns the wrong way, and none is straight. */
static bool strictly_convex(const rm_vec3d p[4])
{
    rm_cv_quad_shape s = rm_cv_quad_check(p);
    if (s.concave || s.nonplanar)
        return false;
    rm_vec3d n = rm_cv_newell(p, 4);
    for (unsigned i = 0; i < 4; i++) {
        rm_vec3d e1 = rm_cv_sub(p[i], p[(i + 3) % 4]);
        rm_vec3d e2 = rm_cv_sub(p[(i + 1) % 4], p[i]);
        double turn = rm_cv_dot(rm_cv_cross(e1, e2), n);
        if (!(turn > RM_CV_STRAIGHT_SINE * sqrt(rm_cv_dot(e1, e1) * rm_cv_dot(e2, e2)) *
                         rm_cv_len(n)))
            return false;
    }
    return true;
}

/* The same normal (vn) at two mesh corners: both without, the same index,
   or equal vectors. */
static bool same_normal(const rm_mesh *m, uint32_t x, uint32_t y)
{
    if (!m->corner_normal)
        return true;
    int32_t a = m->corner_normal[x], b = m->corner_normal[y];
    if (a == b)
        return true;
    if (a < 0 || b < 0)
        return false;
    rm_vec3d u = m->normals[a], v = m->normals[b];
    return u.x == v.x && u.y == v.y && u.z == v.z;
}

static bool same_color(const rm_mesh *m, uint32_t x, uint32_t y)
{
    if (!m->colors)
        return true;
    uint32_t a = m->corner_position[x], b = m->corner_position[y];
    if (a == b)
        return true;
    rm_vec3d u = m->colors[a], v = m->colors[b];
    return u.x == v.x && u.y == v.y && u.z == v.z;
}

/* Textured pairs: q holds the quad's corners with the shared ones at
   q[sa], q[sb], the far corner of the first triangle at q[sc] and the
   other's at q[sd]; ua, ub are the other triangle's corners at the shared
   points. */
static bool uvs_agree(const rm_cv_ctx *c, const uint32_t q[4], unsigned sa, unsigned sb,
                      unsigned sc, unsigned sd, uint32_t ua, uint32_t ub)
{
    const rm_mesh *m = c->mesh;
    double uv[4][2], other[4][2];
    const uint32_t shared_other[2] = { ua, ub };
    if (!rm_cv_corner_uvs(m, q, 4, uv) || !rm_cv_corner_uvs(m, shared_other, 2, other))
        return false;
    if (uv[sa][0] != other[0][0] || uv[sa][1] != other[0][1] || uv[sb][0] != other[1][0] ||
        uv[sb][1] != other[1][1])
        return false;

    double umin = INFINITY, umax = -INFINITY, vmin = INFINITY, vmax = -INFINITY;
    for (unsigned i = 0; i < 4; i++) {
        umin = fmin(umin, uv[i][0]);
        umax = fmax(umax, uv[i][0]);
        vmin = fmin(vmin, uv[i][1]);
        vmax = fmax(vmax, uv[i][1]);
    }
    double extent = fmax(umax - umin, vmax - vmin);
    if (extent == 0.0)
        return true;    /* all four at one UV (a palette model): no direction to keep */
    if (!(extent > 0.0))
        return false;

    /* The first triangle's UVs must span an area (else it has no map). */
    double e1u = uv[sb][0] - uv[sa][0], e1v = uv[sb][1] - uv[sa][1];
    double e2u = uv[sc][0] - uv[sa][0], e2v = uv[sc][1] - uv[sa][1];
    if (!(fabs(e1u * e2v - e1v * e2u) > RM_CV_MERGE_UV_RATIO * extent * extent))
        return false;

    /* D - A = s (B - A) + t (C - A) in the plane of the first triangle
       (least squares: D is within a degree of that plane), then the UV the
       first triangle's affine map gives D. */
    rm_vec3d pa = corner_pos(c, q[sa]);
    rm_vec3d e1 = rm_cv_sub(corner_pos(c, q[sb]), pa);
    rm_vec3d e2 = rm_cv_sub(corner_pos(c, q[sc]), pa);
    rm_vec3d w = rm_cv_sub(corner_pos(c, q[sd]), pa);
    double g11 = rm_cv_dot(e1, e1), g12 = rm_cv_dot(e1, e2), g22 = rm_cv_dot(e2, e2);
    double det = g11 * g22 - g12 * g12;
    if (!(det > 0.0))
        return false;
    double r1 = rm_cv_dot(e1, w), r2 = rm_cv_dot(e2, w);
    double s = (r1 * g22 - r2 * g12) / det, t = (r2 * g11 - r1 * g12) / det;
    double pu = uv[sa][0] + s * e1u + t * e2u, pv = uv[sa][1] + s * e1v + t * e2v;
    double du = pu - uv[sd][0], dv = pv - uv[sd][1];
    return sqrt(du * du + dv * dv) <= RM_CV_MERGE_UV_RATIO * extent;
}

/* Whether triangles t and u (polygon indexes) make a quad across t's edge k
   and u's edge j (the same points, the other way). */
static bool can_merge(const merge_state *s, uint32_t t, unsigned k, uint32_t u, unsigned j)
{
    const rm_cv_ctx *c = s->c;
    const rm_mesh *m = c->mesh;
    const rm_cv_poly *pt = &c->polys[t], *pu = &c->polys[u];
    uint32_t ft = pt->face, fu = pu->face;
    uint32_t mt = m->face_material ? m->face_material[ft] : RM_MESH_NONE;
    uint32_t mu = m->face_material ? m->face_material[fu] : RM_MESH_NONE;
    if (mt != mu || rm_cv_group_key(m, ft) != rm_cv_group_key(m, fu))
        return false;
    uint32_t far_t = s->point[4 * t + (k + 2) % 3], far_u = s->point[4 * u + (j + 2) % 3];
    if (far_t == far_u)
        return false;

    /* The same front side, within the angle. */
    rm_vec3d a[3], b[3];
    for (unsigned i = 0; i < 3; i++) {
        a[i] = corner_pos(c, pt->corner[i]);
        b[i] = corner_pos(c, pu->corner[i]);
    }
    rm_vec3d na = rm_cv_newell(a, 3), nb = rm_cv_newell(b, 3);
    double la = rm_cv_len(na), lb = rm_cv_len(nb);
    if (!(la > 0.0) || !(lb > 0.0) || !(rm_cv_dot(na, nb) >= s->min_cos * la * lb))
        return false;

    /* Shared corners: t's k and k + 1 are u's j + 1 and j. */
    uint32_t ta = pt->corner[k], tb = pt->corner[(k + 1) % 3];
    uint32_t ua = pu->corner[(j + 1) % 3], ub = pu->corner[j];
    if (!same_normal(m, ta, ua) || !same_normal(m, tb, ub) || !same_color(m, ta, ua) ||
        !same_color(m, tb, ub))
        return false;

    uint32_t q[4];
    quad_corners(pt->corner, k, pu->corner[(j + 2) % 3], q);
    rm_vec3d p[4];
    for (unsigned i = 0; i < 4; i++)
        p[i] = corner_pos(c, q[i]);
    if (!strictly_convex(p))
        return false;

    if (!c->opt.no_textures && rm_cv_material_textured(m, mt)) {
        /* Where the corners went in q: t[k] at k, d at k + 1, t[k + 1] at
           (k + 2) % 4, t[k + 2] at (k + 3) % 4. */
        unsigned sa = k, sd = k + 1, sb = (k + 2) % 4, sc = (k + 3) % 4;
        if (!uvs_agree(c, q, sa, sb, sc, sd, ua, ub))
            return false;
    }
    return true;
}

/* ---- a min-heap of (deg << 32 | polygon) ------------------------------- */

static void heap_push(merge_state *s, uint64_t key)
{
    size_t i = s->heap_count++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (s->heap[parent] <= key)
            break;
        s->heap[i] = s->heap[parent];
        i = parent;
    }
    s->heap[i] = key;
}

static uint64_t heap_pop(merge_state *s)
{
    uint64_t top = s->heap[0], last = s->heap[--s->heap_count];
    size_t i = 0, n = s->heap_count;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        uint64_t v = last;
        if (l < n && s->heap[l] < v) {
            m = l;
            v = s->heap[l];
        }
        if (r < n && s->heap[r] < v)
            m = r;
        if (m == i)
            break;
        s->heap[i] = s->heap[m];
        i = m;
    }
    if (n > 0)
        s->heap[i] = last;
    return top;
}

/* Length of the shared edge of candidate x of triangle t, exactly. */
static rm_cv_u128 edge_length(const merge_state *s, uint32_t t, const candidate *x)
{
    const rm_cv_poly *p = &s->c->polys[t];
    const rm_mesh *m = s->c->mesh;
    return rm_cv_dist2(s->c->pos[m->corner_position[p->corner[x->k]]],
                       s->c->pos[m->corner_position[p->corner[(x->k + 1) % 3]]]);
}

/* One less unpaired candidate for every unpaired neighbour of t. */
static void drop(merge_state *s, uint32_t t)
{
    for (unsigned i = 0; i < s->cand_count[t]; i++) {
        uint32_t o = s->cand[3 * t + i].other;
        if (s->mate[o] != UINT32_MAX || s->deg[o] == 0)
            continue;
        s->deg[o]--;
        if (s->deg[o] > 0)
            heap_push(s, ((uint64_t)s->deg[o] << 32) | o);
    }
}

static void match(merge_state *s, size_t n)
{
    for (size_t t = 0; t < n; t++)
        if (s->deg[t] > 0)
            heap_push(s, ((uint64_t)s->deg[t] << 32) | t);
    while (s->heap_count > 0) {
        uint64_t key = heap_pop(s);
        uint32_t t = (uint32_t)key;
        if (s->mate[t] != UINT32_MAX || s->deg[t] == 0 || s->deg[t] != (key >> 32))
            continue;   /* stale */
        const candidate *best = NULL;
        rm_cv_u128 best_len = { 0, 0 };
        for (unsigned i = 0; i < s->cand_count[t]; i++) {
            const candidate *x = &s->cand[3 * t + i];
            if (s->mate[x->other] != UINT32_MAX)
                continue;
            rm_cv_u128 len = edge_length(s, t, x);
            int better = 0;
            if (!best)
                better = 1;
            else if (s->deg[x->other] != s->deg[best->other])
                better = s->deg[x->other] < s->deg[best->other];
            else if (rm_cv_u128_cmp(len, best_len) != 0)
                better = rm_cv_u128_cmp(len, best_len) > 0;
            else
                better = x->other < best->other;
            if (better) {
                best = x;
                best_len = len;
            }
        }
        if (!best)
            continue;
        uint32_t u = best->other;
        s->mate[t] = u;
        s->mate[u] = t;
        drop(s, t);
        drop(s, u);
    }
}

/* The points the weld will give each corner (weld.c's keys). */
static rm_status weld_points(rm_cv_ctx *c, uint32_t *point)
{
    const rm_mesh *m = c->mesh;
    size_t n = 4 * c->poly_count, np = m->position_count;
    uint32_t *src = malloc(n * sizeof *src);
    uint32_t *key = malloc(n * sizeof *key);
    rm_vec3x *cpos = malloc(n * sizeof *cpos);
    uint32_t *cset = malloc(n * sizeof *cset);
    uint32_t *first = malloc(n * sizeof *first);
    uint32_t *set_of = malloc((np ? np : 1) * sizeof *set_of);
    uint32_t *single_of = malloc((np ? np : 1) * sizeof *single_of);
    rm_status st = RM_NOMEM;
    if (src && key && cpos && cset && first && set_of && single_of) {
        for (size_t p = 0; p < c->poly_count; p++)
            for (unsigned k = 0; k < 4; k++) {
                src[4 * p + k] = m->corner_position[c->polys[p].corner[k]];
                key[4 * p + k] = rm_cv_group_key(m, c->polys[p].face);
            }
        st = rm_cv_group_sets(np, n, src, key, set_of, single_of);
        if (st == RM_OK) {
            for (size_t i = 0; i < n; i++) {
                cpos[i] = c->pos[src[i]];
                cset[i] = set_of[src[i]];
            }
            size_t count = 0;
            st = rm_cv_weld(n, cpos, cset, src, !c->opt.no_weld, point, first, &count);
        }
    }
    free(src);
    free(key);
    free(cpos);
    free(cset);
    free(first);
    free(set_of);
    free(single_of);
    return st;
}

/* The candidates of every triangle: edges that exactly one triangle has
   each way. */
static rm_status find_candidates(merge_state *s)
{
    rm_cv_ctx *c = s->c;
    size_t n = 0;
    for (size_t p = 0; p < c->poly_count; p++)
        n += is_triangle(&c->polys[p]) ? 3 : 0;
    half_edge *e = malloc((n ? n : 1) * sizeof *e);
    if (!e)
        return RM_NOMEM;
    size_t h = 0;
    for (size_t p = 0; p < c->poly_count; p++) {
        if (!is_triangle(&c->polys[p]))
            continue;
        for (uint32_t k = 0; k < 3; k++) {
            e[h].a = s->point[4 * p + k];
            e[h].b = s->point[4 * p + (k + 1) % 3];
            e[h].tri = (uint32_t)p;
            e[h].k = k;
            h++;
        }
    }
    qsort(e, n, sizeof *e, cmp_half_edge);
    for (size_t i = 0; i < n; i++) {
        /* Each edge once: from its half a -> b with a < b... */
        if (e[i].a >= e[i].b)
            continue;
        if ((i > 0 && e[i - 1].a == e[i].a && e[i - 1].b == e[i].b) ||
            (i + 1 < n && e[i + 1].a == e[i].a && e[i + 1].b == e[i].b))
            continue;
        size_t lo, hi;
        find_edge(e, n, e[i].b, e[i].a, &lo, &hi);
        if (hi - lo != 1)   /* ...met by exactly one triangle the other way */
            continue;
        uint32_t t = e[i].tri, u = e[lo].tri;
        if (t == u || !can_merge(s, t, e[i].k, u, e[lo].k))
            continue;
        candidate *x = &s->cand[3 * t + s->cand_count[t]++];
        x->other = u;
        x->k = (uint8_t)e[i].k;
        x->j = (uint8_t)e[lo].k;
        x = &s->cand[3 * u + s->cand_count[u]++];
        x->other = t;
        x->k = (uint8_t)e[lo].k;
        x->j = (uint8_t)e[i].k;
    }
    free(e);
    for (size_t p = 0; p < c->poly_count; p++)
        s->deg[p] = s->cand_count[p];
    return RM_OK;
}

/* The quad of triangle t and its mate, turned by its UVs when textured. */
static rm_cv_poly merged_quad(const merge_state *s, uint32_t t)
{
    const rm_cv_ctx *c = s->c;
    const rm_cv_poly *pt = &c->polys[t];
    const candidate *x = NULL;
    for (unsigned i = 0; i < s->cand_count[t]; i++)
        if (s->cand[3 * t + i].other == s->mate[t])
            x = &s->cand[3 * t + i];
    if (!x)
        return *pt;     /* not reached: a mate is always one of the candidates */
    const rm_cv_poly *pu = &c->polys[x->other];
    uint32_t q[4];
    quad_corners(pt->corner, x->k, pu->corner[(x->j + 2) % 3], q);

    unsigned first = 0;
    double uv[4][2];
    if (rm_cv_face_uv_rule(c, pt->face) && rm_cv_corner_uvs(c->mesh, q, 4, uv)) {
        const rm_mesh_material *mat = &c->mesh->materials[c->mesh->face_material[pt->face]];
        rm_cv_uv_turn turn = rm_cv_uv_turn_of(uv, 4, mat->jo_flags);
        if (turn.usable)
            first = turn.first;
    }
    rm_cv_poly out;
    rm_vec3d p[4];
    for (unsigned i = 0; i < 4; i++) {
        out.corner[i] = q[(first + i) % 4];
        p[i] = corner_pos(c, out.corner[i]);
    }
    out.face = pt->face;
    out.normal = rm_cv_outward_normal(p, 4);
    return out;
}

rm_status rm_cv_merge_triangles(rm_cv_ctx *c)
{
    c->merged_pairs = 0;
    size_t n = c->poly_count;
    if (!c->opt.merge_triangles || n < 2)
        return RM_OK;
    merge_state s = { 0 };
    s.c = c;
    s.min_cos = cos(RM_CV_MERGE_DEGREES * PI / 180.0);
    s.point = malloc(4 * n * sizeof *s.point);
    s.cand = malloc(3 * n * sizeof *s.cand);
    s.cand_count = calloc(n, 1);
    s.mate = malloc(n * sizeof *s.mate);
    s.deg = calloc(n, 1);
    s.heap = malloc(4 * n * sizeof *s.heap);   /* n at first, then one push per lost candidate */
    rm_status st = RM_NOMEM;
    if (!s.point || !s.cand || !s.cand_count || !s.mate || !s.deg || !s.heap)
        goto done;
    for (size_t p = 0; p < n; p++)
        s.mate[p] = UINT32_MAX;
    st = weld_points(c, s.point);
    if (st == RM_OK)
        st = find_candidates(&s);
    if (st != RM_OK)
        goto done;
    match(&s, n);

    /* In place: the quad where the first of its pair was, the second
       dropped. */
    size_t out = 0;
    for (size_t p = 0; p < n; p++) {
        uint32_t mate = s.mate[p];
        if (mate == UINT32_MAX) {
            c->polys[out++] = c->polys[p];
        } else if (mate > p) {
            c->polys[out++] = merged_quad(&s, (uint32_t)p);
            c->merged_pairs++;
        }
    }
    c->poly_count = out;
    if (c->merged_pairs > 0) {
        char count[32];
        rm_cv_count_text(c->merged_pairs, count, sizeof count);
        rm_cv_diag(c, RM_NOTE, "merged %s triangle pair%s into quads", count,
                   c->merged_pairs == 1 ? "" : "s");
    }
done:
    free(s.point);
    free(s.cand);
    free(s.cand_count);
    free(s.mate);
    free(s.deg);
    free(s.heap);
    return st;
}
