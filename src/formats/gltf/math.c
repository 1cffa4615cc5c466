/* src/formats/gltf/math.c - the glTF reader's 4x4 matrices (column-major,
   as glTF stores them: m[col * 4 + row], m[12..14] the translation) and
   quaternions (x, y, z, w), and the rest world matrices of the node
   forest. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formats/gltf/gltf_internal.h"

#define AT(m, row, col) (m)[(col) * 4 + (row)]

void rm_gltf_mat_identity(double m[16])
{
    for (int i = 0; i < 16; i++)
        m[i] = (i % 5 == 0) ? 1.0 : 0.0;
}

void rm_gltf_quat_normalize(double q[4])
{
    double len = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!(len > 0.0) || !isfinite(len)) {
        q[0] = q[1] = q[2] = 0.0;
        q[3] = 1.0;
        return;
    }
    for (int i = 0; i < 4; i++)
        q[i] /= len;
}

void rm_gltf_quat_to_rot(const double q_in[4], double r[3][3])
{
    /* Normalised first, so that a slightly long quaternion still gives a
       rotation. */
    double q[4] = {q_in[0], q_in[1], q_in[2], q_in[3]};
    rm_gltf_quat_normalize(q);
    double x = q[0], y = q[1], z = q[2], w = q[3];
    r[0][0] = 1 - 2 * (y * y + z * z);
    r[0][1] = 2 * (x * y - z * w);
    r[0][2] = 2 * (x * z + y * w);
    r[1][0] = 2 * (x * y + z * w);
    r[1][1] = 1 - 2 * (x * x + z * z);
    r[1][2] = 2 * (y * z - x * w);
    r[2][0] = 2 * (x * z - y * w);
    r[2][1] = 2 * (y * z + x * w);
    r[2][2] = 1 - 2 * (x * x + y * y);
}

void rm_gltf_mat_from_trs(const double t[3], const double q[4], const double s[3], double m[16])
{
    double r[3][3];
    rm_gltf_quat_to_rot(q, r);
    rm_gltf_mat_identity(m);
    /* T * R * S: column c of R scaled by s[c], then the translation. */
    for (int row = 0; row < 3; row++)
        for (int col = 0; col < 3; col++)
            AT(m, row, col) = r[row][col] * s[col];
    m[12] = t[0];
    m[13] = t[1];
    m[14] = t[2];
}

void rm_gltf_mat_mul(const double a[16], const double b[16], double out[16])
{
    for (int col = 0; col < 4; col++)
        for (int row = 0; row < 4; row++) {
            double sum = 0.0;
            for (int k = 0; k < 4; k++)
                sum += AT(a, row, k) * AT(b, k, col);
            AT(out, row, col) = sum;
        }
}

bool rm_gltf_mat_invert(const double m[16], double out[16])
{
    /* Gauss-Jordan elimination with partial pivoting on [m | I]. A pivot
       below 1e-12 of the largest entry counts as singular. */
    double w[4][8];
    double scale = 0.0;
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 4; col++) {
            w[row][col] = AT(m, row, col);
            w[row][col + 4] = row == col ? 1.0 : 0.0;
            if (fabs(w[row][col]) > scale)
                scale = fabs(w[row][col]);
        }
    if (!(scale > 0.0) || !isfinite(scale))
        return false;
    for (int col = 0; col < 4; col++) {
        int best = col;
        for (int row = col + 1; row < 4; row++)
            if (fabs(w[row][col]) > fabs(w[best][col]))
                best = row;
        if (!(fabs(w[best][col]) > 1e-12 * scale))
            return false;
        if (best != col)
            for (int k = 0; k < 8; k++) {
                double tmp = w[col][k];
                w[col][k] = w[best][k];
                w[best][k] = tmp;
            }
        double p = w[col][col];
        for (int k = 0; k < 8; k++)
            w[col][k] /= p;
        for (int row = 0; row < 4; row++) {
            if (row == col || w[row][col] == 0.0)
                continue;
            double f = w[row][col];
            for (int k = 0; k < 8; k++)
                w[row][k] -= f * w[col][k];
        }
    }
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 4; col++)
            AT(out, row, col) = w[row][col + 4];
    return true;
}

void rm_gltf_mat_point(const double m[16], const double p[3], double out[3])
{
    for (int row = 0; row < 3; row++)
        out[row] = AT(m, row, 0) * p[0] + AT(m, row, 1) * p[1] + AT(m, row, 2) * p[2] +
                   AT(m, row, 3);
}

void rm_gltf_mat_normal(const double m[16], const double n[3], double out[3])
{
    /* The inverse transpose of the 3x3 part is its cofactor matrix over the
       determinant; dividing by the determinant keeps a mirrored normal
       pointing out. A singular part leaves the cofactors alone. */
    double a[3][3], cof[3][3];
    for (int row = 0; row < 3; row++)
        for (int col = 0; col < 3; col++)
            a[row][col] = AT(m, row, col);
    for (int row = 0; row < 3; row++)
        for (int col = 0; col < 3; col++) {
            int r1 = (row + 1) % 3, r2 = (row + 2) % 3;
            int c1 = (col + 1) % 3, c2 = (col + 2) % 3;
            cof[row][col] = a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1];
        }
    double det = a[0][0] * cof[0][0] + a[0][1] * cof[0][1] + a[0][2] * cof[0][2];
    double k = det != 0.0 ? 1.0 / det : 1.0;
    for (int row = 0; row < 3; row++)
        out[row] = k * (cof[row][0] * n[0] + cof[row][1] * n[1] + cof[row][2] * n[2]);
}

void rm_gltf_node_local(const rm_gltf_node *n, double m[16])
{
    if (n->has_matrix)
        memcpy(m, n->matrix, 16 * sizeof m[0]);
    else
        rm_gltf_mat_from_trs(n->t, n->r, n->s, m);
}

double *rm_gltf_rest_world(const rm_gltf_doc *doc)
{
    size_t count = doc->node_count;
    if (count > SIZE_MAX / (16 * sizeof(double)))
        return NULL;
    double *world = malloc((count ? count : 1) * 16 * sizeof *world);
    bool *done = calloc(count ? count : 1, sizeof *done);
    size_t *chain = malloc((count ? count : 1) * sizeof *chain);
    if (!world || !done || !chain) {
        free(world);
        free(done);
        free(chain);
        return NULL;
    }
    /* For each node not done: climb to the first done ancestor (or a root),
       then compute down the chain, parent before child. The loader made
       the graph a forest; a bad parent index or a cycle (never expected)
       is cut: the node is then taken as a root. */
    for (size_t i = 0; i < count; i++) {
        size_t len = 0;
        size_t at = i;
        while (!done[at] && len < count) {
            chain[len++] = at;
            int32_t p = doc->nodes[at].parent;
            if (p < 0 || (size_t)p >= count)
                break;
            at = (size_t)p;
        }
        while (len > 0) {
            size_t k = chain[--len];
            double local[16];
            rm_gltf_node_local(&doc->nodes[k], local);
            int32_t p = doc->nodes[k].parent;
            if (p >= 0 && (size_t)p < count && done[p])
                rm_gltf_mat_mul(&world[(size_t)p * 16], local, &world[k * 16]);
            else
                memcpy(&world[k * 16], local, sizeof local);
            done[k] = true;
        }
    }
    free(done);
    free(chain);
    return world;
}

void rm_gltf_quat_slerp(const double a[4], const double b_in[4], double t, double out[4])
{
    double b[4] = {b_in[0], b_in[1], b_in[2], b_in[3]};
    double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (dot < 0.0) {        /* q and -q are one rotation: go the shorter way */
        for (int i = 0; i < 4; i++)
            b[i] = -b[i];
        dot = -dot;
    }
    double wa, wb;
    if (dot > 0.9995) {
        /* Nearly the same rotation: sin(theta) ~ 0, a normalised lerp is
           as good and does not divide by it. */
        wa = 1.0 - t;
        wb = t;
    } else {
        double theta = acos(dot);
        double s = sin(theta);
        wa = sin((1.0 - t) * theta) / s;
        wb = sin(t * theta) / s;
    }
    for (int i = 0; i < 4; i++)
        out[i] = wa * a[i] + wb * b[i];
    rm_gltf_quat_normalize(out);
}
