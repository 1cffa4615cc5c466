/* tests/formats/jom/jom_models.h - small models built in C for the JOM
   tests (and for the fixtures and fuzz seeds they write). Every model is
   malloc'd field by field: rm_jom_free() releases it.

   The values are spelled out in jom_models.c; the hand-assembled bytes in
   test_jom_write.c follow them field by field. */
#ifndef RM_TESTS_JOM_MODELS_H
#define RM_TESTS_JOM_MODELS_H

#include <stddef.h>
#include <stdint.h>

#include "retromesh/diag.h"
#include "retromesh/jom.h"

/* Material flags of the cube: RED is dual_plane|sort_min|gouraud (bits
   0, 1, 3), WALL is light|user(3) (bit 6 and bit 16 + 3). */
#define RM_JOM_TEST_FLAGS_RED 0x0000000Bu
#define RM_JOM_TEST_FLAGS_WALL 0x00080040u

/* The unit cube: 8 points, 6 quads, 2 materials (RED with gouraud,
   WALL textured), TEXT "WALL.BIN", 6 normals + corner normals, vertex
   colors, gouraud colors, 2 groups, 2 bones, 1 looping animation of 2
   keys. Written: 936 bytes. */
void jom_model_cube(rm_jom_model *m);
/* One triangle on 3 points, one material: the smallest model, QMAT with
   an odd count. Written: 172 bytes. */
void jom_model_triangle(rm_jom_model *m);
/* The triangle with 2 embedded textures (format 0 8x1, format 1 8x1),
   their TEXT names, and the material using texture 1. */
void jom_model_textured(rm_jom_model *m);
/* A skeleton of `bones` bones (1..32) without groups: a chain, keys with
   varied angles; `animations` animations of 1..3 keys. */
void jom_model_skeleton(rm_jom_model *m, uint32_t bones, uint32_t animations);

/* The cube's chunks (materials, texture name, normals, colors, gouraud, 2
   groups, 2 bones, an animation) on a grid of side x side quads (side 1 to
   254): (side + 1)^2 points, LID owning the last row. Valid. */
void jom_model_grid(rm_jom_model *m, uint32_t side);

/* Copies a C string into a char[16] name, zero padded. */
void jom_set_name(char name[16], const char *s);

/* Writes a model (which must be valid) and returns the bytes. */
uint8_t *jom_write_or_die(const rm_jom_model *m, size_t *size);

/* Files rearranged chunk by chunk, for the tests of the reader. */
typedef struct jom_piece {
    char tag[4];
    const uint8_t *data;
    size_t size;            /* of the data; written as the chunk size */
} jom_piece;

/* Splits a written file into its chunks (pointing into `file`), END
   included; returns how many. */
size_t jom_split(const uint8_t *file, size_t size, jom_piece *out, size_t max);
/* Index of the first piece with this tag, or -1. */
int jom_find(const jom_piece *p, size_t n, const char tag[4]);
/* Removes piece i. */
void jom_remove(jom_piece *p, size_t *n, size_t i);
/* Inserts a piece before index i. */
void jom_insert(jom_piece *p, size_t *n, size_t i, jom_piece piece);
/* The 24-byte header of `file`, then each piece: tag, u32 size, data. */
uint8_t *jom_join(const uint8_t *file, const jom_piece *p, size_t n, size_t *size);

/* Big-endian stores into a test buffer. */
void jom_put16(uint8_t *p, uint16_t v);
void jom_put32(uint8_t *p, uint32_t v);

/* True when one of the messages is exactly `text`. */
int jom_has_message(const rm_diag *d, const char *text);
/* Prints the messages (to help when a test fails). */
void jom_dump_messages(const rm_diag *d);

#endif
