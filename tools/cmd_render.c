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
#include "core/outpath.h"
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
          "  -o, --output OUT.png the picture ('-': standard output)\n"
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
          "  --max-frames N       the most frames a GIF may have (default 3600: 2 minutes at\n"
          "                       30 fps); more is an error before anything is drawn\n"
          "  --cd DIR             load MODEL.JOM from DIR as the engine loads it from the CD\n"
          "                       (8.3 name, any case) with its textures: embedded, or the\n"
          "                       .BIN/.TGA files of DIR named by the model (docs/cd.md)\n"
          "  --for-lights         with --cd: a gouraud table per polygon\n"
          "                       (__jo_3d_load_model_for_lights)\n"
          "  --max-input SIZE     read files of up to SIZE bytes (K, M, G: 1024-based; default 1G)\n"
          "\n"
          "FILE '-' is standard input. No output may be a file the model is read from (the model,\n"
          "its MTLs, images, textures); the PNG and the GIF are both written or neither.\n"
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

/* The progress bar of --gif, on a terminal only. */
static void progress(void *ctx, size_t done, size_t total)
{
    (void)ctx;
    if (total == 0)
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
    unsigned scale, views, fps, max_frames;
    int time;
} render_args;

/* The TEXT names of a JOM in memory (none when it does not read). */
static void text_names(const uint8_t *data, size_t size, const char *name, rm_jom_model *m)
{
    rm_diag quiet;      /* the model is read again, and its messages shown, by the loader */
    rm_diag_init(&quiet);
    rm_jom_init(m);
    if (rm_jom_read(data, size, name, m, &quiet) != RM_OK) {
        rm_jom_free(m);
        rm_jom_init(m);
    }
    rm_diag_free(&quiet);
}

/* The .BIN files a JOM beside `folder` may be drawn with (its TEXT names
   as written, in upper and in lower case, as the scene looks them up):
   inputs, so that no output replaces one. */
static rm_status add_texture_inputs(const rm_jom_model *m, const char *folder, rm_output_set *set)
{
    rm_status st = RM_OK;
    for (uint32_t i = 0; st == RM_OK && i < m->texture_count; i++) {
        for (int v = 0; v < 3 && st == RM_OK; v++) {
            char n[24], path[4200];
            snprintf(n, sizeof n, "%.16s", m->textures[i]);
            for (char *c = n; *c && v; c++)
                *c = (char)(v == 1 ? (*c >= 'a' && *c <= 'z' ? *c - 32 : *c)
                                   : (*c >= 'A' && *c <= 'Z' ? *c + 32 : *c));
            snprintf(path, sizeof path, "%s/%s", folder, n);
            st = rm_output_add_input(set, path);
        }
    }
    return st;
}

/* The files of the CD folder a model loads: its own and each texture's
   (.BIN, or the .TGA of the same stem). */
static rm_status add_cd_inputs(const rm_cd *cd, const char *model, rm_output_set *set)
{
    const char *path = rm_cd_file_path(cd, model);
    if (!path)
        return RM_OK;
    rm_status st = rm_output_add_input(set, path);
    uint8_t *data = NULL;
    size_t size = 0;
    rm_diag quiet;
    rm_diag_init(&quiet);
    if (st == RM_OK && rm_file_read(path, &data, &size, &quiet) == RM_OK) {
        rm_jom_model m;
        text_names(data, size, path, &m);
        for (uint32_t i = 0; st == RM_OK && i < m.texture_count; i++) {
            char n[24];
            snprintf(n, sizeof n, "%.16s", m.textures[i]);
            const char *bin = rm_cd_file_path(cd, n);
            if (bin)
                st = rm_output_add_input(set, bin);
            char *dot = strrchr(n, '.');
            if (dot)
                *dot = 0;
            strcat(n, ".TGA");
            const char *tga = rm_cd_file_path(cd, n);
            if (st == RM_OK && tga)
                st = rm_output_add_input(set, tga);
        }
        rm_jom_free(&m);
    }
    rm_diag_free(&quiet);
    free(data);
    return st;
}

/* --cd DIR: the model loaded through a CD context (retromesh/cd.h), as
   jo_3d_load_model would: over-full VRAM or heap and missing textures are
   warnings here (keep_going), since a preview should still draw. */
static rm_status scene_from_cd(const render_args *a, rm_render_scene *scene, rm_output_set *set,
                               rm_diag *diag)
{
    rm_render_scene_init(scene);
    rm_cd_options copt;
    rm_cd_options_default(&copt);
    copt.keep_going = true;
    rm_cd *cd = rm_cd_open(a->cd, &copt, diag);
    if (!cd)
        return RM_IO;
    rm_status st = add_cd_inputs(cd, a->file, set);
    int h = st == RM_OK ? rm_cd_load_model(cd, a->file, a->for_lights, diag) : -1;
    if (st != RM_OK)
        ;
    else if (h < 0)
        st = rm_cd_last_error(cd)->status != RM_OK ? rm_cd_last_error(cd)->status : RM_INVALID;
    else
        st = rm_render_scene_from_cd(cd, h, scene, diag);
    rm_cd_close(cd);
    return st;
}

/* A model file (or "-"): a JOM with its textures beside it, or any model
   the library reads, converted with the default options. Every file read
   goes into the set's inputs. */
static rm_status scene_from_file(const char *file, rm_render_scene *scene, rm_output_set *set, rm_diag *diag)
{
    rm_render_scene_init(scene);
    bool std_in = !strcmp(file, "-");
    /* Mapped, not copied; closed once the JOM or the mesh is made (neither
       keeps a pointer into the bytes). */
    rm_file_map map;
    rm_status st = rm_cli_map_input(file, &map, diag);
    if (st != RM_OK)
        return st;
    const uint8_t *data = map.data;
    size_t size = map.size;
    if (!std_in)
        st = rm_output_add_input(set, file);
    /* the folder of the file, where its .BIN textures are ("." for "-") */
    char *folder = rm_path_dir(file);
    if (st == RM_OK && !folder)
        st = RM_NOMEM;
    if (st == RM_OK && rm_format_detect(data, size) == RM_FORMAT_JOM) {
        rm_jom_model jom;
        rm_jom_init(&jom);
        st = rm_jom_read(data, size, file, &jom, diag);
        if (st == RM_OK)
            st = add_texture_inputs(&jom, folder, set);
        if (st == RM_OK)
            st = rm_render_scene_from_jom(&jom, file, folder, scene, diag);
        rm_jom_free(&jom);
        rm_file_map_close(&map);
        free(folder);
        return st;
    }
    /* Read once through the format table: it refuses what is no model and
       names every file it reads (MTLs, images) as an input. */
    rm_model_read_options ro;
    rm_model_read_options_default(&ro);
    ro.load_textures = true;
    ro.data_is_mapped = map.mapped;
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    if (st == RM_OK)
        st = rm_model_read_memory(data, size, file, &ro, &mesh, set, diag);
    rm_file_map_close(&map);
    free(folder);
    if (st == RM_OK && !std_in) {
        rm_mesh_free(&mesh);
        rm_diag quiet;      /* the file was read once already: its messages are out */
        rm_diag_init(&quiet);
        st = rm_render_scene_load(file, scene, &quiet);
        if (st != RM_OK)
            for (size_t i = 0; i < quiet.count; i++)
                rm_diag_add(diag, quiet.items[i].severity, "%s", quiet.items[i].text);
        rm_diag_free(&quiet);
        return st;
    }
    if (st == RM_OK) {
        /* standard input: converted here with the textures in the model */
        rm_convert_options copt;
        rm_convert_options_default(&copt);
        copt.embed_textures = true;
        rm_jom_model jom;
        st = rm_convert_mesh_to_jom(&mesh, &copt, &jom, diag);
        if (st == RM_OK)
            st = rm_render_scene_from_jom(&jom, "-", NULL, scene, diag);
        rm_jom_free(&jom);
    }
    rm_mesh_free(&mesh);
    return st;
}

/* The picture of -o, staged in the set. */
static rm_status stage_png(const uint16_t *fb, uint32_t w, uint32_t h, unsigned scale, const char *path,
                           rm_output_set *set, rm_diag *diag)
{
    rm_image img;
    rm_status st = rm_render_to_image(fb, w, h, scale, &img);
    uint8_t *png = NULL;
    size_t n = 0;
    if (st == RM_OK)
        st = rm_image_encode_png(&img, &png, &n, diag);
    if (st == RM_OK)
        st = rm_output_add(set, path, png, n, diag);
    free(png);
    rm_image_free(&img);
    return st;
}

int rm_cmd_render(int argc, char **argv)
{
    render_args a = {0};
    a.scale = 1;
    a.fps = 30;
    rm_render_options opt;
    rm_render_options_default(&opt);
    enum {
        O_HELP = 1, O_OUT, O_SIZE, O_YAW, O_PITCH, O_DISTANCE, O_ANIM, O_TIME, O_BLEND, O_HIDE, O_LIGHT,
        O_BACKGROUND, O_SCALE_UP, O_VIEWS, O_GIF, O_FPS, O_CD, O_FOR_LIGHTS, O_WIRE, O_MAX_INPUT,
        O_MAX_FRAMES
    };
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP},
        {"output", 'o', true, O_OUT},
        {"size", 0, true, O_SIZE},
        {"yaw", 0, true, O_YAW},
        {"pitch", 0, true, O_PITCH},
        {"distance", 0, true, O_DISTANCE},
        {"anim", 0, true, O_ANIM},
        {"time", 0, true, O_TIME},
        {"blend", 0, true, O_BLEND},
        {"hide-bones", 0, true, O_HIDE},
        {"light", 0, true, O_LIGHT},
        {"background", 0, true, O_BACKGROUND},
        {"scale-up", 0, true, O_SCALE_UP},
        {"views", 0, true, O_VIEWS},
        {"gif", 0, true, O_GIF},
        {"fps", 0, true, O_FPS},
        {"cd", 0, true, O_CD},
        {"for-lights", 0, false, O_FOR_LIGHTS},
        {"wire", 0, false, O_WIRE},
        {"max-input", 0, true, O_MAX_INPUT},
        {"max-frames", 0, true, O_MAX_FRAMES},
        {0},
    };
    rm_cli_args p;
    rm_cli_args_init(&p, "render", opts, argc, argv);
    for (int id; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        const char *v = p.value;
#define BAD(what) return rm_cli_usage_error("render", "%s: bad value '%s'", what, v)
        switch (id) {
        case RM_CLI_BAD:
            return EXIT_USAGE;
        case O_HELP:
            usage(stdout);
            return EXIT_OK;
        case O_FOR_LIGHTS: a.for_lights = true; break;
        case O_WIRE: opt.wire = true; break;
        case O_OUT:
            if (a.out)
                return rm_cli_usage_error("render", "-o is given twice");
            if (!*v)
                return rm_cli_usage_error("render", "-o needs a file name");
            a.out = v;
            break;
        case O_SIZE:
            if (!parse_size(v, &opt.width, &opt.height))
                BAD("--size (WxH, 1 to 4096 each)");
            break;
        case O_YAW:
            if (!parse_double(v, &opt.yaw))
                BAD("--yaw");
            break;
        case O_PITCH:
            if (!parse_double(v, &opt.pitch))
                BAD("--pitch");
            break;
        case O_DISTANCE:
            if (!parse_double(v, &opt.distance) || !(opt.distance > 0.0))
                BAD("--distance (a positive number)");
            break;
        case O_ANIM: a.anim = v; break;
        case O_TIME: {
            unsigned t;
            if (!parse_uint(v, 0, INT_MAX, &t))
                BAD("--time (ticks, 0 or more)");
            a.time = (int)t;
            break;
        }
        case O_BLEND: a.blend = v; break;
        case O_HIDE: a.hide = v; break;
        case O_LIGHT:
            if (!parse_vec3(v, opt.light) || (opt.light[0] == 0 && opt.light[1] == 0 && opt.light[2] == 0))
                BAD("--light (X,Y,Z, not all 0)");
            break;
        case O_BACKGROUND:
            if (!parse_color(v, &opt.background))
                BAD("--background (RRGGBB)");
            break;
        case O_SCALE_UP:
            if (!parse_uint(v, 1, 16, &a.scale))
                BAD("--scale-up (1 to 16)");
            break;
        case O_VIEWS:
            if (!parse_uint(v, 4, 4, &a.views))
                BAD("--views (only 4)");
            break;
        case O_GIF:
            if (!*v)
                return rm_cli_usage_error("render", "--gif needs a file name");
            a.gif = v;
            break;
        case O_FPS:
            if (!parse_uint(v, 1, 100, &a.fps))
                BAD("--fps (1 to 100)");
            break;
        case O_CD: a.cd = v; break;
        case O_MAX_INPUT:
            if (!rm_cli_max_input("render", v))
                return EXIT_USAGE;
            break;
        case O_MAX_FRAMES:
            if (!parse_uint(v, 1, UINT_MAX, &a.max_frames))
                BAD("--max-frames (1 or more)");
            break;
        case RM_CLI_OPERAND:
            if (a.file)
                return rm_cli_usage_error("render", "one model at a time ('%s')", v);
            a.file = v;
            break;
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
    rm_output_set *set = rm_output_set_new();
    rm_render_scene scene;
    rm_render_scene_init(&scene);
    rm_status st = !set ? RM_NOMEM : a.cd ? scene_from_cd(&a, &scene, set, &diag)
                                          : scene_from_file(a.file, &scene, set, &diag);
    /* Every output checked before any drawing: never an input (the model,
       its MTLs, images, textures), never both -o and --gif the same file. */
    if (st == RM_OK && a.out)
        st = rm_output_check(set, a.out, &diag);
    if (st == RM_OK && a.gif)
        st = rm_output_check(set, a.gif, &diag);
    rm_cli_print_diag(&diag, false, 10);
    rm_diag_free(&diag);
    rm_diag_init(&diag);
    if (st != RM_OK) {
        rm_output_set_free(set);
        rm_render_scene_free(&scene);
        return rm_cli_exit_code(st);
    }

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
        /* streamed: each frame encoded as it is drawn, into the set's file */
        rm_render_gif_anim g;
        rm_render_gif_anim_default(&g);
        g.animation = anim >= 0 ? anim : rm_3d_model_animation_count(scene.model) > 0 ? 0 : -1;
        g.blend = blend;
        g.weight = weight;
        g.hidden_bones = hidden;
        g.options = opt;
        g.scale = a.scale;
        g.fps = a.fps;
        g.max_frames = a.max_frames;
        if (isatty(fileno(stderr)))
            g.progress = progress;
        FILE *f = rm_output_open(set, a.gif, &diag);
        st = f ? rm_render_animation_gif(&scene, &g, f, &diag) : RM_IO;
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
            st = stage_png(fb, w, h, a.scale, a.out, set, &diag);
        free(fb);
        code = rm_cli_exit_code(st);
    }
    /* the PNG and the GIF: both in place, or neither */
    if (code == EXIT_OK)
        code = rm_cli_exit_code(rm_output_commit(set, &diag));
    rm_output_set_free(set);
    rm_cli_print_diag(&diag, false, 10);
    rm_diag_free(&diag);
    rm_render_scene_free(&scene);
    return code;
}
