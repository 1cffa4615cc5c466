/* rm_obj_print_info(): the summary of tests/fixtures/obj/robot.obj, every
   number counted by hand from the fixture (see the comments), and two small
   in-memory meshes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "obj_test_util.h"

#define FIX RM_FIXTURES "/obj/"

static char *info_text(const rm_mesh *m)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    assert_non_null(f);
    rm_obj_print_info(m, f);
    fclose(f);
    return buf;
}

static void assert_text(const char *got, const char *want)
{
    if (strcmp(got, want) != 0)
        fail_msg("got:\n%s\nwanted:\n%s", got, want);
}

static void robot(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "robot.obj", NULL, &m, &d), RM_OK);
    char *got = info_text(&m);
    /* By hand from robot.obj: 4 v, the last two with r g b; 3 vt, 1 vn;
       faces on lines 13 (3 corners), 15 (4, all v/vt), 18 (3, v//vn),
       20 (3, v/vt/vn), 22 (3): 16 corners, 7 with uv (43.75%), 6 with a
       normal (37.5%). Groups: body (line 14) has the faces of lines 15, 20
       and 22; wheel (17) has 18; line 13 is before any g. Materials in
       order of first usemtl: red (lines 13, 15), blue (18, 20), "undefined
       one" (22). The status column is as wide as "LIBRARY:LINE". */
    const char *lib = FIX "robot.mtl";
    int sw = (int)strlen(lib) + 2;
    char red[512], blue[512], und[512];
    snprintf(red, sizeof red, "%s:2", lib);
    snprintf(blue, sizeof blue, "%s:8", lib);
    snprintf(und, sizeof und, "not defined");
    char want[4096];
    snprintf(want, sizeof want,
             "file           " FIX "robot.obj\n"
             "positions      4 (2 with a color)\n"
             "uvs            3\n"
             "normals        1\n"
             "faces          5 (triangles 4, quads 1, 5+ corners 0)\n"
             "corners        16 (with uv 7 = 43.8%%, with normal 6 = 37.5%%)\n"
             "groups         2 (faces before any o/g: 1)\n"
             "  \"body\"    3 faces  line 14\n"
             "  \"wheel\"   1 face   line 17\n"
             "materials      3 (faces without material: 0)\n"
             "  \"red\"            2 faces  %-*s  Kd 1.000 0.000 0.000  Ns 10  jo: dual, sort min\n"
             "  \"blue\"           2 faces  %-*s  Kd 0.000 0.000 1.000  d 0.500  "
             "map_Kd \"textures/blue wall.png\"  jo: gouraud, user 0 15\n"
             "  \"undefined one\"  1 face   %-*s  Kd 1.000 1.000 1.000  jo: none\n"
             "libraries      1\n"
             "  robot.mtl\n"
             "unused points  0\n",
             sw, red, sw, blue, sw, und);
    assert_text(got, want);
    /* Deterministic: the same text again. */
    char *again = info_text(&m);
    assert_string_equal(got, again);
    free(again);
    free(got);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void small_meshes(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* A pentagon and a quad; the 6th vertex is used by no face; no groups,
       no materials, no uv or normal. */
    assert_int_equal(parse_str("v 0 0 0\nv 1 0 0\nv 2 1 0\nv 1 2 0\nv 0 1 0\nv 9 9 9\n"
                               "f 1 2 3 4 5\nf 1 2 3 4\n", &m, &d), RM_OK);
    char *got = info_text(&m);
    assert_text(got,
                "file           t.obj\n"
                "positions      6\n"
                "uvs            0\n"
                "normals        0\n"
                "faces          2 (triangles 0, quads 1, 5+ corners 1, largest 5)\n"
                "corners        9 (with uv 0 = 0.0%, with normal 0 = 0.0%)\n"
                "groups         0\n"
                "materials      0\n"
                "libraries      0\n"
                "unused points  1\n");
    free(got);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    assert_int_equal(parse_str("", &m, &d), RM_OK);
    got = info_text(&m);
    assert_text(got,
                "file           t.obj\n"
                "positions      0\n"
                "uvs            0\n"
                "normals        0\n"
                "faces          0 (triangles 0, quads 0, 5+ corners 0)\n"
                "corners        0 (with uv 0 = -, with normal 0 = -)\n"
                "groups         0\n"
                "materials      0\n"
                "libraries      0\n"
                "unused points  0\n");
    free(got);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(robot),
        cmocka_unit_test(small_meshes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
