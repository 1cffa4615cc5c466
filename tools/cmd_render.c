/* tools/cmd_render.c - retromesh render FILE -o OUT.png [options]: a model
   drawn as the Saturn would draw it (include/retromesh/render.h;
   docs/rendering.md), as a PNG still, a 4-view contact sheet or an animated
   GIF. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "retromesh/cd.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh render FILE (-o OUT.png | --gif OUT.gif) [options]\n"
          "       retromesh render MODEL.JOM --cd DIR (-o OUT.png | --gif OUT.gif) [options]\n"
          "\n"
          "Draws a model (.jom, or .obj converted with the default options) with the Saturn's\n"
          "drawing rules: painter's sort, VDP1 distorted sprites, gouraud, half transparency,\n"
          "screen doors (docs/rendering.md).\n"
          "\n"
          "  -o OUT.png           the picture\n"
          "  --size WxH           frame size (default 320x240, the engine's NTSC screen)\n"
          "  --yaw DEG            turn the model around its vertical axis (default 0)\n"
          "  --pitch DEG          then tilt it toward the viewer (90: seen from the top)\n"
          "  --distance D         eye to the bounding sphere's center, model units\n"
          "                       (default: the sphere fills 90 % of the frame)\n"
          "  --anim NAME          draw the pose of an animation ...\n"
          "  --time TICKS         ... at this time (1/60 s, default 0)\n"
          "  --blend NAME:W       blend in another animation's pose at weight W (0 to 1)\n"
          "  --hide-bones A,B     hide these bones and their children\n"
          "  --light X,Y,Z        direction of the light rays, screen axes (x right, y down,\n"
          "                       z into the screen; default 1,1,1), for LIGHT materials\n"
          "  --background RRGGBB  (default 202040)\n"
          "  --wire               the edges of each polygon over its fill\n"
          "  --scale-up N         enlarge the picture N times, nearest neighbour (1..16)\n"
          "  --views 4            a contact sheet: front, side, top, three-quarter\n"
          "  --gif OUT.gif        the whole animation (--anim; else the first one; a\n"
          "                       turntable when the model has none) as an animated GIF\n"
          "  --fps N              frames per second of the GIF (1..100, default 30)\n"
          "  --cd DIR             load MODEL.JOM from DIR as the engine loads it from the CD\n"
          "                       (8.3 name, any case) with its textures: embedded, or the\n"
          "                       .BIN/.TGA files of DIR named by the model (docs/cd.md)\n"
          "  --for-lights         with --cd: a gouraud table per polygon\n"
          "                       (__jo_3d_load_model_for_lights)\n"
          "\n"
          "Exit status: 0 written, 1 invalid model or unknown name, 2 usage error, 3 I/O error.\n",
          out);
}

static bool parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v))
        return false;
    *out = v;
    return true;
}

static bool parse_uint(const char *s, unsigned lo, unsigned hi, unsigned *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < (long)lo || v > (long)hi)
        return false;
    *out = (unsigned)v;
    return true;
}

static bool parse_size(const char *s, uint32_t *w, uint32_t *h)
{
    char *end;
    errno = 0;
    long a = strtol(s, &end, 10);
    if (errno || end == s || (*end != 'x' && *end != 'X'))
        return false;
    const char *rest = end + 1;
    long b = strtol(rest, &end, 10);
    if (errno || end == rest || *end || a < 1 || b < 1 || a > (long)RM_RENDER_MAX_SIZE ||
        b > (long)RM_RENDER_MAX_SIZE)
        return false;
    *w = (uint32_t)a;
    *h = (uint32_t)b;
    return true;
}

static bool parse_vec3(const char *s, double v[3])
{
    char *end;
    const char *p = s;
    for (int k = 0; k < 3; k++) {
        errno = 0;
        v[k] = strtod(p, &end);
        if (errno || end == p || !isfinite(v[k]))
            return false;
        if (k < 2 && *end != ',')
            return false;
        p = end + 1;
    }
    return *end == 0;
}

static bool parse_color(const char *s, uint32_t *out)
{
    if (*s == '#')
        s++;
    if (strlen(s) != 6)
        return false;
    char *end;
    unsigned long v = strtoul(s, &end, 16);
    if (*end)
        return false;
    *out = (uint32_t)v;
    return true;
}

static int find_anim(const char *file, const rm_3d_model *m, const char *name)
{
    int a = rm_3d_model_find_animation(m, name);
    if (a < 0)
        fprintf(stderr, "retromesh render: error: %s: no animation '%s' (retromesh info lists them)\n", file, name);
    return a;
}

/* "a,b": the mask of the bones named (each with its children, hidden by the runtime). */
static bool hidden_mask(const char *file, const rm_3d_model *m, const char *list, uint32_t *mask)
{
    *mask = 0;
    const char *p = list;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char name[64];
        if (len == 0 || len >= sizeof name) {
            fprintf(stderr, "retromesh render: error: --hide-bones: empty or too long bone name\n");
            return false;
        }
        memcpy(name, p, len);
        name[len] = 0;
        int b = rm_3d_model_find_bone(m, name);
        if (b < 0 || b >= RM_3D_MAX_BONES) {
            fprintf(stderr, "retromesh render: error: %s: no bone '%s'\n", file, name);
            return false;
        }
        *mask |= 1u << b;
        p += len;
        if (*p == ',')
            p++;
    }
    return true;
}

static void progress(bool show, size_t done, size_t total)
{
    if (!show || total == 0)
        return;
    int width = 40, filled = (int)(done * (size_t)width / total);
    fprintf(stderr, "\rrendering [%.*s%*s] %zu/%zu", filled, "########################################",
            width - filled, "", done, total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

typedef struct render_args {
    const char *file, *out, *gif, *anim, *blend, *hide, *cd;
    bool for_lights;
    unsigned scale, views, fps;
    int time;
} render_args;

/* --cd DIR: the model loaded through a CD context (retromesh/cd.h), as
   jo_3d_load_model would: over-full VRAM or heap and missing textures are
   warnings here (keep_going), since a preview should still draw. */
static rm_status scene_from_cd(const render_args *a, rm_render_scene *scene, rm_diag *diag)
{
    rm_render_scene_init(scene);
    rm_cd_options copt;
    rm_cd_options_default(&copt);
    copt.keep_going = true;
    rm_cd *cd = rm_cd_open(a->cd, &copt, diag);
    if (!cd)
        return RM_IO;
    rm_status st = RM_OK;
    int h = rm_cd_load_model(cd, a->file, a->for_lights, diag);
    if (h < 0)
        st = rm_cd_last_error(cd)->status != RM_OK ? rm_cd_last_error(cd)->status : RM_INVALID;
    else
        st = rm_render_scene_from_cd(cd, h, scene, diag);
    rm_cd_close(cd);
    return st;
}

static rm_status write_png(const uint16_t *fb, uint32_t w, uint32_t h, unsigned scale, const char *path,
                           rm_diag *diag)
{
    rm_image img;
    rm_status st = rm_render_to_image(fb, w, h, scale, &img);
    if (st == RM_OK)
        st = rm_image_write_png(&img, path, diag);
    rm_image_free(&img);
    return st;
}

/* The GIF: every frame of an animation at fps, or a 2-second turntable. */
static rm_status write_gif(rm_render_scene *scene, int anim, int blend, int weight, uint32_t hidden,
                           const rm_render_options *opt, const render_args *a, rm_diag *diag)
{
    rm_render_gif *g = rm_render_gif_open(opt->width * a->scale, opt->height * a->scale, a->fps);
    if (!g)
        return RM_USAGE;
    size_t frames;
    int duration = anim >= 0 ? rm_3d_model_animation_duration(scene->model, anim) : 0;
    if (anim >= 0)
        frames = duration > 0 ? (size_t)(((long long)duration * a->fps + 59) / 60) : 1;
    else
        frames = (size_t)a->fps * 2;
    size_t n = (size_t)opt->width * opt->height;
    uint16_t *fb = malloc(n * sizeof *fb);
    uint16_t *big = a->scale > 1 ? malloc(n * a->scale * a->scale * sizeof *big) : NULL;
    rm_status st = fb && (a->scale == 1 || big) ? RM_OK : RM_NOMEM;
    bool bar = isatty(fileno(stderr));
    for (size_t f = 0; f < frames && st == RM_OK; f++) {
        rm_render_options o = *opt;
        rm_3d_pose pose;
        int t = (int)(((long long)f * 60 + a->fps / 2) / a->fps);
        if (anim >= 0) {
            rm_3d_model_get_pose(scene->model, anim, t, &pose);
            if (blend >= 0) {
                rm_3d_pose other;
                rm_3d_model_get_pose(scene->model, blend, t, &other);
                rm_3d_pose_blend(scene->model, &pose, &other, weight);
            }
        } else {
            rm_3d_model_get_pose(scene->model, -1, 0, &pose);
            o.yaw = opt->yaw + 360.0 * (double)f / (double)frames;
        }
        st = rm_render_frame(scene, &pose, hidden, &o, fb);
        if (st == RM_OK && big) {
            uint32_t bw = opt->width * a->scale;
            for (uint32_t y = 0; y < opt->height * a->scale; y++)
                for (uint32_t x = 0; x < bw; x++)
                    big[(size_t)y * bw + x] = fb[(size_t)(y / a->scale) * opt->width + x / a->scale];
        }
        if (st == RM_OK)
            st = rm_render_gif_add(g, big ? big : fb);
        progress(bar, f + 1, frames);
    }
    free(fb);
    free(big);
    if (st == RM_OK) {
        uint8_t *data;
        size_t size;
        st = rm_render_gif_encode(g, &data, &size);
        if (st == RM_OK) {
            st = rm_file_write_atomic(a->gif, data, size, diag);
            free(data);
        }
    }
    rm_render_gif_free(g);
    return st;
}

int rm_cmd_render(int argc, char **argv)
{
    render_args a = {0};
    a.scale = 1;
    a.fps = 30;
    rm_render_options opt;
    rm_render_options_default(&opt);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v = NULL;
        bool m = false;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            usage(stdout);
            return EXIT_OK;
        }
        if (!strcmp(arg, "--for-lights")) {
            a.for_lights = true;
            continue;
        }
        if (!strcmp(arg, "--wire")) {
            opt.wire = true;
            continue;
        }
#define BAD(what) return rm_cli_usage_error("render", "%s: bad value '%s'", what, v)
        if (!strcmp(arg, "-o")) {
            if (i + 1 >= argc)
                return rm_cli_usage_error("render", "option -o needs a value");
            a.out = argv[++i];
            continue;
        }
        static const char *const names[] = {"--size", "--yaw", "--pitch", "--distance", "--anim",
                                            "--time", "--blend", "--hide-bones", "--light", "--background",
                                            "--scale-up", "--views", "--gif", "--fps", "--cd"};
        int which = -1;
        for (int k = 0; k < (int)(sizeof names / sizeof names[0]) && which < 0; k++) {
            if (!rm_cli_option_value(argc, argv, &i, names[k], &v, &m))
                return EXIT_USAGE;      /* the value is missing: already said */
            if (m)
                which = k;
        }
        switch (which) {
        case 0:
            if (!parse_size(v, &opt.width, &opt.height))
                BAD("--size (WxH, 1 to 4096 each)");
            break;
        case 1:
            if (!parse_double(v, &opt.yaw))
                BAD("--yaw");
            break;
        case 2:
            if (!parse_double(v, &opt.pitch))
                BAD("--pitch");
            break;
        case 3:
            if (!parse_double(v, &opt.distance) || !(opt.distance > 0.0))
                BAD("--distance (a positive number)");
            break;
        case 4:
            a.anim = v;
            break;
        case 5: {
            unsigned t;
            if (!parse_uint(v, 0, INT_MAX, &t))
                BAD("--time (ticks, 0 or more)");
            a.time = (int)t;
            break;
        }
        case 6:
            a.blend = v;
            break;
        case 7:
            a.hide = v;
            break;
        case 8:
            if (!parse_vec3(v, opt.light) || (opt.light[0] == 0 && opt.light[1] == 0 && opt.light[2] == 0))
                BAD("--light (X,Y,Z, not all 0)");
            break;
        case 9:
            if (!parse_color(v, &opt.background))
                BAD("--background (RRGGBB)");
            break;
        case 10:
            if (!parse_uint(v, 1, 16, &a.scale))
                BAD("--scale-up (1 to 16)");
            break;
        case 11:
            if (!parse_uint(v, 4, 4, &a.views))
                BAD("--views (only 4)");
            break;
        case 12:
            a.gif = v;
            break;
        case 13:
            if (!parse_uint(v, 1, 100, &a.fps))
                BAD("--fps (1 to 100)");
            break;
        case 14:
            a.cd = v;
            break;
        default:
            if (arg[0] == '-' && arg[1])
                return rm_cli_usage_error("render", "unknown option '%s'", arg);
            if (a.file)
                return rm_cli_usage_error("render", "one model at a time ('%s')", arg);
            a.file = arg;
        }
#undef BAD
    }
    if (!a.file)
        return rm_cli_usage_error("render", "no model given");
    if (!a.out && !a.gif)
        return rm_cli_usage_error("render", "no output: -o OUT.png or --gif OUT.gif");
    if (a.for_lights && !a.cd)
        return rm_cli_usage_error("render", "--for-lights goes with --cd DIR");
    if (a.views && a.gif)
        return rm_cli_usage_error("render", "--views makes a PNG, not a GIF");
    if ((uint64_t)opt.width * a.scale * (a.views ? 2 : 1) > 16384 ||
        (uint64_t)opt.height * a.scale * (a.views ? 2 : 1) > 16384)
        return rm_cli_usage_error("render", "the picture would be over 16384 pixels wide or high");

    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 100;
    rm_render_scene scene;
    rm_status st = a.cd ? scene_from_cd(&a, &scene, &diag) : rm_render_scene_load(a.file, &scene, &diag);
    rm_cli_print_diag(&diag, false, 10);
    rm_diag_free(&diag);
    rm_diag_init(&diag);
    if (st != RM_OK)
        return rm_cli_exit_code(st);

    int code = EXIT_OK;
    int anim = -1, blend = -1, weight = 0;
    uint32_t hidden = 0;
    if (a.anim && (anim = find_anim(a.file, scene.model, a.anim)) < 0)
        code = EXIT_INVALID;
    if (code == EXIT_OK && a.blend) {
        char name[64];
        const char *colon = strrchr(a.blend, ':');
        double w;
        if (!colon || colon == a.blend || (size_t)(colon - a.blend) >= sizeof name || !parse_double(colon + 1, &w) ||
            !(w >= 0.0 && w <= 1.0)) {
            code = rm_cli_usage_error("render", "--blend: bad value '%s' (NAME:W, W from 0 to 1)", a.blend);
        } else {
            memcpy(name, a.blend, (size_t)(colon - a.blend));
            name[colon - a.blend] = 0;
            weight = (int)lround(w * 256.0);
            if ((blend = find_anim(a.file, scene.model, name)) < 0)
                code = EXIT_INVALID;
        }
    }
    if (code == EXIT_OK && a.hide && !hidden_mask(a.file, scene.model, a.hide, &hidden))
        code = EXIT_INVALID;

    if (code == EXIT_OK && a.gif) {
        int ganim = anim;
        if (ganim < 0 && rm_3d_model_animation_count(scene.model) > 0)
            ganim = 0;      /* the first animation */
        st = write_gif(&scene, ganim, blend, weight, hidden, &opt, &a, &diag);
        code = rm_cli_exit_code(st);
    }
    if (code == EXIT_OK && a.out) {
        rm_3d_pose pose;
        rm_3d_model_get_pose(scene.model, anim, a.time, &pose);
        if (blend >= 0) {
            rm_3d_pose other;
            rm_3d_model_get_pose(scene.model, blend, a.time, &other);
            rm_3d_pose_blend(scene.model, &pose, &other, weight);
        }
        uint32_t w = opt.width * (a.views ? 2 : 1), h = opt.height * (a.views ? 2 : 1);
        uint16_t *fb = malloc((size_t)w * h * sizeof *fb);
        st = fb ? RM_OK : RM_NOMEM;
        if (st == RM_OK)
            st = a.views ? rm_render_views(&scene, &pose, hidden, &opt, fb)
                         : rm_render_frame(&scene, &pose, hidden, &opt, fb);
        if (st == RM_OK)
            st = write_png(fb, w, h, a.scale, a.out, &diag);
        free(fb);
        code = rm_cli_exit_code(st);
    }
    rm_cli_print_diag(&diag, false, 10);
    rm_diag_free(&diag);
    rm_render_scene_free(&scene);
    return code;
}
