/* tools/cli_main.c - rm_cli_main: the retromesh command, dispatching to the
   subcommands (see cli.h). Everything a run sets (the input limit) is set
   again at the start of the next, so that a fuzz target may call it in a
   loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh COMMAND [OPTIONS] FILE...\n"
          "\n"
          "Commands:\n"
          "  convert IN [OUT]           OBJ (+ MTL) or NIFF to a Saturn model (.JOM), an OBJ or a NIFF\n"
          "  info [--json] FILE         print what a .jom, .obj or NIFF file holds\n"
          "  check FILE...              check .jom and NIFF files against every rule of their format\n"
          "  pose MODEL.jom [--anim A]  the pose of a skeleton at a time and its bone matrices\n"
          "  level gen|build|dump|check levels (.JOL): build from JSON, print, check, document\n"
          "  render FILE -o OUT.png     draw a model (.jom, .obj, NIFF; --cd DIR) as the Saturn would\n"
          "  oni list|hash|export       Oni level files: instances, geometry hashes, OBJ/JOM export\n"
          "  budget LEVEL.JOL --cd DIR  will a level (or MODEL.JOM...) fit: VRAM, heap, sprites, polygons\n"
          "  build [PROJECT.json] [-o CD] [-j N]  a game's models and levels into one CD folder\n"
          "\n"
          "  retromesh COMMAND --help   options of a command\n"
          "  retromesh --version\n"
          "\n"
          "Options and files may come in any order; '--' ends the options; '-' is standard input\n"
          "or output. Exit status: 0 success, 1 invalid input, 2 usage error, 3 I/O error.\n",
          out);
}

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"convert", rm_cmd_convert}, {"info", rm_cmd_info},     {"check", rm_cmd_check},
    {"pose", rm_cmd_pose},       {"level", rm_cmd_level},   {"render", rm_cmd_render},
    {"oni", rm_cmd_oni},         {"budget", rm_cmd_budget}, {"build", rm_cmd_build},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(cmd, "--version")) {
        printf("retromesh %s\n", RETROMESH_VERSION_STRING);
        return EXIT_OK;
    }
    const char *names[COMMAND_COUNT];
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (!strcmp(cmd, commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
        names[i] = commands[i].name;
    }
    if (cmd[0] == '-')
        return rm_cli_usage_error(NULL, "unknown option '%s' (the command comes first: retromesh "
                                        "COMMAND [OPTIONS])", cmd);
    const char *near = rm_cli_nearest(cmd, names, COMMAND_COUNT);
    if (near)
        return rm_cli_usage_error(NULL, "unknown command '%s'; did you mean '%s'?", cmd, near);
    return rm_cli_usage_error(NULL, "unknown command '%s'", cmd);
}

/* RETROMESH_NO_SYNC=1 (any value but empty or "0"): outputs are renamed
   into place without an fsync first, for runs whose outputs a crash may
   take (a build tree, CI): a corpus-wide run spends much of its time in
   it. docs/files.md. */
static unsigned output_flags(void)
{
    const char *v = getenv("RETROMESH_NO_SYNC");
    return v && *v && strcmp(v, "0") != 0 ? RM_OUTPUT_NO_SYNC : 0;
}

int rm_cli_main(int argc, char **argv)
{
    rm_output_cleanup_on_signals();
    rm_file_set_max_bytes(0);           /* a --max-input of an earlier run is forgotten */
    rm_output_set_default_flags(output_flags());
    int code = dispatch(argc, argv);
    rm_diag diag;
    rm_diag_init(&diag);
    if (rm_output_finish_stdout(&diag) != RM_OK) {
        rm_diag_print(&diag, stderr, 1);
        code = EXIT_IO;
    }
    rm_file_set_max_bytes(0);
    rm_output_set_default_flags(0);
    rm_diag_free(&diag);
    return code;
}
