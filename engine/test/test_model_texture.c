/* engine/test/test_model_texture.c - engine/model_texture.c on the SuperH
   CPU (qemu-sh4eb), over the test double.

     test_model_texture.elf run DIR STEP ARG ...
         The steps of tests/engine_texture/host_cd.c (texture, loaded,
         model, lights, free) through the engine's functions, then the
         sprite table in the same format: the CTest script compares the two
         outputs line for line (the host CD context is the independent
         path). Exit 1 when the double recorded a defect or a table is
         inconsistent (printed on stderr).
     test_model_texture.elf unit GROUP DIR
         Checks with values computed by hand (in the comments): lut, timg,
         derive, files, full, free, vram. Prints "ok N checks" or the failures.

   DIR is the folder made by `host_cd make DIR` (the CD's current
   directory). */
#include <double.h>

#include "model_internal.h"

static unsigned int checks, failures;

#define CHECK(cond, ...)                                                                                               \
    do                                                                                                                 \
    {                                                                                                                  \
        ++checks;                                                                                                      \
        if (!(cond))                                                                                                   \
        {                                                                                                              \
            ++failures;                                                                                                \
            rt_eprintf("FAIL line %d: %s: ", __LINE__, #cond);                                                         \
            rt_eprintf(__VA_ARGS__);                                                                                   \
            rt_eprint("\n");                                                                                           \
        }                                                                                                              \
    } while (0)

#define CHECK_INT(got, want) CHECK((int)(got) == (int)(want), "got %d, want %d", (int)(got), (int)(want))
#define CHECK_MSG(want)                                                                                                \
    CHECK(rt_strcmp(__jo_module_last_error(), want) == 0, "message \"%s\", want \"%s\"", __jo_module_last_error(), want)

static unsigned int be16(const unsigned char *p)
{
    return (unsigned int)p[0] << 8 | p[1];
}

/* ---- the table, as host_cd prints it ---- */

/* The registry entry whose tiles or copies hold sprite id (kind 1 tile, 2
   copy), JO_NULL. */
static const __jo_3d_texture *parent_of(int id, int *kind)
{
    for (int k = 0; k < id; ++k)
    {
        const __jo_3d_texture *t = __jo_3d_texture_of(k);
        if (!t)
            continue;
        if (t->first_tile >= 0 && id >= t->first_tile && id < t->first_tile + 4)
        {
            *kind = 1;
            return t;
        }
        if (t->first_mipmap >= 0 && id >= t->first_mipmap && id < t->first_mipmap + t->mipmap_count)
        {
            *kind = 2;
            return t;
        }
    }
    *kind = 3;
    return JO_NULL;
}

static unsigned int fnv(unsigned int h, unsigned int w)
{
    h = (h ^ (w >> 8)) * 16777619u;
    return (h ^ (w & 0xFFu)) * 16777619u;
}

static void table(void)
{
    static const char *const kinds[] = {"texture", "tile", "mipmap", "gouraud"};
    int n = jo_sprite_count();
    const unsigned char *vram = double_vram();
    CHECK_INT(double_sprite_count(), n);
    rt_printf("sprites %d\n", n);
    for (int id = 0; id < n; ++id)
    {
        const double_sprite *d = double_sprite_at(id);
        const jo_texture_definition *def = &__jo_sprite_def[id];
        const jo_picture_definition *pic = &__jo_sprite_pic[id];
        const __jo_3d_texture *t = __jo_3d_texture_of(id), *owner = t;
        int kind = 0;
        if (!t)
            owner = parent_of(id, &kind);
        unsigned int texels = (unsigned int)def->adr << 3;
        const char *mode = pic->color_mode == COL_16 ? "lut" : pic->color_mode == COL_256 ? "pal" : "rgb";
        unsigned int colno = 0;
        if (pic->color_mode == COL_16)
        {
            CHECK(owner != JO_NULL && owner->mode == __JO_3D_TEXTURE_LUT, "sprite %d: 16 colors with no table", id);
            colno = owner ? owner->lut >> 3 : 0;
            /* Hand rule: a texture's texels 32 bytes after its table, at
               the allocation; a tile's or copy's texels at the allocation. */
            CHECK_INT(texels, d->address + (t ? 32 : 0));
            if (t)
                CHECK_INT(t->lut, d->address);
        }
        else
            CHECK_INT(texels, d->address);
        CHECK(pic->data == (const void *)(vram + texels), "sprite %d: picture data not at CGadr", id);
        rt_printf("%d %s %s %ux%u hv %u at 0x%x cg 0x%x res %u colno %u sum ", id, kinds[kind], mode,
                  (unsigned int)def->width, (unsigned int)def->height, (unsigned int)def->size, d->address,
                  (unsigned int)def->adr, (d->bytes + 31) & ~31u, colno);
        if (pic->color_mode == COL_256)
        {
            rt_print("-\n");
            continue;
        }
        unsigned int h = 2166136261u, count = (unsigned int)def->width * def->height;
        for (unsigned int i = 0; i < count; ++i)
        {
            unsigned int w;
            if (pic->color_mode == COL_16)
            {
                unsigned int byte = vram[texels + (i >> 1)];
                unsigned int index = (i & 1) ? byte & 15 : byte >> 4;
                w = index ? be16(vram + (colno << 3) + 2 * index) : 0;
            }
            else
                w = be16(vram + texels + 2 * i);
            h = fnv(h, w);
        }
        rt_printf("0x%08x\n", h);
    }
}

static int defects(void)
{
    for (unsigned int i = 0; i < double_defect_count(); ++i)
        rt_eprintf("defect: %s\n", double_defect_at(i));
    return double_defect_count() != 0;
}

static int run(int argc, char **argv)
{
    for (int i = 0; i + 1 < argc; i += 2)
    {
        const char *op = argv[i], *arg = argv[i + 1];
        if (rt_strcmp(op, "texture") == 0)
            rt_printf("texture %s -> %d\n", arg, jo_3d_model_texture(arg));
        else if (rt_strcmp(op, "loaded") == 0)
            rt_printf("loaded %s -> %d\n", arg, jo_3d_model_loaded_texture(arg));
        else if (rt_strcmp(op, "model") == 0 || rt_strcmp(op, "lights") == 0)
        {
            jo_3d_model *m = rt_strcmp(op, "model") == 0 ? jo_3d_load_model(arg) : __jo_3d_load_model_for_lights(arg);
            rt_printf("%s %s -> %s\n", op, arg, m ? "ok" : "refused");
            if (!m)
                rt_eprintf("%s: %s\n", arg, __jo_module_last_error());
        }
        else if (rt_strcmp(op, "free") == 0)
        {
            jo_3d_model_free_textures_from(rt_atoi(arg));
            rt_printf("free %s -> %d\n", arg, jo_sprite_count());
        }
        else
        {
            rt_eprintf("unknown step %s\n", op);
            return 2;
        }
    }
    table();
    int bad = defects();
    if (failures)
        rt_eprintf("%u of %u checks failed\n", failures, checks);
    return bad || failures ? 1 : 0;
}

/* ---- unit checks ---- */

/* A TIMG entry header: name, width, height, format (big endian). */
static void entry(unsigned char e[24], const char *name, unsigned int w, unsigned int h, unsigned int format)
{
    rt_memset(e, 0, 24);
    for (unsigned int i = 0; i < 15 && name[i]; ++i)
        e[i] = (unsigned char)name[i];
    e[16] = (unsigned char)(w >> 8), e[17] = (unsigned char)w;
    e[18] = (unsigned char)(h >> 8), e[19] = (unsigned char)h;
    e[20] = (unsigned char)(format >> 8), e[21] = (unsigned char)format;
}

static void unit_lut(void)
{
    /* 16 x 2, table 0x8000 + k; texel i has index i & 15. */
    static jo_color lut[16];
    static unsigned char px[16];
    for (int k = 0; k < 16; ++k)
        lut[k] = (jo_color)(0x8000 + k);
    for (int i = 0; i < 16; ++i)
        px[i] = (unsigned char)((((2 * i) & 15) << 4) | ((2 * i + 1) & 15));
    int id = jo_sprite_add_4bits_lut(lut, px, 16, 2);
    CHECK_INT(id, 0);
    /* One allocation of 32 + 16 x 2 / 2 = 48 bytes at 0x10000, reserved as
       8 x ceil(48 / 16) = 8 x 3 RGB (48 bytes); the next sprite 64 further. */
    const double_sprite *d = double_sprite_at(id);
    CHECK_INT(d->address, 0x10000);
    CHECK_INT(d->width, 8);
    CHECK_INT(d->height, 3);
    CHECK_INT(d->bytes, 48);
    CHECK_INT(double_vram_next(), 0x10040);
    /* Tables: 16 x 2, CGadr (0x10000 + 32) / 8 = 0x2004, HVsize (16 / 8) << 8 | 2 = 0x202. */
    CHECK_INT(__jo_sprite_def[id].width, 16);
    CHECK_INT(__jo_sprite_def[id].height, 2);
    CHECK_INT(__jo_sprite_def[id].adr, 0x2004);
    CHECK_INT(__jo_sprite_def[id].size, 0x202);
    CHECK_INT(__jo_sprite_pic[id].color_mode, COL_16);
    CHECK(__jo_sprite_pic[id].data == double_vram() + 0x10020, "texels at 0x10020");
    /* VRAM: the table's words, then the bytes of the texels. */
    const unsigned char *v = double_vram();
    for (int k = 0; k < 16; ++k)
        CHECK_INT(be16(v + 0x10000 + 2 * k), 0x8000 + k);
    for (int i = 0; i < 16; ++i)
        CHECK_INT(v[0x10020 + i], px[i]);
    /* JO_NULL table and pixels: reserved only. 8 x 2: 32 + 8 bytes -> 8 x 3
       (48 bytes) at 0x10040. */
    int id2 = jo_sprite_add_4bits_lut(JO_NULL, JO_NULL, 8, 2);
    CHECK_INT(id2, 1);
    CHECK_INT(double_sprite_at(id2)->address, 0x10040);
    CHECK_INT(__jo_sprite_def[id2].adr, (0x10040 + 32) >> 3);
    /* Refused: width 12, 0, 512; height 0, 256. Nothing added. */
    CHECK_INT(jo_sprite_add_4bits_lut(lut, px, 12, 2), -1);
    CHECK_MSG("jo_sprite_add_4bits_lut: 12x2: not 8..504 by 8 x 1..255");
    CHECK_INT(jo_sprite_add_4bits_lut(lut, px, 0, 2), -1);
    CHECK_INT(jo_sprite_add_4bits_lut(lut, px, 512, 2), -1);
    CHECK_INT(jo_sprite_add_4bits_lut(lut, px, 8, 0), -1);
    CHECK_INT(jo_sprite_add_4bits_lut(lut, px, 8, 256), -1);
    CHECK_MSG("jo_sprite_add_4bits_lut: 8x256: not 8..504 by 8 x 1..255");
    CHECK_INT(jo_sprite_count(), 2);
    /* 256 x 128: 32 + 16384 = 16416 bytes = 513 x 32, taken by any shape of
       16385 .. 16416 bytes. RGB 8 x 1026 is too high for Jo; RGB 16 x 513,
       24 x 342, 32 x 257 too; RGB 40 x 205 = 16400 bytes: the first. */
    int big = jo_sprite_add_4bits_lut(JO_NULL, JO_NULL, 256, 128);
    CHECK_INT(big, 2);
    CHECK_INT(double_sprite_at(big)->width, 40);
    CHECK_INT(double_sprite_at(big)->height, 205);
    CHECK_INT(double_sprite_at(big)->bytes, 16400);
    CHECK_INT(__jo_sprite_def[big].size, (32 << 8) | 128);
    CHECK_INT(double_vram_next(), 0x10080 + 16416);
    /* 504 x 255: 32 + 64260 = 64292 bytes, 2010 blocks of 32 (64320): an
       RGB 8m x H takes 16 m H bytes, in 64289 .. 64320 when m H is 4019
       (a prime) or 4020 = 2^2 x 3 x 5 x 67; H <= 255 needs m >= 16, and
       the first divisor of 4020 from 16 up is 20: 160 x 201. */
    int huge = jo_sprite_add_4bits_lut(JO_NULL, JO_NULL, 504, 255);
    CHECK_INT(huge, 3);
    CHECK_INT(double_sprite_at(huge)->color_mode, COL_32K);
    CHECK_INT(double_sprite_at(huge)->width, 160);
    CHECK_INT(double_sprite_at(huge)->height, 201);
    CHECK_INT(__jo_sprite_pic[huge].color_mode, COL_16);
    CHECK_INT(double_vram_next(), 0x10080 + 16416 + 64320);
    /* 128 x 135: 32 + 8640 = 8672 bytes = 271 blocks. RGB: 16 m H in 8641 ..
       8672, m H = 541 (a prime) or 542 = 2 x 271: none within 255 rows.
       8-bit: 8 m H, m H in 1081 .. 1084 = 23 x 47, 2 x 541, 3 x 19 x 19,
       2^2 x 271; H <= 255 needs m >= 5; the first divisor from 5 up is 19
       (1083 = 19 x 57): 152 x 57 = 8664 bytes. */
    int eight = jo_sprite_add_4bits_lut(JO_NULL, JO_NULL, 128, 135);
    CHECK_INT(eight, 4);
    CHECK_INT(double_sprite_at(eight)->color_mode, COL_256);
    CHECK_INT(double_sprite_at(eight)->width, 152);
    CHECK_INT(double_sprite_at(eight)->height, 57);
    CHECK_INT(double_sprite_at(eight)->bytes, 8664);
    CHECK_INT(__jo_sprite_pic[eight].color_mode, COL_16);
    CHECK_INT(__jo_sprite_def[eight].width, 128);
    CHECK_INT(__jo_sprite_def[eight].height, 135);
    CHECK_INT(double_vram_next(), 0x10080 + 16416 + 64320 + 8672);
}

static void unit_timg(void)
{
    unsigned char e[24];
    static unsigned char px[32 + 64];
    /* Sizes (hand): 8 x 2 RGB 32; 8 x 2 LUT 32 + 8 = 40; 8 x 1 LUT 36;
       10 x 1 LUT 32 + 5 = 37 -> 40; format 2: 0; too large: capped. */
    CHECK_INT(__jo_3d_timg_pixel_bytes(8, 2, 0), 32);
    CHECK_INT(__jo_3d_timg_pixel_bytes(8, 2, 1), 40);
    CHECK_INT(__jo_3d_timg_pixel_bytes(8, 1, 1), 36);
    CHECK_INT(__jo_3d_timg_pixel_bytes(10, 1, 1), 40);
    CHECK_INT(__jo_3d_timg_pixel_bytes(8, 2, 2), 0);
    CHECK(__jo_3d_timg_pixel_bytes(65535, 65535, 0) == 0x7FFFFFF0u, "capped");
    CHECK(__jo_3d_timg_pixel_bytes(0x10000, 1, 0) == 0x7FFFFFF0u, "capped");
    /* Refusals, with the entry's offset. */
    entry(e, "BAD.BIN", 12, 2, 0);
    CHECK_INT(__jo_3d_texture_add_entry("T.JOM", 0x24, e, px), -1);
    CHECK_MSG("T.JOM: chunk TIMG at 0x24: width 12, not 8..504 by 8");
    entry(e, "BAD.BIN", 512, 1, 0);
    CHECK_INT(__jo_3d_texture_add_entry("T.JOM", 0x24, e, px), -1);
    CHECK_MSG("T.JOM: chunk TIMG at 0x24: width 512, not 8..504 by 8");
    entry(e, "BAD.BIN", 0, 1, 0);
    CHECK_INT(__jo_3d_texture_add_entry("T.JOM", 0x24, e, px), -1);
    entry(e, "BAD.BIN", 8, 0, 0);
    CHECK_INT(__jo_3d_texture_add_entry("T.JOM", 0x48, e, px), -1);
    CHECK_MSG("T.JOM: chunk TIMG at 0x48: height 0, not 1..255");
    entry(e, "BAD.BIN", 8, 256, 0);
    CHECK_INT(__jo_3d_texture_add_entry("T.JOM", 0x48, e, px), -1);
    CHECK_MSG("T.JOM: chunk TIMG at 0x48: height 256, not 1..255");
    entry(e, "BAD.BIN", 8, 2, 2);
    CHECK_INT(__jo_3d_texture_add_entry("T.JOM", 0x60, e, px), -1);
    CHECK_MSG("T.JOM: chunk TIMG at 0x60: format 2, not 0 or 1");
    CHECK_INT(jo_sprite_count(), 0);
    /* RGB 8 x 2: word i = 0x8000 | i, as the file holds it (big endian). */
    for (int i = 0; i < 16; ++i)
        px[2 * i] = 0x80, px[2 * i + 1] = (unsigned char)i;
    entry(e, "WALL_1A2B3C.BIN", 8, 2, 0);
    int id = __jo_3d_texture_add_entry("T.JOM", 0x24, e, px);
    CHECK_INT(id, 0);
    CHECK_INT(double_sprite_at(id)->address, 0x10000);
    CHECK_INT(double_sprite_at(id)->bytes, 32);
    for (int i = 0; i < 16; ++i)
        CHECK_INT(be16(double_vram() + 0x10000 + 2 * i), 0x8000 | i);
    const __jo_3d_texture *t = __jo_3d_texture_of(id);
    CHECK(t != JO_NULL && rt_strcmp(t->name, "WALL_1A2B3C.BIN") == 0, "registered");
    CHECK(t && t->mode == __JO_3D_TEXTURE_RGB && t->width == 8 && t->height == 2 && t->first_tile == -1 &&
              t->first_mipmap == -1,
          "entry fields");
    /* The same name in another case: the same sprite, nothing added. */
    entry(e, "wall_1a2b3c.bin", 8, 2, 0);
    CHECK_INT(__jo_3d_texture_add_entry("U.JOM", 0x24, e, px), 0);
    CHECK_INT(jo_sprite_count(), 1);
    CHECK_INT(jo_3d_model_loaded_texture("Wall_1A2B3C.Bin"), 0);
    CHECK_INT(jo_3d_model_texture("WALL_1A2B3C.BIN"), 0);
    CHECK_INT(jo_3d_model_loaded_texture("WALL_1A2B3C.BI"), -1);
    CHECK_INT(jo_3d_model_loaded_texture(""), -1);
    /* LUT 8 x 2 at 0x10020: table 0x8000 + k, texels 0x01, 0x23, ... */
    for (int k = 0; k < 16; ++k)
        px[2 * k] = 0x80, px[2 * k + 1] = (unsigned char)k;
    for (int i = 0; i < 8; ++i)
        px[32 + i] = (unsigned char)(((2 * i) << 4) | (2 * i + 1));
    entry(e, "LUT.BIN", 8, 2, 1);
    id = __jo_3d_texture_add_entry("T.JOM", 0x50, e, px);
    CHECK_INT(id, 1);
    t = __jo_3d_texture_of(id);
    CHECK(t && t->mode == __JO_3D_TEXTURE_LUT && t->lut == 0x10020, "lut at 0x10020 (colno 0x2004)");
    CHECK_INT(__jo_sprite_def[id].adr, (0x10020 + 32) >> 3);
    CHECK_INT(be16(double_vram() + 0x10020 + 30), 0x800F);
    CHECK_INT(double_vram()[0x10040 + 7], 0xEF);
    /* Gouraud tables: 4 x 1 in the tables, 32 bytes of VRAM each. */
    static const unsigned short c1[4] = {0x8421, 0x8842, 0xC210, 0xFFFF};
    int g = __jo_3d_gouraud_add("T.JOM", c1);
    CHECK_INT(g, 2);
    /* After the LUT: 0x10020 + 40 -> 0x10060. */
    CHECK_INT(double_sprite_at(g)->address, 0x10060);
    CHECK_INT(__jo_sprite_def[g].adr, 0x10060 >> 3);
    CHECK_INT(__jo_sprite_def[g].width, 4);
    CHECK_INT(__jo_sprite_def[g].height, 1);
    CHECK_INT(__jo_sprite_def[g].size, 1);
    for (int k = 0; k < 4; ++k)
        CHECK_INT(be16(double_vram() + 0x10060 + 2 * k), c1[k]);
    CHECK(__jo_3d_texture_of(g) == JO_NULL, "a table is not a texture");
    CHECK_INT(__jo_3d_gouraud_add("T.JOM", c1), 3);
    CHECK_INT(double_sprite_at(3)->address, 0x10080);
}

static void unit_derive(const char *dir)
{
    unsigned char e[24];
    static unsigned char px[32 * 2 * 2];
    /* RGB 16 x 2, texel (x, y) = 0x8000 | y << 8 | x. */
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 16; ++x)
            px[2 * (16 * y + x)] = (unsigned char)(0x80 | y), px[2 * (16 * y + x) + 1] = (unsigned char)x;
    entry(e, "RGB.BIN", 16, 2, 0);
    int id = __jo_3d_texture_add_entry("D.JOM", 0x24, e, px);
    CHECK_INT(id, 0);
    CHECK(__jo_3d_texture_derive("D.JOM", id, true, true), "derived");
    /* Tiles 8 x 1: (0, 0), (8, 0), (0, 1), (8, 1); one copy 8 x 1: x = 0, 2, .. 14 of row 0. */
    CHECK_INT(jo_sprite_count(), 6);
    const __jo_3d_texture *t = __jo_3d_texture_of(id);
    CHECK(t && t->first_tile == 1 && t->first_mipmap == 5 && t->mipmap_count == 1, "derived ids");
    for (int k = 0; k < 4; ++k)
    {
        CHECK_INT(__jo_sprite_def[1 + k].width, 8);
        CHECK_INT(__jo_sprite_def[1 + k].height, 1);
        const unsigned char *v = double_vram() + (__jo_sprite_def[1 + k].adr << 3);
        for (int x = 0; x < 8; ++x)
            CHECK_INT(be16(v + 2 * x), 0x8000 | (k >> 1) << 8 | ((k & 1) * 8 + x));
    }
    for (int x = 0; x < 8; ++x)
        CHECK_INT(be16(double_vram() + (__jo_sprite_def[5].adr << 3) + 2 * x), 0x8000 | 2 * x);
    /* Once per texture. */
    CHECK(__jo_3d_texture_derive("D.JOM", id, true, true), "again");
    CHECK_INT(jo_sprite_count(), 6);
    /* LUT 16 x 2, index (x + y) & 15: tile 1 = row 0, x 8..15: 0x89 0xAB 0xCD 0xEF;
       the 8 x 1 copy: x = 0, 2, .. 14: 0x02 0x46 0x8A 0xCE. No table of their own. */
    for (int k = 0; k < 16; ++k)
        px[2 * k] = 0x80, px[2 * k + 1] = (unsigned char)k;
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 16; x += 2)
            px[32 + 8 * y + x / 2] = (unsigned char)(((x + y) & 15) << 4 | ((x + 1 + y) & 15));
    entry(e, "LUT.BIN", 16, 2, 1);
    int lid = __jo_3d_texture_add_entry("D.JOM", 0x24, e, px);
    CHECK_INT(lid, 6);
    CHECK(__jo_3d_texture_derive("D.JOM", lid, true, true), "lut derived");
    CHECK_INT(jo_sprite_count(), 12);
    const unsigned char *v = double_vram() + (__jo_sprite_def[8].adr << 3);
    CHECK(v[0] == 0x89 && v[1] == 0xAB && v[2] == 0xCD && v[3] == 0xEF, "lut tile 1: %x %x %x %x", v[0], v[1], v[2],
          v[3]);
    v = double_vram() + (__jo_sprite_def[11].adr << 3);
    CHECK(v[0] == 0x02 && v[1] == 0x46 && v[2] == 0x8A && v[3] == 0xCE, "lut copy: %x %x %x %x", v[0], v[1], v[2],
          v[3]);
    /* A tile of 8 x 1 at 4 bits: 4 bytes, one 32-byte block, CGadr at the allocation. */
    CHECK_INT(double_sprite_at(8)->address, __jo_sprite_def[8].adr << 3);
    CHECK_INT(__jo_sprite_pic[8].color_mode, COL_16);
    CHECK_INT(double_sprite_at(9)->address, double_sprite_at(8)->address + 32);
    /* 8-bit: T8.TGA (16 x 16, top-left rows), texel = the file's index + 1. */
    double_set_cd(dir);
    int pid = jo_3d_model_texture("T8.TGA");
    CHECK_INT(pid, 12);
    CHECK(__jo_3d_texture_derive(JO_NULL, pid, true, true), "pal derived");
    char path[300];
    rt_snprintf(path, sizeof path, "%s/T8.TGA", dir);
    unsigned int size = 0;
    unsigned char *file = rt_read_file(path, &size);
    CHECK(file != JO_NULL && size == 18 + 768 + 256, "T8.TGA read");
    if (file)
    {
        const unsigned char *pix = file + 18 + 768;
        for (int k = 0; k < 4; ++k)
        {
            const unsigned char *tv = double_vram() + (__jo_sprite_def[13 + k].adr << 3);
            int x0 = (k & 1) * 8, y0 = (k >> 1) * 8, bad = 0;
            for (int y = 0; y < 8; ++y)
                for (int x = 0; x < 8; ++x)
                    bad += tv[8 * y + x] != (unsigned char)(pix[16 * (y0 + y) + x0 + x] + 1);
            CHECK_INT(bad, 0);
        }
        const unsigned char *cv = double_vram() + (__jo_sprite_def[17].adr << 3);
        int bad = 0;
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x)
                bad += cv[8 * y + x] != (unsigned char)(pix[16 * (2 * y) + 2 * x] + 1);
        CHECK_INT(bad, 0);
        CHECK_INT(__jo_sprite_pic[17].color_mode, COL_256);
    }
    CHECK_INT(jo_sprite_count(), 18);
    /* No tiles for a half width of 12 (ODD.BIN 24 x 8), no copies. */
    int odd = jo_3d_model_texture("ODD.BIN");
    CHECK(__jo_3d_texture_derive(JO_NULL, odd, true, true), "odd");
    CHECK_INT(jo_sprite_count(), 19);
    /* Not a texture. */
    CHECK(!__jo_3d_texture_derive("D.JOM", 1, true, false), "a tile is not a texture");
    CHECK_MSG("D.JOM: sprite 1 is not a texture");
}

static void refused(const char *name, const char *message)
{
    int before = jo_sprite_count();
    CHECK(jo_3d_model_texture(name) == -1, "%s refused", name);
    CHECK(rt_strcmp(__jo_module_last_error(), message) == 0, "%s: message \"%s\", want \"%s\"", name,
          __jo_module_last_error(), message);
    CHECK_INT(jo_sprite_count(), before);
}

static void unit_files(const char *dir)
{
    double_set_cd(dir);
    /* Sizes from the files' headers (host_cd.c), messages by hand. */
    refused("NOPE.BIN", "NOPE.BIN: not found");
    refused("WALL.PNG", "WALL.PNG: not a .BIN or .TGA name");
    refused("A.BINX", "A.BINX: not a .BIN or .TGA name");
    refused("W12.BIN", "W12.BIN: 12x2, not 8..504 by 8 x 1..255");
    refused("W512.BIN", "W512.BIN: 512x1, not 8..504 by 8 x 1..255");
    refused("H300.BIN", "H300.BIN: 8x300, not 8..504 by 8 x 1..255");
    /* 8 x 4: 4 + 64 = 68 bytes. */
    refused("SHORT.BIN", "SHORT.BIN: 66 bytes, 8x4 needs 68");
    refused("LONG.BIN", "LONG.BIN: 70 bytes, 8x4 needs 68");
    refused("RLE.TGA", "RLE.TGA: run-length TGA (type 10)");
    refused("ID.TGA", "ID.TGA: TGA image ID of 3 bytes");
    refused("D16.TGA", "D16.TGA: TGA of 16 bits a pixel");
    refused("M255.TGA", "M255.TGA: 8-bit TGA: type 1, map 255 x 24 bits");
    refused("G8.TGA", "G8.TGA: 8-bit TGA: type 3, map 0 x 0 bits");
    /* 8 x 2 x 3 + 18 = 66 bytes, one missing. */
    refused("CUT.TGA", "CUT.TGA: 65 bytes, 8x2 needs 66");
    refused("W20.TGA", "W20.TGA: 20x2, not 8..504 by 8 x 1..255");
    refused("", "jo_3d_model_texture: texture with no name");
    /* Case matters on the CD (GFS compares exactly). */
    refused("a.bin", "a.bin: not found");
    /* A model's name first. */
    CHECK_INT(__jo_3d_texture_load_file("M.JOM", "NOPE.BIN"), -1);
    CHECK_MSG("M.JOM: NOPE.BIN: not found");
    /* Loaded: A.BIN 16 x 8 at 0x10000 (256 bytes), T24.TGA 16 x 4 at 0x10100,
       T8.TGA 16 x 16 8-bit at 0x10180 (256 bytes). */
    CHECK_INT(jo_3d_model_texture("A.BIN"), 0);
    CHECK_INT(double_sprite_at(0)->address, 0x10000);
    CHECK_INT(jo_3d_model_texture("T24.TGA"), 1);
    CHECK_INT(double_sprite_at(1)->address, 0x10100);
    CHECK_INT(jo_3d_model_texture("T8.TGA"), 2);
    CHECK_INT(double_sprite_at(2)->address, 0x10180);
    const __jo_3d_texture *t = __jo_3d_texture_of(2);
    CHECK(t && t->mode == __JO_3D_TEXTURE_PAL && t->width == 16 && t->height == 16, "8-bit");
    CHECK(__jo_3d_texture_of(0) && __jo_3d_texture_of(0)->mode == __JO_3D_TEXTURE_RGB, "rgb");
    /* Reuse, any case. */
    CHECK_INT(jo_3d_model_texture("a.bin"), 0);
    CHECK_INT(jo_3d_model_texture("t8.tga"), 2);
    CHECK_INT(jo_3d_model_loaded_texture("T24.tga"), 1);
    CHECK_INT(jo_sprite_count(), 3);
    /* A.BIN's texels as the file has them (little endian there). */
    char path[300];
    rt_snprintf(path, sizeof path, "%s/A.BIN", dir);
    unsigned int size = 0;
    unsigned char *file = rt_read_file(path, &size);
    CHECK(file && size == 4 + 256, "A.BIN read");
    if (file)
    {
        int bad = 0;
        for (int i = 0; i < 128; ++i)
            bad += be16(double_vram() + 0x10000 + 2 * i) != ((unsigned int)file[5 + 2 * i] << 8 | file[4 + 2 * i]);
        CHECK_INT(bad, 0);
    }
}

static void unit_full(const char *dir)
{
    double_set_cd(dir);
    unsigned char e[24];
    static unsigned char px[64];
    static const unsigned short c[4] = {1, 2, 3, 4};
    CHECK_INT(jo_3d_model_texture("C.BIN"), 0);
    jo_img img = {8, 1, JO_NULL};
    while (jo_sprite_count() < JO_MAX_SPRITE)
        jo_sprite_add(&img);
    CHECK_INT(jo_sprite_count(), 255);
    CHECK_INT(jo_3d_model_texture("A.BIN"), -1);
    CHECK_MSG("A.BIN: sprite table full (255)");
    CHECK_INT(__jo_3d_texture_load_file("F.JOM", "A.BIN"), -1);
    CHECK_MSG("F.JOM: A.BIN: sprite table full (255)");
    entry(e, "E.BIN", 8, 2, 0);
    CHECK_INT(__jo_3d_texture_add_entry("F.JOM", 0x24, e, px), -1);
    CHECK_MSG("F.JOM: chunk TIMG at 0x24: sprite table full (255)");
    CHECK_INT(__jo_3d_gouraud_add("F.JOM", c), -1);
    CHECK_MSG("F.JOM: gouraud table: sprite table full (255)");
    CHECK_INT(jo_sprite_add_4bits_lut(JO_NULL, JO_NULL, 8, 2), -1);
    CHECK_MSG("jo_sprite_add_4bits_lut: sprite table full (255)");
    /* C.BIN 8 x 1: its half width 4: no tiles; no copy. */
    CHECK(__jo_3d_texture_derive("F.JOM", 0, true, true), "nothing to make");
    /* The registry still answers. */
    CHECK_INT(jo_3d_model_texture("C.BIN"), 0);
    CHECK_INT(jo_sprite_count(), 255);
    /* Free all but C.BIN: tiles of 16 x 8 A.BIN then fail at the 3rd. */
    jo_3d_model_free_textures_from(1);
    CHECK_INT(jo_3d_model_texture("A.BIN"), 1);
    while (jo_sprite_count() < JO_MAX_SPRITE - 2)
        jo_sprite_add(&img);
    CHECK(!__jo_3d_texture_derive("F.JOM", 1, true, false), "tiles refused");
    CHECK_MSG("F.JOM: A.BIN: tile 3: sprite table full (255)");
}

static void unit_free(const char *dir)
{
    double_set_cd(dir);
    unsigned char e[24];
    static unsigned char px[2 * 16 * 8];
    CHECK_INT(jo_3d_model_texture("C.BIN"), 0);      /* 8 x 1: 16 bytes at 0x10000 */
    CHECK_INT(jo_3d_model_texture("A.BIN"), 1);      /* 16 x 8 at 0x10020 */
    CHECK(__jo_3d_texture_derive(JO_NULL, 1, true, true), "A tiles"); /* 2..5 tiles 8 x 4, 6 copy 8 x 4 */
    entry(e, "E.BIN", 16, 8, 0);
    CHECK_INT(__jo_3d_texture_add_entry("F.JOM", 0x24, e, px), 7);
    CHECK_INT(jo_sprite_count(), 8);
    unsigned int at4 = double_sprite_at(4)->address;
    /* Hand: A at 0x10020 (256 bytes), tiles of 64 bytes from 0x10120: tile 3 at 0x10120 + 2 x 64. */
    CHECK_INT(at4, 0x101A0);
    /* From 4: A's tiles 2, 3 stay (made), its copy goes; E.BIN goes. */
    jo_3d_model_free_textures_from(4);
    CHECK_INT(jo_sprite_count(), 4);
    CHECK_INT(double_vram_next(), at4);
    CHECK_INT(jo_3d_model_loaded_texture("E.BIN"), -1);
    CHECK_INT(jo_3d_model_loaded_texture("A.BIN"), 1);
    const __jo_3d_texture *t = __jo_3d_texture_of(1);
    CHECK(t && t->first_tile == 2 && t->first_mipmap == -1 && t->mipmap_count == 0, "A's tiles kept, copy dropped");
    /* The copy is made again, the tiles not. */
    CHECK(__jo_3d_texture_derive(JO_NULL, 1, true, true), "again");
    CHECK_INT(jo_sprite_count(), 5);
    CHECK_INT(double_sprite_at(4)->address, at4);
    /* From 1: A and its sprites go; A.BIN is loaded again at the same place. */
    jo_3d_model_free_textures_from(1);
    CHECK_INT(jo_3d_model_loaded_texture("A.BIN"), -1);
    CHECK_INT(jo_3d_model_texture("A.BIN"), 1);
    CHECK_INT(double_sprite_at(1)->address, 0x10020);
    CHECK(__jo_3d_texture_of(1) && __jo_3d_texture_of(1)->first_tile == -1, "no tiles yet");
    /* Past the count: nothing; negative: refused, nothing freed. */
    jo_3d_model_free_textures_from(200);
    CHECK_INT(jo_sprite_count(), 2);
    jo_3d_model_free_textures_from(-1);
    CHECK_MSG("jo_3d_model_free_textures_from: sprite id -1");
    CHECK_INT(jo_sprite_count(), 2);
    /* The program frees sprites itself and adds another at id 1: A.BIN is
       no longer found under that id. */
    jo_sprite_free_from(1);
    jo_img img = {8, 2, JO_NULL};
    CHECK_INT(jo_sprite_add(&img), 1);
    CHECK_INT(jo_3d_model_loaded_texture("A.BIN"), -1);
    CHECK(__jo_3d_texture_of(1) == JO_NULL, "stale entry");
    CHECK_INT(jo_3d_model_texture("A.BIN"), 2);
    /* All: the registry empty. */
    jo_3d_model_free_textures_from(0);
    CHECK_INT(jo_sprite_count(), 0);
    CHECK_INT(jo_3d_model_loaded_texture("C.BIN"), -1);
    CHECK_INT(double_vram_next(), 0x10000);
}

static void unit_vram(const char *dir)
{
    double_set_cd(dir);
    unsigned char e[24];
    static unsigned char px[2 * 16 * 8];
    static const unsigned short c[4] = {1, 2, 3, 4};
    /* 504 x 255 x 2 = 257040 = 0x3EC10 bytes at 0x10000: the next at
       0x4EC10 rounded to 32, 0x4EC20; a second ends at 0x8D830, past 0x70000. */
    CHECK_INT(jo_3d_model_texture("BIG1.BIN"), 0);
    CHECK_INT(double_vram_next(), 0x4EC20);
    CHECK_INT(jo_3d_model_texture("BIG2.BIN"), -1);
    CHECK_MSG("BIG2.BIN: VRAM full: 257040 at 0x4ec20");
    CHECK_INT(__jo_3d_texture_load_file("V.JOM", "BIG2.BIN"), -1);
    CHECK_MSG("V.JOM: BIG2.BIN: VRAM full: 257040 at 0x4ec20");
    /* 504 x 135 x 2 = 136080 = 0x21390: ends at 0x6FFB0, the next at 0x6FFC0. */
    CHECK_INT(jo_3d_model_texture("BIG3.BIN"), 1);
    CHECK_INT(double_vram_next(), 0x6FFC0);
    /* 64 bytes left: 8 x 5 RGB (80) no, 8 x 4 (64) exactly. */
    entry(e, "E85.BIN", 8, 5, 0);
    CHECK_INT(__jo_3d_texture_add_entry("V.JOM", 0x24, e, px), -1);
    CHECK_MSG("V.JOM: chunk TIMG at 0x24: VRAM full: 80 at 0x6ffc0");
    entry(e, "E84.BIN", 8, 4, 0);
    CHECK_INT(__jo_3d_texture_add_entry("V.JOM", 0x24, e, px), 2);
    CHECK_INT(double_vram_next(), 0x70000);
    CHECK_INT(__jo_3d_gouraud_add("V.JOM", c), -1);
    CHECK_MSG("V.JOM: gouraud table: VRAM full at 0x70000");
    CHECK_INT(jo_sprite_add_4bits_lut(JO_NULL, JO_NULL, 8, 2), -1);
    CHECK_MSG("jo_sprite_add_4bits_lut: VRAM full: 40 at 0x70000");
    CHECK_INT(jo_sprite_count(), 3);
    /* Two tables fit in the 64 bytes (32 each). */
    jo_3d_model_free_textures_from(2);
    CHECK_INT(__jo_3d_gouraud_add("V.JOM", c), 2);
    CHECK_INT(__jo_3d_gouraud_add("V.JOM", c), 3);
    CHECK_INT(__jo_3d_gouraud_add("V.JOM", c), -1);
    /* A 16-color 8 x 2 (40 bytes) at 0x6FFC0: its texels at 0x6FFE0 + 8
       bytes: the next at 0x70000, read back from its patched tables. */
    jo_3d_model_free_textures_from(2);
    entry(e, "L82.BIN", 8, 2, 1);
    CHECK_INT(__jo_3d_texture_add_entry("V.JOM", 0x24, e, px), 2);
    CHECK_INT(__jo_3d_gouraud_add("V.JOM", c), -1);
    CHECK_MSG("V.JOM: gouraud table: VRAM full at 0x70000");
    /* A 16 x 2 RGB (64 bytes) fills the area: its tile and copy (8 x 1) do
       not fit. */
    jo_3d_model_free_textures_from(2);
    entry(e, "E16.BIN", 16, 2, 0);
    CHECK_INT(__jo_3d_texture_add_entry("V.JOM", 0x24, e, px), 2);
    CHECK(!__jo_3d_texture_derive("V.JOM", 2, true, false), "tile refused");
    CHECK_MSG("V.JOM: E16.BIN: tile 1: VRAM full at 0x70000");
    CHECK(!__jo_3d_texture_derive("V.JOM", 2, false, true), "copy refused");
    CHECK_MSG("V.JOM: E16.BIN: 8x1 copy: VRAM full at 0x70000");
    CHECK_INT(jo_sprite_count(), 3);
}

int main(int argc, char **argv)
{
    if (argc >= 3 && rt_strcmp(argv[1], "run") == 0)
    {
        double_set_cd(argv[2]);
        return run(argc - 3, argv + 3);
    }
    if (argc < 4 || rt_strcmp(argv[1], "unit") != 0)
    {
        rt_eprint("usage: test_model_texture.elf run DIR STEP ARG... | unit GROUP DIR\n");
        return 2;
    }
    const char *group = argv[2], *dir = argv[3];
    /* Every public function of the module sets its statics first; these
       checks call internal ones too. */
    __jo_3d_model_init();
    if (rt_strcmp(group, "lut") == 0)
        unit_lut();
    else if (rt_strcmp(group, "timg") == 0)
        unit_timg();
    else if (rt_strcmp(group, "derive") == 0)
        unit_derive(dir);
    else if (rt_strcmp(group, "files") == 0)
        unit_files(dir);
    else if (rt_strcmp(group, "full") == 0)
        unit_full(dir);
    else if (rt_strcmp(group, "free") == 0)
        unit_free(dir);
    else if (rt_strcmp(group, "vram") == 0)
        unit_vram(dir);
    else
    {
        rt_eprintf("unknown group %s\n", group);
        return 2;
    }
    /* No misuse of the engine (a DMA source freed early, a probe through
       jo_fs_read_file, a sprite past the table ...). */
    CHECK_INT(double_defect_count(), 0);
    defects();
    if (failures)
    {
        rt_eprintf("%u of %u checks failed\n", failures, checks);
        return 1;
    }
    rt_printf("ok %u checks\n", checks);
    return 0;
}
