/* Helpers shared by the OBJ reader tests (header only). */
#ifndef RM_TEST_OBJ_UTIL_H
#define RM_TEST_OBJ_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/obj.h"

/* Parses in-memory text without loading libraries. */
static inline rm_status parse_text(const char *text, size_t size, rm_mesh *m, rm_diag *d)
{
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    opt.load_materials = false;
    rm_diag_init(d);
    return rm_obj_parse(text, size, "t.obj", &opt, m, d);
}

static inline rm_status parse_str(const char *text, rm_mesh *m, rm_diag *d)
{
    return parse_text(text, strlen(text), m, d);
}

/* True when some message of the diag is exactly `text`. */
static inline int has_message(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].text, text) == 0)
            return 1;
    return 0;
}

/* Prints the messages (to see them when an assertion fails). */
static inline void dump(const rm_diag *d)
{
    for (size_t i = 0; i < d->count; i++)
        fprintf(stderr, "  diag: %s\n", d->items[i].text);
}

/* Checks the first message is `text`, printing all of them if not. */
#define assert_first_message(d, want) do { \
        if ((d)->count == 0 || strcmp((d)->items[0].text, (want)) != 0) { \
            dump(d); \
            fail_msg("expected message: %s", (want)); \
        } \
    } while (0)

#define assert_message(d, want) do { \
        if (!has_message((d), (want))) { \
            dump(d); \
            fail_msg("expected message: %s", (want)); \
        } \
    } while (0)

#endif
