/* tests/engine/host_model.c - the host counterpart of engine/test/run_model.c:
   the same options, the same JSON document, computed by the host runtime
   (include/retromesh/model.h: poses, blends, draws) and the CD context
   (include/retromesh/cd.h: sprites, VRAM, heap, gouraud tables). The
   differential tests (the scripts of tests/engine) compare the two documents key by
   key with json_tool.

   host_model [--cd DIR] [--for-lights] MODEL.JOM [--anim NAME] [--time T]
              [--blend NAME:W] [--times A,B,...] [--draw] [--hide MASK]
              [--view TX,TY,TZ,AX,AY,AZ] [--sprites]

   Where each key comes from:
   - "pose", "poses": rm_3d_model_get_pose, rm_3d_pose_blend (W as the CLI
     takes it: round(256 W)), and the matrices rm_3d_model_draw_pose gives
     its callback (no target), as `retromesh pose --json` without "degrees".
   - "attributes": the host runtime has no ATTR; each one is the library's
     rm_sgl_attr_of (retromesh/sgl.h, the one table of docs/engine.md, also
     used by the C header writer) over the MATL/QMAT records and the CD
     context's sprites: an implementation apart from engine/model.c.
     attributes.sh checks both against values worked out by hand.
   - "drawn": rm_3d_model_draw_pose into rm_3d_collect (hidden bones with
     rm_3d_model_set_hidden_bones), each visible polygon's corners
     collect.points[v], turned by the --view matrix (rm_3d_matrix_translate,
     rotate_x, _y, _z from the identity, then rm_3d_transform_point), as
     the SGL matrix stack would have them; "puts": the runs of consecutive
     visible polygons (the engine puts one run per call); "bone_matrices":
     the callback's model-space matrices, composed with the view (rows
     0..2 by rm_3d_rotate_vector, row 3 by rm_3d_transform_point, as
     slMultiMatrix does); "puts_after", "polygons_after": a second draw.
   - "sprites", "vram_next", "heap", "textures", "gouraud_tables", "gstb":
     rm_cd_open(DIR or the model's folder) + rm_cd_load_model(NAME,
     for_lights); per sprite its address, the VRAM it reserves (bytes
     rounded up to 32), cgadr = the texels' VRAM offset / 8, hsize x vsize
     its texels, color_mode as Jo's (COL_32K 1 for RGB555 and gouraud
     tables, COL_256 2, COL_16 3); the engine's "added" (the shape given
     to jo_sprite_add) has no host counterpart and is not compared;
     heap = info->heap_bytes, gstb = the table's address / 8 (0: none).

   Exit status: 0, 1 a refused model or an unknown animation, 2 usage. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <retromesh/cd.h>
#include <retromesh/mesh.h>
#include <retromesh/model.h>
#include <retromesh/sgl.h>

#define MAX_TIMES 256

typedef struct matrices {
    rm_fixed m[RM_3D_MAX_BONES][4][3];
} matrices;

static rm_3d_model *model;
static int anim = -1, blend = -1, weight;

static int usage(const char *why)
{
    fprintf(stderr, "host_model: %s\n", why);
    fprintf(stderr, "usage: host_model [--cd DIR] [--for-lights] MODEL.JOM [--anim NAME] [--time T] [--blend NAME:W]\n"
                    "                  [--times A,B,...] [--draw] [--hide MASK] [--view TX,TY,TZ,AX,AY,AZ] [--sprites]\n");
    return 2;
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

static int parse_list(const char *s, int *out, int max)
{
    char buf[4096];
    if (strlen(s) >= sizeof buf || !*s)
        return -1;
    strcpy(buf, s);
    int n = 0;
    char *save = NULL;
    size_t len = strlen(buf);
    if (buf[len - 1] == ',' || buf[0] == ',' || strstr(buf, ",,"))
        return -1;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n >= max || !parse_int(t, &out[n]))
            return -1;
        n++;
    }
    return n;
}

/* As tools/cmd_pose.c: "NAME:W", W from 0 to 1, weight round(256 W). */
static bool parse_blend(const char *s, char *name, size_t size, int *w)
{
    const char *colon = strrchr(s, ':');
    if (!colon || colon == s || (size_t)(colon - s) >= size)
        return false;
    char *end;
    errno = 0;
    double v = strtod(colon + 1, &end);
    if (errno || end == colon + 1 || *end || !(v >= 0.0 && v <= 1.0))
        return false;
    memcpy(name, s, (size_t)(colon - s));
    name[colon - s] = 0;
    *w = (int)lround(v * 256.0);
    return true;
}

/* tools/cmd_pose.c name_text, then as a JSON string. */
static void print_name(const char name[16])
{
    putchar('"');
    for (size_t i = 0; i < 16 && name[i]; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c == '\\')
            fputs("\\\\\\\\", stdout);
        else if (c == '"')
            fputs("\\\"", stdout);
        else if (c >= 32 && c < 127)
            putchar(c);
        else
            printf("\\\\x%02x", c);
    }
    putchar('"');
}

static void print3(int32_t a, int32_t b, int32_t c)
{
    printf("[%d, %d, %d]", (int)a, (int)b, (int)c);
}

static void print_matrix(const rm_fixed (*m)[3])
{
    putchar('[');
    for (int r = 0; r < 4; r++) {
        if (r)
            fputs(", ", stdout);
        print3(m[r][0], m[r][1], m[r][2]);
    }
    putchar(']');
}

static void keep_matrix(int bone, void *param, const rm_fixed (*matrix)[3])
{
    matrices *all = param;
    if (bone >= 0 && bone < RM_3D_MAX_BONES)
        memcpy(all->m[bone], matrix, sizeof all->m[bone]);
}

static void pose_at(int time, rm_3d_pose *pose)
{
    rm_3d_model_get_pose(model, anim, time, pose);
    if (blend >= 0) {
        rm_3d_pose other;
        rm_3d_model_get_pose(model, blend, time, &other);
        rm_3d_pose_blend(model, pose, &other, weight);
    }
}

static void print_pose_at(int time)
{
    rm_3d_pose pose;
    static matrices mx;
    pose_at(time, &pose);
    memset(&mx, 0, sizeof mx);
    if (rm_3d_model_bone_count(model) > 0)
        rm_3d_model_draw_pose(model, &pose, keep_matrix, &mx, NULL);
    fputs("{\"animation\": ", stdout);
    if (anim >= 0) {
        rm_3d_animation a;
        rm_3d_model_animation(model, (uint32_t)anim, &a);
        print_name(a.name);
    } else {
        fputs("null", stdout);
    }
    printf(", \"time\": %d, \"root\": ", time);
    print3(pose.root.x, pose.root.y, pose.root.z);
    fputs(", \"bones\": [", stdout);
    uint32_t n = rm_3d_model_bone_count(model);
    for (uint32_t b = 0; b < n && b < RM_3D_MAX_BONES; b++) {
        rm_jom_bone bone;
        rm_3d_model_bone(model, b, &bone);
        fputs(b ? ",\n    " : "\n    ", stdout);
        fputs("{\"name\": ", stdout);
        print_name(bone.name);
        fputs(", \"angles\": ", stdout);
        print3(pose.angles[b][0], pose.angles[b][1], pose.angles[b][2]);
        fputs(", \"matrix\": ", stdout);
        print_matrix((const rm_fixed(*)[3])mx.m[b]);
        putchar('}');
    }
    fputs("]}", stdout);
}

/* ---- ATTR: the library's table (retromesh/sgl.h) over the CD context's sprites ---- */

static void print_attributes(rm_cd *cd, const rm_cd_model_info *info)
{
    uint32_t n = rm_3d_model_polygon_count(model);
    fputs(",\n\"attributes\": [", stdout);
    for (uint32_t p = 0; p < n; p++) {
        rm_jom_material mat;
        memset(&mat, 0, sizeof mat);
        rm_3d_model_material(model, rm_3d_model_polygon_material(model, p), &mat);
        const rm_cd_sprite *s = NULL;
        if (mat.texture >= 0 && (uint32_t)mat.texture < info->texture_count && info->textures[mat.texture].sprite >= 0)
            s = rm_cd_sprite_at(cd, info->textures[mat.texture].sprite);
        /* The sprite as the engine drew it (none loaded: sprite 0, RGB). */
        rm_sgl_texture tex = {RM_SGL_TEXTURE_RGB, 0, 0};
        if (s) {
            tex.sprite_id = (uint16_t)s->id;
            if (s->mode == RM_CD_LUT16) {
                tex.mode = RM_SGL_TEXTURE_LUT;
                tex.lut_colno = (uint16_t)(s->address / 8u);   /* the LUT's offset / 8 */
            } else if (s->mode == RM_CD_PAL256) {
                tex.mode = RM_SGL_TEXTURE_8BIT;
            }
        }
        uint16_t gstb = 0;
        if (info->polygon_gouraud && info->polygon_gouraud[p] >= 0) {
            const rm_cd_sprite *g = rm_cd_sprite_at(cd, info->polygon_gouraud[p]);
            if (g)
                gstb = (uint16_t)(g->address / 8u);
        }
        rm_sgl_attr a = rm_sgl_attr_of(&mat, &tex, gstb, info->for_lights);
        fputs(p ? ",\n    " : "\n    ", stdout);
        printf("{\"flag\": %u, \"sort\": %u, \"texno\": %u, \"atrb\": %u, \"colno\": %u, \"gstb\": %u, \"dir\": %u}",
               a.flag, a.sort, a.texno, a.atrb, a.colno, a.gstb, a.dir);
    }
    putchar(']');
}

/* ---- drawing ---- */

/* m := view x (bone matrix): rows 0..2 turned by the view, row 3 moved by it. */
static void compose(const rm_3d_matrix view, const rm_fixed (*bone)[3], rm_fixed out[4][3])
{
    for (int r = 0; r < 3; r++) {
        rm_vec3x v = rm_3d_rotate_vector(view, (rm_vec3x){bone[r][0], bone[r][1], bone[r][2]});
        out[r][0] = v.x;
        out[r][1] = v.y;
        out[r][2] = v.z;
    }
    rm_vec3x t = rm_3d_transform_point(view, (rm_vec3x){bone[3][0], bone[3][1], bone[3][2]});
    out[3][0] = t.x;
    out[3][1] = t.y;
    out[3][2] = t.z;
}

static bool draw_once(const rm_3d_pose *pose, matrices *mx, rm_3d_collect *c)
{
    rm_3d_draw_target target = rm_3d_collect_target(c);
    rm_status st;
    if (rm_3d_model_bone_count(model) > 0)
        st = rm_3d_model_draw_pose(model, pose, keep_matrix, mx, &target);
    else
        st = rm_3d_model_draw(model, &target);
    return st == RM_OK;
}

static unsigned runs(const rm_3d_collect *c)
{
    unsigned n = 0;
    for (uint32_t i = 0; i < c->polygon_count; i++)
        if (i == 0 || c->polygons[i].index != c->polygons[i - 1].index + 1)
            n++;
    return n;
}

static bool print_draw(const rm_3d_pose *pose, uint32_t hide, const int *view, bool has_view)
{
    rm_3d_matrix v;
    rm_3d_matrix_identity(v);
    if (has_view) {
        rm_3d_matrix_translate(v, (rm_vec3x){view[0], view[1], view[2]});
        rm_3d_matrix_rotate_x(v, view[3]);
        rm_3d_matrix_rotate_y(v, view[4]);
        rm_3d_matrix_rotate_z(v, view[5]);
    }
    static matrices mx;
    memset(&mx, 0, sizeof mx);
    rm_3d_collect c;
    rm_3d_collect_init(&c);
    if (hide)
        rm_3d_model_set_hidden_bones(model, hide);
    if (!draw_once(pose, &mx, &c)) {
        rm_3d_collect_free(&c);
        return false;
    }
    fputs(",\n\"drawn\": [", stdout);
    for (uint32_t i = 0; i < c.polygon_count; i++) {
        const rm_3d_draw_polygon *q = &c.polygons[i];
        fputs(i ? ",\n    " : "\n    ", stdout);
        printf("{\"polygon\": %u, \"corners\": [", (unsigned)q->index);
        for (int k = 0; k < 4; k++) {
            if (k)
                fputs(", ", stdout);
            if (q->v[k] >= c.point_count) {
                fputs("null", stdout);
                continue;
            }
            rm_vec3x p = rm_3d_transform_point(v, c.points[q->v[k]]);
            print3(p.x, p.y, p.z);
        }
        fputs("]}", stdout);
    }
    /* A model without polygons: the engine still makes its one call. */
    printf("],\n\"puts\": %u", c.polygon_count ? runs(&c) : (rm_3d_model_polygon_count(model) ? 0u : 1u));
    uint32_t bones = rm_3d_model_bone_count(model);
    if (bones > 0) {
        fputs(",\n\"bone_matrices\": [", stdout);
        for (uint32_t b = 0; b < bones && b < RM_3D_MAX_BONES; b++) {
            rm_fixed out[4][3];
            compose(v, (const rm_fixed(*)[3])mx.m[b], out);
            fputs(b ? ",\n    " : "\n    ", stdout);
            print_matrix((const rm_fixed(*)[3])out);
        }
        putchar(']');
    }
    if (!draw_once(pose, &mx, &c)) {
        rm_3d_collect_free(&c);
        return false;
    }
    printf(",\n\"puts_after\": %u, \"polygons_after\": %u", c.polygon_count ? runs(&c) : 1u,
           (unsigned)c.polygon_count);
    rm_3d_collect_free(&c);
    return true;
}

/* ---- sprites ---- */

static unsigned color_mode(rm_cd_color_mode m)
{
    switch (m) {
    case RM_CD_LUT16: return 3;    /* COL_16 */
    case RM_CD_PAL256: return 2;   /* COL_256 */
    default: return 1;             /* COL_32K: RGB555, gouraud tables */
    }
}

static void print_sprites(rm_cd *cd, const rm_cd_model_info *info, bool from_cd)
{
    int n = rm_cd_sprite_count(cd);
    fputs(",\n\"sprites\": [", stdout);
    for (int i = 0; i < n; i++) {
        const rm_cd_sprite *s = rm_cd_sprite_at(cd, i);
        fputs(i ? ",\n    " : "\n    ", stdout);
        printf("{\"id\": %d, \"address\": %u, \"reserved\": %u, \"cgadr\": %u, \"hsize\": %u, \"vsize\": %u, "
               "\"color_mode\": %u}",
               s->id, (unsigned)s->address, (unsigned)s->reserved, (unsigned)(s->texel_address / 8u),
               (unsigned)s->width, (unsigned)s->height, color_mode(s->mode));
    }
    rm_cd_stats st;
    rm_cd_get_stats(cd, &st);
    printf("],\n\"vram_next\": %u", (unsigned)(st.vram_start + st.vram_used));
    if (from_cd)
        printf(",\n\"heap\": %u", (unsigned)info->heap_bytes);
    fputs(",\n\"textures\": [", stdout);
    for (uint32_t t = 0; t < info->texture_count; t++)
        printf(t ? ", %d" : "%d", info->textures[t].sprite);
    printf("],\n\"gouraud_tables\": %u, \"gstb\": [", (unsigned)info->gouraud_tables);
    for (uint32_t p = 0; p < info->polygons; p++) {
        unsigned g = 0;
        if (info->polygon_gouraud && info->polygon_gouraud[p] >= 0)
            g = rm_cd_sprite_at(cd, info->polygon_gouraud[p])->address / 8u;
        printf(p ? ", %u" : "%u", g);
    }
    putchar(']');
}

int main(int argc, char **argv)
{
    const char *cd_dir = NULL, *path = NULL, *anim_name = NULL, *blend_arg = NULL;
    bool for_lights = false, want_draw = false, want_sprites = false, has_view = false, has_times = false;
    int time = 0, view[6] = {0, 0, 0, 0, 0, 0};
    static int times[MAX_TIMES];
    int time_count = 0;
    uint32_t hide = 0;
    char blend_name[256];

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--for-lights"))
            for_lights = true;
        else if (!strcmp(a, "--draw"))
            want_draw = true;
        else if (!strcmp(a, "--sprites"))
            want_sprites = true;
        else if (!strcmp(a, "--cd") || !strcmp(a, "--anim") || !strcmp(a, "--time") || !strcmp(a, "--blend") ||
                 !strcmp(a, "--times") || !strcmp(a, "--hide") || !strcmp(a, "--view")) {
            if (!v)
                return usage("an option without its value");
            i++;
            if (!strcmp(a, "--cd"))
                cd_dir = v;
            else if (!strcmp(a, "--anim"))
                anim_name = v;
            else if (!strcmp(a, "--blend"))
                blend_arg = v;
            else if (!strcmp(a, "--time")) {
                if (!parse_int(v, &time))
                    return usage("--time takes a whole number of ticks");
            } else if (!strcmp(a, "--times")) {
                time_count = parse_list(v, times, MAX_TIMES);
                if (time_count < 0)
                    return usage("--times takes whole numbers separated by commas");
                has_times = true;
            } else if (!strcmp(a, "--hide")) {
                char *end;
                errno = 0;
                unsigned long long m = strtoull(v, &end, 0);
                if (errno || end == v || *end || m > 0xFFFFFFFFull)
                    return usage("--hide takes a mask (decimal or 0x hexadecimal)");
                hide = (uint32_t)m;
            } else if (parse_list(v, view, 6) != 6) {
                return usage("--view takes TX,TY,TZ,AX,AY,AZ");
            } else {
                has_view = true;
            }
        } else if (a[0] == '-' && a[1]) {
            return usage("unknown option");
        } else if (path) {
            return usage("one model at a time");
        } else {
            path = a;
        }
    }
    if (!path)
        return usage("no model given");
    if (for_lights && !cd_dir)
        return usage("--for-lights loads from the CD: give --cd DIR");
    if (blend_arg && !parse_blend(blend_arg, blend_name, sizeof blend_name, &weight))
        return usage("--blend takes NAME:W with W from 0 to 1");

    /* The folder that is the CD and the name in it. */
    char folder[4096];
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    if (cd_dir) {
        snprintf(folder, sizeof folder, "%s", cd_dir);
    } else if (slash) {
        size_t len = (size_t)(slash - path);
        if (len >= sizeof folder)
            return usage("path too long");
        memcpy(folder, path, len);
        folder[len] = 0;
        if (len == 0)
            strcpy(folder, "/");
    } else {
        strcpy(folder, ".");
    }
    char file[8192];
    snprintf(file, sizeof file, "%s/%s", folder, name);

    rm_diag diag;
    rm_diag_init(&diag);
    model = rm_3d_load_model(cd_dir ? file : path, &diag);
    if (!model) {
        rm_diag_print(&diag, stderr, 0);
        rm_diag_free(&diag);
        return 1;
    }
    if (anim_name && (anim = rm_3d_model_find_animation(model, anim_name)) < 0) {
        fprintf(stderr, "host_model: %s: no animation '%s'\n", path, anim_name);
        return 1;
    }
    if (blend_arg && (blend = rm_3d_model_find_animation(model, blend_name)) < 0) {
        fprintf(stderr, "host_model: %s: no animation '%s'\n", path, blend_name);
        return 1;
    }
    rm_cd *cd = rm_cd_open(folder, NULL, &diag);
    int handle = cd ? rm_cd_load_model(cd, name, for_lights, &diag) : -1;
    const rm_cd_model_info *info = handle >= 0 ? rm_cd_model(cd, handle) : NULL;
    if (!info) {
        rm_diag_print(&diag, stderr, 0);
        rm_diag_free(&diag);
        rm_cd_close(cd);
        rm_3d_free_model(model);
        return 1;
    }

    fputs("{\"pose\": ", stdout);
    print_pose_at(time);
    if (has_times) {
        fputs(",\n\"poses\": [", stdout);
        for (int i = 0; i < time_count; i++) {
            fputs(i ? ",\n  " : "\n  ", stdout);
            print_pose_at(times[i]);
        }
        putchar(']');
    }
    print_attributes(cd, info);
    int status = 0;
    if (want_draw) {
        rm_3d_pose pose;
        pose_at(time, &pose);
        if (!print_draw(&pose, hide, view, has_view))
            status = 1;
    }
    if (want_sprites)
        print_sprites(cd, info, cd_dir != NULL);
    fputs("}\n", stdout);
    rm_cd_close(cd);
    rm_3d_free_model(model);
    rm_diag_free(&diag);
    return status;
}
