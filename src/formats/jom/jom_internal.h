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

/* FNV-1a 32 of some bytes: a short fingerprint of texture pixels. */
uint32_t jom_fnv1a(const uint8_t *p, size_t n);

#endif
