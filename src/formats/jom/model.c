/* src/formats/jom/model.c - rm_jom_init / rm_jom_free. */
#include "retromesh/jom.h"

#include <stdlib.h>
#include <string.h>

void rm_jom_init(rm_jom_model *m)
{
    memset(m, 0, sizeof *m);
    m->version = RM_JOM_VERSION;
}

void rm_jom_free(rm_jom_model *m)
{
    if (!m)
        return;
    if (m->texture_images)
        for (uint32_t i = 0; i < m->texture_image_count; i++)
            free(m->texture_images[i].pixels);
    free(m->texture_images);
    free(m->points);
    free(m->polygons);
    free(m->polygon_materials);
    free(m->materials);
    free(m->textures);
    free(m->normals);
    free(m->corner_normals);
    free(m->vertex_colors);
    free(m->gouraud);
    free(m->groups);
    free(m->bones);
    if (m->animations)
        for (uint32_t i = 0; i < m->animation_count; i++)
            free(m->animations[i].keys);
    free(m->animations);
    free(m->chunks);
    rm_jom_init(m);
}
