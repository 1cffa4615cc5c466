/* src/convert/simplify_mesh.c - the source as an index buffer for
   meshoptimizer, and back.

   The triangles are the converter's own polygons (faces.c: degenerate
   faces left out, n-gons cut, every face turned front-clockwise), a quad
   cut along the diagonal that keeps both halves facing the quad's way.
   Corners are welded by value into vertices: the same Q16.16 position
   (what the JOM's points are welded by), the same UV, normal and colour
   values, the same material and group. So a triangle soup becomes one
   surface, and every seam (UV, hard edge, colour, material, group) is two
   vertices at one position, which meshoptimizer keeps as a seam and
   never joins across. A vertex stands for its first corner: the mesh
   written back uses that corner's position, UV and normal indexes, so
   every value of the result is a value of the source.

   The table is open addressing on a hash of the key's values (never of
   an address): the vertices are numbered in corner order, the same on
   any host. */
#include "simplify.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A corner's key: every value that makes two corners different vertices. */
typedef struct vkey {
    int32_t p[3];
    uint64_t uv[2];
    uint64_t n[3];
    uint64_t col[3];
    uint32_t flags;         /* 1: uv, 2: normal, 4: colour given */
    uint32_t material, group;
} vkey;

/* The bits of a value, -0 as +0 (so that equal values are equal keys). */
static uint64_t bits(double v)
{
    v += 0.0;
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static uint64_t key_hash(const vkey *k)
{
    uint64_t h = rm_cv_mix64(((uint64_t)(uint32_t)k->p[0] << 32) | (uint32_t)k->p[1]);
    h = rm_cv_mix64(h ^ (((uint64_t)(uint32_t)k->p[2] << 32) | k->flags));
    h = rm_cv_mix64(h ^ (((uint64_t)k->material << 32) | k->group));
    const uint64_t *w[3] = { k->uv, k->n, k->col };
    const unsigned count[3] = { 2, 3, 3 };
    for (int i = 0; i < 3; i++)
        for (unsigned j = 0; j < count[i]; j++)
            h = rm_cv_mix64(h ^ w[i][j]);
    return h;
}

static bool key_equal(const vkey *a, const vkey *b)
{
    return a->p[0] == b->p[0] && a->p[1] == b->p[1] && a->p[2] == b->p[2] &&
           a->flags == b->flags && a->material == b->material && a->group == b->group &&
           a->uv[0] == b->uv[0] && a->uv[1] == b->uv[1] && a->n[0] == b->n[0] &&
           a->n[1] == b->n[1] && a->n[2] == b->n[2] && a->col[0] == b->col[0] &&
           a->col[1] == b->col[1] && a->col[2] == b->col[2];
}

static void make_key(const rm_cv_ctx *c, uint32_t corner, uint32_t face, vkey *k)
{
    const rm_mesh *m = c->mesh;
    memset(k, 0, sizeof *k);
    uint32_t pos = m->corner_position[corner];
    rm_vec3x x = c->pos[pos];
    k->p[0] = x.x;
    k->p[1] = x.y;
    k->p[2] = x.z;
    if (m->corner_uv && m->corner_uv[corner] >= 0) {
        const double *uv = m->uvs[m->corner_uv[corner]];
        k->flags |= 1;
        k->uv[0] = bits(uv[0]);
        k->uv[1] = bits(uv[1]);
    }
    if (m->corner_normal && m->corner_normal[corner] >= 0) {
        rm_vec3d n = m->normals[m->corner_normal[corner]];
        k->flags |= 2;
        k->n[0] = bits(n.x);
        k->n[1] = bits(n.y);
        k->n[2] = bits(n.z);
    }
    if (m->colors) {
        rm_vec3d col = m->colors[pos];
        k->flags |= m->has_color && m->has_color[pos] ? 4u : 0u;
        k->col[0] = bits(col.x);
        k->col[1] = bits(col.y);
        k->col[2] = bits(col.z);
    }
    k->material = m->face_material ? m->face_material[face] : RM_MESH_NONE;
    k->group = m->face_group ? m->face_group[face] : RM_MESH_NONE;
}

void rm_cv_smesh_free(rm_cv_smesh *s)
{
    free(s->fpos);
    free(s->pos);
    free(s->corner);
    free(s->material);
    free(s->group);
    free(s->indices);
    memset(s, 0, sizeof *s);
}

static rm_vec3d raw(rm_vec3x p)
{
    return (rm_vec3d){ (double)p.x, (double)p.y, (double)p.z };
}

static rm_vec3d cross_of(rm_vec3d a, rm_vec3d b, rm_vec3d c)
{
    rm_vec3d u = { b.x - a.x, b.y - a.y, b.z - a.z }, v = { c.x - a.x, c.y - a.y, c.z - a.z };
    return (rm_vec3d){ u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x };
}

static double dotd(rm_vec3d a, rm_vec3d b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* The two triangles of a quad (corner indexes 0..3 into the polygon): A-C,
   unless a half would face away from the quad (concave at A or C). */
static void quad_split(const rm_cv_ctx *c, const rm_cv_poly *p, unsigned out[6])
{
    rm_vec3d q[4];
    for (unsigned k = 0; k < 4; k++)
        q[k] = raw(c->pos[c->mesh->corner_position[p->corner[k]]]);
    rm_vec3d n1 = cross_of(q[0], q[1], q[2]), n2 = cross_of(q[0], q[2], q[3]);
    rm_vec3d nq = { n1.x + n2.x, n1.y + n2.y, n1.z + n2.z };
    bool ac = dotd(n1, nq) >= 0.0 && dotd(n2, nq) >= 0.0;
    static const unsigned AC[6] = { 0, 1, 2, 0, 2, 3 }, BD[6] = { 1, 2, 3, 1, 3, 0 };
    memcpy(out, ac ? AC : BD, sizeof AC);
}

rm_status rm_cv_smesh_build(const rm_cv_ctx *c, rm_cv_smesh *s)
{
    memset(s, 0, sizeof *s);
    size_t tris = 0;
    for (size_t i = 0; i < c->poly_count; i++)
        tris += c->polys[i].corner[3] == c->polys[i].corner[2] ? 1 : 2;
    if (tris > UINT32_MAX / 3)
        return RM_NOMEM;
    size_t n = 3 * tris;
    size_t size = 16;
    while (size < 2 * n)
        size *= 2;
    uint32_t *slot = calloc(size, sizeof *slot);     /* vertex + 1, 0: empty */
    vkey *keys = malloc((n ? n : 1) * sizeof *keys);
    s->indices = malloc((n ? n : 1) * sizeof *s->indices);
    s->corner = malloc((n ? n : 1) * sizeof *s->corner);
    s->material = malloc((n ? n : 1) * sizeof *s->material);
    s->group = malloc((n ? n : 1) * sizeof *s->group);
    if (!slot || !keys || !s->indices || !s->corner || !s->material || !s->group) {
        free(slot);
        free(keys);
        rm_cv_smesh_free(s);
        return RM_NOMEM;
    }
    size_t vcount = 0, at = 0;
    for (size_t i = 0; i < c->poly_count; i++) {
        const rm_cv_poly *p = &c->polys[i];
        unsigned order[6] = { 0, 1, 2, 0, 0, 0 }, count = 3;
        if (p->corner[3] != p->corner[2]) {
            quad_split(c, p, order);
            count = 6;
        }
        for (unsigned k = 0; k < count; k++) {
            uint32_t corner = p->corner[order[k]];
            vkey key;
            make_key(c, corner, p->face, &key);
            size_t h = (size_t)key_hash(&key) & (size - 1);
            for (;;) {
                if (slot[h] == 0) {
                    keys[vcount] = key;
                    s->corner[vcount] = corner;
                    s->material[vcount] = key.material;
                    s->group[vcount] = key.group;
                    slot[h] = (uint32_t)++vcount;
                    s->indices[at++] = (uint32_t)(vcount - 1);
                    break;
                }
                if (key_equal(&keys[slot[h] - 1], &key)) {
                    s->indices[at++] = slot[h] - 1;
                    break;
                }
                h = (h + 1) & (size - 1);
            }
        }
    }
    free(slot);
    s->index_count = n;
    s->vertex_count = vcount;
    s->fpos = malloc((vcount ? vcount : 1) * 3 * sizeof *s->fpos);
    s->pos = malloc((vcount ? vcount : 1) * 3 * sizeof *s->pos);
    if (!s->fpos || !s->pos) {
        free(keys);
        rm_cv_smesh_free(s);
        return RM_NOMEM;
    }
    for (size_t v = 0; v < vcount; v++)
        for (size_t a = 0; a < 3; a++) {
            /* Q16.16 raw units to model units: exactly the JOM's values */
            s->pos[3 * v + a] = (double)keys[v].p[a] / 65536.0;
            s->fpos[3 * v + a] = (float)s->pos[3 * v + a];
        }
    free(keys);
    return RM_OK;
}

void rm_cv_smesh_view_free(rm_mesh *view)
{
    free(view->face_start);
    free(view->corner_position);
    free(view->corner_uv);
    free(view->corner_normal);
    free(view->face_material);
    free(view->face_group);
    memset(view, 0, sizeof *view);
}

rm_status rm_cv_smesh_view(const rm_cv_smesh *s, const rm_mesh *src, bool saturn_axes,
                           const uint32_t *idx, size_t tri_count, rm_mesh *view)
{
    *view = *src;
    view->face_count = tri_count;
    view->face_line = NULL;
    view->face_column = NULL;
    view->from_triangles = false;
    view->face_start = NULL;
    view->corner_position = NULL;
    view->corner_uv = NULL;
    view->corner_normal = NULL;
    view->face_material = NULL;
    view->face_group = NULL;
    if (tri_count > UINT32_MAX / 3) {
        rm_cv_smesh_view_free(view);
        return RM_NOMEM;
    }
    size_t n = 3 * tri_count, nn = n ? n : 1, nf = tri_count ? tri_count : 1;
    view->face_start = malloc((tri_count + 1) * sizeof *view->face_start);
    view->corner_position = malloc(nn * sizeof *view->corner_position);
    view->face_material = malloc(nf * sizeof *view->face_material);
    view->face_group = malloc(nf * sizeof *view->face_group);
    if (src->corner_uv)
        view->corner_uv = malloc(nn * sizeof *view->corner_uv);
    if (src->corner_normal)
        view->corner_normal = malloc(nn * sizeof *view->corner_normal);
    if (!view->face_start || !view->corner_position || !view->face_material || !view->face_group ||
        (src->corner_uv && !view->corner_uv) || (src->corner_normal && !view->corner_normal)) {
        rm_cv_smesh_view_free(view);
        return RM_NOMEM;
    }
    for (size_t t = 0; t < tri_count; t++) {
        view->face_start[t] = (uint32_t)(3 * t);
        uint32_t first = idx[3 * t];
        view->face_material[t] = s->material[first];
        view->face_group[t] = s->group[first];
        for (unsigned k = 0; k < 3; k++) {
            /* the converter reverses a face unless saturn_axes: undo it */
            uint32_t v = idx[3 * t + (saturn_axes ? k : 2 - k)];
            uint32_t corner = s->corner[v];
            view->corner_position[3 * t + k] = src->corner_position[corner];
            if (view->corner_uv)
                view->corner_uv[3 * t + k] = src->corner_uv[corner];
            if (view->corner_normal)
                view->corner_normal[3 * t + k] = src->corner_normal[corner];
        }
    }
    view->face_start[tri_count] = (uint32_t)n;
    return RM_OK;
}
