/* The core text helpers: numbers with a '.', names as valid UTF-8 JSON,
   paths tidied for messages. None needs a locale installed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cnum.h"
#include "core/json_text.h"
#include "core/path_tidy.h"

static void cnum_writes_a_point(void **state)
{
    (void)state;
    static const double values[] = {0.0, -0.3, 0.5, 1.0 / 3.0, 1e-7, -7e-5, 123456.789, 1e300,
                                    -2.5e-300, 65535.99998};
    char t[RM_CNUM_SIZE];
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        size_t n = rm_cnum(t, sizeof t, "%.9g", values[i]);
        assert_int_equal(n, strlen(t));
        assert_null(strchr(t, ','));
        /* What it wrote reads back as the same number. */
        assert_true(fabs(strtod(t, NULL) - values[i]) <= fabs(values[i]) * 1e-8);
    }
    rm_cnum(t, sizeof t, "%.4f", -0.3);
    assert_string_equal(t, "-0.3000");
    rm_cnum(t, sizeof t, "%g", 7e-5);
    assert_string_equal(t, "7e-05");
    /* Cut to the buffer, still terminated. */
    assert_int_equal(rm_cnum(t, 4, "%.6f", 1.5), 3);
    assert_string_equal(t, "1.5");
}

static void utf8_sequences(void **state)
{
    (void)state;
    const unsigned char e_acute[] = {0xC3, 0xA9};
    assert_int_equal(rm_utf8_seq_len(e_acute, 2), 2);
    assert_int_equal(rm_utf8_seq_len(e_acute, 1), 0);                    /* cut */
    assert_int_equal(rm_utf8_seq_len((const unsigned char *)"\xE9", 1), 0); /* Latin-1 */
    assert_int_equal(rm_utf8_seq_len((const unsigned char *)"\xC0\xAF", 2), 0);     /* overlong */
    assert_int_equal(rm_utf8_seq_len((const unsigned char *)"\xED\xA0\x80", 3), 0); /* surrogate */
    assert_int_equal(rm_utf8_seq_len((const unsigned char *)"\xF4\x90\x80\x80", 4), 0);
    assert_int_equal(rm_utf8_seq_len((const unsigned char *)"\xF0\x9F\x98\x80", 4), 4);
}

static void clean_reads_bad_bytes_as_latin1(void **state)
{
    (void)state;
    char *s = rm_utf8_clean("caf\xE9 \xC3\xA9\xFF", 8);
    assert_non_null(s);
    assert_string_equal(s, "caf\xC3\xA9 \xC3\xA9\xC3\xBF");
    free(s);
    json_t *j = rm_json_text("caf\xE9");
    assert_non_null(j);
    assert_string_equal(json_string_value(j), "caf\xC3\xA9");
    char *dump = json_dumps(j, JSON_ENCODE_ANY | JSON_ENSURE_ASCII);
    assert_string_equal(dump, "\"caf\\u00E9\"");   /* jansson writes upper-case hex */
    free(dump);
    json_decref(j);
    /* jansson itself refuses the raw name: this is the bug being fixed. */
    assert_null(json_string("caf\xE9"));
    j = rm_json_text(NULL);
    assert_true(json_is_null(j));
    json_decref(j);
}

static void write_string_escapes(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    assert_non_null(f);
    assert_int_equal(rm_json_write_string(f, "a\"b\\c\n\xE9\xC3\xA9\x7f", 10), 0);
    fclose(f);
    assert_string_equal(buf, "\"a\\\"b\\\\c\\u000a\\u00e9\xC3\xA9\\u007f\"");
    /* What it wrote is JSON that jansson reads. */
    json_error_t err;
    json_t *j = json_loads(buf, JSON_DECODE_ANY, &err);
    assert_non_null(j);
    assert_string_equal(json_string_value(j), "a\"b\\c\n\xC3\xA9\xC3\xA9\x7f");
    json_decref(j);
    free(buf);
}

static void tidy(const char *in, const char *want)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", in);
    size_t n = rm_path_tidy(buf);
    assert_string_equal(buf, want);
    assert_int_equal(n, strlen(want));
}

static void paths_are_tidied(void **state)
{
    (void)state;
    tidy("materials//./images/cesium.png", "materials/images/cesium.png");
    tidy("./a.mtl", "a.mtl");
    tidy("a/b/../c", "a/c");
    tidy("a/../../b", "../b");
    tidy("../../x", "../../x");
    tidy("/../x", "/x");
    tidy("//a///b/", "/a/b");
    tidy("a/..", ".");
    tidy(".", ".");
    tidy("/", "/");
    tidy("a/./.", "a");
    tidy("x/../y/../z", "z");
    tidy("..", "..");
    char *d = rm_path_tidy_dup("dir//x.png");
    assert_string_equal(d, "dir/x.png");
    free(d);
    assert_null(rm_path_tidy_dup(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cnum_writes_a_point),
        cmocka_unit_test(utf8_sequences),
        cmocka_unit_test(clean_reads_bad_bytes_as_latin1),
        cmocka_unit_test(write_string_escapes),
        cmocka_unit_test(paths_are_tidied),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
