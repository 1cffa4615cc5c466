/* tests/formats/niff/test_niff_mesh_tree.c - rm_niff_to_mesh on hand-made
   files (tests/formats/niff/niff_build.h): transforms down the Obj tree,
   materials by Part > Shape > Obj, textures turned top row first, LODs,
   cleared and unreached Objs, vertices split by color. Expected values are
   worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formats/niff/niff_build.h"

#define HALF_PI_F 1.57079632679f

/* Empty data groups at index 0 of the colour, normal and st lists, so that
   a TriGroup's reference 0 names an existing (empty) group. */
static void empty_groups(nb_file *b)
{
    nb_color_group(b, false, 0, NULL);
    nb_color_group(b, true, 0, NULL);
    nb_nv_group(b, false, 0, NULL);
    nb_nv_group(b, true, 0, NULL);
    nb_st_group(b, 0, NULL);
}

/* VtxGroup 0: (0,0,0) (1,0,0) (0,1,0); TriGroup 0: `n` copies of the
   triangle 0 1 2. */
static void one_triangle_group(nb_file *b, uint32_t name, uint32_t n)
{
    static const float xyz[9] = { 0, 0, 0, 1, 0, 0, 0, 1, 0 };
    nb_vtx_group(b, name, 3, xyz);
    empty_groups(b);
    nb_tri tris[4];
    memset(tris, 0, sizeof tris);
    for (uint32_t i = 0; i < n; i++) {
        tris[i].vtx[0] = 0;
        tris[i].vtx[1] = 1;
        tris[i].vtx[2] = 2;
    }
    static const uint32_t ref[6] = { 0, 0, 0, 0, 0, 0 };
    nb_tri_group(b, name, ref, n, tris);
}

/* Adds Obj 0 (name 0, Shape 0, AnimGroup `anim` or RM_NIFF_NOLINK) as the
   scene's only root and finishes the file. */
static uint8_t *one_obj_file(nb_file *b, uint32_t anim, size_t *size)
{
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.shape = 0;
    o.anim = anim;
    nb_add_obj(b, &o);
    static const uint32_t roots[1] = { 0 };
    nb_scene_objs(b, 1, roots);
    return nb_finish(b, size);
}

static void to_mesh(uint8_t *bytes, size_t size, rm_mesh *m, rm_diag *d)
{
    rm_diag_init(d);
    rm_niff_file f;
    memset(&f, 0, sizeof f);
    rm_status st = rm_niff_read(bytes, size, "t.nif", &f, d);
    for (size_t i = 0; i < d->count; i++)
        print_message("%s\n", d->items[i].text);
    assert_int_equal(st, RM_OK);
    assert_int_equal(rm_niff_to_mesh_named(&f, "t.nif", m, d), RM_OK);
    rm_niff_free(&f);
    free(bytes);
}

static bool has_message(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            return true;
    return false;
}

static void near3(const rm_vec3d *v, double x, double y, double z)
{
    const double eps = 1e-5;    /* the angle is a float: cos(pi/2 as float) ~ -4e-8 */
    if (fabs(v->x - x) > eps || fabs(v->y - y) > eps || fabs(v->z - z) > eps)
        fail_msg("got (%.9g, %.9g, %.9g), want (%g, %g, %g)", v->x, v->y, v->z, x, y, z);
}

/* root (NULL Obj, translate 10,0,0) -> child (3D: scale 2, then rotate
   90 degrees about Z). World of the child = T(10,0,0) * Rz(90) * S(2):
     (0,0,0) -> (10,0,0)
     (1,0,0) -> (2,0,0) -> (0,2,0) -> (10,2,0)
     (0,1,0) -> (0,2,0) -> (-2,0,0) -> (8,0,0)
   Only the child has a shape: one group "child". */
static void transforms(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "root");
    nb_name(b, "child");
    nb_name(b, "tri");
    one_triangle_group(b, 2, 1);
    nb_shape(b, 2, 0, RM_NIFF_NOLINK, 0, NULL);
    static const float t0[3] = { 10, 0, 0 }, r0[3] = { 0, 0, 0 }, s0[3] = { 1, 1, 1 };
    static const float t1[3] = { 0, 0, 0 }, r1[3] = { 0, 0, HALF_PI_F }, s1[3] = { 2, 2, 2 };
    nb_anim_static(b, 0, t0, r0, s0);
    nb_anim_static(b, 1, t1, r1, s1);
    nb_obj o;
    static const uint32_t kids[1] = { 1 };
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.type = RM_NIFF_OBJ_TYPE_NULL;
    o.anim = 0;
    o.child_num = 1;
    o.child_link = kids;
    nb_add_obj(b, &o);
    nb_obj_defaults(b, &o);
    o.name = 1;
    o.parent = 0;
    o.shape = 0;
    o.anim = 1;
    nb_add_obj(b, &o);
    static const uint32_t roots[1] = { 0 };
    nb_scene_objs(b, 1, roots);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_mesh m;
    rm_diag d;
    to_mesh(bytes, size, &m, &d);
    assert_int_equal(m.group_count, 1);
    assert_string_equal(m.groups[0].name, "child");
    assert_int_equal(m.face_count, 1);
    assert_int_equal(m.position_count, 3);
    near3(&m.positions[m.corner_position[0]], 10, 0, 0);
    near3(&m.positions[m.corner_position[1]], 10, 2, 0);
    near3(&m.positions[m.corner_position[2]], 8, 0, 0);
    assert_null(m.colors);
    assert_null(m.corner_uv);
    assert_null(m.corner_normal);
    assert_int_equal(m.face_material[0], RM_MESH_NONE);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* A mirror (scale -1 in X) keeps the faces' side: the corners come out
   0 2 1. (1,0,0) -> (-1,0,0). */
static void mirror(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "m");
    one_triangle_group(b, 0, 1);
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, 0, NULL);
    static const float t[3] = { 0, 0, 0 }, r[3] = { 0, 0, 0 }, s[3] = { -1, 1, 1 };
    nb_anim_static(b, 0, t, r, s);
    size_t size;
    uint8_t *bytes = one_obj_file(b, 0, &size);
    rm_mesh m;
    rm_diag d;
    to_mesh(bytes, size, &m, &d);
    assert_int_equal(m.face_count, 1);
    near3(&m.positions[m.corner_position[0]], 0, 0, 0);
    near3(&m.positions[m.corner_position[1]], 0, 1, 0);
    near3(&m.positions[m.corner_position[2]], -1, 0, 0);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* Mats: 0 "objmat" red, 1 "shapemat" green, 2 "partmat" blue at alpha 0.5.
   Obj 0 "a": Obj mat 0, Shape 0 (mat 1) with Part 0 (mat 2: tri 0) and
   Part 1 (USE_SHAPE_MAT: tri 1); tri 2 in no Part. Obj 1 "b": Obj mat 0,
   Shape 1 (no mat, same TriGroup). Expected: a: partmat, shapemat,
   shapemat; b: objmat x3. Materials in first-use order: partmat, shapemat,
   objmat. */
static void materials(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    const char *names[] = { "a", "b", "objmat", "shapemat", "partmat", "tris", "p0", "p1" };
    for (int i = 0; i < 8; i++)
        nb_name(b, names[i]);
    one_triangle_group(b, 5, 3);
    static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 0.5f };
    nb_mat(b, 2, red, 0, NULL);
    nb_mat(b, 3, green, 0, NULL);
    nb_mat(b, 4, blue, 0, NULL);
    static const uint32_t t0[1] = { 0 }, t1[1] = { 1 };
    nb_part(b, 6, 2, 0, 1, t0);
    nb_part(b, 7, RM_NIFF_USE_SHAPE_MAT, 0, 1, t1);
    static const uint32_t parts[2] = { 0, 1 };
    nb_shape(b, 0, 0, 1, 2, parts);
    nb_shape(b, 1, 0, RM_NIFF_NOLINK, 0, NULL);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.shape = 0;
    o.mat = 0;
    nb_add_obj(b, &o);
    o.name = 1;
    o.shape = 1;
    nb_add_obj(b, &o);
    static const uint32_t roots[2] = { 0, 1 };
    nb_scene_objs(b, 2, roots);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_mesh m;
    rm_diag d;
    to_mesh(bytes, size, &m, &d);
    assert_int_equal(m.face_count, 6);
    static const char *const want[6] = { "partmat", "shapemat", "shapemat", "objmat", "objmat", "objmat" };
    for (int f = 0; f < 6; f++)
        assert_string_equal(m.materials[m.face_material[f]].name, want[f]);
    assert_int_equal(m.material_count, 3);
    const rm_mesh_material *pm = &m.materials[m.face_material[0]];
    assert_true(pm->kd[0] == 0 && pm->kd[1] == 0 && pm->kd[2] == 1);
    assert_true(pm->dissolve == 0.5);   /* alpha source PRIM_ALPHA */
    const rm_mesh_material *om = &m.materials[m.face_material[3]];
    assert_true(om->kd[0] == 1 && om->kd[1] == 0 && om->dissolve == 1);
    /* each Obj its own positions: 3 + 3 */
    assert_int_equal(m.position_count, 6);
    assert_int_equal(m.group_count, 2);
    assert_string_equal(m.groups[m.face_group[3]].name, "b");
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* Tex "tex/brick.tga" 2x2: the TexImg's first row is the bottom one (blue,
   white), then the top (red, green). map_kd_rgba is top row first: red,
   green, blue, white; map_kd "brick.png" (its file name, .png). A second
   Tex with the same name gets "brick_2.png". */
static void texture(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "o");
    nb_name(b, "m");
    nb_name(b, "tex/brick.tga");
    one_triangle_group(b, 0, 2);
    static const uint8_t file_rows[16] = { 0, 0, 255, 255, 255, 255, 255, 255,    /* bottom */
                                           255, 0, 0, 255, 0, 255, 0, 255 };      /* top */
    static const uint8_t top_first[16] = { 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255 };
    nb_tex_img(b, 2, 2, file_rows);
    nb_tex(b, 2, 2, 2, 0);
    nb_tex(b, 2, 2, 2, 0);
    static const float white[4] = { 1, 1, 1, 1 };
    static const uint32_t tex0[1] = { 0 }, tex1[1] = { 1 };
    nb_mat(b, 1, white, 1, tex0);
    nb_mat(b, 1, white, 1, tex1);
    static const uint32_t p0[1] = { 0 }, p1[1] = { 1 };
    nb_part(b, 1, 0, 0, 1, p0);
    nb_part(b, 1, 1, 0, 1, p1);
    static const uint32_t parts[2] = { 0, 1 };
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, 2, parts);
    size_t size;
    uint8_t *bytes = one_obj_file(b, RM_NIFF_NOLINK, &size);
    rm_mesh m;
    rm_diag d;
    to_mesh(bytes, size, &m, &d);
    assert_int_equal(m.material_count, 2);
    assert_string_equal(m.materials[0].name, "m");
    assert_string_equal(m.materials[1].name, "m_2");
    assert_string_equal(m.materials[0].map_kd, "brick.png");
    assert_string_equal(m.materials[1].map_kd, "brick_2.png");
    assert_int_equal(m.materials[0].map_kd_width, 2);
    assert_int_equal(m.materials[0].map_kd_height, 2);
    assert_memory_equal(m.materials[0].map_kd_rgba, top_first, 16);
    assert_memory_equal(m.materials[1].map_kd_rgba, top_first, 16);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* Obj 0 (NULL) has two LODs: obj 1 "near" (distance 10) and obj 2 "far"
   (MAX), also listed as its children. Obj 3 is cleared, with child obj 4. Obj 5 "lost" has a shape but
   is in no tree. Scene: 0 and 3. Only "near" is converted; "lost" is
   named in a warning; "far" and "under" are not. */
static void lods_cleared_unreached(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    const char *names[] = { "lod", "near", "far", "hidden", "under", "lost" };
    for (int i = 0; i < 6; i++)
        nb_name(b, names[i]);
    one_triangle_group(b, 0, 1);
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, 0, NULL);
    nb_obj o;
    static const uint32_t dist[2] = { 0x41200000u /* 10.0f */, RM_NIFF_OBJ_LOD_DIST_MAX };
    static const uint32_t lod[2] = { 1, 2 }, kid[1] = { 4 };
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.type = RM_NIFF_OBJ_TYPE_NULL;
    o.lod_num = 2;
    o.lod_dist_bits = dist;
    o.lod_link = lod;
    o.child_num = 2;        /* the levels are its children too */
    o.child_link = lod;
    nb_add_obj(b, &o);
    for (uint32_t i = 1; i <= 5; i++) {
        nb_obj_defaults(b, &o);
        o.name = i;
        o.shape = i == 3 ? RM_NIFF_NOLINK : 0;
        o.type = i == 3 ? RM_NIFF_OBJ_TYPE_NULL : RM_NIFF_OBJ_TYPE_3D;
        o.parent = i <= 2 ? 0 : i == 4 ? 3 : RM_NIFF_NOLINK;
        if (i == 3) {
            o.state = RM_NIFF_OBJ_STATE_CLEAR;
            o.child_num = 1;
            o.child_link = kid;
        }
        nb_add_obj(b, &o);
    }
    static const uint32_t roots[2] = { 0, 3 };
    nb_scene_objs(b, 2, roots);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_mesh m;
    rm_diag d;
    to_mesh(bytes, size, &m, &d);
    assert_int_equal(m.group_count, 1);
    assert_string_equal(m.groups[0].name, "near");
    assert_int_equal(m.face_count, 1);
    assert_true(has_message(&d, "1 Obj with a Shape not reached from the Scene's Obj tree (obj 5 \"lost\")"));
    assert_false(has_message(&d, "\"far\""));
    assert_false(has_message(&d, "second time"));
    assert_false(has_message(&d, "\"under\""));
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* Vertex colors: the Mat's colour source has VTX. Two triangles share
   vertices 0 and 2 but give vertex 0 two colors (red, then blue): vertex 0
   is split (4 positions), vertex 2 keeps one (green both times). A third
   triangle under a PRIM-only Mat takes no color. */
static void vertex_colors(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "o");
    nb_name(b, "vc");
    nb_name(b, "plain");
    static const float xyz[9] = { 0, 0, 0, 1, 0, 0, 0, 1, 0 };
    nb_vtx_group(b, 0, 3, xyz);
    static const float rgba[12] = { 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1 };   /* red, green, blue */
    nb_color_group(b, false, 0, NULL);
    nb_color_group(b, true, 3, rgba);
    nb_nv_group(b, false, 0, NULL);
    nb_nv_group(b, true, 0, NULL);
    nb_st_group(b, 0, NULL);
    nb_tri tris[3];
    memset(tris, 0, sizeof tris);
    static const uint32_t v[3][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 0, 1, 2 } };
    static const uint32_t c[3][3] = { { 0, 1, 1 }, { 2, 1, 1 }, { 0, 0, 0 } };
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            tris[i].vtx[k] = v[i][k];
            tris[i].vtx_color[k] = c[i][k];
        }
    static const uint32_t ref[6] = { 0, 0, 0, 0, 0, 0 };
    nb_tri_group(b, 0, ref, 3, tris);
    static const float white[4] = { 1, 1, 1, 1 };
    nb_mat(b, 1, white, 0, NULL);
    nb_mat(b, 2, white, 0, NULL);
    static const uint32_t p0[2] = { 0, 1 }, p1[1] = { 2 };
    nb_part(b, 1, 0, 0, 2, p0);
    nb_part(b, 2, 1, 0, 1, p1);
    static const uint32_t parts[2] = { 0, 1 };
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, 2, parts);
    size_t size;
    uint8_t *bytes = one_obj_file(b, RM_NIFF_NOLINK, &size);
    /* Mat 0 gets VTX in its colour source: mat_color_type0 is word 6 of the
       Mat (and of its fog copy in the NEB, which is not read). */
    size_t mats = nb_list_offset(bytes, size, RM_NIFF_LIST_MAT);
    size_t mat0 = mats + 24 + 4 * 2;
    assert_int_equal(nb_get(bytes, mat0), RM_NIFF_TAG_MAT);
    nb_put(bytes, mat0 + 24, RM_NIFF_MAT_CC_NIFF_VTX | RM_NIFF_MAT_CC_NIFF_PRIM);
    rm_mesh m;
    rm_diag d;
    to_mesh(bytes, size, &m, &d);
    assert_int_equal(m.face_count, 3);
    assert_int_equal(m.position_count, 4);
    assert_non_null(m.colors);
    /* face 0: red, green, green */
    uint32_t p00 = m.corner_position[0], p01 = m.corner_position[1], p02 = m.corner_position[2];
    assert_true(m.colors[p00].x == 1 && m.colors[p00].z == 0);
    assert_true(m.colors[p01].y == 1 && m.colors[p02].y == 1);
    /* face 1: vertex 0 blue: the split copy, same position */
    uint32_t p10 = m.corner_position[3];
    assert_int_equal(p10, 3);
    assert_true(m.colors[p10].z == 1 && m.colors[p10].x == 0 && m.has_color[p10] == 1);
    assert_true(m.positions[p10].x == 0 && m.positions[p10].y == 0);
    assert_int_equal(m.corner_position[4], p02);
    /* face 2 (plain Mat): the same positions as face 0, no new color */
    assert_int_equal(m.corner_position[6], p00);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* Per-triangle data: the Mat's colour source is TRI (not VTX), so each
   triangle's TriColor colours its three corners; two triangles on the same
   three vertices with different colours give 3 + 3 positions. There are no
   vertex normals: each corner takes its triangle's TriNv normal. */
static void triangle_colors_and_normals(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "o");
    nb_name(b, "flat");
    static const float xyz[9] = { 0, 0, 0, 1, 0, 0, 0, 1, 0 };
    nb_vtx_group(b, 0, 3, xyz);
    static const float tri_rgba[8] = { 1, 0, 0, 1, 0, 0, 1, 1 };   /* red, blue */
    static const float tri_nv[6] = { 0, 0, 1, 0, 0, -1 };
    nb_color_group(b, false, 2, tri_rgba);
    nb_color_group(b, true, 0, NULL);
    nb_nv_group(b, false, 2, tri_nv);
    nb_nv_group(b, true, 0, NULL);
    nb_st_group(b, 0, NULL);
    nb_tri tris[2];
    memset(tris, 0, sizeof tris);
    for (uint32_t i = 0; i < 2; i++) {
        tris[i].color = i;
        tris[i].nv = i;
        for (uint32_t k = 0; k < 3; k++)
            tris[i].vtx[k] = i ? 2 - k : k;     /* 0 1 2, then 2 1 0 */
    }
    static const uint32_t ref[6] = { 0, 0, 0, 0, 0, 0 };
    nb_tri_group(b, 0, ref, 2, tris);
    static const float white[4] = { 1, 1, 1, 1 };
    nb_mat(b, 1, white, 0, NULL);
    nb_shape(b, 0, 0, 0, 0, NULL);
    size_t size;
    uint8_t *bytes = one_obj_file(b, RM_NIFF_NOLINK, &size);
    size_t mat0 = nb_list_offset(bytes, size, RM_NIFF_LIST_MAT) + 24 + 4;
    assert_int_equal(nb_get(bytes, mat0), RM_NIFF_TAG_MAT);
    nb_put(bytes, mat0 + 24, RM_NIFF_MAT_CC_NIFF_TRI);     /* mat_color_type0 */
    rm_mesh m;
    rm_diag d;
    to_mesh(bytes, size, &m, &d);
    assert_int_equal(m.face_count, 2);
    assert_int_equal(m.position_count, 6);
    for (int k = 0; k < 3; k++) {
        const rm_vec3d *c0 = &m.colors[m.corner_position[k]], *c1 = &m.colors[m.corner_position[3 + k]];
        assert_true(c0->x == 1 && c0->z == 0);
        assert_true(c1->x == 0 && c1->z == 1);
        assert_true(m.normals[m.corner_normal[k]].z == 1);
        assert_true(m.normals[m.corner_normal[3 + k]].z == -1);
    }
    /* the copies sit where their vertices are: face 1 is 2 1 0 */
    assert_true(m.positions[m.corner_position[3]].y == 1);
    assert_true(m.positions[m.corner_position[4]].x == 1);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* A NIFF 1.0 file (no 2.0 NEBs: the Shape's geometry is a TriGroup) and a
   Scene linking no Obj: the Objs without a parent are the roots. */
static void niff_1_0(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000100u);
    nb_name(b, "old");
    one_triangle_group(b, 0, 1);
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, 0, NULL);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.shape = 0;
    nb_add_obj(b, &o);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_mesh m;
    rm_diag d;
    to_mesh(bytes, size, &m, &d);
    assert_int_equal(m.face_count, 1);
    assert_string_equal(m.groups[0].name, "old");
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

/* A StGroup of 65536 uvs used by one Shape that 65 Objs instance: each
   Obj adds its own 65536 uvs, and the 65th would pass the 2^22 limit: the
   conversion stops with an error instead of growing without bound. */
static void too_large(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "o");
    static const float xyz[9] = { 0, 0, 0, 1, 0, 0, 0, 1, 0 };
    nb_vtx_group(b, 0, 3, xyz);
    nb_color_group(b, false, 0, NULL);
    nb_color_group(b, true, 0, NULL);
    nb_nv_group(b, false, 0, NULL);
    nb_nv_group(b, true, 0, NULL);
    float *st = calloc(2 * 65536, sizeof *st);
    assert_non_null(st);
    nb_st_group(b, 65536, st);
    free(st);
    nb_tri tri;
    memset(&tri, 0, sizeof tri);
    tri.vtx[1] = 1;
    tri.vtx[2] = 2;
    static const uint32_t ref[6] = { 0, 0, 0, 0, 0, 0 };
    nb_tri_group(b, 0, ref, 1, &tri);
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, 0, NULL);
    uint32_t roots[65];
    for (uint32_t i = 0; i < 65; i++) {
        nb_obj o;
        nb_obj_defaults(b, &o);
        o.name = 0;
        o.shape = 0;
        nb_add_obj(b, &o);
        roots[i] = i;
    }
    nb_scene_objs(b, 65, roots);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_diag d;
    rm_diag_init(&d);
    rm_niff_file f;
    memset(&f, 0, sizeof f);
    assert_int_equal(rm_niff_read(bytes, size, "t.nif", &f, &d), RM_OK);
    free(bytes);
    rm_mesh m;
    assert_int_equal(rm_niff_to_mesh_named(&f, "t.nif", &m, &d), RM_INVALID);
    assert_true(has_message(&d, "t.nif: error: the geometry is too large to convert"));
    assert_int_equal(m.face_count, 0);     /* emptied */
    rm_mesh_free(&m);
    /* 64 Objs fit exactly */
    f.scene.obj_link_num = 64;
    assert_int_equal(rm_niff_to_mesh_named(&f, "t.nif", &m, &d), RM_OK);
    assert_int_equal(m.uv_count, 64u * 65536u);
    assert_int_equal(m.group_count, 64);
    assert_string_equal(m.groups[63].name, "o_64");
    rm_mesh_free(&m);
    f.scene.obj_link_num = 65;
    rm_niff_free(&f);
    rm_diag_free(&d);
}

/* A file model damaged after reading (as a caller could hand over): every
   index out of range is left out with a warning, nothing is read out of
   bounds (the sanitizer build checks that). Obj 0's first Tri names vertex
   99; Obj 1's shape link is 7 (2 shapes); Part 0 names Tri 1000; Mat 2's
   texture link is 5 (no Tex); the Scene links obj 9. */
static void damaged_model(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "a");
    nb_name(b, "b");
    one_triangle_group(b, 0, 2);
    static const float white[4] = { 1, 1, 1, 1 };
    static const uint32_t tex[1] = { 0 };
    nb_mat(b, 0, white, 0, NULL);
    nb_tex_img(b, 1, 1, (const uint8_t *)"\xff\xff\xff\xff");
    nb_tex(b, 0, 1, 1, 0);
    nb_mat(b, 1, white, 1, tex);
    static const uint32_t t0[1] = { 0 };
    nb_part(b, 0, 1, 0, 1, t0);
    static const uint32_t parts[1] = { 0 };
    nb_shape(b, 0, 0, 0, 1, parts);
    nb_shape(b, 1, 0, 0, 0, NULL);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.shape = 0;
    nb_add_obj(b, &o);
    o.name = 1;
    o.shape = 1;
    nb_add_obj(b, &o);
    static const uint32_t roots[2] = { 0, 1 };
    nb_scene_objs(b, 2, roots);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_diag d;
    rm_diag_init(&d);
    rm_niff_file f;
    memset(&f, 0, sizeof f);
    assert_int_equal(rm_niff_read(bytes, size, "t.nif", &f, &d), RM_OK);
    free(bytes);
    f.tri_groups[0].tris[0].vtx_index[1] = 99;
    f.objs[1].shape_link = 7;
    uint32_t part_tri = 1000, mat_tex = 5, root = 9;
    f.parts[0].tri_index = &part_tri;
    f.mats[1].tex_index = &mat_tex;
    f.scene.obj_link = &root;
    f.scene.obj_link_num = 1;
    rm_mesh m;
    assert_int_equal(rm_niff_to_mesh_named(&f, "t.nif", &m, &d), RM_OK);
    /* nothing reached from the scene: both Objs named as not converted */
    assert_int_equal(m.face_count, 0);
    assert_true(has_message(&d, "a link to obj 9, out of range"));
    rm_mesh_free(&m);
    /* from both roots: Obj 0 keeps its second triangle, with Mat 0 (the
       Part's Tri 1000 is no triangle of it); Obj 1 has no shape. */
    static const uint32_t both[2] = { 0, 1 };
    f.scene.obj_link = both;
    f.scene.obj_link_num = 2;
    f.objs[0].mat_link = 1;     /* not used: the Shape's Mat 0 is more specific */
    assert_int_equal(rm_niff_to_mesh_named(&f, "t.nif", &m, &d), RM_OK);
    assert_int_equal(m.face_count, 1);
    assert_int_equal(m.material_count, 1);
    assert_null(m.materials[0].map_kd_rgba);
    assert_true(has_message(&d, "1 triangles of TriGroup 0 name a vertex past its VtxGroup (3 vertices)"));
    assert_true(has_message(&d, "obj_shape_link 7 is out of range"));
    rm_mesh_free(&m);
    /* the textured Mat with its Tex link out of range: no texture */
    f.shapes[0].mat_link = 1;
    f.shapes[0].part_num = 0;
    assert_int_equal(rm_niff_to_mesh_named(&f, "t.nif", &m, &d), RM_OK);
    assert_int_equal(m.material_count, 1);
    assert_null(m.materials[0].map_kd_rgba);
    assert_true(has_message(&d, "tex_index 5 is out of range: no texture"));
    rm_mesh_free(&m);
    /* the typed views point into arrays the model owns: put them back */
    f.parts[0].tri_index = NULL;
    f.parts[0].tri_num = 0;
    f.mats[1].tex_index = NULL;
    f.mats[1].tex_num = 0;
    f.scene.obj_link = NULL;
    f.scene.obj_link_num = 0;
    rm_niff_free(&f);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(transforms),
        cmocka_unit_test(mirror),
        cmocka_unit_test(materials),
        cmocka_unit_test(texture),
        cmocka_unit_test(lods_cleared_unreached),
        cmocka_unit_test(vertex_colors),
        cmocka_unit_test(triangle_colors_and_normals),
        cmocka_unit_test(niff_1_0),
        cmocka_unit_test(too_large),
        cmocka_unit_test(damaged_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
