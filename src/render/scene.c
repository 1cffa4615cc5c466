/* src/render/scene.c - what a frame draws: the runtime model of a JOM (or of
   an OBJ or a NIFF file converted in memory), its gouraud table and its
   textures as RGB555 words (docs/rendering.md "Scenes"). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/convert.h"
#include "retromesh/fileio.h"
#include "retromesh/formats.h"
#include "retromesh/niff.h"
#include "retromesh/obj.h"
#include "retromesh/render.h"

void rm_render_scene_init(rm_render_scene *s)
{
    memset(s, 0, sizeof *s);
}

void rm_render_scene_free(rm_render_scene *s)
{
    if (!s)
        return;
    rm_3d_free_model(s->model);
    free(s->gouraud);
    for (uint32_t i = 0; i < s->texture_count; i++)
        free(s->textures[i].texels);
    free(s->textures);
    rm_render_scene_init(s);
}

/* A TIMG entry as RGB555 words (saturn-notes 6.3). */
static rm_status texture_from_timg(const rm_jom_texture *t, rm_render_texture *out)
{
    uint16_t *px;
    rm_status st = rm_jom_texture_to_rgb555(t, &px);
    if (st != RM_OK)
        return st;
    out->width = t->width;
    out->height = t->height;
    out->texels = px;
    return RM_OK;
}

static rm_status texture_from_bin(const uint8_t *data, size_t size, const char *name, rm_render_texture *out,
                                  rm_diag *diag)
{
    uint16_t *px = NULL;
    uint32_t w = 0, h = 0;
    rm_status st = rm_bin_decode(data, size, name, &px, &w, &h, diag);
    if (st != RM_OK)
        return st;
    if (w == 0 || h == 0) {
        free(px);
        return RM_INVALID;
    }
    out->width = w;
    out->height = h;
    out->texels = px;
    return RM_OK;
}

/* TEXT name NAME looked up as DIR/NAME, then upper and lower case. */
static bool texture_from_dir(const char *dir, const char *name, rm_render_texture *out, rm_diag *diag)
{
    char variant[16];
    for (int pass = 0; pass < 3; pass++) {
        size_t i = 0;
        for (; i < 15 && name[i]; i++)
            variant[i] = pass == 0 ? name[i]
                         : pass == 1 ? (char)toupper((unsigned char)name[i])
                                     : (char)tolower((unsigned char)name[i]);
        variant[i] = 0;
        size_t len = strlen(dir) + 1 + i + 1;
        char *path = malloc(len);
        if (!path)
            return false;
        snprintf(path, len, "%s/%s", dir, variant);
        uint8_t *data = NULL;
        size_t size = 0;
        rm_diag quiet;
        rm_diag_init(&quiet);
        rm_status st = rm_file_read(path, &data, &size, &quiet);
        rm_diag_free(&quiet);
        if (st == RM_OK) {
            st = texture_from_bin(data, size, path, out, diag);
            free(data);
            free(path);
            return st == RM_OK;
        }
        free(path);
    }
    return false;
}

static rm_status scene_build(const rm_jom_model *jom, const char *name, const char *texture_dir,
                             const rm_convert_result *res, rm_render_scene *out, rm_diag *diag)
{
    rm_render_scene_init(out);
    if (!name)
        name = "<model>";
    uint8_t *bytes = NULL;
    size_t size = 0;
    rm_status st = rm_jom_write(jom, &bytes, &size, diag);
    if (st != RM_OK)
        return st;
    out->model = rm_3d_create_model_from_memory(bytes, size, name, diag);
    free(bytes);
    if (!out->model)
        return RM_INVALID;
    if (jom->has_gouraud && jom->gouraud) {
        size_t n = (size_t)jom->polygon_count * 4;
        out->gouraud = malloc(n * sizeof *out->gouraud);
        if (!out->gouraud)
            goto nomem;
        memcpy(out->gouraud, jom->gouraud, n * sizeof *out->gouraud);
    }
    if (jom->texture_count) {
        out->textures = calloc(jom->texture_count, sizeof *out->textures);
        if (!out->textures)
            goto nomem;
        out->texture_count = jom->texture_count;
    }
    for (uint32_t i = 0; i < jom->texture_count; i++) {
        const char *tname = jom->textures[i];
        char shown[17];
        memcpy(shown, tname, 16);
        shown[16] = 0;
        bool found = false;
        for (uint32_t k = 0; k < jom->texture_image_count && !found; k++) {
            if (strncmp(jom->texture_images[k].name, tname, 16) == 0) {
                st = texture_from_timg(&jom->texture_images[k], &out->textures[i]);
                if (st == RM_NOMEM)
                    goto nomem;
                found = st == RM_OK;
            }
        }
        if (!found && res && i < res->texture_count && res->textures[i].bin) {
            st = texture_from_bin(res->textures[i].bin, res->textures[i].bin_size, shown, &out->textures[i], diag);
            if (st == RM_NOMEM)
                goto nomem;
            found = st == RM_OK;
        }
        if (!found && texture_dir)
            found = texture_from_dir(texture_dir, shown, &out->textures[i], diag);
        if (!found)
            rm_diag_add(diag, RM_WARNING, "%s: warning: texture %s not found: its polygons are drawn in their material color",
                        name, shown);
    }
    return RM_OK;
nomem:
    rm_render_scene_free(out);
    return RM_NOMEM;
}

rm_status rm_render_scene_from_jom(const rm_jom_model *jom, const char *name, const char *texture_dir,
                                   rm_render_scene *out, rm_diag *diag)
{
    return scene_build(jom, name, texture_dir, NULL, out, diag);
}

rm_status rm_render_scene_load(const char *path, rm_render_scene *out, rm_diag *diag)
{
    rm_render_scene_init(out);
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(path, &data, &size, diag);
    if (st != RM_OK)
        return st;
    /* The folder of the file: where .BIN textures are looked for. */
    char *dir = malloc(strlen(path) + 2);
    if (!dir) {
        free(data);
        return RM_NOMEM;
    }
    strcpy(dir, path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        strcpy(dir, ".");
    rm_jom_model jom;
    rm_jom_init(&jom);
    if (size >= 4 && memcmp(data, "JOM1", 4) == 0) {
        st = rm_jom_read(data, size, path, &jom, diag);
        free(data);
        if (st == RM_OK)
            st = scene_build(&jom, path, dir, NULL, out, diag);
    } else {
        /* Any other model through the format table, told by its content
           (OBJ, NIFF with its textures in map_kd_rgba, glTF with its
           skeleton), converted with the default options. */
        rm_mesh mesh;
        st = rm_model_read_memory(data, size, path, NULL, &mesh, NULL, diag);
        free(data);
        if (st != RM_OK)
            rm_mesh_free(&mesh);
        if (st == RM_OK) {
            rm_convert_options opt;
            rm_convert_options_default(&opt);
            rm_convert_result res;
            rm_convert_result_init(&res);
            st = rm_convert_mesh_to_jom_ex(&mesh, &opt, &jom, &res, diag);
            rm_mesh_free(&mesh);
            if (st == RM_OK)
                st = scene_build(&jom, path, NULL, &res, out, diag);
            rm_convert_result_free(&res);
        }
    }
    rm_jom_free(&jom);
    free(dir);
    return st;
}
