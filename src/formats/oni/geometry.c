/* src/formats/oni/geometry.c - M3GM geometries: links, arrays, strips
   (seed 001, oni-dat.md 2.1-2.5). See retromesh/oni.h. */
#include "retromesh/oni.h"
#include "core/cnum.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oni_le.h"

static void geom_error(rm_diag *diag, const char *file, uint32_t index, const char *tag, unsigned long at,
                       const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void geom_error(rm_diag *diag, const char *file, uint32_t index, const char *tag, unsigned long at,
                       const char *fmt, ...)
{
    char label[32], text[512];
    snprintf(label, sizeof label, "%u (%s)", index, tag);
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(text, sizeof text, fmt, ap);   /* a point, whatever the locale */
    va_end(ap);
    rm_diag_chunk(diag, RM_ERROR, file ? file : "<input>", "instance", label, at, "%s", text);
}

/* The strip value i, from host-order values (the public entry) or from
   the file's little-endian bytes (the decoder: no copy). Always inlined
   with a constant `le`, so each caller gets its own plain loop. */
static inline __attribute__((always_inline)) uint32_t strip_value(const void *src, bool le, uint32_t i)
{
    return le ? rm_oni_le32((const uint8_t *)src + 4 * (size_t)i) : ((const uint32_t *)src)[i];
}

/* The exact first problem of an array the fast check refused, in index
   order, with its message (the order and texts of the original one-value-
   at-a-time check). Returns RM_INVALID, or RM_OK if there is none. */
static rm_status strips_error(const void *src, bool le, uint32_t count, uint32_t point_count, const char *file,
                              uint32_t index, uint32_t offset, rm_diag *diag)
{
    for (uint32_t i = 0; i < count; i++) {
        uint32_t v = strip_value(src, le, i);
        if (v & 0x80000000u) {
            if (i + 2 >= count || (strip_value(src, le, i + 1) & 0x80000000u) ||
                (strip_value(src, le, i + 2) & 0x80000000u)) {
                geom_error(diag, file, index, "IDXA", offset + 4ul * i,
                           "strip value %lu starts a strip without two more values after it", (unsigned long)i);
                return RM_INVALID;
            }
        } else if (i == 0) {
            geom_error(diag, file, index, "IDXA", offset,
                       "the strip array does not start with a strip start (bit 31 clear in 0x%08lx)",
                       (unsigned long)v);
            return RM_INVALID;
        }
        if ((v & 0x7FFFFFFFu) >= point_count) {
            geom_error(diag, file, index, "IDXA", offset + 4ul * i,
                       "strip value %lu: point %lu, but the geometry has %lu points", (unsigned long)i,
                       (unsigned long)(v & 0x7FFFFFFFu), (unsigned long)point_count);
            return RM_INVALID;
        }
    }
    return RM_OK;
}

static inline __attribute__((always_inline)) rm_status
decode_strips(const void *src, bool le, uint32_t count, uint32_t point_count, uint32_t **triangles,
              uint32_t *triangle_count, uint32_t *strip_count, const char *file, uint32_t index, uint32_t offset,
              rm_diag *diag)
{
    *triangles = NULL;
    *triangle_count = 0;
    *strip_count = 0;
    if (count == 0)
        return RM_OK;
    /* First pass, without branches: the shape and the largest index. A
       start (bit 31) needs two plain values after it, so no start may
       follow another within two values nor sit in the last two; the first
       value is a start. Any problem: strips_error finds the first one and
       its message, before anything is allocated. */
    uint32_t top = 0, bad = 0, p1 = 0, p2 = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t v = strip_value(src, le, i);
        uint32_t p = v & 0x7FFFFFFFu;
        top = p > top ? p : top;
        bad |= v & (p1 | p2);
        p2 = p1;
        p1 = v;
    }
    bad |= p1 | (count >= 2 ? p2 : 0) | ~strip_value(src, le, 0);
    if ((bad & 0x80000000u) || top >= point_count) {
        rm_status st = strips_error(src, le, count, point_count, file, index, offset, diag);
        if (st != RM_OK)
            return st;
    }
    /* Valid, so count >= 3 and triangles = count - 2 x starts <= count - 2:
       room for count - 2, the exact number counted below. */
    uint32_t *t = malloc((size_t)(count - 2) * 3 * sizeof *t);
    if (!t)
        return RM_NOMEM;
    /* Every value i >= 2 that is not a start and does not follow one ends
       a triangle (v[i-2], v[i-1], v[i]): the first triangle of a strip is
       (start & 0x7FFFFFFF, v[s+1], v[s+2]), and each further value v makes
       (a, b, v) with the two values before it (no winding flip). The
       triangle is written at every i and kept (w advances) only then; one
       that is not kept is overwritten by a later one, never past the end:
       the last two values are plain, so the last write is a kept one. */
    uint32_t *w = t;
    uint32_t a = strip_value(src, le, 0), b = strip_value(src, le, 1);
    for (uint32_t i = 2; i < count; i++) {
        uint32_t v = strip_value(src, le, i);
        w[0] = a & 0x7FFFFFFFu;
        w[1] = b;
        w[2] = v;
        w += 3 * (1u ^ ((v | b) >> 31));
        a = b;
        b = v;
    }
    uint32_t n = (uint32_t)((size_t)(w - t) / 3);
    *triangles = t;
    *triangle_count = n;
    *strip_count = (count - n) / 2;   /* triangles = count - 2 x starts */
    return RM_OK;
}

rm_status rm_oni_decode_strips(const uint32_t *values, uint32_t count, uint32_t point_count,
                               uint32_t **triangles, uint32_t *triangle_count, uint32_t *strip_count,
                               const char *file, uint32_t index, uint32_t offset, rm_diag *diag)
{
    return decode_strips(values, false, count, point_count, triangles, triangle_count, strip_count, file, index,
                         offset, diag);
}

/* One array instance: the link at `rel` of the M3GM, the count at
   count_rel of the array, elements of elem bytes from elem_rel. */
static rm_status array_of(const rm_oni_file *f, uint32_t geom, uint32_t rel, uint32_t tag, const char *field,
                          uint32_t count_rel, uint32_t elem_rel, uint32_t elem, uint32_t *count,
                          const uint8_t **items, uint32_t *at_index, rm_diag *diag)
{
    uint32_t t;
    rm_status st = rm_oni_link(f, geom, rel, tag, field, &t, diag);
    if (st != RM_OK)
        return st;
    const rm_oni_instance *g = &f->instances[geom];
    if (t == RM_ONI_NONE) {
        geom_error(diag, f->source, geom, g->tag_text, (unsigned long)g->data + rel, "no %s (link 0)", field);
        return RM_INVALID;
    }
    const rm_oni_instance *x = &f->instances[t];
    if (!x->has_data) {
        geom_error(diag, f->source, geom, g->tag_text, (unsigned long)g->data + rel,
                   "%s link to instance %lu, a placeholder: its data is not in this file", field,
                   (unsigned long)t);
        return RM_INVALID;
    }
    if ((uint64_t)count_rel + 4 > x->size) {
        geom_error(diag, f->source, t, x->tag_text, x->data, "%lu bytes of data, too short for the count at +0x%lx",
                   (unsigned long)x->size, (unsigned long)count_rel);
        return RM_INVALID;
    }
    uint32_t n = rm_oni_le32(f->bytes + x->data + count_rel);
    if ((uint64_t)elem_rel + (uint64_t)n * elem > x->size) {
        geom_error(diag, f->source, t, x->tag_text, x->data,
                   "%lu elements of %lu bytes at +0x%lx do not fit in its %lu bytes of data", (unsigned long)n,
                   (unsigned long)elem, (unsigned long)elem_rel, (unsigned long)x->size);
        return RM_INVALID;
    }
    *count = n;
    *items = f->bytes + x->data + elem_rel;
    *at_index = t;
    return RM_OK;
}

void rm_oni_geometry_free(rm_oni_geometry *g)
{
    free(g->triangles);
    memset(g, 0, sizeof *g);
}

rm_status rm_oni_geometry_decode(const rm_oni_file *f, uint32_t index, rm_oni_geometry *out, rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->texture = RM_ONI_NONE;
    if (index >= f->instance_count)
        return RM_USAGE;
    const rm_oni_instance *g = &f->instances[index];
    if (g->tag != RM_ONI_TAG_M3GM) {
        geom_error(diag, f->source, index, g->tag_text, g->data, "not a geometry (M3GM)");
        return RM_INVALID;
    }
    if (!g->has_data) {
        geom_error(diag, f->source, index, g->tag_text, 0, "a placeholder: the geometry is in another file");
        return RM_INVALID;
    }
    if (g->size < 0x20) {
        geom_error(diag, f->source, index, g->tag_text, g->data,
                   "%lu bytes of data, a geometry has at least 32 (its links)", (unsigned long)g->size);
        return RM_INVALID;
    }
    out->instance = index;
    out->name = g->name;
    rm_status st;
    uint32_t n_vn, n_uv, n_strip, n_fni, at_p, at_vn, at_fn, at_uv, at_strip, at_fni;
    const uint8_t *strip_bytes;
    if ((st = array_of(f, index, 0x04, RM_ONI_TAG_PNTA, "points", 0x34, 0x38, 12, &out->point_count,
                       &out->points, &at_p, diag)) != RM_OK ||
        (st = array_of(f, index, 0x08, RM_ONI_TAG_VCRA, "vertex normals", 0x14, 0x18, 12, &n_vn,
                       &out->vertex_normals, &at_vn, diag)) != RM_OK ||
        (st = array_of(f, index, 0x0c, RM_ONI_TAG_VCRA, "face normals", 0x14, 0x18, 12, &out->face_normal_count,
                       &out->face_normals, &at_fn, diag)) != RM_OK ||
        (st = array_of(f, index, 0x10, RM_ONI_TAG_TXCA, "texture coordinates", 0x14, 0x18, 8, &n_uv, &out->uvs,
                       &at_uv, diag)) != RM_OK ||
        (st = array_of(f, index, 0x14, RM_ONI_TAG_IDXA, "triangle strips", 0x14, 0x18, 4, &n_strip, &strip_bytes,
                       &at_strip, diag)) != RM_OK ||
        (st = array_of(f, index, 0x18, RM_ONI_TAG_IDXA, "face normal indexes", 0x14, 0x18, 4, &n_fni,
                       &out->face_normal_indexes, &at_fni, diag)) != RM_OK)
        goto fail;
    (void)at_fn;
    out->source = f->source;
    out->points_instance = at_p;
    out->normals_instance = at_vn;
    out->uvs_instance = at_uv;
    out->points_at = (unsigned long)(out->points - f->bytes);
    out->normals_at = (unsigned long)(out->vertex_normals - f->bytes);
    out->uvs_at = (unsigned long)(out->uvs - f->bytes);
    if (n_vn != out->point_count) {
        geom_error(diag, f->source, index, g->tag_text, g->data + 0x08,
                   "%lu vertex normals (instance %lu) for %lu points", (unsigned long)n_vn, (unsigned long)at_vn,
                   (unsigned long)out->point_count);
        st = RM_INVALID;
        goto fail;
    }
    if (n_uv != out->point_count) {
        geom_error(diag, f->source, index, g->tag_text, g->data + 0x10,
                   "%lu texture coordinates (instance %lu) for %lu points", (unsigned long)n_uv,
                   (unsigned long)at_uv, (unsigned long)out->point_count);
        st = RM_INVALID;
        goto fail;
    }
    /* The strips straight from the file's bytes (no copy). */
    st = decode_strips(strip_bytes, true, n_strip, out->point_count, &out->triangles, &out->triangle_count,
                       &out->strip_count, f->source, at_strip, f->instances[at_strip].data + 0x18, diag);
    if (st == RM_NOMEM)
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", f->source);
    if (st != RM_OK)
        goto fail;
    if (n_fni != out->triangle_count) {
        geom_error(diag, f->source, index, g->tag_text, g->data + 0x18,
                   "%lu face normal indexes (instance %lu) for %lu triangles", (unsigned long)n_fni,
                   (unsigned long)at_fni, (unsigned long)out->triangle_count);
        st = RM_INVALID;
        goto fail;
    }
    for (uint32_t i = 0; i < n_fni; i++) {
        uint32_t v = rm_oni_le32(out->face_normal_indexes + 4 * (size_t)i);
        if (v >= out->face_normal_count) {
            geom_error(diag, f->source, at_fni, "IDXA", f->instances[at_fni].data + 0x18 + 4ul * i,
                       "face normal index %lu of triangle %lu, but there are %lu face normals", (unsigned long)v,
                       (unsigned long)i, (unsigned long)out->face_normal_count);
            st = RM_INVALID;
            goto fail;
        }
    }
    uint32_t tex;
    if ((st = rm_oni_link(f, index, 0x1c, RM_ONI_TAG_TXMP, "texture", &tex, diag)) != RM_OK)
        goto fail;
    out->texture = tex;
    if (tex != RM_ONI_NONE) {
        out->texture_name = f->instances[tex].name;
        out->texture_external = !f->instances[tex].has_data;
    }
    return RM_OK;
fail:
    rm_oni_geometry_free(out);
    out->texture = RM_ONI_NONE;
    return st;
}
