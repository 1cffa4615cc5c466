/* src/formats/registry/paths.c - output names made from other names. */
#include "formats/registry/registry.h"

#include <stdlib.h>
#include <string.h>

#include "core/path_tidy.h"

char *rm_fmt_beside(const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    return rm_path_join_n(path, slash ? (size_t)(slash - path) + 1 : 0, name);
}

char *rm_fmt_with_ext(const char *path, const char *ext)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    size_t stem = (dot && (!slash || dot > slash + 1) && dot != path) ? (size_t)(dot - path) : strlen(path);
    size_t en = strlen(ext);
    char *p = malloc(stem + en + 1);
    if (p) {
        memcpy(p, path, stem);
        memcpy(p + stem, ext, en + 1);
    }
    return p;
}

char *rm_fmt_join(const char *dir, const char *name)
{
    return rm_path_join(dir, name);
}
