/* engine/test/double/malloc.c - Jo's heap (jo-engine-api 2.3), one zone of
   JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC bytes, with every live block recorded.

   Blocks as Jo lays them out: an 8-byte header (a short zone index, -1
   when free, 2 bytes of padding, the size with the header), the size
   n + 8 rounded up to 4. JO_FAST_ALLOCATION bumps the high-water mark,
   then takes the first free block big enough (never split);
   JO_MALLOC_TRY_REUSE_BLOCK tries the free blocks first, then bumps.
   JO_MALLOC_TRY_REUSE_SAME_BLOCK_SIZE is recorded as a defect (on the
   Saturn it can loop forever); here it reuses a block of exactly the size
   or bumps, and fails with JO_NULL. jo_free() lowers the mark when the
   block is the last one, else marks it free; free blocks are never merged.
   Freed bytes are filled with 0xDD (a module reading freed memory sees
   garbage at once). */
#include "internal.h"

#define ZONE_SIZE ((unsigned int)JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC)
#define HEADER 8u
#define MAX_BLOCKS 8192

static unsigned char zone[ZONE_SIZE] __attribute__((aligned(8)));
static unsigned int high;                 /* offset of the high-water mark */
static double_block blocks[MAX_BLOCKS];
static unsigned int block_count;
static unsigned int used, peak, limit;

static short *zone_of(unsigned int at) { return (short *)(void *)(zone + at); }
static unsigned int *size_of(unsigned int at) { return (unsigned int *)(void *)(zone + at + 4); }

void double_reset_heap(void)
{
    rt_memset(zone, 0, ZONE_SIZE);        /* jo_add_memory_zone zeroes the zone */
    high = 0;
    block_count = 0;
    used = peak = limit = 0;
}

void double_set_heap_limit(unsigned int bytes)
{
    limit = bytes;
}

static int find_free(unsigned int total, bool exact)
{
    unsigned int at = 0;
    while (at < high) {
        unsigned int s = *size_of(at);
        if (s < HEADER || (s & 3u) || s > high - at)
            return -1;                    /* a corrupted header: stop */
        if (*zone_of(at) == -1 && (exact ? s == total : s >= total))
            return (int)at;
        at += s;
    }
    return -1;
}

static void *take(unsigned int n, unsigned int total, int behaviour)
{
    int at = -1;
    bool bump_first = behaviour == JO_FAST_ALLOCATION;
    if (bump_first && total <= ZONE_SIZE - high)
        at = (int)high;
    if (at < 0)
        at = find_free(total, behaviour == JO_MALLOC_TRY_REUSE_SAME_BLOCK_SIZE);
    if (at < 0 && !bump_first && total <= ZONE_SIZE - high)
        at = (int)high;
    if (at < 0)
        return JO_NULL;
    if ((unsigned int)at == high) {
        *size_of((unsigned int)at) = total;
        high += total;
    }
    *zone_of((unsigned int)at) = 0;       /* zone index 0: in use */
    if (block_count < MAX_BLOCKS) {
        blocks[block_count].ptr = zone + at + HEADER;
        blocks[block_count].size = n;
        blocks[block_count].behaviour = behaviour;
        block_count++;
    } else {
        double_defect("double: more than %d live heap blocks", MAX_BLOCKS);
    }
    used += n;
    if (used > peak)
        peak = used;
    return zone + at + HEADER;
}

void *jo_malloc_with_behaviour(unsigned int n, const jo_malloc_behaviour behaviour)
{
    unsigned int total;
    if (behaviour == JO_MALLOC_TRY_REUSE_SAME_BLOCK_SIZE)
        double_defect("jo_malloc_with_behaviour(%u, JO_MALLOC_TRY_REUSE_SAME_BLOCK_SIZE): can hang the Saturn", n);
    else if (behaviour != JO_FAST_ALLOCATION && behaviour != JO_MALLOC_TRY_REUSE_BLOCK)
        double_defect("jo_malloc_with_behaviour(%u, %d): unknown behaviour", n, (int)behaviour);
    if (n == 0) {
#ifdef JO_DEBUG
        double_error("jo_malloc_with_behaviour", "jo_malloc(0)");
#endif
        return JO_NULL;
    }
    if (n > ZONE_SIZE)
        return JO_NULL;
    if (limit != 0 && n > limit - (used < limit ? used : limit))
        return JO_NULL;
    total = (n + HEADER + 3u) & ~3u;
    return take(n, total, (int)behaviour);
}

static int record_of(const void *p)
{
    unsigned int i;
    for (i = 0; i < block_count; i++)
        if (blocks[i].ptr == p)
            return (int)i;
    return -1;
}

void jo_free(const void *const p)
{
    int r;
    unsigned int at, s, i;
    if (p == JO_NULL) {
        double_defect("jo_free(JO_NULL)");
        return;
    }
    r = record_of(p);
    if (r < 0) {
        double_defect("jo_free(%p): not a live block of the heap", p);
        return;
    }
    at = (unsigned int)((const unsigned char *)p - zone) - HEADER;
    s = *size_of(at);
    if (double_dma_pending_overlaps(p, s - HEADER)) {
        double_defect("jo_free(%p) while an slDMACopy from it is pending (slDMAWait() first)", p);
        slDMAWait();                      /* one defect, not a second one for the poisoned bytes */
    }
    used -= blocks[r].size;
    for (i = (unsigned int)r; i + 1 < block_count; i++)
        blocks[i] = blocks[i + 1];
    block_count--;
    rt_memset(zone + at + HEADER, 0xDD, s - HEADER);
    if (at + s == high) {
        high = at;
    } else {
        *zone_of(at) = -1;
    }
}

unsigned int double_block_count(void) { return block_count; }

const double_block *double_block_at(unsigned int i)
{
    return i < block_count ? &blocks[i] : JO_NULL;
}

unsigned int double_block_size(const void *ptr)
{
    int r = record_of(ptr);
    return r < 0 ? 0 : blocks[r].size;
}

unsigned int double_heap_used(void) { return used; }
unsigned int double_heap_peak(void) { return peak; }
