/* bench/bench_oni.c - the scale test of the Oni reader: a game folder of
   15 level files holding 37,862 geometries of realistic sizes (written in
   memory by tests/oni/oni_scale.c), then what `retromesh oni hash` does:
   open each file, decode every geometry, make its hash line and CRC it.
   Reports geometries per second and MB/s (best of N runs); the goal is the
   whole folder in well under a second on one core. Not a test: it asserts
   only that every geometry decodes and prints the CRC of all the lines (the
   same before and after any change to the hash).

   It also times the CRC-32 alone, zlib's crc32() against libdeflate's
   libdeflate_crc32() (what rm_crc32 uses), on the same 64 MiB of
   deterministic bytes (a 256 KiB buffer, in the cache, 256 times), in GB/s.

     bench_oni [-n RUNS]                 (default 5) CRC speeds, then the hash
     bench_oni --crc-only [-n RUNS]      only the CRC speeds
     bench_oni --hash-only [-n RUNS]     only the hash (for callgrind: the work
                                         is in hash_pass, so
                                         --toggle-collect=hash_pass counts it alone)
     bench_oni --write DIR               also write the 15 files to DIR */
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "oni/oni_gen.h"
#include "oni/oni_scale.h"
#include "retromesh/oni.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct pass_result {
    unsigned long geometries, triangles;
    uint32_t all;
} pass_result;

/* One `oni hash` over the 15 files in memory; 0, or 1 on a decode error.
   noinline: callgrind's --toggle-collect names it. */
__attribute__((noinline)) static int hash_pass(uint8_t *const *data, const size_t *size, pass_result *out)
{
    rm_diag diag;
    rm_diag_init(&diag);
    out->geometries = out->triangles = 0;
    out->all = 0;
    char line[512];
    int bad = 0;
    for (int i = 0; i < ONI_SCALE_LEVELS && !bad; i++) {
        rm_oni_file f;
        if (rm_oni_open(data[i], size[i], "level", &f, &diag) != RM_OK) {
            bad = 1;
            break;
        }
        for (uint32_t k = 0; k < f.instance_count; k++) {
            if (f.instances[k].tag != RM_ONI_TAG_M3GM || !f.instances[k].has_data)
                continue;
            rm_oni_geometry g;
            if (rm_oni_geometry_decode(&f, k, &g, &diag) != RM_OK) {
                bad = 1;
                break;
            }
            int n = rm_oni_hash_line(&g, oni_scale_levels[i], line, sizeof line);
            out->all = rm_oni_crc32(out->all, line, (size_t)n);
            out->geometries++;
            out->triangles += g.triangle_count;
            rm_oni_geometry_free(&g);
        }
        rm_oni_close(&f);
    }
    if (bad)
        rm_diag_print(&diag, stderr, 1);
    rm_diag_free(&diag);
    return bad;
}

/* The two CRC-32s over 64 MiB: a 256 KiB buffer (it stays in the cache,
   as the Oni arrays do: the CRC's speed, not the memory's) 256 times. GB/s
   (best of runs), and both values (they must be equal). */
static int crc_speed(int runs)
{
    const size_t n = (size_t)256 << 10, reps = 256;
    uint8_t *buf = malloc(n);
    if (!buf) {
        fputs("bench_oni: out of memory\n", stderr);
        return 3;
    }
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        buf[i] = (uint8_t)(s >> 56);
    }
    double best_z = 1e30, best_d = 1e30;
    uint32_t cz = 0, cd = 0;
    for (int r = 0; r < runs; r++) {
        double t = now();
        uLong c = 0;
        for (size_t k = 0; k < reps; k++)
            c = crc32(c, buf, (uInt)n);
        t = now() - t;
        cz = (uint32_t)c;
        if (t < best_z)
            best_z = t;
        t = now();
        uint32_t d = 0;
        for (size_t k = 0; k < reps; k++)
            d = libdeflate_crc32(d, buf, n);
        t = now() - t;
        cd = d;
        if (t < best_d)
            best_d = t;
    }
    free(buf);
    double total = (double)n * (double)reps;
    printf("crc32 of 64 MiB (256 KiB x 256, best of %d): zlib %.2f GB/s, libdeflate %.2f GB/s, ratio %.1fx "
           "(values %08x %08x%s)\n",
           runs, total / best_z / 1e9, total / best_d / 1e9, best_z / best_d, (unsigned)cz, (unsigned)cd,
           cz == cd ? "" : ", DIFFERENT");
    return cz == cd ? 0 : 1;
}

int main(int argc, char **argv)
{
    int runs = 5, do_crc = 1, do_hash = 1;
    const char *write_dir = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--write") && i + 1 < argc)
            write_dir = argv[++i];
        else if (!strcmp(argv[i], "--crc-only"))
            do_hash = 0;
        else if (!strcmp(argv[i], "--hash-only"))
            do_crc = 0;
        else {
            fputs("usage: bench_oni [-n RUNS] [--crc-only | --hash-only] [--write DIR]\n", stderr);
            return 2;
        }
    }
    if (runs < 1)
        runs = 1;
    if (do_crc) {
        int st = crc_speed(runs);
        if (st != 0 || !do_hash)
            return st;
    }
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
    pass_result res = {0, 0, 0};
    for (int r = 0; r < runs; r++) {
        double t = now();
        if (hash_pass(data, size, &res) != 0)
            return 1;
        t = now() - t;
        if (t < best)
            best = t;
    }
    if (res.geometries != ONI_SCALE_GEOMETRIES) {
        fprintf(stderr, "bench_oni: %lu geometries, expected %u\n", res.geometries, ONI_SCALE_GEOMETRIES);
        return 1;
    }
    printf("oni hash work: %lu geometries, %lu triangles, %.3f s (best of %d): %.0f geometries/s, %.1f MB/s "
           "(lines crc %08x)\n",
           res.geometries, res.triangles, best, runs, (double)res.geometries / best, (double)bytes / best / 1e6,
           (unsigned)res.all);
    for (int i = 0; i < ONI_SCALE_LEVELS; i++)
        free(data[i]);
    return 0;
}
