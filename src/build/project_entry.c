/* src/build/project_entry.c - one entry of a project file: a model (the
   `convert` options under their long names, '-' written '_') or a level
   (its far model). Every value is checked against the same ranges and
   words as `retromesh convert` (tools/cmd_convert.c); every problem is
   reported, with the JSON pointer of the value. */
#include "build_internal.h"

#include "retromesh/image.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum key {
    K_SOURCE, K_NAME, K_GEOMETRY, K_SCALE, K_SATURN_AXES, K_NO_WELD, K_KEEP_TRIANGLES,
    K_MERGE_TRIANGLES, K_EMBED_TEXTURES, K_SLICE_TEXTURES, K_DITHER, K_NO_TEXTURES, K_STRICT,
    K_MAX_TEXTURE, K_TEXTURE_DIR, K_SKELETON, K_MAX_POLYGONS, K_MAX_POINTS, K_ERROR, K_RIGID,
    K_KEY_TICKS, K_LOOP, K_ONCE, K_FAR
};

typedef struct keydef {
    const char *name;
    enum key key;
} keydef;

static const keydef model_keys[] = {
    {"source", K_SOURCE}, {"name", K_NAME}, {"geometry", K_GEOMETRY}, {"scale", K_SCALE},
    {"saturn_axes", K_SATURN_AXES}, {"no_weld", K_NO_WELD}, {"keep_triangles", K_KEEP_TRIANGLES},
    {"merge_triangles", K_MERGE_TRIANGLES}, {"embed_textures", K_EMBED_TEXTURES},
    {"slice_textures", K_SLICE_TEXTURES}, {"dither", K_DITHER}, {"no_textures", K_NO_TEXTURES},
    {"strict", K_STRICT}, {"max_texture", K_MAX_TEXTURE}, {"texture_dir", K_TEXTURE_DIR},
    {"skeleton", K_SKELETON}, {"max_polygons", K_MAX_POLYGONS}, {"max_points", K_MAX_POINTS},
    {"error", K_ERROR}, {"rigid", K_RIGID}, {"key_ticks", K_KEY_TICKS}, {"loop", K_LOOP},
    {"once", K_ONCE}, {NULL, K_SOURCE},
};

static const keydef level_keys[] = {
    {"source", K_SOURCE}, {"name", K_NAME}, {"far", K_FAR}, {NULL, K_SOURCE},
};

static const keydef far_keys[] = {
    {"max_polygons", K_MAX_POLYGONS}, {"max_points", K_MAX_POINTS}, {"error", K_ERROR},
    {"distance", K_NAME /* unused */}, {NULL, K_SOURCE},
};

void rm_build_perr(rm_build_pctx *c, const char *pointer, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rm_diag_add(c->diag, RM_ERROR, "%s: %s: %s", c->file, pointer, msg);
    c->errors++;
}

void rm_build_json_show(const json_t *v, char *out, size_t size)
{
    char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
    if (!s) {
        snprintf(out, size, "this value");
        return;
    }
    if (strlen(s) > 40)
        snprintf(out, size, "%.37s...", s);
    else
        snprintf(out, size, "%s", s);
    free(s);
}

char *rm_build_resolve(const char *dir, const char *path)
{
    if (path[0] == '/' || !dir || !*dir || strcmp(dir, ".") == 0)
        return strdup(path);
    size_t n = strlen(dir) + strlen(path) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", path);
    return s;
}

/* A JSON pointer's token: '~' is "~0", '/' is "~1" (RFC 6901). */
static void pointer_add(char *out, size_t size, const char *base, const char *key)
{
    size_t n = (size_t)snprintf(out, size, "%s/", base);
    for (const char *k = key; *k && n + 3 < size; k++) {
        if (*k == '~' || *k == '/') {
            out[n++] = '~';
            out[n++] = *k == '~' ? '0' : '1';
        } else
            out[n++] = *k;
    }
    if (n >= size)
        n = size - 1;
    out[n] = 0;
}

/* Edit distance, capped: for "did you mean". */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 31 || lb > 31)
        return 99;
    size_t d[32][32];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

static const keydef *find_key(const keydef *keys, const char *name)
{
    for (const keydef *k = keys; k->name; k++)
        if (strcmp(k->name, name) == 0)
            return k;
    return NULL;
}

static void unknown(rm_build_pctx *c, const char *ptr, const keydef *keys, const char *key, const char *what)
{
    const char *best = NULL;
    size_t bd = 3;
    for (const keydef *k = keys; k->name; k++) {
        size_t d = distance(key, k->name);
        if (d < bd) {
            bd = d;
            best = k->name;
        }
    }
    if (best)
        rm_build_perr(c, ptr, "unknown %s (did you mean %s?)", what, best);
    else
        rm_build_perr(c, ptr, "unknown %s", what);
}

static void wrong(rm_build_pctx *c, const char *ptr, const json_t *v, const char *want)
{
    char shown[64];
    rm_build_json_show(v, shown, sizeof shown);
    rm_build_perr(c, ptr, "%s, not %s", want, shown);
}

static bool get_bool(rm_build_pctx *c, const char *ptr, const json_t *v, bool *out)
{
    if (!json_is_boolean(v)) {
        wrong(c, ptr, v, "true or false");
        return false;
    }
    *out = json_is_true(v);
    return true;
}

/* A whole number lo..hi (1.0 is not one: the file says what it means). */
static bool get_int(rm_build_pctx *c, const char *ptr, const json_t *v, json_int_t lo, json_int_t hi,
                    json_int_t *out)
{
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        char want[96];
        snprintf(want, sizeof want, "a whole number from %lld to %lld", (long long)lo, (long long)hi);
        wrong(c, ptr, v, want);
        return false;
    }
    *out = json_integer_value(v);
    return true;
}

/* A non-empty string (malloc'd copy in *out). */
static bool get_string(rm_build_pctx *c, const char *ptr, const json_t *v, const char *want, char **out)
{
    if (!json_is_string(v) || json_string_length(v) == 0) {
        wrong(c, ptr, v, want);
        return false;
    }
    *out = strdup(json_string_value(v));
    return *out != NULL;
}

/* "error": a distance > 0 in model units, or "2%" of the radius. */
static bool get_error(rm_build_pctx *c, const char *ptr, const json_t *v, double *e, bool *share)
{
    static const char want[] = "a distance greater than 0 in model units (0.05) or a share of the "
                               "model's radius (\"2%\")";
    if (json_is_number(v)) {
        double d = json_number_value(v);
        if (d > 0.0 && d <= 1e9) {
            *e = d;
            *share = false;
            return true;
        }
    } else if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end;
        errno = 0;
        double d = strtod(s, &end);
        if (*s >= '0' && *s <= '9' && end[0] == '%' && end[1] == 0 && d > 0.0 && d <= 100.0 && errno == 0) {
            *e = d / 100.0;
            *share = true;
            return true;
        }
    }
    wrong(c, ptr, v, want);
    return false;
}

static bool exists(const char *path, bool folder)
{
    struct stat sb;
    if (stat(path, &sb) != 0)
        return false;
    return folder ? S_ISDIR(sb.st_mode) : !S_ISDIR(sb.st_mode);
}

/* "loop" / "once": an array of animation names. */
static bool get_names(rm_build_pctx *c, const char *ptr, const json_t *v, char ***out, size_t *count)
{
    size_t n = json_array_size(v);
    bool ok = json_is_array(v);
    for (size_t i = 0; ok && i < n; i++)
        ok = json_is_string(json_array_get(v, i)) && json_string_length(json_array_get(v, i)) > 0;
    if (!ok) {
        wrong(c, ptr, v, "an array of animation names");
        return false;
    }
    *out = n ? calloc(n, sizeof **out) : NULL;
    if (n && !*out)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((*out)[i] = strdup(json_string_value(json_array_get(v, i)))))
            return false;
    *count = n;
    return true;
}

static void parse_far(rm_build_pctx *c, const char *ptr, const json_t *v, rm_build_far *far)
{
    memset(far, 0, sizeof *far);
    if (!json_is_object(v)) {
        wrong(c, ptr, v, "an object {\"max_polygons\", \"max_points\", \"error\", \"distance\"}");
        return;
    }
    size_t before = c->errors;
    const char *key;
    json_t *x;
    json_object_foreach((json_t *)v, key, x) {
        char p[300];
        pointer_add(p, sizeof p, ptr, key);
        json_int_t n;
        if (strcmp(key, "max_polygons") == 0 && get_int(c, p, x, 1, 65535, &n))
            far->max_polygons = (uint32_t)n;
        else if (strcmp(key, "max_points") == 0 && get_int(c, p, x, 1, 65535, &n))
            far->max_points = (uint32_t)n;
        else if (strcmp(key, "error") == 0)
            get_error(c, p, x, &far->max_error, &far->max_error_is_share);
        else if (strcmp(key, "distance") == 0) {
            if (get_int(c, p, x, 1, 2147483647, &n)) {
                far->has_distance = true;
                far->distance = (int32_t)n;
            }
        } else if (!find_key(far_keys, key))
            unknown(c, p, far_keys, key, "key of \"far\"");
    }
    if (c->errors == before && !far->max_polygons && !far->max_points && !(far->max_error > 0.0))
        rm_build_perr(c, ptr, "a far model needs a limit: max_polygons, max_points or error");
    far->set = c->errors == before;
}

void rm_build_entry_free(rm_build_entry *e)
{
    free(e->source);
    free(e->geometry);
    free(e->skeleton);
    free(e->texture_dir);
    for (size_t i = 0; i < e->gltf.loop_count; i++)
        free(e->loop[i]);
    for (size_t i = 0; i < e->gltf.once_count; i++)
        free(e->once[i]);
    free(e->loop);
    free(e->once);
    free(e->options_json);
    memset(e, 0, sizeof *e);
}

/* One key of an entry; false when out of memory. */
static bool entry_key(rm_build_pctx *c, rm_build_entry *e, enum key k, const char *p, const json_t *x,
                      bool *has_name)
{
    rm_convert_options *o = &e->convert;
    json_int_t n;
    char *s = NULL;
    switch (k) {
    case K_SOURCE:
        if (get_string(c, p, x, "a file name", &s)) {
            free(e->source);
            e->source = rm_build_resolve(c->dir, s);
            free(s);
            if (!e->source)
                return false;
            if (!exists(e->source, false))
                rm_build_perr(c, p, "no such file");
        }
        return true;
    case K_NAME: {
        static const char *const words[] = {"an 8.3 CD name ending in .JOM (like \"CRATE.JOM\")",
                                            "an 8.3 CD name ending in .JOL (like \"ISLAND.JOL\")"};
        const char *want = words[e->kind == RM_BUILD_LEVEL];
        const char *ext = e->kind == RM_BUILD_LEVEL ? ".JOL" : ".JOM";
        char up[16];
        const char *v = json_string_value(x);
        size_t len = v ? strlen(v) : 0;
        /* Lowercase is taken and uppercased: the CD's names are uppercase. */
        rm_build_cd_name_upper(v, up);
        if (!v || len > 12 || !rm_build_cd_name_valid(up) || strcmp(up + strlen(up) - 4, ext) != 0) {
            wrong(c, p, x, want);
            return true;
        }
        memcpy(e->name, up, sizeof e->name);
        *has_name = true;
        return true;
    }
    case K_GEOMETRY:
        if (get_string(c, p, x, "the name of an M3GM instance", &s)) {
            free(e->geometry);
            e->geometry = s;
        }
        return !json_is_string(x) || !json_string_length(x) || e->geometry;
    case K_SCALE:
        if (!json_is_number(x) || !(json_number_value(x) > 0.0) || !isfinite(json_number_value(x)))
            wrong(c, p, x, "a number greater than 0");
        else
            o->scale = json_number_value(x);
        return true;
    case K_SATURN_AXES: get_bool(c, p, x, &o->saturn_axes); return true;
    case K_NO_WELD: get_bool(c, p, x, &o->no_weld); return true;
    case K_KEEP_TRIANGLES: get_bool(c, p, x, &o->keep_triangles); return true;
    case K_MERGE_TRIANGLES: get_bool(c, p, x, &o->merge_triangles); return true;
    case K_EMBED_TEXTURES: get_bool(c, p, x, &o->embed_textures); return true;
    case K_SLICE_TEXTURES: get_bool(c, p, x, &o->slice_textures); return true;
    case K_DITHER: get_bool(c, p, x, &o->dither); return true;
    case K_NO_TEXTURES: get_bool(c, p, x, &o->no_textures); return true;
    case K_STRICT: get_bool(c, p, x, &o->strict); return true;
    case K_RIGID: get_bool(c, p, x, &e->gltf.rigid); return true;
    case K_MAX_TEXTURE: {
        const char *v = json_string_value(x);
        char *end;
        bool ok = v && *v >= '0' && *v <= '9';
        unsigned long w = ok ? strtoul(v, &end, 10) : 0, h = 0;
        ok = ok && (*end == 'x' || *end == 'X') && end[1] >= '0' && end[1] <= '9';
        if (ok)
            h = strtoul(end + 1, &end, 10);
        ok = ok && *end == 0 && w >= 8 && w <= RM_VDP1_MAX_WIDTH && h >= 1 && h <= RM_VDP1_MAX_HEIGHT;
        if (!ok)
            wrong(c, p, x, "a size WxH with W from 8 to 504 and H from 1 to 255 (like \"64x64\")");
        else {
            o->max_texture_width = (uint32_t)w;
            o->max_texture_height = (uint32_t)h;
        }
        return true;
    }
    case K_TEXTURE_DIR:
    case K_SKELETON:
        if (get_string(c, p, x, k == K_SKELETON ? "a file name" : "a folder name", &s)) {
            char *r = rm_build_resolve(c->dir, s);
            free(s);
            if (!r)
                return false;
            char **slot = k == K_SKELETON ? &e->skeleton : &e->texture_dir;
            free(*slot);
            *slot = r;
            if (!exists(r, k == K_TEXTURE_DIR))
                rm_build_perr(c, p, k == K_SKELETON ? "no such file" : "no such folder");
        }
        return true;
    case K_MAX_POLYGONS:
        if (get_int(c, p, x, 1, 65535, &n))
            o->max_polygons = (uint32_t)n;
        return true;
    case K_MAX_POINTS:
        if (get_int(c, p, x, 1, 65535, &n))
            o->max_points = (uint32_t)n;
        return true;
    case K_ERROR: get_error(c, p, x, &o->max_error, &o->max_error_is_share); return true;
    case K_KEY_TICKS:
        if (get_int(c, p, x, 1, 65535, &n))
            e->gltf.key_ticks = (uint16_t)n;
        return true;
    case K_LOOP:
    case K_ONCE: {
        char ***arr = k == K_LOOP ? &e->loop : &e->once;
        size_t *cnt = k == K_LOOP ? &e->gltf.loop_count : &e->gltf.once_count;
        if (*arr)
            return true;    /* a key is in an object once (JSON_REJECT_DUPLICATES) */
        size_t before = c->errors;
        char **names = NULL;
        size_t count = 0;
        bool ok = get_names(c, p, x, &names, &count);
        if (!ok && c->errors == before) {
            free(names);    /* out of memory: the copies made so far */
            return false;
        }
        *arr = names;
        *cnt = count;
        return true;
    }
    case K_FAR: parse_far(c, p, x, &e->far); return true;
    }
    return true;
}

rm_status rm_build_parse_entry(rm_build_pctx *c, const json_t *obj, rm_build_kind kind, size_t index,
                               rm_build_entry *e, bool *default_name)
{
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->index = index;
    snprintf(e->pointer, sizeof e->pointer, "/%s/%zu", kind == RM_BUILD_LEVEL ? "levels" : "models", index);
    rm_convert_options_default(&e->convert);
    rm_gltf_options_default(&e->gltf);
    *default_name = false;
    if (!json_is_object(obj)) {
        wrong(c, e->pointer, obj,
              kind == RM_BUILD_LEVEL ? "an object {\"source\": \"levels/island.json\", ...}"
                                     : "an object {\"source\": \"art/robot.glb\", ...}");
        return RM_OK;
    }
    const keydef *keys = kind == RM_BUILD_LEVEL ? level_keys : model_keys;
    bool has_name = false;
    const char *key;
    json_t *x;
    json_object_foreach((json_t *)obj, key, x) {
        char p[300];
        pointer_add(p, sizeof p, e->pointer, key);
        const keydef *k = find_key(keys, key);
        if (!k) {
            unknown(c, p, keys, key, kind == RM_BUILD_LEVEL ? "key of a level" : "option");
            continue;
        }
        if (!entry_key(c, e, k->key, p, x, &has_name))
            return RM_NOMEM;
    }
    if (!json_object_get(obj, "source"))
        rm_build_perr(c, e->pointer, "no \"source\": the file to convert");
    /* A "name" given but wrong: no default (it would only add a collision). */
    if (!has_name && e->source && !json_object_get(obj, "name")) {
        rm_build_default_name(e->source, kind == RM_BUILD_LEVEL ? ".JOL" : ".JOM", e->name);
        *default_name = true;
    }
    e->convert.texture_dir = e->texture_dir;
    e->gltf.loop = (const char *const *)e->loop;
    e->gltf.once = (const char *const *)e->once;
    return RM_OK;
}
