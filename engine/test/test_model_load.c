/* engine/test/test_model_load.c - the model module's loading on the SuperH
   CPU (tests/engine_model/run.sh drives it over JOM files the host CLI
   writes at test time).

   test_model_load basic DIR NAME...      each model in place, copied from
        memory and loaded from the CD folder DIR: where the tables point (the
        file's bytes in place), the blocks per kind of model, the file's
        block (file size - TIMG chunk + 1), duplicates, bone_children; every
        block given back by jo_3d_free_model().
   test_model_load attr DIR NAME          the ATTR table of the model made by
        run.sh (one polygon per row of the RULES.md table), against values
        computed by hand below; then __jo_3d_load_model_for_lights().
   test_model_load malformed DIR NAME...  truncated at every length and
        corrupted counts, sizes, offsets and indexes (in memory): each refused
        with JO_NULL and one message; single bytes overwritten everywhere:
        refused or accepted, never a defect or a leaked block.
   test_model_load refuse DIR NAME...     jo_3d_load_model() of each file
        (written broken by run.sh) refused the same way.
   test_model_load memory DIR NAME...     out of memory at every point of
        each kind of load: one message, every block and sprite given back.
   test_model_load verdict DIR NAME...    in place and jo_3d_load_model()
        agree; prints each verdict (run.sh compares with the host's).
   Exit 0 when every check passes; the failures are printed. */
#include <double.h>
#include "model_internal.h"

static int failures;
static int checks;

#define CHECK(cond, ...)                                                                                        \
    do                                                                                                          \
    {                                                                                                           \
        checks++;                                                                                               \
        if (!(cond))                                                                                            \
        {                                                                                                       \
            failures++;                                                                                         \
            rt_printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                                           \
            rt_printf(__VA_ARGS__);                                                                             \
            rt_print("\n");                                                                                     \
        }                                                                                                       \
    } while (0)

/* ---- the test's own reading of a JOM (independent of model.c) ---- */

static unsigned int be32(const unsigned char *p)
{
    return ((unsigned int)p[0] << 24) | ((unsigned int)p[1] << 16) | ((unsigned int)p[2] << 8) | p[3];
}
static unsigned int be16(const unsigned char *p)
{
    return ((unsigned int)p[0] << 8) | p[1];
}
static void put32(unsigned char *p, unsigned int v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}
static void put16(unsigned char *p, unsigned int v)
{
    p[0] = (unsigned char)(v >> 8);
    p[1] = (unsigned char)v;
}

/* Offset of the chunk header with this tag, -1 when absent. */
static int chunk(const unsigned char *d, unsigned int size, const char *tag)
{
    unsigned int pos = 24;
    while (pos + 8 <= size)
    {
        if (d[pos] == tag[0] && d[pos + 1] == tag[1] && d[pos + 2] == tag[2] && d[pos + 3] == tag[3])
            return (int)pos;
        pos += 8 + be32(d + pos + 4);
    }
    return -1;
}
static unsigned int count_of(const unsigned char *d, unsigned int size, const char *tag)
{
    int at = chunk(d, size, tag);
    return at < 0 ? 0 : be32(d + at + 8);
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}
static bool same_name(const char *a, const char *b)
{
    int i;
    for (i = 0; i < 16; i++)
    {
        if (lower(a[i]) != lower(b[i]))
            return false;
        if (a[i] == 0)
            return true;
    }
    return true;
}

static char path_buf[512];
static const char *join(const char *dir, const char *name)
{
    rt_snprintf(path_buf, sizeof path_buf, "%s/%s", dir, name);
    return path_buf;
}

/* A 4-aligned copy of the file in Jo's heap-free test memory. */
static unsigned char *read_or_die(const char *dir, const char *name, unsigned int *size)
{
    unsigned char *d = rt_read_file(join(dir, name), size);
    if (d == JO_NULL)
    {
        rt_printf("FAIL cannot read %s/%s\n", dir, name);
        rt_flush();
        rt_exit(1);
    }
    return d;
}

static void no_defects(const char *what)
{
    unsigned int i;
    CHECK(double_defect_count() == 0, "%s: %u defects", what, double_defect_count());
    for (i = 0; i < double_defect_count(); i++)
        rt_printf("  defect: %s\n", double_defect_at(i));
}

/* ---- basic ---- */

static bool inside_block(const void *block, const void *p, unsigned int bytes)
{
    const unsigned char *b = (const unsigned char *)block, *q = (const unsigned char *)p;
    return q >= b && q + bytes <= b + double_block_size(block);
}

/* What every kind of model shares: counts, the bone_children, duplicates,
   the ATTR table inside the model's block, textures. */
static void check_common(const char *name, const jo_3d_model *m, const unsigned char *d, unsigned int size)
{
    unsigned int points = count_of(d, size, "PNTS"), polygons = count_of(d, size, "QUAD");
    unsigned int bones = count_of(d, size, "BONE"), anims = count_of(d, size, "ANIM"), i, j;
    unsigned int textures = count_of(d, size, "TEXT");
    CHECK(m->mesh->data.nbPoint == points, "%s: nbPoint %u", name, (unsigned int)m->mesh->data.nbPoint);
    CHECK(m->mesh->data.nbPolygon == polygons, "%s: nbPolygon %u", name, (unsigned int)m->mesh->data.nbPolygon);
    CHECK(inside_block(m, m->mesh->data.attbl, polygons * 12), "%s: ATTR outside the model's block", name);
    CHECK(m->bone_count == bones, "%s: bones %u", name, m->bone_count);
    CHECK(m->animation_count == (chunk(d, size, "ANIM") >= 0 ? anims : 0), "%s: animations %u", name,
          m->animation_count);
    CHECK(m->texture_count == textures, "%s: textures %u", name, m->texture_count);
    CHECK(m->material_count == count_of(d, size, "MATL"), "%s: materials", name);
    CHECK(m->center.x == (int)be32(d + 8) && m->radius == (int)be32(d + 20), "%s: sphere", name);
    for (i = 0; i < textures; i++)
        CHECK(m->textures[i] >= 0 && m->textures[i] < jo_sprite_count(), "%s: texture %u sprite %d", name, i,
              m->textures[i]);
    if (bones > 0)
    {
        int at = chunk(d, size, "BONE");
        int children[32];
        for (i = 0; i < 32; i++)
            children[i] = 0;
        for (i = 0; i < bones; i++)
        {
            int parent = (short)be16(d + at + 12 + 32 * i + 18);
            if (parent >= 0)
                children[parent]++;
        }
        for (i = 0; i < bones; i++)
            CHECK(m->bone_children[i] == children[i], "%s: bone %u children %d, want %d", name, i,
                  m->bone_children[i], children[i]);
        CHECK(inside_block(m, m->bone_children, bones), "%s: bone_children outside the block", name);
        /* mesh[1]: posed points in the model's block, QUAD or its copy, the ATTR */
        CHECK(inside_block(m, m->mesh[1].data.pntbl, points * 12), "%s: posed points outside the block", name);
        CHECK(m->mesh[1].data.nbPoint == points && m->mesh[1].data.nbPolygon == polygons, "%s: mesh[1] counts",
              name);
        CHECK(m->mesh[1].data.attbl == m->mesh[0].data.attbl, "%s: mesh[1] ATTR", name);
        {
            /* a material with LIGHT: mesh[1] draws a copy of QUAD (its normals turned by draw_pose) */
            int matl = chunk(d, size, "MATL"), quad = chunk(d, size, "QUAD");
            bool light = false;
            for (i = 0; i < count_of(d, size, "MATL"); i++)
                if (be32(d + matl + 12 + 32 * i + 24) & JO_3D_MATERIAL_LIGHT)
                    light = true;
            if (light)
            {
                const unsigned char *q = (const unsigned char *)m->mesh[1].data.pltbl;
                CHECK(inside_block(m, q, polygons * 20), "%s: LIGHT: the QUAD copy outside the block", name);
                for (i = 0; i < polygons * 20; i++)
                    if (q[i] != d[quad + 12 + i])
                        break;
                CHECK(i == polygons * 20, "%s: LIGHT: the QUAD copy differs at byte %u", name, i);
            }
            else
                CHECK(m->mesh[1].data.pltbl == m->mesh[0].data.pltbl, "%s: no LIGHT: mesh[1] draws QUAD", name);
        }
    }
    if (anims > 0 && chunk(d, size, "ANIM") >= 0)
    {
        int at = chunk(d, size, "ANIM");
        CHECK(inside_block(m, m->animations, anims * 28), "%s: the ANIM copy outside the block", name);
        for (i = 0; i < anims; i++)
        {
            const char *an = (const char *)d + at + 12 + 28 * i;
            unsigned short dup = 0;
            for (j = 0; j < i; j++)
                if (same_name((const char *)d + at + 12 + 28 * j, an))
                    dup = 1;
            CHECK(m->animations[i].duplicate == dup, "%s: animation %u duplicate %u", name, i,
                  m->animations[i].duplicate);
            CHECK(m->animations[i].key_count == be16(d + at + 12 + 28 * i + 16) &&
                      m->animations[i].offset == be32(d + at + 12 + 28 * i + 24),
                  "%s: animation %u record", name, i);
        }
    }
}

static void basic(const char *dir, const char *name)
{
    unsigned int size, blocks0 = double_block_count(), i;
    unsigned char *d = read_or_die(dir, name, &size);
    unsigned char *copy;
    int pnts = chunk(d, size, "PNTS"), quad = chunk(d, size, "QUAD"), matl = chunk(d, size, "MATL");
    int timg = chunk(d, size, "TIMG");
    unsigned int timg_bytes = timg < 0 ? 0 : 8 + be32(d + timg + 4);
    int first_sprite = jo_sprite_count();
    unsigned int expected;
    jo_3d_model *m;
    static const char *tables[10] = {"PNTS", "QUAD", "QMAT", "MATL", "NTAB", "CNRM", "VCOL", "GRUP", "BONE", "ANIM"};

    /* in place: one block; PNTS and QUAD are the file's bytes */
    m = jo_3d_create_model_in_place(d, size);
    CHECK(m != JO_NULL, "%s: in place refused: %s", name, __jo_module_last_error());
    if (m != JO_NULL)
    {
        CHECK(double_block_count() == blocks0 + 1, "%s: in place: %u blocks, want 1", name,
              double_block_count() - blocks0);
        CHECK((unsigned char *)m->mesh->data.pntbl == d + pnts + 12, "%s: pntbl not in place", name);
        CHECK((unsigned char *)m->mesh->data.pltbl == d + quad + 12, "%s: pltbl not in place", name);
        CHECK((unsigned char *)m->materials == d + matl + 12, "%s: materials not in place", name);
        CHECK(m->file == d && m->file_not_owned && m->single_block, "%s: in place flags", name);
        check_common(name, m, d, size);
        jo_3d_free_model(m);
        CHECK(double_block_count() == blocks0, "%s: in place: %u blocks left", name, double_block_count() - blocks0);
    }
    jo_3d_model_free_textures_from(first_sprite);

    /* from memory: the model's block + one per table with records */
    copy = read_or_die(dir, name, &size);
    m = jo_3d_create_model_from_memory(copy, size);
    CHECK(m != JO_NULL, "%s: from memory refused: %s", name, __jo_module_last_error());
    if (m != JO_NULL)
    {
        expected = 1;
        for (i = 0; i < 10; i++)
        {
            int at = chunk(d, size, tables[i]);
            if (at >= 0 && (i == 9 || be32(d + at + 8) > 0))
                expected++;
        }
        CHECK(double_block_count() == blocks0 + expected, "%s: from memory: %u blocks, want %u", name,
              double_block_count() - blocks0, expected);
        CHECK(!m->single_block && m->file == JO_NULL, "%s: from memory flags", name);
        rt_memset(copy, 0xEE, size); /* the data can be freed after the call */
        check_common(name, m, d, size);
        if (count_of(d, size, "PNTS") > 0)
        {
            const unsigned char *p = (const unsigned char *)m->mesh->data.pntbl;
            CHECK(p != d + pnts + 12 && be32(p) == be32(d + pnts + 12), "%s: the points copied", name);
            CHECK(double_block_size(p) == count_of(d, size, "PNTS") * 12, "%s: PNTS block %u", name,
                  double_block_size(p));
        }
        jo_3d_free_model(m);
        CHECK(double_block_count() == blocks0, "%s: from memory: %u blocks left", name,
              double_block_count() - blocks0);
    }
    jo_3d_model_free_textures_from(first_sprite);

    /* jo_3d_load_model: the model's block + the file's block (without TIMG) */
    double_set_cd(dir);
    m = jo_3d_load_model(name);
    CHECK(m != JO_NULL, "%s: load refused: %s", name, __jo_module_last_error());
    if (m != JO_NULL)
    {
        CHECK(double_block_count() == blocks0 + 2, "%s: load: %u blocks, want 2", name,
              double_block_count() - blocks0);
        CHECK(double_block_size(m->file) == size - timg_bytes + 1, "%s: file block %u, want %u - %u + 1", name,
              double_block_size(m->file), size, timg_bytes);
        CHECK((unsigned char *)m->mesh->data.pntbl == (unsigned char *)m->file + pnts - timg_bytes + 12,
              "%s: load: pntbl not in the file's block", name);
        CHECK((unsigned char *)m->mesh->data.pltbl == (unsigned char *)m->file + quad - timg_bytes + 12,
              "%s: load: pltbl not in the file's block", name);
        CHECK(!m->file_not_owned && m->single_block, "%s: load flags", name);
        check_common(name, m, d, size);
        if (timg >= 0)
        {
            /* each TIMG entry's name is registered with its sprite */
            unsigned int n = be32(d + timg + 8), pos = (unsigned int)timg + 12;
            for (i = 0; i < n; i++)
            {
                unsigned int w = be16(d + pos + 16), h = be16(d + pos + 18), f = be16(d + pos + 20);
                unsigned int bytes = f == 0 ? w * h * 2 : 32 + ((w * h) >> 1);
                int id = jo_3d_model_loaded_texture((const char *)d + pos);
                CHECK(id >= 0, "%s: TIMG entry %u not registered", name, i);
                if (i < m->texture_count)
                    CHECK(id == m->textures[i], "%s: texture %u: sprite %d, registry %d", name, i, m->textures[i], id);
                pos += 24 + ((bytes + 3) & ~3u);
            }
        }
        {
            /* the same file again: its textures are loaded (a TIMG entry's
               pixels are skipped, not read: the heap is limited to the file's
               block, the model's, jo_fs_open's 2048-byte buffer and the
               check's bitmaps, less than the pixels of an entry), the same
               sprites, only the new gouraud tables added */
            int sprites = jo_sprite_count();
            unsigned int pts = count_of(d, size, "PNTS"), pls = count_of(d, size, "QUAD");
            int anim = chunk(d, size, "ANIM");
            unsigned int margin = 2 * (pts + pls) + ((pts + pls) >> 3) + (anim < 0 ? 0 : be32(d + anim + 4) >> 5) + 64;
            unsigned int limit = double_heap_used() + (size - timg_bytes + 1) + double_block_size(m) + 2048 + margin;
            jo_3d_model *again;
            if (timg >= 0)
                double_set_heap_limit(limit);
            again = jo_3d_load_model(name);
            double_set_heap_limit(0);
            CHECK(again != JO_NULL, "%s: second load refused: %s", name, __jo_module_last_error());
            if (again != JO_NULL)
            {
                CHECK(jo_sprite_count() == sprites + again->gouraud_tables,
                      "%s: second load: %d sprites added, %u tables", name, jo_sprite_count() - sprites,
                      again->gouraud_tables);
                for (i = 0; i < m->texture_count; i++)
                    CHECK(again->textures[i] == m->textures[i], "%s: second load: texture %u sprite %d, first %d",
                          name, i, again->textures[i], m->textures[i]);
                CHECK(double_block_count() == blocks0 + 4, "%s: second load: %u blocks", name,
                      double_block_count() - blocks0);
                jo_3d_free_model(again);
            }
            if (timg >= 0)
            {
                /* the limit is below reading the smallest entry's pixels */
                unsigned int n = be32(d + timg + 8), pos = (unsigned int)timg + 12, smallest = 0xFFFFFFFFu;
                for (i = 0; i < n; i++)
                {
                    unsigned int w = be16(d + pos + 16), h = be16(d + pos + 18), f = be16(d + pos + 20);
                    unsigned int bytes = ((f == 0 ? w * h * 2 : 32 + ((w * h) >> 1)) + 3) & ~3u;
                    if (bytes < smallest)
                        smallest = bytes;
                    pos += 24 + bytes;
                }
                rt_printf("%s: second load within %u bytes of margin, the smallest entry has %u bytes\n", name,
                          margin, smallest);
            }
        }
        jo_3d_free_model(m);
        CHECK(double_block_count() == blocks0, "%s: load: %u blocks left", name, double_block_count() - blocks0);
    }
    jo_3d_model_free_textures_from(first_sprite);
    CHECK(jo_sprite_count() == first_sprite, "%s: %d sprites left", name, jo_sprite_count() - first_sprite);
    CHECK(double_error_count() == 0, "%s: %u messages (first: %s)", name, double_error_count(),
          double_error_count() ? double_error_at(0) : "");
    no_defects(name);
    double_clear_errors();
    rt_free_file(copy);
    rt_free_file(d);
}

/* ---- attr ---- */

/* The model run.sh writes (attr.obj + attr.mtl, --embed-textures): one
   quad a material, in this order, textures 0 = crate.png in RGB 555
   (32 x 32: 2048 bytes at VRAM 0x10000, sprite 0), 1 = crate.png with
   jo_lut 1 (32-byte table + 32 x 32 / 2 = 544 bytes at 0x10800, sprite 1:
   colno = 0x10800 / 8 = 0x2100). The gouraud tables follow at 0x10A20
   (0x10800 + 544), 32 bytes apart: p8 0x10A20 (gstb 0x2144), p13 0x10A40
   (0x2148), p14 = p8's colors (shares 0x2144), p15 0x10A60 (0x214C).
   Colors: Kd 1 0 0 -> r 255: 0x8000 | 31 = 0x801F; 0 1 0: 31 << 5 | 0x8000
   = 0x83E0; 0 0 1: 31 << 10 | 0x8000 = 0xFC00; 1 1 1: 0xFFFF.
   atrb: untextured CL32KRGB|ECdis|SPdis = 40|128|64 = 232; textured RGB
   CL32KRGB|ECdis = 168 (END_CODES: 40); LUT CL16Look|ECdis = 8|128 = 136;
   + CL_Trans 3, CL_Gouraud 4, MESHon 256. sort: SORT_CEN 3, MIN 1, MAX 2,
   previous SORT_BFR 0, + UseLight 8, + UseTexture 4. dir: FUNC_Polygon 4,
   FUNC_Texture 2 | 0x10 flip h | 0x20 flip v. */
typedef struct
{
    unsigned char flag, sort;
    unsigned short texno, atrb, colno, gstb, dir;
} want_attr;

static const want_attr attr_table[16] = {
    /* p0  red, defaults         */ {0, 3, 0, 232, 0x801F, 0, 4},
    /* p1  green, jo_dual 1      */ {1, 3, 0, 232, 0x83E0, 0, 4},
    /* p2  blue, jo_sort min     */ {0, 1, 0, 232, 0xFC00, 0, 4},
    /* p3  white, jo_sort max    */ {0, 2, 0, 232, 0xFFFF, 0, 4},
    /* p4  jo_sort previous      */ {0, 0, 0, 232, 0xFFFF, 0, 4},
    /* p5  jo_light 1: 3 | 8     */ {0, 11, 0, 232, 0xFFFF, 0, 4},
    /* p6  jo_half_transparent   */ {0, 3, 0, 235, 0xFFFF, 0, 4},
    /* p7  jo_screen_doors: +256 */ {0, 3, 0, 488, 0xFFFF, 0, 4},
    /* p8  jo_gouraud: +4, table */ {0, 3, 0, 236, 0xFFFF, 0x2144, 4},
    /* p9  crate: 3 | 4          */ {0, 7, 0, 168, 0, 0, 2},
    /* p10 flip h, end codes     */ {0, 7, 0, 40, 0, 0, 0x12},
    /* p11 flip v                */ {0, 7, 0, 168, 0, 0, 0x22},
    /* p12 jo_lut 1, flip hv     */ {0, 7, 1, 136, 0x2100, 0, 0x32},
    /* p13 half + gouraud: 168|7 */ {0, 7, 0, 175, 0, 0x2148, 2},
    /* p14 half + gouraud, p8's  */ {0, 3, 0, 239, 0xFFFF, 0x2144, 4},
    /* p15 gouraud, blue corners */ {0, 3, 0, 236, 0xFFFF, 0x214C, 4},
};

/* The same model without --embed-textures (crate.png: one .BIN texture,
   the jo_lut material's too: a .BIN is RGB 555 only), its TEXT name
   changed to PAL8.TGA, an 8 x 8 8-bit TGA with a colour map that run.sh
   writes: sprite 0, COL_256, (8 x 8 x 4) >> 2 = 64 bytes at 0x10000; the
   gouraud tables from 0x10040: p8 0x2008, p13 0x200C, p14 p8's, p15 0x2010.
   Its polygons: sort 3 | UseTexture 4 | UsePalette 32 = 39, atrb
   CL256Bnk 32 | ECdis 128 = 160 (END_CODES: 32; + 7 for p13: 167), colno 0
   (palette bank 0). */
static void palette_rows(want_attr *w)
{
    unsigned int p;
    for (p = 9; p <= 13; p++)
    {
        w[p].sort = 39;
        w[p].texno = 0;
        w[p].colno = 0;
        w[p].atrb = p == 10 ? 32 : p == 13 ? 167 : 160;
    }
    w[8].gstb = 0x2008;
    w[13].gstb = 0x200C;
    w[14].gstb = 0x2008;
    w[15].gstb = 0x2010;
}

static void check_attr_table(const char *what, const jo_3d_model *m, const want_attr *table, bool lights)
{
    unsigned int p;
    CHECK(m->mesh->data.nbPolygon == 16, "%s: %u polygons", what, (unsigned int)m->mesh->data.nbPolygon);
    if (m->mesh->data.nbPolygon != 16)
        return;
    for (p = 0; p < 16; p++)
    {
        const ATTR *a = &m->mesh->data.attbl[p];
        want_attr w = table[p];
        if (lights)
        {
            /* a table per polygon, in polygon order from 0x10A20: (0x10A20 + 32 p) / 8 */
            w.gstb = (unsigned short)(0x2144 + 4 * p);
            w.atrb |= 4;
        }
        CHECK(a->flag == w.flag && a->sort == w.sort && a->texno == w.texno && a->atrb == w.atrb &&
                  a->colno == w.colno && a->gstb == w.gstb && a->dir == w.dir,
              "%s: polygon %u: got {%u, %u, %u, %u, 0x%x, 0x%x, 0x%x} want {%u, %u, %u, %u, 0x%x, 0x%x, 0x%x}", what,
              p, a->flag, a->sort, a->texno, a->atrb, a->colno, a->gstb, a->dir, w.flag, w.sort, w.texno, w.atrb,
              w.colno, w.gstb, w.dir);
    }
}

static void check_attr(const char *what, const jo_3d_model *m, bool lights)
{
    check_attr_table(what, m, attr_table, lights);
}

static void attr_palette(const char *dir)
{
    unsigned int size, blocks0 = double_block_count(), i;
    unsigned char *d = read_or_die(dir, "ATTRB.JOM", &size);
    int text = chunk(d, size, "TEXT");
    want_attr table[16];
    jo_3d_model *m;
    CHECK(text >= 0 && be32(d + text + 8) == 1, "ATTRB.JOM: %u textures, want 1", count_of(d, size, "TEXT"));
    if (text < 0)
        return;
    for (i = 0; i < 16; i++)
        d[text + 12 + i] = (unsigned char)(i < 8 ? "PAL8.TGA"[i] : 0);
    for (i = 0; i < 16; i++)
        table[i] = attr_table[i];
    palette_rows(table);
    double_set_cd(dir);
    m = jo_3d_create_model_in_place(d, size);
    CHECK(m != JO_NULL, "ATTRB.JOM: refused: %s", __jo_module_last_error());
    if (m != JO_NULL)
    {
        CHECK(__jo_sprite_pic[0].color_mode == COL_256, "PAL8.TGA: colour mode %u", __jo_sprite_pic[0].color_mode);
        check_attr_table("8-bit TGA", m, table, false);
        jo_3d_free_model(m);
    }
    jo_3d_model_free_textures_from(0);
    CHECK(double_block_count() == blocks0, "ATTRB.JOM: %u blocks left", double_block_count() - blocks0);
    rt_free_file(d);
}

static void attr(const char *dir, const char *name)
{
    unsigned int size, blocks0 = double_block_count();
    unsigned char *d = read_or_die(dir, name, &size);
    jo_3d_model *m = jo_3d_create_model_in_place(d, size);
    CHECK(m != JO_NULL, "attr: in place refused: %s", __jo_module_last_error());
    if (m == JO_NULL)
        return;
    CHECK(m->gouraud_tables == 3, "attr: %u gouraud tables, want 3", m->gouraud_tables);
    CHECK(jo_sprite_count() == 5, "attr: %d sprites, want 2 textures + 3 tables", jo_sprite_count());
    CHECK(__jo_sprite_def[1].adr == 0x2104, "attr: the LUT texture's texels at CGadr 0x%x, want 0x2104",
          __jo_sprite_def[1].adr);
    check_attr("in place", m, false);
    jo_3d_free_model(m);
    jo_3d_model_free_textures_from(0);

    double_set_cd(dir);
    m = jo_3d_load_model(name);
    CHECK(m != JO_NULL, "attr: load refused: %s", __jo_module_last_error());
    if (m != JO_NULL)
    {
        check_attr("load", m, false);
        jo_3d_free_model(m);
    }
    jo_3d_model_free_textures_from(0);
    m = __jo_3d_load_model_for_lights(name);
    CHECK(m != JO_NULL, "attr: for lights refused: %s", __jo_module_last_error());
    if (m != JO_NULL)
    {
        CHECK(m->gouraud_tables == 16, "attr: lights: %u tables, want 16", m->gouraud_tables);
        check_attr("for lights", m, true);
        jo_3d_free_model(m);
    }
    jo_3d_model_free_textures_from(0);
    attr_palette(dir);
    CHECK(double_block_count() == blocks0, "attr: %u blocks left", double_block_count() - blocks0);
    CHECK(double_error_count() == 0, "attr: messages: %s", double_error_count() ? double_error_at(0) : "");
    no_defects("attr");
    rt_free_file(d);
}

/* ---- malformed ---- */

static unsigned char work_area[512 * 1024] __attribute__((aligned(4)));
static unsigned char *work = work_area;
static const unsigned int work_cap = sizeof work_area;

/* One call of both memory functions on work[0..size): expect_refused, or
   either outcome (any); either way one message when refused, nothing left,
   no defect. Returns true when refused. */
static bool try_memory(const char *what, unsigned int size, bool expect_refused)
{
    unsigned int blocks0 = double_block_count(), errors0 = double_error_count(), defects0 = double_defect_count();
    int sprites0 = jo_sprite_count(), kind;
    bool refused = false;
    for (kind = 0; kind < 2; kind++)
    {
        jo_3d_model *m =
            kind == 0 ? jo_3d_create_model_in_place(work, size) : jo_3d_create_model_from_memory(work, size);
        unsigned int errors = double_error_count() - errors0;
        if (m == JO_NULL)
        {
            const char *e = __jo_module_last_error();
            refused = true;
            CHECK(errors == 1, "%s (%s): %u messages", what, kind ? "memory" : "in place", errors);
            CHECK(rt_strlen(e) <= 63 && e[0] == 'J' && e[1] == 'O' && e[2] == 'M' && e[3] == ':', "%s: message '%s'",
                  what, e);
            CHECK(jo_sprite_count() == sprites0, "%s: %d sprites left", what, jo_sprite_count() - sprites0);
        }
        else
        {
            CHECK(!expect_refused, "%s (%s): accepted", what, kind ? "memory" : "in place");
            CHECK(errors == 0, "%s: accepted with %u messages", what, errors);
            jo_3d_free_model(m);
            jo_3d_model_free_textures_from(sprites0);
        }
        CHECK(double_block_count() == blocks0, "%s: %u blocks left", what, double_block_count() - blocks0);
        CHECK(double_defect_count() == defects0, "%s: defect %s", what,
              double_defect_count() > defects0 ? double_defect_at(double_defect_count() - 1) : "");
        if (double_defect_count() > defects0)
        {
            rt_flush();
            rt_exit(1); /* one is enough to show */
        }
        double_clear_errors();
        errors0 = 0;
    }
    return refused;
}

static unsigned char *orig;
static unsigned int orig_size;

static void restore(void)
{
    rt_memcpy(work, orig, orig_size);
}

/* Sets a u32 / u16 field of the file to a bad value, and expects a refusal. */
static void bad32(const char *what, unsigned int at, unsigned int value)
{
    char label[96];
    restore();
    put32(work + at, value);
    rt_snprintf(label, sizeof label, "%s (0x%x := 0x%x)", what, at, value);
    try_memory(label, orig_size, true);
}
static void bad16(const char *what, unsigned int at, unsigned int value)
{
    char label[96];
    restore();
    put16(work + at, value);
    rt_snprintf(label, sizeof label, "%s (0x%x := 0x%x)", what, at, value);
    try_memory(label, orig_size, true);
}

static void malformed(const char *dir, const char *name)
{
    unsigned int len, pos, i, step, refused = 0, accepted = 0;
    static const char *tags[13] = {"TIMG", "PNTS", "QUAD", "QMAT", "MATL", "TEXT", "NTAB",
                                   "CNRM", "VCOL", "GOUR", "GRUP", "BONE", "ANIM"};
    int at;
    char label[96];
    double_set_cd(dir); /* the .BIN textures */
    orig = read_or_die(dir, name, &orig_size);
    if (orig_size + 4 > work_cap)
    {
        rt_printf("FAIL %s: %u bytes, more than the test's buffer\n", name, orig_size);
        rt_flush();
        rt_exit(1);
    }
    rt_printf("%s: %u bytes\n", name, orig_size);

    restore();
    CHECK(!try_memory("the file itself", orig_size, false), "%s: refused: %s", name, __jo_module_last_error());

    /* truncated: every length below the size (END is the last chunk) */
    step = orig_size > 4096 ? 7 : 1;
    for (len = 0; len < orig_size; len += step)
    {
        restore();
        rt_snprintf(label, sizeof label, "%s truncated to %u", name, len);
        try_memory(label, len, true);
    }

    /* header */
    restore();
    work[3] = '2';
    try_memory("magic JOM2", orig_size, true);
    bad16("version 2", 4, 2);

    /* every chunk: size +4, a huge size, count +1, a huge count */
    for (i = 0; i < 13; i++)
    {
        at = chunk(orig, orig_size, tags[i]);
        if (at < 0)
            continue;
        rt_snprintf(label, sizeof label, "%s size", tags[i]);
        bad32(label, (unsigned int)at + 4, be32(orig + at + 4) + 4);
        bad32(label, (unsigned int)at + 4, 0xFFFFFFF0u);
        bad32(label, (unsigned int)at + 4, be32(orig + at + 4) + 2);
        rt_snprintf(label, sizeof label, "%s count", tags[i]);
        bad32(label, (unsigned int)at + 8, be32(orig + at + 8) + 1);
        bad32(label, (unsigned int)at + 8, 0xFFFFFFFFu);
        bad32(label, (unsigned int)at + 8, 0x40000000u);
    }
    /* END: a size, removed (the file ends without it), bytes after it */
    at = chunk(orig, orig_size, "END ");
    if (at >= 0)
    {
        bad32("END size", (unsigned int)at + 4, 4);
        restore();
        work[at] = 'X';
        try_memory("END renamed", orig_size, true);
        restore();
        put32(work + orig_size, 0);
        try_memory("4 bytes after END", orig_size + 4, true);
    }
    /* indexes */
    at = chunk(orig, orig_size, "QUAD");
    for (i = 0; at >= 0 && i < be32(orig + at + 8) && i < 64; i++)
    {
        bad16("QUAD index = points", (unsigned int)at + 12 + 20 * i + 12 + 2 * (i & 3),
              count_of(orig, orig_size, "PNTS"));
        bad16("QUAD index 0xFFFF", (unsigned int)at + 12 + 20 * i + 12 + 2 * ((i + 1) & 3), 0xFFFF);
    }
    at = chunk(orig, orig_size, "QMAT");
    for (i = 0; at >= 0 && i < be32(orig + at + 8) && i < 64; i++)
        bad16("QMAT index = materials", (unsigned int)at + 12 + 2 * i, count_of(orig, orig_size, "MATL"));
    at = chunk(orig, orig_size, "MATL");
    for (i = 0; at >= 0 && i < be32(orig + at + 8); i++)
    {
        bad16("MATL texture = TEXT count", (unsigned int)at + 12 + 32 * i + 20, count_of(orig, orig_size, "TEXT"));
        bad16("MATL texture -2", (unsigned int)at + 12 + 32 * i + 20, 0xFFFE);
        restore();
        for (pos = 0; pos < 16; pos++)
            work[at + 12 + 32 * i + pos] = 'A';
        try_memory("MATL name without its zero", orig_size, true);
    }
    at = chunk(orig, orig_size, "CNRM");
    for (i = 0; at >= 0 && i < be32(orig + at + 8) && i < 64; i++)
        bad16("CNRM index = normals", (unsigned int)at + 12 + 2 * i, count_of(orig, orig_size, "NTAB"));
    at = chunk(orig, orig_size, "GRUP");
    for (i = 0; at >= 0 && i < be32(orig + at + 8); i++)
    {
        bad16("GRUP first_point", (unsigned int)at + 12 + 24 * i + 16, 0xFFFF);
        bad16("GRUP point_count", (unsigned int)at + 12 + 24 * i + 18, count_of(orig, orig_size, "PNTS") + 1);
        bad16("GRUP first_polygon", (unsigned int)at + 12 + 24 * i + 20, 0xFFFF);
        bad16("GRUP polygon_count", (unsigned int)at + 12 + 24 * i + 22, count_of(orig, orig_size, "QUAD") + 1);
    }
    at = chunk(orig, orig_size, "BONE");
    for (i = 0; at >= 0 && i < be32(orig + at + 8); i++)
    {
        bad16("BONE parent = itself", (unsigned int)at + 12 + 32 * i + 18, i);
        bad16("BONE parent -2", (unsigned int)at + 12 + 32 * i + 18, 0xFFFE);
        bad16("BONE group = groups", (unsigned int)at + 12 + 32 * i + 16, count_of(orig, orig_size, "GRUP"));
    }
    at = chunk(orig, orig_size, "ANIM");
    for (i = 0; at >= 0 && i < be32(orig + at + 8); i++)
    {
        unsigned int rec = (unsigned int)at + 12 + 28 * i;
        bad16("ANIM key_count 0", rec + 16, 0);
        bad16("ANIM key_count 0xFFFF", rec + 16, 0xFFFF);
        bad32("ANIM offset + 2", rec + 24, be32(orig + rec + 24) + 2);
        bad32("ANIM offset 0", rec + 24, 0);
        bad32("ANIM offset huge", rec + 24, 0xFFFFFFF0u);
    }
    at = chunk(orig, orig_size, "TIMG");
    if (at >= 0)
    {
        unsigned int e = (unsigned int)at + 12;
        bad16("TIMG width 7", e + 16, 7);
        bad16("TIMG width 0", e + 16, 0);
        bad16("TIMG height 0", e + 18, 0);
        bad16("TIMG format 2", e + 20, 2);
        bad16("TIMG width 0xFFF8", e + 16, 0xFFF8);
        bad16("TIMG height 0xFFFF", e + 18, 0xFFFF);
    }

    /* any single byte 0xFF or 0x00: refused or accepted, never a defect, a
       leak or a second message (every byte of a small file; a stride in a
       big one, and every byte of its chunk headers' area) */
    step = orig_size > 2048 ? 5 : 1;
    for (pos = 0; pos < orig_size; pos += step)
    {
        unsigned int v;
        for (v = 0; v < 2; v++)
        {
            restore();
            work[pos] = v ? 0xFF : (unsigned char)(orig[pos] ^ 0x01);
            rt_snprintf(label, sizeof label, "%s byte 0x%x := 0x%x", name, pos, work[pos]);
            if (try_memory(label, orig_size, false))
                refused++;
            else
                accepted++;
        }
    }
    rt_printf("%s: single bytes: %u refused, %u accepted\n", name, refused, accepted);
    no_defects(name);
    rt_free_file(orig);
}

/* ---- refuse ---- */

static void refuse(const char *dir, const char *name)
{
    unsigned int blocks0 = double_block_count(), errors0 = double_error_count();
    int sprites0 = jo_sprite_count();
    jo_3d_model *m;
    const char *e;
    unsigned int n = rt_strlen(name), i;
    double_set_cd(dir);
    m = jo_3d_load_model(name);
    e = __jo_module_last_error();
    CHECK(m == JO_NULL, "%s: accepted", name);
    if (m != JO_NULL)
    {
        jo_3d_free_model(m);
        return;
    }
    rt_printf("%s: %s\n", name, e);
    CHECK(double_error_count() - errors0 == 1, "%s: %u messages", name, double_error_count() - errors0);
    CHECK(rt_strlen(e) <= 63, "%s: message of %u characters", name, rt_strlen(e));
    for (i = 0; i < n && e[i] == name[i]; i++)
        ;
    CHECK(i == n && e[n] == ':', "%s: the message does not start with the name: %s", name, e);
    CHECK(double_block_count() == blocks0, "%s: %u blocks left", name, double_block_count() - blocks0);
    CHECK(jo_sprite_count() == sprites0, "%s: %d sprites left", name, jo_sprite_count() - sprites0);
    no_defects(name);
    double_clear_errors();
}

/* ---- memory ---- */

/* Out of memory at every point of each kind of load: the heap limited to
   the blocks alive + L bytes, L from 4 by 16 until the load succeeds:
   each failure is one message, every block and sprite given back. */
static void memory(const char *dir, const char *name)
{
    unsigned int size, kind;
    unsigned char *d = read_or_die(dir, name, &size);
    double_set_cd(dir);
    for (kind = 0; kind < 4; kind++)
    {
        unsigned int extra, blocks0 = double_block_count(), used0 = double_heap_used(), failed = 0;
        int sprites0 = jo_sprite_count();
        for (extra = 4; extra < 262144; extra += 16)
        {
            jo_3d_model *m;
            double_set_heap_limit(used0 + extra);
            m = kind == 0   ? jo_3d_create_model_in_place(d, size)
                : kind == 1 ? jo_3d_create_model_from_memory(d, size)
                : kind == 2 ? jo_3d_load_model(name)
                            : __jo_3d_load_model_for_lights(name);
            double_set_heap_limit(0);
            if (m != JO_NULL)
            {
                CHECK(double_error_count() == 0, "%s: kind %u: accepted with a message", name, kind);
                jo_3d_free_model(m);
                jo_3d_model_free_textures_from(sprites0);
                CHECK(double_block_count() == blocks0, "%s: kind %u: %u blocks left", name, kind,
                      double_block_count() - blocks0);
                break;
            }
            failed++;
            /* one message of the module; Jo's own jo_sprite_add_bin() says
               "Out of memory" first when it cannot read a .BIN (Jo's error,
               before the module's) */
            CHECK(double_error_count() == 1 ||
                      (double_error_count() == 2 && rt_strcmp(double_error_at(0), "Out of memory") == 0),
                  "%s: kind %u, %u bytes: %u messages (%s / %s)", name, kind, extra, double_error_count(),
                  double_error_at(0), double_error_count() > 1 ? double_error_at(1) : "");
            CHECK(double_block_count() == blocks0, "%s: kind %u, %u bytes: %u blocks left", name, kind, extra,
                  double_block_count() - blocks0);
            CHECK(jo_sprite_count() == sprites0, "%s: kind %u, %u bytes: %d sprites left", name, kind, extra,
                  jo_sprite_count() - sprites0);
            double_clear_errors();
        }
        CHECK(extra < 262144, "%s: kind %u: never loaded", name, kind);
        rt_printf("%s: kind %u: %u refusals for want of memory, loaded with %u bytes\n", name, kind, failed, extra);
    }
    no_defects(name);
    rt_free_file(d);
}

/* ---- verdict ---- */

/* One file in place and through jo_3d_load_model(): the two agree; prints
   "NAME accepted" or "NAME refused: MESSAGE" (run.sh compares with the
   host's `retromesh check`). */
static void verdict(const char *dir, const char *name)
{
    unsigned int size, blocks0 = double_block_count(), errors0 = double_error_count(), k;
    int sprites0 = jo_sprite_count();
    unsigned char *d = read_or_die(dir, name, &size);
    bool refused[2];
    char first[64];
    double_set_cd(dir);
    for (k = 0; k < 2; k++)
    {
        jo_3d_model *m = k == 0 ? jo_3d_create_model_in_place(d, size) : jo_3d_load_model(name);
        refused[k] = m == JO_NULL;
        if (m != JO_NULL)
        {
            CHECK(double_error_count() == errors0, "%s: accepted with a message", name);
            jo_3d_free_model(m);
        }
        else
        {
            const char *e = __jo_module_last_error();
            unsigned int i;
            CHECK(double_error_count() - errors0 == 1, "%s: %u messages", name, double_error_count() - errors0);
            if (k == 0)
            {
                for (i = 0; i < 63 && e[i]; i++)
                    first[i] = e[i];
                first[i] = 0;
            }
        }
        jo_3d_model_free_textures_from(sprites0);
        CHECK(double_block_count() == blocks0, "%s: %u blocks left", name, double_block_count() - blocks0);
        double_clear_errors();
        errors0 = 0;
    }
    CHECK(refused[0] == refused[1], "%s: in place %s, load %s", name, refused[0] ? "refused" : "accepted",
          refused[1] ? "refused" : "accepted");
    if (refused[0])
        rt_printf("%s refused: %s\n", name, first);
    else
        rt_printf("%s accepted\n", name);
    no_defects(name);
    rt_free_file(d);
}

int main(int argc, char **argv)
{
    int i;
    if (argc < 4)
    {
        rt_eprint("usage: test_model_load basic|attr|malformed|refuse|memory|verdict DIR NAME...\n");
        return 64;
    }
    for (i = 3; i < argc; i++)
    {
        if (rt_strcmp(argv[1], "basic") == 0)
            basic(argv[2], argv[i]);
        else if (rt_strcmp(argv[1], "attr") == 0)
            attr(argv[2], argv[i]);
        else if (rt_strcmp(argv[1], "malformed") == 0)
            malformed(argv[2], argv[i]);
        else if (rt_strcmp(argv[1], "refuse") == 0)
            refuse(argv[2], argv[i]);
        else if (rt_strcmp(argv[1], "memory") == 0)
            memory(argv[2], argv[i]);
        else if (rt_strcmp(argv[1], "verdict") == 0)
            verdict(argv[2], argv[i]);
        else
        {
            rt_eprintf("unknown mode %s\n", argv[1]);
            return 64;
        }
    }
    rt_printf("%s: %d checks, %d failures\n", argv[1], checks, failures);
    return failures ? 1 : 0;
}
