/* Reading any model through the table (rm_model_read_file / _memory):
   files that are not models are refused naming what they are, before
   their bytes are read; a model with no polygon is an error; UTF-16 OBJ
   still reads; every file read lands in the input set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convert/diag_check.h"
#include "formats/registry/tmpdir.h"
#include "retromesh/formats.h"
#include "retromesh/niff.h"
#include "retromesh/output.h"

#define QUAD "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"

/* Reads dir/name with `ro` (NULL: defaults); the status, the messages in *d. */
static rm_status read_in(const char *dir, const char *name, const rm_model_read_options *ro,
                         rm_mesh *m, rm_output_set *inputs, rm_diag *d)
{
    char *p = tmp_path(dir, name);
    rm_diag_init(d);
    rm_status st = rm_model_read_file(p, ro, m, inputs, d);
    free(p);
    return st;
}

/* The one error message for dir/name: "DIR/NAME: error: TEXT". */
static void expect_error(const char *dir, const char *name, rm_status want, const char *text)
{
    rm_mesh m;
    rm_diag d;
    assert_int_equal(read_in(dir, name, NULL, &m, NULL, &d), want);
    assert_int_equal(m.face_count, 0);
    char msg[1024];
    snprintf(msg, sizeof msg, "%s/%s: error: %s", dir, name, text);
    assert_true(has_msg(&d, msg));
    assert_int_equal(count_sub(&d, "NUL byte"), 0);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void not_models(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    tmp_png(dir, "walker.png", 8, 2, 0x102030);
    tmp_text(dir, "empty.obj", "");
    tmp_write(dir, "robot.jom", "JOM1\0\0\0\x50", 8);
    tmp_text(dir, "scene.gltf", "{\"asset\": {\"version\": \"2.0\"}, \"meshes\": []}");
    tmp_text(dir, "robot.mtl", "newmtl a\nKd 1 0 0\n");
    tmp_write(dir, "LEVEL.JOL", "JOLV\0\x01\0\0\0\0\0\x10\0\0\0\0", 16);
    tmp_text(dir, "cube.stl", "solid cube\n facet normal 0 0 1\n");
    tmp_text(dir, "cube.ply", "ply\nformat ascii 1.0\n");
    tmp_text(dir, "rig.json", "{\"bones\": []}");
    tmp_text(dir, "notes.txt", "Hello world,\nthis is not a model.\n");
    static const uint8_t u16[] = { 'v', 0, ' ', 0, '1', 0, ' ', 0, '2', 0, ' ', 0, '3', 0, '\n', 0 };
    tmp_write(dir, "wide.obj", u16, sizeof u16);

    const char *reads = "(retromesh reads OBJ, NIFF, glTF, GLB)";
    char t[512];
    snprintf(t, sizeof t, "this is a PNG image, not a model %s", reads);
    expect_error(dir, "walker.png", RM_INVALID, t);
    snprintf(t, sizeof t, "this is an empty file, not a model %s", reads);
    expect_error(dir, "empty.obj", RM_INVALID, t);
    snprintf(t, sizeof t,
             "this is a Jo Engine model (JOM): a JOM is not read back into a model (info, check, "
             "render and pose read it) %s",
             reads);
    expect_error(dir, "robot.jom", RM_INVALID, t);
    /* A glTF is read now: one without meshes has nothing to convert. */
    expect_error(dir, "scene.gltf", RM_INVALID,
                 "no polygon to convert (0 vertices, 0 faces with 3 or more corners)");
    snprintf(t, sizeof t,
             "this is a Wavefront material library (MTL): convert the OBJ that names it with "
             "mtllib %s",
             reads);
    expect_error(dir, "robot.mtl", RM_INVALID, t);
    snprintf(t, sizeof t, "this is a Jo Engine level (JOL): 'retromesh level dump' shows it %s", reads);
    expect_error(dir, "LEVEL.JOL", RM_INVALID, t);
    snprintf(t, sizeof t, "this is an STL model: STL input is not supported %s", reads);
    expect_error(dir, "cube.stl", RM_INVALID, t);
    snprintf(t, sizeof t, "this is a PLY model: PLY input is not supported %s", reads);
    expect_error(dir, "cube.ply", RM_INVALID, t);
    snprintf(t, sizeof t, "this is JSON text (a skeleton, a level source...), not a model %s", reads);
    expect_error(dir, "rig.json", RM_INVALID, t);
    snprintf(t, sizeof t, "this is text with no OBJ statement, not a model %s", reads);
    expect_error(dir, "notes.txt", RM_INVALID, t);
    snprintf(t, sizeof t,
             "this is UTF-16 text without a byte order mark: save it as UTF-8, or as UTF-16 "
             "with a byte order mark %s",
             reads);
    expect_error(dir, "wide.obj", RM_INVALID, t);
    tmp_remove(dir);
}

/* The head decides before the rest is read: a PNG far over the size limit
   is named as a PNG (not "more than the limit"), and so is a sparse 3 GB
   file, at once. */
static void refused_before_read(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    tmp_png(dir, "big.png", 64, 64, 0x405060);
    rm_model_read_options ro;
    rm_model_read_options_default(&ro);
    ro.max_bytes = 16;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(read_in(dir, "big.png", &ro, &m, NULL, &d), RM_INVALID);
    assert_true(has_sub(&d, "big.png: error: this is a PNG image, not a model"));
    assert_int_equal(count_sub(&d, "limit"), 0);
    rm_diag_free(&d);

    char *p = tmp_path(dir, "huge.png");
    static const uint8_t png[8] = { 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A };
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, png, 8), 8);
    assert_int_equal(ftruncate(fd, (off_t)3 << 30), 0);
    close(fd);
    rm_diag_init(&d);
    assert_int_equal(rm_model_read_file(p, NULL, &m, NULL, &d), RM_INVALID);
    assert_true(has_sub(&d, "huge.png: error: this is a PNG image, not a model"));
    rm_diag_free(&d);

    /* An OBJ over the limit is refused by the limit. */
    tmp_text(dir, "q.obj", QUAD "f 1 2 3 4\n");
    assert_int_equal(read_in(dir, "q.obj", &ro, &m, NULL, &d), RM_INVALID);
    assert_true(has_sub(&d, "limit"));
    rm_diag_free(&d);
    free(p);
    tmp_remove(dir);
}

static void no_polygon(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    tmp_text(dir, "points.obj", "v 0 0 0\nv 1 0 0\n");
    tmp_text(dir, "lines.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\nf 2 3\n");
    tmp_text(dir, "comments.obj", "# exported by nothing\n");
    tmp_text(dir, "one.obj", "v 0 0 0\n");
    expect_error(dir, "points.obj", RM_INVALID, "no polygon to convert (2 vertices, 0 faces with 3 or more corners)");
    expect_error(dir, "lines.obj", RM_INVALID, "no polygon to convert (3 vertices, 0 faces with 3 or more corners)");
    expect_error(dir, "comments.obj", RM_INVALID, "no polygon to convert (0 vertices, 0 faces with 3 or more corners)");
    expect_error(dir, "one.obj", RM_INVALID, "no polygon to convert (1 vertex, 0 faces with 3 or more corners)");

    /* Unless the caller asks for a mesh of any kind. */
    rm_model_read_options ro;
    rm_model_read_options_default(&ro);
    ro.require_polygons = false;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(read_in(dir, "points.obj", &ro, &m, NULL, &d), RM_OK);
    assert_int_equal(m.position_count, 2);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    tmp_remove(dir);
}

static void utf16_obj(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    const char *text = "v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1 2 3\r\n";
    size_t n = strlen(text);
    uint8_t *u = malloc(2 + 2 * n);
    assert_non_null(u);
    u[0] = 0xFF;
    u[1] = 0xFE;
    for (size_t i = 0; i < n; i++) {
        u[2 + 2 * i] = (uint8_t)text[i];
        u[3 + 2 * i] = 0;
    }
    tmp_write(dir, "wide.obj", u, 2 + 2 * n);
    free(u);
    rm_mesh m;
    rm_diag d;
    rm_status st = read_in(dir, "wide.obj", NULL, &m, NULL, &d);
    if (st != RM_OK)
        print_diag(&d);
    assert_int_equal(st, RM_OK);
    assert_int_equal(m.face_count, 1);
    assert_int_equal(m.position_count, 3);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    tmp_remove(dir);
}

static void inputs_and_textures(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    tmp_text(dir, "m.obj", "mtllib ./m.mtl\n" QUAD "usemtl wall\nf 1/1 2/2 3/3 4/4\n");
    tmp_text(dir, "m.mtl", "newmtl wall\nmap_Kd tex\\wall.png\n");
    tmp_png(dir, "tex/wall.png", 8, 2, 0x203040);

    rm_output_set *set = rm_output_set_new();
    assert_non_null(set);
    rm_model_read_options ro;
    rm_model_read_options_default(&ro);
    ro.load_textures = true;
    rm_mesh m;
    rm_diag d;
    rm_status st = read_in(dir, "m.obj", &ro, &m, set, &d);
    if (st != RM_OK)
        print_diag(&d);
    assert_int_equal(st, RM_OK);
    assert_int_equal(m.material_count, 1);
    assert_non_null(m.materials[0].map_kd_rgba);
    assert_int_equal(m.materials[0].map_kd_width, 8);
    assert_int_equal(m.materials[0].map_kd_height, 2);
    assert_int_equal(m.materials[0].map_kd_rgba[0], 0x20);
    const char *which = NULL;
    char *p = tmp_path(dir, "m.obj");
    assert_true(rm_output_is_input(set, p, &which));
    free(p);
    p = tmp_path(dir, "m.mtl");
    assert_true(rm_output_is_input(set, p, &which));
    free(p);
    p = tmp_path(dir, "tex/wall.png");
    assert_true(rm_output_is_input(set, p, &which));
    free(p);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    rm_output_set_free(set);

    /* no_textures: no image named, none read. */
    set = rm_output_set_new();
    ro.no_textures = true;
    assert_int_equal(read_in(dir, "m.obj", &ro, &m, set, &d), RM_OK);
    assert_null(m.materials[0].map_kd);
    assert_null(m.materials[0].map_kd_rgba);
    p = tmp_path(dir, "tex/wall.png");
    assert_false(rm_output_is_input(set, p, &which));
    free(p);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    rm_output_set_free(set);

    /* An image that is not there: an error naming what was tried. */
    tmp_text(dir, "m.mtl", "newmtl wall\nmap_Kd gone.png\n");
    ro.no_textures = false;
    assert_int_equal(read_in(dir, "m.obj", &ro, &m, NULL, &d), RM_INVALID);
    assert_true(has_sub(&d, "m.mtl:1: error: texture \"gone.png\" of material \"wall\" is not found; tried"));
    rm_diag_free(&d);
    /* ...found through texture_dir. */
    tmp_png(dir, "more/gone.png", 8, 1, 0x000000);
    char *more = tmp_path(dir, "more");
    ro.texture_dir = more;
    assert_int_equal(read_in(dir, "m.obj", &ro, &m, NULL, &d), RM_OK);
    assert_int_equal(m.materials[0].map_kd_height, 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    free(more);
    tmp_remove(dir);
}

static void niff_files(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    /* A NIFF written from an OBJ reads back, told by its bytes whatever
       its name. */
    tmp_text(dir, "t.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    rm_mesh m;
    rm_diag d;
    assert_int_equal(read_in(dir, "t.obj", NULL, &m, NULL, &d), RM_OK);
    uint8_t *niff = NULL;
    size_t n = 0;
    assert_int_equal(rm_niff_write_mesh(&m, NULL, &niff, &n, &d), RM_OK);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    tmp_write(dir, "scene.bin", niff, n);
    free(niff);
    assert_int_equal(read_in(dir, "scene.bin", NULL, &m, NULL, &d), RM_OK);
    assert_int_equal(m.face_count, 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* Bytes of no kind named .niff: the NIFF reader says what is wrong. */
    tmp_write(dir, "bad.niff", "\x01\x02\x03\x04\x05\x06\x07\x08", 8);
    assert_int_equal(read_in(dir, "bad.niff", NULL, &m, NULL, &d), RM_INVALID);
    assert_int_equal(count_sub(&d, "not a model"), 0);
    assert_true(has_sub(&d, "bad.niff"));
    rm_diag_free(&d);
    tmp_remove(dir);
}

static void from_memory(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    static const uint8_t png[8] = { 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A };
    assert_int_equal(rm_model_read_memory(png, 8, "x.obj", NULL, &m, NULL, &d), RM_INVALID);
    assert_true(has_msg(&d, "x.obj: error: this is a PNG image, not a model (retromesh reads OBJ, NIFF, glTF, GLB)"));
    rm_diag_free(&d);
    rm_diag_init(&d);
    const char *obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    assert_int_equal(rm_model_read_memory((const uint8_t *)obj, strlen(obj), NULL, NULL, &m, NULL, &d),
                     RM_OK);
    assert_int_equal(m.face_count, 1);
    rm_mesh_free(&m);
    assert_int_equal(rm_model_read_memory(NULL, 0, NULL, NULL, &m, NULL, &d), RM_INVALID);
    assert_true(has_sub(&d, "<input>: error: this is an empty file"));
    rm_diag_free(&d);
    /* No file at all: the read's own error. */
    rm_diag_init(&d);
    assert_int_not_equal(rm_model_read_file("/nonexistent/x.obj", NULL, &m, NULL, &d), RM_OK);
    assert_true(d.count > 0);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(not_models),       cmocka_unit_test(refused_before_read),
        cmocka_unit_test(no_polygon),       cmocka_unit_test(utf16_obj),
        cmocka_unit_test(inputs_and_textures), cmocka_unit_test(niff_files),
        cmocka_unit_test(from_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
