/* src/core/json_text.h - names from files as JSON strings that are always
   valid UTF-8 (internal).

   Names in JOM, NIFF, JOL, Oni and CD folders are bytes: most are ASCII,
   some are UTF-8, some are Latin-1 or garbage. JSON text must be UTF-8
   (jansson's json_string() refuses anything else, and a printer that gave
   up on one name would lose the whole document). The rule, one for every
   JSON printer of the library:
     - a valid UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
       at most U+10FFFF) is kept as it is;
     - any other byte is read as Latin-1: byte 0xE9 becomes U+00E9 "é",
       written "\u00e9" by rm_json_write_string().
   So the output is valid, deterministic, and a Latin-1 name reads as
   intended; a name that was not Latin-1 still shows every byte.

   json_t *j = rm_json_text(name);             // jansson string, NULL only out of memory
   rm_json_write_string(out, name, strlen(name)); // a quoted literal to a FILE */
#ifndef RM_CORE_JSON_TEXT_H
#define RM_CORE_JSON_TEXT_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/* "an object", "an array", "a string", "a number", "true", "false" or
   "null": what a JSON value is, for messages that say what was found. */
const char *rm_json_kind(const json_t *v);

/* Length (1..4) of the valid UTF-8 sequence at s[0..n), 0 when s[0] does
   not start one. */
size_t rm_utf8_seq_len(const unsigned char *s, size_t n);

/* A malloc'd, zero-terminated copy of s[0..n) that is valid UTF-8 by the
   rule above (invalid bytes become U+0080..U+00FF); NULL out of memory. */
char *rm_utf8_clean(const char *s, size_t n);

/* json_string() of rm_utf8_clean(s); json_null() for s == NULL. */
json_t *rm_json_text(const char *s);
json_t *rm_json_textn(const char *s, size_t n);

/* Writes "..." with '"', '\\' and control bytes escaped, valid UTF-8 as
   it is and other bytes as \u00XX. Returns 0, or EOF when a write failed. */
int rm_json_write_string(FILE *out, const char *s, size_t n);

#endif
