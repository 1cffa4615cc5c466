/* src/convert/triangle.c - which corner of a triangle becomes A.

   The VDP1 draws a triangle as a quad (A, B, C, C): the edge A-B is drawn
   at full width and C-C is a point, so putting the shortest edge in A-B
   wastes the fewest pixels of a texture and draws the fewest overdrawn
   lines. The rotation is cyclic, so the orientation (front side) stays. */
#include "geometry.h"

unsigned rm_cv_shortest_edge(const rm_vec3x p[3])
{
    unsigned best = 0;
    rm_cv_u128 best_len = rm_cv_dist2(p[0], p[1]);
    for (unsigned k = 1; k < 3; k++) {
        rm_cv_u128 len = rm_cv_dist2(p[k], p[(k + 1) % 3]);
        if (rm_cv_u128_cmp(len, best_len) < 0) {   /* strictly shorter: ties keep the first */
            best = k;
            best_len = len;
        }
    }
    return best;
}
