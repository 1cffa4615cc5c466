/* rm_diag_print_grouped: repeated warnings of a kind on one line with a
   count, errors always shown, budget lines last. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/diag.h"

static char *print(const rm_diag *d, const rm_diag_print_options *o)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    assert_non_null(f);
    assert_int_equal(rm_diag_print_grouped(d, f, o), 0);
    fclose(f);
    return buf;
}

static size_t lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* 541 "not planar" warnings, an error among them, the budget warning
   before the end (as the converter adds it) and a note. */
static void make(rm_diag *d)
{
    rm_diag_init(d);
    for (unsigned i = 0; i < 541; i++) {
        rm_diag_at(d, RM_WARNING, "m.obj", 10 + 2 * i, 1,
                   "quad is not planar (a corner is %.4g units off its plane); kept as is",
                   7e-5 + (double)i * 1e-6);
        if (i == 300)
            rm_diag_at(d, RM_ERROR, "m.obj", 700, 5, "face index 913 out of range (812 vertices)");
        if (i == 400) {
            size_t first = d->count;
            rm_diag_at(d, RM_WARNING, "m.obj", 0, 0, "the model is over the Saturn's limits: 3000 "
                       "polygons, more than the 2500 SGL draws");
            rm_diag_mark_last(d, first);
        }
    }
    rm_diag_at(d, RM_WARNING, "m.obj", 0, 0, "the model is over the Saturn's budget: 3 textures");
}

static void repeated_warnings_are_one_line(void **state)
{
    (void)state;
    rm_diag d;
    make(&d);
    char *out = print(&d, NULL);
    /* one grouped line, the error, the two last lines */
    assert_int_equal(lines(out), 4);
    assert_non_null(strstr(out, "m.obj:10:1: warning: quad is not planar (a corner is 7e-05 units off "
                                "its plane); kept as is (and 540 more like it: m.obj:12:1, m.obj:14:1, ...)\n"));
    assert_non_null(strstr(out, "m.obj:700:5: error: face index 913 out of range (812 vertices)\n"));
    /* the limit and budget lines last, in their order */
    const char *limits = strstr(out, "m.obj: warning: the model is over the Saturn's limits");
    const char *budget = strstr(out, "m.obj: warning: the model is over the Saturn's budget: 3 textures\n");
    assert_non_null(limits);
    assert_non_null(budget);
    assert_true(limits > strstr(out, "error: face index"));
    assert_true(budget > limits);
    assert_int_equal(strlen(budget), strlen("m.obj: warning: the model is over the Saturn's budget: 3 textures\n"));
    free(out);

    rm_diag_print_options o = {0};
    o.places = 1;
    out = print(&d, &o);
    assert_non_null(strstr(out, "kept as is (and 540 more like it)\n"));
    free(out);
    rm_diag_free(&d);
}

static void quiet_and_verbose(void **state)
{
    (void)state;
    rm_diag d;
    make(&d);
    rm_diag_print_options o = {0};
    o.quiet = 1;
    char *out = print(&d, &o);
    assert_string_equal(out, "m.obj:700:5: error: face index 913 out of range (812 vertices)\n");
    free(out);
    o.quiet = 0;
    o.verbose = 1;
    out = print(&d, &o);
    assert_int_equal(lines(out), 544);
    /* still the budget line last */
    size_t n = strlen(out);
    const char *tail = "the model is over the Saturn's budget: 3 textures\n";
    assert_string_equal(out + n - strlen(tail), tail);
    free(out);
    rm_diag_free(&d);
}

static void kinds(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    /* Different numbers and quoted names: one kind. Another text: another. */
    rm_diag_at(&d, RM_WARNING, "a.mtl", 3, 1, "material \"red\" is defined twice (first at line 1)");
    rm_diag_at(&d, RM_WARNING, "a.mtl", 9, 1, "material \"blue\" is defined twice (first at line 2)");
    rm_diag_chunk(&d, RM_WARNING, "x.niff", "list", "ObjList", 0x1c4, "value -1.5e-3 at 0x20");
    rm_diag_chunk(&d, RM_WARNING, "x.niff", "list", "ObjList", 0x2c8, "value 7 at 0x44");
    rm_diag_add(&d, RM_WARNING, "other.obj: warning: the Saturn's axes");
    rm_diag_add(&d, RM_NOTE, "a note without a place");
    rm_diag_add(&d, RM_NOTE, "a note without a place");
    char *out = print(&d, NULL);
    assert_string_equal(out,
        "a.mtl:3:1: warning: material \"red\" is defined twice (first at line 1) (and 1 more like it: a.mtl:9:1)\n"
        "x.niff: list ObjList at 0x1c4: warning: value -1.5e-3 at 0x20 (and 1 more like it: "
        "x.niff: list ObjList at 0x2c8)\n"
        "other.obj: warning: the Saturn's axes\n"
        "a note without a place (and 1 more like it)\n");
    free(out);
    d.dropped = 5;
    out = print(&d, NULL);
    assert_non_null(strstr(out, "(5 more messages not kept)\n"));
    free(out);
    rm_diag_free(&d);
}

static void at_most_max_lines(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    for (int i = 0; i < 5; i++)
        rm_diag_at(&d, RM_WARNING, "m.obj", (unsigned long)i + 1, 1, "kind %c", 'a' + i);
    rm_diag_at(&d, RM_ERROR, "m.obj", 9, 1, "bad");
    rm_diag_at(&d, RM_WARNING, "m.obj", 10, 1, "kind e");
    rm_diag_print_options o = {0};
    o.max_lines = 2;
    char *out = print(&d, &o);
    assert_string_equal(out, "m.obj:1:1: warning: kind a\n"
                             "m.obj:2:1: warning: kind b\n"
                             "m.obj:9:1: error: bad\n"
                             "(4 more warnings not shown; --verbose shows them all)\n");
    free(out);
    rm_diag_free(&d);
}

static void write_error_is_reported(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_diag_add(&d, RM_ERROR, "e");
    FILE *f = fopen("/dev/full", "w");
    if (!f)
        skip();
    setvbuf(f, NULL, _IONBF, 0);
    assert_int_equal(rm_diag_print_grouped(&d, f, NULL), EOF);
    fclose(f);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(repeated_warnings_are_one_line),
        cmocka_unit_test(quiet_and_verbose),
        cmocka_unit_test(kinds),
        cmocka_unit_test(at_most_max_lines),
        cmocka_unit_test(write_error_is_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
