/* src/formats/niff/write_mesh_plan_geometry.c - the geometry part of the
   mesh writer's plan: each Obj's triangles (a fan from corner 0 per face),
   its vertex, normal and st groups in first-use order, and its Parts (one
   per material when the Obj's faces use more than one). */
#include "write_mesh_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A per-index map reused Obj after Obj: stamp[i] == obj + 1 means val[i]
   holds the value for the current Obj (no clearing between Objs). */
typedef struct stamp_map {
    uint32_t *stamp;
    uint32_t *val;
} stamp_map;

static bool map_init(stamp_map *m, size_t n)
{
    m->stamp = calloc(n ? n : 1, sizeof *m->stamp);
    m->val = malloc((n ? n : 1) * sizeof *m->val);
    return m->stamp && m->val;
}

static void map_free(stamp_map *m)
{
    free(m->stamp);
    free(m->val);
}

/* The unit normal of a polygon by Newell's method; 0,0,0 when degenerate.
   Used for the corners without a normal in an Obj whose other corners have
   one (every Tri must name a VtxNv). */
static rm_vec3d face_normal(const rm_mesh *m, size_t f)
{
    rm_vec3d n = {0, 0, 0};
    uint32_t first = m->face_start[f], count = rm_mesh_face_corners(m, f);
    for (uint32_t i = 0; i < count; i++) {
        rm_vec3d a = m->positions[m->corner_position[first + i]];
        rm_vec3d b = m->positions[m->corner_position[first + (i + 1) % count]];
        n.x += (a.y - b.y) * (a.z + b.z);
        n.y += (a.z - b.z) * (a.x + b.x);
        n.z += (a.x - b.x) * (a.y + b.y);
    }
    double len = sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
    if (len > 0 && isfinite(len)) {
        n.x /= len;
        n.y /= len;
        n.z /= len;
    } else {
        n.x = n.y = n.z = 0;
    }
    return n;
}

typedef struct obj_maps {
    stamp_map vtx, nv, st, part;
    uint32_t *tri_part;     /* per triangle: its Part inside the Obj */
    uint32_t *part_material;    /* per Part of the current Obj: mesh material or NONE */
} obj_maps;

static uint32_t map_vtx(wm_plan *p, obj_maps *mp, uint32_t stamp, uint32_t pos)
{
    if (mp->vtx.stamp[pos] != stamp) {
        mp->vtx.stamp[pos] = stamp;
        mp->vtx.val[pos] = (uint32_t)(p->vtx_count - p->objs[stamp - 1].vtx_first);
        p->vtx[p->vtx_count++] = pos;
    }
    return mp->vtx.val[pos];
}

static void plan_obj_faces(wm_plan *p, obj_maps *mp, size_t o, const uint32_t *faces, size_t nfaces)
{
    const rm_mesh *m = p->mesh;
    wm_obj *obj = &p->objs[o];
    uint32_t stamp = (uint32_t)o + 1;
    bool use_nv = false, use_st = false;
    for (size_t i = 0; i < nfaces; i++) {
        uint32_t f = faces[i];
        for (uint32_t c = m->face_start[f]; c < m->face_start[f + 1]; c++) {
            use_nv = use_nv || (m->corner_normal && m->corner_normal[c] >= 0);
            use_st = use_st || (m->corner_uv && m->corner_uv[c] >= 0);
        }
    }
    obj->tri_first = p->tri_count;
    obj->vtx_first = p->vtx_count;
    obj->nv_first = p->nv_count;
    obj->st_first = p->st_count;
    obj->mat = RM_NIFF_NOLINK;
    uint32_t no_st = RM_NIFF_NOLINK; /* the shared 0,0 of corners without a uv */
    uint32_t parts = 0;
    for (size_t i = 0; i < nfaces; i++) {
        uint32_t f = faces[i];
        uint32_t first = m->face_start[f], n = rm_mesh_face_corners(m, f);
        /* the face's Part: one per distinct material, first use first */
        uint32_t mi = m->face_material[f];
        size_t key = mi == RM_MESH_NONE ? m->material_count : mi;
        if (mp->part.stamp[key] != stamp) {
            mp->part.stamp[key] = stamp;
            mp->part.val[key] = parts;
            mp->part_material[parts++] = mi;
            if (mi != RM_MESH_NONE) {
                obj->translucent = obj->translucent || m->materials[mi].dissolve < 1.0;
                obj->double_sided = obj->double_sided || (m->materials[mi].jo_flags & RM_MAT_DUAL_PLANE);
            }
        }
        uint32_t part = mp->part.val[key];
        uint32_t corner_nv[3] = {0, 0, 0}, corner_st[3] = {0, 0, 0};
        uint32_t face_nv = RM_NIFF_NOLINK;
        for (uint32_t t = 0; t + 2 < n; t++) {
            wm_tri *tri = &p->tris[p->tri_count];
            mp->tri_part[p->tri_count] = part;
            p->tri_count++;
            uint32_t corners[3] = {first, first + t + 1, first + t + 2};
            for (int k = 0; k < 3; k++) {
                uint32_t c = corners[k];
                tri->vtx[k] = map_vtx(p, mp, stamp, m->corner_position[c]);
                if (use_nv) {
                    int32_t ni = m->corner_normal ? m->corner_normal[c] : -1;
                    if (ni >= 0) {
                        if (mp->nv.stamp[ni] != stamp) {
                            mp->nv.stamp[ni] = stamp;
                            mp->nv.val[ni] = (uint32_t)(p->nv_count - obj->nv_first);
                            p->nv[p->nv_count++] = m->normals[ni];
                        }
                        corner_nv[k] = mp->nv.val[ni];
                    } else {
                        if (face_nv == RM_NIFF_NOLINK) {
                            face_nv = (uint32_t)(p->nv_count - obj->nv_first);
                            p->nv[p->nv_count++] = face_normal(m, f);
                        }
                        corner_nv[k] = face_nv;
                    }
                }
                if (use_st) {
                    int32_t ui = m->corner_uv ? m->corner_uv[c] : -1;
                    if (ui >= 0) {
                        if (mp->st.stamp[ui] != stamp) {
                            mp->st.stamp[ui] = stamp;
                            mp->st.val[ui] = (uint32_t)(p->st_count - obj->st_first);
                            p->st[p->st_count][0] = m->uvs[ui][0];
                            p->st[p->st_count][1] = m->uvs[ui][1];
                            p->st_count++;
                        }
                        corner_st[k] = mp->st.val[ui];
                    } else {
                        if (no_st == RM_NIFF_NOLINK) {
                            no_st = (uint32_t)(p->st_count - obj->st_first);
                            p->st[p->st_count][0] = 0;
                            p->st[p->st_count][1] = 0;
                            p->st_count++;
                        }
                        corner_st[k] = no_st;
                    }
                }
                tri->nv[k] = corner_nv[k];
                tri->st[k] = corner_st[k];
            }
        }
    }
    obj->tri_count = p->tri_count - obj->tri_first;
    obj->vtx_count = p->vtx_count - obj->vtx_first;
    obj->nv_count = p->nv_count - obj->nv_first;
    obj->st_count = p->st_count - obj->st_first;

    /* One material (or none): linked from the Shape. More: one Part each. */
    obj->part_first = p->part_count;
    if (parts == 1) {
        if (mp->part_material[0] != RM_MESH_NONE)
            obj->mat = p->mat_of[mp->part_material[0]];
        return;
    }
    size_t at = obj->tri_first;     /* part_tris is filled in Obj order */
    for (uint32_t k = 0; k < parts; k++) {
        wm_part *part = &p->parts[p->part_count++];
        uint32_t mi = mp->part_material[k];
        part->obj = (uint32_t)o;
        part->mat = mi == RM_MESH_NONE ? RM_NIFF_USE_SHAPE_MAT : p->mat_of[mi];
        part->name = mi == RM_MESH_NONE ? obj->name : p->mats[p->mat_of[mi]].name;
        part->tri_first = at;
        for (size_t t = 0; t < obj->tri_count; t++)
            if (mp->tri_part[obj->tri_first + t] == k)
                p->part_tris[at++] = (uint32_t)t;
        part->tri_count = at - part->tri_first;
    }
    obj->part_count = parts;
}

/* Geometry of every Obj. Upper bounds for the pools: each corner adds at
   most one vertex, one normal (its own or its face's) and one st. */
bool wm_plan_geometry(wm_plan *p, const uint32_t *face_order, const size_t *obj_face_first)
{
    const rm_mesh *m = p->mesh;
    size_t corners = rm_mesh_corner_count(m), tris = 0;
    for (size_t f = 0; f < m->face_count; f++)
        if (wm_face_written(m, f))
            tris += rm_mesh_face_corners(m, f) - 2u;
    p->tris = wm_alloc_array(tris, sizeof *p->tris);
    p->part_tris = wm_alloc_array(tris, sizeof *p->part_tris);
    p->vtx = wm_alloc_array(corners, sizeof *p->vtx);
    p->nv = wm_alloc_array(m->corner_normal ? corners : 0, sizeof *p->nv);
    p->st = wm_alloc_array(m->corner_uv ? corners : 0, sizeof *p->st);
    /* Parts: at most one per material (and one for no material) per Obj,
       and each has a triangle of its own. */
    uint64_t part_bound = (uint64_t)p->obj_count * (m->material_count + 1);
    p->parts = wm_alloc_array(part_bound < tris ? (size_t)part_bound : tris, sizeof *p->parts);
    obj_maps mp;
    memset(&mp, 0, sizeof mp);
    bool ok = p->tris && p->part_tris && p->vtx && p->nv && p->st && p->parts &&
              map_init(&mp.vtx, m->position_count) && map_init(&mp.nv, m->normal_count) &&
              map_init(&mp.st, m->uv_count) && map_init(&mp.part, m->material_count + 1);
    mp.tri_part = wm_alloc_array(tris, sizeof *mp.tri_part);
    mp.part_material = wm_alloc_array(m->material_count + 1, sizeof *mp.part_material);
    ok = ok && mp.tri_part && mp.part_material;
    if (ok)
        for (size_t o = 0; o < p->obj_count; o++)
            plan_obj_faces(p, &mp, o, face_order + obj_face_first[o], obj_face_first[o + 1] - obj_face_first[o]);
    map_free(&mp.vtx);
    map_free(&mp.nv);
    map_free(&mp.st);
    map_free(&mp.part);
    free(mp.tri_part);
    free(mp.part_material);
    return ok;
}
