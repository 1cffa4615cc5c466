/* src/core/json_out.h - a streaming JSON writer whose text is byte for byte
   what jansson's json_dumpf() writes for the same tree (internal).

   A printer that builds a jansson tree of a whole model holds every number
   as a heap object (hundreds of bytes each) and writes it with one fwrite()
   per token. This writer holds nothing of the document: values go into a
   64 KiB buffer written with fwrite() when full, so the memory is the
   buffer whatever the size of the model.

     rm_json_out o;
     if (rm_json_out_file(&o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != RM_OK)
         return RM_NOMEM;
     rm_json_out_begin_object(&o);
     rm_json_out_key(&o, "points");
     rm_json_out_begin_array(&o);
     rm_json_out_real(&o, 0.5);
     rm_json_out_end_array(&o);
     rm_json_out_end_object(&o);
     rm_json_out_raw(&o, "\n", 1);
     rm_status st = rm_json_out_close(&o);     // RM_OK, RM_IO (a write failed), RM_INVALID (misuse)

   The same as jansson, exactly (tests/core/test_json_out.c compares with
   json_dumps on every escape and thousands of random numbers):
     - layout: JSON_INDENT(n) (n <= 31: a newline and depth * n spaces
       before each element, "," between elements), otherwise ", " (or ","
       with JSON_COMPACT) between elements; ": " (":" with JSON_COMPACT)
       after a key; an empty object or array is "{}" or "[]";
     - strings: the bytes are first made valid UTF-8 by the rule of
       core/json_text.h (an invalid byte is read as Latin-1, U+0080..U+00FF,
       like rm_json_textn()), then '"' and '\\' are escaped, \b \f \n \r \t
       are written so and the other bytes below 0x20 as \u00XX (capital hex);
       0x7F, '/' and non-ASCII characters are written as they are;
     - integers: as "%lld";
     - reals: jansson's "%.17g" (in the C locale), with ".0" added when the
       text has neither '.' nor 'e', and the exponent without '+' or leading
       zeros ("1e-5", "1.0000000000000001e300"). Multiples of 2^-16 (every
       Q16.16 value and angle of a model) are formatted from their exact
       decimal digits without printf; other reals go through snprintf.
   Keys and values are written in the order of the calls (JSON_PRESERVE_ORDER
   is what a stream always does). Flags other than JSON_INDENT, JSON_COMPACT,
   JSON_PRESERVE_ORDER and JSON_ENCODE_ANY (JSON_SORT_KEYS, JSON_ENSURE_ASCII,
   JSON_ESCAPE_SLASH, JSON_REAL_PRECISION) are refused (RM_INVALID), so no
   caller gets a text that differs from jansson's without knowing.

   Errors are sticky: after the first one, calls write nothing, and
   rm_json_out_close() returns it. A key outside an object, a value in an
   object without its key, an end that does not match its begin, or more
   than RM_JSON_OUT_MAX_DEPTH levels are RM_INVALID. Non-finite reals (which
   jansson refuses) are RM_INVALID too. */
#ifndef RM_CORE_JSON_OUT_H
#define RM_CORE_JSON_OUT_H

#include <jansson.h>   /* the JSON_xxx flags */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "retromesh/diag.h"   /* rm_status */

#define RM_JSON_OUT_BUFFER 65536u
#define RM_JSON_OUT_MAX_DEPTH 64u

typedef struct rm_json_out {
    FILE *file;            /* NULL: the text is kept in memory */
    char *buf;
    size_t len, cap;       /* bytes in buf, its size */
    rm_status status;
    unsigned indent;       /* spaces per level, 0: on one line */
    bool compact;
    bool after_key;        /* a key was written, its value comes next */
    unsigned depth;        /* open objects and arrays */
    uint64_t is_object;    /* bit d-1: the container at depth d is an object */
    uint64_t has_items;    /* bit d-1: it has an element already */
} rm_json_out;

/* Writes to `file` through a buffer of RM_JSON_OUT_BUFFER bytes. RM_NOMEM
   when the buffer cannot be had, RM_INVALID for an unsupported flag; the
   writer is then closed already (rm_json_out_close() is harmless). */
rm_status rm_json_out_file(rm_json_out *o, FILE *file, size_t flags);
/* Keeps the text in memory (it grows as needed): after rm_json_out_close()
   returned RM_OK, o->buf holds o->len bytes and a terminating NUL, and the
   caller frees o->buf with free(). Errors as rm_json_out_file(). */
rm_status rm_json_out_memory(rm_json_out *o, size_t flags);
/* Writes what is buffered and releases the buffer (file mode). Returns the
   first error, or RM_INVALID when objects or arrays are still open. */
rm_status rm_json_out_close(rm_json_out *o);

void rm_json_out_begin_object(rm_json_out *o);
void rm_json_out_end_object(rm_json_out *o);
void rm_json_out_begin_array(rm_json_out *o);
void rm_json_out_end_array(rm_json_out *o);
/* A key of the open object, escaped as strings are: key[0..n), or a C
   string (inline, so that the length of a literal is known when compiled). */
void rm_json_out_keyn(rm_json_out *o, const char *key, size_t n);
static inline void rm_json_out_key(rm_json_out *o, const char *key)
{
    rm_json_out_keyn(o, key, strlen(key));
}
/* Strings: s[0..n), or the C string s; NULL is written as null. */
void rm_json_out_stringn(rm_json_out *o, const char *s, size_t n);
void rm_json_out_string(rm_json_out *o, const char *s);
void rm_json_out_int(rm_json_out *o, int64_t v);
void rm_json_out_real(rm_json_out *o, double v);
void rm_json_out_bool(rm_json_out *o, bool v);
void rm_json_out_null(rm_json_out *o);
/* Bytes as they are, outside the document (the newline after it). */
void rm_json_out_raw(rm_json_out *o, const char *s, size_t n);

/* The text of a real as rm_json_out_real() writes it (no NUL added);
   returns its length, at most RM_JSON_REAL_SIZE - 1. Non-finite: 0. */
#define RM_JSON_REAL_SIZE 40u
size_t rm_json_real_text(double v, char out[RM_JSON_REAL_SIZE]);
/* The decimal text of an integer; returns its length (at most 20). */
size_t rm_json_int_text(int64_t v, char out[24]);

#endif
