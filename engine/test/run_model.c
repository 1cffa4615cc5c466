/* engine/test/run_model.c - the model runner behind engine/run.sh: loads a
   JOM with the model module on the SuperH CPU (qemu-sh4eb, the test double
   in place of Jo and SGL) and prints what the module computed as one JSON
   document (the format of .helpers/RULES.md "Output of the runners").

   run_model [--cd DIR] [--for-lights] MODEL.JOM [--anim NAME] [--time T]
             [--blend NAME:W] [--times A,B,...] [--draw] [--hide MASK]
             [--view TX,TY,TZ,AX,AY,AZ] [--sprites]

   - Without --cd: the file is read with rt_read_file() and given to
     jo_3d_create_model_in_place(); the folder of MODEL.JOM stands for the
     CD's current directory (its TEXT textures are loaded from there).
     With --cd DIR: DIR is the CD and jo_3d_load_model(NAME) (or
     __jo_3d_load_model_for_lights(NAME) with --for-lights) loads NAME, the
     last part of MODEL.JOM.
   - "pose": what `retromesh pose --json` prints, without "degrees": the
     pose of --anim (absent: the pose of the OBJ) at --time ticks, blended
     with --blend's animation at the same time (W from 0 to 1, 256 x W
     rounded as the CLI does), the matrices given to the bone callback of
     jo_3d_model_draw_pose() under the identity matrix.
   - "poses": with --times, one such object per time.
   - "attributes": the ATTR of each polygon (model->mesh->data.attbl, in
     QUAD order).
   - --draw: "drawn", per polygon given to slPutPolygon (in put order) its
     index in QUAD and its 4 corners as drawn: pntbl[v] by the matrix the
     double recorded with the call (64-bit sums of products, bits 16..47:
     the host's rm_3d_transform_point); "puts" (slPutPolygon calls);
     "bone_matrices" (the callback's matrices during that draw);
     "puts_after", "polygons_after" (a second draw: the hidden bones are
     cleared by the first). --hide MASK (decimal or 0x hex):
     jo_3d_model_set_hidden_bones(MASK) before the draw. --view: the
     caller's matrix during the draw: slTranslate(TX, TY, TZ) (raw
     Q16.16), slRotX(AX), slRotY(AY), slRotZ(AZ) (raw angles).
   - --sprites: "sprites" (each sprite of the double: id, address, the VRAM
     it reserves (bytes rounded up to 32), cgadr, hsize, vsize of
     __jo_sprite_def, color_mode of __jo_sprite_pic, and "added": width,
     height, bytes, color mode as given to jo_sprite_add*),
     "vram_next", "textures" (model->textures), "gouraud_tables" and
     "gstb" (per polygon); with --cd also "heap" (the size of the file's
     block: double_block_size(model->file)) and "heap_blocks" (live blocks
     of Jo's heap after the load).

   Exit status: 0 printed; 1 the model was refused (the module's messages
   on stderr) or an unknown animation; 2 usage; 3 the file cannot be read;
   4 a defect recorded by the double (printed on stderr; the JSON is still
   printed when there is one). */
#include "double.h"
#include "model_internal.h"

/* ---- small helpers ---- */

static int usage(const char *why)
{
    rt_eprintf("run_model: %s\n", why);
    rt_eprint("usage: run_model [--cd DIR] [--for-lights] MODEL.JOM [--anim NAME] [--time T] [--blend NAME:W]\n"
              "                 [--times A,B,...] [--draw] [--hide MASK] [--view TX,TY,TZ,AX,AY,AZ] [--sprites]\n");
    rt_flush();
    return 2;
}

/* A decimal integer (optional '-') that is the whole string. */
static bool parse_int(const char *s, int *out)
{
    bool neg = false;
    long long v = 0;
    if (*s == '-')
    {
        neg = true;
        s++;
    }
    if (!*s)
        return false;
    for (; *s; s++)
    {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (*s - '0');
        if (v > 2147483648LL)
            return false;
    }
    if (neg)
        v = -v;
    if (v > 2147483647LL || v < -2147483647LL - 1)
        return false;
    *out = (int)v;
    return true;
}

/* A mask: decimal or 0x hexadecimal, 32 bits. */
static bool parse_mask(const char *s, unsigned int *out)
{
    unsigned long long v = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
        s += 2;
        if (!*s)
            return false;
        for (; *s; s++)
        {
            int d;
            if (*s >= '0' && *s <= '9')
                d = *s - '0';
            else if (*s >= 'a' && *s <= 'f')
                d = *s - 'a' + 10;
            else if (*s >= 'A' && *s <= 'F')
                d = *s - 'A' + 10;
            else
                return false;
            v = (v << 4) | (unsigned int)d;
            if (v > 0xFFFFFFFFull)
                return false;
        }
    }
    else
    {
        if (!*s)
            return false;
        for (; *s; s++)
        {
            if (*s < '0' || *s > '9')
                return false;
            v = v * 10 + (unsigned int)(*s - '0');
            if (v > 0xFFFFFFFFull)
                return false;
        }
    }
    *out = (unsigned int)v;
    return true;
}

/* "A,B,C": up to `max` integers. */
static int parse_list(const char *s, int *out, int max)
{
    char item[16];
    int n = 0;
    while (*s)
    {
        unsigned int k = 0;
        while (*s && *s != ',')
        {
            if (k + 1 >= sizeof item)
                return -1;
            item[k++] = *s++;
        }
        item[k] = 0;
        if (n >= max || !parse_int(item, &out[n]))
            return -1;
        n++;
        if (*s == ',')
        {
            s++;
            if (!*s)
                return -1;
        }
    }
    return n;
}

/* "NAME:W", W from 0 to 1 in decimal: the weight 256 x W rounded to the
   nearest, halves up (the CLI's lround of a positive number). */
static bool parse_blend(const char *s, char name[64], int *weight)
{
    int colon = -1;
    for (int i = 0; s[i]; i++)
        if (s[i] == ':')
            colon = i;
    if (colon <= 0 || colon >= 63)
        return false;
    for (int i = 0; i < colon; i++)
        name[i] = s[i];
    name[colon] = 0;
    const char *w = s + colon + 1;
    unsigned long long whole = 0, frac = 0, scale = 1;
    int digits = 0;
    while (*w >= '0' && *w <= '9')
    {
        whole = whole * 10 + (unsigned int)(*w - '0');
        if (whole > 1)
            return false;
        w++;
        digits++;
    }
    if (*w == '.')
    {
        w++;
        while (*w >= '0' && *w <= '9')
        {
            if (scale < 1000000000ull)
            {
                frac = frac * 10 + (unsigned int)(*w - '0');
                scale *= 10;
            }
            w++;
            digits++;
        }
    }
    if (*w || digits == 0)
        return false;
    if (whole == 1 && frac != 0)
        return false;
    /* round(frac / scale * 256) = floor((frac * 512 + scale) / (2 * scale)) */
    *weight = (int)(whole * 256 + (frac * 512 + scale) / (2 * scale));
    return true;
}

/* A name of 16 bytes as the CLI prints it (tools/cmd_pose.c name_text),
   then as a JSON string: printable ASCII kept, '\' as "\\", other bytes
   as the text \xHH. */
static void print_name(const char *name)
{
    rt_print("\"");
    for (int i = 0; i < 16 && name[i]; i++)
    {
        unsigned char c = (unsigned char)name[i];
        if (c == '\\')
            rt_print("\\\\\\\\");
        else if (c == '"')
            rt_print("\\\"");
        else if (c >= 32 && c < 127)
            rt_printf("%c", c);
        else
            rt_printf("\\\\x%02x", c);
    }
    rt_print("\"");
}

static void print3(int a, int b, int c)
{
    rt_printf("[%d, %d, %d]", a, b, c);
}

static void print_matrix(const jo_fixed (*m)[3])
{
    rt_print("[");
    for (int r = 0; r < 4; r++)
    {
        if (r)
            rt_print(", ");
        print3(m[r][0], m[r][1], m[r][2]);
    }
    rt_print("]");
}

/* The host's rm_3d_transform_point (src/runtime/math.c): p as a row
   vector by m's rotation rows, a 64-bit sum of the 3 products with bits
   16..47 kept, then the translation row added (32-bit wrap). */
static int transform(const FIXED (*m)[3], const FIXED *p, int axis)
{
    unsigned long long sum = (unsigned long long)((long long)p[0] * m[0][axis]) +
                             (unsigned long long)((long long)p[1] * m[1][axis]) +
                             (unsigned long long)((long long)p[2] * m[2][axis]);
    unsigned int turned = (unsigned int)(sum >> 16);
    return (int)(turned + (unsigned int)m[3][axis]);
}

/* ---- the callback ---- */

typedef struct
{
    int calls;
    int order_ok;
    jo_fixed m[JO_3D_MAX_BONES][4][3];
} matrices;

static void keep_matrix(const int bone, void *const param, const jo_fixed (*const matrix)[3])
{
    matrices *all = (matrices *)param;
    if (bone != all->calls)
        all->order_ok = 0;
    all->calls++;
    if (bone >= 0 && bone < JO_3D_MAX_BONES)
        rt_memcpy(all->m[bone], matrix, sizeof all->m[bone]);
}

/* ---- the run ---- */

static const jo_3d_model *model;
static int anim = -1, blend = -1, weight;
static unsigned int defects_seen;

static void defect(const char *what, int value)
{
    rt_eprintf("run_model: defect: %s (%d)\n", what, value);
    defects_seen++;
}

/* Draws (the pose of the OBJ for a model without bones: jo_3d_model_draw)
   under the current matrix; the callback's matrices in `mx`. */
static void draw(const jo_3d_pose *pose, matrices *mx)
{
    int depth = double_matrix_depth();
    mx->calls = 0;
    mx->order_ok = 1;
    if (model->bone_count > 0)
        jo_3d_model_draw_pose(model, pose, keep_matrix, mx);
    else
        jo_3d_model_draw(model);
    if (double_matrix_depth() != depth)
        defect("the matrix stack depth changed during a draw", double_matrix_depth() - depth);
    if (model->bone_count > 0 && (mx->calls != (int)model->bone_count || !mx->order_ok))
        defect("the bone callback was not called once per bone in bone order", mx->calls);
}

static void print_pose_at(int time)
{
    jo_3d_pose pose;
    static matrices mx;
    jo_3d_model_get_pose(model, anim, time, &pose);
    if (blend >= 0)
    {
        jo_3d_pose other;
        jo_3d_model_get_pose(model, blend, time, &other);
        jo_3d_pose_blend(model, &pose, &other, weight);
    }
    rt_memset(&mx, 0, sizeof mx);
    if (model->bone_count > 0)
    {
        draw(&pose, &mx);
        double_clear_puts();
    }
    rt_print("{\"animation\": ");
    if (anim >= 0)
        print_name(model->animations[anim].name);
    else
        rt_print("null");
    rt_printf(", \"time\": %d, \"root\": ", time);
    print3(pose.root.x, pose.root.y, pose.root.z);
    rt_print(", \"bones\": [");
    for (unsigned int b = 0; b < model->bone_count && b < JO_3D_MAX_BONES; b++)
    {
        rt_print(b ? ",\n    " : "\n    ");
        rt_print("{\"name\": ");
        print_name(model->bones[b].name);
        rt_print(", \"angles\": ");
        print3(pose.angles[b][0], pose.angles[b][1], pose.angles[b][2]);
        rt_print(", \"matrix\": ");
        print_matrix((const jo_fixed(*)[3])mx.m[b]);
        rt_print("}");
    }
    rt_print("]}");
}

static void print_attributes(void)
{
    const PDATA *d = &model->mesh->data;
    rt_print(",\n\"attributes\": [");
    for (unsigned int p = 0; p < d->nbPolygon; p++)
    {
        const ATTR *a = &d->attbl[p];
        rt_print(p ? ",\n    " : "\n    ");
        rt_printf("{\"flag\": %u, \"sort\": %u, \"texno\": %u, \"atrb\": %u, \"colno\": %u, \"gstb\": %u, \"dir\": %u}",
                  a->flag, a->sort, a->texno, a->atrb, a->colno, a->gstb, a->dir);
    }
    rt_print("]");
}

/* The polygons put since the last double_clear_puts(): their count. With
   `print`, "drawn" entries (the caller prints the brackets). */
static unsigned int print_puts(bool print, unsigned int *polygons)
{
    const PDATA *base = model->bone_count > 0 ? &model->mesh[1].data : &model->mesh[0].data;
    unsigned int n = 0;
    *polygons = 0;
    for (unsigned int i = 0; i < double_put_count(); i++)
    {
        const double_put *put = double_put_at(i);
        const PDATA *d = &put->pdata;
        if (d->pltbl < base->pltbl || d->pltbl + d->nbPolygon > base->pltbl + base->nbPolygon)
        {
            defect("slPutPolygon: polygons outside the model's", (int)i);
            continue;
        }
        unsigned int first = (unsigned int)(d->pltbl - base->pltbl);
        if (d->attbl != base->attbl + first)
            defect("slPutPolygon: the ATTR table is not the one of its polygons", (int)i);
        if (d->pntbl != base->pntbl || d->nbPoint != base->nbPoint)
            defect("slPutPolygon: not the model's posed points", (int)i);
        *polygons += d->nbPolygon;
        for (unsigned int k = 0; k < d->nbPolygon; k++)
        {
            const POLYGON *q = &d->pltbl[k];
            if (!print)
                continue;
            rt_print(n ? ",\n    " : "\n    ");
            rt_printf("{\"polygon\": %u, \"corners\": [", first + k);
            for (int c = 0; c < 4; c++)
            {
                unsigned int v = q->Vertices[c];
                if (c)
                    rt_print(", ");
                if (v >= d->nbPoint)
                {
                    defect("slPutPolygon: a corner past the points", (int)v);
                    rt_print("null");
                    continue;
                }
                const FIXED *pt = d->pntbl[v];
                const FIXED(*m)[3] = (const FIXED(*)[3])put->matrix;
                print3(transform(m, pt, 0), transform(m, pt, 1), transform(m, pt, 2));
            }
            rt_print("]}");
            n++;
        }
    }
    return double_put_count();
}

static void draw_and_print(const jo_3d_pose *pose, unsigned int hide, const int *view, bool has_view)
{
    static matrices mx;
    unsigned int polygons;
    double_clear_puts();
    slPushMatrix();
    if (has_view)
    {
        slTranslate(view[0], view[1], view[2]);
        slRotX((ANGLE)view[3]);
        slRotY((ANGLE)view[4]);
        slRotZ((ANGLE)view[5]);
    }
    if (hide)
        jo_3d_model_set_hidden_bones(hide);
    rt_memset(&mx, 0, sizeof mx);
    draw(pose, &mx);
    rt_print(",\n\"drawn\": [");
    unsigned int puts = print_puts(true, &polygons);
    rt_printf("],\n\"puts\": %u", puts);
    if (model->bone_count > 0)
    {
        rt_print(",\n\"bone_matrices\": [");
        for (unsigned int b = 0; b < model->bone_count && b < JO_3D_MAX_BONES; b++)
        {
            rt_print(b ? ",\n    " : "\n    ");
            print_matrix((const jo_fixed(*)[3])mx.m[b]);
        }
        rt_print("]");
    }
    /* a second draw: the mask of the first is gone */
    double_clear_puts();
    draw(pose, &mx);
    puts = print_puts(false, &polygons);
    rt_printf(",\n\"puts_after\": %u, \"polygons_after\": %u", puts, polygons);
    double_clear_puts();
    slPopMatrix();
}

static void print_sprites(bool from_cd, unsigned int blocks)
{
    unsigned int n = double_sprite_count();
    rt_print(",\n\"sprites\": [");
    for (unsigned int i = 0; i < n; i++)
    {
        const double_sprite *s = double_sprite_at((int)i);
        rt_print(i ? ",\n    " : "\n    ");
        if (!s)
        {
            rt_print("null");
            continue;
        }
        /* The table entry and the color mode the engine draws with, and
           the VRAM the sprite takes (its bytes rounded up to 32); "added"
           is the sprite as given to Jo (a 16-color texture or a gouraud
           table is added as a room of another shape, then its entry is
           set: engine/model_texture.c), which only the engine has. */
        rt_printf("{\"id\": %d, \"address\": %u, \"reserved\": %u", s->id, s->address, (s->bytes + 31u) & ~31u);
        if (i < JO_MAX_SPRITE)
            rt_printf(", \"cgadr\": %u, \"hsize\": %u, \"vsize\": %u, \"color_mode\": %u", __jo_sprite_def[i].adr,
                      __jo_sprite_def[i].width, __jo_sprite_def[i].height, __jo_sprite_pic[i].color_mode);
        rt_printf(", \"added\": {\"width\": %u, \"height\": %u, \"bytes\": %u, \"color_mode\": %u}}", s->width,
                  s->height, s->bytes, s->color_mode);
    }
    rt_printf("],\n\"vram_next\": %u", double_vram_next());
    if (from_cd)
        rt_printf(",\n\"heap\": %u, \"heap_blocks\": %u", double_block_size(model->file), blocks);
    rt_print(",\n\"textures\": [");
    for (unsigned int t = 0; t < model->texture_count; t++)
        rt_printf(t ? ", %d" : "%d", model->textures[t]);
    rt_printf("],\n\"gouraud_tables\": %u, \"gstb\": [", model->gouraud_tables);
    const PDATA *d = &model->mesh->data;
    for (unsigned int p = 0; p < d->nbPolygon; p++)
        rt_printf(p ? ", %u" : "%u", d->attbl[p].gstb);
    rt_print("]");
}

static int finish(int status)
{
    for (unsigned int i = 0; i < double_defect_count(); i++)
        rt_eprintf("run_model: defect: %s\n", double_defect_at(i));
    rt_flush();
    if (double_defect_count() > 0 || defects_seen > 0)
        return 4;
    return status;
}

static void refused(void)
{
    unsigned int n = double_error_count();
    if (n == 0)
    {
        const char *last = __jo_module_last_error();
        if (last && last[0])
            rt_eprintf("%s\n", last);
        else
            rt_eprint("run_model: the model was refused, with no message\n");
    }
    for (unsigned int i = 0; i < n; i++)
        rt_eprintf("%s\n", double_error_at(i));
}

/* The folder part of a path (".": none) and its last part. */
static char folder[256];
static const char *split(const char *path)
{
    int slash = -1;
    for (int i = 0; path[i]; i++)
        if (path[i] == '/')
            slash = i;
    if (slash < 0)
    {
        folder[0] = '.';
        folder[1] = 0;
        return path;
    }
    if (slash >= (int)sizeof folder)
        slash = (int)sizeof folder - 1;
    for (int i = 0; i < slash; i++)
        folder[i] = path[i];
    folder[slash > 0 ? slash : 1] = 0;
    if (slash == 0)
        folder[0] = '/';
    return path + slash + 1;
}

#define MAX_TIMES 256

int main(int argc, char **argv)
{
    const char *cd = JO_NULL, *path = JO_NULL, *anim_name = JO_NULL, *blend_arg = JO_NULL;
    bool for_lights = false, want_draw = false, want_sprites = false, has_view = false, has_times = false;
    int time = 0, view[6] = {0, 0, 0, 0, 0, 0};
    static int times[MAX_TIMES];
    int time_count = 0;
    unsigned int hide = 0;
    static char blend_name[64];

    for (int i = 1; i < argc; i++)
    {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : JO_NULL;
        if (!rt_strcmp(a, "--for-lights"))
            for_lights = true;
        else if (!rt_strcmp(a, "--draw"))
            want_draw = true;
        else if (!rt_strcmp(a, "--sprites"))
            want_sprites = true;
        else if (!rt_strcmp(a, "--cd") || !rt_strcmp(a, "--anim") || !rt_strcmp(a, "--time") ||
                 !rt_strcmp(a, "--blend") || !rt_strcmp(a, "--times") || !rt_strcmp(a, "--hide") ||
                 !rt_strcmp(a, "--view"))
        {
            if (!v)
                return usage("an option without its value");
            i++;
            if (!rt_strcmp(a, "--cd"))
                cd = v;
            else if (!rt_strcmp(a, "--anim"))
                anim_name = v;
            else if (!rt_strcmp(a, "--blend"))
                blend_arg = v;
            else if (!rt_strcmp(a, "--time"))
            {
                if (!parse_int(v, &time))
                    return usage("--time takes a whole number of ticks");
            }
            else if (!rt_strcmp(a, "--times"))
            {
                time_count = parse_list(v, times, MAX_TIMES);
                if (time_count < 0)
                    return usage("--times takes whole numbers separated by commas");
                has_times = true;
            }
            else if (!rt_strcmp(a, "--hide"))
            {
                if (!parse_mask(v, &hide))
                    return usage("--hide takes a mask (decimal or 0x hexadecimal)");
            }
            else if (parse_list(v, view, 6) != 6)
                return usage("--view takes TX,TY,TZ,AX,AY,AZ");
            else
                has_view = true;
        }
        else if (a[0] == '-' && a[1])
            return usage("unknown option");
        else if (path)
            return usage("one model at a time");
        else
            path = a;
    }
    if (!path)
        return usage("no model given");
    if (for_lights && !cd)
        return usage("--for-lights loads from the CD: give --cd DIR");
    if (blend_arg && !parse_blend(blend_arg, blend_name, &weight))
        return usage("--blend takes NAME:W with W from 0 to 1");

    const char *name = split(path);
    jo_3d_model *m;
    if (cd)
    {
        double_set_cd(cd);
        m = for_lights ? __jo_3d_load_model_for_lights(name) : jo_3d_load_model(name);
    }
    else
    {
        unsigned int size = 0;
        unsigned char *data = rt_read_file(path, &size);
        if (!data)
        {
            rt_eprintf("run_model: cannot read %s\n", path);
            rt_flush();
            return 3;
        }
        double_set_cd(folder);
        m = jo_3d_create_model_in_place(data, size);
    }
    if (!m)
    {
        refused();
        /* A refused load gives back what it took from Jo's heap. */
        if (double_block_count() != 0)
            defect("Jo heap blocks still live after a refused load", (int)double_block_count());
        return finish(1);
    }
    model = m;
    if (anim_name && (anim = jo_3d_model_find_animation(model, anim_name)) < 0)
    {
        rt_eprintf("run_model: %s: no animation '%s'\n", path, anim_name);
        return finish(1);
    }
    if (blend_arg && (blend = jo_3d_model_find_animation(model, blend_name)) < 0)
    {
        rt_eprintf("run_model: %s: no animation '%s'\n", path, blend_name);
        return finish(1);
    }
    /* Captured right after the load, before any draw. */
    unsigned int blocks_after_load = double_block_count();

    rt_print("{\"pose\": ");
    print_pose_at(time);
    if (has_times)
    {
        rt_print(",\n\"poses\": [");
        for (int i = 0; i < time_count; i++)
        {
            rt_print(i ? ",\n  " : "\n  ");
            print_pose_at(times[i]);
        }
        rt_print("]");
    }
    print_attributes();
    if (want_draw)
    {
        jo_3d_pose pose;
        jo_3d_model_get_pose(model, anim, time, &pose);
        if (blend >= 0)
        {
            jo_3d_pose other;
            jo_3d_model_get_pose(model, blend, time, &other);
            jo_3d_pose_blend(model, &pose, &other, weight);
        }
        draw_and_print(&pose, hide, view, has_view);
    }
    if (want_sprites)
        print_sprites(cd != JO_NULL, blocks_after_load);
    rt_print("}\n");

    jo_3d_free_model(m);
    if (double_block_count() != 0)
        defect("Jo heap blocks still live after jo_3d_free_model", (int)double_block_count());
    return finish(0);
}
