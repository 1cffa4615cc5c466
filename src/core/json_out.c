/* src/core/json_out.c - see json_out.h. The layout rules follow jansson
   2.14's dump.c (do_dump, dump_indent, dump_string) and the real format
   its strconv.c (jsonp_dtostr, built without dtoa as in Debian). */
#include "json_out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/cnum.h"
#include "core/json_text.h"

static const char DIGITS2[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* ---------- the buffer ---------- */

/* The first error stays; the buffer is then shown as full, so that every
   later write takes the slow path, which sees the error. */
static void fail(rm_json_out *o, rm_status st)
{
    if (o->status == RM_OK)
        o->status = st;
    o->len = o->cap = 0;
}

static void flush(rm_json_out *o)
{
    size_t n = o->len;
    o->len = 0;
    if (n && fwrite(o->buf, 1, n, o->file) != n)
        fail(o, RM_IO);
}

/* Room for n more bytes at o->buf + o->len; false after an error. File
   mode only asks for small n (less than the buffer). */
static bool room_slow(rm_json_out *o, size_t n)
{
    if (o->status != RM_OK)
        return false;
    if (o->file) {
        flush(o);
        return o->status == RM_OK && o->cap >= n;
    }
    size_t cap = o->cap ? o->cap : 256;
    while (cap - o->len < n) {
        if (cap > ((size_t)-1) / 2) {
            fail(o, RM_NOMEM);
            return false;
        }
        cap *= 2;
    }
    char *grown = realloc(o->buf, cap);
    if (!grown) {
        fail(o, RM_NOMEM);
        return false;
    }
    o->buf = grown;
    o->cap = cap;
    return true;
}

static inline bool room(rm_json_out *o, size_t n)
{
    return o->cap - o->len >= n || room_slow(o, n);
}

static void put(rm_json_out *o, const char *s, size_t n)
{
    if (o->cap - o->len >= n) {
        memcpy(o->buf + o->len, s, n);
        o->len += n;
        return;
    }
    if (o->status != RM_OK)
        return;
    if (o->file) {
        /* Fill the buffer, then write what is left in one go if it is
           still bigger than the buffer. */
        size_t part = o->cap - o->len;
        memcpy(o->buf + o->len, s, part);
        o->len += part;
        s += part;
        n -= part;
        flush(o);
        if (o->status != RM_OK)
            return;
        if (n >= o->cap) {
            if (fwrite(s, 1, n, o->file) != n)
                fail(o, RM_IO);
            return;
        }
    } else if (!room(o, n))
        return;
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

static void put1(rm_json_out *o, char c)
{
    if (room(o, 1))
        o->buf[o->len++] = c;
}

/* ---------- opening and closing ---------- */

static rm_status start(rm_json_out *o, FILE *file, size_t flags)
{
    memset(o, 0, sizeof *o);
    o->file = file;
    const size_t known = JSON_MAX_INDENT | JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY;
    if (flags & ~known) {
        o->status = RM_INVALID;
        return o->status;
    }
    o->indent = (unsigned)(flags & JSON_MAX_INDENT);
    o->compact = (flags & JSON_COMPACT) != 0;
    return RM_OK;
}

rm_status rm_json_out_file(rm_json_out *o, FILE *file, size_t flags)
{
    if (start(o, file, flags) != RM_OK)
        return o->status;
    o->buf = malloc(RM_JSON_OUT_BUFFER);
    if (!o->buf) {
        o->status = RM_NOMEM;
        return o->status;
    }
    o->cap = RM_JSON_OUT_BUFFER;
    return RM_OK;
}

rm_status rm_json_out_memory(rm_json_out *o, size_t flags)
{
    /* A buffer from the start: o->buf is never NULL while writing. */
    if (start(o, NULL, flags) != RM_OK || !room_slow(o, 1))
        return o->status;
    return RM_OK;
}

rm_status rm_json_out_close(rm_json_out *o)
{
    if (o->depth != 0 || o->after_key)
        fail(o, RM_INVALID);
    if (o->file) {
        if (o->status == RM_OK)
            flush(o);
        free(o->buf);
        o->buf = NULL;
        o->len = o->cap = 0;
    } else if (room(o, 1)) {
        o->buf[o->len] = '\0';
    } else {
        free(o->buf);
        o->buf = NULL;
        o->len = o->cap = 0;
    }
    return o->status;
}

/* ---------- layout ---------- */

/* A newline and 31 spaces: most indentations are one fixed-size copy. */
static const char NEWLINE_SPACES[33] = "\n                               ";

/* jansson's dump_indent() for an indented document at p (room for
   depth * indent + 32 bytes): a newline and depth * indent spaces. */
static char *newline(const rm_json_out *o, char *p, unsigned depth)
{
    size_t n = (size_t)depth * o->indent;
    if (n < 32)
        memcpy(p, NEWLINE_SPACES, 32);
    else {
        p[0] = '\n';
        memset(p + 1, ' ', n);
    }
    return p + n + 1;
}

static uint64_t level_bit(const rm_json_out *o)
{
    return (uint64_t)1 << (o->depth - 1);
}

/* What comes before a key or a value: in an array, or before a key, ","
   after an earlier element and the indentation (jansson's dump_indent());
   after a key, nothing. Returns where the item goes, with room for
   `extra` bytes; NULL after an error or when the call is out of place
   (the writer then failed). The caller moves o->len past what it wrote. */
static char *item(rm_json_out *o, bool key, size_t extra)
{
    if (o->after_key) {
        if (key) {
            fail(o, RM_INVALID);
            return NULL;
        }
        o->after_key = false;
        return room(o, extra) ? o->buf + o->len : NULL;
    }
    if (o->depth == 0) {
        if (key)
            fail(o, RM_INVALID);
        return !key && room(o, extra) ? o->buf + o->len : NULL;
    }
    uint64_t bit = level_bit(o);
    if (((o->is_object & bit) != 0) != key) {
        fail(o, RM_INVALID);   /* a key in an array, or a value without its key */
        return NULL;
    }
    if (!room(o, (size_t)o->depth * o->indent + 34 + extra))
        return NULL;
    char *p = o->buf + o->len;
    bool more = (o->has_items & bit) != 0;
    o->has_items |= bit;
    if (more)
        *p++ = ',';
    if (o->indent)
        p = newline(o, p, o->depth);
    else if (more && !o->compact)
        *p++ = ' ';
    return p;
}

static void done(rm_json_out *o, const char *end)
{
    o->len = (size_t)(end - o->buf);
}

static void begin(rm_json_out *o, bool object)
{
    if (o->depth >= RM_JSON_OUT_MAX_DEPTH) {
        fail(o, RM_INVALID);
        return;
    }
    char *p = item(o, false, 1);
    if (!p)
        return;
    *p++ = object ? '{' : '[';
    done(o, p);
    o->depth++;
    uint64_t bit = level_bit(o);
    o->has_items &= ~bit;
    if (object)
        o->is_object |= bit;
    else
        o->is_object &= ~bit;
}

static void end(rm_json_out *o, bool object)
{
    if (o->status != RM_OK)
        return;
    if (o->depth == 0 || o->after_key || ((o->is_object & level_bit(o)) != 0) != object) {
        fail(o, RM_INVALID);
        return;
    }
    if (!room(o, (size_t)o->depth * o->indent + 34))
        return;
    char *p = o->buf + o->len;
    if (o->indent && (o->has_items & level_bit(o)))
        p = newline(o, p, o->depth - 1);
    *p++ = object ? '}' : ']';
    done(o, p);
    o->depth--;
}

void rm_json_out_begin_object(rm_json_out *o) { begin(o, true); }
void rm_json_out_end_object(rm_json_out *o) { end(o, true); }
void rm_json_out_begin_array(rm_json_out *o) { begin(o, false); }
void rm_json_out_end_array(rm_json_out *o) { end(o, false); }

/* ---------- strings ---------- */

/* 1 for the bytes written as they are without a look: printable ASCII
   other than '"' and '\\', and 0x7F. */
static const unsigned char PLAIN[256] = {
    ['\x20'] = 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 0x20-0x2F, '"' not */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,               /* 0x30-0x3F */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,               /* 0x40-0x4F */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,               /* 0x50-0x5F, '\\' not */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,               /* 0x60-0x6F */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,               /* 0x70-0x7F */
};

static void put_string(rm_json_out *o, const char *s, size_t n)
{
    static const char HEX[] = "0123456789ABCDEF";
    const unsigned char *u = (const unsigned char *)s;
    put1(o, '"');
    size_t i = 0;
    while (i < n && o->status == RM_OK) {
        size_t run = i;
        while (run < n && PLAIN[u[run]])
            run++;
        put(o, s + i, run - i);
        i = run;
        if (i == n)
            break;
        unsigned c = u[i];
        if (c >= 0x80) {
            size_t len = rm_utf8_seq_len(u + i, n - i);
            if (len) {
                put(o, s + i, len);
                i += len;
            } else {
                /* Not UTF-8: the byte as Latin-1 (rm_utf8_clean). */
                char two[2] = {(char)(0xC0 | (c >> 6)), (char)(0x80 | (c & 0x3F))};
                put(o, two, 2);
                i++;
            }
            continue;
        }
        char esc[6] = {'\\', 0, 0, 0, 0, 0};
        size_t len = 2;
        switch (c) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default:
            esc[1] = 'u';
            esc[2] = '0';
            esc[3] = '0';
            esc[4] = HEX[c >> 4];
            esc[5] = HEX[c & 15];
            len = 6;
        }
        put(o, esc, len);
        i++;
    }
    put1(o, '"');
}

void rm_json_out_keyn(rm_json_out *o, const char *key, size_t n)
{
    char *p = item(o, true, n + 4);
    if (!p)
        return;
    /* Keys are nearly always plain ASCII: copied in place, with a look at
       each byte; any other key takes the general way. */
    char *q = p;
    *q++ = '"';
    size_t i = 0;
    while (i < n && PLAIN[(unsigned char)key[i]])
        *q++ = key[i++];
    if (i == n) {
        /* The n + 4 bytes asked for: quotes, ':' and maybe a space. */
        memcpy(q, "\": ", 3);
        done(o, q + (o->compact ? 2 : 3));
    } else {
        done(o, p);
        put_string(o, key, n);
        if (o->compact)
            put1(o, ':');
        else
            put(o, ": ", 2);
    }
    o->after_key = true;
}

void rm_json_out_stringn(rm_json_out *o, const char *s, size_t n)
{
    if (!s) {
        rm_json_out_null(o);
        return;
    }
    char *p = item(o, false, 0);
    if (p) {
        done(o, p);
        put_string(o, s, n);
    }
}

void rm_json_out_string(rm_json_out *o, const char *s)
{
    rm_json_out_stringn(o, s, s ? strlen(s) : 0);
}

/* ---------- numbers ---------- */

static unsigned count_digits(uint64_t u)
{
    unsigned n = 1;
    while (u >= 10000) {
        u /= 10000;
        n += 4;
    }
    while (u >= 10) {
        u /= 10;
        n++;
    }
    return n;
}

/* The n digits of u at p[0..n), two at a time from the end (32-bit
   arithmetic once the value fits), zero padded on the left. */
static void write_digits(char *p, uint64_t u, unsigned n)
{
    char *q = p + n;
    while (u > UINT32_MAX) {
        unsigned r = (unsigned)(u % 100);
        u /= 100;
        q -= 2;
        memcpy(q, DIGITS2 + 2 * r, 2);
    }
    uint32_t v = (uint32_t)u;
    while (v >= 100) {
        unsigned r = v % 100;
        v /= 100;
        q -= 2;
        memcpy(q, DIGITS2 + 2 * r, 2);
    }
    if (v >= 10) {
        q -= 2;
        memcpy(q, DIGITS2 + 2 * v, 2);
    } else
        *--q = (char)('0' + v);
    while (q > p)
        *--q = '0';
}

/* Exactly 4, 8 or 16 digits (the fraction of a Q16.16 value). */
static void write4(char *p, unsigned v)
{
    memcpy(p, DIGITS2 + 2 * (v / 100), 2);
    memcpy(p + 2, DIGITS2 + 2 * (v % 100), 2);
}

static void write8(char *p, uint32_t v)
{
    write4(p, v / 10000);
    write4(p + 4, v % 10000);
}

static void write16(char *p, uint64_t v)
{
    write8(p, (uint32_t)(v / 100000000u));
    write8(p + 8, (uint32_t)(v % 100000000u));
}

size_t rm_json_int_text(int64_t v, char out[24])
{
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    size_t sign = v < 0;
    if (sign)
        out[0] = '-';
    unsigned n = count_digits(u);
    write_digits(out + sign, u, n);
    return sign + n;
}

void rm_json_out_int(rm_json_out *o, int64_t v)
{
    char *p = item(o, false, 24);
    if (p)
        done(o, p + rm_json_int_text(v, p));
}

static const uint64_t POW10[17] = {
    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u, 1000000000u,
    10000000000u, 100000000000u, 1000000000000u, 10000000000000u, 100000000000000u,
    1000000000000000u, 10000000000000000u,
};

/* A multiple of 2^-16 below 2^37 in magnitude (every Q16.16 value): "%.17g"
   from its exact decimal digits, then jansson's ".0". Returns 0 for any
   other value. The value is W + F / 10^16 with W the whole part and F =
   (the 16 bits of the fraction) * 5^16, whose last 16 - fd digits are
   zeros (fd = 16 - trailing zero bits of the fraction): the exact digits
   are known without a division loop. */
static size_t dyadic_text(double v, char *out)
{
    double r = v * 65536.0;   /* exact: a power of two, no overflow below */
    if (!(fabs(r) < 9007199254740992.0))
        return 0;
    int64_t i = (int64_t)r;
    if ((double)i != r)
        return 0;
    char *p = out;
    if (signbit(v))
        *p++ = '-';
    uint64_t u = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
    uint64_t whole = u >> 16;
    unsigned bits = (unsigned)(u & 0xFFFF);
    uint64_t frac = (uint64_t)bits * 152587890625u;   /* 5^16 */
    unsigned fd = bits ? 16 - (unsigned)__builtin_ctz(bits) : 0;
    if (!whole && !bits) {
        memcpy(p, "0.0", 3);
        return (size_t)(p + 3 - out);
    }
    if (whole) {
        /* Fixed notation: at most 12 digits before the point. */
        unsigned w = count_digits(whole);
        if (w + fd > 17) {
            /* 17 significant digits, rounded to nearest, ties to even,
               as printf rounds exact digits. */
            unsigned k = 17 - w;
            uint64_t scale = POW10[16 - k];
            uint64_t q = frac / scale, rest = frac % scale, half = scale / 2;
            if (rest > half || (rest == half && (q & 1)))
                q++;
            if (q == POW10[k]) {
                q = 0;
                whole++;
                w = count_digits(whole);
            }
            fd = k;
            while (fd && q % 10 == 0) {
                q /= 10;
                fd--;
            }
            write_digits(p, whole, w);
            p += w;
            if (!fd) {
                memcpy(p, ".0", 2);
                return (size_t)(p + 2 - out);
            }
            *p++ = '.';
            write_digits(p, q, fd);
            return (size_t)(p + fd - out);
        }
        write_digits(p, whole, w);
        p += w;
        if (!fd) {
            memcpy(p, ".0", 2);
            return (size_t)(p + 2 - out);
        }
        *p++ = '.';
        write16(p, frac);   /* the 16 digits; the last 16 - fd are zeros */
        return (size_t)(p + fd - out);
    }
    /* Below 1: 0.0000152587890625 (2^-16) up, at most 16 digits, exact. */
    char t[16];
    write16(t, frac);
    unsigned zeros = 0;
    while (t[zeros] == '0')
        zeros++;
    if (zeros < 4) {
        /* "%g" keeps fixed notation down to an exponent of -4. */
        memcpy(p, "0.", 2);
        memcpy(p + 2, t, 16);
        return (size_t)(p + 2 + fd - out);
    }
    *p++ = t[zeros];
    if (fd > zeros + 1) {
        *p++ = '.';
        memcpy(p, t + zeros + 1, fd - zeros - 1);
        p += fd - zeros - 1;
    }
    *p++ = 'e';
    *p++ = '-';
    *p++ = (char)('0' + zeros + 1);
    return (size_t)(p - out);
}

/* jansson's jsonp_dtostr() on snprintf's "%.17g" (C locale). */
static size_t printf_text(double v, char out[RM_JSON_REAL_SIZE])
{
    char t[RM_CNUM_SIZE];
    size_t n = rm_cnum(t, sizeof t, "%.17g", v);
    if (n + 3 > RM_JSON_REAL_SIZE)
        return 0;
    if (!strchr(t, '.') && !strchr(t, 'e')) {
        memcpy(t + n, ".0", 3);
        n += 2;
    }
    char *e = strchr(t, 'e');
    if (e) {
        char *from = e + 1, *to = e + 1;
        if (*from == '+')
            from++;
        else if (*from == '-')
            from++, to++;
        while (*from == '0' && from[1])
            from++;
        memmove(to, from, strlen(from) + 1);
        n = strlen(t);
    }
    memcpy(out, t, n);
    return n;
}

size_t rm_json_real_text(double v, char out[RM_JSON_REAL_SIZE])
{
    if (!isfinite(v))
        return 0;
    size_t n = dyadic_text(v, out);
    return n ? n : printf_text(v, out);
}

void rm_json_out_real(rm_json_out *o, double v)
{
    if (!isfinite(v)) {
        fail(o, RM_INVALID);   /* json_real() refuses them */
        return;
    }
    char *p = item(o, false, RM_JSON_REAL_SIZE);
    if (p)
        done(o, p + rm_json_real_text(v, p));
}

/* ---------- the rest ---------- */

static void word(rm_json_out *o, const char *w, size_t n)
{
    char *p = item(o, false, n);
    if (p) {
        memcpy(p, w, n);
        done(o, p + n);
    }
}

void rm_json_out_bool(rm_json_out *o, bool v)
{
    word(o, v ? "true" : "false", v ? 4 : 5);
}

void rm_json_out_null(rm_json_out *o)
{
    word(o, "null", 4);
}

void rm_json_out_raw(rm_json_out *o, const char *s, size_t n)
{
    put(o, s, n);
}
