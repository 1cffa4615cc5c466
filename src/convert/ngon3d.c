/* src/convert/ngon3d.c - the 3D side of cutting a face (ngon.c): how well
   each triangle faces the face's normal, and diagonal flips that improve a
   bent face's triangles.

   Ear clipping works on the face seen along its Newell normal. On a bent
   face that view can be poor (a corner far off the plane looks straight,
   or the view crosses itself), so the triangles it gives are then
   improved in 3D: the diagonal shared by two triangles (a, b, c) and
   (a, c, d) is flipped to (a, b, d), (b, c, d) when the worse of the two
   faces the normal better than before, and both face it (positive
   cosine). Each flip raises the sorted list of cosines, so the flips end;
   the corners and the face's edges never change, only the diagonals. */
#include "geometry.h"

#include <stdlib.h>
#include <string.h>

/* A flip must improve the worse cosine by more than this (noise of the
   Q16.16 rounding on a planar face is ~1e-12). */
#define FLIP_GAIN 1e-6
/* Faces with more triangles than this are not flipped (each accepted
   flip scans the triangles): the corners are kept all the same. */
#define FLIP_MAX_TRIANGLES 4096u

rm_vec3d rm_cv_face_normal(const rm_vec3d *p, size_t n)
{
    rm_vec3d nw = rm_cv_newell(p, n);
    double len = rm_cv_len(nw);
    rm_vec3d z = { 0.0, 0.0, 1.0 };
    if (!(len > 0.0))
        return z;
    rm_vec3d u = { nw.x / len, nw.y / len, nw.z / len };
    return u;
}

bool rm_cv_no_area(rm_vec3d a, rm_vec3d b, rm_vec3d c)
{
    rm_vec3d e1 = rm_cv_sub(b, a), e2 = rm_cv_sub(c, a);
    double cr = rm_cv_len(rm_cv_cross(e1, e2));
    return !(cr > RM_CV_STRAIGHT_SINE * rm_cv_len(e1) * rm_cv_len(e2));
}

double rm_cv_facing(const rm_vec3d *p, uint32_t a, uint32_t b, uint32_t c, rm_vec3d n)
{
    if (rm_cv_no_area(p[a], p[b], p[c]))
        return -2.0;
    rm_vec3d cr = rm_cv_cross(rm_cv_sub(p[b], p[a]), rm_cv_sub(p[c], p[a]));
    return rm_cv_dot(cr, n) / rm_cv_len(cr);
}

typedef struct edge_ref {
    uint32_t lo, hi;        /* corner indexes, lo < hi */
    uint32_t tri;
    uint32_t k;             /* edge tri[k] -> tri[(k + 1) % 3] */
} edge_ref;

static int edge_cmp(const void *x, const void *y)
{
    const edge_ref *a = x, *b = y;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi)
        return a->hi < b->hi ? -1 : 1;
    if (a->tri != b->tri)
        return a->tri < b->tri ? -1 : 1;
    return 0;
}

/* The 3 * count edges of the triangles, sorted: a diagonal is two
   neighbours of the list with the same corners. */
static void list_edges(const uint32_t (*tri)[3], size_t count, edge_ref *e)
{
    for (size_t t = 0; t < count; t++)
        for (uint32_t k = 0; k < 3; k++) {
            uint32_t u = tri[t][k], v = tri[t][(k + 1) % 3];
            edge_ref *r = &e[3 * t + k];
            r->lo = u < v ? u : v;
            r->hi = u < v ? v : u;
            r->tri = (uint32_t)t;
            r->k = k;
        }
    qsort(e, 3 * count, sizeof *e, edge_cmp);
}

static bool has_edge(const uint32_t (*tri)[3], size_t count, size_t n, uint32_t b, uint32_t d)
{
    if ((b + 1) % n == d || (d + 1) % n == b)
        return true;        /* an edge of the face */
    for (size_t t = 0; t < count; t++) {
        bool hb = tri[t][0] == b || tri[t][1] == b || tri[t][2] == b;
        bool hd = tri[t][0] == d || tri[t][1] == d || tri[t][2] == d;
        if (hb && hd)
            return true;
    }
    return false;
}

static bool flip_pass(const rm_vec3d *p, size_t n, rm_vec3d nrm, uint32_t (*tri)[3], size_t count,
                      edge_ref *e, bool *touched)
{
    list_edges((const uint32_t (*)[3])tri, count, e);
    memset(touched, 0, count * sizeof *touched);
    bool any = false;
    for (size_t i = 0; i + 1 < 3 * count; i++) {
        if (e[i].lo != e[i + 1].lo || e[i].hi != e[i + 1].hi)
            continue;
        uint32_t t1 = e[i].tri, t2 = e[i + 1].tri;
        if (t1 == t2 || touched[t1] || touched[t2])
            continue;
        /* t1 = (a, b, c) with the shared edge c -> a; t2 holds a -> c and d. */
        uint32_t c = tri[t1][e[i].k], a = tri[t1][(e[i].k + 1) % 3], b = tri[t1][(e[i].k + 2) % 3];
        uint32_t k2 = e[i + 1].k;
        if (tri[t2][k2] != a || tri[t2][(k2 + 1) % 3] != c)
            continue;       /* not the other way round: not a diagonal of one disk */
        uint32_t d = tri[t2][(k2 + 2) % 3];
        if (b == d)
            continue;
        double before = fmin(rm_cv_facing(p, a, b, c, nrm), rm_cv_facing(p, a, c, d, nrm));
        double after = fmin(rm_cv_facing(p, a, b, d, nrm), rm_cv_facing(p, b, c, d, nrm));
        if (!(after > 0.0 && after > before + FLIP_GAIN))
            continue;
        if (has_edge((const uint32_t (*)[3])tri, count, n, b, d))
            continue;
        tri[t1][0] = a;
        tri[t1][1] = b;
        tri[t1][2] = d;
        tri[t2][0] = b;
        tri[t2][1] = c;
        tri[t2][2] = d;
        touched[t1] = touched[t2] = true;
        any = true;
    }
    return any;
}

/* The dual tree again after flips: a post-order from the last triangle
   (children before parents, as the pairing needs), triangles renumbered
   in that order, each turned so that its diagonal to its parent is its
   last edge. */
static bool rebuild_tree(uint32_t (*tri)[3], int32_t *parent, size_t count, edge_ref *e)
{
    list_edges((const uint32_t (*)[3])tri, count, e);
    int32_t *nb = malloc(3 * count * sizeof *nb);
    uint32_t *stack = malloc(count * sizeof *stack);
    uint32_t *order = malloc(count * sizeof *order);
    int32_t *up = malloc(count * sizeof *up);
    uint8_t *next = calloc(count, 1);
    uint32_t (*copy)[3] = malloc(count * sizeof *copy);
    int32_t *newid = malloc(count * sizeof *newid);
    bool ok = nb && stack && order && up && next && copy && newid;
    if (ok) {
        for (size_t i = 0; i < 3 * count; i++)
            nb[i] = -1;
        for (size_t i = 0; i + 1 < 3 * count; i++)
            if (e[i].lo == e[i + 1].lo && e[i].hi == e[i + 1].hi && e[i].tri != e[i + 1].tri) {
                nb[3 * e[i].tri + e[i].k] = (int32_t)e[i + 1].tri;
                nb[3 * e[i + 1].tri + e[i + 1].k] = (int32_t)e[i].tri;
            }
        for (size_t t = 0; t < count; t++)
            up[t] = -2;     /* not visited */
        size_t sp = 0, done = 0;
        uint32_t root = (uint32_t)(count - 1);
        stack[sp++] = root;
        up[root] = -1;
        while (sp > 0) {
            uint32_t t = stack[sp - 1];
            if (next[t] < 3) {
                int32_t u = nb[3 * t + next[t]++];
                if (u >= 0 && up[u] == -2) {
                    up[u] = (int32_t)t;
                    stack[sp++] = (uint32_t)u;
                }
                continue;
            }
            sp--;
            order[done++] = t;
        }
        ok = done == count;     /* a disk's dual graph is a connected tree */
        if (ok) {
            for (size_t i = 0; i < count; i++) {
                uint32_t t = order[i];
                newid[t] = (int32_t)i;
                /* The edge shared with the parent goes last (tri[2] ->
                   tri[0]), as the ear clipping leaves it: the pairing
                   builds its quads from that. */
                uint32_t k = 2;
                for (uint32_t j = 0; j < 3 && up[t] >= 0; j++)
                    if (nb[3 * t + j] == up[t])
                        k = j;
                copy[i][0] = tri[t][(k + 1) % 3];
                copy[i][1] = tri[t][(k + 2) % 3];
                copy[i][2] = tri[t][k];
            }
            for (size_t i = 0; i < count; i++) {
                int32_t u = up[order[i]];
                parent[i] = u < 0 ? -1 : newid[u];
            }
            memcpy(tri, copy, count * sizeof *copy);
        }
    }
    free(nb);
    free(stack);
    free(order);
    free(up);
    free(next);
    free(copy);
    free(newid);
    return ok;
}

rm_status rm_cv_flip_diagonals(const rm_vec3d *p, size_t n, uint32_t (*tri)[3], int32_t *parent,
                               size_t count, bool *flipped)
{
    *flipped = false;
    if (count < 2 || count > FLIP_MAX_TRIANGLES)
        return RM_OK;
    rm_vec3d nrm = rm_cv_face_normal(p, n);
    /* Nothing to do on a flat face without straight corners (the common
       case): every triangle already faces the normal. */
    bool needed = false;
    for (size_t t = 0; t < count && !needed; t++)
        needed = rm_cv_facing(p, tri[t][0], tri[t][1], tri[t][2], nrm) < 1.0 - FLIP_GAIN;
    if (!needed)
        return RM_OK;
    edge_ref *e = malloc(3 * count * sizeof *e);
    bool *touched = malloc(count * sizeof *touched);
    uint32_t (*save)[3] = malloc(count * sizeof *save);
    int32_t *save_parent = malloc(count * sizeof *save_parent);
    rm_status st = RM_NOMEM;
    if (e && touched && save && save_parent) {
        memcpy(save, tri, count * sizeof *save);
        memcpy(save_parent, parent, count * sizeof *save_parent);
        /* Each pass flips disjoint pairs; the passes end (see the top), the
           cap is a guard. */
        for (size_t pass = 0; pass < 4 * count + 8; pass++) {
            if (!flip_pass(p, n, nrm, tri, count, e, touched))
                break;
            *flipped = true;
        }
        st = RM_OK;
        if (*flipped && !rebuild_tree(tri, parent, count, e)) {
            /* Out of memory (or not a disk): the ear clipping's cut. */
            memcpy(tri, save, count * sizeof *save);
            memcpy(parent, save_parent, count * sizeof *save_parent);
            *flipped = false;
        }
    }
    free(e);
    free(touched);
    free(save);
    free(save_parent);
    return st;
}
