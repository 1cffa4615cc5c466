/* src/formats/gltf/rig_bones.c - which nodes are bones, in which order,
   their parents and pivots; and the mesh's groups given to the bones.

   Two set-ups (docs/gltf.md):
   (b) a mesh node of the scene has a skin: the bones are the joints of
       the skins in use (their union), plus the ancestors of those joints
       that are joints of some skin;
   (a) otherwise: the nodes an animation channel moves (translation,
       rotation, scale) that are mesh nodes or have a mesh node below.
   Order: depth first through the scene (children in order), so a parent
   comes before its children; for set-up (b) the nodes outside the scene
   follow (a skin may name joints there). A bone's parent is its nearest
   ancestor that is a bone. Its pivot is its rest world position. */
#include "rig.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rm_gltf_rig_node_name(const rm_gltf_doc *doc, uint32_t node, char *buf, size_t size)
{
    const char *n = doc->nodes[node].name;
    if (n && *n)
        return n;
    snprintf(buf, size, "node%u", (unsigned)node);
    return buf;
}

/* The root nodes of the default scene (scene, else scenes[0], else every
   root node: then *all set, the caller walks every node with no parent). */
static const uint32_t *scene_roots(const rm_gltf_doc *doc, size_t *count)
{
    if (doc->scene >= 0 && (size_t)doc->scene < doc->scene_count) {
        *count = doc->scenes[doc->scene].node_count;
        return doc->scenes[doc->scene].nodes;
    }
    if (doc->scene < 0 && doc->scene_count > 0) {
        *count = doc->scenes[0].node_count;
        return doc->scenes[0].nodes;
    }
    *count = 0;
    return NULL;
}

/* Appends to `order` the nodes below `root` (itself first), depth first,
   children in order, skipping nodes already seen. `stack` has room for
   node_count entries. */
static void walk(const rm_gltf_doc *doc, uint32_t root, uint8_t *seen, uint32_t *order,
                 size_t *n, uint32_t *stack, size_t *child_at)
{
    if (root >= doc->node_count || seen[root])
        return;
    size_t top = 0;
    stack[top] = root;
    child_at[top] = 0;
    seen[root] = 1;
    order[(*n)++] = root;
    top = 1;
    while (top > 0) {
        const rm_gltf_node *nd = &doc->nodes[stack[top - 1]];
        if (child_at[top - 1] >= nd->child_count) {
            top--;
            continue;
        }
        uint32_t c = nd->children[child_at[top - 1]++];
        if (c >= doc->node_count || seen[c])
            continue;       /* the loader makes the graph a forest: defensive only */
        seen[c] = 1;
        order[(*n)++] = c;
        stack[top] = c;
        child_at[top] = 0;
        top++;
    }
}

void rm_gltf_rig_bones_free(rm_gltf_rig_bones *b)
{
    if (!b)
        return;
    free(b->bone_of_node);
    b->bone_of_node = NULL;
    b->count = 0;
}

/* Marks `node` and every ancestor in `mark` (stops at a marked one). */
static void mark_up(const rm_gltf_doc *doc, uint32_t node, uint8_t *mark, uint8_t bit)
{
    size_t guard = 0;
    while (node < doc->node_count && !(mark[node] & bit) && guard++ <= doc->node_count) {
        mark[node] |= bit;
        int32_t p = doc->nodes[node].parent;
        if (p < 0)
            break;
        node = (uint32_t)p;
    }
}

enum {
    IN_SCENE = 1,       /* reached from the scene's roots */
    MESH_BELOW = 2,     /* a mesh node of the scene at or below */
    USED_JOINT = 4,     /* a joint of a skin in use */
    ANY_JOINT = 8,      /* a joint of some skin */
    ABOVE_USED = 16,    /* a used joint at or below */
    ANIMATED = 32,      /* a T/R/S channel targets it */
    BONE = 64
};

rm_status rm_gltf_rig_find_bones(const rm_gltf_doc *doc, const double *rest, rm_gltf_rig_bones *b,
                                 rm_diag *diag)
{
    memset(b, 0, sizeof *b);
    size_t nn = doc->node_count;
    if (nn == 0)
        return RM_OK;
    uint8_t *flag = calloc(nn, 1);
    uint8_t *seen = calloc(nn, 1);
    uint32_t *order = malloc(nn * sizeof *order);
    uint32_t *stack = malloc(nn * sizeof *stack);
    size_t *child_at = malloc(nn * sizeof *child_at);
    b->bone_of_node = malloc(nn * sizeof *b->bone_of_node);
    rm_status st = RM_OK;
    if (!flag || !seen || !order || !stack || !child_at || !b->bone_of_node) {
        st = RM_NOMEM;
        goto done;
    }
    for (size_t i = 0; i < nn; i++)
        b->bone_of_node[i] = -1;

    /* The scene in depth-first order. */
    size_t n = 0, root_count = 0;
    const uint32_t *roots = scene_roots(doc, &root_count);
    if (roots) {
        for (size_t i = 0; i < root_count; i++)
            walk(doc, roots[i], seen, order, &n, stack, child_at);
    } else {
        for (uint32_t i = 0; i < nn; i++)
            if (doc->nodes[i].parent < 0)
                walk(doc, i, seen, order, &n, stack, child_at);
    }
    size_t in_scene = n;
    for (size_t i = 0; i < in_scene; i++)
        flag[order[i]] |= IN_SCENE;

    /* Skins in use: those of the scene's mesh nodes. */
    int32_t first_skin = -1;
    for (size_t i = 0; i < in_scene; i++) {
        const rm_gltf_node *nd = &doc->nodes[order[i]];
        if (nd->mesh < 0)
            continue;
        mark_up(doc, order[i], flag, MESH_BELOW);
        if (nd->skin >= 0 && (size_t)nd->skin < doc->skin_count) {
            b->skinned = true;
            if (first_skin < 0)
                first_skin = nd->skin;
            const rm_gltf_skin *sk = &doc->skins[nd->skin];
            for (size_t j = 0; j < sk->joint_count; j++)
                if (sk->joints[j] < nn)
                    flag[sk->joints[j]] |= USED_JOINT;
        }
    }

    if (b->skinned) {
        /* Joints outside the scene still are bones: walk the rest too. */
        for (uint32_t i = 0; i < nn; i++)
            if (doc->nodes[i].parent < 0)
                walk(doc, i, seen, order, &n, stack, child_at);
        for (size_t s = 0; s < doc->skin_count; s++)
            for (size_t j = 0; j < doc->skins[s].joint_count; j++)
                if (doc->skins[s].joints[j] < nn)
                    flag[doc->skins[s].joints[j]] |= ANY_JOINT;
        for (uint32_t i = 0; i < nn; i++)
            if (flag[i] & USED_JOINT)
                mark_up(doc, i, flag, ABOVE_USED);
        for (uint32_t i = 0; i < nn; i++)
            if ((flag[i] & USED_JOINT) || ((flag[i] & ANY_JOINT) && (flag[i] & ABOVE_USED)))
                flag[i] |= BONE;
    } else {
        for (size_t a = 0; a < doc->animation_count; a++) {
            const rm_gltf_animation *an = &doc->animations[a];
            for (size_t c = 0; c < an->channel_count; c++) {
                const rm_gltf_channel *ch = &an->channels[c];
                if (ch->node < 0 || (size_t)ch->node >= nn)
                    continue;
                if (ch->path != RM_GLTF_PATH_TRANSLATION && ch->path != RM_GLTF_PATH_ROTATION &&
                    ch->path != RM_GLTF_PATH_SCALE)
                    continue;
                if (doc->nodes[ch->node].has_matrix)
                    continue;   /* glTF forbids it; the loader refuses it */
                flag[ch->node] |= ANIMATED;
            }
        }
        for (uint32_t i = 0; i < nn; i++)
            if ((flag[i] & ANIMATED) && (flag[i] & MESH_BELOW) && (flag[i] & IN_SCENE))
                flag[i] |= BONE;
    }

    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        if (flag[order[i]] & BONE)
            count++;
    if (count > RM_SKELETON_MAX_BONES) {
        char path[64];
        if (b->skinned)
            snprintf(path, sizeof path, "/skins/%d", (int)first_skin);
        else
            snprintf(path, sizeof path, "/nodes");
        rm_gltf_error(doc, diag, path, "%zu bones, a Jo Engine model has at most %d (JO_3D_MAX_BONES)",
                      count, RM_SKELETON_MAX_BONES);
        st = RM_INVALID;
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t node = order[i];
        if (!(flag[node] & BONE))
            continue;
        size_t k = b->count++;
        b->node[k] = node;
        b->bone_of_node[node] = (int32_t)k;
        b->parent[k] = -1;
        /* Ancestors come first in the order: their bone index is known. */
        int32_t p = doc->nodes[node].parent;
        for (size_t guard = 0; p >= 0 && (size_t)p < nn && guard <= nn; guard++) {
            if (b->bone_of_node[p] >= 0) {
                b->parent[k] = b->bone_of_node[p];
                break;
            }
            p = doc->nodes[p].parent;
        }
        const double *w = rest + (size_t)node * 16;
        b->pivot[k][0] = w[12];
        b->pivot[k][1] = w[13];
        b->pivot[k][2] = w[14];
    }

done:
    free(flag);
    free(seen);
    free(order);
    free(stack);
    free(child_at);
    if (st != RM_OK)
        rm_gltf_rig_bones_free(b);
    return st;
}

/* ---- groups -------------------------------------------------------------- */

/* The bone at or nearest above `node`, -1: none. */
static int bone_at_or_above(const rm_gltf_doc *doc, const rm_gltf_rig_bones *b, uint32_t node)
{
    for (size_t guard = 0; node < doc->node_count && guard <= doc->node_count; guard++) {
        if (b->bone_of_node[node] >= 0)
            return b->bone_of_node[node];
        int32_t p = doc->nodes[node].parent;
        if (p < 0)
            return -1;
        node = (uint32_t)p;
    }
    return -1;
}

static bool name_taken(const rm_mesh *mesh, const char *name, size_t except, const int *keep)
{
    for (size_t g = 0; g < mesh->group_count; g++)
        if (g != except && keep[g] && mesh->groups[g].name &&
            strcmp(mesh->groups[g].name, name) == 0)
            return true;
    return false;
}

/* `base`, or base.1, base.2... when another kept group has that name. */
static char *unique_name(const rm_mesh *mesh, const char *base, size_t except, const int *keep)
{
    size_t len = strlen(base);
    char *name = malloc(len + 24);
    if (!name)
        return NULL;
    memcpy(name, base, len + 1);
    for (unsigned k = 1; name_taken(mesh, name, except, keep); k++)
        snprintf(name + len, 24, ".%u", k);
    return name;
}

/* Puts the faces of each group together, as the converter would (faces
   without a group first, then the groups in the order of their first
   face, each keeping its face order), so that joined groups do not make it
   warn that a group "continues after other groups". Every per-face and
   per-corner array is rebuilt in the new order. */
static rm_status gather_faces(rm_mesh *m)
{
    size_t fc = m->face_count, gc = m->group_count, cc = rm_mesh_corner_count(m);
    if (fc < 2)
        return RM_OK;
    size_t *rank = malloc((gc + 1) * sizeof *rank);     /* group -> place, 0: no group */
    size_t *start = calloc(gc + 2, sizeof *start);
    uint32_t *perm = malloc(fc * sizeof *perm);
    uint32_t *fs = malloc((fc + 1) * sizeof *fs), *cp = malloc((cc ? cc : 1) * sizeof *cp);
    uint32_t *fm = malloc(fc * sizeof *fm), *fg = malloc(fc * sizeof *fg);
    int32_t *cu = m->corner_uv ? malloc((cc ? cc : 1) * sizeof *cu) : NULL;
    int32_t *cn = m->corner_normal ? malloc((cc ? cc : 1) * sizeof *cn) : NULL;
    unsigned long *fl = m->face_line ? malloc(fc * sizeof *fl) : NULL;
    uint32_t *fcol = m->face_column ? malloc(fc * sizeof *fcol) : NULL;
    if (!rank || !start || !perm || !fs || !cp || !fm || !fg || (m->corner_uv && !cu) ||
        (m->corner_normal && !cn) || (m->face_line && !fl) || (m->face_column && !fcol)) {
        free(rank), free(start), free(perm), free(fs), free(cp), free(fm), free(fg);
        free(cu), free(cn), free(fl), free(fcol);
        return RM_NOMEM;
    }
    for (size_t g = 0; g < gc; g++)
        rank[g] = SIZE_MAX;
    size_t next = 1;
    for (size_t f = 0; f < fc; f++) {
        uint32_t g = m->face_group[f];
        if (g < gc && rank[g] == SIZE_MAX)
            rank[g] = next++;
    }
    /* A stable counting sort of the faces by rank. */
    for (size_t f = 0; f < fc; f++) {
        uint32_t g = m->face_group[f];
        start[(g < gc ? rank[g] : 0) + 1]++;
    }
    for (size_t r = 1; r <= gc + 1; r++)
        start[r] += start[r - 1];
    for (size_t f = 0; f < fc; f++) {
        uint32_t g = m->face_group[f];
        perm[start[g < gc ? rank[g] : 0]++] = (uint32_t)f;
    }
    uint32_t at = 0;
    for (size_t nf = 0; nf < fc; nf++) {
        uint32_t f = perm[nf];
        uint32_t a = m->face_start[f], n = m->face_start[f + 1] - a;
        fs[nf] = at;
        memcpy(cp + at, m->corner_position + a, n * sizeof *cp);
        if (cu)
            memcpy(cu + at, m->corner_uv + a, n * sizeof *cu);
        if (cn)
            memcpy(cn + at, m->corner_normal + a, n * sizeof *cn);
        fm[nf] = m->face_material[f];
        fg[nf] = m->face_group[f];
        if (fl)
            fl[nf] = m->face_line[f];
        if (fcol)
            fcol[nf] = m->face_column[f];
        at += n;
    }
    fs[fc] = at;
    free(m->face_start), m->face_start = fs;
    free(m->corner_position), m->corner_position = cp;
    free(m->face_material), m->face_material = fm;
    free(m->face_group), m->face_group = fg;
    if (cu)
        free(m->corner_uv), m->corner_uv = cu;
    if (cn)
        free(m->corner_normal), m->corner_normal = cn;
    if (fl)
        free(m->face_line), m->face_line = fl;
    if (fcol)
        free(m->face_column), m->face_column = fcol;
    free(rank);
    free(start);
    free(perm);
    return RM_OK;
}

rm_status rm_gltf_rig_groups(const rm_gltf_doc *doc, const rm_gltf_rig_bones *b,
                             const rm_gltf_groups *groups, rm_mesh *mesh, rm_skeleton *s)
{
    size_t gc = mesh->group_count;
    if (!groups || gc == 0 || b->count == 0)
        return RM_OK;
    if (groups->count < gc)
        gc = groups->count;     /* the mesh step keeps them equal */
    int *bone = malloc(mesh->group_count * sizeof *bone);
    int *keep = malloc(mesh->group_count * sizeof *keep);
    uint32_t *remap = malloc(mesh->group_count * sizeof *remap);
    size_t *faces = calloc(mesh->group_count, sizeof *faces);
    if (!bone || !keep || !remap || !faces) {
        free(bone);
        free(keep);
        free(remap);
        free(faces);
        return RM_NOMEM;
    }
    rm_status st = RM_OK;
    for (size_t g = 0; g < mesh->group_count; g++) {
        bone[g] = g < gc ? bone_at_or_above(doc, b, groups->node[g]) : -1;
        keep[g] = 1;
        remap[g] = (uint32_t)g;
    }
    /* The first group of each bone takes the others' faces. */
    int first[RM_SKELETON_MAX_BONES];
    size_t members[RM_SKELETON_MAX_BONES] = { 0 };
    for (size_t i = 0; i < RM_SKELETON_MAX_BONES; i++)
        first[i] = -1;
    for (size_t g = 0; g < mesh->group_count; g++) {
        if (bone[g] < 0)
            continue;
        if (first[bone[g]] < 0)
            first[bone[g]] = (int)g;
        else
            keep[g] = 0;
        members[bone[g]]++;
    }
    for (size_t g = 0; g < mesh->group_count; g++)
        if (bone[g] >= 0)
            remap[g] = (uint32_t)first[bone[g]];
    /* Joined groups are named after their bone. */
    for (size_t i = 0; i < b->count; i++) {
        if (members[i] < 2)
            continue;
        size_t g = (size_t)first[i];
        char *name = unique_name(mesh, s->bones[i].name, g, keep);
        if (!name) {
            st = RM_NOMEM;
            goto done;
        }
        free(mesh->groups[g].name);
        mesh->groups[g].name = name;
    }
    /* Drop the emptied groups, keeping the order of the others. */
    size_t out = 0;
    uint32_t *slot = malloc(mesh->group_count * sizeof *slot);
    if (!slot) {
        st = RM_NOMEM;
        goto done;
    }
    for (size_t g = 0; g < mesh->group_count; g++) {
        if (!keep[g]) {
            free(mesh->groups[g].name);
            mesh->groups[g].name = NULL;
            continue;
        }
        slot[g] = (uint32_t)out;
        mesh->groups[out++] = mesh->groups[g];
    }
    for (size_t f = 0; f < mesh->face_count; f++) {
        uint32_t g = mesh->face_group[f];
        if (g == RM_MESH_NONE || g >= mesh->group_count)
            continue;
        uint32_t ng = slot[remap[g]];
        mesh->face_group[f] = ng;
        faces[ng]++;
    }
    mesh->group_count = out;
    bool joined = false;
    for (size_t i = 0; i < b->count; i++)
        joined = joined || members[i] > 1;
    if (joined && (st = gather_faces(mesh)) != RM_OK) {
        free(slot);
        goto done;
    }
    for (size_t i = 0; i < b->count; i++) {
        if (first[i] < 0)
            continue;
        uint32_t g = slot[first[i]];
        /* A group without faces is left out of GRUP by the converter,
           which would refuse a bone naming it. */
        if (faces[g] == 0 || !mesh->groups[g].name)
            continue;
        s->bones[i].group = strdup(mesh->groups[g].name);
        if (!s->bones[i].group) {
            st = RM_NOMEM;
            break;
        }
    }
    free(slot);
done:
    free(bone);
    free(keep);
    free(remap);
    free(faces);
    return st;
}
