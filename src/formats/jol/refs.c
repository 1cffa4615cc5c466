/* src/formats/jol/refs.c - the model files (.JOM) a level names, in the
   order the engine loads them, each with the records that name it.

   Which fields: every string field of the schema whose file_ext is "JOM"
   (MODL.file, ENTI.model, CELL.model, CELL.reflection, WEAP.model: a new
   one follows by itself), and the STRING properties of an entity that name
   a model: the engine's model properties (far_model, dead_model,
   cockpit_model: the class properties of the schema with file_ext "JOM")
   and any other string value ending in ".JOM" (a game's class).

   The order (docs/budget.md): the sections in the order of the directory
   (the engine walks the directory as it reads the file), the records in
   order, the fields in record order; an entity's properties right after
   its own fields (the class reads them when the entity is spawned). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jol_internal.h"
#include "core/alloc.h"
#include "retromesh/level_format.h"

static int ascii_lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (ascii_lower((unsigned char)*a) != ascii_lower((unsigned char)*b))
            return 0;
    return *a == *b;
}

static int ends_with_jom(const char *s)
{
    size_t n = strlen(s);
    return n > 4 && same_name(s + n - 4, ".jom");
}

/* A property key the engine's classes declare as a JOM file. */
static int is_model_property(const char *key)
{
    for (size_t c = 0; c < rm_jol_class_count; c++)
        for (size_t p = 0; p < rm_jol_classes[c].prop_count; p++) {
            const rm_jol_prop *pr = &rm_jol_classes[c].props[p];
            if (pr->type == RM_JOL_PROP_STRING && pr->file_ext && !strcmp(pr->file_ext, "JOM") &&
                !strcmp(pr->name, key))
                return 1;
        }
    return 0;
}

static rm_status add_ref(rm_level_model_refs *r, const char *section, uint32_t record,
                         const char *field, uint32_t entity, const char *entity_name,
                         const char *file)
{
    size_t f;
    for (f = 0; f < r->file_count; f++)
        if (same_name(r->files[f], file))
            break;
    if (f == r->file_count) {
        char **nf = realloc(r->files, (r->file_count + 1) * sizeof *nf);
        if (!nf)
            return RM_NOMEM;
        r->files = nf;
        if (!(r->files[r->file_count] = rm_strdup(file)))
            return RM_NOMEM;
        r->file_count++;
    }
    rm_level_model_ref *nr = realloc(r->refs, (r->ref_count + 1) * sizeof *nr);
    if (!nr)
        return RM_NOMEM;
    r->refs = nr;
    rm_level_model_ref *ref = &r->refs[r->ref_count];
    memset(ref, 0, sizeof *ref);
    memcpy(ref->section, section, 4);
    ref->record = record;
    ref->entity = entity;
    ref->file = f;
    ref->field = rm_strdup(field);
    ref->entity_name = entity_name ? rm_strdup(entity_name) : NULL;
    r->ref_count++;     /* counted now: free() releases what was copied */
    if (!ref->field || (entity_name && !ref->entity_name))
        return RM_NOMEM;
    return RM_OK;
}

/* Where a field of a record is in the file (for messages). */
static unsigned long field_offset(const rm_level_section *s, size_t record, uint32_t at)
{
    uint64_t off = (uint64_t)s->offset + s->header_size + (uint64_t)record * s->record_size + at;
    return (unsigned long)off;
}

/* The text of a string field: *text NULL for none (0xFFFFFFFF or "");
   false with an error when the offset is not a string of STRS. */
static int field_string(const rm_level *lv, const rm_level_section *s, size_t record,
                        const rm_jol_field *f, uint32_t at, const char **text, rm_diag *diag)
{
    uint32_t avail;
    const uint8_t *base = rm_jol_base(s, record, &avail);
    uint32_t v = (uint32_t)rm_jol_decode(base, avail, f, at, 0);
    *text = NULL;
    if (v == RM_JOL_NO_STRING)
        return 1;
    const char *t = rm_level_string(lv, v);
    if (!t) {
        rm_diag_chunk(diag, RM_ERROR, lv->file, "section", s->id, field_offset(s, record, at),
                      "record %lu field %s: string offset 0x%X is not a string of STRS",
                      (unsigned long)record, f->name, (unsigned)v);
        return 0;
    }
    if (*t)
        *text = t;
    return 1;
}

/* The model properties of entity `e` (its range of PROP). */
static rm_status entity_props(const rm_level *lv, const rm_level_section *enti, uint32_t e,
                              const char *ename, rm_level_model_refs *out, rm_diag *diag)
{
    int64_t first = 0, count = 0;
    rm_level_get_value(lv, enti, e, "first_prop", 0, &first);
    rm_level_get_value(lv, enti, e, "prop_count", 0, &count);
    if (count == 0)
        return RM_OK;
    const rm_level_section *prop = rm_level_find_section(lv, "PROP");
    uint32_t have = prop ? prop->record_count : 0;
    if (!prop || first + count > (int64_t)have) {
        rm_diag_chunk(diag, RM_ERROR, lv->file, "section", "ENTI",
                      field_offset(enti, e, RM_LEVEL_ENTI_RECORD_FIRST_PROP_OFFSET),
                      "record %lu field first_prop: first_prop %lld + prop_count %lld is past the %lu "
                      "records of PROP",
                      (unsigned long)e, (long long)first, (long long)count, (unsigned long)have);
        return RM_INVALID;
    }
    const rm_jol_section *sc = rm_jol_find("PROP");
    rm_jol_layout lay;
    rm_jol_compute_layout(sc->records, sc->record_count, &lay);
    int ik = rm_jol_field_index(sc->records, sc->record_count, "key");
    int iv = rm_jol_field_index(sc->records, sc->record_count, "value");
    for (uint32_t p = (uint32_t)first; p < (uint32_t)(first + count); p++) {
        int64_t type = 0;
        rm_level_get_value(lv, prop, p, "type", 0, &type);
        if (type != RM_JOL_PROP_STRING)
            continue;
        const char *key, *value;
        if (!field_string(lv, prop, p, &sc->records[ik], lay.offset[ik], &key, diag) ||
            !field_string(lv, prop, p, &sc->records[iv], lay.offset[iv], &value, diag))
            return RM_INVALID;
        if (!key || !value)
            continue;
        if (is_model_property(key) || ends_with_jom(value)) {
            rm_status st = add_ref(out, "PROP", p, key, e, ename, value);
            if (st != RM_OK)
                return st;
        }
    }
    return RM_OK;
}

static rm_status section_refs(const rm_level *lv, const rm_level_section *s, const rm_jol_section *sc,
                              rm_level_model_refs *out, rm_diag *diag)
{
    rm_jol_layout lay;
    rm_jol_compute_layout(sc->records, sc->record_count, &lay);
    int is_enti = !strcmp(s->id, "ENTI");
    int iname = is_enti ? rm_jol_field_index(sc->records, sc->record_count, "name") : -1;
    for (uint32_t r = 0; r < s->record_count; r++) {
        const char *ename = NULL;
        if (iname >= 0 && !field_string(lv, s, r, &sc->records[iname], lay.offset[iname], &ename, diag))
            return RM_INVALID;
        for (size_t i = 0; i < sc->record_count; i++) {
            const rm_jol_field *f = &sc->records[i];
            if (f->type != RM_JOL_STRING || !f->file_ext || strcmp(f->file_ext, "JOM") != 0)
                continue;
            const char *text;
            if (!field_string(lv, s, r, f, lay.offset[i], &text, diag))
                return RM_INVALID;
            if (!text)
                continue;
            rm_status st = add_ref(out, s->id, r, f->name, is_enti ? r : RM_LEVEL_NO_ENTITY, ename, text);
            if (st != RM_OK)
                return st;
        }
        if (is_enti) {
            rm_status st = entity_props(lv, s, r, ename, out, diag);
            if (st != RM_OK)
                return st;
        }
    }
    return RM_OK;
}

rm_status rm_level_model_refs_collect(const rm_level *lv, rm_level_model_refs *out, rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    if (!lv)
        return RM_USAGE;
    for (uint32_t i = 0; i < lv->section_count; i++) {
        const rm_level_section *s = &lv->sections[i];
        const rm_jol_section *sc = s->known ? rm_jol_find(s->id) : NULL;
        if (!sc || sc->raw)
            continue;
        rm_status st = section_refs(lv, s, sc, out, diag);
        if (st != RM_OK) {
            rm_level_model_refs_free(out);
            return st;
        }
    }
    return RM_OK;
}

void rm_level_model_refs_free(rm_level_model_refs *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->ref_count; i++) {
        free(r->refs[i].field);
        free(r->refs[i].entity_name);
    }
    for (size_t i = 0; i < r->file_count; i++)
        free(r->files[i]);
    free(r->refs);
    free(r->files);
    memset(r, 0, sizeof *r);
}

void rm_level_model_ref_describe(const rm_level_model_ref *ref, char *buf, size_t size)
{
    if (!size)
        return;
    if (!strcmp(ref->section, "PROP"))
        snprintf(buf, size, "ENTI %lu%s%s%s property %s (PROP %lu)", (unsigned long)ref->entity,
                 ref->entity_name ? " '" : "", ref->entity_name ? ref->entity_name : "",
                 ref->entity_name ? "'" : "", ref->field, (unsigned long)ref->record);
    else
        snprintf(buf, size, "%s %lu%s%s%s field %s", ref->section, (unsigned long)ref->record,
                 ref->entity_name ? " '" : "", ref->entity_name ? ref->entity_name : "",
                 ref->entity_name ? "'" : "", ref->field);
}
