/* src/convert/texture_paths.h - where a material's map_Kd image is looked
   for, in one order for the converter (texture_find.c) and the format
   table's loader (formats/registry/load_textures.c) (internal).

     rm_texture_candidates c;
     if (rm_texture_candidates_list(mat, texture_dir, &c) == RM_OK)
         for (size_t i = 0; i < c.count; i++) ... c.path[i] ...
     rm_texture_candidates_free(&c);

   The order: the name in the MTL's folder (an absolute name as it is), the
   name in texture_dir, then, when the name has folders, its file name alone
   in the MTL's folder and in texture_dir. A Windows drive path (C:/...) is
   tried by its file name only. No path is listed twice. */
#ifndef RM_CONVERT_TEXTURE_PATHS_H
#define RM_CONVERT_TEXTURE_PATHS_H

#include <stddef.h>

#include "retromesh/diag.h"
#include "retromesh/mesh.h"

typedef struct rm_texture_candidates {
    char *path[4];      /* malloc'd */
    size_t count;
} rm_texture_candidates;

/* texture_dir NULL or "": nowhere else. RM_NOMEM (the list then holds
   what was made; free it all the same). */
rm_status rm_texture_candidates_list(const rm_mesh_material *mat, const char *texture_dir,
                                     rm_texture_candidates *out);
void rm_texture_candidates_free(rm_texture_candidates *c);

/* Appends `"PATH" (why)` to a growing, comma-separated list, the path shown
   tidied ("a//./b.png" reads "a/b.png"). Frees `list` and returns NULL when
   out of memory. */
char *rm_texture_tried_append(char *list, const char *path, const char *why);

/* The first candidate that is a regular file (the image: later ones are
   not tried when it does not decode): its index in *found, c->count when
   there is none. Each candidate before it is appended to *tried with why
   not (the stat error, "not a regular file"). RM_NOMEM when the list cannot
   grow (*tried is then NULL). */
rm_status rm_texture_candidates_first(const rm_texture_candidates *c, size_t *found, char **tried);

#endif
