/* JOM writer: exact bytes against files assembled by hand from the seed
   (docs/jom.md), padding, chunk order, determinism, refusal of invalid
   models, atomic file output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jom_models.h"
#include "retromesh/fileio.h"

/* Q16.16 values as their 4 big-endian bytes. */
#define P1 0x00, 0x01, 0x00, 0x00   /* +1.0 = 0x00010000 */
#define M1 0xFF, 0xFF, 0x00, 0x00   /* -1.0 = 0xFFFF0000 */
#define HF 0x00, 0x00, 0x80, 0x00   /* +0.5 = 0x00008000 */
#define Z4 0x00, 0x00, 0x00, 0x00   /* 0 */
#define Z12 Z4, Z4, Z4              /* 12 zero bytes (the rest of a short name) */

/* The cube of jom_models.c, byte by byte. Offsets: header 24 bytes, then
   each chunk is 8 + its size: PNTS at 24 = 0x18 (size 4 + 8 x 12 = 100),
   QUAD at 24 + 108 = 0x84 (4 + 6 x 20 = 124), QMAT at 132 + 132 = 0x108
   (4 + 6 x 2 = 16, even: no padding), MATL at 264 + 24 = 0x120
   (4 + 2 x 32 = 68), TEXT at 288 + 76 = 0x16c (4 + 16 = 20), NTAB at
   364 + 28 = 0x188 (4 + 6 x 12 = 76), CNRM at 392 + 84 = 0x1dc
   (4 + 24 x 2 = 52), VCOL at 476 + 60 = 0x218 (100), GOUR at 536 + 108
   = 0x284 (52), GRUP at 644 + 60 = 0x2c0 (4 + 2 x 24 = 52), BONE at
   704 + 60 = 0x2fc (4 + 2 x 32 = 68), ANIM at 764 + 76 = 0x348
   (4 + 28 + 2 keys x (12 + 2 bones x 6) = 80), END at 840 + 88 = 0x3a0,
   file size 928 + 8 = 936. */
static const uint8_t cube_bytes[] = {
    /* header */
    'J', 'O', 'M', '1', 0x00, 0x01, /* version 1 */ 0x00, 0x00, /* reserved */
    Z4, Z4, Z4,                     /* center 0 0 0 */
    0x00, 0x01, 0xBB, 0x68,         /* radius 113512 = 1.73205 */
    /* 0x18 PNTS */
    'P', 'N', 'T', 'S', 0x00, 0x00, 0x00, 0x64, 0x00, 0x00, 0x00, 0x08,
    M1, M1, M1, /* 0 */ P1, M1, M1, /* 1 */ P1, P1, M1, /* 2 */ M1, P1, M1, /* 3 */
    M1, M1, P1, /* 4 */ P1, M1, P1, /* 5 */ P1, P1, P1, /* 6 */ M1, P1, P1, /* 7 */
    /* 0x84 QUAD: normal, then 4 u16 corners */
    'Q', 'U', 'A', 'D', 0x00, 0x00, 0x00, 0x7C, 0x00, 0x00, 0x00, 0x06,
    Z4, Z4, M1, 0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00, 0x03,
    Z4, Z4, P1, 0x00, 0x05, 0x00, 0x04, 0x00, 0x07, 0x00, 0x06,
    M1, Z4, Z4, 0x00, 0x04, 0x00, 0x00, 0x00, 0x03, 0x00, 0x07,
    P1, Z4, Z4, 0x00, 0x01, 0x00, 0x05, 0x00, 0x06, 0x00, 0x02,
    Z4, M1, Z4, 0x00, 0x04, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00,
    Z4, P1, Z4, 0x00, 0x03, 0x00, 0x02, 0x00, 0x06, 0x00, 0x07,
    /* 0x108 QMAT: 6 u16, no padding */
    'Q', 'M', 'A', 'T', 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x06,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01,
    /* 0x120 MATL */
    'M', 'A', 'T', 'L', 0x00, 0x00, 0x00, 0x44, 0x00, 0x00, 0x00, 0x02,
    'R', 'E', 'D', 0x00, Z12,
    0xFF, 0x00, 0x00, /* r g b */ 0x0A, /* shine 10 */ 0xFF, 0xFF, /* texture -1 */
    0x00, 0x00, /* subdivision_error */ 0x00, 0x00, 0x00, 0x0B, /* flags dual|sort_min|gouraud */
    Z4, /* user */
    'W', 'A', 'L', 'L', Z12,
    0x80, 0x80, 0x80, 0x00, 0x00, 0x00, /* texture 0 */ 0x00, 0x04, /* subdivision_error 4 */
    0x00, 0x08, 0x00, 0x40, /* light (bit 6) | user(3) (bit 19) */ 0x12, 0x34, 0x56, 0x78,
    /* 0x16c TEXT */
    'T', 'E', 'X', 'T', 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x01,
    'W', 'A', 'L', 'L', '.', 'B', 'I', 'N', Z4, Z4,
    /* 0x188 NTAB */
    'N', 'T', 'A', 'B', 0x00, 0x00, 0x00, 0x4C, 0x00, 0x00, 0x00, 0x06,
    Z4, Z4, M1, Z4, Z4, P1, M1, Z4, Z4, P1, Z4, Z4, Z4, M1, Z4, Z4, P1, Z4,
    /* 0x1dc CNRM: 24 u16, polygon p uses normal p at its 4 corners */
    'C', 'N', 'R', 'M', 0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00, 0x18,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 2, 0, 2, 0, 2, 0, 2,
    0, 3, 0, 3, 0, 3, 0, 3, 0, 4, 0, 4, 0, 4, 0, 4, 0, 5, 0, 5, 0, 5, 0, 5,
    /* 0x218 VCOL: r = bit 0 of the point, g = bit 1 (0.5), b = bit 2 */
    'V', 'C', 'O', 'L', 0x00, 0x00, 0x00, 0x64, 0x00, 0x00, 0x00, 0x08,
    Z4, Z4, Z4, P1, Z4, Z4, Z4, HF, Z4, P1, HF, Z4,
    Z4, Z4, P1, P1, Z4, P1, Z4, HF, P1, P1, HF, P1,
    /* 0x284 GOUR: the polygons of RED (0, 1, 4) get C210 801F 83E0 FC00 */
    'G', 'O', 'U', 'R', 0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00, 0x18,
    0xC2, 0x10, 0x80, 0x1F, 0x83, 0xE0, 0xFC, 0x00,
    0xC2, 0x10, 0x80, 0x1F, 0x83, 0xE0, 0xFC, 0x00,
    Z4, Z4, Z4, Z4,
    0xC2, 0x10, 0x80, 0x1F, 0x83, 0xE0, 0xFC, 0x00,
    Z4, Z4,
    /* 0x2c0 GRUP: name, first_point, point_count, first_polygon, polygon_count */
    'G', 'R', 'U', 'P', 0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00, 0x02,
    'B', 'O', 'D', 'Y', Z12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
    'L', 'I', 'D', 0x00, Z12, 0x00, 0x04, 0x00, 0x00, 0x00, 0x03, 0x00, 0x03,
    /* 0x2fc BONE: name, group, parent, pivot */
    'B', 'O', 'N', 'E', 0x00, 0x00, 0x00, 0x44, 0x00, 0x00, 0x00, 0x02,
    'R', 'O', 'O', 'T', Z12, 0x00, 0x00, 0xFF, 0xFF, Z4, Z4, Z4,
    'L', 'I', 'D', 0x00, Z12, 0x00, 0x01, 0x00, 0x00, Z4, M1, P1,
    /* 0x348 ANIM: count, 1 record, then the keys at offset 4 + 28 = 32 */
    'A', 'N', 'I', 'M', 0x00, 0x00, 0x00, 0x50, 0x00, 0x00, 0x00, 0x01,
    'O', 'P', 'E', 'N', Z12, 0x00, 0x02, /* keys */ 0x00, 0x1E, /* 30 ticks */
    0x00, 0x01, /* loop */ 0x00, 0x00, /* duplicate */ 0x00, 0x00, 0x00, 0x20, /* offset 32 */
    Z4, Z4, Z4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,                     /* key 0 */
    Z4, 0xFF, 0xFF, 0x80, 0x00, Z4, 0, 0, 0, 0, 0, 0, 0x20, 0x00, 0x00, 0x00, 0xC0, 0x00, /* key 1 */
    /* 0x3a0 END */
    'E', 'N', 'D', ' ', 0x00, 0x00, 0x00, 0x00,
};

/* The triangle: QMAT has an odd count, so 2 bytes of padding. PNTS at
   0x18 (4 + 36 = 40), QUAD at 24 + 48 = 0x48 (24), QMAT at 72 + 32 = 0x68
   (4 + 2 + 2 = 8), MATL at 104 + 16 = 0x78 (36), END at 120 + 44 = 0xa4,
   size 164 + 8 = 172. */
static const uint8_t triangle_bytes[] = {
    'J', 'O', 'M', '1', 0x00, 0x01, 0x00, 0x00,
    HF, HF, Z4, 0x00, 0x00, 0xB5, 0x05,   /* center 0.5 0.5 0, radius 46341 */
    'P', 'N', 'T', 'S', 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00, 0x03,
    Z4, Z4, Z4, P1, Z4, Z4, Z4, P1, Z4,
    'Q', 'U', 'A', 'D', 0x00, 0x00, 0x00, 0x18, 0x00, 0x00, 0x00, 0x01,
    Z4, Z4, M1, 0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00, 0x02,   /* v3 = v2 */
    'Q', 'M', 'A', 'T', 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01,
    0x00, 0x00, /* material 0 */ 0x00, 0x00, /* padding */
    'M', 'A', 'T', 'L', 0x00, 0x00, 0x00, 0x24, 0x00, 0x00, 0x00, 0x01,
    'G', 'R', 'E', 'E', 'N', 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0xC8, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, Z4, Z4,
    'E', 'N', 'D', ' ', 0x00, 0x00, 0x00, 0x00,
};

/* The header and TIMG chunk of the textured model: TIMG comes first, at
   0x18, size 4 + (24 + 16) + (24 + 36) = 104; PNTS follows at
   24 + 8 + 104 = 0x88. Neither entry needs padding (16 and 36 bytes). */
static const uint8_t textured_prefix[] = {
    'J', 'O', 'M', '1', 0x00, 0x01, 0x00, 0x00, HF, HF, Z4, 0x00, 0x00, 0xB5, 0x05,
    'T', 'I', 'M', 'G', 0x00, 0x00, 0x00, 0x68, 0x00, 0x00, 0x00, 0x02,
    'R', 'G', 'B', '_', '0', 'A', '1', 'B', '2', 'C', '.', 'B', 'I', 'N', 0x00, 0x00,
    0x00, 0x08, /* width */ 0x00, 0x01, /* height */ 0x00, 0x00, /* format 0 */ 0x00, 0x00,
    0x80, 0x00, 0x80, 0x01, 0x80, 0x02, 0x80, 0x03, 0x80, 0x04, 0x80, 0x05, 0x80, 0x06, 0x80, 0x07,
    'L', 'U', 'T', '_', '3', 'D', '4', 'E', '5', 'F', '.', 'B', 'I', 'N', 0x00, 0x00,
    0x00, 0x08, 0x00, 0x01, 0x00, 0x01, /* format 1 */ 0x00, 0x00,
    0x00, 0x00, 0x80, 0x01, 0x80, 0x02, 0x80, 0x03, 0x80, 0x04, 0x80, 0x05, 0x80, 0x06, 0x80, 0x07,
    0x80, 0x08, 0x80, 0x09, 0x80, 0x0A, 0x80, 0x0B, 0x80, 0x0C, 0x80, 0x0D, 0x80, 0x0E, 0x80, 0x0F,
    0x01, 0x23, 0x45, 0x67,   /* 8 pixels, 2 a byte */
    'P', 'N', 'T', 'S',
};

static void assert_bytes(const uint8_t *got, size_t got_size, const uint8_t *want, size_t want_size)
{
    assert_int_equal(got_size, want_size);
    for (size_t i = 0; i < want_size; i++) {
        if (got[i] != want[i]) {
            fprintf(stderr, "first difference at 0x%zx: got 0x%02x, want 0x%02x\n", i, got[i], want[i]);
            fail();
        }
    }
}

static void cube_is_byte_exact(void **state)
{
    (void)state;
    assert_int_equal(sizeof cube_bytes, 936);
    rm_jom_model m;
    jom_model_cube(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    assert_bytes(data, size, cube_bytes, sizeof cube_bytes);
    /* The offsets worked out above. */
    assert_memory_equal(data + 0x84, "QUAD", 4);
    assert_memory_equal(data + 0x348, "ANIM", 4);
    assert_memory_equal(data + 0x3a0, "END ", 4);
    free(data);
    rm_jom_free(&m);
}

static void triangle_has_odd_qmat_padding(void **state)
{
    (void)state;
    assert_int_equal(sizeof triangle_bytes, 172);
    rm_jom_model m;
    jom_model_triangle(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    assert_bytes(data, size, triangle_bytes, sizeof triangle_bytes);
    free(data);
    rm_jom_free(&m);
}

static void even_qmat_has_no_padding(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_triangle(&m);
    /* A second triangle: QMAT holds 2 u16 = 4 bytes, size 4 + 4 = 8. */
    rm_jom_polygon *p = realloc(m.polygons, 2 * sizeof *p);
    uint16_t *q = realloc(m.polygon_materials, 2 * sizeof *q);
    assert_non_null(p);
    assert_non_null(q);
    m.polygons = p;
    m.polygon_materials = q;
    p[1] = p[0];
    q[1] = 0;
    m.polygon_count = 2;
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    /* QUAD at 0x48 now has 4 + 2 x 20 = 44 bytes: QMAT at 0x48 + 52 = 0x7c. */
    static const uint8_t qmat[] = {'Q', 'M', 'A', 'T', 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 0, 'M', 'A', 'T', 'L'};
    assert_true(size > 0x7c + sizeof qmat);
    assert_memory_equal(data + 0x7c, qmat, sizeof qmat);
    free(data);
    rm_jom_free(&m);
}

static void textured_timg_is_first_and_exact(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_textured(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    assert_true(size > sizeof textured_prefix);
    assert_bytes(data, sizeof textured_prefix, textured_prefix, sizeof textured_prefix);
    free(data);
    rm_jom_free(&m);
}

static void odd_bone_count_pads_each_key(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_skeleton(&m, 1, 1);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    /* After the triangle's MATL (ending at 0xa4): BONE (4 + 32 = 36) at
       0xa4, ANIM at 0xa4 + 44 = 0xd0 with 4 + 28 + 1 key x (12 + 6 + 2) =
       52 bytes, END at 0xd0 + 60 = 0x10c, size 0x114. Key angles of bone 0
       (jom_models.c): (j x 7 x 37 mod 65536) - 32768 for j = 0, 1, 2:
       -32768 = 0x8000, 259 - 32768 = 0x8103, 518 - 32768 = 0x8206. */
    static const uint8_t anim[] = {
        'A', 'N', 'I', 'M', 0, 0, 0, 52, 0, 0, 0, 1,
        'A', 'N', 'I', 'M', '0', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 1, /* 1 key */ 0, 5, /* 5 ticks */ 0, 0, 0, 0, 0, 0, 0, 32,
        Z4, Z4, Z4, 0x80, 0x00, 0x81, 0x03, 0x82, 0x06, 0x00, 0x00, /* pad */
        'E', 'N', 'D', ' ', 0, 0, 0, 0,
    };
    assert_int_equal(size, 0x114);
    assert_memory_equal(data + 0xd0, anim, sizeof anim);
    free(data);
    rm_jom_free(&m);
}

/* Tags of the chunks of a written file, in order, joined by spaces. */
static void chunk_sequence(const uint8_t *data, size_t size, char *out, size_t out_size)
{
    size_t pos = 24, o = 0;
    out[0] = 0;
    while (pos + 8 <= size) {
        uint32_t n = (uint32_t)data[pos + 4] << 24 | (uint32_t)data[pos + 5] << 16 |
                     (uint32_t)data[pos + 6] << 8 | data[pos + 7];
        o += (size_t)snprintf(out + o, out_size - o, "%s%.4s", o ? " " : "", (const char *)data + pos);
        pos += 8 + n;
    }
    assert_int_equal(pos, size);
}

static void chunk_order_for_every_option(void **state)
{
    (void)state;
    /* Bits: 1 TEXT, 2 normals, 4 vertex colors, 8 gouraud (needs 4),
       16 groups, 32 skeleton. */
    for (unsigned opt = 0; opt < 64; opt++) {
        if ((opt & 8) && !(opt & 4))
            continue;
        rm_jom_model m;
        jom_model_cube(&m);
        if (!(opt & 1)) {
            m.texture_count = 0;
            m.materials[1].texture = -1;
        }
        m.has_normals = opt & 2;
        m.has_vertex_colors = opt & 4;
        m.has_gouraud = opt & 8;
        m.has_groups = opt & 16;
        m.has_skeleton = opt & 32;
        if (!m.has_groups)
            m.bones[0].group = m.bones[1].group = RM_JOM_BONE_NO_GROUP;
        char want[128] = "PNTS QUAD QMAT MATL";
        if (opt & 1) strcat(want, " TEXT");
        if (opt & 2) strcat(want, " NTAB CNRM");
        if (opt & 4) strcat(want, " VCOL");
        if (opt & 8) strcat(want, " GOUR");
        if (opt & 16) strcat(want, " GRUP");
        if (opt & 32) strcat(want, " BONE ANIM");
        strcat(want, " END ");
        size_t size;
        uint8_t *data = jom_write_or_die(&m, &size);
        char got[128];
        chunk_sequence(data, size, got, sizeof got);
        assert_string_equal(got, want);
        free(data);
        rm_jom_free(&m);
    }
    rm_jom_model m;
    jom_model_textured(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    char got[128];
    chunk_sequence(data, size, got, sizeof got);
    assert_string_equal(got, "TIMG PNTS QUAD QMAT MATL TEXT END ");
    free(data);
    rm_jom_free(&m);
}

static void writing_is_deterministic(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    size_t a_size, b_size;
    uint8_t *a = jom_write_or_die(&m, &a_size);
    uint8_t *b = jom_write_or_die(&m, &b_size);
    assert_int_equal(a_size, b_size);
    assert_memory_equal(a, b, a_size);
    free(b);
    /* What the format does not keep changes nothing: bytes after the end
       of a name, the key offsets of the model (recomputed), the chunk
       table and file size of a model that was read. */
    memcpy(m.materials[0].name, "RED\0garbage!!!!", 16);
    m.animations[0].offset = 12345;
    m.file_size = 99;
    b = jom_write_or_die(&m, &b_size);
    assert_int_equal(a_size, b_size);
    assert_memory_equal(a, b, a_size);
    free(a);
    free(b);
    rm_jom_free(&m);
}

static void invalid_model_is_refused(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    m.polygons[1].v[0] = 900;
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = (uint8_t *)&d;   /* must be reset to NULL */
    size_t size = 7;
    assert_int_equal(rm_jom_write(&m, &data, &size, &d), RM_INVALID);
    assert_null(data);
    assert_int_equal(size, 0);
    /* Polygon 1 is at 0x84 + 12 + 20 = 0xa4, its corner A at 0xa4 + 12. */
    assert_true(jom_has_message(&d, "<model>: chunk QUAD at 0xb0: polygon 1 uses point 900, PNTS has 8 points"));
    rm_diag_free(&d);
    rm_jom_free(&m);
}

static void write_file_is_atomic_and_exact(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_jom_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/CUBE.JOM", dir);
    rm_jom_model m;
    jom_model_cube(&m);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_jom_write_file(&m, path, &d), RM_OK);
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_bytes(data, size, cube_bytes, sizeof cube_bytes);
    free(data);
    /* An invalid model leaves the file as it was. */
    m.polygon_materials[0] = 7;
    assert_int_equal(rm_jom_write_file(&m, path, &d), RM_INVALID);
    /* QMAT at 0x108, its first u16 at 0x108 + 8 + 4. */
    char want[256];
    snprintf(want, sizeof want, "%s: chunk QMAT at 0x114: polygon 0 uses material 7, MATL has 2 materials", path);
    assert_true(jom_has_message(&d, want));
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_int_equal(size, sizeof cube_bytes);
    free(data);
    unlink(path);
    rmdir(dir);
    rm_diag_free(&d);
    rm_jom_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cube_is_byte_exact),
        cmocka_unit_test(triangle_has_odd_qmat_padding),
        cmocka_unit_test(even_qmat_has_no_padding),
        cmocka_unit_test(textured_timg_is_first_and_exact),
        cmocka_unit_test(odd_bone_count_pads_each_key),
        cmocka_unit_test(chunk_order_for_every_option),
        cmocka_unit_test(writing_is_deterministic),
        cmocka_unit_test(invalid_model_is_refused),
        cmocka_unit_test(write_file_is_atomic_and_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
