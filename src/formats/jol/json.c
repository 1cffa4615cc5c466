/* src/formats/jol/json.c - a level from JSON (retromesh level build).

   {"name": "My level",
    "sections": [{"id": "TERR", "header": {"n": 3, ...}, "arrays": {"heights": [...]}},
                 {"id": "PLNT", "records": [{"x": 0, ...}]}],
    "entities": [{"name": "barrel", "cls": "explosive", "flags": ["SOLID"],
                  "props": {"sound": "EXPLODE.PCM"},
                  "links": [{"event": "DEATH", "target": "fuse", "action": "TRIGGER"}]}]}

   The output of `retromesh level dump --json` is valid input too (its
   "version", "flags", "size" and "known" are read back, STRS's strings seed
   the string table so that offsets stay the same, unknown sections come
   back as raw bytes): build -> dump --json -> build gives the same bytes.

   An entity's "far" (far.c) asks `retromesh build` for a far model: this
   builder only checks it and, unless rm_level_build_json_ex is given the
   far model's file, warns and leaves it out.

   jansson does not keep the place of a value, so a message finds the line
   of a key by scanning the text for its first use as a key (keys(): the
   JSON strings followed by a colon). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/cnum.h"
#include "jol_internal.h"
#include "json_ctx.h"
#include "retromesh/fixed.h"

/* The context (json_ctx.h): far.c reads the "far" of the entities with
   the same places in the text. */
typedef rm_jol_json_ctx ctx;

/* Pre-order number of the object `target` among the objects of `v`
   (document order: jansson keeps the keys of an object in their order). */
static bool object_number(const json_t *v, const json_t *target, size_t *n)
{
    if (json_is_object(v)) {
        if (v == target)
            return true;
        ++*n;
        const char *key;
        json_t *x;
        json_object_foreach((json_t *)v, key, x) {
            if (object_number(x, target, n))
                return true;
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *x;
        json_array_foreach((json_t *)v, i, x) {
            if (object_number(x, target, n))
                return true;
        }
    }
    return false;
}

/* Line and column of `key` used as a key of the object number `want` in
   document order (SIZE_MAX: of any object, the first use). */
static bool scan_key(const ctx *c, const char *key, size_t want, unsigned long *line, unsigned long *col)
{
    enum { DEPTH = 2100 };
    size_t stack[DEPTH];            /* object number, or SIZE_MAX for an array */
    size_t depth = 0, objects = 0, klen = strlen(key);
    unsigned long ln = 1, cl = 1;
    for (size_t i = 0; i < c->len; i++) {
        char ch = c->text[i];
        if (ch == '\n') {
            ln++;
            cl = 1;
            continue;
        }
        if (ch == '{' || ch == '[') {
            if (depth == DEPTH)
                return false;
            stack[depth++] = ch == '{' ? objects++ : SIZE_MAX;
        } else if ((ch == '}' || ch == ']') && depth) {
            depth--;
        }
        if (ch != '"') {
            cl++;
            continue;
        }
        size_t start = i + 1, j = start;
        while (j < c->len && c->text[j] != '"') {
            if (c->text[j] == '\\')
                j++;
            j++;
        }
        size_t k = j + 1;
        while (k < c->len && (c->text[k] == ' ' || c->text[k] == '\t' || c->text[k] == '\r' ||
                              c->text[k] == '\n'))
            k++;
        bool is_key = k < c->len && c->text[k] == ':' && depth && stack[depth - 1] != SIZE_MAX;
        if (is_key && (want == SIZE_MAX || stack[depth - 1] == want) && j - start == klen &&
            !memcmp(c->text + start, key, klen)) {
            *line = ln;
            *col = cl;
            return true;
        }
        /* Strings hold no newline in JSON: the column moves by the length. */
        cl += (unsigned long)(j + 1 - i);
        i = j;
    }
    return false;
}

/* Where `key` is: in the object being read (c->scope) when it is there,
   else its first use as a key. */
void rm_jol_json_place(const ctx *c, const char *key, unsigned long *line, unsigned long *col)
{
    size_t n = 0;
    *line = 0;
    *col = 0;
    if (c->scope && c->root && object_number(c->root, c->scope, &n) && scan_key(c, key, n, line, col))
        return;
    scan_key(c, key, SIZE_MAX, line, col);
}

/* Appends "/part" to the JSON Pointer in buf (RFC 6901: '~' is "~0",
   '/' is "~1"); false when it does not fit. */
static bool pointer_add(char *buf, size_t size, size_t *len, const char *part)
{
    if (*len + 1 >= size)
        return false;
    buf[(*len)++] = '/';
    for (const char *p = part; *p; p++) {
        const char *rep = *p == '~' ? "~0" : *p == '/' ? "~1" : NULL;
        size_t n = rep ? 2 : 1;
        if (*len + n >= size)
            return false;
        if (rep)
            memcpy(buf + *len, rep, 2);
        else
            buf[*len] = *p;
        *len += n;
    }
    buf[*len] = '\0';
    return true;
}

/* The JSON Pointer of `target` inside `v` ("/entities/3"), into buf. */
static bool pointer_of(const json_t *v, const json_t *target, char *buf, size_t size, size_t len)
{
    buf[len] = '\0';
    if (v == target)
        return true;
    if (json_is_object(v)) {
        const char *key;
        json_t *x;
        json_object_foreach((json_t *)v, key, x) {
            size_t l = len;
            if (json_is_object(x) || json_is_array(x)) {
                if (pointer_add(buf, size, &l, key) && pointer_of(x, target, buf, size, l))
                    return true;
            }
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *x;
        json_array_foreach((json_t *)v, i, x) {
            char idx[24];
            snprintf(idx, sizeof idx, "%zu", i);
            size_t l = len;
            if ((json_is_object(x) || json_is_array(x)) && pointer_add(buf, size, &l, idx) &&
                pointer_of(x, target, buf, size, l))
                return true;
        }
    }
    buf[len] = '\0';
    return false;
}

/* A message at the place of `key` in the object being read, ending with
   the JSON Pointer of the value ("... (at /entities/3/model)"):
   jansson keeps no places, the pointer says which value even when the
   scan finds no line. */
void rm_jol_json_say(const ctx *c, rm_severity sev, const char *key, const char *msg)
{
    unsigned long line = 0, col = 0;
    if (key)
        rm_jol_json_place(c, key, &line, &col);
    char where[512] = "";
    if (c->scope && c->root && pointer_of(c->root, c->scope, where, sizeof where, 0)) {
        size_t len = strlen(where);
        if (key && !pointer_add(where, sizeof where, &len, key))
            where[0] = '\0';
    }
    if (!where[0] && key && c->scope == c->root) {
        size_t len = 0;
        pointer_add(where, sizeof where, &len, key);
    }
    if (where[0])
        rm_diag_at(c->diag, sev, c->file, line, col, "%s (at %s)", msg, where);
    else
        rm_diag_at(c->diag, sev, c->file, line, col, "%s", msg);
}

static rm_status err(const ctx *c, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static rm_status err(const ctx *c, const char *key, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(msg, sizeof msg, fmt, ap);   /* "%g" with a '.', whatever the locale */
    va_end(ap);
    rm_jol_json_say(c, RM_ERROR, key, msg);
    return RM_INVALID;
}

/* The object of the JSON section whose id is `id`, and its index. */
static const json_t *json_section(const ctx *c, const char *id, size_t *index)
{
    const json_t *secs = json_object_get(c->root, "sections");
    size_t i;
    json_t *v;
    json_array_foreach(secs, i, v) {
        const char *sid = json_string_value(json_object_get(v, "id"));
        if (sid && strcmp(sid, id) == 0) {
            *index = i;
            return v;
        }
    }
    return NULL;
}

/* A message of the level writer ("section PLNT record 3 field x: ...",
   "section S header field F: ...", "section S array A element N: ...",
   "... entity 'a' links to ...") at the place of the value in the JSON
   when it came from there. */
static void builder_message(ctx *c, rm_severity sev, const char *text)
{
    char id[5] = "", field[128] = "", arr[128] = "";
    size_t rec = 0, elem = 0, k;
    int used = 0;
    const json_t *sec = NULL, *scope = NULL;
    const char *key = NULL;
    if (sscanf(text, "section %4s record %zu field %127[^:]:%n", id, &rec, field, &used) == 3 && used &&
        (sec = json_section(c, id, &k)) != NULL) {
        scope = json_array_get(json_object_get(sec, "records"), rec);
        key = field;
    } else if (sscanf(text, "section %4s header field %127[^:]:%n", id, field, &used) == 2 && used &&
               (sec = json_section(c, id, &k)) != NULL) {
        scope = json_object_get(sec, "header");
        key = field;
    } else if ((sscanf(text, "section %4s array %127[^: ] element %zu:%n", id, arr, &elem, &used) == 3 ||
                sscanf(text, "section %4s array %127[^: ]:%n", id, arr, &used) == 2) &&
               used && (sec = json_section(c, id, &k)) != NULL) {
        scope = json_object_get(sec, "arrays");
        key = arr;
    }
    const char *ent = strstr(text, "entity '");
    if (!scope && ent) {
        char name[256];
        if (sscanf(ent, "entity '%255[^']'", name) == 1) {
            const json_t *ents = json_object_get(c->root, "entities");
            size_t i;
            json_t *v;
            json_array_foreach(ents, i, v) {
                const char *n = json_string_value(json_object_get(v, "name"));
                if (n && strcmp(n, name) == 0) {
                    scope = v;
                    key = strstr(text, " links to ") ? "links" : "name";
                    break;
                }
            }
        }
    }
    if (!scope || !json_is_object(scope)) {
        rm_diag_at(c->diag, sev, c->file, 0, 0, "%s", text);
        return;
    }
    c->scope = scope;
    rm_jol_json_say(c, sev, key, text);
}

/* An integer, a name of the field's enumeration, or a list of flag names. */
static rm_status enum_value(const ctx *c, const char *key, const char *enumeration, json_t *v,
                            int64_t *out)
{
    const rm_jol_enum *e = rm_jol_find_enum(enumeration);
    if (json_is_integer(v)) {
        *out = json_integer_value(v);
        return RM_OK;
    }
    if (e && json_is_string(v)) {
        if (rm_jol_enum_lookup(e, json_string_value(v), out))
            return RM_OK;
        return err(c, key, "'%s': %s is not a value of %s", key, json_string_value(v), e->name);
    }
    if (e && e->flags && json_is_array(v)) {
        size_t i;
        json_t *x;
        int64_t bits = 0;
        json_array_foreach(v, i, x) {
            int64_t one;
            if (json_is_integer(x))
                one = json_integer_value(x);
            else if (!json_is_string(x) || !rm_jol_enum_lookup(e, json_string_value(x), &one))
                return err(c, key, "'%s': element %zu is not a flag of %s", key, i, e->name);
            bits |= one;
        }
        *out = bits;
        return RM_OK;
    }
    return err(c, key, "'%s' wants an integer%s", key, e ? " or a name" : "");
}

/* A value for a field element. */
static rm_status set_field(const ctx *c, size_t sec, size_t record, const rm_jol_field *f,
                           unsigned elem, json_t *v)
{
    const char *key = f->name;
    if (f->type == RM_JOL_STRING) {
        if (json_is_null(v))
            return rm_level_builder_set_string(c->b, sec, record, key, NULL);
        if (json_is_string(v))
            return rm_level_builder_set_string(c->b, sec, record, key, json_string_value(v));
        if (json_is_integer(v))     /* a raw offset */
            return rm_level_builder_set(c->b, sec, record, key, elem, json_integer_value(v));
        return err(c, key, "'%s' wants a string or null", key);
    }
    int64_t x;
    if (f->enumeration)
        return enum_value(c, key, f->enumeration, v, &x) == RM_OK
                   ? rm_level_builder_set(c->b, sec, record, key, elem, x) : RM_INVALID;
    if (f->type == RM_JOL_FIXED) {
        /* An integer is the raw Q16.16 (as dump --json prints it); a real
           number or {"fixed": 1.5} is converted. */
        json_t *fx = json_is_object(v) ? json_object_get(v, "fixed") : NULL;
        if (json_is_object(v) && (!fx || json_object_size(v) != 1 || !json_is_number(fx)))
            return err(c, key, "'%s': an object must be {\"fixed\": NUMBER}", key);
        json_t *num = fx ? fx : v;
        if (json_is_real(num) || fx) {
            rm_fixed r;
            if (!rm_fixed_from_double(json_number_value(num), &r))
                return err(c, key, "'%s': %g does not fit Q16.16", key, json_number_value(num));
            return rm_level_builder_set(c->b, sec, record, key, elem, r);
        }
    }
    if (f->type == RM_JOL_INDEX && json_is_null(v))
        return rm_level_builder_set(c->b, sec, record, key, elem, RM_JOL_NO_INDEX);
    if (!json_is_integer(v))
        return err(c, key, "'%s' wants an integer", key);
    x = json_integer_value(v);
    if (!rm_jol_value_fits(f->type, x))
        return err(c, key, "'%s': %lld does not fit %s", key, (long long)x, rm_jol_type_name(f->type));
    return rm_level_builder_set(c->b, sec, record, key, elem, x);
}

/* Every key of an object of fields (a header or a record). */
static rm_status set_fields(ctx *c, const rm_jol_section *sc, size_t sec, size_t record,
                            json_t *obj, const char *const *extra)
{
    const rm_jol_field *f = record == RM_LEVEL_HEADER ? sc->header : sc->records;
    size_t nf = record == RM_LEVEL_HEADER ? sc->header_count : sc->record_count;
    const char *key;
    json_t *v;
    if (!json_is_object(obj))
        return err(c, NULL, "section %s: %s must be an object", sc->id,
                   record == RM_LEVEL_HEADER ? "the header" : "a record");
    c->scope = obj;
    json_object_foreach(obj, key, v) {
        bool skip = false;
        for (size_t k = 0; extra && extra[k]; k++)
            if (!strcmp(extra[k], key))
                skip = true;
        if (skip)
            continue;
        int i = rm_jol_field_index(f, nf, key);
        if (i < 0)
            return err(c, key, "section %s has no %s field '%s'", sc->id,
                       record == RM_LEVEL_HEADER ? "header" : "record", key);
        rm_status st;
        if (f[i].count > 1) {
            if (!json_is_array(v) || json_array_size(v) != f[i].count)
                return err(c, key, "'%s' wants a list of %u integers", key, f[i].count);
            for (unsigned e = 0; e < f[i].count; e++)
                if ((st = set_field(c, sec, record, &f[i], e, json_array_get(v, e))) != RM_OK)
                    return st;
        } else if ((st = set_field(c, sec, record, &f[i], 0, v)) != RM_OK) {
            return st;
        }
    }
    return RM_OK;
}

static rm_status int_list(const ctx *c, const char *key, json_t *v, int64_t **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (!json_is_array(v))
        return err(c, key, "'%s' wants a list of integers", key);
    size_t count = json_array_size(v);
    int64_t *vals = malloc((count ? count : 1) * sizeof *vals);
    if (!vals)
        return RM_NOMEM;
    for (size_t i = 0; i < count; i++) {
        json_t *x = json_array_get(v, i);
        if (!json_is_integer(x)) {
            free(vals);
            return err(c, key, "'%s': element %zu is not an integer", key, i);
        }
        vals[i] = json_integer_value(x);
    }
    *out = vals;
    *n = count;
    return RM_OK;
}

static rm_status section(ctx *c, json_t *js)
{
    static const char *const top[] = {"id", "version", "flags", "known", "header", "records", "arrays",
                                      "size", "header_size", "record_size", NULL};
    if (!json_is_object(js))
        return err(c, "sections", "a section must be an object");
    c->scope = js;
    const char *key;
    json_t *v;
    json_object_foreach(js, key, v) {
        bool ok = false;
        for (size_t k = 0; top[k]; k++)
            ok |= !strcmp(top[k], key);
        if (!ok)
            return err(c, key, "a section has no key '%s'", key);
    }
    json_t *jid = json_object_get(js, "id");
    const char *id = json_string_value(jid);
    if (!id || strlen(id) != 4)
        return err(c, "id", "a section's \"id\" must be 4 characters");
    for (int k = 0; k < 4; k++)
        if (id[k] < 0x20 || id[k] > 0x7e)
            return err(c, "id", "section id '%s' is not 4 printable characters", id);
    json_t *jver = json_object_get(js, "version"), *jflags = json_object_get(js, "flags");
    if ((jver && !json_is_integer(jver)) || (jflags && !json_is_integer(jflags)))
        return err(c, jver && !json_is_integer(jver) ? "version" : "flags", "section %s: version and flags are integers", id);
    const rm_jol_section *sc = rm_jol_find(id);
    bool lower = false;
    for (int k = 0; k < 4; k++)
        lower |= id[k] >= 'a' && id[k] <= 'z';
    if (!sc || lower) {
        /* Unknown or a game's section: raw bytes in arrays.bytes. */
        json_t *bytes = json_object_get(json_object_get(js, "arrays"), "bytes");
        if (json_is_object(json_object_get(js, "arrays")))
            c->scope = json_object_get(js, "arrays");
        int64_t *vals = NULL;
        size_t n = 0;
        rm_status st = RM_OK;
        if (bytes && (st = int_list(c, "bytes", bytes, &vals, &n)) != RM_OK)
            return st;
        uint8_t *raw = malloc(n ? n : 1);
        for (size_t i = 0; raw && i < n; i++) {
            if (vals[i] < 0 || vals[i] > 255) {
                st = err(c, "bytes", "section %s: byte %zu is %lld", id, i, (long long)vals[i]);
                break;
            }
            raw[i] = (uint8_t)vals[i];
        }
        if (st == RM_OK)
            st = raw ? rm_level_builder_raw(c->b, id, (uint16_t)json_integer_value(jver),
                                            (uint16_t)json_integer_value(jflags), raw, n)
                     : RM_NOMEM;
        if (st == RM_USAGE)
            st = err(c, "id", "a second section '%s'", id);
        free(vals);
        free(raw);
        return st;
    }
    size_t sec = rm_level_builder_section(c->b, id);
    if (sec == (size_t)-1)
        return RM_NOMEM;
    if (jver || jflags)
        rm_level_builder_set_version(c->b, sec, jver ? (uint16_t)json_integer_value(jver) : sc->version,
                                     jflags ? (uint16_t)json_integer_value(jflags) : sc->flags);
    json_t *hs = json_object_get(js, "header_size"), *rs = json_object_get(js, "record_size");
    if (hs || rs) {
        if ((hs && !json_is_integer(hs)) || (rs && !json_is_integer(rs)) ||
            json_integer_value(hs) < 0 || json_integer_value(hs) > 65532 ||
            json_integer_value(rs) < 0 || json_integer_value(rs) > 65532)
            return err(c, hs ? "header_size" : "record_size", "section %s: sizes are integers 0 to 65532", id);
        rm_level_builder_set_sizes(c->b, sec, (uint16_t)json_integer_value(hs), (uint16_t)json_integer_value(rs));
    }
    rm_status st;
    json_t *arrays = json_object_get(js, "arrays");
    if (sc->raw) {
        json_t *strings = json_object_get(arrays, "strings");
        size_t i;
        json_t *x;
        if (json_is_object(arrays) && strings)
            c->scope = arrays;
        if (json_object_get(js, "header") && json_object_size(json_object_get(js, "header")))
            return err(c, "header", "section STRS has no header");
        if (strings && !json_is_array(strings))
            return err(c, "strings", "'strings' wants a list of strings");
        json_array_foreach(strings, i, x) {
            if (!json_is_string(x))
                return err(c, "strings", "'strings': element %zu is not a string", i);
            if ((st = rm_level_builder_add_string(c->b, json_string_value(x))) != RM_OK)
                return st;
        }
        return RM_OK;
    }
    json_t *header = json_object_get(js, "header");
    if (header && (st = set_fields(c, sc, sec, RM_LEVEL_HEADER, header, NULL)) != RM_OK)
        return st;
    json_t *records = json_object_get(js, "records");
    c->scope = js;
    if (records) {
        size_t i;
        json_t *r;
        if (!json_is_array(records))
            return err(c, "records", "'records' wants a list of objects");
        if (json_array_size(records) && !sc->record_count)
            return err(c, "records", "section %s has no records", id);
        json_array_foreach(records, i, r) {
            size_t rec = rm_level_builder_add_record(c->b, sec);
            if (rec == (size_t)-1)
                return RM_NOMEM;
            if ((st = set_fields(c, sc, sec, rec, r, NULL)) != RM_OK)
                return st;
        }
    }
    c->scope = js;
    if (arrays) {
        if (!json_is_object(arrays))
            return err(c, "arrays", "'arrays' wants an object");
        c->scope = arrays;
        json_object_foreach(arrays, key, v) {
            int64_t *vals;
            size_t n;
            if ((st = int_list(c, key, v, &vals, &n)) != RM_OK)
                return st;
            st = rm_level_builder_set_array(c->b, sec, key, vals, n);
            free(vals);
            if (st == RM_USAGE)
                return err(c, key, "section %s has no array '%s'", id, key);
            if (st != RM_OK)
                return st;
        }
    }
    return RM_OK;
}

/* The far model of an entity (far.c checks its "far"): the properties
   far_model (STRING) and far_distance (INT), the types of the schema's
   "all the classes", after the entity's own properties. Without an
   assignment a "far" is left out with a warning: only `retromesh build`
   has the model's source to simplify. */
static rm_status far_props(ctx *c, const json_t *je, size_t e, const rm_level_far_assign *as)
{
    rm_jol_far_entity fe;
    rm_status st = rm_jol_far_entity_read(c, je, &fe);
    c->scope = je;
    if (st != RM_OK)
        return st;
    if (!as) {
        if (fe.far.set)
            rm_jol_json_say(c, RM_WARNING, "far",
                            "\"far\" is made by retromesh build (docs/build.md): left out here");
        return RM_OK;
    }
    if (fe.has_far_model)
        return rm_jol_far_twice(c, je, false);
    if (as->has_distance && fe.has_far_distance)
        return rm_jol_far_twice(c, je, true);
    if ((st = rm_level_builder_add_prop_string(c->b, e, "far_model", as->far_model)) != RM_OK)
        return st;
    if (as->has_distance)
        st = rm_level_builder_add_prop_int(c->b, e, "far_distance", as->distance);
    return st;
}

/* An entity of "entities"; `as`: the far model rm_level_build_json_ex
   gives it (NULL: none). */
static rm_status entity(ctx *c, json_t *je, const rm_level_far_assign *as)
{
    static const char *const extra[] = {"props", "links", "far", NULL};
    if (!json_is_object(je))
        return err(c, "entities", "an entity must be an object");
    c->scope = je;
    const char *name = json_string_value(json_object_get(je, "name"));
    const char *cls = json_string_value(json_object_get(je, "cls"));
    if (!name)
        return err(c, "entities", "an entity needs a \"name\" (a string)");
    size_t sec = rm_level_builder_section(c->b, "ENTI");
    size_t e = rm_level_builder_add_entity(c->b, name, cls ? cls : "entity");
    if (e == (size_t)-1)
        return RM_NOMEM;
    rm_status st = set_fields(c, rm_jol_find("ENTI"), sec, e, je, extra);
    if (st != RM_OK)
        return st;
    json_t *props = json_object_get(je, "props");
    if (props) {
        const char *key;
        json_t *v;
        if (!json_is_object(props))
            return err(c, "props", "'props' wants an object");
        c->scope = props;
        json_object_foreach(props, key, v) {
            json_t *fx = json_is_object(v) ? json_object_get(v, "fixed") : NULL;
            if (json_is_integer(v)) {
                json_int_t x = json_integer_value(v);
                if (x < INT32_MIN || x > INT32_MAX)
                    return err(c, key, "property '%s': %lld does not fit i32", key, (long long)x);
                st = rm_level_builder_add_prop_int(c->b, e, key, (int32_t)x);
            } else if (json_is_string(v)) {
                st = rm_level_builder_add_prop_string(c->b, e, key, json_string_value(v));
            } else if (json_is_real(v) || (fx && json_is_number(fx) && json_object_size(v) == 1)) {
                rm_fixed r;
                if (!rm_fixed_from_double(json_number_value(fx ? fx : v), &r))
                    return err(c, key, "property '%s' does not fit Q16.16", key);
                st = rm_level_builder_add_prop_fixed(c->b, e, key, r);
            } else {
                return err(c, key, "property '%s' wants an integer, a string, a number or {\"fixed\": N}", key);
            }
            if (st != RM_OK)
                return st;
        }
    }
    if ((st = far_props(c, je, e, as)) != RM_OK)
        return st;
    json_t *links = json_object_get(je, "links");
    c->scope = je;
    if (links) {
        size_t i;
        json_t *l;
        if (!json_is_array(links))
            return err(c, "links", "'links' wants a list of objects");
        json_array_foreach(links, i, l) {
            static const char *const keys[] = {"event", "action", "target", "delay", "param", NULL};
            const char *key;
            json_t *v;
            c->scope = je;
            if (!json_is_object(l))
                return err(c, "links", "a link must be an object");
            c->scope = l;
            json_object_foreach(l, key, v) {
                bool ok = false;
                for (size_t k = 0; keys[k]; k++)
                    ok |= !strcmp(keys[k], key);
                if (!ok)
                    return err(c, key, "a link has no key '%s'", key);
            }
            int64_t ev = 0, ac = 0, delay = 0, param = -1;
            if (json_object_get(l, "event") &&
                (st = enum_value(c, "event", "EVENT", json_object_get(l, "event"), &ev)) != RM_OK)
                return st;
            if (json_object_get(l, "action") &&
                (st = enum_value(c, "action", "ACTION", json_object_get(l, "action"), &ac)) != RM_OK)
                return st;
            json_t *jd = json_object_get(l, "delay"), *jp = json_object_get(l, "param");
            json_t *jt = json_object_get(l, "target");
            if (jd) {
                if (!json_is_integer(jd) || json_integer_value(jd) < 0 || json_integer_value(jd) > 65535)
                    return err(c, "delay", "'delay' wants an integer 0 to 65535");
                delay = json_integer_value(jd);
            }
            if (jp) {
                if (!json_is_integer(jp) || json_integer_value(jp) < INT32_MIN || json_integer_value(jp) > INT32_MAX)
                    return err(c, "param", "'param' wants an i32");
                param = json_integer_value(jp);
            }
            if (jt && !json_is_string(jt) && !json_is_null(jt))
                return err(c, "target", "'target' wants the name of an entity or null");
            if (ev < 0 || ev > 65535 || ac < 0 || ac > 65535)
                return err(c, "event", "event and action are u16");
            st = rm_level_builder_add_link(c->b, e, (uint16_t)ev, (uint16_t)ac, json_string_value(jt),
                                           (uint16_t)delay, (int32_t)param);
            if (st != RM_OK)
                return st;
        }
    }
    return RM_OK;
}

json_t *rm_jol_json_load(const char *text, size_t len, const char *file, rm_diag *diag)
{
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root)
        rm_diag_at(diag, RM_ERROR, file, (unsigned long)(je.line > 0 ? je.line : 0),
                   (unsigned long)(je.column > 0 ? je.column : 0), "%s", je.text);
    return root;
}

/* The far models of rm_level_build_json_ex by entity (*out[i]: the
   assignment of entities[i], NULL: none); RM_USAGE for an entity that is
   not there, one given twice, no file name or a distance out of range. */
static rm_status far_table(const ctx *c, const rm_level_json_options *opt, size_t entities,
                           const rm_level_far_assign ***out)
{
    *out = NULL;
    if (!opt || !opt->far_count)
        return RM_OK;
    const rm_level_far_assign **t = calloc(entities ? entities : 1, sizeof *t);
    if (!t)
        return RM_NOMEM;
    for (size_t k = 0; k < opt->far_count; k++) {
        const rm_level_far_assign *a = &opt->far[k];
        const char *why = NULL;
        if (a->entity >= entities)
            why = "no such entity";
        else if (t[a->entity])
            why = "a second far model for the entity";
        else if (!a->far_model || !*a->far_model)
            why = "no file name";
        else if (a->has_distance && a->distance < 1)
            why = "a distance below 1";
        if (why) {
            rm_diag_at(c->diag, RM_ERROR, c->file, 0, 0, "far model %zu (entity %zu of %zu): %s", k,
                       a->entity, entities, why);
            free(t);
            return RM_USAGE;
        }
        t[a->entity] = a;
    }
    *out = t;
    return RM_OK;
}

rm_status rm_level_build_json(const char *text, size_t len, const char *name, uint8_t **data,
                              size_t *size, rm_diag *diag)
{
    return rm_level_build_json_ex(text, len, name, NULL, data, size, diag);
}

rm_status rm_level_build_json_ex(const char *text, size_t len, const char *name,
                                 const rm_level_json_options *opt, uint8_t **data, size_t *size,
                                 rm_diag *diag)
{
    *data = NULL;
    *size = 0;
    ctx c = {text, len, name ? name : "<json>", diag, NULL, NULL, NULL};
    const rm_level_far_assign **far = NULL;
    json_t *root = rm_jol_json_load(text, len, c.file, diag);
    if (!root)
        return RM_INVALID;
    rm_status st = RM_OK;
    c.root = root;
    c.scope = root;
    if (!json_is_object(root)) {
        st = err(&c, NULL, "a level is a JSON object");
        goto done;
    }
    static const char *const top[] = {"name", "sections", "entities", "version", "flags", "size", NULL};
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        bool ok = false;
        for (size_t k = 0; top[k]; k++)
            ok |= !strcmp(top[k], key);
        if (!ok) {
            st = err(&c, key, "a level has no key '%s' (name, sections, entities)", key);
            goto done;
        }
    }
    json_t *jname = json_object_get(root, "name");
    if (jname && !json_is_string(jname)) {
        st = err(&c, "name", "'name' wants a string");
        goto done;
    }
    c.b = rm_level_builder_create(json_string_value(jname));
    if (!c.b) {
        st = RM_NOMEM;
        goto done;
    }
    json_t *secs = json_object_get(root, "sections"), *ents = json_object_get(root, "entities");
    size_t i;
    if (secs && !json_is_array(secs)) {
        st = err(&c, "sections", "'sections' wants a list");
        goto done;
    }
    json_array_foreach(secs, i, v) {
        if ((st = section(&c, v)) != RM_OK)
            goto done;
    }
    c.scope = root;
    if (ents && !json_is_array(ents)) {
        st = err(&c, "entities", "'entities' wants a list");
        goto done;
    }
    if ((st = far_table(&c, opt, json_array_size(ents), &far)) != RM_OK)
        goto done;
    json_array_foreach(ents, i, v) {
        if ((st = entity(&c, v, far ? far[i] : NULL)) != RM_OK)
            goto done;
    }
    /* The writer's messages name the section, record and field: they get
       the file and, when the value came from this JSON, its place. */
    rm_diag wd;
    rm_diag_init(&wd);
    st = rm_level_builder_write(c.b, data, size, &wd);
    for (size_t k = 0; k < wd.count; k++)
        builder_message(&c, wd.items[k].severity, wd.items[k].text);
    rm_diag_free(&wd);
done:
    if (st == RM_NOMEM)
        rm_diag_at(diag, RM_ERROR, c.file, 0, 0, "out of memory");
    free(far);
    rm_level_builder_free(c.b);
    json_decref(root);
    return st;
}
