/* src/core/path_tidy.h - a path as people should read it (internal).

   "materials//./images/../images/cesium.png" -> "materials/images/cesium.png"

   For messages only: the file opened is always the path as built. The
   rules are textual (the file system is not asked):
     - runs of '/' become one '/' (a leading "/" stays);
     - "." components go ("./a" -> "a", "a/." -> "a"; "." alone stays);
     - "NAME/.." goes when NAME is a plain name (not ".."), so leading
       "../" stay ("../../a" keeps both), and "/.." at the root is "/".
   Dropping "NAME/.." is what a reader expects to see; it names another file
   only when NAME is a symbolic link to another folder, which is why it is
   never used to open files. A path that tidies to nothing is ".". */
#ifndef RM_CORE_PATH_TIDY_H
#define RM_CORE_PATH_TIDY_H

#include <stddef.h>

/* Tidies the zero-terminated path in place (it never grows); returns its
   new length. */
size_t rm_path_tidy(char *path);

/* A tidied, malloc'd copy of path; NULL out of memory or for NULL. */
char *rm_path_tidy_dup(const char *path);

/* The first dir_len bytes of dir, a '/' when they do not end with one (and
   are not empty), then name: malloc'd, NULL when out of memory.
   rm_path_join(dir, name) is rm_path_join_n(dir, strlen(dir), name), with
   dir NULL or "" giving name alone. Paths to open, not tidied. */
char *rm_path_join_n(const char *dir, size_t dir_len, const char *name);
char *rm_path_join(const char *dir, const char *name);

#endif
