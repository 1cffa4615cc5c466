/* src/formats/obj/obj_text.h - the lexical layer shared by the OBJ and MTL
   readers: byte classes, the number parsers, text preparation (byte order
   marks, UTF-16) and a cursor over physical lines that knows `\`
   continuations, # comments, CRLF and lone CR.

   Usage (what obj_parse.c and mtl_parse.c do):
     rm_tx tx;
     if (rm_tx_open(&tx, text, size, "robot.obj", diag) != RM_OK) ...;
     const char *p = rm_tx_begin(&tx);
     for (;;) {
         if (p == tx.end && !(p = rm_tx_next_region(&tx))) break;
         p = rm_tx_skip_blanks(&tx, p);
         ... read one statement, leaving p on its end (# or end of line) ...
         p = rm_tx_end_line(&tx, p);     // NULL: an error was reported
     }
     rm_tx_close(&tx);

   Why regions: rm_obj_parse() gets a buffer with no terminating zero, and
   copying a 3 MB file only to append one byte costs memory. The text is
   cut after its last line end: in that "main" region every scanning loop
   stops at the latest on a line end byte, so no loop needs a bounds check.
   What follows (the last logical line when the text has no final newline)
   is copied with a '\n' appended and read as a second region. The cut is
   placed so that no `\` continuation crosses it.

   Ownership: rm_tx owns the transcoded text, the tail copy and a scratch
   buffer (names joined across continuations); rm_tx_close() frees them. */
#ifndef RM_FORMATS_OBJ_TEXT_H
#define RM_FORMATS_OBJ_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "retromesh/diag.h"

/* Byte classes (rm_tx_class[c]). */
#define RM_TX_BLANK 0x01u   /* space, tab, vertical tab, form feed */
#define RM_TX_EOL   0x02u   /* \n \r */
#define RM_TX_DIGIT 0x04u   /* 0-9 */
#define RM_TX_STOP  0x08u   /* ends a statement: \n \r # */
#define RM_TX_DELIM 0x10u   /* ends a token: blank, \n, \r, #, NUL */
#define RM_TX_BSLASH 0x20u  /* \ (a continuation, maybe) */

extern const unsigned char rm_tx_class[256];

static inline unsigned rm_tx_cls(char c)
{
    return rm_tx_class[(unsigned char)c];
}

typedef struct rm_tx {
    const char *end;          /* end of the current region (its last byte is a line end) */
    const char *line_start;   /* first byte of the current physical line */
    unsigned long line;       /* current physical line, from 1 */
    const char *file;         /* for messages */
    rm_diag *diag;

    const char *text;         /* prepared text (BOM skipped, UTF-16 transcoded) */
    size_t size;
    size_t main_size;         /* bytes of text in the main region */
    int region;               /* 0: main, 1: tail, 2: done */
    char *owned;              /* the transcoded text, or NULL */
    char *tail;               /* copy of the text after main_size + '\n', or NULL */
    size_t tail_size;         /* including the '\n' */
    char *scratch;            /* names joined across continuations */
    size_t scratch_cap;
    bool failed;              /* an error was reported */
    rm_status status;         /* RM_INVALID or RM_NOMEM once failed */
} rm_tx;

/* Prepares `text`: skips a UTF-8 BOM, transcodes UTF-16 (BOM FE FF or FF FE)
   to 8-bit text (non-ASCII becomes '?'), finds the regions. RM_NOMEM only. */
rm_status rm_tx_open(rm_tx *tx, const char *text, size_t size, const char *file, rm_diag *diag);
void rm_tx_close(rm_tx *tx);

/* First byte of the first region (tx->end when the text is empty). */
const char *rm_tx_begin(rm_tx *tx);
/* Called when the cursor reached tx->end: the start of the next region, or
   NULL when the text is done. */
const char *rm_tx_next_region(rm_tx *tx);

/* Column (from 1) of p on the current physical line; 0 (no column) for a
   byte of an earlier line. */
static inline unsigned long rm_tx_col(const rm_tx *tx, const char *p)
{
    return p >= tx->line_start ? (unsigned long)(p - tx->line_start) + 1 : 0;
}

/* Reports an error at p (on the current line); sets tx->failed. */
void rm_tx_error(rm_tx *tx, const char *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void rm_tx_warning(rm_tx *tx, const char *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Out of memory: one message, status RM_NOMEM. */
void rm_tx_nomem(rm_tx *tx);

/* p is on a `\`: when a line end follows, moves to the next physical line
   and returns its first byte; otherwise returns p. */
const char *rm_tx_continue(rm_tx *tx, const char *p);

/* True when the byte at p ends a token: blank, line end, #, NUL, or a `\`
   continuation. */
static inline bool rm_tx_token_ends(const char *p)
{
    if (rm_tx_cls(*p) & RM_TX_DELIM)
        return true;
    return *p == '\\' && (rm_tx_cls(p[1]) & RM_TX_EOL);
}

/* Skips blanks and `\` continuations. */
static inline const char *rm_tx_skip_blanks(rm_tx *tx, const char *p)
{
    for (;;) {
        unsigned c;
        while ((c = rm_tx_cls(*p)) & RM_TX_BLANK)
            p++;
        if (!(c & RM_TX_BSLASH))    /* the class already loaded: no second test of the byte */
            return p;
        const char *q = rm_tx_continue(tx, p);
        if (q == p)
            return p;
        p = q;
    }
}

/* True when p may follow a statement keyword: blank, statement end, NUL or
   a continuation. */
static inline bool rm_tx_keyword_ends(const char *p)
{
    return rm_tx_token_ends(p);
}

/* p is on the statement's end (# or a line end): skips the comment (an
   error on a NUL byte in it), then the line end. Returns the first byte of
   the next line, or NULL after an error. */
const char *rm_tx_end_line(rm_tx *tx, const char *p);

/* Skips the rest of a statement (up to # or the line end, following
   continuations). NULL after an error (NUL byte). */
const char *rm_tx_skip_statement(rm_tx *tx, const char *p);

/* The rest of the statement from p (blanks already skipped): the bytes up to
   # or the line end, trailing blanks removed; a continuation inside, with
   the blanks around it, counts as one space. *s points into the text or into tx->scratch (valid until the
   next call). Returns the statement's end, or NULL after an error. */
const char *rm_tx_rest(rm_tx *tx, const char *p, const char **s, size_t *n);

/* End of the token at p (the first byte for which rm_tx_token_ends()). */
const char *rm_tx_token_end(const char *p);

/* Reports "bad number "TOKEN"" (or the NUL byte inside it) for the token
   that starts at p; `what` replaces "number" when not NULL. */
void rm_tx_bad_token(rm_tx *tx, const char *p, const char *what);

/* Writes at most cap-1 bytes of [s, s+n) into buf for a message: control
   bytes become '?', and a long text is cut with "...". Returns buf. */
char *rm_tx_quote(char *buf, size_t cap, const char *s, size_t n);

/* ---- numbers ---- */

/* The slow path of rm_tx_parse_double(): strtod() on a copy of [s, e). */
double rm_tx_strtod(const char *s, const char *e);

/* Recognizes nan, inf, infinity (any case, with a sign in `neg`), nan(...)
   and the Windows spellings 1.#IND 1.#INF 1.#QNAN 1.#SNAN (optionally
   followed by digits, as in 1.#INF00). p is after the sign. Returns the end
   or NULL. */
const char *rm_tx_parse_special(const char *p, int neg, double *out);

static const double rm_tx_pow10[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* Parses a number at p: [+-] digits [. digits] [(e|E) [+-] digits], with
   digits on at least one side of the point, or a special spelling (see
   rm_tx_parse_special). Returns the byte after it (the caller checks that
   the token ends there), or NULL when p does not start a number.

   Precision: the digits go in a uint64 with no test per digit (it may wrap:
   the count of digits, taken once per number, tells). When there are at
   most 19 digits in all (leading zeros included, so the uint64 is exact),
   the value is at most 2^53 (so exact as a double) and the decimal exponent
   is within +-22 (10^22 is the largest exact power of ten), one IEEE
   multiplication or division gives the correctly rounded result (Clinger's
   fast path). Anything else goes to strtod(), which is exact too: the two
   paths can only differ in speed. */
static inline const char *rm_tx_parse_double(const char *p, double *out)
{
    const char *s = p;
    int neg = *p == '-';
    p += (*p == '-' || *p == '+');
    const char *ds = p;
    uint64_t m = 0;
    long e10 = 0;
    unsigned d = (unsigned)(unsigned char)*p - '0';
    while (d < 10) {
        m = m * 10 + d;
        d = (unsigned)(unsigned char)*++p - '0';
    }
    size_t ndig = (size_t)(p - ds);
    if (*p == '.') {
        const char *f = ++p;
        d = (unsigned)(unsigned char)*p - '0';
        while (d < 10) {
            m = m * 10 + d;
            d = (unsigned)(unsigned char)*++p - '0';
        }
        size_t nf = (size_t)(p - f);
        ndig += nf;
        if (nf <= 19)
            e10 = -(long)nf;    /* more digits: strtod() anyway */
        /* 1.#IND and friends: "1." then '#'. */
        if (*p == '#' && p - ds == 2 && ds[0] == '1') {
            const char *q = rm_tx_parse_special(ds, neg, out);
            if (q)
                return q;
        }
    }
    if (ndig == 0)
        return rm_tx_parse_special(ds, neg, out);
    if ((*p | 0x20) == 'e') {
        const char *q = p + 1;
        int eneg = *q == '-';
        q += (*q == '-' || *q == '+');
        d = (unsigned)(unsigned char)*q - '0';
        if (d < 10) {
            long x = 0;
            while (d < 10) {
                if (x < 100000)
                    x = x * 10 + (long)d;
                d = (unsigned)(unsigned char)*++q - '0';
            }
            e10 += eneg ? -x : x;
            p = q;
        }
        /* else: "1e" stops before the 'e' and the caller sees a bad token. */
    }
    if (ndig <= 19 && m <= (UINT64_C(1) << 53)) {
        double v;
        if (m == 0) {
            v = 0.0;
        } else if (e10 >= 0 && e10 <= 22) {
            v = (double)m * rm_tx_pow10[e10];
        } else if (e10 < 0 && e10 >= -22) {
            v = (double)m / rm_tx_pow10[-e10];
        } else {
            *out = rm_tx_strtod(s, p);
            return p;
        }
        *out = neg ? -v : v;
        return p;
    }
    *out = rm_tx_strtod(s, p);
    return p;
}

/* The slow path of rm_tx_parse_index(): the value of the digits [p, e) (more
   than 15 of them), saturated above 2^40. */
int64_t rm_tx_index_slow(const char *p, const char *e);

/* Parses a face index: [+-] digits. Values above 2^40 saturate (they are
   out of range anyway). Returns the end, or NULL when there is no digit.
   The digit loop has no test but the digit's: up to 15 digits cannot
   overflow, longer runs take the slow path once. */
static inline const char *rm_tx_parse_index(const char *p, int64_t *out)
{
    int neg = *p == '-';
    p += (*p == '-' || *p == '+');
    unsigned d = (unsigned)(unsigned char)*p - '0';
    if (d >= 10)
        return NULL;
    const char *ds = p;
    uint64_t v = d;
    while ((d = (unsigned)(unsigned char)*++p - '0') < 10)
        v = v * 10 + d;
    int64_t r = p - ds <= 15 ? (int64_t)v : rm_tx_index_slow(ds, p);
    *out = neg ? -r : r;
    return p;
}

/* ---- the fast paths of the reader's hot loops ----

   Eight bytes at a time (little endian machines; elsewhere the fast paths
   just call the functions above). The callers pass the end of the region:
   the loads stay before it, and anything but the common spellings goes to
   the exact functions above, so the results are always theirs. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define RM_TX_SWAR 1

static inline uint64_t rm_tx_load8(const char *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* The run of ASCII digits at the start of the 8 bytes at p (first byte
   lowest): returns its length n and, when 1 <= n <= 7, its value in *v; 8
   when all 8 bytes are digits (*v unset. After subtracting '0' from each
   byte, a byte is a digit when below 10: adding 0x76 sets its top bit
   otherwise. A borrow or carry only runs from a byte that is no digit into
   later ones, so the first non-digit is always the one found, and the
   digits before it hold their exact values. */
static inline unsigned rm_tx_digits8(const char *p, uint64_t *v)
{
    uint64_t t = rm_tx_load8(p) - UINT64_C(0x3030303030303030);
    uint64_t stop = ((t + UINT64_C(0x7676767676767676)) | t) & UINT64_C(0x8080808080808080);
    if (stop == 0)
        return 8;
    unsigned c = (unsigned)__builtin_ctzll(stop);   /* 8n + 7 */
    unsigned n = c >> 3;
    if (n != 0) {
        /* The n digits to the top bytes (the others shifted out), then
           combined in pairs, quads and eights. */
        uint64_t x = t << (71u - c);
        x = (x * 2561u) >> 8;
        x = ((x & UINT64_C(0x00FF00FF00FF00FF)) * 6553601u) >> 16;
        *v = ((x & UINT64_C(0x0000FFFF0000FFFF)) * UINT64_C(42949672960001)) >> 32;
    }
    return n;
}
#endif

/* rm_tx_parse_index() for p before `end`: 1 to 7 digits with no sign
   without a loop. */
static inline const char *rm_tx_parse_index_fast(const char *p, const char *end, int64_t *out)
{
#ifdef RM_TX_SWAR
    if (end - p >= 8) {
        uint64_t v;
        unsigned n = rm_tx_digits8(p, &v);
        if (n - 1u < 7u) {
            *out = (int64_t)v;
            return p + n;
        }
    }
#else
    (void)end;
#endif
    return rm_tx_parse_index(p, out);
}

/* rm_tx_parse_double() for p before `end`: [-]D[.F] with 1 to 7 digits D
   and 1 to 7 digits F (so at most 14 digits: the value is below 2^53 and
   10^F is exact, Clinger's fast path as above) without a loop. */
static inline const char *rm_tx_parse_double_fast(const char *p, const char *end, double *out)
{
#ifdef RM_TX_SWAR
    if (end - p >= 18) {
        int neg = *p == '-';
        const char *q = p + neg;
        uint64_t m;
        unsigned n = rm_tx_digits8(q, &m);
        if (n - 1u < 7u) {
            q += n;
            if (*q == '.') {
                uint64_t fr;
                unsigned f = rm_tx_digits8(q + 1, &fr);
                if (f - 1u < 7u && (q[1 + f] | 0x20) != 'e') {
                    static const uint64_t p10[8] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
                                                     10000000 };
                    double v = (double)(m * p10[f] + fr) / rm_tx_pow10[f];
                    *out = neg ? -v : v;
                    return q + 1 + f;
                }
            } else if ((*q | 0x20) != 'e') {
                double v = (double)m;
                *out = neg ? -v : v;
                return q;
            }
        }
    }
#else
    (void)end;
#endif
    return rm_tx_parse_double(p, out);
}

/* Parses an unsigned integer option value (decimal, or hex with 0x) that must
   be the whole token. Returns false when it is not one or exceeds max. */
bool rm_tx_parse_uint(const char *s, size_t n, uint32_t max, uint32_t *out);

#endif
