/* tests/build/test_build_project.c - the project file: every field, the
   defaults, the messages (all problems, each with its JSON pointer), the
   canonical options text, the project of `convert A B --out-dir`. */
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

static char root[64];

static void put(const char *rel, const char *text)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void sub(const char *rel)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    assert_int_equal(mkdir(path, 0700), 0);
}

static int setup(void **state)
{
    (void)state;
    snprintf(root, sizeof root, "/tmp/rm_build_project_XXXXXX");
    if (!mkdtemp(root))
        return -1;
    sub("art");
    sub("art/tex");
    sub("levels");
    put("art/robot.glb", "glb");
    put("art/crate.obj", "v 0 0 0\n");
    put("art/walker.obj", "v 0 0 0\n");
    put("art/walker.json", "{}");
    put("levels/island.json", "{}");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

static rm_status parse(const char *text, rm_build_project *p, rm_diag *d)
{
    char file[300];
    snprintf(file, sizeof file, "%s/retromesh.json", root);
    return rm_build_project_parse(text, strlen(text), file, p, d);
}

/* The messages, without the project's folder, one a line. */
static void messages(const rm_diag *d, char *out, size_t size)
{
    size_t n = 0;
    out[0] = 0;
    size_t skip = strlen(root) + 1;
    for (size_t i = 0; i < d->count && n < size; i++) {
        const char *t = d->items[i].text;
        if (strncmp(t, root, strlen(root)) == 0)
            t += skip;
        n += (size_t)snprintf(out + n, size - n, "%s\n", t);
    }
}

static void full_example(void **state)
{
    (void)state;
    const char *text =
        "{\"cd\": \"out/cd\",\n"
        " \"models\": [{\"source\": \"art/robot.glb\", \"rigid\": true, \"key_ticks\": 4,\n"
        "              \"loop\": [\"walk\", \"run\"], \"once\": [\"die\"]},\n"
        "             {\"source\": \"art/crate.obj\", \"name\": \"crate.jom\", \"scale\": 0.5,\n"
        "              \"saturn_axes\": true, \"no_weld\": true, \"keep_triangles\": true,\n"
        "              \"merge_triangles\": true, \"embed_textures\": true, \"slice_textures\": true,\n"
        "              \"dither\": true, \"no_textures\": true, \"strict\": true,\n"
        "              \"max_texture\": \"64x32\", \"texture_dir\": \"art/tex\", \"error\": \"2%\",\n"
        "              \"geometry\": \"M3GMcrate\"},\n"
        "             {\"source\": \"art/walker.obj\", \"skeleton\": \"art/walker.json\",\n"
        "              \"max_polygons\": 600, \"max_points\": 900, \"error\": 0.25}],\n"
        " \"levels\": [{\"source\": \"levels/island.json\", \"name\": \"ISLAND.JOL\",\n"
        "              \"far\": {\"max_polygons\": 150, \"distance\": 2000}}]}\n";
    rm_build_project p;
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = parse(text, &p, &d);
    char msg[4096];
    messages(&d, msg, sizeof msg);
    if (st != RM_OK)
        fail_msg("%s", msg);
    assert_int_equal(p.entry_count, 4);
    char want[300];
    snprintf(want, sizeof want, "%s/out/cd", root);
    assert_string_equal(p.cd, want);
    assert_string_equal(p.dir, root);
    const rm_build_entry *r = &p.entries[0], *c = &p.entries[1], *w = &p.entries[2], *l = &p.entries[3];
    assert_string_equal(r->name, "ROBOT.JOM");
    assert_string_equal(r->pointer, "/models/0");
    snprintf(want, sizeof want, "%s/art/robot.glb", root);
    assert_string_equal(r->source, want);
    assert_true(r->gltf.rigid);
    assert_int_equal(r->gltf.key_ticks, 4);
    assert_int_equal(r->gltf.loop_count, 2);
    assert_string_equal(r->gltf.loop[1], "run");
    assert_int_equal(r->gltf.once_count, 1);
    assert_string_equal(r->gltf.once[0], "die");
    assert_string_equal(c->name, "CRATE.JOM");
    assert_true(c->convert.scale == 0.5);
    assert_true(c->convert.saturn_axes && c->convert.no_weld && c->convert.keep_triangles);
    assert_true(c->convert.merge_triangles && c->convert.embed_textures && c->convert.slice_textures);
    assert_true(c->convert.dither && c->convert.no_textures && c->convert.strict);
    assert_int_equal(c->convert.max_texture_width, 64);
    assert_int_equal(c->convert.max_texture_height, 32);
    snprintf(want, sizeof want, "%s/art/tex", root);
    assert_string_equal(c->texture_dir, want);
    assert_ptr_equal(c->convert.texture_dir, c->texture_dir);
    assert_true(c->convert.max_error == 0.02 && c->convert.max_error_is_share);
    assert_string_equal(c->geometry, "M3GMcrate");
    snprintf(want, sizeof want, "%s/art/walker.json", root);
    assert_string_equal(w->skeleton, want);
    assert_null(w->convert.skeleton);
    assert_int_equal(w->convert.max_polygons, 600);
    assert_int_equal(w->convert.max_points, 900);
    assert_true(w->convert.max_error == 0.25 && !w->convert.max_error_is_share);
    assert_int_equal(l->kind, RM_BUILD_LEVEL);
    assert_string_equal(l->pointer, "/levels/0");
    assert_int_equal(l->index, 0);
    assert_true(l->far.set);
    assert_int_equal(l->far.max_polygons, 150);
    assert_true(l->far.has_distance);
    assert_int_equal(l->far.distance, 2000);
    assert_non_null(strstr(l->options_json, "\"far\":{\"distance\":2000,\"max_polygons\":150}"));
    assert_non_null(strstr(c->options_json, "\"error\":0.02,\"error_is_share\":true"));
    rm_build_project_free(&p);
    rm_diag_free(&d);
}

/* ROBOT.JOM from art/robot.glb, "cd", paths against the project's folder. */
static void defaults(void **state)
{
    (void)state;
    rm_build_project p;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(parse("{\"models\": [{\"source\": \"art/robot.glb\"}]}", &p, &d), RM_OK);
    assert_int_equal(d.count, 0);
    char want[300];
    snprintf(want, sizeof want, "%s/cd", root);
    assert_string_equal(p.cd, want);
    assert_int_equal(p.entry_count, 1);
    assert_string_equal(p.entries[0].name, "ROBOT.JOM");
    snprintf(want, sizeof want, "%s/art/robot.glb", root);
    assert_string_equal(p.entries[0].source, want);
    assert_true(p.entries[0].convert.scale == 1.0);
    assert_null(p.entries[0].skeleton);
    assert_null(p.entries[0].geometry);
    snprintf(want, sizeof want, "{\"kind\":\"model\",\"source\":\"%s/art/robot.glb\"}", root);
    assert_string_equal(p.entries[0].options_json, want);
    rm_build_project_free(&p);
    /* An empty project is a project; absolute paths are kept. */
    assert_int_equal(rm_build_project_parse("{}", 2, "retromesh.json", &p, &d), RM_OK);
    assert_string_equal(p.cd, "cd");
    assert_string_equal(p.dir, ".");
    assert_int_equal(p.entry_count, 0);
    rm_build_project_free(&p);
    char text[400];
    snprintf(text, sizeof text, "{\"cd\": \"/tmp/x\", \"levels\": [{\"source\": \"%s/levels/island.json\"}]}", root);
    assert_int_equal(rm_build_project_parse(text, strlen(text), "retromesh.json", &p, &d), RM_OK);
    assert_string_equal(p.cd, "/tmp/x");
    assert_string_equal(p.entries[0].name, "ISLAND.JOL");
    rm_build_project_free(&p);
    rm_diag_free(&d);
    char name[16];
    rm_build_default_name("dir.x/my-long robot.v2.obj", ".JOM", name);
    assert_string_equal(name, "MY_LONG_.JOM");
    rm_build_default_name("a\\b\\Tank", ".JOL", name);
    assert_string_equal(name, "TANK.JOL");
}

static void expect(const char *text, const char *want)
{
    rm_build_project p;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(parse(text, &p, &d), RM_INVALID);
    assert_int_equal(p.entry_count, 0);
    assert_null(p.entries);
    char msg[8192];
    messages(&d, msg, sizeof msg);
    if (strcmp(msg, want) != 0)
    {
        fprintf(stderr, "got:\n%s---\nwanted:\n%s---\n", msg, want);
        fail();
    }
    assert_int_equal(d.errors, d.count);
    rm_diag_free(&d);
}

static void errors(void **state)
{
    (void)state;
    expect("{\"models\": [{\"source\": \"art/robot.glb\",}]}",
           "retromesh.json:1:40: error: string or '}' expected near '}'\n");
    expect("{\"models\": [{\"source\": \"art/robot.glb\", \"scale\": \"big\"}]}",
           "retromesh.json: /models/0/scale: a number greater than 0, not \"big\"\n");
    /* Several problems, all reported, in file order. */
    expect("{\"cd\": 3, \"modles\": [],\n"
           " \"models\": [{\"source\": \"art/robot.glb\", \"scale\": -1},\n"
           "            {\"source\": \"art/crate.obj\", \"sclae\": 2, \"dither\": 1},\n"
           "            {\"source\": \"art/walker.obj\", \"skeleton\": \"art/none.json\",\n"
           "             \"texture_dir\": \"art/none\", \"max_polygons\": 70000, \"max_texture\": \"600x8\"},\n"
           "            {\"source\": \"art/missing.obj\", \"name\": \"ROBOT.JOM\", \"error\": \"0%\"},\n"
           "            {\"name\": \"BAD NAME.JOM\", \"loop\": [1], \"key_ticks\": 1.5},\n"
           "            {\"source\": \"art/robot.glb\", \"name\": \"ROBOT.JOL\"},\n"
           "            7],\n"
           " \"levels\": [{\"source\": \"levels/island.json\", \"far\": {\"distance\": 0, \"polys\": 3}},\n"
           "            {\"source\": \"levels/island.json\", \"far\": {}}]}",
           "retromesh.json: /modles: unknown key (a project has \"cd\", \"models\" and \"levels\")\n"
           "retromesh.json: /cd: a folder name, not 3\n"
           "retromesh.json: /models/0/scale: a number greater than 0, not -1\n"
           "retromesh.json: /models/1/sclae: unknown option (did you mean scale?)\n"
           "retromesh.json: /models/1/dither: true or false, not 1\n"
           "retromesh.json: /models/2/skeleton: no such file\n"
           "retromesh.json: /models/2/texture_dir: no such folder\n"
           "retromesh.json: /models/2/max_polygons: a whole number from 1 to 65535, not 70000\n"
           "retromesh.json: /models/2/max_texture: a size WxH with W from 8 to 504 and H from 1 to 255 "
           "(like \"64x64\"), not \"600x8\"\n"
           "retromesh.json: /models/3/source: no such file\n"
           "retromesh.json: /models/3/error: a distance greater than 0 in model units (0.05) or a share of "
           "the model's radius (\"2%\"), not \"0%\"\n"
           "retromesh.json: /models/4/name: an 8.3 CD name ending in .JOM (like \"CRATE.JOM\"), not \"BAD NAME.JOM\"\n"
           "retromesh.json: /models/4/loop: an array of animation names, not [1]\n"
           "retromesh.json: /models/4/key_ticks: a whole number from 1 to 65535, not 1.5\n"
           "retromesh.json: /models/4: no \"source\": the file to convert\n"
           "retromesh.json: /models/5/name: an 8.3 CD name ending in .JOM (like \"CRATE.JOM\"), not \"ROBOT.JOL\"\n"
           "retromesh.json: /models/6: an object {\"source\": \"art/robot.glb\", ...}, not 7\n"
           "retromesh.json: /levels/0/far/distance: a whole number from 1 to 2147483647, not 0\n"
           "retromesh.json: /levels/0/far/polys: unknown key of \"far\"\n"
           "retromesh.json: /levels/1/far: a far model needs a limit: max_polygons, max_points or error\n"
           "retromesh.json: /models/3/name: ROBOT.JOM is also the name of /models/0\n"
           "retromesh.json: /levels/1: its name ISLAND.JOL (made from its source) is also the name of "
           "/levels/0: give it a \"name\"\n");
    expect("[1]", "retromesh.json: /: a project is an object {\"cd\", \"models\", \"levels\"}, not [1]\n");
    expect("{\"models\": {}}", "retromesh.json: /models: an array of entries, not {}\n");
    expect("{\"models\": [], \"models\": []}",
           "retromesh.json:1:23: error: duplicate object key near '\"models\"'\n");
}

/* Key order, spacing and defaults written out do not change the text. */
static void options_canonical(void **state)
{
    (void)state;
    const char *a = "{\"models\": [{\"source\": \"art/crate.obj\", \"scale\": 2, \"dither\": true, "
                    "\"loop\": [\"b\", \"a\"], \"max_polygons\": 10}]}";
    const char *b = "{\"models\":[{\"max_polygons\":10,\"loop\":[\"a\",\"b\",\"a\"],\"no_weld\":false,"
                    "\"dither\":true,\"scale\":2.0,\"strict\":false,\"source\":\"art/crate.obj\","
                    "\"name\":\"CRATE.JOM\"}]}";
    const char *c = "{\"models\": [{\"source\": \"art/crate.obj\", \"scale\": 2, \"dither\": true, "
                    "\"loop\": [\"a\", \"b\"], \"max_polygons\": 11}]}";
    rm_build_project pa, pb, pc;
    assert_int_equal(parse(a, &pa, NULL), RM_OK);
    assert_int_equal(parse(b, &pb, NULL), RM_OK);
    assert_int_equal(parse(c, &pc, NULL), RM_OK);
    assert_string_equal(pa.entries[0].options_json, pb.entries[0].options_json);
    assert_string_not_equal(pa.entries[0].options_json, pc.entries[0].options_json);
    char want[400];
    snprintf(want, sizeof want,
             "{\"dither\":true,\"kind\":\"model\",\"loop\":[\"a\",\"b\"],\"max_polygons\":10,\"scale\":2.0,"
             "\"source\":\"%s/art/crate.obj\"}", root);
    assert_string_equal(pa.entries[0].options_json, want);
    rm_build_project_free(&pa);
    rm_build_project_free(&pb);
    rm_build_project_free(&pc);
}

static void from_files(void **state)
{
    (void)state;
    char a[300], b[300], tex[300];
    snprintf(a, sizeof a, "%s/art/crate.obj", root);
    snprintf(b, sizeof b, "%s/art/walker.obj", root);
    snprintf(tex, sizeof tex, "%s/art/tex", root);
    const char *files[] = {a, b};
    rm_convert_options o;
    rm_convert_options_default(&o);
    o.scale = 2;
    o.dither = true;
    o.max_polygons = 10;
    o.texture_dir = tex;
    const char *loop[] = {"b", "a"};
    rm_gltf_options g;
    rm_gltf_options_default(&g);
    g.loop = loop;
    g.loop_count = 2;
    rm_build_project p;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_build_project_from_files(files, 2, &o, &g, NULL, "out", &p, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_string_equal(p.cd, "out");
    assert_int_equal(p.entry_count, 2);
    assert_string_equal(p.entries[0].name, "CRATE.JOM");
    assert_string_equal(p.entries[1].name, "WALKER.JOM");
    assert_string_equal(p.entries[1].source, b);
    assert_ptr_equal(p.entries[0].convert.texture_dir, p.entries[0].texture_dir);
    assert_ptr_not_equal(p.entries[0].texture_dir, tex);
    assert_string_equal(p.entries[0].gltf.loop[0], "b");
    /* The same options in a project file: the same text. */
    char text[600];
    snprintf(text, sizeof text,
             "{\"models\": [{\"source\": \"art/crate.obj\", \"scale\": 2, \"dither\": true, \"max_polygons\": 10,"
             " \"texture_dir\": \"art/tex\", \"loop\": [\"a\", \"b\"]}]}");
    rm_build_project q;
    assert_int_equal(parse(text, &q, NULL), RM_OK);
    assert_string_equal(q.entries[0].options_json, p.entries[0].options_json);
    rm_build_project_free(&q);
    rm_build_project_free(&p);
    /* Problems: every missing file, two files with one name. */
    char c[300], e[300];
    snprintf(c, sizeof c, "%s/art/none.obj", root);
    snprintf(e, sizeof e, "%s/levels/crate.obj", root);
    put("levels/crate.obj", "v 0 0 0\n");
    const char *bad[] = {a, c, e};
    assert_int_equal(rm_build_project_from_files(bad, 3, NULL, NULL, "nothere.json", NULL, &p, &d), RM_INVALID);
    assert_int_equal(p.entry_count, 0);
    assert_int_equal(d.errors, 3);
    assert_string_equal(d.items[0].text, "nothere.json: no such file");
    char want[700];
    snprintf(want, sizeof want, "%s: no such file", c);
    assert_string_equal(d.items[1].text, want);
    snprintf(want, sizeof want, "%s: its CD name CRATE.JOM is also %s's: convert them in two calls", e, a);
    assert_string_equal(d.items[2].text, want);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_example),
        cmocka_unit_test(defaults),
        cmocka_unit_test(errors),
        cmocka_unit_test(options_canonical),
        cmocka_unit_test(from_files),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
