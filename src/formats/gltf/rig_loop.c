/* src/formats/gltf/rig_loop.c - which sampled animations loop.

   An animation whose last sampled pose is its first (every angle within
   0.01 degree, modulo a turn; the root offset within 1e-5 of the model's
   radius, or 1e-6 when that is smaller) is a loop: JO_3D_ANIMATION_LOOP,
   and the last key is dropped, since the engine goes from the last key
   back to the first by itself (keeping it would hold the pose twice).
   --loop NAME makes it a loop whatever the poses (the last key dropped
   only when it repeats the first); --once NAME plays it once and keeps
   every key. The names must be animations of the file, and not in both. */
#include "rig.h"

#include "formats/skeleton/sk_names.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool listed(const char *const *names, size_t count, const char *name)
{
    for (size_t i = 0; names && i < count; i++)
        if (names[i] && strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* "walk, wave" (up to 20 names, then ", ..."), or "" when none. */
static void animation_list(const rm_gltf_doc *doc, char *buf, size_t size)
{
    size_t o = 0;
    buf[0] = 0;
    for (size_t i = 0; i < doc->animation_count && o + 1 < size; i++) {
        if (i == 20) {
            snprintf(buf + o, size - o, ", ...");
            return;
        }
        char nb[48];
        const char *n = rm_gltf_rig_animation_name(doc, i, nb, sizeof nb);
        int w = snprintf(buf + o, size - o, "%s%s", i ? ", " : "", n);
        if (w < 0)
            return;
        o += (size_t)w;
        if (o >= size)
            return;
    }
}

static bool has_animation(const rm_gltf_doc *doc, const char *name)
{
    for (size_t i = 0; i < doc->animation_count; i++) {
        char nb[48];
        if (strcmp(rm_gltf_rig_animation_name(doc, i, nb, sizeof nb), name) == 0)
            return true;
    }
    return false;
}

static size_t check_list(const rm_gltf_doc *doc, const char *option, const char *const *names,
                         size_t count, rm_diag *diag)
{
    size_t errors = 0;
    for (size_t i = 0; names && i < count; i++) {
        const char *n = names[i] ? names[i] : "";
        if (has_animation(doc, n))
            continue;
        char q[SK_QUOTE_SIZE], list[1024];
        sk_quote(n, q, sizeof q);
        animation_list(doc, list, sizeof list);
        if (doc->animation_count)
            rm_diag_at(diag, RM_ERROR, doc->file, 0, 0,
                       "%s %s: no animation of that name (the file has: %s)", option, q, list);
        else
            rm_diag_at(diag, RM_ERROR, doc->file, 0, 0,
                       "%s %s: no animation of that name (the file has no animations)", option, q);
        errors++;
    }
    return errors;
}

rm_status rm_gltf_rig_check_loop_names(const rm_gltf_doc *doc, const rm_gltf_options *opt,
                                       rm_diag *diag)
{
    if (!opt)
        return RM_OK;
    size_t errors = check_list(doc, "--loop", opt->loop, opt->loop_count, diag);
    errors += check_list(doc, "--once", opt->once, opt->once_count, diag);
    for (size_t i = 0; opt->loop && i < opt->loop_count; i++) {
        if (!opt->loop[i] || !listed(opt->once, opt->once_count, opt->loop[i]))
            continue;
        /* Once per name, even when it is given twice. */
        if (listed(opt->loop, i, opt->loop[i]))
            continue;
        char q[SK_QUOTE_SIZE];
        sk_quote(opt->loop[i], q, sizeof q);
        rm_diag_at(diag, RM_ERROR, doc->file, 0, 0,
                   "--loop %s and --once %s: an animation either loops or plays once, give one of "
                   "them", q, q);
        errors++;
    }
    return errors ? RM_INVALID : RM_OK;
}

static bool same_angle(double a, double b)
{
    double d = fmod(fabs(a - b), 360.0);
    if (d > 180.0)
        d = 360.0 - d;
    return d <= 0.01;
}

static bool same_pose(const rm_skeleton_key *a, const rm_skeleton_key *b, size_t bone_count,
                      double tol)
{
    for (int i = 0; i < 3; i++)
        if (!(fabs(a->root[i] - b->root[i]) <= tol))
            return false;
    for (size_t j = 0; j < bone_count; j++)
        for (int i = 0; i < 3; i++)
            if (!same_angle(a->angles[j][i], b->angles[j][i]))
                return false;
    return true;
}

void rm_gltf_rig_loop(const rm_gltf_options *opt, size_t bone_count, double radius,
                      rm_skeleton_animation *a)
{
    if (a->key_count == 0)
        return;
    double tol = 1e-5 * radius;
    if (!(tol >= 1e-6))
        tol = 1e-6;
    bool repeats = same_pose(&a->keys[0], &a->keys[a->key_count - 1], bone_count, tol);
    if (opt && listed(opt->once, opt->once_count, a->name)) {
        a->loop = false;
        return;
    }
    a->loop = repeats || (opt && listed(opt->loop, opt->loop_count, a->name));
    if (repeats && a->key_count > 1)
        a->key_count--;     /* its angle rows stay in angle_block, unused */
}
