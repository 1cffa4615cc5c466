/* src/formats/jom/jom_internal.h - what the files of the JOM module share
   (internal): the chunk kinds and their order, record sizes, the layout a
   model gets when written, and the checks both the reader and
   rm_jom_validate() run.

   Layout usage (writer, validator, text printer):
     jom_layout l;
     jom_layout_compute(m, &l);
     if (l.present[JOM_QUAD]) ... l.offset[JOM_QUAD] is where "QUAD" starts ...

   Check usage (reader, validator):
     jom_check c;
     jom_check_init(&c, diag, "ROBOT.JOM");
     ... set c.present / c.usable / c.offset for each chunk ...
     jom_check_content(&c, m);
     if (c.errors) ... invalid ... */
#ifndef RM_FORMATS_JOM_INTERNAL_H
#define RM_FORMATS_JOM_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/bytes.h"
#include "retromesh/jom.h"
#include "retromesh/mesh.h"   /* RM_MAT_xxx flags */

/* The known chunks, in the order the format requires. */
typedef enum jom_kind {
    JOM_TIMG,
    JOM_PNTS,
    JOM_QUAD,
    JOM_QMAT,
    JOM_MATL,
    JOM_TEXT,
    JOM_NTAB,
    JOM_CNRM,
    JOM_VCOL,
    JOM_GOUR,
    JOM_GRUP,
    JOM_BONE,
    JOM_ANIM,
    JOM_END,
    JOM_KIND_COUNT,
    JOM_HEADER = JOM_KIND_COUNT   /* pseudo kind: the file header, in messages */
} jom_kind;

/* Sizes of the fixed parts, in bytes. */
#define JOM_CHUNK_HEADER_SIZE 8u
#define JOM_COUNT_SIZE 4u
#define JOM_NAME_SIZE 16u
#define JOM_POINT_SIZE 12u          /* PNTS, NTAB, VCOL: fixed[3] */
#define JOM_POLYGON_SIZE 20u        /* QUAD */
#define JOM_U16_SIZE 2u             /* QMAT, CNRM, GOUR */
#define JOM_MATERIAL_SIZE 32u       /* MATL */
#define JOM_GROUP_SIZE 24u          /* GRUP */
#define JOM_BONE_SIZE 32u           /* BONE */
#define JOM_ANIMATION_SIZE 28u      /* ANIM record */
#define JOM_TEXTURE_HEADER_SIZE 24u /* TIMG entry before its pixels */
#define JOM_LUT_SIZE 32u            /* format 1: 16 rgb555 colors */

/* The 4 bytes of a tag ("END " ends with a space). */
extern const char jom_tags[JOM_KIND_COUNT][5];
/* Tag without trailing spaces, for messages and listings ("END"). */
const char *jom_kind_name(int kind);
/* The kind of 4 tag bytes, or -1 for an unknown chunk. */
int jom_kind_of_tag(const uint8_t tag[4]);
/* Tag bytes as text: printable ASCII kept, other bytes as '?'. */
void jom_tag_text(const uint8_t tag[4], char out[5]);

/* A name (at most `max` bytes, stops at the first zero) as printable text:
   printable ASCII is kept, other bytes become \xHH and a backslash \\.
   `out` needs 4 * max + 1 bytes; JOM_NAME_TEXT_SIZE fits a char[16]. */
#define JOM_NAME_TEXT_SIZE (4u * JOM_NAME_SIZE + 1u)
void jom_name_text(const char *name, size_t max, char *out, size_t out_size);

/* Saturating arithmetic for sizes computed from untrusted counts. */
uint64_t jom_add(uint64_t a, uint64_t b);
uint64_t jom_mul(uint64_t a, uint64_t b);
static inline uint64_t jom_pad4(uint64_t n) { return n >= UINT64_MAX - 3 ? UINT64_MAX : (n + 3) & ~(uint64_t)3; }

/* Data size of a chunk of `count` records of `record` bytes: the count,
   the records, and 2 bytes of padding for an odd count of 2-byte records. */
uint64_t jom_records_size(uint64_t count, uint32_t record);
/* Size of one animation key for `bones` bones: root fixed[3], 3 angles per
   bone, 2 bytes of padding when `bones` is odd. */
uint64_t jom_key_size(uint64_t bones);
/* Pixel bytes of an embedded texture (without the padding to 4), 0 for an
   unknown format. */
uint64_t jom_texture_pixel_size(uint32_t width, uint32_t height, uint32_t format);
/* Size of a TIMG entry in the file: header, pixels, padding to 4. */
uint64_t jom_texture_entry_size(uint64_t pixel_size);

/* Where each chunk goes when the writer writes `m`. Sizes saturate at
   UINT64_MAX for absurd in-memory counts (the validator refuses files
   over 4 GiB, so the writer never sees such a layout). */
typedef struct jom_layout {
    bool present[JOM_KIND_COUNT];
    uint64_t offset[JOM_KIND_COUNT];   /* of the chunk header */
    uint64_t size[JOM_KIND_COUNT];     /* of the chunk data */
    uint64_t total;                    /* file size */
} jom_layout;

void jom_layout_compute(const rm_jom_model *m, jom_layout *l);

/* State of a check: where messages go and what is known about each chunk. */
typedef struct jom_check {
    rm_diag *diag;
    const char *file;
    size_t errors;                     /* errors reported through this check */
    bool from_file;                    /* reader: also look at the bytes after names */
    bool present[JOM_KIND_COUNT];      /* the chunk is in the file / model */
    bool usable[JOM_KIND_COUNT];       /* present, and its records can be trusted */
    uint64_t offset[JOM_KIND_COUNT];   /* header offset of each present chunk */
} jom_check;

void jom_check_init(jom_check *c, rm_diag *diag, const char *file);

/* "FILE: chunk QUAD at 0x1c4: MESSAGE" (kind JOM_HEADER: "FILE: header at
   0x0: ..."). Warnings and notes say so after the location. */
void jom_report(jom_check *c, rm_severity sev, int kind, uint64_t offset, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The same with a free label ("chunk header", "chunk XYZW"). */
void jom_report_label(jom_check *c, rm_severity sev, const char *label, uint64_t offset,
                      const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Offset of record `index` of a chunk of fixed-size records. */
static inline uint64_t jom_record_offset(const jom_check *c, int kind, uint64_t index, uint32_t record)
{
    return c->offset[kind] + JOM_CHUNK_HEADER_SIZE + JOM_COUNT_SIZE + index * record;
}

/* Checks a name field: zero-terminated within 16 bytes (error); from a
   file, the bytes after the terminator should be zero too (warning).
   `what` and `index` name the record ("material", 3). Returns false on
   error. */
bool jom_check_name(jom_check *c, int kind, uint64_t offset, const char name[16],
                    const char *what, uint32_t index);

/* Checks the header of a TIMG entry (name, width, height, format,
   reserved) at `offset`. Returns false when the size of its pixels cannot
   be known (a reader must stop reading the chunk there). */
bool jom_check_texture_header(jom_check *c, const rm_jom_texture *t, uint32_t index, uint64_t offset);

/* The rules on the content, shared by the reader and rm_jom_validate():
   counts <= 65535, every index < its count, names, group ranges, bones,
   animation records, TIMG against TEXT. Only chunks marked usable are
   looked at, so a reader can run it on a partly read file. */
void jom_check_content(jom_check *c, const rm_jom_model *m);

/* Shared between the printers. */
const char *jom_texture_format_name(uint32_t format);
/* Duration of an animation in ticks (see docs/jom.md): a loop comes back to
   its first key after key_count steps, other animations stop on their last
   key after key_count - 1 steps. */
uint32_t jom_animation_duration(const rm_jom_animation *a);
/* jo_angle (0x10000 = 360 degrees) in degrees. */
static inline double jom_angle_degrees(int16_t a) { return (double)a * 360.0 / 65536.0; }
/* Flags by name: "dual_plane|sort_min|gouraud|user(3)". Both sort bits are
   one mode, sort_previous; engine bits without a name show as bit(N); no
   bit at all is "none". JOM_FLAGS_TEXT_SIZE bytes fit every flag. */
#define JOM_FLAGS_TEXT_SIZE 512u
void jom_flags_text(uint32_t flags, char *out, size_t size);
/* One MATL, GRUP or BONE record (records.c): the reader and the runtime's
   in-place models decode them with these, so the layouts live in one place. */
void jom_decode_material(rm_reader *rd, rm_jom_material *out);
void jom_decode_group(rm_reader *rd, rm_jom_group *out);
void jom_decode_bone(rm_reader *rd, rm_jom_bone *out);

/* ---- The view: a validated file read in place (view.c) ----

   jom_view_open() makes one pass over the bytes that checks every rule
   rm_jom_read() checks, with the same messages in the same order, but keeps
   only where each chunk is and its count: no record is copied, nothing is
   allocated per record (the records are read from the bytes, big endian,
   when asked). rm_jom_read() is the view followed by the copies; the
   runtime's in-place models use the view alone.

   Usage:
     jom_view v;
     if (jom_view_open(&v, data, size, "ROBOT.JOM", diag) == RM_OK) {
         for (uint32_t i = 0; i < v.count[JOM_QUAD]; i++) {
             rm_jom_polygon p;
             jom_view_polygon(&v, i, &p);
             ...
         }
     }
   The bytes must outlive the view; there is nothing to free. On RM_OK every
   accessor below is safe for an index below its count (the rules were
   checked); the accessors do no checks of their own. On another status the
   view must not be used. */
typedef struct jom_view {
    const uint8_t *data;
    size_t size;                        /* the file size (<= UINT32_MAX once open) */
    uint16_t version;
    rm_vec3x center;
    rm_fixed radius;
    bool present[JOM_KIND_COUNT];       /* the file has the chunk (the first of its kind) */
    uint32_t offset[JOM_KIND_COUNT];    /* of its chunk header */
    uint32_t size_of[JOM_KIND_COUNT];   /* of its data */
    uint32_t count[JOM_KIND_COUNT];     /* its count field; 0 for an absent chunk and END.
                                           QMAT: polygons, CNRM and GOUR: 4 x polygons */
    size_t chunk_count;                 /* every chunk of the file, unknown ones too */
} jom_view;

rm_status jom_view_open(jom_view *v, const uint8_t *data, size_t size, const char *filename,
                        rm_diag *diag);

/* The first record of a chunk (just after its count). */
static inline const uint8_t *jom_view_records(const jom_view *v, int kind)
{
    return v->data + v->offset[kind] + JOM_CHUNK_HEADER_SIZE + JOM_COUNT_SIZE;
}
/* Two's complement spelled out (no implementation-defined conversion). */
static inline int32_t jom_be_i32(const uint8_t *p)
{
    uint32_t u = rm_be32(p);
    return u < 0x80000000u ? (int32_t)u : (int32_t)((int64_t)u - 0x100000000LL);
}
static inline int16_t jom_be_i16(const uint8_t *p)
{
    uint16_t u = rm_be16(p);
    return u < 0x8000u ? (int16_t)u : (int16_t)((int32_t)u - 0x10000);
}
static inline rm_vec3x jom_be_vec(const uint8_t *p)
{
    rm_vec3x v = {jom_be_i32(p), jom_be_i32(p + 4), jom_be_i32(p + 8)};
    return v;
}
/* Record i of PNTS, NTAB or VCOL (fixed[3]). */
static inline rm_vec3x jom_view_vec(const jom_view *v, int kind, uint32_t i)
{
    return jom_be_vec(jom_view_records(v, kind) + (size_t)i * JOM_POINT_SIZE);
}
/* Entry i of QMAT, CNRM or GOUR. */
static inline uint16_t jom_view_u16(const jom_view *v, int kind, uint32_t i)
{
    return rm_be16(jom_view_records(v, kind) + (size_t)i * JOM_U16_SIZE);
}
void jom_view_polygon(const jom_view *v, uint32_t i, rm_jom_polygon *out);
void jom_view_material(const jom_view *v, uint32_t i, rm_jom_material *out);
/* TEXT name i: its 16 bytes in the file (zero-terminated in a valid file). */
static inline const char *jom_view_texture_name(const jom_view *v, uint32_t i)
{
    return (const char *)jom_view_records(v, JOM_TEXT) + (size_t)i * JOM_NAME_SIZE;
}
void jom_view_group(const jom_view *v, uint32_t i, rm_jom_group *out);
void jom_view_bone(const jom_view *v, uint32_t i, rm_jom_bone *out);
/* ANIM record i; out->keys is NULL (jom_view_key reads them). */
void jom_view_animation(const jom_view *v, uint32_t i, rm_jom_animation *out);
/* Key k of animation i (its bones: count[JOM_BONE], at most 32). */
void jom_view_key(const jom_view *v, uint32_t i, uint32_t k, rm_jom_key *out);
/* TIMG entries one after the other: *at starts at 0; each call fills the
   header fields of *out (out->pixels NULL, out->pixel_size set), points
   *pixels at the pixel bytes in the file and moves *at to the next entry.
   false after the last one. */
bool jom_view_next_texture(const jom_view *v, uint64_t *at, rm_jom_texture *out,
                           const uint8_t **pixels);
/* The chunks in file order, unknown ones too: *at starts at 0; false after
   END. */
bool jom_view_next_chunk(const jom_view *v, uint64_t *at, rm_jom_chunk_info *out);

/* rm_jom_read() that also hands back the view it validated with (the CD
   context keeps both: the copies and the in-place model over the bytes).
   *view is usable only when RM_OK. */
rm_status jom_read_view(const uint8_t *data, size_t size, const char *filename, rm_jom_model *out,
                        jom_view *view, rm_diag *diag);

/* The content rules (jom_check_content) on the records of a view, read in
   place. The view's reader (view.c) runs it. */
void jom_check_content_view(jom_check *c, const jom_view *v);

/* FNV-1a 32 of some bytes: a short fingerprint of texture pixels. */
uint32_t jom_fnv1a(const uint8_t *p, size_t n);

#endif
