/* src/formats/niff/write_mesh_internal.h - the NIFF 2.0 mesh writer's plan
   (internal): what goes into each list, decided from the mesh before a
   byte is written, then serialised list by list.

   rm_niff_write_mesh (write_mesh.c) runs:
     wm_check_mesh     write_mesh_check.c     counts and indices, the limits
     wm_plan_build     write_mesh_plan.c      Objs, Mats, Texs, names
                       write_mesh_plan_geometry.c  triangles, data groups, Parts
     wm_write_*        write_mesh_scene.c     FileHeader, SceneList, ObjList, ShapeList, PartList
                       write_mesh_geometry.c  VtxList, TriList, ColorList, VectorList, StList
                       write_mesh_material.c  MatList, TexList, TexImgList
                       write_mesh_names.c     NameList (and the names themselves)
   The layout rules are in /work/notes/niff_writer.md (docs/niff.md).
   Tags, sentinels and field values are niff.h's RM_NIFF_*; lists are
   numbered RM_NIFF_LIST_* (the physical order of spec 3.1). */
#ifndef RM_NIFF_WRITE_MESH_INTERNAL_H
#define RM_NIFF_WRITE_MESH_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "retromesh/diag.h"
#include "retromesh/mesh.h"
#include "retromesh/niff.h"
#include "write_mesh_builder.h"

/* The largest element count a list may hold: 0x80000000 | N is a Switch
   reference (spec 2.3). */
#define WM_MAX_COUNT 0x7fffffffu

/* One triangle of an Obj: indices inside the Obj's own data groups. */
typedef struct wm_tri {
    uint32_t vtx[3];    /* VtxGroup (and VtxColorGroup: the same index) */
    uint32_t st[3];     /* StGroup, 0 when the Obj has no uvs */
    uint32_t nv[3];     /* VtxNvGroup, 0 when the Obj has no normals */
} wm_tri;

/* One Obj = one Shape = one TriGroup = one group of each data list, all
   with the Obj's index. */
typedef struct wm_obj {
    uint32_t group;         /* mesh group, or RM_MESH_NONE for faces before any group */
    uint32_t name;          /* NameList index (shared by its Shape, TriGroup, VtxGroup) */
    size_t tri_first, tri_count;    /* plan->tris */
    size_t vtx_first, vtx_count;    /* plan->vtx: mesh position indices */
    size_t nv_first, nv_count;      /* plan->nv */
    size_t st_first, st_count;      /* plan->st */
    uint32_t mat;           /* Shape's Mat link (RM_NIFF_NOLINK when Parts are used or no material) */
    size_t part_first, part_count;  /* plan->parts (0 parts: one material or none) */
    bool translucent;       /* a material of the Obj has dissolve < 1 */
    bool double_sided;      /* a material of the Obj has jo_dual_plane */
} wm_obj;

typedef struct wm_part {
    uint32_t obj;
    uint32_t mat;           /* Mat index, or RM_NIFF_USE_SHAPE_MAT for faces without a material */
    uint32_t name;
    size_t tri_first, tri_count;    /* plan->part_tris: Tri indices in the Obj's TriGroup */
} wm_part;

typedef struct wm_mat {
    uint32_t material;      /* mesh material */
    uint32_t name;
    uint32_t tex;           /* Tex (and TexImg) index, or RM_NIFF_NOLINK */
} wm_mat;

typedef struct wm_tex {
    uint32_t material;      /* mesh material with the pixels */
    uint32_t name;
} wm_tex;

typedef struct wm_plan {
    const rm_mesh *mesh;
    uint32_t version;

    size_t obj_count;
    wm_obj *objs;
    size_t tri_count;
    wm_tri *tris;
    size_t vtx_count;
    uint32_t *vtx;          /* mesh position index of each Obj vertex */
    size_t nv_count;
    rm_vec3d *nv;           /* vertex normals, Obj after Obj */
    size_t st_count;
    double (*st)[2];        /* s, t, Obj after Obj */
    size_t part_count;
    wm_part *parts;
    uint32_t *part_tris;    /* tri_count entries */
    size_t mat_count;
    wm_mat *mats;
    uint32_t *mat_of;       /* mesh material -> Mat index (RM_NIFF_NOLINK: unused) */
    size_t tex_count;
    wm_tex *texs;

    size_t name_count;
    char **names;           /* NameList, already ASCII 0x21-0x7e */
    uint32_t scene_name;

    bool has_colors;        /* mesh->colors: every VtxColorGroup is filled */
    bool has_normals;       /* mesh->normal_count > 0: Mats are lit and smooth */
} wm_plan;

/* A face is written when it has 3 corners or more. */
static inline bool wm_face_written(const rm_mesh *m, size_t f)
{
    return rm_mesh_face_corners(m, f) >= 3;
}

/* calloc that never asks for 0 bytes (so NULL always means out of memory). */
static inline void *wm_alloc_array(size_t n, size_t size)
{
    return calloc(n ? n : 1, size);
}

/* write_mesh_check.c: RM_INVALID (with a message) when the mesh cannot be
   written: counts over WM_MAX_COUNT, indices out of range, a file that
   would pass 4 GiB. */
rm_status wm_check_mesh(const rm_mesh *mesh, rm_diag *diag);

/* write_mesh_plan.c */
rm_status wm_plan_build(wm_plan *p, const rm_mesh *mesh, uint32_t version, rm_diag *diag);
void wm_plan_free(wm_plan *p);
/* write_mesh_plan_geometry.c: the triangles, data groups and Parts of every
   Obj, from the faces of each Obj (face_order[obj_face_first[o] ..
   obj_face_first[o + 1]), written faces only, mesh order). False when out
   of memory. */
bool wm_plan_geometry(wm_plan *p, const uint32_t *face_order, const size_t *obj_face_first);

/* write_mesh_names.c */
/* Adds a name (sanitised: every byte outside 0x21-0x7e becomes '_', an
   empty name becomes "_"); returns its index, or RM_NIFF_NOLINK out of memory. */
uint32_t wm_name_add(wm_plan *p, const char *text, size_t len);
/* The base name of a path without directory and extension ("robot" for
   "models/robot.obj"); sets *len. NULL path: NULL. */
const char *wm_base_name(const char *path, size_t *len);
uint32_t wm_write_name_list(wm_builder *b, const wm_plan *p);

/* write_mesh_scene.c */
size_t wm_write_file_header(wm_builder *b, const wm_plan *p);
void wm_patch_file_header(wm_builder *b, size_t header, const uint32_t sizes[RM_NIFF_LIST_COUNT]);
uint32_t wm_write_scene(wm_builder *b, const wm_plan *p);
uint32_t wm_write_obj_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_shape_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_part_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_empty_list(wm_builder *b, uint32_t tag);

/* write_mesh_geometry.c */
uint32_t wm_write_vtx_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_tri_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_color_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_vector_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_st_list(wm_builder *b, const wm_plan *p);

/* write_mesh_material.c */
uint32_t wm_write_mat_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_tex_list(wm_builder *b, const wm_plan *p);
uint32_t wm_write_tex_img_list(wm_builder *b, const wm_plan *p);

#endif
