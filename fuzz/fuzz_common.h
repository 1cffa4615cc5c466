/* fuzz/fuzz_common.h - the few helpers more than one libFuzzer target
   needs (header only: each fuzz_*.c is its own program, see
   fuzz/CMakeLists.txt).

   fuzz_null_file():      a FILE that swallows what printers write.
   fuzz_level_rebuild():  dump --json of a level that opens, built again;
                          abort() when it does not build (a bug: the dump of
                          a valid level is a valid level description).
   fuzz_scratch_dir():    a fresh /tmp/<prefix>XXXXXX folder (mkdtemp).
   fuzz_write_file():     a file with these bytes, or abort().
   fuzz_check_skeleton(): abort() when a skeleton breaks skeleton.h's promises.
   fuzz_list_tree():      "name type size" of every entry under a folder, to
                          tell that a run changed nothing there.
   fuzz_remove_tree():    what is under a folder, recursively (symbolic
                          links are removed, not followed), and the folder.

   Include it first: it asks for POSIX 2008 (open_memstream) before any
   system header. */
#ifndef RETROMESH_FUZZ_COMMON_H
#define RETROMESH_FUZZ_COMMON_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/level.h"
#include "retromesh/skeleton.h"

/* Opened once, for the whole run. */
static inline FILE *fuzz_null_file(void)
{
    static FILE *f;
    if (!f)
        f = fopen("/dev/null", "w");
    if (!f)
        abort();
    return f;
}

/* The bytes must open (callers pass only files that did): build(dump --json
   of data), malloc'd, its size in *out_size. */
static inline uint8_t *fuzz_level_rebuild(const uint8_t *data, size_t size, size_t *out_size)
{
    rm_level lv;
    if (rm_level_open(&lv, data, size, "fuzz.jol", NULL) != RM_OK)
        abort();
    char *json = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&json, &len);
    if (!f)
        abort();
    rm_level_dump_json(&lv, f);
    fclose(f);
    rm_level_close(&lv);
    uint8_t *out = NULL;
    rm_status st = rm_level_build_json(json, len, "dump.json", &out, out_size, NULL);
    free(json);
    if (st != RM_OK)
        abort();
    return out;
}

/* dir (size bytes) gets "/tmp/<prefix>XXXXXX", made by mkdtemp. */
static inline void fuzz_scratch_dir(char *dir, size_t size, const char *prefix)
{
    snprintf(dir, size, "/tmp/%sXXXXXX", prefix);
    if (!mkdtemp(dir))
        abort();
}

static inline void fuzz_write_file(const char *path, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || (n && fwrite(bytes, 1, n, f) != n) || fclose(f) != 0)
        abort();
}

/* Everything under dir; dir itself too unless keep_dir. */
/* "name type size\n" for every entry under `dir`, recursively (links are
   listed, not followed), into out[size]; abort() when it does not fit (files
   were made). A file named `no_size` (may be NULL) is listed with size 0:
   one a run may rewrite. */
static inline void fuzz_list_into(const char *dir, const char *rel, const char *no_size, char *out,
                                  size_t size, size_t *len)
{
    DIR *d = opendir(dir);
    if (!d)
        abort();
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[512], r[512];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        snprintf(r, sizeof r, "%s/%s", rel, e->d_name);
        struct stat st;
        if (lstat(p, &st) != 0)
            abort();
        char type = S_ISDIR(st.st_mode) ? 'd' : S_ISLNK(st.st_mode) ? 'l' : S_ISREG(st.st_mode) ? 'f' : '?';
        bool sized = S_ISREG(st.st_mode) && !(no_size && !strcmp(e->d_name, no_size));
        int n = snprintf(out + *len, size - *len, "%s %c %lld\n", r, type,
                         sized ? (long long)st.st_size : 0LL);
        if (n < 0 || (size_t)n >= size - *len)
            abort();
        *len += (size_t)n;
        if (S_ISDIR(st.st_mode))
            fuzz_list_into(p, r, no_size, out, size, len);
    }
    closedir(d);
}

static inline void fuzz_list_tree(const char *dir, const char *no_size, char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    fuzz_list_into(dir, "", no_size, out, size, &len);
}

/* What skeleton.h promises of a skeleton a reader made (the JSON's or a
   glTF's): abort() when one is broken. */
static inline void fuzz_check_skeleton(const rm_skeleton *s)
{
    if (s->bone_count < 1 || s->bone_count > RM_SKELETON_MAX_BONES || !s->bones || !s->source)
        abort();
    for (size_t i = 0; i < s->bone_count; i++) {
        const rm_skeleton_bone *b = &s->bones[i];
        if (!b->name || !b->name[0] || b->parent < -1 || (b->parent >= 0 && (size_t)b->parent >= i))
            abort();
        if (b->group && !b->group[0])
            abort();
        for (size_t j = 0; j < i; j++)
            if (b->group && s->bones[j].group && strcmp(b->group, s->bones[j].group) == 0)
                abort();
    }
    if (s->animation_count && !s->animations)
        abort();
    for (size_t i = 0; i < s->animation_count; i++) {
        const rm_skeleton_animation *a = &s->animations[i];
        if (!a->name || !a->name[0] || a->key_ticks == 0 || a->key_count == 0 ||
            a->key_count > RM_SKELETON_MAX_KEYS || !a->keys)
            abort();
        for (size_t k = 0; k < a->key_count; k++)
            if (a->keys[k].angles != a->angle_block + k * s->bone_count)
                abort();
    }
}

static inline void fuzz_remove_tree(const char *dir, bool keep_dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
            fuzz_remove_tree(p, false);
        else
            unlink(p);
    }
    closedir(d);
    if (!keep_dir)
        rmdir(dir);
}

#endif
