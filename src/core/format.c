/* src/core/format.c - see format.h. Numbers are written with the C
   locale's '.' whatever the caller's locale (cnum.h). */
#include "format.h"

#include "cnum.h"

#include <stdio.h>
#include <stdlib.h>

char *rm_vformat(const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = rm_cvsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s)
        rm_cvsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}
