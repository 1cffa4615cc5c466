/* fuzz/fuzz_obj.c - libFuzzer entry for the OBJ and MTL readers: the bytes
   are parsed as an OBJ (no library loading, so no file is opened) and as an
   MTL (into a mesh that uses a few material names), and everything is freed.
   The readers must never crash, leak or read outside the buffer; any status
   is fine. Seeds: fuzz/corpus/obj. */
#include "fuzz_common.h"

#include <stddef.h>
#include <string.h>

#include "retromesh/obj.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    opt.load_materials = false;

    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 64;
    rm_mesh mesh;
    rm_status st = rm_obj_parse((const char *)data, size, "fuzz.obj", &opt, &mesh, &diag);
    if (st == RM_OK) {
        /* The contract the converter relies on. */
        size_t corners = rm_mesh_corner_count(&mesh);
        for (size_t c = 0; c < corners; c++) {
            if (mesh.corner_position[c] >= mesh.position_count)
                __builtin_trap();
            if (mesh.corner_uv && mesh.corner_uv[c] >= (int32_t)mesh.uv_count)
                __builtin_trap();
            if (mesh.corner_normal && mesh.corner_normal[c] >= (int32_t)mesh.normal_count)
                __builtin_trap();
        }
        rm_obj_print_info(&mesh, fuzz_null_file());
        rm_mesh_free(&mesh);
    }
    rm_diag_free(&diag);

    /* As an MTL, for a mesh that uses names the seeds define. */
    static const char uses[] = "usemtl red\nusemtl blue\nusemtl m\nusemtl a\n";
    rm_diag_init(&diag);
    diag.limit = 64;
    if (rm_obj_parse(uses, sizeof uses - 1, "fuzz.obj", &opt, &mesh, &diag) == RM_OK) {
        rm_mtl_parse((const char *)data, size, "fuzz.mtl", &mesh, &diag);
        rm_mesh_free(&mesh);
    }
    rm_diag_free(&diag);
    return 0;
}
