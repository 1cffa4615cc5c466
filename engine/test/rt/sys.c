/* engine/test/rt/sys.c - Linux system calls under qemu-sh4eb: trapa #0x13,
   the number in r3, the arguments in r4, r5, r6, the result in r0
   (superh-qemu.md; numbers as on i386). */
#include "rt.h"

static int sys3(int number, int a, int b, int c)
{
    register int r3 __asm__("r3") = number;
    register int r4 __asm__("r4") = a;
    register int r5 __asm__("r5") = b;
    register int r6 __asm__("r6") = c;
    register int r0 __asm__("r0");
    __asm__ volatile("trapa #0x13"
                     : "=r"(r0)
                     : "r"(r3), "r"(r4), "r"(r5), "r"(r6)
                     : "memory", "t");
    return r0;
}

int rt_sys_open(const char *path, int flags)
{
    return sys3(5, (int)path, flags, 0);
}

int rt_sys_read(int fd, void *buf, unsigned int n)
{
    return sys3(3, fd, (int)buf, (int)n);
}

int rt_sys_write(int fd, const void *buf, unsigned int n)
{
    return sys3(4, fd, (int)buf, (int)n);
}

int rt_sys_close(int fd)
{
    return sys3(6, fd, 0, 0);
}

void rt_sys_exit(int status)
{
    for (;;)
        sys3(1, status, 0, 0);
}

int rt_sys_lseek(int fd, int offset, int whence)
{
    return sys3(19, fd, offset, whence);
}
