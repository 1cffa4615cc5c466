/* src/runtime/pose.c - get_pose (keys interpolated) and pose_blend.

   Both move each value from a to b by a fraction, in integers:
     angles: d = (int16)(b - a), the shortest way round (a half turn,
             d = -32768, goes backwards), the result wrapped to 16 bits;
     root:   d = b - a in 64 bits, the result always between a and b.
   get_pose: a + floor((2 d t + T) / (2 T)), t ticks since key a, T ticks
   between keys: round(d t / T), halves up. pose_blend: a + floor((d w +
   128) / 256): the same rounding with T = 256. */
#include <string.h>

#include "fx.h"
#include "model_internal.h"

static int16_t angle_toward(int16_t a, int16_t b, int64_t num, int64_t den)
{
    int64_t d = fx_wrap16((int64_t)b - a);
    return fx_wrap16(a + fx_floor_div(2 * d * num + den, 2 * den));
}

static rm_fixed fixed_toward(rm_fixed a, rm_fixed b, int64_t num, int64_t den)
{
    int64_t d = (int64_t)b - a;   /* |d| < 2^32, |2 d num| < 2^50 for num < 2^17 */
    return fx_wrap32(a + fx_floor_div(2 * d * num + den, 2 * den));
}

static void mix(uint32_t bones, rm_3d_pose *out, const rm_3d_pose *a, const rm_3d_pose *b, int64_t num,
                int64_t den)
{
    out->root.x = fixed_toward(a->root.x, b->root.x, num, den);
    out->root.y = fixed_toward(a->root.y, b->root.y, num, den);
    out->root.z = fixed_toward(a->root.z, b->root.z, num, den);
    for (uint32_t i = 0; i < bones; i++)
        for (int j = 0; j < 3; j++)
            out->angles[i][j] = angle_toward(a->angles[i][j], b->angles[i][j], num, den);
}

void rm_3d_model_get_pose(const rm_3d_model *m, int animation, int time, rm_3d_pose *pose)
{
    memset(pose, 0, sizeof *pose);
    rm_3d_animation a;
    if (animation < 0 || !rm_3d_model_animation(m, (uint32_t)animation, &a) || a.key_count == 0)
        return;   /* the pose of the OBJ */
    uint32_t bones = m->bone_count < RM_3D_MAX_BONES ? m->bone_count : RM_3D_MAX_BONES;
    bool loop = (a.flags & RM_3D_ANIMATION_LOOP) != 0;
    uint64_t t = time < 0 ? 0u : (uint64_t)time;
    uint32_t last = a.key_count - 1u;
    if (a.key_ticks == 0) {
        /* No time between keys: nothing to interpolate. */
        rm_3d_model_key(m, (uint32_t)animation, loop ? 0 : last, pose);
        return;
    }
    if (loop)
        t %= (uint64_t)a.key_count * a.key_ticks;
    uint64_t k = t / a.key_ticks;
    if (!loop && k >= last) {
        rm_3d_model_key(m, (uint32_t)animation, last, pose);   /* held */
        return;
    }
    uint32_t from = (uint32_t)k;
    uint32_t to = from == last ? 0 : from + 1;   /* a loop's last key goes to its first */
    rm_3d_pose ka, kb;
    rm_3d_model_key(m, (uint32_t)animation, from, &ka);
    rm_3d_model_key(m, (uint32_t)animation, to, &kb);
    mix(bones, pose, &ka, &kb, (int64_t)(t % a.key_ticks), a.key_ticks);
}

void rm_3d_pose_blend(const rm_3d_model *m, rm_3d_pose *pose, const rm_3d_pose *other, int weight)
{
    uint32_t bones = RM_3D_MAX_BONES;
    if (m && m->bone_count < bones)
        bones = m->bone_count;
    int64_t w = weight < 0 ? 0 : weight > 256 ? 256 : weight;
    rm_3d_pose a = *pose;
    mix(bones, pose, &a, other, w, 256);
}
