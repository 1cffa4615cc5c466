/* src/formats/jol/dump.c - printing a level: text for people, JSON for
   tools (and for `level build`, which reads it back to the same bytes).

   Both walk the schema: a section the schema knows prints its header
   fields, records and arrays; STRS prints its strings; any other section
   its raw bytes. Values missing from the file print as their defaults. */
#include "core/cnum.h"
#include "core/json_text.h"
#include <inttypes.h>
#include <string.h>

#include "jol_internal.h"

/* Strings of the level are bytes: valid UTF-8 is written as it is (so
   `level build` reads back the same bytes), any other byte as \u00XX, its
   Latin-1 reading (core/json_text.h). */
static void put_string_n(FILE *out, const char *s, size_t n)
{
    rm_json_write_string(out, s, n);
}

static void put_string(FILE *out, const char *s)
{
    put_string_n(out, s, strlen(s));
}

static const rm_jol_section *schema_of(const rm_level_section *s)
{
    return s->known ? rm_jol_find(s->id) : NULL;
}

/* ---- JSON --------------------------------------------------------------- */

static void json_fields(const rm_level *lv, const rm_level_section *s, size_t record,
                        const rm_jol_field *f, size_t nf, FILE *out)
{
    rm_jol_layout lay;
    rm_jol_compute_layout(f, nf, &lay);
    uint32_t avail;
    const uint8_t *base = rm_jol_base(s, record, &avail);
    fputc('{', out);
    for (size_t i = 0; i < nf; i++) {
        fprintf(out, "%s\"%s\":", i ? "," : "", f[i].name);
        if (f[i].count > 1)
            fputc('[', out);
        for (unsigned e = 0; e < f[i].count; e++) {
            int64_t v = rm_jol_decode(base, avail, &f[i], lay.offset[i], e);
            if (e)
                fputc(',', out);
            if (f[i].type == RM_JOL_STRING) {
                const char *str = rm_level_string(lv, (uint32_t)v);
                if (v == RM_JOL_NO_STRING)
                    fputs("null", out);
                else if (str)
                    put_string(out, str);
                else
                    fprintf(out, "%" PRId64, v);    /* a bad offset: kept raw */
            } else {
                fprintf(out, "%" PRId64, v);
            }
        }
        if (f[i].count > 1)
            fputc(']', out);
    }
    fputc('}', out);
}

/* Integers and strings only: no locale changes a byte of it. */
void rm_level_dump_json(const rm_level *lv, FILE *out)
{
    fprintf(out, "{\"version\":%u,\"flags\":%u,\"size\":%zu,\"sections\":[", lv->version, lv->flags,
            lv->size);
    for (uint32_t i = 0; i < lv->section_count; i++) {
        const rm_level_section *s = &lv->sections[i];
        const rm_jol_section *sc = schema_of(s);
        fprintf(out, "%s\n{\"id\":", i ? "," : "");
        put_string(out, s->id);
        fprintf(out, ",\"version\":%u,\"flags\":%u,\"known\":%s,\"header\":", s->version, s->flags,
                sc ? "true" : "false");
        if (sc && !sc->raw)
            json_fields(lv, s, RM_LEVEL_HEADER, sc->header, sc->header_count, out);
        else
            fputs("{}", out);
        fputs(",\"records\":[", out);
        /* Records of a section the schema gives none (a newer version):
           not known, not printed. */
        for (uint32_t r = 0; sc && !sc->raw && sc->record_count && r < s->record_count; r++) {
            fputs(r ? ",\n" : "\n", out);
            json_fields(lv, s, r, sc->records, sc->record_count, out);
        }
        fputs("],\"arrays\":{", out);
        if (!sc) {
            fputs("\"bytes\":[", out);
            for (uint32_t k = 0; k < s->size; k++)
                fprintf(out, "%s%u", k ? "," : "", s->data[k]);
            fputc(']', out);
        } else if (sc->raw) {
            fputs("\"strings\":[", out);
            for (uint32_t at = 0, n = 0; at < s->size; n++) {
                const uint8_t *z = memchr(s->data + at, 0, s->size - at);
                uint32_t len = z ? (uint32_t)(z - (s->data + at)) : s->size - at;
                fputs(n ? "," : "", out);
                put_string_n(out, (const char *)s->data + at, len);
                at += len + 1;
            }
            fputc(']', out);
        } else {
            for (size_t a = 0; a < sc->array_count; a++) {
                uint32_t off;
                uint64_t count;
                const char *why;
                const rm_jol_array *ar = &sc->arrays[a];
                bool ok = rm_jol_array_span(s, sc, ar, &off, &count, &why);
                fprintf(out, "%s\"%s\":[", a ? "," : "", ar->name);
                rm_jol_field ef = {.type = ar->type, .count = 1};
                for (uint64_t k = 0; ok && k < count; k++)
                    fprintf(out, "%s%" PRId64, k ? "," : "",
                            rm_jol_decode(s->data, s->size, &ef, off, (unsigned)k));
                fputc(']', out);
            }
        }
        fputs("}}", out);
    }
    fputs("]}\n", out);
}

/* ---- Text --------------------------------------------------------------- */

static void text_value(const rm_level *lv, const rm_jol_field *f, int64_t v, FILE *out)
{
    const rm_jol_enum *e = rm_jol_find_enum(f->enumeration);
    if (f->type == RM_JOL_STRING) {
        const char *s = rm_level_string(lv, (uint32_t)v);
        if (v == RM_JOL_NO_STRING)
            fputs("none", out);
        else if (s)
            fprintf(out, "\"%s\"", s);
        else
            fprintf(out, "<bad string offset %" PRId64 ">", v);
    } else if (f->type == RM_JOL_INDEX && v == RM_JOL_NO_INDEX) {
        fputs("none", out);
    } else if (f->type == RM_JOL_FIXED) {
        fprintf(out, "%.4f", (double)v / 65536.0);
    } else if (e && e->flags) {
        int64_t left = v;
        bool any = false;
        for (size_t k = 0; k < e->count; k++)
            if (v & e->values[k].value) {
                fprintf(out, "%s%s", any ? "|" : "", e->values[k].name);
                left &= ~e->values[k].value;
                any = true;
            }
        if (left || !any)
            fprintf(out, "%s%" PRId64, any ? "|" : "", left);
    } else if (e) {
        for (size_t k = 0; k < e->count; k++)
            if (e->values[k].value == v) {
                fputs(e->values[k].name, out);
                return;
            }
        fprintf(out, "%" PRId64 " (not a value of %s)", v, e->name);
    } else {
        fprintf(out, "%" PRId64, v);
    }
}

static void text_fields(const rm_level *lv, const rm_level_section *s, size_t record,
                        const rm_jol_field *f, size_t nf, FILE *out)
{
    rm_jol_layout lay;
    rm_jol_compute_layout(f, nf, &lay);
    uint32_t avail;
    const uint8_t *base = rm_jol_base(s, record, &avail);
    for (size_t i = 0; i < nf; i++) {
        fprintf(out, " %s=", f[i].name);
        for (unsigned e = 0; e < f[i].count; e++) {
            fputs(e ? "," : (f[i].count > 1 ? "[" : ""), out);
            text_value(lv, &f[i], rm_jol_decode(base, avail, &f[i], lay.offset[i], e), out);
        }
        if (f[i].count > 1)
            fputc(']', out);
    }
    fputc('\n', out);
}

static int64_t get(const rm_level *lv, const rm_level_section *s, size_t r, const char *field)
{
    int64_t v = 0;
    rm_level_get_value(lv, s, r, field, 0, &v);
    return v;
}

/* An entity's properties and links, resolved by name. */
static void entity_extras(const rm_level *lv, const rm_level_section *s, uint32_t r, FILE *out)
{
    const rm_level_section *prop = rm_level_find_section(lv, "PROP");
    const rm_level_section *link = rm_level_find_section(lv, "LINK");
    int64_t first = get(lv, s, r, "first_prop"), n = get(lv, s, r, "prop_count");
    for (int64_t k = first; prop && k < first + n && k < prop->record_count; k++) {
        const char *key = rm_level_string(lv, (uint32_t)get(lv, prop, (size_t)k, "key"));
        int64_t type = get(lv, prop, (size_t)k, "type"), v = get(lv, prop, (size_t)k, "value");
        fprintf(out, "      prop %s = ", key ? key : "<bad key>");
        if (type == RM_JOL_PROP_STRING) {
            const char *str = rm_level_string(lv, (uint32_t)v);
            fprintf(out, str ? "\"%s\"\n" : "<bad string>\n", str);
        } else if (type == RM_JOL_PROP_FIXED) {
            fprintf(out, "%.4f (fixed)\n", (double)v / 65536.0);
        } else {
            fprintf(out, "%" PRId64 "\n", v);
        }
    }
    first = get(lv, s, r, "first_link");
    n = get(lv, s, r, "link_count");
    const rm_jol_section *lsc = rm_jol_find("LINK");
    for (int64_t k = first; link && k < first + n && k < link->record_count; k++) {
        int64_t t = get(lv, link, (size_t)k, "target");
        const char *tname = t == RM_JOL_NO_INDEX ? "itself"
                            : t < s->record_count ? rm_level_string(lv, (uint32_t)get(lv, s, (size_t)t, "name"))
                                                  : NULL;
        fputs("      link on ", out);
        text_value(lv, &lsc->records[0], get(lv, link, (size_t)k, "event"), out);
        fprintf(out, " -> %s: ", tname ? tname : "<bad target>");
        text_value(lv, &lsc->records[1], get(lv, link, (size_t)k, "action"), out);
        fprintf(out, " after %" PRId64 " ms, param %" PRId64 "\n", get(lv, link, (size_t)k, "delay"),
                get(lv, link, (size_t)k, "param"));
    }
}

static void level_dump_text_c(const rm_level *lv, FILE *out, int full)
{
    const char *name = rm_level_string(lv, (uint32_t)get(lv, rm_level_find_section(lv, "INFO"),
                                                         RM_LEVEL_HEADER, "name"));
    fprintf(out, "level \"%s\": format version %u, %zu bytes, %lu sections\n", name ? name : "",
            lv->version, lv->size, (unsigned long)lv->section_count);
    for (uint32_t i = 0; i < lv->section_count; i++) {
        const rm_level_section *s = &lv->sections[i];
        const rm_jol_section *sc = schema_of(s);
        fprintf(out, "\n%s%s%s v%u%s at 0x%lx, %lu bytes", s->id, sc ? " " : "",
                sc ? sc->title : "", s->version, s->flags & RM_JOL_FLAG_REQUIRED ? " required" : "",
                (unsigned long)s->offset, (unsigned long)s->size);
        if (!sc) {
            fprintf(out, ": %s section, not read\n", s->game ? "the game's" : "unknown");
            continue;
        }
        if (sc->raw) {
            fputs(":\n", out);
            for (uint32_t at = 0; at < s->size;) {
                const uint8_t *z = memchr(s->data + at, 0, s->size - at);
                uint32_t len = z ? (uint32_t)(z - (s->data + at)) : s->size - at;
                fprintf(out, "  %lu: \"%.*s\"%s\n", (unsigned long)at, (int)len, (const char *)s->data + at,
                        z ? "" : " (no terminating zero)");
                at += len + 1;
            }
            continue;
        }
        fprintf(out, ", header %u bytes, %lu records of %u bytes\n", s->header_size,
                (unsigned long)s->record_count, s->record_size);
        if (sc->header_count) {
            fputs("  header:", out);
            text_fields(lv, s, RM_LEVEL_HEADER, sc->header, sc->header_count, out);
        }
        for (uint32_t r = 0; r < s->record_count; r++) {
            fprintf(out, "  %lu:", (unsigned long)r);
            text_fields(lv, s, r, sc->records, sc->record_count, out);
            if (!strcmp(s->id, "ENTI"))
                entity_extras(lv, s, r, out);
        }
        for (size_t a = 0; a < sc->array_count; a++) {
            const rm_jol_array *ar = &sc->arrays[a];
            uint32_t off;
            uint64_t count;
            const char *why;
            if (!rm_jol_array_span(s, sc, ar, &off, &count, &why)) {
                fprintf(out, "  %s: offset %lu %s\n", ar->name, (unsigned long)off, why);
                continue;
            }
            rm_jol_field ef = {.type = ar->type, .count = 1};
            int64_t lo = 0, hi = 0;
            for (uint64_t k = 0; k < count; k++) {
                int64_t v = rm_jol_decode(s->data, s->size, &ef, off, (unsigned)k);
                lo = k == 0 || v < lo ? v : lo;
                hi = k == 0 || v > hi ? v : hi;
            }
            fprintf(out, "  %s: %llu x %s", ar->name, (unsigned long long)count, rm_jol_type_name(ar->type));
            if (count)
                fprintf(out, ", %" PRId64 " to %" PRId64, lo, hi);
            if (full && count) {
                fputs(":", out);
                for (uint64_t k = 0; k < count; k++)
                    fprintf(out, "%s%" PRId64, k % 16 ? " " : "\n    ",
                            rm_jol_decode(s->data, s->size, &ef, off, (unsigned)k));
            }
            fputc('\n', out);
        }
    }
}

/* Numbers with a '.', whatever the caller's locale (core/cnum.h). */
void rm_level_dump_text(const rm_level *lv, FILE *out, int full)
{
    rm_cloc loc = rm_cloc_enter();
    level_dump_text_c(lv, out, full);
    rm_cloc_leave(loc);
}
