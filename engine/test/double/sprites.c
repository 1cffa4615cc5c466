/* engine/test/double/sprites.c - Jo's sprite allocator (jo-engine-api 4.2)
   over a 512 KB array standing for VDP1 VRAM.

   The first sprite at offset 0x10000, each next at the end of the previous
   rounded up to 32 bytes; (w * h * 4) >> cmode bytes (COL_32K 1: 2 bytes
   a pixel, COL_256 2: 1, COL_16 3: a half). __jo_sprite_def[id] = {w, h,
   offset / 8, ((w & 0x1F8) << 5) | h}; __jo_sprite_pic[id] = {id, cmode,
   the address in the array}. The texels are copied with slDMACopy (see
   sgl.c). Recorded as defects (what Jo does not check or only in debug
   builds): a width not a multiple of 8, a height above 255, a sprite past
   the end of VRAM (its texels are then not copied), more than
   JO_MAX_SPRITE sprites (refused, -1). */
#include "internal.h"

#define FIRST_ADDRESS 0x10000u

jo_texture_definition __jo_sprite_def[JO_MAX_SPRITE];
jo_picture_definition __jo_sprite_pic[JO_MAX_SPRITE];

static unsigned char vram[DOUBLE_VRAM_SIZE] __attribute__((aligned(32)));
static double_sprite sprites[JO_MAX_SPRITE];
static int last;                         /* the last sprite id, -1: none */
static unsigned int next;                /* VRAM offset of the next sprite */

void double_reset_sprites(void)
{
    rt_memset(__jo_sprite_def, 0, sizeof __jo_sprite_def);
    rt_memset(__jo_sprite_pic, 0, sizeof __jo_sprite_pic);
    rt_memset(sprites, 0, sizeof sprites);
    rt_memset(vram, 0, sizeof vram);
    last = -1;
    next = FIRST_ADDRESS;
}

int double_sprite_add(const void *data, unsigned int w, unsigned int h, unsigned int cmode)
{
    unsigned int bytes, address;
    int id;
    if (last + 1 >= JO_MAX_SPRITE) {
#ifdef JO_DEBUG
        double_error("jo_sprite_add", "Too many sprites");
#endif
        double_defect("sprite %d: more than JO_MAX_SPRITE (%d) sprites", last + 1, JO_MAX_SPRITE);
        return -1;
    }
    if (w & 7u)
        double_defect("sprite %d: width %u is not a multiple of 8", last + 1, w);
    if (h > 255)
        double_defect("sprite %d: height %u is above 255 (HVsize)", last + 1, h);
    id = ++last;
    bytes = (w * h * 4u) >> cmode;
    address = next;
    next = (address + bytes + 31u) & ~31u;
    __jo_sprite_def[id].width = (Uint16)w;
    __jo_sprite_def[id].height = (Uint16)h;
    __jo_sprite_def[id].adr = (Uint16)(address >> 3);
    __jo_sprite_def[id].size = (Uint16)(((w & 0x1F8u) << 5) | h);
    __jo_sprite_pic[id].index = (unsigned short)id;
    __jo_sprite_pic[id].color_mode = (unsigned short)cmode;
    __jo_sprite_pic[id].data = address < DOUBLE_VRAM_SIZE ? vram + address : JO_NULL;
    sprites[id].id = id;
    sprites[id].address = address;
    sprites[id].bytes = bytes;
    sprites[id].width = (unsigned short)w;
    sprites[id].height = (unsigned short)h;
    sprites[id].color_mode = (unsigned short)cmode;
    if (address > DOUBLE_VRAM_SIZE || bytes > DOUBLE_VRAM_SIZE - address) {
        double_defect("sprite %d: 0x%X + %u bytes is past the end of VRAM", id, address, bytes);
        return id;
    }
    if (data && bytes)
        slDMACopy((void *)(unsigned int)data, vram + address, bytes);
    return id;
}

int jo_sprite_add(const jo_img *const img)
{
    if (!img) {
        double_defect("jo_sprite_add(JO_NULL)");
        return -1;
    }
    return double_sprite_add(img->data, img->width, img->height, COL_32K);
}

int jo_sprite_add_8bits_image(const jo_img_8bits *const img)
{
    if (!img) {
        double_defect("jo_sprite_add_8bits_image(JO_NULL)");
        return -1;
    }
    return double_sprite_add(img->data, img->width, img->height, COL_256);
}

void jo_sprite_free_from(const int sprite_id)
{
    if (sprite_id > last)
        return;
    if (sprite_id < 0) {
        double_defect("jo_sprite_free_from(%d)", sprite_id);
        return;
    }
    next = sprites[sprite_id].address;
    last = sprite_id - 1;
}

int jo_get_last_sprite_id(void)
{
    return last;
}

unsigned int double_sprite_count(void)
{
    return (unsigned int)(last + 1);
}

const double_sprite *double_sprite_at(int id)
{
    return id >= 0 && id <= last ? &sprites[id] : JO_NULL;
}

unsigned int double_vram_next(void)
{
    return next;
}

unsigned char *double_vram(void)
{
    return vram;
}
