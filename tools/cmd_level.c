/* tools/cmd_level.c - retromesh level gen|build|dump|check: levels (.JOL).
   The format is the schema of src/formats/jol/schema.c; docs/levels.md is
   the user's guide. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "retromesh/level.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh level build LEVEL.json OUT.JOL\n"
          "       retromesh level dump [--json] [--full] FILE.JOL\n"
          "       retromesh level check FILE.JOL...\n"
          "       retromesh level gen [--text] [--docs FILE] [--header FILE]\n"
          "\n"
          "build   writes a level from JSON (docs/levels.md)\n"
          "dump    prints every section (--json: for tools; --full: whole arrays)\n"
          "check   checks every rule and reference; one problem a line\n"
          "gen     writes docs/level_format.md and include/retromesh/level_format.h\n"
          "        (run from the top of the source tree); --text prints the documentation\n"
          "\n"
          "Exit status: 0 success, 1 invalid input, 2 usage error, 3 I/O error.\n",
          out);
}

static int open_level(const char *path, uint8_t **data, rm_level *lv, rm_diag *diag)
{
    size_t size = 0;
    rm_status st = rm_file_read(path, data, &size, diag);
    if (st == RM_OK)
        st = rm_level_open(lv, *data, size, path, diag);
    return rm_cli_exit_code(st);
}

static int cmd_build(int argc, char **argv)
{
    if (argc != 3)
        return rm_cli_usage_error("level", "build wants LEVEL.json OUT.JOL");
    if (rm_file_same(argv[1], argv[2]))
        return rm_cli_usage_error("level", "the output %s is the input", argv[2]);
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 100;
    uint8_t *text = NULL, *out = NULL;
    size_t len = 0, size = 0;
    rm_status st = rm_file_read(argv[1], &text, &len, &diag);
    if (st == RM_OK)
        st = rm_level_build_json((const char *)text, len, argv[1], &out, &size, &diag);
    if (st == RM_OK)
        st = rm_file_write_atomic(argv[2], out, size, &diag);
    rm_cli_print_diag(&diag, false, 0);
    free(text);
    free(out);
    rm_diag_free(&diag);
    return rm_cli_exit_code(st);
}

static int cmd_dump(int argc, char **argv)
{
    bool json = false, full = false;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = true;
        else if (!strcmp(argv[i], "--full"))
            full = true;
        else if (argv[i][0] == '-' && argv[i][1])
            return rm_cli_usage_error("level", "unknown option '%s'", argv[i]);
        else if (path)
            return rm_cli_usage_error("level", "dump wants one file");
        else
            path = argv[i];
    }
    if (!path)
        return rm_cli_usage_error("level", "dump wants a file");
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 100;
    uint8_t *data = NULL;
    rm_level lv;
    int code = open_level(path, &data, &lv, &diag);
    if (code == EXIT_OK) {
        if (json)
            rm_level_dump_json(&lv, stdout);
        else
            rm_level_dump_text(&lv, stdout, full);
        rm_level_close(&lv);
    }
    rm_cli_print_diag(&diag, false, 0);
    rm_diag_free(&diag);
    free(data);
    return code;
}

static int cmd_check(int argc, char **argv)
{
    if (argc < 2)
        return rm_cli_usage_error("level", "check wants a file");
    int worst = EXIT_OK;
    for (int i = 1; i < argc; i++) {
        rm_diag diag;
        rm_diag_init(&diag);
        diag.limit = 200;
        uint8_t *data = NULL;
        rm_level lv;
        int code = open_level(argv[i], &data, &lv, &diag);
        if (code == EXIT_OK) {
            code = rm_cli_exit_code(rm_level_check(&lv, &diag));
            rm_level_close(&lv);
        }
        rm_cli_print_diag(&diag, false, 0);
        if (code == EXIT_OK)
            printf("%s: ok\n", argv[i]);
        if (code > worst)
            worst = code;
        rm_diag_free(&diag);
        free(data);
    }
    return worst;
}

static int write_generated(const char *path, void (*gen)(FILE *))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return EXIT_IO;
    gen(mem);
    fclose(mem);
    rm_diag diag;
    rm_diag_init(&diag);
    rm_status st = rm_file_write_atomic(path, buf, len, &diag);
    rm_cli_print_diag(&diag, false, 0);
    rm_diag_free(&diag);
    free(buf);
    if (st == RM_OK)
        printf("wrote %s\n", path);
    return rm_cli_exit_code(st);
}

static int cmd_gen(int argc, char **argv)
{
    const char *docs = "docs/level_format.md", *header = "include/retromesh/level_format.h";
    bool text = false;
    for (int i = 1; i < argc; i++) {
        bool matched = false;
        if (!strcmp(argv[i], "--text")) {
            text = true;
            continue;
        }
        if (!rm_cli_option_value(argc, argv, &i, "--docs", &docs, &matched))
            return EXIT_USAGE;
        if (matched)
            continue;
        if (!rm_cli_option_value(argc, argv, &i, "--header", &header, &matched))
            return EXIT_USAGE;
        if (!matched)
            return rm_cli_usage_error("level", "unknown argument '%s'", argv[i]);
    }
    if (text) {
        rm_level_gen_text(stdout);
        return EXIT_OK;
    }
    int code = write_generated(docs, rm_level_gen_markdown);
    if (code == EXIT_OK)
        code = write_generated(header, rm_level_gen_header);
    return code;
}

int rm_cmd_level(int argc, char **argv)
{
    if (argc < 2)
        return rm_cli_usage_error("level", "which one: gen, build, dump or check?");
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
        usage(stdout);
        return EXIT_OK;
    }
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return EXIT_OK;
        }
    if (!strcmp(sub, "build"))
        return cmd_build(argc - 1, argv + 1);
    if (!strcmp(sub, "dump"))
        return cmd_dump(argc - 1, argv + 1);
    if (!strcmp(sub, "check"))
        return cmd_check(argc - 1, argv + 1);
    if (!strcmp(sub, "gen"))
        return cmd_gen(argc - 1, argv + 1);
    return rm_cli_usage_error("level", "unknown subcommand '%s' (gen, build, dump, check)", sub);
}
