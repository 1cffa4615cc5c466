/* src/formats/skeleton/json_where.h - where a value is in JSON text.

   jansson gives the line and column of syntax errors only: a parsed value
   does not know where it came from. The skeleton reader finds the value
   again in the text when it has something to say about it:

     sk_step path[] = { SK_KEY("bones"), SK_INDEX(2), SK_KEY("parent") };
     rm_skeleton_pos p = sk_json_where(text, size, path, 3, false);
     // p.line, p.col: the first character of the value ("hips" -> its quote)

   The text is the one jansson accepted, but nothing here trusts it: every
   read is bounds-checked, nothing recurses, and a path that cannot be
   followed gives {0, 0}. Keys are compared after decoding their escapes
   (\n, \u00e9, surrogate pairs...), as jansson does. Columns count
   characters (UTF-8 lead bytes), from 1, as jansson's do. */
#ifndef RM_SKELETON_JSON_WHERE_H
#define RM_SKELETON_JSON_WHERE_H

#include <stdbool.h>
#include <stddef.h>

#include "retromesh/skeleton.h"

/* One step down: a member of an object (key not NULL) or an element of an
   array (key NULL, index). */
typedef struct sk_step {
    const char *key;
    size_t index;
} sk_step;

#define SK_KEY(k) ((sk_step){ (k), 0 })
#define SK_INDEX(i) ((sk_step){ NULL, (i) })

/* Position of the value at the end of `path` (depth steps from the top
   value; depth 0: the top value). With `at_key`, the last step must be a
   key and the position is that of the key's opening quote. */
rm_skeleton_pos sk_json_where(const char *text, size_t size, const sk_step *path, size_t depth,
                              bool at_key);

/* The whole document in one pass (linear time): calls visit() for every
   value at a depth up to max_depth (< SK_WALK_MAX_DEPTH), in text order,
   with its path and position. Keys in the path are decoded and cut to
   SK_WALK_KEY_SIZE - 1 bytes; containers deeper than max_depth are skipped
   whole. Returns false when the text is not JSON after all (the visits made
   stand). */
#define SK_WALK_MAX_DEPTH 8
#define SK_WALK_KEY_SIZE 32
typedef void (*sk_visit_fn)(void *ctx, const sk_step *path, size_t depth, rm_skeleton_pos at);
bool sk_json_walk(const char *text, size_t size, size_t max_depth, sk_visit_fn visit, void *ctx);

/* Line and column (from 1) of byte `offset` of the text. */
rm_skeleton_pos sk_json_pos_of(const char *text, size_t size, size_t offset);

#endif
