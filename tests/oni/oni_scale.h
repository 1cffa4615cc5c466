/* tests/oni/oni_scale.h - the scale data set: a game folder of 15 level
   files holding 37,862 geometries in all (the CD's count, oni-dat.md 3),
   of realistic sizes (the spec gives no distribution: a guess that errs
   on the heavy side, level0 comes out near 7 MB against the real 2.8 MB): 75% of 8-60 points, 22% of 61-300,
   3% of 301-1,000; strips of 3-40 values; textures shared within a level, placeholders for level0's
   in the other levels; every tenth geometry shares the arrays of the one
   before it. Used by bench/bench_oni.c and oni_make. */
#ifndef RM_TESTS_ONI_SCALE_H
#define RM_TESTS_ONI_SCALE_H

#include <stddef.h>
#include <stdint.h>

#define ONI_SCALE_LEVELS 15
#define ONI_SCALE_GEOMETRIES 37862u

extern const int oni_scale_levels[ONI_SCALE_LEVELS];

/* Geometries (with data) in level file i (0..14): level0 1,300, then 2,612
   x 8 and 2,611 x 6 (1300 + 20896 + 15666 = 37862). */
uint32_t oni_scale_geometry_count(int i);

/* Writes level file i into a malloc'd buffer. 0 on success. */
int oni_scale_level(int i, uint8_t **data, size_t *size);

#endif
