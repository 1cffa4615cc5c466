/* src/formats/gltf/read.c - the glTF reader's entry (retromesh/gltf.h): the
   document loaded, its default scene into the mesh at rest, then its rigid
   skeleton and animations attached to the mesh. */
#include "formats/gltf/gltf_internal.h"

#include <stdlib.h>
#include <string.h>

#include "retromesh/fileio.h"

void rm_gltf_options_default(rm_gltf_options *o)
{
    memset(o, 0, sizeof *o);
}

rm_status rm_gltf_read_memory(const uint8_t *data, size_t size, const char *name,
                              const rm_gltf_options *opt, rm_mesh *out, rm_output_set *inputs,
                              rm_diag *diag)
{
    rm_gltf_options defaults;
    if (!opt) {
        rm_gltf_options_default(&defaults);
        opt = &defaults;
    }
    rm_mesh_init(out);
    const char *shown = name ? name : "<glTF>";
    rm_gltf_doc doc;
    rm_status st = rm_gltf_doc_load(data ? data : (const uint8_t *)"", data ? size : 0, shown,
                                    opt->max_bytes, inputs, &doc, diag);
    if (st != RM_OK)
        return st;
    rm_gltf_groups groups;
    st = rm_gltf_to_mesh(&doc, opt, inputs, out, &groups, diag);
    rm_skeleton *skel = NULL;
    if (st == RM_OK)
        st = rm_gltf_rig(&doc, opt, out, &groups, &skel, diag);
    if (st == RM_OK)
        out->skeleton = skel;
    else if (skel) {
        rm_skeleton_free(skel);
        free(skel);
    }
    rm_gltf_groups_free(&groups);
    rm_gltf_doc_free(&doc);
    if (st == RM_NOMEM)
        rm_diag_at(diag, RM_ERROR, shown, 0, 0, "out of memory");
    if (st != RM_OK) {
        rm_mesh_free(out);
        rm_mesh_init(out);
    }
    return st;
}

rm_status rm_gltf_read_file(const char *path, const rm_gltf_options *opt, rm_mesh *out,
                            rm_output_set *inputs, rm_diag *diag)
{
    rm_mesh_init(out);
    rm_file_read_options ro = { .max_bytes = opt ? opt->max_bytes : 0 };
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read_ex(path, &ro, &data, &size, diag);
    if (st != RM_OK)
        return st;
    if (inputs && rm_output_add_input(inputs, path) != RM_OK) {
        free(data);
        rm_diag_at(diag, RM_ERROR, path, 0, 0, "out of memory");
        return RM_NOMEM;
    }
    st = rm_gltf_read_memory(data, size, path, opt, out, inputs, diag);
    free(data);
    return st;
}
