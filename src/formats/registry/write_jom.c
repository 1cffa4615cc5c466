/* src/formats/registry/write_jom.c - a mesh as a Jo Engine model with its
   .BIN textures. The order matters: convert, settle the texture names
   against the folder (a .BIN of another model is never replaced: the
   texture takes its hashed name, and the model's TEXT must say so), then
   serialise the JOM, then stage the .BIN files and the JOM, textures first
   (the commit renames in that order: a model never names a file that is
   not there). */
#include "formats/registry/registry.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/alloc.h"
#include "retromesh/jom.h"

/* The folder the .BIN files go to: texture_out (made at commit when it
   does not exist), or the output's own folder. */
static rm_status bin_folder(const char *path, const rm_model_write_options *opt,
                            const rm_convert_result *res, rm_output_set *set, char **dir,
                            rm_diag *diag)
{
    *dir = NULL;
    if (!opt->texture_out || !opt->texture_out[0]) {
        *dir = rm_fmt_beside(strcmp(path, "-") == 0 ? "" : path, "");
        return *dir ? RM_OK : RM_NOMEM;
    }
    bool any = false;
    for (size_t i = 0; i < res->texture_count; i++)
        any = any || res->textures[i].bin;
    struct stat sb;
    if (any && stat(opt->texture_out, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
        rm_diag_at(diag, RM_ERROR, opt->texture_out, 0, 0,
                   "the folder for the .BIN textures is a file, not a folder");
        return RM_IO;
    }
    if (any && stat(opt->texture_out, &sb) != 0) {
        rm_status st = rm_output_add_dir(set, opt->texture_out, diag);
        if (st != RM_OK)
            return st;
    }
    *dir = rm_strdup(opt->texture_out);
    return *dir ? RM_OK : RM_NOMEM;
}

static rm_status stage_textures(const rm_convert_result *res, const char *dir, rm_output_set *set,
                                rm_diag *diag)
{
    rm_status st = RM_OK;
    for (size_t i = 0; st == RM_OK && i < res->texture_count; i++) {
        const rm_convert_texture *t = &res->textures[i];
        if (!t->bin || t->unchanged)
            continue;   /* embedded, or the folder has these bytes already */
        char *p = rm_fmt_join(dir, t->name);
        st = p ? rm_output_add(set, p, t->bin, t->bin_size, diag) : RM_NOMEM;
        free(p);
    }
    return st;
}

rm_status rm_fmt_write_jom(const rm_mesh *mesh, const char *path, const rm_model_write_options *opt,
                           rm_output_set *set, rm_convert_result *result, rm_diag *diag)
{
    rm_convert_result local;
    rm_convert_result *res = result ? result : &local;
    if (opt->model_out)
        rm_jom_init(opt->model_out);
    rm_jom_model jom;
    rm_status st = rm_convert_mesh_to_jom_ex(mesh, &opt->convert, &jom, res, diag);
    if (st != RM_OK) {
        if (!result)
            rm_convert_result_free(&local);
        return st;
    }
    /* The images the converter read are inputs: no .BIN lands on one.
       (Carried pixels, a NIFF's, have a name but no file: left out.) */
    for (size_t i = 0; st == RM_OK && i < res->image_count; i++) {
        struct stat sb;
        if (stat(res->images[i], &sb) == 0)
            st = rm_output_add_input(set, res->images[i]);
    }
    char *dir = NULL;
    if (st == RM_OK)
        st = bin_folder(path, opt, res, set, &dir, diag);
    if (st == RM_OK)
        st = rm_convert_settle_textures(res, &jom, dir, set, diag);
    uint8_t *bytes = NULL;
    size_t size = 0;
    if (st == RM_OK)
        st = rm_jom_write(&jom, &bytes, &size, diag);
    if (st == RM_OK)
        st = stage_textures(res, dir, set, diag);
    if (st == RM_OK)
        st = rm_output_add(set, path, bytes, size, diag);
    if (st == RM_NOMEM)
        rm_diag_at(diag, RM_ERROR, path, 0, 0, "out of memory");
    free(bytes);
    free(dir);
    if (opt->model_out && st == RM_OK)
        *opt->model_out = jom;      /* the caller's now */
    else
        rm_jom_free(&jom);
    if (!result)
        rm_convert_result_free(&local);
    return st;
}
