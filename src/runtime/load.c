/* src/runtime/load.c - making and freeing models, and the accessors that
   read their records (see model_internal.h for the two kinds of model).

   Both loaders validate first: every rule of the format is checked on the
   bytes before the runtime trusts one count or offset. The native model
   keeps the arrays rm_jom_read made; the in-place model validates with the
   view (jom_view_open: the same checks and messages, no copies) and keeps
   only where the chunks are (the CD context, which keeps its own copies,
   passes the view it read them with to rt_model_in_place). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "formats/jom/jom_internal.h"
#include "fx.h"
#include "model_internal.h"
#include "names.h"
#include "retromesh/fileio.h"

/* Record sizes in the file (the seed's layouts). */
enum {
    POINT_SIZE = 12,
    POLYGON_SIZE = 20,
    MATERIAL_SIZE = 32,
    GROUP_SIZE = 24,
    BONE_SIZE = 32,
    ANIMATION_SIZE = 28,
    CHUNK_HEADER = 8,
    COUNT_SIZE = 4
};

/* Reads and validates; on success *jom holds the native copy (jom not
   NULL) or *view the in-place view (jom NULL). */
static bool validate(const uint8_t *data, size_t size, const char *name, rm_diag *diag, rm_jom_model *jom,
                     jom_view *view)
{
    rm_diag local;
    rm_diag *d = diag;
    if (!d) {
        rm_diag_init(&local);
        d = &local;
    }
    const char *file = name ? name : "<memory>";
    rm_status st = jom ? rm_jom_read(data, size, file, jom, d) : jom_view_open(view, data, size, file, d);
    if (!diag)
        rm_diag_free(&local);
    return st == RM_OK;
}

static uint32_t key_size_of(uint32_t bones)
{
    return 12u + 6u * bones + ((bones & 1u) ? 2u : 0u);
}

/* The loader's duplicate flags: names sorted (lowercase, then index), an
   animation is a duplicate when the one before it in that order has the
   same name. O(n log n) for any number of animations. */
typedef struct name_slot {
    char lower[17];
    uint32_t index;
} name_slot;

static int compare_slots(const void *a, const void *b)
{
    const name_slot *x = a, *y = b;
    int c = strcmp(x->lower, y->lower);
    if (c)
        return c;
    return x->index < y->index ? -1 : x->index > y->index;
}

static bool mark_duplicates(rm_3d_model *m)
{
    uint32_t n = m->animation_count;
    if (n == 0)
        return true;
    m->duplicate = calloc(n, 1);
    name_slot *slots = calloc(n, sizeof *slots);
    if (!m->duplicate || !slots) {
        free(slots);
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        rm_3d_animation a;
        rm_3d_model_animation(m, i, &a);
        rt_name_lower(a.name, slots[i].lower);
        slots[i].index = i;
    }
    qsort(slots, n, sizeof *slots, compare_slots);
    for (uint32_t i = 1; i < n; i++)
        if (strcmp(slots[i].lower, slots[i - 1].lower) == 0)
            m->duplicate[slots[i].index] = 1;
    free(slots);
    return true;
}

static void out_of_memory(rm_diag *diag, const char *name)
{
    if (diag)
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", name ? name : "<memory>");
}

/* What both kinds of model keep of the checked file besides its records:
   the bounds and the counts (no groups without GRUP, no bones or
   animations without a skeleton). */
static void take_counts(rm_3d_model *m, const rm_jom_model *jom)
{
    m->center = jom->center;
    m->radius = jom->radius;
    m->point_count = jom->point_count;
    m->polygon_count = jom->polygon_count;
    m->material_count = jom->material_count;
    m->group_count = jom->has_groups ? jom->group_count : 0;
    m->bone_count = jom->has_skeleton ? jom->bone_count : 0;
    m->animation_count = jom->has_skeleton ? jom->animation_count : 0;
    m->key_size = key_size_of(m->bone_count);
}

rm_3d_model *rm_3d_create_model_from_memory(const uint8_t *data, size_t size, const char *name,
                                            rm_diag *diag)
{
    rm_jom_model jom;
    if (!validate(data, size, name, diag, &jom, NULL))
        return NULL;
    rm_3d_model *m = calloc(1, sizeof *m);
    if (!m) {
        rm_jom_free(&jom);
        out_of_memory(diag, name);
        return NULL;
    }
    take_counts(m, &jom);
    /* The arrays change hands: the model frees them. */
    m->points = jom.points;
    m->polygons = jom.polygons;
    m->polygon_materials = jom.polygon_materials;
    m->materials = jom.materials;
    m->groups = jom.groups;
    m->bones = jom.bones;
    m->animations = jom.animations;
    jom.points = NULL;
    jom.polygons = NULL;
    jom.polygon_materials = NULL;
    jom.materials = NULL;
    jom.groups = NULL;
    jom.bones = NULL;
    jom.animations = NULL;
    jom.animation_count = 0;
    rm_jom_free(&jom);
    if (!mark_duplicates(m)) {
        rm_3d_free_model(m);
        out_of_memory(diag, name);
        return NULL;
    }
    return m;
}

/* Offset of the records of a chunk (after its header and count), 0 when
   the file has none. */
static size_t records_at(const jom_view *v, int kind)
{
    return v->present[kind] ? (size_t)v->offset[kind] + CHUNK_HEADER + COUNT_SIZE : 0;
}

rm_3d_model *rt_model_in_place(const jom_view *v, const char *name, rm_diag *diag)
{
    rm_3d_model *m = calloc(1, sizeof *m);
    if (!m) {
        out_of_memory(diag, name);
        return NULL;
    }
    m->in_place = true;
    m->data = v->data;
    m->size = v->size;
    m->center = v->center;
    m->radius = v->radius;
    m->point_count = v->count[JOM_PNTS];
    m->polygon_count = v->count[JOM_QUAD];
    m->material_count = v->count[JOM_MATL];
    m->group_count = v->present[JOM_GRUP] ? v->count[JOM_GRUP] : 0;
    m->bone_count = v->present[JOM_BONE] ? v->count[JOM_BONE] : 0;
    m->animation_count = v->present[JOM_BONE] ? v->count[JOM_ANIM] : 0;
    m->key_size = key_size_of(m->bone_count);
    m->points_at = records_at(v, JOM_PNTS);
    m->polygons_at = records_at(v, JOM_QUAD);
    m->qmat_at = records_at(v, JOM_QMAT);
    m->materials_at = records_at(v, JOM_MATL);
    m->groups_at = records_at(v, JOM_GRUP);
    m->bones_at = records_at(v, JOM_BONE);
    m->animations_at = records_at(v, JOM_ANIM);
    m->anim_data = m->animations_at ? m->animations_at - COUNT_SIZE : 0;
    if (!mark_duplicates(m)) {
        rm_3d_free_model(m);
        out_of_memory(diag, name);
        return NULL;
    }
    return m;
}

rm_3d_model *rm_3d_create_model_in_place(const uint8_t *data, size_t size, const char *name,
                                         rm_diag *diag)
{
    jom_view v;
    if (!validate(data, size, name, diag, NULL, &v))
        return NULL;
    return rt_model_in_place(&v, name, diag);
}

rm_3d_model *rm_3d_load_model(const char *path, rm_diag *diag)
{
    rm_diag local;
    rm_diag *d = diag;
    if (!d) {
        rm_diag_init(&local);
        d = &local;
    }
    uint8_t *data = NULL;
    size_t size = 0;
    rm_3d_model *m = NULL;
    if (rm_file_read(path, &data, &size, d) == RM_OK) {
        m = rm_3d_create_model_in_place(data, size, path, d);
        if (m)
            m->owned = data;
        else
            free(data);
    }
    if (!diag)
        rm_diag_free(&local);
    return m;
}

void rm_3d_free_model(rm_3d_model *m)
{
    if (!m)
        return;
    if (m->animations)
        for (uint32_t i = 0; i < m->animation_count; i++)
            free(m->animations[i].keys);
    free(m->animations);
    free(m->points);
    free(m->polygons);
    free(m->polygon_materials);
    free(m->materials);
    free(m->groups);
    free(m->bones);
    free(m->duplicate);
    free(m->owned);
    free(m);
}

/* ---- accessors ---- */

/* Where record `index` of `record` bytes starts in the bytes of an
   in-place model, or NULL when there is no such record (the validator
   made this impossible for index < count: the check is a second lock). */
static const uint8_t *record(const rm_3d_model *m, size_t base, uint32_t index, uint32_t count,
                             uint32_t size)
{
    if (base == 0 || index >= count)
        return NULL;
    uint64_t at = (uint64_t)base + (uint64_t)index * size;
    if (at + size > m->size)
        return NULL;
    return m->data + at;
}

static rm_vec3x be_vec(const uint8_t *p)
{
    rm_reader r = rm_reader_make(p, 12);
    rm_vec3x v;
    v.x = rm_read_i32(&r);
    v.y = rm_read_i32(&r);
    v.z = rm_read_i32(&r);
    return v;
}

bool rm_3d_model_is_in_place(const rm_3d_model *m) { return m->in_place; }
rm_vec3x rm_3d_model_center(const rm_3d_model *m) { return m->center; }
rm_fixed rm_3d_model_radius(const rm_3d_model *m) { return m->radius; }
uint32_t rm_3d_model_point_count(const rm_3d_model *m) { return m->point_count; }
uint32_t rm_3d_model_polygon_count(const rm_3d_model *m) { return m->polygon_count; }
uint32_t rm_3d_model_material_count(const rm_3d_model *m) { return m->material_count; }
uint32_t rm_3d_model_group_count(const rm_3d_model *m) { return m->group_count; }
uint32_t rm_3d_model_bone_count(const rm_3d_model *m) { return m->bone_count; }
uint32_t rm_3d_model_animation_count(const rm_3d_model *m) { return m->animation_count; }

rm_vec3x rm_3d_model_point(const rm_3d_model *m, uint32_t i)
{
    rm_vec3x zero = {0, 0, 0};
    if (!m->in_place)
        return i < m->point_count ? m->points[i] : zero;
    const uint8_t *p = record(m, m->points_at, i, m->point_count, POINT_SIZE);
    return p ? be_vec(p) : zero;
}

bool rm_3d_model_polygon(const rm_3d_model *m, uint32_t i, rm_jom_polygon *out)
{
    memset(out, 0, sizeof *out);
    if (!m->in_place) {
        if (i >= m->polygon_count)
            return false;
        *out = m->polygons[i];
        return true;
    }
    const uint8_t *p = record(m, m->polygons_at, i, m->polygon_count, POLYGON_SIZE);
    if (!p)
        return false;
    out->normal = be_vec(p);
    for (int k = 0; k < 4; k++)
        out->v[k] = rm_be16(p + 12 + 2 * k);
    return true;
}

uint16_t rm_3d_model_polygon_material(const rm_3d_model *m, uint32_t i)
{
    if (!m->in_place)
        return i < m->polygon_count && m->polygon_materials ? m->polygon_materials[i] : 0;
    const uint8_t *p = record(m, m->qmat_at, i, m->polygon_count, 2);
    return p ? rm_be16(p) : 0;
}

bool rm_3d_model_material(const rm_3d_model *m, uint32_t i, rm_jom_material *out)
{
    memset(out, 0, sizeof *out);
    if (!m->in_place) {
        if (i >= m->material_count)
            return false;
        *out = m->materials[i];
        return true;
    }
    const uint8_t *p = record(m, m->materials_at, i, m->material_count, MATERIAL_SIZE);
    if (!p)
        return false;
    rm_reader r = rm_reader_make(p, MATERIAL_SIZE);
    jom_decode_material(&r, out);
    return true;
}

bool rm_3d_model_group(const rm_3d_model *m, uint32_t i, rm_jom_group *out)
{
    memset(out, 0, sizeof *out);
    if (!m->in_place) {
        if (i >= m->group_count)
            return false;
        *out = m->groups[i];
        return true;
    }
    const uint8_t *p = record(m, m->groups_at, i, m->group_count, GROUP_SIZE);
    if (!p)
        return false;
    rm_reader r = rm_reader_make(p, GROUP_SIZE);
    jom_decode_group(&r, out);
    return true;
}

bool rm_3d_model_bone(const rm_3d_model *m, uint32_t i, rm_jom_bone *out)
{
    memset(out, 0, sizeof *out);
    if (!m->in_place) {
        if (i >= m->bone_count)
            return false;
        *out = m->bones[i];
        return true;
    }
    const uint8_t *p = record(m, m->bones_at, i, m->bone_count, BONE_SIZE);
    if (!p)
        return false;
    rm_reader r = rm_reader_make(p, BONE_SIZE);
    jom_decode_bone(&r, out);
    return true;
}

bool rm_3d_model_animation(const rm_3d_model *m, uint32_t i, rm_3d_animation *out)
{
    memset(out, 0, sizeof *out);
    if (i >= m->animation_count)
        return false;
    if (!m->in_place) {
        const rm_jom_animation *a = &m->animations[i];
        memcpy(out->name, a->name, 16);
        out->key_count = a->key_count;
        out->key_ticks = a->key_ticks;
        out->flags = a->flags;
        out->offset = a->offset;
    } else {
        const uint8_t *p = record(m, m->animations_at, i, m->animation_count, ANIMATION_SIZE);
        if (!p)
            return false;
        memcpy(out->name, p, 16);
        out->key_count = rm_be16(p + 16);
        out->key_ticks = rm_be16(p + 18);
        out->flags = rm_be16(p + 20);
        out->offset = rm_be32(p + 24);
    }
    /* The file says 0; the loader says whether an earlier one has the name. */
    out->duplicate = m->duplicate ? m->duplicate[i] : 0;
    out->name[15] = 0;
    return true;
}

bool rm_3d_model_key(const rm_3d_model *m, uint32_t anim, uint32_t k, rm_3d_pose *out)
{
    memset(out, 0, sizeof *out);
    if (anim >= m->animation_count)
        return false;
    uint32_t bones = m->bone_count < RM_3D_MAX_BONES ? m->bone_count : RM_3D_MAX_BONES;
    if (!m->in_place) {
        const rm_jom_animation *a = &m->animations[anim];
        if (k >= a->key_count || !a->keys)
            return false;
        out->root = a->keys[k].root;
        for (uint32_t b = 0; b < bones; b++)
            for (int j = 0; j < 3; j++)
                out->angles[b][j] = a->keys[k].angles[b][j];
        return true;
    }
    rm_3d_animation a;
    if (!rm_3d_model_animation(m, anim, &a) || k >= a.key_count)
        return false;
    uint64_t at = (uint64_t)m->anim_data + a.offset + (uint64_t)k * m->key_size;
    if (m->anim_data == 0 || at + m->key_size > m->size)
        return false;
    const uint8_t *p = m->data + at;
    out->root = be_vec(p);
    for (uint32_t b = 0; b < bones; b++)
        for (int j = 0; j < 3; j++)
            out->angles[b][j] = fx_wrap16(rm_be16(p + 12 + 6 * b + 2 * (uint32_t)j));
    return true;
}
