/* src/runtime/find.c - names: find_group / find_bone / find_animation,
   is_animation, and the duration of an animation. */
#include <string.h>

#include "model_internal.h"
#include "names.h"

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

void rt_name_lower(const char name[16], char out[17])
{
    size_t i = 0;
    for (; i < 16 && name[i]; i++)
        out[i] = lower(name[i]);
    out[i] = 0;
}

bool rt_name_equal(const char stored[16], const char *query)
{
    if (!query)
        return false;
    size_t i = 0;
    for (; i < 16 && stored[i]; i++)
        if (lower(stored[i]) != lower(query[i]))   /* query[i] == 0 stops here too */
            return false;
    return query[i] == 0;
}

int rm_3d_model_find_group(const rm_3d_model *m, const char *name)
{
    for (uint32_t i = 0; i < m->group_count && i <= (uint32_t)INT32_MAX; i++) {
        rm_jom_group g;
        if (rm_3d_model_group(m, i, &g) && rt_name_equal(g.name, name))
            return (int)i;
    }
    return -1;
}

int rm_3d_model_find_bone(const rm_3d_model *m, const char *name)
{
    for (uint32_t i = 0; i < m->bone_count; i++) {
        rm_jom_bone b;
        if (rm_3d_model_bone(m, i, &b) && rt_name_equal(b.name, name))
            return (int)i;
    }
    return -1;
}

int rm_3d_model_find_animation(const rm_3d_model *m, const char *name)
{
    for (uint32_t i = 0; i < m->animation_count && i <= (uint32_t)INT32_MAX; i++) {
        rm_3d_animation a;
        if (rm_3d_model_animation(m, i, &a) && rt_name_equal(a.name, name))
            return (int)i;
    }
    return -1;
}

bool rm_3d_model_is_animation(const rm_3d_model *m, int animation, const char *name)
{
    rm_3d_animation a;
    if (animation < 0 || !rm_3d_model_animation(m, (uint32_t)animation, &a))
        return false;
    /* This name first; an earlier animation with the same name (the
       duplicate flag) is the one find_animation would give. */
    return rt_name_equal(a.name, name) && !a.duplicate;
}

int rm_3d_model_animation_duration(const rm_3d_model *m, int animation)
{
    rm_3d_animation a;
    if (animation < 0 || !rm_3d_model_animation(m, (uint32_t)animation, &a))
        return 0;
    /* At most 65535 x 65535 < 2^32: computed in 64 bits, clamped to int. */
    uint64_t keys = (a.flags & RM_3D_ANIMATION_LOOP) ? a.key_count : (a.key_count ? a.key_count - 1u : 0u);
    uint64_t ticks = keys * a.key_ticks;
    return ticks > (uint64_t)INT32_MAX ? INT32_MAX : (int)ticks;
}
