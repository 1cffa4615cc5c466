/* retromesh/convert.h - turning a neutral mesh into a Saturn model (JOM).

   Usage:
     rm_convert_options opt;
     rm_convert_options_default(&opt);
     opt.scale = 4.0;
     rm_jom_model jom;
     if (rm_convert_mesh_to_jom(&mesh, &opt, &jom, &diag) == RM_OK) {
         rm_jom_write_file(&jom, "ROBOT.JOM", &diag);
         rm_jom_free(&jom);
     }

   With textures written as .BIN files (the default; --embed-textures puts
   them in the JOM instead), the caller also gets their bytes, and the
   budget numbers:
     rm_convert_result res;
     rm_convert_result_init(&res);
     if (rm_convert_mesh_to_jom_ex(&mesh, &opt, &jom, &res, &diag) == RM_OK) {
         const char *keep[] = { "robot.obj", "ROBOT.JOM" };
         rm_convert_write_textures(&res, "cd", keep, 2, &diag);   // cd/WALL.BIN...
         char line[256];
         rm_convert_budget_line(&res.budget, line, sizeof line);
         ...
     }
     rm_convert_result_free(&res);

   The rules (axes, weld, triangles, n-gons, normals, materials, groups,
   bounding sphere, limits) are in docs/convert.md, the textures in
   docs/textures.md. Warnings (degenerate faces, concave quads, split
   groups, truncated names, resized textures, over budget) go to the
   rm_diag with the source line of the face; errors make the call return
   RM_INVALID and leave *out empty. */
#ifndef RETROMESH_CONVERT_H
#define RETROMESH_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "jom.h"
#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

struct rm_skeleton;             /* retromesh/skeleton.h */

typedef struct rm_convert_options {
    bool saturn_axes;       /* --saturn-axes: keep the axes and the vertex order */
    double scale;           /* --scale S (default 1) */
    bool no_weld;           /* --no-weld: keep points at the same position */
    bool keep_triangles;    /* --keep-triangles: keep the OBJ order of triangles */

    /* Textures (docs/textures.md). */
    const char *texture_dir;    /* --texture-dir DIR: where map_Kd images are looked for
                                   after the MTL's folder (NULL: nowhere else); borrowed */
    bool embed_textures;        /* --embed-textures: a TIMG chunk, names with a pixel hash */
    bool dither;                /* --dither: ordered dithering to RGB555 / 16 colors */
    uint32_t max_texture_width; /* --max-texture WxH: a cap on every texture (0: only */
    uint32_t max_texture_height;/*   the VDP1 limits, 504x255) */
    bool slice_textures;        /* --slice-textures: one texture per polygon, cut from the atlas */
    bool strict;                /* --strict: over the budget is an error, not a warning */

    /* --skeleton RIG.json (retromesh/skeleton.h, docs/skeleton.md): BONE and
       ANIM chunks from it; NULL: none. Borrowed. */
    const struct rm_skeleton *skeleton;

    /* --no-textures: ignore every map_Kd (no image is read, no TEXT; the
       materials keep their color), to convert the geometry when the images
       are not at hand. */
    bool no_textures;

    /* --merge-triangles: join pairs of triangles of the same material and
       group that share an edge into quads, where the VDP1 draws the quad
       exactly as the two triangles (flat, convex, the same per-corner data;
       docs/convert.md, "Merging triangles"). Fewer polygons a frame. */
    bool merge_triangles;

    /* Simplification to a budget (docs/convert.md, "Simplification";
       src/convert/simplify*.c, meshoptimizer). 0 / 0.0: no limit. When any
       of the three is set, the mesh is simplified before it is converted,
       keeping groups (and so bones) apart, material borders, UV seams and
       vertex colours, and triangle pairs are then joined into quads (the
       merge_triangles rule), so that the limits count what the VDP1 draws.
       --max-polygons N / --max-points N: at most N polygons / points in the
       JOM; --error E: stop before the error passes E (model units after
       scale; with max_error_is_share, E is a share of the bounding radius:
       --error 2% gives 0.02). The result says what was done
       (rm_convert_result.simplify). */
    uint32_t max_polygons;
    uint32_t max_points;
    double max_error;
    bool max_error_is_share;
} rm_convert_options;

void rm_convert_options_default(rm_convert_options *opt);

/* The practical limits the budget is checked against (saturn-notes 3.4,
   7.5): the VDP1 VRAM from 0x10000 to Jo's gouraud tables at 0x70000, the
   sprite table (JO_MAX_SPRITE, makefile default), SGL's per-frame caps. */
#define RM_BUDGET_VRAM_BYTES 393216u
#define RM_BUDGET_TEXTURES 255u
#define RM_BUDGET_POLYGONS 1761u   /* _MaxPolygons of the SGLAREA.O Jo links (jo-engine-api 0.2, 10), not 1800 */
#define RM_BUDGET_POINTS 2500u

/* What the model costs on the Saturn. */
typedef struct rm_convert_budget {
    uint32_t textures;      /* entries of TEXT */
    uint64_t texels;        /* sum of width * height */
    uint64_t vram_bytes;    /* as the engine allocates them: each texture rounded up to 32 bytes */
    uint32_t polygons;
    uint32_t points;
    bool over;              /* one of the four is over its limit */
} rm_convert_budget;

/* A texture of the model, in TEXT order. */
typedef struct rm_convert_texture {
    char name[16];          /* as in TEXT: WALL.BIN, or WALL_1A2B3C.BIN when embedded */
    const char *image;      /* the image file it comes from (points into images[]) */
    uint32_t width, height;
    uint16_t format;        /* 0: RGB555, 1: 16 colors + lookup table (embedded only) */
    bool slice;             /* cut from the image by --slice-textures */
    uint32_t vram_bytes;    /* what it takes in VDP1 VRAM (a multiple of 32) */
    uint8_t *bin;           /* without --embed-textures: the .BIN file (saturn-notes 3.1); else NULL */
    size_t bin_size;
    /* Set by rm_convert_settle_textures(): the target exists with these
       very bytes, so it need not be written again. */
    bool unchanged;
} rm_convert_texture;

/* What the simplification did (all zero when it did not run). Distances
   are in model units after --scale. */
typedef struct rm_convert_simplify {
    bool done;                  /* a limit was given and the mesh was simplified */
    uint64_t triangles_before;  /* the source's faces as triangles */
    uint64_t triangles_after;   /* what meshoptimizer kept */
    uint32_t polygons_after;    /* the JOM's polygons (after joining pairs) */
    uint32_t points_after;      /* the JOM's points */
    double error;               /* the largest distance between the simplified and the original
                                   surface (measured both ways, not meshoptimizer's estimate) */
    double radius;              /* the original's bounding radius */
    double error_share;         /* error / radius */
} rm_convert_simplify;

/* What a conversion gives besides the model. Owns everything it points to. */
typedef struct rm_convert_result {
    rm_convert_simplify simplify;
    size_t texture_count;
    rm_convert_texture *textures;
    size_t image_count;     /* every image file read (inputs: never written over) */
    char **images;
    rm_convert_budget budget;
} rm_convert_result;

void rm_convert_result_init(rm_convert_result *r);
void rm_convert_result_free(rm_convert_result *r);

rm_status rm_convert_mesh_to_jom(const rm_mesh *mesh, const rm_convert_options *opt,
                                 rm_jom_model *out, rm_diag *diag);
/* The same; `result` (may be NULL) gets the textures to write as .BIN
   files and the budget. Like *out, it is initialized by the call (free an
   earlier result first) and left empty on error; the caller frees it with
   rm_convert_result_free(). */
rm_status rm_convert_mesh_to_jom_ex(const rm_mesh *mesh, const rm_convert_options *opt,
                                    rm_jom_model *out, rm_convert_result *result, rm_diag *diag);

/* Writes each texture that has .BIN bytes to DIR/NAME (dir NULL or "": the
   current folder), each atomically. Nothing is written (RM_USAGE) when a
   target is one of the images read or one of the `keep` files (the same
   name, or the same file through a link): an input is never written over.
   `keep` may be NULL when keep_count is 0. */
rm_status rm_convert_write_textures(const rm_convert_result *r, const char *dir,
                                    const char *const *keep, size_t keep_count, rm_diag *diag);

struct rm_output_set;           /* retromesh/output.h */

/* Texture names are unique within one model only: before the model is
   serialised, settles each .BIN texture's name against the files already
   in DIR (NULL or "": the current folder), so that a .BIN of another model
   is never replaced.
   - DIR/NAME does not exist (or is not a regular file, or is one of the
     `inputs` (may be NULL): writing it is then refused by the output set,
     naming both): the name stays.
   - It exists with the same bytes: the name stays, `unchanged` is set.
   - It exists with other bytes: the texture takes its hashed 8.3 name,
     the first 3 characters of the name, '_' and the low 16 bits of the
     CRC-32 of its pixels (WAL_1A2B.BIN, +1, +2... past the names the model
     uses), in `r` and in the model's TEXT entry, with the warning
     "DIR/WALL.BIN: warning: exists with other pixels (another model's
     texture?): this model's texture is WAL_1A2B.BIN"; when the hashed name
     exists with the same bytes it is reused (`unchanged`).
   - The hashed name exists with other bytes too: RM_USAGE, naming both
     files; nothing is renamed.
   `jom` may be NULL (only `r` is renamed). */
rm_status rm_convert_settle_textures(rm_convert_result *r, rm_jom_model *jom, const char *dir,
                                     const struct rm_output_set *inputs, rm_diag *diag);

/* The one-line summary (no newline):
   "budget: 2 of 255 textures (8192 texels), VDP1 VRAM 16384 of 393216 bytes
   (4%), 12 of 1761 polygons, 8 of 2500 points", then ", over budget" when
   over. */
void rm_convert_budget_line(const rm_convert_budget *b, char *buf, size_t size);

/* The simplification line (no newline), for a result whose simplify.done:
   "simplified 200000 triangles to 1800 polygons (3411 triangles, 1802
   points): error 0.0123 (0.41% of the radius 3.02)". */
void rm_convert_simplify_line(const rm_convert_simplify *s, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
