/* tests/runtime/test_budget_refs.c - the model files a level names
   (src/formats/jol/refs.c): which records, which order, duplicates.

   The level is built with rm_level_builder; its sections are written in
   the order they are created: WEAP, MODL, ENTI, CELL (then PROP). The
   expected list below is worked out by hand from the rules of
   docs/budget.md: directory order, records in order, fields in record
   order, an entity's properties right after its own fields, only string
   properties that name a model (far_model, dead_model, cockpit_model, or a
   value ending in .JOM), "" and none skipped, names compared without case. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/level.h"

static uint8_t *build_level(size_t *size)
{
    rm_level_builder *b = rm_level_builder_create("refs");
    size_t weap = rm_level_builder_section(b, "WEAP");
    size_t w = rm_level_builder_add_record(b, weap);
    rm_level_builder_set_string(b, weap, w, "name", "pistol");
    rm_level_builder_set_string(b, weap, w, "model", "PISTOL.JOM");
    rm_level_builder_set_string(b, weap, w, "sound_shot", "SHOT.PCM");   /* not a model */

    size_t modl = rm_level_builder_section(b, "MODL");
    rm_level_builder_set_string(b, modl, rm_level_builder_add_record(b, modl), "file", "HOUSE.JOM");
    rm_level_builder_set_string(b, modl, rm_level_builder_add_record(b, modl), "file", "room1.jom");
    rm_level_builder_add_record(b, modl);                                 /* no file */

    size_t enti = rm_level_builder_section(b, "ENTI");
    size_t e0 = rm_level_builder_add_entity(b, "barrel", "explosive");
    rm_level_builder_set_string(b, enti, e0, "model", "BARREL.JOM");
    rm_level_builder_add_prop_string(b, e0, "far_model", "BARRELF.JOM");  /* PROP 0 */
    rm_level_builder_add_prop_string(b, e0, "dead_model", "BARRELD.JOM"); /* PROP 1 */
    rm_level_builder_add_prop_string(b, e0, "sound", "EXPLODE.PCM");      /* PROP 2: not a model */
    size_t e1 = rm_level_builder_add_entity(b, "tank", "tank");           /* a game's class, no model */
    rm_level_builder_add_prop_string(b, e1, "gun", "GUN.JOM");            /* PROP 3: ends in .JOM */
    rm_level_builder_add_prop_string(b, e1, "far_model", "");             /* PROP 4: none */
    rm_level_builder_add_prop_int(b, e1, "speed", 3);                     /* PROP 5 */
    size_t e2 = rm_level_builder_add_entity(b, "barrel2", "explosive");
    rm_level_builder_set_string(b, enti, e2, "model", "BARREL.JOM");      /* the same file again */

    size_t cell = rm_level_builder_section(b, "CELL");
    size_t c0 = rm_level_builder_add_record(b, cell);
    rm_level_builder_set_string(b, cell, c0, "model", "ROOM1.JOM");       /* = room1.jom of MODL 1 */
    rm_level_builder_set_string(b, cell, c0, "reflection", "MIRROR.JOM");
    size_t c1 = rm_level_builder_add_record(b, cell);
    rm_level_builder_set_string(b, cell, c1, "model", "ROOM2.JOM");

    uint8_t *data = NULL;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_level_builder_write(b, &data, size, &d), RM_OK);
    rm_diag_free(&d);
    rm_level_builder_free(b);
    return data;
}

typedef struct want_ref {
    const char *section;
    uint32_t record;
    const char *field;
    uint32_t entity;
    size_t file;
} want_ref;

static void test_refs_order(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = build_level(&size);
    rm_level lv;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_level_open(&lv, data, size, "refs.JOL", &d), RM_OK);
    rm_level_model_refs refs;
    assert_int_equal(rm_level_model_refs_collect(&lv, &refs, &d), RM_OK);
    const char *files[] = {"PISTOL.JOM", "HOUSE.JOM", "room1.jom", "BARREL.JOM", "BARRELF.JOM",
                           "BARRELD.JOM", "GUN.JOM", "MIRROR.JOM", "ROOM2.JOM"};
    const uint32_t NE = RM_LEVEL_NO_ENTITY;
    const want_ref want[] = {
        {"WEAP", 0, "model", NE, 0},
        {"MODL", 0, "file", NE, 1},
        {"MODL", 1, "file", NE, 2},
        {"ENTI", 0, "model", 0, 3},
        {"PROP", 0, "far_model", 0, 4},
        {"PROP", 1, "dead_model", 0, 5},
        {"PROP", 3, "gun", 1, 6},
        {"ENTI", 2, "model", 2, 3},          /* BARREL.JOM: one file, two refs */
        {"CELL", 0, "model", NE, 2},         /* ROOM1.JOM is room1.jom (the CD ignores case) */
        {"CELL", 0, "reflection", NE, 7},
        {"CELL", 1, "model", NE, 8},
    };
    assert_int_equal(refs.file_count, sizeof files / sizeof files[0]);
    for (size_t i = 0; i < refs.file_count; i++)
        assert_string_equal(refs.files[i], files[i]);
    assert_int_equal(refs.ref_count, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < refs.ref_count; i++) {
        assert_string_equal(refs.refs[i].section, want[i].section);
        assert_int_equal(refs.refs[i].record, want[i].record);
        assert_string_equal(refs.refs[i].field, want[i].field);
        assert_int_equal(refs.refs[i].entity, want[i].entity);
        assert_int_equal(refs.refs[i].file, want[i].file);
    }
    char line[128];
    rm_level_model_ref_describe(&refs.refs[4], line, sizeof line);
    assert_string_equal(line, "ENTI 0 'barrel' property far_model (PROP 0)");
    rm_level_model_ref_describe(&refs.refs[9], line, sizeof line);
    assert_string_equal(line, "CELL 0 field reflection");
    rm_level_model_ref_describe(&refs.refs[7], line, sizeof line);
    assert_string_equal(line, "ENTI 2 'barrel2' field model");
    assert_int_equal(d.errors, 0);
    rm_level_model_refs_free(&refs);
    assert_int_equal(refs.ref_count, 0);
    rm_level_close(&lv);
    rm_diag_free(&d);
    free(data);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* A string offset outside STRS: an invalid level, with the place. */
static void test_refs_bad_string(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = build_level(&size);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "refs.JOL", NULL), RM_OK);
    const rm_level_section *modl = rm_level_find_section(&lv, "MODL");
    assert_non_null(modl);
    uint32_t at = modl->offset + modl->header_size + modl->record_size;   /* record 1, field file */
    rm_level_close(&lv);
    put32(data + at, 0x7FFFFFF0u);
    assert_int_equal(rm_level_open(&lv, data, size, "refs.JOL", NULL), RM_OK);
    rm_diag d;
    rm_diag_init(&d);
    rm_level_model_refs refs;
    assert_int_equal(rm_level_model_refs_collect(&lv, &refs, &d), RM_INVALID);
    assert_int_equal(refs.ref_count, 0);
    assert_int_equal(d.errors, 1);
    char want[160];
    snprintf(want, sizeof want,
             "refs.JOL: section MODL at 0x%x: record 1 field file: string offset 0x7FFFFFF0 is not a "
             "string of STRS", (unsigned)at);
    assert_string_equal(d.items[0].text, want);
    rm_diag_free(&d);
    rm_level_close(&lv);
    free(data);
}

/* A level without any model: empty lists, no error. */
static void test_refs_none(void **state)
{
    (void)state;
    rm_level_builder *b = rm_level_builder_create("empty");
    rm_level_builder_add_record(b, rm_level_builder_section(b, "PLNT"));
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(rm_level_builder_write(b, &data, &size, NULL), RM_OK);
    rm_level_builder_free(b);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "e.JOL", NULL), RM_OK);
    rm_level_model_refs refs;
    assert_int_equal(rm_level_model_refs_collect(&lv, &refs, NULL), RM_OK);
    assert_int_equal(refs.ref_count, 0);
    assert_int_equal(refs.file_count, 0);
    rm_level_model_refs_free(&refs);
    rm_level_close(&lv);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refs_order),
        cmocka_unit_test(test_refs_bad_string),
        cmocka_unit_test(test_refs_none),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
