/* src/formats/obj/obj_parse.c - the OBJ reader: one pass over the bytes into
   the neutral mesh (see include/retromesh/obj.h and docs/obj.md), then the
   mtllib files.

   The hot path is `v` and `f`: numbers are parsed in place (obj_text.h), the
   arrays grow geometrically and are cut to size at the end, and nothing is
   allocated per line. Names (o, g, usemtl, mtllib) are interned through hash
   tables, so a statement that repeats a known name allocates nothing.

   Threads (rm_obj_options.threads): the main region of the text is cut at
   line starts into chunks; chunk 0 is read by the calling thread straight
   into the mesh while one worker per other chunk reads its chunk into a
   mesh of its own, "speculatively": it does not know how many v/vt/vn come
   before it, nor the group and material in force. It then records what its
   chunk needs from the ones before (the largest index past its own
   elements, the corners written with a relative index, faces that inherit
   the group or material). The chunks are then taken in file order: a chunk
   whose worker saw no message and whose needs are met is appended (indexes
   shifted, names interned, lines offset); any other chunk (an error, a
   warning, an index out of range, a limit) is read again by the calling
   thread in the state the chunks before it left, exactly as with one
   thread. So the mesh and the messages are the same for any thread count:
   a worker's own messages are never shown. */
#define _DEFAULT_SOURCE     /* madvise() */
#include "retromesh/obj.h"
#include "core/cnum.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/fileio.h"

#include "formats/obj/obj_internal.h"
#include "core/names.h"
#include "formats/obj/obj_text.h"

/* Limits of the mesh arrays: corners are counted in uint32 (face_start) and
   RM_MESH_NONE is reserved; uv and normal indexes are int32. */
#define MAX_U32_COUNT (UINT32_MAX - 1u)
#define MAX_I32_COUNT ((size_t)INT32_MAX)

/* Repeated warnings (short faces, empty usemtl) are shown this many times,
   then counted. */
#define REPEAT_LIMIT 20

/* Automatic thread count (threads = 0): one thread. Measured on a 2-core
   machine (docs/obj.md, "Speed"), a fresh process parsing a 39 MB file
   spends three quarters of its time in the kernel's page faults for the new
   arrays, and workers add their own arrays plus the copy into the mesh: two
   threads were 0.8x one thread there, 1.3x only in a process that reuses
   its memory. So threads are for callers that ask for them. An explicit
   count is capped at MAX_THREADS. */
#define MAX_THREADS 64u

/* With text_is_mapped, the pages passed are dropped every this many bytes. */
#define DROP_STEP ((size_t)1 << 20)

/* A worker's group or material before its chunk's first o/g or usemtl:
   whatever the chunks before it leave (never a real index: those are below
   MAX_U32_COUNT). */
#define INHERIT (UINT32_MAX - 1u)

/* A growable list of corner numbers (a worker's relative indexes). */
typedef struct u32_list {
    uint32_t *a;
    size_t n, cap;
} u32_list;

typedef struct obj_parser {
    rm_tx tx;
    rm_mesh *m;
    bool keep_lines;

    size_t pos_cap, uv_cap, nrm_cap, face_cap, corner_cap;
    size_t corner_count;
    size_t group_cap, mat_cap, lib_cap;

    uint32_t cur_group;
    uint32_t cur_material;
    rm_names groups, materials, libs;

    /* First usemtl of each material, first mtllib of each library. */
    rm_obj_lib_site *mat_site, *lib_site;

    unsigned long stmt_line, stmt_col;   /* where the current statement starts */
    size_t short_faces, empty_usemtl, bad_attr_refs;

    /* text_is_mapped: the pages before drop_at are dropped, from drop_from
       on (drop_at is UINTPTR_MAX when nothing is dropped). */
    bool mapped;
    uintptr_t drop_at;
    const char *drop_from;

    /* A worker (see the top of the file): its indexes are resolved against
       elements it cannot see. need[k] is how many v/vt/vn (k = 0, 1, 2) the
       chunks before must hold; rel[k] lists the corners written with a
       relative index (the count of the chunks before is added then). */
    bool spec;
    int64_t need[3];
    u32_list rel[3];
} obj_parser;

void rm_obj_options_default(rm_obj_options *opt)
{
    opt->load_materials = true;
    opt->keep_lines = true;
    opt->threads = 0;
    opt->text_is_mapped = false;
}

/* ---- small helpers ---- */

/* Next capacity for an array that must hold `need` items: 1.5x growth. */
static bool next_cap(size_t cap, size_t need, size_t elem, size_t *out)
{
    size_t c = cap < 256 ? 256 : cap;
    while (c < need) {
        if (c > SIZE_MAX / 3)
            return false;
        c += c / 2;
    }
    if (c > SIZE_MAX / elem / 2)
        return false;
    *out = c;
    return true;
}

/* realloc that fails on size overflow; *p unchanged on failure. */
static bool resize(void *pp, size_t count, size_t elem)
{
    void **p = pp;
    if (count != 0 && count > SIZE_MAX / elem)
        return false;
    size_t bytes = count * elem;
    void *q = realloc(*p, bytes ? bytes : 1);
    if (!q)
        return false;
    *p = q;
    return true;
}

/* Appends n items of `elem` bytes at index `base` of *arr (capacity *cap,
   grown as next_cap says): the merge of a worker's uvs and normals. */
static bool append_items(void **arr, size_t *cap, size_t base, const void *src, size_t n,
                         size_t elem)
{
    if (base + n > *cap) {
        size_t c;
        if (!next_cap(*cap, base + n, elem, &c) || !resize(arr, c, elem))
            return false;
        *cap = c;
    }
    memcpy((char *)*arr + base * elem, src, n * elem);
    return true;
}

static char *copy_name(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = 0;
    }
    return c;
}

static void stmt_error(obj_parser *ps, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void stmt_error(obj_parser *ps, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(msg, sizeof msg, fmt, ap);   /* a point, whatever the locale */
    va_end(ap);
    rm_diag_at(ps->tx.diag, RM_ERROR, ps->tx.file, ps->stmt_line, ps->stmt_col, "%s", msg);
    ps->tx.failed = true;
    if (ps->tx.status == RM_OK)
        ps->tx.status = RM_INVALID;
}

static const char *nomem(obj_parser *ps)
{
    rm_tx_nomem(&ps->tx);
    return NULL;
}

/* ---- positions, uvs, normals ---- */

/* Room for `need` positions (colors and lines too, when there are). */
static bool grow_positions(obj_parser *ps, size_t need)
{
    rm_mesh *m = ps->m;
    size_t cap;
    if (!next_cap(ps->pos_cap, need, sizeof(rm_vec3d), &cap))
        return false;
    if (!resize(&m->positions, cap, sizeof *m->positions))
        return false;
    if (m->colors && (!resize(&m->colors, cap, sizeof *m->colors) ||
                      !resize(&m->has_color, cap, sizeof *m->has_color)))
        return false;
    if (ps->keep_lines && !resize(&m->position_line, cap, sizeof *m->position_line))
        return false;
    ps->pos_cap = cap;
    return true;
}

/* The first colored vertex: colors for everything so far (white, no flag). */
static bool start_colors(obj_parser *ps)
{
    rm_mesh *m = ps->m;
    m->colors = malloc(ps->pos_cap * sizeof *m->colors);
    m->has_color = malloc(ps->pos_cap * sizeof *m->has_color);
    if (!m->colors || !m->has_color)
        return false;
    for (size_t i = 0; i < m->position_count; i++) {
        m->colors[i].x = m->colors[i].y = m->colors[i].z = 1.0;
        m->has_color[i] = 0;
    }
    return true;
}

/* Reads the numbers of a v/vt/vn statement into a[0..max-1]; *n gets the
   count. On more than max numbers, reports `too_many` at the extra one. */
static const char *read_numbers(obj_parser *ps, const char *p, double *a, int max, int *n,
                                const char *too_many)
{
    rm_tx *tx = &ps->tx;
    const char *end = tx->end;
    int k = 0;
    p = rm_tx_skip_blanks(tx, p);
    while (!(rm_tx_cls(*p) & RM_TX_STOP)) {
        if (k == max) {
            rm_tx_error(tx, p, "%s", too_many);
            return NULL;
        }
        const char *q = rm_tx_parse_double_fast(p, end, &a[k]);
        if (!q || !rm_tx_token_ends(q)) {
            rm_tx_bad_token(tx, p, NULL);
            return NULL;
        }
        k++;
        p = rm_tx_skip_blanks(tx, q);
    }
    *n = k;
    return p;
}

static const char *read_v(obj_parser *ps, const char *p)
{
    rm_mesh *m = ps->m;
    double a[7];
    int n = 0;
    p = read_numbers(ps, p, a, 7, &n, "too many numbers in v (x y z [w], or x y z r g b)");
    if (!p)
        return NULL;
    if (n < 3 || n == 5) {
        stmt_error(ps, "v with %d number%s: expected x y z, x y z w or x y z r g b", n,
                   n == 1 ? "" : "s");
        return NULL;
    }
    if (m->position_count >= MAX_U32_COUNT) {
        stmt_error(ps, "too many vertices (at most %lu)", (unsigned long)MAX_U32_COUNT);
        return NULL;
    }
    if (m->position_count == ps->pos_cap && !grow_positions(ps, m->position_count + 1))
        return nomem(ps);
    size_t i = m->position_count;
    m->positions[i].x = a[0];
    m->positions[i].y = a[1];
    m->positions[i].z = a[2];
    if (n >= 6) {
        /* x y z r g b (a 7th number, alpha, is ignored). */
        if (!m->colors && !start_colors(ps))
            return nomem(ps);
        m->colors[i].x = a[3];
        m->colors[i].y = a[4];
        m->colors[i].z = a[5];
        m->has_color[i] = 1;
    } else if (m->colors) {
        m->colors[i].x = m->colors[i].y = m->colors[i].z = 1.0;
        m->has_color[i] = 0;
    }
    if (ps->keep_lines)
        m->position_line[i] = ps->stmt_line;
    m->position_count = i + 1;
    return p;
}

static const char *read_vt(obj_parser *ps, const char *p)
{
    rm_mesh *m = ps->m;
    double a[3] = { 0, 0, 0 };
    int n = 0;
    p = read_numbers(ps, p, a, 3, &n, "too many numbers in vt (u [v [w]])");
    if (!p)
        return NULL;
    if (n == 0) {
        stmt_error(ps, "vt without numbers: expected u [v [w]]");
        return NULL;
    }
    if (m->uv_count >= MAX_I32_COUNT) {
        stmt_error(ps, "too many texture coordinates (at most %lu)", (unsigned long)MAX_I32_COUNT);
        return NULL;
    }
    if (m->uv_count == ps->uv_cap) {
        size_t cap;
        if (!next_cap(ps->uv_cap, m->uv_count + 1, sizeof *m->uvs, &cap) ||
            !resize(&m->uvs, cap, sizeof *m->uvs))
            return nomem(ps);
        ps->uv_cap = cap;
    }
    m->uvs[m->uv_count][0] = a[0];
    m->uvs[m->uv_count][1] = a[1];
    m->uv_count++;
    return p;
}

static const char *read_vn(obj_parser *ps, const char *p)
{
    rm_mesh *m = ps->m;
    double a[3];
    int n = 0;
    p = read_numbers(ps, p, a, 3, &n, "too many numbers in vn (x y z)");
    if (!p)
        return NULL;
    if (n != 3) {
        stmt_error(ps, "vn with %d number%s: expected x y z", n, n == 1 ? "" : "s");
        return NULL;
    }
    if (m->normal_count >= MAX_I32_COUNT) {
        stmt_error(ps, "too many normals (at most %lu)", (unsigned long)MAX_I32_COUNT);
        return NULL;
    }
    if (m->normal_count == ps->nrm_cap) {
        size_t cap;
        if (!next_cap(ps->nrm_cap, m->normal_count + 1, sizeof *m->normals, &cap) ||
            !resize(&m->normals, cap, sizeof *m->normals))
            return nomem(ps);
        ps->nrm_cap = cap;
    }
    rm_vec3d *v = &m->normals[m->normal_count++];
    v->x = a[0];
    v->y = a[1];
    v->z = a[2];
    return p;
}

/* ---- faces ---- */

static bool grow_corners(obj_parser *ps, size_t need)
{
    rm_mesh *m = ps->m;
    size_t cap;
    if (!next_cap(ps->corner_cap, need, sizeof(uint32_t), &cap))
        return false;
    if (cap > MAX_U32_COUNT && need <= MAX_U32_COUNT)
        cap = MAX_U32_COUNT;    /* read_f tests the limit only when full */
    if (!resize(&m->corner_position, cap, sizeof *m->corner_position))
        return false;
    if (m->corner_uv && !resize(&m->corner_uv, cap, sizeof *m->corner_uv))
        return false;
    if (m->corner_normal && !resize(&m->corner_normal, cap, sizeof *m->corner_normal))
        return false;
    ps->corner_cap = cap;
    return true;
}

/* An int32 corner array that appears only now: -1 for the corners so far. */
static int32_t *start_corner_array(obj_parser *ps)
{
    int32_t *a = malloc(ps->corner_cap * sizeof *a);
    if (a)
        for (size_t i = 0; i < ps->corner_count; i++)
            a[i] = -1;
    return a;
}

static bool grow_faces(obj_parser *ps, size_t need)
{
    rm_mesh *m = ps->m;
    size_t cap;
    if (!next_cap(ps->face_cap, need, sizeof(uint32_t), &cap))
        return false;
    if (!resize(&m->face_start, cap + 1, sizeof *m->face_start) ||
        !resize(&m->face_material, cap, sizeof *m->face_material) ||
        !resize(&m->face_group, cap, sizeof *m->face_group))
        return false;
    if (ps->keep_lines && (!resize(&m->face_line, cap, sizeof *m->face_line) ||
                           !resize(&m->face_column, cap, sizeof *m->face_column)))
        return false;
    if (ps->face_cap == 0)
        m->face_start[0] = 0;
    ps->face_cap = cap;
    return true;
}

typedef struct index_kind {
    const char *what;       /* "face index" */
    const char *one, *many; /* "vertex", "vertices" */
    int slot;               /* 0 v, 1 vt, 2 vn (obj_parser.need, .rel) */
    int64_t max;            /* the most elements of the kind */
} index_kind;

static const index_kind KIND_V = { "face index", "vertex", "vertices", 0, (int64_t)MAX_U32_COUNT };
static const index_kind KIND_VT = { "texture coordinate index", "texture coordinate",
                                    "texture coordinates", 1, (int64_t)MAX_I32_COUNT };
static const index_kind KIND_VN = { "normal index", "normal", "normals", 2, (int64_t)MAX_I32_COUNT };

/* A worker's index that its own `count` elements do not settle (see the
   top of the file). A positive index is absolute: written as it is, the
   chunks before must hold idx - count elements. A relative one is written
   relative to the chunk (count + idx, maybe negative) and its corner
   listed, to add the count of the chunks before. An index that no count
   can make valid (0, or past the limits) fails: the calling thread reads
   the chunk again and reports it. */
static bool resolve_spec(obj_parser *ps, int64_t idx, size_t count, const index_kind *k,
                         uint32_t *out)
{
    int64_t r = idx > 0 ? idx - 1 : (int64_t)count + idx;
    int64_t need = idx > 0 ? idx - (int64_t)count : -r;
    if (idx == 0 || idx > k->max || r < -k->max) {
        ps->tx.failed = true;
        ps->tx.status = RM_INVALID;
        return false;
    }
    if (need > ps->need[k->slot])
        ps->need[k->slot] = need;
    if (idx < 0) {
        u32_list *l = &ps->rel[k->slot];
        if (l->n == l->cap) {
            size_t cap;
            if (!next_cap(l->cap, l->n + 1, sizeof *l->a, &cap) || !resize(&l->a, cap, sizeof *l->a)) {
                rm_tx_nomem(&ps->tx);
                return false;
            }
            l->cap = cap;
        }
        l->a[l->n++] = (uint32_t)ps->corner_count;
    }
    *out = (uint32_t)r;
    return true;
}

/* Resolves a 1-based or negative index against the `count` elements defined
   so far; reports an error at the token [tok, end). */
static bool resolve(obj_parser *ps, const char *tok, const char *end, int64_t idx, size_t count,
                    const index_kind *k, uint32_t *out)
{
    char t[48];
    if (idx > 0 && (uint64_t)idx <= count) {
        *out = (uint32_t)(idx - 1);
        return true;
    }
    if (ps->spec)
        return resolve_spec(ps, idx, count, k, out);
    if (idx < 0 && (uint64_t)-idx <= count) {
        *out = (uint32_t)((int64_t)count + idx);
        return true;
    }
    rm_tx_quote(t, sizeof t, tok, (size_t)(end - tok));
    if (idx == 0)
        rm_tx_error(&ps->tx, tok, "%s %s: OBJ indexes start at 1", k->what, t);
    else
        rm_tx_error(&ps->tx, tok, "%s %s out of range (%zu %s)", k->what, t, count,
                    count == 1 ? k->one : k->many);
    return false;
}

/* The common cases of an index, inline: a positive one within the count, or
   (a worker) a positive one past its own elements, whose need it notes as
   resolve_spec() does. false: the caller calls resolve()/resolve_attr(). */
static inline bool quick_index(obj_parser *ps, int64_t idx, size_t count, const index_kind *k,
                               uint32_t *out)
{
    if (idx > 0 && (uint64_t)idx <= count) {
        *out = (uint32_t)(idx - 1);
        return true;
    }
    if (ps->spec && idx > 0 && idx <= k->max) {
        int64_t need = idx - (int64_t)count;
        if (need > ps->need[k->slot])
            ps->need[k->slot] = need;
        *out = (uint32_t)(idx - 1);
        return true;
    }
    return false;
}

static void repeated_warning(obj_parser *ps, size_t *counter, unsigned long col, const char *msg)
{
    if (++*counter <= REPEAT_LIMIT)
        rm_diag_at(ps->tx.diag, RM_WARNING, ps->tx.file, ps->stmt_line, col, "%s", msg);
}

/* A texture coordinate or normal index that names nothing: the corner just
   goes without it (a warning, as other loaders do; the corpus has such a
   file), since the face itself is sound. Index 0 stays an error: it is no
   OBJ at all. */
static bool resolve_attr(obj_parser *ps, const char *tok, const char *end, int64_t idx,
                         size_t count, const index_kind *k, int32_t *out)
{
    uint32_t r = 0;
    if ((idx > 0 && (uint64_t)idx <= count) || (idx < 0 && (uint64_t)-idx <= count) || idx == 0 ||
        ps->spec) {
        if (!resolve(ps, tok, end, idx, count, k, &r))
            return false;
        *out = (int32_t)r;
        return true;
    }
    char t[48], msg[200];
    rm_tx_quote(t, sizeof t, tok, (size_t)(end - tok));
    snprintf(msg, sizeof msg, "%s %s out of range (%zu %s): the corner has no %s", k->what, t, count,
             count == 1 ? k->one : k->many, k->one);
    repeated_warning(ps, &ps->bad_attr_refs, rm_tx_col(&ps->tx, tok), msg);
    *out = -1;
    return true;
}

static const char *read_f(obj_parser *ps, const char *p)
{
    rm_tx *tx = &ps->tx;
    rm_mesh *m = ps->m;
    size_t first = ps->corner_count;
    const char *end = tx->end;      /* the region's: a statement never leaves it */
    p = rm_tx_skip_blanks(tx, p);
    while (!(rm_tx_cls(*p) & RM_TX_STOP)) {
        int64_t idx;
        uint32_t v = 0;
        int32_t vt = -1, vn = -1;
        /* Whether the corner has a uv / normal (a worker's relative index
           may be written negative). */
        bool has_vt = false, has_vn = false;
        const char *corner = p, *tok = p;
        const char *q = rm_tx_parse_index_fast(p, end, &idx);
        if (!q || (*q != '/' && !rm_tx_token_ends(q))) {
            rm_tx_bad_token(tx, tok, "face corner");
            return NULL;
        }
        if (!quick_index(ps, idx, m->position_count, &KIND_V, &v) &&
            !resolve(ps, tok, q, idx, m->position_count, &KIND_V, &v))
            return NULL;
        p = q;
        if (*p == '/') {
            p++;
            if (*p != '/' && !rm_tx_token_ends(p)) {
                tok = p;
                q = rm_tx_parse_index_fast(p, end, &idx);
                if (!q || (*q != '/' && !rm_tx_token_ends(q))) {
                    rm_tx_bad_token(tx, tok, "texture coordinate index");
                    return NULL;
                }
                uint32_t r;
                if (quick_index(ps, idx, m->uv_count, &KIND_VT, &r)) {
                    vt = (int32_t)r;
                    has_vt = true;
                } else if (!resolve_attr(ps, tok, q, idx, m->uv_count, &KIND_VT, &vt)) {
                    return NULL;
                } else {
                    has_vt = vt != -1 || ps->spec;
                }
                p = q;
            }
            if (*p == '/') {
                p++;
                if (!rm_tx_token_ends(p)) {
                    tok = p;
                    q = rm_tx_parse_index_fast(p, end, &idx);
                    if (!q || !rm_tx_token_ends(q)) {
                        if (q && *q == '/')     /* a fourth component */
                            rm_tx_bad_token(tx, corner, "face corner");
                        else
                            rm_tx_bad_token(tx, tok, "normal index");
                        return NULL;
                    }
                    uint32_t r;
                    if (quick_index(ps, idx, m->normal_count, &KIND_VN, &r)) {
                        vn = (int32_t)r;
                        has_vn = true;
                    } else if (!resolve_attr(ps, tok, q, idx, m->normal_count, &KIND_VN, &vn)) {
                        return NULL;
                    } else {
                        has_vn = vn != -1 || ps->spec;
                    }
                    p = q;
                }
            }
            if (!rm_tx_token_ends(p)) {
                rm_tx_bad_token(tx, corner, "face corner");
                return NULL;
            }
        }
        size_t c = ps->corner_count;
        /* corner_cap never exceeds the limit (grow_corners), so one test
           finds both. */
        if (c == ps->corner_cap) {
            if (c >= MAX_U32_COUNT) {
                stmt_error(ps, "too many face corners in the file (at most %lu)",
                           (unsigned long)MAX_U32_COUNT);
                return NULL;
            }
            if (!grow_corners(ps, c + 1))
                return nomem(ps);
        }
        m->corner_position[c] = v;
        if (m->corner_uv) {
            m->corner_uv[c] = vt;
        } else if (has_vt) {
            if (!(m->corner_uv = start_corner_array(ps)))
                return nomem(ps);
            m->corner_uv[c] = vt;
        }
        if (m->corner_normal) {
            m->corner_normal[c] = vn;
        } else if (has_vn) {
            if (!(m->corner_normal = start_corner_array(ps)))
                return nomem(ps);
            m->corner_normal[c] = vn;
        }
        ps->corner_count = c + 1;
        p = rm_tx_skip_blanks(tx, p);
    }
    size_t n = ps->corner_count - first;
    if (n < 3) {
        char msg[96];
        snprintf(msg, sizeof msg, "face with %zu corner%s dropped (a face needs 3)", n,
                 n == 1 ? "" : "s");
        repeated_warning(ps, &ps->short_faces, ps->stmt_col, msg);
        ps->corner_count = first;
        return p;
    }
    if (m->face_count >= MAX_U32_COUNT) {
        stmt_error(ps, "too many faces (at most %lu)", (unsigned long)MAX_U32_COUNT);
        return NULL;
    }
    if (m->face_count == ps->face_cap && !grow_faces(ps, m->face_count + 1))
        return nomem(ps);
    size_t f = m->face_count;
    m->face_start[f + 1] = (uint32_t)ps->corner_count;
    m->face_material[f] = ps->cur_material;
    m->face_group[f] = ps->cur_group;
    if (ps->keep_lines) {
        m->face_line[f] = ps->stmt_line;
        m->face_column[f] = ps->stmt_col > UINT32_MAX ? 0 : (uint32_t)ps->stmt_col;
    }
    m->face_count = f + 1;
    return p;
}

/* ---- names: o/g, usemtl, mtllib ---- */

/* What one kind of name grows: its table, the mesh's array (whose item size
   sets the growth) and the parser's array of where each name first appears,
   both of *cap items. */
typedef struct name_list {
    rm_names *table;
    size_t *cap;
    void *arrays[2];        /* addresses of the array pointers; NULL: none */
    size_t elems[2];
    const char *too_many;   /* the error past MAX_U32_COUNT names (NULL: none) */
} name_list;

/* Looks [s, s+n) up in l->table. A new name is copied, added to the table
   as item `count`, and the arrays get room for that item: *name is the
   copy, for the caller to store there and count. A known name gives its
   item in *index and *name = NULL. false on error (reported). */
static bool intern(obj_parser *ps, const name_list *l, size_t count, const char *s, size_t n,
                   uint32_t *index, char **name)
{
    *name = NULL;
    uint32_t h = rm_names_hash(s, n);
    *index = rm_names_find(l->table, s, n, h);
    if (*index != RM_NAMES_NONE)
        return true;
    if (l->too_many && count >= MAX_U32_COUNT) {
        stmt_error(ps, "%s", l->too_many);
        return false;
    }
    if (count == *l->cap) {
        size_t cap;
        bool ok = next_cap(*l->cap, count + 1, l->elems[0], &cap);
        for (int i = 0; ok && i < 2 && l->arrays[i]; i++)
            ok = resize(l->arrays[i], cap, l->elems[i]);
        if (!ok) {
            rm_tx_nomem(&ps->tx);
            return false;
        }
        *l->cap = cap;
    }
    char *c = copy_name(s, n);
    if (!c || !rm_names_add(l->table, c, n, h, (uint32_t)count)) {
        free(c);
        rm_tx_nomem(&ps->tx);
        return false;
    }
    *index = (uint32_t)count;
    *name = c;
    return true;
}

static const char *read_group(obj_parser *ps, const char *p)
{
    rm_tx *tx = &ps->tx;
    rm_mesh *m = ps->m;
    const char *s;
    size_t n;
    p = rm_tx_skip_blanks(tx, p);
    p = rm_tx_rest(tx, p, &s, &n);
    if (!p)
        return NULL;
    if (n == 0) {
        s = "default";
        n = 7;
    }
    const name_list l = { &ps->groups, &ps->group_cap, { &m->groups }, { sizeof *m->groups },
                          "too many groups" };
    uint32_t g;
    char *name;
    if (!intern(ps, &l, m->group_count, s, n, &g, &name))
        return NULL;
    if (name) {
        m->groups[g].name = name;
        m->groups[g].line = ps->stmt_line;
        m->group_count++;
    }
    ps->cur_group = g;
    return p;
}

static const char *read_usemtl(obj_parser *ps, const char *p)
{
    rm_tx *tx = &ps->tx;
    rm_mesh *m = ps->m;
    const char *s;
    size_t n;
    p = rm_tx_skip_blanks(tx, p);
    unsigned long line = tx->line, col = rm_tx_col(tx, p);
    p = rm_tx_rest(tx, p, &s, &n);
    if (!p)
        return NULL;
    if (n == 0) {
        repeated_warning(ps, &ps->empty_usemtl, ps->stmt_col,
                         "usemtl without a name: the faces that follow have no material");
        ps->cur_material = RM_MESH_NONE;
        return p;
    }
    const name_list l = { &ps->materials, &ps->mat_cap, { &m->materials, &ps->mat_site },
                          { sizeof *m->materials, sizeof *ps->mat_site }, "too many materials" };
    uint32_t k;
    char *name;
    if (!intern(ps, &l, m->material_count, s, n, &k, &name))
        return NULL;
    if (name) {
        rm_mesh_material *mat = &m->materials[k];
        mat->name = name;
        rm_mesh_material_defaults(mat);
        ps->mat_site[k].line = line;
        ps->mat_site[k].col = col;
        m->material_count++;
    }
    ps->cur_material = k;
    return p;
}

static const char *read_mtllib(obj_parser *ps, const char *p)
{
    rm_tx *tx = &ps->tx;
    rm_mesh *m = ps->m;
    const char *s;
    size_t n;
    p = rm_tx_skip_blanks(tx, p);
    unsigned long line = tx->line, col = rm_tx_col(tx, p);
    p = rm_tx_rest(tx, p, &s, &n);
    if (!p)
        return NULL;
    if (n == 0) {
        rm_diag_at(tx->diag, RM_WARNING, tx->file, ps->stmt_line, ps->stmt_col,
                   "mtllib without a file name");
        return p;
    }
    const name_list l = { &ps->libs, &ps->lib_cap, { &m->libraries, &ps->lib_site },
                          { sizeof *m->libraries, sizeof *ps->lib_site }, NULL };
    uint32_t i;
    char *name;
    if (!intern(ps, &l, m->library_count, s, n, &i, &name))
        return NULL;
    if (name) {
        m->libraries[i] = name;
        ps->lib_site[i].line = line;
        ps->lib_site[i].col = col;
        m->library_count++;
    }
    return p;
}

/* ---- the statement loop ---- */

static bool is_word(const char *p, const char *w)
{
    for (; *w; w++, p++)
        if (*p != *w)
            return false;
    return rm_tx_keyword_ends(p);
}

/* text_is_mapped: drops the whole pages of [drop_from, p) (the text read
   so far): they are a read-only file mapping, so a later read of them (a
   message quoting a name, a chunk read again) only brings them back from
   the file. The page that holds p stays. */
static void drop_pages(obj_parser *ps, const char *p)
{
    ps->drop_at = UINTPTR_MAX;
    if (!ps->mapped)
        return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    if (page == 0 || (page & (page - 1)) != 0)
        return;
    uintptr_t from = ((uintptr_t)ps->drop_from + page - 1) & ~(page - 1);
    uintptr_t to = (uintptr_t)p & ~(page - 1);
    if (to > from) {
        (void)madvise((void *)from, to - from, MADV_DONTNEED);   /* advice: may fail */
        ps->drop_from = (const char *)to;
    }
    ps->drop_at = (uintptr_t)p + DROP_STEP;
    if (ps->drop_at < (uintptr_t)p)
        ps->drop_at = UINTPTR_MAX;
}

/* Starts dropping pages from `start` (a part of the mapped text). */
static void drop_start(obj_parser *ps, const char *start)
{
    ps->drop_from = start;
    ps->drop_at = UINTPTR_MAX;
    if (ps->mapped) {
        ps->drop_at = (uintptr_t)start + DROP_STEP;
        if (ps->drop_at < (uintptr_t)start)
            ps->drop_at = UINTPTR_MAX;
    }
}

/* Reads the statements from p to the end of the current region (tx->end:
   the whole region, or one chunk of it). */
static rm_status parse_lines(obj_parser *ps, const char *p)
{
    rm_tx *tx = &ps->tx;
    for (;;) {
        if (p >= tx->end)
            return RM_OK;
        p = rm_tx_skip_blanks(tx, p);
        ps->stmt_line = tx->line;
        /* rm_tx_col() without its test: a statement starts on its line. */
        ps->stmt_col = (unsigned long)(p - tx->line_start) + 1;
        switch (*p) {
        case 'v':
            if (rm_tx_keyword_ends(p + 1))
                p = read_v(ps, p + 1);
            else if (p[1] == 't' && rm_tx_keyword_ends(p + 2))
                p = read_vt(ps, p + 2);
            else if (p[1] == 'n' && rm_tx_keyword_ends(p + 2))
                p = read_vn(ps, p + 2);
            else
                p = rm_tx_skip_statement(tx, p);
            break;
        case 'f':
            p = rm_tx_keyword_ends(p + 1) ? read_f(ps, p + 1) : rm_tx_skip_statement(tx, p);
            break;
        case 'o':
        case 'g':
            p = rm_tx_keyword_ends(p + 1) ? read_group(ps, p + 1) : rm_tx_skip_statement(tx, p);
            break;
        case 'u':
            p = is_word(p, "usemtl") ? read_usemtl(ps, p + 6) : rm_tx_skip_statement(tx, p);
            break;
        case 'm':
            p = is_word(p, "mtllib") ? read_mtllib(ps, p + 6) : rm_tx_skip_statement(tx, p);
            break;
        case '#':
        case '\n':
        case '\r':
            break;
        default:
            /* s, l, p, vp, cstype... and anything else: ignored. */
            p = rm_tx_skip_statement(tx, p);
            break;
        }
        if (!p)
            return tx->status;
        if (*p == '\n') {
            /* The common line end, without the call. */
            tx->line++;
            tx->line_start = ++p;
        } else {
            p = rm_tx_end_line(tx, p);
            if (!p)
                return tx->status;
        }
        if ((uintptr_t)p >= ps->drop_at)
            drop_pages(ps, p);
    }
}

/* ---- threads ---- */

static atomic_size_t chunks_appended;

size_t rm_obj_chunks_appended(void)
{
    return atomic_load_explicit(&chunks_appended, memory_order_relaxed);
}

/* How many chunks to cut a main region of `size` bytes into. */
static unsigned thread_count(unsigned threads, size_t size)
{
    if (threads <= 1 || size == 0)
        return 1;
    return threads > MAX_THREADS ? MAX_THREADS : threads;
}

/* The first line start at or after `from` (within [start, end)) that begins a
   logical line: after a '\n' whose physical line does not end with a `\`
   (a continuation, which may be CR LF or a lone CR before that '\n' too).
   A comment ending with `\` continues nothing, but is skipped as well: a
   cut point need not be the first one. end when there is none. */
static const char *next_cut(const char *start, const char *from, const char *end)
{
    const char *p = from;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return end;
        const char *eol = nl;
        if (eol > start && eol[-1] == '\r')
            eol--;
        if (!(eol > start && eol[-1] == '\\'))
            return nl + 1;
        p = nl + 1;
    }
    return end;
}

static void parser_free(obj_parser *ps);

typedef struct obj_chunk {
    obj_parser ps;
    rm_mesh mesh;
    rm_diag diag;
    const char *start, *end;
    rm_status st;
    bool done;              /* read by a worker (under chunk_set.lock) */
} obj_chunk;

/* The chunks of one parse and the workers' queue: a worker takes the next
   chunk not taken (`next`), reads it and marks it done. The calling thread
   takes the chunks in order: one not taken yet it reads itself, straight
   into the mesh (nothing to append then); for one a worker took, it waits. */
typedef struct chunk_set {
    obj_chunk *w;
    unsigned n;
    atomic_uint next;
    pthread_mutex_t lock;
    pthread_cond_t cond;
} chunk_set;

/* Reads one chunk as if it were the whole text (lines from 1). */
static void chunk_read(obj_chunk *w)
{
    rm_tx *tx = &w->ps.tx;
    tx->text = w->start;
    tx->size = tx->main_size = (size_t)(w->end - w->start);
    tx->end = w->end;
    tx->line = 1;
    tx->line_start = w->start;
    drop_start(&w->ps, w->start);
    w->st = parse_lines(&w->ps, w->start);
    if (w->st == RM_OK)
        drop_pages(&w->ps, w->end);
}

static void *worker_main(void *arg)
{
    chunk_set *cs = arg;
    for (;;) {
        unsigned k = atomic_fetch_add(&cs->next, 1u);
        if (k >= cs->n)
            return NULL;
        chunk_read(&cs->w[k]);
        pthread_mutex_lock(&cs->lock);
        cs->w[k].done = true;
        pthread_cond_broadcast(&cs->cond);
        pthread_mutex_unlock(&cs->lock);
    }
}

static void chunk_init(obj_chunk *w, const obj_parser *main, const char *start, const char *end)
{
    memset(w, 0, sizeof *w);
    rm_mesh_init(&w->mesh);
    rm_diag_init(&w->diag);
    w->ps.m = &w->mesh;
    w->ps.keep_lines = main->keep_lines;
    w->ps.mapped = main->mapped;
    w->ps.drop_at = UINTPTR_MAX;
    w->ps.spec = true;
    w->ps.cur_group = INHERIT;
    w->ps.cur_material = INHERIT;
    w->ps.tx.file = main->tx.file;
    w->ps.tx.diag = &w->diag;
    w->start = start;
    w->end = end;
}

static void chunk_free(obj_chunk *w)
{
    parser_free(&w->ps);
    rm_mesh_free(&w->mesh);
    rm_diag_free(&w->diag);
}

/* Whether the worker's reading can be appended as it is: no message at all,
   its indexes valid against what the chunks before hold, the limits kept.
   Otherwise the chunk is read again (and gives the exact messages). */
static bool chunk_usable(const obj_parser *ps, const obj_chunk *w)
{
    const rm_mesh *m = ps->m, *c = &w->mesh;
    if (w->st != RM_OK || w->ps.tx.failed || w->diag.count != 0 || w->diag.dropped != 0)
        return false;
    if (w->ps.need[0] > (int64_t)m->position_count || w->ps.need[1] > (int64_t)m->uv_count ||
        w->ps.need[2] > (int64_t)m->normal_count)
        return false;
    return m->position_count + c->position_count <= MAX_U32_COUNT &&
           m->uv_count + c->uv_count <= MAX_I32_COUNT &&
           m->normal_count + c->normal_count <= MAX_I32_COUNT &&
           ps->corner_count + w->ps.corner_count <= MAX_U32_COUNT &&
           m->face_count + c->face_count <= MAX_U32_COUNT &&
           m->group_count + c->group_count <= MAX_U32_COUNT &&
           m->material_count + c->material_count <= MAX_U32_COUNT;
}


/* Fills n corner entries of an optional int32 array: the worker's, shifted
   by `base` where listed in rel, or -1 when the worker has none. */
static void append_attr(int32_t *dst, const int32_t *src, size_t n, const u32_list *rel,
                        size_t base)
{
    if (!src) {
        for (size_t i = 0; i < n; i++)
            dst[i] = -1;
        return;
    }
    memcpy(dst, src, n * sizeof *dst);
    for (size_t i = 0; i < rel->n; i++)
        dst[rel->a[i]] = (int32_t)((uint32_t)dst[rel->a[i]] + (uint32_t)base);
}

/* Appends a usable worker's chunk (chunk_usable) to the main parser's mesh,
   as if the main parser had read it. false: out of memory (reported). */
static bool chunk_append(obj_parser *ps, obj_chunk *w)
{
    rm_mesh *m = ps->m;
    const rm_mesh *c = &w->mesh;
    const obj_parser *wp = &w->ps;
    unsigned long line_off = ps->tx.line - 1;
    size_t bv = m->position_count, bt = m->uv_count, bn = m->normal_count;
    size_t bc = ps->corner_count, bf = m->face_count;
    size_t nv = c->position_count, nt = c->uv_count, nn = c->normal_count;
    size_t nc = wp->corner_count, nf = c->face_count;
    uint32_t *gmap = NULL, *mmap = NULL;
    bool ok = false;

    /* Names first: the faces need the maps. */
    gmap = malloc((c->group_count + 1) * sizeof *gmap);
    mmap = malloc((c->material_count + 1) * sizeof *mmap);
    if (!gmap || !mmap)
        goto out;
    for (size_t i = 0; i < c->group_count; i++) {
        const name_list l = { &ps->groups, &ps->group_cap, { &m->groups }, { sizeof *m->groups },
                              "too many groups" };
        char *name;
        const char *s = c->groups[i].name;
        if (!intern(ps, &l, m->group_count, s, strlen(s), &gmap[i], &name))
            goto fail;
        if (name) {
            m->groups[gmap[i]].name = name;
            m->groups[gmap[i]].line = c->groups[i].line + line_off;
            m->group_count++;
        }
    }
    for (size_t i = 0; i < c->material_count; i++) {
        const name_list l = { &ps->materials, &ps->mat_cap, { &m->materials, &ps->mat_site },
                              { sizeof *m->materials, sizeof *ps->mat_site }, "too many materials" };
        char *name;
        const char *s = c->materials[i].name;
        if (!intern(ps, &l, m->material_count, s, strlen(s), &mmap[i], &name))
            goto fail;
        if (name) {
            uint32_t k = mmap[i];
            m->materials[k].name = name;
            rm_mesh_material_defaults(&m->materials[k]);
            ps->mat_site[k].line = wp->mat_site[i].line + line_off;
            ps->mat_site[k].col = wp->mat_site[i].col;
            m->material_count++;
        }
    }
    for (size_t i = 0; i < c->library_count; i++) {
        const name_list l = { &ps->libs, &ps->lib_cap, { &m->libraries, &ps->lib_site },
                              { sizeof *m->libraries, sizeof *ps->lib_site }, NULL };
        uint32_t k;
        char *name;
        const char *s = c->libraries[i];
        if (!intern(ps, &l, m->library_count, s, strlen(s), &k, &name))
            goto fail;
        if (name) {
            m->libraries[k] = name;
            ps->lib_site[k].line = wp->lib_site[i].line + line_off;
            ps->lib_site[k].col = wp->lib_site[i].col;
            m->library_count++;
        }
    }

    /* Positions (colors and lines), uvs, normals. */
    if (nv) {
        if (bv + nv > ps->pos_cap && !grow_positions(ps, bv + nv))
            goto nomem;
        if (c->colors && !m->colors && !start_colors(ps))
            goto nomem;
        memcpy(m->positions + bv, c->positions, nv * sizeof *m->positions);
        if (m->colors) {
            if (c->colors) {
                memcpy(m->colors + bv, c->colors, nv * sizeof *m->colors);
                memcpy(m->has_color + bv, c->has_color, nv * sizeof *m->has_color);
            } else {
                for (size_t i = 0; i < nv; i++) {
                    m->colors[bv + i].x = m->colors[bv + i].y = m->colors[bv + i].z = 1.0;
                    m->has_color[bv + i] = 0;
                }
            }
        }
        if (ps->keep_lines)
            for (size_t i = 0; i < nv; i++)
                m->position_line[bv + i] = c->position_line[i] + line_off;
        m->position_count = bv + nv;
    }
    if (nt && !append_items((void **)&m->uvs, &ps->uv_cap, bt, c->uvs, nt, sizeof *m->uvs))
        goto nomem;
    m->uv_count = bt + nt;
    if (nn && !append_items((void **)&m->normals, &ps->nrm_cap, bn, c->normals, nn,
                            sizeof *m->normals))
        goto nomem;
    m->normal_count = bn + nn;

    /* Corners: the relative indexes get the counts of the chunks before. */
    if (nc) {
        if (bc + nc > ps->corner_cap && !grow_corners(ps, bc + nc))
            goto nomem;
        if (c->corner_uv && !m->corner_uv && !(m->corner_uv = start_corner_array(ps)))
            goto nomem;
        if (c->corner_normal && !m->corner_normal && !(m->corner_normal = start_corner_array(ps)))
            goto nomem;
        memcpy(m->corner_position + bc, c->corner_position, nc * sizeof *m->corner_position);
        for (size_t i = 0; i < wp->rel[0].n; i++)
            m->corner_position[bc + wp->rel[0].a[i]] += (uint32_t)bv;
        if (m->corner_uv)
            append_attr(m->corner_uv + bc, c->corner_uv, nc, &wp->rel[1], bt);
        if (m->corner_normal)
            append_attr(m->corner_normal + bc, c->corner_normal, nc, &wp->rel[2], bn);
        ps->corner_count = bc + nc;
    }

    /* Faces: corners shifted, groups and materials mapped. */
    if (nf) {
        if (bf + nf > ps->face_cap && !grow_faces(ps, bf + nf))
            goto nomem;
        for (size_t i = 0; i < nf; i++) {
            uint32_t g = c->face_group[i], k = c->face_material[i];
            m->face_start[bf + 1 + i] = c->face_start[1 + i] + (uint32_t)bc;
            m->face_group[bf + i] = g == INHERIT ? ps->cur_group : gmap[g];
            m->face_material[bf + i] = k == INHERIT ? ps->cur_material : mmap[k];
        }
        if (ps->keep_lines) {
            for (size_t i = 0; i < nf; i++)
                m->face_line[bf + i] = c->face_line[i] + line_off;
            memcpy(m->face_column + bf, c->face_column, nf * sizeof *m->face_column);
        }
        m->face_count = bf + nf;
    }
    if (wp->cur_group != INHERIT)
        ps->cur_group = gmap[wp->cur_group];
    if (wp->cur_material != INHERIT)
        ps->cur_material = mmap[wp->cur_material];
    ps->tx.line += wp->tx.line - 1;
    ps->tx.line_start = w->end;
    ok = true;
    goto out;
nomem:
    rm_tx_nomem(&ps->tx);
fail:
    ok = false;
out:
    free(gmap);
    free(mmap);
    return ok;
}

/* Chunks per thread: more chunks than threads balance the work (the calling
   thread also appends, and v lines cost more per byte than f lines). */
#define CHUNKS_PER_THREAD 4u

/* Reads the main region in chunks with `threads` threads at most (see the
   top of the file and chunk_set). */
static rm_status parse_chunks(obj_parser *ps, unsigned threads)
{
    rm_tx *tx = &ps->tx;
    const char *text = tx->text, *end = tx->text + tx->main_size;
    unsigned want = threads * CHUNKS_PER_THREAD;
    const char **cut = malloc(((size_t)want + 1) * sizeof *cut);
    chunk_set cs;
    memset(&cs, 0, sizeof cs);
    pthread_t *tid = malloc((size_t)threads * sizeof *tid);
    unsigned n = 0, started = 0;
    if (cut) {
        cut[0] = text;
        size_t step = tx->main_size / want;
        for (unsigned i = 1; i < want; i++) {
            const char *c = next_cut(text, text + (size_t)i * step, end);
            if (c > cut[n] && c < end)
                cut[++n] = c;
        }
        cut[++n] = end;     /* n chunks */
        cs.w = calloc(n, sizeof *cs.w);
    }
    if (!cut || !cs.w || !tid || pthread_mutex_init(&cs.lock, NULL) != 0) {
        /* No memory for the chunks: one thread. */
        free(cut);
        free(cs.w);
        free(tid);
        return parse_lines(ps, text);
    }
    bool cond_ok = pthread_cond_init(&cs.cond, NULL) == 0;
    if (!cond_ok)
        threads = 1;        /* no waiting possible: the calling thread reads all */
    cs.n = n;
    for (unsigned i = 0; i < n; i++)
        chunk_init(&cs.w[i], ps, cut[i], cut[i + 1]);
    atomic_init(&cs.next, 1u);
    for (unsigned i = 1; i < threads && i < n; i++)
        if (pthread_create(&tid[started], NULL, worker_main, &cs) == 0)
            started++;
    tx->end = cut[1];
    rm_status st = parse_lines(ps, text);
    if (st == RM_OK)
        drop_pages(ps, cut[1]);
    unsigned taken = n;     /* after an error: the chunks from here were never taken */
    if (st != RM_OK)
        taken = atomic_exchange(&cs.next, n);
    for (unsigned i = 1; i < n; i++) {
        obj_chunk *w = &cs.w[i];
        unsigned expect = i;
        if (i >= taken) {
            chunk_free(w);
            continue;
        }
        if (atomic_compare_exchange_strong(&cs.next, &expect, i + 1)) {
            /* Not taken: read here, in the state the chunks before left. */
            if (st == RM_OK) {
                tx->end = cut[i + 1];
                tx->line_start = cut[i];
                drop_start(ps, cut[i]);
                st = parse_lines(ps, cut[i]);
                if (st == RM_OK)
                    drop_pages(ps, cut[i + 1]);
            }
            chunk_free(w);
            continue;
        }
        pthread_mutex_lock(&cs.lock);
        while (!w->done)
            pthread_cond_wait(&cs.cond, &cs.lock);
        pthread_mutex_unlock(&cs.lock);
        if (st != RM_OK) {
            /* An error before: the first error wins, the rest is not read. */
        } else if (chunk_usable(ps, w)) {
            if (chunk_append(ps, w))
                atomic_fetch_add_explicit(&chunks_appended, 1, memory_order_relaxed);
            else
                st = tx->status;
        } else {
            /* A message, an index the chunks before do not hold, a limit:
               read again here, as one thread would. */
            tx->end = cut[i + 1];
            tx->line_start = cut[i];
            drop_start(ps, cut[i]);
            st = parse_lines(ps, cut[i]);
            if (st == RM_OK)
                drop_pages(ps, cut[i + 1]);
        }
        chunk_free(w);
        if (st != RM_OK && taken == n)
            taken = atomic_exchange(&cs.next, n);  /* the workers stop taking chunks */
    }
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    chunk_free(&cs.w[0]);   /* chunk 0 was read by ps itself: its w is empty */
    if (cond_ok)
        pthread_cond_destroy(&cs.cond);
    pthread_mutex_destroy(&cs.lock);
    free(cs.w);
    free(cut);
    free(tid);
    tx->end = end;
    return st;
}

static rm_status parse_statements(obj_parser *ps, unsigned threads)
{
    rm_tx *tx = &ps->tx;
    const char *p = rm_tx_begin(tx);
    drop_start(ps, p);
    rm_status st;
    if (threads > 1 && tx->main_size > 0) {
        st = parse_chunks(ps, threads);
        p = tx->end;
    } else {
        st = parse_lines(ps, p);
    }
    if (st != RM_OK)
        return st;
    drop_pages(ps, tx->end);
    ps->mapped = false;     /* the tail is a heap copy */
    ps->drop_at = UINTPTR_MAX;
    while ((p = rm_tx_next_region(tx)) != NULL) {
        st = parse_lines(ps, p);
        if (st != RM_OK)
            return st;
    }
    return RM_OK;
}

/* Cuts an array to its final size (growth and the first estimate may have
   left slack); an empty array becomes NULL. */
static void shrink(void *pp, size_t count, size_t elem)
{
    void **p = pp;
    if (!*p)
        return;
    if (count == 0) {
        free(*p);
        *p = NULL;
        return;
    }
    void *q = realloc(*p, count * elem);
    if (q)
        *p = q;     /* a failed shrink keeps the bigger block: still valid */
}

static rm_status finish_arrays(obj_parser *ps)
{
    rm_mesh *m = ps->m;
    size_t nc = ps->corner_count;
    shrink(&m->positions, m->position_count, sizeof *m->positions);
    shrink(&m->colors, m->position_count, sizeof *m->colors);
    shrink(&m->has_color, m->position_count, sizeof *m->has_color);
    shrink(&m->position_line, m->position_count, sizeof *m->position_line);
    shrink(&m->uvs, m->uv_count, sizeof *m->uvs);
    shrink(&m->normals, m->normal_count, sizeof *m->normals);
    shrink(&m->corner_position, nc, sizeof *m->corner_position);
    shrink(&m->corner_uv, nc, sizeof *m->corner_uv);
    shrink(&m->corner_normal, nc, sizeof *m->corner_normal);
    shrink(&m->face_material, m->face_count, sizeof *m->face_material);
    shrink(&m->face_group, m->face_count, sizeof *m->face_group);
    shrink(&m->face_line, m->face_count, sizeof *m->face_line);
    shrink(&m->face_column, m->face_count, sizeof *m->face_column);
    shrink(&m->groups, m->group_count, sizeof *m->groups);
    shrink(&m->materials, m->material_count, sizeof *m->materials);
    shrink(&m->libraries, m->library_count, sizeof *m->libraries);
    /* face_start always exists, with face_count + 1 entries. */
    if (m->face_start) {
        shrink(&m->face_start, m->face_count + 1, sizeof *m->face_start);
    } else if (!(m->face_start = calloc(1, sizeof *m->face_start))) {
        rm_tx_nomem(&ps->tx);
        return RM_NOMEM;
    }
    return RM_OK;
}

static void parser_free(obj_parser *ps)
{
    for (int k = 0; k < 3; k++)
        free(ps->rel[k].a);
    rm_tx_close(&ps->tx);
    rm_names_free(&ps->groups);
    rm_names_free(&ps->materials);
    rm_names_free(&ps->libs);
    free(ps->mat_site);
    free(ps->lib_site);
}

rm_status rm_obj_parse(const char *text, size_t size, const char *filename,
                       const rm_obj_options *opt, rm_mesh *out, rm_diag *diag)
{
    rm_obj_options def;
    if (!opt) {
        rm_obj_options_default(&def);
        opt = &def;
    }
    rm_mesh_init(out);
    const char *file = filename ? filename : "<input>";
    obj_parser ps;
    memset(&ps, 0, sizeof ps);
    ps.m = out;
    ps.keep_lines = opt->keep_lines;
    ps.cur_group = RM_MESH_NONE;
    ps.cur_material = RM_MESH_NONE;

    rm_status st = rm_tx_open(&ps.tx, text ? text : "", text ? size : 0, file, diag);
    if (st == RM_OK) {
        out->source = copy_name(file, strlen(file));
        if (!out->source) {
            rm_tx_nomem(&ps.tx);
            st = RM_NOMEM;
        }
    }
    /* Only the caller's own bytes are a mapping (not a transcoded copy). */
    ps.mapped = opt->text_is_mapped && ps.tx.owned == NULL;
    if (st == RM_OK)
        st = parse_statements(&ps, thread_count(opt->threads, ps.tx.main_size));
    if (st == RM_OK)
        st = finish_arrays(&ps);
    if (st == RM_OK) {
        if (ps.short_faces > REPEAT_LIMIT)
            rm_diag_at(diag, RM_WARNING, file, 0, 0, "%zu more faces with fewer than 3 corners dropped",
                       ps.short_faces - REPEAT_LIMIT);
        if (ps.bad_attr_refs > REPEAT_LIMIT)
            rm_diag_at(diag, RM_WARNING, file, 0, 0,
                       "%zu more texture coordinate or normal indexes out of range ignored",
                       ps.bad_attr_refs - REPEAT_LIMIT);
        if (ps.empty_usemtl > REPEAT_LIMIT)
            rm_diag_at(diag, RM_WARNING, file, 0, 0, "%zu more usemtl without a name",
                       ps.empty_usemtl - REPEAT_LIMIT);
    }
    if (st == RM_OK && opt->load_materials) {
        st = rm_obj_load_libraries(out, file, ps.lib_site, diag);
        if (st == RM_OK) {
            for (size_t i = 0; i < out->material_count; i++) {
                if (out->materials[i].defined)
                    continue;
                rm_diag_at(diag, RM_WARNING, file, ps.mat_site[i].line, ps.mat_site[i].col,
                           "material \"%s\" is not defined in %s; it keeps the default color",
                           out->materials[i].name,
                           out->library_count ? "any material library" : "this file (no mtllib)");
            }
        }
    }
    parser_free(&ps);
    if (st != RM_OK)
        rm_mesh_free(out);
    return st;
}

/* ---- files ---- */

rm_status rm_obj_read_whole(const char *path, char **data, size_t *size, int *err)
{
    *data = NULL;
    *size = 0;
    *err = 0;
    /* Only a regular file within the input limit: opened without blocking,
       so an mtllib naming a FIFO or /dev/zero never hangs or fills memory. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
        (uint64_t)sb.st_size > rm_file_max_bytes()) {
        *err = fd < 0 ? errno : !S_ISREG(sb.st_mode) ? (S_ISDIR(sb.st_mode) ? EISDIR : ENODEV) : EFBIG;
        if (fd >= 0)
            close(fd);
        return RM_IO;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        *err = errno;
        close(fd);
        return RM_IO;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return RM_NOMEM;
    }
    for (;;) {
        if (len == cap) {
            if (cap > SIZE_MAX / 2) {
                free(buf);
                fclose(f);
                return RM_NOMEM;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return RM_NOMEM;
            }
            buf = nb;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    if (ferror(f)) {
        *err = errno ? errno : EIO;
        free(buf);
        fclose(f);
        return RM_IO;
    }
    fclose(f);
    *data = buf;
    *size = len;
    return RM_OK;
}

rm_status rm_obj_read_file(const char *path, const rm_obj_options *opt,
                           rm_mesh *out, rm_diag *diag)
{
    rm_mesh_init(out);
    char *data;
    size_t size;
    int err;
    rm_status st = rm_obj_read_whole(path, &data, &size, &err);
    if (st == RM_NOMEM) {
        rm_diag_at(diag, RM_ERROR, path, 0, 0, "out of memory");
        return st;
    }
    if (st != RM_OK) {
        rm_diag_at(diag, RM_ERROR, path, 0, 0, "cannot read: %s", strerror(err));
        return st;
    }
    st = rm_obj_parse(data, size, path, opt, out, diag);
    free(data);
    return st;
}
