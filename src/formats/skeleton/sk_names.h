/* src/formats/skeleton/sk_names.h - how a skeleton message names a bone or
   an animation (internal; the reader and the converter's --skeleton stage).

     char q[SK_QUOTE_SIZE], where[512];
     sk_quote("leg_l", q, sizeof q);                      // "leg_l" with its quotes
     sk_label(where, sizeof where, "bones", 2, "leg_l");  // bones[2] "leg_l"

   One copy so the reader and the converter print a name the same way. */
#ifndef RM_SKELETON_SK_NAMES_H
#define RM_SKELETON_SK_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* Room for any sk_quote() result: 48 bytes, each escaped as \xHH at most. */
#define SK_QUOTE_SIZE 200

/* "name" into buf: quotes, backslashes and control bytes escaped, cut after
   48 bytes (not inside a UTF-8 character) with "...". The escapes stop
   early when buf is shorter than SK_QUOTE_SIZE; size must be at least 8. */
void sk_quote(const char *s, char *buf, size_t size);

/* "LIST[index] \"name\"" (the name quoted by sk_quote), or "LIST[index]"
   when name is NULL. */
void sk_label(char *buf, size_t size, const char *list, size_t index, const char *name);

/* a and b are the same but for the case of ASCII letters (the hint "did you
   mean ...?"). */
bool sk_same_ignoring_case(const char *a, const char *b);

#endif
