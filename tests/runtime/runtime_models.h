/* tests/runtime/runtime_models.h - models built in C for the runtime tests
   (the values are spelled out in runtime_models.c, with the hand-computed
   results the tests expect), and a pair of loaded models: the same bytes
   loaded from memory (copied) and in place. */
#ifndef RM_TESTS_RUNTIME_MODELS_H
#define RM_TESTS_RUNTIME_MODELS_H

#include <stddef.h>
#include <stdint.h>

#include "retromesh/jom.h"
#include "retromesh/model.h"

#define ONE 0x10000
#define DEG(d) ((int16_t)((d) * 65536 / 360))   /* exact for multiples of 45 */

/* The articulated model ("the arm"): 5 bones, 3 levels deep, 5 groups, a
   shared point per joint. See runtime_models.c for the layout. */
void rt_model_arm(rm_jom_model *m);
/* One bone, the animations of the interpolation tests. */
void rt_model_anims(rm_jom_model *m);

/* Writes a valid model to bytes (aborts if the writer refuses it). */
uint8_t *rt_bytes(const rm_jom_model *m, size_t *size);

/* The same bytes loaded both ways. `bytes` stays alive for the in-place
   model; rt_pair_free frees all. */
typedef struct rt_pair {
    uint8_t *bytes;
    size_t size;
    rm_3d_model *copy;       /* rm_3d_create_model_from_memory */
    rm_3d_model *view;       /* rm_3d_create_model_in_place */
} rt_pair;

void rt_pair_make(rt_pair *p, rm_jom_model *m);   /* frees m */
void rt_pair_free(rt_pair *p);

#endif
