/*
** Jo Sega Saturn Engine - levels (.JOL files)
** The level module of retromesh, for the Jo Engine (MIT licence, as the engine).
**
** jo_engine/level.c (switch JO_COMPILE_WITH_LEVEL_MODULE = 1): a level read
** in one block and used in place. See jo/level.h for the API and the rules,
** jo/level_format.h (generated from retromesh's schema) for the sections.
**
** How it works:
** - jo_level_load() probes the name with GFS first (a missing file must not
**   reach jo_fs_read_file(), whose error screen blocks a JO_DEBUG build),
**   reads the 16 bytes of the file header to learn the size and the number
**   of sections, then allocates ONE block: the jo_level, its table of
**   sections and the file, which jo_fs_read_file_ptr() reads in place.
**   jo_level_free() frees that block.
** - Every count, offset and size of the file is checked once, when it is
**   opened, as retromesh's reader (src/formats/jol/read.c) checks them: the
**   magic, the format version, the size field, the directory inside the
**   file, each identifier 4 printable characters, each section 4-aligned
**   after the directory and inside the file, header_size + record_size x
**   record_count inside the section (64-bit arithmetic: no overflow), no 2
**   sections overlapping, no identifier twice, an unknown section flagged
**   REQUIRED refuses the file. STRS is bytes, read by its size alone.
** - The file's values are read byte by byte in big-endian order (never a
**   long at an address that could be odd), and written into the caller's
**   structs byte-wise too, so any buffer and any stride are safe.
** - No division, no floating point, no libc: Jo's dialect (gnu99).
** A refused file gives one message (63 characters at most) through
** __jo_module_error(): jo_core_error() in JO_DEBUG builds, and
** jo_level_last_error().
*/
#define __JO_LEVEL_SCHEMA       /* the tables of jo/level_format.h live here */
#include <stdbool.h>
#include <jo/jo.h>
#include "module_common.h"

#ifdef JO_COMPILE_WITH_LEVEL_SUPPORT

#define __JO_LEVEL_NAME_IN_PLACE "level"

/* ---- the schema ------------------------------------------------------ */

static const jo_level_section_schema *__jo_level_schema_of(const char *id)
{
    unsigned int i;
    for (i = 0; i < JO_LEVEL_SCHEMA_COUNT; ++i)
    {
        const char *s = __jo_level_schema[i].id;
        if (s[0] == id[0] && s[1] == id[1] && s[2] == id[2] && s[3] == id[3])
            return &__jo_level_schema[i];
    }
    return JO_NULL;
}

static bool __jo_level_has_lower(const char *id)
{
    int i;
    for (i = 0; i < 4; ++i)
        if (id[i] >= 'a' && id[i] <= 'z')
            return true;
    return false;
}

/* ---- opening --------------------------------------------------------- */

/* The 16 bytes of the file header against the file's real size; the
   number of sections when they fit. */
static bool __jo_level_check_header(const unsigned char *h, unsigned int size, const char *name,
                                    unsigned int *section_count)
{
    unsigned int count;
    if (size < JO_LEVEL_FILE_HEADER_SIZE)
    {
        __jo_module_error("%s: %u bytes, shorter than the 16-byte header", name, size);
        return false;
    }
    if (__jo_module_u32(h + JO_LEVEL_FILE_HEADER_MAGIC_OFFSET) != JO_LEVEL_MAGIC)
    {
        __jo_module_error("%s: header at 0x0: magic is not 'JOLV'", name);
        return false;
    }
    if (__jo_module_u16(h + JO_LEVEL_FILE_HEADER_VERSION_OFFSET) != JO_LEVEL_FORMAT_VERSION)
    {
        __jo_module_error("%s: header at 0x4: format version %u is not %u", name,
                          (unsigned int)__jo_module_u16(h + JO_LEVEL_FILE_HEADER_VERSION_OFFSET),
                          (unsigned int)JO_LEVEL_FORMAT_VERSION);
        return false;
    }
    if (__jo_module_u32(h + JO_LEVEL_FILE_HEADER_SIZE_OFFSET) != size)
    {
        __jo_module_error("%s: header at 0x8: size field %u, file %u bytes", name,
                          __jo_module_u32(h + JO_LEVEL_FILE_HEADER_SIZE_OFFSET), size);
        return false;
    }
    count = __jo_module_u32(h + JO_LEVEL_FILE_HEADER_SECTION_COUNT_OFFSET);
    if (JO_LEVEL_FILE_HEADER_SIZE + (unsigned long long)count * JO_LEVEL_DIRECTORY_ENTRY_SIZE > size)
    {
        __jo_module_error("%s: header at 0xC: %u sections: directory past the end", name, count);
        return false;
    }
    *section_count = count;
    return true;
}

/* Bytes of the jo_level and its table of sections (a multiple of 4). */
static unsigned int __jo_level_meta_size(unsigned int section_count)
{
    return (unsigned int)((sizeof(jo_level) + 3) & ~3u) + section_count * (unsigned int)sizeof(jo_level_section);
}

/* Fills level->sections from the directory; level->data, size and
   section_count are set. False (one message) if anything is wrong. */
static bool __jo_level_read_directory(jo_level *level, const char *name)
{
    const unsigned char *data = level->data;
    const unsigned int dir_end = JO_LEVEL_FILE_HEADER_SIZE + level->section_count * JO_LEVEL_DIRECTORY_ENTRY_SIZE;
    unsigned int i, j;
    level->strings = JO_NULL;
    level->strings_size = 0;
    for (i = 0; i < level->section_count; ++i)
    {
        const unsigned int at = JO_LEVEL_FILE_HEADER_SIZE + i * JO_LEVEL_DIRECTORY_ENTRY_SIZE;
        const unsigned char *e = data + at;
        jo_level_section *s = &level->sections[i];
        const jo_level_section_schema *schema;
        unsigned long long need;
        int k;
        for (k = 0; k < 4; ++k)
        {
            if (e[k] < 0x20 || e[k] > 0x7e)
            {
                __jo_module_error("%s: directory at 0x%x: identifier not 4 characters", name, at);
                return false;
            }
            s->id[k] = (char)e[k];
        }
        s->id[4] = '\0';
        s->version = __jo_module_u16(e + JO_LEVEL_DIRECTORY_ENTRY_VERSION_OFFSET);
        s->flags = __jo_module_u16(e + JO_LEVEL_DIRECTORY_ENTRY_FLAGS_OFFSET);
        s->offset = __jo_module_u32(e + JO_LEVEL_DIRECTORY_ENTRY_OFFSET_OFFSET);
        s->size = __jo_module_u32(e + JO_LEVEL_DIRECTORY_ENTRY_SIZE_OFFSET);
        s->header_size = __jo_module_u16(e + JO_LEVEL_DIRECTORY_ENTRY_HEADER_SIZE_OFFSET);
        s->record_size = __jo_module_u16(e + JO_LEVEL_DIRECTORY_ENTRY_RECORD_SIZE_OFFSET);
        s->record_count = __jo_module_u32(e + JO_LEVEL_DIRECTORY_ENTRY_RECORD_COUNT_OFFSET);
        s->game = __jo_level_has_lower(s->id);
        schema = s->game ? JO_NULL : __jo_level_schema_of(s->id);
        s->known = schema != JO_NULL;
        if ((s->offset & 3) != 0 || s->offset < dir_end ||
            (unsigned long long)s->offset + s->size > level->size)
        {
            __jo_module_error("%s: section %s at 0x%x: %u bytes outside the file", name, s->id, s->offset, s->size);
            return false;
        }
        if (!schema && !s->game && (s->flags & JO_LEVEL_FLAG_REQUIRED))
        {
            __jo_module_error("%s: section %s at 0x%x: required but unknown", name, s->id, s->offset);
            return false;
        }
        if (schema && schema->raw)
        {
            if (!level->strings)
            {
                level->strings = (const char *)data + s->offset;
                level->strings_size = s->size;
            }
            continue;
        }
        need = s->header_size + (unsigned long long)s->record_size * s->record_count;
        if (need > s->size || (s->record_count && !s->record_size))
        {
            __jo_module_error("%s: section %s at 0x%x: %u records past its end", name, s->id, s->offset,
                              s->record_count);
            return false;
        }
    }
    /* No 2 sections overlap (taken in the order of their offsets, the
       directory's order for equal ones); no identifier twice. */
    for (i = 1; i < level->section_count; ++i)
    {
        const jo_level_section *b = &level->sections[i];
        for (j = 0; j < i; ++j)
        {
            const jo_level_section *a = &level->sections[j];
            const jo_level_section *first = a->offset <= b->offset ? a : b;
            const jo_level_section *second = first == a ? b : a;
            if ((unsigned long long)first->offset + first->size > second->offset)
            {
                __jo_module_error("%s: section %s at 0x%x: overlaps %s", name, second->id, second->offset, first->id);
                return false;
            }
            if (a->id[0] == b->id[0] && a->id[1] == b->id[1] && a->id[2] == b->id[2] && a->id[3] == b->id[3])
            {
                __jo_module_error("%s: section %s at 0x%x: a second %s", name, b->id, b->offset, b->id);
                return false;
            }
        }
    }
    return true;
}

jo_level *jo_level_create_in_place(const unsigned char *const data, const unsigned int size)
{
    unsigned int count;
    unsigned int meta;
    jo_level *level;
    if (!data)
    {
        __jo_module_error("%s: no data", __JO_LEVEL_NAME_IN_PLACE);
        return JO_NULL;
    }
    if (!__jo_level_check_header(data, size, __JO_LEVEL_NAME_IN_PLACE, &count))
        return JO_NULL;
    meta = __jo_level_meta_size(count);
    level = (jo_level *)jo_malloc(meta);
    if (!level)
    {
        __jo_module_error("%s: out of memory (%u bytes)", __JO_LEVEL_NAME_IN_PLACE, meta);
        return JO_NULL;
    }
    level->data = data;
    level->size = size;
    level->version = __jo_module_u16(data + JO_LEVEL_FILE_HEADER_VERSION_OFFSET);
    level->flags = __jo_module_u16(data + JO_LEVEL_FILE_HEADER_FLAGS_OFFSET);
    level->section_count = count;
    level->sections = (jo_level_section *)((unsigned char *)level + ((sizeof(jo_level) + 3) & ~3u));
    level->data_not_owned = true;
    if (!__jo_level_read_directory(level, __JO_LEVEL_NAME_IN_PLACE))
    {
        jo_free(level);
        return JO_NULL;
    }
    return level;
}

jo_level *jo_level_load(const char *const filename)
{
    jo_file file;
    unsigned char header[JO_LEVEL_FILE_HEADER_SIZE];
    unsigned int size, count, meta, recount;
    int got, len;
    unsigned char *block;
    jo_level *level;
    if (!filename)
    {
        __jo_module_error("%s: no file name", __JO_LEVEL_NAME_IN_PLACE);
        return JO_NULL;
    }
    if (!__jo_module_file_exists(filename))
    {
        __jo_module_error("%s: not in the current directory", filename);
        return JO_NULL;
    }
    /* The header first: the size of the block. */
    if (!jo_fs_open(&file, filename))
    {
        __jo_module_error("%s: cannot be opened", filename);
        return JO_NULL;
    }
    got = file.size < 0 ? -1 : jo_fs_read_next_bytes(&file, (char *)header, JO_LEVEL_FILE_HEADER_SIZE);
    size = file.size < 0 ? 0 : (unsigned int)file.size;
    jo_fs_close(&file);
    if (got < 0)
    {
        __jo_module_error("%s: cannot be read", filename);
        return JO_NULL;
    }
    if ((unsigned int)got < JO_LEVEL_FILE_HEADER_SIZE)
        size = (unsigned int)got;
    if (!__jo_level_check_header(header, size, filename, &count))
        return JO_NULL;
    meta = __jo_level_meta_size(count);
    /* jo_level, sections, the file and the zero jo_fs_read_file_ptr() adds */
    if ((unsigned long long)meta + size + 1 > 0x7FFFFFFFu)
    {
        __jo_module_error("%s: out of memory (%u bytes)", filename, size);
        return JO_NULL;
    }
    block = (unsigned char *)jo_malloc(meta + size + 1);
    if (!block)
    {
        __jo_module_error("%s: out of memory (%u bytes)", filename, meta + size + 1);
        return JO_NULL;
    }
    len = -1;
    if (!jo_fs_read_file_ptr(filename, block + meta, &len) || len < 0 || (unsigned int)len != size)
    {
        __jo_module_error("%s: cannot be read", filename);
        jo_free(block);
        return JO_NULL;
    }
    /* The same header, read again with the file: checked again. */
    recount = count;
    if (!__jo_level_check_header(block + meta, size, filename, &recount))
    {
        jo_free(block);
        return JO_NULL;
    }
    if (recount != count)
    {
        __jo_module_error("%s: changed while read", filename);
        jo_free(block);
        return JO_NULL;
    }
    level = (jo_level *)block;
    level->data = block + meta;
    level->size = size;
    level->version = __jo_module_u16(level->data + JO_LEVEL_FILE_HEADER_VERSION_OFFSET);
    level->flags = __jo_module_u16(level->data + JO_LEVEL_FILE_HEADER_FLAGS_OFFSET);
    level->section_count = count;
    level->sections = (jo_level_section *)(block + ((sizeof(jo_level) + 3) & ~3u));
    level->data_not_owned = false;
    if (!__jo_level_read_directory(level, filename))
    {
        jo_free(block);
        return JO_NULL;
    }
    return level;
}

void jo_level_free(jo_level *const level)
{
    /* One block in both cases: the caller's data is not in it. */
    if (level)
        jo_free(level);
}

/* ---- sections -------------------------------------------------------- */

const jo_level_section *jo_level_find_section(const jo_level *const level, const char *const id)
{
    unsigned int i;
    if (!level || !id || !id[0] || !id[1] || !id[2] || !id[3] || id[4])
        return JO_NULL;
    for (i = 0; i < level->section_count; ++i)
    {
        const char *s = level->sections[i].id;
        if (s[0] == id[0] && s[1] == id[1] && s[2] == id[2] && s[3] == id[3])
            return &level->sections[i];
    }
    return JO_NULL;
}

/* true when section is one of level's (not a copy, not another level's). */
static bool __jo_level_owns(const jo_level *const level, const jo_level_section *const section)
{
    unsigned int i;
    if (!level || !section)
        return false;
    for (i = 0; i < level->section_count; ++i)
        if (section == &level->sections[i])
            return true;
    return false;
}

const unsigned char *jo_level_section_data(const jo_level *const level, const jo_level_section *const section)
{
    if (!__jo_level_owns(level, section))
        return JO_NULL;
    return level->data + section->offset;
}

unsigned int jo_level_record_count(const jo_level *const level, const char *const id)
{
    const jo_level_section *s = jo_level_find_section(level, id);
    return s ? s->record_count : 0;
}

/* ---- fields with their defaults -------------------------------------- */

/* One element of a field: from the file when its bytes are inside the
   avail bytes of the header or record, else its default. */
static unsigned int __jo_level_element(const unsigned char *base, unsigned int avail,
                                       const jo_level_field_schema *f, unsigned int at)
{
    if (at + f->size > avail)
        return f->def;
    if (f->size == 1)
        return base[at];
    if (f->size == 2)
        return __jo_module_u16(base + at);
    return __jo_module_u32(base + at);
}

/* A header or record in this engine's layout (native order), written
   byte-wise (out need not be aligned). */
static void __jo_level_fill(const unsigned char *base, unsigned int avail, const jo_level_field_schema *f,
                            unsigned int field_count, unsigned int layout_size, unsigned char *out)
{
    unsigned int i, e;
    __jo_module_zero(out, layout_size);
    for (i = 0; i < field_count; ++i)
        for (e = 0; e < f[i].count; ++e)
        {
            const unsigned int at = f[i].offset + e * f[i].size;
            const unsigned int v = __jo_level_element(base, avail, &f[i], at);
            if (f[i].size == 1)
            {
                unsigned char b = (unsigned char)v;
                __jo_module_copy(out + at, &b, 1);
            }
            else if (f[i].size == 2)
            {
                unsigned short w = (unsigned short)v;
                __jo_module_copy(out + at, &w, 2);
            }
            else
                __jo_module_copy(out + at, &v, 4);
        }
}

/* The schema of a known section of the level that has fields. */
static const jo_level_section_schema *__jo_level_known(const jo_level *const level, const char *const id,
                                                       const jo_level_section **section)
{
    const jo_level_section *s = jo_level_find_section(level, id);
    const jo_level_section_schema *schema;
    if (!s || !s->known)
        return JO_NULL;
    schema = __jo_level_schema_of(s->id);
    if (!schema || schema->raw)
        return JO_NULL;
    *section = s;
    return schema;
}

bool jo_level_get_header(const jo_level *const level, const char *const id, void *const header, const unsigned int size)
{
    const jo_level_section *s = JO_NULL;
    const jo_level_section_schema *schema = __jo_level_known(level, id, &s);
    if (!schema || !header || size < schema->header_size)
        return false;
    __jo_level_fill(level->data + s->offset, s->header_size, schema->header, schema->header_count,
                    schema->header_size, (unsigned char *)header);
    return true;
}

unsigned int jo_level_get_records(const jo_level *const level, const char *const id, const unsigned int first,
                                  const unsigned int count, void *const records, const unsigned int stride)
{
    const jo_level_section *s = JO_NULL;
    const jo_level_section_schema *schema = __jo_level_known(level, id, &s);
    unsigned int n, r;
    const unsigned char *base;
    unsigned char *out = (unsigned char *)records;
    if (!schema || !schema->record_count || !records || stride < schema->record_size || first >= s->record_count)
        return 0;
    n = s->record_count - first;
    if (count < n)
        n = count;
    /* inside the section: header_size + record_size x record_count was checked */
    base = level->data + s->offset + s->header_size + first * s->record_size;
    for (r = 0; r < n; ++r)
    {
        __jo_level_fill(base, s->record_size, schema->records, schema->record_count, schema->record_size, out);
        base += s->record_size;
        out += stride;
    }
    return n;
}

const char *jo_level_string(const jo_level *const level, const unsigned int offset)
{
    unsigned int i;
    if (!level || !level->strings || offset == JO_LEVEL_NO_STRING || offset >= level->strings_size)
        return JO_NULL;
    for (i = offset; i < level->strings_size; ++i)
        if (level->strings[i] == '\0')
            return level->strings + offset;
    return JO_NULL;     /* not terminated inside STRS */
}

const void *jo_level_get_array(const jo_level *const level, const jo_level_section *const section,
                               const unsigned int offset, const unsigned int element_size, const unsigned int count)
{
    unsigned long long records_end;
    if (!__jo_level_owns(level, section) || !count || !element_size || !offset)
        return JO_NULL;
    /* aligned on the size of its elements (1, 2, 4...: a power of 2; any
       other size: on 4 bytes) */
    if ((element_size & (element_size - 1)) == 0 ? (offset & (element_size - 1)) != 0 : (offset & 3) != 0)
        return JO_NULL;
    records_end = section->header_size + (unsigned long long)section->record_size * section->record_count;
    if (offset < records_end || offset + (unsigned long long)element_size * count > section->size)
        return JO_NULL;
    return level->data + section->offset + offset;
}

const char *jo_level_last_error(void)
{
    return __jo_module_last_error();
}

#endif /* JO_COMPILE_WITH_LEVEL_SUPPORT */
