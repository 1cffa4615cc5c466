/* src/formats/gltf/base64.c - standard base64 (RFC 4648) for data: URIs.
   Strict: only A-Z a-z 0-9 + / and '=' padding at the end (optional);
   a length that cannot come from whole bytes (one character left over)
   is refused, and so is padding in the middle or too much of it. */
#include <stdlib.h>

#include "gltf_internal.h"

static int value_of(unsigned char ch)
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9')
        return ch - '0' + 52;
    if (ch == '+')
        return 62;
    if (ch == '/')
        return 63;
    return -1;
}

bool rm_gltf_base64_decode(const char *text, size_t n, uint8_t **out, size_t *out_size,
                           bool *nomem)
{
    *out = NULL;
    *out_size = 0;
    if (nomem)
        *nomem = false;
    /* Padding: at most two '=' at the end, and then the whole is whole quads. */
    size_t pad = 0;
    while (pad < n && pad < 3 && text[n - 1 - pad] == '=')
        pad++;
    if (pad > 2 || (pad && n % 4 != 0))
        return false;
    size_t len = n - pad;
    if (len % 4 == 1)
        return false;
    size_t size = len / 4 * 3 + (len % 4 ? len % 4 - 1 : 0);
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf) {
        if (nomem)
            *nomem = true;
        return false;
    }
    size_t o = 0;
    uint32_t acc = 0;
    unsigned bits = 0;
    for (size_t i = 0; i < len; i++) {
        int v = value_of((unsigned char)text[i]);
        if (v < 0) {
            free(buf);
            return false;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            buf[o++] = (uint8_t)(acc >> bits);
            acc &= (1u << bits) - 1u;
        }
    }
    *out = buf;
    *out_size = o;
    return true;
}
