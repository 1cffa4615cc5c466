/* src/formats/jol/build.c - the level builder and writer (see
   retromesh/level.h).

   The builder keeps every value as a number or a string (jval), one per
   element of each field, so it knows nothing of the sections but what the
   schema says. Writing: entities' properties and links become PROP and LINK
   records, link targets are resolved by name, every section is encoded in
   its own buffer (strings are interned in STRS as they come, in file order:
   the same input always gives the same bytes), then the file is assembled:
   header, directory, sections on 4 bytes. */
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "jol_internal.h"
#include "core/alloc.h"

#define MAX_ARRAYS 8

typedef struct jval {
    int64_t num;
    char *str;
    bool is_str;        /* a string: str (NULL: no string) */
} jval;

typedef struct bsec {
    char id[5];
    const rm_jol_section *sc;   /* NULL: raw bytes */
    uint16_t version, flags, header_size, record_size;
    jval *header;
    size_t header_elems;
    jval *records;
    size_t record_elems, count, cap;
    int64_t *arrays[MAX_ARRAYS];
    size_t array_len[MAX_ARRAYS];
    bool array_set[MAX_ARRAYS];
    uint8_t *raw;
    size_t raw_size;
} bsec;

typedef struct bprop {
    size_t entity;
    char *key;
    uint16_t type;
    int64_t num;
    char *str;
} bprop;

typedef struct blink {
    size_t entity;
    uint16_t event, action, delay;
    int32_t param;
    char *target;
} blink;

struct rm_level_builder {
    bsec *secs;
    size_t n, cap;
    bprop *props;
    size_t prop_n, prop_cap;
    blink *links;
    size_t link_n, link_cap;
    rm_writer strs;             /* STRS bytes: seeded, then interned */
    bool finalized;
    bool failed;                /* out of memory somewhere */
};

static size_t elems(const rm_jol_field *f, size_t n)
{
    size_t e = 0;
    for (size_t i = 0; i < n; i++)
        e += f[i].count;
    return e;
}

static size_t elem_base(const rm_jol_field *f, size_t i)
{
    size_t e = 0;
    for (size_t k = 0; k < i; k++)
        e += f[k].count;
    return e;
}

static void defaults(jval *v, const rm_jol_field *f, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        for (unsigned e = 0; e < f[i].count; e++, k++) {
            v[k].num = f[i].def;
            v[k].str = NULL;
            v[k].is_str = f[i].type == RM_JOL_STRING;
        }
}

static size_t add_sec(rm_level_builder *b, const char *id, const rm_jol_section *sc)
{
    if (!rm_grow((void **)&b->secs, &b->cap, b->n + 1, sizeof *b->secs)) {
        b->failed = true;
        return (size_t)-1;
    }
    bsec *s = &b->secs[b->n];
    memset(s, 0, sizeof *s);
    memcpy(s->id, id, 4);
    s->sc = sc;
    if (sc) {
        s->version = sc->version;
        s->flags = sc->flags;
        s->header_elems = elems(sc->header, sc->header_count);
        s->record_elems = elems(sc->records, sc->record_count);
        if (s->header_elems) {
            s->header = calloc(s->header_elems, sizeof *s->header);
            if (!s->header) {
                b->failed = true;
                return (size_t)-1;
            }
            defaults(s->header, sc->header, sc->header_count);
        }
    }
    return b->n++;
}

rm_level_builder *rm_level_builder_create(const char *name)
{
    rm_level_builder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    rm_writer_init(&b->strs);
    add_sec(b, "INFO", rm_jol_find("INFO"));
    add_sec(b, "STRS", rm_jol_find("STRS"));
    if (b->failed) {
        rm_level_builder_free(b);
        return NULL;
    }
    if (name)
        rm_level_builder_set_string(b, 0, RM_LEVEL_HEADER, "name", name);
    return b;
}

void rm_level_builder_free(rm_level_builder *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++) {
        bsec *s = &b->secs[i];
        for (size_t k = 0; k < s->header_elems; k++)
            free(s->header[k].str);
        for (size_t k = 0; k < s->count * s->record_elems; k++)
            free(s->records[k].str);
        free(s->header);
        free(s->records);
        for (int a = 0; a < MAX_ARRAYS; a++)
            free(s->arrays[a]);
        free(s->raw);
    }
    free(b->secs);
    for (size_t i = 0; i < b->prop_n; i++) {
        free(b->props[i].key);
        free(b->props[i].str);
    }
    free(b->props);
    for (size_t i = 0; i < b->link_n; i++)
        free(b->links[i].target);
    free(b->links);
    rm_writer_free(&b->strs);
    free(b);
}

size_t rm_level_builder_section(rm_level_builder *b, const char *id)
{
    if (!b || !id || strlen(id) != 4)
        return (size_t)-1;
    const rm_jol_section *sc = rm_jol_find(id);
    if (!sc)
        return (size_t)-1;
    for (size_t i = 0; i < b->n; i++)
        if (!memcmp(b->secs[i].id, id, 4))
            return i;
    return add_sec(b, id, sc);
}

rm_status rm_level_builder_raw(rm_level_builder *b, const char *id, uint16_t version,
                               uint16_t flags, const uint8_t *bytes, size_t size)
{
    if (!b || !id || strlen(id) != 4 || (size && !bytes) || size > 0xFFFFFFF0u)
        return RM_USAGE;
    for (size_t i = 0; i < b->n; i++)
        if (!memcmp(b->secs[i].id, id, 4))
            return RM_USAGE;
    size_t i = add_sec(b, id, NULL);
    if (i == (size_t)-1)
        return RM_NOMEM;
    bsec *s = &b->secs[i];
    s->version = version;
    s->flags = flags;
    if (size) {
        s->raw = malloc(size);
        if (!s->raw)
            return RM_NOMEM;
        memcpy(s->raw, bytes, size);
    }
    s->raw_size = size;
    return RM_OK;
}

static bsec *known(rm_level_builder *b, size_t sec)
{
    return b && sec < b->n && b->secs[sec].sc ? &b->secs[sec] : NULL;
}

void rm_level_builder_set_version(rm_level_builder *b, size_t sec, uint16_t version, uint16_t flags)
{
    if (b && sec < b->n) {
        b->secs[sec].version = version;
        b->secs[sec].flags = flags;
    }
}

void rm_level_builder_set_sizes(rm_level_builder *b, size_t sec, uint16_t header_size,
                                uint16_t record_size)
{
    bsec *s = known(b, sec);
    if (s) {
        s->header_size = header_size;
        s->record_size = record_size;
    }
}

size_t rm_level_builder_add_record(rm_level_builder *b, size_t sec)
{
    bsec *s = known(b, sec);
    if (!s || !s->record_elems)
        return (size_t)-1;
    if (!rm_grow((void **)&s->records, &s->cap, (s->count + 1) * s->record_elems, sizeof *s->records)) {
        b->failed = true;
        return (size_t)-1;
    }
    defaults(s->records + s->count * s->record_elems, s->sc->records, s->sc->record_count);
    return s->count++;
}

size_t rm_level_builder_record_count(const rm_level_builder *b, size_t sec)
{
    return b && sec < b->n ? b->secs[sec].count : 0;
}

/* The value cell of a field, NULL when it does not exist. */
static jval *cell(rm_level_builder *b, size_t sec, size_t record, const char *field, unsigned elem,
                  const rm_jol_field **fout)
{
    bsec *s = known(b, sec);
    if (!s || !field)
        return NULL;
    const rm_jol_field *f;
    size_t nf;
    jval *base;
    if (record == RM_LEVEL_HEADER) {
        f = s->sc->header;
        nf = s->sc->header_count;
        base = s->header;
    } else {
        if (record >= s->count)
            return NULL;
        f = s->sc->records;
        nf = s->sc->record_count;
        base = s->records + record * s->record_elems;
    }
    int i = rm_jol_field_index(f, nf, field);
    if (i < 0 || elem >= f[i].count)
        return NULL;
    if (fout)
        *fout = &f[i];
    return base + elem_base(f, (size_t)i) + elem;
}

rm_status rm_level_builder_set(rm_level_builder *b, size_t sec, size_t record, const char *field,
                               unsigned elem, int64_t value)
{
    jval *v = cell(b, sec, record, field, elem, NULL);
    if (!v)
        return RM_USAGE;
    free(v->str);
    v->str = NULL;
    v->is_str = false;
    v->num = value;
    return RM_OK;
}

rm_status rm_level_builder_set_string(rm_level_builder *b, size_t sec, size_t record,
                                      const char *field, const char *text)
{
    jval *v = cell(b, sec, record, field, 0, NULL);
    if (!v)
        return RM_USAGE;
    char *d = rm_strdup(text);
    if (text && !d)
        return RM_NOMEM;
    free(v->str);
    v->str = d;
    v->is_str = true;
    return RM_OK;
}

rm_status rm_level_builder_set_array(rm_level_builder *b, size_t sec, const char *array,
                                     const int64_t *values, size_t count)
{
    bsec *s = known(b, sec);
    if (!s || !array || (count && !values))
        return RM_USAGE;
    for (size_t a = 0; a < s->sc->array_count && a < MAX_ARRAYS; a++) {
        if (strcmp(s->sc->arrays[a].name, array))
            continue;
        int64_t *copy = NULL;
        if (count) {
            copy = malloc(count * sizeof *copy);
            if (!copy)
                return RM_NOMEM;
            memcpy(copy, values, count * sizeof *copy);
        }
        free(s->arrays[a]);
        s->arrays[a] = copy;
        s->array_len[a] = count;
        s->array_set[a] = true;
        return RM_OK;
    }
    return RM_USAGE;
}

/* Offset of a string in STRS, added when not there yet. A string that is
   the end of another one shares its bytes (the first place where the text
   and a zero are found): a field may point inside a string, and the same
   input must always give the same offsets. */
static uint32_t intern(rm_level_builder *b, const char *text)
{
    size_t n = strlen(text);
    const uint8_t *p = b->strs.data;
    size_t size = b->strs.size;
    for (size_t at = 0; at + n < size; at++)
        if (p[at + n] == 0 && !memcmp(p + at, text, n))
            return (uint32_t)at;
    uint32_t at = (uint32_t)size;
    rm_write_bytes(&b->strs, text, n + 1);
    if (b->strs.failed)
        b->failed = true;
    return at;
}

rm_status rm_level_builder_add_string(rm_level_builder *b, const char *text)
{
    if (!b || !text)
        return RM_USAGE;
    /* Seeds keep their place even when equal to an earlier one. */
    rm_write_bytes(&b->strs, text, strlen(text) + 1);
    return b->strs.failed ? RM_NOMEM : RM_OK;
}

size_t rm_level_builder_add_entity(rm_level_builder *b, const char *name, const char *cls)
{
    size_t sec = rm_level_builder_section(b, "ENTI");
    size_t r = rm_level_builder_add_record(b, sec);
    if (r == (size_t)-1)
        return r;
    if (rm_level_builder_set_string(b, sec, r, "name", name) != RM_OK ||
        rm_level_builder_set_string(b, sec, r, "cls", cls) != RM_OK)
        b->failed = true;
    return r;
}

/* True when `entity` is a record of ENTI (props and links attach to one). */
static bool is_entity(const rm_level_builder *b, size_t entity)
{
    for (size_t i = 0; i < b->n; i++)
        if (!memcmp(b->secs[i].id, "ENTI", 4))
            return entity < b->secs[i].count;
    return false;
}

static rm_status add_prop(rm_level_builder *b, size_t entity, const char *key, uint16_t type,
                          int64_t num, const char *str)
{
    if (!b || !key || !is_entity(b, entity))
        return RM_USAGE;
    if (!rm_grow((void **)&b->props, &b->prop_cap, b->prop_n + 1, sizeof *b->props))
        return RM_NOMEM;
    bprop *p = &b->props[b->prop_n];
    p->entity = entity;
    p->type = type;
    p->num = num;
    p->key = rm_strdup(key);
    p->str = rm_strdup(str);
    if (!p->key || (str && !p->str)) {
        free(p->key);
        free(p->str);
        return RM_NOMEM;
    }
    b->prop_n++;
    return RM_OK;
}

rm_status rm_level_builder_add_prop_int(rm_level_builder *b, size_t entity, const char *key, int32_t v)
{
    return add_prop(b, entity, key, RM_JOL_PROP_INT, v, NULL);
}

rm_status rm_level_builder_add_prop_fixed(rm_level_builder *b, size_t entity, const char *key, int32_t raw)
{
    return add_prop(b, entity, key, RM_JOL_PROP_FIXED, raw, NULL);
}

rm_status rm_level_builder_add_prop_string(rm_level_builder *b, size_t entity, const char *key,
                                           const char *text)
{
    if (!text)
        return RM_USAGE;
    return add_prop(b, entity, key, RM_JOL_PROP_STRING, 0, text);
}

rm_status rm_level_builder_add_link(rm_level_builder *b, size_t entity, uint16_t event,
                                    uint16_t action, const char *target, uint16_t delay,
                                    int32_t param)
{
    if (!b || !is_entity(b, entity))
        return RM_USAGE;
    if (!rm_grow((void **)&b->links, &b->link_cap, b->link_n + 1, sizeof *b->links))
        return RM_NOMEM;
    blink *l = &b->links[b->link_n];
    l->entity = entity;
    l->event = event;
    l->action = action;
    l->delay = delay;
    l->param = param;
    l->target = rm_strdup(target);
    if (target && !l->target)
        return RM_NOMEM;
    b->link_n++;
    return RM_OK;
}

/* ---- Writing ------------------------------------------------------------ */

/* Properties and links of the entities become PROP and LINK records, in the
   order of the entities (those of an entity follow each other). */
static rm_status finalize(rm_level_builder *b, rm_diag *diag)
{
    if (b->finalized || (!b->prop_n && !b->link_n))
        return RM_OK;
    size_t enti = rm_level_builder_section(b, "ENTI");
    size_t ecount = b->secs[enti].count;
    size_t prop = b->prop_n ? rm_level_builder_section(b, "PROP") : 0;
    size_t link = b->link_n ? rm_level_builder_section(b, "LINK") : 0;
    for (size_t e = 0; e < ecount; e++) {
        size_t first = 0, n = 0;
        for (size_t i = 0; i < b->prop_n; i++) {
            const bprop *p = &b->props[i];
            if (p->entity != e)
                continue;
            size_t r = rm_level_builder_add_record(b, prop);
            if (r == (size_t)-1)
                return RM_NOMEM;
            if (!n++)
                first = r;
            rm_level_builder_set_string(b, prop, r, "key", p->key);
            rm_level_builder_set(b, prop, r, "type", 0, p->type);
            if (p->str) {
                jval *v = cell(b, prop, r, "value", 0, NULL);
                v->str = rm_strdup(p->str);
                v->is_str = true;
                if (!v->str)
                    return RM_NOMEM;
            } else {
                rm_level_builder_set(b, prop, r, "value", 0, p->num);
            }
        }
        if (n) {
            rm_level_builder_set(b, enti, e, "first_prop", 0, (int64_t)first);
            rm_level_builder_set(b, enti, e, "prop_count", 0, (int64_t)n);
        }
        first = n = 0;
        for (size_t i = 0; i < b->link_n; i++) {
            const blink *l = &b->links[i];
            if (l->entity != e)
                continue;
            size_t r = rm_level_builder_add_record(b, link);
            if (r == (size_t)-1)
                return RM_NOMEM;
            if (!n++)
                first = r;
            int64_t target = RM_JOL_NO_INDEX;
            if (l->target) {
                target = -1;
                for (size_t t = 0; t < ecount && target < 0; t++) {
                    const jval *nv = cell(b, enti, t, "name", 0, NULL);
                    if (nv->str && !strcmp(nv->str, l->target))
                        target = (int64_t)t;
                }
                if (target < 0) {
                    const jval *nv = cell(b, enti, e, "name", 0, NULL);
                    rm_diag_add(diag, RM_ERROR, "section LINK record %zu field target: entity '%s' links to '%s', "
                                "which is not the name of an entity", r, nv->str ? nv->str : "", l->target);
                    return RM_INVALID;
                }
            }
            rm_level_builder_set(b, link, r, "event", 0, l->event);
            rm_level_builder_set(b, link, r, "action", 0, l->action);
            rm_level_builder_set(b, link, r, "target", 0, target);
            rm_level_builder_set(b, link, r, "delay", 0, l->delay);
            rm_level_builder_set(b, link, r, "param", 0, l->param);
        }
        if (n) {
            rm_level_builder_set(b, enti, e, "first_link", 0, (int64_t)first);
            rm_level_builder_set(b, enti, e, "link_count", 0, (int64_t)n);
        }
    }
    b->finalized = true;
    return b->failed ? RM_NOMEM : RM_OK;
}

static void put(uint8_t *p, rm_jol_type t, int64_t v)
{
    switch (rm_jol_type_size(t)) {
    case 1: p[0] = (uint8_t)v; break;
    case 2: rm_put_be16(p, (uint16_t)v); break;
    default: rm_put_be32(p, (uint32_t)v); break;
    }
}

/* Encodes a header or a record of `size` bytes (fields past it are left
   out: a file for an older engine). */
static rm_status encode(rm_level_builder *b, const bsec *s, size_t record, const rm_jol_field *f,
                        size_t nf, const jval *v, uint8_t *out, uint32_t size, rm_diag *diag)
{
    rm_jol_layout lay;
    rm_jol_compute_layout(f, nf, &lay);
    size_t k = 0;
    for (size_t i = 0; i < nf; i++) {
        uint32_t es = rm_jol_type_size(f[i].type);
        for (unsigned e = 0; e < f[i].count; e++, k++) {
            uint32_t at = lay.offset[i] + e * es;
            if (at + es > size)
                continue;       /* not in a file for an older engine */
            int64_t x = v[k].num;
            if (v[k].is_str)
                x = v[k].str ? intern(b, v[k].str) : RM_JOL_NO_STRING;
            /* A string given for an i32 (PROP.value) is its offset too. */
            rm_jol_type t = v[k].is_str ? RM_JOL_U32 : f[i].type;
            if (!rm_jol_value_fits(t, x)) {
                if (record == RM_LEVEL_HEADER)
                    rm_diag_add(diag, RM_ERROR, "section %s header field %s: value %lld does not fit %s",
                                s->id, f[i].name, (long long)x, rm_jol_type_name(f[i].type));
                else
                    rm_diag_add(diag, RM_ERROR, "section %s record %zu field %s: value %lld does not fit %s",
                                s->id, record, f[i].name, (long long)x, rm_jol_type_name(f[i].type));
                return RM_INVALID;
            }
            put(out + at, f[i].type, x);
        }
    }
    return RM_OK;
}

typedef struct encoded {
    uint8_t *data;
    size_t size;
    uint16_t header_size, record_size;
    uint32_t record_count;
} encoded;

static rm_status encode_section(rm_level_builder *b, bsec *s, encoded *out, rm_diag *diag)
{
    const rm_jol_section *sc = s->sc;
    if (!sc) {
        out->data = NULL;
        out->size = s->raw_size;
        return RM_OK;       /* copied at assembly */
    }
    if (sc->raw)
        return RM_OK;       /* STRS: done last */
    rm_jol_layout hl, rl;
    rm_jol_compute_layout(sc->header, sc->header_count, &hl);
    rm_jol_compute_layout(sc->records, sc->record_count, &rl);
    uint32_t hs = s->header_size ? s->header_size : hl.size;
    uint32_t rs = s->record_size ? s->record_size : rl.size;
    if (s->count && !rs) {
        rm_diag_add(diag, RM_ERROR, "section %s: records of 0 bytes", s->id);
        return RM_INVALID;
    }
    /* Arrays: their counts into the header, then their places. */
    uint64_t pos = hs + (uint64_t)rs * s->count;
    uint64_t offs[MAX_ARRAYS] = {0};
    for (size_t a = 0; a < sc->array_count && a < MAX_ARRAYS; a++) {
        const rm_jol_array *ar = &sc->arrays[a];
        size_t len = s->array_len[a];
        if (!ar->len_b) {
            /* The count follows the array (no array: 0), so that a count
               never promises elements the file does not hold. */
            jval *c = cell(b, (size_t)(s - b->secs), RM_LEVEL_HEADER, ar->len_a, 0, NULL);
            c->num = (int64_t)len;
        } else if (ar->len_b) {
            const jval *ca = cell(b, (size_t)(s - b->secs), RM_LEVEL_HEADER, ar->len_a, 0, NULL);
            const jval *cb = cell(b, (size_t)(s - b->secs), RM_LEVEL_HEADER, ar->len_b, 0, NULL);
            int64_t want = ca->num * cb->num;
            if ((int64_t)len != want) {
                rm_diag_add(diag, RM_ERROR, "section %s array %s: %zu elements, %s x %s = %lld wanted",
                            s->id, ar->name, len, ar->len_a, ar->len_b, (long long)want);
                return RM_INVALID;
            }
        }
        if (len) {
            pos = (pos + 3) / 4 * 4;
            offs[a] = pos;
            pos += (uint64_t)len * rm_jol_type_size(ar->type);
        }
        jval *co = cell(b, (size_t)(s - b->secs), RM_LEVEL_HEADER, ar->offset_field, 0, NULL);
        co->num = (int64_t)offs[a];
        co->is_str = false;
    }
    if (pos > 0xFFFFFFF0u || s->count > 0xFFFFFFFFu) {
        rm_diag_add(diag, RM_ERROR, "section %s: too big for the format (%llu bytes)", s->id,
                    (unsigned long long)pos);
        return RM_INVALID;
    }
    out->data = calloc(1, pos ? (size_t)pos : 1);
    if (!out->data)
        return RM_NOMEM;
    out->size = (size_t)pos;
    out->header_size = (uint16_t)hs;
    out->record_size = (uint16_t)rs;
    out->record_count = (uint32_t)s->count;
    rm_status st = encode(b, s, RM_LEVEL_HEADER, sc->header, sc->header_count, s->header, out->data, hs, diag);
    for (size_t r = 0; r < s->count && st == RM_OK; r++)
        st = encode(b, s, r, sc->records, sc->record_count, s->records + r * s->record_elems,
                    out->data + hs + r * rs, rs, diag);
    for (size_t a = 0; a < sc->array_count && a < MAX_ARRAYS && st == RM_OK; a++) {
        const rm_jol_array *ar = &sc->arrays[a];
        uint32_t es = rm_jol_type_size(ar->type);
        for (size_t i = 0; i < s->array_len[a]; i++) {
            if (!rm_jol_value_fits(ar->type, s->arrays[a][i])) {
                rm_diag_add(diag, RM_ERROR, "section %s array %s element %zu: value %lld does not fit %s",
                            s->id, ar->name, i, (long long)s->arrays[a][i], rm_jol_type_name(ar->type));
                st = RM_INVALID;
                break;
            }
            put(out->data + offs[a] + i * es, ar->type, s->arrays[a][i]);
        }
    }
    return st;
}

static bool ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
            return false;
    return true;
}

/* STRS holds printable ASCII (the seed's rule): refuse anything else. */
static rm_status check_strings(const rm_level_builder *b, rm_diag *diag)
{
    for (size_t i = 0; i < b->n; i++) {
        const bsec *s = &b->secs[i];
        for (size_t k = 0; k < s->header_elems; k++)
            if (s->header[k].str && !ascii(s->header[k].str)) {
                rm_diag_add(diag, RM_ERROR, "section %s header: string \"%s\" is not printable ASCII",
                            s->id, s->header[k].str);
                return RM_INVALID;
            }
        for (size_t k = 0; k < s->count * s->record_elems; k++)
            if (s->records[k].str && !ascii(s->records[k].str)) {
                rm_diag_add(diag, RM_ERROR, "section %s record %zu: string \"%s\" is not printable ASCII",
                            s->id, k / s->record_elems, s->records[k].str);
                return RM_INVALID;
            }
    }
    for (size_t at = 0; at < b->strs.size; at++)
        if (b->strs.data[at] && (b->strs.data[at] < 0x20 || b->strs.data[at] > 0x7e)) {
            rm_diag_add(diag, RM_ERROR, "section STRS: byte 0x%02x at %zu is not printable ASCII",
                        b->strs.data[at], at);
            return RM_INVALID;
        }
    return RM_OK;
}

rm_status rm_level_builder_write(rm_level_builder *b, uint8_t **data, size_t *size, rm_diag *diag)
{
    *data = NULL;
    *size = 0;
    if (!b)
        return RM_USAGE;
    if (b->failed)
        return RM_NOMEM;
    rm_status st = finalize(b, diag);
    if (st != RM_OK)
        return st;
    if ((st = check_strings(b, diag)) != RM_OK)
        return st;
    encoded *enc = calloc(b->n, sizeof *enc);
    if (!enc)
        return RM_NOMEM;
    /* Encoding interns strings: STRS is complete after the loop. */
    size_t strs_size0 = b->strs.size;
    for (size_t i = 0; i < b->n && st == RM_OK; i++)
        st = encode_section(b, &b->secs[i], &enc[i], diag);
    if (st == RM_OK && b->failed)
        st = RM_NOMEM;
    rm_writer w;
    rm_writer_init(&w);
    if (st == RM_OK) {
        size_t dir_end = RM_JOL_FILE_HEADER_SIZE + b->n * RM_JOL_DIR_ENTRY_SIZE;
        rm_write_u32(&w, RM_JOL_MAGIC);
        rm_write_u16(&w, RM_JOL_FORMAT_VERSION);
        rm_write_u16(&w, 0);
        rm_write_u32(&w, 0);            /* size, patched */
        rm_write_u32(&w, (uint32_t)b->n);
        size_t pos = (dir_end + 3) / 4 * 4;
        for (size_t i = 0; i < b->n; i++) {
            const bsec *s = &b->secs[i];
            size_t ssize = s->sc && s->sc->raw ? b->strs.size : enc[i].size;
            rm_write_tag(&w, s->id);
            rm_write_u16(&w, s->version);
            rm_write_u16(&w, s->flags);
            rm_write_u32(&w, (uint32_t)pos);
            rm_write_u32(&w, (uint32_t)ssize);
            if (s->sc && s->sc->raw) {
                rm_write_u16(&w, 0);
                rm_write_u16(&w, 1);
                rm_write_u32(&w, (uint32_t)ssize);
            } else {
                rm_write_u16(&w, enc[i].header_size);
                rm_write_u16(&w, enc[i].record_size);
                rm_write_u32(&w, enc[i].record_count);
            }
            pos = (pos + ssize + 3) / 4 * 4;
        }
        for (size_t i = 0; i < b->n; i++) {
            const bsec *s = &b->secs[i];
            rm_write_align(&w, 4);
            if (s->sc && s->sc->raw)
                rm_write_bytes(&w, b->strs.data, b->strs.size);
            else if (!s->sc)
                rm_write_bytes(&w, s->raw, s->raw_size);
            else
                rm_write_bytes(&w, enc[i].data, enc[i].size);
        }
        rm_write_align(&w, 4);
        if (w.failed || w.size > 0xFFFFFFFFu)
            st = RM_NOMEM;
        else
            rm_writer_patch_u32(&w, 8, (uint32_t)w.size);
    }
    for (size_t i = 0; i < b->n; i++)
        free(enc[i].data);
    free(enc);
    /* Interned strings are dropped so that writing again gives the same bytes. */
    b->strs.size = strs_size0;
    if (st != RM_OK) {
        rm_writer_free(&w);
        return st;
    }
    *data = w.data;
    *size = w.size;
    return RM_OK;
}
