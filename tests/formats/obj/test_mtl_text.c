/* Issue 13 in the MTL reader: mtllib names with spaces resolved against the
   files beside the OBJ, d 0 read like Tr 1 (opaque, with a warning), Kd nan
   a warning at its column, MTL paths tidied in messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "obj_test_util.h"

static const rm_mesh_material *find(const rm_mesh *m, const char *name)
{
    for (size_t i = 0; i < m->material_count; i++)
        if (strcmp(m->materials[i].name, name) == 0)
            return &m->materials[i];
    fail_msg("no material %s", name);
    return NULL;
}

static void put_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    assert_true(n > 0 && (size_t)n < sizeof path);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void remove_file(const char *dir, const char *name)
{
    char path[512];
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    assert_true(n > 0 && (size_t)n < sizeof path);
    unlink(path);
}

static void mtllib_names_with_spaces(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_mtl_spaces_XXXXXX";
    assert_non_null(mkdtemp(dir));
    put_file(dir, "box mtllib blue.mtl", "newmtl blue\nKd 0 0 1\n");
    put_file(dir, "box mtllib green.mtl", "newmtl green\nKd 0 1 0\n");
    put_file(dir, "box.obj", "mtllib box mtllib blue.mtl box mtllib green.mtl nothere.mtl\n"
                             "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl blue\nf 1 2 3\nusemtl green\nf 1 2 3\n");
    char obj[512];
    snprintf(obj, sizeof obj, "%s/box.obj", dir);
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(obj, NULL, &m, &d), RM_OK);
    const rm_mesh_material *blue = find(&m, "blue"), *green = find(&m, "green");
    assert_true(blue->defined && blue->kd[2] == 1 && blue->kd[0] == 0);
    assert_true(green->defined && green->kd[1] == 1 && green->kd[0] == 0);
    /* The word no joining names is missing, at its own column. */
    char want[800];
    snprintf(want, sizeof want, "%s:1:49: warning: cannot open material library \"nothere.mtl\": No such "
                                "file or directory; materials keep their default colors", obj);
    assert_message(&d, want);
    assert_int_equal(d.count, 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    remove_file(dir, "box mtllib blue.mtl");
    remove_file(dir, "box mtllib green.mtl");
    remove_file(dir, "box.obj");
    rmdir(dir);
}

static void d_zero_is_opaque_like_tr_one(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_str("usemtl a\nusemtl b\nusemtl c\n", &m, &d), RM_OK);
    const char *mtl = "newmtl a\nd 0\nnewmtl b\nd 0.0\nnewmtl c\nd 0.25\n";
    assert_int_equal(rm_mtl_parse(mtl, strlen(mtl), "m.mtl", &m, &d), RM_OK);
    assert_true(find(&m, "a")->dissolve == 1.0);
    assert_true(find(&m, "b")->dissolve == 1.0);
    assert_true(find(&m, "c")->dissolve == 0.25);
    assert_int_equal(d.count, 1);
    assert_message(&d, "m.mtl:2:1: warning: d 0 would make material \"a\" (and 1 more materials of this "
                       "file) invisible; read as opaque, as Tr 1 is (exporters write it for \"no "
                       "transparency set\"): write d 0.5 (or Tr 0.5) for a half-transparent material");
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void not_finite_numbers_warn_at_their_column(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_str("usemtl a\nusemtl b\n", &m, &d), RM_OK);
    const char *mtl = "newmtl a\nKd 0.5 nan 0.5\nNs inf\nnewmtl b\nKd 1e999\nd -inf\n";
    assert_int_equal(rm_mtl_parse(mtl, strlen(mtl), "m.mtl", &m, &d), RM_OK);
    const rm_mesh_material *a = find(&m, "a"), *b = find(&m, "b");
    assert_true(a->kd[0] == 0.5 && a->kd[1] == 1.0 && a->kd[2] == 0.5);
    assert_true(a->ns == 0.0);
    assert_true(b->kd[0] == 1.0 && b->kd[1] == 1.0 && b->kd[2] == 1.0);
    assert_true(b->dissolve == 1.0);
    assert_message(&d, "m.mtl:2:8: warning: Kd value \"nan\" is not a finite number: 1 is used");
    assert_message(&d, "m.mtl:3:4: warning: Ns value \"inf\" is not a finite number: 0 is used");
    assert_message(&d, "m.mtl:5:4: warning: Kd value \"1e999\" is not a finite number: 1 is used");
    assert_message(&d, "m.mtl:6:3: warning: d value \"-inf\" is not a finite number: 1 is used");
    assert_int_equal(d.count, 4);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void mtl_paths_are_tidied_in_messages(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_mtl_tidy_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char sub[600];
    snprintf(sub, sizeof sub, "%s/mat", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    put_file(sub, "x.mtl", "newmtl a\nKd nan 0 0\n");
    put_file(dir, "m.obj", "mtllib mat//./x.mtl\nusemtl a\nv 0 0 0\n");
    char obj[512];
    snprintf(obj, sizeof obj, "%s/m.obj", dir);
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(obj, NULL, &m, &d), RM_OK);
    char want[900];
    snprintf(want, sizeof want, "%s/mat/x.mtl:2:4: warning: Kd value \"nan\" is not a finite number: 1 is used",
             dir);
    assert_message(&d, want);
    /* The material keeps the path it was opened with (textures are found from it). */
    char opened[700];
    snprintf(opened, sizeof opened, "%s/mat//./x.mtl", dir);
    assert_string_equal(find(&m, "a")->library, opened);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    remove_file(sub, "x.mtl");
    remove_file(dir, "m.obj");
    rmdir(sub);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mtllib_names_with_spaces),
        cmocka_unit_test(d_zero_is_opaque_like_tr_one),
        cmocka_unit_test(not_finite_numbers_warn_at_their_column),
        cmocka_unit_test(mtl_paths_are_tidied_in_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
