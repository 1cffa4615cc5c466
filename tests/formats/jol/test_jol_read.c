/* tests/formats/jol/test_jol_read.c - reading levels: values, defaults,
   strings, the compatibility rules of the format and malformed files.

   The example level (jol_levels.c) has 7 sections: INFO STRS TERR PLNT ENTI
   PROP LINK, so the directory ends at 16 + 7 x 24 = 184. Its strings are
   interned in file order: "My level" at 0 (9 bytes with its zero),
   "barrel" 9, "explosive" 16, "BARREL.JOM" 26, "fuse" 37, "relay" 42,
   "barrel2" 48, "sound" 56, "EXPLODE.PCM" 62: STRS is 74 bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "jol_levels.h"

static int64_t value(const rm_level *lv, const char *id, size_t record, const char *field)
{
    int64_t v = 0;
    assert_int_equal(rm_level_get_value(lv, rm_level_find_section(lv, id), record, field, 0, &v), RM_OK);
    return v;
}

static void test_example_values(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_example(&size);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "ex.jol", NULL), RM_OK);
    assert_int_equal(lv.section_count, 7);
    assert_int_equal(lv.sections[0].offset, 184);
    assert_string_equal(rm_level_string(&lv, (uint32_t)value(&lv, "INFO", RM_LEVEL_HEADER, "name")), "My level");
    const rm_level_section *strs = rm_level_find_section(&lv, "STRS");
    assert_int_equal(strs->size, 74);
    assert_int_equal(strs->record_size, 1);
    assert_int_equal(strs->record_count, 74);
    /* TERR: header 28 bytes, no records; heights at 28 (9 x i16 = 18 bytes,
       to 46), colors at 48 (aligned on 4) to 66; no holes: offset 0. */
    assert_int_equal(value(&lv, "TERR", RM_LEVEL_HEADER, "heights"), 28);
    assert_int_equal(value(&lv, "TERR", RM_LEVEL_HEADER, "colors"), 48);
    assert_int_equal(value(&lv, "TERR", RM_LEVEL_HEADER, "holes"), 0);
    assert_int_equal(value(&lv, "TERR", RM_LEVEL_HEADER, "hole_count"), 0);
    assert_int_equal(rm_level_find_section(&lv, "TERR")->size, 66);
    assert_int_equal(value(&lv, "PLNT", 0, "scale"), 256);
    /* Entities: names through STRS, the links resolved to indices. */
    assert_string_equal(rm_level_string(&lv, (uint32_t)value(&lv, "ENTI", 1, "name")), "fuse");
    assert_int_equal(value(&lv, "ENTI", 0, "name"), 9);
    assert_int_equal(value(&lv, "ENTI", 0, "model"), 26);
    assert_int_equal(value(&lv, "ENTI", 1, "model"), 0xFFFFFFFF);
    assert_int_equal(value(&lv, "ENTI", 0, "prop_count"), 1);
    assert_int_equal(value(&lv, "ENTI", 1, "first_link"), 1);
    assert_int_equal(value(&lv, "ENTI", 2, "link_count"), 0);
    assert_int_equal(value(&lv, "PROP", 0, "type"), 2);
    assert_int_equal(value(&lv, "PROP", 0, "value"), 62);
    assert_int_equal(value(&lv, "LINK", 0, "target"), 1);
    assert_int_equal(value(&lv, "LINK", 0, "event"), 4);
    assert_int_equal(value(&lv, "LINK", 0, "delay"), 400);
    assert_int_equal(value(&lv, "LINK", 0, "param"), -1);
    assert_int_equal(value(&lv, "LINK", 1, "target"), 2);
    assert_int_equal(value(&lv, "LINK", 1, "action"), 2);
    /* Unknown field, record past the end: usage errors. */
    int64_t v;
    assert_int_equal(rm_level_get_value(&lv, rm_level_find_section(&lv, "ENTI"), 3, "x", 0, &v), RM_USAGE);
    assert_int_equal(rm_level_get_value(&lv, rm_level_find_section(&lv, "ENTI"), 0, "nope", 0, &v), RM_USAGE);
    rm_level_close(&lv);
    free(data);
}

/* ENTI as the engine's struct: the schema's offsets (44 bytes). */
typedef struct enti {
    uint32_t name, cls, model;
    int32_t x, y, z;
    int16_t yaw, health;
    uint16_t flags, radius, height, first_prop, prop_count, first_link, link_count, pad;
} enti_rec;

static void test_native_records(void **state)
{
    (void)state;
    assert_int_equal(sizeof(enti_rec), 44);
    size_t size;
    uint8_t *data = jol_example(&size);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "ex.jol", NULL), RM_OK);
    enti_rec e[3];
    assert_int_equal(rm_level_get_records(&lv, "ENTI", 0, 3, e, sizeof e[0]), RM_OK);
    assert_int_equal(e[2].x, 300);
    assert_int_equal(e[2].z, 200);
    assert_int_equal(e[0].health, 40);
    assert_int_equal(e[1].flags, 4);
    assert_int_equal(e[0].radius, 14);
    assert_int_equal(e[1].first_link, 1);
    assert_int_equal(rm_level_get_records(&lv, "ENTI", 2, 2, e, sizeof e[0]), RM_USAGE);
    assert_int_equal(rm_level_get_records(&lv, "ENTI", 0, 1, e, 40), RM_USAGE);
    /* A section absent from the file: its header reads as the defaults. */
    uint32_t info[2];
    assert_int_equal(rm_level_get_header(&lv, "INFO", info, sizeof info), RM_OK);
    assert_int_equal(info[0], 0);
    rm_level_close(&lv);
    free(data);
}

static void test_older_cell(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_cells(36, &size);     /* a CELL v2 record: no reflection */
    size_t de = jol_dir_entry(data, size, "CELL");
    assert_int_equal(data[de + 18] << 8 | data[de + 19], 36);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "old.jol", NULL), RM_OK);
    assert_int_equal(value(&lv, "CELL", 0, "reflection"), 0xFFFFFFFF);   /* the default */
    assert_int_equal(value(&lv, "CELL", 0, "yaw"), 90);
    assert_int_equal(value(&lv, "CELL", 0, "x1"), 512);
    /* STRS holds only what was written: "Base", "ROOM.JOM" = 5 + 9 bytes. */
    assert_int_equal(rm_level_find_section(&lv, "STRS")->size, 14);
    assert_int_equal(rm_level_find_section(&lv, "CELL")->version, 2);
    assert_int_equal(rm_level_check(&lv, NULL), RM_OK);
    rm_level_close(&lv);
    /* The same 36 bytes claiming version 3 (which has reflection): check refuses. */
    jol_put16(data + de + 4, 3);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_level_open(&lv, data, size, "old.jol", NULL), RM_OK);
    assert_int_equal(rm_level_check(&lv, &d), RM_INVALID);
    assert_non_null(strstr(d.items[0].text, "records of 36 bytes: version 3 has fields up to byte 40"));
    rm_diag_free(&d);
    rm_level_close(&lv);
    free(data);
    data = jol_cells(0, &size);
    assert_int_equal(rm_level_open(&lv, data, size, "new.jol", NULL), RM_OK);
    assert_string_equal(rm_level_string(&lv, (uint32_t)value(&lv, "CELL", 0, "reflection")), "MIRROR.JOM");
    rm_level_close(&lv);
    free(data);
}

static uint8_t *newer(uint16_t zzzz_flags, const char *id, size_t *size)
{
    rm_level_builder *b = rm_level_builder_create("New");
    size_t enti = rm_level_builder_section(b, "ENTI");
    size_t e = rm_level_builder_add_entity(b, "door", "entity");
    rm_level_builder_set(b, enti, e, "link_count", 0, 0);
    rm_level_builder_set(b, enti, e, "x", 0, -5);
    e = rm_level_builder_add_entity(b, "door2", "entity");
    rm_level_builder_set(b, enti, e, "height", 0, 77);
    rm_level_builder_set_sizes(b, enti, 0, 48);     /* 4 more bytes than the schema's 44 */
    const uint8_t raw[6] = {1, 2, 3, 4, 5, 6};
    assert_int_equal(rm_level_builder_raw(b, id, 7, zzzz_flags, raw, sizeof raw), RM_OK);
    /* Properties and links attach to an existing entity only. */
    assert_int_equal(rm_level_builder_add_prop_int(b, 2, "k", 1), RM_USAGE);
    assert_int_equal(rm_level_builder_add_link(b, 9, 0, 0, NULL, 0, -1), RM_USAGE);
    uint8_t *data = NULL;
    assert_int_equal(rm_level_builder_write(b, &data, size, NULL), RM_OK);
    rm_level_builder_free(b);
    return data;
}

static void test_newer_file(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = newer(0, "ZZZZ", &size);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "new.jol", NULL), RM_OK);
    assert_int_equal(rm_level_find_section(&lv, "ENTI")->record_size, 48);
    assert_int_equal(value(&lv, "ENTI", 0, "x"), -5);
    assert_int_equal(value(&lv, "ENTI", 1, "height"), 77);   /* at 48 + 32: the extra 4 skipped */
    assert_string_equal(rm_level_string(&lv, (uint32_t)value(&lv, "ENTI", 1, "name")), "door2");
    const rm_level_section *z = rm_level_find_section(&lv, "ZZZZ");
    assert_non_null(z);
    assert_false(z->known);
    rm_level_close(&lv);
    free(data);
}

static void test_required_unknown(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = newer(1, "ZZZZ", &size);
    rm_level lv;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_level_open(&lv, data, size, "new.jol", &d), RM_INVALID);
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.items[0].text, "'ZZZZ'"));
    assert_non_null(strstr(d.items[0].text, "new.jol: section ZZZZ at 0x"));
    assert_null(lv.sections);
    rm_diag_free(&d);
    free(data);
}

static void test_game_section(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = newer(1, "quST", &size);   /* REQUIRED means nothing for the game's own */
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "game.jol", NULL), RM_OK);
    const rm_level_section *g = rm_level_find_section(&lv, "quST");
    assert_non_null(g);
    assert_true(g->game);
    assert_false(g->known);
    assert_int_equal(g->version, 7);
    assert_int_equal(g->size, 6);
    assert_int_equal(g->data[0], 1);
    assert_int_equal(g->data[5], 6);
    rm_level_close(&lv);
    free(data);
}

static void refused(uint8_t *data, size_t size, const char *needle)
{
    rm_level lv;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_not_equal(rm_level_open(&lv, data, size, "bad.jol", &d), RM_OK);
    assert_true(d.errors > 0);
    if (needle && !strstr(d.items[0].text, needle))
        fail_msg("'%s' not in '%s'", needle, d.items[0].text);
    rm_diag_free(&d);
}

static void test_truncated(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_example(&size);
    for (size_t n = 0; n < size; n++) {
        uint8_t *cut = malloc(n + 1);
        memcpy(cut, data, n);
        refused(cut, n, n < 16 ? "shorter than the 16-byte header" : "size field");
        /* The size field patched to match: the directory checks refuse it. */
        if (n >= 16) {
            jol_put32(cut + 8, (uint32_t)n);
            refused(cut, n, NULL);
        }
        free(cut);
    }
    free(data);
}

static void test_bad_directory(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_example(&size);
    uint8_t *bad = malloc(size);
    size_t plnt = jol_dir_entry(data, size, "PLNT"), terr = jol_dir_entry(data, size, "TERR");
    size_t enti = jol_dir_entry(data, size, "ENTI");
#define RESET memcpy(bad, data, size)
    RESET; jol_put32(bad, 0x4A4F4D31); refused(bad, size, "not 'JOLV'");
    RESET; jol_put16(bad + 4, 2); refused(bad, size, "format version 2");
    RESET; jol_put32(bad + 12, 0xFFFFFFFF); refused(bad, size, "section_count 4294967295");
    RESET; jol_put32(bad + plnt + 8, (uint32_t)size); refused(bad, size, "inside the file");
    RESET; jol_put32(bad + plnt + 8, 0xFFFFFFFC); refused(bad, size, "inside the file");
    RESET; jol_put32(bad + plnt + 12, 0xFFFFFFFF); refused(bad, size, "inside the file");
    RESET; jol_put32(bad + plnt + 8, jol_get32(bad + plnt + 8) + 2); refused(bad, size, "4-aligned");
    RESET; jol_put32(bad + plnt + 8, 16); refused(bad, size, "after the directory");
    RESET; jol_put32(bad + plnt + 8, jol_get32(bad + terr + 8)); refused(bad, size, "overlaps");
    RESET; jol_put32(bad + enti + 20, 0xFFFFFFFF); refused(bad, size, "record_count 4294967295");
    RESET; jol_put16(bad + enti + 18, 0); refused(bad, size, "record_size 0");
    RESET; jol_put16(bad + enti + 16, 0xFFFF); refused(bad, size, "header_size 65535");
    RESET; memcpy(bad + enti, "PLNT", 4); refused(bad, size, "a second section 'PLNT'");
    RESET; bad[enti] = 0; refused(bad, size, "not 4 printable");
    /* STRS is read by its size alone: 0 in its directory fields is fine. */
    RESET;
    size_t strs = jol_dir_entry(bad, size, "STRS");
    memset(bad + strs + 16, 0, 8);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, bad, size, "ok.jol", NULL), RM_OK);
    assert_string_equal(rm_level_string(&lv, 62), "EXPLODE.PCM");
    /* Strings: out of STRS, or without their zero, are none. */
    assert_null(rm_level_string(&lv, 74));
    assert_null(rm_level_string(&lv, 0xFFFFFFFF));
    bad[jol_get32(bad + strs + 8) + 73] = 'x';
    assert_null(rm_level_string(&lv, 62));
    rm_level_close(&lv);
    free(bad);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_example_values),
        cmocka_unit_test(test_native_records),
        cmocka_unit_test(test_older_cell),
        cmocka_unit_test(test_newer_file),
        cmocka_unit_test(test_required_unknown),
        cmocka_unit_test(test_game_section),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_bad_directory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
