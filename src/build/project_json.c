/* src/build/project_json.c - an entry's options as canonical JSON: the
   part of its stamp that says how it is converted. Made from the entry's
   fields (never from the file's text), so key order, spacing and options
   written at their default values do not change it, and the project file
   and `convert A B --out-dir` give the same text for the same options. */
#include "build_internal.h"

#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A set of animation names: sorted, once each. */
static json_t *name_set(const char *const *names, size_t n)
{
    json_t *arr = json_array();
    const char **s = n ? malloc(n * sizeof *s) : NULL;
    if (!arr || (n && !s)) {
        json_decref(arr);
        free(s);
        return NULL;
    }
    if (n) {
        memcpy(s, names, n * sizeof *s);
        qsort(s, n, sizeof *s, cmp_str);
    }
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(s[i], s[i - 1]) != 0)
            json_array_append_new(arr, json_string(s[i]));
    free(s);
    return arr;
}

static void set_bool(json_t *o, const char *key, bool v)
{
    if (v)
        json_object_set_new(o, key, json_true());
}

static void set_uint(json_t *o, const char *key, uint32_t v)
{
    if (v)
        json_object_set_new(o, key, json_integer((json_int_t)v));
}

static void set_error(json_t *o, double e, bool share)
{
    if (e > 0.0) {
        json_object_set_new(o, "error", json_real(e));
        if (share)
            json_object_set_new(o, "error_is_share", json_true());
    }
}

static void model_options(json_t *o, const rm_build_entry *e)
{
    rm_convert_options d;
    rm_convert_options_default(&d);
    const rm_convert_options *c = &e->convert;
    if (e->geometry)
        json_object_set_new(o, "geometry", json_string(e->geometry));
    if (c->scale != d.scale)
        json_object_set_new(o, "scale", json_real(c->scale));
    set_bool(o, "saturn_axes", c->saturn_axes);
    set_bool(o, "no_weld", c->no_weld);
    set_bool(o, "keep_triangles", c->keep_triangles);
    set_bool(o, "merge_triangles", c->merge_triangles);
    set_bool(o, "embed_textures", c->embed_textures);
    set_bool(o, "slice_textures", c->slice_textures);
    set_bool(o, "dither", c->dither);
    set_bool(o, "no_textures", c->no_textures);
    set_bool(o, "strict", c->strict);
    if (c->max_texture_width || c->max_texture_height) {
        char size[32];
        snprintf(size, sizeof size, "%ux%u", (unsigned)c->max_texture_width, (unsigned)c->max_texture_height);
        json_object_set_new(o, "max_texture", json_string(size));
    }
    if (e->texture_dir)
        json_object_set_new(o, "texture_dir", json_string(e->texture_dir));
    if (e->skeleton)
        json_object_set_new(o, "skeleton", json_string(e->skeleton));
    set_uint(o, "max_polygons", c->max_polygons);
    set_uint(o, "max_points", c->max_points);
    set_error(o, c->max_error, c->max_error_is_share);
    set_bool(o, "rigid", e->gltf.rigid);
    set_uint(o, "key_ticks", e->gltf.key_ticks);
    if (e->gltf.loop_count)
        json_object_set_new(o, "loop", name_set(e->gltf.loop, e->gltf.loop_count));
    if (e->gltf.once_count)
        json_object_set_new(o, "once", name_set(e->gltf.once, e->gltf.once_count));
}

char *rm_build_entry_options_json(const rm_build_entry *e)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    json_object_set_new(o, "kind", json_string(e->kind == RM_BUILD_LEVEL ? "level" : "model"));
    if (e->source)
        json_object_set_new(o, "source", json_string(e->source));
    if (e->kind == RM_BUILD_MODEL)
        model_options(o, e);
    else if (e->far.set) {
        json_t *f = json_object();
        if (f) {
            set_uint(f, "max_polygons", e->far.max_polygons);
            set_uint(f, "max_points", e->far.max_points);
            set_error(f, e->far.max_error, e->far.max_error_is_share);
            if (e->far.has_distance)
                json_object_set_new(f, "distance", json_integer(e->far.distance));
        }
        json_object_set_new(o, "far", f);
    }
    /* A set that failed for memory leaves a key out: then dumping fails
       too, or the stamp only differs, which rebuilds (never wrong). */
    char *s = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT | JSON_REAL_PRECISION(17));
    json_decref(o);
    return s;
}
