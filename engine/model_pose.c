/*
** Jo Sega Saturn Engine - 3D models (.JOM files): skeletons
** The model module of retromesh, for the Jo Engine (MIT licence, as the engine).
**
** jo_engine/model_pose.c: finding groups, bones and animations, the
** duration of an animation, poses (keys interpolated), blends, drawing a
** model in a pose with SGL's matrix stack, and the hidden bones.
**
** The numbers are those of retromesh's host runtime (src/runtime/pose.c,
** draw.c, find.c: docs/runtime.md), bit for bit:
** - an angle goes from a to b the shortest way round (d = b - a wrapped to
**   16 bits, so a half turn goes backwards), a root coordinate in a
**   straight line (d = b - a in 64 bits);
** - get_pose: a + floor((2 d t + T) / (2 T)) with t the ticks since key a
**   and T the ticks between keys (the nearest value, halves up);
** - pose_blend: a + floor((d w + 128) / 256), w clamped to 0..256.
**
** Divisions: blends and powers of two are shifts. get_pose divides by
** 2 T, which is not a power of two in general: it computes the reciprocal
** floor((2^64 - 1) / 2T) once (one 64-bit division, __udivdi3: libgcc
** provides it on the Saturn, the test runtime in the SuperH tests) and
** every quotient of that pose is a multiply by it, corrected by one
** compare. A loop past its duration adds one 32-bit modulo (__udivsi3_i4i
** / the same libgcc). Nothing else divides.
*/
#include <jo/jo.h>
#include "model_internal.h"

/* jo_3d_model_set_hidden_bones(): one mask for the engine, used and
   cleared by the next jo_3d_model_draw_pose(). Jo does not clear the
   whole .bss at boot: __jo_3d_model_init() (model.c) sets it to 0. */
unsigned int __jo_3d_hidden_bones;

/* The model-space matrix of each bone during jo_3d_model_draw_pose(), then
   its matrix in the caller's space for the callback. Written by each draw
   before it is read (no value is kept from a draw to the next). */
static MATRIX __jo_3d_bone_matrix[JO_3D_MAX_BONES];

/* 1 outside the callbacks of a draw, 2 while they run. The matrices above
   are shared by every draw, so a callback may draw models without bones
   (a sword, a muzzle flash) but not a model with bones: that draw is
   refused with a message rather than giving the later callbacks the
   nested model's matrices. Initialised (.data, not .bss: Jo does not clear
   the whole .bss at boot) and never 0. */
static unsigned char __jo_3d_callback_level = 1;

/* ---- names ---- */

static __jo_force_inline char __jo_3d_lower(const char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* A stored name (16 bytes, zero terminated: model.c checked it) equals
   the query, whole, ASCII case-insensitive. A query longer than 15
   characters matches nothing: its 16th character is not a zero. */
static bool __jo_3d_name_is(const char stored[16], const char *const query)
{
    unsigned int i;

    if (query == JO_NULL)
        return false;
    for (i = 0; i < 16 && stored[i] != '\0'; ++i)
        if (__jo_3d_lower(stored[i]) != __jo_3d_lower(query[i]))   /* query[i] == 0 stops here too */
            return false;
    return query[i] == '\0';
}

const jo_3d_model_group *jo_3d_model_find_group(const jo_3d_model *const model, const char *const name)
{
    unsigned int i;

    __jo_3d_model_init();
    if (model == JO_NULL || model->groups == JO_NULL)
        return JO_NULL;
    for (i = 0; i < model->group_count; ++i)
        if (__jo_3d_name_is(model->groups[i].name, name))
            return &model->groups[i];
    return JO_NULL;
}

int jo_3d_model_find_bone(const jo_3d_model *const model, const char *const name)
{
    unsigned int i;

    __jo_3d_model_init();
    if (model == JO_NULL || model->bones == JO_NULL)
        return -1;
    for (i = 0; i < model->bone_count; ++i)
        if (__jo_3d_name_is(model->bones[i].name, name))
            return (int)i;
    return -1;
}

int jo_3d_model_find_animation(const jo_3d_model *const model, const char *const name)
{
    unsigned int i;

    __jo_3d_model_init();
    if (model == JO_NULL || model->animations == JO_NULL)
        return -1;
    for (i = 0; i < model->animation_count && i <= 0x7FFFFFFFu; ++i)
        if (__jo_3d_name_is(model->animations[i].name, name))
            return (int)i;
    return -1;
}

/* The animation of an index, JO_NULL when there is none. */
static const jo_3d_animation *__jo_3d_animation_at(const jo_3d_model *const model, const int animation)
{
    if (model == JO_NULL || model->animations == JO_NULL || animation < 0 ||
        (unsigned int)animation >= model->animation_count)
        return JO_NULL;
    return &model->animations[animation];
}

bool jo_3d_model_is_animation(const jo_3d_model *const model, const int animation, const char *const name)
{
    const jo_3d_animation *a;

    __jo_3d_model_init();
    a = __jo_3d_animation_at(model, animation);
    /* This name only; `duplicate` (set by the loader) says that an earlier
       animation has the same name, so find_animation() gives that one. */
    return a != JO_NULL && __jo_3d_name_is(a->name, name) && a->duplicate == 0;
}

int jo_3d_model_animation_duration(const jo_3d_model *const model, const int animation)
{
    const jo_3d_animation *a;
    unsigned int keys;
    unsigned long long ticks;

    __jo_3d_model_init();
    a = __jo_3d_animation_at(model, animation);
    if (a == JO_NULL)
        return 0;
    /* A loop comes back to its first key at key_count x key_ticks; another
       animation reaches its last key at (key_count - 1) x key_ticks. At
       most 65535 x 65535, which does not fit an int: clamped. */
    keys = (a->flags & JO_3D_ANIMATION_LOOP) ? a->key_count : (a->key_count ? a->key_count - 1u : 0u);
    ticks = (unsigned long long)keys * a->key_ticks;
    return ticks > 0x7FFFFFFFull ? 0x7FFFFFFF : (int)ticks;
}

/* ---- poses ---- */

/* Division by d (2..131070) through its reciprocal r = floor((2^64 - 1) / d). */
typedef struct
{
    unsigned int d;
    unsigned long long r;
} __jo_3d_divisor;

/* The high 64 bits of the 128-bit product a x b (4 products of 32 x 32
   bits: dmulu.l on the SH-2). */
static unsigned long long __jo_3d_mul_high(const unsigned long long a, const unsigned long long b)
{
    unsigned int a0 = (unsigned int)a, a1 = (unsigned int)(a >> 32);
    unsigned int b0 = (unsigned int)b, b1 = (unsigned int)(b >> 32);
    unsigned long long p00 = (unsigned long long)a0 * b0;
    unsigned long long p01 = (unsigned long long)a0 * b1;
    unsigned long long p10 = (unsigned long long)a1 * b0;
    unsigned long long p11 = (unsigned long long)a1 * b1;
    unsigned long long mid = (p00 >> 32) + (unsigned int)p01 + (unsigned int)p10;

    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* floor(n / d) for n < 2^62: n x r / 2^64 is below n / d by less than 1
   (r is below 2^64 / d by less than 1, and n < 2^64), so the estimate is
   the quotient or one less; the remainder tells which. */
static unsigned long long __jo_3d_udiv(const unsigned long long n, const __jo_3d_divisor *const v)
{
    unsigned long long q = __jo_3d_mul_high(n, v->r);
    unsigned long long qd = (unsigned long long)(unsigned int)q * v->d +
                            ((unsigned long long)((unsigned int)(q >> 32) * v->d) << 32);

    return (n - qd >= v->d) ? q + 1 : q;
}

/* floor((2 d t + T) / (2 T)) for d = sign x mag (mag < 2^32), t < T,
   v->d = 2 T: the step from a toward b after t of the T ticks. */
static long long __jo_3d_step(const bool negative, const unsigned int mag, const unsigned int t,
                              const unsigned int ticks, const __jo_3d_divisor *const v)
{
    /* |2 d t| < 2^32 x 2^17 = 2^49 */
    unsigned long long m = (unsigned long long)mag * (2u * t);

    if (!negative)
        return (long long)__jo_3d_udiv(m + ticks, v);
    if (m <= ticks)
        return (long long)__jo_3d_udiv(ticks - m, v);
    /* n = T - m < 0: floor(n / D) = -ceil(-n / D) = -floor((-n + D - 1) / D) */
    return -(long long)__jo_3d_udiv(m - ticks + v->d - 1u, v);
}

/* A key of an animation: its root (3 fixed) then 3 angles a bone, in the
   file's bytes (big endian: the SH-2's own order, read byte by byte so
   that no alignment is assumed). */
static const unsigned char *__jo_3d_key(const jo_3d_model *const model, const jo_3d_animation *const a,
                                        const unsigned int key)
{
    return model->animation_data + a->offset + key * __jo_3d_key_size(model->bone_count);
}

static __jo_force_inline jo_fixed __jo_3d_key_root(const unsigned char *const key, const unsigned int axis)
{
    return (jo_fixed)__jo_module_u32(key + 4 * axis);
}

static __jo_force_inline jo_angle __jo_3d_key_angle(const unsigned char *const key, const unsigned int bone,
                                                    const unsigned int axis)
{
    return (jo_angle)__jo_module_u16(key + 12 + 6 * bone + 2 * axis);
}

static unsigned int __jo_3d_pose_bones(const jo_3d_model *const model)
{
    if (model == JO_NULL || model->bone_count > JO_3D_MAX_BONES)
        return JO_3D_MAX_BONES;
    return model->bone_count;
}

static void __jo_3d_set_key(const jo_3d_model *const model, const jo_3d_animation *const a, const unsigned int key,
                            const unsigned int bones, jo_3d_pose *const pose)
{
    const unsigned char *p = __jo_3d_key(model, a, key);
    unsigned int b, j;

    pose->root.x = __jo_3d_key_root(p, 0);
    pose->root.y = __jo_3d_key_root(p, 1);
    pose->root.z = __jo_3d_key_root(p, 2);
    for (b = 0; b < bones; ++b)
        for (j = 0; j < 3; ++j)
            pose->angles[b][j] = __jo_3d_key_angle(p, b, j);
}

static jo_fixed __jo_3d_root_toward(const jo_fixed a, const jo_fixed b, const unsigned int t, const unsigned int ticks,
                                    const __jo_3d_divisor *const v)
{
    long long d = (long long)b - a;   /* |d| < 2^32 */
    bool negative = d < 0;
    unsigned int mag = (unsigned int)(negative ? -d : d);

    /* The result lies between a and b: it fits. */
    return (jo_fixed)(a + __jo_3d_step(negative, mag, t, ticks, v));
}

static jo_angle __jo_3d_angle_toward(const jo_angle a, const jo_angle b, const unsigned int t, const unsigned int ticks,
                                     const __jo_3d_divisor *const v)
{
    int d = (jo_angle)(unsigned short)((unsigned int)(unsigned short)b - (unsigned int)(unsigned short)a);
    bool negative = d < 0;
    unsigned int mag = (unsigned int)(negative ? -d : d);

    /* Wrapped to 16 bits. */
    return (jo_angle)(unsigned short)((unsigned int)(int)a + (unsigned int)__jo_3d_step(negative, mag, t, ticks, v));
}

void jo_3d_model_get_pose(const jo_3d_model *const model, const int animation, int time, jo_3d_pose *const pose)
{
    const jo_3d_animation *a;
    const unsigned char *from, *to;
    __jo_3d_divisor v;
    unsigned int bones, last, t, k, f, b, j;
    bool loop;

    __jo_3d_model_init();
    if (pose == JO_NULL)
        return;
    __jo_module_zero(pose, sizeof(*pose));   /* the pose of the OBJ; bones past the model's are 0 */
    a = __jo_3d_animation_at(model, animation);
    if (a == JO_NULL || a->key_count == 0 || model->animation_data == JO_NULL)
        return;
    bones = __jo_3d_pose_bones(model);
    loop = (a->flags & JO_3D_ANIMATION_LOOP) != 0;
    last = a->key_count - 1u;
    t = time < 0 ? 0u : (unsigned int)time;   /* a negative time is taken as 0 */
    if (a->key_ticks == 0)
    {
        /* No time between keys: a loop shows its first key, another animation its last. */
        __jo_3d_set_key(model, a, loop ? 0 : last, bones, pose);
        return;
    }
    /* The one 64-bit division of the pose (libgcc's __udivdi3 on the Saturn). */
    v.d = 2u * a->key_ticks;
    v.r = 0xFFFFFFFFFFFFFFFFull / v.d;
    k = (unsigned int)__jo_3d_udiv(2ull * t, &v);   /* floor(2t / 2T): the key at or before t */
    f = t - k * a->key_ticks;                       /* ticks since that key */
    if (loop)
    {
        /* time modulo key_count x key_ticks (libgcc's 32-bit helper on the Saturn) */
        if (k >= a->key_count)
            k %= a->key_count;
    }
    else if (k >= last)
    {
        __jo_3d_set_key(model, a, last, bones, pose);   /* held from the duration on */
        return;
    }
    from = __jo_3d_key(model, a, k);
    to = __jo_3d_key(model, a, k == last ? 0 : k + 1);   /* a loop's last key goes to its first */
    pose->root.x = __jo_3d_root_toward(__jo_3d_key_root(from, 0), __jo_3d_key_root(to, 0), f, a->key_ticks, &v);
    pose->root.y = __jo_3d_root_toward(__jo_3d_key_root(from, 1), __jo_3d_key_root(to, 1), f, a->key_ticks, &v);
    pose->root.z = __jo_3d_root_toward(__jo_3d_key_root(from, 2), __jo_3d_key_root(to, 2), f, a->key_ticks, &v);
    for (b = 0; b < bones; ++b)
        for (j = 0; j < 3; ++j)
            pose->angles[b][j] = __jo_3d_angle_toward(__jo_3d_key_angle(from, b, j), __jo_3d_key_angle(to, b, j), f,
                                                      a->key_ticks, &v);
}

/* floor((d w + 128) / 256) for d = sign x mag: shifts only. */
static long long __jo_3d_blend_step(const bool negative, const unsigned long long m)
{
    if (!negative)
        return (long long)((m + 128u) >> 8);
    if (m <= 128u)
        return (long long)((128u - m) >> 8);   /* 0 */
    return -(long long)((m - 128u + 255u) >> 8);
}

void jo_3d_pose_blend(const jo_3d_model *const model, jo_3d_pose *const pose, const jo_3d_pose *const other,
                      const int weight)
{
    unsigned int bones, w, b, j;
    jo_fixed *dst, a;
    const jo_fixed *src;
    long long d;

    __jo_3d_model_init();
    if (pose == JO_NULL || other == JO_NULL)
        return;
    bones = __jo_3d_pose_bones(model);   /* all 32 without a model */
    w = weight < 0 ? 0u : weight > 256 ? 256u : (unsigned int)weight;
    dst = &pose->root.x;
    src = &other->root.x;
    for (j = 0; j < 3; ++j)
    {
        a = dst[j];
        d = (long long)src[j] - a;   /* |d| < 2^32, |d w| < 2^41 */
        dst[j] = (jo_fixed)(a + __jo_3d_blend_step(d < 0, (unsigned long long)(unsigned int)(d < 0 ? -d : d) * w));
    }
    for (b = 0; b < bones; ++b)
        for (j = 0; j < 3; ++j)
        {
            int ad = pose->angles[b][j];
            int dd = (jo_angle)(unsigned short)((unsigned int)(unsigned short)other->angles[b][j] -
                                                (unsigned int)(unsigned short)ad);
            unsigned int mag = (unsigned int)(dd < 0 ? -dd : dd) * w;   /* <= 2^23 */

            pose->angles[b][j] = (jo_angle)(unsigned short)((unsigned int)ad +
                                                            (unsigned int)__jo_3d_blend_step(dd < 0, mag));
        }
}

/* ---- drawing ---- */

void jo_3d_model_set_hidden_bones(const unsigned int mask)
{
    __jo_3d_model_init();
    __jo_3d_hidden_bones = mask;
}

static __jo_force_inline FIXED __jo_3d_neg(const FIXED x)
{
    return (FIXED)(0u - (unsigned int)x);   /* wraps: -(-32768.0) is -32768.0, as the host computes */
}

/* The callbacks, after the model's polygons are put ("called after each
   bone is drawn"): the matrices in the caller's space (the camera
   included), then the callback of each bone in bone order, hidden bones
   too, with the caller's matrix current (not the bone's: the seed says
   so); the caller's matrix is current again afterwards. */
static void __jo_3d_call_back(MATRIX caller, const unsigned int bones, const jo_3d_bone_callback callback,
                              void *const param)
{
    unsigned int b;
    bool pushed = slPushMatrix();

    for (b = 0; b < bones; ++b)
    {
        slLoadMatrix(caller);
        slMultiMatrix(__jo_3d_bone_matrix[b]);
        slGetMatrix(__jo_3d_bone_matrix[b]);
    }
    slLoadMatrix(caller);
    __jo_3d_callback_level = 2;
    for (b = 0; b < bones; ++b)
        callback((int)b, param, (const jo_fixed(*)[3])__jo_3d_bone_matrix[b]);
    __jo_3d_callback_level = 1;
    if (pushed)
        slPopMatrix();
    else
        slLoadMatrix(caller);
}

void jo_3d_model_draw_pose(const jo_3d_model *const model, const jo_3d_pose *const pose,
                           const jo_3d_bone_callback callback, void *const param)
{
    MATRIX caller, world;
    unsigned short first_point[JO_3D_MAX_BONES], end_point[JO_3D_MAX_BONES];
    unsigned short first_polygon[JO_3D_MAX_BONES], end_polygon[JO_3D_MAX_BONES];
    bool hidden[JO_3D_MAX_BONES], any_hidden = false, turn_normals;
    const jo_3d_mesh *source;
    jo_3d_mesh *posed;
    FIXED root[3];
    unsigned int mask, bones, b, i, j;
    bool pushed;

    __jo_3d_model_init();
    mask = __jo_3d_hidden_bones;
    __jo_3d_hidden_bones = 0;   /* for this draw only */
    if (model == JO_NULL || model->mesh == JO_NULL)
        return;
    root[0] = pose != JO_NULL ? pose->root.x : 0;
    root[1] = pose != JO_NULL ? pose->root.y : 0;
    root[2] = pose != JO_NULL ? pose->root.z : 0;
    source = &model->mesh[0];

    if (model->bone_count == 0 || model->bones == JO_NULL)
    {
        /* No skeleton: the model under the root offset of the pose. */
        pushed = slPushMatrix();
        if (!pushed)
            slGetMatrix(caller);   /* the 20 levels are used: put the matrix back by hand */
        slTranslate(root[0], root[1], root[2]);
        slPutPolygon((PDATA *)&source->data);
        if (pushed)
            slPopMatrix();
        else
            slLoadMatrix(caller);
        return;
    }

    if (__jo_3d_callback_level != 1)
    {
        __jo_module_error("draw_pose: a model with bones drawn in a bone callback");
        return;
    }
    posed = &model->mesh[1];
    bones = model->bone_count > JO_3D_MAX_BONES ? JO_3D_MAX_BONES : model->bone_count;
    /* The light of SGL reads the normal of each polygon: when mesh[1] has
       its own copy of QUAD, the normals of the bones' polygons turn. */
    turn_normals = posed->data.pltbl != source->data.pltbl;

    slGetMatrix(caller);
    pushed = slPushMatrix();

    /* The model matrix: the root offset, in model space. */
    slUnitMatrix(CURRENT);
    slTranslate(root[0], root[1], root[2]);
    slGetMatrix(world);
    /* Every point by the model matrix; the points of each bone's group
       are done again below by the bone's matrix (a later bone wins). */
    for (i = 0; i < source->data.nbPoint; ++i)
        slCalcPoint(source->data.pntbl[i][X], source->data.pntbl[i][Y], source->data.pntbl[i][Z],
                    posed->data.pntbl[i]);

    for (b = 0; b < bones; ++b)
    {
        const jo_3d_bone *bone = &model->bones[b];
        const jo_angle *angles = pose != JO_NULL ? pose->angles[b] : JO_NULL;
        /* A parent is before its children (model.c checked it). */
        bool has_parent = bone->parent >= 0 && (unsigned int)bone->parent < b;

        slLoadMatrix(has_parent ? __jo_3d_bone_matrix[bone->parent] : world);
        slTranslate(bone->pivot.x, bone->pivot.y, bone->pivot.z);
        slRotX(angles != JO_NULL ? angles[0] : 0);
        slRotY(angles != JO_NULL ? angles[1] : 0);
        slRotZ(angles != JO_NULL ? angles[2] : 0);
        slTranslate(__jo_3d_neg(bone->pivot.x), __jo_3d_neg(bone->pivot.y), __jo_3d_neg(bone->pivot.z));
        slGetMatrix(__jo_3d_bone_matrix[b]);

        hidden[b] = ((mask >> b) & 1u) != 0 || (has_parent && hidden[bone->parent]);
        first_point[b] = end_point[b] = 0;
        first_polygon[b] = end_polygon[b] = 0;
        if (bone->group != JO_3D_BONE_NO_GROUP && bone->group < model->group_count && model->groups != JO_NULL)
        {
            const jo_3d_model_group *g = &model->groups[bone->group];
            unsigned int end;

            end = (unsigned int)g->first_point + g->point_count;
            if (end > source->data.nbPoint)
                end = source->data.nbPoint;
            if (g->first_point < end)
            {
                first_point[b] = g->first_point;
                end_point[b] = (unsigned short)end;
            }
            end = (unsigned int)g->first_polygon + g->polygon_count;
            if (end > source->data.nbPolygon)
                end = source->data.nbPolygon;
            if (g->first_polygon < end)
            {
                first_polygon[b] = g->first_polygon;
                end_polygon[b] = (unsigned short)end;
            }
        }
        if (hidden[b] && end_polygon[b] > first_polygon[b])
            any_hidden = true;

        /* The group's own points by the bone's matrix (the current one). */
        for (i = first_point[b]; i < end_point[b]; ++i)
            slCalcPoint(source->data.pntbl[i][X], source->data.pntbl[i][Y], source->data.pntbl[i][Z],
                        posed->data.pntbl[i]);
        /* Its normals turned: the rotation only (the translation row taken
           off again, modulo 2^32: exactly the rotation's bits 16..47). */
        if (turn_normals)
            for (i = first_polygon[b]; i < end_polygon[b]; ++i)
            {
                const FIXED *n = source->data.pltbl[i].norm;
                FIXED *out = posed->data.pltbl[i].norm;

                slCalcPoint(n[X], n[Y], n[Z], out);
                for (j = 0; j < 3; ++j)
                    out[j] = (FIXED)((unsigned int)out[j] - (unsigned int)__jo_3d_bone_matrix[b][3][j]);
            }
    }

    if (pushed)
        slPopMatrix();
    else
        slLoadMatrix(caller);

    if (!any_hidden)
    {
        if (posed->data.nbPolygon > 0)
            slPutPolygon(&posed->data);
        if (callback != JO_NULL)
            __jo_3d_call_back(caller, bones, callback, param);
        return;
    }
    /* One call per run of consecutive visible polygons: a polygon belongs
       to the last bone whose group holds it (none: always drawn). */
    {
        PDATA run;
        unsigned int start = 0;
        bool in_run = false;

        run.pntbl = posed->data.pntbl;
        run.nbPoint = posed->data.nbPoint;
        for (i = 0; i <= posed->data.nbPolygon; ++i)
        {
            bool visible = false;

            if (i < posed->data.nbPolygon)
            {
                visible = true;
                for (b = bones; b-- > 0;)
                    if (i >= first_polygon[b] && i < end_polygon[b])
                    {
                        visible = !hidden[b];
                        break;
                    }
            }
            if (visible && !in_run)
            {
                start = i;
                in_run = true;
            }
            else if (!visible && in_run)
            {
                run.pltbl = posed->data.pltbl + start;
                run.nbPolygon = i - start;
                run.attbl = posed->data.attbl + start;
                slPutPolygon(&run);
                in_run = false;
            }
        }
    }
    if (callback != JO_NULL)
        __jo_3d_call_back(caller, bones, callback, param);
}
