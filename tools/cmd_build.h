/* tools/cmd_build.h - what `retromesh build` and `convert ... --out-dir`
   share: running a project and printing its report. */
#ifndef RM_TOOLS_CMD_BUILD_H
#define RM_TOOLS_CMD_BUILD_H

#include <stdbool.h>

#include "retromesh/build.h"

typedef struct rm_build_cli {
    const char *cd;         /* -o CD / --out-dir CD; NULL: the project's */
    unsigned jobs;          /* -j N; 0: the machine's cores */
    bool force, json, quiet, verbose;
} rm_build_cli;

/* Builds and prints; returns the exit status. */
int rm_cmd_build_run(const rm_build_project *p, const rm_build_cli *c);

#endif
