/* src/formats/gltf/accessor.c - step 2 of the glTF reader: any accessor as
   doubles (rm_gltf_accessor_read) or as vertex indices
   (rm_gltf_accessor_indices), following glTF 2.0 section 3.6: component
   types, `normalized`, byteStride, the 4-byte column padding of small
   matrices, sparse parts. Every byte range is checked against its
   bufferView and buffer before a byte is read; bytes are read one by one,
   little-endian, so neither alignment nor the host's byte order matters. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/gltf/gltf_internal.h"

/* Where one accessor's (or sparse values') elements are and how they are
   laid out. */
typedef struct layout {
    const uint8_t *base;    /* the first element; NULL: every element is 0 */
    size_t stride;          /* bytes from one element to the next */
    size_t elem;            /* bytes of one element (columns padded) */
    unsigned cs;            /* bytes of one component */
    unsigned rows;          /* components per column (= n for non-matrices) */
    size_t col_bytes;       /* bytes per column, padded to 4 for matrices */
    unsigned n;             /* components per element */
    int comp;               /* component type */
    bool norm;
} layout;

/* Where the values go: doubles, or indices. */
typedef struct sink {
    double *d;
    uint32_t *u;
} sink;

static unsigned comp_size(int comp)
{
    switch (comp) {
    case RM_GLTF_BYTE:
    case RM_GLTF_UNSIGNED_BYTE: return 1;
    case RM_GLTF_SHORT:
    case RM_GLTF_UNSIGNED_SHORT: return 2;
    case RM_GLTF_UNSIGNED_INT:
    case RM_GLTF_FLOAT: return 4;
    default: return 0;
    }
}

static const char *comp_name(int comp)
{
    switch (comp) {
    case RM_GLTF_BYTE: return "BYTE";
    case RM_GLTF_UNSIGNED_BYTE: return "UNSIGNED_BYTE";
    case RM_GLTF_SHORT: return "SHORT";
    case RM_GLTF_UNSIGNED_SHORT: return "UNSIGNED_SHORT";
    case RM_GLTF_UNSIGNED_INT: return "UNSIGNED_INT";
    case RM_GLTF_FLOAT: return "FLOAT";
    default: return "an unknown component type";
    }
}

/* The type's name from its component count (4: VEC4; MAT2 is only known
   from the type string). */
static const char *count_name(unsigned n)
{
    switch (n) {
    case 1: return "SCALAR";
    case 2: return "VEC2";
    case 3: return "VEC3";
    case 4: return "VEC4";
    case 9: return "MAT3";
    case 16: return "MAT4";
    default: return "an unknown type";
    }
}

static bool is_mat2(const rm_gltf_accessor *acc)
{
    return acc->components == 4 && acc->type && strcmp(acc->type, "MAT2") == 0;
}

static const char *type_name(const rm_gltf_accessor *acc)
{
    return acc->type ? acc->type : count_name(acc->components);
}

/* Appends to a fixed buffer, cutting what does not fit. */
static void append(char *buf, size_t cap, const char *text)
{
    size_t len = strlen(buf);
    if (len + 1 < cap)
        snprintf(buf + len, cap - len, "%s", text);
}

/* "VEC3 or VEC4 of FLOAT or normalized UNSIGNED_BYTE/UNSIGNED_SHORT": what
   a use accepts, from its bit sets. */
static void describe_allowed(uint32_t allowed, uint32_t components_ok, bool need_normalized,
                             char *buf, size_t cap)
{
    static const unsigned counts[] = {1, 2, 3, 4, 9, 16};
    static const int ints[] = {RM_GLTF_BYTE, RM_GLTF_UNSIGNED_BYTE, RM_GLTF_SHORT,
                               RM_GLTF_UNSIGNED_SHORT, RM_GLTF_UNSIGNED_INT};
    buf[0] = '\0';
    size_t total = 0, done = 0;
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (components_ok & (1u << counts[i]))
            total++;
    if (total == 0)
        append(buf, cap, "of no type");
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        if (!(components_ok & (1u << counts[i])))
            continue;
        if (done > 0)
            append(buf, cap, done + 1 == total ? " or " : ", ");
        append(buf, cap, count_name(counts[i]));
        done++;
    }
    append(buf, cap, " of ");
    bool any = false;
    if (allowed & RM_GLTF_BIT(RM_GLTF_FLOAT)) {
        append(buf, cap, "FLOAT");
        any = true;
    }
    bool first_int = true;
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        if (!(allowed & RM_GLTF_BIT(ints[i])))
            continue;
        if (need_normalized && ints[i] == RM_GLTF_UNSIGNED_INT)
            continue;       /* cannot be normalized: never accepted then */
        if (first_int) {
            if (any)
                append(buf, cap, " or ");
            if (need_normalized)
                append(buf, cap, "normalized ");
            first_int = false;
        } else {
            append(buf, cap, "/");
        }
        append(buf, cap, comp_name(ints[i]));
        any = true;
    }
    if (!any)
        append(buf, cap, "no component type");
}

/* What KHR_mesh_quantization would add for the attribute uses it covers,
   said when the file does not use it. */
static const char *quantization_hint(const rm_gltf_doc *doc, const char *use)
{
    if (doc->quantized)
        return "";
    if (strncmp(use, "POSITION", 8) == 0 || strncmp(use, "TEXCOORD_", 9) == 0)
        return " (or BYTE/UNSIGNED_BYTE/SHORT/UNSIGNED_SHORT with KHR_mesh_quantization)";
    if (strncmp(use, "NORMAL", 6) == 0 || strncmp(use, "TANGENT", 7) == 0)
        return " (or normalized BYTE/SHORT with KHR_mesh_quantization)";
    return "";
}

/* Checks that view `v` exists and lies in its buffer; *bytes its first
   byte (NULL for an empty view). */
static bool view_bytes(const rm_gltf_doc *doc, rm_diag *diag, const char *path, size_t v,
                       const uint8_t **bytes)
{
    if (v >= doc->view_count) {
        rm_gltf_error(doc, diag, path, "bufferView %zu does not exist (the file has %zu)", v,
                      doc->view_count);
        return false;
    }
    const rm_gltf_view *view = &doc->views[v];
    if (view->buffer >= doc->buffer_count) {
        rm_gltf_error(doc, diag, path, "bufferView %zu names buffer %u, which does not exist", v,
                      view->buffer);
        return false;
    }
    const rm_gltf_buffer *buf = &doc->buffers[view->buffer];
    if (view->offset > buf->size || view->length > buf->size - view->offset ||
        (view->length > 0 && !buf->data)) {
        rm_gltf_error(doc, diag, path,
                      "bufferView %zu (%zu bytes from byte %zu) does not fit in buffer %u of "
                      "%zu bytes", v, view->length, view->offset, view->buffer, buf->size);
        return false;
    }
    *bytes = view->length > 0 ? buf->data + view->offset : NULL;
    return true;
}

/* Checks that `count` items of `item` bytes, `stride` apart, from `offset`
   fit in view `v`: offset + stride * (count - 1) + item <= length, without
   overflow. `what` names the reader of the bytes with its verb ("the
   accessor needs"). */
static bool range_fits(const rm_gltf_doc *doc, rm_diag *diag, const char *path, size_t v,
                       size_t offset, size_t stride, size_t count, size_t item, const char *what)
{
    size_t length = doc->views[v].length;
    size_t span = 0;        /* stride * (count - 1) + item */
    bool over = false;
    if (count > 0) {
        if (stride != 0 && count - 1 > (SIZE_MAX - item) / stride)
            over = true;
        else
            span = stride * (count - 1) + item;
    }
    if (!over && span > SIZE_MAX - offset)
        over = true;
    if (over) {
        rm_gltf_error(doc, diag, path,
                      "bufferView %zu holds %zu bytes, %s more than %zu (byteOffset %zu, "
                      "%zu elements %zu bytes apart)", v, length, what, (size_t)SIZE_MAX, offset,
                      count, stride);
        return false;
    }
    if (offset + span > length) {
        rm_gltf_error(doc, diag, path, "bufferView %zu holds %zu bytes, %s %zu", v, length,
                      what, offset + span);
        return false;
    }
    return true;
}

/* One component at p, converted as the spec says. */
static double read_comp(const uint8_t *p, int comp, bool norm)
{
    switch (comp) {
    case RM_GLTF_BYTE: {
        int c = p[0] < 128 ? (int)p[0] : (int)p[0] - 256;
        return norm ? fmax(c / 127.0, -1.0) : c;
    }
    case RM_GLTF_UNSIGNED_BYTE:
        return norm ? p[0] / 255.0 : p[0];
    case RM_GLTF_SHORT: {
        unsigned u = (unsigned)p[0] | (unsigned)p[1] << 8;
        long c = u < 32768u ? (long)u : (long)u - 65536L;
        return norm ? fmax((double)c / 32767.0, -1.0) : (double)c;
    }
    case RM_GLTF_UNSIGNED_SHORT: {
        unsigned u = (unsigned)p[0] | (unsigned)p[1] << 8;
        return norm ? u / 65535.0 : u;
    }
    case RM_GLTF_UNSIGNED_INT:
        return (double)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                        (uint32_t)p[3] << 24);
    default: {     /* FLOAT: the bits into a float by copy, not by a cast */
        uint32_t bits = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                        (uint32_t)p[3] << 24;
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    }
}

static const char *non_finite_name(double v)
{
    return isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
}

static void put(const sink *s, size_t k, double v)
{
    if (s->d)
        s->d[k] = v;
    else
        s->u[k] = (uint32_t)v;      /* indices: integers of at most 32 bits */
}

/* Reads `count` elements of layout L into s from element `first` of the
   sink on (to[k] = element k, or idx[k] for sparse values). FLOAT values
   must be finite. */
static bool read_elements(const rm_gltf_doc *doc, rm_diag *diag, const char *path,
                          const layout *L, size_t count, const size_t *to, const sink *s)
{
    for (size_t i = 0; i < count; i++) {
        size_t dst = (to ? to[i] : i) * L->n;
        const uint8_t *e = L->base + i * L->stride;
        for (unsigned j = 0; j < L->n; j++) {
            const uint8_t *p = e + (j / L->rows) * L->col_bytes + (j % L->rows) * L->cs;
            double v = read_comp(p, L->comp, L->norm);
            if (!isfinite(v)) {
                rm_gltf_error(doc, diag, path, "element %zu is not a finite number (%s)", i,
                              non_finite_name(v));
                return false;
            }
            put(s, dst + j, v);
        }
    }
    return true;
}

/* The sparse part of accessor a (count already checked against the
   accessor's): its indices checked and its values put in place. */
static bool apply_sparse(const rm_gltf_doc *doc, rm_diag *diag, const char *apath,
                         const rm_gltf_accessor *acc, const layout *L, const sink *s)
{
    const rm_gltf_sparse *sp = &acc->sparse;
    char ipath[64], vpath[64];
    if (sp->count > acc->count) {
        char spath[64];
        snprintf(spath, sizeof spath, "%s/sparse", apath);
        rm_gltf_error(doc, diag, spath,
                      "count is %u, but the accessor has %u elements: a sparse part replaces 1 "
                      "to %u of them", sp->count, acc->count, acc->count);
        return false;
    }
    snprintf(ipath, sizeof ipath, "%s/sparse/indices", apath);
    snprintf(vpath, sizeof vpath, "%s/sparse/values", apath);

    unsigned isz = comp_size(sp->indices_type);
    if (sp->indices_type != RM_GLTF_UNSIGNED_BYTE && sp->indices_type != RM_GLTF_UNSIGNED_SHORT &&
        sp->indices_type != RM_GLTF_UNSIGNED_INT) {
        rm_gltf_error(doc, diag, ipath,
                      "componentType %d is not one of UNSIGNED_BYTE (5121), UNSIGNED_SHORT "
                      "(5123) or UNSIGNED_INT (5125), the types of sparse indices",
                      sp->indices_type);
        return false;
    }
    const uint8_t *ibytes = NULL, *vbytes = NULL;
    if (!view_bytes(doc, diag, ipath, sp->indices_view, &ibytes) ||
        !range_fits(doc, diag, ipath, sp->indices_view, sp->indices_offset, isz, sp->count, isz,
                    "the sparse indices need") ||
        !view_bytes(doc, diag, vpath, sp->values_view, &vbytes) ||
        !range_fits(doc, diag, vpath, sp->values_view, sp->values_offset, L->elem, sp->count,
                    L->elem, "the sparse values need"))
        return false;

    size_t *to = malloc(sp->count * sizeof *to);
    if (!to) {
        rm_gltf_error(doc, diag, ipath, "out of memory for %u sparse indices", sp->count);
        return false;
    }
    const uint8_t *ip = ibytes + sp->indices_offset;
    for (size_t k = 0; k < sp->count; k++) {
        to[k] = (size_t)read_comp(ip + k * isz, sp->indices_type, false);
        if (to[k] >= acc->count) {
            rm_gltf_error(doc, diag, ipath, "index %zu is %zu, but the accessor has %u elements",
                          k, to[k], acc->count);
            free(to);
            return false;
        }
        if (k > 0 && to[k] <= to[k - 1]) {
            rm_gltf_error(doc, diag, ipath,
                          "index %zu is %zu, not more than index %zu (%zu): sparse indices must "
                          "strictly increase", k, to[k], k - 1, to[k - 1]);
            free(to);
            return false;
        }
    }
    layout V = *L;
    V.base = vbytes + sp->values_offset;
    V.stride = L->elem;     /* sparse values are tightly packed */
    bool ok = read_elements(doc, diag, vpath, &V, sp->count, to, s);
    free(to);
    return ok;
}

/* The whole read: checks, layout, elements, sparse part. Either s->d or
   s->u is filled by the caller's allocation (count * components). */
static rm_status read_into(const rm_gltf_doc *doc, uint32_t a, const char *apath,
                           const layout *L, const sink *s, rm_diag *diag)
{
    const rm_gltf_accessor *acc = &doc->accessors[a];
    size_t total = (size_t)acc->count * L->n;
    if (!L->base) {
        for (size_t k = 0; k < total; k++)
            put(s, k, 0.0);
    } else if (!read_elements(doc, diag, apath, L, acc->count, NULL, s)) {
        return RM_INVALID;
    }
    if (acc->sparse.count > 0 && !apply_sparse(doc, diag, apath, acc, L, s))
        return RM_INVALID;
    return RM_OK;
}

/* Checks accessor a for a use and works out its layout. */
static bool check_accessor(const rm_gltf_doc *doc, uint32_t a, uint32_t allowed,
                           uint32_t components_ok, bool need_normalized, bool refuse_normalized,
                           const char *use, const char *apath, layout *L, rm_diag *diag)
{
    if (a >= doc->accessor_count) {
        rm_gltf_error(doc, diag, apath, "%s: accessor %u does not exist (the file has %zu)", use,
                      a, doc->accessor_count);
        return false;
    }
    const rm_gltf_accessor *acc = &doc->accessors[a];
    unsigned cs = comp_size(acc->component);
    unsigned n = acc->components;
    if (cs == 0) {
        rm_gltf_error(doc, diag, apath,
                      "componentType %d is not BYTE (5120), UNSIGNED_BYTE (5121), SHORT (5122), "
                      "UNSIGNED_SHORT (5123), UNSIGNED_INT (5125) or FLOAT (5126)",
                      acc->component);
        return false;
    }
    if (n != 1 && n != 2 && n != 3 && n != 4 && n != 9 && n != 16) {
        rm_gltf_error(doc, diag, apath,
                      "%u components per element is no glTF type (SCALAR 1, VEC2 2, VEC3 3, "
                      "VEC4 or MAT2 4, MAT3 9, MAT4 16)", n);
        return false;
    }
    if (acc->count == 0 || acc->count > RM_GLTF_MAX_ACCESSOR_COUNT) {
        rm_gltf_error(doc, diag, apath, "count is %u; an accessor has 1 to %u elements", acc->count,
                      RM_GLTF_MAX_ACCESSOR_COUNT);
        return false;
    }
    if (acc->normalized && (acc->component == RM_GLTF_FLOAT ||
                            acc->component == RM_GLTF_UNSIGNED_INT)) {
        rm_gltf_error(doc, diag, apath,
                      "normalized is true for %s components; only BYTE, UNSIGNED_BYTE, SHORT "
                      "and UNSIGNED_SHORT can be normalized", comp_name(acc->component));
        return false;
    }
    bool ok = (allowed & RM_GLTF_BIT(acc->component)) && (components_ok & (1u << n)) &&
              !(need_normalized && acc->component != RM_GLTF_FLOAT && !acc->normalized) &&
              !(refuse_normalized && acc->normalized);
    if (!ok) {
        char want[200];
        describe_allowed(allowed, components_ok, need_normalized, want, sizeof want);
        rm_gltf_error(doc, diag, apath, "%s must be %s%s, not %s of %s%s", use, want,
                      quantization_hint(doc, use), type_name(acc),
                      acc->normalized ? "normalized " : "", comp_name(acc->component));
        return false;
    }

    /* Layout: a matrix's columns start on 4-byte boundaries (spec 3.6.2.4). */
    L->cs = cs;
    L->n = n;
    L->comp = acc->component;
    L->norm = acc->normalized;
    unsigned cols = n == 16 ? 4 : n == 9 ? 3 : is_mat2(acc) ? 2 : 1;
    L->rows = n / cols;
    L->col_bytes = cols > 1 ? ((size_t)L->rows * cs + 3u) / 4u * 4u : (size_t)L->rows * cs;
    L->elem = L->col_bytes * cols;
    L->base = NULL;
    L->stride = L->elem;
    if (acc->view < 0)
        return true;    /* zeros, then the sparse part */

    size_t v = (size_t)acc->view;
    const uint8_t *bytes = NULL;
    if (!view_bytes(doc, diag, apath, v, &bytes))
        return false;
    const rm_gltf_view *view = &doc->views[v];
    if (acc->offset % cs != 0) {
        rm_gltf_error(doc, diag, apath,
                      "byteOffset %zu is not a multiple of %u, the size of a %s component",
                      acc->offset, cs, comp_name(acc->component));
        return false;
    }
    if ((view->offset % cs + acc->offset % cs) % cs != 0) {
        rm_gltf_error(doc, diag, apath,
                      "bufferView %zu starts at byte %zu of its buffer, so the accessor's data "
                      "does not start on a multiple of %u, the size of a %s component", v,
                      view->offset, cs, comp_name(acc->component));
        return false;
    }
    if (view->stride != 0) {
        if (view->stride < L->elem) {
            rm_gltf_error(doc, diag, apath,
                          "bufferView %zu has byteStride %u, less than the %zu bytes of one "
                          "element (%s of %s)", v, view->stride, L->elem, type_name(acc),
                          comp_name(acc->component));
            return false;
        }
        if (view->stride % cs != 0) {
            rm_gltf_error(doc, diag, apath,
                          "bufferView %zu has byteStride %u, not a multiple of %u, the size of a "
                          "%s component", v, view->stride, cs, comp_name(acc->component));
            return false;
        }
        L->stride = view->stride;
    }
    if (!range_fits(doc, diag, apath, v, acc->offset, L->stride, acc->count, L->elem,
                    "the accessor needs"))
        return false;
    L->base = bytes + acc->offset;
    return true;
}

static void accessor_path(uint32_t a, char *buf, size_t cap)
{
    snprintf(buf, cap, "/accessors/%u", a);
}

rm_status rm_gltf_accessor_read(const rm_gltf_doc *doc, uint32_t a, uint32_t allowed,
                                uint32_t components_ok, bool need_normalized, const char *use,
                                double **out, rm_diag *diag)
{
    *out = NULL;
    char apath[32];
    accessor_path(a, apath, sizeof apath);
    layout L;
    if (!check_accessor(doc, a, allowed, components_ok, need_normalized, false, use, apath, &L,
                        diag))
        return RM_INVALID;
    size_t count = doc->accessors[a].count;
    /* count <= RM_GLTF_MAX_ACCESSOR_COUNT and n <= 16: checked anyway. */
    if (count > SIZE_MAX / L.n / sizeof(double))
        return RM_NOMEM;
    double *d = malloc(count * L.n * sizeof *d);
    if (!d)
        return RM_NOMEM;
    sink s = {d, NULL};
    rm_status st = read_into(doc, a, apath, &L, &s, diag);
    if (st != RM_OK) {
        free(d);
        return st;
    }
    *out = d;
    return RM_OK;
}

rm_status rm_gltf_accessor_indices(const rm_gltf_doc *doc, uint32_t a, uint32_t limit,
                                   const char *use, uint32_t **out, rm_diag *diag)
{
    *out = NULL;
    char apath[32];
    accessor_path(a, apath, sizeof apath);
    layout L;
    uint32_t allowed = RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_SHORT) |
                       RM_GLTF_BIT(RM_GLTF_UNSIGNED_INT);
    if (!check_accessor(doc, a, allowed, 1u << 1, false, true, use, apath, &L, diag))
        return RM_INVALID;
    size_t count = doc->accessors[a].count;
    if (count > SIZE_MAX / sizeof(uint32_t))
        return RM_NOMEM;
    uint32_t *u = malloc(count * sizeof *u);
    if (!u)
        return RM_NOMEM;
    sink s = {NULL, u};
    rm_status st = read_into(doc, a, apath, &L, &s, diag);
    for (size_t i = 0; st == RM_OK && i < count; i++) {
        if (u[i] >= limit) {
            rm_gltf_error(doc, diag, apath, "%s: element %zu is %u, but the primitive has %u "
                          "vertices", use, i, u[i], limit);
            st = RM_INVALID;
        }
    }
    if (st != RM_OK) {
        free(u);
        return st;
    }
    *out = u;
    return RM_OK;
}
