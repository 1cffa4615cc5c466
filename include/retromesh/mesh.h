/* retromesh/mesh.h - the neutral mesh: what every reader produces and every
   converter consumes (OBJ -> mesh -> JOM; later Oni and NIFF -> mesh -> OBJ).

   Usage:
     rm_mesh m;
     rm_mesh_init(&m);
     ... a reader fills it (rm_obj_read_file) ...
     for (size_t f = 0; f < m.face_count; f++) {
         uint32_t n = rm_mesh_face_corners(&m, f);
         const uint32_t *pos = m.corner_position + m.face_start[f];
         ...
     }
     rm_mesh_free(&m);

   Everything is plain arrays of doubles and indices in the axes and units of
   the source file (for OBJ: Y up, right handed); no fixed point, no Saturn
   rules. Indices are 0-based and already checked by the reader: every
   corner_position is < position_count, every corner_uv/corner_normal is -1
   or < uv_count/normal_count, every face_material is < material_count or
   RM_MESH_NONE, every face_group < group_count or RM_MESH_NONE.

   Ownership: the mesh owns every array and string; rm_mesh_free() releases
   them. Arrays that a source does not have are NULL (colors, corner_uv,
   corner_normal, position_line...). */
#ifndef RETROMESH_MESH_H
#define RETROMESH_MESH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RM_MESH_NONE 0xFFFFFFFFu

struct rm_skeleton;             /* retromesh/skeleton.h */

typedef struct rm_vec3d {
    double x, y, z;
} rm_vec3d;

/* JO_3D_MATERIAL_xxx flags (jo_3d_material.flags), as in model.h. */
#define RM_MAT_DUAL_PLANE       (1u << 0)
#define RM_MAT_SORT_MIN         (1u << 1)
#define RM_MAT_SORT_MAX         (1u << 2)
#define RM_MAT_SORT_PREVIOUS    (RM_MAT_SORT_MIN | RM_MAT_SORT_MAX)
#define RM_MAT_GOURAUD          (1u << 3)
#define RM_MAT_HALF_TRANSPARENT (1u << 4)
#define RM_MAT_SCREEN_DOORS     (1u << 5)
#define RM_MAT_LIGHT            (1u << 6)
#define RM_MAT_FLIP_H           (1u << 7)
#define RM_MAT_FLIP_V           (1u << 8)
#define RM_MAT_END_CODES        (1u << 9)
#define RM_MAT_MIPMAPS          (1u << 10)
#define RM_MAT_SUBDIVISION      (1u << 11)
#define RM_MAT_SUBDIVISION_NEAR (1u << 12)
#define RM_MAT_USER(n)          (1u << (16 + (n)))

/* A material: the MTL statements the Saturn can use, and the jo_* options. */
typedef struct rm_mesh_material {
    char *name;             /* full name as written (usemtl / newmtl) */
    bool defined;           /* found in a material library */
    char *library;          /* file that defined it (NULL if not defined) */
    unsigned long line;     /* line of its newmtl (0 if not defined) */
    double kd[3];           /* Kd; 1,1,1 when absent */
    bool has_kd;
    double ns;              /* Ns; 0 when absent */
    bool has_ns;
    double dissolve;        /* d, or 1 - Tr; 1 when absent */
    char *map_kd;           /* map_Kd file name as written (options removed), or NULL */
    uint32_t jo_flags;      /* RM_MAT_xxx from the jo_* options */
    uint32_t jo_value;      /* jo_value N (jo_3d_material.user) */
    uint16_t jo_subdivision_error;  /* jo_subdivision_error N */
    bool jo_lut;            /* jo_lut 1 (16-color texture) */
    /* The texture's pixels when the source file carries them (a NIFF
       TexImg): RGBA 8-8-8-8, top row first, map_kd_width * map_kd_height * 4
       bytes; NULL otherwise. When set, converters use these pixels instead
       of reading map_kd (which then only names the image, e.g. WALL.PNG for
       an OBJ export). Owned by the mesh. */
    uint8_t *map_kd_rgba;
    uint32_t map_kd_width, map_kd_height;
} rm_mesh_material;

/* A group: an OBJ `o` or `g` name. Faces name their group by index. */
typedef struct rm_mesh_group {
    char *name;
    unsigned long line;     /* line of the first o/g statement with this name */
} rm_mesh_group;

typedef struct rm_mesh {
    char *source;               /* file name the mesh was read from (for messages) */

    size_t position_count;
    rm_vec3d *positions;
    rm_vec3d *colors;           /* NULL, or position_count colors (1,1,1 where a
                                   vertex had none; see has_color) */
    uint8_t *has_color;         /* NULL, or position_count flags: 1 = the file gave a color */
    unsigned long *position_line;  /* NULL, or the source line of each position */

    size_t uv_count;
    double (*uvs)[2];           /* vt u v */
    size_t normal_count;
    rm_vec3d *normals;          /* vn, as written (not normalized) */

    size_t face_count;
    uint32_t *face_start;       /* face_count + 1 entries: the corners of face f
                                   are [face_start[f], face_start[f+1]) */
    uint32_t *corner_position;  /* corner_count entries */
    int32_t *corner_uv;         /* NULL, or corner_count entries (-1: none) */
    int32_t *corner_normal;     /* NULL, or corner_count entries (-1: none) */
    uint32_t *face_material;    /* face_count entries (RM_MESH_NONE: no usemtl) */
    uint32_t *face_group;       /* face_count entries (RM_MESH_NONE: before any o/g) */
    unsigned long *face_line;   /* NULL, or the source line of each face */
    uint32_t *face_column;      /* NULL, or the column its statement starts at (1-based;
                                   0: unknown); set where face_line is */

    size_t material_count;
    rm_mesh_material *materials;   /* in order of first use */
    size_t group_count;
    rm_mesh_group *groups;         /* in order of first statement */

    /* Material libraries named by mtllib (as written), for info and warnings. */
    size_t library_count;
    char **libraries;

    /* The rigid skeleton the source carries (a glTF's armature and
       animations, retromesh/skeleton.h), or NULL. Owned: rm_mesh_free
       frees it. A converter uses it when it is given no other skeleton. */
    struct rm_skeleton *skeleton;
    /* The source format holds only triangles (glTF): a converter joins
       triangle pairs back into quads (the --merge-triangles rule) unless
       it is told to keep the triangles. */
    bool from_triangles;
} rm_mesh;

void rm_mesh_init(rm_mesh *m);
void rm_mesh_free(rm_mesh *m);

static inline uint32_t rm_mesh_face_corners(const rm_mesh *m, size_t face)
{
    return m->face_start[face + 1] - m->face_start[face];
}

static inline size_t rm_mesh_corner_count(const rm_mesh *m)
{
    return m->face_count ? m->face_start[m->face_count] : 0;
}

/* Sets a material's fields to the defaults above (name not touched). */
void rm_mesh_material_defaults(rm_mesh_material *mat);

#ifdef __cplusplus
}
#endif
#endif
