/* tests/runtime/runtime_models.c - see runtime_models.h. */
#include "runtime_models.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/jom/jom_models.h"

static void *zalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p)
        abort();
    return p;
}

/* The arm, in units of 1.0 (ONE):

   points                      group      bone
     0 (-1, 0, 0)              body       0 hips   root, pivot (0, 0, 0)
     1 ( 0, 1, 0)              body
     2 ( 0,-1, 0)              body
     3 ( 2, 0, 0)              arm        1 arm    parent hips, pivot (1, 0, 0)
     4 ( 2, 1, 0)              arm
     5 ( 3, 1, 0)              hand       2 hand   parent arm, pivot (2, 0, 0)
     6 ( 3, 0, 1)              hand
     7 ( 0,-2, 0)              hat        3 hat    parent hips, pivot (0, -1, 0)
     8 ( 1,-2, 0)              hat
     9 ( 1, 0, 0)              -- shared by body and arm
    10 ( 2.5, 0, 0)            -- shared by arm and hand
    11 ( 0, 0, 3)              deco       (no bone moves deco)
                                          4 grip   parent hand, no group, pivot (3, 0, 0)
   polygons: 0 body (0 1 9), 1 arm (9 3 4 10), 2 hand (10 5 6),
             3 hat (7 8 9), 4 deco (11 9 10) (a group's polygons use its own
             points and shared ones only: seed 000); each its own material index
             (0..4 of 5 materials) so a test can tell them apart.
   animation "pose90": one key, root (0, 0, 10), hips Y 90, arm Z 90,
             hand X 90 degrees; "rest": one key, all zeros. */
void rt_model_arm(rm_jom_model *m)
{
    static const rm_vec3x points[12] = {
        {-ONE, 0, 0}, {0, ONE, 0}, {0, -ONE, 0}, {2 * ONE, 0, 0}, {2 * ONE, ONE, 0},
        {3 * ONE, ONE, 0}, {3 * ONE, 0, ONE}, {0, -2 * ONE, 0}, {ONE, -2 * ONE, 0},
        {ONE, 0, 0}, {2 * ONE + ONE / 2, 0, 0}, {0, 0, 3 * ONE},
    };
    static const rm_jom_polygon polygons[5] = {
        {{0, 0, -ONE}, {0, 1, 9, 9}},
        {{0, 0, -ONE}, {9, 3, 4, 10}},
        {{0, 0, -ONE}, {10, 5, 6, 6}},
        {{0, 0, -ONE}, {7, 8, 9, 9}},
        {{ONE, 0, 0}, {11, 9, 10, 10}},
    };
    static const struct { const char *name; uint16_t fp, np, fq, nq; } groups[5] = {
        {"body", 0, 3, 0, 1}, {"arm", 3, 2, 1, 1}, {"hand", 5, 2, 2, 1}, {"hat", 7, 2, 3, 1}, {"deco", 11, 1, 4, 1},
    };
    static const struct { const char *name; uint16_t group; int16_t parent; rm_vec3x pivot; } bones[5] = {
        {"hips", 0, -1, {0, 0, 0}},
        {"arm", 1, 0, {ONE, 0, 0}},
        {"hand", 2, 1, {2 * ONE, 0, 0}},
        {"hat", 3, 0, {0, -ONE, 0}},
        {"grip", RM_JOM_BONE_NO_GROUP, 2, {3 * ONE, 0, 0}},
    };
    rm_jom_init(m);
    m->radius = 207244;     /* sqrt(10) (points 5 and 6) = 207243.6 raw units */
    m->point_count = 12;
    m->points = zalloc(sizeof points);
    memcpy(m->points, points, sizeof points);
    m->polygon_count = 5;
    m->polygons = zalloc(sizeof polygons);
    memcpy(m->polygons, polygons, sizeof polygons);
    m->polygon_materials = zalloc(5 * sizeof(uint16_t));
    m->material_count = 5;
    m->materials = zalloc(5 * sizeof *m->materials);
    for (uint16_t i = 0; i < 5; i++) {
        char name[16];
        snprintf(name, sizeof name, "M%u", i);
        jom_set_name(m->materials[i].name, name);
        m->materials[i].texture = -1;
        m->materials[i].r = (uint8_t)(50 * i);
        m->polygon_materials[i] = i;
    }
    m->has_groups = true;
    m->group_count = 5;
    m->groups = zalloc(5 * sizeof *m->groups);
    for (int i = 0; i < 5; i++) {
        jom_set_name(m->groups[i].name, groups[i].name);
        m->groups[i].first_point = groups[i].fp;
        m->groups[i].point_count = groups[i].np;
        m->groups[i].first_polygon = groups[i].fq;
        m->groups[i].polygon_count = groups[i].nq;
    }
    m->has_skeleton = true;
    m->bone_count = 5;
    m->bones = zalloc(5 * sizeof *m->bones);
    for (int i = 0; i < 5; i++) {
        jom_set_name(m->bones[i].name, bones[i].name);
        m->bones[i].group = bones[i].group;
        m->bones[i].parent = bones[i].parent;
        m->bones[i].pivot = bones[i].pivot;
    }
    m->animation_count = 2;
    m->animations = zalloc(2 * sizeof *m->animations);
    rm_jom_animation *a = &m->animations[0];
    jom_set_name(a->name, "pose90");
    a->key_count = 1;
    a->key_ticks = 1;
    a->keys = zalloc(sizeof *a->keys);
    a->keys[0].root = (rm_vec3x){0, 0, 10 * ONE};
    a->keys[0].angles[0][1] = DEG(90);
    a->keys[0].angles[1][2] = DEG(90);
    a->keys[0].angles[2][0] = DEG(90);
    a = &m->animations[1];
    jom_set_name(a->name, "rest");
    a->key_count = 1;
    a->key_ticks = 1;
    a->keys = zalloc(sizeof *a->keys);
}

/* One bone; every animation moves bone 0 and the root.
     0 "swing"  loop, 10 ticks a key, 3 keys:
                 key 0: root (0, 0, 0),   angles (0, 0, 0)
                 key 1: root (1, 0, 0),   angles (90, -10, 0)
                 key 2: root (1, 2, 0),   angles (-90, 0, 45)
     1 "once"   2 keys, 4 ticks: root x 0 -> 4, angle x 0 -> 40 units
     2 "wrap"   2 keys, 10 ticks: angle x 350 -> 10 degrees (-1820 -> 1820),
                 angle y 10 -> 350 degrees
     3 "half"   2 keys, 10 ticks: angle x 0 -> 180 degrees (-32768)
     4 "round"  2 keys, 2 ticks: root x 0 -> 1 raw, root y 0 -> -1 raw,
                 root z 0 -> ONE; angle x 0 -> 3, angle y 0 -> -3
     5 "third"  2 keys, 3 ticks: root x 0 -> ONE, root y INT32_MIN -> INT32_MAX
     6 "still"  loop, 0 ticks a key, 2 keys: angle x 5 then 7
     7 "stop"   2 keys, 0 ticks a key: angle x 5 then 7
     8 "Walk", 9 "run", 10 "WALK": 1 key each (names of the find tests) */
void rt_model_anims(rm_jom_model *m)
{
    jom_model_triangle(m);
    m->has_skeleton = true;
    m->bone_count = 1;
    m->bones = zalloc(sizeof *m->bones);
    jom_set_name(m->bones[0].name, "Joint");
    m->bones[0].group = RM_JOM_BONE_NO_GROUP;
    m->bones[0].parent = -1;
    static const struct { const char *name; uint16_t keys, ticks, flags; } list[11] = {
        {"swing", 3, 10, 1}, {"once", 2, 4, 0}, {"wrap", 2, 10, 0}, {"half", 2, 10, 0},
        {"round", 2, 2, 0}, {"third", 2, 3, 0}, {"still", 2, 0, 1}, {"stop", 2, 0, 0},
        {"Walk", 1, 6, 1}, {"run", 1, 6, 1}, {"WALK", 1, 6, 0},
    };
    m->animation_count = 11;
    m->animations = zalloc(11 * sizeof *m->animations);
    for (int i = 0; i < 11; i++) {
        rm_jom_animation *a = &m->animations[i];
        jom_set_name(a->name, list[i].name);
        a->key_count = list[i].keys;
        a->key_ticks = list[i].ticks;
        a->flags = list[i].flags;
        a->keys = zalloc(a->key_count * sizeof *a->keys);
    }
    rm_jom_key *k = m->animations[0].keys;
    k[1].root = (rm_vec3x){ONE, 0, 0};
    k[1].angles[0][0] = DEG(90);
    k[1].angles[0][1] = -1820;                    /* -10 degrees */
    k[2].root = (rm_vec3x){ONE, 2 * ONE, 0};
    k[2].angles[0][0] = DEG(-90);
    k[2].angles[0][2] = DEG(45);
    k = m->animations[1].keys;
    k[1].root.x = 4;
    k[1].angles[0][0] = 40;
    k = m->animations[2].keys;
    k[0].angles[0][0] = -1820;                    /* 350 degrees */
    k[1].angles[0][0] = 1820;                     /* 10 degrees */
    k[0].angles[0][1] = 1820;
    k[1].angles[0][1] = -1820;
    k = m->animations[3].keys;
    k[1].angles[0][0] = -32768;                   /* 180 degrees */
    k = m->animations[4].keys;
    k[1].root = (rm_vec3x){1, -1, ONE};
    k[1].angles[0][0] = 3;
    k[1].angles[0][1] = -3;
    k = m->animations[5].keys;
    k[0].root = (rm_vec3x){0, INT32_MIN, 0};
    k[1].root = (rm_vec3x){ONE, INT32_MAX, 0};
    for (int i = 6; i <= 7; i++) {
        m->animations[i].keys[0].angles[0][0] = 5;
        m->animations[i].keys[1].angles[0][0] = 7;
    }
}

uint8_t *rt_bytes(const rm_jom_model *m, size_t *size)
{
    return jom_write_or_die(m, size);
}

void rt_pair_make(rt_pair *p, rm_jom_model *m)
{
    p->bytes = rt_bytes(m, &p->size);
    rm_jom_free(m);
    rm_diag d;
    rm_diag_init(&d);
    p->copy = rm_3d_create_model_from_memory(p->bytes, p->size, "copy.jom", &d);
    p->view = rm_3d_create_model_in_place(p->bytes, p->size, "view.jom", &d);
    if (!p->copy || !p->view) {
        rm_diag_print(&d, stderr, 1);
        abort();
    }
    rm_diag_free(&d);
}

void rt_pair_free(rt_pair *p)
{
    rm_3d_free_model(p->copy);
    rm_3d_free_model(p->view);
    free(p->bytes);
    memset(p, 0, sizeof *p);
}
