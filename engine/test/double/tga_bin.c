/* engine/test/double/tga_bin.c - jo_sprite_add_bin and jo_sprite_add_tga
   (saturn-notes 3.1, 3.2).

   Both read the whole file with jo_fs_read_file (a size + 1 block of Jo's
   heap, as Jo does), convert it, add the sprite and free the block. The
   conversion goes through a static buffer of the double (Jo converts in
   place or in its own buffer: not counted here, like the host runtime's
   figures, which count the file's size + 1). The double calls slDMAWait()
   before freeing: Jo's loaders do not (jo-engine-api 0.3), a race in Jo
   that the calling module cannot avoid, so it is not reported as the
   module's defect.

   .BIN: LE u16 width, height, then w * h LE RGB555 words; a pixel equal
   to the transparent colour (when not 0) becomes 0.
   .TGA: 24-bit (B, G, R each >> 3, bit 15 set), 32-bit (0 when A >> 3 ==
   0), 8-bit colour-mapped (index + 1 in a byte, COL_256; the colour map,
   256 entries of 24 bits, is skipped); rows bottom-up unless bit 5 of the
   descriptor; the transparent colour applied after conversion. Refused
   (an error, -1): a file too short, an image ID, another depth or type, a
   width not a multiple of 8 (JO_DEBUG builds only, as Jo), a size of 0. */
#include "internal.h"

#define MAX_W 512u
#define MAX_H 512u

static unsigned short scratch[MAX_W * MAX_H];

static unsigned int le16(const unsigned char *p)
{
    return (unsigned int)p[0] | (unsigned int)p[1] << 8;
}

static unsigned short rgb555(unsigned int r, unsigned int g, unsigned int b)
{
    return (unsigned short)(0x8000u | (r >> 3) | (g >> 3) << 5 | (b >> 3) << 10);
}

/* Reads sub_dir/filename (sub_dir NULL: the current folder). */
static unsigned char *read_in(const char *sub_dir, const char *filename, int *len)
{
    char *data;
    if (sub_dir) {
        /* jo_fs_cd(sub_dir), read, jo_fs_cd("..") */
        char saved[300], inner[300];
        unsigned int n;
        double_cd_path("", saved, sizeof saved);
        n = rt_strlen(saved);
        if (n > 0)
            saved[n - 1] = 0;                 /* drop the trailing '/' */
        if (!double_cd_path(sub_dir, inner, sizeof inner))
            return JO_NULL;
        double_set_cd(inner);
        data = jo_fs_read_file(filename, len);
        double_set_cd(saved);
    } else {
        data = jo_fs_read_file(filename, len);
    }
    return (unsigned char *)data;
}

static bool size_ok(const char *function, const char *filename, unsigned int w, unsigned int h)
{
    if (w == 0 || h == 0 || w > MAX_W || h > MAX_H) {
        double_error(function, "%s: bad size %ux%u", filename, w, h);
        return false;
    }
#ifdef JO_DEBUG
    if (w & 7u) {
        double_error(function, "%s: width %u not a multiple of 8", filename, w);
        return false;
    }
#endif
    return true;
}

static int add_and_free(unsigned char *file, const void *texels, unsigned int w, unsigned int h, unsigned int cmode)
{
    int id = double_sprite_add(texels, w, h, cmode);
    slDMAWait();
    jo_free(file);
    return id;
}

int jo_sprite_add_bin(const char *const sub_dir, const char *const filename, const jo_color transparent_color)
{
    int len = 0;
    unsigned char *file = read_in(sub_dir, filename, &len);
    unsigned int w, h, i;
    if (!file)
        return -1;
    if (len < 4) {
        double_error("jo_sprite_add_bin", "%s: too short", filename);
        jo_free(file);
        return -1;
    }
    w = le16(file);
    h = le16(file + 2);
    if (!size_ok("jo_sprite_add_bin", filename, w, h)) {
        jo_free(file);
        return -1;
    }
    if ((unsigned int)len - 4u < w * h * 2u) {
        double_error("jo_sprite_add_bin", "%s: too short for %ux%u", filename, w, h);
        jo_free(file);
        return -1;
    }
    for (i = 0; i < w * h; i++) {
        unsigned short c = (unsigned short)le16(file + 4 + 2 * i);
        scratch[i] = (transparent_color != 0 && c == transparent_color) ? 0 : c;
    }
    return add_and_free(file, scratch, w, h, COL_32K);
}

int jo_sprite_add_tga(const char *const sub_dir, const char *const filename, const jo_color transparent_color)
{
    int len = 0;
    unsigned char *file = read_in(sub_dir, filename, &len);
    unsigned int id_len, map_type, type, map_len, map_bits, w, h, depth, desc, map_bytes, bpp, x, y;
    const unsigned char *pix;
    unsigned char *bytes = (unsigned char *)scratch;
    if (!file)
        return -1;
    if (len < 18) {
        double_error("jo_sprite_add_tga", "%s: not a TGA", filename);
        jo_free(file);
        return -1;
    }
    id_len = file[0];
    map_type = file[1];
    type = file[2];
    map_len = le16(file + 5);
    map_bits = file[7];
    w = le16(file + 12);
    h = le16(file + 14);
    depth = file[16];
    desc = file[17];
    if (id_len != 0 || (depth != 8 && depth != 24 && depth != 32) || (depth == 8 && (type != 1 || map_type != 1))
        || (depth != 8 && type != 2)) {
        double_error("jo_sprite_add_tga", "%s: unsupported TGA", filename);
        jo_free(file);
        return -1;
    }
    if (!size_ok("jo_sprite_add_tga", filename, w, h)) {
        jo_free(file);
        return -1;
    }
    map_bytes = map_type == 1 ? map_len * ((map_bits + 7u) >> 3) : 0;
    bpp = depth >> 3;
    if ((unsigned int)len < 18u + map_bytes || (unsigned int)len - 18u - map_bytes < w * h * bpp) {
        double_error("jo_sprite_add_tga", "%s: too short", filename);
        jo_free(file);
        return -1;
    }
    pix = file + 18 + map_bytes;
    for (y = 0; y < h; y++) {
        unsigned int row = (desc & 0x20u) ? y : h - 1 - y;
        for (x = 0; x < w; x++) {
            const unsigned char *p = pix + (y * w + x) * bpp;
            if (depth == 8) {
                unsigned char code = (unsigned char)(p[0] + 1u);
                if (transparent_color != 0 && code == transparent_color)
                    code = 0;
                bytes[row * w + x] = code;
            } else {
                unsigned short c = depth == 24 || (p[3] >> 3) != 0 ? rgb555(p[2], p[1], p[0]) : 0;
                if (transparent_color != 0 && c == transparent_color)
                    c = 0;
                scratch[row * w + x] = c;
            }
        }
    }
    return add_and_free(file, scratch, w, h, depth == 8 ? COL_256 : COL_32K);
}
