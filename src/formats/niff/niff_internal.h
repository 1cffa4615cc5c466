/* src/formats/niff/niff_internal.h - the reader's schema table and the
   helpers its files share (internal).

   One schema row per element kind (schema.c) says how many fixed words the
   kind has, which word is its size, header size, extension-block sizes,
   which words are counts of which arrays, which words and arrays are links
   to which list, and how its body is laid out. The reader (read_*.c), the
   link checker (links.c) and the printers' field names all come from it. */
#ifndef RM_NIFF_INTERNAL_H
#define RM_NIFF_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/bytes.h"
#include "retromesh/niff.h"

#define NIFF_NONE 0xffu     /* "no such word" in a schema byte */

/* How an element's body (after its fixed words) is laid out. */
enum niff_body {
    NB_ARRAYS = 0,  /* count-sized arrays, then NEB, UEB */
    NB_TRI_GROUP,   /* six Reference*Data areas, then tri_num Tri areas */
    NB_TEX,         /* TexDataArea of tex_data_area_size bytes, NEB, UEB */
    NB_TEX_IMG,     /* texels up to size - NEB - UEB, then NEB, UEB */
    NB_NAME,        /* text up to the element's size */
    NB_SUBS_ANIM,   /* anim_num Anim areas (kind by tag), NEB, UEB */
    NB_SUBS_LIGHT,  /* dir_light_num DirLights (kind by tag), NEB, UEB */
    NB_COLL_GROUP,  /* coll_num_byte[] then the Colls through it, NEB, UEB */
    NB_COLL,        /* one CollData (kind by coll_type), no extension blocks */
    NB_ENVELOPE,    /* FullWeightedPart / other parts by their size, NEB, UEB */
    NB_CLUSTER_SHAPE, /* cluster_num Clusters then cluster_tri_num ClusterTris */
    NB_RAW          /* (tag, index, size) then raw bytes to size */
};

/* Link targets: a list, or one of the two index spaces of Color/Vector. */
enum niff_target {
    T_NONE = 0, T_OBJ, T_SHAPE, T_MAT, T_ANIM, T_COLL, T_ENV, T_CAM, T_LIGHT,
    T_TEX, T_TEX_IMG, T_PART, T_TRI, T_NAME, T_EXT_NAME, T_VTX, T_TRI_COLOR,
    T_VTX_COLOR, T_TRI_NV, T_VTX_NV, T_ST, T_CHAIN_ROOT, T_JOINT, T_EFFECTOR,
    T_WEIGHT, T_SWITCH, T_CI_IMG, T_COLOR_PALETTE, T_ENVELOPE, T_CLUSTER,
    T_COUNT
};

/* What a link may hold besides an index of its target. */
#define LF_NOLINK  0x01u    /* 0xffffffff */
#define LF_SWITCH  0x02u    /* 0x80000000 | N, N < switch count */
#define LF_USE_SHAPE_MAT 0x04u /* exactly 0x80000000 */
#define LF_ZERO_EMPTY 0x08u /* 0 accepted when the target is empty (unused data, spec §10 item 25) */
#define LF_V1_ONLY 0x10u    /* checked in NIFF 1.0 files only (Part.tri_group_index) */

typedef struct niff_link {
    uint8_t at;         /* word index, or array index when `array` */
    uint8_t array;
    uint8_t target;     /* enum niff_target */
    uint8_t flags;      /* LF_* */
} niff_link;

typedef struct niff_schema {
    rm_niff_kind_info info;
    uint8_t size_word;      /* word holding the element's byte size */
    uint8_t header_word;    /* word holding *_header_size, or NIFF_NONE */
    uint8_t neb_word, ueb_word; /* extension-block size words, or NIFF_NONE */
    uint8_t name_word;      /* *_name_index word, or NIFF_NONE */
    uint8_t body;           /* enum niff_body */
    uint32_t expect_header; /* the header size writers use (0: not checked) */
    uint8_t array_count_word[RM_NIFF_MAX_ARRAYS]; /* count word of each array */
    uint8_t array_mult[RM_NIFF_MAX_ARRAYS];       /* words per counted item */
    const niff_link *links;
    uint32_t link_count;
} niff_schema;

typedef struct niff_list_info {
    const char *name;       /* "ObjList" */
    uint32_t tag;
    uint32_t kind;          /* element kind (Color/Vector: the Tri* kind; then +1) */
    const char *noun;       /* "objs" (in "ObjList has 4 objs") */
    const char *noun2;      /* Color/Vector second space: "vtx color groups" */
    const char *size_field; /* "obj_list_num_byte" */
    uint8_t header_word;    /* FileHeader word (or 2.0 NEB word) of its size */
    bool v2;                /* size in the FileHeader's 2.0 NEB */
} niff_list_info;

const niff_schema *niff_schema_of(uint32_t kind);
const niff_list_info *niff_list_info_of(uint32_t list);
/* The list whose tag is `tag`, or RM_NIFF_LIST_COUNT. */
uint32_t niff_list_by_tag(uint32_t tag);

/* Reading context shared by the read_*.c and links.c files. */
typedef struct niff_ctx {
    rm_niff_file *f;
    const uint8_t *d;       /* == f->data */
    size_t n;               /* bytes that belong to the file (min(size, file_size)) */
    const char *file;
    rm_diag *diag;
    size_t errors;
    bool nomem;
    bool walk_complete;     /* every list found and located: links can be checked */
    bool check_only;        /* Tris validated, not kept (rm_niff_read_options) */
    uint64_t warned[4];     /* warn-once bits (niff_warn_once) */
} niff_ctx;

/* Where an element sits, for messages ("tri group 2 tri 5"), kept as parts
   and formatted only when a message is emitted: a big file has one per Tri,
   and building each text eagerly was most of a clean read's work. `up` is
   the enclosing element's label (NULL at the top); index NIFF_NO_INDEX
   prints the noun alone ("header", "scene"). */
#define NIFF_NO_INDEX UINT32_MAX
typedef struct niff_label {
    const struct niff_label *up;
    const char *noun;
    uint32_t index;
} niff_label;

/* The label's text ("tri group 2 tri 5"), cut to n - 1 bytes. */
void niff_label_text(const niff_label *l, char *buf, size_t n);

void niff_error(niff_ctx *c, const char *where, const char *what, uint32_t at, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* niff_error / niff_warn_once with a lazy label (formatted only here). */
void niff_error_l(niff_ctx *c, const char *where, const niff_label *what, uint32_t at, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void niff_warn_once_l(niff_ctx *c, unsigned topic, const char *where, const niff_label *what, uint32_t at,
                      const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* A warning given once per `topic` (0..255) per read. */
void niff_warn_once(niff_ctx *c, unsigned topic, const char *where, const char *what, uint32_t at,
                    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Warn-once topics. */
enum {
    W_HEADER_SIZE = 0,      /* + kind: a *_header_size that is not the usual value */
    W_TAIL = 64,            /* + kind: bytes after the known fields */
    W_LIST_HEADER_SIZE = 128, /* + list */
    W_LIST_TAIL = 160,      /* + list */
    W_MISC = 192            /* + n: one-off topics (see read_*.c) */
};

static inline uint32_t niff_u32(const niff_ctx *c, size_t off)
{
    return rm_be32(c->d + off);
}

/* Parses one element of `kind` at `off` with `avail` bytes at most (its
   extent is its own size field, which must fit in avail). `where`/`label`
   name it in messages ("ObjList", "obj 3"). Returns false after an error. */
bool niff_parse_elem(niff_ctx *c, uint32_t kind, uint32_t off, uint32_t avail, const char *where,
                     const niff_label *label, rm_niff_elem *e);
void niff_elem_free(rm_niff_elem *e);

/* Parses the list `list` at `off` (its size already bounded by the file). */
bool niff_parse_list(niff_ctx *c, uint32_t list, uint32_t off, rm_niff_list *l);
void niff_list_free(rm_niff_list *l);

/* File offset of the first Tri of TriGroup `tg` (after its fixed words and
   Reference*Data): in a check_only read, the Tris are walked from there
   through their validated size fields. */
uint32_t niff_first_tri(const rm_niff_elem *tg);

/* Checks every link of the parsed model; errors into c. */
void niff_check_links(niff_ctx *c);
/* Builds the typed views; false when out of memory. */
bool niff_build_typed(niff_ctx *c);
void niff_free_typed(rm_niff_file *f);

/* Where a link sits, for messages: "ObjList" "obj 3" at 0x1a4. The label
   is the text `label`, or the lazy `lab` when that is set. */
typedef struct niff_where {
    const char *list;
    const char *label;
    uint32_t at;
    const niff_label *lab;
} niff_where;

/* niff_error at w (its list, its label). */
void niff_error_w(niff_ctx *c, const niff_where *w, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Checks one link value `v` of `field` against `target` (enum niff_target)
   with LF_* `flags`; reports and returns false when it is out of range. */
bool niff_check_link(niff_ctx *c, const niff_where *w, const char *field, uint32_t v, uint32_t target,
                     uint32_t flags);
/* Records (vertices, colours...) of group `g` of a data target (T_VTX,
   T_TRI_COLOR, ...); false when g is not a group that was read. */
bool niff_group_num(const rm_niff_file *f, uint32_t target, uint32_t g, uint32_t *num);
/* The link target (T_*) of list RM_NIFF_LIST_* (Color/Vector: their first
   index space), T_NONE for the SceneList. */
uint32_t niff_target_of_list(uint32_t list);
/* Bytes the channel arrays of an AnimGroup 2.0 NEB `d` (at least 36 bytes)
   need after its 148-byte fixed part (typed.c). */
uint64_t niff_anim_channel_bytes(const uint8_t *d);
/* 2.0 NEB and cluster checks (links_neb.c), called by niff_check_links:
   AnimGroup channels and constraint links, Mat NEB arrays, Cluster and
   FullWeightedPart transform nodes, ClusterTri indices, Part tri_index
   of ClusterShape/Envelope geometry. */
void niff_check_neb_links(niff_ctx *c);

/* Number of elements a link target holds, and its noun for messages. */
uint32_t niff_target_count(const rm_niff_file *f, uint32_t target);
const char *niff_target_noun(uint32_t target);
const char *niff_target_list(uint32_t target);

#endif
