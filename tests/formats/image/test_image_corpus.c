/* Every PNG, JPEG and GIF of the shared corpus (RM_SHARED_DIR/corpus/obj)
   decodes, and goes through the whole texture path: fit to a VDP1 size,
   resize, RGB555, 16 colors, .BIN, PNG. Skipped (77) without the corpus.
   Sizes are the ones `file` reports for those images. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "image_helpers.h"

#define CORPUS RM_SHARED_DIR "/corpus/obj"

static int has_image_extension(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot && (strcasecmp(dot, ".png") == 0 || strcasecmp(dot, ".jpg") == 0 ||
                   strcasecmp(dot, ".jpeg") == 0 || strcasecmp(dot, ".gif") == 0);
}

/* Known sizes (from `file`), checked when the image is met. */
static const struct {
    const char *suffix;
    uint32_t w, h;
} known[] = {
    {"spot-cow/cow_texture.png", 1024, 1024},
    {"kenney-character-human/Textures/colormap.png", 512, 512},
    {"obj2gltf-box-textured/cesium.png", 211, 211},
    {"obj2gltf-box-complex-material-alpha/alpha.png", 200, 200},
    {"obj2gltf-box-complex-material-alpha/ambient.gif", 211, 211},
    {"assimp-spider/SpiderTex.jpg", 249, 250},
    {"trimesh-fuze/fuze uv.jpg", 1024, 1024},
};

static int decoded;

static void texture_path(const char *path)
{
    rm_diag d;
    rm_diag_init(&d);
    rm_image img;
    rm_status st = rm_image_load_file(path, &img, &d);
    if (st != RM_OK)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.count, 0);
    size_t plen = strlen(path);
    for (size_t k = 0; k < sizeof known / sizeof *known; k++) {
        size_t slen = strlen(known[k].suffix);
        if (plen >= slen && strcmp(path + plen - slen, known[k].suffix) == 0) {
            assert_int_equal(img.width, known[k].w);
            assert_int_equal(img.height, known[k].h);
        }
    }
    uint32_t w, h;
    rm_texture_fit_size(img.width, img.height, 128, 128, &w, &h);
    rm_image small;
    assert_int_equal(rm_image_resize_box(&img, w, h, &small), RM_OK);
    uint16_t *rgb = malloc((size_t)w * h * 2), *lut = malloc((size_t)w * h * 2);
    uint8_t *idx = malloc((size_t)w * h);
    rm_image_to_rgb555(&small, false, rgb);
    uint16_t pal[16];
    assert_int_equal(rm_quantize16(&small, false, pal, idx), RM_OK);
    for (size_t i = 0; i < (size_t)w * h; i++)
        lut[i] = pal[idx[i]];
    double db = rm_rgb555_psnr(rgb, lut, (size_t)w * h);
    print_message("%-70s %4u x %-4u -> %3u x %-3u  15 colors %.2f dB\n", path + strlen(CORPUS) + 1,
                  img.width, img.height, w, h, db);
    /* Textures of real models in 15 colors: not less than 20 dB. */
    assert_true(db >= 20.0);
    uint8_t *bin, *png;
    size_t nbin, npng;
    assert_int_equal(rm_bin_encode(rgb, w, h, &bin, &nbin), RM_OK);
    assert_int_equal(nbin, 4 + 2 * (size_t)w * h);
    assert_int_equal(rm_image_encode_png(&small, &png, &npng, &d), RM_OK);
    free(bin);
    free(png);
    free(rgb);
    free(lut);
    free(idx);
    rm_image_free(&small);
    rm_image_free(&img);
    rm_diag_free(&d);
    decoded++;
}

static void walk(const char *dir)
{
    DIR *dp = opendir(dir);
    assert_non_null(dp);
    /* Names sorted, so the log is the same every run. */
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        names = realloc(names, (n + 1) * sizeof *names);
        names[n++] = strdup(e->d_name);
    }
    closedir(dp);
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char *t = names[j];
            names[j] = names[j - 1];
            names[j - 1] = t;
        }
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        struct stat sb;
        if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
            walk(path);
        else if (has_image_extension(names[i]))
            texture_path(path);
        free(names[i]);
    }
    free(names);
}

static void corpus_images(void **state)
{
    (void)state;
    walk(CORPUS);
    /* The manifest lists 18 image files (PNG, JPG/JPEG, GIF). */
    assert_true(decoded >= 18);
}

int main(void)
{
    struct stat sb;
    if (stat(CORPUS, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        printf("skipped: no corpus at %s\n", CORPUS);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_images),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
