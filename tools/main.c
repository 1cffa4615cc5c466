/* tools/main.c - the retromesh command: dispatch to the subcommands. */
#include <stdio.h>
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
          "\n"
          "  retromesh COMMAND --help   options of a command\n"
          "  retromesh --version\n"
          "\n"
          "Exit status: 0 success, 1 invalid input, 2 usage error, 3 I/O error.\n",
          out);
}

int main(int argc, char **argv)
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
    if (!strcmp(cmd, "convert"))
        return rm_cmd_convert(argc - 1, argv + 1);
    if (!strcmp(cmd, "info"))
        return rm_cmd_info(argc - 1, argv + 1);
    if (!strcmp(cmd, "check"))
        return rm_cmd_check(argc - 1, argv + 1);
    if (!strcmp(cmd, "pose"))
        return rm_cmd_pose(argc - 1, argv + 1);
    if (!strcmp(cmd, "level"))
        return rm_cmd_level(argc - 1, argv + 1);
    if (!strcmp(cmd, "render"))
        return rm_cmd_render(argc - 1, argv + 1);
    if (!strcmp(cmd, "oni"))
        return rm_cmd_oni(argc - 1, argv + 1);
    if (!strcmp(cmd, "budget"))
        return rm_cmd_budget(argc - 1, argv + 1);
    return rm_cli_usage_error(NULL, "unknown command '%s'", cmd);
}
