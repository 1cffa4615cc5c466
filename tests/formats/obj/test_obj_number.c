/* The OBJ number parser (rm_tx_parse_double): spellings, special values,
   and the result against the C library's strtod() (glibc's is correctly
   rounded, so the two must agree bit for bit) on tricky and random text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/obj/obj_text.h"

/* Parses the whole of s (must be one number); returns the value. */
static double parse_all(const char *s)
{
    double v = -12345.0;
    const char *e = rm_tx_parse_double(s, &v);
    assert_non_null(e);
    if (*e != 0)
        fail_msg("\"%s\": parse stopped at \"%s\"", s, e);
    return v;
}

static uint64_t bits(double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

static void same_as_strtod(const char *s)
{
    double mine = parse_all(s);
    double ref = strtod(s, NULL);
    if (bits(mine) != bits(ref))
        fail_msg("\"%s\": got %.17g (0x%016llx), strtod %.17g (0x%016llx)", s, mine,
                 (unsigned long long)bits(mine), ref, (unsigned long long)bits(ref));
}

static void spellings(void **state)
{
    (void)state;
    /* The spellings of assimp's number_formats.obj, values by hand. */
    assert_true(parse_all("2.") == 2.0);
    assert_true(parse_all("+1") == 1.0);
    assert_true(parse_all("1e2") == 100.0);
    assert_true(parse_all("2.e1") == 20.0);
    assert_true(parse_all("1E2") == 100.0);
    assert_true(parse_all("1e+2") == 100.0);
    assert_true(parse_all("1e-2") == 0.01);
    assert_true(parse_all("2.e01") == 20.0);
    assert_true(parse_all("3.1E2") == 310.0);
    assert_true(parse_all(".5") == 0.5);
    assert_true(parse_all("-.5") == -0.5);
    assert_true(parse_all("007") == 7.0);
    assert_true(parse_all("0") == 0.0);
    double z = parse_all("-0");
    assert_true(z == 0.0 && signbit(z));
    z = parse_all("-0.0e5");
    assert_true(z == 0.0 && signbit(z));
    assert_false(signbit(parse_all("+0")));
}

static void specials(void **state)
{
    (void)state;
    const char *nans[] = { "nan", "-nan", "NaN", "+nan", "nan(ind)", "-nan(0x1)",
                           "1.#IND", "-1.#IND", "1.#QNAN", "1.#SNAN", "1.#IND00" };
    for (size_t i = 0; i < sizeof nans / sizeof nans[0]; i++)
        assert_true(isnan(parse_all(nans[i])));
    assert_true(signbit(parse_all("-nan")));
    assert_true(signbit(parse_all("-1.#IND")));
    const char *pinf[] = { "inf", "INF", "+inf", "infinity", "Infinity", "1.#INF", "1.#INF00" };
    for (size_t i = 0; i < sizeof pinf / sizeof pinf[0]; i++)
        assert_true(parse_all(pinf[i]) == INFINITY);
    assert_true(parse_all("-inf") == -INFINITY);
    assert_true(parse_all("-infinity") == -INFINITY);
    assert_true(parse_all("-1.#INF") == -INFINITY);
}

/* Text that is not a number, or a number followed by more bytes (the reader
   then reports a bad number: the token does not end there). */
static void not_numbers(void **state)
{
    (void)state;
    double v;
    const char *none[] = { "", "-", "+", ".", "-.", "abc", "e5", "na", "in", "1.#", "#" };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        const char *e = rm_tx_parse_double(none[i], &v);
        if (e != NULL && (e == none[i] || *e == 0))
            fail_msg("\"%s\" was taken as a number", none[i]);
    }
    /* Stops early: what follows is not part of a number. */
    struct { const char *s; size_t stop; } partial[] = {
        { "3.1+e2", 3 }, { "1..2", 2 }, { "1e", 1 }, { "1e+", 1 }, { "1.5x", 3 },
        { "2,5", 1 }, { "0x10", 1 }, { "1.#X", 2 }, { "--1", 0 },
    };
    for (size_t i = 0; i < sizeof partial / sizeof partial[0]; i++) {
        const char *e = rm_tx_parse_double(partial[i].s, &v);
        size_t stop = e ? (size_t)(e - partial[i].s) : 0;
        if (stop != partial[i].stop)
            fail_msg("\"%s\": stopped after %zu bytes, expected %zu", partial[i].s, stop,
                     partial[i].stop);
    }
}

static void tricky_vs_strtod(void **state)
{
    (void)state;
    const char *s[] = {
        "0.1", "0.2", "0.3", "1.1", "123.456", "3.14159265358979323846",
        "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
        "18446744073709551615", "18446744073709551616", "99999999999999999999",
        "1e22", "1e23", "1e-22", "1e-23", "4.9e-324", "5e-324", "2.4703282292062327e-324",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "1.7976931348623157e308",
        "1.7976931348623159e308", "1e309", "1e-400", "8.589973e9", "0.000001", "1e-6",
        "123456789012345678", "1234567890123456789", "12345678901234567890",
        "0.58578646183013916", "0.29289323091506958", "2.5e-5", "7.038531e-26",
        "9.109e-31", "6.02214076e23", "1.000000000000000111", "0.00000000000000000001",
        "100000000000000000000000", "1.5e300", "-1.5e-300", "4503599627370496.5",
        "4503599627370497.5", "1.00000000000000011102230246251565404236316680908203125",
        "0.000000000000000000000000000000000000000000001", "5.", "-5.e-0", "1e0000000000000001",
        "1e-99999999999", "1e99999999999", "0e99999999999",
    };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
        same_as_strtod(s[i]);
}

/* xorshift64*: a fixed seed, so a failure is reproducible. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}

static void random_vs_strtod(void **state)
{
    (void)state;
    char buf[96];
    for (int i = 0; i < 300000; i++) {
        size_t k = 0;
        if (rnd() & 1)
            buf[k++] = (rnd() & 1) ? '-' : '+';
        int ndig = 1 + (int)(rnd() % 21);       /* up to 21 digits in all */
        int point = (int)(rnd() % (unsigned)(ndig + 2)) - 1;   /* -1: no point */
        for (int d = 0; d < ndig; d++) {
            if (d == point)
                buf[k++] = '.';
            buf[k++] = (char)('0' + rnd() % 10);
        }
        if (point == ndig)
            buf[k++] = '.';
        if (rnd() % 3 == 0) {
            buf[k++] = (rnd() & 1) ? 'e' : 'E';
            unsigned r = (unsigned)(rnd() % 4);
            if (r == 1)
                buf[k++] = '-';
            else if (r == 2)
                buf[k++] = '+';
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%d", (int)(rnd() % 40));
        }
        buf[k] = 0;
        same_as_strtod(buf);
    }
    /* Doubles printed with %.Ng for every N: round trips of real values. */
    for (int i = 0; i < 100000; i++) {
        uint64_t u = rnd();
        double v;
        memcpy(&v, &u, sizeof v);
        if (!isfinite(v))
            continue;
        snprintf(buf, sizeof buf, "%.*g", 1 + (int)(rnd() % 17), v);
        same_as_strtod(buf);
        /* Typical OBJ magnitudes: %f with 6 decimals. */
        snprintf(buf, sizeof buf, "%.6f", (double)(int64_t)(rnd() % 2000001) / 1000.0 - 1000.0);
        same_as_strtod(buf);
    }
}

/* The reader's fast paths (rm_tx_parse_double_fast, rm_tx_parse_index_fast:
   eight bytes at a time, with the end of the region given) against strtod()
   and the plain functions, on text followed by what the reader sees after a
   number: a blank, a slash, a line end, then more bytes. */
static void check_fast(const char *num, const char *after)
{
    char buf[128];
    int k = snprintf(buf, sizeof buf, "%s%s0123456789012345678", num, after);
    assert_true(k > 0 && (size_t)k < sizeof buf);
    size_t len = strlen(num);
    const char *end = buf + k;
    double v = -12345.0;
    const char *e = rm_tx_parse_double_fast(buf, end, &v);
    assert_non_null(e);
    if ((size_t)(e - buf) != len)
        fail_msg("\"%s\" then \"%s\": fast parse stopped after %zu bytes", num, after,
                 (size_t)(e - buf));
    double ref = strtod(num, NULL);
    if (bits(v) != bits(ref))
        fail_msg("\"%s\": fast path %.17g (0x%016llx), strtod %.17g (0x%016llx)", num, v,
                 (unsigned long long)bits(v), ref, (unsigned long long)bits(ref));
    /* Without room for the eight-byte loads: the plain path. */
    double w = -1;
    assert_ptr_equal(rm_tx_parse_double_fast(buf, buf + len + 1, &w), buf + len);
    assert_true(bits(w) == bits(ref));
}

static void fast_paths_vs_strtod(void **state)
{
    (void)state;
    static const char *edge[] = {
        "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994",
        "-9007199254740993", "900719925474099.3", "90071992547409.93", "0.9007199254740993",
        "1234567.1234567", "9999999.9999999", "1234567.12345678", "12345678.1234567",
        "0.0000001", "1.0000000", "0000000.0000001", "-0.000000", "4.9e-324", "2.4703282292062328e-324",
        "2.2250738585072011e-308", "1e23", "1e22", "8.589973e9", "0.1", "0.3", "7", "-7.",
        "1.7976931348623157e308", "123456789012345678901234", "0.1234567890123456789012345",
        "1.#IND", "-1.#INF", "1.e5", "1.5E-3", ".5", "+1.5", "-.25", "00000001.5",
    };
    static const char *afters[] = { " ", "\n", "\r\n", "/", "#", "\t", "x" };
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        for (size_t a = 0; a < sizeof afters / sizeof afters[0]; a++)
            if (strchr(edge[i], '#') == NULL)
                check_fast(edge[i], afters[a]);
    char num[64];
    for (int i = 0; i < 400000; i++) {
        size_t k = 0;
        unsigned r = (unsigned)(rnd() % 8);
        if (r == 0)
            num[k++] = '-';
        else if (r == 1)
            num[k++] = '+';
        int ndig = 1 + (int)(rnd() % 25);       /* 1 to 25 digits */
        int point = (int)(rnd() % (unsigned)(ndig + 2)) - 1;
        for (int d = 0; d < ndig; d++) {
            if (d == point)
                num[k++] = '.';
            /* Runs of 9s and 0s make the rounding cases. */
            unsigned kind = (unsigned)(rnd() % 4);
            num[k++] = (char)(kind == 0 ? '9' : kind == 1 ? '0' : '0' + (int)(rnd() % 10));
        }
        if (point == ndig)
            num[k++] = '.';
        if (rnd() % 4 == 0) {
            num[k++] = (rnd() & 1) ? 'e' : 'E';
            if (rnd() & 1)
                num[k++] = (rnd() & 1) ? '-' : '+';
            k += (size_t)snprintf(num + k, sizeof num - k, "%d", (int)(rnd() % 330));
        }
        num[k] = 0;
        check_fast(num, (rnd() & 1) ? " " : "\n");
    }
    /* Indexes: the fast path and the plain one agree, with what follows. */
    for (int i = 0; i < 200000; i++) {
        char t[64];
        int ndig = 1 + (int)(rnd() % 18);
        size_t k = 0;
        if (rnd() % 5 == 0)
            t[k++] = (rnd() & 1) ? '-' : '+';
        for (int d = 0; d < ndig; d++)
            t[k++] = (char)('0' + (int)(rnd() % 10));
        static const char *follow[] = { "/", " ", "\n", "/7/8 ", "x" };
        const char *f = follow[rnd() % 5];
        snprintf(t + k, sizeof t - k, "%s12345678", f);
        int64_t a = 0, b = 0;
        const char *ea = rm_tx_parse_index_fast(t, t + strlen(t), &a);
        const char *eb = rm_tx_parse_index(t, &b);
        assert_ptr_equal(ea, eb);
        assert_true(a == b);
    }
}

static void indexes(void **state)
{
    (void)state;
    int64_t v;
    assert_non_null(rm_tx_parse_index("913", &v));
    assert_int_equal(v, 913);
    assert_non_null(rm_tx_parse_index("-4", &v));
    assert_int_equal(v, -4);
    assert_non_null(rm_tx_parse_index("+2", &v));
    assert_int_equal(v, 2);
    const char *s = "12/3";
    assert_ptr_equal(rm_tx_parse_index(s, &v), s + 2);
    assert_null(rm_tx_parse_index("/3", &v));
    assert_null(rm_tx_parse_index("-", &v));
    /* Huge values saturate above 2^40 instead of overflowing. */
    assert_non_null(rm_tx_parse_index("99999999999999999999999999", &v));
    assert_true(v >= (INT64_C(1) << 40));
    assert_non_null(rm_tx_parse_index("-99999999999999999999999999", &v));
    assert_true(v <= -(INT64_C(1) << 40));
}

static void option_integers(void **state)
{
    (void)state;
    uint32_t v;
    assert_true(rm_tx_parse_uint("65535", 5, 65535, &v));
    assert_int_equal(v, 65535);
    assert_false(rm_tx_parse_uint("65536", 5, 65535, &v));
    assert_true(rm_tx_parse_uint("4294967295", 10, UINT32_MAX, &v));
    assert_int_equal(v, UINT32_MAX);
    assert_false(rm_tx_parse_uint("4294967296", 10, UINT32_MAX, &v));
    assert_false(rm_tx_parse_uint("99999999999999999999", 20, UINT32_MAX, &v));
    assert_true(rm_tx_parse_uint("0x1F", 4, 255, &v));
    assert_int_equal(v, 31);
    assert_false(rm_tx_parse_uint("0x", 2, 255, &v));
    assert_false(rm_tx_parse_uint("-1", 2, 255, &v));
    assert_false(rm_tx_parse_uint("1.0", 3, 255, &v));
    assert_false(rm_tx_parse_uint("", 0, 255, &v));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spellings),
        cmocka_unit_test(specials),
        cmocka_unit_test(not_numbers),
        cmocka_unit_test(tricky_vs_strtod),
        cmocka_unit_test(random_vs_strtod),
        cmocka_unit_test(fast_paths_vs_strtod),
        cmocka_unit_test(indexes),
        cmocka_unit_test(option_integers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
