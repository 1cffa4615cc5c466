/* bench/bench_oni.c - the scale test of the Oni reader: a game folder of
   15 level files holding 37,862 geometries of realistic sizes (written in
   memory by tests/oni/oni_scale.c), then what `retromesh oni hash` does:
   open each file, decode every geometry, make its hash line and CRC it.
   Reports geometries per second and MB/s (best of N runs); the goal is the
   whole folder in well under a second on one core. Not a test: it asserts
   only that every geometry decodes.

     bench_oni [-n RUNS]                 (default 5)
     bench_oni --write DIR               also write the 15 files to DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "oni/oni_gen.h"
#include "oni/oni_scale.h"
#include "retromesh/oni.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    int runs = 5;
    const char *write_dir = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--write") && i + 1 < argc)
            write_dir = argv[++i];
        else {
            fputs("usage: bench_oni [-n RUNS] [--write DIR]\n", stderr);
            return 2;
        }
    }
    if (runs < 1)
        runs = 1;
    uint8_t *data[ONI_SCALE_LEVELS];
    size_t size[ONI_SCALE_LEVELS], bytes = 0;
    double t0 = now();
    for (int i = 0; i < ONI_SCALE_LEVELS; i++) {
        if (oni_scale_level(i, &data[i], &size[i]) != 0) {
            fputs("bench_oni: out of memory\n", stderr);
            return 3;
        }
        bytes += size[i];
        if (write_dir) {
            char path[4096];
            snprintf(path, sizeof path, "%s/level%d_Final.dat", write_dir, oni_scale_levels[i]);
            if (oni_gen_write_file(path, data[i], size[i]) != 0) {
                fprintf(stderr, "bench_oni: cannot write %s\n", path);
                return 3;
            }
        }
    }
    printf("generated 15 level files, %zu bytes, in %.3f s\n", bytes, now() - t0);
    double best = 1e30;
    unsigned long geometries = 0, triangles = 0;
    uint32_t all = 0;
    for (int r = 0; r < runs; r++) {
        rm_diag diag;
        rm_diag_init(&diag);
        geometries = triangles = 0;
        all = 0;
        char line[512];
        double t = now();
        for (int i = 0; i < ONI_SCALE_LEVELS; i++) {
            rm_oni_file f;
            if (rm_oni_open(data[i], size[i], "level", &f, &diag) != RM_OK) {
                rm_diag_print(&diag, stderr, 1);
                return 1;
            }
            for (uint32_t k = 0; k < f.instance_count; k++) {
                if (f.instances[k].tag != RM_ONI_TAG_M3GM || !f.instances[k].has_data)
                    continue;
                rm_oni_geometry g;
                if (rm_oni_geometry_decode(&f, k, &g, &diag) != RM_OK) {
                    rm_diag_print(&diag, stderr, 1);
                    return 1;
                }
                int n = rm_oni_hash_line(&g, oni_scale_levels[i], line, sizeof line);
                all = rm_oni_crc32(all, line, (size_t)n);
                geometries++;
                triangles += g.triangle_count;
                rm_oni_geometry_free(&g);
            }
            rm_oni_close(&f);
        }
        t = now() - t;
        if (t < best)
            best = t;
        rm_diag_free(&diag);
    }
    if (geometries != ONI_SCALE_GEOMETRIES) {
        fprintf(stderr, "bench_oni: %lu geometries, expected %u\n", geometries, ONI_SCALE_GEOMETRIES);
        return 1;
    }
    printf("oni hash work: %lu geometries, %lu triangles, %.3f s (best of %d): %.0f geometries/s, %.1f MB/s "
           "(lines crc %08x)\n",
           geometries, triangles, best, runs, (double)geometries / best, (double)bytes / best / 1e6,
           (unsigned)all);
    for (int i = 0; i < ONI_SCALE_LEVELS; i++)
        free(data[i]);
    return 0;
}
