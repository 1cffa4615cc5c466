/* src/convert/stages.h - the steps of rm_convert_mesh_to_jom() and the
   state they share.

   Usage (obj_to_jom.c runs them in this order; each reads what the steps
   before it filled in the context and fills its own part):
     rm_cv_convert_positions   positions.c  axes, scale, Q16.16; range errors
     rm_cv_build_polygons      faces.c      reversal, degenerate faces,
                                            triangles, quads, n-gon cutting
     rm_cv_merge_triangles     merge.c      pairs of triangles -> quads
                                            (opt.merge_triangles only)
     rm_cv_gather_groups       groups.c     polygon order, GRUP ranges
     rm_cv_build_materials     materials.c  MATL, QMAT
     rm_cv_build_textures      textures.c   map_Kd images, TEXT, TIMG,
                                            MATL.texture, slices (slice.c)
     rm_cv_build_points        weld.c       PNTS, weld, point order
     rm_cv_build_normals       normals.c    NTAB, CNRM
     rm_cv_build_colors        colors.c     VCOL, GOUR
     rm_cv_budget_check        budget.c     textures, VRAM, polygons, points
     rm_cv_build_skeleton      skeleton.c   BONE, ANIM (with opt.skeleton only)
   (faces.c also turns textured polygons by their UVs: uv_corners.c.)
   Every array of the context is malloc'd by its step and released by
   rm_cv_ctx_free(). The pure helpers that the tests call are declared here
   too, next to the step that uses them. */
#ifndef RM_CONVERT_STAGES_H
#define RM_CONVERT_STAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/convert.h"
#include "retromesh/diag.h"
#include "retromesh/fixed.h"
#include "retromesh/jom.h"
#include "retromesh/mesh.h"

#include "textures.h"

/* splitmix64's finalizer: the hash of the welding tables (weld.c,
   simplify_mesh.c), keyed by values, never by addresses. */
static inline uint64_t rm_cv_mix64(uint64_t h)
{
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9u;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBu;
    h ^= h >> 31;
    return h;
}

/* A polygon to write, before the points are numbered. */
typedef struct rm_cv_poly {
    uint32_t corner[4];     /* mesh corner (index into corner_position) of A, B, C, D;
                               a triangle has corner[3] == corner[2] */
    uint32_t face;          /* the mesh face it comes from */
    rm_vec3x normal;        /* unit, outward, Q16.16 */
} rm_cv_poly;

/* A GRUP record before its values are narrowed to u16. */
typedef struct rm_cv_group_range {
    uint32_t mesh_group;
    size_t first_polygon, polygon_count;
    size_t first_point, point_count;
} rm_cv_group_range;

typedef struct rm_cv_ctx {
    const rm_mesh *mesh;
    rm_convert_options opt;
    rm_diag *diag;
    const char *file;           /* mesh->source, or "<mesh>" */

    /* positions.c */
    rm_vec3x *pos;              /* position_count; valid for positions used by a face */

    /* faces.c, reordered by groups.c */
    rm_cv_poly *polys;
    size_t poly_count, poly_cap;

    /* groups.c */
    rm_cv_group_range *groups;  /* GRUP order */
    size_t group_count;
    uint32_t *group_index;      /* mesh group -> index in groups, UINT32_MAX: no polygon */

    /* materials.c */
    rm_jom_material *materials;
    size_t material_count;
    uint32_t *poly_material;    /* poly_count */
    uint32_t *material_source;  /* material_count: the mesh material of each record,
                                   RM_MESH_NONE for the default one */

    /* obj_to_jom.c, after the polygons are final: there are more than a
       JOM can hold, so the conversion fails at the limits. The steps after
       then only give their messages and the counts the limit errors need,
       not the arrays of a model that will not be written. */
    bool doomed;

    /* simplify.c: the mesh is a simplified one whose faces the user never
       saw (the source's faces were warned about before): warnings about
       single faces are left out, errors are kept. */
    bool quiet_faces;

    /* merge.c: how many pairs of triangles became quads */
    size_t merged_pairs;

    /* faces.c: the last face warned about mirrored UVs, + 1 (0: none) */
    size_t mirror_warned;

    /* textures.c (texture_find.c, slice.c, texture_names.c) */
    rm_cv_image *images;
    size_t image_count;
    rm_cv_texture *textures;    /* TEXT order */
    size_t texture_count, texture_cap;
    uint32_t *texture_set;      /* open addressing on the CRC: texture index + 1, 0: empty */
    size_t texture_set_cap;

    /* weld.c */
    rm_vec3x *points;
    uint32_t *point_source;     /* mesh position of each point (the first merged one) */
    size_t point_count;
    uint32_t *corner_point;     /* 4 * poly_count */

    /* normals.c */
    bool has_normals;
    rm_vec3x *normals;
    size_t normal_count;
    uint32_t *corner_normal;    /* 4 * poly_count */

    /* colors.c */
    rm_vec3x *colors;           /* point_count, or NULL */
    uint16_t *gouraud;          /* 4 * poly_count, or NULL */

    /* budget.c */
    rm_convert_budget budget;
} rm_cv_ctx;

void rm_cv_ctx_free(rm_cv_ctx *c);

/* The group key of a face: 0 = no group, g + 1 = mesh group g. */
static inline uint32_t rm_cv_group_key(const rm_mesh *m, uint32_t face)
{
    if (!m->face_group || m->face_group[face] == RM_MESH_NONE)
        return 0;
    return m->face_group[face] + 1;
}

/* ---- report.c: messages about faces ------------------------------------ */

/* "FILE:LINE: warning: MESSAGE" with the face's line, or
   "FILE: warning: face N: MESSAGE" when the mesh has no lines. */
void rm_cv_face_diag(const rm_cv_ctx *c, rm_severity sev, size_t face, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* "line 12" or "face 3" (1-based), for a reference inside a message. */
void rm_cv_face_where(const rm_cv_ctx *c, size_t face, char *buf, size_t size);
/* "FILE: warning: MESSAGE" about the whole mesh. */
void rm_cv_diag(const rm_cv_ctx *c, rm_severity sev, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* n in decimal with a comma every three digits: "2,611". */
void rm_cv_count_text(size_t n, char *buf, size_t size);

/* ---- sort.c ------------------------------------------------------------ */

/* Stable merge sort of n indexes with a comparison that gets a context.
   Returns false when out of memory (a is then unchanged). */
bool rm_cv_sort_u32(uint32_t *a, size_t n, int (*cmp)(uint32_t, uint32_t, const void *),
                    const void *ctx);

/* ---- names.c ----------------------------------------------------------- */

/* The first 15 bytes of name (NULL: ""), zero padded to 16. Returns true
   when the name was cut. */
bool rm_cv_truncate_name(const char *name, char out[16]);

/* ---- positions.c ------------------------------------------------------- */

/* (x, -y, -z) * scale, or (x, y, z) * scale with saturn_axes. */
rm_vec3d rm_cv_axis_change(rm_vec3d p, bool saturn_axes, double scale);
rm_status rm_cv_convert_positions(rm_cv_ctx *c);

/* ---- faces.c ----------------------------------------------------------- */

rm_status rm_cv_build_polygons(rm_cv_ctx *c);

/* ---- merge.c ----------------------------------------------------------- */

/* Two triangles are flat enough to be one quad when the angle between
   their normals is below this (degrees; scale-free). */
#define RM_CV_MERGE_DEGREES 1.0
/* Textured pairs: the far corner's UV may be this fraction of the quad's
   UV box (its longer side) from where the other triangle's affine UV map
   puts it (half a texel of a 504-texel-wide texture); the first
   triangle's UVs must span an area above this fraction of the box squared. */
#define RM_CV_MERGE_UV_RATIO 1e-3

/* With opt.merge_triangles: joins pairs of triangles into quads (the rule
   is at the top of merge.c and in docs/convert.md), in place in c->polys;
   c->merged_pairs says how many, and a note too. Runs after
   rm_cv_build_polygons, before rm_cv_gather_groups. */
rm_status rm_cv_merge_triangles(rm_cv_ctx *c);

/* ---- groups.c ---------------------------------------------------------- */

rm_status rm_cv_gather_groups(rm_cv_ctx *c);

/* For n corners (mesh position src[i], group key key[i]: 0 = no group,
   g + 1 = group g), the set of keys of each used position: set_of[pos] is
   an id (equal sets <=> equal ids), single_of[pos] the key when the set
   has one key, else UINT32_MAX. Unused positions get UINT32_MAX in both.
   Both arrays hold position_count entries. */
rm_status rm_cv_group_sets(size_t position_count, size_t n, const uint32_t *src,
                           const uint32_t *key, uint32_t *set_of, uint32_t *single_of);

/* ---- materials.c ------------------------------------------------------- */

uint8_t rm_cv_color_byte(double kd);    /* round(clamp(kd, 0, 1) * 255); NaN: 255 */
uint8_t rm_cv_shine(double ns);         /* clamp(round(ns), 0, 255); NaN: 0 */
/* The MATL record of a mesh material (name truncated, texture -1). */
void rm_cv_material_record(const rm_mesh_material *m, rm_jom_material *out);
/* The record for faces without a material: white, shine 0, flags 0. */
void rm_cv_default_material(const char *name, rm_jom_material *out);
rm_status rm_cv_build_materials(rm_cv_ctx *c);

/* ---- textures.c ------------------------------------------------------- */

/* True when the mesh material has a texture (map_Kd). */
bool rm_cv_material_textured(const rm_mesh *m, uint32_t material);
/* True when the polygons of the face get their corners from the UVs (a
   textured material, without --slice-textures). */
bool rm_cv_face_uv_rule(const rm_cv_ctx *c, size_t face);
rm_status rm_cv_build_textures(rm_cv_ctx *c);
/* The index of the texture with these pixels, added when new (the data
   is then owned by the context; otherwise it is freed). */
rm_status rm_cv_add_texture(rm_cv_ctx *c, rm_cv_texture *t, uint32_t *index);
/* The texture of an image as a whole (or a slice of it: `region` not NULL,
   with its size), in the format the material asks for. */
rm_status rm_cv_make_texture(rm_cv_ctx *c, uint32_t image, const rm_mesh_material *mat,
                             const rm_image *region, bool slice, uint32_t *index);
/* st, or RM_INVALID with an error naming the image when an image function
   refused its arguments (RM_OK and RM_NOMEM pass through). */
rm_status rm_cv_image_failed(rm_cv_ctx *c, uint32_t image, rm_status st);

/* ---- texture_find.c ---------------------------------------------------- */

/* Finds and loads the image of a mesh material's map_Kd (once per path):
   relative to its MTL's folder, then in --texture-dir (then the same with
   the file name alone). *image: index in c->images. A missing or unreadable
   image is an error naming the MTL line and every path tried (RM_INVALID). */
rm_status rm_cv_load_material_image(rm_cv_ctx *c, uint32_t material, uint32_t *image);
/* The line of the map_Kd statement of a material in its MTL file (read
   again: the mesh keeps only the newmtl line); the newmtl line when it
   cannot be found. */
unsigned long rm_cv_map_kd_line(const rm_mesh_material *mat);

/* ---- slice.c ----------------------------------------------------------- */

/* The size of the slice under UV corners uv[0..3] (a triangle repeats
   corner 2) on an atlas of aw x ah: the longer of the top and bottom edges
   and of the left and right edges, in texels, rounded (at least 1), then
   fitted by rm_texture_fit_size(). */
void rm_cv_slice_size(const double uv[4][2], uint32_t aw, uint32_t ah, uint32_t max_w,
                      uint32_t max_h, uint32_t *w, uint32_t *h);
/* With --slice-textures: a texture per polygon, a MATL record per
   (material, texture). */
rm_status rm_cv_slice_textures(rm_cv_ctx *c);

/* ---- texture_files.c --------------------------------------------------- */

/* TEXT (and TIMG when embedded: the pixel bytes move into the model) and,
   when r is not NULL, the caller's list of textures with their .BIN bytes
   and the images read. */
rm_status rm_cv_fill_textures(rm_cv_ctx *c, rm_jom_model *out, rm_convert_result *r);

/* ---- budget.c ---------------------------------------------------------- */

/* Fills c->budget from the model; over the budget: a warning, or an error
   (RM_INVALID) with --strict. */
rm_status rm_cv_budget_check(rm_cv_ctx *c, const rm_jom_model *out);

/* ---- weld.c ------------------------------------------------------------ */

/* Gives each of n corners a point: corners with the same key share one.
   The key is (pos[i], set[i]) when `weld` (set may be NULL: all 0), the
   mesh position src[i] otherwise. Points are numbered in the order of
   their first corner; first[k] is the first corner of point k (first has
   room for n entries). Uses a hash table keyed by value: deterministic. */
rm_status rm_cv_weld(size_t n, const rm_vec3x *pos, const uint32_t *set, const uint32_t *src,
                     bool weld, uint32_t *point_of, uint32_t *first, size_t *point_count);
rm_status rm_cv_build_points(rm_cv_ctx *c);

/* ---- normals.c --------------------------------------------------------- */

rm_status rm_cv_build_normals(rm_cv_ctx *c);

/* ---- colors.c ---------------------------------------------------------- */

/* round(c * 65536); *bad set (and 1.0 returned) when c is not a number or
   does not fit Q16.16. */
rm_fixed rm_cv_color_fixed(double c, bool *bad);
/* clamp(round(c * 16), 0, 31): 1.0 -> 16, the neutral gouraud value. NaN: 16. */
unsigned rm_cv_gouraud_channel(double c);
/* RGB555 with bit 15 set. */
uint16_t rm_cv_gouraud_color(rm_vec3d color);
rm_status rm_cv_build_colors(rm_cv_ctx *c);

/* ---- skeleton.c -------------------------------------------------------- */

/* Degrees to jo_angle: degrees * 65536 / 360 rounded (halves away from
   zero), wrapped to 16 bits (180 -> -32768, 360 -> 0). NaN gives 0. */
int16_t rm_cv_jo_angle(double degrees);
/* The angles of a turn about the OBJ's X, Y, Z as the engine's angles about
   the Saturn's axes: the axis change (x, -y, -z) keeps X and changes the
   sign of Y and Z; with saturn_axes nothing changes. */
void rm_cv_bone_angles(const double degrees[3], bool saturn_axes, int16_t out[3]);
/* BONE and ANIM from c->opt.skeleton, into the model (after fill(): uses
   the GRUP order of c->groups); nothing when there is no skeleton. */
rm_status rm_cv_build_skeleton(rm_cv_ctx *c, rm_jom_model *out);

#endif
