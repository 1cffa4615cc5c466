/* src/convert/texture_find.c - finding and loading the image of a map_Kd.

   A map_Kd file name is relative to the MTL's folder (the reader keeps the
   path the MTL was opened with in material.library, and has turned `\`
   into `/`). Paths tried, in order, the first that is a file wins:
     1. the name in the MTL's folder (an absolute name as it is);
     2. the name in --texture-dir;
     3. when the name has folders: its file name alone in the MTL's folder,
        then in --texture-dir (Blender often writes absolute paths of the
        artist's machine, C:/Users/... or /home/...).
   A Windows drive path (C:/...) is only tried by its file name. Nothing
   found, or a file that does not decode: an error at the map_Kd line of
   the MTL, naming every path tried. Each path is loaded once.

   A material whose source file carries the pixels (map_kd_rgba, e.g. a
   NIFF TexImg) reads no file: its image is those pixels, named by map_Kd
   (the name gives the TEXT name). Identical carried images with the same
   name are one image. */
#include "core/alloc.h"
#include "convert/texture_paths.h"
#include "core/path_tidy.h"
#include "retromesh/fileio.h"
#include "stages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Images larger than this (4096 x 4096) are refused before decoding: a
   Saturn texture is at most 504 x 255 and an atlas of this size already
   takes 64 MB as RGBA. */
#define RM_CV_MAX_IMAGE_PIXELS (4096u * 4096u)

static bool word_is(const char *p, size_t n, const char *word)
{
    if (strlen(word) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        char a = p[i];
        if (a >= 'A' && a <= 'Z')
            a = (char)(a - 'A' + 'a');
        if (a != word[i])
            return false;
    }
    return true;
}

/* The line and column (of the keyword) of the material's map_Kd in its MTL;
   the newmtl line and column 0 when it cannot be found. */
static unsigned long map_kd_place(const rm_mesh_material *mat, unsigned long *col)
{
    *col = 0;
    if (!mat->library)
        return mat->line;
    uint8_t *data = NULL;
    size_t size = 0;
    rm_diag quiet;
    rm_diag_init(&quiet);
    rm_status st = rm_file_read(mat->library, &data, &size, &quiet);
    rm_diag_free(&quiet);
    if (st != RM_OK)
        return mat->line;
    unsigned long line = 1, found = 0;
    size_t i = 0;
    while (i < size) {
        size_t end = i;
        while (end < size && data[end] != '\n')
            end++;
        if (line > mat->line) {
            size_t p = i;
            while (p < end && (data[p] == ' ' || data[p] == '\t'))
                p++;
            size_t w = p;
            while (w < end && data[w] != ' ' && data[w] != '\t' && data[w] != '\r')
                w++;
            if (word_is((const char *)data + p, w - p, "newmtl"))
                break;
            if (word_is((const char *)data + p, w - p, "map_kd")) {
                found = line;       /* the last one wins, as in the reader */
                *col = (unsigned long)(p - i) + 1;
            }
        }
        line++;
        i = end + 1;
    }
    free(data);
    return found ? found : mat->line;
}

unsigned long rm_cv_map_kd_line(const rm_mesh_material *mat)
{
    unsigned long col;
    return map_kd_place(mat, &col);
}

/* Appends an image to the conversion's list under `path` (copied); the
   list takes `img` (freed here on failure). */
static rm_status add_image(rm_cv_ctx *c, const char *path, rm_image *img, uint32_t *index)
{
    rm_cv_image *grown = realloc(c->images, (c->image_count + 1) * sizeof *grown);
    char *copy = rm_strdup(path);
    if (grown)
        c->images = grown;
    if (!grown || !copy) {
        free(copy);
        rm_image_free(img);
        return RM_NOMEM;
    }
    rm_cv_image *e = &c->images[c->image_count];
    memset(e, 0, sizeof *e);
    e->path = copy;
    e->img = *img;
    for (unsigned k = 0; k < 3; k++)
        e->whole[k] = UINT32_MAX;
    *index = (uint32_t)c->image_count++;
    return RM_OK;
}

static rm_status load_image(rm_cv_ctx *c, const char *path, uint32_t *index, bool *decoded)
{
    *decoded = false;
    for (size_t i = 0; i < c->image_count; i++)
        if (strcmp(c->images[i].path, path) == 0) {
            *index = (uint32_t)i;
            *decoded = true;
            return RM_OK;
        }
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(path, &data, &size, c->diag);
    if (st != RM_OK)
        return st == RM_NOMEM ? RM_NOMEM : RM_OK;
    rm_image img;
    rm_image_init(&img);
    char *shown = rm_path_tidy_dup(path);
    st = rm_image_decode_limit(data, size, shown ? shown : path, RM_CV_MAX_IMAGE_PIXELS, &img,
                               c->diag);
    free(shown);
    free(data);
    if (st == RM_NOMEM)
        return RM_NOMEM;
    if (st != RM_OK)
        return RM_OK;
    st = add_image(c, path, &img, index);
    if (st == RM_OK)
        *decoded = true;
    return st;
}

/* The image of a material with map_kd_rgba: a copy of those pixels. */
static rm_status carried_image(rm_cv_ctx *c, const rm_mesh_material *mat, uint32_t *index)
{
    const char *name = mat->map_kd && mat->map_kd[0] ? mat->map_kd : "TEX.png";
    uint32_t w = mat->map_kd_width, h = mat->map_kd_height;
    if (w == 0 || h == 0 || (uint64_t)w * h > RM_CV_MAX_IMAGE_PIXELS) {
        rm_diag_at(c->diag, RM_ERROR, c->file, 0, 0,
                   "texture \"%s\" of material \"%s\" is %ux%u pixels: at least 1x1 and at most "
                   "4096x4096 pixels are converted",
                   name, mat->name ? mat->name : "", w, h);
        return RM_INVALID;
    }
    size_t bytes = (size_t)w * h * 4;
    for (size_t i = 0; i < c->image_count; i++) {
        const rm_cv_image *e = &c->images[i];
        if (e->img.width == w && e->img.height == h && strcmp(e->path, name) == 0 &&
            memcmp(e->img.rgba, mat->map_kd_rgba, bytes) == 0) {
            *index = (uint32_t)i;
            return RM_OK;
        }
    }
    rm_image img;
    rm_image_init(&img);
    if (rm_image_alloc(&img, w, h) != RM_OK)
        return RM_NOMEM;
    memcpy(img.rgba, mat->map_kd_rgba, bytes);
    return add_image(c, name, &img, index);
}

rm_status rm_cv_load_material_image(rm_cv_ctx *c, uint32_t material, uint32_t *image)
{
    const rm_mesh_material *mat = &c->mesh->materials[material];
    if (mat->map_kd_rgba)
        return carried_image(c, mat, image);
    rm_texture_candidates cd;
    rm_status st = rm_texture_candidates_list(mat, c->opt.texture_dir, &cd);
    char *tried = NULL;
    bool found = false, loaded = false;
    size_t at = 0;
    /* The first path that is a file is the image: later ones are not tried
       when it does not decode. */
    if (st == RM_OK)
        st = rm_texture_candidates_first(&cd, &at, &tried);
    if (st == RM_OK && at < cd.count) {
        found = true;
        st = load_image(c, cd.path[at], image, &loaded);
        if (st == RM_OK && !loaded &&
            !(tried = rm_texture_tried_append(tried, cd.path[at], "not a readable image")))
            st = RM_NOMEM;
    }
    if (st == RM_OK && !loaded) {
        char *file = rm_path_tidy_dup(mat->library ? mat->library : c->file);
        unsigned long col;
        unsigned long line = map_kd_place(mat, &col);
        rm_diag_at(c->diag, RM_ERROR, file ? file : c->file, line, col,
                   "texture \"%s\" of material \"%s\" %s; tried %s%s", mat->map_kd,
                   mat->name ? mat->name : "", found ? "cannot be read" : "is not found",
                   tried ? tried : "nothing",
                   c->opt.texture_dir || found ? "" : " (--texture-dir DIR says where else to look)");
        free(file);
        st = RM_INVALID;
    }
    free(tried);
    rm_texture_candidates_free(&cd);
    return st;
}
