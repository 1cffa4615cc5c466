/* src/formats/jom/print_json.c - rm_jom_print_json: the content of a model
   as one JSON document (`retromesh info --json`). The schema is in
   docs/jom.md. Keys are in a fixed order, numbers come from the model
   only: the same model gives the same text.

   The document is streamed record by record through core/json_out.h, which
   writes exactly what jansson's json_dumpf(JSON_INDENT(2) |
   JSON_PRESERVE_ORDER) wrote when this printer built a whole tree first
   (tests/formats/jom/test_jom_json_stream.c keeps that tree builder as the
   oracle). The memory is the writer's buffer, whatever the model. */
#include "jom_internal.h"

#include "core/json_out.h"
#include <stdio.h>

typedef rm_json_out jout;

static void kv_int(jout *o, const char *key, int64_t v)
{
    rm_json_out_key(o, key);
    rm_json_out_int(o, v);
}

static void kv_real(jout *o, const char *key, double v)
{
    rm_json_out_key(o, key);
    rm_json_out_real(o, v);
}

static void kv_string(jout *o, const char *key, const char *s)
{
    rm_json_out_key(o, key);
    rm_json_out_string(o, s);
}

static void kv_bool(jout *o, const char *key, bool v)
{
    rm_json_out_key(o, key);
    rm_json_out_bool(o, v);
}

/* A name: printable ASCII, other bytes as \xHH (jom_name_text). */
static void name_value(jout *o, const char *name)
{
    char text[JOM_NAME_TEXT_SIZE];
    jom_name_text(name, JOM_NAME_SIZE, text, sizeof text);
    rm_json_out_string(o, text);
}

static void kv_name(jout *o, const char *key, const char *name)
{
    rm_json_out_key(o, key);
    name_value(o, name);
}

/* A fixed[3]: {"x": real, "y": real, "z": real, "raw": [int, int, int]}
   (r, g, b for colors). */
static void vec_value(jout *o, rm_vec3x v, const char *const keys[3])
{
    rm_json_out_begin_object(o);
    kv_real(o, keys[0], rm_fixed_to_double(v.x));
    kv_real(o, keys[1], rm_fixed_to_double(v.y));
    kv_real(o, keys[2], rm_fixed_to_double(v.z));
    rm_json_out_key(o, "raw");
    rm_json_out_begin_array(o);
    rm_json_out_int(o, v.x);
    rm_json_out_int(o, v.y);
    rm_json_out_int(o, v.z);
    rm_json_out_end_array(o);
    rm_json_out_end_object(o);
}

static const char *const XYZ[3] = {"x", "y", "z"};
static const char *const RGB[3] = {"r", "g", "b"};

static void kv_vec(jout *o, const char *key, rm_vec3x v, const char *const keys[3])
{
    rm_json_out_key(o, key);
    vec_value(o, v, keys);
}

static void chunks_json(jout *o, const rm_jom_model *m, const jom_layout *l)
{
    rm_json_out_begin_array(o);
    if (m->chunks) {
        for (size_t i = 0; i < m->chunk_count; i++) {
            rm_json_out_begin_object(o);
            kv_string(o, "tag", m->chunks[i].tag);
            kv_int(o, "offset", m->chunks[i].offset);
            kv_int(o, "size", m->chunks[i].size);
            kv_bool(o, "known", m->chunks[i].known);
            rm_json_out_end_object(o);
        }
    } else {
        for (int k = 0; k < JOM_KIND_COUNT; k++) {
            if (!l->present[k])
                continue;
            rm_json_out_begin_object(o);
            kv_string(o, "tag", jom_tags[k]);
            kv_int(o, "offset", (int64_t)l->offset[k]);
            kv_int(o, "size", (int64_t)l->size[k]);
            kv_bool(o, "known", true);
            rm_json_out_end_object(o);
        }
    }
    rm_json_out_end_array(o);
}

static void embedded_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; m->texture_images && i < m->texture_image_count; i++) {
        const rm_jom_texture *t = &m->texture_images[i];
        char hex[16];
        snprintf(hex, sizeof hex, "0x%08x", t->pixels ? jom_fnv1a(t->pixels, t->pixel_size) : 0u);
        rm_json_out_begin_object(o);
        kv_name(o, "name", t->name);
        kv_int(o, "width", t->width);
        kv_int(o, "height", t->height);
        kv_int(o, "format", t->format);
        kv_string(o, "format_name", jom_texture_format_name(t->format));
        kv_int(o, "reserved", t->reserved);
        kv_int(o, "pixel_bytes", t->pixel_size);
        kv_string(o, "fnv1a", hex);
        if (t->format == 1 && t->pixels && t->pixel_size >= JOM_LUT_SIZE) {
            rm_json_out_key(o, "lut");
            rm_json_out_begin_array(o);
            for (unsigned c = 0; c < 16; c++)
                rm_json_out_int(o, t->pixels[2 * c] << 8 | t->pixels[2 * c + 1]);
            rm_json_out_end_array(o);
        }
        rm_json_out_end_object(o);
    }
    rm_json_out_end_array(o);
}

static void polygons_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; m->polygons && i < m->polygon_count; i++) {
        const rm_jom_polygon *p = &m->polygons[i];
        rm_json_out_begin_object(o);
        rm_json_out_key(o, "corners");
        rm_json_out_begin_array(o);
        for (int k = 0; k < 4; k++)
            rm_json_out_int(o, p->v[k]);
        rm_json_out_end_array(o);
        kv_bool(o, "triangle", p->v[3] == p->v[2]);
        kv_vec(o, "normal", p->normal, XYZ);
        if (m->polygon_materials)
            kv_int(o, "material", m->polygon_materials[i]);
        rm_json_out_end_object(o);
    }
    rm_json_out_end_array(o);
}

static void flags_json(jout *o, uint32_t flags)
{
    char text[JOM_FLAGS_TEXT_SIZE];
    jom_flags_text(flags, text, sizeof text);
    rm_json_out_begin_object(o);
    kv_int(o, "raw", flags);
    kv_string(o, "text", text);
    rm_json_out_key(o, "names");
    rm_json_out_begin_array(o);
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
        rm_json_out_string(o, word);
    }
    rm_json_out_end_array(o);
    rm_json_out_key(o, "user");
    rm_json_out_begin_array(o);
    for (unsigned n = 0; n < 16; n++)
        if (flags & RM_MAT_USER(n))
            rm_json_out_int(o, n);
    rm_json_out_end_array(o);
    rm_json_out_end_object(o);
}

static void materials_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; m->materials && i < m->material_count; i++) {
        const rm_jom_material *mat = &m->materials[i];
        char hex[8];
        snprintf(hex, sizeof hex, "#%02x%02x%02x", mat->r, mat->g, mat->b);
        rm_json_out_begin_object(o);
        kv_name(o, "name", mat->name);
        rm_json_out_key(o, "color");
        rm_json_out_begin_object(o);
        kv_int(o, "r", mat->r);
        kv_int(o, "g", mat->g);
        kv_int(o, "b", mat->b);
        kv_string(o, "hex", hex);
        rm_json_out_end_object(o);
        kv_int(o, "shine", mat->shine);
        kv_int(o, "texture", mat->texture);
        if (mat->texture >= 0 && m->textures && (uint32_t)mat->texture < m->texture_count)
            kv_name(o, "texture_name", m->textures[mat->texture]);
        else
            kv_string(o, "texture_name", NULL);
        kv_int(o, "subdivision_error", mat->subdivision_error);
        rm_json_out_key(o, "flags");
        flags_json(o, mat->flags);
        kv_int(o, "user", mat->user);
        rm_json_out_end_object(o);
    }
    rm_json_out_end_array(o);
}

static void vecs_json(jout *o, const rm_vec3x *v, uint32_t count, const char *const keys[3])
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; v && i < count; i++)
        vec_value(o, v[i], keys);
    rm_json_out_end_array(o);
}

static void corner_normals_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; m->corner_normals && i < m->polygon_count; i++) {
        rm_json_out_begin_array(o);
        for (unsigned k = 0; k < 4; k++)
            rm_json_out_int(o, m->corner_normals[4u * (size_t)i + k]);
        rm_json_out_end_array(o);
    }
    rm_json_out_end_array(o);
}

static void gouraud_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; m->gouraud && i < m->polygon_count; i++) {
        rm_json_out_begin_array(o);
        for (unsigned k = 0; k < 4; k++) {
            uint16_t g = m->gouraud[4u * (size_t)i + k];
            rm_json_out_begin_object(o);
            kv_int(o, "r", g & 31);
            kv_int(o, "g", (g >> 5) & 31);
            kv_int(o, "b", (g >> 10) & 31);
            kv_int(o, "raw", g);
            rm_json_out_end_object(o);
        }
        rm_json_out_end_array(o);
    }
    rm_json_out_end_array(o);
}

static void groups_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; m->groups && i < m->group_count; i++) {
        const rm_jom_group *g = &m->groups[i];
        rm_json_out_begin_object(o);
        kv_name(o, "name", g->name);
        kv_int(o, "first_point", g->first_point);
        kv_int(o, "point_count", g->point_count);
        kv_int(o, "first_polygon", g->first_polygon);
        kv_int(o, "polygon_count", g->polygon_count);
        rm_json_out_end_object(o);
    }
    rm_json_out_end_array(o);
}

static void bones_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; m->bones && i < m->bone_count; i++) {
        const rm_jom_bone *bone = &m->bones[i];
        rm_json_out_begin_object(o);
        kv_name(o, "name", bone->name);
        kv_int(o, "parent", bone->parent);
        if (bone->parent >= 0 && (uint32_t)bone->parent < m->bone_count)
            kv_name(o, "parent_name", m->bones[bone->parent].name);
        else
            kv_string(o, "parent_name", NULL);
        kv_int(o, "group", bone->group);
        if (bone->group != RM_JOM_BONE_NO_GROUP && m->groups && bone->group < m->group_count)
            kv_name(o, "group_name", m->groups[bone->group].name);
        else
            kv_string(o, "group_name", NULL);
        kv_vec(o, "pivot", bone->pivot, XYZ);
        rm_json_out_end_object(o);
    }
    rm_json_out_end_array(o);
}

static void keys_json(jout *o, const rm_jom_model *m, const rm_jom_animation *a)
{
    uint32_t bones = m->bone_count < RM_JOM_MAX_BONES ? m->bone_count : RM_JOM_MAX_BONES;
    rm_json_out_begin_array(o);
    for (uint32_t k = 0; a->keys && k < a->key_count; k++) {
        const rm_jom_key *key = &a->keys[k];
        rm_json_out_begin_object(o);
        kv_vec(o, "root", key->root, XYZ);
        rm_json_out_key(o, "angles");
        rm_json_out_begin_array(o);
        for (uint32_t i = 0; i < bones; i++) {
            rm_json_out_begin_array(o);
            for (int j = 0; j < 3; j++)
                rm_json_out_real(o, jom_angle_degrees(key->angles[i][j]));
            rm_json_out_end_array(o);
        }
        rm_json_out_end_array(o);
        rm_json_out_key(o, "angles_raw");
        rm_json_out_begin_array(o);
        for (uint32_t i = 0; i < bones; i++) {
            rm_json_out_begin_array(o);
            for (int j = 0; j < 3; j++)
                rm_json_out_int(o, key->angles[i][j]);
            rm_json_out_end_array(o);
        }
        rm_json_out_end_array(o);
        rm_json_out_end_object(o);
    }
    rm_json_out_end_array(o);
}

static void animations_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_array(o);
    for (uint32_t i = 0; m->animations && i < m->animation_count; i++) {
        const rm_jom_animation *a = &m->animations[i];
        uint32_t ticks = jom_animation_duration(a);
        rm_json_out_begin_object(o);
        kv_name(o, "name", a->name);
        kv_int(o, "key_count", a->key_count);
        kv_int(o, "key_ticks", a->key_ticks);
        kv_int(o, "flags", a->flags);
        kv_bool(o, "loop", a->flags & RM_JOM_ANIMATION_LOOP);
        kv_int(o, "duplicate", a->duplicate);
        kv_int(o, "offset", a->offset);
        kv_int(o, "duration_ticks", ticks);
        kv_real(o, "duration_seconds", (double)ticks / RM_JOM_TICKS_PER_SECOND);
        rm_json_out_key(o, "keys");
        keys_json(o, m, a);
        rm_json_out_end_object(o);
    }
    rm_json_out_end_array(o);
}

static void counts_json(jout *o, const rm_jom_model *m)
{
    rm_json_out_begin_object(o);
    kv_int(o, "embedded_textures", m->texture_image_count);
    kv_int(o, "points", m->point_count);
    kv_int(o, "polygons", m->polygon_count);
    kv_int(o, "materials", m->material_count);
    kv_int(o, "textures", m->texture_count);
    kv_int(o, "normals", m->has_normals ? m->normal_count : 0);
    kv_int(o, "groups", m->has_groups ? m->group_count : 0);
    kv_int(o, "bones", m->has_skeleton ? m->bone_count : 0);
    kv_int(o, "animations", m->has_skeleton ? m->animation_count : 0);
    rm_json_out_end_object(o);
}

static void model_json(jout *o, const rm_jom_model *m)
{
    jom_layout l;
    jom_layout_compute(m, &l);
    rm_json_out_begin_object(o);
    kv_string(o, "format", "JOM");
    kv_int(o, "version", m->version);
    kv_int(o, "file_size", m->chunks ? (int64_t)m->file_size : (int64_t)l.total);
    kv_bool(o, "from_file", m->chunks != NULL);
    kv_vec(o, "center", m->center, XYZ);
    rm_json_out_key(o, "radius");
    rm_json_out_begin_object(o);
    kv_real(o, "value", rm_fixed_to_double(m->radius));
    kv_int(o, "raw", m->radius);
    rm_json_out_end_object(o);
    rm_json_out_key(o, "chunks");
    chunks_json(o, m, &l);
    rm_json_out_key(o, "counts");
    counts_json(o, m);
    if (m->texture_image_count) {
        rm_json_out_key(o, "embedded_textures");
        embedded_json(o, m);
    }
    rm_json_out_key(o, "points");
    vecs_json(o, m->points, m->point_count, XYZ);
    rm_json_out_key(o, "polygons");
    polygons_json(o, m);
    rm_json_out_key(o, "materials");
    materials_json(o, m);
    if (m->texture_count) {
        rm_json_out_key(o, "textures");
        rm_json_out_begin_array(o);
        for (uint32_t i = 0; m->textures && i < m->texture_count; i++)
            name_value(o, m->textures[i]);
        rm_json_out_end_array(o);
    }
    if (m->has_normals) {
        rm_json_out_key(o, "normals");
        vecs_json(o, m->normals, m->normal_count, XYZ);
        rm_json_out_key(o, "corner_normals");
        corner_normals_json(o, m);
    }
    if (m->has_vertex_colors) {
        rm_json_out_key(o, "vertex_colors");
        vecs_json(o, m->vertex_colors, m->point_count, RGB);
    }
    if (m->has_gouraud) {
        rm_json_out_key(o, "gouraud");
        gouraud_json(o, m);
    }
    if (m->has_groups) {
        rm_json_out_key(o, "groups");
        groups_json(o, m);
    }
    if (m->has_skeleton) {
        rm_json_out_key(o, "bones");
        bones_json(o, m);
        rm_json_out_key(o, "animations");
        animations_json(o, m);
    }
    rm_json_out_end_object(o);
}

/* Numbers are written with a '.' whatever the caller's locale: json_out
   formats them itself (or with rm_cnum). */
rm_status rm_jom_print_json(const rm_jom_model *m, FILE *out)
{
    jout o;
    rm_status st = rm_json_out_file(&o, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    if (st != RM_OK)
        return st;
    model_json(&o, m);
    rm_json_out_raw(&o, "\n", 1);
    return rm_json_out_close(&o);
}
