/* retromesh/niff.h - NIFF, the Nintendo 64 SDK's intermediate 3D file
   format (NIFF 1.0 and the 2.0 additions): an open reader and validator,
   geometry out to the neutral mesh, and writers.

   Reading (and checking) a file:
     uint8_t *bytes; size_t size;
     rm_file_read("ROBOT.NIF", &bytes, &size, &diag);
     rm_niff_file f;
     if (rm_niff_read(bytes, size, "ROBOT.NIF", &f, &diag) == RM_OK) {
         for (uint32_t i = 0; i < f.obj_count; i++) {
             const rm_niff_obj *o = &f.objs[i];
             printf("%s shape %u\n", rm_niff_name(&f, o->name_index), o->shape_link);
         }
         uint8_t *out; size_t out_size;
         if (rm_niff_write(&f, &out, &out_size, &diag) == RM_OK)
             free(out);                                // the same bytes again
         rm_niff_free(&f);
     }
     free(bytes);   // the model keeps its own copy

   The model is cgltf-like plain structs. Every list (rm_niff_list, indexed
   by RM_NIFF_LIST_* in physical order) holds its elements generically
   (rm_niff_elem: fixed words as u32 bit patterns, count-sized arrays,
   sub-elements such as Tri or Anim, extension blocks as raw bytes); that is
   what rm_niff_write serialises. Typed views (rm_niff_obj, rm_niff_shape,
   rm_niff_tri_group, ...) are decoded from it for the geometry path and the
   printers. The reader walks the file as spec §9 says: each list by its tag
   in the documented order, each element through its list's size array, tags
   and this_*_index checked, every count checked against the bytes before any
   allocation, every link checked against its target list (NOLINK, Switch
   references 0x80000000|N, USE_SHAPE_MAT, OBJ_LOD_DIST_MAX accepted).
   Errors read "FILE: ObjList obj 3 at 0x1a4: obj_shape_link 9 but ShapeList
   has 4 shapes"; all of them are reported, then RM_INVALID.

   Ownership: rm_niff_file owns every array and a copy of the input bytes
   (rm_niff_bytes point into that copy); rm_niff_free releases all.

   Writing a mesh as NIFF 2.0:
     uint8_t *bytes; size_t size;
     if (rm_niff_write_mesh(&mesh, NULL, &bytes, &size, &diag) == RM_OK) {
         rm_file_write_atomic("ROBOT.NIF", bytes, size, &diag);
         free(bytes);
     }

   Spec: ../shared/spec/niff.md; choices where it is unsure: docs/niff.md. */
#ifndef RETROMESH_NIFF_H
#define RETROMESH_NIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===== Reader: the file model (section owned by the reader) ============ */

/* Limits of the generic element (every kind of the spec fits in them). */
#define RM_NIFF_MAX_WORDS  32u  /* fixed words of one element (Mat has 26) */
#define RM_NIFF_MAX_ARRAYS 8u   /* count-sized arrays of one element */

/* Lists, numbered in the file's physical order (spec §3.1). The SceneList
   is list 0; the FileHeader is not a list. 19 lists in NIFF 1.0, 28 in 2.0. */
enum {
    RM_NIFF_LIST_SCENE = 0, RM_NIFF_LIST_ENV, RM_NIFF_LIST_CAM, RM_NIFF_LIST_LIGHT,
    RM_NIFF_LIST_OBJ, RM_NIFF_LIST_SHAPE, RM_NIFF_LIST_VTX, RM_NIFF_LIST_TRI,
    RM_NIFF_LIST_COLOR, RM_NIFF_LIST_VECTOR, RM_NIFF_LIST_ST, RM_NIFF_LIST_PART,
    RM_NIFF_LIST_MAT, RM_NIFF_LIST_TEX, RM_NIFF_LIST_TEX_IMG, RM_NIFF_LIST_ANIM,
    RM_NIFF_LIST_COLL, RM_NIFF_LIST_SWITCH, RM_NIFF_LIST_NAME,
    RM_NIFF_LIST_CI_IMG, RM_NIFF_LIST_COLOR_PALETTE, RM_NIFF_LIST_ENVELOPE,
    RM_NIFF_LIST_CLUSTER, RM_NIFF_LIST_WEIGHT, RM_NIFF_LIST_CHAIN_ROOT,
    RM_NIFF_LIST_JOINT, RM_NIFF_LIST_EFFECTOR, RM_NIFF_LIST_EXTERNAL_NAME,
    RM_NIFF_LIST_COUNT,                 /* 28 */
    RM_NIFF_LIST_COUNT_V1 = RM_NIFF_LIST_CI_IMG  /* 19 */
};

/* Element kinds: one schema row each (rm_niff_kind_info). */
enum {
    RM_NIFF_KIND_SCENE = 0, RM_NIFF_KIND_ENV, RM_NIFF_KIND_CAM, RM_NIFF_KIND_LIGHT,
    RM_NIFF_KIND_DIR_LIGHT_DIRECTION, RM_NIFF_KIND_DIR_LIGHT_POSITION,
    RM_NIFF_KIND_OBJ, RM_NIFF_KIND_SHAPE, RM_NIFF_KIND_VTX_GROUP, RM_NIFF_KIND_TRI_GROUP,
    RM_NIFF_KIND_TRI, RM_NIFF_KIND_TRI_COLOR_GROUP, RM_NIFF_KIND_VTX_COLOR_GROUP,
    RM_NIFF_KIND_TRI_NV_GROUP, RM_NIFF_KIND_VTX_NV_GROUP, RM_NIFF_KIND_ST_GROUP,
    RM_NIFF_KIND_PART, RM_NIFF_KIND_MAT, RM_NIFF_KIND_TEX, RM_NIFF_KIND_TEX_IMG,
    RM_NIFF_KIND_ANIM_GROUP, RM_NIFF_KIND_ANIM_STATIC, RM_NIFF_KIND_ANIM_FULL,
    RM_NIFF_KIND_ANIM_KEY, RM_NIFF_KIND_ANIM_BILLBOARD_OBJ,
    RM_NIFF_KIND_COLL_GROUP, RM_NIFF_KIND_COLL, RM_NIFF_KIND_COLL_DATA_TERRAIN,
    RM_NIFF_KIND_COLL_DATA_POINT, RM_NIFF_KIND_COLL_DATA_CIRCLE,
    RM_NIFF_KIND_COLL_DATA_SPHERE, RM_NIFF_KIND_COLL_DATA_CYLINDER,
    RM_NIFF_KIND_COLL_DATA_BOX, RM_NIFF_KIND_SWITCH, RM_NIFF_KIND_NAME,
    RM_NIFF_KIND_CI_IMG, RM_NIFF_KIND_COLOR_PALETTE, RM_NIFF_KIND_ENVELOPE,
    RM_NIFF_KIND_FULL_WEIGHTED_PART, RM_NIFF_KIND_ENVELOPE_PART, /* any other part: raw body */
    RM_NIFF_KIND_CLUSTER_SHAPE, RM_NIFF_KIND_CLUSTER, RM_NIFF_KIND_CLUSTER_TRI,
    RM_NIFF_KIND_WEIGHT_GROUP, RM_NIFF_KIND_CHAIN_ROOT, RM_NIFF_KIND_JOINT,
    RM_NIFF_KIND_EFFECTOR, RM_NIFF_KIND_EXTERNAL_NAME,
    RM_NIFF_KIND_RAW,       /* a sub-element of unknown tag: (tag, index, size) + raw body */
    RM_NIFF_KIND_COUNT
};

/* Tags (spec §4). */
#define RM_NIFF_TAG_HEADER               0x00000000u
#define RM_NIFF_TAG_SCENE_HEADER         0x00010000u
#define RM_NIFF_TAG_OBJ_LIST             0x00020000u
#define RM_NIFF_TAG_OBJ                  0x00020100u
#define RM_NIFF_TAG_SHAPE_LIST           0x00030000u
#define RM_NIFF_TAG_SHAPE                0x00030100u
#define RM_NIFF_TAG_VTX_LIST             0x00040000u
#define RM_NIFF_TAG_VTX_GROUP            0x00040100u
#define RM_NIFF_TAG_COLOR_LIST           0x00050000u
#define RM_NIFF_TAG_TRI_COLOR_GROUP      0x00050100u
#define RM_NIFF_TAG_VTX_COLOR_GROUP      0x00050200u
#define RM_NIFF_TAG_VECTOR_LIST          0x00060000u
#define RM_NIFF_TAG_TRI_NV_GROUP         0x00060100u
#define RM_NIFF_TAG_VTX_NV_GROUP         0x00060200u
#define RM_NIFF_TAG_ST_LIST              0x00070000u
#define RM_NIFF_TAG_ST_GROUP             0x00070100u
#define RM_NIFF_TAG_TRI_LIST             0x00080000u
#define RM_NIFF_TAG_TRI_GROUP            0x00080100u
#define RM_NIFF_TAG_TRI                  0x00080101u
#define RM_NIFF_TAG_PART_LIST            0x00090000u
#define RM_NIFF_TAG_PART                 0x00090100u
#define RM_NIFF_TAG_MAT_LIST             0x000a0000u
#define RM_NIFF_TAG_MAT                  0x000a0100u
#define RM_NIFF_TAG_TEX_LIST             0x000b0000u
#define RM_NIFF_TAG_TEX                  0x000b0100u
#define RM_NIFF_TAG_ANIM_LIST            0x000c0000u
#define RM_NIFF_TAG_ANIM_GROUP           0x000c0100u
#define RM_NIFF_TAG_ANIM_STATIC          0x000c0101u
#define RM_NIFF_TAG_ANIM_CONST           0x000c0102u
#define RM_NIFF_TAG_ANIM_FULL            0x000c0103u
#define RM_NIFF_TAG_ANIM_KEY             0x000c0104u
#define RM_NIFF_TAG_ANIM_BILLBOARD_OBJ   0x000c0105u
#define RM_NIFF_TAG_COLL_LIST            0x000d0000u
#define RM_NIFF_TAG_COLL_GROUP           0x000d1000u  /* sic (spec §10 item 10) */
#define RM_NIFF_TAG_COLL                 0x000d0100u
#define RM_NIFF_TAG_COLL_DATA_TERRAIN    0x000d0101u
#define RM_NIFF_TAG_COLL_DATA_POINT      0x000d0102u
#define RM_NIFF_TAG_COLL_DATA_CIRCLE     0x000d0103u
#define RM_NIFF_TAG_COLL_DATA_SPHERE     0x000d0104u
#define RM_NIFF_TAG_COLL_DATA_CYLINDER   0x000d0105u
#define RM_NIFF_TAG_COLL_DATA_BOX        0x000d0106u
#define RM_NIFF_TAG_CAM_LIST             0x000e0000u
#define RM_NIFF_TAG_CAM                  0x000e0100u
#define RM_NIFF_TAG_LIGHT_LIST           0x000f0000u
#define RM_NIFF_TAG_LIGHT                0x000f0100u
#define RM_NIFF_TAG_DIR_LIGHT_DIRECTION  0x000f0101u
#define RM_NIFF_TAG_DIR_LIGHT_POSITION   0x000f0102u
#define RM_NIFF_TAG_ENV_LIST             0x00100000u
#define RM_NIFF_TAG_ENV                  0x00100100u
#define RM_NIFF_TAG_NAME_LIST            0x00110000u
#define RM_NIFF_TAG_NAME                 0x00110100u
#define RM_NIFF_TAG_TEX_IMG_LIST         0x00120000u
#define RM_NIFF_TAG_TEX_IMG              0x00120100u
#define RM_NIFF_TAG_SWITCH_LIST          0x00130000u
#define RM_NIFF_TAG_SWITCH               0x00130100u
#define RM_NIFF_TAG_CI_IMG_LIST          0x00200000u
#define RM_NIFF_TAG_CI_IMG               0x00200100u
#define RM_NIFF_TAG_COLOR_PALETTE_LIST   0x00210000u
#define RM_NIFF_TAG_COLOR_PALETTE        0x00210100u
#define RM_NIFF_TAG_ENVELOPE_LIST        0x00220000u
#define RM_NIFF_TAG_ENVELOPE             0x00220100u
#define RM_NIFF_TAG_FULL_WEIGHTED_PART   0x00220110u
#define RM_NIFF_TAG_WEIGHT_LIST          0x00230000u
#define RM_NIFF_TAG_WEIGHT_GROUP         0x00230100u
#define RM_NIFF_TAG_CHAIN_ROOT_LIST      0x00240000u
#define RM_NIFF_TAG_CHAIN_ROOT           0x00240100u
#define RM_NIFF_TAG_JOINT_LIST           0x00250000u
#define RM_NIFF_TAG_JOINT                0x00250100u
#define RM_NIFF_TAG_EFFECTOR_LIST        0x00260000u
#define RM_NIFF_TAG_EFFECTOR             0x00260100u
#define RM_NIFF_TAG_EXTERNAL_NAME_LIST   0x00270000u
#define RM_NIFF_TAG_EXTERNAL_NAME        0x00270100u
#define RM_NIFF_TAG_CLUSTER_LIST         0x00280000u
#define RM_NIFF_TAG_CLUSTER_SHAPE        0x00280100u
#define RM_NIFF_TAG_CLUSTER              0x00280110u

/* Versions: the low half of the FileHeader's version word. */
#define RM_NIFF_VERSION_1_0              0x0100u
#define RM_NIFF_VERSION_2_0              0x0200u

/* Sentinels (spec §2.3, §2.4). */
#define RM_NIFF_NOLINK                   0xffffffffu  /* OBJ_NO_PARENT, OBJ_NOSHAPE, ..._NOLINK */
#define RM_NIFF_SWITCH_BIT               0x80000000u  /* link = RM_NIFF_SWITCH_BIT | switch index */
#define RM_NIFF_USE_SHAPE_MAT            0x80000000u  /* Part.mat_index only (spec §10 item 27) */
#define RM_NIFF_OBJ_LOD_DIST_MAX         0xffffffffu  /* bit pattern of an Obj LOD distance */
#define RM_NIFF_NINTENDO_EXT_BLOCK_NONE  0x00000000u

#define RM_NIFF_OBJ_STATE_CLEAR          0x00000000u
#define RM_NIFF_OBJ_STATE_ACTIVE         0x00000001u
#define RM_NIFF_OBJ_TYPE_NULL            0x00000000u
#define RM_NIFF_OBJ_TYPE_3D              0x00000001u
#define RM_NIFF_OBJ_TYPE_BILLBOARD       0x00000002u
#define RM_NIFF_OBJ_GROUP_NONE           0x00000000u
#define RM_NIFF_OBJ_PRI_NONE             0x00000000u
#define RM_NIFF_OBJ_RENDER_CYC_1CYC      0x00000000u
#define RM_NIFF_OBJ_RENDER_CYC_2CYC      0x00000001u
#define RM_NIFF_OBJ_RENDER_FLAG_NIFF     0x00u   /* top byte of obj_render_pri */
#define RM_NIFF_OBJ_RENDER_FLAG_N64      0x01u   /* NIFF 1.0 only */
#define RM_NIFF_OBJ_RENDER_FLAG_N64GBI   0x04u   /* NIFF 2.0 */
#define RM_NIFF_OBJ_RENDER_NIFF_OPA_SURF  0x00d00000u
#define RM_NIFF_OBJ_RENDER_NIFF_OPA_INTER 0x00b00000u
#define RM_NIFF_OBJ_RENDER_NIFF_OPA_DECAL 0x00900000u
#define RM_NIFF_OBJ_RENDER_NIFF_TEX_EDGE  0x00700000u
#define RM_NIFF_OBJ_RENDER_NIFF_XLU_SURF  0x00500000u
#define RM_NIFF_OBJ_RENDER_NIFF_XLU_INTER 0x00300000u
#define RM_NIFF_OBJ_RENDER_NIFF_XLU_DECAL 0x00100000u
#define RM_NIFF_NO_LINK_BILLBOARD        0x00000000u
#define RM_NIFF_ANY_LINK_BILLBOARD       0x00000001u
#define RM_NIFF_OBJ_NOLOD                0x00000000u
#define RM_NIFF_OBJ_NOCHILD              0x00000000u
#define RM_NIFF_OBJ_CHILD_MAX            32u

#define RM_NIFF_SHAPE_TYPE_CLEAR         0x00000000u
#define RM_NIFF_SHAPE_TYPE_AA            0x00000001u
#define RM_NIFF_SHAPE_TYPE_RA            0x00000002u
#define RM_NIFF_SHAPE_TYPE_ZB            0x00000004u
#define RM_NIFF_SHAPE_TYPE_CULL_BACK     0x00000010u
#define RM_NIFF_SHAPE_TYPE_CULL_FRONT    0x00000020u
#define RM_NIFF_SHAPE_TYPE_CULL_BOTH     0x00000030u
#define RM_NIFF_SHAPE_TYPE_USE_VTX_ALPHA_FOR_FOG 0x00000100u

/* tri_anim_type: one 4-bit field per data kind, 0 none, 1 FULL, 2 KEY.
   RM_NIFF_TRI_ANIM_FORM(type, ref) gives the field of Reference*Data `ref`
   (RM_NIFF_REF_*). */
#define RM_NIFF_TRI_ANIM_NONE            0x00000000u
#define RM_NIFF_TRI_ANIM_FULL            1u
#define RM_NIFF_TRI_ANIM_KEY             2u
#define RM_NIFF_TRI_ANIM_VTX_FULL        0x00000001u
#define RM_NIFF_TRI_ANIM_VTX_KEY         0x00000002u
#define RM_NIFF_TRI_ANIM_TRI_COLOR_FULL  0x00000010u
#define RM_NIFF_TRI_ANIM_TRI_COLOR_KEY   0x00000020u
#define RM_NIFF_TRI_ANIM_VTX_COLOR_FULL  0x00000100u
#define RM_NIFF_TRI_ANIM_VTX_COLOR_KEY   0x00000200u
#define RM_NIFF_TRI_ANIM_TRI_NV_FULL     0x00001000u
#define RM_NIFF_TRI_ANIM_TRI_NV_KEY      0x00002000u
#define RM_NIFF_TRI_ANIM_VTX_NV_FULL     0x00010000u
#define RM_NIFF_TRI_ANIM_VTX_NV_KEY      0x00020000u
#define RM_NIFF_TRI_ANIM_ST_FULL         0x00100000u
#define RM_NIFF_TRI_ANIM_ST_KEY          0x00200000u
#define RM_NIFF_TRI_ANIM_FORM(type, ref) (((type) >> (4u * (unsigned)(ref))) & 0xfu)
enum { RM_NIFF_REF_VTX = 0, RM_NIFF_REF_TRI_COLOR, RM_NIFF_REF_VTX_COLOR,
       RM_NIFF_REF_TRI_NV, RM_NIFF_REF_VTX_NV, RM_NIFF_REF_ST, RM_NIFF_REF_COUNT };

#define RM_NIFF_MAT_TYPE_NIFF            0x00000000u
#define RM_NIFF_MAT_TYPE_N64             0x01010101u
#define RM_NIFF_MAT_SHADE_LIGHT_OFF      0x00000000u
#define RM_NIFF_MAT_SHADE_LIGHT_LOCAL    0x00000001u
#define RM_NIFF_MAT_SHADE_LIGHT_GLOBAL   0x00000002u
#define RM_NIFF_MAT_SHADE_FLAT           0x00000000u
#define RM_NIFF_MAT_SHADE_SMOOTH         0x00000010u
#define RM_NIFF_MAT_SHADE_USE_HILIGHT    0x00000100u
#define RM_NIFF_MAT_SHADE_USE_REFLECT    0x00000200u
#define RM_NIFF_MAT_CC_NIFF_VTX          0x00000001u
#define RM_NIFF_MAT_CC_NIFF_TRI          0x00000002u
#define RM_NIFF_MAT_CC_NIFF_PRIM         0x00000004u
#define RM_NIFF_MAT_CC_NIFF_TEX0         0x00000008u
#define RM_NIFF_MAT_CC_NIFF_TEX1         0x00000010u
#define RM_NIFF_MAT_CC_NIFF_VTX_ALPHA    0x00010000u
#define RM_NIFF_MAT_CC_NIFF_TRI_ALPHA    0x00020000u
#define RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA   0x00040000u
#define RM_NIFF_MAT_CC_NIFF_TEX0_ALPHA   0x00080000u
#define RM_NIFF_MAT_CC_NIFF_TEX1_ALPHA   0x00100000u
#define RM_NIFF_MAT_CC_NIFF_NONE         0xffffffffu
#define RM_NIFF_MAT_CC_N64_NONE          0xffffffffu

#define RM_NIFF_TEX_FORM_MASK            0x000000ffu
#define RM_NIFF_TEX_FORM_I               0x00u
#define RM_NIFF_TEX_FORM_IA              0x01u
#define RM_NIFF_TEX_FORM_CI              0x02u
#define RM_NIFF_TEX_FORM_YUV             0x03u
#define RM_NIFF_TEX_FORM_RGB             0x04u
#define RM_NIFF_TEX_FORM_RGBA            0x05u
#define RM_NIFF_TEX_DEPTH_MASK           0x00000f00u
#define RM_NIFF_TEX_DEPTH_4              0x000u
#define RM_NIFF_TEX_DEPTH_8              0x100u
#define RM_NIFF_TEX_DEPTH_16             0x200u
#define RM_NIFF_TEX_DEPTH_32             0x400u
#define RM_NIFF_TEX_WRAP_S               0x000u
#define RM_NIFF_TEX_CLAMP_S              0x001u
#define RM_NIFF_TEX_MIRROR_S             0x002u
#define RM_NIFF_TEX_WRAP_T               0x000u
#define RM_NIFF_TEX_CLAMP_T              0x100u
#define RM_NIFF_TEX_MIRROR_T             0x200u
#define RM_NIFF_TEX_ANIM_OFF             0x000u
#define RM_NIFF_TEX_ANIM_FLIPBOOK        0x001u
#define RM_NIFF_TEX_ANIM_FLIPBOOK_KEY    0x002u
#define RM_NIFF_TEX_ANIM_SCROLL_OFFSET   0x010u
#define RM_NIFF_TEX_ANIM_SCROLL_OFFSET_KEY 0x020u
#define RM_NIFF_TEX_ANIM_SCROLL_SCALE    0x100u
#define RM_NIFF_TEX_ANIM_SCROLL_SCALE_KEY 0x200u
#define RM_NIFF_TEX_TILE_SCALE_NONE      0x00000001u

#define RM_NIFF_ANIM_TYPE_STATIC         0u
#define RM_NIFF_ANIM_TYPE_FULL           2u
#define RM_NIFF_ANIM_TYPE_KEY            3u
#define RM_NIFF_ANIM_TYPE_BILLBOARD_OBJ  4u
#define RM_NIFF_ANIM_LOOP_ENDLESS        0u
#define RM_NIFF_ANIM_ROT_ORDER_XYZ       0x00010203u
#define RM_NIFF_ANIM_ROT_ORDER_XZY       0x00010302u
#define RM_NIFF_ANIM_ROT_ORDER_YXZ       0x00020103u
#define RM_NIFF_ANIM_ROT_ORDER_YZX       0x00030102u
#define RM_NIFF_ANIM_ROT_ORDER_ZXY       0x00020301u
#define RM_NIFF_ANIM_ROT_ORDER_ZYX       0x00030201u

#define RM_NIFF_LIGHT_TYPE_DIRECTION     0u
#define RM_NIFF_LIGHT_TYPE_POSITION      1u
#define RM_NIFF_COLL_TYPE_NONE           0x00u
#define RM_NIFF_COLL_TYPE_TERRAIN        0x10u
#define RM_NIFF_COLL_TYPE_POINT          0x20u
#define RM_NIFF_COLL_TYPE_CIRCLE         0x21u
#define RM_NIFF_COLL_TYPE_SPHERE         0x22u
#define RM_NIFF_COLL_TYPE_CYLINDER       0x23u
#define RM_NIFF_COLL_TYPE_BOX            0x24u

/* Raw bytes kept from the file: extension blocks, image data, name text.
   They point into rm_niff_file.data (the reader's own copy of the input),
   so they live as long as the file model. */
typedef struct rm_niff_bytes {
    const uint8_t *data;    /* NULL when size is 0 */
    uint32_t size;
} rm_niff_bytes;

/* A count-sized array of words, as u32 bit patterns (floats too). */
typedef struct rm_niff_array {
    uint32_t *v;            /* owned by the model; NULL when count is 0 */
    uint32_t count;
} rm_niff_array;

/* One element, generically: what rm_niff_write serialises. The bytes of an
   element are, in this order: words[], arrays[0..array_count) one after the
   other, data, subs[] (each serialised the same way), neb, ueb, tail. The
   schema row of its kind (rm_niff_kind_info) names every word and array. */
typedef struct rm_niff_elem {
    uint32_t kind;          /* RM_NIFF_KIND_* */
    uint32_t offset;        /* file offset of the element's first byte */
    uint32_t tag;           /* words[0] */
    uint32_t index;         /* words[1], this_*_index */
    uint32_t size;          /* the element's own size field (as read) */
    uint32_t word_count;    /* fixed words (the kind's word count) */
    uint32_t words[RM_NIFF_MAX_WORDS];
    uint32_t array_count;
    rm_niff_array arrays[RM_NIFF_MAX_ARRAYS];
    rm_niff_bytes data;     /* TexDataArea, TexImg texels, name text, unknown body */
    struct rm_niff_elem *subs;  /* Tri, Anim, DirLight, Coll, CollData, Cluster, ... */
    uint32_t sub_count;
    rm_niff_bytes neb, ueb; /* extension blocks (empty for kinds without them) */
    rm_niff_bytes tail;     /* bytes between what the kind explains and `size` */
} rm_niff_elem;

/* One list as read. The SceneList has no list header: word_count 0 and its
   SceneHeader as elems[0]. ColorList/VectorList have two counts (7 words):
   elems are the Tri* groups then the Vtx* groups. */
typedef struct rm_niff_list {
    bool present;           /* found in the file (2.0 lists are absent in 1.0) */
    uint32_t offset;
    uint32_t word_count;    /* 6, 7 (Color/Vector) or 0 (Scene) */
    uint32_t words[7];      /* tag, header_size, size, count[, count2], neb size, ueb size */
    uint32_t tag, header_size, size, count, count2;  /* copies of the words */
    uint32_t *elem_size;    /* the size array (count + count2 entries) */
    rm_niff_elem *elems;    /* count + count2 elements (Scene: 1) */
    uint32_t elem_count;
    rm_niff_bytes neb, ueb, tail;  /* tail: bytes up to the list's size beyond NEB/UEB */
} rm_niff_list;

/* Schema of one element kind (for printers and generic walks). */
typedef struct rm_niff_kind_info {
    const char *name;           /* "Obj", "TriGroup", ... */
    const char *short_name;     /* "obj", "tri group": used in messages */
    uint32_t tag;               /* expected tag (0: any, e.g. envelope parts) */
    uint32_t word_count;        /* fixed words */
    uint32_t float_mask;        /* bit i set: words[i] is a float */
    const char *const *field;   /* word_count field names, spec spelling */
    uint32_t array_count;       /* arrays the kind may have */
    const char *const *array;   /* their names */
    uint32_t array_float_mask;  /* bit i set: arrays[i] holds floats */
} rm_niff_kind_info;

/* ---- Typed views, decoded from the generic elements (read-only: edit the
   generic words/arrays to change what rm_niff_write writes). Every typed
   element has `el` (its generic element), offset and index. ---- */

typedef struct rm_niff_scene {
    const rm_niff_elem *el;
    uint32_t offset, header_size, size, cfg, name_index;
    uint32_t obj_link_num, env_link_num, cam_link_num, light_link_num;
    const uint32_t *obj_link, *env_link, *cam_link, *light_link;
    rm_niff_bytes neb, ueb;
    bool has_neb2;          /* the NIFF 2.0 NEB (5 counts + arrays) was decoded */
    uint32_t chain_root_link_num, external_obj_num, external_env_num,
             external_cam_num, external_light_num;
    const uint32_t *chain_root_link;  /* NULL when not decoded */
} rm_niff_scene;

typedef struct rm_niff_obj {
    const rm_niff_elem *el;
    uint32_t offset, index, size, name_index;
    uint32_t state, type, group, pri;
    uint32_t render_cycle_type, render_pri, render_type0, render_type1;
    uint32_t have_link_billboard;
    uint32_t lod_num, child_num;
    uint32_t parent_link, shape_link, mat_link, anim_link, coll_link;
    const uint32_t *lod_dist_bits;  /* lod_num bit patterns (RM_NIFF_OBJ_LOD_DIST_MAX) */
    float *lod_dist;                /* the same as floats (owned) */
    const uint32_t *lod_link;       /* lod_num */
    const uint32_t *child_link;     /* child_num */
    rm_niff_bytes neb, ueb;
    bool has_neb2;                  /* the 7-word 2.0 NEB was decoded */
    uint32_t render_cycle_type_for_fog, render_pri_for_fog,
             render_type0_for_fog, render_type1_for_fog;
    uint32_t chain_root_link_num, external_lod_obj_num, external_obj_num;
    const uint32_t *chain_root_link;  /* decoded from the NEB, owned */
    /* The NEB's external LOD and child arrays (spec §7.4, order per nis2.h;
       owned; NULL when absent or when the NEB is too short for the counts). */
    float *external_lod_obj_dist;
    uint32_t *external_lod_obj_file_name_index, *external_lod_obj_name_index;
    uint32_t *external_obj_file_name_index, *external_obj_name_index;
} rm_niff_obj;

typedef struct rm_niff_shape {
    const rm_niff_elem *el;
    uint32_t offset, index, size, name_index;
    uint32_t type, tri_link, mat_link, part_num;
    const uint32_t *part_link;
    rm_niff_bytes neb, ueb;
    bool has_neb2;
    /* RM_NIFF_TAG_TRI_GROUP when there is no 2.0 NEB (NIFF 1.0 meaning). */
    uint32_t kind_of_node_for_geometry;
    uint32_t external_mat_file_name_index, external_mat_name_index;
} rm_niff_shape;

/* VtxGroup (xyz), TriNvGroup/VtxNvGroup (xyz), TriColorGroup/VtxColorGroup
   (rgba), StGroup (st): `num` records of `comps` floats. */
typedef struct rm_niff_data_group {
    const rm_niff_elem *el;
    uint32_t offset, index, header_size, size;
    uint32_t name_index;    /* VtxGroup only (0 for the others) */
    uint32_t num;
    uint32_t comps;         /* 3, 4 or 2 */
    float *v;               /* num * comps floats (owned) */
} rm_niff_data_group;

/* One Reference*Data area of a TriGroup. The reader has checked every
   group index (0 is accepted when that index space is empty: "unused") and
   every Tri index against the groups selected. So an attribute is present
   when its group exists and is not empty; a Tri index of 0 into an empty or
   absent group means "unused" and must not be dereferenced. */
typedef struct rm_niff_tri_ref {
    uint32_t form;          /* 0 none (one group), RM_NIFF_TRI_ANIM_FULL, RM_NIFF_TRI_ANIM_KEY */
    uint32_t count;         /* groups: 1, frame_num + 1, or key_num */
    const uint32_t *key;    /* KEY: key frame numbers (count); NULL otherwise */
    const uint32_t *group;  /* group indices (count) */
} rm_niff_tri_ref;

typedef struct rm_niff_tri {
    uint32_t offset, index, size;
    uint32_t nv_index, color_index;
    uint32_t vtx_index[3], st_index[3], vtx_nv_index[3], vtx_color_index[3];
    rm_niff_bytes neb, ueb;
} rm_niff_tri;

typedef struct rm_niff_tri_group {
    const rm_niff_elem *el;
    uint32_t offset, index, header_size, size, name_index;
    uint32_t anim_type, anim_frame_num, tri_num;
    rm_niff_tri_ref ref[RM_NIFF_REF_COUNT];   /* RM_NIFF_REF_* */
    rm_niff_tri *tris;      /* tri_num (owned) */
} rm_niff_tri_group;

typedef struct rm_niff_part {
    const rm_niff_elem *el;
    uint32_t offset, index, size, name_index;
    uint32_t mat_index;     /* or RM_NIFF_USE_SHAPE_MAT */
    uint32_t tri_group_index, tri_num;
    const uint32_t *tri_index;
    rm_niff_bytes neb, ueb;
} rm_niff_part;

/* One primitive-colour key of a Mat's 2.0 NEB (24 bytes). */
typedef struct rm_niff_prim_color_anim {
    uint32_t interpolation_type, key;
    float color[4];         /* r, g, b, a */
} rm_niff_prim_color_anim;

typedef struct rm_niff_mat {
    const rm_niff_elem *el;
    uint32_t offset, index, size, name_index;
    uint32_t type, shade_type, color_type0, color_type1, alpha_type0, alpha_type1;
    float prim[4];          /* r, g, b, a */
    uint32_t user_flag[8];
    uint32_t local_light_index, tex_num;
    const uint32_t *tex_index;
    rm_niff_bytes neb, ueb;
    bool has_neb2;          /* the 104-byte 2.0 NEB was decoded */
    float ambient[4], emission[4], diffuse[4];
    uint32_t type_for_fog, color_type0_for_fog, color_type1_for_fog,
             alpha_type0_for_fog, alpha_type1_for_fog;
    float prim_for_fog[4];
    uint32_t external_local_light_file_name_index, external_local_light_name_index;
    uint32_t external_tex_num, prim_color_anim_num, prim_color_anim_num_for_fog;
    /* The NEB's arrays (spec §7.6; owned, NULL when the count is 0 or there
       is no 2.0 NEB): external_tex_num name pairs, then the keys. */
    uint32_t *external_tex_file_name_index, *external_tex_name_index;
    rm_niff_prim_color_anim *prim_color_anim;          /* prim_color_anim_num */
    rm_niff_prim_color_anim *prim_color_anim_for_fog;  /* prim_color_anim_num_for_fog */
} rm_niff_mat;

typedef struct rm_niff_tex {
    const rm_niff_elem *el;
    uint32_t offset, index, header_size, size, name_index;
    uint32_t type, wrap_s, wrap_t, anim, data_area_size, anim_frame_rate;
    /* TexDataArea (decoded when its size fits the layout `anim` selects) */
    bool has_data_area;
    uint32_t img_width, img_height;
    /* TEX_ANIM_OFF (img_index is RM_NIFF_NOLINK when the area was not decoded) */
    uint32_t tile_width, tile_height, offset_x, offset_y, img_index;
    /* animated: decoded arrays (owned; NULL when anim is OFF or a count is 0) */
    uint32_t tile_scale_num, tile_offset_num, tile_img_num;
    uint32_t *tile_scale_key, *tile_scale_width, *tile_scale_height;
    uint32_t *tile_offset_key, *tile_offset_x, *tile_offset_y;
    uint32_t *tile_img_key, *tile_img_index;
    rm_niff_bytes data_area, neb, ueb;
    bool has_neb2;
    uint32_t filter, use_perspective_correction, mipmap_level, use_color_palette,
             external_tex_img_num;
} rm_niff_tex;

typedef struct rm_niff_tex_img {
    const rm_niff_elem *el;
    uint32_t offset, index, header_size, size;
    rm_niff_bytes pixels;   /* RGBA8888 rows from the bottom-left (+ 2.0 mipmaps) */
    rm_niff_bytes neb, ueb;
    bool has_neb2;
    uint32_t mipmap_max_level;
    uint32_t *mipmap_img_offset;  /* mipmap_max_level entries when decoded (owned) */
} rm_niff_tex_img;

/* One Anim area: which fields mean something depends on `tag`. */
typedef struct rm_niff_anim {
    uint32_t offset, tag, index, size;
    uint32_t key, next_key, interpolation_type;   /* KEY */
    float translate[3], rotate[3], scale[3];      /* STATIC, FULL, KEY */
    uint32_t rotate_expand_flag;                  /* bit pattern (spec §10 item 11) */
    uint32_t lookat_obj_index, upper_obj_index;   /* BILLBOARD_OBJ */
} rm_niff_anim;

/* AnimGroup 2.0 NEB (spec §7.9). use_animation_channel bits: */
#define RM_NIFF_ANIM_CHANNEL_NO_USE                     0x00000000u
#define RM_NIFF_ANIM_CHANNEL_ROTATE_AXIS                0x00000001u
#define RM_NIFF_ANIM_CHANNEL_ROTATE_X                   0x00000002u
#define RM_NIFF_ANIM_CHANNEL_ROTATE_Y                   0x00000004u
#define RM_NIFF_ANIM_CHANNEL_ROTATE_Z                   0x00000008u
#define RM_NIFF_ANIM_CHANNEL_ORIENTATION_XY             0x00000010u
#define RM_NIFF_ANIM_CHANNEL_TRANSLATION                0x00000020u
#define RM_NIFF_ANIM_CHANNEL_UNIQUE_SCALE               0x00000040u
#define RM_NIFF_ANIM_CHANNEL_CLASSICAL_SCALE            0x00000080u
#define RM_NIFF_ANIM_CHANNEL_ORIENTATION_CONSTRAINT     0x00000100u
#define RM_NIFF_ANIM_CHANNEL_DIRECTION_CONSTRAINT       0x00000200u
#define RM_NIFF_ANIM_CHANNEL_UPVECTOR_CONSTRAINT        0x00000400u
#define RM_NIFF_ANIM_CHANNEL_PREFERRED_AXIS_CONSTRAINT  0x00000800u
#define RM_NIFF_ANIM_CHANNEL_POSITION_CONSTRAINT        0x00001000u
#define RM_NIFF_ANIM_CHANNEL_UNIQUE_SCALE_CONSTRAINT    0x00002000u
#define RM_NIFF_ANIM_CHANNEL_CLASSICAL_SCALE_CONSTRAINT 0x00004000u
#define RM_NIFF_ANIM_NEB_FIXED_SIZE                     148u   /* 37 words */

/* The seven constraints, in NEB order. */
enum { RM_NIFF_CONSTRAINT_ORIENTATION = 0, RM_NIFF_CONSTRAINT_DIRECTION, RM_NIFF_CONSTRAINT_UPVECTOR,
       RM_NIFF_CONSTRAINT_PREFERRED_AXIS, RM_NIFF_CONSTRAINT_POSITION, RM_NIFF_CONSTRAINT_UNIQUE_SCALE,
       RM_NIFF_CONSTRAINT_CLASSICAL_SCALE, RM_NIFF_CONSTRAINT_COUNT };

typedef struct rm_niff_anim_constraint {
    uint32_t kind;          /* kind_of_*_constraint_node: a list tag, RM_NIFF_NOLINK when unused/external */
    uint32_t node;          /* *_constraint_node: index in that list */
    uint32_t external_file_name_index, external_obj_name_index;  /* ExternalNameList or NOLINK */
} rm_niff_anim_constraint;

/* Channel keys: every record starts with interpolation_type and key (frame).
   d_* are the "differential" (tangent) values. */
typedef struct rm_niff_chan_rotate_axis {   /* RotateAxis, 40 bytes */
    uint32_t interpolation_type, key;
    float axis[3], angle, d_axis[3], d_angle;
} rm_niff_chan_rotate_axis;
typedef struct rm_niff_chan_rotate {        /* RotateX / RotateY / RotateZ, 16 bytes */
    uint32_t interpolation_type, key;
    float angle, d_angle;
} rm_niff_chan_rotate;
typedef struct rm_niff_chan_orientation_xy { /* OrientationXY, 56 bytes */
    uint32_t interpolation_type, key;
    float x_axis[3], y_axis[3], d_x_axis[3], d_y_axis[3];
} rm_niff_chan_orientation_xy;
typedef struct rm_niff_chan_vec3 {          /* Translation / UniqueScale / ClassicalScale, 32 bytes */
    uint32_t interpolation_type, key;
    float v[3], d[3];
} rm_niff_chan_vec3;

typedef struct rm_niff_anim_group {
    const rm_niff_elem *el;
    uint32_t offset, index, header_size, size, name_index;
    uint32_t type, frame_rate, anim_num, loop, rot_mtx_order;
    rm_niff_anim *anims;    /* anim_num (owned) */
    rm_niff_bytes neb, ueb;
    bool has_neb2;
    uint32_t use_animation_channel;
    /* The rest of the 2.0 NEB (spec §7.9), decoded when the NEB holds its
       148-byte fixed part (has_channels) and the channel arrays its counts
       ask for (the reader refuses a NEB too short for its counts). */
    bool has_channels;
    uint32_t rotate_axis_num, rotate_x_num, rotate_y_num, rotate_z_num, orientation_xy_num,
             translation_num, unique_scale_num, classical_scale_num;
    rm_niff_anim_constraint constraint[RM_NIFF_CONSTRAINT_COUNT];   /* RM_NIFF_CONSTRAINT_* */
    /* Channel keys, *_num each (owned; NULL when the count is 0). */
    rm_niff_chan_rotate_axis *rotate_axis;
    rm_niff_chan_rotate *rotate_x, *rotate_y, *rotate_z;
    rm_niff_chan_orientation_xy *orientation_xy;
    rm_niff_chan_vec3 *translation, *unique_scale, *classical_scale;
} rm_niff_anim_group;

typedef struct rm_niff_name_entry {
    const rm_niff_elem *el;
    uint32_t offset, index, header_size, size;
    char *text;             /* NUL-terminated copy (owned) */
} rm_niff_name_entry;

/* The whole file. Owns everything (rm_niff_free). */
typedef struct rm_niff_file {
    uint8_t *data;          /* the reader's copy of the input; rm_niff_bytes point in it */
    size_t data_size;
    /* FileHeader (spec §3.2), words as read */
    uint32_t header_words[25];
    uint32_t version, file_size, header_tag, file_header_num_byte;
    uint32_t major, minor;  /* (version >> 8) & 0xff, version & 0xff */
    /* Byte sizes the FileHeader records per list, indexed by RM_NIFF_LIST_*
       (the nine 2.0 sizes from its NEB; 0 when absent). */
    uint32_t list_num_byte[RM_NIFF_LIST_COUNT];
    bool has_neb2;          /* the 36-byte 2.0 NEB was decoded */
    rm_niff_bytes header_neb, header_ueb, header_tail;
    rm_niff_list lists[RM_NIFF_LIST_COUNT];
    rm_niff_bytes trailing; /* bytes after file_size (warned, not written) */

    /* Typed views (arrays owned; parallel to the lists' elements). */
    bool has_scene;
    rm_niff_scene scene;
    rm_niff_obj *objs;                 uint32_t obj_count;
    rm_niff_shape *shapes;             uint32_t shape_count;
    rm_niff_data_group *vtx_groups;    uint32_t vtx_group_count;
    rm_niff_tri_group *tri_groups;     uint32_t tri_group_count;
    rm_niff_data_group *tri_color_groups; uint32_t tri_color_group_count;
    rm_niff_data_group *vtx_color_groups; uint32_t vtx_color_group_count;
    rm_niff_data_group *tri_nv_groups; uint32_t tri_nv_group_count;
    rm_niff_data_group *vtx_nv_groups; uint32_t vtx_nv_group_count;
    rm_niff_data_group *st_groups;     uint32_t st_group_count;
    rm_niff_part *parts;               uint32_t part_count;
    rm_niff_mat *mats;                 uint32_t mat_count;
    rm_niff_tex *texs;                 uint32_t tex_count;
    rm_niff_tex_img *tex_imgs;         uint32_t tex_img_count;
    rm_niff_anim_group *anim_groups;   uint32_t anim_group_count;
    rm_niff_name_entry *names;               uint32_t name_count;
    rm_niff_name_entry *external_names;      uint32_t external_name_count;
    /* How it was read (rm_niff_read_with): `data` is the caller's buffer
       (not freed by rm_niff_free); no Tri sub-elements and no
       tri_groups[].tris were kept. */
    bool data_borrowed;
    bool check_only;
} rm_niff_file;

/* Reads and validates a whole NIFF file from memory (`name` is used in
   messages). The input is copied: the caller may free `data` afterwards
   (rm_niff_read_with below: without the copy, or for checking only).
   RM_OK: *out is filled (warnings may be in diag). RM_INVALID: every
   problem found is in diag and *out is left empty (nothing to free; calling
   rm_niff_free on it is harmless). RM_NOMEM: out of memory. */
rm_status rm_niff_read(const uint8_t *data, size_t size, const char *name, rm_niff_file *out,
                       rm_diag *diag);

/* Options of rm_niff_read_with; all false is rm_niff_read. */
typedef struct rm_niff_read_options {
    /* No copy of the input: the model points into `data`, which must stay
       unchanged until rm_niff_free (which does not free it). */
    bool borrow_data;
    /* For checking and counting only (retromesh check): every rule is
       checked and every message is the same as rm_niff_read's, but the
       Tris of a TriGroup are validated and not kept (TriGroup elements have
       no `subs`, tri_groups[].tris is NULL; tri_num is set). Such a model
       is refused (RM_USAGE) by rm_niff_to_mesh and rm_niff_write. */
    bool check_only;
} rm_niff_read_options;

/* rm_niff_read with options (`opt` NULL: none). */
rm_status rm_niff_read_with(const uint8_t *data, size_t size, const char *name, const rm_niff_read_options *opt,
                            rm_niff_file *out, rm_diag *diag);

/* Frees everything a file model owns and zeroes it. NULL is fine. */
void rm_niff_free(rm_niff_file *f);

/* Serialises the model's generic part (header words, lists, elements,
   arrays, raw blocks) into a malloc'd buffer (*data, *size; the caller
   frees). Size fields are written as stored, so a file read and written
   again gives identical bytes (trailing bytes after file_size excepted).
   RM_NOMEM when out of memory, RM_INVALID when the model is inconsistent
   (e.g. an element with more words than RM_NIFF_MAX_WORDS). */
rm_status rm_niff_write(const rm_niff_file *f, uint8_t **data, size_t *size, rm_diag *diag);

/* The NameList text for `name_index`, or NULL when out of range/a sentinel. */
const char *rm_niff_name(const rm_niff_file *f, uint32_t name_index);
/* The same in the ExternalNameList. */
const char *rm_niff_external_name(const rm_niff_file *f, uint32_t index);

/* true when `v` is a Switch reference 0x80000000|N (not NOLINK 0xffffffff). */
bool rm_niff_link_is_switch(uint32_t v);
/* N of a switch reference. */
static inline uint32_t rm_niff_switch_index(uint32_t v) { return v & 0x7fffffffu; }

/* "ObjList", "NameList", ... for RM_NIFF_LIST_*; "?" when out of range. */
const char *rm_niff_list_name(uint32_t list);
/* The list tag of RM_NIFF_LIST_* (0 when out of range). */
uint32_t rm_niff_list_tag(uint32_t list);
/* The schema row of RM_NIFF_KIND_*, NULL when out of range. */
const rm_niff_kind_info *rm_niff_kind(uint32_t kind);
/* A u32 bit pattern as a float (no punning). */
float rm_niff_float(uint32_t bits);


/* ===== Geometry out and printing (section owned by the mesh/CLI side) == */


/* Geometry out (src/formats/niff/to_mesh*.c):
     rm_mesh mesh;
     if (rm_niff_read_mesh(data, size, "ROBOT.NIF", &mesh, &diag) == RM_OK) {
         ... rm_obj_write(&mesh, ...) or rm_convert_mesh_to_jom(&mesh, ...) ...
         rm_mesh_free(&mesh);
     }
   The mapping (which Obj, transforms, materials, textures) is described
   at rm_niff_to_mesh below and in docs/niff.md. */

/* True when `data` looks like a NIFF file by its content (not its name):
   at least the 100-byte FileHeader, header_tag 0 at offset 8, a major
   version (bits 15-8 of the version word) of 1 or 2, and file_size and
   file_header_num_byte of at least 100. A damaged NIFF file still looks
   like one, so that the reader can say what is wrong with it. */
bool rm_niff_looks_like(const uint8_t *data, size_t size);

/* True when the file name ends in .niff or .nif (any case): such a file is
   read as NIFF even when its bytes do not look like it, so that a damaged
   one gets the NIFF reader's message. */
bool rm_niff_has_niff_name(const char *path);

/* rm_niff_read() then rm_niff_to_mesh() (the file model freed): a whole
   NIFF file in memory as a neutral mesh. `name` is used in messages and
   becomes mesh->source. RM_INVALID when the file is not valid NIFF. On
   failure *out is empty (rm_mesh_free() is still safe). */
rm_status rm_niff_read_mesh(const uint8_t *data, size_t size, const char *name, rm_mesh *out,
                            rm_diag *diag);

/* The geometry of a file model as a neutral mesh (*out is initialised
   here; the caller frees it with rm_mesh_free, also on failure).
   - Which Obj: the Scene's obj links, depth first, each Obj's children in
     order (when the Scene links none: every Obj without a parent, in
     ObjList order). An Obj with LODs shows its first (nearest) level; the
     other levels are not converted. An OBJ_STATE_CLEAR Obj is skipped with
     its children; Objs reached twice or not at all are not converted (a
     warning names them). Switch references take their default link.
   - What: each OBJ_TYPE_3D / OBJ_TYPE_BILLBOARD Obj with a Shape becomes a
     group named by the Obj's name (made unique); its Shape's TriGroup
     (frame 0 / the first key of animated references) gives one triangle
     per Tri: positions (the whole VtxGroup, in order, through the Obj's
     world transform), corner uvs (St: u = s, v = t), corner normals
     (VtxNv, else the triangle's TriNv; through the transform), vertex
     colors (VtxColor, or TriColor when the Mat's colour source says TRI;
     a vertex with two colors is split). A Shape whose geometry is an Envelope or a
     ClusterShape (2.0 skinning) is skipped with a warning naming the Obj.
   - Transforms: the Obj's AnimGroup (STATIC, or the first Anim of FULL and
     KEY) as translate * rotate * scale, the rotation in radians about the
     local axes in anim_rot_mtx_order (XYZ: R = Rz * Ry * Rx), composed
     down the tree (world = parent world * local). A mirroring transform
     reverses the corner order so faces keep their side.
   - Materials: the most specific Mat (Part > Shape > Obj) of each
     triangle, one mesh material per Mat used: name from the NameList, Kd
     from prim_red/green/blue, dissolve from prim_alpha (NIFF-mode Mat
     whose alpha source has PRIM_ALPHA), and its first texture: Tex ->
     TexImg RGBA (rows turned top-first) into map_kd_rgba, map_kd_width/
     height from the Tex, map_kd = the Tex's name as a file name (NAME.png).
     A material drawn only by Shapes that cull no side gets jo_dual_plane.
   Indices are checked again (never read out of bounds): what is out of
   range is left out with a warning. RM_INVALID only when the mesh would be
   too large (more than 2^22 vertices, corners, faces...). */
rm_status rm_niff_to_mesh(const rm_niff_file *f, rm_mesh *out, rm_diag *diag);
/* The same, with `name` (the file's name) in messages and mesh->source. */
rm_status rm_niff_to_mesh_named(const rm_niff_file *f, const char *name, rm_mesh *out, rm_diag *diag);

/* Printing (src/formats/niff/print_text.c, print_json.c; `retromesh info`).
   Text: the version, every list with its element count and byte size, the
   Scene and its Obj tree indented (each Obj with its type, state, decoded
   render priority, LODs with distance or MAX and link, shape/mat/anim/coll
   links or "none", name), then the shapes (triangle and vertex counts),
   materials and textures (sizes). */
void rm_niff_print_info(const rm_niff_file *f, FILE *out);
/* The same content as one JSON document (jansson; keys in a fixed order,
   the same file gives the same text). Links: a number, null for NOLINK,
   "switch N" for a Switch reference. RM_NOMEM/RM_IO on failure. */
rm_status rm_niff_print_json(const rm_niff_file *f, FILE *out);

/* ===== Writer: a neutral mesh as a NIFF 2.0 file ======================= */

typedef struct rm_niff_write_options {
    /* The FileHeader's version word: maker code (bits 31-24), tool code
       (23-16), then 0x0200 for NIFF 2.0. Default 0xff000200 (maker 0xff:
       not a registered maker). */
    uint32_t version;
} rm_niff_write_options;

void rm_niff_write_options_default(rm_niff_write_options *opt);

/* Writes `mesh` as a whole NIFF 2.0 file into a malloc'd buffer (*data,
   *size; the caller frees). opt NULL: the defaults. One Obj per mesh group
   (faces before any group: an Obj named after the file), each with its
   Shape, TriGroup and data groups; materials as Mat (+ Tex and TexImg when
   the material has map_kd_rgba); every list written in the documented
   order, empty ones as bare headers; every size field filled. The layout
   rules are in docs/niff.md. Returns RM_INVALID (with a message) when the
   mesh cannot be written (e.g. more than 0x7fffffff elements). */
rm_status rm_niff_write_mesh(const rm_mesh *mesh, const rm_niff_write_options *opt, uint8_t **data,
                             size_t *size, rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
