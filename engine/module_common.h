/* engine/module_common.h - helpers shared by the model and level modules
   (jo_engine/module_common.h in a Jo Engine tree; internal).

   Jo Engine has no memcpy, strncmp or case-insensitive compare
   (jo-engine-api 8.1), and its error text is a 64-byte buffer filled by
   sprintf with no length check (7.1): the modules format their messages
   here, bounded, then hand them to jo_core_error() in JO_DEBUG builds.
   Nothing here divides (no libgcc helper is needed on the SH-2). */
#ifndef __JO_MODULE_COMMON_H__
#define __JO_MODULE_COMMON_H__

/* Bytes of a message, the zero included (Jo's JO_PRINTF_BUF_SIZE). */
#define __JO_MODULE_ERROR_SIZE (64)

/* Formats a message (%s, %u, %d, %x, %c; no width), cut to 63
   characters, keeps it for __jo_module_last_error(), and calls
   jo_core_error("%s", text) in JO_DEBUG builds. Every refused file gives
   exactly one message, in the form "FILE: chunk QUAD at 0x1C: index 70 past
   48 points" (binary inputs: the file, the chunk or section, the offset,
   what is wrong). */
void __jo_module_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* The last message ("" before the first). */
const char *__jo_module_last_error(void);

/* ASCII case-insensitive equality of 2 names on at most max characters
   (a zero ends a name). */
bool __jo_module_name_equals(const char *a, const char *b, unsigned int max);
/* Copies a name of at most 15 characters into 16 bytes, zero padded. */
void __jo_module_name_copy(char dst[16], const char *src);
/* true when the file is in the current directory of the CD: GFS_NameToId
   on a name of at most 12 characters (an 8.3 name), so that an optional or
   missing file never reaches jo_fs_read_file(), whose error screen blocks a
   JO_DEBUG build (jo-engine-api 0.7). */
bool __jo_module_file_exists(const char *const filename);

void __jo_module_copy(void *dst, const void *src, unsigned int n);
void __jo_module_zero(void *dst, unsigned int n);

/* Big-endian reads of the file's bytes. On the SH-2 the file is in the
   CPU's own order, but a chunk's fields are read through these so that an
   address error (an unaligned long) cannot happen whatever the bytes. */
static __jo_force_inline unsigned int __jo_module_u32(const unsigned char *p)
{
    return ((unsigned int)p[0] << 24) | ((unsigned int)p[1] << 16) | ((unsigned int)p[2] << 8) | p[3];
}
static __jo_force_inline unsigned short __jo_module_u16(const unsigned char *p)
{
    return (unsigned short)((p[0] << 8) | p[1]);
}

#endif /* !__JO_MODULE_COMMON_H__ */
