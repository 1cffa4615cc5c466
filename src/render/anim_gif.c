/* src/render/anim_gif.c - `render --gif`: every frame of an animation (or
   a turntable) drawn and handed to the GIF stream at once, so memory is one
   frame whatever the length; the frame count is known, and checked against
   the limit, before the first frame is drawn (docs/rendering.md "GIF"). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/render.h"

void rm_render_gif_anim_default(rm_render_gif_anim *p)
{
    *p = (rm_render_gif_anim){0};
    p->animation = -1;
    p->blend = -1;
    rm_render_options_default(&p->options);
    p->scale = 1;
    p->fps = 30;
}

size_t rm_render_animation_frame_count(const rm_render_scene *scene, const rm_render_gif_anim *p)
{
    if (p->animation < 0)
        return (size_t)p->fps * 2;
    /* The duration is at most INT32_MAX ticks: 64 bits hold it times 100. */
    long long d = rm_3d_model_animation_duration(scene->model, p->animation);
    return d > 0 ? (size_t)((d * p->fps + 59) / 60) : 1;
}

/* The FILE the stream writes to, and the errno of its first failure. */
typedef struct file_sink {
    FILE *f;
    int err;
} file_sink;

static bool write_file(void *ctx, const uint8_t *bytes, size_t size)
{
    file_sink *k = ctx;
    errno = 0;
    if (fwrite(bytes, 1, size, k->f) == size)
        return true;
    if (!k->err)
        k->err = errno ? errno : EIO;
    return false;
}

/* The pose of frame f at t = round(f * 60 / fps) ticks, and for a
   turntable the yaw of that frame. */
static void frame_pose(rm_render_scene *scene, const rm_render_gif_anim *p, size_t f, size_t frames,
                       rm_render_options *o, rm_3d_pose *pose)
{
    *o = p->options;
    if (p->animation >= 0) {
        long long t = ((long long)f * 60 + p->fps / 2) / p->fps;
        int ti = t > INT32_MAX ? INT32_MAX : (int)t;
        rm_3d_model_get_pose(scene->model, p->animation, ti, pose);
        if (p->blend >= 0) {
            rm_3d_pose other;
            rm_3d_model_get_pose(scene->model, p->blend, ti, &other);
            rm_3d_pose_blend(scene->model, pose, &other, p->weight);
        }
    } else {
        rm_3d_model_get_pose(scene->model, -1, 0, pose);
        o->yaw = p->options.yaw + 360.0 * (double)f / (double)frames;
    }
}

/* The limit, said as what to change. */
static rm_status too_many(const rm_render_scene *scene, const rm_render_gif_anim *p, size_t frames, size_t limit,
                          rm_diag *diag)
{
    rm_3d_animation a;
    if (p->animation >= 0 && rm_3d_model_animation(scene->model, (uint32_t)p->animation, &a))
        rm_diag_add(diag, RM_ERROR,
                    "animation '%.16s' gives %zu frames at %u fps, more than the limit of %zu "
                    "(--max-frames raises it, --fps lowers it)",
                    a.name, frames, p->fps, limit);
    else
        rm_diag_add(diag, RM_ERROR,
                    "the turntable gives %zu frames at %u fps, more than the limit of %zu "
                    "(--max-frames raises it, --fps lowers it)",
                    frames, p->fps, limit);
    return RM_INVALID;
}

rm_status rm_render_animation_gif(rm_render_scene *scene, const rm_render_gif_anim *p, FILE *out, rm_diag *diag)
{
    const rm_render_options *opt = &p->options;
    if (p->fps < 1 || p->fps > 100 || p->scale < 1 || p->scale > 16 || opt->width < 1 || opt->height < 1 ||
        opt->width > RM_RENDER_MAX_SIZE || opt->height > RM_RENDER_MAX_SIZE ||
        (uint64_t)opt->width * p->scale > 65535 || (uint64_t)opt->height * p->scale > 65535) {
        rm_diag_add(diag, RM_ERROR,
                    "GIF: bad parameters (%ux%u frames scaled %u at %u fps; sizes 1 to %u, scale 1 to 16, "
                    "fps 1 to 100)",
                    opt->width, opt->height, p->scale, p->fps, RM_RENDER_MAX_SIZE);
        return RM_USAGE;
    }
    if (p->animation >= 0 && (uint32_t)p->animation >= rm_3d_model_animation_count(scene->model)) {
        rm_diag_add(diag, RM_ERROR, "GIF: no animation %d (the model has %u)", p->animation,
                    rm_3d_model_animation_count(scene->model));
        return RM_USAGE;
    }
    size_t frames = rm_render_animation_frame_count(scene, p);
    size_t limit = p->max_frames ? p->max_frames : RM_RENDER_GIF_MAX_FRAMES;
    if (frames > limit)
        return too_many(scene, p, frames, limit, diag);

    uint16_t *fb = malloc((size_t)opt->width * opt->height * sizeof *fb);
    file_sink sink = {out, 0};
    rm_render_gif_stream *gif = rm_render_gif_stream_open(opt->width, opt->height, p->scale, p->fps, write_file, &sink);
    rm_status st = fb && gif ? RM_OK : RM_NOMEM;
    for (size_t f = 0; f < frames && st == RM_OK; f++) {
        rm_render_options o;
        rm_3d_pose pose;
        frame_pose(scene, p, f, frames, &o, &pose);
        st = rm_render_frame(scene, &pose, p->hidden_bones, &o, fb);
        if (st == RM_OK)
            st = rm_render_gif_stream_add(gif, fb);
        if (st == RM_OK && p->progress)
            p->progress(p->progress_ctx, f + 1, frames);
    }
    rm_status end = rm_render_gif_stream_close(gif);
    if (st == RM_OK)
        st = end;
    errno = 0;
    if (st == RM_OK && (fflush(out) != 0 || ferror(out))) {
        st = RM_IO;
        sink.err = errno ? errno : EIO;
    }
    if (st == RM_IO)
        rm_diag_add(diag, RM_ERROR, "could not write the GIF: %s", strerror(sink.err ? sink.err : EIO));
    free(fb);
    return st;
}
