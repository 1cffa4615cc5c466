/* tools/cli.h - what the subcommands of the retromesh tool share. The tool
   is thin: each command parses its options, calls the library, prints the
   diagnostics and maps the status to an exit code. */
#ifndef RM_TOOLS_CLI_H
#define RM_TOOLS_CLI_H

#include <stdbool.h>
#include <stdint.h>
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

/* Prints the messages of a run to stderr (rm_diag_print_grouped): every
   error; warnings unless quiet; with max_warnings 0 every message as it
   came (--verbose, check), else repeated warnings of one kind once with a
   count, and budget and limit lines last. */
void rm_cli_print_diag(const rm_diag *d, bool quiet, size_t max_warnings);

/* "retromesh: error: ..." on stderr, with a hint to --help. Returns EXIT_USAGE. */
int rm_cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- Options (tools/opts.c): one parser for every command ----------------
   A table ends with an entry whose id is 0:
     static const rm_cli_option opts[] = {
         {"help", 'h', false, OPT_HELP}, {"output", 'o', true, OPT_OUT}, {0}};
     rm_cli_args p;
     rm_cli_args_init(&p, "convert", opts, argc, argv);
     for (int id; (id = rm_cli_next(&p)) != RM_CLI_DONE;)
         switch (id) { case RM_CLI_BAD: return EXIT_USAGE;
                       case RM_CLI_OPERAND: ... p.value ...; case OPT_OUT: ... p.value ... }
   The conventions: options and operands in any order; "--" ends the
   options; "-qv" is "-q -v"; "-oFILE", "-o FILE", "--opt=VALUE" and
   "--opt VALUE"; a value given as the next argument may not look like an
   option ("-o --verbose": the value is missing; negative numbers and "-"
   are values); "-" alone is an operand (standard input or output); long
   names are taken whole, never by a prefix. An unknown option is a usage
   error naming the nearest known one. */
typedef struct rm_cli_option {
    const char *name;   /* long name without "--" (NULL: none) */
    char letter;        /* short name (0: none) */
    bool value;         /* takes a value */
    int id;             /* what rm_cli_next() returns, > 0 */
} rm_cli_option;

enum { RM_CLI_DONE = -1, RM_CLI_OPERAND = -2, RM_CLI_BAD = -3 };

typedef struct rm_cli_args {
    const char *cmd;            /* "convert", "level check": for messages */
    const rm_cli_option *opts;
    int argc;
    char **argv;
    int next;                   /* the next argv index */
    const char *bundle;         /* the rest of "-qv" still to read */
    bool operands_only;         /* after "--" */
    const char *value;          /* the operand, or the option's value */
    char spelling[72];          /* the option as named: "--scale", "-o" */
} rm_cli_args;

/* argv[0] is the command's name and is skipped. */
void rm_cli_args_init(rm_cli_args *p, const char *cmd, const rm_cli_option *opts, int argc, char **argv);
/* The next option's id (its value in p->value), RM_CLI_OPERAND (p->value),
   RM_CLI_DONE, or RM_CLI_BAD after printing the usage error. */
int rm_cli_next(rm_cli_args *p);

/* The name of `names` nearest to `word` by edit distance (at most a third
   of the name's length), or NULL: for "did you mean". */
const char *rm_cli_nearest(const char *word, const char *const *names, size_t count);

/* "1048576", "64K", "16M", "2G" (1024-based; a final "B" allowed), > 0. */
bool rm_cli_parse_bytes(const char *s, uint64_t *out);
/* --max-input VALUE: parsed and given to rm_file_set_max_bytes(); false
   after printing the usage error. */
bool rm_cli_max_input(const char *cmd, const char *value);

/* The entry point of the tool (tools/cli_main.c): tools/main.c calls it,
   and so can a fuzz target, any number of times in one process (nothing
   of one run survives into the next). */
int rm_cli_main(int argc, char **argv);

/* The whole of an input the command is given: "-" is standard input, a
   device is read up to the limit (--max-input), a named FIFO is refused
   rather than waited on; a regular file over the limit is refused before
   it is read. */
rm_status rm_cli_read_input(const char *path, uint8_t **data, size_t *size, rm_diag *diag);
/* The same, mapped when it is a regular file (rm_file_map_open): a big
   model is not copied into the heap. Close it with rm_file_map_close once
   nothing made from the bytes is used any more. */
rm_status rm_cli_map_input(const char *path, rm_file_map *map, rm_diag *diag);

/* Output names made from other names: rm_fmt_with_ext, rm_fmt_beside,
   rm_fmt_join (formats/registry/registry.h), as the writers make them. */

int rm_cmd_convert(int argc, char **argv);
int rm_cmd_info(int argc, char **argv);
int rm_cmd_check(int argc, char **argv);
int rm_cmd_pose(int argc, char **argv);
int rm_cmd_level(int argc, char **argv);
int rm_cmd_render(int argc, char **argv);
int rm_cmd_oni(int argc, char **argv);
int rm_cmd_budget(int argc, char **argv);
int rm_cmd_build(int argc, char **argv);

#endif
