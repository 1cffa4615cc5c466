/* src/formats/niff/write_mesh.c - rm_niff_write_mesh: a neutral mesh as a
   whole NIFF 2.0 file. Checks the mesh, plans the lists (write_mesh_plan.c),
   writes them in the physical order of spec 3.1 through the size-patching
   builder, then fills the FileHeader's sizes. */
#include "retromesh/niff.h"

#include <stdlib.h>

#include "write_mesh_internal.h"

#define NIFF_WRITE_DEFAULT_VERSION 0xff000200u  /* maker 0xff, tool 0, NIFF 2.0 */

void rm_niff_write_options_default(rm_niff_write_options *opt)
{
    opt->version = NIFF_WRITE_DEFAULT_VERSION;
}

/* List `l` (RM_NIFF_LIST_*); the lists the mesh has nothing for are written
   empty (NIFF 2.0: the nine 2.0 lists too). */
static uint32_t write_list(wm_builder *b, const wm_plan *p, uint32_t l)
{
    switch (l) {
    case RM_NIFF_LIST_SCENE: return wm_write_scene(b, p);
    case RM_NIFF_LIST_OBJ: return wm_write_obj_list(b, p);
    case RM_NIFF_LIST_SHAPE: return wm_write_shape_list(b, p);
    case RM_NIFF_LIST_VTX: return wm_write_vtx_list(b, p);
    case RM_NIFF_LIST_TRI: return wm_write_tri_list(b, p);
    case RM_NIFF_LIST_COLOR: return wm_write_color_list(b, p);
    case RM_NIFF_LIST_VECTOR: return wm_write_vector_list(b, p);
    case RM_NIFF_LIST_ST: return wm_write_st_list(b, p);
    case RM_NIFF_LIST_PART: return wm_write_part_list(b, p);
    case RM_NIFF_LIST_MAT: return wm_write_mat_list(b, p);
    case RM_NIFF_LIST_TEX: return wm_write_tex_list(b, p);
    case RM_NIFF_LIST_TEX_IMG: return wm_write_tex_img_list(b, p);
    case RM_NIFF_LIST_NAME: return wm_write_name_list(b, p);
    default: return wm_write_empty_list(b, rm_niff_list_tag(l));
    }
}

rm_status rm_niff_write_mesh(const rm_mesh *mesh, const rm_niff_write_options *opt, uint8_t **data,
                             size_t *size, rm_diag *diag)
{
    if (!data || !size) {
        rm_diag_add(diag, RM_ERROR, "rm_niff_write_mesh: no output");
        return RM_USAGE;
    }
    *data = NULL;
    *size = 0;
    if (!mesh) {
        rm_diag_add(diag, RM_ERROR, "rm_niff_write_mesh: no mesh");
        return RM_USAGE;
    }
    rm_niff_write_options defaults;
    if (!opt) {
        rm_niff_write_options_default(&defaults);
        opt = &defaults;
    }
    rm_status st = wm_check_mesh(mesh, diag);
    if (st != RM_OK)
        return st;
    wm_plan plan;
    st = wm_plan_build(&plan, mesh, opt->version, diag);
    if (st != RM_OK)
        return st;

    wm_builder b;
    wm_builder_init(&b);
    uint32_t sizes[RM_NIFF_LIST_COUNT] = {0};
    size_t header = wm_write_file_header(&b, &plan);
    for (uint32_t l = 0; l < RM_NIFF_LIST_COUNT; l++)    /* numbered in physical order */
        sizes[l] = write_list(&b, &plan, l);
    wm_patch_file_header(&b, header, sizes);
    wm_plan_free(&plan);

    const char *source = mesh->source ? mesh->source : "mesh";
    if (b.w.failed) {
        wm_builder_free(&b);
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory writing NIFF", source);
        return RM_NOMEM;
    }
    if (b.too_big) {
        size_t n = b.w.size;
        wm_builder_free(&b);
        rm_diag_add(diag, RM_ERROR,
                    "%s: error: cannot write NIFF: the file would be %zu bytes, more than the 4 GiB its "
                    "size fields can hold",
                    source, n);
        return RM_INVALID;
    }
    *data = b.w.data;
    *size = b.w.size;
    return RM_OK;
}
