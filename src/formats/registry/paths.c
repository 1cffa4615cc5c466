/* src/formats/registry/paths.c - output names made from other names. */
#include "formats/registry/registry.h"

#include <stdlib.h>
#include <string.h>

static char *concat(const char *a, size_t an, const char *sep, const char *b)
{
    size_t sn = strlen(sep), bn = strlen(b);
    char *p = malloc(an + sn + bn + 1);
    if (p) {
        memcpy(p, a, an);
        memcpy(p + an, sep, sn);
        memcpy(p + an + sn, b, bn + 1);
    }
    return p;
}

char *rm_fmt_beside(const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    return concat(path, slash ? (size_t)(slash - path) + 1 : 0, "", name);
}

char *rm_fmt_with_ext(const char *path, const char *ext)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    size_t stem = (dot && (!slash || dot > slash + 1) && dot != path) ? (size_t)(dot - path) : strlen(path);
    return concat(path, stem, "", ext);
}

char *rm_fmt_join(const char *dir, const char *name)
{
    size_t d = dir ? strlen(dir) : 0;
    return concat(d ? dir : "", d, d && dir[d - 1] != '/' ? "/" : "", name);
}
