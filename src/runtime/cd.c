/* src/runtime/cd.c - the CD context: open, close, the last error, the
   totals and the accessors (include/retromesh/cd.h, docs/cd.md). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cd_internal.h"
#include "core/alloc.h"

void rm_cd_options_default(rm_cd_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->heap_size = RM_CD_DEFAULT_HEAP;
    opt->vram_start = RM_CD_DEFAULT_VRAM_START;
    opt->vram_end = RM_CD_DEFAULT_VRAM_END;
    opt->max_sprites = RM_CD_DEFAULT_MAX_SPRITES;
    opt->keep_going = false;
}

bool cd_name_equal(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int ca = tolower((unsigned char)a[i]), cb = tolower((unsigned char)b[i]);
        if (ca != cb)
            return false;
        if (ca == 0)
            return true;
    }
    return true;
}

void cd_fail(rm_cd *cd, rm_cd_error_kind kind, rm_status status, const char *name, uint64_t missing)
{
    cd->err.kind = kind;
    cd->err.status = status;
    snprintf(cd->err.name, sizeof cd->err.name, "%s", name ? name : "");
    cd->err.missing = missing;
}

rm_cd *rm_cd_open(const char *dir, const rm_cd_options *opt, rm_diag *diag)
{
    if (!dir || !*dir) {
        rm_diag_add(diag, RM_ERROR, "error: no folder given for the CD");
        return NULL;
    }
    rm_cd *cd = calloc(1, sizeof *cd);
    if (!cd)
        return NULL;
    if (opt)
        cd->opt = *opt;
    else
        rm_cd_options_default(&cd->opt);
    if (cd->opt.vram_end < cd->opt.vram_start)
        cd->opt.vram_end = cd->opt.vram_start;
    /* The allocator keeps 32-byte steps: a start that is not aligned is
       rounded up, as the engine's first address is. */
    cd->vram_top = ((uint64_t)cd->opt.vram_start + RM_CD_VRAM_ALIGN - 1) & ~(uint64_t)(RM_CD_VRAM_ALIGN - 1);
    cd->dir = rm_strdup(dir);
    if (!cd->dir) {
        free(cd);
        return NULL;
    }
    if (cd_dir_list(cd, diag) != RM_OK) {
        rm_cd_close(cd);
        return NULL;
    }
    return cd;
}

void cd_model_release(cd_model *m)
{
    free(m->info.textures);
    free(m->info.polygon_gouraud);
    rm_3d_free_model(m->runtime);
    rm_jom_free(&m->jom);
    free(m->bytes);
    memset(m, 0, sizeof *m);
}

void rm_cd_close(rm_cd *cd)
{
    if (!cd)
        return;
    for (int i = 0; i < cd->model_count; i++)
        if (cd->models[i].live)
            cd_model_release(&cd->models[i]);
    free(cd->models);
    cd_sprites_free_from(cd, 0);
    free(cd->sprites);
    cd_dir_free(cd);
    free(cd->dir);
    free(cd);
}

const char *rm_cd_dir(const rm_cd *cd)
{
    return cd ? cd->dir : NULL;
}

const char *rm_cd_file_path(const rm_cd *cd, const char *name)
{
    const cd_file *f = cd ? cd_dir_find(cd, name) : NULL;
    return f ? f->path : NULL;
}

static cd_model *model_at(const rm_cd *cd, int handle)
{
    if (!cd || handle < 0 || handle >= cd->model_count || !cd->models[handle].live)
        return NULL;
    return &cd->models[handle];
}

void rm_cd_free_model(rm_cd *cd, int handle)
{
    cd_model *m = model_at(cd, handle);
    if (!m)
        return;
    cd_heap_give(cd, m->info.heap_bytes);
    cd_model_release(m);
}

const rm_cd_model_info *rm_cd_model(const rm_cd *cd, int handle)
{
    cd_model *m = model_at(cd, handle);
    return m ? &m->info : NULL;
}

const rm_jom_model *rm_cd_model_jom(const rm_cd *cd, int handle)
{
    cd_model *m = model_at(cd, handle);
    return m ? &m->jom : NULL;
}

rm_3d_model *rm_cd_model_runtime(rm_cd *cd, int handle)
{
    cd_model *m = model_at(cd, handle);
    return m ? m->runtime : NULL;
}

const uint8_t *rm_cd_model_bytes(const rm_cd *cd, int handle, size_t *size)
{
    cd_model *m = model_at(cd, handle);
    if (size)
        *size = m ? m->size : 0;
    return m ? m->bytes : NULL;
}

int rm_cd_model_handle_count(const rm_cd *cd)
{
    return cd ? cd->model_count : 0;
}

int rm_cd_sprite_count(const rm_cd *cd)
{
    return cd ? (int)cd->sprite_count : 0;
}

const rm_cd_sprite *rm_cd_sprite_at(const rm_cd *cd, int id)
{
    if (!cd || id < 0 || (uint32_t)id >= cd->sprite_count)
        return NULL;
    return &cd->sprites[id];
}

rm_status rm_cd_free_textures_from(rm_cd *cd, int sprite_id)
{
    if (!cd)
        return RM_USAGE;
    memset(&cd->err, 0, sizeof cd->err);
    if (sprite_id < 0) {
        cd_fail(cd, RM_CD_ERR_USAGE, RM_USAGE, "", 0);
        return RM_USAGE;
    }
    if ((uint32_t)sprite_id < cd->sprite_count)
        cd_sprites_free_from(cd, (uint32_t)sprite_id);
    return RM_OK;
}

void rm_cd_get_stats(const rm_cd *cd, rm_cd_stats *out)
{
    memset(out, 0, sizeof *out);
    if (!cd)
        return;
    uint64_t start = ((uint64_t)cd->opt.vram_start + RM_CD_VRAM_ALIGN - 1) & ~(uint64_t)(RM_CD_VRAM_ALIGN - 1);
    out->vram_start = cd->opt.vram_start;
    out->vram_end = cd->opt.vram_end;
    out->vram_used = cd->vram_top - start;
    out->vram_peak = cd->vram_peak;
    out->vram_over = cd->vram_over;
    out->heap_size = cd->opt.heap_size;
    out->heap_used = cd->heap_used;
    out->heap_peak = cd->heap_peak;
    out->heap_over = cd->heap_over;
    out->sprites = cd->sprite_count;
    out->sprites_peak = cd->sprites_peak;
    out->max_sprites = cd->opt.max_sprites;
    for (int i = 0; i < cd->model_count; i++)
        out->models += cd->models[i].live ? 1u : 0u;
}

const rm_cd_error *rm_cd_last_error(const rm_cd *cd)
{
    return cd ? &cd->err : NULL;
}

const char *rm_cd_sprite_kind_name(rm_cd_sprite_kind kind)
{
    switch (kind) {
    case RM_CD_TEXTURE: return "texture";
    case RM_CD_TILE: return "tile";
    case RM_CD_MIPMAP: return "mipmap";
    case RM_CD_GOURAUD: return "gouraud";
    }
    return "?";
}
