/* tests/formats/jol/test_jol_schema.c - the offsets computed from the schema
   against the sizes and offsets the seed (003) states, typed in by hand from
   its tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "formats/jol/schema.h"

static uint32_t record_size(const char *id)
{
    const rm_jol_section *s = rm_jol_find(id);
    assert_non_null(s);
    rm_jol_layout lay;
    rm_jol_compute_layout(s->records, s->record_count, &lay);
    return lay.size;
}

static uint32_t field_offset(const char *id, const char *name, int header)
{
    const rm_jol_section *s = rm_jol_find(id);
    const rm_jol_field *f = header ? s->header : s->records;
    size_t n = header ? s->header_count : s->record_count;
    int i = rm_jol_field_index(f, n, name);
    assert_true(i >= 0);
    rm_jol_layout lay;
    rm_jol_compute_layout(f, n, &lay);
    return lay.offset[i];
}

static void test_record_sizes(void **state)
{
    (void)state;
    /* "Size: N bytes." under each section of the seed. */
    assert_int_equal(record_size("PLNT"), 20);
    assert_int_equal(record_size("MODL"), 20);
    assert_int_equal(record_size("MBOX"), 8);
    assert_int_equal(record_size("INST"), 24);
    assert_int_equal(record_size("DECL"), 16);
    assert_int_equal(record_size("ENTI"), 44);
    assert_int_equal(record_size("PROP"), 12);
    assert_int_equal(record_size("LINK"), 12);
    assert_int_equal(record_size("CELL"), 40);
    assert_int_equal(record_size("PRTL"), 52);
    assert_int_equal(record_size("WEAP"), 76);
    assert_int_equal(record_size("STRS"), 0);
}

static void test_header_sizes(void **state)
{
    (void)state;
    rm_jol_layout lay;
    rm_jol_compute_layout(rm_jol_file_header, rm_jol_file_header_count, &lay);
    assert_int_equal(lay.size, 16);
    rm_jol_compute_layout(rm_jol_dir_entry, rm_jol_dir_entry_count, &lay);
    assert_int_equal(lay.size, 24);
    assert_int_equal(lay.offset[7], 20);           /* record_count */
    const rm_jol_section *s = rm_jol_find("TERR");
    rm_jol_compute_layout(s->header, s->header_count, &lay);
    assert_int_equal(lay.size, 28);
    s = rm_jol_find("INFO");
    rm_jol_compute_layout(s->header, s->header_count, &lay);
    assert_int_equal(lay.size, 8);
}

static void test_padded_offsets(void **state)
{
    (void)state;
    /* Places where alignment leaves a gap in the seed's tables. */
    assert_int_equal(field_offset("DECL", "x", 0), 8);          /* size u16 at 4, x i32 at 8 */
    assert_int_equal(field_offset("PROP", "value", 0), 8);      /* type u16 at 4 */
    assert_int_equal(field_offset("WEAP", "flash", 0), 56);     /* switch_time u16 at 52 */
    assert_int_equal(field_offset("WEAP", "shot_volume", 0), 72);
    assert_int_equal(field_offset("MODL", "floor", 0), 10);
    assert_int_equal(field_offset("PRTL", "points", 0), 4);
    assert_int_equal(field_offset("CELL", "yaw", 0), 34);
    assert_int_equal(field_offset("CELL", "reflection", 0), 36);
    assert_int_equal(field_offset("ENTI", "link_count", 0), 40);
    assert_int_equal(field_offset("LINK", "param", 0), 8);
    assert_int_equal(field_offset("TERR", "holes", 1), 24);
}

static void test_lookups(void **state)
{
    (void)state;
    int64_t v = -1;
    assert_true(rm_jol_enum_lookup(rm_jol_find_enum("EVENT"), "DEATH", &v));
    assert_int_equal(v, 4);
    assert_true(rm_jol_enum_lookup(rm_jol_find_enum("ACTION"), "ACTION_CLOSE", &v));
    assert_int_equal(v, 8);
    assert_false(rm_jol_enum_lookup(rm_jol_find_enum("EVENT"), "BOOM", &v));
    assert_non_null(rm_jol_find_class("explosive"));
    assert_null(rm_jol_find_class("all the classes"));
    assert_null(rm_jol_find("ZZZZ"));
    assert_true(rm_jol_value_fits(RM_JOL_I16, -32768));
    assert_false(rm_jol_value_fits(RM_JOL_I16, 32768));
    assert_false(rm_jol_value_fits(RM_JOL_U16, -1));
    assert_true(rm_jol_value_fits(RM_JOL_STRING, 0xFFFFFFFF));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record_sizes),
        cmocka_unit_test(test_header_sizes),
        cmocka_unit_test(test_padded_offsets),
        cmocka_unit_test(test_lookups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
