/* src/core/diag.c - see include/retromesh/diag.h. */
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
static void push(rm_diag *d, rm_severity sev, char *text)
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
    d->count++;
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
    if (line && col)
        snprintf(prefix, sizeof prefix, "%.1000s:%lu:%lu: %s: ", f, line, col, sev_word(sev));
    else if (line)
        snprintf(prefix, sizeof prefix, "%.1000s:%lu: %s: ", f, line, sev_word(sev));
    else
        snprintf(prefix, sizeof prefix, "%.1000s: %s: ", f, sev_word(sev));
    va_list ap;
    va_start(ap, fmt);
    push(d, sev, join(prefix, fmt, ap));
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
    snprintf(prefix, sizeof prefix, "%.1000s: %s %s at 0x%lx: %s", f, kind, tag, offset,
             sev == RM_WARNING ? "warning: " : "");
    va_list ap;
    va_start(ap, fmt);
    push(d, sev, join(prefix, fmt, ap));
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
