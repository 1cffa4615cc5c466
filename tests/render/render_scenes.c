/* tests/render/render_scenes.c - see render_scenes.h. */
#include "render_scenes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/mesh.h"

const double SQUARE[4][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
const double TOWARD[3] = {0, 0, -1};

static void *grow(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        abort();
    return q;
}

static rm_fixed fx(double v)
{
    rm_fixed f = 0;
    if (!rm_fixed_from_double(v, &f))
        abort();
    return f;
}

void sb_init(scene_builder *b)
{
    rm_jom_init(&b->m);
}

uint16_t sb_material(scene_builder *b, uint8_t r, uint8_t g, uint8_t bl, uint32_t flags, int16_t texture)
{
    rm_jom_model *m = &b->m;
    m->materials = grow(m->materials, (m->material_count + 1) * sizeof *m->materials);
    rm_jom_material *mat = &m->materials[m->material_count];
    memset(mat, 0, sizeof *mat);
    snprintf(mat->name, sizeof mat->name, "M%u", m->material_count);
    mat->r = r;
    mat->g = g;
    mat->b = bl;
    mat->flags = flags;
    mat->texture = texture;
    return (uint16_t)m->material_count++;
}

void sb_quad(scene_builder *b, const double p[4][3], const double normal[3], uint16_t material)
{
    rm_jom_model *m = &b->m;
    bool tri = memcmp(p[2], p[3], sizeof p[2]) == 0;
    uint32_t first = m->point_count, n = tri ? 3 : 4;
    m->points = grow(m->points, (m->point_count + n) * sizeof *m->points);
    for (uint32_t k = 0; k < n; k++)
        m->points[first + k] = (rm_vec3x){fx(p[k][0]), fx(p[k][1]), fx(p[k][2])};
    m->point_count += n;
    m->polygons = grow(m->polygons, (m->polygon_count + 1) * sizeof *m->polygons);
    m->polygon_materials = grow(m->polygon_materials, (m->polygon_count + 1) * sizeof(uint16_t));
    rm_jom_polygon *q = &m->polygons[m->polygon_count];
    q->normal = (rm_vec3x){fx(normal[0]), fx(normal[1]), fx(normal[2])};
    for (uint32_t k = 0; k < 4; k++)
        q->v[k] = (uint16_t)(first + (k < n ? k : 2));
    m->polygon_materials[m->polygon_count++] = material;
}

int16_t sb_texture(scene_builder *b, const char *name, uint16_t w, uint16_t h, const uint16_t *texels)
{
    rm_jom_model *m = &b->m;
    m->texture_images = grow(m->texture_images, (m->texture_image_count + 1) * sizeof *m->texture_images);
    rm_jom_texture *t = &m->texture_images[m->texture_image_count++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    t->width = w;
    t->height = h;
    t->pixel_size = (uint32_t)w * h * 2;
    t->pixels = grow(NULL, t->pixel_size);
    for (size_t i = 0; i < (size_t)w * h; i++) {
        t->pixels[2 * i] = (uint8_t)(texels[i] >> 8);       /* big endian */
        t->pixels[2 * i + 1] = (uint8_t)texels[i];
    }
    m->textures = grow(m->textures, (m->texture_count + 1) * sizeof *m->textures);
    memset(m->textures[m->texture_count], 0, 16);
    snprintf(m->textures[m->texture_count], 16, "%s", name);
    return (int16_t)m->texture_count++;
}

void sb_gouraud(scene_builder *b, const uint16_t *table)
{
    rm_jom_model *m = &b->m;
    m->has_vertex_colors = true;
    m->vertex_colors = grow(NULL, m->point_count * sizeof *m->vertex_colors);
    for (uint32_t i = 0; i < m->point_count; i++)
        m->vertex_colors[i] = (rm_vec3x){ONE, ONE, ONE};
    m->has_gouraud = true;
    m->gouraud = grow(NULL, (size_t)m->polygon_count * 4 * sizeof(uint16_t));
    memcpy(m->gouraud, table, (size_t)m->polygon_count * 4 * sizeof(uint16_t));
}

void sb_finish(scene_builder *b, rm_render_scene *out)
{
    rm_jom_model *m = &b->m;
    double r2 = 0;
    for (uint32_t i = 0; i < m->point_count; i++) {
        double x = rm_fixed_to_double(m->points[i].x), y = rm_fixed_to_double(m->points[i].y),
               z = rm_fixed_to_double(m->points[i].z);
        if (x * x + y * y + z * z > r2)
            r2 = x * x + y * y + z * z;
    }
    m->radius = fx(sqrt(r2));
    rm_diag d;
    rm_diag_init(&d);
    if (rm_render_scene_from_jom(m, "scene", NULL, out, &d) != RM_OK) {
        rm_diag_print(&d, stderr, 1);
        abort();
    }
    rm_diag_free(&d);
    rm_jom_free(m);
}

void scene_textured(rm_render_scene *s, uint32_t flags)
{
    uint16_t tex[16];
    for (int i = 0; i < 16; i++)
        tex[i] = TEX_GRAY;
    tex[0] = TEX_RED;
    tex[7] = TEX_GREEN;
    tex[8] = TEX_BLUE;
    tex[15] = TEX_WHITE;
    tex[3] = 0;
    scene_builder b;
    sb_init(&b);
    int16_t t = sb_texture(&b, "FLIP.BIN", 8, 2, tex);
    sb_quad(&b, SQUARE, TOWARD, sb_material(&b, 255, 255, 255, flags, t));
    sb_finish(&b, s);
}

/* ---- The golden scenes (drawn at 96 x 72, distance 4) -------------------- */

static void base(rm_render_options *opt, rm_3d_pose *pose, uint32_t *hidden)
{
    rm_render_options_default(opt);
    opt->width = 96;
    opt->height = 72;
    opt->distance = 4.0;
    (void)pose;
    *hidden = 0;
}

static void g_flat(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    base(o, p, h);
    o->yaw = 30;
    o->pitch = 20;
    scene_builder b;
    sb_init(&b);
    sb_quad(&b, SQUARE, TOWARD, sb_material(&b, 255, 0, 0, RM_MAT_DUAL_PLANE, -1));
    sb_finish(&b, s);
}

static void g_tex(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h, uint32_t flags)
{
    base(o, p, h);
    o->yaw = 20;
    scene_textured(s, flags);
}
static void g_tex0(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h) { g_tex(s, o, p, h, 0); }
static void g_texh(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    g_tex(s, o, p, h, RM_MAT_FLIP_H);
}
static void g_texv(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    g_tex(s, o, p, h, RM_MAT_FLIP_V);
}
static void g_texhv(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    g_tex(s, o, p, h, RM_MAT_FLIP_H | RM_MAT_FLIP_V);
}

static void g_triangle(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    base(o, p, h);
    uint16_t tex[16];
    for (int i = 0; i < 16; i++)
        tex[i] = (uint16_t)(0x8000u | (i < 8 ? (unsigned)(i * 4) : (unsigned)((i - 8) * 4) << 10));
    scene_builder b;
    sb_init(&b);
    int16_t t = sb_texture(&b, "TRI.BIN", 8, 2, tex);
    const double tri[4][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {1, 1, 0}};
    sb_quad(&b, tri, TOWARD, sb_material(&b, 255, 255, 255, 0, t));
    sb_finish(&b, s);
}

static void g_gouraud(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    base(o, p, h);
    scene_builder b;
    sb_init(&b);
    sb_quad(&b, SQUARE, TOWARD, sb_material(&b, 132, 132, 132, RM_MAT_GOURAUD, -1));
    /* A: red +15, B: green +15, C: all -16, D: blue +15. */
    const uint16_t table[4] = {rm_rgb555(31, 16, 16), rm_rgb555(16, 31, 16), rm_rgb555(0, 0, 0),
                               rm_rgb555(16, 16, 31)};
    sb_gouraud(&b, table);
    sb_finish(&b, s);
}

/* Two overlapping quads: an opaque red one behind, a half-transparent
   (or screen-door) blue one in front. */
static void two_layers(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h, uint32_t flags)
{
    base(o, p, h);
    scene_builder b;
    sb_init(&b);
    const double back[4][3] = {{-1, -1, 1}, {0.5, -1, 1}, {0.5, 0.5, 1}, {-1, 0.5, 1}};
    const double front[4][3] = {{-0.5, -0.5, 0}, {1, -0.5, 0}, {1, 1, 0}, {-0.5, 1, 0}};
    sb_quad(&b, back, TOWARD, sb_material(&b, 255, 0, 0, 0, -1));
    sb_quad(&b, front, TOWARD, sb_material(&b, 0, 0, 255, flags, -1));
    sb_finish(&b, s);
}
static void g_half(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    two_layers(s, o, p, h, RM_MAT_HALF_TRANSPARENT);
}
static void g_doors(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    two_layers(s, o, p, h, RM_MAT_SCREEN_DOORS);
}

/* P tilted from z 0 (top) to z 4 (bottom), Q facing the eye at z 1.5: at
   the center of the screen Q is nearer. Center sort draws Q over P; P
   with sort_min (depth 0 + d) is drawn last, over Q. */
void scene_sort(rm_render_scene *s, uint32_t p_flags);
void scene_sort(rm_render_scene *s, uint32_t p_flags)
{
    scene_builder b;
    sb_init(&b);
    const double pq[4][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 4}, {-1, 1, 4}};
    const double qq[4][3] = {{-0.5, -0.5, 1.5}, {0.5, -0.5, 1.5}, {0.5, 0.5, 1.5}, {-0.5, 0.5, 1.5}};
    sb_quad(&b, pq, TOWARD, sb_material(&b, 255, 255, 0, RM_MAT_DUAL_PLANE | p_flags, -1));
    sb_quad(&b, qq, TOWARD, sb_material(&b, 0, 255, 255, 0, -1));
    sb_finish(&b, s);
}
static void g_sort_center(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    base(o, p, h);
    o->distance = 6.0;
    scene_sort(s, 0);
}
static void g_sort_min(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    base(o, p, h);
    o->distance = 6.0;
    scene_sort(s, RM_MAT_SORT_MIN);
}

/* A bar on a bone "arm" (pivot at the origin), turned 90 degrees around Z
   by the key of animation "up". */
void scene_posed(rm_render_scene *s);
void scene_posed(rm_render_scene *s)
{
    scene_builder b;
    sb_init(&b);
    const double bar[4][3] = {{0, -0.25, 0}, {2, -0.25, 0}, {2, 0.25, 0}, {0, 0.25, 0}};
    const double hub[4][3] = {{-0.5, -0.5, 0.1}, {0, -0.5, 0.1}, {0, 0.5, 0.1}, {-0.5, 0.5, 0.1}};
    sb_quad(&b, hub, TOWARD, sb_material(&b, 255, 255, 255, RM_MAT_DUAL_PLANE, -1));
    sb_quad(&b, bar, TOWARD, sb_material(&b, 255, 128, 0, RM_MAT_DUAL_PLANE, -1));
    rm_jom_model *m = &b.m;
    m->has_groups = true;
    m->group_count = 2;
    m->groups = grow(NULL, 2 * sizeof *m->groups);
    memset(m->groups, 0, 2 * sizeof *m->groups);
    m->groups[0] = (rm_jom_group){"hub", 0, 4, 0, 1};
    m->groups[1] = (rm_jom_group){"arm", 4, 4, 1, 1};
    m->has_skeleton = true;
    m->bone_count = 1;
    m->bones = grow(NULL, sizeof *m->bones);
    memset(m->bones, 0, sizeof *m->bones);
    snprintf(m->bones[0].name, 16, "arm");
    m->bones[0].group = 1;
    m->bones[0].parent = -1;
    m->animation_count = 1;
    m->animations = grow(NULL, sizeof *m->animations);
    memset(m->animations, 0, sizeof *m->animations);
    snprintf(m->animations[0].name, 16, "up");
    m->animations[0].key_count = 1;
    m->animations[0].key_ticks = 10;
    m->animations[0].keys = grow(NULL, sizeof(rm_jom_key));
    memset(m->animations[0].keys, 0, sizeof(rm_jom_key));
    m->animations[0].keys[0].angles[0][2] = 16384;     /* 90 degrees around Z */
    sb_finish(&b, s);
}
static void g_posed(rm_render_scene *s, rm_render_options *o, rm_3d_pose *p, uint32_t *h)
{
    base(o, p, h);
    o->distance = 6.0;
    scene_posed(s);
    rm_3d_model_get_pose(s->model, 0, 0, p);
}

const golden_scene GOLDEN_SCENES[] = {
    {"flat", g_flat},           {"textured", g_tex0},         {"flip_h", g_texh},
    {"flip_v", g_texv},         {"flip_hv", g_texhv},         {"triangle", g_triangle},
    {"gouraud", g_gouraud},     {"half", g_half},             {"doors", g_doors},
    {"sort_center", g_sort_center}, {"sort_min", g_sort_min}, {"posed", g_posed},
};
const int GOLDEN_SCENE_COUNT = (int)(sizeof GOLDEN_SCENES / sizeof GOLDEN_SCENES[0]);
