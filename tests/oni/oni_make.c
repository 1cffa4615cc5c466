/* tests/oni/oni_make.c - writes synthetic Oni data with the test generator.

     oni_make quad FILE        the spec's worked example (oni-dat.md 1.14), with its TXMP
                               a placeholder; decoded by hand in docs/oni.md
     oni_make game DIR         a small game folder: level0_Final.dat and level1_Final.dat
                               (named and unnamed geometries, shared arrays, placeholders,
                               several strips, a texture link of 0)
     oni_make scale DIR        15 level files, 37,862 geometries of realistic sizes
                               (oni-dat.md 3): the scale test of bench/bench_oni.c
     oni_make seeds FUZZDIR    small seeds into FUZZDIR/oni and FUZZDIR/m3gm

   Everything is deterministic (a fixed xorshift seed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oni/oni_gen.h"
#include "oni/oni_scale.h"
#include "retromesh/oni.h"

static int write_gen(oni_gen *g, const char *dir, const char *name)
{
    uint8_t *d;
    size_t n;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (oni_gen_finish(g, &d, &n) != 0 || oni_gen_write_file(path, d, n) != 0) {
        fprintf(stderr, "oni_make: cannot write %s\n", path);
        return 1;
    }
    free(d);
    return 0;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void add_quad(oni_gen *g, int texture_placeholder)
{
    static const float pts[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    static const float vn[12] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    static const float fn[3] = {0, 0, 1};
    static const float uv[8] = {0, 0, 1, 0, 0, 1, 1, 1};
    static const uint32_t strip[4] = {0x80000000u, 1, 2, 3};
    static const uint32_t fni[2] = {0, 0};
    uint32_t base = (uint32_t)g->count;
    uint8_t m3gm[0x24] = {0};
    for (uint32_t i = 0; i < 7; i++)
        put32(m3gm + 4 + 4 * i, ((base + i + 1) << 8) | 1u);
    oni_gen_add(g, RM_ONI_TAG_M3GM, "M3GMquad", m3gm, sizeof m3gm);
    oni_gen_pnta(g, 4, pts);
    oni_gen_vcra(g, 4, vn);
    oni_gen_vcra(g, 1, fn);
    oni_gen_txca(g, 4, uv);
    oni_gen_idxa(g, 4, strip);
    oni_gen_idxa(g, 2, fni);
    if (texture_placeholder)
        oni_gen_placeholder(g, RM_ONI_TAG_TXMP, "TXMPquad_tex");
    else
        oni_gen_txmp(g, "TXMPquad_tex");
}

/* The wiki's door: 16 points (a box 18 x 0.8 x 30, each corner twice),
   the 22 strip values of oni-dat.md 2.5, 12 face normals. */
static void add_door(oni_gen *g, uint32_t texture)
{
    float pts[48], vn[48], uv[32], fn[36];
    for (uint32_t i = 0; i < 16; i++) {
        uint32_t c = i % 8;
        pts[3 * i] = (c & 1) ? 9.0f : -9.0f;
        pts[3 * i + 1] = (c & 2) ? 0.4f : -0.4f;
        pts[3 * i + 2] = (c & 4) ? 15.0f : -15.0f;
        vn[3 * i] = 0;
        vn[3 * i + 1] = (c & 2) ? 1.0f : -1.0f;
        vn[3 * i + 2] = 0;
        uv[2 * i] = (float)(c & 1);
        uv[2 * i + 1] = (float)((c >> 2) & 1);
    }
    for (uint32_t i = 0; i < 12; i++) {
        fn[3 * i] = 0;
        fn[3 * i + 1] = (i & 1) ? -1.0f : 1.0f;
        fn[3 * i + 2] = 0;
    }
    static const uint32_t strip[22] = {0x80000000u, 2, 1, 5, 4, 7, 6, 0x8000000Au, 8, 11, 13, 12,
                                       0x8000000Fu, 1, 14, 4, 0x80000002u, 0, 3, 0x80000008u, 10, 9};
    uint32_t fni[12];
    for (uint32_t i = 0; i < 12; i++)
        fni[i] = i;
    uint32_t links[7];
    links[0] = oni_gen_pnta(g, 16, pts);
    links[1] = oni_gen_vcra(g, 16, vn);
    links[2] = oni_gen_vcra(g, 12, fn);
    links[3] = oni_gen_txca(g, 16, uv);
    links[4] = oni_gen_idxa(g, 22, strip);
    links[5] = oni_gen_idxa(g, 12, fni);
    links[6] = texture;
    oni_gen_m3gm(g, "M3GMdoor_1_0", links);
}

static int make_game(const char *dir)
{
    uint32_t seed = 12345;
    oni_gen g;
    /* level0: the shared textures and two geometries. */
    oni_gen_init(&g, 0);
    uint32_t rl = oni_gen_txmp(&g, "TXMPrl_1");
    oni_gen_txmp(&g, "TXMPquad_tex");
    oni_gen_random_geometry(&g, "M3GMlamp", 24, 4, rl, &seed);
    oni_gen_random_geometry(&g, NULL, 9, 1, ONI_GEN_NONE, &seed);
    if (write_gen(&g, dir, "level0_Final.dat"))
        return 1;
    /* level1: the quad, the door with a placeholder texture, an unnamed
       geometry with texture link 0, one sharing the door's arrays, a
       placeholder geometry. */
    oni_gen_init(&g, 1);
    add_quad(&g, 1);
    uint32_t tex = oni_gen_placeholder(&g, RM_ONI_TAG_TXMP, "TXMPrl_1");
    add_door(&g, tex);
    uint32_t door = (uint32_t)g.count - 1;
    oni_gen_random_geometry(&g, NULL, 30, 3, ONI_GEN_NONE, &seed);
    uint32_t links[7] = {door - 6, door - 5, door - 4, door - 3, door - 2, door - 1, ONI_GEN_NONE};
    oni_gen_m3gm(&g, "M3GMdoor_shared", links);
    oni_gen_placeholder(&g, RM_ONI_TAG_M3GM, "M3GMlamp");
    return write_gen(&g, dir, "level1_Final.dat");
}

static int make_seeds(const char *dir)
{
    char sub[4096];
    snprintf(sub, sizeof sub, "%s/oni", dir);
    oni_gen g;
    oni_gen_init(&g, 1);
    add_quad(&g, 1);
    if (write_gen(&g, sub, "quad.dat"))
        return 1;
    oni_gen_init(&g, 3);
    add_door(&g, oni_gen_txmp(&g, "TXMPrl_1"));
    if (write_gen(&g, sub, "door.dat"))
        return 1;
    uint32_t seed = 99;
    oni_gen_init(&g, 2);
    g.dead_fill = 0;
    oni_gen_random_geometry(&g, NULL, 12, 3, ONI_GEN_NONE, &seed);
    oni_gen_placeholder(&g, RM_ONI_TAG_M3GM, "M3GMelsewhere");
    if (write_gen(&g, sub, "unnamed.dat"))
        return 1;
    /* m3gm seeds: point count, face normal count, strip values. */
    static const uint32_t door[24] = {16, 12, 0x80000000u, 2, 1, 5, 4, 7, 6, 0x8000000Au, 8, 11, 13, 12,
                                      0x8000000Fu, 1, 14, 4, 0x80000002u, 0, 3, 0x80000008u, 10, 9};
    static const uint32_t quad[6] = {4, 1, 0x80000000u, 1, 2, 3};
    const struct {
        const char *name;
        const uint32_t *v;
        size_t n;
    } m[2] = {{"door.bin", door, 24}, {"quad.bin", quad, 6}};
    for (int i = 0; i < 2; i++) {
        uint8_t buf[96];
        for (size_t k = 0; k < m[i].n; k++)
            put32(buf + 4 * k, m[i].v[k]);
        char path[4096];
        snprintf(path, sizeof path, "%s/m3gm/%s", dir, m[i].name);
        if (oni_gen_write_file(path, buf, 4 * m[i].n) != 0) {
            fprintf(stderr, "oni_make: cannot write %s\n", path);
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fputs("usage: oni_make quad FILE | game DIR | scale DIR | seeds FUZZDIR\n", stderr);
        return 2;
    }
    if (!strcmp(argv[1], "quad")) {
        oni_gen g;
        oni_gen_init(&g, 1);
        add_quad(&g, 1);
        uint8_t *d;
        size_t n;
        if (oni_gen_finish(&g, &d, &n) != 0 || oni_gen_write_file(argv[2], d, n) != 0)
            return 1;
        free(d);
        return 0;
    }
    if (!strcmp(argv[1], "game"))
        return make_game(argv[2]);
    if (!strcmp(argv[1], "seeds"))
        return make_seeds(argv[2]);
    if (!strcmp(argv[1], "scale")) {
        for (int i = 0; i < ONI_SCALE_LEVELS; i++) {
            uint8_t *d;
            size_t n;
            char path[4096];
            snprintf(path, sizeof path, "%s/level%d_Final.dat", argv[2], oni_scale_levels[i]);
            if (oni_scale_level(i, &d, &n) != 0 || oni_gen_write_file(path, d, n) != 0) {
                fprintf(stderr, "oni_make: cannot write %s\n", path);
                return 1;
            }
            free(d);
        }
        return 0;
    }
    fprintf(stderr, "oni_make: unknown mode '%s'\n", argv[1]);
    return 2;
}
