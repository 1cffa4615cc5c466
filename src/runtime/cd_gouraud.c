/* src/runtime/cd_gouraud.c - the gouraud tables of a model, as sprites
   after its textures (seed 002: "the gouraud tables of a model are new
   sprites at each load").
   - jo_3d_load_model: "gives one table to the polygons with the same
     colors": each polygon of a material with JO_3D_MATERIAL_GOURAUD takes
     the table of the first polygon before it with the same 4 GOUR words
     (A, B, C, D in that order), else a new one. Polygons without gouraud
     take none. Tables are not shared between models (each load makes its
     own).
   - __jo_3d_load_model_for_lights: "a gouraud table per polygon": every
     polygon, gouraud material or not, gets its own, since the point
     lights write each polygon's colors; it starts with the GOUR words of a
     gouraud material, else the neutral 16,16,16 (JO_NO_GOURAUD_COLOR,
     saturn-notes 2.1 and 5.4).
   A table is 8 bytes (4 words, saturn-notes 5.4) from the sprite
   allocator, so the next sprite starts 32 bytes further (vram.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cd_internal.h"
#include "retromesh/mesh.h"

bool cd_make_gouraud(rm_cd *cd, cd_model *m, rm_diag *diag)
{
    const rm_jom_model *j = &m->jom;
    rm_cd_model_info *info = &m->info;
    info->first_gouraud = -1;
    info->gouraud_tables = 0;
    if (j->polygon_count == 0)
        return true;
    info->polygon_gouraud = malloc((size_t)j->polygon_count * sizeof *info->polygon_gouraud);
    if (!info->polygon_gouraud) {
        cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, info->filename, 0);
        return false;
    }
    for (uint32_t p = 0; p < j->polygon_count; p++)
        info->polygon_gouraud[p] = -1;
    /* The tables made so far by their 4 colors (the 64-bit key): open
       addressing, a slot is free while its id is -1. */
    size_t cap = 16;
    while (cap < (size_t)j->polygon_count * 2)
        cap *= 2;
    uint64_t *keys = NULL;
    int *ids = NULL;
    if (!info->for_lights) {
        keys = calloc(cap, sizeof *keys);
        ids = malloc(cap * sizeof *ids);
        if (!keys || !ids) {
            free(keys);
            free(ids);
            cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, info->filename, 0);
            return false;
        }
        for (size_t i = 0; i < cap; i++)
            ids[i] = -1;
    }
    bool ok = true;
    for (uint32_t p = 0; p < j->polygon_count; p++) {
        uint16_t mat = j->polygon_materials[p];
        bool gouraud = j->has_gouraud && j->gouraud && mat < j->material_count &&
                       (j->materials[mat].flags & RM_MAT_GOURAUD);
        if (!gouraud && !info->for_lights)
            continue;
        uint16_t colors[4];
        uint64_t key = 0;
        for (int k = 0; k < 4; k++) {
            colors[k] = gouraud ? j->gouraud[(size_t)p * 4 + (size_t)k] : RM_CD_NEUTRAL_GOURAUD;
            key = key << 16 | colors[k];
        }
        size_t slot = 0;
        if (!info->for_lights) {
            /* The same 4 colors as a polygon before: its table. */
            slot = (size_t)((key * 0x9E3779B97F4A7C15u) >> 20) & (cap - 1);
            while (ids[slot] >= 0 && keys[slot] != key)
                slot = (slot + 1) & (cap - 1);
            if (ids[slot] >= 0) {
                info->polygon_gouraud[p] = ids[slot];
                continue;
            }
        }
        cd_sprite_request req = {0};
        req.kind = RM_CD_GOURAUD;
        req.mode = RM_CD_TABLE;
        req.name = "";
        req.width = 4;
        req.height = 1;
        req.bytes = RM_CD_GOURAUD_BYTES;
        req.parent = -1;
        req.owner = info->handle;
        req.texels = malloc(sizeof colors);
        if (!req.texels) {
            cd_fail(cd, RM_CD_ERR_NOMEM, RM_NOMEM, info->filename, 0);
            ok = false;
            break;
        }
        memcpy(req.texels, colors, sizeof colors);
        char what[80];
        snprintf(what, sizeof what, "%s: gouraud table of polygon %u", info->filename, (unsigned)p);
        int id = cd_sprite_add(cd, &req, what, diag);
        if (id < 0) {
            ok = false;
            break;
        }
        if (!info->for_lights) {
            keys[slot] = key;
            ids[slot] = id;
        }
        info->polygon_gouraud[p] = id;
        if (info->first_gouraud < 0)
            info->first_gouraud = id;
        info->gouraud_tables++;
    }
    free(keys);
    free(ids);
    return ok;
}
