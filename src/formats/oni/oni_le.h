/* src/formats/oni/oni_le.h - little-endian helpers for Oni files (internal).
   Oni stores every integer and float little endian (oni-dat.md 0); the
   core reader is big endian, so these live here. The caller has checked
   that the bytes are there. */
#ifndef RM_ONI_LE_H
#define RM_ONI_LE_H

#include <stdint.h>
#include <string.h>

static inline uint16_t rm_oni_le16(const uint8_t *p)
{
    return (uint16_t)((unsigned)p[0] | (unsigned)p[1] << 8);
}
static inline uint32_t rm_oni_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t rm_oni_le64(const uint8_t *p)
{
    return (uint64_t)rm_oni_le32(p) | (uint64_t)rm_oni_le32(p + 4) << 32;
}
static inline float rm_oni_lef32(const uint8_t *p)
{
    uint32_t u = rm_oni_le32(p);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline void rm_oni_put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

#endif
