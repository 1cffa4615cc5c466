/* tests/formats/jom/jom_models.c - see jom_models.h. */
#include "jom_models.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ONE 0x10000

static void *dup_bytes(const void *src, size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        abort();
    memcpy(p, src, n);
    return p;
}
#define DUP(array) dup_bytes((array), sizeof(array))

static void *zalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p)
        abort();
    return p;
}

void jom_set_name(char name[16], const char *s)
{
    memset(name, 0, 16);
    memcpy(name, s, strlen(s) < 15 ? strlen(s) : 15);
}

void jom_model_cube(rm_jom_model *m)
{
    static const rm_vec3x points[8] = {
        {-ONE, -ONE, -ONE}, {ONE, -ONE, -ONE}, {ONE, ONE, -ONE}, {-ONE, ONE, -ONE},
        {-ONE, -ONE, ONE},  {ONE, -ONE, ONE},  {ONE, ONE, ONE},  {-ONE, ONE, ONE},
    };
    static const rm_jom_polygon polygons[6] = {
        {{0, 0, -ONE}, {0, 1, 2, 3}},
        {{0, 0, ONE}, {5, 4, 7, 6}},
        {{-ONE, 0, 0}, {4, 0, 3, 7}},
        {{ONE, 0, 0}, {1, 5, 6, 2}},
        {{0, -ONE, 0}, {4, 5, 1, 0}},
        {{0, ONE, 0}, {3, 2, 6, 7}},
    };
    static const uint16_t qmat[6] = {0, 0, 1, 1, 0, 1};
    static const rm_vec3x normals[6] = {
        {0, 0, -ONE}, {0, 0, ONE}, {-ONE, 0, 0}, {ONE, 0, 0}, {0, -ONE, 0}, {0, ONE, 0},
    };
    rm_jom_init(m);
    m->center = (rm_vec3x){0, 0, 0};
    m->radius = 0x0001BB68;   /* sqrt(3) = 1.7320508 -> 113511.7 -> 113512 */

    m->point_count = 8;
    m->points = DUP(points);
    m->polygon_count = 6;
    m->polygons = DUP(polygons);
    m->polygon_materials = DUP(qmat);

    m->material_count = 2;
    m->materials = zalloc(2 * sizeof *m->materials);
    jom_set_name(m->materials[0].name, "RED");
    m->materials[0].r = 255;
    m->materials[0].shine = 10;
    m->materials[0].texture = -1;
    m->materials[0].flags = RM_JOM_TEST_FLAGS_RED;
    jom_set_name(m->materials[1].name, "WALL");
    m->materials[1].r = 128;
    m->materials[1].g = 128;
    m->materials[1].b = 128;
    m->materials[1].texture = 0;
    m->materials[1].subdivision_error = 4;
    m->materials[1].flags = RM_JOM_TEST_FLAGS_WALL;
    m->materials[1].user = 0x12345678;

    m->texture_count = 1;
    m->textures = zalloc(16);
    jom_set_name(m->textures[0], "WALL.BIN");

    m->has_normals = true;
    m->normal_count = 6;
    m->normals = DUP(normals);
    m->corner_normals = zalloc(24 * sizeof(uint16_t));
    for (int i = 0; i < 24; i++)
        m->corner_normals[i] = (uint16_t)(i / 4);   /* each polygon: its own normal */

    m->has_vertex_colors = true;
    m->vertex_colors = zalloc(8 * sizeof(rm_vec3x));
    for (int i = 0; i < 8; i++) {
        m->vertex_colors[i].x = (i & 1) ? ONE : 0;
        m->vertex_colors[i].y = (i & 2) ? 0x8000 : 0;
        m->vertex_colors[i].z = (i & 4) ? ONE : 0;
    }
    m->has_gouraud = true;
    m->gouraud = zalloc(24 * sizeof(uint16_t));
    static const uint16_t lit[4] = {0xC210, 0x801F, 0x83E0, 0xFC00};
    for (int p = 0; p < 6; p++)
        if (qmat[p] == 0)   /* polygons of RED, the gouraud material */
            memcpy(m->gouraud + 4 * p, lit, sizeof lit);

    m->has_groups = true;
    m->group_count = 2;
    m->groups = zalloc(2 * sizeof *m->groups);
    jom_set_name(m->groups[0].name, "BODY");
    /* Every point of the cube is used by both groups: neither has points of
       its own (seed 000: a group's points are those only its polygons use). */
    m->groups[0].first_point = 0;
    m->groups[0].point_count = 0;
    m->groups[0].first_polygon = 0;
    m->groups[0].polygon_count = 3;
    jom_set_name(m->groups[1].name, "LID");
    m->groups[1].first_point = 4;
    m->groups[1].point_count = 0;
    m->groups[1].first_polygon = 3;
    m->groups[1].polygon_count = 3;

    m->has_skeleton = true;
    m->bone_count = 2;
    m->bones = zalloc(2 * sizeof *m->bones);
    jom_set_name(m->bones[0].name, "ROOT");
    m->bones[0].group = 0;
    m->bones[0].parent = -1;
    jom_set_name(m->bones[1].name, "LID");
    m->bones[1].group = 1;
    m->bones[1].parent = 0;
    m->bones[1].pivot = (rm_vec3x){0, -ONE, ONE};

    m->animation_count = 1;
    m->animations = zalloc(sizeof *m->animations);
    rm_jom_animation *a = &m->animations[0];
    jom_set_name(a->name, "OPEN");
    a->key_count = 2;
    a->key_ticks = 30;
    a->flags = RM_JOM_ANIMATION_LOOP;
    a->keys = zalloc(2 * sizeof *a->keys);
    a->keys[1].root = (rm_vec3x){0, -0x8000, 0};   /* -0.5 */
    a->keys[1].angles[1][0] = 0x2000;              /* 45 degrees */
    a->keys[1].angles[1][2] = -0x4000;             /* -90 degrees */
}

void jom_model_triangle(rm_jom_model *m)
{
    static const rm_vec3x points[3] = {{0, 0, 0}, {ONE, 0, 0}, {0, ONE, 0}};
    rm_jom_init(m);
    m->center = (rm_vec3x){0x8000, 0x8000, 0};   /* 0.5 0.5 0 */
    m->radius = 0xB505;                          /* sqrt(0.5) = 0.70711 -> 46340.95 -> 46341 */
    m->point_count = 3;
    m->points = DUP(points);
    m->polygon_count = 1;
    m->polygons = zalloc(sizeof *m->polygons);
    m->polygons[0].normal = (rm_vec3x){0, 0, -ONE};
    m->polygons[0].v[0] = 0;
    m->polygons[0].v[1] = 1;
    m->polygons[0].v[2] = 2;
    m->polygons[0].v[3] = 2;   /* a triangle */
    m->polygon_materials = zalloc(sizeof(uint16_t));
    m->material_count = 1;
    m->materials = zalloc(sizeof *m->materials);
    jom_set_name(m->materials[0].name, "GREEN");
    m->materials[0].g = 200;
    m->materials[0].texture = -1;
}

void jom_model_textured(rm_jom_model *m)
{
    jom_model_triangle(m);
    m->texture_image_count = 2;
    m->texture_images = zalloc(2 * sizeof *m->texture_images);
    rm_jom_texture *t = &m->texture_images[0];
    jom_set_name(t->name, "RGB_0A1B2C.BIN");
    t->width = 8;
    t->height = 1;
    t->format = 0;
    t->pixel_size = 16;   /* 8 x 1 x 2 */
    t->pixels = zalloc(16);
    for (int i = 0; i < 8; i++) {   /* pixel i: 0x8000 | i (big endian) */
        t->pixels[2 * i] = 0x80;
        t->pixels[2 * i + 1] = (uint8_t)i;
    }
    t = &m->texture_images[1];
    jom_set_name(t->name, "LUT_3D4E5F.BIN");
    t->width = 8;
    t->height = 1;
    t->format = 1;
    t->pixel_size = 36;   /* 32 (16 colors) + 8 x 1 / 2 */
    t->pixels = zalloc(36);
    for (int c = 1; c < 16; c++) {   /* color c: 0x8000 | c (color 0 stays transparent) */
        t->pixels[2 * c] = 0x80;
        t->pixels[2 * c + 1] = (uint8_t)c;
    }
    t->pixels[32] = 0x01;
    t->pixels[33] = 0x23;
    t->pixels[34] = 0x45;
    t->pixels[35] = 0x67;
    m->texture_count = 2;
    m->textures = zalloc(2 * 16);
    jom_set_name(m->textures[0], "RGB_0A1B2C.BIN");
    jom_set_name(m->textures[1], "LUT_3D4E5F.BIN");
    m->materials[0].texture = 1;
}

void jom_model_skeleton(rm_jom_model *m, uint32_t bones, uint32_t animations)
{
    jom_model_triangle(m);
    m->has_skeleton = true;
    m->bone_count = bones;
    m->bones = zalloc(bones * sizeof *m->bones);
    for (uint32_t b = 0; b < bones; b++) {
        char name[16];
        snprintf(name, sizeof name, "B%u", b);
        jom_set_name(m->bones[b].name, name);
        m->bones[b].group = RM_JOM_BONE_NO_GROUP;
        m->bones[b].parent = (int16_t)((int)b - 1);
        m->bones[b].pivot = (rm_vec3x){(rm_fixed)b * 0x4000, -(rm_fixed)b, 7};
    }
    m->animation_count = animations;
    m->animations = zalloc(animations * sizeof *m->animations);
    for (uint32_t i = 0; i < animations; i++) {
        rm_jom_animation *a = &m->animations[i];
        char name[16];
        snprintf(name, sizeof name, "ANIM%u", i);
        jom_set_name(a->name, name);
        a->key_count = (uint16_t)(1 + i % 3);
        a->key_ticks = (uint16_t)(5 * (i + 1));
        a->flags = (uint16_t)(i & 1);
        a->keys = zalloc(a->key_count * sizeof *a->keys);
        for (uint32_t k = 0; k < a->key_count; k++) {
            a->keys[k].root = (rm_vec3x){(rm_fixed)k, (rm_fixed)(i << 16), -(rm_fixed)k};
            for (uint32_t b = 0; b < bones && b < RM_JOM_MAX_BONES; b++)
                for (int j = 0; j < 3; j++)
                    a->keys[k].angles[b][j] =
                        (int16_t)((int32_t)((b * 1000 + k * 100 + (uint32_t)j * 7 + i) * 37u % 65536u) - 32768);
        }
    }
}

/* The cube's chunks on a grid of side x side quads (see jom_models.h). */
void jom_model_grid(rm_jom_model *m, uint32_t side)
{
    jom_model_cube(m);
    uint32_t np = (side + 1) * (side + 1), n = side * side;
    rm_vec3x *pts = zalloc(np * sizeof *pts);
    rm_vec3x *vc = zalloc(np * sizeof *vc);
    rm_jom_polygon *q = zalloc(n * sizeof *q);
    uint16_t *qm = zalloc(n * sizeof *qm), *cn = zalloc(4u * n * sizeof *cn), *gr = zalloc(4u * n * sizeof *gr);
    for (uint32_t y = 0; y <= side; y++)
        for (uint32_t x = 0; x <= side; x++) {
            pts[y * (side + 1) + x] = (rm_vec3x){(rm_fixed)(x * 1024), (rm_fixed)(y * 1024), 0};
            vc[y * (side + 1) + x] = (rm_vec3x){ONE, (rm_fixed)(x * 256), (rm_fixed)(y * 256)};
        }
    for (uint32_t y = 0; y < side; y++)
        for (uint32_t x = 0; x < side; x++) {
            uint32_t i = y * side + x;
            rm_jom_polygon *p = &q[i];
            p->normal = (rm_vec3x){0, 0, ONE};
            p->v[0] = (uint16_t)(y * (side + 1) + x);
            p->v[1] = (uint16_t)(p->v[0] + 1);
            p->v[2] = (uint16_t)(p->v[1] + side + 1);
            p->v[3] = (uint16_t)(p->v[0] + side + 1);
            qm[i] = (uint16_t)((x + y) & 1u);
            for (uint32_t k = 0; k < 4; k++) {
                cn[4 * i + k] = (uint16_t)((i + k) % 6u);
                gr[4 * i + k] = (uint16_t)(0x8000u | ((i * 4 + k) & 0x7fffu));
            }
        }
    free(m->points);
    free(m->vertex_colors);
    free(m->polygons);
    free(m->polygon_materials);
    free(m->corner_normals);
    free(m->gouraud);
    m->point_count = np;
    m->points = pts;
    m->vertex_colors = vc;
    m->polygon_count = n;
    m->polygons = q;
    m->polygon_materials = qm;
    m->corner_normals = cn;
    m->gouraud = gr;
    m->center = (rm_vec3x){(rm_fixed)(side * 512), (rm_fixed)(side * 512), 0};
    m->radius = (rm_fixed)(side * 768 + ONE);
    /* BODY: the first half of the polygons, LID the rest; LID owns the
       points of the last row, which only its polygons use. */
    m->groups[0].first_point = 0;
    m->groups[0].point_count = 0;
    m->groups[0].first_polygon = 0;
    m->groups[0].polygon_count = (uint16_t)(n / 2);
    m->groups[1].first_point = (uint16_t)(np - (side + 1));
    m->groups[1].point_count = (uint16_t)(side + 1);
    m->groups[1].first_polygon = (uint16_t)(n / 2);
    m->groups[1].polygon_count = (uint16_t)(n - n / 2);
}

uint8_t *jom_write_or_die(const rm_jom_model *m, size_t *size)
{
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = NULL;
    if (rm_jom_write(m, &data, size, &d) != RM_OK) {
        jom_dump_messages(&d);
        abort();
    }
    rm_diag_free(&d);
    return data;
}

int jom_has_message(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].text, text) == 0)
            return 1;
    fprintf(stderr, "message not found: %s\nmessages:\n", text);
    jom_dump_messages(d);
    return 0;
}

void jom_dump_messages(const rm_diag *d)
{
    for (size_t i = 0; i < d->count; i++)
        fprintf(stderr, "  %s\n", d->items[i].text);
}

size_t jom_split(const uint8_t *file, size_t size, jom_piece *out, size_t max)
{
    size_t pos = 24, n = 0;
    while (pos + 8 <= size && n < max) {
        size_t len = (size_t)file[pos + 4] << 24 | (size_t)file[pos + 5] << 16 | (size_t)file[pos + 6] << 8 |
                     file[pos + 7];
        memcpy(out[n].tag, file + pos, 4);
        out[n].data = file + pos + 8;
        out[n].size = len;
        n++;
        pos += 8 + len;
    }
    return n;
}

int jom_find(const jom_piece *p, size_t n, const char tag[4])
{
    for (size_t i = 0; i < n; i++)
        if (memcmp(p[i].tag, tag, 4) == 0)
            return (int)i;
    return -1;
}

void jom_remove(jom_piece *p, size_t *n, size_t i)
{
    memmove(p + i, p + i + 1, (*n - i - 1) * sizeof *p);
    (*n)--;
}

void jom_insert(jom_piece *p, size_t *n, size_t i, jom_piece piece)
{
    memmove(p + i + 1, p + i, (*n - i) * sizeof *p);
    p[i] = piece;
    (*n)++;
}

void jom_put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

void jom_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

uint8_t *jom_join(const uint8_t *file, const jom_piece *p, size_t n, size_t *size)
{
    size_t total = 24;
    for (size_t i = 0; i < n; i++)
        total += 8 + p[i].size;
    uint8_t *out = malloc(total);
    if (!out)
        abort();
    memcpy(out, file, 24);
    size_t pos = 24;
    for (size_t i = 0; i < n; i++) {
        memcpy(out + pos, p[i].tag, 4);
        jom_put32(out + pos + 4, (uint32_t)p[i].size);
        if (p[i].size)
            memcpy(out + pos + 8, p[i].data, p[i].size);
        pos += 8 + p[i].size;
    }
    *size = total;
    return out;
}
