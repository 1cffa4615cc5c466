/*
** Jo Sega Saturn Engine - 3D models: their textures
** The model module of retromesh, for the Jo Engine (MIT licence, as the engine).
**
** jo_engine/model_texture.c: the registry of the textures of the models
** (name -> sprite id), TIMG entries, .BIN and .TGA files of the CD, the
** 16-color sprites (jo_sprite_add_4bits_lut()), the tiles and smaller
** copies of a texture, the gouraud tables, jo_3d_model_free_textures_from().
**
** The sprites come out exactly as retromesh's host CD context places them
** (src/runtime/vram.c, vram_derived.c, cd_texture.c, cd_gouraud.c,
** docs/cd.md): the same ids, VRAM addresses and sizes, so that a budget
** computed on the PC holds on the Saturn.
**
** The VRAM is written through 16-bit words only (the VDP1's bus is 16 bits
** wide); the bytes of the file are read one at a time (no unaligned word
** can stop the SH-2). Nothing here divides: every size is a shift.
*/
#include <jo/jo.h>
#include "model_internal.h"

#if defined(JO_COMPILE_WITH_3D_SUPPORT) && defined(JO_COMPILE_USING_SGL)

/* VDP1 limits of a texture (saturn-notes 7.1): a width multiple of 8 from 8
   to 504 (its CMDSIZE field counts 8-pixel units on 6 bits), a height from
   1 to 255 (8 bits). Jo checks the width only in JO_DEBUG builds and the
   height never: a release build would upload a corrupt sprite. */
#define __JO_3D_TEXTURE_MAX_WIDTH (504)
#define __JO_3D_TEXTURE_MAX_HEIGHT (255)
#define __JO_3D_LUT_BYTES (32)
/* jo_sprite_add() of a jo_img of this width reserves 16 bytes a row: the
   16-color sprites are reserved as such columns (see
   __jo_3d_reserve_shape()). */
#define __JO_3D_RESERVE_WIDTH (8)
/* The end of the VRAM the sprites of the module may take: above 0x70000 Jo
   writes the gouraud tables of its 2D sprites each frame (saturn-notes
   3.4), and retromesh's host CD context refuses a sprite that would pass
   it (rm_cd_options.vram_end, 0x70000 by default): a game that draws no 2D
   gouraud sprite may raise it (up to 0x7FF00, SGL's light tables). Jo's
   allocator checks nothing (jo-engine-api 4.2). */
#ifndef JO_3D_MODEL_VRAM_END
#define JO_3D_MODEL_VRAM_END (0x70000)
#endif
#if JO_3D_MODEL_VRAM_END > 0x80000
#error "JO_3D_MODEL_VRAM_END: the VDP1 VRAM has 512 KB (0x80000)"
#endif
/* Longest name scanned (a file name of the CD has 12 characters, a name in
   a model 15). */
#define __JO_3D_NAME_SCAN (64)

/* The registry, indexed by sprite id: __jo_3d_textures[id].sprite == id
   when sprite id is a texture of the registry, -1 otherwise. Set by
   __jo_3d_texture_reset() (Jo clears only part of the .bss at boot,
   jo-engine-api 0.5: nothing here is trusted to be zero before). */
static __jo_3d_texture __jo_3d_textures[JO_MAX_SPRITE];
/* The sprite's adr (VRAM offset / 8) when it was registered: a program that frees sprites
   itself (jo_sprite_free_from()) and adds others at the same ids must not
   find its sprites under the names of the old textures, so an entry is
   trusted only while its sprite still exists with the address and the size
   it was registered with (see __jo_3d_entry_live()). */
static unsigned short __jo_3d_texture_cgadr[JO_MAX_SPRITE];

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static bool __jo_3d_size_ok(const unsigned int width, const unsigned int height)
{
    return width >= 8 && width <= __JO_3D_TEXTURE_MAX_WIDTH && (width & 7) == 0 && height >= 1 &&
           height <= __JO_3D_TEXTURE_MAX_HEIGHT;
}

static unsigned int __jo_3d_name_length(const char *const name)
{
    unsigned int n = 0;
    while (n < __JO_3D_NAME_SCAN && name[n])
        ++n;
    return n;
}

static void __jo_3d_entry_clear(const int id)
{
    __jo_3d_texture *t = &__jo_3d_textures[id];
    __jo_module_zero(t->name, sizeof(t->name));
    t->sprite = -1;
    t->first_tile = -1;
    t->first_mipmap = -1;
    t->mipmap_count = 0;
    t->mode = __JO_3D_TEXTURE_RGB;
    t->lut = 0;
    t->width = 0;
    t->height = 0;
    __jo_3d_texture_cgadr[id] = 0;
}

static bool __jo_3d_entry_live(const int id)
{
    const __jo_3d_texture *t = &__jo_3d_textures[id];
    return t->sprite == id && id <= jo_get_last_sprite_id() && __jo_sprite_def[id].adr == __jo_3d_texture_cgadr[id] &&
           __jo_sprite_def[id].width == t->width && __jo_sprite_def[id].height == t->height;
}

/* The registry's sprite of a name (ASCII case-insensitive, 15 characters:
   the length of a name in a model), -1. The lowest id wins (a name is
   registered once anyway). */
static int __jo_3d_texture_find(const char *const name)
{
    if (name == JO_NULL || name[0] == '\0')
        return -1;
    int last = jo_get_last_sprite_id();
    if (last >= JO_MAX_SPRITE)
        last = JO_MAX_SPRITE - 1;
    for (int id = 0; id <= last; ++id)
        if (__jo_3d_entry_live(id) && __jo_module_name_equals(__jo_3d_textures[id].name, name, 15))
            return id;
    return -1;
}

static void __jo_3d_register(const int id, const char *const name, const unsigned char mode, const unsigned int lut,
                             const unsigned short width, const unsigned short height)
{
    __jo_3d_texture *t = &__jo_3d_textures[id];
    __jo_3d_entry_clear(id);
    __jo_module_name_copy(t->name, name);
    t->sprite = (short)id;
    t->mode = mode;
    t->lut = lut;
    t->width = width;
    t->height = height;
    __jo_3d_texture_cgadr[id] = __jo_sprite_def[id].adr;
}

static bool __jo_3d_table_full(void)
{
    return jo_sprite_count() >= JO_MAX_SPRITE;
}

/* Where Jo's allocator puts the next sprite: the end of the last one
   rounded up to 32, read back from the tables as Jo's rule gives it (the
   texels' address + (w x h x 4) >> cmode; a 16-color sprite of this module,
   whose tables say its texels and their real size, ends there too), or
   0x10000 before the first. */
static unsigned int __jo_3d_vram_next(void)
{
    int last = jo_get_last_sprite_id();
    if (last < 0 || last >= JO_MAX_SPRITE)
        return 0x10000;
    const jo_texture_definition *d = &__jo_sprite_def[last];
    unsigned int cmode = __jo_sprite_pic[last].color_mode;
    unsigned int bytes = ((unsigned int)d->width * d->height * 4) >> (cmode <= 3 ? cmode : 1);
    return (((unsigned int)d->adr << 3) + bytes + 31) & ~31u;
}

/* true when `bytes` more fit below JO_3D_MODEL_VRAM_END; else *at is where
   they would go (for the message). */
static bool __jo_3d_vram_room(const unsigned int bytes, unsigned int *at)
{
    *at = __jo_3d_vram_next();
    return *at <= JO_3D_MODEL_VRAM_END && bytes <= JO_3D_MODEL_VRAM_END - *at;
}

/* Bytes of w x h texels, 4 bits each (w a multiple of 8: a multiple of 4). */
static __jo_force_inline unsigned int __jo_3d_nibble_bytes(const unsigned int width, const unsigned int height)
{
    return (width * height) >> 1;
}

/* The shape of the image that reserves `bytes` of VRAM. Jo's allocator
   takes (W x H x 4) >> cmode bytes rounded up to 32 (jo-engine-api 4.2): 2
   a texel for an RGB jo_img (jo_sprite_add()), 1 for a jo_img_8bits
   (jo_sprite_add_8bits_image()); the shape must take `bytes` rounded up to
   32 once rounded itself (it may hold a few bytes less than `bytes`: the
   rounding is VRAM of the sprite all the same, nothing else is put there),
   with W a multiple of 8 and H within 255 (a height Jo's size field cannot
   hold is a misuse even in a table patched at once: the test double
   reports it). In order: RGB 8 x ceil(bytes / 16) (the common case: up to
   4080 bytes); RGB 8m x H, m = 2 .. 63; 8-bit 8m x H, m = 1 .. 63. A few
   sizes past 10 KB have no such shape (61 of the 1892 sizes, in 32-byte
   blocks, that a 16-color texture, tile or copy can take: their block
   counts have no factors that small); they get RGB 8 x ceil(bytes / 16)
   all the same: the right VRAM, the patched tables right, only Jo's
   size field of a moment wrong. *eight is set for an 8-bit shape. */
static void __jo_3d_reserve_shape(const unsigned int bytes, unsigned short *width, unsigned short *height,
                                  bool *eight)
{
    unsigned int want = (bytes + 31) & ~31u;
    unsigned int h1 = (bytes + 15) >> 4;
    *width = __JO_3D_RESERVE_WIDTH;
    *height = (unsigned short)h1;
    *eight = false;
    if (h1 <= __JO_3D_TEXTURE_MAX_HEIGHT)
        return;
    for (unsigned int texel = 2; texel >= 1; --texel)
    {
        for (unsigned int m = texel == 2 ? 2 : 1; m <= (__JO_3D_TEXTURE_MAX_WIDTH >> 3); ++m)
        {
            /* The first H whose W x H texels pass want - 32 bytes: they
               round up to want when they do not pass want. */
            unsigned int row = (m << 3) * texel, h = 1, taken = row;
            while (taken <= want - 32 && h <= __JO_3D_TEXTURE_MAX_HEIGHT)
            {
                taken += row;
                ++h;
            }
            if (h <= __JO_3D_TEXTURE_MAX_HEIGHT && taken <= want)
            {
                *width = (unsigned short)(m << 3);
                *height = (unsigned short)h;
                *eight = texel == 1;
                return;
            }
        }
    }
}

/* Reserves VRAM for a sprite of w x h texels, RGB (2 bytes a texel) or
   8-bit (1 byte), without writing it (jo_sprite_add() of JO_NULL data only
   allocates). Returns its id, -1. */
static int __jo_3d_sprite_reserve(const unsigned short w, const unsigned short h, const bool eight)
{
    if (eight)
    {
        jo_img_8bits img;
        img.width = w;
        img.height = h;
        img.data = JO_NULL;
        return jo_sprite_add_8bits_image(&img);
    }
    jo_img img;
    img.width = w;
    img.height = h;
    img.data = JO_NULL;
    return jo_sprite_add(&img);
}

/* Reserves `bytes` of VRAM (nothing written) as a sprite that Jo believes
   is an RGB or 8-bit image (__jo_3d_reserve_shape()), then makes its
   tables say what the bytes are: a width x height 16-color texture
   starting `texel_offset` bytes into the allocation.

   Why: Jo has no 4-bit path (its __internal_jo_sprite_add(), which takes
   the color mode, is static in sprites.c: jo-engine-api 4.3), and its
   public adds are COL_32K and COL_256 only. Its allocator takes (w x h x
   4) >> cmode bytes rounded up to 32, so 8 x ceil(bytes / 16) RGB texels
   (or another shape of the same rounded size) reserve exactly `bytes`
   rounded up to 32: the same VRAM as retromesh's host places for the
   sprite (32 + w x h / 2 for a texture with its table, w x h / 2 for a
   tile or a copy, which reads its texture's table), and one allocation, so
   jo_sprite_free_from() gives it back with the others. Then SGL's texture
   table (__jo_sprite_def, whose index is ATTR.texno) is patched to the
   real size (width, height, size = (w / 8) << 8 | h) and to the texels'
   address (adr = VRAM offset / 8, + texel_offset / 8), and Jo's picture
   table to COL_16 with the texels' VRAM address. The allocation's own
   offset stays the table's: colno = offset / 8. */
static int __jo_3d_sprite_reserve_16(const unsigned int bytes, const unsigned short width,
                                     const unsigned short height, const unsigned int texel_offset)
{
    unsigned short w, h;
    bool eight;
    int id;
    __jo_3d_reserve_shape(bytes, &w, &h, &eight);
    id = __jo_3d_sprite_reserve(w, h, eight);
    if (id < 0 || id >= JO_MAX_SPRITE)
        return -1;
    __jo_sprite_def[id].width = width;
    __jo_sprite_def[id].height = height;
    __jo_sprite_def[id].adr = (Uint16)(__jo_sprite_def[id].adr + (texel_offset >> 3));
    __jo_sprite_def[id].size = (Uint16)(((width & 0x1F8) << 5) | height);
    __jo_sprite_pic[id].color_mode = COL_16;
    __jo_sprite_pic[id].data = (unsigned char *)__jo_sprite_pic[id].data + texel_offset;
    return id;
}

/* Writes `bytes` bytes (even) from a byte pointer into VRAM as big-endian
   16-bit words: the source may have any alignment. */
static void __jo_3d_vram_write(void *const vram, const unsigned char *src, const unsigned int bytes)
{
    volatile unsigned short *dst = (volatile unsigned short *)vram;
    for (unsigned int i = 0; i + 1 < bytes; i += 2)
        *dst++ = (unsigned short)((src[i] << 8) | src[i + 1]);
}

/* ------------------------------------------------------------------ */
/* The registry                                                        */
/* ------------------------------------------------------------------ */

void __jo_3d_texture_reset(void)
{
    for (int id = 0; id < JO_MAX_SPRITE; ++id)
        __jo_3d_entry_clear(id);
}

const __jo_3d_texture *__jo_3d_texture_of(const int sprite)
{
    if (sprite < 0 || sprite >= JO_MAX_SPRITE || !__jo_3d_entry_live(sprite))
        return JO_NULL;
    return &__jo_3d_textures[sprite];
}

int jo_3d_model_loaded_texture(const char *const name)
{
    __jo_3d_model_init();
    return __jo_3d_texture_find(name);
}

int jo_3d_model_texture(const char *const filename)
{
    __jo_3d_model_init();
    return __jo_3d_texture_load_file(JO_NULL, filename);
}

void jo_3d_model_free_textures_from(const int sprite_id)
{
    __jo_3d_model_init();
    if (sprite_id < 0)
    {
        __jo_module_error("jo_3d_model_free_textures_from: sprite id %d", sprite_id);
        return;
    }
    /* Jo does nothing for an id past the last sprite (jo-engine-api 4.2). */
    jo_sprite_free_from(sprite_id);
    for (int id = 0; id < JO_MAX_SPRITE; ++id)
    {
        if (id >= sprite_id)
        {
            __jo_3d_entry_clear(id);
            continue;
        }
        /* A texture kept whose tiles or copies are freed: made again by the
           next model that needs them (as the host, which looks for the ones
           left: a part of them left counts as made). */
        __jo_3d_texture *t = &__jo_3d_textures[id];
        if (t->sprite != id)
            continue;
        if (t->first_tile >= sprite_id)
            t->first_tile = -1;
        if (t->first_mipmap >= sprite_id)
        {
            t->first_mipmap = -1;
            t->mipmap_count = 0;
        }
        else if (t->first_mipmap >= 0 && t->first_mipmap + t->mipmap_count > sprite_id)
            t->mipmap_count = (unsigned char)(sprite_id - t->first_mipmap);
    }
}

/* ------------------------------------------------------------------ */
/* 16-color sprites                                                    */
/* ------------------------------------------------------------------ */

/* jo_sprite_add_4bits_lut() on bytes: the table (32 bytes, 16 big-endian
   RGB 555 words) and the pixels (2 a byte, the left one in the high 4
   bits), either JO_NULL (not written). */
static int __jo_3d_add_lut_sprite(const unsigned char *const lut, const unsigned char *const pixels,
                                  const unsigned short width, const unsigned short height)
{
    unsigned int texel_bytes = __jo_3d_nibble_bytes(width, height);
    int id = __jo_3d_sprite_reserve_16(__JO_3D_LUT_BYTES + texel_bytes, width, height, __JO_3D_LUT_BYTES);
    if (id < 0)
        return -1;
    /* __jo_sprite_pic[id].data is the texels; the table is 32 bytes before. */
    unsigned char *texels = (unsigned char *)__jo_sprite_pic[id].data;
    if (lut != JO_NULL)
        __jo_3d_vram_write(texels - __JO_3D_LUT_BYTES, lut, __JO_3D_LUT_BYTES);
    if (pixels != JO_NULL)
        __jo_3d_vram_write(texels, pixels, texel_bytes);
    return id;
}

int jo_sprite_add_4bits_lut(const jo_color *const lut, const unsigned char *const pixels, const unsigned short width,
                            const unsigned short height)
{
    if (!__jo_3d_size_ok(width, height))
    {
        __jo_module_error("jo_sprite_add_4bits_lut: %ux%u: not 8..504 by 8 x 1..255", (unsigned int)width,
                          (unsigned int)height);
        return -1;
    }
    if (__jo_3d_table_full())
    {
        __jo_module_error("jo_sprite_add_4bits_lut: sprite table full (%d)", JO_MAX_SPRITE);
        return -1;
    }
    unsigned int at;
    if (!__jo_3d_vram_room(__JO_3D_LUT_BYTES + __jo_3d_nibble_bytes(width, height), &at))
    {
        __jo_module_error("jo_sprite_add_4bits_lut: VRAM full: %u at 0x%x",
                          __JO_3D_LUT_BYTES + __jo_3d_nibble_bytes(width, height), at);
        return -1;
    }
    /* The Saturn is big endian: the bytes of a jo_color are its big-endian
       bytes, which is what the table is read as. */
    return __jo_3d_add_lut_sprite((const unsigned char *)lut, pixels, width, height);
}

/* ------------------------------------------------------------------ */
/* TIMG entries                                                        */
/* ------------------------------------------------------------------ */

unsigned int __jo_3d_timg_pixel_bytes(const unsigned int width, const unsigned int height, const unsigned int format)
{
    /* No file holds more than 0x7FFFFFF0 bytes: a size past that comes back
       as that (the caller's bounds check refuses it, and adding the
       24-byte header cannot wrap). */
    const unsigned long long cap = 0x7FFFFFF0ull;
    if (format > 1)
        return 0;
    if (width > 0xFFFF || height > 0xFFFF)
        return (unsigned int)cap;
    unsigned long long n = (unsigned long long)width * height;
    unsigned long long bytes = format == 0 ? n * 2 : __JO_3D_LUT_BYTES + (n >> 1);
    bytes = (bytes + 3) & ~3ull;
    return (unsigned int)(bytes > cap ? cap : bytes);
}

int __jo_3d_texture_add_entry(const char *const file, const unsigned int offset, const unsigned char *const entry,
                              const unsigned char *const pixels)
{
    const char *f = file != JO_NULL ? file : "(memory)";
    if (entry == JO_NULL || pixels == JO_NULL)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: no data", f, offset);
        return -1;
    }
    unsigned int width = __jo_module_u16(entry + 16);
    unsigned int height = __jo_module_u16(entry + 18);
    unsigned int format = __jo_module_u16(entry + 20);
    if (width < 8 || width > __JO_3D_TEXTURE_MAX_WIDTH || (width & 7) != 0)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: width %u, not 8..504 by 8", f, offset, width);
        return -1;
    }
    if (height < 1 || height > __JO_3D_TEXTURE_MAX_HEIGHT)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: height %u, not 1..255", f, offset, height);
        return -1;
    }
    if (format > 1)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: format %u, not 0 or 1", f, offset, format);
        return -1;
    }
    /* The name: 16 bytes, at most 15 characters kept. */
    char name[16];
    __jo_module_name_copy(name, (const char *)entry);
    int id = __jo_3d_texture_find(name);
    if (id >= 0)
        return id;
    if (__jo_3d_table_full())
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: sprite table full (%d)", f, offset, JO_MAX_SPRITE);
        return -1;
    }
    unsigned int at, need = format == 0 ? width * height * 2 : __JO_3D_LUT_BYTES + __jo_3d_nibble_bytes(width, height);
    if (!__jo_3d_vram_room(need, &at))
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: VRAM full: %u at 0x%x", f, offset, need, at);
        return -1;
    }
    unsigned int lut = 0;
    unsigned char mode;
    if (format == 0)
    {
        /* Big-endian RGB 555 words in the file: what the VRAM holds. The
           DMA reads them from the caller's buffer. */
        jo_img img;
        img.width = (unsigned short)width;
        img.height = (unsigned short)height;
        img.data = (jo_color *)(void *)pixels;
        id = jo_sprite_add(&img);
        mode = __JO_3D_TEXTURE_RGB;
    }
    else
    {
        id = __jo_3d_add_lut_sprite(pixels, pixels + __JO_3D_LUT_BYTES, (unsigned short)width,
                                    (unsigned short)height);
        if (id >= 0)
            lut = ((unsigned int)__jo_sprite_def[id].adr << 3) - __JO_3D_LUT_BYTES;
        mode = __JO_3D_TEXTURE_LUT;
    }
    /* jo_sprite_add()'s copy is an asynchronous DMA (jo-engine-api 0.3):
       the caller frees or reuses `pixels` after the return. */
    slDMAWait();
    if (id < 0 || id >= JO_MAX_SPRITE)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: sprite not added", f, offset);
        return -1;
    }
    __jo_3d_register(id, name, mode, lut, (unsigned short)width, (unsigned short)height);
    return id;
}

/* ------------------------------------------------------------------ */
/* .BIN and .TGA files                                                 */
/* ------------------------------------------------------------------ */

static unsigned int __jo_3d_le16(const unsigned char *p)
{
    return (unsigned int)p[0] | ((unsigned int)p[1] << 8);
}

/* true when `name` ends with `ext` (4 characters: ".BIN"), any case. */
static bool __jo_3d_has_ext(const char *const name, const unsigned int length, const char *const ext)
{
    return length > 4 && __jo_module_name_equals(name + length - 4, ext, 4);
}

/* The header of a .BIN (4 bytes, little endian: width, height, then the
   RGB 555 words: saturn-notes 3.1) checked as retromesh's host does: a size
   the VDP1 draws, and exactly 4 + 2 x w x h bytes. */
static bool __jo_3d_check_bin(const char *const m, const char *const name, const unsigned char *const h,
                              const int got, const int size, unsigned int *width, unsigned int *height)
{
    if (got < 4)
    {
        if (m)
            __jo_module_error("%s: %s: %d bytes, no .BIN header", m, name, size);
        else
            __jo_module_error("%s: %d bytes, no .BIN header", name, size);
        return false;
    }
    unsigned int w = __jo_3d_le16(h), hh = __jo_3d_le16(h + 2);
    if (!__jo_3d_size_ok(w, hh))
    {
        if (m)
            __jo_module_error("%s: %s: %ux%u, not 8..504 by 8 x 1..255", m, name, w, hh);
        else
            __jo_module_error("%s: %ux%u, not 8..504 by 8 x 1..255", name, w, hh);
        return false;
    }
    if (size < 0 || (unsigned int)size != 4 + 2 * w * hh)
    {
        if (m)
            __jo_module_error("%s: %s: %d bytes, %ux%u needs %u", m, name, size, w, hh, 4 + 2 * w * hh);
        else
            __jo_module_error("%s: %d bytes, %ux%u needs %u", name, size, w, hh, 4 + 2 * w * hh);
        return false;
    }
    *width = w;
    *height = hh;
    return true;
}

/* The 18-byte header of a .TGA, refused where Jo's loader would misread the
   file (saturn-notes 3.2, as retromesh's host src/runtime/cd_tga.c): it
   does not look at the image type (RLE read as raw), does not skip the
   image-ID field, reads 8, 24 or 32 bits only, and reads an 8-bit color
   map as 255 entries then 3 skipped bytes (only 256 entries of 24 bits line
   up); the pixels must all be there. */
static bool __jo_3d_check_tga(const char *const m, const char *const name, const unsigned char *const h,
                              const int got, const int size, unsigned int *width, unsigned int *height,
                              unsigned char *mode)
{
    /* One message: "[MODEL: ]NAME: what". */
#define __JO_3D_TGA_ERROR(FMT, ...)                                                                                    \
    do                                                                                                                 \
    {                                                                                                                  \
        if (m)                                                                                                         \
            __jo_module_error("%s: %s: " FMT, m, name, __VA_ARGS__);                                                   \
        else                                                                                                           \
            __jo_module_error("%s: " FMT, name, __VA_ARGS__);                                                          \
    } while (0)
    if (got < 18)
    {
        __JO_3D_TGA_ERROR("%d bytes, no TGA header", size);
        return false;
    }
    unsigned int id_length = h[0], map_type = h[1], type = h[2];
    unsigned int map_length = __jo_3d_le16(h + 5), map_bits = h[7];
    unsigned int w = __jo_3d_le16(h + 12), hh = __jo_3d_le16(h + 14), depth = h[16];
    if (id_length != 0)
    {
        __JO_3D_TGA_ERROR("TGA image ID of %u bytes", id_length);
        return false;
    }
    if (type >= 9 && type <= 11)
    {
        __JO_3D_TGA_ERROR("run-length TGA (type %u)", type);
        return false;
    }
    if (depth != 8 && depth != 24 && depth != 32)
    {
        __JO_3D_TGA_ERROR("TGA of %u bits a pixel", depth);
        return false;
    }
    if (depth == 8 && (type != 1 || map_type != 1 || map_length != 256 || map_bits != 24))
    {
        __JO_3D_TGA_ERROR("8-bit TGA: type %u, map %u x %u bits", type, map_length, map_bits);
        return false;
    }
    if (depth != 8 && type != 2)
    {
        __JO_3D_TGA_ERROR("%u-bit TGA of type %u", depth, type);
        return false;
    }
    if (!__jo_3d_size_ok(w, hh))
    {
        __JO_3D_TGA_ERROR("%ux%u, not 8..504 by 8 x 1..255", w, hh);
        return false;
    }
    unsigned int map_bytes = depth == 8 ? 256 * 3 : (map_type == 1 ? map_length * ((map_bits + 7) >> 3) : 0);
    unsigned int need = 18 + map_bytes + w * hh * (depth >> 3);
    if (size < 0 || (unsigned int)size < need)
    {
        __JO_3D_TGA_ERROR("%d bytes, %ux%u needs %u", size, w, hh, need);
        return false;
    }
#undef __JO_3D_TGA_ERROR
    *width = w;
    *height = hh;
    *mode = depth == 8 ? __JO_3D_TEXTURE_PAL : __JO_3D_TEXTURE_RGB;
    return true;
}

int __jo_3d_texture_load_file(const char *const model, const char *const name)
{
    const char *m = model;
    if (name == JO_NULL || name[0] == '\0')
    {
        __jo_module_error("%s: texture with no name", m ? m : "jo_3d_model_texture");
        return -1;
    }
    int id = __jo_3d_texture_find(name);
    if (id >= 0)
        return id;
    unsigned int length = __jo_3d_name_length(name);
    bool tga = __jo_3d_has_ext(name, length, ".TGA");
    if (length >= __JO_3D_NAME_SCAN || (!tga && !__jo_3d_has_ext(name, length, ".BIN")))
    {
        if (m)
            __jo_module_error("%s: %s: not a .BIN or .TGA name", m, name);
        else
            __jo_module_error("%s: not a .BIN or .TGA name", name);
        return -1;
    }
#ifndef JO_COMPILE_WITH_TGA_SUPPORT
    if (tga)
    {
        if (m)
            __jo_module_error("%s: %s: needs JO_COMPILE_WITH_TGA_SUPPORT", m, name);
        else
            __jo_module_error("%s: needs JO_COMPILE_WITH_TGA_SUPPORT", name);
        return -1;
    }
#endif
    /* Probed first: jo_fs_read_file() of a missing name stops a JO_DEBUG
       build on its error screen (jo-engine-api 0.7). */
    if (!__jo_module_file_exists(name))
    {
        if (m)
            __jo_module_error("%s: %s: not found", m, name);
        else
            __jo_module_error("%s: not found", name);
        return -1;
    }
    if (__jo_3d_table_full())
    {
        if (m)
            __jo_module_error("%s: %s: sprite table full (%d)", m, name, JO_MAX_SPRITE);
        else
            __jo_module_error("%s: sprite table full (%d)", name, JO_MAX_SPRITE);
        return -1;
    }
    /* The header, read alone (Jo's loaders trust it): the file is closed
       again before the loader opens it (GFS has one handle: jo-engine-api
       3.4). */
    jo_file file;
    unsigned char header[18];
    if (!jo_fs_open(&file, name))
    {
        if (m)
            __jo_module_error("%s: %s: cannot be opened", m, name);
        else
            __jo_module_error("%s: cannot be opened", name);
        return -1;
    }
    int got = jo_fs_read_next_bytes(&file, (char *)header, tga ? 18 : 4);
    int size = file.size;
    jo_fs_close(&file);
    unsigned int width = 0, height = 0;
    unsigned char mode = __JO_3D_TEXTURE_RGB;
    if (tga ? !__jo_3d_check_tga(m, name, header, got, size, &width, &height, &mode)
            : !__jo_3d_check_bin(m, name, header, got, size, &width, &height))
        return -1;
    unsigned int at, need = width * height * (mode == __JO_3D_TEXTURE_PAL ? 1 : 2);
    if (!__jo_3d_vram_room(need, &at))
    {
        if (m)
            __jo_module_error("%s: %s: VRAM full: %u at 0x%x", m, name, need, at);
        else
            __jo_module_error("%s: VRAM full: %u at 0x%x", name, need, at);
        return -1;
    }
    /* Jo's loaders read the whole file, jo_sprite_add() it and jo_free() the
       buffer at once, while the DMA of jo_sprite_add() may still be reading
       it (jo-engine-api 0.3). jo_free() only marks the block free: its bytes
       stay until something allocates it again. So the module waits for the
       DMA right after the loader returns, before anything of its own (or of
       the caller, who gets the id back) can allocate that block and write
       over the bytes being copied. */
    if (tga)
    {
#ifdef JO_COMPILE_WITH_TGA_SUPPORT
        id = jo_sprite_add_tga(JO_NULL, name, JO_COLOR_Transparent);
#endif
    }
    else
        id = jo_sprite_add_bin(JO_NULL, name, JO_COLOR_Transparent);
    slDMAWait();
    if (id < 0 || id >= JO_MAX_SPRITE)
    {
        if (m)
            __jo_module_error("%s: %s: not loaded (out of memory?)", m, name);
        else
            __jo_module_error("%s: not loaded (out of memory?)", name);
        return -1;
    }
    __jo_3d_register(id, name, mode, 0, (unsigned short)width, (unsigned short)height);
    return id;
}

/* ------------------------------------------------------------------ */
/* Tiles and smaller copies                                            */
/* ------------------------------------------------------------------ */

/* Bytes of w x h texels in a mode of the registry. */
static unsigned int __jo_3d_mode_bytes(const unsigned char mode, const unsigned int w, const unsigned int h)
{
    return mode == __JO_3D_TEXTURE_RGB ? w * h * 2 : mode == __JO_3D_TEXTURE_PAL ? w * h : __jo_3d_nibble_bytes(w, h);
}

/* Texel i of a texture in VRAM, in its mode (16 bits, 8 bits or a 4-bit
   index), read as 16-bit words. */
static unsigned int __jo_3d_texel(const volatile unsigned short *const vram, const unsigned char mode,
                                  const unsigned int i)
{
    if (mode == __JO_3D_TEXTURE_RGB)
        return vram[i];
    if (mode == __JO_3D_TEXTURE_PAL)
        return (vram[i >> 1] >> ((i & 1) ? 0 : 8)) & 0xFF;
    /* 4 texels a word, the first (left) one in the high 4 bits. */
    return (vram[i >> 2] >> (12 - ((i & 3) << 2))) & 0xF;
}

/* One tile or copy of texture `t` (sprite `src`): its w x h window at
   (x0, y0), one texel every 1 << shift, as a new sprite of the texture's
   mode. The texels go straight from the texture's VRAM to the new
   sprite's: no work RAM, no DMA. Returns the sprite id, -1. */
static int __jo_3d_add_window(const __jo_3d_texture *const t, const unsigned int x0, const unsigned int y0,
                              const unsigned short w, const unsigned short h, const unsigned int shift)
{
    int id;
    if (t->mode == __JO_3D_TEXTURE_LUT)
        /* 4-bit texels only: the polygon reads its texture's table. */
        id = __jo_3d_sprite_reserve_16(__jo_3d_nibble_bytes(w, h), w, h, 0);
    else
        id = __jo_3d_sprite_reserve(w, h, t->mode == __JO_3D_TEXTURE_PAL);
    if (id < 0 || id >= JO_MAX_SPRITE)
        return -1;
    const volatile unsigned short *src = (const volatile unsigned short *)__jo_sprite_pic[t->sprite].data;
    volatile unsigned short *dst = (volatile unsigned short *)__jo_sprite_pic[id].data;
    /* Texels a word: 1 (RGB), 2 (8 bits), 4 (4 bits); a row of w (a
       multiple of 8) texels is whole words. */
    unsigned int per_word = t->mode == __JO_3D_TEXTURE_RGB ? 1 : t->mode == __JO_3D_TEXTURE_PAL ? 2 : 4;
    unsigned int bits = per_word == 1 ? 16 : per_word == 2 ? 8 : 4;
    unsigned int word = 0, filled = 0;
    for (unsigned int y = 0; y < h; ++y)
    {
        unsigned int row = (y0 + (y << shift)) * t->width;
        for (unsigned int x = 0; x < w; ++x)
        {
            word = (word << bits) | __jo_3d_texel(src, t->mode, row + x0 + (x << shift));
            if (++filled == per_word)
            {
                *dst++ = (unsigned short)word;
                word = 0;
                filled = 0;
            }
        }
    }
    return id;
}

bool __jo_3d_texture_derive(const char *const model, const int sprite, const bool tiles, const bool mipmaps)
{
    const char *m = model != JO_NULL ? model : "program";
    if (sprite < 0 || sprite >= JO_MAX_SPRITE || !__jo_3d_entry_live(sprite))
    {
        __jo_module_error("%s: sprite %d is not a texture", m, sprite);
        return false;
    }
    __jo_3d_texture *t = &__jo_3d_textures[sprite];
    /* The texture's own copy to VRAM may still be running. */
    slDMAWait();
    /* Tiles: the 4 quarters (top-left, top-right, bottom-left, bottom-right)
       when the half width is still a multiple of 8; else none (the polygons
       are drawn whole). */
    unsigned int w2 = (unsigned int)t->width >> 1, h2 = (unsigned int)t->height >> 1;
    if (tiles && t->first_tile < 0 && w2 >= 8 && (w2 & 7) == 0 && h2 > 0)
    {
        for (unsigned int k = 0; k < 4; ++k)
        {
            unsigned int at;
            if (__jo_3d_table_full())
            {
                __jo_module_error("%s: %s: tile %u: sprite table full (%d)", m, t->name, k + 1, JO_MAX_SPRITE);
                return false;
            }
            if (!__jo_3d_vram_room(__jo_3d_mode_bytes(t->mode, w2, h2), &at))
            {
                __jo_module_error("%s: %s: tile %u: VRAM full at 0x%x", m, t->name, k + 1, at);
                return false;
            }
            int id = __jo_3d_add_window(t, (k & 1) ? w2 : 0, (k & 2) ? h2 : 0, (unsigned short)w2,
                                        (unsigned short)h2, 0);
            if (id < 0)
            {
                __jo_module_error("%s: %s: tile %u not added", m, t->name, k + 1);
                return false;
            }
            if (k == 0)
                t->first_tile = (short)id;
        }
    }
    /* Smaller copies: halved while the width stays a multiple of 8 (64x64:
       32x32, 16x16, 8x8), one texel of each 2 x 2 (the top-left one: a
       16-color or 8-bit texel cannot be averaged). */
    if (mipmaps && t->first_mipmap < 0)
    {
        for (unsigned int shift = 1; shift < 16; ++shift)
        {
            unsigned int w = (unsigned int)t->width >> shift, h = (unsigned int)t->height >> shift;
            if (w < 8 || (w & 7) != 0 || h == 0)
                break;
            unsigned int at;
            if (__jo_3d_table_full())
            {
                __jo_module_error("%s: %s: %ux%u copy: sprite table full", m, t->name, w, h);
                return false;
            }
            if (!__jo_3d_vram_room(__jo_3d_mode_bytes(t->mode, w, h), &at))
            {
                __jo_module_error("%s: %s: %ux%u copy: VRAM full at 0x%x", m, t->name, w, h, at);
                return false;
            }
            int id = __jo_3d_add_window(t, 0, 0, (unsigned short)w, (unsigned short)h, shift);
            if (id < 0)
            {
                __jo_module_error("%s: %s: %ux%u copy not added", m, t->name, w, h);
                return false;
            }
            if (t->first_mipmap < 0)
                t->first_mipmap = (short)id;
            t->mipmap_count++;
        }
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Gouraud tables                                                      */
/* ------------------------------------------------------------------ */

int __jo_3d_gouraud_add(const char *const model, const unsigned short colors[4])
{
    const char *m = model != JO_NULL ? model : "program";
    if (__jo_3d_table_full())
    {
        __jo_module_error("%s: gouraud table: sprite table full (%d)", m, JO_MAX_SPRITE);
        return -1;
    }
    unsigned int at;
    if (!__jo_3d_vram_room(8, &at))
    {
        __jo_module_error("%s: gouraud table: VRAM full at 0x%x", m, at);
        return -1;
    }
    /* The 8 bytes of a table (A, B, C, D) in a sprite of 4 x 1 RGB texels,
       as retromesh's host has it; the allocator rounds the next sprite to
       32 bytes. It is added as 8 x 1 (16 bytes: the same 32 taken), the 4
       colors then 4 zeros, since Jo's sprites are 8 texels wide at least
       (jo_sprite_add() of a 4-wide image is a width the VDP1 cannot draw,
       which the test double reports), then its table says 4 x 1. Never
       drawn as a texture: gstb = adr. */
    jo_color table[8];
    for (int k = 0; k < 4; ++k)
    {
        table[k] = colors[k];
        table[k + 4] = 0;
    }
    jo_img img;
    img.width = 8;
    img.height = 1;
    img.data = table;
    int id = jo_sprite_add(&img);
    /* The DMA reads `table`, on this stack frame. */
    slDMAWait();
    if (id >= 0 && id < JO_MAX_SPRITE)
    {
        __jo_sprite_def[id].width = 4;
        __jo_sprite_def[id].size = (Uint16)(((4 & 0x1F8) << 5) | 1);
    }
    if (id < 0 || id >= JO_MAX_SPRITE)
    {
        __jo_module_error("%s: gouraud table not added", m);
        return -1;
    }
    return id;
}

#endif /* JO_COMPILE_WITH_3D_SUPPORT && JO_COMPILE_USING_SGL */
