/* retromesh/formats.h - what a file is, told by its content, and the one
   table that reads a model of any kind into the neutral mesh and writes a
   mesh as any kind.

   Usage:
     uint8_t head[RM_FORMAT_HEAD_SIZE]; size_t n = ...first bytes...;
     rm_format f = rm_format_detect(head, n);
     printf("%s\n", rm_format_describe(f));          // "a PNG image"

     rm_model_read_options ro; rm_model_read_options_default(&ro);
     rm_mesh mesh;
     // recognises the file by its bytes (not its name), refuses what is not
     // a model: "walker.png: error: this is a PNG image, not a model
     // (retromesh reads OBJ, NIFF...)", RM_INVALID; loads textures a
     // writer will need; a model with no polygon is RM_INVALID too.
     rm_model_read_file("robot.obj", &ro, &mesh, &inputs, &diag);

     rm_format out = rm_format_from_name("robot.niff");  // by the OUTPUT's extension
     rm_model_write_options wo; rm_model_write_options_default(&wo);
     rm_model_write(&mesh, out, "robot.niff", &wo, set, NULL, &diag);  // staged in an rm_output_set

   Every command goes through this table: adding a format (glTF) is one
   row in src/formats/registry/table.c (its recogniser, reader and
   writer), and every command then takes it. What is recognised and how,
   and every message: docs/formats.md.

   Ownership: nothing here keeps a pointer to its arguments past the call;
   rm_model_read_file fills a mesh the caller frees with rm_mesh_free. */
#ifndef RETROMESH_FORMATS_H
#define RETROMESH_FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "convert.h"
#include "diag.h"
#include "gltf.h"
#include "mesh.h"
#include "output.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How many first bytes rm_format_detect() needs to tell every kind apart. */
#define RM_FORMAT_HEAD_SIZE 4096u

typedef enum rm_format {
    RM_FORMAT_UNKNOWN = 0,  /* binary bytes of no known kind */
    RM_FORMAT_EMPTY,        /* zero bytes */
    RM_FORMAT_TEXT,         /* text that is no known kind (no OBJ statement in it) */
    RM_FORMAT_UTF16_TEXT,   /* text in UTF-16 without a BOM (NUL every other byte) */
    /* models, readable */
    RM_FORMAT_OBJ,          /* Wavefront OBJ (text with OBJ statements) */
    RM_FORMAT_NIFF,         /* Nintendo 64 NIFF 1.0 / 2.0 */
    RM_FORMAT_JOM,          /* Jo Engine model ("JOM1") */
    RM_FORMAT_GLTF,         /* glTF 2.0 JSON (an object with "asset") */
    RM_FORMAT_GLB,          /* binary glTF ("glTF" magic) */
    RM_FORMAT_ONI,          /* an Oni instance file (.dat) */
    /* other kinds, recognised so that a message can name them */
    RM_FORMAT_MTL,          /* Wavefront material library (newmtl) */
    RM_FORMAT_JOL,          /* Jo Engine level ("JOL1") */
    RM_FORMAT_JSON,         /* other JSON (a skeleton, a level source...) */
    RM_FORMAT_PNG,
    RM_FORMAT_JPEG,
    RM_FORMAT_GIF,
    RM_FORMAT_BMP,
    RM_FORMAT_STL,          /* ASCII ("solid") or binary STL */
    RM_FORMAT_PLY,
    RM_FORMAT_FBX,
    RM_FORMAT_3DS,
    RM_FORMAT_COLLADA,      /* XML with <COLLADA */
    RM_FORMAT_ZIP,
    RM_FORMAT_GZIP,
    RM_FORMAT_PDF,
    RM_FORMAT_ELF,
    RM_FORMAT_C_HEADER,     /* a C header of a model (written only: retromesh/cheader.h) */
    RM_FORMAT_COUNT
} rm_format;

/* The kind of a file from its first `size` bytes (at most
   RM_FORMAT_HEAD_SIZE are looked at). Never reads past `size`. `size` is
   taken as the file's size too (a binary STL is told by its triangle
   count against the size): for a head of a larger file, use
   rm_format_detect_sized. Text with no statement at all (blank lines and
   # comments only) is an OBJ with nothing in it, so that reading it says
   "no polygon"; a UTF-16 text with a byte order mark is told by its text
   (a UTF-16 OBJ is RM_FORMAT_OBJ: the OBJ reader reads it), without one it
   is RM_FORMAT_UTF16_TEXT (the readers need the mark). */
rm_format rm_format_detect(const uint8_t *head, size_t size);
/* The same for the first `size` bytes of a file of `file_size` bytes
   (UINT64_MAX: not known). */
rm_format rm_format_detect_sized(const uint8_t *head, size_t size, uint64_t file_size);

/* "a PNG image", "a Jo Engine level (JOL)", "an empty file"... (with the
   article, for messages). */
const char *rm_format_describe(rm_format f);
/* "OBJ", "NIFF", "JOM", "PNG"... */
const char *rm_format_name(rm_format f);

/* The output kind named by a file name's extension (case-insensitive):
   .jom -> JOM, .niff/.nif -> NIFF, .obj -> OBJ, .h -> C header, .gltf/.glb, .png...;
   RM_FORMAT_UNKNOWN when the extension says nothing. */
rm_format rm_format_from_name(const char *path);

/* True when rm_model_read_file() reads this kind into a mesh. */
bool rm_format_can_read_model(rm_format f);
/* True when rm_model_write() writes a mesh as this kind. */
bool rm_format_can_write_model(rm_format f);
/* "OBJ, NIFF" and so on: the readable kinds, for messages. */
const char *rm_format_readable_list(void);
/* "JOM, NIFF, OBJ, C header": the kinds rm_model_write() writes. */
const char *rm_format_writable_list(void);

typedef struct rm_model_read_options {
    /* Load each material's map_Kd image into map_kd_rgba (a NIFF or OBJ
       output needs the pixels; a JOM conversion reads the images itself). */
    bool load_textures;
    bool no_textures;           /* drop every map_Kd (no image named or read) */
    const char *texture_dir;    /* also look for images there (borrowed) */
    /* The most bytes a model file may have (0: RM_FILE_MAX_DEFAULT). */
    uint64_t max_bytes;
    /* A model with no polygon is an error (default true). */
    bool require_polygons;
    /* For glTF and GLB (retromesh/gltf.h): --rigid, --key-ticks, --loop,
       --once; max_bytes 0 takes the one above. */
    rm_gltf_options gltf;
    /* The bytes given to rm_model_read_memory are a read-only file mapping
       (rm_file_map_open): a reader may drop the pages it has passed (see
       rm_obj_options.text_is_mapped). Default false. */
    bool data_is_mapped;
    /* Threads of the OBJ parse (rm_obj_options.threads): 0 automatic. */
    unsigned threads;
} rm_model_read_options;

void rm_model_read_options_default(rm_model_read_options *o);

/* Reads any model rm_format_can_read_model() accepts, told by its content
   ("-" is standard input). Files that are not models are RM_INVALID with
   a message naming what they are. Every file read (the model, its MTLs,
   images) is added to `inputs` when it is not NULL, so that the command's
   outputs never write over them. */
rm_status rm_model_read_file(const char *path, const rm_model_read_options *opt, rm_mesh *out,
                             rm_output_set *inputs, rm_diag *diag);
/* The same over bytes in memory (`name` for messages and to find MTLs and
   images relative to its folder). `name` itself is not added to `inputs`
   (the caller read it). */
rm_status rm_model_read_memory(const uint8_t *data, size_t size, const char *name,
                               const rm_model_read_options *opt, rm_mesh *out,
                               rm_output_set *inputs, rm_diag *diag);

/* Loads each material's map_Kd image into map_kd_rgba (what
   load_textures does), looked for as the converter looks (the MTL's
   folder, then texture_dir, then the file name alone in both); only
   regular files are read. Materials that carry pixels already are left
   alone. Every image loaded is added to `inputs` (may be NULL). RM_INVALID
   with a message per image not found or not readable. */
rm_status rm_model_load_textures(rm_mesh *mesh, const char *texture_dir, rm_output_set *inputs,
                                 rm_diag *diag);

typedef struct rm_model_write_options {
    rm_convert_options convert;     /* for a JOM output */
    const char *texture_out;        /* .BIN files there (NULL: beside the output) */
    bool textures;                  /* OBJ output: write the carried pixels as PNG */
    /* JOM output: when not NULL, gets the model as serialised (TEXT names
       settled), for a summary; the caller frees it with rm_jom_free (it is
       initialised by the call, also on failure). */
    rm_jom_model *model_out;
    /* C header output: the identifier prefix (NULL: from the file name,
       rm_cheader_name_from_path). Borrowed. */
    const char *c_name;
} rm_model_write_options;

void rm_model_write_options_default(rm_model_write_options *o);

/* Writes `mesh` as `kind` at `path`, staged in `set` with every file that
   goes with it (a JOM's .BIN textures, an OBJ's MTL and PNGs): the caller
   commits the set. RM_USAGE when the kind cannot be written. For a JOM,
   `result` (may be NULL) gets the conversion's result (budget, textures;
   the caller frees it with rm_convert_result_free, also on failure).
   - JOM: converted with opt->convert (the images it reads are added to
     the set as inputs), the .BIN names settled against the folder
     (rm_convert_settle_textures: a .BIN that exists with other bytes is
     never replaced, the texture takes its hashed name), then the JOM
     serialised; the .BIN files are staged before the JOM.
   - NIFF: rm_niff_write_mesh.
   - OBJ: PATH, PATH's stem .mtl beside it (when the mesh has materials)
     and, when opt->textures, each material's carried pixels as a PNG
     beside it, named by the file name of its map_Kd with the extension
     .png (no folder of the name is kept: a name from a file never writes
     outside the output's folder); the MTL names that PNG. PNGs first,
     then the MTL, then the OBJ.
   - C header: converted with opt->convert as for a JOM, the textures in
     the header (rm_cheader_from_mesh); only PATH is staged. */
rm_status rm_model_write(const rm_mesh *mesh, rm_format kind, const char *path,
                         const rm_model_write_options *opt, rm_output_set *set,
                         rm_convert_result *result, rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
