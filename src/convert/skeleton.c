/* src/convert/skeleton.c - BONE and ANIM from an rm_skeleton (--skeleton).

   Runs last, on the finished model: a bone's group is named by the OBJ,
   but the BONE record holds its index in GRUP, which is the converter's
   order (groups without polygons are dropped, the others ordered by their
   first face: groups.c). Pivots and root offsets go through the same axis
   change and scale as the points (positions.c); angles change sign with
   the axes (rm_cv_bone_angles). The messages name the JSON file and the
   line of the value, with the path of the bone or key (docs/skeleton.md). */
#include "core/format.h"
#include "formats/skeleton/sk_names.h"
#include "retromesh/skeleton.h"
#include "stages.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int16_t rm_cv_jo_angle(double degrees)
{
    /* 65536 / 360 in two steps: the product by 65536 is exact, so there is
       one rounding of the division, the same on every host. */
    double v = round(degrees * 65536.0 / 360.0);
    if (!isfinite(v))
        return 0;
    double m = fmod(v, 65536.0);        /* exact; in (-65536, 65536) */
    if (m < 0.0)
        m += 65536.0;                   /* now 0 .. 65535, a whole number */
    uint32_t u = (uint32_t)m;
    /* Two's complement by arithmetic: no implementation-defined cast. */
    return u >= 32768u ? (int16_t)((int32_t)u - 65536) : (int16_t)u;
}

void rm_cv_bone_angles(const double degrees[3], bool saturn_axes, int16_t out[3])
{
    /* (x, -y, -z) is a half turn about X: it commutes with turns about X
       and reverses turns about Y and Z (C * Ry(a) * C = Ry(-a)), and the
       order Rx * Ry * Rz is kept. */
    double s = saturn_axes ? 1.0 : -1.0;
    out[0] = rm_cv_jo_angle(degrees[0]);
    out[1] = rm_cv_jo_angle(s * degrees[1]);
    out[2] = rm_cv_jo_angle(s * degrees[2]);
}

typedef struct sk_conv {
    rm_cv_ctx *c;
    const rm_skeleton *s;
    const char *file;
    size_t errors;
} sk_conv;

static void sk_error(sk_conv *k, rm_skeleton_pos at, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void sk_error(sk_conv *k, rm_skeleton_pos at, const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = rm_vformat(fmt, ap);
    va_end(ap);
    rm_diag_at(k->c->diag, RM_ERROR, k->file, at.line, at.line ? at.col : 0, "%s: %s", where,
               msg ? msg : "(out of memory)");
    free(msg);
    k->errors++;
}

/* ---- a skeleton built by a program may break the reader's rules -------- */

static bool finite3(const double v[3])
{
    return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]);
}

static bool check_skeleton(sk_conv *k)
{
    const rm_skeleton *s = k->s;
    rm_diag *d = k->c->diag;
#define BAD(...) do { rm_diag_at(d, RM_ERROR, k->file, 0, 0, "the skeleton is inconsistent: " __VA_ARGS__); return false; } while (0)
    if (s->bone_count > RM_SKELETON_MAX_BONES)
        BAD("%zu bones, at most %d", s->bone_count, RM_SKELETON_MAX_BONES);
    if ((s->bone_count && !s->bones) || (s->animation_count && !s->animations))
        BAD("counts without arrays");
    for (size_t i = 0; i < s->bone_count; i++) {
        const rm_skeleton_bone *b = &s->bones[i];
        if (!b->name)
            BAD("bone %zu has no name", i);
        if (b->parent < -1 || (b->parent >= 0 && (size_t)b->parent >= i))
            BAD("bone %zu has parent %d: it must be -1 or a bone before it", i, b->parent);
        if (!finite3(b->pivot))
            BAD("bone %zu has a pivot that is not finite", i);
    }
    for (size_t i = 0; i < s->animation_count; i++) {
        const rm_skeleton_animation *a = &s->animations[i];
        if (!a->name)
            BAD("animation %zu has no name", i);
        if (a->key_ticks == 0)
            BAD("animation %zu has key_ticks 0", i);
        if (a->key_count == 0 || a->key_count > RM_SKELETON_MAX_KEYS || !a->keys)
            BAD("animation %zu has %zu keys (1 to %u)", i, a->key_count, RM_SKELETON_MAX_KEYS);
        for (size_t j = 0; j < a->key_count; j++) {
            const rm_skeleton_key *key = &a->keys[j];
            if (!finite3(key->root))
                BAD("animation %zu key %zu has a root that is not finite", i, j);
            if (s->bone_count && !key->angles)
                BAD("animation %zu key %zu has no angles", i, j);
            for (size_t b = 0; b < s->bone_count; b++)
                if (!finite3(key->angles[b]))
                    BAD("animation %zu key %zu has an angle that is not finite", i, j);
        }
    }
#undef BAD
    return true;
}

/* ---- bones ------------------------------------------------------------- */

/* A pivot or a root through the axes and the scale, to Q16.16; an error
   naming the axis that does not fit (as positions.c does for vertices). */
static bool convert_point(sk_conv *k, const double p[3], rm_skeleton_pos at, const char *where,
                          const char *what, rm_vec3x *out)
{
    static const char axis_name[3] = { 'x', 'y', 'z' };
    const rm_convert_options *o = &k->c->opt;
    rm_vec3d in = { p[0], p[1], p[2] };
    rm_vec3d q = rm_cv_axis_change(in, o->saturn_axes, o->scale);
    double fin[3] = { q.x, q.y, q.z };
    rm_fixed f[3];
    for (int a = 0; a < 3; a++) {
        if (rm_fixed_from_double(fin[a], &f[a]))
            continue;
        double scaled = p[a] * o->scale;
        rm_fixed dummy;
        if (rm_fixed_from_double(scaled, &dummy))
            sk_error(k, at, where,
                     "%s %c = %.10g after scale (%.10g in Saturn axes) is outside the Q16.16 "
                     "range (-32768 .. 32767.99998)",
                     what, axis_name[a], scaled, fin[a]);
        else
            sk_error(k, at, where,
                     "%s %c = %.10g after scale is outside the Q16.16 range (-32768 .. "
                     "32767.99998)",
                     what, axis_name[a], scaled);
        return false;
    }
    out->x = f[0];
    out->y = f[1];
    out->z = f[2];
    return true;
}

/* "body, leg_l, leg_r" (the GRUP names, up to 12), for a message. */
static void group_list(const rm_cv_ctx *c, char *buf, size_t size)
{
    buf[0] = 0;
    if (c->group_count == 0) {
        snprintf(buf, size, "the model has no groups with polygons");
        return;
    }
    size_t o = (size_t)snprintf(buf, size, "its groups: ");
    for (size_t g = 0; g < c->group_count && o < size; g++) {
        if (g == 12) {
            snprintf(buf + o, size - o, ", ... (%zu in all)", c->group_count);
            return;
        }
        const char *name = c->mesh->groups[c->groups[g].mesh_group].name;
        o += (size_t)snprintf(buf + o, size - o, "%s%s", g ? ", " : "", name ? name : "");
    }
}

/* The GRUP index of the group a bone names; an error when it is not there. */
static bool resolve_group(sk_conv *k, size_t i, uint16_t *index)
{
    const rm_cv_ctx *c = k->c;
    const rm_mesh *m = c->mesh;
    const rm_skeleton_bone *b = &k->s->bones[i];
    char where[256], q[SK_QUOTE_SIZE];
    sk_label(where, sizeof where, "bones", i, b->name);
    sk_quote(b->group, q, sizeof q);
    size_t found = SIZE_MAX, dropped = SIZE_MAX, similar = SIZE_MAX;
    for (size_t g = 0; g < m->group_count; g++) {
        const char *name = m->groups[g].name;
        if (!name)
            continue;
        if (strcmp(name, b->group) == 0) {
            if (c->group_index && c->group_index[g] != UINT32_MAX) {
                found = g;
                break;
            }
            dropped = g;
        } else if (similar == SIZE_MAX && sk_same_ignoring_case(name, b->group) && c->group_index &&
                   c->group_index[g] != UINT32_MAX) {
            similar = g;
        }
    }
    if (found != SIZE_MAX) {
        *index = (uint16_t)c->group_index[found];
        return true;
    }
    if (dropped != SIZE_MAX) {
        sk_error(k, b->group_at, where,
                 "group %s has no polygons in the model, so the converter leaves it out of GRUP "
                 "(give the bone no group, or give the group faces)",
                 q);
        return false;
    }
    if (similar != SIZE_MAX) {
        char h[SK_QUOTE_SIZE];
        sk_quote(m->groups[similar].name, h, sizeof h);
        sk_error(k, b->group_at, where, "group %s is not a group of the model (did you mean %s?)",
                 q, h);
        return false;
    }
    char list[512];
    group_list(c, list, sizeof list);
    sk_error(k, b->group_at, where, "group %s is not a group of the model (%s)", q, list);
    return false;
}

static rm_status build_bones(sk_conv *k, rm_jom_model *out)
{
    const rm_skeleton *s = k->s;
    if (s->bone_count == 0)
        return RM_OK;
    out->bones = calloc(s->bone_count, sizeof *out->bones);
    if (!out->bones)
        return RM_NOMEM;
    out->bone_count = (uint32_t)s->bone_count;
    for (size_t i = 0; i < s->bone_count; i++) {
        const rm_skeleton_bone *b = &s->bones[i];
        rm_jom_bone *r = &out->bones[i];
        char where[256];
        sk_label(where, sizeof where, "bones", i, b->name);
        rm_cv_truncate_name(b->name, r->name);
        r->parent = (int16_t)b->parent;
        r->group = (uint16_t)RM_JOM_BONE_NO_GROUP;
        if (b->group && resolve_group(k, i, &r->group)) {
            /* The reader checks this by name; a program-built skeleton may
               name one group twice. */
            for (size_t j = 0; j < i; j++) {
                if (out->bones[j].group != r->group)
                    continue;
                char q[SK_QUOTE_SIZE], other[256];
                sk_quote(b->group, q, sizeof q);
                sk_label(other, sizeof other, "bones", j, s->bones[j].name);
                sk_error(k, b->group_at, where,
                         "group %s is already moved by %s (a group belongs to one bone at most)",
                         q, other);
                break;
            }
        }
        convert_point(k, b->pivot, b->pivot_at, where, "pivot", &r->pivot);
    }
    return RM_OK;
}

/* ---- animations -------------------------------------------------------- */

static rm_status build_animations(sk_conv *k, rm_jom_model *out)
{
    const rm_skeleton *s = k->s;
    if (s->animation_count == 0)
        return RM_OK;
    out->animations = calloc(s->animation_count, sizeof *out->animations);
    if (!out->animations)
        return RM_NOMEM;
    out->animation_count = (uint32_t)s->animation_count;
    bool saturn = k->c->opt.saturn_axes;
    for (size_t i = 0; i < s->animation_count; i++) {
        const rm_skeleton_animation *a = &s->animations[i];
        rm_jom_animation *r = &out->animations[i];
        rm_cv_truncate_name(a->name, r->name);
        r->key_count = (uint16_t)a->key_count;
        r->key_ticks = a->key_ticks;
        r->flags = a->loop ? (uint16_t)RM_JOM_ANIMATION_LOOP : 0;
        r->duplicate = 0;
        r->keys = calloc(a->key_count, sizeof *r->keys);
        if (!r->keys)
            return RM_NOMEM;
        char where[300];
        for (size_t j = 0; j < a->key_count; j++) {
            const rm_skeleton_key *key = &a->keys[j];
            sk_label(where, sizeof where, "animations", i, a->name);
            size_t len = strlen(where);
            snprintf(where + len, sizeof where - len, " keys[%zu]", j);
            convert_point(k, key->root, key->root_at, where, "root", &r->keys[j].root);
            for (size_t b = 0; b < s->bone_count; b++)
                rm_cv_bone_angles(key->angles[b], saturn, r->keys[j].angles[b]);
        }
    }
    return RM_OK;
}

rm_status rm_cv_build_skeleton(rm_cv_ctx *c, rm_jom_model *out)
{
    const rm_skeleton *s = c->opt.skeleton;
    if (!s)
        return RM_OK;
    sk_conv k = { c, s, s->source ? s->source : "<skeleton>", 0 };
    if (!check_skeleton(&k))
        return RM_INVALID;
    out->has_skeleton = true;
    rm_status st = build_bones(&k, out);
    if (st == RM_OK)
        st = build_animations(&k, out);
    if (st == RM_OK && k.errors)
        st = RM_INVALID;
    return st;
}
