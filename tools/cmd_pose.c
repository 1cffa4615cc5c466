/* tools/cmd_pose.c - retromesh pose MODEL.JOM [--anim NAME] [--time TICKS]
   [--blend NAME:W] [--json]: the pose of a skeleton at a time of an
   animation and the matrix of each bone, as the engine computes them
   (include/retromesh/model.h; docs/runtime.md). */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh pose MODEL.JOM [--anim NAME] [--time TICKS] [--blend NAME:W] [--json]\n"
          "                      [--max-input SIZE]\n"
          "\n"
          "Prints the pose of the skeleton of a .jom at a time of an animation (the root offset\n"
          "and the angles of each bone, keys interpolated as the engine does) and the matrix of\n"
          "each bone (4 rows of 3, Q16.16: X, Y, Z, then the translation).\n"
          "\n"
          "  --anim NAME      the animation (any case; default: none, the pose of the OBJ)\n"
          "  --time TICKS     ticks (1/60 s) from its start (default 0; below 0 counts as 0)\n"
          "  --blend NAME:W   blend in the pose of animation NAME at the same time, weight W\n"
          "                   from 0 to 1 (256 x W, rounded, as jo_3d_pose_blend takes it)\n"
          "  --json           {\"animation\", \"time\", \"root\", \"bones\": [{\"name\", \"angles\",\n"
          "                   \"degrees\", \"matrix\"}]} with the raw integers of the engine\n"
          "  --max-input SIZE read files of up to SIZE bytes (K, M, G: 1024-based; default 1G)\n"
          "\n"
          "MODEL.JOM '-' is standard input.\n"
          "\n"
          "Exit status: 0 printed, 1 invalid model or unknown animation, 2 usage error,\n"
          "3 I/O error.\n",
          out);
}

/* A name as text: printable ASCII kept, other bytes as \xHH. */
static void name_text(const char name[16], char out[65])
{
    size_t o = 0;
    for (size_t i = 0; i < 16 && name[i]; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c >= 32 && c < 127 && c != '\\') {
            out[o++] = (char)c;
        } else if (c == '\\') {
            out[o++] = '\\';
            out[o++] = '\\';
        } else {
            o += (size_t)snprintf(out + o, 5, "\\x%02x", c);
        }
    }
    out[o] = 0;
}

static bool parse_int(const char *s, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < INT_MIN || v > INT_MAX)
        return false;
    *out = (int)v;
    return true;
}

/* "NAME:W" with W a number from 0 to 1: the name and 256 x W rounded. */
static bool parse_blend(const char *s, char *name, size_t size, int *weight)
{
    const char *colon = strrchr(s, ':');
    if (!colon || colon == s || (size_t)(colon - s) >= size)
        return false;
    char *end;
    errno = 0;
    double w = strtod(colon + 1, &end);
    if (errno || end == colon + 1 || *end || !(w >= 0.0 && w <= 1.0))
        return false;
    memcpy(name, s, (size_t)(colon - s));
    name[colon - s] = 0;
    *weight = (int)lround(w * 256.0);
    return true;
}

/* The animations of the model, for the message of an unknown one. */
static void unknown_animation(const char *path, const rm_3d_model *m, const char *name)
{
    fprintf(stderr, "retromesh pose: error: %s: no animation '%s'; ", path, name);
    uint32_t n = rm_3d_model_animation_count(m);
    if (n == 0) {
        fprintf(stderr, "the model has no animations\n");
        return;
    }
    fprintf(stderr, "its animations:");
    for (uint32_t i = 0; i < n; i++) {
        rm_3d_animation a;
        char text[65];
        rm_3d_model_animation(m, i, &a);
        name_text(a.name, text);
        fprintf(stderr, "%s %s", i ? "," : "", text);
    }
    fprintf(stderr, "\n");
}

typedef struct matrices {
    rm_fixed m[RM_3D_MAX_BONES][4][3];
} matrices;

static void keep_matrix(int bone, void *param, const rm_fixed (*matrix)[3])
{
    matrices *all = param;
    if (bone >= 0 && bone < RM_3D_MAX_BONES)
        memcpy(all->m[bone], matrix, sizeof all->m[bone]);
}

static void print_text(const char *path, const rm_3d_model *m, int anim, int time, int blend, int weight,
                       const rm_3d_pose *pose, const matrices *mx)
{
    char text[65];
    rm_3d_animation a;
    if (anim >= 0) {
        rm_3d_model_animation(m, (uint32_t)anim, &a);
        name_text(a.name, text);
        printf("%s: animation %d '%s', time %d ticks (%.3f s); %s, duration %d ticks (%.3f s)\n", path, anim,
               text, time, (double)time / RM_3D_ANIMATION_TICKS_PER_SECOND,
               (a.flags & RM_3D_ANIMATION_LOOP) ? "loop" : "once", rm_3d_model_animation_duration(m, anim),
               (double)rm_3d_model_animation_duration(m, anim) / RM_3D_ANIMATION_TICKS_PER_SECOND);
    } else {
        printf("%s: no animation: the pose of the OBJ\n", path);
    }
    if (blend >= 0) {
        rm_3d_model_animation(m, (uint32_t)blend, &a);
        name_text(a.name, text);
        printf("blended with animation %d '%s' at the same time, weight %d/256\n", blend, text, weight);
    }
    printf("root %.6f %.6f %.6f (%d %d %d)\n", rm_fixed_to_double(pose->root.x), rm_fixed_to_double(pose->root.y),
           rm_fixed_to_double(pose->root.z), pose->root.x, pose->root.y, pose->root.z);
    uint32_t n = rm_3d_model_bone_count(m);
    printf("\nbones (%u):\n", n);
    static const char *const rows[4] = {"x", "y", "z", "t"};
    for (uint32_t b = 0; b < n && b < RM_3D_MAX_BONES; b++) {
        rm_jom_bone bone;
        rm_3d_model_bone(m, b, &bone);
        name_text(bone.name, text);
        printf("  %u '%s'", b, text);
        if (bone.parent >= 0) {
            rm_jom_bone parent;
            char ptext[65];
            rm_3d_model_bone(m, (uint32_t)bone.parent, &parent);
            name_text(parent.name, ptext);
            printf(" (parent %d '%s')", bone.parent, ptext);
        } else {
            printf(" (root)");
        }
        const rm_angle *an = pose->angles[b];
        printf(": angles %.4f %.4f %.4f degrees (%d %d %d)\n", rm_3d_angle_to_degrees(an[0]),
               rm_3d_angle_to_degrees(an[1]), rm_3d_angle_to_degrees(an[2]), an[0], an[1], an[2]);
        for (int r = 0; r < 4; r++) {
            const rm_fixed *row = mx->m[b][r];
            printf("    %s %10.6f %10.6f %10.6f   (%d %d %d)\n", rows[r], rm_fixed_to_double(row[0]),
                   rm_fixed_to_double(row[1]), rm_fixed_to_double(row[2]), row[0], row[1], row[2]);
        }
    }
}

static json_t *int3(int32_t a, int32_t b, int32_t c)
{
    json_t *v = json_array();
    json_array_append_new(v, json_integer(a));
    json_array_append_new(v, json_integer(b));
    json_array_append_new(v, json_integer(c));
    return v;
}

/* One JSON value on one line (jansson's ", " and ": " separators). */
static bool put_json(FILE *out, json_t *v)
{
    if (!v)
        return false;
    int rc = json_dumpf(v, out, JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
    json_decref(v);
    return rc == 0;
}

/* The document of the issue, a key per line and a bone per line:
   {"animation": "walk", "time": 30, "root": [x, y, z], "bones": [{"name",
   "angles", "degrees", "matrix"}]}. */
static rm_status print_json(const rm_3d_model *m, int anim, int time, const rm_3d_pose *pose, const matrices *mx)
{
    char text[65];
    bool ok = true;
    FILE *out = stdout;
    fputs("{\n  \"animation\": ", out);
    if (anim >= 0) {
        rm_3d_animation a;
        rm_3d_model_animation(m, (uint32_t)anim, &a);
        name_text(a.name, text);
        ok &= put_json(out, json_string(text));
    } else {
        fputs("null", out);
    }
    fprintf(out, ",\n  \"time\": %d,\n  \"root\": ", time);
    ok &= put_json(out, int3(pose->root.x, pose->root.y, pose->root.z));
    fputs(",\n  \"bones\": [", out);
    uint32_t n = rm_3d_model_bone_count(m);
    for (uint32_t b = 0; b < n && b < RM_3D_MAX_BONES; b++) {
        rm_jom_bone bone;
        rm_3d_model_bone(m, b, &bone);
        name_text(bone.name, text);
        const rm_angle *an = pose->angles[b];
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(text));
        json_object_set_new(o, "angles", int3(an[0], an[1], an[2]));
        json_t *deg = json_array();
        for (int j = 0; j < 3; j++)
            json_array_append_new(deg, json_real(rm_3d_angle_to_degrees(an[j])));
        json_object_set_new(o, "degrees", deg);
        json_t *matrix = json_array();
        for (int r = 0; r < 4; r++)
            json_array_append_new(matrix, int3(mx->m[b][r][0], mx->m[b][r][1], mx->m[b][r][2]));
        json_object_set_new(o, "matrix", matrix);
        fputs(b ? ",\n    " : "\n    ", out);
        ok &= put_json(out, o);
    }
    fputs(n ? "\n  ]\n}\n" : "]\n}\n", out);
    return ok ? RM_OK : RM_IO;
}

int rm_cmd_pose(int argc, char **argv)
{
    const char *path = NULL, *anim_name = NULL, *blend_arg = NULL;
    int time = 0;
    bool json = false;
    enum { O_HELP = 1, O_ANIM, O_TIME, O_BLEND, O_JSON, O_MAX_INPUT };
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP},
        {"anim", 0, true, O_ANIM},
        {"time", 0, true, O_TIME},
        {"blend", 0, true, O_BLEND},
        {"json", 0, false, O_JSON},
        {"max-input", 0, true, O_MAX_INPUT},
        {0},
    };
    rm_cli_args p;
    rm_cli_args_init(&p, "pose", opts, argc, argv);
    for (int id; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        switch (id) {
        case RM_CLI_BAD:
            return EXIT_USAGE;
        case O_HELP:
            usage(stdout);
            return EXIT_OK;
        case O_JSON: json = true; break;
        case O_ANIM: anim_name = p.value; break;
        case O_BLEND: blend_arg = p.value; break;
        case O_TIME:
            if (!parse_int(p.value, &time))
                return rm_cli_usage_error("pose", "--time takes a whole number of ticks, not '%s'", p.value);
            break;
        case O_MAX_INPUT:
            if (!rm_cli_max_input("pose", p.value))
                return EXIT_USAGE;
            break;
        case RM_CLI_OPERAND:
            if (path)
                return rm_cli_usage_error("pose", "one model at a time ('%s' and '%s')", path, p.value);
            path = p.value;
            break;
        }
    }
    if (!path)
        return rm_cli_usage_error("pose", "no model given");
    char blend_name[256];
    int weight = 0;
    if (blend_arg && !parse_blend(blend_arg, blend_name, sizeof blend_name, &weight))
        return rm_cli_usage_error("pose", "--blend takes NAME:W with W from 0 to 1 (run:0.25), not '%s'",
                                  blend_arg);

    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 100;
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status rst = rm_cli_read_input(path, &data, &size, &diag);
    if (rst != RM_OK) {
        rm_cli_print_diag(&diag, false, 0);
        rm_diag_free(&diag);
        return rm_cli_exit_code(rst);
    }
    /* In place, as the engine loads a model: the bytes stay ours. */
    rm_3d_model *m = rm_3d_create_model_in_place(data, size, path, &diag);
    rm_cli_print_diag(&diag, m != NULL, 0);   /* a valid file's warnings are for `check` */
    rm_diag_free(&diag);
    if (!m) {
        free(data);
        return EXIT_INVALID;
    }

    int anim = -1, blend = -1;
    if (anim_name && (anim = rm_3d_model_find_animation(m, anim_name)) < 0) {
        unknown_animation(path, m, anim_name);
        rm_3d_free_model(m);
        free(data);
        return EXIT_INVALID;
    }
    if (blend_arg && (blend = rm_3d_model_find_animation(m, blend_name)) < 0) {
        unknown_animation(path, m, blend_name);
        rm_3d_free_model(m);
        free(data);
        return EXIT_INVALID;
    }
    rm_3d_pose pose;
    rm_3d_model_get_pose(m, anim, time, &pose);
    if (blend >= 0) {
        rm_3d_pose other;
        rm_3d_model_get_pose(m, blend, time, &other);
        rm_3d_pose_blend(m, &pose, &other, weight);
    }
    matrices mx;
    memset(&mx, 0, sizeof mx);
    rm_status st = rm_3d_model_draw_pose(m, &pose, keep_matrix, &mx, NULL);
    if (st == RM_OK) {
        if (json)
            st = print_json(m, anim, time, &pose, &mx);
        else
            print_text(path, m, anim, time, blend, weight, &pose, &mx);
    }
    rm_3d_free_model(m);
    free(data);
    return rm_cli_exit_code(st);
}
