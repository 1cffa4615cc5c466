/* The OBJ reader on in-memory text and on the fixtures: every statement,
   index form, name rule, line end, encoding, and the exact messages of the
   errors and warnings. Expected values are read off the input text by hand
   (comments say how when it is not obvious). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "obj_test_util.h"

#define QUAD4 "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"

static void positions_and_colors(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* No colored vertex: no color arrays at all. */
    assert_int_equal(parse_str("v 1 2 3\nv 4 5 6 1\n", &m, &d), RM_OK);
    assert_int_equal(m.position_count, 2);
    assert_null(m.colors);
    assert_null(m.has_color);
    assert_true(m.positions[1].x == 4 && m.positions[1].y == 5 && m.positions[1].z == 6);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* Colors start at the second vertex: the first gets 1,1,1 and flag 0;
       the third has x y z w (w ignored, no color); the fourth r g b a. */
    assert_int_equal(parse_str("v 1 2 3\nv 4 5 6 0.1 0.2 0.3\nv 7 8 9 2\n"
                               "v 0 0 0 0.5 0.25 0 0.9\n", &m, &d), RM_OK);
    assert_int_equal(m.position_count, 4);
    assert_non_null(m.colors);
    assert_int_equal(m.has_color[0], 0);
    assert_int_equal(m.has_color[1], 1);
    assert_int_equal(m.has_color[2], 0);
    assert_int_equal(m.has_color[3], 1);
    assert_true(m.colors[0].x == 1 && m.colors[0].y == 1 && m.colors[0].z == 1);
    assert_true(m.colors[1].x == 0.1 && m.colors[1].y == 0.2 && m.colors[1].z == 0.3);
    assert_true(m.colors[2].x == 1 && m.colors[2].y == 1 && m.colors[2].z == 1);
    assert_true(m.colors[3].x == 0.5 && m.colors[3].y == 0.25 && m.colors[3].z == 0);
    assert_true(m.positions[2].z == 9);
    assert_non_null(m.position_line);
    assert_int_equal(m.position_line[0], 1);
    assert_int_equal(m.position_line[3], 4);
    assert_string_equal(m.source, "t.obj");
    assert_int_equal(d.count, 0);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* nan and inf are values (the converter decides). */
    assert_int_equal(parse_str("v nan -inf 1.#IND\n", &m, &d), RM_OK);
    assert_true(isnan(m.positions[0].x) && isinf(m.positions[0].y) && isnan(m.positions[0].z));
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void uvs_and_normals(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_str("vt 0.5\nvt 0.25 0.75\nvt 1 2 3\nvn 0 0 1\n", &m, &d), RM_OK);
    assert_int_equal(m.uv_count, 3);
    assert_true(m.uvs[0][0] == 0.5 && m.uvs[0][1] == 0.0);   /* vt u: v = 0 */
    assert_true(m.uvs[1][0] == 0.25 && m.uvs[1][1] == 0.75);
    assert_true(m.uvs[2][0] == 1 && m.uvs[2][1] == 2);         /* w dropped */
    assert_int_equal(m.normal_count, 1);
    assert_true(m.normals[0].z == 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void face_forms(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* Corners by hand: f1 = 0 1 2 (no uv, no normal); f2 = v/vt; f3 = v//vn;
       f4 = v/vt/vn; f5: trailing slashes mean "none". corner_uv appears at
       f2, so f1's corners get -1; corner_normal appears at f3. */
    const char *t = QUAD4 "vt 0 0\nvt 1 0\nvt 1 1\nvn 0 0 1\nvn 0 0 -1\n"
                    "f 1 2 3\n"
                    "f 1/1 2/2 3/3 4/1\n"
                    "f 1//2 2//2 3//1\n"
                    "f 4/3/1 3/2/2 2/1/1\n"
                    "f 1/ 2// 3/1/\n";
    assert_int_equal(parse_str(t, &m, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(m.face_count, 5);
    assert_int_equal(rm_mesh_corner_count(&m), 16);
    const uint32_t start[] = { 0, 3, 7, 10, 13, 16 };
    for (int i = 0; i < 6; i++)
        assert_int_equal(m.face_start[i], start[i]);
    assert_int_equal(rm_mesh_face_corners(&m, 1), 4);
    const uint32_t pos[] = { 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 2, 1, 0, 1, 2 };
    const int32_t uv[] = { -1, -1, -1, 0, 1, 2, 0, -1, -1, -1, 2, 1, 0, -1, -1, 0 };
    const int32_t nrm[] = { -1, -1, -1, -1, -1, -1, -1, 1, 1, 0, 0, 1, 0, -1, -1, -1 };
    assert_non_null(m.corner_uv);
    assert_non_null(m.corner_normal);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(m.corner_position[i], pos[i]);
        assert_int_equal(m.corner_uv[i], uv[i]);
        assert_int_equal(m.corner_normal[i], nrm[i]);
    }
    assert_int_equal(m.face_line[0], 10);   /* 4 v + 3 vt + 2 vn lines, then f */
    assert_int_equal(m.face_line[4], 14);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(m.face_material[i], RM_MESH_NONE);
        assert_int_equal(m.face_group[i], RM_MESH_NONE);
    }
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* Faces without uv or normals: no corner arrays. */
    assert_int_equal(parse_str(QUAD4 "f 1 2 3 4\n", &m, &d), RM_OK);
    assert_null(m.corner_uv);
    assert_null(m.corner_normal);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void negative_indexes(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* -1 is the last element defined before the face: at the first f there
       are 4 v, 2 vt, 1 vn; at the second, 5 v. */
    const char *t = QUAD4 "vt 0 0\nvt 1 1\nvn 0 1 0\n"
                    "f -4/-2/-1 -3/-1/-1 -2/-2/-1\n"
                    "v 2 2 2\n"
                    "f -1 -2 -5\n";
    assert_int_equal(parse_str(t, &m, &d), RM_OK);
    const uint32_t pos[] = { 0, 1, 2, 4, 3, 0 };
    const int32_t uv[] = { 0, 1, 0, -1, -1, -1 };
    for (int i = 0; i < 6; i++) {
        assert_int_equal(m.corner_position[i], pos[i]);
        assert_int_equal(m.corner_uv[i], uv[i]);
    }
    assert_int_equal(m.corner_normal[2], 0);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void index_errors(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* "f 1 2 913": the index starts at column 7. */
    assert_int_equal(parse_str("v 0 0 0\nv 1 0 0\nf 1 2 913\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:3:7: error: face index 913 out of range (2 vertices)");
    assert_int_equal(d.errors, 1);
    /* The mesh is left empty. */
    assert_int_equal(m.position_count, 0);
    assert_null(m.positions);
    assert_null(m.source);
    rm_diag_free(&d);

    assert_int_equal(parse_str("v 0 0 0\nf 1 1 -2\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:2:7: error: face index -2 out of range (1 vertex)");
    rm_diag_free(&d);

    /* An index must refer to a vertex defined before the face. */
    assert_int_equal(parse_str("v 0 0 0\nv 0 0 0\nf 1 2 3\nv 0 0 0\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:3:7: error: face index 3 out of range (2 vertices)");
    rm_diag_free(&d);

    /* A texture coordinate or normal index that names nothing is a
       warning: the corner goes without it, the face is kept. */
    assert_int_equal(parse_str(QUAD4 "f 1/1 2/1 3/1\n", &m, &d), RM_OK);
    assert_first_message(&d, "t.obj:5:5: warning: texture coordinate index 1 out of range "
                             "(0 texture coordinates): the corner has no texture coordinate");
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.warnings, 3);
    assert_int_equal(m.face_count, 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* trimesh's face_in_group_name_mid_file.obj does this: v//vn, no vn. */
    assert_int_equal(parse_str(QUAD4 "vn 0 0 1\nf 1//1 2//2 4//1\n", &m, &d), RM_OK);
    assert_first_message(&d, "t.obj:6:11: warning: normal index 2 out of range (1 normal): "
                             "the corner has no normal");
    assert_int_equal(d.warnings, 1);
    assert_non_null(m.corner_normal);
    assert_int_equal(m.corner_normal[0], 0);
    assert_int_equal(m.corner_normal[1], -1);
    assert_int_equal(m.corner_normal[2], 0);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    assert_int_equal(parse_str(QUAD4 "f 1 2 0\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:5:7: error: face index 0: OBJ indexes start at 1");
    rm_diag_free(&d);

    assert_int_equal(parse_str(QUAD4 "vt 0 0\nf 1/1 2/0 3/1\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:6:9: error: texture coordinate index 0: OBJ indexes start at 1");
    rm_diag_free(&d);

    /* A huge index is quoted as written. */
    assert_int_equal(parse_str(QUAD4 "f 1 2 99999999999999999999999\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:5:7: error: face index 99999999999999999999999 out of range "
                             "(4 vertices)");
    rm_diag_free(&d);

    /* Malformed corners. */
    assert_int_equal(parse_str(QUAD4 "vt 0 0\nvn 0 0 1\nf 1/1/1/1 2 3\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:7:3: error: bad face corner \"1/1/1/1\"");
    rm_diag_free(&d);
    assert_int_equal(parse_str(QUAD4 "f 1 2 3.0\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:5:7: error: bad face corner \"3.0\"");
    rm_diag_free(&d);
    assert_int_equal(parse_str(QUAD4 "f 1 x 3\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:5:5: error: bad face corner \"x\"");
    rm_diag_free(&d);
}

/* The shape of the brief's example ("robot.obj:41:12: error: face index 913
   out of range (812 vertices)") with a real count: 812 v lines, then the
   face on line 813; its third index starts at column 11. */
static void index_error_big(void **state)
{
    (void)state;
    size_t cap = 812 * 16 + 64, n = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    for (int i = 0; i < 812; i++)
        n += (size_t)snprintf(t + n, cap - n, "v %d 0 0\n", i);
    n += (size_t)snprintf(t + n, cap - n, "f 100 200 913\n");
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_text(t, n, &m, &d), RM_INVALID);
    /* "f 100 200 913": f=1, 100 at 3, 200 at 7, 913 at 11. */
    assert_first_message(&d, "t.obj:813:11: error: face index 913 out of range (812 vertices)");
    rm_diag_free(&d);
    free(t);
}

static void short_faces(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_str(QUAD4 "f 1 2\nf\nf 1 2 3\n", &m, &d), RM_OK);
    assert_int_equal(m.face_count, 1);
    assert_int_equal(rm_mesh_corner_count(&m), 3);
    assert_int_equal(d.warnings, 2);
    assert_message(&d, "t.obj:5:1: warning: face with 2 corners dropped (a face needs 3)");
    assert_message(&d, "t.obj:6:1: warning: face with 0 corners dropped (a face needs 3)");
    assert_int_equal(m.face_line[0], 7);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void number_errors(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* Columns: "v 1 2 3.1+e2": the third number starts at 7. */
    assert_int_equal(parse_str("v 1 2 3.1+e2\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:7: error: bad number \"3.1+e2\"");
    rm_diag_free(&d);
    assert_int_equal(parse_str("v 0 0 0\nv 1..2 0 0\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:2:3: error: bad number \"1..2\"");
    rm_diag_free(&d);
    assert_int_equal(parse_str("vn abc 0 0\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:4: error: bad number \"abc\"");
    rm_diag_free(&d);
    assert_int_equal(parse_str("vt 1e\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:4: error: bad number \"1e\"");
    rm_diag_free(&d);
    /* Wrong counts. */
    assert_int_equal(parse_str("v 1 2\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:1: error: v with 2 numbers: expected x y z, x y z w or x y z r g b");
    rm_diag_free(&d);
    assert_int_equal(parse_str("v 1 2 3 4 5\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:1: error: v with 5 numbers: expected x y z, x y z w or x y z r g b");
    rm_diag_free(&d);
    assert_int_equal(parse_str("  v 1 2 3 4 5 6 7 8\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:19: error: too many numbers in v (x y z [w], or x y z r g b)");
    rm_diag_free(&d);
    assert_int_equal(parse_str("vn 1 2\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:1: error: vn with 2 numbers: expected x y z");
    rm_diag_free(&d);
    assert_int_equal(parse_str("vt\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:1: error: vt without numbers: expected u [v [w]]");
    rm_diag_free(&d);
    assert_int_equal(parse_str("vt 1 2 3 4\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:10: error: too many numbers in vt (u [v [w]])");
    rm_diag_free(&d);
    /* A number stuck to a comment is fine; 1.#IND is not a comment. */
    assert_int_equal(parse_str("v 1 2 3#c\nv 1.#IND 1.#INF# c\n", &m, &d), RM_INVALID);
    /* "v 1.#IND 1.#INF# c": two numbers, then the comment: v with 2. */
    assert_first_message(&d, "t.obj:2:1: error: v with 2 numbers: expected x y z, x y z w or x y z r g b");
    rm_diag_free(&d);
}

static void groups(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* Group indexes by hand: body=0 (line 6), "wheel  left"=1 (line 8),
       default=2 (line 10, a bare g), " An f Three "=3 (line 12, trimmed),
       empty=4 (line 14, no face follows), "bare o"... */
    const char *t = QUAD4
        "f 1 2 3\n"                 /* line 5: before any group */
        "g body\n"                  /* 6 */
        "f 1 2 3\n"                 /* 7 */
        "o wheel  left   # c\n"     /* 8: name keeps the inner blanks */
        "f 1 2 3\n"                 /* 9 */
        "g\n"                       /* 10 */
        "f 1 2 3\n"                 /* 11 */
        "g \t An f Three\t \n"      /* 12 */
        "f 2 3 4\n"                 /* 13 */
        "g empty\n"                 /* 14 */
        "g body\n"                  /* 15: reused */
        "f 1 3 4\n"                 /* 16 */
        "o\n"                       /* 17: bare o is "default" too */
        "f 1 2 4\n";                /* 18 */
    assert_int_equal(parse_str(t, &m, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(m.group_count, 5);
    const char *names[] = { "body", "wheel  left", "default", "An f Three", "empty" };
    const unsigned long lines[] = { 6, 8, 10, 12, 14 };
    for (int i = 0; i < 5; i++) {
        assert_string_equal(m.groups[i].name, names[i]);
        assert_int_equal(m.groups[i].line, lines[i]);
    }
    assert_int_equal(m.face_count, 7);
    const uint32_t fg[] = { RM_MESH_NONE, 0, 1, 2, 3, 0, 2 };
    for (int i = 0; i < 7; i++)
        assert_int_equal(m.face_group[i], fg[i]);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void materials_and_libraries(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    const char *t = QUAD4
        "f 1 2 3\n"                 /* 5: no material */
        "usemtl red\n"              /* 6 */
        "f 1 2 3\n"
        "usemtl dark blue\n"        /* 8: a name with a space */
        "f 1 2 3\n"
        "usemtl red\n"
        "f 1 2 3\n"
        "usemtl\n"                  /* 12: empty: warning, no material */
        "f 1 2 3\n"
        "usemtl dark blue\n"
        "f 1 2 3\n"
        "mtllib b.mtl\n"            /* after the usemtl lines */
        "mtllib a.mtl c.mtl\n"
        "mtllib b.mtl\n";           /* recorded once */
    assert_int_equal(parse_str(t, &m, &d), RM_OK);
    assert_int_equal(m.material_count, 2);
    assert_string_equal(m.materials[0].name, "red");
    assert_string_equal(m.materials[1].name, "dark blue");
    assert_false(m.materials[0].defined);
    assert_true(m.materials[0].kd[0] == 1 && m.materials[0].dissolve == 1);
    const uint32_t fm[] = { RM_MESH_NONE, 0, 1, 0, RM_MESH_NONE, 1 };
    for (int i = 0; i < 6; i++)
        assert_int_equal(m.face_material[i], fm[i]);
    assert_int_equal(m.library_count, 2);
    assert_string_equal(m.libraries[0], "b.mtl");
    assert_string_equal(m.libraries[1], "a.mtl c.mtl");
    /* load_materials is off: only the empty usemtl warns. */
    assert_int_equal(d.count, 1);
    assert_first_message(&d, "t.obj:12:1: warning: usemtl without a name: the faces that follow "
                             "have no material");
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void ignored_statements(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    const char *t = QUAD4
        "s 1\ns off\nl 1 2\np 1\nvp 0.5 0.5\ncstype bezier\ndeg 3\ncurv 0 1 1 2\n"
        "usemap x\nmaplib y.tga\nvx 1 2 3\nV 1 2 3\nfoo bar baz\nF 1 2 3\n"
        "f 1 2 3\n";
    assert_int_equal(parse_str(t, &m, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(m.position_count, 4);
    assert_int_equal(m.face_count, 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* The same quad, written with different line ends and blanks. */
static void check_quad(const char *t, size_t n, size_t faces)
{
    rm_mesh m;
    rm_diag d;
    if (parse_text(t, n, &m, &d) != RM_OK) {
        dump(&d);
        fail_msg("parse failed");
    }
    assert_int_equal(m.position_count, 4);
    assert_int_equal(m.face_count, faces);
    assert_true(m.positions[2].x == 1 && m.positions[2].y == 1);
    assert_int_equal(m.corner_position[3], 3);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void line_ends_and_blanks(void **state)
{
    (void)state;
    const char *texts[] = {
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n",
        "v 0 0 0\r\nv 1 0 0\r\nv 1 1 0\r\nv 0 1 0\r\nf 1 2 3 4\r\n",
        "v 0 0 0\rv 1 0 0\rv 1 1 0\rv 0 1 0\rf 1 2 3 4\r",
        "v 0 0 0\rv 1 0 0\r\nv 1 1 0\nv 0 1 0\r\rf 1 2 3 4",       /* mixed, no final line end */
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4",         /* no final newline */
        "  v\t0 0 0\n\tv  1\t\t0 0  \n\n   \nv 1 1 0 # c\nv 0 1 0\n# c\nf\t1 2   3 4\t\n",
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 \\\n2 \\\r\n3 \\\r4\n",
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 \\\n 4",       /* continued into the tail */
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf\\\n 1 2 3 4\n",
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n# comment \\\n",
        "\xEF\xBB\xBFv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n",   /* UTF-8 BOM */
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n\n\n\n",
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n   ",        /* blanks in the tail */
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\r\n# end",
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\v\f\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        check_quad(texts[i], strlen(texts[i]), 1);
}

static void continuation_lines(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* Messages name the physical line: the bad index is on line 4. */
    assert_int_equal(parse_str("v 0 0 0\nf 1 \\\n 1 \\\r\n 99\n", &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:4:2: error: face index 99 out of range (1 vertex)");
    rm_diag_free(&d);

    /* A comment that ends with `\` continues nothing: line 3 is a v. */
    assert_int_equal(parse_str("# c \\\nv 1 2 3\nv 1 2 3\n", &m, &d), RM_OK);
    assert_int_equal(m.position_count, 2);
    assert_int_equal(m.position_line[0], 2);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* Names joined across lines: the continuation and the blanks around it
       become one space; a backslash not at a line end is part of the name. */
    assert_int_equal(parse_str("g left \\\n  arm\\x\nusemtl a\\\r\nb\n", &m, &d), RM_OK);
    assert_string_equal(m.groups[0].name, "left arm\\x");
    assert_string_equal(m.materials[0].name, "a b");
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* The fixture: a face over three lines, a continued group name, a
       comment ending with `\`, no final newline. */
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(RM_FIXTURES "/obj/continuation.obj", &opt, &m, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(m.face_count, 2);
    assert_string_equal(m.groups[0].name, "left part");
    assert_int_equal(m.groups[0].line, 5);
    assert_int_equal(m.face_line[0], 7);
    assert_int_equal(m.face_line[1], 12);
    const uint32_t pos[] = { 0, 1, 2, 3, 3, 2, 1 };
    for (int i = 0; i < 7; i++)
        assert_int_equal(m.corner_position[i], pos[i]);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void fixture_files(void **state)
{
    (void)state;
    const char *files[] = { "crlf.obj", "cr.obj", "utf8bom.obj" };
    for (size_t i = 0; i < 3; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/obj/%s", RM_FIXTURES, files[i]);
        rm_mesh m;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_obj_read_file(path, NULL, &m, &d), RM_OK);
        assert_int_equal(m.position_count, i == 2 ? 3 : 4);
        assert_int_equal(m.face_count, 1);
        if (i < 2)
            assert_int_equal(m.face_line[0], 6);   /* one comment line, 4 v, then f */
        rm_mesh_free(&m);
        rm_diag_free(&d);
    }
}

static void utf16(void **state)
{
    (void)state;
    /* Both files hold, in UTF-16: a comment with an e-acute, then a v line
       indented with a tab, two more v, "g caf<e-acute> <emoji>" (the emoji
       is a surrogate pair: one '?'), and a face. */
    const char *files[] = { RM_FIXTURES "/obj/utf16le.obj", RM_FIXTURES "/obj/utf16be.obj" };
    for (int i = 0; i < 2; i++) {
        rm_mesh m;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_obj_read_file(files[i], NULL, &m, &d), RM_OK);
        assert_int_equal(d.count, 0);
        assert_int_equal(m.position_count, 3);
        assert_true(m.positions[2].y == 1);
        assert_int_equal(m.face_count, 1);
        assert_int_equal(m.group_count, 1);
        assert_string_equal(m.groups[0].name, "caf? ?");
        assert_int_equal(m.groups[0].line, 5);
        rm_mesh_free(&m);
        rm_diag_free(&d);
    }
    /* In memory, with an odd last byte (dropped). */
    const char le[] = "\xFF\xFEv\0 \0001\0 \0002\0 \0003\0\n";
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_text(le, sizeof le - 1, &m, &d), RM_OK);
    assert_int_equal(m.position_count, 1);
    assert_true(m.positions[0].z == 3);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    /* A NUL character in UTF-16 text is an error like a NUL byte. */
    const char be[] = "\xFE\xFF\0v\0 \0\0\0001";
    assert_int_equal(parse_text(be, sizeof be - 1, &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:3: error: NUL byte in the text (is it UTF-16 without a "
                             "byte order mark?)");
    rm_diag_free(&d);
}

static void nul_bytes(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    const char a[] = "v 0 0 0\nv 1\0 2 3\n";
    assert_int_equal(parse_text(a, sizeof a - 1, &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:2:4: error: NUL byte in the text (is it UTF-16 without a "
                             "byte order mark?)");
    rm_diag_free(&d);
    const char b[] = "# a\0b\n";
    assert_int_equal(parse_text(b, sizeof b - 1, &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:4: error: NUL byte in the text (is it UTF-16 without a "
                             "byte order mark?)");
    rm_diag_free(&d);
    const char c[] = "s 1\0\n";
    assert_int_equal(parse_text(c, sizeof c - 1, &m, &d), RM_INVALID);
    assert_int_equal(d.errors, 1);
    rm_diag_free(&d);
    const char e[] = "g a\0b\n";
    assert_int_equal(parse_text(e, sizeof e - 1, &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:4: error: NUL byte in the text (is it UTF-16 without a "
                             "byte order mark?)");
    rm_diag_free(&d);
    /* UTF-16 without a byte order mark: the first NUL is reported. */
    const char f[] = "v\0 \0001\0";
    assert_int_equal(parse_text(f, sizeof f - 1, &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:2: error: NUL byte in the text (is it UTF-16 without a "
                             "byte order mark?)");
    rm_diag_free(&d);
}

static void empty_and_options(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_text("", 0, &m, &d), RM_OK);
    assert_int_equal(m.face_count, 0);
    assert_non_null(m.face_start);
    assert_int_equal(m.face_start[0], 0);
    assert_int_equal(rm_mesh_corner_count(&m), 0);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* keep_lines false: no line arrays. NULL filename: "<input>". */
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    assert_true(opt.load_materials && opt.keep_lines);
    opt.keep_lines = false;
    opt.load_materials = false;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_parse(QUAD4 "f 1 2 3\n", strlen(QUAD4 "f 1 2 3\n"), NULL, &opt, &m, &d),
                     RM_OK);
    assert_null(m.position_line);
    assert_null(m.face_line);
    assert_string_equal(m.source, "<input>");
    rm_mesh_free(&m);
    rm_diag_free(&d);

    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(RM_FIXTURES "/obj/no_such_file.obj", NULL, &m, &d), RM_IO);
    assert_first_message(&d, RM_FIXTURES "/obj/no_such_file.obj: error: cannot read: No such file "
                             "or directory");
    rm_diag_free(&d);
}

/* Many faces with fewer than 3 corners: 20 warnings, then one count. */
static void repeated_warnings_are_capped(void **state)
{
    (void)state;
    size_t cap = 100 * 8 + 64, n = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    n += (size_t)snprintf(t + n, cap - n, "v 0 0 0\n");
    for (int i = 0; i < 100; i++)
        n += (size_t)snprintf(t + n, cap - n, "f 1 1\n");
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_text(t, n, &m, &d), RM_OK);
    assert_int_equal(d.count, 21);
    assert_message(&d, "t.obj: warning: 80 more faces with fewer than 3 corners dropped");
    rm_mesh_free(&m);
    rm_diag_free(&d);
    free(t);
}

/* Every prefix of a valid file parses or fails cleanly (ASan checks the
   reads): the cut lands in numbers, indexes, names, CRLF pairs and `\`. */
static void truncation_at_every_length(void **state)
{
    (void)state;
    const char *t = "# truncation\r\nmtllib a b.mtl\r\nv 1.5e+2 -2.25 3\r\nv 4 5 6 0.5 0.5 0.5\r\n"
                    "v -1.#IND inf 7\r\nvt 0.5 0.25\r\nvn 0 0 1\r\ng body part\r\n"
                    "usemtl red\r\nf 1/1/1 2/1/1 \\\r\n 3/1/1\r\nf -1//-1 -2//1 -3//1\r\ns 1\r\n";
    size_t n = strlen(t);
    for (size_t k = 0; k <= n; k++) {
        char *copy = malloc(k ? k : 1);   /* exactly k bytes: reads past the end are caught */
        assert_non_null(copy);
        memcpy(copy, t, k);
        rm_mesh m;
        rm_diag d;
        rm_status st = parse_text(copy, k, &m, &d);
        assert_true(st == RM_OK || st == RM_INVALID);
        if (st == RM_OK) {
            assert_true(m.face_count <= 2);
            rm_mesh_free(&m);
        } else {
            assert_int_equal(d.errors, 1);
        }
        rm_diag_free(&d);
        free(copy);
    }
    /* A file cut inside its last number still gives that number. */
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_text("v 1 2 3.25", 10, &m, &d), RM_OK);
    assert_true(m.positions[0].z == 3.25);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    assert_int_equal(parse_text("v 1 2 3.", 8, &m, &d), RM_OK);
    assert_true(m.positions[0].z == 3.0);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    assert_int_equal(parse_text("v 1 2 3e", 8, &m, &d), RM_INVALID);
    assert_first_message(&d, "t.obj:1:7: error: bad number \"3e\"");
    rm_diag_free(&d);
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Random bytes, and random OBJ-like text: never a crash, never a leak. */
static void random_input(void **state)
{
    (void)state;
    const char alphabet[] = "vtnfog usemtllib/\\#-+.e0123456789\r\n\n\t nanif#IND\0\xFF\xFE";
    for (int i = 0; i < 20000; i++) {
        size_t n = (size_t)(next_rand() % 200);
        char *b = malloc(n ? n : 1);
        assert_non_null(b);
        int raw = i % 4 == 0;
        for (size_t k = 0; k < n; k++)
            b[k] = raw ? (char)(next_rand() & 0xFF)
                       : alphabet[next_rand() % (sizeof alphabet - 1)];
        rm_mesh m;
        rm_diag d;
        rm_status st = parse_text(b, n, &m, &d);
        assert_true(st == RM_OK || st == RM_INVALID);
        if (st == RM_OK) {
            for (size_t c = 0; c < rm_mesh_corner_count(&m); c++)
                assert_true(m.corner_position[c] < m.position_count);
            rm_mesh_free(&m);
        }
        rm_diag_free(&d);
        free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(positions_and_colors),
        cmocka_unit_test(uvs_and_normals),
        cmocka_unit_test(face_forms),
        cmocka_unit_test(negative_indexes),
        cmocka_unit_test(index_errors),
        cmocka_unit_test(index_error_big),
        cmocka_unit_test(short_faces),
        cmocka_unit_test(number_errors),
        cmocka_unit_test(groups),
        cmocka_unit_test(materials_and_libraries),
        cmocka_unit_test(ignored_statements),
        cmocka_unit_test(line_ends_and_blanks),
        cmocka_unit_test(continuation_lines),
        cmocka_unit_test(fixture_files),
        cmocka_unit_test(utf16),
        cmocka_unit_test(nul_bytes),
        cmocka_unit_test(empty_and_options),
        cmocka_unit_test(repeated_warnings_are_capped),
        cmocka_unit_test(truncation_at_every_length),
        cmocka_unit_test(random_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
