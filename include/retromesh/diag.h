/* retromesh/diag.h - status codes and diagnostics (errors, warnings, notes).

   Usage:
     rm_diag d;
     rm_diag_init(&d);
     rm_status st = rm_obj_read_file("robot.obj", NULL, &mesh, &d);
     rm_diag_print(&d, stderr);          // "robot.obj:41:12: error: ..."
     rm_diag_free(&d);

   Every reader and converter reports problems into an rm_diag instead of
   printing them, so a library user decides where they go. Each message is
   stored fully formatted, in one of the two shapes the project uses:
     text inputs:    FILE:LINE:COL: error: what is wrong
     binary inputs:  FILE: chunk NAME at 0xOFFSET: what is wrong
   The severity word ("error", "warning", "note") is part of the text for text
   inputs; rm_diag_print() adds "error: " / "warning: " after the location of
   binary messages only when the caller formatted them without it.

   Ownership: the rm_diag owns its messages; rm_diag_free() releases them. */
#ifndef RETROMESH_DIAG_H
#define RETROMESH_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result of every fallible call. The numbers are the CLI's exit statuses. */
typedef enum rm_status {
    RM_OK = 0,          /* success */
    RM_INVALID = 1,     /* the input is wrong (details in the rm_diag) */
    RM_USAGE = 2,       /* the call is wrong (bad option, bad argument) */
    RM_IO = 3,          /* a file could not be read or written */
    RM_NOMEM = 4        /* out of memory (the CLI exits 3 for it too) */
} rm_status;

typedef enum rm_severity {
    RM_NOTE = 0,
    RM_WARNING = 1,
    RM_ERROR = 2
} rm_severity;

/* rm_message.flags */
#define RM_DIAG_LAST 1u   /* a budget or limit line: rm_diag_print_grouped() prints it last */

typedef struct rm_message {
    rm_severity severity;
    char *text;         /* the whole line, without a final newline */
    unsigned flags;     /* RM_DIAG_* bits */
    /* Length of the place at the start of `text` ("robot.obj:41:12",
       "robot.jom: chunk QUAD at 0x1c4"), 0 when the message has none or
       was added with rm_diag_add() (the printer then looks for one). */
    size_t where_len;
} rm_message;

typedef struct rm_diag {
    rm_message *items;
    size_t count;
    size_t capacity;
    size_t errors;      /* how many items are errors */
    size_t warnings;    /* how many items are warnings */
    /* At most this many messages are stored (0: no limit); later ones are
       counted in `dropped` only. Readers of hostile files use it so that a
       million bad records do not make a million messages. */
    size_t limit;
    size_t dropped;
} rm_diag;

void rm_diag_init(rm_diag *d);
void rm_diag_free(rm_diag *d);

/* Adds a message formatted with printf rules. The text is stored as given:
   format the location yourself, or use rm_diag_at()/rm_diag_chunk(). */
void rm_diag_add(rm_diag *d, rm_severity sev, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void rm_diag_vadd(rm_diag *d, rm_severity sev, const char *fmt, va_list ap);

/* "FILE:LINE:COL: error: MESSAGE" (col 0 leaves out ":COL", line 0 leaves
   out ":LINE:COL"). */
void rm_diag_at(rm_diag *d, rm_severity sev, const char *file,
                unsigned long line, unsigned long col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* "FILE: chunk TAG at 0xOFFSET: MESSAGE" for binary inputs. `kind` is
   "chunk", "section", "instance"... ; tag is printed as given. */
void rm_diag_chunk(rm_diag *d, rm_severity sev, const char *file,
                   const char *kind, const char *tag, unsigned long offset,
                   const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* Prints every message, one a line, then "(N more messages not shown)" when
   some were dropped. Warnings are left out when `show_warnings` is 0. */
void rm_diag_print(const rm_diag *d, FILE *out, int show_warnings);

/* Like rm_diag_add(), the message flagged RM_DIAG_LAST. */
void rm_diag_add_last(rm_diag *d, rm_severity sev, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Flags RM_DIAG_LAST every message stored from index `first` on: a
   producer notes d->count, adds its budget lines with any function, then
   marks them. */
void rm_diag_mark_last(rm_diag *d, size_t first);

/* How rm_diag_print_grouped() prints. All zero is the default. */
typedef struct rm_diag_print_options {
    int quiet;          /* errors only */
    int verbose;        /* every message, none grouped */
    size_t places;      /* places listed for a repeated kind (0: 3) */
    /* At most this many warning and note lines (after grouping; 0: no
       limit); the others are counted in one line "(N more warnings not
       shown; --verbose shows them all)". Errors and last lines always show. */
    size_t max_lines;
} rm_diag_print_options;

/* Prints the messages for a person (what the CLI prints on stderr):
     - every error, in order, each on its line;
     - warnings and notes grouped by kind: the first message of a kind is
       printed in full where it came; when more messages have the same kind
       the line ends with " (and N more like it: PLACE, PLACE, ...)" naming
       the next places (options->places in all, the first included) and
       "..." when there are more;
     - then the messages flagged RM_DIAG_LAST, or whose text holds the word
       "budget", in order and never grouped (so the over-budget warning is
       seen after 541 small ones);
     - then "(N more warnings not shown; --verbose shows them all)" when
       options->max_lines hid some;
     - last "(N more messages not kept)" when the rm_diag's limit dropped
       some.
   The kind of a message is its severity and its text without its place
   (see where_len; else everything before ": warning: ", ": error: " or
   ": note: "), without its severity word, with every number (digits,
   "1.5e-05", "0x1c4", a sign before them) replaced by '#' and the inside
   of every quoted name ('...' or "..." opened after a space, '(' or the
   start) removed. "line 10: quad is not planar (a corner is 7e-05 units
   off)" and "line 99: quad is not planar (a corner is 0.2 units off)" are
   one kind. options NULL: the defaults. Returns 0, or EOF when a write
   to `out` failed. */
int rm_diag_print_grouped(const rm_diag *d, FILE *out, const rm_diag_print_options *options);

/* A short English phrase for a status ("invalid input", "I/O error"...). */
const char *rm_status_name(rm_status st);

#ifdef __cplusplus
}
#endif
#endif
