/* src/formats/registry/write_cheader.c - a mesh as a C header
   (retromesh/cheader.h): converted as for a JOM, the textures inside the
   header, so the header is the only file staged. The identifier prefix is
   opt->c_name, else made from the output's file name. */
#include "formats/registry/registry.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "retromesh/cheader.h"

rm_status rm_fmt_write_cheader(const rm_mesh *mesh, const char *path,
                               const rm_model_write_options *opt, rm_output_set *set,
                               rm_convert_result *result, rm_diag *diag)
{
    rm_convert_result local;
    rm_convert_result *res = result ? result : &local;
    char name[RM_CHEADER_NAME_MAX + 1];
    rm_cheader_options ho;
    rm_cheader_options_default(&ho);
    if (opt->c_name) {
        ho.name = opt->c_name;
    } else {
        rm_cheader_name_from_path(path, name, sizeof name);
        ho.name = name;
    }
    char *text = NULL;
    size_t size = 0;
    rm_status st = rm_cheader_from_mesh(mesh, &opt->convert, &ho, &text, &size, res, diag);
    /* The images read are inputs: the header may not land on one. */
    for (size_t i = 0; st == RM_OK && i < res->image_count; i++) {
        struct stat sb;
        if (stat(res->images[i], &sb) == 0)
            st = rm_output_add_input(set, res->images[i]);
    }
    /* OUT was reserved before the images were known (--c-header with any
       name): the header may not be one of them. */
    const char *which = NULL;
    if (st == RM_OK && rm_output_is_input(set, path, &which)) {
        rm_diag_at(diag, RM_ERROR, path, 0, 0,
                   "this is %s, which the command reads: choose another output name", which);
        st = RM_USAGE;
    }
    if (st == RM_OK)
        st = rm_output_add(set, path, text, size, diag);
    if (st == RM_NOMEM)
        rm_diag_at(diag, RM_ERROR, path, 0, 0, "out of memory");
    free(text);
    if (!result)
        rm_convert_result_free(&local);
    return st;
}
