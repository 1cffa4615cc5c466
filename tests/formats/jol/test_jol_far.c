/* tests/formats/jol/test_jol_far.c - far models in the level JSON
   (src/formats/jol/far.c): the entities that ask for one, every error of a
   "far" at its line and column, rm_level_build_json_ex filling far_model /
   far_distance, and plain rm_level_build_json warning and leaving it out. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/jol/schema.h"
#include "retromesh/level.h"

/* ---- helpers ---- */

static rm_status requests(const char *json, const rm_level_far *dflt, rm_level_far_request **r,
                          size_t *n, rm_diag *d)
{
    return rm_level_far_requests(json, strlen(json), "t.json", dflt, r, n, d);
}

/* One property of entity `e` of a built level: true when found. */
static bool prop_of(const uint8_t *data, size_t size, size_t e, const char *key, int64_t *type,
                    int64_t *value, const char **str)
{
    rm_level lv;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_level_open(&lv, data, size, "t.jol", &d), RM_OK);
    const rm_level_section *enti = rm_level_find_section(&lv, "ENTI");
    const rm_level_section *prop = rm_level_find_section(&lv, "PROP");
    bool found = false;
    int64_t first = 0, count = 0;
    assert_non_null(enti);
    assert_int_equal(rm_level_get_value(&lv, enti, e, "first_prop", 0, &first), RM_OK);
    assert_int_equal(rm_level_get_value(&lv, enti, e, "prop_count", 0, &count), RM_OK);
    for (int64_t p = first; prop && p < first + count; p++) {
        int64_t k;
        assert_int_equal(rm_level_get_value(&lv, prop, (size_t)p, "key", 0, &k), RM_OK);
        const char *name = rm_level_string(&lv, (uint32_t)k);
        if (name && !strcmp(name, key)) {
            assert_int_equal(rm_level_get_value(&lv, prop, (size_t)p, "type", 0, type), RM_OK);
            assert_int_equal(rm_level_get_value(&lv, prop, (size_t)p, "value", 0, value), RM_OK);
            static char text[64];
            const char *s = *type == RM_JOL_PROP_STRING ? rm_level_string(&lv, (uint32_t)*value) : NULL;
            snprintf(text, sizeof text, "%s", s ? s : "");
            if (str)
                *str = text;
            found = true;
        }
    }
    rm_level_close(&lv);
    rm_diag_free(&d);
    return found;
}

/* The schema's type of a property every entity has. */
static rm_jol_prop_type schema_type(const char *key)
{
    for (size_t c = 0; c < rm_jol_class_count; c++)
        for (size_t p = 0; p < rm_jol_classes[c].prop_count; p++)
            if (!strcmp(rm_jol_classes[c].props[p].name, key))
                return rm_jol_classes[c].props[p].type;
    fail_msg("no property %s in the schema", key);
    return RM_JOL_PROP_INT;
}

/* ---- requests ---- */

static const char *const LEVEL =
    "{\"name\": \"far\", \"entities\": [\n"
    " {\"name\": \"tower\", \"model\": \"TOWER.JOM\", \"far\": {\"max_polygons\": 150, \"distance\": 2000}},\n"
    " {\"name\": \"crate\", \"model\": \"CRATE.JOM\"},\n"
    " {\"name\": \"rock\", \"model\": \"ROCK.JOM\", \"far\": false},\n"
    " {\"name\": \"hut\", \"model\": \"HUT.JOM\", \"props\": {\"far_model\": \"HUT_F.JOM\"}},\n"
    " {\"name\": \"fuse\", \"cls\": \"relay\"},\n"
    " {\"name\": \"bush\", \"model\": \"BUSH.JOM\", \"props\": {\"far_distance\": 900}},\n"
    " {\"name\": \"flag\", \"model\": \"FLAG.JOM\", \"far\": {\"error\": \"2.5%\"}},\n"
    " {\"name\": \"sea\", \"model\": \"SEA.JOM\", \"far\": {\"error\": 0.5, \"max_points\": 10}}]}\n";

static void test_requests_default(void **state)
{
    (void)state;
    rm_level_far dflt = {.set = true, .max_polygons = 80, .has_distance = true, .distance = 1500};
    rm_level_far_request *r = NULL;
    size_t n = 0;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(requests(LEVEL, &dflt, &r, &n, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(n, 5);
    /* tower: its own */
    assert_int_equal(r[0].entity, 0);
    assert_string_equal(r[0].entity_name, "tower");
    assert_string_equal(r[0].model, "TOWER.JOM");
    assert_true(r[0].far.set);
    assert_int_equal(r[0].far.max_polygons, 150);
    assert_int_equal(r[0].far.max_points, 0);
    assert_true(r[0].far.max_error == 0.0);
    assert_true(r[0].far.has_distance);
    assert_int_equal(r[0].far.distance, 2000);
    assert_int_equal(r[0].line, 2);
    assert_int_equal(r[0].col, 42);     /* its "far" */
    /* crate: the default, at its "model" */
    assert_int_equal(r[1].entity, 1);
    assert_string_equal(r[1].model, "CRATE.JOM");
    assert_int_equal(r[1].far.max_polygons, 80);
    assert_true(r[1].far.has_distance);
    assert_int_equal(r[1].far.distance, 1500);
    assert_int_equal(r[1].line, 3);
    assert_int_equal(r[1].col, 20);
    /* rock ("far": false), hut (its own far_model), fuse (no model): none;
       bush: the default, its own far_distance property kept */
    assert_int_equal(r[2].entity, 5);
    assert_string_equal(r[2].entity_name, "bush");
    assert_int_equal(r[2].far.max_polygons, 80);
    assert_false(r[2].far.has_distance);
    /* flag: a share of the radius */
    assert_int_equal(r[3].entity, 6);
    assert_true(r[3].far.max_error_is_share);
    assert_true(r[3].far.max_error > 0.0249999 && r[3].far.max_error < 0.0250001);
    assert_int_equal(r[3].far.max_polygons, 0);
    assert_false(r[3].far.has_distance);
    /* sea: a distance in model units and a point count */
    assert_int_equal(r[4].entity, 7);
    assert_false(r[4].far.max_error_is_share);
    assert_true(r[4].far.max_error == 0.5);
    assert_int_equal(r[4].far.max_points, 10);
    rm_level_far_requests_free(r, n);
    rm_diag_free(&d);
}

static void test_requests_own_only(void **state)
{
    (void)state;
    rm_level_far unset = {.set = false, .max_polygons = 80};
    const rm_level_far *dflts[] = {NULL, &unset};
    for (size_t k = 0; k < 2; k++) {
        rm_level_far_request *r = NULL;
        size_t n = 0;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(requests(LEVEL, dflts[k], &r, &n, &d), RM_OK);
        assert_int_equal(n, 3);
        assert_int_equal(r[0].entity, 0);
        assert_int_equal(r[1].entity, 6);
        assert_int_equal(r[2].entity, 7);
        rm_level_far_requests_free(r, n);
        rm_diag_free(&d);
    }
    /* No entity, or none with a model: nothing, *out NULL. */
    const char *empty[] = {"{}", "{\"entities\": []}", "{\"entities\": [{\"name\": \"a\"}]}",
                           "{\"entities\": [{\"name\": \"a\", \"model\": \"\"}]}",
                           "{\"entities\": [{\"name\": \"a\", \"model\": null, \"far\": false}]}"};
    rm_level_far dflt = {.set = true, .max_polygons = 80};
    for (size_t k = 0; k < sizeof empty / sizeof *empty; k++) {
        rm_level_far_request *r = (rm_level_far_request *)&dflt;
        size_t n = 9;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(requests(empty[k], &dflt, &r, &n, &d), RM_OK);
        assert_null(r);
        assert_int_equal(n, 0);
        rm_diag_free(&d);
    }
}

/* ---- errors: the same text from the requests and from both builds ---- */

typedef struct bad {
    const char *entity;     /* on line 2 of the level */
    const char *message;    /* the whole first message */
} bad;

static const bad BAD[] = {
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": true}",
     "t.json:2:33: error: 'far' wants an object {\"max_polygons\": N, \"max_points\": N, \"error\": E, "
     "\"distance\": D} or false (at /entities/0/far)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": 150}",
     "t.json:2:33: error: 'far' wants an object {\"max_polygons\": N, \"max_points\": N, \"error\": E, "
     "\"distance\": D} or false (at /entities/0/far)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"max_polygon\": 150}}",
     "t.json:2:41: error: 'far' has no key 'max_polygon' (max_polygons, max_points, error, distance) "
     "(at /entities/0/far/max_polygon)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"max_polygons\": 0}}",
     "t.json:2:41: error: 'max_polygons' wants an integer 1 to 65535 (at /entities/0/far/max_polygons)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"max_polygons\": 65536}}",
     "t.json:2:41: error: 'max_polygons' wants an integer 1 to 65535 (at /entities/0/far/max_polygons)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"max_polygons\": \"150\"}}",
     "t.json:2:41: error: 'max_polygons' wants an integer 1 to 65535 (at /entities/0/far/max_polygons)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"max_points\": 1.5}}",
     "t.json:2:41: error: 'max_points' wants an integer 1 to 65535 (at /entities/0/far/max_points)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"error\": 0}}",
     "t.json:2:41: error: 'error' wants a distance greater than 0 in model units (0.05) or a share of "
     "the model's radius (\"2%\") (at /entities/0/far/error)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"error\": -0.5}}",
     "t.json:2:41: error: 'error' wants a distance greater than 0 in model units (0.05) or a share of "
     "the model's radius (\"2%\") (at /entities/0/far/error)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"error\": \"2\"}}",
     "t.json:2:41: error: 'error' wants a distance greater than 0 in model units (0.05) or a share of "
     "the model's radius (\"2%\") (at /entities/0/far/error)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"error\": \"0%\"}}",
     "t.json:2:41: error: 'error' wants a distance greater than 0 in model units (0.05) or a share of "
     "the model's radius (\"2%\") (at /entities/0/far/error)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"error\": \"101%\"}}",
     "t.json:2:41: error: 'error' wants a distance greater than 0 in model units (0.05) or a share of "
     "the model's radius (\"2%\") (at /entities/0/far/error)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"error\": \"2x%\"}}",
     "t.json:2:41: error: 'error' wants a distance greater than 0 in model units (0.05) or a share of "
     "the model's radius (\"2%\") (at /entities/0/far/error)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"error\": \"-2%\"}}",
     "t.json:2:41: error: 'error' wants a distance greater than 0 in model units (0.05) or a share of "
     "the model's radius (\"2%\") (at /entities/0/far/error)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"max_polygons\": 9, \"distance\": 0}}",
     "t.json:2:60: error: 'distance' wants an integer 1 to 2147483647 (world units) (at /entities/0/far/distance)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"max_polygons\": 9, \"distance\": 2147483648}}",
     "t.json:2:60: error: 'distance' wants an integer 1 to 2147483647 (world units) (at /entities/0/far/distance)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"max_polygons\": 9, \"distance\": 600.5}}",
     "t.json:2:60: error: 'distance' wants an integer 1 to 2147483647 (world units) (at /entities/0/far/distance)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {}}",
     "t.json:2:33: error: 'far' needs a limit: max_polygons, max_points or error (at /entities/0/far)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"far\": {\"distance\": 2000}}",
     "t.json:2:33: error: 'far' needs a limit: max_polygons, max_points or error (at /entities/0/far)"},
    {"{\"name\": \"t\", \"cls\": \"relay\", \"far\": {\"max_polygons\": 9}}",
     "t.json:2:31: error: entity 't' has a \"far\" but no \"model\" to simplify (at /entities/0/far)"},
    {"{\"name\": \"t\", \"model\": \"\", \"far\": {\"max_polygons\": 9}}",
     "t.json:2:28: error: entity 't' has a \"far\" but no \"model\" to simplify (at /entities/0/far)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"props\": {\"far_model\": \"T_F.JOM\"}, \"far\": {\"max_polygons\": 9}}",
     "t.json:2:43: error: entity 't' has a far_model property: it cannot get one from a far model too "
     "(remove the property or the far model's \"far\") (at /entities/0/props/far_model)"},
    {"{\"name\": \"t\", \"model\": \"T.JOM\", \"props\": {\"far_distance\": 900},\n"
     "  \"far\": {\"max_polygons\": 9, \"distance\": 2000}}",
     "t.json:2:43: error: entity 't' has a far_distance property: it cannot get one from a far model too "
     "(remove the property or the far model's \"distance\") (at /entities/0/props/far_distance)"},
};

static char *level_of(const char *entity)
{
    static const char head[] = "{\"name\": \"bad\", \"entities\": [\n", tail[] = "]}\n";
    size_t n = strlen(head) + strlen(entity) + strlen(tail) + 1;
    char *s = malloc(n);
    assert_non_null(s);
    snprintf(s, n, "%s%s%s", head, entity, tail);
    return s;
}

/* The first error (warnings of other entities may come before it). */
static void expect_first(const rm_diag *d, const char *message)
{
    size_t i = 0;
    while (i < d->count && d->items[i].severity != RM_ERROR)
        i++;
    assert_true(i < d->count);
    if (strcmp(d->items[i].text, message))
        fail_msg("got      '%s'\nexpected '%s'", d->items[i].text, message);
}

static void test_errors(void **state)
{
    (void)state;
    rm_level_far dflt = {.set = true, .max_polygons = 80};
    for (size_t k = 0; k < sizeof BAD / sizeof *BAD; k++) {
        char *json = level_of(BAD[k].entity);
        rm_diag d;
        /* requests, with and without a default */
        for (int with = 0; with < 2; with++) {
            rm_level_far_request *r = (rm_level_far_request *)&dflt;
            size_t n = 7;
            rm_diag_init(&d);
            assert_int_equal(requests(json, with ? &dflt : NULL, &r, &n, &d), RM_INVALID);
            assert_null(r);
            assert_int_equal(n, 0);
            expect_first(&d, BAD[k].message);
            rm_diag_free(&d);
        }
        /* a malformed "far" fails the plain build too, and the _ex one */
        uint8_t *data = (uint8_t *)json;
        size_t size = 1;
        rm_diag_init(&d);
        assert_int_equal(rm_level_build_json(json, strlen(json), "t.json", &data, &size, &d), RM_INVALID);
        assert_null(data);
        assert_int_equal(size, 0);
        expect_first(&d, BAD[k].message);
        rm_diag_free(&d);
        rm_level_json_options o = {NULL, 0};
        rm_diag_init(&d);
        assert_int_equal(rm_level_build_json_ex(json, strlen(json), "t.json", &o, &data, &size, &d), RM_INVALID);
        expect_first(&d, BAD[k].message);
        rm_diag_free(&d);
        free(json);
    }
}

static void test_requests_bad_level(void **state)
{
    (void)state;
    static const struct {
        const char *json, *message;
    } cases[] = {
        {"{\"entities\": [}", "t.json:1:15: error: "},
        {"[1]", "t.json: error: a level is a JSON object"},
        {"{\"entities\": {}}", "t.json:1:2: error: 'entities' wants a list (at /entities)"},
        {"{\"entities\": [3]}", "t.json:1:2: error: an entity must be an object (at /entities)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        rm_level_far_request *r = NULL;
        size_t n = 0;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(requests(cases[k].json, NULL, &r, &n, &d), RM_INVALID);
        assert_true(d.count > 0);
        if (strncmp(d.items[0].text, cases[k].message, strlen(cases[k].message)))
            fail_msg("'%s' does not start with '%s'", d.items[0].text, cases[k].message);
        rm_diag_free(&d);
    }
}

/* ---- builds ---- */

static void test_build_ex_sets_props(void **state)
{
    (void)state;
    rm_level_far dflt = {.set = true, .max_polygons = 80, .has_distance = true, .distance = 1500};
    rm_level_far_request *r = NULL;
    size_t n = 0;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(requests(LEVEL, &dflt, &r, &n, &d), RM_OK);
    assert_int_equal(n, 5);
    /* What `retromesh build` does: a far JOM for each, its distance. */
    rm_level_far_assign as[5];
    char names[5][16];
    for (size_t i = 0; i < n; i++) {
        snprintf(names[i], sizeof names[i], "FAR%zu.JOM", r[i].entity);
        as[i] = (rm_level_far_assign){r[i].entity, names[i], r[i].far.has_distance, r[i].far.distance};
    }
    rm_level_json_options o = {as, n};
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(rm_level_build_json_ex(LEVEL, strlen(LEVEL), "t.json", &o, &data, &size, &d), RM_OK);
    assert_int_equal(d.count, 0);      /* no warning: every "far" was made */
    int64_t type, value;
    const char *s;
    /* The types of the schema: far_model STRING, far_distance INT. */
    assert_int_equal(schema_type("far_model"), RM_JOL_PROP_STRING);
    assert_int_equal(schema_type("far_distance"), RM_JOL_PROP_INT);
    assert_true(prop_of(data, size, 0, "far_model", &type, &value, &s));
    assert_int_equal(type, RM_JOL_PROP_STRING);
    assert_string_equal(s, "FAR0.JOM");
    assert_true(prop_of(data, size, 0, "far_distance", &type, &value, NULL));
    assert_int_equal(type, RM_JOL_PROP_INT);
    assert_int_equal(value, 2000);
    assert_true(prop_of(data, size, 1, "far_model", &type, &value, &s));
    assert_string_equal(s, "FAR1.JOM");
    assert_true(prop_of(data, size, 1, "far_distance", &type, &value, NULL));
    assert_int_equal(value, 1500);
    /* rock, hut, fuse: nothing new (hut keeps its own far_model) */
    assert_false(prop_of(data, size, 2, "far_model", &type, &value, NULL));
    assert_true(prop_of(data, size, 3, "far_model", &type, &value, &s));
    assert_string_equal(s, "HUT_F.JOM");
    assert_false(prop_of(data, size, 3, "far_distance", &type, &value, NULL));
    assert_false(prop_of(data, size, 4, "far_model", &type, &value, NULL));
    /* bush: its own far_distance once, the far model */
    assert_true(prop_of(data, size, 5, "far_model", &type, &value, &s));
    assert_string_equal(s, "FAR5.JOM");
    assert_true(prop_of(data, size, 5, "far_distance", &type, &value, NULL));
    assert_int_equal(value, 900);
    /* flag: no distance given, no far_distance (the engine's default 600) */
    assert_true(prop_of(data, size, 6, "far_model", &type, &value, &s));
    assert_string_equal(s, "FAR6.JOM");
    assert_false(prop_of(data, size, 6, "far_distance", &type, &value, NULL));

    /* The refs `retromesh budget` counts name the far models. */
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "t.jol", &d), RM_OK);
    assert_int_equal(rm_level_check(&lv, &d), RM_OK);
    rm_level_model_refs refs;
    assert_int_equal(rm_level_model_refs_collect(&lv, &refs, &d), RM_OK);
    size_t far_refs = 0;
    for (size_t i = 0; i < refs.ref_count; i++) {
        if (!strcmp(refs.refs[i].field, "far_model")) {
            assert_string_equal(refs.refs[i].section, "PROP");
            far_refs++;
        }
    }
    assert_int_equal(far_refs, 6);     /* five made, hut's own */
    rm_level_model_refs_free(&refs);
    rm_level_close(&lv);
    free(data);
    rm_level_far_requests_free(r, n);
    rm_diag_free(&d);
}

static void test_build_ex_assign_errors(void **state)
{
    (void)state;
    rm_level_far_assign hut = {3, "HUT2.JOM", false, 0};
    rm_level_far_assign bush = {5, "BUSH_F.JOM", true, 700};
    rm_level_far_assign twice[] = {{1, "A.JOM", false, 0}, {1, "B.JOM", false, 0}};
    rm_level_far_assign past = {8, "A.JOM", false, 0};
    rm_level_far_assign noname = {1, "", false, 0};
    rm_level_far_assign neardist = {1, "A.JOM", true, 0};
    static const char hut_msg[] =
        "t.json:5:48: error: entity 'hut' has a far_model property: it cannot get one from a far model "
        "too (remove the property or the far model's \"far\") (at /entities/3/props/far_model)";
    static const char bush_msg[] =
        "t.json:7:50: error: entity 'bush' has a far_distance property: it cannot get one from a far model "
        "too (remove the property or the far model's \"distance\") (at /entities/5/props/far_distance)";
    const struct {
        rm_level_json_options o;
        rm_status st;
        const char *message;
    } cases[] = {
        {{&hut, 1}, RM_INVALID, hut_msg},
        {{&bush, 1}, RM_INVALID, bush_msg},
        {{twice, 2}, RM_USAGE, "t.json: error: far model 1 (entity 1 of 8): a second far model for the entity"},
        {{&past, 1}, RM_USAGE, "t.json: error: far model 0 (entity 8 of 8): no such entity"},
        {{&noname, 1}, RM_USAGE, "t.json: error: far model 0 (entity 1 of 8): no file name"},
        {{&neardist, 1}, RM_USAGE, "t.json: error: far model 0 (entity 1 of 8): a distance below 1"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        rm_diag d;
        rm_diag_init(&d);
        uint8_t *data = NULL;
        size_t size = 0;
        assert_int_equal(rm_level_build_json_ex(LEVEL, strlen(LEVEL), "t.json", &cases[k].o, &data, &size, &d),
                         cases[k].st);
        assert_null(data);
        expect_first(&d, cases[k].message);
        rm_diag_free(&d);
    }
}

static void test_plain_build_warns(void **state)
{
    (void)state;
    const char *with =
        "{\"entities\": [\n"
        " {\"name\": \"tower\", \"model\": \"TOWER.JOM\", \"far\": {\"max_polygons\": 150, \"distance\": 2000}},\n"
        " {\"name\": \"rock\", \"model\": \"ROCK.JOM\", \"far\": false}]}\n";
    const char *without =
        "{\"entities\": [\n"
        " {\"name\": \"tower\", \"model\": \"TOWER.JOM\"},\n"
        " {\"name\": \"rock\", \"model\": \"ROCK.JOM\"}]}\n";
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *a = NULL, *b = NULL, *c = NULL;
    size_t an = 0, bn = 0, cn = 0;
    assert_int_equal(rm_level_build_json(with, strlen(with), "t.json", &a, &an, &d), RM_OK);
    assert_int_equal(d.count, 1);      /* the far object only; "far": false says nothing */
    assert_int_equal(d.items[0].severity, RM_WARNING);
    assert_int_equal(d.errors, 0);
    assert_string_equal(d.items[0].text,
                        "t.json:2:42: warning: \"far\" is made by retromesh build (docs/build.md): "
                        "left out here (at /entities/0/far)");
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_level_build_json(without, strlen(without), "t.json", &b, &bn, &d), RM_OK);
    assert_int_equal(d.count, 0);
    /* left out: the same bytes as without it */
    assert_int_equal(an, bn);
    assert_memory_equal(a, b, an);
    int64_t type, value;
    assert_false(prop_of(a, an, 0, "far_model", &type, &value, NULL));
    /* _ex without options, or with none, is the plain build */
    assert_int_equal(rm_level_build_json_ex(with, strlen(with), "t.json", NULL, &c, &cn, &d), RM_OK);
    assert_int_equal(cn, an);
    assert_memory_equal(c, a, an);
    free(c);
    rm_level_json_options none = {NULL, 0};
    assert_int_equal(rm_level_build_json_ex(with, strlen(with), "t.json", &none, &c, &cn, &d), RM_OK);
    assert_int_equal(cn, an);
    assert_memory_equal(c, a, an);
    assert_int_equal(d.warnings, 2);
    free(a);
    free(b);
    free(c);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_requests_default),
        cmocka_unit_test(test_requests_own_only),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_requests_bad_level),
        cmocka_unit_test(test_build_ex_sets_props),
        cmocka_unit_test(test_build_ex_assign_errors),
        cmocka_unit_test(test_plain_build_warns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
