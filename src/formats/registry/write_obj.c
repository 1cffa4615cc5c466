/* src/formats/registry/write_obj.c - a mesh as OBJ + MTL + PNG textures
   (what a NIFF file's geometry becomes for Blender).

   OUT, OUT's stem .mtl beside it when the mesh has materials, and, with
   opt->textures, each material's carried pixels (map_kd_rgba) as a PNG in
   OUT's folder. The PNG is named by the file name of the material's
   map_Kd with the extension .png: a name that comes from a file (a NIFF
   Tex name like "../../x") never writes outside the output's folder, and
   the bytes are PNG whatever the name said. Two materials naming the same
   file with the same pixels share it; with other pixels the later one gets
   "_2", "_3"... The MTL names the PNG written. To standard output ("-")
   only the OBJ is written (no mtllib), with a warning when materials are
   left out. */
#include "formats/registry/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/image.h"
#include "retromesh/obj.h"

/* The PNG file name for a map_Kd: its last path part, the extension
   replaced by .png, control bytes and ':' made '_'; "texture.png" when
   nothing is left. `suffix` > 1 adds "_N" before the extension. */
static char *png_name(const char *map_kd, unsigned suffix)
{
    const char *base = map_kd;
    for (const char *p = map_kd; *p; p++)
        if (*p == '/' || *p == '\\')
            base = p + 1;
    size_t n = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && dot != base)
        n = (size_t)(dot - base);
    char tail[24] = "";
    if (suffix > 1)
        snprintf(tail, sizeof tail, "_%u", suffix);
    const char *stem = n ? base : "texture";
    if (!n)
        n = strlen(stem);
    size_t t = strlen(tail);
    char *out = malloc(n + t + 5);
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)stem[i];
        out[i] = (char)(c < 0x20 || c == 0x7F || c == ':' ? '_' : c);
    }
    memcpy(out + n, tail, t);
    memcpy(out + n + t, ".png", 5);
    return out;
}

static bool same_pixels(const rm_mesh_material *a, const rm_mesh_material *b)
{
    return a->map_kd_width == b->map_kd_width && a->map_kd_height == b->map_kd_height &&
           memcmp(a->map_kd_rgba, b->map_kd_rgba, (size_t)a->map_kd_width * a->map_kd_height * 4) == 0;
}

/* names[i]: the PNG of material i (NULL: none); first[i]: the material
   whose PNG it shares (i itself when it writes the file). */
static rm_status name_pngs(const rm_mesh *mesh, char **names, size_t *first)
{
    size_t n = mesh->material_count;
    for (size_t i = 0; i < n; i++) {
        const rm_mesh_material *mt = &mesh->materials[i];
        first[i] = i;
        if (!mt->map_kd_rgba || !mt->map_kd || !mt->map_kd_width || !mt->map_kd_height)
            continue;
        for (unsigned suffix = 1;; suffix++) {
            names[i] = png_name(mt->map_kd, suffix);
            if (!names[i])
                return RM_NOMEM;
            size_t hit = n;
            for (size_t k = 0; k < i && hit == n; k++)
                if (names[k] && strcmp(names[k], names[i]) == 0)
                    hit = k;
            if (hit == n)
                break;
            if (same_pixels(&mesh->materials[hit], mt)) {
                first[i] = first[hit];
                break;
            }
            free(names[i]);
            names[i] = NULL;
        }
    }
    return RM_OK;
}

rm_status rm_fmt_write_obj(const rm_mesh *mesh, const char *path, const rm_model_write_options *opt,
                           rm_output_set *set, rm_convert_result *result, rm_diag *diag)
{
    (void)result;
    size_t n = mesh->material_count;
    bool to_stdout = strcmp(path, "-") == 0;
    char *mtl_path = to_stdout || !n ? NULL : rm_fmt_with_ext(path, ".mtl");
    char **names = calloc(n ? n : 1, sizeof *names);
    size_t *first = calloc(n ? n : 1, sizeof *first);
    rm_mesh_material *mats = calloc(n ? n : 1, sizeof *mats);
    rm_status st = names && first && mats && (mtl_path || to_stdout || !n) ? RM_OK : RM_NOMEM;
    if (st == RM_OK && opt->textures && !to_stdout)
        st = name_pngs(mesh, names, first);

    /* The mesh as written: the same arrays, the materials naming their PNG. */
    rm_mesh view = *mesh;
    if (st == RM_OK && n) {
        memcpy(mats, mesh->materials, n * sizeof *mats);
        for (size_t i = 0; i < n; i++)
            if (names[i])
                mats[i].map_kd = names[first[i]];
        view.materials = mats;
    }
    if (st == RM_OK && to_stdout && n)
        rm_diag_at(diag, RM_WARNING, "<stdout>", 0, 0,
                   "the OBJ goes to standard output alone: its %zu material%s (MTL) and textures are "
                   "not written",
                   n, n == 1 ? "" : "s");

    char *obj = NULL, *mtl = NULL;
    size_t obj_n = 0, mtl_n = 0;
    if (st == RM_OK) {
        const char *slash = mtl_path ? strrchr(mtl_path, '/') : NULL;
        rm_obj_write_options wo = { mtl_path ? (slash ? slash + 1 : mtl_path) : NULL, NULL,
                                    mesh->source };
        st = rm_obj_write_ex(&view, &wo, &obj, &obj_n, &mtl, &mtl_n);
        if (st == RM_NOMEM)
            rm_diag_at(diag, RM_ERROR, path, 0, 0, "out of memory");
    }
    /* PNGs first, then the MTL, then the OBJ: a file never names one that
       is not there. */
    for (size_t i = 0; st == RM_OK && i < n; i++) {
        if (!names[i] || first[i] != i)
            continue;
        const rm_mesh_material *mt = &mesh->materials[i];
        rm_image img = { mt->map_kd_width, mt->map_kd_height, mt->map_kd_rgba };
        uint8_t *png = NULL;
        size_t png_n = 0;
        char *p = rm_fmt_beside(path, names[i]);
        st = p ? rm_image_encode_png(&img, &png, &png_n, diag) : RM_NOMEM;
        if (st == RM_OK)
            st = rm_output_add(set, p, png, png_n, diag);
        free(png);
        free(p);
    }
    if (st == RM_OK && mtl_path)
        st = rm_output_add(set, mtl_path, mtl ? mtl : "", mtl_n, diag);
    if (st == RM_OK)
        st = rm_output_add(set, path, obj, obj_n, diag);
    free(obj);
    free(mtl);
    for (size_t i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
    free(first);
    free(mats);
    free(mtl_path);
    return st;
}
