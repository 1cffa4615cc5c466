/* JOM reader against broken files: every truncation, absurd counts, wrong
   tags, random bytes and random flips. Each must end in RM_INVALID with a
   message (or RM_OK for a file that is still right), never a crash; and
   whatever the reader accepts, the writer writes and the reader reads
   again to the same bytes. Run under the sanitizers too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jom_models.h"

enum { CUBE, TEXTURED, SKELETON, MODEL_COUNT };

static uint8_t *model_file(int which, size_t *size)
{
    rm_jom_model m;
    if (which == CUBE)
        jom_model_cube(&m);
    else if (which == TEXTURED)
        jom_model_textured(&m);
    else
        jom_model_skeleton(&m, 3, 3);
    uint8_t *data = jom_write_or_die(&m, size);
    rm_jom_free(&m);
    return data;
}

/* Reads; an invalid file must say why and leave the model empty; a valid
   one must survive write -> read -> write unchanged. Returns the status. */
static rm_status check_bytes(const uint8_t *data, size_t size)
{
    rm_jom_model m;
    rm_diag d;
    rm_diag_init(&d);
    d.limit = 50;
    rm_status st = rm_jom_read(data, size, "t.jom", &m, &d);
    if (st != RM_OK) {
        assert_int_equal(st, RM_INVALID);
        assert_true(d.errors > 0);
        assert_true(d.count > 0);
        assert_null(m.points);
        assert_null(m.chunks);
    } else {
        assert_int_equal(d.errors, 0);
        size_t a_size, b_size;
        uint8_t *a = jom_write_or_die(&m, &a_size);
        rm_jom_model back;
        rm_diag_free(&d);
        rm_diag_init(&d);
        rm_status again = rm_jom_read(a, a_size, "again.jom", &back, &d);
        if (again != RM_OK)
            jom_dump_messages(&d);
        assert_int_equal(again, RM_OK);
        uint8_t *b = jom_write_or_die(&back, &b_size);
        assert_int_equal(a_size, b_size);
        assert_memory_equal(a, b, a_size);
        free(a);
        free(b);
        rm_jom_free(&back);
    }
    rm_jom_free(&m);
    rm_diag_free(&d);
    return st;
}

static void every_truncation(void **state)
{
    (void)state;
    for (int which = 0; which < MODEL_COUNT; which++) {
        size_t size;
        uint8_t *data = model_file(which, &size);
        assert_int_equal(check_bytes(data, size), RM_OK);
        for (size_t len = 0; len < size; len++) {
            /* A copy of exactly `len` bytes, so the sanitizers see any read
               past the end. */
            uint8_t *cut = malloc(len ? len : 1);
            memcpy(cut, data, len);
            assert_int_equal(check_bytes(cut, len), RM_INVALID);
            free(cut);
        }
        free(data);
    }
}

static void absurd_counts(void **state)
{
    (void)state;
    for (int which = 0; which < MODEL_COUNT; which++) {
        size_t size;
        uint8_t *data = model_file(which, &size);
        jom_piece p[20];
        size_t n = jom_split(data, size, p, 20);
        for (size_t i = 0; i + 1 < n; i++) {   /* every chunk but END has a count */
            size_t at = (size_t)(p[i].data - data);
            uint32_t count = (uint32_t)data[at] << 24 | (uint32_t)data[at + 1] << 16 |
                             (uint32_t)data[at + 2] << 8 | data[at + 3];
            const uint32_t values[] = {0xFFFFFFFFu, count + 1, 0x80000000u, 0x15555556u};
            for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
                uint8_t *copy = malloc(size);
                memcpy(copy, data, size);
                jom_put32(copy + at, values[v]);
                assert_int_equal(check_bytes(copy, size), RM_INVALID);
                free(copy);
            }
        }
        free(data);
    }
}

static void renamed_chunks(void **state)
{
    (void)state;
    /* A renamed chunk is unknown, skipped with a note: then what needed it
       is missing. Only GOUR (cube) can go. */
    static const struct { int file; const char *tag; rm_status want; const char *message; } cases[] = {
        {CUBE, "PNTS", RM_INVALID, "t.jom: chunk PNTS at 0x84: missing: every JOM file has a PNTS chunk"},
        {CUBE, "QUAD", RM_INVALID, "t.jom: chunk QUAD at 0x108: missing: every JOM file has a QUAD chunk"},
        {CUBE, "QMAT", RM_INVALID, "t.jom: chunk QMAT at 0x120: missing: every JOM file has a QMAT chunk"},
        {CUBE, "MATL", RM_INVALID, "t.jom: chunk MATL at 0x16c: missing: every JOM file has a MATL chunk"},
        {CUBE, "TEXT", RM_INVALID, "t.jom: chunk MATL at 0x160: material 1 'WALL' uses texture 0, there is no TEXT chunk"},
        {CUBE, "NTAB", RM_INVALID, "t.jom: chunk CNRM at 0x1dc: CNRM needs an NTAB chunk before it"},
        {CUBE, "CNRM", RM_INVALID, "t.jom: chunk NTAB at 0x188: NTAB needs a CNRM chunk after it"},
        {CUBE, "VCOL", RM_INVALID, "t.jom: chunk GOUR at 0x284: GOUR needs a VCOL chunk before it"},
        {CUBE, "GOUR", RM_OK, "t.jom: chunk XXXX at 0x284: note: unknown chunk (52 bytes), skipped"},
        {CUBE, "GRUP", RM_INVALID, "t.jom: chunk BONE at 0x318: bone 0 'ROOT' moves group 0, there is no GRUP chunk"},
        {CUBE, "BONE", RM_INVALID, "t.jom: chunk ANIM at 0x348: ANIM needs a BONE chunk before it"},
        {CUBE, "ANIM", RM_INVALID, "t.jom: chunk BONE at 0x2fc: BONE needs an ANIM chunk after it"},
        {CUBE, "END ", RM_INVALID, "t.jom: chunk END at 0x3a8: missing: the file ends without an END chunk"},
        /* Without TIMG the TEXT names are files of the CD: the embedded
           names (11-character stems) are not 8.3 names. */
        {TEXTURED, "TIMG", RM_INVALID,
         "t.jom: chunk TEXT at 0x120: texture 0 'RGB_0A1B2C.BIN' is not a file name of the CD: an 8.3 name "
         "of A-Z, 0-9 and _ (WALL.BIN), without a folder"},
        {TEXTURED, "TEXT", RM_INVALID,
         "t.jom: chunk MATL at 0x108: material 0 'GREEN' uses texture 1, there is no TEXT chunk"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        size_t size;
        uint8_t *data = model_file(cases[c].file, &size);
        jom_piece p[20];
        size_t n = jom_split(data, size, p, 20);
        int i = jom_find(p, n, cases[c].tag);
        assert_true(i >= 0);
        memcpy(data + (p[i].data - data) - 8, "XXXX", 4);
        rm_jom_model m;
        rm_diag d;
        rm_diag_init(&d);
        rm_status st = rm_jom_read(data, size, "t.jom", &m, &d);
        if (st != cases[c].want)
            jom_dump_messages(&d);
        assert_int_equal(st, cases[c].want);
        assert_true(jom_has_message(&d, cases[c].message));
        rm_jom_free(&m);
        rm_diag_free(&d);
        free(data);
    }
    /* Every chunk renamed to every known tag: no crash, and the usual
       guarantees. */
    static const char tags[][5] = {"TIMG", "PNTS", "QUAD", "QMAT", "MATL", "TEXT", "NTAB",
                                   "CNRM", "VCOL", "GOUR", "GRUP", "BONE", "ANIM", "END "};
    for (int which = 0; which < MODEL_COUNT; which++) {
        size_t size;
        uint8_t *data = model_file(which, &size);
        jom_piece p[20];
        size_t n = jom_split(data, size, p, 20);
        for (size_t i = 0; i < n; i++) {
            for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++) {
                if (memcmp(p[i].tag, tags[t], 4) == 0)
                    continue;
                uint8_t *copy = malloc(size);
                memcpy(copy, data, size);
                memcpy(copy + (p[i].data - data) - 8, tags[t], 4);
                check_bytes(copy, size);
                free(copy);
            }
        }
        free(data);
    }
}

/* xorshift64*: the same sequence on every host. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Du) >> 32);
}

static void random_buffers(void **state)
{
    (void)state;
    rng_state = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 4000; i++) {
        size_t len = rng() % 600;
        uint8_t *buf = malloc(len ? len : 1);
        for (size_t k = 0; k < len; k++)
            buf[k] = (uint8_t)rng();
        /* Half of them get past the header, some with a plausible chunk. */
        if ((i & 1) && len >= 8)
            memcpy(buf, "JOM1\0\1\0\0", 8);
        if ((i & 3) == 3 && len >= 32) {
            static const char *const tags[] = {"PNTS", "TIMG", "ANIM", "END "};
            memcpy(buf + 24, tags[rng() % 4], 4);
            jom_put32(buf + 28, (uint32_t)(rng() % 64) * 4);
        }
        assert_int_equal(check_bytes(buf, len), RM_INVALID);
        free(buf);
    }
}

static void random_flips(void **state)
{
    (void)state;
    rng_state = 12345;
    int ok = 0, invalid = 0;
    for (int which = 0; which < MODEL_COUNT; which++) {
        size_t size;
        uint8_t *data = model_file(which, &size);
        for (int i = 0; i < 3000; i++) {
            uint8_t *copy = malloc(size);
            memcpy(copy, data, size);
            int flips = 1 + (int)(rng() % 6);
            for (int f = 0; f < flips; f++) {
                size_t at = rng() % size;
                if (rng() & 1)
                    copy[at] ^= (uint8_t)(1u << (rng() % 8));
                else
                    copy[at] = (uint8_t)rng();
            }
            if (check_bytes(copy, size) == RM_OK)
                ok++;
            else
                invalid++;
            free(copy);
        }
        free(data);
    }
    /* Flips in point coordinates, colors... leave a valid file: both
       outcomes must have happened. */
    assert_true(ok > 100);
    assert_true(invalid > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_truncation),
        cmocka_unit_test(absurd_counts),
        cmocka_unit_test(renamed_chunks),
        cmocka_unit_test(random_buffers),
        cmocka_unit_test(random_flips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
