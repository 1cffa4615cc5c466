/* retromesh/fixed.h - Q16.16 fixed point (jo_fixed) and Saturn colors.

   Usage:
     rm_fixed f;
     if (!rm_fixed_from_double(1.5, &f)) { ... out of range ... }   // f = 0x18000
     double d = rm_fixed_to_double(f);

   The conversion rounds to the nearest 1/65536, halves away from zero, so the
   same double gives the same bits on every host. */
#ifndef RETROMESH_FIXED_H
#define RETROMESH_FIXED_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t rm_fixed;            /* Q16.16, as jo_fixed */

#define RM_FIXED_ONE 0x10000

typedef struct rm_vec3x {            /* jo_pos3D_fixed: three Q16.16 */
    rm_fixed x, y, z;
} rm_vec3x;

/* Largest and smallest doubles that round into the Q16.16 range
   (-32768.0 .. 32767.99998...). */
#define RM_FIXED_MAX_DOUBLE (2147483647.0 / 65536.0)
#define RM_FIXED_MIN_DOUBLE (-2147483648.0 / 65536.0)

/* Rounds v to Q16.16 (half away from zero). Returns false, leaving *out
   untouched, when v is not finite or the result does not fit an int32. */
bool rm_fixed_from_double(double v, rm_fixed *out);

static inline double rm_fixed_to_double(rm_fixed f) { return (double)f / 65536.0; }

/* RGB555 color of the VDP1: bit 15 set, red in bits 0-4, green 5-9, blue
   10-14. Channels are 0..31. */
static inline uint16_t rm_rgb555(unsigned r, unsigned g, unsigned b)
{
    return (uint16_t)(0x8000u | ((b & 31u) << 10) | ((g & 31u) << 5) | (r & 31u));
}

#ifdef __cplusplus
}
#endif
#endif
