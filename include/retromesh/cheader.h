/* retromesh/cheader.h - a converted model as a C header for Jo Engine,
   SGL and Yaul projects that have no JOM loader: SGL's POINT, POLYGON and
   ATTR arrays, a PDATA (and an XPDATA with vertex normals when the model
   has normals), its textures as RGB555 words, and for Jo Engine a
   jo_3d_mesh and a load function that adds the textures as sprites.

   Usage:
     rm_cheader_options ho;
     rm_cheader_options_default(&ho);
     char name[RM_CHEADER_NAME_MAX + 1];
     rm_cheader_name_from_path("out/robot.h", name, sizeof name);   // "robot"
     ho.name = name;
     char *text = NULL;
     size_t size = 0;
     rm_convert_result res;
     if (rm_cheader_from_mesh(&mesh, &convert_options, &ho, &text, &size, &res, &diag) == RM_OK)
         fwrite(text, 1, size, f);
     free(text);
     rm_convert_result_free(&res);

   The model goes through the same conversion as a JOM (rm_convert_mesh_to_jom_ex),
   is serialised by the JOM writer and read back, and the header's arrays are
   the tables of that file: NAME_points are its PNTS, NAME_polygons its QUAD,
   value for value. NAME_attributes follow retromesh/sgl.h (rm_sgl_attr_of)
   with every texture drawn as RGB (16-colour textures are expanded) and
   texno = the texture's index, rebased by the load function. What the
   generated file holds and how a game uses it: docs/cheader.md.

   The output is deterministic (no time stamp, numbers without locale);
   the comment at its top names the retromesh version and the options.

   Ownership: *text is malloc'd, the caller frees it; `res` as in
   retromesh/convert.h. */
#ifndef RETROMESH_CHEADER_H
#define RETROMESH_CHEADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "convert.h"
#include "diag.h"
#include "jom.h"
#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest identifier prefix (C99 keeps 63 significant characters;
   the longest suffix added is 22). */
#define RM_CHEADER_NAME_MAX 40u

typedef struct rm_cheader_options {
    /* The prefix of every identifier (NAME_points...): a C identifier
       ([A-Za-z_][A-Za-z0-9_]*, at most RM_CHEADER_NAME_MAX). NULL: "model". */
    const char *name;
    /* Said in the comment at the top after "retromesh VERSION" (the options
       that made it, one line; NULL: nothing). rm_cheader_from_mesh sets it
       from the conversion options when it is NULL. */
    const char *made_by;
} rm_cheader_options;

void rm_cheader_options_default(rm_cheader_options *o);

/* A texture's texels as the VDP1 reads them: width * height RGB555 words
   (0: transparent), row by row from the top. */
typedef struct rm_cheader_image {
    uint16_t width, height;
    const uint16_t *texels;     /* borrowed */
} rm_cheader_image;

/* True when `s` is a valid prefix (see rm_cheader_options.name). */
bool rm_cheader_is_name(const char *s);
/* The prefix from an output file name: its last component without the
   extension, each character other than A-Z a-z 0-9 _ made '_', "m" put
   before a leading digit, cut to RM_CHEADER_NAME_MAX; "model" for "-", an
   empty stem or a name of '_' only... "out/robot.h" -> "robot",
   "my-ship.v2.h" -> "my_ship_v2", "3d.h" -> "m3d". `size` must be at least
   RM_CHEADER_NAME_MAX + 1 (false otherwise, *out then ""). */
bool rm_cheader_name_from_path(const char *path, char *out, size_t size);

/* The header of a JOM model in memory (as rm_jom_read gives it). `images`:
   one per TEXT entry (texture_count; may be NULL when there are none).
   RM_INVALID with a message when the name is not valid, an image does not
   match, or a table holds an out-of-range index. */
rm_status rm_cheader_write(const rm_jom_model *m, const rm_cheader_image *images,
                           const rm_cheader_options *opt, char **text, size_t *size, rm_diag *diag);

/* The texels of each TEXT entry of a converted model: its TIMG entry
   (--embed-textures; a 16-colour texture expanded to RGB555) or its .BIN
   bytes in `res`. *images (m->texture_count entries, the texels malloc'd)
   is freed with rm_cheader_images_free. */
rm_status rm_cheader_images(const rm_jom_model *m, const rm_convert_result *res,
                            rm_cheader_image **images, rm_diag *diag);
void rm_cheader_images_free(rm_cheader_image *images, size_t count);

/* "--scale 2 --merge-triangles": the options of `o` that change the model
   (no folder names), "" for the defaults. */
void rm_cheader_describe_options(const rm_convert_options *o, char *buf, size_t size);

/* The whole path: the mesh converted with `copt` (the JOM's conversion),
   serialised and read back, then rm_cheader_write. `res` (may be NULL)
   gets the conversion's result (images read, budget): initialised by the
   call, freed by the caller with rm_convert_result_free. */
rm_status rm_cheader_from_mesh(const rm_mesh *mesh, const rm_convert_options *copt,
                               const rm_cheader_options *opt, char **text, size_t *size,
                               rm_convert_result *res, rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
