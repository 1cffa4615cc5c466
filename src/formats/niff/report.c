/* src/formats/niff/report.c - the reader's messages, in the project's
   binary shape: "FILE: ObjList obj 3 at 0x1a4: what is wrong". Labels
   (niff_label) are formatted here, only for a message that is emitted. */
#include <stdarg.h>
#include <stdio.h>

#include "core/cnum.h"
#include "niff_internal.h"

/* Appends the label's text at buf[w..]; returns the new length (< n). */
static size_t label_put(const niff_label *l, char *buf, size_t n, size_t w)
{
    if (l->up) {
        w = label_put(l->up, buf, n, w);
        if (w + 1 < n)
            buf[w++] = ' ';
    }
    int m = l->index == NIFF_NO_INDEX ? snprintf(buf + w, n - w, "%s", l->noun)
                                      : snprintf(buf + w, n - w, "%s %u", l->noun, l->index);
    if (m > 0)
        w += (size_t)m < n - w ? (size_t)m : n - w - 1;
    return w;
}

void niff_label_text(const niff_label *l, char *buf, size_t n)
{
    if (!n)
        return;
    buf[0] = '\0';
    label_put(l, buf, n, 0);
}

static void verror(niff_ctx *c, const char *where, const char *what, uint32_t at, const char *fmt, va_list ap)
{
    char text[512];
    rm_cvsnprintf(text, sizeof text, fmt, ap);
    c->errors++;
    rm_diag_chunk(c->diag, RM_ERROR, c->file, where, what, at, "%s", text);
}

static void vwarn(niff_ctx *c, const char *where, const char *what, uint32_t at, const char *fmt, va_list ap)
{
    char text[512];
    rm_cvsnprintf(text, sizeof text, fmt, ap);
    rm_diag_chunk(c->diag, RM_WARNING, c->file, where, what, at, "%s (said once)", text);
}

/* true the first time `topic` (0..255) is warned about in this read. */
static bool first_warning(niff_ctx *c, unsigned topic)
{
    topic &= 255u;
    uint64_t bit = (uint64_t)1 << (topic & 63u);
    if (c->warned[topic >> 6] & bit)
        return false;
    c->warned[topic >> 6] |= bit;
    return true;
}

void niff_error(niff_ctx *c, const char *where, const char *what, uint32_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(c, where, what, at, fmt, ap);
    va_end(ap);
}

void niff_error_l(niff_ctx *c, const char *where, const niff_label *what, uint32_t at, const char *fmt, ...)
{
    char label[256];
    niff_label_text(what, label, sizeof label);
    va_list ap;
    va_start(ap, fmt);
    verror(c, where, label, at, fmt, ap);
    va_end(ap);
}

void niff_error_w(niff_ctx *c, const niff_where *w, const char *fmt, ...)
{
    char label[256];
    const char *what = w->label;
    if (w->lab) {
        niff_label_text(w->lab, label, sizeof label);
        what = label;
    }
    va_list ap;
    va_start(ap, fmt);
    verror(c, w->list, what, w->at, fmt, ap);
    va_end(ap);
}

void niff_warn_once(niff_ctx *c, unsigned topic, const char *where, const char *what, uint32_t at,
                    const char *fmt, ...)
{
    if (!first_warning(c, topic))
        return;
    va_list ap;
    va_start(ap, fmt);
    vwarn(c, where, what, at, fmt, ap);
    va_end(ap);
}

void niff_warn_once_l(niff_ctx *c, unsigned topic, const char *where, const niff_label *what, uint32_t at,
                      const char *fmt, ...)
{
    if (!first_warning(c, topic))
        return;
    char label[256];
    niff_label_text(what, label, sizeof label);
    va_list ap;
    va_start(ap, fmt);
    vwarn(c, where, label, at, fmt, ap);
    va_end(ap);
}
