/* tests/engine_pose/pose_script.c - what the differential test of the
   poses does, the same on both sides (see pose_script.h). Every line it
   prints comes from the side's own API: the SuperH side from
   engine/model_pose.c on the test double, the host side from
   src/runtime. */
#include "pose_script.h"

static unsigned int ps_length(const char *s)
{
    unsigned int n = 0;
    while (s[n] != '\0')
        n++;
    return n;
}

static void ps_copy(char *dst, const char *src, unsigned int cap)
{
    unsigned int i = 0;
    for (; i + 1 < cap && src[i] != '\0'; i++)
        dst[i] = src[i];
    dst[i] = '\0';
}

static unsigned int ps_be32(const unsigned char *p)
{
    return ((unsigned int)p[0] << 24) | ((unsigned int)p[1] << 16) | ((unsigned int)p[2] << 8) | p[3];
}

int ps_patch_zero_ticks(unsigned char *data, unsigned int size, unsigned int animation)
{
    unsigned int at = 24;
    while (at + 8 <= size)
    {
        unsigned int chunk = ps_be32(data + at + 4);
        if (data[at] == 'A' && data[at + 1] == 'N' && data[at + 2] == 'I' && data[at + 3] == 'M')
        {
            unsigned int count, rec;
            if (at + 12 > size)
                return 0;
            count = ps_be32(data + at + 8);
            if (animation >= count)
                return 0;
            rec = at + 12 + 28 * animation;
            if (rec + 28 > size)
                return 0;
            data[rec + 18] = 0;
            data[rec + 19] = 0;
            return 1;
        }
        if (chunk > size - at - 8)
            return 0;
        at += 8 + chunk;
    }
    return 0;
}

/* ---- printing ---- */

static void ps_print_pose(const char *what, const ps_pose *p)
{
    unsigned int b;
    ps_printf("%s root %d %d %d angles", what, p->root[0], p->root[1], p->root[2]);
    for (b = 0; b < PS_MAX_BONES; b++)
        ps_printf(" %d %d %d", p->angles[b][0], p->angles[b][1], p->angles[b][2]);
    ps_printf("\n");
}

static void ps_print_draw(const ps_draw *d)
{
    unsigned int i, j, k;
    ps_printf("  callbacks %u\n", d->callbacks);
    for (i = 0; i < d->callbacks && i < PS_MAX_BONES; i++)
    {
        ps_printf("  bone %d", d->callback_bone[i]);
        for (j = 0; j < 4; j++)
            for (k = 0; k < 3; k++)
                ps_printf(" %d", d->matrix[i][j][k]);
        ps_printf("\n");
    }
    ps_printf("  puts %u:", d->puts);
    for (i = 0; i < d->puts && i < PS_MAX_POLYGONS; i++)
        ps_printf(" %u", d->put_length[i]);
    ps_printf("\n");
    for (i = 0; i < d->polygons && i < PS_MAX_POLYGONS; i++)
    {
        const ps_polygon *p = &d->polygon[i];
        ps_printf("  polygon %u", p->index);
        for (j = 0; j < 4; j++)
            ps_printf(" %d %d %d", p->corners[j][0], p->corners[j][1], p->corners[j][2]);
        if (d->has_normal)
            ps_printf(" normal %d %d %d", p->normal[0], p->normal[1], p->normal[2]);
        ps_printf("\n");
    }
}

/* ---- names ---- */

static void ps_case(char *dst, const char *src, int mode)
{
    unsigned int i;
    for (i = 0; src[i] != '\0' && i < 31; i++)
    {
        char c = src[i];
        if (mode == 1 && c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        else if (mode == 2 && c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        else if (mode == 3 && (i & 1) && c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        dst[i] = c;
    }
    dst[i] = '\0';
}

/* The queries made from a stored name: as stored, upper case, lower case,
   every other letter upper, one more character, one less. */
static unsigned int ps_variants(const char *name, char out[6][40])
{
    unsigned int n = ps_length(name), count = 0;
    int mode;
    for (mode = 0; mode < 4; mode++)
        ps_case(out[count++], name, mode);
    ps_copy(out[count], name, 40);
    out[count][n] = 'x';
    out[count][n + 1] = '\0';
    count++;
    if (n > 0)
    {
        ps_copy(out[count], name, 40);
        out[count][n - 1] = '\0';
        count++;
    }
    return count;
}

static const char *const ps_others[] = {"", "nothing", "abcdefghijklmnop", "abcdefghijklmno", "WALK", "walk",
                                        "Walk", "wave", "HIPS", "body", "BODY", "Head_Bone_Long1"};

static void ps_finds(void)
{
    char v[6][40];
    unsigned int i, j, n;

    for (i = 0; i < ps_group_count(); i++)
    {
        n = ps_variants(ps_group_name(i), v);
        for (j = 0; j < n; j++)
            ps_printf("find_group \"%s\" %d\n", v[j], ps_find_group(v[j]));
    }
    for (i = 0; i < ps_bone_count(); i++)
    {
        n = ps_variants(ps_bone_name(i), v);
        for (j = 0; j < n; j++)
            ps_printf("find_bone \"%s\" %d\n", v[j], ps_find_bone(v[j]));
    }
    for (i = 0; i < ps_animation_count(); i++)
    {
        int k;
        n = ps_variants(ps_animation_name(i), v);
        for (j = 0; j < n; j++)
        {
            ps_printf("find_animation \"%s\" %d\n", v[j], ps_find_animation(v[j]));
            for (k = -1; k <= (int)ps_animation_count(); k++)
                ps_printf("is_animation %d \"%s\" %d\n", k, v[j], ps_is_animation(k, v[j]));
        }
    }
    for (i = 0; i < sizeof(ps_others) / sizeof(ps_others[0]); i++)
    {
        int k;
        ps_printf("find \"%s\" group %d bone %d animation %d\n", ps_others[i], ps_find_group(ps_others[i]),
                  ps_find_bone(ps_others[i]), ps_find_animation(ps_others[i]));
        for (k = -1; k <= (int)ps_animation_count(); k++)
            ps_printf("is_animation %d \"%s\" %d\n", k, ps_others[i], ps_is_animation(k, ps_others[i]));
    }
}

/* ---- poses ---- */

static void ps_poses(void)
{
    static const int far_times[] = {2147483647, 2147483646, 1000000007, 65535 * 3 + 1, 65535 * 32767 + 12345};
    ps_pose p;
    char what[64];
    int a, t, step, s, i;

    for (a = -2; a <= (int)ps_animation_count(); a++)
    {
        int d = ps_duration(a);
        int scale = d / 256 + 1;   /* about 500 times at most per animation */
        ps_printf("duration %d %d\n", a, d);
        s = 0;
        for (t = -9; t <= 2 * d + 9; t += step)
        {
            ps_get_pose(a, t, &p);
            what[0] = '\0';
            ps_printf("pose %d %d", a, t);
            ps_print_pose("", &p);
            step = (1 + s % 7) * scale;   /* steps of 1 to 7 ticks (times the scale for long animations) */
            s++;
        }
        for (i = 0; i < (int)(sizeof(far_times) / sizeof(far_times[0])); i++)
        {
            ps_get_pose(a, far_times[i], &p);
            ps_printf("pose %d %d", a, far_times[i]);
            ps_print_pose("", &p);
        }
        ps_get_pose(a, -2147483647 - 1, &p);
        ps_printf("pose %d min", a);
        ps_print_pose(what, &p);
    }
}

/* Field by field: a struct copy would call a libgcc helper (__movmem) on the SuperH. */
static void ps_pose_copy(ps_pose *dst, const ps_pose *src)
{
    unsigned int b, j;
    for (j = 0; j < 3; j++)
        dst->root[j] = src->root[j];
    for (b = 0; b < PS_MAX_BONES; b++)
        for (j = 0; j < 3; j++)
            dst->angles[b][j] = src->angles[b][j];
}

static const int ps_weights[] = {-5, 0, 1, 64, 127, 128, 129, 255, 256, 300};

static unsigned int ps_state = 12345u;
static unsigned int ps_random(void)
{
    ps_state = ps_state * 1103515245u + 12345u;
    return ps_state;
}

/* A pose of random values, with the edges: the extreme roots and the half
   turns. */
static void ps_random_pose(ps_pose *p, unsigned int kind)
{
    unsigned int b, j;
    for (j = 0; j < 3; j++)
    {
        unsigned int r = ps_random();
        if (kind == 1)
            r = j == 0 ? 0x80000000u : j == 1 ? 0x7FFFFFFFu : (r & 0xFFu);
        else if (kind == 2)
            r = j == 0 ? 0x7FFFFFFFu : j == 1 ? 0x80000000u : (r | 0x80000000u);
        p->root[j] = r < 0x80000000u ? (int)r : -(int)(0xFFFFFFFFu - r) - 1;
    }
    for (b = 0; b < PS_MAX_BONES; b++)
        for (j = 0; j < 3; j++)
        {
            unsigned int r = ps_random() >> 8 & 0xFFFFu;
            if (kind == 1)
                r = (b + j) & 1 ? 0x8000u : 0u;
            else if (kind == 2)
                r = (b + j) & 1 ? 0u : 0x8000u;
            p->angles[b][j] = (short)(r < 0x8000u ? (int)r : (int)r - 0x10000);
        }
}

static void ps_blends(void)
{
    ps_pose a, b, r;
    char what[64];
    unsigned int i, w, kind;
    int x;

    for (x = 0; x < (int)ps_animation_count(); x++)
    {
        int y = (x + 1) % (int)ps_animation_count();
        int tx = 3 + 5 * x, ty = 17 + x;
        ps_get_pose(x, tx, &a);
        ps_get_pose(y, ty, &b);
        for (w = 0; w < sizeof(ps_weights) / sizeof(ps_weights[0]); w++)
        {
            ps_pose_copy(&r, &a);
            ps_blend(1, &r, &b, ps_weights[w]);
            ps_printf("blend %d %d %d %d %d", x, tx, y, ty, ps_weights[w]);
            what[0] = '\0';
            ps_print_pose(what, &r);
        }
    }
    /* Random poses, all 32 bones (no model) and the model's bones. */
    for (i = 0; i < 24; i++)
    {
        kind = i < 2 ? 1 : i < 4 ? 2 : 0;
        ps_random_pose(&a, kind);
        ps_random_pose(&b, kind == 0 ? 0 : 3 - kind);
        for (w = 0; w < sizeof(ps_weights) / sizeof(ps_weights[0]); w++)
        {
            int m;
            for (m = 0; m < 2; m++)
            {
                ps_pose_copy(&r, &a);
                ps_blend(m, &r, &b, ps_weights[w]);
                ps_printf("blend_random %u %d %d", i, m, ps_weights[w]);
                ps_print_pose("", &r);
            }
        }
    }
}

/* ---- drawing ---- */

static ps_draw ps_result;

static void ps_draw_one(const char *what, const ps_pose *pose, int set_mask, unsigned int mask, int caller,
                        int with_callback)
{
    ps_draw_model(pose, set_mask, mask, caller, with_callback, &ps_result);
    ps_printf("draw %s mask %d %x caller %d callback %d\n", what, set_mask, mask, caller, with_callback);
    ps_print_draw(&ps_result);
}

static void ps_draws(void)
{
    ps_pose p;
    unsigned int bones = ps_bone_count(), b;
    int a, c, k;
    char what[48];

    /* The OBJ pose, then poses of each animation at a few times. */
    for (c = 0; c < 2; c++)
    {
        ps_draw_one("obj", (const ps_pose *)0, 0, 0, c, 1);
        ps_draw_one("obj-nocallback", (const ps_pose *)0, 0, 0, c, 0);
    }
    for (a = 0; a < (int)ps_animation_count(); a++)
    {
        int d = ps_duration(a);
        int times[3];
        times[0] = 0;
        times[1] = 3;
        times[2] = d / 2 + 1;
        for (k = 0; k < 3; k++)
        {
            ps_get_pose(a, times[k], &p);
            for (c = 0; c < 2; c++)
            {
                what[0] = (char)('0' + a % 10);
                what[1] = '@';
                what[2] = (char)('0' + k);
                what[3] = '\0';
                ps_draw_one(what, &p, 0, 0, c, 1);
            }
        }
    }
    /* Hidden bones: each bone (its subtree), all, bits past the bones, a
       pair; each followed by a draw without a mask (cleared). */
    ps_get_pose(0, 5, &p);
    for (b = 0; b <= bones + 2; b++)
    {
        unsigned int mask = 5u;
        if (b < bones)
            mask = 1u << b;
        else if (b == bones)
            mask = 0xFFFFFFFFu;
        else if (b == bones + 1)
            mask = bones >= 32 ? 0u : ~((1u << bones) - 1u);   /* only bits past the bones */
        for (c = 0; c < 2; c++)
        {
            ps_draw_one("hidden", &p, 1, mask, c, c);
            ps_draw_one("after", &p, 0, 0, c, 1);
        }
    }
    /* A mask set and replaced before the draw: the last one counts. */
    ps_draw_model(&p, 1, 0xFFFFFFFFu, 0, 1, &ps_result);
    ps_draw_one("replaced", &p, 1, bones > 1 ? 2u : 0u, 0, 1);
    /* A root offset far from the origin. */
    p.root[0] = 0x12345678;
    p.root[1] = -0x7000000;
    p.root[2] = 0x18000;
    for (c = 0; c < 2; c++)
        ps_draw_one("root", &p, 0, 0, c, 1);
}

void ps_run(const char *name)
{
    unsigned int i;
    ps_printf("model %s points %u polygons %u groups %u bones %u animations %u turns_normals %d\n", name,
              ps_point_count(), ps_polygon_count(), ps_group_count(), ps_bone_count(), ps_animation_count(),
              ps_turns_normals());
    for (i = 0; i < ps_group_count(); i++)
        ps_printf("group %u \"%s\"\n", i, ps_group_name(i));
    for (i = 0; i < ps_bone_count(); i++)
        ps_printf("bone %u \"%s\"\n", i, ps_bone_name(i));
    for (i = 0; i < ps_animation_count(); i++)
        ps_printf("animation %u \"%s\"\n", i, ps_animation_name(i));
    ps_finds();
    ps_poses();
    ps_blends();
    ps_draws();
    ps_printf("end\n");
}
