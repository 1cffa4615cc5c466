/* src/formats/oni/to_mesh.c - a decoded M3GM as the neutral mesh. See
   retromesh/oni.h and docs/oni.md (axes, winding, material). */
#include "retromesh/oni.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oni_le.h"
#include "core/alloc.h"

static rm_vec3d vec_at(const uint8_t *p, uint32_t i)
{
    rm_vec3d v = {rm_oni_lef32(p + 12 * (size_t)i), rm_oni_lef32(p + 12 * (size_t)i + 4),
                  rm_oni_lef32(p + 12 * (size_t)i + 8)};
    return v;
}

/* A value of an array that is not a finite number: where it is. */
static void bad_value(const rm_oni_geometry *g, rm_diag *diag, rm_severity sev, uint32_t instance,
                      const char *tag, unsigned long at, const char *what, size_t i, char axis,
                      double v, const char *then)
{
    char label[32];
    snprintf(label, sizeof label, "%u (%s)", (unsigned)instance, tag);
    rm_diag_chunk(diag, sev, g->source ? g->source : "<oni>", "instance", label, at,
                  "%s %zu: %c is %g, not a finite number; %s", what, i, axis, v, then);
}

/* Positions must be numbers; normals and UVs that are not become 0 (a
   warning each, the rm_diag's limit caps them). Returns false on a bad
   position. */
static bool check_values(const rm_oni_geometry *g, rm_mesh *out, rm_diag *diag)
{
    static const char XYZ[3] = {'x', 'y', 'z'}, UV[2] = {'u', 'v'};
    bool ok = true;
    for (size_t i = 0; i < out->position_count; i++) {
        double *p[3] = {&out->positions[i].x, &out->positions[i].y, &out->positions[i].z};
        double *n[3] = {&out->normals[i].x, &out->normals[i].y, &out->normals[i].z};
        for (int k = 0; k < 3; k++) {
            if (!isfinite(*p[k])) {
                bad_value(g, diag, RM_ERROR, g->points_instance, "PNTA",
                          g->points_at + 12 * i + 4 * (size_t)k, "point", i, XYZ[k], *p[k],
                          "the geometry cannot be converted");
                ok = false;
            }
            if (!isfinite(*n[k])) {
                bad_value(g, diag, RM_WARNING, g->normals_instance, "VCRA",
                          g->normals_at + 12 * i + 4 * (size_t)k, "vertex normal", i, XYZ[k], *n[k],
                          "0 is used");
                *n[k] = 0.0;
            }
        }
        for (int k = 0; k < 2; k++)
            if (!isfinite(out->uvs[i][k])) {
                bad_value(g, diag, RM_WARNING, g->uvs_instance, "TXCA",
                          g->uvs_at + 8 * i + 4 * (size_t)k, "texture coordinate", i, UV[k],
                          out->uvs[i][k], "0 is used");
                out->uvs[i][k] = 0.0;
            }
    }
    return ok;
}

rm_status rm_oni_geometry_to_mesh(const rm_oni_geometry *g, const char *source, rm_mesh *out, rm_diag *diag)
{
    rm_mesh_init(out);
    size_t np = g->point_count, nt = g->triangle_count;
    out->source = rm_strdup(source ? source : "<oni>");
    out->positions = np ? malloc(np * sizeof *out->positions) : NULL;
    out->uvs = np ? malloc(np * sizeof *out->uvs) : NULL;
    out->normals = np ? malloc(np * sizeof *out->normals) : NULL;
    out->face_start = malloc((nt + 1) * sizeof *out->face_start);
    out->corner_position = nt ? malloc(nt * 3 * sizeof *out->corner_position) : NULL;
    out->corner_uv = nt ? malloc(nt * 3 * sizeof *out->corner_uv) : NULL;
    out->corner_normal = nt ? malloc(nt * 3 * sizeof *out->corner_normal) : NULL;
    out->face_material = nt ? malloc(nt * sizeof *out->face_material) : NULL;
    out->face_group = nt ? malloc(nt * sizeof *out->face_group) : NULL;
    out->materials = calloc(1, sizeof *out->materials);
    if (!out->source || (np && (!out->positions || !out->uvs || !out->normals)) || !out->face_start ||
        (nt && (!out->corner_position || !out->corner_uv || !out->corner_normal || !out->face_material ||
                !out->face_group)) ||
        !out->materials)
        goto nomem;
    out->position_count = out->uv_count = out->normal_count = np;
    for (size_t i = 0; i < np; i++) {
        out->positions[i] = vec_at(g->points, (uint32_t)i);
        out->normals[i] = vec_at(g->vertex_normals, (uint32_t)i);
        out->uvs[i][0] = rm_oni_lef32(g->uvs + 8 * i);
        out->uvs[i][1] = rm_oni_lef32(g->uvs + 8 * i + 4);
    }
    if (!check_values(g, out, diag)) {
        rm_mesh_free(out);
        return RM_INVALID;
    }
    /* One material, named after the texture without its tag. */
    const char *mat = g->texture_name ? g->texture_name : "none";
    if (g->texture_name && strlen(mat) > 4 && strncmp(mat, "TXMP", 4) == 0)
        mat += 4;
    out->material_count = 1;   /* set first: rm_mesh_free then frees what is there */
    out->materials[0].name = rm_strdup(mat);
    if (!out->materials[0].name)
        goto nomem;
    rm_mesh_material_defaults(&out->materials[0]);
    for (size_t f = 0; f < nt; f++) {
        uint32_t a = g->triangles[3 * f], b = g->triangles[3 * f + 1], c = g->triangles[3 * f + 2];
        /* Oni culls with the face normals, so the strip order says nothing
           about winding: turn each triangle counter-clockwise around its
           face normal (as OniSplit does), so exporters get outward faces. */
        rm_vec3d pa = out->positions[a], pb = out->positions[b], pc = out->positions[c];
        rm_vec3d fn = vec_at(g->face_normals, rm_oni_le32(g->face_normal_indexes + 4 * f));
        double ux = pb.x - pa.x, uy = pb.y - pa.y, uz = pb.z - pa.z;
        double vx = pc.x - pa.x, vy = pc.y - pa.y, vz = pc.z - pa.z;
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        if (nx * fn.x + ny * fn.y + nz * fn.z < 0) {
            uint32_t t = b;
            b = c;
            c = t;
        }
        out->face_start[f] = (uint32_t)(3 * f);
        uint32_t k[3] = {a, b, c};
        for (int j = 0; j < 3; j++) {
            out->corner_position[3 * f + (size_t)j] = k[j];
            out->corner_uv[3 * f + (size_t)j] = (int32_t)k[j];
            out->corner_normal[3 * f + (size_t)j] = (int32_t)k[j];
        }
        out->face_material[f] = 0;
        out->face_group[f] = RM_MESH_NONE;
    }
    out->face_start[nt] = (uint32_t)(3 * nt);
    out->face_count = nt;
    return RM_OK;
nomem:
    rm_mesh_free(out);
    rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", source ? source : "<oni>");
    return RM_NOMEM;
}
