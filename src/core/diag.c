/* src/core/diag.c - see include/retromesh/diag.h. */
#include "core/path_tidy.h"
#include "format.h"
#include "retromesh/diag.h"

#include <stdlib.h>
#include <string.h>

void rm_diag_init(rm_diag *d)
{
    memset(d, 0, sizeof *d);
}

void rm_diag_free(rm_diag *d)
{
    for (size_t i = 0; i < d->count; i++)
        free(d->items[i].text);
    free(d->items);
    memset(d, 0, sizeof *d);
}

/* Stores an already formatted text (takes ownership of it). */
static void push_where(rm_diag *d, rm_severity sev, char *text, size_t where_len)
{
    if (sev == RM_ERROR)
        d->errors++;
    else if (sev == RM_WARNING)
        d->warnings++;
    if (!text || (d->limit && d->count >= d->limit)) {
        free(text);
        d->dropped++;
        return;
    }
    if (d->count == d->capacity) {
        size_t cap = d->capacity ? d->capacity * 2 : 16;
        rm_message *items = realloc(d->items, cap * sizeof *items);
        if (!items) {
            free(text);
            d->dropped++;
            return;
        }
        d->items = items;
        d->capacity = cap;
    }
    d->items[d->count].severity = sev;
    d->items[d->count].text = text;
    d->items[d->count].flags = 0;
    d->items[d->count].where_len = where_len;
    d->count++;
}

static void push(rm_diag *d, rm_severity sev, char *text)
{
    push_where(d, sev, text, 0);
}

void rm_diag_vadd(rm_diag *d, rm_severity sev, const char *fmt, va_list ap)
{
    if (!d)
        return;
    push(d, sev, rm_vformat(fmt, ap));
}

void rm_diag_add(rm_diag *d, rm_severity sev, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rm_diag_vadd(d, sev, fmt, ap);
    va_end(ap);
}

static const char *sev_word(rm_severity sev)
{
    switch (sev) {
    case RM_ERROR: return "error";
    case RM_WARNING: return "warning";
    default: return "note";
    }
}

/* Joins a prefix and a formatted message into one owned string. */
static char *join(const char *prefix, const char *fmt, va_list ap)
{
    char *msg = rm_vformat(fmt, ap);
    if (!msg)
        return NULL;
    size_t a = strlen(prefix), b = strlen(msg);
    char *s = malloc(a + b + 1);
    if (s) {
        memcpy(s, prefix, a);
        memcpy(s + a, msg, b + 1);
    }
    free(msg);
    return s;
}

void rm_diag_at(rm_diag *d, rm_severity sev, const char *file,
                unsigned long line, unsigned long col, const char *fmt, ...)
{
    if (!d)
        return;
    char prefix[1200];
    const char *f = file ? file : "<input>";
    /* A path built from folders ("a/./b.png", "mtl//tex/../x.png") is shown
       tidied; one as the user typed it ("./robot.obj") is left alone. */
    char tidy[1001];
    if ((strstr(f, "/./") || strstr(f, "//") || strstr(f, "/../")) && strlen(f) < sizeof tidy) {
        memcpy(tidy, f, strlen(f) + 1);
        rm_path_tidy(tidy);
        f = tidy;
    }
    int where;
    if (line && col)
        where = snprintf(prefix, sizeof prefix, "%.1000s:%lu:%lu", f, line, col);
    else if (line)
        where = snprintf(prefix, sizeof prefix, "%.1000s:%lu", f, line);
    else
        where = snprintf(prefix, sizeof prefix, "%.1000s", f);
    size_t w = where > 0 ? (size_t)where : 0;
    if (w >= sizeof prefix)
        w = sizeof prefix - 1;
    snprintf(prefix + w, sizeof prefix - w, ": %s: ", sev_word(sev));
    va_list ap;
    va_start(ap, fmt);
    push_where(d, sev, join(prefix, fmt, ap), w);
    va_end(ap);
}

void rm_diag_chunk(rm_diag *d, rm_severity sev, const char *file,
                   const char *kind, const char *tag, unsigned long offset,
                   const char *fmt, ...)
{
    if (!d)
        return;
    char prefix[1200];
    const char *f = file ? file : "<input>";
    /* Errors keep the documented shape "FILE: chunk TAG at 0xOFF: text";
       warnings say so, since they do not make the file invalid. */
    int where = snprintf(prefix, sizeof prefix, "%.1000s: %.60s %.60s at 0x%lx", f, kind, tag, offset);
    size_t w = where > 0 ? (size_t)where : 0;
    if (w >= sizeof prefix)
        w = sizeof prefix - 1;
    snprintf(prefix + w, sizeof prefix - w, ": %s", sev == RM_WARNING ? "warning: " : "");
    va_list ap;
    va_start(ap, fmt);
    push_where(d, sev, join(prefix, fmt, ap), w);
    va_end(ap);
}

void rm_diag_print(const rm_diag *d, FILE *out, int show_warnings)
{
    for (size_t i = 0; i < d->count; i++) {
        if (d->items[i].severity != RM_ERROR && !show_warnings)
            continue;
        fprintf(out, "%s\n", d->items[i].text);
    }
    if (d->dropped)
        fprintf(out, "(%zu more messages not shown)\n", d->dropped);
}

void rm_diag_add_last(rm_diag *d, rm_severity sev, const char *fmt, ...)
{
    if (!d)
        return;
    size_t first = d->count;
    va_list ap;
    va_start(ap, fmt);
    rm_diag_vadd(d, sev, fmt, ap);
    va_end(ap);
    rm_diag_mark_last(d, first);
}

void rm_diag_mark_last(rm_diag *d, size_t first)
{
    for (size_t i = first; d && i < d->count; i++)
        d->items[i].flags |= RM_DIAG_LAST;
}

const char *rm_status_name(rm_status st)
{
    switch (st) {
    case RM_OK: return "success";
    case RM_INVALID: return "invalid input";
    case RM_USAGE: return "usage error";
    case RM_IO: return "I/O error";
    case RM_NOMEM: return "out of memory";
    }
    return "unknown status";
}
