/* tests/engine_cheader/check.c - a C header written by `retromesh convert
   MODEL.obj model.h --c-name model`, compiled for the big-endian SuperH
   against the test double's jo.h, checked against the JOM converted with
   the same options (read at run time):
   - model_points, model_polygons, model_vertex_normals: byte for byte the
     PNTS and QUAD records, and per point the NTAB normal of the first
     corner (CNRM) that names it;
   - model_textures: the .BIN files (little-endian words) or the TIMG
     entries (big-endian words; a 16-colour texture expanded through its
     LUT, colour 0 transparent) of the JOM's TEXT names;
   - after model_load_textures() on the double: the sprites added, their
     texels in VRAM, each ATTR field from MATL + QMAT by the rules (RGB
     textures, texno = first sprite + texture index), and gstb of a gouraud
     polygon pointing at a table whose 4 words in VRAM are its GOUR words;
   - model_mesh and model_pdata: the tables and counts.
   usage: check.elf MODEL.JOM DIR (DIR: where the .BIN files are).
   Prints each mismatch; exits 1 when there is one. Built with -DHAS_NORMALS
   and -DHAS_GOURAUD when the header has those tables. */
#include <double.h>

#include "model.h"

static unsigned int errors;

static void fail(const char *what, unsigned int i, unsigned int got, unsigned int want)
{
    if (errors++ < 40)
        rt_printf("mismatch: %s %u: header %u (0x%x), JOM %u (0x%x)\n", what, i, got, got, want, want);
}

static unsigned int be16(const unsigned char *p)
{
    return (unsigned int)p[0] << 8 | p[1];
}

static unsigned int be32(const unsigned char *p)
{
    return (unsigned int)p[0] << 24 | (unsigned int)p[1] << 16 | (unsigned int)p[2] << 8 | p[3];
}

/* The chunks of the file (data after the size; 0: absent). */
static const unsigned char *chunk[16];
static unsigned int chunk_size[16];
static const char *const tags[] = { "TIMG", "PNTS", "QUAD", "QMAT", "MATL", "TEXT", "NTAB", "CNRM",
                                    "VCOL", "GOUR", "GRUP", "BONE", "ANIM", 0 };
enum { TIMG, PNTS, QUAD, QMAT, MATL, TEXT, NTAB, CNRM, VCOL, GOUR };

static int same_tag(const unsigned char *p, const char *t)
{
    return p[0] == t[0] && p[1] == t[1] && p[2] == t[2] && p[3] == t[3];
}

static int walk(const unsigned char *f, unsigned int size)
{
    if (size < 24 || !same_tag(f, "JOM1"))
        return 0;
    unsigned int at = 24;
    while (at + 8 <= size) {
        unsigned int n = be32(f + at + 4);
        if (n > size - at - 8)
            return 0;
        if (same_tag(f + at, "END "))
            return 1;
        for (int k = 0; tags[k]; k++)
            if (same_tag(f + at, tags[k])) {
                chunk[k] = f + at + 8;
                chunk_size[k] = n;
            }
        at += 8 + n;
    }
    return 0;
}

static unsigned int count_of(int k)
{
    return chunk[k] && chunk_size[k] >= 4 ? be32(chunk[k]) : 0;
}

static void bytes(const char *what, const void *header, const unsigned char *jom, unsigned int n)
{
    const unsigned char *h = header;
    for (unsigned int i = 0; i < n; i++)
        if (h[i] != jom[i]) {
            fail(what, i, h[i], jom[i]);
            return;
        }
}

static void geometry(void)
{
    unsigned int np = count_of(PNTS), nq = count_of(QUAD);
    if (sizeof model_points != np * 12u)
        fail("PNTS bytes", 0, sizeof model_points, np * 12u);
    else
        bytes("PNTS byte", model_points, chunk[PNTS] + 4, np * 12u);
    if (sizeof model_polygons != nq * 20u)
        fail("QUAD bytes", 0, sizeof model_polygons, nq * 20u);
    else
        bytes("QUAD byte", model_polygons, chunk[QUAD] + 4, nq * 20u);
    if (model_pdata.pntbl != model_points || model_pdata.nbPoint != np || model_pdata.pltbl != model_polygons ||
        model_pdata.nbPolygon != nq || model_pdata.attbl != model_attributes)
        fail("PDATA", 0, (unsigned int)model_pdata.nbPoint, np);
    if (model_mesh.data.pntbl != model_points || model_mesh.data.nbPoint != np ||
        model_mesh.data.pltbl != model_polygons || model_mesh.data.nbPolygon != nq ||
        model_mesh.data.attbl != model_attributes)
        fail("jo_3d_mesh", 0, (unsigned int)model_mesh.data.nbPolygon, nq);
#ifdef HAS_NORMALS
    if (!chunk[NTAB] || !chunk[CNRM]) {
        fail("NTAB/CNRM chunks", 0, 1, 0);
        return;
    }
    for (unsigned int i = 0; i < np; i++) {
        const unsigned char *want = 0;
        static const unsigned char zero[12];
        for (unsigned int p = 0; p < nq && !want; p++)
            for (unsigned int k = 0; k < 4 && !want; k++)
                if (be16(chunk[QUAD] + 4 + p * 20 + 12 + k * 2) == i) {
                    unsigned int nn = be16(chunk[CNRM] + 4 + (p * 4 + k) * 2);
                    if (nn >= count_of(NTAB)) {
                        fail("CNRM index", p * 4 + k, nn, count_of(NTAB));
                        return;
                    }
                    want = chunk[NTAB] + 4 + nn * 12;
                }
        bytes("vertex normal byte", model_vertex_normals[i], want ? want : zero, 12);
    }
    if (model_xpdata.vntbl != model_vertex_normals || model_xpdata.nbPoint != np)
        fail("XPDATA", 0, (unsigned int)model_xpdata.nbPoint, np);
#else
    if (chunk[NTAB])
        fail("normals in the JOM but not in the header", 0, 0, 1);
#endif
}

/* Texel i of TEXT entry t, as the VDP1 reads it (-1: cannot tell). */
static int jom_texel(unsigned int t, unsigned int i, const char *dir, unsigned char **bin,
                     unsigned int *bin_size)
{
    const unsigned char *name = chunk[TEXT] + 4 + t * 16;
    if (chunk[TIMG]) {
        unsigned int n = count_of(TIMG), at = 4;
        for (unsigned int e = 0; e < n && at + 24 <= chunk_size[TIMG]; e++) {
            const unsigned char *p = chunk[TIMG] + at;
            unsigned int w = be16(p + 16), h = be16(p + 18), fmt = be16(p + 20);
            unsigned int px = fmt == 0 ? w * h * 2 : 32 + w * h / 2;
            int same = 1;
            for (int c = 0; c < 16; c++)
                if (p[c] != name[c])
                    same = 0;
            if (same) {
                if (i >= w * h)
                    return -1;
                if (fmt == 0)
                    return (int)be16(p + 24 + i * 2);
                unsigned int b = p[24 + 32 + i / 2];
                unsigned int nib = i & 1 ? b & 15 : b >> 4;
                return nib == 0 ? 0 : (int)be16(p + 24 + nib * 2);
            }
            at += 24 + ((px + 3) & ~3u);
        }
        return -1;
    }
    if (!*bin) {
        char path[300];
        unsigned int k = 0;
        for (const char *d = dir; *d && k < 250; d++)
            path[k++] = *d;
        path[k++] = '/';
        for (int c = 0; c < 16 && name[c]; c++)
            path[k++] = (char)name[c];
        path[k] = 0;
        *bin = rt_read_file(path, bin_size);
        if (!*bin) {
            rt_printf("mismatch: cannot read %s\n", path);
            errors++;
            return -1;
        }
    }
    if (4 + i * 2 + 2 > *bin_size)
        return -1;
    return (int)((*bin)[4 + i * 2] | (*bin)[5 + i * 2] << 8);
}

static void textures(const char *dir)
{
    unsigned int nt = count_of(TEXT);
    if (model_texture_count != nt) {
        fail("texture count", 0, model_texture_count, nt);
        return;
    }
    for (unsigned int t = 0; t < nt; t++) {
        unsigned int w = model_texture_sizes[t][0], h = model_texture_sizes[t][1];
        unsigned char *bin = 0;
        unsigned int bin_size = 0;
        for (unsigned int i = 0; i < w * h; i++) {
            int want = jom_texel(t, i, dir, &bin, &bin_size);
            if (want < 0 || model_textures[t][i] != (unsigned int)want) {
                fail("texel", t * 100000 + i, model_textures[t][i], (unsigned int)want);
                break;
            }
        }
        if (bin && bin_size != 4 + w * h * 2)
            fail(".BIN size", t, bin_size, 4 + w * h * 2);
        if (bin)
            rt_free_file(bin);
    }
}

/* The ATTR the rules give polygon p (RGB textures, texno = first + index). */
static void attributes(int first)
{
    unsigned int nq = count_of(QUAD), nm = count_of(MATL);
    for (unsigned int p = 0; p < nq; p++) {
        unsigned int m = be16(chunk[QMAT] + 4 + p * 2);
        if (m >= nm) {
            fail("QMAT", p, m, nm);
            return;
        }
        const unsigned char *mat = chunk[MATL] + 4 + m * 32;
        unsigned int r = mat[16], g = mat[17], b = mat[18];
        int tex = (short)be16(mat + 20);
        unsigned int f = be32(mat + 24);
        const ATTR *a = &model_attributes[p];
        unsigned int sort = (f & 6) == 2 ? 1 : (f & 6) == 4 ? 2 : (f & 6) == 6 ? 0 : 3;
        sort |= f & 64 ? 8 : 0;
        sort |= tex >= 0 ? 4 : 0;
        unsigned int atrb = tex >= 0 ? 40 | (f & 512 ? 0 : 128) : 40 | 128 | 64;
        atrb |= (f & 16 ? 3 : 0) | (f & 8 ? 4 : 0) | (f & 32 ? 256 : 0);
        unsigned int colno = tex >= 0 ? 0 : 0x8000 | (b >> 3) << 10 | (g >> 3) << 5 | r >> 3;
        unsigned int dir = tex >= 0 ? 2 | (f & 128 ? 16 : 0) | (f & 256 ? 32 : 0) : 4;
        unsigned int texno = tex >= 0 ? (unsigned int)(first + tex) : 0;
        if (a->flag != (f & 1))
            fail("ATTR flag of polygon", p, a->flag, f & 1);
        if (a->sort != sort)
            fail("ATTR sort of polygon", p, a->sort, sort);
        if (a->texno != texno)
            fail("ATTR texno of polygon", p, a->texno, texno);
        if (a->atrb != atrb)
            fail("ATTR atrb of polygon", p, a->atrb, atrb);
        if (a->colno != colno)
            fail("ATTR colno of polygon", p, a->colno, colno);
        if (a->dir != dir)
            fail("ATTR dir of polygon", p, a->dir, dir);
        int gouraud = (f & 8) && chunk[GOUR];
        if (!gouraud && a->gstb != 0)
            fail("ATTR gstb of polygon", p, a->gstb, 0);
        if (gouraud) {
            const unsigned char *vram = double_vram();
            unsigned int at = (unsigned int)a->gstb * 8;
            if (a->gstb == 0 || at + 8 > 0x80000) {
                fail("ATTR gstb of polygon", p, a->gstb, 1);
                continue;
            }
            for (unsigned int k = 0; k < 4; k++)
                if (be16(vram + at + k * 2) != be16(chunk[GOUR] + 4 + (p * 4 + k) * 2))
                    fail("gouraud word in VRAM of polygon", p * 4 + k, be16(vram + at + k * 2),
                         be16(chunk[GOUR] + 4 + (p * 4 + k) * 2));
        }
    }
}

/* The sprites the load function added: one per texture (its texels in
   VRAM, big-endian), then one 8 x 1 per gouraud table (its 4 words, 4 zeros). */
static void sprites(int first)
{
    unsigned int nt = count_of(TEXT);
    unsigned int added = double_sprite_count();
#ifdef HAS_GOURAUD
    unsigned int tables = sizeof model_gouraud / sizeof model_gouraud[0] / 4;
#else
    unsigned int tables = 0;
#endif
    if (added != nt + tables)
        fail("sprites added", 0, added, nt + tables);
    if (nt + tables > 0 && first != 0)
        fail("first sprite id", 0, (unsigned int)first, 0);
    if (nt + tables == 0 && first != 0)
        fail("first sprite id (none added: jo_sprite_count)", 0, (unsigned int)first, 0);
    slDMAWait();
    const unsigned char *vram = double_vram();
    for (unsigned int t = 0; t < nt && t < added; t++) {
        const double_sprite *s = double_sprite_at((int)t);
        unsigned int w = model_texture_sizes[t][0], h = model_texture_sizes[t][1];
        if (!s || s->width != w || s->height != h || s->color_mode != COL_32K) {
            fail("sprite size of texture", t, s ? s->width : 0, w);
            continue;
        }
        for (unsigned int i = 0; i < w * h; i++)
            if (be16(vram + s->address + i * 2) != model_textures[t][i]) {
                fail("VRAM texel of texture", t, be16(vram + s->address + i * 2), model_textures[t][i]);
                break;
            }
    }
    for (unsigned int k = 0; k < tables; k++) {
        const double_sprite *s = double_sprite_at((int)(nt + k));
        if (!s || s->width != 8 || s->height != 1)
            fail("gouraud table sprite", k, s ? s->width : 0, 8);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        rt_eprint("usage: check.elf MODEL.JOM DIR\n");
        return 2;
    }
    unsigned int size = 0;
    unsigned char *f = rt_read_file(argv[1], &size);
    if (!f || !walk(f, size) || !chunk[PNTS] || !chunk[QUAD] || !chunk[QMAT] || !chunk[MATL]) {
        rt_eprintf("%s: not a JOM this test can read\n", argv[1]);
        return 2;
    }
    geometry();
    textures(argv[2]);
    int first = model_load_textures();
    sprites(first);
    attributes(first);
    for (unsigned int i = 0; i < double_defect_count(); i++) {
        rt_printf("defect: %s\n", double_defect_at(i));
        errors++;
    }
    rt_printf("%s: %u points, %u polygons, %u textures: %s\n", argv[1], count_of(PNTS), count_of(QUAD),
              count_of(TEXT), errors ? "MISMATCH" : "the header equals the JOM");
    return errors ? 1 : 0;
}
