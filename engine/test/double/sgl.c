/* engine/test/double/sgl.c - SGL's matrix stack and math, and its DMA.

   The current matrix is kept as MATRIX m[4][3] in the row-vector layout of
   retromesh's host runtime (src/runtime/math.c): m[0..2] the images of
   the local axes, m[3] the translation; a point p goes to
   p.x*m[0] + p.y*m[1] + p.z*m[2] + m[3]. That is what slGetMatrix() gives
   on a Saturn (SGL stores the transpose internally and transposes on the
   way out and in), so slGetMatrix/slLoadMatrix copy. Every sum of products
   is one 64-bit accumulator of which bits 16..47 are kept (SGL's mac.l +
   xtrct), and slSin/slCos compute the same integers as rm_3d_sin/cos: the
   Taylor series of sin in Q30 on a quarter turn, then the symmetries.

   slDMACopy copies at once but remembers its source range until
   slDMAWait() (or the next slDMACopy, which waits for the previous one as
   SGL does): jo_free() of a block overlapping it is a defect, and so is a
   source whose bytes changed before the wait (a hash taken at the copy). */
#include "internal.h"

#define MAX_NEST 20

typedef unsigned long long u64;
typedef long long s64;

static MATRIX stack[MAX_NEST + 1];
static int depth;                       /* stack[depth] is the current matrix */

static const unsigned char *dma_src;
static unsigned int dma_size;
static unsigned int dma_hash;

/* ---- integer helpers (as src/runtime/fx.h) ---- */
static u64 mac(u64 acc, FIXED a, FIXED b)
{
    return acc + (u64)((s64)a * (s64)b);
}

static FIXED take(u64 acc)
{
    return (FIXED)(Sint32)(Uint32)(acc >> 16);   /* bits 16..47, modulo 2^32 */
}

static FIXED add(FIXED a, FIXED b)
{
    return (FIXED)(Sint32)((Uint32)a + (Uint32)b);
}

/* ---- sin / cos ---- */
#define HALF_PI_Q30 1686629713ull       /* pi/2 * 2^30 = 1686629713.07 */
#define Q30 30

static FIXED quarter_sin(unsigned int r)
{
    u64 x = ((u64)r * HALF_PI_Q30 + 8192u) / 16384u;
    u64 x2 = (x * x) >> Q30;
    u64 term = x, sum = x;
    u64 n;
    for (n = 1; term != 0; n++) {
        term = ((term * x2) >> Q30) / ((2 * n) * (2 * n + 1));
        if (n & 1)
            sum -= term;
        else
            sum += term;
    }
    return (FIXED)((sum + (1u << (Q30 - 17))) >> (Q30 - 16));
}

FIXED slSin(ANGLE angle)
{
    unsigned int a = (unsigned int)(unsigned short)angle;
    unsigned int quadrant = a >> 14, r = a & 0x3FFFu;
    switch (quadrant) {
    case 0: return quarter_sin(r);
    case 1: return quarter_sin(16384u - r);
    case 2: return -quarter_sin(r);
    default: return -quarter_sin(16384u - r);
    }
}

FIXED slCos(ANGLE angle)
{
    return slSin((ANGLE)(unsigned short)((unsigned int)(unsigned short)angle + 16384u));
}

/* ---- the matrix stack ---- */
static FIXED (*cur(void))[3]
{
    return stack[depth];
}

static void identity(MATRIX m)
{
    int i, j;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            m[i][j] = i == j ? JO_FIXED_1 : 0;
}

void double_reset_sgl(void)
{
    depth = 0;
    identity(stack[0]);
    dma_src = JO_NULL;
    dma_size = 0;
}

int double_matrix_depth(void)
{
    return depth;
}

Bool slPushMatrix(void)
{
    if (depth >= MAX_NEST)
        return FALSE;
    rt_memcpy(stack[depth + 1], stack[depth], sizeof(MATRIX));
    depth++;
    return TRUE;
}

Bool slPopMatrix(void)
{
    if (depth <= 0)
        return FALSE;
    depth--;
    return TRUE;
}

void slUnitMatrix(MATRIX m)
{
    identity(m == CURRENT ? cur() : m);
}

void slLoadMatrix(MATRIX m)
{
    rt_memcpy(cur(), m, sizeof(MATRIX));
}

void slGetMatrix(MATRIX m)
{
    rt_memcpy(m, cur(), sizeof(MATRIX));
}

/* p by m: out = p.x m[0] + p.y m[1] + p.z m[2] (+ m[3]) */
static void transform(FIXED (*m)[3], FIXED x, FIXED y, FIXED z, bool translate, FIXED out[3])
{
    int j;
    for (j = 0; j < 3; j++) {
        u64 acc = mac(0, x, m[0][j]);
        acc = mac(acc, y, m[1][j]);
        acc = mac(acc, z, m[2][j]);
        out[j] = translate ? add(take(acc), m[3][j]) : take(acc);
    }
}

void slMultiMatrix(MATRIX a)
{
    /* a applied first, then the current matrix: new = a x cur (row vectors) */
    FIXED (*c)[3] = cur();
    MATRIX n;
    int i;
    for (i = 0; i < 3; i++)
        transform(c, a[i][0], a[i][1], a[i][2], false, n[i]);
    transform(c, a[3][0], a[3][1], a[3][2], true, n[3]);
    rt_memcpy(c, n, sizeof(MATRIX));
}

void slTranslate(FIXED x, FIXED y, FIXED z)
{
    FIXED (*c)[3] = cur();
    FIXED t[3];
    transform(c, x, y, z, true, t);
    c[3][0] = t[0];
    c[3][1] = t[1];
    c[3][2] = t[2];
}

/* Rows a and b become c*a + s*b and -s*a + c*b (src/runtime/math.c turn_rows). */
static void turn_rows(int a, int b, ANGLE angle)
{
    FIXED (*m)[3] = cur();
    FIXED co = slCos(angle), si = slSin(angle);
    FIXED nsi = (FIXED)(Sint32)(0u - (Uint32)si);
    int j;
    for (j = 0; j < 3; j++) {
        FIXED ra = m[a][j], rb = m[b][j];
        m[a][j] = take(mac(mac(0, co, ra), si, rb));
        m[b][j] = take(mac(mac(0, nsi, ra), co, rb));
    }
}

void slRotX(ANGLE a) { turn_rows(1, 2, a); }
void slRotY(ANGLE a) { turn_rows(2, 0, a); }
void slRotZ(ANGLE a) { turn_rows(0, 1, a); }

FIXED slCalcPoint(FIXED x, FIXED y, FIXED z, FIXED ans[XYZ])
{
    transform(cur(), x, y, z, true, ans);
    return 0;                           /* SGL's return value means nothing */
}

/* ---- DMA ---- */
/* FNV-1a of the source at the copy: a source changed before the wait (a
   buffer refilled for the next texture while the DMA may still read it)
   is seen when the wait comes. */
static unsigned int hash(const unsigned char *p, unsigned int n)
{
    unsigned int h = 2166136261u;
    while (n--)
        h = (h ^ *p++) * 16777619u;
    return h;
}

void slDMACopy(void *src, void *dst, Uint32 size)
{
    slDMAWait();                        /* SGL waits for the previous transfer */
    if (size != 0)
        rt_memcpy(dst, src, (unsigned int)size);
    dma_src = src;
    dma_size = (unsigned int)size;
    dma_hash = hash(dma_src, dma_size);
}

void slDMAWait(void)
{
    if (dma_src && dma_size && hash(dma_src, dma_size) != dma_hash)
        double_defect("slDMACopy source %p (%u bytes) written before slDMAWait()", (const void *)dma_src, dma_size);
    dma_src = JO_NULL;
    dma_size = 0;
}

bool double_dma_pending_overlaps(const void *begin, unsigned int size)
{
    const unsigned char *b = begin;
    if (!dma_src || dma_size == 0 || size == 0)
        return false;
    return b < dma_src + dma_size && dma_src < b + size;
}
