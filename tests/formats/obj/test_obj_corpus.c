/* The OBJ reader on the shared corpus (RM_SHARED_DIR/corpus/obj, read in
   place; skipped when absent): every .obj parses, or fails with the one
   clear message it must give; the position and face counts match the
   MANIFEST's "v / f lines" column for every model (the manifest explains its
   two special cases: the UTF-16 file shows 0 / 0, decoded it has 8 / 6; a
   `\`-continued face counts once, as in a parse). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <math.h>
#include <sys/stat.h>

#include "formats/obj/obj_internal.h"
#include "obj_test_util.h"

#define CORPUS RM_SHARED_DIR "/corpus/obj"

/* The files that must fail, and the message (after "FOLDER/FILE:"). */
static const struct {
    const char *folder;
    const char *message;
} failures[] = {
    /* line 11 is "v 1e+2 2.e+1 3.1+e2": the third number at column 14 */
    { "assimp-number-formats", "number_formats.obj:11:14: error: bad number \"3.1+e2\"" },
    /* line 16 is "f 0/0/0 1/1/0 3/3/0" */
    { "tinyobj-zero-face-idx", "issue-140-zero-face-idx.obj:16:3: error: face index 0: OBJ indexes "
                               "start at 1" },
};

static const char *expected_failure(const char *folder)
{
    for (size_t i = 0; i < sizeof failures / sizeof failures[0]; i++)
        if (strcmp(failures[i].folder, folder) == 0)
            return failures[i].message;
    return NULL;
}

/* "49,999" -> 49999 */
static long number(const char *s, const char *e)
{
    long v = 0;
    for (; s < e; s++)
        if (*s >= '0' && *s <= '9')
            v = v * 10 + (*s - '0');
    return v;
}

/* The MANIFEST's v and f counts for a folder; false when not found. */
static int manifest_counts(const char *manifest, const char *folder, long *v, long *f)
{
    char key[320];
    snprintf(key, sizeof key, "\n| `%.255s/` | [", folder);
    const char *row = strstr(manifest, key);
    if (!row)
        return 0;
    row += 1;
    const char *eol = strchr(row, '\n');
    /* Fields: folder, source, licence, size, "v / f", ... */
    const char *p = row;
    for (int i = 0; i < 4; i++) {
        p = strstr(p + 1, " | ");
        if (!p || (eol && p > eol))
            return 0;
    }
    p += 3;
    const char *slash = strstr(p, " / ");
    const char *end = strstr(p, " | ");
    if (!slash || !end || slash > end)
        return 0;
    *v = number(p, slash);
    *f = number(slash + 3, end);
    return 1;
}

static int checked;

static void check_file(const char *folder, const char *path, const char *manifest)
{
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_obj_read_file(path, NULL, &m, &d);
    const char *fail = expected_failure(folder);
    if (fail) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s/%s/%s", CORPUS, folder, fail);
        assert_int_equal(st, RM_INVALID);
        assert_int_equal(d.errors, 1);
        assert_message(&d, msg);
        rm_diag_free(&d);
        checked++;
        return;
    }
    if (st != RM_OK) {
        dump(&d);
        fail_msg("%s does not parse", path);
    }
    /* Errors are never left in the diag of a successful read. */
    assert_int_equal(d.errors, 0);
    long v = -1, f = -1;
    if (strcmp(folder, "assimp-box-utf16be") == 0) {
        v = 8;
        f = 6;
    } else if (!manifest_counts(manifest, folder, &v, &f)) {
        fail_msg("%s is not in the MANIFEST table", folder);
    }
    if ((long)m.position_count != v || (long)m.face_count != f)
        fail_msg("%s: %zu v / %zu f, MANIFEST says %ld / %ld", folder, m.position_count,
                 m.face_count, v, f);
    /* The mesh contract: every index in range. */
    size_t nc = rm_mesh_corner_count(&m);
    for (size_t c = 0; c < nc; c++) {
        assert_true(m.corner_position[c] < m.position_count);
        if (m.corner_uv)
            assert_true(m.corner_uv[c] < (int32_t)m.uv_count);
        if (m.corner_normal)
            assert_true(m.corner_normal[c] < (int32_t)m.normal_count);
    }
    for (size_t i = 0; i < m.face_count; i++) {
        assert_true(rm_mesh_face_corners(&m, i) >= 3);
        assert_true(m.face_material[i] == RM_MESH_NONE || m.face_material[i] < m.material_count);
        assert_true(m.face_group[i] == RM_MESH_NONE || m.face_group[i] < m.group_count);
    }
    rm_mesh_free(&m);
    rm_diag_free(&d);
    checked++;
}

static void every_file(void **state)
{
    (void)state;
    char *manifest;
    size_t msize;
    int err;
    assert_int_equal(rm_obj_read_whole(CORPUS "/MANIFEST.md", &manifest, &msize, &err), RM_OK);
    char *mz = realloc(manifest, msize + 1);
    assert_non_null(mz);
    manifest = mz;
    manifest[msize] = 0;

    DIR *top = opendir(CORPUS);
    assert_non_null(top);
    struct dirent *e;
    checked = 0;
    while ((e = readdir(top))) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "LICENSES") == 0)
            continue;
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s", CORPUS, e->d_name);
        struct stat st;
        if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        DIR *sub = opendir(dir);
        assert_non_null(sub);
        struct dirent *f;
        while ((f = readdir(sub))) {
            size_t n = strlen(f->d_name);
            if (n < 4 || strcmp(f->d_name + n - 4, ".obj") != 0)
                continue;
            char path[2048];
            snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
            check_file(e->d_name, path, manifest);
        }
        closedir(sub);
    }
    closedir(top);
    free(manifest);
    assert_int_equal(checked, 40);
}

/* Counts checked by an independent reading of the text, for a few models:
   the Cornell box's negative indexes, resolved by counting v lines. */
static void cornell_box_negative_indexes(void **state)
{
    (void)state;
    const char *path = CORPUS "/tinyobj-cornell-box/cornell_box.obj";
    char *text;
    size_t size;
    int err;
    assert_int_equal(rm_obj_read_whole(path, &text, &size, &err), RM_OK);
    rm_mesh m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(path, NULL, &m, &d), RM_OK);
    assert_int_equal(m.face_count, 18);
    /* Walk the lines: count v, and for each f line compare its indexes
       (relative ones made absolute by hand: -k is count - k) to the mesh. */
    long vcount = 0;
    size_t face = 0, negative_faces = 0;
    const char *p = text, *end = text + size;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        while (p < eol && (*p == ' ' || *p == '\t'))
            p++;
        if (eol - p > 2 && p[0] == 'v' && p[1] == ' ') {
            vcount++;
        } else if (eol - p > 2 && p[0] == 'f' && p[1] == ' ') {
            const char *q = p + 1;
            uint32_t k = 0;
            int neg = 0;
            while (q < eol) {
                char *next;
                long idx = strtol(q, &next, 10);
                if (next == q)
                    break;
                long abs0 = idx < 0 ? vcount + idx : idx - 1;
                neg |= idx < 0;
                assert_int_equal(m.corner_position[m.face_start[face] + k], abs0);
                k++;
                q = next;
                while (q < eol && *q != ' ' && *q != '\t')
                    q++;
            }
            assert_int_equal(k, rm_mesh_face_corners(&m, face));
            negative_faces += (size_t)neg;
            face++;
        }
        p = eol + 1;
    }
    assert_int_equal(face, 18);
    assert_int_equal(negative_faces, 15);   /* the MANIFEST: negative indices (15 faces) */
    assert_int_equal(m.material_count, 5);
    for (size_t i = 0; i < m.material_count; i++)
        assert_true(m.materials[i].defined);
    rm_mesh_free(&m);
    rm_diag_free(&d);
    free(text);
}

static void special_models(void **state)
{
    (void)state;
    rm_mesh m;
    rm_diag d;
    /* test-nan: v lines 1-4 hold nan, -nan, inf, -inf, 1.#IND, 1.#INF. */
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(CORPUS "/tinyobj-test-nan/test-nan.obj", NULL, &m, &d), RM_OK);
    assert_true(isnan(m.positions[0].x) && isnan(m.positions[0].y));
    assert_true(m.positions[1].x == INFINITY && m.positions[1].y == -INFINITY);
    assert_true(isnan(m.positions[2].x) && isnan(m.positions[2].y));
    assert_true(m.positions[3].x == INFINITY && m.positions[3].y == -INFINITY);
    assert_true(m.positions[4].x == 130.0);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* Only 2 of 5 vertices have colors (the 2nd and the 4th). */
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(CORPUS "/assimp-only-a-part-of-vertexcolors/"
                                      "only_a_part_of_vertexcolors.obj", NULL, &m, &d), RM_OK);
    const uint8_t hc[] = { 0, 1, 0, 1, 0 };
    for (int i = 0; i < 5; i++)
        assert_int_equal(m.has_color[i], hc[i]);
    assert_true(m.colors[3].x == 1.0 && m.colors[3].y == 0.6 && m.colors[3].z == 0.3);
    assert_true(m.colors[0].x == 1.0 && m.colors[0].z == 1.0);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* wallhole: `\` continuations, an empty usemtl, 00.mtl not shipped. */
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(CORPUS "/trimesh-wallhole/wallhole.obj", NULL, &m, &d), RM_OK);
    assert_int_equal(d.warnings, 2);
    assert_message(&d, CORPUS "/trimesh-wallhole/wallhole.obj:4:1: warning: usemtl without a "
                              "name: the faces that follow have no material");
    assert_message(&d, CORPUS "/trimesh-wallhole/wallhole.obj:3:8: warning: cannot open material "
                              "library \"00.mtl\": No such file or directory; materials keep their "
                              "default colors");
    /* Line 282 "f 14/14/14 ... 12/12/12 \" (7 corners) continues on 283
       "16/16/16 10/10/10 13/13/13 9/9/9" (4 more): one face of 11. */
    assert_int_equal(m.face_line[1], 282);
    assert_int_equal(rm_mesh_face_corners(&m, 1), 11);
    assert_int_equal(m.face_line[2], 284);
    rm_mesh_free(&m);
    rm_diag_free(&d);

    /* Backslash texture paths (".\SpiderTex.jpg"), 5 defined, 4 used. */
    rm_diag_init(&d);
    assert_int_equal(rm_obj_read_file(CORPUS "/assimp-spider/spider.obj", NULL, &m, &d), RM_OK);
    assert_int_equal(m.material_count, 4);
    int textured = 0;
    for (size_t i = 0; i < m.material_count; i++)
        if (m.materials[i].map_kd) {
            assert_null(strchr(m.materials[i].map_kd, '\\'));
            textured++;
        }
    assert_true(textured > 0);
    rm_mesh_free(&m);
    rm_diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_file),
        cmocka_unit_test(cornell_box_negative_indexes),
        cmocka_unit_test(special_models),
    };
    struct stat st;
    if (stat(CORPUS "/MANIFEST.md", &st) != 0) {
        fprintf(stderr, "corpus not found at %s: skipped\n", CORPUS);
        return 77;
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
