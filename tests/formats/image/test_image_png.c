/* PNG writing: the bytes decode back to the same pixels, are the same on
   every run, and hold only IHDR, IDAT and IEND (checked by walking the
   chunks and their CRCs with zlib, independently of libspng). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "image_helpers.h"

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Pseudo-random pixels with every alpha kind (0, partial, 255). */
static rm_image noise(uint32_t w, uint32_t h, uint32_t seed)
{
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, w, h), RM_OK);
    for (size_t i = 0; i < (size_t)w * h * 4; i++) {
        seed = seed * 1664525u + 1013904223u;
        img.rgba[i] = (uint8_t)(seed >> 24);
    }
    return img;
}

static void round_trip(void **state)
{
    (void)state;
    static const uint32_t sizes[][2] = {{1, 1}, {5, 3}, {8, 255}, {300, 200}};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        rm_image img = noise(sizes[k][0], sizes[k][1], (uint32_t)k + 1);
        uint8_t *png;
        size_t n;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_image_encode_png(&img, &png, &n, &d), RM_OK);
        rm_image back;
        assert_int_equal(rm_image_decode(png, n, "rt.png", &back, &d), RM_OK);
        assert_int_equal(back.width, img.width);
        assert_int_equal(back.height, img.height);
        /* Exact, even the color of fully transparent pixels (PNG keeps it). */
        assert_memory_equal(back.rgba, img.rgba, (size_t)img.width * img.height * 4);
        assert_int_equal(d.count, 0);
        rm_diag_free(&d);
        rm_image_free(&back);
        rm_image_free(&img);
        free(png);
    }
}

static void deterministic_chunks(void **state)
{
    (void)state;
    rm_image img = noise(17, 9, 99);
    uint8_t *a, *b;
    size_t na, nb;
    assert_int_equal(rm_image_encode_png(&img, &a, &na, NULL), RM_OK);
    assert_int_equal(rm_image_encode_png(&img, &b, &nb, NULL), RM_OK);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, na);

    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    assert_memory_equal(a, sig, 8);
    /* IHDR: width 17, height 9, depth 8, color type 6 (RGBA), compression
       0, filter 0, interlace 0. */
    static const uint8_t ihdr[] = {0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 17, 0, 0, 0, 9, 8, 6, 0, 0, 0};
    assert_memory_equal(a + 8, ihdr, sizeof ihdr);
    size_t pos = 8;
    int idat = 0, iend = 0;
    while (pos + 12 <= na) {
        uint32_t len = be32(a + pos);
        assert_true(pos + 12 + len <= na);
        const uint8_t *tag = a + pos + 4;
        /* CRC over tag and data, computed by zlib. */
        assert_int_equal(crc32(0, tag, len + 4), be32(a + pos + 8 + len));
        if (memcmp(tag, "IDAT", 4) == 0)
            idat++;
        else if (memcmp(tag, "IEND", 4) == 0)
            iend = 1;
        else
            assert_memory_equal(tag, "IHDR", 4);   /* no tIME, tEXt, gAMA... */
        if (pos == 8)
            assert_memory_equal(tag, "IHDR", 4);
        pos += 12 + len;
    }
    assert_int_equal(pos, na);
    assert_true(idat >= 1);
    assert_true(iend);
    free(a);
    free(b);
    rm_image_free(&img);
}

static void write_and_load(void **state)
{
    (void)state;
    /* Written in the test's working directory (the build tree). */
    const char *path = "test_image_png_out.png";
    rm_image img = noise(8, 4, 7);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_image_write_png(&img, path, &d), RM_OK);
    rm_image back;
    assert_int_equal(rm_image_load_file(path, &back, &d), RM_OK);
    assert_memory_equal(back.rgba, img.rgba, 8 * 4 * 4);
    unlink(path);
    rm_image_free(&back);
    rm_image_free(&img);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
}

static void empty_image_refused(void **state)
{
    (void)state;
    rm_image img;
    rm_image_init(&img);
    uint8_t *png = (uint8_t *)1;
    size_t n = 5;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_image_encode_png(&img, &png, &n, &d), RM_USAGE);
    assert_null(png);
    assert_int_equal(n, 0);
    assert_true(diag_has(&d, "cannot write PNG: the image is 0 x 0 pixels"));
    assert_int_equal(rm_image_write_png(&img, "never-written.png", &d), RM_USAGE);
    assert_int_equal(access("never-written.png", F_OK), -1);
    rm_diag_free(&d);
}

static void alloc_rules(void **state)
{
    (void)state;
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, 0, 5), RM_USAGE);
    assert_null(img.rgba);
    assert_int_equal(rm_image_alloc(&img, 16385, 16384), RM_USAGE);
    assert_int_equal(rm_image_alloc(&img, 3, 2), RM_OK);
    /* Transparent black. */
    for (int i = 0; i < 24; i++)
        assert_int_equal(img.rgba[i], 0);
    rm_image_free(&img);
    assert_null(img.rgba);
    assert_int_equal(img.width, 0);
    rm_image_free(&img);   /* twice is harmless */
    rm_image_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(deterministic_chunks),
        cmocka_unit_test(write_and_load),
        cmocka_unit_test(empty_image_refused),
        cmocka_unit_test(alloc_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
