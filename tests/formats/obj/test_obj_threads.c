/* The threaded OBJ parse (rm_obj_options.threads): generated texts with
   everything that crosses a chunk boundary (relative indexes, groups and
   materials in force, colors that start late, continuation lines, CRLF,
   comments ending with a backslash, warnings, errors in later chunks) are
   parsed with 1, 2, 3 and 8 threads; every array of the mesh and every
   message must be the same as with one thread. Also checks that chunks are
   really appended from the workers (not all read again), and that
   text_is_mapped on a real file mapping changes nothing. */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "retromesh/obj.h"
#include "formats/obj/obj_internal.h"

static uint64_t rng;
static uint64_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 2685821657736338717ull;
}
static unsigned rn(unsigned n)
{
    return (unsigned)(rnd() % n);
}

typedef struct buf {
    char *s;
    size_t n, cap;
} buf;

static void put(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        assert_true(k >= 0);
        if ((size_t)k < b->cap - b->n) {
            b->n += (size_t)k;
            return;
        }
        b->cap = b->cap * 2 + (size_t)k + 64;
        b->s = realloc(b->s, b->cap);
        assert_non_null(b->s);
    }
}

/* What the generator puts in. */
typedef struct gen_opt {
    int crlf;           /* 0 LF, 1 CRLF, 2 mixed */
    int warnings;       /* short faces, bad uv indexes, empty usemtl */
    int error_at;       /* 0: none; else an error after that many lines */
    int lines;
} gen_opt;

static void eol(buf *b, const gen_opt *o)
{
    put(b, "%s", o->crlf == 1 || (o->crlf == 2 && rn(2)) ? "\r\n" : "\n");
}

static void gen(buf *b, const gen_opt *o)
{
    static const char *groups[] = { "body", "wheel", "An f Three", "default", "x" };
    static const char *mats[] = { "red", "blue", "m0", "stone wall" };
    size_t nv = 0, nt = 0, nn = 0;
    b->n = 0;
    put(b, "# generated");
    eol(b, o);
    for (int line = 0; line < o->lines; line++) {
        if (o->error_at && line == o->error_at) {
            switch (rn(4)) {
            case 0: put(b, "f 0 1 2"); break;
            case 1: put(b, "v 1 2 3..5"); break;
            case 2: put(b, "f 1 2 %zu", nv + 5); break;
            default: put(b, "vn 1 2"); break;
            }
            eol(b, o);
            continue;
        }
        unsigned r = rn(100);
        if (r < 25 || nv < 3) {
            if (nv > 50 && rn(8) == 0)
                put(b, "v %d.%03u %u.5 -%u 0.%u 0.5 1", (int)rn(200) - 100, rn(1000), rn(9), rn(7),
                    rn(99));
            else if (rn(20) == 0)
                put(b, "v 1e%d 123456789012345678901 -0.0000001", (int)rn(40) - 20);
            else
                put(b, "v %d.%06u %d.%06u %d.%u", (int)rn(3) - 1, rn(1000000), (int)rn(3) - 1,
                    rn(1000000), (int)rn(9), rn(10));
            nv++;
        } else if (r < 35) {
            put(b, "vt %u.%u %u.%u", rn(2), rn(1000), rn(2), rn(1000));
            nt++;
        } else if (r < 43) {
            put(b, "vn %u %u.5 -%u", rn(2), rn(2), rn(2));
            nn++;
        } else if (r < 80) {
            unsigned corners = 3 + (rn(6) == 0 ? rn(4) : 0);
            if (o->warnings && rn(60) == 0)
                corners = 1 + rn(2);
            put(b, "f");
            for (unsigned c = 0; c < corners; c++) {
                /* Relative indexes reach back up to 40 elements, often
                   past a chunk start. */
                size_t v = 1 + rn((unsigned)nv);
                if (rn(3) == 0 && nv > 0)
                    put(b, " -%u", 1 + rn(nv < 40 ? (unsigned)nv : 40u));
                else
                    put(b, " %zu", v);
                unsigned form = rn(4);
                if (form == 1 || form == 3) {
                    if (nt && rn(4))
                        put(b, rn(2) ? "/%u" : "/-%u", 1 + rn((unsigned)nt));
                    else if (o->warnings && rn(20) == 0)
                        put(b, "/%zu", nt + 3);     /* out of range: a warning */
                    else
                        put(b, "/");
                }
                if (form == 2 || form == 3) {
                    put(b, form == 2 ? "/" : "");
                    if (nn)
                        put(b, "/%u", 1 + rn((unsigned)nn));
                    else
                        put(b, "/");
                }
                if (c + 1 < corners && rn(30) == 0) {
                    put(b, " \\");      /* a continuation line */
                    eol(b, o);
                }
            }
        } else if (r < 86) {
            if (rn(3) == 0)
                put(b, "%s", rn(2) ? "g" : "o");
            else
                put(b, "%s %s", rn(2) ? "g" : "o", groups[rn(5)]);
        } else if (r < 92) {
            if (o->warnings && rn(10) == 0)
                put(b, "usemtl");
            else
                put(b, "usemtl %s", mats[rn(4)]);
        } else if (r < 93) {
            put(b, "mtllib lib%u.mtl", rn(3));
        } else if (r < 96) {
            put(b, "# comment %s", rn(2) ? "\\" : "x");
        } else if (r < 98) {
            put(b, "s %u", rn(2));
        } else {
            put(b, "%s", rn(2) ? "" : "  \t");
        }
        eol(b, o);
    }
    if (rn(2))
        put(b, "f 1 2 3");  /* no final newline: a tail region */
}

static void same_array(const void *a, const void *b, size_t bytes, const char *what)
{
    if ((a == NULL) != (b == NULL))
        fail_msg("%s: one is NULL", what);
    if (a && bytes && memcmp(a, b, bytes) != 0)
        fail_msg("%s differs", what);
}

static void same_mesh(const rm_mesh *a, const rm_mesh *b)
{
    assert_int_equal(a->position_count, b->position_count);
    assert_int_equal(a->uv_count, b->uv_count);
    assert_int_equal(a->normal_count, b->normal_count);
    assert_int_equal(a->face_count, b->face_count);
    assert_int_equal(a->group_count, b->group_count);
    assert_int_equal(a->material_count, b->material_count);
    assert_int_equal(a->library_count, b->library_count);
    size_t np = a->position_count, nf = a->face_count, nc = rm_mesh_corner_count(a);
    assert_int_equal(nc, rm_mesh_corner_count(b));
    same_array(a->positions, b->positions, np * sizeof *a->positions, "positions");
    same_array(a->colors, b->colors, np * sizeof *a->colors, "colors");
    same_array(a->has_color, b->has_color, np * sizeof *a->has_color, "has_color");
    same_array(a->position_line, b->position_line, np * sizeof *a->position_line, "position_line");
    same_array(a->uvs, b->uvs, a->uv_count * sizeof *a->uvs, "uvs");
    same_array(a->normals, b->normals, a->normal_count * sizeof *a->normals, "normals");
    same_array(a->face_start, b->face_start, (nf + 1) * sizeof *a->face_start, "face_start");
    same_array(a->corner_position, b->corner_position, nc * sizeof *a->corner_position,
               "corner_position");
    same_array(a->corner_uv, b->corner_uv, nc * sizeof *a->corner_uv, "corner_uv");
    same_array(a->corner_normal, b->corner_normal, nc * sizeof *a->corner_normal, "corner_normal");
    same_array(a->face_material, b->face_material, nf * sizeof *a->face_material, "face_material");
    same_array(a->face_group, b->face_group, nf * sizeof *a->face_group, "face_group");
    same_array(a->face_line, b->face_line, nf * sizeof *a->face_line, "face_line");
    same_array(a->face_column, b->face_column, nf * sizeof *a->face_column, "face_column");
    for (size_t i = 0; i < a->group_count; i++) {
        assert_string_equal(a->groups[i].name, b->groups[i].name);
        assert_int_equal(a->groups[i].line, b->groups[i].line);
    }
    for (size_t i = 0; i < a->material_count; i++) {
        assert_string_equal(a->materials[i].name, b->materials[i].name);
        assert_memory_equal(&a->materials[i].kd, &b->materials[i].kd, sizeof a->materials[i].kd);
        assert_int_equal(a->materials[i].defined, b->materials[i].defined);
    }
    for (size_t i = 0; i < a->library_count; i++)
        assert_string_equal(a->libraries[i], b->libraries[i]);
    assert_string_equal(a->source, b->source);
}

static void same_diag(const rm_diag *a, const rm_diag *b)
{
    assert_int_equal(a->count, b->count);
    assert_int_equal(a->errors, b->errors);
    assert_int_equal(a->warnings, b->warnings);
    assert_int_equal(a->dropped, b->dropped);
    for (size_t i = 0; i < a->count; i++) {
        assert_int_equal(a->items[i].severity, b->items[i].severity);
        assert_string_equal(a->items[i].text, b->items[i].text);
    }
}

/* Parses with threads 1 (the reference), 2, 3 and 8 and compares. */
static void check_threads(const char *text, size_t size, bool keep_lines, bool load_materials)
{
    static const unsigned counts[] = { 2, 3, 8 };
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    opt.load_materials = load_materials;
    opt.keep_lines = keep_lines;
    opt.threads = 1;
    rm_mesh ref;
    rm_diag dref;
    rm_diag_init(&dref);
    rm_status sref = rm_obj_parse(text, size, "t.obj", &opt, &ref, &dref);
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
        opt.threads = counts[k];
        rm_mesh m;
        rm_diag d;
        rm_diag_init(&d);
        rm_status st = rm_obj_parse(text, size, "t.obj", &opt, &m, &d);
        assert_int_equal(st, sref);
        same_diag(&dref, &d);
        if (st == RM_OK) {
            same_mesh(&ref, &m);
            rm_mesh_free(&m);
        }
        rm_diag_free(&d);
    }
    if (sref == RM_OK)
        rm_mesh_free(&ref);
    rm_diag_free(&dref);
}

static void generated(void **state)
{
    (void)state;
    buf b = { NULL, 0, 0 };
    size_t before = rm_obj_chunks_appended();
    for (int i = 0; i < 120; i++) {
        rng = 0x9E3779B97F4A7C15ull + (uint64_t)i * 7919u;
        gen_opt o = { i % 3, i % 4 == 1, 0, 200 + (int)rn(3000) };
        if (i % 5 == 2)
            o.error_at = 1 + (int)rn((unsigned)o.lines);   /* often in a later chunk */
        gen(&b, &o);
        check_threads(b.s, b.n, i % 2 == 0, false);
    }
    /* The workers' chunks were used, not only read again. */
    assert_true(rm_obj_chunks_appended() > before + 100);
    free(b.s);
}

/* Hand-made cut points: a continuation right where a cut would go, a
   comment ending in `\`, CRLF after a `\`, a lone CR, UTF-16, a BOM. */
static void boundaries(void **state)
{
    (void)state;
    buf b = { NULL, 0, 0 };
    const char *pieces[] = {
        "v 0 0 0\nv 1 0 0\nv 0 1 0\n",
        "f 1 2 \\\n3\n",
        "f 1 2 \\\r\n3\r\n",
        "f -1 -2 \\\r\r\n-3\n",
        "# a comment \\\nf 1 2 3\n",
        "g a \\\n b\nf 1 2 3\n",
        "usemtl m\\\n1\nf -3 -2 -1\n",
        "v 1 1 1\rv 2 2 2\rf 1 2 3\r",
        "f 1/1 2 3\n",
        "vt 0 0\nf 1/-1 2/1 3/1\n",
        "o \n",
        "f 1 2\n",
    };
    for (int rep = 0; rep < 40; rep++) {
        b.n = 0;
        rng = (uint64_t)rep + 1;
        for (int i = 0; i < 60; i++)
            put(&b, "%s", pieces[i < 1 ? 0 : rn(sizeof pieces / sizeof pieces[0])]);
        check_threads(b.s, b.n, true, false);
    }
    /* An error in the last chunk, after warnings in the first: the same
       warnings, then the error, and nothing after it. */
    b.n = 0;
    put(&b, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n");
    for (int i = 0; i < 2000; i++)
        put(&b, "f 1 2 3\n");
    put(&b, "f 1 2 9\nf 0 1 2\n");
    check_threads(b.s, b.n, true, false);
    /* UTF-16 (transcoded first) and a UTF-8 BOM. */
    static const char u16[] = "\xFF\xFEv\0 \0001\0 \0002\0 \0003\0\n\0v\0 \0001\0 \0002\0 \0003\0\n\0"
                              "v\0 \0001\0 \0002\0 \0003\0\n\0f\0 \0001\0 \0002\0 \0003\0\n\0";
    check_threads(u16, sizeof u16 - 1, true, false);
    b.n = 0;
    put(&b, "\xEF\xBB\xBF");
    for (int i = 0; i < 300; i++)
        put(&b, "v %d 0 0\nf -1 -1 -1\n", i);
    check_threads(b.s, b.n, true, false);
    /* More than 20 of each repeated warning, spread over the chunks: the
       counted last lines must be the same. */
    b.n = 0;
    put(&b, "v 0 0 0\nv 1 0 0\nv 0 1 0\n");
    for (int i = 0; i < 300; i++)
        put(&b, "f 1 2\nusemtl\nf 1/7 2 3\n");
    check_threads(b.s, b.n, false, false);
    free(b.s);
}

/* The options default and the automatic choice: threads = 0 on a small text
   is one thread; explicit counts past the number of lines are fine. */
static void counts(void **state)
{
    (void)state;
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    assert_int_equal(opt.threads, 0);
    assert_false(opt.text_is_mapped);
    const char *t = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    opt.load_materials = false;
    for (unsigned n = 0; n < 70; n += 7) {
        opt.threads = n;
        rm_mesh m;
        rm_diag d;
        rm_diag_init(&d);
        assert_int_equal(rm_obj_parse(t, strlen(t), "t.obj", &opt, &m, &d), RM_OK);
        assert_int_equal(m.face_count, 1);
        assert_int_equal(m.corner_position[2], 2);
        rm_mesh_free(&m);
        rm_diag_free(&d);
    }
}

/* text_is_mapped on a real read-only file mapping (with pages dropped every
   1 MB, so a text of some MB): the same mesh as from the heap. */
static void mapped(void **state)
{
    (void)state;
    buf b = { NULL, 0, 0 };
    rng = 42;
    gen_opt o = { 0, 0, 0, 0 };
    b.n = 0;
    for (int i = 0; i < 150000; i++)
        put(&b, "v %u.%06u 0.5 -1\nvt 0.%u 1\nf -1/-1 %d/%d -1/1\n", rn(9), rn(1000000), rn(1000),
            i + 1, i + 1);
    (void)o;
    char path[] = "/tmp/test_obj_threads_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, b.s, b.n), (ssize_t)b.n);
    void *map = mmap(NULL, b.n, PROT_READ, MAP_PRIVATE, fd, 0);
    assert_true(map != MAP_FAILED);
    for (unsigned threads = 1; threads <= 3; threads++) {
        rm_obj_options opt;
        rm_obj_options_default(&opt);
        opt.load_materials = false;
        opt.threads = threads;
        rm_mesh ref, m;
        rm_diag d1, d2;
        rm_diag_init(&d1);
        rm_diag_init(&d2);
        assert_int_equal(rm_obj_parse(b.s, b.n, "t.obj", &opt, &ref, &d1), RM_OK);
        opt.text_is_mapped = true;
        assert_int_equal(rm_obj_parse(map, b.n, "t.obj", &opt, &m, &d2), RM_OK);
        same_mesh(&ref, &m);
        same_diag(&d1, &d2);
        /* The mapping still reads as the file (pages come back). */
        assert_memory_equal(map, b.s, b.n);
        rm_mesh_free(&ref);
        rm_mesh_free(&m);
        rm_diag_free(&d1);
        rm_diag_free(&d2);
    }
    munmap(map, b.n);
    close(fd);
    unlink(path);
    free(b.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generated),
        cmocka_unit_test(boundaries),
        cmocka_unit_test(counts),
        cmocka_unit_test(mapped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
