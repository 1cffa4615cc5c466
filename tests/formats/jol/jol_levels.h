/* tests/formats/jol/jol_levels.h - small levels the tests start from. */
#ifndef RM_TESTS_JOL_LEVELS_H
#define RM_TESTS_JOL_LEVELS_H

#include <stddef.h>
#include <stdint.h>

#include "retromesh/level.h"

/* The level of the seed's Python example (TERR 3 x 3, one plant, barrel ->
   fuse -> barrel2), as bytes (malloc'd). */
uint8_t *jol_example(size_t *size);
/* One CELL record (model "ROOM.JOM", reflection "MIRROR.JOM", yaw 90,
   portal_count 0) written with records of `record_size` bytes (36: as CELL version 2). */
uint8_t *jol_cells(uint16_t record_size, size_t *size);
/* Big-endian helpers to patch bytes. */
void jol_put32(uint8_t *p, uint32_t v);
void jol_put16(uint8_t *p, uint16_t v);
uint32_t jol_get32(const uint8_t *p);
/* Offset of the directory entry of a section, 0 when absent. */
size_t jol_dir_entry(const uint8_t *data, size_t size, const char *id);

#endif
