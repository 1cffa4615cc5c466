/* src/formats/jom/cd_name.c - which texture names a JOM may hold.

   A TEXT name without an embedded texture is a file the loader opens on
   the CD (seed 000: "a file name of the CD (8.3, uppercase, with the
   extension: WALL.BIN)"), so it must be one: an ISO 9660 level-1 name of
   the directory the program is in (saturn-notes 7.3, GFS_NameToId), never
   a path. An embedded texture's name (TIMG, the same in TEXT) is a key the
   engine compares, up to 15 characters (WALL_1A2B3C.BIN), and tools turn
   it into a file name too (info --extract-textures): the same characters,
   no path. The characters are ISO 9660's d-characters, A-Z 0-9 and _ (the
   names mkisofs writes for the CD, and those the converter makes). */
#include "retromesh/jom.h"

#include <string.h>

static bool d_character(char ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* STEM[.EXT] with stem 1..max_stem and ext 1..3 d-characters. */
static bool stem_dot_ext(const char *name, size_t max_stem, size_t max_total)
{
    if (!name)
        return false;
    size_t stem = 0, ext = 0, len = strlen(name);
    bool dot = false;
    if (len == 0 || len > max_total)
        return false;
    for (const char *p = name; *p; p++) {
        if (*p == '.') {
            if (dot)
                return false;
            dot = true;
        } else if (!d_character(*p)) {
            return false;
        } else if (dot) {
            ext++;
        } else {
            stem++;
        }
    }
    return stem >= 1 && stem <= max_stem && (!dot || (ext >= 1 && ext <= 3));
}

bool rm_jom_is_cd_name(const char *name)
{
    return stem_dot_ext(name, 8, 12);
}

bool rm_jom_is_embedded_name(const char *name)
{
    return stem_dot_ext(name, 15, 15);
}
