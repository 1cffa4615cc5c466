/* src/render/gif.c - animated GIFs of RGB555 frames (giflib). The palette
   is fixed, so every GIF of every model is made the same way: a 6 x 7 x 6
   color cube (252 colors; green, to which the eye is most sensitive, gets
   7 levels), each RGB555 channel taken to the nearest level
   (docs/rendering.md "GIF"). */
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/render.h"

#define LEVELS_R 6
#define LEVELS_G 7
#define LEVELS_B 6

struct rm_render_gif {
    uint32_t width, height;
    unsigned fps;
    size_t frame_count, capacity;
    uint8_t **frames;           /* width * height palette indexes each */
};

rm_render_gif *rm_render_gif_open(uint32_t width, uint32_t height, unsigned fps)
{
    if (width == 0 || height == 0 || width > 65535 || height > 65535 || fps == 0 || fps > 100)
        return NULL;
    rm_render_gif *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->width = width;
    g->height = height;
    g->fps = fps;
    return g;
}

void rm_render_gif_free(rm_render_gif *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->frame_count; i++)
        free(g->frames[i]);
    free(g->frames);
    free(g);
}

/* Nearest of `levels` levels for a 5-bit channel, rounded (halves up). */
static unsigned level(unsigned c, unsigned levels)
{
    return (c * (levels - 1) * 2 + 31) / 62;
}

uint8_t rm_render_gif_index(uint16_t c)
{
    unsigned r = level(c & 31u, LEVELS_R), g = level((c >> 5) & 31u, LEVELS_G), b = level((c >> 10) & 31u, LEVELS_B);
    return (uint8_t)((r * LEVELS_G + g) * LEVELS_B + b);
}

rm_status rm_render_gif_add(rm_render_gif *g, const uint16_t *fb)
{
    if (g->frame_count == g->capacity) {
        size_t cap = g->capacity ? g->capacity * 2 : 16;
        uint8_t **grown = realloc(g->frames, cap * sizeof *grown);
        if (!grown)
            return RM_NOMEM;
        g->frames = grown;
        g->capacity = cap;
    }
    size_t n = (size_t)g->width * g->height;
    uint8_t *idx = malloc(n);
    if (!idx)
        return RM_NOMEM;
    for (size_t i = 0; i < n; i++)
        idx[i] = rm_render_gif_index(fb[i]);
    g->frames[g->frame_count++] = idx;
    return RM_OK;
}

typedef struct membuf {
    uint8_t *data;
    size_t size, capacity;
    bool failed;
} membuf;

static int write_mem(GifFileType *gif, const GifByteType *bytes, int len)
{
    membuf *m = gif->UserData;
    if (len <= 0)
        return 0;
    if (m->size + (size_t)len > m->capacity) {
        size_t cap = m->capacity ? m->capacity : 4096;
        while (cap < m->size + (size_t)len)
            cap *= 2;
        uint8_t *grown = realloc(m->data, cap);
        if (!grown) {
            m->failed = true;
            return 0;
        }
        m->data = grown;
        m->capacity = cap;
    }
    memcpy(m->data + m->size, bytes, (size_t)len);
    m->size += (size_t)len;
    return len;
}

rm_status rm_render_gif_encode(const rm_render_gif *g, uint8_t **data, size_t *size)
{
    *data = NULL;
    *size = 0;
    membuf m = {0};
    int err = 0;
    GifFileType *gif = EGifOpen(&m, write_mem, &err);
    if (!gif)
        return RM_NOMEM;
    GifColorType colors[256];
    memset(colors, 0, sizeof colors);
    for (unsigned r = 0; r < LEVELS_R; r++)
        for (unsigned gg = 0; gg < LEVELS_G; gg++)
            for (unsigned b = 0; b < LEVELS_B; b++) {
                GifColorType *c = &colors[(r * LEVELS_G + gg) * LEVELS_B + b];
                c->Red = (GifByteType)(r * 255 / (LEVELS_R - 1));
                c->Green = (GifByteType)(gg * 255 / (LEVELS_G - 1));
                c->Blue = (GifByteType)(b * 255 / (LEVELS_B - 1));
            }
    ColorMapObject *map = GifMakeMapObject(256, colors);
    bool ok = map != NULL;
    EGifSetGifVersion(gif, true);
    ok = ok && EGifPutScreenDesc(gif, (int)g->width, (int)g->height, 8, 0, map) == GIF_OK;
    /* Loop forever (the NETSCAPE2.0 application extension). */
    static const GifByteType loop[3] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK && EGifPutExtensionBlock(gif, 3, loop) == GIF_OK &&
         EGifPutExtensionTrailer(gif) == GIF_OK;
    int delay = (int)((100 + g->fps / 2) / g->fps);     /* hundredths of a second, rounded */
    for (size_t f = 0; ok && f < g->frame_count; f++) {
        GraphicsControlBlock gcb = {DISPOSAL_UNSPECIFIED, false, delay, NO_TRANSPARENT_COLOR};
        GifByteType ext[4];
        EGifGCBToExtension(&gcb, ext);
        ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
             EGifPutImageDesc(gif, 0, 0, (int)g->width, (int)g->height, false, NULL) == GIF_OK;
        for (uint32_t y = 0; ok && y < g->height; y++)
            ok = EGifPutLine(gif, g->frames[f] + (size_t)y * g->width, (int)g->width) == GIF_OK;
    }
    if (EGifCloseFile(gif, &err) != GIF_OK)
        ok = false;
    GifFreeMapObject(map);
    if (!ok || m.failed) {
        free(m.data);
        return m.failed ? RM_NOMEM : RM_IO;
    }
    *data = m.data;
    *size = m.size;
    return RM_OK;
}

size_t rm_render_gif_frame_count(const rm_render_gif *g)
{
    return g->frame_count;
}
