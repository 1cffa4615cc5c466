/* src/formats/registry/table.c - the format table: one row per kind, its
   names, how messages speak of it, its reader and its writer. A new model
   format is a row here (and its recogniser in detect.c); every command
   then reads or writes it. */
#include "formats/registry/registry.h"

#include <string.h>
#include <strings.h>

/* In rm_format order (rm_fmt_row_of checks it). */
static const rm_fmt_row rows[RM_FORMAT_COUNT] = {
    { RM_FORMAT_UNKNOWN, "unknown", "binary data of no kind retromesh knows", "", NULL, NULL, NULL },
    { RM_FORMAT_EMPTY, "empty", "an empty file", "", NULL, NULL, NULL },
    { RM_FORMAT_TEXT, "text", "text with no OBJ statement", ".txt", NULL, NULL, NULL },
    { RM_FORMAT_UTF16_TEXT, "UTF-16", "UTF-16 text without a byte order mark", "",
      "save it as UTF-8, or as UTF-16 with a byte order mark", NULL, NULL },
    { RM_FORMAT_OBJ, "OBJ", "a Wavefront OBJ model", ".obj", NULL, rm_fmt_read_obj, rm_fmt_write_obj },
    { RM_FORMAT_NIFF, "NIFF", "a Nintendo 64 NIFF model", ".niff .nif", NULL, rm_fmt_read_niff,
      rm_fmt_write_niff },
    { RM_FORMAT_JOM, "JOM", "a Jo Engine model (JOM)", ".jom",
      "a JOM is not read back into a model (info, check, render and pose read it)", NULL,
      rm_fmt_write_jom },
    { RM_FORMAT_GLTF, "glTF", "a glTF 2.0 model", ".gltf", NULL, rm_fmt_read_gltf, NULL },
    { RM_FORMAT_GLB, "GLB", "a binary glTF 2.0 model (GLB)", ".glb", NULL, rm_fmt_read_gltf, NULL },
    { RM_FORMAT_ONI, "Oni", "an Oni level data file", ".dat",
      "'retromesh oni export' pulls its geometries out", NULL, NULL },
    { RM_FORMAT_MTL, "MTL", "a Wavefront material library (MTL)", ".mtl",
      "convert the OBJ that names it with mtllib", NULL, NULL },
    { RM_FORMAT_JOL, "JOL", "a Jo Engine level (JOL)", ".jol", "'retromesh level dump' shows it", NULL,
      NULL },
    { RM_FORMAT_JSON, "JSON", "JSON text (a skeleton, a level source...)", ".json", NULL, NULL, NULL },
    { RM_FORMAT_PNG, "PNG", "a PNG image", ".png", NULL, NULL, NULL },
    { RM_FORMAT_JPEG, "JPEG", "a JPEG image", ".jpg .jpeg", NULL, NULL, NULL },
    { RM_FORMAT_GIF, "GIF", "a GIF image", ".gif", NULL, NULL, NULL },
    { RM_FORMAT_BMP, "BMP", "a BMP image", ".bmp", NULL, NULL, NULL },
    { RM_FORMAT_STL, "STL", "an STL model", ".stl", "STL input is not supported", NULL, NULL },
    { RM_FORMAT_PLY, "PLY", "a PLY model", ".ply", "PLY input is not supported", NULL, NULL },
    { RM_FORMAT_FBX, "FBX", "an FBX model", ".fbx", "FBX input is not supported", NULL, NULL },
    { RM_FORMAT_3DS, "3DS", "a 3D Studio model (3DS)", ".3ds", "3DS input is not supported", NULL,
      NULL },
    { RM_FORMAT_COLLADA, "COLLADA", "a COLLADA model", ".dae", "COLLADA input is not supported", NULL,
      NULL },
    { RM_FORMAT_ZIP, "ZIP", "a ZIP archive", ".zip", "unpack it first", NULL, NULL },
    { RM_FORMAT_GZIP, "gzip", "a gzip-compressed file", ".gz", "unpack it first (gunzip)", NULL, NULL },
    { RM_FORMAT_PDF, "PDF", "a PDF document", ".pdf", NULL, NULL, NULL },
    { RM_FORMAT_ELF, "ELF", "an ELF program", "", NULL, NULL, NULL },
    { RM_FORMAT_C_HEADER, "C header", "a C header of a model", ".h",
      "a C header is not read back into a model (convert the source model)", NULL,
      rm_fmt_write_cheader },
};

/* The readable and writable kinds, for messages; the registry tests check
   them against the rows. */
static const char readable_list[] = "OBJ, NIFF, glTF, GLB";
static const char writable_list[] = "JOM, NIFF, OBJ, C header";

const rm_fmt_row *rm_fmt_row_of(rm_format f)
{
    if ((unsigned)f >= RM_FORMAT_COUNT || rows[f].kind != f)
        return &rows[RM_FORMAT_UNKNOWN];
    return &rows[f];
}

const char *rm_format_describe(rm_format f)
{
    return rm_fmt_row_of(f)->description;
}

const char *rm_format_name(rm_format f)
{
    return rm_fmt_row_of(f)->name;
}

bool rm_format_can_read_model(rm_format f)
{
    return (unsigned)f < RM_FORMAT_COUNT && rm_fmt_row_of(f)->read != NULL;
}

bool rm_format_can_write_model(rm_format f)
{
    return (unsigned)f < RM_FORMAT_COUNT && rm_fmt_row_of(f)->write != NULL;
}

const char *rm_format_readable_list(void)
{
    return readable_list;
}

const char *rm_format_writable_list(void)
{
    return writable_list;
}

/* True when `ext` (".niff") is one of the row's space-separated list. */
static bool row_has_extension(const rm_fmt_row *r, const char *ext)
{
    size_t n = strlen(ext);
    const char *p = r->extensions;
    while (*p) {
        const char *e = strchr(p, ' ');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncasecmp(p, ext, n) == 0)
            return true;
        p += len;
        while (*p == ' ')
            p++;
    }
    return false;
}

rm_format rm_format_from_name(const char *path)
{
    if (!path)
        return RM_FORMAT_UNKNOWN;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base || !dot[1])
        return RM_FORMAT_UNKNOWN;
    for (unsigned i = 0; i < RM_FORMAT_COUNT; i++)
        if (row_has_extension(&rows[i], dot))
            return rows[i].kind;
    return RM_FORMAT_UNKNOWN;
}
