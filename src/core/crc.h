/* src/core/crc.h - CRC-32 (zlib's, the ISO-HDLC one every tool prints) of
   any number of bytes (internal).

     uint32_t c = rm_crc32(0, data, size);
     c = rm_crc32(c, more, more_size);      // continues the same CRC

   zlib takes lengths as uInt; this feeds it in pieces so a buffer over
   4 GiB is hashed whole. */
#ifndef RM_CORE_CRC_H
#define RM_CORE_CRC_H

#include <stddef.h>
#include <stdint.h>

uint32_t rm_crc32(uint32_t crc, const void *data, size_t size);

#endif
