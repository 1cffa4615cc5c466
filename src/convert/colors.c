/* src/convert/colors.c - VCOL (vertex colors) and GOUR (gouraud colors).

   VCOL: one color per point, 1.0 = 0x10000; a merged point keeps the color
   of its first position. GOUR: for each polygon of a material with
   jo_gouraud, the color of each corner as RGB555, where 16 per channel is
   neutral (the VDP1 adds channel - 16 to the texture): round(c * 16),
   clamped to 0..31. GOUR uses each corner's own OBJ color, which is the
   color the artist painted even where the weld merged two positions of
   different colors. Polygons of other materials get 0. */
#include "core/fixed_round.h"
#include "stages.h"

#include <math.h>
#include <stdlib.h>

rm_fixed rm_cv_color_fixed(double c, bool *bad)
{
    rm_fixed f;
    if (!rm_fixed_round(c, &f)) {
        *bad = true;
        return RM_FIXED_ONE;
    }
    return f;
}

unsigned rm_cv_gouraud_channel(double c)
{
    if (isnan(c))
        return 16;
    double v = round(c * 16.0);
    if (v <= 0.0)
        return 0;
    if (v >= 31.0)
        return 31;
    return (unsigned)v;
}

uint16_t rm_cv_gouraud_color(rm_vec3d color)
{
    return rm_rgb555(rm_cv_gouraud_channel(color.x), rm_cv_gouraud_channel(color.y),
                     rm_cv_gouraud_channel(color.z));
}

/* A channel of a position's color as written: 1.0 when it is not usable. */
static rm_fixed channel_fixed(double c)
{
    rm_fixed f;
    return rm_fixed_round(c, &f) ? f : RM_FIXED_ONE;
}

static bool channel_bad(double c)
{
    rm_fixed f;
    return !rm_fixed_round(c, &f);
}

/* The color of a position, each bad channel replaced by 1.0. */
static rm_vec3d usable(rm_vec3d c)
{
    rm_vec3d r = c;
    if (channel_bad(c.x))
        r.x = 1.0;
    if (channel_bad(c.y))
        r.y = 1.0;
    if (channel_bad(c.z))
        r.z = 1.0;
    return r;
}

static void warn_bad_colors(const rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
    /* The usual case, every color usable: no need to find the used ones. */
    bool any = false;
    for (size_t i = 0; i < m->position_count && !any; i++)
        any = channel_bad(m->colors[i].x) || channel_bad(m->colors[i].y) ||
              channel_bad(m->colors[i].z);
    if (!any)
        return;
    uint8_t *used = calloc(m->position_count ? m->position_count : 1, 1);
    if (!used)
        return;
    for (size_t i = 0; i < 4 * c->poly_count; i++)
        used[m->corner_position[c->polys[i / 4].corner[i % 4]]] = 1;
    for (size_t i = 0; i < m->position_count; i++) {
        if (!used[i])
            continue;
        const double ch[3] = { m->colors[i].x, m->colors[i].y, m->colors[i].z };
        static const char names[3] = { 'r', 'g', 'b' };
        for (int a = 0; a < 3; a++) {
            if (!channel_bad(ch[a]))
                continue;
            rm_diag_at(c->diag, RM_WARNING, c->file, m->position_line ? m->position_line[i] : 0, 0,
                       "vertex %zu has a color that is not a usable number (%c = %g); 1.0 is used",
                       i + 1, names[a], ch[a]);
            break;
        }
    }
    free(used);
}

rm_status rm_cv_build_colors(rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
    bool wants_gouraud = false;
    for (size_t i = 0; i < c->material_count; i++)
        if (c->materials[i].flags & RM_MAT_GOURAUD)
            wants_gouraud = true;
    if (!m->colors) {
        if (wants_gouraud)
            for (size_t i = 0; i < c->material_count; i++)
                if (c->materials[i].flags & RM_MAT_GOURAUD)
                    rm_cv_diag(c, RM_WARNING,
                               "material \"%.15s\" asks for gouraud shading (jo_gouraud 1) but the "
                               "model has no vertex colors; no GOUR chunk is written",
                               c->materials[i].name);
        return RM_OK;
    }

    warn_bad_colors(c);
    if (c->doomed)
        return RM_OK;       /* the conversion fails at the limits: no VCOL, no GOUR */
    c->colors = malloc((c->point_count ? c->point_count : 1) * sizeof *c->colors);
    if (!c->colors)
        return RM_NOMEM;
    for (size_t k = 0; k < c->point_count; k++) {
        /* A bad channel is 1.0, whose Q16.16 is RM_FIXED_ONE. */
        rm_vec3d col = m->colors[c->point_source[k]];
        c->colors[k].x = channel_fixed(col.x);
        c->colors[k].y = channel_fixed(col.y);
        c->colors[k].z = channel_fixed(col.z);
    }
    if (!wants_gouraud)
        return RM_OK;
    c->gouraud = calloc(c->poly_count ? 4 * c->poly_count : 1, sizeof *c->gouraud);
    if (!c->gouraud)
        return RM_NOMEM;
    for (size_t p = 0; p < c->poly_count; p++) {
        if (!(c->materials[c->poly_material[p]].flags & RM_MAT_GOURAUD))
            continue;
        for (unsigned k = 0; k < 4; k++) {
            uint32_t pos = m->corner_position[c->polys[p].corner[k]];
            c->gouraud[4 * p + k] = rm_cv_gouraud_color(usable(m->colors[pos]));
        }
    }
    return RM_OK;
}
