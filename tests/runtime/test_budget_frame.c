/* tests/runtime/test_budget_frame.c - the worst set of models drawn at once
   (rm_budget_frame_compute), from costs given by hand.

   Cells (x0,z0)-(x1,z1):
     c0 (0,0)-(100,100)    model A   portals: DOOR -> c1, DOOR -> outside
     c1 (100,0)-(200,100)  model B   portals: DOOR -> c0, DOOR -> c2, MIRROR
     c2 (200,0)-(300,100)  model C, reflection R (missing: not known)
                                     portals: WINDOW -> c1, MIRROR, DOOR -> c1 (c1 again)
     c3 (400,0)-(600,100) yaw 90 model D, no portal
   Entities: e0 (50,50) E; e1 (150,50) E HIDDEN; e2 (250,50) F;
             e3 (150,50) F DISABLED; e4 (500,140) E (in c3 only because of
             its yaw: the box 200 x 100 turned is 100 x 200 around (500,50)).
   Weapons: W1 (5 polygons), W2 (7 polygons): W2 is added to every cell.
   Costs (polygons/points): A 100/80, B 200/150, C 300/250, R unknown,
   D 1100/2000, E 10/8, F 20/16, W1 5/4, W2 7/6.

   By hand:
     c0: A + B (c1 seen) = 300/230; entities in c0 or c1: e0 E, e3 F = 30/24;
         W2 7/6: 337/260, outside, 5 draws.
     c1: A + B + C = 600/480; e0 E, e2 F, e3 F = 50/40; mirror without a
         reflection: A + B + C again = 600/480; W2: 1257/1006, 10 draws.
     c2: B + C = 500/400; e2 F, e3 F = 40/32; mirror: R (unknown, 0,
         incomplete); W2: 547/438, 6 draws.
     c3: D 1100/2000; e4 E 10/8; W2: 1117/2014, 3 draws.
   Worst polygons: c1 (1257); worst points: c3 (2014). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/budget.h"
#include "retromesh/level_format.h"

static void portal(rm_level_builder *b, size_t prtl, int64_t cell, int64_t kind)
{
    size_t p = rm_level_builder_add_record(b, prtl);
    rm_level_builder_set(b, prtl, p, "cell", 0, cell);
    rm_level_builder_set(b, prtl, p, "kind", 0, kind);
}

static void cell(rm_level_builder *b, size_t sec, int x0, int x1, int yaw, const char *model,
                 const char *reflection, int first_portal, int portal_count)
{
    size_t c = rm_level_builder_add_record(b, sec);
    rm_level_builder_set(b, sec, c, "x0", 0, x0);
    rm_level_builder_set(b, sec, c, "z0", 0, 0);
    rm_level_builder_set(b, sec, c, "x1", 0, x1);
    rm_level_builder_set(b, sec, c, "z1", 0, 100);
    rm_level_builder_set(b, sec, c, "yaw", 0, yaw);
    rm_level_builder_set_string(b, sec, c, "model", model);
    rm_level_builder_set_string(b, sec, c, "reflection", reflection);
    rm_level_builder_set(b, sec, c, "first_portal", 0, first_portal);
    rm_level_builder_set(b, sec, c, "portal_count", 0, portal_count);
}

static void entity(rm_level_builder *b, const char *name, int x, int z, const char *model, int flags)
{
    size_t enti = rm_level_builder_section(b, "ENTI");
    size_t e = rm_level_builder_add_entity(b, name, "entity");
    rm_level_builder_set(b, enti, e, "x", 0, x);
    rm_level_builder_set(b, enti, e, "z", 0, z);
    rm_level_builder_set(b, enti, e, "flags", 0, flags);
    rm_level_builder_set_string(b, enti, e, "model", model);
}

static uint8_t *build_level(size_t *size)
{
    rm_level_builder *b = rm_level_builder_create("frame");
    size_t cs = rm_level_builder_section(b, "CELL");
    cell(b, cs, 0, 100, 0, "A.JOM", NULL, 0, 2);
    cell(b, cs, 100, 200, 0, "B.JOM", NULL, 2, 3);
    cell(b, cs, 200, 300, 0, "C.JOM", "R.JOM", 5, 3);
    cell(b, cs, 400, 600, 90, "D.JOM", NULL, 8, 0);
    size_t ps = rm_level_builder_section(b, "PRTL");
    portal(b, ps, 1, RM_LEVEL_PORTAL_DOOR);
    portal(b, ps, RM_LEVEL_NO_INDEX, RM_LEVEL_PORTAL_DOOR);
    portal(b, ps, 0, RM_LEVEL_PORTAL_DOOR);
    portal(b, ps, 2, RM_LEVEL_PORTAL_DOOR);
    portal(b, ps, RM_LEVEL_NO_INDEX, RM_LEVEL_PORTAL_MIRROR);
    portal(b, ps, 1, RM_LEVEL_PORTAL_WINDOW);
    portal(b, ps, RM_LEVEL_NO_INDEX, RM_LEVEL_PORTAL_MIRROR);
    portal(b, ps, 1, RM_LEVEL_PORTAL_DOOR);
    entity(b, "e0", 50, 50, "E.JOM", 0);
    entity(b, "e1", 150, 50, "E.JOM", RM_LEVEL_ENTITY_FLAG_HIDDEN);
    entity(b, "e2", 250, 50, "F.JOM", 0);
    entity(b, "e3", 150, 50, "F.JOM", RM_LEVEL_ENTITY_FLAG_DISABLED);
    entity(b, "e4", 500, 140, "E.JOM", 0);
    size_t ws = rm_level_builder_section(b, "WEAP");
    rm_level_builder_set_string(b, ws, rm_level_builder_add_record(b, ws), "model", "W1.JOM");
    rm_level_builder_set_string(b, ws, rm_level_builder_add_record(b, ws), "model", "W2.JOM");
    uint8_t *data = NULL;
    assert_int_equal(rm_level_builder_write(b, &data, size, NULL), RM_OK);
    rm_level_builder_free(b);
    return data;
}

typedef struct named_cost {
    const char *file;
    rm_budget_cost cost;
} named_cost;

static const named_cost COSTS[] = {
    {"A.JOM", {100, 80, true}},   {"B.JOM", {200, 150, true}}, {"C.JOM", {300, 250, true}},
    {"R.JOM", {0, 0, false}},     {"D.JOM", {1100, 2000, true}}, {"E.JOM", {10, 8, true}},
    {"F.JOM", {20, 16, true}},    {"W1.JOM", {5, 4, true}},    {"W2.JOM", {7, 6, true}},
};

static rm_budget_cost *costs_for(const rm_level_model_refs *refs)
{
    rm_budget_cost *c = calloc(refs->file_count, sizeof *c);
    for (size_t i = 0; i < refs->file_count; i++) {
        size_t k;
        for (k = 0; k < sizeof COSTS / sizeof COSTS[0]; k++)
            if (!strcmp(COSTS[k].file, refs->files[i]))
                break;
        assert_true(k < sizeof COSTS / sizeof COSTS[0]);
        c[i] = COSTS[k].cost;
    }
    return c;
}

static void test_frame_cells(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = build_level(&size);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "frame.JOL", NULL), RM_OK);
    rm_level_model_refs refs;
    assert_int_equal(rm_level_model_refs_collect(&lv, &refs, NULL), RM_OK);
    rm_budget_cost *costs = costs_for(&refs);
    rm_budget_frame f;
    assert_int_equal(rm_budget_frame_compute(&lv, &refs, costs, &f, NULL), RM_OK);
    assert_int_equal(f.cell_count, 4);
    const struct {
        uint32_t polygons, points, draws, cells_seen, entities, mirrors;
        bool outside, incomplete;
    } want[4] = {
        {337, 260, 5, 1, 2, 0, true, false},
        {1257, 1006, 10, 2, 3, 1, false, false},
        {547, 438, 6, 1, 2, 1, false, true},
        {1117, 2014, 3, 0, 1, 0, false, false},
    };
    for (size_t c = 0; c < 4; c++) {
        assert_int_equal(f.cells[c].cell, c);
        assert_int_equal(f.cells[c].polygons, want[c].polygons);
        assert_int_equal(f.cells[c].points, want[c].points);
        assert_int_equal(f.cells[c].draws, want[c].draws);
        assert_int_equal(f.cells[c].cells_seen, want[c].cells_seen);
        assert_int_equal(f.cells[c].entities, want[c].entities);
        assert_int_equal(f.cells[c].mirrors, want[c].mirrors);
        assert_int_equal(f.cells[c].outside, want[c].outside);
        assert_int_equal(f.cells[c].incomplete, want[c].incomplete);
    }
    assert_int_equal(f.worst_polygons, 1);
    assert_int_equal(f.worst_points, 3);
    assert_string_equal(refs.files[f.weapon_file], "W2.JOM");
    rm_budget_frame_free(&f);
    free(costs);
    rm_level_model_refs_free(&refs);
    rm_level_close(&lv);
    free(data);
}

/* No CELL: the worst set is not known (0 cells), not an error. */
static void test_frame_no_cells(void **state)
{
    (void)state;
    rm_level_builder *b = rm_level_builder_create("outside");
    size_t modl = rm_level_builder_section(b, "MODL");
    rm_level_builder_set_string(b, modl, rm_level_builder_add_record(b, modl), "file", "A.JOM");
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(rm_level_builder_write(b, &data, &size, NULL), RM_OK);
    rm_level_builder_free(b);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "o.JOL", NULL), RM_OK);
    rm_level_model_refs refs;
    assert_int_equal(rm_level_model_refs_collect(&lv, &refs, NULL), RM_OK);
    rm_budget_cost cost = {100, 80, true};
    rm_budget_frame f;
    assert_int_equal(rm_budget_frame_compute(&lv, &refs, &cost, &f, NULL), RM_OK);
    assert_int_equal(f.cell_count, 0);
    assert_null(f.cells);
    rm_budget_frame_free(&f);
    rm_level_model_refs_free(&refs);
    rm_level_close(&lv);
    free(data);
}

/* Portals past PRTL: an invalid level, named. */
static void test_frame_bad_portals(void **state)
{
    (void)state;
    rm_level_builder *b = rm_level_builder_create("bad");
    size_t cs = rm_level_builder_section(b, "CELL");
    cell(b, cs, 0, 100, 0, "A.JOM", NULL, 0, 2);
    size_t ps = rm_level_builder_section(b, "PRTL");
    portal(b, ps, 0, RM_LEVEL_PORTAL_DOOR);
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(rm_level_builder_write(b, &data, &size, NULL), RM_OK);
    rm_level_builder_free(b);
    rm_level lv;
    assert_int_equal(rm_level_open(&lv, data, size, "bad.JOL", NULL), RM_OK);
    rm_level_model_refs refs;
    assert_int_equal(rm_level_model_refs_collect(&lv, &refs, NULL), RM_OK);
    rm_budget_cost cost = {100, 80, true};
    rm_diag d;
    rm_diag_init(&d);
    rm_budget_frame f;
    assert_int_equal(rm_budget_frame_compute(&lv, &refs, &cost, &f, &d), RM_INVALID);
    assert_int_equal(f.cell_count, 0);
    assert_int_equal(d.errors, 1);
    assert_non_null(strstr(d.items[0].text, "bad.JOL: section CELL at 0x"));
    assert_non_null(strstr(d.items[0].text, "record 0 field first_portal: first_portal 0 + portal_count 2 "
                                            "is past the 1 records of PRTL"));
    rm_diag_free(&d);
    rm_level_model_refs_free(&refs);
    rm_level_close(&lv);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frame_cells),
        cmocka_unit_test(test_frame_no_cells),
        cmocka_unit_test(test_frame_bad_portals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
