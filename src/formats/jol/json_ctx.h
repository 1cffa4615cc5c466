/* src/formats/jol/json_ctx.h - what json.c (the level JSON builder) and
   far.c (the far models asked for in it) share: the places of keys in the
   text for "NAME:LINE:COL: error: ..." messages (internal). */
#ifndef RM_FORMATS_JOL_JSON_CTX_H
#define RM_FORMATS_JOL_JSON_CTX_H

#include <jansson.h>
#include <stdbool.h>

#include "retromesh/level.h"

typedef struct rm_jol_json_ctx {
    const char *text;
    size_t len;
    const char *file;
    rm_diag *diag;
    rm_level_builder *b;    /* json.c only */
    const json_t *root;
    const json_t *scope;    /* the object whose keys are being read (messages) */
} rm_jol_json_ctx;

/* A message at the place of `key` in c->scope (NULL: no line), ending with
   the JSON Pointer of the value: "... (at /entities/3/far)". */
void rm_jol_json_say(const rm_jol_json_ctx *c, rm_severity sev, const char *key, const char *msg);

/* Line and column of `key` in c->scope when it is there, else of its
   first use as a key; 0, 0 when not found. */
void rm_jol_json_place(const rm_jol_json_ctx *c, const char *key, unsigned long *line, unsigned long *col);

/* The text parsed as build reads it (duplicate keys refused); NULL with
   jansson's message at its line and column. */
json_t *rm_jol_json_load(const char *text, size_t len, const char *file, rm_diag *diag);

/* ---- far.c ---- */

/* What an entity of "entities" says about far models. */
typedef struct rm_jol_far_entity {
    const char *name;       /* its "name", NULL: none */
    const char *model;      /* its "model" when a string that is not empty, else NULL */
    bool has_far;           /* it has a "far" (an object or false) */
    rm_level_far far;       /* that "far" (.set false for "far": false) */
    bool has_far_model;     /* "props" has far_model */
    bool has_far_distance;  /* "props" has far_distance */
} rm_jol_far_entity;

/* Reads and checks the "far" of the entity object `je` (a "far" that is
   not an object or false, unknown keys, values out of range, no limit, no
   "model", a far_model or far_distance property it would set twice):
   RM_INVALID with the error at its place. Changes c->scope. */
rm_status rm_jol_far_entity_read(rm_jol_json_ctx *c, const json_t *je, rm_jol_far_entity *out);

/* The error of an entity with a far_model (or, distance: far_distance)
   property that gets a far model too (its own "far" or an assignment of
   rm_level_build_json_ex): one text for both. c->scope: the entity. */
rm_status rm_jol_far_twice(rm_jol_json_ctx *c, const json_t *je, bool distance);

#endif
