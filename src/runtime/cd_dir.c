/* src/runtime/cd_dir.c - the folder as the CD: listed once when the context
   opens, names looked up ASCII case-insensitively. The CD's ISO 9660 names
   are upper case and GFS_NameToId finds them by name (saturn-notes 7.3); a
   PC folder may hold "door.jom" for the "DOOR.JOM" a program asks for.
   Two files whose names differ only by case cannot both be on the CD: the
   one whose name is all upper case (the CD's own spelling) wins, else the
   first in byte order, with a warning when the folder is listed. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cd_internal.h"

static int file_cmp(const void *a, const void *b)
{
    return strcmp(((const cd_file *)a)->name, ((const cd_file *)b)->name);
}

static bool all_upper(const char *s)
{
    for (; *s; s++)
        if (islower((unsigned char)*s))
            return false;
    return true;
}

void cd_dir_free(rm_cd *cd)
{
    for (size_t i = 0; i < cd->file_count; i++) {
        free(cd->files[i].name);
        free(cd->files[i].path);
    }
    free(cd->files);
    cd->files = NULL;
    cd->file_count = 0;
}

rm_status cd_dir_list(rm_cd *cd, rm_diag *diag)
{
    DIR *d = opendir(cd->dir);
    if (!d) {
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot open the folder", cd->dir);
        return RM_IO;
    }
    size_t cap = 0;
    struct dirent *e;
    rm_status st = RM_OK;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t dl = strlen(cd->dir), nl = strlen(e->d_name);
        char *path = malloc(dl + 1 + nl + 1);
        if (!path) {
            st = RM_NOMEM;
            break;
        }
        snprintf(path, dl + 1 + nl + 1, "%s/%s", cd->dir, e->d_name);
        struct stat sb;
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            free(path);
            continue;
        }
        if (cd->file_count == cap) {
            size_t ncap = cap ? cap * 2 : 32;
            cd_file *n = realloc(cd->files, ncap * sizeof *n);
            if (!n) {
                free(path);
                st = RM_NOMEM;
                break;
            }
            cd->files = n;
            cap = ncap;
        }
        char *name = malloc(nl + 1);
        if (!name) {
            free(path);
            st = RM_NOMEM;
            break;
        }
        memcpy(name, e->d_name, nl + 1);
        cd->files[cd->file_count].name = name;
        cd->files[cd->file_count].path = path;
        cd->file_count++;
    }
    closedir(d);
    if (st != RM_OK)
        return st;
    if (cd->file_count > 1)
        qsort(cd->files, cd->file_count, sizeof *cd->files, file_cmp);
    /* Names equal but for case: say which one the look-up finds. */
    for (size_t i = 0; i < cd->file_count; i++) {
        for (size_t j = 0; j < i; j++) {
            if (cd_name_equal(cd->files[i].name, cd->files[j].name, SIZE_MAX)) {
                const cd_file *won = cd_dir_find(cd, cd->files[i].name);
                rm_diag_add(diag, RM_WARNING,
                            "%s: warning: %s and %s differ only by case (the CD holds one name): %s is used",
                            cd->dir, cd->files[j].name, cd->files[i].name, won ? won->name : "?");
                break;
            }
        }
    }
    return RM_OK;
}

const cd_file *cd_dir_find(const rm_cd *cd, const char *name)
{
    if (!name || !*name || strchr(name, '/'))
        return NULL;
    const cd_file *first = NULL;
    for (size_t i = 0; i < cd->file_count; i++) {
        if (!cd_name_equal(cd->files[i].name, name, SIZE_MAX))
            continue;
        if (all_upper(cd->files[i].name))
            return &cd->files[i];
        if (!first)
            first = &cd->files[i];
    }
    return first;
}
