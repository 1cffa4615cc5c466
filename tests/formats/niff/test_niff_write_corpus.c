/* The NIFF writer on the shared OBJ corpus (RM_SHARED_DIR/corpus/obj, read
   in place; skipped when absent): every OBJ the reader accepts is written
   as NIFF 2.0, the file has the structure of spec 3.1 (tm_check_layout),
   reads back with rm_niff_read with no error and no warning, writes back to
   the same bytes, and holds every triangle: the Tri counts of all TriGroups
   sum to sum(n - 2) over the faces of 3 corners or more. */
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

#include "formats/niff/test_niff_write_meshes.h"
#include "retromesh/niff.h"
#include "retromesh/obj.h"

#define CORPUS RM_SHARED_DIR "/corpus/obj"

static int written;

static void check_obj(const char *path)
{
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    if (rm_obj_read_file(path, &opt, &m, &d) != RM_OK) {
        /* the OBJ reader's own tests say why; nothing to write */
        rm_mesh_free(&m);
        rm_diag_free(&d);
        return;
    }
    rm_diag_free(&d);
    rm_diag_init(&d);
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_niff_write_mesh(&m, NULL, &data, &size, &d);
    if (st != RM_OK) {
        rm_diag_print(&d, stderr, 1);
        print_error("%s: rm_niff_write_mesh failed\n", path);
        fail();
    }
    size_t off[29];
    tm_check_layout(data, size, off);

    rm_niff_file f;
    rm_diag rd;
    rm_diag_init(&rd);
    st = rm_niff_read(data, size, path, &f, &rd);
    if (st != RM_OK || rd.count) {
        rm_diag_print(&rd, stderr, 1);
        print_error("%s: the written file does not read back cleanly\n", path);
        fail();
    }
    uint8_t *again = NULL;
    size_t again_size = 0;
    assert_int_equal(rm_niff_write(&f, &again, &again_size, &rd), RM_OK);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, data, size);

    uint64_t tris = 0, expected = 0;
    for (uint32_t i = 0; i < f.tri_group_count; i++)
        tris += f.tri_groups[i].tri_num;
    for (size_t i = 0; i < m.face_count; i++)
        if (rm_mesh_face_corners(&m, i) >= 3)
            expected += rm_mesh_face_corners(&m, i) - 2u;
    assert_int_equal(tris, expected);

    written++;
    free(again);
    rm_niff_free(&f);
    rm_diag_free(&rd);
    free(data);
    rm_diag_free(&d);
    rm_mesh_free(&m);
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Folders in name order, so a failure is found the same way every time. */
static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_corpus(void **state)
{
    (void)state;
    DIR *dir = opendir(CORPUS);
    assert_non_null(dir);
    char *names[256];
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && count < 256)
        if (e->d_name[0] != '.')
            names[count++] = strdup(e->d_name);
    closedir(dir);
    qsort(names, count, sizeof names[0], by_name);
    for (size_t i = 0; i < count; i++) {
        char folder[1024];
        snprintf(folder, sizeof folder, "%s/%s", CORPUS, names[i]);
        DIR *sub = opendir(folder);
        if (sub) {
            struct dirent *f;
            while ((f = readdir(sub)))
                if (has_suffix(f->d_name, ".obj")) {
                    char path[2048];
                    snprintf(path, sizeof path, "%s/%s", folder, f->d_name);
                    check_obj(path);
                }
            closedir(sub);
        }
        free(names[i]);
    }
    printf("%d OBJ files written as NIFF and read back\n", written);
    assert_true(written > 10);
}

int main(void)
{
    struct stat sb;
    if (stat(CORPUS, &sb) != 0) {
        fprintf(stderr, "skipped: no corpus at %s\n", CORPUS);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
