/* tests/formats/registry/tmpdir.h - files a test writes into a scratch
   folder, and the folder removed at the end.

   Usage:
     char dir[64]; tmp_make(dir, sizeof dir);          // /tmp/rm_reg_XXXXXX
     tmp_write(dir, "a.obj", "v 0 0 0\n", 8);          // dir/a.obj
     tmp_png(dir, "wall.png", 8, 2, 0x112233);         // an 8x2 PNG of one color
     char *p = tmp_path(dir, "a.obj");  ...  free(p);
     tmp_remove(dir);                                  // every file, two levels deep */
#ifndef RM_TESTS_REGISTRY_TMPDIR_H
#define RM_TESTS_REGISTRY_TMPDIR_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/fileio.h"
#include "retromesh/image.h"

static inline void tmp_make(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/rm_reg_XXXXXX");
    if (!mkdtemp(dir))
        abort();
}

static inline char *tmp_path(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (!p)
        abort();
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

static inline void tmp_write(const char *dir, const char *name, const void *data, size_t size)
{
    char *p = tmp_path(dir, name);
    char *slash = strrchr(p, '/');
    if (slash && slash > p + strlen(dir)) {     /* a sub-folder */
        *slash = 0;
        mkdir(p, 0777);
        *slash = '/';
    }
    FILE *f = fopen(p, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
        abort();
    free(p);
}

static inline void tmp_text(const char *dir, const char *name, const char *text)
{
    tmp_write(dir, name, text, strlen(text));
}

/* An opaque w x h PNG: pixel i has color rgb + i (so images differ). */
static inline void tmp_png(const char *dir, const char *name, uint32_t w, uint32_t h, uint32_t rgb)
{
    rm_image img;
    rm_image_init(&img);
    if (rm_image_alloc(&img, w, h) != RM_OK)
        abort();
    for (uint32_t i = 0; i < w * h; i++) {
        uint32_t c = rgb + i * 0x010305u;
        img.rgba[4 * i] = (uint8_t)(c >> 16);
        img.rgba[4 * i + 1] = (uint8_t)(c >> 8);
        img.rgba[4 * i + 2] = (uint8_t)c;
        img.rgba[4 * i + 3] = 255;
    }
    uint8_t *png = NULL;
    size_t n = 0;
    rm_diag d;
    rm_diag_init(&d);
    if (rm_image_encode_png(&img, &png, &n, &d) != RM_OK)
        abort();
    tmp_write(dir, name, png, n);
    free(png);
    rm_image_free(&img);
    rm_diag_free(&d);
}

/* The bytes of dir/name (NULL when it does not exist). */
static inline uint8_t *tmp_read(const char *dir, const char *name, size_t *size)
{
    char *p = tmp_path(dir, name);
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = NULL;
    if (rm_file_read(p, &data, size, &d) != RM_OK)
        data = NULL;
    rm_diag_free(&d);
    free(p);
    return data;
}

static inline bool tmp_exists(const char *dir, const char *name)
{
    char *p = tmp_path(dir, name);
    struct stat sb;
    bool e = lstat(p, &sb) == 0;
    free(p);
    return e;
}

static inline void tmp_remove_level(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char *p = tmp_path(dir, e->d_name);
        struct stat sb;
        if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode) && depth > 0)
            tmp_remove_level(p, depth - 1);
        else
            unlink(p);
        free(p);
    }
    closedir(d);
    rmdir(dir);
}

static inline void tmp_remove(const char *dir)
{
    tmp_remove_level(dir, 3);
}

#endif
