/* tests/formats/jol/test_jol_json.c - levels from JSON, dump, and the round
   trip build -> dump --json -> build (same bytes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jol_levels.h"

static rm_status build(const char *json, uint8_t **data, size_t *size, rm_diag *d)
{
    return rm_level_build_json(json, strlen(json), "t.json", data, size, d);
}

/* The first message must hold `needle`. */
static void build_fails(const char *json, const char *needle)
{
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(build(json, &data, &size, &d), RM_INVALID);
    assert_null(data);
    assert_true(d.count > 0);
    if (!strstr(d.items[0].text, needle))
        fail_msg("'%s' not in '%s'", needle, d.items[0].text);
    rm_diag_free(&d);
}

static char *dump(const rm_level *lv, int json, int full)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (json)
        rm_level_dump_json(lv, f);
    else
        rm_level_dump_text(lv, f, full);
    fclose(f);
    return buf;
}

static void test_same_as_builder(void **state)
{
    (void)state;
    /* The JSON of the seed's example and the C builder give the same bytes. */
    const char *json =
        "{\"name\": \"My level\", \"sections\": [\n"
        " {\"id\": \"TERR\", \"header\": {\"n\": 3, \"cell\": 128},\n"
        "  \"arrays\": {\"heights\": [0,1,2,3,4,5,6,7,-8], \"colors\": [32768,32768,32768,32768,32768,32768,32768,32768,32768], \"holes\": []}},\n"
        " {\"id\": \"PLNT\", \"records\": [{\"scale\": 256}]}],\n"
        " \"entities\": [\n"
        "  {\"name\": \"barrel\", \"cls\": \"explosive\", \"model\": \"BARREL.JOM\", \"z\": 200, \"health\": 40,\n"
        "   \"flags\": [\"SOLID\"], \"radius\": 14, \"height\": 40, \"props\": {\"sound\": \"EXPLODE.PCM\"},\n"
        "   \"links\": [{\"event\": \"DEATH\", \"target\": \"fuse\", \"action\": \"TRIGGER\", \"delay\": 400}]},\n"
        "  {\"name\": \"fuse\", \"cls\": \"relay\", \"flags\": \"HIDDEN\",\n"
        "   \"links\": [{\"event\": \"EVENT_TRIGGER\", \"target\": \"barrel2\", \"action\": 2}]},\n"
        "  {\"name\": \"barrel2\", \"cls\": \"explosive\", \"model\": \"BARREL.JOM\", \"x\": 300, \"z\": 200,\n"
        "   \"health\": 40, \"flags\": 2}]}\n";
    uint8_t *a = NULL;
    size_t an = 0, bn = 0;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(build(json, &a, &an, &d), RM_OK);
    uint8_t *b = jol_example(&bn);
    assert_int_equal(an, bn);
    assert_memory_equal(a, b, an);
    free(a);
    free(b);
    rm_diag_free(&d);
}

static void test_round_trip(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_example(&size);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "ex.jol", NULL), RM_OK);
    char *json = dump(&lv, 1, 0);
    uint8_t *again = NULL;
    size_t again_size = 0;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(build(json, &again, &again_size, &d), RM_OK);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, data, size);
    /* The shape the issue asks for. */
    assert_non_null(strstr(json, "{\"version\":1,\"flags\":0,\"size\":"));
    assert_non_null(strstr(json, "\"known\":true,\"header\":{\"name\":\"My level\",\"flags\":0}"));
    assert_non_null(strstr(json, "\"model\":null"));
    assert_non_null(strstr(json, "\"heights\":[0,1,2,3,4,5,6,7,-8]"));
    assert_non_null(strstr(json, "{\"event\":4,\"action\":0,\"target\":1,\"delay\":400,\"param\":-1}"));
    free(json);
    free(again);
    rm_level_close(&lv);
    free(data);
    /* A game section and an unknown one come back as their bytes; fixed
       arrays as lists; fixed values raw. */
    const char *src =
        "{\"name\": \"W\", \"sections\": [{\"id\": \"WEAP\", \"records\": [{\"name\": \"gun\", \"x\": 1.5,\n"
        " \"y\": {\"fixed\": -2}, \"z\": 7}]}, {\"id\": \"MODL\", \"records\": [{\"floor\": [1,2,3,4,-5]}]},\n"
        " {\"id\": \"qust\", \"version\": 3, \"arrays\": {\"bytes\": [9, 8, 7]}},\n"
        " {\"id\": \"ZZZZ\", \"flags\": 0, \"arrays\": {\"bytes\": [1]}}]}";
    assert_int_equal(build(src, &data, &size, &d), RM_OK);
    assert_int_equal(rm_level_open(&lv, data, size, "w.jol", NULL), RM_OK);
    int64_t v;
    const rm_level_section *w = rm_level_find_section(&lv, "WEAP");
    rm_level_get_value(&lv, w, 0, "x", 0, &v);
    assert_int_equal(v, 0x18000);               /* 1.5 x 65536 */
    rm_level_get_value(&lv, w, 0, "y", 0, &v);
    assert_int_equal(v, -0x20000);
    rm_level_get_value(&lv, w, 0, "z", 0, &v);
    assert_int_equal(v, 7);                     /* an integer is raw Q16.16 */
    rm_level_get_value(&lv, w, 0, "fire_delay", 0, &v);
    assert_int_equal(v, 4);                     /* the schema's default */
    rm_level_get_value(&lv, rm_level_find_section(&lv, "MODL"), 0, "floor", 4, &v);
    assert_int_equal(v, -5);
    json = dump(&lv, 1, 0);
    assert_non_null(strstr(json, "\"floor\":[1,2,3,4,-5]"));
    assert_non_null(strstr(json, "\"id\":\"qust\",\"version\":3,\"flags\":0,\"known\":false,\"header\":{},\"records\":[],\"arrays\":{\"bytes\":[9,8,7]}"));
    assert_non_null(strstr(json, "\"x\":98304"));
    assert_int_equal(build(json, &again, &again_size, &d), RM_OK);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, data, size);
    free(json);
    free(again);
    rm_level_close(&lv);
    free(data);
    rm_diag_free(&d);
}

static void test_errors(void **state)
{
    (void)state;
    /* An unknown field: named, with its line. */
    build_fails("{\"name\": \"x\",\n \"sections\": [{\"id\": \"PLNT\",\n \"records\": [{\"x\": 1,\n \"colour\": 2}]}]}",
                "t.json:4:2: error: section PLNT has no record field 'colour'");
    build_fails("{\"name\": \"x\",\n \"entities\": [{\"name\": \"a\", \"helth\": 3}]}",
                "t.json:2:29: error: section ENTI has no record field 'helth'");
    /* column: the key's opening quote (line 2: a space, "entities" 2-11, ": [{" 12-15,
       "name" 16-21, ": " 22-23, "a" 24-26, ", " 27-28, then "helth" at 29). */
    build_fails("{\"nam\": \"x\"}", "t.json:1:2: error: a level has no key 'nam'");
    /* The key of the record being read, not the first "scale" of the file:
       line 4 is '  {"scale": -1}]},' (the key's quote at column 4). Line 2 of
       the next: ' {"id": "DECL", "records": [{"size": 1, "x": 1, "scale"' puts
       "scale" at column 49; of the last, ' {"name": "b", "links": [{"delay"'
       puts "delay" at 27 (not the first "delay" of line 1). */
    build_fails("{\"sections\": [{\"id\": \"PLNT\", \"records\": [\n {\"scale\": 1},\n {\"scale\": 1},\n"
                "  {\"scale\": -1}]},\n {\"id\": \"DECL\", \"records\": [{\"size\": 1, \"scale\": 2}]}]}",
                "t.json:4:4: error: 'scale': -1 does not fit u16");
    build_fails("{\"sections\": [{\"id\": \"PLNT\", \"records\": [{\"x\": 1}]},\n {\"id\": \"DECL\", \"records\": [{\"size\": 1, \"x\": 1, \"scale\": 2}]}]}",
                "t.json:2:49: error: section DECL has no record field 'scale'");
    build_fails("{\"entities\": [{\"name\": \"a\", \"links\": [{\"delay\": 1}]},\n {\"name\": \"b\", \"links\": [{\"delay\": -1}]}]}",
                "t.json:2:27: error: 'delay' wants an integer 0 to 65535");
    build_fails("{\"sections\": [{\"id\": \"PLNT\", \"records\": [{\"scale\": 70000}]}]}", "'scale': 70000 does not fit u16");
    build_fails("{\"sections\": [{\"id\": \"PLNT\", \"records\": [{\"scale\": \"big\"}]}]}", "'scale' wants an integer");
    build_fails("{\"entities\": [{\"name\": \"a\", \"flags\": [\"SOLID\", \"SHINY\"]}]}", "element 1 is not a flag of ENTITY_FLAG");
    build_fails("{\"entities\": [{\"name\": \"a\", \"links\": [{\"event\": \"BOOM\"}]}]}", "BOOM is not a value of EVENT");
    build_fails("{\"entities\": [{\"name\": \"a\", \"links\": [{\"target\": \"nobody\"}]}]}",
                "t.json:1:29: error: section LINK record 0 field target: entity 'a' links to 'nobody', which "
                "is not the name of an entity (at /entities/0/links)");
    build_fails("{\"entities\": [{\"name\": \"a\", \"links\": [{\"wait\": 3}]}]}", "a link has no key 'wait'");
    build_fails("{\"sections\": [{\"id\": \"TERR\", \"header\": {\"n\": 2}, \"arrays\": {\"heights\": [1, 2, 3]}}]}",
                "section TERR array heights: 3 elements, n x n = 4 wanted");
    /* The writer's messages get the place of the value and its JSON Pointer. */
    build_fails("{\"sections\": [{\"id\": \"TERR\", \"header\": {\"n\": 2}, \"arrays\": {\"heights\": [1, 2, 3]}}]}",
                "t.json:1:61: error: section TERR array heights: 3 elements, n x n = 4 wanted "
                "(at /sections/0/arrays/heights)");
    /* The reader's own messages end with it too. */
    build_fails("{\"entities\": [{\"name\": \"a\"}, {\"name\": \"b\", \"links\": [{\"wait\": 3}]}]}",
                "error: a link has no key 'wait' (at /entities/1/links/0/wait)");
    build_fails("{\"sections\": [{\"id\": \"TERR\", \"arrays\": {\"height\": []}}]}", "section TERR has no array 'height'");
    build_fails("{\"sections\": [{\"id\": \"TERR\", \"records\": [{}]}]}", "section TERR has no records");
    build_fails("{\"sections\": [{\"id\": \"TOOLONG\"}]}", "must be 4 characters");
    build_fails("{\"sections\": [{\"id\": \"MODL\", \"records\": [{\"floor\": [1]}]}]}", "'floor' wants a list of 5 integers");
    build_fails("{\"name\": 3}", "'name' wants a string");
    build_fails("{\"name\": \"x\",,}", "t.json:1:");
    build_fails("[1]", "a level is a JSON object");
    build_fails("{\"entities\": [{\"name\": \"a\", \"props\": {\"p\": [1]}}]}", "property 'p' wants");
}

static void test_shared_suffix(void **state)
{
    (void)state;
    /* "EL.JOM" is the end of "BARREL.JOM" (at 0): it is found at 4, not
       added. A raw offset into a string (cls 7: "JOM") dumps as its text and
       builds back to the same offset. */
    const char *json = "{\"name\": \"BARREL.JOM\", \"entities\": [{\"name\": \"EL.JOM\", \"cls\": 7}]}";
    uint8_t *data = NULL, *again = NULL;
    size_t size = 0, again_size = 0;
    assert_int_equal(build(json, &data, &size, NULL), RM_OK);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "s.jol", NULL), RM_OK);
    int64_t v;
    rm_level_get_value(&lv, rm_level_find_section(&lv, "ENTI"), 0, "name", 0, &v);
    assert_int_equal(v, 4);
    assert_int_equal(rm_level_find_section(&lv, "STRS")->size, 11);
    char *out = dump(&lv, 1, 0);
    assert_non_null(strstr(out, "\"cls\":\"JOM\""));
    assert_int_equal(build(out, &again, &again_size, NULL), RM_OK);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, data, size);
    free(out);
    free(again);
    rm_level_close(&lv);
    free(data);
}

static void test_dump_text(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_example(&size);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "ex.jol", NULL), RM_OK);
    char *text = dump(&lv, 0, 0);
    assert_non_null(strstr(text, "level \"My level\": format version 1"));
    assert_non_null(strstr(text, "  62: \"EXPLODE.PCM\"\n"));
    assert_non_null(strstr(text, "heights: 9 x i16, -8 to 7\n"));
    assert_non_null(strstr(text, "flags=SOLID"));
    assert_non_null(strstr(text, "      prop sound = \"EXPLODE.PCM\"\n"));
    assert_non_null(strstr(text, "      link on DEATH -> fuse: TRIGGER after 400 ms, param -1\n"));
    assert_non_null(strstr(text, "model=none"));
    free(text);
    text = dump(&lv, 0, 1);
    assert_non_null(strstr(text, "heights: 9 x i16, -8 to 7:\n    0 1 2 3 4 5 6 7 -8\n"));
    free(text);
    rm_level_close(&lv);
    free(data);
}

/* A level file with a Latin-1 byte in a string (hostile: the builder writes
   ASCII only): the JSON dump is still valid UTF-8, the byte as \u00e9. */
static void test_dump_latin1(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = jol_example(&size);
    uint8_t *at = NULL;
    for (size_t i = 0; i + 8 <= size && !at; i++)
        if (memcmp(data + i, "My level", 8) == 0)
            at = data + i;
    assert_non_null(at);
    at[4] = 0xE9;                               /* "My l\xe9vel" */
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "ex.jol", NULL), RM_OK);
    char *json = dump(&lv, 1, 0);
    assert_non_null(strstr(json, "\"name\":\"My l\\u00e9vel\""));
    json_error_t err;
    json_t *root = json_loads(json, 0, &err);
    assert_non_null(root);
    json_decref(root);
    free(json);
    rm_level_close(&lv);
    /* Valid UTF-8 stays as it is ("é" as C3 A9: the old printer wrote
       \u00c3\u00a9, which reads back as two other characters). */
    at[4] = 0xC3;
    at[5] = 0xA9;
    assert_int_equal(rm_level_open(&lv, data, size, "ex.jol", NULL), RM_OK);
    json = dump(&lv, 1, 0);
    assert_non_null(strstr(json, "\"name\":\"My l\xc3\xa9" "el\""));
    free(json);
    rm_level_close(&lv);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_as_builder),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_shared_suffix),
        cmocka_unit_test(test_dump_text),
        cmocka_unit_test(test_dump_latin1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
