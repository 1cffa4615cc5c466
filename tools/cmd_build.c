/* tools/cmd_build.c - retromesh build [PROJECT.json] [-o CD] [-j N]: a
   project's models and levels into one CD folder (docs/build.md). Option
   parsing and printing only: the work is rm_build_run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cmd_build.h"
#include "retromesh/retromesh.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh build [PROJECT.json] [-o CD] [-j N] [--force] [--json] [-q] [-v]\n"
          "  Converts every model and level of the project file (default: retromesh.json in\n"
          "  the current folder) into one CD folder, with one texture namespace; only what\n"
          "  changed is rebuilt (docs/build.md).\n"
          "  -o, --output CD   the CD folder (default: the project's \"cd\")\n"
          "  -j, --jobs N      models converted at the same time (default: the machine's cores)\n"
          "  --force           rebuild everything\n"
          "  --json            the report as JSON on standard output\n"
          "  -q, --quiet       errors only\n"
          "  -v, --verbose     every message\n"
          "  -h, --help        this help\n",
          out);
}

/* The progress bar: stderr, only on a terminal. */
static void progress(void *ctx, size_t done, size_t total, const char *what)
{
    (void)what;
    if (!ctx || total == 0)
        return;
    char bar[31];
    size_t fill = done * 30 / total;
    for (size_t i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[30] = 0;
    fprintf(stderr, "\r[%s] %zu/%zu models", bar, done, total);
    if (done == total)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}

int rm_cmd_build_run(const rm_build_project *p, const rm_build_cli *c)
{
    rm_build_options opt;
    rm_build_options_default(&opt);
    opt.cd = c->cd;
    opt.jobs = c->jobs;
    opt.force = c->force;
    static int on = 1;
    if (!c->json && !c->quiet && isatty(STDERR_FILENO)) {
        opt.progress = progress;
        opt.progress_ctx = &on;
    }
    rm_diag diag;
    rm_diag_init(&diag);
    rm_build_report rep;
    rm_status st = rm_build_run(p, &opt, &rep, &diag);
    rm_cli_print_diag(&diag, c->quiet, c->verbose ? 0 : 20);
    if (c->json)
        rm_build_report_print_json(&rep, stdout);
    else if (!c->quiet || st != RM_OK)
        rm_build_report_print_text(&rep, st == RM_OK ? stdout : stderr);
    if (st != RM_OK && !c->quiet)
        fprintf(stderr, "retromesh build: %s, nothing written\n", rm_status_name(st));
    rm_build_report_free(&rep);
    rm_diag_free(&diag);
    return rm_cli_exit_code(st);
}

int rm_cmd_build(int argc, char **argv)
{
    enum { O_HELP = 1, O_OUT, O_JOBS, O_FORCE, O_JSON, O_QUIET, O_VERBOSE };
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP},   {"output", 'o', true, O_OUT},    {"jobs", 'j', true, O_JOBS},
        {"force", 0, false, O_FORCE},   {"json", 0, false, O_JSON},      {"quiet", 'q', false, O_QUIET},
        {"verbose", 'v', false, O_VERBOSE}, {0},
    };
    rm_build_cli c;
    memset(&c, 0, sizeof c);
    const char *project = NULL;
    rm_cli_args p;
    rm_cli_args_init(&p, "build", opts, argc, argv);
    for (int id; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        switch (id) {
        case RM_CLI_BAD:
            return EXIT_USAGE;
        case O_HELP:
            usage(stdout);
            return EXIT_OK;
        case O_OUT:
            if (!*p.value)
                return rm_cli_usage_error("build", "-o needs a folder");
            if (c.cd)
                return rm_cli_usage_error("build", "-o is given twice");
            c.cd = p.value;
            break;
        case O_JOBS: {
            char *end;
            unsigned long n = strtoul(p.value, &end, 10);
            if (*p.value < '0' || *p.value > '9' || *end || n < 1 || n > 256)
                return rm_cli_usage_error("build", "-j takes a whole number from 1 to 256, not '%s'", p.value);
            c.jobs = (unsigned)n;
            break;
        }
        case O_FORCE: c.force = true; break;
        case O_JSON: c.json = true; break;
        case O_QUIET: c.quiet = true; break;
        case O_VERBOSE: c.verbose = true; break;
        case RM_CLI_OPERAND:
            if (project)
                return rm_cli_usage_error("build", "one project file, not '%s' too", p.value);
            project = p.value;
            break;
        }
    }
    if (!project) {
        struct stat sb;
        if (stat(RM_BUILD_PROJECT_DEFAULT, &sb) != 0)
            return rm_cli_usage_error("build", "no project file: give one, or write %s in this folder "
                                      "(docs/build.md: {\"cd\": \"cd\", \"models\": [{\"source\": "
                                      "\"robot.obj\"}]})", RM_BUILD_PROJECT_DEFAULT);
        project = RM_BUILD_PROJECT_DEFAULT;
    }
    rm_diag diag;
    rm_diag_init(&diag);
    rm_build_project proj;
    rm_status st = rm_build_project_read(project, &proj, &diag);
    if (st != RM_OK) {
        rm_cli_print_diag(&diag, c.quiet, 0);
        if (!c.quiet)
            fprintf(stderr, "retromesh build: %s: %s, nothing written\n", project, rm_status_name(st));
        rm_diag_free(&diag);
        return rm_cli_exit_code(st);
    }
    rm_diag_free(&diag);
    int rc = rm_cmd_build_run(&proj, &c);
    rm_build_project_free(&proj);
    return rc;
}
