/* tests/core/fs_util.h - small file helpers of the file I/O tests: a fresh
   folder per test (the working folder during the test), whole-file
   reads, entry counts. */
#ifndef RM_TESTS_CORE_FS_UTIL_H
#define RM_TESTS_CORE_FS_UTIL_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char fs_dir[256];
static char fs_old_cwd[1024];

/* cmocka setup/teardown: a new folder, made the working folder. */
static inline int fs_enter(void **state)
{
    (void)state;
    snprintf(fs_dir, sizeof fs_dir, "/tmp/rm_io_XXXXXX");
    if (!mkdtemp(fs_dir) || !getcwd(fs_old_cwd, sizeof fs_old_cwd) || chdir(fs_dir) != 0)
        return -1;
    return 0;
}

static inline int fs_leave(void **state)
{
    (void)state;
    if (chdir(fs_old_cwd) != 0)
        return -1;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "chmod -R u+rwx '%s'; rm -rf '%s'", fs_dir, fs_dir);
    return system(cmd) == 0 ? 0 : -1;
}

static inline void fs_put(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The file's content as a string (static buffer), "" when unreadable. */
static inline const char *fs_get(const char *path)
{
    static char buf[4096];
    buf[0] = 0;
    FILE *f = fopen(path, "rb");
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = 0;
        fclose(f);
    }
    return buf;
}

/* Entries of a folder, "." and ".." aside; -1 when it does not exist. */
static inline int fs_count(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    return n;
}

/* True when some entry of `path` starts with `prefix` (a ".NAME." temporary). */
static inline int fs_has_prefix(const char *path, const char *prefix)
{
    DIR *d = opendir(path);
    if (!d)
        return 0;
    int found = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (!strncmp(e->d_name, prefix, strlen(prefix)))
            found = 1;
    closedir(d);
    return found;
}

static inline mode_t fs_lmode(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 ? st.st_mode : 0;
}

#endif
