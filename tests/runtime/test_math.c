/* The runtime's math: jo_fixed_mult (floor of the 64-bit product), sin and
   cos (checked against the C library for every angle of a quarter turn:
   an independent computation), angles from degrees, the SGL matrix
   operations and their turning direction. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "retromesh/model.h"

#define ONE 0x10000

static void fixed_mul_is_a_floor(void **state)
{
    (void)state;
    assert_int_equal(rm_3d_fixed_mul(0x8000, 0x8000), 0x4000);      /* 0.5 x 0.5 = 0.25 */
    assert_int_equal(rm_3d_fixed_mul(-0x8000, 0x8000), -0x4000);
    assert_int_equal(rm_3d_fixed_mul(3, 0x8000), 1);                /* 1.5 raw -> 1 */
    assert_int_equal(rm_3d_fixed_mul(-3, 0x8000), -2);              /* -1.5 raw -> -2 (floor) */
    assert_int_equal(rm_3d_fixed_mul(-1, 1), -1);                   /* -1/65536 raw -> -1 */
    assert_int_equal(rm_3d_fixed_mul(2 * ONE, -3 * ONE), -6 * ONE);
    /* Overflow wraps: (2^31 - 1) x 2 = 2^32 - 2 -> -2. */
    assert_int_equal(rm_3d_fixed_mul(INT32_MAX, 2 * ONE), -2);
    assert_int_equal(rm_3d_fixed_mul(INT32_MIN, INT32_MIN), 0);     /* 2^62 >> 16 = 2^46: low 32 bits 0 */
}

static void sin_and_cos(void **state)
{
    (void)state;
    /* The four exact points. */
    assert_int_equal(rm_3d_sin(0), 0);
    assert_int_equal(rm_3d_sin(16384), ONE);
    assert_int_equal(rm_3d_sin(32768), 0);
    assert_int_equal(rm_3d_sin(-32768), 0);
    assert_int_equal(rm_3d_sin(49152), -ONE);
    assert_int_equal(rm_3d_sin(-16384), -ONE);
    assert_int_equal(rm_3d_cos(0), ONE);
    assert_int_equal(rm_3d_cos(16384), 0);
    assert_int_equal(rm_3d_cos(32768), -ONE);
    assert_int_equal(rm_3d_cos(65536), ONE);   /* any int, modulo a turn */
    /* 45 degrees: sqrt(1/2) x 65536 = 46340.95 -> 46341. 30 degrees is not a
       whole jo_angle (5461.33): sin(5461) = 0.4999723 -> 32766.2 -> 32766. */
    assert_int_equal(rm_3d_sin(8192), 46341);
    assert_int_equal(rm_3d_cos(8192), 46341);
    assert_int_equal(rm_3d_sin(5461), 32766);
    /* Every angle of the quarter against libm (within 1), monotonic. */
    const double pi = 3.14159265358979323846;
    rm_fixed prev = -1;
    for (int a = 0; a <= 16384; a++) {
        rm_fixed s = rm_3d_sin(a);
        long want = lround(sin(a * pi / 32768.0) * 65536.0);
        assert_true(labs((long)s - want) <= 1);
        assert_true(s >= prev);
        prev = s;
        /* The symmetries of the circle. */
        assert_int_equal(rm_3d_sin(32768 - a), s);
        assert_int_equal(rm_3d_sin(-a), -s);
        assert_int_equal(rm_3d_cos(16384 - a), s);
    }
}

static void degrees_to_angles(void **state)
{
    (void)state;
    assert_int_equal(rm_3d_angle_from_degrees(90), 16384);
    assert_int_equal(rm_3d_angle_from_degrees(-90), -16384);
    assert_int_equal(rm_3d_angle_from_degrees(180), -32768);        /* wraps */
    assert_int_equal(rm_3d_angle_from_degrees(360), 0);
    assert_int_equal(rm_3d_angle_from_degrees(350), -1820);         /* 63715.56 -> 63716 -> -1820 */
    assert_int_equal(rm_3d_angle_from_degrees(10), 1820);           /* 1820.44 */
    assert_int_equal(rm_3d_angle_from_degrees(-730), -1820);        /* -10 */
    assert_int_equal(rm_3d_angle_from_degrees(NAN), 0);
    assert_true(rm_3d_angle_to_degrees(-16384) == -90.0);
}

static void turns_are_right_handed(void **state)
{
    (void)state;
    rm_3d_matrix m;
    /* Rx 90: Y goes to Z. */
    rm_3d_matrix_identity(m);
    rm_3d_matrix_rotate_x(m, 16384);
    rm_vec3x p = rm_3d_transform_point((const rm_fixed (*)[3])m, (rm_vec3x){0, ONE, 0});
    assert_int_equal(p.x, 0);
    assert_int_equal(p.y, 0);
    assert_int_equal(p.z, ONE);
    /* Ry 90: X goes to -Z. */
    rm_3d_matrix_identity(m);
    rm_3d_matrix_rotate_y(m, 16384);
    p = rm_3d_transform_point((const rm_fixed (*)[3])m, (rm_vec3x){ONE, 0, 0});
    assert_int_equal(p.x, 0);
    assert_int_equal(p.z, -ONE);
    /* Rz 90: X goes to Y. */
    rm_3d_matrix_identity(m);
    rm_3d_matrix_rotate_z(m, 16384);
    p = rm_3d_transform_point((const rm_fixed (*)[3])m, (rm_vec3x){ONE, 0, 0});
    assert_int_equal(p.x, 0);
    assert_int_equal(p.y, ONE);
}

static void operations_apply_before_the_matrix(void **state)
{
    (void)state;
    /* translate(5, 0, 0) then Rz 90 on the current matrix: a point is
       turned first, then moved: (1, 0, 0) -> (0, 1, 0) -> (5, 1, 0). */
    rm_3d_matrix m;
    rm_3d_matrix_identity(m);
    rm_3d_matrix_translate(m, (rm_vec3x){5 * ONE, 0, 0});
    rm_3d_matrix_rotate_z(m, 16384);
    rm_vec3x p = rm_3d_transform_point((const rm_fixed (*)[3])m, (rm_vec3x){ONE, 0, 0});
    assert_int_equal(p.x, 5 * ONE);
    assert_int_equal(p.y, ONE);
    assert_int_equal(p.z, 0);
    /* rotate_vector leaves the translation out. */
    p = rm_3d_rotate_vector((const rm_fixed (*)[3])m, (rm_vec3x){ONE, 0, 0});
    assert_int_equal(p.x, 0);
    assert_int_equal(p.y, ONE);
    /* Rx then Ry then Rz (the order of a bone): Z is turned first. (1,0,0):
       Rz 90 -> (0,1,0); Ry 90 keeps Y; Rx 90 -> (0,0,1). */
    rm_3d_matrix_identity(m);
    rm_3d_matrix_rotate_x(m, 16384);
    rm_3d_matrix_rotate_y(m, 16384);
    rm_3d_matrix_rotate_z(m, 16384);
    p = rm_3d_transform_point((const rm_fixed (*)[3])m, (rm_vec3x){ONE, 0, 0});
    assert_int_equal(p.x, 0);
    assert_int_equal(p.y, 0);
    assert_int_equal(p.z, ONE);
    /* Huge values wrap without undefined behaviour (run under UBSan). */
    rm_3d_matrix_identity(m);
    rm_3d_matrix_translate(m, (rm_vec3x){INT32_MAX, INT32_MIN, INT32_MAX});
    rm_3d_matrix_translate(m, (rm_vec3x){INT32_MAX, INT32_MIN, 1});
    assert_int_equal(m[3][0], -2);            /* 2^32 - 2 wraps */
    assert_int_equal(m[3][1], 0);             /* -2^32 wraps */
    assert_int_equal(m[3][2], INT32_MIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_mul_is_a_floor),
        cmocka_unit_test(sin_and_cos),
        cmocka_unit_test(degrees_to_angles),
        cmocka_unit_test(turns_are_right_handed),
        cmocka_unit_test(operations_apply_before_the_matrix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
