/* src/core/diag_group.c - rm_diag_print_grouped (see retromesh/diag.h):
   repeated warnings of one kind shown once with their first places, the
   budget and limit lines last. */
#include "names.h"
#include "retromesh/diag.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_PLACES 3
#define MAX_PLACES 1000     /* a caller's huge value costs memory per kind */

/* The place of a message: [0, *len) of its text; the text after it (and
   after the severity word) is returned. */
static const char *split(const rm_message *m, size_t *where)
{
    const char *t = m->text;
    size_t w = m->where_len;
    if (!w) {
        static const char *const marks[] = {": error: ", ": warning: ", ": note: "};
        const char *best = NULL;
        for (size_t k = 0; k < 3; k++) {
            const char *p = strstr(t, marks[k]);
            if (p && (!best || p < best))
                best = p;
        }
        if (best)
            w = (size_t)(best - t);
    }
    *where = w;
    const char *rest = t + w;
    if (w && rest[0] == ':' && rest[1] == ' ')
        rest += 2;
    static const char *const words[] = {"error: ", "warning: ", "note: "};
    for (size_t k = 0; k < 3; k++)
        if (strncmp(rest, words[k], strlen(words[k])) == 0)
            return rest + strlen(words[k]);
    return rest;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_hex(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Skips the number at s (one of: 0x1c4, 12, -3.5, 7e-05, .5); returns
   its end, or s when there is none. */
static const char *number_end(const char *s)
{
    const char *p = s;
    if ((*p == '-' || *p == '+') && (is_digit(p[1]) || (p[1] == '.' && is_digit(p[2]))))
        p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && is_hex(p[2])) {
        p += 2;
        while (is_hex(*p))
            p++;
        return p;
    }
    if (!is_digit(*p) && !(*p == '.' && is_digit(p[1])))
        return s;
    while (is_digit(*p))
        p++;
    if (*p == '.' && is_digit(p[1])) {
        p++;
        while (is_digit(*p))
            p++;
    }
    if ((*p == 'e' || *p == 'E') &&
        (is_digit(p[1]) || ((p[1] == '-' || p[1] == '+') && is_digit(p[2])))) {
        p += 2;
        while (is_digit(*p))
            p++;
    }
    return p;
}

/* The kind key of a message (see diag.h), malloc'd. */
static char *kind_key(const rm_message *m, size_t *key_len)
{
    size_t where;
    const char *s = split(m, &where);
    char *k = malloc(strlen(s) + 2);
    if (!k)
        return NULL;
    size_t w = 0;
    k[w++] = (char)('0' + (int)m->severity);
    char prev = ' ';
    while (*s) {
        const char *e = (is_digit(*s) || *s == '-' || *s == '+' || *s == '.') ? number_end(s) : s;
        if (e != s) {
            k[w++] = '#';
            prev = '#';
            s = e;
            continue;
        }
        if ((*s == '\'' || *s == '"') && (prev == ' ' || prev == '(')) {
            const char *close = strchr(s + 1, *s);
            if (close) {
                k[w++] = *s;
                k[w++] = *s;
                prev = *s;
                s = close + 1;
                continue;
            }
        }
        prev = *s;
        k[w++] = *s++;
    }
    k[w] = '\0';
    *key_len = w;
    return k;
}

static bool is_last(const rm_message *m)
{
    return (m->flags & RM_DIAG_LAST) || strstr(m->text, "budget") != NULL;
}

typedef struct kind {
    char *key;
    size_t count;       /* messages of the kind */
    size_t listed;      /* of which in `places` */
    size_t *places;     /* message indices, the first ones */
} kind;

typedef struct grouping {
    rm_names table;
    kind *kinds;
    size_t count;
    size_t *kind_of;    /* per message; SIZE_MAX: not grouped */
    size_t places;
} grouping;

static void grouping_free(grouping *g)
{
    for (size_t i = 0; i < g->count; i++) {
        free(g->kinds[i].key);
        free(g->kinds[i].places);
    }
    free(g->kinds);
    free(g->kind_of);
    rm_names_free(&g->table);
}

/* Files every warning and note in its kind; false when out of memory. */
static bool group(const rm_diag *d, grouping *g)
{
    g->kind_of = malloc((d->count ? d->count : 1) * sizeof *g->kind_of);
    g->kinds = malloc((d->count ? d->count : 1) * sizeof *g->kinds);
    if (!g->kind_of || !g->kinds)
        return false;
    for (size_t i = 0; i < d->count; i++) {
        const rm_message *m = &d->items[i];
        g->kind_of[i] = (size_t)-1;
        if (m->severity == RM_ERROR || is_last(m))
            continue;
        size_t len;
        char *key = kind_key(m, &len);
        if (!key)
            return false;
        uint32_t h = rm_names_hash(key, len);
        uint32_t k = rm_names_find(&g->table, key, len, h);
        if (k == RM_NAMES_NONE) {
            k = (uint32_t)g->count;
            kind *nk = &g->kinds[g->count];
            nk->key = key;
            nk->count = 0;
            nk->listed = 0;
            nk->places = malloc(g->places * sizeof *nk->places);
            g->count++;
            if (!nk->places || !rm_names_add(&g->table, key, len, h, k))
                return false;
        } else {
            free(key);
        }
        kind *kd = &g->kinds[k];
        if (kd->listed < g->places)
            kd->places[kd->listed++] = i;
        kd->count++;
        g->kind_of[i] = k;
    }
    return true;
}

static bool print_line(FILE *out, const char *text)
{
    return fputs(text, out) != EOF && fputc('\n', out) != EOF;
}

static bool print_group(const rm_diag *d, FILE *out, const kind *k)
{
    const rm_message *first = &d->items[k->places[0]];
    if (fputs(first->text, out) == EOF)
        return false;
    if (k->count > 1) {
        if (fprintf(out, " (and %zu more like it", k->count - 1) < 0)
            return false;
        for (size_t p = 1; p < k->listed; p++) {
            size_t where;
            split(&d->items[k->places[p]], &where);
            if (!where)
                break;
            if (fprintf(out, "%s%.*s", p == 1 ? ": " : ", ", (int)where,
                        d->items[k->places[p]].text) < 0)
                return false;
            if (p + 1 == k->listed && k->listed < k->count && fputs(", ...", out) == EOF)
                return false;
        }
        if (fputc(')', out) == EOF)
            return false;
    }
    return fputc('\n', out) != EOF;
}

int rm_diag_print_grouped(const rm_diag *d, FILE *out, const rm_diag_print_options *options)
{
    rm_diag_print_options o = {0};
    if (options)
        o = *options;
    grouping g = {0};
    g.places = o.places ? (o.places < MAX_PLACES ? o.places : MAX_PLACES) : DEFAULT_PLACES;
    /* Out of memory: every message as it is, which is never wrong. */
    bool grouped = !o.verbose && !o.quiet && group(d, &g);
    bool ok = true;
    size_t lines = 0, hidden = 0;   /* warning/note lines printed, messages not */
    for (size_t i = 0; ok && i < d->count; i++) {
        const rm_message *m = &d->items[i];
        if (is_last(m) || (o.quiet && m->severity != RM_ERROR))
            continue;
        bool err = m->severity == RM_ERROR;
        bool first = !grouped || g.kind_of[i] == (size_t)-1 || g.kinds[g.kind_of[i]].places[0] == i;
        if (!first)
            continue;
        if (!err && o.max_lines && lines >= o.max_lines) {
            hidden += grouped && g.kind_of[i] != (size_t)-1 ? g.kinds[g.kind_of[i]].count : 1;
            continue;
        }
        if (!err)
            lines++;
        if (!grouped || g.kind_of[i] == (size_t)-1)
            ok = print_line(out, m->text);
        else
            ok = print_group(d, out, &g.kinds[g.kind_of[i]]);
    }
    if (ok && hidden)
        ok = fprintf(out, "(%zu more warnings not shown; --verbose shows them all)\n", hidden) >= 0;
    for (size_t i = 0; ok && i < d->count; i++) {
        const rm_message *m = &d->items[i];
        if (is_last(m) && !(o.quiet && m->severity != RM_ERROR))
            ok = print_line(out, m->text);
    }
    if (ok && d->dropped)
        ok = fprintf(out, "(%zu more messages not kept)\n", d->dropped) >= 0;
    grouping_free(&g);
    return ok ? 0 : EOF;
}
