/* Q16.16 rounding and range. Expected values worked out by hand:
   1/65536 = 0x1; 0.5/65536 rounds away from zero to 1; 1.5 = 0x18000. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "retromesh/fixed.h"

static rm_fixed fx(double v)
{
    rm_fixed f = 12345;
    assert_true(rm_fixed_from_double(v, &f));
    return f;
}

static void converts_and_rounds(void **state)
{
    (void)state;
    assert_int_equal(fx(0.0), 0);
    assert_int_equal(fx(1.0), 0x10000);
    assert_int_equal(fx(-1.0), -0x10000);
    assert_int_equal(fx(1.5), 0x18000);
    assert_int_equal(fx(1.0 / 65536.0), 1);
    assert_int_equal(fx(0.5 / 65536.0), 1);     /* half: away from zero */
    assert_int_equal(fx(-0.5 / 65536.0), -1);
    assert_int_equal(fx(0.49 / 65536.0), 0);
    assert_int_equal(fx(0.1), 6554);            /* 6553.6 -> 6554 */
    assert_int_equal(fx(-0.1), -6554);
    assert_int_equal(fx(32767.0), 32767 * 65536);
    assert_int_equal(fx(-32768.0), INT32_MIN);
}

static void rejects_out_of_range_and_nan(void **state)
{
    (void)state;
    rm_fixed f = 77;
    assert_false(rm_fixed_from_double(32768.0, &f));
    assert_false(rm_fixed_from_double(-32768.00001, &f));
    assert_false(rm_fixed_from_double(NAN, &f));
    assert_false(rm_fixed_from_double(INFINITY, &f));
    assert_false(rm_fixed_from_double(-INFINITY, &f));
    assert_int_equal(f, 77);    /* untouched on failure */
    /* The largest value below 32768 that still rounds into range. */
    assert_true(rm_fixed_from_double(32767.99999, &f));
    assert_int_equal(f, INT32_MAX);
}

static void rgb555_layout(void **state)
{
    (void)state;
    assert_int_equal(rm_rgb555(31, 0, 0), 0x801F);
    assert_int_equal(rm_rgb555(0, 31, 0), 0x83E0);
    assert_int_equal(rm_rgb555(0, 0, 31), 0xFC00);
    assert_int_equal(rm_rgb555(16, 16, 16), 0xC210);   /* JO_NO_GOURAUD_COLOR */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(converts_and_rounds),
        cmocka_unit_test(rejects_out_of_range_and_nan),
        cmocka_unit_test(rgb555_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
