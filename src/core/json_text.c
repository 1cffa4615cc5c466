/* src/core/json_text.c - see json_text.h. */
#include "json_text.h"

#include <stdlib.h>
#include <string.h>

size_t rm_utf8_seq_len(const unsigned char *s, size_t n)
{
    if (!n)
        return 0;
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;   /* the allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;               /* overlong */
        else if (c == 0xED)
            hi = 0x9F;               /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;               /* overlong */
        else if (c == 0xF4)
            hi = 0x8F;               /* above U+10FFFF */
    } else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

/* rm_utf8_clean() that also gives the length (names may hold a NUL). */
static char *clean_n(const char *s, size_t n, size_t *out_len)
{
    const unsigned char *u = (const unsigned char *)s;
    /* At most two bytes out for each byte in. */
    if (n > (((size_t)-1) - 1) / 2)
        return NULL;
    char *out = malloc(2 * n + 1);
    if (!out)
        return NULL;
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        size_t len = rm_utf8_seq_len(u + i, n - i);
        if (len) {
            memcpy(out + w, s + i, len);
            w += len;
            i += len;
        } else {
            out[w++] = (char)(0xC0 | (u[i] >> 6));
            out[w++] = (char)(0x80 | (u[i] & 0x3F));
            i++;
        }
    }
    out[w] = '\0';
    *out_len = w;
    return out;
}

char *rm_utf8_clean(const char *s, size_t n)
{
    size_t len;
    return clean_n(s, n, &len);
}

json_t *rm_json_textn(const char *s, size_t n)
{
    if (!s)
        return json_null();
    size_t len;
    char *clean = clean_n(s, n, &len);
    if (!clean)
        return NULL;
    /* json_stringn: a NUL inside a name is kept (written \u0000). */
    json_t *j = json_stringn(clean, len);
    free(clean);
    return j;
}

json_t *rm_json_text(const char *s)
{
    return s ? rm_json_textn(s, strlen(s)) : json_null();
}

int rm_json_write_string(FILE *out, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (fputc('"', out) == EOF)
        return EOF;
    for (size_t i = 0; i < n;) {
        unsigned ch = u[i];
        size_t len = rm_utf8_seq_len(u + i, n - i);
        int rc;
        if (ch == '"' || ch == '\\')
            rc = fprintf(out, "\\%c", (int)ch);
        else if (ch < 0x20 || ch == 0x7f || !len)
            rc = fprintf(out, "\\u%04x", ch);
        else
            rc = fwrite(s + i, 1, len, out) == len ? 0 : EOF;
        if (rc < 0)
            return EOF;
        i += len ? len : 1;
    }
    return fputc('"', out) == EOF ? EOF : 0;
}

const char *rm_json_kind(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE: return "true";
    case JSON_FALSE: return "false";
    default: return "null";
    }
}
