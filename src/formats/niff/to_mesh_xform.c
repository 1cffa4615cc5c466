/* src/formats/niff/to_mesh_xform.c - the affine transforms of the Obj tree
   (see to_mesh.h). Angles are radians about the Obj's local axes (the
   manual's reading of rotate_axis_x/y/z; spec 10.11). */
#include "to_mesh.h"

#include <math.h>
#include <string.h>

void rm_niff_xform_identity(rm_niff_xform *x)
{
    memset(x, 0, sizeof *x);
    x->m[0][0] = x->m[1][1] = x->m[2][2] = 1.0;
}

bool rm_niff_rot_order_axes(uint32_t order, int axes[3])
{
    /* position (1-based) of X in byte 2, Y in byte 1, Z in byte 0 */
    unsigned pos[3] = { (order >> 16) & 0xffu, (order >> 8) & 0xffu, order & 0xffu };
    bool ok = (order >> 24) == 0;
    int seen = 0;
    for (int a = 0; a < 3 && ok; a++) {
        if (pos[a] < 1 || pos[a] > 3 || (seen & (1 << pos[a]))) {
            ok = false;
            break;
        }
        seen |= 1 << pos[a];
        axes[pos[a] - 1] = a;
    }
    if (!ok) {
        axes[0] = 0;
        axes[1] = 1;
        axes[2] = 2;
    }
    return ok;
}

/* The rotation by `angle` about axis a as a 3x3 block in x (translation 0). */
static void rotation(int a, double angle, rm_niff_xform *x)
{
    rm_niff_xform_identity(x);
    if (angle == 0.0)
        return;     /* exact identity: no rounding in sin/cos */
    double c = cos(angle), s = sin(angle);
    int i = (a + 1) % 3, j = (a + 2) % 3;   /* X: (y, z); Y: (z, x); Z: (x, y) */
    x->m[i][i] = c;
    x->m[i][j] = -s;
    x->m[j][i] = s;
    x->m[j][j] = c;
}

void rm_niff_xform_local(const double t[3], const double r[3], const double s[3], uint32_t order,
                         rm_niff_xform *out)
{
    int axes[3];
    rm_niff_rot_order_axes(order, axes);
    rm_niff_xform acc, step;
    rm_niff_xform_identity(&acc);
    for (int k = 0; k < 3; k++)
        acc.m[k][k] = s[k];
    for (int k = 0; k < 3; k++) {     /* the first axis is applied first */
        rotation(axes[k], r[axes[k]], &step);
        rm_niff_xform_mul(&step, &acc, &acc);
    }
    for (int k = 0; k < 3; k++)
        acc.m[k][3] = t[k];
    *out = acc;
}

void rm_niff_xform_mul(const rm_niff_xform *a, const rm_niff_xform *b, rm_niff_xform *out)
{
    rm_niff_xform o;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++) {
            double v = j == 3 ? a->m[i][3] : 0.0;
            for (int k = 0; k < 3; k++)
                v += a->m[i][k] * b->m[k][j];
            o.m[i][j] = v;
        }
    }
    *out = o;
}

bool rm_niff_xform_is_identity(const rm_niff_xform *x)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            if (x->m[i][j] != (i == j ? 1.0 : 0.0))
                return false;
    return true;
}

double rm_niff_xform_det(const rm_niff_xform *x)
{
    const double (*m)[4] = x->m;
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

rm_vec3d rm_niff_xform_point(const rm_niff_xform *x, rm_vec3d p)
{
    const double (*m)[4] = x->m;
    rm_vec3d o = {
        m[0][0] * p.x + m[0][1] * p.y + m[0][2] * p.z + m[0][3],
        m[1][0] * p.x + m[1][1] * p.y + m[1][2] * p.z + m[1][3],
        m[2][0] * p.x + m[2][1] * p.y + m[2][2] * p.z + m[2][3],
    };
    return o;
}

rm_vec3d rm_niff_xform_normal(const rm_niff_xform *x, rm_vec3d n)
{
    if (rm_niff_xform_is_identity(x))
        return n;
    const double (*m)[4] = x->m;
    /* cofactor matrix = det * inverse transpose */
    double c[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            c[i][j] = m[i1][j1] * m[i2][j2] - m[i1][j2] * m[i2][j1];
        }
    rm_vec3d o = {
        c[0][0] * n.x + c[0][1] * n.y + c[0][2] * n.z,
        c[1][0] * n.x + c[1][1] * n.y + c[1][2] * n.z,
        c[2][0] * n.x + c[2][1] * n.y + c[2][2] * n.z,
    };
    double len0 = sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
    double len1 = sqrt(o.x * o.x + o.y * o.y + o.z * o.z);
    if (!(len1 > 0.0) || !isfinite(len1))
        return n;   /* a flat (zero-scale) transform: the normal as it was */
    double k = len0 / len1;
    if (rm_niff_xform_det(x) < 0)
        k = -k;     /* the cofactor of a mirror points inward */
    o.x *= k;
    o.y *= k;
    o.z *= k;
    return o;
}
