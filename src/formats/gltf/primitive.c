/* src/formats/gltf/primitive.c - one primitive of a mesh node into the
   mesh: its triangles (TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN, indexed or
   not), their positions at rest, normals, UVs (OBJ's V axis), vertex
   colours (display values), material and group.

   Each group has its own positions: a primitive's vertex gets one
   position (and normal, UV) per group whose faces use it, made from the
   corners' (group, vertex) pairs sorted, so the order is the vertices'
   within each group. A node whose world matrix mirrors (negative
   determinant) has its triangles turned, as glTF says the winding is
   clockwise then. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "to_mesh.h"

/* What a primitive's vertices are, read. */
typedef struct prim_data {
    uint32_t count;             /* vertices (POSITION's count) */
    double *pos, *nrm, *uv, *col;
    unsigned col_n;             /* 3 or 4 */
    uint32_t *tri;              /* 3 per triangle, vertex indices */
    size_t tri_count;
    uint32_t *tri_group;        /* per triangle */
    uint32_t *slot;             /* skinned: per vertex, its joint in the skin */
    const double *skin_mats;    /* skinned: per joint of the skin */
} prim_data;

static void prim_free(prim_data *d)
{
    free(d->pos);
    free(d->nrm);
    free(d->uv);
    free(d->col);
    free(d->tri);
    free(d->tri_group);
    free(d->slot);
}

static const char *mode_name(int mode)
{
    static const char *const names[] = { "POINTS", "LINES", "LINE_LOOP", "LINE_STRIP" };
    return mode >= 0 && mode < 4 ? names[mode] : "?";
}

/* One attribute read (a = -1: absent, nothing read), its count checked
   against POSITION's. */
static rm_status read_attr(rm_gltf_build *b, const char *where, const char *attr, int32_t a,
                           uint32_t count, uint32_t allowed, uint32_t comps, bool need_norm,
                           double **out)
{
    *out = NULL;
    if (a < 0)
        return RM_OK;
    const rm_gltf_doc *doc = b->doc;
    char path[128];
    snprintf(path, sizeof path, "%s/attributes/%s", where, attr);
    if ((size_t)a >= doc->accessor_count) {
        rm_gltf_error(doc, b->diag, path, "accessor %d does not exist", (int)a);
        return RM_INVALID;
    }
    if (doc->accessors[a].count != count) {
        rm_gltf_error(doc, b->diag, path,
                      "accessor %d has %u elements, POSITION has %u (each attribute has one element per vertex)",
                      (int)a, doc->accessors[a].count, count);
        return RM_INVALID;
    }
    return rm_gltf_accessor_read(doc, (uint32_t)a, allowed, comps, need_norm, attr, out, b->diag);
}

static rm_status read_vertices(rm_gltf_build *b, const char *where, const rm_gltf_primitive *p,
                               prim_data *d)
{
    const rm_gltf_doc *doc = b->doc;
    if (p->position < 0 || (size_t)p->position >= doc->accessor_count) {
        rm_gltf_error(doc, b->diag, where,
                      "the primitive has no POSITION attribute (a primitive with faces needs one)");
        return RM_INVALID;
    }
    d->count = doc->accessors[p->position].count;
    if (b->vertex_reads + d->count > RM_GLTF_MAX_VERTEX_READS) {
        rm_gltf_error(doc, b->diag, where,
                      "the scene reads more than %u vertices (a mesh used by too many nodes?)",
                      RM_GLTF_MAX_VERTEX_READS);
        return RM_INVALID;
    }
    b->vertex_reads += d->count;
    uint32_t ints4 = RM_GLTF_BIT(RM_GLTF_BYTE) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE) |
                     RM_GLTF_BIT(RM_GLTF_SHORT) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_SHORT);
    uint32_t fl = RM_GLTF_BIT(RM_GLTF_FLOAT);
    uint32_t unsigned2 = RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_SHORT);
    uint32_t signed2 = RM_GLTF_BIT(RM_GLTF_BYTE) | RM_GLTF_BIT(RM_GLTF_SHORT);
    bool q = doc->quantized;
    rm_status st = read_attr(b, where, "POSITION", p->position, d->count, q ? fl | ints4 : fl,
                             1u << 3, false, &d->pos);
    if (st == RM_OK)
        st = read_attr(b, where, "NORMAL", p->normal, d->count, q ? fl | signed2 : fl, 1u << 3,
                       true, &d->nrm);
    if (st == RM_OK)
        st = read_attr(b, where, "TEXCOORD_0", p->texcoord0, d->count, q ? fl | ints4 : fl | unsigned2,
                       1u << 2, !q, &d->uv);
    if (p->color0 >= 0 && (size_t)p->color0 < doc->accessor_count)
        d->col_n = doc->accessors[p->color0].components;
    if (st == RM_OK)
        st = read_attr(b, where, "COLOR_0", p->color0, d->count, fl | unsigned2,
                       (1u << 3) | (1u << 4), true, &d->col);
    return st;
}

/* The triangles of the primitive (vertex indices), degenerate ones left
   out. */
static rm_status read_triangles(rm_gltf_build *b, const char *where, const rm_gltf_primitive *p,
                                bool first, prim_data *d)
{
    const rm_gltf_doc *doc = b->doc;
    uint32_t *idx = NULL;
    size_t n = d->count;
    if (p->indices >= 0) {
        char use[96];
        snprintf(use, sizeof use, "the indices of %s", where);
        rm_status st = rm_gltf_accessor_indices(doc, (uint32_t)p->indices, d->count, use, &idx,
                                                b->diag);
        if (st != RM_OK)
            return st;
        n = doc->accessors[p->indices].count;
    }
    size_t tris = p->mode == RM_GLTF_TRIANGLES ? n / 3 : n >= 3 ? n - 2 : 0;
    if (first && p->mode == RM_GLTF_TRIANGLES && n % 3 != 0)
        rm_gltf_warning(doc, b->diag, where,
                        "%zu %s are not a whole number of triangles: the last %zu left out",
                        n, p->indices >= 0 ? "indices" : "vertices", n % 3);
    d->tri = malloc((tris ? tris : 1) * 3 * sizeof *d->tri);
    if (!d->tri) {
        free(idx);
        return RM_NOMEM;
    }
    size_t kept = 0, dropped = 0;
    for (size_t i = 0; i < tris; i++) {
        size_t c[3];
        if (p->mode == RM_GLTF_TRIANGLES) {
            c[0] = 3 * i, c[1] = 3 * i + 1, c[2] = 3 * i + 2;
        } else if (p->mode == RM_GLTF_TRIANGLE_STRIP) {
            /* the spec's rule: every other triangle turned to face the same way */
            c[0] = i, c[1] = i + 1 + i % 2, c[2] = i + 2 - i % 2;
        } else {
            c[0] = i + 1, c[1] = i + 2, c[2] = 0;
        }
        uint32_t v[3];
        for (int k = 0; k < 3; k++)
            v[k] = idx ? idx[c[k]] : (uint32_t)c[k];
        if (v[0] == v[1] || v[1] == v[2] || v[0] == v[2]) {
            dropped++;
            continue;
        }
        memcpy(d->tri + 3 * kept, v, sizeof v);
        kept++;
    }
    free(idx);
    d->tri_count = kept;
    if (first && dropped > 0 && p->mode == RM_GLTF_TRIANGLES)
        rm_gltf_warning(doc, b->diag, where,
                        "%zu triangles use one vertex twice (no area): left out", dropped);
    return RM_OK;
}

/* Skinned: each vertex's joint, the skin's matrices, each triangle's joint
   (the one most of its corners are on; all three differ: the first's). */
static rm_status skin_triangles(rm_gltf_build *b, uint32_t node, uint32_t mesh, uint32_t prim,
                                prim_data *d)
{
    const rm_gltf_doc *doc = b->doc;
    uint32_t skin = (uint32_t)doc->nodes[node].skin;
    d->slot = malloc((d->count ? d->count : 1) * sizeof *d->slot);
    if (!d->slot)
        return RM_NOMEM;
    rm_status st = rm_gltf_skin_vertex_slots(doc, mesh, prim, skin, d->count, b->opt, d->slot,
                                             &b->moved, b->diag);
    if (st != RM_OK)
        return st;
    if (!b->skin_mats[skin]) {
        st = rm_gltf_skin_rest_matrices(doc, skin, b->rest_world, &b->skin_mats[skin], b->diag);
        if (st != RM_OK)
            return st;
    }
    d->skin_mats = b->skin_mats[skin];
    const rm_gltf_skin *s = &doc->skins[skin];
    size_t straddle = 0;
    for (size_t t = 0; t < d->tri_count; t++) {
        uint32_t j0 = d->slot[d->tri[3 * t]], j1 = d->slot[d->tri[3 * t + 1]],
                 j2 = d->slot[d->tri[3 * t + 2]];
        uint32_t j = (j1 == j2) ? j1 : j0;
        if (j0 != j1 || j1 != j2)
            straddle++;
        uint32_t g = rm_gltf_build_group(b, node, (int64_t)s->joints[j]);
        if (g == RM_MESH_NONE)
            return RM_NOMEM;
        d->tri_group[t] = g;
    }
    if (straddle > 0 && !b->mesh_seen[mesh]) {
        char where[64];
        snprintf(where, sizeof where, "/meshes/%u/primitives/%u", mesh, prim);
        rm_gltf_warning(doc, b->diag, where,
                        "%zu %s corners on different joints: each goes to the joint of most "
                        "of its corners, and its other corners move with that joint",
                        straddle, straddle == 1 ? "triangle has" : "triangles have");
    }
    return RM_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static size_t find_key(const uint64_t *keys, size_t n, uint64_t k)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static double det3(const double m[16])
{
    return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) +
           m[8] * (m[1] * m[6] - m[5] * m[2]);
}

/* The texture transform of the material, and V made OBJ's. */
static void uv_out(const rm_gltf_texture_ref *tr, const double in[2], double out[2])
{
    double u = in[0], v = in[1];
    if (tr && tr->has_transform) {
        double su = u * tr->scale[0], sv = v * tr->scale[1];
        double c = cos(tr->rotation), s = sin(tr->rotation);
        u = c * su + s * sv + tr->offset[0];
        v = -s * su + c * sv + tr->offset[1];
    }
    out[0] = u;
    out[1] = 1.0 - v;
}

/* Grows the mesh's per-position, per-UV, per-normal arrays for `add`
   more each. */
static bool grow_vertex_arrays(rm_gltf_build *b, size_t add, bool uv, bool nrm)
{
    rm_mesh *m = b->mesh;
    size_t need = m->position_count + add, cap = b->pos_cap;
    if (!rm_grow((void **)&m->positions, &cap, need, sizeof *m->positions))
        return false;
    cap = b->pos_cap;
    if (!rm_grow((void **)&m->colors, &cap, need, sizeof *m->colors))
        return false;
    cap = b->pos_cap;
    if (!rm_grow((void **)&m->has_color, &cap, need, sizeof *m->has_color))
        return false;
    b->pos_cap = cap;
    if (uv && !rm_grow((void **)&m->uvs, &b->uv_cap, m->uv_count + add, sizeof *m->uvs))
        return false;
    if (nrm && !rm_grow((void **)&m->normals, &b->normal_cap, m->normal_count + add,
                        sizeof *m->normals))
        return false;
    return true;
}

static bool grow_face_arrays(rm_gltf_build *b, size_t faces)
{
    rm_mesh *m = b->mesh;
    size_t need = m->face_count + faces + 1, cap = b->face_cap;
    if (!rm_grow((void **)&m->face_start, &cap, need, sizeof *m->face_start))
        return false;
    cap = b->face_cap;
    if (!rm_grow((void **)&m->face_material, &cap, need, sizeof *m->face_material))
        return false;
    cap = b->face_cap;
    if (!rm_grow((void **)&m->face_group, &cap, need, sizeof *m->face_group))
        return false;
    b->face_cap = cap;
    size_t cneed = rm_mesh_corner_count(m) + faces * 3;
    cap = b->corner_cap;
    if (!rm_grow((void **)&m->corner_position, &cap, cneed, sizeof *m->corner_position))
        return false;
    cap = b->corner_cap;
    if (!rm_grow((void **)&m->corner_uv, &cap, cneed, sizeof *m->corner_uv))
        return false;
    cap = b->corner_cap;
    if (!rm_grow((void **)&m->corner_normal, &cap, cneed, sizeof *m->corner_normal))
        return false;
    b->corner_cap = cap;
    return true;
}

/* The triangles into the mesh, with their own vertices. */
static rm_status emit(rm_gltf_build *b, const char *where, const double world[16], uint32_t mat,
                      const rm_gltf_texture_ref *tr, prim_data *d)
{
    rm_mesh *m = b->mesh;
    size_t nc = d->tri_count * 3;
    size_t corners = rm_mesh_corner_count(m);
    if (d->tri_count > RM_GLTF_MAX_CORNERS || corners + nc > RM_GLTF_MAX_CORNERS ||
        m->position_count + nc > RM_GLTF_MAX_CORNERS) {
        rm_gltf_error(b->doc, b->diag, where,
                      "the scene has more than %u corners (far too many for a Saturn model)",
                      RM_GLTF_MAX_CORNERS);
        return RM_INVALID;
    }
    uint64_t *keys = malloc((nc ? nc : 1) * sizeof *keys);
    if (!keys)
        return RM_NOMEM;
    for (size_t c = 0; c < nc; c++)
        keys[c] = (uint64_t)d->tri_group[c / 3] << 32 | d->tri[c];
    qsort(keys, nc, sizeof *keys, cmp_u64);
    size_t u = 0;
    for (size_t c = 0; c < nc; c++)
        if (u == 0 || keys[c] != keys[u - 1])
            keys[u++] = keys[c];
    if (!grow_vertex_arrays(b, u, d->uv != NULL, d->nrm != NULL) || !grow_face_arrays(b, d->tri_count)) {
        free(keys);
        return RM_NOMEM;
    }
    size_t pos0 = m->position_count, uv0 = m->uv_count, nrm0 = m->normal_count;
    for (size_t k = 0; k < u; k++) {
        uint32_t v = (uint32_t)keys[k];
        const double *mx = d->slot ? d->skin_mats + (size_t)d->slot[v] * 16 : world;
        double p[3];
        rm_gltf_mat_point(mx, d->pos + (size_t)v * 3, p);
        m->positions[pos0 + k] = (rm_vec3d){ p[0], p[1], p[2] };
        if (d->col) {
            const double *c = d->col + (size_t)v * d->col_n;
            m->colors[pos0 + k] = (rm_vec3d){ rm_gltf_linear_to_srgb(c[0]),
                                              rm_gltf_linear_to_srgb(c[1]),
                                              rm_gltf_linear_to_srgb(c[2]) };
            m->has_color[pos0 + k] = 1;
        } else {
            m->colors[pos0 + k] = (rm_vec3d){ 1, 1, 1 };
            m->has_color[pos0 + k] = 0;
        }
        if (d->nrm) {
            double nv[3];
            rm_gltf_mat_normal(mx, d->nrm + (size_t)v * 3, nv);
            double len = sqrt(nv[0] * nv[0] + nv[1] * nv[1] + nv[2] * nv[2]);
            if (len > 0 && isfinite(len))
                for (int i = 0; i < 3; i++)
                    nv[i] /= len;
            m->normals[nrm0 + k] = (rm_vec3d){ nv[0], nv[1], nv[2] };
        }
        if (d->uv)
            uv_out(tr, d->uv + (size_t)v * 2, m->uvs[uv0 + k]);
    }
    m->position_count += u;
    if (d->uv)
        m->uv_count += u;
    if (d->nrm)
        m->normal_count += u;
    double wdet = det3(world);
    for (size_t t = 0; t < d->tri_count; t++) {
        size_t f = m->face_count;
        uint32_t start = m->face_start[f];
        bool turn;
        if (d->slot)
            turn = det3(d->skin_mats + (size_t)d->slot[d->tri[3 * t]] * 16) < 0;
        else
            turn = wdet < 0;
        for (int k = 0; k < 3; k++) {
            int kk = turn && k ? 3 - k : k;
            uint32_t v = d->tri[3 * t + (size_t)kk];
            size_t at = find_key(keys, u, (uint64_t)d->tri_group[t] << 32 | v);
            m->corner_position[start + (uint32_t)k] = (uint32_t)(pos0 + at);
            m->corner_uv[start + (uint32_t)k] = d->uv ? (int32_t)(uv0 + at) : -1;
            m->corner_normal[start + (uint32_t)k] = d->nrm ? (int32_t)(nrm0 + at) : -1;
        }
        m->face_start[f + 1] = start + 3;
        m->face_material[f] = mat;
        m->face_group[f] = d->tri_group[t];
        m->face_count++;
    }
    free(keys);
    return RM_OK;
}

rm_status rm_gltf_add_primitive(rm_gltf_build *b, uint32_t node, uint32_t mesh, uint32_t prim,
                                const double world[16])
{
    const rm_gltf_doc *doc = b->doc;
    const rm_gltf_primitive *p = &doc->meshes[mesh].primitives[prim];
    bool first = !b->mesh_seen[mesh];
    char where[64];
    snprintf(where, sizeof where, "/meshes/%u/primitives/%u", mesh, prim);
    if (p->mode >= RM_GLTF_POINTS && p->mode <= RM_GLTF_LINE_STRIP) {
        if (first)
            rm_gltf_warning(doc, b->diag, where, "mode %s has no faces: skipped", mode_name(p->mode));
        return RM_OK;
    }
    if (p->mode < RM_GLTF_TRIANGLES || p->mode > RM_GLTF_TRIANGLE_FAN) {
        rm_gltf_error(doc, b->diag, where, "mode %d is no glTF mode (0 to 6)", p->mode);
        return RM_INVALID;
    }
    prim_data d;
    memset(&d, 0, sizeof d);
    rm_status st = read_vertices(b, where, p, &d);
    if (st == RM_OK)
        st = read_triangles(b, where, p, first, &d);
    if (st == RM_OK && d.tri_count > 0) {
        d.tri_group = malloc(d.tri_count * sizeof *d.tri_group);
        if (!d.tri_group)
            st = RM_NOMEM;
    }
    const rm_gltf_node *n = &doc->nodes[node];
    bool skinned = n->skin >= 0 && (size_t)n->skin < doc->skin_count && p->joints0 >= 0 &&
                   p->weights0 >= 0;
    if (st == RM_OK && d.tri_count > 0) {
        if (skinned) {
            st = skin_triangles(b, node, mesh, prim, &d);
        } else {
            uint32_t g = rm_gltf_build_group(b, node, -1);
            if (g == RM_MESH_NONE)
                st = RM_NOMEM;
            for (size_t t = 0; t < d.tri_count; t++)
                d.tri_group[t] = g;
        }
    }
    uint32_t mat = RM_MESH_NONE;
    if (st == RM_OK && d.tri_count > 0)
        st = rm_gltf_material_use(b, p->material, &mat);
    if (st == RM_OK && d.tri_count > 0) {
        const rm_gltf_texture_ref *tr = NULL;
        if (p->material >= 0 && (size_t)p->material < doc->material_count)
            tr = &doc->materials[p->material].base_texture;
        if (tr && tr->texture < 0)
            tr = NULL;
        st = emit(b, where, world, mat, tr, &d);
    }
    prim_free(&d);
    return st;
}
