/* tests/formats/image/image_helpers.h - small helpers of the image tests:
   building images pixel by pixel and reading fixture files. Include after
   <cmocka.h>. */
#ifndef RM_TEST_IMAGE_HELPERS_H
#define RM_TEST_IMAGE_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/fileio.h"
#include "retromesh/image.h"

static inline uint8_t *px_at(const rm_image *img, uint32_t x, uint32_t y)
{
    return img->rgba + ((size_t)y * img->width + x) * 4;
}

static inline void set_px(rm_image *img, uint32_t x, uint32_t y, uint8_t r, uint8_t g, uint8_t b,
                          uint8_t a)
{
    uint8_t *p = px_at(img, x, y);
    p[0] = r;
    p[1] = g;
    p[2] = b;
    p[3] = a;
}

static inline void assert_px(const rm_image *img, uint32_t x, uint32_t y, int r, int g, int b,
                             int a)
{
    const uint8_t *p = px_at(img, x, y);
    if (p[0] != r || p[1] != g || p[2] != b || p[3] != a) {
        print_error("pixel (%u, %u) is (%d, %d, %d, %d), expected (%d, %d, %d, %d)\n", x, y, p[0],
                    p[1], p[2], p[3], r, g, b, a);
        fail();
    }
}

/* An image of one color. */
static inline rm_image solid(uint32_t w, uint32_t h, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    rm_image img;
    assert_int_equal(rm_image_alloc(&img, w, h), RM_OK);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            set_px(&img, x, y, r, g, b, a);
    return img;
}

/* A whole fixture file of tests/fixtures/image (malloc'd). */
static inline uint8_t *read_fixture(const char *name, size_t *size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/image/%s", RM_FIXTURES, name);
    uint8_t *data = NULL;
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_file_read(path, &data, size, &d);
    if (st != RM_OK)
        rm_diag_print(&d, stderr, 1);
    rm_diag_free(&d);
    assert_int_equal(st, RM_OK);
    return data;
}

/* True when some message of `d` contains `text`. */
static inline int diag_has(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            return 1;
    return 0;
}

#endif
