/* rm_jom_print_json streams its document through core/json_out.h; these
   tests hold it to the text of the printer it replaced, which built a
   whole jansson tree and dumped it with json_dumpf(JSON_INDENT(2) |
   JSON_PRESERVE_ORDER). That tree builder is kept below, unchanged, as the
   oracle. Compared byte for byte: the JOM fixtures as read, the models of
   jom_models.c in memory and read back, models with odd names and chunk
   tags (control bytes, quotes, backslashes, UTF-8, invalid UTF-8), and
   random models (every field random, counts and indexes out of range
   included, since the printer checks none of them). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/json_text.h"
#include "formats/jom/jom_internal.h"
#include "jom_models.h"

/* ---------- the oracle: the tree builder of the old print_json.c ---------- */

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


/* The old printer's text: the tree, dumped, and a newline. */
static char *oracle_text(const rm_jom_model *m)
{
    json_build b = {false};
    json_t *root = model_json(&b, m);
    assert_non_null(root);
    assert_false(b.failed);
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    assert_non_null(text);
    json_decref(root);
    size_t n = strlen(text);
    char *with_newline = realloc(text, n + 2);
    assert_non_null(with_newline);
    memcpy(with_newline + n, "\n", 2);
    return with_newline;
}

/* ---------- the comparison ---------- */

static char *streamed_text(const rm_jom_model *m, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    assert_non_null(f);
    assert_int_equal(rm_jom_print_json(m, f), RM_OK);
    assert_int_equal(fclose(f), 0);
    return buf;
}

static void expect_same_text(const rm_jom_model *m, const char *what)
{
    size_t len;
    char *mine = streamed_text(m, &len);
    char *theirs = oracle_text(m);
    assert_int_equal(strlen(mine), len);   /* no NUL in the text */
    if (strcmp(mine, theirs) != 0) {
        size_t at = 0;
        while (mine[at] == theirs[at])
            at++;
        fprintf(stderr, "%s: differs at byte %zu:\n  streamed: %.80s\n  oracle:   %.80s\n", what, at,
                mine + at, theirs + at);
    }
    assert_string_equal(mine, theirs);
    /* Valid JSON that jansson reads back. */
    json_error_t err;
    json_t *back = json_loads(mine, 0, &err);
    assert_non_null(back);
    json_decref(back);
    free(mine);
    free(theirs);
}

/* Writes and reads back, so the model has its chunk table. */
static void read_back(rm_jom_model *m)
{
    size_t size;
    uint8_t *data = jom_write_or_die(m, &size);
    rm_jom_free(m);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_jom_read(data, size, "t.jom", m, &d), RM_OK);
    rm_diag_free(&d);
    free(data);
}

static void fixtures(void **state)
{
    (void)state;
    static const char *const names[] = {"cube.jom", "skeleton.jom", "textured.jom", "triangle.jom",
                                        "unknown_chunk.jom"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/jom/%s", RM_FIXTURES, names[i]);
        rm_jom_model m;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_jom_read_file(path, &m, &d), RM_OK);
        rm_diag_free(&d);
        expect_same_text(&m, names[i]);
        rm_jom_free(&m);
    }
}

static void models_in_memory_and_read_back(void **state)
{
    (void)state;
    for (int k = 0; k < 6; k++) {
        for (int again = 0; again < 2; again++) {
            rm_jom_model m;
            switch (k) {
            case 0: jom_model_cube(&m); break;
            case 1: jom_model_triangle(&m); break;
            case 2: jom_model_textured(&m); break;
            case 3: jom_model_skeleton(&m, 1, 1); break;
            case 4: jom_model_skeleton(&m, 7, 2); break;
            default: jom_model_skeleton(&m, 32, 3); break;
            }
            if (again)
                read_back(&m);
            expect_same_text(&m, again ? "read back" : "in memory");
            rm_jom_free(&m);
        }
    }
}

/* Every name of the cube (materials, TEXT, groups, bones, animations) and
   the chunk tags with the bytes a JSON printer must escape or clean. */
static void odd_names(void **state)
{
    (void)state;
    static const char *const odd[] = {
        "\x01\x1f\"\\/\x7f", "caf\xC3\xA9", "\xE9\xFF\x80\xC3", "tab\there\nnl", "\xF0\x9F\x98\x80!",
        "\xED\xA0\x80\xC0\xAF", "0123456789ABCDE",
    };
    size_t n_odd = sizeof odd / sizeof odd[0];
    for (size_t shift = 0; shift < n_odd; shift++) {
        rm_jom_model m;
        jom_model_cube(&m);
        for (uint32_t i = 0; i < m.material_count; i++)
            jom_set_name(m.materials[i].name, odd[(shift + i) % n_odd]);
        for (uint32_t i = 0; i < m.texture_count; i++)
            jom_set_name(m.textures[i], odd[(shift + 2 + i) % n_odd]);
        for (uint32_t i = 0; i < m.group_count; i++)
            jom_set_name(m.groups[i].name, odd[(shift + 3 + i) % n_odd]);
        for (uint32_t i = 0; i < m.bone_count; i++)
            jom_set_name(m.bones[i].name, odd[(shift + 4 + i) % n_odd]);
        for (uint32_t i = 0; i < m.animation_count; i++)
            jom_set_name(m.animations[i].name, odd[(shift + 5 + i) % n_odd]);
        /* A name of 16 bytes without its terminator (the printer stops at 16). */
        memcpy(m.materials[0].name, "ABCDEFGHIJKLMNO\xE9", 16);
        expect_same_text(&m, "odd names");
        /* A chunk table as a reader fills it, with odd tags. */
        static const char tags[][5] = {"PNTS", "\"\\\x01\xE9", "\xC3\xA9\x7f/", "\t\n\r\b", "END "};
        m.chunk_count = sizeof tags / sizeof tags[0];
        m.chunks = calloc(m.chunk_count, sizeof *m.chunks);
        assert_non_null(m.chunks);
        for (size_t c = 0; c < m.chunk_count; c++) {
            memcpy(m.chunks[c].tag, tags[(c + shift) % m.chunk_count], 5);
            m.chunks[c].offset = (uint32_t)(24 + 100 * c);
            m.chunks[c].size = UINT32_MAX - (uint32_t)c;
            m.chunks[c].known = c % 2 == 0;
        }
        m.file_size = UINT32_MAX;
        expect_same_text(&m, "odd tags");
        rm_jom_free(&m);
    }
}

/* ---------- random models ---------- */

static uint64_t rng_state = 0x2545F4914F6CDD1Du;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

static uint32_t below(uint32_t n)
{
    return n ? (uint32_t)(rnd() % n) : 0;
}

/* Raw fixed values: small ones, extremes, anything. */
static rm_fixed random_fixed(void)
{
    switch (rnd() % 4) {
    case 0: return (rm_fixed)(int32_t)(rnd() % 131072) - 65536;
    case 1: return (rnd() & 1) ? INT32_MAX : INT32_MIN;
    default: return (rm_fixed)(int32_t)(uint32_t)rnd();
    }
}

static rm_vec3x random_vec(void)
{
    rm_vec3x v = {random_fixed(), random_fixed(), random_fixed()};
    return v;
}

static void random_name(char name[16])
{
    for (int i = 0; i < 16; i++)
        name[i] = (char)((rnd() % 5) ? (rnd() % 4 ? 'A' + rnd() % 26 : (int)(uint8_t)rnd()) : 0);
}

static void *alloc_n(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    assert_non_null(p);
    return p;
}

static void random_model(rm_jom_model *m)
{
    rm_jom_init(m);
    m->version = (uint16_t)(rnd() % 3);
    m->center = random_vec();
    m->radius = random_fixed();
    m->point_count = below(40);
    m->points = alloc_n(m->point_count, sizeof *m->points);
    for (uint32_t i = 0; i < m->point_count; i++)
        m->points[i] = random_vec();
    m->polygon_count = below(40);
    m->polygons = alloc_n(m->polygon_count, sizeof *m->polygons);
    for (uint32_t i = 0; i < m->polygon_count; i++) {
        m->polygons[i].normal = random_vec();
        for (int k = 0; k < 4; k++)
            m->polygons[i].v[k] = (uint16_t)rnd();
        if (rnd() & 1)
            m->polygons[i].v[3] = m->polygons[i].v[2];
    }
    if (rnd() % 4) {
        m->polygon_materials = alloc_n(m->polygon_count, sizeof *m->polygon_materials);
        for (uint32_t i = 0; i < m->polygon_count; i++)
            m->polygon_materials[i] = (uint16_t)rnd();
    }
    m->texture_count = below(4);
    if (m->texture_count) {
        m->textures = alloc_n(m->texture_count, sizeof *m->textures);
        for (uint32_t i = 0; i < m->texture_count; i++)
            random_name(m->textures[i]);
    }
    m->material_count = below(6);
    m->materials = alloc_n(m->material_count, sizeof *m->materials);
    for (uint32_t i = 0; i < m->material_count; i++) {
        rm_jom_material *mat = &m->materials[i];
        random_name(mat->name);
        mat->r = (uint8_t)rnd();
        mat->g = (uint8_t)rnd();
        mat->b = (uint8_t)rnd();
        mat->shine = (uint8_t)rnd();
        mat->texture = (int16_t)((rnd() & 1) ? (int)below(m->texture_count + 2) - 1 : (int16_t)rnd());
        mat->subdivision_error = (uint16_t)rnd();
        mat->flags = (uint32_t)rnd();
        mat->user = (uint32_t)rnd();
    }
    m->texture_image_count = below(3);
    if (m->texture_image_count) {
        m->texture_images = alloc_n(m->texture_image_count, sizeof *m->texture_images);
        for (uint32_t i = 0; i < m->texture_image_count; i++) {
            rm_jom_texture *t = &m->texture_images[i];
            random_name(t->name);
            t->width = (uint16_t)(8 * (1 + below(4)));
            t->height = (uint16_t)(1 + below(4));
            t->format = (uint16_t)below(3);
            t->reserved = (uint16_t)rnd();
            t->pixel_size = below(80);
            if (t->pixel_size && (rnd() % 4)) {
                t->pixels = alloc_n(t->pixel_size, 1);
                for (uint32_t k = 0; k < t->pixel_size; k++)
                    t->pixels[k] = (uint8_t)rnd();
            }
        }
    }
    m->has_normals = rnd() & 1;
    if (m->has_normals) {
        m->normal_count = below(20);
        m->normals = alloc_n(m->normal_count, sizeof *m->normals);
        for (uint32_t i = 0; i < m->normal_count; i++)
            m->normals[i] = random_vec();
        if (rnd() % 4) {
            m->corner_normals = alloc_n(4 * (size_t)m->polygon_count, sizeof *m->corner_normals);
            for (size_t i = 0; i < 4 * (size_t)m->polygon_count; i++)
                m->corner_normals[i] = (uint16_t)rnd();
        }
    }
    m->has_vertex_colors = rnd() & 1;
    if (m->has_vertex_colors && (rnd() % 4)) {
        m->vertex_colors = alloc_n(m->point_count, sizeof *m->vertex_colors);
        for (uint32_t i = 0; i < m->point_count; i++)
            m->vertex_colors[i] = random_vec();
    }
    m->has_gouraud = rnd() & 1;
    if (m->has_gouraud && (rnd() % 4)) {
        m->gouraud = alloc_n(4 * (size_t)m->polygon_count, sizeof *m->gouraud);
        for (size_t i = 0; i < 4 * (size_t)m->polygon_count; i++)
            m->gouraud[i] = (uint16_t)rnd();
    }
    m->has_groups = rnd() & 1;
    if (m->has_groups) {
        m->group_count = below(5);
        m->groups = alloc_n(m->group_count, sizeof *m->groups);
        for (uint32_t i = 0; i < m->group_count; i++) {
            random_name(m->groups[i].name);
            m->groups[i].first_point = (uint16_t)rnd();
            m->groups[i].point_count = (uint16_t)rnd();
            m->groups[i].first_polygon = (uint16_t)rnd();
            m->groups[i].polygon_count = (uint16_t)rnd();
        }
    }
    m->has_skeleton = rnd() & 1;
    if (m->has_skeleton) {
        m->bone_count = below(36);   /* more than RM_JOM_MAX_BONES too */
        m->bones = alloc_n(m->bone_count, sizeof *m->bones);
        for (uint32_t i = 0; i < m->bone_count; i++) {
            rm_jom_bone *b = &m->bones[i];
            random_name(b->name);
            b->parent = (int16_t)((rnd() & 1) ? (int)below(m->bone_count + 2) - 1 : (int16_t)rnd());
            b->group = (uint16_t)((rnd() & 1) ? below(m->group_count + 1) : (rnd() & 1) ? RM_JOM_BONE_NO_GROUP
                                                                                       : (uint16_t)rnd());
            b->pivot = random_vec();
        }
        m->animation_count = below(3);
        m->animations = alloc_n(m->animation_count, sizeof *m->animations);
        for (uint32_t i = 0; i < m->animation_count; i++) {
            rm_jom_animation *a = &m->animations[i];
            random_name(a->name);
            a->key_count = (uint16_t)below(4);
            a->key_ticks = (uint16_t)((rnd() & 1) ? below(200) : rnd());
            a->flags = (uint16_t)rnd();
            a->duplicate = (uint16_t)rnd();
            a->offset = (uint32_t)rnd();
            if (a->key_count && (rnd() % 4)) {
                a->keys = alloc_n(a->key_count, sizeof *a->keys);
                for (uint32_t k = 0; k < a->key_count; k++) {
                    a->keys[k].root = random_vec();
                    for (int b = 0; b < RM_JOM_MAX_BONES; b++)
                        for (int j = 0; j < 3; j++)
                            a->keys[k].angles[b][j] = (int16_t)rnd();
                }
            }
        }
    }
}

static void random_models(void **state)
{
    (void)state;
    for (int i = 0; i < 300; i++) {
        rm_jom_model m;
        random_model(&m);
        expect_same_text(&m, "random model");
        rm_jom_free(&m);
    }
}

/* A model big enough that the document goes through the writer's buffer
   many times (a file, not memory). */
static void big_model_through_a_file(void **state)
{
    (void)state;
    rm_jom_model m;
    random_model(&m);
    free(m.points);
    m.point_count = 20000;
    m.points = alloc_n(m.point_count, sizeof *m.points);
    for (uint32_t i = 0; i < m.point_count; i++)
        m.points[i] = random_vec();
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(rm_jom_print_json(&m, f), RM_OK);
    long size = ftell(f);
    char *theirs = oracle_text(&m);
    assert_int_equal((size_t)size, strlen(theirs));
    assert_true(size > 4 * 65536);
    char *mine = alloc_n((size_t)size + 1, 1);
    rewind(f);
    assert_int_equal(fread(mine, 1, (size_t)size, f), (size_t)size);
    assert_string_equal(mine, theirs);
    fclose(f);
    free(mine);
    free(theirs);
    rm_jom_free(&m);
}

/* A full disk is RM_IO, as json_dumpf's failure was. */
static void write_error(void **state)
{
    (void)state;
    FILE *f = fopen("/dev/full", "w");
    if (!f) {
        printf("skip: no /dev/full\n");
        skip();
    }
    setvbuf(f, NULL, _IONBF, 0);   /* the error at the writer's own fwrite */
    rm_jom_model m;
    jom_model_cube(&m);
    assert_int_equal(rm_jom_print_json(&m, f), RM_IO);
    fclose(f);
    rm_jom_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixtures),
        cmocka_unit_test(models_in_memory_and_read_back),
        cmocka_unit_test(odd_names),
        cmocka_unit_test(random_models),
        cmocka_unit_test(big_model_through_a_file),
        cmocka_unit_test(write_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
