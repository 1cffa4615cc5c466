/* src/formats/niff/schema.c - one row per NIFF element kind and per list:
   field names (spec spelling), float words, arrays and their count words,
   links and their targets, body layout. Offsets: word i is at byte 4*i of
   the element (spec §5 and §7 tables). */
#include <string.h>

#include "niff_internal.h"

#define N NIFF_NONE
#define COUNT_OF(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))
#define FLOATS(lo, hi) ((uint32_t)((((uint64_t)1 << ((hi) + 1)) - 1) & ~(((uint64_t)1 << (lo)) - 1)))

/* ---- field names ---- */
static const char *const f_scene[] = {"scene_header_tag", "scene_header_size", "scene_size", "scene_cfg",
    "scene_name_index", "scene_obj_link_num", "scene_env_link_num", "scene_cam_link_num",
    "scene_light_link_num", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const a_scene[] = {"scene_obj_link_index", "scene_env_link_index",
    "scene_cam_link_index", "scene_light_link_index"};
static const char *const f_env[] = {"env_tag", "this_env_index", "env_size", "env_name_index", "fog",
    "fog_color", "fog_near", "fog_far", "fill_color", "fill_depth", "bg_sprite_img", "bg_sprite_depth",
    "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_cam[] = {"cam_tag", "this_cam_index", "cam_size", "cam_name_index", "cam_type",
    "cam_near_clip", "cam_far_clip", "cam_right_clip", "cam_left_clip", "cam_top_clip", "cam_bottom_clip",
    "cam_fovy", "cam_aspect", "cam_scale", "cam_lookat_obj", "cam_eye_obj", "cam_up_obj",
    "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_light[] = {"light_tag", "this_light_index", "light_header_size", "light_size",
    "light_name_index", "light_type", "ambient_r", "ambient_g", "ambient_b", "dir_light_num",
    "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_dirl_dir[] = {"dir_light_tag", "this_dir_light_index", "dir_light_size",
    "dir_color_r", "dir_color_g", "dir_color_b", "dir_x", "dir_y", "dir_z"};
static const char *const f_dirl_pos[] = {"dir_light_tag", "this_dir_light_index", "dir_light_size",
    "dir_color_r", "dir_color_g", "dir_color_b", "pos_x", "pos_y", "pos_z", "dir_a1", "dir_a2"};
static const char *const f_obj[] = {"obj_tag", "this_obj_index", "obj_size", "obj_name_index", "obj_state",
    "obj_type", "obj_group", "obj_pri", "obj_render_cycle_type", "obj_render_pri", "obj_render_type0",
    "obj_render_type1", "have_link_billboard", "obj_lod_num", "obj_child_num", "obj_parent_link",
    "obj_shape_link", "obj_mat_link", "obj_anim_link", "obj_coll_link", "nintendo_extension_block_size",
    "user_extension_block_size"};
static const char *const a_obj[] = {"obj_lod_dist", "obj_lod_link", "obj_child_link"};
static const char *const f_shape[] = {"shape_tag", "this_shape_index", "shape_size", "shape_name_index",
    "shape_type", "shape_tri_link", "shape_mat_link", "shape_part_num", "nintendo_extension_block_size",
    "user_extension_block_size"};
static const char *const a_shape[] = {"shape_part_link"};
static const char *const f_vtx[] = {"vtx_group_tag", "this_vtx_group_index", "vtx_group_header_size",
    "vtx_group_size", "vtx_group_name_index", "vtx_num"};
static const char *const a_vtx[] = {"vtx"};
static const char *const f_tcol[] = {"tri_color_group_tag", "this_tri_color_group_index",
    "tri_color_group_header_size", "tri_color_group_size", "tri_color_num"};
static const char *const f_vcol[] = {"vtx_color_group_tag", "this_vtx_color_group_index",
    "vtx_color_group_header_size", "vtx_color_group_size", "vtx_color_num"};
static const char *const a_color[] = {"color"};
static const char *const f_tnv[] = {"tri_nv_group_tag", "this_tri_nv_group_index",
    "tri_nv_group_header_size", "tri_nv_group_size", "tri_nv_num"};
static const char *const f_vnv[] = {"vtx_nv_group_tag", "this_vtx_nv_group_index",
    "vtx_nv_group_header_size", "vtx_nv_group_size", "vtx_nv_num"};
static const char *const a_nv[] = {"nv"};
static const char *const f_st[] = {"st_group_tag", "this_st_group_index", "st_group_header_size",
    "st_group_size", "st_num"};
static const char *const a_st[] = {"st"};
static const char *const f_trig[] = {"tri_group_tag", "this_tri_group_index", "tri_group_header_size",
    "tri_group_size", "tri_group_name_index", "tri_anim_type", "tri_anim_frame_num", "tri_num"};
static const char *const a_trig[] = {"ReferenceVtxData", "ReferenceTriColorData", "ReferenceVtxColorData",
    "ReferenceTriNvData", "ReferenceVtxNvData", "ReferenceStData"};
static const char *const f_tri[] = {"tri_tag", "this_tri_index", "tri_size", "tri_nv_index",
    "tri_color_index", "vtx_index0", "st_index0", "vtx_nv_index0", "vtx_color_index0", "vtx_index1",
    "st_index1", "vtx_nv_index1", "vtx_color_index1", "vtx_index2", "st_index2", "vtx_nv_index2",
    "vtx_color_index2", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_part[] = {"part_tag", "this_part_index", "part_size", "part_name_index",
    "mat_index", "tri_group_index", "part_tri_num", "nintendo_extension_block_size",
    "user_extension_block_size"};
static const char *const a_part[] = {"tri_index"};
static const char *const f_mat[] = {"mat_tag", "this_mat_index", "mat_size", "mat_name_index", "mat_type",
    "mat_shade_type", "mat_color_type0", "mat_color_type1", "mat_alpha_type0", "mat_alpha_type1",
    "prim_red", "prim_green", "prim_blue", "prim_alpha", "user_flag0", "user_flag1", "user_flag2",
    "user_flag3", "user_flag4", "user_flag5", "user_flag6", "user_flag7", "local_light_index", "tex_num",
    "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const a_mat[] = {"tex_index"};
static const char *const f_tex[] = {"tex_tag", "this_tex_index", "tex_header_size", "tex_size",
    "tex_name_index", "tex_type", "tex_wrap_s", "tex_wrap_t", "tex_anim", "tex_data_area_size",
    "tex_anim_frame_rate", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_teximg[] = {"tex_img_tag", "this_tex_img_index", "tex_img_header_size",
    "tex_img_size", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_animg[] = {"anim_group_tag", "this_anim_group_index", "anim_group_header_size",
    "anim_group_size", "anim_name_index", "anim_type", "frame_rate", "anim_num", "anim_loop",
    "anim_rot_mtx_order", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_anim[] = {"anim_tag", "this_anim_index", "anim_size", "translate_x",
    "translate_y", "translate_z", "rotate_axis_x", "rotate_axis_y", "rotate_axis_z", "rotate_expand_flag",
    "scale_x", "scale_y", "scale_z"};
static const char *const f_animkey[] = {"anim_tag", "this_anim_index", "anim_size", "key", "next_key",
    "interpolation_type", "translate_x", "translate_y", "translate_z", "rotate_axis_x", "rotate_axis_y",
    "rotate_axis_z", "rotate_expand_flag", "scale_x", "scale_y", "scale_z"};
static const char *const f_animbb[] = {"anim_tag", "this_anim_index", "anim_size", "lookat_obj_index",
    "upper_obj_index"};
static const char *const f_collg[] = {"coll_group_tag", "this_coll_group_index", "coll_group_header_size",
    "coll_group_size", "coll_group_name_index", "coll_num", "nintendo_extension_block_size",
    "user_extension_block_size"};
static const char *const a_collg[] = {"coll_num_byte"};
static const char *const f_coll[] = {"coll_tag", "this_coll_index", "coll_header_size", "coll_size",
    "coll_name_index", "coll_type"};
static const char *const f_cd_terrain[] = {"coll_data_tag", "this_coll_data_index", "coll_data_size",
    "x_subdivide", "z_subdivide", "shape_list_index"};
static const char *const f_cd_point[] = {"coll_data_tag", "this_coll_data_index", "coll_data_size",
    "coll_point_x", "coll_point_y", "coll_point_z"};
static const char *const f_cd_circle[] = {"coll_data_tag", "this_coll_data_index", "coll_data_size",
    "center_x", "center_y", "center_z", "normal_x", "normal_y", "normal_z", "radius"};
static const char *const f_cd_sphere[] = {"coll_data_tag", "this_coll_data_index", "coll_data_size",
    "center_x", "center_y", "center_z", "radius"};
static const char *const f_cd_cyl[] = {"coll_data_tag", "this_coll_data_index", "coll_data_size",
    "center_x", "center_y", "center_z", "radius", "height"};
static const char *const f_cd_box[] = {"coll_data_tag", "this_coll_data_index", "coll_data_size",
    "center_x", "center_y", "center_z", "length_x", "length_y", "length_z"};
static const char *const f_switch[] = {"switch_tag", "this_switch_index", "switch_size", "link_list_type",
    "default_link_index", "case_node_num", "switch_condition", "nintendo_extension_block_size",
    "user_extension_block_size"};
static const char *const a_switch[] = {"case_val", "case_dest_index"};
static const char *const f_name[] = {"name_tag", "this_name_index", "name_header_size", "name_size"};
static const char *const f_ciimg[] = {"ci_img_tag", "this_ci_img_index", "ci_img_size", "ci_img_name_index",
    "ci_img_width", "ci_img_height", "ci_img_pixel_depth", "reserved0", "reserved1", "reserved2",
    "reserved3", "reserved4", "reserved5", "reserved6", "reserved7", "reserved8", "reserved9",
    "reserved10", "reserved11", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const a_ciimg[] = {"pixel_index_array"};
static const char *const f_pal[] = {"color_palette_tag", "this_color_palette_index", "color_palette_size",
    "color_palette_name_index", "color_num", "color_type", "reserved0", "reserved1", "reserved2",
    "reserved3", "reserved4", "reserved5", "reserved6", "reserved7", "reserved8", "reserved9",
    "reserved10", "reserved11", "reserved12", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const a_pal[] = {"color_array"};
static const char *const f_env2[] = {"envelope_tag", "this_envelope_index", "envelope_size",
    "envelope_name_index", "envelope_type", "full_weighted_part_num", "weighted_part_num",
    "morph_part_num", "envelope_tri_num", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_fwp[] = {"full_weighted_part_tag", "this_full_weighted_part_index",
    "full_weighted_part_size", "full_weighted_part_name_index", "kind_of_transform_node_full",
    "transform_node_index_full", "external_transform_obj_file_name_index",
    "external_transform_obj_name_index", "full_weighted_vtx_group_index",
    "full_weighted_vtx_nv_group_index", "full_weighted_tri_nv_group_index",
    "full_weighted_vtx_color_group_index", "full_weighted_tri_color_group_index",
    "full_weighted_st_group_index", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_raw[] = {"tag", "this_index", "size"};
static const char *const f_cshape[] = {"cluster_shape_tag", "this_cluster_shape_index",
    "cluster_shape_size", "cluster_shape_name_index", "cluster_shape_type", "cluster_num",
    "cluster_tri_num", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_cluster[] = {"cluster_tag", "this_cluster_index", "cluster_size",
    "cluster_name_index", "kind_of_transform_node", "transform_node_index",
    "external_transform_obj_file_name_index", "external_transform_obj_name_index",
    "cluster_vtx_group_index", "cluster_vtx_nv_group_index", "cluster_tri_nv_group_index",
    "cluster_vtx_color_group_index", "cluster_tri_color_group_index", "cluster_st_group_index"};
static const char *const f_ctri[] = {"cluster_tri_tag", "this_cluster_tri_index", "cluster_tri_size",
    "kind_of_cluster_for_tri", "cluster_index_for_tri", "tri_nv_index", "tri_color_index",
    "v0.kind_of_cluster", "v0.cluster_index", "v0.vtx_index", "v0.st_index", "v0.vtx_nv_index",
    "v0.vtx_color_index", "v1.kind_of_cluster", "v1.cluster_index", "v1.vtx_index", "v1.st_index",
    "v1.vtx_nv_index", "v1.vtx_color_index", "v2.kind_of_cluster", "v2.cluster_index", "v2.vtx_index",
    "v2.st_index", "v2.vtx_nv_index", "v2.vtx_color_index"};
static const char *const f_weight[] = {"weight_group_tag", "this_weight_group_index", "weight_group_size",
    "weight_group_name_index", "weight_num", "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const a_weight[] = {"weight"};
static const char *const f_croot[] = {"chain_root_tag", "this_chain_root_index", "chain_root_size",
    "chain_root_name_index", "chain_root_type", "obj_num", "external_obj_num", "anim_index", "joint_index",
    "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const a_objs_ext[] = {"obj_index", "external_obj_file_name_index",
    "external_obj_name_index"};
static const char *const f_joint[] = {"joint_tag", "this_joint_index", "joint_size", "joint_name_index",
    "joint_type", "joint_length", "resplane_axis_x", "resplane_axis_y", "resplane_axis_z", "obj_num",
    "external_obj_num", "joint_index", "effector_index", "anim_index", "nintendo_extension_block_size",
    "user_extension_block_size"};
static const char *const f_effector[] = {"effector_tag", "this_effector_index", "effector_size",
    "effector_name_index", "effector_type", "obj_num", "external_obj_num", "anim_index",
    "nintendo_extension_block_size", "user_extension_block_size"};
static const char *const f_extname[] = {"external_name_tag", "this_external_name_index",
    "external_name_header_size", "external_name_size"};

/* ---- links (word or array index, target, flags) ---- */
#define W(at, t, fl) {(uint8_t)(at), 0, (uint8_t)(t), (uint8_t)(fl)}
#define A(at, t, fl) {(uint8_t)(at), 1, (uint8_t)(t), (uint8_t)(fl)}
#define NM(at) W(at, T_NAME, LF_NOLINK)
#define SW LF_SWITCH
#define NO LF_NOLINK
static const niff_link l_scene[] = {NM(4), A(0, T_OBJ, SW), A(1, T_ENV, SW), A(2, T_CAM, SW), A(3, T_LIGHT, SW)};
static const niff_link l_env[] = {NM(3), W(10, T_TEX, NO | SW), W(11, T_TEX, NO | SW)};
static const niff_link l_cam[] = {NM(3), W(14, T_OBJ, NO | SW), W(15, T_OBJ, NO | SW), W(16, T_OBJ, NO | SW)};
static const niff_link l_named4[] = {NM(4)};
static const niff_link l_named3[] = {NM(3)};
static const niff_link l_obj[] = {NM(3), W(15, T_OBJ, NO | SW), W(16, T_SHAPE, NO | SW), W(17, T_MAT, NO | SW),
    W(18, T_ANIM, NO | SW), W(19, T_COLL, NO | SW), A(1, T_OBJ, SW), A(2, T_OBJ, SW)};
static const niff_link l_shape[] = {NM(3), W(6, T_MAT, NO | SW), A(0, T_PART, SW)};
static const niff_link l_part[] = {NM(3), W(4, T_MAT, LF_USE_SHAPE_MAT | SW), W(5, T_TRI, SW | LF_V1_ONLY)};
static const niff_link l_mat[] = {NM(3), A(0, T_TEX, SW)};
static const niff_link l_animbb[] = {W(3, T_OBJ, NO | SW), W(4, T_OBJ, NO | SW)};
static const niff_link l_terrain[] = {W(5, T_SHAPE, SW)};
static const niff_link l_fwp[] = {NM(3), W(6, T_EXT_NAME, NO), W(7, T_EXT_NAME, NO),
    W(8, T_VTX, NO | LF_ZERO_EMPTY), W(9, T_VTX_NV, NO | LF_ZERO_EMPTY), W(10, T_TRI_NV, NO | LF_ZERO_EMPTY),
    W(11, T_VTX_COLOR, NO | LF_ZERO_EMPTY), W(12, T_TRI_COLOR, NO | LF_ZERO_EMPTY), W(13, T_ST, NO | LF_ZERO_EMPTY)};
static const niff_link l_croot[] = {NM(3), W(7, T_ANIM, NO | SW), W(8, T_JOINT, NO | SW), A(0, T_OBJ, SW),
    A(1, T_EXT_NAME, 0), A(2, T_EXT_NAME, 0)};
static const niff_link l_joint[] = {NM(3), W(11, T_JOINT, NO | SW), W(12, T_EFFECTOR, NO | SW),
    W(13, T_ANIM, NO | SW), A(0, T_OBJ, SW), A(1, T_EXT_NAME, 0), A(2, T_EXT_NAME, 0)};
static const niff_link l_effector[] = {NM(3), W(7, T_ANIM, NO | SW), A(0, T_OBJ, SW), A(1, T_EXT_NAME, 0),
    A(2, T_EXT_NAME, 0)};
#undef NO
#undef SW

#define INFO(nm, sn, tg, f, fm, a, am) {nm, sn, tg, COUNT_OF(f), fm, f, COUNT_OF(a), a, am}
#define INFO0(nm, sn, tg, f, fm) {nm, sn, tg, COUNT_OF(f), fm, f, 0, NULL, 0}
#define LINKS(l) l, COUNT_OF(l)
#define NOLINKS NULL, 0

/* Shorthands for the count/mult rows. */
#define C0 {N, N, N, N, N, N, N, N}
#define M0 {0, 0, 0, 0, 0, 0, 0, 0}

static const niff_schema schema[RM_NIFF_KIND_COUNT] = {
    [RM_NIFF_KIND_SCENE] = {INFO("SceneHeader", "scene", RM_NIFF_TAG_SCENE_HEADER, f_scene, 0, a_scene, 0),
        2, 1, 9, 10, 4, NB_ARRAYS, 0, {5, 6, 7, 8, N, N, N, N}, {1, 1, 1, 1, 0, 0, 0, 0}, LINKS(l_scene)},
    [RM_NIFF_KIND_ENV] = {INFO0("Env", "env", RM_NIFF_TAG_ENV, f_env, 0),
        2, N, 12, 13, 3, NB_ARRAYS, 0, C0, M0, LINKS(l_env)},
    [RM_NIFF_KIND_CAM] = {INFO0("Cam", "cam", RM_NIFF_TAG_CAM, f_cam, FLOATS(5, 13)),
        2, N, 17, 18, 3, NB_ARRAYS, 0, C0, M0, LINKS(l_cam)},
    [RM_NIFF_KIND_LIGHT] = {INFO0("Light", "light", RM_NIFF_TAG_LIGHT, f_light, FLOATS(6, 8)),
        3, 2, 10, 11, 4, NB_SUBS_LIGHT, 48, C0, M0, LINKS(l_named4)},
    [RM_NIFF_KIND_DIR_LIGHT_DIRECTION] = {INFO0("DirLight", "dir light", RM_NIFF_TAG_DIR_LIGHT_DIRECTION,
        f_dirl_dir, FLOATS(3, 8)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_DIR_LIGHT_POSITION] = {INFO0("DirLight", "dir light", RM_NIFF_TAG_DIR_LIGHT_POSITION,
        f_dirl_pos, FLOATS(3, 10)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_OBJ] = {INFO("Obj", "obj", RM_NIFF_TAG_OBJ, f_obj, 0, a_obj, 1u),
        2, N, 20, 21, 3, NB_ARRAYS, 0, {13, 13, 14, N, N, N, N, N}, {1, 1, 1, 0, 0, 0, 0, 0}, LINKS(l_obj)},
    [RM_NIFF_KIND_SHAPE] = {INFO("Shape", "shape", RM_NIFF_TAG_SHAPE, f_shape, 0, a_shape, 0),
        2, N, 8, 9, 3, NB_ARRAYS, 0, {7, N, N, N, N, N, N, N}, {1, 0, 0, 0, 0, 0, 0, 0}, LINKS(l_shape)},
    [RM_NIFF_KIND_VTX_GROUP] = {INFO("VtxGroup", "vtx group", RM_NIFF_TAG_VTX_GROUP, f_vtx, 0, a_vtx, 1u),
        3, 2, N, N, 4, NB_ARRAYS, 24, {5, N, N, N, N, N, N, N}, {3, 0, 0, 0, 0, 0, 0, 0}, LINKS(l_named4)},
    [RM_NIFF_KIND_TRI_GROUP] = {INFO("TriGroup", "tri group", RM_NIFF_TAG_TRI_GROUP, f_trig, 0, a_trig, 0),
        3, 2, N, N, 4, NB_TRI_GROUP, 32, C0, M0, LINKS(l_named4)},
    [RM_NIFF_KIND_TRI] = {INFO0("Tri", "tri", RM_NIFF_TAG_TRI, f_tri, 0),
        2, N, 17, 18, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_TRI_COLOR_GROUP] = {INFO("TriColorGroup", "tri color group", RM_NIFF_TAG_TRI_COLOR_GROUP,
        f_tcol, 0, a_color, 1u), 3, 2, N, N, N, NB_ARRAYS, 20, {4, N, N, N, N, N, N, N}, {4, 0, 0, 0, 0, 0, 0, 0}, NOLINKS},
    [RM_NIFF_KIND_VTX_COLOR_GROUP] = {INFO("VtxColorGroup", "vtx color group", RM_NIFF_TAG_VTX_COLOR_GROUP,
        f_vcol, 0, a_color, 1u), 3, 2, N, N, N, NB_ARRAYS, 20, {4, N, N, N, N, N, N, N}, {4, 0, 0, 0, 0, 0, 0, 0}, NOLINKS},
    [RM_NIFF_KIND_TRI_NV_GROUP] = {INFO("TriNvGroup", "tri nv group", RM_NIFF_TAG_TRI_NV_GROUP, f_tnv, 0,
        a_nv, 1u), 3, 2, N, N, N, NB_ARRAYS, 20, {4, N, N, N, N, N, N, N}, {3, 0, 0, 0, 0, 0, 0, 0}, NOLINKS},
    [RM_NIFF_KIND_VTX_NV_GROUP] = {INFO("VtxNvGroup", "vtx nv group", RM_NIFF_TAG_VTX_NV_GROUP, f_vnv, 0,
        a_nv, 1u), 3, 2, N, N, N, NB_ARRAYS, 20, {4, N, N, N, N, N, N, N}, {3, 0, 0, 0, 0, 0, 0, 0}, NOLINKS},
    [RM_NIFF_KIND_ST_GROUP] = {INFO("StGroup", "st group", RM_NIFF_TAG_ST_GROUP, f_st, 0, a_st, 1u),
        3, 2, N, N, N, NB_ARRAYS, 20, {4, N, N, N, N, N, N, N}, {2, 0, 0, 0, 0, 0, 0, 0}, NOLINKS},
    [RM_NIFF_KIND_PART] = {INFO("Part", "part", RM_NIFF_TAG_PART, f_part, 0, a_part, 0),
        2, N, 7, 8, 3, NB_ARRAYS, 0, {6, N, N, N, N, N, N, N}, {1, 0, 0, 0, 0, 0, 0, 0}, LINKS(l_part)},
    [RM_NIFF_KIND_MAT] = {INFO("Mat", "mat", RM_NIFF_TAG_MAT, f_mat, FLOATS(10, 13), a_mat, 0),
        2, N, 24, 25, 3, NB_ARRAYS, 0, {23, N, N, N, N, N, N, N}, {1, 0, 0, 0, 0, 0, 0, 0}, LINKS(l_mat)},
    [RM_NIFF_KIND_TEX] = {INFO0("Tex", "tex", RM_NIFF_TAG_TEX, f_tex, 0),
        3, 2, 11, 12, 4, NB_TEX, 52, C0, M0, LINKS(l_named4)},
    [RM_NIFF_KIND_TEX_IMG] = {INFO0("TexImg", "tex img", RM_NIFF_TAG_TEX_IMG, f_teximg, 0),
        3, 2, 4, 5, N, NB_TEX_IMG, 24, C0, M0, NOLINKS},
    [RM_NIFF_KIND_ANIM_GROUP] = {INFO0("AnimGroup", "anim group", RM_NIFF_TAG_ANIM_GROUP, f_animg, 0),
        3, 2, 10, 11, 4, NB_SUBS_ANIM, 0, C0, M0, LINKS(l_named4)},
    [RM_NIFF_KIND_ANIM_STATIC] = {INFO0("Anim", "anim", RM_NIFF_TAG_ANIM_STATIC, f_anim,
        FLOATS(3, 8) | FLOATS(10, 12)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_ANIM_FULL] = {INFO0("Anim", "anim", RM_NIFF_TAG_ANIM_FULL, f_anim,
        FLOATS(3, 8) | FLOATS(10, 12)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_ANIM_KEY] = {INFO0("Anim", "anim", RM_NIFF_TAG_ANIM_KEY, f_animkey,
        FLOATS(6, 11) | FLOATS(13, 15)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_ANIM_BILLBOARD_OBJ] = {INFO0("Anim", "anim", RM_NIFF_TAG_ANIM_BILLBOARD_OBJ, f_animbb, 0), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, LINKS(l_animbb)},
    [RM_NIFF_KIND_COLL_GROUP] = {INFO("CollGroup", "coll group", RM_NIFF_TAG_COLL_GROUP, f_collg, 0,
        a_collg, 0), 3, 2, 6, 7, 4, NB_COLL_GROUP, 0, {5, N, N, N, N, N, N, N}, {1, 0, 0, 0, 0, 0, 0, 0},
        LINKS(l_named4)},
    [RM_NIFF_KIND_COLL] = {INFO0("Coll", "coll", RM_NIFF_TAG_COLL, f_coll, 0),
        3, 2, N, N, 4, NB_COLL, 24, C0, M0, LINKS(l_named4)},
    [RM_NIFF_KIND_COLL_DATA_TERRAIN] = {INFO0("CollData", "coll data", RM_NIFF_TAG_COLL_DATA_TERRAIN,
        f_cd_terrain, 0), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, LINKS(l_terrain)},
    [RM_NIFF_KIND_COLL_DATA_POINT] = {INFO0("CollData", "coll data", RM_NIFF_TAG_COLL_DATA_POINT,
        f_cd_point, FLOATS(3, 5)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_COLL_DATA_CIRCLE] = {INFO0("CollData", "coll data", RM_NIFF_TAG_COLL_DATA_CIRCLE,
        f_cd_circle, FLOATS(3, 9)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_COLL_DATA_SPHERE] = {INFO0("CollData", "coll data", RM_NIFF_TAG_COLL_DATA_SPHERE,
        f_cd_sphere, FLOATS(3, 6)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_COLL_DATA_CYLINDER] = {INFO0("CollData", "coll data", RM_NIFF_TAG_COLL_DATA_CYLINDER,
        f_cd_cyl, FLOATS(3, 7)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_COLL_DATA_BOX] = {INFO0("CollData", "coll data", RM_NIFF_TAG_COLL_DATA_BOX,
        f_cd_box, FLOATS(3, 8)), 2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_SWITCH] = {INFO("Switch", "switch", RM_NIFF_TAG_SWITCH, f_switch, 0, a_switch, 0),
        2, N, 7, 8, N, NB_ARRAYS, 0, {5, 5, N, N, N, N, N, N}, {1, 1, 0, 0, 0, 0, 0, 0}, NOLINKS},
    [RM_NIFF_KIND_NAME] = {INFO0("Name", "name", RM_NIFF_TAG_NAME, f_name, 0),
        3, 2, N, N, N, NB_NAME, 16, C0, M0, NOLINKS},
    [RM_NIFF_KIND_CI_IMG] = {INFO("CiImg", "ci img", RM_NIFF_TAG_CI_IMG, f_ciimg, 0, a_ciimg, 0),
        2, N, 19, 20, 3, NB_ARRAYS, 0, {4, N, N, N, N, N, N, N}, {1, 0, 0, 0, 0, 0, 0, 0}, LINKS(l_named3)},
    [RM_NIFF_KIND_COLOR_PALETTE] = {INFO("ColorPalette", "color palette", RM_NIFF_TAG_COLOR_PALETTE, f_pal, 0,
        a_pal, 0), 2, N, 19, 20, 3, NB_ARRAYS, 0, {4, N, N, N, N, N, N, N}, {1, 0, 0, 0, 0, 0, 0, 0},
        LINKS(l_named3)},
    [RM_NIFF_KIND_ENVELOPE] = {INFO0("Envelope", "envelope", RM_NIFF_TAG_ENVELOPE, f_env2, 0),
        2, N, 9, 10, 3, NB_ENVELOPE, 0, C0, M0, LINKS(l_named3)},
    [RM_NIFF_KIND_FULL_WEIGHTED_PART] = {INFO0("FullWeightedPart", "full weighted part",
        RM_NIFF_TAG_FULL_WEIGHTED_PART, f_fwp, 0), 2, N, 14, 15, 3, NB_ARRAYS, 0, C0, M0,
        LINKS(l_fwp)},
    [RM_NIFF_KIND_ENVELOPE_PART] = {INFO0("EnvelopePart", "envelope part", 0, f_raw, 0),
        2, N, N, N, N, NB_RAW, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_CLUSTER_SHAPE] = {INFO0("ClusterShape", "cluster shape", RM_NIFF_TAG_CLUSTER_SHAPE, f_cshape,
        0), 2, N, 7, 8, 3, NB_CLUSTER_SHAPE, 0, C0, M0, LINKS(l_named3)},
    [RM_NIFF_KIND_CLUSTER] = {INFO0("Cluster", "cluster", RM_NIFF_TAG_CLUSTER, f_cluster, 0),
        2, N, N, N, 3, NB_ARRAYS, 0, C0, M0, LINKS(l_fwp)},
    [RM_NIFF_KIND_CLUSTER_TRI] = {INFO0("ClusterTri", "cluster tri", 0, f_ctri, 0),
        2, N, N, N, N, NB_ARRAYS, 0, C0, M0, NOLINKS},
    [RM_NIFF_KIND_WEIGHT_GROUP] = {INFO("WeightGroup", "weight group", RM_NIFF_TAG_WEIGHT_GROUP, f_weight, 0,
        a_weight, 1u), 2, N, 5, 6, 3, NB_ARRAYS, 0, {4, N, N, N, N, N, N, N}, {1, 0, 0, 0, 0, 0, 0, 0},
        LINKS(l_named3)},
    [RM_NIFF_KIND_CHAIN_ROOT] = {INFO("ChainRoot", "chain root", RM_NIFF_TAG_CHAIN_ROOT, f_croot, 0,
        a_objs_ext, 0), 2, N, 9, 10, 3, NB_ARRAYS, 0, {5, 6, 6, N, N, N, N, N}, {1, 1, 1, 0, 0, 0, 0, 0},
        LINKS(l_croot)},
    [RM_NIFF_KIND_JOINT] = {INFO("Joint", "joint", RM_NIFF_TAG_JOINT, f_joint, FLOATS(5, 8), a_objs_ext, 0),
        2, N, 14, 15, 3, NB_ARRAYS, 0, {9, 10, 10, N, N, N, N, N}, {1, 1, 1, 0, 0, 0, 0, 0}, LINKS(l_joint)},
    [RM_NIFF_KIND_EFFECTOR] = {INFO("Effector", "effector", RM_NIFF_TAG_EFFECTOR, f_effector, 0, a_objs_ext, 0),
        2, N, 8, 9, 3, NB_ARRAYS, 0, {5, 6, 6, N, N, N, N, N}, {1, 1, 1, 0, 0, 0, 0, 0}, LINKS(l_effector)},
    [RM_NIFF_KIND_EXTERNAL_NAME] = {INFO0("ExternalName", "external name", RM_NIFF_TAG_EXTERNAL_NAME, f_extname,
        0), 3, 2, N, N, N, NB_NAME, 16, C0, M0, NOLINKS},
    [RM_NIFF_KIND_RAW] = {INFO0("Unknown", "element", 0, f_raw, 0),
        2, N, N, N, N, NB_RAW, 0, C0, M0, NOLINKS},
};

/* FileHeader word of each 1.0 list's size (spec §3.2: not in physical
   order), or the word inside the 2.0 NEB. */
static const niff_list_info lists[RM_NIFF_LIST_COUNT] = {
    [RM_NIFF_LIST_SCENE] = {"SceneList", RM_NIFF_TAG_SCENE_HEADER, RM_NIFF_KIND_SCENE, "scenes", NULL,
        "scene_list_num_byte", 4, false},
    [RM_NIFF_LIST_ENV] = {"EnvList", RM_NIFF_TAG_ENV_LIST, RM_NIFF_KIND_ENV, "envs", NULL, "env_list_num_byte", 5, false},
    [RM_NIFF_LIST_CAM] = {"CamList", RM_NIFF_TAG_CAM_LIST, RM_NIFF_KIND_CAM, "cams", NULL, "cam_list_num_byte", 6, false},
    [RM_NIFF_LIST_LIGHT] = {"LightList", RM_NIFF_TAG_LIGHT_LIST, RM_NIFF_KIND_LIGHT, "lights", NULL,
        "light_list_num_byte", 7, false},
    [RM_NIFF_LIST_OBJ] = {"ObjList", RM_NIFF_TAG_OBJ_LIST, RM_NIFF_KIND_OBJ, "objs", NULL, "obj_list_num_byte", 8, false},
    [RM_NIFF_LIST_SHAPE] = {"ShapeList", RM_NIFF_TAG_SHAPE_LIST, RM_NIFF_KIND_SHAPE, "shapes", NULL,
        "shape_list_num_byte", 9, false},
    [RM_NIFF_LIST_VTX] = {"VtxList", RM_NIFF_TAG_VTX_LIST, RM_NIFF_KIND_VTX_GROUP, "vtx groups", NULL,
        "vtx_list_num_byte", 10, false},
    [RM_NIFF_LIST_TRI] = {"TriList", RM_NIFF_TAG_TRI_LIST, RM_NIFF_KIND_TRI_GROUP, "tri groups", NULL,
        "tri_list_num_byte", 14, false},
    [RM_NIFF_LIST_COLOR] = {"ColorList", RM_NIFF_TAG_COLOR_LIST, RM_NIFF_KIND_TRI_COLOR_GROUP,
        "tri color groups", "vtx color groups", "color_list_num_byte", 11, false},
    [RM_NIFF_LIST_VECTOR] = {"VectorList", RM_NIFF_TAG_VECTOR_LIST, RM_NIFF_KIND_TRI_NV_GROUP,
        "tri nv groups", "vtx nv groups", "vector_list_num_byte", 12, false},
    [RM_NIFF_LIST_ST] = {"StList", RM_NIFF_TAG_ST_LIST, RM_NIFF_KIND_ST_GROUP, "st groups", NULL,
        "st_list_num_byte", 13, false},
    [RM_NIFF_LIST_PART] = {"PartList", RM_NIFF_TAG_PART_LIST, RM_NIFF_KIND_PART, "parts", NULL,
        "part_list_num_byte", 15, false},
    [RM_NIFF_LIST_MAT] = {"MatList", RM_NIFF_TAG_MAT_LIST, RM_NIFF_KIND_MAT, "mats", NULL, "mat_list_num_byte", 16, false},
    [RM_NIFF_LIST_TEX] = {"TexList", RM_NIFF_TAG_TEX_LIST, RM_NIFF_KIND_TEX, "texs", NULL, "tex_list_num_byte", 17, false},
    [RM_NIFF_LIST_TEX_IMG] = {"TexImgList", RM_NIFF_TAG_TEX_IMG_LIST, RM_NIFF_KIND_TEX_IMG, "tex imgs", NULL,
        "tex_img_list_num_byte", 18, false},
    [RM_NIFF_LIST_ANIM] = {"AnimList", RM_NIFF_TAG_ANIM_LIST, RM_NIFF_KIND_ANIM_GROUP, "anim groups", NULL,
        "anim_list_num_byte", 19, false},
    [RM_NIFF_LIST_COLL] = {"CollList", RM_NIFF_TAG_COLL_LIST, RM_NIFF_KIND_COLL_GROUP, "coll groups", NULL,
        "coll_list_num_byte", 20, false},
    [RM_NIFF_LIST_SWITCH] = {"SwitchList", RM_NIFF_TAG_SWITCH_LIST, RM_NIFF_KIND_SWITCH, "switches", NULL,
        "switch_list_num_byte", 21, false},
    [RM_NIFF_LIST_NAME] = {"NameList", RM_NIFF_TAG_NAME_LIST, RM_NIFF_KIND_NAME, "names", NULL,
        "name_list_num_byte", 22, false},
    [RM_NIFF_LIST_CI_IMG] = {"CiImgList", RM_NIFF_TAG_CI_IMG_LIST, RM_NIFF_KIND_CI_IMG, "ci imgs", NULL,
        "ci_img_list_num_byte", 0, true},
    [RM_NIFF_LIST_COLOR_PALETTE] = {"ColorPaletteList", RM_NIFF_TAG_COLOR_PALETTE_LIST, RM_NIFF_KIND_COLOR_PALETTE,
        "color palettes", NULL, "color_palette_list_num_byte", 1, true},
    [RM_NIFF_LIST_ENVELOPE] = {"EnvelopeList", RM_NIFF_TAG_ENVELOPE_LIST, RM_NIFF_KIND_ENVELOPE, "envelopes",
        NULL, "envelope_list_num_byte", 2, true},
    [RM_NIFF_LIST_CLUSTER] = {"ClusterList", RM_NIFF_TAG_CLUSTER_LIST, RM_NIFF_KIND_CLUSTER_SHAPE,
        "cluster shapes", NULL, "cluster_list_num_byte", 3, true},
    [RM_NIFF_LIST_WEIGHT] = {"WeightList", RM_NIFF_TAG_WEIGHT_LIST, RM_NIFF_KIND_WEIGHT_GROUP, "weight groups",
        NULL, "weight_list_num_byte", 4, true},
    [RM_NIFF_LIST_CHAIN_ROOT] = {"ChainRootList", RM_NIFF_TAG_CHAIN_ROOT_LIST, RM_NIFF_KIND_CHAIN_ROOT,
        "chain roots", NULL, "chain_root_list_num_byte", 5, true},
    [RM_NIFF_LIST_JOINT] = {"JointList", RM_NIFF_TAG_JOINT_LIST, RM_NIFF_KIND_JOINT, "joints", NULL,
        "joint_list_num_byte", 6, true},
    [RM_NIFF_LIST_EFFECTOR] = {"EffectorList", RM_NIFF_TAG_EFFECTOR_LIST, RM_NIFF_KIND_EFFECTOR, "effectors",
        NULL, "effector_list_num_byte", 7, true},
    [RM_NIFF_LIST_EXTERNAL_NAME] = {"ExternalNameList", RM_NIFF_TAG_EXTERNAL_NAME_LIST,
        RM_NIFF_KIND_EXTERNAL_NAME, "external names", NULL, "external_name_list_num_byte", 8, true},
};

const niff_schema *niff_schema_of(uint32_t kind)
{
    return kind < RM_NIFF_KIND_COUNT ? &schema[kind] : NULL;
}

const niff_list_info *niff_list_info_of(uint32_t list)
{
    return list < RM_NIFF_LIST_COUNT ? &lists[list] : NULL;
}

uint32_t niff_list_by_tag(uint32_t tag)
{
    for (uint32_t i = 0; i < RM_NIFF_LIST_COUNT; i++)
        if (lists[i].tag == tag)
            return i;
    return RM_NIFF_LIST_COUNT;
}

const rm_niff_kind_info *rm_niff_kind(uint32_t kind)
{
    return kind < RM_NIFF_KIND_COUNT ? &schema[kind].info : NULL;
}

const char *rm_niff_list_name(uint32_t list)
{
    return list < RM_NIFF_LIST_COUNT ? lists[list].name : "?";
}

uint32_t rm_niff_list_tag(uint32_t list)
{
    return list < RM_NIFF_LIST_COUNT ? lists[list].tag : 0;
}

bool rm_niff_link_is_switch(uint32_t v)
{
    return (v & RM_NIFF_SWITCH_BIT) != 0 && v != RM_NIFF_NOLINK;
}

float rm_niff_float(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* ---- link targets ---- */
static const struct {
    uint32_t list;
    uint8_t second;     /* the second index space of Color/Vector (its noun2) */
} targets[T_COUNT] = {
    [T_NONE] = {RM_NIFF_LIST_COUNT, 0},
    [T_OBJ] = {RM_NIFF_LIST_OBJ, 0},
    [T_SHAPE] = {RM_NIFF_LIST_SHAPE, 0},
    [T_MAT] = {RM_NIFF_LIST_MAT, 0},
    [T_ANIM] = {RM_NIFF_LIST_ANIM, 0},
    [T_COLL] = {RM_NIFF_LIST_COLL, 0},
    [T_ENV] = {RM_NIFF_LIST_ENV, 0},
    [T_CAM] = {RM_NIFF_LIST_CAM, 0},
    [T_LIGHT] = {RM_NIFF_LIST_LIGHT, 0},
    [T_TEX] = {RM_NIFF_LIST_TEX, 0},
    [T_TEX_IMG] = {RM_NIFF_LIST_TEX_IMG, 0},
    [T_PART] = {RM_NIFF_LIST_PART, 0},
    [T_TRI] = {RM_NIFF_LIST_TRI, 0},
    [T_NAME] = {RM_NIFF_LIST_NAME, 0},
    [T_EXT_NAME] = {RM_NIFF_LIST_EXTERNAL_NAME, 0},
    [T_VTX] = {RM_NIFF_LIST_VTX, 0},
    [T_TRI_COLOR] = {RM_NIFF_LIST_COLOR, 0},
    [T_VTX_COLOR] = {RM_NIFF_LIST_COLOR, 1},
    [T_TRI_NV] = {RM_NIFF_LIST_VECTOR, 0},
    [T_VTX_NV] = {RM_NIFF_LIST_VECTOR, 1},
    [T_ST] = {RM_NIFF_LIST_ST, 0},
    [T_CHAIN_ROOT] = {RM_NIFF_LIST_CHAIN_ROOT, 0},
    [T_JOINT] = {RM_NIFF_LIST_JOINT, 0},
    [T_EFFECTOR] = {RM_NIFF_LIST_EFFECTOR, 0},
    [T_WEIGHT] = {RM_NIFF_LIST_WEIGHT, 0},
    [T_SWITCH] = {RM_NIFF_LIST_SWITCH, 0},
    [T_CI_IMG] = {RM_NIFF_LIST_CI_IMG, 0},
    [T_COLOR_PALETTE] = {RM_NIFF_LIST_COLOR_PALETTE, 0},
    [T_ENVELOPE] = {RM_NIFF_LIST_ENVELOPE, 0},
    [T_CLUSTER] = {RM_NIFF_LIST_CLUSTER, 0},
};

uint32_t niff_target_count(const rm_niff_file *f, uint32_t target)
{
    if (target == T_NONE || target >= T_COUNT)
        return 0;
    const rm_niff_list *l = &f->lists[targets[target].list];
    if (!l->present)
        return 0;
    if (targets[target].list == RM_NIFF_LIST_COLOR || targets[target].list == RM_NIFF_LIST_VECTOR)
        return targets[target].second ? l->count2 : l->count;
    return l->count;
}

const char *niff_target_noun(uint32_t target)
{
    if (target == T_NONE || target >= T_COUNT)
        return "?";
    const niff_list_info *li = &lists[targets[target].list];
    return targets[target].second ? li->noun2 : li->noun;
}

const char *niff_target_list(uint32_t target)
{
    return target < T_COUNT && target != T_NONE ? lists[targets[target].list].name : "?";
}

uint32_t niff_target_of_list(uint32_t list)
{
    for (uint32_t t = T_NONE + 1; t < T_COUNT; t++)
        if (targets[t].list == list && !targets[t].second)
            return t;
    return T_NONE;
}
