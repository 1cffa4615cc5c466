/* bench/bench_jom_open.c - the runtime's opening of a JOM file: the
   in-place model (rm_3d_create_model_in_place: validation only, the records
   stay in the caller's bytes) against the copying read (rm_jom_read: the
   same validation, then every record copied into host arrays). Prints the
   microseconds per open and the MB/s of each. Measures; asserts nothing.
     bench_jom_open FILE.jom [-n RUNS] [--only in-place|read]
   (RUNS default 20; --only runs one of the two, for callgrind or valgrind's
   heap summary: instructions and allocations per open are the difference
   between two RUNS counts divided by their difference). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "retromesh/diag.h"
#include "retromesh/fileio.h"
#include "retromesh/jom.h"
#include "retromesh/model.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_jom_open FILE.jom [-n RUNS] [--only in-place|read]\n");
    return 2;
}

static void report(const char *what, double seconds, int runs, size_t size)
{
    double us = seconds / runs * 1e6;
    double mbs = seconds > 0 ? (double)size * runs / seconds / 1e6 : 0.0;
    printf("%-10s %10.1f us per open  %8.1f MB/s\n", what, us, mbs);
}

int main(int argc, char **argv)
{
    const char *path = NULL, *only = NULL;
    int runs = 20;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
            if (runs < 1)
                return usage();
        } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            only = argv[++i];
            if (strcmp(only, "in-place") != 0 && strcmp(only, "read") != 0)
                return usage();
        } else if (argv[i][0] == '-' || path) {
            return usage();
        } else {
            path = argv[i];
        }
    }
    if (!path)
        return usage();

    rm_diag diag;
    rm_diag_init(&diag);
    uint8_t *data = NULL;
    size_t size = 0;
    if (rm_file_read(path, &data, &size, &diag) != RM_OK) {
        rm_diag_print(&diag, stderr, 1);
        rm_diag_free(&diag);
        return 3;
    }
    printf("%s: %zu bytes, %d runs\n", path, size, runs);
    int status = 0;
    if (!only || strcmp(only, "in-place") == 0) {
        double t0 = now();
        for (int r = 0; r < runs && !status; r++) {
            rm_3d_model *m = rm_3d_create_model_in_place(data, size, path, &diag);
            if (!m)
                status = 1;
            rm_3d_free_model(m);
        }
        if (!status)
            report("in-place", now() - t0, runs, size);
    }
    if (!status && (!only || strcmp(only, "read") == 0)) {
        double t0 = now();
        for (int r = 0; r < runs && !status; r++) {
            rm_jom_model jom;
            if (rm_jom_read(data, size, path, &jom, &diag) != RM_OK)
                status = 1;
            rm_jom_free(&jom);
        }
        if (!status)
            report("read", now() - t0, runs, size);
    }
    if (status)
        rm_diag_print(&diag, stderr, 1);
    rm_diag_free(&diag);
    free(data);
    return status;
}
