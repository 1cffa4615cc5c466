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

static void write_lists(wm_builder *b, const wm_plan *p, uint32_t sizes[WM_LIST_COUNT])
{
    sizes[WM_SCENE] = wm_write_scene(b, p);
    sizes[WM_ENV] = wm_write_empty_list(b, WM_TAG_ENV_LIST);
    sizes[WM_CAM] = wm_write_empty_list(b, WM_TAG_CAM_LIST);
    sizes[WM_LIGHT] = wm_write_empty_list(b, WM_TAG_LIGHT_LIST);
    sizes[WM_OBJ] = wm_write_obj_list(b, p);
    sizes[WM_SHAPE] = wm_write_shape_list(b, p);
    sizes[WM_VTX] = wm_write_vtx_list(b, p);
    sizes[WM_TRI] = wm_write_tri_list(b, p);
    sizes[WM_COLOR] = wm_write_color_list(b, p);
    sizes[WM_VECTOR] = wm_write_vector_list(b, p);
    sizes[WM_ST] = wm_write_st_list(b, p);
    sizes[WM_PART] = wm_write_part_list(b, p);
    sizes[WM_MAT] = wm_write_mat_list(b, p);
    sizes[WM_TEX] = wm_write_tex_list(b, p);
    sizes[WM_TEX_IMG] = wm_write_tex_img_list(b, p);
    sizes[WM_ANIM] = wm_write_empty_list(b, WM_TAG_ANIM_LIST);
    sizes[WM_COLL] = wm_write_empty_list(b, WM_TAG_COLL_LIST);
    sizes[WM_SWITCH] = wm_write_empty_list(b, WM_TAG_SWITCH_LIST);
    sizes[WM_NAME] = wm_write_name_list(b, p);
    /* NIFF 2.0: the nine lists are always written, empty here */
    sizes[WM_CI_IMG] = wm_write_empty_list(b, WM_TAG_CI_IMG_LIST);
    sizes[WM_COLOR_PALETTE] = wm_write_empty_list(b, WM_TAG_COLOR_PALETTE_LIST);
    sizes[WM_ENVELOPE] = wm_write_empty_list(b, WM_TAG_ENVELOPE_LIST);
    sizes[WM_CLUSTER] = wm_write_empty_list(b, WM_TAG_CLUSTER_LIST);
    sizes[WM_WEIGHT] = wm_write_empty_list(b, WM_TAG_WEIGHT_LIST);
    sizes[WM_CHAIN_ROOT] = wm_write_empty_list(b, WM_TAG_CHAIN_ROOT_LIST);
    sizes[WM_JOINT] = wm_write_empty_list(b, WM_TAG_JOINT_LIST);
    sizes[WM_EFFECTOR] = wm_write_empty_list(b, WM_TAG_EFFECTOR_LIST);
    sizes[WM_EXTERNAL_NAME] = wm_write_empty_list(b, WM_TAG_EXTERNAL_NAME_LIST);
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
    uint32_t sizes[WM_LIST_COUNT] = {0};
    size_t header = wm_write_file_header(&b, &plan);
    write_lists(&b, &plan, sizes);
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
