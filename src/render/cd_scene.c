/* src/render/cd_scene.c - a preview scene from a model loaded through a CD
   context (retromesh/cd.h): what the Saturn would draw after
   jo_3d_load_model, with the textures as the context put them in its VRAM
   (embedded ones, or the .BIN/.TGA files of the folder) and the gouraud
   tables it made. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/cd.h"
#include "retromesh/render.h"

/* Texture names are compared as the context does: ASCII, any case, 15
   characters. */
static bool same_name(const char *a, const char *b)
{
    for (int i = 0; i < 15; i++) {
        char ca = a[i] >= 'a' && a[i] <= 'z' ? (char)(a[i] - 32) : a[i];
        char cb = b[i] >= 'a' && b[i] <= 'z' ? (char)(b[i] - 32) : b[i];
        if (ca != cb)
            return false;
        if (!ca)
            return true;
    }
    return true;
}

rm_status rm_render_scene_from_cd(struct rm_cd *cd, int model, rm_render_scene *out, rm_diag *diag)
{
    rm_render_scene_init(out);
    const rm_cd_model_info *info = rm_cd_model(cd, model);
    size_t size = 0;
    const uint8_t *bytes = rm_cd_model_bytes(cd, model, &size);
    if (!info || !bytes)
        return RM_USAGE;
    out->model = rm_3d_create_model_from_memory(bytes, size, info->filename, diag);
    if (!out->model)
        return RM_INVALID;
    if (info->polygon_gouraud && info->gouraud_tables) {
        size_t n = (size_t)info->polygons * 4;
        out->gouraud = calloc(n, sizeof *out->gouraud);
        if (!out->gouraud)
            goto nomem;
        for (uint32_t p = 0; p < info->polygons; p++) {
            const rm_cd_sprite *t = rm_cd_sprite_at(cd, info->polygon_gouraud[p]);
            if (t && t->kind == RM_CD_GOURAUD && t->texels)
                memcpy(&out->gouraud[(size_t)p * 4], t->texels, 4 * sizeof *out->gouraud);
        }
    }
    if (info->texture_count) {
        out->textures = calloc(info->texture_count, sizeof *out->textures);
        if (!out->textures)
            goto nomem;
        out->texture_count = info->texture_count;
    }
    for (uint32_t i = 0; i < info->texture_count; i++) {
        const rm_cd_sprite *s = rm_cd_sprite_at(cd, info->textures[i].sprite);
        /* A sprite freed since (rm_cd_free_textures_from) is not drawn. */
        if (!s || s->kind != RM_CD_TEXTURE || !s->texels || !same_name(s->name, info->textures[i].name)) {
            rm_diag_add(diag, RM_WARNING, "%s: warning: texture %s not loaded: its polygons are drawn in their material color",
                        info->filename, info->textures[i].name);
            continue;
        }
        size_t n = (size_t)s->width * s->height;
        out->textures[i].texels = malloc(n * sizeof *out->textures[i].texels);
        if (!out->textures[i].texels)
            goto nomem;
        memcpy(out->textures[i].texels, s->texels, n * sizeof *s->texels);
        out->textures[i].width = s->width;
        out->textures[i].height = s->height;
    }
    return RM_OK;
nomem:
    rm_render_scene_free(out);
    return RM_NOMEM;
}
