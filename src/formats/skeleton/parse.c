/* src/formats/skeleton/parse.c - rm_skeleton_parse(): the JSON file of
   `--skeleton` (docs/skeleton.md) into an rm_skeleton.

   jansson reads the text (duplicate keys rejected, every number as a
   double); this file checks the document against the format and copies
   it into plain structs. Every problem found is reported, each with the
   path of the value (bones[2] "leg_l": ...) and, for the first
   SK_MAX_LOCATED messages, its line and column, found again in the text
   by json_where.c (jansson keeps no positions). A valid document is then
   walked once more (json_where.c, linear) to note where each bone, key
   and pivot is, for the converter's messages. */
#include "retromesh/skeleton.h"

#include "core/alloc.h"
#include "core/format.h"
#include "core/json_text.h"
#include "json_where.h"
#include "sk_names.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Messages after this many are not located in the text (each search reads
   the text from the start); they still name the path of the value. */
#define SK_MAX_LOCATED 100
#define SK_MAX_PATH 8
#define SK_WHERE_SIZE 512

typedef struct sk_path {
    sk_step s[SK_MAX_PATH];
    size_t n;
} sk_path;

typedef struct sk_ctx {
    const char *text;
    size_t size;
    const char *file;
    rm_diag *diag;
    size_t located;
    size_t errors;
    bool nomem;
    rm_skeleton *out;
} sk_ctx;

static sk_path sub(const sk_path *p, sk_step step)
{
    sk_path q = *p;
    if (q.n < SK_MAX_PATH)
        q.s[q.n++] = step;
    return q;
}

/* "WHERE: MESSAGE" at the value of path p (its key with at_key). */
static void say(sk_ctx *c, rm_severity sev, const sk_path *p, bool at_key, const char *where,
                const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void say(sk_ctx *c, rm_severity sev, const sk_path *p, bool at_key, const char *where,
                const char *fmt, ...)
{
    rm_skeleton_pos pos = { 0, 0 };
    if (c->located < SK_MAX_LOCATED) {
        c->located++;
        pos = sk_json_where(c->text, c->size, p->s, p->n, at_key);
    }
    va_list ap;
    va_start(ap, fmt);
    char *msg = rm_vformat(fmt, ap);
    va_end(ap);
    const char *m = msg ? msg : "(out of memory)";
    if (where && *where)
        rm_diag_at(c->diag, sev, c->file, pos.line, pos.col, "%s: %s", where, m);
    else
        rm_diag_at(c->diag, sev, c->file, pos.line, pos.col, "%s", m);
    free(msg);
    if (sev == RM_ERROR)
        c->errors++;
}

static char *copy_string(sk_ctx *c, const char *s)
{
    char *d = rm_strdup(s);
    if (!d)
        c->nomem = true;
    return d;
}

/* ASCII letters folded, as the engine's case-insensitive compare does. */
static int fold(unsigned char ch)
{
    return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
}

/* Same for jo_3d_model_find_bone()/find_animation(): the first 15 bytes
   (what the file keeps), ASCII case ignored. */
static bool same_for_engine(const char *a, const char *b)
{
    for (size_t i = 0; i < 15; i++) {
        if (fold((unsigned char)a[i]) != fold((unsigned char)b[i]))
            return false;
        if (!a[i])
            return true;
    }
    return true;
}

/* Unknown keys: each one is an error that lists the keys allowed. */
static void check_keys(sk_ctx *c, json_t *obj, const sk_path *p, const char *where,
                       const char *const *allowed, const char *what)
{
    char list[128] = "";
    for (size_t i = 0; allowed[i]; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, allowed[i], sizeof list - strlen(list) - 1);
    }
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        for (size_t i = 0; allowed[i] && !ok; i++)
            ok = strcmp(key, allowed[i]) == 0;
        if (ok)
            continue;
        char q[SK_QUOTE_SIZE];
        sk_quote(key, q, sizeof q);
        sk_path kp = sub(p, SK_KEY(key));
        say(c, RM_ERROR, &kp, true, where, "unknown key %s (%s: %s)", q, what, list);
    }
}

/* Three finite numbers [x, y, z]; otherwise an error saying what it is. */
static bool three_numbers(sk_ctx *c, const json_t *v, const sk_path *p, const char *where,
                          const char *what, const char *meaning, double out[3])
{
    if (!json_is_array(v)) {
        say(c, RM_ERROR, p, false, where, "%s must be three numbers [x, y, z] (%s), not %s", what,
            meaning, rm_json_kind(v));
        return false;
    }
    size_t n = json_array_size(v);
    if (n != 3) {
        say(c, RM_ERROR, p, false, where,
            "%s must be three numbers [x, y, z] (%s), not an array of %zu", what, meaning, n);
        return false;
    }
    for (size_t i = 0; i < 3; i++) {
        const json_t *e = json_array_get(v, i);
        if (!json_is_number(e) || !isfinite(json_number_value(e))) {
            sk_path ep = sub(p, SK_INDEX(i));
            say(c, RM_ERROR, &ep, false, where,
                "%s must be three numbers [x, y, z] (%s): [%zu] is %s", what, meaning, i, rm_json_kind(e));
            return false;
        }
        out[i] = json_number_value(e);
    }
    return true;
}

/* A name: a string, not empty, without control bytes. Returns a copy,
   or NULL after an error (or when out of memory). */
static char *get_name(sk_ctx *c, json_t *obj, const sk_path *p, const char *where,
                      const char *what)
{
    json_t *v = json_object_get(obj, "name");
    sk_path np = sub(p, SK_KEY("name"));
    if (!v) {
        say(c, RM_ERROR, p, false, where, "%s needs a \"name\"", what);
        return NULL;
    }
    if (!json_is_string(v)) {
        say(c, RM_ERROR, &np, false, where, "name must be a string, not %s", rm_json_kind(v));
        return NULL;
    }
    const char *s = json_string_value(v);
    if (!*s) {
        say(c, RM_ERROR, &np, false, where, "name is empty");
        return NULL;
    }
    for (const unsigned char *q = (const unsigned char *)s; *q; q++) {
        if (*q < 0x20 || *q == 0x7F) {
            say(c, RM_ERROR, &np, false, where, "name has a control character (byte 0x%02x)", *q);
            return NULL;
        }
    }
    if (strlen(s) > 15) {
        char q[SK_QUOTE_SIZE];
        sk_quote(s, q, sizeof q);
        say(c, RM_WARNING, &np, false, where, "name %s is cut to 15 bytes in the model (\"%.15s\")",
            q, s);
    }
    return copy_string(c, s);
}

/* ---- bones ------------------------------------------------------------- */

static const char *const bone_keys[] = { "name", "group", "parent", "pivot", NULL };

/* The index of the bone named `name` in the JSON list, -1 if none. */
static long find_bone_json(json_t *bones, const char *name)
{
    for (size_t j = 0; j < json_array_size(bones); j++) {
        json_t *n = json_object_get(json_array_get(bones, j), "name");
        if (json_is_string(n) && strcmp(json_string_value(n), name) == 0)
            return (long)j;
    }
    return -1;
}

static void parse_group(sk_ctx *c, json_t *b, size_t i, const sk_path *bp, const char *where)
{
    rm_skeleton *s = c->out;
    json_t *v = json_object_get(b, "group");
    if (!v || json_is_null(v))
        return;
    sk_path gp = sub(bp, SK_KEY("group"));
    if (!json_is_string(v)) {
        say(c, RM_ERROR, &gp, false, where,
            "group must be the name of an OBJ o/g group (a string) or null, not %s", rm_json_kind(v));
        return;
    }
    const char *g = json_string_value(v);
    if (!*g) {
        say(c, RM_ERROR, &gp, false, where,
            "group is empty (leave it out, or null, for a bone without polygons)");
        return;
    }
    for (size_t j = 0; j < i; j++) {
        if (s->bones[j].group && strcmp(s->bones[j].group, g) == 0) {
            char q[SK_QUOTE_SIZE], other[SK_WHERE_SIZE];
            sk_quote(g, q, sizeof q);
            sk_label(other, sizeof other, "bones", j, s->bones[j].name);
            say(c, RM_ERROR, &gp, false, where,
                "group %s is already moved by %s (a group belongs to one bone at most)", q, other);
            return;
        }
    }
    s->bones[i].group = copy_string(c, g);
}

static void parse_parent(sk_ctx *c, json_t *bones, json_t *b, size_t i, const sk_path *bp,
                         const char *where)
{
    json_t *v = json_object_get(b, "parent");
    if (!v || json_is_null(v))
        return;
    sk_path pp = sub(bp, SK_KEY("parent"));
    if (!json_is_string(v)) {
        say(c, RM_ERROR, &pp, false, where,
            "parent must be the name of a bone listed before it (a string) or null, not %s",
            rm_json_kind(v));
        return;
    }
    const char *name = json_string_value(v);
    char q[SK_QUOTE_SIZE];
    sk_quote(name, q, sizeof q);
    long j = find_bone_json(bones, name);
    if (j < 0)
        say(c, RM_ERROR, &pp, false, where, "parent %s is not a bone", q);
    else if ((size_t)j == i)
        say(c, RM_ERROR, &pp, false, where, "a bone cannot be its own parent");
    else if ((size_t)j > i)
        say(c, RM_ERROR, &pp, false, where,
            "parent %s comes after it (bones[%ld]); a parent must be listed before its children",
            q, j);
    else
        c->out->bones[i].parent = (int)j;
}

static void parse_bone(sk_ctx *c, json_t *bones, size_t i, const sk_path *top)
{
    rm_skeleton *s = c->out;
    sk_path bp = sub(top, SK_KEY("bones"));
    bp = sub(&bp, SK_INDEX(i));
    char where[SK_WHERE_SIZE];
    sk_label(where, sizeof where, "bones", i, NULL);
    json_t *b = json_array_get(bones, i);
    if (!json_is_object(b)) {
        say(c, RM_ERROR, &bp, false, where,
            "a bone must be an object {\"name\": ..., \"group\": ..., \"parent\": ..., "
            "\"pivot\": [x, y, z]}, not %s",
            rm_json_kind(b));
        return;
    }
    size_t errors = c->errors;
    char *name = get_name(c, b, &bp, where, "a bone");
    if (name) {
        sk_label(where, sizeof where, "bones", i, name);
        for (size_t j = 0; j < i; j++) {
            if (s->bones[j].name && strcmp(s->bones[j].name, name) == 0) {
                sk_path np = sub(&bp, SK_KEY("name"));
                say(c, RM_ERROR, &np, false, where, "bones[%zu] has the same name", j);
                break;
            }
        }
    }
    s->bones[i].name = name;
    check_keys(c, b, &bp, where, bone_keys, "a bone has");
    parse_group(c, b, i, &bp, where);
    parse_parent(c, bones, b, i, &bp, where);
    json_t *pivot = json_object_get(b, "pivot");
    if (pivot) {
        sk_path pp = sub(&bp, SK_KEY("pivot"));
        three_numbers(c, pivot, &pp, where, "pivot", "the joint, in the OBJ's units and axes",
                      s->bones[i].pivot);
    }
    /* Names the engine cannot tell apart (a warning: the JSON can). */
    if (name && c->errors == errors) {
        for (size_t j = 0; j < i; j++) {
            const char *other = s->bones[j].name;
            if (!other || strcmp(other, name) == 0 || !same_for_engine(other, name))
                continue;
            char o[SK_WHERE_SIZE];
            sk_label(o, sizeof o, "bones", j, other);
            sk_path np = sub(&bp, SK_KEY("name"));
            say(c, RM_WARNING, &np, false, where,
                "the name is the same as %s for jo_3d_model_find_bone() (first 15 bytes, case "
                "ignored): it finds %s only",
                o, o);
            break;
        }
    }
}

/* ---- animations -------------------------------------------------------- */

static const char *const animation_keys[] = { "name", "key_ticks", "fps", "loop", "keys", NULL };
static const char *const key_keys[] = { "root", "angles", NULL };

/* key_ticks, or fps (60 / fps must be a whole number of ticks). */
static void parse_timing(sk_ctx *c, json_t *a, rm_skeleton_animation *anim, const sk_path *ap,
                         const char *where)
{
    json_t *kt = json_object_get(a, "key_ticks");
    json_t *fps = json_object_get(a, "fps");
    if (kt && fps) {
        sk_path fp = sub(ap, SK_KEY("fps"));
        say(c, RM_ERROR, &fp, true, where, "give key_ticks or fps, not both");
        return;
    }
    if (!kt && !fps) {
        say(c, RM_ERROR, ap, false, where,
            "an animation needs \"key_ticks\" (ticks between two keys, 60 a second) or \"fps\" "
            "(keys per second)");
        return;
    }
    if (kt) {
        sk_path kp = sub(ap, SK_KEY("key_ticks"));
        double t = json_is_number(kt) ? json_number_value(kt) : 0.0;
        if (!json_is_number(kt)) {
            say(c, RM_ERROR, &kp, false, where,
                "key_ticks must be a whole number from 1 to 65535, not %s", rm_json_kind(kt));
        } else if (!(t >= 1.0 && t <= 65535.0) || t != floor(t)) {
            say(c, RM_ERROR, &kp, false, where,
                "key_ticks must be a whole number from 1 to 65535 (got %.10g)", t);
        } else {
            anim->key_ticks = (uint16_t)t;
        }
        return;
    }
    sk_path fp = sub(ap, SK_KEY("fps"));
    if (!json_is_number(fps)) {
        say(c, RM_ERROR, &fp, false, where, "fps must be a number greater than 0, not %s",
            rm_json_kind(fps));
        return;
    }
    double f = json_number_value(fps);
    if (!(f > 0.0)) {
        say(c, RM_ERROR, &fp, false, where, "fps must be a number greater than 0 (got %.10g)", f);
        return;
    }
    /* A tolerance of one part in a billion lets 0.333333333333 mean 1/3. */
    double ticks = (double)RM_SKELETON_TICKS_PER_SECOND / f;
    double whole = round(ticks);
    if (fabs(ticks - whole) > 1e-9 * ticks || whole < 1.0) {
        say(c, RM_ERROR, &fp, false, where,
            "fps %.10g gives %.10g ticks between keys; the engine counts whole ticks (60 a "
            "second): use an fps that divides 60 (60, 30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1), or "
            "key_ticks",
            f, ticks);
        return;
    }
    if (whole > 65535.0) {
        say(c, RM_ERROR, &fp, false, where,
            "fps %.10g gives %.10g ticks between keys, at most 65535", f, whole);
        return;
    }
    anim->key_ticks = (uint16_t)whole;
}

static void parse_angles(sk_ctx *c, json_t *angles, double (*rows)[3], const sk_path *kp,
                         const char *where, bool bones_ok)
{
    const rm_skeleton *s = c->out;
    sk_path ap = sub(kp, SK_KEY("angles"));
    if (!json_is_object(angles)) {
        say(c, RM_ERROR, &ap, false, where,
            "angles must be an object {\"bone\": [x, y, z], ...} (degrees), not %s", rm_json_kind(angles));
        return;
    }
    const char *bone;
    json_t *v;
    json_object_foreach(angles, bone, v) {
        sk_path bp = sub(&ap, SK_KEY(bone));
        char q[SK_QUOTE_SIZE];
        sk_quote(bone, q, sizeof q);
        size_t b = 0;
        while (b < s->bone_count && !(s->bones[b].name && strcmp(s->bones[b].name, bone) == 0))
            b++;
        if (b == s->bone_count) {
            if (!bones_ok)
                continue;           /* a bone with an error: said already */
            size_t h = 0;
            while (h < s->bone_count && !sk_same_ignoring_case(s->bones[h].name, bone))
                h++;
            if (h < s->bone_count) {
                char hint[SK_QUOTE_SIZE];
                sk_quote(s->bones[h].name, hint, sizeof hint);
                say(c, RM_ERROR, &bp, true, where, "angles name %s, which is not a bone (did you "
                                                   "mean %s?)", q, hint);
            } else {
                say(c, RM_ERROR, &bp, true, where, "angles name %s, which is not a bone", q);
            }
            continue;
        }
        char what[SK_QUOTE_SIZE + 16];
        snprintf(what, sizeof what, "angles of %s", q);
        three_numbers(c, v, &bp, where, what, "degrees around the OBJ's X, Y, Z", rows[b]);
    }
}

static void parse_key(sk_ctx *c, json_t *key, rm_skeleton_animation *anim, size_t k,
                      const sk_path *ap, const char *anim_where, bool bones_ok)
{
    sk_path kp = sub(ap, SK_KEY("keys"));
    kp = sub(&kp, SK_INDEX(k));
    char where[SK_WHERE_SIZE + 32];
    snprintf(where, sizeof where, "%.*s keys[%zu]", SK_WHERE_SIZE - 1, anim_where, k);
    rm_skeleton_key *out = &anim->keys[k];
    if (!json_is_object(key)) {
        say(c, RM_ERROR, &kp, false, where,
            "a key must be an object {\"root\": [x, y, z], \"angles\": {...}}, not %s", rm_json_kind(key));
        return;
    }
    check_keys(c, key, &kp, where, key_keys, "a key has");
    json_t *root = json_object_get(key, "root");
    if (root) {
        sk_path rp = sub(&kp, SK_KEY("root"));
        three_numbers(c, root, &rp, where, "root", "the offset of the whole model, in the OBJ's "
                                                   "units and axes", out->root);
    }
    json_t *angles = json_object_get(key, "angles");
    if (angles)
        parse_angles(c, angles, out->angles, &kp, where, bones_ok);
}

static void parse_animation(sk_ctx *c, json_t *list, size_t i, const sk_path *top, bool bones_ok)
{
    rm_skeleton *s = c->out;
    rm_skeleton_animation *anim = &s->animations[i];
    sk_path ap = sub(top, SK_KEY("animations"));
    ap = sub(&ap, SK_INDEX(i));
    char where[SK_WHERE_SIZE];
    sk_label(where, sizeof where, "animations", i, NULL);
    json_t *a = json_array_get(list, i);
    if (!json_is_object(a)) {
        say(c, RM_ERROR, &ap, false, where,
            "an animation must be an object {\"name\": ..., \"key_ticks\": ..., \"loop\": ..., "
            "\"keys\": [...]}, not %s",
            rm_json_kind(a));
        return;
    }
    anim->name = get_name(c, a, &ap, where, "an animation");
    if (anim->name)
        sk_label(where, sizeof where, "animations", i, anim->name);
    check_keys(c, a, &ap, where, animation_keys, "an animation has");
    parse_timing(c, a, anim, &ap, where);
    json_t *loop = json_object_get(a, "loop");
    if (loop) {
        if (json_is_boolean(loop)) {
            anim->loop = json_is_true(loop);
        } else {
            sk_path lp = sub(&ap, SK_KEY("loop"));
            say(c, RM_ERROR, &lp, false, where, "loop must be true or false, not %s", rm_json_kind(loop));
        }
    }

    json_t *keys = json_object_get(a, "keys");
    sk_path kp = sub(&ap, SK_KEY("keys"));
    if (!keys) {
        say(c, RM_ERROR, &ap, false, where, "an animation needs \"keys\": a list of at least one key");
        return;
    }
    if (!json_is_array(keys)) {
        say(c, RM_ERROR, &kp, false, where,
            "keys must be a list of keys [{\"root\": ..., \"angles\": ...}, ...], not %s",
            rm_json_kind(keys));
        return;
    }
    size_t n = json_array_size(keys);
    if (n == 0) {
        say(c, RM_ERROR, &kp, false, where, "keys is empty: an animation needs at least one key");
        return;
    }
    if (n > RM_SKELETON_MAX_KEYS) {
        say(c, RM_ERROR, &kp, false, where, "%zu keys, at most %u", n, RM_SKELETON_MAX_KEYS);
        return;
    }
    anim->keys = calloc(n, sizeof *anim->keys);
    anim->angle_block = calloc(n * s->bone_count, sizeof *anim->angle_block);
    if (!anim->keys || !anim->angle_block) {
        c->nomem = true;
        return;
    }
    anim->key_count = n;
    for (size_t k = 0; k < n; k++) {
        anim->keys[k].angles = anim->angle_block + k * s->bone_count;
        parse_key(c, json_array_get(keys, k), anim, k, &ap, where, bones_ok);
        if (c->nomem)
            return;
    }

    /* Names the engine cannot tell apart: the loader marks the later one as
       a duplicate, find_animation() finds the first. */
    if (anim->name) {
        for (size_t j = 0; j < i; j++) {
            const char *other = s->animations[j].name;
            if (!other || !same_for_engine(other, anim->name))
                continue;
            char o[SK_WHERE_SIZE];
            sk_label(o, sizeof o, "animations", j, other);
            sk_path np = sub(&ap, SK_KEY("name"));
            say(c, RM_WARNING, &np, false, where,
                "the name is the same as %s for jo_3d_model_find_animation() (first 15 bytes, "
                "case ignored): it finds %s only, and the loader marks this one as a duplicate",
                o, o);
            break;
        }
    }
}

/* ---- positions for the converter's messages ----------------------------- */

static bool is_key(const sk_step *s, const char *key)
{
    return s->key && strcmp(s->key, key) == 0;
}

static void note_position(void *ctx, const sk_step *p, size_t depth, rm_skeleton_pos at)
{
    rm_skeleton *s = ctx;
    if (depth < 2 || p[1].key)
        return;
    size_t i = p[1].index;
    if (is_key(&p[0], "bones") && i < s->bone_count) {
        rm_skeleton_bone *b = &s->bones[i];
        if (depth == 2)
            b->at = at;
        else if (depth == 3 && is_key(&p[2], "group"))
            b->group_at = at;
        else if (depth == 3 && is_key(&p[2], "pivot"))
            b->pivot_at = at;
    } else if (is_key(&p[0], "animations") && i < s->animation_count) {
        rm_skeleton_animation *a = &s->animations[i];
        if (depth == 2) {
            a->at = at;
            return;
        }
        if (depth < 4 || !is_key(&p[2], "keys") || p[3].key || p[3].index >= a->key_count)
            return;
        rm_skeleton_key *k = &a->keys[p[3].index];
        if (depth == 4)
            k->at = at;
        else if (depth == 5 && is_key(&p[4], "root"))
            k->root_at = at;
    }
}

static void note_positions(const char *text, size_t size, rm_skeleton *s)
{
    sk_json_walk(text, size, 5, note_position, s);
    for (size_t i = 0; i < s->bone_count; i++) {
        rm_skeleton_bone *b = &s->bones[i];
        if (!b->group_at.line)
            b->group_at = b->at;
        if (!b->pivot_at.line)
            b->pivot_at = b->at;
    }
    for (size_t i = 0; i < s->animation_count; i++)
        for (size_t k = 0; k < s->animations[i].key_count; k++) {
            rm_skeleton_key *key = &s->animations[i].keys[k];
            if (!key->root_at.line)
                key->root_at = key->at;
        }
}

/* ---- the document ------------------------------------------------------ */

static const char *const top_keys[] = { "bones", "animations", NULL };

static void parse_animations(sk_ctx *c, json_t *anims, const sk_path *top, bool bones_ok);

static void parse_document(sk_ctx *c, json_t *doc)
{
    rm_skeleton *s = c->out;
    sk_path top = { { { NULL, 0 } }, 0 };
    if (!json_is_object(doc)) {
        say(c, RM_ERROR, &top, false, NULL,
            "a skeleton is a JSON object {\"bones\": [...], \"animations\": [...]}, not %s",
            rm_json_kind(doc));
        return;
    }
    check_keys(c, doc, &top, NULL, top_keys, "the file has");
    json_t *bones = json_object_get(doc, "bones");
    sk_path bp = sub(&top, SK_KEY("bones"));
    if (!bones) {
        say(c, RM_ERROR, &top, false, NULL,
            "no \"bones\": a skeleton needs a list of at least one bone");
        return;
    }
    if (!json_is_array(bones)) {
        say(c, RM_ERROR, &bp, false, NULL,
            "bones must be a list of bones [{\"name\": ...}, ...], not %s", rm_json_kind(bones));
        return;
    }
    size_t nb = json_array_size(bones);
    if (nb == 0) {
        say(c, RM_ERROR, &bp, false, NULL, "bones is empty: a skeleton needs at least one bone");
        return;
    }
    if (nb > RM_SKELETON_MAX_BONES) {
        sk_path xp = sub(&bp, SK_INDEX(RM_SKELETON_MAX_BONES));
        say(c, RM_ERROR, &xp, false, NULL, "%zu bones, at most %d (JO_3D_MAX_BONES)", nb,
            RM_SKELETON_MAX_BONES);
        return;
    }
    s->bones = calloc(nb, sizeof *s->bones);
    if (!s->bones) {
        c->nomem = true;
        return;
    }
    s->bone_count = nb;
    for (size_t i = 0; i < nb; i++)
        s->bones[i].parent = -1;
    for (size_t i = 0; i < nb && !c->nomem; i++)
        parse_bone(c, bones, i, &top);
    /* Angles naming a bone are checked against the names; when a bone has
       no valid name, a reference to it would be a second error for one
       mistake, so those references are not checked. */
    bool bones_ok = true;
    for (size_t i = 0; i < nb; i++)
        bones_ok = bones_ok && s->bones[i].name;

    json_t *anims = json_object_get(doc, "animations");
    if (c->nomem)
        return;
    if (anims && !json_is_null(anims))
        parse_animations(c, anims, &top, bones_ok);
}

static void parse_animations(sk_ctx *c, json_t *anims, const sk_path *top, bool bones_ok)
{
    rm_skeleton *s = c->out;
    if (!json_is_array(anims)) {
        sk_path ap = sub(top, SK_KEY("animations"));
        say(c, RM_ERROR, &ap, false, NULL,
            "animations must be a list of animations [{\"name\": ...}, ...], not %s", rm_json_kind(anims));
        return;
    }
    size_t na = json_array_size(anims);
    if (na == 0)
        return;
    s->animations = calloc(na, sizeof *s->animations);
    if (!s->animations) {
        c->nomem = true;
        return;
    }
    s->animation_count = na;
    for (size_t i = 0; i < na && !c->nomem; i++)
        parse_animation(c, anims, i, top, bones_ok);
}

rm_status rm_skeleton_parse(const char *text, size_t size, const char *filename,
                            rm_skeleton *out, rm_diag *diag)
{
    rm_skeleton_init(out);
    const char *file = filename ? filename : "<skeleton>";
    if (!text && size)
        return RM_USAGE;
    if (!text)
        text = "";
    /* A byte order mark (Windows editors write one) is not JSON. */
    if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        size -= 3;
    }
    json_error_t err;
    json_t *doc = json_loadb(text, size, JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL, &err);
    if (!doc) {
        if (json_error_code(&err) == json_error_out_of_memory) {
            rm_diag_at(diag, RM_ERROR, file, 0, 0, "out of memory");
            return RM_NOMEM;
        }
        /* jansson quotes the text near the error: keep the message on one line. */
        for (char *q = err.text; *q; q++)
            if ((unsigned char)*q < 0x20 || *q == 0x7F)
                *q = '?';
        rm_diag_at(diag, RM_ERROR, file, err.line > 0 ? (unsigned long)err.line : 0,
                   err.column > 0 ? (unsigned long)err.column : 0, "invalid JSON: %s", err.text);
        return RM_INVALID;
    }
    sk_ctx c;
    memset(&c, 0, sizeof c);
    c.text = text;
    c.size = size;
    c.file = file;
    c.diag = diag;
    c.out = out;
    out->source = copy_string(&c, file);
    if (!c.nomem)
        parse_document(&c, doc);
    json_decref(doc);
    if (c.nomem) {
        rm_diag_at(diag, RM_ERROR, file, 0, 0, "out of memory");
        rm_skeleton_free(out);
        return RM_NOMEM;
    }
    if (c.errors) {
        rm_skeleton_free(out);
        return RM_INVALID;
    }
    note_positions(text, size, out);
    return RM_OK;
}
