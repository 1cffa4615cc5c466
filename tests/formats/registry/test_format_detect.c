/* What a file is, from its first bytes (rm_format_detect, docs/formats.md):
   every kind from a tiny byte array, heads cut short, the boundary sizes
   of each signature, and the table's names, descriptions and lists. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/registry/registry.h"
#include "retromesh/formats.h"

static rm_format detect_text(const char *s)
{
    return rm_format_detect((const uint8_t *)s, strlen(s));
}

/* A NIFF FileHeader: version 2.0 (0x0200), file size, header tag 0, header
   size 100. */
static void niff_head(uint8_t h[100])
{
    memset(h, 0, 100);
    h[2] = 0x02;
    h[7] = 200;
    h[15] = 100;
}

static void magics(void **state)
{
    (void)state;
    uint8_t niff[100];
    niff_head(niff);
    assert_int_equal(rm_format_detect(niff, 100), RM_FORMAT_NIFF);
    assert_int_equal(rm_format_detect(niff, 99), RM_FORMAT_UNKNOWN);   /* shorter than the header */

    assert_int_equal(detect_text("JOM1"), RM_FORMAT_JOM);
    assert_int_equal(rm_format_detect((const uint8_t *)"JOM1\0\0\0\x50", 8), RM_FORMAT_JOM);
    assert_int_equal(detect_text("JOM"), RM_FORMAT_TEXT);
    assert_int_equal(rm_format_detect((const uint8_t *)"JOLV\0\x01\0\0", 8), RM_FORMAT_JOL);

    static const uint8_t glb[12] = { 'g', 'l', 'T', 'F', 2, 0, 0, 0, 12, 0, 0, 0 };
    assert_int_equal(rm_format_detect(glb, 12), RM_FORMAT_GLB);
    assert_int_equal(rm_format_detect(glb, 8), RM_FORMAT_GLB);
    assert_int_equal(rm_format_detect(glb, 7), RM_FORMAT_UNKNOWN);  /* the version is cut */
    static const uint8_t glb3[8] = { 'g', 'l', 'T', 'F', 3, 0, 0, 0 };
    assert_int_equal(rm_format_detect(glb3, 8), RM_FORMAT_UNKNOWN);

    uint8_t oni[64];
    memset(oni, 0, sizeof oni);
    memcpy(oni + 8, "13RV", 4);     /* VR31, little endian */
    oni[0x0c] = 64;
    oni[0x0e] = 20;
    oni[0x10] = 16;
    oni[0x12] = 8;
    assert_int_equal(rm_format_detect(oni, 64), RM_FORMAT_ONI);
    assert_int_equal(rm_format_detect(oni, 0x14), RM_FORMAT_ONI);
    assert_int_equal(rm_format_detect(oni, 0x13), RM_FORMAT_UNKNOWN);
    oni[0x12] = 9;
    assert_int_equal(rm_format_detect(oni, 64), RM_FORMAT_UNKNOWN);

    static const uint8_t png[8] = { 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A };
    assert_int_equal(rm_format_detect(png, 8), RM_FORMAT_PNG);
    assert_int_equal(rm_format_detect(png, 7), RM_FORMAT_UNKNOWN);     /* 0x89 is no UTF-8 */
    static const uint8_t jpeg[4] = { 0xFF, 0xD8, 0xFF, 0xE0 };
    assert_int_equal(rm_format_detect(jpeg, 3), RM_FORMAT_JPEG);
    assert_int_equal(rm_format_detect(jpeg, 2), RM_FORMAT_UNKNOWN);
    assert_int_equal(detect_text("GIF89a"), RM_FORMAT_GIF);
    assert_int_equal(detect_text("GIF87a\x01"), RM_FORMAT_GIF);
    assert_int_equal(detect_text("GIF89"), RM_FORMAT_TEXT);

    uint8_t bmp[18] = { 'B', 'M' };
    bmp[14] = 40;
    assert_int_equal(rm_format_detect(bmp, 18), RM_FORMAT_BMP);
    assert_int_equal(rm_format_detect(bmp, 17), RM_FORMAT_UNKNOWN);
    assert_int_equal(detect_text("BMW cars go fast\nyes"), RM_FORMAT_TEXT);   /* "BM" alone is not */

    assert_int_equal(detect_text("ply\nformat ascii 1.0\n"), RM_FORMAT_PLY);
    assert_int_equal(detect_text("ply\r\nformat binary_little_endian 1.0\r\n"), RM_FORMAT_PLY);
    assert_int_equal(detect_text("Kaydara FBX Binary  "), RM_FORMAT_FBX);
    assert_int_equal(detect_text("; FBX 7.4.0 project file\n"), RM_FORMAT_FBX);

    static const uint8_t tds[10] = { 0x4D, 0x4D, 0x20, 0, 0, 0, 0x02, 0, 0x0A, 0 };
    assert_int_equal(rm_format_detect_sized(tds, 10, 32), RM_FORMAT_3DS);
    assert_int_equal(rm_format_detect_sized(tds, 10, 16), RM_FORMAT_UNKNOWN);   /* chunk longer than the file */
    assert_int_equal(rm_format_detect(tds, 9), RM_FORMAT_UNKNOWN);

    assert_int_equal(rm_format_detect((const uint8_t *)"PK\x03\x04", 4), RM_FORMAT_ZIP);
    assert_int_equal(rm_format_detect((const uint8_t *)"PK\x05\x06", 4), RM_FORMAT_ZIP);
    assert_int_equal(rm_format_detect((const uint8_t *)"\x1f\x8b\x08", 3), RM_FORMAT_GZIP);
    assert_int_equal(rm_format_detect((const uint8_t *)"\x1f\x8b", 2), RM_FORMAT_UNKNOWN);
    assert_int_equal(detect_text("%PDF-1.7\n"), RM_FORMAT_PDF);
    assert_int_equal(rm_format_detect((const uint8_t *)"\x7f" "ELF\x02\x01", 6), RM_FORMAT_ELF);
}

static void stl(void **state)
{
    (void)state;
    /* Binary: told by the count against the size, even when the header
       says "solid". */
    uint8_t b[84 + 100];
    memset(b, 0, sizeof b);
    memcpy(b, "solid exported by a CAD tool", 28);
    b[80] = 2;
    assert_int_equal(rm_format_detect(b, sizeof b), RM_FORMAT_STL);
    assert_int_equal(rm_format_detect(b, sizeof b - 1), RM_FORMAT_UNKNOWN);
    assert_int_equal(rm_format_detect_sized(b, 84, sizeof b), RM_FORMAT_STL);   /* a head */
    assert_int_equal(rm_format_detect_sized(b, 84, UINT64_MAX), RM_FORMAT_UNKNOWN);
    assert_int_equal(rm_format_detect_sized(b, 83, sizeof b), RM_FORMAT_UNKNOWN);

    assert_int_equal(detect_text("solid cube\n  facet normal 0 0 1\n"), RM_FORMAT_STL);
    assert_int_equal(detect_text("solid cube\nendsolid cube\n"), RM_FORMAT_STL);
    assert_int_equal(detect_text("solid cube\n"), RM_FORMAT_TEXT);
    assert_int_equal(detect_text("solidity is a virtue\nfacet\n"), RM_FORMAT_TEXT);
}

static void obj_and_mtl(void **state)
{
    (void)state;
    assert_int_equal(detect_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"), RM_FORMAT_OBJ);
    assert_int_equal(detect_text("# Blender 4.0\nmtllib a.mtl\no Cube\n"), RM_FORMAT_OBJ);
    assert_int_equal(detect_text("\r\n\t usemtl x\r\n"), RM_FORMAT_OBJ);
    assert_int_equal(detect_text("g\n"), RM_FORMAT_OBJ);
    assert_int_equal(detect_text("\xEF\xBB\xBFv 1 2 3\n"), RM_FORMAT_OBJ);     /* UTF-8 BOM */
    /* No statement at all: an OBJ with nothing in it (reading says "no
       polygon"). */
    assert_int_equal(detect_text("# only a comment\n# and another\n"), RM_FORMAT_OBJ);
    assert_int_equal(detect_text("   \n\n"), RM_FORMAT_OBJ);
    assert_int_equal(detect_text("#!/bin/sh\necho hi\n"), RM_FORMAT_TEXT);
    /* The first statement is unknown: OBJ when half the lines are OBJ. */
    assert_int_equal(detect_text("Blender OBJ\nv 1 2 3\nv 1 2 3\nf 1 2 3\n"), RM_FORMAT_OBJ);
    assert_int_equal(detect_text("Hello world\nthis is a readme\nv 1\n"), RM_FORMAT_TEXT);
    assert_int_equal(detect_text("hello"), RM_FORMAT_TEXT);
    assert_int_equal(detect_text("vertex 1 2 3\n"), RM_FORMAT_TEXT);

    assert_int_equal(detect_text("newmtl wall\nKd 1 1 1\nmap_Kd wall.png\n"), RM_FORMAT_MTL);
    assert_int_equal(detect_text("# Blender MTL\n\nnewmtl a\n"), RM_FORMAT_MTL);
    assert_int_equal(detect_text("Kd 1 0 0\n"), RM_FORMAT_MTL);
    assert_int_equal(detect_text("map_Kd x.png\n"), RM_FORMAT_MTL);
}

/* A head that ends in the middle of a line: the cut word is not judged
   (when the bytes are not the whole file). */
static void cut_heads(void **state)
{
    (void)state;
    const char *t = "hello world\nvertices";
    assert_int_equal(rm_format_detect_sized((const uint8_t *)t, strlen(t), 1000), RM_FORMAT_TEXT);
    const char *v = "# comment\nv";
    /* Cut after "v": the word may go on ("vertex"): not judged, so no
       statement yet: an (empty) OBJ. As the whole file it is an OBJ too. */
    assert_int_equal(rm_format_detect_sized((const uint8_t *)v, strlen(v), 1000), RM_FORMAT_OBJ);
    assert_int_equal(rm_format_detect((const uint8_t *)v, strlen(v)), RM_FORMAT_OBJ);
    const char *x = "xyzzy 1\nv";
    assert_int_equal(rm_format_detect((const uint8_t *)x, strlen(x)), RM_FORMAT_OBJ);  /* 1 of 2 */
    assert_int_equal(rm_format_detect_sized((const uint8_t *)x, strlen(x), 1000), RM_FORMAT_TEXT);

    /* Only the first RM_FORMAT_HEAD_SIZE bytes are looked at. */
    size_t n = RM_FORMAT_HEAD_SIZE + 100;
    char *big = malloc(n);
    assert_non_null(big);
    memset(big, '#', n);
    big[RM_FORMAT_HEAD_SIZE + 10] = 0;  /* past the head: not seen */
    assert_int_equal(rm_format_detect((const uint8_t *)big, n), RM_FORMAT_OBJ);
    big[RM_FORMAT_HEAD_SIZE - 1] = 0;   /* inside it: binary */
    assert_int_equal(rm_format_detect((const uint8_t *)big, n), RM_FORMAT_UNKNOWN);
    free(big);
}

static void json_and_xml(void **state)
{
    (void)state;
    assert_int_equal(detect_text("{\"asset\": {\"version\": \"2.0\"}}"), RM_FORMAT_GLTF);
    assert_int_equal(detect_text("  {\n  \"scene\": 0, \"asset\" : {}}"), RM_FORMAT_GLTF);
    assert_int_equal(detect_text("{\"accessors\": [{}]}"), RM_FORMAT_GLTF);
    /* "asset" deeper than the top object, or as a value, is not glTF. */
    assert_int_equal(detect_text("{\"bones\": [{\"name\": \"asset\"}], \"x\": {\"asset\": 1}}"),
                     RM_FORMAT_JSON);
    assert_int_equal(detect_text("{\"name\": \"asset\"}"), RM_FORMAT_JSON);
    /* An escaped quote inside a string does not end it. */
    assert_int_equal(detect_text("{\"a\\\"\": 1, \"asset\": {}}"), RM_FORMAT_GLTF);
    assert_int_equal(detect_text("{\"sections\": [], \"entities\": []}"), RM_FORMAT_JSON);
    assert_int_equal(detect_text("{\"asse"), RM_FORMAT_JSON);     /* cut inside the key */
    assert_int_equal(detect_text("[1, 2]"), RM_FORMAT_JSON);
    assert_int_equal(detect_text("<?xml version=\"1.0\"?>\n<COLLADA xmlns=\"x\">"), RM_FORMAT_COLLADA);
    assert_int_equal(detect_text("<?xml version=\"1.0\"?>\n<svg>"), RM_FORMAT_TEXT);
}

static void utf16(void **state)
{
    (void)state;
    /* With a byte order mark: told by its text (the OBJ reader reads it). */
    static const uint8_t le_obj[] = { 0xFF, 0xFE, 'v', 0, ' ', 0, '1', 0, ' ', 0, '2', 0, ' ', 0, '3', 0, '\n', 0 };
    assert_int_equal(rm_format_detect(le_obj, sizeof le_obj), RM_FORMAT_OBJ);
    static const uint8_t be_mtl[] = { 0xFE, 0xFF, 0, 'n', 0, 'e', 0, 'w', 0, 'm', 0, 't', 0, 'l', 0, ' ', 0, 'a', 0, '\n' };
    assert_int_equal(rm_format_detect(be_mtl, sizeof be_mtl), RM_FORMAT_MTL);
    static const uint8_t le_text[] = { 0xFF, 0xFE, 'h', 0, 'i', 0, ' ', 0, 'y', 0, 'o', 0, 'u', 0, '\n', 0 };
    assert_int_equal(rm_format_detect(le_text, sizeof le_text), RM_FORMAT_TEXT);
    static const uint8_t le_nul[] = { 0xFF, 0xFE, 'v', 0, 0, 0 };
    assert_int_equal(rm_format_detect(le_nul, sizeof le_nul), RM_FORMAT_UTF16_TEXT);
    assert_int_equal(rm_format_detect(le_obj, 2), RM_FORMAT_OBJ);    /* the mark alone: blank */
    /* Without one: NUL every other byte. */
    assert_int_equal(rm_format_detect(le_obj + 2, sizeof le_obj - 2), RM_FORMAT_UTF16_TEXT);
    assert_int_equal(rm_format_detect(be_mtl + 2, sizeof be_mtl - 2), RM_FORMAT_UTF16_TEXT);
    assert_int_equal(rm_format_detect(le_obj + 2, 4), RM_FORMAT_UTF16_TEXT);  /* two units */
    assert_int_equal(rm_format_detect(le_obj + 2, 3), RM_FORMAT_UNKNOWN);     /* one and a half */
}

static void binary_and_empty(void **state)
{
    (void)state;
    assert_int_equal(rm_format_detect(NULL, 0), RM_FORMAT_EMPTY);
    assert_int_equal(rm_format_detect((const uint8_t *)"", 0), RM_FORMAT_EMPTY);
    assert_int_equal(rm_format_detect_sized((const uint8_t *)"", 0, 10), RM_FORMAT_UNKNOWN);
    static const uint8_t junk[] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08 };
    assert_int_equal(rm_format_detect(junk, sizeof junk), RM_FORMAT_UNKNOWN);
    assert_int_equal(rm_format_detect((const uint8_t *)"v 1\0", 4), RM_FORMAT_UNKNOWN);
    /* One control byte in a text is still text (the reader says where). */
    assert_int_equal(detect_text("v 1 2 3\nv 1 2 3\nv 1\x01 2 3\nf 1 2 3\n"), RM_FORMAT_OBJ);
    uint8_t mixed[64];
    for (size_t i = 0; i < sizeof mixed; i++)
        mixed[i] = (uint8_t)(i % 4 == 0 ? 0x02 : 'a');
    assert_int_equal(rm_format_detect(mixed, sizeof mixed), RM_FORMAT_UNKNOWN);
}

static void table(void **state)
{
    (void)state;
    for (int f = 0; f < RM_FORMAT_COUNT; f++) {
        const rm_fmt_row *r = rm_fmt_row_of((rm_format)f);
        assert_int_equal(r->kind, f);
        assert_non_null(rm_format_name((rm_format)f));
        assert_true(strlen(rm_format_describe((rm_format)f)) > 3);
    }
    assert_string_equal(rm_format_describe(RM_FORMAT_PNG), "a PNG image");
    assert_string_equal(rm_format_describe(RM_FORMAT_EMPTY), "an empty file");
    assert_string_equal(rm_format_name(RM_FORMAT_NIFF), "NIFF");
    assert_string_equal(rm_format_name(RM_FORMAT_COUNT), "unknown");

    /* The lists say exactly the rows that read and write. */
    char rd[256] = "", wr[256] = "";
    for (int f = 0; f < RM_FORMAT_COUNT; f++) {
        if (rm_format_can_read_model((rm_format)f))
            snprintf(rd + strlen(rd), sizeof rd - strlen(rd), "%s%s", rd[0] ? ", " : "",
                     rm_format_name((rm_format)f));
    }
    static const rm_format write_order[] = { RM_FORMAT_JOM, RM_FORMAT_NIFF, RM_FORMAT_OBJ, RM_FORMAT_C_HEADER };
    size_t writers = 0;
    for (int f = 0; f < RM_FORMAT_COUNT; f++)
        writers += rm_format_can_write_model((rm_format)f);
    assert_int_equal(writers, 4);
    for (size_t i = 0; i < 4; i++) {
        assert_true(rm_format_can_write_model(write_order[i]));
        snprintf(wr + strlen(wr), sizeof wr - strlen(wr), "%s%s", wr[0] ? ", " : "",
                 rm_format_name(write_order[i]));
    }
    assert_string_equal(rd, rm_format_readable_list());
    assert_string_equal(wr, rm_format_writable_list());
    assert_false(rm_format_can_read_model(RM_FORMAT_COUNT));

    assert_int_equal(rm_format_from_name("a/b/ROBOT.JOM"), RM_FORMAT_JOM);
    assert_int_equal(rm_format_from_name("scene.Niff"), RM_FORMAT_NIFF);
    assert_int_equal(rm_format_from_name("scene.nif"), RM_FORMAT_NIFF);
    assert_int_equal(rm_format_from_name("x.obj"), RM_FORMAT_OBJ);
    assert_int_equal(rm_format_from_name("robot.h"), RM_FORMAT_C_HEADER);
    assert_int_equal(rm_format_from_name("x.jpeg"), RM_FORMAT_JPEG);
    assert_int_equal(rm_format_from_name("x.glb"), RM_FORMAT_GLB);
    assert_int_equal(rm_format_from_name("x.gltf"), RM_FORMAT_GLTF);
    assert_int_equal(rm_format_from_name("dir.obj/x"), RM_FORMAT_UNKNOWN);
    assert_int_equal(rm_format_from_name(".obj"), RM_FORMAT_UNKNOWN);   /* a hidden name */
    assert_int_equal(rm_format_from_name("x."), RM_FORMAT_UNKNOWN);
    assert_int_equal(rm_format_from_name("-"), RM_FORMAT_UNKNOWN);
    assert_int_equal(rm_format_from_name(NULL), RM_FORMAT_UNKNOWN);
    assert_int_equal(rm_format_from_name("x.obj.bak"), RM_FORMAT_UNKNOWN);
}

/* Hostile bytes: random buffers of every small size, and text-like ones,
   through detection (with sizes that agree or not) and the reader; the
   sanitizers watch. The kinds found must be valid. */
static void random_bytes(void **state)
{
    (void)state;
    static const char chars[] = " \n#vfot0123456789./{}\"asetlidmn:<";
    uint32_t seed = 12345;
    uint8_t buf[600];
    for (int round = 0; round < 4000; round++) {
        size_t n = (size_t)(round % 600);
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            uint8_t b = (uint8_t)(seed >> 16);
            /* Half the rounds: OBJ-ish characters only. */
            buf[i] = round & 1 ? (uint8_t)chars[b % (sizeof chars - 1)] : b;
        }
        rm_format f = rm_format_detect(buf, n);
        assert_true(f >= RM_FORMAT_UNKNOWN && f < RM_FORMAT_COUNT);
        f = rm_format_detect_sized(buf, n, (uint64_t)n * 3 + 1);
        assert_true(f >= RM_FORMAT_UNKNOWN && f < RM_FORMAT_COUNT);
        rm_mesh m;
        rm_diag d;
        rm_diag_init(&d);
        rm_model_read_options ro;
        rm_model_read_options_default(&ro);
        rm_status st = rm_model_read_memory(buf, n, "r.bin", &ro, &m, NULL, &d);
        assert_true(st == RM_OK || st == RM_INVALID);
        if (st == RM_OK)
            assert_true(m.face_count > 0);
        else
            assert_true(d.errors > 0);
        rm_mesh_free(&m);
        rm_diag_free(&d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(magics),     cmocka_unit_test(stl),
        cmocka_unit_test(obj_and_mtl), cmocka_unit_test(cut_heads),
        cmocka_unit_test(json_and_xml), cmocka_unit_test(utf16),
        cmocka_unit_test(binary_and_empty), cmocka_unit_test(table),
        cmocka_unit_test(random_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
