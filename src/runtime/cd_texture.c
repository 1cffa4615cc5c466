/* src/runtime/cd_texture.c - textures as sprites: a model's TIMG entries,
   the .BIN and .TGA files of the folder, and the registry that loads each
   name once (jo_3d_model_texture, jo_3d_model_loaded_texture). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cd_internal.h"
#include "retromesh/fileio.h"
#include "retromesh/image.h"

int cd_texture_find(const rm_cd *cd, const char *name)
{
    if (!name || !*name)
        return -1;
    for (uint32_t i = 0; i < cd->sprite_count; i++)
        if (cd->sprites[i].kind == RM_CD_TEXTURE && cd_name_equal(cd->sprites[i].name, name, 15))
            return (int)i;
    return -1;
}

int cd_texture_from_timg(rm_cd *cd, const rm_jom_texture *t, int owner, const char *model, rm_diag *diag)
{
    char name[17], what[80];
    memcpy(name, t->name, 16);
    name[16] = 0;
    snprintf(what, sizeof what, "%s: texture %s", model, name);
    /* The entry is read alone (24 bytes of header and its pixels, padded
       to 4), copied to VRAM, and its block given back. */
    uint64_t entry = 24 + (((uint64_t)t->pixel_size + 3) & ~(uint64_t)3);
    if (!cd_heap_pass(cd, entry, what, diag))
        return -1;
    cd_sprite_request req = {0};
    req.kind = RM_CD_TEXTURE;
    req.mode = t->format == 1 ? RM_CD_LUT16 : RM_CD_RGB555;
    req.name = name;
    req.width = t->width;
    req.height = t->height;
    req.lut_bytes = t->format == 1 ? RM_CD_LUT_BYTES : 0;
    req.bytes = (uint32_t)(req.lut_bytes + cd_mode_bytes(req.mode, t->width, t->height));
    req.parent = -1;
    req.owner = owner;
    /* The words the VDP1 reads (seed 000, TIMG; index 0 transparent). */
    rm_status st = rm_jom_texture_to_rgb555(t, &req.texels);
    if (st == RM_INVALID) {
        rm_diag_add(diag, RM_ERROR, "%s: error: embedded texture %s is empty or of an unknown format", model, name);
        cd_fail(cd, RM_CD_ERR_INVALID, RM_INVALID, name, 0);
        return -1;
    }
    if (st != RM_OK) {
        cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, name, 0);
        return -1;
    }
    return cd_sprite_add(cd, &req, what, diag);
}

static bool has_ext(const char *name, const char *ext)
{
    size_t n = strlen(name), e = strlen(ext);
    return n > e && cd_name_equal(name + n - e, ext, e);
}

int cd_texture_from_file(rm_cd *cd, const char *name, int owner, const char *model, rm_diag *diag)
{
    char what[96];
    if (model)
        snprintf(what, sizeof what, "%s: texture %s", model, name);
    else
        snprintf(what, sizeof what, "%s", name);
    bool tga = has_ext(name, ".TGA");
    if (!tga && !has_ext(name, ".BIN")) {
        rm_diag_add(diag, RM_ERROR, "%s: error: not a .BIN or .TGA name (jo_3d_model_texture reads only those)", what);
        cd_fail(cd, RM_CD_ERR_INVALID, RM_INVALID, name, 0);
        return -1;
    }
    const cd_file *f = cd_dir_find(cd, name);
    if (!f) {
        bool soft = model && cd->opt.keep_going;
        rm_diag_add(diag, soft ? RM_WARNING : RM_ERROR, "%s: %s: not found in %s%s", what, soft ? "warning" : "error",
                    cd->dir, soft ? " (its polygons are drawn untextured)" : "");
        cd_fail(cd, RM_CD_ERR_NOT_FOUND, RM_IO, name, 0);
        return -1;
    }
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(f->path, &data, &size, diag);
    if (st != RM_OK) {
        cd_fail(cd, st == RM_NOMEM ? RM_CD_ERR_NOMEM : RM_CD_ERR_NOT_FOUND, st, name, 0);
        return -1;
    }
    /* jo_fs_read_file: the file's size + 1 while it is decoded (saturn-notes 7.2). */
    if (!cd_heap_pass(cd, (uint64_t)size + 1, what, diag)) {
        free(data);
        return -1;
    }
    cd_sprite_request req = {0};
    req.kind = RM_CD_TEXTURE;
    req.name = name;
    req.parent = -1;
    req.owner = owner;
    uint32_t w = 0, h = 0;
    if (tga) {
        st = cd_tga_decode(data, size, f->path, &req.texels, &w, &h, &req.mode, diag);
    } else {
        req.mode = RM_CD_RGB555;
        st = rm_bin_decode(data, size, f->path, &req.texels, &w, &h, diag);
        if (st == RM_OK && (w == 0 || w % 8 != 0 || w > RM_VDP1_MAX_WIDTH || h == 0 || h > RM_VDP1_MAX_HEIGHT)) {
            rm_diag_add(diag, RM_ERROR,
                        "%s: error: %ux%u: the VDP1 needs a width multiple of 8 from 8 to 504 and a height from 1 to 255",
                        f->path, (unsigned)w, (unsigned)h);
            free(req.texels);
            req.texels = NULL;
            st = RM_INVALID;
        }
    }
    free(data);
    if (st != RM_OK) {
        cd_fail(cd, st == RM_NOMEM ? RM_CD_ERR_NOMEM : RM_CD_ERR_INVALID, st, name, 0);
        return -1;
    }
    req.width = w;
    req.height = h;
    req.bytes = (uint32_t)cd_mode_bytes(req.mode, w, h);
    return cd_sprite_add(cd, &req, what, diag);
}

int rm_cd_model_texture(rm_cd *cd, const char *filename, rm_diag *diag)
{
    if (!cd || !filename || !*filename) {
        if (cd)
            cd_fail(cd, RM_CD_ERR_USAGE, RM_USAGE, "", 0);
        return -1;
    }
    memset(&cd->err, 0, sizeof cd->err);
    int id = cd_texture_find(cd, filename);
    if (id >= 0)
        return id;
    return cd_texture_from_file(cd, filename, -1, NULL, diag);
}

int rm_cd_loaded_texture(const rm_cd *cd, const char *name)
{
    return cd ? cd_texture_find(cd, name) : -1;
}
