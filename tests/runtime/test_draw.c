/* draw_pose on the arm of runtime_models.c: bone matrices, posed points,
   hidden bones, the callback. The expected values are worked out by hand
   from the bones (see runtime_models.c), with 90-degree turns (sin and cos
   exactly 0 and 1):
     Ry(90): (x, y, z) -> (z, y, -x)     Rz(90): (x, y, z) -> (-y, x, z)
     Rx(90): (x, y, z) -> (x, -z, y)     (right-handed turns, as SGL's)
   pose90 (root (0, 0, 10)):
     hips  W0(p) = Ry90(p) + root                       = (z, y, 10 - x)
     arm   W1(p) = W0(Rz90(p - (1,0,0)) + (1,0,0))      = W0(1 - y, x - 1, z)
                                                        = (z, x - 1, 9 + y)
     hand  W2(p) = W1(Rx90(p - (2,0,0)) + (2,0,0))      = W1(x, -z, y)
                                                        = (y, x - 1, 9 - z)
     hat   W3 = W0 (no turn), grip W4 = W2 (no turn)
     other points: the model matrix, (x, y, z + 10).
   A matrix (4 rows of 3, row vectors) has the images of X, Y, Z as its
   first rows and the image of the origin as its last. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "runtime_models.h"

static rt_pair pair;

static int setup(void **state)
{
    (void)state;
    rm_jom_model m;
    rt_model_arm(&m);
    rt_pair_make(&pair, &m);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    rt_pair_free(&pair);
    return 0;
}

#define V(x, y, z) {(rm_fixed)((x) * ONE), (rm_fixed)((y) * ONE), (rm_fixed)((z) * ONE)}

static const rm_fixed W0[4][3] = {V(0, 0, -1), V(0, 1, 0), V(1, 0, 0), V(0, 0, 10)};
static const rm_fixed W1[4][3] = {V(0, 1, 0), V(0, 0, 1), V(1, 0, 0), V(0, -1, 9)};
static const rm_fixed W2[4][3] = {V(0, 1, 0), V(1, 0, 0), V(0, 0, -1), V(0, -1, 9)};

typedef struct seen {
    int count;
    int bones[8];
    rm_fixed matrices[8][4][3];
} seen;

static void record(int bone, void *param, const rm_fixed (*matrix)[3])
{
    seen *s = param;
    assert_true(s->count < 8);
    s->bones[s->count] = bone;
    memcpy(s->matrices[s->count], matrix, sizeof s->matrices[0]);
    s->count++;
}

static void draw(rm_3d_model *m, int anim, seen *s, rm_3d_collect *out)
{
    rm_3d_pose pose;
    rm_3d_model_get_pose(m, anim, 0, &pose);
    rm_3d_draw_target t = rm_3d_collect_target(out);
    assert_int_equal(rm_3d_model_draw_pose(m, &pose, s ? record : NULL, s, &t), RM_OK);
}

static void points_end_where_the_matrices_put_them(void **state)
{
    (void)state;
    static const rm_vec3x want[12] = {
        V(0, 0, 11),   /* 0 (-1,0,0) body, W0 */
        V(0, 1, 10),   /* 1 (0,1,0) body */
        V(0, -1, 10),  /* 2 (0,-1,0) body */
        V(0, 1, 9),    /* 3 (2,0,0) arm, W1 */
        V(0, 1, 10),   /* 4 (2,1,0) arm */
        V(1, 2, 9),    /* 5 (3,1,0) hand, W2: two levels under the root */
        V(0, 2, 8),    /* 6 (3,0,1) hand */
        V(0, -2, 10),  /* 7 (0,-2,0) hat, W3 = W0 */
        V(0, -2, 9),   /* 8 (1,-2,0) hat */
        V(1, 0, 10),   /* 9 shared: only the root offset */
        V(2.5, 0, 10), /* 10 shared */
        V(0, 0, 13),   /* 11 deco: its group has no bone */
    };
    for (int k = 0; k < 2; k++) {
        rm_3d_collect out;
        rm_3d_collect_init(&out);
        draw(k ? pair.view : pair.copy, 0, NULL, &out);
        assert_int_equal(out.point_count, 12);
        for (int i = 0; i < 12; i++) {
            assert_int_equal(out.points[i].x, want[i].x);
            assert_int_equal(out.points[i].y, want[i].y);
            assert_int_equal(out.points[i].z, want[i].z);
        }
        /* Every polygon, in order, with its bone and turned normal. */
        assert_int_equal(out.polygon_count, 5);
        static const int bone[5] = {0, 1, 2, 3, -1};
        for (uint32_t i = 0; i < 5; i++) {
            assert_int_equal(out.polygons[i].index, i);
            assert_int_equal(out.polygons[i].bone, bone[i]);
            assert_int_equal(out.polygons[i].material, i);
        }
        static const uint16_t arm_corners[4] = {9, 3, 4, 10};
        assert_memory_equal(out.polygons[1].v, arm_corners, sizeof arm_corners);
        /* Normal (0,0,-1): hips turns it to (-1,0,0) (the image of Z is (1,0,0));
           hand to (0,0,1); deco keeps (1,0,0). */
        assert_int_equal(out.polygons[0].normal.x, -ONE);
        assert_int_equal(out.polygons[0].normal.z, 0);
        assert_int_equal(out.polygons[2].normal.z, ONE);
        assert_int_equal(out.polygons[4].normal.x, ONE);
        rm_3d_collect_free(&out);
    }
}

static void rest_pose_changes_nothing(void **state)
{
    (void)state;
    rm_3d_collect out;
    rm_3d_collect_init(&out);
    draw(pair.copy, 1, NULL, &out);   /* "rest": all zeros */
    for (uint32_t i = 0; i < out.point_count; i++) {
        rm_vec3x p = rm_3d_model_point(pair.copy, i);
        assert_memory_equal(&out.points[i], &p, sizeof p);
    }
    /* The same as pose NULL (the OBJ pose) and rm_3d_model_draw. */
    rm_3d_collect again;
    rm_3d_collect_init(&again);
    rm_3d_draw_target t = rm_3d_collect_target(&again);
    assert_int_equal(rm_3d_model_draw(pair.view, &t), RM_OK);
    assert_int_equal(again.point_count, out.point_count);
    assert_memory_equal(again.points, out.points, out.point_count * sizeof *out.points);
    rm_3d_collect_free(&again);
    rm_3d_collect_free(&out);
}

static void callback_sees_every_bone_in_order(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        seen s;
        memset(&s, 0, sizeof s);
        rm_3d_collect out;
        rm_3d_collect_init(&out);
        rm_3d_model_set_hidden_bones(k ? pair.view : pair.copy, 1u << 1);   /* hidden ones too */
        draw(k ? pair.view : pair.copy, 0, &s, &out);
        assert_int_equal(s.count, 5);
        for (int b = 0; b < 5; b++)
            assert_int_equal(s.bones[b], b);
        assert_memory_equal(s.matrices[0], W0, sizeof W0);
        assert_memory_equal(s.matrices[1], W1, sizeof W1);
        assert_memory_equal(s.matrices[2], W2, sizeof W2);
        assert_memory_equal(s.matrices[3], W0, sizeof W0);   /* hat: not turned */
        assert_memory_equal(s.matrices[4], W2, sizeof W2);   /* grip: the hand's */
        /* A weapon held at (3.5, 0, 0) in the hand: W2 gives (0, 2.5, 9). */
        rm_vec3x tip = rm_3d_transform_point((const rm_fixed (*)[3])s.matrices[4],
                                             (rm_vec3x){3 * ONE + ONE / 2, 0, 0});
        assert_int_equal(tip.x, 0);
        assert_int_equal(tip.y, 2 * ONE + ONE / 2);
        assert_int_equal(tip.z, 9 * ONE);
        rm_3d_collect_free(&out);
    }
    /* Without a target: only the matrices. */
    seen s;
    memset(&s, 0, sizeof s);
    rm_3d_pose pose;
    rm_3d_model_get_pose(pair.copy, 0, 0, &pose);
    assert_int_equal(rm_3d_model_draw_pose(pair.copy, &pose, record, &s, NULL), RM_OK);
    assert_int_equal(s.count, 5);
    assert_memory_equal(s.matrices[2], W2, sizeof W2);
}

/* The indexes of the polygons drawn with a mask. */
static uint32_t visible(rm_3d_model *m, uint32_t mask, uint32_t *list)
{
    rm_3d_collect out;
    rm_3d_collect_init(&out);
    rm_3d_model_set_hidden_bones(m, mask);
    assert_int_equal(rm_3d_model_hidden_bones(m), mask);
    draw(m, 0, NULL, &out);
    assert_int_equal(rm_3d_model_hidden_bones(m), 0);   /* for one draw only */
    uint32_t n = out.polygon_count;
    for (uint32_t i = 0; i < n; i++)
        list[i] = out.polygons[i].index;
    assert_int_equal(out.point_count, 12);   /* hidden points are still posed */
    rm_3d_collect_free(&out);
    return n;
}

static void hidden_bones_hide_descendants(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        rm_3d_model *m = k ? pair.view : pair.copy;
        uint32_t l[8];
        /* arm (bit 1): arm and hand (its child) hidden; body, hat, deco drawn. */
        assert_int_equal(visible(m, 1u << 1, l), 3);
        assert_int_equal(l[0], 0);
        assert_int_equal(l[1], 3);
        assert_int_equal(l[2], 4);
        /* hips (bit 0): every bone's group; deco (no bone) stays. */
        assert_int_equal(visible(m, 1u << 0, l), 1);
        assert_int_equal(l[0], 4);
        /* hand and hat: body, arm, deco. */
        assert_int_equal(visible(m, (1u << 2) | (1u << 3), l), 3);
        assert_int_equal(l[0], 0);
        assert_int_equal(l[1], 1);
        assert_int_equal(l[2], 4);
        /* grip (no group) and bits past the bones: nothing hidden. */
        assert_int_equal(visible(m, (1u << 4) | (1u << 31), l), 5);
        /* The mask was cleared by the draw before: everything. */
        rm_3d_collect out;
        rm_3d_collect_init(&out);
        draw(m, 0, NULL, &out);
        assert_int_equal(out.polygon_count, 5);
        rm_3d_collect_free(&out);
    }
}

static void in_place_and_copy_draw_the_same(void **state)
{
    (void)state;
    for (int anim = -1; anim < 2; anim++) {
        seen a, b;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        rm_3d_collect ca, cb;
        rm_3d_collect_init(&ca);
        rm_3d_collect_init(&cb);
        draw(pair.copy, anim, &a, &ca);
        draw(pair.view, anim, &b, &cb);
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(ca.point_count, cb.point_count);
        assert_int_equal(ca.polygon_count, cb.polygon_count);
        assert_memory_equal(ca.points, cb.points, ca.point_count * sizeof *ca.points);
        assert_memory_equal(ca.polygons, cb.polygons, ca.polygon_count * sizeof *ca.polygons);
        rm_3d_collect_free(&ca);
        rm_3d_collect_free(&cb);
    }
}

/* A target that fails: the draw stops and says why; end is still called. */
static int ends;
static rm_status fail_polygon(void *user, const rm_3d_draw_polygon *p)
{
    (void)user;
    return p->index == 1 ? RM_IO : RM_OK;
}
static rm_status count_end(void *user)
{
    (void)user;
    ends++;
    return RM_OK;
}

static void a_failing_target_stops_the_draw(void **state)
{
    (void)state;
    rm_3d_draw_target t = {NULL, NULL, NULL, fail_polygon, count_end};
    ends = 0;
    assert_int_equal(rm_3d_model_draw(pair.copy, &t), RM_IO);
    assert_int_equal(ends, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(points_end_where_the_matrices_put_them),
        cmocka_unit_test(rest_pose_changes_nothing),
        cmocka_unit_test(callback_sees_every_bone_in_order),
        cmocka_unit_test(hidden_bones_hide_descendants),
        cmocka_unit_test(in_place_and_copy_draw_the_same),
        cmocka_unit_test(a_failing_target_stops_the_draw),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
