/* tools/cmd_convert_niff.c - the parts of `retromesh convert` that are not
   OBJ -> JOM: a mesh written as OBJ + MTL + PNG textures (from a NIFF
   file), and the map_Kd images of an OBJ loaded into the mesh for a NIFF
   output (see cli.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli.h"

bool rm_cli_ext_is(const char *path, const char *ext)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    return dot && (!slash || dot > slash) && strcasecmp(dot, ext) == 0;
}

/* ---- OBJ export --------------------------------------------------------- */

static bool same_file(const char *a, const char *b)
{
    return strcmp(a, b) == 0 || rm_file_same(a, b);
}

rm_status rm_cli_write_obj_export(const rm_mesh *mesh, const char *in, const char *out, bool textures,
                                  rm_diag *diag)
{
    size_t n = mesh->material_count;
    char *mtl_path = rm_cli_with_ext(out, ".mtl");
    char **png = calloc(n ? n : 1, sizeof *png);
    rm_status st = mtl_path && png ? RM_OK : RM_NOMEM;
    const char *slash = mtl_path ? strrchr(mtl_path, '/') : NULL;
    const char *mtllib = slash ? slash + 1 : mtl_path;

    /* Every target, checked before anything is written: never over the
       input, and no two targets the same file. */
    for (size_t i = 0; st == RM_OK && i < n; i++) {
        const rm_mesh_material *mt = &mesh->materials[i];
        if (!textures || !mt->map_kd_rgba || !mt->map_kd)
            continue;
        png[i] = rm_cli_beside(out, mt->map_kd);
        if (!png[i])
            st = RM_NOMEM;
    }
    for (size_t i = 0; st == RM_OK && i < n + 2; i++) {
        const char *t = i == 0 ? out : i == 1 ? mtl_path : png[i - 2];
        if (!t || (i == 1 && !n))
            continue;
        const char *clash = same_file(t, in) ? in : NULL;
        for (size_t k = 0; !clash && k < i; k++) {
            const char *u = k == 0 ? out : k == 1 ? mtl_path : png[k - 2];
            if (u && !(k == 1 && !n) && same_file(t, u))
                clash = u;
        }
        if (clash) {
            rm_diag_add(diag, RM_ERROR, "%s: error: would be written over %s; choose another output name",
                        t, clash);
            st = RM_USAGE;
        }
    }

    char *obj = NULL, *mtl = NULL;
    size_t obj_n = 0, mtl_n = 0;
    if (st == RM_OK) {
        rm_obj_write_options opt = { n ? mtllib : NULL, NULL, in };
        st = rm_obj_write_ex(mesh, &opt, &obj, &obj_n, &mtl, &mtl_n);
    }
    /* The textures first, then the MTL, then the OBJ: a file never names
       one that is not there. */
    for (size_t i = 0; st == RM_OK && i < n; i++) {
        if (!png[i])
            continue;
        const rm_mesh_material *mt = &mesh->materials[i];
        bool again = false;     /* two materials sharing one image name: written once */
        for (size_t k = 0; k < i && !again; k++)
            again = png[k] && strcmp(png[k], png[i]) == 0;
        if (again)
            continue;
        rm_image img = { mt->map_kd_width, mt->map_kd_height, mt->map_kd_rgba };
        st = rm_image_write_png(&img, png[i], diag);
    }
    if (st == RM_OK && n)
        st = rm_file_write_atomic(mtl_path, mtl ? mtl : "", mtl_n, diag);
    if (st == RM_OK)
        st = rm_file_write_atomic(out, obj, obj_n, diag);
    free(obj);
    free(mtl);
    for (size_t i = 0; png && i < n; i++)
        free(png[i]);
    free(png);
    free(mtl_path);
    return st;
}

/* ---- map_Kd images into the mesh (OBJ -> NIFF) -------------------------- */

static char *join(const char *dir, size_t dir_len, const char *name)
{
    bool sep = dir_len > 0 && dir[dir_len - 1] != '/';
    size_t n = strlen(name);
    char *p = malloc(dir_len + sep + n + 1);
    if (p) {
        memcpy(p, dir, dir_len);
        if (sep)
            p[dir_len] = '/';
        memcpy(p + dir_len + sep, name, n + 1);
    }
    return p;
}

/* The paths tried for a map_Kd, as the converter tries them
   (src/convert/texture_find.c): the MTL's folder, --texture-dir, then the
   file name alone in both. */
static size_t candidates(const rm_mesh_material *mt, const char *tdir, char *out[4])
{
    const char *name = mt->map_kd, *lib = mt->library ? mt->library : "";
    const char *slash = strrchr(lib, '/');
    size_t lib_dir = slash ? (size_t)(slash - lib) + 1 : 0;
    bool absolute = name[0] == '/';
    bool drive = ((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z')) &&
                 name[1] == ':';
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    size_t n = 0;
    if (absolute)
        out[n++] = join("", 0, name);
    else if (!drive)
        out[n++] = join(lib, lib_dir, name);
    if (tdir && !absolute && !drive)
        out[n++] = join(tdir, strlen(tdir), name);
    if (base != name && base[0]) {
        out[n++] = join(lib, lib_dir, base);
        if (tdir)
            out[n++] = join(tdir, strlen(tdir), base);
    }
    return n;
}

rm_status rm_cli_load_map_kd(rm_mesh *mesh, const char *texture_dir, rm_diag *diag)
{
    rm_status worst = RM_OK;
    for (size_t i = 0; i < mesh->material_count; i++) {
        rm_mesh_material *mt = &mesh->materials[i];
        if (mt->map_kd_rgba || !mt->map_kd || !mt->map_kd[0])
            continue;
        char *path[4] = { NULL, NULL, NULL, NULL };
        size_t n = candidates(mt, texture_dir && texture_dir[0] ? texture_dir : NULL, path);
        bool loaded = false;
        for (size_t k = 0; k < n && !loaded; k++) {
            struct stat sb;
            if (!path[k] || stat(path[k], &sb) != 0 || !S_ISREG(sb.st_mode))
                continue;
            rm_image img;
            rm_image_init(&img);
            rm_status st = rm_image_load_file(path[k], &img, diag);
            if (st == RM_NOMEM) {
                worst = RM_NOMEM;
                break;
            }
            if (st == RM_OK) {
                mt->map_kd_rgba = img.rgba;
                mt->map_kd_width = img.width;
                mt->map_kd_height = img.height;
                loaded = true;
            }
            break;  /* the first file found is the image, as in the converter */
        }
        if (!loaded && worst == RM_OK) {
            rm_diag_add(diag, RM_ERROR,
                        "%s:%lu: error: texture \"%s\" of material \"%s\" is not found or not readable "
                        "(--texture-dir DIR says where else to look; --no-textures leaves it out)",
                        mt->library ? mt->library : (mesh->source ? mesh->source : "<mesh>"), mt->line,
                        mt->map_kd, mt->name ? mt->name : "");
            worst = RM_INVALID;
        }
        for (size_t k = 0; k < n; k++)
            free(path[k]);
        if (worst == RM_NOMEM)
            break;
    }
    return worst;
}
