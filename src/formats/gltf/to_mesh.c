/* src/formats/gltf/to_mesh.c - step 3 of the glTF reader: the default
   scene's mesh nodes at rest into the neutral mesh (rm_gltf_to_mesh), and
   the groups its faces go to.

   The scene is doc->scene, else the first scene, else every root node;
   it is walked depth first, children in order. Each mesh node adds its
   primitives (primitive.c). Groups are made when their first face comes:
   one per mesh node (named after the node, else its mesh, else
   "node<N>"), and for a skinned primitive one per joint its faces are on
   (named after the joint node); names are made unique with ".1", ".2". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "to_mesh.h"

void rm_gltf_groups_free(rm_gltf_groups *g)
{
    if (!g)
        return;
    free(g->node);
    free(g->skinned);
    memset(g, 0, sizeof *g);
}

const char *rm_gltf_node_label(const rm_gltf_doc *doc, uint32_t node, char *buf, size_t size)
{
    const rm_gltf_node *n = node < doc->node_count ? &doc->nodes[node] : NULL;
    const char *name = n ? n->name : NULL;
    if ((!name || !name[0]) && n && n->mesh >= 0 && (size_t)n->mesh < doc->mesh_count)
        name = doc->meshes[n->mesh].name;
    if (name && name[0])
        snprintf(buf, size, "%s", name);
    else
        snprintf(buf, size, "node%u", node);
    return buf;
}

void rm_gltf_names_free(rm_gltf_names *n)
{
    rm_names_free(&n->table);
    free(n->next);
    memset(n, 0, sizeof *n);
}

/* The `next` counter of name s, or NULL when s is not in the set. */
static uint32_t *name_next(rm_gltf_names *t, const char *s)
{
    size_t n = strlen(s);
    uint32_t i = rm_names_find(&t->table, s, n, rm_names_hash(s, n));
    return i == RM_NAMES_NONE ? NULL : &t->next[i];
}

char *rm_gltf_unique_name(rm_gltf_names *t, const char *base, const char *sep, unsigned first)
{
    uint32_t *next = name_next(t, base);
    char *name = NULL;
    if (!next) {
        name = rm_strdup(base);
    } else {
        size_t size = strlen(base) + strlen(sep) + 12;
        name = malloc(size);
        uint32_t k = *next ? *next : first;
        for (; name; k++) {
            snprintf(name, size, "%s%s%u", base, sep, k);
            if (!name_next(t, name))
                break;
        }
        if (name)
            *next = k + 1;
    }
    if (!name)
        return NULL;
    size_t m = strlen(name);
    if (t->count >= RM_NAMES_NONE ||
        !rm_grow((void **)&t->next, &t->cap, t->count + 1, sizeof *t->next) ||
        !rm_names_add(&t->table, name, m, rm_names_hash(name, m), (uint32_t)t->count)) {
        free(name);
        return NULL;
    }
    t->next[t->count++] = 0;
    return name;
}

uint32_t rm_gltf_build_group(rm_gltf_build *b, uint32_t node, int64_t joint)
{
    uint32_t *slot = joint < 0 ? &b->node_group : &b->joint_group[joint];
    if (*slot != RM_MESH_NONE)
        return *slot;
    rm_mesh *m = b->mesh;
    rm_gltf_groups *g = b->groups;
    if (m->group_count >= RM_MESH_NONE - 1 ||
        !rm_grow((void **)&m->groups, &b->group_cap, m->group_count + 1, sizeof *m->groups))
        return RM_MESH_NONE;
    size_t cap = b->ggroup_cap;
    if (!rm_grow((void **)&g->node, &cap, g->count + 1, sizeof *g->node))
        return RM_MESH_NONE;
    cap = b->ggroup_cap;
    if (!rm_grow((void **)&g->skinned, &cap, g->count + 1, sizeof *g->skinned))
        return RM_MESH_NONE;
    b->ggroup_cap = cap;
    if (joint >= 0 && !rm_grow((void **)&b->touched, &b->touched_cap, b->touched_count + 1,
                               sizeof *b->touched))
        return RM_MESH_NONE;
    uint32_t from = joint < 0 ? node : (uint32_t)joint;
    char label[300];
    rm_gltf_node_label(b->doc, from, label, sizeof label);
    char *name = rm_gltf_unique_name(&b->group_names, label, ".", 1);
    if (!name)
        return RM_MESH_NONE;
    uint32_t gi = (uint32_t)m->group_count;
    m->groups[gi].name = name;
    m->groups[gi].line = 0;
    m->group_count++;
    g->node[gi] = from;
    g->skinned[gi] = joint >= 0;
    g->count = m->group_count;
    if (joint >= 0) {
        b->touched[b->touched_count++] = (uint32_t)joint;
        b->node_skinned = true;
    }
    *slot = gi;
    return gi;
}

/* One node and its subtree. */
static rm_status walk(rm_gltf_build *b, uint32_t node, unsigned depth, bool *visited)
{
    const rm_gltf_doc *doc = b->doc;
    if (depth > RM_GLTF_MAX_NODE_DEPTH) {
        char path[32];
        snprintf(path, sizeof path, "/nodes/%u", node);
        rm_gltf_error(doc, b->diag, path, "the node tree is deeper than %u levels",
                      RM_GLTF_MAX_NODE_DEPTH);
        return RM_INVALID;
    }
    if (visited[node])
        return RM_OK;       /* the loader checks the graph is a forest: a scene listing twice */
    visited[node] = true;
    const rm_gltf_node *n = &doc->nodes[node];
    if (n->mesh >= 0 && (size_t)n->mesh < doc->mesh_count) {
        uint32_t mi = (uint32_t)n->mesh;
        b->node_group = RM_MESH_NONE;
        b->node_skinned = false;
        rm_status st = RM_OK;
        for (size_t p = 0; p < doc->meshes[mi].primitive_count && st == RM_OK; p++)
            st = rm_gltf_add_primitive(b, node, mi, (uint32_t)p, b->rest_world + (size_t)node * 16);
        b->mesh_seen[mi] = true;
        for (size_t k = 0; k < b->touched_count; k++)
            b->joint_group[b->touched[k]] = RM_MESH_NONE;
        b->touched_count = 0;
        if (b->node_skinned)
            b->groups->skinned_mesh_nodes++;
        if (st != RM_OK)
            return st;
    }
    for (size_t c = 0; c < n->child_count; c++) {
        if (n->children[c] >= doc->node_count)
            continue;       /* checked by the loader */
        rm_status st = walk(b, n->children[c], depth + 1, visited);
        if (st != RM_OK)
            return st;
    }
    return RM_OK;
}

static rm_status walk_scene(rm_gltf_build *b)
{
    const rm_gltf_doc *doc = b->doc;
    bool *visited = calloc(doc->node_count ? doc->node_count : 1, sizeof *visited);
    if (!visited)
        return RM_NOMEM;
    rm_status st = RM_OK;
    const rm_gltf_scene *sc = NULL;
    if (doc->scene >= 0 && (size_t)doc->scene < doc->scene_count)
        sc = &doc->scenes[doc->scene];
    else if (doc->scene_count > 0)
        sc = &doc->scenes[0];
    if (sc) {
        for (size_t i = 0; i < sc->node_count && st == RM_OK; i++)
            if (sc->nodes[i] < doc->node_count)
                st = walk(b, sc->nodes[i], 0, visited);
    } else {
        for (size_t i = 0; i < doc->node_count && st == RM_OK; i++)
            if (doc->nodes[i].parent < 0)
                st = walk(b, (uint32_t)i, 0, visited);
    }
    free(visited);
    return st;
}

/* Arrays the scene did not use are left out (NULL), as the mesh says. */
static void trim(rm_mesh *m)
{
    size_t corners = rm_mesh_corner_count(m);
    bool any_uv = false, any_normal = false, any_color = false;
    for (size_t c = 0; c < corners; c++) {
        any_uv |= m->corner_uv && m->corner_uv[c] >= 0;
        any_normal |= m->corner_normal && m->corner_normal[c] >= 0;
    }
    for (size_t p = 0; p < m->position_count && m->has_color; p++)
        any_color |= m->has_color[p] != 0;
    if (!any_uv) {
        free(m->corner_uv);
        m->corner_uv = NULL;
    }
    if (!any_normal) {
        free(m->corner_normal);
        m->corner_normal = NULL;
    }
    if (!any_color) {
        free(m->colors);
        free(m->has_color);
        m->colors = NULL;
        m->has_color = NULL;
    }
}

rm_status rm_gltf_to_mesh(const rm_gltf_doc *doc, const rm_gltf_options *opt,
                          rm_output_set *inputs, rm_mesh *out, rm_gltf_groups *groups,
                          rm_diag *diag)
{
    rm_mesh_init(out);
    memset(groups, 0, sizeof *groups);
    rm_gltf_build b;
    memset(&b, 0, sizeof b);
    b.doc = doc;
    b.opt = opt;
    b.inputs = inputs;
    b.mesh = out;
    b.groups = groups;
    b.diag = diag;
    b.node_group = RM_MESH_NONE;
    rm_status st = RM_NOMEM;
    out->source = rm_strdup(doc->file ? doc->file : "");
    out->face_start = calloc(1, sizeof *out->face_start);
    b.face_cap = 1;
    b.rest_world = rm_gltf_rest_world(doc);
    b.mesh_seen = calloc(doc->mesh_count + 1, sizeof *b.mesh_seen);
    b.joint_group = malloc((doc->node_count + 1) * sizeof *b.joint_group);
    b.skin_mats = calloc(doc->skin_count + 1, sizeof *b.skin_mats);
    b.material_of = malloc((doc->material_count + 1) * sizeof *b.material_of);
    b.image_stem = calloc(doc->image_count + 1, sizeof *b.image_stem);
    b.images = calloc(doc->image_count + 1, sizeof *b.images);
    if (out->source && out->face_start && (b.rest_world || doc->node_count == 0) && b.mesh_seen &&
        b.joint_group && b.skin_mats && b.material_of && b.image_stem && b.images) {
        for (size_t i = 0; i < doc->node_count; i++)
            b.joint_group[i] = RM_MESH_NONE;
        for (size_t i = 0; i < doc->material_count; i++)
            b.material_of[i] = RM_MESH_NONE;
        st = walk_scene(&b);
    }
    if (st == RM_OK && b.moved > 0)
        rm_diag_at(diag, RM_WARNING, doc->file, 0, 0,
                   "--rigid: %zu %s weighted to several joints went to %s heaviest joint", b.moved,
                   b.moved == 1 ? "vertex" : "vertices", b.moved == 1 ? "its" : "their");
    free(b.rest_world);
    free(b.mesh_seen);
    free(b.joint_group);
    free(b.touched);
    for (size_t i = 0; b.skin_mats && i < doc->skin_count; i++)
        free(b.skin_mats[i]);
    free(b.skin_mats);
    rm_gltf_materials_done(&b);
    rm_gltf_names_free(&b.group_names);
    if (st != RM_OK) {
        rm_mesh_free(out);
        rm_mesh_init(out);
        rm_gltf_groups_free(groups);
        return st;
    }
    trim(out);
    out->from_triangles = true;
    groups->count = out->group_count;
    return RM_OK;
}
