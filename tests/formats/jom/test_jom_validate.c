/* JOM rules: one check per rule of the format, with the exact message.
   Offsets are worked out by hand from the layouts spelled out in
   test_jom_write.c:
     cube: PNTS 0x18, QUAD 0x84 (records from 0x90, 20 bytes each), QMAT
     0x108 (u16 from 0x114), MATL 0x120 (records from 0x12c, 32 bytes),
     TEXT 0x16c (names from 0x178), NTAB 0x188, CNRM 0x1dc (u16 from
     0x1e8), VCOL 0x218, GOUR 0x284, GRUP 0x2c0 (records from 0x2cc, 24
     bytes), BONE 0x2fc (records from 0x308, 32 bytes), ANIM 0x348
     (records from 0x354, keys at +32 = 0x36c... offset field of record 0
     at 0x354 + 24 = 0x36c), END 0x3a0, 936 bytes.
     triangle: PNTS 0x18, QUAD 0x48, QMAT 0x68 (pad at 0x76), MATL 0x78,
     END 0xa4.
     textured: TIMG 0x18 (count at 0x20, entry 0 at 0x24, entry 1 at
     0x24 + 24 + 16 = 0x4c), PNTS 0x88, QUAD 0xb8, QMAT 0xd8, MATL 0xe8,
     TEXT 0x114 (names from 0x120), END 0x140. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jom_models.h"

enum { CUBE, TRIANGLE, TEXTURED };

static uint8_t *model_file(int which, size_t *size)
{
    rm_jom_model m;
    if (which == CUBE)
        jom_model_cube(&m);
    else if (which == TRIANGLE)
        jom_model_triangle(&m);
    else
        jom_model_textured(&m);
    uint8_t *data = jom_write_or_die(&m, size);
    rm_jom_free(&m);
    return data;
}

/* Reads `data`, expects `want` and, when given, the message. */
static void expect_read(const uint8_t *data, size_t size, rm_status want, const char *message)
{
    rm_jom_model m;
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_jom_read(data, size, "t.jom", &m, &d);
    if (st != want) {
        fprintf(stderr, "status %d, want %d for: %s\n", st, want, message ? message : "(none)");
        jom_dump_messages(&d);
    }
    assert_int_equal(st, want);
    if (message)
        assert_true(jom_has_message(&d, message));
    else
        assert_int_equal(d.count, 0);
    if (want != RM_OK) {
        assert_null(m.points);
        assert_int_equal(m.chunk_count, 0);
    }
    rm_jom_free(&m);
    rm_diag_free(&d);
}

typedef struct patch {
    int file;
    uint32_t offset;
    int width;          /* 2 or 4 bytes */
    uint32_t value;
    rm_status status;
    const char *message;  /* NULL: no message at all */
} patch;

static const patch patches[] = {
    /* header */
    {CUBE, 0x0, 4, 0x4A4F4D32, RM_INVALID,
     "t.jom: header at 0x0: magic is \"JOM2\" (4a 4f 4d 32), not \"JOM1\": not a JOM file"},
    {CUBE, 0x4, 2, 2, RM_INVALID, "t.jom: header at 0x4: version 2, this tool reads version 1"},
    {CUBE, 0x6, 2, 5, RM_OK, "t.jom: header at 0x6: warning: reserved is 0x0005, not 0"},
    /* chunk sizes and counts: 936 - 0x18 - 8 = 904 bytes after PNTS's header */
    {CUBE, 0x1c, 4, 0x10000, RM_INVALID,
     "t.jom: chunk PNTS at 0x18: size 65536 goes past the end of the file (904 bytes left after the chunk header)"},
    {CUBE, 0x20, 4, 0xFFFFFFFF, RM_INVALID,
     "t.jom: chunk PNTS at 0x18: size 100 does not match the count: 4 + 4294967295 x 12 = 51539607544 bytes"},
    {CUBE, 0x8c, 4, 7, RM_INVALID, "t.jom: chunk QUAD at 0x84: size 124 does not match the count: 4 + 7 x 20 = 144 bytes"},
    {CUBE, 0x110, 4, 7, RM_INVALID,
     "t.jom: chunk QMAT at 0x108: size 16 does not match the count: 4 + 7 x 2 + 2 (padding) = 20 bytes"},
    {TRIANGLE, 0x76, 2, 0x0100, RM_OK, "t.jom: chunk QMAT at 0x76: warning: the 2 bytes of padding are not zero"},
    /* indexes: polygon 1 at 0x90 + 20, its corner A at +12; QMAT entry 2
       at 0x114 + 4; CNRM entry 5 (polygon 1, corner 1) at 0x1e8 + 10;
       material 1 at 0x12c + 32, its texture at +20 */
    {CUBE, 0xb0, 2, 900, RM_INVALID, "t.jom: chunk QUAD at 0xb0: polygon 1 uses point 900, PNTS has 8 points"},
    {CUBE, 0x118, 2, 5, RM_INVALID, "t.jom: chunk QMAT at 0x118: polygon 2 uses material 5, MATL has 2 materials"},
    {CUBE, 0x1f2, 2, 6, RM_INVALID,
     "t.jom: chunk CNRM at 0x1f2: corner 1 of polygon 1 uses normal 6, NTAB has 6 normals"},
    {CUBE, 0x160, 2, 1, RM_INVALID, "t.jom: chunk MATL at 0x160: material 1 'WALL' uses texture 1, TEXT has 1 textures"},
    {CUBE, 0x160, 2, 0xFFFE, RM_INVALID,
     "t.jom: chunk MATL at 0x160: material 1 'WALL' uses texture -2, TEXT has 1 textures"},
    /* names: TEXT name 0 at 0x178 made empty; a byte after "RED\0" */
    {CUBE, 0x178, 2, 0, RM_INVALID, "t.jom: chunk TEXT at 0x178: texture 0 has an empty name"},
    {CUBE, 0x136, 2, 0x7878, RM_OK,
     "t.jom: chunk MATL at 0x12c: warning: material 0 'RED': the bytes after the end of the name are not zero"},
    /* polygon normals: -0.5 is reported, -0.99499 (within 1%) is not */
    {CUBE, 0x98, 4, 0xFFFF8000, RM_OK,
     "t.jom: chunk QUAD at 0x90: warning: polygon 0: normal (0.0000 0.0000 -0.5000) has length 0.5000, not 1"},
    {CUBE, 0x98, 4, 0xFFFF0148, RM_OK, NULL},
    /* groups: group 1 at 0x2cc + 24 = 0x2e4, first_point at +16 */
    {CUBE, 0x2f6, 2, 5, RM_INVALID,
     "t.jom: chunk GRUP at 0x2f4: group 1 'LID': first_point 4 + point_count 5 = 9, PNTS has 8 points"},
    {CUBE, 0x2fa, 2, 4, RM_INVALID,
     "t.jom: chunk GRUP at 0x2f8: group 1 'LID': first_polygon 3 + polygon_count 4 = 7, QUAD has 6 polygons"},
    {CUBE, 0x2f4, 4, 0xFFFFFFFF, RM_INVALID,
     "t.jom: chunk GRUP at 0x2f4: group 1 'LID': first_point 65535 + point_count 65535 = 131070, PNTS has 8 points"},
    /* bones: bone 1 at 0x308 + 32 = 0x328, group at +16, parent at +18 */
    {CUBE, 0x33a, 2, 1, RM_INVALID,
     "t.jom: chunk BONE at 0x33a: bone 1 'LID' has parent 1: it must be -1 (a root) or a bone before it"},
    {CUBE, 0x33a, 2, 0xFFFE, RM_INVALID,
     "t.jom: chunk BONE at 0x33a: bone 1 'LID' has parent -2: it must be -1 (a root) or a bone before it"},
    {CUBE, 0x338, 2, 2, RM_INVALID, "t.jom: chunk BONE at 0x338: bone 1 'LID' moves group 2, GRUP has 2 groups"},
    {CUBE, 0x338, 2, 0xFFFF, RM_OK, NULL},
    /* animations: record 0 at 0x354: key_count +16, duplicate +22,
       offset +24; 2 keys of 12 + 2 x 6 = 24 bytes, chunk size 80 */
    {CUBE, 0x350, 4, 0xFFFFFFFF, RM_INVALID,
     "t.jom: chunk ANIM at 0x348: size 80 is too small for 4294967295 animations: 4 + 4294967295 x 28 = 120259084264 bytes"},
    {CUBE, 0x364, 2, 0, RM_INVALID, "t.jom: chunk ANIM at 0x364: animation 0 'OPEN' has 0 keys, at least 1"},
    {CUBE, 0x36a, 2, 1, RM_OK,
     "t.jom: chunk ANIM at 0x36a: warning: animation 0 'OPEN': duplicate is 1, 0 in files (the loader sets it)"},
    {CUBE, 0x36c, 4, 34, RM_INVALID,
     "t.jom: chunk ANIM at 0x36c: animation 0 'OPEN': key offset 34 is not a multiple of 4"},
    {CUBE, 0x36c, 4, 28, RM_INVALID,
     "t.jom: chunk ANIM at 0x36c: animation 0 'OPEN': key offset 28 is inside the records (the keys start at 32)"},
    {CUBE, 0x36c, 4, 36, RM_INVALID,
     "t.jom: chunk ANIM at 0x36c: animation 0 'OPEN': 2 keys of 24 bytes from offset 36 end at 84, past the end of the chunk (80 bytes)"},
    {CUBE, 0x36c, 4, 0xFFFFFFFC, RM_INVALID,
     "t.jom: chunk ANIM at 0x36c: animation 0 'OPEN': 2 keys of 24 bytes from offset 4294967292 end at 4294967340, past the end of the chunk (80 bytes)"},
    /* embedded textures: entry 0 at 0x24 (width +16, height +18, format
       +20, reserved +22), entry 1 at 0x4c, TIMG size 104 */
    {TEXTURED, 0x34, 2, 0, RM_INVALID,
     "t.jom: chunk TIMG at 0x34: texture 0 'RGB_0A1B2C.BIN': width 0, it must be a multiple of 8 (and not 0)"},
    {TEXTURED, 0x34, 2, 12, RM_INVALID,
     "t.jom: chunk TIMG at 0x34: texture 0 'RGB_0A1B2C.BIN': width 12, it must be a multiple of 8 (and not 0)"},
    {TEXTURED, 0x36, 2, 0, RM_INVALID, "t.jom: chunk TIMG at 0x36: texture 0 'RGB_0A1B2C.BIN': height is 0"},
    {TEXTURED, 0x38, 2, 2, RM_INVALID,
     "t.jom: chunk TIMG at 0x38: texture 0 'RGB_0A1B2C.BIN': format 2, not 0 (RGB 555) or 1 (16 colors with a lookup table)"},
    {TEXTURED, 0x3a, 2, 1, RM_OK, "t.jom: chunk TIMG at 0x3a: warning: texture 0 'RGB_0A1B2C.BIN': reserved is 0x0001, not 0"},
    /* entry 1, 8x2 in format 1: 32 + 8 bytes, 104 - 4 - 40 - 24 = 36 left */
    {TEXTURED, 0x5e, 2, 2, RM_INVALID,
     "t.jom: chunk TIMG at 0x4c: texture 1 'LUT_3D4E5F.BIN': 40 bytes of pixels (8x2, format 1) go past the end of the chunk (36 bytes left)"},
    {TEXTURED, 0x20, 4, 1, RM_INVALID, "t.jom: chunk TIMG at 0x4c: 60 bytes after the last texture"},
    {TEXTURED, 0x20, 4, 5, RM_INVALID, "t.jom: chunk TIMG at 0x20: 5 textures cannot fit in 104 bytes (24 bytes each at least)"},
    {TEXTURED, 0x20, 4, 3, RM_INVALID,
     "t.jom: chunk TIMG at 0x88: texture 2: its 24-byte header goes past the end of the chunk (0 bytes left)"},
    {TEXTURED, 0x120, 2, 0x5847, RM_OK,
     "t.jom: chunk TIMG at 0x24: warning: texture 0 is 'RGB_0A1B2C.BIN', TEXT names it 'XGB_0A1B2C.BIN'"},
};

static void each_patch(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof patches / sizeof patches[0]; i++) {
        const patch *p = &patches[i];
        size_t size;
        uint8_t *data = model_file(p->file, &size);
        assert_true(p->offset + (uint32_t)p->width <= size);
        if (p->width == 2)
            jom_put16(data + p->offset, (uint16_t)p->value);
        else
            jom_put32(data + p->offset, p->value);
        expect_read(data, size, p->status, p->message);
        free(data);
    }
}

static void short_and_cut_files(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = model_file(CUBE, &size);
    expect_read(data, 10, RM_INVALID, "t.jom: header at 0x0: the file is 10 bytes, shorter than the 24-byte header");
    expect_read(data, 0x3a4, RM_INVALID, "t.jom: chunk header at 0x3a0: only 4 bytes left, a chunk header is 8 bytes");
    expect_read(data, 0x3a0, RM_INVALID, "t.jom: chunk END at 0x3a0: missing: the file ends without an END chunk");
    /* 4 more bytes after END */
    uint8_t *longer = malloc(size + 4);
    memcpy(longer, data, size);
    memset(longer + size, 0, 4);
    expect_read(longer, size + 4, RM_INVALID,
                "t.jom: chunk END at 0x3a0: 4 bytes after the END chunk (from 0x3a8): END must be the last chunk");
    free(longer);
    free(data);
}

/* Rearranges the chunks of a file: `edit` changes the piece list. */
typedef void (*edit_fn)(jom_piece *p, size_t *n);

static void expect_edit(int which, edit_fn edit, rm_status want, const char *message)
{
    size_t size;
    uint8_t *data = model_file(which, &size);
    jom_piece p[24];
    size_t n = jom_split(data, size, p, 20);
    edit(p, &n);
    size_t size2;
    uint8_t *data2 = jom_join(data, p, n, &size2);
    expect_read(data2, size2, want, message);
    free(data);
    free(data2);
}

static void drop(jom_piece *p, size_t *n, const char *tag)
{
    int i = jom_find(p, *n, tag);
    assert_true(i >= 0);
    jom_remove(p, n, (size_t)i);
}

static void drop_pnts(jom_piece *p, size_t *n) { drop(p, n, "PNTS"); }
static void drop_matl(jom_piece *p, size_t *n) { drop(p, n, "MATL"); }
static void drop_text(jom_piece *p, size_t *n) { drop(p, n, "TEXT"); }
static void drop_ntab(jom_piece *p, size_t *n) { drop(p, n, "NTAB"); }
static void drop_cnrm(jom_piece *p, size_t *n) { drop(p, n, "CNRM"); }
static void drop_vcol(jom_piece *p, size_t *n) { drop(p, n, "VCOL"); }
static void drop_gour(jom_piece *p, size_t *n) { drop(p, n, "GOUR"); }
static void drop_grup(jom_piece *p, size_t *n) { drop(p, n, "GRUP"); }
static void drop_bone(jom_piece *p, size_t *n) { drop(p, n, "BONE"); }
static void drop_anim(jom_piece *p, size_t *n) { drop(p, n, "ANIM"); }

static void swap_quad_qmat(jom_piece *p, size_t *n)
{
    (void)n;
    jom_piece t = p[1];
    p[1] = p[2];
    p[2] = t;
}

static void timg_after_pnts(jom_piece *p, size_t *n)
{
    (void)n;
    jom_piece t = p[0];
    p[0] = p[1];
    p[1] = t;
}

static void pnts_twice(jom_piece *p, size_t *n)
{
    jom_insert(p, n, *n - 1, p[0]);
}

static void empty_matl(jom_piece *p, size_t *n)
{
    p[jom_find(p, *n, "MATL")].size = 0;
}

/* Replaces the data of a chunk by a count and `records` bytes of zeros. */
static uint8_t replacement[1u << 20];
static void replace(jom_piece *p, size_t n, const char *tag, uint32_t count, size_t records)
{
    int i = jom_find(p, n, tag);
    assert_true(i >= 0 && records + 4 <= sizeof replacement);
    memset(replacement, 0, records + 4);
    jom_put32(replacement, count);
    p[i].data = replacement;
    p[i].size = 4 + records;
}

static void qmat_of_4(jom_piece *p, size_t *n) { replace(p, *n, "QMAT", 4, 8); }
static void cnrm_of_2(jom_piece *p, size_t *n) { replace(p, *n, "CNRM", 2, 4); }
static void vcol_of_1(jom_piece *p, size_t *n) { replace(p, *n, "VCOL", 1, 12); }
static void gour_of_2(jom_piece *p, size_t *n) { replace(p, *n, "GOUR", 2, 4); }
static void pnts_of_65536(jom_piece *p, size_t *n) { replace(p, *n, "PNTS", 65536, 65536u * 12); }

static void end_with_data(jom_piece *p, size_t *n)
{
    static const uint8_t four[4] = {0};
    p[*n - 1].data = four;
    p[*n - 1].size = 4;
}

static void odd_unknown_chunk(jom_piece *p, size_t *n)
{
    static const uint8_t two[2] = {0};
    jom_insert(p, n, *n - 1, (jom_piece){{'X', 'T', 'R', 'A'}, two, 2});
}

/* 33 bones (parent -1, no group) and no animation after the triangle. */
static void thirty_three_bones(jom_piece *p, size_t *n)
{
    static uint8_t bones[4 + 33 * 32];
    static const uint8_t no_anim[4] = {0};
    memset(bones, 0, sizeof bones);
    jom_put32(bones, 33);
    for (int i = 0; i < 33; i++) {
        uint8_t *b = bones + 4 + 32 * i;
        b[0] = 'B';
        jom_put16(b + 16, 0xFFFF);
        jom_put16(b + 18, 0xFFFF);
    }
    jom_insert(p, n, *n - 1, (jom_piece){{'B', 'O', 'N', 'E'}, bones, sizeof bones});
    jom_insert(p, n, *n - 1, (jom_piece){{'A', 'N', 'I', 'M'}, no_anim, 4});
}

/* Cube ANIM with 2 animations: records end at 4 + 2 x 28 = 60; A has 2
   keys of 24 bytes at 60 (to 108), B has 1 key at 84 (to 108). */
static void overlapping_keys(jom_piece *p, size_t *n)
{
    static uint8_t anim[108];
    memset(anim, 0, sizeof anim);
    jom_put32(anim, 2);
    anim[4] = 'A';
    jom_put16(anim + 4 + 16, 2);
    jom_put32(anim + 4 + 24, 60);
    anim[32] = 'B';
    jom_put16(anim + 32 + 16, 1);
    jom_put32(anim + 32 + 24, 84);
    int i = jom_find(p, *n, "ANIM");
    p[i].data = anim;
    p[i].size = sizeof anim;
}

/* Name of material 0 (at 0x12c) without its terminator. */
static void long_name(jom_piece *p, size_t *n)
{
    static uint8_t matl[68];
    int i = jom_find(p, *n, "MATL");
    memcpy(matl, p[i].data, 68);
    memset(matl + 4, 'A', 16);
    p[i].data = matl;
}

static void chunk_rules(void **state)
{
    (void)state;
    expect_edit(CUBE, drop_pnts, RM_INVALID, "t.jom: chunk PNTS at 0x18: missing: every JOM file has a PNTS chunk");
    expect_edit(CUBE, drop_matl, RM_INVALID, "t.jom: chunk MATL at 0x120: missing: every JOM file has a MATL chunk");
    /* PNTS (108 bytes) at 0x18, QMAT (24) at 0x84, QUAD at 0x9c */
    expect_edit(CUBE, swap_quad_qmat, RM_INVALID, "t.jom: chunk QUAD at 0x9c: out of order: QUAD must come before QMAT");
    /* PNTS of the textured model: 48 bytes at 0x18, then TIMG at 0x48 */
    expect_edit(TEXTURED, timg_after_pnts, RM_INVALID, "t.jom: chunk TIMG at 0x48: out of order: TIMG must come before PNTS");
    expect_edit(CUBE, pnts_twice, RM_INVALID, "t.jom: chunk PNTS at 0x3a0: second PNTS chunk (the first is at 0x18), ignored");
    expect_edit(CUBE, empty_matl, RM_INVALID, "t.jom: chunk MATL at 0x120: size 0, too small for the count (4 bytes)");
    expect_edit(CUBE, qmat_of_4, RM_INVALID, "t.jom: chunk QMAT at 0x110: count 4, QUAD has 6 polygons");
    expect_edit(CUBE, cnrm_of_2, RM_INVALID, "t.jom: chunk CNRM at 0x1e4: count 2, not 4 x the 6 polygons of QUAD (24)");
    expect_edit(CUBE, drop_cnrm, RM_INVALID, "t.jom: chunk NTAB at 0x188: NTAB needs a CNRM chunk after it");
    expect_edit(CUBE, drop_ntab, RM_INVALID, "t.jom: chunk CNRM at 0x188: CNRM needs an NTAB chunk before it");
    expect_edit(CUBE, vcol_of_1, RM_INVALID, "t.jom: chunk VCOL at 0x220: count 1, PNTS has 8 points");
    expect_edit(CUBE, gour_of_2, RM_INVALID, "t.jom: chunk GOUR at 0x28c: count 2, not 4 x the 6 polygons of QUAD (24)");
    expect_edit(CUBE, drop_vcol, RM_INVALID, "t.jom: chunk GOUR at 0x218: GOUR needs a VCOL chunk before it");
    /* Without GOUR the file is still right: gouraud is optional. */
    expect_edit(CUBE, drop_gour, RM_OK, NULL);
    /* Without GRUP (60 bytes), BONE moves to 0x2c0: bone 0's group field
       at 0x2c0 + 12 + 16 */
    expect_edit(CUBE, drop_grup, RM_INVALID, "t.jom: chunk BONE at 0x2dc: bone 0 'ROOT' moves group 0, there is no GRUP chunk");
    expect_edit(CUBE, drop_text, RM_INVALID, "t.jom: chunk MATL at 0x160: material 1 'WALL' uses texture 0, there is no TEXT chunk");
    expect_edit(CUBE, drop_anim, RM_INVALID, "t.jom: chunk BONE at 0x2fc: BONE needs an ANIM chunk after it");
    expect_edit(CUBE, drop_bone, RM_INVALID, "t.jom: chunk ANIM at 0x2fc: ANIM needs a BONE chunk before it");
    expect_edit(CUBE, end_with_data, RM_INVALID, "t.jom: chunk END at 0x3a0: size 4, the END chunk is empty (size 0)");
    expect_edit(CUBE, odd_unknown_chunk, RM_INVALID, "t.jom: chunk XTRA at 0x3a0: size 2 is not a multiple of 4");
    /* The triangle ends at 0xa4: BONE there, its count at 0xac */
    expect_edit(TRIANGLE, thirty_three_bones, RM_INVALID, "t.jom: chunk BONE at 0xac: 33 bones, more than 32 (JO_3D_MAX_BONES)");
    /* animation 1's record at 0x354 + 28, its offset field at +24 */
    expect_edit(CUBE, overlapping_keys, RM_INVALID,
                "t.jom: chunk ANIM at 0x388: animation 1 'B': its keys (bytes 84 to 108) overlap the keys of animation 0");
    expect_edit(CUBE, long_name, RM_INVALID,
                "t.jom: chunk MATL at 0x12c: material 0: name 'AAAAAAAAAAAAAAAA' is not zero-terminated within 16 bytes");
    expect_edit(TRIANGLE, pnts_of_65536, RM_INVALID, "t.jom: chunk PNTS at 0x20: 65536 points, more than 65535 (indexes are u16)");
}

static void every_problem_is_reported(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = model_file(CUBE, &size);
    jom_put16(data + 0xb0, 900);
    jom_put16(data + 0x118, 5);
    jom_put16(data + 0x338, 2);
    rm_jom_model m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_jom_read(data, size, "t.jom", &m, &d), RM_INVALID);
    assert_int_equal(d.errors, 3);
    assert_true(jom_has_message(&d, "t.jom: chunk QUAD at 0xb0: polygon 1 uses point 900, PNTS has 8 points"));
    assert_true(jom_has_message(&d, "t.jom: chunk QMAT at 0x118: polygon 2 uses material 5, MATL has 2 materials"));
    assert_true(jom_has_message(&d, "t.jom: chunk BONE at 0x338: bone 1 'LID' moves group 2, GRUP has 2 groups"));
    rm_diag_free(&d);

    /* Every corner of every polygon out of range: 24 errors, 5 kept. */
    for (uint32_t i = 0; i < 24; i++)
        jom_put16(data + 0x90 + 20 * (i / 4) + 12 + 2 * (i % 4), 900);
    rm_diag_init(&d);
    d.limit = 5;
    assert_int_equal(rm_jom_read(data, size, "t.jom", &m, &d), RM_INVALID);
    assert_int_equal(d.count, 5);
    assert_int_equal(d.errors, 26);
    assert_int_equal(d.dropped, 21);
    rm_diag_free(&d);
    free(data);
}

/* rm_jom_validate on models in memory: offsets are those of the writer. */
static void expect_validate(const rm_jom_model *m, rm_status want, const char *message)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_jom_validate(m, "t.jom", &d);
    if (st != want)
        jom_dump_messages(&d);
    assert_int_equal(st, want);
    if (message)
        assert_true(jom_has_message(&d, message));
    rm_diag_free(&d);
}

static void validate_in_memory(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    expect_validate(&m, RM_OK, NULL);
    m.version = 0;
    expect_validate(&m, RM_INVALID, "t.jom: header at 0x4: version 0, this tool writes version 1");
    m.version = 1;
    m.polygons[1].v[0] = 900;
    expect_validate(&m, RM_INVALID, "t.jom: chunk QUAD at 0xb0: polygon 1 uses point 900, PNTS has 8 points");
    m.polygons[1].v[0] = 5;
    m.bones[1].parent = 1;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk BONE at 0x33a: bone 1 'LID' has parent 1: it must be -1 (a root) or a bone before it");
    m.bones[1].parent = 0;
    m.groups[1].point_count = 5;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk GRUP at 0x2f4: group 1 'LID': first_point 4 + point_count 5 = 9, PNTS has 8 points");
    m.groups[1].point_count = 0;
    memset(m.materials[0].name, 'A', 16);
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk MATL at 0x12c: material 0: name 'AAAAAAAAAAAAAAAA' is not zero-terminated within 16 bytes");
    jom_set_name(m.materials[0].name, "RED");
    m.animations[0].duplicate = 1;
    expect_validate(&m, RM_OK,
                    "t.jom: chunk ANIM at 0x36a: warning: animation 0 'OPEN': duplicate is 1, 0 in files (the loader sets it)");
    m.animations[0].duplicate = 0;
    m.animations[0].key_count = 0;
    expect_validate(&m, RM_INVALID, "t.jom: chunk ANIM at 0x364: animation 0 'OPEN' has 0 keys, at least 1");
    m.animations[0].key_count = 2;
    /* Arrays that are missing, GOUR without VCOL (VCOL gone: GOUR moves
       to 0x218) */
    rm_vec3x *points = m.points;
    m.points = NULL;
    expect_validate(&m, RM_INVALID, "t.jom: chunk PNTS at 0x18: the model has 8 points but no array for them");
    m.points = points;
    rm_jom_key *keys = m.animations[0].keys;
    m.animations[0].keys = NULL;
    expect_validate(&m, RM_INVALID, "t.jom: chunk ANIM at 0x364: animation 0 has 2 keys but no array for them");
    m.animations[0].keys = keys;
    m.has_vertex_colors = false;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk GOUR at 0x218: GOUR needs a VCOL chunk (has_gouraud without has_vertex_colors)");
    rm_jom_free(&m);

    /* Embedded textures: pixel_size must match; TIMG and TEXT should agree. */
    jom_model_textured(&m);
    m.texture_images[0].pixel_size = 15;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk TIMG at 0x3c: texture 0 'RGB_0A1B2C.BIN': pixel_size 15, a 8x1 texture of format 0 has 16 bytes");
    m.texture_images[0].pixel_size = 16;
    m.texture_images[1].width = 4;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk TIMG at 0x5c: texture 1 'LUT_3D4E5F.BIN': width 4, it must be a multiple of 8 (and not 0)");
    m.texture_images[1].width = 8;
    m.texture_count = 1;
    m.materials[0].texture = 0;
    expect_validate(&m, RM_OK, "t.jom: chunk TIMG at 0x20: warning: 2 embedded textures, TEXT has 1 names");
    rm_jom_free(&m);

    /* Bones and the u16 limits: counts at chunk + 8. */
    jom_model_skeleton(&m, 33, 1);
    expect_validate(&m, RM_INVALID, "t.jom: chunk BONE at 0xac: 33 bones, more than 32 (JO_3D_MAX_BONES)");
    rm_jom_free(&m);
    jom_model_triangle(&m);
    m.point_count = 65536;
    free(m.points);
    m.points = calloc(65536, sizeof *m.points);
    expect_validate(&m, RM_INVALID, "t.jom: chunk PNTS at 0x20: 65536 points, more than 65535 (indexes are u16)");
    rm_jom_free(&m);
    jom_model_triangle(&m);
    m.material_count = 65536;
    free(m.materials);
    m.materials = calloc(65536, sizeof *m.materials);
    for (uint32_t i = 0; i < 65536; i++)
        m.materials[i].texture = -1;
    expect_validate(&m, RM_INVALID, "t.jom: chunk MATL at 0x80: 65536 materials, more than 65535 (indexes are u16)");
    rm_jom_free(&m);
    jom_model_triangle(&m);
    m.polygon_count = 65536;
    free(m.polygons);
    free(m.polygon_materials);
    m.polygons = calloc(65536, sizeof *m.polygons);
    m.polygon_materials = calloc(65536, sizeof *m.polygon_materials);
    for (uint32_t i = 0; i < 65536; i++)
        m.polygons[i].normal.z = 0x10000;
    expect_validate(&m, RM_INVALID, "t.jom: chunk QUAD at 0x50: 65536 polygons, more than 65535 (indexes are u16)");
    rm_jom_free(&m);
    jom_model_cube(&m);
    m.normal_count = 65536;
    free(m.normals);
    m.normals = calloc(65536, sizeof *m.normals);
    expect_validate(&m, RM_INVALID, "t.jom: chunk NTAB at 0x190: 65536 normals, more than 65535 (indexes are u16)");
    rm_jom_free(&m);
}

/* What the engine would draw wrong (issue 13, item 9): a bounding sphere
   that misses points, groups that share polygons or own points. */
static void sphere_holds_the_points(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    /* The corners are sqrt(3) = 113511.68 raw units from the center: a
       radius of 113510 holds them within the 2 units of slack, 113509
       does not. */
    m.radius = 113510;
    expect_validate(&m, RM_OK, NULL);
    m.radius = 113509;
    expect_validate(&m, RM_INVALID,
                    "t.jom: header at 0x14: the bounding sphere (center 0.000000 0.000000 0.000000, radius "
                    "1.732010) does not hold the points: 8 outside, the farthest point 0 (-1.000000 "
                    "-1.000000 -1.000000) at 1.732051; jo_3d_is_sphere_visible() would cull the model "
                    "while it is on the screen");
    m.radius = 113512;
    m.center.x = 0x8000;    /* moved by 0.5: points 0, 3, 4, 7 (x = -1) are 1.5 away in x */
    expect_validate(&m, RM_INVALID,
                    "t.jom: header at 0x14: the bounding sphere (center 0.500000 0.000000 0.000000, radius "
                    "1.732056) does not hold the points: 4 outside, the farthest point 0 (-1.000000 "
                    "-1.000000 -1.000000) at 2.061553; jo_3d_is_sphere_visible() would cull the model "
                    "while it is on the screen");
    rm_jom_free(&m);
    /* The same rule when reading: radius 1.0 in the file (header at 0x14). */
    size_t size;
    uint8_t *data = model_file(CUBE, &size);
    jom_put32(data + 0x14, 0x10000);
    expect_read(data, size, RM_INVALID,
                "t.jom: header at 0x14: the bounding sphere (center 0.000000 0.000000 0.000000, radius "
                "1.000000) does not hold the points: 8 outside, the farthest point 0 (-1.000000 -1.000000 "
                "-1.000000) at 1.732051; jo_3d_is_sphere_visible() would cull the model while it is on "
                "the screen");
    free(data);
}

/* Two triangles, each a group with its own 3 points: A (0, 1, 2),
   polygon 0; B (3, 4, 5), polygon 1. */
static void two_groups(rm_jom_model *m)
{
    jom_model_triangle(m);
    free(m->points);
    free(m->polygons);
    free(m->polygon_materials);
    m->point_count = 6;
    m->points = calloc(6, sizeof *m->points);
    for (int i = 0; i < 6; i++)
        m->points[i] = (rm_vec3x){(i % 3 == 1) ? 0x10000 : 0, (i % 3 == 2) ? 0x10000 : 0, i < 3 ? 0 : 0x10000};
    m->center = (rm_vec3x){0x8000, 0x8000, 0x8000};
    m->radius = 0xDDB4;     /* sqrt(0.75) = 0.866025 -> 56755.2 -> 56756 */
    m->polygon_count = 2;
    m->polygons = calloc(2, sizeof *m->polygons);
    m->polygon_materials = calloc(2, sizeof *m->polygon_materials);
    for (int p = 0; p < 2; p++) {
        m->polygons[p].normal.z = -0x10000;
        m->polygons[p].v[0] = (uint16_t)(3 * p);
        m->polygons[p].v[1] = (uint16_t)(3 * p + 1);
        m->polygons[p].v[2] = m->polygons[p].v[3] = (uint16_t)(3 * p + 2);
    }
    m->has_groups = true;
    m->group_count = 2;
    m->groups = calloc(2, sizeof *m->groups);
    jom_set_name(m->groups[0].name, "A");
    m->groups[0] = (rm_jom_group){.first_point = 0, .point_count = 3, .first_polygon = 0, .polygon_count = 1};
    jom_set_name(m->groups[0].name, "A");
    m->groups[1] = (rm_jom_group){.first_point = 3, .point_count = 3, .first_polygon = 1, .polygon_count = 1};
    jom_set_name(m->groups[1].name, "B");
}

static void groups_share_nothing(void **state)
{
    (void)state;
    /* Layout of two_groups: PNTS 0x18 (4 + 72 = 76), QUAD 0x6c (4 + 40),
       QMAT 0xa0 (4 + 4), MATL 0xb0 (4 + 32), GRUP 0xdc: records from
       0xe8, group 1 at 0x100 (first_point +16, first_polygon +20). */
    rm_jom_model m;
    two_groups(&m);
    expect_validate(&m, RM_OK, NULL);
    m.groups[1].first_polygon = 0;
    m.groups[1].polygon_count = 2;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk GRUP at 0x114: group 1 'B': polygons 0 to 1 overlap the polygons of group 0 "
                    "'A' (0 to 0): a polygon belongs to one group");
    m.groups[1].first_polygon = 1;
    m.groups[1].polygon_count = 1;
    m.groups[1].first_point = 2;
    m.groups[1].point_count = 4;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk GRUP at 0x110: group 1 'B': points 2 to 5 overlap the points of group 0 'A' "
                    "(0 to 2): a point is the own point of one group at most");
    m.groups[1].first_point = 3;
    m.groups[1].point_count = 3;
    /* B's triangle uses A's point 2: A's bone would pull it. */
    m.polygons[1].v[2] = m.polygons[1].v[3] = 2;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk GRUP at 0xf8: group 0 'A': point 2 is one of its own points (0 to 2), but "
                    "polygon 1 (of group 1 'B') uses it (1 polygons of other groups use its points): the "
                    "group's bone would tear them");
    /* A polygon of no group is torn the same way. */
    m.groups[1].polygon_count = 0;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk GRUP at 0xf8: group 0 'A': point 2 is one of its own points (0 to 2), but "
                    "polygon 1 (of no group) uses it (1 polygons of other groups use its points): the "
                    "group's bone would tear them");
    /* Through the reader too: the valid file, polygon 1's C and D (QUAD
       records from 0x78, polygon 1 at 0x8c, corners at +12) set to 2. */
    m.groups[1].polygon_count = 1;
    m.polygons[1].v[2] = m.polygons[1].v[3] = 5;
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    jom_put16(data + 0x8c + 16, 2);
    jom_put16(data + 0x8c + 18, 2);
    expect_read(data, size, RM_INVALID,
                "t.jom: chunk GRUP at 0xf8: group 0 'A': point 2 is one of its own points (0 to 2), but "
                "polygon 1 (of group 1 'B') uses it (1 polygons of other groups use its points): the "
                "group's bone would tear them");
    free(data);
    rm_jom_free(&m);
    /* The cube's groups share every point: none has points of its own. */
    jom_model_cube(&m);
    m.groups[0].point_count = 4;
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk GRUP at 0x2dc: group 0 'BODY': point 1 is one of its own points (0 to 3), "
                    "but polygon 3 (of group 1 'LID') uses it (3 polygons of other groups use its points): "
                    "the group's bone would tear them");
    rm_jom_free(&m);
}

static void texture_names_are_cd_names(void **state)
{
    (void)state;
    static const char *const good[] = {"WALL.BIN", "TEX", "A.B", "12345678.ABC", "WAL_9BEA.BIN", "T24.TGA"};
    static const char *const bad[] = {"", ".BIN", "WALL.", "WALL.BINX", "123456789.BIN", "A.B.C",
                                      "../X", "../../x/SECRET", "A/B.BIN", "A\\B.BIN", "C:X.BIN",
                                      "wall.bin", "A B.BIN", "A\x01.BIN", "WALL_10A6AD.BIN", "-A.BIN"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_true(rm_jom_is_cd_name(good[i]));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (rm_jom_is_cd_name(bad[i]))
            fprintf(stderr, "accepted: '%s'\n", bad[i]);
        assert_false(rm_jom_is_cd_name(bad[i]));
    }
    assert_false(rm_jom_is_cd_name(NULL));
    assert_true(rm_jom_is_embedded_name("WALL_10A6AD.BIN"));
    assert_true(rm_jom_is_embedded_name("WALL.BIN"));
    assert_false(rm_jom_is_embedded_name("WALL_10A6AD1.BIN"));  /* 16 characters */
    assert_false(rm_jom_is_embedded_name("../WALL.BIN"));
    assert_false(rm_jom_is_embedded_name("wall_10a6ad.bin"));
    assert_false(rm_jom_is_embedded_name(NULL));

    /* In the checks: TEXT name 0 of the cube at 0x178, a CD file (no TIMG). */
    rm_jom_model m;
    jom_model_cube(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    memcpy(data + 0x178, "../../x/SECRET\0", 16);
    jom_set_name(m.textures[0], "../../x/SECRET");
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk TEXT at 0x178: texture 0 '../../x/SECRET' is not a file name of the CD: an "
                    "8.3 name of A-Z, 0-9 and _ (WALL.BIN), without a folder");
    expect_read(data, size, RM_INVALID,
                "t.jom: chunk TEXT at 0x178: texture 0 '../../x/SECRET' is not a file name of the CD: an 8.3 "
                "name of A-Z, 0-9 and _ (WALL.BIN), without a folder");
    free(data);
    jom_set_name(m.textures[0], "wall.bin");
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk TEXT at 0x178: texture 0 'wall.bin' is not a file name of the CD: an 8.3 "
                    "name of A-Z, 0-9 and _ (WALL.BIN), without a folder");
    rm_jom_free(&m);
    /* Embedded textures keep their longer names, never a path: TEXT at
       0x114, names from 0x120. */
    jom_model_textured(&m);
    expect_validate(&m, RM_OK, NULL);
    jom_set_name(m.textures[1], "../LUT.BIN");
    jom_set_name(m.texture_images[1].name, "../LUT.BIN");
    expect_validate(&m, RM_INVALID,
                    "t.jom: chunk TEXT at 0x130: texture 1 '../LUT.BIN' is not a texture name: at most 15 "
                    "characters of A-Z, 0-9 and _ with one dot and an extension of 1 to 3, no folder");
    rm_jom_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_patch),
        cmocka_unit_test(short_and_cut_files),
        cmocka_unit_test(chunk_rules),
        cmocka_unit_test(every_problem_is_reported),
        cmocka_unit_test(validate_in_memory),
        cmocka_unit_test(sphere_holds_the_points),
        cmocka_unit_test(groups_share_nothing),
        cmocka_unit_test(texture_names_are_cd_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
