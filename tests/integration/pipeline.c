/* tests/integration/pipeline.c - see pipeline.h. */
#include "pipeline.h"

#include <stdlib.h>

rm_status rm_test_convert(const char *path, const rm_convert_options *opt, rm_jom_model *jom,
                          uint8_t **bytes, size_t *size, rm_diag *diag)
{
    rm_convert_options defaults;
    rm_convert_options_default(&defaults);
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_jom_init(jom);
    *bytes = NULL;
    *size = 0;
    rm_status st = rm_obj_read_file(path, NULL, &mesh, diag);
    if (st == RM_OK)
        st = rm_convert_mesh_to_jom(&mesh, opt ? opt : &defaults, jom, diag);
    if (st == RM_OK)
        st = rm_jom_write(jom, bytes, size, diag);
    rm_mesh_free(&mesh);
    return st;
}
