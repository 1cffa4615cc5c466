/* engine/test/selftest.c - tests of the runtime and the test double on the
   SuperH CPU (the scripts of tests/engine_double run it under qemu-sh4eb).

   selftest div A B [A B ...]  prints "A B q32 r32 uq32 ur32 q64 r64" for
                               each pair (the script computes them with the
                               shell's $(( ))), after checks of the cases
                               the shell cannot compute.
   selftest fmt                formatter checks
   selftest math OP...         runs SGL operations and prints the results in
                               the format of tests/engine_double/host_math.c
   selftest sweep STEP         slSin/slCos of 0, STEP, 2*STEP, ... < 65536
   selftest sprites            the sprite allocator
   selftest heap               jo_malloc / jo_free records and Jo's reuse
   selftest gfs DIR            GFS_NameToId, jo_fs_*, .BIN and .TGA in DIR
   selftest dma                the pending-DMA defects
   selftest put                slPutPolygon records and checks
   Each prints "FAIL ..." for a failed check and exits 1, else prints
   "ok NAME" and exits 0. */
#include <double.h>

#include "double/internal.h"   /* double_sprite_add (COL_16) */

static int failures;

static void check(bool ok, const char *what, long long got, long long want)
{
    if (!ok || got != want) {
        rt_printf("FAIL %s: got %lld (0x%llx), want %lld (0x%llx)\n", what, got, (unsigned long long)got, want,
                  (unsigned long long)want);
        failures++;
    }
}
#define CHECK(what, got, want) check(true, what, (long long)(got), (long long)(want))

static void check_str(const char *what, const char *got, const char *want)
{
    if (!got || rt_strcmp(got, want) != 0) {
        rt_printf("FAIL %s: got \"%s\", want \"%s\"\n", what, got ? got : "(null)", want);
        failures++;
    }
}

/* ---- division ---- */
/* noinline and optimised (the rest is built with -O0, see build.sh), so
   that gcc keeps a, b in r4, r5 (and copies in r1..r7) across the helper
   call and reuses them after it: a helper that changed them would make
   these sums wrong. (Checked in the -O2 assembly: `jsr @r0; mov r4,r2`
   then `mul.l r5,r0`, `add r2,r0` after the call.) No branches inside:
   they are what gcc 12.2 miscompiles at -O2. */
__attribute__((noinline, optimize("O2"))) static int sm(int a, int b)
{
    return a / b + a % b + (a + b) + (a ^ b);
}
__attribute__((noinline, optimize("O2"))) static unsigned int um(unsigned int a, unsigned int b)
{
    return a / b + a % b + (a + b) + (a ^ b);
}
__attribute__((noinline)) static int q32(int a, int b) { return a / b; }
__attribute__((noinline)) static int r32(int a, int b) { return a % b; }
__attribute__((noinline)) static unsigned int uq32(unsigned int a, unsigned int b) { return a / b; }
__attribute__((noinline)) static unsigned int ur32(unsigned int a, unsigned int b) { return a % b; }
__attribute__((noinline)) static long long q64(long long a, long long b) { return a / b; }
__attribute__((noinline)) static long long r64(long long a, long long b) { return a % b; }
__attribute__((noinline)) static unsigned long long uq64(unsigned long long a, unsigned long long b) { return a / b; }
__attribute__((noinline)) static unsigned long long ur64(unsigned long long a, unsigned long long b) { return a % b; }

static long long atoll_(const char *s)
{
    unsigned long long v = 0;
    int neg = 0;
    if (*s == '-') {
        neg = 1;
        s++;
    }
    while (*s >= '0' && *s <= '9')
        v = v * 10u + (unsigned long long)(*s++ - '0');
    return neg ? (long long)(0ull - v) : (long long)v;
}

static int test_div(int argc, char **argv)
{
    int i;
    const int int_min = (int)0x80000000u;
    const long long ll_min = (long long)0x8000000000000000ull;
    /* The cases C leaves undefined (divide.c's choice): x / 0 = 0, x % 0 = x;
       INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0. */
    CHECK("7 / 0", q32(7, 0), 0);
    CHECK("7 % 0", r32(7, 0), 7);
    CHECK("-7 / 0", q32(-7, 0), 0);
    CHECK("7u / 0", uq32(7u, 0u), 0);
    CHECK("7u % 0", ur32(7u, 0u), 7);
    CHECK("INT_MIN / -1", q32(int_min, -1), int_min);
    CHECK("INT_MIN % -1", r32(int_min, -1), 0);
    CHECK("7ll / 0", q64(7, 0), 0);
    CHECK("7ll % 0", r64(7, 0), 7);
    CHECK("LLONG_MIN / -1", q64(ll_min, -1), ll_min);
    CHECK("LLONG_MIN % -1", r64(ll_min, -1), 0);
    /* INT_MIN / 1 and / 2 (the magnitude 2^31 is unsigned inside) */
    CHECK("INT_MIN / 2", q32(int_min, 2), -1073741824);
    CHECK("INT_MIN % 3", r32(int_min, 3), -2);       /* -2147483648 = -715827882 * 3 - 2 */
    /* unsigned 64-bit values above 2^63 (the shell's numbers are signed):
       0xFFFFFFFFFFFFFFFF / 10 = 1844674407370955161 remainder 5
       (18446744073709551615 = 1844674407370955161 * 10 + 5). */
    CHECK("u64max / 10", uq64(~0ull, 10), 1844674407370955161ll);
    CHECK("u64max % 10", ur64(~0ull, 10), 5);
    /* 0x8000000000000000 / 0x100000000 = 0x80000000 exactly */
    CHECK("2^63 / 2^32", uq64(0x8000000000000000ull, 0x100000000ull), 0x80000000ll);
    /* sm(100, 7) = 14 + 2 + 107 + (100 ^ 7 = 99) = 222; sm(-100, 7) = -14 - 2 - 93 + (-100 ^ 7 = -101) = -210 */
    CHECK("sm(100, 7)", sm(100, 7), 222);
    CHECK("sm(-100, 7)", sm(-100, 7), -210);
    /* um(0xFFFFFFFF, 16) = 0x0FFFFFFF + 15 + 15 (the sum wraps) + 0xFFFFFFEF = 0x1000001D wrapped:
       268435455 + 15 + 15 + 4294967279 = 4563402764 - 2^32 = 268435468 */
    CHECK("um(0xFFFFFFFF, 16)", um(0xFFFFFFFFu, 16u), 268435468u);
    for (i = 2; i + 1 < argc; i += 2) {
        long long a = atoll_(argv[i]), b = atoll_(argv[i + 1]);
        int a32 = (int)(unsigned int)(unsigned long long)a, b32 = (int)(unsigned int)(unsigned long long)b;
        rt_printf("%lld %lld %d %d %u %u %lld %lld %d\n", a, b, q32(a32, b32), r32(a32, b32),
                  uq32((unsigned int)a32, (unsigned int)b32), ur32((unsigned int)a32, (unsigned int)b32),
                  q64(a, b), r64(a, b), sm(a32, b32));
    }
    return 0;
}

/* ---- formatter ---- */
static int test_fmt(void)
{
    char b[64];
    int n;
    rt_snprintf(b, sizeof b, "%d|%i|%u|%x|%X|%s|%c|%%", -42, 17, 3000000000u, 0xbeefu, 0xbeefu, "str", 'q');
    check_str("basic", b, "-42|17|3000000000|beef|BEEF|str|q|%");
    rt_snprintf(b, sizeof b, "[%5d][%-5d][%05d][%05d][%2d]", 42, 42, 42, -42, 12345);
    check_str("width", b, "[   42][42   ][00042][-0042][12345]");
    rt_snprintf(b, sizeof b, "%ld %lu %lx", -2147483647L - 1, 4294967295UL, 0xFFFFFFFFUL);
    check_str("long", b, "-2147483648 4294967295 ffffffff");
    rt_snprintf(b, sizeof b, "%lld %llu", -9223372036854775807LL - 1, 18446744073709551615ULL);
    check_str("long long", b, "-9223372036854775808 18446744073709551615");
    rt_snprintf(b, sizeof b, "%llx %08x %d %u", 0x123456789ABCDEFull, 0xABu, 0, 0u);
    check_str("hex", b, "123456789abcdef 000000ab 0 0");
    {
        const char *volatile none = JO_NULL;
        rt_snprintf(b, sizeof b, "%6s|%-4s|%s", "ab", "cd", none);
    }
    check_str("strings", b, "    ab|cd  |(null)");
    n = rt_snprintf(b, 8, "%s", "0123456789");
    check_str("cut", b, "0123456");
    CHECK("cut length", n, 10);
    n = rt_snprintf(b, 1, "abc");
    CHECK("cap 1", b[0], 0);
    CHECK("cap 1 length", n, 3);
    {
        const char *volatile odd = "%q %";     /* not checked by gcc */
        rt_snprintf(b, sizeof b, odd, 0);
    }
    check_str("unknown", b, "%q %");
    /* jo_core_error: cut to 63 characters (Jo's 64-byte buffer) */
    {
        unsigned int before = double_error_count();
        jo_core_error("%s%s", "0123456789012345678901234567890123456789", "0123456789012345678901234567890123456789");
        CHECK("error recorded", double_error_count(), before + 1);
        CHECK("error cut", rt_strlen(jo_get_last_error()), 63);
        check_str("error text", double_error_at(before), jo_get_last_error());
    }
    return 0;
}

/* ---- math ---- */
static void print_matrix(void)
{
    MATRIX m;
    int i;
    slGetMatrix(m);
    rt_print("M");
    for (i = 0; i < 4; i++)
        rt_printf(" %ld %ld %ld", (long)m[i][0], (long)m[i][1], (long)m[i][2]);
    rt_print("\n");
}

/* Operations (the same in host_math.c): I (identity), T x y z, X a, Y a,
   Z a, P x y z (print the point by the current matrix), M (print the
   matrix), S (save it), L (load the saved one), U (multiply: the saved
   one applied first), H (push), O (pop), C a (print sin and cos). */
static int test_math(int argc, char **argv)
{
    static MATRIX saved;
    int i = 2;
    while (i < argc) {
        const char *op = argv[i++];
        int need = (op[0] == 'T' || op[0] == 'P') ? 3 : (op[0] == 'X' || op[0] == 'Y' || op[0] == 'Z' || op[0] == 'C') ? 1 : 0;
        int v[3] = {0, 0, 0}, k;
        if (i + need > argc) {
            rt_printf("FAIL math: %s needs %d numbers\n", op, need);
            return 1;
        }
        for (k = 0; k < need; k++)
            v[k] = rt_atoi(argv[i++]);
        switch (op[0]) {
        case 'I': slUnitMatrix(CURRENT); break;
        case 'T': slTranslate(v[0], v[1], v[2]); break;
        case 'X': slRotX((ANGLE)v[0]); break;
        case 'Y': slRotY((ANGLE)v[0]); break;
        case 'Z': slRotZ((ANGLE)v[0]); break;
        case 'P': {
            FIXED out[XYZ];
            slCalcPoint(v[0], v[1], v[2], out);
            rt_printf("P %ld %ld %ld\n", (long)out[0], (long)out[1], (long)out[2]);
            break;
        }
        case 'M': print_matrix(); break;
        case 'S': slGetMatrix(saved); break;
        case 'L': slLoadMatrix(saved); break;
        case 'U': slMultiMatrix(saved); break;
        case 'H': rt_printf("H %d\n", slPushMatrix() ? 1 : 0); break;
        case 'O': rt_printf("O %d\n", slPopMatrix() ? 1 : 0); break;
        case 'C': rt_printf("C %d %ld %ld\n", v[0], (long)slSin((ANGLE)v[0]), (long)slCos((ANGLE)v[0])); break;
        default:
            rt_printf("FAIL math: unknown operation %s\n", op);
            return 1;
        }
    }
    return 0;
}

static int test_sweep(const char *arg)
{
    int step = rt_atoi(arg), a;
    if (step <= 0)
        return 1;
    for (a = 0; a < 65536; a += step)
        rt_printf("C %d %ld %ld\n", a, (long)slSin((ANGLE)a), (long)slCos((ANGLE)a));
    return 0;
}

/* ---- sprites ---- */
static int test_sprites(void)
{
    static jo_color pixels[16 * 8];
    jo_img img;
    jo_img_8bits img8;
    int id, i;
    for (i = 0; i < 16 * 8; i++)
        pixels[i] = (jo_color)(0x8000u | (unsigned int)i);
    img.width = 16;
    img.height = 8;
    img.data = pixels;
    CHECK("no sprite yet", jo_get_last_sprite_id(), -1);
    CHECK("first address", double_vram_next(), 0x10000);
    id = jo_sprite_add(&img);                   /* 16 * 8 * 4 >> 1 = 256 bytes at 0x10000 */
    slDMAWait();
    CHECK("id 0", id, 0);
    CHECK("0 address", double_sprite_at(0)->address, 0x10000);
    CHECK("0 bytes", double_sprite_at(0)->bytes, 256);
    CHECK("0 CGadr", __jo_sprite_def[0].adr, 0x10000 / 8);
    CHECK("0 Hsize", __jo_sprite_def[0].width, 16);
    CHECK("0 Vsize", __jo_sprite_def[0].height, 8);
    CHECK("0 HVsize", __jo_sprite_def[0].size, (16 << 5) | 8);      /* (16 & 0x1F8) << 5 | 8 = 0x208 */
    CHECK("0 mode", __jo_sprite_pic[0].color_mode, COL_32K);
    CHECK("0 data", (unsigned int)__jo_sprite_pic[0].data, (unsigned int)(double_vram() + 0x10000));
    /* the texels, big-endian words in VRAM: pixel 5 = 0x8005 at bytes 10, 11 */
    CHECK("texel 5 hi", double_vram()[0x10000 + 10], 0x80);
    CHECK("texel 5 lo", double_vram()[0x10000 + 11], 0x05);
    /* 8-bit 24 x 3: 72 bytes at 0x10100, next at 0x10100 + 72 = 0x10148 -> rounded to 32: 0x10160 */
    img8.width = 24;
    img8.height = 3;
    img8.data = (unsigned char *)pixels;
    id = jo_sprite_add_8bits_image(&img8);
    slDMAWait();
    CHECK("id 1", id, 1);
    CHECK("1 address", double_sprite_at(1)->address, 0x10100);
    CHECK("1 bytes", double_sprite_at(1)->bytes, 72);
    CHECK("1 mode", __jo_sprite_pic[1].color_mode, COL_256);
    CHECK("next after 1", double_vram_next(), 0x10160);
    /* data NULL reserves: 8 x 1 RGB = 16 bytes at 0x10160, next 0x10180 */
    img.width = 8;
    img.height = 1;
    img.data = JO_NULL;
    id = jo_sprite_add(&img);
    CHECK("id 2", id, 2);
    CHECK("2 address", double_sprite_at(2)->address, 0x10160);
    CHECK("2 CGadr", __jo_sprite_def[2].adr, 0x10160 / 8);
    CHECK("next after 2", double_vram_next(), 0x10180);
    CHECK("count", jo_sprite_count(), 3);
    CHECK("no defect", double_defect_count(), 0);
    /* free_from(5) > last: nothing */
    jo_sprite_free_from(5);
    CHECK("free_from past the end", jo_sprite_count(), 3);
    /* free_from(1): last = 0, VRAM back to 0x10100 */
    jo_sprite_free_from(1);
    CHECK("after free_from(1)", jo_get_last_sprite_id(), 0);
    CHECK("vram after free_from(1)", double_vram_next(), 0x10100);
    CHECK("sprite 1 gone", (unsigned int)double_sprite_at(1), 0);
    /* a width not a multiple of 8 is a defect; the sprite is still added as Jo would */
    img.width = 12;
    img.height = 2;
    id = jo_sprite_add(&img);                  /* 12 * 2 * 2 = 48 bytes at 0x10100 */
    CHECK("id 1 again", id, 1);
    CHECK("1 again address", double_sprite_at(1)->address, 0x10100);
    CHECK("HVsize of 12", __jo_sprite_def[1].size, (8 << 5) | 2);   /* 12 & 0x1F8 = 8 */
    CHECK("width defect", double_defect_count(), 1);
    /* 4-bit: 16 x 4 at COL_16: 16 * 4 * 4 >> 3 = 32 bytes */
    id = double_sprite_add(JO_NULL, 16, 4, COL_16);
    CHECK("4-bit bytes", double_sprite_at(id)->bytes, 32);
    CHECK("4-bit address", double_sprite_at(id)->address, 0x10140);   /* 0x10100 + 48 = 0x10130 -> 0x10140 */
    jo_sprite_free_from(0);
    CHECK("all freed", jo_sprite_count(), 0);
    CHECK("vram reset", double_vram_next(), 0x10000);
    return 0;
}

/* ---- heap ---- */
static int test_heap(void)
{
    unsigned char *a, *b, *c, *d, *e;
    a = jo_malloc(10);                  /* 10 + 8 = 18 -> 20 bytes */
    b = jo_malloc(100);                 /* 108 */
    c = jo_malloc(1);                   /* 12 */
    CHECK("a aligned", (unsigned int)a & 3u, 0);
    CHECK("b after a", b - a, 20);
    CHECK("c after b", c - b, 108);
    CHECK("blocks", double_block_count(), 3);
    CHECK("size of b", double_block_size(b), 100);
    CHECK("used", double_heap_used(), 111);
    CHECK("block 1", (unsigned int)double_block_at(1)->ptr, (unsigned int)b);
    CHECK("behaviour", double_block_at(1)->behaviour, JO_FAST_ALLOCATION);
    jo_free(b);                         /* not the last: marked free */
    CHECK("blocks after free", double_block_count(), 2);
    CHECK("used after free", double_heap_used(), 11);
    CHECK("peak", double_heap_peak(), 111);
    CHECK("freed size", double_block_size(b), 0);
    /* JO_FAST_ALLOCATION bumps while there is room: not b's block */
    d = jo_malloc(50);
    CHECK("fast bumps", d - c, 12);
    jo_free(d);                         /* the last: the mark goes back to d */
    /* JO_MALLOC_TRY_REUSE_BLOCK takes the first free block big enough, unsplit */
    e = jo_malloc_with_behaviour(40, JO_MALLOC_TRY_REUSE_BLOCK);
    CHECK("reuse b", (unsigned int)e, (unsigned int)b);
    CHECK("reuse record", double_block_size(e), 40);
    d = jo_malloc(4);
    CHECK("mark back at d", d - c, 12);
    /* SAME_BLOCK_SIZE is a defect */
    CHECK("no defect yet", double_defect_count(), 0);
    jo_free(d);
    d = jo_malloc_with_behaviour(4, JO_MALLOC_TRY_REUSE_SAME_BLOCK_SIZE);
    CHECK("same-size defect", double_defect_count(), 1);
    jo_free(d);
    jo_free(JO_NULL);
    CHECK("free NULL defect", double_defect_count(), 2);
    jo_free(a + 4);
    CHECK("bad pointer defect", double_defect_count(), 3);
    /* the limit: 11 + 40 used; a limit of 100 leaves 49 */
    double_set_heap_limit(100);
    CHECK("over the limit", (unsigned int)jo_malloc(50), 0);
    d = jo_malloc(49);
    CHECK("at the limit", d != JO_NULL, 1);
    jo_free(d);
    double_set_heap_limit(0);
    /* bigger than the zone */
    CHECK("too big", (unsigned int)jo_malloc(JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC), 0);
    jo_free(a);
    jo_free(c);
    jo_free(e);
    CHECK("empty", double_block_count(), 0);
    CHECK("used 0", double_heap_used(), 0);
    /* Freeing e then c lowered the mark to 20 (e's block, then c's, were
       the last ones), but a's block below stays a free block of 20 bytes
       (Jo never merges nor lowers the mark over free blocks).
       A full zone: JO_FAST_ALLOCATION falls back to the first free block
       big enough. x: 100 + 8 = 108 bytes bumped at 20; y: the rest exactly
       (n + 8 = zone - 20 - 108). */
    {
        unsigned char *x = jo_malloc(100);
        unsigned char *y = jo_malloc(JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC - 20 - 108 - 8);
        CHECK("x bumped above a's free block", x - a, 20);
        CHECK("y fits", y != JO_NULL, 1);
        CHECK("zone full", (unsigned int)jo_malloc(13), 0);     /* 24 bytes: more than a's free 20 */
        jo_free(x);                     /* not the last block: marked free */
        d = jo_malloc(50);              /* 60 bytes: a's 20 are too few, x's 108 fit */
        CHECK("fast takes the free block", (unsigned int)d, (unsigned int)x);
        CHECK("no fit", (unsigned int)jo_malloc(200), 0);
        jo_free(d);
        jo_free(y);
    }
    CHECK("empty again", double_block_count(), 0);
    /* the mark is back at 128 (y was the last block): FAST bumps there,
       REUSE_BLOCK takes a's free 20 bytes first (12 <= 20) */
    d = jo_malloc(1);
    CHECK("fast bumps at 128", d - a, 128);
    e = jo_malloc_with_behaviour(1, JO_MALLOC_TRY_REUSE_BLOCK);
    CHECK("reuse takes a's block", (unsigned int)e, (unsigned int)a);
    jo_free(e);
    jo_free(d);
    return 0;
}

/* ---- files ---- */
static int test_gfs(const char *dir)
{
    int len = -1, id;
    char *data;
    jo_file f;
    char buf[8];
    double_set_cd(dir);
    CHECK("found", GFS_NameToId((Sint8 *)"DATA.TXT") >= 0, 1);
    CHECK("same id", GFS_NameToId((Sint8 *)"DATA.TXT"), GFS_NameToId((Sint8 *)"DATA.TXT"));
    CHECK("case", GFS_NameToId((Sint8 *)"data.txt"), -1);
    CHECK("long name", GFS_NameToId((Sint8 *)"LONGNAME1.TXT"), -1);   /* 13 characters, the file exists */
    CHECK("12 characters", GFS_NameToId((Sint8 *)"LONGNAME.TXT") >= 0, 1);
    CHECK("folder", GFS_NameToId((Sint8 *)"SUB"), -1);
    CHECK("path", GFS_NameToId((Sint8 *)"SUB/IN.TXT"), -1);
    /* DATA.TXT holds "hello, saturn" (13 bytes) */
    data = jo_fs_read_file("DATA.TXT", &len);
    CHECK("read", data != JO_NULL, 1);
    CHECK("len", len, 13);
    check_str("content", data, "hello, saturn");
    CHECK("block size + 1", double_block_size(data), 14);
    CHECK("reuse behaviour", double_block_at(0)->behaviour, JO_MALLOC_TRY_REUSE_BLOCK);
    jo_free(data);
    CHECK("no defect", double_defect_count(), 0);
    CHECK("missing", (unsigned int)jo_fs_read_file("NOPE.BIN", &len), 0);
    CHECK("missing defect", double_defect_count(), 1);
    CHECK("missing error", double_error_count(), 1);
    /* streaming */
    CHECK("open", jo_fs_open(&f, "DATA.TXT"), 1);
    CHECK("stream size", f.size, 13);
    CHECK("read 5", jo_fs_read_next_bytes(&f, buf, 5), 5);
    CHECK("read 5 bytes", buf[0] == 'h' && buf[4] == 'o', 1);
    CHECK("seek 2", jo_fs_seek_forward(&f, 2), 1);
    CHECK("read past end", jo_fs_read_next_bytes(&f, buf, 8), 6);
    CHECK("read after seek", buf[0], 's');
    CHECK("seek past end", jo_fs_seek_forward(&f, 1), 0);
    jo_fs_close(&f);
    CHECK("open missing", jo_fs_open(&f, "NOPE.BIN"), 0);
    CHECK("stream blocks freed", double_block_count(), 0);
    /* IMG.BIN: 8 x 2, pixels 0x8001 .. 0x8010 little-endian, 0x8003 the transparent colour */
    id = jo_sprite_add_bin(JO_NULL, "IMG.BIN", 0x8003);
    CHECK("bin id", id, 0);
    CHECK("bin width", double_sprite_at(0)->width, 8);
    CHECK("bin height", double_sprite_at(0)->height, 2);
    CHECK("bin texel 0", double_vram()[0x10000] << 8 | double_vram()[0x10001], 0x8001);
    CHECK("bin texel 2 transparent", double_vram()[0x10004] << 8 | double_vram()[0x10005], 0);
    CHECK("bin texel 15", double_vram()[0x1001E] << 8 | double_vram()[0x1001F], 0x8010);
    CHECK("bin heap freed", double_block_count(), 0);
    /* T24.TGA: 8 x 2, 24-bit, bottom-up; the first file row (the bottom row)
       is B,G,R = 0xF8,0x00,0x08 -> R 1, G 0, B 31 = 0x8000 | 31 << 10 | 1 = 0xFC01;
       the second (top) row 0x00,0xFF,0x00 -> G 31 = 0x83E0 */
    id = jo_sprite_add_tga(JO_NULL, "T24.TGA", 0);
    CHECK("tga id", id, 1);
    CHECK("tga address", double_sprite_at(1)->address, 0x10020);   /* 0x10000 + 32 */
    CHECK("tga top row", double_vram()[0x10020] << 8 | double_vram()[0x10021], 0x83E0);
    CHECK("tga bottom row", double_vram()[0x10030] << 8 | double_vram()[0x10031], 0xFC01);
    /* T8.TGA: 8 x 1, 8-bit colour-mapped (256 x 24-bit map), indices 0..7 -> 1..8, COL_256 */
    id = jo_sprite_add_tga(JO_NULL, "T8.TGA", 0);
    CHECK("tga8 id", id, 2);
    CHECK("tga8 mode", __jo_sprite_pic[2].color_mode, COL_256);
    CHECK("tga8 bytes", double_sprite_at(2)->bytes, 8);
    CHECK("tga8 texel 0", double_vram()[double_sprite_at(2)->address], 1);
    CHECK("tga8 texel 7", double_vram()[double_sprite_at(2)->address + 7], 8);
    /* sub_dir: SUB/IN.BIN, an 8 x 1 image */
    id = jo_sprite_add_bin("SUB", "IN.BIN", 0);
    CHECK("sub id", id, 3);
    CHECK("back in the folder", GFS_NameToId((Sint8 *)"DATA.TXT") >= 0, 1);
    CHECK("defects", double_defect_count(), 1);
    CHECK("heap empty", double_block_count(), 0);
    return 0;
}

/* ---- polygons ---- */
static int test_put(void)
{
    static POINT pts[3] = {{0, 0, 0}, {65536, 0, 0}, {0, 65536, 0}};
    static POLYGON pol[2] = {{{0, 0, 65536}, {0, 1, 2, 2}}, {{0, 0, 65536}, {0, 1, 2, 3}}};
    static ATTR att[2];
    PDATA d;
    d.pntbl = pts;
    d.nbPoint = 3;
    d.pltbl = pol;
    d.nbPolygon = 1;
    d.attbl = att;
    slUnitMatrix(CURRENT);
    slTranslate(5 << 16, 0, 0);
    CHECK("put ok", slPutPolygon(&d), TRUE);
    CHECK("put count", double_put_count(), 1);
    CHECK("put pltbl", (unsigned int)double_put_at(0)->pdata.pltbl, (unsigned int)pol);
    CHECK("put nbPolygon", double_put_at(0)->pdata.nbPolygon, 1);
    CHECK("put matrix", double_put_at(0)->matrix[3][0], 5 << 16);
    CHECK("put no defect", double_defect_count(), 0);
    d.nbPolygon = 2;                    /* polygon 1 uses point 3 of 3 */
    slPutPolygon(&d);
    CHECK("vertex defect", double_defect_count(), 1);
    double_clear_puts();
    CHECK("cleared", double_put_count(), 0);
    CHECK("depth", double_matrix_depth(), 0);
    return 0;
}

/* ---- DMA ---- */
static int test_dma(void)
{
    jo_img img;
    jo_color *px = jo_malloc(8 * 8 * 2);
    int i;
    for (i = 0; i < 64; i++)
        px[i] = 0x8000;
    img.width = 8;
    img.height = 8;
    img.data = px;
    jo_sprite_add(&img);
    jo_free(px);                        /* before slDMAWait: a defect */
    CHECK("dma defect", double_defect_count(), 1);
    px = jo_malloc(8 * 8 * 2);
    img.data = px;
    jo_sprite_add(&img);
    slDMAWait();
    jo_free(px);                        /* after slDMAWait: fine */
    CHECK("dma waited", double_defect_count(), 1);
    /* a source refilled before the next copy waits for the previous one */
    px = jo_malloc(8 * 8 * 2);
    img.data = px;
    jo_sprite_add(&img);
    px[3] = 0x8001;
    jo_sprite_add(&img);                /* slDMACopy waits first: the source changed */
    CHECK("dma written", double_defect_count(), 2);
    slDMAWait();
    jo_free(px);
    CHECK("dma clean", double_defect_count(), 2);
    return 0;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    int status;
    if (rt_strcmp(what, "div") == 0)
        status = test_div(argc, argv);
    else if (rt_strcmp(what, "fmt") == 0)
        status = test_fmt();
    else if (rt_strcmp(what, "math") == 0)
        return test_math(argc, argv);
    else if (rt_strcmp(what, "sweep") == 0 && argc > 2)
        return test_sweep(argv[2]);
    else if (rt_strcmp(what, "sprites") == 0)
        status = test_sprites();
    else if (rt_strcmp(what, "heap") == 0)
        status = test_heap();
    else if (rt_strcmp(what, "gfs") == 0 && argc > 2)
        status = test_gfs(argv[2]);
    else if (rt_strcmp(what, "dma") == 0)
        status = test_dma();
    else if (rt_strcmp(what, "put") == 0)
        status = test_put();
    else {
        rt_eprintf("usage: selftest div|fmt|math|sweep|sprites|heap|gfs DIR|dma|put\n");
        return 64;
    }
    if (status == 0 && failures == 0 && rt_strcmp(what, "div") != 0)
        rt_printf("ok %s\n", what);
    return status != 0 || failures != 0;
}
