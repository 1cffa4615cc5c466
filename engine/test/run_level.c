/* engine/test/run_level.c - the level runner (engine/run.sh --level): loads a
   JOL with the level module on the SuperH CPU (qemu-sh4eb, the test double
   in place of Jo) and prints exactly what `retromesh level dump --json
   --full FILE.JOL` prints: the same keys, order, spacing and numbers.

   run_level [--in-place] [--heap-limit BYTES] FILE.JOL

   - Default: the folder of FILE.JOL stands for the CD's current directory
     (double_set_cd) and jo_level_load(NAME) loads NAME, its last part (an
     8.3 name). --in-place, or a last part longer than the 12 characters
     GFS compares: the file is read with rt_read_file() and given to
     jo_level_create_in_place().
   - Everything printed comes through the module's API: the directory from
     level->sections, headers and records from jo_level_get_header() /
     jo_level_get_records() (this engine's layout, defaults filled), read
     back by the offsets and types of the schema's tables
     (__jo_level_schema); strings from jo_level_string(); arrays from
     jo_level_get_array(); the bytes of unknown and game sections and of
     STRS from jo_level_section_data(). Nothing re-parses the file.
   - After jo_level_free() (or a refusal) no block of Jo's heap may be
     left, the double must have recorded no defect, and a refusal gives
     exactly one jo_core_error() message.

   Exit status: 0 printed; 1 the file was refused (the module's message on
   stderr); 2 usage; 3 the file cannot be read (--in-place); 4 a leaked
   block, a defect or a wrong number of error messages (on stderr). */
#include "double.h"

/* ---- JSON strings, as retromesh writes them (core/json_text.c's rules:
   valid UTF-8 as it is, '"' and '\\' escaped, control bytes, 0x7F and
   bytes that are not UTF-8 as \u00XX) ---- */

/* Bytes of the UTF-8 sequence at s (n bytes left), 0 if it is not one. */
static unsigned int utf8_length(const unsigned char *s, unsigned int n)
{
    unsigned int c, len, i, lo = 0x80, hi = 0xBF;
    if (!n)
        return 0;
    c = s[0];
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF)
    {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    }
    else if (c >= 0xF0 && c <= 0xF4)
    {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    }
    else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

static void put_string_n(const char *text, unsigned int n)
{
    const unsigned char *u = (const unsigned char *)text;
    unsigned int i = 0;
    rt_print("\"");
    while (i < n)
    {
        unsigned int c = u[i], len = utf8_length(u + i, n - i), k;
        if (c == '"' || c == '\\')
            rt_printf("\\%c", (int)c);
        else if (c < 0x20 || c == 0x7f || !len)
            rt_printf("\\u%04x", c);
        else
            for (k = 0; k < len; k++)
                rt_printf("%c", (int)u[i + k]);
        i += len ? len : 1;
    }
    rt_print("\"");
}

/* ---- values ---- */

static bool type_signed(unsigned int type)
{
    return type == JO_LEVEL_TYPE_I8 || type == JO_LEVEL_TYPE_I16 || type == JO_LEVEL_TYPE_I32 ||
           type == JO_LEVEL_TYPE_FIXED;
}

/* An element of a struct filled by the module (native order). */
static void print_native(const unsigned char *p, unsigned int type, unsigned int size)
{
    if (size == 1)
        type_signed(type) ? rt_printf("%d", (int)*(const signed char *)p) : rt_printf("%u", (unsigned int)*p);
    else if (size == 2)
        type_signed(type) ? rt_printf("%d", (int)*(const short *)p) : rt_printf("%u", (unsigned int)*(const unsigned short *)p);
    else
        type_signed(type) ? rt_printf("%d", *(const int *)p) : rt_printf("%u", *(const unsigned int *)p);
}

/* An element of an array of the file (big endian, in place). */
static void print_file_element(const unsigned char *p, unsigned int type, unsigned int size)
{
    if (size == 1)
        type_signed(type) ? rt_printf("%d", (int)(signed char)p[0]) : rt_printf("%u", (unsigned int)p[0]);
    else if (size == 2)
    {
        unsigned int v = ((unsigned int)p[0] << 8) | p[1];
        type_signed(type) ? rt_printf("%d", (int)(short)v) : rt_printf("%u", v);
    }
    else
    {
        unsigned int v = ((unsigned int)p[0] << 24) | ((unsigned int)p[1] << 16) | ((unsigned int)p[2] << 8) | p[3];
        type_signed(type) ? rt_printf("%d", (int)v) : rt_printf("%u", v);
    }
}

/* An unsigned field of a filled struct (the lengths and offsets of arrays). */
static unsigned int native_unsigned(const unsigned char *p, unsigned int size)
{
    if (size == 1)
        return *p;
    if (size == 2)
        return *(const unsigned short *)p;
    return *(const unsigned int *)p;
}

/* {"name":value,...} of a header or record filled by the module. */
static void print_fields(const jo_level *level, const jo_level_field_schema *f, unsigned int n,
                         const unsigned char *filled)
{
    unsigned int i, e;
    rt_print("{");
    for (i = 0; i < n; i++)
    {
        rt_printf("%s\"%s\":", i ? "," : "", f[i].name);
        if (f[i].count > 1)
            rt_print("[");
        for (e = 0; e < f[i].count; e++)
        {
            const unsigned char *p = filled + f[i].offset + e * f[i].size;
            if (e)
                rt_print(",");
            if (f[i].type == JO_LEVEL_TYPE_STRING)
            {
                const unsigned int v = *(const unsigned int *)p;
                const char *s = jo_level_string(level, v);
                if (v == JO_LEVEL_NO_STRING)
                    rt_print("null");
                else if (s)
                    put_string_n(s, rt_strlen(s));
                else
                    rt_printf("%u", v);     /* a bad offset: the number, as retromesh prints it */
            }
            else
                print_native(p, f[i].type, f[i].size);
        }
        if (f[i].count > 1)
            rt_print("]");
    }
    rt_print("}");
}

static const jo_level_section_schema *schema_of(const jo_level_section *s)
{
    unsigned int i;
    if (!s->known)
        return JO_NULL;
    for (i = 0; i < JO_LEVEL_SCHEMA_COUNT; i++)
        if (!rt_strcmp(__jo_level_schema[i].id, s->id))
            return &__jo_level_schema[i];
    return JO_NULL;
}

/* Big enough for any header or record of the schema (checked). */
static unsigned int filled[64];

static int print_level(const jo_level *level)
{
    unsigned int i, r, a, k;
    rt_printf("{\"version\":%u,\"flags\":%u,\"size\":%u,\"sections\":[", (unsigned int)level->version,
              (unsigned int)level->flags, level->size);
    for (i = 0; i < level->section_count; i++)
    {
        const jo_level_section *s = &level->sections[i];
        const jo_level_section_schema *sc = schema_of(s);
        const unsigned char *bytes = jo_level_section_data(level, s);
        if (!bytes)
        {
            rt_eprintf("run_level: jo_level_section_data(%s) is JO_NULL\n", s->id);
            return 4;
        }
        rt_printf("%s\n{\"id\":", i ? "," : "");
        put_string_n(s->id, 4);
        rt_printf(",\"version\":%u,\"flags\":%u,\"known\":%s,\"header\":", (unsigned int)s->version,
                  (unsigned int)s->flags, sc ? "true" : "false");
        if (sc && (sc->header_size > sizeof filled || sc->record_size > sizeof filled))
        {
            rt_eprintf("run_level: the layout of %s is bigger than the runner's buffer\n", s->id);
            return 4;
        }
        if (sc && !sc->raw)
        {
            if (!jo_level_get_header(level, s->id, filled, sizeof filled))
            {
                rt_eprintf("run_level: jo_level_get_header(%s) failed\n", s->id);
                return 4;
            }
            print_fields(level, sc->header, sc->header_count, (const unsigned char *)filled);
        }
        else
            rt_print("{}");
        rt_print(",\"records\":[");
        for (r = 0; sc && !sc->raw && sc->record_count && r < s->record_count; r++)
        {
            if (jo_level_get_records(level, s->id, r, 1, filled, sc->record_size) != 1)
            {
                rt_eprintf("run_level: jo_level_get_records(%s, %u) failed\n", s->id, r);
                return 4;
            }
            rt_print(r ? ",\n" : "\n");
            print_fields(level, sc->records, sc->record_count, (const unsigned char *)filled);
        }
        rt_print("],\"arrays\":{");
        if (!sc)
        {
            rt_print("\"bytes\":[");
            for (k = 0; k < s->size; k++)
                rt_printf("%s%u", k ? "," : "", (unsigned int)bytes[k]);
            rt_print("]");
        }
        else if (sc->raw)
        {
            unsigned int at = 0, n = 0;
            rt_print("\"strings\":[");
            while (at < s->size)
            {
                unsigned int len = 0;
                while (at + len < s->size && bytes[at + len])
                    len++;
                rt_print(n++ ? "," : "");
                put_string_n((const char *)bytes + at, len);
                at += len + 1;
            }
            rt_print("]");
        }
        else
        {
            if (!jo_level_get_header(level, s->id, filled, sizeof filled))
                return 4;
            for (a = 0; a < sc->array_count; a++)
            {
                const jo_level_array_schema *ar = &sc->arrays[a];
                const unsigned char *h = (const unsigned char *)filled;
                const jo_level_field_schema *fo = &sc->header[ar->offset_field];
                unsigned long long count = 0;
                unsigned int offset = native_unsigned(h + fo->offset, fo->size);
                const unsigned char *elements = JO_NULL;
                if (ar->length_a >= 0)
                {
                    const jo_level_field_schema *fa = &sc->header[ar->length_a];
                    count = native_unsigned(h + fa->offset, fa->size);
                    if (ar->length_b >= 0)
                    {
                        const jo_level_field_schema *fb = &sc->header[ar->length_b];
                        count *= native_unsigned(h + fb->offset, fb->size);
                    }
                }
                if (count <= 0xFFFFFFFFu)
                    elements = jo_level_get_array(level, s, offset, ar->size, (unsigned int)count);
                rt_printf("%s\"%s\":[", a ? "," : "", ar->name);
                for (k = 0; elements && k < count; k++)
                {
                    if (k)
                        rt_print(",");
                    print_file_element(elements + k * ar->size, ar->type, ar->size);
                }
                rt_print("]");
            }
        }
        rt_print("}}");
    }
    rt_print("]}\n");
    return 0;
}

static int usage(const char *why)
{
    rt_eprintf("run_level: %s\nusage: run_level [--in-place] [--heap-limit BYTES] FILE.JOL\n", why);
    rt_flush();
    return 2;
}

/* Leaks, defects, messages: 0 when clean, else 4 (printed on stderr). */
static int audit(unsigned int blocks_before, unsigned int want_errors)
{
    unsigned int i;
    int code = 0;
    if (double_block_count() != blocks_before)
    {
        rt_eprintf("run_level: %u blocks of Jo's heap left (%u before)\n", double_block_count(), blocks_before);
        code = 4;
    }
    for (i = 0; i < double_defect_count(); i++)
    {
        rt_eprintf("run_level: defect: %s\n", double_defect_at(i));
        code = 4;
    }
    if (double_error_count() != want_errors)
    {
        rt_eprintf("run_level: %u error messages, want %u\n", double_error_count(), want_errors);
        for (i = 0; i < double_error_count(); i++)
            rt_eprintf("run_level:   %s\n", double_error_at(i));
        code = 4;
    }
    return code;
}

int main(int argc, char **argv)
{
    bool in_place = false;
    const char *path = JO_NULL;
    unsigned int blocks_before;
    unsigned char *file = JO_NULL;
    jo_level *level;
    int i, code;
    for (i = 1; i < argc; i++)
    {
        if (!rt_strcmp(argv[i], "--in-place"))
            in_place = true;
        else if (!rt_strcmp(argv[i], "--heap-limit") && i + 1 < argc)
            double_set_heap_limit((unsigned int)rt_atoi(argv[++i]));
        else if (argv[i][0] == '-')
            return usage("unknown option");
        else if (path)
            return usage("one file");
        else
            path = argv[i];
    }
    if (!path)
        return usage("which file?");
    blocks_before = double_block_count();
    {
        unsigned int n = rt_strlen(path), last = 0;
        for (i = 0; i < (int)n; i++)
            if (path[i] == '/')
                last = (unsigned int)i + 1;
        if (n - last > 12)
            in_place = true;    /* no CD could hold that name */
    }
    if (in_place)
    {
        unsigned int size = 0;
        file = rt_read_file(path, &size);
        if (!file)
        {
            rt_eprintf("run_level: %s cannot be read\n", path);
            return 3;
        }
        level = jo_level_create_in_place(file, size);
    }
    else
    {
        /* the folder is the CD's current directory, the last part the name */
        static char dir[512];
        unsigned int n = rt_strlen(path), slash = n;
        const char *name = path;
        for (i = (int)n - 1; i >= 0; i--)
            if (path[i] == '/')
            {
                slash = (unsigned int)i;
                break;
            }
        if (slash < n)
        {
            if (slash + 1 > sizeof dir)
                return usage("path too long");
            rt_memcpy(dir, path, slash);
            dir[slash] = '\0';
            double_set_cd(slash ? dir : "/");
            name = path + slash + 1;
        }
        level = jo_level_load(name);
    }
    if (!level)
    {
        rt_eprintf("%s\n", jo_level_last_error());
        code = audit(blocks_before, 1);
        return code ? code : 1;
    }
    code = print_level(level);
    jo_level_free(level);
    if (file)
        rt_free_file(file);
    i = audit(blocks_before, 0);
    return code ? code : i;
}
