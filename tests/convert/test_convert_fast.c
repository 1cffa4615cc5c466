/* The converter's fast paths give the same values as the plain code they
   replace (issue 16): the inline Q16.16 rounding, the period of a face
   without memory, the zero-area test with its Newell vector given, the
   64-bit shortest edge and bounding radius, the Newell reuse of a turned
   triangle, the big-endian stores of the JOM writer, and a conversion that
   fails at the polygon limit (its messages and counts unchanged while it
   skips the arrays of a model that is not written). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fixed_round.h"
#include "convert/geometry.h"
#include "core/bytes.h"
#include "retromesh/convert.h"
#include "retromesh/diag.h"

#include "convert/diag_check.h"
#include "convert/mesh_builder.h"

static uint64_t rng_state = 0x243F6A8885A308D3u;

static uint64_t rnd(void)
{
    /* xorshift64*: a fixed sequence, the same on every run */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

static double rnd_double_bits(void)
{
    uint64_t b = rnd();
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* ---- rm_fixed_round ---------------------------------------------------- */

/* The plain formula rm_fixed_from_double() had before it became the inline
   one: the oracle (round() is exact and rounds halves away from zero). */
static bool ref_fixed_from_double(double v, rm_fixed *out)
{
    if (!isfinite(v))
        return false;
    double scaled = round(v * 65536.0);
    if (scaled > 2147483647.0 || scaled < -2147483648.0)
        return false;
    *out = (rm_fixed)scaled;
    return true;
}

static void check_fixed(double v)
{
    rm_fixed a = 0x5A5A5A5A, b = 0x5A5A5A5A;
    bool ra = ref_fixed_from_double(v, &a);
    bool rb = rm_fixed_round(v, &b);
    if (ra != rb || a != b)
        fail_msg("%.17g: rm_fixed_from_double %d %ld, inline %d %ld", v, ra, (long)a, rb, (long)b);
}

static void fixed_rounding_matches_the_library(void **state)
{
    (void)state;
    const double edges[] = {
        0.0, -0.0, 1.0, -1.0, 0.5 / 65536, -0.5 / 65536, 1.5 / 65536, -1.5 / 65536,
        2.5 / 65536, -2.5 / 65536, nextafter(0.5 / 65536, 0.0), nextafter(0.5 / 65536, 1.0),
        nextafter(-0.5 / 65536, 0.0), nextafter(-0.5 / 65536, -1.0), 0.49999999999999994,
        RM_FIXED_MAX_DOUBLE, RM_FIXED_MIN_DOUBLE, 32767.99999, 32767.999992370605,
        32767.9999923706055, 32767.99999237060547, 32768.0, -32768.0, -32768.000007629395,
        -32768.0000076293945, -32768.00000762939453, nextafter(-32768.0, -40000.0),
        nextafter(32768.0, 0.0), 1e300, -1e300, 1e-300, INFINITY, -INFINITY, NAN, -NAN,
        4e15, -4e15, 0.1, -0.1, 12345.678, -12345.678, 1.0 / 3.0, 6.850479,
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        check_fixed(edges[i]);
    /* Halves of every kind near the range ends and near zero. */
    for (int64_t k = -4; k <= 4; k++) {
        check_fixed(((double)INT32_MAX + (double)k / 2.0) / 65536.0);
        check_fixed(((double)INT32_MIN + (double)k / 2.0) / 65536.0);
        check_fixed((double)k / 2.0 / 65536.0);
    }
    for (int i = 0; i < 200000; i++) {
        /* Values of the model's scale, of the whole range, and any bits. */
        double unit = (double)(int64_t)(rnd() >> 11) / 9007199254740992.0;
        check_fixed((unit - 0.5) * 20.0);
        check_fixed((unit - 0.5) * 70000.0);
        check_fixed((double)(int32_t)(uint32_t)rnd() / 65536.0 + ((rnd() & 1) ? 0.5 / 65536 : 0.0));
        check_fixed(rnd_double_bits());
    }
}

/* ---- rm_cv_period ------------------------------------------------------ */

/* The function it replaces: Knuth-Morris-Pratt's failure function. */
static size_t period_kmp(const rm_vec3x *p, size_t n)
{
    if (n < 2)
        return n;
    size_t *fail = malloc(n * sizeof *fail);
    assert_non_null(fail);
    fail[0] = 0;
    size_t k = 0;
    for (size_t i = 1; i < n; i++) {
        while (k > 0 && !rm_cv_vec3x_equal(p[i], p[k]))
            k = fail[k - 1];
        if (rm_cv_vec3x_equal(p[i], p[k]))
            k++;
        fail[i] = k;
    }
    size_t period = n - fail[n - 1];
    free(fail);
    return (period < n && n % period == 0) ? period : n;
}

static void period_matches_kmp(void **state)
{
    (void)state;
    enum { MAX = 2520 };
    rm_vec3x *p = malloc(MAX * sizeof *p);
    assert_non_null(p);
    for (int round = 0; round < 4000; round++) {
        size_t n = 1 + (size_t)(rnd() % (round < 3000 ? 40 : MAX));
        /* A block of b corners over an alphabet of a, repeated; sometimes
           one corner changed so that it only nearly repeats. */
        size_t b = 1 + (size_t)(rnd() % n);
        unsigned a = 1 + (unsigned)(rnd() % 4);
        for (size_t i = 0; i < n; i++) {
            if (i < b) {
                p[i].x = (rm_fixed)(rnd() % a);
                p[i].y = 0;
                p[i].z = (rm_fixed)(rnd() % 2);
            } else {
                p[i] = p[i - b];
            }
        }
        if (rnd() % 3 == 0)
            p[rnd() % n].y = 1;
        size_t want = period_kmp(p, n);
        size_t got = rm_cv_period(p, n);
        if (want != got)
            fail_msg("n %zu block %zu: KMP %zu, rm_cv_period %zu", n, b, want, got);
    }
    /* Highly composite lengths, exact repeats. */
    const size_t lens[] = { 2, 4, 6, 12, 36, 60, 360, 720, 2520 };
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++)
        for (size_t b = 1; b <= lens[li]; b++) {
            if (lens[li] % b)
                continue;
            for (size_t i = 0; i < lens[li]; i++) {
                p[i].x = (rm_fixed)(i % b == b - 1);
                p[i].y = (rm_fixed)(i % b);
                p[i].z = 0;
            }
            assert_int_equal(rm_cv_period(p, lens[li]), period_kmp(p, lens[li]));
        }
    free(p);
}

/* ---- the zero-area test, the Newell reuse ----------------------------- */

static bool zero_area_plain(const rm_vec3d *p, size_t n)
{
    rm_vec3d nw = rm_cv_newell(p, n);
    double len = rm_cv_len(nw);
    double per = 0.0;
    for (size_t i = 0; i < n; i++) {
        rm_vec3d d = rm_cv_sub(p[i], p[(i + 1) % n]);
        per += sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    }
    return !(len > RM_CV_ZERO_AREA_RATIO * per * per);
}

static void zero_area_matches_the_plain_test(void **state)
{
    (void)state;
    rm_vec3d p[8];
    for (int round = 0; round < 200000; round++) {
        size_t n = 3 + (size_t)(rnd() % 6);
        int kind = (int)(rnd() % 4);
        for (size_t i = 0; i < n; i++) {
            double t = (double)(int64_t)(rnd() % 2000001) - 1000000.0;
            if (kind == 0) {            /* any polygon */
                p[i].x = (double)(int32_t)(uint32_t)rnd();
                p[i].y = (double)(int32_t)(uint32_t)rnd();
                p[i].z = (double)(int32_t)(uint32_t)rnd();
            } else if (kind == 1) {     /* on a line */
                p[i].x = 3.0 * t;
                p[i].y = -7.0 * t;
                p[i].z = t;
            } else {                    /* a sliver: one corner a few units off a line */
                p[i].x = 3.0 * t + (double)(rnd() % (kind == 2 ? 2 : 50));
                p[i].y = -7.0 * t;
                p[i].z = t;
            }
        }
        bool want = zero_area_plain(p, n);
        assert_int_equal(rm_cv_is_zero_area_nw(p, n, rm_cv_newell(p, n)), want);
        assert_int_equal(rm_cv_is_zero_area(p, n), want);
    }
}

static void exact_triangles_turn_with_the_same_normal(void **state)
{
    (void)state;
    int exact = 0;
    for (int round = 0; round < 200000; round++) {
        rm_vec3x px[3];
        int32_t span = (round % 3 == 0) ? INT32_MAX : (round % 3 == 1 ? (1 << 26) : (1 << 20));
        for (int i = 0; i < 3; i++) {
            px[i].x = (rm_fixed)((int64_t)(rnd() % (uint64_t)span) - span / 2);
            px[i].y = (rm_fixed)((int64_t)(rnd() % (uint64_t)span) - span / 2);
            px[i].z = (rm_fixed)((int64_t)(rnd() % (uint64_t)span) - span / 2);
        }
        if (!rm_cv_newell_exact3(px))
            continue;
        exact++;
        rm_vec3d p[3];
        for (int i = 0; i < 3; i++)
            p[i] = rm_cv_raw(px[i]);
        rm_vec3d nw = rm_cv_newell(p, 3);
        rm_vec3x n0 = rm_cv_outward_of_newell(nw);
        for (unsigned k = 1; k < 3; k++) {
            rm_vec3d q[3] = { p[k], p[(k + 1) % 3], p[(k + 2) % 3] };
            rm_vec3d nk = rm_cv_newell(q, 3);
            assert_memory_equal(&nk, &nw, sizeof nw);
            rm_vec3x nx = rm_cv_outward_normal(q, 3);
            assert_memory_equal(&nx, &n0, sizeof n0);
        }
    }
    assert_true(exact > 100000);
    /* The bound itself: 2^26 - 1 apart is exact, 2^26 is not claimed. */
    rm_vec3x a[3] = { { 0, 0, 0 }, { (1 << 26) - 1, 0, 0 }, { 0, (1 << 26) - 1, 5 } };
    assert_true(rm_cv_newell_exact3(a));
    a[1].x = 1 << 26;
    assert_false(rm_cv_newell_exact3(a));
    a[1].x = 0;
    a[2].z = -(1 << 26);
    assert_false(rm_cv_newell_exact3(a));
}

/* ---- shortest edge, radius: 64 bits against the 128-bit sums ----------- */

static unsigned shortest_plain(const rm_vec3x p[3])
{
    unsigned best = 0;
    rm_cv_u128 best_len = rm_cv_dist2(p[0], p[1]);
    for (unsigned k = 1; k < 3; k++) {
        rm_cv_u128 len = rm_cv_dist2(p[k], p[(k + 1) % 3]);
        if (rm_cv_u128_cmp(len, best_len) < 0) {
            best = k;
            best_len = len;
        }
    }
    return best;
}

static rm_fixed coord(int kind)
{
    switch (kind) {
    case 0: return (rm_fixed)(int32_t)(uint32_t)rnd();             /* the whole range */
    case 1: return (rm_fixed)((int64_t)(rnd() % 7) - 3);            /* ties */
    default: return (rm_fixed)((int64_t)(rnd() % 2000001) - 1000000);
    }
}

static void shortest_edge_and_radius_match_the_wide_sums(void **state)
{
    (void)state;
    for (int round = 0; round < 300000; round++) {
        int kind = round % 3;
        rm_vec3x p[3];
        for (int i = 0; i < 3; i++) {
            p[i].x = coord(kind);
            p[i].y = coord(kind);
            p[i].z = coord(kind);
        }
        assert_int_equal(rm_cv_shortest_edge(p), shortest_plain(p));
    }
    enum { N = 500 };
    rm_vec3x *pts = malloc(N * sizeof *pts);
    assert_non_null(pts);
    for (int round = 0; round < 300; round++) {
        int kind = round % 3;
        for (int i = 0; i < N; i++) {
            pts[i].x = coord(kind);
            pts[i].y = coord(kind);
            pts[i].z = coord(kind);
        }
        rm_vec3x c = { coord(kind), coord(kind), coord(kind) };
        rm_cv_u128 far = { 0, 0 };
        for (int i = 0; i < N; i++) {
            rm_cv_u128 d = rm_cv_dist2(pts[i], c);
            if (rm_cv_u128_cmp(d, far) > 0)
                far = d;
        }
        int64_t r = rm_cv_radius_around(pts, N, c);
        /* The smallest r with r^2 >= far. */
        assert_true(rm_cv_u128_cmp(rm_cv_square((uint64_t)r), far) >= 0);
        assert_true(r == 0 || rm_cv_u128_cmp(rm_cv_square((uint64_t)r - 1), far) < 0);
    }
    free(pts);
}

/* ---- the writer's stores ---------------------------------------------- */

static void stores_are_big_endian_and_advance(void **state)
{
    (void)state;
    uint8_t buf[32];
    memset(buf, 0xEE, sizeof buf);
    uint8_t *p = buf;
    p = rm_store_be16(p, 0x1234);
    p = rm_store_be32(p, 0x89ABCDEFu);
    p = rm_store_i16(p, -2);
    p = rm_store_i32(p, -1);
    p = rm_store_i32(p, INT32_MIN);
    p = rm_store_i16(p, INT16_MIN);
    p = rm_store_bytes(p, "AB", 2);
    p = rm_store_bytes(p, NULL, 0);
    p = rm_store_zeros(p, 3);
    p = rm_store_zeros(p, 0);
    const uint8_t want[] = { 0x12, 0x34, 0x89, 0xAB, 0xCD, 0xEF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFF,
                             0xFF, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 'A', 'B', 0, 0, 0 };
    assert_int_equal(p - buf, sizeof want);
    assert_memory_equal(buf, want, sizeof want);
    assert_int_equal(buf[sizeof want], 0xEE);
    /* The same bytes as the writer's calls. */
    rm_writer w;
    rm_writer_init(&w);
    rm_write_u16(&w, 0x1234);
    rm_write_u32(&w, 0x89ABCDEFu);
    rm_write_i16(&w, -2);
    rm_write_i32(&w, -1);
    rm_write_i32(&w, INT32_MIN);
    rm_write_i16(&w, INT16_MIN);
    rm_write_bytes(&w, "AB", 2);
    rm_write_zeros(&w, 3);
    assert_false(w.failed);
    assert_int_equal(w.size, sizeof want);
    assert_memory_equal(w.data, want, sizeof want);
    rm_writer_free(&w);
}

/* ---- failing at the polygon limit -------------------------------------- */

/* A mesh of triangles over the given positions, each corner with the
   normal of the same number (built in one go: 80,000 faces). */
static void triangles_mesh(rm_mesh *m, size_t np, const uint32_t (*tri)[3], size_t nt)
{
    mb_init(m, "many.obj");
    m->position_count = np;
    m->positions = mb_grow(NULL, np, sizeof *m->positions);
    m->normal_count = np;
    m->normals = mb_grow(NULL, np, sizeof *m->normals);
    m->face_count = nt;
    m->face_start = mb_grow(m->face_start, nt + 1, sizeof *m->face_start);
    m->face_line = mb_grow(NULL, nt, sizeof *m->face_line);
    m->corner_position = mb_grow(NULL, 3 * nt, sizeof *m->corner_position);
    m->corner_normal = mb_grow(NULL, 3 * nt, sizeof *m->corner_normal);
    for (size_t f = 0; f < nt; f++) {
        m->face_start[f] = (uint32_t)(3 * f);
        m->face_line[f] = (unsigned long)(np + 1 + f);
        for (size_t k = 0; k < 3; k++) {
            m->corner_position[3 * f + k] = tri[f][k];
            m->corner_normal[3 * f + k] = (int32_t)tri[f][k];
        }
    }
    m->face_start[nt] = (uint32_t)(3 * nt);
}

/* A w x h grid of positions cut into 2 (w - 1)(h - 1) triangles. */
static void grid(rm_mesh *m, uint32_t w, uint32_t h)
{
    size_t nt = 2 * (size_t)(w - 1) * (h - 1);
    uint32_t (*tri)[3] = malloc(nt * sizeof *tri);
    assert_non_null(tri);
    size_t t = 0;
    for (uint32_t y = 0; y + 1 < h; y++)
        for (uint32_t x = 0; x + 1 < w; x++) {
            uint32_t a = y * w + x, b = a + 1, c = a + w, d = c + 1;
            tri[t][0] = a, tri[t][1] = b, tri[t][2] = d, t++;
            tri[t][0] = a, tri[t][1] = d, tri[t][2] = c, t++;
        }
    triangles_mesh(m, (size_t)w * h, (const uint32_t (*)[3])tri, nt);
    free(tri);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            rm_vec3d *p = &m->positions[y * w + x], *n = &m->normals[y * w + x];
            p->x = x * 0.01;
            p->y = y * 0.01;
            p->z = 0.0;
            n->x = 0.0;
            n->y = 0.0;
            n->z = 1.0;
        }
}

static void over_the_polygon_limit_fails_with_the_same_messages(void **state)
{
    (void)state;
    rm_mesh m;
    /* 200 x 200 positions, 79,202 triangles. */
    grid(&m, 200, 200);
    m.normals[20000].x = NAN;
    rm_convert_options opt;
    rm_convert_options_default(&opt);
    opt.keep_triangles = true;
    rm_diag d;
    rm_diag_init(&d);
    rm_jom_model jom;
    assert_int_equal(rm_convert_mesh_to_jom(&m, &opt, &jom, &d), RM_INVALID);
    /* The messages of the steps after the polygons are still given. */
    assert_true(has_sub(&d, "normal 20001 (vn) is not a finite vector"));
    assert_true(has_sub(&d, "the model has 79202 polygons after cutting, 13667 more than the 65535"));
    assert_false(has_sub(&d, "points"));
    assert_false(has_sub(&d, " normals, "));
    assert_int_equal(jom.polygon_count, 0);
    rm_diag_free(&d);

    /* The first 65,535 of them fit: converted, every array there. */
    m.face_count = 65535;
    rm_diag_init(&d);
    assert_int_equal(rm_convert_mesh_to_jom(&m, &opt, &jom, &d), RM_OK);
    assert_int_equal(jom.polygon_count, 65535);
    assert_true(jom.point_count > 30000);
    assert_true(jom.has_normals);
    rm_jom_free(&jom);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static void over_every_limit_still_counts_points_and_normals(void **state)
{
    (void)state;
    /* A strip: 80,000 triangles over 80,002 positions, each with its own
       normal direction. */
    size_t quads = 40000, np = 2 * (quads + 1);
    uint32_t (*tri)[3] = malloc(2 * quads * sizeof *tri);
    assert_non_null(tri);
    for (uint32_t i = 0; i < quads; i++) {
        uint32_t a = 2 * i, b = a + 1, c = a + 2, e = a + 3;
        tri[2 * i][0] = a, tri[2 * i][1] = c, tri[2 * i][2] = e;
        tri[2 * i + 1][0] = a, tri[2 * i + 1][1] = e, tri[2 * i + 1][2] = b;
    }
    rm_mesh m;
    triangles_mesh(&m, np, (const uint32_t (*)[3])tri, 2 * quads);
    free(tri);
    for (size_t i = 0; i < np; i++) {
        double t = (double)i / (double)np * 6.283185307179586;
        m.positions[i].x = (double)(i / 2) * 0.01;
        m.positions[i].y = (double)(i % 2);
        m.positions[i].z = 0.0;
        m.normals[i].x = cos(t);
        m.normals[i].y = sin(t);
        m.normals[i].z = 0.0;
    }
    rm_convert_options opt;
    rm_convert_options_default(&opt);
    opt.keep_triangles = true;
    rm_diag d;
    rm_diag_init(&d);
    rm_jom_model jom;
    assert_int_equal(rm_convert_mesh_to_jom(&m, &opt, &jom, &d), RM_INVALID);
    assert_true(has_sub(&d, "the model has 80000 polygons after cutting, 14465 more"));
    assert_true(has_sub(&d, "the model has 80002 points after welding, 14467 more"));
    assert_true(has_sub(&d, " normals, "));
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_rounding_matches_the_library),
        cmocka_unit_test(period_matches_kmp),
        cmocka_unit_test(zero_area_matches_the_plain_test),
        cmocka_unit_test(exact_triangles_turn_with_the_same_normal),
        cmocka_unit_test(shortest_edge_and_radius_match_the_wide_sums),
        cmocka_unit_test(stores_are_big_endian_and_advance),
        cmocka_unit_test(over_the_polygon_limit_fails_with_the_same_messages),
        cmocka_unit_test(over_every_limit_still_counts_points_and_normals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
