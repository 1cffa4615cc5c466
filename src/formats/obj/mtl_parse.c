/* src/formats/obj/mtl_parse.c - the MTL reader (newmtl, Kd, Ns, d, Tr,
   map_Kd and the jo_* options of the JOM converter) and the loading of an
   OBJ's mtllib files. See docs/obj.md for the rules. */
#include "retromesh/obj.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "formats/obj/obj_internal.h"
#include "core/names.h"
#include "core/path_tidy.h"
#include "formats/obj/obj_text.h"

/* Materials of one file kept opaque for one reason: how many, and where
   the first one was. */
typedef struct opaque_fix {
    size_t count;
    unsigned long line, col;
    char *name;                 /* of the first one (NULL: no name, or no memory) */
} opaque_fix;

typedef struct mtl_parser {
    rm_tx tx;
    rm_mesh *mesh;
    const char *file;
    const char *label;          /* file, tidied for messages */
    rm_names mesh_names;        /* the mesh's materials by name */
    rm_names file_names;        /* newmtl names of this file -> line */
    char **own;                 /* keys of file_names */
    size_t own_count, own_cap;

    rm_mesh_material *cur;      /* material being read (NULL before newmtl) */
    rm_mesh_material scratch;   /* target when the material is not kept */
    const char *cur_name;
    bool has_d, has_tr, warned_d_tr;
    double tr;
    unsigned long tr_line, tr_col;
    bool warned_orphan;

    double d;
    unsigned long d_line, d_col;

    /* Materials read as opaque although written invisible, one warning per
       file at the first one: Tr >= 1 and no d (MeshLab writes Tr 1 for
       opaque), and d <= 0 (fully transparent, never meant). */
    opaque_fix tr_one, d_zero;
} mtl_parser;

static int lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

/* [s, e) equals w (lower case), in any case. */
static bool word_is(const char *s, const char *e, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(e - s) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (lower((unsigned char)s[i]) != w[i])
            return false;
    return true;
}

static char *copy_range(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = 0;
    }
    return c;
}

/* The next token of the statement: *s..*e, or *s = NULL at the statement
   end. Returns the position after blanks (NULL after an error: NUL byte). */
static const char *next_token(mtl_parser *mp, const char *p, const char **s, const char **e)
{
    p = rm_tx_skip_blanks(&mp->tx, p);
    if (rm_tx_cls(*p) & RM_TX_STOP) {
        *s = *e = NULL;
        return p;
    }
    const char *t = rm_tx_token_end(p);
    if (t == p) {
        /* Only a NUL byte ends a token before it starts. */
        rm_tx_bad_token(&mp->tx, p, NULL);
        return NULL;
    }
    *s = p;
    *e = t;
    return p;
}

/* Reads 1..max numbers; more is an error. A number that is not finite
   (nan, inf, 1e999) is a warning at its column and `fallback` is used:
   nothing downstream can draw a NaN color. */
static const char *read_numbers(mtl_parser *mp, const char *p, const char *kw, double *a, int max,
                                int *n, double fallback)
{
    int k = 0;
    for (;;) {
        const char *s, *e;
        p = next_token(mp, p, &s, &e);
        if (!p)
            return NULL;
        if (!s)
            break;
        if (k == max) {
            char t[48];
            rm_tx_error(&mp->tx, s, "unexpected \"%s\" after the value%s of %s",
                        rm_tx_quote(t, sizeof t, s, (size_t)(e - s)), max == 1 ? "" : "s", kw);
            return NULL;
        }
        const char *q = rm_tx_parse_double(s, &a[k]);
        if (!q || q != e) {
            rm_tx_bad_token(&mp->tx, s, NULL);
            return NULL;
        }
        if (!isfinite(a[k])) {
            char t[48];
            rm_tx_warning(&mp->tx, s, "%s value \"%s\" is not a finite number: %g is used", kw,
                          rm_tx_quote(t, sizeof t, s, (size_t)(e - s)), fallback);
            a[k] = fallback;
        }
        k++;
        p = e;
    }
    *n = k;
    return p;
}

static void reset_scratch(mtl_parser *mp)
{
    free(mp->scratch.map_kd);
    mp->scratch.name = NULL;
    rm_mesh_material_defaults(&mp->scratch);
}

/* The current material is read as opaque; the first of the file is kept
   for the warning. */
static void keep_opaque(mtl_parser *mp, opaque_fix *fix, unsigned long line, unsigned long col)
{
    mp->cur->dissolve = 1.0;
    if (fix->count++ == 0) {
        fix->line = line;
        fix->col = col;
        fix->name = mp->cur_name ? copy_range(mp->cur_name, strlen(mp->cur_name)) : NULL;
    }
}

/* The warning for a file's materials kept opaque: "<what> would make
   material "NAME" (and N more ...) invisible<why>". */
static void warn_opaque(const mtl_parser *mp, rm_diag *diag, const opaque_fix *fix,
                        const char *what, const char *why)
{
    if (!fix->count)
        return;
    char name[80], more[64] = "";
    if (fix->count > 1)
        snprintf(more, sizeof more, " (and %zu more materials of this file)", fix->count - 1);
    rm_diag_at(diag, RM_WARNING, mp->label, fix->line, fix->col,
               "%s would make material \"%s\"%s invisible%s", what,
               fix->name ? rm_tx_quote(name, sizeof name, fix->name, strlen(fix->name)) : "",
               more, why);
}

/* Called when a material's statements end (next newmtl or end of file). */
static void end_material(mtl_parser *mp)
{
    if (mp->cur && mp->has_tr && !mp->has_d && mp->tr >= 1.0) {
        /* Read literally, Tr 1 makes the material invisible: nobody exports
           that on purpose, while MeshLab and others write Tr 1 meaning
           opaque. Such a material is kept opaque, with a warning. */
        keep_opaque(mp, &mp->tr_one, mp->tr_line, mp->tr_col);
    }
    if (mp->cur && mp->has_d && mp->d <= 0.0)
        keep_opaque(mp, &mp->d_zero, mp->d_line, mp->d_col);
    mp->has_d = mp->has_tr = mp->warned_d_tr = false;
    mp->tr = 0;
    mp->d = 1.0;
}

static bool keep_key(mtl_parser *mp, char *key)
{
    if (mp->own_count == mp->own_cap) {
        size_t cap = mp->own_cap ? mp->own_cap * 2 : 16;
        char **o = realloc(mp->own, cap * sizeof *o);
        if (!o)
            return false;
        mp->own = o;
        mp->own_cap = cap;
    }
    mp->own[mp->own_count++] = key;
    return true;
}

static const char *read_newmtl(mtl_parser *mp, const char *p)
{
    rm_tx *tx = &mp->tx;
    end_material(mp);
    p = rm_tx_skip_blanks(tx, p);
    unsigned long line = tx->line, col = rm_tx_col(tx, p);
    const char *s;
    size_t n;
    p = rm_tx_rest(tx, p, &s, &n);
    if (!p)
        return NULL;
    reset_scratch(mp);
    mp->cur = &mp->scratch;
    mp->cur_name = NULL;
    if (n == 0) {
        rm_diag_at(tx->diag, RM_WARNING, mp->label, line, col,
                   "newmtl without a name: its statements are ignored");
        return p;
    }
    uint32_t h = rm_names_hash(s, n);
    uint32_t first = rm_names_find(&mp->file_names, s, n, h);
    char name[80];
    rm_tx_quote(name, sizeof name, s, n);
    if (first != RM_NAMES_NONE) {
        rm_diag_at(tx->diag, RM_WARNING, mp->label, line, col,
                   "material \"%s\" is defined twice in this file (first at line %lu); "
                   "the first definition is kept", name, (unsigned long)first);
        return p;
    }
    char *key = copy_range(s, n);
    if (!key || !keep_key(mp, key)) {
        free(key);
        rm_tx_nomem(tx);
        return NULL;
    }
    if (!rm_names_add(&mp->file_names, key, n, h, (uint32_t)(line > 0xFFFFFFF0ul ? 0 : line))) {
        rm_tx_nomem(tx);
        return NULL;
    }
    mp->cur_name = key;
    uint32_t k = rm_names_find(&mp->mesh_names, s, n, h);
    if (k == RM_NAMES_NONE)
        return p;   /* not used by the mesh: read (checked), then dropped */
    rm_mesh_material *mat = &mp->mesh->materials[k];
    if (mat->defined) {
        rm_diag_at(tx->diag, RM_WARNING, mp->label, line, col,
                   "material \"%s\" is already defined in %s:%lu; the first definition is kept",
                   name, mat->library ? mat->library : "?", mat->line);
        return p;
    }
    mat->library = copy_range(mp->file, strlen(mp->file));
    if (!mat->library) {
        rm_tx_nomem(tx);
        return NULL;
    }
    mat->defined = true;
    mat->line = line;
    mp->cur = mat;
    return p;
}

/* Statements before the first newmtl are read (so errors are found) into
   the scratch material and dropped, with one warning. */
static rm_mesh_material *target(mtl_parser *mp, const char *kw)
{
    if (!mp->cur) {
        if (!mp->warned_orphan) {
            rm_tx_warning(&mp->tx, kw, "statement before the first newmtl: ignored");
            mp->warned_orphan = true;
        }
        return &mp->scratch;
    }
    return mp->cur;
}

static const char *read_kd(mtl_parser *mp, const char *kw, const char *p)
{
    const char *s, *e;
    const char *q = next_token(mp, p, &s, &e);
    if (!q)
        return NULL;
    if (s && (word_is(s, e, "spectral") || word_is(s, e, "xyz"))) {
        rm_tx_warning(&mp->tx, s, "Kd %.*s is not supported: ignored", (int)(e - s), s);
        return rm_tx_skip_statement(&mp->tx, e);
    }
    p = q;
    double a[3];
    int n = 0;
    p = read_numbers(mp, p, "Kd", a, 3, &n, 1.0);
    if (!p)
        return NULL;
    if (n != 1 && n != 3) {
        rm_tx_error(&mp->tx, kw, "Kd needs r g b (or one gray value), found %d number%s", n,
                    n == 1 ? "" : "s");
        return NULL;
    }
    rm_mesh_material *m = target(mp, kw);
    m->kd[0] = a[0];
    m->kd[1] = n == 3 ? a[1] : a[0];
    m->kd[2] = n == 3 ? a[2] : a[0];
    m->has_kd = true;
    return p;
}

static const char *read_one(mtl_parser *mp, const char *kw, const char *p, const char *name,
                            double *v, double fallback)
{
    int n = 0;
    p = read_numbers(mp, p, name, v, 1, &n, fallback);
    if (!p)
        return NULL;
    if (n == 0) {
        rm_tx_error(&mp->tx, kw, "%s needs a number", name);
        return NULL;
    }
    return p;
}

static void warn_d_tr(mtl_parser *mp, const char *kw)
{
    if (mp->has_d && mp->has_tr && !mp->warned_d_tr && mp->cur != NULL) {
        char name[80];
        rm_tx_warning(&mp->tx, kw, "material \"%s\" has both d and Tr; d is used",
                      mp->cur_name ? rm_tx_quote(name, sizeof name, mp->cur_name,
                                                 strlen(mp->cur_name)) : "");
        mp->warned_d_tr = true;
    }
}

static const char *read_d(mtl_parser *mp, const char *kw, const char *p)
{
    const char *s, *e;
    const char *q = next_token(mp, p, &s, &e);
    if (!q)
        return NULL;
    p = s && word_is(s, e, "-halo") ? e : q;
    double v;
    p = read_one(mp, kw, p, "d", &v, 1.0);
    if (!p)
        return NULL;
    rm_mesh_material *m = target(mp, kw);
    m->dissolve = v;
    mp->has_d = true;
    mp->d = v;
    mp->d_line = mp->tx.line;
    mp->d_col = rm_tx_col(&mp->tx, kw);
    warn_d_tr(mp, kw);
    return p;
}

static const char *read_tr(mtl_parser *mp, const char *kw, const char *p)
{
    double v;
    p = read_one(mp, kw, p, "Tr", &v, 0.0);
    if (!p)
        return NULL;
    rm_mesh_material *m = target(mp, kw);
    if (!mp->has_d)
        m->dissolve = 1.0 - v;
    mp->has_tr = true;
    mp->tr = v;
    mp->tr_line = mp->tx.line;
    mp->tr_col = rm_tx_col(&mp->tx, kw);
    warn_d_tr(mp, kw);
    return p;
}

static const char *read_ns(mtl_parser *mp, const char *kw, const char *p)
{
    double v;
    p = read_one(mp, kw, p, "Ns", &v, 0.0);
    if (!p)
        return NULL;
    rm_mesh_material *m = target(mp, kw);
    m->ns = v;
    m->has_ns = true;
    return p;
}

/* map_Kd options: how many values each takes, and whether they are numbers. */
typedef struct map_option {
    const char *name;
    int min, max;
    bool numeric;
} map_option;

static const map_option MAP_OPTIONS[] = {
    { "-blendu", 1, 1, false }, { "-blendv", 1, 1, false }, { "-cc", 1, 1, false },
    { "-clamp", 1, 1, false },  { "-imfchan", 1, 1, false }, { "-type", 1, 1, false },
    { "-bm", 1, 1, true },      { "-boost", 1, 1, true },   { "-texres", 1, 1, true },
    { "-mm", 1, 2, true },      { "-o", 1, 3, true },       { "-s", 1, 3, true },
    { "-t", 1, 3, true },
};

static bool is_number(const char *s, const char *e)
{
    double v;
    const char *q = rm_tx_parse_double(s, &v);
    return q == e;
}

static const char *read_map_kd(mtl_parser *mp, const char *kw, const char *p)
{
    rm_tx *tx = &mp->tx;
    for (;;) {
        const char *s, *e;
        p = next_token(mp, p, &s, &e);
        if (!p)
            return NULL;
        if (!s || *s != '-')
            break;
        const map_option *o = NULL;
        for (size_t i = 0; i < sizeof MAP_OPTIONS / sizeof MAP_OPTIONS[0]; i++)
            if (word_is(s, e, MAP_OPTIONS[i].name))
                o = &MAP_OPTIONS[i];
        const char *s2, *e2;
        const char *q = next_token(mp, e, &s2, &e2);
        if (!q)
            return NULL;
        if (!o) {
            if (!s2)
                break;  /* the last word: a file name that starts with '-' */
            char t[48];
            rm_tx_warning(tx, s, "unknown map_Kd option \"%s\": ignored",
                          rm_tx_quote(t, sizeof t, s, (size_t)(e - s)));
            p = e;
            continue;
        }
        p = e;
        int k = 0;
        while (k < o->max) {
            q = next_token(mp, p, &s2, &e2);
            if (!q)
                return NULL;
            if (!s2 || (o->numeric && !is_number(s2, e2)) || (!o->numeric && k > 0))
                break;
            p = e2;
            k++;
        }
        if (k < o->min) {
            rm_tx_warning(tx, s, "map_Kd option %s needs a value: texture ignored", o->name);
            return rm_tx_skip_statement(tx, p);
        }
    }
    const char *name;
    size_t n;
    p = rm_tx_rest(tx, p, &name, &n);
    if (!p)
        return NULL;
    if (n == 0) {
        rm_tx_warning(tx, kw, "map_Kd without a file name: ignored");
        return p;
    }
    char *file = copy_range(name, n);
    if (!file) {
        rm_tx_nomem(tx);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        if (file[i] == '\\')
            file[i] = '/';
    rm_mesh_material *m = target(mp, kw);
    free(m->map_kd);
    m->map_kd = file;
    return p;
}

/* ---- jo_* options ---- */

enum jo_kind { JO_BOOL, JO_LUT, JO_SORT, JO_FLIP, JO_SUBDIV, JO_SUBDIV_ERROR, JO_USER, JO_VALUE };

typedef struct jo_option {
    const char *name;
    enum jo_kind kind;
    uint32_t flag;          /* JO_BOOL */
    const char *expected;   /* for messages */
} jo_option;

static const jo_option JO_OPTIONS[] = {
    { "jo_dual", JO_BOOL, RM_MAT_DUAL_PLANE, "0 or 1" },
    { "jo_sort", JO_SORT, 0, "min, max, previous or center" },
    { "jo_gouraud", JO_BOOL, RM_MAT_GOURAUD, "0 or 1" },
    { "jo_half_transparent", JO_BOOL, RM_MAT_HALF_TRANSPARENT, "0 or 1" },
    { "jo_screen_doors", JO_BOOL, RM_MAT_SCREEN_DOORS, "0 or 1" },
    { "jo_light", JO_BOOL, RM_MAT_LIGHT, "0 or 1" },
    { "jo_flip", JO_FLIP, 0, "h, v, hv or none" },
    { "jo_end_codes", JO_BOOL, RM_MAT_END_CODES, "0 or 1" },
    { "jo_mipmaps", JO_BOOL, RM_MAT_MIPMAPS, "0 or 1" },
    { "jo_subdivision", JO_SUBDIV, 0, "0, 1 or 2" },
    { "jo_subdivision_error", JO_SUBDIV_ERROR, 0, "an integer from 0 to 65535" },
    { "jo_user", JO_USER, 0, "integers from 0 to 15" },
    { "jo_value", JO_VALUE, 0, "an integer from 0 to 4294967295" },
    { "jo_lut", JO_LUT, 0, "0 or 1" },
};

/* Applies one value of option o to m. False: the value is bad. */
static bool jo_apply(const jo_option *o, const char *s, const char *e, rm_mesh_material *m)
{
    size_t n = (size_t)(e - s);
    uint32_t v;
    switch (o->kind) {
    case JO_BOOL:
    case JO_LUT:
        if (!rm_tx_parse_uint(s, n, 1, &v) || n != 1)
            return false;
        if (o->kind == JO_LUT)
            m->jo_lut = v != 0;
        else if (v)
            m->jo_flags |= o->flag;
        else
            m->jo_flags &= ~o->flag;
        return true;
    case JO_SORT: {
        uint32_t f;
        if (word_is(s, e, "min"))
            f = RM_MAT_SORT_MIN;
        else if (word_is(s, e, "max"))
            f = RM_MAT_SORT_MAX;
        else if (word_is(s, e, "previous"))
            f = RM_MAT_SORT_PREVIOUS;
        else if (word_is(s, e, "center"))
            f = 0;
        else
            return false;
        m->jo_flags = (m->jo_flags & ~RM_MAT_SORT_PREVIOUS) | f;
        return true;
    }
    case JO_FLIP: {
        uint32_t f;
        if (word_is(s, e, "h"))
            f = RM_MAT_FLIP_H;
        else if (word_is(s, e, "v"))
            f = RM_MAT_FLIP_V;
        else if (word_is(s, e, "hv"))
            f = RM_MAT_FLIP_H | RM_MAT_FLIP_V;
        else if (word_is(s, e, "none"))
            f = 0;
        else
            return false;
        m->jo_flags = (m->jo_flags & ~(RM_MAT_FLIP_H | RM_MAT_FLIP_V)) | f;
        return true;
    }
    case JO_SUBDIV: {
        if (!rm_tx_parse_uint(s, n, 2, &v) || n != 1)
            return false;
        uint32_t f = v == 1 ? RM_MAT_SUBDIVISION : v == 2 ? RM_MAT_SUBDIVISION_NEAR : 0;
        m->jo_flags = (m->jo_flags & ~(RM_MAT_SUBDIVISION | RM_MAT_SUBDIVISION_NEAR)) | f;
        return true;
    }
    case JO_SUBDIV_ERROR:
        if (!rm_tx_parse_uint(s, n, 65535, &v))
            return false;
        m->jo_subdivision_error = (uint16_t)v;
        return true;
    case JO_USER:
        if (!rm_tx_parse_uint(s, n, 15, &v))
            return false;
        m->jo_flags |= RM_MAT_USER(v);
        return true;
    case JO_VALUE:
        if (!rm_tx_parse_uint(s, n, UINT32_MAX, &v))
            return false;
        m->jo_value = v;
        return true;
    }
    return false;
}

int rm_mtl_jo_option(const char *name, const char *value, rm_mesh_material *m,
                     const char **expected)
{
    const jo_option *o = NULL;
    for (size_t i = 0; i < sizeof JO_OPTIONS / sizeof JO_OPTIONS[0]; i++)
        if (strcmp(name, JO_OPTIONS[i].name) == 0)
            o = &JO_OPTIONS[i];
    if (!o)
        return 1;
    if (expected)
        *expected = o->expected;
    return jo_apply(o, value, value + strlen(value), m) ? 0 : 2;
}

static const char *read_jo(mtl_parser *mp, const char *kw, const char *kwe, const char *p)
{
    rm_tx *tx = &mp->tx;
    char t[64];
    const jo_option *o = NULL;
    for (size_t i = 0; i < sizeof JO_OPTIONS / sizeof JO_OPTIONS[0]; i++)
        if (word_is(kw, kwe, JO_OPTIONS[i].name))
            o = &JO_OPTIONS[i];
    if (!o) {
        rm_tx_error(tx, kw, "unknown material option \"%s\" (see docs/obj.md)",
                    rm_tx_quote(t, sizeof t, kw, (size_t)(kwe - kw)));
        return NULL;
    }
    rm_mesh_material *m = target(mp, kw);
    int count = 0;
    for (;;) {
        const char *s, *e;
        p = next_token(mp, p, &s, &e);
        if (!p)
            return NULL;
        if (!s)
            break;
        if (count == 1 && o->kind != JO_USER) {
            rm_tx_error(tx, s, "unexpected \"%s\" after the value of %s",
                        rm_tx_quote(t, sizeof t, s, (size_t)(e - s)), o->name);
            return NULL;
        }
        if (!jo_apply(o, s, e, m)) {
            rm_tx_error(tx, s, "bad value \"%s\" for %s (expected %s)",
                        rm_tx_quote(t, sizeof t, s, (size_t)(e - s)), o->name, o->expected);
            return NULL;
        }
        count++;
        p = e;
    }
    if (count == 0) {
        rm_tx_error(tx, kw, "%s needs a value (%s)", o->name, o->expected);
        return NULL;
    }
    return p;
}

/* ---- the statement loop ---- */

static rm_status parse_statements(mtl_parser *mp)
{
    rm_tx *tx = &mp->tx;
    const char *p = rm_tx_begin(tx);
    for (;;) {
        if (p >= tx->end) {
            p = rm_tx_next_region(tx);
            if (!p)
                break;
            continue;
        }
        p = rm_tx_skip_blanks(tx, p);
        if (!(rm_tx_cls(*p) & RM_TX_STOP)) {
            const char *kw = p, *e = rm_tx_token_end(p);
            if (e == kw)
                p = rm_tx_skip_statement(tx, p);    /* NUL: reports it */
            else if (word_is(kw, e, "newmtl"))
                p = read_newmtl(mp, e);
            else if (word_is(kw, e, "kd"))
                p = read_kd(mp, kw, e);
            else if (word_is(kw, e, "ns"))
                p = read_ns(mp, kw, e);
            else if (word_is(kw, e, "d"))
                p = read_d(mp, kw, e);
            else if (word_is(kw, e, "tr"))
                p = read_tr(mp, kw, e);
            else if (word_is(kw, e, "map_kd"))
                p = read_map_kd(mp, kw, e);
            else if (e - kw >= 3 && lower((unsigned char)kw[0]) == 'j' &&
                     lower((unsigned char)kw[1]) == 'o' && kw[2] == '_')
                p = read_jo(mp, kw, e, e);
            else
                p = rm_tx_skip_statement(tx, e);
        }
        if (!p)
            return tx->status;
        p = rm_tx_end_line(tx, p);
        if (!p)
            return tx->status;
    }
    end_material(mp);
    return RM_OK;
}

rm_status rm_mtl_parse(const char *text, size_t size, const char *filename,
                       rm_mesh *mesh, rm_diag *diag)
{
    mtl_parser mp;
    memset(&mp, 0, sizeof mp);
    mp.mesh = mesh;
    mp.file = filename ? filename : "<input>";
    /* Messages name the file tidied ("a//./b.mtl" -> "a/b.mtl"); the
       material keeps the path it was opened with, textures are found from it. */
    char *label = rm_path_tidy_dup(mp.file);
    mp.label = label ? label : mp.file;
    rm_mesh_material_defaults(&mp.scratch);
    rm_status st = rm_tx_open(&mp.tx, text ? text : "", text ? size : 0, mp.label, diag);
    for (size_t i = 0; st == RM_OK && i < mesh->material_count; i++) {
        const char *name = mesh->materials[i].name;
        size_t n = strlen(name);
        uint32_t h = rm_names_hash(name, n);
        if (rm_names_find(&mp.mesh_names, name, n, h) == RM_NAMES_NONE &&
            !rm_names_add(&mp.mesh_names, name, n, h, (uint32_t)i)) {
            rm_tx_nomem(&mp.tx);
            st = RM_NOMEM;
        }
    }
    if (st == RM_OK)
        st = parse_statements(&mp);
    if (st == RM_OK) {
        warn_opaque(&mp, diag, &mp.tr_one, "Tr >= 1 without d",
                    " (d = 1 - Tr); read as opaque, as the exporters that write it (MeshLab) "
                    "mean: write d 0.5 (or Tr 0.5) for a half-transparent material");
        warn_opaque(&mp, diag, &mp.d_zero, "d 0",
                    "; read as opaque, as Tr 1 is (exporters write it for \"no transparency "
                    "set\"): write d 0.5 (or Tr 0.5) for a half-transparent material");
    }
    rm_tx_close(&mp.tx);
    free(mp.scratch.map_kd);
    free(mp.tr_one.name);
    free(mp.d_zero.name);
    free(label);
    for (size_t i = 0; i < mp.own_count; i++)
        free(mp.own[i]);
    free(mp.own);
    rm_names_free(&mp.mesh_names);
    rm_names_free(&mp.file_names);
    return st;
}

/* ---- loading an OBJ's libraries ---- */

/* folder of obj_file + name (with `\` turned into `/`); an absolute name is
   kept as it is. */
char *rm_obj_library_path(const char *obj_file, const char *name, size_t n)
{
    const char *slash = strrchr(obj_file, '/');
    size_t dir = slash ? (size_t)(slash - obj_file) + 1 : 0;
    /* "./x.mtl" and "x.mtl" name the same file: drop the "./" (or ".\\"). */
    while (n > 2 && name[0] == '.' && (name[1] == '/' || name[1] == '\\')) {
        name += 2;
        n -= 2;
    }
    bool absolute = n > 0 && (name[0] == '/' || name[0] == '\\');
    if (absolute)
        dir = 0;
    char *p = malloc(dir + n + 1);
    if (!p)
        return NULL;
    memcpy(p, obj_file, dir);
    for (size_t i = 0; i < n; i++)
        p[dir + i] = name[i] == '\\' ? '/' : name[i];
    p[dir + n] = 0;
    return p;
}

typedef struct loaded_list {
    char **paths;
    size_t count, cap;
} loaded_list;

static bool already_loaded(const loaded_list *l, const char *path)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->paths[i], path) == 0)
            return true;
    return false;
}

/* Tries to load one library file. *opened = false (and *err) when it could
   not be read. Takes ownership of path. */
static rm_status try_library(rm_mesh *mesh, char *path, loaded_list *l, bool *opened, int *err,
                             rm_diag *diag)
{
    *opened = false;
    if (already_loaded(l, path)) {
        *opened = true;
        free(path);
        return RM_OK;
    }
    char *data;
    size_t size;
    rm_status st = rm_obj_read_whole(path, &data, &size, err);
    if (st == RM_IO) {
        free(path);
        return RM_OK;
    }
    if (st != RM_OK) {
        free(path);
        return st;      /* RM_NOMEM: the caller reports it */
    }
    *opened = true;
    st = rm_mtl_parse(data, size, path, mesh, diag);
    free(data);
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        char **np = realloc(l->paths, cap * sizeof *np);
        if (!np) {
            free(path);
            return st == RM_OK ? RM_NOMEM : st;
        }
        l->paths = np;
        l->cap = cap;
    }
    l->paths[l->count++] = path;
    return st;
}

static void missing_library(rm_diag *diag, const char *obj_file, unsigned long line,
                            unsigned long col, const char *name, size_t n, int err)
{
    char q[256];
    rm_diag_at(diag, RM_WARNING, obj_file, line, col,
               "cannot open material library \"%s\": %s; materials keep their default colors",
               rm_tx_quote(q, sizeof q, name, n), strerror(err ? err : ENOENT));
}

/* The arguments of an mtllib line: [start, end) of each blank-separated
   word of name. */
typedef struct word {
    size_t start, end;
} word;

/* Words of at most this many arguments are joined: "a b c d" tries
   "a b c d", "a b c", "a b", "a" (not every joining of a long line). */
#define JOIN_MAX 8

/* One candidate: words [i, j] as written (name[start_i, end_j)), unless
   the caller already tried that (tried_written), then joined with single
   spaces when that is another spelling. *opened when a file was read. */
static rm_status try_words(rm_mesh *mesh, const char *obj_file, const char *name,
                           const word *w, size_t i, size_t j, bool tried_written,
                           loaded_list *l, bool *opened, int *err, rm_diag *diag)
{
    const char *written = name + w[i].start;
    size_t span = w[j].end - w[i].start;
    *opened = false;
    if (!tried_written) {
        char *path = rm_obj_library_path(obj_file, written, span);
        if (!path)
            return RM_NOMEM;
        rm_status st = try_library(mesh, path, l, opened, err, diag);
        if (st != RM_OK || *opened || i == j)
            return st;
    }
    /* Each run of blanks becomes one space: never longer than as written. */
    char *joined = malloc(span + 1);
    if (!joined)
        return RM_NOMEM;
    size_t o = 0;
    for (size_t k = i; k <= j; k++) {
        if (k > i)
            joined[o++] = ' ';
        memcpy(joined + o, name + w[k].start, w[k].end - w[k].start);
        o += w[k].end - w[k].start;
    }
    if (o == span && memcmp(joined, written, span) == 0) {
        free(joined);
        return RM_OK;
    }
    char *path = rm_obj_library_path(obj_file, joined, o);
    free(joined);
    if (!path)
        return RM_NOMEM;
    int err2 = 0;
    return try_library(mesh, path, l, opened, &err2, diag);
}

/* An mtllib line that is not one file name: its words, left to right, each
   time the longest run of words (at most JOIN_MAX) that names a file
   beside the OBJ ("mtllib box mtllib blue.mtl box mtllib green.mtl" loads
   "box mtllib blue.mtl" and "box mtllib green.mtl"); a word that starts no
   such run is a missing library. */
static rm_status load_split(rm_mesh *mesh, const char *obj_file, const char *name, size_t n,
                            unsigned long line, unsigned long col, loaded_list *l, rm_diag *diag)
{
    /* A word and its blank take two bytes: at most n / 2 + 1 words. */
    word *w = malloc((n / 2 + 1) * sizeof *w);
    if (!w)
        return RM_NOMEM;
    size_t count = 0;
    for (size_t k = 0; k < n;) {
        while (k < n && (rm_tx_cls(name[k]) & RM_TX_BLANK))
            k++;
        if (k >= n)
            break;
        w[count].start = k;
        while (k < n && !(rm_tx_cls(name[k]) & RM_TX_BLANK))
            k++;
        w[count++].end = k;
    }
    rm_status st = RM_OK;
    for (size_t i = 0; st == RM_OK && i < count;) {
        size_t last = count - 1 - i < JOIN_MAX - 1 ? count - 1 : i + JOIN_MAX - 1;
        bool opened = false;
        int err = 0, first_err = 0;
        size_t j = last + 1;
        while (st == RM_OK && !opened && j-- > i) {
            /* The whole line as written was tried by the caller. */
            bool whole = i == 0 && j == count - 1 && w[0].start == 0 && w[j].end == n;
            st = try_words(mesh, obj_file, name, w, i, j, whole, l, &opened, &err, diag);
            if (j == i)
                first_err = err;
        }
        if (st != RM_OK)
            break;
        if (!opened) {
            missing_library(diag, obj_file, line, col ? col + w[i].start : 0, name + w[i].start,
                            w[i].end - w[i].start, first_err);
            i++;
        } else {
            i = j + 1;
        }
    }
    free(w);
    return st;
}

rm_status rm_obj_load_libraries(rm_mesh *mesh, const char *obj_file,
                                const rm_obj_lib_site *sites, rm_diag *diag)
{
    loaded_list l = { NULL, 0, 0 };
    rm_status st = RM_OK;
    for (size_t i = 0; st == RM_OK && i < mesh->library_count; i++) {
        const char *name = mesh->libraries[i];
        size_t n = strlen(name);
        unsigned long line = sites ? sites[i].line : 0, col = sites ? sites[i].col : 0;
        char *path = rm_obj_library_path(obj_file, name, n);
        if (!path) {
            st = RM_NOMEM;
            break;
        }
        bool opened;
        int err = 0;
        st = try_library(mesh, path, &l, &opened, &err, diag);
        if (st != RM_OK || opened)
            continue;
        bool blanks = false;
        for (size_t k = 0; k < n; k++)
            if (rm_tx_cls(name[k]) & RM_TX_BLANK)
                blanks = true;
        if (!blanks) {
            missing_library(diag, obj_file, line, col, name, n, err);
            continue;
        }
        st = load_split(mesh, obj_file, name, n, line, col, &l, diag);
    }
    if (st == RM_NOMEM)
        rm_diag_at(diag, RM_ERROR, obj_file, 0, 0, "out of memory");
    for (size_t i = 0; i < l.count; i++)
        free(l.paths[i]);
    free(l.paths);
    return st;
}
