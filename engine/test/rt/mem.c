/* engine/test/rt/mem.c - memcpy & co. (gcc may call them for struct copies
   even with -fno-builtin), the small string helpers of double.h, and the
   static test heap behind rt_read_file (not Jo's heap). */
#include <double.h>

#include "rt.h"

void *memcpy(void *dst, const void *src, unsigned int n);
void *memmove(void *dst, const void *src, unsigned int n);
void *memset(void *dst, int value, unsigned int n);
int memcmp(const void *a, const void *b, unsigned int n);

void *memcpy(void *dst, const void *src, unsigned int n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, unsigned int n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) {
        while (n--)
            *d++ = *s++;
    } else if (d > s) {
        d += n;
        s += n;
        while (n--)
            *--d = *--s;
    }
    return dst;
}

void *memset(void *dst, int value, unsigned int n)
{
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)value;
    return dst;
}

int memcmp(const void *a, const void *b, unsigned int n)
{
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++)
        if (*x != *y)
            return *x < *y ? -1 : 1;
    return 0;
}

void rt_memcpy(void *dst, const void *src, unsigned int n) { memmove(dst, src, n); }
void rt_memset(void *dst, int value, unsigned int n) { memset(dst, value, n); }

unsigned int rt_strlen(const char *s)
{
    unsigned int n = 0;
    while (s[n])
        n++;
    return n;
}

int rt_strcmp(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    while (*x && *x == *y) {
        x++;
        y++;
    }
    return *x < *y ? -1 : *x > *y ? 1 : 0;
}

int rt_atoi(const char *s)
{
    unsigned int v = 0;
    int negative = 0;
    if (*s == '-') {
        negative = 1;
        s++;
    }
    while (*s >= '0' && *s <= '9')
        v = v * 10u + (unsigned int)(*s++ - '0');
    return negative ? (int)(0u - v) : (int)v;
}

/* ---- the test heap: a stack of file blocks ---- */
#define RT_HEAP_SIZE (8u << 20)
#define RT_MAX_FILES 64
static unsigned char rt_heap[RT_HEAP_SIZE] __attribute__((aligned(8)));
static unsigned int rt_heap_top;            /* bytes in use */
static unsigned int rt_file_start[RT_MAX_FILES];
static unsigned int rt_file_count;

unsigned char *rt_read_file(const char *path, unsigned int *size)
{
    int fd;
    unsigned int start = rt_heap_top, n = 0;
    unsigned char *block = rt_heap + start;
    if (size)
        *size = 0;
    if (!path || rt_file_count >= RT_MAX_FILES)
        return JO_NULL;
    fd = rt_sys_open(path, 0 /* O_RDONLY */);
    if (fd < 0)
        return JO_NULL;
    for (;;) {
        int got;
        if (start + n + 1 >= RT_HEAP_SIZE) {        /* too big for the heap */
            rt_sys_close(fd);
            return JO_NULL;
        }
        got = rt_sys_read(fd, block + n, RT_HEAP_SIZE - 1 - start - n);
        if (got < 0) {                              /* a folder, an I/O error */
            rt_sys_close(fd);
            return JO_NULL;
        }
        if (got == 0)
            break;
        n += (unsigned int)got;
    }
    rt_sys_close(fd);
    block[n] = 0;                                   /* a NUL after the bytes */
    rt_file_start[rt_file_count++] = start;
    rt_heap_top = (start + n + 1 + 3u) & ~3u;       /* the next block 4-aligned */
    if (size)
        *size = n;
    return block;
}

/* Blocks are given back in the reverse order of reading (a stack): freeing
   one frees it and every block read after it. A pointer that is not the
   start of a block is ignored. */
void rt_free_file(unsigned char *data)
{
    unsigned int i;
    for (i = 0; i < rt_file_count; i++) {
        if (rt_heap + rt_file_start[i] == data) {
            rt_heap_top = rt_file_start[i];
            rt_file_count = i;
            return;
        }
    }
}
