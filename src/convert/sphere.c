/* src/convert/sphere.c - the bounding sphere of the header.

   jo_3d_is_sphere_visible() culls a model with it, so it must hold every
   point (a point outside may pop out of view) and be tight (a loose sphere
   draws models that are off screen). Three centers are tried:
   - Ritter's sphere refined by shrink-and-regrow passes (Ericson,
     Real-Time Collision Detection 4.3.5): fast, within a few percent;
   - Welzl's smallest enclosing sphere (move-to-front, Gaertner's
     formulation), exact up to floating point, on a shuffled copy;
   - the center of the box of the points.
   Each center is rounded to Q16.16 and its radius computed exactly (the
   smallest integer r with every point at distance <= r, in 128-bit
   integers): the smallest wins. Every point is inside by construction,
   whatever the floating point did. */
#include "geometry.h"

#include <math.h>
#include <stdlib.h>

typedef struct sphere {
    double c[3];
    double r;
} sphere;

static double d2(const double *a, const double *b)
{
    double x = a[0] - b[0], y = a[1] - b[1], z = a[2] - b[2];
    return x * x + y * y + z * z;
}

/* Grows s just enough to hold point q (the new sphere holds the old one). */
static inline void grow(sphere *s, const double *q)
{
    double dist2 = d2(q, s->c);
    if (dist2 <= s->r * s->r)
        return;
    double dist = sqrt(dist2);
    double r = (s->r + dist) / 2.0;
    double k = (r - s->r) / dist;
    for (int i = 0; i < 3; i++)
        s->c[i] += (q[i] - s->c[i]) * k;
    s->r = r;
}

static sphere ritter(const double (*p)[3], size_t n)
{
    /* The pair of extreme points (per axis) that are farthest apart. */
    size_t best_a = 0, best_b = 0;
    double best = -1.0;
    for (int axis = 0; axis < 3; axis++) {
        size_t lo = 0, hi = 0;
        for (size_t i = 1; i < n; i++) {
            if (p[i][axis] < p[lo][axis])
                lo = i;
            if (p[i][axis] > p[hi][axis])
                hi = i;
        }
        double d = d2(p[lo], p[hi]);
        if (d > best) {
            best = d;
            best_a = lo;
            best_b = hi;
        }
    }
    sphere s;
    for (int i = 0; i < 3; i++)
        s.c[i] = (p[best_a][i] + p[best_b][i]) / 2.0;
    s.r = sqrt(best) / 2.0;
    for (size_t i = 0; i < n; i++)
        grow(&s, p[i]);
    return s;
}

/* A fixed pseudo-random sequence (xorshift32): the same order on every run. */
static uint32_t next_random(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}


/* ---- Welzl ------------------------------------------------------------- */

typedef struct ball {
    double c[3];
    double r2;              /* squared radius, < 0: empty */
} ball;

static void sub3(const double *a, const double *b, double *r)
{
    r[0] = a[0] - b[0];
    r[1] = a[1] - b[1];
    r[2] = a[2] - b[2];
}

static double dot3(const double *a, const double *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross3(const double *a, const double *b, double *r)
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

static bool holds(const ball *b, const double *q)
{
    /* A relative margin: a point put on the border must count as inside. */
    return b->r2 >= 0.0 && d2(q, b->c) <= b->r2 * (1.0 + 1e-12) + 1e-9;
}

static ball ball2(const double *a, const double *b)
{
    ball r;
    for (int i = 0; i < 3; i++)
        r.c[i] = (a[i] + b[i]) / 2.0;
    r.r2 = d2(a, r.c);
    return r;
}

/* The smallest ball among those of pairs and triples of s[0..k-1] that
   holds all of them: the way out of a degenerate (flat) support set. */
static ball ball_fallback(const double (*s)[3], int k);

/* Circle through 3 points, in their plane. */
static ball ball3(const double *a, const double *b, const double *c)
{
    double u[3], v[3], w[3], x[3], y[3];
    sub3(b, a, u);
    sub3(c, a, v);
    cross3(u, v, w);
    double w2 = dot3(w, w);
    if (!(w2 > 1e-24 * dot3(u, u) * dot3(v, v))) {
        /* On a line: the two farthest apart. */
        const double *p[3] = { a, b, c };
        ball best = ball2(a, b);
        for (int i = 0; i < 3; i++) {
            ball t = ball2(p[i], p[(i + 1) % 3]);
            if (t.r2 > best.r2)
                best = t;
        }
        return best;
    }
    cross3(v, w, x);
    cross3(w, u, y);
    double uu = dot3(u, u), vv = dot3(v, v);
    ball r;
    for (int i = 0; i < 3; i++)
        r.c[i] = a[i] + (uu * x[i] + vv * y[i]) / (2.0 * w2);
    r.r2 = d2(a, r.c);
    return r;
}

/* Sphere through 4 points. */
static ball ball4(const double (*s)[3])
{
    double u[3], v[3], w[3], vw[3], wu[3], uv[3];
    sub3(s[1], s[0], u);
    sub3(s[2], s[0], v);
    sub3(s[3], s[0], w);
    cross3(v, w, vw);
    cross3(w, u, wu);
    cross3(u, v, uv);
    double det = dot3(u, vw);
    double scale = sqrt(dot3(u, u) * dot3(v, v) * dot3(w, w));
    if (!(fabs(det) > 1e-12 * scale))
        return ball_fallback(s, 4);
    double hu = dot3(u, u) / 2.0, hv = dot3(v, v) / 2.0, hw = dot3(w, w) / 2.0;
    ball r;
    for (int i = 0; i < 3; i++)
        r.c[i] = s[0][i] + (hu * vw[i] + hv * wu[i] + hw * uv[i]) / det;
    r.r2 = d2(s[0], r.c);
    return r;
}

static ball ball_of(const double (*s)[3], int k)
{
    ball r = { { 0.0, 0.0, 0.0 }, -1.0 };
    switch (k) {
    case 1:
        for (int i = 0; i < 3; i++)
            r.c[i] = s[0][i];
        r.r2 = 0.0;
        return r;
    case 2:
        return ball2(s[0], s[1]);
    case 3:
        return ball3(s[0], s[1], s[2]);
    case 4:
        return ball4(s);
    default:
        return r;
    }
}

static ball ball_fallback(const double (*s)[3], int k)
{
    ball best = { { 0.0, 0.0, 0.0 }, -1.0 };
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            for (int l = j; l <= k; l++) {
                ball t = l == k || l == j ? ball2(s[i], s[j]) : ball3(s[i], s[j], s[l]);
                bool all = true;
                for (int m = 0; m < k && all; m++)
                    all = holds(&t, s[m]);
                if (all && (best.r2 < 0.0 || t.r2 < best.r2))
                    best = t;
            }
    return best;
}

typedef struct mtf_state {
    const double (*p)[3];
    uint32_t *next;         /* the list, in move-to-front order; UINT32_MAX ends it */
    uint32_t head;
    double support[4][3];
    int k;
    ball b;
} mtf_state;

/* Gaertner's mtf_mb: the smallest ball of the points before `end` in the
   list, with the current support points on its border. Depth <= 4. */
static void mtf(mtf_state *s, uint32_t end)
{
    s->b = ball_of((const double (*)[3])s->support, s->k);
    if (s->k == 4)
        return;
    uint32_t prev = UINT32_MAX;
    for (uint32_t j = s->head; j != end && j != UINT32_MAX;) {
        uint32_t after = s->next[j];
        if (!holds(&s->b, s->p[j])) {
            for (int i = 0; i < 3; i++)
                s->support[s->k][i] = s->p[j][i];
            s->k++;
            mtf(s, j);
            s->k--;
            /* Move j to the front (the recursion only reorders points
               before j, so prev is found again by walking). */
            if (j != s->head) {
                prev = s->head;
                while (s->next[prev] != j)
                    prev = s->next[prev];
                s->next[prev] = after;
                s->next[j] = s->head;
                s->head = j;
            }
        }
        j = after;
    }
}

static bool welzl(const double (*q)[3], size_t n, double *center)
{
    uint32_t *next = malloc(n * sizeof *next);
    if (!next)
        return false;
    for (size_t i = 0; i < n; i++)
        next[i] = i + 1 < n ? (uint32_t)(i + 1) : UINT32_MAX;
    mtf_state s;
    s.p = q;
    s.next = next;
    s.head = 0;
    s.k = 0;
    mtf(&s, UINT32_MAX);
    free(next);
    for (int i = 0; i < 3; i++)
        center[i] = s.b.c[i];
    return s.b.r2 >= 0.0;
}

int64_t rm_cv_radius_around(const rm_vec3x *p, size_t n, rm_vec3x c)
{
    rm_cv_u128 far = { 0, 0 };
    /* The usual case: every difference below 2^31, squares summed in a
       uint64_t (exact, the same value as rm_cv_dist2); the 128-bit loop
       from the first point that does not fit. */
    size_t i0 = 0;
    uint64_t far64 = 0;
    for (; i0 < n; i0++) {
        int64_t dx = (int64_t)p[i0].x - c.x, dy = (int64_t)p[i0].y - c.y,
                dz = (int64_t)p[i0].z - c.z;
        const int64_t lim = INT64_C(1) << 31;
        if (dx <= -lim || dx >= lim || dy <= -lim || dy >= lim || dz <= -lim || dz >= lim)
            break;
        uint64_t d = (uint64_t)(dx * dx) + (uint64_t)(dy * dy) + (uint64_t)(dz * dz);
        if (d > far64)
            far64 = d;
    }
    far.lo = far64;
    for (size_t i = i0; i < n; i++) {
        rm_cv_u128 d = rm_cv_dist2(p[i], c);
        if (rm_cv_u128_cmp(d, far) > 0)
            far = d;
    }
    /* Smallest r with r^2 >= far: start from the double square root, then
       step until the exact comparison agrees. */
    double guess = ceil(sqrt(rm_cv_u128_to_double(far)));
    uint64_t r = guess > 0.0 ? (uint64_t)guess : 0;
    while (rm_cv_u128_cmp(rm_cv_square(r), far) < 0)
        r++;
    while (r > 0 && rm_cv_u128_cmp(rm_cv_square(r - 1), far) >= 0)
        r--;
    return (int64_t)r;
}

bool rm_cv_bounding_sphere(const rm_vec3x *p, size_t n, rm_vec3x *center, int64_t *radius)
{
    rm_vec3x zero = { 0, 0, 0 };
    *center = zero;
    *radius = 0;
    if (n == 0)
        return true;
    double (*q)[3] = malloc(n * sizeof *q);
    if (!q)
        return false;
    double lo[3], hi[3];
    for (size_t i = 0; i < n; i++) {
        q[i][0] = (double)p[i].x;
        q[i][1] = (double)p[i].y;
        q[i][2] = (double)p[i].z;
        for (int a = 0; a < 3; a++) {
            if (i == 0 || q[i][a] < lo[a])
                lo[a] = q[i][a];
            if (i == 0 || q[i][a] > hi[a])
                hi[a] = q[i][a];
        }
    }

    sphere best = ritter((const double (*)[3])q, n);
    sphere s = best;
    uint32_t seed = 0x9E3779B9u;
    for (int pass = 0; pass < 8; pass++) {
        s.r *= 0.95;
        for (size_t i = 0; i < n; i++) {
            /* Visit the points in a shuffled order: swap i with a later one. */
            size_t j = i + (size_t)(next_random(&seed) % (uint32_t)(n - i < UINT32_MAX ? n - i : UINT32_MAX));
            for (int a = 0; a < 3; a++) {
                double t = q[i][a];
                q[i][a] = q[j][a];
                q[j][a] = t;
            }
            grow(&s, q[i]);
        }
        if (s.r < best.r)
            best = s;
    }
    /* q is now in a shuffled order: what Welzl's algorithm wants. */
    double centers[3][3];
    int candidates = 0;
    if (welzl((const double (*)[3])q, n, centers[candidates]))
        candidates++;
    for (int a = 0; a < 3; a++) {
        centers[candidates][a] = best.c[a];
        centers[candidates + 1][a] = (lo[a] + hi[a]) / 2.0;
    }
    candidates += 2;
    free(q);

    /* Each center rounded (clamped to the box of the points against
       rounding, so it fits Q16.16), its exact radius; the smallest wins,
       the first on a tie. */
    for (int k = 0; k < candidates; k++) {
        rm_fixed cc[3];
        for (int a = 0; a < 3; a++)
            cc[a] = (rm_fixed)llround(fmin(fmax(centers[k][a], lo[a]), hi[a]));
        rm_vec3x c = { cc[0], cc[1], cc[2] };
        int64_t r = rm_cv_radius_around(p, n, c);
        if (k == 0 || r < *radius) {
            *center = c;
            *radius = r;
        }
    }
    return true;
}
