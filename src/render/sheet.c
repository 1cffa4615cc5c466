/* src/render/sheet.c - the contact sheet (--views 4): front, side, top and
   three-quarter views in a 2 x 2 grid, each labelled with a tiny built-in
   5x7 bitmap font (docs/rendering.md "Contact sheet"). */
#include <stdlib.h>
#include <string.h>

#include "retromesh/render.h"

/* 5x7 glyphs: 7 rows, bit 4 is the leftmost column. */
typedef struct glyph {
    char c;
    uint8_t rows[7];
} glyph;

static const glyph FONT[] = {
    {'0', {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}}, {'1', {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E}},
    {'2', {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}}, {'3', {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E}},
    {'4', {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}}, {'5', {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E}},
    {'6', {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}}, {'7', {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08}},
    {'8', {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}}, {'9', {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C}},
    {'A', {0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}}, {'D', {0x1E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1E}},
    {'E', {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F}}, {'F', {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10}},
    {'H', {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}}, {'I', {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}},
    {'N', {0x11, 0x19, 0x15, 0x13, 0x11, 0x11, 0x11}}, {'O', {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}},
    {'P', {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10}}, {'Q', {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D}},
    {'R', {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11}}, {'S', {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E}},
    {'T', {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}}, {'U', {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}},
    {'W', {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A}}, {'Y', {0x11, 0x11, 0x0A, 0x04, 0x04, 0x04, 0x04}},
    {'-', {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00}}, {'/', {0x01, 0x01, 0x02, 0x04, 0x08, 0x10, 0x10}},
};

static const uint8_t *glyph_rows(char c)
{
    for (size_t i = 0; i < sizeof FONT / sizeof FONT[0]; i++)
        if (FONT[i].c == c)
            return FONT[i].rows;
    return NULL;        /* a space, or a character the font does not have: blank */
}

void rm_render_text(uint16_t *fb, uint32_t width, uint32_t height, int x, int y, const char *text, uint16_t color)
{
    for (; *text; text++, x += 6) {
        const uint8_t *rows = glyph_rows(*text);
        if (!rows)
            continue;
        for (int r = 0; r < 7; r++)
            for (int c = 0; c < 5; c++) {
                int px = x + c, py = y + r;
                if ((rows[r] >> (4 - c)) & 1 && px >= 0 && py >= 0 && (uint32_t)px < width && (uint32_t)py < height)
                    fb[(size_t)py * width + (size_t)px] = color;
            }
    }
}

static const struct {
    const char *label;
    double yaw, pitch;
} VIEWS[4] = {{"FRONT", 0.0, 0.0}, {"SIDE", 90.0, 0.0}, {"TOP", 0.0, 90.0}, {"THREE-QUARTER", 45.0, 30.0}};

rm_status rm_render_views(rm_render_scene *s, const rm_3d_pose *pose, uint32_t hidden_bones,
                          const rm_render_options *opt, uint16_t *sheet)
{
    if (!opt || opt->width == 0 || opt->height == 0 || opt->width > RM_RENDER_MAX_SIZE ||
        opt->height > RM_RENDER_MAX_SIZE)
        return RM_USAGE;
    size_t cell = (size_t)opt->width * opt->height;
    uint16_t *fb = malloc(cell * sizeof *fb);
    if (!fb)
        return RM_NOMEM;
    uint32_t sw = opt->width * 2;
    rm_status st = RM_OK;
    for (int v = 0; v < 4 && st == RM_OK; v++) {
        rm_render_options o = *opt;
        o.yaw = VIEWS[v].yaw;
        o.pitch = VIEWS[v].pitch;
        st = rm_render_frame(s, pose, hidden_bones, &o, fb);
        if (st != RM_OK)
            break;
        /* The label, white on a one-pixel black shadow, in the cell's top left. */
        rm_render_text(fb, o.width, o.height, 4, 4, VIEWS[v].label, 0x8000u);
        rm_render_text(fb, o.width, o.height, 3, 3, VIEWS[v].label, 0xFFFFu);
        uint32_t ox = (uint32_t)(v & 1) * opt->width, oy = (uint32_t)(v >> 1) * opt->height;
        for (uint32_t y = 0; y < opt->height; y++)
            memcpy(&sheet[(size_t)(oy + y) * sw + ox], &fb[(size_t)y * opt->width], opt->width * sizeof *fb);
    }
    free(fb);
    return st;
}
