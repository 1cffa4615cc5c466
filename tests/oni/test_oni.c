/* The Oni container and M3GM decoder against files written by the test
   generator (oni_gen.c, from the spec's recipe): the spec's worked example
   byte for byte, the wiki's door strips, placeholders, shared arrays, a
   texture link of 0, and the messages for broken files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "oni/oni_gen.h"
#include "retromesh/obj.h"
#include "retromesh/oni.h"

static int diag_has(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            return 1;
    return 0;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The spec's worked example (oni-dat.md 1.14): a unit square, two
   triangles, texture a placeholder. */
static void make_quad(uint8_t **data, size_t *size)
{
    oni_gen g;
    oni_gen_init(&g, 1);
    static const float pts[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    static const float vn[12] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    static const float fn[3] = {0, 0, 1};
    static const float uv[8] = {0, 0, 1, 0, 0, 1, 1, 1};
    static const uint32_t strip[4] = {0x80000000u, 1, 2, 3};
    static const uint32_t fni[2] = {0, 0};
    /* The M3GM is instance 0 and links to 1..7: its payload is written
       first with those links (the recipe's index order). */
    uint8_t m3gm[0x24] = {0};
    for (uint32_t i = 0; i < 7; i++) {
        uint32_t v = ((i + 1) << 8) | 1u;
        m3gm[4 + 4 * i] = (uint8_t)v;
        m3gm[5 + 4 * i] = (uint8_t)(v >> 8);
    }
    assert_int_equal(oni_gen_add(&g, RM_ONI_TAG_M3GM, "M3GMquad", m3gm, sizeof m3gm), 0);
    assert_int_equal(oni_gen_pnta(&g, 4, pts), 1);
    assert_int_equal(oni_gen_vcra(&g, 4, vn), 2);
    assert_int_equal(oni_gen_vcra(&g, 1, fn), 3);
    assert_int_equal(oni_gen_txca(&g, 4, uv), 4);
    assert_int_equal(oni_gen_idxa(&g, 4, strip), 5);
    assert_int_equal(oni_gen_idxa(&g, 2, fni), 6);
    assert_int_equal(oni_gen_placeholder(&g, RM_ONI_TAG_TXMP, "TXMPquad_tex"), 7);
    assert_int_equal(oni_gen_finish(&g, data, size), 0);
}

static void worked_example_bytes(void **state)
{
    (void)state;
    uint8_t *d;
    size_t n;
    make_quad(&d, &n);
    /* Expected bytes copied from the spec's text (oni-dat.md 1.14). */
    assert_int_equal(n, 918);
    static const uint8_t head[48] = {
        0x1F, 0x27, 0xDC, 0x33, 0xDF, 0xBC, 0x03, 0x00, 0x31, 0x33, 0x52, 0x56, 0x40, 0x00, 0x14, 0x00,
        0x10, 0x00, 0x08, 0x00, 0x08, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00,
        0x60, 0x01, 0x00, 0x00, 0x20, 0x02, 0x00, 0x00, 0x80, 0x03, 0x00, 0x00, 0x16, 0x00, 0x00, 0x00};
    assert_memory_equal(d, head, 48);
    for (int i = 48; i < 64; i++)
        assert_int_equal(d[i], 0);
    static const uint8_t m3gm[44] = {
        0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x01, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x01, 0x03, 0x00, 0x00, 0x01, 0x04, 0x00, 0x00,
        0x01, 0x05, 0x00, 0x00, 0x01, 0x06, 0x00, 0x00, 0x01, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    assert_memory_equal(d + 0x160, m3gm, 44);
    assert_int_equal(d + 0x160 + 44 < d + n, 1);
    assert_int_equal(d[0x160 + 44], 0xAD);
    assert_int_equal(d[0x160 + 45], 0xDE);
    /* Name descriptors at 0xE0: (0,0), (7,0); names at 0x380. */
    assert_int_equal(le32(d + 0xE0), 0);
    assert_int_equal(le32(d + 0xE8), 7);
    assert_memory_equal(d + 0x380, "M3GMquad\0TXMPquad_tex\0", 22);
    /* Template descriptors at 0xF0, sorted by tag: IDXA(2) first, VCRA(2) last. */
    assert_int_equal(le32(d + 0xF0 + 8), RM_ONI_TAG_IDXA);
    assert_int_equal(le32(d + 0xF0 + 12), 2);
    assert_int_equal(le32(d + 0xF0 + 5 * 16 + 8), RM_ONI_TAG_VCRA);
    /* The record table of the spec: data offsets and sizes. */
    static const uint32_t offs[8] = {0x008, 0x048, 0x0C8, 0x128, 0x168, 0x1A8, 0x1E8, 0};
    static const uint32_t sizes[8] = {0x40, 0x80, 0x60, 0x40, 0x40, 0x40, 0x40, 0};
    for (int i = 0; i < 8; i++) {
        assert_int_equal(le32(d + 64 + 20 * i + 4), offs[i]);
        assert_int_equal(le32(d + 64 + 20 * i + 12), sizes[i]);
    }
    free(d);
}

static void worked_example_decode(void **state)
{
    (void)state;
    uint8_t *d;
    size_t n;
    make_quad(&d, &n);
    rm_diag diag;
    rm_diag_init(&diag);
    rm_oni_file f;
    assert_int_equal(rm_oni_open(d, n, "level1_Final.dat", &f, &diag), RM_OK);
    assert_int_equal(f.instance_count, 8);
    assert_string_equal(f.instances[0].name, "M3GMquad");
    assert_string_equal(f.instances[0].tag_text, "M3GM");
    assert_null(f.instances[1].name);
    assert_int_equal(f.instances[0].record, 0x160);
    assert_int_equal(f.instances[0].data, 0x168);
    assert_int_equal(f.instances[0].size, 0x38);
    assert_false(f.instances[7].has_data);
    assert_int_equal(rm_oni_find(&f, "TXMPquad_tex"), 7);
    assert_int_equal(rm_oni_find(&f, "nope"), RM_ONI_NONE);
    uint32_t t;
    assert_int_equal(rm_oni_link(&f, 0, 0x04, RM_ONI_TAG_PNTA, "points", &t, &diag), RM_OK);
    assert_int_equal(t, 1);
    assert_int_equal(rm_oni_link(&f, 0, 0x20, 0, "spare", &t, &diag), RM_OK);
    assert_int_equal(t, RM_ONI_NONE);

    rm_oni_geometry g;
    assert_int_equal(rm_oni_geometry_decode(&f, 0, &g, &diag), RM_OK);
    assert_int_equal(g.point_count, 4);
    assert_int_equal(g.triangle_count, 2);
    assert_int_equal(g.strip_count, 1);
    static const uint32_t tri[6] = {0, 1, 2, 1, 2, 3};
    assert_memory_equal(g.triangles, tri, sizeof tri);
    assert_int_equal(le32(g.face_normal_indexes), 0);
    assert_int_equal(le32(g.face_normal_indexes + 4), 0);
    assert_int_equal(g.texture, 7);
    assert_string_equal(g.texture_name, "TXMPquad_tex");
    assert_true(g.texture_external);

    /* As a mesh: (0,1,2) is counter-clockwise around +Z already; (1,2,3)
       is clockwise ((2-1) x (3-1) = (-1,1,0) x (0,1,0) = (0,0,-1)), so it
       turns into (1,3,2). */
    rm_mesh m;
    assert_int_equal(rm_oni_geometry_to_mesh(&g, "quad", &m, &diag), RM_OK);
    assert_int_equal(m.position_count, 4);
    assert_int_equal(m.face_count, 2);
    static const uint32_t corners[6] = {0, 1, 2, 1, 3, 2};
    assert_memory_equal(m.corner_position, corners, sizeof corners);
    assert_int_equal(m.corner_uv[4], 3);
    assert_true(m.positions[3].x == 1.0 && m.positions[3].y == 1.0);
    assert_true(m.uvs[1][0] == 1.0 && m.uvs[1][1] == 0.0);
    assert_int_equal(m.material_count, 1);
    assert_string_equal(m.materials[0].name, "quad_tex");

    /* The OBJ text, written out by hand from the values above (1-based
       indexes, winding of the mesh), and read back by the OBJ reader. */
    char *obj, *mtl;
    size_t obj_n, mtl_n;
    assert_int_equal(rm_obj_write(&m, "quad.mtl", "M3GMquad", &obj, &obj_n, &mtl, &mtl_n), RM_OK);
    const char *want_obj = "# written by retromesh\nmtllib quad.mtl\no M3GMquad\n"
                           "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\n"
                           "vt 0 0\nvt 1 0\nvt 0 1\nvt 1 1\n"
                           "vn 0 0 1\nvn 0 0 1\nvn 0 0 1\nvn 0 0 1\n"
                           "usemtl quad_tex\nf 1/1/1 2/2/2 3/3/3\nf 2/2/2 4/4/4 3/3/3\n";
    assert_int_equal(obj_n, strlen(want_obj));
    assert_memory_equal(obj, want_obj, obj_n);
    assert_int_equal(mtl_n, strlen("newmtl quad_tex\nKd 1 1 1\n"));
    assert_memory_equal(mtl, "newmtl quad_tex\nKd 1 1 1\n", mtl_n);
    rm_obj_options oo;
    rm_obj_options_default(&oo);
    oo.load_materials = false;
    rm_mesh back;
    assert_int_equal(rm_obj_parse(obj, obj_n, "quad.obj", &oo, &back, &diag), RM_OK);
    assert_int_equal(back.face_count, 2);
    assert_memory_equal(back.corner_position, corners, sizeof corners);
    rm_mesh_free(&back);
    free(obj);
    free(mtl);
    rm_mesh_free(&m);

    /* The hash line: CRCs computed independently with Python's zlib.crc32
       over struct.pack('<...') of the same values (docs/oni.md). */
    char line[512];
    rm_oni_hash_line(&g, 1, line, sizeof line);
    assert_string_equal(line, "level1 0 M3GMquad points=4 triangles=2 points_crc=220a4a05 uvs_crc=61772483 "
                              "normals_crc=67a0b678 triangles_crc=8a3330f9 face_normals_crc=6522df69");
    /* CRC-32 check value of "123456789" (the standard one: cbf43926). */
    assert_int_equal(rm_oni_crc32(0, "123456789", 9), 0xcbf43926u);
    rm_oni_geometry_free(&g);
    rm_oni_close(&f);
    assert_int_equal(diag.errors, 0);
    rm_diag_free(&diag);
    free(d);
}

/* The wiki's door (oni-dat.md 2.5): 22 values, 5 strips, 12 triangles,
   expected triangles copied from the spec's text. */
static void door_strips(void **state)
{
    (void)state;
    static const uint32_t v[22] = {0x80000000u, 2, 1, 5, 4, 7, 6, 0x8000000Au, 8, 11, 13, 12,
                                   0x8000000Fu, 1, 14, 4, 0x80000002u, 0, 3, 0x80000008u, 10, 9};
    static const uint32_t want[36] = {0, 2, 1, 2, 1, 5, 1, 5, 4, 5, 4, 7, 4, 7, 6, 10, 8, 11,
                                      8, 11, 13, 11, 13, 12, 15, 1, 14, 1, 14, 4, 2, 0, 3, 8, 10, 9};
    uint32_t *t, n, s;
    assert_int_equal(rm_oni_decode_strips(v, 22, 16, &t, &n, &s, "door", 0, 0, NULL), RM_OK);
    assert_int_equal(n, 12);
    assert_int_equal(s, 5);
    assert_memory_equal(t, want, sizeof want);
    free(t);
    /* Point 15 with only 15 points: an error, not a crash. */
    rm_diag diag;
    rm_diag_init(&diag);
    assert_int_equal(rm_oni_decode_strips(v, 22, 15, &t, &n, &s, "door", 9, 0x100, &diag), RM_INVALID);
    assert_true(diag_has(&diag, "door: instance 9 (IDXA) at 0x130: strip value 12: point 15, but the geometry has 15 points"));
    assert_null(t);
    rm_diag_free(&diag);
}

static void strip_errors(void **state)
{
    (void)state;
    struct {
        uint32_t v[5];
        uint32_t n;
        const char *msg;
    } cases[] = {
        {{1, 2, 3}, 3, "does not start with a strip start"},
        {{0x80000000u, 1}, 2, "without two more values"},
        {{0x80000000u, 1, 0x80000002u, 3, 4}, 5, "without two more values"},
        {{0x80000000u, 1, 2, 0x80000001u, 2}, 5, "without two more values"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rm_diag diag;
        rm_diag_init(&diag);
        uint32_t *t, n, s;
        assert_int_equal(rm_oni_decode_strips(cases[i].v, cases[i].n, 8, &t, &n, &s, "x", 1, 0, &diag),
                         RM_INVALID);
        assert_true(diag_has(&diag, cases[i].msg));
        rm_diag_free(&diag);
    }
    /* An empty strip array: no triangles, no error. */
    uint32_t *t, n, s;
    assert_int_equal(rm_oni_decode_strips(NULL, 0, 0, &t, &n, &s, "x", 1, 0, NULL), RM_OK);
    assert_int_equal(n, 0);
}

/* Shared arrays, a texture link of 0, a named TXMP with data, placeholders
   and several geometries. */
static void shared_and_links(void **state)
{
    (void)state;
    oni_gen g;
    oni_gen_init(&g, 3);
    uint32_t seed = 7;
    uint32_t tex = oni_gen_txmp(&g, "TXMPrl_1");
    uint32_t a = oni_gen_random_geometry(&g, "M3GMdoor_1_0", 16, 5, tex, &seed);
    uint32_t b = oni_gen_random_geometry(&g, NULL, 40, 3, ONI_GEN_NONE, &seed);
    /* A third geometry sharing every array of the first one. */
    uint32_t links[7] = {a - 6, a - 5, a - 4, a - 3, a - 2, a - 1, ONI_GEN_NONE};
    uint32_t c = oni_gen_m3gm(&g, "M3GMshared", links);
    uint32_t ph = oni_gen_placeholder(&g, RM_ONI_TAG_M3GM, "M3GMfrom_level0");
    uint8_t *d;
    size_t n;
    assert_int_equal(oni_gen_finish(&g, &d, &n), 0);
    /* Level 3: file ID (3 << 25) | 1 = 0x06000001 in every record. */
    assert_int_equal(le32(d + le32(d + 0x20) + 4), 0x06000001u);

    rm_diag diag;
    rm_diag_init(&diag);
    rm_oni_file f;
    assert_int_equal(rm_oni_open(d, n, "level3_Final.dat", &f, &diag), RM_OK);
    rm_oni_geometry ga, gc, gb;
    assert_int_equal(rm_oni_geometry_decode(&f, a, &ga, &diag), RM_OK);
    assert_int_equal(rm_oni_geometry_decode(&f, b, &gb, &diag), RM_OK);
    assert_int_equal(rm_oni_geometry_decode(&f, c, &gc, &diag), RM_OK);
    assert_string_equal(ga.texture_name, "TXMPrl_1");
    assert_false(ga.texture_external);
    assert_int_equal(gb.texture, RM_ONI_NONE);
    assert_null(gb.texture_name);
    assert_null(gb.name);
    assert_int_equal(gb.strip_count, 3);
    assert_ptr_equal(ga.points, gc.points);
    assert_int_equal(ga.triangle_count, gc.triangle_count);
    assert_memory_equal(ga.triangles, gc.triangles, 12 * (size_t)ga.triangle_count);
    rm_oni_geometry gp;
    assert_int_equal(rm_oni_geometry_decode(&f, ph, &gp, &diag), RM_INVALID);
    assert_true(diag_has(&diag, "placeholder"));
    rm_mesh m;
    assert_int_equal(rm_oni_geometry_to_mesh(&gb, "b", &m, &diag), RM_OK);
    assert_string_equal(m.materials[0].name, "none");
    assert_int_equal(m.face_count, gb.triangle_count);
    rm_mesh_free(&m);
    rm_oni_geometry_free(&ga);
    rm_oni_geometry_free(&gb);
    rm_oni_geometry_free(&gc);
    rm_oni_close(&f);
    rm_diag_free(&diag);
    free(d);
}

static void level_numbers(void **state)
{
    (void)state;
    assert_int_equal(rm_oni_level_number("level0_Final.dat"), 0);
    assert_int_equal(rm_oni_level_number("game/GameDataFolder/level19_Final.dat"), 19);
    assert_int_equal(rm_oni_level_number("level1_Final.raw"), -1);
    assert_int_equal(rm_oni_level_number("level_Final.dat"), -1);
    assert_int_equal(rm_oni_level_number("level1_Other.dat"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_example_bytes), cmocka_unit_test(worked_example_decode),
        cmocka_unit_test(door_strips),          cmocka_unit_test(strip_errors),
        cmocka_unit_test(shared_and_links),     cmocka_unit_test(level_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
