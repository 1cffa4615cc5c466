/* tests/formats/niff/test_niff_mesh_xform.c - the Obj transforms of NIFF ->
   mesh (src/formats/niff/to_mesh_xform.c). Expected values are worked out
   by hand from the rotation matrices (column vectors):
     Rx(a) = [1 0 0; 0 c -s; 0 s c], Ry(a) = [c 0 s; 0 1 0; -s 0 c],
     Rz(a) = [c -s 0; s c 0; 0 0 1]. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>

#include "formats/niff/to_mesh.h"

#define HALF_PI 1.57079632679489661923
#define EPS 1e-12

static void near3(rm_vec3d v, double x, double y, double z)
{
    if (fabs(v.x - x) > EPS || fabs(v.y - y) > EPS || fabs(v.z - z) > EPS)
        fail_msg("got (%.15g, %.15g, %.15g), want (%.15g, %.15g, %.15g)", v.x, v.y, v.z, x, y, z);
}

static void rot_orders(void **state)
{
    (void)state;
    int a[3];
    /* byte 2 = position of X, byte 1 = Y, byte 0 = Z */
    assert_true(rm_niff_rot_order_axes(RM_NIFF_ROT_XYZ, a));
    assert_int_equal(a[0], 0); assert_int_equal(a[1], 1); assert_int_equal(a[2], 2);
    assert_true(rm_niff_rot_order_axes(RM_NIFF_ROT_XZY, a));
    assert_int_equal(a[0], 0); assert_int_equal(a[1], 2); assert_int_equal(a[2], 1);
    assert_true(rm_niff_rot_order_axes(RM_NIFF_ROT_YXZ, a));
    assert_int_equal(a[0], 1); assert_int_equal(a[1], 0); assert_int_equal(a[2], 2);
    assert_true(rm_niff_rot_order_axes(RM_NIFF_ROT_YZX, a));
    assert_int_equal(a[0], 1); assert_int_equal(a[1], 2); assert_int_equal(a[2], 0);
    assert_true(rm_niff_rot_order_axes(RM_NIFF_ROT_ZXY, a));
    assert_int_equal(a[0], 2); assert_int_equal(a[1], 0); assert_int_equal(a[2], 1);
    assert_true(rm_niff_rot_order_axes(RM_NIFF_ROT_ZYX, a));
    assert_int_equal(a[0], 2); assert_int_equal(a[1], 1); assert_int_equal(a[2], 0);
    /* not an order: two axes at one place, a position 4, a high byte */
    assert_false(rm_niff_rot_order_axes(0x00010103u, a));
    assert_int_equal(a[0], 0); assert_int_equal(a[1], 1); assert_int_equal(a[2], 2);
    assert_false(rm_niff_rot_order_axes(0x00010204u, a));
    assert_false(rm_niff_rot_order_axes(0x01010203u, a));
    assert_false(rm_niff_rot_order_axes(0, a));
}

static void identity_is_exact(void **state)
{
    (void)state;
    double t[3] = { 0, 0, 0 }, r[3] = { 0, 0, 0 }, s[3] = { 1, 1, 1 };
    rm_niff_xform x;
    rm_niff_xform_local(t, r, s, RM_NIFF_ROT_XYZ, &x);
    assert_true(rm_niff_xform_is_identity(&x));
    /* bit for bit: no sin/cos for zero angles */
    rm_vec3d p = { 0.1, -3.3, 1e-7 };
    rm_vec3d q = rm_niff_xform_point(&x, p);
    assert_true(q.x == p.x && q.y == p.y && q.z == p.z);
    rm_vec3d n = { 0.3, 0.4, 0.5 };
    rm_vec3d m = rm_niff_xform_normal(&x, n);
    assert_true(m.x == n.x && m.y == n.y && m.z == n.z);
}

static void trs_order(void **state)
{
    (void)state;
    /* scale 2, then Rz(90), then translate (10, 0, 0):
       (1,0,0) -> (2,0,0) -> (0,2,0) -> (10,2,0). */
    double t[3] = { 10, 0, 0 }, r[3] = { 0, 0, HALF_PI }, s[3] = { 2, 2, 2 };
    rm_niff_xform x;
    rm_niff_xform_local(t, r, s, RM_NIFF_ROT_XYZ, &x);
    rm_vec3d p = { 1, 0, 0 };
    near3(rm_niff_xform_point(&x, p), 10, 2, 0);
    /* a normal keeps its length (1) and turns with the rotation */
    rm_vec3d n = { 1, 0, 0 };
    near3(rm_niff_xform_normal(&x, n), 0, 1, 0);
}

static void rotation_orders_differ(void **state)
{
    (void)state;
    /* rx = 90, ry = 90 on (0,1,0).
       XYZ (X first): Rx: (0,1,0) -> (0,0,1); Ry: (0,0,1) -> (1,0,0).
       YXZ (Y first): Ry: (0,1,0) -> (0,1,0); Rx: (0,1,0) -> (0,0,1). */
    double t[3] = { 0, 0, 0 }, r[3] = { HALF_PI, HALF_PI, 0 }, s[3] = { 1, 1, 1 };
    rm_vec3d p = { 0, 1, 0 };
    rm_niff_xform x;
    rm_niff_xform_local(t, r, s, RM_NIFF_ROT_XYZ, &x);
    near3(rm_niff_xform_point(&x, p), 1, 0, 0);
    rm_niff_xform_local(t, r, s, RM_NIFF_ROT_YXZ, &x);
    near3(rm_niff_xform_point(&x, p), 0, 0, 1);
    /* an unknown order is XYZ */
    rm_niff_xform_local(t, r, s, 0x12345678u, &x);
    near3(rm_niff_xform_point(&x, p), 1, 0, 0);
}

static void parent_chain(void **state)
{
    (void)state;
    /* parent: translate (0,5,0); child: Ry(90) then translate (1,0,0).
       (0,0,1) -> Ry -> (1,0,0) -> +(1,0,0) -> (2,0,0) -> +(0,5,0) -> (2,5,0). */
    double z[3] = { 0, 0, 0 }, one[3] = { 1, 1, 1 };
    double tp[3] = { 0, 5, 0 }, tc[3] = { 1, 0, 0 }, rc[3] = { 0, HALF_PI, 0 };
    rm_niff_xform parent, child, world;
    rm_niff_xform_local(tp, z, one, RM_NIFF_ROT_XYZ, &parent);
    rm_niff_xform_local(tc, rc, one, RM_NIFF_ROT_XYZ, &child);
    rm_niff_xform_mul(&parent, &child, &world);
    rm_vec3d p = { 0, 0, 1 };
    near3(rm_niff_xform_point(&world, p), 2, 5, 0);
    assert_true(rm_niff_xform_det(&world) > 0);
}

static void mirror_normals(void **state)
{
    (void)state;
    /* scale (-1, 1, 1): a mirror in X. The normal (1,0,0) of a face
       looking +X must look -X after it; (0,1,0) is unchanged. Scale
       (2, 1, 1): the normal (1,1,0)/sqrt2 becomes (1/2, 1, 0) scaled back
       to length 1 (inverse transpose), i.e. (1, 2, 0)/sqrt5. */
    double z[3] = { 0, 0, 0 }, m[3] = { -1, 1, 1 }, s2[3] = { 2, 1, 1 };
    rm_niff_xform x;
    rm_niff_xform_local(z, z, m, RM_NIFF_ROT_XYZ, &x);
    assert_true(rm_niff_xform_det(&x) < 0);
    rm_vec3d nx = { 1, 0, 0 }, ny = { 0, 1, 0 };
    near3(rm_niff_xform_normal(&x, nx), -1, 0, 0);
    near3(rm_niff_xform_normal(&x, ny), 0, 1, 0);
    rm_niff_xform_local(z, z, s2, RM_NIFF_ROT_XYZ, &x);
    rm_vec3d n = { 1 / sqrt(2.0), 1 / sqrt(2.0), 0 };
    near3(rm_niff_xform_normal(&x, n), 1 / sqrt(5.0), 2 / sqrt(5.0), 0);
    /* a flat transform (scale 0) leaves the normal as it was */
    double flat[3] = { 0, 1, 1 };
    rm_niff_xform_local(z, z, flat, RM_NIFF_ROT_XYZ, &x);
    rm_vec3d k = { 0, 0, 1 };
    near3(rm_niff_xform_normal(&x, k), 0, 0, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rot_orders),
        cmocka_unit_test(identity_is_exact),
        cmocka_unit_test(trs_order),
        cmocka_unit_test(rotation_orders_differ),
        cmocka_unit_test(parent_chain),
        cmocka_unit_test(mirror_normals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
