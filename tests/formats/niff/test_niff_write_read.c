/* NIFF writer, read back: files from rm_niff_write_mesh must pass the
   reader (rm_niff_read) with no error and no warning, hold what the mesh
   held (checked through the reader's typed views), and come out of
   rm_niff_write byte for byte the same. Expected values are the mesh's own
   inputs and the layout rules of /work/notes/niff_writer.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/niff/test_niff_write_meshes.h"
#include "retromesh/niff.h"

static uint8_t *write_mesh(const rm_mesh *m, size_t *size)
{
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = NULL;
    assert_int_equal(rm_niff_write_mesh(m, NULL, &data, size, &d), RM_OK);
    assert_int_equal(d.errors + d.warnings, 0);
    rm_diag_free(&d);
    return data;
}

/* Reads `data` with no message at all, and checks that writing the model
   again gives the same bytes. */
static void read_clean(const uint8_t *data, size_t size, rm_niff_file *f)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_niff_read(data, size, "written.nif", f, &d);
    if (st != RM_OK || d.count)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.count, 0);
    uint8_t *again = NULL;
    size_t again_size = 0;
    assert_int_equal(rm_niff_write(f, &again, &again_size, &d), RM_OK);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, data, size);
    free(again);
    rm_diag_free(&d);
}

static void test_triangle_reads_back(void **state)
{
    (void)state;
    static const double pos[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
    static const uint32_t sizes[1] = {3}, corners[3] = {0, 1, 2};
    rm_mesh m;
    tm_mesh(&m, "tri.obj", 3, pos, 1, sizes, corners);
    size_t size;
    uint8_t *data = write_mesh(&m, &size);
    rm_niff_file f;
    read_clean(data, size, &f);
    assert_int_equal(f.version, 0xff000200);
    assert_int_equal(f.major, 2);
    assert_true(f.has_neb2);
    assert_int_equal(f.obj_count, 1);
    assert_int_equal(f.shape_count, 1);
    assert_int_equal(f.tri_group_count, 1);
    assert_int_equal(f.vtx_group_count, 1);
    assert_int_equal(f.mat_count, 0);
    assert_int_equal(f.name_count, 2);
    assert_string_equal(rm_niff_name(&f, f.objs[0].name_index), "tri");
    assert_int_equal(f.objs[0].parent_link, RM_NIFF_NOLINK);
    assert_int_equal(f.objs[0].shape_link, 0);
    assert_int_equal(f.objs[0].render_pri, RM_NIFF_OBJ_RENDER_NIFF_OPA_SURF);
    assert_true(f.objs[0].has_neb2);
    assert_true(f.shapes[0].has_neb2);
    assert_int_equal(f.shapes[0].kind_of_node_for_geometry, RM_NIFF_TAG_TRI_GROUP);
    const rm_niff_tri_group *tg = &f.tri_groups[0];
    assert_int_equal(tg->tri_num, 1);
    assert_int_equal(tg->tris[0].vtx_index[0], 0);
    assert_int_equal(tg->tris[0].vtx_index[1], 1);
    assert_int_equal(tg->tris[0].vtx_index[2], 2);
    assert_int_equal(f.vtx_groups[0].num, 3);
    assert_true(f.vtx_groups[0].v[7] == 2.0f);
    rm_niff_free(&f);
    free(data);
    rm_mesh_free(&m);
}

/* Everything at once: faces before any group (material red, textured 2x2)
   and a group "g" whose faces use red and glass (Parts), vertex colors,
   normals, uvs. */
static void full_mesh(rm_mesh *m)
{
    static const double pos[5][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 2, 0}};
    static const uint32_t sizes[3] = {3, 4, 3};
    static const uint32_t corners[10] = {0, 1, 2, 0, 2, 3, 4, 2, 3, 4};
    static const double rgb[5][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}, {0.5, 0.5, 0.5}};
    static const double nv[2][3] = {{0, 0, 1}, {0, 1, 0}};
    static const int32_t cn[10] = {0, 0, 0, 1, 1, 1, 1, 0, -1, 0};
    static const double uv[3][2] = {{0, 0}, {1, 0}, {0.5, 1}};
    static const int32_t cu[10] = {0, 1, 2, 0, 1, 2, 2, -1, 0, 1};
    static const uint8_t rgba[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128};
    tm_mesh(m, "full.obj", 5, pos, 3, sizes, corners);
    tm_set_colors(m, rgb);
    tm_set_normals(m, 2, nv, cn);
    tm_set_uvs(m, 3, uv, cu);
    uint32_t g = tm_add_group(m, "g");
    uint32_t red = tm_add_material(m, "red", 1, 0, 0, 1);
    uint32_t glass = tm_add_material(m, "glass", 0, 0, 1, 0.5);
    m->materials[red].map_kd = strdup("red.png");
    m->materials[red].map_kd_rgba = malloc(16);
    memcpy(m->materials[red].map_kd_rgba, rgba, 16);
    m->materials[red].map_kd_width = 2;
    m->materials[red].map_kd_height = 2;
    m->materials[red].jo_flags = RM_MAT_LIGHT;   /* lit: LIGHT_GLOBAL | SMOOTH in the Mat */
    m->face_material[0] = red;
    m->face_group[1] = g;
    m->face_material[1] = glass;
    m->face_group[2] = g;
    m->face_material[2] = red;
}

static void test_full_mesh_reads_back(void **state)
{
    (void)state;
    rm_mesh m;
    full_mesh(&m);
    size_t size;
    uint8_t *data = write_mesh(&m, &size);
    rm_niff_file f;
    read_clean(data, size, &f);
    /* Obj 0: face 0 (red); Obj 1 "g": faces 1 (quad: 2 Tris, glass) and 2 (red) */
    assert_int_equal(f.obj_count, 2);
    assert_string_equal(rm_niff_name(&f, f.objs[0].name_index), "full");
    assert_string_equal(rm_niff_name(&f, f.objs[1].name_index), "g");
    assert_int_equal(f.objs[1].render_pri, RM_NIFF_OBJ_RENDER_NIFF_XLU_SURF);
    assert_int_equal(f.shapes[0].mat_link, 0);
    assert_int_equal(f.shapes[0].part_num, 0);
    assert_int_equal(f.shapes[1].mat_link, RM_NIFF_NOLINK);
    assert_int_equal(f.shapes[1].part_num, 2);
    assert_int_equal(f.part_count, 2);
    assert_int_equal(f.parts[0].mat_index, 1);     /* glass first used in "g" */
    assert_int_equal(f.parts[0].tri_num, 2);
    assert_int_equal(f.parts[0].tri_index[0], 0);
    assert_int_equal(f.parts[0].tri_index[1], 1);
    assert_int_equal(f.parts[1].mat_index, 0);
    assert_int_equal(f.parts[1].tri_num, 1);
    assert_int_equal(f.parts[1].tri_index[0], 2);
    /* Mats: red (textured) then glass */
    assert_int_equal(f.mat_count, 2);
    assert_string_equal(rm_niff_name(&f, f.mats[0].name_index), "red");
    assert_int_equal(f.mats[0].tex_num, 1);
    assert_int_equal(f.mats[0].tex_index[0], 0);
    assert_int_equal(f.mats[0].color_type0, RM_NIFF_MAT_CC_NIFF_TEX0 | RM_NIFF_MAT_CC_NIFF_VTX);
    assert_int_equal(f.mats[0].alpha_type0, RM_NIFF_MAT_CC_NIFF_TEX0_ALPHA | RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA);
    assert_int_equal(f.mats[1].color_type0, RM_NIFF_MAT_CC_NIFF_PRIM | RM_NIFF_MAT_CC_NIFF_VTX);
    /* red has jo_light: LIGHT_GLOBAL 0x2 | SMOOTH 0x10 (the mesh has normals) = 0x12;
       glass has not: SMOOTH alone. */
    assert_int_equal(f.mats[0].shade_type, RM_NIFF_MAT_SHADE_LIGHT_GLOBAL | RM_NIFF_MAT_SHADE_SMOOTH);
    assert_int_equal(f.mats[1].shade_type, RM_NIFF_MAT_SHADE_SMOOTH);
    assert_true(f.mats[1].prim[2] == 1.0f && f.mats[1].prim[3] == 0.5f);
    assert_true(f.mats[1].has_neb2);
    assert_true(f.mats[1].ambient[0] == 1.0f && f.mats[1].diffuse[3] == 1.0f);
    assert_int_equal(f.tex_count, 1);
    assert_string_equal(rm_niff_name(&f, f.texs[0].name_index), "red.png");
    assert_int_equal(f.texs[0].img_width, 2);
    assert_int_equal(f.texs[0].img_height, 2);
    assert_int_equal(f.texs[0].img_index, 0);
    assert_int_equal(f.tex_img_count, 1);
    assert_int_equal(f.tex_imgs[0].pixels.size, 16);
    /* bottom row first: blue, white(128) */
    static const uint8_t bottom[8] = {0, 0, 255, 255, 255, 255, 255, 128};
    assert_memory_equal(f.tex_imgs[0].pixels.data, bottom, 8);
    /* Obj 1's data: vertices 0 2 3 4 (first use in faces 1, 2) */
    assert_int_equal(f.vtx_groups[1].num, 4);
    assert_int_equal(f.vtx_color_groups[1].num, 4);
    assert_true(f.vtx_color_groups[1].v[4] == 0.0f && f.vtx_color_groups[1].v[6] == 1.0f); /* color of pos 2 */
    assert_int_equal(f.tri_groups[1].tri_num, 3);
    for (uint32_t r = 0; r < RM_NIFF_REF_COUNT; r++) {
        assert_int_equal(f.tri_groups[1].ref[r].count, 1);
        assert_int_equal(f.tri_groups[1].ref[r].group[0], 1);
    }
    /* face 2 corner 1 (position 3) has no uv: the shared 0,0; no normal: the face's */
    assert_int_equal(f.st_groups[1].num, 4);       /* uv 0 1 2, then 0,0 */
    assert_int_equal(f.vtx_nv_groups[1].num, 3);   /* n1, n0, face normal */
    rm_niff_free(&f);
    free(data);
    rm_mesh_free(&m);
}

/* OBJ-like mesh -> NIFF -> rm_niff_read_mesh keeps every position, color,
   normal, uv and triangle. The expected value of each output corner comes
   from the input mesh: the triangles in the writer's order (Obj 0 = the
   face before any group, then "g": face 1's fan (0 2 3) (0 3 4), then
   face 2), each corner's position, color, uv (none: 0,0) and normal. Face
   2's corner 1 has no normal: it gets its face's Newell normal. Face 2 is
   (1,1,0) (0,1,0) (0,2,0), clockwise seen from +z: z = (1-0)(1+1) +
   (0-0)(1+2) + (0-1)(2+1) = -1, so (0,0,-1). */
static void test_mesh_round_trip(void **state)
{
    (void)state;
    rm_mesh m;
    full_mesh(&m);
    size_t size;
    uint8_t *data = write_mesh(&m, &size);
    rm_mesh back;
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_niff_read_mesh(data, size, "full.nif", &back, &d);
    if (st != RM_OK || d.count)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.errors, 0);
    /* face, corner of the input for each output corner */
    static const uint32_t src_face[4] = {0, 1, 1, 2};
    static const uint32_t src_corner[4][3] = {{0, 1, 2}, {0, 1, 2}, {0, 2, 3}, {0, 1, 2}};
    assert_int_equal(back.face_count, 4);
    assert_non_null(back.corner_uv);
    assert_non_null(back.corner_normal);
    assert_non_null(back.colors);
    for (uint32_t f = 0; f < 4; f++) {
        assert_int_equal(rm_mesh_face_corners(&back, f), 3);
        for (uint32_t k = 0; k < 3; k++) {
            uint32_t out = back.face_start[f] + k;
            uint32_t in = m.face_start[src_face[f]] + src_corner[f][k];
            rm_vec3d pe = m.positions[m.corner_position[in]];
            rm_vec3d pg = back.positions[back.corner_position[out]];
            assert_true(pe.x == pg.x && pe.y == pg.y && pe.z == pg.z);
            rm_vec3d ce = m.colors[m.corner_position[in]];
            rm_vec3d cg = back.colors[back.corner_position[out]];
            assert_true(ce.x == cg.x && ce.y == cg.y && ce.z == cg.z);
            assert_true(back.corner_uv[out] >= 0);
            const double *ug = back.uvs[back.corner_uv[out]];
            double ue[2] = {0, 0};
            if (m.corner_uv[in] >= 0) {
                ue[0] = m.uvs[m.corner_uv[in]][0];
                ue[1] = m.uvs[m.corner_uv[in]][1];
            }
            assert_true(ue[0] == ug[0] && ue[1] == ug[1]);
            assert_true(back.corner_normal[out] >= 0);
            rm_vec3d ng = back.normals[back.corner_normal[out]];
            rm_vec3d ne = {0, 0, -1};
            if (m.corner_normal[in] >= 0)
                ne = m.normals[m.corner_normal[in]];
            assert_true(ne.x == ng.x && ne.y == ng.y && ne.z == ng.z);
        }
    }
    /* materials: red (textured), glass; per face */
    assert_int_equal(back.material_count, 2);
    assert_string_equal(back.materials[back.face_material[0]].name, "red");
    assert_string_equal(back.materials[back.face_material[1]].name, "glass");
    assert_int_equal(back.face_material[3], back.face_material[0]);
    const rm_mesh_material *red = &back.materials[back.face_material[0]];
    assert_int_equal(red->map_kd_width, 2);
    assert_non_null(red->map_kd_rgba);
    assert_memory_equal(red->map_kd_rgba, m.materials[0].map_kd_rgba, 16);   /* top row first again */
    assert_true(back.materials[back.face_material[1]].dissolve == 0.5);
    /* jo_light -> MAT_SHADE_LIGHT_GLOBAL -> jo_light; glass stays unlit. */
    assert_true(red->jo_flags & RM_MAT_LIGHT);
    assert_false(back.materials[back.face_material[1]].jo_flags & RM_MAT_LIGHT);
    rm_mesh_free(&back);
    rm_diag_free(&d);
    free(data);
    rm_mesh_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_triangle_reads_back),
        cmocka_unit_test(test_full_mesh_reads_back),
        cmocka_unit_test(test_mesh_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
