/* src/core/mesh.c - see include/retromesh/mesh.h. */
#include "retromesh/mesh.h"

#include "retromesh/skeleton.h"

#include <stdlib.h>
#include <string.h>

void rm_mesh_init(rm_mesh *m)
{
    memset(m, 0, sizeof *m);
}

void rm_mesh_material_defaults(rm_mesh_material *mat)
{
    char *name = mat->name;
    memset(mat, 0, sizeof *mat);
    mat->name = name;
    mat->kd[0] = mat->kd[1] = mat->kd[2] = 1.0;
    mat->dissolve = 1.0;
}

void rm_mesh_free(rm_mesh *m)
{
    free(m->source);
    free(m->positions);
    free(m->colors);
    free(m->has_color);
    free(m->position_line);
    free(m->uvs);
    free(m->normals);
    free(m->face_start);
    free(m->corner_position);
    free(m->corner_uv);
    free(m->corner_normal);
    free(m->face_material);
    free(m->face_group);
    free(m->face_line);
    free(m->face_column);
    for (size_t i = 0; i < m->material_count; i++) {
        free(m->materials[i].name);
        free(m->materials[i].library);
        free(m->materials[i].map_kd);
        free(m->materials[i].map_kd_rgba);
    }
    free(m->materials);
    for (size_t i = 0; i < m->group_count; i++)
        free(m->groups[i].name);
    free(m->groups);
    for (size_t i = 0; i < m->library_count; i++)
        free(m->libraries[i]);
    free(m->libraries);
    if (m->skeleton) {
        rm_skeleton_free(m->skeleton);
        free(m->skeleton);
    }
    memset(m, 0, sizeof *m);
}
