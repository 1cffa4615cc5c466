/* fuzz/fuzz_niff.c - libFuzzer target for the NIFF reader and validator.

   Any bytes: rm_niff_read must return without a crash, a leak or undefined
   behaviour, and must give a reason whenever it refuses. When it accepts
   them, every typed view must stay inside its arrays, and rm_niff_write
   must give back exactly the input (up to file_size): a failure there is a
   bug, reported by abort(). The accepted model then goes through what the
   tools do with it: rm_niff_to_mesh (whose mesh must keep the mesh.h
   promises: every index in range), the NIFF writer on that mesh (its file
   must pass rm_niff_read: NIFF -> mesh -> NIFF, what `convert x.nif
   y.nif` does) and both printers. The check_only, borrow_data read (what
   `check` does) must give the same status and messages. Seeds: fuzz/corpus/niff (the hand-built files of the reader tests:
   NIFF_SEED_DIR=$PWD/fuzz/corpus/niff ctest -R test_niff_read). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/niff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 32;
    rm_niff_file f;
    rm_status st = rm_niff_read(data, size, "fuzz.nif", &f, &diag);
    {
        /* What `check` reads: no copy, no Tris kept, the same status and
           the same messages in the same order. */
        rm_diag cd;
        rm_diag_init(&cd);
        cd.limit = 32;
        rm_niff_file cf;
        rm_niff_read_options opt = {.borrow_data = true, .check_only = true};
        rm_status cst = rm_niff_read_with(data, size, "fuzz.nif", &opt, &cf, &cd);
        if (cst != st || cd.count != diag.count || cd.errors != diag.errors)
            abort();
        for (size_t i = 0; i < cd.count; i++)
            if (cd.items[i].severity != diag.items[i].severity || strcmp(cd.items[i].text, diag.items[i].text) != 0)
                abort();
        if (cst == RM_OK && (cf.data != data || cf.obj_count != f.obj_count || cf.tri_group_count != f.tri_group_count))
            abort();
        for (uint32_t g = 0; cst == RM_OK && g < cf.tri_group_count; g++)
            if (cf.tri_groups[g].tris || cf.tri_groups[g].tri_num != f.tri_groups[g].tri_num)
                abort();
        rm_niff_free(&cf);
        rm_diag_free(&cd);
    }
    if (st != RM_OK) {
        if (st != RM_INVALID || diag.errors == 0 || f.data || f.objs)
            abort();   /* refused without a reason, or left something behind */
        rm_diag_free(&diag);
        return 0;
    }
    /* Walk what a converter walks: names, Obj links, the Tri records. */
    for (uint32_t i = 0; i < f.obj_count; i++) {
        const rm_niff_obj *o = &f.objs[i];
        (void)rm_niff_name(&f, o->name_index);
        for (uint32_t k = 0; k < o->child_num; k++)
            if (o->child_link[k] >= f.obj_count && !rm_niff_link_is_switch(o->child_link[k]))
                abort();
        if (o->shape_link != RM_NIFF_NOLINK && !rm_niff_link_is_switch(o->shape_link) && o->shape_link >= f.shape_count)
            abort();
    }
    for (uint32_t g = 0; g < f.tri_group_count; g++) {
        const rm_niff_tri_group *tg = &f.tri_groups[g];
        uint32_t vg = tg->ref[RM_NIFF_REF_VTX].count ? tg->ref[RM_NIFF_REF_VTX].group[0] : 0;
        for (uint32_t t = 0; t < tg->tri_num; t++)
            for (int v = 0; v < 3; v++)
                if (vg < f.vtx_group_count && tg->tris[t].vtx_index[v] >= f.vtx_groups[vg].num &&
                    !(tg->tris[t].vtx_index[v] == 0 && f.vtx_groups[vg].num == 0))
                    abort();   /* accepted a vertex outside its group */
    }
    uint8_t *out = NULL;
    size_t out_size = 0;
    st = rm_niff_write(&f, &out, &out_size, &diag);
    if (st == RM_OK && (out_size > size || out_size != f.file_size || memcmp(out, data, out_size) != 0))
        abort();   /* read -> write must give the same bytes */
    free(out);

    rm_mesh mesh;
    if (rm_niff_to_mesh(&f, &mesh, &diag) == RM_OK) {
        size_t corners = rm_mesh_corner_count(&mesh);
        for (size_t c = 0; c < corners; c++) {
            if (mesh.corner_position[c] >= mesh.position_count)
                abort();
            if (mesh.corner_uv && mesh.corner_uv[c] >= 0 && (size_t)mesh.corner_uv[c] >= mesh.uv_count)
                abort();
            if (mesh.corner_normal && mesh.corner_normal[c] >= 0 && (size_t)mesh.corner_normal[c] >= mesh.normal_count)
                abort();
        }
        for (size_t m = 0; m < mesh.face_count; m++)
            if ((mesh.face_material[m] != RM_MESH_NONE && mesh.face_material[m] >= mesh.material_count) ||
                (mesh.face_group[m] != RM_MESH_NONE && mesh.face_group[m] >= mesh.group_count))
                abort();
        for (size_t m = 0; m < mesh.material_count; m++)
            if (mesh.materials[m].map_kd_rgba && (!mesh.materials[m].map_kd_width || !mesh.materials[m].map_kd_height))
                abort();
        uint8_t *again = NULL;
        size_t again_size = 0;
        if (rm_niff_write_mesh(&mesh, NULL, &again, &again_size, &diag) == RM_OK) {
            rm_niff_file back;
            if (rm_niff_read(again, again_size, "rewritten.nif", &back, &diag) != RM_OK)
                abort();   /* the writer wrote what the reader refuses */
            rm_niff_free(&back);
        }
        free(again);
        rm_mesh_free(&mesh);
    }
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    if (sink) {
        rm_niff_print_info(&f, sink);
        (void)rm_niff_print_json(&f, sink);
    }
    rm_niff_free(&f);
    rm_diag_free(&diag);
    return 0;
}
