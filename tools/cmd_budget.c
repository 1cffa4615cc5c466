/* tools/cmd_budget.c - retromesh budget: will a level (or a set of models)
   fit on the Saturn? Every model loaded with its textures as the engine
   would (retromesh/budget.h over retromesh/cd.h); docs/budget.md. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/outpath.h"
#include "retromesh/budget.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh budget LEVEL.JOL [--cd DIR] [--heap N] [--json] [--strict]\n"
          "       retromesh budget MODEL.JOM... [--cd DIR] [--heap N] [--json] [--strict]\n"
          "\n"
          "Loads every model the level names (MODL files, entity models and their far, dead and\n"
          "cockpit models, cell models and reflections, weapon models), or the models given, with\n"
          "their textures from DIR as the engine would, and prints a table per model and the\n"
          "totals against the limits: VDP1 VRAM texture area (393216 bytes), work RAM heap,\n"
          "sprites (255), polygons (1761) and points (2500) per frame for the worst cell.\n"
          "\n"
          "  --cd DIR    the game's cd/ folder (default: the folder of the level or first model)\n"
          "  --heap N    bytes of the jo_malloc heap (default 393216; 0x hex allowed)\n"
          "  --json      the report as JSON (docs/budget.md)\n"
          "  --strict    exit 1 when a limit is exceeded or a file is missing or invalid\n"
          "  --max-input SIZE  read files of up to SIZE bytes (K, M, G: 1024-based; default 1G)\n"
          "\n"
          "Exit status: 0 success, 1 invalid level (or over budget with --strict), 2 usage error,\n"
          "3 I/O error.\n",
          out);
}

static bool parse_bytes(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return false;
    int base = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10;
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, base);
    if (*end || end == s || v == 0 || v > 0xFFFFFFFFull)
        return false;
    *out = v;
    return true;
}

int rm_cmd_budget(int argc, char **argv)
{
    const char *dir = NULL;
    uint64_t heap = RM_BUDGET_HEAP_BYTES;
    bool json = false, strict = false;
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    size_t nfiles = 0;
    if (!files)
        return EXIT_IO;
    enum { O_HELP = 1, O_JSON, O_STRICT, O_CD, O_HEAP, O_MAX_INPUT };
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP},
        {"json", 0, false, O_JSON},
        {"strict", 0, false, O_STRICT},
        {"cd", 0, true, O_CD},
        {"heap", 0, true, O_HEAP},
        {"max-input", 0, true, O_MAX_INPUT},
        {0},
    };
    rm_cli_args p;
    rm_cli_args_init(&p, "budget", opts, argc, argv);
    for (int id; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        switch (id) {
        case RM_CLI_BAD:
            free(files);
            return EXIT_USAGE;
        case O_HELP:
            usage(stdout);
            free(files);
            return EXIT_OK;
        case O_JSON: json = true; break;
        case O_STRICT: strict = true; break;
        case O_CD: dir = p.value; break;
        case O_HEAP:
            if (!parse_bytes(p.value, &heap)) {
                free(files);
                return rm_cli_usage_error("budget", "--heap wants a number of bytes from 1 to 4294967295, "
                                                    "not '%s'", p.value);
            }
            break;
        case O_MAX_INPUT:
            if (!rm_cli_max_input("budget", p.value)) {
                free(files);
                return EXIT_USAGE;
            }
            break;
        case RM_CLI_OPERAND: files[nfiles++] = p.value; break;
        }
    }
    if (!nfiles) {
        free(files);
        return rm_cli_usage_error("budget", "give a level (.JOL) or model files (.JOM)");
    }
    bool level = rm_format_from_name(files[0]) == RM_FORMAT_JOL;
    for (size_t i = 0; i < nfiles; i++)
        if (rm_format_from_name(files[i]) == RM_FORMAT_JOL && (nfiles > 1 || !level)) {
            const char *bad = files[i];
            free(files);
            return rm_cli_usage_error("budget", "give one level, or a list of models, not both (%s)", bad);
        }
    char *own_dir = NULL;
    if (!dir) {
        own_dir = rm_path_dir(files[0]);     /* "." when none */
        if (!own_dir) {
            free(files);
            return EXIT_IO;
        }
        dir = own_dir;
    }
    rm_budget_options opt;
    rm_budget_options_default(&opt);
    opt.heap_bytes = heap;
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 100;
    rm_budget_report rep;
    rm_status st = level ? rm_budget_level_file(files[0], dir, &opt, &rep, &diag)
                         : rm_budget_models(files, nfiles, dir, &opt, &rep, &diag);
    rm_cli_print_diag(&diag, false, 0);
    int code = rm_cli_exit_code(st);
    if (st == RM_OK) {
        if (json) {
            if (rm_budget_print_json(&rep, stdout) != RM_OK)
                code = EXIT_IO;
            for (int i = 0; i < 5; i++) {       /* the same lines for a person watching */
                char line[256];
                if (rm_budget_over_line(&rep, i, line, sizeof line))
                    fprintf(stderr, "%s\n", line);
            }
        } else {
            rm_budget_print_text(&rep, stdout);
        }
        if (fflush(stdout) != 0)
            code = EXIT_IO;
        if (code == EXIT_OK && strict && (rep.any_over || rep.problems))
            code = EXIT_INVALID;
        rm_budget_report_free(&rep);
    }
    rm_diag_free(&diag);
    free(own_dir);
    free(files);
    return code;
}
