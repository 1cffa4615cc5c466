/* src/core/cnum.c - see cnum.h. */
#include "cnum.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* One C locale object for the process, made on first use and kept: a
   locale_t is read only once made, so threads may share it. Two threads
   racing on the first call may each make one; the loser's is freed. */
static locale_t c_locale(void)
{
    static locale_t loc;
    locale_t l = __atomic_load_n(&loc, __ATOMIC_ACQUIRE);
    if (l)
        return l;
    l = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (!l)
        return (locale_t)0;
    locale_t expected = (locale_t)0;
    if (!__atomic_compare_exchange_n(&loc, &expected, l, false, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
        freelocale(l);
        return expected;
    }
    return l;
}

rm_cloc rm_cloc_enter(void)
{
    rm_cloc s = {(locale_t)0};
    locale_t c = c_locale();
    if (c)
        s.prev = uselocale(c);
    return s;
}

void rm_cloc_leave(rm_cloc s)
{
    if (s.prev)
        uselocale(s.prev);
}

/* Without a C locale object: put '.' where the locale wrote its decimal
   point (printf groups digits only when asked to with the ' flag). */
static size_t repair(char *buf)
{
    const char *point = localeconv()->decimal_point;
    size_t pl = point ? strlen(point) : 0;
    size_t r = 0, w = 0;
    while (buf[r]) {
        if (pl && strncmp(buf + r, point, pl) == 0) {
            buf[w++] = '.';
            r += pl;
        } else {
            buf[w++] = buf[r++];
        }
    }
    buf[w] = '\0';
    return w;
}

int rm_cvsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
    rm_cloc s = rm_cloc_enter();
    int n = vsnprintf(buf, size, fmt, ap);
    rm_cloc_leave(s);
    return n;
}

size_t rm_cnum(char *buf, size_t size, const char *fmt, ...)
{
    if (!size)
        return 0;
    va_list ap;
    va_start(ap, fmt);
    rm_cloc s = rm_cloc_enter();
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    if (n < 0) {
        buf[0] = '\0';
        n = 0;
    }
    size_t len = (size_t)n < size ? (size_t)n : size - 1;
    if (!s.prev)
        len = repair(buf);
    rm_cloc_leave(s);
    return len;
}
