/* src/formats/niff/report.c - the reader's messages, in the project's
   binary shape: "FILE: ObjList obj 3 at 0x1a4: what is wrong". */
#include <stdarg.h>
#include <stdio.h>

#include "core/cnum.h"
#include "niff_internal.h"

void niff_error(niff_ctx *c, const char *where, const char *what, uint32_t at, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    c->errors++;
    rm_diag_chunk(c->diag, RM_ERROR, c->file, where, what, at, "%s", text);
}

void niff_warn_once(niff_ctx *c, unsigned topic, const char *where, const char *what, uint32_t at,
                    const char *fmt, ...)
{
    topic &= 255u;
    uint64_t bit = (uint64_t)1 << (topic & 63u);
    if (c->warned[topic >> 6] & bit)
        return;
    c->warned[topic >> 6] |= bit;
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    rm_diag_chunk(c->diag, RM_WARNING, c->file, where, what, at, "%s (said once)", text);
}
