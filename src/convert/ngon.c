/* src/convert/ngon.c - cutting a face of 5 corners or more into convex
   quads (and triangles) that keep every corner.

   1. Project the face on the plane of its Newell normal, so that it turns
      counterclockwise (exact for a face in a coordinate plane).
   2. Ear clipping: repeatedly cut a convex corner whose triangle holds no
      other corner. Works for concave faces, faces with repeated points (a
      hole joined by a bridge, as in the corpus' 66-gon) and collinear
      corners. Only the live corners that are not convex can stop an ear:
      they are kept in a list and in a grid (is_ear below), so a test
      reads the fewer of the two, and a nearly convex face is cut in
      about linear time (a grid of every corner cost about n^1.6).
      No corner is ever dropped: when no ear is left (a straight corner,
      or a bent face whose projection crosses itself, where a corner far
      off the plane can look straight), a corner is cut anyway. So the n - 2 triangles
      always share the face's corners and edges: every edge of the face is
      used once, every diagonal twice, and a closed mesh stays closed.
   3. A bent face (or one with a straight corner cut off) is improved by
      flipping diagonals in 3D (Lawson flips, max-min of how
      well each triangle faces the face's normal); only a triangle with no
      area in 3D (a truly straight corner or a hair) may be left out, and
      only when no neighbour can take it in (as the straight corner of a
      quad).
   4. Each cut triangle shares its closing diagonal with one later triangle:
      that is the dual tree of the triangulation (children before parents).
      A maximum matching of the tree, restricted to pairs that make a convex
      quad, is found greedily from the leaves; matched pairs become quads.
      A convex face cut this way is a fan: ceil((n-2)/2) pieces. */
#include "geometry.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { REFLEX = -1, FLAT = 0, CONVEX = 1, REMOVED = 2 };

/* True when the sequence repeats every d corners. */
static bool repeats_every(const rm_vec3x *p, size_t n, size_t d)
{
    for (size_t i = d; i < n; i++)
        if (!rm_cv_vec3x_equal(p[i], p[i - d]))
            return false;
    return true;
}

size_t rm_cv_period(const rm_vec3x *p, size_t n)
{
    if (n < 2)
        return n;
    if (n == 3)     /* the usual face: only 1 divides 3 */
        return repeats_every(p, n, 1) ? 1 : 3;
    /* The periods of the sequence that divide n are the multiples of the
       smallest one (two periods d, e with d + e <= n make gcd(d, e) a
       period: Fine and Wilf), so dividing d = n by each prime factor of n
       while the quotient is still a period ends at the smallest: at most
       log2(n) scans, no memory. A face that does not repeat (nearly all)
       fails on its first corners. */
    size_t d = n, rest = n;
    for (size_t q = 2; q <= rest; q++) {
        if (q > rest / q)
            q = rest;           /* what is left of n is a prime */
        if (rest % q)
            continue;
        while (rest % q == 0) {
            rest /= q;
            if (d % q == 0 && repeats_every(p, n, d / q))
                d /= q;
        }
    }
    return d;
}

void rm_cv_project(const rm_vec3d *p, size_t n, double (*xy)[2])
{
    /* An orthonormal basis (u, v) of the plane of the Newell normal, with
       u x v = n: the face turns counterclockwise in (u, v). u starts from
       the axis least aligned with n, so a face in a coordinate plane keeps
       exact integer coordinates (u and v are then unit axes). Projecting
       along the normal, not along an axis, distorts a bent face least. */
    rm_vec3d nu = rm_cv_face_normal(p, n);
    double nv[3] = { nu.x, nu.y, nu.z };
    unsigned k = 0;
    for (unsigned i = 1; i < 3; i++)
        if (fabs(nv[i]) < fabs(nv[k]))
            k = i;
    double u[3] = { 0.0, 0.0, 0.0 }, v[3];
    u[k] = 1.0;
    for (unsigned i = 0; i < 3; i++)
        u[i] -= nv[k] * nv[i];
    double ul = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    for (unsigned i = 0; i < 3; i++)
        u[i] /= ul;
    v[0] = nv[1] * u[2] - nv[2] * u[1];
    v[1] = nv[2] * u[0] - nv[0] * u[2];
    v[2] = nv[0] * u[1] - nv[1] * u[0];
    for (size_t i = 0; i < n; i++) {
        double c[3] = { p[i].x - p[0].x, p[i].y - p[0].y, p[i].z - p[0].z };
        xy[i][0] = c[0] * u[0] + c[1] * u[1] + c[2] * u[2];
        xy[i][1] = c[0] * v[0] + c[1] * v[1] + c[2] * v[2];
    }
}

double rm_cv_area2d(const double (*xy)[2], const uint32_t *idx, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++) {
        const double *a = xy[idx[i]], *b = xy[idx[(i + 1) % n]];
        s += a[0] * b[1] - a[1] * b[0];
    }
    return s / 2.0;
}

static double orient(const double *a, const double *b, const double *c)
{
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/* Convex, reflex or straight corner b between a and c; "straight" has a
   sine below RM_CV_STRAIGHT_SINE (relative: the scale does not matter). */
static int turn(const double (*xy)[2], uint32_t a, uint32_t b, uint32_t c)
{
    double o = orient(xy[a], xy[b], xy[c]);
    double l1 = hypot(xy[b][0] - xy[a][0], xy[b][1] - xy[a][1]);
    double l2 = hypot(xy[c][0] - xy[b][0], xy[c][1] - xy[b][1]);
    double tol = RM_CV_STRAIGHT_SINE * l1 * l2;
    return o > tol ? CONVEX : (o < -tol ? REFLEX : FLAT);
}

static bool same_xy(const double (*xy)[2], uint32_t a, uint32_t b)
{
    return xy[a][0] == xy[b][0] && xy[a][1] == xy[b][1];
}

/* A uniform grid over the corners (about one corner per cell) that holds
   the corners an ear test looks for: the live ones that are not convex. A
   corner is put in its cell's list when it becomes non-convex and taken
   out when it becomes convex or is cut, so an ear test visits the cells
   its triangle's box covers and only the corners that matter there (the
   cut and convex ones, most of a face after a while, are not read again).
   A very concave face (a spiral, a comb) does not cost n corners per test. */
typedef struct grid {
    double x0, y0, inv;     /* cell of x: floor((x - x0) * inv) */
    uint32_t side;          /* cells per row and per column */
    uint32_t *head;         /* side * side: first corner of the cell, UINT32_MAX: none */
    uint32_t *cell;         /* per corner: its cell */
    uint32_t *cnext, *cprev;/* per corner: the cell's list, UINT32_MAX ends it */
} grid;

static uint32_t cell_of(const grid *g, double v, double origin)
{
    double c = floor((v - origin) * g->inv);
    if (!(c > 0.0))
        return 0;
    return c >= (double)g->side ? g->side - 1 : (uint32_t)c;
}

static void grid_free(grid *g)
{
    free(g->head);
    free(g->cell);
    free(g->cnext);
    free(g->cprev);
}

static bool grid_build(grid *g, const double (*xy)[2], size_t n)
{
    double x1 = xy[0][0], y1 = xy[0][1];
    g->x0 = x1;
    g->y0 = y1;
    for (size_t i = 1; i < n; i++) {
        g->x0 = fmin(g->x0, xy[i][0]);
        g->y0 = fmin(g->y0, xy[i][1]);
        x1 = fmax(x1, xy[i][0]);
        y1 = fmax(y1, xy[i][1]);
    }
    double size = fmax(x1 - g->x0, y1 - g->y0);
    double side = ceil(sqrt((double)n));
    g->side = side > 1024.0 ? 1024u : (uint32_t)side;
    g->inv = size > 0.0 ? (double)g->side / size : 0.0;
    size_t cells = (size_t)g->side * g->side;
    g->head = malloc(cells * sizeof *g->head);
    g->cell = malloc(n * sizeof *g->cell);
    g->cnext = malloc(n * sizeof *g->cnext);
    g->cprev = malloc(n * sizeof *g->cprev);
    if (!g->head || !g->cell || !g->cnext || !g->cprev)
        return false;
    for (size_t c = 0; c < cells; c++)
        g->head[c] = UINT32_MAX;
    for (size_t i = 0; i < n; i++)
        g->cell[i] = cell_of(g, xy[i][1], g->y0) * g->side + cell_of(g, xy[i][0], g->x0);
    return true;
}

static void grid_insert(grid *g, uint32_t i)
{
    uint32_t c = g->cell[i];
    g->cprev[i] = UINT32_MAX;
    g->cnext[i] = g->head[c];
    if (g->head[c] != UINT32_MAX)
        g->cprev[g->head[c]] = i;
    g->head[c] = i;
}

static void grid_remove(grid *g, uint32_t i)
{
    if (g->cprev[i] != UINT32_MAX)
        g->cnext[g->cprev[i]] = g->cnext[i];
    else
        g->head[g->cell[i]] = g->cnext[i];
    if (g->cnext[i] != UINT32_MAX)
        g->cprev[g->cnext[i]] = g->cprev[i];
}

typedef struct ring {
    const double (*xy)[2];
    grid g;
    uint32_t *prev, *next;
    int32_t *owner;         /* triangle that owns the edge i -> next[i], -1: a face edge */
    signed char *kind;
    size_t count;           /* corners left */
    size_t nonconvex;       /* corners left that are not CONVEX */
    /* The same corners in a list (any order; list_at[i] is i's place): an
       ear test of a large triangle over few such corners reads the list,
       not the grid cells its box covers (a nearly convex face would
       otherwise cost a box of half the face per ear: about n^1.6). Both
       give the same answer: the test looks for any such corner inside. */
    uint32_t *list, *list_at;
    uint32_t (*tri)[3];
    int32_t *parent;
    size_t tri_count;
} ring;

static void list_add(ring *r, uint32_t i)
{
    r->list_at[i] = (uint32_t)r->nonconvex;
    r->list[r->nonconvex++] = i;
    grid_insert(&r->g, i);
}

static void list_remove(ring *r, uint32_t i)
{
    uint32_t last = r->list[--r->nonconvex];
    r->list[r->list_at[i]] = last;
    r->list_at[last] = r->list_at[i];
    grid_remove(&r->g, i);
}

/* Sets the kind of a live corner, keeping the list of the non-convex
   ones (and their count) up to date. */
static void set_kind(ring *r, uint32_t i, signed char kind)
{
    bool was = r->kind[i] != CONVEX, is = kind != CONVEX;
    if (was && !is)
        list_remove(r, i);
    else if (!was && is)
        list_add(r, i);
    r->kind[i] = kind;
}

static void classify(ring *r, uint32_t i)
{
    set_kind(r, i, (signed char)turn(r->xy, r->prev[i], i, r->next[i]));
}

/* Is corner x (not convex, not removed) one that keeps the triangle
   (p, v, q), whose box is lx..hx, ly..hy, from being an ear? */
static bool blocks(const double (*xy)[2], uint32_t p, uint32_t v, uint32_t q, uint32_t x, double lx,
                   double hx, double ly, double hy)
{
    if (x == p || x == v || x == q)
        return false;
    if (xy[x][0] < lx || xy[x][0] > hx || xy[x][1] < ly || xy[x][1] > hy)
        return false;
    if (same_xy(xy, x, p) || same_xy(xy, x, v) || same_xy(xy, x, q))
        return false;
    return orient(xy[p], xy[v], xy[x]) >= 0.0 && orient(xy[v], xy[q], xy[x]) >= 0.0 &&
           orient(xy[q], xy[p], xy[x]) >= 0.0;
}

/* The triangle (prev v, v, next v) is an ear when no other corner is inside
   it or on its border. Only corners that are not convex can be (a convex
   corner inside would make a reflex one inside too); corners at the same
   place as the triangle's own (a bridge to a hole) do not count. */
static bool is_ear(const ring *r, uint32_t v)
{
    uint32_t p = r->prev[v], q = r->next[v];
    size_t others = r->nonconvex - (r->kind[p] != CONVEX) - (r->kind[q] != CONVEX);
    if (others == 0)
        return true;
    const double (*xy)[2] = r->xy;
    const grid *g = &r->g;
    double lx = fmin(xy[p][0], fmin(xy[v][0], xy[q][0])), hx = fmax(xy[p][0], fmax(xy[v][0], xy[q][0]));
    double ly = fmin(xy[p][1], fmin(xy[v][1], xy[q][1])), hy = fmax(xy[p][1], fmax(xy[v][1], xy[q][1]));
    uint32_t cx0 = cell_of(g, lx, g->x0), cx1 = cell_of(g, hx, g->x0);
    uint32_t cy0 = cell_of(g, ly, g->y0), cy1 = cell_of(g, hy, g->y0);
    /* Fewer non-convex corners left than cells to visit: read them all. */
    if (r->nonconvex <= (size_t)(cx1 - cx0 + 1) * (cy1 - cy0 + 1)) {
        for (size_t k = 0; k < r->nonconvex; k++)
            if (blocks(xy, p, v, q, r->list[k], lx, hx, ly, hy))
                return false;
        return true;
    }
    for (uint32_t cy = cy0; cy <= cy1; cy++)
        for (uint32_t cx = cx0; cx <= cx1; cx++)
            for (uint32_t x = g->head[(size_t)cy * g->side + cx]; x != UINT32_MAX; x = g->cnext[x])
                if (blocks(xy, p, v, q, x, lx, hx, ly, hy))
                    return false;
    return true;
}

static void adopt(ring *r, int32_t child, size_t t)
{
    if (child >= 0)
        r->parent[child] = (int32_t)t;
}

/* Removes corner v and emits the triangle (prev, v, next), which takes
   the two triangles owning its edges as children and owns the new
   diagonal. */
static void remove_corner(ring *r, uint32_t v)
{
    uint32_t p = r->prev[v], q = r->next[v];
    size_t t = r->tri_count++;
    r->tri[t][0] = p;
    r->tri[t][1] = v;
    r->tri[t][2] = q;
    r->parent[t] = -1;
    adopt(r, r->owner[p], t);
    adopt(r, r->owner[v], t);
    r->owner[p] = (int32_t)t;
    set_kind(r, v, CONVEX);     /* out of the list */
    r->kind[v] = REMOVED;
    r->next[p] = q;
    r->prev[q] = p;
    r->count--;
    classify(r, p);
    classify(r, q);
}

rm_status rm_cv_ear_clip(const double (*xy)[2], size_t n, uint32_t (*tri)[3],
                         int32_t *parent, size_t *tri_count, bool *forced)
{
    *tri_count = 0;
    *forced = false;
    if (n < 3)
        return RM_OK;
    ring r = { 0 };
    r.xy = xy;
    r.prev = malloc(n * sizeof *r.prev);
    r.next = malloc(n * sizeof *r.next);
    r.owner = malloc(n * sizeof *r.owner);
    r.kind = malloc(n);
    r.list = malloc(n * sizeof *r.list);
    r.list_at = malloc(n * sizeof *r.list_at);
    if (!r.prev || !r.next || !r.owner || !r.kind || !r.list || !r.list_at ||
        !grid_build(&r.g, xy, n)) {
        free(r.prev);
        free(r.next);
        free(r.owner);
        free(r.kind);
        free(r.list);
        free(r.list_at);
        grid_free(&r.g);
        return RM_NOMEM;
    }
    r.tri = tri;
    r.parent = parent;
    r.count = n;
    for (size_t i = 0; i < n; i++) {
        r.prev[i] = (uint32_t)((i + n - 1) % n);
        r.next[i] = (uint32_t)((i + 1) % n);
        r.owner[i] = -1;
        r.kind[i] = CONVEX;
    }
    for (uint32_t i = 0; i < n; i++)
        classify(&r, i);

    /* Start at corner 1: a convex face becomes the fan around corner 0. */
    uint32_t cursor = 1;
    while (r.count > 3) {
        uint32_t v = cursor;
        bool done = false;
        for (size_t k = 0; k < r.count && !done; k++, v = r.next[v])
            if (r.kind[v] == CONVEX && is_ear(&r, v)) {
                cursor = r.next[v];
                remove_corner(&r, v);
                done = true;
            }
        /* No ear: a corner that looks straight (a straight corner, a spike
           going back on itself, or a corner of a bent face seen edge-on)
           is cut off as a triangle of no projected area. It is never just
           dropped: in 3D it may stand far off the plane (step 3 decides). */
        v = cursor;
        for (size_t k = 0; k < r.count && !done; k++, v = r.next[v])
            if (r.kind[v] == FLAT) {
                cursor = r.next[v];
                remove_corner(&r, v);
                done = true;
            }
        if (done)
            continue;
        /* Still nothing: the projected face crosses itself. Cut its most
           convex corner (any corner when none is convex) so that the loop
           ends; the caller warns. */
        uint32_t best = UINT32_MAX;
        double best_o = 0.0;
        v = cursor;
        for (size_t k = 0; k < r.count; k++, v = r.next[v]) {
            if (r.kind[v] != CONVEX)
                continue;
            double o = orient(xy[r.prev[v]], xy[v], xy[r.next[v]]);
            if (best == UINT32_MAX || o > best_o) {
                best = v;
                best_o = o;
            }
        }
        *forced = true;
        if (best == UINT32_MAX)
            best = cursor;
        cursor = r.next[best];
        remove_corner(&r, best);
    }
    /* The last three corners are always a triangle (of no area, or turned
       the wrong way, when the face crosses itself). */
    uint32_t v = cursor, p = r.prev[v], q = r.next[v];
    size_t t = r.tri_count++;
    tri[t][0] = p;
    tri[t][1] = v;
    tri[t][2] = q;
    parent[t] = -1;
    adopt(&r, r.owner[p], t);
    adopt(&r, r.owner[v], t);
    adopt(&r, r.owner[q], t);
    if (r.kind[v] == REFLEX)
        *forced = true;
    *tri_count = r.tri_count;
    grid_free(&r.g);
    free(r.prev);
    free(r.next);
    free(r.owner);
    free(r.kind);
    free(r.list);
    free(r.list_at);
    return RM_OK;
}

/* Rotates a piece so that its lowest index comes first (deterministic, and
   the orientation is kept). */
static void start_at_lowest(rm_cv_piece *pc)
{
    uint32_t k = 0;
    for (uint32_t i = 1; i < pc->count; i++)
        if (pc->v[i] < pc->v[k])
            k = i;
    uint32_t tmp[4];
    for (uint32_t i = 0; i < pc->count; i++)
        tmp[i] = pc->v[(i + k) % pc->count];
    for (uint32_t i = 0; i < pc->count; i++)
        pc->v[i] = tmp[i];
}

/* The quad made of child t = (p, v, q), whose closing diagonal is q -> p,
   and its parent u, which holds p -> q and a third corner w: (p, v, q, w).
   False when that quad is not convex at p or q (v and w are corners of
   triangles with positive area, hence convex). */
static bool make_quad(const double (*xy)[2], const uint32_t *t, const uint32_t *u, uint32_t quad[4])
{
    uint32_t p = t[0], v = t[1], q = t[2], w = UINT32_MAX;
    for (unsigned i = 0; i < 3; i++)
        if (u[i] != p && u[i] != q)
            w = u[i];
    if (w == UINT32_MAX)
        return false;
    if (turn(xy, w, p, v) == REFLEX || turn(xy, v, q, w) == REFLEX)
        return false;
    quad[0] = p;
    quad[1] = v;
    quad[2] = q;
    quad[3] = w;
    return true;
}

/* With 3D corners: may child t = (p, v, q) and its parent u = (p, q, w)
   be the quad (p, v, q, w)? */
static bool pair_ok_3d(const rm_vec3d *p3, rm_vec3d nrm, const uint32_t quad[4])
{
    uint32_t p = quad[0], v = quad[1], q = quad[2], w = quad[3];
    double fc = rm_cv_facing(p3, p, v, q, nrm), fu = rm_cv_facing(p3, p, q, w, nrm);
    if (fc == -2.0 || fu == -2.0) {
        /* A triangle of no area joins its neighbour as the quad's straight
           corner, when its tip is between the other two (not a hair). */
        if (fc == -2.0 && fu == -2.0)
            return false;
        uint32_t a = fc == -2.0 ? p : q, tip = fc == -2.0 ? v : w, b = fc == -2.0 ? q : p;
        double other = fc == -2.0 ? fu : fc;
        return other > 0.0 && rm_cv_dot(rm_cv_sub(p3[tip], p3[a]), rm_cv_sub(p3[b], p3[tip])) > 0.0;
    }
    if (fc < RM_CV_PAIR_FACING || fu < RM_CV_PAIR_FACING)
        return false;
    rm_vec3d q4[4] = { p3[p], p3[v], p3[q], p3[w] };
    return !rm_cv_quad_check(q4).concave;
}

static size_t pair(const double (*xy)[2], const rm_vec3d *p3, rm_vec3d nrm, const uint32_t (*tri)[3],
                   const int32_t *parent, size_t tri_count, rm_cv_piece *out)
{
    int32_t *mate = malloc((tri_count ? tri_count : 1) * sizeof *mate);
    bool *none = calloc(tri_count ? tri_count : 1, sizeof *none);   /* no area in 3D */
    if (!mate || !none) {
        free(mate);
        free(none);
        return SIZE_MAX;
    }
    for (size_t t = 0; p3 && t < tri_count; t++)
        none[t] = rm_cv_no_area(p3[tri[t][0]], p3[tri[t][1]], p3[tri[t][2]]);
    for (size_t t = 0; t < tri_count; t++)
        mate[t] = -1;
    /* Triangles of no area first: each takes its parent or a child when it
       can (a quad with a straight corner), so that its corner stays. */
    for (size_t t = 0; p3 && t < tri_count; t++) {
        if (!none[t] || mate[t] >= 0)
            continue;
        uint32_t quad[4];
        int32_t u = parent[t];
        if (u >= 0 && mate[u] < 0 && make_quad(xy, tri[t], tri[u], quad) && pair_ok_3d(p3, nrm, quad)) {
            mate[t] = u;
            mate[u] = (int32_t)t;
            continue;
        }
        for (size_t c = 0; c < t; c++)
            if (parent[c] == (int32_t)t && mate[c] < 0 && make_quad(xy, tri[c], tri[t], quad) &&
                pair_ok_3d(p3, nrm, quad)) {
                mate[c] = (int32_t)t;
                mate[t] = (int32_t)c;
                break;
            }
    }
    /* The cut order is a post-order of the dual tree: when t comes, its
       children were offered first. Matching a free node with its free
       parent, leaves first, is a maximum matching of a forest. */
    for (size_t t = 0; t < tri_count; t++) {
        int32_t u = parent[t];
        if (mate[t] >= 0 || u < 0 || mate[u] >= 0)
            continue;
        uint32_t quad[4];
        if (make_quad(xy, tri[t], tri[u], quad) && (!p3 || pair_ok_3d(p3, nrm, quad))) {
            mate[t] = u;
            mate[u] = (int32_t)t;
        }
    }
    size_t count = 0;
    for (size_t t = 0; t < tri_count; t++) {
        rm_cv_piece pc;
        memset(&pc, 0, sizeof pc);
        if (mate[t] < 0) {
            if (none[t])
                continue;   /* no area, no neighbour to take it: left out */
            pc.count = 3;
            pc.v[0] = tri[t][0];
            pc.v[1] = tri[t][1];
            pc.v[2] = tri[t][2];
            pc.v[3] = tri[t][2];
        } else if ((size_t)mate[t] > t) {
            pc.count = 4;
            /* The child of the pair comes first: t's parent is its mate, or
               t is the parent of its mate. */
            if (parent[t] == mate[t])
                (void)make_quad(xy, tri[t], tri[mate[t]], pc.v);
            else
                (void)make_quad(xy, tri[mate[t]], tri[t], pc.v);
        } else {
            continue;       /* the parent half of a quad already written */
        }
        start_at_lowest(&pc);
        if (pc.count == 3)
            pc.v[3] = pc.v[2];
        out[count++] = pc;
    }
    free(mate);
    free(none);
    return count;
}

size_t rm_cv_pair_triangles(const double (*xy)[2], const uint32_t (*tri)[3],
                            const int32_t *parent, size_t tri_count, rm_cv_piece *out)
{
    rm_vec3d z = { 0.0, 0.0, 1.0 };
    return pair(xy, NULL, z, tri, parent, tri_count, out);
}

size_t rm_cv_pair_triangles_3d(const double (*xy)[2], const rm_vec3d *p, rm_vec3d nrm,
                               const uint32_t (*tri)[3], const int32_t *parent, size_t tri_count,
                               rm_cv_piece *out)
{
    return pair(xy, p, nrm, tri, parent, tri_count, out);
}

rm_status rm_cv_cut_polygon(const rm_vec3d *p, size_t n, rm_cv_piece *out,
                            size_t *count, bool *overlap)
{
    *count = 0;
    *overlap = false;
    if (n < 3)
        return RM_OK;
    double (*xy)[2] = malloc(n * sizeof *xy);
    uint32_t (*tri)[3] = malloc((n - 2) * sizeof *tri);
    int32_t *parent = malloc((n - 2) * sizeof *parent);
    rm_status st = RM_NOMEM;
    if (!xy || !tri || !parent)
        goto done;
    rm_cv_project(p, n, xy);
    size_t tri_count = 0;
    bool forced = false, flipped = false;
    st = rm_cv_ear_clip((const double (*)[2])xy, n, tri, parent, &tri_count, &forced);
    if (st == RM_OK)
        st = rm_cv_flip_diagonals(p, n, tri, parent, tri_count, &flipped);
    if (st != RM_OK)
        goto done;
    rm_vec3d nrm = rm_cv_face_normal(p, n);
    size_t pieces = rm_cv_pair_triangles_3d((const double (*)[2])xy, p, nrm,
                                            (const uint32_t (*)[3])tri, parent, tri_count, out);
    if (pieces == SIZE_MAX) {
        st = RM_NOMEM;
        goto done;
    }
    *count = pieces;
    /* The pieces always cover the face (they share its edges); they
       overlap when one of them does not face the face's normal: seen along
       it, the face crosses itself. */
    bool away = false;
    for (size_t i = 0; i < pieces && !away; i++) {
        const rm_cv_piece *pc = &out[i];
        rm_vec3d q[4];
        for (uint32_t k = 0; k < pc->count; k++)
            q[k] = p[pc->v[k]];
        away = !(rm_cv_dot(rm_cv_newell(q, pc->count), nrm) > 0.0);
    }
    *overlap = forced || away;
    st = RM_OK;
done:
    free(xy);
    free(tri);
    free(parent);
    return st;
}
