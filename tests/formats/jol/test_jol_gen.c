/* tests/formats/jol/test_jol_gen.c - the committed docs/level_format.md,
   include/retromesh/level_format.h and engine/jo/level_format.h (the Jo
   Engine module's header) are what `retromesh level gen` prints now (run
   it and commit when this fails), and gen is stable. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/level.h"
#include "retromesh/level_format.h"

static char *gen(void (*fn)(FILE *), size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    fn(f);
    fclose(f);
    return buf;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    char *buf = malloc(1 << 20);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

static void same_as_committed(void (*fn)(FILE *), const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/../../%s", RM_FIXTURES, rel);
    size_t a_len, b_len;
    char *a = gen(fn, &a_len), *b = slurp(path, &b_len);
    if (a_len != b_len || memcmp(a, b, a_len))
        fail_msg("%s differs from what `retromesh level gen` makes now: run it and commit", rel);
    free(a);
    free(b);
}

static void test_committed(void **state)
{
    (void)state;
    same_as_committed(rm_level_gen_markdown, "docs/level_format.md");
    same_as_committed(rm_level_gen_header, "include/retromesh/level_format.h");
    same_as_committed(rm_level_gen_engine_header, "engine/jo/level_format.h");
}

static void test_stable(void **state)
{
    (void)state;
    void (*fns[4])(FILE *) = {rm_level_gen_markdown, rm_level_gen_text, rm_level_gen_header,
                              rm_level_gen_engine_header};
    for (int i = 0; i < 4; i++) {
        size_t a_len, b_len;
        char *a = gen(fns[i], &a_len), *b = gen(fns[i], &b_len);
        assert_int_equal(a_len, b_len);
        assert_memory_equal(a, b, a_len);
        free(a);
        free(b);
    }
}

static void test_header_constants(void **state)
{
    (void)state;
    /* Values from the seed's tables, by hand. */
    assert_int_equal(RM_LEVEL_ENTI_RECORD_SIZE, 44);
    assert_int_equal(RM_LEVEL_WEAP_RECORD_SIZE, 76);
    assert_int_equal(RM_LEVEL_CELL_RECORD_REFLECTION_OFFSET, 36);
    assert_int_equal(RM_LEVEL_TERR_HEADER_SIZE, 28);
    assert_int_equal(RM_LEVEL_CELL_VERSION, 3);
    assert_int_equal(RM_LEVEL_INFO_FLAGS, RM_LEVEL_FLAG_REQUIRED);
    assert_int_equal(RM_LEVEL_ID_ENTI, 0x454E5449);     /* 'E' 'N' 'T' 'I' */
    assert_int_equal(RM_LEVEL_EVENT_DEATH, 4);
    assert_int_equal(RM_LEVEL_ENTITY_FLAG_HIDDEN, 4);
    assert_int_equal(RM_LEVEL_ACTION_CLOSE, 8);
    assert_int_equal(sizeof(rm_level_prtl_record), 52);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_committed),
        cmocka_unit_test(test_stable),
        cmocka_unit_test(test_header_constants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
