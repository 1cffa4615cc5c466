/* src/runtime/draw.c - draw_pose: the matrix of each bone, the posed
   points, the visible polygons, handed to a draw target; and the hidden
   bones mask. See include/retromesh/model.h for the rules. */
#include <stdlib.h>
#include <string.h>

#include "fx.h"
#include "model_internal.h"

void rm_3d_model_set_hidden_bones(rm_3d_model *m, uint32_t mask) { m->hidden = mask; }
uint32_t rm_3d_model_hidden_bones(const rm_3d_model *m) { return m->hidden; }

/* The matrix of a bone: the parent's matrix (in `m` on entry), then
   translate(pivot), Rx, Ry, Rz, translate(-pivot) as SGL calls apply them. */
static void bone_matrix(rm_3d_matrix m, rm_vec3x pivot, const rm_angle angles[3])
{
    rm_3d_matrix_translate(m, pivot);
    rm_3d_matrix_rotate_x(m, angles[0]);
    rm_3d_matrix_rotate_y(m, angles[1]);
    rm_3d_matrix_rotate_z(m, angles[2]);
    rm_vec3x back = {fx_sub(0, pivot.x), fx_sub(0, pivot.y), fx_sub(0, pivot.z)};
    rm_3d_matrix_translate(m, back);
}

static const rm_fixed (*ro(rm_3d_matrix m))[3]
{
    return (const rm_fixed (*)[3])m;
}

/* Hands the frame to the target: begin, points, each visible polygon, end. */
static rm_status send(const rm_3d_model *model, const rm_3d_draw_target *t, const rm_vec3x *posed,
                      const int8_t *poly_bone, const bool *hidden, rm_3d_matrix *matrices)
{
    rm_status st = RM_OK;
    if (t->begin)
        st = t->begin(t->user, model);
    if (st != RM_OK)
        return st;
    if (t->points)
        st = t->points(t->user, posed, model->point_count);
    for (uint32_t i = 0; st == RM_OK && i < model->polygon_count; i++) {
        int bone = poly_bone ? poly_bone[i] : -1;
        if (bone >= 0 && hidden[bone])
            continue;
        rm_jom_polygon p;
        rm_3d_model_polygon(model, i, &p);
        rm_3d_draw_polygon d;
        memset(&d, 0, sizeof d);   /* the padding too: callers may compare polygons as bytes */
        d.index = i;
        memcpy(d.v, p.v, sizeof d.v);
        d.material = rm_3d_model_polygon_material(model, i);
        d.bone = bone;
        /* The model matrix does not turn: a normal turns only with a bone. */
        d.normal = bone >= 0 ? rm_3d_rotate_vector(ro(matrices[bone]), p.normal) : p.normal;
        if (t->polygon)
            st = t->polygon(t->user, &d);
    }
    rm_status end = t->end ? t->end(t->user) : RM_OK;
    return st != RM_OK ? st : end;
}

rm_status rm_3d_model_draw_pose(rm_3d_model *model, const rm_3d_pose *pose, rm_3d_bone_callback callback,
                                void *param, const rm_3d_draw_target *target)
{
    static const rm_3d_pose obj_pose;   /* all zeros */
    if (!pose)
        pose = &obj_pose;
    uint32_t mask = model->hidden;
    model->hidden = 0;   /* the mask is for this draw only */

    /* The model matrix: the root offset (the host's current matrix is the
       identity). */
    rm_3d_matrix world;
    rm_3d_matrix_identity(world);
    rm_3d_matrix_translate(world, pose->root);

    uint32_t bones = model->bone_count < RM_3D_MAX_BONES ? model->bone_count : RM_3D_MAX_BONES;
    rm_3d_matrix matrices[RM_3D_MAX_BONES];
    bool hidden[RM_3D_MAX_BONES];
    int group_of[RM_3D_MAX_BONES];
    for (uint32_t b = 0; b < bones; b++) {
        rm_jom_bone bone;
        rm_3d_model_bone(model, b, &bone);
        /* The validator made parent -1 or a bone before this one. */
        bool has_parent = bone.parent >= 0 && (uint32_t)bone.parent < b;
        memcpy(matrices[b], has_parent ? matrices[bone.parent] : world, sizeof(rm_3d_matrix));
        bone_matrix(matrices[b], bone.pivot, pose->angles[b]);
        hidden[b] = ((mask >> b) & 1u) || (has_parent && hidden[bone.parent]);
        group_of[b] = bone.group != RM_3D_BONE_NO_GROUP && bone.group < model->group_count ? bone.group : -1;
        if (callback)
            callback((int)b, param, ro(matrices[b]));
    }
    if (!target)
        return RM_OK;

    rm_vec3x *posed = NULL;
    int8_t *poly_bone = NULL;
    if (model->point_count) {
        posed = malloc((size_t)model->point_count * sizeof *posed);
        if (!posed)
            return RM_NOMEM;
    }
    if (model->polygon_count) {
        poly_bone = malloc(model->polygon_count);
        if (!poly_bone) {
            free(posed);
            return RM_NOMEM;
        }
        memset(poly_bone, -1, model->polygon_count);
    }
    /* Every point by the model matrix, then the own points of each bone's
       group by the bone's matrix (a later bone wins). */
    for (uint32_t i = 0; i < model->point_count; i++)
        posed[i] = rm_3d_transform_point(ro(world), rm_3d_model_point(model, i));
    for (uint32_t b = 0; b < bones; b++) {
        rm_jom_group g;
        if (group_of[b] < 0 || !rm_3d_model_group(model, (uint32_t)group_of[b], &g))
            continue;
        for (uint32_t i = g.first_point; i < (uint32_t)g.first_point + g.point_count && i < model->point_count; i++)
            posed[i] = rm_3d_transform_point(ro(matrices[b]), rm_3d_model_point(model, i));
        for (uint32_t i = g.first_polygon;
             i < (uint32_t)g.first_polygon + g.polygon_count && i < model->polygon_count; i++)
            poly_bone[i] = (int8_t)b;
    }
    rm_status st = send(model, target, posed, poly_bone, hidden, matrices);
    free(posed);
    free(poly_bone);
    return st;
}

rm_status rm_3d_model_draw(rm_3d_model *model, const rm_3d_draw_target *target)
{
    return rm_3d_model_draw_pose(model, NULL, NULL, NULL, target);
}

/* ---- the collecting target ---- */

void rm_3d_collect_init(rm_3d_collect *c)
{
    memset(c, 0, sizeof *c);
}

void rm_3d_collect_free(rm_3d_collect *c)
{
    free(c->points);
    free(c->polygons);
    rm_3d_collect_init(c);
}

static rm_status collect_begin(void *user, const rm_3d_model *model)
{
    (void)model;
    rm_3d_collect *c = user;
    c->point_count = 0;
    c->polygon_count = 0;
    return RM_OK;
}

static rm_status collect_points(void *user, const rm_vec3x *points, uint32_t count)
{
    rm_3d_collect *c = user;
    free(c->points);
    c->points = NULL;
    c->point_count = 0;
    if (count == 0)
        return RM_OK;
    c->points = malloc((size_t)count * sizeof *points);
    if (!c->points)
        return RM_NOMEM;
    memcpy(c->points, points, (size_t)count * sizeof *points);
    c->point_count = count;
    return RM_OK;
}

static rm_status collect_polygon(void *user, const rm_3d_draw_polygon *p)
{
    rm_3d_collect *c = user;
    if (c->polygon_count == c->polygon_capacity) {
        uint32_t n = c->polygon_capacity ? c->polygon_capacity * 2 : 64;
        if (n < c->polygon_capacity)
            return RM_NOMEM;
        rm_3d_draw_polygon *q = realloc(c->polygons, (size_t)n * sizeof *q);
        if (!q)
            return RM_NOMEM;
        c->polygons = q;
        c->polygon_capacity = n;
    }
    c->polygons[c->polygon_count++] = *p;
    return RM_OK;
}

rm_3d_draw_target rm_3d_collect_target(rm_3d_collect *c)
{
    rm_3d_draw_target t = {c, collect_begin, collect_points, collect_polygon, NULL};
    return t;
}
