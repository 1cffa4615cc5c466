/* src/build/run_internal.h - what the parts of rm_build_run share. */
#ifndef RM_BUILD_RUN_INTERNAL_H
#define RM_BUILD_RUN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "retromesh/build.h"
#include "retromesh/jom.h"

/* One model conversion: a model entry, or a far model of a level. */
typedef struct rm_build_job {
    const rm_build_entry *entry;    /* the model entry: source and options */
    rm_level_far far;               /* far.set: the far model's limits instead of the entry's */
    char name[16];                  /* the JOM's CD name */
    unsigned threads;               /* of the OBJ parse: 1 when jobs run side by side (no oversubscription) */
    /* filled by rm_build_job_run */
    rm_status st;
    rm_diag diag;
    rm_jom_model jom;
    bool has_jom;
    bool merged;                    /* its messages are in the build's */
    rm_convert_result res;
    char **inputs;                  /* every file read, sorted, owned */
    size_t input_count, input_cap;
} rm_build_job;

void rm_build_job_run(rm_build_job *j);
void rm_build_job_free(rm_build_job *j);

#endif
