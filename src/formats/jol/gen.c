/* src/formats/jol/gen.c - the documentation and the C header of the level
   format, made from the schema (retromesh level gen).

   One walk prints either markdown (docs/level_format.md), plain text in the
   layout of the original documentation (--text: tab-separated tables), and
   a separate walk prints include/retromesh/level_format.h (gen_engine.c
   prints engine/jo/level_format.h, the Jo Engine flavour). The output only
   depends on the schema: it is committed, and a test fails when the
   committed files differ from what this prints now. */
#include <ctype.h>
#include <inttypes.h>
#include <string.h>

#include "jol_internal.h"

typedef struct doc {
    FILE *out;
    bool md;
} doc;

static void heading(const doc *d, int level, const char *text)
{
    if (d->md)
        fprintf(d->out, "%.*s %s\n\n", level, "####", text);
    else
        fprintf(d->out, "%s\n\n", text);
}

static void para(const doc *d, const char *text)
{
    fprintf(d->out, "%s\n\n", text);
}

/* A table row: cells separated by tabs (text) or pipes (markdown). */
static void row(const doc *d, const char *const *cells, size_t n)
{
    if (d->md)
        fputs("| ", d->out);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputs(d->md ? " | " : "\t", d->out);
        if (d->md) {
            for (const char *p = cells[i]; *p; p++)
                fputs(*p == '|' ? "\\|" : (char[2]){*p, 0}, d->out);
        } else {
            fputs(cells[i], d->out);
        }
    }
    fputs(d->md ? " |\n" : "\n", d->out);
}

static void table_head(const doc *d, const char *const *cells, size_t n)
{
    row(d, cells, n);
    if (d->md) {
        fputc('|', d->out);
        for (size_t i = 0; i < n; i++)
            fputs("---|", d->out);
        fputc('\n', d->out);
    }
}

static void format_default(char *buf, size_t size, int64_t v)
{
    if (v < 10)
        snprintf(buf, size, "%" PRId64, v);
    else
        snprintf(buf, size, "0x%" PRIX64, v);
}

static void fields(const doc *d, const rm_jol_field *f, size_t n)
{
    bool defaults = false;
    for (size_t i = 0; i < n; i++)
        defaults |= f[i].has_default;
    rm_jol_layout lay;
    rm_jol_compute_layout(f, n, &lay);
    static const char *const with[] = {"Offset", "Field", "Type", "Default", "Since", "Description"};
    static const char *const without[] = {"Offset", "Field", "Type", "Since", "Description"};
    table_head(d, defaults ? with : without, defaults ? 6 : 5);
    for (size_t i = 0; i < n; i++) {
        char off[16], type[24], def[24], since[16], desc[1200];
        snprintf(off, sizeof off, "%lu", (unsigned long)lay.offset[i]);
        if (f[i].count > 1)
            snprintf(type, sizeof type, "%s[%u]", rm_jol_type_name(f[i].type), f[i].count);
        else
            snprintf(type, sizeof type, "%s", rm_jol_type_name(f[i].type));
        format_default(def, sizeof def, f[i].def);
        snprintf(since, sizeof since, "v%u", f[i].since);
        if (f[i].unit)
            snprintf(desc, sizeof desc, "%s (%s)", f[i].desc, f[i].unit);
        else
            snprintf(desc, sizeof desc, "%s", f[i].desc);
        const char *cells[6] = {off, f[i].name, type, def, since, desc};
        if (!defaults) {
            cells[3] = since;
            cells[4] = desc;
        }
        row(d, cells, defaults ? 6 : 5);
    }
    fprintf(d->out, "\nSize: %lu bytes.\n\n", (unsigned long)lay.size);
}

static const char *const rules[] = {
    "The file is big endian (the SH-2 reads it directly). Every value is aligned on its size, the sections on 4 bytes.",
    "The file starts with a header (FILE_HEADER) and a directory: one entry (DIRECTORY_ENTRY) per section.",
    "A section has an identifier of 4 characters, a version, flags, a header (fields), records (fields, all the "
    "same size) and arrays (referenced by offsets in its header, from the start of the section).",
    "The sizes of the header and of a record are written in the directory: a reader reads the fields it knows "
    "and skips the rest; a field that is not in the file (older file) gets its default value.",
    "A new field is always added at the end of a header or of a record, with a default value and the version of "
    "the section where it appeared (the version of the section goes up).",
    "A field, a section identifier or a value of an enumeration is never removed, moved or used again for "
    "something else. A field that is no longer used stays in the format (its documentation says so).",
    "A reader ignores the sections it doesn't know, unless the flag REQUIRED is set: then it refuses the file "
    "with the identifier of the section in the error message.",
    "The identifiers in uppercase belong to the engine; the identifiers with a lowercase letter belong to the "
    "game (the engine loads them and gives them to the game, see rm_level_find_section()).",
    "The version of the file (FORMAT_VERSION) only changes if the header or the directory change.",
    "STRS is written with header_size 0, record_size 1 and record_count equal to its size; a reader reads it by "
    "its section size alone (0 in those fields is valid too). A section's size is at least header_size + "
    "record_size x record_count; its arrays follow, inside the size.",
};

static void document(const doc *d)
{
    FILE *out = d->out;
    if (d->md)
        fputs("<!-- GENERATED by `retromesh level gen` from src/formats/jol/schema.c: change the schema, "
              "not this file. -->\n\n# The level format (.JOL)\n\n", out);
    else
        para(d, "This file is made by `retromesh level gen` from src/formats/jol/schema.c: change the schema, "
                "not this file.");
    para(d, "A level (.JOL) holds the data of a level of a game: terrain, models and their collisions, plants, "
            "decals, entities, cells and portals, weapons. The engine reads it in place (the SH-2 reads big "
            "endian); retromesh writes it (`retromesh level build`), checks it and prints it.");
    heading(d, 2, "Rules of the format");
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        fprintf(out, "%s%s\n", d->md ? "- " : "", rules[i]);
    fputc('\n', out);
    heading(d, 2, "Types");
    static const char *const th[] = {"Type", "Size", "Description"};
    static const char *const types[][3] = {
        {"u8, i8, u16, i16, u32, i32", "1, 2, 4", "Integers (big endian)"},
        {"fixed", "4", "Q16.16 fixed point number (jo_fixed)"},
        {"string", "4", "Offset of a string in the STRS section, 0xFFFFFFFF: no string"},
        {"offset", "4", "Offset of an array from the start of the section (0: empty)"},
        {"index", "2", "Index of a record of another section, 0xFFFF: none"},
    };
    table_head(d, th, 3);
    for (size_t i = 0; i < 5; i++)
        row(d, types[i], 3);
    fputc('\n', out);
    heading(d, 2, "File header");
    fields(d, rm_jol_file_header, rm_jol_file_header_count);
    heading(d, 2, "Directory entry");
    para(d, "One entry per section, after the file header.");
    fields(d, rm_jol_dir_entry, rm_jol_dir_entry_count);
    heading(d, 2, "Sections");
    for (size_t i = 0; i < rm_jol_section_count; i++) {
        const rm_jol_section *s = &rm_jol_sections[i];
        char title[200];
        snprintf(title, sizeof title, "%s: %s (version %u%s)", s->id, s->title, s->version,
                 s->flags & RM_JOL_FLAG_REQUIRED ? ", required" : "");
        heading(d, 3, title);
        para(d, s->desc);
        if (s->header_count) {
            para(d, "Header:");
            fields(d, s->header, s->header_count);
        }
        if (s->record_count) {
            para(d, "Record:");
            fields(d, s->records, s->record_count);
        }
        if (s->array_count) {
            para(d, "Arrays (after the header and the records, aligned on 4 bytes):");
            for (size_t a = 0; a < s->array_count; a++) {
                const rm_jol_array *ar = &s->arrays[a];
                char len[64];
                if (ar->len_b)
                    snprintf(len, sizeof len, "%s * %s", ar->len_a, ar->len_b);
                else
                    snprintf(len, sizeof len, "%s", ar->len_a);
                fprintf(out, "%s%s: %s, %s elements (offset: %s). %s.\n", d->md ? "- " : "", ar->name,
                        rm_jol_type_name(ar->type), len, ar->offset_field, ar->desc);
            }
            fputc('\n', out);
        }
    }
    heading(d, 2, "Enumerations");
    for (size_t i = 0; i < rm_jol_enum_count; i++) {
        const rm_jol_enum *e = &rm_jol_enums[i];
        heading(d, 3, e->name);
        para(d, e->desc);
        static const char *const eh[] = {"Value", "Name", "Description"};
        table_head(d, eh, 3);
        for (size_t k = 0; k < e->count; k++) {
            char val[24], name[80];
            if (e->flags)
                snprintf(val, sizeof val, "0x%04" PRIX64, e->values[k].value);
            else
                snprintf(val, sizeof val, "%" PRId64, e->values[k].value);
            snprintf(name, sizeof name, "%s_%s", e->name, e->values[k].name);
            const char *cells[3] = {val, name, e->values[k].desc};
            row(d, cells, 3);
        }
        fputc('\n', out);
    }
    heading(d, 2, "Classes of entities of the engine");
    para(d, "The value of ENTI.cls. A game registers its own classes (a class with the name of a class of the "
            "engine replaces it). A property missing in the level gets its default value.");
    for (size_t i = 0; i < rm_jol_class_count; i++) {
        const rm_jol_class *c = &rm_jol_classes[i];
        heading(d, 3, c->name);
        para(d, c->desc);
        if (!c->prop_count)
            continue;
        static const char *const ph[] = {"Property", "Type", "Default", "Description"};
        static const char *const pt[] = {"INT", "FIXED", "STRING"};
        table_head(d, ph, 4);
        for (size_t p = 0; p < c->prop_count; p++) {
            const char *cells[4] = {c->props[p].name, pt[c->props[p].type], c->props[p].def, c->props[p].desc};
            row(d, cells, 4);
        }
        fputc('\n', out);
    }
    heading(d, 2, "Reserved identifiers");
    para(d, "For the next versions of the engine:");
    for (size_t i = 0; i < rm_jol_reserved_count; i++) {
        char id[5];
        memcpy(id, rm_jol_reserved_ids[i].id, 5);
        bool padded = false;
        for (int k = 3; k > 0 && id[k] == ' '; k--) {
            id[k] = 0;
            padded = true;
        }
        fprintf(out, "%s%s%s: %s\n", d->md ? "- " : "", id, padded ? " " : "", rm_jol_reserved_ids[i].desc);
    }
    fputc('\n', out);
    heading(d, 2, "Changing the format");
    para(d, "Edit src/formats/jol/schema.c, and nothing else:");
    fprintf(out, "%sa new field: at the end of the header or of the record, with .has_default, .def and .since "
                 "(the new version of the section), then the version of the section + 1;\n"
                 "%sa new section: a new entry of rm_jol_sections (identifier of 4 characters, version 1). "
                 "REQUIRED only if an older engine would draw the level wrongly without it.\n\n",
            d->md ? "- " : "- ", d->md ? "- " : "- ");
    para(d, "Then `retromesh level gen` (from the top of the source tree) makes this file, "
            "include/retromesh/level_format.h and engine/jo/level_format.h (the header of the Jo Engine level "
            "module) again: commit the three (a test fails until they match the schema). "
            "The reader gives the default values of the fields missing in an older file "
            "(rm_level_get_header(), rm_level_get_records()); the tools that write levels fill the new fields.");
    para(d, "An engine reads the levels written for an older engine (the missing fields get their default "
            "values) and, when no section is required, the levels written for a newer engine (it ignores what "
            "it doesn't know).");
    heading(d, 2, "Tools");
    fputs(d->md ? "```\n" : "", out);
    fputs("retromesh level build LEVEL.json cd/LEVEL.JOL   # write a level from JSON\n"
          "retromesh level dump cd/LEVEL.JOL               # print the sections (--json: for tools)\n"
          "retromesh level check cd/LEVEL.JOL              # check the file\n"
          "retromesh level gen                             # make this file and the 2 C headers (library, engine)\n",
          out);
    fputs(d->md ? "```\n\n" : "\n", out);
    para(d, "Writing a level in JSON (see docs/levels.md):");
    fputs(d->md ? "```json\n" : "", out);
    fputs("{\"name\": \"My level\",\n"
          " \"sections\": [{\"id\": \"TERR\", \"header\": {\"n\": 3, \"cell\": 128, \"origin_x\": 0, \"origin_z\": 0},\n"
          "               \"arrays\": {\"heights\": [0, 0, 0, 0, 0, 0, 0, 0, 0], \"colors\": [32768, 32768, 32768, 32768, "
          "32768, 32768, 32768, 32768, 32768], \"holes\": []}},\n"
          "              {\"id\": \"PLNT\", \"records\": [{\"x\": 0, \"y\": 0, \"z\": 0, \"kind\": 0, \"angle\": 0, \"scale\": 256}]}],\n"
          " \"entities\": [{\"name\": \"barrel\", \"cls\": \"explosive\", \"model\": \"BARREL.JOM\", \"x\": 0, \"y\": 0, \"z\": 200,\n"
          "               \"health\": 40, \"flags\": [\"SOLID\"], \"radius\": 14, \"height\": 40, \"props\": {\"sound\": \"EXPLODE.PCM\"},\n"
          "               \"links\": [{\"event\": \"DEATH\", \"target\": \"fuse\", \"action\": \"TRIGGER\", \"delay\": 400}]},\n"
          "              {\"name\": \"fuse\", \"cls\": \"relay\", \"flags\": [\"HIDDEN\"],\n"
          "               \"links\": [{\"event\": \"TRIGGER\", \"target\": \"barrel2\", \"action\": \"KILL\"}]},\n"
          "              {\"name\": \"barrel2\", \"cls\": \"explosive\", \"model\": \"BARREL.JOM\", \"x\": 300, \"z\": 200,\n"
          "               \"health\": 40, \"flags\": [\"SOLID\"], \"radius\": 14, \"height\": 40}]}\n",
          out);
    fputs(d->md ? "```\n" : "", out);
}

void rm_level_gen_markdown(FILE *out)
{
    doc d = {out, true};
    document(&d);
}

void rm_level_gen_text(FILE *out)
{
    doc d = {out, false};
    document(&d);
}

/* ---- The C header ------------------------------------------------------- */

void rm_jol_gen_case(char *dst, size_t size, const char *src, bool up)
{
    size_t i = 0;
    for (; src[i] && i + 1 < size; i++)
        dst[i] = src[i] == ' ' ? '_' : (char)(up ? toupper((unsigned char)src[i]) : tolower((unsigned char)src[i]));
    dst[i] = 0;
}

void rm_jol_gen_members(FILE *out, const rm_jol_field *f, size_t n, const rm_jol_layout *lay,
                        const char *(*ctype_of)(rm_jol_type), const char *pad)
{
    uint32_t pos = 0;
    unsigned k = 0;
    for (size_t i = 0; i < n; i++) {
        if (lay->offset[i] > pos)
            fprintf(out, "    %s%u[%lu];\n", pad, k++, (unsigned long)(lay->offset[i] - pos));
        if (f[i].count > 1)
            fprintf(out, "    %s %s[%u];\n", ctype_of(f[i].type), f[i].name, f[i].count);
        else
            fprintf(out, "    %s %s;\n", ctype_of(f[i].type), f[i].name);
        pos = lay->offset[i] + f[i].count * rm_jol_type_size(f[i].type);
    }
    if (lay->size > pos)
        fprintf(out, "    %s%u[%lu];\n", pad, k, (unsigned long)(lay->size - pos));
}

static const char *ctype(rm_jol_type t)
{
    switch (t) {
    case RM_JOL_U8: return "uint8_t";
    case RM_JOL_I8: return "int8_t";
    case RM_JOL_U16: case RM_JOL_INDEX: return "uint16_t";
    case RM_JOL_I16: return "int16_t";
    case RM_JOL_I32: case RM_JOL_FIXED: return "int32_t";
    default: return "uint32_t";
    }
}

static void header_struct(FILE *out, const char *id, const char *what, const rm_jol_field *f, size_t n)
{
    char uid[16], lid[16];
    rm_jol_gen_case(uid, sizeof uid, id, true);
    rm_jol_gen_case(lid, sizeof lid, id, false);
    rm_jol_layout lay;
    rm_jol_compute_layout(f, n, &lay);
    char uw[16];
    rm_jol_gen_case(uw, sizeof uw, what, true);
    fprintf(out, "#define RM_LEVEL_%s_%s_SIZE %lu\n", uid, uw, (unsigned long)lay.size);
    for (size_t i = 0; i < n; i++) {
        char uf[64];
        rm_jol_gen_case(uf, sizeof uf, f[i].name, true);
        fprintf(out, "#define RM_LEVEL_%s_%s_%s_OFFSET %lu\n", uid, uw, uf, (unsigned long)lay.offset[i]);
    }
    fprintf(out, "typedef struct rm_level_%s_%s {\n", lid, what);
    rm_jol_gen_members(out, f, n, &lay, ctype, "uint8_t pad");
    fprintf(out, "} rm_level_%s_%s;\n", lid, what);
    fprintf(out, "RM_LEVEL_ASSERT(sizeof(rm_level_%s_%s) == %lu);\n", lid, what, (unsigned long)lay.size);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "RM_LEVEL_ASSERT(offsetof(rm_level_%s_%s, %s) == %lu);\n", lid, what, f[i].name,
                (unsigned long)lay.offset[i]);
    fputc('\n', out);
}

void rm_level_gen_header(FILE *out)
{
    fputs("/* retromesh/level_format.h - GENERATED by `retromesh level gen` from\n"
          "   src/formats/jol/schema.c: change the schema, not this file.\n"
          "\n"
          "   The constants of the level format (.JOL): section ids, versions, field\n"
          "   offsets in the file (big endian), header and record sizes, enumerations\n"
          "   and flags; and native-order structs laid out at the same offsets, which\n"
          "   rm_level_get_header() / rm_level_get_records() fill:\n"
          "     rm_level_enti_record e[4];\n"
          "     rm_level_get_records(&lv, \"ENTI\", 0, 4, e, sizeof e[0]);\n"
          "   See docs/level_format.md. */\n"
          "#ifndef RETROMESH_LEVEL_FORMAT_H\n#define RETROMESH_LEVEL_FORMAT_H\n\n"
          "#include <stddef.h>\n#include <stdint.h>\n\n"
          "#ifdef __cplusplus\n#define RM_LEVEL_ASSERT(c) static_assert(c, #c)\n#else\n"
          "#define RM_LEVEL_ASSERT(c) _Static_assert(c, #c)\n#endif\n\n", out);
    fprintf(out, "#define RM_LEVEL_MAGIC 0x%08lXu /* 'JOLV' */\n", (unsigned long)RM_JOL_MAGIC);
    fprintf(out, "#define RM_LEVEL_FORMAT_VERSION %u\n", RM_JOL_FORMAT_VERSION);
    fputs("#define RM_LEVEL_FLAG_REQUIRED 1\n#define RM_LEVEL_NO_STRING 0xFFFFFFFFu\n"
          "#define RM_LEVEL_NO_INDEX 0xFFFFu\n\n", out);
    header_struct(out, "FILE", "header", rm_jol_file_header, rm_jol_file_header_count);
    header_struct(out, "DIRECTORY", "entry", rm_jol_dir_entry, rm_jol_dir_entry_count);
    for (size_t i = 0; i < rm_jol_section_count; i++) {
        const rm_jol_section *s = &rm_jol_sections[i];
        fprintf(out, "/* %s: %s */\n", s->id, s->title);
        fprintf(out, "#define RM_LEVEL_ID_%s 0x%02X%02X%02X%02Xu\n", s->id, s->id[0], s->id[1], s->id[2],
                s->id[3]);
        fprintf(out, "#define RM_LEVEL_%s_VERSION %u\n", s->id, s->version);
        fprintf(out, "#define RM_LEVEL_%s_FLAGS %u\n", s->id, s->flags);
        if (s->header_count)
            header_struct(out, s->id, "header", s->header, s->header_count);
        if (s->record_count)
            header_struct(out, s->id, "record", s->records, s->record_count);
        if (!s->header_count && !s->record_count)
            fputc('\n', out);
    }
    rm_jol_gen_enums(out, "RM_LEVEL", false);
    fputs("\n#endif\n", out);
}

void rm_jol_gen_enums(FILE *out, const char *prefix, bool parens)
{
    const char *open = parens ? "(" : "", *close = parens ? ")" : "";
    for (size_t i = 0; i < rm_jol_enum_count; i++) {
        const rm_jol_enum *e = &rm_jol_enums[i];
        fprintf(out, "/* %s */\n", e->desc);
        for (size_t k = 0; k < e->count; k++)
            fprintf(out, e->flags ? "#define %s_%s_%s %s0x%04" PRIX64 "%s\n" : "#define %s_%s_%s %s%" PRId64 "%s\n",
                    prefix, e->name, e->values[k].name, open, e->values[k].value, close);
        fputc('\n', out);
    }
    fputs("/* Reserved identifiers (next versions of the engine) */\n", out);
    for (size_t i = 0; i < rm_jol_reserved_count; i++) {
        char id[5];
        memcpy(id, rm_jol_reserved_ids[i].id, 5);
        for (int k = 3; k > 0 && id[k] == ' '; k--)
            id[k] = 0;
        const char *r = rm_jol_reserved_ids[i].id;
        fprintf(out, "#define %s_ID_%s %s0x%02X%02X%02X%02Xu%s /* %s */\n", prefix, id, open, r[0], r[1], r[2],
                r[3], close, rm_jol_reserved_ids[i].desc);
    }
}
