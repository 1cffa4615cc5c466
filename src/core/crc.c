/* src/core/crc.c - see crc.h. libdeflate's CRC-32 (folding with carry-less
   multiplies where the CPU has them) computes the same function as zlib's
   crc32() several times faster; it takes a size_t, so no pieces. */
#include "crc.h"

#include <libdeflate.h>

uint32_t rm_crc32(uint32_t crc, const void *data, size_t size)
{
    if (size == 0)
        return crc;   /* data may be NULL for an empty array */
    return libdeflate_crc32(crc, data, size);
}
