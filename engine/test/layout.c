/* engine/test/layout.c - the struct layouts on the SuperH target, checked
   at compile time (sizes and field offsets as the JOM file and SGL lay
   them out: jo/model.h, saturn-notes 4.2, jo-engine-api 5.1), then records
   written as bytes (big-endian, as in a JOM file) read back through the
   structs, as the modules read a file in place. */
#include <double.h>

#define OFFSET_OF(type, field) __builtin_offsetof(type, field)

_Static_assert(sizeof(jo_3d_material) == 32, "jo_3d_material");
_Static_assert(OFFSET_OF(jo_3d_material, r) == 16, "jo_3d_material.r");
_Static_assert(OFFSET_OF(jo_3d_material, shine) == 19, "jo_3d_material.shine");
_Static_assert(OFFSET_OF(jo_3d_material, texture) == 20, "jo_3d_material.texture");
_Static_assert(OFFSET_OF(jo_3d_material, subdivision_error) == 22, "jo_3d_material.subdivision_error");
_Static_assert(OFFSET_OF(jo_3d_material, flags) == 24, "jo_3d_material.flags");
_Static_assert(OFFSET_OF(jo_3d_material, user) == 28, "jo_3d_material.user");
_Static_assert(sizeof(jo_3d_model_group) == 24, "jo_3d_model_group");
_Static_assert(OFFSET_OF(jo_3d_model_group, first_point) == 16, "jo_3d_model_group.first_point");
_Static_assert(OFFSET_OF(jo_3d_model_group, polygon_count) == 22, "jo_3d_model_group.polygon_count");
_Static_assert(sizeof(jo_3d_bone) == 32, "jo_3d_bone");
_Static_assert(OFFSET_OF(jo_3d_bone, group) == 16, "jo_3d_bone.group");
_Static_assert(OFFSET_OF(jo_3d_bone, parent) == 18, "jo_3d_bone.parent");
_Static_assert(OFFSET_OF(jo_3d_bone, pivot) == 20, "jo_3d_bone.pivot");
_Static_assert(sizeof(jo_3d_animation) == 28, "jo_3d_animation");
_Static_assert(OFFSET_OF(jo_3d_animation, key_count) == 16, "jo_3d_animation.key_count");
_Static_assert(OFFSET_OF(jo_3d_animation, key_ticks) == 18, "jo_3d_animation.key_ticks");
_Static_assert(OFFSET_OF(jo_3d_animation, flags) == 20, "jo_3d_animation.flags");
_Static_assert(OFFSET_OF(jo_3d_animation, duplicate) == 22, "jo_3d_animation.duplicate");
_Static_assert(OFFSET_OF(jo_3d_animation, offset) == 24, "jo_3d_animation.offset");
_Static_assert(sizeof(jo_3d_pose) == 204, "jo_3d_pose");      /* 12 + 32 * 3 * 2 */
_Static_assert(OFFSET_OF(jo_3d_pose, angles) == 12, "jo_3d_pose.angles");
_Static_assert(sizeof(POINT) == 12, "POINT");
_Static_assert(sizeof(POLYGON) == 20, "POLYGON");
_Static_assert(OFFSET_OF(POLYGON, Vertices) == 12, "POLYGON.Vertices");
_Static_assert(sizeof(ATTR) == 12, "ATTR");
_Static_assert(OFFSET_OF(ATTR, sort) == 1, "ATTR.sort");
_Static_assert(OFFSET_OF(ATTR, texno) == 2, "ATTR.texno");
_Static_assert(OFFSET_OF(ATTR, atrb) == 4, "ATTR.atrb");
_Static_assert(OFFSET_OF(ATTR, colno) == 6, "ATTR.colno");
_Static_assert(OFFSET_OF(ATTR, gstb) == 8, "ATTR.gstb");
_Static_assert(OFFSET_OF(ATTR, dir) == 10, "ATTR.dir");
_Static_assert(sizeof(PDATA) == 20, "PDATA");
_Static_assert(OFFSET_OF(PDATA, pltbl) == 8, "PDATA.pltbl");
_Static_assert(OFFSET_OF(PDATA, attbl) == 16, "PDATA.attbl");
_Static_assert(sizeof(XPDATA) == 24, "XPDATA");
_Static_assert(sizeof(jo_3d_mesh) == 20, "jo_3d_mesh");
_Static_assert(sizeof(jo_3d_quad) == 32, "jo_3d_quad");
_Static_assert(sizeof(TEXTURE) == 8, "TEXTURE");
_Static_assert(sizeof(jo_picture_definition) == 8, "jo_picture_definition");
_Static_assert(sizeof(jo_img) == 8, "jo_img");
_Static_assert(sizeof(jo_img_8bits) == 8, "jo_img_8bits");
_Static_assert(sizeof(jo_file) == 24, "jo_file");
_Static_assert(OFFSET_OF(jo_file, size) == 4, "jo_file.size");
_Static_assert(sizeof(jo_pos3D_fixed) == 12, "jo_pos3D_fixed");
_Static_assert(sizeof(MATRIX) == 48, "MATRIX");
_Static_assert(sizeof(FIXED) == 4 && sizeof(ANGLE) == 2 && sizeof(Uint32) == 4, "SGL scalars");

static int failures;

static void check(const char *what, long long got, long long want)
{
    if (got != want) {
        rt_printf("FAIL %s: got %lld (0x%llx), want %lld (0x%llx)\n", what, got, (unsigned long long)got, want,
                  (unsigned long long)want);
        failures++;
    }
}

/* The records, 4-aligned as in a JOM buffer (jo_fs_read_file is 4-aligned). */
static const unsigned char material[32] __attribute__((aligned(4))) = {
    'r', 'e', 'd', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x12, 0x34, 0x56, 0x78,                 /* r g b shine */
    0xFF, 0xFE,                             /* texture -2 */
    0x01, 0x02,                             /* subdivision_error 258 */
    0x00, 0x01, 0x02, 0x09,                 /* flags 0x00010209 */
    0xA0, 0xB0, 0xC0, 0xD0};                /* user */
static const unsigned char group[24] __attribute__((aligned(4))) = {
    'a', 'r', 'm', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x00, 0x05, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x02};
static const unsigned char bone[32] __attribute__((aligned(4))) = {
    'h', 'i', 'p', 's', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0xFF, 0xFF,                             /* group: JO_3D_BONE_NO_GROUP */
    0xFF, 0xFF,                             /* parent -1 */
    0x00, 0x01, 0x80, 0x00,                 /* pivot.x 1.5 = 0x00018000 */
    0xFF, 0xFF, 0x00, 0x00,                 /* pivot.y -1.0 */
    0x7F, 0xFF, 0xFF, 0xFF};                /* pivot.z INT_MAX */
static const unsigned char animation[28] __attribute__((aligned(4))) = {
    'w', 'a', 'l', 'k', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x00, 0x03, 0x00, 0x0A, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x00, 0x12, 0x34};
/* PNTS: 2 points; QUAD: 1 polygon (normal, then 4 vertices) */
static const unsigned char pnts[24] __attribute__((aligned(4))) = {
    0x00, 0x01, 0x00, 0x00, 0xFF, 0xFE, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00,
    0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x12, 0x34, 0x56, 0x78};
static const unsigned char quad[20] __attribute__((aligned(4))) = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0xFF, 0xFE};

int main(void)
{
    const jo_3d_material *m = (const jo_3d_material *)(const void *)material;
    const jo_3d_model_group *g = (const jo_3d_model_group *)(const void *)group;
    const jo_3d_bone *b = (const jo_3d_bone *)(const void *)bone;
    const jo_3d_animation *a = (const jo_3d_animation *)(const void *)animation;
    const FIXED (*p)[3] = (const FIXED (*)[3])(const void *)pnts;
    const POLYGON *q = (const POLYGON *)(const void *)quad;
    check("material name", m->name[2], 'd');
    check("material r", m->r, 0x12);
    check("material b", m->b, 0x56);
    check("material shine", m->shine, 0x78);
    check("material texture", m->texture, -2);
    check("material subdivision", m->subdivision_error, 258);
    check("material flags", m->flags, 0x00010209);
    check("material user", m->user, 0xA0B0C0D0u);
    check("group first_point", g->first_point, 5);
    check("group point_count", g->point_count, 256);
    check("group first_polygon", g->first_polygon, 65535);
    check("group polygon_count", g->polygon_count, 2);
    check("bone group", b->group, JO_3D_BONE_NO_GROUP);
    check("bone parent", b->parent, -1);
    check("bone pivot.x", b->pivot.x, 0x18000);
    check("bone pivot.y", b->pivot.y, -65536);
    check("bone pivot.z", b->pivot.z, 0x7FFFFFFF);
    check("animation keys", a->key_count, 3);
    check("animation ticks", a->key_ticks, 10);
    check("animation flags", a->flags, JO_3D_ANIMATION_LOOP);
    check("animation offset", a->offset, 0x1234);
    check("point 0 x", p[0][0], 65536);
    check("point 0 y", p[0][1], -131072);
    check("point 0 z", p[0][2], 32768);
    check("point 1 x", p[1][0], (long long)(int)0x80000000u);
    check("point 1 y", p[1][1], 1);
    check("point 1 z", p[1][2], 0x12345678);
    check("quad normal y", q->norm[1], 65536);
    check("quad normal z", q->norm[2], -65536);
    check("quad v0", q->Vertices[0], 0);
    check("quad v1", q->Vertices[1], 1);
    check("quad v3", q->Vertices[3], 0xFFFE);
    /* a PDATA over them, as jo_3d_create_model_in_place builds it */
    {
        PDATA d;
        d.pntbl = (POINT *)(void *)(unsigned int)pnts;
        d.nbPoint = 2;
        d.pltbl = (POLYGON *)(void *)(unsigned int)quad;
        d.nbPolygon = 1;
        d.attbl = JO_NULL;
        check("pdata point", d.pntbl[1][2], 0x12345678);
        check("pdata vertex", d.pltbl[0].Vertices[2], 2);
    }
    if (failures)
        return 1;
    rt_print("ok layout\n");
    return 0;
}
