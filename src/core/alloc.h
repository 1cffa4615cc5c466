/* src/core/alloc.h - two allocation helpers every module needs (internal).

     char *copy = rm_strdup(name);          // malloc'd copy (NULL: out of memory, or name NULL)
     if (!rm_grow((void **)&items, &cap, count + 1, sizeof *items)) ... // out of memory
     items[count++] = item;

   strdup is POSIX, not C17, hence rm_strdup. rm_grow doubles a capacity
   until it holds `need` elements, checking the byte count for overflow;
   the array is unchanged when it returns false. */
#ifndef RM_CORE_ALLOC_H
#define RM_CORE_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

char *rm_strdup(const char *s);
bool rm_grow(void **p, size_t *cap, size_t need, size_t elem);

#endif
