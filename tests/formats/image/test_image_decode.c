/* Image decoding: every fixture kind gives the pixels it was written with
   (tests/fixtures/image/make_fixtures.py, an independent encoder), and
   malformed input gives a clear error, never a crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "image_helpers.h"

/* The reference picture of make_fixtures.py (3 x 2, top row first). */
static const int RGB[2][3][3] = {
    {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}},
    {{255, 255, 255}, {0, 0, 0}, {128, 64, 32}},
};
static const int ALPHA[2][3] = {{255, 128, 0}, {255, 64, 255}};
static const int GRAY[2][3] = {{0, 100, 255}, {50, 150, 200}};

static rm_image decode_fixture(const char *name)
{
    size_t size;
    uint8_t *data = read_fixture(name, &size);
    rm_diag d;
    rm_diag_init(&d);
    rm_image img;
    rm_status st = rm_image_decode(data, size, name, &img, &d);
    if (st != RM_OK)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
    free(data);
    return img;
}

/* Decodes bytes that must be refused; returns the diag (caller frees). */
static void expect_refused(const uint8_t *data, size_t size, const char *text)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_image img;
    img.rgba = (uint8_t *)1;   /* must be reset */
    rm_status st = rm_image_decode(data, size, "bad.img", &img, &d);
    assert_int_not_equal(st, RM_OK);
    assert_null(img.rgba);
    assert_int_equal(img.width, 0);
    assert_int_equal(d.errors, 1);
    assert_true(diag_has(&d, "bad.img: error: cannot read image: "));
    if (text && !diag_has(&d, text)) {
        print_error("expected \"%s\" in: %s\n", text, d.items[0].text);
        fail();
    }
    rm_diag_free(&d);
}

static void png_rgba8(void **state)
{
    (void)state;
    rm_image img = decode_fixture("rgba8.png");
    assert_int_equal(img.width, 3);
    assert_int_equal(img.height, 2);
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++)
            assert_px(&img, x, y, RGB[y][x][0], RGB[y][x][1], RGB[y][x][2], ALPHA[y][x]);
    rm_image_free(&img);
}

static void png_rgb16_to_8(void **state)
{
    (void)state;
    /* Samples were written as v * 257: both a shift and a rounding give v. */
    rm_image img = decode_fixture("rgb16.png");
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++)
            assert_px(&img, x, y, RGB[y][x][0], RGB[y][x][1], RGB[y][x][2], 255);
    rm_image_free(&img);
}

static void png_gray_kinds(void **state)
{
    (void)state;
    rm_image img = decode_fixture("gray8.png");
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++)
            assert_px(&img, x, y, GRAY[y][x], GRAY[y][x], GRAY[y][x], 255);
    rm_image_free(&img);

    img = decode_fixture("gray_alpha8.png");
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++)
            assert_px(&img, x, y, GRAY[y][x], GRAY[y][x], GRAY[y][x], ALPHA[y][x]);
    rm_image_free(&img);

    /* 4-bit levels 0 5 15 / 10 1 8 scale to 17 * k (PNG's bit replication). */
    static const int g4[2][3] = {{0, 5, 15}, {10, 1, 8}};
    img = decode_fixture("gray4.png");
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++)
            assert_px(&img, x, y, 17 * g4[y][x], 17 * g4[y][x], 17 * g4[y][x], 255);
    rm_image_free(&img);
}

static void png_palette_and_trns(void **state)
{
    (void)state;
    /* Palette entries 0..3 with tRNS 255, 0, 128 (entry 3 has none:
       opaque); indices 0 1 2 / 3 2 0. */
    static const int pal[4][4] = {{10, 20, 30, 255}, {40, 50, 60, 0}, {70, 80, 90, 128},
                                  {200, 210, 220, 255}};
    static const int idx[2][3] = {{0, 1, 2}, {3, 2, 0}};
    rm_image img = decode_fixture("palette_trns.png");
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++) {
            const int *c = pal[idx[y][x]];
            assert_px(&img, x, y, c[0], c[1], c[2], c[3]);
        }
    rm_image_free(&img);

    /* Color key (0, 255, 0): only that pixel is transparent. */
    img = decode_fixture("rgb_trns.png");
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++)
            assert_px(&img, x, y, RGB[y][x][0], RGB[y][x][1], RGB[y][x][2],
                      (x == 1 && y == 0) ? 0 : 255);
    rm_image_free(&img);
}

static void png_interlaced(void **state)
{
    (void)state;
    rm_image img = decode_fixture("interlaced.png");
    assert_int_equal(img.width, 5);
    assert_int_equal(img.height, 5);
    for (uint32_t y = 0; y < 5; y++)
        for (uint32_t x = 0; x < 5; x++)
            assert_px(&img, x, y, (int)(40 * x), (int)(40 * y), (int)(7 * (x + y)), 255);
    rm_image_free(&img);
}

static void tga_kinds(void **state)
{
    (void)state;
    static const char *const opaque[] = {"rgb24_bottomup.tga", "mapped8.tga", "rgb24.bmp"};
    for (size_t i = 0; i < sizeof opaque / sizeof *opaque; i++) {
        rm_image img = decode_fixture(opaque[i]);
        assert_int_equal(img.width, 3);
        assert_int_equal(img.height, 2);
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 3; x++)
                assert_px(&img, x, y, RGB[y][x][0], RGB[y][x][1], RGB[y][x][2], 255);
        rm_image_free(&img);
    }
    rm_image img = decode_fixture("rgba32_topleft.tga");
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++)
            assert_px(&img, x, y, RGB[y][x][0], RGB[y][x][1], RGB[y][x][2], ALPHA[y][x]);
    rm_image_free(&img);

    /* RLE: red green blue / white white (128, 64, 32). */
    img = decode_fixture("rle24.tga");
    for (uint32_t x = 0; x < 3; x++)
        assert_px(&img, x, 0, RGB[0][x][0], RGB[0][x][1], RGB[0][x][2], 255);
    assert_px(&img, 0, 1, 255, 255, 255, 255);
    assert_px(&img, 1, 1, 255, 255, 255, 255);
    assert_px(&img, 2, 1, 128, 64, 32, 255);
    rm_image_free(&img);
}

static void gif_first_frame(void **state)
{
    (void)state;
    rm_image img = decode_fixture("four.gif");
    assert_int_equal(img.width, 3);
    assert_int_equal(img.height, 2);
    assert_px(&img, 0, 0, 255, 0, 0, 255);
    assert_px(&img, 1, 0, 0, 255, 0, 255);
    assert_px(&img, 2, 0, 0, 0, 255, 255);
    assert_px(&img, 0, 1, 255, 255, 255, 255);
    assert_px(&img, 1, 1, 255, 255, 255, 255);
    assert_px(&img, 2, 1, 255, 0, 0, 255);
    rm_image_free(&img);
}

static void jpeg_approximate(void **state)
{
    (void)state;
    /* Four flat 8 x 8 blocks; YCbCr rounding on both sides leaves a few
       units of error, so compare within 6. */
    static const int quads[2][2][3] = {{{200, 40, 40}, {40, 200, 40}},
                                       {{40, 40, 200}, {220, 220, 220}}};
    rm_image img = decode_fixture("quads.jpg");
    assert_int_equal(img.width, 16);
    assert_int_equal(img.height, 16);
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 16; x++) {
            const uint8_t *p = px_at(&img, x, y);
            const int *q = quads[y / 8][x / 8];
            for (int c = 0; c < 3; c++)
                assert_in_range(p[c], q[c] - 6, q[c] + 6);
            assert_int_equal(p[3], 255);
        }
    rm_image_free(&img);
}

static void load_file_and_missing_file(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_image img;
    assert_int_equal(rm_image_load_file(RM_FIXTURES "/image/rgba8.png", &img, &d), RM_OK);
    assert_int_equal(img.width, 3);
    rm_image_free(&img);
    assert_int_equal(rm_image_load_file(RM_FIXTURES "/image/no-such.png", &img, &d), RM_IO);
    assert_null(img.rgba);
    assert_int_equal(d.errors, 1);
    rm_diag_free(&d);
}

static void empty_and_garbage(void **state)
{
    (void)state;
    expect_refused(NULL, 0, "empty file");
    const uint8_t one = 0;
    expect_refused(&one, 0, "empty file");
    const uint8_t text[] = "v 1 2 3\nf 1 2 3\n";
    expect_refused(text, sizeof text - 1, "unknown format");
    /* PSD, HDR and PNM are stb formats the project does not read. */
    expect_refused((const uint8_t *)"8BPS\0\1\0\0\0\0\0\0\0\3\0\0\0\2\0\0\0\3\0\x08\0\3", 26,
                   "unknown format");
    expect_refused((const uint8_t *)"P6\n3 2\n255\n", 11, "unknown format");
    /* A prefix of the PNG signature. */
    expect_refused((const uint8_t *)"\x89PNG", 4, "PNG: truncated");
    /* JPEG, GIF and BMP magics with nothing after them. */
    expect_refused((const uint8_t *)"\xFF\xD8\xFF\xE0", 4, "JPEG: ");
    expect_refused((const uint8_t *)"GIF89a\1\0", 8, "GIF: ");
    expect_refused((const uint8_t *)"BM\0\0", 4, "BMP: ");
}

static void tga_bad_header(void **state)
{
    (void)state;
    size_t size;
    uint8_t *tga = read_fixture("rgb24_bottomup.tga", &size);
    uint8_t bad[64];
    assert_true(size <= sizeof bad);
    /* Pixel depth 13: no such TGA. */
    memcpy(bad, tga, size);
    bad[16] = 13;
    expect_refused(bad, size, "unknown format");
    /* Image type 7. */
    memcpy(bad, tga, size);
    bad[2] = 7;
    expect_refused(bad, size, "unknown format");
    /* A color map on a true-color image. */
    memcpy(bad, tga, size);
    bad[1] = 1;
    expect_refused(bad, size, "unknown format");
    /* Width 0. */
    memcpy(bad, tga, size);
    bad[12] = bad[13] = 0;
    expect_refused(bad, size, "unknown format");
    /* Header only: 18 + 3 * 2 * 3 = 36 bytes needed. */
    expect_refused(tga, 18, "TGA: truncated: 18 bytes, the header needs 36");
    /* One byte short. */
    expect_refused(tga, size - 1, "TGA: truncated: 35 bytes");
    free(tga);

    /* BMP: 54-byte header + 2 rows of 12 bytes = 78. */
    uint8_t *bmp = read_fixture("rgb24.bmp", &size);
    assert_int_equal(size, 78);
    expect_refused(bmp, 77, "BMP: truncated: 77 bytes, the header needs 78");
    free(bmp);
}

/* A PNG of one IHDR (with a correct CRC) claiming w x h, and one tiny
   IDAT. */
static size_t png_claiming(uint32_t w, uint32_t h, uint8_t *out)
{
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    size_t n = 0;
    memcpy(out, sig, 8);
    n = 8;
    const uint8_t ihdr[17] = {'I', 'H', 'D', 'R', (uint8_t)(w >> 24), (uint8_t)(w >> 16),
                              (uint8_t)(w >> 8), (uint8_t)w, (uint8_t)(h >> 24),
                              (uint8_t)(h >> 16), (uint8_t)(h >> 8), (uint8_t)h, 8, 6, 0, 0, 0};
    const uint8_t len[4] = {0, 0, 0, 13};
    memcpy(out + n, len, 4);
    memcpy(out + n + 4, ihdr, 17);
    uLong crc = crc32(0, ihdr, 17);
    out[n + 21] = (uint8_t)(crc >> 24);
    out[n + 22] = (uint8_t)(crc >> 16);
    out[n + 23] = (uint8_t)(crc >> 8);
    out[n + 24] = (uint8_t)crc;
    n += 25;
    /* IDAT of a 2-byte zlib header only, then IEND: CRCs don't matter for
       the size check, which comes first. */
    const uint8_t rest[] = {0, 0, 0, 2, 'I', 'D', 'A', 'T', 0x78, 0x9C, 0, 0, 0, 0,
                            0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
    memcpy(out + n, rest, sizeof rest);
    return n + sizeof rest;
}

static void png_too_large(void **state)
{
    (void)state;
    uint8_t buf[128];
    size_t n = png_claiming(100000, 100000, buf);
    expect_refused(buf, n, "the image is 100000 x 100000 pixels, more than the limit of 268435456");
    /* 16385 x 16384 is one row over the limit. */
    n = png_claiming(16385, 16384, buf);
    expect_refused(buf, n, "more than the limit");
    /* A lower limit through rm_image_decode_limit: 64 x 64 > 4000. */
    n = png_claiming(64, 64, buf);
    rm_diag d;
    rm_diag_init(&d);
    rm_image img;
    assert_int_equal(rm_image_decode_limit(buf, n, "x.png", 4000, &img, &d), RM_INVALID);
    assert_true(diag_has(&d, "x.png: error: cannot read image: PNG: the image is 64 x 64 pixels, "
                             "more than the limit of 4000 pixels"));
    rm_diag_free(&d);
    /* Width 0 is refused by libspng itself (invalid IHDR). */
    n = png_claiming(0, 5, buf);
    expect_refused(buf, n, "PNG: ");
}

static void png_bad_crc(void **state)
{
    (void)state;
    size_t size;
    uint8_t *data = read_fixture("rgba8.png", &size);
    data[29] ^= 0x01;   /* the IHDR CRC's last byte (8 + 4 + 4 + 13) */
    expect_refused(data, size, "PNG: ");
    free(data);
}

/* Every cut of every fixture: never a crash or a leak (the sanitizer build
   checks that); a PNG cut before its IEND chunk is refused, even when the
   pixel data is all there. */
static void truncations(void **state)
{
    (void)state;
    static const char *const names[] = {
        "rgba8.png", "rgb16.png", "gray8.png", "gray_alpha8.png", "gray4.png",
        "palette_trns.png", "rgb_trns.png", "interlaced.png", "rgb24_bottomup.tga",
        "rgba32_topleft.tga", "rle24.tga", "mapped8.tga", "rgb24.bmp", "four.gif", "quads.jpg",
    };
    for (size_t f = 0; f < sizeof names / sizeof *names; f++) {
        size_t size;
        uint8_t *data = read_fixture(names[f], &size);
        bool is_png = data[0] == 0x89;
        for (size_t cut = 0; cut < size; cut++) {
            uint8_t *copy = malloc(cut ? cut : 1);   /* exact size: ASan sees overreads */
            memcpy(copy, data, cut);
            rm_diag d;
            rm_diag_init(&d);
            rm_image img;
            rm_status st = rm_image_decode(copy, cut, names[f], &img, &d);
            if (st == RM_OK) {
                assert_int_equal(d.errors, 0);
                assert_non_null(img.rgba);
                /* Only the 12-byte IEND may be missing from a PNG. */
                /* A PNG must be whole up to its IEND chunk (libspng does
                   not read the CRC of IEND, which has no data). */
                if (is_png)
                    assert_true(cut >= size - 4);
            } else {
                assert_int_equal(d.errors, 1);
                assert_null(img.rgba);
            }
            rm_image_free(&img);
            rm_diag_free(&d);
            free(copy);
        }
        free(data);
    }
}

/* Deterministic bit flips in every fixture: never a crash. */
static void bit_flips(void **state)
{
    (void)state;
    static const char *const names[] = {"rgba8.png", "interlaced.png", "rle24.tga",
                                        "mapped8.tga", "rgb24.bmp", "four.gif", "quads.jpg"};
    uint32_t seed = 12345;
    for (size_t f = 0; f < sizeof names / sizeof *names; f++) {
        size_t size;
        uint8_t *data = read_fixture(names[f], &size);
        for (int round = 0; round < 400; round++) {
            uint8_t *copy = malloc(size);
            memcpy(copy, data, size);
            for (int k = 0; k < 3; k++) {
                seed = seed * 1103515245u + 12345u;
                copy[(seed >> 8) % size] ^= (uint8_t)(1u << ((seed >> 4) & 7u));
            }
            rm_diag d;
            rm_diag_init(&d);
            rm_image img;
            rm_status st = rm_image_decode(copy, size, names[f], &img, &d);
            assert_true(st == RM_OK ? d.errors == 0 : d.errors == 1);
            rm_image_free(&img);
            rm_diag_free(&d);
            free(copy);
        }
        free(data);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(png_rgba8),
        cmocka_unit_test(png_rgb16_to_8),
        cmocka_unit_test(png_gray_kinds),
        cmocka_unit_test(png_palette_and_trns),
        cmocka_unit_test(png_interlaced),
        cmocka_unit_test(tga_kinds),
        cmocka_unit_test(gif_first_frame),
        cmocka_unit_test(jpeg_approximate),
        cmocka_unit_test(load_file_and_missing_file),
        cmocka_unit_test(empty_and_garbage),
        cmocka_unit_test(tga_bad_header),
        cmocka_unit_test(png_too_large),
        cmocka_unit_test(png_bad_crc),
        cmocka_unit_test(truncations),
        cmocka_unit_test(bit_flips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
