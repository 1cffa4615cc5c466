/* src/convert/slice.c - --slice-textures: a texture per polygon.

   The VDP1 draws a whole texture on a polygon, so a model UV-mapped on an
   atlas needs, for each polygon, the part of the atlas under its UVs as a
   texture of its own. The polygon keeps its corner order (shortest edge
   for triangles, as without textures); the slice is made so that texture
   corner i (top-left, top-right, bottom-right, bottom-left) is the atlas
   under the UV of corner i, as the VDP1 draws it: a mirrored region comes
   out right without any flip. A material's jo_flip is left to the VDP1,
   as without slicing (seed 000: the flag asks the VDP1 to flip the
   texture): the slice is cut the same with or without it, and drawn
   flipped.

   The slice's size is the region's extent in texels: the longer of its
   top and bottom edges by the longer of its left and right edges, fitted
   like any texture (width a multiple of 8, 504 x 255, --max-texture).
   Identical slices are one texture (rm_cv_add_texture). Each (material,
   texture) pair becomes a MATL record: a copy of the material with that
   texture, in the order of first use by the polygons. Polygons of a
   textured material without usable UVs get the whole texture. */
#include "stages.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Texel extents are clamped to this before rounding (UVs far outside 0..1
   repeat the texture; the fit reduces the size to the VDP1's anyway). */
#define RM_CV_MAX_EXTENT 65536.0

static double edge(const double a[2], const double b[2], uint32_t aw, uint32_t ah)
{
    return hypot((a[0] - b[0]) * aw, (a[1] - b[1]) * ah);
}

static uint32_t texels(double x)
{
    if (!(x >= 1.0))
        return 1;
    if (x > RM_CV_MAX_EXTENT)
        x = RM_CV_MAX_EXTENT;
    return (uint32_t)lround(x);
}

void rm_cv_slice_size(const double uv[4][2], uint32_t aw, uint32_t ah, uint32_t max_w,
                      uint32_t max_h, uint32_t *w, uint32_t *h)
{
    double top = edge(uv[0], uv[1], aw, ah), bottom = edge(uv[3], uv[2], aw, ah);
    double left = edge(uv[0], uv[3], aw, ah), right = edge(uv[1], uv[2], aw, ah);
    rm_texture_fit_size(texels(fmax(top, bottom)), texels(fmax(left, right)), max_w, max_h, w, h);
}

/* A map from (MATL record, texture) to the new record (open addressing). */
typedef struct pair_map {
    uint64_t *key;      /* (record << 32 | texture) + 1, 0: empty */
    uint32_t *value;
    size_t cap;
} pair_map;

static size_t pair_slot(const pair_map *m, uint64_t key)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 32) & (m->cap - 1);
    while (m->key[i] && m->key[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* The slice of polygon p into *index; *usable false (and nothing made)
   when its UVs are not usable. */
static rm_status slice_polygon(rm_cv_ctx *c, size_t p, uint32_t image, const rm_mesh_material *mat,
                               bool *usable, uint32_t *index)
{
    const rm_cv_poly *poly = &c->polys[p];
    bool triangle = poly->corner[3] == poly->corner[2];
    unsigned n = triangle ? 3 : 4;
    double uv[4][2];
    *usable = rm_cv_corner_uvs(c->mesh, poly->corner, n, uv);
    if (!*usable)
        return RM_OK;
    if (triangle) {
        uv[3][0] = uv[2][0];
        uv[3][1] = uv[2][1];
    }
    /* Whole turns of the texture change nothing (it repeats): bring the
       region near 0..1 so that far-away UVs keep their precision. */
    double su = floor(fmin(fmin(uv[0][0], uv[1][0]), fmin(uv[2][0], uv[3][0])));
    double sv = floor(fmin(fmin(uv[0][1], uv[1][1]), fmin(uv[2][1], uv[3][1])));
    double region[4][2];
    for (unsigned k = 0; k < 4; k++) {
        region[k][0] = uv[k][0] - su;
        region[k][1] = uv[k][1] - sv;
    }
    const rm_image *atlas = &c->images[image].img;
    uint32_t w, h;
    rm_cv_slice_size(region, atlas->width, atlas->height, c->opt.max_texture_width,
                     c->opt.max_texture_height, &w, &h);
    rm_image cut;
    rm_image_init(&cut);
    /* A triangle is the contract's triangle (bottom edge into corner 2). */
    int corners = triangle ? 3 : 4;
    rm_status st = rm_image_slice(atlas, (const double(*)[2])region, corners, w, h, &cut);
    if (st == RM_OK)
        st = rm_cv_make_texture(c, image, mat, &cut, true, index);
    else
        st = rm_cv_image_failed(c, image, st);
    rm_image_free(&cut);
    return st;
}

rm_status rm_cv_slice_textures(rm_cv_ctx *c)
{
    size_t nm = c->material_count, np = c->poly_count;
    uint32_t *image_of = malloc((nm ? nm : 1) * sizeof *image_of);
    size_t *no_uv = calloc(nm ? nm : 1, sizeof *no_uv);
    size_t *first_no_uv = malloc((nm ? nm : 1) * sizeof *first_no_uv);
    pair_map map = { NULL, NULL, 16 };
    while (map.cap < 2 * (np + nm) + 2)
        map.cap *= 2;
    map.key = calloc(map.cap, sizeof *map.key);
    map.value = malloc(map.cap * sizeof *map.value);
    size_t cap = nm + np;
    rm_jom_material *mats = malloc((cap ? cap : 1) * sizeof *mats);
    uint32_t *source = malloc((cap ? cap : 1) * sizeof *source);
    size_t count = 0;
    bool failed = false;
    rm_status st = RM_NOMEM;
    if (!image_of || !no_uv || !first_no_uv || !map.key || !map.value || !mats || !source)
        goto done;
    st = RM_OK;

    /* The image of each textured record (every missing one is reported). */
    for (size_t i = 0; i < nm && st == RM_OK; i++) {
        image_of[i] = UINT32_MAX;
        if (!rm_cv_material_textured(c->mesh, c->material_source[i]))
            continue;
        st = rm_cv_load_material_image(c, c->material_source[i], &image_of[i]);
        if (st == RM_INVALID) {
            failed = true;
            image_of[i] = UINT32_MAX;
            st = RM_OK;
        }
    }
    if (st != RM_OK || failed) {
        st = st != RM_OK ? st : RM_INVALID;
        goto done;
    }

    for (size_t p = 0; p < np && st == RM_OK; p++) {
        uint32_t mi = c->poly_material[p];
        uint32_t tex = UINT32_MAX;
        if (image_of[mi] != UINT32_MAX) {
            const rm_mesh_material *mat = &c->mesh->materials[c->material_source[mi]];
            bool usable = false;
            st = slice_polygon(c, p, image_of[mi], mat, &usable, &tex);
            if (st == RM_OK && !usable) {
                if (no_uv[mi]++ == 0)
                    first_no_uv[mi] = c->polys[p].face;
                st = rm_cv_make_texture(c, image_of[mi], mat, NULL, false, &tex);
            }
            if (st != RM_OK)
                break;
        }
        uint64_t key = (((uint64_t)mi << 32) | tex) + 1;
        size_t slot = pair_slot(&map, key);
        if (!map.key[slot]) {
            map.key[slot] = key;
            map.value[slot] = (uint32_t)count;
            mats[count] = c->materials[mi];
            mats[count].texture = tex == UINT32_MAX ? -1 : (tex < 32767u ? (int16_t)tex : (int16_t)-1);
            source[count] = c->material_source[mi];
            count++;
        }
        c->poly_material[p] = map.value[slot];
    }
    if (st != RM_OK)
        goto done;
    for (size_t i = 0; i < nm; i++)
        if (no_uv[i]) {
            const rm_mesh_material *mat = &c->mesh->materials[c->material_source[i]];
            rm_cv_face_diag(c, RM_WARNING, first_no_uv[i],
                            "face has no usable texture coordinates: it gets the whole texture of "
                            "material \"%s\", not a slice (%zu polygon%s of the material)",
                            mat->name ? mat->name : "", no_uv[i], no_uv[i] == 1 ? "" : "s");
        }
    free(c->materials);
    free(c->material_source);
    c->materials = mats;
    c->material_source = source;
    c->material_count = count;
    mats = NULL;
    source = NULL;
done:
    free(image_of);
    free(no_uv);
    free(first_no_uv);
    free(map.key);
    free(map.value);
    free(mats);
    free(source);
    return st;
}
