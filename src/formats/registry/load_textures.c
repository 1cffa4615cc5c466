/* src/formats/registry/load_textures.c - each material's map_Kd image
   into map_kd_rgba (rm_model_load_textures), for the writers that carry
   pixels (NIFF TexImg, OBJ export PNGs). A JOM conversion reads the images
   itself (src/convert/texture_find.c); the paths tried are the same:
     1. the name in the MTL's folder (an absolute name as it is);
     2. the name in texture_dir;
     3. when the name has folders, its file name alone in the MTL's folder,
        then in texture_dir.
   (convert/texture_paths.c lists them for both.) The first
   regular file found is the image; only regular files are opened (never a
   FIFO or a device), with the size limit of rm_file_read. */
#include "formats/registry/registry.h"

#include "convert/texture_paths.h"

#include <stdio.h>
#include <stdlib.h>

#include "retromesh/fileio.h"
#include "retromesh/image.h"

/* The converter's cap (texture_find.c): a Saturn texture is at most
   504 x 255, and a 4096 x 4096 atlas already takes 64 MB as RGBA. */
#define MAX_IMAGE_PIXELS (4096u * 4096u)

/* Loads one image; *loaded false when the file is not a readable image
   (the decoder's message is in diag). */
static rm_status load_one(rm_mesh_material *mt, const char *path, bool *loaded, rm_diag *diag)
{
    *loaded = false;
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(path, &data, &size, diag);
    if (st != RM_OK)
        return st == RM_NOMEM ? RM_NOMEM : RM_OK;
    rm_image img;
    rm_image_init(&img);
    st = rm_image_decode_limit(data, size, path, MAX_IMAGE_PIXELS, &img, diag);
    free(data);
    if (st != RM_OK)
        return st == RM_NOMEM ? RM_NOMEM : RM_OK;
    mt->map_kd_rgba = img.rgba;
    mt->map_kd_width = img.width;
    mt->map_kd_height = img.height;
    *loaded = true;
    return RM_OK;
}

static rm_status load_material(const rm_mesh *mesh, rm_mesh_material *mt, const char *tdir,
                               rm_output_set *inputs, rm_diag *diag)
{
    rm_texture_candidates c;
    rm_status st = rm_texture_candidates_list(mt, tdir, &c);
    char *tried = NULL;
    bool found = false, loaded = false;
    size_t at = 0;
    if (st == RM_OK)
        st = rm_texture_candidates_first(&c, &at, &tried);
    if (st == RM_OK && at < c.count) {
        found = true;   /* the first file found is the image, as in the converter */
        if (inputs)
            st = rm_output_add_input(inputs, c.path[at]);
        if (st == RM_OK)
            st = load_one(mt, c.path[at], &loaded, diag);
        if (st == RM_OK && !loaded && !(tried = rm_texture_tried_append(tried, c.path[at],
                                                                       "not a readable image")))
            st = RM_NOMEM;
    }
    if (st == RM_OK && !loaded) {
        rm_diag_at(diag, RM_ERROR, mt->library ? mt->library : (mesh->source ? mesh->source : "<mesh>"),
                   mt->line, 0, "texture \"%s\" of material \"%s\" %s; tried %s%s", mt->map_kd,
                   mt->name ? mt->name : "", found ? "cannot be read" : "is not found",
                   tried ? tried : "nothing",
                   tdir || found ? "" : " (--texture-dir DIR says where else to look)");
        st = RM_INVALID;
    }
    free(tried);
    rm_texture_candidates_free(&c);
    return st;
}

rm_status rm_model_load_textures(rm_mesh *mesh, const char *texture_dir, rm_output_set *inputs,
                                 rm_diag *diag)
{
    const char *tdir = texture_dir && texture_dir[0] ? texture_dir : NULL;
    rm_status worst = RM_OK;
    for (size_t i = 0; i < mesh->material_count; i++) {
        rm_mesh_material *mt = &mesh->materials[i];
        if (mt->map_kd_rgba || !mt->map_kd || !mt->map_kd[0])
            continue;
        rm_status st = load_material(mesh, mt, tdir, inputs, diag);
        if (st == RM_NOMEM) {
            rm_diag_at(diag, RM_ERROR, mesh->source ? mesh->source : "<mesh>", 0, 0, "out of memory");
            return st;
        }
        if (st != RM_OK)
            worst = st;     /* every image not found is named */
    }
    return worst;
}
