/* tests/runtime/cd_fixtures.c - see cd_fixtures.h. */
#include "cd_fixtures.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "retromesh/diag.h"
#include "retromesh/fileio.h"
#include "retromesh/image.h"

static void *zalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p)
        abort();
    return p;
}

static void set_name(char name[16], const char *s)
{
    memset(name, 0, 16);
    memcpy(name, s, strlen(s) < 15 ? strlen(s) : 15);
}

char *cdt_make_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    char buf[512];
    snprintf(buf, sizeof buf, "%s/rm_cd.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(buf))
        abort();
    char *dir = zalloc(strlen(buf) + 1);
    strcpy(dir, buf);
    return dir;
}

void cdt_remove_dir(char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
    free(dir);
}

void cdt_model(rm_jom_model *m, uint32_t quads, const uint16_t *qmat, uint32_t mats, const int16_t *mat_tex,
               const uint32_t *mat_flags, uint32_t texts, const char *const *names, const uint16_t *gour)
{
    rm_jom_init(m);
    m->center = (rm_vec3x){(rm_fixed)quads * CDT_ONE, CDT_ONE / 2, 0};
    m->radius = (rm_fixed)(quads + 1) * 2 * CDT_ONE;
    m->point_count = quads * 4;
    m->points = zalloc((size_t)m->point_count * sizeof *m->points);
    m->polygon_count = quads;
    m->polygons = zalloc((size_t)quads * sizeof *m->polygons);
    m->polygon_materials = zalloc((size_t)quads * sizeof *m->polygon_materials);
    for (uint32_t k = 0; k < quads; k++) {
        rm_fixed x = (rm_fixed)(2 * k) * CDT_ONE;
        m->points[4 * k + 0] = (rm_vec3x){x, 0, 0};
        m->points[4 * k + 1] = (rm_vec3x){x + CDT_ONE, 0, 0};
        m->points[4 * k + 2] = (rm_vec3x){x + CDT_ONE, CDT_ONE, 0};
        m->points[4 * k + 3] = (rm_vec3x){x, CDT_ONE, 0};
        m->polygons[k].normal = (rm_vec3x){0, 0, -CDT_ONE};
        for (int c = 0; c < 4; c++)
            m->polygons[k].v[c] = (uint16_t)(4 * k + (uint32_t)c);
        m->polygon_materials[k] = qmat ? qmat[k] : 0;
    }
    m->material_count = mats;
    m->materials = zalloc((size_t)mats * sizeof *m->materials);
    for (uint32_t i = 0; i < mats; i++) {
        char n[16];
        snprintf(n, sizeof n, "M%u", (unsigned)i);
        set_name(m->materials[i].name, n);
        m->materials[i].r = 200;
        m->materials[i].g = 100;
        m->materials[i].b = 50;
        m->materials[i].texture = mat_tex ? mat_tex[i] : -1;
        m->materials[i].flags = mat_flags ? mat_flags[i] : 0;
    }
    if (texts) {
        m->texture_count = texts;
        m->textures = zalloc((size_t)texts * 16);
        for (uint32_t i = 0; i < texts; i++)
            set_name(m->textures[i], names[i]);
    }
    if (gour) {
        m->has_vertex_colors = true;
        m->vertex_colors = zalloc((size_t)m->point_count * sizeof *m->vertex_colors);
        for (uint32_t i = 0; i < m->point_count; i++)
            m->vertex_colors[i] = (rm_vec3x){CDT_ONE, CDT_ONE, CDT_ONE};
        m->has_gouraud = true;
        m->gouraud = zalloc((size_t)quads * 4 * sizeof *m->gouraud);
        memcpy(m->gouraud, gour, (size_t)quads * 4 * sizeof *m->gouraud);
    }
}

uint16_t cdt_texel(uint16_t seed, uint32_t w, uint32_t x, uint32_t y)
{
    return (uint16_t)(0x8000u | ((seed + y * w + x) & 0x7FFFu));
}

void cdt_add_timg(rm_jom_model *m, const char *name, uint16_t w, uint16_t h, uint16_t seed)
{
    uint32_t n = m->texture_image_count;
    rm_jom_texture *grown = realloc(m->texture_images, (size_t)(n + 1) * sizeof *grown);
    if (!grown)
        abort();
    m->texture_images = grown;
    rm_jom_texture *t = &grown[n];
    memset(t, 0, sizeof *t);
    set_name(t->name, name);
    t->width = w;
    t->height = h;
    t->format = 0;
    t->pixel_size = (uint32_t)w * h * 2;
    t->pixels = zalloc(t->pixel_size);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint16_t c = cdt_texel(seed, w, x, y);
            t->pixels[2 * (y * w + x)] = (uint8_t)(c >> 8);
            t->pixels[2 * (y * w + x) + 1] = (uint8_t)c;
        }
    m->texture_image_count = n + 1;
}

void cdt_write_file(const char *dir, const char *file, const void *data, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
        abort();
}

size_t cdt_write_model(const char *dir, const char *file, rm_jom_model *m)
{
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *bytes = NULL;
    size_t size = 0;
    if (rm_jom_write(m, &bytes, &size, &d) != RM_OK) {
        rm_diag_print(&d, stderr, 1);
        abort();
    }
    rm_diag_free(&d);
    cdt_write_file(dir, file, bytes, size);
    free(bytes);
    rm_jom_free(m);
    return size;
}

size_t cdt_write_bin(const char *dir, const char *file, uint32_t w, uint32_t h, uint16_t seed)
{
    uint16_t *px = zalloc((size_t)w * h * 2);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            px[y * w + x] = cdt_texel(seed, w, x, y);
    uint8_t *bin = NULL;
    size_t size = 0;
    if (rm_bin_encode(px, w, h, &bin, &size) != RM_OK)
        abort();
    cdt_write_file(dir, file, bin, size);
    free(bin);
    free(px);
    return size;
}
