/* src/convert/positions.c - from OBJ positions to Saturn Q16.16 points.

   The OBJ is Y up, right handed; the Saturn is Y down, Z forward: a turn
   of 180 degrees around X, (x, -y, -z). Only positions used by a face are
   converted and checked: a stray vertex far away is not an error. */
#include "core/fixed_round.h"
#include "stages.h"

#include <math.h>
#include <stdlib.h>

rm_vec3d rm_cv_axis_change(rm_vec3d p, bool saturn_axes, double scale)
{
    rm_vec3d r = { p.x * scale, p.y * scale, p.z * scale };
    if (!saturn_axes) {
        r.y = -r.y;
        r.z = -r.z;
    }
    return r;
}

static bool in_range(double v)
{
    rm_fixed f;
    return rm_fixed_round(v, &f);
}

/* Reports the first coordinate of position i that does not fit. */
static void report(const rm_cv_ctx *c, size_t i, const double obj[3], const double fin[3])
{
    static const char axis_name[3] = { 'x', 'y', 'z' };
    const rm_mesh *m = c->mesh;
    unsigned long line = m->position_line ? m->position_line[i] : 0;
    for (int a = 0; a < 3; a++) {
        if (in_range(fin[a]))
            continue;
        if (!isfinite(obj[a])) {
            rm_diag_at(c->diag, RM_ERROR, c->file, line, 0,
                       "vertex %zu (%c = %s) is not a finite number", i + 1, axis_name[a],
                       isnan(obj[a]) ? "nan" : (obj[a] > 0 ? "inf" : "-inf"));
            return;
        }
        /* The value the user can find in the OBJ: its own axis, times the
           scale. Only y = -32768 (exactly) is in range there and out of
           range once flipped; say so then. */
        double scaled = obj[a] * c->opt.scale;
        if (in_range(scaled) && scaled != fin[a])
            rm_diag_at(c->diag, RM_ERROR, c->file, line, 0,
                       "vertex %zu (%c = %.10g after scale, %.10g in Saturn axes) is outside the "
                       "Q16.16 range (-32768 .. 32767.99998)",
                       i + 1, axis_name[a], scaled, fin[a]);
        else
            rm_diag_at(c->diag, RM_ERROR, c->file, line, 0,
                       "vertex %zu (%c = %.10g after scale) is outside the Q16.16 range "
                       "(-32768 .. 32767.99998)",
                       i + 1, axis_name[a], scaled);
        return;
    }
}

rm_status rm_cv_convert_positions(rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
    size_t np = m->position_count;
    c->pos = calloc(np ? np : 1, sizeof *c->pos);
    uint8_t *used = calloc(np ? np : 1, 1);
    if (!c->pos || !used) {
        free(used);
        return RM_NOMEM;
    }
    size_t corners = rm_mesh_corner_count(m);
    for (size_t i = 0; i < corners; i++)
        used[m->corner_position[i]] = 1;

    size_t errors = 0;
    for (size_t i = 0; i < np; i++) {
        if (!used[i])
            continue;
        rm_vec3d q = rm_cv_axis_change(m->positions[i], c->opt.saturn_axes, c->opt.scale);
        double obj[3] = { m->positions[i].x, m->positions[i].y, m->positions[i].z };
        double fin[3] = { q.x, q.y, q.z };
        rm_fixed f[3];
        bool ok = true;
        for (int a = 0; a < 3; a++)
            ok = rm_fixed_round(fin[a], &f[a]) && ok;
        if (!ok) {
            report(c, i, obj, fin);
            errors++;
            continue;
        }
        c->pos[i].x = f[0];
        c->pos[i].y = f[1];
        c->pos[i].z = f[2];
    }
    free(used);
    return errors ? RM_INVALID : RM_OK;
}
