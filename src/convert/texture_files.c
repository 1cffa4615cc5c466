/* src/convert/texture_files.c - the textures a conversion gives to its
   caller (rm_convert_result), into the model (TEXT, TIMG), and the .BIN
   files written beside the model.

   A .BIN file is written atomically (rm_file_write_atomic) and never over
   an input: every target is compared with the images read and the files
   the caller names (the OBJ, its MTLs, the JOM), by name and by identity
   (a link), before anything is written. */
#include "core/path_tidy.h"
#include "retromesh/fileio.h"
#include "stages.h"

#include <stdlib.h>
#include <string.h>

void rm_convert_result_init(rm_convert_result *r)
{
    memset(r, 0, sizeof *r);
}

void rm_convert_result_free(rm_convert_result *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->texture_count; i++)
        free(r->textures[i].bin);
    free(r->textures);
    for (size_t i = 0; i < r->image_count; i++)
        free(r->images[i]);
    free(r->images);
    memset(r, 0, sizeof *r);
}

rm_status rm_cv_fill_textures(rm_cv_ctx *c, rm_jom_model *out, rm_convert_result *r)
{
    size_t n = c->texture_count;
    if (n == 0)
        return RM_OK;
    out->textures = malloc(n * sizeof *out->textures);
    if (!out->textures)
        return RM_NOMEM;
    out->texture_count = (uint32_t)n;
    for (size_t i = 0; i < n; i++)
        memcpy(out->textures[i], c->textures[i].name, 16);

    if (r) {
        r->images = calloc(c->image_count ? c->image_count : 1, sizeof *r->images);
        r->textures = calloc(n, sizeof *r->textures);
        if (!r->images || !r->textures)
            return RM_NOMEM;
        for (size_t i = 0; i < c->image_count; i++) {
            size_t len = strlen(c->images[i].path);
            r->images[i] = malloc(len + 1);
            if (!r->images[i])
                return RM_NOMEM;
            memcpy(r->images[i], c->images[i].path, len + 1);
            r->image_count = i + 1;
        }
        r->texture_count = n;
        for (size_t i = 0; i < n; i++) {
            const rm_cv_texture *t = &c->textures[i];
            rm_convert_texture *e = &r->textures[i];
            memcpy(e->name, t->name, 16);
            e->image = r->images[t->image];
            e->width = t->width;
            e->height = t->height;
            e->format = t->format;
            e->slice = t->slice;
            e->vram_bytes = (uint32_t)rm_cv_vram_bytes(t->width, t->height, t->format);
            if (c->opt.embed_textures)
                continue;
            size_t px = (size_t)t->width * t->height;
            uint16_t *words = malloc((px ? px : 1) * sizeof *words);
            if (!words)
                return RM_NOMEM;
            for (size_t k = 0; k < px; k++)
                words[k] = (uint16_t)(t->data[2 * k] << 8 | t->data[2 * k + 1]);
            rm_status st = rm_bin_encode(words, t->width, t->height, &e->bin, &e->bin_size);
            free(words);
            if (st != RM_OK)
                return st;
        }
    }

    if (!c->opt.embed_textures)
        return RM_OK;
    out->texture_images = calloc(n, sizeof *out->texture_images);
    if (!out->texture_images)
        return RM_NOMEM;
    out->texture_image_count = (uint32_t)n;
    for (size_t i = 0; i < n; i++) {
        rm_cv_texture *t = &c->textures[i];
        rm_jom_texture *e = &out->texture_images[i];
        memcpy(e->name, t->name, 16);
        e->width = (uint16_t)t->width;     /* at most 504 x 255 (rm_texture_fit_size) */
        e->height = (uint16_t)t->height;
        e->format = t->format;
        e->reserved = 0;
        e->pixels = t->data;
        e->pixel_size = t->size;
        t->data = NULL;
    }
    return RM_OK;
}
static bool is_input(const char *target, const char *input)
{
    return input && (strcmp(target, input) == 0 || rm_file_same(target, input));
}

rm_status rm_convert_write_textures(const rm_convert_result *r, const char *dir,
                                    const char *const *keep, size_t keep_count, rm_diag *diag)
{
    if (!r)
        return RM_USAGE;
    size_t n = r->texture_count;
    char **paths = calloc(n ? n : 1, sizeof *paths);
    if (!paths) {
        rm_diag_add(diag, RM_ERROR, "retromesh: out of memory");
        return RM_NOMEM;
    }
    rm_status st = RM_OK;
    for (size_t i = 0; i < n && st == RM_OK; i++) {
        if (!r->textures[i].bin)
            continue;
        paths[i] = rm_path_join(dir, r->textures[i].name);
        if (!paths[i]) {
            rm_diag_add(diag, RM_ERROR, "retromesh: out of memory");
            st = RM_NOMEM;
            break;
        }
        const char *hit = NULL;
        for (size_t k = 0; k < r->image_count && !hit; k++)
            if (is_input(paths[i], r->images[k]))
                hit = r->images[k];
        for (size_t k = 0; k < keep_count && !hit; k++)
            if (is_input(paths[i], keep[k]))
                hit = keep[k];
        if (hit) {
            rm_diag_add(diag, RM_ERROR,
                        "%s: error: the texture %s would be written over %s; choose another "
                        "folder (--texture-out DIR) or rename the file",
                        paths[i], r->textures[i].name, hit);
            st = RM_USAGE;
        }
    }
    for (size_t i = 0; i < n && st == RM_OK; i++)
        if (paths[i])
            st = rm_file_write_atomic(paths[i], r->textures[i].bin, r->textures[i].bin_size, diag);
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
    return st;
}
