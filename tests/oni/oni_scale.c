/* tests/oni/oni_scale.c - see oni_scale.h. */
#include "oni_scale.h"

#include <stdio.h>

#include "oni_gen.h"
#include "retromesh/oni.h"

const int oni_scale_levels[ONI_SCALE_LEVELS] = {0, 1, 2, 3, 4, 6, 8, 9, 10, 11, 12, 13, 14, 18, 19};

uint32_t oni_scale_geometry_count(int i)
{
    if (i == 0)
        return 1300;
    return i <= 8 ? 2612 : 2611;
}

static uint32_t rnd(uint32_t *s)
{
    uint32_t x = *s ? *s : 1u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

int oni_scale_level(int i, uint8_t **data, size_t *size)
{
    int level = oni_scale_levels[i];
    uint32_t seed = 0x9E3779B9u ^ (uint32_t)level;
    oni_gen g;
    oni_gen_init(&g, level);
    /* 40 textures: level0 owns them; the others name them as placeholders. */
    uint32_t tex[40];
    char name[64];
    for (int t = 0; t < 40; t++) {
        snprintf(name, sizeof name, "TXMPtex_%02d", t);
        tex[t] = level == 0 ? oni_gen_txmp(&g, name) : oni_gen_placeholder(&g, RM_ONI_TAG_TXMP, name);
    }
    uint32_t n = oni_scale_geometry_count(i);
    uint32_t last = ONI_GEN_NONE;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = rnd(&seed);
        uint32_t texture = (r % 16u == 0) ? ONI_GEN_NONE : tex[r % 40u];
        const char *nm = NULL;
        if (k % 3 == 0) {
            snprintf(name, sizeof name, "M3GMl%d_part_%u", level, k);
            nm = name;
        }
        if (k % 10 == 9 && last != ONI_GEN_NONE) {
            uint32_t links[7] = {last - 6, last - 5, last - 4, last - 3, last - 2, last - 1, texture};
            oni_gen_m3gm(&g, nm, links);
            continue;
        }
        uint32_t pick = rnd(&seed) % 100u, points;
        if (pick < 75)
            points = 8 + rnd(&seed) % 53u;      /* body parts, small props: 8-60 */
        else if (pick < 97)
            points = 61 + rnd(&seed) % 240u;    /* props, furniture: 61-300 */
        else
            points = 301 + rnd(&seed) % 700u;   /* weapons, big furniture: 301-1000 */
        uint32_t strips = 1 + points / 10;
        last = oni_gen_random_geometry(&g, nm, points, strips, texture, &seed);
    }
    return oni_gen_finish(&g, data, size);
}
