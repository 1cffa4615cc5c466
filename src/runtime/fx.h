/* src/runtime/fx.h - integer helpers of the runtime (internal): two's
   complement wraps and the SH-2's "64-bit product, bits 16..47" spelled
   out without implementation-defined conversions or shifts of negative
   numbers, so every host computes the same bits. */
#ifndef RM_RUNTIME_FX_H
#define RM_RUNTIME_FX_H

#include <stdint.h>

#include "retromesh/fixed.h"
#include "retromesh/model.h"

/* The low 32 bits of v as a signed number (v modulo 2^32). */
static inline int32_t fx_wrap32(int64_t v)
{
    uint32_t u = (uint32_t)((uint64_t)v & 0xFFFFFFFFu);
    return u < 0x80000000u ? (int32_t)u : (int32_t)((int64_t)u - 0x100000000LL);
}

/* The low 16 bits of v as a signed number (v modulo 2^16). */
static inline int16_t fx_wrap16(int64_t v)
{
    uint16_t u = (uint16_t)((uint64_t)v & 0xFFFFu);
    return u < 0x8000u ? (int16_t)u : (int16_t)((int32_t)u - 0x10000);
}

/* Bits 16..47 of a 64-bit two's-complement accumulator: floor(acc / 65536)
   modulo 2^32 (the unsigned shift is defined for every value). */
static inline int32_t fx_take(uint64_t acc)
{
    return fx_wrap32((int64_t)(acc >> 16 & 0xFFFFFFFFu));
}

/* One product added to a 64-bit accumulator that wraps like the SH-2's
   MACH:MACL (unsigned arithmetic: no overflow is undefined). */
static inline uint64_t fx_mac(uint64_t acc, int32_t a, int32_t b)
{
    return acc + (uint64_t)((int64_t)a * (int64_t)b);
}

/* a + b and a - b modulo 2^32. */
static inline int32_t fx_add(int32_t a, int32_t b) { return fx_wrap32((int64_t)a + b); }
static inline int32_t fx_sub(int32_t a, int32_t b) { return fx_wrap32((int64_t)a - b); }

/* floor(n / d) for d > 0 (C division truncates toward zero). */
static inline int64_t fx_floor_div(int64_t n, int64_t d)
{
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

#endif
