/* src/formats/jol/check.c - every rule and reference of the level format
   (retromesh level check). rm_level_open() has already checked the header
   and the directory; this walks every field the schema describes.

   Each problem is one message: "FILE: section ID at 0xOFFSET: record R
   field NAME: what is wrong", where OFFSET is the place of the field in the
   file (where a hex editor should look). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/cnum.h"
#include "jol_internal.h"

typedef struct chk {
    const rm_level *lv;
    rm_diag *diag;
    size_t errors;
} chk;

static void problem(chk *c, const rm_level_section *s, size_t record, const char *field,
                    unsigned long at, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void problem(chk *c, const rm_level_section *s, size_t record, const char *field,
                    unsigned long at, const char *fmt, ...)
{
    char msg[700], where[120];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (record == RM_LEVEL_HEADER)
        snprintf(where, sizeof where, "header field %s", field);
    else if (field)
        snprintf(where, sizeof where, "record %zu field %s", record, field);
    else
        snprintf(where, sizeof where, "record %zu", record);
    rm_diag_chunk(c->diag, RM_ERROR, c->lv->file, "section", s->id, at, "%s: %s", where, msg);
    c->errors++;
}

static uint32_t count_of(const rm_level *lv, const char *id)
{
    const rm_level_section *s = rm_level_find_section(lv, id);
    return s ? s->record_count : 0;
}

static const char *file_kind(const char *ext)
{
    if (!strcmp(ext, "JOM")) return "an 8.3 uppercase .JOM file name";
    if (!strcmp(ext, "PCM")) return "an 8.3 uppercase .PCM file name";
    if (!strcmp(ext, "JOL")) return "an 8.3 uppercase .JOL file name";
    return "an uppercase base name of 1 to 7 characters (NAME: NAME1.BIN...)";
}

static void check_value(chk *c, const rm_level_section *s, size_t record, const rm_jol_field *f,
                        const uint8_t *base, uint32_t avail, uint32_t off, unsigned elem,
                        const uint8_t *rec_base, uint32_t rec_avail, const rm_jol_field *all,
                        size_t nf, const rm_jol_layout *lay)
{
    const rm_level *lv = c->lv;
    int64_t v = rm_jol_decode(base, avail, f, off, elem);
    unsigned long at = (unsigned long)(s->offset + (size_t)(base - s->data) + off +
                                       elem * rm_jol_type_size(f->type));
    if (f->type == RM_JOL_STRING && v != RM_JOL_NO_STRING) {
        const rm_level_section *strs = rm_level_find_section(lv, "STRS");
        const char *str = rm_level_string(lv, (uint32_t)v);
        if (!strs || v >= strs->size)
            problem(c, s, record, f->name, at, "string offset %" PRId64 " is outside STRS (%lu bytes)", v,
                    strs ? (unsigned long)strs->size : 0ul);
        else if (!str)
            problem(c, s, record, f->name, at, "string at %" PRId64 " has no terminating zero", v);
        else if (f->file_ext && !rm_jol_file_name_ok(str, f->file_ext))
            problem(c, s, record, f->name, at, "\"%s\" is not %s", str, file_kind(f->file_ext));
    }
    if (f->type == RM_JOL_INDEX && v != RM_JOL_NO_INDEX && v >= count_of(lv, f->target))
        problem(c, s, record, f->name, at, "index %" PRId64 " is not a record of %s (%lu records) nor 0xFFFF",
                v, f->target, (unsigned long)count_of(lv, f->target));
    if (f->range_count) {
        int ic = rm_jol_field_index(all, nf, f->range_count);
        int64_t n = ic < 0 ? 0 : rm_jol_decode(rec_base, rec_avail, &all[ic], lay->offset[ic], 0);
        if (n && v + n > count_of(lv, f->target))
            problem(c, s, record, f->name, at, "%s %" PRId64 " + %s %" PRId64 " is past the %lu records of %s",
                    f->name, v, f->range_count, n, (unsigned long)count_of(lv, f->target), f->target);
    }
    const rm_jol_enum *e = rm_jol_find_enum(f->enumeration);
    if (e) {
        int64_t known = 0;
        bool found = false;
        for (size_t k = 0; k < e->count; k++) {
            known |= e->values[k].value;
            found |= e->values[k].value == v;
        }
        if (e->flags ? (v & ~known) != 0 : !found)
            problem(c, s, record, f->name, at, "%" PRId64 " is not %s of %s", v,
                    e->flags ? "a combination of the flags" : "a value", e->name);
    }
}

static void check_fields(chk *c, const rm_level_section *s, size_t record, const rm_jol_field *f,
                         size_t nf)
{
    rm_jol_layout lay;
    rm_jol_compute_layout(f, nf, &lay);
    uint32_t avail;
    const uint8_t *base = rm_jol_base(s, record, &avail);
    for (size_t i = 0; i < nf; i++)
        for (unsigned e = 0; e < f[i].count; e++)
            check_value(c, s, record, &f[i], base, avail, lay.offset[i], e, base, avail, f, nf, &lay);
}

static int64_t get(const rm_level *lv, const rm_level_section *s, size_t r, const char *field)
{
    int64_t v = 0;
    rm_level_get_value(lv, s, r, field, 0, &v);
    return v;
}

static unsigned long field_at(const rm_level_section *s, size_t r, const char *field)
{
    const rm_jol_section *sc = rm_jol_find(s->id);
    rm_jol_layout lay;
    rm_jol_compute_layout(sc->records, sc->record_count, &lay);
    int i = rm_jol_field_index(sc->records, sc->record_count, field);
    return (unsigned long)(s->offset + s->header_size + r * s->record_size + (i < 0 ? 0 : lay.offset[i]));
}

/* The property a class of the engine declares, NULL when it does not (a
   class of the game, or a property of the game). */
static const rm_jol_prop *declared(const char *cls, const char *key)
{
    const rm_jol_class *k = rm_jol_find_class(cls);
    for (int pass = 0; pass < 2; pass++) {
        const rm_jol_class *cl = pass ? k : &rm_jol_classes[0];
        for (size_t p = 0; cl && p < cl->prop_count; p++)
            if (!strcmp(cl->props[p].name, key))
                return &cl->props[p];
    }
    return NULL;
}

static void check_entities(chk *c, const rm_level_section *s)
{
    const rm_level *lv = c->lv;
    const rm_level_section *prop = rm_level_find_section(lv, "PROP");
    for (uint32_t r = 0; r < s->record_count; r++) {
        const char *name = rm_level_string(lv, (uint32_t)get(lv, s, r, "name"));
        if (!name || !*name) {
            problem(c, s, r, "name", field_at(s, r, "name"), "an entity needs a name");
        } else {
            for (uint32_t q = 0; q < r; q++) {
                const char *other = rm_level_string(lv, (uint32_t)get(lv, s, q, "name"));
                if (other && !strcmp(other, name)) {
                    problem(c, s, r, "name", field_at(s, r, "name"), "name \"%s\" is the name of entity %lu too",
                            name, (unsigned long)q);
                    break;
                }
            }
        }
        const char *cls = rm_level_string(lv, (uint32_t)get(lv, s, r, "cls"));
        int64_t first = get(lv, s, r, "first_prop"), n = get(lv, s, r, "prop_count");
        for (int64_t k = first; prop && k < first + n && k < prop->record_count; k++) {
            const char *key = rm_level_string(lv, (uint32_t)get(lv, prop, (size_t)k, "key"));
            if (!key || !*key) {
                problem(c, prop, (size_t)k, "key", field_at(prop, (size_t)k, "key"), "a property needs a name");
                continue;
            }
            int64_t type = get(lv, prop, (size_t)k, "type");
            const rm_jol_prop *dp = declared(cls ? cls : "entity", key);
            int want = dp ? (int)dp->type : -1;
            if (dp && type == want && dp->file_ext) {
                const char *str = rm_level_string(lv, (uint32_t)get(lv, prop, (size_t)k, "value"));
                if (str && *str && !rm_jol_file_name_ok(str, dp->file_ext))
                    problem(c, prop, (size_t)k, "value", field_at(prop, (size_t)k, "value"),
                            "property %s of entity \"%s\": \"%s\" is not %s", key, name ? name : "", str,
                            file_kind(dp->file_ext));
            }
            if (want >= 0 && type != want)
                problem(c, prop, (size_t)k, "type", field_at(prop, (size_t)k, "type"),
                        "property %s of entity \"%s\" (class %s) is %s, the class declares %s", key,
                        name ? name : "", cls ? cls : "entity", rm_jol_find_enum("PROPERTY")->values[type < 3 && type >= 0 ? type : 0].name,
                        rm_jol_find_enum("PROPERTY")->values[want].name);
        }
    }
}

static void check_props(chk *c, const rm_level_section *s)
{
    for (uint32_t r = 0; r < s->record_count; r++) {
        if (get(c->lv, s, r, "type") != RM_JOL_PROP_STRING)
            continue;
        int64_t v = get(c->lv, s, r, "value");
        if (!rm_level_string(c->lv, (uint32_t)v))
            problem(c, s, r, "value", field_at(s, r, "value"),
                    "a STRING property whose value %" PRId64 " is not a string of STRS", v);
    }
}

static void check_arrays(chk *c, const rm_level_section *s, const rm_jol_section *sc)
{
    for (size_t a = 0; a < sc->array_count; a++) {
        const rm_jol_array *ar = &sc->arrays[a];
        uint32_t off;
        uint64_t count;
        const char *why;
        if (!rm_jol_array_span(s, sc, ar, &off, &count, &why)) {
            problem(c, s, RM_LEVEL_HEADER, ar->offset_field, s->offset,
                    "offset %lu for %llu x %s %s", (unsigned long)off, (unsigned long long)count,
                    rm_jol_type_name(ar->type), why);
            continue;
        }
        if (!ar->max_value)
            continue;
        /* holes: vertex numbers j x n + i below n x n (bit 15 is a flag). */
        int64_t n = get(c->lv, s, RM_LEVEL_HEADER, "n");
        rm_jol_field ef = {.type = ar->type, .count = 1};
        for (uint64_t k = 0; k < count; k++) {
            int64_t v = rm_jol_decode(s->data, s->size, &ef, off, (unsigned)k) & 0x7FFF;
            if (v >= n * n) {
                problem(c, s, RM_LEVEL_HEADER, ar->name, (unsigned long)(s->offset + off + k * 2),
                        "element %llu: vertex %" PRId64 " is not below n x n = %" PRId64,
                        (unsigned long long)k, v, n * n);
                break;
            }
        }
    }
}

rm_status rm_level_check(const rm_level *lv, rm_diag *diag)
{
    chk c = {lv, diag, 0};
    if (!lv->section_count || memcmp(lv->sections[0].id, "INFO", 4))
        rm_diag_chunk(diag, RM_ERROR, lv->file, "header", "JOLV", 0,
                      "the first section must be INFO (it is %s)",
                      lv->section_count ? lv->sections[0].id : "missing"), c.errors++;
    if (lv->flags)
        rm_diag_chunk(diag, RM_ERROR, lv->file, "header", "JOLV", 6, "flags %u: reserved, must be 0",
                      lv->flags), c.errors++;
    for (uint32_t i = 0; i < lv->section_count; i++) {
        const rm_level_section *s = &lv->sections[i];
        const rm_jol_section *sc = s->known ? rm_jol_find(s->id) : NULL;
        if (!sc)
            continue;
        if (sc->raw) {
            if (s->size && s->data[s->size - 1] != 0)
                problem(&c, s, RM_LEVEL_HEADER, "strings", s->offset + s->size - 1,
                        "the last string has no terminating zero");
            for (uint32_t k = 0; k < s->size; k++)
                if (s->data[k] && (s->data[k] < 0x20 || s->data[k] > 0x7e)) {
                    problem(&c, s, RM_LEVEL_HEADER, "strings", s->offset + k,
                            "byte 0x%02x at %lu: strings are printable ASCII", s->data[k], (unsigned long)k);
                    break;
                }
            continue;
        }
        rm_jol_layout hl, rl;
        rm_jol_compute_layout(sc->header, sc->header_count, &hl);
        rm_jol_compute_layout(sc->records, sc->record_count, &rl);
        if ((hl.align > 1 && s->header_size % hl.align) || (rl.align > 1 && s->record_size % rl.align))
            rm_diag_chunk(diag, RM_ERROR, lv->file, "section", s->id, s->offset,
                          "header_size %u / record_size %u are not multiples of the alignment %u / %u",
                          s->header_size, s->record_size, hl.align, rl.align), c.errors++;
        /* A section of version V holds at least the fields added up to V. */
        for (int part = 0; part < 2; part++) {
            const rm_jol_field *f = part ? sc->records : sc->header;
            size_t nf = part ? sc->record_count : sc->header_count;
            const rm_jol_layout *lay = part ? &rl : &hl;
            uint32_t need = 0;
            for (size_t k = 0; k < nf; k++)
                if (f[k].since <= s->version)
                    need = lay->offset[k] + f[k].count * rm_jol_type_size(f[k].type);
            uint32_t have = part ? s->record_size : s->header_size;
            if (have < need && (part == 0 || s->record_count))
                rm_diag_chunk(diag, RM_ERROR, lv->file, "section", s->id, s->offset,
                              "%s of %u bytes: version %u has fields up to byte %u", part ? "records" : "a header",
                              have, s->version, need), c.errors++;
        }
        if (s->version > sc->version)
            rm_diag_chunk(diag, RM_WARNING, lv->file, "section", s->id, s->offset,
                          "version %u is newer than this tool's %u: its new fields are not checked",
                          s->version, sc->version);
        if (s->record_count && !sc->record_count) {
            if (s->version > sc->version)
                rm_diag_chunk(diag, RM_WARNING, lv->file, "section", s->id, s->offset,
                              "%lu records: version %u has none, they are skipped",
                              (unsigned long)s->record_count, sc->version);
            else
                rm_diag_chunk(diag, RM_ERROR, lv->file, "section", s->id, s->offset,
                              "%lu records in a section that has none", (unsigned long)s->record_count),
                    c.errors++;
        }
        check_fields(&c, s, RM_LEVEL_HEADER, sc->header, sc->header_count);
        for (uint32_t r = 0; r < s->record_count; r++)
            check_fields(&c, s, r, sc->records, sc->record_count);
        check_arrays(&c, s, sc);
        if (!strcmp(s->id, "ENTI"))
            check_entities(&c, s);
        if (!strcmp(s->id, "PROP"))
            check_props(&c, s);
    }
    return c.errors ? RM_INVALID : RM_OK;
}
