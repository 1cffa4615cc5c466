/* src/build/hash.c - content hashes of the build: XXH3-128 (libxxhash).
   The digest is kept big-endian (XXH128_canonicalFromHash), so the bytes
   are the hex string's order and the same on every host. */
#include "retromesh/build.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

static void from_xxh(XXH128_hash_t v, rm_build_hash *out)
{
    XXH128_canonical_t c;
    XXH128_canonicalFromHash(&c, v);
    memcpy(out->bytes, c.digest, sizeof out->bytes);
}

void rm_build_hash_bytes(const void *data, size_t size, rm_build_hash *out)
{
    from_xxh(XXH3_128bits(size ? data : "", size), out);
}

rm_status rm_build_hash_file(const char *path, rm_build_hash *out, rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot read: %s", path, strerror(errno));
        return RM_IO;
    }
    XXH3_state_t *st = XXH3_createState();
    if (!st) {
        fclose(f);
        return RM_NOMEM;
    }
    XXH3_128bits_reset(st);
    unsigned char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        XXH3_128bits_update(st, buf, n);
    int bad = ferror(f);
    int err = errno;
    fclose(f);
    if (bad) {
        XXH3_freeState(st);
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot read: %s", path, strerror(err));
        return RM_IO;
    }
    from_xxh(XXH3_128bits_digest(st), out);
    XXH3_freeState(st);
    return RM_OK;
}

void rm_build_hash_hex(const rm_build_hash *h, char out[33])
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < 16; i++) {
        out[2 * i] = digits[h->bytes[i] >> 4];
        out[2 * i + 1] = digits[h->bytes[i] & 15];
    }
    out[32] = 0;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool rm_build_hash_from_hex(const char *hex, rm_build_hash *out)
{
    if (!hex)
        return false;
    rm_build_hash h;
    for (size_t i = 0; i < 16; i++) {
        /* A short string stops at its zero: hex_value(0) is -1. */
        int a = hex_value(hex[2 * i]);
        int b = a < 0 ? -1 : hex_value(hex[2 * i + 1]);
        if (a < 0 || b < 0)
            return false;
        h.bytes[i] = (uint8_t)(a << 4 | b);
    }
    if (hex[32] != 0)
        return false;
    *out = h;
    return true;
}

bool rm_build_hash_equal(const rm_build_hash *a, const rm_build_hash *b)
{
    return memcmp(a->bytes, b->bytes, sizeof a->bytes) == 0;
}
