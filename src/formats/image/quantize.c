/* src/formats/image/quantize.c - the project's own 16-color quantizer for
   4-bit lookup-table textures (TIMG format 1).

   1. Histogram: every opaque pixel (alpha >= 128) rounded to RGB555 (the
      rule of rm_rgb555_from_rgba), counted per color: at most 32768
      distinct colors, in ascending order of their 15-bit value.
   2. At most `colors` distinct colors: the palette is exactly those colors.
   3. Otherwise median cut: start with one box holding every color; cut the
      box with the largest error (count-weighted squared distance of its
      colors to their mean) along its axis of largest error, at the place
      along that axis that leaves the two halves the least total error (the
      variance-minimizing refinement of the classic cut at the median);
      until there are `colors` boxes. Each box gives its mean color.
   4. Lloyd (k-means) refinement: give every histogram color to its nearest
      palette color, move each palette color to the mean of its colors
      (rounded to 5 bits), at most LLOYD_ROUNDS times or until nothing moves.
   5. The palette is sorted by RGB555 value (duplicates dropped) into
      entries 1..n; each pixel gets its nearest entry, transparent ones 0.
      With dithering, a pixel between its two nearest entries takes the
      second one on a share of the 4x4 Bayer cells that grows with how far
      it lies toward it (see dither_takes_b).

   Distances are squared differences of the 5-bit channels weighted
   WR:WG:WB = 4:5:3 (green counts most, blue least, as the eye sees them,
   but mildly: stronger weights such as 3:6:1 lost up to 1 dB of plain
   RGB PSNR on the corpus textures for little visible gain): a cheap
   perceptual space in integers, so every machine gives the same palette.
   Ties always go to the lowest index or the lowest color value. Box errors
   are compared in IEEE doubles computed in a fixed order.

   Steps 1 to 4 also make palettes of up to 256 colors from a histogram
   (rm_quantize_palette, quantize.h) for the GIF writer; for 15 colors or
   fewer the steps are the same, so textures are unchanged. */
#include <stdlib.h>
#include <string.h>

#include "image_internal.h"
#include "quantize.h"
#include "retromesh/image.h"

/* Weights of the squared r, g, b differences. */
enum { WR = 4, WG = 5, WB = 3 };
static const unsigned weight[3] = {WR, WG, WB};
#define LLOYD_ROUNDS 10
#define NCOLORS 32768u
#define MAX_K RM_QUANTIZE_MAX_COLORS     /* palette sizes up to 256 (the GIF's) */

typedef struct qcolor {
    uint16_t rgb;       /* r | g << 5 | b << 10 (bit 15 clear) */
    uint32_t count;
} qcolor;

typedef struct qbox {
    uint32_t begin, end;    /* a range of the color array */
    double err;             /* weighted squared error around the mean */
    int axis;               /* the channel with the largest error */
} qbox;

static unsigned chan(uint16_t rgb, int axis)
{
    return ((unsigned)rgb >> (5u * (unsigned)axis)) & 31u;
}

static unsigned dist(uint16_t a, uint16_t b)
{
    unsigned d = 0;
    for (int k = 0; k < 3; k++) {
        int x = (int)chan(a, k) - (int)chan(b, k);
        d += weight[k] * (unsigned)(x * x);
    }
    return d;
}

/* Count-weighted sums of a set of colors: enough for its mean and error. */
typedef struct qsums {
    uint64_t n, s1[3], s2[3];
} qsums;

static void sums_add(qsums *s, const qcolor *c, int sign)
{
    for (int k = 0; k < 3; k++) {
        uint64_t v = chan(c->rgb, k);
        if (sign > 0) {
            s->s1[k] += c->count * v;
            s->s2[k] += c->count * v * v;
        } else {
            s->s1[k] -= c->count * v;
            s->s2[k] -= c->count * v * v;
        }
    }
    s->n = sign > 0 ? s->n + c->count : s->n - c->count;
}

/* Weighted squared error of channel k: s2 - s1^2 / n. */
static double sums_err_axis(const qsums *s, int k)
{
    if (s->n == 0)
        return 0;
    double s1 = (double)s->s1[k];
    double e = (double)s->s2[k] - s1 * s1 / (double)s->n;
    return e > 0 ? weight[k] * e : 0;
}

static double sums_err(const qsums *s)
{
    return sums_err_axis(s, 0) + sums_err_axis(s, 1) + sums_err_axis(s, 2);
}

static uint16_t sums_mean(const qsums *s)
{
    unsigned m[3];
    for (int k = 0; k < 3; k++)
        m[k] = (unsigned)((2 * s->s1[k] + s->n) / (2 * s->n));   /* rounded */
    return (uint16_t)(m[0] | m[1] << 5 | m[2] << 10);
}

static void box_measure(const qcolor *colors, qbox *b)
{
    qsums s;
    memset(&s, 0, sizeof s);
    for (uint32_t i = b->begin; i < b->end; i++)
        sums_add(&s, &colors[i], 1);
    b->err = sums_err(&s);
    b->axis = 0;
    for (int k = 1; k < 3; k++)
        if (sums_err_axis(&s, k) > sums_err_axis(&s, b->axis))
            b->axis = k;
}

/* Orders by one channel, then by the whole value: a total order, so the
   result of qsort does not depend on its algorithm. */
static int cmp_axis(const qcolor *a, const qcolor *b, int axis)
{
    unsigned x = chan(a->rgb, axis), y = chan(b->rgb, axis);
    if (x != y)
        return x < y ? -1 : 1;
    return a->rgb < b->rgb ? -1 : a->rgb > b->rgb;
}
static int cmp_r(const void *a, const void *b) { return cmp_axis(a, b, 0); }
static int cmp_g(const void *a, const void *b) { return cmp_axis(a, b, 1); }
static int cmp_b(const void *a, const void *b) { return cmp_axis(a, b, 2); }

/* Cuts box b (two colors or more) in two: b keeps the first part, *nb gets
   the second. */
static void box_split(qcolor *colors, qbox *b, qbox *nb)
{
    static int (*const cmp[3])(const void *, const void *) = {cmp_r, cmp_g, cmp_b};
    uint32_t n = b->end - b->begin;
    qsort(colors + b->begin, n, sizeof *colors, cmp[b->axis]);
    qsums left, right;
    memset(&left, 0, sizeof left);
    memset(&right, 0, sizeof right);
    for (uint32_t i = b->begin; i < b->end; i++)
        sums_add(&right, &colors[i], 1);
    uint32_t best = b->begin + 1;
    double best_err = 0;
    for (uint32_t k = b->begin + 1; k < b->end; k++) {
        sums_add(&left, &colors[k - 1], 1);
        sums_add(&right, &colors[k - 1], -1);
        double e = sums_err(&left) + sums_err(&right);
        if (k == b->begin + 1 || e < best_err) {
            best_err = e;
            best = k;
        }
    }
    nb->begin = best;
    nb->end = b->end;
    b->end = best;
    box_measure(colors, b);
    box_measure(colors, nb);
}

/* Median cut of `count` distinct colors into k boxes; their means in
   centers[0..k). */
static void median_cut(qcolor *colors, uint32_t count, unsigned k, uint16_t *centers)
{
    qbox boxes[MAX_K];
    unsigned nbox = 1;
    boxes[0].begin = 0;
    boxes[0].end = count;
    box_measure(colors, &boxes[0]);
    while (nbox < k) {
        int pick = -1;
        for (unsigned i = 0; i < nbox; i++)
            if (boxes[i].end - boxes[i].begin >= 2 && (pick < 0 || boxes[i].err > boxes[pick].err))
                pick = (int)i;
        if (pick < 0)
            break;   /* cannot happen with more distinct colors than k */
        box_split(colors, &boxes[pick], &boxes[nbox]);
        nbox++;
    }
    for (unsigned i = 0; i < k; i++) {
        qsums s;
        memset(&s, 0, sizeof s);
        unsigned b = i < nbox ? i : 0;
        for (uint32_t j = boxes[b].begin; j < boxes[b].end; j++)
            sums_add(&s, &colors[j], 1);
        centers[i] = sums_mean(&s);
    }
}

static unsigned nearest(uint16_t rgb, const uint16_t *centers, unsigned k)
{
    unsigned best = 0, best_d = dist(rgb, centers[0]);
    for (unsigned i = 1; i < k; i++) {
        unsigned d = dist(rgb, centers[i]);
        if (d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

/* The nearest center found faster for large palettes (the GIF's 256):
   the centers ordered by green, searched outward from the query's green
   while the green difference alone could still beat (or tie) the best.
   Every center that could be nearest is compared, with the same tie rule
   (lowest index), so the answer is nearest()'s. */
typedef struct qfinder {
    const uint16_t *centers;
    unsigned k;
    uint16_t order[MAX_K];      /* center indexes by green, then index */
    uint8_t green[MAX_K];       /* their greens */
} qfinder;

static void finder_make(qfinder *f, const uint16_t *centers, unsigned k)
{
    f->centers = centers;
    f->k = k;
    unsigned n = 0;
    for (unsigned g = 0; g < 32; g++)   /* a counting sort: stable, so ties by index */
        for (unsigned i = 0; i < k; i++)
            if (chan(centers[i], 1) == g) {
                f->order[n] = (uint16_t)i;
                f->green[n++] = (uint8_t)g;
            }
}

static void finder_try(const qfinder *f, uint16_t rgb, unsigned at, unsigned *best, unsigned *best_d)
{
    unsigned i = f->order[at], d = dist(rgb, f->centers[i]);
    if (d < *best_d || (d == *best_d && i < *best)) {
        *best_d = d;
        *best = i;
    }
}

static unsigned finder_nearest(const qfinder *f, uint16_t rgb)
{
    if (f->k <= 16)
        return nearest(rgb, f->centers, f->k);
    int g = (int)chan(rgb, 1);
    unsigned lo = 0, hi = f->k;         /* the first center of green >= g */
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if ((int)f->green[mid] < g)
            lo = mid + 1;
        else
            hi = mid;
    }
    unsigned best = UINT32_MAX, best_d = UINT32_MAX;
    for (unsigned at = lo; at < f->k; at++) {
        int dg = (int)f->green[at] - g;
        if (best_d != UINT32_MAX && WG * (unsigned)(dg * dg) > best_d)
            break;
        finder_try(f, rgb, at, &best, &best_d);
    }
    for (unsigned at = lo; at-- > 0;) {
        int dg = g - (int)f->green[at];
        if (best_d != UINT32_MAX && WG * (unsigned)(dg * dg) > best_d)
            break;
        finder_try(f, rgb, at, &best, &best_d);
    }
    return best;
}

static void lloyd(const qcolor *colors, uint32_t count, unsigned k, uint16_t *centers)
{
    qfinder f;
    for (int round = 0; round < LLOYD_ROUNDS; round++) {
        qsums s[MAX_K];
        memset(s, 0, (size_t)k * sizeof s[0]);
        finder_make(&f, centers, k);
        for (uint32_t i = 0; i < count; i++)
            sums_add(&s[finder_nearest(&f, colors[i].rgb)], &colors[i], 1);
        bool moved = false;
        for (unsigned i = 0; i < k; i++) {
            if (s[i].n == 0)
                continue;   /* an empty cluster keeps its color */
            uint16_t m = sums_mean(&s[i]);
            if (m != centers[i]) {
                centers[i] = m;
                moved = true;
            }
        }
        if (!moved)
            break;
    }
}

static int cmp_u16(const void *a, const void *b)
{
    uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
    return x < y ? -1 : x > y;
}

/* The second-nearest center of rgb (the nearest itself when k == 1). */
static unsigned second_nearest(uint16_t rgb, const uint16_t *centers, unsigned k, unsigned first)
{
    unsigned best = first, best_d = UINT32_MAX;
    for (unsigned i = 0; i < k; i++) {
        if (i == first)
            continue;
        unsigned d = dist(rgb, centers[i]);
        if (d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

/* Ordered dithering between the two nearest palette colors a and b of an
   8-bit pixel p: f = where p projects on the segment a -> b (0 at a, 1 at
   b, weighted distance), and the pixel takes b when f > (m + 0.5) / 16 for
   its Bayer value m. A pixel on a palette color stays on it (flat areas
   get no noise); one halfway between two takes each on half the cells.
   Integers: channels in units of 1/255 of a 5-bit level (8-bit c -> 31 c,
   5-bit c -> 255 c), so f > (2m + 1) / 32 <=> 32 num > (2m + 1) den. */
static bool dither_takes_b(const uint8_t *p, uint16_t a, uint16_t b, unsigned m)
{
    int64_t num = 0, den = 0;
    for (int k = 0; k < 3; k++) {
        int64_t pa = (int64_t)chan(a, k) * 255, pb = (int64_t)chan(b, k) * 255;
        int64_t x = (int64_t)p[k] * 31;
        num += weight[k] * (x - pa) * (pb - pa);
        den += weight[k] * (pb - pa) * (pb - pa);
    }
    return num > 0 && 32 * num > (int64_t)(2 * m + 1) * den;
}

/* The histogram's colors in ascending order of value; returns how many. */
static uint32_t fill_list(const uint32_t *hist, qcolor *list)
{
    uint32_t count = 0;
    for (uint32_t c = 0; c < NCOLORS; c++)
        if (hist[c]) {
            list[count].rgb = (uint16_t)c;
            list[count].count = hist[c];
            count++;
        }
    return count;
}

/* Steps 2 to 4 and the sort of step 5: at most `colors` distinct colors
   of the histogram, ascending, in centers; returns how many. */
static unsigned palette_of(const uint32_t *hist, qcolor *list, unsigned colors, uint16_t *centers, bool *exact)
{
    uint32_t count = fill_list(hist, list);
    *exact = count <= colors;
    if (*exact) {
        for (unsigned i = 0; i < count; i++)
            centers[i] = list[i].rgb;   /* already ascending */
        return count;
    }
    median_cut(list, count, colors, centers);
    /* median_cut reordered the list; Lloyd sums in list order, so put
       it back in value order first (the same order on every run). */
    fill_list(hist, list);
    lloyd(list, count, colors, centers);
    qsort(centers, colors, sizeof centers[0], cmp_u16);
    unsigned n = 0;
    for (unsigned i = 0; i < colors; i++)
        if (n == 0 || centers[i] != centers[n - 1])
            centers[n++] = centers[i];
    return n;
}

rm_status rm_quantize_palette(const uint32_t *hist, unsigned colors, uint16_t *palette, unsigned *count)
{
    *count = 0;
    if (!hist || !palette || colors < 1 || colors > MAX_K)
        return RM_USAGE;
    qcolor *list = malloc(NCOLORS * sizeof *list);
    if (!list)
        return RM_NOMEM;
    bool exact;
    *count = palette_of(hist, list, colors, palette, &exact);
    free(list);
    return RM_OK;
}

void rm_quantize_map(const uint16_t *palette, unsigned n, const uint32_t *hist, uint8_t *lut)
{
    qfinder f;
    finder_make(&f, palette, n);
    for (uint32_t c = 0; c < NCOLORS; c++)
        if (hist[c])
            lut[c] = (uint8_t)finder_nearest(&f, (uint16_t)c);
}

rm_status rm_quantize_lut(const rm_image *img, bool dither, unsigned colors, uint16_t palette[16],
                          uint8_t *indices)
{
    if (!img || !img->rgba || !palette || !indices || colors < 1 || colors > 15)
        return RM_USAGE;
    uint64_t npx = (uint64_t)img->width * img->height;
    if (npx == 0 || npx > RM_IMAGE_MAX_PIXELS)
        return RM_USAGE;
    uint32_t *hist = calloc(NCOLORS, sizeof *hist);
    qcolor *list = malloc(NCOLORS * sizeof *list);
    int8_t *lut = malloc(NCOLORS), *lut2 = malloc(NCOLORS);
    if (!hist || !list || !lut || !lut2) {
        free(hist);
        free(list);
        free(lut);
        free(lut2);
        return RM_NOMEM;
    }
    const uint8_t *p = img->rgba;
    for (uint64_t i = 0; i < npx; i++, p += 4)
        if (p[3] >= 128)
            hist[rm_ch5(p[0]) | rm_ch5(p[1]) << 5 | rm_ch5(p[2]) << 10]++;
    uint16_t centers[15];
    bool exact;
    unsigned n = palette_of(hist, list, colors, centers, &exact);
    palette[0] = 0x0000;
    for (unsigned i = 0; i < 15; i++)
        palette[1 + i] = i < n ? (uint16_t)(0x8000u | centers[i]) : 0x8000u;

    /* Each pixel's nearest entry (and, to dither, the second nearest),
       through tables of the RGB555 colors met so far (-1: not looked up
       yet). An exact palette needs no dithering. */
    memset(lut, -1, NCOLORS);
    memset(lut2, -1, NCOLORS);
    bool dith = dither && !exact && n > 1;
    p = img->rgba;
    for (uint32_t y = 0; y < img->height; y++) {
        for (uint32_t x = 0; x < img->width; x++, p += 4) {
            size_t at = (size_t)y * img->width + x;
            if (p[3] < 128 || n == 0) {
                indices[at] = 0;
                continue;
            }
            unsigned key = rm_ch5(p[0]) | rm_ch5(p[1]) << 5 | rm_ch5(p[2]) << 10;
            if (lut[key] < 0)
                lut[key] = (int8_t)nearest((uint16_t)key, centers, n);
            unsigned pick = (unsigned)lut[key];
            if (dith) {
                if (lut2[key] < 0)
                    lut2[key] = (int8_t)second_nearest((uint16_t)key, centers, n, pick);
                unsigned other = (unsigned)lut2[key];
                if (dither_takes_b(p, centers[pick], centers[other], rm_bayer4(x, y)))
                    pick = other;
            }
            indices[at] = (uint8_t)(1 + pick);
        }
    }
    free(hist);
    free(list);
    free(lut);
    free(lut2);
    return RM_OK;
}

rm_status rm_quantize16(const rm_image *img, bool dither, uint16_t palette[16], uint8_t *indices)
{
    return rm_quantize_lut(img, dither, 15, palette, indices);
}

void rm_indices_pack4(const uint8_t *indices, size_t count, uint8_t *out)
{
    for (size_t i = 0; i + 1 < count; i += 2)
        out[i / 2] = (uint8_t)((indices[i] & 15u) << 4 | (indices[i + 1] & 15u));
    if (count % 2)
        out[count / 2] = (uint8_t)((indices[count - 1] & 15u) << 4);
}
