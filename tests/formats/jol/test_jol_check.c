/* tests/formats/jol/test_jol_check.c - rm_level_check: every rule and
   reference, each problem on its own line with section, record and field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "jol_levels.h"

static rm_diag run(uint8_t *data, size_t size, rm_status want)
{
    rm_level lv;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_level_open(&lv, data, size, "c.jol", &d), RM_OK);
    assert_int_equal(rm_level_check(&lv, &d), want);
    rm_level_close(&lv);
    return d;
}

static void has(const rm_diag *d, const char *needle)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, needle))
            return;
    for (size_t i = 0; i < d->count; i++)
        print_message("  %s\n", d->items[i].text);
    fail_msg("no message holds '%s'", needle);
}

static void test_valid(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_example(&size);
    rm_diag d = run(data, size, RM_OK);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
    free(data);
}

static void test_every_rule(void **state)
{
    (void)state;
    rm_level_builder *b = rm_level_builder_create("Bad");
    size_t terr = rm_level_builder_section(b, "TERR");
    rm_level_builder_set(b, terr, RM_LEVEL_HEADER, "n", 0, 3);
    int64_t nine[9] = {0}, hole[1] = {9};
    rm_level_builder_set_array(b, terr, "heights", nine, 9);
    rm_level_builder_set_array(b, terr, "colors", nine, 9);
    rm_level_builder_set_array(b, terr, "holes", hole, 1);        /* 9 is not below 3 x 3 */
    size_t modl = rm_level_builder_section(b, "MODL");
    size_t r = rm_level_builder_add_record(b, modl);
    rm_level_builder_set_string(b, modl, r, "file", "tower.jom");  /* lowercase */
    rm_level_builder_set(b, modl, r, "box_count", 0, 2);           /* MBOX has 1 */
    size_t mbox = rm_level_builder_section(b, "MBOX");
    rm_level_builder_add_record(b, mbox);
    size_t inst = rm_level_builder_section(b, "INST");
    r = rm_level_builder_add_record(b, inst);
    rm_level_builder_set(b, inst, r, "model", 0, 5);               /* 1 MODL */
    size_t cell = rm_level_builder_section(b, "CELL");
    r = rm_level_builder_add_record(b, cell);
    rm_level_builder_set(b, cell, r, "slope", 0, 3);
    rm_level_builder_set(b, cell, r, "portal_count", 0, 1);        /* PRTL has 1: fine */
    size_t prtl = rm_level_builder_section(b, "PRTL");
    r = rm_level_builder_add_record(b, prtl);
    rm_level_builder_set(b, prtl, r, "cell", 0, 1);                /* 1 CELL */
    size_t enti = rm_level_builder_section(b, "ENTI");
    size_t e = rm_level_builder_add_entity(b, "twin", "explosive");
    rm_level_builder_set(b, enti, e, "flags", 0, 8);
    rm_level_builder_add_prop_string(b, e, "damage", "LOTS");      /* INT for explosive */
    rm_level_builder_add_prop_int(b, e, "far_model", 3);           /* STRING for all */
    rm_level_builder_add_prop_int(b, e, "mine", 3);                /* the game's: fine */
    e = rm_level_builder_add_entity(b, "twin", "relay");
    rm_level_builder_add_link(b, e, 9, 0, NULL, 0, -1);
    e = rm_level_builder_add_entity(b, "", "relay");
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(rm_level_builder_write(b, &data, &size, NULL), RM_OK);
    rm_level_builder_free(b);
    rm_diag d = run(data, size, RM_INVALID);
    has(&d, "c.jol: section TERR at 0x");
    has(&d, ": header field holes: element 0: vertex 9 is not below n x n = 9");
    has(&d, ": record 0 field file: \"tower.jom\" is not an 8.3 uppercase .JOM file name");
    has(&d, ": record 0 field first_box: first_box 0 + box_count 2 is past the 1 records of MBOX");
    has(&d, "section INST at 0x");
    has(&d, ": record 0 field model: index 5 is not a record of MODL (1 records) nor 0xFFFF");
    has(&d, ": record 0 field slope: 3 is not a value of CELL_SLOPE");
    has(&d, "section PRTL at 0x");
    has(&d, ": record 0 field cell: index 1 is not a record of CELL");
    has(&d, ": record 0 field flags: 8 is not a combination of the flags of ENTITY_FLAG");
    has(&d, ": record 1 field name: name \"twin\" is the name of entity 0 too");
    has(&d, ": record 2 field name: an entity needs a name");
    has(&d, "section PROP at 0x");
    has(&d, ": record 0 field type: property damage of entity \"twin\" (class explosive) is STRING, the class declares INT");
    has(&d, ": record 1 field type: property far_model of entity \"twin\" (class explosive) is INT, the class declares STRING");
    has(&d, "section LINK at 0x");
    has(&d, ": record 0 field event: 9 is not a value of EVENT");
    assert_int_equal(d.errors, 12);   /* the 12 "has" lines above that are messages */
    rm_diag_free(&d);
    free(data);
}

static void test_strings_and_arrays(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_example(&size);
    size_t strs = jol_dir_entry(data, size, "STRS"), enti = jol_dir_entry(data, size, "ENTI");
    size_t terr = jol_dir_entry(data, size, "TERR"), prop = jol_dir_entry(data, size, "PROP");
    uint32_t s_off = jol_get32(data + strs + 8), e_off = jol_get32(data + enti + 8);
    uint32_t t_off = jol_get32(data + terr + 8), p_off = jol_get32(data + prop + 8);
    jol_put32(data + e_off + 44 + 8, 500);          /* entity 1 model: outside STRS (74 bytes) */
    jol_put32(data + t_off + 16, 2);                /* colors at 2: inside the header */
    jol_put32(data + p_off + 8, 1000);              /* the STRING property's value */
    data[s_off + 73] = 'X';                         /* "EXPLODE.PCM" loses its zero */
    rm_diag d = run(data, size, RM_INVALID);
    char want[160];
    snprintf(want, sizeof want, "section ENTI at 0x%lx: record 1 field model: string offset 500 is outside STRS (74 bytes)",
             (unsigned long)(e_off + 44 + 8));
    has(&d, want);
    has(&d, "header field colors: offset 2 for 9 x u16 puts the array outside the section");
    has(&d, "section STRS at 0x");
    has(&d, "the last string has no terminating zero");
    has(&d, "record 0 field value: a STRING property whose value 1000 is not a string of STRS");
    rm_diag_free(&d);
    free(data);
}

static void test_file_names(void **state)
{
    (void)state;
    rm_level_builder *b = rm_level_builder_create("Files");
    size_t weap = rm_level_builder_section(b, "WEAP");
    size_t r = rm_level_builder_add_record(b, weap);
    rm_level_builder_set_string(b, weap, r, "model", "RIFLE.JOM");
    rm_level_builder_set_string(b, weap, r, "flash", "MUZZLEFL");        /* 8: no room for the digit */
    rm_level_builder_set_string(b, weap, r, "sound_shot", "SHOT.PCM");
    rm_level_builder_set_string(b, weap, r, "sound_reload", "RELOADING.PCM"); /* 9 characters */
    r = rm_level_builder_add_record(b, weap);
    rm_level_builder_set_string(b, weap, r, "flash", "FLASH");            /* fine */
    rm_level_builder_set_string(b, weap, r, "model", "RIFLE.JOM.JOM");
    size_t e = rm_level_builder_add_entity(b, "barrel", "explosive");
    rm_level_builder_add_prop_string(b, e, "sound", "boom.wav");
    rm_level_builder_add_prop_string(b, e, "fire", "FIRE");               /* fine */
    rm_level_builder_add_prop_string(b, e, "dead_model", "");             /* "": none, fine */
    rm_level_builder_add_prop_string(b, e, "mine", "x.y");                /* the game's: not checked */
    e = rm_level_builder_add_entity(b, "exit", "zone_link");
    rm_level_builder_add_prop_string(b, e, "level", "LEVEL2.JOM");
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(rm_level_builder_write(b, &data, &size, NULL), RM_OK);
    rm_level_builder_free(b);
    rm_diag d = run(data, size, RM_INVALID);
    has(&d, ": record 0 field flash: \"MUZZLEFL\" is not an uppercase base name of 1 to 7 characters");
    has(&d, ": record 0 field sound_reload: \"RELOADING.PCM\" is not an 8.3 uppercase .PCM file name");
    has(&d, ": record 1 field model: \"RIFLE.JOM.JOM\" is not an 8.3 uppercase .JOM file name");
    has(&d, ": record 0 field value: property sound of entity \"barrel\": \"boom.wav\" is not an 8.3 uppercase .PCM file name");
    has(&d, ": record 4 field value: property level of entity \"exit\": \"LEVEL2.JOM\" is not an 8.3 uppercase .JOL file name");
    assert_int_equal(d.errors, 5);
    rm_diag_free(&d);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),
        cmocka_unit_test(test_every_rule),
        cmocka_unit_test(test_strings_and_arrays),
        cmocka_unit_test(test_file_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
