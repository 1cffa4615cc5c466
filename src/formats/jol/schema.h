/* src/formats/jol/schema.h - the level format (.JOL) as data (internal).

   The schema (schema.c) is the one source of truth of the format: the reader,
   the writer, dump, check and gen walk these tables and know nothing else
   about the sections. Changing the format means editing schema.c only.

   Usage:
     const rm_jol_section *s = rm_jol_find("CELL");
     rm_jol_layout lay;
     rm_jol_compute_layout(s->records, s->record_count, &lay);
     // lay.offset[i] is the byte offset of s->records[i], lay.size the
     // record size (a multiple of the largest alignment, as the seed says).

   Offsets are never written in the tables: they follow from the field list
   and the rule "every value is aligned on its size". */
#ifndef RM_FORMATS_JOL_SCHEMA_H
#define RM_FORMATS_JOL_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RM_JOL_MAGIC 0x4A4F4C56u        /* 'JOLV' */
#define RM_JOL_FORMAT_VERSION 1u
#define RM_JOL_FILE_HEADER_SIZE 16u
#define RM_JOL_DIR_ENTRY_SIZE 24u
#define RM_JOL_FLAG_REQUIRED 1u
#define RM_JOL_NO_STRING 0xFFFFFFFFu
#define RM_JOL_NO_INDEX 0xFFFFu
#define RM_JOL_MAX_FIELDS 32

typedef enum rm_jol_type {
    RM_JOL_U8, RM_JOL_I8, RM_JOL_U16, RM_JOL_I16, RM_JOL_U32, RM_JOL_I32,
    RM_JOL_FIXED,   /* Q16.16, 4 bytes */
    RM_JOL_STRING,  /* u32 offset in STRS, 0xFFFFFFFF: none */
    RM_JOL_OFFSET,  /* u32 offset of an array from the section start, 0: empty */
    RM_JOL_INDEX    /* u16 index of a record of `target`, 0xFFFF: none */
} rm_jol_type;

typedef struct rm_jol_field {
    const char *name;
    rm_jol_type type;
    uint16_t count;         /* elements: 1, or n for a fixed array (i16[5]) */
    bool has_default;       /* the default is written in the tables of the docs */
    int64_t def;            /* default (0 unless has_default) */
    uint16_t since;         /* version of the section where it appeared */
    const char *unit;       /* NULL or "world units"... (docs) */
    const char *desc;
    /* Checks: */
    const char *target;     /* INDEX: the section indexed; a first_xxx field: the section of the range */
    const char *range_count;/* a first_xxx field: the field holding the count of the range */
    const char *enumeration;/* an enum (or flags) the value belongs to */
    const char *file_ext;   /* STRING: a file name of this extension (8.3 uppercase);
                               "*BIN": the base name of numbered frames (FLASH: FLASH1.BIN) */
} rm_jol_field;

typedef struct rm_jol_array {
    const char *name;
    rm_jol_type type;       /* element type */
    const char *offset_field;
    const char *len_a;      /* length: len_a, or len_a * len_b */
    const char *len_b;
    int64_t max_value;      /* elements must be < max_value x max_value of len (holes: n*n), 0: no rule */
    const char *desc;
} rm_jol_array;

typedef struct rm_jol_section {
    char id[5];
    const char *title;
    uint16_t version;
    uint16_t flags;         /* RM_JOL_FLAG_REQUIRED */
    const char *desc;
    const rm_jol_field *header;
    size_t header_count;
    const rm_jol_field *records;
    size_t record_count;
    const rm_jol_array *arrays;
    size_t array_count;
    bool raw;               /* STRS: bytes only, read by its size */
} rm_jol_section;

typedef struct rm_jol_enum_value {
    int64_t value;
    const char *name;       /* without the prefix: "DEATH" */
    const char *desc;
} rm_jol_enum_value;

typedef struct rm_jol_enum {
    const char *name;       /* "EVENT" (prefix of the values: EVENT_) */
    bool flags;             /* bits (ENTITY_FLAG): a value is an OR of them */
    const char *desc;
    const rm_jol_enum_value *values;
    size_t count;
} rm_jol_enum;

typedef enum rm_jol_prop_type { RM_JOL_PROP_INT = 0, RM_JOL_PROP_FIXED = 1, RM_JOL_PROP_STRING = 2 } rm_jol_prop_type;

typedef struct rm_jol_prop {
    const char *name;
    rm_jol_prop_type type;
    const char *def;        /* as the docs write it: 600, "FIRE", "" */
    const char *desc;
    const char *file_ext;   /* STRING: as rm_jol_field.file_ext ("" is allowed: none) */
} rm_jol_prop;

typedef struct rm_jol_class {
    const char *name;       /* "all the classes": the properties every entity has */
    const char *desc;
    const rm_jol_prop *props;
    size_t prop_count;
} rm_jol_class;

typedef struct rm_jol_reserved {
    const char *id;
    const char *desc;
} rm_jol_reserved;

typedef struct rm_jol_layout {
    uint32_t offset[RM_JOL_MAX_FIELDS];
    uint32_t size;          /* rounded up to the largest alignment */
    uint32_t align;
} rm_jol_layout;

extern const rm_jol_field rm_jol_file_header[];
extern const size_t rm_jol_file_header_count;
extern const rm_jol_field rm_jol_dir_entry[];
extern const size_t rm_jol_dir_entry_count;
extern const rm_jol_section rm_jol_sections[];
extern const size_t rm_jol_section_count;
extern const rm_jol_enum rm_jol_enums[];
extern const size_t rm_jol_enum_count;
extern const rm_jol_class rm_jol_classes[];
extern const size_t rm_jol_class_count;
extern const rm_jol_reserved rm_jol_reserved_ids[];
extern const size_t rm_jol_reserved_count;

/* Size in bytes of one element of a type. */
uint32_t rm_jol_type_size(rm_jol_type t);
const char *rm_jol_type_name(rm_jol_type t);
bool rm_jol_type_signed(rm_jol_type t);
/* Offsets and size of a field list (header or record). */
void rm_jol_compute_layout(const rm_jol_field *f, size_t n, rm_jol_layout *out);

const rm_jol_section *rm_jol_find(const char *id);      /* 4 chars, NULL: unknown */
const rm_jol_enum *rm_jol_find_enum(const char *name);
const rm_jol_class *rm_jol_find_class(const char *name);
/* Index of a field by name in a list, -1 when absent. */
int rm_jol_field_index(const rm_jol_field *f, size_t n, const char *name);
/* A value by its name ("DEATH" or "EVENT_DEATH"); false when unknown. */
bool rm_jol_enum_lookup(const rm_jol_enum *e, const char *name, int64_t *value);
/* True when v fits the field's type. */
bool rm_jol_value_fits(rm_jol_type t, int64_t v);
/* True when `name` is a file name as file_ext asks (see rm_jol_field). */
bool rm_jol_file_name_ok(const char *name, const char *file_ext);

#endif
