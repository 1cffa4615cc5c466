/* The skeleton JSON reader: every field, the defaults, fps, and every error
   and warning with its exact message and position.

   How the positions are worked out: in most inputs the value (or key) the
   message is about starts a line, after two spaces, so it is at column 3 of
   a line counted by hand; the others say how they are counted. jansson's
   own syntax errors point at the last character of the token it read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/skeleton.h"

static rm_status parse(const char *text, rm_skeleton *s, rm_diag *d)
{
    return rm_skeleton_parse(text, strlen(text), "rig.json", s, d);
}

static void dump(const rm_diag *d)
{
    for (size_t i = 0; i < d->count; i++)
        fprintf(stderr, "  got: %s\n", d->items[i].text);
}

static bool has_message(const rm_diag *d, rm_severity sev, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (d->items[i].severity == sev && strcmp(d->items[i].text, text) == 0)
            return true;
    return false;
}

/* The text is refused with exactly one error, this one. */
static void expect_error(const char *text, const char *message)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_skeleton s;
    rm_status st = parse(text, &s, &d);
    if (st != RM_INVALID || d.errors != 1 || !has_message(&d, RM_ERROR, message)) {
        fprintf(stderr, "input: %s\nwant: %s\n", text, message);
        dump(&d);
    }
    assert_int_equal(st, RM_INVALID);
    assert_int_equal(d.errors, 1);
    assert_true(has_message(&d, RM_ERROR, message));
    /* Left empty on error. */
    assert_null(s.bones);
    assert_null(s.animations);
    assert_null(s.source);
    assert_int_equal(s.bone_count, 0);
    rm_diag_free(&d);
}

/* The text is accepted with exactly one warning, this one. */
static void expect_warning(const char *text, const char *message)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_skeleton s;
    rm_status st = parse(text, &s, &d);
    if (st != RM_OK || d.warnings != 1 || !has_message(&d, RM_WARNING, message)) {
        fprintf(stderr, "input: %s\nwant: %s\n", text, message);
        dump(&d);
    }
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.warnings, 1);
    assert_true(has_message(&d, RM_WARNING, message));
    rm_skeleton_free(&s);
    rm_diag_free(&d);
}

/* Parses a text that must be valid, without any message. */
static void parse_ok(const char *text, rm_skeleton *s)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = parse(text, s, &d);
    if (st != RM_OK || d.count)
        dump(&d);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
}

#define ASSERT_POS(p, l, c)                  \
    do {                                     \
        assert_int_equal((p).line, (l));     \
        assert_int_equal((p).col, (c));      \
    } while (0)

/* ---- valid files ------------------------------------------------------- */

/* tests/fixtures/skeleton/rig.json is the example of the issue. Positions,
   counted on its lines:
     line 4: `    {"name": "leg_l", "group": "leg_l", "parent": "hips", "pivot": [...` :
             '{' col 5, the group value col 32, the pivot '[' col 68
     line 5: muzzle's '{' col 5 (no group: group_at is the object)
     line 8: `    {"name": "walk", ...`: col 5
     line 9: `     "keys": [ {"root": [0, 0, 0], ...`: the key '{' col 16, root '[' col 25
     line 10: 15 spaces then the second key: col 16 (no root: root_at is the key). */
static void the_example(void **state)
{
    (void)state;
    rm_skeleton s;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_skeleton_read_file(RM_FIXTURES "/skeleton/rig.json", &s, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_string_equal(s.source, RM_FIXTURES "/skeleton/rig.json");

    assert_int_equal(s.bone_count, 3);
    assert_string_equal(s.bones[0].name, "hips");
    assert_string_equal(s.bones[0].group, "body");
    assert_int_equal(s.bones[0].parent, -1);
    assert_true(s.bones[0].pivot[0] == 0.0 && s.bones[0].pivot[1] == 1.0 && s.bones[0].pivot[2] == 0.0);
    assert_string_equal(s.bones[1].name, "leg_l");
    assert_string_equal(s.bones[1].group, "leg_l");
    assert_int_equal(s.bones[1].parent, 0);
    assert_true(s.bones[1].pivot[0] == 0.2 && s.bones[1].pivot[1] == 0.9 && s.bones[1].pivot[2] == 0.0);
    assert_string_equal(s.bones[2].name, "muzzle");
    assert_null(s.bones[2].group);
    assert_int_equal(s.bones[2].parent, 0);
    assert_true(s.bones[2].pivot[1] == 1.2 && s.bones[2].pivot[2] == 0.8);

    assert_int_equal(s.animation_count, 1);
    const rm_skeleton_animation *a = &s.animations[0];
    assert_string_equal(a->name, "walk");
    assert_int_equal(a->key_ticks, 6);
    assert_true(a->loop);
    assert_int_equal(a->key_count, 2);
    /* Key 0: root given, only leg_l turns. */
    for (int i = 0; i < 3; i++) {
        assert_true(a->keys[0].root[i] == 0.0);
        assert_true(a->keys[0].angles[0][i] == 0.0);
        assert_true(a->keys[0].angles[2][i] == 0.0);
        assert_true(a->keys[1].root[i] == 0.0);    /* no root: 0 0 0 */
        assert_true(a->keys[1].angles[0][i] == 0.0);
    }
    assert_true(a->keys[0].angles[1][0] == 30.0 && a->keys[0].angles[1][1] == 0.0);
    assert_true(a->keys[1].angles[1][0] == -30.0);
    /* The rows of the keys are one block, key after key. */
    assert_ptr_equal(a->keys[0].angles, a->angle_block);
    assert_ptr_equal(a->keys[1].angles, a->angle_block + 3);

    ASSERT_POS(s.bones[1].at, 4, 5);
    ASSERT_POS(s.bones[1].group_at, 4, 32);
    ASSERT_POS(s.bones[1].pivot_at, 4, 68);
    ASSERT_POS(s.bones[2].at, 5, 5);
    ASSERT_POS(s.bones[2].group_at, 5, 5);
    ASSERT_POS(a->at, 8, 5);
    ASSERT_POS(a->keys[0].at, 9, 16);
    ASSERT_POS(a->keys[0].root_at, 9, 25);
    ASSERT_POS(a->keys[1].at, 10, 16);
    ASSERT_POS(a->keys[1].root_at, 10, 16);
    rm_skeleton_free(&s);
    assert_null(s.bones);
    rm_skeleton_free(&s);   /* twice is harmless */
    rm_diag_free(&d);
}

static void defaults(void **state)
{
    (void)state;
    rm_skeleton s;
    /* No animations at all; null group and parent; no pivot. */
    parse_ok("{\"bones\": [{\"name\": \"a\", \"group\": null, \"parent\": null}]}", &s);
    assert_int_equal(s.bone_count, 1);
    assert_null(s.bones[0].group);
    assert_int_equal(s.bones[0].parent, -1);
    assert_true(s.bones[0].pivot[0] == 0.0 && s.bones[0].pivot[1] == 0.0 && s.bones[0].pivot[2] == 0.0);
    assert_int_equal(s.animation_count, 0);
    assert_null(s.animations);
    rm_skeleton_free(&s);
    parse_ok("{\"bones\": [{\"name\": \"a\"}], \"animations\": null}", &s);
    assert_int_equal(s.animation_count, 0);
    rm_skeleton_free(&s);
    parse_ok("{\"animations\": [], \"bones\": [{\"name\": \"a\"}]}", &s);
    assert_int_equal(s.animation_count, 0);
    rm_skeleton_free(&s);
    /* loop false by default; an empty key is all zeros; 6.0 is a whole number. */
    parse_ok("{\"bones\": [{\"name\": \"a\"}, {\"name\": \"b\", \"parent\": \"a\"}],"
             " \"animations\": [{\"name\": \"w\", \"key_ticks\": 6.0, \"keys\": [{}, {\"angles\": {}}]}]}",
             &s);
    assert_false(s.animations[0].loop);
    assert_int_equal(s.animations[0].key_ticks, 6);
    assert_int_equal(s.animations[0].key_count, 2);
    for (size_t k = 0; k < 2; k++)
        for (size_t b = 0; b < 2; b++)
            for (int i = 0; i < 3; i++)
                assert_true(s.animations[0].keys[k].angles[b][i] == 0.0);
    rm_skeleton_free(&s);
    /* loop false written out; key_ticks at both ends of the range. */
    parse_ok("{\"bones\": [{\"name\": \"a\"}], \"animations\": ["
             "{\"name\": \"x\", \"key_ticks\": 1, \"loop\": false, \"keys\": [{}]},"
             "{\"name\": \"y\", \"key_ticks\": 65535, \"keys\": [{}]}]}",
             &s);
    assert_false(s.animations[0].loop);
    assert_int_equal(s.animations[0].key_ticks, 1);
    assert_int_equal(s.animations[1].key_ticks, 65535);
    rm_skeleton_free(&s);
}

static void numbers(void **state)
{
    (void)state;
    rm_skeleton s;
    /* Integers too big for jansson's integers are read as doubles (the
       range is the converter's business); exponents; negative zero. */
    parse_ok("{\"bones\": [{\"name\": \"a\", \"pivot\": [123456789012345678901234567890, 1e2, -0]}],"
             " \"animations\": [{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"root\": [1.5, -2, 3e-1],"
             " \"angles\": {\"a\": [359.99, -90, 1e3]}}]}]}",
             &s);
    assert_true(s.bones[0].pivot[0] == 123456789012345678901234567890.0);
    assert_true(s.bones[0].pivot[1] == 100.0);
    assert_true(s.bones[0].pivot[2] == 0.0);
    assert_true(s.animations[0].keys[0].root[0] == 1.5);
    assert_true(s.animations[0].keys[0].root[1] == -2.0);
    assert_true(s.animations[0].keys[0].root[2] == 0.3);
    assert_true(s.animations[0].keys[0].angles[0][0] == 359.99);
    assert_true(s.animations[0].keys[0].angles[0][1] == -90.0);
    assert_true(s.animations[0].keys[0].angles[0][2] == 1000.0);
    rm_skeleton_free(&s);
}

static uint16_t ticks_of_fps(const char *fps)
{
    char text[256];
    snprintf(text, sizeof text,
             "{\"bones\": [{\"name\": \"a\"}], \"animations\": [{\"name\": \"w\", \"fps\": %s, "
             "\"keys\": [{}]}]}",
             fps);
    rm_skeleton s;
    parse_ok(text, &s);
    uint16_t t = s.animations[0].key_ticks;
    rm_skeleton_free(&s);
    return t;
}

static void fps(void **state)
{
    (void)state;
    /* key_ticks = 60 / fps. */
    assert_int_equal(ticks_of_fps("60"), 1);
    assert_int_equal(ticks_of_fps("30"), 2);
    assert_int_equal(ticks_of_fps("12"), 5);
    assert_int_equal(ticks_of_fps("1"), 60);
    assert_int_equal(ticks_of_fps("7.5"), 8);
    assert_int_equal(ticks_of_fps("0.5"), 120);
    /* 1/3 written with enough digits: within one part in a billion of 180. */
    assert_int_equal(ticks_of_fps("0.3333333333333"), 180);
    /* The smallest fps: 60 / 65535. */
    assert_int_equal(ticks_of_fps("0.000915541313801785"), 65535);
}

static void bom_is_skipped(void **state)
{
    (void)state;
    rm_skeleton s;
    parse_ok("\xEF\xBB\xBF{\"bones\": [{\"name\": \"a\"}]}", &s);
    assert_int_equal(s.bone_count, 1);
    rm_skeleton_free(&s);
    /* Columns on line 1 do not count the mark: `{"bones": 5}` -> 5 at col 11. */
    expect_error("\xEF\xBB\xBF{\"bones\": 5}",
                 "rig.json:1:11: error: bones must be a list of bones [{\"name\": ...}, ...], not a number");
}

static void names_utf8_and_escapes(void **state)
{
    (void)state;
    rm_skeleton s;
    /* Names are UTF-8 as written; escapes are decoded (and found again by
       the position search: the bone "é" is named "\u00e9" in angles). */
    parse_ok("{\"bones\": [{\"name\": \"\xc3\xa9paule\"}, {\"name\": \"b\\\"q\", \"parent\": \"\\u00e9paule\"}],"
             " \"animations\": [{\"name\": \"w\", \"key_ticks\": 2, \"keys\": [{\"angles\": "
             "{\"\\u00e9paule\": [1, 2, 3]}}]}]}",
             &s);
    assert_string_equal(s.bones[0].name, "\xc3\xa9paule");
    assert_string_equal(s.bones[1].name, "b\"q");
    assert_int_equal(s.bones[1].parent, 0);
    assert_true(s.animations[0].keys[0].angles[0][2] == 3.0);
    rm_skeleton_free(&s);
}

/* ---- errors: JSON ------------------------------------------------------ */

static void json_errors(void **state)
{
    (void)state;
    /* `{"bones": [}`: the '}' is the 12th character. */
    expect_error("{\"bones\": [}", "rig.json:1:12: error: invalid JSON: unexpected token near '}'");
    /* Line 2 `  "bones": []}`: the second key ends at col 9. */
    expect_error("{\"bones\": [],\n  \"bones\": []}",
                 "rig.json:2:9: error: invalid JSON: duplicate object key near '\"bones\"'");
    /* Nothing at all: jansson has no column (0), so none is printed. */
    expect_error("", "rig.json:1: error: invalid JSON: '[' or '{' expected near end of file");
    /* A zero byte in the text is not JSON (and does not end it early). */
    rm_diag d;
    rm_diag_init(&d);
    rm_skeleton s;
    const char nul[] = "{\"bones\": [{\"name\": \"a\"}]}\0 ";
    assert_int_equal(rm_skeleton_parse(nul, sizeof nul - 1, "rig.json", &s, &d), RM_INVALID);
    assert_int_equal(d.errors, 1);
    rm_diag_free(&d);
    /* A raw line break inside a string: the message stays on one line. */
    rm_diag_init(&d);
    assert_int_equal(parse("{\"bones\": [{\"name\": \"a\nb\"}]}", &s, &d), RM_INVALID);
    assert_int_equal(d.errors, 1);
    assert_null(strchr(d.items[0].text, '\n'));
    assert_int_equal(strncmp(d.items[0].text, "rig.json:", 9), 0);
    rm_diag_free(&d);
    /* No file name: "<skeleton>". */
    rm_diag_init(&d);
    assert_int_equal(rm_skeleton_parse("[", 1, NULL, &s, &d), RM_INVALID);
    assert_int_equal(strncmp(d.items[0].text, "<skeleton>:", 11), 0);
    rm_diag_free(&d);
}

/* ---- errors: the top, and the bones ----------------------------------- */

static void top_errors(void **state)
{
    (void)state;
    expect_error("[1]", "rig.json:1:1: error: a skeleton is a JSON object {\"bones\": [...], "
                        "\"animations\": [...]}, not an array");
    expect_error("{\"bones\": [{\"name\": \"a\"}],\n  \"bone\": 1}",
                 "rig.json:2:3: error: unknown key \"bone\" (the file has: bones, animations)");
    expect_error("{}", "rig.json:1:1: error: no \"bones\": a skeleton needs a list of at least one bone");
    expect_error("{\"bones\":\n  {}}",
                 "rig.json:2:3: error: bones must be a list of bones [{\"name\": ...}, ...], not an object");
    expect_error("{\"bones\":\n  []}", "rig.json:2:3: error: bones is empty: a skeleton needs at least one bone");
    expect_error("{\"bones\": [{\"name\": \"a\"}], \"animations\":\n  {}}",
                 "rig.json:2:3: error: animations must be a list of animations [{\"name\": ...}, ...], "
                 "not an object");
    /* A misspelt "bones": both problems are said. */
    rm_diag d;
    rm_diag_init(&d);
    rm_skeleton s;
    assert_int_equal(parse("{\"bone\": []}", &s, &d), RM_INVALID);
    assert_int_equal(d.errors, 2);
    assert_true(has_message(&d, RM_ERROR, "rig.json:1:2: error: unknown key \"bone\" (the file has: bones, animations)"));
    rm_diag_free(&d);
}

/* "{"bones": [\n" then n lines `  {"name": "bK"},`: bone K is on line K + 2. */
static char *many_bones(size_t n)
{
    char *t = malloc(32 * n + 32);
    assert_non_null(t);
    size_t o = (size_t)sprintf(t, "{\"bones\": [\n");
    for (size_t k = 0; k < n; k++)
        o += (size_t)sprintf(t + o, "  {\"name\": \"b%zu\"}%s\n", k, k + 1 < n ? "," : "");
    sprintf(t + o, "]}");
    return t;
}

static void bone_count_limit(void **state)
{
    (void)state;
    char *t = many_bones(32);
    rm_skeleton s;
    parse_ok(t, &s);
    assert_int_equal(s.bone_count, 32);
    rm_skeleton_free(&s);
    free(t);
    t = many_bones(33);
    /* bones[32] is on line 34. */
    expect_error(t, "rig.json:34:3: error: 33 bones, at most 32 (JO_3D_MAX_BONES)");
    free(t);
}

static void bone_errors(void **state)
{
    (void)state;
    expect_error("{\"bones\": [\n  7]}",
                 "rig.json:2:3: error: bones[0]: a bone must be an object {\"name\": ..., \"group\": ..., "
                 "\"parent\": ..., \"pivot\": [x, y, z]}, not a number");
    expect_error("{\"bones\": [\n  {\"group\": \"g\"}]}", "rig.json:2:3: error: bones[0]: a bone needs a \"name\"");
    expect_error("{\"bones\": [{\"name\":\n  1}]}", "rig.json:2:3: error: bones[0]: name must be a string, not a number");
    expect_error("{\"bones\": [{\"name\":\n  \"\"}]}", "rig.json:2:3: error: bones[0]: name is empty");
    expect_error("{\"bones\": [{\"name\":\n  \"a\\tb\"}]}",
                 "rig.json:2:3: error: bones[0]: name has a control character (byte 0x09)");
    expect_error("{\"bones\": [{\"name\": \"a\"}, {\"name\":\n  \"a\"}]}",
                 "rig.json:2:3: error: bones[1] \"a\": bones[0] has the same name");
    expect_error("{\"bones\": [{\"name\": \"a\",\n  \"pivto\": [0, 0, 0]}]}",
                 "rig.json:2:3: error: bones[0] \"a\": unknown key \"pivto\" (a bone has: name, group, parent, pivot)");
    /* group */
    expect_error("{\"bones\": [{\"name\": \"a\", \"group\":\n  5}]}",
                 "rig.json:2:3: error: bones[0] \"a\": group must be the name of an OBJ o/g group (a string) or "
                 "null, not a number");
    expect_error("{\"bones\": [{\"name\": \"a\", \"group\":\n  \"\"}]}",
                 "rig.json:2:3: error: bones[0] \"a\": group is empty (leave it out, or null, for a bone without "
                 "polygons)");
    expect_error("{\"bones\": [{\"name\": \"a\", \"group\": \"g\"},\n {\"name\": \"b\", \"group\":\n  \"g\"}]}",
                 "rig.json:3:3: error: bones[1] \"b\": group \"g\" is already moved by bones[0] \"a\" (a group "
                 "belongs to one bone at most)");
    /* parent */
    expect_error("{\"bones\": [{\"name\": \"a\", \"parent\":\n  true}]}",
                 "rig.json:2:3: error: bones[0] \"a\": parent must be the name of a bone listed before it (a "
                 "string) or null, not true");
    expect_error("{\"bones\": [{\"name\": \"a\"}, {\"name\": \"b\", \"parent\":\n  \"zz\"}]}",
                 "rig.json:2:3: error: bones[1] \"b\": parent \"zz\" is not a bone");
    expect_error("{\"bones\": [{\"name\": \"a\", \"parent\":\n  \"a\"}]}",
                 "rig.json:2:3: error: bones[0] \"a\": a bone cannot be its own parent");
    expect_error("{\"bones\": [{\"name\": \"a\", \"parent\":\n  \"b\"}, {\"name\": \"b\"}]}",
                 "rig.json:2:3: error: bones[0] \"a\": parent \"b\" comes after it (bones[1]); a parent must be "
                 "listed before its children");
    /* pivot */
    expect_error("{\"bones\": [{\"name\": \"a\", \"pivot\":\n  \"up\"}]}",
                 "rig.json:2:3: error: bones[0] \"a\": pivot must be three numbers [x, y, z] (the joint, in the "
                 "OBJ's units and axes), not a string");
    expect_error("{\"bones\": [{\"name\": \"a\", \"pivot\":\n  [1, 2]}]}",
                 "rig.json:2:3: error: bones[0] \"a\": pivot must be three numbers [x, y, z] (the joint, in the "
                 "OBJ's units and axes), not an array of 2");
    expect_error("{\"bones\": [{\"name\": \"a\", \"pivot\": [1,\n  null, 3]}]}",
                 "rig.json:2:3: error: bones[0] \"a\": pivot must be three numbers [x, y, z] (the joint, in the "
                 "OBJ's units and axes): [1] is null");
}

/* ---- errors: the animations -------------------------------------------- */

/* One bone "a", then the animations from line 2. */
#define B "{\"bones\": [{\"name\": \"a\"}],\n \"animations\": "

static void animation_errors(void **state)
{
    (void)state;
    expect_error(B "[\n  1]}",
                 "rig.json:3:3: error: animations[0]: an animation must be an object {\"name\": ..., "
                 "\"key_ticks\": ..., \"loop\": ..., \"keys\": [...]}, not a number");
    expect_error(B "[\n  {\"key_ticks\": 1, \"keys\": [{}]}]}",
                 "rig.json:3:3: error: animations[0]: an animation needs a \"name\"");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{}],\n  \"speed\": 2}]}",
                 "rig.json:3:3: error: animations[0] \"w\": unknown key \"speed\" (an animation has: name, "
                 "key_ticks, fps, loop, keys)");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{}],\n  \"fps\": 2}]}",
                 "rig.json:3:3: error: animations[0] \"w\": give key_ticks or fps, not both");
    expect_error(B "[\n  {\"name\": \"w\", \"keys\": [{}]}]}",
                 "rig.json:3:3: error: animations[0] \"w\": an animation needs \"key_ticks\" (ticks between two "
                 "keys, 60 a second) or \"fps\" (keys per second)");
    expect_error(B "[{\"name\": \"w\", \"keys\": [{}], \"loop\":\n  1, \"key_ticks\": 1}]}",
                 "rig.json:3:3: error: animations[0] \"w\": loop must be true or false, not a number");
    /* keys */
    expect_error(B "[\n  {\"name\": \"w\", \"key_ticks\": 1}]}",
                 "rig.json:3:3: error: animations[0] \"w\": an animation needs \"keys\": a list of at least one key");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\":\n  {}}]}",
                 "rig.json:3:3: error: animations[0] \"w\": keys must be a list of keys [{\"root\": ..., "
                 "\"angles\": ...}, ...], not an object");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\":\n  []}]}",
                 "rig.json:3:3: error: animations[0] \"w\": keys is empty: an animation needs at least one key");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{},\n  []]}]}",
                 "rig.json:3:3: error: animations[0] \"w\" keys[1]: a key must be an object {\"root\": [x, y, "
                 "z], \"angles\": {...}}, not an array");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\n  \"angle\": {}}]}]}",
                 "rig.json:3:3: error: animations[0] \"w\" keys[0]: unknown key \"angle\" (a key has: root, angles)");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"root\":\n  [0, 0]}]}]}",
                 "rig.json:3:3: error: animations[0] \"w\" keys[0]: root must be three numbers [x, y, z] (the "
                 "offset of the whole model, in the OBJ's units and axes), not an array of 2");
    /* angles */
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"angles\":\n  [1, 2, 3]}]}]}",
                 "rig.json:3:3: error: animations[0] \"w\" keys[0]: angles must be an object {\"bone\": [x, y, "
                 "z], ...} (degrees), not an array");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"angles\": {\n  \"leg\": [0, 0, 0]}}]}]}",
                 "rig.json:3:3: error: animations[0] \"w\" keys[0]: angles name \"leg\", which is not a bone");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"angles\": {\n  \"A\": [0, 0, 0]}}]}]}",
                 "rig.json:3:3: error: animations[0] \"w\" keys[0]: angles name \"A\", which is not a bone (did "
                 "you mean \"a\"?)");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"angles\": {\"a\":\n  5}}]}]}",
                 "rig.json:3:3: error: animations[0] \"w\" keys[0]: angles of \"a\" must be three numbers [x, y, "
                 "z] (degrees around the OBJ's X, Y, Z), not a number");
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"angles\": {\"a\":\n  [0, 0, 0, 0]}}]}]}",
                 "rig.json:3:3: error: animations[0] \"w\" keys[0]: angles of \"a\" must be three numbers [x, y, "
                 "z] (degrees around the OBJ's X, Y, Z), not an array of 4");
    /* The element itself: `  [1, "2", 3]` -> "2" at col 7. */
    expect_error(B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\": [{\"angles\": {\"a\":\n  [1, \"2\", 3]}}]}]}",
                 "rig.json:3:7: error: animations[0] \"w\" keys[0]: angles of \"a\" must be three numbers [x, y, "
                 "z] (degrees around the OBJ's X, Y, Z): [1] is a string");
}

static void expect_timing_error(const char *field, const char *value, const char *message)
{
    char text[512];
    snprintf(text, sizeof text, B "[{\"name\": \"w\", \"keys\": [{}], \"%s\":\n  %s}]}", field, value);
    expect_error(text, message);
}

static void timing_errors(void **state)
{
    (void)state;
    expect_timing_error("key_ticks", "0",
                        "rig.json:3:3: error: animations[0] \"w\": key_ticks must be a whole number from 1 to "
                        "65535 (got 0)");
    expect_timing_error("key_ticks", "1.5",
                        "rig.json:3:3: error: animations[0] \"w\": key_ticks must be a whole number from 1 to "
                        "65535 (got 1.5)");
    expect_timing_error("key_ticks", "65536",
                        "rig.json:3:3: error: animations[0] \"w\": key_ticks must be a whole number from 1 to "
                        "65535 (got 65536)");
    expect_timing_error("key_ticks", "-6",
                        "rig.json:3:3: error: animations[0] \"w\": key_ticks must be a whole number from 1 to "
                        "65535 (got -6)");
    expect_timing_error("key_ticks", "\"6\"",
                        "rig.json:3:3: error: animations[0] \"w\": key_ticks must be a whole number from 1 to "
                        "65535, not a string");
    /* 60 / 24 = 2.5; 60 / 120 = 0.5; 60 / 0.0001 = 600000. */
    expect_timing_error("fps", "24",
                        "rig.json:3:3: error: animations[0] \"w\": fps 24 gives 2.5 ticks between keys; the "
                        "engine counts whole ticks (60 a second): use an fps that divides 60 (60, 30, 20, 15, "
                        "12, 10, 6, 5, 4, 3, 2, 1), or key_ticks");
    expect_timing_error("fps", "120",
                        "rig.json:3:3: error: animations[0] \"w\": fps 120 gives 0.5 ticks between keys; the "
                        "engine counts whole ticks (60 a second): use an fps that divides 60 (60, 30, 20, 15, "
                        "12, 10, 6, 5, 4, 3, 2, 1), or key_ticks");
    expect_timing_error("fps", "0.0001",
                        "rig.json:3:3: error: animations[0] \"w\": fps 0.0001 gives 600000 ticks between keys, "
                        "at most 65535");
    expect_timing_error("fps", "0",
                        "rig.json:3:3: error: animations[0] \"w\": fps must be a number greater than 0 (got 0)");
    expect_timing_error("fps", "-5",
                        "rig.json:3:3: error: animations[0] \"w\": fps must be a number greater than 0 (got -5)");
    expect_timing_error("fps", "\"fast\"",
                        "rig.json:3:3: error: animations[0] \"w\": fps must be a number greater than 0, not a "
                        "string");
}

static void key_count_limit(void **state)
{
    (void)state;
    /* 65536 keys "{}" on line 3, from col 3: the '[' of keys. */
    size_t n = 65536;
    char *t = malloc(256 + 3 * n);
    assert_non_null(t);
    size_t o = (size_t)sprintf(t, B "[{\"name\": \"w\", \"key_ticks\": 1, \"keys\":\n  [");
    for (size_t k = 0; k < n; k++)
        o += (size_t)sprintf(t + o, "{}%s", k + 1 < n ? "," : "");
    sprintf(t + o, "]}]}");
    expect_error(t, "rig.json:3:3: error: animations[0] \"w\": 65536 keys, at most 65535");
    /* One fewer is fine: cut the last ",{}" (3 bytes). */
    o -= 3;
    sprintf(t + o, "]}]}");
    rm_skeleton s;
    parse_ok(t, &s);
    assert_int_equal(s.animations[0].key_count, 65535);
    rm_skeleton_free(&s);
    free(t);
}

/* ---- several errors, warnings ------------------------------------------ */

static void every_error_is_reported(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_skeleton s;
    /* Two bones wrong, one animation wrong: three errors, in order. */
    assert_int_equal(parse("{\"bones\": [{\"name\": \"a\", \"parent\": \"x\"}, {\"name\": \"b\", \"pivot\": 1}],\n"
                           " \"animations\": [{\"name\": \"w\", \"fps\": 7, \"keys\": [{}]}]}",
                           &s, &d),
                     RM_INVALID);
    assert_int_equal(d.errors, 3);
    /* Line 1: `{"bones": [{"name": "a", "parent": "x"}, {"name": "b", "pivot": 1}],`
       "x" is at col 36, 1 at col 65. Line 2: ` "animations": [{"name": "w", "fps": 7,`
       7 at col 38. */
    assert_string_equal(d.items[0].text, "rig.json:1:36: error: bones[0] \"a\": parent \"x\" is not a bone");
    assert_string_equal(d.items[1].text,
                        "rig.json:1:65: error: bones[1] \"b\": pivot must be three numbers [x, y, z] (the joint, "
                        "in the OBJ's units and axes), not a number");
    const char *third = "rig.json:2:38: error: animations[0] \"w\": fps 7 gives";
    assert_int_equal(strncmp(d.items[2].text, third, strlen(third)), 0);
    rm_diag_free(&d);

    /* A bone without a valid name: angles naming it are not a second error. */
    rm_diag_init(&d);
    assert_int_equal(parse("{\"bones\": [{\"name\": 5}], \"animations\": [{\"name\": \"w\", \"key_ticks\": 1,"
                           " \"keys\": [{\"angles\": {\"5\": [0, 0, 0]}}]}]}",
                           &s, &d),
                     RM_INVALID);
    assert_int_equal(d.errors, 1);
    rm_diag_free(&d);
}

static void only_the_first_messages_are_located(void **state)
{
    (void)state;
    /* 120 animations with a bad loop, one a line from line 3: the first 100
       messages have a line, the others only the path. */
    char *t = malloc(120 * 80 + 64);
    assert_non_null(t);
    size_t o = (size_t)sprintf(t, B "[\n");
    for (int i = 0; i < 120; i++)
        o += (size_t)sprintf(t + o, "  {\"name\": \"a%d\", \"key_ticks\": 1, \"keys\": [{}], \"loop\": 1}%s\n", i,
                             i < 119 ? "," : "");
    sprintf(t + o, "]}");
    rm_diag d;
    rm_diag_init(&d);
    rm_skeleton s;
    assert_int_equal(parse(t, &s, &d), RM_INVALID);
    assert_int_equal(d.errors, 120);
    /* Line 3 + 99: `  {"name": "a99", "key_ticks": 1, "keys": [{}], "loop": 1}`:
       the 1 of loop at col 57. */
    assert_string_equal(d.items[99].text,
                        "rig.json:102:57: error: animations[99] \"a99\": loop must be true or false, not a number");
    assert_string_equal(d.items[100].text,
                        "rig.json: error: animations[100] \"a100\": loop must be true or false, not a number");
    rm_diag_free(&d);
    free(t);
}

static void warnings(void **state)
{
    (void)state;
    /* Names longer than 15 bytes are cut in the model. `{"bones": [{"name":\n  "..."` */
    expect_warning("{\"bones\": [{\"name\":\n  \"a_very_long_bone\"}]}",
                   "rig.json:2:3: warning: bones[0]: name \"a_very_long_bone\" is cut to 15 bytes in the model "
                   "(\"a_very_long_bon\")");
    /* Names the engine does not tell apart (case, or the first 15 bytes). */
    expect_warning("{\"bones\": [{\"name\": \"Arm\"}, {\"name\":\n  \"arm\"}]}",
                   "rig.json:2:3: warning: bones[1] \"arm\": the name is the same as bones[0] \"Arm\" for "
                   "jo_3d_model_find_bone() (first 15 bytes, case ignored): it finds bones[0] \"Arm\" only");
    rm_diag d;
    rm_diag_init(&d);
    rm_skeleton s;
    assert_int_equal(parse("{\"bones\": [{\"name\": \"abcdefghijklmnoX\"}, {\"name\": \"abcdefghijklmnoY\"}]}",
                           &s, &d),
                     RM_OK);
    assert_int_equal(d.warnings, 3);    /* two cut names, one clash */
    assert_true(has_message(&d, RM_WARNING,
                            "rig.json:1:51: warning: bones[1] \"abcdefghijklmnoY\": the name is the same as "
                            "bones[0] \"abcdefghijklmnoX\" for jo_3d_model_find_bone() (first 15 bytes, case "
                            "ignored): it finds bones[0] \"abcdefghijklmnoX\" only"));
    rm_skeleton_free(&s);
    rm_diag_free(&d);
    /* Two animations with the same name: the loader's duplicate flag. */
    expect_warning(B "[{\"name\": \"walk\", \"key_ticks\": 1, \"keys\": [{}]},\n {\"key_ticks\": 1, \"keys\": [{}], "
                     "\"name\":\n  \"Walk\"}]}",
                   "rig.json:4:3: warning: animations[1] \"Walk\": the name is the same as animations[0] \"walk\" "
                   "for jo_3d_model_find_animation() (first 15 bytes, case ignored): it finds animations[0] "
                   "\"walk\" only, and the loader marks this one as a duplicate");
}

static void files(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_skeleton s;
    assert_int_equal(rm_skeleton_read_file(RM_FIXTURES "/skeleton/no_such_file.json", &s, &d), RM_IO);
    assert_int_equal(d.errors, 1);
    assert_null(s.bones);
    rm_diag_free(&d);
    /* A NULL text with a size is a usage error; NULL and 0 is an empty text. */
    rm_diag_init(&d);
    assert_int_equal(rm_skeleton_parse(NULL, 5, "x.json", &s, &d), RM_USAGE);
    assert_int_equal(rm_skeleton_parse(NULL, 0, "x.json", &s, &d), RM_INVALID);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_example),
        cmocka_unit_test(defaults),
        cmocka_unit_test(numbers),
        cmocka_unit_test(fps),
        cmocka_unit_test(bom_is_skipped),
        cmocka_unit_test(names_utf8_and_escapes),
        cmocka_unit_test(json_errors),
        cmocka_unit_test(top_errors),
        cmocka_unit_test(bone_count_limit),
        cmocka_unit_test(bone_errors),
        cmocka_unit_test(animation_errors),
        cmocka_unit_test(timing_errors),
        cmocka_unit_test(key_count_limit),
        cmocka_unit_test(every_error_is_reported),
        cmocka_unit_test(only_the_first_messages_are_located),
        cmocka_unit_test(warnings),
        cmocka_unit_test(files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
