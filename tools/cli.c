/* tools/cli.c - helpers shared by the subcommands (see cli.h). */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int rm_cli_exit_code(rm_status st)
{
    switch (st) {
    case RM_OK: return EXIT_OK;
    case RM_INVALID: return EXIT_INVALID;
    case RM_USAGE: return EXIT_USAGE;
    case RM_IO:
    case RM_NOMEM: return EXIT_IO;
    }
    return EXIT_IO;
}

void rm_cli_print_diag(const rm_diag *d, bool quiet, size_t max_warnings)
{
    rm_diag_print_options o = {0};
    o.quiet = quiet;
    o.verbose = max_warnings == 0;
    /* stderr: a failed write there has nowhere to be told */
    (void)rm_diag_print_grouped(d, stderr, &o);
}

int rm_cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "retromesh%s%s: error: ", cmd ? " " : "", cmd ? cmd : "");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'retromesh %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
    return EXIT_USAGE;
}

/* A named FIFO with no writer would wait forever: it is refused ("-"
   reads a pipe). Devices are read up to the limit (/dev/zero stops). */
static bool named_fifo(const char *path)
{
    struct stat sb;
    return strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISFIFO(sb.st_mode);
}

static void fifo_note(const char *path, rm_diag *diag)
{
    rm_diag_add(diag, RM_NOTE, "%s: note: a named pipe is not waited on; give it as standard input "
                "('-' < %s)", path, path);
}

rm_status rm_cli_read_input(const char *path, uint8_t **data, size_t *size, rm_diag *diag)
{
    bool fifo = named_fifo(path);
    rm_file_read_options ro = {0, !fifo};
    rm_status st = rm_file_read_ex(path, &ro, data, size, diag);
    if (st != RM_OK && fifo)
        fifo_note(path, diag);
    return st;
}

rm_status rm_cli_map_input(const char *path, rm_file_map *map, rm_diag *diag)
{
    bool fifo = named_fifo(path);
    rm_file_read_options ro = {0, !fifo};
    rm_status st = rm_file_map_open(path, &ro, map, diag);
    if (st != RM_OK && fifo)
        fifo_note(path, diag);
    return st;
}
