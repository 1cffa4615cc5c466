/* src/convert/texture_names.c - the names of the textures in TEXT.

   Without --embed-textures the names are files of the CD: ISO 9660 8.3,
   uppercase (saturn-notes 7.3), from the image's name: wall.png ->
   WALL.BIN. Only the characters every CD tool takes are kept (A-Z, 0-9,
   _). Two different textures never get the same name: the later one takes
   a hash of its pixels (WAL_1A2B.BIN).

   With --embed-textures the name is the key the engine uses to load a
   texture once for all the models (seed: TIMG): the start of the image's
   name and 24 bits of a CRC-32 of the pixels, WALL_1A2B3C.BIN, so the same
   pixels get the same name in every model and different pixels (almost
   always) different names; a clash inside one model moves the hash on. */
#include "textures.h"

#include "core/crc.h"
#include "core/names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rm_cv_name_stem(const char *path, size_t max, char *out)
{
    if (max < 1)
        max = 1;
    if (max > 15)
        max = 15;
    const char *base = path ? path : "";
    for (const char *p = base; *p; p++)
        if (*p == '/' || *p == '\\')
            base = p + 1;
    const char *end = strrchr(base, '.');
    if (!end || end == base)
        end = base + strlen(base);
    size_t n = 0;
    for (const char *p = base; p < end && n < max; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch >= 'a' && ch <= 'z')
            ch = (unsigned char)(ch - 'a' + 'A');
        if ((ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_')
            out[n++] = (char)ch;
    }
    out[n] = 0;
    if (n == 0)
        snprintf(out, max + 1, "%s", "TEX");
}

void rm_cv_bin_name(const char *stem, char out[16])
{
    memset(out, 0, 16);
    snprintf(out, 16, "%.8s.BIN", stem);
}

/* The first `max` characters of a stem, without the '_' a cut may leave
   at the end (COW_TEXTURE -> COW, not COW_, so no "COW__1A2B3C"). */
static void cut_stem(const char *stem, size_t max, char out[16])
{
    size_t n = strlen(stem);
    if (n > max)
        n = max;
    while (n > 1 && stem[n - 1] == '_')
        n--;
    memcpy(out, stem, n);
    out[n] = 0;
}

void rm_cv_bin_name_hashed(const char *stem, uint16_t hash, char out[16])
{
    char cut[16];
    cut_stem(stem, 3, cut);
    memset(out, 0, 16);
    snprintf(out, 16, "%.3s_%04X.BIN", cut, (unsigned)hash);
}

void rm_cv_embedded_name(const char *stem, uint32_t hash, char out[16])
{
    char cut[16];
    cut_stem(stem, 4, cut);
    memset(out, 0, 16);
    snprintf(out, 16, "%.4s_%06X.BIN", cut, (unsigned)(hash & 0xFFFFFFu));
}

uint32_t rm_cv_texture_crc(uint32_t width, uint32_t height, uint16_t format, const uint8_t *data,
                           size_t size)
{
    uint8_t head[8] = {
        (uint8_t)(width >> 8), (uint8_t)width, (uint8_t)(height >> 8), (uint8_t)height,
        (uint8_t)(format >> 8), (uint8_t)format, 0, 0,
    };
    return rm_crc32(rm_crc32(0, head, sizeof head), data, size);
}

/* True when `name` is in the set. */
static bool taken(const rm_names *set, const char *name)
{
    size_t n = strlen(name);
    return rm_names_find(set, name, n, rm_names_hash(name, n)) != RM_NAMES_NONE;
}

rm_status rm_cv_name_textures(rm_cv_texture *t, size_t n, const char *const *stems, bool embedded)
{
    rm_names set = {0};     /* keys: the names already given (t[i].name, which stay put) */
    for (size_t i = 0; i < n; i++) {
        char name[16];
        uint32_t hash = t[i].crc;
        if (embedded)
            rm_cv_embedded_name(stems[i], hash, name);
        else
            rm_cv_bin_name(stems[i], name);
        /* Ends: fewer than n <= 32767 names are taken (the caller checks
           the count), and each form has 65536 or more hashes. */
        for (uint32_t step = 0; taken(&set, name); step++) {
            if (embedded)
                rm_cv_embedded_name(stems[i], hash + step + 1, name);
            else
                rm_cv_bin_name_hashed(stems[i], (uint16_t)(hash + step), name);
        }
        memcpy(t[i].name, name, 16);
        size_t len = strlen(t[i].name);
        if (!rm_names_add(&set, t[i].name, len, rm_names_hash(t[i].name, len), (uint32_t)i)) {
            rm_names_free(&set);
            return RM_NOMEM;
        }
    }
    rm_names_free(&set);
    return RM_OK;
}
