/* rm_crc32 (libdeflate) against zlib's crc32, the function the Oni hash and
   the texture names were defined with: known vectors, random buffers of
   many lengths and alignments, and a CRC continued piece by piece. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core/crc.h"

/* Deterministic bytes (xorshift64*): the same buffers every run. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint8_t next_byte(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint8_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 56);
}

static uint32_t zlib_crc(uint32_t crc, const uint8_t *p, size_t n)
{
    return (uint32_t)crc32((uLong)crc, p, (uInt)n);
}

static void known_vectors(void **state)
{
    (void)state;
    assert_int_equal(rm_crc32(0, "123456789", 9), 0xCBF43926u);
    assert_int_equal(rm_crc32(0, "", 0), 0);
    assert_int_equal(rm_crc32(0, NULL, 0), 0);
    assert_int_equal(rm_crc32(0x12345678u, NULL, 0), 0x12345678u);   /* empty: unchanged */
    assert_int_equal(rm_crc32(0, "a", 1), 0xE8B7BE43u);
    assert_int_equal(rm_crc32(0, "The quick brown fox jumps over the lazy dog", 43), 0x414FA339u);
    /* Continued: "1234" then "56789" is the CRC of the whole. */
    assert_int_equal(rm_crc32(rm_crc32(0, "1234", 4), "56789", 5), 0xCBF43926u);
    static const uint8_t zeros[32];
    assert_int_equal(rm_crc32(0, zeros, sizeof zeros), 0x190A55ADu);
}

/* Every length 0..4,200 at every alignment 0..15 (the folding code has
   separate paths for short tails, unaligned heads and 16/64-byte blocks),
   plus a few long buffers; random starting CRCs too. */
static void matches_zlib_on_random_buffers(void **state)
{
    (void)state;
    enum { BIG = (1 << 22) + 77 };
    uint8_t *buf = malloc(BIG + 64);
    assert_non_null(buf);
    for (size_t i = 0; i < (size_t)BIG + 64; i++)
        buf[i] = next_byte();
    unsigned checked = 0;
    for (size_t len = 0; len <= 4200; len++)
        for (size_t align = 0; align < 16; align++) {
            const uint8_t *p = buf + align + (len * 7) % 32;
            uint32_t seed = len % 3 == 0 ? 0 : (uint32_t)next_byte() << 24 | (uint32_t)len * 2654435761u;
            if (rm_crc32(seed, p, len) != zlib_crc(seed, p, len))
                fail_msg("length %zu, alignment %zu, seed %08x: %08x, zlib %08x", len, align, (unsigned)seed,
                         (unsigned)rm_crc32(seed, p, len), (unsigned)zlib_crc(seed, p, len));
            checked++;
        }
    static const size_t longs[] = {65535, 65536, 65537, 1000003, 1 << 20, BIG};
    for (size_t i = 0; i < sizeof longs / sizeof longs[0]; i++)
        for (size_t align = 0; align < 64; align += 13) {
            assert_int_equal(rm_crc32(0, buf + align, longs[i]), zlib_crc(0, buf + align, longs[i]));
            checked++;
        }
    assert_true(checked > 60000);
    free(buf);
}

/* A CRC continued over random pieces equals the CRC of the whole. */
static void continues_piece_by_piece(void **state)
{
    (void)state;
    enum { N = 200000 };
    uint8_t *buf = malloc(N);
    assert_non_null(buf);
    for (size_t i = 0; i < N; i++)
        buf[i] = next_byte();
    uint32_t whole = zlib_crc(0, buf, N);
    for (int round = 0; round < 20; round++) {
        uint32_t c = 0;
        size_t at = 0;
        while (at < N) {
            size_t n = (size_t)next_byte() * (size_t)(round + 1) + (size_t)(next_byte() & 7);
            if (n > N - at)
                n = N - at;
            c = rm_crc32(c, buf + at, n);
            at += n;
        }
        assert_int_equal(c, whole);
    }
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_vectors),
        cmocka_unit_test(matches_zlib_on_random_buffers),
        cmocka_unit_test(continues_piece_by_piece),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
