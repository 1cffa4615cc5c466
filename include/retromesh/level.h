/* retromesh/level.h - levels (.JOL): the engine-side reader and a builder.

   The format is described by one schema (src/formats/jol/schema.c); the
   constants, section ids, field offsets and record sizes are generated into
   retromesh/level_format.h, and docs/level_format.md documents it all.

   Reading (the file stays in the caller's memory, nothing is copied):
     rm_level lv;
     if (rm_level_open(&lv, data, size, "LEVEL.JOL", &diag) == RM_OK) {
         const rm_level_section *s = rm_level_find_section(&lv, "ENTI");
         int64_t x;
         rm_level_get_value(&lv, s, 0, "x", 0, &x);          // record 0, field x
         rm_level_get_records(&lv, "ENTI", 0, n, out, sizeof *out); // native structs
         const char *name = rm_level_string(&lv, offset);    // NULL: none or bad
         rm_level_close(&lv);
     }
   A field that is not in the file (an older file: header_size or record_size
   smaller than the schema's) reads as its default; bytes the schema does not
   know (a newer file) are skipped. Unknown sections are kept (known == 0)
   unless flagged REQUIRED, which refuses the file. Identifiers with a
   lowercase letter belong to the game: find them with rm_level_find_section.

   Writing:
     rm_level_builder *b = rm_level_builder_create("My level");
     size_t terr = rm_level_builder_section(b, "TERR");
     rm_level_builder_set(b, terr, RM_LEVEL_HEADER, "n", 0, 3);
     rm_level_builder_set_array(b, terr, "heights", values, 9);
     size_t plnt = rm_level_builder_section(b, "PLNT");
     size_t r = rm_level_builder_add_record(b, plnt);
     rm_level_builder_set(b, plnt, r, "scale", 0, 256);
     size_t e = rm_level_builder_add_entity(b, "barrel", "explosive");
     rm_level_builder_set_string(b, enti, e, "model", "BARREL.JOM"); ...
     rm_level_builder_add_prop_string(b, e, "sound", "EXPLODE.PCM");
     rm_level_builder_add_link(b, e, 4, 0, "fuse", 400, -1);
     rm_level_builder_write(b, &bytes, &size, &diag);     // caller frees bytes
     rm_level_builder_free(b);
   The builder fills defaults, interns strings in STRS, computes offsets,
   alignment, array offsets and counts, the directory and the file size.
   Ownership: the builder copies every string it is given. */
#ifndef RETROMESH_LEVEL_H
#define RETROMESH_LEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rm_level_section {
    char id[5];             /* 4 characters and a zero */
    uint16_t version;
    uint16_t flags;         /* 1: REQUIRED */
    uint32_t offset;        /* from the start of the file */
    uint32_t size;
    uint16_t header_size;
    uint16_t record_size;
    uint32_t record_count;
    const uint8_t *data;    /* the section's `size` bytes, in the caller's buffer */
    int known;              /* described by the schema */
    int game;               /* an identifier with a lowercase letter */
} rm_level_section;

typedef struct rm_level {
    const uint8_t *data;    /* the caller's buffer, not owned */
    size_t size;
    const char *file;       /* name used in messages, not owned */
    uint16_t version;
    uint16_t flags;
    uint32_t section_count;
    rm_level_section *sections;   /* owned, in directory order */
} rm_level;

#define RM_LEVEL_HEADER ((size_t)-1)

rm_status rm_level_open(rm_level *lv, const uint8_t *data, size_t size, const char *name,
                        rm_diag *diag);
void rm_level_close(rm_level *lv);

/* The first section with this 4-character identifier, NULL when none. */
const rm_level_section *rm_level_find_section(const rm_level *lv, const char *id);

/* The string at this offset of STRS, NULL for 0xFFFFFFFF, an offset outside
   STRS or a string without its terminating zero. */
const char *rm_level_string(const rm_level *lv, uint32_t offset);

/* One value of a known section: `record` is RM_LEVEL_HEADER or a record
   index, `elem` the element of a fixed-size array (0 otherwise). Missing
   from the file: the schema's default. RM_USAGE when the field, the record
   or the element does not exist. */
rm_status rm_level_get_value(const rm_level *lv, const rm_level_section *s, size_t record,
                             const char *field, unsigned elem, int64_t *value);

/* Native-order copies laid out as the generated structs of level_format.h
   (offsets of the schema): get_header fills `out` (out_size >= the schema's
   header size), get_records fills `count` records from `first`, `stride`
   bytes apart (stride >= the schema's record size). */
rm_status rm_level_get_header(const rm_level *lv, const char *id, void *out, size_t out_size);
rm_status rm_level_get_records(const rm_level *lv, const char *id, uint32_t first, uint32_t count,
                               void *out, size_t stride);

/* ---- Builder ---------------------------------------------------------- */

typedef struct rm_level_builder rm_level_builder;

rm_level_builder *rm_level_builder_create(const char *name);
void rm_level_builder_free(rm_level_builder *b);

/* The section with this identifier (added when missing; INFO and STRS always
   exist). Returns its index, or (size_t)-1 when the id is not a section of
   the schema (use rm_level_builder_raw for others). */
size_t rm_level_builder_section(rm_level_builder *b, const char *id);
/* A section of raw bytes (a game section, or one unknown to the schema). */
rm_status rm_level_builder_raw(rm_level_builder *b, const char *id, uint16_t version,
                               uint16_t flags, const uint8_t *bytes, size_t size);
/* Version and flags written in the directory (default: the schema's). */
void rm_level_builder_set_version(rm_level_builder *b, size_t sec, uint16_t version, uint16_t flags);
/* Writes headers and records of this many bytes instead of the schema's
   sizes (fields past them are left out, extra bytes are zeros): a file for
   an older or a newer engine. 0 keeps the schema's size. */
void rm_level_builder_set_sizes(rm_level_builder *b, size_t sec, uint16_t header_size,
                                uint16_t record_size);
/* Adds a record with every field at its default; returns its index. */
size_t rm_level_builder_add_record(rm_level_builder *b, size_t sec);
size_t rm_level_builder_record_count(const rm_level_builder *b, size_t sec);
/* Sets a field (record RM_LEVEL_HEADER: the header). RM_USAGE when the
   field does not exist; the value is checked against its type at write. */
rm_status rm_level_builder_set(rm_level_builder *b, size_t sec, size_t record, const char *field,
                               unsigned elem, int64_t value);
/* A string field (NULL: no string). */
rm_status rm_level_builder_set_string(rm_level_builder *b, size_t sec, size_t record,
                                      const char *field, const char *text);
/* The elements of an array; its count field (hole_count) follows its length. */
rm_status rm_level_builder_set_array(rm_level_builder *b, size_t sec, const char *array,
                                     const int64_t *values, size_t count);
/* Seeds STRS with strings in this order (a rebuilt file keeps its offsets). */
rm_status rm_level_builder_add_string(rm_level_builder *b, const char *text);
/* An entity: a record of ENTI with its name and class; returns the record. */
size_t rm_level_builder_add_entity(rm_level_builder *b, const char *name, const char *cls);
/* Properties and links of an entity (a record of ENTI, RM_USAGE otherwise);
   written after all the entities, those of an entity following each other. */
rm_status rm_level_builder_add_prop_int(rm_level_builder *b, size_t entity, const char *key, int32_t v);
rm_status rm_level_builder_add_prop_fixed(rm_level_builder *b, size_t entity, const char *key, int32_t raw);
rm_status rm_level_builder_add_prop_string(rm_level_builder *b, size_t entity, const char *key,
                                           const char *text);
/* target: the name of an entity (NULL: the source itself), resolved at write. */
rm_status rm_level_builder_add_link(rm_level_builder *b, size_t entity, uint16_t event,
                                    uint16_t action, const char *target, uint16_t delay,
                                    int32_t param);
/* The bytes of the level (malloc'd, the caller frees them). */
rm_status rm_level_builder_write(rm_level_builder *b, uint8_t **data, size_t *size, rm_diag *diag);

/* ---- JSON, dump, check, gen ------------------------------------------ */

/* Builds a level from JSON text (see docs/levels.md); `name` is used in
   messages "NAME:LINE:COL: error: ...". */
rm_status rm_level_build_json(const char *text, size_t len, const char *name, uint8_t **data,
                              size_t *size, rm_diag *diag);
/* Prints every section readably; full: whole arrays (not a summary). */
void rm_level_dump_text(const rm_level *lv, FILE *out, int full);
void rm_level_dump_json(const rm_level *lv, FILE *out);
/* Every rule and reference of the format; each problem is an error in diag.
   RM_OK when none. */
rm_status rm_level_check(const rm_level *lv, rm_diag *diag);
/* The documentation (markdown, or plain text in the layout of the original
   documentation) and the C header, generated from the schema. */
void rm_level_gen_markdown(FILE *out);
void rm_level_gen_text(FILE *out);
void rm_level_gen_header(FILE *out);
/* The same constants, structs and the schema as data for the engine's level
   module, in the Jo Engine's dialect (engine/jo/level_format.h). */
void rm_level_gen_engine_header(FILE *out);

/* ---- The model files a level names (src/formats/jol/refs.c) ----------- */
/*
     rm_level_model_refs refs;
     if (rm_level_model_refs_collect(&lv, &refs, &diag) == RM_OK) {
         for (size_t i = 0; i < refs.ref_count; i++)   // every naming, in load order
             ... refs.files[refs.refs[i].file] ...
         rm_level_model_refs_free(&refs);
     }
   The fields: every string field of the schema for a .JOM file (MODL.file,
   ENTI.model, CELL.model, CELL.reflection, WEAP.model) and an entity's
   STRING properties naming a model (far_model, dead_model, cockpit_model,
   or any value ending in ".JOM"). The order is the engine's load order:
   the sections in directory order, records in order, fields in record
   order, an entity's properties right after its own fields (docs/budget.md).
   A file named twice (names compared ASCII case-insensitively, as the CD
   does) is one entry of `files`, first spelling kept, with two refs. */

#define RM_LEVEL_NO_ENTITY 0xFFFFFFFFu

typedef struct rm_level_model_ref {
    char section[5];        /* "MODL", "ENTI", "CELL", "WEAP"...; "PROP" for a property */
    uint32_t record;        /* the record of that section */
    char *field;            /* "file", "model", "reflection"; a property: its key ("far_model") */
    uint32_t entity;        /* ENTI and PROP: the entity's record; else RM_LEVEL_NO_ENTITY */
    char *entity_name;      /* ENTI and PROP: the entity's name (NULL: none) */
    size_t file;            /* index in files[] */
} rm_level_model_ref;

typedef struct rm_level_model_refs {
    size_t ref_count;
    rm_level_model_ref *refs;   /* in load order */
    size_t file_count;
    char **files;               /* distinct names, in the order of their first ref */
} rm_level_model_refs;

/* Fills *out (owned: free with rm_level_model_refs_free). RM_INVALID (an
   error in diag, with the section, offset, record and field) when a string
   offset is not in STRS or an entity's properties are past PROP. */
rm_status rm_level_model_refs_collect(const rm_level *lv, rm_level_model_refs *out, rm_diag *diag);
void rm_level_model_refs_free(rm_level_model_refs *r);
/* "CELL 2 field reflection", "ENTI 0 'barrel' field model",
   "ENTI 3 'tank' property far_model (PROP 5)". */
void rm_level_model_ref_describe(const rm_level_model_ref *ref, char *buf, size_t size);

/* ---- Far models (src/formats/jol/far.c; docs/levels.md "Far models") -- */
/*
   An entity of the level JSON may ask for a far model, a simplified copy of
   its model drawn past far_distance:
     {"name": "tower", "model": "TOWER.JOM", "far": {"max_polygons": 150, "distance": 2000}}
   `retromesh build` makes it (TOWER_F.JOM from the model's source) and sets
   the entity's far_model (and far_distance) properties;
   rm_level_build_json alone cannot (it has no model sources): it warns and
   leaves "far" out.
     rm_level_far_request *req; size_t n;
     rm_level_far_requests(text, len, "island.json", &dflt, &req, &n, &diag);
     ... convert req[i].model's source with req[i].far's limits ...
     rm_level_far_assign as[] = {{req[0].entity, "TOWER_F.JOM", true, 2000}};
     rm_level_json_options o = {as, 1};
     rm_level_build_json_ex(text, len, "island.json", &o, &bytes, &size, &diag);
     rm_level_far_requests_free(req, n);
*/
typedef struct rm_level_far {
    bool set;
    uint32_t max_polygons, max_points;  /* 0: no limit */
    double max_error;                   /* 0: none */
    bool max_error_is_share;            /* "error": "2%" */
    bool has_distance;
    int32_t distance;                   /* far_distance, world units */
} rm_level_far;

typedef struct rm_level_far_request {
    size_t entity;          /* the entity's index in "entities" (its ENTI record) */
    char *entity_name;      /* NULL: none */
    char *model;            /* its "model" */
    rm_level_far far;       /* its own "far", else the default */
    unsigned long line, col;    /* where its "far" (or the entity) is, for messages */
} rm_level_far_request;

/* The entities with a "model" that want a far model: their own "far"
   object, or `dflt` (may be NULL or unset) when they have none and no
   far_model property of their own. "far": false on an entity: none.
   A bad "far" (unknown key, no limit, out of range, no "model") is an
   error NAME:LINE:COL. *out is malloc'd (free with
   rm_level_far_requests_free), NULL when *count is 0. */
rm_status rm_level_far_requests(const char *text, size_t len, const char *name,
                                const rm_level_far *dflt, rm_level_far_request **out,
                                size_t *count, rm_diag *diag);
void rm_level_far_requests_free(rm_level_far_request *r, size_t count);

typedef struct rm_level_far_assign {
    size_t entity;          /* index in "entities" */
    const char *far_model;  /* the far_model property's value */
    bool has_distance;
    int32_t distance;       /* the far_distance property */
} rm_level_far_assign;

typedef struct rm_level_json_options {
    const rm_level_far_assign *far;     /* may be NULL when far_count is 0 */
    size_t far_count;
} rm_level_json_options;

/* rm_level_build_json with far models filled in: each assigned entity gets
   far_model (and far_distance) properties, and its "far" is not warned
   about. opt may be NULL (then exactly rm_level_build_json). */
rm_status rm_level_build_json_ex(const char *text, size_t len, const char *name,
                                 const rm_level_json_options *opt, uint8_t **data, size_t *size,
                                 rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
