/* Textures through the CD context: embedded TIMG entries (RGB555 and 16
   colors with their lookup table in front), reused by a second model; TGA
   files read as the engine's loader reads them (saturn-notes 3.2: 24-bit,
   32-bit with alpha < 8 transparent, 8-bit with a 256-entry map, rows
   bottom-up unless the descriptor says top-left) and refused where that
   loader would misread them; the preview scene takes the loaded texels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/jom/jom_models.h"
#include "cd_fixtures.h"
#include "retromesh/cd.h"
#include "retromesh/render.h"

static bool has_msg(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            return true;
    return false;
}

static size_t count_msg(const rm_diag *d, const char *text)
{
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++)
        if (strstr(d->items[i].text, text))
            n++;
    return n;
}

/* jom_model_textured: the triangle with TIMG RGB_0A1B2C.BIN (8x1 RGB555:
   16 bytes) and LUT_3D4E5F.BIN (8x1, 16 colors: 32 + 4 = 36 bytes). */
static void embedded_textures(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    rm_jom_model m;
    jom_model_textured(&m);
    /* header 24 + TIMG 8+4 + (24+16) + (24+36) = 112 + PNTS 8+4+36 = 48 + QUAD 32 + QMAT 16
       + MATL 44 + TEXT 8+4+32 = 44 + END 8 = 328. */
    assert_int_equal(cdt_write_model(dir, "TRI.JOM", &m), 328);
    jom_model_textured(&m);
    cdt_write_model(dir, "TRI2.JOM", &m);
    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    int h = rm_cd_load_model(cd, "TRI.JOM", false, &d);
    assert_int_equal(h, 0);
    /* RGB at 0x10000 (16 bytes) -> next 0x10020; the LUT texture at 0x10020: its
       table 0x10020..0x10040, its texels from 0x10040, 36 bytes -> 0x10044 -> next 0x10060. */
    const rm_cd_sprite *a = rm_cd_sprite_at(cd, 0), *b = rm_cd_sprite_at(cd, 1);
    assert_int_equal(a->mode, RM_CD_RGB555);
    assert_int_equal(a->address, 0x10000);
    assert_int_equal(a->bytes, 16);
    assert_int_equal(b->mode, RM_CD_LUT16);
    assert_int_equal(b->address, 0x10020);
    assert_int_equal(b->texel_address, 0x10040);
    assert_int_equal(b->bytes, 36);
    rm_cd_stats st;
    rm_cd_get_stats(cd, &st);
    assert_int_equal(st.vram_used, 0x60);
    /* Texels: RGB pixel i is 0x8000 | i; LUT bytes 01 23 45 67: index 0 transparent, index i -> 0x8000 | i. */
    assert_int_equal(a->texels[5], 0x8005);
    assert_int_equal(b->texels[0], 0);
    assert_int_equal(b->texels[1], 0x8001);
    assert_int_equal(b->texels[7], 0x8007);
    /* The heap: 328 - 112 + 1 = 217 stays; the entries (40, 60) passed before it. */
    assert_int_equal(rm_cd_model(cd, h)->heap_bytes, 217);
    assert_int_equal(st.heap_used, 217);
    assert_int_equal(st.heap_peak, 217);
    /* The same textures in another model: skipped. */
    int h2 = rm_cd_load_model(cd, "TRI2.JOM", false, &d);
    assert_int_equal(rm_cd_model(cd, h2)->sprites_added, 0);
    assert_int_equal(rm_cd_model(cd, h2)->vram_bytes, 0);
    assert_false(rm_cd_model(cd, h2)->textures[1].loaded_now);
    assert_int_equal(rm_cd_model(cd, h2)->textures[1].sprite, 1);
    assert_int_equal(rm_cd_loaded_texture(cd, "lut_3d4e5f.bin"), 1);

    /* The preview scene: the triangle's material uses TEXT 1, the LUT texture. */
    rm_render_scene scene;
    assert_int_equal(rm_render_scene_from_cd(cd, h, &scene, &d), RM_OK);
    assert_int_equal(scene.texture_count, 2);
    assert_int_equal(scene.textures[1].width, 8);
    assert_int_equal(scene.textures[1].texels[7], 0x8007);
    assert_null(scene.gouraud);
    rm_render_options opt;
    rm_render_options_default(&opt);
    opt.width = 32;
    opt.height = 24;
    uint16_t fb[32 * 24];
    assert_int_equal(rm_render_frame(&scene, NULL, 0, &opt, fb), RM_OK);
    rm_render_scene_free(&scene);
    /* After free_textures_from, the preview draws the material color, with a warning. */
    rm_cd_free_model(cd, h2);
    assert_int_equal(rm_cd_free_textures_from(cd, 0), RM_OK);
    assert_int_equal(rm_render_scene_from_cd(cd, h, &scene, &d), RM_OK);
    assert_null(scene.textures[1].texels);
    assert_true(has_msg(&d, "texture LUT_3D4E5F.BIN not loaded"));
    rm_render_scene_free(&scene);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

/* An 18-byte TGA header, little endian. */
static void tga_header(uint8_t h[18], uint8_t type, uint8_t map_type, uint16_t map_len, uint8_t map_bits,
                       uint16_t w, uint16_t hgt, uint8_t depth, uint8_t desc)
{
    memset(h, 0, 18);
    h[1] = map_type;
    h[2] = type;
    h[5] = (uint8_t)map_len;
    h[6] = (uint8_t)(map_len >> 8);
    h[7] = map_bits;
    h[12] = (uint8_t)w;
    h[13] = (uint8_t)(w >> 8);
    h[14] = (uint8_t)hgt;
    h[15] = (uint8_t)(hgt >> 8);
    h[16] = depth;
    h[17] = desc;
}

static void tga_files(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    uint8_t buf[18 + 768 + 64];
    /* T24.TGA: 8x2, 24-bit, bottom-up. File row 0 (shown at the bottom) is
       B,G,R = 0,0,255 -> red 31: 0x801F. File row 1 (shown on top) is
       255,8,7 -> r 7>>3 = 0, g 8>>3 = 1, b 31: 0x8000 | 1<<5 | 31<<10 = 0xFC20. */
    tga_header(buf, 2, 0, 0, 0, 8, 2, 24, 0);
    for (int i = 0; i < 8; i++) {
        uint8_t *p = buf + 18 + 3 * i;
        p[0] = 0, p[1] = 0, p[2] = 255;
        p = buf + 18 + 24 + 3 * i;
        p[0] = 255, p[1] = 8, p[2] = 7;
    }
    cdt_write_file(dir, "T24.TGA", buf, 18 + 48);
    /* T32.TGA: 8x1, 32-bit, top-left origin (0x20): texel 0 has alpha 7 (7>>3 = 0:
       transparent), texel 1 alpha 8 (opaque), white -> 0xFFFF. */
    tga_header(buf, 2, 0, 0, 0, 8, 1, 32, 0x20);
    memset(buf + 18, 255, 32);
    buf[18 + 3] = 7;
    buf[18 + 7] = 8;
    cdt_write_file(dir, "T32.TGA", buf, 18 + 32);
    /* T8.TGA: 8x1, 8-bit color-mapped, 256 x 24-bit map; map[0] = B,G,R 0,0,248 -> 0x801F;
       texel 0 is index 0 (code 1 -> map[0]); texel 1 is index 255 (code 256 -> 0: transparent). */
    tga_header(buf, 1, 1, 256, 24, 8, 1, 8, 0x20);
    memset(buf + 18, 0, 768);
    buf[18 + 2] = 248;
    memset(buf + 18 + 768, 0, 8);
    buf[18 + 768 + 1] = 255;
    cdt_write_file(dir, "T8.TGA", buf, 18 + 768 + 8);
    /* RLE.TGA (type 10) and ID.TGA (an image ID): refused. */
    tga_header(buf, 10, 0, 0, 0, 8, 1, 24, 0);
    cdt_write_file(dir, "RLE.TGA", buf, 18 + 24);
    tga_header(buf, 2, 0, 0, 0, 8, 1, 24, 0);
    buf[0] = 4;
    cdt_write_file(dir, "ID.TGA", buf, 18 + 4 + 24);
    /* W12.TGA: 12 wide, not a multiple of 8. */
    tga_header(buf, 2, 0, 0, 0, 12, 1, 24, 0);
    cdt_write_file(dir, "W12.TGA", buf, 18 + 36);

    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    assert_int_equal(rm_cd_model_texture(cd, "T24.TGA", &d), 0);
    const rm_cd_sprite *s = rm_cd_sprite_at(cd, 0);
    assert_int_equal(s->mode, RM_CD_RGB555);
    assert_int_equal(s->bytes, 32);             /* 8 * 2 * 2 */
    assert_int_equal(s->texels[0], 0xFC20);     /* top row */
    assert_int_equal(s->texels[8], 0x801F);     /* bottom row */
    assert_int_equal(rm_cd_model_texture(cd, "t32.tga", &d), 1);
    s = rm_cd_sprite_at(cd, 1);
    assert_int_equal(s->address, 0x10020);
    assert_int_equal(s->texels[0], 0);
    assert_int_equal(s->texels[1], 0xFFFF);
    assert_int_equal(rm_cd_model_texture(cd, "T8.TGA", &d), 2);
    s = rm_cd_sprite_at(cd, 2);
    assert_int_equal(s->mode, RM_CD_PAL256);
    assert_int_equal(s->bytes, 8);              /* 1 byte a texel */
    assert_int_equal(s->address, 0x10040);      /* T32: 16 bytes at 0x10020 -> 0x10040 */
    assert_int_equal(s->texels[0], 0x801F);
    assert_int_equal(s->texels[1], 0);
    assert_int_equal(d.errors, 0);

    assert_int_equal(rm_cd_model_texture(cd, "RLE.TGA", &d), -1);
    assert_int_equal(rm_cd_last_error(cd)->kind, RM_CD_ERR_INVALID);
    assert_true(has_msg(&d, "run-length encoded TGA"));
    assert_int_equal(rm_cd_model_texture(cd, "ID.TGA", &d), -1);
    assert_true(has_msg(&d, "does not skip it"));
    assert_int_equal(rm_cd_model_texture(cd, "W12.TGA", &d), -1);
    assert_true(has_msg(&d, "12x1: the VDP1 needs a width multiple of 8"));
    assert_int_equal(rm_cd_model_texture(cd, "T24.PNG", &d), -1);
    assert_true(has_msg(&d, "not a .BIN or .TGA name"));
    assert_int_equal(rm_cd_sprite_count(cd), 3);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

/* TIMG entry i is texture i whatever TEXT i says (seed 000: "the texture i
   of the model is the entry i"); the entry's name is the one registered.
   OTHER.BIN is not in the folder: nothing looks for it. */
static void embedded_by_place(void **state)
{
    (void)state;
    char *dir = cdt_make_dir();
    rm_jom_model m;
    static const char *const names[] = {"OTHER.BIN"};
    int16_t tex[1] = {0};
    cdt_model(&m, 1, NULL, 1, tex, NULL, 1, names, NULL);
    cdt_add_timg(&m, "T1.BIN", 8, 2, 6);
    cdt_write_model(dir, "P.JOM", &m);
    rm_diag d;
    rm_diag_init(&d);
    rm_cd *cd = rm_cd_open(dir, NULL, &d);
    int h = rm_cd_load_model(cd, "P.JOM", false, &d);
    assert_int_equal(h, 0);
    assert_int_equal(d.errors, 0);
    assert_true(has_msg(&d, "TEXT names it 'OTHER.BIN'"));    /* the reader's warning */
    /* Once: the runtime model is made from the copy the load read, not
       from a second reading of the bytes. */
    assert_int_equal(count_msg(&d, "TEXT names it 'OTHER.BIN'"), 1);
    const rm_cd_model_info *info = rm_cd_model(cd, h);
    assert_true(info->textures[0].embedded);
    assert_string_equal(info->textures[0].name, "T1.BIN");
    assert_int_equal(info->textures[0].sprite, 0);
    assert_string_equal(rm_cd_sprite_at(cd, 0)->name, "T1.BIN");
    assert_int_equal(rm_cd_sprite_at(cd, 0)->texels[8 + 3], cdt_texel(6, 8, 3, 1));
    assert_int_equal(rm_cd_loaded_texture(cd, "OTHER.BIN"), -1);
    rm_cd_close(cd);
    rm_diag_free(&d);
    cdt_remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(embedded_textures),
        cmocka_unit_test(tga_files),
        cmocka_unit_test(embedded_by_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
