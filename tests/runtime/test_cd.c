/* The CD context (include/retromesh/cd.h): load order and sprite ids,
   texture reuse, free_textures_from and a level loaded twice, gouraud
   table sharing against the for-lights variant, the VRAM, heap and sprite
   limits, missing files, case-insensitive names. Every folder is built
   here (cd_fixtures.c); every expected number is worked out by hand in the
   comment beside it, from saturn-notes 3.4 (first sprite at 0x10000, each
   next one at the end of the previous rounded up to 32; RGB555 2 bytes a
   texel) and 7.2 (a file read takes its size + 1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cd_fixtures.h"
#include "retromesh/cd.h"
#include "retromesh/mesh.h"
#include "retromesh/render.h"

static bool has_msg(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            return true;
    return false;
}

static void show(const rm_diag *d)
{
    rm_diag_print(d, stderr, 1);
}

static uint64_t vram_used(const rm_cd *cd)
{
    rm_cd_stats st;
    rm_cd_get_stats(cd, &st);
    return st.vram_used;
}

/* A model of `quads` quads where material i uses TEXT i (i < texts) and
   quad k uses material k % texts; no flags, no gouraud. */
static size_t textured_model(const char *dir, const char *file, uint32_t quads, uint32_t texts,
                             const char *const *names)
{
    uint16_t qmat[16];
    int16_t tex[16];
    for (uint32_t k = 0; k < quads; k++)
        qmat[k] = (uint16_t)(k % texts);
    for (uint32_t i = 0; i < texts; i++)
        tex[i] = (int16_t)i;
    rm_jom_model m;
    cdt_model(&m, quads, qmat, texts, tex, NULL, texts, names, NULL);
    return cdt_write_model(dir, file, &m);
}

static void check_sprite(const rm_cd *cd, int id, rm_cd_sprite_kind kind, const char *name, uint32_t address,
                         uint32_t bytes)
{
    const rm_cd_sprite *s = rm_cd_sprite_at(cd, id);
    assert_non_null(s);
    assert_int_equal(s->id, id);
    assert_int_equal(s->kind, kind);
    if (name)
        assert_string_equal(s->name, name);
    assert_int_equal(s->address, address);
    assert_int_equal(s->bytes, bytes);
    assert_int_equal(s->reserved, (bytes + 31) / 32 * 32);
}

/* Two models sharing B.BIN: the second reuses it. */
static void load_order_and_shared_texture(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    cdt_write_bin(dir, "A.BIN", 16, 8, 1);     /* 16*8*2 = 256 bytes */
    cdt_write_bin(dir, "B.BIN", 8, 8, 2);      /* 8*8*2 = 128 bytes */
    cdt_write_bin(dir, "C.BIN", 8, 3, 3);      /* 8*3*2 = 48 bytes, 64 with the 32-byte step */
    static const char *const m1[] = {"A.BIN", "B.BIN"}, *const m2[] = {"B.BIN", "C.BIN"};
    textured_model(dir, "M1.JOM", 2, 2, m1);
    textured_model(dir, "M2.JOM", 2, 2, m2);

    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    assert_non_null(cd);
    int h1 = rm_cd_load_model(cd, "M1.JOM", false, &d);
    if (h1 < 0)
        show(&d);
    assert_int_equal(h1, 0);
    /* A: sprite 0 at 0x10000, 256 bytes -> next at 0x10100; B: sprite 1 at 0x10100, 128 -> 0x10180. */
    check_sprite(cd, 0, RM_CD_TEXTURE, "A.BIN", 0x10000, 256);
    check_sprite(cd, 1, RM_CD_TEXTURE, "B.BIN", 0x10100, 128);
    const rm_cd_model_info *i1 = rm_cd_model(cd, h1);
    assert_int_equal(i1->first_sprite, 0);
    assert_int_equal(i1->sprites_added, 2);
    assert_int_equal(i1->textures_loaded, 2);
    assert_int_equal(i1->vram_bytes, 384);     /* 256 + 128 */
    assert_int_equal(i1->textures[0].sprite, 0);
    assert_int_equal(i1->textures[1].sprite, 1);
    assert_true(i1->textures[1].loaded_now);
    assert_int_equal(i1->polygons, 2);
    assert_int_equal(i1->points, 8);
    assert_int_equal(i1->gouraud_tables, 0);

    int h2 = rm_cd_load_model(cd, "M2.JOM", false, &d);
    assert_int_equal(h2, 1);
    const rm_cd_model_info *i2 = rm_cd_model(cd, h2);
    /* B is reused (sprite 1, no VRAM); C is sprite 2 at 0x10180, 48 bytes -> next 0x101C0. */
    assert_int_equal(i2->textures[0].sprite, 1);
    assert_false(i2->textures[0].loaded_now);
    assert_int_equal(i2->textures[1].sprite, 2);
    assert_true(i2->textures[1].loaded_now);
    check_sprite(cd, 2, RM_CD_TEXTURE, "C.BIN", 0x10180, 48);
    assert_int_equal(rm_cd_sprite_at(cd, 2)->owner, h2);
    assert_int_equal(i2->first_sprite, 2);
    assert_int_equal(i2->sprites_added, 1);
    assert_int_equal(i2->textures_loaded, 1);
    assert_int_equal(i2->vram_bytes, 64);
    assert_int_equal(rm_cd_sprite_count(cd), 3);
    assert_int_equal(vram_used(cd), 0x1C0);    /* 256 + 128 + 64 = 448 */

    /* The registry: any case; jo_3d_model_texture loads nothing new. */
    assert_int_equal(rm_cd_loaded_texture(cd, "b.bin"), 1);
    assert_int_equal(rm_cd_loaded_texture(cd, "C.BIN"), 2);
    assert_int_equal(rm_cd_loaded_texture(cd, "D.BIN"), -1);
    assert_int_equal(rm_cd_model_texture(cd, "a.bin", &d), 0);
    assert_int_equal(rm_cd_sprite_count(cd), 3);
    assert_int_equal(d.errors, 0);
    /* A texture file that is not there. */
    assert_int_equal(rm_cd_model_texture(cd, "D.BIN", &d), -1);
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_NOT_FOUND);
    assert_string_equal(rm_cd_last_error(cd)->name, "D.BIN");
    assert_true(has_msg(&d, "D.BIN: error: not found in"));

    /* Freeing a model gives its heap block back; its textures stay. */
    rm_cd_free_model(cd, h1);
    assert_null(rm_cd_model(cd, h1));
    assert_int_equal(rm_cd_sprite_count(cd), 3);
    assert_int_equal(rm_cd_loaded_texture(cd, "A.BIN"), 0);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

/* The gouraud words of the level's second model: two polygons share g1. */
static const uint16_t G1[4] = {0x801F, 0x83E0, 0xFC00, 0xC210};
static const uint16_t G2[4] = {0x83E0, 0x801F, 0xFC00, 0xC210};

static void write_level(const char *dir)
{
    cdt_write_bin(dir, "P.BIN", 8, 8, 9);      /* the program's own: 128 bytes */
    cdt_write_bin(dir, "A.BIN", 16, 8, 1);     /* 256 bytes */
    cdt_write_bin(dir, "B.BIN", 8, 8, 2);      /* 128 bytes */
    static const char *const l1[] = {"A.BIN", "B.BIN"};
    textured_model(dir, "L1.JOM", 2, 2, l1);
    /* L2: 3 quads of one gouraud material textured with B: p0 and p1 have
       G1, p2 has G2 -> 2 tables. */
    static const char *const l2[] = {"B.BIN"};
    uint16_t qmat[3] = {0, 0, 0};
    int16_t tex[1] = {0};
    uint32_t flags[1] = {RM_MAT_GOURAUD};
    uint16_t gour[12];
    memcpy(gour, G1, 8);
    memcpy(gour + 4, G1, 8);
    memcpy(gour + 8, G2, 8);
    rm_jom_model m;
    cdt_model(&m, 3, qmat, 1, tex, flags, 1, l2, gour);
    cdt_write_model(dir, "L2.JOM", &m);
}

/* Loading the level: L1 then L2; checks the ids and the VRAM the hand count gives. */
static void load_level(rm_cd *cd, rm_diag *d, int *h1, int *h2)
{
    *h1 = rm_cd_load_model(cd, "L1.JOM", false, d);
    *h2 = rm_cd_load_model(cd, "L2.JOM", false, d);
    if (*h1 < 0 || *h2 < 0)
        show(d);
    assert_true(*h1 >= 0 && *h2 >= 0);
}

static void free_textures_from_gives_the_vram_back(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    write_level(dir);
    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    assert_non_null(cd);
    /* The program's sprite 0 at 0x10000 (128 bytes) -> next 0x10080. */
    assert_int_equal(rm_cd_model_texture(cd, "P.BIN", &d), 0);
    int start = rm_cd_sprite_count(cd);
    assert_int_equal(start, 1);
    assert_int_equal(vram_used(cd), 128);

    for (int round = 0; round < 2; round++) {
        int h1, h2;
        load_level(cd, &d, &h1, &h2);
        /* L1: A sprite 1 at 0x10080 (256) -> 0x10180; B sprite 2 at 0x10180 (128) -> 0x10200.
           L2: B reused; its 2 gouraud tables: sprite 3 at 0x10200 (8 bytes, 32 with the step),
           sprite 4 at 0x10220 -> 0x10240. Used: 0x240 = 576 = 128 + 256 + 128 + 32 + 32. */
        check_sprite(cd, 1, RM_CD_TEXTURE, "A.BIN", 0x10080, 256);
        check_sprite(cd, 2, RM_CD_TEXTURE, "B.BIN", 0x10180, 128);
        check_sprite(cd, 3, RM_CD_GOURAUD, "", 0x10200, 8);
        check_sprite(cd, 4, RM_CD_GOURAUD, "", 0x10220, 8);
        assert_int_equal(rm_cd_sprite_count(cd), 5);
        assert_int_equal(vram_used(cd), 576);
        const rm_cd_model_info *i2 = rm_cd_model(cd, h2);
        assert_int_equal(i2->gouraud_tables, 2);
        assert_int_equal(i2->first_gouraud, 3);
        assert_int_equal(i2->textures[0].sprite, 2);
        assert_false(i2->textures[0].loaded_now);
        assert_int_equal(i2->vram_bytes, 64);
        rm_cd_free_model(cd, h1);
        rm_cd_free_model(cd, h2);
        assert_int_equal(rm_cd_free_textures_from(cd, start), RM_OK);
        /* Back to the program's sprite alone: 1 sprite, 128 bytes; the names are gone. */
        assert_int_equal(rm_cd_sprite_count(cd), 1);
        assert_int_equal(vram_used(cd), 128);
        assert_int_equal(rm_cd_loaded_texture(cd, "A.BIN"), -1);
        assert_int_equal(rm_cd_loaded_texture(cd, "P.BIN"), 0);
    }

    /* The seed's warning: the models freed but not the textures, the level
       loaded again: A and B are reused, but L2's 2 tables are new sprites
       (5 and 6), 64 more bytes each time. */
    int h1, h2;
    load_level(cd, &d, &h1, &h2);
    assert_int_equal(vram_used(cd), 576);
    rm_cd_free_model(cd, h1);
    rm_cd_free_model(cd, h2);
    load_level(cd, &d, &h1, &h2);
    assert_int_equal(rm_cd_sprite_count(cd), 7);
    assert_int_equal(rm_cd_model(cd, h1)->sprites_added, 0);
    assert_int_equal(rm_cd_model(cd, h2)->first_gouraud, 5);
    check_sprite(cd, 5, RM_CD_GOURAUD, "", 0x10240, 8);
    check_sprite(cd, 6, RM_CD_GOURAUD, "", 0x10260, 8);
    assert_int_equal(vram_used(cd), 640);
    rm_cd_stats st;
    rm_cd_get_stats(cd, &st);
    assert_int_equal(st.vram_peak, 640);
    assert_int_equal(st.sprites_peak, 7);
    assert_int_equal(st.models, 2);
    /* A sprite id past the count does nothing; a negative one is a usage error. */
    assert_int_equal(rm_cd_free_textures_from(cd, 99), RM_OK);
    assert_int_equal(rm_cd_sprite_count(cd), 7);
    assert_int_equal(rm_cd_free_textures_from(cd, -1), RM_USAGE);
    assert_int_equal(d.errors, 0);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

/* G.JOM: 4 quads; material 0 has gouraud (quads 0, 1, 2), material 1 not (quad 3).
   GOUR: quad 0 = quad 1 = (a, b, c, d); quad 2 = (b, a, c, d) (the same
   colors in another order: another table); quad 3 = 0 (no gouraud). */
static void gouraud_sharing_and_for_lights(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    uint16_t qmat[4] = {0, 0, 0, 1};
    uint32_t flags[2] = {RM_MAT_GOURAUD, 0};
    uint16_t gour[16] = {0};
    memcpy(gour, G1, 8);
    memcpy(gour + 4, G1, 8);
    memcpy(gour + 8, G2, 8);
    rm_jom_model m;
    cdt_model(&m, 4, qmat, 2, NULL, flags, 0, NULL, gour);
    cdt_write_model(dir, "G.JOM", &m);

    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    int h = rm_cd_load_model(cd, "g.jom", false, &d);
    assert_int_equal(h, 0);
    const rm_cd_model_info *info = rm_cd_model(cd, h);
    /* jo_3d_load_model: quads 0 and 1 share sprite 0, quad 2 gets sprite 1, quad 3 none. */
    assert_int_equal(info->gouraud_tables, 2);
    assert_int_equal(info->polygon_gouraud[0], 0);
    assert_int_equal(info->polygon_gouraud[1], 0);
    assert_int_equal(info->polygon_gouraud[2], 1);
    assert_int_equal(info->polygon_gouraud[3], -1);
    assert_memory_equal(rm_cd_sprite_at(cd, 0)->texels, G1, 8);
    assert_memory_equal(rm_cd_sprite_at(cd, 1)->texels, G2, 8);
    assert_int_equal(info->vram_bytes, 64);     /* 2 tables x 32 */

    /* The for-lights variant of the same file: a table for each of the 4
       quads, sprites 2..5; quad 1's is its own even with quad 0's colors,
       quad 3's starts neutral (0xC210 = 16, 16, 16). */
    int hl = rm_cd_load_model(cd, "G.JOM", true, &d);
    assert_int_equal(hl, 1);
    const rm_cd_model_info *il = rm_cd_model(cd, hl);
    assert_true(il->for_lights);
    assert_int_equal(il->gouraud_tables, 4);
    for (int p = 0; p < 4; p++)
        assert_int_equal(il->polygon_gouraud[p], 2 + p);
    assert_memory_equal(rm_cd_sprite_at(cd, 2)->texels, G1, 8);
    assert_memory_equal(rm_cd_sprite_at(cd, 3)->texels, G1, 8);
    assert_memory_equal(rm_cd_sprite_at(cd, 4)->texels, G2, 8);
    static const uint16_t neutral[4] = {0xC210, 0xC210, 0xC210, 0xC210};
    assert_memory_equal(rm_cd_sprite_at(cd, 5)->texels, neutral, 8);
    assert_int_equal(il->vram_bytes, 128);      /* 4 x 32 */
    assert_int_equal(vram_used(cd), 192);
    /* Tables start on 32 bytes: 0x10000, 0x10020, ... 0x100A0. */
    assert_int_equal(rm_cd_sprite_at(cd, 5)->address, 0x100A0);

    /* The preview takes each polygon's table words. */
    rm_render_scene scene;
    assert_int_equal(rm_render_scene_from_cd(cd, h, &scene, &d), RM_OK);
    assert_non_null(scene.gouraud);
    assert_memory_equal(scene.gouraud + 4, G1, 8);
    assert_memory_equal(scene.gouraud + 8, G2, 8);
    assert_int_equal(scene.gouraud[12], 0);
    rm_render_scene_free(&scene);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

static void vram_overflow_is_refused_with_the_name(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    cdt_write_bin(dir, "A.BIN", 16, 8, 1);     /* 256 bytes */
    cdt_write_bin(dir, "B.BIN", 16, 16, 2);    /* 512 bytes */
    static const char *const names[] = {"A.BIN", "B.BIN"};
    textured_model(dir, "V.JOM", 2, 2, names);
    rm_cd_options opt;
    rm_cd_options_default(&opt);
    opt.vram_end = 0x10200;                    /* 512 bytes of texture area */
    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, &opt, &d);
    /* A at 0x10000..0x10100; B needs 0x10100..0x10300: 0x10300 - 0x10200 = 256 bytes missing. */
    assert_int_equal(rm_cd_load_model(cd, "V.JOM", false, &d), -1);
    const rm_cd_error *e = rm_cd_last_error(cd);
    assert_int_equal(e->kind, RM_CD_ERR_VRAM);
    assert_int_equal(e->status, RM_INVALID);
    assert_int_equal(e->missing, 256);
    assert_non_null(strstr(e->name, "B.BIN"));
    assert_true(has_msg(&d, "V.JOM: texture B.BIN: error: does not fit in VRAM"));
    assert_true(has_msg(&d, "256 bytes missing"));
    /* As before the call: no sprite, no VRAM, no heap. */
    assert_int_equal(rm_cd_sprite_count(cd), 0);
    assert_int_equal(vram_used(cd), 0);
    rm_cd_stats st;
    rm_cd_get_stats(cd, &st);
    assert_int_equal(st.heap_used, 0);
    assert_int_equal(st.models, 0);
    rm_cd_close(cd);

    /* keep_going (budgets): loaded past the end, a warning, the overflow kept. */
    opt.keep_going = true;
    rm_diag_free(&d);
    rm_diag_init(&d);
    cd = rm_cd_open(dir, &opt, &d);
    assert_int_equal(rm_cd_load_model(cd, "V.JOM", false, &d), 0);
    assert_int_equal(d.errors, 0);
    assert_true(has_msg(&d, "B.BIN: warning: does not fit in VRAM"));
    assert_true(rm_cd_sprite_at(cd, 1)->over);
    assert_false(rm_cd_sprite_at(cd, 0)->over);
    rm_cd_get_stats(cd, &st);
    assert_int_equal(st.vram_over, 256);
    assert_int_equal(st.vram_used, 768);       /* 256 + 512 */
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

static void missing_files(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    cdt_write_bin(dir, "A.BIN", 8, 8, 1);
    static const char *const names[] = {"A.BIN", "NOPE.BIN"};
    textured_model(dir, "X.JOM", 2, 2, names);
    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    assert_int_equal(rm_cd_load_model(cd, "GONE.JOM", false, &d), -1);
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_NOT_FOUND);
    assert_int_equal(rm_cd_last_error(cd)->status, RM_IO);
    assert_true(has_msg(&d, "GONE.JOM: error: not found in"));
    assert_int_equal(rm_cd_load_model(cd, "X.JOM", false, &d), -1);
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_NOT_FOUND);
    assert_string_equal(rm_cd_last_error(cd)->name, "NOPE.BIN");
    assert_true(has_msg(&d, "X.JOM: texture NOPE.BIN: error: not found in"));
    /* A.BIN was loaded before the failure: given back. */
    assert_int_equal(rm_cd_sprite_count(cd), 0);
    assert_int_equal(rm_cd_loaded_texture(cd, "A.BIN"), -1);
    /* Not a name of the folder. */
    assert_int_equal(rm_cd_load_model(cd, "sub/X.JOM", false, &d), -1);
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_USAGE);
    rm_cd_close(cd);

    rm_cd_options opt;
    rm_cd_options_default(&opt);
    opt.keep_going = true;
    rm_diag_free(&d);
    rm_diag_init(&d);
    cd = rm_cd_open(dir, &opt, &d);
    int h = rm_cd_load_model(cd, "X.JOM", false, &d);
    assert_int_equal(h, 0);
    const rm_cd_model_info *info = rm_cd_model(cd, h);
    assert_int_equal(info->missing_textures, 1);
    assert_int_equal(info->textures[0].sprite, 0);
    assert_int_equal(info->textures[1].sprite, -1);
    assert_int_equal(d.errors, 0);
    assert_true(has_msg(&d, "X.JOM: texture NOPE.BIN: warning: not found in"));
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_NONE);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

static void names_are_found_in_any_case(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    cdt_write_bin(dir, "Wall.Bin", 8, 8, 4);
    static const char *const names[] = {"WALL.BIN"};
    textured_model(dir, "door.jom", 1, 1, names);
    cdt_write_bin(dir, "DUP.BIN", 8, 1, 1);
    cdt_write_bin(dir, "dup.bin", 8, 2, 1);
    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    assert_non_null(cd);
    /* The two DUP files: a warning, the upper-case one is used. */
    assert_true(has_msg(&d, "differ only by case"));
    const char *p = rm_cd_file_path(cd, "Dup.Bin");
    assert_non_null(p);
    assert_string_equal(p + strlen(p) - 8, "/DUP.BIN");
    assert_int_equal(rm_cd_model_texture(cd, "dup.BIN", &d), 0);
    assert_int_equal(rm_cd_sprite_at(cd, 0)->height, 1);    /* DUP.BIN is 8 x 1 */

    int h = rm_cd_load_model(cd, "DOOR.JOM", false, &d);
    assert_int_equal(h, 0);
    const rm_cd_model_info *info = rm_cd_model(cd, h);
    assert_string_equal(info->filename, "door.jom");
    assert_int_equal(info->textures[0].sprite, 1);
    assert_string_equal(rm_cd_sprite_at(cd, 1)->name, "WALL.BIN");   /* as TEXT names it */
    assert_int_equal(rm_cd_sprite_at(cd, 1)->texels[9], cdt_texel(4, 8, 1, 1));
    assert_int_equal(rm_cd_loaded_texture(cd, "wall.bin"), 1);
    assert_null(rm_cd_file_path(cd, "NONE.BIN"));
    assert_int_equal(d.errors, 0);
    /* A name longer than 8.3 (12 characters, GFS_FNAME_LEN): loaded, with a warning. */
    rm_cd_close(cd);
    textured_model(dir, "LONGERNAME.JOM", 1, 1, names);
    cd = rm_cd_open(dir, NULL, &d);
    assert_true(rm_cd_load_model(cd, "LongerName.jom", false, &d) >= 0);
    assert_true(has_msg(&d, "LongerName.jom: warning: longer than an 8.3 name"));
    assert_int_equal(d.errors, 0);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

static void heap_counts_size_plus_one(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    /* T.BIN 8x8: 4 + 128 = 132 bytes, 133 while it is read. */
    assert_int_equal(cdt_write_bin(dir, "T.BIN", 8, 8, 5), 132);
    static const char *const names[] = {"T.BIN"};
    /* H.JOM, 1 quad: header 24 + PNTS 8+4+48 + QUAD 8+4+20 + QMAT 8+4+2+2 (odd count: padded)
       + MATL 8+4+32 + TEXT 8+4+16 + END 8 = 24 + 60 + 32 + 16 + 44 + 28 + 8 = 212. */
    assert_int_equal(textured_model(dir, "H.JOM", 1, 1, names), 212);
    /* E.JOM: the same with T1.BIN embedded (8x2 RGB555: 32 bytes of pixels):
       TIMG = 8 + 4 + 24 + 32 = 68 -> 212 + 68 = 280. */
    rm_jom_model m;
    static const char *const emb[] = {"T1.BIN"};
    int16_t tex[1] = {0};
    cdt_model(&m, 1, NULL, 1, tex, NULL, 1, emb, NULL);
    cdt_add_timg(&m, "T1.BIN", 8, 2, 6);
    assert_int_equal(cdt_write_model(dir, "E.JOM", &m), 280);

    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    rm_cd_stats st;
    int h = rm_cd_load_model(cd, "H.JOM", false, &d);
    assert_int_equal(rm_cd_model(cd, h)->heap_bytes, 213);     /* 212 + 1 */
    assert_int_equal(rm_cd_model(cd, h)->file_bytes, 212);
    rm_cd_get_stats(cd, &st);
    assert_int_equal(st.heap_used, 213);
    assert_int_equal(st.heap_peak, 346);                       /* 213 + 133 while T.BIN is read */
    rm_cd_free_model(cd, h);
    rm_cd_get_stats(cd, &st);
    assert_int_equal(st.heap_used, 0);
    /* E.JOM: the TIMG chunk does not stay: 280 - 68 + 1 = 213; its entry
       (24 + 32 = 56 bytes) passes before the block. */
    h = rm_cd_load_model(cd, "E.JOM", false, &d);
    assert_int_equal(rm_cd_model(cd, h)->heap_bytes, 213);
    assert_true(rm_cd_model(cd, h)->textures[0].embedded);
    rm_cd_get_stats(cd, &st);
    assert_int_equal(st.heap_used, 213);
    assert_int_equal(st.heap_peak, 346);
    rm_cd_close(cd);

    /* A heap of 212 bytes: H.JOM's block (213) is 1 byte short. */
    rm_cd_options opt;
    rm_cd_options_default(&opt);
    opt.heap_size = 212;
    cd = rm_cd_open(dir, &opt, &d);
    assert_int_equal(rm_cd_load_model(cd, "H.JOM", false, &d), -1);
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_HEAP);
    assert_int_equal(rm_cd_last_error(cd)->missing, 1);
    assert_true(has_msg(&d, "H.JOM: the file's block: error: the heap cannot hold it (213 bytes, 212 free of 212): 1 bytes missing"));
    rm_cd_close(cd);
    /* 300 bytes: the block fits, T.BIN read beside it does not: 213 + 133 - 300 = 46. */
    opt.heap_size = 300;
    cd = rm_cd_open(dir, &opt, &d);
    assert_int_equal(rm_cd_load_model(cd, "H.JOM", false, &d), -1);
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_HEAP);
    assert_int_equal(rm_cd_last_error(cd)->missing, 46);
    assert_non_null(strstr(rm_cd_last_error(cd)->name, "T.BIN"));
    rm_cd_get_stats(cd, &st);
    assert_int_equal(st.heap_used, 0);                         /* the block given back */
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

static void sprite_table_full(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    cdt_write_bin(dir, "A.BIN", 8, 1, 1);
    cdt_write_bin(dir, "B.BIN", 8, 1, 2);
    cdt_write_bin(dir, "C.BIN", 8, 1, 3);
    static const char *const names[] = {"A.BIN", "B.BIN", "C.BIN"};
    textured_model(dir, "S.JOM", 3, 3, names);
    rm_cd_options opt;
    rm_cd_options_default(&opt);
    opt.max_sprites = 2;
    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, &opt, &d);
    assert_int_equal(rm_cd_load_model(cd, "S.JOM", false, &d), -1);
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_SPRITES);
    assert_non_null(strstr(rm_cd_last_error(cd)->name, "C.BIN"));
    assert_true(has_msg(&d, "texture C.BIN: error: the sprite table is full (2 sprites)"));
    assert_int_equal(rm_cd_sprite_count(cd), 0);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

/* A 32x8 texture with subdivision and mipmaps: the texture (512 bytes at
   0x10000), its 4 tiles of 16x4 (128 bytes each at 0x10200, 0x10280,
   0x10300, 0x10380), its copies 16x4 (128 at 0x10400) and 8x2 (32 at
   0x10480; 4x1 would not be a multiple of 8): 0x104A0 = 1184 bytes. */
static void tiles_and_smaller_copies(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    cdt_write_bin(dir, "BIG.BIN", 32, 8, 7);
    static const char *const names[] = {"BIG.BIN"};
    int16_t tex[1] = {0};
    uint32_t flags[1] = {RM_MAT_SUBDIVISION | RM_MAT_MIPMAPS};
    rm_jom_model m;
    cdt_model(&m, 1, NULL, 1, tex, flags, 1, names, NULL);
    cdt_write_model(dir, "T.JOM", &m);
    flags[0] = RM_MAT_SUBDIVISION_NEAR;
    cdt_model(&m, 1, NULL, 1, tex, flags, 1, names, NULL);
    cdt_write_model(dir, "U.JOM", &m);

    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    int h = rm_cd_load_model(cd, "T.JOM", false, &d);
    assert_int_equal(h, 0);
    check_sprite(cd, 0, RM_CD_TEXTURE, "BIG.BIN", 0x10000, 512);
    for (int t = 0; t < 4; t++) {
        check_sprite(cd, 1 + t, RM_CD_TILE, "BIG.BIN", 0x10200 + 0x80 * (uint32_t)t, 128);
        assert_int_equal(rm_cd_sprite_at(cd, 1 + t)->parent, 0);
        assert_int_equal(rm_cd_sprite_at(cd, 1 + t)->width, 16);
    }
    check_sprite(cd, 5, RM_CD_MIPMAP, "BIG.BIN", 0x10400, 128);
    check_sprite(cd, 6, RM_CD_MIPMAP, "BIG.BIN", 0x10480, 32);
    assert_int_equal(rm_cd_sprite_count(cd), 7);
    assert_int_equal(vram_used(cd), 1184);
    /* Tile 2 (top-right) starts at texel (16, 0), tile 3 (bottom-left) at (0, 4);
       the 8x2 copy's texel (1, 1) is the texture's (4, 4). */
    assert_int_equal(rm_cd_sprite_at(cd, 2)->texels[0], cdt_texel(7, 32, 16, 0));
    assert_int_equal(rm_cd_sprite_at(cd, 3)->texels[0], cdt_texel(7, 32, 0, 4));
    assert_int_equal(rm_cd_sprite_at(cd, 4)->texels[16 + 1], cdt_texel(7, 32, 17, 5));
    assert_int_equal(rm_cd_sprite_at(cd, 6)->texels[8 + 1], cdt_texel(7, 32, 4, 4));
    const rm_cd_model_info *info = rm_cd_model(cd, h);
    assert_int_equal(info->textures[0].first_tile, 1);
    assert_int_equal(info->textures[0].first_mipmap, 5);
    assert_int_equal(info->textures[0].mipmap_count, 2);
    assert_int_equal(info->sprites_added, 7);
    /* U.JOM uses BIG.BIN with subdivision too: its tiles exist, nothing new. */
    int hu = rm_cd_load_model(cd, "U.JOM", false, &d);
    assert_int_equal(rm_cd_model(cd, hu)->sprites_added, 0);
    assert_int_equal(rm_cd_model(cd, hu)->textures[0].first_tile, 1);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_order_and_shared_texture),
        cmocka_unit_test(free_textures_from_gives_the_vram_back),
        cmocka_unit_test(gouraud_sharing_and_for_lights),
        cmocka_unit_test(vram_overflow_is_refused_with_the_name),
        cmocka_unit_test(missing_files),
        cmocka_unit_test(names_are_found_in_any_case),
        cmocka_unit_test(heap_counts_size_plus_one),
        cmocka_unit_test(sprite_table_full),
        cmocka_unit_test(tiles_and_smaller_copies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
