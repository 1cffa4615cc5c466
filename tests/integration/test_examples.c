/* The examples converted with the default options, checked against values
   worked out by hand from the OBJ text (not from the converter's output):
   - axes: an OBJ point (x, y, z) becomes (x, -y, -z), times 65536;
   - winding: the corners are reversed, so the stored normal is the outward
     one and equals -newell(corners as stored), computed here independently;
   - materials: C round() of Kd*255 (halves away from zero), Ns clamped;
   - gouraud: channel = round(c * 16) clamped to 31, bit 15 set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"

typedef struct {
    rm_jom_model jom;
    uint8_t *bytes;
    size_t size;
} converted;

static void convert_example(const char *name, converted *c)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", RM_EXAMPLES, name);
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_test_convert(path, NULL, &c->jom, &c->bytes, &c->size, &d);
    if (st != RM_OK)
        rm_diag_print(&d, stderr, 1);
    assert_int_equal(st, RM_OK);
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.warnings, 0);   /* the examples are clean */
    rm_diag_free(&d);
}

static void release(converted *c)
{
    rm_jom_free(&c->jom);
    free(c->bytes);
}

static double fx(rm_fixed f) { return (double)f / 65536.0; }

/* -newell(stored corners), normalized: the outward normal by the seed's rule. */
static void outward_from_corners(const rm_jom_model *m, const rm_jom_polygon *p, double n[3])
{
    n[0] = n[1] = n[2] = 0;
    int corners = p->v[3] == p->v[2] ? 3 : 4;
    for (int i = 0; i < corners; i++) {
        const rm_vec3x *a = &m->points[p->v[i]], *b = &m->points[p->v[(i + 1) % corners]];
        n[0] += (fx(a->y) - fx(b->y)) * (fx(a->z) + fx(b->z));
        n[1] += (fx(a->z) - fx(b->z)) * (fx(a->x) + fx(b->x));
        n[2] += (fx(a->x) - fx(b->x)) * (fx(a->y) + fx(b->y));
    }
    double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    assert_true(len > 0);
    for (int i = 0; i < 3; i++)
        n[i] = -n[i] / len;
}

static void centroid(const rm_jom_model *m, const rm_jom_polygon *p, double c[3])
{
    int corners = p->v[3] == p->v[2] ? 3 : 4;
    c[0] = c[1] = c[2] = 0;
    for (int i = 0; i < corners; i++) {
        c[0] += fx(m->points[p->v[i]].x) / corners;
        c[1] += fx(m->points[p->v[i]].y) / corners;
        c[2] += fx(m->points[p->v[i]].z) / corners;
    }
}

static void check_bounding_sphere(const rm_jom_model *m, double best_radius)
{
    for (uint32_t i = 0; i < m->point_count; i++) {
        double dx = fx(m->points[i].x) - fx(m->center.x), dy = fx(m->points[i].y) - fx(m->center.y),
               dz = fx(m->points[i].z) - fx(m->center.z);
        assert_true(sqrt(dx * dx + dy * dy + dz * dz) <= fx(m->radius));
    }
    /* Tight: within 1% of the smallest sphere, worked out by hand per model. */
    assert_true(fx(m->radius) <= best_radius * 1.01);
}

static void cube(void **state)
{
    (void)state;
    converted c;
    convert_example("cube.obj", &c);
    const rm_jom_model *m = &c.jom;

    /* 8 corners of a cube of side 2: every coordinate is +-1 = +-0x10000. */
    assert_int_equal(m->point_count, 8);
    for (uint32_t i = 0; i < 8; i++) {
        assert_int_equal(abs(m->points[i].x), 0x10000);
        assert_int_equal(abs(m->points[i].y), 0x10000);
        assert_int_equal(abs(m->points[i].z), 0x10000);
        for (uint32_t j = 0; j < i; j++)
            assert_false(m->points[i].x == m->points[j].x && m->points[i].y == m->points[j].y &&
                         m->points[i].z == m->points[j].z);
    }
    /* 6 quads; each normal is the outward unit axis through the face center
       (the center of a face of this cube is its normal), and -newell of the
       stored corners agrees (the corner order was reversed). */
    assert_int_equal(m->polygon_count, 6);
    for (uint32_t i = 0; i < 6; i++) {
        const rm_jom_polygon *p = &m->polygons[i];
        assert_true(p->v[3] != p->v[2]);
        double ctr[3], n[3];
        centroid(m, p, ctr);
        outward_from_corners(m, p, n);
        assert_int_equal(p->normal.x, (rm_fixed)lround(ctr[0] * 65536));
        assert_int_equal(p->normal.y, (rm_fixed)lround(ctr[1] * 65536));
        assert_int_equal(p->normal.z, (rm_fixed)lround(ctr[2] * 65536));
        assert_int_equal(p->normal.x, (rm_fixed)lround(n[0] * 65536));
        assert_int_equal(p->normal.y, (rm_fixed)lround(n[1] * 65536));
        assert_int_equal(p->normal.z, (rm_fixed)lround(n[2] * 65536));
    }
    /* The OBJ's first face is z = +1 (vertices 1 2 3 4): in Saturn axes its
       normal is (0, 0, -1). The 5th face, the OBJ top (y = +1), is the lid:
       normal (0, -1, 0) since Y points down on the Saturn. */
    assert_int_equal(m->polygons[0].normal.z, -0x10000);
    assert_int_equal(m->polygons[4].normal.y, -0x10000);

    /* Materials in order of first use: side, then lid. */
    assert_int_equal(m->material_count, 2);
    assert_string_equal(m->materials[0].name, "side");
    assert_int_equal(m->materials[0].r, 51);    /* 0.2 * 255 = 51 */
    assert_int_equal(m->materials[0].g, 153);   /* 0.6 * 255 = 153 */
    assert_int_equal(m->materials[0].b, 255);
    assert_int_equal(m->materials[0].shine, 96);
    assert_int_equal(m->materials[0].texture, -1);
    /* jo_sort max (bit 2) | jo_light (bit 6) | jo_user 0 3 (bits 16, 19) */
    assert_int_equal(m->materials[0].flags, (1u << 2) | (1u << 6) | (1u << 16) | (1u << 19));
    assert_int_equal(m->materials[0].user, 42);
    assert_string_equal(m->materials[1].name, "lid");
    assert_int_equal(m->materials[1].r, 230);   /* 0.9 * 255 = 229.5 -> 230 */
    assert_int_equal(m->materials[1].g, 26);    /* 0.1 * 255 = 25.5 -> 26 */
    assert_int_equal(m->materials[1].b, 26);
    assert_int_equal(m->materials[1].shine, 255); /* Ns 300 clamped */
    /* jo_dual (bit 0) | jo_screen_doors (bit 5) | jo_light (bit 6) */
    assert_int_equal(m->materials[1].flags, (1u << 0) | (1u << 5) | (1u << 6));
    for (uint32_t i = 0; i < 6; i++)
        assert_int_equal(m->polygon_materials[i], i < 4 ? 0 : 1);

    /* Every face has normals: NTAB holds the 6 face normals and each corner
       of a polygon uses the normal equal to the polygon's. */
    assert_true(m->has_normals);
    assert_int_equal(m->normal_count, 6);
    for (uint32_t i = 0; i < 6; i++)
        for (int k = 0; k < 4; k++) {
            uint16_t ni = m->corner_normals[4 * i + (uint32_t)k];
            assert_true(ni < m->normal_count);
            assert_memory_equal(&m->normals[ni], &m->polygons[i].normal, sizeof(rm_vec3x));
        }
    assert_false(m->has_vertex_colors);
    assert_false(m->has_gouraud);

    /* `o cube` is one group holding everything. */
    assert_true(m->has_groups);
    assert_int_equal(m->group_count, 1);
    assert_string_equal(m->groups[0].name, "cube");
    assert_int_equal(m->groups[0].first_point, 0);
    assert_int_equal(m->groups[0].point_count, 8);
    assert_int_equal(m->groups[0].first_polygon, 0);
    assert_int_equal(m->groups[0].polygon_count, 6);

    /* Smallest sphere: center 0, radius sqrt(3). */
    assert_int_equal(m->center.x, 0);
    assert_int_equal(m->center.y, 0);
    assert_int_equal(m->center.z, 0);
    check_bounding_sphere(m, sqrt(3.0));
    release(&c);
}

static void robot(void **state)
{
    (void)state;
    converted c;
    convert_example("robot.obj", &c);
    const rm_jom_model *m = &c.jom;
    static const char *names[] = {"body", "head", "arm_left", "arm_right", "leg_left", "leg_right"};
    /* head: 6 box faces + 4 antenna triangles; 8 box corners + 4 antenna base
       corners + the apex (the unused "v 0 2.1 0" is not written). */
    static const uint16_t polys[] = {6, 10, 6, 6, 6, 6}, pts[] = {8, 13, 8, 8, 8, 8};
    assert_true(m->has_groups);
    assert_int_equal(m->group_count, 6);
    uint32_t first_poly = 0, first_point = 0;
    for (int g = 0; g < 6; g++) {
        assert_string_equal(m->groups[g].name, names[g]);
        assert_int_equal(m->groups[g].first_polygon, first_poly);
        assert_int_equal(m->groups[g].polygon_count, polys[g]);
        assert_int_equal(m->groups[g].first_point, first_point);
        assert_int_equal(m->groups[g].point_count, pts[g]);
        /* A group's polygons use only its own points (no point is shared). */
        for (uint32_t p = first_poly; p < first_poly + polys[g]; p++)
            for (int k = 0; k < 4; k++) {
                assert_true(m->polygons[p].v[k] >= first_point);
                assert_true(m->polygons[p].v[k] < first_point + pts[g]);
            }
        first_poly += polys[g];
        first_point += pts[g];
    }
    assert_int_equal(m->polygon_count, 40);
    assert_int_equal(m->point_count, 53);

    /* Materials by first use: metal (body), visor (head front), joint (antenna). */
    assert_int_equal(m->material_count, 3);
    assert_string_equal(m->materials[0].name, "metal");
    assert_int_equal(m->materials[0].r, 179);   /* 0.7 * 255 = 178.5 -> 179 */
    assert_int_equal(m->materials[0].b, 191);   /* 0.75 * 255 = 191.25 -> 191 */
    assert_string_equal(m->materials[1].name, "visor");
    /* d 0.5 -> half transparent (bit 4), jo_dual (bit 0) */
    assert_int_equal(m->materials[1].flags, (1u << 4) | (1u << 0));
    assert_string_equal(m->materials[2].name, "joint");
    assert_int_equal(m->materials[2].flags, 1u << 1);   /* jo_sort min */

    /* The antenna: 4 triangles (v3 == v2) whose shortest edge (a base edge,
       0.1 long against 0.357 for the sides) is A-B, so C is the apex
       (0, 2.45, 0) -> (0, -2.45, 0) = (0, -160563, 0) (160563.2 rounded). */
    int triangles = 0;
    for (uint32_t p = 0; p < m->polygon_count; p++) {
        const rm_jom_polygon *q = &m->polygons[p];
        double ctr[3], n[3];
        centroid(m, q, ctr);
        outward_from_corners(m, q, n);
        /* outward: the stored normal agrees with -newell of the corners */
        assert_true(fabs(fx(q->normal.x) - n[0]) < 1e-4 && fabs(fx(q->normal.y) - n[1]) < 1e-4 &&
                    fabs(fx(q->normal.z) - n[2]) < 1e-4);
        if (q->v[3] != q->v[2])
            continue;
        triangles++;
        assert_int_equal(m->polygon_materials[p], 2);
        assert_int_equal(m->points[q->v[2]].x, 0);
        assert_int_equal(m->points[q->v[2]].y, -160563);
        assert_int_equal(m->points[q->v[2]].z, 0);
    }
    assert_int_equal(triangles, 4);
    assert_false(m->has_normals);   /* no vn in robot.obj */
    release(&c);
}

/* OBJ colors of colors.obj, by OBJ vertex; the Saturn point of vertex i is
   (x, -y, -z). */
static const double obj_v[6][6] = {
    {0, 1, 0, 1.0, 1.0, 1.0}, {1, 0, 0, 1.0, 0.0, 0.0}, {0, 0, 1, 0.0, 1.0, 0.0},
    {-1, 0, 0, 0.0, 0.0, 1.0}, {0, 0, -1, 1.0, 1.0, 0.0}, {0, -1, 0, 0.5, 0.5, 0.5},
};

static int obj_vertex_of(const rm_vec3x *p)
{
    for (int i = 0; i < 6; i++)
        if (p->x == (rm_fixed)(obj_v[i][0] * 65536) && p->y == (rm_fixed)(-obj_v[i][1] * 65536) &&
            p->z == (rm_fixed)(-obj_v[i][2] * 65536))
            return i;
    return -1;
}

static void colors(void **state)
{
    (void)state;
    converted c;
    convert_example("colors.obj", &c);
    const rm_jom_model *m = &c.jom;
    assert_int_equal(m->point_count, 6);
    assert_int_equal(m->polygon_count, 8);
    assert_true(m->has_vertex_colors);
    assert_true(m->has_gouraud);
    /* Expected RGB555 by hand: (1,1,1) -> 16,16,16 = 0xC210; (1,0,0) ->
       0x8010; (0,1,0) -> 16<<5 = 0x8200; (0,0,1) -> 16<<10 = 0xC000;
       (1,1,0) -> 0x8210; (0.5,0.5,0.5) -> 8,8,8 = 0xA108. */
    static const uint16_t expect555[6] = {0xC210, 0x8010, 0x8200, 0xC000, 0x8210, 0xA108};
    for (uint32_t i = 0; i < m->point_count; i++) {
        int v = obj_vertex_of(&m->points[i]);
        assert_true(v >= 0);
        assert_int_equal(m->vertex_colors[i].x, (rm_fixed)(obj_v[v][3] * 65536));
        assert_int_equal(m->vertex_colors[i].y, (rm_fixed)(obj_v[v][4] * 65536));
        assert_int_equal(m->vertex_colors[i].z, (rm_fixed)(obj_v[v][5] * 65536));
    }
    for (uint32_t p = 0; p < m->polygon_count; p++)
        for (int k = 0; k < 4; k++) {
            int v = obj_vertex_of(&m->points[m->polygons[p].v[k]]);
            assert_int_equal(m->gouraud[4 * p + (uint32_t)k], expect555[v]);
        }
    assert_int_equal(m->material_count, 1);
    assert_int_equal(m->materials[0].flags, (1u << 3) | (1u << 6));   /* gouraud | light */
    assert_false(m->has_groups);   /* no o/g in colors.obj */
    check_bounding_sphere(m, 1.0);  /* the octahedron's smallest sphere: radius 1 */
    release(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cube),
        cmocka_unit_test(robot),
        cmocka_unit_test(colors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
