/* Under a caller's setlocale(LC_ALL, "fr_FR.UTF-8") every number the
   library writes as text still has a '.': the OBJ writer (its own reader
   must read it back), the text printers, the messages. Needs a locale with a
   decimal comma: the first of a few that is installed; none is a skip
   (exit 77) saying so. test_text_helpers checks the formatter without one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/diag.h"
#include "retromesh/jom.h"
#include "retromesh/obj.h"

static char *capture_begin(FILE **f, char **buf, size_t *size)
{
    *buf = NULL;
    *size = 0;
    *f = open_memstream(buf, size);
    assert_non_null(*f);
    return NULL;
}

/* A digit, a comma and a digit: "0,5" (the printers write no thousands
   separators in these small inputs). */
static bool decimal_comma(const char *s)
{
    for (; s[0] && s[1] && s[2]; s++)
        if (s[0] >= '0' && s[0] <= '9' && s[1] == ',' && s[2] >= '0' && s[2] <= '9')
            return true;
    return false;
}

static void the_locale_is_switched(void **state)
{
    (void)state;
    char t[32];
    snprintf(t, sizeof t, "%.1f", 0.5);
    assert_string_equal(t, "0,5");   /* else this test proves nothing */
}

static void obj_write_reads_back(void **state)
{
    (void)state;
    const char *src = "v -0.3 0.25 1.5\nv 1 0 0\nv 0 1 0\nvt 0.125 0.5\nf 1/1 2/1 3/1\n";
    rm_diag d;
    rm_diag_init(&d);
    rm_mesh m;
    assert_int_equal(rm_obj_parse(src, strlen(src), "in.obj", NULL, &m, &d), RM_OK);
    char *obj, *mtl;
    size_t on, mn;
    assert_int_equal(rm_obj_write(&m, NULL, NULL, &obj, &on, &mtl, &mn), RM_OK);
    assert_non_null(strstr(obj, "v -0.3 0.25 1.5\n"));
    assert_non_null(strstr(obj, "vt 0.125 0.5\n"));
    assert_null(strstr(obj, "0,"));
    rm_mesh back;
    assert_int_equal(rm_obj_parse(obj, on, "out.obj", NULL, &back, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    assert_true(back.positions[0].x == m.positions[0].x);
    /* The info printer too. */
    char *buf;
    size_t size;
    FILE *f;
    capture_begin(&f, &buf, &size);
    rm_obj_print_info(&m, f);
    fclose(f);
    assert_non_null(strstr(buf, "100.0%"));
    assert_false(decimal_comma(buf));
    free(buf);
    free(obj);
    free(mtl);
    rm_mesh_free(&m);
    rm_mesh_free(&back);
    rm_diag_free(&d);
}

static void messages_have_a_point(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_diag_at(&d, RM_WARNING, "m.obj", 3, 1, "a corner is %.4g units off", 0.25);
    rm_diag_add(&d, RM_NOTE, "scale %g", 1.5);
    assert_string_equal(d.items[0].text, "m.obj:3:1: warning: a corner is 0.25 units off");
    assert_string_equal(d.items[1].text, "scale 1.5");
    /* An MTL message goes through the text reader's own formatting. */
    const char *obj = "v 0 0 0\n";
    rm_mesh m;
    assert_int_equal(rm_obj_parse(obj, strlen(obj), "m.obj", NULL, &m, &d), RM_OK);
    const char *mtl = "newmtl a\nKd nan 0.5 0.5\n";
    rm_mtl_parse(mtl, strlen(mtl), "m.mtl", &m, &d);
    assert_string_equal(d.items[d.count - 1].text,
                        "m.mtl:2:4: warning: Kd value \"nan\" is not a finite number: 1 is used");
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

static void jom_text_has_a_point(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_jom_model m;
    assert_int_equal(rm_jom_read_file(RM_FIXTURES "/jom/triangle.jom", &m, &d), RM_OK);
    char *buf;
    size_t size;
    FILE *f;
    capture_begin(&f, &buf, &size);
    rm_jom_print_text(&m, f);
    fclose(f);
    assert_non_null(strstr(buf, "radius "));
    const char *r = strstr(buf, "radius ");
    assert_true(r[7] >= '0' && r[7] <= '9');
    assert_non_null(strchr(r, '.'));
    assert_true(strchr(r, '.') < strchr(r, '\n'));
    assert_false(decimal_comma(buf));
    free(buf);
    capture_begin(&f, &buf, &size);
    assert_int_equal(rm_jom_print_json(&m, f), RM_OK);
    fclose(f);
    assert_false(decimal_comma(buf));
    assert_non_null(strstr(buf, "\"value\": "));
    free(buf);
    rm_jom_free(&m);
    rm_diag_free(&d);
}

int main(void)
{
    static const char *const names[] = {"fr_FR.UTF-8", "fr_FR.utf8", "de_DE.UTF-8", "de_DE.utf8",
                                        "fr_FR", "de_DE", "es_ES.UTF-8", "it_IT.UTF-8",
                                        "nl_NL.UTF-8", "pt_BR.UTF-8", "ru_RU.UTF-8"};
    const char *found = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !found; i++)
        if (setlocale(LC_ALL, names[i]) && strcmp(localeconv()->decimal_point, ",") == 0)
            found = names[i];
    if (!found) {
        printf("skipped: no locale with a decimal comma is installed (fr_FR.UTF-8, de_DE.UTF-8...; "
               "Debian: apt-get install locales && localedef -i fr_FR -f UTF-8 fr_FR.UTF-8)\n");
        return 77;
    }
    printf("locale: %s\n", found);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_locale_is_switched),
        cmocka_unit_test(obj_write_reads_back),
        cmocka_unit_test(messages_have_a_point),
        cmocka_unit_test(jom_text_has_a_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
