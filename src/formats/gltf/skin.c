/* src/formats/gltf/skin.c - a skinned primitive's vertices, each to one
   joint (a rigid skin), and the matrices that place a joint's vertices at
   rest (jointRestWorld * inverseBindMatrix).

   A vertex's weights are summed per joint index (JOINTS_0 may name a joint
   twice); entries of weight 0 (or below, or NaN) are no influence and
   their joint index is not looked at, as exporters pad with any index. A
   vertex is rigid when every joint but its heaviest has less than 1e-3 of
   its total weight (what Blender writes for a vertex fully in one group). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "to_mesh.h"

#define RIGID_EPS 1e-3
#define NAMED_VERTICES 8u

/* The joint accessors of the primitive, checked: JOINTS_0 (VEC4 of
   UNSIGNED_BYTE/SHORT, not normalized) and WEIGHTS_0 (VEC4 of FLOAT or
   normalized UNSIGNED_BYTE/SHORT), each with vertex_count elements. */
static rm_status read_joint_accessors(const rm_gltf_doc *doc, const rm_gltf_primitive *p,
                                      const char *where, uint32_t vertex_count, double **joints,
                                      double **weights, rm_diag *diag)
{
    *joints = *weights = NULL;
    if (p->joints0 < 0 || p->weights0 < 0 || (size_t)p->joints0 >= doc->accessor_count ||
        (size_t)p->weights0 >= doc->accessor_count) {
        rm_gltf_error(doc, diag, where, "a skinned primitive needs JOINTS_0 and WEIGHTS_0");
        return RM_INVALID;
    }
    const rm_gltf_accessor *ja = &doc->accessors[p->joints0];
    const rm_gltf_accessor *wa = &doc->accessors[p->weights0];
    char path[96];
    if (ja->normalized) {
        snprintf(path, sizeof path, "%s/attributes/JOINTS_0", where);
        rm_gltf_error(doc, diag, path, "accessor %d is normalized: joint indices are whole numbers",
                      (int)p->joints0);
        return RM_INVALID;
    }
    if (ja->count != vertex_count || wa->count != vertex_count) {
        snprintf(path, sizeof path, "%s/attributes/%s", where,
                 ja->count != vertex_count ? "JOINTS_0" : "WEIGHTS_0");
        rm_gltf_error(doc, diag, path, "accessor %d has %u elements, POSITION has %u (each attribute has one element per vertex)",
                      ja->count != vertex_count ? (int)p->joints0 : (int)p->weights0,
                      ja->count != vertex_count ? ja->count : wa->count, vertex_count);
        return RM_INVALID;
    }
    rm_status st = rm_gltf_accessor_read(doc, (uint32_t)p->joints0,
                                         RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE) |
                                             RM_GLTF_BIT(RM_GLTF_UNSIGNED_SHORT),
                                         1u << 4, false, "JOINTS_0", joints, diag);
    if (st != RM_OK)
        return st;
    st = rm_gltf_accessor_read(doc, (uint32_t)p->weights0,
                               RM_GLTF_BIT(RM_GLTF_FLOAT) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE) |
                                   RM_GLTF_BIT(RM_GLTF_UNSIGNED_SHORT),
                               1u << 4, true, "WEIGHTS_0", weights, diag);
    if (st != RM_OK) {
        free(*joints);
        *joints = NULL;
    }
    return st;
}

/* A joint's name in messages: "arm", or "node<N>". */
static void joint_label(const rm_gltf_doc *doc, const rm_gltf_skin *s, uint32_t slot, char *buf,
                        size_t size)
{
    rm_gltf_node_label(doc, s->joints[slot], buf, size);
}

rm_status rm_gltf_skin_vertex_slots(const rm_gltf_doc *doc, uint32_t mesh, uint32_t primitive,
                                    uint32_t skin, uint32_t vertex_count,
                                    const rm_gltf_options *opt, uint32_t *slot, size_t *moved,
                                    rm_diag *diag)
{
    char where[64];
    snprintf(where, sizeof where, "/meshes/%u/primitives/%u", mesh, primitive);
    /* ' of mesh "robot"' when the mesh has a name: the path alone is hard to
       find in Blender */
    char of_mesh[128] = "";
    if (mesh < doc->mesh_count && doc->meshes[mesh].name && doc->meshes[mesh].name[0])
        snprintf(of_mesh, sizeof of_mesh, " of mesh \"%.100s\"", doc->meshes[mesh].name);
    if (mesh >= doc->mesh_count || primitive >= doc->meshes[mesh].primitive_count ||
        skin >= doc->skin_count) {
        rm_gltf_error(doc, diag, where, "no such primitive or skin %u", skin);
        return RM_INVALID;
    }
    const rm_gltf_primitive *p = &doc->meshes[mesh].primitives[primitive];
    const rm_gltf_skin *s = &doc->skins[skin];
    double *jv, *wv;
    rm_status st = read_joint_accessors(doc, p, where, vertex_count, &jv, &wv, diag);
    if (st != RM_OK)
        return st;
    size_t bad = 0;
    for (uint32_t v = 0; v < vertex_count && st == RM_OK; v++) {
        /* the four entries, summed per joint index */
        uint32_t idx[4];
        double w[4], total = 0;
        unsigned n = 0;
        for (unsigned k = 0; k < 4; k++) {
            double wk = wv[(size_t)v * 4 + k];
            if (!(wk > 0))
                continue;
            double jd = jv[(size_t)v * 4 + k];
            if (!(jd >= 0) || jd >= (double)s->joint_count) {
                rm_gltf_error(doc, diag, where,
                              "vertex %u is weighted to joint %.0f, the skin (/skins/%u) has %zu joints (0 to %zu)",
                              v, jd, skin, s->joint_count,
                              s->joint_count ? s->joint_count - 1 : 0);
                st = RM_INVALID;
                break;
            }
            uint32_t j = (uint32_t)jd;
            unsigned m = 0;
            while (m < n && idx[m] != j)
                m++;
            if (m == n) {
                idx[n] = j;
                w[n++] = 0;
            }
            w[m] += wk;
            total += wk;
        }
        if (st != RM_OK)
            break;
        if (n == 0) {
            rm_gltf_error(doc, diag, where,
                          "vertex %u has no weight on any joint (a skinned vertex needs a joint of weight above 0)",
                          v);
            st = RM_INVALID;
            break;
        }
        /* the heaviest (ties: the one written first) */
        unsigned h = 0;
        for (unsigned m = 1; m < n; m++)
            if (w[m] > w[h])
                h = m;
        bool rigid = true;
        for (unsigned m = 0; m < n; m++)
            if (m != h && w[m] >= RIGID_EPS * total)
                rigid = false;
        slot[v] = idx[h];
        if (rigid)
            continue;
        if (opt && opt->rigid) {
            (*moved)++;
            continue;
        }
        if (bad++ >= NAMED_VERTICES)
            continue;
        /* "arm" 0.60, "hand" 0.40: heaviest first */
        char list[600];
        size_t len = 0;
        bool used[4] = { false, false, false, false };
        list[0] = 0;
        for (unsigned r = 0; r < n; r++) {
            unsigned best = 4;
            for (unsigned m = 0; m < n; m++)
                if (!used[m] && (best == 4 || w[m] > w[best]))
                    best = m;
            used[best] = true;
            char name[128];
            joint_label(doc, s, idx[best], name, sizeof name);
            int k = snprintf(list + len, sizeof list - len, "%s\"%.100s\" %.2f", r ? ", " : "",
                             name, w[best] / total);
            if (k > 0 && (size_t)k < sizeof list - len)
                len += (size_t)k;
        }
        rm_gltf_error(doc, diag, where,
                      "vertex %u%s is weighted to several joints: %s (a rigid skeleton moves each vertex with one joint; give --rigid to give each vertex to its heaviest joint)",
                      v, of_mesh, list);
    }
    if (st == RM_OK && bad > 0) {
        if (bad > NAMED_VERTICES)
            rm_gltf_error(doc, diag, where, "%zu more vertices are weighted to several joints",
                          bad - NAMED_VERTICES);
        st = RM_INVALID;
    }
    free(jv);
    free(wv);
    return st;
}

rm_status rm_gltf_skin_vertex_joints(const rm_gltf_doc *doc, uint32_t mesh, uint32_t primitive,
                                     uint32_t skin, uint32_t vertex_count,
                                     const rm_gltf_options *opt, uint32_t *joint_node,
                                     size_t *moved, rm_diag *diag)
{
    rm_status st = rm_gltf_skin_vertex_slots(doc, mesh, primitive, skin, vertex_count, opt,
                                             joint_node, moved, diag);
    if (st != RM_OK)
        return st;
    const rm_gltf_skin *s = &doc->skins[skin];
    for (uint32_t v = 0; v < vertex_count; v++)
        joint_node[v] = s->joints[joint_node[v]];
    return RM_OK;
}

rm_status rm_gltf_skin_rest_matrices(const rm_gltf_doc *doc, uint32_t skin,
                                     const double *rest_world, double **out, rm_diag *diag)
{
    *out = NULL;
    char where[48];
    snprintf(where, sizeof where, "/skins/%u", skin);
    if (skin >= doc->skin_count) {
        rm_gltf_error(doc, diag, where, "no such skin (the file has %zu)", doc->skin_count);
        return RM_INVALID;
    }
    const rm_gltf_skin *s = &doc->skins[skin];
    if (s->joint_count == 0) {
        rm_gltf_error(doc, diag, where, "the skin has no joints (it needs at least one)");
        return RM_INVALID;
    }
    for (size_t j = 0; j < s->joint_count; j++)
        if (s->joints[j] >= doc->node_count) {
            rm_gltf_error(doc, diag, where, "joint %zu is node %u, the file has %zu nodes", j,
                          s->joints[j], doc->node_count);
            return RM_INVALID;
        }
    double *ibm = NULL;
    if (s->inverse_bind >= 0) {
        char ipath[80];
        snprintf(ipath, sizeof ipath, "%s/inverseBindMatrices", where);
        if ((size_t)s->inverse_bind >= doc->accessor_count) {
            rm_gltf_error(doc, diag, ipath, "accessor %d does not exist", (int)s->inverse_bind);
            return RM_INVALID;
        }
        uint32_t c = doc->accessors[s->inverse_bind].count;
        if (c < s->joint_count) {
            rm_gltf_error(doc, diag, ipath,
                          "accessor %d has %u matrices, the skin has %zu joints (one matrix per joint)",
                          (int)s->inverse_bind, c, s->joint_count);
            return RM_INVALID;
        }
        rm_status st = rm_gltf_accessor_read(doc, (uint32_t)s->inverse_bind,
                                             RM_GLTF_BIT(RM_GLTF_FLOAT), 1u << 16, false,
                                             "inverseBindMatrices", &ibm, diag);
        if (st != RM_OK)
            return st;
    }
    if (s->joint_count > SIZE_MAX / (16 * sizeof(double))) {
        free(ibm);
        return RM_NOMEM;
    }
    double *m = malloc(s->joint_count * 16 * sizeof *m);
    if (!m) {
        free(ibm);
        return RM_NOMEM;
    }
    for (size_t j = 0; j < s->joint_count; j++) {
        const double *w = rest_world + (size_t)s->joints[j] * 16;
        double id[16], inv[16];
        rm_gltf_mat_identity(id);
        rm_gltf_mat_mul(w, ibm ? ibm + j * 16 : id, m + j * 16);
        if (!rm_gltf_mat_invert(m + j * 16, inv)) {
            char name[128];
            rm_gltf_node_label(doc, s->joints[j], name, sizeof name);
            rm_gltf_error(doc, diag, where,
                          "joint %zu (\"%s\"): its rest matrix times its inverseBindMatrix is singular (no inverse): a joint must not squash its vertices flat",
                          j, name);
            free(ibm);
            free(m);
            return RM_INVALID;
        }
    }
    free(ibm);
    *out = m;
    return RM_OK;
}
