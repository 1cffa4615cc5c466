/* src/core/path_tidy.c - see path_tidy.h. */
#include "path_tidy.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Copies the kept components down to `w` in one pass. `plain` counts the
   trailing kept components that are names (not ".."): only those can be
   taken back by a "..". Kept components hold no '/', so taking one back is
   going back to the previous '/'. */
size_t rm_path_tidy(char *path)
{
    size_t n = strlen(path);
    if (!n)
        return 0;
    const size_t root = path[0] == '/' ? 1 : 0;
    size_t w = root, r = 0, plain = 0;
    while (r < n) {
        while (r < n && path[r] == '/')
            r++;
        if (r >= n)
            break;
        size_t b = r;
        while (r < n && path[r] != '/')
            r++;
        size_t len = r - b;
        bool dotdot = len == 2 && path[b] == '.' && path[b + 1] == '.';
        if (len == 1 && path[b] == '.')
            continue;
        if (dotdot && plain) {          /* NAME/.. : take NAME back */
            while (w > root && path[w - 1] != '/')
                w--;
            if (w > root)
                w--;                    /* and its separator */
            plain--;
            continue;
        }
        if (dotdot && root)             /* /.. is / */
            continue;
        if (w > root)
            path[w++] = '/';
        memmove(path + w, path + b, len);
        w += len;
        plain = dotdot ? 0 : plain + 1;
    }
    if (w == 0)
        path[w++] = '.';
    path[w] = '\0';
    return w;
}

char *rm_path_tidy_dup(const char *path)
{
    if (!path)
        return NULL;
    size_t n = strlen(path);
    char *s = malloc(n + 2);
    if (!s)
        return NULL;
    memcpy(s, path, n + 1);
    rm_path_tidy(s);
    return s;
}

char *rm_path_join_n(const char *dir, size_t dir_len, const char *name)
{
    bool sep = dir_len > 0 && dir[dir_len - 1] != '/';
    size_t n = strlen(name);
    char *out = malloc(dir_len + sep + n + 1);
    if (!out)
        return NULL;
    if (dir_len)
        memcpy(out, dir, dir_len);
    if (sep)
        out[dir_len] = '/';
    memcpy(out + dir_len + sep, name, n + 1);
    return out;
}

char *rm_path_join(const char *dir, const char *name)
{
    return rm_path_join_n(dir ? dir : "", dir ? strlen(dir) : 0, name);
}
