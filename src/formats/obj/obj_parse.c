/* src/formats/obj/obj_parse.c - the OBJ reader: one pass over the bytes into
   the neutral mesh (see include/retromesh/obj.h and docs/obj.md), then the
   mtllib files.

   The hot path is `v` and `f`: numbers are parsed in place (obj_text.h), the
   arrays grow geometrically and are cut to size at the end, and nothing is
   allocated per line. Names (o, g, usemtl, mtllib) are interned through hash
   tables, so a statement that repeats a known name allocates nothing. */
#include "retromesh/obj.h"
#include "core/cnum.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
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
} obj_parser;

void rm_obj_options_default(rm_obj_options *opt)
{
    opt->load_materials = true;
    opt->keep_lines = true;
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

static bool grow_positions(obj_parser *ps)
{
    rm_mesh *m = ps->m;
    size_t cap;
    if (!next_cap(ps->pos_cap, m->position_count + 1, sizeof(rm_vec3d), &cap))
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
    int k = 0;
    p = rm_tx_skip_blanks(tx, p);
    while (!(rm_tx_cls(*p) & RM_TX_STOP)) {
        if (k == max) {
            rm_tx_error(tx, p, "%s", too_many);
            return NULL;
        }
        const char *q = rm_tx_parse_double(p, &a[k]);
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
    if (m->position_count == ps->pos_cap && !grow_positions(ps))
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

static bool grow_corners(obj_parser *ps)
{
    rm_mesh *m = ps->m;
    size_t cap;
    if (!next_cap(ps->corner_cap, ps->corner_count + 1, sizeof(uint32_t), &cap))
        return false;
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

static bool grow_faces(obj_parser *ps)
{
    rm_mesh *m = ps->m;
    size_t cap;
    if (!next_cap(ps->face_cap, m->face_count + 1, sizeof(uint32_t), &cap))
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
} index_kind;

static const index_kind KIND_V = { "face index", "vertex", "vertices" };
static const index_kind KIND_VT = { "texture coordinate index", "texture coordinate",
                                    "texture coordinates" };
static const index_kind KIND_VN = { "normal index", "normal", "normals" };

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
    if ((idx > 0 && (uint64_t)idx <= count) || (idx < 0 && (uint64_t)-idx <= count) || idx == 0) {
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
    p = rm_tx_skip_blanks(tx, p);
    while (!(rm_tx_cls(*p) & RM_TX_STOP)) {
        int64_t idx;
        uint32_t v = 0;
        int32_t vt = -1, vn = -1;
        const char *corner = p, *tok = p;
        const char *q = rm_tx_parse_index(p, &idx);
        if (!q || (*q != '/' && !rm_tx_token_ends(q))) {
            rm_tx_bad_token(tx, tok, "face corner");
            return NULL;
        }
        if (idx > 0 && (uint64_t)idx <= m->position_count)
            v = (uint32_t)(idx - 1);    /* the common case, without the call */
        else if (!resolve(ps, tok, q, idx, m->position_count, &KIND_V, &v))
            return NULL;
        p = q;
        if (*p == '/') {
            p++;
            if (*p != '/' && !rm_tx_token_ends(p)) {
                tok = p;
                q = rm_tx_parse_index(p, &idx);
                if (!q || (*q != '/' && !rm_tx_token_ends(q))) {
                    rm_tx_bad_token(tx, tok, "texture coordinate index");
                    return NULL;
                }
                if (!resolve_attr(ps, tok, q, idx, m->uv_count, &KIND_VT, &vt))
                    return NULL;
                p = q;
            }
            if (*p == '/') {
                p++;
                if (!rm_tx_token_ends(p)) {
                    tok = p;
                    q = rm_tx_parse_index(p, &idx);
                    if (!q || !rm_tx_token_ends(q)) {
                        if (q && *q == '/')     /* a fourth component */
                            rm_tx_bad_token(tx, corner, "face corner");
                        else
                            rm_tx_bad_token(tx, tok, "normal index");
                        return NULL;
                    }
                    if (!resolve_attr(ps, tok, q, idx, m->normal_count, &KIND_VN, &vn))
                        return NULL;
                    p = q;
                }
            }
            if (!rm_tx_token_ends(p)) {
                rm_tx_bad_token(tx, corner, "face corner");
                return NULL;
            }
        }
        size_t c = ps->corner_count;
        if (c >= MAX_U32_COUNT) {
            stmt_error(ps, "too many face corners in the file (at most %lu)",
                       (unsigned long)MAX_U32_COUNT);
            return NULL;
        }
        if (c == ps->corner_cap && !grow_corners(ps))
            return nomem(ps);
        m->corner_position[c] = v;
        if (m->corner_uv) {
            m->corner_uv[c] = vt;
        } else if (vt >= 0) {
            if (!(m->corner_uv = start_corner_array(ps)))
                return nomem(ps);
            m->corner_uv[c] = vt;
        }
        if (m->corner_normal) {
            m->corner_normal[c] = vn;
        } else if (vn >= 0) {
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
    if (m->face_count == ps->face_cap && !grow_faces(ps))
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

/* A cheap count of the lines that start with v, vt, vn and f (one memchr a
   line), to allocate the big arrays once at their final size: no copy while
   growing and no slack (a 100k triangle file then takes about 1.4x its size).
   It is only an estimate (continuations, lone CR): the arrays still grow if
   needed and are cut to size at the end. */
static bool presize(obj_parser *ps)
{
    rm_mesh *m = ps->m;
    const char *p = ps->tx.text, *end = p + ps->tx.size;
    size_t nv = 0, nvt = 0, nvn = 0, nf = 0;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        if (end - p >= 2) {
            char c1 = p[1];
            if (p[0] == 'v') {
                if (c1 == ' ' || c1 == '\t')
                    nv++;
                else if (c1 == 't')
                    nvt++;
                else if (c1 == 'n')
                    nvn++;
            } else if (p[0] == 'f' && (c1 == ' ' || c1 == '\t')) {
                nf++;
            }
        }
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            break;
        p = nl + 1;
    }
    if (nv) {
        if (!resize(&m->positions, nv, sizeof *m->positions) ||
            (ps->keep_lines && !resize(&m->position_line, nv, sizeof *m->position_line)))
            return false;
        ps->pos_cap = nv;
    }
    if (nvt) {
        if (!resize(&m->uvs, nvt, sizeof *m->uvs))
            return false;
        ps->uv_cap = nvt;
    }
    if (nvn) {
        if (!resize(&m->normals, nvn, sizeof *m->normals))
            return false;
        ps->nrm_cap = nvn;
    }
    if (nf) {
        if (nf > SIZE_MAX / 4 - 1 ||
            !resize(&m->face_start, nf + 1, sizeof *m->face_start) ||
            !resize(&m->face_material, nf, sizeof *m->face_material) ||
            !resize(&m->face_group, nf, sizeof *m->face_group) ||
            (ps->keep_lines && (!resize(&m->face_line, nf, sizeof *m->face_line) ||
                                !resize(&m->face_column, nf, sizeof *m->face_column))) ||
            !resize(&m->corner_position, nf * 3, sizeof *m->corner_position))
            return false;
        m->face_start[0] = 0;
        ps->face_cap = nf;
        ps->corner_cap = nf * 3;
    }
    return true;
}

static rm_status parse_statements(obj_parser *ps)
{
    rm_tx *tx = &ps->tx;
    const char *p = rm_tx_begin(tx);
    for (;;) {
        if (p >= tx->end) {
            p = rm_tx_next_region(tx);
            if (!p)
                break;
            continue;
        }
        p = rm_tx_skip_blanks(tx, p);
        ps->stmt_line = tx->line;
        ps->stmt_col = rm_tx_col(tx, p);
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
            continue;
        }
        p = rm_tx_end_line(tx, p);
        if (!p)
            return tx->status;
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
    if (st == RM_OK && !presize(&ps)) {
        rm_tx_nomem(&ps.tx);
        st = RM_NOMEM;
    }
    if (st == RM_OK)
        st = parse_statements(&ps);
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
