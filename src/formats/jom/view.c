/* src/formats/jom/view.c - jom_view_open: a JOM file validated in place
   (jom_internal.h), and the accessors that read its records.

   The file is hostile: every count, size, index and offset is checked
   against the bytes before use, sizes are computed in 64 bits, and nothing
   is read before the bounds that hold it are known. The checks are those
   of rm_jom_read (which is this view followed by the copies), in the same
   order, with the same messages:
     1. the header and the walk over the chunk headers (sizes, order,
        duplicates, END);
     2. the records of each known chunk, in the documented order: counts
        against sizes, the TIMG entries one after the other, the ANIM
        records and where their keys are (a chunk whose size does not match
        its count is reported and left out);
     3. the counts that must agree between chunks, then the content rules
        shared with rm_jom_validate() (validate.c), reading the records
        from the bytes.
   Only a count and an offset are kept per chunk. The scratch memory is one
   block for the key ranges of ANIM (on the stack for a few animations) and
   the group checks' arrays of validate.c. */
#include "jom_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct view_read {
    jom_check c;
    jom_view *v;
    bool nomem;
} view_read;

/* Checks the count of a chunk of fixed-size records: the records (and the
   padding of 2-byte records) fill the chunk exactly. */
static bool check_count(view_read *r, int kind, uint32_t record)
{
    const jom_view *v = r->v;
    uint64_t off = v->offset[kind];
    uint32_t size = v->size_of[kind];
    if (size < JOM_COUNT_SIZE) {
        jom_report(&r->c, RM_ERROR, kind, off, "size %u, too small for the count (4 bytes)", size);
        return false;
    }
    uint32_t n = rm_be32(v->data + off + JOM_CHUNK_HEADER_SIZE);
    r->v->count[kind] = n;
    uint64_t want = jom_records_size(n, record);
    bool pad = record == JOM_U16_SIZE && (n & 1u);
    if (want != size) {
        jom_report(&r->c, RM_ERROR, kind, off,
                   "size %u does not match the count: 4 + %u x %u%s = %llu bytes", size, n, record,
                   pad ? " + 2 (padding)" : "", (unsigned long long)want);
        return false;
    }
    if (pad) {
        uint64_t p = off + JOM_CHUNK_HEADER_SIZE + want - 2;
        if (v->data[p] || v->data[p + 1])
            jom_report(&r->c, RM_WARNING, kind, p, "the 2 bytes of padding are not zero");
    }
    return true;
}

/* The header fields of the TIMG entry at `at` (24 bytes there). */
static void texture_header(const uint8_t *p, rm_jom_texture *t)
{
    memset(t, 0, sizeof *t);
    memcpy(t->name, p, JOM_NAME_SIZE);
    t->width = rm_be16(p + 16);
    t->height = rm_be16(p + 18);
    t->format = rm_be16(p + 20);
    t->reserved = rm_be16(p + 22);
}

/* TIMG: entries of variable size, checked one after the other. */
static bool check_embedded_textures(view_read *r)
{
    jom_view *v = r->v;
    uint64_t off = v->offset[JOM_TIMG];
    uint32_t size = v->size_of[JOM_TIMG];
    if (size < JOM_COUNT_SIZE) {
        jom_report(&r->c, RM_ERROR, JOM_TIMG, off, "size %u, too small for the count (4 bytes)", size);
        return false;
    }
    uint32_t n = rm_be32(v->data + off + JOM_CHUNK_HEADER_SIZE);
    v->count[JOM_TIMG] = n;
    uint64_t room = size - JOM_COUNT_SIZE;
    /* Each entry has a 24-byte header at least. */
    if ((uint64_t)n * JOM_TEXTURE_HEADER_SIZE > room) {
        jom_report(&r->c, RM_ERROR, JOM_TIMG, off + JOM_CHUNK_HEADER_SIZE,
                   "%u textures cannot fit in %u bytes (24 bytes each at least)", n, size);
        return false;
    }
    uint64_t pos = 0;   /* in the data after the count */
    uint64_t base = off + JOM_CHUNK_HEADER_SIZE + JOM_COUNT_SIZE;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t at = base + pos;
        if (room - pos < JOM_TEXTURE_HEADER_SIZE) {
            jom_report(&r->c, RM_ERROR, JOM_TIMG, at,
                       "texture %u: its 24-byte header goes past the end of the chunk (%llu bytes left)",
                       i, (unsigned long long)(room - pos));
            return false;
        }
        rm_jom_texture t;
        texture_header(v->data + at, &t);
        if (!jom_check_texture_header(&r->c, &t, i, at))
            return false;   /* the size of the pixels is unknown: stop here */
        pos += JOM_TEXTURE_HEADER_SIZE;
        uint64_t pixels = jom_texture_pixel_size(t.width, t.height, t.format);
        uint64_t padded = jom_pad4(pixels);
        if (padded > room - pos) {
            char name[JOM_NAME_TEXT_SIZE];
            jom_name_text(t.name, JOM_NAME_SIZE, name, sizeof name);
            jom_report(&r->c, RM_ERROR, JOM_TIMG, at,
                       "texture %u '%s': %llu bytes of pixels (%ux%u, format %u) go past the end of "
                       "the chunk (%llu bytes left)",
                       i, name, (unsigned long long)pixels, t.width, t.height, t.format,
                       (unsigned long long)(room - pos));
            return false;
        }
        for (uint64_t p = pixels; p < padded; p++) {
            if (v->data[base + pos + p]) {
                jom_report(&r->c, RM_WARNING, JOM_TIMG, base + pos + pixels,
                           "texture %u: the padding after the pixels is not zero", i);
                break;
            }
        }
        pos += padded;
    }
    if (pos != room) {
        jom_report(&r->c, RM_ERROR, JOM_TIMG, base + pos, "%llu bytes after the last texture",
                   (unsigned long long)(room - pos));
        return false;
    }
    return true;
}

typedef struct key_range {
    uint64_t start, end;
    uint32_t index;
} key_range;

static int compare_ranges(const void *a, const void *b)
{
    const key_range *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Animation i's name as printable text. */
static void animation_name(const jom_view *v, uint32_t i, char out[JOM_NAME_TEXT_SIZE])
{
    const uint8_t *p = jom_view_records(v, JOM_ANIM) + (size_t)i * JOM_ANIMATION_SIZE;
    jom_name_text((const char *)p, JOM_NAME_SIZE, out, JOM_NAME_TEXT_SIZE);
}

/* The keys of each animation: where its offset says, after the records,
   inside the chunk, on 4 bytes, not over the keys of another animation. */
#define VIEW_STACK_RANGES 32u
static bool check_keys(view_read *r, uint64_t records_end)
{
    const jom_view *v = r->v;
    uint32_t n = v->count[JOM_ANIM];
    uint32_t size = v->size_of[JOM_ANIM];
    uint64_t key_size = jom_key_size(v->count[JOM_BONE]);
    bool ok = true;
    key_range stack[VIEW_STACK_RANGES];
    key_range *ranges = stack;
    if (n > VIEW_STACK_RANGES) {
        ranges = malloc((size_t)n * sizeof *ranges);
        if (!ranges) {
            r->nomem = true;
            return false;
        }
    }
    uint32_t nranges = 0;
    const uint8_t *rec = jom_view_records(v, JOM_ANIM);
    for (uint32_t i = 0; i < n; i++, rec += JOM_ANIMATION_SIZE) {
        uint16_t key_count = rm_be16(rec + 16);
        uint32_t offset = rm_be32(rec + 24);
        uint64_t field = jom_record_offset(&r->c, JOM_ANIM, i, JOM_ANIMATION_SIZE) + 24;
        uint64_t end = (uint64_t)offset + key_count * key_size;
        if (offset % 4 != 0) {
            char name[JOM_NAME_TEXT_SIZE];
            animation_name(v, i, name);
            jom_report(&r->c, RM_ERROR, JOM_ANIM, field,
                       "animation %u '%s': key offset %u is not a multiple of 4", i, name, offset);
            ok = false;
        } else if (offset < records_end) {
            char name[JOM_NAME_TEXT_SIZE];
            animation_name(v, i, name);
            jom_report(&r->c, RM_ERROR, JOM_ANIM, field,
                       "animation %u '%s': key offset %u is inside the records (the keys start at %llu)",
                       i, name, offset, (unsigned long long)records_end);
            ok = false;
        } else if (end > size) {
            char name[JOM_NAME_TEXT_SIZE];
            animation_name(v, i, name);
            jom_report(&r->c, RM_ERROR, JOM_ANIM, field,
                       "animation %u '%s': %u keys of %llu bytes from offset %u end at %llu, past the "
                       "end of the chunk (%u bytes)",
                       i, name, key_count, (unsigned long long)key_size, offset,
                       (unsigned long long)end, size);
            ok = false;
        } else if (end > offset) {
            ranges[nranges].start = offset;
            ranges[nranges].end = end;
            ranges[nranges].index = i;
            nranges++;
        }
    }
    if (nranges > 1)
        qsort(ranges, nranges, sizeof *ranges, compare_ranges);
    uint64_t last_end = 0;
    uint32_t last_index = 0;
    for (uint32_t j = 0; j < nranges; j++) {
        if (j > 0 && ranges[j].start < last_end) {
            uint32_t i = ranges[j].index;
            char name[JOM_NAME_TEXT_SIZE];
            animation_name(v, i, name);
            jom_report(&r->c, RM_ERROR, JOM_ANIM,
                       jom_record_offset(&r->c, JOM_ANIM, i, JOM_ANIMATION_SIZE) + 24,
                       "animation %u '%s': its keys (bytes %llu to %llu) overlap the keys of animation %u",
                       i, name, (unsigned long long)ranges[j].start,
                       (unsigned long long)ranges[j].end, last_index);
            ok = false;
        }
        if (ranges[j].end > last_end) {
            last_end = ranges[j].end;
            last_index = ranges[j].index;
        }
    }
    if (ranges != stack)
        free(ranges);
    return ok;
}

static bool check_animations_chunk(view_read *r)
{
    jom_view *v = r->v;
    uint64_t off = v->offset[JOM_ANIM];
    uint32_t size = v->size_of[JOM_ANIM];
    if (size < JOM_COUNT_SIZE) {
        jom_report(&r->c, RM_ERROR, JOM_ANIM, off, "size %u, too small for the count (4 bytes)", size);
        return false;
    }
    uint32_t n = rm_be32(v->data + off + JOM_CHUNK_HEADER_SIZE);
    v->count[JOM_ANIM] = n;
    uint64_t records_end = jom_records_size(n, JOM_ANIMATION_SIZE);
    if (records_end > size) {
        jom_report(&r->c, RM_ERROR, JOM_ANIM, off,
                   "size %u is too small for %u animations: 4 + %u x 28 = %llu bytes", size, n, n,
                   (unsigned long long)records_end);
        return false;
    }
    /* The size of a key depends on the bones: without a BONE chunk that
       could be read (reported elsewhere), the keys are left alone. */
    if (!r->c.usable[JOM_BONE] || v->count[JOM_BONE] > RM_JOM_MAX_BONES)
        return true;
    return check_keys(r, records_end);
}

/* Pass 2: the records of one chunk; false when they cannot be trusted. */
static bool check_chunk(view_read *r, int kind)
{
    switch (kind) {
    case JOM_TIMG: return check_embedded_textures(r);
    case JOM_PNTS:
    case JOM_NTAB:
    case JOM_VCOL: return check_count(r, kind, JOM_POINT_SIZE);
    case JOM_QUAD: return check_count(r, kind, JOM_POLYGON_SIZE);
    case JOM_QMAT:
    case JOM_CNRM:
    case JOM_GOUR: return check_count(r, kind, JOM_U16_SIZE);
    case JOM_MATL: return check_count(r, kind, JOM_MATERIAL_SIZE);
    case JOM_TEXT: return check_count(r, kind, JOM_NAME_SIZE);
    case JOM_GRUP: return check_count(r, kind, JOM_GROUP_SIZE);
    case JOM_BONE: return check_count(r, kind, JOM_BONE_SIZE);
    case JOM_ANIM: return check_animations_chunk(r);
    default: return true;   /* END: no data */
    }
}

/* Pass 1: the chunk headers, from the end of the file header to END.
   Returns true when the walk reached END or the end of the file without
   a broken chunk header (then missing chunks can be reported). */
static bool walk_chunks(view_read *r)
{
    jom_view *v = r->v;
    uint64_t pos = RM_JOM_HEADER_SIZE;
    int last = -1;   /* highest kind seen so far */
    while (pos < v->size) {
        uint64_t left = v->size - pos;
        if (left < JOM_CHUNK_HEADER_SIZE) {
            jom_report_label(&r->c, RM_ERROR, "chunk header", pos,
                             "only %llu bytes left, a chunk header is 8 bytes", (unsigned long long)left);
            return false;
        }
        const uint8_t *tag = v->data + pos;
        uint32_t size = rm_be32(v->data + pos + 4);
        int kind = jom_kind_of_tag(tag);
        char label[16], text[5];
        jom_tag_text(tag, text);
        snprintf(label, sizeof label, "chunk %s", kind >= 0 ? jom_kind_name(kind) : text);
        v->chunk_count++;
        if (size > left - JOM_CHUNK_HEADER_SIZE) {
            jom_report_label(&r->c, RM_ERROR, label, pos,
                             "size %u goes past the end of the file (%llu bytes left after the chunk header)",
                             size, (unsigned long long)(left - JOM_CHUNK_HEADER_SIZE));
            return false;
        }
        if (size % 4 != 0)
            jom_report_label(&r->c, RM_ERROR, label, pos, "size %u is not a multiple of 4", size);
        if (kind < 0) {
            jom_report_label(&r->c, RM_NOTE, label, pos, "unknown chunk (%u bytes), skipped", size);
        } else if (r->c.present[kind]) {
            jom_report_label(&r->c, RM_ERROR, label, pos, "second %s chunk (the first is at 0x%llx), ignored",
                             jom_kind_name(kind), (unsigned long long)r->c.offset[kind]);
        } else {
            if (kind < last)
                jom_report_label(&r->c, RM_ERROR, label, pos, "out of order: %s must come before %s",
                                 jom_kind_name(kind), jom_kind_name(last));
            else
                last = kind;
            r->c.present[kind] = true;
            r->c.offset[kind] = pos;
            v->present[kind] = true;
            v->offset[kind] = (uint32_t)pos;
            v->size_of[kind] = size;
        }
        uint64_t next = pos + JOM_CHUNK_HEADER_SIZE + size;
        if (kind == JOM_END) {
            if (size != 0)
                jom_report_label(&r->c, RM_ERROR, label, pos, "size %u, the END chunk is empty (size 0)", size);
            if (next < v->size)
                jom_report_label(&r->c, RM_ERROR, label, pos,
                                 "%llu bytes after the END chunk (from 0x%llx): END must be the last chunk",
                                 (unsigned long long)(v->size - next), (unsigned long long)next);
            return true;
        }
        pos = next;
    }
    return true;
}

/* A mandatory chunk that is not there: reported where it was expected
   (before the first chunk that must follow it, or at the end). */
static void report_missing(view_read *r, int kind, uint64_t walk_end)
{
    uint64_t where = walk_end;
    for (int k = kind + 1; k < JOM_KIND_COUNT; k++)
        if (r->c.present[k] && r->c.offset[k] < where)
            where = r->c.offset[k];
    if (kind == JOM_END)
        jom_report(&r->c, RM_ERROR, kind, walk_end, "missing: the file ends without an END chunk");
    else
        jom_report(&r->c, RM_ERROR, kind, where, "missing: every JOM file has a %s chunk",
                   jom_kind_name(kind));
}

/* Pass 3: counts that must agree between chunks, and chunks that go in
   pairs. A chunk whose count disagrees is left out of the content checks. */
static void check_counts(view_read *r)
{
    jom_check *c = &r->c;
    const jom_view *v = r->v;
    uint32_t polygons = c->usable[JOM_QUAD] ? v->count[JOM_QUAD] : 0;
    uint32_t points = c->usable[JOM_PNTS] ? v->count[JOM_PNTS] : 0;
    uint64_t corners = 4u * (uint64_t)polygons;
    if (c->present[JOM_QMAT] && c->usable[JOM_QMAT]) {
        if (!c->usable[JOM_QUAD])
            c->usable[JOM_QMAT] = false;
        else if (v->count[JOM_QMAT] != polygons) {
            jom_report(c, RM_ERROR, JOM_QMAT, c->offset[JOM_QMAT] + JOM_CHUNK_HEADER_SIZE,
                       "count %u, QUAD has %u polygons", v->count[JOM_QMAT], polygons);
            c->usable[JOM_QMAT] = false;
        }
    }
    const int per_corner[2] = {JOM_CNRM, JOM_GOUR};
    for (int i = 0; i < 2; i++) {
        int k = per_corner[i];
        if (!c->present[k] || !c->usable[k])
            continue;
        if (!c->usable[JOM_QUAD])
            c->usable[k] = false;
        else if (v->count[k] != corners) {
            jom_report(c, RM_ERROR, k, c->offset[k] + JOM_CHUNK_HEADER_SIZE,
                       "count %u, not 4 x the %u polygons of QUAD (%llu)", v->count[k], polygons,
                       (unsigned long long)corners);
            c->usable[k] = false;
        }
    }
    if (c->present[JOM_VCOL] && c->usable[JOM_VCOL]) {
        if (!c->usable[JOM_PNTS])
            c->usable[JOM_VCOL] = false;
        else if (v->count[JOM_VCOL] != points) {
            jom_report(c, RM_ERROR, JOM_VCOL, c->offset[JOM_VCOL] + JOM_CHUNK_HEADER_SIZE,
                       "count %u, PNTS has %u points", v->count[JOM_VCOL], points);
            c->usable[JOM_VCOL] = false;
        }
    }
    if (c->present[JOM_NTAB] && !c->present[JOM_CNRM])
        jom_report(c, RM_ERROR, JOM_NTAB, c->offset[JOM_NTAB], "NTAB needs a CNRM chunk after it");
    if (c->present[JOM_CNRM] && !c->present[JOM_NTAB])
        jom_report(c, RM_ERROR, JOM_CNRM, c->offset[JOM_CNRM], "CNRM needs an NTAB chunk before it");
    if (c->present[JOM_GOUR] && !c->present[JOM_VCOL])
        jom_report(c, RM_ERROR, JOM_GOUR, c->offset[JOM_GOUR], "GOUR needs a VCOL chunk before it");
    if (c->present[JOM_BONE] && !c->present[JOM_ANIM])
        jom_report(c, RM_ERROR, JOM_BONE, c->offset[JOM_BONE], "BONE needs an ANIM chunk after it");
    if (c->present[JOM_ANIM] && !c->present[JOM_BONE])
        jom_report(c, RM_ERROR, JOM_ANIM, c->offset[JOM_ANIM], "ANIM needs a BONE chunk before it");
}

static bool check_header(view_read *r)
{
    jom_check *c = &r->c;
    jom_view *v = r->v;
    if (v->size < RM_JOM_HEADER_SIZE) {
        jom_report(c, RM_ERROR, JOM_HEADER, 0, "the file is %zu bytes, shorter than the 24-byte header",
                   v->size);
        return false;
    }
    if (v->size > UINT32_MAX) {
        jom_report(c, RM_ERROR, JOM_HEADER, 0,
                   "the file is %zu bytes, more than the 4 GiB a JOM file can address", v->size);
        return false;
    }
    const uint8_t *magic = v->data;
    uint16_t version = rm_be16(v->data + 4);
    uint16_t reserved = rm_be16(v->data + 6);
    v->center = jom_be_vec(v->data + 8);
    v->radius = jom_be_i32(v->data + 20);
    if (memcmp(magic, "JOM1", 4) != 0) {
        char text[5];
        jom_tag_text(magic, text);
        jom_report(c, RM_ERROR, JOM_HEADER, 0,
                   "magic is \"%s\" (%02x %02x %02x %02x), not \"JOM1\": not a JOM file", text,
                   magic[0], magic[1], magic[2], magic[3]);
        return false;
    }
    /* The version covers the header and the rules of the chunks: another
       version cannot be read with these rules. */
    if (version != RM_JOM_VERSION) {
        jom_report(c, RM_ERROR, JOM_HEADER, 4, "version %u, this tool reads version %u", version,
                   RM_JOM_VERSION);
        return false;
    }
    v->version = version;
    if (reserved != 0)
        jom_report(c, RM_WARNING, JOM_HEADER, 6, "reserved is 0x%04x, not 0", reserved);
    return true;
}

rm_status jom_view_open(jom_view *v, const uint8_t *data, size_t size, const char *filename,
                        rm_diag *diag)
{
    view_read r;
    memset(&r, 0, sizeof r);
    memset(v, 0, sizeof *v);
    jom_check_init(&r.c, diag, filename);
    r.c.from_file = true;
    r.v = v;
    v->data = data;
    v->size = data ? size : 0;
    v->version = RM_JOM_VERSION;

    if (check_header(&r)) {
        bool complete = walk_chunks(&r);
        if (complete) {
            static const int mandatory[] = {JOM_PNTS, JOM_QUAD, JOM_QMAT, JOM_MATL, JOM_END};
            for (size_t i = 0; i < sizeof mandatory / sizeof mandatory[0]; i++)
                if (!r.c.present[mandatory[i]])
                    report_missing(&r, mandatory[i], v->size);
        }
        for (int k = 0; k < JOM_KIND_COUNT && !r.nomem; k++)
            if (r.c.present[k])
                r.c.usable[k] = check_chunk(&r, k);
        if (!r.nomem) {
            check_counts(&r);
            jom_check_content_view(&r.c, v);
        }
    }
    if (r.nomem) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", r.c.file);
        return RM_NOMEM;
    }
    return r.c.errors ? RM_INVALID : RM_OK;
}

/* ---- accessors (the file was checked: no bounds to test) ---- */

void jom_view_polygon(const jom_view *v, uint32_t i, rm_jom_polygon *out)
{
    const uint8_t *p = jom_view_records(v, JOM_QUAD) + (size_t)i * JOM_POLYGON_SIZE;
    out->normal = jom_be_vec(p);
    for (int k = 0; k < 4; k++)
        out->v[k] = rm_be16(p + 12 + 2 * k);
}

void jom_view_material(const jom_view *v, uint32_t i, rm_jom_material *out)
{
    const uint8_t *p = jom_view_records(v, JOM_MATL) + (size_t)i * JOM_MATERIAL_SIZE;
    rm_reader rd = rm_reader_make(p, JOM_MATERIAL_SIZE);
    jom_decode_material(&rd, out);
}

void jom_view_group(const jom_view *v, uint32_t i, rm_jom_group *out)
{
    const uint8_t *p = jom_view_records(v, JOM_GRUP) + (size_t)i * JOM_GROUP_SIZE;
    rm_reader rd = rm_reader_make(p, JOM_GROUP_SIZE);
    jom_decode_group(&rd, out);
}

void jom_view_bone(const jom_view *v, uint32_t i, rm_jom_bone *out)
{
    const uint8_t *p = jom_view_records(v, JOM_BONE) + (size_t)i * JOM_BONE_SIZE;
    rm_reader rd = rm_reader_make(p, JOM_BONE_SIZE);
    jom_decode_bone(&rd, out);
}

void jom_view_animation(const jom_view *v, uint32_t i, rm_jom_animation *out)
{
    const uint8_t *p = jom_view_records(v, JOM_ANIM) + (size_t)i * JOM_ANIMATION_SIZE;
    memcpy(out->name, p, JOM_NAME_SIZE);
    out->key_count = rm_be16(p + 16);
    out->key_ticks = rm_be16(p + 18);
    out->flags = rm_be16(p + 20);
    out->duplicate = rm_be16(p + 22);
    out->offset = rm_be32(p + 24);
    out->keys = NULL;
}

void jom_view_key(const jom_view *v, uint32_t i, uint32_t k, rm_jom_key *out)
{
    uint32_t bones = v->count[JOM_BONE];
    const uint8_t *rec = jom_view_records(v, JOM_ANIM) + (size_t)i * JOM_ANIMATION_SIZE;
    const uint8_t *p = v->data + v->offset[JOM_ANIM] + JOM_CHUNK_HEADER_SIZE + rm_be32(rec + 24) +
                       (size_t)k * jom_key_size(bones);
    memset(out, 0, sizeof *out);
    out->root = jom_be_vec(p);
    for (uint32_t b = 0; b < bones && b < RM_JOM_MAX_BONES; b++)
        for (int j = 0; j < 3; j++)
            out->angles[b][j] = jom_be_i16(p + 12 + 6 * b + 2 * (uint32_t)j);
}

bool jom_view_next_texture(const jom_view *v, uint64_t *at, rm_jom_texture *out,
                           const uint8_t **pixels)
{
    if (!v->present[JOM_TIMG])
        return false;
    uint64_t end = (uint64_t)v->offset[JOM_TIMG] + JOM_CHUNK_HEADER_SIZE + v->size_of[JOM_TIMG];
    if (*at == 0)
        *at = (uint64_t)v->offset[JOM_TIMG] + JOM_CHUNK_HEADER_SIZE + JOM_COUNT_SIZE;
    if (*at + JOM_TEXTURE_HEADER_SIZE > end)
        return false;
    const uint8_t *p = v->data + *at;
    texture_header(p, out);
    uint64_t size = jom_texture_pixel_size(out->width, out->height, out->format);
    out->pixel_size = (uint32_t)size;
    *pixels = p + JOM_TEXTURE_HEADER_SIZE;
    *at += jom_texture_entry_size(size);
    return true;
}

bool jom_view_next_chunk(const jom_view *v, uint64_t *at, rm_jom_chunk_info *out)
{
    if (*at == 0)
        *at = RM_JOM_HEADER_SIZE;
    if (*at == UINT64_MAX || *at + JOM_CHUNK_HEADER_SIZE > v->size)
        return false;
    const uint8_t *p = v->data + *at;
    int kind = jom_kind_of_tag(p);
    jom_tag_text(p, out->tag);
    out->offset = (uint32_t)*at;
    out->size = rm_be32(p + 4);
    out->known = kind >= 0;
    *at = kind == JOM_END ? UINT64_MAX : *at + JOM_CHUNK_HEADER_SIZE + out->size;
    return true;
}
