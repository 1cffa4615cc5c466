/* src/formats/jol/jol_internal.h - what the files of the level module share. */
#ifndef RM_FORMATS_JOL_INTERNAL_H
#define RM_FORMATS_JOL_INTERNAL_H

#include "retromesh/level.h"
#include "schema.h"

/* Decodes one element of a field from a header or record of `avail` bytes;
   the field's default when it is not inside them. */
int64_t rm_jol_decode(const uint8_t *base, uint32_t avail, const rm_jol_field *f, uint32_t offset,
                      unsigned elem);

/* Where an array of a known section is: its element offset from the section
   start, its count and false (with *why) when it is not inside the section. */
bool rm_jol_array_span(const rm_level_section *s, const rm_jol_section *sc, const rm_jol_array *a,
                       uint32_t *offset, uint64_t *count, const char **why);

/* The base of a header (record RM_LEVEL_HEADER) or a record, and the bytes
   the file gives it. */
/* gen.c: the enumerations, flags and reserved identifiers as #defines named
   PREFIX_ENUM_VALUE and PREFIX_ID_XXXX (parens: each value in parentheses,
   the engine header's style); shared by both generated headers. */
void rm_jol_gen_enums(FILE *out, const char *prefix, bool parens);
/* gen.c: an identifier in upper (up) or lower case, spaces as '_'. */
void rm_jol_gen_case(char *dst, size_t size, const char *src, bool up);
/* gen.c: the members of a generated struct at the layout's offsets, the
   gaps as PAD0[n], PAD1[n]... (pad: "uint8_t pad", "unsigned char __pad"),
   each type named by ctype_of. */
void rm_jol_gen_members(FILE *out, const rm_jol_field *f, size_t n, const rm_jol_layout *lay,
                        const char *(*ctype_of)(rm_jol_type), const char *pad);

const uint8_t *rm_jol_base(const rm_level_section *s, size_t record, uint32_t *avail);

#endif
