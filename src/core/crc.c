/* src/core/crc.c - see crc.h. */
#include "crc.h"

#include <zlib.h>

uint32_t rm_crc32(uint32_t crc, const void *data, size_t size)
{
    const Bytef *p = data;
    uLong c = crc;
    while (size > 0) {
        uInt n = size > 0x40000000u ? 0x40000000u : (uInt)size;
        c = crc32(c, p, n);
        p += n;
        size -= n;
    }
    return (uint32_t)c;
}
