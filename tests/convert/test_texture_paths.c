/* tests/convert/test_texture_paths.c - the texture search's messages show
   the paths tidied ("mat//./img/x.png" as "mat/img/x.png") and give the
   map_Kd's line and column (issue 13, item 12). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/convert.h"
#include "retromesh/obj.h"

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void tidied_paths_and_column(void **state)
{
    (void)state;
    char dir[] = "/tmp/rm_tex_paths_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char sub[300], mtl[300], obj[300];
    snprintf(sub, sizeof sub, "%s/mat", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(mtl, sizeof mtl, "%s/mat/x.mtl", dir);
    snprintf(obj, sizeof obj, "%s/m.obj", dir);
    put(mtl, "newmtl a\n  map_Kd img//./none.png\n");
    put(obj, "mtllib mat//./x.mtl\nusemtl a\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2/1 3/1\n");
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(obj, NULL, &m, &d), RM_OK);
    rm_jom_model j;
    assert_int_equal(rm_convert_mesh_to_jom(&m, NULL, &j, &d), RM_INVALID);
    char want[1200];
    snprintf(want, sizeof want,
             "%s/mat/x.mtl:2:3: error: texture \"img//./none.png\" of material \"a\" is not found; tried "
             "\"%s/mat/img/none.png\" (No such file or directory), \"%s/mat/none.png\" (No such file or "
             "directory)", dir, dir, dir);
    bool found = false;
    for (size_t i = 0; i < d.count; i++)
        found |= strncmp(d.items[i].text, want, strlen(want)) == 0;
    if (!found) {
        print_message("want %s\n", want);
        for (size_t i = 0; i < d.count; i++)
            print_message("%s\n", d.items[i].text);
    }
    assert_true(found);
    rm_jom_free(&j);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    unlink(mtl);
    unlink(obj);
    rmdir(sub);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tidied_paths_and_column),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
