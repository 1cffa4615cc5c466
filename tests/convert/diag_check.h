/* tests/convert/diag_check.h - looking for a message in an rm_diag in a test.

   Usage:
     assert_true(has_msg(&d, "a.obj:3: error: ..."));  // one message, to the letter
     assert_true(has_sub(&d, "is not planar"));        // a message containing it
     assert_int_equal(count_sub(&d, "warning"), 2);

   When a message is missing, every message is printed to stderr, then the
   one looked for, so a failing test says what it got. */
#ifndef RM_TESTS_CONVERT_DIAG_CHECK_H
#define RM_TESTS_CONVERT_DIAG_CHECK_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "retromesh/diag.h"

static inline void print_diag(const rm_diag *d)
{
    for (size_t i = 0; i < d->count; i++)
        fprintf(stderr, "  diag: %s\n", d->items[i].text);
}

static inline bool has_msg(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].text, text) == 0)
            return true;
    print_diag(d);
    fprintf(stderr, "  missing: %s\n", text);
    return false;
}

static inline bool has_sub(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            return true;
    print_diag(d);
    fprintf(stderr, "  missing: %s\n", text);
    return false;
}

static inline size_t count_sub(const rm_diag *d, const char *text)
{
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++)
        n += strstr(d->items[i].text, text) != NULL;
    return n;
}

#endif
