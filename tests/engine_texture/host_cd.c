/* tests/engine_texture/host_cd.c - the host side of the differential tests
   of engine/model_texture.c: the same files, the same steps, through
   retromesh's CD context (include/retromesh/cd.h), which imitates the
   engine; its sprite table printed in the format that
   engine/test/test_model_texture.c prints from the test double.

     host_cd make DIR          writes the test's .BIN, .TGA and .JOM files
     host_cd run DIR STEP...   runs the steps, prints each result, then the
                               sprite table

   Steps (the SuperH program takes the same):
     texture NAME   jo_3d_model_texture(NAME)            "texture NAME -> ID"
     loaded NAME    jo_3d_model_loaded_texture(NAME)     "loaded NAME -> ID"
     model NAME     jo_3d_load_model(NAME)               "model NAME -> ok|refused"
     lights NAME    __jo_3d_load_model_for_lights(NAME)  "lights NAME -> ok|refused"
     free ID        jo_3d_model_free_textures_from(ID)   "free ID -> COUNT"
   The table: "sprites COUNT", then a line a sprite:
     ID KIND MODE WxH hv HVSIZE at ADDRESS cg TEXELS/8 res RESERVED colno C sum FNV
   KIND texture/tile/mipmap/gouraud, MODE rgb/lut/pal; colno: the table's
   VRAM offset / 8 for a 16-color sprite (a tile or copy: its texture's),
   else 0; sum: FNV-1a of the texels as the VDP1 shows them (16-color:
   through the table, index 0 transparent; a gouraud table: its 4 colors),
   "-" for an 8-bit sprite (its palette is the game's CRAM). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/cd.h"
#include "retromesh/jom.h"
#include "retromesh/mesh.h"

/* ---- files ---------------------------------------------------------- */

static int put(const char *dir, const char *name, const uint8_t *data, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size) {
        fprintf(stderr, "host_cd: cannot write %s\n", path);
        if (f)
            fclose(f);
        return 1;
    }
    return fclose(f) != 0;
}

/* A texel pattern: opaque RGB 555 (bit 15) with a few transparent 0s. */
static uint16_t pattern(uint32_t x, uint32_t y, uint32_t seed)
{
    uint32_t v = (x * 7u + y * 131u + seed * 977u) & 0x7FFFu;
    if (((x + y + seed) % 11u) == 0)
        return 0;
    return (uint16_t)(0x8000u | v);
}

/* .BIN: u16 LE width, height, then w*h u16 LE (saturn-notes 3.1); `size`
   changes the length (a file cut short or too long). */
static int bin(const char *dir, const char *name, uint32_t w, uint32_t h, uint32_t seed, long size_delta)
{
    size_t size = 4 + 2 * (size_t)w * h;
    uint8_t *b = calloc(size + 16, 1);
    if (!b)
        return 1;
    b[0] = (uint8_t)w;
    b[1] = (uint8_t)(w >> 8);
    b[2] = (uint8_t)h;
    b[3] = (uint8_t)(h >> 8);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint16_t c = pattern(x, y, seed);
            b[4 + 2 * ((size_t)y * w + x)] = (uint8_t)c;
            b[5 + 2 * ((size_t)y * w + x)] = (uint8_t)(c >> 8);
        }
    int r = put(dir, name, b, (size_t)((long)size + size_delta));
    free(b);
    return r;
}

/* .TGA: the 18-byte header, a color map for 8-bit, the pixels. */
static int tga(const char *dir, const char *name, unsigned id_len, unsigned map_type, unsigned type,
               unsigned map_len, unsigned map_bits, uint32_t w, uint32_t h, unsigned depth, unsigned desc,
               long size_delta)
{
    size_t map_bytes = map_type == 1 ? (size_t)map_len * ((map_bits + 7) / 8) : 0;
    size_t size = 18 + id_len + map_bytes + (size_t)w * h * (depth / 8);
    uint8_t *b = calloc(size + 16, 1);
    if (!b)
        return 1;
    b[0] = (uint8_t)id_len;
    b[1] = (uint8_t)map_type;
    b[2] = (uint8_t)type;
    b[5] = (uint8_t)map_len;
    b[6] = (uint8_t)(map_len >> 8);
    b[7] = (uint8_t)map_bits;
    b[12] = (uint8_t)w;
    b[13] = (uint8_t)(w >> 8);
    b[14] = (uint8_t)h;
    b[15] = (uint8_t)(h >> 8);
    b[16] = (uint8_t)depth;
    b[17] = (uint8_t)desc;
    size_t p = 18 + id_len;
    for (size_t i = 0; i < map_bytes; i++)
        b[p + i] = (uint8_t)(i * 37u + 5u);
    p += map_bytes;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (unsigned k = 0; k < depth / 8; k++) {
                unsigned v = (x * 29u + y * 53u + k * 71u) & 0xFFu;
                if (depth == 32 && k == 3)
                    v = ((x + y) % 3u == 0) ? 4u : 200u;    /* alpha < 8: transparent */
                b[p++] = (uint8_t)v;
            }
    int r = put(dir, name, b, (size_t)((long)size + size_delta));
    free(b);
    return r;
}

/* A TIMG entry: format 0 the pattern, format 1 a table of 16 colors (0
   transparent) and indexes (x + 3y + seed) & 15. */
static void timg(rm_jom_texture *t, const char *name, uint16_t w, uint16_t h, uint16_t format, uint32_t seed)
{
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    t->width = w;
    t->height = h;
    t->format = format;
    t->pixel_size = format == 0 ? 2u * w * h : 32u + (uint32_t)w * h / 2;
    t->pixels = calloc(t->pixel_size, 1);
    if (!t->pixels)
        exit(1);
    if (format == 0) {
        for (uint32_t i = 0; i < (uint32_t)w * h; i++) {
            uint16_t c = pattern(i % w, i / w, seed);
            t->pixels[2 * i] = (uint8_t)(c >> 8);
            t->pixels[2 * i + 1] = (uint8_t)c;
        }
    } else {
        for (uint32_t k = 0; k < 16; k++) {
            uint16_t c = (uint16_t)(0x8000u | (k * 2113u + seed * 31u));
            t->pixels[2 * k] = (uint8_t)(c >> 8);
            t->pixels[2 * k + 1] = (uint8_t)c;
        }
        for (uint32_t i = 0; i < (uint32_t)w * h; i++) {
            uint32_t x = i % w, y = i / w;
            uint8_t idx = (uint8_t)((x + 3 * y + seed) & 15u);
            uint8_t *byte = &t->pixels[32 + i / 2];
            *byte = (uint8_t)(i % 2 == 0 ? (*byte & 0x0F) | idx << 4 : (*byte & 0xF0) | idx);
        }
    }
}

typedef struct model_spec {
    unsigned timg_count;
    rm_jom_texture timg[4];
    unsigned text_count;
    const char *text[6];
    unsigned material_count;
    int texture[6];             /* per material */
    uint32_t flags[6];
    unsigned polygon_count;
    const uint16_t *polygon_material;   /* per polygon */
    const uint16_t *gour;               /* 4 per polygon, NULL: none */
} model_spec;

static int model(const char *dir, const char *name, model_spec *s)
{
    rm_jom_model m;
    rm_jom_init(&m);
    m.version = RM_JOM_VERSION;
    m.radius = 2 * RM_FIXED_ONE;  /* holds the 4 points (the farthest at 1.414) */
    m.texture_image_count = s->timg_count;
    if (s->timg_count) {
        m.texture_images = calloc(s->timg_count, sizeof *m.texture_images);
        memcpy(m.texture_images, s->timg, s->timg_count * sizeof *m.texture_images);
    }
    m.point_count = 4;
    m.points = calloc(4, sizeof *m.points);
    m.points[1].x = RM_FIXED_ONE;
    m.points[2].x = RM_FIXED_ONE;
    m.points[2].y = RM_FIXED_ONE;
    m.points[3].y = RM_FIXED_ONE;
    m.polygon_count = s->polygon_count;
    m.polygons = calloc(s->polygon_count, sizeof *m.polygons);
    m.polygon_materials = calloc(s->polygon_count, sizeof *m.polygon_materials);
    for (unsigned p = 0; p < s->polygon_count; p++) {
        m.polygons[p].normal.z = -RM_FIXED_ONE;
        for (int k = 0; k < 4; k++)
            m.polygons[p].v[k] = (uint16_t)k;
        m.polygon_materials[p] = s->polygon_material[p];
    }
    m.material_count = s->material_count;
    m.materials = calloc(s->material_count, sizeof *m.materials);
    for (unsigned k = 0; k < s->material_count; k++) {
        snprintf(m.materials[k].name, sizeof m.materials[k].name, "m%u", k);
        m.materials[k].r = 200;
        m.materials[k].texture = (int16_t)s->texture[k];
        m.materials[k].flags = s->flags[k];
    }
    m.texture_count = s->text_count;
    if (s->text_count) {
        m.textures = calloc(s->text_count, sizeof *m.textures);
        for (unsigned k = 0; k < s->text_count; k++)
            snprintf(m.textures[k], sizeof m.textures[k], "%s", s->text[k]);
    }
    if (s->gour) {
        m.has_vertex_colors = true;
        m.vertex_colors = calloc(4, sizeof *m.vertex_colors);
        m.has_gouraud = true;
        m.gouraud = calloc((size_t)s->polygon_count * 4, sizeof *m.gouraud);
        memcpy(m.gouraud, s->gour, (size_t)s->polygon_count * 4 * sizeof *m.gouraud);
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    rm_diag diag;
    rm_diag_init(&diag);
    rm_status st = rm_jom_write_file(&m, path, &diag);
    if (st != RM_OK)
        rm_diag_print(&diag, stderr, 1);
    rm_diag_free(&diag);
    rm_jom_free(&m);
    return st != RM_OK;
}

static int make(const char *dir)
{
    int r = 0;
    /* .BIN files: sizes the VDP1 draws, and the refused ones. */
    r |= bin(dir, "A.BIN", 16, 8, 1, 0);        /* tiles 8x4; one 8x4 copy */
    r |= bin(dir, "B64.BIN", 64, 64, 2, 0);     /* tiles 32x32; copies 32, 16, 8 */
    r |= bin(dir, "ODD.BIN", 24, 8, 3, 0);      /* half width 12: no tiles, no copies */
    r |= bin(dir, "C.BIN", 8, 1, 4, 0);
    r |= bin(dir, "W12.BIN", 12, 2, 5, 0);      /* width not a multiple of 8 */
    r |= bin(dir, "W512.BIN", 512, 1, 6, 0);    /* wider than 504 */
    r |= bin(dir, "H300.BIN", 8, 300, 7, 0);    /* higher than 255 */
    r |= bin(dir, "SHORT.BIN", 8, 4, 8, -2);    /* 2 bytes missing */
    r |= bin(dir, "LONG.BIN", 8, 4, 9, 2);      /* 2 bytes too many */
    /* The VRAM area (0x10000 .. 0x70000): 504 x 255 x 2 = 257040 bytes; two
       do not fit; 504 x 135 after one leaves 64 bytes. */
    r |= bin(dir, "BIG1.BIN", 504, 255, 10, 0);
    r |= bin(dir, "BIG2.BIN", 504, 255, 11, 0);
    r |= bin(dir, "BIG3.BIN", 504, 135, 12, 0);
    /* .TGA files. */
    r |= tga(dir, "T24.TGA", 0, 0, 2, 0, 0, 16, 4, 24, 0x00, 0);      /* bottom-up rows */
    r |= tga(dir, "T32.TGA", 0, 0, 2, 0, 0, 8, 2, 32, 0x20, 0);       /* top-left, alpha */
    r |= tga(dir, "T8.TGA", 0, 1, 1, 256, 24, 16, 16, 8, 0x20, 0);    /* 8-bit: tiles 8x8, one 8x8 copy */
    r |= tga(dir, "RLE.TGA", 0, 0, 10, 0, 0, 8, 2, 24, 0x20, 0);
    r |= tga(dir, "ID.TGA", 3, 0, 2, 0, 0, 8, 2, 24, 0x20, 0);
    r |= tga(dir, "D16.TGA", 0, 0, 2, 0, 0, 8, 2, 16, 0x20, 0);
    r |= tga(dir, "M255.TGA", 0, 1, 1, 255, 24, 8, 2, 8, 0x20, 0);
    r |= tga(dir, "G8.TGA", 0, 0, 3, 0, 0, 8, 2, 8, 0x20, 0);         /* 8-bit grey, no map */
    r |= tga(dir, "CUT.TGA", 0, 0, 2, 0, 0, 8, 2, 24, 0x20, -1);
    r |= tga(dir, "W20.TGA", 0, 0, 2, 0, 0, 20, 2, 24, 0x20, 0);
    r |= put(dir, "WALL.PNG", (const uint8_t *)"not read", 8);

    /* EMB.JOM: 3 embedded textures (RGB, 16 colors, 16 colors 40 wide) and A.BIN
       from the folder; materials asking tiles and copies; gouraud polygons
       (polygons 0 and 2 share their colors, polygon 4 is untextured). */
    {
        static const uint16_t pm[] = {0, 3, 3, 1, 4, 2, 4};
        static const uint16_t gour[] = {
            0, 0, 0, 0,                             /* m0: no gouraud */
            0x8421, 0x8842, 0xC210, 0xFFFF,         /* m3 gouraud */
            0x8421, 0x8842, 0xC210, 0xFFFF,         /* the same 4: the same table */
            0, 0, 0, 0,
            0x8421, 0x8842, 0xFFFF, 0xC210,         /* another order: a new table */
            0, 0, 0, 0,
            0x801F, 0x83E0, 0xFC00, 0x8000,
        };
        model_spec s = {0};
        s.timg_count = 3;
        timg(&s.timg[0], "RGB_0001.BIN", 32, 16, 0, 11);
        timg(&s.timg[1], "LUT_0002.BIN", 32, 8, 1, 12);
        timg(&s.timg[2], "LUT_0003.BIN", 40, 3, 1, 13);
        s.text_count = 4;
        s.text[0] = "RGB_0001.BIN";
        s.text[1] = "LUT_0002.BIN";
        s.text[2] = "LUT_0003.BIN";
        s.text[3] = "A.BIN";
        s.material_count = 5;
        s.texture[0] = 0, s.flags[0] = RM_MAT_SUBDIVISION | RM_MAT_MIPMAPS;
        s.texture[1] = 1, s.flags[1] = RM_MAT_SUBDIVISION_NEAR | RM_MAT_MIPMAPS;
        s.texture[2] = 2, s.flags[2] = RM_MAT_MIPMAPS | RM_MAT_SUBDIVISION;
        s.texture[3] = 3, s.flags[3] = RM_MAT_GOURAUD;
        s.texture[4] = -1, s.flags[4] = RM_MAT_GOURAUD;
        s.polygon_count = 7;
        s.polygon_material = pm;
        s.gour = gour;
        r |= model(dir, "EMB.JOM", &s);
    }
    /* EMB2.JOM: LUT_0002.BIN again (reused: nothing added), B64.BIN and T8.TGA
       from the folder with tiles and copies, A.BIN now with its tiles. */
    {
        static const uint16_t pm[] = {0, 1, 2, 3};
        model_spec s = {0};
        s.timg_count = 1;
        timg(&s.timg[0], "LUT_0002.BIN", 32, 8, 1, 12);
        s.text_count = 4;
        s.text[0] = "LUT_0002.BIN";
        s.text[1] = "B64.BIN";
        s.text[2] = "T8.TGA";
        s.text[3] = "A.BIN";
        s.material_count = 4;
        s.texture[0] = 0, s.flags[0] = RM_MAT_MIPMAPS;
        s.texture[1] = 1, s.flags[1] = RM_MAT_MIPMAPS | RM_MAT_SUBDIVISION;
        s.texture[2] = 2, s.flags[2] = RM_MAT_SUBDIVISION | RM_MAT_MIPMAPS;
        s.texture[3] = 3, s.flags[3] = RM_MAT_SUBDIVISION;
        s.polygon_count = 4;
        s.polygon_material = pm;
        r |= model(dir, "EMB2.JOM", &s);
    }
    /* BIGLUT.JOM: 16-color textures of 8672 and 16416 bytes (Jo's
       allocator needs other shapes than 8 x H for them), with tiles and
       copies. */
    {
        static const uint16_t pm[] = {0, 1};
        model_spec s = {0};
        s.timg_count = 2;
        timg(&s.timg[0], "LUT_0005.BIN", 128, 135, 1, 15);
        timg(&s.timg[1], "LUT_0006.BIN", 256, 128, 1, 16);
        s.text_count = 2;
        s.text[0] = "LUT_0005.BIN";
        s.text[1] = "LUT_0006.BIN";
        s.material_count = 2;
        s.texture[0] = 0, s.flags[0] = RM_MAT_SUBDIVISION | RM_MAT_MIPMAPS;
        s.texture[1] = 1, s.flags[1] = RM_MAT_MIPMAPS;
        s.polygon_count = 2;
        s.polygon_material = pm;
        r |= model(dir, "BIGLUT.JOM", &s);
    }
    /* MISS.JOM: a texture of the folder that is not there: refused, its
       sprites freed again. */
    {
        static const uint16_t pm[] = {0, 1};
        model_spec s = {0};
        s.timg_count = 1;
        timg(&s.timg[0], "NEW_0004.BIN", 16, 2, 0, 14);
        s.text_count = 2;
        s.text[0] = "NEW_0004.BIN";
        s.text[1] = "GONE.BIN";
        s.material_count = 2;
        s.texture[0] = 0, s.flags[0] = 0;
        s.texture[1] = 1, s.flags[1] = 0;
        s.polygon_count = 2;
        s.polygon_material = pm;
        r |= model(dir, "MISS.JOM", &s);
    }
    /* FULL.JOM: 300 gouraud polygons, each its own colors: the sprite table
       (255) is full before the end: refused. */
    {
        static uint16_t pm[300], gour[1200];
        for (unsigned p = 0; p < 300; p++) {
            pm[p] = 0;
            for (unsigned k = 0; k < 4; k++)
                gour[p * 4 + k] = (uint16_t)(0x8000u | (p * 4 + k));
        }
        model_spec s = {0};
        s.material_count = 1;
        s.texture[0] = -1, s.flags[0] = RM_MAT_GOURAUD;
        s.polygon_count = 300;
        s.polygon_material = pm;
        s.gour = gour;
        r |= model(dir, "FULL.JOM", &s);
    }
    /* LIGHTS.JOM: for the lights, one table a polygon (neutral without
       gouraud). */
    {
        static const uint16_t pm[] = {0, 1, 0};
        static const uint16_t gour[] = {
            0x8421, 0x8842, 0xC210, 0xFFFF,
            0, 0, 0, 0,
            0x8421, 0x8842, 0xC210, 0xFFFF,
        };
        model_spec s = {0};
        s.material_count = 2;
        s.texture[0] = -1, s.flags[0] = RM_MAT_GOURAUD;
        s.texture[1] = -1, s.flags[1] = 0;
        s.polygon_count = 3;
        s.polygon_material = pm;
        s.gour = gour;
        r |= model(dir, "LIGHTS.JOM", &s);
    }
    return r;
}

/* ---- run ------------------------------------------------------------ */

static uint32_t fnv(uint32_t h, uint16_t w)
{
    h = (h ^ (w >> 8)) * 16777619u;
    return (h ^ (w & 0xFFu)) * 16777619u;
}

static const char *mode_name(rm_cd_color_mode m)
{
    return m == RM_CD_LUT16 ? "lut" : m == RM_CD_PAL256 ? "pal" : "rgb";
}

static void table(const rm_cd *cd)
{
    int n = rm_cd_sprite_count(cd);
    printf("sprites %d\n", n);
    for (int id = 0; id < n; id++) {
        const rm_cd_sprite *s = rm_cd_sprite_at(cd, id);
        unsigned colno = 0;
        if (s->mode == RM_CD_LUT16) {
            const rm_cd_sprite *t = s->parent >= 0 ? rm_cd_sprite_at(cd, s->parent) : s;
            colno = t->address / 8;
        }
        printf("%d %s %s %ux%u hv %u at 0x%x cg 0x%x res %u colno %u sum ", id, rm_cd_sprite_kind_name(s->kind),
               mode_name(s->mode), (unsigned)s->width, (unsigned)s->height,
               (unsigned)(((s->width & 0x1F8) << 5) | s->height), (unsigned)s->address,
               (unsigned)(s->texel_address / 8), (unsigned)s->reserved, colno);
        if (s->mode == RM_CD_PAL256) {
            printf("-\n");
            continue;
        }
        uint32_t h = 2166136261u;
        uint32_t count = s->kind == RM_CD_GOURAUD ? 4 : s->width * s->height;
        for (uint32_t i = 0; i < count; i++)
            h = fnv(h, s->texels ? s->texels[i] : 0);
        printf("0x%08x\n", (unsigned)h);
    }
}

static int run(const char *dir, int argc, char **argv)
{
    rm_diag diag;
    rm_diag_init(&diag);
    rm_cd *cd = rm_cd_open(dir, NULL, &diag);
    if (!cd) {
        rm_diag_print(&diag, stderr, 1);
        return 1;
    }
    for (int i = 0; i + 1 < argc; i += 2) {
        const char *op = argv[i], *arg = argv[i + 1];
        if (strcmp(op, "texture") == 0)
            printf("texture %s -> %d\n", arg, rm_cd_model_texture(cd, arg, &diag));
        else if (strcmp(op, "loaded") == 0)
            printf("loaded %s -> %d\n", arg, rm_cd_loaded_texture(cd, arg));
        else if (strcmp(op, "model") == 0 || strcmp(op, "lights") == 0)
            printf("%s %s -> %s\n", op, arg,
                   rm_cd_load_model(cd, arg, strcmp(op, "lights") == 0, &diag) >= 0 ? "ok" : "refused");
        else if (strcmp(op, "free") == 0) {
            rm_cd_free_textures_from(cd, atoi(arg));
            printf("free %s -> %d\n", arg, rm_cd_sprite_count(cd));
        } else {
            fprintf(stderr, "host_cd: unknown step %s\n", op);
            rm_cd_close(cd);
            rm_diag_free(&diag);
            return 2;
        }
    }
    table(cd);
    /* The host's messages, for whoever reads a failing test's log. */
    rm_diag_print(&diag, stderr, 1);
    rm_cd_close(cd);
    rm_diag_free(&diag);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "make") == 0)
        return make(argv[2]);
    if (argc >= 3 && strcmp(argv[1], "run") == 0)
        return run(argv[2], argc - 3, argv + 3);
    fprintf(stderr, "usage: host_cd make DIR | host_cd run DIR STEP ARG...\n");
    return 2;
}
