/* src/convert/uv_corners.c - which corner of a textured polygon becomes A.

   The VDP1 has no texture coordinates: it draws the whole texture on the
   polygon, its top-left at A, top-right at B, bottom-right at C and
   bottom-left at D (saturn-notes 5.1). So the UVs of a face only tell
   which way round the texture goes: the corner whose UV is nearest the
   top-left of the face's UV box becomes A (a cyclic rotation: the front
   side stays). In UV space (v up), top-left, top-right, bottom-right,
   bottom-left turn clockwise; a face whose UVs turn the other way
   ("mirrored") cannot be drawn right by a rotation alone: its A is then
   the corner nearest the top-right, so that the VDP1's horizontal flip
   (jo_flip h) draws it as the UVs say.

   The corners come from the UVs alone, never from the material's jo_flip
   (seed 000: the flag asks the VDP1 to flip the texture): a normally
   mapped face of a jo_flip h material has the same corners as without the
   flag and the VDP1 draws its texture mirrored, as asked. */
#include "textures.h"

#include <math.h>

rm_cv_uv_turn rm_cv_uv_turn_of(const double uv[][2], unsigned n, uint32_t flags)
{
    (void)flags;        /* the corners never depend on the flip: see the top */
    rm_cv_uv_turn t = { false, 0, false };
    if (n < 3 || n > 4)
        return t;
    double umin = INFINITY, umax = -INFINITY, vmin = INFINITY, vmax = -INFINITY;
    for (unsigned i = 0; i < n; i++) {
        double u = uv[i][0], v = uv[i][1];
        if (!isfinite(u) || !isfinite(v))
            return t;
        umin = fmin(umin, u);
        umax = fmax(umax, u);
        vmin = fmin(vmin, v);
        vmax = fmax(vmax, v);
    }
    double eu = umax - umin, ev = vmax - vmin;
    if (!(eu > 0.0) && !(ev > 0.0))
        return t;       /* every corner at one UV: no direction at all */
    t.usable = true;

    /* Twice the signed area (shoelace), relative to corner 0 for precision:
       negative = clockwise with v up, as the VDP1 draws. */
    double area = 0.0;
    for (unsigned i = 1; i + 1 < n; i++) {
        double au = uv[i][0] - uv[0][0], av = uv[i][1] - uv[0][1];
        double bu = uv[i + 1][0] - uv[0][0], bv = uv[i + 1][1] - uv[0][1];
        area += au * bv - av * bu;
    }
    t.mirrored = area > 0.0;

    /* The texture corner that goes at A: the top-left (u min, v max), or for
       a mirrored face the top-right, where jo_flip h puts it. */
    double tu = t.mirrored ? umax : umin;
    double tv = vmax;
    double best = INFINITY;
    for (unsigned i = 0; i < n; i++) {
        double du = eu > 0.0 ? (uv[i][0] - tu) / eu : 0.0;
        double dv = ev > 0.0 ? (uv[i][1] - tv) / ev : 0.0;
        double d = du * du + dv * dv;
        if (d < best) {         /* strictly nearer: a tie keeps the first */
            best = d;
            t.first = i;
        }
    }
    return t;
}

bool rm_cv_uv_drawn_right(const rm_cv_uv_turn *t, uint32_t flags)
{
    uint32_t flip = flags & (RM_MAT_FLIP_H | RM_MAT_FLIP_V);
    /* A normal face is drawn as its UVs say, flipped as the material asks;
       a mirrored one only with jo_flip h (its A is the top-right). */
    return !t->mirrored || flip == RM_MAT_FLIP_H;
}

bool rm_cv_corner_uvs(const rm_mesh *m, const uint32_t *corner, unsigned n, double uv[4][2])
{
    if (!m->corner_uv || !m->uvs)
        return false;
    for (unsigned i = 0; i < n; i++) {
        int32_t k = m->corner_uv[corner[i]];
        if (k < 0 || (size_t)k >= m->uv_count)
            return false;
        uv[i][0] = m->uvs[k][0];
        uv[i][1] = m->uvs[k][1];
        if (!isfinite(uv[i][0]) || !isfinite(uv[i][1]))
            return false;
    }
    return true;
}

const char *rm_cv_flip_name(uint32_t flags)
{
    switch (flags & (RM_MAT_FLIP_H | RM_MAT_FLIP_V)) {
    case RM_MAT_FLIP_H: return "jo_flip h";
    case RM_MAT_FLIP_V: return "jo_flip v";
    case RM_MAT_FLIP_H | RM_MAT_FLIP_V: return "jo_flip hv";
    default: return "no jo_flip";
    }
}
