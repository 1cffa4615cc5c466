/* tools/cli.c - helpers shared by the subcommands (see cli.h). */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
    size_t shown = 0, hidden = 0;
    for (size_t i = 0; i < d->count; i++) {
        const rm_message *m = &d->items[i];
        if (m->severity != RM_ERROR) {
            if (quiet || (max_warnings && shown >= max_warnings)) {
                hidden++;
                continue;
            }
            shown++;
        }
        fprintf(stderr, "%s\n", m->text);
    }
    if (hidden && !quiet)
        fprintf(stderr, "retromesh: %zu more warnings not shown (--verbose shows them all)\n", hidden);
    if (d->dropped)
        fprintf(stderr, "retromesh: %zu more messages not kept\n", d->dropped);
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

bool rm_cli_option_value(int argc, char **argv, int *i, const char *name, const char **value,
                         bool *matched)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    *matched = false;
    if (strncmp(arg, name, n) != 0 || (arg[n] != '\0' && arg[n] != '='))
        return true;
    *matched = true;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return true;
    }
    if (*i + 1 >= argc) {
        rm_cli_usage_error(NULL, "option %s needs a value", name);
        return false;
    }
    *value = argv[++*i];
    return true;
}

bool rm_cli_is_jom(const unsigned char *data, size_t size)
{
    return size >= 4 && memcmp(data, "JOM1", 4) == 0;
}

char *rm_cli_beside(const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    size_t d = slash ? (size_t)(slash - path) + 1 : 0, n = strlen(name);
    char *p = malloc(d + n + 1);
    if (p) {
        memcpy(p, path, d);
        memcpy(p + d, name, n + 1);
    }
    return p;
}

char *rm_cli_with_ext(const char *path, const char *ext)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    size_t stem = (dot && (!slash || dot > slash + 1)) ? (size_t)(dot - path) : strlen(path);
    size_t e = strlen(ext);
    char *p = malloc(stem + e + 1);
    if (p) {
        memcpy(p, path, stem);
        memcpy(p + stem, ext, e + 1);
    }
    return p;
}
