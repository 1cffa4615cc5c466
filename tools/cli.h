/* tools/cli.h - what the subcommands of the retromesh tool share. The tool
   is thin: each command parses its options, calls the library, prints the
   diagnostics and maps the status to an exit code. */
#ifndef RM_TOOLS_CLI_H
#define RM_TOOLS_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "retromesh/retromesh.h"
#include "retromesh/niff.h"

/* Exit statuses (the README lists them). */
enum {
    EXIT_OK = 0,
    EXIT_INVALID = 1,
    EXIT_USAGE = 2,
    EXIT_IO = 3
};

int rm_cli_exit_code(rm_status st);

/* Prints the messages of a run to stderr: every error; warnings unless
   quiet, at most `max_warnings` of them unless 0 (then all), with a line
   saying how many more there were. */
void rm_cli_print_diag(const rm_diag *d, bool quiet, size_t max_warnings);

/* "retromesh: error: ..." on stderr, with a hint to --help. Returns EXIT_USAGE. */
int rm_cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* True when the option `arg` is `name` or `name=...`; *value gets the value,
   taken from the next argument when there is no '=' (advancing *i). Returns
   false when the value is missing (and prints the usage error). */
bool rm_cli_option_value(int argc, char **argv, int *i, const char *name, const char **value,
                         bool *matched);

/* True when the first bytes are a JOM header ("JOM1"). */
bool rm_cli_is_jom(const unsigned char *data, size_t size);

/* Paths, malloc'd (NULL: out of memory). The folder of `path` (with its
   '/', "" for a bare name) + `name`: rm_cli_beside("out/a.obj", "b.png")
   is "out/b.png", rm_cli_beside(path, "") the folder alone. */
char *rm_cli_beside(const char *path, const char *name);
/* `path` with its extension (if any) replaced by `ext`: ("a/cube.obj",
   ".jom") is "a/cube.jom"; a leading dot (".hidden") is no extension. */
char *rm_cli_with_ext(const char *path, const char *ext);

/* tools/cmd_convert_niff.c: file kinds by name, case-insensitive (".obj"). */
bool rm_cli_ext_is(const char *path, const char *ext);
/* Writes `mesh` as OUT (OBJ with g lines and vertex colors), OUT's stem
   .mtl beside it, and, when `textures`, each material's carried pixels
   (map_kd_rgba) as a PNG named by its map_kd in OUT's folder. Nothing is
   written over `in` or twice; PNGs first, then the MTL, then the OBJ. */
rm_status rm_cli_write_obj_export(const rm_mesh *mesh, const char *in, const char *out, bool textures,
                                  rm_diag *diag);
/* Loads each material's map_Kd image into map_kd_rgba (looked for as the
   converter does: the MTL's folder, then texture_dir). RM_INVALID with a
   message per image not found. */
rm_status rm_cli_load_map_kd(rm_mesh *mesh, const char *texture_dir, rm_diag *diag);

int rm_cmd_convert(int argc, char **argv);
int rm_cmd_info(int argc, char **argv);
int rm_cmd_check(int argc, char **argv);
int rm_cmd_pose(int argc, char **argv);
int rm_cmd_level(int argc, char **argv);
int rm_cmd_render(int argc, char **argv);
int rm_cmd_oni(int argc, char **argv);
int rm_cmd_budget(int argc, char **argv);

#endif
