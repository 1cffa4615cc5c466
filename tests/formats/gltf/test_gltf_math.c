/* The glTF reader's matrices and quaternions (math.c), sampler evaluation
   (sample.c) and the engine's Euler angles (euler.c): known values worked
   out by hand in the comments. Matrices are written here row by row for
   reading and stored column-major as glTF does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formats/gltf/gltf_internal.h"

#define PI 3.14159265358979323846
#define S45 0.70710678118654752440   /* sin 45 = cos 45 */
#define S22 0.38268343236508977173   /* sin 22.5 */
#define C22 0.92387953251128675613   /* cos 22.5 */

static void near(double got, double want, double tol, const char *what, int i)
{
    if (!(fabs(got - want) <= tol))
        print_error("%s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    assert_true(fabs(got - want) <= tol);
}

static void near_n(const double *got, const double *want, int n, const char *what)
{
    for (int i = 0; i < n; i++)
        near(got[i], want[i], 1e-12, what, i);
}

/* Row-major as written to column-major. */
static void from_rows(const double rows[16], double m[16])
{
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            m[c * 4 + r] = rows[r * 4 + c];
}

static void expect_rows(const double m[16], const double rows[16], const char *what)
{
    double want[16];
    from_rows(rows, want);
    near_n(m, want, 16, what);
}

/* ---- matrices ---- */

static void product_order(void **state)
{
    (void)state;
    /* A = [1 2; 0 1] (a shear), B = [1 0; 3 1] in the top left, 2 at (2,2):
       A*B = [1+2*3  2; 3 1] = [7 2; 3 1], B*A = [1 2; 3 3*2+1] = [1 2; 3 7]. */
    const double ra[16] = {1, 2, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    const double rb[16] = {1, 0, 0, 0, 3, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
    double a[16], b[16], ab[16], ba[16];
    from_rows(ra, a);
    from_rows(rb, b);
    rm_gltf_mat_mul(a, b, ab);
    rm_gltf_mat_mul(b, a, ba);
    const double rab[16] = {7, 2, 0, 0, 3, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
    const double rba[16] = {1, 2, 0, 0, 3, 7, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
    expect_rows(ab, rab, "A*B");
    expect_rows(ba, rba, "B*A");

    /* T(1,2,3) * S(2,3,4): scale then move; the other way the translation
       is scaled: (2, 6, 12). */
    const double rt[16] = {1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1};
    const double rs[16] = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1};
    double t[16], s[16], ts[16], st[16];
    from_rows(rt, t);
    from_rows(rs, s);
    rm_gltf_mat_mul(t, s, ts);
    rm_gltf_mat_mul(s, t, st);
    assert_true(ts[12] == 1 && ts[13] == 2 && ts[14] == 3 && ts[0] == 2 && ts[5] == 3);
    assert_true(st[12] == 2 && st[13] == 6 && st[14] == 12);

    double id[16];
    rm_gltf_mat_identity(id);
    const double rid[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    expect_rows(id, rid, "identity");
}

static void trs_and_points(void **state)
{
    (void)state;
    /* t = (1, 2, 3), 90 degrees about Z = (0, 0, sin 45, cos 45), s = (2, 3, 4).
       R = [0 -1 0; 1 0 0; 0 0 1]; R*S columns: (0,2,0), (-3,0,0), (0,0,4). */
    const double t[3] = {1, 2, 3}, q[4] = {0, 0, S45, S45}, s[3] = {2, 3, 4};
    double m[16];
    rm_gltf_mat_from_trs(t, q, s, m);
    const double rm[16] = {0, -3, 0, 1, 2, 0, 0, 2, 0, 0, 4, 3, 0, 0, 0, 1};
    expect_rows(m, rm, "TRS");
    /* (1,1,1) -> (0 - 3 + 0 + 1, 2 + 0 + 0 + 2, 0 + 0 + 4 + 3) = (-2, 4, 7) */
    double p[3] = {1, 1, 1}, out[3];
    rm_gltf_mat_point(m, p, out);
    const double wp[3] = {-2, 4, 7};
    near_n(out, wp, 3, "point");

    /* quat_to_rot of the same rotation, row-major. */
    double r[3][3];
    rm_gltf_quat_to_rot(q, r);
    const double wr[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1};
    near_n(&r[0][0], wr, 9, "rot");
    /* 120 degrees about (1,1,1)/sqrt(3) = (0.5, 0.5, 0.5, 0.5): x -> y -> z -> x,
       R = [0 0 1; 1 0 0; 0 1 0]. */
    const double q3[4] = {0.5, 0.5, 0.5, 0.5};
    rm_gltf_quat_to_rot(q3, r);
    const double wr3[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};
    near_n(&r[0][0], wr3, 9, "rot120");

    /* Normals: by the inverse transpose. S(2,3,4): (1,1,1) -> (1/2, 1/3, 1/4). */
    const double zero[3] = {0, 0, 0}, ident[4] = {0, 0, 0, 1};
    rm_gltf_mat_from_trs(zero, ident, s, m);
    rm_gltf_mat_normal(m, p, out);
    const double wn[3] = {0.5, 1.0 / 3, 0.25};
    near_n(out, wn, 3, "normal");
    /* A mirror S(-1,1,1) turns the normal (1,0,0) to (-1,0,0) (the cofactor
       is diag(1,-1,-1), the determinant -1). */
    const double mirror[3] = {-1, 1, 1}, nx[3] = {1, 0, 0};
    rm_gltf_mat_from_trs(zero, ident, mirror, m);
    rm_gltf_mat_normal(m, nx, out);
    const double wm[3] = {-1, 0, 0};
    near_n(out, wm, 3, "mirror");
    /* Rotations and translations leave a normal as the rotation moves it. */
    rm_gltf_mat_from_trs(t, q, (const double[3]){1, 1, 1}, m);
    rm_gltf_mat_normal(m, nx, out);
    const double wq[3] = {0, 1, 0};
    near_n(out, wq, 3, "rotated");
}

static void inverse(void **state)
{
    (void)state;
    /* M = T(1,2,3) * Rz(90) * S(2): 3x3 part [0 -2 0; 2 0 0; 0 0 2].
       The inverse: 3x3 (1/2) Rz(90)^T = [0 .5 0; -.5 0 0; 0 0 .5], and
       translation -(that * (1,2,3)) = -(1, -0.5, 1.5) = (-1, 0.5, -1.5). */
    const double t[3] = {1, 2, 3}, q[4] = {0, 0, S45, S45}, s[3] = {2, 2, 2};
    double m[16], inv[16], prod[16];
    rm_gltf_mat_from_trs(t, q, s, m);
    assert_true(rm_gltf_mat_invert(m, inv));
    const double rinv[16] = {0, 0.5, 0, -1, -0.5, 0, 0, 0.5, 0, 0, 0.5, -1.5, 0, 0, 0, 1};
    expect_rows(inv, rinv, "inverse");
    rm_gltf_mat_mul(m, inv, prod);
    const double rid[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    expect_rows(prod, rid, "M * inverse");

    /* A matrix that needs a row swap (0 on the first pivot):
       [0 1; 1 0] swaps x and y and is its own inverse. */
    const double rswap[16] = {0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    from_rows(rswap, m);
    assert_true(rm_gltf_mat_invert(m, inv));
    expect_rows(inv, rswap, "swap");

    /* Singular: a zero scale, and all zeros. */
    const double flat[3] = {1, 0, 1};
    rm_gltf_mat_from_trs(t, q, flat, m);
    assert_false(rm_gltf_mat_invert(m, inv));
    memset(m, 0, sizeof m);
    assert_false(rm_gltf_mat_invert(m, inv));
}

static void set_trs(rm_gltf_node *n, double tx, double ty, double tz, const double q[4])
{
    n->t[0] = tx;
    n->t[1] = ty;
    n->t[2] = tz;
    memcpy(n->r, q, 4 * sizeof q[0]);
    n->s[0] = n->s[1] = n->s[2] = 1;
}

static void rest_world_parent_after_child(void **state)
{
    (void)state;
    /* Node 1 (a root) T(10,0,0); node 2 under 1: T(0,5,0) and 90 degrees
       about Y; node 0 under 2: T(1,0,0); node 3 under 0: T(0,0,2). Every
       parent but one comes after its child.
       World 0's origin: Ry(90) (1,0,0) = (0,0,-1), + (0,5,0) + (10,0,0)
       = (10, 5, -1). World 3's: Ry(90) (0,0,2) = (2,0,0) -> (12, 5, -1).
       Node 4, a root with a matrix: T(7,8,9) as its matrix. */
    const double ident[4] = {0, 0, 0, 1}, ry90[4] = {0, S45, 0, S45};
    rm_gltf_node nodes[5];
    memset(nodes, 0, sizeof nodes);
    set_trs(&nodes[0], 1, 0, 0, ident);
    nodes[0].parent = 2;
    set_trs(&nodes[1], 10, 0, 0, ident);
    nodes[1].parent = -1;
    set_trs(&nodes[2], 0, 5, 0, ry90);
    nodes[2].parent = 1;
    set_trs(&nodes[3], 0, 0, 2, ident);
    nodes[3].parent = 0;
    set_trs(&nodes[4], 0, 0, 0, ident);
    nodes[4].parent = -1;
    nodes[4].has_matrix = true;
    rm_gltf_mat_identity(nodes[4].matrix);
    nodes[4].matrix[12] = 7;
    nodes[4].matrix[13] = 8;
    nodes[4].matrix[14] = 9;
    rm_gltf_doc doc;
    memset(&doc, 0, sizeof doc);
    doc.node_count = 5;
    doc.nodes = nodes;
    /* Visit 3 first: its whole chain 3 <- 0 <- 2 <- 1 is computed at once. */
    double *w = rm_gltf_rest_world(&doc);
    assert_non_null(w);
    const double o0[3] = {10, 5, -1}, o1[3] = {10, 0, 0}, o2[3] = {10, 5, 0}, o3[3] = {12, 5, -1},
                 o4[3] = {7, 8, 9};
    near_n(&w[0 * 16 + 12], o0, 3, "world 0");
    near_n(&w[1 * 16 + 12], o1, 3, "world 1");
    near_n(&w[2 * 16 + 12], o2, 3, "world 2");
    near_n(&w[3 * 16 + 12], o3, 3, "world 3");
    near_n(&w[4 * 16 + 12], o4, 3, "world 4");
    /* Node 3's x axis is turned by node 2's rotation: (0,0,-1). */
    const double x3[3] = {0, 0, -1};
    near_n(&w[3 * 16 + 0], x3, 3, "world 3 x axis");
    /* And it equals the product of the locals, parent first. */
    double l[4][16], a[16], b[16], c[16];
    for (int i = 0; i < 4; i++)
        rm_gltf_node_local(&nodes[i], l[i]);
    rm_gltf_mat_mul(l[1], l[2], a);
    rm_gltf_mat_mul(a, l[0], b);
    rm_gltf_mat_mul(b, l[3], c);
    near_n(&w[3 * 16], c, 16, "world 3");
    free(w);

    /* No nodes: a valid (empty) array. */
    doc.node_count = 0;
    w = rm_gltf_rest_world(&doc);
    assert_non_null(w);
    free(w);
}

/* ---- quaternions ---- */

static void slerp_halfway(void **state)
{
    (void)state;
    /* Halfway from the identity to 90 degrees about Y is 45 degrees about Y:
       (0, sin 22.5, 0, cos 22.5). */
    const double id[4] = {0, 0, 0, 1}, y90[4] = {0, S45, 0, S45};
    double out[4];
    rm_gltf_quat_slerp(id, y90, 0.5, out);
    const double want[4] = {0, S22, 0, C22};
    near_n(out, want, 4, "slerp");
    /* The shorter way: -y90 is the same rotation; without the flip the path
       would go 270 degrees the long way (and halfway be 135 degrees). */
    const double neg[4] = {0, -S45, 0, -S45};
    rm_gltf_quat_slerp(id, neg, 0.5, out);
    near_n(out, want, 4, "slerp -q");
    /* A third of the way: 30 degrees = (0, sin 15, 0, cos 15). */
    rm_gltf_quat_slerp(id, y90, 1.0 / 3, out);
    const double w30[4] = {0, sin(15 * PI / 180), 0, cos(15 * PI / 180)};
    near_n(out, w30, 4, "slerp 1/3");
    /* Ends. */
    rm_gltf_quat_slerp(id, y90, 0, out);
    near_n(out, id, 4, "slerp 0");
    rm_gltf_quat_slerp(id, y90, 1, out);
    near_n(out, y90, 4, "slerp 1");
    /* Nearly equal: no division by sin(0). */
    rm_gltf_quat_slerp(id, id, 0.5, out);
    near_n(out, id, 4, "slerp same");

    double q[4] = {0, 0, 3, 4};
    rm_gltf_quat_normalize(q);
    const double wq[4] = {0, 0, 0.6, 0.8};
    near_n(q, wq, 4, "normalize");
    double z[4] = {0, 0, 0, 0};
    rm_gltf_quat_normalize(z);
    near_n(z, id, 4, "normalize 0");
}

/* ---- samplers ---- */

static void sample_linear_step(void **state)
{
    (void)state;
    /* Keys at 0, 1, 3: (0,0,0), (10,20,30), (30,0,-30). */
    const double times[3] = {0, 1, 3};
    const double values[9] = {0, 0, 0, 10, 20, 30, 30, 0, -30};
    double out[3];
    struct { double t; double lin[3]; double step[3]; } cases[] = {
        {-1, {0, 0, 0}, {0, 0, 0}},             /* before the first key */
        {0, {0, 0, 0}, {0, 0, 0}},
        {0.5, {5, 10, 15}, {0, 0, 0}},          /* half of key 0 -> 1 */
        {0.99, {9.9, 19.8, 29.7}, {0, 0, 0}},
        {1, {10, 20, 30}, {10, 20, 30}},
        {2, {20, 10, 0}, {10, 20, 30}},         /* half of key 1 -> 2 */
        {2.5, {25, 5, -15}, {10, 20, 30}},      /* three quarters */
        {3, {30, 0, -30}, {30, 0, -30}},
        {7, {30, 0, -30}, {30, 0, -30}},        /* after the last key */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rm_gltf_sample(times, 3, values, 3, RM_GLTF_LINEAR, false, cases[i].t, out);
        near_n(out, cases[i].lin, 3, "linear");
        rm_gltf_sample(times, 3, values, 3, RM_GLTF_STEP, false, cases[i].t, out);
        near_n(out, cases[i].step, 3, "step");
    }

    /* Many keys (binary search): key k at time k holds (k, 2k, -k). */
    double t8[9], v8[27];
    for (int k = 0; k < 9; k++) {
        t8[k] = k;
        v8[3 * k] = k;
        v8[3 * k + 1] = 2 * k;
        v8[3 * k + 2] = -k;
    }
    for (double t = 0; t <= 8; t += 0.25) {
        rm_gltf_sample(t8, 9, v8, 3, RM_GLTF_LINEAR, false, t, out);
        const double w[3] = {t, 2 * t, -t};
        near_n(out, w, 3, "linear 9 keys");
        rm_gltf_sample(t8, 9, v8, 3, RM_GLTF_STEP, false, t, out);
        const double ws[3] = {floor(t), 2 * floor(t), -floor(t)};
        near_n(out, ws, 3, "step 9 keys");
    }

    /* Equal times: 0, 1, 1, 2 hold 0, 10, 20, 30 (x only). At t = 1 the
       later key of the two (20), at 0.5 halfway to the first (5), at 1.5
       halfway after the second (25). All times equal: no division, the
       last key from their time on. */
    const double te[4] = {0, 1, 1, 2};
    const double ve[12] = {0, 0, 0, 10, 0, 0, 20, 0, 0, 30, 0, 0};
    rm_gltf_sample(te, 4, ve, 3, RM_GLTF_LINEAR, false, 1, out);
    near(out[0], 20, 1e-12, "equal", 0);
    rm_gltf_sample(te, 4, ve, 3, RM_GLTF_LINEAR, false, 0.5, out);
    near(out[0], 5, 1e-12, "equal", 1);
    rm_gltf_sample(te, 4, ve, 3, RM_GLTF_LINEAR, false, 1.5, out);
    near(out[0], 25, 1e-12, "equal", 2);
    const double same[2] = {1, 1};
    rm_gltf_sample(same, 2, ve, 3, RM_GLTF_LINEAR, false, 1, out);
    near(out[0], 10, 1e-12, "same", 0);
    rm_gltf_sample(same, 2, ve, 3, RM_GLTF_LINEAR, false, 0.5, out);
    near(out[0], 0, 1e-12, "same", 1);

    /* One key: always its value. */
    rm_gltf_sample(times, 1, values, 3, RM_GLTF_LINEAR, false, 5, out);
    near_n(out, values, 3, "one key");
}

static void sample_rotation(void **state)
{
    (void)state;
    /* Keys at 0 and 2: the identity and 90 degrees about Y. At 1 (halfway):
       45 degrees about Y by slerp; the same with the second key stored as
       -q (the shorter way). STEP at 1.9 stays at the identity. */
    const double times[2] = {0, 2};
    const double v[8] = {0, 0, 0, 1, 0, S45, 0, S45};
    const double vneg[8] = {0, 0, 0, 1, 0, -S45, 0, -S45};
    double out[4];
    const double w45[4] = {0, S22, 0, C22};
    rm_gltf_sample(times, 2, v, 4, RM_GLTF_LINEAR, true, 1, out);
    near_n(out, w45, 4, "slerp");
    rm_gltf_sample(times, 2, vneg, 4, RM_GLTF_LINEAR, true, 1, out);
    near_n(out, w45, 4, "slerp -q");
    rm_gltf_sample(times, 2, v, 4, RM_GLTF_STEP, true, 1.9, out);
    near_n(out, v, 4, "step");
    /* Not a rotation: a plain lerp of 4 values, not normalised:
       (0, S45/2, 0, (1 + S45)/2). */
    rm_gltf_sample(times, 2, v, 4, RM_GLTF_LINEAR, false, 1, out);
    const double wl[4] = {0, S45 / 2, 0, (1 + S45) / 2};
    near_n(out, wl, 4, "lerp");

    /* CUBICSPLINE rotation with zero tangents, halfway: h00 = h01 = 0.5,
       0.5 * (0,0,0,1) + 0.5 * (0,S45,0,S45) = (0, 0.35355, 0, 0.85355),
       length 0.92388: normalised (0, 0.38268, 0, 0.92388) = 45 degrees. */
    const double cv[24] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0,
                           0, 0, 0, 0, 0, S45, 0, S45, 0, 0, 0, 0};
    rm_gltf_sample(times, 2, cv, 4, RM_GLTF_CUBICSPLINE, true, 1, out);
    near_n(out, w45, 4, "cubic rotation");
}

static void sample_cubic(void **state)
{
    (void)state;
    /* Keys at 0 and 2 (td = 2), 3 elements each: in-tangent, value,
       out-tangent. Key 0: a0 = (9,9,9) (never used), v0 = (0,1,0), b0 =
       (1,0,0). Key 1: a1 = (1,0,3), v1 = (2,1,0), b1 = (7,7,7) (never used).
       p = h00 v0 + h10 td b0 + h01 v1 + h11 td a1.
       t = 1, u = 0.5: h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = -0.125:
         x = 0.125*2*1 + 0.5*2 - 0.125*2*1 = 1, y = 0.5 + 0.5 = 1,
         z = -0.125*2*3 = -0.75.
       t = 0.5, u = 0.25: h00 = 0.84375, h10 = 0.140625, h01 = 0.15625,
       h11 = -0.046875:
         x = 0.28125 + 0.3125 - 0.09375 = 0.5, y = 1, z = -0.28125. */
    const double times[2] = {0, 2};
    const double v[18] = {9, 9, 9, 0, 1, 0, 1, 0, 0,
                          1, 0, 3, 2, 1, 0, 7, 7, 7};
    double out[3];
    rm_gltf_sample(times, 2, v, 3, RM_GLTF_CUBICSPLINE, false, 1, out);
    const double w1[3] = {1, 1, -0.75};
    near_n(out, w1, 3, "cubic t=1");
    rm_gltf_sample(times, 2, v, 3, RM_GLTF_CUBICSPLINE, false, 0.5, out);
    const double w05[3] = {0.5, 1, -0.28125};
    near_n(out, w05, 3, "cubic t=0.5");
    /* Clamped to the values (not the tangents). */
    rm_gltf_sample(times, 2, v, 3, RM_GLTF_CUBICSPLINE, false, -3, out);
    const double wf[3] = {0, 1, 0};
    near_n(out, wf, 3, "cubic before");
    rm_gltf_sample(times, 2, v, 3, RM_GLTF_CUBICSPLINE, false, 2, out);
    const double wl[3] = {2, 1, 0};
    near_n(out, wl, 3, "cubic at the end");
    rm_gltf_sample(times, 2, v, 3, RM_GLTF_CUBICSPLINE, false, 9, out);
    near_n(out, wl, 3, "cubic after");
}

/* ---- Euler angles ---- */

/* R = Rx(a) * Ry(b) * Rz(c), degrees, the matrices of euler.c's comment. */
static void rot_xyz(double a, double b, double c, double r[3][3])
{
    double ca = cos(a * PI / 180), sa = sin(a * PI / 180);
    double cb = cos(b * PI / 180), sb = sin(b * PI / 180);
    double cc = cos(c * PI / 180), sc = sin(c * PI / 180);
    const double rx[3][3] = {{1, 0, 0}, {0, ca, -sa}, {0, sa, ca}};
    const double ry[3][3] = {{cb, 0, sb}, {0, 1, 0}, {-sb, 0, cb}};
    const double rz[3][3] = {{cc, -sc, 0}, {sc, cc, 0}, {0, 0, 1}};
    double xy[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            xy[i][j] = 0;
            for (int k = 0; k < 3; k++)
                xy[i][j] += rx[i][k] * ry[k][j];
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            r[i][j] = 0;
            for (int k = 0; k < 3; k++)
                r[i][j] += xy[i][k] * rz[k][j];
        }
}

static void expect_angles(double a, double b, double c, const double *prev, double wa,
                          double wb, double wc)
{
    double r[3][3], out[3];
    rot_xyz(a, b, c, r);
    rm_gltf_euler_xyz(r, prev, out);
    const double want[3] = {wa, wb, wc};
    for (int i = 0; i < 3; i++)
        near(out[i], want[i], 1e-7, "angle", i);
}

static void euler_known(void **state)
{
    (void)state;
    expect_angles(30, 40, 50, NULL, 30, 40, 50);
    expect_angles(-170, -80, 120, NULL, -170, -80, 120);
    expect_angles(0, 0, 0, NULL, 0, 0, 0);
    /* b = 100 is not principal: (10 + 180, 180 - 100, 20 + 180) = (190, 80,
       200), as (-170, 80, -160). Near a previous (10, 99, 20) the other
       solution is the one. */
    expect_angles(10, 100, 20, NULL, -170, 80, -160);
    const double p1[3] = {10, 99, 20};
    expect_angles(10, 100, 20, p1, 10, 100, 20);

    /* Either way the angles give back R. */
    double r[3][3], back[3][3], out[3];
    for (int a = -180; a <= 180; a += 45)
        for (int b = -80; b <= 80; b += 40)
            for (int c = -170; c <= 180; c += 50) {
                rot_xyz(a, b, c, r);
                rm_gltf_euler_xyz(r, NULL, out);
                rot_xyz(out[0], out[1], out[2], back);
                near_n(&back[0][0], &r[0][0], 9, "R back");
            }
}

static void euler_continuity(void **state)
{
    (void)state;
    /* +179 -> -179 about X is 2 degrees more: 181. Same about Z, and down. */
    const double px[3] = {179, 0, 0}, pz[3] = {0, 0, 179}, pn[3] = {-179, 0, 0};
    expect_angles(-179, 0, 0, px, 181, 0, 0);
    expect_angles(0, 0, -179, pz, 0, 0, 181);
    expect_angles(179, 0, 0, pn, -181, 0, 0);
    /* Two turns and a half about X, key by key: never a jump. */
    double prev[3] = {0, 0, 0}, r[3][3], out[3];
    for (int k = 1; k <= 30; k++) {
        rot_xyz(30.0 * k, 0, 0, r);
        rm_gltf_euler_xyz(r, prev, out);
        near(out[0], 30.0 * k, 1e-7, "turning", k);
        near(out[1], 0, 1e-7, "turning b", k);
        near(out[2], 0, 1e-7, "turning c", k);
        memcpy(prev, out, sizeof prev);
    }
    /* Through b = 90 about Y with a = c = 10: 89 then 91. The principal
       solution of the second is (-170, 89, -170); after (10, 89, 10) it is
       (10, 91, 10). */
    const double p89[3] = {10, 89, 10};
    expect_angles(10, 91, 10, NULL, -170, 89, -170);
    expect_angles(10, 91, 10, p89, 10, 91, 10);
    /* A previous key turns later away: 370 stays near 370. */
    const double p370[3] = {370, 5, -350};
    expect_angles(12, 6, 12, p370, 372, 6, -348);
}

static void euler_gimbal(void **state)
{
    (void)state;
    /* b = 90: R depends on a + c only (row 1 is sin, cos of a + c). Without
       a previous key a = 0, c = a + c = 50; with one, a = prev's 30, c = 20. */
    expect_angles(30, 90, 20, NULL, 0, 90, 50);
    const double p[3] = {30, 88, 15};
    expect_angles(30, 90, 20, p, 30, 90, 20);
    /* b = -90: c - a is known. (30, -90, 20): c - a = -10. */
    expect_angles(30, -90, 20, NULL, 0, -90, -10);
    const double pm[3] = {30, -89, 25};
    expect_angles(30, -90, 20, pm, 30, -90, 20);
    /* c and b follow prev by whole turns: prev (30, 448, 380) -> (30, 450,
       380). */
    const double pt[3] = {30, 448, 380};
    expect_angles(30, 90, 20, pt, 30, 450, 380);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(product_order),
        cmocka_unit_test(trs_and_points),
        cmocka_unit_test(inverse),
        cmocka_unit_test(rest_world_parent_after_child),
        cmocka_unit_test(slerp_halfway),
        cmocka_unit_test(sample_linear_step),
        cmocka_unit_test(sample_rotation),
        cmocka_unit_test(sample_cubic),
        cmocka_unit_test(euler_known),
        cmocka_unit_test(euler_continuity),
        cmocka_unit_test(euler_gimbal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
