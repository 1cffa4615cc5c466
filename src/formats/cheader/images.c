/* src/formats/cheader/images.c - the texels of each texture of a
   converted model, for the C header: from its TIMG entry (embedded; a
   16-colour texture expanded to RGB555 words) or from its .BIN bytes
   (rm_bin_decode). */
#include <stdlib.h>
#include <string.h>

#include "retromesh/cheader.h"
#include "retromesh/image.h"

void rm_cheader_images_free(rm_cheader_image *images, size_t count)
{
    if (!images)
        return;
    for (size_t i = 0; i < count; i++)
        free((void *)images[i].texels);
    free(images);
}

/* A texture converted to a .BIN: its texels through the project's .BIN
   reader (which checks the size). */
static rm_status from_bin(const rm_convert_texture *t, rm_cheader_image *img, rm_diag *diag)
{
    uint16_t *px = NULL;
    uint32_t w = 0, h = 0;
    rm_status st = rm_bin_decode(t->bin, t->bin_size, t->name, &px, &w, &h, diag);
    if (st != RM_OK)
        return st;
    img->width = (uint16_t)w;   /* a .BIN header holds 16 bits */
    img->height = (uint16_t)h;
    img->texels = px;
    return RM_OK;
}

rm_status rm_cheader_images(const rm_jom_model *m, const rm_convert_result *res,
                            rm_cheader_image **images, rm_diag *diag)
{
    *images = NULL;
    if (m->texture_count == 0)
        return RM_OK;
    rm_cheader_image *out = calloc(m->texture_count, sizeof *out);
    if (!out)
        return RM_NOMEM;
    rm_status st = RM_OK;
    for (uint32_t i = 0; st == RM_OK && i < m->texture_count; i++) {
        const char *name = m->textures[i];
        const rm_jom_texture *ti = NULL;
        for (uint32_t k = 0; !ti && k < m->texture_image_count; k++)
            if (!strncmp(m->texture_images[k].name, name, 16))
                ti = &m->texture_images[k];
        if (ti) {
            uint16_t *px = NULL;
            st = rm_jom_texture_to_rgb555(ti, &px);
            if (st == RM_OK) {
                out[i].width = ti->width;
                out[i].height = ti->height;
                out[i].texels = px;
            } else if (st == RM_INVALID) {
                rm_diag_add(diag, RM_ERROR, "%.16s: error: the embedded texture's bytes do not hold its size",
                            name);
            }
            continue;
        }
        const rm_convert_texture *ct = NULL;
        for (size_t k = 0; res && !ct && k < res->texture_count; k++)
            if (!strncmp(res->textures[k].name, name, 16))
                ct = &res->textures[k];
        if (!ct) {
            rm_diag_add(diag, RM_ERROR, "%.16s: error: the model names this texture but the conversion has "
                        "no pixels for it", name);
            st = RM_INVALID;
            break;
        }
        st = from_bin(ct, &out[i], diag);
    }
    if (st != RM_OK) {
        rm_cheader_images_free(out, m->texture_count);
        return st;
    }
    *images = out;
    return RM_OK;
}
