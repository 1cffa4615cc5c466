/* src/formats/gltf/rig.c - rm_gltf_rig (gltf_internal.h): the rigid
   skeleton of a glTF model, run after the mesh step.

   The --loop/--once names are checked first (an error even for a model
   without bones); then the bones (rig_bones.c), the groups given to them
   (the mesh is changed when several groups of one bone are joined), every
   animation sampled (rig_anim.c), its loop decided (rig_loop.c). The
   converter cuts names to 15 bytes without a word (the JSON reader warns
   about them for a rig file), so the warning is given here. */
#include "rig.h"

#include "formats/skeleton/sk_names.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest distance of a point or a pivot from the origin, 1 when all
   are at the origin: the scale of the tolerances. */
static double model_radius(const rm_mesh *mesh, const rm_gltf_rig_bones *b)
{
    double r2 = 0;
    for (size_t i = 0; i < mesh->position_count; i++) {
        const rm_vec3d *p = &mesh->positions[i];
        double d = p->x * p->x + p->y * p->y + p->z * p->z;
        if (d > r2)
            r2 = d;
    }
    for (size_t j = 0; j < b->count; j++) {
        const double *p = b->pivot[j];
        double d = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
        if (d > r2)
            r2 = d;
    }
    double r = sqrt(r2);
    return r > 0 && isfinite(r) ? r : 1.0;
}

static void warn_cut(const rm_gltf_doc *doc, rm_diag *diag, const char *path, const char *what,
                     const char *name)
{
    if (strlen(name) <= 15)
        return;
    char q[SK_QUOTE_SIZE];
    sk_quote(name, q, sizeof q);
    rm_gltf_warning(doc, diag, path, "%s %s is cut to 15 bytes in the model (\"%.15s\")", what, q,
                    name);
}

/* The same name for the engine's jo_3d_model_find_bone()/find_animation():
   the first 15 bytes, ASCII case ignored. */
static bool same_for_engine(const char *a, const char *b)
{
    for (size_t i = 0; i < 15; i++) {
        int x = (unsigned char)a[i], y = (unsigned char)b[i];
        x = x >= 'A' && x <= 'Z' ? x - 'A' + 'a' : x;
        y = y >= 'A' && y <= 'Z' ? y - 'A' + 'a' : y;
        if (x != y)
            return false;
        if (x == 0)
            return true;
    }
    return true;
}

/* One warning for each bone or animation the engine cannot find by name
   because an earlier one has the same (the format allows it). */
static void warn_same_names(const rm_gltf_doc *doc, const rm_skeleton *s, const rm_gltf_rig_bones *b,
                            rm_diag *diag)
{
    for (size_t j = 1; j < s->bone_count; j++)
        for (size_t i = 0; i < j; i++) {
            if (!same_for_engine(s->bones[i].name, s->bones[j].name))
                continue;
            char qi[SK_QUOTE_SIZE], qj[SK_QUOTE_SIZE], path[SK_QUOTE_SIZE + 64];
            sk_quote(s->bones[i].name, qi, sizeof qi);
            sk_quote(s->bones[j].name, qj, sizeof qj);
            snprintf(path, sizeof path, "/nodes/%u %s", (unsigned)b->node[j], qj);
            rm_gltf_warning(doc, diag, path, "the bone's name is the same as /nodes/%u %s for "
                            "jo_3d_model_find_bone() (first 15 bytes, case ignored): it finds "
                            "/nodes/%u only", (unsigned)b->node[i], qi, (unsigned)b->node[i]);
            break;
        }
    for (size_t j = 1; j < s->animation_count; j++)
        for (size_t i = 0; i < j; i++) {
            if (!same_for_engine(s->animations[i].name, s->animations[j].name))
                continue;
            char qi[SK_QUOTE_SIZE], qj[SK_QUOTE_SIZE], path[SK_QUOTE_SIZE + 64];
            sk_quote(s->animations[i].name, qi, sizeof qi);
            sk_quote(s->animations[j].name, qj, sizeof qj);
            snprintf(path, sizeof path, "/animations/%zu %s", j, qj);
            rm_gltf_warning(doc, diag, path, "the name is the same as /animations/%zu %s for "
                            "jo_3d_model_find_animation() (first 15 bytes, case ignored): it finds "
                            "/animations/%zu only, and the loader marks this one as a duplicate",
                            i, qi, i);
            break;
        }
}

rm_status rm_gltf_rig(const rm_gltf_doc *doc, const rm_gltf_options *opt, rm_mesh *mesh,
                      const rm_gltf_groups *groups, rm_skeleton **out, rm_diag *diag)
{
    *out = NULL;
    rm_status st = rm_gltf_rig_check_loop_names(doc, opt, diag);
    if (st != RM_OK)
        return st;
    if (doc->node_count == 0) {
        if (doc->animation_count)
            rm_gltf_warning(doc, diag, "/animations", "the file has no nodes: its animations are "
                            "ignored");
        return RM_OK;
    }
    double *rest = rm_gltf_rest_world(doc);
    if (!rest)
        return RM_NOMEM;
    rm_gltf_rig_bones b;
    st = rm_gltf_rig_find_bones(doc, rest, &b, diag);
    if (st != RM_OK) {
        free(rest);
        return st;
    }
    if (b.count == 0) {
        if (doc->animation_count)
            rm_gltf_warning(doc, diag, "/animations", "%zu animation%s but no bone to move (no "
                            "skin in use, and no animated node at or above a mesh node): ignored",
                            doc->animation_count, doc->animation_count == 1 ? "" : "s");
        rm_gltf_rig_bones_free(&b);
        free(rest);
        return RM_OK;
    }

    rm_skeleton *s = malloc(sizeof *s);
    if (!s) {
        st = RM_NOMEM;
        goto fail;
    }
    rm_skeleton_init(s);
    s->source = strdup(doc->file ? doc->file : "<glTF>");
    s->bones = calloc(b.count, sizeof *s->bones);
    if (!s->source || !s->bones) {
        st = RM_NOMEM;
        goto fail;
    }
    s->bone_count = b.count;
    for (size_t j = 0; j < b.count; j++) {
        char nb[48];
        s->bones[j].name = strdup(rm_gltf_rig_node_name(doc, b.node[j], nb, sizeof nb));
        if (!s->bones[j].name) {
            st = RM_NOMEM;
            goto fail;
        }
        s->bones[j].parent = b.parent[j];
        memcpy(s->bones[j].pivot, b.pivot[j], sizeof s->bones[j].pivot);
        char path[64];
        snprintf(path, sizeof path, "/nodes/%u", (unsigned)b.node[j]);
        warn_cut(doc, diag, path, "bone name", s->bones[j].name);
    }
    st = rm_gltf_rig_groups(doc, &b, groups, mesh, s);
    if (st != RM_OK)
        goto fail;

    double radius = model_radius(mesh, &b);
    if (doc->animation_count) {
        s->animations = calloc(doc->animation_count, sizeof *s->animations);
        if (!s->animations) {
            st = RM_NOMEM;
            goto fail;
        }
    }
    for (size_t i = 0; i < doc->animation_count; i++) {
        st = rm_gltf_rig_animation(doc, opt, &b, rest, i, radius, &s->animations[i], diag);
        if (st != RM_OK)
            goto fail;
        s->animation_count = i + 1;
        rm_gltf_rig_loop(opt, b.count, radius, &s->animations[i]);
        char path[64];
        snprintf(path, sizeof path, "/animations/%zu", i);
        warn_cut(doc, diag, path, "name", s->animations[i].name);
    }
    warn_same_names(doc, s, &b, diag);
    rm_gltf_rig_bones_free(&b);
    free(rest);
    *out = s;
    return RM_OK;

fail:
    if (s) {
        rm_skeleton_free(s);
        free(s);
    }
    rm_gltf_rig_bones_free(&b);
    free(rest);
    return st;
}
