/* tests/oni/test_oni_names.c - issue 13 "under attack" for Oni: file names
   made from geometry names of any length and bytes (rm_oni_file_name), and
   NaN values of a geometry named by their place in the file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "oni/oni_gen.h"
#include "retromesh/oni.h"

static void short_safe_names_are_kept(void **state)
{
    (void)state;
    char buf[RM_ONI_FILE_NAME_MAX + 1];
    assert_int_equal(rm_oni_file_name("door_1_0", 4, buf, sizeof buf), 8);
    assert_string_equal(buf, "door_1_0");
    assert_int_equal(rm_oni_file_name("", 4, buf, sizeof buf), 1);
    assert_string_equal(buf, "_");
}

static void unsafe_bytes_are_replaced_with_a_hash(void **state)
{
    (void)state;
    char a[RM_ONI_FILE_NAME_MAX + 1], b[RM_ONI_FILE_NAME_MAX + 1];
    rm_oni_file_name("../x/SECRET", 4, a, sizeof a);
    rm_oni_file_name("..\x01x/SECRET", 4, b, sizeof b);
    assert_null(strchr(a, '/'));
    assert_true(a[0] != '.');
    for (const char *p = b; *p; p++)
        assert_true((unsigned char)*p >= 0x20);
    /* Both map to "_._x_SECRET" but stay two names. */
    assert_memory_equal(a, "_._x_SECRET-", 12);
    assert_memory_equal(b, "_._x_SECRET-", 12);
    assert_int_equal(strlen(a), 20);
    assert_string_not_equal(a, b);
}

static void long_names_are_shortened_and_unique(void **state)
{
    (void)state;
    char name1[400], name2[400];
    memset(name1, 'a', 399);
    name1[399] = '\0';
    memcpy(name2, name1, sizeof name2);
    name2[398] = 'b';   /* differs only after what is kept */
    char a[RM_ONI_FILE_NAME_MAX + 1], b[RM_ONI_FILE_NAME_MAX + 1];
    size_t reserve = strlen(".obj");
    size_t n = rm_oni_file_name(name1, reserve, a, sizeof a);
    rm_oni_file_name(name2, reserve, b, sizeof b);
    assert_int_equal(n, RM_ONI_FILE_NAME_MAX - reserve);
    assert_int_equal(strlen(a), n);
    assert_string_not_equal(a, b);
    /* 244 characters: the size that failed with exit 3. The file can be made. */
    char name3[245];
    memset(name3, 'd', 244);
    name3[244] = '\0';
    rm_oni_file_name(name3, reserve, a, sizeof a);
    char dir[] = "/tmp/rm_oni_names_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[600];
    snprintf(path, sizeof path, "%s/%s.obj", dir, a);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    rmdir(dir);
    /* A small buffer: cut to it, terminated. */
    char small[8];
    assert_int_equal(rm_oni_file_name(name1, 4, small, sizeof small), 7);
    assert_int_equal(strlen(small), 7);
}

static void nan_point_is_an_error_at_its_offset(void **state)
{
    (void)state;
    oni_gen g;
    oni_gen_init(&g, 1);
    const float pts[9] = {0, 0, 0, 1, 0, 0, 0, NAN, 0};
    static const float vn[9] = {0, 0, 1, 0, 0, 1, 0, 0, 1};
    static const float fn[3] = {0, 0, 1};
    const float uv[6] = {0, 0, 1, 0, INFINITY, 1};
    static const uint32_t strip[3] = {0x80000000u, 1, 2};
    static const uint32_t fni[1] = {0};
    uint32_t links[7];
    links[0] = oni_gen_pnta(&g, 3, pts);
    links[1] = oni_gen_vcra(&g, 3, vn);
    links[2] = oni_gen_vcra(&g, 1, fn);
    links[3] = oni_gen_txca(&g, 3, uv);
    links[4] = oni_gen_idxa(&g, 3, strip);
    links[5] = oni_gen_idxa(&g, 1, fni);
    links[6] = ONI_GEN_NONE;
    uint32_t geo = oni_gen_m3gm(&g, "M3GMbad", links);
    uint8_t *data;
    size_t size;
    assert_int_equal(oni_gen_finish(&g, &data, &size), 0);
    rm_diag diag;
    rm_diag_init(&diag);
    rm_oni_file f;
    assert_int_equal(rm_oni_open(data, size, "level1_Final.dat", &f, &diag), RM_OK);
    rm_oni_geometry geom;
    assert_int_equal(rm_oni_geometry_decode(&f, geo, &geom, &diag), RM_OK);
    rm_mesh m;
    assert_int_equal(rm_oni_geometry_to_mesh(&geom, "bad", &m, &diag), RM_INVALID);
    /* The y of point 2: its own bytes in the file. */
    unsigned long at = geom.points_at + 12 * 2 + 4;
    float v;
    memcpy(&v, data + at, 4);
    assert_true(isnan(v));
    char want[200];
    snprintf(want, sizeof want, "level1_Final.dat: instance %u (PNTA) at 0x%lx: point 2: y is nan, not a "
                                "finite number; the geometry cannot be converted", links[0], at);
    bool found = false, uv_warned = false;
    for (size_t i = 0; i < diag.count; i++) {
        found |= strcmp(diag.items[i].text, want) == 0;
        uv_warned |= strstr(diag.items[i].text, "(TXCA) at 0x") &&
                     strstr(diag.items[i].text, "texture coordinate 2: u is inf, not a finite number; 0 is used");
    }
    if (!found || !uv_warned)
        for (size_t i = 0; i < diag.count; i++)
            print_message("%s\n", diag.items[i].text);
    assert_true(found);
    assert_true(uv_warned);
    rm_oni_geometry_free(&geom);
    rm_oni_close(&f);
    rm_diag_free(&diag);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(short_safe_names_are_kept),
        cmocka_unit_test(unsafe_bytes_are_replaced_with_a_hash),
        cmocka_unit_test(long_names_are_shortened_and_unique),
        cmocka_unit_test(nan_point_is_an_error_at_its_offset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
