/* The glTF reader's accessors (accessor.c): documents built by hand in
   memory, their buffer bytes written here little-endian, every component
   type normalized and not, every type with the matrix column padding,
   byteStride, sparse parts with and without a bufferView, index accessors,
   and each error message word for word. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formats/gltf/gltf_internal.h"

#define FLOATS RM_GLTF_BIT(RM_GLTF_FLOAT)
#define ALL_TYPES (RM_GLTF_ANY_INT | FLOATS)
#define ANY_COUNT ((1u << 1) | (1u << 2) | (1u << 3) | (1u << 4) | (1u << 9) | (1u << 16))

/* One document: a buffer of 1024 bytes, up to 8 views and 8 accessors. */
typedef struct fixture {
    uint8_t bytes[1024];
    rm_gltf_buffer buffer;
    rm_gltf_view views[8];
    rm_gltf_accessor acc[8];
    rm_gltf_doc doc;
    rm_diag diag;
} fixture;

static fixture *fx_new(size_t views, size_t accessors)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->buffer.data = f->bytes;
    f->buffer.size = sizeof f->bytes;
    for (size_t i = 0; i < 8; i++) {
        f->views[i].buffer = 0;
        f->views[i].offset = 0;
        f->views[i].length = sizeof f->bytes;
        f->acc[i].view = 0;
    }
    f->doc.file = "t.gltf";
    f->doc.buffer_count = 1;
    f->doc.buffers = &f->buffer;
    f->doc.view_count = views;
    f->doc.views = f->views;
    f->doc.accessor_count = accessors;
    f->doc.accessors = f->acc;
    rm_diag_init(&f->diag);
    return f;
}

static void fx_free(fixture *f)
{
    rm_diag_free(&f->diag);
    free(f);
}

static uint8_t type_components(const char *type)
{
    if (strcmp(type, "SCALAR") == 0) return 1;
    if (strcmp(type, "VEC2") == 0) return 2;
    if (strcmp(type, "VEC3") == 0) return 3;
    if (strcmp(type, "VEC4") == 0 || strcmp(type, "MAT2") == 0) return 4;
    if (strcmp(type, "MAT3") == 0) return 9;
    return 16;
}

/* Accessor i: `count` elements of `type` of `comp` in view `view` from
   `offset`. */
static void set_acc(fixture *f, size_t i, int32_t view, size_t offset, int comp, bool norm,
                    uint32_t count, const char *type)
{
    rm_gltf_accessor *a = &f->acc[i];
    memset(a, 0, sizeof *a);
    a->view = view;
    a->offset = offset;
    a->component = comp;
    a->normalized = norm;
    a->count = count;
    a->type = type;
    a->components = type_components(type);
}

static void put8(fixture *f, size_t at, unsigned v) { f->bytes[at] = (uint8_t)v; }
static void put16(fixture *f, size_t at, unsigned v)
{
    f->bytes[at] = (uint8_t)(v & 0xFF);
    f->bytes[at + 1] = (uint8_t)(v >> 8);
}
static void put32(fixture *f, size_t at, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        f->bytes[at + (size_t)i] = (uint8_t)(v >> (8 * i));
}
static void putf(fixture *f, size_t at, float v)
{
    uint32_t bits;
    memcpy(&bits, &v, 4);
    put32(f, at, bits);
}

/* Reads accessor a accepting anything; asserts it works and returns the
   doubles (caller frees). */
static double *read_ok(fixture *f, uint32_t a)
{
    double *out = NULL;
    rm_status st = rm_gltf_accessor_read(&f->doc, a, ALL_TYPES, ANY_COUNT, false, "the test", &out,
                                         &f->diag);
    if (st != RM_OK)
        rm_diag_print(&f->diag, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(f->diag.count, 0);
    assert_non_null(out);
    return out;
}

static void expect_values(const double *got, const double *want, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (fabs(got[i] - want[i]) > 1e-12)
            print_error("value %zu: got %.17g, want %.17g\n", i, got[i], want[i]);
        assert_true(fabs(got[i] - want[i]) <= 1e-12);
    }
}

/* The read fails with exactly one message, `text` after "t.gltf: error: ". */
static void expect_message(fixture *f, const char *text)
{
    assert_int_equal(f->diag.count, 1);
    char want[600];
    snprintf(want, sizeof want, "t.gltf: error: %s", text);
    if (strcmp(f->diag.items[0].text, want) != 0)
        print_error("got  %s\nwant %s\n", f->diag.items[0].text, want);
    assert_string_equal(f->diag.items[0].text, want);
}

static void read_fails(fixture *f, uint32_t a, uint32_t allowed, uint32_t counts, bool need_norm,
                       const char *use, const char *text)
{
    double *out = (double *)&out;
    assert_int_equal(rm_gltf_accessor_read(&f->doc, a, allowed, counts, need_norm, use, &out,
                                           &f->diag), RM_INVALID);
    assert_null(out);
    expect_message(f, text);
}

/* ---- values ---- */

static void integers_as_they_are(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 6);
    /* BYTE at 0: -128 (0x80), -1 (0xFF), 0, 127 */
    put8(f, 0, 0x80); put8(f, 1, 0xFF); put8(f, 2, 0); put8(f, 3, 0x7F);
    set_acc(f, 0, 0, 0, RM_GLTF_BYTE, false, 4, "SCALAR");
    /* UNSIGNED_BYTE at 4: 0, 1, 255 */
    put8(f, 4, 0); put8(f, 5, 1); put8(f, 6, 255);
    set_acc(f, 1, 0, 4, RM_GLTF_UNSIGNED_BYTE, false, 3, "SCALAR");
    /* SHORT at 8: -32768 (0x8000), -1, 32767, 258 (0x0102: bytes 02 01) */
    put16(f, 8, 0x8000); put16(f, 10, 0xFFFF); put16(f, 12, 0x7FFF);
    put8(f, 14, 0x02); put8(f, 15, 0x01);
    set_acc(f, 2, 0, 8, RM_GLTF_SHORT, false, 4, "SCALAR");
    /* UNSIGNED_SHORT at 16: 0, 65535 */
    put16(f, 16, 0); put16(f, 18, 0xFFFF);
    set_acc(f, 3, 0, 16, RM_GLTF_UNSIGNED_SHORT, false, 2, "SCALAR");
    /* UNSIGNED_INT at 20: 0, 4294967295, 0x01020304 as bytes 04 03 02 01 */
    put32(f, 20, 0); put32(f, 24, 0xFFFFFFFFu);
    put8(f, 28, 4); put8(f, 29, 3); put8(f, 30, 2); put8(f, 31, 1);
    set_acc(f, 4, 0, 20, RM_GLTF_UNSIGNED_INT, false, 3, "SCALAR");
    /* FLOAT at 32: 1.5 = 0x3FC00000, -0.25 = 0xBE800000 (bits written by hand) */
    put32(f, 32, 0x3FC00000u); put32(f, 36, 0xBE800000u);
    set_acc(f, 5, 0, 32, RM_GLTF_FLOAT, false, 2, "SCALAR");

    const double w0[] = {-128, -1, 0, 127}, w1[] = {0, 1, 255}, w2[] = {-32768, -1, 32767, 258},
                 w3[] = {0, 65535}, w4[] = {0, 4294967295.0, 16909060}, w5[] = {1.5, -0.25};
    const double *want[] = {w0, w1, w2, w3, w4, w5};
    const size_t n[] = {4, 3, 4, 2, 3, 2};
    for (uint32_t a = 0; a < 6; a++) {
        double *out = read_ok(f, a);
        expect_values(out, want[a], n[a]);
        free(out);
    }
    fx_free(f);
}

static void normalized_integers(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 4);
    /* BYTE: -128 -> max(-128/127, -1) = -1, -127 -> -1, 127 -> 1, 64 -> 64/127 */
    put8(f, 0, 0x80); put8(f, 1, 0x81); put8(f, 2, 0x7F); put8(f, 3, 64);
    set_acc(f, 0, 0, 0, RM_GLTF_BYTE, true, 4, "VEC4");
    /* UNSIGNED_BYTE: 255 -> 1, 51 -> 0.2, 0 -> 0 */
    put8(f, 4, 255); put8(f, 5, 51); put8(f, 6, 0);
    set_acc(f, 1, 0, 4, RM_GLTF_UNSIGNED_BYTE, true, 1, "VEC3");
    /* SHORT: -32768 -> -1, -32767 -> -1, 32767 -> 1, 16384 -> 16384/32767 */
    put16(f, 8, 0x8000); put16(f, 10, 0x8001); put16(f, 12, 0x7FFF); put16(f, 14, 16384);
    set_acc(f, 2, 0, 8, RM_GLTF_SHORT, true, 2, "VEC2");
    /* UNSIGNED_SHORT: 65535 -> 1, 13107 -> 0.2 */
    put16(f, 16, 65535); put16(f, 18, 13107);
    set_acc(f, 3, 0, 16, RM_GLTF_UNSIGNED_SHORT, true, 1, "VEC2");

    const double w0[] = {-1, -1, 1, 64 / 127.0}, w1[] = {1, 0.2, 0},
                 w2[] = {-1, -1, 1, 16384 / 32767.0}, w3[] = {1, 0.2};
    const double *want[] = {w0, w1, w2, w3};
    const size_t n[] = {4, 3, 4, 2};
    for (uint32_t a = 0; a < 4; a++) {
        double *out = read_ok(f, a);
        expect_values(out, want[a], n[a]);
        free(out);
    }
    fx_free(f);
}

static void vector_types(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 4);
    for (unsigned i = 0; i < 16; i++)
        putf(f, 4 * i, (float)(i + 1));         /* floats 1, 2, ... 16 */
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, false, 2, "VEC2");
    set_acc(f, 1, 0, 4, RM_GLTF_FLOAT, false, 2, "VEC3");
    set_acc(f, 2, 0, 8, RM_GLTF_FLOAT, false, 2, "VEC4");
    set_acc(f, 3, 0, 0, RM_GLTF_FLOAT, false, 1, "MAT4");
    const double w0[] = {1, 2, 3, 4}, w1[] = {2, 3, 4, 5, 6, 7}, w2[] = {3, 4, 5, 6, 7, 8, 9, 10};
    double w3[16];
    for (int i = 0; i < 16; i++)
        w3[i] = i + 1;
    const double *want[] = {w0, w1, w2, w3};
    const size_t n[] = {4, 6, 8, 16};
    for (uint32_t a = 0; a < 4; a++) {
        double *out = read_ok(f, a);
        expect_values(out, want[a], n[a]);
        free(out);
    }
    fx_free(f);
}

static void matrix_column_padding(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 6);
    /* MAT2 of BYTE at 0, 2 elements of 8 bytes: columns of 2 bytes + 2
       padding (0x55, never read). */
    const uint8_t m2b[16] = {1, 2, 0x55, 0x55, 3, 4, 0x55, 0x55,
                             5, 6, 0x55, 0x55, 7, 8, 0x55, 0x55};
    memcpy(f->bytes, m2b, sizeof m2b);
    set_acc(f, 0, 0, 0, RM_GLTF_BYTE, false, 2, "MAT2");
    /* MAT3 of UNSIGNED_BYTE at 16, 1 element of 12 bytes: columns 3 + 1. */
    const uint8_t m3b[12] = {1, 2, 3, 0x55, 4, 5, 6, 0x55, 7, 8, 9, 0x55};
    memcpy(f->bytes + 16, m3b, sizeof m3b);
    set_acc(f, 1, 0, 16, RM_GLTF_UNSIGNED_BYTE, false, 1, "MAT3");
    /* MAT3 of SHORT at 32, 1 element of 24 bytes: columns 6 + 2. */
    for (unsigned c = 0; c < 3; c++) {
        for (unsigned r = 0; r < 3; r++)
            put16(f, 32 + 8 * c + 2 * r, 10 * (c + 1) + r);
        put16(f, 32 + 8 * c + 6, 0x5555);
    }
    set_acc(f, 2, 0, 32, RM_GLTF_SHORT, false, 1, "MAT3");
    /* MAT2 of SHORT at 56: columns of 4 bytes, no padding. */
    put16(f, 56, 1); put16(f, 58, 2); put16(f, 60, 3); put16(f, 62, 4);
    set_acc(f, 3, 0, 56, RM_GLTF_SHORT, false, 1, "MAT2");
    /* MAT4 of BYTE at 64: columns of 4 bytes, no padding. */
    for (unsigned i = 0; i < 16; i++)
        put8(f, 64 + i, i);
    set_acc(f, 4, 0, 64, RM_GLTF_BYTE, false, 1, "MAT4");
    /* MAT2 of FLOAT at 80: no padding. */
    putf(f, 80, 0.5f); putf(f, 84, 1.5f); putf(f, 88, 2.5f); putf(f, 92, 3.5f);
    set_acc(f, 5, 0, 80, RM_GLTF_FLOAT, false, 1, "MAT2");

    const double w0[] = {1, 2, 3, 4, 5, 6, 7, 8}, w1[] = {1, 2, 3, 4, 5, 6, 7, 8, 9},
                 w2[] = {10, 11, 12, 20, 21, 22, 30, 31, 32}, w3[] = {1, 2, 3, 4},
                 w5[] = {0.5, 1.5, 2.5, 3.5};
    double w4[16];
    for (int i = 0; i < 16; i++)
        w4[i] = i;
    const double *want[] = {w0, w1, w2, w3, w4, w5};
    const size_t n[] = {8, 9, 9, 4, 16, 4};
    for (uint32_t a = 0; a < 6; a++) {
        double *out = read_ok(f, a);
        expect_values(out, want[a], n[a]);
        free(out);
    }

    /* The padding counts in the range: 2 MAT3 of bytes need 24 bytes, 23 is
       one short. */
    f->views[1].offset = 0;
    f->views[1].length = 23;
    f->doc.view_count = 2;
    set_acc(f, 1, 1, 0, RM_GLTF_UNSIGNED_BYTE, false, 2, "MAT3");
    read_fails(f, 1, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/1: bufferView 1 holds 23 bytes, the accessor needs 24");
    fx_free(f);
}

static void strides_and_offsets(void **state)
{
    (void)state;
    fixture *f = fx_new(2, 3);
    /* View 1 starts at byte 100 of the buffer, stride 16: VEC3 of FLOAT
       interleaved with 4 bytes of something else (0xEE). */
    memset(f->bytes, 0xEE, sizeof f->bytes);
    f->views[1].offset = 100;
    f->views[1].length = 60;
    f->views[1].stride = 16;
    for (unsigned e = 0; e < 3; e++)
        for (unsigned j = 0; j < 3; j++)
            putf(f, 100 + 4 + 16 * e + 4 * j, (float)(10 * e + j));
    /* Accessor 0 at offset 4 of view 1: 3 elements, the last ends at
       4 + 16 * 2 + 12 = 48 <= 60. */
    set_acc(f, 0, 1, 4, RM_GLTF_FLOAT, false, 3, "VEC3");
    double *out = read_ok(f, 0);
    const double w0[] = {0, 1, 2, 10, 11, 12, 20, 21, 22};
    expect_values(out, w0, 9);
    free(out);

    /* Stride on a VEC2 of UNSIGNED_SHORT: stride 8, the element 4 bytes. */
    f->views[1].stride = 8;
    put16(f, 100, 1); put16(f, 102, 2); put16(f, 108, 3); put16(f, 110, 4);
    set_acc(f, 1, 1, 0, RM_GLTF_UNSIGNED_SHORT, false, 2, "VEC2");
    out = read_ok(f, 1);
    const double w1[] = {1, 2, 3, 4};
    expect_values(out, w1, 4);
    free(out);

    /* 2 VEC2 of shorts 8 apart from 52: 52 + 8 + 4 = 64 > 60 fails; one
       from 56 ends exactly at the view's end (56 + 4 = 60) and passes. */
    set_acc(f, 2, 1, 52, RM_GLTF_UNSIGNED_SHORT, false, 2, "VEC2");
    read_fails(f, 2, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/2: bufferView 1 holds 60 bytes, the accessor needs 64");
    fx_free(f);
    f = fx_new(2, 3);
    f->views[1].offset = 100;
    f->views[1].length = 60;
    f->views[1].stride = 8;
    set_acc(f, 2, 1, 56, RM_GLTF_UNSIGNED_SHORT, false, 1, "VEC2");
    out = read_ok(f, 2);
    free(out);
    fx_free(f);
}

static void no_view_is_zeros(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 1);
    set_acc(f, 0, -1, 0, RM_GLTF_FLOAT, false, 2, "VEC3");
    double *out = read_ok(f, 0);
    const double w[] = {0, 0, 0, 0, 0, 0};
    expect_values(out, w, 6);
    free(out);
    fx_free(f);
}

/* ---- sparse ---- */

static void sparse_on_a_view(void **state)
{
    (void)state;
    fixture *f = fx_new(3, 1);
    /* Base: 5 SCALAR floats 1..5 at 0. Sparse: 2 UNSIGNED_BYTE indices
       {1, 3} in view 1 (at 200), values {20, 40} in view 2 (at 300). */
    for (unsigned i = 0; i < 5; i++)
        putf(f, 4 * i, (float)(i + 1));
    f->views[1].offset = 200;
    f->views[1].length = 2;
    f->views[2].offset = 300;
    f->views[2].length = 8;
    put8(f, 200, 1); put8(f, 201, 3);
    putf(f, 300, 20.0f); putf(f, 304, 40.0f);
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, false, 5, "SCALAR");
    f->acc[0].sparse = (rm_gltf_sparse){2, 1, 0, RM_GLTF_UNSIGNED_BYTE, 2, 0};
    double *out = read_ok(f, 0);
    const double w[] = {1, 20, 3, 40, 5};
    expect_values(out, w, 5);
    free(out);
    fx_free(f);
}

static void sparse_without_view(void **state)
{
    (void)state;
    fixture *f = fx_new(3, 2);
    /* 4 VEC3 of normalized SHORT, all zero but elements 0 and 2 from the
       sparse part: UNSIGNED_SHORT indices {0, 2} at 200 (offset 2 into the
       view), values at 300 (offset 4): (32767, 0, -32767), (16384, 0, 0). */
    f->views[1].offset = 198;
    f->views[1].length = 6;
    f->views[2].offset = 296;
    f->views[2].length = 16;
    put16(f, 200, 0); put16(f, 202, 2);
    put16(f, 300, 32767); put16(f, 302, 0); put16(f, 304, 0x8001);
    put16(f, 306, 16384); put16(f, 308, 0); put16(f, 310, 0);
    set_acc(f, 0, -1, 0, RM_GLTF_SHORT, true, 4, "VEC3");
    f->acc[0].sparse = (rm_gltf_sparse){2, 1, 2, RM_GLTF_UNSIGNED_SHORT, 2, 4};
    double *out = read_ok(f, 0);
    const double w[] = {1, 0, -1, 0, 0, 0, 16384 / 32767.0, 0, 0, 0, 0, 0};
    expect_values(out, w, 12);
    free(out);

    /* UNSIGNED_INT indices {3} on a SCALAR of UNSIGNED_BYTE: 7 at 3. */
    f->views[1].offset = 400;
    f->views[1].length = 4;
    put32(f, 400, 3);
    put8(f, 296, 7);
    set_acc(f, 1, -1, 0, RM_GLTF_UNSIGNED_BYTE, false, 4, "SCALAR");
    f->acc[1].sparse = (rm_gltf_sparse){1, 1, 0, RM_GLTF_UNSIGNED_INT, 2, 0};
    out = read_ok(f, 1);
    const double w1[] = {0, 0, 0, 7};
    expect_values(out, w1, 4);
    free(out);
    fx_free(f);
}

static fixture *sparse_fixture(void)
{
    /* 4 SCALAR floats, zeros, a sparse part of 2 UNSIGNED_BYTE indices at
       view 1 (byte 200) and 2 float values at view 2 (byte 300). */
    fixture *f = fx_new(3, 1);
    f->views[1].offset = 200;
    f->views[1].length = 2;
    f->views[2].offset = 300;
    f->views[2].length = 8;
    put8(f, 200, 1); put8(f, 201, 2);
    set_acc(f, 0, -1, 0, RM_GLTF_FLOAT, false, 4, "SCALAR");
    f->acc[0].sparse = (rm_gltf_sparse){2, 1, 0, RM_GLTF_UNSIGNED_BYTE, 2, 0};
    return f;
}

static void sparse_errors(void **state)
{
    (void)state;
    fixture *f = sparse_fixture();
    f->acc[0].sparse.count = 5;
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse: count is 5, but the accessor has 4 elements: a sparse part "
               "replaces 1 to 4 of them");
    fx_free(f);

    f = sparse_fixture();
    put8(f, 200, 2); put8(f, 201, 2);
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse/indices: index 1 is 2, not more than index 0 (2): sparse "
               "indices must strictly increase");
    fx_free(f);

    f = sparse_fixture();
    put8(f, 200, 1); put8(f, 201, 4);
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse/indices: index 1 is 4, but the accessor has 4 elements");
    fx_free(f);

    f = sparse_fixture();
    f->acc[0].sparse.indices_type = RM_GLTF_SHORT;
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse/indices: componentType 5122 is not one of UNSIGNED_BYTE "
               "(5121), UNSIGNED_SHORT (5123) or UNSIGNED_INT (5125), the types of sparse "
               "indices");
    fx_free(f);

    f = sparse_fixture();
    f->acc[0].sparse.indices_offset = 1;
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse/indices: bufferView 1 holds 2 bytes, the sparse indices "
               "need 3");
    fx_free(f);

    f = sparse_fixture();
    f->views[2].length = 7;
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse/values: bufferView 2 holds 7 bytes, the sparse values need 8");
    fx_free(f);

    f = sparse_fixture();
    f->acc[0].sparse.values_view = 7;
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse/values: bufferView 7 does not exist (the file has 3)");
    fx_free(f);

    f = sparse_fixture();
    f->acc[0].sparse.indices_offset = SIZE_MAX;
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse/indices: bufferView 1 holds 2 bytes, the sparse indices "
               "need more than 18446744073709551615 (byteOffset 18446744073709551615, 2 "
               "elements 1 bytes apart)");
    fx_free(f);

    f = sparse_fixture();
    putf(f, 304, -INFINITY);
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0/sparse/values: element 1 is not a finite number (-inf)");
    fx_free(f);
}

/* ---- errors ---- */

static void use_mismatch(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 4);
    set_acc(f, 3, 0, 0, RM_GLTF_FLOAT, false, 2, "VEC2");
    read_fails(f, 3, FLOATS, 1u << 3, false, "POSITION",
               "/accessors/3: POSITION must be VEC3 of FLOAT (or BYTE/UNSIGNED_BYTE/SHORT/"
               "UNSIGNED_SHORT with KHR_mesh_quantization), not VEC2 of FLOAT");
    fx_free(f);

    /* With KHR_mesh_quantization the caller allows the integers: no hint. */
    f = fx_new(1, 1);
    f->doc.quantized = true;
    set_acc(f, 0, 0, 0, RM_GLTF_UNSIGNED_INT, false, 2, "VEC3");
    read_fails(f, 0, FLOATS | RM_GLTF_BIT(RM_GLTF_BYTE) | RM_GLTF_BIT(RM_GLTF_SHORT), 1u << 3,
               false, "POSITION",
               "/accessors/0: POSITION must be VEC3 of FLOAT or BYTE/SHORT, not VEC3 of "
               "UNSIGNED_INT");
    fx_free(f);

    /* COLOR_0: integers must be normalized. */
    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_UNSIGNED_BYTE, false, 2, "VEC4");
    read_fails(f, 0, FLOATS | RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE) |
                         RM_GLTF_BIT(RM_GLTF_UNSIGNED_SHORT),
               (1u << 3) | (1u << 4), true, "COLOR_0",
               "/accessors/0: COLOR_0 must be VEC3 or VEC4 of FLOAT or normalized "
               "UNSIGNED_BYTE/UNSIGNED_SHORT, not VEC4 of UNSIGNED_BYTE");
    fx_free(f);

    /* Normalized ones are taken. */
    f = fx_new(1, 1);
    put8(f, 0, 255); put8(f, 1, 0); put8(f, 2, 51); put8(f, 3, 255);
    set_acc(f, 0, 0, 0, RM_GLTF_UNSIGNED_BYTE, true, 1, "VEC4");
    double *out = NULL;
    assert_int_equal(rm_gltf_accessor_read(&f->doc, 0, FLOATS | RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE),
                                           1u << 4, true, "COLOR_0", &out, &f->diag), RM_OK);
    const double w[] = {1, 0, 0.2, 1};
    expect_values(out, w, 4);
    free(out);
    fx_free(f);

    /* A use with three types and a normalized SHORT accessor. */
    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_SHORT, true, 2, "MAT4");
    read_fails(f, 0, FLOATS, (1u << 1) | (1u << 3) | (1u << 4),
               false, "the output of /animations/0/samplers/1",
               "/accessors/0: the output of /animations/0/samplers/1 must be SCALAR, VEC3 or "
               "VEC4 of FLOAT, not MAT4 of normalized SHORT");
    fx_free(f);

    /* NORMAL's hint. */
    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_BYTE, true, 2, "VEC3");
    read_fails(f, 0, FLOATS, 1u << 3, false, "NORMAL",
               "/accessors/0: NORMAL must be VEC3 of FLOAT (or normalized BYTE/SHORT with "
               "KHR_mesh_quantization), not VEC3 of normalized BYTE");
    fx_free(f);
}

static void the_contract_example(void **state)
{
    (void)state;
    /* "/accessors/7: bufferView 3 holds 120 bytes, the accessor needs 288":
       24 VEC3 of FLOAT = 0 + 12 * 23 + 12 = 288. */
    fixture *f = fx_new(4, 8);
    f->views[3].length = 120;
    set_acc(f, 7, 3, 0, RM_GLTF_FLOAT, false, 24, "VEC3");
    read_fails(f, 7, ALL_TYPES, ANY_COUNT, false, "POSITION",
               "/accessors/7: bufferView 3 holds 120 bytes, the accessor needs 288");
    fx_free(f);
}

static void layout_errors(void **state)
{
    (void)state;
    fixture *f = fx_new(2, 1);
    f->views[1].stride = 8;
    set_acc(f, 0, 1, 0, RM_GLTF_FLOAT, false, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 1 has byteStride 8, less than the 12 bytes of one "
               "element (VEC3 of FLOAT)");
    fx_free(f);

    f = fx_new(2, 1);
    f->views[1].stride = 14;
    set_acc(f, 0, 1, 0, RM_GLTF_FLOAT, false, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 1 has byteStride 14, not a multiple of 4, the size of a "
               "FLOAT component");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 2, RM_GLTF_FLOAT, false, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: byteOffset 2 is not a multiple of 4, the size of a FLOAT component");
    fx_free(f);

    f = fx_new(2, 1);
    f->views[1].offset = 6;
    f->views[1].length = 100;
    set_acc(f, 0, 1, 4, RM_GLTF_FLOAT, false, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 1 starts at byte 6 of its buffer, so the accessor's "
               "data does not start on a multiple of 4, the size of a FLOAT component");
    fx_free(f);

    /* byteOffset 1 of a SHORT is refused even though the view's offset 1
       makes the sum 2 even: the spec asks both to be multiples. */
    f = fx_new(2, 1);
    f->views[1].offset = 1;
    f->views[1].length = 100;
    put16(f, 2, 513);
    set_acc(f, 0, 1, 1, RM_GLTF_SHORT, false, 1, "SCALAR");
    f->acc[0].offset = 1;
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: byteOffset 1 is not a multiple of 2, the size of a SHORT component");
    fx_free(f);

    f = fx_new(2, 1);
    f->views[1].buffer = 1;
    set_acc(f, 0, 1, 0, RM_GLTF_FLOAT, false, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 1 names buffer 1, which does not exist");
    fx_free(f);

    f = fx_new(2, 1);
    f->views[1].offset = 1000;
    f->views[1].length = 100;
    set_acc(f, 0, 1, 0, RM_GLTF_FLOAT, false, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 1 (100 bytes from byte 1000) does not fit in buffer 0 "
               "of 1024 bytes");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 5, 0, RM_GLTF_FLOAT, false, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 5 does not exist (the file has 1)");
    fx_free(f);

    f = fx_new(1, 1);
    double *out = (double *)&out;
    assert_int_equal(rm_gltf_accessor_read(&f->doc, 1, ALL_TYPES, ANY_COUNT, false, "POSITION",
                                           &out, &f->diag), RM_INVALID);
    assert_null(out);
    expect_message(f, "/accessors/1: POSITION: accessor 1 does not exist (the file has 1)");
    fx_free(f);
}

static void declaration_errors(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, true, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: normalized is true for FLOAT components; only BYTE, UNSIGNED_BYTE, "
               "SHORT and UNSIGNED_SHORT can be normalized");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_UNSIGNED_INT, true, 2, "SCALAR");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: normalized is true for UNSIGNED_INT components; only BYTE, "
               "UNSIGNED_BYTE, SHORT and UNSIGNED_SHORT can be normalized");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, 5124, false, 2, "SCALAR");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: componentType 5124 is not BYTE (5120), UNSIGNED_BYTE (5121), SHORT "
               "(5122), UNSIGNED_SHORT (5123), UNSIGNED_INT (5125) or FLOAT (5126)");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, false, 2, "SCALAR");
    f->acc[0].components = 5;
    f->acc[0].type = NULL;
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: 5 components per element is no glTF type (SCALAR 1, VEC2 2, VEC3 "
               "3, VEC4 or MAT2 4, MAT3 9, MAT4 16)");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, false, 0, "SCALAR");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: count is 0; an accessor has 1 to 16777216 elements");
    fx_free(f);
}

static void overflow_attempts(void **state)
{
    (void)state;
    /* A count near 2^32: refused before any size is computed. */
    fixture *f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, false, 4294967295u, "MAT4");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: count is 4294967295; an accessor has 1 to 16777216 elements");
    fx_free(f);
    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, false, RM_GLTF_MAX_ACCESSOR_COUNT + 1, "SCALAR");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: count is 16777217; an accessor has 1 to 16777216 elements");
    fx_free(f);

    /* The most elements, the largest stride: 252 * (2^24 - 1) + 16 =
       4227858180 + 16 bytes, far more than the view. */
    f = fx_new(2, 1);
    f->views[1].stride = 252;
    set_acc(f, 0, 1, 0, RM_GLTF_FLOAT, false, RM_GLTF_MAX_ACCESSOR_COUNT, "VEC4");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 1 holds 1024 bytes, the accessor needs 4227858196");
    fx_free(f);

    /* An offset near SIZE_MAX (a multiple of 4: 2^64 - 4). */
    f = fx_new(1, 1);
    set_acc(f, 0, 0, SIZE_MAX - 3, RM_GLTF_FLOAT, false, 2, "VEC3");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 0 holds 1024 bytes, the accessor needs more than "
               "18446744073709551615 (byteOffset 18446744073709551612, 2 elements 12 bytes "
               "apart)");
    fx_free(f);

    /* A stride near 2^32: 1000 + 4294967292 * 2 + 4 = 8589935588. */
    f = fx_new(2, 1);
    f->views[1].stride = 0xFFFFFFFCu;
    set_acc(f, 0, 1, 1000, RM_GLTF_FLOAT, false, 3, "SCALAR");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: bufferView 1 holds 1024 bytes, the accessor needs 8589935588");
    fx_free(f);
}

static void non_finite_floats(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 3);
    for (unsigned i = 0; i < 8; i++)
        putf(f, 4 * i, 1.0f);
    put32(f, 20, 0x7FC00000u);      /* element 5: a quiet NaN */
    set_acc(f, 2, 0, 0, RM_GLTF_FLOAT, false, 8, "SCALAR");
    read_fails(f, 2, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/2: element 5 is not a finite number (nan)");
    fx_free(f);

    f = fx_new(1, 1);
    for (unsigned i = 0; i < 8; i++)
        putf(f, 4 * i, 1.0f);
    put32(f, 16, 0x7F800000u);      /* +inf: element 1 of VEC4s */
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, false, 2, "VEC4");
    read_fails(f, 0, ALL_TYPES, ANY_COUNT, false, "the test",
               "/accessors/0: element 1 is not a finite number (inf)");
    fx_free(f);
}

/* ---- indices ---- */

static void indices_read(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 3);
    put8(f, 0, 0); put8(f, 1, 2); put8(f, 2, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_UNSIGNED_BYTE, false, 3, "SCALAR");
    put16(f, 4, 0); put16(f, 6, 65534); put16(f, 8, 300);
    set_acc(f, 1, 0, 4, RM_GLTF_UNSIGNED_SHORT, false, 3, "SCALAR");
    put32(f, 12, 70000); put32(f, 16, 5);
    set_acc(f, 2, 0, 12, RM_GLTF_UNSIGNED_INT, false, 2, "SCALAR");
    uint32_t *out = NULL;
    assert_int_equal(rm_gltf_accessor_indices(&f->doc, 0, 3, "indices", &out, &f->diag), RM_OK);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 2);
    assert_int_equal(out[2], 1);
    free(out);
    assert_int_equal(rm_gltf_accessor_indices(&f->doc, 1, 65535, "indices", &out, &f->diag), RM_OK);
    assert_int_equal(out[1], 65534);
    assert_int_equal(out[2], 300);
    free(out);
    assert_int_equal(rm_gltf_accessor_indices(&f->doc, 2, 70001, "indices", &out, &f->diag), RM_OK);
    assert_int_equal(out[0], 70000);
    assert_int_equal(out[1], 5);
    free(out);
    assert_int_equal(f->diag.count, 0);
    fx_free(f);
}

static void indices_sparse(void **state)
{
    (void)state;
    /* Sparse on an index accessor: 4 zeros, index 2 replaced by 9. */
    fixture *f = fx_new(3, 1);
    f->views[1].offset = 200;
    f->views[1].length = 1;
    f->views[2].offset = 300;
    f->views[2].length = 2;
    put8(f, 200, 2);
    put16(f, 300, 9);
    set_acc(f, 0, -1, 0, RM_GLTF_UNSIGNED_SHORT, false, 4, "SCALAR");
    f->acc[0].sparse = (rm_gltf_sparse){1, 1, 0, RM_GLTF_UNSIGNED_BYTE, 2, 0};
    uint32_t *out = NULL;
    assert_int_equal(rm_gltf_accessor_indices(&f->doc, 0, 10, "indices", &out, &f->diag), RM_OK);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[2], 9);
    assert_int_equal(out[3], 0);
    free(out);
    fx_free(f);
}

static void indices_fail(fixture *f, uint32_t a, uint32_t limit, const char *text)
{
    uint32_t *out = (uint32_t *)&out;
    assert_int_equal(rm_gltf_accessor_indices(&f->doc, a, limit, "indices", &out, &f->diag),
                     RM_INVALID);
    assert_null(out);
    expect_message(f, text);
}

static void indices_errors(void **state)
{
    (void)state;
    fixture *f = fx_new(1, 5);
    for (unsigned i = 0; i < 20; i++)
        put16(f, 2 * i, i);
    put16(f, 34, 300);              /* element 17 */
    set_acc(f, 4, 0, 0, RM_GLTF_UNSIGNED_SHORT, false, 20, "SCALAR");
    indices_fail(f, 4, 120,
                 "/accessors/4: indices: element 17 is 300, but the primitive has 120 vertices");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_FLOAT, false, 3, "SCALAR");
    indices_fail(f, 0, 3,
                 "/accessors/0: indices must be SCALAR of UNSIGNED_BYTE/UNSIGNED_SHORT/"
                 "UNSIGNED_INT, not SCALAR of FLOAT");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_UNSIGNED_SHORT, false, 3, "VEC3");
    indices_fail(f, 0, 3,
                 "/accessors/0: indices must be SCALAR of UNSIGNED_BYTE/UNSIGNED_SHORT/"
                 "UNSIGNED_INT, not VEC3 of UNSIGNED_SHORT");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_UNSIGNED_BYTE, true, 3, "SCALAR");
    indices_fail(f, 0, 3,
                 "/accessors/0: indices must be SCALAR of UNSIGNED_BYTE/UNSIGNED_SHORT/"
                 "UNSIGNED_INT, not SCALAR of normalized UNSIGNED_BYTE");
    fx_free(f);

    f = fx_new(1, 1);
    set_acc(f, 0, 0, 0, RM_GLTF_BYTE, false, 3, "SCALAR");
    indices_fail(f, 0, 3,
                 "/accessors/0: indices must be SCALAR of UNSIGNED_BYTE/UNSIGNED_SHORT/"
                 "UNSIGNED_INT, not SCALAR of BYTE");
    fx_free(f);

    /* The range is checked for indices too. */
    f = fx_new(2, 1);
    f->views[1].length = 5;
    set_acc(f, 0, 1, 0, RM_GLTF_UNSIGNED_SHORT, false, 3, "SCALAR");
    indices_fail(f, 0, 3, "/accessors/0: bufferView 1 holds 5 bytes, the accessor needs 6");
    fx_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(integers_as_they_are),
        cmocka_unit_test(normalized_integers),
        cmocka_unit_test(vector_types),
        cmocka_unit_test(matrix_column_padding),
        cmocka_unit_test(strides_and_offsets),
        cmocka_unit_test(no_view_is_zeros),
        cmocka_unit_test(sparse_on_a_view),
        cmocka_unit_test(sparse_without_view),
        cmocka_unit_test(sparse_errors),
        cmocka_unit_test(use_mismatch),
        cmocka_unit_test(the_contract_example),
        cmocka_unit_test(layout_errors),
        cmocka_unit_test(declaration_errors),
        cmocka_unit_test(overflow_attempts),
        cmocka_unit_test(non_finite_floats),
        cmocka_unit_test(indices_read),
        cmocka_unit_test(indices_sparse),
        cmocka_unit_test(indices_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
