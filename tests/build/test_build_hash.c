/* tests/build/test_build_hash.c - XXH3-128 content hashes: a known value,
   hex both ways, a file hashes as its bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "retromesh/build.h"

/* The values were checked with `printf 'retromesh' | xxh128sum` and
   `printf '' | xxh128sum` (xxhsum 0.8, XXH128 canonical: big-endian). */
static void known_values(void **state)
{
    (void)state;
    rm_build_hash h;
    char hex[33];
    rm_build_hash_bytes("retromesh", 9, &h);
    rm_build_hash_hex(&h, hex);
    assert_string_equal(hex, "d7e60b729ff6e1741a6d2e953042a219");
    rm_build_hash_bytes(NULL, 0, &h);
    rm_build_hash_hex(&h, hex);
    assert_string_equal(hex, "99aa06d3014798d86001c324468d497f");
    assert_int_equal(h.bytes[0], 0x99);
}

static void hex_round_trip(void **state)
{
    (void)state;
    rm_build_hash h, back;
    char hex[33];
    rm_build_hash_bytes("WALL", 4, &h);
    rm_build_hash_hex(&h, hex);
    assert_true(rm_build_hash_from_hex(hex, &back));
    assert_true(rm_build_hash_equal(&h, &back));
    /* Uppercase is taken too. */
    rm_build_hash r;
    rm_build_hash_bytes("retromesh", 9, &r);
    assert_true(rm_build_hash_from_hex("D7E60B729FF6E1741A6D2E953042A219", &back));
    assert_true(rm_build_hash_equal(&r, &back));
    assert_int_equal(back.bytes[15], 0x19);
    rm_build_hash other;
    rm_build_hash_bytes("WALK", 4, &other);
    assert_false(rm_build_hash_equal(&h, &other));
}

static void bad_hex_refused(void **state)
{
    (void)state;
    rm_build_hash h;
    memset(&h, 0x55, sizeof h);
    assert_false(rm_build_hash_from_hex("", &h));
    assert_false(rm_build_hash_from_hex(NULL, &h));
    assert_false(rm_build_hash_from_hex("5f46daca96698d1f3d6aae8b06b2e0", &h));     /* 30 */
    assert_false(rm_build_hash_from_hex("5f46daca96698d1f3d6aae8b06b2e0b2a", &h));  /* 33 */
    assert_false(rm_build_hash_from_hex("5f46daca96698d1f3d6aae8b06b2e0bg", &h));   /* 'g' */
    assert_false(rm_build_hash_from_hex("5f46daca96698d1f3d6aae8b06b2e0b ", &h));
    assert_false(rm_build_hash_from_hex("+f46daca96698d1f3d6aae8b06b2e0b2", &h));
    /* Untouched on failure. */
    for (size_t i = 0; i < 16; i++)
        assert_int_equal(h.bytes[i], 0x55);
}

static void file_is_its_bytes(void **state)
{
    (void)state;
    char path[] = "/tmp/rm_build_hash_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    /* More than one read buffer (64 KiB), so the streaming is tested. */
    size_t n = 200000;
    unsigned char *buf = malloc(n);
    assert_non_null(buf);
    for (size_t i = 0; i < n; i++)
        buf[i] = (unsigned char)(i * 7 + i / 300);
    assert_int_equal(write(fd, buf, n), (ssize_t)n);
    close(fd);
    rm_build_hash a, b;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_build_hash_file(path, &a, &d), RM_OK);
    rm_build_hash_bytes(buf, n, &b);
    assert_true(rm_build_hash_equal(&a, &b));
    assert_int_equal(d.count, 0);
    unlink(path);
    assert_int_equal(rm_build_hash_file(path, &a, &d), RM_IO);
    assert_int_equal(d.errors, 1);
    assert_non_null(strstr(d.items[0].text, path));
    assert_non_null(strstr(d.items[0].text, "cannot read"));
    rm_diag_free(&d);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_values),
        cmocka_unit_test(hex_round_trip),
        cmocka_unit_test(bad_hex_refused),
        cmocka_unit_test(file_is_its_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
