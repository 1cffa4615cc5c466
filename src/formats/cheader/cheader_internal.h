/* src/formats/cheader/cheader_internal.h - what the C header writer's
   files share (internal): a growing text buffer. */
#ifndef RM_FORMATS_CHEADER_INTERNAL_H
#define RM_FORMATS_CHEADER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ch_buf {
    char *text;
    size_t len, cap;
    bool nomem;         /* an append failed: the text is cut */
} ch_buf;

/* Appends printf-formatted text (C locale); on failure sets nomem. */
void ch_printf(ch_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ch_puts(ch_buf *b, const char *s);

#endif
