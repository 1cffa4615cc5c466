/* tests/formats/jom/jom_read_ref.c - the oracle of test_jom_view: the
   copying reader as it was before the validating view (issue 16), kept
   word for word but for its name: it decodes every record into arrays,
   then runs the content rules on the arrays (jom_check_content, the path
   rm_jom_validate uses). jom_view_open (and so rm_jom_read) must give the
   same status and the same messages, in the same order, on any bytes. */
#include "formats/jom/jom_internal.h"
#include "jom_read_ref.h"

#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"

typedef struct jom_read {
    jom_check c;
    const uint8_t *data;
    size_t size;
    rm_jom_model *m;
    uint32_t size_of[JOM_KIND_COUNT];   /* data size of the first chunk of each kind */
    uint32_t count[JOM_KIND_COUNT];     /* its count field, once read */
    bool nomem;
} jom_read;

/* calloc of `count` elements that checks the multiplication; NULL for 0. */
static void *alloc_array(jom_read *r, uint64_t count, size_t elem)
{
    if (count == 0)
        return NULL;
    if (count > SIZE_MAX / elem) {
        r->nomem = true;
        return NULL;
    }
    void *p = calloc((size_t)count, elem);
    if (!p)
        r->nomem = true;
    return p;
}

static rm_vec3x read_vec(rm_reader *rd)
{
    rm_vec3x v;
    v.x = rm_read_i32(rd);
    v.y = rm_read_i32(rd);
    v.z = rm_read_i32(rd);
    return v;
}

/* The data of a chunk after its count. */
static rm_reader records_reader(const jom_read *r, int kind)
{
    uint64_t start = r->c.offset[kind] + JOM_CHUNK_HEADER_SIZE + JOM_COUNT_SIZE;
    return rm_reader_make(r->data + start, r->size_of[kind] - JOM_COUNT_SIZE);
}

/* Reads the count of a chunk of fixed-size records and checks that the
   records (and the padding of 2-byte records) fill the chunk exactly. */
static bool read_count(jom_read *r, int kind, uint32_t record, uint32_t *count)
{
    uint64_t off = r->c.offset[kind];
    uint32_t size = r->size_of[kind];
    if (size < JOM_COUNT_SIZE) {
        jom_report(&r->c, RM_ERROR, kind, off, "size %u, too small for the count (4 bytes)", size);
        return false;
    }
    uint32_t n = rm_be32(r->data + off + JOM_CHUNK_HEADER_SIZE);
    r->count[kind] = n;
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
        if (r->data[p] || r->data[p + 1])
            jom_report(&r->c, RM_WARNING, kind, p, "the 2 bytes of padding are not zero");
    }
    *count = n;
    return true;
}

static void read_name(rm_reader *rd, char name[16])
{
    rm_read_bytes(rd, name, JOM_NAME_SIZE);
}

static bool read_vec_chunk(jom_read *r, int kind, uint32_t *count, rm_vec3x **out)
{
    uint32_t n;
    if (!read_count(r, kind, JOM_POINT_SIZE, &n))
        return false;
    rm_vec3x *v = alloc_array(r, n, sizeof *v);
    if (n && !v)
        return false;
    rm_reader rd = records_reader(r, kind);
    for (uint32_t i = 0; i < n; i++)
        v[i] = read_vec(&rd);
    *count = n;
    *out = v;
    return true;
}

static bool read_u16_chunk(jom_read *r, int kind, uint16_t **out)
{
    uint32_t n;
    if (!read_count(r, kind, JOM_U16_SIZE, &n))
        return false;
    uint16_t *v = alloc_array(r, n, sizeof *v);
    if (n && !v)
        return false;
    rm_reader rd = records_reader(r, kind);
    for (uint32_t i = 0; i < n; i++)
        v[i] = rm_read_u16(&rd);
    *out = v;
    return true;
}

static bool read_polygons(jom_read *r)
{
    uint32_t n;
    if (!read_count(r, JOM_QUAD, JOM_POLYGON_SIZE, &n))
        return false;
    rm_jom_polygon *p = alloc_array(r, n, sizeof *p);
    if (n && !p)
        return false;
    rm_reader rd = records_reader(r, JOM_QUAD);
    for (uint32_t i = 0; i < n; i++) {
        p[i].normal = read_vec(&rd);
        for (int k = 0; k < 4; k++)
            p[i].v[k] = rm_read_u16(&rd);
    }
    r->m->polygon_count = n;
    r->m->polygons = p;
    return true;
}

static bool read_materials(jom_read *r)
{
    uint32_t n;
    if (!read_count(r, JOM_MATL, JOM_MATERIAL_SIZE, &n))
        return false;
    rm_jom_material *mat = alloc_array(r, n, sizeof *mat);
    if (n && !mat)
        return false;
    rm_reader rd = records_reader(r, JOM_MATL);
    for (uint32_t i = 0; i < n; i++)
        jom_decode_material(&rd, &mat[i]);
    r->m->material_count = n;
    r->m->materials = mat;
    return true;
}

static bool read_texture_names(jom_read *r)
{
    uint32_t n;
    if (!read_count(r, JOM_TEXT, JOM_NAME_SIZE, &n))
        return false;
    char (*names)[16] = alloc_array(r, n, sizeof *names);
    if (n && !names)
        return false;
    rm_reader rd = records_reader(r, JOM_TEXT);
    for (uint32_t i = 0; i < n; i++)
        read_name(&rd, names[i]);
    r->m->texture_count = n;
    r->m->textures = names;
    return true;
}

static bool read_groups(jom_read *r)
{
    uint32_t n;
    if (!read_count(r, JOM_GRUP, JOM_GROUP_SIZE, &n))
        return false;
    rm_jom_group *g = alloc_array(r, n, sizeof *g);
    if (n && !g)
        return false;
    rm_reader rd = records_reader(r, JOM_GRUP);
    for (uint32_t i = 0; i < n; i++)
        jom_decode_group(&rd, &g[i]);
    r->m->group_count = n;
    r->m->groups = g;
    return true;
}

static bool read_bones(jom_read *r)
{
    uint32_t n;
    if (!read_count(r, JOM_BONE, JOM_BONE_SIZE, &n))
        return false;
    rm_jom_bone *b = alloc_array(r, n, sizeof *b);
    if (n && !b)
        return false;
    rm_reader rd = records_reader(r, JOM_BONE);
    for (uint32_t i = 0; i < n; i++)
        jom_decode_bone(&rd, &b[i]);
    r->m->bone_count = n;
    r->m->bones = b;
    return true;
}

/* TIMG: entries of variable size, read one after the other. */
static bool read_embedded_textures(jom_read *r)
{
    uint64_t off = r->c.offset[JOM_TIMG];
    uint32_t size = r->size_of[JOM_TIMG];
    if (size < JOM_COUNT_SIZE) {
        jom_report(&r->c, RM_ERROR, JOM_TIMG, off, "size %u, too small for the count (4 bytes)", size);
        return false;
    }
    uint32_t n = rm_be32(r->data + off + JOM_CHUNK_HEADER_SIZE);
    r->count[JOM_TIMG] = n;
    uint64_t room = size - JOM_COUNT_SIZE;
    /* Each entry has a 24-byte header at least: a count that cannot fit
       is refused before anything is allocated for it. */
    if ((uint64_t)n * JOM_TEXTURE_HEADER_SIZE > room) {
        jom_report(&r->c, RM_ERROR, JOM_TIMG, off + JOM_CHUNK_HEADER_SIZE,
                   "%u textures cannot fit in %u bytes (24 bytes each at least)", n, size);
        return false;
    }
    rm_jom_texture *t = alloc_array(r, n, sizeof *t);
    if (n && !t)
        return false;
    r->m->texture_images = t;
    r->m->texture_image_count = n;

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
        rm_reader rd = rm_reader_make(r->data + at, JOM_TEXTURE_HEADER_SIZE);
        read_name(&rd, t[i].name);
        t[i].width = rm_read_u16(&rd);
        t[i].height = rm_read_u16(&rd);
        t[i].format = rm_read_u16(&rd);
        t[i].reserved = rm_read_u16(&rd);
        if (!jom_check_texture_header(&r->c, &t[i], i, at))
            return false;   /* the size of the pixels is unknown: stop here */
        pos += JOM_TEXTURE_HEADER_SIZE;
        uint64_t pixels = jom_texture_pixel_size(t[i].width, t[i].height, t[i].format);
        uint64_t padded = jom_pad4(pixels);
        if (padded > room - pos) {
            char name[JOM_NAME_TEXT_SIZE];
            jom_name_text(t[i].name, JOM_NAME_SIZE, name, sizeof name);
            jom_report(&r->c, RM_ERROR, JOM_TIMG, at,
                       "texture %u '%s': %llu bytes of pixels (%ux%u, format %u) go past the end of "
                       "the chunk (%llu bytes left)",
                       i, name, (unsigned long long)pixels, t[i].width, t[i].height, t[i].format,
                       (unsigned long long)(room - pos));
            return false;
        }
        t[i].pixels = alloc_array(r, pixels, 1);
        if (pixels && !t[i].pixels)
            return false;
        if (pixels)
            memcpy(t[i].pixels, r->data + base + pos, (size_t)pixels);
        t[i].pixel_size = (uint32_t)pixels;
        for (uint64_t p = pixels; p < padded; p++) {
            if (r->data[base + pos + p]) {
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

/* The keys of each animation: where its offset says, after the records,
   inside the chunk, on 4 bytes, not over the keys of another animation.
   Keys are loaded only when every animation passes, which also bounds the
   memory by the chunk size. */
static bool read_keys(jom_read *r, uint64_t records_end)
{
    rm_jom_model *m = r->m;
    uint32_t size = r->size_of[JOM_ANIM];
    uint64_t key_size = jom_key_size(m->bone_count);
    uint64_t data = r->c.offset[JOM_ANIM] + JOM_CHUNK_HEADER_SIZE;
    bool ok = true;
    key_range *ranges = alloc_array(r, m->animation_count, sizeof *ranges);
    if (m->animation_count && !ranges)
        return false;
    uint32_t nranges = 0;
    for (uint32_t i = 0; i < m->animation_count; i++) {
        const rm_jom_animation *a = &m->animations[i];
        uint64_t field = jom_record_offset(&r->c, JOM_ANIM, i, JOM_ANIMATION_SIZE) + 24;
        char name[JOM_NAME_TEXT_SIZE];
        jom_name_text(a->name, JOM_NAME_SIZE, name, sizeof name);
        uint64_t end = (uint64_t)a->offset + a->key_count * key_size;
        if (a->offset % 4 != 0) {
            jom_report(&r->c, RM_ERROR, JOM_ANIM, field,
                       "animation %u '%s': key offset %u is not a multiple of 4", i, name, a->offset);
            ok = false;
        } else if (a->offset < records_end) {
            jom_report(&r->c, RM_ERROR, JOM_ANIM, field,
                       "animation %u '%s': key offset %u is inside the records (the keys start at %llu)",
                       i, name, a->offset, (unsigned long long)records_end);
            ok = false;
        } else if (end > size) {
            jom_report(&r->c, RM_ERROR, JOM_ANIM, field,
                       "animation %u '%s': %u keys of %llu bytes from offset %u end at %llu, past the "
                       "end of the chunk (%u bytes)",
                       i, name, a->key_count, (unsigned long long)key_size, a->offset,
                       (unsigned long long)end, size);
            ok = false;
        } else if (end > a->offset) {
            ranges[nranges].start = a->offset;
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
            jom_name_text(m->animations[i].name, JOM_NAME_SIZE, name, sizeof name);
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
    free(ranges);
    if (!ok)
        return false;

    for (uint32_t i = 0; i < m->animation_count; i++) {
        rm_jom_animation *a = &m->animations[i];
        a->keys = alloc_array(r, a->key_count, sizeof *a->keys);
        if (a->key_count && !a->keys)
            return false;
        rm_reader rd = rm_reader_make(r->data + data + a->offset, a->key_count * key_size);
        for (uint32_t k = 0; k < a->key_count; k++) {
            a->keys[k].root = read_vec(&rd);
            for (uint32_t b = 0; b < m->bone_count; b++)
                for (int j = 0; j < 3; j++)
                    a->keys[k].angles[b][j] = rm_read_i16(&rd);
            if (m->bone_count & 1u)
                rm_read_skip(&rd, 2);   /* padding: part of the key, not checked */
        }
    }
    return true;
}

static bool read_animations(jom_read *r)
{
    uint64_t off = r->c.offset[JOM_ANIM];
    uint32_t size = r->size_of[JOM_ANIM];
    if (size < JOM_COUNT_SIZE) {
        jom_report(&r->c, RM_ERROR, JOM_ANIM, off, "size %u, too small for the count (4 bytes)", size);
        return false;
    }
    uint32_t n = rm_be32(r->data + off + JOM_CHUNK_HEADER_SIZE);
    r->count[JOM_ANIM] = n;
    uint64_t records_end = jom_records_size(n, JOM_ANIMATION_SIZE);
    if (records_end > size) {
        jom_report(&r->c, RM_ERROR, JOM_ANIM, off,
                   "size %u is too small for %u animations: 4 + %u x 28 = %llu bytes", size, n, n,
                   (unsigned long long)records_end);
        return false;
    }
    rm_jom_animation *a = alloc_array(r, n, sizeof *a);
    if (n && !a)
        return false;
    rm_reader rd = records_reader(r, JOM_ANIM);
    for (uint32_t i = 0; i < n; i++) {
        read_name(&rd, a[i].name);
        a[i].key_count = rm_read_u16(&rd);
        a[i].key_ticks = rm_read_u16(&rd);
        a[i].flags = rm_read_u16(&rd);
        a[i].duplicate = rm_read_u16(&rd);
        a[i].offset = rm_read_u32(&rd);
    }
    r->m->animation_count = n;
    r->m->animations = a;
    /* The size of a key depends on the bones: without a BONE chunk that
       could be read (reported elsewhere), the keys are left alone. */
    if (!r->c.usable[JOM_BONE] || r->m->bone_count > RM_JOM_MAX_BONES)
        return true;
    return read_keys(r, records_end);
}

/* Pass 2: the records of one chunk; false when they cannot be trusted. */
static bool read_chunk(jom_read *r, int kind)
{
    rm_jom_model *m = r->m;
    switch (kind) {
    case JOM_TIMG: return read_embedded_textures(r);
    case JOM_PNTS: return read_vec_chunk(r, kind, &m->point_count, &m->points);
    case JOM_QUAD: return read_polygons(r);
    case JOM_QMAT: return read_u16_chunk(r, kind, &m->polygon_materials);
    case JOM_MATL: return read_materials(r);
    case JOM_TEXT: return read_texture_names(r);
    case JOM_NTAB: return read_vec_chunk(r, kind, &m->normal_count, &m->normals);
    case JOM_CNRM: return read_u16_chunk(r, kind, &m->corner_normals);
    case JOM_VCOL: {
        uint32_t n;
        return read_vec_chunk(r, kind, &n, &m->vertex_colors);
    }
    case JOM_GOUR: return read_u16_chunk(r, kind, &m->gouraud);
    case JOM_GRUP: return read_groups(r);
    case JOM_BONE: return read_bones(r);
    case JOM_ANIM: return read_animations(r);
    default: return true;   /* END: no data */
    }
}

/* Keeps a chunk in the table the reader returns. */
static bool add_chunk(jom_read *r, size_t *cap, const uint8_t *tag, uint64_t offset, uint32_t size,
                      bool known)
{
    rm_jom_model *m = r->m;
    if (m->chunk_count == *cap) {
        size_t n = *cap ? *cap * 2 : 16;
        rm_jom_chunk_info *p = realloc(m->chunks, n * sizeof *p);
        if (!p) {
            r->nomem = true;
            return false;
        }
        m->chunks = p;
        *cap = n;
    }
    rm_jom_chunk_info *ci = &m->chunks[m->chunk_count++];
    jom_tag_text(tag, ci->tag);
    ci->offset = (uint32_t)offset;
    ci->size = size;
    ci->known = known;
    return true;
}

/* Pass 1: the chunk headers, from the end of the file header to END.
   Returns true when the walk reached END or the end of the file without
   a broken chunk header (then missing chunks can be reported). */
static bool walk_chunks(jom_read *r)
{
    size_t cap = 0;
    uint64_t pos = RM_JOM_HEADER_SIZE;
    int last = -1;   /* highest kind seen so far */
    while (pos < r->size) {
        uint64_t left = r->size - pos;
        if (left < JOM_CHUNK_HEADER_SIZE) {
            jom_report_label(&r->c, RM_ERROR, "chunk header", pos,
                             "only %llu bytes left, a chunk header is 8 bytes", (unsigned long long)left);
            return false;
        }
        const uint8_t *tag = r->data + pos;
        uint32_t size = rm_be32(r->data + pos + 4);
        int kind = jom_kind_of_tag(tag);
        char label[16], text[5];
        jom_tag_text(tag, text);
        snprintf(label, sizeof label, "chunk %s", kind >= 0 ? jom_kind_name(kind) : text);
        if (!add_chunk(r, &cap, tag, pos, size, kind >= 0))
            return false;
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
            r->size_of[kind] = size;
        }
        uint64_t next = pos + JOM_CHUNK_HEADER_SIZE + size;
        if (kind == JOM_END) {
            if (size != 0)
                jom_report_label(&r->c, RM_ERROR, label, pos, "size %u, the END chunk is empty (size 0)", size);
            if (next < r->size)
                jom_report_label(&r->c, RM_ERROR, label, pos,
                                 "%llu bytes after the END chunk (from 0x%llx): END must be the last chunk",
                                 (unsigned long long)(r->size - next), (unsigned long long)next);
            return true;
        }
        pos = next;
    }
    return true;
}

/* A mandatory chunk that is not there: reported where it was expected
   (before the first chunk that must follow it, or at the end). */
static void report_missing(jom_read *r, int kind, uint64_t walk_end)
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
static void check_counts(jom_read *r)
{
    jom_check *c = &r->c;
    rm_jom_model *m = r->m;
    uint64_t corners = 4u * (uint64_t)m->polygon_count;
    if (c->present[JOM_QMAT] && c->usable[JOM_QMAT]) {
        if (!c->usable[JOM_QUAD])
            c->usable[JOM_QMAT] = false;
        else if (r->count[JOM_QMAT] != m->polygon_count) {
            jom_report(c, RM_ERROR, JOM_QMAT, c->offset[JOM_QMAT] + JOM_CHUNK_HEADER_SIZE,
                       "count %u, QUAD has %u polygons", r->count[JOM_QMAT], m->polygon_count);
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
        else if (r->count[k] != corners) {
            jom_report(c, RM_ERROR, k, c->offset[k] + JOM_CHUNK_HEADER_SIZE,
                       "count %u, not 4 x the %u polygons of QUAD (%llu)", r->count[k],
                       m->polygon_count, (unsigned long long)corners);
            c->usable[k] = false;
        }
    }
    if (c->present[JOM_VCOL] && c->usable[JOM_VCOL]) {
        if (!c->usable[JOM_PNTS])
            c->usable[JOM_VCOL] = false;
        else if (r->count[JOM_VCOL] != m->point_count) {
            jom_report(c, RM_ERROR, JOM_VCOL, c->offset[JOM_VCOL] + JOM_CHUNK_HEADER_SIZE,
                       "count %u, PNTS has %u points", r->count[JOM_VCOL], m->point_count);
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

static bool read_header(jom_read *r)
{
    jom_check *c = &r->c;
    if (r->size < RM_JOM_HEADER_SIZE) {
        jom_report(c, RM_ERROR, JOM_HEADER, 0, "the file is %zu bytes, shorter than the 24-byte header",
                   r->size);
        return false;
    }
    if (r->size > UINT32_MAX) {
        jom_report(c, RM_ERROR, JOM_HEADER, 0,
                   "the file is %zu bytes, more than the 4 GiB a JOM file can address", r->size);
        return false;
    }
    rm_reader rd = rm_reader_make(r->data, RM_JOM_HEADER_SIZE);
    uint8_t magic[4];
    rm_read_bytes(&rd, magic, 4);
    uint16_t version = rm_read_u16(&rd);
    uint16_t reserved = rm_read_u16(&rd);
    r->m->center = read_vec(&rd);
    r->m->radius = rm_read_i32(&rd);
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
    r->m->version = version;
    if (reserved != 0)
        jom_report(c, RM_WARNING, JOM_HEADER, 6, "reserved is 0x%04x, not 0", reserved);
    return true;
}

rm_status jom_ref_read(const uint8_t *data, size_t size, const char *filename, rm_jom_model *out,
                       rm_diag *diag)
{
    jom_read r;
    memset(&r, 0, sizeof r);
    jom_check_init(&r.c, diag, filename);
    r.c.from_file = true;
    r.data = data;
    r.size = data ? size : 0;
    r.m = out;
    rm_jom_init(out);

    if (read_header(&r)) {
        bool complete = walk_chunks(&r);
        uint64_t walk_end = r.size;
        if (complete) {
            static const int mandatory[] = {JOM_PNTS, JOM_QUAD, JOM_QMAT, JOM_MATL, JOM_END};
            for (size_t i = 0; i < sizeof mandatory / sizeof mandatory[0]; i++)
                if (!r.c.present[mandatory[i]])
                    report_missing(&r, mandatory[i], walk_end);
        }
        for (int k = 0; k < JOM_KIND_COUNT && !r.nomem; k++)
            if (r.c.present[k])
                r.c.usable[k] = read_chunk(&r, k);
        if (!r.nomem) {
            check_counts(&r);
            jom_check_content(&r.c, out);
        }
    }

    if (r.nomem) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", r.c.file);
        rm_jom_free(out);
        return RM_NOMEM;
    }
    if (r.c.errors) {
        rm_jom_free(out);
        return RM_INVALID;
    }
    out->has_normals = r.c.present[JOM_NTAB];
    out->has_vertex_colors = r.c.present[JOM_VCOL];
    out->has_gouraud = r.c.present[JOM_GOUR];
    out->has_groups = r.c.present[JOM_GRUP];
    out->has_skeleton = r.c.present[JOM_BONE];
    out->file_size = (uint32_t)r.size;
    return RM_OK;
}
