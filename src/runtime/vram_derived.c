/* src/runtime/vram_derived.c - the sprites a texture gets besides itself
   (docs/cd.md "Tiles and smaller copies"). The seed names them
   (jo_3d_model_free_textures_from: "the textures of the models loaded
   since, their tiles and smaller copies, their gouraud tables") without
   their shape; this is the plausible engine:
   - tiles, for a material with subdivision (JO_3D_MATERIAL_SUBDIVISION or
     _NEAR: "the polygons near the camera are drawn in parts"): a part of a
     polygon shows a part of the texture, and the VDP1 reads a texture as
     whole rows from one address (CMDSRCA, CMDSIZE: saturn-notes 6.1), so
     the left and right halves need their own copies. A polygon is drawn
     in 2 x 2 parts: 4 tiles of (w/2) x (h/2), top-left, top-right,
     bottom-left, bottom-right, when w/2 is still a multiple of 8 (the
     VDP1's width rule, saturn-notes 7.1); else none (drawn whole).
   - smaller copies, for a material with JO_3D_MATERIAL_MIPMAPS: halved
     again and again while the width stays a multiple of 8 (64x64: 32x32,
     16x16, 8x8), one texel of each 2 x 2 (the top-left one: a 16-color or
     8-bit texture cannot be averaged).
   Both keep the color mode of their texture; a 16-color one reads its
   texture's lookup table (CMDCOLR), so they take half a byte a texel and
   no table. They are made right after their texture, or when a later
   model is the first to need them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cd_internal.h"

int cd_first_derived(const rm_cd *cd, int id, rm_cd_sprite_kind kind, uint32_t *count)
{
    int first = -1;
    uint32_t n = 0;
    for (uint32_t i = (uint32_t)id + 1; i < cd->sprite_count; i++) {
        if (cd->sprites[i].parent == id && cd->sprites[i].kind == kind) {
            if (first < 0)
                first = (int)i;
            n++;
        }
    }
    if (count)
        *count = n;
    return first;
}

/* A w x h window at (x0, y0) of the texture, one texel every `step`. */
static uint16_t *window(const rm_cd_sprite *s, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h, uint32_t step)
{
    uint16_t *px = malloc((size_t)w * h * sizeof *px);
    if (!px)
        return NULL;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            size_t sx = (size_t)x0 + (size_t)x * step, sy = (size_t)y0 + (size_t)y * step;
            px[(size_t)y * w + x] = s->texels ? s->texels[sy * s->width + sx] : 0;
        }
    return px;
}

/* One tile or copy of texture `id`: its w x h window at (x0, y0), one texel
   every `step`, in the texture's color mode. false on a refusal (the
   failure recorded). */
static bool add_derived(rm_cd *cd, int id, rm_cd_sprite_kind kind, int owner, const char *name,
                        const char *what, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h, uint32_t step,
                        rm_diag *diag)
{
    const rm_cd_sprite *s = &cd->sprites[id];
    cd_sprite_request req = {0};
    req.kind = kind;
    req.mode = s->mode;
    req.name = name;
    req.width = w;
    req.height = h;
    req.bytes = (uint32_t)cd_mode_bytes(s->mode, w, h);
    req.parent = id;
    req.owner = owner;
    req.texels = window(s, x0, y0, w, h, step);
    if (!req.texels) {
        cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, name, 0);
        return false;
    }
    return cd_sprite_add(cd, &req, what, diag) >= 0;
}

bool cd_make_tiles(rm_cd *cd, int id, int owner, const char *model, rm_diag *diag)
{
    if (cd_first_derived(cd, id, RM_CD_TILE, NULL) >= 0)
        return true;
    const rm_cd_sprite *s = &cd->sprites[id];
    uint32_t w2 = s->width / 2, h2 = s->height / 2;
    if (w2 == 0 || w2 % 8 != 0 || h2 == 0) {
        rm_diag_add(diag, RM_WARNING,
                    "%s: warning: texture %s (%ux%u) cannot be cut in 4 tiles (half width %u is not a multiple of 8): "
                    "its polygons with subdivision are drawn whole",
                    model ? model : "program", s->name, (unsigned)s->width, (unsigned)s->height, (unsigned)w2);
        return true;
    }
    for (uint32_t t = 0; t < 4; t++) {
        s = &cd->sprites[id];   /* the table may have moved */
        char name[16], what[80];
        memcpy(name, s->name, sizeof name);
        snprintf(what, sizeof what, "%s: tile %u of texture %s", model ? model : "program", (unsigned)t + 1, name);
        if (!add_derived(cd, id, RM_CD_TILE, owner, name, what, (t % 2) * w2, (t / 2) * h2, w2, h2, 1,
                         diag))
            return false;
    }
    return true;
}

bool cd_make_mipmaps(rm_cd *cd, int id, int owner, const char *model, rm_diag *diag)
{
    if (cd_first_derived(cd, id, RM_CD_MIPMAP, NULL) >= 0)
        return true;
    uint32_t step = 2;
    for (;;) {
        const rm_cd_sprite *s = &cd->sprites[id];
        uint32_t w = s->width / step, h = s->height / step;
        if (w < 8 || w % 8 != 0 || h == 0)
            break;
        char name[16], what[80];
        memcpy(name, s->name, sizeof name);
        snprintf(what, sizeof what, "%s: %ux%u copy of texture %s", model ? model : "program", (unsigned)w,
                 (unsigned)h, name);
        if (!add_derived(cd, id, RM_CD_MIPMAP, owner, name, what, 0, 0, w, h, step, diag))
            return false;
        if (step > 1u << 20)
            break;
        step *= 2;
    }
    return true;
}
