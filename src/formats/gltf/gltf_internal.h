/* src/formats/gltf/gltf_internal.h - the glTF 2.0 reader's parts (internal).

   The reader runs in four steps, one file group each:
     1. load (doc_*.c, glb.c, uri.c, base64.c): the JSON (jansson) or the GLB
        container into an rm_gltf_doc, every buffer's bytes in memory, every
        index between objects checked (a bufferView's buffer, an accessor's
        bufferView, a node's mesh/skin/children, a primitive's accessors, a
        texture's image...), the node graph checked to be a forest;
     2. accessors (accessor.c): any accessor as doubles or as indices,
        sparse, normalized, strided, every byte range checked;
     3. scene -> mesh (to_mesh.c, primitive.c, material.c, colour.c): the
        default scene's mesh nodes at rest into the neutral rm_mesh;
     4. rig (rig_*.c, skin.c, sample.c, euler.c): bones, rigid skins and
        animations into an rm_skeleton (retromesh/skeleton.h).
   read.c runs them (rm_gltf_read_memory, retromesh/gltf.h).

   Matrices are column-major 4x4 doubles as in glTF (m[12..14] is the
   translation); quaternions are x, y, z, w as in glTF.

   Messages: every error names the file and the JSON path of the value,
   "robot.glb: /accessors/7: bufferView 3 holds 120 bytes, the accessor
   needs 288", through rm_gltf_error() (rm_diag_at with line 0). */
#ifndef RM_FORMATS_GLTF_INTERNAL_H
#define RM_FORMATS_GLTF_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/gltf.h"
#include "retromesh/mesh.h"
#include "retromesh/output.h"
#include "retromesh/skeleton.h"

/* Limits on what a file may declare (hostile input): beyond them the file
   is refused with a message naming the limit. */
#define RM_GLTF_MAX_OBJECTS 1000000u        /* entries of any top-level array */
#define RM_GLTF_MAX_ACCESSOR_COUNT 16777216u/* elements of one accessor */
#define RM_GLTF_MAX_BUFFER_BYTES (1024u * 1024u * 1024u)
#define RM_GLTF_MAX_NODE_DEPTH 256u
#define RM_GLTF_MAX_SAMPLES 65535u          /* keys of one sampled animation */

/* accessor.componentType */
#define RM_GLTF_BYTE 5120
#define RM_GLTF_UNSIGNED_BYTE 5121
#define RM_GLTF_SHORT 5122
#define RM_GLTF_UNSIGNED_SHORT 5123
#define RM_GLTF_UNSIGNED_INT 5125
#define RM_GLTF_FLOAT 5126

/* primitive.mode */
enum { RM_GLTF_POINTS = 0, RM_GLTF_LINES, RM_GLTF_LINE_LOOP, RM_GLTF_LINE_STRIP,
       RM_GLTF_TRIANGLES, RM_GLTF_TRIANGLE_STRIP, RM_GLTF_TRIANGLE_FAN };

typedef struct rm_gltf_buffer {
    const uint8_t *data;    /* into `owned` or into the GLB's BIN chunk */
    size_t size;            /* the byteLength (the bytes given may be longer: padding) */
    uint8_t *owned;         /* malloc'd bytes (external file, data: URI), or NULL */
} rm_gltf_buffer;

typedef struct rm_gltf_view {
    uint32_t buffer;
    size_t offset, length;  /* checked: offset + length <= buffer size */
    uint32_t stride;        /* byteStride, 0: not given (tightly packed) */
} rm_gltf_view;

typedef struct rm_gltf_sparse {
    uint32_t count;                 /* 0: no sparse part */
    uint32_t indices_view;          /* bufferView of the indices */
    size_t indices_offset;
    int indices_type;               /* UNSIGNED_BYTE/SHORT/INT */
    uint32_t values_view;
    size_t values_offset;
} rm_gltf_sparse;

typedef struct rm_gltf_accessor {
    int32_t view;           /* bufferView, -1: none (all zeros, then sparse) */
    size_t offset;          /* byteOffset */
    int component;          /* RM_GLTF_BYTE ... RM_GLTF_FLOAT */
    bool normalized;
    uint32_t count;
    uint8_t components;     /* SCALAR 1, VEC2 2, VEC3 3, VEC4 4, MAT2 4, MAT3 9, MAT4 16 */
    const char *type;       /* "SCALAR", "VEC3"... (points into the JSON) */
    rm_gltf_sparse sparse;
    bool has_min_max;       /* min/max given (needed for animation inputs) */
    double min[16], max[16];
} rm_gltf_accessor;

/* Attribute accessors of a primitive, -1 when absent. */
typedef struct rm_gltf_primitive {
    int mode;
    int32_t indices;
    int32_t position, normal, texcoord0, color0, joints0, weights0;
    int32_t material;       /* -1: the default material */
} rm_gltf_primitive;

typedef struct rm_gltf_mesh {
    const char *name;       /* NULL when not given */
    size_t primitive_count;
    rm_gltf_primitive *primitives;
} rm_gltf_mesh;

typedef struct rm_gltf_node {
    const char *name;       /* NULL when not given */
    int32_t mesh, skin;     /* -1: none */
    int32_t parent;         /* -1: a root (set by the loader from children) */
    size_t child_count;
    uint32_t *children;
    /* The rest transform: `matrix` when given (has_matrix), else TRS. The
       loader always fills both: trs from the matrix is not needed, so for a
       matrix node t/r/s are the identity and an animation of it is refused
       (glTF forbids animating a node with a matrix). */
    bool has_matrix;
    double matrix[16];
    double t[3], r[4], s[3];
} rm_gltf_node;

typedef struct rm_gltf_texture_ref {
    int32_t texture;        /* -1: no texture */
    uint32_t texcoord;      /* texCoord (only 0 is read; another is a warning) */
    /* KHR_texture_transform, already in glTF's UV space (V down). */
    bool has_transform;
    double offset[2], rotation, scale[2];
    int32_t transform_texcoord;     /* its texCoord override, -1: none */
} rm_gltf_texture_ref;

typedef enum { RM_GLTF_OPAQUE, RM_GLTF_MASK, RM_GLTF_BLEND } rm_gltf_alpha_mode;

typedef struct rm_gltf_material {
    const char *name;       /* NULL when not given */
    double base_color[4];   /* baseColorFactor, linear; 1 1 1 1 by default */
    rm_gltf_texture_ref base_texture;
    rm_gltf_alpha_mode alpha_mode;
    double alpha_cutoff;    /* 0.5 by default */
    bool double_sided;
    json_t *extras;         /* borrowed from the document's JSON, or NULL */
} rm_gltf_material;

typedef struct rm_gltf_texture {
    int32_t source;         /* image, -1: none */
} rm_gltf_texture;

typedef struct rm_gltf_image {
    const char *name;       /* NULL when not given */
    const char *uri;        /* as written (NULL: in a bufferView) */
    int32_t view;           /* bufferView, -1 with a uri */
    const char *mime;       /* mimeType, or NULL */
} rm_gltf_image;

typedef struct rm_gltf_skin {
    const char *name;
    size_t joint_count;
    uint32_t *joints;       /* node indices */
    int32_t inverse_bind;   /* accessor (MAT4, count >= joint_count), -1: identities */
    int32_t skeleton;       /* node, -1 */
} rm_gltf_skin;

typedef enum { RM_GLTF_PATH_TRANSLATION, RM_GLTF_PATH_ROTATION, RM_GLTF_PATH_SCALE,
               RM_GLTF_PATH_WEIGHTS, RM_GLTF_PATH_OTHER } rm_gltf_path;
typedef enum { RM_GLTF_LINEAR, RM_GLTF_STEP, RM_GLTF_CUBICSPLINE } rm_gltf_interp;

typedef struct rm_gltf_channel {
    uint32_t sampler;
    int32_t node;           /* -1: no target node (ignored) */
    rm_gltf_path path;
} rm_gltf_channel;

typedef struct rm_gltf_sampler {
    uint32_t input, output; /* accessors */
    rm_gltf_interp interp;
} rm_gltf_sampler;

typedef struct rm_gltf_animation {
    const char *name;       /* NULL when not given */
    size_t channel_count;
    rm_gltf_channel *channels;
    size_t sampler_count;
    rm_gltf_sampler *samplers;
} rm_gltf_animation;

typedef struct rm_gltf_scene {
    const char *name;
    size_t node_count;
    uint32_t *nodes;        /* root nodes */
} rm_gltf_scene;

/* The whole document. Strings point into `json` (alive until
   rm_gltf_doc_free). */
typedef struct rm_gltf_doc {
    const char *file;       /* the name for messages (borrowed) */
    char *folder;           /* the folder of `file` ("" or ".../"), for URIs */
    json_t *json;
    size_t buffer_count;    rm_gltf_buffer *buffers;
    size_t view_count;      rm_gltf_view *views;
    size_t accessor_count;  rm_gltf_accessor *accessors;
    size_t mesh_count;      rm_gltf_mesh *meshes;
    size_t node_count;      rm_gltf_node *nodes;
    size_t material_count;  rm_gltf_material *materials;
    size_t texture_count;   rm_gltf_texture *textures;
    size_t image_count;     rm_gltf_image *images;
    size_t skin_count;      rm_gltf_skin *skins;
    size_t animation_count; rm_gltf_animation *animations;
    size_t scene_count;     rm_gltf_scene *scenes;
    int32_t scene;          /* the default scene, -1: none given (then scenes[0] if
                               any, else every root node) */
    bool glb;               /* read from a GLB container */
    bool quantized;         /* KHR_mesh_quantization is used */
} rm_gltf_doc;

/* ---- step 1: load (doc_load.c and its parts) ---- */

/* Reads a .gltf (JSON text) or .glb (binary) from memory. External
   buffers are read relative to the folder of `file` (URIs percent-decoded;
   no absolute path, no "..", no scheme but data:), each added to `inputs`
   (may be NULL) before it is read; data: URIs base64-decoded (checked).
   extensionsRequired naming an extension not supported is an error naming
   it (supported: KHR_mesh_quantization, KHR_texture_transform,
   KHR_materials_emissive_strength); extensionsUsed that are not supported
   get one note (a warning) listing them. Every index, count, offset,
   stride and length is checked; the node graph is checked to be a forest
   (each node one parent, no cycle, depth <= RM_GLTF_MAX_NODE_DEPTH).
   Returns RM_OK, RM_INVALID (messages in diag), RM_IO (an external file
   cannot be read: "FILE: /buffers/0: cannot read "a.bin": No such file"),
   RM_NOMEM. On failure *doc is left freed (rm_gltf_doc_free is safe). */
rm_status rm_gltf_doc_load(const uint8_t *data, size_t size, const char *file, uint64_t max_bytes,
                           rm_output_set *inputs, rm_gltf_doc *doc, rm_diag *diag);
void rm_gltf_doc_free(rm_gltf_doc *doc);

/* True when the bytes start as a GLB ("glTF" magic). */
bool rm_gltf_is_glb(const uint8_t *data, size_t size);

/* base64.c: decodes standard base64 (RFC 4648, '=' padding optional, no
   other characters). Returns false on a bad character or length; *out is
   malloc'd (NULL on failure, also when out of memory: *nomem set). */
bool rm_gltf_base64_decode(const char *text, size_t n, uint8_t **out, size_t *out_size,
                           bool *nomem);

/* uri.c: decodes a relative URI's %XX escapes into a malloc'd path. NULL
   with *why set ("has a scheme", "is absolute", "goes up with ..", "has a
   bad % escape") when it is not a relative file reference, or out of
   memory (*why NULL). */
char *rm_gltf_uri_to_path(const char *uri, const char **why);

/* The bytes of an image: a bufferView's or a data: URI's bytes (owned
   copy, *owned set), or NULL with *path set to the file to read (malloc'd,
   folder + decoded URI). RM_INVALID with a message otherwise. */
rm_status rm_gltf_image_bytes(const rm_gltf_doc *doc, uint32_t image, uint8_t **owned,
                              size_t *size, char **path, rm_diag *diag);

/* An error at a JSON path ("FILE: /accessors/7: ..."). */
void rm_gltf_error(const rm_gltf_doc *doc, rm_diag *diag, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void rm_gltf_warning(const rm_gltf_doc *doc, rm_diag *diag, const char *path, const char *fmt,
                     ...) __attribute__((format(printf, 4, 5)));

/* ---- step 2: accessors (accessor.c) ---- */

/* Reads accessor `a` as count * components doubles into a malloc'd
   array (*out; count = accessor's count). Integers are converted as the
   spec says: normalized ones to [0, 1] / [-1, 1] (signed: max(c / 127, -1)
   and so on), others as their value. Sparse values replace theirs.
   `allowed` is a bit set of component types (1u << (type - 5120)) and
   `components_ok` the accepted component counts as a bit set (1u << n);
   `need_normalized` refuses non-normalized integers (COLOR_0, TEXCOORD_0
   without KHR_mesh_quantization). Anything else is an error naming the
   accessor and what the use needs ("/accessors/3: POSITION must be VEC3
   of FLOAT (or BYTE/SHORT with KHR_mesh_quantization), not VEC2 of FLOAT").
   `use` names the use in messages ("POSITION", "indices", "the input of
   /animations/0/samplers/1"). */
rm_status rm_gltf_accessor_read(const rm_gltf_doc *doc, uint32_t a, uint32_t allowed,
                                uint32_t components_ok, bool need_normalized, const char *use,
                                double **out, rm_diag *diag);

/* Reads an index accessor (SCALAR of UNSIGNED_BYTE/SHORT/INT, not
   normalized) into a malloc'd uint32 array; every index < `limit` (the
   vertex count), else an error naming the first bad one. */
rm_status rm_gltf_accessor_indices(const rm_gltf_doc *doc, uint32_t a, uint32_t limit,
                                   const char *use, uint32_t **out, rm_diag *diag);

/* Component-type bits for rm_gltf_accessor_read. */
#define RM_GLTF_BIT(type) (1u << ((type) - RM_GLTF_BYTE))
#define RM_GLTF_ANY_INT (RM_GLTF_BIT(RM_GLTF_BYTE) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_BYTE) | \
                         RM_GLTF_BIT(RM_GLTF_SHORT) | RM_GLTF_BIT(RM_GLTF_UNSIGNED_SHORT) | \
                         RM_GLTF_BIT(RM_GLTF_UNSIGNED_INT))

/* ---- matrices and quaternions (math.c) ---- */

void rm_gltf_mat_identity(double m[16]);
/* T * R * S. */
void rm_gltf_mat_from_trs(const double t[3], const double q[4], const double s[3], double m[16]);
/* out = a * b (out may alias neither). */
void rm_gltf_mat_mul(const double a[16], const double b[16], double out[16]);
/* false when singular. */
bool rm_gltf_mat_invert(const double m[16], double out[16]);
void rm_gltf_mat_point(const double m[16], const double p[3], double out[3]);
/* The direction transformed by the inverse transpose (for normals), not
   normalised. */
void rm_gltf_mat_normal(const double m[16], const double n[3], double out[3]);
/* The node's rest local matrix (matrix, or T*R*S). */
void rm_gltf_node_local(const rm_gltf_node *n, double m[16]);
/* World matrices at rest of every node (parents first), malloc'd
   node_count * 16 doubles; NULL when out of memory. */
double *rm_gltf_rest_world(const rm_gltf_doc *doc);
void rm_gltf_quat_normalize(double q[4]);
/* Spherical interpolation of unit quaternions, the shorter way. */
void rm_gltf_quat_slerp(const double a[4], const double b[4], double t, double out[4]);
/* Quaternion to a 3x3 rotation (row-major r[row][col]). */
void rm_gltf_quat_to_rot(const double q[4], double r[3][3]);

/* ---- step 3: scene -> mesh (to_mesh.c) ---- */

/* What the mesh step tells the rig step about the groups it made. */
typedef struct rm_gltf_groups {
    size_t count;           /* = mesh->group_count */
    uint32_t *node;         /* per group: the mesh node it comes from, or for a
                               skinned mesh the joint NODE its vertices are weighted to */
    bool *skinned;          /* per group: made from a skin's joint */
    size_t skinned_mesh_nodes;  /* how many mesh nodes use a skin */
} rm_gltf_groups;

void rm_gltf_groups_free(rm_gltf_groups *g);

/* Every mesh node of the default scene (depth first, children in order)
   into `out` (initialised by the call), at rest:
   - positions through the node's world matrix; skinned primitives
     through jointWorld * inverseBind of their vertex's joint (the rigid
     joint from rm_gltf_skin_vertex_joints);
   - a group per mesh node named after the node (its mesh's name, then
     "node<N>", when it has none; names made unique with ".1", ".2"), and
     for a skinned mesh one group per joint used, named after the joint
     node; each group has its own positions (none shared between groups);
   - faces: TRIANGLES, TRIANGLE_STRIP (every other one turned so that all
     face the same way), TRIANGLE_FAN, indexed or not; degenerate
     triangles of strips kept out; POINTS/LINES skipped with one warning
     per primitive ("/meshes/0/primitives/1: mode LINES has no faces:
     skipped");
   - NORMAL (normals through the inverse transpose), TEXCOORD_0 (V made
     OBJ's: v' = 1 - v, after KHR_texture_transform), COLOR_0 (linear to
     display values, rm_gltf_linear_to_srgb, alpha dropped);
   - materials (material.c): name, baseColorFactor (display values), the
     texture (a file: map_kd = the decoded path relative to the glTF's
     folder, library = the glTF file, so the converter looks where it
     looks for an MTL's images; embedded: decoded to map_kd_rgba, map_kd a
     name made from the image's name or "image<N>.png"), alpha modes,
     doubleSided, extras' jo_* options (rm_mtl_jo_option).
   out->from_triangles is set. `groups` (initialised by the call) says
   where each group comes from. */
rm_status rm_gltf_to_mesh(const rm_gltf_doc *doc, const rm_gltf_options *opt,
                          rm_output_set *inputs, rm_mesh *out, rm_gltf_groups *groups,
                          rm_diag *diag);

/* colour.c: a linear value (0..1, clamped) to the sRGB display value. */
double rm_gltf_linear_to_srgb(double v);

/* ---- step 4: skins and the rig ---- */

/* skin.c: the joint of each vertex of a skinned primitive: node index per
   vertex into joint_node (vertex_count entries, caller's array). Every
   vertex must be weighted fully to one joint (weights other than the
   heaviest below 1e-3 of the total, as Blender writes them); otherwise an
   error "/meshes/M/primitives/P: vertex V is weighted to several joints:
   "arm" 0.60, "hand" 0.40 (a rigid skeleton moves each vertex with one
   joint; give --rigid to give each vertex to its heaviest joint)" (the
   first 8 such vertices named, then a count), or with opt->rigid the
   heaviest joint and *moved incremented. Also checks JOINTS_0 indices
   against the skin (error naming the vertex and index). */
rm_status rm_gltf_skin_vertex_joints(const rm_gltf_doc *doc, uint32_t mesh, uint32_t primitive,
                                     uint32_t skin, uint32_t vertex_count,
                                     const rm_gltf_options *opt, uint32_t *joint_node,
                                     size_t *moved, rm_diag *diag);

/* skin.c: per joint of the skin: jointRestWorld * inverseBind (joint_count
   * 16 doubles, malloc'd), the matrix a rigid vertex of that joint is moved
   by at rest. `rest_world` from rm_gltf_rest_world. */
rm_status rm_gltf_skin_rest_matrices(const rm_gltf_doc *doc, uint32_t skin,
                                     const double *rest_world, double **out, rm_diag *diag);

/* rig.c: the rigid skeleton of the model, or *out = NULL when it has none
   (no skin in use and no animated node above or at a mesh node).
   - bones: the joints of the skins in use, or the animated nodes at or
     above mesh nodes (setup (a)); ordered parents first (depth first in
     the scene); each bone's parent is its nearest bone ancestor; pivot =
     the node's rest world position; more than 32 is an error giving the
     count;
   - groups: each group goes to the bone at or nearest above groups->node;
     groups of one bone are joined into one, named after the bone's node
     when several were joined (the mesh is changed: face_group and groups);
     a bone's group name in the skeleton is that group's;
   - animations: every glTF animation sampled (sample.c) at key_ticks
     (opt->key_ticks, or the smallest step between its keyframes in ticks,
     at least 1), each bone's rotation relative to its parent bone, taken
     from rest, as degrees around X, Y, Z for the engine's Rx*Ry*Rz
     (euler.c), continuous from key to key; the first root bone's
     translation from rest as the root offset; other translation and any
     scale animation warned about once per animation and bone; names cut
     to 15 bytes with a warning; loops detected (last pose = first: loop,
     last key dropped), opt->loop / opt->once names decide otherwise (a
     name that is no animation is an error).
   The skeleton's source is the glTF file. */
rm_status rm_gltf_rig(const rm_gltf_doc *doc, const rm_gltf_options *opt, rm_mesh *mesh,
                      const rm_gltf_groups *groups, rm_skeleton **out, rm_diag *diag);

/* sample.c: the value of a channel's sampler at time t (seconds): LINEAR
   (slerp for rotations), STEP, CUBICSPLINE (Hermite, rotations normalised),
   clamped before the first and after the last keyframe. `values` is the
   output accessor read as doubles, `times` the input. n = components (3 or
   4). */
void rm_gltf_sample(const double *times, size_t key_count, const double *values, unsigned n,
                    rm_gltf_interp interp, bool rotation, double t, double *out);

/* euler.c: the angles (degrees) a, b, c with R = Rx(a) * Ry(b) * Rz(c) (R
   row-major, a rotation); of the two solutions, the one nearest `prev`
   (each angle compared modulo 360 and moved by whole turns to be within
   180 of prev's); prev NULL: the principal one (b in [-90, 90]). */
void rm_gltf_euler_xyz(const double r[3][3], const double *prev, double out[3]);

#endif
