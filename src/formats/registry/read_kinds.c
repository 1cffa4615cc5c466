/* src/formats/registry/read_kinds.c - the readers of the table: each
   model kind's bytes into the neutral mesh. */
#include "formats/registry/registry.h"

#include "retromesh/gltf.h"
#include "retromesh/niff.h"
#include "retromesh/obj.h"

/* OBJ (UTF-8, or UTF-16 with a byte order mark) and the MTL files it
   names, found relative to `name`'s folder. */
rm_status rm_fmt_read_obj(const uint8_t *data, size_t size, const char *name,
                          const rm_model_read_options *opt, rm_output_set *inputs, rm_mesh *out,
                          rm_diag *diag)
{
    (void)inputs;   /* model_read.c adds the MTLs the mesh names */
    rm_obj_options oo;
    rm_obj_options_default(&oo);
    oo.threads = opt->threads;
    oo.text_is_mapped = opt->data_is_mapped;
    return rm_obj_parse((const char *)data, size, name, &oo, out, diag);
}

rm_status rm_fmt_read_niff(const uint8_t *data, size_t size, const char *name,
                           const rm_model_read_options *opt, rm_output_set *inputs, rm_mesh *out,
                           rm_diag *diag)
{
    (void)opt;
    (void)inputs;
    return rm_niff_read_mesh(data, size, name, out, diag);
}

/* glTF and GLB: the reader takes its options from the read options; the
   buffers and images it reads go into `inputs`. */
rm_status rm_fmt_read_gltf(const uint8_t *data, size_t size, const char *name,
                           const rm_model_read_options *opt, rm_output_set *inputs, rm_mesh *out,
                           rm_diag *diag)
{
    rm_gltf_options go = opt->gltf;
    if (!go.max_bytes)
        go.max_bytes = opt->max_bytes;
    return rm_gltf_read_memory(data, size, name, &go, out, inputs, diag);
}
