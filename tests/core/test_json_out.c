/* core/json_out: the streaming writer gives the same bytes as jansson's
   json_dumps() of the same tree (jansson is the independent oracle here):
   every escape and invalid UTF-8 as rm_json_textn() cleans it, every
   layout flag on random trees, reals on fixed lists and on thousands of
   random doubles (both the exact Q16.16 path and the printf path),
   integers to the int64 limits. Then the errors: misuse, depth, non-finite
   reals, unknown flags, a failing write. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/json_out.h"
#include "core/json_text.h"

/* A small deterministic generator (xorshift64*), so a failure repeats. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

/* jansson's text of one value (JSON_ENCODE_ANY), malloc'd. */
static char *jansson_text(json_t *v, size_t flags)
{
    assert_non_null(v);
    char *s = json_dumps(v, flags | JSON_ENCODE_ANY);
    assert_non_null(s);
    json_decref(v);
    return s;
}

static void expect_real(double v)
{
    char mine[RM_JSON_REAL_SIZE + 1];
    size_t n = rm_json_real_text(v, mine);
    if (!(n > 0 && n < RM_JSON_REAL_SIZE))
        fprintf(stderr, "%.17g (%a): length %zu\n", v, v, n);
    assert_true(n > 0 && n < RM_JSON_REAL_SIZE);
    mine[n] = '\0';
    char *theirs = jansson_text(json_real(v), 0);
    if (strcmp(mine, theirs) != 0)
        fprintf(stderr, "%.17g (%a): json_out %s, jansson %s\n", v, v, mine, theirs);
    assert_string_equal(mine, theirs);
    free(theirs);
}

static void expect_int(int64_t v)
{
    char mine[25];
    size_t n = rm_json_int_text(v, mine);
    mine[n] = '\0';
    char *theirs = jansson_text(json_integer((json_int_t)v), 0);
    assert_string_equal(mine, theirs);
    free(theirs);
}

static void reals_listed(void **state)
{
    (void)state;
    static const double values[] = {
        0.0, -0.0, 1.0, -1.0, 0.1, -0.1, 0.5, 2.0, 10.0, 100.0, 1e15, 1e16, 1e17, 1e21, 1e22,
        1e300, -1e300, 1e-300, 1e-5, 1e-4, 0.001, 1.0 / 3.0, 2.0 / 3.0, 1.0 / 60.0, 0.25,
        5e-324, -5e-324, 2.2250738585072009e-308, 2.2250738585072014e-308, 1.7976931348623157e308,
        -1.7976931348623157e308, 123456789012345678.0, 9007199254740992.0, 9007199254740993.0,
        -9007199254740992.0, 9007199254740991.0, 4503599627370496.5, 1e16 + 2, 99999999999999999.0,
        /* Q16.16: the smallest steps (exponent -5), the largest, ties. */
        1.0 / 65536, -1.0 / 65536, 6.0 / 65536, 7.0 / 65536, 13.0 / 65536, 65535.0 / 65536,
        2147483647.0 / 65536, -2147483648.0 / 65536, 12.0 + 1.0 / 65536, 99.0 + 1.0 / 65536,
        99999.0 + 65535.0 / 65536, 137438953471.0 + 65535.0 / 65536, 137438953472.0,
        137438953472.0 + 0.5, 1.52587890625e-05, 0.0001, 0.00009, 45.0 / 8192, -32768.0,
        /* angles of jom: a * 360 / 65536 */
        1 * 360.0 / 65536, 12345 * 360.0 / 65536, -32768 * 360.0 / 65536, 32767 * 360.0 / 65536,
    };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        expect_real(values[i]);
    /* Powers of two and of ten, both signs. */
    for (int e = -1074; e <= 1023; e++) {
        expect_real(ldexp(1.0, e));
        expect_real(-ldexp(1.0, e));
        expect_real(nextafter(ldexp(1.0, e), 0.0));
    }
    for (int e = -323; e <= 308; e++) {
        char t[16];
        snprintf(t, sizeof t, "1e%d", e);
        expect_real(strtod(t, NULL));
        snprintf(t, sizeof t, "-9.5e%d", e);
        if (isfinite(strtod(t, NULL)))   /* -9.5e308 is not */
            expect_real(strtod(t, NULL));
    }
}

static void reals_random(void **state)
{
    (void)state;
    for (int i = 0; i < 20000; i++) {
        /* Any finite bit pattern. */
        uint64_t bits = rnd();
        double v;
        memcpy(&v, &bits, sizeof v);
        if (isfinite(v))
            expect_real(v);
        /* Q16.16 values (the exact path), with ties of the 18th digit. */
        expect_real((double)(int32_t)(uint32_t)rnd() / 65536.0);
        expect_real((double)(int64_t)(rnd() >> 11) / 65536.0 * ((rnd() & 1) ? 1 : -1));
        expect_real((double)(int64_t)(rnd() >> (11 + rnd() % 40)) / 65536.0);
        /* Angles and short decimals (the printf path). */
        expect_real((double)(int16_t)rnd() * 360.0 / 65536.0);
        expect_real((double)(rnd() % 100000) / 1000.0);
        expect_real((double)(rnd() % 100000) / 60.0);
        expect_real(ldexp((double)(rnd() >> 11), (int)(rnd() % 200) - 100));
    }
}

static void integers(void **state)
{
    (void)state;
    static const int64_t values[] = {0, 1, -1, 9, 10, 99, 100, 65535, -65536, 2147483647,
                                     -2147483648LL, 4294967295LL, 4294967296LL,
                                     9007199254740992LL, -9007199254740992LL, 9007199254740993LL,
                                     INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
                                     999999999999999999LL, 1000000000000000000LL};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        expect_int(values[i]);
    uint64_t p = 1;
    for (int k = 0; k < 19; k++, p *= 10) {
        expect_int((int64_t)p);
        expect_int((int64_t)p - 1);
        expect_int(-(int64_t)p);
    }
    for (int i = 0; i < 20000; i++) {
        expect_int((int64_t)rnd());
        expect_int((int64_t)(rnd() >> (rnd() % 64)));
    }
}

/* The writer's text of one string, in memory. */
static char *stream_string(const char *s, size_t n)
{
    rm_json_out o;
    assert_int_equal(rm_json_out_memory(&o, 0), RM_OK);
    rm_json_out_stringn(&o, s, n);
    assert_int_equal(rm_json_out_close(&o), RM_OK);
    assert_int_equal(strlen(o.buf), o.len);
    return o.buf;
}

static void expect_json_string(const char *s, size_t n)
{
    char *mine = stream_string(s, n);
    char *theirs = jansson_text(rm_json_textn(s, n), 0);
    assert_string_equal(mine, theirs);
    free(mine);
    free(theirs);
}

static void strings_every_byte(void **state)
{
    (void)state;
    for (unsigned c = 0; c < 256; c++) {
        char s[3] = {'a', (char)c, 'b'};
        expect_json_string(s, 3);
        expect_json_string(s + 1, 1);
    }
    char *t = stream_string("\"\\/\b\f\n\r\t\x01\x1f\x7f", 11);
    assert_string_equal(t, "\"\\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u001F\x7f\"");
    free(t);
    t = stream_string("a\0b", 3);
    assert_string_equal(t, "\"a\\u0000b\"");
    free(t);
    /* Latin-1 bytes become their UTF-8 character, valid UTF-8 stays. */
    static const char mixed[] = "caf\xE9 \xC3\xA9 \xF0\x9F\x98\x80 \xED\xA0\x80 \xC0\xAF \xF4\x90\x80\x80 \xE2\x82";
    t = stream_string(mixed, sizeof mixed - 1);
    assert_string_equal(t, "\"caf\xC3\xA9 \xC3\xA9 \xF0\x9F\x98\x80 \xC3\xAD\xC2\xA0\xC2\x80 "
                           "\xC3\x80\xC2\xAF \xC3\xB4\xC2\x90\xC2\x80\xC2\x80 \xC3\xA2\xC2\x82\"");
    free(t);
    expect_json_string("", 0);
    /* NULL is null. */
    rm_json_out o;
    assert_int_equal(rm_json_out_memory(&o, 0), RM_OK);
    rm_json_out_string(&o, NULL);
    assert_int_equal(rm_json_out_close(&o), RM_OK);
    assert_string_equal(o.buf, "null");
    free(o.buf);
}

static void strings_random(void **state)
{
    (void)state;
    /* Bytes biased towards the interesting ones: controls, quotes, lead
       and continuation bytes. */
    static const unsigned char pool[] = {0,    1,    8,    9,    10,   12,   13,   31,   '"',  '\\',
                                         '/',  'a',  ' ',  0x7f, 0x80, 0xbf, 0xc2, 0xc3, 0xdf, 0xe0,
                                         0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x9f, 0x90, 0x8f};
    char s[64];
    for (int i = 0; i < 20000; i++) {
        size_t n = rnd() % sizeof s;
        for (size_t k = 0; k < n; k++)
            s[k] = (char)((rnd() & 3) ? pool[rnd() % sizeof pool] : (unsigned char)rnd());
        expect_json_string(s, n);
    }
}

/* The writer walks a jansson tree, as a printer would write it. */
static void stream_tree(rm_json_out *o, const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        rm_json_out_begin_object(o);
        const char *key;
        json_t *item;
        json_object_foreach((json_t *)v, key, item) {
            rm_json_out_key(o, key);
            stream_tree(o, item);
        }
        rm_json_out_end_object(o);
        break;
    }
    case JSON_ARRAY: {
        rm_json_out_begin_array(o);
        size_t i;
        json_t *item;
        json_array_foreach(v, i, item)
            stream_tree(o, item);
        rm_json_out_end_array(o);
        break;
    }
    case JSON_STRING: rm_json_out_stringn(o, json_string_value(v), json_string_length(v)); break;
    case JSON_INTEGER: rm_json_out_int(o, json_integer_value(v)); break;
    case JSON_REAL: rm_json_out_real(o, json_real_value(v)); break;
    case JSON_TRUE: rm_json_out_bool(o, true); break;
    case JSON_FALSE: rm_json_out_bool(o, false); break;
    case JSON_NULL: rm_json_out_null(o); break;
    }
}

static json_t *random_tree(int depth)
{
    unsigned kind = depth > 5 ? (unsigned)(2 + rnd() % 6) : (unsigned)(rnd() % 8);
    switch (kind) {
    case 0:
    case 1: {
        json_t *c = kind ? json_array() : json_object();
        unsigned n = (unsigned)(rnd() % 5);   /* empty ones too */
        for (unsigned i = 0; i < n; i++) {
            if (kind)
                json_array_append_new(c, random_tree(depth + 1));
            else {
                char key[16];
                snprintf(key, sizeof key, "k%u\"%c", i, (char)('a' + rnd() % 26));
                json_object_set_new(c, key, random_tree(depth + 1));
            }
        }
        return c;
    }
    case 2: return json_integer((json_int_t)rnd());
    case 3: return json_real((double)(int32_t)rnd() / 65536.0);
    case 4: return json_real((double)(rnd() % 1000) / 7.0);
    case 5: return json_string("x\ty\xC3\xA9");
    case 6: return json_boolean(rnd() & 1);
    default: return json_null();
    }
}

static void layout_matches_jansson(void **state)
{
    (void)state;
    static const size_t flags[] = {0,
                                   JSON_COMPACT,
                                   JSON_INDENT(1),
                                   JSON_INDENT(2) | JSON_PRESERVE_ORDER,
                                   JSON_INDENT(4) | JSON_COMPACT,
                                   JSON_INDENT(31) | JSON_PRESERVE_ORDER,
                                   JSON_PRESERVE_ORDER | JSON_ENCODE_ANY};
    for (int i = 0; i < 400; i++) {
        json_t *tree = random_tree(0);
        for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
            char *theirs = json_dumps(tree, flags[f] | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
            assert_non_null(theirs);
            rm_json_out o;
            assert_int_equal(rm_json_out_memory(&o, flags[f]), RM_OK);
            stream_tree(&o, tree);
            assert_int_equal(rm_json_out_close(&o), RM_OK);
            assert_string_equal(o.buf, theirs);
            free(o.buf);
            free(theirs);
        }
        json_decref(tree);
    }
}

/* Deep nesting and an indentation of 31 spaces (the slow indent path),
   written to a file through the 64 KiB buffer, and strings longer than
   the buffer. */
static void file_output_matches_jansson(void **state)
{
    (void)state;
    json_t *root = json_object();
    json_t *deep = json_array();
    json_object_set_new(root, "deep", deep);
    json_t *at = deep;
    for (int d = 0; d < 40; d++) {   /* 62 levels in all */
        json_t *next = d % 2 ? json_array() : json_object();
        json_array_append_new(at, json_integer(d));
        if (d % 2 == 0) {
            json_t *arr = json_array();
            json_object_set_new(next, "in", arr);
            json_array_append_new(at, next);
            at = arr;
        } else {
            json_array_append_new(at, next);
            at = next;
        }
    }
    size_t big = 3 * RM_JSON_OUT_BUFFER + 17;
    char *s = malloc(big);
    assert_non_null(s);
    for (size_t i = 0; i < big; i++)
        s[i] = (char)(i % 7 ? 'a' + i % 26 : '\n');
    json_object_set_new(root, "big", json_stringn(s, big));
    json_t *many = json_array();
    for (int i = 0; i < 50000; i++)
        json_array_append_new(many, json_real((double)i / 65536.0 - 0.25));
    json_object_set_new(root, "many", many);
    json_object_set_new(root, "plain", json_stringn(s + 1, 5000));   /* no escape: one big put */

    char *theirs = json_dumps(root, JSON_INDENT(31) | JSON_PRESERVE_ORDER);
    assert_non_null(theirs);
    FILE *f = tmpfile();
    assert_non_null(f);
    rm_json_out o;
    assert_int_equal(rm_json_out_file(&o, f, JSON_INDENT(31) | JSON_PRESERVE_ORDER), RM_OK);
    stream_tree(&o, root);
    assert_int_equal(rm_json_out_close(&o), RM_OK);
    assert_null(o.buf);
    long size = ftell(f);
    assert_int_equal((size_t)size, strlen(theirs));
    rewind(f);
    char *mine = malloc((size_t)size + 1);
    assert_non_null(mine);
    assert_int_equal(fread(mine, 1, (size_t)size, f), (size_t)size);
    mine[size] = '\0';
    assert_string_equal(mine, theirs);
    fclose(f);
    free(mine);
    free(theirs);
    free(s);
    json_decref(root);
}

static rm_status close_after(void (*write)(rm_json_out *))
{
    rm_json_out o;
    assert_int_equal(rm_json_out_memory(&o, JSON_INDENT(2)), RM_OK);
    write(&o);
    rm_status st = rm_json_out_close(&o);
    if (st == RM_OK)
        free(o.buf);
    else
        assert_null(o.buf);
    return st;
}

static void key_in_array(rm_json_out *o)
{
    rm_json_out_begin_array(o);
    rm_json_out_key(o, "k");
    rm_json_out_int(o, 1);
    rm_json_out_end_array(o);
}
static void value_without_key(rm_json_out *o)
{
    rm_json_out_begin_object(o);
    rm_json_out_int(o, 1);
    rm_json_out_end_object(o);
}
static void two_keys(rm_json_out *o)
{
    rm_json_out_begin_object(o);
    rm_json_out_key(o, "a");
    rm_json_out_key(o, "b");
    rm_json_out_int(o, 1);
    rm_json_out_end_object(o);
}
static void key_without_value(rm_json_out *o)
{
    rm_json_out_begin_object(o);
    rm_json_out_key(o, "a");
    rm_json_out_end_object(o);
}
static void wrong_end(rm_json_out *o)
{
    rm_json_out_begin_object(o);
    rm_json_out_end_array(o);
}
static void too_many_ends(rm_json_out *o)
{
    rm_json_out_begin_array(o);
    rm_json_out_end_array(o);
    rm_json_out_end_array(o);
}
static void left_open(rm_json_out *o)
{
    rm_json_out_begin_array(o);
    rm_json_out_int(o, 1);
}
static void key_at_top(rm_json_out *o)
{
    rm_json_out_key(o, "a");
}
static void too_deep(rm_json_out *o)
{
    for (unsigned d = 0; d <= RM_JSON_OUT_MAX_DEPTH; d++)
        rm_json_out_begin_array(o);
    for (unsigned d = 0; d <= RM_JSON_OUT_MAX_DEPTH; d++)
        rm_json_out_end_array(o);
}
static void deepest(rm_json_out *o)
{
    for (unsigned d = 0; d < RM_JSON_OUT_MAX_DEPTH; d++)
        rm_json_out_begin_array(o);
    for (unsigned d = 0; d < RM_JSON_OUT_MAX_DEPTH; d++)
        rm_json_out_end_array(o);
}
static void not_finite(rm_json_out *o)
{
    rm_json_out_begin_array(o);
    rm_json_out_real(o, NAN);
    rm_json_out_end_array(o);
}
static void infinite(rm_json_out *o)
{
    rm_json_out_real(o, -INFINITY);
}

static void misuse_is_invalid(void **state)
{
    (void)state;
    assert_int_equal(close_after(key_in_array), RM_INVALID);
    assert_int_equal(close_after(value_without_key), RM_INVALID);
    assert_int_equal(close_after(two_keys), RM_INVALID);
    assert_int_equal(close_after(key_without_value), RM_INVALID);
    assert_int_equal(close_after(wrong_end), RM_INVALID);
    assert_int_equal(close_after(too_many_ends), RM_INVALID);
    assert_int_equal(close_after(left_open), RM_INVALID);
    assert_int_equal(close_after(key_at_top), RM_INVALID);
    assert_int_equal(close_after(too_deep), RM_INVALID);
    assert_int_equal(close_after(deepest), RM_OK);
    assert_int_equal(close_after(not_finite), RM_INVALID);
    assert_int_equal(close_after(infinite), RM_INVALID);
    char t[RM_JSON_REAL_SIZE];
    assert_int_equal(rm_json_real_text(NAN, t), 0);
    assert_int_equal(rm_json_real_text(INFINITY, t), 0);
}

static void unknown_flags_refused(void **state)
{
    (void)state;
    static const size_t refused[] = {JSON_SORT_KEYS, JSON_ENSURE_ASCII, JSON_ESCAPE_SLASH,
                                     JSON_REAL_PRECISION(6), JSON_EMBED};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        rm_json_out o;
        assert_int_equal(rm_json_out_memory(&o, JSON_INDENT(2) | refused[i]), RM_INVALID);
        rm_json_out_int(&o, 1);
        assert_int_equal(rm_json_out_close(&o), RM_INVALID);
        assert_null(o.buf);
        assert_int_equal(rm_json_out_file(&o, stdout, refused[i]), RM_INVALID);
        assert_int_equal(rm_json_out_close(&o), RM_INVALID);
    }
}

/* A full disk: the error of the first failing fwrite is what close says,
   and nothing more is attempted. */
static void write_error_is_io(void **state)
{
    (void)state;
    FILE *f = fopen("/dev/full", "w");
    if (!f) {
        printf("skip: no /dev/full\n");
        skip();
    }
    setvbuf(f, NULL, _IONBF, 0);
    rm_json_out o;
    assert_int_equal(rm_json_out_file(&o, f, JSON_INDENT(2)), RM_OK);
    rm_json_out_begin_array(&o);
    for (int i = 0; i < 100000; i++)
        rm_json_out_real(&o, i / 8.0);
    rm_json_out_end_array(&o);
    assert_int_equal(o.status, RM_IO);
    assert_int_equal(rm_json_out_close(&o), RM_IO);
    fclose(f);
    /* A small document fails at close. */
    f = fopen("/dev/full", "w");
    assert_non_null(f);
    setvbuf(f, NULL, _IONBF, 0);
    assert_int_equal(rm_json_out_file(&o, f, 0), RM_OK);
    rm_json_out_int(&o, 1);
    rm_json_out_raw(&o, "\n", 1);
    assert_int_equal(rm_json_out_close(&o), RM_IO);
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reals_listed),
        cmocka_unit_test(reals_random),
        cmocka_unit_test(integers),
        cmocka_unit_test(strings_every_byte),
        cmocka_unit_test(strings_random),
        cmocka_unit_test(layout_matches_jansson),
        cmocka_unit_test(file_output_matches_jansson),
        cmocka_unit_test(misuse_is_invalid),
        cmocka_unit_test(unknown_flags_refused),
        cmocka_unit_test(write_error_is_io),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
