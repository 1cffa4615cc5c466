/* rm_obj_write / rm_obj_write_ex: the exact text for small meshes (worked
   out by hand from the rules in retromesh/obj.h), and what the OBJ reader
   gets back from it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "obj_test_util.h"

/* Two triangles over four points: face 0 in group "a", face 1 in group "b",
   no materials. The text is what a user would write by hand. */
static const char *two_groups =
    "v 0 0 0 1 0 0\n"
    "v 1 0 0 0 1 0\n"
    "v 1 1 0\n"
    "v 0 1 0 0 0 0.5\n"
    "g a\n"
    "f 1 2 3\n"
    "g b\n"
    "f 1 3 4\n";

static void groups_and_colors_are_written(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_str(two_groups, &m, &d), RM_OK);
    rm_obj_write_options opt = {NULL, NULL, "in.niff"};
    char *obj, *mtl;
    size_t obj_size, mtl_size;
    assert_int_equal(rm_obj_write_ex(&m, &opt, &obj, &obj_size, &mtl, &mtl_size), RM_OK);
    /* Colors on every vertex once one has them: the third vertex, which had
       none, gets the reader's default 1 1 1. A g line where the group
       changes. No material: no mtllib, no MTL text. */
    const char *expect = "# written by retromesh from in.niff\n"
                         "v 0 0 0 1 0 0\n"
                         "v 1 0 0 0 1 0\n"
                         "v 1 1 0 1 1 1\n"
                         "v 0 1 0 0 0 0.5\n"
                         "g a\n"
                         "f 1 2 3\n"
                         "g b\n"
                         "f 1 3 4\n";
    assert_int_equal(obj_size, strlen(expect));
    assert_memory_equal(obj, expect, obj_size);
    assert_null(mtl);
    assert_int_equal(mtl_size, 0);

    /* Read back: the same groups per face and the same colors. */
    rm_mesh back;
    rm_diag d2;
    assert_int_equal(parse_text(obj, obj_size, &back, &d2), RM_OK);
    assert_int_equal(back.face_count, 2);
    assert_int_equal(back.group_count, 2);
    assert_string_equal(back.groups[back.face_group[0]].name, "a");
    assert_string_equal(back.groups[back.face_group[1]].name, "b");
    assert_non_null(back.colors);
    assert_true(back.colors[3].z == 0.5 && back.colors[0].x == 1 && back.colors[1].y == 1);
    rm_mesh_free(&back);
    rm_diag_free(&d2);
    free(obj);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void plain_mesh_is_written_as_before(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    assert_int_equal(parse_str("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", &m, &d), RM_OK);
    char *obj, *mtl;
    size_t obj_size, mtl_size;
    assert_int_equal(rm_obj_write(&m, NULL, "tri", &obj, &obj_size, &mtl, &mtl_size), RM_OK);
    /* No group, no color: the four statements and the o line, nothing more. */
    const char *expect = "# written by retromesh\no tri\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    assert_int_equal(obj_size, strlen(expect));
    assert_memory_equal(obj, expect, obj_size);
    free(obj);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(groups_and_colors_are_written),
        cmocka_unit_test(plain_mesh_is_written_as_before),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
