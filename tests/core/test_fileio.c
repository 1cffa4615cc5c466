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
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
