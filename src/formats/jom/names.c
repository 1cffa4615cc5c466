/* src/formats/jom/names.c - names of tags, flags and formats, and the
   printable form of names read from files. */
#include "jom_internal.h"

#include <stdio.h>
#include <string.h>

const char jom_tags[JOM_KIND_COUNT][5] = {
    "TIMG", "PNTS", "QUAD", "QMAT", "MATL", "TEXT", "NTAB",
    "CNRM", "VCOL", "GOUR", "GRUP", "BONE", "ANIM", "END ",
};

const char *jom_kind_name(int kind)
{
    static const char names[JOM_KIND_COUNT][5] = {
        "TIMG", "PNTS", "QUAD", "QMAT", "MATL", "TEXT", "NTAB",
        "CNRM", "VCOL", "GOUR", "GRUP", "BONE", "ANIM", "END",
    };
    if (kind < 0 || kind >= JOM_KIND_COUNT)
        return "?";
    return names[kind];
}

int jom_kind_of_tag(const uint8_t tag[4])
{
    for (int k = 0; k < JOM_KIND_COUNT; k++)
        if (memcmp(tag, jom_tags[k], 4) == 0)
            return k;
    return -1;
}

void jom_tag_text(const uint8_t tag[4], char out[5])
{
    for (int i = 0; i < 4; i++)
        out[i] = (tag[i] >= 0x20 && tag[i] < 0x7f) ? (char)tag[i] : '?';
    out[4] = 0;
}

void jom_name_text(const char *name, size_t max, char *out, size_t out_size)
{
    size_t o = 0;
    if (out_size == 0)
        return;
    for (size_t i = 0; i < max && name[i]; i++) {
        unsigned char ch = (unsigned char)name[i];
        char buf[5];
        if (ch == '\\') {
            buf[0] = '\\';
            buf[1] = '\\';
            buf[2] = 0;
        } else if (ch >= 0x20 && ch < 0x7f) {
            buf[0] = (char)ch;
            buf[1] = 0;
        } else {
            snprintf(buf, sizeof buf, "\\x%02x", ch);
        }
        size_t n = strlen(buf);
        if (o + n >= out_size)
            break;
        memcpy(out + o, buf, n);
        o += n;
    }
    out[o] = 0;
}

const char *rm_jom_material_flag_name(unsigned bit)
{
    /* The names of the MTL options (jo_dual -> dual_plane...), lower case. */
    static const char *const names[] = {
        "dual_plane", "sort_min", "sort_max", "gouraud", "half_transparent",
        "screen_doors", "light", "flip_h", "flip_v", "end_codes", "mipmaps",
        "subdivision", "subdivision_near",
    };
    if (bit < sizeof names / sizeof names[0])
        return names[bit];
    return NULL;
}

const char *jom_texture_format_name(uint32_t format)
{
    switch (format) {
    case 0: return "rgb555";
    case 1: return "lut16";
    default: return "unknown";
    }
}

uint32_t jom_animation_duration(const rm_jom_animation *a)
{
    if (a->key_count == 0)
        return 0;
    uint32_t steps = (a->flags & RM_JOM_ANIMATION_LOOP) ? a->key_count : (uint32_t)a->key_count - 1u;
    return steps * a->key_ticks;
}

uint32_t jom_fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}
