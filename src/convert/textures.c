/* src/convert/textures.c - TEXT, TIMG and MATL.texture from the map_Kd
   images (docs/textures.md).

   For each MATL record whose material has a map_Kd, in MATL order: the
   image is found and loaded (texture_find.c), fitted to the VDP1 (width a
   multiple of 8, at most 504 x 255, and --max-texture) with a warning when
   its size changes, and converted: RGB555 (format 0), or 16 colors with a
   lookup table (format 1) for a material with jo_lut 1 when the textures
   are embedded (a .BIN file is RGB555 only). Identical textures (same
   size, format and pixel bytes) are stored once, whatever material or
   image they come from. With --slice-textures each polygon gets its own
   texture instead (slice.c). Then every texture gets its TEXT name
   (texture_names.c). A model without textured materials is not touched. */
#include "stages.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The most textures a MATL texture index (i16) can name. */
#define RM_CV_MAX_TEXTURES 32767u

bool rm_cv_material_textured(const rm_mesh *m, uint32_t material)
{
    if (material == RM_MESH_NONE || material >= m->material_count)
        return false;
    const rm_mesh_material *mat = &m->materials[material];
    /* Pixels carried by the source file (map_kd_rgba) make a texture even
       without a map_Kd name. */
    return mat->map_kd_rgba || (mat->map_kd && mat->map_kd[0]);
}

bool rm_cv_face_uv_rule(const rm_cv_ctx *c, size_t face)
{
    if (c->opt.no_textures || c->opt.slice_textures || !c->mesh->face_material)
        return false;
    return rm_cv_material_textured(c->mesh, c->mesh->face_material[face]);
}

static bool same_texture(const rm_cv_texture *a, const rm_cv_texture *b)
{
    return a->crc == b->crc && a->width == b->width && a->height == b->height &&
           a->format == b->format && a->size == b->size && memcmp(a->data, b->data, a->size) == 0;
}

static void set_insert(uint32_t *set, size_t cap, uint32_t crc, uint32_t index)
{
    size_t i = crc & (cap - 1);
    while (set[i])
        i = (i + 1) & (cap - 1);
    set[i] = index + 1;
}

rm_status rm_cv_add_texture(rm_cv_ctx *c, rm_cv_texture *t, uint32_t *index)
{
    t->crc = rm_cv_texture_crc(t->width, t->height, t->format, t->data, t->size);
    if ((c->texture_count + 1) * 2 > c->texture_set_cap) {
        size_t cap = c->texture_set_cap ? c->texture_set_cap * 2 : 64;
        uint32_t *set = calloc(cap, sizeof *set);
        if (!set) {
            free(t->data);
            return RM_NOMEM;
        }
        for (size_t i = 0; i < c->texture_count; i++)
            set_insert(set, cap, c->textures[i].crc, (uint32_t)i);
        free(c->texture_set);
        c->texture_set = set;
        c->texture_set_cap = cap;
    }
    size_t mask = c->texture_set_cap - 1;
    for (size_t i = t->crc & mask; c->texture_set[i]; i = (i + 1) & mask) {
        uint32_t k = c->texture_set[i] - 1;
        if (same_texture(&c->textures[k], t)) {
            free(t->data);
            t->data = NULL;
            *index = k;
            return RM_OK;
        }
    }
    if (c->texture_count == c->texture_cap) {
        size_t cap = c->texture_cap ? c->texture_cap * 2 : 16;
        rm_cv_texture *grown = realloc(c->textures, cap * sizeof *grown);
        if (!grown) {
            free(t->data);
            return RM_NOMEM;
        }
        c->textures = grown;
        c->texture_cap = cap;
    }
    *index = (uint32_t)c->texture_count;
    c->textures[c->texture_count++] = *t;
    set_insert(c->texture_set, c->texture_set_cap, t->crc, *index);
    t->data = NULL;
    return RM_OK;
}

/* 0: RGB555; 1: 16 colors; 2: 16 colors without index 15, which is the
   VDP1's end code in 4-bit textures (a material with jo_end_codes 1). */
static unsigned variant_of(const rm_cv_ctx *c, const rm_mesh_material *mat)
{
    if (!mat->jo_lut || !c->opt.embed_textures)
        return 0;
    return (mat->jo_flags & RM_MAT_END_CODES) ? 2 : 1;
}

static void warn_resize(rm_cv_ctx *c, rm_cv_image *im, uint32_t w, uint32_t h)
{
    uint32_t w0 = im->img.width, h0 = im->img.height;
    uint32_t mw = c->opt.max_texture_width, mh = c->opt.max_texture_height;
    const char *why;
    if ((mw && w0 > mw) || (mh && h0 > mh))
        why = "--max-texture";
    else if (w0 > RM_VDP1_MAX_WIDTH || h0 > RM_VDP1_MAX_HEIGHT)
        why = "the VDP1 draws textures of at most 504x255";
    else
        why = "the VDP1 needs a width that is a multiple of 8";
    rm_diag_at(c->diag, RM_WARNING, im->path, 0, 0, "texture resized from %ux%u to %ux%u (%s)", w0, h0,
               w, h, why);
}

static rm_status encode(const rm_cv_ctx *c, const rm_image *src, unsigned variant, rm_cv_texture *t)
{
    size_t n = (size_t)src->width * src->height;
    t->width = src->width;
    t->height = src->height;
    if (variant == 0) {
        uint16_t *px = malloc((n ? n : 1) * sizeof *px);
        t->data = malloc(n ? 2 * n : 1);
        if (!px || !t->data) {
            free(px);
            free(t->data);
            t->data = NULL;
            return RM_NOMEM;
        }
        rm_image_to_rgb555(src, c->opt.dither, px);
        for (size_t i = 0; i < n; i++) {
            t->data[2 * i] = (uint8_t)(px[i] >> 8);
            t->data[2 * i + 1] = (uint8_t)px[i];
        }
        free(px);
        t->format = 0;
        t->size = (uint32_t)(2 * n);
        return RM_OK;
    }
    uint8_t *idx = malloc(n ? n : 1);
    t->data = malloc(32 + (n + 1) / 2);
    if (!idx || !t->data) {
        free(idx);
        free(t->data);
        t->data = NULL;
        return RM_NOMEM;
    }
    uint16_t pal[16];
    rm_status st = rm_quantize_lut(src, c->opt.dither, variant == 2 ? 14u : 15u, pal, idx);
    if (st != RM_OK) {
        free(idx);
        free(t->data);
        t->data = NULL;
        return st;
    }
    for (unsigned k = 0; k < 16; k++) {
        t->data[2 * k] = (uint8_t)(pal[k] >> 8);
        t->data[2 * k + 1] = (uint8_t)pal[k];
    }
    rm_indices_pack4(idx, n, t->data + 32);
    free(idx);
    t->format = 1;
    t->size = (uint32_t)(32 + n / 2);  /* widths are multiples of 8: n is even */
    return RM_OK;
}

rm_status rm_cv_make_texture(rm_cv_ctx *c, uint32_t image, const rm_mesh_material *mat,
                             const rm_image *region, bool slice, uint32_t *index)
{
    rm_cv_image *im = &c->images[image];
    unsigned variant = variant_of(c, mat);
    if (!region && im->whole[variant] != UINT32_MAX) {
        *index = im->whole[variant];
        return RM_OK;
    }
    rm_image resized;
    rm_image_init(&resized);
    const rm_image *src = region;
    if (!src) {
        uint32_t w, h;
        src = &im->img;
        if (rm_texture_fit_size(im->img.width, im->img.height, c->opt.max_texture_width,
                                c->opt.max_texture_height, &w, &h)) {
            if (!im->resize_warned)
                warn_resize(c, im, w, h);
            im->resize_warned = true;
            rm_status st = rm_image_resize_box(&im->img, w, h, &resized);
            if (st != RM_OK)
                return rm_cv_image_failed(c, image, st);
            src = &resized;
        }
    }
    rm_cv_texture t;
    memset(&t, 0, sizeof t);
    t.image = image;
    t.slice = slice;
    rm_status st = encode(c, src, variant, &t);
    rm_image_free(&resized);
    if (st == RM_OK)
        st = rm_cv_add_texture(c, &t, index);
    if (st == RM_OK && !region)
        im->whole[variant] = *index;
    return rm_cv_image_failed(c, image, st);
}

rm_status rm_cv_image_failed(rm_cv_ctx *c, uint32_t image, rm_status st)
{
    if (st == RM_OK || st == RM_NOMEM)
        return st;
    /* The image module refuses only what the converter should never ask
       (sizes, corners): say so rather than fail without a word. */
    rm_diag_at(c->diag, RM_ERROR, c->images[image].path, 0, 0,
               "cannot make a texture from this image (%s)", rm_status_name(st));
    return RM_INVALID;
}

/* A material is an atlas when the median of its polygons' UV boxes (the
   box of each polygon's UVs, as a part of the image: 1 is the whole) is
   below this: most polygons show a small part of the image. */
#define RM_CV_ATLAS_MEDIAN 0.25

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : (x > y ? 1 : 0);
}

/* Without --slice-textures the VDP1 stretches the whole image over each
   polygon: a model UV-mapped onto parts of an atlas (Kenney's kits, most
   game assets) then looks broken. Says so once per MATL record, with the
   VRAM the slices would take at most: each polygon's slice as
   rm_cv_slice_size() makes it (identical slices are stored once, which
   only resampling shows, so slicing takes less). */
static rm_status atlas_hint(rm_cv_ctx *c, size_t record, uint32_t image, const rm_mesh_material *mat)
{
    size_t n = 0;
    for (size_t p = 0; p < c->poly_count; p++)
        n += c->poly_material[p] == record;
    double *part = malloc((n ? n : 1) * sizeof *part);
    if (!part)
        return RM_NOMEM;
    const rm_image *im = &c->images[image].img;
    uint16_t format = (mat->jo_lut && c->opt.embed_textures) ? 1 : 0;
    uint64_t vram = 0;
    size_t k = 0;
    for (size_t p = 0; p < c->poly_count; p++) {
        if (c->poly_material[p] != record)
            continue;
        const rm_cv_poly *poly = &c->polys[p];
        unsigned corners = poly->corner[3] == poly->corner[2] ? 3 : 4;
        double uv[4][2];
        if (!rm_cv_corner_uvs(c->mesh, poly->corner, corners, uv))
            continue;
        if (corners == 3) {
            uv[3][0] = uv[2][0];
            uv[3][1] = uv[2][1];
        }
        double u0 = uv[0][0], u1 = uv[0][0], v0 = uv[0][1], v1 = uv[0][1];
        for (unsigned i = 1; i < 4; i++) {
            u0 = fmin(u0, uv[i][0]);
            u1 = fmax(u1, uv[i][0]);
            v0 = fmin(v0, uv[i][1]);
            v1 = fmax(v1, uv[i][1]);
        }
        part[k++] = (u1 - u0) * (v1 - v0);
        uint32_t w = 0, h = 0;
        rm_cv_slice_size((const double (*)[2])uv, im->width, im->height, c->opt.max_texture_width,
                         c->opt.max_texture_height, &w, &h);
        vram += rm_cv_vram_bytes(w, h, format);
    }
    if (k > 0) {
        qsort(part, k, sizeof *part, cmp_double);
        double median = k % 2 ? part[k / 2] : (part[k / 2 - 1] + part[k / 2]) / 2.0;
        if (median < RM_CV_ATLAS_MEDIAN) {
            const char *name = mat->map_kd && mat->map_kd[0] ? mat->map_kd : "its texture";
            const char *base = strrchr(name, '/');
            rm_diag_at(c->diag, RM_WARNING, mat->library ? mat->library : c->file,
                       rm_cv_map_kd_line(mat), 0,
                       "material \"%s\" maps small parts of %s (a texture atlas): without "
                       "--slice-textures every polygon shows the whole image; --slice-textures "
                       "gives each polygon its own texture (up to %llu KB of VDP1 VRAM; --max-texture WxH makes them smaller)",
                       mat->name ? mat->name : "", base ? base + 1 : name,
                       (unsigned long long)((vram + 1023) / 1024));
        }
    }
    free(part);
    return RM_OK;
}

/* Without slicing: one texture per textured MATL record. */
static rm_status whole_textures(rm_cv_ctx *c)
{
    bool failed = false;
    for (size_t i = 0; i < c->material_count; i++) {
        uint32_t src = c->material_source[i];
        if (!rm_cv_material_textured(c->mesh, src))
            continue;
        uint32_t image = 0, index = 0;
        rm_status st = rm_cv_load_material_image(c, src, &image);
        if (st == RM_INVALID) {
            failed = true;
            continue;
        }
        if (st == RM_OK)
            st = rm_cv_make_texture(c, image, &c->mesh->materials[src], NULL, false, &index);
        if (st == RM_OK)
            st = atlas_hint(c, i, image, &c->mesh->materials[src]);
        if (st != RM_OK)
            return st;
        if (index < RM_CV_MAX_TEXTURES)
            c->materials[i].texture = (int16_t)index;
    }
    return failed ? RM_INVALID : RM_OK;
}

static rm_status name_all(rm_cv_ctx *c)
{
    size_t n = c->texture_count;
    char (*stems)[9] = malloc((n ? n : 1) * sizeof *stems);
    const char **ptr = malloc((n ? n : 1) * sizeof *ptr);
    rm_status st = RM_NOMEM;
    if (stems && ptr) {
        for (size_t i = 0; i < n; i++) {
            rm_cv_name_stem(c->images[c->textures[i].image].path, 8, stems[i]);
            ptr[i] = stems[i];
        }
        st = rm_cv_name_textures(c->textures, n, ptr, c->opt.embed_textures);
    }
    free(stems);
    free(ptr);
    return st;
}

rm_status rm_cv_build_textures(rm_cv_ctx *c)
{
    if (c->opt.no_textures)
        return RM_OK;   /* every material keeps texture -1 */
    bool any = false;
    for (size_t i = 0; i < c->material_count; i++) {
        uint32_t src = c->material_source[i];
        if (!rm_cv_material_textured(c->mesh, src))
            continue;
        any = true;
        const rm_mesh_material *mat = &c->mesh->materials[src];
        if (mat->jo_lut && !c->opt.embed_textures)
            rm_diag_at(c->diag, RM_WARNING, mat->library ? mat->library : c->file, mat->line, 0,
                       "material \"%s\" has jo_lut 1, but a .BIN file holds RGB555 pixels only: its "
                       "texture is written in RGB555 (--embed-textures makes it a 16-color texture)",
                       mat->name ? mat->name : "");
    }
    if (!any)
        return RM_OK;
    rm_status st = c->opt.slice_textures ? rm_cv_slice_textures(c) : whole_textures(c);
    if (st != RM_OK)
        return st;
    if (c->texture_count > RM_CV_MAX_TEXTURES) {
        rm_cv_diag(c, RM_ERROR,
                   "the model has %zu textures, %zu more than the %u a material's texture index can "
                   "name",
                   c->texture_count, c->texture_count - RM_CV_MAX_TEXTURES, RM_CV_MAX_TEXTURES);
        return RM_INVALID;
    }
    return name_all(c);
}
