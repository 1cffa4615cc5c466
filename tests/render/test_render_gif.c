/* tests/render/test_render_gif.c - the GIF writer read back with giflib:
   colors from each frame's own palette (exact up to 256 colors, close
   above), loop and delays, the global and local color tables, scale-up,
   streaming (frames written as they are drawn), the frame limit checked
   before any drawing, write errors, determinism; and the contact sheet. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_scenes.h"
#include "retromesh/mesh.h"

typedef struct reader {
    const uint8_t *data;
    size_t size, pos;
} reader;

static int read_mem(GifFileType *gif, GifByteType *out, int len)
{
    reader *r = gif->UserData;
    size_t n = (size_t)len;
    if (n > r->size - r->pos)
        n = r->size - r->pos;
    memcpy(out, r->data + r->pos, n);
    r->pos += n;
    return (int)n;
}

/* The whole GIF decoded (DGifSlurp); the reader must outlive it. */
static GifFileType *slurp(reader *r)
{
    int err = 0;
    GifFileType *gif = DGifOpen(r, read_mem, &err);
    assert_non_null(gif);
    assert_int_equal(DGifSlurp(gif), GIF_OK);
    return gif;
}

/* The color GIF pixel i of image k shows (its local table, else the global). */
static GifColorType gif_color(const GifFileType *gif, int k, size_t i)
{
    const SavedImage *im = &gif->SavedImages[k];
    const ColorMapObject *map = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : gif->SColorMap;
    assert_non_null(map);
    assert_in_range(im->RasterBits[i], 0, map->ColorCount - 1);
    return map->Colors[im->RasterBits[i]];
}

/* The GIF of these frames through the in-memory writer. */
static uint8_t *encode(uint32_t w, uint32_t h, unsigned fps, const uint16_t *const *frames, int count, size_t *size)
{
    rm_render_gif *g = rm_render_gif_open(w, h, fps);
    assert_non_null(g);
    for (int k = 0; k < count; k++)
        assert_int_equal(rm_render_gif_add(g, frames[k]), RM_OK);
    assert_int_equal(rm_render_gif_frame_count(g), count);
    uint8_t *data;
    assert_int_equal(rm_render_gif_encode(g, &data, size), RM_OK);
    rm_render_gif_free(g);
    return data;
}

/* Absolute difference of a GIF channel and the PNG's (c << 3). */
static int channel_error(GifByteType gif, unsigned c5)
{
    int d = (int)gif - (int)(c5 << 3);
    return d < 0 ? -d : d;
}

/* The colors of the issue: the grey (224,224,232) became pink, the dark
   grey green and the navy background purple-grey in the fixed 6x7x6
   palette. A frame of a few colors shows each within RGB555 rounding (4)
   of what the PNG shows; with its own palette, exactly. */
static void test_exact_colors(void **state)
{
    (void)state;
    const uint16_t grey = rm_rgb555(28, 28, 29), dark = rm_rgb555(8, 8, 9), navy = rm_rgb555(4, 4, 8);
    uint16_t f1[12] = {navy, navy, grey, grey, navy, dark, dark, grey, navy, navy, navy, navy};
    uint16_t f2[12] = {grey, grey, grey, grey, dark, dark, dark, dark, navy, navy, navy, 0xFFFF};
    const uint16_t *frames[2] = {f1, f2};
    size_t size;
    uint8_t *data = encode(4, 3, 30, frames, 2, &size);
    assert_memory_equal(data, "GIF89a", 6);
    reader r = {data, size, 0};
    GifFileType *gif = slurp(&r);
    assert_int_equal(gif->SWidth, 4);
    assert_int_equal(gif->SHeight, 3);
    assert_int_equal(gif->ImageCount, 2);
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < 12; i++) {
            GifColorType c = gif_color(gif, k, i);
            uint16_t want = frames[k][i];
            assert_in_range(channel_error(c.Red, want & 31u), 0, 4);
            assert_in_range(channel_error(c.Green, (want >> 5) & 31u), 0, 4);
            assert_in_range(channel_error(c.Blue, (want >> 10) & 31u), 0, 4);
            assert_int_equal(channel_error(c.Red, want & 31u) + channel_error(c.Green, (want >> 5) & 31u) +
                                 channel_error(c.Blue, (want >> 10) & 31u),
                             0);
        }
    GraphicsControlBlock gcb;
    assert_int_equal(DGifSavedExtensionToGCB(gif, 1, &gcb), GIF_OK);
    assert_int_equal(gcb.DelayTime, 3);     /* (100 + 15) / 30 = 3 hundredths */
    int err;
    DGifCloseFile(gif, &err);
    free(data);
    assert_null(rm_render_gif_open(0, 2, 30));
    assert_null(rm_render_gif_open(4, 2, 0));
    assert_null(rm_render_gif_open(70000, 2, 30));
}

/* A frame of exactly 256 colors is still exact; the palette of the first
   frame is the global table, a frame whose colors are all in it uses it,
   a frame with a new color carries a local table. */
static void test_tables(void **state)
{
    (void)state;
    uint16_t f1[256], f2[256], f3[256];
    for (unsigned i = 0; i < 256; i++)
        f1[i] = (uint16_t)(0x8000u | (i * 97u % 32768u));  /* 256 distinct colors */
    for (unsigned i = 0; i < 256; i++) {
        f2[i] = f1[255 - i];                                /* the same colors */
        f3[i] = i == 7 ? rm_rgb555(31, 0, 31) : f1[i];      /* one new */
    }
    const uint16_t *frames[3] = {f1, f2, f3};
    size_t size;
    uint8_t *data = encode(16, 16, 10, frames, 3, &size);
    reader r = {data, size, 0};
    GifFileType *gif = slurp(&r);
    assert_int_equal(gif->ImageCount, 3);
    assert_non_null(gif->SColorMap);
    assert_int_equal(gif->SColorMap->ColorCount, 256);
    assert_null(gif->SavedImages[0].ImageDesc.ColorMap);
    assert_null(gif->SavedImages[1].ImageDesc.ColorMap);
    assert_non_null(gif->SavedImages[2].ImageDesc.ColorMap);
    for (int k = 0; k < 3; k++)
        for (size_t i = 0; i < 256; i++) {
            GifColorType c = gif_color(gif, k, i);
            uint16_t want = frames[k][i];
            assert_int_equal(c.Red, (want & 31u) << 3);
            assert_int_equal(c.Green, ((want >> 5) & 31u) << 3);
            assert_int_equal(c.Blue, ((want >> 10) & 31u) << 3);
        }
    int err;
    DGifCloseFile(gif, &err);
    free(data);
}

/* More than 256 colors: smooth ramps as gouraud makes them, 64 x 64 pixels
   of 2048 distinct colors. "Close", as docs/rendering.md says: a mean
   absolute error of at most 4 per 8-bit channel (half an RGB555 step) and
   none over 16 (two steps). The quantizer gives 3.35 and 8; the fixed
   6x7x6 cube gave 9.3 and 31. */
static void test_many_colors(void **state)
{
    (void)state;
    uint16_t *f = malloc(64 * 64 * sizeof *f);
    assert_non_null(f);
    for (unsigned y = 0; y < 64; y++)
        for (unsigned x = 0; x < 64; x++)
            f[y * 64 + x] = rm_rgb555(x / 2, y / 2, (x + y) / 4 % 2 + 12);
    const uint16_t *frames[1] = {f};
    size_t size;
    uint8_t *data = encode(64, 64, 30, frames, 1, &size);
    reader r = {data, size, 0};
    GifFileType *gif = slurp(&r);
    long sum = 0;
    int worst = 0;
    for (size_t i = 0; i < 64 * 64; i++) {
        GifColorType c = gif_color(gif, 0, i);
        int e[3] = {channel_error(c.Red, f[i] & 31u), channel_error(c.Green, (f[i] >> 5) & 31u),
                    channel_error(c.Blue, (f[i] >> 10) & 31u)};
        for (int k = 0; k < 3; k++) {
            sum += e[k];
            if (e[k] > worst)
                worst = e[k];
        }
    }
    double mean = (double)sum / (64.0 * 64.0 * 3.0);
    print_message("many colors: mean error %.3f, worst %d\n", mean, worst);
    assert_true(mean <= 4.0);
    assert_in_range(worst, 0, 16);
    /* Deterministic: the same bytes again. */
    size_t size2;
    uint8_t *again = encode(64, 64, 30, frames, 1, &size2);
    assert_int_equal(size2, size);
    assert_memory_equal(again, data, size);
    int err;
    DGifCloseFile(gif, &err);
    free(again);
    free(data);
    free(f);
}

/* A bar on bone "arm" spinning around Z: animation "spin", 2 keys (0 and
   180 degrees) `ticks` apart, looping (duration 2 ticks). */
static void scene_spin(rm_render_scene *s, uint16_t ticks)
{
    scene_builder b;
    sb_init(&b);
    const double bar[4][3] = {{0, -0.25, 0}, {2, -0.25, 0}, {2, 0.25, 0}, {0, 0.25, 0}};
    const double hub[4][3] = {{-0.5, -0.5, 0.1}, {0, -0.5, 0.1}, {0, 0.5, 0.1}, {-0.5, 0.5, 0.1}};
    sb_quad(&b, hub, TOWARD, sb_material(&b, 224, 224, 232, RM_MAT_DUAL_PLANE, -1));
    sb_quad(&b, bar, TOWARD, sb_material(&b, 255, 128, 0, RM_MAT_DUAL_PLANE, -1));
    rm_jom_model *m = &b.m;
    m->has_groups = true;
    m->group_count = 2;
    m->groups = calloc(2, sizeof *m->groups);
    assert_non_null(m->groups);
    m->groups[0] = (rm_jom_group){"hub", 0, 4, 0, 1};
    m->groups[1] = (rm_jom_group){"arm", 4, 4, 1, 1};
    m->has_skeleton = true;
    m->bone_count = 1;
    m->bones = calloc(1, sizeof *m->bones);
    assert_non_null(m->bones);
    snprintf(m->bones[0].name, 16, "arm");
    m->bones[0].group = 1;
    m->bones[0].parent = -1;
    m->animation_count = 1;
    m->animations = calloc(1, sizeof *m->animations);
    assert_non_null(m->animations);
    snprintf(m->animations[0].name, 16, "spin");
    m->animations[0].key_count = 2;
    m->animations[0].key_ticks = ticks;
    m->animations[0].flags = RM_JOM_ANIMATION_LOOP;
    m->animations[0].keys = calloc(2, sizeof(rm_jom_key));
    assert_non_null(m->animations[0].keys);
    m->animations[0].keys[1].angles[0][2] = -32768;     /* 180 degrees around Z */
    sb_finish(&b, s);
}

/* Reads a whole FILE from its start. */
static uint8_t *slurp_file(FILE *f, size_t *size)
{
    long end = ftell(f);
    assert_true(end >= 0);
    rewind(f);
    uint8_t *data = malloc((size_t)end + 1);
    assert_non_null(data);
    assert_int_equal(fread(data, 1, (size_t)end, f), (size_t)end);
    *size = (size_t)end;
    return data;
}

typedef struct progress_log {
    FILE *out;
    size_t calls, last_done, total;
    long last_size;
    bool grew;          /* the output grew at every frame */
} progress_log;

static void on_progress(void *ctx, size_t done, size_t total)
{
    progress_log *p = ctx;
    long size = ftell(p->out);
    if (size <= p->last_size)
        p->grew = false;
    p->last_size = size;
    p->calls++;
    p->last_done = done;
    p->total = total;
}

/* 2000 frames stream: after each one is drawn the file already holds it
   (the output grows at every progress call), and the result decodes to
   2000 images. The spin lasts 2 x 2000 ticks: ceil(4000 * 30 / 60). */
static void test_long_animation_streams(void **state)
{
    (void)state;
    rm_render_scene s;
    scene_spin(&s, 2000);
    rm_render_gif_anim p;
    rm_render_gif_anim_default(&p);
    p.animation = 0;
    p.options.width = 16;
    p.options.height = 12;
    p.options.distance = 6.0;
    FILE *out = tmpfile();
    assert_non_null(out);
    progress_log log = {out, 0, 0, 0, 0, true};
    p.progress = on_progress;
    p.progress_ctx = &log;
    assert_int_equal(rm_render_animation_frame_count(&s, &p), 2000);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(log.calls, 2000);
    assert_int_equal(log.last_done, 2000);
    assert_int_equal(log.total, 2000);
    assert_true(log.grew);
    size_t size;
    uint8_t *data = slurp_file(out, &size);
    fclose(out);
    reader r = {data, size, 0};
    GifFileType *gif = slurp(&r);
    assert_int_equal(gif->ImageCount, 2000);
    assert_int_equal(gif->SWidth, 16);
    int err;
    DGifCloseFile(gif, &err);
    free(data);
    rm_diag_free(&d);
    rm_render_scene_free(&s);
}

/* Two keys 65535 ticks apart: 131070 ticks, 65535 frames at 30 fps. The
   limit stops it before anything is drawn or written. */
static void test_limit_first(void **state)
{
    (void)state;
    rm_render_scene s;
    scene_spin(&s, 65535);
    rm_render_gif_anim p;
    rm_render_gif_anim_default(&p);
    p.animation = 0;
    FILE *out = tmpfile();
    assert_non_null(out);
    progress_log log = {out, 0, 0, 0, 0, true};
    p.progress = on_progress;
    p.progress_ctx = &log;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_INVALID);
    assert_int_equal(log.calls, 0);
    assert_int_equal(ftell(out), 0);
    assert_int_equal(d.count, 1);
    assert_string_equal(d.items[0].text, "animation 'spin' gives 65535 frames at 30 fps, more than the limit "
                                            "of 3600 (--max-frames raises it, --fps lowers it)");
    rm_diag_free(&d);
    /* A limit of our own: at 1 fps, 131070 ticks are ceil(2184.5) frames. */
    rm_diag_init(&d);
    p.fps = 1;
    p.max_frames = 2184;
    assert_int_equal(rm_render_animation_frame_count(&s, &p), 2185);
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_INVALID);
    assert_int_equal(log.calls, 0);
    assert_int_equal(ftell(out), 0);
    rm_diag_free(&d);
    fclose(out);
    rm_render_scene_free(&s);
}

/* Each frame of the GIF is the frame rm_render_frame draws at its time,
   color for color, each pixel scale x scale; delays round(100 / fps). */
static void test_frames_match(void **state)
{
    (void)state;
    rm_render_scene s;
    scene_spin(&s, 30);
    rm_render_gif_anim p;
    rm_render_gif_anim_default(&p);
    p.animation = 0;
    p.fps = 20;
    p.scale = 2;
    p.options.width = 40;
    p.options.height = 30;
    p.options.distance = 6.0;
    FILE *out = tmpfile();
    assert_non_null(out);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_OK);
    size_t size;
    uint8_t *data = slurp_file(out, &size);
    fclose(out);
    reader r = {data, size, 0};
    GifFileType *gif = slurp(&r);
    assert_int_equal(gif->ImageCount, 20);     /* 60 ticks at 20 fps */
    assert_int_equal(gif->SWidth, 80);
    assert_int_equal(gif->SHeight, 60);
    uint16_t *fb = malloc(40 * 30 * sizeof *fb);
    assert_non_null(fb);
    for (int k = 0; k < 20; k++) {
        rm_3d_pose pose;
        rm_3d_model_get_pose(s.model, 0, k * 3, &pose);    /* round(k * 60 / 20) */
        assert_int_equal(rm_render_frame(&s, &pose, 0, &p.options, fb), RM_OK);
        for (size_t y = 0; y < 60; y++)
            for (size_t x = 0; x < 80; x++) {
                GifColorType c = gif_color(gif, k, y * 80 + x);
                uint16_t want = fb[(y / 2) * 40 + x / 2];
                assert_int_equal(c.Red, (want & 31u) << 3);
                assert_int_equal(c.Green, ((want >> 5) & 31u) << 3);
                assert_int_equal(c.Blue, ((want >> 10) & 31u) << 3);
            }
        GraphicsControlBlock gcb;
        assert_int_equal(DGifSavedExtensionToGCB(gif, k, &gcb), GIF_OK);
        assert_int_equal(gcb.DelayTime, 5);
    }
    /* Deterministic: the same bytes again. */
    out = tmpfile();
    assert_non_null(out);
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_OK);
    size_t size2;
    uint8_t *again = slurp_file(out, &size2);
    fclose(out);
    assert_int_equal(size2, size);
    assert_memory_equal(again, data, size);
    free(again);
    int err;
    DGifCloseFile(gif, &err);
    free(fb);
    free(data);
    rm_diag_free(&d);
    rm_render_scene_free(&s);
}

/* No animation: a turntable of 2 x fps frames. Bad parameters: RM_USAGE. */
static void test_turntable_and_usage(void **state)
{
    (void)state;
    rm_render_scene s;
    scene_spin(&s, 30);
    rm_render_gif_anim p;
    rm_render_gif_anim_default(&p);
    p.fps = 5;
    p.options.width = 20;
    p.options.height = 16;
    FILE *out = tmpfile();
    assert_non_null(out);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_OK);
    size_t size;
    uint8_t *data = slurp_file(out, &size);
    reader r = {data, size, 0};
    GifFileType *gif = slurp(&r);
    assert_int_equal(gif->ImageCount, 10);
    int err;
    DGifCloseFile(gif, &err);
    free(data);
    p.fps = 0;
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_USAGE);
    p.fps = 5;
    p.scale = 17;
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_USAGE);
    p.scale = 1;
    p.animation = 1;
    assert_int_equal(rm_render_animation_gif(&s, &p, out, &d), RM_USAGE);
    fclose(out);
    rm_diag_free(&d);
    rm_render_scene_free(&s);
}

/* A write that fails is RM_IO: /dev/full takes nothing (seen at the flush
   of the FILE), a stream's write function that refuses. */
static bool refuse(void *ctx, const uint8_t *bytes, size_t size)
{
    (void)bytes;
    (void)size;
    ++*(int *)ctx;
    return false;
}

static void test_write_errors(void **state)
{
    (void)state;
    int calls = 0;
    rm_render_gif_stream *g = rm_render_gif_stream_open(2, 2, 1, 30, refuse, &calls);
    assert_non_null(g);
    uint16_t f[4] = {0x8000, 0xFFFF, 0x8000, 0xFFFF};
    assert_int_equal(rm_render_gif_stream_add(g, f), RM_IO);
    assert_int_equal(rm_render_gif_stream_add(g, f), RM_IO);
    assert_int_equal(rm_render_gif_stream_close(g), RM_IO);
    assert_true(calls >= 1);
    FILE *full = fopen("/dev/full", "wb");
    if (!full)
        return;     /* not on this system */
    rm_render_scene s;
    scene_spin(&s, 30);
    rm_render_gif_anim p;
    rm_render_gif_anim_default(&p);
    p.options.width = 8;
    p.options.height = 8;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_render_animation_gif(&s, &p, full, &d), RM_IO);
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.items[0].text, "could not write the GIF: "));
    fclose(full);
    rm_diag_free(&d);
    rm_render_scene_free(&s);
}

/* The sheet: four cells, each drawn as rm_render_frame draws it with the
   cell's angles, then labelled in its top-left corner (rows 3..10 of the
   label, the rest identical). */
static void test_views(void **state)
{
    (void)state;
    rm_render_scene s;
    scene_textured(&s, RM_MAT_DUAL_PLANE);
    rm_render_options o;
    rm_render_options_default(&o);
    o.width = 80;
    o.height = 60;
    uint16_t *sheet = malloc(160 * 120 * 2), *cell = malloc(80 * 60 * 2);
    assert_non_null(sheet);
    assert_non_null(cell);
    assert_int_equal(rm_render_views(&s, NULL, 0, &o, sheet), RM_OK);
    static const double angles[4][2] = {{0, 0}, {90, 0}, {0, 90}, {45, 30}};
    for (int v = 0; v < 4; v++) {
        o.yaw = angles[v][0];
        o.pitch = angles[v][1];
        assert_int_equal(rm_render_frame(&s, NULL, 0, &o, cell), RM_OK);
        int ox = (v & 1) * 80, oy = (v >> 1) * 60;
        for (int y = 12; y < 60; y++)
            assert_memory_equal(&sheet[(y + oy) * 160 + ox], &cell[y * 80], 80 * 2);
        /* The first letter's top row is lit: F and T from their first
           column (white at (3, 3)), S (0x0F) from its second (4, 3). */
        assert_int_equal(sheet[(3 + oy) * 160 + ox + (v == 1 ? 4 : 3)], 0xFFFF);
    }
    free(sheet);
    free(cell);
    rm_render_scene_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_colors),
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_many_colors),
        cmocka_unit_test(test_long_animation_streams),
        cmocka_unit_test(test_limit_first),
        cmocka_unit_test(test_frames_match),
        cmocka_unit_test(test_turntable_and_usage),
        cmocka_unit_test(test_write_errors),
        cmocka_unit_test(test_views),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
