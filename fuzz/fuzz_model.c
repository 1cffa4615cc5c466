/* fuzz/fuzz_model.c - libFuzzer target for the runtime (the engine's model
   API on the host, include/retromesh/model.h).

   Any bytes: both loaders must agree with the JOM reader (a file is
   accepted by all three or refused by all three, with a message). An
   accepted file is loaded from memory and in place, and then for every
   animation (and -1) poses at a few times, a blend, and a draw with some
   hidden bones into the collecting target must give the very same bits
   from both models: a difference is a bug, reported by abort(). Seeds:
   fuzz/corpus/model (the JOM seeds). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/jom.h"
#include "retromesh/model.h"

static int times[] = {-1, 0, 1, 5, 29, 30, 61, 1000, 2147483647};

static void same_draw(rm_3d_model *a, rm_3d_model *b, const rm_3d_pose *pose, uint32_t hidden)
{
    rm_3d_collect ca, cb;
    rm_3d_collect_init(&ca);
    rm_3d_collect_init(&cb);
    rm_3d_draw_target ta = rm_3d_collect_target(&ca), tb = rm_3d_collect_target(&cb);
    rm_3d_model_set_hidden_bones(a, hidden);
    rm_3d_model_set_hidden_bones(b, hidden);
    if (rm_3d_model_draw_pose(a, pose, NULL, NULL, &ta) != RM_OK ||
        rm_3d_model_draw_pose(b, pose, NULL, NULL, &tb) != RM_OK)
        abort();
    if (ca.point_count != cb.point_count || ca.polygon_count != cb.polygon_count ||
        ca.point_count != rm_3d_model_point_count(a) || ca.polygon_count > rm_3d_model_polygon_count(a))
        abort();
    if ((ca.point_count && memcmp(ca.points, cb.points, ca.point_count * sizeof *ca.points)) ||
        (ca.polygon_count && memcmp(ca.polygons, cb.polygons, ca.polygon_count * sizeof *ca.polygons)))
        abort();
    /* Every corner of a drawn polygon is a posed point. */
    for (uint32_t i = 0; i < ca.polygon_count; i++)
        for (int k = 0; k < 4; k++)
            if (ca.polygons[i].v[k] >= ca.point_count)
                abort();
    rm_3d_collect_free(&ca);
    rm_3d_collect_free(&cb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 16;
    rm_jom_model jm;
    bool valid = rm_jom_read(data, size, "fuzz.jom", &jm, &diag) == RM_OK;
    rm_jom_free(&jm);
    rm_3d_model *a = rm_3d_create_model_from_memory(data, size, "fuzz.jom", &diag);
    rm_3d_model *b = rm_3d_create_model_in_place(data, size, "fuzz.jom", &diag);
    if ((a != NULL) != valid || (b != NULL) != valid)
        abort();
    if (!valid) {
        if (diag.errors == 0)
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    int n = (int)rm_3d_model_animation_count(a);
    if (n != (int)rm_3d_model_animation_count(b))
        abort();
    for (int anim = -1; anim < n; anim++) {
        rm_3d_animation ra, rb;
        if (anim >= 0 && (!rm_3d_model_animation(a, (uint32_t)anim, &ra) ||
                          !rm_3d_model_animation(b, (uint32_t)anim, &rb) || memcmp(&ra, &rb, sizeof ra)))
            abort();
        if (anim >= 0 && rm_3d_model_find_animation(a, ra.name) > anim)
            abort();   /* the first match is at or before it */
        for (size_t t = 0; t < sizeof times / sizeof times[0]; t++) {
            rm_3d_pose pa, pb, other;
            rm_3d_model_get_pose(a, anim, times[t], &pa);
            rm_3d_model_get_pose(b, anim, times[t], &pb);
            if (memcmp(&pa, &pb, sizeof pa))
                abort();
            rm_3d_model_get_pose(b, n - 1 - anim, times[t] / 2, &other);
            rm_3d_pose_blend(a, &pa, &other, (int)(t * 37 % 257));
            rm_3d_pose_blend(b, &pb, &other, (int)(t * 37 % 257));
            if (memcmp(&pa, &pb, sizeof pa))
                abort();
            if (t % 3 == 0)
                same_draw(a, b, &pa, (uint32_t)(t * 0x9E3779B9u));
        }
    }
    rm_3d_free_model(a);
    rm_3d_free_model(b);
    rm_diag_free(&diag);
    return 0;
}
