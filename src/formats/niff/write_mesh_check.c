/* src/formats/niff/write_mesh_check.c - what the mesh writer refuses
   before it plans anything: counts a NIFF list cannot hold and indices
   outside their arrays (rm_niff_write_mesh is public: the mesh may not come
   from one of our readers). */
#include "write_mesh_internal.h"

static const char *source_of(const rm_mesh *m)
{
    return m->source ? m->source : "mesh";
}

static rm_status too_many(const rm_mesh *m, rm_diag *diag, const char *what, size_t n)
{
    rm_diag_add(diag, RM_ERROR,
                "%s: error: cannot write NIFF: %zu %s, more than a NIFF list can hold (0x7fffffff)",
                source_of(m), n, what);
    return RM_INVALID;
}

static rm_status bad(const rm_mesh *m, rm_diag *diag, const char *what, size_t face)
{
    rm_diag_add(diag, RM_ERROR, "%s: error: cannot write NIFF: face %zu: %s", source_of(m), face, what);
    return RM_INVALID;
}

static rm_status check_counts(const rm_mesh *m, rm_diag *diag)
{
    if (m->face_count > WM_MAX_COUNT)
        return too_many(m, diag, "faces", m->face_count);
    if (m->position_count > WM_MAX_COUNT)
        return too_many(m, diag, "positions", m->position_count);
    if (m->uv_count > WM_MAX_COUNT)
        return too_many(m, diag, "texture coordinates", m->uv_count);
    if (m->normal_count > WM_MAX_COUNT)
        return too_many(m, diag, "normals", m->normal_count);
    if (m->material_count > WM_MAX_COUNT)
        return too_many(m, diag, "materials", m->material_count);
    if (m->group_count > WM_MAX_COUNT)
        return too_many(m, diag, "groups", m->group_count);
    if (m->face_count == 0)
        return RM_OK;
    if (!m->face_start || !m->face_material || !m->face_group) {
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot write NIFF: the mesh has faces but no face arrays",
                    source_of(m));
        return RM_INVALID;
    }
    /* Every triangle, Obj vertex, normal and st comes from a corner, so
       bounding the corners bounds them all. */
    if (m->face_start[m->face_count] > WM_MAX_COUNT)
        return too_many(m, diag, "face corners", m->face_start[m->face_count]);
    if (m->face_start[m->face_count] > 0 && !m->corner_position) {
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot write NIFF: the mesh has corners but no corner_position",
                    source_of(m));
        return RM_INVALID;
    }
    if (m->position_count > 0 && !m->positions) {
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot write NIFF: the mesh has positions but no array",
                    source_of(m));
        return RM_INVALID;
    }
    return RM_OK;
}

rm_status wm_check_mesh(const rm_mesh *m, rm_diag *diag)
{
    rm_status st = check_counts(m, diag);
    if (st != RM_OK || m->face_count == 0)
        return st;
    if (m->face_start[0] != 0)
        return bad(m, diag, "face_start[0] is not 0", 0);
    for (size_t f = 0; f < m->face_count; f++) {
        if (m->face_start[f + 1] < m->face_start[f])
            return bad(m, diag, "face_start goes backwards", f);
        if (m->face_material[f] != RM_MESH_NONE && m->face_material[f] >= m->material_count)
            return bad(m, diag, "material index out of range", f);
        if (m->face_group[f] != RM_MESH_NONE && m->face_group[f] >= m->group_count)
            return bad(m, diag, "group index out of range", f);
        for (uint32_t c = m->face_start[f]; c < m->face_start[f + 1]; c++) {
            if (m->corner_position[c] >= m->position_count)
                return bad(m, diag, "position index out of range", f);
            if (m->corner_uv && m->corner_uv[c] >= 0 && (size_t)m->corner_uv[c] >= m->uv_count)
                return bad(m, diag, "texture coordinate index out of range", f);
            if (m->corner_uv && m->corner_uv[c] >= 0 && !m->uvs)
                return bad(m, diag, "texture coordinate without a uvs array", f);
            if (m->corner_normal && m->corner_normal[c] >= 0 && (size_t)m->corner_normal[c] >= m->normal_count)
                return bad(m, diag, "normal index out of range", f);
            if (m->corner_normal && m->corner_normal[c] >= 0 && !m->normals)
                return bad(m, diag, "normal without a normals array", f);
        }
    }
    return RM_OK;
}
