/* src/formats/cheader/cheader_internal.h - what the C header writer's
   files share (internal): a growing text buffer. */
#ifndef RM_FORMATS_CHEADER_INTERNAL_H
#define RM_FORMATS_CHEADER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "core/bytes.h"

/* The text of the header: the project's growing buffer (core/bytes.h),
   kept zero-terminated after each append; w.failed: an append failed,
   the text is cut. */
typedef struct ch_buf {
    rm_writer w;
} ch_buf;

/* Appends printf-formatted text (C locale); on failure sets w.failed. */
void ch_printf(ch_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ch_puts(ch_buf *b, const char *s);

#endif
