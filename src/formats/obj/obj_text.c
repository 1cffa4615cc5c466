/* src/formats/obj/obj_text.c - see obj_text.h. */
#include "formats/obj/obj_text.h"
#include "core/cnum.h"

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B RM_TX_BLANK | RM_TX_DELIM
#define E RM_TX_EOL | RM_TX_STOP | RM_TX_DELIM
#define D RM_TX_DIGIT
const unsigned char rm_tx_class[256] = {
    [0] = RM_TX_DELIM,
    ['\t'] = B, ['\v'] = B, ['\f'] = B, [' '] = B,
    ['\n'] = E, ['\r'] = E,
    ['#'] = RM_TX_STOP | RM_TX_DELIM,
    ['\\'] = RM_TX_BSLASH,
    ['0'] = D, ['1'] = D, ['2'] = D, ['3'] = D, ['4'] = D,
    ['5'] = D, ['6'] = D, ['7'] = D, ['8'] = D, ['9'] = D,
};
#undef B
#undef E
#undef D

/* ---- preparing the text ---- */

/* UTF-16 to 8-bit: ASCII stays, anything else (including a surrogate pair,
   which is one character) becomes '?'. An odd last byte is dropped. */
static char *utf16_to_8bit(const unsigned char *s, size_t size, int big_endian, size_t *out_size)
{
    size_t units = size / 2;
    char *out = malloc(units + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < units; i++) {
        unsigned u = big_endian ? (unsigned)s[2 * i] << 8 | s[2 * i + 1]
                                : (unsigned)s[2 * i + 1] << 8 | s[2 * i];
        if (u >= 0xDC00 && u <= 0xDFFF && n > 0 && i > 0) {
            /* Low half of a pair: the high half already wrote the '?'. */
            unsigned prev = big_endian ? (unsigned)s[2 * i - 2] << 8 | s[2 * i - 1]
                                       : (unsigned)s[2 * i - 1] << 8 | s[2 * i - 2];
            if (prev >= 0xD800 && prev <= 0xDBFF)
                continue;
        }
        out[n++] = u < 0x80 ? (char)u : '?';
    }
    out[n] = 0;
    *out_size = n;
    return out;
}

/* Where the main region ends: after the last line end byte, then moved back
   over the physical lines that end with a `\` continuation so that the last
   logical line is whole in the tail. */
static size_t main_region_size(const char *t, size_t size)
{
    size_t cut = size;
    while (cut > 0 && t[cut - 1] != '\n' && t[cut - 1] != '\r')
        cut--;
    if (cut == size)
        return size;    /* ends with a line end: no tail */
    while (cut > 0) {
        /* t[cut-1] is a line end; find where that line end starts. */
        size_t eol = cut - 1;
        if (t[eol] == '\n' && eol > 0 && t[eol - 1] == '\r')
            eol--;
        if (eol == 0 || t[eol - 1] != '\\')
            break;
        /* The line before is continued: move the cut to its start. */
        size_t s = eol - 1;
        while (s > 0 && t[s - 1] != '\n' && t[s - 1] != '\r')
            s--;
        cut = s;
    }
    return cut;
}

rm_status rm_tx_open(rm_tx *tx, const char *text, size_t size, const char *file, rm_diag *diag)
{
    memset(tx, 0, sizeof *tx);
    tx->file = file ? file : "<input>";
    tx->diag = diag;
    tx->line = 1;
    const unsigned char *u = (const unsigned char *)text;
    if (size >= 2 && ((u[0] == 0xFE && u[1] == 0xFF) || (u[0] == 0xFF && u[1] == 0xFE))) {
        size_t n = 0;
        tx->owned = utf16_to_8bit(u + 2, size - 2, u[0] == 0xFE, &n);
        if (!tx->owned) {
            rm_tx_nomem(tx);
            return RM_NOMEM;
        }
        text = tx->owned;
        size = n;
    } else if (size >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) {
        text += 3;
        size -= 3;
    }
    tx->text = text;
    tx->size = size;
    tx->main_size = main_region_size(text, size);
    if (tx->main_size < size) {
        tx->tail_size = size - tx->main_size + 1;
        tx->tail = malloc(tx->tail_size);
        if (!tx->tail) {
            rm_tx_nomem(tx);
            return RM_NOMEM;
        }
        memcpy(tx->tail, text + tx->main_size, size - tx->main_size);
        tx->tail[tx->tail_size - 1] = '\n';
    }
    return RM_OK;
}

void rm_tx_close(rm_tx *tx)
{
    free(tx->owned);
    free(tx->tail);
    free(tx->scratch);
    tx->owned = tx->tail = tx->scratch = NULL;
}

const char *rm_tx_begin(rm_tx *tx)
{
    tx->region = 0;
    tx->line = 1;
    tx->line_start = tx->text;
    tx->end = tx->text + tx->main_size;
    return tx->text;
}

const char *rm_tx_next_region(rm_tx *tx)
{
    if (tx->region == 0 && tx->tail) {
        tx->region = 1;
        tx->line_start = tx->tail;
        tx->end = tx->tail + tx->tail_size;
        return tx->tail;
    }
    tx->region = 2;
    return NULL;
}

/* ---- messages ---- */

static void report(rm_tx *tx, rm_severity sev, const char *p, const char *fmt, va_list ap)
{
    char msg[1024];
    rm_cvsnprintf(msg, sizeof msg, fmt, ap);   /* numbers with a point, whatever the locale */
    rm_diag_at(tx->diag, sev, tx->file, tx->line, p ? rm_tx_col(tx, p) : 0, "%s", msg);
}

void rm_tx_error(rm_tx *tx, const char *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(tx, RM_ERROR, p, fmt, ap);
    va_end(ap);
    tx->failed = true;
    if (tx->status == RM_OK)
        tx->status = RM_INVALID;
}

void rm_tx_warning(rm_tx *tx, const char *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(tx, RM_WARNING, p, fmt, ap);
    va_end(ap);
}

void rm_tx_nomem(rm_tx *tx)
{
    rm_diag_at(tx->diag, RM_ERROR, tx->file, 0, 0, "out of memory");
    tx->failed = true;
    tx->status = RM_NOMEM;
}

char *rm_tx_quote(char *buf, size_t cap, const char *s, size_t n)
{
    size_t max = cap - 1, k = 0;
    int cut = 0;
    if (n > max) {
        n = max > 3 ? max - 3 : 0;
        cut = 1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        buf[k++] = (c < 0x20 || c == 0x7F) ? '?' : (char)c;
    }
    if (cut)
        for (int i = 0; i < 3 && k < max; i++)
            buf[k++] = '.';
    buf[k] = 0;
    return buf;
}

/* ---- lines ---- */

const char *rm_tx_continue(rm_tx *tx, const char *p)
{
    /* p < end - 1: `\` is not a line end, and the region ends with one. */
    const char *q = p + 1;
    if (*q == '\n') {
        q++;
    } else if (*q == '\r') {
        q++;
        if (q < tx->end && *q == '\n')
            q++;
    } else {
        return p;
    }
    /* The regions are cut so that a continuation never crosses them; if it
       did, the `\` is left as it is and the statement reports it. */
    if (q >= tx->end)
        return p;
    /* Already crossed (a statement looked ahead, then read again from an
       earlier byte): the line is counted once. */
    if (q <= tx->line_start)
        return q;
    tx->line++;
    tx->line_start = q;
    return q;
}

static const char *nul_error(rm_tx *tx, const char *p)
{
    rm_tx_error(tx, p, "NUL byte in the text (is it UTF-16 without a byte order mark?)");
    return NULL;
}

const char *rm_tx_end_line(rm_tx *tx, const char *p)
{
    if (*p == '#') {
        /* A comment ends at the line end; a `\` in it continues nothing. */
        while (!(rm_tx_cls(*p) & RM_TX_EOL)) {
            if (*p == 0)
                return nul_error(tx, p);
            p++;
        }
    }
    if (*p == '\r') {
        p++;
        if (p < tx->end && *p == '\n')
            p++;
    } else if (*p == '\n') {
        p++;
    } else if (*p == 0) {
        return nul_error(tx, p);
    } else {
        char tok[48];
        rm_tx_error(tx, p, "unexpected \"%s\"", rm_tx_quote(tok, sizeof tok, p,
                    (size_t)(rm_tx_token_end(p) - p)));
        return NULL;
    }
    tx->line++;
    tx->line_start = p;
    return p;
}

const char *rm_tx_skip_statement(rm_tx *tx, const char *p)
{
    for (;;) {
        while (!(rm_tx_cls(*p) & RM_TX_STOP) && *p != 0 && *p != '\\')
            p++;
        if (*p == 0)
            return nul_error(tx, p);
        if (*p != '\\')
            return p;
        const char *q = rm_tx_continue(tx, p);
        p = q == p ? p + 1 : q;
    }
}

const char *rm_tx_token_end(const char *p)
{
    while (!rm_tx_token_ends(p))
        p++;
    return p;
}

void rm_tx_bad_token(rm_tx *tx, const char *p, const char *what)
{
    const char *e = rm_tx_token_end(p);
    if (*e == 0 && e == p) {
        nul_error(tx, e);
        return;
    }
    char tok[64];
    rm_tx_error(tx, p, "bad %s \"%s\"", what ? what : "number",
                rm_tx_quote(tok, sizeof tok, p, (size_t)(e - p)));
}

/* Appends [s, s+n) to the scratch buffer at *len. */
static bool scratch_put(rm_tx *tx, size_t *len, const char *s, size_t n)
{
    if (tx->scratch_cap - *len < n + 1) {
        size_t cap = tx->scratch_cap ? tx->scratch_cap : 64;
        while (cap - *len < n + 1) {
            if (cap > SIZE_MAX / 2)
                return false;
            cap *= 2;
        }
        char *b = realloc(tx->scratch, cap);
        if (!b)
            return false;
        tx->scratch = b;
        tx->scratch_cap = cap;
    }
    memcpy(tx->scratch + *len, s, n);
    *len += n;
    tx->scratch[*len] = 0;
    return true;
}

const char *rm_tx_rest(rm_tx *tx, const char *p, const char **s, size_t *n)
{
    const char *start = p;
    /* Fast path: the whole rest is on this physical line. */
    while (!(rm_tx_cls(*p) & RM_TX_STOP) && *p != 0 && *p != '\\')
        p++;
    if (*p == '\\' || *p == 0) {
        /* Either a `\` (a continuation or just a byte of the name) or NUL. */
        size_t len = 0;
        p = start;
        for (;;) {
            const char *run = p;
            while (!(rm_tx_cls(*p) & RM_TX_STOP) && *p != 0 && *p != '\\')
                p++;
            if (*p == 0)
                return nul_error(tx, p);
            if (*p != '\\') {
                if (!scratch_put(tx, &len, run, (size_t)(p - run))) {
                    rm_tx_nomem(tx);
                    return NULL;
                }
                break;
            }
            const char *q = rm_tx_continue(tx, p);
            if (q == p) {
                /* A plain backslash: part of the text. */
                if (!scratch_put(tx, &len, run, (size_t)(p + 1 - run))) {
                    rm_tx_nomem(tx);
                    return NULL;
                }
                p++;
                continue;
            }
            /* The continuation and the blanks around it: one space. */
            if (!scratch_put(tx, &len, run, (size_t)(p - run))) {
                rm_tx_nomem(tx);
                return NULL;
            }
            while (len > 0 && (rm_tx_cls(tx->scratch[len - 1]) & RM_TX_BLANK))
                len--;
            if (!scratch_put(tx, &len, " ", 1)) {
                rm_tx_nomem(tx);
                return NULL;
            }
            p = rm_tx_skip_blanks(tx, q);
        }
        if (!scratch_put(tx, &len, "", 0)) {   /* len 0 names still get a buffer */
            rm_tx_nomem(tx);
            return NULL;
        }
        const char *b = tx->scratch;
        size_t i = 0;
        while (i < len && (rm_tx_cls(b[i]) & RM_TX_BLANK))
            i++;
        while (len > i && (rm_tx_cls(b[len - 1]) & RM_TX_BLANK))
            len--;
        *s = b + i;
        *n = len - i;
        return p;
    }
    const char *e = p;
    while (e > start && (rm_tx_cls(e[-1]) & RM_TX_BLANK))
        e--;
    *s = start;
    *n = (size_t)(e - start);
    return p;
}

/* ---- numbers ---- */

double rm_tx_strtod(const char *s, const char *e)
{
    /* strtod() follows LC_NUMERIC: write the locale's decimal point. */
    const char *dp = ".";
    const struct lconv *lc = localeconv();
    if (lc && lc->decimal_point && lc->decimal_point[0])
        dp = lc->decimal_point;
    size_t dpn = strlen(dp);
    size_t n = (size_t)(e - s);
    char small[128];
    char *buf = small;
    if (n > SIZE_MAX / 8 - 1)
        return NAN;
    size_t need = n * (dpn > 1 ? dpn : 1) + 1;
    if (need > sizeof small) {
        buf = malloc(need);
        if (!buf)
            return NAN;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '.') {
            memcpy(buf + k, dp, dpn);
            k += dpn;
        } else {
            buf[k++] = s[i];
        }
    }
    buf[k] = 0;
    double v = strtod(buf, NULL);
    if (buf != small)
        free(buf);
    return v;
}

int64_t rm_tx_index_slow(const char *p, const char *e)
{
    int64_t v = 0;
    for (; p < e; p++)
        if (v < (INT64_C(1) << 40))
            v = v * 10 + (*p - '0');
    return v;
}

static int lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

/* Matches the word w (lower case) at p, any case. */
static const char *match_word(const char *p, const char *w)
{
    for (; *w; w++, p++)
        if (lower(*p) != *w)
            return NULL;
    return p;
}

const char *rm_tx_parse_special(const char *p, int neg, double *out)
{
    const char *q;
    double v;
    if (p[0] == '1' && p[1] == '.' && p[2] == '#') {
        const char *w = p + 3;
        if ((q = match_word(w, "ind")) || (q = match_word(w, "qnan")) ||
            (q = match_word(w, "snan"))) {
            v = NAN;
        } else if ((q = match_word(w, "inf"))) {
            v = INFINITY;
        } else {
            return NULL;
        }
        while (rm_tx_cls(*q) & RM_TX_DIGIT)
            q++;
    } else if ((q = match_word(p, "nan"))) {
        v = NAN;
        if (*q == '(') {
            const char *r = q + 1;
            while ((*r >= 'a' && *r <= 'z') || (*r >= 'A' && *r <= 'Z') ||
                   (*r >= '0' && *r <= '9') || *r == '_')
                r++;
            if (*r == ')')
                q = r + 1;
        }
    } else if ((q = match_word(p, "inf"))) {
        const char *r = match_word(q, "inity");
        if (r)
            q = r;
        v = INFINITY;
    } else {
        return NULL;
    }
    *out = neg ? -v : v;
    return q;
}

bool rm_tx_parse_uint(const char *s, size_t n, uint32_t max, uint32_t *out)
{
    if (n == 0)
        return false;
    uint64_t v = 0;
    size_t i = 0;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        for (i = 2; i < n; i++) {
            char c = s[i];
            unsigned d;
            if (c >= '0' && c <= '9')
                d = (unsigned)(c - '0');
            else if (lower(c) >= 'a' && lower(c) <= 'f')
                d = (unsigned)(lower(c) - 'a' + 10);
            else
                return false;
            v = v * 16 + d;
            if (v > max)
                return false;
        }
    } else {
        for (; i < n; i++) {
            if (s[i] < '0' || s[i] > '9')
                return false;
            v = v * 10 + (unsigned)(s[i] - '0');
            if (v > max)
                return false;
        }
    }
    *out = (uint32_t)v;
    return true;
}
