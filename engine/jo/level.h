/*
** Jo Sega Saturn Engine - levels (.JOL files)
** The level module of retromesh, for the Jo Engine (MIT licence, as the engine).
**
** jo_engine/jo/level.h: a level file read in one block and used in place.
** The sections, their fields and their defaults are in jo/level_format.h,
** generated from the schema by `retromesh level gen` (do not edit it).
**
** Usage (the switch JO_COMPILE_WITH_LEVEL_MODULE = 1, see engine/README.md):
**
**     jo_level *level = jo_level_load("LEVEL1.JOL");      // JO_NULL: not found or wrong
**     jo_level_enti_record e;
**     unsigned int n = jo_level_record_count(level, "ENTI");
**     for (unsigned int i = 0; i < n; ++i)
**     {
**         jo_level_get_records(level, "ENTI", i, 1, &e, sizeof(e));   // defaults filled
**         const char *cls = jo_level_string(level, e.cls);              // JO_NULL: none
**     }
**     const jo_level_section *mine = jo_level_find_section(level, "pads");  // a game section
**     ... jo_level_section_data(level, mine) ...
**     jo_level_free(level);
**
** The rules (seed 003 of retromesh):
** - a header or a record shorter than this engine's layout (an older file)
**   comes back in the current layout, the missing fields at their defaults;
**   a longer one (a newer file) is read with its own size, the fields this
**   engine does not know are skipped;
** - a section this engine does not know is ignored, unless its flag
**   REQUIRED is set: then the file is refused, the message names it;
** - identifiers with a lowercase letter belong to the game: the engine
**   keeps them for jo_level_find_section().
** A refused file gives JO_NULL and a message through the engine's error
** path (jo_core_error() in JO_DEBUG builds; jo_level_last_error() always).
*/
#ifndef __JO_LEVEL_H__
#define __JO_LEVEL_H__

#ifdef JO_COMPILE_WITH_LEVEL_SUPPORT

#include "level_format.h"

/** @brief A section of a level: its directory entry, checked */
typedef struct
{
    char id[5];                     /* 4 characters and a zero */
    unsigned short version;
    unsigned short flags;           /* JO_LEVEL_FLAG_REQUIRED */
    unsigned int offset;            /* from the start of the file (multiple of 4) */
    unsigned int size;              /* bytes: header, records and arrays */
    unsigned short header_size;
    unsigned short record_size;
    unsigned int record_count;
    bool known;                     /* described by this engine's level_format.h */
    bool game;                      /* an identifier with a lowercase letter */
} jo_level_section;

/** @brief A level loaded from a JOL file */
typedef struct
{
    const unsigned char *data;      /* the file, used in place */
    unsigned int size;
    unsigned short version;         /* FORMAT_VERSION of the file */
    unsigned short flags;
    unsigned int section_count;
    jo_level_section *sections;     /* in the order of the directory */
    const char *strings;            /* STRS, JO_NULL: none */
    unsigned int strings_size;
    bool data_not_owned;            /* jo_level_create_in_place(): the caller's data */
} jo_level;

/** @brief Load a level (JOL file) from the current directory of the CD, in one block
 *  @return The level, JO_NULL if the file is not found, wrong or if out of memory
 */
jo_level *jo_level_load(const char *const filename);

/** @brief Create a level that uses the content of a JOL file in place (kept by the caller while the level exists)
 *  @param data Content of the file (4 bytes aligned)
 *  @param size Size in bytes
 */
jo_level *jo_level_create_in_place(const unsigned char *const data, const unsigned int size);

/** @brief Free a level (and its data, unless made by jo_level_create_in_place()) */
void jo_level_free(jo_level *const level);

/** @brief The first section with this identifier (4 characters), JO_NULL if none */
const jo_level_section *jo_level_find_section(const jo_level *const level, const char *const id);

/** @brief The bytes of a section (its header first) */
const unsigned char *jo_level_section_data(const jo_level *const level, const jo_level_section *const section);

/** @brief Number of records of the first section with this identifier (0 if none) */
unsigned int jo_level_record_count(const jo_level *const level, const char *const id);

/** @brief The header of a known section in this engine's layout (jo_level_xxxx_header), defaults for the fields missing in the file
 *  @param header Where to write it
 *  @param size Size of header (at least the size of the layout, JO_LEVEL_XXXX_HEADER_SIZE)
 *  @return false if the section is not in the file, unknown to this engine, or size too small
 */
bool jo_level_get_header(const jo_level *const level, const char *const id, void *const header, const unsigned int size);

/** @brief Records of a known section in this engine's layout (jo_level_xxxx_record), defaults for the fields missing in the file
 *  @param first First record
 *  @param count Records to get
 *  @param records Where to write them, stride bytes apart
 *  @param stride At least JO_LEVEL_XXXX_RECORD_SIZE
 *  @return Records written (fewer than count past the last record, 0 if the section is not there or unknown)
 */
unsigned int jo_level_get_records(const jo_level *const level, const char *const id, const unsigned int first,
                                  const unsigned int count, void *const records, const unsigned int stride);

/** @brief A string of STRS (a field of type string), JO_NULL for JO_LEVEL_NO_STRING or a wrong offset */
const char *jo_level_string(const jo_level *const level, const unsigned int offset);

/** @brief An array of a known section (a field of type offset): its first element, JO_NULL if empty or outside the section
 *  @param offset The value of the offset field
 *  @param element_size Bytes of an element
 *  @param count Elements
 */
const void *jo_level_get_array(const jo_level *const level, const jo_level_section *const section,
                               const unsigned int offset, const unsigned int element_size, const unsigned int count);

/** @brief The message of the last refused file ("" if none) */
const char *jo_level_last_error(void);

#endif /* JO_COMPILE_WITH_LEVEL_SUPPORT */

#endif /* !__JO_LEVEL_H__ */
