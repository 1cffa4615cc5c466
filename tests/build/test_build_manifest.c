/* tests/build/test_build_manifest.c - CD/RMBUILD.JSN: round trip,
   deterministic text, a broken one forgotten with a warning, a user's
   file of that name refused, names that leave the folder rejected. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/build.h"

static rm_build_hash H(const char *s)
{
    rm_build_hash h;
    rm_build_hash_bytes(s, strlen(s), &h);
    return h;
}

/* Two records, added out of order, inputs and outputs out of order. */
static void make(rm_build_manifest *m)
{
    rm_build_manifest_init(m);
    m->record_count = 2;
    m->records = calloc(2, sizeof *m->records);
    rm_build_record *lv = &m->records[0], *md = &m->records[1];
    lv->kind = RM_BUILD_LEVEL;
    snprintf(lv->name, sizeof lv->name, "ISLAND.JOL");
    lv->stamp = H("level stamp");
    lv->input_count = 1;
    lv->inputs = calloc(1, sizeof *lv->inputs);
    lv->inputs[0].path = strdup("levels/island.json");
    lv->inputs[0].hash = H("island");
    lv->output_count = 2;
    lv->outputs = calloc(2, sizeof *lv->outputs);
    snprintf(lv->outputs[0].name, 16, "TOWER_F.JOM");
    lv->outputs[0].hash = H("far");
    snprintf(lv->outputs[1].name, 16, "ISLAND.JOL");
    lv->outputs[1].hash = H("jol");
    md->kind = RM_BUILD_MODEL;
    snprintf(md->name, sizeof md->name, "ROBOT.JOM");
    md->stamp = H("model stamp");
    md->input_count = 2;
    md->inputs = calloc(2, sizeof *md->inputs);
    md->inputs[0].path = strdup("art/wall.png");
    md->inputs[0].hash = H("png");
    md->inputs[1].path = strdup("art/robot.obj");
    md->inputs[1].hash = H("obj");
    md->output_count = 2;
    md->outputs = calloc(2, sizeof *md->outputs);
    snprintf(md->outputs[0].name, 16, "WALL.BIN");
    md->outputs[0].hash = H("bin");
    snprintf(md->outputs[1].name, 16, "ROBOT.JOM");
    md->outputs[1].hash = H("jom");
}

static void round_trip(void **state)
{
    (void)state;
    rm_build_manifest m, back;
    make(&m);
    char *text = NULL, *again = NULL;
    size_t len = 0, len2 = 0;
    assert_int_equal(rm_build_manifest_format(&m, &text, &len), RM_OK);
    assert_int_equal(strlen(text), len);
    assert_int_equal(text[len - 1], '\n');
    assert_non_null(strstr(text, "\"retromesh_build\": 1"));
    assert_non_null(strstr(text, "\"tool\": \"retromesh "));
    /* Models before levels, inputs sorted by path. */
    assert_true(strstr(text, "ROBOT.JOM") < strstr(text, "ISLAND.JOL"));
    assert_true(strstr(text, "art/robot.obj") < strstr(text, "art/wall.png"));
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_build_manifest_parse(text, len, "cd/RMBUILD.JSN", &back, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(back.record_count, 2);
    assert_int_equal(back.records[0].kind, RM_BUILD_MODEL);
    assert_string_equal(back.records[0].name, "ROBOT.JOM");
    assert_string_equal(back.records[0].inputs[0].path, "art/robot.obj");
    assert_string_equal(back.records[0].outputs[0].name, "ROBOT.JOM");
    rm_build_hash s = H("model stamp");
    assert_true(rm_build_hash_equal(&back.records[0].stamp, &s));
    /* The same text again: deterministic, whatever the order it was made in. */
    assert_int_equal(rm_build_manifest_format(&back, &again, &len2), RM_OK);
    assert_int_equal(len, len2);
    assert_memory_equal(text, again, len);
    free(text);
    free(again);
    rm_build_manifest_free(&m);
    rm_build_manifest_free(&back);
    rm_diag_free(&d);
}

static void find_and_owns(void **state)
{
    (void)state;
    rm_build_manifest m;
    make(&m);
    const rm_build_record *r = rm_build_manifest_find(&m, RM_BUILD_MODEL, "robot.jom");
    assert_non_null(r);
    assert_string_equal(r->name, "ROBOT.JOM");
    assert_null(rm_build_manifest_find(&m, RM_BUILD_LEVEL, "ROBOT.JOM"));
    assert_non_null(rm_build_manifest_find(&m, RM_BUILD_LEVEL, "ISLAND.JOL"));
    assert_true(rm_build_manifest_owns(&m, "wall.bin"));
    assert_true(rm_build_manifest_owns(&m, "TOWER_F.JOM"));
    assert_false(rm_build_manifest_owns(&m, "README.TXT"));
    rm_build_manifest_free(&m);
}

static void expect_forgotten(const char *text, const char *words)
{
    rm_build_manifest m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_build_manifest_parse(text, strlen(text), "cd/RMBUILD.JSN", &m, &d), RM_OK);
    assert_int_equal(m.record_count, 0);
    assert_null(m.records);
    assert_int_equal(d.warnings, 1);
    assert_int_equal(d.errors, 0);
    const char *t = d.items[0].text;
    if (!strstr(t, words) || !strstr(t, "cd/RMBUILD.JSN: warning: ") ||
        !strstr(t, "the build forgets it (no file of the folder is removed)"))
        fail_msg("message: %s", t);
    rm_diag_free(&d);
}

#define GOOD_HASH "0123456789abcdef0123456789abcdef"
#define ENTRY(name, out) "{\"retromesh_build\": 1, \"entries\": [{\"kind\": \"model\", \"name\": \"" name \
    "\", \"stamp\": \"" GOOD_HASH "\", \"inputs\": [], \"outputs\": [{\"name\": \"" out "\", \"hash\": \"" GOOD_HASH "\"}]}]}"

static void corrupt_forgotten(void **state)
{
    (void)state;
    expect_forgotten("{\"retromesh_build\": 1, \"entries\": [", "line 1");
    expect_forgotten("{\"retromesh_build\": 2, \"entries\": []}", "not 1");
    expect_forgotten("{\"retromesh_build\": 1, \"entries\": {}}", "\"entries\"");
    expect_forgotten(ENTRY("ROBOT.JOM", "../ETC.BIN"), "/entries/0");
    expect_forgotten(ENTRY("ROBOT.JOM", "SUB/A.BIN"), "an output");
    expect_forgotten(ENTRY("ROBOT.JOM", ".."), "an output");
    expect_forgotten(ENTRY("ROBOT.JOM", "wall.bin"), "an output");
    expect_forgotten(ENTRY("../X.JOM", "A.BIN"), "\"name\"");
    expect_forgotten("{\"retromesh_build\": 1, \"entries\": [{\"kind\": \"model\", \"name\": \"A.JOM\", "
                     "\"stamp\": \"xyz\", \"inputs\": [], \"outputs\": []}]}", "\"stamp\"");
    expect_forgotten("{\"retromesh_build\": 1, \"entries\": [{\"kind\": \"sound\", \"name\": \"A.JOM\", "
                     "\"stamp\": \"" GOOD_HASH "\", \"inputs\": [], \"outputs\": []}]}", "\"kind\"");
    /* A good one parses (the macro is right). */
    rm_build_manifest m;
    const char *ok = ENTRY("ROBOT.JOM", "WALL.BIN");
    assert_int_equal(rm_build_manifest_parse(ok, strlen(ok), "x", &m, NULL), RM_OK);
    assert_int_equal(m.record_count, 1);
    assert_true(rm_build_manifest_owns(&m, "WALL.BIN"));
    rm_build_manifest_free(&m);
}

static void user_file_refused(void **state)
{
    (void)state;
    const char *texts[] = {"{\"name\": \"my notes\"}", "[1, 2]"};
    for (int i = 0; i < 2; i++) {
        rm_build_manifest m;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_build_manifest_parse(texts[i], strlen(texts[i]), "cd/RMBUILD.JSN", &m, &d),
                         RM_INVALID);
        assert_int_equal(m.record_count, 0);
        assert_int_equal(d.errors, 1);
        assert_non_null(strstr(d.items[0].text, "cd/RMBUILD.JSN: error: not a retromesh build manifest"));
        assert_non_null(strstr(d.items[0].text, "not written over"));
        rm_diag_free(&d);
    }
}

static void read_from_folder(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_build_manifest_XXXXXX";
    assert_non_null(mkdtemp(dir));
    rm_build_manifest m;
    rm_diag d;
    rm_diag_init(&d);
    /* None: empty, no message. */
    assert_int_equal(rm_build_manifest_read(dir, &m, &d), RM_OK);
    assert_int_equal(m.record_count, 0);
    assert_int_equal(d.count, 0);
    rm_build_manifest made;
    make(&made);
    char *text;
    size_t len;
    assert_int_equal(rm_build_manifest_format(&made, &text, &len), RM_OK);
    char path[300];
    snprintf(path, sizeof path, "%s/" RM_BUILD_MANIFEST, dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(text, 1, len, f);
    fclose(f);
    assert_int_equal(rm_build_manifest_read(dir, &m, &d), RM_OK);
    assert_int_equal(m.record_count, 2);
    assert_int_equal(d.count, 0);
    rm_build_manifest_free(&m);
    rm_build_manifest_free(&made);
    free(text);
    unlink(path);
    rmdir(dir);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(find_and_owns),
        cmocka_unit_test(corrupt_forgotten),
        cmocka_unit_test(user_file_refused),
        cmocka_unit_test(read_from_folder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
