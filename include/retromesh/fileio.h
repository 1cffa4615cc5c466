/* retromesh/fileio.h - whole-file reads and atomic writes.

   Usage:
     uint8_t *data; size_t size;
     if (rm_file_read("in.obj", &data, &size, &diag) == RM_OK) { ...; free(data); }
     rm_file_write_atomic("out.jom", bytes, n, &diag);

   rm_file_write_atomic() is a one-file output set (output.h): a temporary
   file beside the target (".NAME.XXXXXX"), flushed and renamed over it, so
   a reader never sees half a file and a failed run leaves nothing behind;
   a symbolic link stays a link, a file keeps its mode, "-" is stdout and
   devices and FIFOs are written into. It does not make missing folders.
   The rules for users: docs/files.md. */
#ifndef RETROMESH_FILEIO_H
#define RETROMESH_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most bytes an input may have unless the caller says otherwise
   (rm_file_set_max_bytes; the CLI's --max-input). 1 GiB: more than any
   model the Saturn can hold, less than what would exhaust a machine. */
#define RM_FILE_MAX_DEFAULT (1024ull * 1024 * 1024)

/* Sets the limit rm_file_read() uses (0: back to RM_FILE_MAX_DEFAULT). */
void rm_file_set_max_bytes(uint64_t max_bytes);
uint64_t rm_file_max_bytes(void);

typedef struct rm_file_read_options {
    uint64_t max_bytes;     /* 0: rm_file_max_bytes() */
    /* "-", FIFOs, character devices and sockets are read (up to max_bytes)
       instead of refused. For the model a command is given; never for the
       files a model names (mtllib, map_Kd), which must be regular files. */
    bool allow_stream;
} rm_file_read_options;

/* Reads a whole file into a malloc'd buffer with one extra zero byte after
   the end (not counted in *size), so text parsers may look one past.
   Only regular files; never blocks on a FIFO (it is opened non-blocking
   and refused); a file over the limit is refused before it is read:
   "big.obj: error: 4294967296 bytes, more than the limit of 1073741824
   bytes (--max-input raises it)", RM_INVALID.
   A folder, FIFO, device or socket is RM_INVALID ("PATH: error: this is a
   folder, not a file"); a file that cannot be opened or read is RM_IO.
   With allow_stream, "-" is standard input and streams are read by blocks
   until the limit is passed: "PATH: error: more than the limit of N bytes
   (--max-input raises it)", RM_INVALID. */
rm_status rm_file_read(const char *path, uint8_t **data, size_t *size, rm_diag *diag);
rm_status rm_file_read_ex(const char *path, const rm_file_read_options *opt, uint8_t **data,
                          size_t *size, rm_diag *diag);

/* The first bytes of a regular file (at most `cap`), without blocking and
   without reading the rest: for telling a file's kind. */
rm_status rm_file_read_head(const char *path, uint8_t *buf, size_t cap, size_t *n, rm_diag *diag);

rm_status rm_file_write_atomic(const char *path, const void *data, size_t size, rm_diag *diag);

/* True when a and b name the same existing file. */
int rm_file_same(const char *a, const char *b);

#ifdef __cplusplus
}
#endif
#endif
