/* src/formats/jol/read.c - opening a level from memory, and reading its
   fields with the defaults of the schema (see retromesh/level.h).

   Every count, offset and size of the header and the directory is checked
   here, once: afterwards a section's header and records are known to be
   inside its bytes, and its bytes inside the file. Messages:
   "FILE: section ID at 0xOFFSET: what is wrong". */
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "jol_internal.h"

static bool has_lower(const char *id)
{
    for (int i = 0; i < 4; i++)
        if (id[i] >= 'a' && id[i] <= 'z')
            return true;
    return false;
}

static bool printable_id(const uint8_t *p)
{
    for (int i = 0; i < 4; i++)
        if (p[i] < 0x20 || p[i] > 0x7e)
            return false;
    return true;
}

static int cmp_offset(const void *a, const void *b)
{
    const rm_level_section *x = *(const rm_level_section *const *)a;
    const rm_level_section *y = *(const rm_level_section *const *)b;
    if (x->offset != y->offset)
        return x->offset < y->offset ? -1 : 1;
    /* Same offset: order by place in the directory (stable, deterministic). */
    return x < y ? -1 : x > y;
}

rm_status rm_level_open(rm_level *lv, const uint8_t *data, size_t size, const char *name,
                        rm_diag *diag)
{
    memset(lv, 0, sizeof *lv);
    const char *file = name ? name : "<level>";
    lv->file = file;
    if (!data || size < RM_JOL_FILE_HEADER_SIZE) {
        rm_diag_chunk(diag, RM_ERROR, file, "header", "JOLV", 0,
                      "file of %zu bytes is shorter than the 16-byte header", data ? size : 0);
        return RM_INVALID;
    }
    uint32_t magic = rm_be32(data), fsize = rm_be32(data + 8), count = rm_be32(data + 12);
    uint16_t version = rm_be16(data + 4);
    if (magic != RM_JOL_MAGIC) {
        rm_diag_chunk(diag, RM_ERROR, file, "header", "JOLV", 0,
                      "magic is 0x%08lx, not 'JOLV' (not a level)", (unsigned long)magic);
        return RM_INVALID;
    }
    if (version != RM_JOL_FORMAT_VERSION) {
        rm_diag_chunk(diag, RM_ERROR, file, "header", "JOLV", 4,
                      "format version %u is not %u (a file for another engine)", version,
                      RM_JOL_FORMAT_VERSION);
        return RM_INVALID;
    }
    if (fsize != size) {
        rm_diag_chunk(diag, RM_ERROR, file, "header", "JOLV", 8,
                      "size field %lu is not the file's %zu bytes%s", (unsigned long)fsize, size,
                      fsize > size ? " (file cut short?)" : "");
        return RM_INVALID;
    }
    if ((uint64_t)count > (size - RM_JOL_FILE_HEADER_SIZE) / RM_JOL_DIR_ENTRY_SIZE) {
        rm_diag_chunk(diag, RM_ERROR, file, "header", "JOLV", 12,
                      "section_count %lu: a directory of that many entries does not fit in %zu bytes",
                      (unsigned long)count, size);
        return RM_INVALID;
    }
    lv->data = data;
    lv->size = size;
    lv->version = version;
    lv->flags = rm_be16(data + 6);
    lv->section_count = count;
    if (count) {
        lv->sections = calloc(count, sizeof *lv->sections);
        if (!lv->sections) {
            rm_diag_chunk(diag, RM_ERROR, file, "header", "JOLV", 12, "out of memory");
            return RM_NOMEM;
        }
    }
    uint64_t dir_end = RM_JOL_FILE_HEADER_SIZE + (uint64_t)count * RM_JOL_DIR_ENTRY_SIZE;
    rm_status st = RM_OK;
    for (uint32_t i = 0; i < count && st == RM_OK; i++) {
        const uint8_t *e = data + RM_JOL_FILE_HEADER_SIZE + (size_t)i * RM_JOL_DIR_ENTRY_SIZE;
        unsigned long at = (unsigned long)(RM_JOL_FILE_HEADER_SIZE + (size_t)i * RM_JOL_DIR_ENTRY_SIZE);
        rm_level_section *s = &lv->sections[i];
        char shown[5] = "????";
        if (printable_id(e))
            memcpy(shown, e, 4);
        if (!printable_id(e)) {
            rm_diag_chunk(diag, RM_ERROR, file, "directory entry", shown, at,
                          "identifier bytes %02x %02x %02x %02x are not 4 printable characters", e[0],
                          e[1], e[2], e[3]);
            st = RM_INVALID;
            break;
        }
        memcpy(s->id, e, 4);
        s->version = rm_be16(e + 4);
        s->flags = rm_be16(e + 6);
        s->offset = rm_be32(e + 8);
        s->size = rm_be32(e + 12);
        s->header_size = rm_be16(e + 16);
        s->record_size = rm_be16(e + 18);
        s->record_count = rm_be32(e + 20);
        s->game = has_lower(s->id);
        s->known = !s->game && rm_jol_find(s->id) != NULL;
        const rm_jol_section *sc = s->known ? rm_jol_find(s->id) : NULL;
        if (s->offset % 4 != 0 || s->offset < dir_end || (uint64_t)s->offset + s->size > size) {
            rm_diag_chunk(diag, RM_ERROR, file, "section", s->id, at,
                          "offset 0x%lx size %lu is not a 4-aligned place after the directory and "
                          "inside the file (%zu bytes)",
                          (unsigned long)s->offset, (unsigned long)s->size, size);
            st = RM_INVALID;
            break;
        }
        if (!sc && !s->game && (s->flags & RM_JOL_FLAG_REQUIRED)) {
            rm_diag_chunk(diag, RM_ERROR, file, "section", s->id, s->offset,
                          "unknown section '%s' is flagged REQUIRED: this level needs a newer engine",
                          s->id);
            st = RM_INVALID;
            break;
        }
        if (sc && sc->raw) {
            /* STRS is read by its size alone (its directory fields may be 0, 1, size). */
            s->data = data + s->offset;
            continue;
        }
        uint64_t need = s->header_size + (uint64_t)s->record_size * s->record_count;
        if (need > s->size || (s->record_count && !s->record_size)) {
            rm_diag_chunk(diag, RM_ERROR, file, "section", s->id, s->offset,
                          "header_size %u + record_size %u x record_count %lu does not fit in its size %lu",
                          s->header_size, s->record_size, (unsigned long)s->record_count,
                          (unsigned long)s->size);
            st = RM_INVALID;
            break;
        }
        s->data = data + s->offset;
    }
    /* Sections must not overlap, and an identifier comes once. */
    if (st == RM_OK && count > 1) {
        const rm_level_section **order = malloc(count * sizeof *order);
        if (!order) {
            st = RM_NOMEM;
        } else {
            for (uint32_t i = 0; i < count; i++)
                order[i] = &lv->sections[i];
            qsort(order, count, sizeof *order, cmp_offset);
            for (uint32_t i = 1; i < count && st == RM_OK; i++)
                if ((uint64_t)order[i - 1]->offset + order[i - 1]->size > order[i]->offset) {
                    rm_diag_chunk(diag, RM_ERROR, file, "section", order[i]->id, order[i]->offset,
                                  "overlaps section %s (0x%lx, %lu bytes)", order[i - 1]->id,
                                  (unsigned long)order[i - 1]->offset, (unsigned long)order[i - 1]->size);
                    st = RM_INVALID;
                }
            free(order);
            for (uint32_t i = 0; i < count && st == RM_OK; i++)
                for (uint32_t j = 0; j < i; j++)
                    if (!memcmp(lv->sections[i].id, lv->sections[j].id, 4)) {
                        rm_diag_chunk(diag, RM_ERROR, file, "section", lv->sections[i].id,
                                      lv->sections[i].offset, "a second section '%s' (the first is at 0x%lx)",
                                      lv->sections[i].id, (unsigned long)lv->sections[j].offset);
                        st = RM_INVALID;
                        break;
                    }
        }
    }
    if (st != RM_OK)
        rm_level_close(lv);
    return st;
}

void rm_level_close(rm_level *lv)
{
    if (!lv)
        return;
    free(lv->sections);
    memset(lv, 0, sizeof *lv);
}

const rm_level_section *rm_level_find_section(const rm_level *lv, const char *id)
{
    if (!lv || !id || strlen(id) != 4)
        return NULL;
    for (uint32_t i = 0; i < lv->section_count; i++)
        if (!memcmp(lv->sections[i].id, id, 4))
            return &lv->sections[i];
    return NULL;
}

const char *rm_level_string(const rm_level *lv, uint32_t offset)
{
    const rm_level_section *s = rm_level_find_section(lv, "STRS");
    if (!s || offset == RM_JOL_NO_STRING || offset >= s->size)
        return NULL;
    if (!memchr(s->data + offset, 0, s->size - offset))
        return NULL;
    return (const char *)s->data + offset;
}

int64_t rm_jol_decode(const uint8_t *base, uint32_t avail, const rm_jol_field *f, uint32_t offset,
                      unsigned elem)
{
    uint32_t es = rm_jol_type_size(f->type);
    uint64_t at = offset + (uint64_t)elem * es;
    if (!base || at + es > avail)
        return f->def;
    const uint8_t *p = base + at;
    switch (f->type) {
    case RM_JOL_U8: return p[0];
    case RM_JOL_I8: return (int8_t)p[0];
    case RM_JOL_U16: case RM_JOL_INDEX: return rm_be16(p);
    case RM_JOL_I16: return (int16_t)rm_be16(p);
    case RM_JOL_I32: case RM_JOL_FIXED: return (int32_t)rm_be32(p);
    default: return rm_be32(p);
    }
}

const uint8_t *rm_jol_base(const rm_level_section *s, size_t record, uint32_t *avail)
{
    if (record == RM_LEVEL_HEADER) {
        *avail = s->header_size;
        return s->data;
    }
    *avail = s->record_size;
    return s->data + s->header_size + (size_t)record * s->record_size;
}

bool rm_jol_array_span(const rm_level_section *s, const rm_jol_section *sc, const rm_jol_array *a,
                       uint32_t *offset, uint64_t *count, const char **why)
{
    rm_jol_layout lay;
    rm_jol_compute_layout(sc->header, sc->header_count, &lay);
    int io = rm_jol_field_index(sc->header, sc->header_count, a->offset_field);
    int ia = rm_jol_field_index(sc->header, sc->header_count, a->len_a);
    int ib = a->len_b ? rm_jol_field_index(sc->header, sc->header_count, a->len_b) : -1;
    uint64_t n = ia < 0 ? 0 : (uint64_t)rm_jol_decode(s->data, s->header_size, &sc->header[ia], lay.offset[ia], 0);
    if (ib >= 0)
        n *= (uint64_t)rm_jol_decode(s->data, s->header_size, &sc->header[ib], lay.offset[ib], 0);
    uint32_t off = io < 0 ? 0 : (uint32_t)rm_jol_decode(s->data, s->header_size, &sc->header[io], lay.offset[io], 0);
    *offset = off;
    *count = n;
    *why = NULL;
    uint32_t es = rm_jol_type_size(a->type);
    if (n == 0)
        return true;
    if (off == 0) {
        *why = "is 0 (empty) but its length is not";
        return false;
    }
    if (off % es != 0) {
        *why = "is not aligned on the size of its elements";
        return false;
    }
    if (off < s->header_size + (uint64_t)s->record_size * s->record_count ||
        off + n * es > s->size) {
        *why = "puts the array outside the section (after the header and the records)";
        return false;
    }
    return true;
}

static bool resolve(const rm_level *lv, const rm_level_section *s, size_t record, const char *field,
                    const rm_jol_section **sc, const rm_jol_field **f, size_t *nf, int *index)
{
    if (!lv || !s || !s->known || !field)
        return false;
    *sc = rm_jol_find(s->id);
    if (!*sc || (*sc)->raw)
        return false;
    if (record == RM_LEVEL_HEADER) {
        *f = (*sc)->header;
        *nf = (*sc)->header_count;
    } else {
        if (record >= s->record_count)
            return false;
        *f = (*sc)->records;
        *nf = (*sc)->record_count;
    }
    *index = rm_jol_field_index(*f, *nf, field);
    return *index >= 0;
}

rm_status rm_level_get_value(const rm_level *lv, const rm_level_section *s, size_t record,
                             const char *field, unsigned elem, int64_t *value)
{
    const rm_jol_section *sc;
    const rm_jol_field *f;
    size_t nf;
    int i;
    if (!resolve(lv, s, record, field, &sc, &f, &nf, &i) || elem >= f[i].count)
        return RM_USAGE;
    rm_jol_layout lay;
    rm_jol_compute_layout(f, nf, &lay);
    uint32_t avail;
    const uint8_t *base = rm_jol_base(s, record, &avail);
    *value = rm_jol_decode(base, avail, &f[i], lay.offset[i], elem);
    return RM_OK;
}

/* Stores a value in native order at the schema's offset (the generated
   structs of level_format.h have these offsets). */
static void store(uint8_t *out, const rm_jol_field *f, uint32_t at, int64_t v)
{
    switch (rm_jol_type_size(f->type)) {
    case 1: { uint8_t x = (uint8_t)v; memcpy(out + at, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)v; memcpy(out + at, &x, 2); break; }
    default: { uint32_t x = (uint32_t)v; memcpy(out + at, &x, 4); break; }
    }
}

static void fill(const uint8_t *base, uint32_t avail, const rm_jol_field *f, size_t nf,
                 const rm_jol_layout *lay, uint8_t *out)
{
    memset(out, 0, lay->size);
    for (size_t i = 0; i < nf; i++)
        for (unsigned e = 0; e < f[i].count; e++)
            store(out, &f[i], lay->offset[i] + e * rm_jol_type_size(f[i].type),
                  rm_jol_decode(base, avail, &f[i], lay->offset[i], e));
}

rm_status rm_level_get_header(const rm_level *lv, const char *id, void *out, size_t out_size)
{
    const rm_jol_section *sc = id ? rm_jol_find(id) : NULL;
    if (!sc || sc->raw || !out)
        return RM_USAGE;
    rm_jol_layout lay;
    rm_jol_compute_layout(sc->header, sc->header_count, &lay);
    if (out_size < lay.size)
        return RM_USAGE;
    const rm_level_section *s = rm_level_find_section(lv, id);
    /* A missing section reads as a header of defaults. */
    fill(s ? s->data : NULL, s ? s->header_size : 0, sc->header, sc->header_count, &lay, out);
    return RM_OK;
}

rm_status rm_level_get_records(const rm_level *lv, const char *id, uint32_t first, uint32_t count,
                               void *out, size_t stride)
{
    const rm_jol_section *sc = id ? rm_jol_find(id) : NULL;
    const rm_level_section *s = rm_level_find_section(lv, id);
    if (!sc || sc->raw || !s || (!out && count))
        return RM_USAGE;
    rm_jol_layout lay;
    rm_jol_compute_layout(sc->records, sc->record_count, &lay);
    if (stride < lay.size || (uint64_t)first + count > s->record_count)
        return RM_USAGE;
    for (uint32_t r = 0; r < count; r++) {
        uint32_t avail;
        const uint8_t *base = rm_jol_base(s, first + r, &avail);
        fill(base, avail, sc->records, sc->record_count, &lay, (uint8_t *)out + (size_t)r * stride);
    }
    return RM_OK;
}
