/* src/formats/skeleton/sk_names.c - names in skeleton messages (sk_names.h). */
#include "sk_names.h"

#include <stdio.h>
#include <string.h>

void sk_quote(const char *s, char *buf, size_t size)
{
    size_t o = 0, len = strlen(s), keep = len;
    if (keep > 48) {
        keep = 48;
        while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
            keep--;
    }
    buf[o++] = '"';
    for (size_t i = 0; i < keep && o + 6 < size; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '"' || ch == '\\') {
            buf[o++] = '\\';
            buf[o++] = (char)ch;
        } else if (ch < 0x20 || ch == 0x7F) {
            o += (size_t)snprintf(buf + o, size - o, "\\x%02x", ch);
        } else {
            buf[o++] = (char)ch;
        }
    }
    if (keep < len && o + 5 < size) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o++] = '"';
    buf[o] = 0;
}

void sk_label(char *buf, size_t size, const char *list, size_t index, const char *name)
{
    if (name) {
        char q[SK_QUOTE_SIZE];
        sk_quote(name, q, sizeof q);
        snprintf(buf, size, "%s[%zu] %s", list, index, q);
    } else {
        snprintf(buf, size, "%s[%zu]", list, index);
    }
}

bool sk_same_ignoring_case(const char *a, const char *b)
{
    for (;; a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (unsigned char)(y - 'A' + 'a');
        if (x != y)
            return false;
        if (!x)
            return true;
    }
}
