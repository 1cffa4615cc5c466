/* fuzz/fuzz_cli.c - libFuzzer target for the command line: rm_cli_main
   (tools/cli_main.c) with the tool's sources, as `retromesh WORDS...`.

   The bytes are text split at blanks into at most 12 words (argv[1..]);
   the dictionary (fuzz/cli.dict) gives the commands, every option and the
   names of the scratch folder the run is in: m.obj (+ m.mtl, t.png), M.JOM
   (+ T.BIN), q.nif, L.JOL and its l.json, s.json (a skeleton), cd/ (M.JOM,
   T.BIN, L.JOL). Standard input reads /dev/null, standard output and error
   go to /dev/null (dup2; FUZZ_CLI_SHOW=1 keeps standard error and prints
   each exit status), the working folder is the scratch folder during
   the run and is restored after it.

   Words that could reach outside the folder are not run: any '/' (so no
   absolute path, no "../x", no "--cd=/x") and ".." itself; nor numbers of
   5 digits or more (a 4096x4096 render scaled 16 times is a 16 GB
   request, not a bug). Whatever else the words say: rm_cli_main returns an
   exit status of 0 to 3 (abort() otherwise), never exit()s (an atexit
   handler aborts when it does), never crashes. After each run whatever the
   command wrote is removed and the folder made as it was. */
#include "fuzz_common.h"

#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "retromesh/fileio.h"
#include "retromesh/level.h"
#include "retromesh/niff.h"
#include "retromesh/retromesh.h"

#define MAX_WORDS 12
#define MAX_WORD 96

static char root[64];
static int home_fd = -1, null_fd = -1;
static volatile int in_cli;
static bool show;   /* FUZZ_CLI_SHOW=1: keep stderr, print each exit status (to reproduce a finding) */

typedef struct saved_file {
    char name[32];
    uint8_t *bytes;
    size_t size;
} saved_file;
static saved_file saved[16];
static size_t saved_count;
static char listing[4096];

static void at_exit(void)
{
    if (in_cli) {
        static const char msg[] = "fuzz_cli: rm_cli_main called exit()\n";
        if (write(2, msg, sizeof msg - 1) < 0) {
        }
        abort();
    }
}

static void cleanup(void)
{
    if (root[0])
        fuzz_remove_tree(root, false);
}

static void keep(const char *name, const uint8_t *bytes, size_t size)
{
    saved_file *f = &saved[saved_count++];
    snprintf(f->name, sizeof f->name, "%s", name);
    f->bytes = malloc(size ? size : 1);
    if (!f->bytes)
        abort();
    memcpy(f->bytes, bytes, size);
    f->size = size;
}

/* The folder as it should be, from the saved bytes. */
static void restore(void)
{
    fuzz_remove_tree(root, true);
    char p[128];
    snprintf(p, sizeof p, "%s/cd", root);
    if (mkdir(p, 0755) != 0)
        abort();
    for (size_t i = 0; i < saved_count; i++) {
        snprintf(p, sizeof p, "%s/%s", root, saved[i].name);
        fuzz_write_file(p, saved[i].bytes, saved[i].size);
    }
}

/* Names, inodes, sizes and modification times of everything in the
   folder: a run that changed nothing leaves the same text. */
static void list_into(const char *dir, char *out, size_t size, size_t *len)
{
    DIR *d = opendir(dir);
    if (!d)
        abort();
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) != 0)
            continue;
        int n = snprintf(out + *len, size - *len, "%s %llu %lld %lld.%09ld\n", p, (unsigned long long)st.st_ino,
                         (long long)st.st_size, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
        if (n < 0 || (size_t)n >= size - *len) {
            out[0] = 0;   /* too much to list: it changed */
            break;
        }
        *len += (size_t)n;
        if (S_ISDIR(st.st_mode))
            list_into(p, out, size, len);
    }
    closedir(d);
}

static void list(char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    list_into(root, out, size, &len);
}

static void make_files(void)
{
    static const char obj[] = "mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0.5 0.5 1\n"
                              "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
                              "g body\nusemtl wall\nf 1/1 2/2 3/3 4/4\n"
                              "g top\nusemtl red\nf 1 2 5\nf 2 3 5\nf 3 4 5\nf 4 1 5\n";
    static const char mtl[] = "newmtl wall\nmap_Kd t.png\nnewmtl red\nKd 1 0 0\njo_gouraud 1\n";
    static const char skel[] = "{\"bones\": [{\"name\": \"a\", \"group\": \"body\"}, {\"name\": \"b\", \"parent\": \"a\","
                               " \"group\": \"top\"}], \"animations\": [{\"name\": \"w\", \"key_ticks\": 8, \"loop\": true,"
                               " \"keys\": [{\"root\": [0, 0, 0]}, {\"angles\": {\"b\": [0, 90, 0]}}]}]}\n";
    static const char level[] = "{\"name\": \"fuzz\", \"sections\": [{\"id\": \"CELL\", \"records\": "
                                "[{\"model\": \"M.JOM\"}]}], \"entities\": [{\"name\": \"e\", \"cls\": \"prop\","
                                " \"model\": \"M.JOM\"}]}\n";
    keep("m.obj", (const uint8_t *)obj, sizeof obj - 1);
    keep("m.mtl", (const uint8_t *)mtl, sizeof mtl - 1);
    keep("s.json", (const uint8_t *)skel, sizeof skel - 1);
    keep("l.json", (const uint8_t *)level, sizeof level - 1);

    rm_image img;
    if (rm_image_alloc(&img, 8, 8) != RM_OK)
        abort();
    for (size_t i = 0; i < 8 * 8 * 4; i++)
        img.rgba[i] = (uint8_t)(i % 4 == 3 ? 255 : i * 29);
    uint8_t *png = NULL;
    size_t png_size = 0;
    if (rm_image_encode_png(&img, &png, &png_size, NULL) != RM_OK)
        abort();
    rm_image_free(&img);
    keep("t.png", png, png_size);
    free(png);
    restore();   /* the OBJ needs its MTL and image on disk to read */

    rm_diag diag;
    rm_diag_init(&diag);
    char p[128];
    snprintf(p, sizeof p, "%s/m.obj", root);
    rm_mesh mesh;
    if (rm_obj_read_file(p, NULL, &mesh, &diag) != RM_OK)
        abort();
    rm_convert_options opt;
    rm_convert_options_default(&opt);
    rm_jom_model jom;
    rm_convert_result res;
    rm_convert_result_init(&res);
    if (rm_convert_mesh_to_jom_ex(&mesh, &opt, &jom, &res, &diag) != RM_OK || res.texture_count != 1)
        abort();
    uint8_t *bytes = NULL;
    size_t n = 0;
    if (rm_jom_write(&jom, &bytes, &n, &diag) != RM_OK)
        abort();
    keep("M.JOM", bytes, n);
    keep("cd/M.JOM", bytes, n);
    free(bytes);
    char bin[32];
    snprintf(bin, sizeof bin, "%s", res.textures[0].name);
    keep(bin, res.textures[0].bin, res.textures[0].bin_size);
    snprintf(bin, sizeof bin, "cd/%s", res.textures[0].name);
    keep(bin, res.textures[0].bin, res.textures[0].bin_size);
    rm_convert_result_free(&res);
    rm_jom_free(&jom);
    if (rm_niff_write_mesh(&mesh, NULL, &bytes, &n, &diag) != RM_OK)
        abort();
    keep("q.nif", bytes, n);
    free(bytes);
    rm_mesh_free(&mesh);
    if (rm_level_build_json(level, sizeof level - 1, "l.json", &bytes, &n, &diag) != RM_OK)
        abort();
    keep("L.JOL", bytes, n);
    keep("cd/L.JOL", bytes, n);
    free(bytes);
    rm_diag_free(&diag);
    restore();
}

static void setup(void)
{
    fuzz_scratch_dir(root, sizeof root, "rm_fuzz_cli_");
    atexit(cleanup);
    atexit(at_exit);
    home_fd = open(".", O_RDONLY | O_DIRECTORY);
    null_fd = open("/dev/null", O_RDWR);
    if (home_fd < 0 || null_fd < 0)
        abort();
    const char *sh = getenv("FUZZ_CLI_SHOW");
    show = sh && sh[0] == '1';
    make_files();
    list(listing, sizeof listing);
}

/* A word that stays in the folder. */
static bool safe_word(const char *w)
{
    if (strchr(w, '/') || !strcmp(w, ".."))
        return false;
    int digits = 0;
    for (const char *p = w; *p; p++) {
        digits = *p >= '0' && *p <= '9' ? digits + 1 : 0;
        if (digits >= 5)
            return false;
    }
    return true;
}

static int run(int argc, char **argv)
{
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2), in = dup(0);
    if (out < 0 || err < 0 || in < 0)
        abort();
    if (dup2(null_fd, 0) < 0 || dup2(null_fd, 1) < 0 || (!show && dup2(null_fd, 2) < 0) || chdir(root) != 0)
        abort();
    clearerr(stdin);
    clearerr(stdout);
    in_cli = 1;
    int code = rm_cli_main(argc, argv);
    in_cli = 0;
    fflush(stdout);
    fflush(stderr);
    clearerr(stdin);
    clearerr(stdout);
    clearerr(stderr);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || fchdir(home_fd) != 0)
        abort();
    close(in);
    close(out);
    close(err);
    if (show) {
        fprintf(stderr, "fuzz_cli: exit %d:", code);
        for (int i = 1; i < argc; i++)
            fprintf(stderr, " %s", argv[i]);
        fputc('\n', stderr);
    }
    return code;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!root[0])
        setup();
    static char words[MAX_WORDS][MAX_WORD];
    char *argv[MAX_WORDS + 2];
    int argc = 0;
    argv[argc++] = (char *)"retromesh";
    size_t i = 0;
    while (i < size) {
        while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n'))
            i++;
        if (i == size)
            break;
        if (argc > MAX_WORDS)
            return 0;
        size_t len = 0;
        char *w = words[argc - 1];
        while (i < size && data[i] != ' ' && data[i] != '\t' && data[i] != '\n') {
            if (len + 1 >= MAX_WORD || data[i] == 0)
                return 0;
            w[len++] = (char)data[i++];
        }
        w[len] = 0;
        if (!safe_word(w))
            return 0;
        argv[argc++] = w;
    }
    argv[argc] = NULL;
    int code = run(argc, argv);
    if (code < 0 || code > 3)
        abort();   /* exit statuses are 0..3 */
    rm_file_set_max_bytes(0);
    char now[sizeof listing];
    list(now, sizeof now);
    if (strcmp(now, listing) != 0) {
        restore();
        list(listing, sizeof listing);
    }
    return 0;
}
