/* src/formats/cheader/from_mesh.c - a mesh as a C header through the
   JOM: converted as for a JOM, serialised by the JOM writer and read back,
   so that the header's tables are the file's (docs/cheader.md). */
#include <stdlib.h>
#include <string.h>

#include "retromesh/cheader.h"

rm_status rm_cheader_from_mesh(const rm_mesh *mesh, const rm_convert_options *copt,
                               const rm_cheader_options *opt, char **text, size_t *size,
                               rm_convert_result *res, rm_diag *diag)
{
    *text = NULL;
    *size = 0;
    rm_convert_result local;
    rm_convert_result *r = res ? res : &local;
    rm_convert_options defaults;
    if (!copt) {
        rm_convert_options_default(&defaults);
        copt = &defaults;
    }
    rm_cheader_options ho;
    rm_cheader_options_default(&ho);
    if (opt)
        ho = *opt;
    if (ho.name && !rm_cheader_is_name(ho.name)) {
        rm_convert_result_init(r);
        rm_diag_add(diag, RM_ERROR, "error: '%s' is not a C identifier of 1 to %u characters (A-Z, a-z, "
                    "0-9, _; not starting with a digit)", ho.name, RM_CHEADER_NAME_MAX);
        return RM_USAGE;
    }
    char options[512];
    if (!ho.made_by) {
        rm_cheader_describe_options(copt, options, sizeof options);
        ho.made_by = options;
    }
    rm_jom_model jom, back;
    rm_jom_init(&back);
    rm_status st = rm_convert_mesh_to_jom_ex(mesh, copt, &jom, r, diag);
    if (st != RM_OK) {
        if (!res)
            rm_convert_result_free(&local);
        return st;
    }
    uint8_t *bytes = NULL;
    size_t n = 0;
    st = rm_jom_write(&jom, &bytes, &n, diag);
    rm_jom_free(&jom);
    if (st == RM_OK)
        st = rm_jom_read(bytes, n, "<model>", &back, diag);
    free(bytes);
    rm_cheader_image *images = NULL;
    if (st == RM_OK)
        st = rm_cheader_images(&back, r, &images, diag);
    if (st == RM_OK)
        st = rm_cheader_write(&back, images, &ho, text, size, diag);
    rm_cheader_images_free(images, back.texture_count);
    rm_jom_free(&back);
    if (!res)
        rm_convert_result_free(&local);
    return st;
}
