/* retromesh/fileio.h - whole-file reads and atomic writes.

   Usage:
     uint8_t *data; size_t size;
     if (rm_file_read("in.obj", &data, &size, &diag) == RM_OK) { ...; free(data); }
     rm_file_write_atomic("out.jom", bytes, n, &diag);

   rm_file_write_atomic() writes a temporary file beside the target
   (".NAME.XXXXXX"), flushes it and renames it over the target, so a reader
   never sees half a file and a failed run leaves nothing behind. It refuses
   to write over a file that is one of the `inputs` (same device and inode),
   so an input is never overwritten. */
#ifndef RETROMESH_FILEIO_H
#define RETROMESH_FILEIO_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads a whole file into a malloc'd buffer with one extra zero byte after
   the end (not counted in *size), so text parsers may look one past. */
rm_status rm_file_read(const char *path, uint8_t **data, size_t *size, rm_diag *diag);

rm_status rm_file_write_atomic(const char *path, const void *data, size_t size, rm_diag *diag);

/* True when a and b name the same existing file. */
int rm_file_same(const char *a, const char *b);

#ifdef __cplusplus
}
#endif
#endif
