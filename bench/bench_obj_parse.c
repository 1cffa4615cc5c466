/* bench/bench_obj_parse.c - times rm_obj_parse() (no MTL loading).

   Usage: bench_obj_parse FILE... [-n RUNS] [-t THREADS]

   Each file is read into memory once, then parsed RUNS times (default 20);
   prints one line per file: "FILE bytes best_ms MB/s" (MB = 10^6 bytes, from
   the best run), then the median run time in a second column set:
     skull.obj 3263012 6.512 501.1 median_ms 6.801
   -t sets rm_obj_options.threads (default 1: one thread, so that callgrind
   counts the reader's own instructions; 0 is the automatic choice). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "retromesh/obj.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (len == cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        if (n == 0)
            break;
        len += n;
    }
    fclose(f);
    *size = len;
    return buf;
}

int main(int argc, char **argv)
{
    int runs = 20;
    int threads = 1;
    int files = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
            argv[i - 1] = argv[i] = NULL;
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            threads = atoi(argv[++i]);
            argv[i - 1] = argv[i] = NULL;
        } else {
            files++;
        }
    }
    if (files == 0 || runs < 1 || threads < 0) {
        fprintf(stderr, "usage: bench_obj_parse FILE... [-n RUNS] [-t THREADS]\n");
        return 2;
    }
    double *t = malloc((size_t)runs * sizeof *t);
    if (!t)
        return 3;
    int status = 0;
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    opt.load_materials = false;
    opt.threads = (unsigned)threads;
    for (int i = 1; i < argc; i++) {
        if (!argv[i])
            continue;
        size_t size = 0;
        char *data = read_file(argv[i], &size);
        if (!data) {
            fprintf(stderr, "%s: cannot read\n", argv[i]);
            status = 1;
            continue;
        }
        for (int r = 0; r < runs; r++) {
            rm_mesh m;
            rm_diag d;
            rm_diag_init(&d);
            double t0 = now_ms();
            rm_status st = rm_obj_parse(data, size, argv[i], &opt, &m, &d);
            t[r] = now_ms() - t0;
            if (st != RM_OK) {
                rm_diag_print(&d, stderr, 0);
                status = 1;
            } else {
                rm_mesh_free(&m);
            }
            rm_diag_free(&d);
        }
        qsort(t, (size_t)runs, sizeof *t, cmp_double);
        double best = t[0], median = t[runs / 2];
        printf("%s %zu %.3f %.1f median_ms %.3f\n", argv[i], size, best,
               best > 0 ? (double)size / 1e6 / (best / 1e3) : 0.0, median);
        free(data);
    }
    free(t);
    return status;
}
