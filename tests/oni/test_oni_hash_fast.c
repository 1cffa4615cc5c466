/* The fast paths of the Oni hash against the simple code they replaced:
   rm_oni_decode_strips (branch-free shape check, then one write per value)
   against the original two-pass decoder, on random strip arrays, valid and
   broken (same status, triangles and message); rm_oni_hash_line (written
   by hand) against snprintf with the line's format, for every buffer size
   (the text, the NUL and the return value). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/oni.h"

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint32_t next(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 32);
}

/* The decoder as it was (one value at a time, messages in index order). */
static rm_status ref_strips(const uint32_t *values, uint32_t count, uint32_t point_count, uint32_t **tri,
                            uint32_t *tri_count, uint32_t *strips, char *msg, size_t msg_size)
{
    *tri = NULL;
    *tri_count = *strips = 0;
    msg[0] = 0;
    uint32_t starts = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t v = values[i];
        if (v & 0x80000000u) {
            if (i + 2 >= count || (values[i + 1] & 0x80000000u) || (values[i + 2] & 0x80000000u)) {
                snprintf(msg, msg_size, "strip value %lu starts a strip without two more values after it",
                         (unsigned long)i);
                return RM_INVALID;
            }
            starts++;
        } else if (i == 0) {
            snprintf(msg, msg_size, "the strip array does not start with a strip start (bit 31 clear in 0x%08lx)",
                     (unsigned long)v);
            return RM_INVALID;
        }
        if ((v & 0x7FFFFFFFu) >= point_count) {
            snprintf(msg, msg_size, "strip value %lu: point %lu, but the geometry has %lu points",
                     (unsigned long)i, (unsigned long)(v & 0x7FFFFFFFu), (unsigned long)point_count);
            return RM_INVALID;
        }
    }
    uint32_t n = count - 2 * starts;
    if (n == 0)
        return RM_OK;
    uint32_t *t = malloc((size_t)n * 3 * sizeof *t);
    assert_non_null(t);
    uint32_t a = 0, b = 0, k = 0;
    for (uint32_t i = 0; i < count;) {
        uint32_t v = values[i];
        if (v & 0x80000000u) {
            a = v & 0x7FFFFFFFu;
            b = values[i + 1];
            v = values[i + 2];
            i += 3;
        } else {
            i++;
        }
        t[3 * k] = a;
        t[3 * k + 1] = b;
        t[3 * k + 2] = v;
        k++;
        a = b;
        b = v;
    }
    *tri = t;
    *tri_count = n;
    *strips = starts;
    return RM_OK;
}

/* A strip array: mostly valid (strips of 3-12 values), sometimes broken in
   one of the ways the checks know. */
static uint32_t make_strips(uint32_t *v, uint32_t cap, uint32_t points, int breakage)
{
    uint32_t n = 0;
    uint32_t strips = 1 + next() % 6;
    for (uint32_t s = 0; s < strips && n + 12 <= cap; s++) {
        uint32_t len = 3 + next() % 10;
        v[n++] = 0x80000000u | next() % points;
        for (uint32_t i = 1; i < len; i++)
            v[n++] = next() % points;
    }
    if (n == 0)
        return 0;
    uint32_t at = next() % n;
    switch (breakage) {
    case 1: v[at] = next() % points + points; break;                          /* index too big */
    case 2: v[at] |= 0x80000000u; break;                                       /* start too close */
    case 3: v[0] &= 0x7FFFFFFFu; break;                                        /* no start first */
    case 4: v[n - 1 - next() % 2] |= 0x80000000u; break;                       /* start at the end */
    case 5: v[at] = 0x80000000u | (next() % points + points); break;          /* start out of range */
    case 6: n = 1 + next() % 2; break;                                         /* too short */
    default: break;
    }
    return n;
}

static void strips_match_the_simple_decoder(void **state)
{
    (void)state;
    uint32_t v[80];
    unsigned valid = 0, broken = 0;
    for (int round = 0; round < 20000; round++) {
        uint32_t points = 1 + next() % 40;
        int breakage = round % 3 == 0 ? (int)(next() % 7) : 0;
        uint32_t n = make_strips(v, 80, points, breakage);
        uint32_t *rt, rn, rs, *t, tn, ts;
        char want[256];
        rm_status rst = ref_strips(v, n, points, &rt, &rn, &rs, want, sizeof want);
        rm_diag d;
        rm_diag_init(&d);
        rm_status st = rm_oni_decode_strips(v, n, points, &t, &tn, &ts, "f.dat", 5, 0x308, &d);
        assert_int_equal(st, rst);
        assert_int_equal(tn, rn);
        assert_int_equal(ts, rs);
        if (rst == RM_OK) {
            assert_int_equal(d.count, 0);
            if (rn)
                assert_memory_equal(t, rt, (size_t)rn * 3 * sizeof *t);
            else
                assert_null(t);
            valid++;
        } else {
            assert_null(t);
            assert_int_equal(d.count, 1);
            if (!strstr(d.items[0].text, want))
                fail_msg("message \"%s\", expected \"%s\"", d.items[0].text, want);
            broken++;
        }
        free(t);
        free(rt);
        rm_diag_free(&d);
    }
    assert_true(valid > 10000 && broken > 3000);
}

static void check_line(const rm_oni_geometry *g, int level)
{
    char want[1024], got[1024];
    int wn = snprintf(want, sizeof want,
                      "level%d %u %s points=%u triangles=%u points_crc=%08x uvs_crc=%08x normals_crc=%08x "
                      "triangles_crc=%08x face_normals_crc=%08x",
                      level, (unsigned)g->instance, g->name ? g->name : "-", (unsigned)g->point_count,
                      (unsigned)g->triangle_count, (unsigned)rm_oni_crc32(0, g->points, 12 * (size_t)g->point_count),
                      (unsigned)rm_oni_crc32(0, g->uvs, 8 * (size_t)g->point_count),
                      (unsigned)rm_oni_crc32(0, g->vertex_normals, 12 * (size_t)g->point_count), 0u, 0u);
    /* The two CRCs of the triangles: computed as the format says, u32
       little endian one by one. */
    uint32_t tc = 0;
    for (size_t i = 0; i < 3 * (size_t)g->triangle_count; i++) {
        uint32_t x = g->triangles[i];
        uint8_t b[4] = {(uint8_t)x, (uint8_t)(x >> 8), (uint8_t)(x >> 16), (uint8_t)(x >> 24)};
        tc = rm_oni_crc32(tc, b, 4);
    }
    char *p = strstr(want, "triangles_crc=");
    char tail[128];
    snprintf(tail, sizeof tail, "triangles_crc=%08x face_normals_crc=%08x", (unsigned)tc,
             (unsigned)rm_oni_crc32(0, g->face_normal_indexes, 4 * (size_t)g->triangle_count));
    strcpy(p, tail);
    wn = (int)strlen(want);
    assert_int_equal(rm_oni_hash_line(g, level, got, sizeof got), wn);
    assert_string_equal(got, want);
    /* Every smaller buffer: snprintf's truncation and return value. */
    for (size_t size = 0; size <= (size_t)wn + 2; size++) {
        memset(got, 'X', sizeof got);
        assert_int_equal(rm_oni_hash_line(g, level, got, size), wn);
        if (size > 0) {
            size_t keep = (size_t)wn < size - 1 ? (size_t)wn : size - 1;
            assert_memory_equal(got, want, keep);
            assert_int_equal(got[keep], 0);
            assert_int_equal(got[keep + 1], 'X');
        } else {
            assert_int_equal(got[0], 'X');
        }
    }
}

static void line_matches_snprintf(void **state)
{
    (void)state;
    uint8_t bytes[12 * 50];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)next();
    uint32_t tris[3 * 20];
    for (size_t i = 0; i < 3 * 20; i++)
        tris[i] = next() % 50;
    char longname[400];
    memset(longname, 'n', sizeof longname - 1);
    longname[sizeof longname - 1] = 0;
    const char *names[] = {NULL, "M3GMdoor_1_0", "", longname};
    static const int levels[] = {0, 1, 19, -3, INT_MAX, INT_MIN};
    static const uint32_t instances[] = {0, 7, 812, 0xFFFFFFFFu};
    for (size_t a = 0; a < sizeof names / sizeof names[0]; a++)
        for (size_t b = 0; b < sizeof levels / sizeof levels[0]; b++)
            for (size_t c = 0; c < sizeof instances / sizeof instances[0]; c++) {
                rm_oni_geometry g;
                memset(&g, 0, sizeof g);
                g.instance = instances[c];
                g.name = names[a];
                g.point_count = (uint32_t)(c * 16 % 50);
                g.points = bytes;
                g.uvs = bytes + 3;
                g.vertex_normals = bytes + 5;
                g.triangle_count = (uint32_t)(b * 4 % 21);
                g.triangles = g.triangle_count ? tris : NULL;
                g.face_normal_indexes = bytes + 1;
                check_line(&g, levels[b]);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strips_match_the_simple_decoder),
        cmocka_unit_test(line_matches_snprintf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
