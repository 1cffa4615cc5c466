/* src/convert/texture_paths.c - see texture_paths.h. */
#include "convert/texture_paths.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "core/path_tidy.h"
static rm_status add(rm_texture_candidates *c, char *p)
{
    if (!p)
        return RM_NOMEM;
    for (size_t i = 0; i < c->count; i++)
        if (strcmp(c->path[i], p) == 0) {
            free(p);
            return RM_OK;
        }
    c->path[c->count++] = p;
    return RM_OK;
}

rm_status rm_texture_candidates_list(const rm_mesh_material *mat, const char *texture_dir,
                                     rm_texture_candidates *out)
{
    out->count = 0;
    const char *name = mat->map_kd ? mat->map_kd : "";
    const char *lib = mat->library ? mat->library : "";
    const char *slash = strrchr(lib, '/');
    size_t lib_dir = slash ? (size_t)(slash - lib) + 1 : 0;
    const char *tdir = texture_dir && texture_dir[0] ? texture_dir : NULL;
    bool absolute = name[0] == '/';
    bool drive = ((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z')) &&
                 name[1] == ':';
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;

    rm_status st = RM_OK;
    if (absolute)
        st = add(out, rm_path_join(NULL, name));
    else if (!drive)
        st = add(out, rm_path_join_n(lib, lib_dir, name));
    if (st == RM_OK && tdir && !absolute && !drive)
        st = add(out, rm_path_join(tdir, name));
    if (st == RM_OK && base != name && base[0]) {
        st = add(out, rm_path_join_n(lib, lib_dir, base));
        if (st == RM_OK && tdir)
            st = add(out, rm_path_join(tdir, base));
    }
    return st;
}

void rm_texture_candidates_free(rm_texture_candidates *c)
{
    for (size_t i = 0; i < c->count; i++)
        free(c->path[i]);
    c->count = 0;
}

char *rm_texture_tried_append(char *list, const char *path, const char *why)
{
    char *shown = rm_path_tidy_dup(path);
    const char *p = shown ? shown : path;
    size_t old = list ? strlen(list) : 0;
    size_t add_len = strlen(p) + strlen(why) + 8;
    char *n = realloc(list, old + add_len);
    if (n)
        snprintf(n + old, add_len, "%s\"%s\" (%s)", old ? ", " : "", p, why);
    else
        free(list);
    free(shown);
    return n;
}

rm_status rm_texture_candidates_first(const rm_texture_candidates *c, size_t *found, char **tried)
{
    for (size_t i = 0; i < c->count; i++) {
        struct stat sb;
        const char *why = NULL;
        if (stat(c->path[i], &sb) != 0)
            why = strerror(errno);
        else if (!S_ISREG(sb.st_mode))
            why = "not a regular file";
        else {
            *found = i;
            return RM_OK;
        }
        if (!(*tried = rm_texture_tried_append(*tried, c->path[i], why)))
            return RM_NOMEM;
    }
    *found = c->count;
    return RM_OK;
}
