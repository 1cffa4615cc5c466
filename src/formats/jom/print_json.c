/* src/formats/jom/print_json.c - rm_jom_print_json: the content of a model
   as one JSON document (`retromesh info --json`). The schema is in
   docs/jom.md. Keys are in a fixed order, numbers come from the model
   only: the same model gives the same text. */
#include "core/cnum.h"
#include "jom_internal.h"

#include <jansson.h>

#include "core/json_text.h"
#include <stdio.h>

/* Collects allocation failures so that the document is built without a
   check after every call. */
typedef struct json_build {
    bool failed;
} json_build;

static void put(json_build *b, json_t *obj, const char *key, json_t *value)
{
    if (!value || json_object_set_new(obj, key, value) != 0)
        b->failed = true;
}

static void push(json_build *b, json_t *arr, json_t *value)
{
    if (!value || json_array_append_new(arr, value) != 0)
        b->failed = true;
}

static json_t *name_json(const char *name)
{
    char text[JOM_NAME_TEXT_SIZE];
    jom_name_text(name, JOM_NAME_SIZE, text, sizeof text);
    return rm_json_text(text);  /* ASCII already; the one rule of every JSON printer */
}

/* A fixed[3]: {"x": real, "y": real, "z": real, "raw": [int, int, int]}
   (r, g, b for colors). */
static json_t *vec_json(json_build *b, rm_vec3x v, const char *const keys[3])
{
    json_t *o = json_object(), *raw = json_array();
    put(b, o, keys[0], json_real(rm_fixed_to_double(v.x)));
    put(b, o, keys[1], json_real(rm_fixed_to_double(v.y)));
    put(b, o, keys[2], json_real(rm_fixed_to_double(v.z)));
    push(b, raw, json_integer(v.x));
    push(b, raw, json_integer(v.y));
    push(b, raw, json_integer(v.z));
    put(b, o, "raw", raw);
    return o;
}

static const char *const XYZ[3] = {"x", "y", "z"};
static const char *const RGB[3] = {"r", "g", "b"};

static json_t *fixed_json(json_build *b, rm_fixed f)
{
    json_t *o = json_object();
    put(b, o, "value", json_real(rm_fixed_to_double(f)));
    put(b, o, "raw", json_integer(f));
    return o;
}

static json_t *hex_json(const char *fmt, unsigned v)
{
    char text[16];
    snprintf(text, sizeof text, fmt, v);
    return json_string(text);
}

static json_t *chunks_json(json_build *b, const rm_jom_model *m, const jom_layout *l)
{
    json_t *arr = json_array();
    if (m->chunks) {
        for (size_t i = 0; i < m->chunk_count; i++) {
            json_t *o = json_object();
            put(b, o, "tag", rm_json_text(m->chunks[i].tag));
            put(b, o, "offset", json_integer(m->chunks[i].offset));
            put(b, o, "size", json_integer(m->chunks[i].size));
            put(b, o, "known", json_boolean(m->chunks[i].known));
            push(b, arr, o);
        }
        return arr;
    }
    for (int k = 0; k < JOM_KIND_COUNT; k++) {
        if (!l->present[k])
            continue;
        json_t *o = json_object();
        put(b, o, "tag", json_string(jom_tags[k]));
        put(b, o, "offset", json_integer((json_int_t)l->offset[k]));
        put(b, o, "size", json_integer((json_int_t)l->size[k]));
        put(b, o, "known", json_true());
        push(b, arr, o);
    }
    return arr;
}

static json_t *embedded_json(json_build *b, const rm_jom_model *m)
{
    json_t *arr = json_array();
    for (uint32_t i = 0; m->texture_images && i < m->texture_image_count; i++) {
        const rm_jom_texture *t = &m->texture_images[i];
        json_t *o = json_object();
        put(b, o, "name", name_json(t->name));
        put(b, o, "width", json_integer(t->width));
        put(b, o, "height", json_integer(t->height));
        put(b, o, "format", json_integer(t->format));
        put(b, o, "format_name", json_string(jom_texture_format_name(t->format)));
        put(b, o, "reserved", json_integer(t->reserved));
        put(b, o, "pixel_bytes", json_integer(t->pixel_size));
        put(b, o, "fnv1a", hex_json("0x%08x", t->pixels ? jom_fnv1a(t->pixels, t->pixel_size) : 0u));
        if (t->format == 1 && t->pixels && t->pixel_size >= JOM_LUT_SIZE) {
            json_t *lut = json_array();
            for (unsigned c = 0; c < 16; c++)
                push(b, lut, json_integer(t->pixels[2 * c] << 8 | t->pixels[2 * c + 1]));
            put(b, o, "lut", lut);
        }
        push(b, arr, o);
    }
    return arr;
}

static json_t *polygons_json(json_build *b, const rm_jom_model *m)
{
    json_t *arr = json_array();
    for (uint32_t i = 0; m->polygons && i < m->polygon_count; i++) {
        const rm_jom_polygon *p = &m->polygons[i];
        json_t *o = json_object(), *corners = json_array();
        for (int k = 0; k < 4; k++)
            push(b, corners, json_integer(p->v[k]));
        put(b, o, "corners", corners);
        put(b, o, "triangle", json_boolean(p->v[3] == p->v[2]));
        put(b, o, "normal", vec_json(b, p->normal, XYZ));
        if (m->polygon_materials)
            put(b, o, "material", json_integer(m->polygon_materials[i]));
        push(b, arr, o);
    }
    return arr;
}

static json_t *flags_json(json_build *b, uint32_t flags)
{
    json_t *o = json_object(), *names = json_array(), *user = json_array();
    char text[JOM_FLAGS_TEXT_SIZE];
    jom_flags_text(flags, text, sizeof text);
    put(b, o, "raw", json_integer(flags));
    put(b, o, "text", json_string(text));
    for (unsigned bit = 0; bit < 16; bit++) {
        if (!(flags & (1u << bit)) || (bit == 2 && (flags & RM_MAT_SORT_MIN)))
            continue;
        char word[24];
        if (bit == 1 && (flags & RM_MAT_SORT_MAX))
            snprintf(word, sizeof word, "sort_previous");
        else if (rm_jom_material_flag_name(bit))
            snprintf(word, sizeof word, "%s", rm_jom_material_flag_name(bit));
        else
            snprintf(word, sizeof word, "bit(%u)", bit);
        push(b, names, json_string(word));
    }
    for (unsigned n = 0; n < 16; n++)
        if (flags & RM_MAT_USER(n))
            push(b, user, json_integer(n));
    put(b, o, "names", names);
    put(b, o, "user", user);
    return o;
}

static json_t *materials_json(json_build *b, const rm_jom_model *m)
{
    json_t *arr = json_array();
    for (uint32_t i = 0; m->materials && i < m->material_count; i++) {
        const rm_jom_material *mat = &m->materials[i];
        json_t *o = json_object(), *color = json_object();
        char hex[8];
        snprintf(hex, sizeof hex, "#%02x%02x%02x", mat->r, mat->g, mat->b);
        put(b, o, "name", name_json(mat->name));
        put(b, color, "r", json_integer(mat->r));
        put(b, color, "g", json_integer(mat->g));
        put(b, color, "b", json_integer(mat->b));
        put(b, color, "hex", json_string(hex));
        put(b, o, "color", color);
        put(b, o, "shine", json_integer(mat->shine));
        put(b, o, "texture", json_integer(mat->texture));
        if (mat->texture >= 0 && m->textures && (uint32_t)mat->texture < m->texture_count)
            put(b, o, "texture_name", name_json(m->textures[mat->texture]));
        else
            put(b, o, "texture_name", json_null());
        put(b, o, "subdivision_error", json_integer(mat->subdivision_error));
        put(b, o, "flags", flags_json(b, mat->flags));
        put(b, o, "user", json_integer(mat->user));
        push(b, arr, o);
    }
    return arr;
}

static json_t *vecs_json(json_build *b, const rm_vec3x *v, uint32_t count, const char *const keys[3])
{
    json_t *arr = json_array();
    for (uint32_t i = 0; v && i < count; i++)
        push(b, arr, vec_json(b, v[i], keys));
    return arr;
}

static json_t *corner_normals_json(json_build *b, const rm_jom_model *m)
{
    json_t *arr = json_array();
    for (uint32_t i = 0; m->corner_normals && i < m->polygon_count; i++) {
        json_t *four = json_array();
        for (unsigned k = 0; k < 4; k++)
            push(b, four, json_integer(m->corner_normals[4u * (size_t)i + k]));
        push(b, arr, four);
    }
    return arr;
}

static json_t *gouraud_json(json_build *b, const rm_jom_model *m)
{
    json_t *arr = json_array();
    for (uint32_t i = 0; m->gouraud && i < m->polygon_count; i++) {
        json_t *four = json_array();
        for (unsigned k = 0; k < 4; k++) {
            uint16_t g = m->gouraud[4u * (size_t)i + k];
            json_t *o = json_object();
            put(b, o, "r", json_integer(g & 31));
            put(b, o, "g", json_integer((g >> 5) & 31));
            put(b, o, "b", json_integer((g >> 10) & 31));
            put(b, o, "raw", json_integer(g));
            push(b, four, o);
        }
        push(b, arr, four);
    }
    return arr;
}

static json_t *groups_json(json_build *b, const rm_jom_model *m)
{
    json_t *arr = json_array();
    for (uint32_t i = 0; m->groups && i < m->group_count; i++) {
        const rm_jom_group *g = &m->groups[i];
        json_t *o = json_object();
        put(b, o, "name", name_json(g->name));
        put(b, o, "first_point", json_integer(g->first_point));
        put(b, o, "point_count", json_integer(g->point_count));
        put(b, o, "first_polygon", json_integer(g->first_polygon));
        put(b, o, "polygon_count", json_integer(g->polygon_count));
        push(b, arr, o);
    }
    return arr;
}

static json_t *bones_json(json_build *b, const rm_jom_model *m)
{
    json_t *arr = json_array();
    for (uint32_t i = 0; m->bones && i < m->bone_count; i++) {
        const rm_jom_bone *bone = &m->bones[i];
        json_t *o = json_object();
        put(b, o, "name", name_json(bone->name));
        put(b, o, "parent", json_integer(bone->parent));
        if (bone->parent >= 0 && (uint32_t)bone->parent < m->bone_count)
            put(b, o, "parent_name", name_json(m->bones[bone->parent].name));
        else
            put(b, o, "parent_name", json_null());
        put(b, o, "group", json_integer(bone->group));
        if (bone->group != RM_JOM_BONE_NO_GROUP && m->groups && bone->group < m->group_count)
            put(b, o, "group_name", name_json(m->groups[bone->group].name));
        else
            put(b, o, "group_name", json_null());
        put(b, o, "pivot", vec_json(b, bone->pivot, XYZ));
        push(b, arr, o);
    }
    return arr;
}

static json_t *keys_json(json_build *b, const rm_jom_model *m, const rm_jom_animation *a)
{
    uint32_t bones = m->bone_count < RM_JOM_MAX_BONES ? m->bone_count : RM_JOM_MAX_BONES;
    json_t *arr = json_array();
    for (uint32_t k = 0; a->keys && k < a->key_count; k++) {
        const rm_jom_key *key = &a->keys[k];
        json_t *o = json_object(), *deg = json_array(), *raw = json_array();
        put(b, o, "root", vec_json(b, key->root, XYZ));
        for (uint32_t i = 0; i < bones; i++) {
            json_t *d3 = json_array(), *r3 = json_array();
            for (int j = 0; j < 3; j++) {
                push(b, d3, json_real(jom_angle_degrees(key->angles[i][j])));
                push(b, r3, json_integer(key->angles[i][j]));
            }
            push(b, deg, d3);
            push(b, raw, r3);
        }
        put(b, o, "angles", deg);
        put(b, o, "angles_raw", raw);
        push(b, arr, o);
    }
    return arr;
}

static json_t *animations_json(json_build *b, const rm_jom_model *m)
{
    json_t *arr = json_array();
    for (uint32_t i = 0; m->animations && i < m->animation_count; i++) {
        const rm_jom_animation *a = &m->animations[i];
        uint32_t ticks = jom_animation_duration(a);
        json_t *o = json_object();
        put(b, o, "name", name_json(a->name));
        put(b, o, "key_count", json_integer(a->key_count));
        put(b, o, "key_ticks", json_integer(a->key_ticks));
        put(b, o, "flags", json_integer(a->flags));
        put(b, o, "loop", json_boolean(a->flags & RM_JOM_ANIMATION_LOOP));
        put(b, o, "duplicate", json_integer(a->duplicate));
        put(b, o, "offset", json_integer(a->offset));
        put(b, o, "duration_ticks", json_integer(ticks));
        put(b, o, "duration_seconds", json_real((double)ticks / RM_JOM_TICKS_PER_SECOND));
        put(b, o, "keys", keys_json(b, m, a));
        push(b, arr, o);
    }
    return arr;
}

static json_t *counts_json(json_build *b, const rm_jom_model *m)
{
    json_t *o = json_object();
    put(b, o, "embedded_textures", json_integer(m->texture_image_count));
    put(b, o, "points", json_integer(m->point_count));
    put(b, o, "polygons", json_integer(m->polygon_count));
    put(b, o, "materials", json_integer(m->material_count));
    put(b, o, "textures", json_integer(m->texture_count));
    put(b, o, "normals", json_integer(m->has_normals ? m->normal_count : 0));
    put(b, o, "groups", json_integer(m->has_groups ? m->group_count : 0));
    put(b, o, "bones", json_integer(m->has_skeleton ? m->bone_count : 0));
    put(b, o, "animations", json_integer(m->has_skeleton ? m->animation_count : 0));
    return o;
}

static json_t *model_json(json_build *b, const rm_jom_model *m)
{
    jom_layout l;
    jom_layout_compute(m, &l);
    json_t *root = json_object();
    put(b, root, "format", json_string("JOM"));
    put(b, root, "version", json_integer(m->version));
    put(b, root, "file_size", json_integer(m->chunks ? (json_int_t)m->file_size : (json_int_t)l.total));
    put(b, root, "from_file", json_boolean(m->chunks != NULL));
    put(b, root, "center", vec_json(b, m->center, XYZ));
    put(b, root, "radius", fixed_json(b, m->radius));
    put(b, root, "chunks", chunks_json(b, m, &l));
    put(b, root, "counts", counts_json(b, m));
    if (m->texture_image_count)
        put(b, root, "embedded_textures", embedded_json(b, m));
    put(b, root, "points", vecs_json(b, m->points, m->point_count, XYZ));
    put(b, root, "polygons", polygons_json(b, m));
    put(b, root, "materials", materials_json(b, m));
    if (m->texture_count) {
        json_t *names = json_array();
        for (uint32_t i = 0; m->textures && i < m->texture_count; i++)
            push(b, names, name_json(m->textures[i]));
        put(b, root, "textures", names);
    }
    if (m->has_normals) {
        put(b, root, "normals", vecs_json(b, m->normals, m->normal_count, XYZ));
        put(b, root, "corner_normals", corner_normals_json(b, m));
    }
    if (m->has_vertex_colors)
        put(b, root, "vertex_colors", vecs_json(b, m->vertex_colors, m->point_count, RGB));
    if (m->has_gouraud)
        put(b, root, "gouraud", gouraud_json(b, m));
    if (m->has_groups)
        put(b, root, "groups", groups_json(b, m));
    if (m->has_skeleton) {
        put(b, root, "bones", bones_json(b, m));
        put(b, root, "animations", animations_json(b, m));
    }
    return root;
}

static rm_status jom_print_json_c(const rm_jom_model *m, FILE *out)
{
    json_build b = {false};
    json_t *root = model_json(&b, m);
    if (!root || b.failed) {
        json_decref(root);
        return RM_NOMEM;
    }
    int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (rc != 0 || fputc('\n', out) == EOF)
        return RM_IO;
    return RM_OK;
}

/* Numbers with a '.', whatever the caller's locale (core/cnum.h). */
rm_status rm_jom_print_json(const rm_jom_model *m, FILE *out)
{
    rm_cloc loc = rm_cloc_enter();
    rm_status st = jom_print_json_c(m, out);
    rm_cloc_leave(loc);
    return st;
}
