/* fuzz/fuzz_jol.c - libFuzzer target for the level reader (.JOL).

   Any bytes: rm_level_open must return without a crash, a leak or undefined
   behaviour, and refuse with a reason. When it accepts them, every reader
   call (values, native records, strings), dump (text, JSON) and check must
   run cleanly. When check passes, dump --json must build again, and a
   second build from the rebuilt file's dump must give the same bytes (a
   fixed point): a failure there is a bug, reported by abort(). Seeds:
   fuzz/corpus/jol. */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/level.h"

static FILE *null_file(void)
{
    static FILE *f;
    if (!f)
        f = fopen("/dev/null", "w");
    if (!f)
        abort();
    return f;
}

static char *dump_json(const rm_level *lv, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        abort();
    rm_level_dump_json(lv, f);
    fclose(f);
    return buf;
}

/* dump --json of these bytes, built again; NULL when build refuses. */
static uint8_t *rebuild(const uint8_t *data, size_t size, size_t *out_size)
{
    rm_level lv;
    if (rm_level_open(&lv, data, size, "fuzz.jol", NULL) != RM_OK)
        abort();    /* only called on files that opened */
    size_t len;
    char *json = dump_json(&lv, &len);
    rm_level_close(&lv);
    uint8_t *out = NULL;
    rm_diag d;
    rm_diag_init(&d);
    d.limit = 8;
    rm_status st = rm_level_build_json(json, len, "dump.json", &out, out_size, &d);
    rm_diag_free(&d);
    free(json);
    return st == RM_OK ? out : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 64;
    rm_level lv;
    rm_status st = rm_level_open(&lv, data, size, "fuzz.jol", &diag);
    if (st != RM_OK) {
        if (diag.errors == 0 || lv.sections)
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    static uint8_t rec[256];
    for (uint32_t i = 0; i < lv.section_count; i++) {
        const rm_level_section *s = &lv.sections[i];
        if (!s->known)
            continue;
        rm_level_get_header(&lv, s->id, rec, sizeof rec);
        for (uint32_t r = 0; r < s->record_count && r < 64; r++)
            rm_level_get_records(&lv, s->id, r, 1, rec, sizeof rec);
    }
    for (uint32_t off = 0; off < 64; off++)
        (void)rm_level_string(&lv, off);
    rm_level_dump_text(&lv, null_file(), 1);
    rm_level_dump_json(&lv, null_file());
    bool valid = rm_level_check(&lv, &diag) == RM_OK;
    rm_level_close(&lv);
    rm_diag_free(&diag);
    if (valid) {
        size_t a_size = 0, b_size = 0;
        uint8_t *a = rebuild(data, size, &a_size);
        if (!a)
            abort();    /* a valid level whose dump does not build */
        rm_level back;
        if (rm_level_open(&back, a, a_size, "a.jol", NULL) != RM_OK)
            abort();
        rm_level_close(&back);
        uint8_t *b = rebuild(a, a_size, &b_size);
        if (!b || a_size != b_size || memcmp(a, b, a_size))
            abort();    /* build(dump(x)) is not a fixed point */
        free(a);
        free(b);
    }
    return 0;
}
