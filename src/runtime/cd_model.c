/* src/runtime/cd_model.c - jo_3d_load_model and
   __jo_3d_load_model_for_lights on the host (docs/cd.md "Loading a
   model"). In the engine's order:
   1. the file is found in the CD folder (any case) and checked (JOM);
   2. its embedded textures (TIMG, the first chunk) are read one at a time
      and copied to VRAM, each block given back at once: "they don't stay
      in the work RAM" (seed 002, jo_3d_load_model);
   3. the rest of the file is one heap block of its size + 1 (saturn-notes
      7.2), kept while the model lives: "the model uses the data of the
      file (one memory block)";
   4. the TEXT names without an embedded entry are loaded from the folder
      (.BIN or .TGA, each file's size + 1 passing through the heap);
   5. after each texture, its tiles and smaller copies when a material of
      this model needs them; then the gouraud tables.
   A texture already loaded (same name) is reused: no sprite, no VRAM. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cd_internal.h"
#include "formats/jom/jom_internal.h"
#include "model_internal.h"
#include "retromesh/fileio.h"
#include "retromesh/mesh.h"

/* Which derived sprites the materials of a model ask for, for TEXT i. */
static void needs(const rm_jom_model *j, uint32_t i, bool *tiles, bool *mipmaps)
{
    *tiles = *mipmaps = false;
    for (uint32_t k = 0; k < j->material_count; k++) {
        if (j->materials[k].texture < 0 || (uint32_t)j->materials[k].texture != i)
            continue;
        if (j->materials[k].flags & (RM_MAT_SUBDIVISION | RM_MAT_SUBDIVISION_NEAR))
            *tiles = true;
        if (j->materials[k].flags & RM_MAT_MIPMAPS)
            *mipmaps = true;
    }
}

/* TIMG entry i is texture i of the model (seed 000, TIMG: "The textures
   are in the order of the TEXT chunk: the texture i of the model is the
   entry i"): matched by place, not by name; its own name is the one the
   registry keeps (the validator warns when TEXT says another). */
static const rm_jom_texture *embedded(const rm_jom_model *j, uint32_t i)
{
    return i < j->texture_image_count ? &j->texture_images[i] : NULL;
}

/* Texture i of the model: reused, embedded or from the folder, then its
   tiles and copies. false on a refusal (a missing file under keep_going
   is not one: the sprite stays -1). */
static bool load_texture(rm_cd *cd, cd_model *m, uint32_t i, const rm_jom_texture *t, rm_diag *diag)
{
    rm_cd_model_info *info = &m->info;
    rm_cd_model_texture_use *u = i < info->texture_count ? &info->textures[i] : NULL;
    char name[16];
    memcpy(name, t ? t->name : u->name, 15);
    name[15] = 0;
    int id = cd_texture_find(cd, name);
    if (id < 0) {
        id = t ? cd_texture_from_timg(cd, t, info->handle, info->filename, diag)
               : cd_texture_from_file(cd, name, info->handle, info->filename, diag);
        if (id < 0) {
            if (!t && u && cd->err.kind == RM_CD_ERR_NOT_FOUND && cd->opt.keep_going) {
                memset(&cd->err, 0, sizeof cd->err);
                info->missing_textures++;
                u->sprite = -1;
                return true;
            }
            return false;
        }
        if (u)
            u->loaded_now = true;
        info->textures_loaded++;
    }
    if (!u)
        return true;    /* a TIMG entry past the TEXT names: loaded, used by nothing */
    u->sprite = id;
    bool tiles, mipmaps;
    needs(&m->jom, i, &tiles, &mipmaps);
    if (tiles && !cd_make_tiles(cd, id, info->handle, info->filename, diag))
        return false;
    if (mipmaps && !cd_make_mipmaps(cd, id, info->handle, info->filename, diag))
        return false;
    return true;
}

static uint64_t timg_chunk_bytes(const rm_jom_model *j)
{
    for (size_t c = 0; c < j->chunk_count; c++)
        if (memcmp(j->chunks[c].tag, "TIMG", 4) == 0)
            return 8 + (uint64_t)j->chunks[c].size;
    return 0;
}

int rm_cd_load_model(rm_cd *cd, const char *filename, bool for_lights, rm_diag *diag)
{
    if (!cd)
        return -1;
    memset(&cd->err, 0, sizeof cd->err);
    if (!filename || !*filename || strchr(filename, '/') || strchr(filename, '\\')) {
        rm_diag_add(diag, RM_ERROR, "%s: error: not a file name of the CD folder (one level, no '/')",
                    filename ? filename : "(null)");
        cd_fail(cd, RM_CD_ERR_USAGE, RM_USAGE, filename, 0);
        return -1;
    }
    if (strlen(filename) > RM_CD_MAX_NAME)
        rm_diag_add(diag, RM_WARNING, "%s: warning: longer than an 8.3 name (12 characters): GFS would not find it on a CD",
                    filename);
    const cd_file *f = cd_dir_find(cd, filename);
    if (!f) {
        rm_diag_add(diag, RM_ERROR, "%s: error: not found in %s", filename, cd->dir);
        cd_fail(cd, RM_CD_ERR_NOT_FOUND, RM_IO, filename, 0);
        return -1;
    }
    if (cd->model_count == cd->model_capacity) {
        int ncap = cd->model_capacity ? cd->model_capacity * 2 : 16;
        cd_model *n = realloc(cd->models, (size_t)ncap * sizeof *n);
        if (!n) {
            cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, filename, 0);
            return -1;
        }
        cd->models = n;
        cd->model_capacity = ncap;
    }
    cd_model *m = &cd->models[cd->model_count];
    memset(m, 0, sizeof *m);
    rm_jom_init(&m->jom);
    rm_cd_model_info *info = &m->info;
    info->handle = cd->model_count;
    snprintf(info->filename, sizeof info->filename, "%s", f->name);
    info->for_lights = for_lights;
    info->first_gouraud = -1;
    info->first_sprite = (int)cd->sprite_count;
    uint64_t vram_before = cd->vram_top;
    bool block_taken = false;

    rm_status st = rm_file_read(f->path, &m->bytes, &m->size, diag);
    if (st != RM_OK) {
        cd_fail(cd, st == RM_NOMEM ? RM_CD_ERR_NOMEM : RM_CD_ERR_NOT_FOUND, st, f->name, 0);
        goto fail;
    }
    if (m->size > UINT32_MAX - 1) {
        rm_diag_add(diag, RM_ERROR, "%s: error: too large for the Saturn", f->name);
        cd_fail(cd, RM_CD_ERR_INVALID, RM_INVALID, f->name, 0);
        goto fail;
    }
    /* The copies (rm_cd_model_jom, the textures, the gouraud tables) and
       the view they were read with, for the in-place model of step 5. */
    jom_view view;
    st = jom_read_view(m->bytes, m->size, f->name, &m->jom, &view, diag);
    if (st != RM_OK) {
        cd_fail(cd, st == RM_NOMEM ? RM_CD_ERR_NOMEM : RM_CD_ERR_INVALID, st, f->name, 0);
        goto fail;
    }
    const rm_jom_model *j = &m->jom;
    info->polygons = j->polygon_count;
    info->points = j->point_count;
    info->file_bytes = (uint32_t)m->size;
    info->heap_bytes = (uint32_t)(m->size - timg_chunk_bytes(j) + 1);
    info->texture_count = j->texture_count;
    if (j->texture_count) {
        info->textures = calloc(j->texture_count, sizeof *info->textures);
        if (!info->textures) {
            cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, f->name, 0);
            goto fail;
        }
    }
    for (uint32_t i = 0; i < j->texture_count; i++) {
        rm_cd_model_texture_use *u = &info->textures[i];
        const rm_jom_texture *t = embedded(j, i);
        memcpy(u->name, t ? t->name : j->textures[i], 15);
        u->name[15] = 0;
        u->sprite = -1;
        u->first_tile = u->first_mipmap = -1;
        u->embedded = t != NULL;
    }
    /* 2. The embedded textures, all of them in order, before the block. */
    for (uint32_t k = 0; k < j->texture_image_count; k++)
        if (!load_texture(cd, m, k, &j->texture_images[k], diag))
            goto fail;
    /* 3. The block. */
    char what[64];
    snprintf(what, sizeof what, "%s: the file's block", f->name);
    if (!cd_heap_take(cd, info->heap_bytes, what, diag))
        goto fail;
    block_taken = true;
    /* 4, 5. The textures of the folder, then the gouraud tables. */
    for (uint32_t i = 0; i < j->texture_count; i++)
        if (!info->textures[i].embedded && !load_texture(cd, m, i, NULL, diag))
            goto fail;
    if (!cd_make_gouraud(cd, m, diag))
        goto fail;
    /* Over the same bytes, from the copy read at step 1 (not read again). */
    m->runtime = rt_model_in_place(&view, f->name, diag);
    if (!m->runtime) {
        cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, f->name, 0);
        goto fail;
    }
    for (uint32_t i = 0; i < j->texture_count; i++) {
        rm_cd_model_texture_use *u = &info->textures[i];
        if (u->sprite < 0)
            continue;
        u->first_tile = cd_first_derived(cd, u->sprite, RM_CD_TILE, NULL);
        u->first_mipmap = cd_first_derived(cd, u->sprite, RM_CD_MIPMAP, &u->mipmap_count);
    }
    info->sprites_added = cd->sprite_count - (uint32_t)info->first_sprite;
    info->vram_bytes = (uint32_t)(cd->vram_top - vram_before);
    m->live = true;
    cd->model_count++;
    return info->handle;

fail:
    /* As before the call: the sprites of this load freed, its block given back. */
    cd_sprites_free_from(cd, (uint32_t)info->first_sprite);
    if (block_taken)
        cd_heap_give(cd, info->heap_bytes);
    cd_model_release(m);
    return -1;
}
