/* tests/engine_level/api.c - the level module's API on the SuperH CPU, on a
   level written byte by byte here (every expected value worked out by hand
   from the seed's tables, in the comments), and the constants and layouts
   of the generated jo/level_format.h against the seed's tables.
   Prints "ok ..." on success; each failed check prints a line and the exit
   status is 1. */
#include "double.h"

static int failures;

#define CHECK(c)                                                                                                       \
    do                                                                                                                 \
    {                                                                                                                  \
        if (!(c))                                                                                                      \
        {                                                                                                              \
            rt_printf("FAIL line %d: %s\n", __LINE__, #c);                                                             \
            failures++;                                                                                                \
        }                                                                                                              \
    } while (0)

/* The seed's tables (003), by hand. */
_Static_assert(JO_LEVEL_MAGIC == 0x4A4F4C56u, "JOLV");
_Static_assert(JO_LEVEL_ENTI_RECORD_SIZE == 44 && sizeof(jo_level_enti_record) == 44, "ENTI 44 bytes");
_Static_assert(JO_LEVEL_WEAP_RECORD_SIZE == 76 && __builtin_offsetof(jo_level_weap_record, flash) == 56, "WEAP");
_Static_assert(JO_LEVEL_CELL_RECORD_REFLECTION_OFFSET == 36 && JO_LEVEL_CELL_VERSION == 3, "CELL v3");
_Static_assert(JO_LEVEL_TERR_HEADER_SIZE == 28 && __builtin_offsetof(jo_level_terr_header, holes) == 24, "TERR");
_Static_assert(sizeof(jo_level_prtl_record) == 52 && __builtin_offsetof(jo_level_prtl_record, points) == 4, "PRTL");
_Static_assert(__builtin_offsetof(jo_level_modl_record, floor) == 10 && sizeof(jo_level_modl_record) == 20, "MODL");
_Static_assert(__builtin_offsetof(jo_level_decl_record, x) == 8 && sizeof(jo_level_decl_record) == 16, "DECL");
_Static_assert(__builtin_offsetof(jo_level_prop_record, value) == 8, "PROP");
_Static_assert(JO_LEVEL_ID_ENTI == 0x454E5449u, "'E' 'N' 'T' 'I'");
_Static_assert(JO_LEVEL_INFO_FLAGS == JO_LEVEL_FLAG_REQUIRED && JO_LEVEL_PLNT_HEADER_SIZE == 0, "INFO");
_Static_assert(JO_LEVEL_EVENT_DEATH == 4 && JO_LEVEL_ACTION_CLOSE == 8 && JO_LEVEL_ENTITY_FLAG_HIDDEN == 4, "enums");
_Static_assert(JO_LEVEL_PORTAL_WINDOW == 2 && JO_LEVEL_CELL_SLOPE_Z == 2 && JO_LEVEL_PROPERTY_STRING == 2, "enums");
_Static_assert(JO_LEVEL_NO_STRING == 0xFFFFFFFFu && JO_LEVEL_NO_INDEX == 0xFFFF, "none");

/* ---- a level by hand ---- */
static unsigned int file_words[64];
static unsigned char *const file = (unsigned char *)file_words;

static void put16(unsigned int at, unsigned int v)
{
    file[at] = (unsigned char)(v >> 8);
    file[at + 1] = (unsigned char)v;
}

static void put32(unsigned int at, unsigned int v)
{
    put16(at, v >> 16);
    put16(at + 2, v & 0xFFFF);
}

static void entry(unsigned int i, const char *id, unsigned int flags, unsigned int offset, unsigned int size,
                  unsigned int header_size, unsigned int record_size, unsigned int record_count)
{
    unsigned int at = 16 + i * 24;
    rt_memcpy(file + at, id, 4);
    put16(at + 4, 1);
    put16(at + 6, flags);
    put32(at + 8, offset);
    put32(at + 12, size);
    put16(at + 16, header_size);
    put16(at + 18, record_size);
    put32(at + 20, record_count);
}

/* header 16 + 4 entries x 24 = 112:
   INFO at 112, 4 bytes: header_size 4 (an older INFO: flags missing), name = 0
   STRS at 116, 12 bytes: "Lv\0" "ab\0" "unterm" (no zero)
   LINK at 128, 16 bytes: 2 records of 8 (older: param missing -> -1)
   pads at 144, 8 bytes: 1 2 3 4 5 6 7 8 (a game section)
   size 152 */
static void write_level(void)
{
    static const char strs[12] = {'L', 'v', 0, 'a', 'b', 0, 'u', 'n', 't', 'e', 'r', 'm'};
    unsigned int i;
    rt_memset(file, 0, sizeof file_words);
    put32(0, JO_LEVEL_MAGIC);
    put16(4, 1);
    put32(8, 152);
    put32(12, 4);
    entry(0, "INFO", 1, 112, 4, 4, 0, 0);
    entry(1, "STRS", 0, 116, 12, 0, 1, 12);
    entry(2, "LINK", 0, 128, 16, 0, 8, 2);
    entry(3, "pads", 0, 144, 8, 0, 0, 0);
    put32(112, 0);
    rt_memcpy(file + 116, strs, 12);
    put16(128, 1);          /* event TRIGGER... ENTER */
    put16(130, 2);          /* action KILL */
    put16(132, 0xFFFF);     /* target: itself */
    put16(134, 100);        /* delay */
    put16(136, 4);          /* DEATH */
    put16(138, 0);
    put16(140, 1);
    put16(142, 0);
    for (i = 0; i < 8; i++)
        file[144 + i] = (unsigned char)(i + 1);
}

static void test_read(void)
{
    unsigned int blocks = double_block_count();
    jo_level *level, *other;
    const jo_level_section *link, *pads;
    jo_level_link_record links[3];
    jo_level_info_header info;
    unsigned char bytes[64];
    jo_level_link_record check;
    jo_level_section fake;
    write_level();
    level = jo_level_create_in_place(file, 152);
    CHECK(level != JO_NULL);
    if (!level)
        return;
    CHECK(level->section_count == 4 && level->size == 152 && level->version == 1);
    /* exact 4 characters */
    link = jo_level_find_section(level, "LINK");
    CHECK(link && link->offset == 128 && link->record_count == 2 && link->known && !link->game);
    CHECK(jo_level_find_section(level, "LIN") == JO_NULL);
    CHECK(jo_level_find_section(level, "LINKS") == JO_NULL);
    CHECK(jo_level_find_section(level, "link") == JO_NULL);
    CHECK(jo_level_find_section(level, JO_NULL) == JO_NULL);
    pads = jo_level_find_section(level, "pads");
    CHECK(pads && pads->game && !pads->known && pads->size == 8);
    CHECK(jo_level_record_count(level, "LINK") == 2 && jo_level_record_count(level, "ENTI") == 0);
    CHECK(jo_level_section_data(level, pads) == file + 144);
    fake = *pads;
    CHECK(jo_level_section_data(level, &fake) == JO_NULL);
    /* records: the fields present copied, param at its default -1 */
    rt_memset(links, 0x55, sizeof links);
    CHECK(jo_level_get_records(level, "LINK", 0, 5, links, sizeof links[0]) == 2);
    CHECK(links[0].event == 1 && links[0].action == 2 && links[0].target == 0xFFFF && links[0].delay == 100);
    CHECK(links[0].param == -1 && links[1].param == -1);
    CHECK(links[1].event == 4 && links[1].action == 0 && links[1].target == 1 && links[1].delay == 0);
    CHECK(links[2].event == 0x5555);    /* not written */
    CHECK(jo_level_get_records(level, "LINK", 1, 1, links, sizeof links[0]) == 1 && links[0].event == 4);
    CHECK(jo_level_get_records(level, "LINK", 2, 1, links, sizeof links[0]) == 0);
    CHECK(jo_level_get_records(level, "LINK", 0, 1, links, sizeof links[0] - 1) == 0);
    CHECK(jo_level_get_records(level, "LINK", 0, 1, JO_NULL, sizeof links[0]) == 0);
    CHECK(jo_level_get_records(level, "pads", 0, 1, links, sizeof links[0]) == 0);
    CHECK(jo_level_get_records(level, "ENTI", 0, 1, links, sizeof links[0]) == 0);
    CHECK(jo_level_get_records(level, "INFO", 0, 1, links, sizeof links[0]) == 0);
    /* a stride of 13 at an odd address: written byte-wise */
    CHECK(jo_level_get_records(level, "LINK", 0, 2, bytes + 1, 13) == 2);
    rt_memcpy(&check, bytes + 1 + 13, sizeof check);
    CHECK(check.event == 4 && check.target == 1 && check.param == -1);
    /* header: name 0, flags missing -> 0 */
    rt_memset(&info, 0x55, sizeof info);
    CHECK(!jo_level_get_header(level, "INFO", &info, sizeof info - 1));
    CHECK(jo_level_get_header(level, "INFO", &info, sizeof info));
    CHECK(info.name == 0 && info.flags == 0);
    CHECK(!jo_level_get_header(level, "STRS", &info, sizeof info));
    CHECK(!jo_level_get_header(level, "pads", &info, sizeof info));
    CHECK(!jo_level_get_header(level, "TERR", &info, sizeof info));
    /* strings inside STRS, terminated */
    CHECK(jo_level_string(level, 0) && !rt_strcmp(jo_level_string(level, 0), "Lv"));
    CHECK(jo_level_string(level, 3) && !rt_strcmp(jo_level_string(level, 3), "ab"));
    CHECK(jo_level_string(level, 5) && jo_level_string(level, 5)[0] == 0);
    CHECK(jo_level_string(level, 6) == JO_NULL);    /* "unterm" has no zero */
    CHECK(jo_level_string(level, 12) == JO_NULL);
    CHECK(jo_level_string(level, JO_LEVEL_NO_STRING) == JO_NULL);
    /* arrays inside the section */
    CHECK(jo_level_get_array(level, pads, 4, 4, 1) == file + 148);
    CHECK(jo_level_get_array(level, pads, 2, 2, 3) == file + 146);
    CHECK(jo_level_get_array(level, pads, 2, 4, 1) == JO_NULL);   /* not aligned */
    CHECK(jo_level_get_array(level, pads, 4, 4, 2) == JO_NULL);   /* past the end */
    CHECK(jo_level_get_array(level, pads, 4, 4, 0) == JO_NULL);   /* empty */
    CHECK(jo_level_get_array(level, pads, 0, 1, 1) == JO_NULL);   /* offset 0: empty */
    CHECK(jo_level_get_array(level, pads, 4, 4, 0xFFFFFFFFu) == JO_NULL);  /* no overflow */
    CHECK(jo_level_get_array(level, pads, 0xFFFFFFFCu, 4, 0x40000001u) == JO_NULL);
    CHECK(jo_level_get_array(level, link, 8, 4, 1) == JO_NULL);   /* inside the records */
    CHECK(jo_level_get_array(level, &fake, 4, 4, 1) == JO_NULL);
    /* a section of another level */
    other = jo_level_create_in_place(file, 152);
    CHECK(other != JO_NULL);
    CHECK(jo_level_get_array(other, pads, 4, 4, 1) == JO_NULL);
    jo_level_free(other);
    jo_level_free(level);
    CHECK(double_block_count() == blocks);
}

/* refuse(why): create_in_place after a change to the file gives JO_NULL, a
   message, no block. */
static void refused(const char *what, unsigned int size, const char *want)
{
    unsigned int blocks = double_block_count();
    jo_level *level = jo_level_create_in_place(file, size);
    const char *m = jo_level_last_error();
    unsigned int k, n = rt_strlen(want);
    bool found = false;
    if (level)
    {
        rt_printf("FAIL: %s: not refused\n", what);
        failures++;
        jo_level_free(level);
        return;
    }
    for (k = 0; m[k]; k++)
        if (!found && rt_strlen(m + k) >= n)
        {
            unsigned int j = 0;
            while (j < n && m[k + j] == want[j])
                j++;
            found = j == n;
        }
    if (!found || rt_strlen(m) > 63 || double_block_count() != blocks)
    {
        rt_printf("FAIL: %s: message \"%s\" (want \"%s\"), %u blocks (%u before)\n", what, m, want,
                  double_block_count(), blocks);
        failures++;
    }
}

static void test_refused(void)
{
    write_level();
    put16(4, 2);
    refused("format version 2", 152, "version 2");
    write_level();
    put16(4, 0);
    refused("format version 0", 152, "version 0");
    write_level();
    refused("size field", 148, "size field 152");
    write_level();
    file[0] = 'X';
    refused("magic", 152, "magic");
    write_level();
    put32(12, 0x0AAAAAAB);   /* x 24 = 0x100000008: 8 after a 32-bit overflow */
    refused("section count", 152, "sections");
    write_level();
    rt_memcpy(file + 16 + 3 * 24, "PADS", 4);
    put16(16 + 3 * 24 + 6, 1);
    refused("unknown REQUIRED", 152, "section PADS at 0x90: required but unknown");
    write_level();
    put16(16 + 3 * 24 + 6, 1);          /* a game section flagged REQUIRED: read */
    {
        jo_level *level = jo_level_create_in_place(file, 152);
        CHECK(level != JO_NULL);
        if (level)
            jo_level_free(level);
    }
    write_level();
    put32(16 + 2 * 24 + 20, 0x20000001u);   /* 8 x 0x20000001 overflows 32 bits */
    refused("record count", 152, "LINK");
    write_level();
    put32(16 + 2 * 24 + 8, 130);
    refused("not 4-aligned", 152, "LINK");
    write_level();
    put32(16 + 2 * 24 + 12, 0xFFFFFFF0u);
    refused("size past the file", 152, "LINK");
    write_level();
    put32(16 + 2 * 24 + 8, 108);
    refused("inside the directory", 152, "LINK");
    write_level();
    put32(16 + 2 * 24 + 12, 20);
    refused("overlap", 152, "overlaps");
    write_level();
    rt_memcpy(file + 16 + 3 * 24, "LINK", 4);
    refused("twice", 152, "second LINK");
    write_level();
    file[16 + 24] = 1;
    refused("identifier", 152, "identifier");
    write_level();
    put16(16 + 2 * 24 + 18, 0);
    refused("records of 0 bytes", 152, "LINK");
    /* out of memory: JO_NULL and a message, nothing left */
    write_level();
    double_set_heap_limit(8);
    refused("out of memory", 152, "out of memory");
    double_set_heap_limit(0);
    /* a missing file is probed, never given to jo_fs_read_file() */
    CHECK(jo_level_load("NOPE.JOL") == JO_NULL);
    CHECK(double_defect_count() == 0);
    CHECK(jo_level_load(JO_NULL) == JO_NULL);
    CHECK(jo_level_create_in_place(JO_NULL, 10) == JO_NULL);
    jo_level_free(JO_NULL);
    CHECK(double_defect_count() == 0);
}

int main(int argc, char **argv)
{
    unsigned int i;
    (void)argc;
    (void)argv;
    test_read();
    test_refused();
    for (i = 0; i < double_defect_count(); i++)
    {
        rt_printf("FAIL: defect: %s\n", double_defect_at(i));
        failures++;
    }
    if (failures)
    {
        rt_printf("%d failures\n", failures);
        return 1;
    }
    rt_printf("ok level API\n");
    return 0;
}
