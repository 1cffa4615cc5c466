/* Broken Oni level files: every truncation of a good file, header fields,
   descriptors, records, links, counts and strips changed one at a time.
   Each must give RM_INVALID and the message of the checklist (oni-dat.md
   1.13), never a crash (run under the sanitizers too). Offsets in the
   expected messages are worked out from the spec's worked example layout
   (descriptors at 0x40 + 20 i, records from 0x160). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oni/oni_gen.h"
#include "retromesh/oni.h"

static int diag_has(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            return 1;
    return 0;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* The worked example's layout: M3GM 0 (named), arrays 1..6, TXMP 7 named
   with data. Records: M3GM at 0x160 (data 0x168), PNTA at 0x1A0 (data
   0x1A8), VCRA 0x220, VCRA 0x280, TXCA 0x2C0, IDXA 0x300 (data 0x308),
   IDXA 0x340 (data 0x348), TXMP 0x380. */
static void make_file(uint8_t **data, size_t *size)
{
    oni_gen g;
    oni_gen_init(&g, 1);
    static const float pts[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    static const float fn[3] = {0, 0, 1};
    static const float uv[8] = {0, 0, 1, 0, 0, 1, 1, 1};
    static const uint32_t strip[4] = {0x80000000u, 1, 2, 3};
    static const uint32_t fni[2] = {0, 0};
    uint8_t m3gm[0x24] = {0};
    for (uint32_t i = 0; i < 7; i++)
        put32(m3gm + 4 + 4 * i, ((i + 1) << 8) | 1u);
    oni_gen_add(&g, RM_ONI_TAG_M3GM, "M3GMquad", m3gm, sizeof m3gm);
    oni_gen_pnta(&g, 4, pts);
    oni_gen_vcra(&g, 4, pts);
    oni_gen_vcra(&g, 1, fn);
    oni_gen_txca(&g, 4, uv);
    oni_gen_idxa(&g, 4, strip);
    oni_gen_idxa(&g, 2, fni);
    oni_gen_txmp(&g, "TXMPquad_tex");
    assert_int_equal(oni_gen_finish(&g, data, size), 0);
}

/* Opens and decodes instance 0; returns the first failing status. */
static rm_status open_decode(const uint8_t *d, size_t n, rm_diag *diag)
{
    rm_oni_file f;
    rm_status st = rm_oni_open(d, n, "level1_Final.dat", &f, diag);
    if (st != RM_OK)
        return st;
    rm_oni_geometry g;
    st = rm_oni_geometry_decode(&f, 0, &g, diag);
    if (st == RM_OK) {
        rm_mesh m;
        st = rm_oni_geometry_to_mesh(&g, "quad", &m, diag);
        if (st == RM_OK)
            rm_mesh_free(&m);
        rm_oni_geometry_free(&g);
    }
    rm_oni_close(&f);
    return st;
}

static void good_file_decodes(void **state)
{
    (void)state;
    uint8_t *d;
    size_t n;
    make_file(&d, &n);
    rm_diag diag;
    rm_diag_init(&diag);
    assert_int_equal(open_decode(d, n, &diag), RM_OK);
    rm_diag_free(&diag);
    free(d);
}

/* Every strict prefix is refused (the name block ends the file), each in
   its own allocation so the sanitizer sees a read past the end. */
static void truncated_everywhere(void **state)
{
    (void)state;
    uint8_t *d;
    size_t n;
    make_file(&d, &n);
    for (size_t len = 0; len < n; len++) {
        uint8_t *cut = malloc(len ? len : 1);
        memcpy(cut, d, len);
        rm_diag diag;
        rm_diag_init(&diag);
        assert_int_equal(open_decode(cut, len, &diag), RM_INVALID);
        assert_int_equal(diag.errors, 1);
        assert_true(strncmp(diag.items[0].text, "level1_Final.dat: ", 18) == 0);
        rm_diag_free(&diag);
        free(cut);
    }
    free(d);
}

typedef struct change {
    size_t at;          /* file offset of a u32 */
    uint32_t value;
    const char *msg;    /* expected in the message */
} change;

static void one_change_at_a_time(void **state)
{
    (void)state;
    const change cases[] = {
        {0x08, 0x56523332u, "instance file header at 0x8: version 0x56523332 is not VR31"},
        {0x0c, 0x00140041u, "instance file header at 0xc: structure size 65, expected 64"},
        {0x10, 0x00080011u, "instance file header at 0x10: structure size 17, expected 16"},
        {0x14, 0x40000000u, "instance file header at 0x14:"},
        {0x18, 0xFFFFFFFFu, "past the end of the file"},
        {0x20, 0x100u, "data block at 0x100 overlaps the descriptors"},
        {0x24, 0x10000u, "instance file header at 0x24: data block of 65536 bytes"},
        {0x28, 0x1000u, "instance file header at 0x2c: name block of 22 bytes at 0x1000"},
        /* Instance 0's descriptor at 0x40: data offset, name offset, size. */
        {0x44, 4, "instance 0 (M3GM) at 0x40: data of 64 bytes at offset 4 is outside"},
        {0x44, 0x10000, "instance 0 (M3GM) at 0x40: data of 64 bytes at offset 65536"},
        {0x4c, 0xFFFFFFF8u, "instance 0 (M3GM) at 0x40: data of 4294967288 bytes"},
        {0x48, 22, "instance 0 (M3GM) at 0x40: name offset 22 is outside the 22-byte name block"},
        /* Unnamed placeholder: instance 1 (PNTA, flags 0x01) gets flag 0x03. */
        {0x54 + 0x10, 0x03, "instance 1 (PNTA) at 0x54: unnamed placeholder"},
        /* Record IDs. */
        {0x160, 0x101, "instance 0 (M3GM) at 0x160: record starts with instance ID 0x00000101, expected 0x00000001"},
        /* Links of the M3GM (data at 0x168). */
        {0x16c, 0x102, "instance 0 (M3GM) at 0x16c: points link 0x00000102: low byte is not 1"},
        {0x16c, 0x901, "instance 0 (M3GM) at 0x16c: points link to instance 9, but the file has 8"},
        {0x16c, 0x201, "instance 0 (M3GM) at 0x16c: points link to instance 2 (VCRA), expected a PNTA"},
        {0x16c, 0, "instance 0 (M3GM) at 0x16c: no points (link 0)"},
        {0x184, 0x101, "texture link to instance 1 (PNTA), expected a TXMP"},
        /* Counts (PNTA count at data 0x1A8 + 0x34). */
        {0x1A8 + 0x34, 6, "instance 1 (PNTA) at 0x1a8: 6 elements of 12 bytes at +0x38 do not fit"},
        {0x1A8 + 0x34, 0x20000000u, "do not fit in its 120 bytes of data"},
        {0x1A8 + 0x34, 3, "4 vertex normals (instance 2) for 3 points"},
        {0x228 + 0x14, 3, "3 vertex normals (instance 2) for 4 points"},
        {0x2C8 + 0x14, 3, "3 texture coordinates (instance 4) for 4 points"},
        {0x348 + 0x14, 1, "1 face normal indexes (instance 6) for 2 triangles"},
        /* Strip values (IDXA data 0x308, values from 0x320). */
        {0x320, 0, "instance 5 (IDXA) at 0x320: the strip array does not start with a strip start"},
        {0x324, 4, "instance 5 (IDXA) at 0x324: strip value 1: point 4, but the geometry has 4 points"},
        {0x328, 0x80000001u, "instance 5 (IDXA) at 0x320: strip value 0 starts a strip without two more values"},
        /* Face normal index past the one face normal. */
        {0x364, 1, "instance 6 (IDXA) at 0x364: face normal index 1 of triangle 1, but there are 1 face normals"},
    };
    uint8_t *d;
    size_t n;
    make_file(&d, &n);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t *bad = malloc(n);
        memcpy(bad, d, n);
        put32(bad + cases[i].at, cases[i].value);
        rm_diag diag;
        rm_diag_init(&diag);
        rm_status st = open_decode(bad, n, &diag);
        if (st != RM_INVALID || !diag_has(&diag, cases[i].msg)) {
            print_error("case %zu (0x%zx = 0x%x): status %d, want message '%s'\n", i, cases[i].at,
                        (unsigned)cases[i].value, (int)st, cases[i].msg);
            rm_diag_print(&diag, stderr, 1);
            fail();
        }
        rm_diag_free(&diag);
        free(bad);
    }
    free(d);
}

/* A NUL-less name block. */
static void name_without_nul(void **state)
{
    (void)state;
    uint8_t *d;
    size_t n;
    make_file(&d, &n);
    d[n - 1] = 'x';
    rm_diag diag;
    rm_diag_init(&diag);
    assert_int_equal(open_decode(d, n, &diag), RM_INVALID);
    assert_true(diag_has(&diag, "instance 7 (TXMP) at 0xcc: name at offset 9 has no NUL"));
    rm_diag_free(&diag);
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_file_decodes),
        cmocka_unit_test(truncated_everywhere),
        cmocka_unit_test(one_change_at_a_time),
        cmocka_unit_test(name_without_nul),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
