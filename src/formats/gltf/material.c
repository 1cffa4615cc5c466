/* src/formats/gltf/material.c - glTF materials into the mesh's, made on
   first use (so in order of first use):
   - name (else "material<N>"), made unique with ".1", ".2";
   - kd: baseColorFactor's rgb as display values (linear -> sRGB);
   - BLEND: dissolve = the factor's alpha and half transparent (also at
     alpha 1: the artist asked for it); MASK and OPAQUE: dissolve 1;
   - doubleSided: dual plane;
   - baseColorTexture: embedded bytes (GLB bufferView, data: URI) decoded
     into map_kd_rgba, map_kd a CD-friendly name ("wall.png"); a file:
     map_kd its path relative to the glTF's folder and library the glTF,
     so the converter finds it where it finds an MTL's images. The texels'
     alpha follows the alpha mode: MASK makes those below alphaCutoff 0
     and the others 255, OPAQUE makes all 255 (glTF ignores the alpha
     then); for a file this means reading it here, when it has alpha;
   - extras: every "jo_*" key as the MTL option of that name
     (rm_mtl_jo_option): strings as they are, integers in decimal,
     true/false as 1/0, jo_user also an array of integers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "formats/obj/obj_internal.h"
#include "retromesh/image.h"
#include "to_mesh.h"

/* The largest embedded image decoded (as the converter's limit). */
#define MAX_IMAGE_PIXELS (4096u * 4096u)

void rm_gltf_materials_done(rm_gltf_build *b)
{
    for (size_t i = 0; i < b->stem_count; i++)
        free(b->stems[i]);
    free(b->stems);
    free(b->image_stem);
    free(b->material_of);
    rm_gltf_names_free(&b->material_names);
    rm_gltf_names_free(&b->image_names);
    for (size_t i = 0; b->images && i < b->doc->image_count; i++) {
        rm_image_free(&b->images[i].img);
        free(b->images[i].file);
    }
    free(b->images);
    b->images = NULL;
    b->stems = NULL;
    b->image_stem = NULL;
    b->material_of = NULL;
    b->stem_count = b->stem_cap = 0;
}

/* A name as a CD-friendly file stem: its file name (after the last '/' or
   '\\'), [A-Za-z0-9_-] and inner dots kept, other bytes '_', at most 60
   bytes, its extension dropped. */
static void cd_stem(const char *name, char *out, size_t size)
{
    for (const char *p = name; *p; p++)
        if ((*p == '/' || *p == '\\') && p[1])
            name = p + 1;
    size_t n = 0;
    for (; name[n] && n < 60 && n + 1 < size; n++) {
        char ch = name[n];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                  ch == '_' || ch == '-' || (ch == '.' && n > 0);
        out[n] = ok ? ch : '_';
    }
    out[n] = 0;
    char *dot = strrchr(out, '.');
    if (dot && dot != out)
        *dot = 0;
}

/* The stem of embedded image `img` ("wall"; unique among the images:
   "wall_2"), made once. */
static const char *image_stem(rm_gltf_build *b, uint32_t img)
{
    if (b->image_stem[img])
        return b->image_stem[img];
    const rm_gltf_image *im = &b->doc->images[img];
    char base[80];
    base[0] = 0;
    if (im->name && im->name[0])
        cd_stem(im->name, base, sizeof base);
    else if (im->uri && strncmp(im->uri, "data:", 5) != 0)
        cd_stem(im->uri, base, sizeof base);
    if (!base[0])
        snprintf(base, sizeof base, "image%u", img);
    if (!rm_grow((void **)&b->stems, &b->stem_cap, b->stem_count + 1, sizeof *b->stems))
        return NULL;
    char *s = rm_gltf_unique_name(&b->image_names, base, "_", 2);
    if (!s)
        return NULL;
    b->stems[b->stem_count++] = s;
    b->image_stem[img] = s;
    return s;
}

static bool has_alpha(const rm_image *img)
{
    size_t n = (size_t)img->width * img->height;
    for (size_t i = 0; i < n; i++)
        if (img->rgba[i * 4 + 3] != 255)
            return true;
    return false;
}

/* The texels' alpha as the alpha mode says (BLEND: as they are). */
static void alpha_texels(rm_image *img, const rm_gltf_material *gm)
{
    if (gm->alpha_mode == RM_GLTF_BLEND)
        return;
    size_t n = (size_t)img->width * img->height;
    for (size_t i = 0; i < n; i++) {
        uint8_t *a = &img->rgba[i * 4 + 3];
        if (gm->alpha_mode == RM_GLTF_OPAQUE)
            *a = 255;
        else
            *a = (double)*a / 255.0 < gm->alpha_cutoff ? 0 : 255;
    }
}

/* A copy of `img` with its alpha as the material's mode says, into the
   material (within RM_GLTF_MAX_TEXELS in all). */
static rm_status give_pixels(rm_gltf_build *b, uint32_t k, const rm_image *img,
                             const rm_gltf_material *gm, rm_mesh_material *mat)
{
    size_t n = (size_t)img->width * img->height;
    if (n > RM_GLTF_MAX_TEXELS || b->texels + n > RM_GLTF_MAX_TEXELS) {
        char path[48];
        snprintf(path, sizeof path, "/materials/%u", k);
        rm_gltf_error(b->doc, b->diag, path,
                      "the materials' textures take more than %u texels in all (far more than a Saturn holds)",
                      RM_GLTF_MAX_TEXELS);
        return RM_INVALID;
    }
    mat->map_kd_rgba = malloc(n * 4);
    if (!mat->map_kd_rgba)
        return RM_NOMEM;
    memcpy(mat->map_kd_rgba, img->rgba, n * 4);
    mat->map_kd_width = img->width;
    mat->map_kd_height = img->height;
    rm_image view = { img->width, img->height, mat->map_kd_rgba };
    alpha_texels(&view, gm);
    b->texels += n;
    return RM_OK;
}

/* Image `img` read once into the cache: embedded bytes decoded (a bad
   image is an error); a file only noted, and read when `want_file` (one
   that cannot be read is left to the converter, which says so with the
   paths it tried). */
static rm_status cached_image(rm_gltf_build *b, uint32_t img, bool want_file,
                              rm_gltf_image_cache **out)
{
    const rm_gltf_doc *doc = b->doc;
    rm_gltf_image_cache *c = &b->images[img];
    *out = c;
    if (!c->looked) {
        uint8_t *owned = NULL;
        size_t size = 0;
        rm_status st = rm_gltf_image_bytes(doc, img, &owned, &size, &c->file, b->diag);
        if (st != RM_OK)
            return st;
        c->looked = true;
        if (owned) {
            free(c->file);
            c->file = NULL;
            c->tried = true;
            char path[32];
            snprintf(path, sizeof path, "/images/%u", img);
            rm_diag quiet;
            rm_diag_init(&quiet);
            st = rm_image_decode_limit(owned, size, "image", MAX_IMAGE_PIXELS, &c->img, &quiet);
            free(owned);
            if (st != RM_OK) {
                const char *why = quiet.count ? quiet.items[0].text : "cannot read image";
                const char *k = strstr(why, "cannot read image");
                rm_gltf_error(doc, b->diag, path, "%s", k ? k : why);
            }
            rm_diag_free(&quiet);
            c->decoded = st == RM_OK;
            return st;
        }
        if (!c->file)
            return RM_NOMEM;
    }
    if (!c->file) {
        if (!c->decoded) {      /* an embedded image that failed before */
            char path[32];
            snprintf(path, sizeof path, "/images/%u", img);
            rm_gltf_error(doc, b->diag, path, "cannot read image (see above)");
            return RM_INVALID;
        }
        return RM_OK;
    }
    if (!want_file || c->tried)
        return RM_OK;
    c->tried = true;
    if (b->inputs && rm_output_add_input(b->inputs, c->file) != RM_OK)
        return RM_NOMEM;
    rm_diag quiet;
    rm_diag_init(&quiet);
    rm_status st = rm_image_load_file(c->file, &c->img, &quiet);
    rm_diag_free(&quiet);
    if (st == RM_NOMEM)
        return st;
    c->decoded = st == RM_OK;
    return RM_OK;
}

static rm_status material_texture(rm_gltf_build *b, uint32_t k, rm_mesh_material *mat)
{
    const rm_gltf_doc *doc = b->doc;
    const rm_gltf_material *gm = &doc->materials[k];
    const rm_gltf_texture_ref *tr = &gm->base_texture;
    if (tr->texture < 0)
        return RM_OK;
    char path[96];
    snprintf(path, sizeof path, "/materials/%u/pbrMetallicRoughness/baseColorTexture", k);
    int64_t set = tr->transform_texcoord >= 0 ? tr->transform_texcoord : (int64_t)tr->texcoord;
    if (set != 0)
        rm_gltf_warning(doc, b->diag, path,
                        "texCoord %lld is not read: the texture is mapped with TEXCOORD_0",
                        (long long)set);
    if ((size_t)tr->texture >= doc->texture_count)
        return RM_OK;       /* checked by the loader */
    int32_t img = doc->textures[tr->texture].source;
    if (img < 0 || (size_t)img >= doc->image_count) {
        rm_gltf_warning(doc, b->diag, path,
                        "texture %d has no image in a core format (its source is missing): the material has no texture",
                        (int)tr->texture);
        return RM_OK;
    }
    rm_gltf_image_cache *c;
    rm_status st = cached_image(b, (uint32_t)img, gm->alpha_mode != RM_GLTF_BLEND, &c);
    if (st != RM_OK)
        return st;
    if (!c->file) {
        /* embedded */
        const char *stem = image_stem(b, (uint32_t)img);
        size_t n = stem ? strlen(stem) + 5 : 0;
        mat->map_kd = stem ? malloc(n) : NULL;
        if (!mat->map_kd)
            return RM_NOMEM;
        snprintf(mat->map_kd, n, "%s.png", stem);
        return give_pixels(b, k, &c->img, gm, mat);
    }
    const char *why = NULL;
    mat->map_kd = rm_gltf_uri_to_path(doc->images[img].uri ? doc->images[img].uri : "", &why);
    if (!mat->map_kd) {
        if (!why)
            return RM_NOMEM;
        snprintf(path, sizeof path, "/images/%d/uri", (int)img);
        rm_gltf_error(doc, b->diag, path, "the URI %s", why);
        return RM_INVALID;
    }
    /* the file's alpha changed by the mode: its pixels carried */
    if (gm->alpha_mode != RM_GLTF_BLEND && c->decoded && has_alpha(&c->img))
        return give_pixels(b, k, &c->img, gm, mat);
    return RM_OK;
}

/* A JSON pointer's reference token for `key` ('~' -> "~0", '/' -> "~1"). */
static void pointer_token(const char *key, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = key; *p && n + 3 < size; p++) {
        if (*p == '~' || *p == '/') {
            out[n++] = '~';
            out[n++] = *p == '~' ? '0' : '1';
        } else {
            out[n++] = *p;
        }
    }
    out[n] = 0;
}

/* A JSON value as written, for a message. */
static void show_value(const json_t *v, char *out, size_t size)
{
    switch (json_typeof(v)) {
    case JSON_STRING:
        snprintf(out, size, "\"%.100s\"", json_string_value(v));
        break;
    case JSON_INTEGER:
        snprintf(out, size, "%lld", (long long)json_integer_value(v));
        break;
    case JSON_REAL:
        snprintf(out, size, "%g", json_real_value(v));
        break;
    case JSON_TRUE:
        snprintf(out, size, "true");
        break;
    case JSON_FALSE:
        snprintf(out, size, "false");
        break;
    case JSON_NULL:
        snprintf(out, size, "null");
        break;
    case JSON_ARRAY:
        snprintf(out, size, "(an array)");
        break;
    default:
        snprintf(out, size, "(an object)");
        break;
    }
}

/* One value of a jo_ option applied; `path` names it in messages. */
static rm_status jo_value(rm_gltf_build *b, const char *path, const char *key, const json_t *v,
                          rm_mesh_material *mat)
{
    char text[64];
    bool ok = true;
    const char *value = text;
    if (json_is_string(v))
        value = json_string_value(v);
    else if (json_is_integer(v))
        snprintf(text, sizeof text, "%lld", (long long)json_integer_value(v));
    else if (json_is_boolean(v))
        snprintf(text, sizeof text, "%s", json_is_true(v) ? "1" : "0");
    else
        ok = false;
    const char *expected = NULL;
    int r = ok ? rm_mtl_jo_option(key, value, mat, &expected) : 2;
    if (r == 1 || (!ok && rm_mtl_jo_option(key, "", mat, &expected) == 1)) {
        rm_gltf_error(b->doc, b->diag, path,
                      "unknown material option \"%s\" (the jo_* options are those of an MTL: see docs/obj.md)",
                      key);
        return RM_INVALID;
    }
    if (r == 2) {
        char shown[128];
        show_value(v, shown, sizeof shown);
        rm_gltf_error(b->doc, b->diag, path, "bad value %s (expected %s)", shown,
                      expected ? expected : "a value of the MTL option");
        return RM_INVALID;
    }
    return RM_OK;
}

static rm_status material_extras(rm_gltf_build *b, uint32_t k, rm_mesh_material *mat)
{
    json_t *ex = b->doc->materials[k].extras;
    if (!json_is_object(ex))
        return RM_OK;
    const char *key;
    json_t *v;
    json_object_foreach(ex, key, v) {
        if (strncmp(key, "jo_", 3) != 0)
            continue;
        char tok[200], path[300];
        pointer_token(key, tok, sizeof tok);
        snprintf(path, sizeof path, "/materials/%u/extras/%s", k, tok);
        if (json_is_array(v) && strcmp(key, "jo_user") == 0) {
            size_t i;
            json_t *e;
            json_array_foreach(v, i, e) {
                char epath[340];
                snprintf(epath, sizeof epath, "%s/%zu", path, i);
                if (!json_is_integer(e)) {
                    char shown[128];
                    show_value(e, shown, sizeof shown);
                    rm_gltf_error(b->doc, b->diag, epath,
                                  "bad value %s (expected integers from 0 to 15)", shown);
                    return RM_INVALID;
                }
                rm_status st = jo_value(b, epath, key, e, mat);
                if (st != RM_OK)
                    return st;
            }
            continue;
        }
        rm_status st = jo_value(b, path, key, v, mat);
        if (st != RM_OK)
            return st;
    }
    return RM_OK;
}

rm_status rm_gltf_material_use(rm_gltf_build *b, int32_t k, uint32_t *out)
{
    *out = RM_MESH_NONE;
    const rm_gltf_doc *doc = b->doc;
    if (k < 0 || (size_t)k >= doc->material_count)
        return RM_OK;
    if (b->material_of[k] != RM_MESH_NONE) {
        *out = b->material_of[k];
        return RM_OK;
    }
    rm_mesh *m = b->mesh;
    if (m->material_count >= RM_MESH_NONE - 1 ||
        !rm_grow((void **)&m->materials, &b->mat_cap, m->material_count + 1, sizeof *m->materials))
        return RM_NOMEM;
    const rm_gltf_material *gm = &doc->materials[k];
    rm_mesh_material *mat = &m->materials[m->material_count];
    memset(mat, 0, sizeof *mat);
    rm_mesh_material_defaults(mat);
    m->material_count++;   /* from here the mesh owns what it holds */
    char fallback[32];
    snprintf(fallback, sizeof fallback, "material%d", (int)k);
    mat->name = rm_gltf_unique_name(&b->material_names,
                                    gm->name && gm->name[0] ? gm->name : fallback, ".", 1);
    mat->library = rm_strdup(doc->file ? doc->file : "");
    if (!mat->name || !mat->library)
        return RM_NOMEM;
    mat->defined = true;
    mat->line = 0;
    for (int i = 0; i < 3; i++)
        mat->kd[i] = rm_gltf_linear_to_srgb(gm->base_color[i]);
    mat->has_kd = true;
    mat->dissolve = 1;
    double a = gm->base_color[3];
    if (gm->alpha_mode == RM_GLTF_BLEND) {
        mat->dissolve = !(a > 0) ? 0 : a > 1 ? 1 : a;
        mat->jo_flags |= RM_MAT_HALF_TRANSPARENT;
    } else if (gm->alpha_mode == RM_GLTF_OPAQUE && a < 1) {
        /* glTF viewers ignore the alpha of an OPAQUE material, but an
           alpha below 1 is the artist asking for see-through: the Saturn
           has one way to draw that (half transparent), so it is used, and
           said. */
        char where[48];
        snprintf(where, sizeof where, "/materials/%u", (unsigned)k);
        rm_gltf_warning(doc, b->diag, where,
                        "baseColorFactor alpha %.3g with alphaMode OPAQUE: drawn half transparent "
                        "(set alphaMode BLEND to say so, or alpha 1 for an opaque material)",
                        a);
        mat->dissolve = !(a > 0) ? 0 : a;
        mat->jo_flags |= RM_MAT_HALF_TRANSPARENT;
    }
    if (gm->double_sided)
        mat->jo_flags |= RM_MAT_DUAL_PLANE;
    rm_status st = material_texture(b, (uint32_t)k, mat);
    if (st == RM_OK)
        st = material_extras(b, (uint32_t)k, mat);
    if (st != RM_OK)
        return st;
    b->material_of[k] = (uint32_t)(m->material_count - 1);
    *out = b->material_of[k];
    return RM_OK;
}
