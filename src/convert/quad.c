/* src/convert/quad.c - is a quad convex and planar?

   The VDP1 draws any 4 screen points; a concave or bent quad is drawn, but
   not as the 3D software showed it (a concave one folds over itself). The
   converter keeps such quads and warns. Turns are measured against the
   quad's own Newell normal, so the check does not depend on the axes. */
#include "geometry.h"

#include <math.h>

static rm_vec3d sub(rm_vec3d a, rm_vec3d b)
{
    rm_vec3d r = { a.x - b.x, a.y - b.y, a.z - b.z };
    return r;
}

static double dot(rm_vec3d a, rm_vec3d b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static rm_vec3d cross(rm_vec3d a, rm_vec3d b)
{
    rm_vec3d r = { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
    return r;
}

static double len(rm_vec3d a)
{
    return sqrt(dot(a, a));
}

rm_cv_quad_shape rm_cv_quad_check(const rm_vec3d p[4])
{
    rm_cv_quad_shape s = { false, 0, false, 0.0 };
    rm_vec3d nw = rm_cv_newell(p, 4);
    double nl = len(nw);
    if (!(nl > 0.0))
        return s;
    rm_vec3d n = { nw.x / nl, nw.y / nl, nw.z / nl };

    for (unsigned i = 0; i < 4; i++) {
        rm_vec3d e1 = sub(p[i], p[(i + 3) % 4]);
        rm_vec3d e2 = sub(p[(i + 1) % 4], p[i]);
        double turn = dot(cross(e1, e2), n);
        /* A straight corner (3 corners on a line) is still convex. */
        if (turn < -RM_CV_STRAIGHT_SINE * len(e1) * len(e2)) {
            s.concave = true;
            s.concave_corner = i;
            break;
        }
    }

    rm_vec3d c = { (p[0].x + p[1].x + p[2].x + p[3].x) / 4.0,
                   (p[0].y + p[1].y + p[2].y + p[3].y) / 4.0,
                   (p[0].z + p[1].z + p[2].z + p[3].z) / 4.0 };
    for (unsigned i = 0; i < 4; i++) {
        double d = fabs(dot(sub(p[i], c), n));
        if (d > s.off_plane)
            s.off_plane = d;
    }
    double diag = fmax(len(sub(p[0], p[2])), len(sub(p[1], p[3])));
    s.nonplanar = s.off_plane > RM_CV_PLANAR_RATIO * diag;
    return s;
}
