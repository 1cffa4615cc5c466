/* src/render/gif_memory.c - the GIF stream (gif.c) collected in memory,
   for callers that want the file's bytes rather than a FILE. */
#include <stdlib.h>
#include <string.h>

#include "retromesh/render.h"

struct rm_render_gif {
    rm_render_gif_stream *stream;   /* NULL once encoded */
    rm_status status;               /* of the stream's end, once encoded */
    size_t frames;                  /* once encoded */
    uint8_t *data;
    size_t size, capacity;
};

static bool write_mem(void *ctx, const uint8_t *bytes, size_t len)
{
    rm_render_gif *g = ctx;
    if (len > g->capacity - g->size) {
        size_t cap = g->capacity ? g->capacity : 4096;
        while (cap - g->size < len) {
            if (cap > SIZE_MAX / 2)
                return false;
            cap *= 2;
        }
        uint8_t *grown = realloc(g->data, cap);
        if (!grown)
            return false;
        g->data = grown;
        g->capacity = cap;
    }
    memcpy(g->data + g->size, bytes, len);
    g->size += len;
    return true;
}

rm_render_gif *rm_render_gif_open(uint32_t width, uint32_t height, unsigned fps)
{
    rm_render_gif *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->stream = rm_render_gif_stream_open(width, height, 1, fps, write_mem, g);
    if (!g->stream) {
        free(g);
        return NULL;
    }
    return g;
}

rm_status rm_render_gif_add(rm_render_gif *g, const uint16_t *fb)
{
    if (!g->stream)
        return RM_USAGE;
    rm_status st = rm_render_gif_stream_add(g->stream, fb);
    return st == RM_IO ? RM_NOMEM : st;     /* writing to memory fails only for memory */
}

size_t rm_render_gif_frame_count(const rm_render_gif *g)
{
    return g->stream ? rm_render_gif_stream_frame_count(g->stream) : g->frames;
}

rm_status rm_render_gif_encode(rm_render_gif *g, uint8_t **data, size_t *size)
{
    *data = NULL;
    *size = 0;
    if (g->stream) {
        g->frames = rm_render_gif_stream_frame_count(g->stream);
        g->status = rm_render_gif_stream_close(g->stream);
        g->stream = NULL;
        if (g->status == RM_IO)
            g->status = RM_NOMEM;
    }
    if (g->status != RM_OK)
        return g->status;
    uint8_t *copy = malloc(g->size);
    if (!copy)
        return RM_NOMEM;
    memcpy(copy, g->data, g->size);
    *data = copy;
    *size = g->size;
    return RM_OK;
}

void rm_render_gif_free(rm_render_gif *g)
{
    if (!g)
        return;
    rm_render_gif_stream_close(g->stream);
    free(g->data);
    free(g);
}
