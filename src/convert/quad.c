/* src/convert/quad.c - is a quad convex and planar?

   The VDP1 draws any 4 screen points; a concave or bent quad is drawn, but
   not as the 3D software showed it (a concave one folds over itself). The
   converter keeps such quads and warns. Turns are measured against the
   quad's own Newell normal, so the check does not depend on the axes. */
#include "geometry.h"

#include <math.h>

rm_cv_quad_shape rm_cv_quad_check(const rm_vec3d p[4])
{
    rm_cv_quad_shape s = { false, 0, false, 0.0 };
    rm_vec3d nw = rm_cv_newell(p, 4);
    double nl = rm_cv_len(nw);
    if (!(nl > 0.0))
        return s;
    rm_vec3d n = { nw.x / nl, nw.y / nl, nw.z / nl };

    for (unsigned i = 0; i < 4; i++) {
        rm_vec3d e1 = rm_cv_sub(p[i], p[(i + 3) % 4]);
        rm_vec3d e2 = rm_cv_sub(p[(i + 1) % 4], p[i]);
        double turn = rm_cv_dot(rm_cv_cross(e1, e2), n);
        /* A straight corner (3 corners on a line) is still convex. */
        if (turn < -RM_CV_STRAIGHT_SINE * rm_cv_len(e1) * rm_cv_len(e2)) {
            s.concave = true;
            s.concave_corner = i;
            break;
        }
    }

    rm_vec3d c = { (p[0].x + p[1].x + p[2].x + p[3].x) / 4.0,
                   (p[0].y + p[1].y + p[2].y + p[3].y) / 4.0,
                   (p[0].z + p[1].z + p[2].z + p[3].z) / 4.0 };
    for (unsigned i = 0; i < 4; i++) {
        double d = fabs(rm_cv_dot(rm_cv_sub(p[i], c), n));
        if (d > s.off_plane)
            s.off_plane = d;
    }
    double diag = fmax(rm_cv_len(rm_cv_sub(p[0], p[2])), rm_cv_len(rm_cv_sub(p[1], p[3])));
    s.nonplanar = s.off_plane > RM_CV_PLANAR_RATIO * diag;
    return s;
}
