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

typedef struct rm_message {
    rm_severity severity;
    char *text;         /* the whole line, without a final newline */
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

/* A short English phrase for a status ("invalid input", "I/O error"...). */
const char *rm_status_name(rm_status st);

#ifdef __cplusplus
}
#endif
#endif
