/* Writing a mesh through the table (rm_model_write), every file staged in
   an rm_output_set and committed together: JOM + .BIN textures (never
   over another model's .BIN: issue 13 item 3), NIFF, OBJ + MTL + PNG. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/diag_check.h"
#include "formats/registry/tmpdir.h"
#include "retromesh/formats.h"
#include "retromesh/jom.h"
#include "retromesh/output.h"

#define QUAD "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"

/* SUB/NAME.obj with a quad textured by SUB/wall.png (8x2, colors from rgb). */
static void textured_model(const char *dir, const char *sub, const char *name, uint32_t rgb)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s.obj", sub, name);
    char obj[512];
    snprintf(obj, sizeof obj, "mtllib %s.mtl\n" QUAD "usemtl wall\nf 1/1 2/2 3/3 4/4\n", name);
    tmp_text(dir, p, obj);
    snprintf(p, sizeof p, "%s/%s.mtl", sub, name);
    tmp_text(dir, p, "newmtl wall\nmap_Kd wall.png\n");
    snprintf(p, sizeof p, "%s/wall.png", sub);
    tmp_png(dir, p, 8, 2, rgb);
}

/* Converts dir/sub/name.obj to dir/out (a JOM): read, write, commit. The
   status; the messages in *d; the model's first TEXT name in text[16]. */
static rm_status convert(const char *dir, const char *sub, const char *name, const char *out,
                         char text[16], rm_diag *d)
{
    char in[256];
    snprintf(in, sizeof in, "%s/%s.obj", sub, name);
    char *ip = tmp_path(dir, in), *op = tmp_path(dir, out);
    rm_output_set *set = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    assert_non_null(set);
    rm_diag_init(d);
    rm_mesh m;
    rm_status st = rm_model_read_file(ip, NULL, &m, set, d);
    rm_model_write_options wo;
    rm_model_write_options_default(&wo);
    rm_convert_result res;
    rm_convert_result_init(&res);
    if (st == RM_OK)
        st = rm_model_write(&m, rm_format_from_name(op), op, &wo, set, &res, d);
    if (st == RM_OK)
        st = rm_output_commit(set, d);
    if (st == RM_OK) {
        rm_jom_model j;
        rm_diag rd;
        rm_diag_init(&rd);
        assert_int_equal(rm_jom_read_file(op, &j, &rd), RM_OK);
        assert_int_equal(j.texture_count, 1);
        memcpy(text, j.textures[0], 16);
        assert_string_equal(text, res.textures[0].name);
        rm_jom_free(&j);
        rm_diag_free(&rd);
    }
    rm_convert_result_free(&res);
    rm_mesh_free(&m);
    rm_output_set_free(set);
    free(ip);
    free(op);
    return st;
}

static bool same_file_bytes(const char *dir, const char *a, const char *b)
{
    size_t na = 0, nb = 0;
    uint8_t *x = tmp_read(dir, a, &na), *y = tmp_read(dir, b, &nb);
    bool same = x && y && na == nb && memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return same;
}

/* Issue 13 item 3: convert a/a.obj cd/A.JOM then b/b.obj cd/B.JOM, both
   with a different wall.png: B's texture takes the hashed name, A's
   WALL.BIN stays; a third model with A's pixels reuses WALL.BIN, a fourth
   with B's the hashed one. */
static void bins_of_two_models(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    textured_model(dir, "a", "a", 0x102030);
    textured_model(dir, "b", "b", 0x807060);
    textured_model(dir, "c", "c", 0x102030);
    textured_model(dir, "e", "e", 0x807060);
    char text[16];
    rm_diag d;

    assert_int_equal(convert(dir, "a", "a", "cd/A.JOM", text, &d), RM_OK);
    assert_string_equal(text, "WALL.BIN");
    assert_int_equal(count_sub(&d, "warning"), 0);
    rm_diag_free(&d);
    size_t an = 0;
    uint8_t *a_bin = tmp_read(dir, "cd/WALL.BIN", &an);
    assert_non_null(a_bin);
    assert_int_equal(an, 4 + 8 * 2 * 2);

    char b_name[16];
    assert_int_equal(convert(dir, "b", "b", "cd/B.JOM", b_name, &d), RM_OK);
    assert_true(strncmp(b_name, "WAL_", 4) == 0);
    assert_int_equal(strlen(b_name), 12);       /* 8.3: WAL_1A2B.BIN */
    char want[512];
    snprintf(want, sizeof want,
             "%s/cd/WALL.BIN: warning: exists with other pixels (another model's texture?): this "
             "model's texture is %s",
             dir, b_name);
    assert_true(has_msg(&d, want));
    rm_diag_free(&d);
    size_t n = 0;
    uint8_t *now = tmp_read(dir, "cd/WALL.BIN", &n);
    assert_non_null(now);
    assert_int_equal(n, an);
    assert_memory_equal(now, a_bin, an);    /* A's texture is A's */
    free(now);
    char b_path[32];
    snprintf(b_path, sizeof b_path, "cd/%s", b_name);
    assert_true(tmp_exists(dir, b_path));
    assert_false(same_file_bytes(dir, "cd/WALL.BIN", b_path));

    /* The same pixels as A: WALL.BIN again, no warning, not rewritten. */
    assert_int_equal(convert(dir, "c", "c", "cd/C.JOM", text, &d), RM_OK);
    assert_string_equal(text, "WALL.BIN");
    assert_int_equal(count_sub(&d, "warning"), 0);
    rm_diag_free(&d);
    now = tmp_read(dir, "cd/WALL.BIN", &n);
    assert_memory_equal(now, a_bin, an);
    free(now);

    /* The same pixels as B: B's hashed file, shared. */
    assert_int_equal(convert(dir, "e", "e", "cd/E.JOM", text, &d), RM_OK);
    assert_string_equal(text, b_name);
    assert_true(has_sub(&d, "exists with other pixels"));
    rm_diag_free(&d);

    /* Both names taken by other bytes: refused, naming both; nothing
       written. */
    textured_model(dir, "f", "f", 0x807060);
    tmp_text(dir, "cd2/WALL.BIN", "not this one");
    snprintf(want, sizeof want, "cd2/%s", b_name);
    tmp_text(dir, want, "nor this one");
    assert_int_equal(convert(dir, "f", "f", "cd2/F.JOM", text, &d), RM_USAGE);
    char *other = tmp_path(dir, "cd2/WALL.BIN");
    assert_true(has_sub(&d, other));
    assert_true(has_sub(&d, "no free name for this model's texture WALL.BIN"));
    free(other);
    rm_diag_free(&d);
    assert_false(tmp_exists(dir, "cd2/F.JOM"));
    size_t k = 0;
    uint8_t *kept = tmp_read(dir, "cd2/WALL.BIN", &k);
    assert_int_equal(k, strlen("not this one"));
    free(kept);
    free(a_bin);
    tmp_remove(dir);
}

/* texture_out, and the model written over its own input refused by the
   set (the input set comes from the read). */
static void jom_options_and_inputs(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    textured_model(dir, "a", "a", 0x102030);
    char *in = tmp_path(dir, "a/a.obj"), *out = tmp_path(dir, "A.JOM"), *tex = tmp_path(dir, "tex");
    rm_output_set *set = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    rm_diag d;
    rm_diag_init(&d);
    rm_mesh m;
    assert_int_equal(rm_model_read_file(in, NULL, &m, set, &d), RM_OK);
    rm_model_write_options wo;
    rm_model_write_options_default(&wo);
    wo.texture_out = tex;
    rm_jom_model model;
    wo.model_out = &model;
    assert_int_equal(rm_model_write(&m, RM_FORMAT_JOM, out, &wo, set, NULL, &d), RM_OK);
    assert_int_equal(model.polygon_count, 1);
    assert_int_equal(model.texture_count, 1);
    assert_string_equal(model.textures[0], "WALL.BIN");
    rm_jom_free(&model);
    assert_int_equal(rm_output_commit(set, &d), RM_OK);
    assert_true(tmp_exists(dir, "tex/WALL.BIN"));
    assert_true(tmp_exists(dir, "A.JOM"));
    assert_false(tmp_exists(dir, "WALL.BIN"));
    rm_output_set_free(set);

    /* The OBJ as the output: refused before anything is written. */
    set = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    rm_mesh_free(&m);
    assert_int_equal(rm_model_read_file(in, NULL, &m, set, &d), RM_OK);
    rm_model_write_options_default(&wo);
    assert_int_equal(rm_model_write(&m, RM_FORMAT_JOM, in, &wo, set, NULL, &d), RM_USAGE);
    rm_output_set_free(set);
    size_t n = 0;
    uint8_t *obj = tmp_read(dir, "a/a.obj", &n);
    assert_non_null(obj);
    assert_true(n > 4 && memcmp(obj, "mtllib", 6) == 0);
    free(obj);

    /* A mesh with no polygon is not converted (the converter's own check). */
    rm_mesh empty;
    rm_mesh_init(&empty);
    rm_jom_model j;
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&empty, NULL, &j, &d), RM_INVALID);
    assert_true(has_msg(&d, "<mesh>: error: no polygon to convert (0 vertices, 0 faces with 3 or more corners)"));
    rm_mesh_free(&m);
    rm_diag_free(&d);
    free(in);
    free(out);
    free(tex);
    tmp_remove(dir);
}

static void niff_and_unwritable(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    tmp_text(dir, "t.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    char *in = tmp_path(dir, "t.obj"), *out = tmp_path(dir, "t.niff"), *png = tmp_path(dir, "t.png");
    rm_output_set *set = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    rm_diag d;
    rm_diag_init(&d);
    rm_mesh m;
    assert_int_equal(rm_model_read_file(in, NULL, &m, set, &d), RM_OK);
    assert_int_equal(rm_model_write(&m, rm_format_from_name(out), out, NULL, set, NULL, &d), RM_OK);
    char want[512];
    assert_int_equal(rm_model_write(&m, RM_FORMAT_PNG, png, NULL, set, NULL, &d), RM_USAGE);
    snprintf(want, sizeof want, "%s: error: retromesh does not write a PNG image (it writes JOM, NIFF, OBJ, C header)", png);
    assert_true(has_msg(&d, want));
    assert_int_equal(rm_model_write(&m, RM_FORMAT_UNKNOWN, png, NULL, set, NULL, &d), RM_USAGE);
    assert_true(has_sub(&d, "the name says no model format"));
    assert_int_equal(rm_output_commit(set, &d), RM_OK);
    rm_output_set_free(set);
    rm_mesh_free(&m);
    assert_false(tmp_exists(dir, "t.png"));
    assert_int_equal(rm_model_read_file(out, NULL, &m, NULL, &d), RM_OK);
    assert_int_equal(m.face_count, 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    free(in);
    free(out);
    free(png);
    tmp_remove(dir);
}

/* A material carrying pixels: n-th colour of a 8x1 image. */
static void carry(rm_mesh_material *mt, const char *map_kd, uint8_t shade)
{
    mt->map_kd = malloc(strlen(map_kd) + 1);
    assert_non_null(mt->map_kd);
    strcpy(mt->map_kd, map_kd);
    mt->map_kd_width = 8;
    mt->map_kd_height = 1;
    mt->map_kd_rgba = malloc(32);
    assert_non_null(mt->map_kd_rgba);
    memset(mt->map_kd_rgba, shade, 32);
}

/* OBJ export: PNGs named by the map_Kd's file name only (a name from a
   file never leaves the output's folder), other pixels under one name get
   "_2", the same pixels share the file; the MTL names what is written. */
static void obj_export(void **state)
{
    (void)state;
    char dir[64];
    tmp_make(dir, sizeof dir);
    tmp_text(dir, "m.obj",
             "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl a\nf 1 2 3\nusemtl b\nf 1 2 3\nusemtl c\nf 1 2 3\n");
    char *in = tmp_path(dir, "m.obj"), *out = tmp_path(dir, "out/m2.obj");
    rm_diag d;
    rm_diag_init(&d);
    rm_mesh m;
    assert_int_equal(rm_model_read_file(in, NULL, &m, NULL, &d), RM_OK);
    assert_int_equal(m.material_count, 3);
    carry(&m.materials[0], "../../evil/WALL.tga", 10);
    carry(&m.materials[1], "C:\\art\\wall.tga", 200);     /* WALL vs wall: two names */
    carry(&m.materials[2], "x/WALL.png", 10);             /* the same pixels as a */
    rm_output_set *set = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    rm_status st = rm_model_write(&m, RM_FORMAT_OBJ, out, NULL, set, NULL, &d);
    if (st != RM_OK)
        print_diag(&d);
    assert_int_equal(st, RM_OK);
    assert_int_equal(rm_output_commit(set, &d), RM_OK);
    rm_output_set_free(set);
    assert_true(tmp_exists(dir, "out/WALL.png"));
    assert_true(tmp_exists(dir, "out/wall.png"));
    assert_true(tmp_exists(dir, "out/m2.obj"));
    assert_false(tmp_exists(dir, "evil"));
    size_t n = 0;
    char *mtl = (char *)tmp_read(dir, "out/m2.mtl", &n);
    assert_non_null(mtl);
    assert_non_null(strstr(mtl, "newmtl a\n"));
    assert_non_null(strstr(mtl, "map_Kd WALL.png\n"));
    assert_non_null(strstr(mtl, "map_Kd wall.png\n"));
    assert_null(strstr(mtl, "evil"));
    free(mtl);
    char *obj = (char *)tmp_read(dir, "out/m2.obj", &n);
    assert_non_null(strstr(obj, "mtllib m2.mtl\n"));
    free(obj);

    /* Other pixels under one name: the later one is NAME_2.png. */
    free(m.materials[1].map_kd);
    m.materials[1].map_kd = malloc(16);
    strcpy(m.materials[1].map_kd, "WALL.bmp");
    char *out3 = tmp_path(dir, "out3/m3.obj");
    set = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    assert_int_equal(rm_model_write(&m, RM_FORMAT_OBJ, out3, NULL, set, NULL, &d), RM_OK);
    assert_int_equal(rm_output_commit(set, &d), RM_OK);
    rm_output_set_free(set);
    assert_true(tmp_exists(dir, "out3/WALL.png"));
    assert_true(tmp_exists(dir, "out3/WALL_2.png"));
    mtl = (char *)tmp_read(dir, "out3/m3.mtl", &n);
    assert_non_null(strstr(mtl, "map_Kd WALL_2.png\n"));
    free(mtl);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    free(in);
    free(out);
    free(out3);
    tmp_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bins_of_two_models),
        cmocka_unit_test(jom_options_and_inputs),
        cmocka_unit_test(niff_and_unwritable),
        cmocka_unit_test(obj_export),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
