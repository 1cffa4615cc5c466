/* src/core/output.c - see include/retromesh/output.h and docs/files.md.
   POSIX. The set keeps its inputs as given and compares them when an
   output is checked (a planned input may be made in between); outputs are
   files (a temporary file renamed at commit) or streams ("-", devices,
   FIFOs: written at commit, after the renames). */
#include "retromesh/output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/outpath.h"
#include "core/path_tidy.h"
#include "core/outreg.h"

/* Which file a name means, taken when the name is given: an input that
   does not exist yet is compared by its normalised path. */
typedef struct ident {
    bool exists;            /* dev/ino are valid */
    bool plain;             /* a regular file or a folder */
    dev_t dev;
    ino_t ino;
    char *norm;             /* absolute, links of the folders resolved */
} ident;

typedef struct in_file {
    char *given;
    ident id;
} in_file;

typedef enum out_kind { K_FILE, K_STDOUT, K_DEVICE } out_kind;
typedef enum out_state { S_RESERVED, S_STAGED, S_DONE } out_state;

typedef struct out {
    char *given;            /* as the caller spelled it */
    ident id;
    out_kind kind;
    out_state state;
    char *final;            /* K_FILE: renamed onto; K_DEVICE: opened */
    char *tmp;              /* K_FILE: the temporary file */
    rm_outreg_entry *reg;   /* tmp in the signal registry */
    int fd;                 /* K_FILE: tmp, while it is written */
    int fdnum;              /* K_DEVICE: a descriptor of ours (/dev/fd/N), else -1 */
    FILE *fp;               /* from rm_output_open */
    uint8_t *data;          /* streams written by rm_output_add */
    size_t size;
} out;

typedef struct made_dir {
    char *path;
    rm_outreg_entry *reg;
} made_dir;

struct rm_output_set {
    unsigned flags;
    in_file *inputs;
    size_t n_in, cap_in;
    out *outs;
    size_t n_out, cap_out;
    char **want_dirs;       /* rm_output_add_dir */
    size_t n_want, cap_want;
    made_dir *made;         /* folders this set made, in order */
    size_t n_made, cap_made;
    bool committed;
};

static _Atomic unsigned default_flags;

void rm_output_set_default_flags(unsigned flags)
{
    atomic_store(&default_flags, flags);
}

unsigned rm_output_default_flags(void)
{
    return atomic_load(&default_flags);
}

rm_output_set *rm_output_set_new_flags(unsigned flags)
{
    rm_output_set *s = calloc(1, sizeof *s);
    if (s)
        s->flags = flags | atomic_load(&default_flags);
    return s;
}

rm_output_set *rm_output_set_new(void)
{
    return rm_output_set_new_flags(0);
}

static const char *shown(const char *path)
{
    return strcmp(path, "-") ? path : "stdout";
}

static rm_status io_error(rm_diag *diag, const char *path, int err)
{
    rm_diag_add(diag, RM_ERROR, "%s: error: cannot write: %s", shown(path), strerror(err));
    return RM_IO;
}

static rm_status no_memory(rm_diag *diag, const char *path)
{
    rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", shown(path));
    return RM_NOMEM;
}

/* ---- identity: which file a name means ---- */

static void ident_of(const char *path, int std_fd, ident *id)
{
    struct stat st;
    memset(id, 0, sizeof *id);
    int r = strcmp(path, "-") ? stat(path, &st) : fstat(std_fd, &st);
    if (r == 0) {
        id->exists = true;
        id->plain = S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
        id->dev = st.st_dev;
        id->ino = st.st_ino;
    }
    if (strcmp(path, "-"))
        id->norm = rm_path_normalise(path);
}

/* Input and output are one file: only files and folders count (reading a
   device while writing it, or stdin and stdout on one terminal, is no
   overwrite). */
static bool same_plain(const ident *a, const ident *b)
{
    if (a->exists && b->exists)
        return a->plain && b->plain && a->dev == b->dev && a->ino == b->ino;
    return a->norm && b->norm && !strcmp(a->norm, b->norm);
}

static bool is_null_device(const ident *id)
{
    struct stat st;
    return id->exists && !id->plain && stat("/dev/null", &st) == 0 && st.st_dev == id->dev &&
           st.st_ino == id->ino;
}

/* Two outputs are one: any kind of file, except the null device, which
   may take any number of outputs (a's null-ness is known to the caller). */
static bool same_output(const char *pa, const ident *a, bool a_null, const char *pb,
                        const ident *b)
{
    if (!strcmp(pa, "-") && !strcmp(pb, "-"))
        return true;
    if (a->exists && b->exists)
        return a->dev == b->dev && a->ino == b->ino && !a_null;
    return a->norm && b->norm && !strcmp(a->norm, b->norm);
}

static const char *input_of(const rm_output_set *s, const ident *o)
{
    for (size_t i = 0; i < s->n_in; i++)
        if (same_plain(o, &s->inputs[i].id))
            return s->inputs[i].given;
    return NULL;
}

bool rm_output_is_input(const rm_output_set *s, const char *path, const char **which)
{
    ident o;
    ident_of(path, STDOUT_FILENO, &o);
    const char *in = input_of(s, &o);
    free(o.norm);
    if (in && which)
        *which = in;
    return in != NULL;
}

rm_status rm_output_add_input(rm_output_set *s, const char *path)
{
    if (!rm_grow((void **)&s->inputs, &s->cap_in, s->n_in + 1, sizeof *s->inputs))
        return RM_NOMEM;
    char *copy = rm_strdup(path);
    if (!copy)
        return RM_NOMEM;
    in_file *f = &s->inputs[s->n_in++];
    f->given = copy;
    ident_of(path, STDIN_FILENO, &f->id);
    return RM_OK;
}

size_t rm_output_input_count(const rm_output_set *s)
{
    return s ? s->n_in : 0;
}

const char *rm_output_input_name(const rm_output_set *s, size_t i)
{
    return s && i < s->n_in ? s->inputs[i].given : NULL;
}

static out *find_output(rm_output_set *s, const char *path)
{
    for (size_t i = 0; i < s->n_out; i++)
        if (!strcmp(s->outs[i].given, path))
            return &s->outs[i];
    return NULL;
}

/* Checks `path` as a new output; on RM_OK *id is its identity (owned by
   the caller). */
static rm_status check_new(rm_output_set *s, const char *path, ident *id, rm_diag *diag)
{
    memset(id, 0, sizeof *id);
    if (!path || !path[0]) {
        rm_diag_add(diag, RM_ERROR, "error: an output name is empty");
        return RM_USAGE;
    }
    ident_of(path, STDOUT_FILENO, id);
    const char *which = input_of(s, id);
    if (which) {
        rm_diag_add(diag, RM_ERROR,
                    "%s: error: this is %s, which the command reads: choose another output name",
                    shown(path), shown(which));
        free(id->norm);
        id->norm = NULL;
        return RM_USAGE;
    }
    bool null_dev = is_null_device(id);
    for (size_t i = 0; i < s->n_out; i++) {
        const out *p = &s->outs[i];
        if (!same_output(path, id, null_dev, p->given, &p->id))
            continue;
        if (!strcmp(path, p->given))
            rm_diag_add(diag, RM_ERROR, "%s: error: written twice by one command", shown(path));
        else
            rm_diag_add(diag, RM_ERROR, "%s: error: written twice by one command (also as %s)",
                        shown(path), shown(p->given));
        free(id->norm);
        id->norm = NULL;
        return RM_USAGE;
    }
    return RM_OK;
}

/* A new entry for a checked output; takes `id`. */
static out *reserve(rm_output_set *s, const char *path, ident *id)
{
    out *o = NULL;
    if (rm_grow((void **)&s->outs, &s->cap_out, s->n_out + 1, sizeof *s->outs)) {
        o = &s->outs[s->n_out];
        memset(o, 0, sizeof *o);
        o->fd = -1;
        o->fdnum = -1;
        o->given = rm_strdup(path);
    }
    if (!o || !o->given) {
        free(id->norm);
        return NULL;
    }
    o->id = *id;
    s->n_out++;
    return o;
}

rm_status rm_output_check(rm_output_set *s, const char *path, rm_diag *diag)
{
    ident id;
    rm_status st = check_new(s, path, &id, diag);
    if (st != RM_OK)
        return st;
    return reserve(s, path, &id) ? RM_OK : no_memory(diag, path);
}

/* ---- folders ---- */

static int note_made(rm_output_set *s, const char *path)
{
    if (!rm_grow((void **)&s->made, &s->cap_made, s->n_made + 1, sizeof *s->made))
        return ENOMEM;
    char *copy = rm_strdup(path);
    if (!copy)
        return ENOMEM;
    s->made[s->n_made].path = copy;
    s->made[s->n_made].reg = rm_outreg_add(copy, true);
    s->n_made++;
    return 0;
}

/* mkdir -p, remembering each folder it made. 0 or an errno. */
static int make_dirs(rm_output_set *s, const char *path, int depth)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
    if (errno != ENOENT)
        return errno;
    if (depth > 64)
        return ENAMETOOLONG;
    char *parent = rm_path_dir(path);
    if (!parent)
        return ENOMEM;
    int err = strcmp(parent, path) ? make_dirs(s, parent, depth + 1) : 0;
    free(parent);
    if (err)
        return err;
    sigset_t old;
    rm_outreg_hold(&old);
    err = mkdir(path, 0777) != 0 ? (errno == EEXIST ? 0 : errno) : note_made(s, path);
    rm_outreg_release(&old);
    return err;
}

rm_status rm_output_add_dir(rm_output_set *s, const char *path, rm_diag *diag)
{
    if (!rm_grow((void **)&s->want_dirs, &s->cap_want, s->n_want + 1, sizeof *s->want_dirs))
        return no_memory(diag, path);
    char *copy = rm_strdup(path);
    if (!copy)
        return no_memory(diag, path);
    s->want_dirs[s->n_want++] = copy;
    return RM_OK;
}

/* ---- staging ---- */

/* ".NAME.XXXXXX" beside `final`, created with O_EXCL (mode 0666 less the
   umask, as any new file). */
static int create_temp(const char *final, char **tmp_out)
{
    static _Atomic unsigned long counter;
    static const char alphabet[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    char *dir = rm_path_dir(final), *base = rm_path_base(final);
    int err = ENOMEM, fd = -1;
    if (!dir || !base)
        goto done;
    size_t nb = strlen(base);
    if (nb > 200)       /* the temporary name stays within NAME_MAX */
        base[200] = 0;
    char *name = malloc(strlen(base) + 9);
    if (!name)
        goto done;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^
                 ((uint64_t)getpid() << 40) ^ (uint64_t)(uintptr_t)name;
    for (int attempt = 0; attempt < 100; attempt++) {
        x ^= (uint64_t)atomic_fetch_add(&counter, 1) * 0x9E3779B97F4A7C15ull;
        char suffix[7];
        for (int i = 0; i < 6; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            suffix[i] = alphabet[x % (sizeof alphabet - 1)];
        }
        suffix[6] = 0;
        snprintf(name, strlen(base) + 9, ".%s.%s", base, suffix);
        char *path = strcmp(dir, ".") ? rm_path_join(dir, name) : rm_strdup(name);
        if (!path) {
            err = ENOMEM;
            break;
        }
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0666);
        if (fd >= 0) {
            *tmp_out = path;
            err = 0;
            break;
        }
        err = errno;
        free(path);
        if (err != EEXIST)
            break;
    }
    free(name);
done:
    free(dir);
    free(base);
    return fd >= 0 ? fd : -err;
}

static int write_all(int fd, const void *data, size_t size)
{
    const uint8_t *p = data;
    while (size > 0) {
        ssize_t w = write(fd, p, size);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += w;
        size -= (size_t)w;
    }
    return 0;
}

static void drop_temp(out *o)
{
    if (o->fp && o->kind == K_FILE)
        fclose(o->fp);
    else if (o->fd >= 0)
        close(o->fd);
    o->fp = NULL;
    o->fd = -1;
    if (o->tmp) {
        unlink(o->tmp);
        rm_outreg_remove(o->reg);
        o->reg = NULL;
        free(o->tmp);
        o->tmp = NULL;
    }
}

/* Decides what `o` is and, for a file, makes its temporary file. */
static rm_status prepare(rm_output_set *s, out *o, rm_diag *diag)
{
    if (!strcmp(o->given, "-")) {
        o->kind = K_STDOUT;
        return RM_OK;
    }
    free(o->final);
    o->final = NULL;
    rm_link_target t;
    if (!rm_path_final(o->given, &t))
        return t.err == ENOMEM ? no_memory(diag, o->given) : io_error(diag, o->given, t.err);
    if (t.is_stdout) {
        free(t.path);
        o->kind = K_STDOUT;
        return RM_OK;
    }
    o->final = t.path;
    o->fdnum = t.fd;
    struct stat st;
    bool exists = stat(o->final, &st) == 0;
    if (t.through_fd || (exists && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) ||
                                    S_ISSOCK(st.st_mode)))) {
        o->kind = K_DEVICE;
        return RM_OK;
    }
    if (exists && S_ISDIR(st.st_mode))
        return io_error(diag, o->given, EISDIR);
    if (exists && S_ISBLK(st.st_mode)) {
        rm_diag_add(diag, RM_ERROR,
                    "%s: error: this is a block device (a disk), not a file: choose another "
                    "output name", o->given);
        return RM_USAGE;
    }
    o->kind = K_FILE;
    if (!(s->flags & RM_OUTPUT_NO_MKDIR)) {
        char *dir = rm_path_dir(o->final);
        if (!dir)
            return no_memory(diag, o->given);
        int err = make_dirs(s, dir, 0);
        free(dir);
        if (err)
            return io_error(diag, o->given, err);
    }
    char *tmp = NULL;
    sigset_t old;
    rm_outreg_hold(&old);   /* no signal between the file and its registration */
    int fd = create_temp(o->final, &tmp);
    if (fd >= 0)
        o->reg = rm_outreg_add(tmp, false);
    rm_outreg_release(&old);
    if (fd < 0)
        return io_error(diag, o->given, -fd);
    o->tmp = tmp;
    o->fd = fd;
    if (exists) {
        /* The replacement is the file it replaces: same permissions, and
           the same owner when we may (root, or a group we are in). */
        if (fchown(fd, st.st_uid, st.st_gid) != 0 && fchown(fd, (uid_t)-1, st.st_gid) != 0) {
            /* not ours to give away: the new file is ours */
        }
        if (fchmod(fd, st.st_mode & 07777 & ~(mode_t)(S_ISUID | S_ISGID)) != 0) {
            int err = errno;
            drop_temp(o);
            return io_error(diag, o->given, err);
        }
    }
    return RM_OK;
}

/* The entry for a new staged output: the reserved one, or a new checked one. */
static out *entry_for(rm_output_set *s, const char *path, rm_diag *diag, rm_status *st)
{
    out *o = path ? find_output(s, path) : NULL;
    if (o && o->state == S_RESERVED) {
        *st = RM_OK;
        return o;
    }
    ident id;
    *st = check_new(s, path, &id, diag);
    if (*st != RM_OK)
        return NULL;
    o = reserve(s, path, &id);
    if (!o)
        *st = no_memory(diag, path);
    return o;
}

rm_status rm_output_add(rm_output_set *s, const char *path, const void *data, size_t size,
                        rm_diag *diag)
{
    rm_status st;
    out *o = entry_for(s, path, diag, &st);
    if (!o)
        return st;
    st = prepare(s, o, diag);
    if (st != RM_OK)
        return st;
    if (o->kind == K_FILE) {
        /* Closed now, reopened for the fsync at commit: a thousand staged
           textures must not hold a thousand descriptors. */
        int err = write_all(o->fd, data, size);
        if (close(o->fd) != 0 && !err && errno != EINTR)
            err = errno;
        o->fd = -1;
        if (err) {
            drop_temp(o);
            return io_error(diag, o->given, err);
        }
    } else {
        o->data = malloc(size ? size : 1);
        if (!o->data)
            return no_memory(diag, o->given);
        if (size)
            memcpy(o->data, data, size);
        o->size = size;
    }
    o->state = S_STAGED;
    return RM_OK;
}

FILE *rm_output_open(rm_output_set *s, const char *path, rm_diag *diag)
{
    rm_status st;
    out *o = entry_for(s, path, diag, &st);
    if (!o)
        return NULL;
    if (prepare(s, o, diag) != RM_OK)
        return NULL;
    if (o->kind == K_STDOUT) {
        o->fp = stdout;
    } else if (o->kind == K_FILE) {
        o->fp = fdopen(o->fd, "wb");
        if (!o->fp) {
            int err = errno;
            drop_temp(o);
            io_error(diag, o->given, err);
            return NULL;
        }
        o->fd = -1;
    } else {
        int fd = o->fdnum >= 0 ? dup(o->fdnum)
                               : open(o->final, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        o->fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
        if (!o->fp) {
            int err = errno;
            if (fd >= 0)
                close(fd);
            io_error(diag, o->given, err);
            return NULL;
        }
    }
    o->state = S_STAGED;
    return o->fp;
}

/* ---- commit ---- */

/* Flushes a FILE*: 0 or an errno (EIO when only the error flag tells that
   an earlier write failed). */
static int flush_error(FILE *fp)
{
    errno = 0;
    if (fflush(fp) != 0)
        return errno ? errno : EIO;
    return ferror(fp) ? EIO : 0;
}

/* Flushes and closes a FILE*: 0 or an errno. */
static int close_stream(FILE *fp, bool sync)
{
    int err = flush_error(fp);
    if (!err && sync && fsync(fileno(fp)) != 0 && errno != EINVAL)
        err = errno;
    if (fclose(fp) != 0 && !err)
        err = errno ? errno : EIO;
    return err;
}

/* Everything not committed goes: temporary files, then the folders made,
   deepest first (rmdir leaves a folder that holds committed files). */
static void roll_back(rm_output_set *s)
{
    for (size_t i = 0; i < s->n_out; i++) {
        out *o = &s->outs[i];
        if (o->state == S_DONE)
            continue;
        if (o->kind == K_FILE)
            drop_temp(o);
        else if (o->kind == K_DEVICE && o->fp)
            fclose(o->fp);
        o->fp = NULL;
    }
    for (size_t i = s->n_made; i-- > 0;) {
        rmdir(s->made[i].path);
        rm_outreg_remove(s->made[i].reg);
        free(s->made[i].path);
    }
    s->n_made = 0;
}

static int write_stream(out *o)
{
    if (o->kind == K_STDOUT) {
        if (o->data && o->size && fwrite(o->data, 1, o->size, stdout) != o->size)
            return errno ? errno : EIO;
        return flush_error(stdout);
    }
    if (o->fp) {
        FILE *fp = o->fp;
        o->fp = NULL;
        return close_stream(fp, false);
    }
    if (o->fdnum >= 0)      /* /dev/fd/N: our own descriptor, where it is */
        return write_all(o->fdnum, o->data, o->size);
    /* No O_TRUNC: a device or a FIFO has nothing to truncate, and a file
       reached through /proc is another descriptor's business. */
    int fd = open(o->final, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    int err = write_all(fd, o->data, o->size);
    if (close(fd) != 0 && !err && errno != EINTR)
        err = errno;
    return err;
}

rm_status rm_output_commit(rm_output_set *s, rm_diag *diag)
{
    bool sync = !(s->flags & RM_OUTPUT_NO_SYNC);
    for (size_t i = 0; i < s->n_want; i++) {
        int err = make_dirs(s, s->want_dirs[i], 0);
        if (err) {
            roll_back(s);
            return io_error(diag, s->want_dirs[i], err);
        }
    }
    /* Finish every file before the first rename: a full disk or a write
       error then leaves nothing at all. */
    for (size_t i = 0; i < s->n_out; i++) {
        out *o = &s->outs[i];
        if (o->state != S_STAGED || o->kind != K_FILE)
            continue;
        int err;
        if (o->fp) {
            err = close_stream(o->fp, sync);
            o->fp = NULL;
        } else if (sync) {
            int fd = open(o->tmp, O_WRONLY | O_CLOEXEC | O_NOCTTY);
            err = fd < 0 ? errno : fsync(fd) != 0 && errno != EINVAL ? errno : 0;
            if (fd >= 0)
                close(fd);
        } else {
            err = 0;
        }
        if (err) {
            roll_back(s);
            return io_error(diag, o->given, err);
        }
    }
    for (size_t i = 0; i < s->n_out; i++) {
        out *o = &s->outs[i];
        if (o->state != S_STAGED || o->kind != K_FILE)
            continue;
        if (rename(o->tmp, o->final) != 0) {
            int err = errno;
            roll_back(s);
            return io_error(diag, o->given, err);
        }
        rm_outreg_remove(o->reg);
        o->reg = NULL;
        free(o->tmp);
        o->tmp = NULL;
        o->state = S_DONE;
    }
    rm_status st = RM_OK;
    for (size_t i = 0; i < s->n_out; i++) {
        out *o = &s->outs[i];
        if (o->state != S_STAGED)
            continue;
        int err = write_stream(o);
        o->state = S_DONE;
        if (err && st == RM_OK)
            st = io_error(diag, o->given, err);
    }
    /* The folders stay: they hold what was committed. */
    for (size_t i = 0; i < s->n_made; i++) {
        rm_outreg_remove(s->made[i].reg);
        free(s->made[i].path);
    }
    s->n_made = 0;
    s->committed = true;
    return st;
}

void rm_output_set_free(rm_output_set *s)
{
    if (!s)
        return;
    roll_back(s);
    for (size_t i = 0; i < s->n_in; i++) {
        free(s->inputs[i].given);
        free(s->inputs[i].id.norm);
    }
    for (size_t i = 0; i < s->n_out; i++) {
        free(s->outs[i].id.norm);
        free(s->outs[i].given);
        free(s->outs[i].final);
        free(s->outs[i].data);
    }
    for (size_t i = 0; i < s->n_want; i++)
        free(s->want_dirs[i]);
    free(s->inputs);
    free(s->outs);
    free(s->want_dirs);
    free(s->made);
    free(s);
}

rm_status rm_output_finish_stdout(rm_diag *diag)
{
    int err = flush_error(stdout);
    if (!err)
        return RM_OK;
    rm_diag_add(diag, RM_ERROR, "stdout: error: cannot write: %s", strerror(err));
    return RM_IO;
}
