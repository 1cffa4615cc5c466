/* src/formats/jol/far.c - the far models a level JSON asks for.

   An entity with a "model" may say
     "far": {"max_polygons": 150, "max_points": 200, "error": "2%", "distance": 2000}
   (any of the three limits, at least one; "distance" fills far_distance) or
   "far": false (none, whatever the project's default). `retromesh build`
   lists them (rm_level_far_requests), converts the simplified copies and
   fills the entities' far_model / far_distance properties
   (rm_level_build_json_ex, json.c). The rules are checked here once, for
   both: the list and the build give the same message for the same "far". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cnum.h"
#include "json_ctx.h"

static rm_status far_err(const rm_jol_json_ctx *c, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static rm_status far_err(const rm_jol_json_ctx *c, const char *key, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rm_jol_json_say(c, RM_ERROR, key, msg);
    return RM_INVALID;
}

/* A polygon or point count: what a JOM can hold. */
static rm_status far_count(const rm_jol_json_ctx *c, const json_t *far, const char *key, uint32_t *out)
{
    const json_t *v = json_object_get(far, key);
    if (!v)
        return RM_OK;
    if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 65535)
        return far_err(c, key, "'%s' wants an integer 1 to 65535", key);
    *out = (uint32_t)json_integer_value(v);
    return RM_OK;
}

/* "error": a distance in model units (as `convert --error`), or "2%" of
   the model's bounding radius (kept as the share 0.02). */
static rm_status far_error(const rm_jol_json_ctx *c, const json_t *far, rm_level_far *f)
{
    static const char why[] = "'error' wants a distance greater than 0 in model units (0.05) "
                              "or a share of the model's radius (\"2%\")";
    const json_t *v = json_object_get(far, "error");
    if (!v)
        return RM_OK;
    if (json_is_number(v)) {
        double e = json_number_value(v);
        if (!(e > 0.0) || e > 1e9)
            return far_err(c, "error", "%s", why);
        f->max_error = e;
        return RM_OK;
    }
    const char *s = json_string_value(v);
    size_t n = s ? strlen(s) : 0;
    if (n < 2 || s[n - 1] != '%' || !((s[0] >= '0' && s[0] <= '9') || s[0] == '.'))
        return far_err(c, "error", "%s", why);
    rm_cloc loc = rm_cloc_enter();  /* "2.5%": a '.' whatever the caller's locale */
    char *end;
    double p = strtod(s, &end);
    rm_cloc_leave(loc);
    if (end != s + n - 1 || !(p > 0.0) || p > 100.0)
        return far_err(c, "error", "%s", why);
    f->max_error = p / 100.0;
    f->max_error_is_share = true;
    return RM_OK;
}

/* The value of "far": an object of limits, or false. c->scope: the entity. */
static rm_status far_value(rm_jol_json_ctx *c, const json_t *v, rm_level_far *f)
{
    static const char *const keys[] = {"max_polygons", "max_points", "error", "distance", NULL};
    memset(f, 0, sizeof *f);
    if (json_is_false(v))
        return RM_OK;
    if (!json_is_object(v))
        return far_err(c, "far", "'far' wants an object {\"max_polygons\": N, \"max_points\": N, "
                                 "\"error\": E, \"distance\": D} or false");
    const json_t *entity = c->scope;
    c->scope = v;
    const char *key;
    json_t *x;
    json_object_foreach((json_t *)v, key, x) {
        bool ok = false;
        for (size_t k = 0; keys[k]; k++)
            ok |= !strcmp(keys[k], key);
        if (!ok)
            return far_err(c, key, "'far' has no key '%s' (max_polygons, max_points, error, distance)", key);
    }
    rm_status st;
    if ((st = far_count(c, v, "max_polygons", &f->max_polygons)) != RM_OK ||
        (st = far_count(c, v, "max_points", &f->max_points)) != RM_OK || (st = far_error(c, v, f)) != RM_OK)
        return st;
    const json_t *d = json_object_get(v, "distance");
    if (d) {
        if (!json_is_integer(d) || json_integer_value(d) < 1 || json_integer_value(d) > INT32_MAX)
            return far_err(c, "distance", "'distance' wants an integer 1 to 2147483647 (world units)");
        f->has_distance = true;
        f->distance = (int32_t)json_integer_value(d);
    }
    c->scope = entity;
    if (!f->max_polygons && !f->max_points && f->max_error <= 0.0)
        return far_err(c, "far", "'far' needs a limit: max_polygons, max_points or error");
    f->set = true;
    return RM_OK;
}

rm_status rm_jol_far_twice(rm_jol_json_ctx *c, const json_t *je, bool distance)
{
    const char *name = json_string_value(json_object_get(je, "name"));
    const json_t *props = json_object_get(je, "props");
    const char *prop = distance ? "far_distance" : "far_model";
    c->scope = props;
    return far_err(c, prop, "entity '%s' has a %s property: it cannot get one from a far model too "
                            "(remove the property or the far model's %s)",
                   name ? name : "", prop, distance ? "\"distance\"" : "\"far\"");
}

rm_status rm_jol_far_entity_read(rm_jol_json_ctx *c, const json_t *je, rm_jol_far_entity *out)
{
    memset(out, 0, sizeof *out);
    out->name = json_string_value(json_object_get(je, "name"));
    const char *model = json_string_value(json_object_get(je, "model"));
    out->model = model && *model ? model : NULL;
    const json_t *props = json_object_get(je, "props");
    if (json_is_object(props)) {
        out->has_far_model = json_object_get(props, "far_model") != NULL;
        out->has_far_distance = json_object_get(props, "far_distance") != NULL;
    }
    const json_t *v = json_object_get(je, "far");
    if (!v)
        return RM_OK;
    c->scope = je;
    rm_status st = far_value(c, v, &out->far);
    if (st != RM_OK)
        return st;
    out->has_far = true;
    if (!out->far.set)
        return RM_OK;
    c->scope = je;
    if (!out->model)
        return far_err(c, "far", "entity '%s' has a \"far\" but no \"model\" to simplify",
                       out->name ? out->name : "");
    if (out->has_far_model)
        return rm_jol_far_twice(c, je, false);
    if (out->far.has_distance && out->has_far_distance)
        return rm_jol_far_twice(c, je, true);
    return RM_OK;
}

void rm_level_far_requests_free(rm_level_far_request *r, size_t count)
{
    for (size_t i = 0; r && i < count; i++) {
        free(r[i].entity_name);
        free(r[i].model);
    }
    free(r);
}

static char *dup_or_null(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

rm_status rm_level_far_requests(const char *text, size_t len, const char *name,
                                const rm_level_far *dflt, rm_level_far_request **out,
                                size_t *count, rm_diag *diag)
{
    *out = NULL;
    *count = 0;
    rm_jol_json_ctx c = {text, len, name ? name : "<json>", diag, NULL, NULL, NULL};
    json_t *root = rm_jol_json_load(text, len, c.file, diag);
    if (!root)
        return RM_INVALID;
    c.root = root;
    c.scope = root;
    rm_status st = RM_OK;
    rm_level_far_request *req = NULL;
    size_t n = 0;
    const json_t *ents = json_object_get(root, "entities");
    if (!json_is_object(root)) {
        st = far_err(&c, NULL, "a level is a JSON object");
        goto done;
    }
    if (ents && !json_is_array(ents)) {
        st = far_err(&c, "entities", "'entities' wants a list");
        goto done;
    }
    size_t ne = json_array_size(ents);
    req = calloc(ne ? ne : 1, sizeof *req);
    if (!req) {
        st = RM_NOMEM;
        goto done;
    }
    for (size_t i = 0; i < ne; i++) {
        const json_t *je = json_array_get(ents, i);
        c.scope = root;
        if (!json_is_object(je)) {
            st = far_err(&c, "entities", "an entity must be an object");
            goto done;
        }
        rm_jol_far_entity fe;
        if ((st = rm_jol_far_entity_read(&c, je, &fe)) != RM_OK)
            goto done;
        rm_level_far far;
        if (fe.has_far)
            far = fe.far;       /* its own, or false: none */
        else if (dflt && dflt->set && fe.model && !fe.has_far_model) {
            far = *dflt;
            /* Its own far_distance property wins over the project's. */
            if (fe.has_far_distance) {
                far.has_distance = false;
                far.distance = 0;
            }
        } else
            continue;
        if (!far.set || !fe.model)
            continue;
        rm_level_far_request *r = &req[n];
        r->entity = i;
        r->far = far;
        r->entity_name = dup_or_null(fe.name);
        r->model = dup_or_null(fe.model);
        n++;
        if ((fe.name && !r->entity_name) || !r->model) {
            st = RM_NOMEM;
            goto done;
        }
        /* Where it points: its own "far", else (the default) its "model". */
        c.scope = je;
        rm_jol_json_place(&c, fe.has_far ? "far" : "model", &r->line, &r->col);
    }
done:
    if (st == RM_NOMEM)
        rm_diag_at(diag, RM_ERROR, c.file, 0, 0, "out of memory");
    json_decref(root);
    if (st != RM_OK || !n) {
        rm_level_far_requests_free(req, n);
        return st;
    }
    *out = req;
    *count = n;
    return RM_OK;
}
