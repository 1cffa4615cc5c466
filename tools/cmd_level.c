/* tools/cmd_level.c - retromesh level gen|build|dump|check: levels (.JOL).
   The format is the schema of src/formats/jol/schema.c; docs/levels.md is
   the user's guide. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "retromesh/level.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh level build [--max-input SIZE] LEVEL.json OUT.JOL\n"
          "       retromesh level dump [--json] [--full] [--max-input SIZE] FILE.JOL\n"
          "       retromesh level check [--max-input SIZE] FILE.JOL...\n"
          "       retromesh level gen [--text] [--docs FILE] [--header FILE] [--engine-header FILE]\n"
          "\n"
          "build   writes a level from JSON (docs/levels.md)\n"
          "dump    prints every section (--json: for tools; --full: whole arrays)\n"
          "check   checks every rule and reference; one problem a line\n"
          "gen     writes docs/level_format.md, include/retromesh/level_format.h and\n"
          "        engine/jo/level_format.h (run from the top of the source tree); with\n"
          "        --docs, --header or --engine-header FILE, only the files named;\n"
          "        --text prints the documentation\n"
          "\n"
          "--max-input SIZE reads files of up to SIZE bytes (K, M, G: 1024-based; default 1G).\n"
          "'-' is standard input (build: LEVEL.json; dump, check) or output (build: OUT.JOL).\n"
          "\n"
          "Exit status: 0 success, 1 invalid input, 2 usage error, 3 I/O error.\n",
          out);
}

enum { O_HELP = 1, O_MAX_INPUT, O_JSON, O_FULL, O_TEXT, O_DOCS, O_HEADER, O_ENGINE_HEADER, O_COUNT };

/* The arguments of a subcommand. */
typedef struct sub_args {
    const char **files;     /* the operands (argc entries) */
    int nfiles;
    bool set[O_COUNT];      /* each option given */
    const char *value[O_COUNT];
} sub_args;

/* Parses a subcommand's options (every table has --help and --max-input).
   True to go on; else *code is the exit status. */
static bool parse(const char *cmd, const rm_cli_option *opts, int argc, char **argv, sub_args *a, int *code)
{
    memset(a, 0, sizeof *a);
    a->files = calloc((size_t)argc + 1, sizeof *a->files);
    if (!a->files) {
        *code = EXIT_IO;
        return false;
    }
    rm_cli_args p;
    rm_cli_args_init(&p, cmd, opts, argc, argv);
    *code = EXIT_OK;
    for (int id; *code == EXIT_OK && (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        switch (id) {
        case RM_CLI_BAD: *code = EXIT_USAGE; break;
        case O_HELP:
            usage(stdout);
            *code = -1;
            break;
        case O_MAX_INPUT:
            if (!rm_cli_max_input(cmd, p.value))
                *code = EXIT_USAGE;
            break;
        case RM_CLI_OPERAND: a->files[a->nfiles++] = p.value; break;
        default:
            a->set[id] = true;
            a->value[id] = p.value;
        }
    }
    if (*code == EXIT_OK)
        return true;
    if (*code < 0)
        *code = EXIT_OK;    /* --help */
    free(a->files);
    a->files = NULL;
    return false;
}

/* Reads FILE ("-": standard input, up to --max-input). */
static rm_status read_input(const char *path, uint8_t **data, size_t *size, rm_diag *diag)
{
    return rm_cli_read_input(path, data, size, diag);
}

static int open_level(const char *path, uint8_t **data, rm_level *lv, rm_diag *diag)
{
    size_t size = 0;
    rm_status st = read_input(path, data, &size, diag);
    if (st == RM_OK)
        st = rm_level_open(lv, *data, size, path, diag);
    return rm_cli_exit_code(st);
}

static int cmd_build(int argc, char **argv)
{
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP}, {"max-input", 0, true, O_MAX_INPUT}, {0}};
    sub_args a;
    int code;
    if (!parse("level build", opts, argc, argv, &a, &code))
        return code;
    if (a.nfiles != 2) {
        free(a.files);
        return rm_cli_usage_error("level build", "build wants LEVEL.json OUT.JOL");
    }
    const char *in = a.files[0], *outp = a.files[1];
    free(a.files);
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 100;
    uint8_t *text = NULL, *out = NULL;
    size_t len = 0, size = 0;
    /* the level JSON is an input: OUT may not be it, whatever its spelling */
    rm_output_set *set = rm_output_set_new();
    rm_status st = set ? RM_OK : RM_NOMEM;
    if (st == RM_OK && strcmp(in, "-") != 0)
        st = rm_output_add_input(set, in);
    if (st == RM_OK)
        st = rm_output_check(set, outp, &diag);
    if (st == RM_OK)
        st = read_input(in, &text, &len, &diag);
    if (st == RM_OK)
        st = rm_level_build_json((const char *)text, len, in, &out, &size, &diag);
    if (st == RM_OK)
        st = rm_output_add(set, outp, out, size, &diag);
    if (st == RM_OK)
        st = rm_output_commit(set, &diag);
    rm_output_set_free(set);
    rm_cli_print_diag(&diag, false, 0);
    free(text);
    free(out);
    rm_diag_free(&diag);
    return rm_cli_exit_code(st);
}

static int cmd_dump(int argc, char **argv)
{
    static const rm_cli_option opts[] = {{"help", 'h', false, O_HELP},
                                         {"max-input", 0, true, O_MAX_INPUT},
                                         {"json", 0, false, O_JSON},
                                         {"full", 0, false, O_FULL},
                                         {0}};
    sub_args a;
    int code;
    if (!parse("level dump", opts, argc, argv, &a, &code))
        return code;
    const char *path = a.nfiles == 1 ? a.files[0] : NULL;
    int n = a.nfiles;
    free(a.files);
    if (n != 1)
        return rm_cli_usage_error("level dump", n ? "dump wants one file" : "dump wants a file");
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 100;
    uint8_t *data = NULL;
    rm_level lv;
    code = open_level(path, &data, &lv, &diag);
    if (code == EXIT_OK) {
        if (a.set[O_JSON])
            rm_level_dump_json(&lv, stdout);
        else
            rm_level_dump_text(&lv, stdout, a.set[O_FULL]);
        rm_level_close(&lv);
    }
    rm_cli_print_diag(&diag, false, 0);
    rm_diag_free(&diag);
    free(data);
    return code;
}

static int cmd_check(int argc, char **argv)
{
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP}, {"max-input", 0, true, O_MAX_INPUT}, {0}};
    sub_args a;
    int code;
    if (!parse("level check", opts, argc, argv, &a, &code))
        return code;
    if (!a.nfiles) {
        free(a.files);
        return rm_cli_usage_error("level check", "check wants a file");
    }
    int worst = EXIT_OK;
    for (int i = 0; i < a.nfiles; i++) {
        rm_diag diag;
        rm_diag_init(&diag);
        diag.limit = 200;
        uint8_t *data = NULL;
        rm_level lv;
        code = open_level(a.files[i], &data, &lv, &diag);
        if (code == EXIT_OK) {
            code = rm_cli_exit_code(rm_level_check(&lv, &diag));
            rm_level_close(&lv);
        }
        rm_cli_print_diag(&diag, false, 0);
        if (code == EXIT_OK)
            printf("%s: ok\n", a.files[i]);
        if (code > worst)
            worst = code;
        rm_diag_free(&diag);
        free(data);
    }
    free(a.files);
    return worst;
}

/* One generated file, staged in the set. */
static rm_status stage_generated(rm_output_set *set, const char *path, void (*gen)(FILE *), rm_diag *diag)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return RM_NOMEM;
    gen(mem);
    if (fclose(mem) != 0) {
        free(buf);
        return RM_NOMEM;
    }
    rm_status st = rm_output_add(set, path, buf, len, diag);
    free(buf);
    return st;
}

static int cmd_gen(int argc, char **argv)
{
    static const rm_cli_option opts[] = {{"help", 'h', false, O_HELP},
                                         {"text", 0, false, O_TEXT},
                                         {"docs", 0, true, O_DOCS},
                                         {"header", 0, true, O_HEADER},
                                         {"engine-header", 0, true, O_ENGINE_HEADER},
                                         {0}};
    sub_args a;
    int code;
    if (!parse("level gen", opts, argc, argv, &a, &code))
        return code;
    int n = a.nfiles;
    const char *first = n ? a.files[0] : NULL;
    free(a.files);
    if (n)
        return rm_cli_usage_error("level gen",
                                  "gen takes no file ('%s'; --docs FILE, --header FILE, --engine-header FILE)", first);
    if (a.set[O_TEXT]) {
        rm_level_gen_text(stdout);
        return EXIT_OK;
    }
    /* No path given: the three files at their places in the source tree.
       Paths given: those files only. */
    bool any = a.value[O_DOCS] || a.value[O_HEADER] || a.value[O_ENGINE_HEADER];
    const struct {
        const char *path;
        void (*gen)(FILE *);
    } outs[3] = {
        {a.value[O_DOCS] ? a.value[O_DOCS] : any ? NULL : "docs/level_format.md", rm_level_gen_markdown},
        {a.value[O_HEADER] ? a.value[O_HEADER] : any ? NULL : "include/retromesh/level_format.h",
         rm_level_gen_header},
        {a.value[O_ENGINE_HEADER] ? a.value[O_ENGINE_HEADER] : any ? NULL : "engine/jo/level_format.h",
         rm_level_gen_engine_header},
    };
    /* all the files written, or none */
    rm_diag diag;
    rm_diag_init(&diag);
    rm_output_set *set = rm_output_set_new();
    rm_status st = set ? RM_OK : RM_NOMEM;
    for (size_t i = 0; i < 3 && st == RM_OK; i++)
        if (outs[i].path)
            st = stage_generated(set, outs[i].path, outs[i].gen, &diag);
    if (st == RM_OK)
        st = rm_output_commit(set, &diag);
    rm_output_set_free(set);
    rm_cli_print_diag(&diag, false, 0);
    rm_diag_free(&diag);
    for (size_t i = 0; i < 3 && st == RM_OK; i++)
        if (outs[i].path)
            printf("wrote %s\n", outs[i].path);
    return rm_cli_exit_code(st);
}

int rm_cmd_level(int argc, char **argv)
{
    static const char *const subs[] = {"build", "dump", "check", "gen"};
    int (*const run[])(int, char **) = {cmd_build, cmd_dump, cmd_check, cmd_gen};
    if (argc < 2)
        return rm_cli_usage_error("level", "which one: gen, build, dump or check?");
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
        usage(stdout);
        return EXIT_OK;
    }
    for (size_t i = 0; i < 4; i++)
        if (!strcmp(sub, subs[i]))
            return run[i](argc - 1, argv + 1);
    const char *near = rm_cli_nearest(sub, subs, 4);
    if (near)
        return rm_cli_usage_error("level", "unknown subcommand '%s'; did you mean '%s'?", sub, near);
    return rm_cli_usage_error("level", "unknown subcommand '%s' (gen, build, dump, check)", sub);
}
