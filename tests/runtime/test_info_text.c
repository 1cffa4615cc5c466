/* rm_jom_print_text_ex (what `retromesh info` prints for skeletons): the
   bones as a tree whatever their order in the file, one line per animation,
   the keys only when asked; rm_jom_print_text keeps the flat listing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/jom/jom_models.h"

static char *text_of(const rm_jom_model *m, const rm_jom_text_options *opt)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    if (opt)
        rm_jom_print_text_ex(m, f, opt);
    else
        rm_jom_print_text(m, f);
    fclose(f);
    return buf;
}

/* 5 bones, not in depth-first order: 0 A (root), 1 B (root), 2 C (parent
   A), 3 D (parent C), 4 E (parent B). The tree shows A, C, D, B, E. */
static void model(rm_jom_model *m)
{
    jom_model_skeleton(m, 5, 2);
    static const int16_t parent[5] = {-1, -1, 0, 2, 1};
    static const char *const name[5] = {"A", "B", "C", "D", "E"};
    for (int i = 0; i < 5; i++) {
        m->bones[i].parent = parent[i];
        jom_set_name(m->bones[i].name, name[i]);
        m->bones[i].pivot = (rm_vec3x){0, 0, 0};
    }
}

static void bones_as_a_tree(void **state)
{
    (void)state;
    rm_jom_model m;
    model(&m);
    rm_jom_text_options opt = {true, false};
    char *t = text_of(&m, &opt);
    const char *want =
        "\nbones (5, as a tree):\n"
        "  0 'A': root, group none, pivot 0.000000 0.000000 0.000000\n"
        "    2 'C': group none, pivot 0.000000 0.000000 0.000000\n"
        "      3 'D': group none, pivot 0.000000 0.000000 0.000000\n"
        "  1 'B': root, group none, pivot 0.000000 0.000000 0.000000\n"
        "    4 'E': group none, pivot 0.000000 0.000000 0.000000\n"
        "\nanimations (2):\n"
        /* jom_model_skeleton: ANIM0 1 key x 5 ticks, once (duration 0);
           ANIM1 2 keys x 10, loop (20 ticks, 0.333 s). */
        "  0 'ANIM0': 1 keys, 5 ticks a key, once, duration 0 ticks (0.000 s), keys at offset 0\n"
        "  1 'ANIM1': 2 keys, 10 ticks a key, loop, duration 20 ticks (0.333 s), keys at offset 0\n";
    assert_non_null(strstr(t, want));
    assert_null(strstr(t, "key 0:"));
    free(t);

    /* With the keys. */
    opt.keys = true;
    t = text_of(&m, &opt);
    assert_non_null(strstr(t, "\n    key 1: root 0.000015 1.000000 -0.000015\n"));   /* (1, 1 << 16, -1): 1/65536 = 0.0000153 */
    free(t);

    /* The complete listing is still flat, with every key. */
    t = text_of(&m, NULL);
    assert_non_null(strstr(t, "\n  3 'D': parent 2 'C', group none, pivot 0.000000 0.000000 0.000000\n"));
    assert_non_null(strstr(t, "key 0:"));
    assert_null(strstr(t, "as a tree"));
    free(t);

    /* A parent that is not a bone before (a model not validated): a root,
       said so; a loop of parents cannot hang the printer. */
    m.bones[2].parent = 3;
    m.bones[3].parent = 2;
    m.bones[4].parent = 77;
    opt.keys = false;
    t = text_of(&m, &opt);
    assert_non_null(strstr(t, "  2 'C': parent 3 (not a bone before it), group none"));
    assert_non_null(strstr(t, "    3 'D': group none"));
    assert_non_null(strstr(t, "  4 'E': parent 77 (not a bone before it), group none"));
    free(t);
    rm_jom_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bones_as_a_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
