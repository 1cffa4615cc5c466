/* src/core/fileio.c - see include/retromesh/fileio.h and docs/files.md.
   POSIX. Writes go through an output set (output.c), so this one-file
   write gets links, devices, kept modes and "-" as every command does. */
/* MAP_ANONYMOUS and madvise (Linux, the BSDs, macOS) are outside POSIX 2008. */
#define _DEFAULT_SOURCE
#include "retromesh/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/output.h"

static _Atomic uint64_t max_bytes_setting = RM_FILE_MAX_DEFAULT;

void rm_file_set_max_bytes(uint64_t max_bytes)
{
    atomic_store(&max_bytes_setting, max_bytes ? max_bytes : RM_FILE_MAX_DEFAULT);
}

uint64_t rm_file_max_bytes(void)
{
    return atomic_load(&max_bytes_setting);
}

/* What a file that is not a regular file is, in the words of a message. */
static const char *kind_name(mode_t m)
{
    if (S_ISDIR(m))
        return "a folder";
    if (S_ISFIFO(m))
        return "a FIFO (named pipe)";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISSOCK(m))
        return "a socket";
    return "not a regular file";
}

static rm_status refuse_kind(rm_diag *diag, const char *name, mode_t m)
{
    rm_diag_add(diag, RM_ERROR, "%s: error: this is %s, not a file", name, kind_name(m));
    return RM_INVALID;
}

static rm_status too_big(rm_diag *diag, const char *name, uint64_t size, uint64_t max)
{
    if (size)
        rm_diag_add(diag, RM_ERROR,
                    "%s: error: %" PRIu64 " bytes, more than the limit of %" PRIu64
                    " bytes (--max-input raises it)", name, size, max);
    else
        rm_diag_add(diag, RM_ERROR,
                    "%s: error: more than the limit of %" PRIu64
                    " bytes (--max-input raises it)", name, max);
    return RM_INVALID;
}

static void set_blocking(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && (fl & O_NONBLOCK))
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
}

/* Opens `path` for reading without ever blocking (a FIFO with no writer
   opens at once) and tells what it is. RM_OK with *fd open, or a status
   with the message in diag. */
static rm_status open_input(const char *path, bool stream, int *fd, struct stat *st,
                            rm_diag *diag)
{
    *fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (*fd < 0) {
        int err = errno;
        struct stat ls;
        if (err == ENXIO && stat(path, &ls) == 0 && S_ISSOCK(ls.st_mode) && !stream)
            return refuse_kind(diag, path, ls.st_mode);
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot open: %s", path, strerror(err));
        return RM_IO;
    }
    if (fstat(*fd, st) != 0) {
        int err = errno;
        close(*fd);
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot read: %s", path, strerror(err));
        return RM_IO;
    }
    bool ok = S_ISREG(st->st_mode) ||
              (stream && (S_ISFIFO(st->st_mode) || S_ISCHR(st->st_mode) ||
                          S_ISSOCK(st->st_mode)));
    if (!ok) {
        close(*fd);
        return refuse_kind(diag, path, st->st_mode);
    }
    /* A FIFO stays non-blocking: closing it to reopen it blocking would
       drop what a writer that came first has already written (read_all
       waits for a writer with poll instead). */
    if (S_ISFIFO(st->st_mode))
        return RM_OK;
    set_blocking(*fd);
    return RM_OK;
}

/* Reads fd to its end into a buffer with a zero byte after it, stopping
   with an error as soon as more than `max` bytes came. */
static rm_status read_all(int fd, const char *name, size_t first_cap, uint64_t max, bool fifo,
                          uint8_t **data, size_t *size, rm_diag *diag)
{
    bool woke = false;      /* a FIFO: poll saw a writer come */
    /* One byte past the limit tells that the limit was passed. */
    uint64_t hard = max < SIZE_MAX - 2 ? max + 2 : SIZE_MAX;
    size_t cap = first_cap < 2 ? 2 : first_cap;
    if (cap > hard)
        cap = (size_t)hard;
    size_t len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", name);
        return RM_NOMEM;
    }
    for (;;) {
        if (cap - len < 2) {
            size_t ncap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
            if (ncap > hard)
                ncap = (size_t)hard;
            uint8_t *nb = ncap > cap ? realloc(buf, ncap) : NULL;
            if (!nb) {
                free(buf);
                rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", name);
                return RM_NOMEM;
            }
            buf = nb;
            cap = ncap;
        }
        ssize_t n = read(fd, buf + len, cap - len - 1);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                /* A non-blocking stdin the caller gave us: wait, do not spin. */
                struct pollfd p = {.fd = fd, .events = POLLIN};
                poll(&p, 1, -1);
                continue;
            }
            int err = errno;
            free(buf);
            rm_diag_add(diag, RM_ERROR, "%s: error: cannot read: %s", name, strerror(err));
            return RM_IO;
        }
        if (n == 0 && fifo && len == 0 && !woke) {
            /* No writer yet (a non-blocking FIFO reads 0 then): poll waits
               until one writes or comes and goes. */
            struct pollfd p = {.fd = fd, .events = POLLIN};
            if (poll(&p, 1, -1) < 0 && errno == EINTR)
                continue;
            woke = true;
            continue;
        }
        if (n == 0)
            break;
        len += (size_t)n;
        if (len > max) {
            free(buf);
            return too_big(diag, name, 0, max);
        }
    }
    buf[len] = 0;
    *data = buf;
    *size = len;
    return RM_OK;
}

/* "-" with streams allowed: standard input, read whole. */
static rm_status read_stdin(uint64_t max, uint8_t **data, size_t *size, rm_diag *diag)
{
    struct stat st;
    if (fstat(STDIN_FILENO, &st) == 0) {
        if (S_ISDIR(st.st_mode) || S_ISBLK(st.st_mode))
            return refuse_kind(diag, "stdin", st.st_mode);
        if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > max)
            return too_big(diag, "stdin", (uint64_t)st.st_size, max);
    }
    /* stdin's flags belong to whoever shares it: read_all copes with a
       non-blocking one rather than changing them. */
    return read_all(STDIN_FILENO, "stdin", 64 * 1024, max, false, data, size, diag);
}

/* Opens `path` as open_input does and refuses a regular file over the
   limit: known before a byte is read, a 4 GB file costs nothing to refuse. */
static rm_status open_checked(const char *path, bool stream, uint64_t max, int *fd, struct stat *st,
                              rm_diag *diag)
{
    rm_status rs = open_input(path, stream, fd, st, diag);
    if (rs == RM_OK && S_ISREG(st->st_mode) && (uint64_t)st->st_size > max) {
        close(*fd);
        return too_big(diag, path, (uint64_t)st->st_size, max);
    }
    return rs;
}

/* Reads what open_checked opened, to its end, and closes it. */
static rm_status read_opened(int fd, const char *path, const struct stat *st, uint64_t max,
                             uint8_t **data, size_t *size, rm_diag *diag)
{
    size_t first = 64 * 1024;
    /* The size is a hint only: the file may change while it is read, and
       files of /proc say 0. */
    if (S_ISREG(st->st_mode))
        first = (size_t)st->st_size + 2 > 4096 ? (size_t)st->st_size + 2 : 4096;
    rm_status rs = read_all(fd, path, first, max, S_ISFIFO(st->st_mode), data, size, diag);
    close(fd);
    return rs;
}

rm_status rm_file_read_ex(const char *path, const rm_file_read_options *opt, uint8_t **data,
                          size_t *size, rm_diag *diag)
{
    *data = NULL;
    *size = 0;
    uint64_t max = opt && opt->max_bytes ? opt->max_bytes : rm_file_max_bytes();
    bool stream = opt && opt->allow_stream;
    if (stream && !strcmp(path, "-"))
        return read_stdin(max, data, size, diag);
    int fd;
    struct stat st;
    rm_status rs = open_checked(path, stream, max, &fd, &st, diag);
    if (rs != RM_OK)
        return rs;
    return read_opened(fd, path, &st, max, data, size, diag);
}

/* Maps the first `fsize` bytes of fd read-only, followed by a zero byte:
   the bytes after the end of the file in its last page are zeros, and when
   the file ends on a page boundary the page after it is an anonymous page
   of zeros, reserved with the mapping. False when the file system cannot
   map it (or the address space is short): the caller reads it instead. */
static bool map_fd(int fd, uint64_t fsize, rm_file_map *out)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096;
    if (fsize > SIZE_MAX - 2 * (uint64_t)page)
        return false;
    size_t size = (size_t)fsize;
    size_t len = (size + page - 1) / page * page + page;
    void *base = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        return false;
    if (mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
        munmap(base, len);
        return false;
    }
    /* Read ahead generously; the pages read may be dropped early. */
    (void)madvise(base, size, MADV_SEQUENTIAL);
    out->data = base;
    out->size = size;
    out->mapped = true;
    out->base_ = base;
    out->length_ = len;
    return true;
}

rm_status rm_file_map_open(const char *path, const rm_file_read_options *opt, rm_file_map *out,
                           rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    uint64_t max = opt && opt->max_bytes ? opt->max_bytes : rm_file_max_bytes();
    bool stream = opt && opt->allow_stream;
    uint8_t *buf = NULL;
    size_t size = 0;
    rm_status rs;
    if (stream && !strcmp(path, "-")) {
        rs = read_stdin(max, &buf, &size, diag);
    } else {
        int fd;
        struct stat st;
        rs = open_checked(path, stream, max, &fd, &st, diag);
        if (rs != RM_OK)
            return rs;
        /* An empty file has nothing to map, and one that says 0 bytes
           (/proc) may still hold some: both are read. */
        if (S_ISREG(st.st_mode) && st.st_size > 0 && map_fd(fd, (uint64_t)st.st_size, out)) {
            close(fd);
            return RM_OK;
        }
        rs = read_opened(fd, path, &st, max, &buf, &size, diag);
    }
    if (rs != RM_OK)
        return rs;
    out->data = buf;
    out->size = size;
    out->base_ = buf;
    return RM_OK;
}

void rm_file_map_close(rm_file_map *m)
{
    if (!m)
        return;
    if (m->mapped)
        munmap(m->base_, m->length_);
    else
        free(m->base_);
    memset(m, 0, sizeof *m);
}

rm_status rm_file_read(const char *path, uint8_t **data, size_t *size, rm_diag *diag)
{
    return rm_file_read_ex(path, NULL, data, size, diag);
}

rm_status rm_file_read_head(const char *path, uint8_t *buf, size_t cap, size_t *n, rm_diag *diag)
{
    *n = 0;
    int fd;
    struct stat st;
    rm_status rs = open_input(path, false, &fd, &st, diag);
    if (rs != RM_OK)
        return rs;
    size_t len = 0;
    while (len < cap) {
        ssize_t r = read(fd, buf + len, cap - len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int err = errno;
            close(fd);
            rm_diag_add(diag, RM_ERROR, "%s: error: cannot read: %s", path, strerror(err));
            return RM_IO;
        }
        if (r == 0)
            break;
        len += (size_t)r;
    }
    close(fd);
    *n = len;
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
    rm_output_set *set = rm_output_set_new_flags(RM_OUTPUT_NO_MKDIR);
    if (!set) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", path);
        return RM_NOMEM;
    }
    rm_status st = rm_output_add(set, path, data, size, diag);
    if (st == RM_OK)
        st = rm_output_commit(set, diag);
    rm_output_set_free(set);
    return st;
}
