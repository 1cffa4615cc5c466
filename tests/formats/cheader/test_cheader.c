/* The C header writer (retromesh/cheader.h): the text of the JOM test cube
   line by line (values worked out by hand in the comments), identifiers,
   textures, normals, gouraud tables, refused models, determinism, and the
   whole path from an OBJ (the arrays are the JOM conversion's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/jom/jom_models.h"
#include "retromesh/cheader.h"
#include "retromesh/convert.h"
#include "retromesh/formats.h"
#include "retromesh/output.h"

/* 8 x 1 texels of the cube's WALL.BIN */
static const uint16_t wall[8] = { 0x8000, 0xFFFF, 0x801F, 0x83E0, 0xFC00, 0x0000, 0xC210, 0x8421 };

static char *cube_header(const char *name, rm_status want)
{
    rm_jom_model m;
    jom_model_cube(&m);
    rm_cheader_image img = { 8, 1, wall };
    rm_cheader_options o;
    rm_cheader_options_default(&o);
    o.name = name;
    o.made_by = "--scale 2";
    char *text = NULL;
    size_t size = 0;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_cheader_write(&m, &img, &o, &text, &size, &d), want);
    if (want == RM_OK) {
        assert_non_null(text);
        assert_int_equal(strlen(text), size);
    } else {
        assert_null(text);
        assert_true(d.count > 0);
    }
    rm_diag_free(&d);
    rm_jom_free(&m);
    return text;
}

static void has(const char *text, const char *line)
{
    if (!strstr(text, line))
        fail_msg("not in the header: %s", line);
}

static void cube_tables(void **state)
{
    (void)state;
    char *t = cube_header("cube", RM_OK);
    has(t, "Written by retromesh 0.1.0 (retromesh convert --scale 2).");
    has(t, "8 points, 6 polygons, 1 textures, 1 gouraud tables, vertex normals; the bind pose of its bones");
    has(t, "#ifndef RETROMESH_MODEL_CUBE_H\n#define RETROMESH_MODEL_CUBE_H\n");
    /* PNTS: ONE = 65536 */
    has(t, "static POINT cube_points[8] RETROMESH_UNUSED = {\n"
           "    { -65536, -65536, -65536 },\n    { 65536, -65536, -65536 },\n");
    has(t, "    { -65536, 65536, 65536 },\n};\n");
    /* QUAD: normal then the 4 indices */
    has(t, "static POLYGON cube_polygons[6] RETROMESH_UNUSED = {\n"
           "    { { 0, 0, -65536 }, { 0, 1, 2, 3 } },\n    { { 0, 0, 65536 }, { 5, 4, 7, 6 } },\n");
    /* ATTR. RED (r 255, flags dual_plane | sort_min | gouraud, untextured):
       flag 1, sort SORT_MIN 1, texno 0, atrb 40|128|64 | CL_Gouraud 4 = 236,
       colno 0x8000 | 255>>3 = 0x801F, gstb 0 until loaded, dir 4.
       WALL (light | user 3, texture 0): flag 0, sort 3 | 4 | 8 = 15, texno 0
       (the index), atrb 40 | ECdis 128 = 168, colno 0, dir FUNC_Texture 2.
       QMAT 0 0 1 1 0 1. */
    has(t, "static ATTR cube_attributes[6] RETROMESH_UNUSED = {\n"
           "    { 1, 1, 0, 236, 0x801F, 0, 4 },  /* RED */\n"
           "    { 1, 1, 0, 236, 0x801F, 0, 4 },  /* RED */\n"
           "    { 0, 15, 0, 168, 0x0000, 0, 2 },  /* WALL */\n"
           "    { 0, 15, 0, 168, 0x0000, 0, 2 },  /* WALL */\n"
           "    { 1, 1, 0, 236, 0x801F, 0, 4 },  /* RED */\n"
           "    { 0, 15, 0, 168, 0x0000, 0, 2 },  /* WALL */\n};\n");
    has(t, "static PDATA cube_pdata RETROMESH_UNUSED = {\n"
           "    cube_points, 8, cube_polygons, 6, cube_attributes\n};\n");
    /* Normals: each polygon's corners name its own normal (CNRM = i / 4);
       points 0-3 are first named by polygon 0 (0, 0, -1), 4-7 by polygon 1
       (5 4 7 6: 0, 0, +1). */
    has(t, "static VECTOR cube_vertex_normals[8] RETROMESH_UNUSED = {\n"
           "    { 0, 0, -65536 },\n    { 0, 0, -65536 },\n    { 0, 0, -65536 },\n    { 0, 0, -65536 },\n"
           "    { 0, 0, 65536 },\n    { 0, 0, 65536 },\n    { 0, 0, 65536 },\n    { 0, 0, 65536 },\n};\n");
    has(t, "static XPDATA cube_xpdata RETROMESH_UNUSED = {\n"
           "    cube_points, 8, cube_polygons, 6, cube_attributes, cube_vertex_normals\n};\n");
    /* the texture: its words, 12 to a line (8 here) */
    has(t, "/* texture 0: WALL.BIN, 8 x 1 RGB555 words");
    has(t, "static const unsigned short cube_texture_0[8] RETROMESH_UNUSED = {\n"
           "    0x8000, 0xFFFF, 0x801F, 0x83E0, 0xFC00, 0x0000, 0xC210, 0x8421\n};\n");
    has(t, "static const unsigned short cube_texture_sizes[1][2] RETROMESH_UNUSED = {\n    { 8, 1 },\n};\n");
    has(t, "static const unsigned short cube_texture_count RETROMESH_UNUSED = 1;\n");
    /* gouraud: RED's polygons 0, 1, 4 share one table (the same 4 words) */
    has(t, "static const unsigned short cube_gouraud[4] RETROMESH_UNUSED = {\n"
           "    0xC210, 0x801F, 0x83E0, 0xFC00\n};\n");
    has(t, "static const unsigned short cube_polygon_gouraud[6] RETROMESH_UNUSED = {\n"
           "    1, 1, 0, 0, 1, 0\n};\n");
    /* the Jo part */
    has(t, "#if defined(JO_COMPILE_WITH_3D_SUPPORT) && !defined(RETROMESH_NO_JO)\n"
           "static jo_3d_mesh cube_mesh RETROMESH_UNUSED = {\n"
           "    { cube_points, 8, cube_polygons, 6, cube_attributes }\n};\n");
    has(t, "static jo_img cube_images[1] RETROMESH_UNUSED = {\n    { 8, 1, (jo_color *)cube_texture_0 },\n};\n");
    has(t, "static inline int cube_load_textures(void)\n");
    has(t, "        id = jo_sprite_add(&cube_images[i]);\n");
    has(t, "    cube_set_first_texture(first);\n");
    has(t, "static inline void cube_set_first_texture(int first)\n");
    has(t, "static inline void cube_set_gouraud(unsigned short first, unsigned short step)\n");
    /* ends with the guard's #endif */
    size_t n = strlen(t);
    assert_true(n > 7 && !strcmp(t + n - 7, "#endif\n"));
    free(t);
}

static void deterministic(void **state)
{
    (void)state;
    char *a = cube_header("cube", RM_OK);
    /* a locale with a decimal comma changes nothing (if the system has one) */
    const char *loc = setlocale(LC_ALL, "de_DE.UTF-8");
    if (!loc)
        loc = setlocale(LC_ALL, "fr_FR.UTF-8");
    char *b = cube_header("cube", RM_OK);
    setlocale(LC_ALL, "C");
    assert_string_equal(a, b);
    /* another name: only the identifiers differ */
    char *c = cube_header("Other_2", RM_OK);
    has(c, "static POINT Other_2_points[8]");
    has(c, "#ifndef RETROMESH_MODEL_OTHER_2_H");
    assert_null(strstr(c, "cube_"));
    free(a);
    free(b);
    free(c);
}

static void names(void **state)
{
    (void)state;
    char n[RM_CHEADER_NAME_MAX + 1];
    struct { const char *path, *want; } cases[] = {
        { "out/robot.h", "robot" }, { "my-ship.v2.h", "my_ship_v2" }, { "3d.h", "m3d" },
        { "-", "model" }, { "dir.x/ROBOT", "ROBOT" }, { "__.h", "model" }, { ".h", "_h" },
        { "caf\xc3\xa9.h", "caf__" }, { "a b.h", "a_b" }, { "", "model" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_true(rm_cheader_name_from_path(cases[i].path, n, sizeof n));
        assert_string_equal(n, cases[i].want);
        assert_true(rm_cheader_is_name(n));
    }
    /* cut at 40 characters */
    assert_true(rm_cheader_name_from_path("aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeee.h", n, sizeof n));
    assert_string_equal(n, "aaaaaaaaaabbbbbbbbbbccccccccccdddddddddd");
    assert_false(rm_cheader_name_from_path("x.h", n, 10));
    assert_true(rm_cheader_is_name("_x9"));
    assert_false(rm_cheader_is_name("9x"));
    assert_false(rm_cheader_is_name("a-b"));
    assert_false(rm_cheader_is_name(""));
    assert_false(rm_cheader_is_name(NULL));
    assert_false(rm_cheader_is_name("aaaaaaaaaabbbbbbbbbbccccccccccddddddddddx"));   /* 41 */
    /* the options line */
    rm_convert_options o;
    rm_convert_options_default(&o);
    char line[256];
    rm_cheader_describe_options(&o, line, sizeof line);
    assert_string_equal(line, "");
    o.scale = 2.5;
    o.merge_triangles = true;
    o.embed_textures = true;
    o.max_texture_width = 64;
    o.max_texture_height = 32;
    o.texture_dir = "/some/where";
    rm_cheader_describe_options(&o, line, sizeof line);
    assert_string_equal(line, "--scale 2.5 --merge-triangles --embed-textures --max-texture 64x32");
}

static void refused(void **state)
{
    (void)state;
    free(cube_header("9cube", RM_INVALID));
    free(cube_header("a-b", RM_INVALID));
    rm_jom_model m;
    rm_diag d;
    char *text = NULL;
    size_t size = 0;
    rm_cheader_image img = { 8, 1, wall };
    /* a corner out of range */
    jom_model_cube(&m);
    m.polygons[3].v[2] = 8;
    rm_diag_init(&d);
    assert_int_equal(rm_cheader_write(&m, &img, NULL, &text, &size, &d), RM_INVALID);
    assert_null(text);
    rm_diag_free(&d);
    rm_jom_free(&m);
    /* a material out of range, a texture without pixels, a corner normal out of range */
    jom_model_cube(&m);
    m.polygon_materials[5] = 2;
    rm_diag_init(&d);
    assert_int_equal(rm_cheader_write(&m, &img, NULL, &text, &size, &d), RM_INVALID);
    rm_diag_free(&d);
    m.polygon_materials[5] = 1;
    rm_diag_init(&d);
    assert_int_equal(rm_cheader_write(&m, NULL, NULL, &text, &size, &d), RM_INVALID);
    rm_diag_free(&d);
    m.corner_normals[23] = 6;
    rm_diag_init(&d);
    assert_int_equal(rm_cheader_write(&m, &img, NULL, &text, &size, &d), RM_INVALID);
    rm_diag_free(&d);
    m.corner_normals[23] = 5;
    m.materials[1].texture = 1;     /* TEXT has 1 entry */
    rm_diag_init(&d);
    assert_int_equal(rm_cheader_write(&m, &img, NULL, &text, &size, &d), RM_INVALID);
    rm_diag_free(&d);
    rm_jom_free(&m);
}

/* Untextured, no normals, no gouraud: no texture table but a placeholder,
   no XPDATA, no gouraud functions; the load function adds nothing. */
static void plain(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_triangle(&m);
    rm_diag d;
    rm_diag_init(&d);
    char *t = NULL;
    size_t size = 0;
    assert_int_equal(rm_cheader_write(&m, NULL, NULL, &t, &size, &d), RM_OK);
    has(t, "static POINT model_points[3]");
    has(t, "static const unsigned short model_texture_count RETROMESH_UNUSED = 0;\n");
    has(t, "static const unsigned short *const model_textures[1] RETROMESH_UNUSED = {\n    0\n};\n");
    assert_null(strstr(t, "XPDATA model_xpdata"));
    assert_null(strstr(t, "model_set_gouraud"));
    assert_null(strstr(t, "jo_sprite_add("));
    has(t, "        first = jo_sprite_count();\n");
    free(t);
    rm_diag_free(&d);
    rm_jom_free(&m);
}

/* The points line of a JOM point, as the header prints it. */
static void point_line(char *buf, size_t size, rm_vec3x v)
{
    snprintf(buf, size, "    { %ld, %ld, %ld },\n", (long)v.x, (long)v.y, (long)v.z);
}

/* From an OBJ: the header's points and polygons are those of the JOM the
   same conversion writes (converted here separately), in order, and its
   texture is the .BIN's words. */
static void from_obj(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/../../examples/crate.obj", RM_FIXTURES);
    rm_diag d;
    rm_diag_init(&d);
    rm_mesh mesh;
    assert_int_equal(rm_model_read_file(path, NULL, &mesh, NULL, &d), RM_OK);
    rm_convert_options co;
    rm_convert_options_default(&co);
    rm_jom_model jom;
    rm_convert_result res;
    assert_int_equal(rm_convert_mesh_to_jom_ex(&mesh, &co, &jom, &res, &d), RM_OK);
    rm_cheader_options ho;
    rm_cheader_options_default(&ho);
    ho.name = "crate";
    char *t = NULL;
    size_t size = 0;
    assert_int_equal(rm_cheader_from_mesh(&mesh, &co, &ho, &t, &size, NULL, &d), RM_OK);
    const char *at = strstr(t, "crate_points[");
    assert_non_null(at);
    for (uint32_t i = 0; i < jom.point_count; i++) {
        char line[128];
        point_line(line, sizeof line, jom.points[i]);
        const char *f = strstr(at, line);
        if (!f)
            fail_msg("point %u not in order: %s", (unsigned)i, line);
        at = f + strlen(line) - 1;
    }
    at = strstr(t, "crate_polygons[");
    for (uint32_t p = 0; p < jom.polygon_count; p++) {
        char line[160];
        const rm_jom_polygon *q = &jom.polygons[p];
        snprintf(line, sizeof line, "    { { %ld, %ld, %ld }, { %u, %u, %u, %u } },\n", (long)q->normal.x,
                 (long)q->normal.y, (long)q->normal.z, q->v[0], q->v[1], q->v[2], q->v[3]);
        const char *f = strstr(at, line);
        if (!f)
            fail_msg("polygon %u not in order: %s", (unsigned)p, line);
        at = f + strlen(line) - 1;
    }
    /* the texture: the .BIN's first words (little-endian in the file) */
    assert_int_equal(res.texture_count, 1);
    const uint8_t *bin = res.textures[0].bin;
    char words[64];
    snprintf(words, sizeof words, "= {\n    0x%04X, 0x%04X,", (unsigned)(bin[4] | bin[5] << 8),
             (unsigned)(bin[6] | bin[7] << 8));
    at = strstr(t, "crate_texture_0[");
    assert_non_null(at);
    assert_non_null(strstr(at, words));
    char sizes[64];
    snprintf(sizes, sizeof sizes, "    { %u, %u },\n", (unsigned)(bin[0] | bin[1] << 8), (unsigned)(bin[2] | bin[3] << 8));
    has(t, sizes);
    /* the same mesh twice: the same bytes */
    char *t2 = NULL;
    size_t size2 = 0;
    assert_int_equal(rm_cheader_from_mesh(&mesh, &co, &ho, &t2, &size2, NULL, &d), RM_OK);
    assert_int_equal(size, size2);
    assert_memory_equal(t, t2, size);
    /* through the table: .h names the kind; one file staged */
    assert_int_equal(rm_format_from_name("x/Robot.H"), RM_FORMAT_C_HEADER);
    assert_true(rm_format_can_write_model(RM_FORMAT_C_HEADER));
    char out[64];
    snprintf(out, sizeof out, "/tmp/rm_cheader_%ld.h", (long)getpid());
    rm_output_set *set = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    rm_model_write_options wo;
    rm_model_write_options_default(&wo);
    wo.c_name = "crate";
    assert_int_equal(rm_model_write(&mesh, RM_FORMAT_C_HEADER, out, &wo, set, NULL, &d), RM_OK);
    assert_int_equal(rm_output_commit(set, &d), RM_OK);
    rm_output_set_free(set);
    FILE *f = fopen(out, "rb");
    assert_non_null(f);
    char *back = calloc(1, size + 2);
    assert_int_equal(fread(back, 1, size + 1, f), size);
    fclose(f);
    remove(out);
    assert_memory_equal(back, t, size);
    /* a bad --c-name through the table: refused */
    wo.c_name = "1x";
    set = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    assert_int_not_equal(rm_model_write(&mesh, RM_FORMAT_C_HEADER, out, &wo, set, NULL, &d), RM_OK);
    rm_output_set_free(set);
    free(back);
    free(t);
    free(t2);
    rm_convert_result_free(&res);
    rm_jom_free(&jom);
    rm_mesh_free(&mesh);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cube_tables),
        cmocka_unit_test(deterministic),
        cmocka_unit_test(names),
        cmocka_unit_test(refused),
        cmocka_unit_test(plain),
        cmocka_unit_test(from_obj),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
