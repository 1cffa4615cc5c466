/* Whole-file read and atomic write: the content arrives whole, nothing is
   left behind when the write fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/fileio.h"

static char dir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/rm_fileio_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int count_entries(const char *path)
{
    DIR *d = opendir(path);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    return n;
}

static void write_then_read(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/out.bin", dir);
    rm_diag d;
    rm_diag_init(&d);
    const char text[] = "hello\0world";
    assert_int_equal(rm_file_write_atomic(path, text, sizeof text, &d), RM_OK);
    uint8_t *data;
    size_t size;
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_int_equal(size, sizeof text);
    assert_memory_equal(data, text, sizeof text);
    assert_int_equal(data[size], 0);   /* the extra zero byte */
    free(data);
    /* Overwriting replaces the content whole. */
    assert_int_equal(rm_file_write_atomic(path, "ab", 2, &d), RM_OK);
    assert_int_equal(rm_file_read(path, &data, &size, &d), RM_OK);
    assert_int_equal(size, 2);
    free(data);
    assert_int_equal(count_entries(dir), 1);   /* no temporary file left */
    assert_true(rm_file_same(path, path));
    unlink(path);
    rm_diag_free(&d);
}

static void failed_write_leaves_nothing(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/missing-folder/out.bin", dir);
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_file_write_atomic(path, "x", 1, &d), RM_IO);
    assert_int_equal(d.errors, 1);
    assert_non_null(strstr(d.items[0].text, "missing-folder/out.bin"));
    /* Renaming over a folder fails after the temporary file was written:
       the temporary file must be removed. */
    char sub[300];
    snprintf(sub, sizeof sub, "%s/adir", dir);
    mkdir(sub, 0755);
    char inner[320];
    snprintf(inner, sizeof inner, "%s/x", sub);
    FILE *f = fopen(inner, "w");
    fclose(f);
    assert_int_equal(rm_file_write_atomic(sub, "x", 1, &d), RM_IO);
    assert_int_equal(count_entries(dir), 1);   /* only adir */
    unlink(inner);
    rmdir(sub);
    rm_diag_free(&d);
}

static void read_missing_is_io_error(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    uint8_t *data = (uint8_t *)1;
    size_t size = 5;
    assert_int_equal(rm_file_read("/nonexistent/file.obj", &data, &size, &d), RM_IO);
    assert_null(data);
    assert_int_equal(size, 0);
    assert_non_null(strstr(d.items[0].text, "/nonexistent/file.obj"));
    rm_diag_free(&d);
}

static int teardown(void **state)
{
    (void)state;
    rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(write_then_read),
        cmocka_unit_test(failed_write_leaves_nothing),
        cmocka_unit_test(read_missing_is_io_error),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
