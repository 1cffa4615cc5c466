/* The MTL reader and the loading of mtllib files: Kd, Ns, d/Tr, map_Kd and
   its options, every jo_* option with its flag bits (worked out by hand from
   the JOM seed's MATL flag table, see tests/fixtures/obj/jo_all.mtl),
   duplicates, missing and split libraries, and hostile bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "formats/obj/obj_internal.h"
#include "obj_test_util.h"

#define FIX RM_FIXTURES "/obj/"

/* A mesh that uses the materials named in `usemtl` ("usemtl a\nusemtl b\n"). */
static void mesh_using(const char *usemtl, rm_mesh *m)
{
    rm_diag d;
    assert_int_equal(parse_str(usemtl, m, &d), RM_OK);
    rm_diag_free(&d);
}

static const rm_mesh_material *find(const rm_mesh *m, const char *name)
{
    for (size_t i = 0; i < m->material_count; i++)
        if (strcmp(m->materials[i].name, name) == 0)
            return &m->materials[i];
    fail_msg("no material %s", name);
    return NULL;
}

static rm_status mtl_str(const char *text, rm_mesh *m, rm_diag *d)
{
    rm_diag_init(d);
    return rm_mtl_parse(text, strlen(text), "m.mtl", m, d);
}

static void robot_fixture(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "robot.obj", NULL, &m, &d), RM_OK);
    /* One warning: "undefined one" (first usemtl on line 21, name at col 8). */
    assert_int_equal(d.count, 1);
    assert_first_message(&d, FIX "robot.obj:21:8: warning: material \"undefined one\" is not "
                             "defined in any material library; it keeps the default color");
    assert_int_equal(m.material_count, 3);   /* "unused" is not kept */
    const rm_mesh_material *red = &m.materials[0], *blue = &m.materials[1], *und = &m.materials[2];
    assert_string_equal(red->name, "red");
    assert_true(red->defined);
    assert_string_equal(red->library, FIX "robot.mtl");
    assert_int_equal(red->line, 2);
    assert_true(red->has_kd && red->kd[0] == 1 && red->kd[1] == 0 && red->kd[2] == 0);
    assert_true(red->has_ns && red->ns == 10);
    assert_true(red->dissolve == 1);
    assert_null(red->map_kd);
    assert_int_equal(red->jo_flags, RM_MAT_DUAL_PLANE | RM_MAT_SORT_MIN);   /* bits 0, 1 */
    assert_int_equal(red->jo_flags, 0x3);
    assert_string_equal(blue->name, "blue");
    assert_int_equal(blue->line, 8);
    assert_true(blue->kd[2] == 1 && blue->dissolve == 0.5);
    assert_false(blue->has_ns);
    assert_string_equal(blue->map_kd, "textures/blue wall.png");
    /* jo_gouraud 1 (bit 3), jo_user 0 15 (bits 16 and 31). */
    assert_int_equal(blue->jo_flags, 0x80010008u);
    assert_false(und->defined);
    assert_null(und->library);
    assert_int_equal(und->line, 0);
    assert_true(und->kd[0] == 1 && und->kd[1] == 1 && und->kd[2] == 1);
    /* Faces: lines 13 (red, no group), 15 (red, body), 18 (blue, wheel),
       20 (blue, body), 22 (undefined one, body: -4 -3 -2 of 4 = 0 1 2). */
    const uint32_t fm[] = { 0, 0, 1, 1, 2 }, fg[] = { RM_MESH_NONE, 0, 1, 0, 0 };
    for (int i = 0; i < 5; i++) {
        assert_int_equal(m.face_material[i], fm[i]);
        assert_int_equal(m.face_group[i], fg[i]);
    }
    assert_int_equal(m.corner_position[m.face_start[4] + 2], 2);
    assert_int_equal(m.group_count, 2);
    assert_int_equal(m.groups[0].line, 14);
    const uint8_t hc[] = { 0, 0, 1, 1 };
    for (int i = 0; i < 4; i++)
        assert_int_equal(m.has_color[i], hc[i]);
    assert_int_equal(m.library_count, 1);
    assert_string_equal(m.libraries[0], "robot.mtl");
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void every_jo_option(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint32_t flags;
    } expect[] = {
        { "dual", 0x1 }, { "dual_off", 0 }, { "sort_min", 0x2 }, { "sort_max", 0x4 },
        { "sort_previous", 0x6 }, { "sort_center", 0 }, { "gouraud", 0x8 }, { "half", 0x10 },
        { "doors", 0x20 }, { "light", 0x40 }, { "flip_h", 0x80 }, { "flip_v", 0x100 },
        { "flip_hv", 0x180 }, { "flip_none", 0 }, { "end_codes", 0x200 }, { "mipmaps", 0x400 },
        { "subdiv1", 0x800 }, { "subdiv2", 0x1000 }, { "subdiv0", 0 }, { "subdiv_error", 0 },
        /* jo_user 0 3 then jo_user 15: bits 16, 19, 31 */
        { "user", 0x80090000u }, { "value", 0 }, { "lut", 0 },
        /* dual 1 + sort previous 6 + gouraud 8 + half 0x10 + doors 0x20 +
           light 0x40 + flip hv 0x180 + end codes 0x200 + mipmaps 0x400 +
           subdivision 2 0x1000 = 0x17FF; user 1 2 = 0x60000 */
        { "everything", 0x617FFu },
    };
    size_t n = sizeof expect / sizeof expect[0];
    char use[2048] = "";
    for (size_t i = 0; i < n; i++) {
        strcat(use, "usemtl ");
        strcat(use, expect[i].name);
        strcat(use, "\n");
    }
    rm_mesh m;
    mesh_using(use, &m);
    char *text;
    size_t size;
    int err;
    assert_int_equal(rm_obj_read_whole(FIX "jo_all.mtl", &text, &size, &err), RM_OK);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_mtl_parse(text, size, "jo_all.mtl", &m, &d), RM_OK);
    assert_int_equal(d.count, 0);
    for (size_t i = 0; i < n; i++) {
        const rm_mesh_material *mat = find(&m, expect[i].name);
        assert_true(mat->defined);
        if (mat->jo_flags != expect[i].flags)
            fail_msg("%s: flags 0x%x, expected 0x%x", expect[i].name, (unsigned)mat->jo_flags,
                     (unsigned)expect[i].flags);
    }
    assert_int_equal(find(&m, "subdiv_error")->jo_subdivision_error, 65535);
    assert_int_equal(find(&m, "value")->jo_value, 4294967295u);
    assert_true(find(&m, "lut")->jo_lut);
    assert_false(find(&m, "value")->jo_lut);
    const rm_mesh_material *e = find(&m, "everything");
    assert_int_equal(e->jo_subdivision_error, 16);
    assert_int_equal(e->jo_value, 0x12345678u);
    assert_true(e->jo_lut);
    free(text);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void jo_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *msg;
    } cases[] = {
        /* "jo_dual 2": the value at column 9. */
        { "newmtl m\njo_dual 2\n", "m.mtl:2:9: error: bad value \"2\" for jo_dual (expected 0 or 1)" },
        { "newmtl m\njo_dual on\n", "m.mtl:2:9: error: bad value \"on\" for jo_dual (expected 0 or 1)" },
        { "newmtl m\njo_dual 01\n", "m.mtl:2:9: error: bad value \"01\" for jo_dual (expected 0 or 1)" },
        { "newmtl m\njo_sort middle\n",
          "m.mtl:2:9: error: bad value \"middle\" for jo_sort (expected min, max, previous or center)" },
        { "newmtl m\njo_flip x\n", "m.mtl:2:9: error: bad value \"x\" for jo_flip (expected h, v, hv or none)" },
        { "newmtl m\njo_subdivision 3\n",
          "m.mtl:2:16: error: bad value \"3\" for jo_subdivision (expected 0, 1 or 2)" },
        { "newmtl m\njo_subdivision_error 65536\n",
          "m.mtl:2:22: error: bad value \"65536\" for jo_subdivision_error (expected an integer from 0 to 65535)" },
        { "newmtl m\njo_user 3 16\n",
          "m.mtl:2:11: error: bad value \"16\" for jo_user (expected integers from 0 to 15)" },
        { "newmtl m\njo_value -1\n",
          "m.mtl:2:10: error: bad value \"-1\" for jo_value (expected an integer from 0 to 4294967295)" },
        { "newmtl m\njo_lut yes\n", "m.mtl:2:8: error: bad value \"yes\" for jo_lut (expected 0 or 1)" },
        { "newmtl m\n  jo_dual\n", "m.mtl:2:3: error: jo_dual needs a value (0 or 1)" },
        { "newmtl m\njo_user # none\n", "m.mtl:2:1: error: jo_user needs a value (integers from 0 to 15)" },
        { "newmtl m\njo_dual 1 1\n", "m.mtl:2:11: error: unexpected \"1\" after the value of jo_dual" },
        { "newmtl m\n\tjo_shiny 1\n",
          "m.mtl:2:2: error: unknown material option \"jo_shiny\" (see docs/obj.md)" },
        { "newmtl m\njo_ 1\n",
          "m.mtl:2:1: error: unknown material option \"jo_\" (see docs/obj.md)" },
        /* An unused material is checked too. */
        { "newmtl other\njo_sort nearest\n",
          "m.mtl:2:9: error: bad value \"nearest\" for jo_sort (expected min, max, previous or center)" },
        { "newmtl m\nKd 1 0 x\n", "m.mtl:2:8: error: bad number \"x\"" },
        { "newmtl m\nKd 1 0\n", "m.mtl:2:1: error: Kd needs r g b (or one gray value), found 2 numbers" },
        { "newmtl m\nKd 1 0 0 1\n", "m.mtl:2:10: error: unexpected \"1\" after the values of Kd" },
        { "newmtl m\nNs\n", "m.mtl:2:1: error: Ns needs a number" },
        { "newmtl m\nd 0.5 0.5\n", "m.mtl:2:7: error: unexpected \"0.5\" after the value of d" },
        { "newmtl m\nTr 3.1+e2\n", "m.mtl:2:4: error: bad number \"3.1+e2\"" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rm_mesh m;
        mesh_using("usemtl m\n", &m);
        rm_diag d;
        assert_int_equal(mtl_str(cases[i].text, &m, &d), RM_INVALID);
        assert_int_equal(d.errors, 1);
        assert_first_message(&d, cases[i].msg);
        rm_diag_free(&d);
        rm_mesh_free(&m);
    }

    /* Through rm_obj_read_file: the OBJ read fails, the mesh is empty. */
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "bad_jo.obj", NULL, &m, &d), RM_INVALID);
    assert_first_message(&d, FIX "bad_jo.mtl:3:3: error: unknown material option \"jo_shiny\" (see "
                             "docs/obj.md)");
    assert_int_equal(m.material_count, 0);
    assert_null(m.materials);
    rm_diag_free(&d);
}

static void map_kd(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        const char *file;   /* NULL: no texture */
        const char *warning;
    } cases[] = {
        { "map_Kd tex.png", "tex.png", NULL },
        { "map_Kd   my  texture.png  ", "my  texture.png", NULL },
        { "map_Kd -s 1 1 1 -o 0.5 0.5 -bm 2 -clamp on a\\b c.png", "a/b c.png", NULL },
        { "map_Kd -blendu off -blendv on -cc off -mm 0 1 -t 1 -texres 256 -imfchan r t.png", "t.png", NULL },
        { "map_Kd -boost 2.5 -o 1 -s 2 2 t.png", "t.png", NULL },
        { "map_Kd -s 1 2 3 4.png", "4.png", NULL },   /* -s takes 3 numbers at most */
        { "map_Kd -o 1 x.png # comment", "x.png", NULL },
        { "map_Kd -weird.png", "-weird.png", NULL },
        { "map_Kd -zoom t.png", "t.png", "m.mtl:2:8: warning: unknown map_Kd option \"-zoom\": ignored" },
        { "map_Kd -s", NULL, "m.mtl:2:8: warning: map_Kd option -s needs a value: texture ignored" },
        { "map_Kd", NULL, "m.mtl:2:1: warning: map_Kd without a file name: ignored" },
        { "MAP_KD .\\tex\\x.png", "./tex/x.png", NULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rm_mesh m;
        mesh_using("usemtl m\n", &m);
        char text[256];
        snprintf(text, sizeof text, "newmtl m\n%s\n", cases[i].line);
        rm_diag d;
        assert_int_equal(mtl_str(text, &m, &d), RM_OK);
        if (cases[i].file)
            assert_string_equal(m.materials[0].map_kd, cases[i].file);
        else
            assert_null(m.materials[0].map_kd);
        if (cases[i].warning) {
            assert_int_equal(d.count, 1);
            assert_first_message(&d, cases[i].warning);
        } else {
            assert_int_equal(d.count, 0);
        }
        rm_diag_free(&d);
        rm_mesh_free(&m);
    }
}

static void colors_and_dissolve(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    mesh_using("usemtl gray\nusemtl halo\nusemtl spectral\nusemtl caps\n", &m);
    assert_int_equal(mtl_str("newmtl gray\nKd 0.5\n"
                             "newmtl halo\nd -halo 0.25\n"
                             "newmtl spectral\nKd spectral x.rfl 1\n"
                             "NEWMTL caps\nKD 0 1 0\nNS 4\nILLUM 2\n",
                             &m, &d), RM_OK);
    const rm_mesh_material *g = find(&m, "gray");
    assert_true(g->kd[0] == 0.5 && g->kd[1] == 0.5 && g->kd[2] == 0.5);
    assert_true(find(&m, "halo")->dissolve == 0.25);
    assert_false(find(&m, "spectral")->has_kd);
    const rm_mesh_material *c = find(&m, "caps");
    assert_true(c->kd[1] == 1);
    assert_true(c->has_ns && c->ns == 4);
    assert_int_equal(d.count, 1);
    assert_message(&d, "m.mtl:6:4: warning: Kd spectral is not supported: ignored");
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void tr_and_d(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "tr.obj", NULL, &m, &d), RM_OK);
    assert_true(find(&m, "both")->dissolve == 0.5);        /* Tr 0.25 then d 0.5: d */
    assert_true(find(&m, "tr_only")->dissolve == 0.75);    /* 1 - 0.25 */
    assert_true(find(&m, "d_then_tr")->dissolve == 0.5);
    assert_int_equal(d.count, 2);
    assert_message(&d, FIX "tr.mtl:3:1: warning: material \"both\" has both d and Tr; d is used");
    assert_message(&d, FIX "tr.mtl:8:1: warning: material \"d_then_tr\" has both d and Tr; d is used");
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* Tr 1 (MeshLab's "opaque") without d: read as opaque (1 - Tr would
       make it invisible), one warning per file. */
    mesh_using("usemtl a\n", &m);
    assert_int_equal(mtl_str("newmtl a\nTr 1\nnewmtl b\nTr 1.0\nnewmtl c\nTr 1\nd 1\n", &m, &d), RM_OK);
    assert_true(m.materials[0].dissolve == 1.0);
    /* a and b count (c has d 1, which wins, with its own warning). */
    assert_int_equal(d.count, 2);
    assert_message(&d, "m.mtl:7:1: warning: material \"c\" has both d and Tr; d is used");
    assert_message(&d, "m.mtl:2:1: warning: Tr >= 1 without d would make material \"a\" (and 1 "
                       "more materials of this file) invisible (d = 1 - Tr); read as opaque, as the "
                       "exporters that write it (MeshLab) mean: write d 0.5 (or Tr 0.5) for a "
                       "half-transparent material");
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void duplicates_and_orphans(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "dup.obj", NULL, &m, &d), RM_OK);
    const rm_mesh_material *mat = find(&m, "m");
    assert_true(mat->kd[0] == 1 && mat->kd[1] == 0);   /* the first definition */
    assert_string_equal(mat->library, FIX "dup_a.mtl");
    assert_int_equal(d.count, 2);
    assert_message(&d, FIX "dup_a.mtl:3:8: warning: material \"m\" is defined twice in this file "
                           "(first at line 1); the first definition is kept");
    assert_message(&d, FIX "dup_b.mtl:1:8: warning: material \"m\" is already defined in "
                           FIX "dup_a.mtl:1; the first definition is kept");
    rm_mesh_free(&m);
    rm_diag_free(&d);

    mesh_using("usemtl a\n", &m);
    assert_int_equal(mtl_str("Kd 1 0 0\njo_dual 1\nnewmtl\nKd 0 0 0\nnewmtl a\nKd 0 0 1\n", &m, &d),
                     RM_OK);
    assert_int_equal(d.count, 2);
    assert_message(&d, "m.mtl:1:1: warning: statement before the first newmtl: ignored");
    assert_message(&d, "m.mtl:3:7: warning: newmtl without a name: its statements are ignored");
    assert_true(m.materials[0].kd[2] == 1 && m.materials[0].jo_flags == 0);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void libraries(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* "mtllib missing.mtl": the name starts at column 8. */
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "missing_lib.obj", NULL, &m, &d), RM_OK);
    assert_int_equal(d.count, 2);
    assert_message(&d, FIX "missing_lib.obj:1:8: warning: cannot open material library "
                           "\"missing.mtl\": No such file or directory; materials keep their "
                           "default colors");
    assert_message(&d, FIX "missing_lib.obj:2:8: warning: material \"stone\" is not defined in "
                           "any material library; it keeps the default color");
    assert_int_equal(m.face_count, 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* "mtllib sub\lib one.mtl": one file name with a space and a backslash. */
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "spaces.obj", NULL, &m, &d), RM_OK);
    const rm_mesh_material *a = find(&m, "a");
    assert_true(a->defined);
    assert_string_equal(a->library, FIX "sub/lib one.mtl");
    assert_true(a->kd[0] == 0.25 && a->kd[1] == 0.5 && a->kd[2] == 0.75);
    assert_string_equal(a->map_kd, "../tex/a b.png");
    assert_string_equal(m.libraries[0], "sub\\lib one.mtl");   /* as written */
    assert_int_equal(d.count, 1);
    assert_message(&d, FIX "spaces.obj:7:8: warning: material \"b\" is not defined in any "
                           "material library; it keeps the default color");
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* "mtllib split_a.mtl no_such.mtl" (line 2): not one file, so two; the
       second (column 8 + 12) is missing. */
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "split.obj", NULL, &m, &d), RM_OK);
    assert_true(find(&m, "a")->defined);
    assert_string_equal(find(&m, "a")->library, FIX "split_a.mtl");
    assert_int_equal(d.count, 1);
    assert_first_message(&d, FIX "split.obj:2:20: warning: cannot open material library "
                             "\"no_such.mtl\": No such file or directory; materials keep their "
                             "default colors");
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* load_materials false: no file is read, no warning. */
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    opt.load_materials = false;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(FIX "missing_lib.obj", &opt, &m, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_false(m.materials[0].defined);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void mtl_text_forms(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    mesh_using("usemtl a\n", &m);
    /* UTF-16 LE with CRLF, a continuation, and no final newline. */
    const char t[] = "\xFF\xFEn\0e\0w\0m\0t\0l\0 \0a\0\r\0\n\0K\0d\0 \0\\\0\r\0\n\0"
                     "1\0 \0001\0 \0000\0";
    rm_diag_init(&d);
    assert_int_equal(rm_mtl_parse(t, sizeof t - 1, "m.mtl", &m, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_true(m.materials[0].has_kd && m.materials[0].kd[2] == 0 && m.materials[0].kd[1] == 1);
    rm_diag_free(&d);
    rm_mesh_free(&m);

    mesh_using("usemtl a\n", &m);
    const char nul[] = "newmtl a\nKd 1\0 1 1\n";
    rm_diag_init(&d);
    assert_int_equal(rm_mtl_parse(nul, sizeof nul - 1, "m.mtl", &m, &d), RM_INVALID);
    assert_first_message(&d, "m.mtl:2:5: error: NUL byte in the text (is it UTF-16 without a byte "
                             "order mark?)");
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Every prefix of the fixtures, then random bytes: parse or fail cleanly. */
static void hostile_bytes(void **state)
{
    (void)state;
    const char *files[] = { FIX "robot.mtl", FIX "jo_all.mtl" };
    for (int f = 0; f < 2; f++) {
        char *text;
        size_t size;
        int err;
        assert_int_equal(rm_obj_read_whole(files[f], &text, &size, &err), RM_OK);
        for (size_t k = 0; k <= size; k++) {
            char *copy = malloc(k ? k : 1);
            assert_non_null(copy);
            memcpy(copy, text, k);
            rm_mesh m;
            mesh_using("usemtl red\nusemtl blue\nusemtl everything\n", &m);
            rm_diag d;
            rm_diag_init(&d);
            rm_status st = rm_mtl_parse(copy, k, "m.mtl", &m, &d);
            assert_true(st == RM_OK || st == RM_INVALID);
            rm_diag_free(&d);
            rm_mesh_free(&m);
            free(copy);
        }
        free(text);
    }
    const char alphabet[] = "newmtl Kd Ns d Tr map_Kd -s -o jo_dual jo_user 0 1 15 .5e#\\\r\n\t\0\xFE\xFF";
    for (int i = 0; i < 20000; i++) {
        size_t n = (size_t)(next_rand() % 160);
        char *b = malloc(n ? n : 1);
        assert_non_null(b);
        for (size_t k = 0; k < n; k++)
            b[k] = i % 4 == 0 ? (char)(next_rand() & 0xFF)
                              : alphabet[next_rand() % (sizeof alphabet - 1)];
        rm_mesh m;
        mesh_using("usemtl a\n", &m);
        rm_diag d;
        rm_diag_init(&d);
        rm_status st = rm_mtl_parse(b, n, "m.mtl", &m, &d);
        assert_true(st == RM_OK || st == RM_INVALID);
        rm_diag_free(&d);
        rm_mesh_free(&m);
        free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(robot_fixture),
        cmocka_unit_test(every_jo_option),
        cmocka_unit_test(jo_errors),
        cmocka_unit_test(map_kd),
        cmocka_unit_test(colors_and_dissolve),
        cmocka_unit_test(tr_and_d),
        cmocka_unit_test(duplicates_and_orphans),
        cmocka_unit_test(libraries),
        cmocka_unit_test(mtl_text_forms),
        cmocka_unit_test(hostile_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
