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

   Mapping a big input instead of copying it into the heap:
     rm_file_map map;
     rm_file_read_options ro = {.allow_stream = true};    // or NULL
     if (rm_file_map_open("big.obj", &ro, &map, &diag) == RM_OK) {
         parse(map.data, map.size);      // map.mapped: the pages are the file's
         rm_file_map_close(&map);        // every pointer into map.data dies here
     }
   rm_file_map_open() takes the same paths, limits and messages as
   rm_file_read_ex(); what it gives is read-only and followed by one zero
   byte (map.data[map.size] == 0). A regular file of at least one byte is
   mapped (map.mapped true: MAP_PRIVATE, PROT_READ, read ahead as a
   sequential read); everything else is read into the heap as
   rm_file_read_ex() does (map.mapped false): "-", FIFOs and devices when
   streams are allowed, an empty file, a file that says 0 bytes (/proc),
   a file on a file system that cannot map it.
   Ownership: the map owns its bytes (the mapping or the heap buffer) until
   rm_file_map_close(); a mesh or model made from them must not keep
   pointers into them past it (the readers of this library copy what they
   keep). A mapped file that another program truncates while it is mapped
   makes reads past its new end fault (SIGBUS): map the inputs of a
   command, which nobody rewrites meanwhile, and read into the heap when
   that cannot be promised.
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

/* An input file's bytes: mapped, or read into the heap (see the top). */
typedef struct rm_file_map {
    const uint8_t *data;    /* size bytes, then a zero byte; NULL when closed */
    size_t size;
    bool mapped;            /* true: a read-only mapping of the file; false: heap */
    /* Private: what rm_file_map_close() releases. */
    void *base_;
    size_t length_;
} rm_file_map;

/* Maps `path` (see the top). `opt` may be NULL (no streams, the global
   limit). On failure *out is closed (data NULL, size 0) and the status and
   message are those of rm_file_read_ex(). */
rm_status rm_file_map_open(const char *path, const rm_file_read_options *opt, rm_file_map *out,
                           rm_diag *diag);
/* Unmaps or frees the bytes and clears *m; a closed map may be closed again. */
void rm_file_map_close(rm_file_map *m);

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
