/* src/runtime/names.h - names of groups, bones and animations (internal):
   char[16] fields ended by a zero, compared ASCII case-insensitively
   whatever the locale (the engine compares bytes; a Saturn has no
   locale). */
#ifndef RM_RUNTIME_NAMES_H
#define RM_RUNTIME_NAMES_H

#include <stdbool.h>

/* The name (at most 16 bytes, up to its zero) in lowercase ASCII, ended by
   a zero: `out` has 17 bytes. */
void rt_name_lower(const char name[16], char out[17]);
/* True when the stored name and the query are the same name, whatever the
   case of their ASCII letters. */
bool rt_name_equal(const char stored[16], const char *query);

#endif
