/* src/convert/faces.c - from mesh faces to the polygons of the JOM.

   For each face, in the order of the mesh:
   1. corners in the final order: reversed unless saturn_axes (the axis
      change is a rotation, the reversal makes front faces clockwise);
   2. neighbours at the same Q16.16 position are one corner (a quad with
      two equal neighbours is a triangle), and a face that lists the same
      corners several times over is written once;
   3. fewer than 3 corners left, or no area: warning, skipped;
   4. a triangle becomes (A, B, C, C) with its shortest edge in A-B; a quad
      is kept (with a warning when concave or bent); 5 corners or more are
      cut into convex quads and triangles (ngon.c);
   5. a textured polygon (not with --slice-textures) is turned so that A is
      the corner nearest the texture's top-left, from its UVs alone (the
      material's jo_flip is the VDP1's business, uv_corners.c); for a
      triangle this replaces step 4's rotation, and --keep-triangles keeps
      the order of both.
   Every polygon gets its outward normal, -newell(final corners). */
#include "geometry.h"
#include "stages.h"

#include <stdlib.h>

/* This polygon is the 65,536th or a later one, and no merge follows: the
   conversion will fail at the limits, so its normal (never written, and in
   no message) is not computed. */
static bool past_limit(const rm_cv_ctx *c)
{
    return !c->opt.merge_triangles && c->poly_count >= RM_JOM_MAX_INDEX;
}

static rm_status push(rm_cv_ctx *c, const rm_cv_poly *p)
{
    if (c->poly_count == c->poly_cap) {
        size_t cap = c->poly_cap ? c->poly_cap * 2 : 64;
        rm_cv_poly *np = realloc(c->polys, cap * sizeof *np);
        if (!np)
            return RM_NOMEM;
        c->polys = np;
        c->poly_cap = cap;
    }
    c->polys[c->poly_count++] = *p;
    return RM_OK;
}

/* Scratch buffers for one face, sized for the largest face. */
typedef struct face_buf {
    uint32_t *corner;   /* mesh corners in final order, after merging */
    rm_vec3x *px;       /* their Q16.16 positions */
    rm_vec3d *p;        /* the same as doubles (raw units) */
    rm_cv_piece *pieces;
} face_buf;

/* The UV rule (uv_corners.c): *first = the corner that becomes A, when the
   face is textured and its corners have usable UVs. A face whose UVs are
   mirrored is warned about once (an n-gon's pieces share its line). */
static bool uv_first(rm_cv_ctx *c, size_t face, const uint32_t *corner, unsigned n, unsigned *first)
{
    if (!rm_cv_face_uv_rule(c, face))
        return false;
    double uv[4][2];
    if (!rm_cv_corner_uvs(c->mesh, corner, n, uv))
        return false;
    const rm_mesh_material *mat = &c->mesh->materials[c->mesh->face_material[face]];
    rm_cv_uv_turn t = rm_cv_uv_turn_of(uv, n, mat->jo_flags);
    if (!t.usable)
        return false;
    if (!rm_cv_uv_drawn_right(&t, mat->jo_flags) && c->mirror_warned != face + 1) {
        c->mirror_warned = face + 1;
        if ((mat->jo_flags & (RM_MAT_FLIP_H | RM_MAT_FLIP_V)) == 0)
            rm_cv_face_diag(c, RM_WARNING, face,
                            "texture coordinates are mirrored against the corner order: the texture "
                            "of material \"%s\" is drawn mirrored on this face; jo_flip h draws it "
                            "right (it flips every face of the material: give the mirrored faces a "
                            "material of their own), or use --slice-textures",
                            mat->name ? mat->name : "");
        else
            rm_cv_face_diag(c, RM_WARNING, face,
                            "texture coordinates are mirrored against the corner order: the texture "
                            "of material \"%s\" (%s) is not drawn as its UVs say on this face; "
                            "jo_flip h draws it right (in a material of its own), or use "
                            "--slice-textures",
                            mat->name ? mat->name : "", rm_cv_flip_name(mat->jo_flags));
    }
    *first = t.first;
    return true;
}

/* nw: the Newell vector of corner[0..2] in this order, when the caller
   has it (NULL: computed here). */
static rm_status emit_triangle(rm_cv_ctx *c, size_t face, const uint32_t corner[3],
                               const rm_vec3x px[3], const rm_vec3d *nw)
{
    unsigned k = 0;
    if (!c->opt.keep_triangles && !uv_first(c, face, corner, 3, &k))
        k = rm_cv_shortest_edge(px);
    rm_cv_poly poly;
    for (unsigned i = 0; i < 3; i++)
        poly.corner[i] = corner[(k + i) % 3];
    poly.corner[3] = poly.corner[2];
    poly.face = (uint32_t)face;
    /* The normal of the turned triangle: its Newell vector is the one the
       caller has when the turn is none or when that vector is exact. */
    if (past_limit(c)) {
        poly.normal = (rm_vec3x){ 0, 0, 0 };
    } else if (nw && (k == 0 || rm_cv_newell_exact3(px))) {
        poly.normal = rm_cv_outward_of_newell(*nw);
    } else {
        rm_vec3d p[3];
        for (unsigned i = 0; i < 3; i++)
            p[i] = rm_cv_raw(px[(k + i) % 3]);
        poly.normal = rm_cv_outward_normal(p, 3);
    }
    return push(c, &poly);
}

/* nw as for emit_triangle, of p[0..3]. */
static rm_status emit_quad(rm_cv_ctx *c, size_t face, const uint32_t corner[4], const rm_vec3d p[4],
                           const rm_vec3d *nw)
{
    unsigned k = 0;     /* kept unless the UV rule applies */
    uv_first(c, face, corner, 4, &k);
    rm_cv_poly poly;
    for (unsigned i = 0; i < 4; i++)
        poly.corner[i] = corner[(k + i) % 4];
    poly.face = (uint32_t)face;
    if (past_limit(c)) {
        poly.normal = (rm_vec3x){ 0, 0, 0 };
    } else if (nw && k == 0) {
        poly.normal = rm_cv_outward_of_newell(*nw);
    } else {
        rm_vec3d q[4];
        for (unsigned i = 0; i < 4; i++)
            q[i] = p[(k + i) % 4];
        poly.normal = rm_cv_outward_normal(q, 4);
    }
    return push(c, &poly);
}

static rm_status cut_face(rm_cv_ctx *c, size_t face, face_buf *b, size_t n)
{
    size_t count = 0;
    bool overlap = false;
    rm_status st = rm_cv_cut_polygon(b->p, n, b->pieces, &count, &overlap);
    if (st != RM_OK)
        return st;
    double worst = 0.0;
    for (size_t i = 0; i < count && st == RM_OK; i++) {
        const rm_cv_piece *pc = &b->pieces[i];
        uint32_t corner[4];
        rm_vec3x px[4];
        rm_vec3d p[4];
        for (unsigned k = 0; k < pc->count; k++) {
            corner[k] = b->corner[pc->v[k]];
            px[k] = b->px[pc->v[k]];
            p[k] = b->p[pc->v[k]];
        }
        if (pc->count == 3) {
            st = emit_triangle(c, face, corner, px, NULL);
        } else {
            rm_cv_quad_shape s = rm_cv_quad_check(p);
            if (s.nonplanar && s.off_plane > worst)
                worst = s.off_plane;
            st = emit_quad(c, face, corner, p, NULL);
        }
    }
    if (st != RM_OK)
        return st;
    if (worst > 0.0)
        rm_cv_face_diag(c, RM_WARNING, face,
                        "face of %zu corners is not planar: a quad cut from it has a corner %.4g "
                        "units off its plane",
                        n, worst / 65536.0);
    if (overlap)
        rm_cv_face_diag(c, RM_WARNING, face,
                        "face of %zu corners crosses itself (seen along its normal): the pieces it "
                        "is cut into keep every corner and edge, but some of them face away from its "
                        "normal",
                        n);
    return RM_OK;
}

static rm_status convert_face(rm_cv_ctx *c, size_t face, face_buf *b)
{
    const rm_mesh *m = c->mesh;
    uint32_t start = m->face_start[face];
    uint32_t total = rm_mesh_face_corners(m, face);
    if (total < 3) {
        rm_cv_face_diag(c, RM_WARNING, face, "face has %u corner%s; skipped", total,
                        total == 1 ? "" : "s");
        return RM_OK;
    }

    /* 1 and 2: final order, neighbours at the same place merged (the first
       one is kept, also across the end of the loop). */
    size_t n = 0;
    for (uint32_t i = 0; i < total; i++) {
        uint32_t ci = c->opt.saturn_axes ? start + i : start + total - 1 - i;
        rm_vec3x x = c->pos[m->corner_position[ci]];
        if (n > 0 && rm_cv_vec3x_equal(x, b->px[n - 1]))
            continue;
        b->corner[n] = ci;
        b->px[n] = x;
        n++;
    }
    while (n > 1 && rm_cv_vec3x_equal(b->px[n - 1], b->px[0]))
        n--;
    if (n >= 3) {
        size_t period = rm_cv_period(b->px, n);
        if (period < n) {
            rm_cv_face_diag(c, RM_WARNING, face,
                            "face lists the same %zu corners %zu times; they are written once",
                            period, n / period);
            n = period;
        }
    }

    /* 3: degenerate faces. */
    if (n < 3) {
        rm_cv_face_diag(c, RM_WARNING, face,
                        "face has fewer than 3 distinct corners after rounding to Q16.16; skipped");
        return RM_OK;
    }
    for (size_t i = 0; i < n; i++)
        b->p[i] = rm_cv_raw(b->px[i]);
    rm_vec3d nw = rm_cv_newell(b->p, n);
    if (rm_cv_is_zero_area_nw(b->p, n, nw)) {
        rm_cv_face_diag(c, RM_WARNING, face,
                        "face has no area after rounding to Q16.16 (its corners are on a line); "
                        "skipped");
        return RM_OK;
    }

    /* 4: triangles, quads, n-gons. */
    if (n == 3)
        return emit_triangle(c, face, b->corner, b->px, &nw);
    if (n == 4) {
        rm_cv_quad_shape s = rm_cv_quad_check(b->p);
        if (s.concave)
            rm_cv_face_diag(c, RM_WARNING, face,
                            "quad is concave (or crosses itself) at vertex %u; kept as is, but the "
                            "VDP1 will not draw it as the 3D software shows it",
                            m->corner_position[b->corner[s.concave_corner]] + 1);
        if (s.nonplanar)
            rm_cv_face_diag(c, RM_WARNING, face,
                            "quad is not planar (a corner is %.4g units off its plane); kept as is",
                            s.off_plane / 65536.0);
        return emit_quad(c, face, b->corner, b->p, &nw);
    }
    return cut_face(c, face, b, n);
}

rm_status rm_cv_build_polygons(rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
    size_t maxn = 4;
    for (size_t f = 0; f < m->face_count; f++)
        if (rm_mesh_face_corners(m, f) > maxn)
            maxn = rm_mesh_face_corners(m, f);
    face_buf b;
    b.corner = malloc(maxn * sizeof *b.corner);
    b.px = malloc(maxn * sizeof *b.px);
    b.p = malloc(maxn * sizeof *b.p);
    b.pieces = malloc(maxn * sizeof *b.pieces);
    rm_status st = RM_NOMEM;
    if (b.corner && b.px && b.p && b.pieces) {
        st = RM_OK;
        for (size_t f = 0; f < m->face_count && st == RM_OK; f++)
            st = convert_face(c, f, &b);
    }
    free(b.corner);
    free(b.px);
    free(b.p);
    free(b.pieces);
    return st;
}
