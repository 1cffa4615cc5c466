/* src/formats/jol/gen_engine.c - engine/jo/level_format.h, the Jo Engine
   flavour of the level format's header, made from the same schema as
   include/retromesh/level_format.h (retromesh level gen --engine-header).

   What it holds, for the level module (engine/level.c) and the games:
   - JO_LEVEL_ constants: magic, format version, flags, no string / no
     index, per section its identifier, version, flags, header and record
     sizes and field offsets; the enumerations and flags; the reserved
     identifiers;
   - jo_level_xxxx_header / jo_level_xxxx_record structs in Jo's types,
     laid out at the file's offsets (natural alignment, as the SH-2 wants),
     checked with _Static_assert;
   - the schema as data (fields: name, type, elements, offset, size,
     default, since; arrays), declared everywhere and defined only where
     __JO_LEVEL_SCHEMA is defined (engine/level.c), so the tables exist
     once in a game.
   Written for gnu99 on the SH-2: no libc header, no stdint.h. */
#include <ctype.h>
#include <inttypes.h>
#include <string.h>

#include "jol_internal.h"

static void to_case(char *dst, size_t size, const char *src, bool up)
{
    size_t i = 0;
    for (; src[i] && i + 1 < size; i++)
        dst[i] = src[i] == ' ' ? '_' : (char)(up ? toupper((unsigned char)src[i]) : tolower((unsigned char)src[i]));
    dst[i] = 0;
}

static const char *jo_ctype(rm_jol_type t)
{
    switch (t) {
    case RM_JOL_U8: return "unsigned char";
    case RM_JOL_I8: return "signed char";
    case RM_JOL_U16: case RM_JOL_INDEX: return "unsigned short";
    case RM_JOL_I16: return "short";
    case RM_JOL_I32: return "int";
    case RM_JOL_FIXED: return "jo_fixed";
    default: return "unsigned int";
    }
}

static const char *type_macro(rm_jol_type t)
{
    static const char *const names[] = {"U8", "I8", "U16", "I16", "U32", "I32", "FIXED", "STRING", "OFFSET", "INDEX"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "U32";
}

/* The bits of a default as the field's element stores them. */
static unsigned long default_bits(const rm_jol_field *f)
{
    uint32_t size = rm_jol_type_size(f->type);
    uint64_t mask = size >= 4 ? 0xFFFFFFFFu : ((uint64_t)1 << (size * 8)) - 1;
    return (unsigned long)((uint64_t)f->def & mask);
}

/* Constants and the struct of a header or a record (or of the file header,
   a directory entry). `what` is "header", "record" or "entry". */
static void layout_struct(FILE *out, const char *id, const char *what, const rm_jol_field *f, size_t n)
{
    char uid[16], lid[16], uw[16];
    to_case(uid, sizeof uid, id, true);
    to_case(lid, sizeof lid, id, false);
    to_case(uw, sizeof uw, what, true);
    rm_jol_layout lay;
    rm_jol_compute_layout(f, n, &lay);
    fprintf(out, "#define JO_LEVEL_%s_%s_SIZE (%lu)\n", uid, uw, (unsigned long)lay.size);
    for (size_t i = 0; i < n; i++) {
        char uf[64];
        to_case(uf, sizeof uf, f[i].name, true);
        fprintf(out, "#define JO_LEVEL_%s_%s_%s_OFFSET (%lu)\n", uid, uw, uf, (unsigned long)lay.offset[i]);
    }
    fputs("typedef struct\n{\n", out);
    uint32_t pos = 0;
    unsigned pad = 0;
    for (size_t i = 0; i < n; i++) {
        if (lay.offset[i] > pos)
            fprintf(out, "    unsigned char __pad%u[%lu];\n", pad++, (unsigned long)(lay.offset[i] - pos));
        if (f[i].count > 1)
            fprintf(out, "    %s %s[%u];\n", jo_ctype(f[i].type), f[i].name, f[i].count);
        else
            fprintf(out, "    %s %s;\n", jo_ctype(f[i].type), f[i].name);
        pos = lay.offset[i] + f[i].count * rm_jol_type_size(f[i].type);
    }
    if (lay.size > pos)
        fprintf(out, "    unsigned char __pad%u[%lu];\n", pad, (unsigned long)(lay.size - pos));
    fprintf(out, "} jo_level_%s_%s;\n", lid, what);
    fprintf(out, "__JO_LEVEL_ASSERT(sizeof(jo_level_%s_%s) == JO_LEVEL_%s_%s_SIZE);\n", lid, what, uid, uw);
    for (size_t i = 0; i < n; i++) {
        char uf[64];
        to_case(uf, sizeof uf, f[i].name, true);
        fprintf(out, "__JO_LEVEL_ASSERT(__builtin_offsetof(jo_level_%s_%s, %s) == JO_LEVEL_%s_%s_%s_OFFSET);\n", lid,
                what, f[i].name, uid, uw, uf);
    }
    fputc('\n', out);
}

/* The schema's table of a field list. */
static void field_table(FILE *out, const char *id, const char *what, const rm_jol_field *f, size_t n)
{
    char lid[16];
    to_case(lid, sizeof lid, id, false);
    rm_jol_layout lay;
    rm_jol_compute_layout(f, n, &lay);
    fprintf(out, "static const jo_level_field_schema __jo_level_%s_%s_fields[%zu] =\n{\n", lid, what, n);
    for (size_t i = 0; i < n; i++) {
        unsigned long def = default_bits(&f[i]);
        char defs[24];
        snprintf(defs, sizeof defs, def < 10 ? "%lu" : "0x%lXu", def);
        fprintf(out, "    {\"%s\", JO_LEVEL_TYPE_%s, %lu, %u, %lu, %u, %s},\n", f[i].name, type_macro(f[i].type),
                (unsigned long)rm_jol_type_size(f[i].type), f[i].count, (unsigned long)lay.offset[i], f[i].since,
                defs);
    }
    fputs("};\n", out);
}

static const char *const prologue =
    "/* jo/level_format.h - GENERATED by `retromesh level gen` from retromesh's\n"
    "   src/formats/jol/schema.c: change the schema, not this file.\n"
    "\n"
    "   The level format (.JOL) for the level module (jo/level.h): section\n"
    "   identifiers, versions, header and record sizes, field offsets in the\n"
    "   file (big endian, the SH-2's order), enumerations and flags; structs\n"
    "   laid out at the file's offsets, which jo_level_get_header() and\n"
    "   jo_level_get_records() fill (the fields missing in an older file at\n"
    "   their defaults):\n"
    "     jo_level_enti_record e;\n"
    "     jo_level_get_records(level, \"ENTI\", i, 1, &e, sizeof(e));\n"
    "   The schema as data (__jo_level_schema) is defined where\n"
    "   __JO_LEVEL_SCHEMA is defined (level.c) and declared everywhere else.\n"
    "   See retromesh's docs/level_format.md. */\n"
    "#ifndef __JO_LEVEL_FORMAT_H__\n"
    "#define __JO_LEVEL_FORMAT_H__\n"
    "\n"
    "#define __JO_LEVEL_ASSERT(c) _Static_assert(c, #c)\n"
    "\n";

static const char *const schema_types =
    "/* The schema as data */\n"
    "#define JO_LEVEL_TYPE_U8 (0)\n"
    "#define JO_LEVEL_TYPE_I8 (1)\n"
    "#define JO_LEVEL_TYPE_U16 (2)\n"
    "#define JO_LEVEL_TYPE_I16 (3)\n"
    "#define JO_LEVEL_TYPE_U32 (4)\n"
    "#define JO_LEVEL_TYPE_I32 (5)\n"
    "#define JO_LEVEL_TYPE_FIXED (6)  /* Q16.16 */\n"
    "#define JO_LEVEL_TYPE_STRING (7) /* offset in STRS, JO_LEVEL_NO_STRING: none */\n"
    "#define JO_LEVEL_TYPE_OFFSET (8) /* offset of an array from the start of the section, 0: empty */\n"
    "#define JO_LEVEL_TYPE_INDEX (9)  /* index of a record, JO_LEVEL_NO_INDEX: none */\n"
    "\n"
    "/* A field of a header or a record */\n"
    "typedef struct\n"
    "{\n"
    "    const char *name;\n"
    "    unsigned char type;             /* JO_LEVEL_TYPE_xxx */\n"
    "    unsigned char size;             /* bytes of an element */\n"
    "    unsigned short count;           /* elements (1, or n for an array such as short floor[5]) */\n"
    "    unsigned short offset;          /* in the file and in the struct */\n"
    "    unsigned short since;           /* version of the section where it appeared */\n"
    "    unsigned int def;               /* default of each element, its bits (-1 in an int: 0xFFFFFFFF) */\n"
    "} jo_level_field_schema;\n"
    "\n"
    "/* An array of a section (a field of type offset of its header) */\n"
    "typedef struct\n"
    "{\n"
    "    const char *name;\n"
    "    unsigned char type;             /* of an element */\n"
    "    unsigned char size;             /* bytes of an element */\n"
    "    short offset_field;             /* index of the header field holding its offset */\n"
    "    short length_a;                 /* elements: header field length_a (x length_b when not -1) */\n"
    "    short length_b;\n"
    "} jo_level_array_schema;\n"
    "\n"
    "/* A section this engine knows */\n"
    "typedef struct\n"
    "{\n"
    "    char id[5];\n"
    "    unsigned short version;\n"
    "    unsigned short flags;           /* JO_LEVEL_FLAG_REQUIRED */\n"
    "    bool raw;                       /* STRS: bytes, read by the section's size alone */\n"
    "    unsigned short header_size;     /* this engine's layout (0: no header fields) */\n"
    "    unsigned short record_size;     /* (0: no records) */\n"
    "    unsigned short header_count;\n"
    "    unsigned short record_count;\n"
    "    unsigned short array_count;\n"
    "    const jo_level_field_schema *header;\n"
    "    const jo_level_field_schema *records;\n"
    "    const jo_level_array_schema *arrays;\n"
    "} jo_level_section_schema;\n"
    "\n";

void rm_level_gen_engine_header(FILE *out)
{
    fputs(prologue, out);
    fprintf(out, "#define JO_LEVEL_MAGIC (0x%08lXu) /* 'JOLV' */\n", (unsigned long)RM_JOL_MAGIC);
    fprintf(out, "#define JO_LEVEL_FORMAT_VERSION (%u)\n", RM_JOL_FORMAT_VERSION);
    fprintf(out, "#define JO_LEVEL_FLAG_REQUIRED (%u)\n", RM_JOL_FLAG_REQUIRED);
    fprintf(out, "#define JO_LEVEL_NO_STRING (0x%08lXu)\n", (unsigned long)RM_JOL_NO_STRING);
    fprintf(out, "#define JO_LEVEL_NO_INDEX (0x%04X)\n\n", RM_JOL_NO_INDEX);
    layout_struct(out, "FILE", "header", rm_jol_file_header, rm_jol_file_header_count);
    layout_struct(out, "DIRECTORY", "entry", rm_jol_dir_entry, rm_jol_dir_entry_count);
    for (size_t i = 0; i < rm_jol_section_count; i++) {
        const rm_jol_section *s = &rm_jol_sections[i];
        fprintf(out, "/* %s: %s */\n", s->id, s->title);
        fprintf(out, "#define JO_LEVEL_ID_%s (0x%02X%02X%02X%02Xu)\n", s->id, s->id[0], s->id[1], s->id[2], s->id[3]);
        fprintf(out, "#define JO_LEVEL_%s_VERSION (%u)\n", s->id, s->version);
        fprintf(out, "#define JO_LEVEL_%s_FLAGS (%u)\n", s->id, s->flags);
        if (s->header_count)
            layout_struct(out, s->id, "header", s->header, s->header_count);
        else
            fprintf(out, "#define JO_LEVEL_%s_HEADER_SIZE (0)\n", s->id);
        if (s->record_count)
            layout_struct(out, s->id, "record", s->records, s->record_count);
        else
            fprintf(out, "#define JO_LEVEL_%s_RECORD_SIZE (0)\n", s->id);
        if (!s->header_count || !s->record_count)
            fputc('\n', out);
    }
    rm_jol_gen_enums(out, "JO_LEVEL", true);
    fputc('\n', out);
    fputs(schema_types, out);
    fprintf(out, "#define JO_LEVEL_SCHEMA_COUNT (%zu)\n", rm_jol_section_count);
    fputs("extern const jo_level_section_schema __jo_level_schema[JO_LEVEL_SCHEMA_COUNT];\n\n", out);
    fputs("#ifdef __JO_LEVEL_SCHEMA\n", out);
    for (size_t i = 0; i < rm_jol_section_count; i++) {
        const rm_jol_section *s = &rm_jol_sections[i];
        char lid[16];
        to_case(lid, sizeof lid, s->id, false);
        if (s->header_count)
            field_table(out, s->id, "header", s->header, s->header_count);
        if (s->record_count)
            field_table(out, s->id, "record", s->records, s->record_count);
        if (s->array_count) {
            fprintf(out, "static const jo_level_array_schema __jo_level_%s_arrays[%zu] =\n{\n", lid, s->array_count);
            for (size_t a = 0; a < s->array_count; a++) {
                const rm_jol_array *ar = &s->arrays[a];
                int io = rm_jol_field_index(s->header, s->header_count, ar->offset_field);
                int ia = ar->len_a ? rm_jol_field_index(s->header, s->header_count, ar->len_a) : -1;
                int ib = ar->len_b ? rm_jol_field_index(s->header, s->header_count, ar->len_b) : -1;
                fprintf(out, "    {\"%s\", JO_LEVEL_TYPE_%s, %lu, %d, %d, %d},\n", ar->name, type_macro(ar->type),
                        (unsigned long)rm_jol_type_size(ar->type), io, ia, ib);
            }
            fputs("};\n", out);
        }
    }
    fputs("const jo_level_section_schema __jo_level_schema[JO_LEVEL_SCHEMA_COUNT] =\n{\n", out);
    for (size_t i = 0; i < rm_jol_section_count; i++) {
        const rm_jol_section *s = &rm_jol_sections[i];
        char lid[16];
        to_case(lid, sizeof lid, s->id, false);
        rm_jol_layout h, r;
        rm_jol_compute_layout(s->header, s->header_count, &h);
        rm_jol_compute_layout(s->records, s->record_count, &r);
        char hf[48] = "JO_NULL", rf[48] = "JO_NULL", af[48] = "JO_NULL";
        if (s->header_count)
            snprintf(hf, sizeof hf, "__jo_level_%s_header_fields", lid);
        if (s->record_count)
            snprintf(rf, sizeof rf, "__jo_level_%s_record_fields", lid);
        if (s->array_count)
            snprintf(af, sizeof af, "__jo_level_%s_arrays", lid);
        fprintf(out, "    {\"%s\", %u, %u, %s, %lu, %lu, %zu, %zu, %zu, %s, %s, %s},\n", s->id, s->version, s->flags,
                s->raw ? "true" : "false", (unsigned long)h.size, (unsigned long)r.size, s->header_count,
                s->record_count, s->array_count, hf, rf, af);
    }
    fputs("};\n#endif /* __JO_LEVEL_SCHEMA */\n\n#endif /* !__JO_LEVEL_FORMAT_H__ */\n", out);
}
