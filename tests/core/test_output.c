/* The output set: never over an input whatever the spelling, links and
   devices kept, all outputs or none, nothing left behind on failure, on
   rm_output_set_free or on a signal. Each test runs in a fresh folder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/fs_util.h"
#include "retromesh/output.h"

/* The status of checking `out` as an output of a set that reads `in`;
   *msg gets the first message (static). */
static rm_status check_against(const char *in, const char *out, const char **msg)
{
    static char text[512];
    rm_output_set *s = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    assert_non_null(s);
    assert_int_equal(rm_output_add_input(s, in), RM_OK);
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_output_check(s, out, &d);
    text[0] = 0;
    if (d.count)
        snprintf(text, sizeof text, "%s", d.items[0].text);
    if (msg)
        *msg = text;
    rm_diag_free(&d);
    rm_output_set_free(s);
    return st;
}

static void output_over_input_any_spelling(void **state)
{
    (void)state;
    fs_put("model.obj", "v 0 0 0\n");
    assert_int_equal(mkdir("sub", 0755), 0);
    assert_int_equal(symlink("model.obj", "link.obj"), 0);
    assert_int_equal(link("model.obj", "hard.obj"), 0);
    char abs[600];
    snprintf(abs, sizeof abs, "%s//model.obj", fs_dir);
    const char *spellings[] = {"model.obj", "./model.obj", "sub/../model.obj", ".//model.obj",
                               abs, "link.obj", "hard.obj", "sub/./..//model.obj"};
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        const char *msg;
        assert_int_equal(check_against("model.obj", spellings[i], &msg), RM_USAGE);
        char want[700];
        snprintf(want, sizeof want,
                 "%s: error: this is model.obj, which the command reads: choose another "
                 "output name", spellings[i]);
        assert_string_equal(msg, want);
    }
    /* The input spelled another way, the output plainly. */
    assert_int_equal(check_against("sub/../link.obj", "hard.obj", NULL), RM_USAGE);
    assert_int_equal(check_against(abs, "model.obj", NULL), RM_USAGE);
    /* Another file is fine, and so is a file that only shares the name. */
    assert_int_equal(check_against("model.obj", "model.jom", NULL), RM_OK);
    assert_int_equal(check_against("model.obj", "sub/model.obj", NULL), RM_OK);
    assert_string_equal(fs_get("model.obj"), "v 0 0 0\n");
}

static void output_over_planned_input(void **state)
{
    (void)state;
    /* WALL.BIN does not exist yet: a skeleton of that name is to be read
       and a texture of that name written. */
    assert_int_equal(mkdir("cd", 0755), 0);
    assert_int_equal(check_against("cd/WALL.BIN", "./cd//WALL.BIN", NULL), RM_USAGE);
    assert_int_equal(check_against("cd/../cd/WALL.BIN", "cd/WALL.BIN", NULL), RM_USAGE);
    /* Folders that do not exist either. */
    assert_int_equal(check_against("new/a/../WALL.BIN", "new/WALL.BIN", NULL), RM_USAGE);
    /* Through a link to the folder. */
    assert_int_equal(symlink("cd", "cdlink"), 0);
    assert_int_equal(check_against("cdlink/WALL.BIN", "cd/WALL.BIN", NULL), RM_USAGE);
    assert_int_equal(check_against("cd/WALL.BIN", "cd/ROOF.BIN", NULL), RM_OK);

    /* rm_output_add refuses it too, and writes nothing. */
    rm_output_set *s = rm_output_set_new();
    rm_output_add_input(s, "cd/WALL.BIN");
    rm_diag d;
    rm_diag_init(&d);
    const char *which = NULL;
    assert_true(rm_output_is_input(s, "cdlink/./WALL.BIN", &which));
    assert_string_equal(which, "cd/WALL.BIN");
    assert_int_equal(rm_output_add(s, "cdlink/WALL.BIN", "x", 1, &d), RM_USAGE);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    assert_int_equal(fs_count("cd"), 0);
    rm_diag_free(&d);
}

static void output_given_twice(void **state)
{
    (void)state;
    rm_output_set *s = rm_output_set_new();
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_output_check(s, "out.jom", &d), RM_OK);
    assert_int_equal(rm_output_check(s, "out.jom", &d), RM_USAGE);
    assert_string_equal(d.items[0].text, "out.jom: error: written twice by one command");
    assert_int_equal(rm_output_check(s, "./x/../out.jom", &d), RM_USAGE);
    assert_string_equal(d.items[1].text,
                        "./x/../out.jom: error: written twice by one command (also as out.jom)");
    assert_int_equal(rm_output_check(s, "-", &d), RM_OK);
    assert_int_equal(rm_output_check(s, "-", &d), RM_USAGE);
    /* The null device takes any number of outputs. */
    assert_int_equal(rm_output_check(s, "/dev/null", &d), RM_OK);
    assert_int_equal(rm_output_check(s, "/dev/null", &d), RM_OK);
    /* A reserved name is staged by rm_output_add without complaint. */
    assert_int_equal(rm_output_add(s, "out.jom", "abc", 3, &d), RM_OK);
    assert_int_equal(rm_output_add(s, "out.jom", "abc", 3, &d), RM_USAGE);
    rm_output_set_free(s);
    assert_int_equal(fs_count("."), 0);
    rm_diag_free(&d);
}

static void commit_writes_all_and_new_modes(void **state)
{
    (void)state;
    mode_t old = umask(027);
    rm_output_set *s = rm_output_set_new();
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_output_add(s, "a.jom", "first", 5, &d), RM_OK);
    FILE *f = rm_output_open(s, "b.obj", &d);
    assert_non_null(f);
    fprintf(f, "v %d 0 0\n", 1);
    /* Not visible before the commit. */
    assert_int_equal(access("a.jom", F_OK), -1);
    assert_int_equal(access("b.obj", F_OK), -1);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    umask(old);
    assert_string_equal(fs_get("a.jom"), "first");
    assert_string_equal(fs_get("b.obj"), "v 1 0 0\n");
    assert_int_equal(fs_lmode("a.jom") & 07777, 0640);  /* 0666 less the umask */
    assert_int_equal(fs_lmode("b.obj") & 07777, 0640);
    assert_int_equal(fs_count("."), 2);
    assert_int_equal(d.count, 0);
    rm_diag_free(&d);
}

static void existing_mode_is_kept(void **state)
{
    (void)state;
    fs_put("secret.jom", "old");
    fs_put("run.sh", "old");
    chmod("secret.jom", 0600);
    chmod("run.sh", 0755);
    rm_diag d;
    rm_diag_init(&d);
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "secret.jom", "new", 3, &d), RM_OK);
    assert_int_equal(rm_output_add(s, "run.sh", "new", 3, &d), RM_OK);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    assert_string_equal(fs_get("secret.jom"), "new");
    assert_int_equal(fs_lmode("secret.jom") & 07777, 0600);
    assert_int_equal(fs_lmode("run.sh") & 07777, 0755);
    rm_diag_free(&d);
}

static void symlink_stays_a_link(void **state)
{
    (void)state;
    assert_int_equal(mkdir("real", 0755), 0);
    fs_put("real/target.jom", "old");
    chmod("real/target.jom", 0640);
    assert_int_equal(symlink("real/target.jom", "link.jom"), 0);
    assert_int_equal(symlink("link.jom", "link2.jom"), 0);   /* a chain */
    assert_int_equal(symlink("real/absent.jom", "dangling.jom"), 0);
    rm_diag d;
    rm_diag_init(&d);
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "link2.jom", "new", 3, &d), RM_OK);
    assert_int_equal(rm_output_add(s, "dangling.jom", "made", 4, &d), RM_OK);
    /* The temporary files are beside the targets, in real/. */
    assert_true(fs_has_prefix("real", ".target.jom."));
    assert_false(fs_has_prefix(".", ".link"));
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    assert_true(S_ISLNK(fs_lmode("link2.jom")));
    assert_true(S_ISLNK(fs_lmode("link.jom")));
    assert_true(S_ISLNK(fs_lmode("dangling.jom")));
    assert_string_equal(fs_get("real/target.jom"), "new");
    assert_string_equal(fs_get("real/absent.jom"), "made");
    assert_int_equal(fs_lmode("real/target.jom") & 07777, 0640);
    assert_int_equal(fs_count("real"), 2);
    assert_int_equal(fs_count("."), 4);
    rm_diag_free(&d);
}

static void devices_are_streamed(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "/dev/null", "abc", 3, &d), RM_OK);
    FILE *f = rm_output_open(s, "/dev/null", &d);
    assert_non_null(f);
    fputs("more", f);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    assert_true(S_ISCHR(fs_lmode("/dev/null")));
    assert_false(fs_has_prefix("/dev", ".null."));

    /* /dev/full takes nothing: the commit says so and /dev/full stays. */
    s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "/dev/full", "abc", 3, &d), RM_OK);
    assert_int_equal(rm_output_commit(s, &d), RM_IO);
    rm_output_set_free(s);
    assert_string_equal(d.items[d.count - 1].text,
                        "/dev/full: error: cannot write: No space left on device");
    s = rm_output_set_new();
    f = rm_output_open(s, "/dev/full", &d);
    assert_non_null(f);
    fputs("buffered", f);
    assert_int_equal(rm_output_commit(s, &d), RM_IO);
    rm_output_set_free(s);
    assert_string_equal(d.items[d.count - 1].text,
                        "/dev/full: error: cannot write: No space left on device");
    assert_true(S_ISCHR(fs_lmode("/dev/full")));
    assert_false(fs_has_prefix("/dev", ".full."));
    rm_diag_free(&d);
}

/* A child that reads the FIFO `path` to its end into `copy`. */
static pid_t fifo_reader(const char *path, const char *copy)
{
    pid_t pid = fork();
    if (pid == 0) {
        int in = open(path, O_RDONLY);
        int out = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        char buf[256];
        ssize_t n;
        while (in >= 0 && (n = read(in, buf, sizeof buf)) > 0)
            if (write(out, buf, (size_t)n) != n)
                _exit(1);
        _exit(in >= 0 && out >= 0 ? 0 : 1);
    }
    return pid;
}

static void fifo_is_streamed(void **state)
{
    (void)state;
    assert_int_equal(mkfifo("pipe", 0644), 0);
    rm_diag d;
    rm_diag_init(&d);
    for (int use_open = 0; use_open < 2; use_open++) {
        pid_t pid = fifo_reader("pipe", "got.txt");
        assert_true(pid > 0);
        rm_output_set *s = rm_output_set_new();
        if (use_open) {
            FILE *f = rm_output_open(s, "pipe", &d);
            assert_non_null(f);
            fputs("hello", f);
        } else {
            assert_int_equal(rm_output_add(s, "pipe", "hello", 5, &d), RM_OK);
        }
        assert_int_equal(rm_output_commit(s, &d), RM_OK);
        rm_output_set_free(s);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        assert_string_equal(fs_get("got.txt"), "hello");
        assert_true(S_ISFIFO(fs_lmode("pipe")));
        assert_int_equal(fs_count("."), 2);     /* pipe and got.txt: no temporary */
        unlink("got.txt");
    }
    rm_diag_free(&d);
}

/* Runs `fn` with file descriptor 1 on the file `path`, then puts it back. */
static rm_status with_stdout_on(const char *path, rm_status (*fn)(rm_diag *), rm_diag *d)
{
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(saved >= 0 && fd >= 0);
    dup2(fd, STDOUT_FILENO);
    close(fd);
    rm_status st = fn(d);
    fflush(stdout);
    clearerr(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    return st;
}

static rm_status write_dash(rm_diag *d)
{
    rm_output_set *s = rm_output_set_new();
    rm_status st = rm_output_add(s, "-", "to stdout", 9, d);
    if (st == RM_OK)
        st = rm_output_add(s, "file.jom", "to a file", 9, d);
    if (st == RM_OK)
        st = rm_output_commit(s, d);
    rm_output_set_free(s);
    return st;
}

static rm_status write_dev_stdout(rm_diag *d)
{
    rm_output_set *s = rm_output_set_new();
    FILE *f = rm_output_open(s, "/dev/stdout", d);
    rm_status st = f ? RM_OK : RM_IO;
    if (f) {
        fputs("via /dev/stdout", f);
        st = rm_output_commit(s, d);
    }
    rm_output_set_free(s);
    return st;
}

static void dash_is_stdout(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(with_stdout_on("captured.txt", write_dash, &d), RM_OK);
    assert_string_equal(fs_get("captured.txt"), "to stdout");
    assert_string_equal(fs_get("file.jom"), "to a file");
    assert_int_equal(access("-", F_OK), -1);    /* no file named "-" */
    /* /dev/stdout is the standard output too, never a file renamed over the
       link (or over what fd 1 was opened on). */
    assert_int_equal(with_stdout_on("captured.txt", write_dev_stdout, &d), RM_OK);
    assert_string_equal(fs_get("captured.txt"), "via /dev/stdout");
    assert_true(S_ISLNK(fs_lmode("/dev/stdout")));
    assert_false(fs_has_prefix("/dev", ".stdout."));
    /* A full stdout is an I/O error naming stdout. */
    assert_int_equal(with_stdout_on("/dev/full", write_dash, &d), RM_IO);
    assert_string_equal(d.items[d.count - 1].text,
                        "stdout: error: cannot write: No space left on device");
    assert_int_equal(d.count, 1);
    rm_diag_free(&d);
}

static void failed_commit_leaves_nothing(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    fs_put("keep.jom", "old");
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "b.jom", "b", 1, &d), RM_OK);
    assert_int_equal(rm_output_add(s, "tex/A.BIN", "a", 1, &d), RM_OK);
    assert_int_equal(rm_output_add(s, "keep.jom", "new", 3, &d), RM_OK);
    /* The first rename will fail: a folder took the name meanwhile. */
    assert_int_equal(mkdir("b.jom", 0755), 0);
    assert_int_equal(rm_output_commit(s, &d), RM_IO);
    assert_int_equal(d.errors, 1);
    assert_non_null(strstr(d.items[0].text, "b.jom: error: cannot write: "));
    rm_output_set_free(s);
    /* No temporary file, no output of the set, the folder it made gone. */
    assert_int_equal(fs_count("."), 2);
    assert_int_equal(fs_count("b.jom"), 0);
    assert_int_equal(access("tex", F_OK), -1);
    assert_string_equal(fs_get("keep.jom"), "old");

    /* A folder as an output fails when staged; freeing the set removes
       what was staged before it. */
    s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "new.jom", "n", 1, &d), RM_OK);
    assert_int_equal(rm_output_add(s, "b.jom", "b", 1, &d), RM_IO);
    assert_string_equal(d.items[d.count - 1].text, "b.jom: error: cannot write: Is a directory");
    rm_output_set_free(s);
    assert_int_equal(fs_count("."), 2);
    rm_diag_free(&d);
}

static void free_without_commit_leaves_nothing(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "a.jom", "a", 1, &d), RM_OK);
    assert_int_equal(rm_output_add(s, "deep/er/b.jom", "b", 1, &d), RM_OK);
    FILE *f = rm_output_open(s, "c.obj", &d);
    assert_non_null(f);
    fputs("v 0 0 0\n", f);
    assert_int_equal(rm_output_add_dir(s, "extract/textures", &d), RM_OK);
    assert_true(fs_count(".") > 0);     /* the temporary files */
    rm_output_set_free(s);
    assert_int_equal(fs_count("."), 0);
    rm_diag_free(&d);
}

static void made_folders(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add_dir(s, "out/empty", &d), RM_OK);
    assert_int_equal(rm_output_add(s, "out/tex/A.BIN", "a", 1, &d), RM_OK);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    assert_int_equal(fs_count("out/empty"), 0);
    assert_string_equal(fs_get("out/tex/A.BIN"), "a");

    /* A failed commit removes the folders it made, and only those. */
    s = rm_output_set_new();
    assert_int_equal(rm_output_add_dir(s, "x/y", &d), RM_OK);
    assert_int_equal(rm_output_add(s, "fail.jom", "f", 1, &d), RM_OK);
    assert_int_equal(rm_output_add(s, "out/z/B.BIN", "b", 1, &d), RM_OK);
    assert_int_equal(mkdir("fail.jom", 0755), 0);
    assert_int_equal(rm_output_commit(s, &d), RM_IO);
    rm_output_set_free(s);
    assert_int_equal(access("x", F_OK), -1);
    assert_int_equal(access("out/z", F_OK), -1);
    assert_int_equal(fs_count("out"), 2);
    /* A file where a folder is needed. */
    fs_put("plain", "");
    s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "plain/C.BIN", "c", 1, &d), RM_IO);
    assert_string_equal(d.items[d.count - 1].text, "plain/C.BIN: error: cannot write: Not a directory");
    rm_output_set_free(s);

    /* rm_file-style sets that may not make folders. */
    s = rm_output_set_new_flags(RM_OUTPUT_NO_MKDIR);
    assert_int_equal(rm_output_add(s, "nowhere/D.BIN", "d", 1, &d), RM_IO);
    rm_output_set_free(s);
    assert_int_equal(access("nowhere", F_OK), -1);
    rm_diag_free(&d);
}

/* Default flags reach every set made after they are set, with its own
   flags, and sets made before keep theirs. NO_MKDIR shows it (an fsync
   cannot be seen from here: tests/cli/no_sync.sh counts them with strace). */
static void default_flags_reach_every_new_set(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_output_default_flags(), 0);
    rm_output_set *before = rm_output_set_new();
    rm_output_set_default_flags(RM_OUTPUT_NO_MKDIR | RM_OUTPUT_NO_SYNC);
    assert_int_equal(rm_output_default_flags(), RM_OUTPUT_NO_MKDIR | RM_OUTPUT_NO_SYNC);
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "nowhere/A.BIN", "a", 1, &d), RM_IO);
    rm_output_set_free(s);
    s = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
    assert_int_equal(rm_output_add(s, "nowhere/B.BIN", "b", 1, &d), RM_IO);
    rm_output_set_free(s);
    assert_int_equal(access("nowhere", F_OK), -1);
    /* Without the fsync the files are the same. */
    s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "C.BIN", "c", 1, &d), RM_OK);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    assert_string_equal(fs_get("C.BIN"), "c");
    assert_int_equal(rm_output_add(before, "made/D.BIN", "d", 1, &d), RM_OK);
    assert_int_equal(rm_output_commit(before, &d), RM_OK);
    rm_output_set_free(before);
    assert_string_equal(fs_get("made/D.BIN"), "d");
    rm_output_set_default_flags(0);
    assert_int_equal(rm_output_default_flags(), 0);
    s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "again/E.BIN", "e", 1, &d), RM_OK);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    assert_string_equal(fs_get("again/E.BIN"), "e");
    rm_diag_free(&d);
}

static void signal_removes_temporary_files(void **state)
{
    (void)state;
    for (int sig_i = 0; sig_i < 2; sig_i++) {
        int sig = sig_i ? SIGINT : SIGTERM;
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            rm_output_cleanup_on_signals();
            rm_output_set *s = rm_output_set_new();
            rm_diag d;
            rm_diag_init(&d);
            if (rm_output_add(s, "OUT.JOM", "x", 1, &d) != RM_OK ||
                rm_output_add(s, "made/deeper/A.BIN", "a", 1, &d) != RM_OK ||
                !rm_output_open(s, "c.obj", &d))
                _exit(2);
            if (!fs_has_prefix(".", ".OUT.JOM.") || access("made/deeper", F_OK) != 0)
                _exit(3);
            raise(sig);
            _exit(4);   /* not reached: the signal ends the process */
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));
        assert_int_equal(WTERMSIG(status), sig);
        assert_int_equal(fs_count("."), 0);
    }
}

static void finish_stdout_reports_write_errors(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open("/dev/full", O_WRONLY);
        dup2(fd, STDOUT_FILENO);
        printf("a line that cannot be written\n");
        rm_diag d;
        rm_diag_init(&d);
        rm_status st = rm_output_finish_stdout(&d);
        int ok = st == RM_IO && d.count == 1 &&
                 !strcmp(d.items[0].text, "stdout: error: cannot write: No space left on device");
        /* Nothing written: nothing to report. */
        clearerr(stdout);
        int fd2 = open("/dev/null", O_WRONLY);
        dup2(fd2, STDOUT_FILENO);
        ok = ok && rm_output_finish_stdout(&d) == RM_OK;
        _exit(ok ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

static void many_outputs_few_descriptors(void **state)
{
    (void)state;
    /* A model with hundreds of textures: staged files hold no descriptor. */
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct rlimit rl = {32, 32};
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
            _exit(2);
        rm_output_set *s = rm_output_set_new_flags(RM_OUTPUT_NO_SYNC);
        rm_diag d;
        rm_diag_init(&d);
        for (int i = 0; i < 300; i++) {
            char name[32];
            snprintf(name, sizeof name, "tex/T%03d.BIN", i);
            if (rm_output_add(s, name, name, strlen(name), &d) != RM_OK)
                _exit(3);
        }
        if (rm_output_commit(s, &d) != RM_OK)
            _exit(4);
        rm_output_set_free(s);
        rm_diag_free(&d);
        _exit(fs_count("tex") == 300 && !strcmp(fs_get("tex/T123.BIN"), "tex/T123.BIN") ? 0 : 5);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

static void odd_names(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    /* A name near NAME_MAX: the temporary name is shortened, not refused. */
    char longname[251];
    memset(longname, 'n', 250);
    longname[250] = 0;
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, longname, "long", 4, &d), RM_OK);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    assert_string_equal(fs_get(longname), "long");
    /* A loop of links is an I/O error, and nothing is written. */
    assert_int_equal(symlink("loop_b", "loop_a"), 0);
    assert_int_equal(symlink("loop_a", "loop_b"), 0);
    s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, "loop_a", "x", 1, &d), RM_IO);
    assert_string_equal(d.items[d.count - 1].text,
                        "loop_a: error: cannot write: Too many levels of symbolic links");
    rm_output_set_free(s);
    assert_int_equal(fs_count("."), 3);
    /* An empty name is a usage error. */
    s = rm_output_set_new();
    assert_int_equal(rm_output_check(s, "", &d), RM_USAGE);
    rm_output_set_free(s);
    rm_diag_free(&d);
}

static void own_descriptor_is_written_where_it_is(void **state)
{
    (void)state;
    /* /dev/fd/N is descriptor N as it is: an appending log is appended to,
       not truncated nor replaced. */
    fs_put("log.txt", "first\n");
    int fd = open("log.txt", O_WRONLY | O_APPEND);
    assert_true(fd >= 0);
    char name[64];
    snprintf(name, sizeof name, "/dev/fd/%d", fd);
    rm_diag d;
    rm_diag_init(&d);
    rm_output_set *s = rm_output_set_new();
    assert_int_equal(rm_output_add(s, name, "second\n", 7, &d), RM_OK);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    s = rm_output_set_new();
    snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
    FILE *f = rm_output_open(s, name, &d);
    assert_non_null(f);
    fputs("third\n", f);
    assert_int_equal(rm_output_commit(s, &d), RM_OK);
    rm_output_set_free(s);
    close(fd);
    assert_string_equal(fs_get("log.txt"), "first\nsecond\nthird\n");
    assert_int_equal(fs_count("."), 1);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(output_over_input_any_spelling, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(output_over_planned_input, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(output_given_twice, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(commit_writes_all_and_new_modes, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(existing_mode_is_kept, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(symlink_stays_a_link, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(devices_are_streamed, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(fifo_is_streamed, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(dash_is_stdout, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(failed_commit_leaves_nothing, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(free_without_commit_leaves_nothing, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(made_folders, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(default_flags_reach_every_new_set, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(signal_removes_temporary_files, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(finish_stdout_reports_write_errors, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(many_outputs_few_descriptors, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(odd_names, fs_enter, fs_leave),
        cmocka_unit_test_setup_teardown(own_descriptor_is_written_where_it_is, fs_enter,
                                        fs_leave),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
