/* tests/runtime/test_budget_load.c - rm_budget_level / rm_budget_models over
   a folder written by the test: models from tests/formats/jom/jom_models.c,
   a level from rm_level_builder naming them in several records, one file
   missing, one invalid.

   By hand (cd.h's rules, saturn-notes 3.4):
   - TRI.JOM (jom_model_triangle): 1 polygon, 3 points, no texture, its
     material without gouraud; 172 bytes written.
   - TEX.JOM (jom_model_textured): the same triangle with 2 embedded
     textures: RGB555 8 x 1 = 16 bytes -> 32 of VRAM; 16 colors 8 x 1 = a
     32-byte table + 4 bytes = 36 -> 64. 96 bytes, 2 sprites. Its TIMG
     chunk does not stay in the heap: heap = size - (8 + TIMG data) + 1.
   - The level: WEAP 0 model TEX.JOM; CELL 0 model "tri.jom" (any case on
     the CD), reflection NOPE.JOM (missing), box -10..10; ENTI 0 'crate'
     model TRI.JOM at (0, 0). Load order: TEX.JOM, tri.jom (a cell: for
     lights, 1 gouraud table for its 1 polygon: 8 bytes -> 32), NOPE.JOM.
   - Totals: 2 polygons, 6 points, VRAM 96 + 32 = 128, sprites 3, 2
     textures, 1 gouraud table.
   - Frame, cell 0: tri 1/3 + the crate's TRI 1/3 + the weapon TEX 1/3 =
     3 polygons, 9 points (no mirror portal: the missing reflection is not
     drawn, the cell is complete). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/jom/jom_models.h"
#include "retromesh/budget.h"
#include "retromesh/fileio.h"

static char dir[64];
static size_t tri_size, tex_size, tex_timg;

static void write_model(const rm_jom_model *m, const char *name, size_t *size)
{
    uint8_t *bytes = jom_write_or_die(m, size);
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    assert_int_equal(rm_file_write_atomic(path, bytes, *size, NULL), RM_OK);
    free(bytes);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/rm_budget.XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    rm_jom_model m;
    jom_model_triangle(&m);
    write_model(&m, "TRI.JOM", &tri_size);
    rm_jom_free(&m);
    jom_model_textured(&m);
    write_model(&m, "TEX.JOM", &tex_size);
    rm_jom_free(&m);
    /* The TIMG chunk's size, found independently of the loader. */
    size_t size;
    jom_model_textured(&m);
    uint8_t *bytes = jom_write_or_die(&m, &size);
    rm_jom_free(&m);
    jom_piece p[32];
    size_t n = jom_split(bytes, size, p, 32);
    int t = jom_find(p, n, "TIMG");
    if (t < 0)
        return -1;
    tex_timg = 8 + p[t].size;
    free(bytes);
    char path[128];
    snprintf(path, sizeof path, "%s/BAD.JOM", dir);
    static const uint8_t junk[] = "JOM1 but not a model";
    return rm_file_write_atomic(path, junk, sizeof junk, NULL) == RM_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    const char *names[] = {"TRI.JOM", "TEX.JOM", "BAD.JOM"};
    for (size_t i = 0; i < 3; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        remove(path);
    }
    return rmdir(dir);
}

static uint8_t *build_level(size_t *size)
{
    rm_level_builder *b = rm_level_builder_create("load");
    size_t ws = rm_level_builder_section(b, "WEAP");
    rm_level_builder_set_string(b, ws, rm_level_builder_add_record(b, ws), "model", "TEX.JOM");
    size_t cs = rm_level_builder_section(b, "CELL");
    size_t c = rm_level_builder_add_record(b, cs);
    rm_level_builder_set_string(b, cs, c, "model", "tri.jom");
    rm_level_builder_set_string(b, cs, c, "reflection", "NOPE.JOM");
    rm_level_builder_set(b, cs, c, "x0", 0, -10);
    rm_level_builder_set(b, cs, c, "z0", 0, -10);
    rm_level_builder_set(b, cs, c, "x1", 0, 10);
    rm_level_builder_set(b, cs, c, "z1", 0, 10);
    size_t es = rm_level_builder_section(b, "ENTI");
    size_t e = rm_level_builder_add_entity(b, "crate", "entity");
    rm_level_builder_set_string(b, es, e, "model", "TRI.JOM");
    uint8_t *data = NULL;
    assert_int_equal(rm_level_builder_write(b, &data, size, NULL), RM_OK);
    rm_level_builder_free(b);
    return data;
}

static void test_level(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = build_level(&size);
    rm_diag d;
    rm_diag_init(&d);
    rm_budget_report r;
    assert_int_equal(rm_budget_level(data, size, "load.JOL", dir, NULL, &r, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    assert_int_equal(r.model_count, 3);

    const rm_budget_model *tex = &r.models[0], *tri = &r.models[1], *nope = &r.models[2];
    assert_string_equal(tex->file, "TEX.JOM");
    assert_false(tex->for_lights);
    assert_int_equal(tex->polygons, 1);
    assert_int_equal(tex->points, 3);
    assert_int_equal(tex->file_bytes, tex_size);
    assert_int_equal(tex->heap_bytes, tex_size - tex_timg + 1);
    assert_int_equal(tex->textures, 2);
    assert_int_equal(tex->textures_new, 2);
    assert_int_equal(tex->textures_shared, 0);
    assert_int_equal(tex->vram_bytes, 96);
    assert_int_equal(tex->sprites, 2);
    assert_int_equal(tex->gouraud_tables, 0);

    assert_string_equal(tri->file, "tri.jom");
    assert_string_equal(tri->disk_name, "TRI.JOM");
    assert_true(tri->for_lights);
    assert_int_equal(tri->file_bytes, tri_size);
    assert_int_equal(tri->heap_bytes, tri_size + 1);
    assert_int_equal(tri->gouraud_tables, 1);
    assert_int_equal(tri->vram_bytes, 32);
    assert_int_equal(tri->sprites, 1);
    assert_int_equal(tri->first_sprite, 2);

    assert_string_equal(nope->file, "NOPE.JOM");
    assert_true(nope->missing);
    /* Who names NOPE.JOM: CELL 0 reflection; TRI.JOM: CELL 0 model and ENTI 0. */
    size_t named_nope = 0, named_tri = 0;
    for (size_t i = 0; i < r.refs.ref_count; i++) {
        if (r.refs.refs[i].file == 2) {
            named_nope++;
            assert_string_equal(r.refs.refs[i].section, "CELL");
            assert_string_equal(r.refs.refs[i].field, "reflection");
        }
        if (r.refs.refs[i].file == 1)
            named_tri++;
    }
    assert_int_equal(named_nope, 1);
    assert_int_equal(named_tri, 2);

    assert_int_equal(r.totals.models, 2);
    assert_int_equal(r.totals.missing, 1);
    assert_int_equal(r.totals.polygons, 2);
    assert_int_equal(r.totals.points, 6);
    assert_int_equal(r.totals.vram_bytes, 128);
    assert_int_equal(r.totals.sprites, 3);
    assert_int_equal(r.totals.textures, 2);
    assert_int_equal(r.totals.gouraud_tables, 1);
    assert_int_equal(r.totals.file_bytes, tri_size + tex_size);
    assert_int_equal(r.totals.level_heap_bytes, size + 1);
    assert_int_equal(r.totals.heap_bytes, size + 1 + tex_size - tex_timg + 1 + tri_size + 1);
    assert_true(r.totals.heap_peak >= r.totals.heap_bytes);

    assert_true(r.frame_known);
    assert_int_equal(r.frame.cell_count, 1);
    assert_int_equal(r.frame.cells[0].polygons, 3);
    assert_int_equal(r.frame.cells[0].points, 9);
    assert_false(r.frame.cells[0].incomplete);
    assert_int_equal(r.frame_polygons, 3);
    assert_false(r.any_over);
    assert_true(r.problems);
    rm_budget_report_free(&r);
    rm_diag_free(&d);
    free(data);
}

/* Over the limits: a heap of 100 bytes, 2 sprites, 1 polygon per frame,
   100 bytes of VRAM (128 used: 28 over). */
static void test_over(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = build_level(&size);
    rm_budget_options opt;
    rm_budget_options_default(&opt);
    opt.heap_bytes = 100;
    opt.sprites = 2;
    opt.polygons = 1;
    opt.vram_bytes = 100;
    rm_budget_report r;
    assert_int_equal(rm_budget_level(data, size, "load.JOL", dir, &opt, &r, NULL), RM_OK);
    assert_true(r.any_over);
    assert_int_equal(r.over.heap, r.totals.heap_peak - 100);
    assert_int_equal(r.over.sprites, 1);       /* 3 sprites of 2 */
    assert_int_equal(r.over.polygons, 2);      /* 3 of 1 in cell 0 */
    assert_int_equal(r.totals.vram_bytes, 128);   /* counted past the limit (keep_going) */
    assert_int_equal(r.over.vram, 28);
    assert_int_equal(r.over.points, 0);
    char line[256];
    assert_true(rm_budget_over_line(&r, 0, line, sizeof line));
    assert_string_equal(line, "over budget: VDP1 VRAM: 128 of 100 bytes, 28 bytes over");
    assert_true(rm_budget_over_line(&r, 2, line, sizeof line));
    assert_string_equal(line, "over budget: sprites: 3 of 2, 1 over");
    assert_true(rm_budget_over_line(&r, 3, line, sizeof line));
    assert_string_equal(line, "over budget: polygons per frame: 3 of 1 with the camera in cell 0, 2 over");
    assert_false(rm_budget_over_line(&r, 4, line, sizeof line));
    rm_budget_report_free(&r);
    free(data);
}

/* A list of models: the same file twice is one row; a missing one and an
   invalid one are rows, not errors; the invalid one's messages are in diag. */
static void test_models(void **state)
{
    (void)state;
    char p1[128];
    snprintf(p1, sizeof p1, "%s/TRI.JOM", dir);
    const char *files[] = {p1, "tri.jom", "GONE.JOM", "BAD.JOM", "TEX.JOM"};
    rm_diag d;
    rm_diag_init(&d);
    rm_budget_report r;
    assert_int_equal(rm_budget_models(files, 5, dir, NULL, &r, &d), RM_OK);
    assert_int_equal(r.model_count, 4);
    assert_string_equal(r.models[0].file, "TRI.JOM");
    assert_false(r.models[0].for_lights);
    assert_int_equal(r.models[0].gouraud_tables, 0);
    assert_true(r.models[1].missing);
    assert_true(r.models[2].invalid);
    assert_true(d.errors >= 1);
    assert_int_equal(r.models[3].vram_bytes, 96);
    assert_int_equal(r.totals.heap_bytes, tri_size + 1 + tex_size - tex_timg + 1);
    assert_false(r.frame_known);
    assert_int_equal(r.frame_polygons, 1);     /* the biggest model alone */
    assert_null(r.level);
    rm_budget_report_free(&r);
    rm_diag_free(&d);
}

/* An invalid level and a folder that is not there. */
static void test_errors(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = build_level(&size);
    rm_budget_report r;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_budget_level(data, 20, "cut.JOL", dir, NULL, &r, &d), RM_INVALID);
    assert_int_equal(r.model_count, 0);
    assert_true(d.errors >= 1);
    assert_int_equal(rm_budget_level(data, size, "load.JOL", "/nonexistent/cd", NULL, &r, &d), RM_IO);
    assert_int_equal(r.model_count, 0);
    rm_diag_free(&d);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level),
        cmocka_unit_test(test_over),
        cmocka_unit_test(test_models),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
