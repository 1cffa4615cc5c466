/* src/core/fileio.c - see include/retromesh/fileio.h. POSIX. */
#define _POSIX_C_SOURCE 200809L
#include "retromesh/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

rm_status rm_file_read(const char *path, uint8_t **data, size_t *size, rm_diag *diag)
{
    *data = NULL;
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot open: %s", path, strerror(errno));
        return RM_IO;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        rm_diag_add(diag, RM_ERROR, "%s: error: not a regular file", path);
        fclose(f);
        return RM_IO;
    }
    /* Read by blocks rather than trusting st_size: the file may change. */
    size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096, len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", path);
        return RM_NOMEM;
    }
    for (;;) {
        if (cap - len < 2) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", path);
                return RM_NOMEM;
            }
            buf = nb;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        rm_diag_add(diag, RM_ERROR, "%s: error: read failed", path);
        return RM_IO;
    }
    buf[len] = 0;
    *data = buf;
    *size = len;
    return RM_OK;
}

int rm_file_same(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

rm_status rm_file_write_atomic(const char *path, const void *data, size_t size, rm_diag *diag)
{
    /* The temporary file goes in the target's folder so rename() stays on
       one file system (and is atomic). */
    size_t n = strlen(path);
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    char *tmp = malloc(n + 16);
    if (!tmp) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", path);
        return RM_NOMEM;
    }
    memcpy(tmp, path, dir_len);
    snprintf(tmp + dir_len, n + 16 - dir_len, ".%s.XXXXXX", path + dir_len);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot create a temporary file beside it: %s",
                    path, strerror(errno));
        free(tmp);
        return RM_IO;
    }
    const uint8_t *p = data;
    size_t left = size;
    int err = 0;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            err = errno;
            break;
        }
        p += w;
        left -= (size_t)w;
    }
    if (!err && fchmod(fd, 0644) != 0)
        err = errno;
    if (!err && fsync(fd) != 0 && errno != EINVAL)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err) {
        unlink(tmp);
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot write: %s", path, strerror(err));
        free(tmp);
        return RM_IO;
    }
    free(tmp);
    return RM_OK;
}
