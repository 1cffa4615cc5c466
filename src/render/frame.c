/* src/render/frame.c - one frame: the camera, the draw target that the
   runtime's draw_pose fills, back-face culling, the painter's sort and the
   VDP1 commands (docs/rendering.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "raster.h"
#include "retromesh/mesh.h"
#include "retromesh/render.h"

#define FOV_DEGREES 60.0        /* of the smaller side of the frame */
#define FIT_FILL 0.9            /* the default framing: the sphere over 90 % of it */
#define NEAR_FRACTION 0.01      /* near plane at 1 % of the distance */
#define VDP1_COORD_MAX 4095     /* 13-bit signed vertex coordinates */
#define WIRE_COLOR 0xFFFFu

static const double PI = 3.14159265358979323846;

void rm_render_options_default(rm_render_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->width = 320;
    opt->height = 240;
    /* Rays from the upper left, behind the viewer. */
    opt->light[0] = 1.0;
    opt->light[1] = 1.0;
    opt->light[2] = 1.0;
    opt->background = 0x202040;
}

static double vlen(const double v[3]) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

void rm_render_camera_make(const rm_render_scene *s, const rm_render_options *opt, rm_render_camera *cam)
{
    double yaw = opt->yaw * PI / 180.0, pitch = opt->pitch * PI / 180.0;
    double cy = cos(yaw), sy = sin(yaw), cp = cos(pitch), sp = sin(pitch);
    /* rot = Rx(pitch) * Ry(yaw): the model turned around Y first. */
    double ry[3][3] = {{cy, 0, sy}, {0, 1, 0}, {-sy, 0, cy}};
    double rx[3][3] = {{1, 0, 0}, {0, cp, -sp}, {0, sp, cp}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            cam->rot[i][j] = rx[i][0] * ry[0][j] + rx[i][1] * ry[1][j] + rx[i][2] * ry[2][j];
    rm_vec3x c = rm_3d_model_center(s->model);
    cam->center[0] = rm_fixed_to_double(c.x);
    cam->center[1] = rm_fixed_to_double(c.y);
    cam->center[2] = rm_fixed_to_double(c.z);
    double side = (double)(opt->width < opt->height ? opt->width : opt->height);
    double t = tan(FOV_DEGREES * PI / 360.0);
    cam->focal = side / 2.0 / t;
    cam->cx = (double)opt->width / 2.0;
    cam->cy = (double)opt->height / 2.0;
    double r = rm_fixed_to_double(rm_3d_model_radius(s->model));
    if (opt->distance > 0.0) {
        cam->distance = opt->distance;
    } else if (r > 0.0) {
        /* The sphere's silhouette f r / sqrt(d^2 - r^2) = FIT_FILL * side / 2. */
        double k = FIT_FILL * t;
        cam->distance = r * sqrt(1.0 + 1.0 / (k * k));
    } else {
        cam->distance = 1.0;
    }
}

bool rm_render_sphere_circle(const rm_render_scene *s, const rm_render_camera *cam, double *x, double *y,
                             double *r)
{
    double rad = rm_fixed_to_double(rm_3d_model_radius(s->model));
    double d = cam->distance;
    if (d <= rad)
        return false;
    *x = cam->cx;
    *y = cam->cy;
    *r = cam->focal * rad / sqrt(d * d - rad * rad);
    return true;
}

/* A polygon that passed culling, waiting for the sort. */
typedef struct pending {
    double depth;
    uint32_t order;
    rr_quad cmd;
} pending;

typedef struct frame_state {
    rm_render_scene *scene;
    const rm_render_options *opt;
    rm_render_camera cam;
    double light[3];            /* unit */
    double near;
    uint32_t point_count;
    double (*view)[3];          /* points in view space */
    int (*screen)[2];
    bool *usable;               /* in front of the near plane, inside the VDP1 range */
    pending *list;
    uint32_t count, capacity;
    double previous_depth;
    rm_status status;
} frame_state;

static rm_status t_points(void *user, const rm_vec3x *points, uint32_t count)
{
    frame_state *f = user;
    if (count > f->point_count) {
        free(f->view);
        free(f->screen);
        free(f->usable);
        f->view = malloc((size_t)count * sizeof *f->view);
        f->screen = malloc((size_t)count * sizeof *f->screen);
        f->usable = malloc((size_t)count * sizeof *f->usable);
        if (!f->view || !f->screen || !f->usable) {
            f->point_count = 0;
            return RM_NOMEM;
        }
    }
    f->point_count = count;
    const rm_render_camera *c = &f->cam;
    for (uint32_t i = 0; i < count; i++) {
        double p[3] = {rm_fixed_to_double(points[i].x) - c->center[0], rm_fixed_to_double(points[i].y) - c->center[1],
                       rm_fixed_to_double(points[i].z) - c->center[2]};
        double *v = f->view[i];
        for (int k = 0; k < 3; k++)
            v[k] = c->rot[k][0] * p[0] + c->rot[k][1] * p[1] + c->rot[k][2] * p[2];
        v[2] += c->distance;
        f->usable[i] = false;
        f->screen[i][0] = f->screen[i][1] = 0;
        if (v[2] >= f->near) {
            double sx = floor(c->focal * v[0] / v[2] + 0.5), sy = floor(c->focal * v[1] / v[2] + 0.5);
            if (fabs(sx) <= VDP1_COORD_MAX && fabs(sy) <= VDP1_COORD_MAX) {
                f->screen[i][0] = (int)sx + (int)c->cx;
                f->screen[i][1] = (int)sy + (int)c->cy;
                f->usable[i] = true;
            }
        }
    }
    return RM_OK;
}

/* The flat light level 0..31 (saturn-notes 5.3): 31 when the face looks
   straight into the rays, 16 at 90 degrees, 0 when it turns its back,
   linear in the angle between the two points of the table. */
static int light_level(const double n[3], const double l[3])
{
    double len = vlen(n);
    if (len == 0.0)
        return 16;
    double c = -(n[0] * l[0] + n[1] * l[1] + n[2] * l[2]) / len;
    if (c > 1.0)
        c = 1.0;
    if (c < -1.0)
        c = -1.0;
    double a = acos(c) * 180.0 / PI;
    double level = a <= 90.0 ? 31.0 - a * 15.0 / 90.0 : 16.0 - (a - 90.0) * 16.0 / 90.0;
    return (int)floor(level + 0.5);
}

static uint16_t color555(uint8_t r, uint8_t g, uint8_t b)
{
    return rm_rgb555_from_rgba(r, g, b, 255);
}

static rm_status t_polygon(void *user, const rm_3d_draw_polygon *p)
{
    frame_state *f = user;
    const rm_render_scene *s = f->scene;
    rm_jom_material mat;
    if (!rm_3d_model_material(s->model, p->material, &mat))
        return RM_OK;
    for (int k = 0; k < 4; k++)
        if (p->v[k] >= f->point_count || !f->usable[p->v[k]])
            return RM_OK;       /* past the near plane or the VDP1 range: not drawn (as SGL) */
    /* Written out (these run for every polygon, culled or not); the same
       operations in the same order as the loops they replace. */
    const double *v0 = f->view[p->v[0]], *v1 = f->view[p->v[1]], *v2 = f->view[p->v[2]], *v3 = f->view[p->v[3]];
    const double z[4] = {v0[2], v1[2], v2[2], v3[2]};
    double sum[3];
    for (int c = 0; c < 3; c++)
        sum[c] = (((0.0 + v0[c] / 4.0) + v1[c] / 4.0) + v2[c] / 4.0) + v3[c] / 4.0;
    const double nm[3] = {rm_fixed_to_double(p->normal.x), rm_fixed_to_double(p->normal.y),
                          rm_fixed_to_double(p->normal.z)};
    const double(*rot)[3] = f->cam.rot;
    const double n[3] = {rot[0][0] * nm[0] + rot[0][1] * nm[1] + rot[0][2] * nm[2],
                         rot[1][0] * nm[0] + rot[1][1] * nm[1] + rot[1][2] * nm[2],
                         rot[2][0] * nm[0] + rot[2][1] * nm[1] + rot[2][2] * nm[2]};
    /* Back face: the outward normal points away from the eye (at the origin). */
    if (!(mat.flags & RM_MAT_DUAL_PLANE) && n[0] * sum[0] + n[1] * sum[1] + n[2] * sum[2] > 0.0)
        return RM_OK;

    double depth;
    uint32_t mode = mat.flags & RM_MAT_SORT_PREVIOUS;
    if (mode == RM_MAT_SORT_PREVIOUS && f->count > 0) {
        depth = f->previous_depth;
    } else if (mode == RM_MAT_SORT_MIN) {
        depth = fmin(fmin(z[0], z[1]), fmin(z[2], z[3]));
    } else if (mode == RM_MAT_SORT_MAX) {
        depth = fmax(fmax(z[0], z[1]), fmax(z[2], z[3]));
    } else {
        depth = (z[0] + z[1] + z[2] + z[3]) / 4.0;
    }
    f->previous_depth = depth;

    if (f->count == f->capacity) {
        uint32_t cap = f->capacity ? f->capacity * 2 : 256;
        pending *grown = realloc(f->list, (size_t)cap * sizeof *grown);
        if (!grown)
            return RM_NOMEM;
        f->list = grown;
        f->capacity = cap;
    }
    pending *e = &f->list[f->count];
    memset(e, 0, sizeof *e);
    e->depth = depth;
    e->order = f->count++;
    rr_quad *q = &e->cmd;
    for (int k = 0; k < 4; k++) {
        q->x[k] = f->screen[p->v[k]][0];
        q->y[k] = f->screen[p->v[k]][1];
    }
    q->color = color555(mat.r, mat.g, mat.b);
    if (mat.texture >= 0 && (uint32_t)mat.texture < s->texture_count && s->textures[mat.texture].texels) {
        const rm_render_texture *t = &s->textures[mat.texture];
        q->tex = t->texels;
        q->tw = (int)t->width;
        q->th = (int)t->height;
    }
    q->flip_h = (mat.flags & RM_MAT_FLIP_H) != 0;
    q->flip_v = (mat.flags & RM_MAT_FLIP_V) != 0;
    q->half = (mat.flags & RM_MAT_HALF_TRANSPARENT) != 0;
    q->mesh = (mat.flags & RM_MAT_SCREEN_DOORS) != 0;
    if (mat.flags & RM_MAT_LIGHT) {
        int level = light_level(n, f->light);
        q->gouraud = true;
        for (int k = 0; k < 4; k++)
            q->g[k][0] = q->g[k][1] = q->g[k][2] = (uint8_t)level;
    } else if ((mat.flags & RM_MAT_GOURAUD) && s->gouraud) {
        q->gouraud = true;
        for (int k = 0; k < 4; k++) {
            uint16_t w = s->gouraud[(size_t)p->index * 4 + (size_t)k];
            q->g[k][0] = (uint8_t)(w & 31u);
            q->g[k][1] = (uint8_t)((w >> 5) & 31u);
            q->g[k][2] = (uint8_t)((w >> 10) & 31u);
        }
    }
    return RM_OK;
}

/* Back to front; equal depths keep the model order. The sort moves
   pointers to the entries rather than whole commands. Depths are never
   NaN (a corner with a NaN z fails the near test), so this is a total
   order and any sort gives the same sequence. */
static int by_depth(const void *a, const void *b)
{
    const pending *x = *(const pending *const *)a, *y = *(const pending *const *)b;
    if (x->depth > y->depth)
        return -1;
    if (x->depth < y->depth)
        return 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

rm_status rm_render_frame(rm_render_scene *s, const rm_3d_pose *pose, uint32_t hidden_bones,
                          const rm_render_options *opt, uint16_t *fb)
{
    if (!s || !s->model || !opt || !fb || opt->width == 0 || opt->height == 0 ||
        opt->width > RM_RENDER_MAX_SIZE || opt->height > RM_RENDER_MAX_SIZE)
        return RM_USAGE;
    frame_state f;
    memset(&f, 0, sizeof f);
    f.scene = s;
    f.opt = opt;
    rm_render_camera_make(s, opt, &f.cam);
    f.near = f.cam.distance * NEAR_FRACTION;
    double ll = vlen(opt->light);
    for (int k = 0; k < 3; k++)
        f.light[k] = ll > 0.0 ? opt->light[k] / ll : (k == 2 ? 1.0 : 0.0);

    uint32_t bg = opt->background;
    uint16_t back = color555((uint8_t)(bg >> 16), (uint8_t)(bg >> 8), (uint8_t)bg);
    /* The background: the first row, then copies of it. */
    for (uint32_t x = 0; x < opt->width; x++)
        fb[x] = back;
    for (uint32_t y = 1; y < opt->height; y++)
        memcpy(fb + (size_t)y * opt->width, fb, opt->width * sizeof *fb);

    rm_3d_draw_target target = {&f, NULL, t_points, t_polygon, NULL};
    rm_3d_model_set_hidden_bones(s->model, hidden_bones);
    /* Room for every polygon at once (t_polygon still grows the list if a
       model draws more), rather than doublings copied each frame. */
    uint32_t polygons = rm_3d_model_polygon_count(s->model);
    if (polygons > 0) {
        f.list = malloc((size_t)polygons * sizeof *f.list);
        f.capacity = f.list ? polygons : 0;
    }
    rm_status st = rm_3d_model_draw_pose(s->model, pose, NULL, NULL, &target);
    const pending **keys = NULL;
    if (st == RM_OK && f.count > 0) {
        keys = malloc((size_t)f.count * sizeof *keys);
        if (!keys)
            st = RM_NOMEM;
    }
    if (st == RM_OK) {
        for (uint32_t i = 0; i < f.count; i++)
            keys[i] = &f.list[i];
        if (f.count > 1)
            qsort(keys, f.count, sizeof *keys, by_depth);
        rr_fb out = {fb, (int)opt->width, (int)opt->height};
        for (uint32_t i = 0; i < f.count; i++) {
            const rr_quad *q = &keys[i]->cmd;
            rr_draw_quad(&out, q);
            if (opt->wire)
                for (int k = 0; k < 4; k++)
                    rr_draw_line(&out, q->x[k], q->y[k], q->x[(k + 1) & 3], q->y[(k + 1) & 3], WIRE_COLOR);
        }
    }
    free(keys);
    free(f.view);
    free(f.screen);
    free(f.usable);
    free(f.list);
    return st;
}

rm_status rm_render_frame_model(rm_3d_model *model, const rm_3d_pose *pose, uint32_t hidden_bones,
                                const rm_render_options *opt, uint16_t *fb)
{
    rm_render_scene borrowed = {model, NULL, 0, NULL};
    return rm_render_frame(&borrowed, pose, hidden_bones, opt, fb);
}

rm_status rm_render_to_image(const uint16_t *fb, uint32_t width, uint32_t height, uint32_t scale, rm_image *out)
{
    rm_image_init(out);
    if (scale == 0 || scale > 16 || width == 0 || height == 0 || width > 65535 || height > 65535)
        return RM_USAGE;
    rm_status st = rm_image_alloc(out, width * scale, height * scale);
    if (st != RM_OK)
        return st;
    for (uint32_t y = 0; y < height * scale; y++) {
        for (uint32_t x = 0; x < width * scale; x++) {
            uint16_t c = fb[(size_t)(y / scale) * width + x / scale];
            uint8_t *p = &out->rgba[((size_t)y * out->width + x) * 4];
            p[0] = (uint8_t)((c & 31u) << 3);
            p[1] = (uint8_t)(((c >> 5) & 31u) << 3);
            p[2] = (uint8_t)(((c >> 10) & 31u) << 3);
            p[3] = 255;
        }
    }
    return RM_OK;
}
