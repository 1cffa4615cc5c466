/* src/core/outpath.h - path helpers of the output set (internal).

     char *abs = rm_path_normalise("cd/../out/./X.JOM");   // "/home/me/out/X.JOM"
     rm_link_target t;
     rm_path_final("link.jom", &t);          // follows link -> link -> file

   rm_path_normalise() gives the absolute path a name means, its folders'
   links resolved, whether or not the name exists: realpath() for what
   exists, and ".", ".." and doubled slashes taken apart by hand for the
   missing part, so two spellings of one file that is not written yet
   compare equal. rm_path_final() follows a chain of symbolic links to the
   file that will really be written (the link itself is kept), and tells
   when the chain goes through /proc or /dev/fd (a descriptor of this
   process: streamed, never renamed over). */
#ifndef RM_CORE_OUTPATH_H
#define RM_CORE_OUTPATH_H

#include <stdbool.h>

/* malloc'd; NULL when out of memory, when the working folder is gone or
   the links loop. */
char *rm_path_normalise(const char *path);

typedef struct rm_link_target {
    char *path;         /* malloc'd: the last name of the chain (may not exist) */
    bool through_fd;    /* a link of the chain points into /proc or /dev/fd */
    bool is_stdout;     /* ... and that is this process's standard output */
    int fd;             /* ... and that is this process's descriptor fd, else -1 */
    int err;            /* errno when it failed (ELOOP, ENOMEM), else 0 */
} rm_link_target;

/* False when it failed (t->err says why). */
bool rm_path_final(const char *path, rm_link_target *t);

/* The folder part of a path ("." when there is none) and the last name,
   both malloc'd. Trailing slashes are not part of the last name. */
char *rm_path_dir(const char *path);
char *rm_path_base(const char *path);

/* rm_path_join: core/path_tidy.h. */

#endif
