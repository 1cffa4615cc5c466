/* src/formats/gltf/to_mesh.h - what the files of step 3 (scene -> mesh:
   to_mesh.c, primitive.c, material.c) and skin.c share besides
   gltf_internal.h (internal).

   to_mesh.c walks the scene and owns an rm_gltf_build; primitive.c adds one
   primitive of a mesh node to the mesh through it, asking to_mesh.c for
   the group of its faces and material.c for their material. */
#ifndef RM_FORMATS_GLTF_TO_MESH_H
#define RM_FORMATS_GLTF_TO_MESH_H

#include "core/names.h"
#include "gltf_internal.h"
#include "retromesh/image.h"

/* The most corners and positions a whole scene may make (hostile input: a
   mesh used by a million nodes), and the most vertices it may read. */
#define RM_GLTF_MAX_CORNERS RM_GLTF_MAX_ACCESSOR_COUNT
#define RM_GLTF_MAX_VERTEX_READS (4u * RM_GLTF_MAX_ACCESSOR_COUNT)
/* The most texels the materials' pixels (map_kd_rgba) may hold in all. */
#define RM_GLTF_MAX_TEXELS (128u * 1024u * 1024u)

/* Names made unique (rm_gltf_unique_name): the table and, per name, the
   next suffix to try when it is a base again (so that a million nodes of
   one name take linear time). */
typedef struct rm_gltf_names {
    rm_names table;
    uint32_t *next;
    size_t count, cap;
} rm_gltf_names;

void rm_gltf_names_free(rm_gltf_names *n);

/* An image of the file as read by the materials part, once. */
typedef struct rm_gltf_image_cache {
    bool looked;            /* where its bytes are is known */
    bool tried;             /* its bytes were decoded (or tried: a file) */
    bool decoded;           /* img holds its pixels */
    char *file;             /* an image in a file: its path (owned), else NULL */
    rm_image img;
} rm_gltf_image_cache;

/* The state of one rm_gltf_to_mesh call. */
typedef struct rm_gltf_build {
    const rm_gltf_doc *doc;
    const rm_gltf_options *opt;
    rm_output_set *inputs;      /* may be NULL */
    rm_mesh *mesh;
    rm_gltf_groups *groups;
    rm_diag *diag;
    double *rest_world;         /* rm_gltf_rest_world: node_count * 16 */
    /* capacities of the mesh's growing arrays */
    size_t pos_cap, uv_cap, normal_cap, face_cap, corner_cap, mat_cap, group_cap, ggroup_cap;
    size_t vertex_reads;        /* vertices read so far (RM_GLTF_MAX_VERTEX_READS) */
    size_t moved;               /* vertices --rigid gave to their heaviest joint */
    bool *mesh_seen;            /* per glTF mesh: its primitives were added once
                                   (their warnings are given once) */
    /* the current mesh node's groups: its own, and per joint node */
    uint32_t node_group;
    uint32_t *joint_group;      /* node_count entries, RM_MESH_NONE: none yet */
    uint32_t *touched;          /* the joint_group entries set for this node */
    size_t touched_count, touched_cap;
    bool node_skinned;          /* the current node has a skinned primitive */
    double **skin_mats;         /* per skin: rm_gltf_skin_rest_matrices, or NULL */
    /* materials and images */
    uint32_t *material_of;      /* per glTF material: the mesh material or RM_MESH_NONE */
    char **image_stem;          /* per glTF image: its CD-friendly name (no ".png") */
    rm_gltf_names group_names, material_names, image_names;
    char **stems;               /* the image stems made (owned; keys of image_names) */
    size_t stem_count, stem_cap;
    rm_gltf_image_cache *images;    /* per glTF image */
    size_t texels;              /* texels given to materials so far */
} rm_gltf_build;

/* to_mesh.c: `base` made unique in `t`: base itself, else base SEP first,
   base SEP first+1... (".1": sep ".", first 1). Malloc'd and added to `t`
   (the caller keeps it alive while `t` is used); NULL when out of memory. */
char *rm_gltf_unique_name(rm_gltf_names *t, const char *base, const char *sep, unsigned first);

/* to_mesh.c: the group of the current mesh node `node`'s faces (joint -1),
   or of its faces skinned to joint node `joint`, made on first use.
   RM_MESH_NONE when out of memory. */
uint32_t rm_gltf_build_group(rm_gltf_build *b, uint32_t node, int64_t joint);

/* primitive.c: primitive `prim` of mesh `mesh`, instanced by node `node`
   (world matrix `world`), into the mesh: its triangles, positions,
   normals, UVs, colours, material and groups. */
rm_status rm_gltf_add_primitive(rm_gltf_build *b, uint32_t node, uint32_t mesh, uint32_t prim,
                                const double world[16]);

/* material.c: the mesh material of glTF material `k` (made on first use,
   so materials are in order of first use); *out = RM_MESH_NONE for
   k = -1 (the default material). */
rm_status rm_gltf_material_use(rm_gltf_build *b, int32_t k, uint32_t *out);
/* material.c: frees what the materials part holds in `b` (not the mesh's). */
void rm_gltf_materials_done(rm_gltf_build *b);

/* skin.c: as rm_gltf_skin_vertex_joints, the joint of each vertex given
   as its index in the skin's joints (slot) instead of its node. */
rm_status rm_gltf_skin_vertex_slots(const rm_gltf_doc *doc, uint32_t mesh, uint32_t primitive,
                                    uint32_t skin, uint32_t vertex_count,
                                    const rm_gltf_options *opt, uint32_t *slot, size_t *moved,
                                    rm_diag *diag);

/* A node's name for messages and groups: its name, else its mesh's name,
   else "node<N>" (into buf). */
const char *rm_gltf_node_label(const rm_gltf_doc *doc, uint32_t node, char *buf, size_t size);

#endif
