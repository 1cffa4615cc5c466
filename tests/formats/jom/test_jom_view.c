/* The validating view (jom_view_open, src/formats/jom/view.c) against the
   copying reader as it was before it (jom_read_ref.c: records decoded into
   arrays, the content rules run on the arrays): on the fixtures, the fuzz
   seeds, models built in C, every byte of two small files changed four
   ways, every truncation, and random changes of a big file, both give the
   same status and the same messages in the same order. rm_jom_read (the
   view, then the copies) gives the model the old reader gave, and the
   view's accessors read the same records. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/jom/jom_internal.h"
#include "jom_models.h"
#include "jom_read_ref.h"
#include "retromesh/fileio.h"

#define FIXTURES RM_FIXTURES "/jom"
#define SEEDS RM_FIXTURES "/../../fuzz/corpus/jom"

static size_t files_compared, files_valid, torn_groups;

static void same_messages(const rm_diag *a, const rm_diag *b)
{
    if (a->count != b->count) {
        for (size_t i = 0; i < a->count; i++)
            fprintf(stderr, "view: %s\n", a->items[i].text);
        for (size_t i = 0; i < b->count; i++)
            fprintf(stderr, "ref:  %s\n", b->items[i].text);
    }
    assert_int_equal(a->count, b->count);
    assert_int_equal(a->errors, b->errors);
    assert_int_equal(a->warnings, b->warnings);
    for (size_t i = 0; i < a->count; i++) {
        assert_int_equal(a->items[i].severity, b->items[i].severity);
        assert_string_equal(a->items[i].text, b->items[i].text);
    }
}

static void same_vecs(const rm_vec3x *a, const rm_vec3x *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(a[i].x, b[i].x);
        assert_int_equal(a[i].y, b[i].y);
        assert_int_equal(a[i].z, b[i].z);
    }
}

static void same_u16(const uint16_t *a, const uint16_t *b, uint64_t n)
{
    if (n)
        assert_memory_equal(a, b, (size_t)n * sizeof *a);
}

/* Two models read from the same bytes, field by field. */
static void same_model(const rm_jom_model *a, const rm_jom_model *b)
{
    assert_int_equal(a->version, b->version);
    same_vecs(&a->center, &b->center, 1);
    assert_int_equal(a->radius, b->radius);
    assert_int_equal(a->file_size, b->file_size);
    assert_int_equal(a->chunk_count, b->chunk_count);
    for (size_t i = 0; i < a->chunk_count; i++) {
        assert_string_equal(a->chunks[i].tag, b->chunks[i].tag);
        assert_int_equal(a->chunks[i].offset, b->chunks[i].offset);
        assert_int_equal(a->chunks[i].size, b->chunks[i].size);
        assert_int_equal(a->chunks[i].known, b->chunks[i].known);
    }
    assert_int_equal(a->texture_image_count, b->texture_image_count);
    assert_int_equal(a->texture_images == NULL, b->texture_images == NULL);
    for (uint32_t i = 0; i < a->texture_image_count; i++) {
        const rm_jom_texture *x = &a->texture_images[i], *y = &b->texture_images[i];
        assert_memory_equal(x->name, y->name, 16);
        assert_int_equal(x->width, y->width);
        assert_int_equal(x->height, y->height);
        assert_int_equal(x->format, y->format);
        assert_int_equal(x->reserved, y->reserved);
        assert_int_equal(x->pixel_size, y->pixel_size);
        assert_memory_equal(x->pixels, y->pixels, x->pixel_size);
    }
    assert_int_equal(a->point_count, b->point_count);
    same_vecs(a->points, b->points, a->point_count);
    assert_int_equal(a->polygon_count, b->polygon_count);
    if (a->polygon_count)
        assert_memory_equal(a->polygons, b->polygons, a->polygon_count * sizeof *a->polygons);
    same_u16(a->polygon_materials, b->polygon_materials, a->polygon_count);
    assert_int_equal(a->material_count, b->material_count);
    if (a->material_count)
        assert_memory_equal(a->materials, b->materials, a->material_count * sizeof *a->materials);
    assert_int_equal(a->texture_count, b->texture_count);
    if (a->texture_count)
        assert_memory_equal(a->textures, b->textures, a->texture_count * 16u);
    assert_int_equal(a->has_normals, b->has_normals);
    assert_int_equal(a->normal_count, b->normal_count);
    same_vecs(a->normals, b->normals, a->normal_count);
    if (a->has_normals)
        same_u16(a->corner_normals, b->corner_normals, 4u * (uint64_t)a->polygon_count);
    assert_int_equal(a->has_vertex_colors, b->has_vertex_colors);
    if (a->has_vertex_colors)
        same_vecs(a->vertex_colors, b->vertex_colors, a->point_count);
    assert_int_equal(a->has_gouraud, b->has_gouraud);
    if (a->has_gouraud)
        same_u16(a->gouraud, b->gouraud, 4u * (uint64_t)a->polygon_count);
    assert_int_equal(a->has_groups, b->has_groups);
    assert_int_equal(a->group_count, b->group_count);
    if (a->group_count)
        assert_memory_equal(a->groups, b->groups, a->group_count * sizeof *a->groups);
    assert_int_equal(a->has_skeleton, b->has_skeleton);
    assert_int_equal(a->bone_count, b->bone_count);
    if (a->bone_count)
        assert_memory_equal(a->bones, b->bones, a->bone_count * sizeof *a->bones);
    assert_int_equal(a->animation_count, b->animation_count);
    for (uint32_t i = 0; i < a->animation_count; i++) {
        const rm_jom_animation *x = &a->animations[i], *y = &b->animations[i];
        assert_memory_equal(x->name, y->name, 16);
        assert_int_equal(x->key_count, y->key_count);
        assert_int_equal(x->key_ticks, y->key_ticks);
        assert_int_equal(x->flags, y->flags);
        assert_int_equal(x->duplicate, y->duplicate);
        assert_int_equal(x->offset, y->offset);
        assert_memory_equal(x->keys, y->keys, x->key_count * sizeof *x->keys);
    }
}

/* The view's accessors against the arrays of the old reader. */
static void view_reads_the_records(const jom_view *v, const rm_jom_model *m)
{
    assert_int_equal(v->count[JOM_PNTS], m->point_count);
    for (uint32_t i = 0; i < m->point_count; i++) {
        rm_vec3x p = jom_view_vec(v, JOM_PNTS, i);
        same_vecs(&p, &m->points[i], 1);
    }
    assert_int_equal(v->count[JOM_QUAD], m->polygon_count);
    for (uint32_t i = 0; i < m->polygon_count; i++) {
        rm_jom_polygon p;
        jom_view_polygon(v, i, &p);
        assert_memory_equal(&p, &m->polygons[i], sizeof p);
        assert_int_equal(jom_view_u16(v, JOM_QMAT, i), m->polygon_materials[i]);
    }
    for (uint32_t i = 0; i < m->material_count; i++) {
        rm_jom_material x;
        jom_view_material(v, i, &x);
        assert_memory_equal(&x, &m->materials[i], sizeof x);
    }
    for (uint32_t i = 0; i < m->texture_count; i++)
        assert_memory_equal(jom_view_texture_name(v, i), m->textures[i], 16);
    for (uint32_t i = 0; m->has_normals && i < 4u * m->polygon_count; i++)
        assert_int_equal(jom_view_u16(v, JOM_CNRM, i), m->corner_normals[i]);
    for (uint32_t i = 0; m->has_gouraud && i < 4u * m->polygon_count; i++)
        assert_int_equal(jom_view_u16(v, JOM_GOUR, i), m->gouraud[i]);
    for (uint32_t i = 0; m->has_vertex_colors && i < m->point_count; i++) {
        rm_vec3x c = jom_view_vec(v, JOM_VCOL, i);
        same_vecs(&c, &m->vertex_colors[i], 1);
    }
    for (uint32_t i = 0; i < m->group_count; i++) {
        rm_jom_group g;
        jom_view_group(v, i, &g);
        assert_memory_equal(&g, &m->groups[i], sizeof g);
    }
    for (uint32_t i = 0; i < m->bone_count; i++) {
        rm_jom_bone b;
        jom_view_bone(v, i, &b);
        assert_memory_equal(&b, &m->bones[i], sizeof b);
    }
    for (uint32_t i = 0; i < m->animation_count; i++) {
        rm_jom_animation a;
        jom_view_animation(v, i, &a);
        assert_memory_equal(a.name, m->animations[i].name, 16);
        assert_int_equal(a.offset, m->animations[i].offset);
        assert_null(a.keys);
        for (uint32_t k = 0; k < a.key_count; k++) {
            rm_jom_key key;
            jom_view_key(v, i, k, &key);
            assert_memory_equal(&key, &m->animations[i].keys[k], sizeof key);
        }
    }
    uint64_t at = 0;
    uint32_t n = 0;
    rm_jom_texture t;
    const uint8_t *pixels;
    while (jom_view_next_texture(v, &at, &t, &pixels)) {
        assert_true(n < m->texture_image_count);
        assert_memory_equal(t.name, m->texture_images[n].name, 16);
        assert_int_equal(t.pixel_size, m->texture_images[n].pixel_size);
        assert_memory_equal(pixels, m->texture_images[n].pixels, t.pixel_size);
        n++;
    }
    assert_int_equal(n, m->texture_image_count);
    at = 0;
    size_t c = 0;
    rm_jom_chunk_info ci;
    while (jom_view_next_chunk(v, &at, &ci)) {
        assert_true(c < m->chunk_count);
        assert_string_equal(ci.tag, m->chunks[c].tag);
        assert_int_equal(ci.offset, m->chunks[c].offset);
        assert_int_equal(ci.size, m->chunks[c].size);
        c++;
    }
    assert_int_equal(c, m->chunk_count);
    assert_int_equal(v->chunk_count, m->chunk_count);
}

/* The bytes in a block of their exact size (AddressSanitizer sees any
   read past them); both paths, then rm_jom_read, on the same bytes. */
static void compare(const uint8_t *bytes, size_t size)
{
    uint8_t *data = malloc(size ? size : 1);
    assert_non_null(data);
    if (size)
        memcpy(data, bytes, size);
    rm_diag dv, dr, dn;
    rm_diag_init(&dv);
    rm_diag_init(&dr);
    rm_diag_init(&dn);
    jom_view v;
    rm_jom_model ref, now;
    rm_status sv = jom_view_open(&v, data, size, "m.jom", &dv);
    rm_status sr = jom_ref_read(data, size, "m.jom", &ref, &dr);
    rm_status sn = rm_jom_read(data, size, "m.jom", &now, &dn);
    assert_int_equal(sv, sr);
    assert_int_equal(sn, sr);
    same_messages(&dv, &dr);
    same_messages(&dn, &dr);
    for (size_t i = 0; i < dr.count; i++)
        if (strstr(dr.items[i].text, "the group's bone would tear them"))
            torn_groups++;
    if (sr == RM_OK) {
        same_model(&now, &ref);
        view_reads_the_records(&v, &ref);
        files_valid++;
    }
    files_compared++;
    rm_jom_free(&ref);
    rm_jom_free(&now);
    rm_diag_free(&dv);
    rm_diag_free(&dr);
    rm_diag_free(&dn);
    free(data);
}

static void compare_folder(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    size_t n = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        uint8_t *data;
        size_t size;
        rm_diag diag;
        rm_diag_init(&diag);
        if (rm_file_read(path, &data, &size, &diag) == RM_OK) {
            compare(data, size);
            free(data);
            n++;
        }
        rm_diag_free(&diag);
    }
    closedir(d);
    assert_true(n > 0);
}

static void the_fixtures_and_seeds(void **state)
{
    (void)state;
    compare_folder(FIXTURES);
    compare_folder(SEEDS);
}

typedef void (*model_fn)(rm_jom_model *m);

static void skeleton_32_3(rm_jom_model *m) { jom_model_skeleton(m, 32, 3); }
static void skeleton_5_2(rm_jom_model *m) { jom_model_skeleton(m, 5, 2); }

static uint8_t *written(model_fn fn, size_t *size)
{
    rm_jom_model m;
    fn(&m);
    uint8_t *data = jom_write_or_die(&m, size);
    rm_jom_free(&m);
    return data;
}

/* Every byte of a small file set to 4 other values, and every length. */
static void every_byte(model_fn fn)
{
    size_t size;
    uint8_t *file = written(fn, &size);
    compare(file, size);
    uint8_t *copy = malloc(size);
    assert_non_null(copy);
    for (size_t i = 0; i < size; i++) {
        static const int how[4] = {0, 1, 2, 3};
        for (int h = 0; h < 4; h++) {
            memcpy(copy, file, size);
            uint8_t b = file[i];
            copy[i] = how[h] == 0 ? (uint8_t)(b ^ 0xFF) : how[h] == 1 ? (uint8_t)(b + 1)
                    : how[h] == 2 ? (uint8_t)(b - 1) : (uint8_t)(b ? 0 : 0x80);
            compare(copy, size);
        }
    }
    for (size_t n = 0; n < size; n++)
        compare(file, n);
    free(copy);
    free(file);
}

static void every_byte_of_small_files(void **state)
{
    (void)state;
    every_byte(jom_model_triangle);
    every_byte(jom_model_cube);
    every_byte(jom_model_textured);
    every_byte(skeleton_5_2);
}

static void big_model(rm_jom_model *m) { jom_model_grid(m, 40); }

static void random_changes_of_a_big_file(void **state)
{
    (void)state;
    size_t size;
    uint8_t *file = written(big_model, &size);
    compare(file, size);
    assert_int_equal(files_valid > 0, 1);
    uint8_t *copy = malloc(size);
    assert_non_null(copy);
    uint32_t seed = 12345;
    for (int t = 0; t < 600; t++) {
        memcpy(copy, file, size);
        int changes = 1 + t % 4;
        for (int c = 0; c < changes; c++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % size;
            seed = seed * 1103515245u + 12345u;
            copy[at] = (uint8_t)(seed >> 16);
        }
        compare(copy, size);
    }
    /* Cut everywhere in the first chunks, and a few lengths further on. */
    for (size_t n = 0; n < 200; n++)
        compare(file, n);
    for (size_t n = 200; n < size; n += 997)
        compare(file, n);
    free(copy);
    free(file);
}

static void models_built_in_c(void **state)
{
    (void)state;
    model_fn fns[] = {jom_model_cube, jom_model_triangle, jom_model_textured, skeleton_32_3, big_model};
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        size_t size;
        uint8_t *file = written(fns[i], &size);
        size_t before = files_valid;
        compare(file, size);
        assert_int_equal(files_valid, before + 1);
        free(file);
    }
}

/* The grid with 24 groups whose ranges are rewritten in the bytes: cut
   into consecutive ranges (no overlap: the own-point check's path without
   per-point arrays, with or without polygons tearing) or random (overlaps:
   its path with arrays), more groups than fit on its stack or fewer. */
static void group_layouts(void **state)
{
    (void)state;
    enum { GROUPS = 24, SIDE = 8 };
    rm_jom_model m;
    jom_model_grid(&m, SIDE);
    rm_jom_group *g = calloc(GROUPS, sizeof *g);
    assert_non_null(g);
    for (uint32_t i = 0; i < GROUPS; i++) {
        char name[16];
        snprintf(name, sizeof name, "G%u", i);
        jom_set_name(g[i].name, name);
    }
    free(m.groups);
    m.groups = g;
    m.group_count = GROUPS;
    size_t size;
    uint8_t *file = jom_write_or_die(&m, &size);
    rm_jom_free(&m);
    jom_piece pieces[32];
    size_t n = jom_split(file, size, pieces, 32);
    int at = jom_find(pieces, n, "GRUP");
    assert_true(at >= 0);
    size_t grup = (size_t)(pieces[at].data - file) + 4;   /* the first record */
    uint8_t *copy = malloc(size);
    assert_non_null(copy);
    uint32_t seed = 777;
    const uint32_t points = (SIDE + 1) * (SIDE + 1), polygons = SIDE * SIDE;
    for (int t = 0; t < 400; t++) {
        memcpy(copy, file, size);
        uint32_t used = 1 + (uint32_t)t % GROUPS;   /* groups with ranges; the others empty */
        uint32_t next_point = 0, next_polygon = 0;
        for (uint32_t i = 0; i < used; i++) {
            uint8_t *r = copy + grup + 24u * i + 16;
            uint32_t v[4];
            seed = seed * 1103515245u + 12345u;
            if (t % 3 == 2) {           /* anywhere, may overlap or overrun */
                for (int k = 0; k < 4; k++) {
                    seed = seed * 1103515245u + 12345u;
                    v[k] = (seed >> 16) % (k % 2 ? 12u : (k < 2 ? points : polygons));
                }
            } else {                    /* consecutive, in a shuffled order of groups */
                uint32_t pc = (seed >> 16) % (points / used + 1);
                seed = seed * 1103515245u + 12345u;
                uint32_t qc = (seed >> 16) % (polygons / used + 1);
                v[0] = next_point;
                v[1] = pc;
                v[2] = next_polygon;
                v[3] = qc;
                next_point += pc;
                next_polygon += qc;
            }
            for (int k = 0; k < 4; k++)
                jom_put16(r + 2 * k, (uint16_t)v[k]);
        }
        if (t % 3 == 1)     /* the same ranges given to other groups */
            for (uint32_t i = 0; i + 1 < used; i += 2) {
                uint8_t tmp[8];
                memcpy(tmp, copy + grup + 24u * i + 16, 8);
                memcpy(copy + grup + 24u * i + 16, copy + grup + 24u * (i + 1) + 16, 8);
                memcpy(copy + grup + 24u * (i + 1) + 16, tmp, 8);
            }
        compare(copy, size);
    }
    free(copy);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(models_built_in_c),
        cmocka_unit_test(the_fixtures_and_seeds),
        cmocka_unit_test(every_byte_of_small_files),
        cmocka_unit_test(random_changes_of_a_big_file),
        cmocka_unit_test(group_layouts),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    /* The group checks must have been tried on files they refuse too. */
    printf("compared %zu files, %zu valid, %zu own-point messages\n", files_compared, files_valid,
           torn_groups);
    if (torn_groups == 0)
        failed++;
    return failed;
}
