/* src/formats/niff/write_mesh_plan.c - decides what the NIFF file holds,
   from a mesh that wm_check_mesh accepted:
   - one Obj per mesh group that has faces, in group order, after the Obj of
     the faces before any group (named after the source file);
   - each face of n >= 3 corners as n - 2 triangles, a fan from corner 0;
   - each Obj's own vertex, normal and st groups, in first-use order;
   - one Mat per material that a written face uses, in material order, and
     one Tex + TexImg per Mat whose material carries pixels;
   - Parts when an Obj's faces use more than one material (or a material
     and none).
   The geometry (triangles, groups, Parts) is in write_mesh_plan_geometry.c.
   Every decision is written down in docs/niff.md ("Writing"). */
#include "write_mesh_internal.h"

#include <stdlib.h>
#include <string.h>

void wm_plan_free(wm_plan *p)
{
    free(p->objs);
    free(p->tris);
    free(p->vtx);
    free(p->nv);
    free(p->st);
    free(p->parts);
    free(p->part_tris);
    free(p->mats);
    free(p->mat_of);
    free(p->texs);
    for (size_t i = 0; i < p->name_count; i++)
        free(p->names[i]);
    free(p->names);
    memset(p, 0, sizeof *p);
}

static bool has_texture(const rm_mesh_material *mat)
{
    return mat->map_kd_rgba && mat->map_kd_width > 0 && mat->map_kd_height > 0;
}

/* Objs: which groups have written faces, and the faces of each Obj in mesh
   order (face_order, grouped by Obj). */
static bool plan_objs(wm_plan *p, uint32_t **face_order, size_t **obj_face_first)
{
    const rm_mesh *m = p->mesh;
    size_t slots = m->group_count + 1;     /* slot group_count: no group */
    size_t *count = wm_alloc_array(slots, sizeof *count);
    uint32_t *obj_of = wm_alloc_array(slots, sizeof *obj_of);
    if (!count || !obj_of) {
        free(count);
        free(obj_of);
        return false;
    }
    size_t written = 0;
    for (size_t f = 0; f < m->face_count; f++) {
        if (!wm_face_written(m, f))
            continue;
        uint32_t g = m->face_group[f];
        count[g == RM_MESH_NONE ? m->group_count : g]++;
        written++;
    }
    p->obj_count = 0;
    p->objs = wm_alloc_array(slots, sizeof *p->objs);
    *face_order = wm_alloc_array(written, sizeof **face_order);
    *obj_face_first = wm_alloc_array(slots + 1, sizeof **obj_face_first);
    bool ok = p->objs && *face_order && *obj_face_first;
    if (ok) {
        size_t at = 0;
        for (size_t i = 0; i < slots; i++) {
            /* the faces before any group first, then the groups in order */
            size_t slot = i == 0 ? m->group_count : i - 1;
            obj_of[slot] = RM_NIFF_NOLINK;
            if (count[slot] == 0)
                continue;
            wm_obj *o = &p->objs[p->obj_count];
            o->group = slot == m->group_count ? RM_MESH_NONE : (uint32_t)slot;
            obj_of[slot] = (uint32_t)p->obj_count;
            (*obj_face_first)[p->obj_count] = at;
            at += count[slot];
            p->obj_count++;
        }
        (*obj_face_first)[p->obj_count] = at;
        size_t *next = count;   /* reused as the fill cursor of each Obj */
        for (size_t o = 0; o < p->obj_count; o++)
            next[o] = (*obj_face_first)[o];
        for (size_t f = 0; f < m->face_count; f++) {
            if (!wm_face_written(m, f))
                continue;
            uint32_t g = m->face_group[f];
            uint32_t o = obj_of[g == RM_MESH_NONE ? m->group_count : g];
            (*face_order)[next[o]++] = (uint32_t)f;
        }
    }
    free(count);
    free(obj_of);
    return ok;
}

/* Mats (and Texs): the materials that written faces use, in material order. */
static bool plan_mats(wm_plan *p)
{
    const rm_mesh *m = p->mesh;
    p->mat_of = wm_alloc_array(m->material_count, sizeof *p->mat_of);
    p->mats = wm_alloc_array(m->material_count, sizeof *p->mats);
    p->texs = wm_alloc_array(m->material_count, sizeof *p->texs);
    if (!p->mat_of || !p->mats || !p->texs)
        return false;
    for (size_t i = 0; i < m->material_count; i++)
        p->mat_of[i] = 0;   /* 0: unused, 1: used (then replaced by the index) */
    for (size_t f = 0; f < m->face_count; f++)
        if (wm_face_written(m, f) && m->face_material[f] != RM_MESH_NONE)
            p->mat_of[m->face_material[f]] = 1;
    for (size_t i = 0; i < m->material_count; i++) {
        if (!p->mat_of[i]) {
            p->mat_of[i] = RM_NIFF_NOLINK;
            continue;
        }
        p->mat_of[i] = (uint32_t)p->mat_count;
        wm_mat *mat = &p->mats[p->mat_count++];
        mat->material = (uint32_t)i;
        mat->tex = RM_NIFF_NOLINK;
        if (has_texture(&m->materials[i])) {
            mat->tex = (uint32_t)p->tex_count;
            p->texs[p->tex_count++].material = (uint32_t)i;
        }
    }
    return true;
}

/* Names: the scene, the Objs, the Mats, the Texs, in that order. */
static bool plan_names(wm_plan *p)
{
    const rm_mesh *m = p->mesh;
    size_t len;
    const char *base = wm_base_name(m->source, &len);
    p->scene_name = base ? wm_name_add(p, base, len) : wm_name_add(p, "scene", 5);
    if (p->scene_name == RM_NIFF_NOLINK)
        return false;
    for (size_t o = 0; o < p->obj_count; o++) {
        wm_obj *obj = &p->objs[o];
        const char *name = obj->group == RM_MESH_NONE ? base : m->groups[obj->group].name;
        size_t n = obj->group == RM_MESH_NONE ? len : (name ? strlen(name) : 0);
        obj->name = name ? wm_name_add(p, name, n) : wm_name_add(p, "object", 6);
        if (obj->name == RM_NIFF_NOLINK)
            return false;
    }
    for (size_t i = 0; i < p->mat_count; i++) {
        const char *name = m->materials[p->mats[i].material].name;
        p->mats[i].name = name ? wm_name_add(p, name, strlen(name)) : wm_name_add(p, "material", 8);
        if (p->mats[i].name == RM_NIFF_NOLINK)
            return false;
    }
    for (size_t i = 0; i < p->tex_count; i++) {
        const rm_mesh_material *mat = &m->materials[p->texs[i].material];
        /* The Tex is named after map_Kd as written; a material that has
           pixels but no file name lends its own name. */
        const char *name = mat->map_kd ? mat->map_kd : mat->name;
        p->texs[i].name = name ? wm_name_add(p, name, strlen(name)) : wm_name_add(p, "texture", 7);
        if (p->texs[i].name == RM_NIFF_NOLINK)
            return false;
    }
    return true;
}

/* A lower bound of the file size (the Tri records and texels alone): when
   even that passes 4 GiB, refuse before building a buffer that large. */
static uint64_t size_floor(const wm_plan *p)
{
    uint64_t size = (uint64_t)p->tri_count * 76u;
    for (size_t i = 0; i < p->tex_count; i++) {
        const rm_mesh_material *mat = &p->mesh->materials[p->texs[i].material];
        size += 4u * (uint64_t)mat->map_kd_width * mat->map_kd_height;
    }
    return size;
}

rm_status wm_plan_build(wm_plan *p, const rm_mesh *mesh, uint32_t version, rm_diag *diag)
{
    memset(p, 0, sizeof *p);
    p->mesh = mesh;
    p->version = version;
    p->has_colors = mesh->colors != NULL;
    p->has_normals = mesh->normal_count > 0;
    uint32_t *face_order = NULL;
    size_t *obj_face_first = NULL;
    bool ok = plan_objs(p, &face_order, &obj_face_first) && plan_mats(p);
    if (ok) {
        uint64_t floor = size_floor(p);
        if (floor > 0xffffffffu) {
            free(face_order);
            free(obj_face_first);
            rm_diag_add(diag, RM_ERROR,
                        "%s: error: cannot write NIFF: the file would be over %llu bytes, more than the 4 GiB "
                        "its size fields can hold",
                        mesh->source ? mesh->source : "mesh", (unsigned long long)floor);
            wm_plan_free(p);
            return RM_INVALID;
        }
    }
    ok = ok && plan_names(p) && wm_plan_geometry(p, face_order, obj_face_first);
    free(face_order);
    free(obj_face_first);
    if (!ok) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory writing NIFF", mesh->source ? mesh->source : "mesh");
        wm_plan_free(p);
        return RM_NOMEM;
    }
    size_t skipped = 0;
    for (size_t f = 0; f < mesh->face_count; f++)
        skipped += !wm_face_written(mesh, f);
    if (skipped)
        rm_diag_add(diag, RM_WARNING, "%s: warning: %zu face%s with fewer than 3 corners not written to NIFF",
                    mesh->source ? mesh->source : "mesh", skipped, skipped == 1 ? "" : "s");
    return RM_OK;
}
