/* tests/oni/oni_gen.c - see oni_gen.h. Written from oni-dat.md 1.14 and
   part 2 only (not from the reader), so the reader is checked against an
   independent writer. */
#include "oni_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/oni.h"

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static void put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static void putf(uint8_t *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put32(p, u);
}
static size_t pad32(size_t x)
{
    return (x + 31) & ~(size_t)31;
}

void oni_gen_init(oni_gen *g, int level)
{
    memset(g, 0, sizeof *g);
    g->level = level;
    g->dead_fill = 1;
    g->checksum = RM_ONI_CHECKSUM_V10;
}

void oni_gen_free(oni_gen *g)
{
    for (size_t i = 0; i < g->count; i++) {
        free(g->items[i].name);
        free(g->items[i].payload);
    }
    free(g->items);
    memset(g, 0, sizeof *g);
}

static oni_gen_item *push(oni_gen *g)
{
    if (g->count == g->capacity) {
        size_t cap = g->capacity ? 2 * g->capacity : 64;
        oni_gen_item *n = realloc(g->items, cap * sizeof *n);
        if (!n)
            abort();
        g->items = n;
        g->capacity = cap;
    }
    oni_gen_item *it = &g->items[g->count++];
    memset(it, 0, sizeof *it);
    return it;
}

static char *dup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d)
        abort();
    memcpy(d, s, n);
    return d;
}

uint32_t oni_gen_add(oni_gen *g, uint32_t tag, const char *name, const void *payload, size_t size)
{
    oni_gen_item *it = push(g);
    it->tag = tag;
    it->name = dup(name);
    it->flags = name ? 0 : RM_ONI_FLAG_UNNAMED;
    it->payload = malloc(size ? size : 1);
    if (!it->payload)
        abort();
    if (size)
        memcpy(it->payload, payload, size);
    it->payload_size = size;
    return (uint32_t)(g->count - 1);
}

uint32_t oni_gen_placeholder(oni_gen *g, uint32_t tag, const char *name)
{
    oni_gen_item *it = push(g);
    it->tag = tag;
    it->name = dup(name);
    it->flags = RM_ONI_FLAG_PLACEHOLDER;
    return (uint32_t)(g->count - 1);
}

uint32_t oni_gen_link(uint32_t index)
{
    return index == ONI_GEN_NONE ? 0 : (index << 8) | 1u;
}

/* Payload with `head` bytes of dead fill before the count at head. */
static uint8_t *array_payload(oni_gen *g, size_t head, uint32_t n, size_t elem, size_t *size)
{
    *size = head + 4 + (size_t)n * elem;
    uint8_t *p = malloc(*size);
    if (!p)
        abort();
    for (size_t i = 0; i < head; i++)
        p[i] = g->dead_fill ? (uint8_t)(i & 1 ? 0xDE : 0xAD) : 0;
    put32(p + head, n);
    return p;
}

static uint32_t add_owned(oni_gen *g, uint32_t tag, uint8_t *p, size_t size)
{
    uint32_t i = oni_gen_add(g, tag, NULL, p, size);
    free(p);
    return i;
}

uint32_t oni_gen_pnta(oni_gen *g, uint32_t n, const float *xyz)
{
    size_t size;
    uint8_t *p = array_payload(g, 0x34, n, 12, &size);
    /* Bounds as on the CD: box, then centre = box centre, radius = half diagonal. */
    float lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (uint32_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            float v = xyz[3 * i + (uint32_t)k];
            if (i == 0 || v < lo[k])
                lo[k] = v;
            if (i == 0 || v > hi[k])
                hi[k] = v;
        }
    float r2 = 0;
    for (int k = 0; k < 3; k++) {
        putf(p + 0x0c + 4 * k, lo[k]);
        putf(p + 0x18 + 4 * k, hi[k]);
        putf(p + 0x24 + 4 * k, (lo[k] + hi[k]) / 2);
        r2 += (hi[k] - lo[k]) * (hi[k] - lo[k]) / 4;
    }
    putf(p + 0x30, r2);     /* squared: the reader never looks at it */
    for (uint32_t i = 0; i < 3 * n; i++)
        putf(p + 0x38 + 4 * i, xyz[i]);
    return add_owned(g, RM_ONI_TAG_PNTA, p, size);
}

uint32_t oni_gen_vcra(oni_gen *g, uint32_t n, const float *xyz)
{
    size_t size;
    uint8_t *p = array_payload(g, 0x14, n, 12, &size);
    for (uint32_t i = 0; i < 3 * n; i++)
        putf(p + 0x18 + 4 * i, xyz[i]);
    return add_owned(g, RM_ONI_TAG_VCRA, p, size);
}

uint32_t oni_gen_txca(oni_gen *g, uint32_t n, const float *uv)
{
    size_t size;
    uint8_t *p = array_payload(g, 0x14, n, 8, &size);
    for (uint32_t i = 0; i < 2 * n; i++)
        putf(p + 0x18 + 4 * i, uv[i]);
    return add_owned(g, RM_ONI_TAG_TXCA, p, size);
}

uint32_t oni_gen_idxa(oni_gen *g, uint32_t n, const uint32_t *values)
{
    size_t size;
    uint8_t *p = array_payload(g, 0x14, n, 4, &size);
    for (uint32_t i = 0; i < n; i++)
        put32(p + 0x18 + 4 * i, values[i]);
    return add_owned(g, RM_ONI_TAG_IDXA, p, size);
}

uint32_t oni_gen_txmp(oni_gen *g, const char *name)
{
    uint8_t p[0xB8];
    memset(p, 0, sizeof p);
    put32(p + 0x80, 0x1000);    /* swap bytes, as on Windows retail */
    put16(p + 0x84, 0);
    put16(p + 0x86, 0);
    put32(p + 0x88, 1);         /* RGB555 */
    return oni_gen_add(g, RM_ONI_TAG_TXMP, name, p, sizeof p);
}

uint32_t oni_gen_m3gm(oni_gen *g, const char *name, const uint32_t links[7])
{
    uint8_t p[0x24];
    memset(p, 0, sizeof p);
    for (int i = 0; i < 7; i++)
        put32(p + 4 + 4 * i, oni_gen_link(links[i]));
    return oni_gen_add(g, RM_ONI_TAG_M3GM, name, p, sizeof p);
}

/* qsort has no context argument: the generator being sorted. */
static const oni_gen *sort_gen;
static int cmp_name(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return strcmp(sort_gen->items[x].name, sort_gen->items[y].name);
}

int oni_gen_finish(oni_gen *g, uint8_t **data, size_t *size)
{
    size_t ni = g->count, nn = 0;
    uint32_t tags[256];
    uint32_t tag_counts[256];
    size_t nt = 0;
    for (size_t i = 0; i < ni; i++) {
        if (g->items[i].name)
            nn++;
        size_t k = 0;
        while (k < nt && tags[k] != g->items[i].tag)
            k++;
        if (k == nt) {
            if (nt == 256)
                abort();
            tags[nt] = g->items[i].tag;
            tag_counts[nt++] = 0;
        }
        tag_counts[k]++;
    }
    /* Templates sorted by tag value. */
    for (size_t i = 1; i < nt; i++)
        for (size_t j = i; j > 0 && tags[j - 1] > tags[j]; j--) {
            uint32_t t = tags[j];
            tags[j] = tags[j - 1];
            tags[j - 1] = t;
            t = tag_counts[j];
            tag_counts[j] = tag_counts[j - 1];
            tag_counts[j - 1] = t;
        }
    size_t data_off = pad32(64 + 20 * ni + 8 * nn + 16 * nt);
    size_t data_size = 0, name_size = 0;
    for (size_t i = 0; i < ni; i++) {
        if (g->items[i].payload)
            data_size += pad32(8 + g->items[i].payload_size);
        if (g->items[i].name)
            name_size += strlen(g->items[i].name) + 1;
    }
    size_t name_off = pad32(data_off + data_size);
    size_t total = name_off + name_size;
    uint8_t *f = calloc(total, 1);
    uint32_t *named = malloc((nn ? nn : 1) * sizeof *named);
    if (!f || !named) {
        free(f);
        free(named);
        oni_gen_free(g);
        return -1;
    }
    put32(f, (uint32_t)g->checksum);
    put32(f + 4, (uint32_t)(g->checksum >> 32));
    put32(f + 8, RM_ONI_VERSION_VR31);
    put16(f + 0x0c, 64);
    put16(f + 0x0e, 20);
    put16(f + 0x10, 16);
    put16(f + 0x12, 8);
    put32(f + 0x14, (uint32_t)ni);
    put32(f + 0x18, (uint32_t)nn);
    put32(f + 0x1c, (uint32_t)nt);
    put32(f + 0x20, (uint32_t)data_off);
    put32(f + 0x24, (uint32_t)data_size);
    put32(f + 0x28, (uint32_t)name_off);
    put32(f + 0x2c, (uint32_t)name_size);
    uint32_t file_id = ((uint32_t)g->level << 25) | 1u;
    size_t rec = data_off, name_pos = 0, k = 0;
    for (size_t i = 0; i < ni; i++) {
        oni_gen_item *it = &g->items[i];
        uint8_t *d = f + 64 + 20 * i;
        put32(d, it->tag);
        if (it->payload) {
            size_t rs = pad32(8 + it->payload_size);
            put32(d + 4, (uint32_t)(rec - data_off + 8));
            put32(d + 12, (uint32_t)rs);
            put32(f + rec, ((uint32_t)i << 8) | 1u);
            put32(f + rec + 4, file_id);
            memcpy(f + rec + 8, it->payload, it->payload_size);
            for (size_t j = 8 + it->payload_size; j < rs; j++)
                f[rec + j] = g->dead_fill ? (uint8_t)(j & 1 ? 0xDE : 0xAD) : 0;
            rec += rs;
        }
        if (it->name) {
            put32(d + 8, (uint32_t)name_pos);
            memcpy(f + name_off + name_pos, it->name, strlen(it->name) + 1);
            name_pos += strlen(it->name) + 1;
            named[k++] = (uint32_t)i;
        }
        put32(d + 16, it->flags);
    }
    sort_gen = g;
    if (nn)
        qsort(named, nn, sizeof *named, cmp_name);
    for (size_t i = 0; i < nn; i++)
        put32(f + 64 + 20 * ni + 8 * i, named[i]);
    uint8_t *t = f + 64 + 20 * ni + 8 * nn;
    for (size_t i = 0; i < nt; i++) {
        uint64_t sum = 0;
        switch (tags[i]) {
        case RM_ONI_TAG_IDXA: sum = 0x2708Full; break;
        case RM_ONI_TAG_M3GA: sum = 0x5206B20B2ull; break;
        case RM_ONI_TAG_M3GM: sum = 0x27A078E436ull; break;
        case RM_ONI_TAG_PNTA: sum = 0x37676Cull; break;
        case RM_ONI_TAG_TXCA: sum = 0x9141Aull; break;
        case RM_ONI_TAG_TXMP: sum = 0x891187581ull; break;
        case RM_ONI_TAG_VCRA: sum = 0x54739ull; break;
        default: break;
        }
        put32(t + 16 * i, (uint32_t)sum);
        put32(t + 16 * i + 4, (uint32_t)(sum >> 32));
        put32(t + 16 * i + 8, tags[i]);
        put32(t + 16 * i + 12, tag_counts[i]);
    }
    free(named);
    oni_gen_free(g);
    *data = f;
    *size = total;
    return 0;
}

int oni_gen_write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t w = fwrite(data, 1, size, f);
    int rc = fclose(f);
    return (w == size && rc == 0) ? 0 : -1;
}

static uint32_t rnd(uint32_t *s)
{
    /* xorshift32: deterministic on every platform. */
    uint32_t x = *s ? *s : 1u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

uint32_t oni_gen_random_geometry(oni_gen *g, const char *name, uint32_t points, uint32_t strips,
                                 uint32_t texture, uint32_t *seed)
{
    if (points < 3)
        points = 3;
    if (strips < 1)
        strips = 1;
    float *xyz = malloc(points * 12u), *vn = malloc(points * 12u), *uv = malloc(points * 8u);
    if (!xyz || !vn || !uv)
        abort();
    for (uint32_t i = 0; i < points; i++) {
        for (int k = 0; k < 3; k++) {
            xyz[3 * i + (uint32_t)k] = (float)((int)(rnd(seed) % 2001u) - 1000) / 100.0f;
            vn[3 * i + (uint32_t)k] = 0;
        }
        vn[3 * i + 1] = 1.0f;
        uv[2 * i] = (float)(rnd(seed) % 1025u) / 1024.0f;
        uv[2 * i + 1] = (float)(rnd(seed) % 1025u) / 1024.0f;
    }
    /* Strips of 3..40 values covering the points roughly once. */
    size_t cap = (size_t)strips * 40 + 3, n = 0;
    uint32_t *v = malloc(cap * 4);
    if (!v)
        abort();
    for (uint32_t s = 0; s < strips; s++) {
        uint32_t len = 3 + rnd(seed) % 38u;
        for (uint32_t j = 0; j < len; j++) {
            uint32_t p = rnd(seed) % points;
            v[n++] = j == 0 ? (p | 0x80000000u) : p;
        }
    }
    uint32_t tris = (uint32_t)n - 2 * strips;
    uint32_t fn_count = tris / 2 + 1;
    float *fn = malloc(fn_count * 12u);
    uint32_t *fni = malloc(tris * 4u + 4u);
    if (!fn || !fni)
        abort();
    for (uint32_t i = 0; i < fn_count; i++) {
        fn[3 * i] = 0;
        fn[3 * i + 1] = 0;
        fn[3 * i + 2] = (i & 1) ? -1.0f : 1.0f;
    }
    for (uint32_t i = 0; i < tris; i++)
        fni[i] = rnd(seed) % fn_count;
    uint32_t links[7];
    links[0] = oni_gen_pnta(g, points, xyz);
    links[1] = oni_gen_vcra(g, points, vn);
    links[2] = oni_gen_vcra(g, fn_count, fn);
    links[3] = oni_gen_txca(g, points, uv);
    links[4] = oni_gen_idxa(g, (uint32_t)n, v);
    links[5] = oni_gen_idxa(g, tris, fni);
    links[6] = texture;
    free(xyz);
    free(vn);
    free(uv);
    free(v);
    free(fn);
    free(fni);
    return oni_gen_m3gm(g, name, links);
}
