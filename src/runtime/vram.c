/* src/runtime/vram.c - the sprite table and the VDP1 VRAM it points into.
   As the engine's sprites (saturn-notes 3.4): the first sprite at 0x10000,
   each next one where the previous one ends, rounded up to 32 bytes; ids
   are given in order; nothing is freed but "every sprite from id N on"
   (jo_3d_model_free_textures_from), which puts the next address back where
   sprite N started. */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cd_internal.h"

static uint64_t align32(uint64_t v)
{
    return (v + RM_CD_VRAM_ALIGN - 1) & ~(uint64_t)(RM_CD_VRAM_ALIGN - 1);
}

uint64_t cd_mode_bytes(rm_cd_color_mode mode, uint32_t width, uint32_t height)
{
    uint64_t n = (uint64_t)width * height;
    switch (mode) {
    case RM_CD_RGB555: return n * 2;            /* cmode 1: w*h*4 >> 1 */
    case RM_CD_LUT16: return (n + 1) / 2;       /* 2 texels a byte */
    case RM_CD_PAL256: return n;                /* cmode 2: w*h*4 >> 2 */
    case RM_CD_TABLE: return RM_CD_GOURAUD_BYTES;
    }
    return n * 2;
}

int cd_sprite_add(rm_cd *cd, cd_sprite_request *req, const char *what, rm_diag *diag)
{
    bool over = false;
    if (cd->sprite_count >= cd->opt.max_sprites || cd->sprite_count >= (uint32_t)INT_MAX) {
        if (!cd->opt.keep_going || cd->sprite_count >= (uint32_t)INT_MAX) {
            rm_diag_add(diag, RM_ERROR, "%s: error: the sprite table is full (%" PRIu32 " sprites)", what,
                        cd->opt.max_sprites);
            cd_fail(cd, RM_CD_ERR_SPRITES, RM_INVALID, what, 0);
            free(req->texels);
            req->texels = NULL;
            return -1;
        }
        rm_diag_add(diag, RM_WARNING, "%s: warning: sprite %" PRIu32 " is past the sprite table (%" PRIu32 " sprites)",
                    what, cd->sprite_count, cd->opt.max_sprites);
        over = true;
    }
    uint64_t addr = cd->vram_top;
    uint64_t end = addr + req->bytes;
    if (end > cd->opt.vram_end) {
        uint64_t missing = end - cd->opt.vram_end;
        if (!cd->opt.keep_going) {
            rm_diag_add(diag, RM_ERROR,
                        "%s: error: does not fit in VRAM (%" PRIu32 " bytes at 0x%" PRIx64 ", the area ends at 0x%" PRIx32
                        "): %" PRIu64 " bytes missing",
                        what, req->bytes, addr, cd->opt.vram_end, missing);
            cd_fail(cd, RM_CD_ERR_VRAM, RM_INVALID, what, missing);
            free(req->texels);
            req->texels = NULL;
            return -1;
        }
        rm_diag_add(diag, RM_WARNING,
                    "%s: warning: does not fit in VRAM (%" PRIu32 " bytes at 0x%" PRIx64 ", the area ends at 0x%" PRIx32
                    "): %" PRIu64 " bytes missing",
                    what, req->bytes, addr, cd->opt.vram_end, missing);
        if (missing > cd->vram_over)
            cd->vram_over = missing;
        over = true;
    }
    if (cd->sprite_count == cd->sprite_capacity) {
        uint32_t ncap = cd->sprite_capacity ? cd->sprite_capacity * 2 : 64;
        rm_cd_sprite *n = realloc(cd->sprites, (size_t)ncap * sizeof *n);
        if (!n) {
            cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, what, 0);
            free(req->texels);
            req->texels = NULL;
            return -1;
        }
        cd->sprites = n;
        cd->sprite_capacity = ncap;
    }
    rm_cd_sprite *s = &cd->sprites[cd->sprite_count];
    memset(s, 0, sizeof *s);
    s->id = (int)cd->sprite_count;
    s->kind = req->kind;
    s->mode = req->mode;
    if (req->name) {
        size_t n = strlen(req->name);
        if (n > 15)
            n = 15;
        memcpy(s->name, req->name, n);
    }
    s->width = req->width;
    s->height = req->height;
    s->address = (uint32_t)(addr > UINT32_MAX ? UINT32_MAX : addr);
    s->texel_address = (uint32_t)(addr + req->lut_bytes > UINT32_MAX ? UINT32_MAX : addr + req->lut_bytes);
    s->bytes = req->bytes;
    s->reserved = (uint32_t)(align32(req->bytes));
    s->parent = req->parent;
    s->owner = req->owner;
    s->over = over;
    s->texels = req->texels;
    req->texels = NULL;
    cd->sprite_count++;
    if (cd->sprite_count > cd->sprites_peak)
        cd->sprites_peak = cd->sprite_count;
    cd->vram_top = align32(end);
    uint64_t start = align32(cd->opt.vram_start);
    if (cd->vram_top - start > cd->vram_peak)
        cd->vram_peak = cd->vram_top - start;
    return s->id;
}

void cd_sprites_free_from(rm_cd *cd, uint32_t id)
{
    if (id >= cd->sprite_count)
        return;
    cd->vram_top = cd->sprites[id].address;
    if (cd->vram_top < align32(cd->opt.vram_start))
        cd->vram_top = align32(cd->opt.vram_start);
    for (uint32_t i = id; i < cd->sprite_count; i++) {
        free(cd->sprites[i].texels);
        cd->sprites[i].texels = NULL;
    }
    cd->sprite_count = id;
}
