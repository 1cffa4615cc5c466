/* get_pose and pose_blend: interpolation at and between keys, past the
   end (loop and not), the shortest way round, rounding, blends. Every
   expected value is worked out by hand in the comment beside it, from the
   keys of rt_model_anims (runtime_models.c) and the rules of model.h:
   value = a + round(d * t / T), halves up; blend = a + floor((d w + 128) / 256).
   Each check runs on the copied model and on the in-place one. */
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
    rt_model_anims(&m);
    rt_pair_make(&pair, &m);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    rt_pair_free(&pair);
    return 0;
}

/* The pose of animation `anim` at `time` in both models (they must agree). */
static rm_3d_pose pose_at(int anim, int time)
{
    rm_3d_pose a, b;
    memset(&a, 0x55, sizeof a);   /* get_pose fills everything */
    memset(&b, 0x77, sizeof b);
    rm_3d_model_get_pose(pair.copy, anim, time, &a);
    rm_3d_model_get_pose(pair.view, anim, time, &b);
    assert_memory_equal(&a, &b, sizeof a);
    return a;
}

static void expect(rm_3d_pose p, rm_fixed rx, rm_fixed ry, rm_fixed rz, int ax, int ay, int az)
{
    assert_int_equal(p.root.x, rx);
    assert_int_equal(p.root.y, ry);
    assert_int_equal(p.root.z, rz);
    assert_int_equal(p.angles[0][0], ax);
    assert_int_equal(p.angles[0][1], ay);
    assert_int_equal(p.angles[0][2], az);
    for (int b = 1; b < RM_3D_MAX_BONES; b++)   /* the model has 1 bone */
        for (int j = 0; j < 3; j++)
            assert_int_equal(p.angles[b][j], 0);
}

static void keys_exactly_at_their_times(void **state)
{
    (void)state;
    expect(pose_at(0, 0), 0, 0, 0, 0, 0, 0);
    expect(pose_at(0, 10), ONE, 0, 0, 16384, -1820, 0);
    expect(pose_at(0, 20), ONE, 2 * ONE, 0, -16384, 0, 8192);
    expect(pose_at(1, 4), 4, 0, 0, 40, 0, 0);
}

static void between_keys(void **state)
{
    (void)state;
    /* swing t=5: halfway from key 0 to key 1: root x 0.5, X 45 deg, Y -5 deg (-910). */
    expect(pose_at(0, 5), ONE / 2, 0, 0, 8192, -910, 0);
    /* t=12: key 1 to key 2, 2/10 of the way: root y 2*ONE*0.2 = 26214.4 -> 26214;
       X: 16384 + (-32768 * 0.2 = -6553.6 -> -6554) = 9830; Y: -1820 + 364 = -1456;
       Z: 8192 * 0.2 = 1638.4 -> 1638. */
    expect(pose_at(0, 12), ONE, 26214, 0, 9830, -1456, 1638);
    /* once t=1: root 4 * 1/4 = 1, angle 40 / 4 = 10; t=3: 3, 30. */
    expect(pose_at(1, 1), 1, 0, 0, 10, 0, 0);
    expect(pose_at(1, 3), 3, 0, 0, 30, 0, 0);
    /* third: root x ONE/3 = 21845.33 -> 21845, 2/3 = 43690.67 -> 43691; root y from
       INT32_MIN by (2^32 - 1)/3 = 1431655765 exactly: -715827883, then
       -2147483648 + 2863311530 = 715827882. */
    expect(pose_at(5, 1), 21845, -715827883, 0, 0, 0, 0);
    expect(pose_at(5, 2), 43691, 715827882, 0, 0, 0, 0);
}

static void past_the_end(void **state)
{
    (void)state;
    /* swing is a loop of 3 keys x 10 ticks = 30: t=25 is halfway from key 2
       back to key 0: root (0.5, 1, 0); X -16384 -> 0: -8192; Z 8192 -> 0: 4096. */
    expect(pose_at(0, 25), ONE / 2, ONE, 0, -8192, 0, 4096);
    expect(pose_at(0, 30), 0, 0, 0, 0, 0, 0);                  /* back to key 0 */
    expect(pose_at(0, 35), ONE / 2, 0, 0, 8192, -910, 0);      /* = t 5 */
    expect(pose_at(0, 30 * 1000 + 12), ONE, 26214, 0, 9830, -1456, 1638);
    /* The largest time: 2^31 - 1 = 30 x 71582788 + 7, the pose of t=7. */
    rm_3d_pose last = pose_at(0, 2147483647), seven = pose_at(0, 7);
    assert_memory_equal(&last, &seven, sizeof last);
    /* once (not a loop, duration (2-1) x 4 = 4) holds its last key. */
    expect(pose_at(1, 5), 4, 0, 0, 40, 0, 0);
    expect(pose_at(1, 1000000), 4, 0, 0, 40, 0, 0);
}

static void negative_time_is_zero(void **state)
{
    (void)state;
    expect(pose_at(0, -7), 0, 0, 0, 0, 0, 0);
    expect(pose_at(1, -2147483647 - 1), 0, 0, 0, 0, 0, 0);
}

static void angles_go_the_shortest_way(void **state)
{
    (void)state;
    /* 350 -> 10 degrees through 0: -1820 + 3640 * t/10. t=2: -1092; t=5: 0;
       t=8: 1092. Y goes 10 -> 350 backwards through 0: 1092, 0, -1092. */
    expect(pose_at(2, 2), 0, 0, 0, -1092, 1092, 0);
    expect(pose_at(2, 5), 0, 0, 0, 0, 0, 0);
    expect(pose_at(2, 8), 0, 0, 0, 1092, -1092, 0);
    expect(pose_at(2, 10), 0, 0, 0, 1820, -1820, 0);
    /* A half turn (d = -32768) goes backwards: 0 -> -90 -> -180 degrees. */
    expect(pose_at(3, 5), 0, 0, 0, -16384, 0, 0);
    expect(pose_at(3, 10), 0, 0, 0, -32768, 0, 0);
}

static void rounding_halves_up(void **state)
{
    (void)state;
    /* round: t=1 of 2: root x 0.5 raw -> 1, y -0.5 -> 0, z ONE/2; angles 1.5 -> 2, -1.5 -> -1. */
    expect(pose_at(4, 1), 1, 0, ONE / 2, 2, -1, 0);
}

static void zero_ticks_and_no_animation(void **state)
{
    (void)state;
    expect(pose_at(6, 0), 0, 0, 0, 5, 0, 0);       /* loop, 0 ticks: the first key */
    expect(pose_at(6, 99), 0, 0, 0, 5, 0, 0);
    expect(pose_at(7, 0), 0, 0, 0, 7, 0, 0);       /* not a loop: the last key */
    expect(pose_at(-1, 5), 0, 0, 0, 0, 0, 0);      /* the pose of the OBJ */
    expect(pose_at(11, 5), 0, 0, 0, 0, 0, 0);      /* out of range: the same */
    expect(pose_at(-1000, 5), 0, 0, 0, 0, 0, 0);
}

static void durations(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        rm_3d_model *m = k ? pair.view : pair.copy;
        assert_int_equal(rm_3d_model_animation_duration(m, 0), 30);   /* loop: 3 x 10 */
        assert_int_equal(rm_3d_model_animation_duration(m, 1), 4);    /* once: (2-1) x 4 */
        assert_int_equal(rm_3d_model_animation_duration(m, 6), 0);    /* 0 ticks */
        assert_int_equal(rm_3d_model_animation_duration(m, 8), 6);    /* loop of 1 key x 6 */
        assert_int_equal(rm_3d_model_animation_duration(m, 10), 0);   /* 1 key, not a loop */
        assert_int_equal(rm_3d_model_animation_duration(m, -1), 0);
        assert_int_equal(rm_3d_model_animation_duration(m, 11), 0);
    }
}

static rm_3d_pose two_poses(rm_3d_pose *other)
{
    rm_3d_pose p;
    memset(&p, 0, sizeof p);
    memset(other, 0, sizeof *other);
    p.root = (rm_vec3x){0, ONE, -ONE};
    other->root = (rm_vec3x){ONE, -ONE, 1};
    p.angles[0][0] = 0;
    other->angles[0][0] = 16384;       /* 0 -> 90 degrees */
    p.angles[0][1] = -1820;            /* 350 */
    other->angles[0][1] = 1820;        /* -> 10: through 0 */
    p.angles[0][2] = 0;
    other->angles[0][2] = -1;          /* a tiny step down */
    p.angles[1][0] = 100;              /* bone 1: not in the model */
    other->angles[1][0] = 200;
    return p;
}

static void blend_weights(void **state)
{
    (void)state;
    rm_3d_pose other, p;
    /* weight 0: unchanged (bone 1 too: the model has 1 bone). */
    p = two_poses(&other);
    rm_3d_pose before = p;
    rm_3d_pose_blend(pair.copy, &p, &other, 0);
    assert_memory_equal(&p, &before, sizeof p);
    /* weight 256: the other pose exactly, except bone 1 (past the model's bones). */
    p = two_poses(&other);
    rm_3d_pose_blend(pair.view, &p, &other, 256);
    assert_memory_equal(&p.root, &other.root, sizeof p.root);
    assert_memory_equal(p.angles[0], other.angles[0], sizeof p.angles[0]);
    assert_int_equal(p.angles[1][0], 100);
    /* weight 128 (0.5): root (0.5, 0, floor((-ONE+1)*128+128)/256 = -32767);
       X 8192; Y through 0: 0; Z -1 * 0.5 = -0.5 -> 0 (halves up). */
    p = two_poses(&other);
    rm_3d_pose_blend(pair.copy, &p, &other, 128);
    assert_int_equal(p.root.x, ONE / 2);
    assert_int_equal(p.root.y, 0);
    assert_int_equal(p.root.z, -32767);
    assert_int_equal(p.angles[0][0], 8192);
    assert_int_equal(p.angles[0][1], 0);
    assert_int_equal(p.angles[0][2], 0);
    /* weight 64 (0.25): X 4096, Y -1820 + 910 = -910, root x 16384. */
    p = two_poses(&other);
    rm_3d_pose_blend(pair.copy, &p, &other, 64);
    assert_int_equal(p.root.x, ONE / 4);
    assert_int_equal(p.angles[0][0], 4096);
    assert_int_equal(p.angles[0][1], -910);
    /* Out of range: clamped to 0..256. */
    p = two_poses(&other);
    rm_3d_pose_blend(pair.copy, &p, &other, 1000);
    assert_int_equal(p.angles[0][0], 16384);
    p = two_poses(&other);
    rm_3d_pose_blend(pair.copy, &p, &other, -5);
    assert_int_equal(p.angles[0][0], 0);
    /* No model: all 32 bones; bone 1 goes 100 -> 200 halfway: 150. */
    p = two_poses(&other);
    rm_3d_pose_blend(NULL, &p, &other, 128);
    assert_int_equal(p.angles[1][0], 150);
}

static void blend_of_two_animations(void **state)
{
    (void)state;
    /* swing at t=10 (X 16384) blended 0.5 with once at t=4 (X 40): 8212. */
    rm_3d_pose a = pose_at(0, 10), b = pose_at(1, 4);
    rm_3d_pose_blend(pair.copy, &a, &b, 128);
    assert_int_equal(a.angles[0][0], 8212);
    assert_int_equal(a.root.x, (ONE + 4) / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_exactly_at_their_times),
        cmocka_unit_test(between_keys),
        cmocka_unit_test(past_the_end),
        cmocka_unit_test(negative_time_is_zero),
        cmocka_unit_test(angles_go_the_shortest_way),
        cmocka_unit_test(rounding_halves_up),
        cmocka_unit_test(zero_ticks_and_no_animation),
        cmocka_unit_test(durations),
        cmocka_unit_test(blend_weights),
        cmocka_unit_test(blend_of_two_animations),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
