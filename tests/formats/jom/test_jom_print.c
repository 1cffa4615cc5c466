/* JOM printers: the text listing has the expected lines (values worked
   out from the models of jom_models.c), the JSON document parses back with
   jansson and holds the same values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jom_models.h"

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

static char *text_of(const rm_jom_model *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    rm_jom_print_text(m, f);
    fclose(f);
    return buf;
}

static char *json_of(const rm_jom_model *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(rm_jom_print_json(m, f), RM_OK);
    fclose(f);
    return buf;
}

/* True when `line` is one whole line of `text`. */
static int has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == 0))
            return 1;
    fprintf(stderr, "line not found: [%s]\n", line);
    return 0;
}

static void text_of_the_cube(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    read_back(&m);
    char *t = text_of(&m);
    static const char *const lines[] = {
        "JOM version 1, 936 bytes",
        "center 0.000000 0.000000 0.000000 (0x00000000 0x00000000 0x00000000)",
        "radius 1.732056 (0x0001bb68)",   /* 113512 / 65536 = 1.7320556640625 */
        "chunks (13):",
        "  QUAD at 0x84, 124 bytes",
        "  END  at 0x3a0, 0 bytes",
        "points (8):",
        "  6: 1.000000 1.000000 1.000000",
        "  1: quad 5 4 7 6, normal 0.000000 0.000000 1.000000, material 0 'RED'",
        "  0 'RED': color 255 0 0 #ff0000, shine 10, texture -1 (none), subdivision_error 0, "
        "flags dual_plane|sort_min|gouraud (0x0000000b), user 0 (0x00000000)",
        "  1 'WALL': color 128 128 128 #808080, shine 0, texture 0 'WALL.BIN', subdivision_error 4, "
        "flags light|user(3) (0x00080040), user 305419896 (0x12345678)",
        "  0: 'WALL.BIN'",
        "  5: 0.000000 1.000000 0.000000",
        "  polygon 5: 5 5 5 5",
        "  3: 1.000000 0.500000 0.000000",
        "  polygon 0: 16,16,16 0xc210 31,0,0 0x801f 0,31,0 0x83e0 0,0,31 0xfc00",
        "  polygon 2: 0,0,0 0x0000 0,0,0 0x0000 0,0,0 0x0000 0,0,0 0x0000",
        "  1 'LID': points none (first 4), polygons 3 to 5 (3)",
        "  0 'ROOT': parent -1 (root), group 0 'BODY', pivot 0.000000 0.000000 0.000000",
        "  1 'LID': parent 0 'ROOT', group 1 'LID', pivot 0.000000 -1.000000 1.000000",
        /* 2 keys, loop: back to the first key after 2 x 30 ticks = 1 s */
        "  0 'OPEN': 2 keys, 30 ticks a key, loop, duration 60 ticks (1.000 s), keys at offset 32",
        "    key 1: root 0.000000 -0.500000 0.000000",
        "      bone 1 'LID': 45.0000 0.0000 -90.0000",   /* 0x2000 and -0x4000 */
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        assert_true(has_line(t, lines[i]));
    free(t);

    /* A model built in memory: sizes and offsets as the writer would. */
    rm_jom_free(&m);
    jom_model_cube(&m);
    t = text_of(&m);
    assert_true(has_line(t, "JOM version 1, 936 bytes (as written)"));
    assert_true(has_line(t, "chunks (13, as written):"));
    assert_true(has_line(t, "  ANIM at 0x348, 80 bytes"));
    free(t);

    /* Flags: both sort bits are sort_previous; unnamed bits; once. */
    m.materials[0].flags = 0x6;
    m.materials[1].flags = 0x4 | 0x2000 | 0x80000000u;
    m.animations[0].flags = 0;
    m.animations[0].key_count = 1;
    jom_set_name(m.materials[1].name, "A\x01\\B");
    t = text_of(&m);
    assert_true(strstr(t, "'RED': color 255 0 0 #ff0000, shine 10, texture -1 (none), subdivision_error 0, "
                          "flags sort_previous (0x00000006)") != NULL);
    assert_true(strstr(t, "  1 'A\\x01\\\\B': color 128 128 128 #808080, shine 0, texture 0 'WALL.BIN', "
                          "subdivision_error 4, flags sort_max|bit(13)|user(15) (0x80002004)") != NULL);
    assert_true(has_line(t, "  0 'OPEN': 1 keys, 30 ticks a key, once, duration 0 ticks (0.000 s), keys at offset 0"));
    free(t);
    rm_jom_free(&m);
}

static void text_of_textures_and_unknown_chunks(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_textured(&m);
    read_back(&m);
    char *t = text_of(&m);
    assert_true(has_line(t, "  TIMG at 0x18, 104 bytes"));
    assert_true(strstr(t, "\n  1 'LUT_3D4E5F.BIN': 8x1, format 1 (lut16), 36 bytes of pixels, fnv1a 0x") != NULL);
    assert_true(has_line(t, "    lut 0x0000 0x8001 0x8002 0x8003 0x8004 0x8005 0x8006 0x8007 0x8008 0x8009 "
                            "0x800a 0x800b 0x800c 0x800d 0x800e 0x800f"));
    assert_true(has_line(t, "  0: triangle 0 1 2, normal 0.000000 0.000000 -1.000000, material 0 'GREEN'"));
    assert_true(has_line(t, "  1: 'LUT_3D4E5F.BIN'"));
    free(t);
    rm_jom_free(&m);

    jom_model_triangle(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    rm_jom_free(&m);
    jom_piece p[10];
    size_t n = jom_split(data, size, p, 10);
    static const uint8_t extra[8] = {0};
    jom_insert(p, &n, n - 1, (jom_piece){{'X', 'T', 'R', 'A'}, extra, 8});
    size_t size2;
    uint8_t *data2 = jom_join(data, p, n, &size2);
    assert_int_equal(rm_jom_read(data2, size2, "t.jom", &m, NULL), RM_OK);
    t = text_of(&m);
    assert_true(has_line(t, "  XTRA at 0xa4, 8 bytes (unknown, skipped)"));
    assert_true(has_line(t, "  END  at 0xb4, 0 bytes"));
    free(t);
    free(data);
    free(data2);
    rm_jom_free(&m);
}

static void flag_names(void **state)
{
    (void)state;
    assert_string_equal(rm_jom_material_flag_name(0), "dual_plane");
    assert_string_equal(rm_jom_material_flag_name(3), "gouraud");
    assert_string_equal(rm_jom_material_flag_name(12), "subdivision_near");
    assert_null(rm_jom_material_flag_name(13));
    assert_null(rm_jom_material_flag_name(16));
    assert_null(rm_jom_material_flag_name(1000));
}

static json_t *get(json_t *o, const char *path)
{
    /* "a.b.2.c": keys and array indexes */
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *tok = strtok(buf, "."); tok && o; tok = strtok(NULL, "."))
        o = json_is_array(o) ? json_array_get(o, strtoul(tok, NULL, 10)) : json_object_get(o, tok);
    if (!o)
        fprintf(stderr, "no %s\n", path);
    return o;
}

static json_int_t int_at(json_t *root, const char *path)
{
    json_t *v = get(root, path);
    assert_true(json_is_integer(v));
    return json_integer_value(v);
}

static double real_at(json_t *root, const char *path)
{
    json_t *v = get(root, path);
    assert_true(json_is_real(v));
    return json_real_value(v);
}

static const char *string_at(json_t *root, const char *path)
{
    json_t *v = get(root, path);
    assert_true(json_is_string(v));
    return json_string_value(v);
}

static void json_of_the_cube(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    read_back(&m);
    char *text = json_of(&m);
    assert_int_equal(strncmp(text, "{\n  \"format\": \"JOM\",\n  \"version\": 1,\n", 36), 0);
    assert_int_equal(text[strlen(text) - 1], '\n');
    json_error_t err;
    json_t *root = json_loads(text, 0, &err);
    assert_non_null(root);

    assert_string_equal(string_at(root, "format"), "JOM");
    assert_int_equal(int_at(root, "file_size"), 936);
    assert_true(json_is_true(get(root, "from_file")));
    assert_int_equal(int_at(root, "radius.raw"), 113512);
    assert_true(real_at(root, "radius.value") == 113512.0 / 65536.0);
    assert_string_equal(string_at(root, "chunks.1.tag"), "QUAD");
    assert_int_equal(int_at(root, "chunks.1.offset"), 0x84);
    assert_int_equal(int_at(root, "chunks.1.size"), 124);
    assert_int_equal(int_at(root, "counts.points"), 8);
    assert_int_equal(int_at(root, "counts.bones"), 2);
    assert_true(real_at(root, "points.6.x") == 1.0);
    assert_true(real_at(root, "points.0.y") == -1.0);
    assert_int_equal(int_at(root, "points.0.raw.2"), -65536);
    assert_int_equal(int_at(root, "polygons.1.corners.0"), 5);
    assert_int_equal(int_at(root, "polygons.1.corners.3"), 6);
    assert_true(json_is_false(get(root, "polygons.1.triangle")));
    assert_true(real_at(root, "polygons.1.normal.z") == 1.0);
    assert_int_equal(int_at(root, "polygons.2.material"), 1);
    assert_string_equal(string_at(root, "materials.0.name"), "RED");
    assert_string_equal(string_at(root, "materials.0.flags.text"), "dual_plane|sort_min|gouraud");
    assert_int_equal(json_array_size(get(root, "materials.0.flags.names")), 3);
    assert_string_equal(string_at(root, "materials.0.flags.names.2"), "gouraud");
    assert_true(json_is_null(get(root, "materials.0.texture_name")));
    assert_int_equal(int_at(root, "materials.0.texture"), -1);
    assert_string_equal(string_at(root, "materials.1.color.hex"), "#808080");
    assert_string_equal(string_at(root, "materials.1.texture_name"), "WALL.BIN");
    assert_int_equal(int_at(root, "materials.1.flags.raw"), 0x00080040);
    assert_int_equal(int_at(root, "materials.1.flags.user.0"), 3);
    assert_int_equal(int_at(root, "materials.1.user"), 0x12345678);
    assert_int_equal(int_at(root, "materials.1.subdivision_error"), 4);
    assert_string_equal(string_at(root, "textures.0"), "WALL.BIN");
    assert_true(real_at(root, "normals.2.x") == -1.0);
    assert_int_equal(int_at(root, "corner_normals.5.3"), 5);
    assert_true(real_at(root, "vertex_colors.3.g") == 0.5);
    assert_int_equal(int_at(root, "vertex_colors.3.raw.1"), 0x8000);
    assert_int_equal(int_at(root, "gouraud.0.1.r"), 31);
    assert_int_equal(int_at(root, "gouraud.0.1.raw"), 0x801F);
    assert_int_equal(int_at(root, "gouraud.0.0.g"), 16);
    assert_int_equal(int_at(root, "gouraud.0.3.b"), 31);
    assert_int_equal(int_at(root, "groups.1.first_point"), 4);
    assert_int_equal(int_at(root, "groups.1.polygon_count"), 3);
    assert_string_equal(string_at(root, "bones.1.parent_name"), "ROOT");
    assert_true(json_is_null(get(root, "bones.0.parent_name")));
    assert_string_equal(string_at(root, "bones.1.group_name"), "LID");
    assert_true(real_at(root, "bones.1.pivot.y") == -1.0);
    assert_int_equal(int_at(root, "animations.0.duration_ticks"), 60);
    assert_true(real_at(root, "animations.0.duration_seconds") == 1.0);
    assert_true(json_is_true(get(root, "animations.0.loop")));
    assert_int_equal(int_at(root, "animations.0.offset"), 32);
    assert_true(real_at(root, "animations.0.keys.1.root.y") == -0.5);
    assert_true(real_at(root, "animations.0.keys.1.angles.1.0") == 45.0);
    assert_true(real_at(root, "animations.0.keys.1.angles.1.2") == -90.0);
    assert_int_equal(int_at(root, "animations.0.keys.1.angles_raw.1.2"), -16384);
    assert_null(json_object_get(root, "embedded_textures"));
    json_decref(root);

    /* The same model prints the same text. */
    char *again = json_of(&m);
    assert_string_equal(text, again);
    free(again);
    free(text);
    rm_jom_free(&m);
}

static void json_of_textures(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_textured(&m);
    char *text = json_of(&m);
    json_error_t err;
    json_t *root = json_loads(text, 0, &err);
    assert_non_null(root);
    assert_true(json_is_false(get(root, "from_file")));
    assert_int_equal(int_at(root, "file_size"), 328);   /* 0x140 + 8 */
    assert_string_equal(string_at(root, "embedded_textures.1.name"), "LUT_3D4E5F.BIN");
    assert_string_equal(string_at(root, "embedded_textures.1.format_name"), "lut16");
    assert_int_equal(int_at(root, "embedded_textures.1.pixel_bytes"), 36);
    assert_int_equal(int_at(root, "embedded_textures.1.lut.15"), 0x800F);
    assert_int_equal(int_at(root, "embedded_textures.0.width"), 8);
    assert_null(json_object_get(get(root, "embedded_textures.0"), "lut"));
    assert_null(json_object_get(root, "normals"));
    assert_null(json_object_get(root, "bones"));
    assert_true(json_is_true(get(root, "polygons.0.triangle")));
    json_decref(root);
    free(text);
    rm_jom_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_of_the_cube),
        cmocka_unit_test(text_of_textures_and_unknown_chunks),
        cmocka_unit_test(flag_names),
        cmocka_unit_test(json_of_the_cube),
        cmocka_unit_test(json_of_textures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
