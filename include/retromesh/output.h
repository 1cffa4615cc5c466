/* retromesh/output.h - one command's outputs: all written or none, never
   over an input, links and devices kept.

   Usage:
     rm_output_set *set = rm_output_set_new();
     rm_output_add_input(set, "robot.obj");          // every file the command reads
     rm_output_add_input(set, "robot.mtl");
     if (rm_output_check(set, "ROBOT.JOM", &diag) != RM_OK) ...   // before any work: exit 2
     rm_output_add(set, "WALL.BIN", bin, bin_size, &diag);        // staged, not visible yet
     rm_output_add(set, "ROBOT.JOM", jom, jom_size, &diag);
     rm_status st = rm_output_commit(set, &diag);    // all renamed into place, or none
     rm_output_set_free(set);                        // removes whatever was not committed

   The rules (docs/files.md):
   - An output may not be a file the command reads, whatever the spelling
     (relative, absolute, "./", "..", symlinks, hard links): the check
     compares device and inode for files that exist, and the normalised
     absolute path (the folder's links resolved) for names that do not exist
     yet, so a texture about to be written and a skeleton of the same name
     collide too. The message names both: RM_USAGE.
   - An output given twice in one set is RM_USAGE.
   - A regular file (or a new name) is written to a temporary file beside
     it, ".NAME.XXXXXX", and renamed over it at commit. When the name is a
     symbolic link, the temporary file goes beside the link's final target
     and the target is replaced: the link stays a link. An existing file's
     permission bits are kept; a new file gets 0666 less the umask.
   - "-" is standard output (so are /dev/stdout, /dev/fd/1 and
     /proc/self/fd/1); a character device, a FIFO or a socket is streamed
     into directly (no temporary file, nothing renamed over it). Streamed
     outputs are written at commit, after every rename succeeded (those of
     rm_output_open as the caller writes them). /dev/null may be given
     any number of times.
   - A folder an output needs is made: the missing parents of an output
     when it is staged, a folder of rm_output_add_dir at commit. The set
     removes them again (when empty) if it is freed uncommitted or the
     commit fails; RM_OUTPUT_NO_MKDIR makes a missing parent an error.
   - A failed rename after others succeeded leaves those in place (files
     are all written and flushed before the first rename, so a full disk
     or a write error leaves nothing).
   - Temporary files are removed by rm_output_set_free(), on a failed
     commit, and, once rm_output_cleanup_on_signals() was called, on
     SIGINT, SIGTERM, SIGHUP and SIGPIPE (the signal is then raised again).
   - Only the finished file is fsynced, just before its rename (that is
     where it protects data: after a crash the name holds the old file or
     the whole new one, never an empty or half-written one). Folders are
     not fsynced: a crash may lose a rename just made (the old file is
     then still there, whole). RM_OUTPUT_NO_SYNC in the flags skips the
     fsync (and with it that promise): rm_output_set_default_flags() for
     every set of a process (the CLI's RETROMESH_NO_SYNC=1).

   Ownership: the set copies every path and every buffer given to it. */
#ifndef RETROMESH_OUTPUT_H
#define RETROMESH_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rm_output_set rm_output_set;

enum {
    RM_OUTPUT_NO_SYNC = 1u << 0,    /* no fsync before the renames */
    /* A missing folder is an error (rm_file_write_atomic) instead of being
       made; rm_output_add_dir still makes its folders. */
    RM_OUTPUT_NO_MKDIR = 1u << 1
};

/* NULL when out of memory. */
rm_output_set *rm_output_set_new(void);
rm_output_set *rm_output_set_new_flags(unsigned flags);
/* Flags every new set gets besides its own (0, the default: none). For a
   whole program: the CLI gives RM_OUTPUT_NO_SYNC when RETROMESH_NO_SYNC=1.
   Sets made before the call keep theirs. */
void rm_output_set_default_flags(unsigned flags);
unsigned rm_output_default_flags(void);
/* Removes every temporary file and folder not committed, then frees. */
void rm_output_set_free(rm_output_set *s);

/* A file the command reads (the model, its MTLs, images, skeleton, level
   JSON...). It need not exist. RM_NOMEM only. */
rm_status rm_output_add_input(rm_output_set *s, const char *path);

/* True when `path` names one of the inputs; *which gets the input's name
   as it was given. */
bool rm_output_is_input(const rm_output_set *s, const char *path, const char **which);

/* The inputs given so far, in the order given (a name given twice is
   there twice): what a build records as an entry's inputs (retromesh
   build, docs/build.md). rm_output_input_name is NULL past the count. */
size_t rm_output_input_count(const rm_output_set *s);
const char *rm_output_input_name(const rm_output_set *s, size_t i);

/* Checks that `path` may be an output of this set (not an input, not given
   before) and reserves it. RM_USAGE with a message naming both files. */
rm_status rm_output_check(rm_output_set *s, const char *path, rm_diag *diag);

/* Stages `size` bytes for `path` (checked as rm_output_check does when it
   was not reserved already). For a file the bytes go to its temporary file
   now; for "-" and devices they are kept until the commit. */
rm_status rm_output_add(rm_output_set *s, const char *path, const void *data, size_t size,
                        rm_diag *diag);

/* A streamed output: a FILE* the caller writes to (its temporary file, or
   the device / stdout itself). Do not fclose it: the commit does, and
   reports a write error of any kind (ENOSPC, EIO) as RM_IO naming `path`.
   NULL on error (the message is in diag). */
FILE *rm_output_open(rm_output_set *s, const char *path, rm_diag *diag);

/* A folder to make at commit when it does not exist (for extracted files). */
rm_status rm_output_add_dir(rm_output_set *s, const char *path, rm_diag *diag);

/* Renames every staged file into place, in the order they were added; on
   any failure the files not yet renamed are removed, the folders it made
   are removed when empty, and the status is RM_IO. */
rm_status rm_output_commit(rm_output_set *s, rm_diag *diag);

/* Installs signal handlers that remove the temporary files of every live
   set and then re-raise the signal. The CLI calls it once at start. */
void rm_output_cleanup_on_signals(void);

/* Flushes and checks standard output: RM_IO with "stdout: error: cannot
   write: REASON" when anything written to it failed (a full disk,
   /dev/full, a closed pipe). The CLI calls it before it exits; closing
   stdout (and checking that close) is the program's business. */
rm_status rm_output_finish_stdout(rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
