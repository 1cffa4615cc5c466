/* src/convert/sort.c - a stable merge sort of indexes, with a context.

   qsort() has no context argument and is not stable; the converter sorts
   indexes by what they point to (sets of groups, names), and equal keys
   must keep their order so that the output never depends on the C
   library. Bottom-up, O(n log n), one scratch buffer. */
#include "stages.h"

#include <stdlib.h>
#include <string.h>

bool rm_cv_sort_u32(uint32_t *a, size_t n, int (*cmp)(uint32_t, uint32_t, const void *),
                    const void *ctx)
{
    if (n < 2)
        return true;
    uint32_t *tmp = malloc(n * sizeof *tmp);
    if (!tmp)
        return false;
    uint32_t *src = a, *dst = tmp;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                dst[k++] = cmp(src[j], src[i], ctx) < 0 ? src[j++] : src[i++];
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
        }
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != a)
        memcpy(a, src, n * sizeof *a);
    free(tmp);
    return true;
}
