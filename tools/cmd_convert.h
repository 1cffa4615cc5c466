/* tools/cmd_convert.h - what retromesh convert's two paths share: one
   model (tools/cmd_convert.c) and a list of models into one CD folder with
   one texture namespace (--out-dir, tools/cmd_convert_batch.c). */
#ifndef RM_TOOLS_CMD_CONVERT_H
#define RM_TOOLS_CMD_CONVERT_H

#include "cli.h"
#include "retromesh/retromesh.h"

#define MAX_ANIM_NAMES 64
/* convert A B ... --out-dir CD: at most this many models */
#define RM_CONVERT_MAX_INPUTS 4096

typedef struct convert_args {
    const char *in, *out, *texture_out, *skeleton;
    /* glTF input: --rigid, --key-ticks, --loop, --once */
    rm_gltf_options gltf;
    const char *gltf_only;      /* the first of them given, for a message */
    const char *loop[MAX_ANIM_NAMES], *once[MAX_ANIM_NAMES];
    const char *jom_only;       /* an option only a .jom output takes */
    const char *c_name;         /* --c-name */
    bool quiet, verbose, rebuild, c_header;
    rm_convert_options opt;
    char summary[1024];     /* -v: what was written */
} convert_args;

/* convert A B ... --out-dir CD: the models in `inputs` (count > 0) with the
   options of `a` (a->in, a->out unset), into the folder CD as
   retromesh build does (docs/build.md). Returns the exit status. */
int rm_cmd_convert_batch(convert_args *a, const char *const *inputs, size_t count, const char *out_dir);

#endif
