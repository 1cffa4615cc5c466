/* tests/oni/oni_gen.h - writes synthetic Oni level files (levelN_Final.dat)
   following the recipe of oni-dat.md 1.14. Test code only: the game's data
   cannot be shipped, so the tests, the fuzz seeds and the benchmark build
   their files with this.

   Usage:
     oni_gen g;
     oni_gen_init(&g, 1);                              // level1_Final.dat
     uint32_t p = oni_gen_pnta(&g, 4, pts);            // children first (unnamed)
     ...
     uint32_t links[7] = {p, vn, fn, uv, strips, fni, tex};
     oni_gen_m3gm(&g, "M3GMquad", links);              // links are indexes or ONI_GEN_NONE
     uint8_t *data; size_t size;
     oni_gen_finish(&g, &data, &size);                 // malloc'd, caller frees; frees g

   Instances get descriptor indexes in the order they are added. */
#ifndef RM_TESTS_ONI_GEN_H
#define RM_TESTS_ONI_GEN_H

#include <stddef.h>
#include <stdint.h>

#define ONI_GEN_NONE 0xFFFFFFFFu

typedef struct oni_gen_item {
    uint32_t tag;
    uint32_t flags;
    char *name;             /* full name or NULL */
    uint8_t *payload;       /* instance data (rel offsets), NULL for a placeholder */
    size_t payload_size;
} oni_gen_item;

typedef struct oni_gen {
    int level;
    size_t count, capacity;
    oni_gen_item *items;
    int dead_fill;          /* fill padding with AD DE (1, default) or zeros (0) */
    uint64_t checksum;      /* header 0x00, default v1.0 */
} oni_gen;

void oni_gen_init(oni_gen *g, int level);
/* Any instance: payload copied. name NULL: unnamed (flag 0x01). */
uint32_t oni_gen_add(oni_gen *g, uint32_t tag, const char *name, const void *payload, size_t size);
/* A named placeholder (flag 0x02, no data). */
uint32_t oni_gen_placeholder(oni_gen *g, uint32_t tag, const char *name);
/* Typed helpers (unnamed unless name given). Floats: x y z per point. */
uint32_t oni_gen_pnta(oni_gen *g, uint32_t n, const float *xyz);
uint32_t oni_gen_vcra(oni_gen *g, uint32_t n, const float *xyz);
uint32_t oni_gen_txca(oni_gen *g, uint32_t n, const float *uv);
uint32_t oni_gen_idxa(oni_gen *g, uint32_t n, const uint32_t *values);
/* A TXMP record (192 bytes; width/height 0), named. */
uint32_t oni_gen_txmp(oni_gen *g, const char *name);
/* links: points, vertex normals, face normals, UVs, strips, face normal
   indexes, texture (ONI_GEN_NONE: link 0). */
uint32_t oni_gen_m3gm(oni_gen *g, const char *name, const uint32_t links[7]);
/* The link value of an index: (index << 8) | 1, 0 for ONI_GEN_NONE. */
uint32_t oni_gen_link(uint32_t index);

/* Lays the file out and frees the generator. 0 on success, -1 out of memory. */
int oni_gen_finish(oni_gen *g, uint8_t **data, size_t *size);
void oni_gen_free(oni_gen *g);

/* Writes to a file: 0 on success. */
int oni_gen_write_file(const char *path, const uint8_t *data, size_t size);

/* A complete small geometry with its own arrays: a box-like strip mesh of
   `points` points (>= 3) and `strips` strips, random but deterministic from
   `seed`. Adds 7 instances (6 children + M3GM) and returns the M3GM index.
   `texture` is a TXMP index or ONI_GEN_NONE. */
uint32_t oni_gen_random_geometry(oni_gen *g, const char *name, uint32_t points, uint32_t strips,
                                 uint32_t texture, uint32_t *seed);

#endif
