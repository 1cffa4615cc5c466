/* tests/render/test_render.c - the drawing rules, pixel by pixel on scenes
   whose screen positions are worked out by hand (render_scenes.h), and the
   golden images of tests/fixtures/render (RM_UPDATE_GOLDENS=1 rewrites
   them; docs/rendering.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_scenes.h"
#include "retromesh/mesh.h"

/* Background 0x202040 in RGB555: (c * 31 + 127) / 255 -> 4, 4, 8. */
#define BG ((uint16_t)(0x8000u | (8u << 10) | (4u << 5) | 4u))
#define RED555 0x801Fu

static uint16_t *frame(rm_render_scene *s, const rm_render_options *opt, const rm_3d_pose *pose, uint32_t hidden)
{
    uint16_t *fb = malloc((size_t)opt->width * opt->height * 2);
    assert_non_null(fb);
    assert_int_equal(rm_render_frame(s, pose, hidden, opt, fb), RM_OK);
    return fb;
}

static void opts(rm_render_options *o)
{
    rm_render_options_default(o);
    o->distance = 4.0;
}

#define PX(fb, x, y) ((fb)[(size_t)(y) * 320 + (size_t)(x)])

static void flat_scene(rm_render_scene *s, uint8_t r, uint8_t g, uint8_t b, uint32_t flags, const double n[3])
{
    scene_builder sb;
    sb_init(&sb);
    sb_quad(&sb, SQUARE, n, sb_material(&sb, r, g, b, flags, -1));
    sb_finish(&sb, s);
}

/* The square: 105 x 105 pixels from (108, 68) to (212, 172), see SQUARE. */
static void test_flat_quad(void **state)
{
    (void)state;
    rm_render_scene s;
    flat_scene(&s, 255, 0, 0, 0, TOWARD);
    rm_render_options o;
    opts(&o);
    uint16_t *fb = frame(&s, &o, NULL, 0);
    size_t red = 0;
    for (size_t i = 0; i < 320u * 240u; i++) {
        red += fb[i] == RED555;
        assert_true(fb[i] == RED555 || fb[i] == BG);
    }
    assert_int_equal(red, 105 * 105);
    assert_int_equal(PX(fb, 108, 68), RED555);
    assert_int_equal(PX(fb, 212, 172), RED555);
    assert_int_equal(PX(fb, 107, 68), BG);
    assert_int_equal(PX(fb, 108, 67), BG);
    assert_int_equal(PX(fb, 213, 172), BG);
    assert_int_equal(PX(fb, 212, 173), BG);
    free(fb);
    rm_render_scene_free(&s);
}

/* A runtime model drawn directly (borrowed): the same pixels as its scene. */
static void test_frame_model(void **state)
{
    (void)state;
    rm_render_scene s;
    flat_scene(&s, 255, 0, 0, 0, TOWARD);
    rm_render_options o;
    opts(&o);
    uint16_t *a = frame(&s, &o, NULL, 0);
    uint16_t *b = malloc(320 * 240 * 2);
    assert_non_null(b);
    assert_int_equal(rm_render_frame_model(s.model, NULL, 0, &o, b), RM_OK);
    assert_memory_equal(a, b, 320 * 240 * 2);
    o.width = 0;
    assert_int_equal(rm_render_frame_model(s.model, NULL, 0, &o, b), RM_USAGE);
    free(a);
    free(b);
    rm_render_scene_free(&s);
}

/* A normal pointing away (0, 0, 1): culled, unless dual plane. */
static void test_back_face(void **state)
{
    (void)state;
    static const double away[3] = {0, 0, 1};
    rm_render_options o;
    opts(&o);
    for (int dual = 0; dual < 2; dual++) {
        rm_render_scene s;
        flat_scene(&s, 255, 0, 0, dual ? RM_MAT_DUAL_PLANE : 0, away);
        uint16_t *fb = frame(&s, &o, NULL, 0);
        assert_int_equal(PX(fb, 160, 120), dual ? RED555 : BG);
        free(fb);
        rm_render_scene_free(&s);
    }
}

/* The corners of the texture land on A B C D; each flip mirrors them. */
static void test_texture_flips(void **state)
{
    (void)state;
    static const struct {
        uint32_t flags;
        uint16_t a, b, c, d;
    } cases[4] = {
        {0, TEX_RED, TEX_GREEN, TEX_WHITE, TEX_BLUE},
        {RM_MAT_FLIP_H, TEX_GREEN, TEX_RED, TEX_BLUE, TEX_WHITE},
        {RM_MAT_FLIP_V, TEX_BLUE, TEX_WHITE, TEX_GREEN, TEX_RED},
        {RM_MAT_FLIP_H | RM_MAT_FLIP_V, TEX_WHITE, TEX_BLUE, TEX_RED, TEX_GREEN},
    };
    rm_render_options o;
    opts(&o);
    for (int k = 0; k < 4; k++) {
        rm_render_scene s;
        scene_textured(&s, cases[k].flags);
        uint16_t *fb = frame(&s, &o, NULL, 0);
        assert_int_equal(PX(fb, 108, 68), cases[k].a);
        assert_int_equal(PX(fb, 212, 68), cases[k].b);
        assert_int_equal(PX(fb, 212, 172), cases[k].c);
        assert_int_equal(PX(fb, 108, 172), cases[k].d);
        free(fb);
        rm_render_scene_free(&s);
    }
}

/* Texel (3, 0) is 0: transparent. 105 pixels a line, u = floor(j * 8 / 105):
   column 3 is j 40..52 (x 148..160); row 0 is lines 0..52 (v = floor(i * 2
   / 105)). The texel next to it (column 4, x 161..) is gray. */
static void test_texel_zero_transparent(void **state)
{
    (void)state;
    rm_render_scene s;
    scene_textured(&s, 0);
    rm_render_options o;
    opts(&o);
    uint16_t *fb = frame(&s, &o, NULL, 0);
    assert_int_equal(PX(fb, 148, 70), BG);
    assert_int_equal(PX(fb, 160, 120), BG);     /* line 52: still row 0 */
    assert_int_equal(PX(fb, 147, 70), TEX_GRAY);
    assert_int_equal(PX(fb, 161, 70), TEX_GRAY);
    assert_int_equal(PX(fb, 150, 121), TEX_GRAY); /* line 53: row 1 */
    free(fb);
    rm_render_scene_free(&s);
}

/* A triangle (A, B, C, C): the left edge runs A -> C, the texture's bottom
   row is squeezed into C. A is red (texel 0,0), B green (7,0); the last
   line is the single pixel C with u 0 of row 1: blue. Below the diagonal
   A-C (x < y + 40) nothing is drawn. */
static void test_triangle(void **state)
{
    (void)state;
    uint16_t tex[16];
    for (int i = 0; i < 16; i++)
        tex[i] = TEX_GRAY;
    tex[0] = TEX_RED;
    tex[7] = TEX_GREEN;
    tex[8] = TEX_BLUE;
    scene_builder b;
    sb_init(&b);
    int16_t t = sb_texture(&b, "TRI.BIN", 8, 2, tex);
    const double tri[4][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {1, 1, 0}};
    sb_quad(&b, tri, TOWARD, sb_material(&b, 255, 255, 255, 0, t));
    rm_render_scene s;
    sb_finish(&b, &s);
    rm_render_options o;
    opts(&o);
    uint16_t *fb = frame(&s, &o, NULL, 0);
    assert_int_equal(PX(fb, 108, 68), TEX_RED);
    assert_int_equal(PX(fb, 212, 68), TEX_GREEN);
    assert_int_equal(PX(fb, 212, 172), TEX_BLUE);
    assert_int_equal(PX(fb, 110, 170), BG);
    assert_int_equal(PX(fb, 200, 80), TEX_GRAY);
    free(fb);
    rm_render_scene_free(&s);
}

/* Gray 132 -> 16 per channel ((132 * 31 + 127) / 255 = 16). Table A red
   31 (+15), B green 31, C all 0 (-16), D blue 31. At A: (31, 16, 16); at C:
   (0, 0, 0). At the center (line 52 of 104, pixel 52 of 104): red along
   A->D is 31 + round(-15 * 52 / 104) = 24 (floor((-1560 + 104) / 208) = -7),
   along B->C 16 - 8 = 8, then 24 + round(-16 * 52 / 104) = 16: no change. */
static void test_gouraud(void **state)
{
    (void)state;
    scene_builder b;
    sb_init(&b);
    sb_quad(&b, SQUARE, TOWARD, sb_material(&b, 132, 132, 132, RM_MAT_GOURAUD, -1));
    const uint16_t table[4] = {rm_rgb555(31, 16, 16), rm_rgb555(16, 31, 16), rm_rgb555(0, 0, 0),
                               rm_rgb555(16, 16, 31)};
    sb_gouraud(&b, table);
    rm_render_scene s;
    sb_finish(&b, &s);
    rm_render_options o;
    opts(&o);
    uint16_t *fb = frame(&s, &o, NULL, 0);
    assert_int_equal(PX(fb, 108, 68), rm_rgb555(31, 16, 16));
    assert_int_equal(PX(fb, 212, 68), rm_rgb555(16, 31, 16));
    assert_int_equal(PX(fb, 212, 172), rm_rgb555(0, 0, 0));
    assert_int_equal(PX(fb, 108, 172), rm_rgb555(16, 16, 31));
    assert_int_equal(PX(fb, 160, 120) & 31u, 16);
    free(fb);
    rm_render_scene_free(&s);
}

/* Flat light: gray 16 + (level - 16). Rays (0,0,1) hit the face (normal
   0,0,-1) head on: level 31, 31. Rays (0,0,-1): level 0, 0. Rays (1,0,0):
   90 degrees, 16. Rays (0,-1,1) (45 degrees): 31 - 45 * 15 / 90 = 23.5,
   rounded 24 -> 24. */
static void test_light(void **state)
{
    (void)state;
    static const struct {
        double l[3];
        unsigned c;
    } cases[4] = {{{0, 0, 1}, 31}, {{0, 0, -1}, 0}, {{1, 0, 0}, 16}, {{0, -1, 1}, 24}};
    rm_render_scene s;
    flat_scene(&s, 132, 132, 132, RM_MAT_LIGHT, TOWARD);
    for (int k = 0; k < 4; k++) {
        rm_render_options o;
        opts(&o);
        memcpy(o.light, cases[k].l, sizeof o.light);
        uint16_t *fb = frame(&s, &o, NULL, 0);
        assert_int_equal(PX(fb, 160, 120), rm_rgb555(cases[k].c, cases[k].c, cases[k].c));
        free(fb);
    }
    rm_render_scene_free(&s);
}

/* Half transparency: red (31,0,0) over the background (4,4,8):
   floor((31+4)/2) = 17, floor(4/2) = 2, floor(8/2) = 4. */
static void test_half_transparency(void **state)
{
    (void)state;
    rm_render_scene s;
    flat_scene(&s, 255, 0, 0, RM_MAT_HALF_TRANSPARENT, TOWARD);
    rm_render_options o;
    opts(&o);
    uint16_t *fb = frame(&s, &o, NULL, 0);
    assert_int_equal(PX(fb, 160, 120), rm_rgb555(17, 2, 4));
    assert_int_equal(PX(fb, 108, 68), rm_rgb555(17, 2, 4));
    free(fb);
    rm_render_scene_free(&s);
}

/* Screen doors: only pixels with x + y even are drawn. */
static void test_screen_doors(void **state)
{
    (void)state;
    rm_render_scene s;
    flat_scene(&s, 255, 0, 0, RM_MAT_SCREEN_DOORS, TOWARD);
    rm_render_options o;
    opts(&o);
    uint16_t *fb = frame(&s, &o, NULL, 0);
    assert_int_equal(PX(fb, 108, 68), RED555);
    assert_int_equal(PX(fb, 109, 68), BG);
    assert_int_equal(PX(fb, 109, 69), RED555);
    assert_int_equal(PX(fb, 160, 121), BG);
    free(fb);
    rm_render_scene_free(&s);
}

void scene_sort(rm_render_scene *s, uint32_t p_flags);
void scene_posed(rm_render_scene *s);

/* The sort modes (render_scenes.c, scene_sort): at the center, Q (cyan)
   is over P (yellow) when P sorts by its center (2 + d) or its farthest
   point (4 + d); P is over Q with its nearest point (0 + d). */
static void test_sort_modes(void **state)
{
    (void)state;
    static const struct {
        uint32_t flags;
        uint16_t center;
    } cases[3] = {{0, 0xFFE0u}, {RM_MAT_SORT_MAX, 0xFFE0u}, {RM_MAT_SORT_MIN, 0x83FFu}};
    /* cyan (0,255,255) = 0x8000 | 31<<10 | 31<<5 = 0xFFE0; yellow = 0x83FF. */
    for (int k = 0; k < 3; k++) {
        rm_render_scene s;
        scene_sort(&s, cases[k].flags);
        rm_render_options o;
        opts(&o);
        o.distance = 6.0;
        uint16_t *fb = frame(&s, &o, NULL, 0);
        assert_int_equal(PX(fb, 160, 120), cases[k].center);
        free(fb);
        rm_render_scene_free(&s);
    }
}

/* "previous": a polygon takes the depth of the one registered before it.
   Three quads facing the eye, all over the center: A red at z 1, B green
   at z 2, C blue at z 0 (nearest). Without the flag the order is B, A, C:
   blue on top. With sort_previous C takes B's depth (2 + d) and is drawn
   right after B (equal depths keep the model order): B, C, A, red on top. */
static void test_sort_previous(void **state)
{
    (void)state;
    static const double a[4][3] = {{-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}};
    static const double b[4][3] = {{-1, -1, 2}, {1, -1, 2}, {1, 1, 2}, {-1, 1, 2}};
    static const double c[4][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    for (int prev = 0; prev < 2; prev++) {
        scene_builder sb;
        sb_init(&sb);
        sb_quad(&sb, a, TOWARD, sb_material(&sb, 255, 0, 0, 0, -1));
        sb_quad(&sb, b, TOWARD, sb_material(&sb, 0, 255, 0, 0, -1));
        sb_quad(&sb, c, TOWARD, sb_material(&sb, 0, 0, 255, prev ? RM_MAT_SORT_PREVIOUS : 0, -1));
        rm_render_scene s;
        sb_finish(&sb, &s);
        rm_render_options o;
        opts(&o);
        o.distance = 8.0;
        uint16_t *fb = frame(&s, &o, NULL, 0);
        /* Without the flag the nearest (blue) is on top; with it, red. */
        assert_int_equal(PX(fb, 160, 120), prev ? RED555 : 0xFC00u);
        free(fb);
        rm_render_scene_free(&s);
    }
}

/* The bar of scene_posed lies from x 0 to 2 (right of the center); the key
   of "up" turns it 90 degrees around Z. At distance 6: 207.846 * 1.5 / 6
   = 52 pixels right of the center at rest. Turned, that pixel is empty and
   one 52 pixels above or below is drawn. Hiding the bone hides the bar. */
static void test_posed(void **state)
{
    (void)state;
    rm_render_scene s;
    scene_posed(&s);
    rm_render_options o;
    opts(&o);
    o.distance = 6.0;
    const uint16_t orange = rm_rgb555_from_rgba(255, 128, 0, 255);
    uint16_t *fb = frame(&s, &o, NULL, 0);
    assert_int_equal(PX(fb, 212, 120), orange);
    free(fb);
    rm_3d_pose pose;
    rm_3d_model_get_pose(s.model, rm_3d_model_find_animation(s.model, "up"), 0, &pose);
    fb = frame(&s, &o, &pose, 0);
    assert_int_equal(PX(fb, 212, 120), BG);
    assert_true(PX(fb, 160, 68) == orange || PX(fb, 160, 172) == orange);
    free(fb);
    fb = frame(&s, &o, &pose, 1u);
    assert_int_equal(PX(fb, 160, 68), BG);
    assert_int_equal(PX(fb, 160, 172), BG);
    assert_int_equal(PX(fb, 150, 120), 0xFFFFu);     /* the hub stays */
    free(fb);
    rm_render_scene_free(&s);
}

/* The drawn pixels of the cube fixture (default framing, several angles)
   stay inside the box of its projected bounding sphere, and fill a good
   part of it: a cube's silhouette is at least its side, 2 / sqrt 3 of the
   radius, so at least 0.5 of the circle's diameter. */
static void test_bbox_matches_sphere(void **state)
{
    (void)state;
    rm_jom_model m;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_jom_read_file(RM_FIXTURES "/jom/cube.jom", &m, &d), RM_OK);
    rm_render_scene s;
    assert_int_equal(rm_render_scene_from_jom(&m, "cube", NULL, &s, &d), RM_OK);
    rm_jom_free(&m);
    rm_diag_free(&d);
    static const double angles[3][2] = {{0, 0}, {30, 20}, {-70, 45}};
    for (int k = 0; k < 3; k++) {
        rm_render_options o;
        rm_render_options_default(&o);
        o.yaw = angles[k][0];
        o.pitch = angles[k][1];
        uint16_t *fb = frame(&s, &o, NULL, 0);
        int x0 = 320, y0 = 240, x1 = -1, y1 = -1;
        for (int y = 0; y < 240; y++)
            for (int x = 0; x < 320; x++)
                if (PX(fb, x, y) != BG) {
                    x0 = x < x0 ? x : x0;
                    x1 = x > x1 ? x : x1;
                    y0 = y < y0 ? y : y0;
                    y1 = y > y1 ? y : y1;
                }
        rm_render_camera cam;
        rm_render_camera_make(&s, &o, &cam);
        double cx, cy, r;
        assert_true(rm_render_sphere_circle(&s, &cam, &cx, &cy, &r));
        /* 90 % of the 240 pixels: r = 108. */
        assert_true(r > 107.0 && r < 109.0);
        assert_true(x1 >= x0 && y1 >= y0);
        assert_true(x0 >= (int)(cx - r) - 1 && x1 <= (int)(cx + r) + 1);
        assert_true(y0 >= (int)(cy - r) - 1 && y1 <= (int)(cy + r) + 1);
        assert_true(x1 - x0 >= (int)r && y1 - y0 >= (int)r);
        free(fb);
    }
    rm_render_scene_free(&s);
}

/* Behind the near plane: not drawn (no crash); the eye inside the sphere. */
static void test_near_plane(void **state)
{
    (void)state;
    rm_render_scene s;
    flat_scene(&s, 255, 0, 0, RM_MAT_DUAL_PLANE, TOWARD);
    rm_render_options o;
    opts(&o);
    o.distance = 0.001;
    uint16_t *fb = frame(&s, &o, NULL, 0);
    free(fb);
    o.distance = 1e-9;
    o.pitch = 90;
    fb = frame(&s, &o, NULL, 0);
    free(fb);
    rm_render_scene_free(&s);
}

/* rm_render_to_image: c << 3 per channel, opaque, each pixel scale x scale.
   0x801F (red 31) -> 248 0 0; 0xFC00 (blue 31) -> 0 0 248. */
static void test_to_image_scale(void **state)
{
    (void)state;
    const uint16_t fb[2] = {0x801F, 0xFC00};
    rm_image img;
    assert_int_equal(rm_render_to_image(fb, 2, 1, 2, &img), RM_OK);
    assert_int_equal(img.width, 4);
    assert_int_equal(img.height, 2);
    static const uint8_t row[16] = {248, 0, 0, 255, 248, 0, 0, 255, 0, 0, 248, 255, 0, 0, 248, 255};
    assert_memory_equal(img.rgba, row, 16);
    assert_memory_equal(img.rgba + 16, row, 16);
    rm_image_free(&img);
    assert_int_equal(rm_render_to_image(fb, 2, 1, 0, &img), RM_USAGE);
    assert_int_equal(rm_render_to_image(fb, 2, 1, 17, &img), RM_USAGE);
}

/* Scenes from files: an OBJ takes its textures from the conversion in
   memory; a JOM whose .BIN is not beside it keeps the texture slot empty,
   with a warning naming it. */
static void test_scene_load(void **state)
{
    (void)state;
    rm_diag d;
    rm_diag_init(&d);
    rm_render_scene s;
    assert_int_equal(rm_render_scene_load(RM_FIXTURES "/textures/quad.obj", &s, &d), RM_OK);
    assert_true(s.texture_count >= 1);
    assert_non_null(s.textures[0].texels);
    assert_true(s.textures[0].width % 8 == 0);
    rm_render_scene_free(&s);
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_render_scene_load(RM_FIXTURES "/jom/cube.jom", &s, &d), RM_OK);
    assert_int_equal(s.texture_count, 1);
    assert_null(s.textures[0].texels);
    assert_int_equal(d.warnings, 1);
    assert_non_null(strstr(d.items[0].text, "WALL.BIN"));
    assert_non_null(s.gouraud);
    rm_render_scene_free(&s);
    rm_diag_free(&d);
    rm_diag_init(&d);
    assert_int_equal(rm_render_scene_load(RM_FIXTURES "/jom/bad_index.jom", &s, &d), RM_INVALID);
    assert_null(s.model);
    assert_int_equal(rm_render_scene_load(RM_FIXTURES "/no/such.jom", &s, &d), RM_IO);
    rm_diag_free(&d);
}

/* ---- Golden images ------------------------------------------------------ */

static void test_goldens(void **state)
{
    (void)state;
    bool update = getenv("RM_UPDATE_GOLDENS") && strcmp(getenv("RM_UPDATE_GOLDENS"), "1") == 0;
    for (int k = 0; k < GOLDEN_SCENE_COUNT; k++) {
        rm_render_scene s;
        rm_render_options o;
        rm_3d_pose pose;
        memset(&pose, 0, sizeof pose);
        uint32_t hidden = 0;
        GOLDEN_SCENES[k].build(&s, &o, &pose, &hidden);
        uint16_t *fb = malloc((size_t)o.width * o.height * 2);
        assert_non_null(fb);
        assert_int_equal(rm_render_frame(&s, &pose, hidden, &o, fb), RM_OK);
        rm_image img;
        assert_int_equal(rm_render_to_image(fb, o.width, o.height, 1, &img), RM_OK);
        char path[512];
        snprintf(path, sizeof path, "%s/render/%s.png", RM_FIXTURES, GOLDEN_SCENES[k].name);
        rm_diag d;
        rm_diag_init(&d);
        if (update) {
            assert_int_equal(rm_image_write_png(&img, path, &d), RM_OK);
            printf("wrote %s\n", path);
        } else {
            rm_image ref;
            if (rm_image_load_file(path, &ref, &d) != RM_OK) {
                rm_diag_print(&d, stderr, 1);
                fail_msg("%s: no golden image (RM_UPDATE_GOLDENS=1 makes it)", path);
            }
            assert_int_equal(ref.width, img.width);
            assert_int_equal(ref.height, img.height);
            /* Tolerance: a channel may differ by one RGB555 step (8) and
               at most 1 % of the pixels by more (rounding of the
               projection on another host). */
            size_t n = (size_t)img.width * img.height, off = 0;
            for (size_t i = 0; i < n * 4; i += 4) {
                int worst = 0;
                for (int c = 0; c < 3; c++) {
                    int dd = abs((int)ref.rgba[i + (size_t)c] - (int)img.rgba[i + (size_t)c]);
                    worst = dd > worst ? dd : worst;
                }
                off += worst > 8;
            }
            if (off * 100 > n)
                fail_msg("%s: %zu of %zu pixels differ from the golden image", GOLDEN_SCENES[k].name, off, n);
            rm_image_free(&ref);
        }
        rm_diag_free(&d);
        rm_image_free(&img);
        free(fb);
        rm_render_scene_free(&s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flat_quad),
        cmocka_unit_test(test_frame_model),
        cmocka_unit_test(test_back_face),
        cmocka_unit_test(test_texture_flips),
        cmocka_unit_test(test_texel_zero_transparent),
        cmocka_unit_test(test_triangle),
        cmocka_unit_test(test_gouraud),
        cmocka_unit_test(test_light),
        cmocka_unit_test(test_half_transparency),
        cmocka_unit_test(test_screen_doors),
        cmocka_unit_test(test_sort_modes),
        cmocka_unit_test(test_sort_previous),
        cmocka_unit_test(test_posed),
        cmocka_unit_test(test_bbox_matches_sphere),
        cmocka_unit_test(test_near_plane),
        cmocka_unit_test(test_to_image_scale),
        cmocka_unit_test(test_scene_load),
        cmocka_unit_test(test_goldens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
