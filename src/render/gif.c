/* src/render/gif.c - animated GIFs of RGB555 frames, written as they come
   (giflib's EGifOpen with an output function): memory is one frame's
   tables whatever the number of frames. Each frame has its own palette
   (gif_palette.c); the first frame's is the global color table, and a
   later frame whose colors are all in it uses it instead of carrying a
   local table of its own (smaller files for the common case of frames
   that share their colors). docs/rendering.md "GIF". */
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#include "gif_palette.h"
#include "retromesh/render.h"

struct rm_render_gif_stream {
    uint32_t width, height, scale;  /* of the frames given; the GIF is scale times larger */
    unsigned fps;
    rm_render_gif_write_fn write;
    void *ctx;
    GifFileType *gif;
    bool started;                   /* header and screen written */
    rm_status status;               /* the first failure, sticky */
    size_t frames;
    rm_gif_palette global, local;
    uint32_t *hist;                 /* GIF_HIST_SIZE counts, 0 between frames */
    uint8_t *lut;                   /* RGB555 color -> palette index */
    uint8_t *line;                  /* one GIF row: width * scale indexes */
};

static int output(GifFileType *gif, const GifByteType *bytes, int len)
{
    rm_render_gif_stream *s = gif->UserData;
    if (len <= 0)
        return 0;
    if (!s->write(s->ctx, bytes, (size_t)len)) {
        s->status = RM_IO;
        return 0;
    }
    return len;
}

rm_render_gif_stream *rm_render_gif_stream_open(uint32_t width, uint32_t height, uint32_t scale, unsigned fps,
                                                rm_render_gif_write_fn write, void *ctx)
{
    if (width == 0 || height == 0 || scale == 0 || scale > 16 || (uint64_t)width * scale > 65535 ||
        (uint64_t)height * scale > 65535 || fps == 0 || fps > 100 || !write)
        return NULL;
    rm_render_gif_stream *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->width = width;
    s->height = height;
    s->scale = scale;
    s->fps = fps;
    s->write = write;
    s->ctx = ctx;
    s->hist = calloc(GIF_HIST_SIZE, sizeof *s->hist);
    s->lut = calloc(GIF_HIST_SIZE, 1);
    s->line = malloc((size_t)width * scale);
    int err = 0;
    s->gif = s->hist && s->lut && s->line ? EGifOpen(s, output, &err) : NULL;
    if (!s->gif) {
        free(s->hist);
        free(s->lut);
        free(s->line);
        free(s);
        return NULL;
    }
    EGifSetGifVersion(s->gif, true);
    return s;
}

/* A palette as a giflib color map: 2, 4, ... 256 entries (GIF's sizes),
   each channel c << 3 as the PNG shows it, the entries past the palette
   black. NULL: out of memory. */
static ColorMapObject *color_map(const rm_gif_palette *p)
{
    int size = 2;
    while ((unsigned)size < p->count)
        size *= 2;
    GifColorType colors[256];
    memset(colors, 0, sizeof colors);
    for (unsigned i = 0; i < p->count; i++) {
        uint16_t c = p->colors[i];
        colors[i].Red = (GifByteType)((c & 31u) << 3);
        colors[i].Green = (GifByteType)(((c >> 5) & 31u) << 3);
        colors[i].Blue = (GifByteType)(((c >> 10) & 31u) << 3);
    }
    return GifMakeMapObject(size, colors);
}

/* The header: the screen with the first frame's palette as the global
   color table (NULL: none, for a GIF without frames), then the loop. */
static bool put_start(rm_render_gif_stream *s, const rm_gif_palette *global)
{
    ColorMapObject *map = global ? color_map(global) : NULL;
    if (global && !map) {
        s->status = RM_NOMEM;
        return false;
    }
    bool ok = EGifPutScreenDesc(s->gif, (int)(s->width * s->scale), (int)(s->height * s->scale), 8, 0, map) ==
              GIF_OK;
    GifFreeMapObject(map);      /* giflib keeps its own copy */
    /* Loop forever (the NETSCAPE2.0 application extension). */
    static const GifByteType loop[3] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(s->gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(s->gif, 11, "NETSCAPE2.0") == GIF_OK &&
         EGifPutExtensionBlock(s->gif, 3, loop) == GIF_OK && EGifPutExtensionTrailer(s->gif) == GIF_OK;
    s->started = true;
    return ok;
}

/* The frame's image: its graphics control (the delay), its descriptor
   (with a local color table unless it uses the global one) and its rows,
   each pixel written scale times across and each row scale times down. */
static bool put_frame(rm_render_gif_stream *s, const uint16_t *fb, const rm_gif_palette *local)
{
    int delay = (int)((100 + s->fps / 2) / s->fps);     /* hundredths of a second, rounded */
    GraphicsControlBlock gcb = {DISPOSAL_UNSPECIFIED, false, delay, NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    ColorMapObject *map = local ? color_map(local) : NULL;
    if (local && !map) {
        s->status = RM_NOMEM;
        return false;
    }
    /* giflib 5.2 forgets (without freeing) the copy of the previous frame's
       local table when a frame has none: free it first. */
    if (!local && s->gif->Image.ColorMap) {
        GifFreeMapObject(s->gif->Image.ColorMap);
        s->gif->Image.ColorMap = NULL;
    }
    bool ok = EGifPutExtension(s->gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
              EGifPutImageDesc(s->gif, 0, 0, (int)(s->width * s->scale), (int)(s->height * s->scale), false,
                               map) == GIF_OK;
    GifFreeMapObject(map);
    uint32_t w = s->width * s->scale;
    for (uint32_t y = 0; ok && y < s->height; y++) {
        const uint16_t *row = fb + (size_t)y * s->width;
        for (uint32_t x = 0; x < w; x++)
            s->line[x] = s->lut[row[x / s->scale] & 0x7FFFu];
        for (uint32_t k = 0; ok && k < s->scale; k++)
            ok = EGifPutLine(s->gif, s->line, (int)w) == GIF_OK;
    }
    return ok;
}

rm_status rm_render_gif_stream_add(rm_render_gif_stream *s, const uint16_t *fb)
{
    if (s->status != RM_OK)
        return s->status;
    size_t n = (size_t)s->width * s->height;
    rm_status st = rm_gif_palette_make(fb, n, s->hist, &s->local);
    bool ok = st == RM_OK;
    if (ok && !s->started) {
        s->global = s->local;
        ok = put_start(s, &s->global);
        ok = ok && rm_gif_palette_map(&s->global, s->hist, s->lut) && put_frame(s, fb, NULL);
    } else if (ok && s->local.exact && rm_gif_palette_holds(&s->global, s->hist)) {
        ok = rm_gif_palette_map(&s->global, s->hist, s->lut) && put_frame(s, fb, NULL);
    } else if (ok) {
        ok = rm_gif_palette_map(&s->local, s->hist, s->lut) && put_frame(s, fb, &s->local);
    }
    rm_gif_hist_clear(fb, n, s->hist);
    if (!ok && s->status == RM_OK)
        s->status = st != RM_OK ? st : RM_IO;      /* giflib fails only on writes here */
    if (s->status == RM_OK)
        s->frames++;
    return s->status;
}

size_t rm_render_gif_stream_frame_count(const rm_render_gif_stream *s)
{
    return s->frames;
}

rm_status rm_render_gif_stream_close(rm_render_gif_stream *s)
{
    if (!s)
        return RM_OK;
    if (s->status == RM_OK && !s->started && !put_start(s, NULL) && s->status == RM_OK)
        s->status = RM_IO;
    int err = 0;
    if (EGifCloseFile(s->gif, &err) != GIF_OK && s->status == RM_OK)
        s->status = RM_IO;      /* the trailer could not be written */
    rm_status st = s->status;
    free(s->hist);
    free(s->lut);
    free(s->line);
    free(s);
    return st;
}
