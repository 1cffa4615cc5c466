/* src/convert/triangle.c - which corner of a triangle becomes A.

   The VDP1 draws a triangle as a quad (A, B, C, C): the edge A-B is drawn
   at full width and C-C is a point, so putting the shortest edge in A-B
   wastes the fewest pixels of a texture and draws the fewest overdrawn
   lines. The rotation is cyclic, so the orientation (front side) stays. */
#include "geometry.h"

#include <stdbool.h>
#include <stdint.h>

unsigned rm_cv_shortest_edge(const rm_vec3x p[3])
{
    /* The usual case in 64 bits, without the calls; the same lengths as
       rm_cv_dist2, so the same choice. */
    const int64_t ax = p[0].x, ay = p[0].y, az = p[0].z;
    const int64_t bx = p[1].x, by = p[1].y, bz = p[1].z;
    const int64_t cx = p[2].x, cy = p[2].y, cz = p[2].z;
    const int64_t d0x = ax - bx, d0y = ay - by, d0z = az - bz;
    const int64_t d1x = bx - cx, d1y = by - cy, d1z = bz - cz;
    const int64_t d2x = cx - ax, d2y = cy - ay, d2z = cz - az;
    /* Every difference in (-2^31, 2^31): squares below 2^62, sums of three
       below 2^64, exact in a uint64_t. */
    const uint64_t lim = UINT64_C(1) << 31;
    const uint64_t off = lim - 1;
    if ((uint64_t)(d0x + (int64_t)off) < 2 * off + 1 && (uint64_t)(d0y + (int64_t)off) < 2 * off + 1 &&
        (uint64_t)(d0z + (int64_t)off) < 2 * off + 1 && (uint64_t)(d1x + (int64_t)off) < 2 * off + 1 &&
        (uint64_t)(d1y + (int64_t)off) < 2 * off + 1 && (uint64_t)(d1z + (int64_t)off) < 2 * off + 1 &&
        (uint64_t)(d2x + (int64_t)off) < 2 * off + 1 && (uint64_t)(d2y + (int64_t)off) < 2 * off + 1 &&
        (uint64_t)(d2z + (int64_t)off) < 2 * off + 1) {
        uint64_t l0 = (uint64_t)(d0x * d0x) + (uint64_t)(d0y * d0y) + (uint64_t)(d0z * d0z);
        uint64_t l1 = (uint64_t)(d1x * d1x) + (uint64_t)(d1y * d1y) + (uint64_t)(d1z * d1z);
        uint64_t l2 = (uint64_t)(d2x * d2x) + (uint64_t)(d2y * d2y) + (uint64_t)(d2z * d2z);
        unsigned best = 0;
        uint64_t best_len = l0;
        if (l1 < best_len) {        /* strictly shorter: ties keep the first */
            best = 1;
            best_len = l1;
        }
        if (l2 < best_len)
            best = 2;
        return best;
    }
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
