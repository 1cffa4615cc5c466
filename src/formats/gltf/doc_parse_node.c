/* src/formats/gltf/doc_parse_node.c - nodes, skins and scenes of the glTF
   JSON, and the check that the nodes form a forest: each node listed as a
   child once at most, no cycle, no deeper than RM_GLTF_MAX_NODE_DEPTH.
   Node transforms: "matrix" (then t/r/s stay the identity) or TRS with
   the spec's defaults; rotations are normalised (a zero one is an error). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_load.h"

static void identity(double m[16])
{
    for (int k = 0; k < 16; k++)
        m[k] = k % 5 == 0 ? 1.0 : 0.0;
}

static rm_status parse_transform(rm_gltf_doc *doc, rm_diag *diag, const json_t *v,
                                 const char *at, rm_gltf_node *nd)
{
    rm_status st;
    nd->t[0] = nd->t[1] = nd->t[2] = 0.0;
    nd->r[0] = nd->r[1] = nd->r[2] = 0.0;
    nd->r[3] = 1.0;
    nd->s[0] = nd->s[1] = nd->s[2] = 1.0;
    identity(nd->matrix);
    bool has_t = false, has_r = false, has_s = false;
    if ((st = rm_gltf_get_numbers(doc, diag, v, at, "matrix", 16, nd->matrix, &nd->has_matrix)) !=
            RM_OK ||
        (st = rm_gltf_get_numbers(doc, diag, v, at, "translation", 3, nd->t, &has_t)) != RM_OK ||
        (st = rm_gltf_get_numbers(doc, diag, v, at, "rotation", 4, nd->r, &has_r)) != RM_OK ||
        (st = rm_gltf_get_numbers(doc, diag, v, at, "scale", 3, nd->s, &has_s)) != RM_OK)
        return st;
    if (nd->has_matrix && (has_t || has_r || has_s)) {
        rm_gltf_error(doc, diag, at,
                      "has both \"matrix\" and \"%s\" (a node's transform is one or the other)",
                      has_t ? "translation" : has_r ? "rotation" : "scale");
        return RM_INVALID;
    }
    if (has_r) {
        double len = sqrt(nd->r[0] * nd->r[0] + nd->r[1] * nd->r[1] + nd->r[2] * nd->r[2] +
                          nd->r[3] * nd->r[3]);
        char path[96];
        snprintf(path, sizeof path, "%s/rotation", at);
        if (!(len > 1e-12) || !isfinite(len)) {
            rm_gltf_error(doc, diag, path,
                          "[%g, %g, %g, %g] is not a rotation (a unit quaternion x, y, z, w)",
                          nd->r[0], nd->r[1], nd->r[2], nd->r[3]);
            return RM_INVALID;
        }
        /* Writers round: a nearly unit one is made unit silently. */
        if (fabs(len - 1.0) > 1e-3)
            rm_gltf_warning(doc, diag, path,
                            "the quaternion's length is %g, not 1 (a rotation is a unit "
                            "quaternion): normalised",
                            len);
        for (int k = 0; k < 4; k++)
            nd->r[k] /= len;
    }
    return RM_OK;
}

rm_status rm_gltf_parse_nodes(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st = rm_gltf_get_array(doc, diag, doc->json, "", "nodes", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->nodes = rm_gltf_calloc(n, sizeof *doc->nodes, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->node_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64];
        snprintf(at, sizeof at, "/nodes/%zu", i);
        json_t *v = json_array_get(arr, i);
        rm_gltf_node *nd = &doc->nodes[i];
        nd->mesh = nd->skin = nd->parent = -1;
        json_t *kids;
        size_t kn;
        if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
            (st = rm_gltf_get_string(doc, diag, v, at, "name", false, &nd->name)) != RM_OK ||
            (st = rm_gltf_get_ref(doc, diag, c, v, at, "mesh", RM_GLTF_REF_MESH, false,
                                  &nd->mesh)) != RM_OK ||
            (st = rm_gltf_get_ref(doc, diag, c, v, at, "skin", RM_GLTF_REF_SKIN, false,
                                  &nd->skin)) != RM_OK ||
            (st = rm_gltf_get_array(doc, diag, v, at, "children", false, false, &kids, &kn)) !=
                RM_OK ||
            (st = parse_transform(doc, diag, v, at, nd)) != RM_OK)
            return st;
        int32_t camera = -1;
        if ((st = rm_gltf_get_ref(doc, diag, c, v, at, "camera", RM_GLTF_REF_CAMERA, false,
                                  &camera)) != RM_OK)
            return st;
        if (nd->skin >= 0 && nd->mesh < 0) {
            char path[96];
            snprintf(path, sizeof path, "%s/skin", at);
            rm_gltf_error(doc, diag, path,
                          "the node has a skin but no mesh (a skin deforms the node's mesh)");
            return RM_INVALID;
        }
        nd->children = rm_gltf_calloc(kn, sizeof *nd->children, &nomem);
        if (nomem)
            return rm_gltf_nomem(doc, diag);
        nd->child_count = kn;
        for (size_t k = 0; k < kn; k++) {
            char path[96];
            snprintf(path, sizeof path, "%s/children/%zu", at, k);
            if ((st = rm_gltf_value_ref(doc, diag, c, json_array_get(kids, k), path,
                                        RM_GLTF_REF_NODE, &nd->children[k])) != RM_OK)
                return st;
        }
    }
    return RM_OK;
}

/* Names the nodes of the cycle through `start` (following parents) into
   out: "4, 7, 9, 4" (the first 8, then "..."). */
static void cycle_text(const rm_gltf_doc *doc, uint32_t start, char *out, size_t cap)
{
    size_t len = (size_t)snprintf(out, cap, "%u", (unsigned)start);
    uint32_t at = (uint32_t)doc->nodes[start].parent;
    for (int k = 0; k < 8 && len < cap; k++) {
        len += (size_t)snprintf(out + len, cap - len, ", %u", (unsigned)at);
        if (at == start)
            return;
        at = (uint32_t)doc->nodes[at].parent;
    }
    if (len < cap)
        snprintf(out + len, cap - len, ", ...");
}

rm_status rm_gltf_check_forest(rm_gltf_doc *doc, rm_diag *diag)
{
    size_t n = doc->node_count;
    /* Parents from children: a node listed twice is refused on the spot. */
    for (size_t i = 0; i < n; i++) {
        const rm_gltf_node *nd = &doc->nodes[i];
        for (size_t k = 0; k < nd->child_count; k++) {
            uint32_t ch = nd->children[k];
            char path[96];
            snprintf(path, sizeof path, "/nodes/%zu/children/%zu", i, k);
            if (ch == i) {
                rm_gltf_error(doc, diag, path,
                              "node %zu is its own child (the nodes must form trees)", i);
                return RM_INVALID;
            }
            int32_t p = doc->nodes[ch].parent;
            if (p == (int32_t)i) {
                rm_gltf_error(doc, diag, path,
                              "node %u is listed twice among the children of node %zu",
                              (unsigned)ch, i);
                return RM_INVALID;
            }
            if (p >= 0) {
                rm_gltf_error(doc, diag, path,
                              "node %u is already a child of node %d (a node has one parent at "
                              "most)",
                              (unsigned)ch, (int)p);
                return RM_INVALID;
            }
            doc->nodes[ch].parent = (int32_t)i;
        }
    }
    /* Depth of each node, following parents; a walk that comes back to a
       node of its own walk is a cycle. Each node is walked through once:
       depth[] remembers the finished ones (linear in the node count). */
    bool nomem = false;
    uint32_t *depth = rm_gltf_calloc(n, sizeof *depth, &nomem);
    uint32_t *chain = rm_gltf_calloc(n, sizeof *chain, &nomem);
    uint32_t *walk = rm_gltf_calloc(n, sizeof *walk, &nomem);
    if (nomem) {
        free(depth);
        free(chain);
        free(walk);
        return rm_gltf_nomem(doc, diag);
    }
    rm_status st = RM_OK;
    for (size_t i = 0; i < n && st == RM_OK; i++) {
        if (depth[i])
            continue;
        size_t len = 0;
        uint32_t at = (uint32_t)i;
        uint32_t base = 0; /* the depth of the node above the chain's top */
        for (;;) {
            if (depth[at]) {
                base = depth[at];
                break;
            }
            if (walk[at] == i + 1) {
                char names[160];
                cycle_text(doc, at, names, sizeof names);
                char path[64];
                snprintf(path, sizeof path, "/nodes/%u", (unsigned)at);
                rm_gltf_error(doc, diag, path,
                              "the nodes %s form a cycle (each is the parent of the one before; "
                              "a node cannot be its own ancestor)",
                              names);
                st = RM_INVALID;
                break;
            }
            walk[at] = (uint32_t)i + 1;
            chain[len++] = at;
            if (doc->nodes[at].parent < 0)
                break;
            at = (uint32_t)doc->nodes[at].parent;
        }
        if (st != RM_OK)
            break;
        /* chain[len-1] is under `base` (0: a root). */
        for (size_t k = len; k-- > 0;) {
            uint32_t d = base + (uint32_t)(len - k);
            depth[chain[k]] = d;
            if (d > RM_GLTF_MAX_NODE_DEPTH) {
                char path[64];
                snprintf(path, sizeof path, "/nodes/%u", (unsigned)chain[k]);
                uint32_t root = chain[k];
                while (doc->nodes[root].parent >= 0)
                    root = (uint32_t)doc->nodes[root].parent;
                rm_gltf_error(doc, diag, path,
                              "node %u is %u levels deep under root node %u, more than the "
                              "limit of %u",
                              (unsigned)chain[k], (unsigned)d, (unsigned)root,
                              RM_GLTF_MAX_NODE_DEPTH);
                st = RM_INVALID;
                break;
            }
        }
    }
    free(depth);
    free(chain);
    free(walk);
    return st;
}

static rm_status parse_skin_list(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                                 json_t *arr, uint32_t *seen);

rm_status rm_gltf_parse_skins(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st = rm_gltf_get_array(doc, diag, doc->json, "", "skins", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->skins = rm_gltf_calloc(n, sizeof *doc->skins, &nomem);
    /* seen[node] = skin index + 1 of the last skin that listed it. */
    uint32_t *seen = rm_gltf_calloc(n ? doc->node_count : 0, sizeof *seen, &nomem);
    if (nomem) {
        free(seen);
        return rm_gltf_nomem(doc, diag);
    }
    doc->skin_count = n;
    st = parse_skin_list(doc, diag, c, arr, seen);
    free(seen);
    return st;
}

static rm_status parse_skin_list(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                                 json_t *arr, uint32_t *seen)
{
    rm_status st;
    bool nomem = false;
    for (size_t i = 0; i < doc->skin_count; i++) {
        char at[64];
        snprintf(at, sizeof at, "/skins/%zu", i);
        json_t *v = json_array_get(arr, i);
        rm_gltf_skin *sk = &doc->skins[i];
        sk->inverse_bind = sk->skeleton = -1;
        json_t *joints;
        size_t jn;
        if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
            (st = rm_gltf_get_string(doc, diag, v, at, "name", false, &sk->name)) != RM_OK ||
            (st = rm_gltf_get_array(doc, diag, v, at, "joints", true, true, &joints, &jn)) !=
                RM_OK ||
            (st = rm_gltf_get_ref(doc, diag, c, v, at, "inverseBindMatrices",
                                  RM_GLTF_REF_ACCESSOR, false, &sk->inverse_bind)) != RM_OK ||
            (st = rm_gltf_get_ref(doc, diag, c, v, at, "skeleton", RM_GLTF_REF_NODE, false,
                                  &sk->skeleton)) != RM_OK)
            return st;
        sk->joints = rm_gltf_calloc(jn, sizeof *sk->joints, &nomem);
        if (nomem)
            return rm_gltf_nomem(doc, diag);
        sk->joint_count = jn;
        for (size_t k = 0; k < jn; k++) {
            char path[96];
            snprintf(path, sizeof path, "%s/joints/%zu", at, k);
            if ((st = rm_gltf_value_ref(doc, diag, c, json_array_get(joints, k), path,
                                        RM_GLTF_REF_NODE, &sk->joints[k])) != RM_OK)
                return st;
            if (seen[sk->joints[k]] == i + 1) {
                rm_gltf_error(doc, diag, path, "node %u is listed twice among the joints",
                              (unsigned)sk->joints[k]);
                return RM_INVALID;
            }
            seen[sk->joints[k]] = (uint32_t)i + 1;
        }
        if (sk->inverse_bind >= 0) {
            const rm_gltf_accessor *a = &doc->accessors[sk->inverse_bind];
            char path[96];
            snprintf(path, sizeof path, "%s/inverseBindMatrices", at);
            if (a->components != 16 || a->component != RM_GLTF_FLOAT || a->count < jn) {
                rm_gltf_error(doc, diag, path,
                              "accessor %d is %u %s of component type %d; the inverse bind "
                              "matrices of %zu joints are at least %zu MAT4 of FLOAT (5126)",
                              (int)sk->inverse_bind, (unsigned)a->count, a->type, a->component,
                              jn, jn);
                return RM_INVALID;
            }
        }
    }
    return RM_OK;
}

rm_status rm_gltf_parse_scenes(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st = rm_gltf_get_array(doc, diag, doc->json, "", "scenes", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->scenes = rm_gltf_calloc(n, sizeof *doc->scenes, &nomem);
    /* seen[node] = scene index + 1 of the last scene that listed it. */
    uint32_t *seen = rm_gltf_calloc(doc->node_count, sizeof *seen, &nomem);
    if (nomem) {
        free(seen);
        return rm_gltf_nomem(doc, diag);
    }
    doc->scene_count = n;
    for (size_t i = 0; i < n && st == RM_OK; i++) {
        char at[64];
        snprintf(at, sizeof at, "/scenes/%zu", i);
        json_t *v = json_array_get(arr, i);
        rm_gltf_scene *sc = &doc->scenes[i];
        json_t *nodes;
        size_t nn;
        if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
            (st = rm_gltf_get_string(doc, diag, v, at, "name", false, &sc->name)) != RM_OK ||
            (st = rm_gltf_get_array(doc, diag, v, at, "nodes", false, false, &nodes, &nn)) !=
                RM_OK)
            break;
        sc->nodes = rm_gltf_calloc(nn, sizeof *sc->nodes, &nomem);
        if (nomem) {
            st = rm_gltf_nomem(doc, diag);
            break;
        }
        sc->node_count = nn;
        for (size_t k = 0; k < nn; k++) {
            char path[96];
            snprintf(path, sizeof path, "%s/nodes/%zu", at, k);
            uint32_t nd;
            if ((st = rm_gltf_value_ref(doc, diag, c, json_array_get(nodes, k), path,
                                        RM_GLTF_REF_NODE, &nd)) != RM_OK)
                break;
            if (doc->nodes[nd].parent >= 0) {
                rm_gltf_error(doc, diag, path,
                              "node %u is not a root: it is a child of node %d (a scene lists "
                              "root nodes)",
                              (unsigned)nd, (int)doc->nodes[nd].parent);
                st = RM_INVALID;
                break;
            }
            if (seen[nd] == i + 1) {
                rm_gltf_error(doc, diag, path, "node %u is listed twice in the scene",
                              (unsigned)nd);
                st = RM_INVALID;
                break;
            }
            seen[nd] = (uint32_t)i + 1;
            sc->nodes[k] = nd;
        }
    }
    free(seen);
    if (st != RM_OK)
        return st;
    return rm_gltf_get_ref(doc, diag, c, doc->json, "", "scene", RM_GLTF_REF_SCENE, false,
                           &doc->scene);
}
