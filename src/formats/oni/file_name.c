/* src/formats/oni/file_name.c - rm_oni_file_name: a geometry name as a
   file name that can be created (see retromesh/oni.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "retromesh/oni.h"

#define HASH_LEN 9      /* "-" and 8 hex digits */

static bool keep(char c, size_t at)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || (c == '.' && at > 0);
}

size_t rm_oni_file_name(const char *name, size_t reserve, char *buf, size_t size)
{
    if (!size)
        return 0;
    if (!name)
        name = "";
    size_t n = strlen(name);
    /* The room: the file system's limit less the caller's suffix, and buf. */
    size_t room = reserve < RM_ONI_FILE_NAME_MAX ? RM_ONI_FILE_NAME_MAX - reserve : 1;
    if (room > size - 1)
        room = size - 1;
    if (room == 0) {
        buf[0] = '\0';
        return 0;
    }
    bool changed = n == 0;
    for (size_t i = 0; i < n && !changed; i++)
        changed = !keep(name[i], i);
    if (!changed && n <= room) {
        memcpy(buf, name, n + 1);
        return n;
    }
    if (n == 0) {
        buf[0] = '_';
        buf[1] = '\0';
        return 1;
    }
    /* Changed or too long: a safe prefix, then the hash of the whole. */
    size_t keep_len = room > HASH_LEN ? room - HASH_LEN : room;
    if (keep_len > n)
        keep_len = n;
    for (size_t i = 0; i < keep_len; i++)
        buf[i] = keep(name[i], i) ? name[i] : '_';
    size_t w = keep_len;
    if (room >= w + HASH_LEN) {
        char hash[HASH_LEN + 1];
        snprintf(hash, sizeof hash, "-%08x", (unsigned)rm_oni_crc32(0, name, n));
        memcpy(buf + w, hash, HASH_LEN);
        w += HASH_LEN;
    }
    buf[w] = '\0';
    return w;
}
