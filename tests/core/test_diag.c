/* Diagnostics: the two message shapes, counts and the limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "retromesh/diag.h"

static void text_and_binary_shapes(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_diag_at(&d, RM_ERROR, "robot.obj", 41, 12, "face index %d out of range (%d vertices)", 913, 812);
    rm_diag_at(&d, RM_WARNING, "robot.obj", 7, 0, "concave quad");
    rm_diag_chunk(&d, RM_ERROR, "robot.jom", "chunk", "QUAD", 0x1c4,
                  "polygon %d uses point %d, PNTS has %d points", 12, 900, 512);
    assert_int_equal(d.count, 3);
    assert_int_equal(d.errors, 2);
    assert_int_equal(d.warnings, 1);
    assert_string_equal(d.items[0].text, "robot.obj:41:12: error: face index 913 out of range (812 vertices)");
    assert_string_equal(d.items[1].text, "robot.obj:7: warning: concave quad");
    assert_string_equal(d.items[2].text,
                        "robot.jom: chunk QUAD at 0x1c4: polygon 12 uses point 900, PNTS has 512 points");
    rm_diag_free(&d);
    assert_int_equal(d.count, 0);
}

static void limit_counts_dropped(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    d.limit = 2;
    for (int i = 0; i < 5; i++)
        rm_diag_add(&d, RM_ERROR, "e%d", i);
    assert_int_equal(d.count, 2);
    assert_int_equal(d.dropped, 3);
    assert_int_equal(d.errors, 5);
    rm_diag_free(&d);
}

/* A place built from folders is shown tidied; a name as typed is kept. */
static void places_are_tidied(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_diag_at(&d, RM_WARNING, "materials//./images/../images/cesium.png", 0, 0, "texture resized");
    rm_diag_at(&d, RM_ERROR, "./robot.obj", 3, 4, "bad");
    assert_int_equal(d.count, 2);
    assert_string_equal(d.items[0].text, "materials/images/cesium.png: warning: texture resized");
    assert_string_equal(d.items[1].text, "./robot.obj:3:4: error: bad");
    rm_diag_free(&d);
}

static void null_diag_is_allowed(void **state)
{
    (void)state;
    rm_diag_add(NULL, RM_ERROR, "nowhere");
    rm_diag_at(NULL, RM_ERROR, "f", 1, 1, "nowhere");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_and_binary_shapes),
        cmocka_unit_test(limit_counts_dropped),
        cmocka_unit_test(places_are_tidied),
        cmocka_unit_test(null_diag_is_allowed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
