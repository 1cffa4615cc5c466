/* src/core/outpath.c - see outpath.h. POSIX. */
/* realpath() is an X/Open function in glibc. */
#define _XOPEN_SOURCE 700
#include "core/outpath.h"
#include "core/path_tidy.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"

#define MAX_LINKS 40    /* as the kernel's ELOOP limit */

/* Length of `path` without its trailing slashes (a lone "/" stays). */
static size_t trimmed_len(const char *path)
{
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        n--;
    return n;
}

char *rm_path_dir(const char *path)
{
    size_t n = trimmed_len(path);
    size_t i = n;
    while (i > 0 && path[i - 1] != '/')
        i--;
    if (i == 0)
        return rm_strdup(".");
    while (i > 1 && path[i - 1] == '/')     /* "a//b": the folder is "a" */
        i--;
    char *d = malloc(i + 1);
    if (d) {
        memcpy(d, path, i);
        d[i] = 0;
    }
    return d;
}

char *rm_path_base(const char *path)
{
    size_t n = trimmed_len(path);
    size_t i = n;
    while (i > 0 && path[i - 1] != '/')
        i--;
    char *b = malloc(n - i + 1);
    if (b) {
        memcpy(b, path + i, n - i);
        b[n - i] = 0;
    }
    return b;
}

/* The target of a symbolic link, malloc'd. */
static char *read_link(const char *path)
{
    size_t cap = 256;
    for (;;) {
        char *buf = malloc(cap);
        if (!buf)
            return NULL;
        ssize_t n = readlink(path, buf, cap);
        if (n < 0) {
            free(buf);
            return NULL;
        }
        if ((size_t)n < cap) {
            buf[n] = 0;
            return buf;
        }
        free(buf);
        if (cap > (size_t)1 << 20)
            return NULL;
        cap *= 2;
    }
}

/* Where a link's target is, as a path usable from here. */
static char *link_destination(const char *link, const char *target)
{
    if (target[0] == '/')
        return rm_strdup(target);
    char *dir = rm_path_dir(link);
    if (!dir)
        return NULL;
    char *p = rm_path_join(dir, target);
    free(dir);
    return p;
}

static char *normalise(const char *path, int depth)
{
    if (!path[0] || depth > MAX_LINKS)
        return NULL;
    char *r = realpath(path, NULL);
    if (r)
        return r;
    if (errno == ENOMEM)
        return NULL;
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        /* A dangling link: the name it will create. */
        char *target = read_link(path);
        if (!target)
            return NULL;
        char *dest = link_destination(path, target);
        free(target);
        if (!dest)
            return NULL;
        r = normalise(dest, depth + 1);
        free(dest);
        return r;
    }
    char *dir = rm_path_dir(path), *base = rm_path_base(path);
    char *out = NULL;
    if (dir && base && strcmp(dir, path) != 0) {
        char *pd = normalise(dir, depth);
        if (pd) {
            if (!strcmp(base, ".") || !base[0]) {
                out = pd;
                pd = NULL;
            } else if (!strcmp(base, "..")) {
                char *slash = strrchr(pd, '/');
                if (slash && slash != pd)
                    *slash = 0;
                else if (slash)
                    slash[1] = 0;   /* "/.." is "/" */
                out = pd;
                pd = NULL;
            } else {
                out = rm_path_join(pd, base);
            }
            free(pd);
        }
    }
    free(dir);
    free(base);
    return out;
}

char *rm_path_normalise(const char *path)
{
    return normalise(path, 0);
}

/* True when `dir` (normalised) is this process's descriptor folder. */
static bool is_own_fd_dir(const char *dir)
{
    char own[64];
    snprintf(own, sizeof own, "/proc/%ld/fd", (long)getpid());
    return !strcmp(dir, own) || !strcmp(dir, "/proc/self/fd");
}

bool rm_path_final(const char *path, rm_link_target *t)
{
    t->path = NULL;
    t->through_fd = false;
    t->is_stdout = false;
    t->fd = -1;
    t->err = 0;
    char *cur = rm_strdup(path);
    if (!cur) {
        t->err = ENOMEM;
        return false;
    }
    for (int i = 0; i <= MAX_LINKS; i++) {
        /* A name in /proc (or /dev/fd, which is /proc/self/fd) is a
           descriptor or a kernel file: its "link" is no path to follow. */
        char *dir = rm_path_dir(cur), *base = rm_path_base(cur);
        char *nd = dir ? rm_path_normalise(dir) : NULL;
        if (nd && (!strcmp(nd, "/proc") || !strncmp(nd, "/proc/", 6))) {
            t->through_fd = true;
            if (base && is_own_fd_dir(nd) && base[0] && strlen(base) < 9 &&
                strspn(base, "0123456789") == strlen(base))
                t->fd = atoi(base);
            t->is_stdout = t->fd == 1;
        }
        free(dir);
        free(base);
        free(nd);
        if (t->through_fd) {
            t->path = cur;
            return true;
        }
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
            t->path = cur;
            return true;
        }
        char *target = read_link(cur);
        char *next = target ? link_destination(cur, target) : NULL;
        free(target);
        free(cur);
        if (!next) {
            t->err = errno ? errno : ENOMEM;
            return false;
        }
        cur = next;
    }
    free(cur);
    t->err = ELOOP;
    return false;
}
