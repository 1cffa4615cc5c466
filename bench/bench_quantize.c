/* bench/bench_quantize.c - rm_quantize16 against libimagequant (the
   library behind pngquant), same pictures, same color budget.

   Usage: bench_quantize [-n RUNS] IMAGE...

   Each image is decoded with rm_image_load_file and box-resized to fit in
   256 x 256 (aspect kept). Then:
     ours   rm_quantize16, no dithering: 15 opaque colors + transparent;
     liq15  libimagequant with 15 colors (16 when the picture has
            transparent pixels: its transparent entry takes one), the same
            budget as the Saturn's 16-color lookup table;
     liq16  libimagequant with 16 colors, one more than the LUT can give.
   libimagequant runs with dithering 0, speed 1 (its best), default quality;
   it is deterministic for a given input. Both results are turned into
   RGB555 words (rm_rgb555_from_rgba for libimagequant's palette) and
   compared with the RGB555 picture (rm_image_to_rgb555, no dithering) by
   rm_rgb555_psnr: dB in 5-bit units, transparent pixels left out. Times are
   the best of RUNS runs (default 3) in milliseconds. The last line sums up
   which did better.

   libimagequant is GPL-3: this program is a benchmark only; the library
   never links it (bench/CMakeLists.txt builds this only when pkg-config
   finds imagequant). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libimagequant.h>

#include "retromesh/image.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* libimagequant with `colors` colors; RGB555 result in `out`. Returns the
   time in ms, or a negative number on failure. */
static double liq_run(const rm_image *img, int colors, uint16_t *out)
{
    double t0 = now_ms();
    liq_attr *attr = liq_attr_create();
    if (!attr)
        return -1;
    liq_set_max_colors(attr, colors);
    liq_set_speed(attr, 1);
    liq_image *li = liq_image_create_rgba(attr, img->rgba, (int)img->width, (int)img->height, 0);
    liq_result *res = NULL;
    size_t n = (size_t)img->width * img->height;
    unsigned char *idx = malloc(n);
    double t = -1;
    if (li && idx && liq_image_quantize(li, attr, &res) == LIQ_OK) {
        liq_set_dithering_level(res, 0.0f);
        if (liq_write_remapped_image(res, li, idx, n) == LIQ_OK) {
            const liq_palette *pal = liq_get_palette(res);
            t = now_ms() - t0;
            uint16_t words[256];
            for (unsigned i = 0; i < pal->count && i < 256; i++)
                words[i] = rm_rgb555_from_rgba(pal->entries[i].r, pal->entries[i].g,
                                               pal->entries[i].b, pal->entries[i].a);
            for (size_t i = 0; i < n; i++)
                out[i] = words[idx[i]];
        }
    }
    if (res)
        liq_result_destroy(res);
    if (li)
        liq_image_destroy(li);
    liq_attr_destroy(attr);
    free(idx);
    return t;
}

static double ours_run(const rm_image *img, uint16_t *out)
{
    uint16_t pal[16];
    size_t n = (size_t)img->width * img->height;
    uint8_t *idx = malloc(n);
    if (!idx)
        return -1;
    double t0 = now_ms();
    rm_status st = rm_quantize16(img, false, pal, idx);
    double t = now_ms() - t0;
    for (size_t i = 0; st == RM_OK && i < n; i++)
        out[i] = pal[idx[i]];
    free(idx);
    return st == RM_OK ? t : -1;
}

int main(int argc, char **argv)
{
    int runs = 3;
    int first = 1;
    if (argc > 2 && strcmp(argv[1], "-n") == 0) {
        runs = atoi(argv[2]);
        first = 3;
        if (runs < 1)
            runs = 1;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: bench_quantize [-n RUNS] IMAGE...\n");
        return 2;
    }
    printf("%-32s %9s | %8s %8s | %8s %8s | %8s %8s\n", "image", "size", "ours dB", "ms",
           "liq15 dB", "ms", "liq16 dB", "ms");
    double sum_ours = 0, sum_liq15 = 0, sum_liq16 = 0, t_ours = 0, t_liq = 0;
    int count = 0, wins = 0, losses = 0;
    for (int a = first; a < argc; a++) {
        rm_diag d;
        rm_diag_init(&d);
        rm_image full, img;
        if (rm_image_load_file(argv[a], &full, &d) != RM_OK) {
            rm_diag_print(&d, stderr, 1);
            rm_diag_free(&d);
            continue;
        }
        rm_diag_free(&d);
        uint32_t w = full.width, h = full.height;
        if (w > 256 || h > 256) {
            /* Scale so the larger side is 256. */
            if (w >= h) {
                h = (uint32_t)((uint64_t)h * 256 / w);
                w = 256;
            } else {
                w = (uint32_t)((uint64_t)w * 256 / h);
                h = 256;
            }
            w = w ? w : 1;
            h = h ? h : 1;
        }
        if (rm_image_resize_box(&full, w, h, &img) != RM_OK) {
            rm_image_free(&full);
            continue;
        }
        rm_image_free(&full);
        size_t n = (size_t)w * h;
        uint16_t *ref = malloc(n * 2), *q = malloc(n * 2);
        rm_image_to_rgb555(&img, false, ref);
        bool transparent = false;
        for (size_t i = 0; i < n; i++)
            transparent |= img.rgba[4 * i + 3] < 128;

        double best_ours = 1e30, best_liq15 = 1e30, best_liq16 = 1e30;
        double db_ours = 0, db_liq15 = 0, db_liq16 = 0;
        for (int r = 0; r < runs; r++) {
            double t = ours_run(&img, q);
            if (t < best_ours)
                best_ours = t;
            db_ours = rm_rgb555_psnr(ref, q, n);
            t = liq_run(&img, transparent ? 16 : 15, q);
            if (t >= 0 && t < best_liq15)
                best_liq15 = t;
            db_liq15 = t >= 0 ? rm_rgb555_psnr(ref, q, n) : 0;
            t = liq_run(&img, 16, q);
            if (t >= 0 && t < best_liq16)
                best_liq16 = t;
            db_liq16 = t >= 0 ? rm_rgb555_psnr(ref, q, n) : 0;
        }
        const char *base = strrchr(argv[a], '/');
        base = base ? base + 1 : argv[a];
        char size[32];
        snprintf(size, sizeof size, "%ux%u", w, h);
        printf("%-32.32s %9s | %8.2f %8.2f | %8.2f %8.2f | %8.2f %8.2f\n", base, size, db_ours,
               best_ours, db_liq15, best_liq15, db_liq16, best_liq16);
        sum_ours += db_ours;
        sum_liq15 += db_liq15;
        sum_liq16 += db_liq16;
        t_ours += best_ours;
        t_liq += best_liq15;
        count++;
        wins += db_ours > db_liq15 + 0.005;
        losses += db_ours < db_liq15 - 0.005;
        free(ref);
        free(q);
        rm_image_free(&img);
    }
    if (!count)
        return 1;
    printf("mean over %d images: ours %.2f dB in %.1f ms total, libimagequant (same budget) "
           "%.2f dB in %.1f ms total, libimagequant 16 colors %.2f dB\n",
           count, sum_ours / count, t_ours, sum_liq15 / count, t_liq, sum_liq16 / count);
    printf("ours better on %d, libimagequant better on %d, equal on %d: %s\n", wins, losses,
           count - wins - losses,
           sum_ours > sum_liq15 ? "rm_quantize16 has the higher mean PSNR"
                                : "libimagequant has the higher mean PSNR");
    return 0;
}
