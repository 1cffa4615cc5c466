/* src/convert/materials.c - MATL and QMAT.

   One record per material used by a written polygon, in order of first
   use in the polygon order. Faces without a material share a "default"
   record: white, shine 0, flags 0 (named "default_", then "default_2"...,
   when a used material already has that name). */
#include "stages.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint8_t rm_cv_color_byte(double kd)
{
    if (isnan(kd))
        return 255;
    if (kd <= 0.0)
        return 0;
    if (kd >= 1.0)
        return 255;
    return (uint8_t)lround(kd * 255.0);
}

uint8_t rm_cv_shine(double ns)
{
    if (isnan(ns) || ns <= 0.0)
        return 0;
    if (ns >= 255.0)
        return 255;
    return (uint8_t)lround(ns);
}

void rm_cv_material_record(const rm_mesh_material *m, rm_jom_material *out)
{
    memset(out, 0, sizeof *out);
    rm_cv_truncate_name(m->name, out->name);
    out->r = rm_cv_color_byte(m->kd[0]);
    out->g = rm_cv_color_byte(m->kd[1]);
    out->b = rm_cv_color_byte(m->kd[2]);
    out->shine = rm_cv_shine(m->ns);
    out->texture = -1;      /* set by textures.c when the material has a map_Kd */
    out->subdivision_error = m->jo_subdivision_error;
    out->flags = m->jo_flags;
    if (m->dissolve < 1.0)
        out->flags |= RM_MAT_HALF_TRANSPARENT;
    out->user = m->jo_value;
}

void rm_cv_default_material(const char *name, rm_jom_material *out)
{
    memset(out, 0, sizeof *out);
    rm_cv_truncate_name(name, out->name);
    out->r = out->g = out->b = 255;
    out->texture = -1;
}

typedef struct name_ctx {
    const rm_jom_material *mats;
} name_ctx;

static int cmp_names(uint32_t a, uint32_t b, const void *ctx)
{
    const name_ctx *nc = ctx;
    return memcmp(nc->mats[a].name, nc->mats[b].name, 16);
}

static bool name_taken(const rm_cv_ctx *c, const uint32_t *source, size_t skip, const char *name)
{
    char cut[16];
    rm_cv_truncate_name(name, cut);
    for (size_t i = 0; i < c->material_count; i++)
        if (i != skip && source[i] != RM_MESH_NONE && memcmp(c->materials[i].name, cut, 16) == 0)
            return true;
    return false;
}

/* Two materials whose names are the same once cut to 15 characters. */
static rm_status warn_name_collisions(const rm_cv_ctx *c, const uint32_t *source)
{
    size_t n = c->material_count;
    uint32_t *order = malloc((n ? n : 1) * sizeof *order);
    if (!order)
        return RM_NOMEM;
    for (size_t i = 0; i < n; i++)
        order[i] = (uint32_t)i;
    name_ctx nc = { c->materials };
    if (!rm_cv_sort_u32(order, n, cmp_names, &nc)) {
        free(order);
        return RM_NOMEM;
    }
    for (size_t i = 1; i < n; i++) {
        size_t j = i;
        while (j > 0 && memcmp(c->materials[order[j - 1]].name, c->materials[order[i]].name, 16) == 0)
            j--;
        if (j == i)
            continue;
        uint32_t a = source[order[j]], b = source[order[i]];
        const rm_mesh_material *ma = a == RM_MESH_NONE ? NULL : &c->mesh->materials[a];
        const rm_mesh_material *mb = b == RM_MESH_NONE ? NULL : &c->mesh->materials[b];
        const char *file = mb && mb->library ? mb->library : c->file;
        unsigned long line = mb && mb->library ? mb->line : 0;
        rm_diag_at(c->diag, RM_WARNING, file, line, 0,
                   "materials \"%s\" and \"%s\" have the same name once cut to 15 characters "
                   "(\"%.15s\")",
                   ma && ma->name ? ma->name : "(no material)", mb && mb->name ? mb->name : "(no material)",
                   c->materials[order[i]].name);
    }
    free(order);
    return RM_OK;
}

rm_status rm_cv_build_materials(rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
    size_t slots = m->material_count + 1;      /* the last slot: no material */
    uint32_t *out_of = malloc(slots * sizeof *out_of);
    uint32_t *source = malloc(slots * sizeof *source);
    c->poly_material = malloc((c->poly_count ? c->poly_count : 1) * sizeof *c->poly_material);
    rm_status st = RM_NOMEM;
    if (!out_of || !source || !c->poly_material)
        goto done;
    for (size_t i = 0; i < slots; i++)
        out_of[i] = UINT32_MAX;
    size_t count = 0;
    for (size_t p = 0; p < c->poly_count; p++) {
        uint32_t face = c->polys[p].face;
        uint32_t mat = m->face_material ? m->face_material[face] : RM_MESH_NONE;
        size_t slot = mat == RM_MESH_NONE ? m->material_count : mat;
        if (out_of[slot] == UINT32_MAX) {
            source[count] = mat;
            out_of[slot] = (uint32_t)count++;
        }
        c->poly_material[p] = out_of[slot];
    }
    c->materials = calloc(count ? count : 1, sizeof *c->materials);
    if (!c->materials)
        goto done;
    c->material_count = count;
    size_t default_at = SIZE_MAX;
    for (size_t i = 0; i < count; i++) {
        if (source[i] == RM_MESH_NONE)
            default_at = i;
        else
            rm_cv_material_record(&m->materials[source[i]], &c->materials[i]);
    }
    if (default_at != SIZE_MAX) {
        char name[16] = "default";
        if (name_taken(c, source, default_at, name))
            snprintf(name, sizeof name, "default_");
        for (unsigned k = 2; name_taken(c, source, default_at, name) && k < 100000; k++)
            snprintf(name, sizeof name, "default_%u", k);
        rm_cv_default_material(name, &c->materials[default_at]);
    }
    st = warn_name_collisions(c, source);
    if (st == RM_OK) {
        c->material_source = source;    /* textures.c needs it */
        source = NULL;
    }
done:
    free(out_of);
    free(source);
    return st;
}
