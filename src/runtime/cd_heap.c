/* src/runtime/cd_heap.c - the work-RAM heap as figures: jo_malloc's static
   array of JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC bytes (saturn-notes 7.2).
   Only the bytes asked for are counted: the allocator's own headers and
   fragmentation are not known and left out (docs/cd.md). */
#include <inttypes.h>

#include "cd_internal.h"

static bool heap_check(rm_cd *cd, uint64_t bytes, const char *what, rm_diag *diag)
{
    uint64_t need = cd->heap_used + bytes;
    if (need > cd->heap_peak)
        cd->heap_peak = need;
    if (need <= cd->opt.heap_size)
        return true;
    uint64_t missing = need - cd->opt.heap_size;
    uint64_t left = cd->heap_used < cd->opt.heap_size ? cd->opt.heap_size - cd->heap_used : 0;
    if (cd->opt.keep_going) {
        if (missing > cd->heap_over)
            cd->heap_over = missing;
        rm_diag_add(diag, RM_WARNING,
                    "%s: warning: the heap cannot hold it (%" PRIu64 " bytes, %" PRIu64 " free of %" PRIu32
                    "): %" PRIu64 " bytes missing",
                    what, bytes, left, cd->opt.heap_size, missing);
        return true;
    }
    rm_diag_add(diag, RM_ERROR,
                "%s: error: the heap cannot hold it (%" PRIu64 " bytes, %" PRIu64 " free of %" PRIu32
                "): %" PRIu64 " bytes missing",
                what, bytes, left, cd->opt.heap_size, missing);
    cd_fail(cd, RM_CD_ERR_HEAP, RM_INVALID, what, missing);
    return false;
}

bool cd_heap_take(rm_cd *cd, uint64_t bytes, const char *what, rm_diag *diag)
{
    if (!heap_check(cd, bytes, what, diag))
        return false;
    cd->heap_used += bytes;
    return true;
}

bool cd_heap_pass(rm_cd *cd, uint64_t bytes, const char *what, rm_diag *diag)
{
    return heap_check(cd, bytes, what, diag);
}

void cd_heap_give(rm_cd *cd, uint64_t bytes)
{
    cd->heap_used = bytes < cd->heap_used ? cd->heap_used - bytes : 0;
}
