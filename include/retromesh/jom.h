/* retromesh/jom.h - the Jo Engine model format (.JOM): read, validate,
   write, print.

   Usage:
     rm_jom_model m;
     rm_diag diag;
     rm_diag_init(&diag);
     if (rm_jom_read_file("ROBOT.JOM", &m, &diag) == RM_OK) {
         rm_jom_print_text(&m, stdout);
         rm_jom_free(&m);
     } else {
         rm_diag_print(&diag, stderr, 1);   // ROBOT.JOM: chunk QUAD at 0x1c4: ...
     }

   The in-memory model mirrors the file: the same records, host-endian
   fields. The reader checks every rule of the format (docs/jom.md) against
   the bytes before it uses them and reports each problem with its chunk and
   offset; unknown chunks are skipped and listed. The writer produces the
   exact bytes of the format: big endian, chunks in the documented order,
   zero padding, END last. The same model gives the same bytes on any host.

   Ownership: rm_jom_free() releases every array of the model. */
#ifndef RETROMESH_JOM_H
#define RETROMESH_JOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "fixed.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RM_JOM_VERSION 1
#define RM_JOM_HEADER_SIZE 24
#define RM_JOM_MAX_BONES 32
#define RM_JOM_BONE_NO_GROUP 0xFFFFu
#define RM_JOM_ANIMATION_LOOP 1u
#define RM_JOM_TICKS_PER_SECOND 60
#define RM_JOM_MAX_INDEX 65535u    /* counts of points, polygons, normals, materials */

/* QUAD record (jo_3d_polygon, 20 bytes). A triangle has v[3] == v[2]. */
typedef struct rm_jom_polygon {
    rm_vec3x normal;
    uint16_t v[4];
} rm_jom_polygon;

/* MATL record (jo_3d_material, 32 bytes). Flags are RM_MAT_xxx (mesh.h). */
typedef struct rm_jom_material {
    char name[16];          /* zero terminated, at most 15 characters */
    uint8_t r, g, b;
    uint8_t shine;
    int16_t texture;        /* index in TEXT, -1: none */
    uint16_t subdivision_error;
    uint32_t flags;
    uint32_t user;
} rm_jom_material;

/* GRUP record (jo_3d_model_group, 24 bytes). */
typedef struct rm_jom_group {
    char name[16];
    uint16_t first_point, point_count;
    uint16_t first_polygon, polygon_count;
} rm_jom_group;

/* BONE record (jo_3d_bone, 32 bytes). */
typedef struct rm_jom_bone {
    char name[16];
    uint16_t group;         /* index in GRUP, RM_JOM_BONE_NO_GROUP: none */
    int16_t parent;         /* -1: root */
    rm_vec3x pivot;
} rm_jom_bone;

/* One key of an animation: the root offset and, for each bone, the angles
   around X, Y, Z (jo_angle: 0x10000 = 360 degrees, stored as i16). */
typedef struct rm_jom_key {
    rm_vec3x root;
    int16_t angles[RM_JOM_MAX_BONES][3];   /* only bone_count rows are used */
} rm_jom_key;

/* ANIM record (jo_3d_animation, 28 bytes) with its keys. */
typedef struct rm_jom_animation {
    char name[16];
    uint16_t key_count;     /* at least 1 */
    uint16_t key_ticks;
    uint16_t flags;         /* RM_JOM_ANIMATION_LOOP */
    uint16_t duplicate;     /* 0 in files */
    uint32_t offset;        /* as read; the writer recomputes it */
    rm_jom_key *keys;       /* key_count keys */
} rm_jom_animation;

/* TIMG entry: an embedded texture. */
typedef struct rm_jom_texture {
    char name[16];
    uint16_t width, height;
    uint16_t format;        /* 0: RGB555, 1: 16 colors + LUT */
    uint16_t reserved;
    uint8_t *pixels;        /* the pixel bytes as in the file (big endian), without padding */
    uint32_t pixel_size;    /* format 0: width*height*2; format 1: 32 + width*height/2 */
} rm_jom_texture;

/* Where a chunk was found (filled by the reader, for info and messages). */
typedef struct rm_jom_chunk_info {
    char tag[5];            /* zero terminated; non-printable bytes shown as '?' */
    uint32_t offset;        /* of the chunk header */
    uint32_t size;          /* of its data */
    bool known;
} rm_jom_chunk_info;

typedef struct rm_jom_model {
    uint16_t version;
    rm_vec3x center;
    rm_fixed radius;

    uint32_t texture_image_count;        /* TIMG */
    rm_jom_texture *texture_images;

    uint32_t point_count;                /* PNTS */
    rm_vec3x *points;
    uint32_t polygon_count;              /* QUAD, QMAT */
    rm_jom_polygon *polygons;
    uint16_t *polygon_materials;
    uint32_t material_count;             /* MATL */
    rm_jom_material *materials;
    uint32_t texture_count;              /* TEXT (0: no chunk) */
    char (*textures)[16];

    bool has_normals;                    /* NTAB + CNRM */
    uint32_t normal_count;
    rm_vec3x *normals;
    uint16_t *corner_normals;            /* 4 * polygon_count */

    bool has_vertex_colors;              /* VCOL: point_count colors, 1.0 = 0x10000 */
    rm_vec3x *vertex_colors;
    bool has_gouraud;                    /* GOUR: 4 * polygon_count rgb555 */
    uint16_t *gouraud;

    bool has_groups;                     /* GRUP */
    uint32_t group_count;
    rm_jom_group *groups;

    bool has_skeleton;                   /* BONE + ANIM */
    uint32_t bone_count;
    rm_jom_bone *bones;
    uint32_t animation_count;
    rm_jom_animation *animations;

    /* Filled by the reader only: every chunk in file order, unknown ones too. */
    size_t chunk_count;
    rm_jom_chunk_info *chunks;
    uint32_t file_size;
} rm_jom_model;

void rm_jom_init(rm_jom_model *m);
void rm_jom_free(rm_jom_model *m);

/* Reads and validates a JOM file in memory. `filename` is used in messages.
   Every problem found is reported (up to diag->limit); returns RM_INVALID
   when there was at least one error, and then *out is left empty. */
rm_status rm_jom_read(const uint8_t *data, size_t size, const char *filename,
                      rm_jom_model *out, rm_diag *diag);
rm_status rm_jom_read_file(const char *path, rm_jom_model *out, rm_diag *diag);

/* Checks the rules that concern the content (indexes < counts, group
   ranges, bone order...) of a model built in memory, before writing it.
   The reader runs the same checks. `filename` names the model in messages. */
rm_status rm_jom_validate(const rm_jom_model *m, const char *filename, rm_diag *diag);

/* Writes the file to a new malloc'd buffer (*data, *size; the caller frees
   it). Fails with RM_INVALID (and messages, named "<model>") when the model
   breaks a rule; *data is then NULL. The key offsets of the animations are
   recomputed (keys packed in order after the records). */
rm_status rm_jom_write(const rm_jom_model *m, uint8_t **data, size_t *size, rm_diag *diag);
/* The same, written atomically (temporary file + rename) to `path`. */
rm_status rm_jom_write_file(const rm_jom_model *m, const char *path, rm_diag *diag);

/* Human-readable listing of everything: header, each chunk, each record
   (points as decimals, flags by name, keys of the animations). A model that
   was not read from a file lists its chunks as the writer would place them.
   The layout of the text and the JSON schema are in docs/jom.md. */
void rm_jom_print_text(const rm_jom_model *m, FILE *out);
/* What rm_jom_print_text_ex prints. rm_jom_print_text is {false, true}:
   everything, bones as a flat list. `retromesh info` uses {true, --keys}. */
typedef struct rm_jom_text_options {
    bool bone_tree;         /* bones as a tree: each child under its parent, indented by depth */
    bool keys;              /* every key of every animation (else one line per animation) */
} rm_jom_text_options;
void rm_jom_print_text_ex(const rm_jom_model *m, FILE *out, const rm_jom_text_options *opt);
/* The same content as one JSON document, ended by a newline: streamed
   record by record (core/json_out.h, no tree in memory), byte for byte what
   jansson's json_dumpf(JSON_INDENT(2) | JSON_PRESERVE_ORDER) gives. */
rm_status rm_jom_print_json(const rm_jom_model *m, FILE *out);

/* A TIMG texture as an 8-bit RGBA picture (retromesh/image.h): RGB555
   channels shown as the VDP2 does (c << 3), 0 (and LUT color 0)
   transparent. RM_INVALID when the pixel bytes do not fit the size. */
struct rm_image;
rm_status rm_jom_texture_to_image(const rm_jom_texture *t, struct rm_image *out);
/* The same texture as the width * height RGB555 words the VDP1 reads
   (malloc'd, the caller frees; 0 and LUT color 0 transparent). *texels is
   NULL unless RM_OK; RM_INVALID as above, RM_NOMEM. */
rm_status rm_jom_texture_to_rgb555(const rm_jom_texture *t, uint16_t **texels);

/* True when `name` is a file name of the Saturn's CD as a TEXT name must
   be: an 8.3 name (1 to 8 characters, optionally a dot and 1 to 3 more) of
   ISO 9660's d-characters A-Z, 0-9 and _, so no folder, no '/', '\\', ':',
   '..' or control byte (WALL.BIN, TEX). Check this before opening a file a
   JOM names. */
bool rm_jom_is_cd_name(const char *name);
/* True for the name of an embedded (TIMG) texture: the same characters, a
   stem of 1 to 15 and an optional extension of 1 to 3, at most 15 in all
   (WALL_1A2B3C.BIN). */
bool rm_jom_is_embedded_name(const char *name);

/* Name of a material flag bit (0..15), or NULL for an unused bit. */
const char *rm_jom_material_flag_name(unsigned bit);

#ifdef __cplusplus
}
#endif
#endif
