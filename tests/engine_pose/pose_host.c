/* tests/engine_pose/pose_host.c - the host side of the differential test
   of the poses (pose_script.h): the ps_* functions on libretromesh's
   runtime (rm_3d_*), the answers the SuperH program must give.

   Usage: engine_pose_host FILE.JOM [--copy] [--zero-ticks N]
   (--copy: rm_3d_create_model_from_memory, else in place). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/mesh.h"
#include "retromesh/model.h"
#include "pose_script.h"

static rm_3d_model *model;
static char name_buffer[17];

void ps_printf(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
}

unsigned int ps_point_count(void) { return rm_3d_model_point_count(model); }
unsigned int ps_polygon_count(void) { return rm_3d_model_polygon_count(model); }
unsigned int ps_group_count(void) { return rm_3d_model_group_count(model); }
unsigned int ps_bone_count(void) { return rm_3d_model_bone_count(model); }
unsigned int ps_animation_count(void) { return rm_3d_model_animation_count(model); }

int ps_turns_normals(void)
{
    /* The engine gives a model with bones its own copy of QUAD when a
       material is lit (SGL's light reads the normals): engine/model_internal.h. */
    if (rm_3d_model_bone_count(model) == 0)
        return 0;
    for (uint32_t i = 0; i < rm_3d_model_material_count(model); i++) {
        rm_jom_material m;
        if (rm_3d_model_material(model, i, &m) && (m.flags & RM_MAT_LIGHT))
            return 1;
    }
    return 0;
}

static const char *stored(const char name[16])
{
    memcpy(name_buffer, name, 16);
    name_buffer[16] = 0;
    return name_buffer;
}

const char *ps_group_name(unsigned int i)
{
    rm_jom_group g;
    rm_3d_model_group(model, i, &g);
    return stored(g.name);
}

const char *ps_bone_name(unsigned int i)
{
    rm_jom_bone b;
    rm_3d_model_bone(model, i, &b);
    return stored(b.name);
}

const char *ps_animation_name(unsigned int i)
{
    rm_3d_animation a;
    rm_3d_model_animation(model, i, &a);
    return stored(a.name);
}

int ps_find_group(const char *name) { return rm_3d_model_find_group(model, name); }
int ps_find_bone(const char *name) { return rm_3d_model_find_bone(model, name); }
int ps_find_animation(const char *name) { return rm_3d_model_find_animation(model, name); }
int ps_is_animation(int animation, const char *name) { return rm_3d_model_is_animation(model, animation, name); }
int ps_duration(int animation) { return rm_3d_model_animation_duration(model, animation); }

static void to_rm(const ps_pose *p, rm_3d_pose *r)
{
    r->root.x = p->root[0];
    r->root.y = p->root[1];
    r->root.z = p->root[2];
    for (int b = 0; b < PS_MAX_BONES; b++)
        for (int j = 0; j < 3; j++)
            r->angles[b][j] = p->angles[b][j];
}

static void from_rm(const rm_3d_pose *r, ps_pose *p)
{
    p->root[0] = r->root.x;
    p->root[1] = r->root.y;
    p->root[2] = r->root.z;
    for (int b = 0; b < PS_MAX_BONES; b++)
        for (int j = 0; j < 3; j++)
            p->angles[b][j] = r->angles[b][j];
}

void ps_get_pose(int animation, int time, ps_pose *pose)
{
    rm_3d_pose r;
    rm_3d_model_get_pose(model, animation, time, &r);
    from_rm(&r, pose);
}

void ps_blend(int with_model, ps_pose *pose, const ps_pose *other, int weight)
{
    rm_3d_pose a, b;
    to_rm(pose, &a);
    to_rm(other, &b);
    rm_3d_pose_blend(with_model ? model : NULL, &a, &b, weight);
    from_rm(&a, pose);
}

/* The caller's matrix: built with the runtime's SGL operations, as the
   SuperH side builds it with slTranslate, slRotY, slRotX. */
static void caller_matrix(int which, rm_3d_matrix m)
{
    rm_3d_matrix_identity(m);
    if (which == 1) {
        rm_3d_matrix_translate(m, (rm_vec3x){0x14000, -0x8000, 0xA0000});
        rm_3d_matrix_rotate_y(m, 5000);
        rm_3d_matrix_rotate_x(m, -3000);
    }
}

typedef struct {
    ps_draw *out;
    rm_fixed (*caller)[3];
} callback_state;

/* The bone's matrix in the caller's space: the model-space matrix
   applied first, then the caller's (what slLoadMatrix(caller) and
   slMultiMatrix(bone) give): rows 0..2 turned, row 3 moved. */
static void on_bone(int bone, void *param, const rm_fixed (*matrix)[3])
{
    callback_state *s = param;
    ps_draw *d = s->out;
    if (d->callbacks >= PS_MAX_BONES)
        return;
    const rm_fixed (*c)[3] = (const rm_fixed (*)[3])s->caller;
    d->callback_bone[d->callbacks] = bone;
    for (int i = 0; i < 4; i++) {
        rm_vec3x row = {matrix[i][0], matrix[i][1], matrix[i][2]};
        rm_vec3x v = i < 3 ? rm_3d_rotate_vector(c, row) : rm_3d_transform_point(c, row);
        d->matrix[d->callbacks][i][0] = v.x;
        d->matrix[d->callbacks][i][1] = v.y;
        d->matrix[d->callbacks][i][2] = v.z;
    }
    d->callbacks++;
}

void ps_draw_model(const ps_pose *pose, int set_mask, unsigned int mask, int caller, int with_callback, ps_draw *out)
{
    rm_3d_matrix c;
    rm_3d_pose r;
    rm_3d_collect col;
    memset(out, 0, sizeof *out);
    caller_matrix(caller, c);
    if (pose)
        to_rm(pose, &r);
    if (set_mask)
        rm_3d_model_set_hidden_bones(model, mask);
    rm_3d_collect_init(&col);
    rm_3d_draw_target t = rm_3d_collect_target(&col);
    callback_state s = {out, c};
    if (rm_3d_model_draw_pose(model, pose ? &r : NULL, with_callback ? on_bone : NULL, &s, &t) != RM_OK) {
        fprintf(stderr, "engine_pose_host: draw failed\n");
        exit(1);
    }
    out->has_normal = ps_turns_normals();
    /* The engine draws a model without bones with its points as they are,
       under caller x translate(root); a model with bones with the posed
       points under the caller's matrix. */
    rm_3d_matrix put;
    memcpy(put, c, sizeof put);
    bool no_bones = rm_3d_model_bone_count(model) == 0;
    if (no_bones)
        rm_3d_matrix_translate(put, pose ? r.root : (rm_vec3x){0, 0, 0});
    const rm_fixed (*pm)[3] = (const rm_fixed (*)[3])put;
    for (uint32_t i = 0; i < col.polygon_count && i < PS_MAX_POLYGONS; i++) {
        const rm_3d_draw_polygon *p = &col.polygons[i];
        ps_polygon *q = &out->polygon[i];
        q->index = p->index;
        for (int k = 0; k < 4; k++) {
            rm_vec3x at = no_bones ? rm_3d_model_point(model, p->v[k]) : col.points[p->v[k]];
            if (no_bones && caller == 0) {
                /* the runtime's own posed point must be that corner: p + root */
                rm_vec3x own = col.points[p->v[k]], mine = rm_3d_transform_point(pm, at);
                if (own.x != mine.x || own.y != mine.y || own.z != mine.z)
                    printf("MISMATCH host posed point %u\n", p->v[k]);
            }
            rm_vec3x v = rm_3d_transform_point(pm, at);
            q->corners[k][0] = v.x;
            q->corners[k][1] = v.y;
            q->corners[k][2] = v.z;
        }
        q->normal[0] = p->normal.x;
        q->normal[1] = p->normal.y;
        q->normal[2] = p->normal.z;
        /* The runs of consecutive polygons: one SGL call each. */
        if (i == 0 || p->index != col.polygons[i - 1].index + 1)
            out->put_length[out->puts++] = 0;
        out->put_length[out->puts - 1]++;
    }
    out->polygons = col.polygon_count < PS_MAX_POLYGONS ? col.polygon_count : PS_MAX_POLYGONS;
    rm_3d_collect_free(&col);
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    int copy = 0;
    long zero = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--copy") == 0)
            copy = 1;
        else if (strcmp(argv[i], "--zero-ticks") == 0 && i + 1 < argc)
            zero = strtol(argv[++i], NULL, 10);
        else
            path = argv[i];
    }
    if (!path) {
        fprintf(stderr, "usage: engine_pose_host FILE.JOM [--copy] [--zero-ticks N]\n");
        return 2;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    static unsigned char data[1 << 20];
    size_t size = fread(data, 1, sizeof data, f);
    fclose(f);
    if (zero >= 0 && !ps_patch_zero_ticks(data, (unsigned int)size, (unsigned int)zero)) {
        fprintf(stderr, "%s: no animation %ld\n", path, zero);
        return 1;
    }
    rm_diag diag;
    rm_diag_init(&diag);
    model = copy ? rm_3d_create_model_from_memory(data, size, path, &diag)
                 : rm_3d_create_model_in_place(data, size, path, &diag);
    if (!model) {
        rm_diag_print(&diag, stderr, 1);
        rm_diag_free(&diag);
        return 1;
    }
    const char *base = strrchr(path, '/');
    ps_run(base ? base + 1 : path);
    rm_3d_free_model(model);
    rm_diag_free(&diag);
    return 0;
}
