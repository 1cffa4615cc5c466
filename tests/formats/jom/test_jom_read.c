/* JOM reader: what the writer writes reads back to the same model and
   the same bytes; the chunk table; unknown chunks; keys in any order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jom_models.h"
#include "retromesh/fileio.h"

static void assert_vec_equal(rm_vec3x a, rm_vec3x b)
{
    assert_int_equal(a.x, b.x);
    assert_int_equal(a.y, b.y);
    assert_int_equal(a.z, b.z);
}

static void assert_name_equal(const char *a, const char *b)
{
    assert_int_equal(strncmp(a, b, 16), 0);
}

/* Field by field: every value the format keeps. */
static void assert_models_equal(const rm_jom_model *a, const rm_jom_model *b)
{
    assert_int_equal(a->version, b->version);
    assert_vec_equal(a->center, b->center);
    assert_int_equal(a->radius, b->radius);
    assert_int_equal(a->texture_image_count, b->texture_image_count);
    for (uint32_t i = 0; i < a->texture_image_count; i++) {
        const rm_jom_texture *x = &a->texture_images[i], *y = &b->texture_images[i];
        assert_name_equal(x->name, y->name);
        assert_int_equal(x->width, y->width);
        assert_int_equal(x->height, y->height);
        assert_int_equal(x->format, y->format);
        assert_int_equal(x->reserved, y->reserved);
        assert_int_equal(x->pixel_size, y->pixel_size);
        assert_memory_equal(x->pixels, y->pixels, x->pixel_size);
    }
    assert_int_equal(a->point_count, b->point_count);
    for (uint32_t i = 0; i < a->point_count; i++)
        assert_vec_equal(a->points[i], b->points[i]);
    assert_int_equal(a->polygon_count, b->polygon_count);
    for (uint32_t i = 0; i < a->polygon_count; i++) {
        assert_vec_equal(a->polygons[i].normal, b->polygons[i].normal);
        for (int k = 0; k < 4; k++)
            assert_int_equal(a->polygons[i].v[k], b->polygons[i].v[k]);
        assert_int_equal(a->polygon_materials[i], b->polygon_materials[i]);
    }
    assert_int_equal(a->material_count, b->material_count);
    for (uint32_t i = 0; i < a->material_count; i++) {
        const rm_jom_material *x = &a->materials[i], *y = &b->materials[i];
        assert_name_equal(x->name, y->name);
        assert_int_equal(x->r, y->r);
        assert_int_equal(x->g, y->g);
        assert_int_equal(x->b, y->b);
        assert_int_equal(x->shine, y->shine);
        assert_int_equal(x->texture, y->texture);
        assert_int_equal(x->subdivision_error, y->subdivision_error);
        assert_int_equal(x->flags, y->flags);
        assert_int_equal(x->user, y->user);
    }
    assert_int_equal(a->texture_count, b->texture_count);
    for (uint32_t i = 0; i < a->texture_count; i++)
        assert_name_equal(a->textures[i], b->textures[i]);
    assert_int_equal(a->has_normals, b->has_normals);
    if (a->has_normals) {
        assert_int_equal(a->normal_count, b->normal_count);
        for (uint32_t i = 0; i < a->normal_count; i++)
            assert_vec_equal(a->normals[i], b->normals[i]);
        assert_memory_equal(a->corner_normals, b->corner_normals, 8u * a->polygon_count);
    }
    assert_int_equal(a->has_vertex_colors, b->has_vertex_colors);
    if (a->has_vertex_colors)
        for (uint32_t i = 0; i < a->point_count; i++)
            assert_vec_equal(a->vertex_colors[i], b->vertex_colors[i]);
    assert_int_equal(a->has_gouraud, b->has_gouraud);
    if (a->has_gouraud)
        assert_memory_equal(a->gouraud, b->gouraud, 8u * a->polygon_count);
    assert_int_equal(a->has_groups, b->has_groups);
    if (a->has_groups) {
        assert_int_equal(a->group_count, b->group_count);
        for (uint32_t i = 0; i < a->group_count; i++) {
            assert_name_equal(a->groups[i].name, b->groups[i].name);
            assert_int_equal(a->groups[i].first_point, b->groups[i].first_point);
            assert_int_equal(a->groups[i].point_count, b->groups[i].point_count);
            assert_int_equal(a->groups[i].first_polygon, b->groups[i].first_polygon);
            assert_int_equal(a->groups[i].polygon_count, b->groups[i].polygon_count);
        }
    }
    assert_int_equal(a->has_skeleton, b->has_skeleton);
    if (!a->has_skeleton)
        return;
    assert_int_equal(a->bone_count, b->bone_count);
    for (uint32_t i = 0; i < a->bone_count; i++) {
        assert_name_equal(a->bones[i].name, b->bones[i].name);
        assert_int_equal(a->bones[i].group, b->bones[i].group);
        assert_int_equal(a->bones[i].parent, b->bones[i].parent);
        assert_vec_equal(a->bones[i].pivot, b->bones[i].pivot);
    }
    assert_int_equal(a->animation_count, b->animation_count);
    for (uint32_t i = 0; i < a->animation_count; i++) {
        const rm_jom_animation *x = &a->animations[i], *y = &b->animations[i];
        assert_name_equal(x->name, y->name);
        assert_int_equal(x->key_count, y->key_count);
        assert_int_equal(x->key_ticks, y->key_ticks);
        assert_int_equal(x->flags, y->flags);
        assert_int_equal(x->duplicate, y->duplicate);
        for (uint32_t k = 0; k < x->key_count; k++) {
            assert_vec_equal(x->keys[k].root, y->keys[k].root);
            for (uint32_t bone = 0; bone < a->bone_count; bone++)
                for (int j = 0; j < 3; j++)
                    assert_int_equal(x->keys[k].angles[bone][j], y->keys[k].angles[bone][j]);
        }
    }
}

/* write -> read -> write: the same model, the same bytes, not a single
   message (no warning either). */
static void round_trip(const rm_jom_model *m)
{
    size_t size;
    uint8_t *data = jom_write_or_die(m, &size);
    rm_jom_model back;
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_jom_read(data, size, "t.jom", &back, &d);
    if (st != RM_OK || d.count)
        jom_dump_messages(&d);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(back.file_size, size);
    assert_models_equal(m, &back);
    size_t size2;
    uint8_t *data2 = jom_write_or_die(&back, &size2);
    assert_int_equal(size, size2);
    assert_memory_equal(data, data2, size);
    free(data);
    free(data2);
    rm_jom_free(&back);
    rm_diag_free(&d);
}

static void round_trips(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    round_trip(&m);
    m.has_gouraud = false;
    m.has_vertex_colors = false;
    m.has_normals = false;
    round_trip(&m);
    rm_jom_free(&m);

    jom_model_triangle(&m);
    round_trip(&m);
    rm_jom_free(&m);
    jom_model_textured(&m);
    round_trip(&m);
    rm_jom_free(&m);

    /* Skeletons: odd and even bone counts, up to the 32 bones of the
       engine, several animations (keys packed one after the other). */
    static const uint32_t bones[] = {1, 2, 3, 31, 32};
    for (size_t i = 0; i < sizeof bones / sizeof bones[0]; i++) {
        jom_model_skeleton(&m, bones[i], (uint32_t)i + 1);
        round_trip(&m);
        rm_jom_free(&m);
    }
    /* A skeleton without animations, and an empty model (counts 0). */
    jom_model_skeleton(&m, 2, 0);
    round_trip(&m);
    rm_jom_free(&m);
    rm_jom_init(&m);
    round_trip(&m);
    rm_jom_free(&m);
}

static void chunk_table_and_size(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    rm_jom_free(&m);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_jom_read(data, size, "t.jom", &m, &d), RM_OK);
    /* The offsets worked out in test_jom_write.c. */
    static const struct { const char *tag; uint32_t offset, size; } want[] = {
        {"PNTS", 0x18, 100}, {"QUAD", 0x84, 124}, {"QMAT", 0x108, 16}, {"MATL", 0x120, 68},
        {"TEXT", 0x16c, 20}, {"NTAB", 0x188, 76}, {"CNRM", 0x1dc, 52}, {"VCOL", 0x218, 100},
        {"GOUR", 0x284, 52}, {"GRUP", 0x2c0, 52}, {"BONE", 0x2fc, 68}, {"ANIM", 0x348, 80},
        {"END ", 0x3a0, 0},
    };
    assert_int_equal(m.chunk_count, 13);
    for (size_t i = 0; i < 13; i++) {
        assert_string_equal(m.chunks[i].tag, want[i].tag);
        assert_int_equal(m.chunks[i].offset, want[i].offset);
        assert_int_equal(m.chunks[i].size, want[i].size);
        assert_true(m.chunks[i].known);
    }
    assert_int_equal(m.file_size, 936);
    assert_int_equal(m.animations[0].offset, 32);
    rm_jom_free(&m);
    free(data);
    rm_diag_free(&d);
}

static void read_file_names_the_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_jomr_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/CUBE.JOM", dir);
    rm_jom_model m;
    jom_model_cube(&m);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_jom_write_file(&m, path, &d), RM_OK);
    rm_jom_model back;
    assert_int_equal(rm_jom_read_file(path, &back, &d), RM_OK);
    assert_models_equal(&m, &back);
    rm_jom_free(&back);
    /* A cut file: the message starts with the path. */
    assert_int_equal(truncate(path, 30), 0);
    assert_int_equal(rm_jom_read_file(path, &back, &d), RM_INVALID);
    assert_true(d.count > 0);
    assert_int_equal(strncmp(d.items[0].text, path, strlen(path)), 0);
    unlink(path);
    assert_int_equal(rm_jom_read_file(path, &back, &d), RM_IO);
    rmdir(dir);
    rm_jom_free(&m);
    rm_diag_free(&d);
}

static void unknown_chunks_are_skipped(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    jom_piece p[20];
    size_t n = jom_split(data, size, p, 20);
    /* A chunk of a newer converter after MATL (0x16c, where TEXT was) and
       another one just before END. */
    static const uint8_t extra[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    jom_insert(p, &n, (size_t)jom_find(p, n, "TEXT"), (jom_piece){{'X', 'T', 'R', 'A'}, extra, 8});
    jom_insert(p, &n, n - 1, (jom_piece){{'z', 'z', 0x01, ' '}, extra, 4});
    size_t size2;
    uint8_t *data2 = jom_join(data, p, n, &size2);
    rm_jom_model back;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_jom_read(data2, size2, "t.jom", &back, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    assert_true(jom_has_message(&d, "t.jom: chunk XTRA at 0x16c: note: unknown chunk (8 bytes), skipped"));
    /* 936 + 16 (XTRA): the second one is where END was, at 0x3a0 + 16. */
    assert_true(jom_has_message(&d, "t.jom: chunk zz?  at 0x3b0: note: unknown chunk (4 bytes), skipped"));
    assert_int_equal(back.chunk_count, 15);
    assert_string_equal(back.chunks[4].tag, "XTRA");
    assert_false(back.chunks[4].known);
    assert_int_equal(back.chunks[4].offset, 0x16c);
    assert_string_equal(back.chunks[13].tag, "zz? ");
    assert_models_equal(&m, &back);
    /* Written back: the unknown chunks are gone, the rest is the same. */
    size_t size3;
    uint8_t *data3 = jom_write_or_die(&back, &size3);
    assert_int_equal(size3, size);
    assert_memory_equal(data3, data, size);
    free(data);
    free(data2);
    free(data3);
    rm_jom_free(&m);
    rm_jom_free(&back);
    rm_diag_free(&d);
}

static void keys_may_be_in_any_order(void **state)
{
    (void)state;
    /* Two animations of 1 key each (1 bone: 12 + 6 + 2 = 20 bytes a key),
       the keys of the second one first: records end at 4 + 2 x 28 = 60,
       animation 0 at 80, animation 1 at 60. Valid; the writer packs them
       in order again. */
    rm_jom_model m;
    jom_model_skeleton(&m, 1, 2);
    m.animations[1].key_count = 1;
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    jom_piece p[20];
    size_t n = jom_split(data, size, p, 20);
    int a = jom_find(p, n, "ANIM");
    assert_int_equal(p[a].size, 100);
    uint8_t anim[100];
    memcpy(anim, p[a].data, 100);
    jom_put32(anim + 4 + 24, 80);
    jom_put32(anim + 4 + 28 + 24, 60);
    memcpy(anim + 60, p[a].data + 80, 20);
    memcpy(anim + 80, p[a].data + 60, 20);
    p[a].data = anim;
    size_t size2;
    uint8_t *data2 = jom_join(data, p, n, &size2);
    rm_jom_model back;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_jom_read(data2, size2, "t.jom", &back, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(back.animations[0].offset, 80);
    assert_models_equal(&m, &back);
    size_t size3;
    uint8_t *data3 = jom_write_or_die(&back, &size3);
    assert_int_equal(size3, size);
    assert_memory_equal(data3, data, size);
    free(data);
    free(data2);
    free(data3);
    rm_jom_free(&m);
    rm_jom_free(&back);
    rm_diag_free(&d);
}

static void failed_read_leaves_model_empty(void **state)
{
    (void)state;
    rm_jom_model m;
    jom_model_cube(&m);
    size_t size;
    uint8_t *data = jom_write_or_die(&m, &size);
    rm_jom_free(&m);
    data[0xb0] = 0x03;   /* polygon 1 uses point 900 (0x0384) */
    data[0xb1] = 0x84;
    rm_diag d;
    rm_diag_init(&d);
    memset(&m, 0x5a, sizeof m);   /* whatever was there before */
    assert_int_equal(rm_jom_read(data, size, "t.jom", &m, &d), RM_INVALID);
    assert_int_equal(m.point_count, 0);
    assert_null(m.points);
    assert_null(m.chunks);
    assert_int_equal(m.chunk_count, 0);
    assert_false(m.has_skeleton);
    rm_jom_free(&m);   /* harmless on an empty model */
    rm_diag_free(&d);
    /* No diag at all is allowed too. */
    assert_int_equal(rm_jom_read(data, size, "t.jom", &m, NULL), RM_INVALID);
    assert_int_equal(rm_jom_read(NULL, 0, "t.jom", &m, NULL), RM_INVALID);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trips),
        cmocka_unit_test(chunk_table_and_size),
        cmocka_unit_test(read_file_names_the_file),
        cmocka_unit_test(unknown_chunks_are_skipped),
        cmocka_unit_test(keys_may_be_in_any_order),
        cmocka_unit_test(failed_read_leaves_model_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
