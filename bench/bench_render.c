/* bench/bench_render.c - milliseconds per frame of the preview renderer
   (src/render) for a ~1,000-polygon textured model at 320x240: a sphere of
   40 x 25 quads built in memory, one 32x32 RGB555 texture, turning 3
   degrees a frame. Measures; asserts nothing.
     bench_render [-n FRAMES]     (default 300) */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "retromesh/render.h"

#define SEG 40
#define RINGS 25

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *must(void *p)
{
    if (!p) {
        fprintf(stderr, "bench_render: out of memory\n");
        exit(3);
    }
    return p;
}

static rm_fixed fx(double v)
{
    rm_fixed f = 0;
    rm_fixed_from_double(v, &f);
    return f;
}

/* Point (i, j): longitude i of SEG, latitude j of RINGS (0: top pole). */
static void build(rm_jom_model *m)
{
    const double pi = 3.14159265358979323846;
    rm_jom_init(m);
    m->point_count = SEG * (RINGS + 1);
    m->points = must(calloc(m->point_count, sizeof *m->points));
    for (int j = 0; j <= RINGS; j++)
        for (int i = 0; i < SEG; i++) {
            double th = pi * j / RINGS, ph = 2 * pi * i / SEG;
            m->points[j * SEG + i] = (rm_vec3x){fx(sin(th) * cos(ph)), fx(-cos(th)), fx(sin(th) * sin(ph))};
        }
    m->polygon_count = SEG * RINGS;
    m->polygons = must(calloc(m->polygon_count, sizeof *m->polygons));
    m->polygon_materials = must(calloc(m->polygon_count, sizeof(uint16_t)));
    for (int j = 0; j < RINGS; j++)
        for (int i = 0; i < SEG; i++) {
            rm_jom_polygon *q = &m->polygons[j * SEG + i];
            int i1 = (i + 1) % SEG;
            /* Clockwise seen from outside (y down): outward normal. */
            q->v[0] = (uint16_t)(j * SEG + i1);
            q->v[1] = (uint16_t)(j * SEG + i);
            q->v[2] = (uint16_t)((j + 1) * SEG + i);
            q->v[3] = (uint16_t)((j + 1) * SEG + i1);
            double th = pi * (j + 0.5) / RINGS, ph = 2 * pi * (i + 0.5) / SEG;
            q->normal = (rm_vec3x){fx(sin(th) * cos(ph)), fx(-cos(th)), fx(sin(th) * sin(ph))};
        }
    m->material_count = 1;
    m->materials = must(calloc(1, sizeof *m->materials));
    strcpy(m->materials[0].name, "CHECK");
    m->materials[0].texture = 0;
    m->texture_count = 1;
    m->textures = must(calloc(1, sizeof *m->textures));
    strcpy(m->textures[0], "CHECK.BIN");
    m->texture_image_count = 1;
    m->texture_images = must(calloc(1, sizeof *m->texture_images));
    rm_jom_texture *t = &m->texture_images[0];
    strcpy(t->name, "CHECK.BIN");
    t->width = t->height = 32;
    t->pixel_size = 32 * 32 * 2;
    t->pixels = must(malloc(t->pixel_size));
    for (int k = 0; k < 32 * 32; k++) {
        uint16_t c = ((k / 32 / 4 + k % 32 / 4) & 1) ? rm_rgb555(31, 24, 0) : rm_rgb555(0, 8, 20);
        t->pixels[2 * k] = (uint8_t)(c >> 8);
        t->pixels[2 * k + 1] = (uint8_t)c;
    }
    m->radius = fx(1.0);
}

int main(int argc, char **argv)
{
    int frames = 300;
    if (argc == 3 && !strcmp(argv[1], "-n"))
        frames = atoi(argv[2]);
    if (frames < 1) {
        fprintf(stderr, "usage: bench_render [-n FRAMES]\n");
        return 2;
    }
    rm_jom_model m;
    build(&m);
    rm_render_scene s;
    rm_diag d;
    rm_diag_init(&d);
    if (rm_render_scene_from_jom(&m, "sphere", NULL, &s, &d) != RM_OK) {
        rm_diag_print(&d, stderr, 1);
        return 1;
    }
    rm_diag_free(&d);
    rm_render_options o;
    rm_render_options_default(&o);
    o.pitch = 20;
    uint16_t *fb = must(malloc(320 * 240 * 2));
    double best = 1e9, total = 0;
    for (int f = 0; f < frames; f++) {
        o.yaw = 3.0 * f;
        double t0 = now();
        rm_render_frame(&s, NULL, 0, &o, fb);
        double dt = now() - t0;
        total += dt;
        best = dt < best ? dt : best;
    }
    printf("render: %u polygons, textured 32x32, 320x240: %.3f ms/frame (mean of %d), best %.3f ms\n",
           rm_3d_model_polygon_count(s.model), total / frames * 1e3, frames, best * 1e3);
    free(fb);
    rm_render_scene_free(&s);
    rm_jom_free(&m);
    return 0;
}
