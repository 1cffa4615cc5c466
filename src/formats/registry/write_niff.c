/* src/formats/registry/write_niff.c - a mesh as a NIFF 2.0 file
   (rm_niff_write_mesh), staged in the set. */
#include "formats/registry/registry.h"

#include <stdlib.h>

#include "retromesh/niff.h"

rm_status rm_fmt_write_niff(const rm_mesh *mesh, const char *path,
                            const rm_model_write_options *opt, rm_output_set *set,
                            rm_convert_result *result, rm_diag *diag)
{
    (void)opt;
    (void)result;
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_niff_write_mesh(mesh, NULL, &data, &size, diag);
    if (st == RM_OK)
        st = rm_output_add(set, path, data, size, diag);
    free(data);
    return st;
}
