/* engine/test/test_model_pose.c - the SuperH side of the differential test
   of the poses (tests/engine_pose/pose_script.h): the ps_* functions on
   the model module (engine/model_pose.c: finds, durations, get_pose,
   blend, draw_pose, hidden bones) running on the test double, whose SGL
   math is the host runtime's. tests/engine_pose/run.sh compares what it
   prints with the host program's output (cmp).

   Usage (qemu-sh4eb): test_model_pose.elf FILE.JOM [--copy] [--zero-ticks N]
   (--copy: jo_3d_create_model_from_memory(), else in place).

   Besides the lines of the script, it checks what only the engine side
   has and prints a "FAIL ..." line (which the host never prints) when:
   - a put's PDATA is not the posed points (mesh[1], or mesh[0] for a
     model without bones), its polygons and ATTR not the same run of the
     model's tables, or a polygon's corners not those of QUAD;
   - the matrix stack (depth, current matrix) differs after a draw;
   - the current matrix during a callback is the bone's matrix;
   - the double recorded a defect or an error. */
#include <stdarg.h>
#include <jo/jo.h>
#include "double/double.h"
#include "model_internal.h"
#include "rt/rt.h"
#include "../../tests/engine_pose/pose_script.h"

static jo_3d_model *model;
static int failures;

void ps_printf(const char *format, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, format);
    rt_vsnprintf(text, sizeof(text), format, ap);
    va_end(ap);
    rt_print(text);
}

#define FAIL(...) do { failures++; rt_printf("FAIL " __VA_ARGS__); } while (0)

unsigned int ps_point_count(void) { return model->mesh[0].data.nbPoint; }
unsigned int ps_polygon_count(void) { return model->mesh[0].data.nbPolygon; }
unsigned int ps_group_count(void) { return model->group_count; }
unsigned int ps_bone_count(void) { return model->bone_count; }
unsigned int ps_animation_count(void) { return model->animation_count; }

int ps_turns_normals(void)
{
    return model->bone_count > 0 && model->mesh[1].data.pltbl != model->mesh[0].data.pltbl;
}

const char *ps_group_name(unsigned int i) { return model->groups[i].name; }
const char *ps_bone_name(unsigned int i) { return model->bones[i].name; }
const char *ps_animation_name(unsigned int i) { return model->animations[i].name; }

int ps_find_group(const char *name)
{
    const jo_3d_model_group *g = jo_3d_model_find_group(model, name);
    return g == JO_NULL ? -1 : (int)(g - model->groups);
}

int ps_find_bone(const char *name) { return jo_3d_model_find_bone(model, name); }
int ps_find_animation(const char *name) { return jo_3d_model_find_animation(model, name); }
int ps_is_animation(int animation, const char *name) { return jo_3d_model_is_animation(model, animation, name); }
int ps_duration(int animation) { return jo_3d_model_animation_duration(model, animation); }

static void to_jo(const ps_pose *p, jo_3d_pose *j)
{
    int b, k;
    j->root.x = p->root[0];
    j->root.y = p->root[1];
    j->root.z = p->root[2];
    for (b = 0; b < JO_3D_MAX_BONES; b++)
        for (k = 0; k < 3; k++)
            j->angles[b][k] = p->angles[b][k];
}

static void from_jo(const jo_3d_pose *j, ps_pose *p)
{
    int b, k;
    p->root[0] = j->root.x;
    p->root[1] = j->root.y;
    p->root[2] = j->root.z;
    for (b = 0; b < JO_3D_MAX_BONES; b++)
        for (k = 0; k < 3; k++)
            p->angles[b][k] = j->angles[b][k];
}

void ps_get_pose(int animation, int time, ps_pose *pose)
{
    jo_3d_pose j;
    /* garbage first: get_pose must write every field */
    rt_memset(&j, 0x5A, sizeof(j));
    jo_3d_model_get_pose(model, animation, time, &j);
    from_jo(&j, pose);
}

void ps_blend(int with_model, ps_pose *pose, const ps_pose *other, int weight)
{
    jo_3d_pose a, b;
    to_jo(pose, &a);
    to_jo(other, &b);
    jo_3d_pose_blend(with_model ? model : JO_NULL, &a, &b, weight);
    from_jo(&a, pose);
}

/* ---- drawing ---- */

static int same_matrix(MATRIX a, MATRIX b)
{
    int i, j;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            if (a[i][j] != b[i][j])
                return 0;
    return 1;
}

/* A point by a MATRIX (4 rows of 3): the 64-bit sum of the products, bits
   16..47, then the translation, modulo 2^32 (the SH-2's mac.l). */
static void transform(MATRIX m, const FIXED p[3], int out[3])
{
    int j;
    for (j = 0; j < 3; j++)
    {
        unsigned long long acc = (unsigned long long)((long long)p[0] * m[0][j]) +
                                 (unsigned long long)((long long)p[1] * m[1][j]) +
                                 (unsigned long long)((long long)p[2] * m[2][j]);
        out[j] = (int)((unsigned int)(acc >> 16) + (unsigned int)m[3][j]);
    }
}

typedef struct
{
    ps_draw *out;
    MATRIX caller;
} callback_state;

/* The nested-draw checks of on_bone (only when all bones are visible: a
   hidden run may leave nothing put). */
static int __jo_3d_callback_nested_check;

static void on_bone(const int bone, void *const param, const jo_fixed (*const matrix)[3])
{
    callback_state *s = (callback_state *)param;
    ps_draw *d = s->out;
    MATRIX current, m;
    int i, j;

    if (d->callbacks >= PS_MAX_BONES)
    {
        FAIL("callback %d: more than %d calls\n", bone, PS_MAX_BONES);
        return;
    }
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            m[i][j] = matrix[i][j];
    slGetMatrix(current);
    if (same_matrix(current, m) && !same_matrix(m, s->caller))
        FAIL("callback %d: the current matrix is the bone's\n", bone);
    /* "Called after each bone is drawn": the model's polygons are put
       before the first callback. */
    if (double_put_count() == 0 && model->mesh[1].data.nbPolygon > 0 && d->callbacks == 0 &&
        __jo_3d_callback_nested_check)
        FAIL("callback %d: called before the model's polygons are put\n", bone);
    /* A model with bones drawn from a callback is refused (it would
       overwrite the bone matrices of the later callbacks): nothing put, one
       message. */
    if (bone == 0 && __jo_3d_callback_nested_check)
    {
        unsigned int puts = double_put_count(), errors = double_error_count();
        jo_3d_model_draw_pose(model, JO_NULL, JO_NULL, JO_NULL);
        if (double_put_count() != puts)
            FAIL("callback %d: a model with bones drawn inside a callback\n", bone);
        if (double_error_count() != errors + 1 ||
            rt_strcmp(double_error_at(errors), "draw_pose: a model with bones drawn in a bone callback") != 0)
            FAIL("callback %d: the nested draw gave no message\n", bone);
        else if (errors == 0)
            double_clear_errors();
    }
    d->callback_bone[d->callbacks] = bone;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            d->matrix[d->callbacks][i][j] = matrix[i][j];
    d->callbacks++;
}

void ps_draw_model(const ps_pose *pose, int set_mask, unsigned int mask, int caller, int with_callback, ps_draw *out)
{
    static callback_state s;
    jo_3d_pose j;
    MATRIX after;
    const jo_3d_mesh *drawn;
    int depth, k;
    unsigned int i, n;

    rt_memset(out, 0, sizeof(*out));
    s.out = out;
    slPushMatrix();
    slUnitMatrix(CURRENT);
    if (caller == 1)
    {
        slTranslate(0x14000, -0x8000, 0xA0000);
        slRotY(5000);
        slRotX(-3000);
    }
    slGetMatrix(s.caller);
    depth = double_matrix_depth();
    if (pose != JO_NULL)
        to_jo(pose, &j);
    if (set_mask)
        jo_3d_model_set_hidden_bones(mask);
    double_clear_puts();
    __jo_3d_callback_nested_check = !set_mask || mask == 0;
    jo_3d_model_draw_pose(model, pose != JO_NULL ? &j : JO_NULL, with_callback ? on_bone : JO_NULL, &s);
    if (__jo_3d_hidden_bones != 0)
        FAIL("the hidden bones are not cleared by the draw: %x\n", __jo_3d_hidden_bones);
    if (double_matrix_depth() != depth)
        FAIL("matrix depth %d after the draw, %d before\n", double_matrix_depth(), depth);
    slGetMatrix(after);
    if (!same_matrix(after, s.caller))
        FAIL("the current matrix changed by the draw\n");
    slPopMatrix();

    out->has_normal = ps_turns_normals();
    drawn = model->bone_count > 0 ? &model->mesh[1] : &model->mesh[0];
    out->puts = double_put_count();
    for (k = 0; k < (int)out->puts; k++)
    {
        const double_put *put = double_put_at((unsigned int)k);
        const PDATA *pd = &put->pdata;
        MATRIX m;
        unsigned int first;
        int a, b;

        for (a = 0; a < 4; a++)
            for (b = 0; b < 3; b++)
                m[a][b] = put->matrix[a][b];
        if (pd->pntbl != drawn->data.pntbl || pd->nbPoint != drawn->data.nbPoint)
            FAIL("put %d: not the posed points\n", k);
        if (pd->pltbl < drawn->data.pltbl || pd->pltbl + pd->nbPolygon > drawn->data.pltbl + drawn->data.nbPolygon)
        {
            FAIL("put %d: polygons outside the model's\n", k);
            continue;
        }
        first = (unsigned int)(pd->pltbl - drawn->data.pltbl);
        if (pd->attbl != drawn->data.attbl + first)
            FAIL("put %d: the ATTR of another run\n", k);
        if (k < PS_MAX_POLYGONS)
            out->put_length[k] = pd->nbPolygon;
        for (i = 0; i < pd->nbPolygon && out->polygons < PS_MAX_POLYGONS; i++)
        {
            const POLYGON *p = &pd->pltbl[i];
            const POLYGON *q = &model->mesh[0].data.pltbl[first + i];
            ps_polygon *o = &out->polygon[out->polygons++];
            int c;

            o->index = first + i;
            for (c = 0; c < 4; c++)
            {
                if (p->Vertices[c] != q->Vertices[c] || p->Vertices[c] >= pd->nbPoint)
                    FAIL("put %d polygon %u: corner %d is %u\n", k, first + i, c, p->Vertices[c]);
                transform(m, pd->pntbl[p->Vertices[c] < pd->nbPoint ? p->Vertices[c] : 0], o->corners[c]);
            }
            o->normal[0] = p->norm[0];
            o->normal[1] = p->norm[1];
            o->normal[2] = p->norm[2];
        }
    }
    for (n = 0; n < double_defect_count(); n++)
        FAIL("defect: %s\n", double_defect_at(n));
    for (n = 0; n < double_error_count(); n++)
        FAIL("error: %s\n", double_error_at(n));
    double_clear_errors();
}

int main(int argc, char **argv)
{
    const char *path = JO_NULL;
    const char *base;
    unsigned char *data;
    unsigned int size;
    int copy = 0, zero = -1, i;

    for (i = 1; i < argc; i++)
    {
        if (rt_strcmp(argv[i], "--copy") == 0)
            copy = 1;
        else if (rt_strcmp(argv[i], "--zero-ticks") == 0 && i + 1 < argc)
            zero = rt_atoi(argv[++i]);
        else
            path = argv[i];
    }
    if (path == JO_NULL)
    {
        rt_eprint("usage: test_model_pose.elf FILE.JOM [--copy] [--zero-ticks N]\n");
        return 2;
    }
    data = rt_read_file(path, &size);
    if (data == JO_NULL)
    {
        rt_eprintf("%s: cannot be read\n", path);
        return 1;
    }
    if (zero >= 0 && !ps_patch_zero_ticks(data, size, (unsigned int)zero))
    {
        rt_eprintf("%s: no animation %d\n", path, zero);
        return 1;
    }
    model = copy ? jo_3d_create_model_from_memory(data, size) : jo_3d_create_model_in_place(data, size);
    if (model == JO_NULL)
    {
        rt_eprintf("%s: refused: %s\n", path, __jo_module_last_error());
        return 1;
    }
    if (model->bone_count > 0 && (model->mesh[1].data.pntbl == model->mesh[0].data.pntbl))
        FAIL("mesh[1] has no posed points of its own\n");
    base = path;
    for (i = 0; path[i] != '\0'; i++)
        if (path[i] == '/')
            base = path + i + 1;
    ps_run(base);
    jo_3d_free_model(model);
    rt_flush();
    return failures ? 1 : 0;
}
