/* json_where.c: finding a value in JSON text again (line, column), and the
   one-pass walk. Every position below is counted by hand on the text (the
   comments show the count); columns count characters from 1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "formats/skeleton/json_where.h"

static rm_skeleton_pos where(const char *text, const sk_step *path, size_t depth, bool at_key)
{
    return sk_json_where(text, strlen(text), path, depth, at_key);
}

#define ASSERT_POS(p, l, c)                  \
    do {                                     \
        rm_skeleton_pos p_ = (p);            \
        assert_int_equal(p_.line, (l));      \
        assert_int_equal(p_.col, (c));       \
    } while (0)

static void members_and_elements(void **state)
{
    (void)state;
    /* Line 1: {"a": 1,
       Line 2:  "b": [10, {"c": "x"}, [1, 2]],
                ^ col 2 is the quote of "b"; '[' at col 7; 10 at col 8;
                '{' at col 12; "x" at col 18; the inner '[' at col 24, 2 at col 28
       Line 3:  "d": true} */
    const char *t = "{\"a\": 1,\n \"b\": [10, {\"c\": \"x\"}, [1, 2]],\n \"d\": true}";
    sk_step top[1] = { { NULL, 0 } };
    ASSERT_POS(where(t, top, 0, false), 1, 1);
    sk_step a[] = { SK_KEY("a") };
    ASSERT_POS(where(t, a, 1, false), 1, 7);    /* {"a": 1 : '1' is the 7th character */
    ASSERT_POS(where(t, a, 1, true), 1, 2);
    sk_step b[] = { SK_KEY("b") };
    ASSERT_POS(where(t, b, 1, false), 2, 7);
    ASSERT_POS(where(t, b, 1, true), 2, 2);
    sk_step b0[] = { SK_KEY("b"), SK_INDEX(0) };
    ASSERT_POS(where(t, b0, 2, false), 2, 8);
    sk_step b1[] = { SK_KEY("b"), SK_INDEX(1) };
    ASSERT_POS(where(t, b1, 2, false), 2, 12);
    sk_step b1c[] = { SK_KEY("b"), SK_INDEX(1), SK_KEY("c") };
    ASSERT_POS(where(t, b1c, 3, false), 2, 18);
    ASSERT_POS(where(t, b1c, 3, true), 2, 13);
    sk_step b21[] = { SK_KEY("b"), SK_INDEX(2), SK_INDEX(1) };
    ASSERT_POS(where(t, b21, 3, false), 2, 28);
    sk_step d[] = { SK_KEY("d") };
    ASSERT_POS(where(t, d, 1, false), 3, 7);
}

static void not_found(void **state)
{
    (void)state;
    const char *t = "{\"a\": [1, 2], \"b\": {}}";
    sk_step missing[] = { SK_KEY("zz") };
    ASSERT_POS(where(t, missing, 1, false), 0, 0);
    sk_step past[] = { SK_KEY("a"), SK_INDEX(2) };
    ASSERT_POS(where(t, past, 2, false), 0, 0);
    sk_step wrong_kind[] = { SK_KEY("a"), SK_KEY("x") };    /* a is an array */
    ASSERT_POS(where(t, wrong_kind, 2, false), 0, 0);
    sk_step in_empty[] = { SK_KEY("b"), SK_KEY("x") };
    ASSERT_POS(where(t, in_empty, 2, false), 0, 0);
    /* at_key needs a key as the last step. */
    sk_step idx[] = { SK_KEY("a"), SK_INDEX(0) };
    ASSERT_POS(where(t, idx, 2, true), 0, 0);
    /* Text cut anywhere: never a position past the end, never a crash. */
    sk_step b[] = { SK_KEY("b") };
    for (size_t n = 0; n < strlen(t); n++) {
        rm_skeleton_pos p = sk_json_where(t, n, b, 1, false);
        assert_true(p.line <= 1 && p.col <= n + 1);
    }
}

static void escaped_keys_and_strings(void **state)
{
    (void)state;
    /* The key "b\"}" holds a quote and a brace: skipping it must not end the
       object. The key \u00e9 (é) and the pair \ud83d\ude00 (U+1F600) are
       compared as UTF-8. Line 1: {"b\"}": 1, "\u00e9": 2, "\ud83d\ude00": 3, "z": "a\\"}
       cols: '{'1, the key "b\"}" is 2..7, ':'8, 1 at 10, ','11, the key
       "\u00e9" at 13..20, 2 at 23, the pair key at 26..39, 3 at 42, "z" at
       45..47, "a\\" at 50. */
    const char *t = "{\"b\\\"}\": 1, \"\\u00e9\": 2, \"\\ud83d\\ude00\": 3, \"z\": \"a\\\\\"}";
    sk_step e[] = { SK_KEY("\xc3\xa9") };
    ASSERT_POS(where(t, e, 1, false), 1, 23);
    ASSERT_POS(where(t, e, 1, true), 1, 13);
    sk_step smile[] = { SK_KEY("\xf0\x9f\x98\x80") };
    ASSERT_POS(where(t, smile, 1, false), 1, 42);
    sk_step z[] = { SK_KEY("z") };
    ASSERT_POS(where(t, z, 1, false), 1, 50);
    sk_step q[] = { SK_KEY("b\"}") };
    ASSERT_POS(where(t, q, 1, false), 1, 10);
}

static void columns_count_characters(void **state)
{
    (void)state;
    /* "é" is two bytes, one column: {"é": [1, "ü", 2]} -> '[' at col 7
       (byte 7), 2 at col 16 (byte 17). CRLF: the '\r' ends the line like any
       character before '\n'. */
    const char *t = "{\"\xc3\xa9\": [1, \"\xc3\xbc\", 2]}";
    sk_step e2[] = { SK_KEY("\xc3\xa9"), SK_INDEX(2) };
    ASSERT_POS(where(t, e2, 2, false), 1, 16);
    const char *crlf = "{\r\n  \"a\":\r\n    5}";
    sk_step a[] = { SK_KEY("a") };
    ASSERT_POS(where(crlf, a, 1, false), 3, 5);
    ASSERT_POS(where(crlf, a, 1, true), 2, 3);
    ASSERT_POS(sk_json_pos_of(crlf, strlen(crlf), 0), 1, 1);
    /* Clamped to the end: after "    5}", the 7th column of line 3. */
    ASSERT_POS(sk_json_pos_of(crlf, strlen(crlf), 1000), 3, 7);
}

typedef struct seen {
    char text[512];
} seen;

static void record(void *ctx, const sk_step *path, size_t depth, rm_skeleton_pos at)
{
    seen *s = ctx;
    size_t n = strlen(s->text);
    n += (size_t)snprintf(s->text + n, sizeof s->text - n, "%s", n ? " " : "");
    for (size_t d = 0; d < depth; d++) {
        if (path[d].key)
            n += (size_t)snprintf(s->text + n, sizeof s->text - n, "/%s", path[d].key);
        else
            n += (size_t)snprintf(s->text + n, sizeof s->text - n, "/%zu", path[d].index);
    }
    snprintf(s->text + n, sizeof s->text - n, "@%lu:%lu", at.line, at.col);
}

static void walk_visits_in_order(void **state)
{
    (void)state;
    /* Line 1: {"a": [1, {"b": []}],
       Line 2:  "c": {"d": {"e": 1}}, "f": "x"}
       Depth up to 2: the object below c/d is skipped whole. */
    const char *t = "{\"a\": [1, {\"b\": []}],\n \"c\": {\"d\": {\"e\": 1}}, \"f\": \"x\"}";
    seen s = { "" };
    assert_true(sk_json_walk(t, strlen(t), 2, record, &s));
    assert_string_equal(s.text, "@1:1 /a@1:7 /a/0@1:8 /a/1@1:11 /c@2:7 /c/d@2:13 /f@2:29");
    /* Deeper: everything. */
    seen all = { "" };
    assert_true(sk_json_walk(t, strlen(t), 3, record, &all));
    assert_string_equal(all.text,
                        "@1:1 /a@1:7 /a/0@1:8 /a/1@1:11 /a/1/b@1:17 /c@2:7 /c/d@2:13 /c/d/e@2:19 "
                        "/f@2:29");
    /* Empty containers and a cut text. */
    seen e = { "" };
    assert_true(sk_json_walk("{}", 2, 3, record, &e));
    assert_string_equal(e.text, "@1:1");
    seen cut = { "" };
    assert_false(sk_json_walk(t, 20, 3, record, &cut));
    assert_false(sk_json_walk(t, strlen(t), SK_WALK_MAX_DEPTH, record, &cut));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(members_and_elements),
        cmocka_unit_test(not_found),
        cmocka_unit_test(escaped_keys_and_strings),
        cmocka_unit_test(columns_count_characters),
        cmocka_unit_test(walk_visits_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
