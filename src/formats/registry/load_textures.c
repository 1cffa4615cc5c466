/* src/formats/registry/load_textures.c - each material's map_Kd image
   into map_kd_rgba (rm_model_load_textures), for the writers that carry
   pixels (NIFF TexImg, OBJ export PNGs). A JOM conversion reads the images
   itself (src/convert/texture_find.c); the paths tried are the same:
     1. the name in the MTL's folder (an absolute name as it is);
     2. the name in texture_dir;
     3. when the name has folders, its file name alone in the MTL's folder,
        then in texture_dir.
   A Windows drive path (C:/...) is only tried by its file name. The first
   regular file found is the image; only regular files are opened (never a
   FIFO or a device), with the size limit of rm_file_read. */
#include "formats/registry/registry.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "retromesh/fileio.h"
#include "retromesh/image.h"

/* The converter's cap (texture_find.c): a Saturn texture is at most
   504 x 255, and a 4096 x 4096 atlas already takes 64 MB as RGBA. */
#define MAX_IMAGE_PIXELS (4096u * 4096u)

static char *join_n(const char *dir, size_t dir_len, const char *name)
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

typedef struct candidates {
    char *path[4];
    size_t count;
    bool nomem;
} candidates;

static void add(candidates *c, char *p)
{
    if (!p) {
        c->nomem = true;
        return;
    }
    for (size_t i = 0; i < c->count; i++)
        if (strcmp(c->path[i], p) == 0) {
            free(p);
            return;
        }
    c->path[c->count++] = p;
}

static void list_candidates(const rm_mesh_material *mt, const char *tdir, candidates *c)
{
    const char *name = mt->map_kd, *lib = mt->library ? mt->library : "";
    const char *slash = strrchr(lib, '/');
    size_t lib_dir = slash ? (size_t)(slash - lib) + 1 : 0;
    bool absolute = name[0] == '/';
    bool drive = ((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z')) &&
                 name[1] == ':';
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    if (absolute)
        add(c, join_n("", 0, name));
    else if (!drive)
        add(c, join_n(lib, lib_dir, name));
    if (tdir && !absolute && !drive)
        add(c, join_n(tdir, strlen(tdir), name));
    if (base != name && base[0]) {
        add(c, join_n(lib, lib_dir, base));
        if (tdir)
            add(c, join_n(tdir, strlen(tdir), base));
    }
}

/* "PATH" (why), appended to a growing list. */
static char *append_tried(char *list, const char *path, const char *why)
{
    size_t old = list ? strlen(list) : 0;
    size_t more = strlen(path) + strlen(why) + 8;
    char *n = realloc(list, old + more);
    if (!n) {
        free(list);
        return NULL;
    }
    snprintf(n + old, more, "%s\"%s\" (%s)", old ? ", " : "", path, why);
    return n;
}

/* Loads one image; *loaded false when the file is not a readable image
   (the decoder's message is in diag). */
static rm_status load_one(rm_mesh_material *mt, const char *path, bool *loaded, rm_diag *diag)
{
    *loaded = false;
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(path, &data, &size, diag);
    if (st != RM_OK)
        return st == RM_NOMEM ? RM_NOMEM : RM_OK;
    rm_image img;
    rm_image_init(&img);
    st = rm_image_decode_limit(data, size, path, MAX_IMAGE_PIXELS, &img, diag);
    free(data);
    if (st != RM_OK)
        return st == RM_NOMEM ? RM_NOMEM : RM_OK;
    mt->map_kd_rgba = img.rgba;
    mt->map_kd_width = img.width;
    mt->map_kd_height = img.height;
    *loaded = true;
    return RM_OK;
}

static rm_status load_material(const rm_mesh *mesh, rm_mesh_material *mt, const char *tdir,
                               rm_output_set *inputs, rm_diag *diag)
{
    candidates c = { { NULL, NULL, NULL, NULL }, 0, false };
    list_candidates(mt, tdir, &c);
    rm_status st = c.nomem ? RM_NOMEM : RM_OK;
    char *tried = NULL;
    bool found = false, loaded = false;
    for (size_t i = 0; st == RM_OK && i < c.count && !found; i++) {
        struct stat sb;
        const char *why = NULL;
        if (stat(c.path[i], &sb) != 0) {
            why = strerror(errno);
        } else if (!S_ISREG(sb.st_mode)) {
            why = "not a regular file";
        } else {
            found = true;   /* the first file found is the image, as in the converter */
            if (inputs)
                st = rm_output_add_input(inputs, c.path[i]);
            if (st == RM_OK)
                st = load_one(mt, c.path[i], &loaded, diag);
            if (st == RM_OK && !loaded)
                why = "not a readable image";
        }
        if (st == RM_OK && why && !(tried = append_tried(tried, c.path[i], why)))
            st = RM_NOMEM;
    }
    if (st == RM_OK && !loaded) {
        rm_diag_at(diag, RM_ERROR, mt->library ? mt->library : (mesh->source ? mesh->source : "<mesh>"),
                   mt->line, 0, "texture \"%s\" of material \"%s\" %s; tried %s%s", mt->map_kd,
                   mt->name ? mt->name : "", found ? "cannot be read" : "is not found",
                   tried ? tried : "nothing",
                   tdir || found ? "" : " (--texture-dir DIR says where else to look)");
        st = RM_INVALID;
    }
    free(tried);
    for (size_t i = 0; i < c.count; i++)
        free(c.path[i]);
    return st;
}

rm_status rm_model_load_textures(rm_mesh *mesh, const char *texture_dir, rm_output_set *inputs,
                                 rm_diag *diag)
{
    const char *tdir = texture_dir && texture_dir[0] ? texture_dir : NULL;
    rm_status worst = RM_OK;
    for (size_t i = 0; i < mesh->material_count; i++) {
        rm_mesh_material *mt = &mesh->materials[i];
        if (mt->map_kd_rgba || !mt->map_kd || !mt->map_kd[0])
            continue;
        rm_status st = load_material(mesh, mt, tdir, inputs, diag);
        if (st == RM_NOMEM) {
            rm_diag_at(diag, RM_ERROR, mesh->source ? mesh->source : "<mesh>", 0, 0, "out of memory");
            return st;
        }
        if (st != RM_OK)
            worst = st;     /* every image not found is named */
    }
    return worst;
}
