/* The engine's .BIN image: little-endian bytes written out by hand
   (saturn-notes 3.1), exact sizes, and the messages for bad files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/image.h"

static int diag_has(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            return 1;
    return 0;
}

static void encode_bytes(void **state)
{
    (void)state;
    /* 8 x 2: row 0 red 0x801F, green 0x83E0, blue 0xFC00, transparent 0,
       black 0x8000, white 0xFFFF, 0x8C41, 0x1234; row 1 all 0xC210. */
    uint16_t px[16] = {0x801F, 0x83E0, 0xFC00, 0x0000, 0x8000, 0xFFFF, 0x8C41, 0x1234};
    for (int i = 8; i < 16; i++)
        px[i] = 0xC210;
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_bin_encode(px, 8, 2, &data, &size), RM_OK);
    assert_int_equal(size, 4 + 2 * 8 * 2);
    /* Width 8 = 08 00, height 2 = 02 00, then each word low byte first. */
    const uint8_t expect[36] = {
        0x08, 0x00, 0x02, 0x00,
        0x1F, 0x80, 0xE0, 0x83, 0x00, 0xFC, 0x00, 0x00,
        0x00, 0x80, 0xFF, 0xFF, 0x41, 0x8C, 0x34, 0x12,
        0x10, 0xC2, 0x10, 0xC2, 0x10, 0xC2, 0x10, 0xC2,
        0x10, 0xC2, 0x10, 0xC2, 0x10, 0xC2, 0x10, 0xC2,
    };
    assert_memory_equal(data, expect, sizeof expect);

    uint16_t *back;
    uint32_t w, h;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_bin_decode(data, size, "T.BIN", &back, &w, &h, &d), RM_OK);
    assert_int_equal(w, 8);
    assert_int_equal(h, 2);
    assert_memory_equal(back, px, sizeof px);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
    free(back);
    free(data);
}

static void engine_sample_header(void **state)
{
    (void)state;
    /* Jo Engine's sonic sample BG.BIN starts 40 01 F0 00 = 320 x 240 and is
       153,604 bytes (saturn-notes 3.1). */
    size_t size = 153604;
    uint8_t *data = calloc(size, 1);
    data[0] = 0x40;
    data[1] = 0x01;
    data[2] = 0xF0;
    data[3] = 0x00;
    data[4] = 0x00;   /* first pixel 0x8000: 00 80 */
    data[5] = 0x80;
    uint16_t *px;
    uint32_t w, h;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_bin_decode(data, size, "BG.BIN", &px, &w, &h, &d), RM_OK);
    assert_int_equal(w, 320);
    assert_int_equal(h, 240);
    assert_int_equal(px[0], 0x8000);
    assert_int_equal(d.count, 0);
    free(px);
    rm_diag_free(&d);
    free(data);
}

static void encode_limits(void **state)
{
    (void)state;
    uint16_t *px = calloc(65535, 2);
    uint8_t *data = (uint8_t *)1;
    size_t size = 9;
    assert_int_equal(rm_bin_encode(px, 0, 1, &data, &size), RM_USAGE);
    assert_null(data);
    assert_int_equal(size, 0);
    assert_int_equal(rm_bin_encode(px, 1, 0, &data, &size), RM_USAGE);
    assert_int_equal(rm_bin_encode(px, 65536, 1, &data, &size), RM_USAGE);
    assert_int_equal(rm_bin_encode(px, 1, 65536, &data, &size), RM_USAGE);
    assert_int_equal(rm_bin_encode(NULL, 1, 1, &data, &size), RM_USAGE);
    /* 65535 x 1: FF FF 01 00, 4 + 131070 bytes. */
    assert_int_equal(rm_bin_encode(px, 65535, 1, &data, &size), RM_OK);
    assert_int_equal(size, 131074);
    assert_int_equal(data[0], 0xFF);
    assert_int_equal(data[1], 0xFF);
    assert_int_equal(data[2], 0x01);
    assert_int_equal(data[3], 0x00);
    free(data);
    free(px);
}

static void expect_error(const uint8_t *data, size_t size, const char *text)
{
    uint16_t *px = (uint16_t *)1;
    uint32_t w = 5, h = 5;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_bin_decode(data, size, "WALL.BIN", &px, &w, &h, &d), RM_INVALID);
    assert_null(px);
    assert_int_equal(w, 0);
    assert_int_equal(h, 0);
    assert_int_equal(d.errors, 1);
    if (!diag_has(&d, text)) {
        print_error("expected \"%s\", got \"%s\"\n", text, d.count ? d.items[0].text : "");
        fail();
    }
    rm_diag_free(&d);
}

static void decode_errors(void **state)
{
    (void)state;
    uint8_t buf[600];
    memset(buf, 0, sizeof buf);
    expect_error(buf, 0, "WALL.BIN: error: .BIN size 0 is shorter than its 4-byte header");
    expect_error(buf, 3, "WALL.BIN: error: .BIN size 3 is shorter than its 4-byte header");
    /* 16 x 16 needs 4 + 2 x 256 = 516 bytes. */
    buf[0] = 16;
    buf[2] = 16;
    expect_error(buf, 515, "WALL.BIN: error: .BIN size 515 is not 4 + 2 x 16 x 16 = 516");
    expect_error(buf, 517, "WALL.BIN: error: .BIN size 517 is not 4 + 2 x 16 x 16 = 516");
    expect_error(buf, 4, "WALL.BIN: error: .BIN size 4 is not 4 + 2 x 16 x 16 = 516");
    /* Written big endian: 00 10 00 08 reads as 4096 x 2048, but 4 + 2 x 16
       x 8 = 260 bytes fits the swapped header. */
    buf[0] = 0x00;
    buf[1] = 0x10;
    buf[2] = 0x00;
    buf[3] = 0x08;
    expect_error(buf, 260, ".BIN size 260 is not 4 + 2 x 4096 x 2048 = 16777220 (it fits a "
                           "big-endian header: .BIN is little endian)");
    /* Zero sizes. */
    memset(buf, 0, 4);
    buf[2] = 3;
    expect_error(buf, 4, "WALL.BIN: error: .BIN image is 0 x 3 pixels");
    expect_error(NULL, 0, "shorter than its 4-byte header");
}

static void width_warning(void **state)
{
    (void)state;
    /* 13 x 1: valid file, but the VDP1 needs a multiple of 8. */
    uint8_t buf[4 + 26] = {13, 0, 1, 0};
    uint16_t *px;
    uint32_t w, h;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_bin_decode(buf, sizeof buf, "ODD.BIN", &px, &w, &h, &d), RM_OK);
    assert_int_equal(w, 13);
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.warnings, 1);
    assert_true(diag_has(&d, "ODD.BIN: warning: .BIN width 13 is not a multiple of 8"));
    free(px);
    rm_diag_free(&d);
}

static void cuts_never_crash(void **state)
{
    (void)state;
    uint16_t px[24];
    for (int i = 0; i < 24; i++)
        px[i] = (uint16_t)(0x8000 | i * 1111);
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_bin_encode(px, 8, 3, &data, &size), RM_OK);
    for (size_t cut = 0; cut < size; cut++) {
        uint8_t *copy = malloc(cut ? cut : 1);
        memcpy(copy, data, cut);
        uint16_t *out;
        uint32_t w, h;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_bin_decode(copy, cut, "CUT.BIN", &out, &w, &h, &d), RM_INVALID);
        assert_null(out);
        rm_diag_free(&d);
        free(copy);
    }
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(encode_bytes),
        cmocka_unit_test(engine_sample_header),
        cmocka_unit_test(encode_limits),
        cmocka_unit_test(decode_errors),
        cmocka_unit_test(width_warning),
        cmocka_unit_test(cuts_never_crash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
