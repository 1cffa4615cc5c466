/* src/formats/cheader/buf.c - the growing text buffer of the C header
   writer; numbers are printed under the C locale (core/cnum.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/cnum.h"
#include "formats/cheader/cheader_internal.h"

static bool reserve(ch_buf *b, size_t more)
{
    if (b->nomem)
        return false;
    if (b->len + more + 1 <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *t = realloc(b->text, cap);
    if (!t) {
        b->nomem = true;
        return false;
    }
    b->text = t;
    b->cap = cap;
    return true;
}

void ch_puts(ch_buf *b, const char *s)
{
    size_t n = strlen(s);
    if (!reserve(b, n))
        return;
    memcpy(b->text + b->len, s, n + 1);
    b->len += n;
}

void ch_printf(ch_buf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = rm_cvsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->nomem = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        ch_puts(b, small);
        return;
    }
    if (!reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    rm_cvsnprintf(b->text + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}
