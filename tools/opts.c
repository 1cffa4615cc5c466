/* tools/opts.c - the one option parser of every command (see cli.h).

   Why not getopt_long: it keeps its state in globals (optind, and a hidden
   position inside "-qv"), so two runs in one process (the CLI fuzz target)
   need a reset that differs between C libraries; and it accepts any unique
   prefix of a long option, so "--scal" would silently mean "--scale" until
   a "--scale-up" appears. This parser keeps its state in the caller's
   rm_cli_args and takes long names whole. The conventions are getopt's:
   options and operands in any order, "--" ends the options, "-qv" bundles,
   "-oFILE", "-o FILE", "--opt=VALUE" and "--opt VALUE", "-" is an operand. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

void rm_cli_args_init(rm_cli_args *p, const char *cmd, const rm_cli_option *opts, int argc, char **argv)
{
    memset(p, 0, sizeof *p);
    p->cmd = cmd;
    p->opts = opts;
    p->argc = argc;
    p->argv = argv;
    p->next = 1;        /* argv[0] is the command's name */
}

/* Optimal string alignment distance (edits: insert, delete, replace, swap
   two neighbours), for names of at most 63 bytes; larger is "far". */
static size_t edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 63 || m > 63)
        return 99;
    size_t d[64][64];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < best)
                best = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[n][m];
}

const char *rm_cli_nearest(const char *word, const char *const *names, size_t count)
{
    const char *best = NULL;
    size_t best_d = 99;
    size_t wn = strlen(word);
    for (size_t i = 0; i < count; i++) {
        size_t d = edit_distance(word, names[i]);
        /* a word cut short ("--extract") is near the name it starts */
        if (wn >= 3 && strncmp(names[i], word, wn) == 0 && d > 1)
            d = 1;
        size_t len = strlen(names[i]);
        size_t allowed = (len + 2) / 3;     /* a third of the name, at least 1 */
        if (d <= allowed && d < best_d) {
            best = names[i];
            best_d = d;
        }
    }
    return best;
}

static int unknown_long(rm_cli_args *p, const char *name, size_t len)
{
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), name);
    const char *names[64];
    size_t n = 0;
    for (const rm_cli_option *o = p->opts; o->id && n < 64; o++)
        if (o->name)
            names[n++] = o->name;
    const char *near = rm_cli_nearest(word, names, n);
    if (near)
        rm_cli_usage_error(p->cmd, "unknown option '--%s'; did you mean '--%s'?", word, near);
    else
        rm_cli_usage_error(p->cmd, "unknown option '--%s'", word);
    return RM_CLI_BAD;
}

/* A value given as the next argument must not look like an option: in
   "-o --verbose" the output was forgotten. Negative numbers and "-" pass. */
static bool looks_like_option(const char *s)
{
    if (s[0] != '-' || s[1] == 0)
        return false;
    if (s[1] == '-')
        return s[2] != 0;
    return (s[1] >= 'a' && s[1] <= 'z') || (s[1] >= 'A' && s[1] <= 'Z');
}

static int take_next_value(rm_cli_args *p, const rm_cli_option *o)
{
    if (p->next >= p->argc) {
        rm_cli_usage_error(p->cmd, "option '%s' needs a value", p->spelling);
        return RM_CLI_BAD;
    }
    const char *v = p->argv[p->next];
    if (looks_like_option(v)) {
        rm_cli_usage_error(p->cmd, "option '%s' needs a value, not the option '%s'", p->spelling, v);
        return RM_CLI_BAD;
    }
    p->value = v;
    p->next++;
    return o->id;
}

static int short_option(rm_cli_args *p)
{
    char c = *p->bundle++;
    const rm_cli_option *o = p->opts;
    while (o->id && o->letter != c)
        o++;
    snprintf(p->spelling, sizeof p->spelling, "-%c", c);
    if (!o->id) {
        if ((unsigned char)c < 32 || (unsigned char)c > 126)
            rm_cli_usage_error(p->cmd, "unknown option (byte 0x%02x after '-')", (unsigned char)c);
        else
            rm_cli_usage_error(p->cmd, "unknown option '-%c'", c);
        return RM_CLI_BAD;
    }
    if (!o->value)
        return o->id;
    if (*p->bundle) {           /* -oFILE */
        p->value = p->bundle;
        p->bundle = NULL;
        return o->id;
    }
    p->bundle = NULL;
    return take_next_value(p, o);   /* "-o FILE" */
}

int rm_cli_next(rm_cli_args *p)
{
    p->value = NULL;
    if (p->bundle && *p->bundle)
        return short_option(p);
    p->bundle = NULL;
    if (p->next >= p->argc)
        return RM_CLI_DONE;
    const char *a = p->argv[p->next++];
    if (p->operands_only || a[0] != '-' || a[1] == 0) {
        p->value = a;           /* an operand; "-" is standard input or output */
        return RM_CLI_OPERAND;
    }
    if (a[1] != '-') {
        p->bundle = a + 1;
        return short_option(p);
    }
    if (a[2] == 0) {            /* "--": every argument after it is an operand */
        p->operands_only = true;
        return rm_cli_next(p);
    }
    const char *name = a + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const rm_cli_option *o = p->opts;
    while (o->id && !(o->name && strlen(o->name) == len && strncmp(o->name, name, len) == 0))
        o++;
    if (!o->id)
        return unknown_long(p, name, len);
    snprintf(p->spelling, sizeof p->spelling, "--%s", o->name);
    if (!o->value) {
        if (eq) {
            rm_cli_usage_error(p->cmd, "option '--%s' takes no value", o->name);
            return RM_CLI_BAD;
        }
        return o->id;
    }
    if (eq) {
        p->value = eq + 1;
        return o->id;
    }
    return take_next_value(p, o);
}

bool rm_cli_parse_bytes(const char *s, uint64_t *out)
{
    if (!s || s[0] < '0' || s[0] > '9')
        return false;
    uint64_t v = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (UINT64_MAX - 9) / 10)
            return false;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    unsigned shift = 0;
    switch (*p) {
    case 0: break;
    case 'k': case 'K': shift = 10; p++; break;
    case 'm': case 'M': shift = 20; p++; break;
    case 'g': case 'G': shift = 30; p++; break;
    default: return false;
    }
    if (*p == 'B' || *p == 'b')     /* "16M" or "16MB" (both 2^20) */
        p++;
    if (*p || v == 0 || v > (UINT64_MAX >> shift))
        return false;
    *out = v << shift;
    return true;
}

bool rm_cli_max_input(const char *cmd, const char *value)
{
    uint64_t n;
    if (!rm_cli_parse_bytes(value, &n)) {
        rm_cli_usage_error(cmd, "--max-input takes a size in bytes greater than 0, with K, M or G "
                           "(1024, 1024^2, 1024^3) allowed: 64M, not '%s'", value);
        return false;
    }
    rm_file_set_max_bytes(n);
    return true;
}
