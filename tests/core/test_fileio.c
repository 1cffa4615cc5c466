/* Whole-file read and atomic write: the content arrives whole, nothing is
   left behind when the write fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

#include "core/fs_util.h"
#include "retromesh/fileio.h"

static char dir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/rm_fileio_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int count_entries(const char *path)
{
    DIR *d = opendir(path);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    return n;
}

static void write_then_read(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/out.bin", dir);
    rm_diag d;
    rm_diag_init(&d);
    const char text[] = "hello\0world";
    assert_int_equal(rm_file_write_atomic(path, text, sizeof text, &d), RM_OK);
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_int_equal(size, sizeof text);
    assert_memory_equal(data, text, sizeof text);
    assert_int_equal(data[size], 0);   /* the extra zero byte */
    free(data);
    /* Overwriting replaces the content whole. */
    assert_int_equal(rm_file_write_atomic(path, "ab", 2, &d), RM_OK);
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_int_equal(size, 2);
    free(data);
    assert_int_equal(count_entries(dir), 1);   /* no temporary file left */
    assert_true(rm_file_same(path, path));
    unlink(path);
    rm_diag_free(&d);
}

static void failed_write_leaves_nothing(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/missing-folder/out.bin", dir);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_file_write_atomic(path, "x", 1, &d), RM_IO);
    assert_int_equal(d.errors, 1);
    assert_non_null(strstr(d.items[0].text, "missing-folder/out.bin"));
    /* Renaming over a folder fails after the temporary file was written:
       the temporary file must be removed. */
    char sub[300];
    snprintf(sub, sizeof sub, "%s/adir", dir);
    mkdir(sub, 0755);
    char inner[320];
    snprintf(inner, sizeof inner, "%s/x", sub);
    FILE *f = fopen(inner, "w");
    fclose(f);
    assert_int_equal(rm_file_write_atomic(sub, "x", 1, &d), RM_IO);
    assert_int_equal(count_entries(dir), 1);   /* only adir */
    unlink(inner);
    rmdir(sub);
    rm_diag_free(&d);
}

static void read_missing_is_io_error(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = (uint8_t *)1;
    size_t size = 5;
    assert_int_equal(rm_file_read("/nonexistent/file.obj", &data, &size, &d), RM_IO);
    assert_null(data);
    assert_int_equal(size, 0);
    assert_non_null(strstr(d.items[0].text, "/nonexistent/file.obj"));
    rm_diag_free(&d);
}

/* The first message of a read of `path`, and its status. */
static rm_status read_msg(const char *path, const rm_file_read_options *opt, char *msg,
                          size_t cap)
{
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read_ex(path, opt, &data, &size, &d);
    msg[0] = 0;
    if (d.count)
        snprintf(msg, cap, "%s", d.items[0].text);
    free(data);
    rm_diag_free(&d);
    return st;
}

static void fifo_is_refused_without_blocking(void **state)
{
    (void)state;
    assert_int_equal(mkfifo("pipe", 0644), 0);
    alarm(10);      /* the old reader waited here forever for a writer */
    char msg[300];
    assert_int_equal(read_msg("pipe", NULL, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "pipe: error: this is a FIFO (named pipe), not a file");
    rm_diag d;
    rm_diag_init(&d);
    uint8_t head[4];
    size_t n = 9;
    assert_int_equal(rm_file_read_head("pipe", head, sizeof head, &n, &d), RM_INVALID);
    assert_int_equal(n, 0);
    alarm(0);
    rm_diag_free(&d);
}

static void other_kinds_are_refused(void **state)
{
    (void)state;
    char msg[300];
    assert_int_equal(mkdir("folder", 0755), 0);
    assert_int_equal(read_msg("folder", NULL, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "folder: error: this is a folder, not a file");
    assert_int_equal(read_msg("/dev/zero", NULL, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "/dev/zero: error: this is a character device, not a file");
    /* "-" is a file name like any other unless streams are allowed. */
    assert_int_equal(read_msg("-", NULL, msg, sizeof msg), RM_IO);
    assert_string_equal(msg, "-: error: cannot open: No such file or directory");
    /* A folder stays refused when streams are allowed. */
    rm_file_read_options opt = {.allow_stream = true};
    assert_int_equal(read_msg("folder", &opt, msg, sizeof msg), RM_INVALID);
}

static void endless_stream_stops_at_the_limit(void **state)
{
    (void)state;
    rm_file_read_options opt = {.max_bytes = 1 << 20, .allow_stream = true};
    char msg[300];
    assert_int_equal(read_msg("/dev/zero", &opt, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "/dev/zero: error: more than the limit of 1048576 bytes "
                             "(--max-input raises it)");
    assert_int_equal(read_msg("/dev/urandom", &opt, msg, sizeof msg), RM_INVALID);
    /* The global limit applies when the options give none. */
    rm_file_set_max_bytes(4096);
    assert_int_equal(rm_file_max_bytes(), 4096);
    opt.max_bytes = 0;
    assert_int_equal(read_msg("/dev/zero", &opt, msg, sizeof msg), RM_INVALID);
    assert_non_null(strstr(msg, "limit of 4096 bytes"));
    rm_file_set_max_bytes(0);
    assert_int_equal(rm_file_max_bytes(), RM_FILE_MAX_DEFAULT);
}

static void big_file_is_refused_before_reading(void **state)
{
    (void)state;
    /* A sparse 4 GiB file: the old reader read it whole (4 GB resident). */
    int fd = open("big.obj", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)4 << 30), 0);
    close(fd);
    alarm(10);
    char msg[300];
    assert_int_equal(read_msg("big.obj", NULL, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "big.obj: error: 4294967296 bytes, more than the limit of "
                             "1073741824 bytes (--max-input raises it)");
    alarm(0);
    /* At the limit is fine, one byte over is not. */
    fs_put("ten.txt", "0123456789");
    rm_file_set_max_bytes(10);
    assert_int_equal(read_msg("ten.txt", NULL, msg, sizeof msg), RM_OK);
    fs_put("eleven.txt", "0123456789A");
    assert_int_equal(read_msg("eleven.txt", NULL, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "eleven.txt: error: 11 bytes, more than the limit of 10 bytes "
                             "(--max-input raises it)");
    rm_file_set_max_bytes(0);
    /* The head of a big file is read without the rest. */
    rm_diag d;
    rm_diag_init(&d);
    uint8_t head[8];
    size_t n = 0;
    assert_int_equal(rm_file_read_head("big.obj", head, sizeof head, &n, &d), RM_OK);
    assert_int_equal(n, 8);
    assert_int_equal(rm_file_read_head("ten.txt", head, sizeof head, &n, &d), RM_OK);
    assert_memory_equal(head, "01234567", 8);
    assert_int_equal(rm_file_read_head("missing", head, sizeof head, &n, &d), RM_IO);
    rm_diag_free(&d);
}

static void dash_reads_stdin(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    assert_int_equal(write(p[1], "v 1 2 3\n", 8), 8);
    close(p[1]);
    int saved = dup(STDIN_FILENO);
    dup2(p[0], STDIN_FILENO);
    close(p[0]);
    rm_diag d;
    rm_diag_init(&d);
    rm_file_read_options opt = {.allow_stream = true};
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read_ex("-", &opt, &data, &size, &d);
    dup2(saved, STDIN_FILENO);
    close(saved);
    assert_int_equal(st, RM_OK);
    assert_int_equal(size, 8);
    assert_memory_equal(data, "v 1 2 3\n", 8);
    assert_int_equal(data[8], 0);
    free(data);
    rm_diag_free(&d);
}

static void fifo_is_read_when_streams_are_allowed(void **state)
{
    (void)state;
    assert_int_equal(mkfifo("pipe", 0644), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open("pipe", O_WRONLY);
        _exit(fd >= 0 && write(fd, "abc", 3) == 3 ? 0 : 1);
    }
    rm_diag d;
    rm_diag_init(&d);
    rm_file_read_options opt = {.allow_stream = true};
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(rm_file_read_ex("pipe", &opt, &data, &size, &d), RM_OK);
    assert_int_equal(size, 3);
    assert_memory_equal(data, "abc", 3);
    free(data);
    int status;
    waitpid(pid, &status, 0);
    rm_diag_free(&d);
}

/* ---- rm_file_map_open: a regular file mapped, everything else read ---- */

/* A file of `n` bytes, each its offset's low 7 bits plus one (never 0). */
static void put_bytes(const char *path, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    for (size_t i = 0; i < n; i++)
        fputc((int)((i & 0x7f) + 1), f);
    assert_int_equal(fclose(f), 0);
}

static void check_bytes(const uint8_t *data, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (data[i] != (uint8_t)((i & 0x7f) + 1))
            fail_msg("byte %zu is %u", i, data[i]);
    assert_int_equal(data[n], 0);      /* the zero byte after the end */
}

static void map_regular_file(void **state)
{
    (void)state;
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096;
    /* Inside a page, exactly a page (the zero byte is then a page of its
       own), and several pages and a bit. */
    const size_t sizes[] = {1, 100, page, 2 * page, 3 * page + 7};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        put_bytes("m.bin", sizes[k]);
        rm_diag d;
        rm_diag_init(&d);
        rm_file_map map;
        assert_int_equal(rm_file_map_open("m.bin", NULL, &map, &d), RM_OK);
        assert_true(map.mapped);
        assert_int_equal(map.size, sizes[k]);
        check_bytes(map.data, map.size);
        assert_int_equal(d.count, 0);
        rm_file_map_close(&map);
        assert_null(map.data);
        assert_int_equal(map.size, 0);
        assert_false(map.mapped);
        rm_file_map_close(&map);       /* closing twice is harmless */
        rm_diag_free(&d);
    }
    /* The mapping is private and read-only: the file is never written
       through it (a write faults, in a child). */
    put_bytes("m.bin", 10);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGSEGV, SIG_DFL);       /* not cmocka's handler: the child dies */
        signal(SIGBUS, SIG_DFL);
        rm_diag d;
        rm_diag_init(&d);
        rm_file_map map;
        if (rm_file_map_open("m.bin", NULL, &map, &d) != RM_OK)
            _exit(1);
        ((volatile uint8_t *)map.data)[0] = 'X';
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    uint8_t *data;
    size_t size;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_file_read("m.bin", &data, &size, &d), RM_OK);
    check_bytes(data, size);
    free(data);
    rm_diag_free(&d);
}

static void map_empty_and_unmappable_files_are_read(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_file_map map;
    fs_put("empty.obj", "");
    assert_int_equal(rm_file_map_open("empty.obj", NULL, &map, &d), RM_OK);
    assert_false(map.mapped);
    assert_int_equal(map.size, 0);
    assert_non_null(map.data);
    assert_int_equal(map.data[0], 0);
    rm_file_map_close(&map);
    /* A file that says 0 bytes and holds some (/proc): read to its end. */
    assert_int_equal(rm_file_map_open("/proc/self/status", NULL, &map, &d), RM_OK);
    assert_false(map.mapped);
    assert_true(map.size > 0);
    assert_non_null(strstr((const char *)map.data, "Name:"));
    rm_file_map_close(&map);
    /* A file system that cannot map its files (sysfs: 4096 bytes said,
       mmap refused): read instead, the same bytes as rm_file_read. */
    struct stat st;
    const char *sys = "/sys/devices/system/cpu/online";
    if (stat(sys, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        uint8_t *data;
        size_t size;
        assert_int_equal(rm_file_read(sys, &data, &size, &d), RM_OK);
        assert_int_equal(rm_file_map_open(sys, NULL, &map, &d), RM_OK);
        assert_false(map.mapped);
        assert_int_equal(map.size, size);
        assert_memory_equal(map.data, data, size);
        assert_int_equal(map.data[map.size], 0);
        rm_file_map_close(&map);
        free(data);
    }
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
}

/* The first message of a map of `path`, and its status; a failed map is
   closed. */
static rm_status map_msg(const char *path, const rm_file_read_options *opt, char *msg, size_t cap)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_file_map map;
    memset(&map, 0xff, sizeof map);
    rm_status st = rm_file_map_open(path, opt, &map, &d);
    msg[0] = 0;
    if (d.count)
        snprintf(msg, cap, "%s", d.items[0].text);
    if (st != RM_OK) {
        assert_null(map.data);
        assert_int_equal(map.size, 0);
        assert_false(map.mapped);
    }
    rm_file_map_close(&map);
    rm_diag_free(&d);
    return st;
}

/* Every refusal is rm_file_read_ex's, word for word. */
static void map_refuses_as_read_does(void **state)
{
    (void)state;
    char msg[300], want[300];
    assert_int_equal(map_msg("/nonexistent/file.obj", NULL, msg, sizeof msg), RM_IO);
    assert_string_equal(msg, "/nonexistent/file.obj: error: cannot open: No such file or directory");
    assert_int_equal(mkdir("folder", 0755), 0);
    assert_int_equal(map_msg("folder", NULL, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "folder: error: this is a folder, not a file");
    rm_file_read_options streams = {.allow_stream = true};
    assert_int_equal(map_msg("folder", &streams, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "folder: error: this is a folder, not a file");
    assert_int_equal(map_msg("/dev/zero", NULL, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "/dev/zero: error: this is a character device, not a file");
    assert_int_equal(mkfifo("pipe", 0644), 0);
    alarm(10);
    assert_int_equal(map_msg("pipe", NULL, msg, sizeof msg), RM_INVALID);
    alarm(0);
    assert_string_equal(msg, "pipe: error: this is a FIFO (named pipe), not a file");
    assert_int_equal(map_msg("-", NULL, msg, sizeof msg), RM_IO);
    assert_string_equal(msg, "-: error: cannot open: No such file or directory");

    /* Over the limit: refused before a byte is mapped; at it is fine. */
    fs_put("eleven.txt", "0123456789A");
    rm_file_read_options ten = {.max_bytes = 10};
    assert_int_equal(map_msg("eleven.txt", &ten, msg, sizeof msg), RM_INVALID);
    assert_int_equal(read_msg("eleven.txt", &ten, want, sizeof want), RM_INVALID);
    assert_string_equal(msg, want);
    assert_string_equal(msg, "eleven.txt: error: 11 bytes, more than the limit of 10 bytes "
                             "(--max-input raises it)");
    rm_file_set_max_bytes(11);
    assert_int_equal(map_msg("eleven.txt", NULL, msg, sizeof msg), RM_OK);
    rm_file_set_max_bytes(10);
    assert_int_equal(map_msg("eleven.txt", NULL, msg, sizeof msg), RM_INVALID);
    rm_file_set_max_bytes(0);
    int fd = open("big.obj", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)4 << 30), 0);
    close(fd);
    assert_int_equal(map_msg("big.obj", NULL, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "big.obj: error: 4294967296 bytes, more than the limit of "
                             "1073741824 bytes (--max-input raises it)");
    /* A stream over the limit stops as the read does. */
    rm_file_read_options small = {.max_bytes = 4096, .allow_stream = true};
    assert_int_equal(map_msg("/dev/zero", &small, msg, sizeof msg), RM_INVALID);
    assert_string_equal(msg, "/dev/zero: error: more than the limit of 4096 bytes "
                             "(--max-input raises it)");
}

/* "-" on a pipe (and a FIFO, with streams allowed) is read, not mapped. */
static void map_reads_pipes(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    assert_int_equal(write(p[1], "v 1 2 3\n", 8), 8);
    close(p[1]);
    int saved = dup(STDIN_FILENO);
    dup2(p[0], STDIN_FILENO);
    close(p[0]);
    rm_diag d;
    rm_diag_init(&d);
    rm_file_read_options opt = {.allow_stream = true};
    rm_file_map map;
    rm_status st = rm_file_map_open("-", &opt, &map, &d);
    dup2(saved, STDIN_FILENO);
    close(saved);
    assert_int_equal(st, RM_OK);
    assert_false(map.mapped);
    assert_int_equal(map.size, 8);
    assert_memory_equal(map.data, "v 1 2 3\n", 9);
    rm_file_map_close(&map);

    assert_int_equal(mkfifo("pipe", 0644), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open("pipe", O_WRONLY);
        _exit(fd >= 0 && write(fd, "abc", 3) == 3 ? 0 : 1);
    }
    assert_int_equal(rm_file_map_open("pipe", &opt, &map, &d), RM_OK);
    assert_false(map.mapped);
    assert_int_equal(map.size, 3);
    assert_memory_equal(map.data, "abc", 4);
    rm_file_map_close(&map);
    int status;
    waitpid(pid, &status, 0);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
}

/* rm_file_write_atomic is a one-file output set: links, modes, devices. */
static void write_atomic_keeps_links_modes_and_devices(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    fs_put("target.jom", "old");
    chmod("target.jom", 0600);
    assert_int_equal(symlink("target.jom", "link.jom"), 0);
    assert_int_equal(rm_file_write_atomic("link.jom", "new", 3, &d), RM_OK);
    assert_true(S_ISLNK(fs_lmode("link.jom")));
    assert_string_equal(fs_get("target.jom"), "new");
    assert_int_equal(fs_lmode("target.jom") & 07777, 0600);

    assert_int_equal(rm_file_write_atomic("/dev/null", "x", 1, &d), RM_OK);
    assert_true(S_ISCHR(fs_lmode("/dev/null")));
    assert_int_equal(rm_file_write_atomic("/dev/full", "x", 1, &d), RM_IO);
    assert_true(S_ISCHR(fs_lmode("/dev/full")));

    assert_int_equal(mkfifo("pipe", 0644), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open("pipe", O_RDONLY);
        char buf[8];
        _exit(fd >= 0 && read(fd, buf, sizeof buf) == 4 && !memcmp(buf, "fifo", 4) ? 0 : 1);
    }
    assert_int_equal(rm_file_write_atomic("pipe", "fifo", 4, &d), RM_OK);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_true(S_ISFIFO(fs_lmode("pipe")));
    assert_int_equal(fs_count("."), 3);
    rm_diag_free(&d);
}

static int teardown(void **state)
{
    (void)state;
    rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(write_then_read),
        cmocka_unit_test(failed_write_leaves_nothing),
        cmocka_unit_test(read_missing_is_io_error),
        cmocka_unit_test_setup_teardown(fifo_is_refused_without_blocking, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(other_kinds_are_refused, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(endless_stream_stops_at_the_limit, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(big_file_is_refused_before_reading, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(dash_reads_stdin, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(fifo_is_read_when_streams_are_allowed, fs_enter,
                                        fs_leave),
        cmocka_unit_test_setup_teardown(write_atomic_keeps_links_modes_and_devices, fs_enter,
                                        fs_leave),
        cmocka_unit_test_setup_teardown(map_regular_file, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(map_empty_and_unmappable_files_are_read, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(map_refuses_as_read_does, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(map_reads_pipes, fs_enter, fs_leave),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
