/* retromesh/oni.h - Oni (Bungie West, 2001) level data files
   (`levelN_Final.dat`) and their M3GM geometries.

   Usage:
     uint8_t *data; size_t size;
     rm_file_read("level1_Final.dat", &data, &size, &diag);
     rm_oni_file f;
     if (rm_oni_open(data, size, "level1_Final.dat", &f, &diag) == RM_OK) {
         for (uint32_t i = 0; i < f.instance_count; i++) {
             if (f.instances[i].tag != RM_ONI_TAG_M3GM || !f.instances[i].has_data)
                 continue;
             rm_oni_geometry g;
             if (rm_oni_geometry_decode(&f, i, &g, &diag) == RM_OK) {
                 rm_mesh mesh;
                 rm_oni_geometry_to_mesh(&g, &mesh, &diag);   // then any exporter
                 ...
                 rm_mesh_free(&mesh);
                 rm_oni_geometry_free(&g);
             }
         }
         rm_oni_close(&f);
     }
     free(data);

   The container is checked whole when opened (header, descriptor arrays,
   data and name blocks: every offset, size and count; spec oni-dat.md
   1.13). Bad files get "FILE: instance 812 (M3GM) at 0x3bca0: ..." (the
   offset is from the start of the file), header problems "FILE: header at
   0x14: ...". Everything is little endian; nothing is read by struct
   punning.

   Ownership: rm_oni_file BORROWS the file's bytes (they must outlive it);
   names and the raw arrays of a geometry point into them. It owns its
   instance table (rm_oni_close frees it). A geometry owns its triangle
   array (rm_oni_geometry_free). Rules and choices: docs/oni.md. */
#ifndef RETROMESH_ONI_H
#define RETROMESH_ONI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A four-character tag as the u32 the file stores: 'M'<<24|'3'<<16|'G'<<8|'M'. */
#define RM_ONI_TAG(a, b, c, d) \
    ((uint32_t)(uint8_t)(a) << 24 | (uint32_t)(uint8_t)(b) << 16 | (uint32_t)(uint8_t)(c) << 8 | (uint32_t)(uint8_t)(d))
#define RM_ONI_TAG_M3GM RM_ONI_TAG('M', '3', 'G', 'M')
#define RM_ONI_TAG_PNTA RM_ONI_TAG('P', 'N', 'T', 'A')
#define RM_ONI_TAG_VCRA RM_ONI_TAG('V', 'C', 'R', 'A')
#define RM_ONI_TAG_TXCA RM_ONI_TAG('T', 'X', 'C', 'A')
#define RM_ONI_TAG_IDXA RM_ONI_TAG('I', 'D', 'X', 'A')
#define RM_ONI_TAG_TXMP RM_ONI_TAG('T', 'X', 'M', 'P')
#define RM_ONI_TAG_M3GA RM_ONI_TAG('M', '3', 'G', 'A')

#define RM_ONI_VERSION_VR31 0x56523331u
#define RM_ONI_CHECKSUM_V10 0x0003BCDF33DC271FULL  /* Windows retail */
#define RM_ONI_CHECKSUM_V11 0x0003BCDF23C13061ULL  /* Mac, Windows demo */

/* Descriptor flags (low byte). */
#define RM_ONI_FLAG_UNNAMED     0x01u
#define RM_ONI_FLAG_PLACEHOLDER 0x02u
#define RM_ONI_FLAG_SHARED      0x08u

#define RM_ONI_NONE 0xFFFFFFFFu     /* "no instance" (a link of 0) */

typedef struct rm_oni_instance {
    uint32_t tag;           /* e.g. RM_ONI_TAG_M3GM */
    char tag_text[5];       /* "M3GM" */
    uint32_t flags;         /* low byte of the descriptor's flags */
    bool has_data;          /* not a placeholder: the record is in this file */
    uint32_t record;        /* file offset of the 8-byte record header (0: none) */
    uint32_t data;          /* file offset of the instance data, record + 8 (0: none) */
    uint32_t size;          /* bytes of instance data, without the 8-byte header */
    const char *name;       /* full name ("M3GMdoor_1_0"), NULL when unnamed; borrowed */
} rm_oni_instance;

typedef struct rm_oni_file {
    const char *source;     /* the file name given to rm_oni_open (borrowed) */
    const uint8_t *bytes;   /* borrowed */
    size_t size;
    uint64_t checksum;      /* header 0x00 */
    uint32_t instance_count, name_count, template_count;
    uint32_t data_off, data_size, name_off, name_size;
    rm_oni_instance *instances;     /* instance_count, owned */
} rm_oni_file;

/* Checks the container and fills `out` (no need to init it; on error it is
   left empty). RM_INVALID with the first problem in `diag`, RM_NOMEM. */
rm_status rm_oni_open(const uint8_t *bytes, size_t size, const char *filename, rm_oni_file *out,
                      rm_diag *diag);
void rm_oni_close(rm_oni_file *f);

/* A little-endian u32 at `rel` in instance `index`'s data, *ok false (and
   0) when the instance has no data or the field is not inside it. */
uint32_t rm_oni_u32(const rm_oni_file *f, uint32_t index, uint32_t rel, bool *ok);

/* Resolves the link field at `rel` of instance `from`: *target is the
   instance index, or RM_ONI_NONE for a link of 0. The value must have low
   byte 1, an index < instance_count and, when expected_tag is not 0, that
   tag. A target may be a placeholder (its data lives in another file, in
   practice level0): check instances[*target].has_data. `field` names the
   field in messages ("points"). */
rm_status rm_oni_link(const rm_oni_file *f, uint32_t from, uint32_t rel, uint32_t expected_tag,
                      const char *field, uint32_t *target, rm_diag *diag);

/* The index of the first instance whose full name is `name`, or RM_ONI_NONE. */
uint32_t rm_oni_find(const rm_oni_file *f, const char *name);

/* ---- Geometries (M3GM) ------------------------------------------------ */

typedef struct rm_oni_geometry {
    uint32_t instance;          /* index of the M3GM */
    const char *name;           /* full name or NULL (borrowed) */
    uint32_t point_count;
    const uint8_t *points;      /* point_count x 3 f32, little endian, as stored (borrowed) */
    const uint8_t *vertex_normals;  /* point_count x 3 f32 */
    const uint8_t *uvs;         /* point_count x 2 f32 */
    uint32_t face_normal_count;
    const uint8_t *face_normals;    /* face_normal_count x 3 f32 */
    uint32_t strip_count;       /* values with bit 31 set */
    uint32_t triangle_count;
    uint32_t *triangles;        /* triangle_count x 3 point indexes, strip order (owned) */
    const uint8_t *face_normal_indexes;  /* triangle_count x u32, each < face_normal_count */
    uint32_t texture;           /* TXMP instance, or RM_ONI_NONE (link 0) */
    const char *texture_name;   /* its full name ("TXMPrl_1") or NULL (link 0 or unnamed) */
    bool texture_external;      /* the TXMP is a placeholder (its data is in level0) */
    /* For messages (rm_oni_geometry_to_mesh): the file's name and where
       element 0 of each array is (file offset) and in which instance. */
    const char *source;
    uint32_t points_instance, normals_instance, uvs_instance;   /* PNTA, VCRA, TXCA */
    unsigned long points_at, normals_at, uvs_at;
} rm_oni_geometry;

/* Decodes the M3GM at `index`: links (tags checked), array bounds, strips
   (bit 31 starts a strip: its low 31 bits and the next two values are the
   first triangle; each further value v makes (b, c, v); no winding flip),
   and the rules the CD satisfies: every point index < point_count, as many
   vertex normals and UVs as points, as many face normal indexes as
   triangles, each < the face normal count. Errors: RM_INVALID. */
rm_status rm_oni_geometry_decode(const rm_oni_file *f, uint32_t index, rm_oni_geometry *out,
                                 rm_diag *diag);
void rm_oni_geometry_free(rm_oni_geometry *g);

/* Decodes only a strip array (count values): *triangles malloc'd (3 per
   triangle), *triangle_count. `point_count` bounds the indexes. Messages
   name `file`, `index` and the IDXA's file offset. Exposed for tests and
   the fuzzer. */
rm_status rm_oni_decode_strips(const uint32_t *values, uint32_t count, uint32_t point_count,
                               uint32_t **triangles, uint32_t *triangle_count, uint32_t *strip_count,
                               const char *file, uint32_t index, uint32_t offset, rm_diag *diag);

/* The neutral mesh of a geometry: positions, UVs and vertex normals as
   stored (Oni's axes: Y up, right handed, like OBJ), one triangle per
   strip triangle, each corner's UV and normal the point's own, winding
   made counter-clockwise around the triangle's face normal (docs/oni.md).
   One material named after the texture without its "TXMP" ("none" when
   the link is 0). A point with a coordinate that is not a finite number
   is an error at its place ("FILE: instance 812 (PNTA) at 0x3bcd4: point
   3: y is nan ..."); a vertex normal or UV that is not is a warning there
   and becomes 0. `out` is initialized by the call. */
rm_status rm_oni_geometry_to_mesh(const rm_oni_geometry *g, const char *source, rm_mesh *out,
                                  rm_diag *diag);

/* ---- Hashes (`retromesh oni hash`, format in docs/oni.md) -------------- */

/* CRC-32 (zlib's: reflected 0xEDB88320, start 0, as in PNG and zip),
   continued from `crc`. */
uint32_t rm_oni_crc32(uint32_t crc, const void *data, size_t size);

/* The line of one geometry, without a newline, into buf (always
   terminated); returns its length (as snprintf). `level` is N of
   levelN_Final.dat:
     level1 812 M3GMdoor_1_0 points=16 triangles=12 points_crc=xxxxxxxx
       uvs_crc=xxxxxxxx normals_crc=xxxxxxxx triangles_crc=xxxxxxxx
       face_normals_crc=xxxxxxxx          (one line; "-" for no name)
   Each CRC is over the values as stored little endian: points x y z f32,
   UVs u v f32, vertex normals x y z f32, triangles a b c u32 in strip
   order, face normal indexes u32. */
int rm_oni_hash_line(const rm_oni_geometry *g, int level, char *buf, size_t size);

/* ---- File names for exports ------------------------------------------- */

/* The longest file name (one path component) the exporter makes: NAME_MAX
   of Linux and most file systems. */
#define RM_ONI_FILE_NAME_MAX 255

/* A file name made from a geometry name (or any text), for `oni export`:
   letters, digits, '_', '-' and '.' (not first) are kept, every other byte
   ('/', control bytes, spaces, non-ASCII) becomes '_'; an empty name is "_".
   The result leaves `reserve` bytes for what the caller appends (".obj",
   ".mtl", "_tex.png"...) within RM_ONI_FILE_NAME_MAX, and fits buf (size
   bytes, always terminated). A name that had a byte replaced or had to be
   shortened ends with "-XXXXXXXX", the CRC-32 of the whole original name in
   hex, so two long names that share their first 240 bytes still make two
   files. A name already safe and short enough is kept as it is. Returns
   the length written. */
size_t rm_oni_file_name(const char *name, size_t reserve, char *buf, size_t size);

/* The level number of "levelN_Final.dat" (any folder before it), -1 when
   the name is not of that shape. */
int rm_oni_level_number(const char *path);

#ifdef __cplusplus
}
#endif
#endif
