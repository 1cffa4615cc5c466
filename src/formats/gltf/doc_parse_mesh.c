/* src/formats/gltf/doc_parse_mesh.c - images, textures, materials and
   meshes of the glTF JSON into the doc's structs, with the spec's
   defaults (baseColorFactor 1 1 1 1, alphaMode OPAQUE, alphaCutoff 0.5,
   primitive mode 4 TRIANGLES) and KHR_texture_transform. */
#include <stdio.h>
#include <string.h>

#include "gltf_load.h"

rm_status rm_gltf_parse_images(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st = rm_gltf_get_array(doc, diag, doc->json, "", "images", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->images = rm_gltf_calloc(n, sizeof *doc->images, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->image_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64];
        snprintf(at, sizeof at, "/images/%zu", i);
        json_t *v = json_array_get(arr, i);
        rm_gltf_image *im = &doc->images[i];
        im->view = -1;
        if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
            (st = rm_gltf_get_string(doc, diag, v, at, "name", false, &im->name)) != RM_OK ||
            (st = rm_gltf_get_string(doc, diag, v, at, "uri", false, &im->uri)) != RM_OK ||
            (st = rm_gltf_get_ref(doc, diag, c, v, at, "bufferView", RM_GLTF_REF_VIEW, false,
                                  &im->view)) != RM_OK ||
            (st = rm_gltf_get_string(doc, diag, v, at, "mimeType", false, &im->mime)) != RM_OK)
            return st;
        if (im->uri && im->view >= 0) {
            rm_gltf_error(doc, diag, at,
                          "has both \"uri\" and \"bufferView\" (an image is one or the other)");
            return RM_INVALID;
        }
        if (!im->uri && im->view < 0) {
            rm_gltf_error(doc, diag, at,
                          "has neither \"uri\" nor \"bufferView\" (an image needs one of them)");
            return RM_INVALID;
        }
        if (im->view >= 0 && !im->mime) {
            rm_gltf_error(doc, diag, at,
                          "\"mimeType\" is missing (it is required with \"bufferView\": "
                          "\"image/png\" or \"image/jpeg\")");
            return RM_INVALID;
        }
    }
    return RM_OK;
}

rm_status rm_gltf_parse_textures(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st =
        rm_gltf_get_array(doc, diag, doc->json, "", "textures", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->textures = rm_gltf_calloc(n, sizeof *doc->textures, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->texture_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64];
        snprintf(at, sizeof at, "/textures/%zu", i);
        json_t *v = json_array_get(arr, i);
        doc->textures[i].source = -1;
        if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
            (st = rm_gltf_get_ref(doc, diag, c, v, at, "source", RM_GLTF_REF_IMAGE, false,
                                  &doc->textures[i].source)) != RM_OK)
            return st;
        /* The sampler (filters, wrapping) is not used, but must exist. */
        int32_t sampler = -1;
        if ((st = rm_gltf_get_ref(doc, diag, c, v, at, "sampler", RM_GLTF_REF_SAMPLER, false,
                                  &sampler)) != RM_OK)
            return st;
    }
    return RM_OK;
}

/* A textureInfo ({"index", "texCoord", "extensions": {"KHR_texture_transform"}}). */
static rm_status parse_texture_ref(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                                   const json_t *v, const char *at, rm_gltf_texture_ref *t)
{
    rm_status st;
    uint64_t texcoord = 0;
    json_t *ext = NULL, *tr = NULL;
    if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
        (st = rm_gltf_get_ref(doc, diag, c, v, at, "index", RM_GLTF_REF_TEXTURE, true,
                              &t->texture)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, v, at, "texCoord", false, &texcoord)) != RM_OK ||
        (st = rm_gltf_get_object(doc, diag, v, at, "extensions", false, &ext)) != RM_OK)
        return st;
    char path[224], tpath[256];
    snprintf(path, sizeof path, "%s/texCoord", at);
    if (texcoord > 255) {
        rm_gltf_error(doc, diag, path, "%llu is not a texture coordinate set (0 to 255)",
                      (unsigned long long)texcoord);
        return RM_INVALID;
    }
    t->texcoord = (uint32_t)texcoord;
    snprintf(path, sizeof path, "%s/extensions", at);
    if (ext && (st = rm_gltf_get_object(doc, diag, ext, path, "KHR_texture_transform", false,
                                        &tr)) != RM_OK)
        return st;
    if (!tr)
        return RM_OK;
    snprintf(tpath, sizeof tpath, "%s/KHR_texture_transform", path);
    uint64_t tc = 0;
    bool has_tc = json_object_get(tr, "texCoord") != NULL;
    if ((st = rm_gltf_get_numbers(doc, diag, tr, tpath, "offset", 2, t->offset, NULL)) !=
            RM_OK ||
        (st = rm_gltf_get_number(doc, diag, tr, tpath, "rotation", &t->rotation)) != RM_OK ||
        (st = rm_gltf_get_numbers(doc, diag, tr, tpath, "scale", 2, t->scale, NULL)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, tr, tpath, "texCoord", false, &tc)) != RM_OK)
        return st;
    if (has_tc) {
        if (tc > 255) {
            char cpath[288];
            snprintf(cpath, sizeof cpath, "%s/texCoord", tpath);
            rm_gltf_error(doc, diag, cpath, "%llu is not a texture coordinate set (0 to 255)",
                          (unsigned long long)tc);
            return RM_INVALID;
        }
        t->transform_texcoord = (int32_t)tc;
    }
    t->has_transform = true;
    return RM_OK;
}

static rm_status parse_material(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                                json_t *v, const char *at, rm_gltf_material *m)
{
    rm_status st;
    for (int k = 0; k < 4; k++)
        m->base_color[k] = 1.0;
    m->base_texture.texture = -1;
    m->base_texture.offset[0] = m->base_texture.offset[1] = 0.0;
    m->base_texture.scale[0] = m->base_texture.scale[1] = 1.0;
    m->base_texture.rotation = 0.0;
    m->base_texture.transform_texcoord = -1;
    m->alpha_mode = RM_GLTF_OPAQUE;
    m->alpha_cutoff = 0.5;
    json_t *pbr = NULL;
    const char *mode = NULL;
    if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
        (st = rm_gltf_get_string(doc, diag, v, at, "name", false, &m->name)) != RM_OK ||
        (st = rm_gltf_get_object(doc, diag, v, at, "pbrMetallicRoughness", false, &pbr)) !=
            RM_OK ||
        (st = rm_gltf_get_string(doc, diag, v, at, "alphaMode", false, &mode)) != RM_OK ||
        (st = rm_gltf_get_number(doc, diag, v, at, "alphaCutoff", &m->alpha_cutoff)) != RM_OK ||
        (st = rm_gltf_get_bool(doc, diag, v, at, "doubleSided", &m->double_sided)) != RM_OK)
        return st;
    char path[160];
    if (mode) {
        if (strcmp(mode, "OPAQUE") == 0)
            m->alpha_mode = RM_GLTF_OPAQUE;
        else if (strcmp(mode, "MASK") == 0)
            m->alpha_mode = RM_GLTF_MASK;
        else if (strcmp(mode, "BLEND") == 0)
            m->alpha_mode = RM_GLTF_BLEND;
        else {
            snprintf(path, sizeof path, "%s/alphaMode", at);
            rm_gltf_error(doc, diag, path,
                          "\"%.60s\" is not an alpha mode (OPAQUE, MASK or BLEND)", mode);
            return RM_INVALID;
        }
    }
    if (m->alpha_cutoff < 0) {
        snprintf(path, sizeof path, "%s/alphaCutoff", at);
        rm_gltf_error(doc, diag, path, "%g is below 0 (a cutoff is from 0 to 1)", m->alpha_cutoff);
        return RM_INVALID;
    }
    m->extras = json_object_get(v, "extras");
    if (!pbr)
        return RM_OK;
    snprintf(path, sizeof path, "%s/pbrMetallicRoughness", at);
    if ((st = rm_gltf_get_numbers(doc, diag, pbr, path, "baseColorFactor", 4, m->base_color,
                                  NULL)) != RM_OK)
        return st;
    for (int k = 0; k < 4; k++)
        if (m->base_color[k] < 0 || m->base_color[k] > 1) {
            char cpath[200];
            snprintf(cpath, sizeof cpath, "%s/baseColorFactor/%d", path, k);
            rm_gltf_error(doc, diag, cpath, "%g is not from 0 to 1 (a linear colour value)",
                          m->base_color[k]);
            return RM_INVALID;
        }
    const json_t *tex = json_object_get(pbr, "baseColorTexture");
    if (tex) {
        char tpath[200];
        snprintf(tpath, sizeof tpath, "%s/baseColorTexture", path);
        if ((st = parse_texture_ref(doc, diag, c, tex, tpath, &m->base_texture)) != RM_OK)
            return st;
    }
    return RM_OK;
}

rm_status rm_gltf_parse_materials(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st =
        rm_gltf_get_array(doc, diag, doc->json, "", "materials", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->materials = rm_gltf_calloc(n, sizeof *doc->materials, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->material_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64];
        snprintf(at, sizeof at, "/materials/%zu", i);
        if ((st = parse_material(doc, diag, c, json_array_get(arr, i), at, &doc->materials[i])) !=
            RM_OK)
            return st;
    }
    return RM_OK;
}

static const struct {
    const char *name;
    size_t field;
} ATTRIBUTES[] = {
    {"POSITION", offsetof(rm_gltf_primitive, position)},
    {"NORMAL", offsetof(rm_gltf_primitive, normal)},
    {"TEXCOORD_0", offsetof(rm_gltf_primitive, texcoord0)},
    {"COLOR_0", offsetof(rm_gltf_primitive, color0)},
    {"JOINTS_0", offsetof(rm_gltf_primitive, joints0)},
    {"WEIGHTS_0", offsetof(rm_gltf_primitive, weights0)},
};

/* at + "/" + key as a JSON pointer ('~' is "~0", '/' is "~1"), key cut
   to 100 bytes. */
static void pointer_path(char *out, size_t cap, const char *at, const char *key)
{
    int w = snprintf(out, cap, "%s/", at);
    size_t o = w > 0 ? (size_t)w : 0;
    for (size_t i = 0; key[i] && i < 100 && o + 3 < cap; i++) {
        if (key[i] == '~' || key[i] == '/') {
            out[o++] = '~';
            out[o++] = key[i] == '~' ? '0' : '1';
        } else
            out[o++] = key[i];
    }
    out[o < cap ? o : cap - 1] = 0;
}

static rm_status parse_primitive(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                                 const json_t *v, const char *at, rm_gltf_primitive *p)
{
    rm_status st;
    p->indices = p->position = p->normal = p->texcoord0 = p->color0 = -1;
    p->joints0 = p->weights0 = p->material = -1;
    p->mode = RM_GLTF_TRIANGLES;
    json_t *attrs = NULL;
    uint64_t mode = RM_GLTF_TRIANGLES;
    if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
        (st = rm_gltf_get_object(doc, diag, v, at, "attributes", true, &attrs)) != RM_OK ||
        (st = rm_gltf_get_ref(doc, diag, c, v, at, "indices", RM_GLTF_REF_ACCESSOR, false,
                              &p->indices)) != RM_OK ||
        (st = rm_gltf_get_ref(doc, diag, c, v, at, "material", RM_GLTF_REF_MATERIAL, false,
                              &p->material)) != RM_OK ||
        (st = rm_gltf_get_uint(doc, diag, v, at, "mode", false, &mode)) != RM_OK)
        return st;
    char path[160];
    if (mode > RM_GLTF_TRIANGLE_FAN) {
        snprintf(path, sizeof path, "%s/mode", at);
        rm_gltf_error(doc, diag, path,
                      "%llu is not a primitive mode (0 POINTS, 1 LINES, 2 LINE_LOOP, "
                      "3 LINE_STRIP, 4 TRIANGLES, 5 TRIANGLE_STRIP or 6 TRIANGLE_FAN)",
                      (unsigned long long)mode);
        return RM_INVALID;
    }
    p->mode = (int)mode;
    snprintf(path, sizeof path, "%s/attributes", at);
    /* Every attribute's index is checked, also those the reader does not use. */
    const char *key;
    json_t *value;
    json_object_foreach(attrs, key, value) {
        char apath[300];
        pointer_path(apath, sizeof apath, path, key);
        uint32_t a;
        if ((st = rm_gltf_value_ref(doc, diag, c, value, apath, RM_GLTF_REF_ACCESSOR, &a)) !=
            RM_OK)
            return st;
        for (size_t k = 0; k < sizeof ATTRIBUTES / sizeof ATTRIBUTES[0]; k++)
            if (strcmp(key, ATTRIBUTES[k].name) == 0)
                *(int32_t *)((char *)p + ATTRIBUTES[k].field) = (int32_t)a;
    }
    return RM_OK;
}

rm_status rm_gltf_parse_meshes(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st = rm_gltf_get_array(doc, diag, doc->json, "", "meshes", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->meshes = rm_gltf_calloc(n, sizeof *doc->meshes, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->mesh_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64];
        snprintf(at, sizeof at, "/meshes/%zu", i);
        json_t *v = json_array_get(arr, i);
        rm_gltf_mesh *m = &doc->meshes[i];
        json_t *prims;
        size_t pn;
        if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
            (st = rm_gltf_get_string(doc, diag, v, at, "name", false, &m->name)) != RM_OK ||
            (st = rm_gltf_get_array(doc, diag, v, at, "primitives", true, true, &prims, &pn)) !=
                RM_OK)
            return st;
        m->primitives = rm_gltf_calloc(pn, sizeof *m->primitives, &nomem);
        if (nomem)
            return rm_gltf_nomem(doc, diag);
        m->primitive_count = pn;
        for (size_t k = 0; k < pn; k++) {
            char pat[96];
            snprintf(pat, sizeof pat, "%s/primitives/%zu", at, k);
            if ((st = parse_primitive(doc, diag, c, json_array_get(prims, k), pat,
                                      &m->primitives[k])) != RM_OK)
                return st;
        }
    }
    return RM_OK;
}
