/* engine/test/rt/print.c - buffered output and a small printf: %d %i %u
   %x %X %s %c %p %%, the l and ll length modifiers, a width, the 0 and -
   flags. Numbers are converted with shifts and subtractions of powers of
   ten (no division). An unknown conversion is printed as it is written. */
#include <double.h>

#include "rt.h"

/* ---- formatting into a bounded buffer ---- */
typedef struct
{
    char *out;
    unsigned int cap;
    unsigned int len;               /* the whole length, even past cap */
} sink;

static void put(sink *s, char c)
{
    if (s->len + 1 < s->cap)
        s->out[s->len] = c;
    s->len++;
}

static const unsigned long long ten_pow[20] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
    100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
    10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
    100000000000000000ull, 1000000000000000000ull, 10000000000000000000ull};

/* Digits of v (most significant first) into d; returns their count. */
static int digits(unsigned long long v, int base16, int upper, char *d)
{
    int n = 0;
    if (base16) {
        const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
        int shift = 60;
        while (shift > 0 && ((v >> shift) & 15u) == 0)
            shift -= 4;
        for (; shift >= 0; shift -= 4)
            d[n++] = hex[(v >> shift) & 15u];
        return n;
    }
    {
        int k = 19;
        while (k > 0 && v < ten_pow[k])
            k--;
        for (; k >= 0; k--) {
            char c = '0';
            while (v >= ten_pow[k]) {
                v -= ten_pow[k];
                c++;
            }
            d[n++] = c;
        }
    }
    return n;
}

static void pad(sink *s, char c, int n)
{
    while (n-- > 0)
        put(s, c);
}

int rt_vsnprintf(char *out, unsigned int cap, const char *f, va_list ap)
{
    sink s;
    s.out = out;
    s.cap = cap;
    s.len = 0;
    while (*f) {
        const char *spec = f;
        int zero = 0, left = 0, width = 0, longs = 0;
        char conv;
        if (*f != '%') {
            put(&s, *f++);
            continue;
        }
        f++;
        for (;; f++) {
            if (*f == '0')
                zero = 1;
            else if (*f == '-')
                left = 1;
            else
                break;
        }
        while (*f >= '0' && *f <= '9' && width < 1000)
            width = width * 10 + (*f++ - '0');
        while (*f == 'l' && longs < 2) {
            longs++;
            f++;
        }
        conv = *f;
        if (conv == 0) {                   /* a lone % at the end */
            while (spec < f)
                put(&s, *spec++);
            break;
        }
        f++;
        if (conv == '%') {
            put(&s, '%');
        } else if (conv == 'c') {
            char c = (char)va_arg(ap, int);
            if (!left)
                pad(&s, ' ', width - 1);
            put(&s, c);
            if (left)
                pad(&s, ' ', width - 1);
        } else if (conv == 's') {
            const char *t = va_arg(ap, const char *);
            int n;
            if (!t)
                t = "(null)";
            n = (int)rt_strlen(t);
            if (!left)
                pad(&s, ' ', width - n);
            while (*t)
                put(&s, *t++);
            if (left)
                pad(&s, ' ', width - n);
        } else if (conv == 'p') {
            unsigned int v = (unsigned int)va_arg(ap, void *);
            char d[24];
            int n = digits(v, 1, 0, d);
            put(&s, '0');
            put(&s, 'x');
            for (int i = 0; i < n; i++)
                put(&s, d[i]);
        } else if (conv == 'd' || conv == 'i' || conv == 'u' || conv == 'x' || conv == 'X') {
            unsigned long long v;
            int negative = 0, n, len;
            char d[24];
            if (conv == 'd' || conv == 'i') {
                long long sv = longs == 2 ? va_arg(ap, long long)
                             : longs == 1 ? (long long)va_arg(ap, long)
                                          : (long long)va_arg(ap, int);
                negative = sv < 0;
                v = negative ? 0ull - (unsigned long long)sv : (unsigned long long)sv;
            } else {
                v = longs == 2 ? va_arg(ap, unsigned long long)
                  : longs == 1 ? (unsigned long long)va_arg(ap, unsigned long)
                               : (unsigned long long)va_arg(ap, unsigned int);
            }
            n = digits(v, conv == 'x' || conv == 'X', conv == 'X', d);
            len = n + negative;
            if (left) {
                if (negative)
                    put(&s, '-');
                for (int i = 0; i < n; i++)
                    put(&s, d[i]);
                pad(&s, ' ', width - len);
            } else if (zero) {
                if (negative)
                    put(&s, '-');
                pad(&s, '0', width - len);
                for (int i = 0; i < n; i++)
                    put(&s, d[i]);
            } else {
                pad(&s, ' ', width - len);
                if (negative)
                    put(&s, '-');
                for (int i = 0; i < n; i++)
                    put(&s, d[i]);
            }
        } else {                            /* unknown: printed as written */
            while (spec < f)
                put(&s, *spec++);
        }
    }
    if (cap > 0)
        out[s.len < cap ? s.len : cap - 1] = 0;
    return (int)s.len;
}

int rt_snprintf(char *out, unsigned int cap, const char *format, ...)
{
    va_list ap;
    int n;
    va_start(ap, format);
    n = rt_vsnprintf(out, cap, format, ap);
    va_end(ap);
    return n;
}

/* ---- buffered output ---- */
#define RT_OUT_SIZE 4096
typedef struct
{
    int fd;
    unsigned int used;
    char buf[RT_OUT_SIZE];
} stream;

static stream rt_out = {1, 0, {0}};
static stream rt_err = {2, 0, {0}};

static void flush_stream(stream *s)
{
    unsigned int done = 0;
    while (done < s->used) {
        int n = rt_sys_write(s->fd, s->buf + done, s->used - done);
        if (n <= 0)
            break;
        done += (unsigned int)n;
    }
    s->used = 0;
}

static void write_stream(stream *s, const char *text, unsigned int n)
{
    while (n > 0) {
        unsigned int room = RT_OUT_SIZE - s->used;
        unsigned int k = n < room ? n : room;
        rt_memcpy(s->buf + s->used, text, k);
        s->used += k;
        text += k;
        n -= k;
        if (s->used == RT_OUT_SIZE)
            flush_stream(s);
    }
}

void rt_flush(void)
{
    flush_stream(&rt_out);
    flush_stream(&rt_err);
}

void rt_print(const char *text)
{
    write_stream(&rt_out, text, rt_strlen(text));
}

void rt_eprint(const char *text)
{
    flush_stream(&rt_out);              /* keep the two in order on a terminal */
    write_stream(&rt_err, text, rt_strlen(text));
    flush_stream(&rt_err);
}

static void vprint(stream *s, const char *format, va_list ap)
{
    char small[256];
    va_list copy;
    int n;
    va_copy(copy, ap);
    n = rt_vsnprintf(small, sizeof small, format, copy);
    va_end(copy);
    if (n < (int)sizeof small) {
        write_stream(s, small, (unsigned int)n);
    } else {
        /* a long text: format in pieces is not possible, so one big pass */
        static char big[65536];
        n = rt_vsnprintf(big, sizeof big, format, ap);
        write_stream(s, big, (unsigned int)(n < (int)sizeof big ? n : (int)sizeof big - 1));
    }
}

void rt_printf(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vprint(&rt_out, format, ap);
    va_end(ap);
}

void rt_eprintf(const char *format, ...)
{
    va_list ap;
    flush_stream(&rt_out);
    va_start(ap, format);
    vprint(&rt_err, format, ap);
    va_end(ap);
    flush_stream(&rt_err);
}

void rt_exit(int status)
{
    rt_flush();
    rt_sys_exit(status);
}
