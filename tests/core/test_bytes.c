/* Big-endian reader and writer: exact bytes, and no read past the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"

static void reads_big_endian(void **state)
{
    (void)state;
    const uint8_t data[] = {0x12, 0x34, 0xFF, 0xFE, 0x80, 0x00, 0x00, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xAB};
    rm_reader r = rm_reader_make(data, sizeof data);
    assert_int_equal(rm_read_u16(&r), 0x1234);
    assert_int_equal(rm_read_i16(&r), -2);
    assert_int_equal(rm_read_u32(&r), 0x80000001u);
    assert_int_equal(rm_read_i32(&r), -1);
    assert_int_equal(rm_read_u8(&r), 0xAB);
    assert_false(r.failed);
    assert_int_equal(rm_reader_left(&r), 0);
}

static void read_past_end_fails_and_stays_failed(void **state)
{
    (void)state;
    const uint8_t data[] = {1, 2, 3};
    rm_reader r = rm_reader_make(data, sizeof data);
    assert_int_equal(rm_read_u32(&r), 0);
    assert_true(r.failed);
    /* Once failed, even a read that would fit returns 0. */
    assert_int_equal(rm_read_u8(&r), 0);
    uint8_t buf[2] = {9, 9};
    rm_read_bytes(&r, buf, 2);
    assert_int_equal(buf[0], 0);
    assert_int_equal(buf[1], 0);
}

static void skip_checks_bounds(void **state)
{
    (void)state;
    const uint8_t data[8] = {0};
    rm_reader r = rm_reader_make(data, sizeof data);
    rm_read_skip(&r, 8);
    assert_false(r.failed);
    rm_read_skip(&r, 1);
    assert_true(r.failed);
    r = rm_reader_make(data, sizeof data);
    rm_read_skip(&r, SIZE_MAX);
    assert_true(r.failed);
}

static void writes_big_endian_and_pads(void **state)
{
    (void)state;
    rm_writer w;
    rm_writer_init(&w);
    rm_write_tag(&w, "QUAD");
    rm_write_u32(&w, 0x01020304u);
    rm_write_i16(&w, -2);
    rm_write_align(&w, 4);
    rm_write_i32(&w, -65536);
    rm_write_u8(&w, 7);
    rm_write_align(&w, 4);
    const uint8_t expect[] = {'Q', 'U', 'A', 'D', 1, 2, 3, 4, 0xFF, 0xFE, 0, 0,
                              0xFF, 0xFF, 0, 0, 7, 0, 0, 0};
    assert_false(w.failed);
    assert_int_equal(w.size, sizeof expect);
    assert_memory_equal(w.data, expect, sizeof expect);
    rm_writer_patch_u32(&w, 4, 0xA0B0C0D0u);
    assert_int_equal(w.data[4], 0xA0);
    assert_int_equal(w.data[7], 0xD0);
    /* A patch that would pass the end is ignored. */
    rm_writer_patch_u32(&w, w.size - 2, 0);
    assert_int_equal(w.data[w.size - 4], 7);
    rm_writer_free(&w);
}

static void writer_grows(void **state)
{
    (void)state;
    rm_writer w;
    rm_writer_init(&w);
    for (uint32_t i = 0; i < 10000; i++)
        rm_write_u32(&w, i);
    assert_int_equal(w.size, 40000);
    rm_reader r = rm_reader_make(w.data, w.size);
    for (uint32_t i = 0; i < 10000; i++)
        assert_int_equal(rm_read_u32(&r), i);
    rm_writer_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_big_endian),
        cmocka_unit_test(read_past_end_fails_and_stays_failed),
        cmocka_unit_test(skip_checks_bounds),
        cmocka_unit_test(writes_big_endian_and_pads),
        cmocka_unit_test(writer_grows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
