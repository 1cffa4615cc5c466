/* engine/module_common.c - helpers shared by the model and level modules
   (jo_engine/module_common.c in a Jo Engine tree; see module_common.h).

   No libc: the formatter below is the modules' own, bounded to the
   64 bytes of Jo's error text, and turns numbers into digits by
   subtracting powers of ten (no division: the SH-2 has no divide
   instruction and the libgcc helpers are slow). */
#include <stdarg.h>
#include <jo/jo.h>
#include "module_common.h"

/* The text of the last message. The pointer is initialised (it lives in
   .data, which the boot loads; .bss is only partly cleared by Jo's main,
   jo-engine-api 0.5), and points at "" until the first message. */
static char __jo_module_error_text[__JO_MODULE_ERROR_SIZE];
static const char *__jo_module_error_last = "";

typedef struct
{
    char *buf;
    unsigned int len; /* characters written, at most __JO_MODULE_ERROR_SIZE - 1 */
} __jo_module_out;

static void __jo_module_put(__jo_module_out *out, char c)
{
    if (out->len < __JO_MODULE_ERROR_SIZE - 1)
        out->buf[out->len++] = c;
}

static void __jo_module_put_text(__jo_module_out *out, const char *s)
{
    if (s == JO_NULL)
        s = "(null)";
    while (*s)
        __jo_module_put(out, *s++);
}

/* Decimal digits of v, by counting subtractions of each power of ten. */
static void __jo_module_put_unsigned(__jo_module_out *out, unsigned int v)
{
    static const unsigned int powers[10] = {1000000000u, 100000000u, 10000000u, 1000000u, 100000u,
                                            10000u,      1000u,      100u,      10u,      1u};
    bool started = false;
    int i;
    for (i = 0; i < 10; i++)
    {
        char digit = '0';
        while (v >= powers[i])
        {
            v -= powers[i];
            digit++;
        }
        if (digit != '0' || started || i == 9)
        {
            __jo_module_put(out, digit);
            started = true;
        }
    }
}

static void __jo_module_put_hex(__jo_module_out *out, unsigned int v)
{
    bool started = false;
    int shift;
    for (shift = 28; shift >= 0; shift -= 4)
    {
        unsigned int d = (v >> shift) & 0xF;
        if (d != 0 || started || shift == 0)
        {
            __jo_module_put(out, (char)(d < 10 ? '0' + d : 'a' + (d - 10)));
            started = true;
        }
    }
}

void __jo_module_error(const char *format, ...)
{
    __jo_module_out out;
    va_list ap;
    out.buf = __jo_module_error_text;
    out.len = 0;
    va_start(ap, format);
    while (format != JO_NULL && *format)
    {
        char c = *format++;
        if (c != '%')
        {
            __jo_module_put(&out, c);
            continue;
        }
        c = *format;
        if (c == 0)
            break;
        format++;
        switch (c)
        {
        case 's':
            __jo_module_put_text(&out, va_arg(ap, const char *));
            break;
        case 'u':
            __jo_module_put_unsigned(&out, va_arg(ap, unsigned int));
            break;
        case 'd':
        {
            int v = va_arg(ap, int);
            if (v < 0)
            {
                __jo_module_put(&out, '-');
                __jo_module_put_unsigned(&out, 0u - (unsigned int)v);
            }
            else
                __jo_module_put_unsigned(&out, (unsigned int)v);
            break;
        }
        case 'x':
            __jo_module_put_hex(&out, va_arg(ap, unsigned int));
            break;
        case 'c':
            __jo_module_put(&out, (char)va_arg(ap, int));
            break;
        default: /* %% and anything unknown: the character itself */
            __jo_module_put(&out, c);
            break;
        }
    }
    va_end(ap);
    out.buf[out.len] = 0;
    __jo_module_error_last = __jo_module_error_text;
#ifdef JO_DEBUG
    jo_core_error("%s", __jo_module_error_text);
#endif
}

const char *__jo_module_last_error(void)
{
    return __jo_module_error_last;
}

static char __jo_module_lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c + ('a' - 'A')) : c;
}

bool __jo_module_name_equals(const char *a, const char *b, unsigned int max)
{
    unsigned int i;
    if (a == JO_NULL || b == JO_NULL)
        return a == b;
    for (i = 0; i < max; i++)
    {
        char ca = __jo_module_lower(a[i]);
        if (ca != __jo_module_lower(b[i]))
            return false;
        if (ca == 0)
            return true;
    }
    return true;
}

void __jo_module_name_copy(char dst[16], const char *src)
{
    unsigned int i = 0;
    if (src != JO_NULL)
        for (; i < 15 && src[i]; i++)
            dst[i] = src[i];
    for (; i < 16; i++)
        dst[i] = 0;
}

bool __jo_module_file_exists(const char *const filename)
{
    char name[13];
    unsigned int i;
    if (filename == JO_NULL || filename[0] == 0)
        return false;
    for (i = 0; filename[i]; i++)
    {
        if (i >= 12)
            return false; /* GFS compares 12 characters: a longer name is never found */
        name[i] = filename[i];
    }
    name[i] = 0;
    return GFS_NameToId((Sint8 *)name) >= 0;
}

/* Byte loops marked volatile so that the compiler does not turn them into
   calls of memcpy / memset, which a freestanding Jo build may not have
   under those names. Words when both sides are 4-byte aligned. */
void __jo_module_copy(void *dst, const void *src, unsigned int n)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    if ((((unsigned long)d | (unsigned long)s) & 3) == 0)
    {
        volatile unsigned int *dw = (volatile unsigned int *)d;
        const unsigned int *sw = (const unsigned int *)s;
        while (n >= 4)
        {
            *dw++ = *sw++;
            n -= 4;
        }
        d = (unsigned char *)dw;
        s = (const unsigned char *)sw;
    }
    while (n > 0)
    {
        *(volatile unsigned char *)d++ = *s++;
        n--;
    }
}

void __jo_module_zero(void *dst, unsigned int n)
{
    unsigned char *d = (unsigned char *)dst;
    if (((unsigned long)d & 3) == 0)
    {
        volatile unsigned int *dw = (volatile unsigned int *)d;
        while (n >= 4)
        {
            *dw++ = 0;
            n -= 4;
        }
        d = (unsigned char *)dw;
    }
    while (n > 0)
    {
        *(volatile unsigned char *)d++ = 0;
        n--;
    }
}
