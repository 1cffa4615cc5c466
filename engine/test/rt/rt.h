/* engine/test/rt/rt.h - what the runtime's files share (internal). */
#ifndef ENGINE_TEST_RT_H
#define ENGINE_TEST_RT_H

#include <stdarg.h>

int rt_sys_open(const char *path, int flags);
int rt_sys_read(int fd, void *buf, unsigned int n);
int rt_sys_write(int fd, const void *buf, unsigned int n);
int rt_sys_close(int fd);
int rt_sys_lseek(int fd, int offset, int whence);   /* SEEK_SET 0, SEEK_CUR 1, SEEK_END 2 */
void rt_sys_exit(int status) __attribute__((noreturn));

unsigned int rt_udiv32(unsigned int n, unsigned int d);
int rt_sdiv32(int n, int d);

/* Formats into out (cap bytes, NUL-terminated when cap > 0, cut to fit);
   returns the length the whole text would have. */
int rt_vsnprintf(char *out, unsigned int cap, const char *format, va_list ap);

#endif
