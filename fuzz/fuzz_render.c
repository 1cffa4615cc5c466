/* fuzz/fuzz_render.c - libFuzzer target for the preview renderer and the
   JOM printers.

   The first 12 bytes are the camera and the pose (frame size up to 64x48,
   yaw, pitch, distance, light, wire, hidden bones, the animation and the
   time, a few raw bone angles); the rest is a JOM file. A file the reader
   refuses is dropped (fuzz_jom covers that). An accepted one is:
   - a scene (rm_render_scene_from_jom: its TIMG textures, no folder) drawn
     with rm_render_frame at the pose, and as a contact sheet now and then;
   - a runtime model made in place and from memory, each drawn with
     rm_render_frame_model at the same pose: both framebuffers must be the
     same bits (abort() otherwise), every pixel of every frame must have bit
     15 set (the renderer writes every pixel);
   - the frame turned into an image, a three-frame GIF stream, and
     rm_render_animation_gif capped at 4 frames (a refusal says why);
   - printed: rm_jom_print_text_ex (bone tree, keys) and rm_jom_print_json
     into /dev/null.
   Never a crash, a leak or undefined behaviour. Seeds: fuzz/corpus/render
   (the JOM seeds behind 12 bytes). */
#include "fuzz_common.h"

#include <string.h>

#include "retromesh/jom.h"
#include "retromesh/model.h"
#include "retromesh/render.h"

#define HEAD 12u

static void all_written(const uint16_t *fb, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!(fb[i] & 0x8000u))
            abort();   /* a pixel the renderer did not write */
}

static bool gif_sink(void *ctx, const uint8_t *bytes, size_t size)
{
    (void)bytes;
    *(size_t *)ctx += size;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEAD)
        return 0;
    const uint8_t *h = data;
    const uint8_t *file = data + HEAD;
    size_t file_size = size - HEAD;
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 16;
    rm_jom_model jom;
    if (rm_jom_read(file, file_size, "fuzz.jom", &jom, &diag) != RM_OK) {
        rm_diag_free(&diag);
        return 0;
    }

    rm_render_options opt;
    rm_render_options_default(&opt);
    opt.width = 1u + h[0] % 64u;
    opt.height = 1u + h[1] % 48u;
    opt.yaw = (double)(int8_t)h[2] * 3.0;
    opt.pitch = (double)(int8_t)h[3] * 1.5;
    static const double distances[8] = {0.0, 0.0, 0.0, 1e-6, 0.5, 50.0, 1e6, -3.0};
    opt.distance = distances[h[4] & 7];
    opt.wire = (h[4] & 8) != 0;
    opt.light[0] = (double)(int8_t)h[5];
    opt.light[1] = (double)(int8_t)h[6];
    opt.light[2] = (h[4] & 16) ? 0.0 : 1.0;
    uint32_t hidden = (uint32_t)h[7] << 24 | (uint32_t)h[8] * 0x010101u;
    int anim = (int)(h[9] % 4) - 1;
    int time = (int)h[10] * 7 - 100;

    rm_3d_model *in_place = rm_3d_create_model_in_place(file, file_size, "fuzz.jom", &diag);
    rm_3d_model *copy = rm_3d_create_model_from_memory(file, file_size, "fuzz.jom", &diag);
    if (!in_place || !copy)
        abort();   /* the JOM reader accepted it: so must the runtime */
    rm_3d_pose pose;
    rm_3d_model_get_pose(in_place, anim, time, &pose);
    if (h[11] & 1) {
        pose.angles[0][h[11] >> 6 & 3 ? 1 : 0] = (rm_angle)(h[11] * 257);
        pose.root.y = (rm_fixed)((uint32_t)h[11] << 20);
    }

    size_t n = (size_t)opt.width * opt.height;
    uint16_t *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b), *c = calloc(n, sizeof *c);
    if (!a || !b || !c)
        abort();
    rm_status sa = rm_render_frame_model(in_place, &pose, hidden, &opt, a);
    rm_status sb = rm_render_frame_model(copy, &pose, hidden, &opt, b);
    if (sa != sb || (sa == RM_OK && memcmp(a, b, n * sizeof *a)))
        abort();   /* in place and copied models draw differently */
    if (sa == RM_OK)
        all_written(a, n);

    rm_render_scene scene;
    rm_render_scene_init(&scene);
    if (rm_render_scene_from_jom(&jom, "fuzz.jom", NULL, &scene, &diag) == RM_OK) {
        if (rm_render_frame(&scene, &pose, hidden, &opt, c) == RM_OK) {
            all_written(c, n);
            rm_image img;
            if (rm_render_to_image(c, opt.width, opt.height, 1 + (h[2] & 1), &img) == RM_OK)
                rm_image_free(&img);
            size_t gif_bytes = 0;
            rm_render_gif_stream *gs = rm_render_gif_stream_open(opt.width, opt.height, 1, 30, gif_sink, &gif_bytes);
            if (!gs)
                abort();
            /* c, a, c: the second frame may carry a local palette and the
               third go back to the global one. */
            if (rm_render_gif_stream_add(gs, c) != RM_OK || rm_render_gif_stream_add(gs, a) != RM_OK ||
                rm_render_gif_stream_add(gs, c) != RM_OK || rm_render_gif_stream_close(gs) != RM_OK ||
                gif_bytes == 0)
                abort();
        }
        if ((h[3] & 7) == 0) {
            rm_render_options small = opt;
            small.width = 1u + opt.width / 4;
            small.height = 1u + opt.height / 4;
            uint16_t *sheet = calloc((size_t)small.width * small.height * 4, sizeof *sheet);
            if (!sheet)
                abort();
            if (rm_render_views(&scene, &pose, hidden, &small, sheet) == RM_OK)
                all_written(sheet, (size_t)small.width * small.height * 4);
            free(sheet);
        }
        if ((h[3] & 7) == 1) {
            rm_render_gif_anim ga;
            rm_render_gif_anim_default(&ga);
            ga.animation = anim;
            ga.hidden_bones = hidden;
            ga.options = opt;
            ga.options.width = 1u + opt.width / 4;
            ga.options.height = 1u + opt.height / 4;
            ga.fps = 1u + h[10] % 100u;
            ga.max_frames = 4;
            rm_diag gd;
            rm_diag_init(&gd);
            rm_status st = rm_render_animation_gif(&scene, &ga, fuzz_null_file(), &gd);
            if (st != RM_OK && gd.errors == 0)
                abort();   /* a refusal must say why */
            rm_diag_free(&gd);
        }
    }
    rm_render_scene_free(&scene);

    rm_jom_text_options to = {(h[9] & 4) != 0, (h[9] & 8) != 0};
    rm_jom_print_text_ex(&jom, fuzz_null_file(), &to);
    if (rm_jom_print_json(&jom, fuzz_null_file()) != RM_OK)
        abort();

    free(a);
    free(b);
    free(c);
    rm_3d_free_model(in_place);
    rm_3d_free_model(copy);
    rm_jom_free(&jom);
    rm_diag_free(&diag);
    return 0;
}
