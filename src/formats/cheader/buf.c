/* src/formats/cheader/buf.c - appending to the text of the C header: the
   project's rm_writer (core/bytes.h), zero-terminated after each append;
   numbers are printed under the C locale (core/cnum.h). */
#include <stdarg.h>
#include <string.h>

#include "core/cnum.h"
#include "formats/cheader/cheader_internal.h"

/* Counts the zero after the text as written, then takes it back: the text
   stays a C string, its size excludes the zero. */
static void terminate(ch_buf *b)
{
    rm_write_zeros(&b->w, 1);
    if (!b->w.failed)
        b->w.size--;
}

void ch_puts(ch_buf *b, const char *s)
{
    rm_write_bytes(&b->w, s, strlen(s));
    terminate(b);
}

void ch_printf(ch_buf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = rm_cvsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->w.failed = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        ch_puts(b, small);
        return;
    }
    if (!rm_writer_reserve(&b->w, (size_t)n + 1))
        return;
    va_start(ap, fmt);
    rm_cvsnprintf((char *)b->w.data + b->w.size, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->w.size += (size_t)n;
}
