/* src/core/crc.h - CRC-32 (zlib's, the ISO-HDLC one every tool prints) of
   any number of bytes (internal).

     uint32_t c = rm_crc32(0, data, size);
     c = rm_crc32(c, more, more_size);      // continues the same CRC

   Same value as zlib's crc32(crc, data, size) for every input (reflected
   polynomial 0xEDB88320, init and final xor inside: rm_crc32(0, "123456789",
   9) == 0xCBF43926); computed by libdeflate. Any size_t length; data may be
   NULL when size is 0. */
#ifndef RM_CORE_CRC_H
#define RM_CORE_CRC_H

#include <stddef.h>
#include <stdint.h>

uint32_t rm_crc32(uint32_t crc, const void *data, size_t size);

#endif
