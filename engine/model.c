/* engine/model.c - the model module of retromesh for the Jo Engine
   (jo_engine/model.c in a Jo Engine tree): loading a JOM file (from the
   CD, in place, or copied from memory), the check of the file, the
   textures and gouraud tables of a model, its ATTR table, freeing.

   The file is hostile: every count, size, offset and index is checked
   against the bytes before the model exists (check below), with the rules
   of retromesh's reader (src/formats/jom/read.c, validate.c) and their
   wording, cut to the 63 characters of Jo's error text. One refusal, one
   message (__jo_module_error): "ROBOT.JOM: chunk QUAD at 0x1c4: index 70
   past 48 points" (the offsets are those of the file).

   Every error of the host's reader is an error here too (its warnings,
   such as a normal not of length 1, are not checked); the engine also
   refuses what it cannot draw or hold: more than SGL's 2500 points or
   1761 polygons (JO_3D_MODEL_MAX_POINTS, _POLYGONS: one PDATA, one
   frame), data not 4-byte aligned (an address error on the SH-2), a TIMG
   entry of more than 2^24 texels, a texture missing from the CD.
   tests/engine_model (agree) compares the verdicts with `retromesh check`
   on every single-byte corruption of the JOM fixtures.

   The blocks of a model: see model_internal.h. Allocations: jo_malloc
   (JO_FAST_ALLOCATION), the file's block JO_MALLOC_TRY_REUSE_BLOCK as
   jo_fs_read_file takes it; never JO_MALLOC_TRY_REUSE_SAME_BLOCK_SIZE
   (it can hang: jo-engine-api 0.4). No division, no floating point. */
#include <jo/jo.h>
#include "model_internal.h"

/* ---- the chunks ---- */

enum
{
    __JO_TIMG,
    __JO_PNTS,
    __JO_QUAD,
    __JO_QMAT,
    __JO_MATL,
    __JO_TEXT,
    __JO_NTAB,
    __JO_CNRM,
    __JO_VCOL,
    __JO_GOUR,
    __JO_GRUP,
    __JO_BONE,
    __JO_ANIM,
    __JO_END,
    __JO_KINDS
};

static const char __jo_3d_tags[__JO_KINDS][5] = {"TIMG", "PNTS", "QUAD", "QMAT", "MATL", "TEXT", "NTAB",
                                                  "CNRM", "VCOL", "GOUR", "GRUP", "BONE", "ANIM", "END "};
static const char __jo_3d_kind_names[__JO_KINDS][5] = {"TIMG", "PNTS", "QUAD", "QMAT", "MATL", "TEXT", "NTAB",
                                                        "CNRM", "VCOL", "GOUR", "GRUP", "BONE", "ANIM", "END"};
/* Bytes of a record of each chunk of fixed records (0: not such a chunk). */
static const unsigned char __jo_3d_record_size[__JO_KINDS] = {0, 12, 20, 2, 32, 16, 12, 2, 12, 2, 24, 32, 0, 0};

#define __JO_HEADER_SIZE (24u)
#define __JO_CHUNK_HEADER (8u)
#define __JO_TIMG_ENTRY_HEADER (24u)
#define __JO_NO_GOURAUD_COLOR (0xC210)

/* What the check learnt of a file; the buffer `data` holds the file, or
   (jo_3d_load_model() of a file with TIMG) its header then the chunks
   after TIMG: `shift` is then the bytes of TIMG taken out, so that the
   file offset of a position p >= 24 is p + shift. */
typedef struct
{
    const char *name;
    const unsigned char *data;
    unsigned int size;
    unsigned int shift;
    bool timg_in_data;         /* the TIMG chunk is in `data` (the memory functions) */
    unsigned int timg_count;   /* its entries */
    bool present[__JO_KINDS];
    unsigned int hdr[__JO_KINDS];   /* position of the chunk header in data */
    unsigned int len[__JO_KINDS];   /* size of its data */
    unsigned int count[__JO_KINDS]; /* its count */
} __jo_3d_jom;

static unsigned int __jo_3d_at(const __jo_3d_jom *c, unsigned int pos)
{
    return pos >= __JO_HEADER_SIZE ? pos + c->shift : pos;
}

/* The records of a chunk (after its count). */
static const unsigned char *__jo_3d_records(const __jo_3d_jom *c, int kind)
{
    return c->data + c->hdr[kind] + __JO_CHUNK_HEADER + 4;
}

/* Position in data of record i of a chunk of fixed records. */
static unsigned int __jo_3d_record_at(const __jo_3d_jom *c, int kind, unsigned int i)
{
    return c->hdr[kind] + __JO_CHUNK_HEADER + 4 + i * __jo_3d_record_size[kind];
}

#define __JO_REFUSE_CHUNK(c, kind, pos, format, ...)                                                       \
    __jo_module_error("%s: chunk %s at 0x%x: " format, (c)->name, __jo_3d_kind_names[kind], __jo_3d_at((c), (pos)), \
                      ##__VA_ARGS__)
#define __JO_REFUSE_HEADER(c, offset, format, ...)                                                         \
    __jo_module_error("%s: header at 0x%x: " format, (c)->name, (unsigned int)(offset), ##__VA_ARGS__)

/* ---- statics ---- */

/* The guard is initialised, so it lives in .data: Jo's main clears only a
   part of .bss (jo-engine-api 0.5). */
static int __jo_3d_model_needs_init = 1;

void __jo_3d_model_init(void)
{
    if (!__jo_3d_model_needs_init)
        return;
    __jo_3d_model_needs_init = 0;
    __jo_3d_texture_reset();
    __jo_3d_hidden_bones = 0;
}

/* ---- names ---- */

static bool __jo_3d_name_terminated(const unsigned char *p)
{
    unsigned int i;
    for (i = 0; i < 16; i++)
        if (p[i] == 0)
            return true;
    return false;
}

static bool __jo_3d_d_character(unsigned char ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* STEM[.EXT]: stem 1..max_stem, ext 1..3 characters of A-Z 0-9 _, at most
   max_total characters (retromesh's src/formats/jom/cd_name.c). */
static bool __jo_3d_stem_dot_ext(const unsigned char *name, unsigned int max_stem, unsigned int max_total)
{
    unsigned int stem = 0, ext = 0, i;
    bool dot = false;
    for (i = 0; i < 16 && name[i]; i++)
    {
        if (name[i] == '.')
        {
            if (dot)
                return false;
            dot = true;
        }
        else if (!__jo_3d_d_character(name[i]))
            return false;
        else if (dot)
            ext++;
        else
            stem++;
    }
    if (i == 0 || i > max_total)
        return false;
    return stem >= 1 && stem <= max_stem && (!dot || (ext >= 1 && ext <= 3));
}

static bool __jo_3d_check_name(const __jo_3d_jom *c, int kind, unsigned int pos, const char *what, unsigned int i)
{
    if (__jo_3d_name_terminated(c->data + pos))
        return true;
    __JO_REFUSE_CHUNK(c, kind, pos, "%s %u: name not zero-terminated", what, i);
    return false;
}

/* ---- the check ---- */

static unsigned int __jo_3d_round4(unsigned int n)
{
    return (n + 3) & ~3u;
}

/* Bits of a temporary block (the sharing rules below), zeroed; JO_NULL
   with the message when out of memory. */
static unsigned char *__jo_3d_scratch(const __jo_3d_jom *c, unsigned int bytes)
{
    unsigned char *p = (unsigned char *)jo_malloc(bytes + 4);
    if (p == JO_NULL)
        __jo_module_error("%s: out of memory (%u bytes to check the file)", c->name, bytes + 4);
    else
        __jo_module_zero(p, bytes + 4);
    return p;
}

/* Sets bits first..first+count-1; false when one was set already. */
static bool __jo_3d_mark(unsigned char *bits, unsigned int first, unsigned int count)
{
    unsigned int i;
    for (i = first; i < first + count; i++)
    {
        unsigned char bit = (unsigned char)(1u << (i & 7));
        if (bits[i >> 3] & bit)
            return false;
        bits[i >> 3] |= bit;
    }
    return true;
}


/* The header of TIMG entry i at `offset` in the file; *bytes: its pixels,
   padded to 4. Shared by the memory functions and jo_3d_load_model(). */
static bool __jo_3d_check_timg_entry(const char *name, unsigned int offset, const unsigned char *e, unsigned int i,
                                     unsigned int *bytes)
{
    unsigned int width = __jo_module_u16(e + 16), height = __jo_module_u16(e + 18), format = __jo_module_u16(e + 20);
    if (!__jo_3d_name_terminated(e))
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: name not zero-terminated", name, offset, i);
        return false;
    }
    if (width == 0 || (width & 7) != 0)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: width %u, not a multiple of 8", name, offset + 16, i,
                          width);
        return false;
    }
    if (height == 0)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: height is 0", name, offset + 18, i);
        return false;
    }
    if (format > 1)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: format %u, not 0 or 1", name, offset + 20, i, format);
        return false;
    }
    /* At most 65535 x 65535 texels: the product is kept far from 32 bits
       before the texture module's byte count multiplies it. */
    if ((unsigned long long)width * height > 0x1000000ull)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: %ux%u, too large", name, offset + 16, i, width,
                          height);
        return false;
    }
    *bytes = __jo_3d_timg_pixel_bytes(width, height, format);
    return true;
}

/* TIMG in the buffer: entries of variable size, one after the other. */
static bool __jo_3d_check_timg(__jo_3d_jom *c)
{
    unsigned int base = c->hdr[__JO_TIMG] + __JO_CHUNK_HEADER;
    unsigned int room = c->len[__JO_TIMG] - 4, pos = 0, i, n = c->count[__JO_TIMG];
    if ((unsigned long long)n * __JO_TIMG_ENTRY_HEADER > room)
    {
        __JO_REFUSE_CHUNK(c, __JO_TIMG, base, "%u textures cannot fit in %u bytes", n, c->len[__JO_TIMG]);
        return false;
    }
    for (i = 0; i < n; i++)
    {
        unsigned int at = base + 4 + pos, bytes;
        if (room - pos < __JO_TIMG_ENTRY_HEADER)
        {
            __JO_REFUSE_CHUNK(c, __JO_TIMG, at, "texture %u: header past the chunk", i);
            return false;
        }
        if (!__jo_3d_check_timg_entry(c->name, __jo_3d_at(c, at), c->data + at, i, &bytes))
            return false;
        pos += __JO_TIMG_ENTRY_HEADER;
        if (bytes > room - pos)
        {
            __JO_REFUSE_CHUNK(c, __JO_TIMG, at, "texture %u: %u bytes of pixels past the chunk", i, bytes);
            return false;
        }
        pos += bytes;
    }
    if (pos != room)
    {
        __JO_REFUSE_CHUNK(c, __JO_TIMG, base + 4 + pos, "%u bytes after the last texture", room - pos);
        return false;
    }
    c->timg_count = n;
    return true;
}

/* The chunk headers, from the end of the file header to END. */
static bool __jo_3d_walk(__jo_3d_jom *c)
{
    const unsigned char *d = c->data;
    unsigned int pos = __JO_HEADER_SIZE;
    int last = c->present[__JO_TIMG] ? __JO_TIMG : -1;
    int k;
    while (pos < c->size)
    {
        unsigned int left = c->size - pos, size;
        int kind = -1;
        if (left < __JO_CHUNK_HEADER)
        {
            __jo_module_error("%s: chunk header at 0x%x: only %u bytes left", c->name, __jo_3d_at(c, pos), left);
            return false;
        }
        for (k = 0; k < __JO_KINDS; k++)
            if (d[pos] == (unsigned char)__jo_3d_tags[k][0] && d[pos + 1] == (unsigned char)__jo_3d_tags[k][1] &&
                d[pos + 2] == (unsigned char)__jo_3d_tags[k][2] && d[pos + 3] == (unsigned char)__jo_3d_tags[k][3])
                kind = k;
        size = __jo_module_u32(d + pos + 4);
        if (size > left - __JO_CHUNK_HEADER || (size & 3) != 0)
        {
            char tag[5];
            int j;
            for (j = 0; j < 4; j++)
                tag[j] = (d[pos + j] >= 32 && d[pos + j] < 127) ? (char)d[pos + j] : '?';
            tag[kind == __JO_END ? 3 : 4] = 0;
            if (size > left - __JO_CHUNK_HEADER)
                __jo_module_error("%s: chunk %s at 0x%x: size %u past the end", c->name, tag,
                                  __jo_3d_at(c, pos), size);
            else
                __jo_module_error("%s: chunk %s at 0x%x: size %u is not a multiple of 4", c->name, tag,
                                  __jo_3d_at(c, pos), size);
            return false;
        }
        if (kind >= 0)
        {
            if (c->present[kind])
            {
                __JO_REFUSE_CHUNK(c, kind, pos, "second %s chunk", __jo_3d_kind_names[kind]);
                return false;
            }
            if (kind < last)
            {
                __JO_REFUSE_CHUNK(c, kind, pos, "out of order: %s must come before %s", __jo_3d_kind_names[kind],
                                  __jo_3d_kind_names[last]);
                return false;
            }
            last = kind;
            c->present[kind] = true;
            c->hdr[kind] = pos;
            c->len[kind] = size;
            if (kind == __JO_END)
            {
                if (size != 0)
                {
                    __JO_REFUSE_CHUNK(c, kind, pos, "size %u, the END chunk is empty", size);
                    return false;
                }
                if (pos + __JO_CHUNK_HEADER < c->size)
                {
                    __JO_REFUSE_CHUNK(c, kind, pos, "%u bytes after the END chunk", c->size - pos - __JO_CHUNK_HEADER);
                    return false;
                }
                return true;
            }
        }
        /* an unknown chunk is skipped (a newer converter) */
        pos += __JO_CHUNK_HEADER + size;
    }
    return true;
}

/* The count of a chunk and its records: they fill the chunk exactly. */
static bool __jo_3d_check_count(__jo_3d_jom *c, int kind)
{
    unsigned int size = c->len[kind], record = __jo_3d_record_size[kind], n;
    unsigned long long want;
    if (size < 4)
    {
        __JO_REFUSE_CHUNK(c, kind, c->hdr[kind], "size %u, too small for the count", size);
        return false;
    }
    n = __jo_module_u32(c->data + c->hdr[kind] + __JO_CHUNK_HEADER);
    c->count[kind] = n;
    if (record == 0)
        return true; /* TIMG, ANIM: checked by their own rules */
    want = 4ull + (unsigned long long)n * record + ((record == 2 && (n & 1)) ? 2 : 0);
    if (want != size)
    {
        __JO_REFUSE_CHUNK(c, kind, c->hdr[kind], "size %u for %u records", size, n);
        return false;
    }
    return true;
}

static bool __jo_3d_check_pairs(const __jo_3d_jom *c)
{
    unsigned int polygons = c->count[__JO_QUAD];
    if (c->count[__JO_QMAT] != polygons)
    {
        __JO_REFUSE_CHUNK(c, __JO_QMAT, c->hdr[__JO_QMAT] + 8, "count %u, QUAD has %u polygons", c->count[__JO_QMAT],
                          polygons);
        return false;
    }
    if (c->present[__JO_CNRM] && (unsigned long long)c->count[__JO_CNRM] != 4ull * polygons)
    {
        __JO_REFUSE_CHUNK(c, __JO_CNRM, c->hdr[__JO_CNRM] + 8, "count %u, not 4 x the %u polygons",
                          c->count[__JO_CNRM], polygons);
        return false;
    }
    if (c->present[__JO_GOUR] && (unsigned long long)c->count[__JO_GOUR] != 4ull * polygons)
    {
        __JO_REFUSE_CHUNK(c, __JO_GOUR, c->hdr[__JO_GOUR] + 8, "count %u, not 4 x the %u polygons",
                          c->count[__JO_GOUR], polygons);
        return false;
    }
    if (c->present[__JO_VCOL] && c->count[__JO_VCOL] != c->count[__JO_PNTS])
    {
        __JO_REFUSE_CHUNK(c, __JO_VCOL, c->hdr[__JO_VCOL] + 8, "count %u, PNTS has %u points", c->count[__JO_VCOL],
                          c->count[__JO_PNTS]);
        return false;
    }
    if (c->present[__JO_NTAB] && !c->present[__JO_CNRM])
    {
        __JO_REFUSE_CHUNK(c, __JO_NTAB, c->hdr[__JO_NTAB], "NTAB needs a CNRM chunk after it");
        return false;
    }
    if (c->present[__JO_CNRM] && !c->present[__JO_NTAB])
    {
        __JO_REFUSE_CHUNK(c, __JO_CNRM, c->hdr[__JO_CNRM], "CNRM needs an NTAB chunk before it");
        return false;
    }
    if (c->present[__JO_GOUR] && !c->present[__JO_VCOL])
    {
        __JO_REFUSE_CHUNK(c, __JO_GOUR, c->hdr[__JO_GOUR], "GOUR needs a VCOL chunk before it");
        return false;
    }
    if (c->present[__JO_BONE] && !c->present[__JO_ANIM])
    {
        __JO_REFUSE_CHUNK(c, __JO_BONE, c->hdr[__JO_BONE], "BONE needs an ANIM chunk after it");
        return false;
    }
    if (c->present[__JO_ANIM] && !c->present[__JO_BONE])
    {
        __JO_REFUSE_CHUNK(c, __JO_ANIM, c->hdr[__JO_ANIM], "ANIM needs a BONE chunk before it");
        return false;
    }
    return true;
}

static bool __jo_3d_check_limits(const __jo_3d_jom *c)
{
    if (c->count[__JO_PNTS] > JO_3D_MODEL_MAX_POINTS)
    {
        __JO_REFUSE_CHUNK(c, __JO_PNTS, c->hdr[__JO_PNTS] + 8, "%u points, SGL takes %u", c->count[__JO_PNTS],
                          (unsigned int)JO_3D_MODEL_MAX_POINTS);
        return false;
    }
    if (c->count[__JO_QUAD] > JO_3D_MODEL_MAX_POLYGONS)
    {
        __JO_REFUSE_CHUNK(c, __JO_QUAD, c->hdr[__JO_QUAD] + 8, "%u polygons, SGL draws %u",
                          c->count[__JO_QUAD], (unsigned int)JO_3D_MODEL_MAX_POLYGONS);
        return false;
    }
    if (c->count[__JO_MATL] > 65535)
    {
        __JO_REFUSE_CHUNK(c, __JO_MATL, c->hdr[__JO_MATL] + 8, "%u materials, more than 65535",
                          c->count[__JO_MATL]);
        return false;
    }
    if (c->present[__JO_NTAB] && c->count[__JO_NTAB] > 65535)
    {
        __JO_REFUSE_CHUNK(c, __JO_NTAB, c->hdr[__JO_NTAB] + 8, "%u normals, more than 65535", c->count[__JO_NTAB]);
        return false;
    }
    if (c->present[__JO_BONE] && c->count[__JO_BONE] > JO_3D_MAX_BONES)
    {
        __JO_REFUSE_CHUNK(c, __JO_BONE, c->hdr[__JO_BONE] + 8, "%u bones, more than 32 (JO_3D_MAX_BONES)",
                          c->count[__JO_BONE]);
        return false;
    }
    return true;
}

/* Every u16 of a chunk of 2-byte records below `limit`. */
static bool __jo_3d_check_indexes(const __jo_3d_jom *c, int kind, unsigned int n, unsigned int limit, const char *what)
{
    const unsigned char *p = __jo_3d_records(c, kind);
    unsigned int i;
    for (i = 0; i < n; i++)
    {
        unsigned int v = __jo_module_u16(p + 2 * i);
        if (v >= limit)
        {
            __JO_REFUSE_CHUNK(c, kind, __jo_3d_record_at(c, kind, i), "index %u past %u %s", v, limit, what);
            return false;
        }
    }
    return true;
}

static bool __jo_3d_check_polygons(const __jo_3d_jom *c)
{
    const unsigned char *p = __jo_3d_records(c, __JO_QUAD);
    unsigned int points = c->count[__JO_PNTS], i, k;
    for (i = 0; i < c->count[__JO_QUAD]; i++)
        for (k = 0; k < 4; k++)
        {
            unsigned int v = __jo_module_u16(p + 20 * i + 12 + 2 * k);
            if (v >= points)
            {
                __JO_REFUSE_CHUNK(c, __JO_QUAD, __jo_3d_record_at(c, __JO_QUAD, i) + 12 + 2 * k,
                                  "index %u past %u points", v, points);
                return false;
            }
        }
    return true;
}

static bool __jo_3d_check_materials(const __jo_3d_jom *c)
{
    unsigned int i, textures = c->present[__JO_TEXT] ? c->count[__JO_TEXT] : 0;
    for (i = 0; i < c->count[__JO_MATL]; i++)
    {
        unsigned int at = __jo_3d_record_at(c, __JO_MATL, i);
        int texture = (short)__jo_module_u16(c->data + at + 20);
        if (!__jo_3d_check_name(c, __JO_MATL, at, "material", i))
            return false;
        if (texture == -1)
            continue;
        if (texture < -1 || (unsigned int)texture >= textures)
        {
            if (c->present[__JO_TEXT])
                __JO_REFUSE_CHUNK(c, __JO_MATL, at + 20, "material %u uses texture %d, TEXT has %u", i, texture,
                                  textures);
            else
                __JO_REFUSE_CHUNK(c, __JO_MATL, at + 20, "material %u uses texture %d, no TEXT chunk", i, texture);
            return false;
        }
    }
    return true;
}

static bool __jo_3d_check_texture_names(const __jo_3d_jom *c)
{
    unsigned int i;
    if (!c->present[__JO_TEXT])
        return true;
    for (i = 0; i < c->count[__JO_TEXT]; i++)
    {
        unsigned int at = __jo_3d_record_at(c, __JO_TEXT, i);
        const unsigned char *name = c->data + at;
        if (!__jo_3d_check_name(c, __JO_TEXT, at, "texture", i))
            return false;
        if (name[0] == 0)
        {
            __JO_REFUSE_CHUNK(c, __JO_TEXT, at, "texture %u has an empty name", i);
            return false;
        }
        if (i < c->timg_count ? !__jo_3d_stem_dot_ext(name, 15, 15) : !__jo_3d_stem_dot_ext(name, 8, 12))
        {
            __JO_REFUSE_CHUNK(c, __JO_TEXT, at, "texture %u '%s' is not a %s", i, (const char *)name,
                              i < c->timg_count ? "texture name" : "CD name (8.3)");
            return false;
        }
    }
    return true;
}

static bool __jo_3d_check_groups(const __jo_3d_jom *c)
{
    unsigned int i;
    if (!c->present[__JO_GRUP])
        return true;
    for (i = 0; i < c->count[__JO_GRUP]; i++)
    {
        unsigned int at = __jo_3d_record_at(c, __JO_GRUP, i);
        const unsigned char *g = c->data + at;
        unsigned int first_point = __jo_module_u16(g + 16), points = __jo_module_u16(g + 18);
        unsigned int first_polygon = __jo_module_u16(g + 20), polygons = __jo_module_u16(g + 22);
        if (!__jo_3d_check_name(c, __JO_GRUP, at, "group", i))
            return false;
        if (first_point + points > c->count[__JO_PNTS])
        {
            __JO_REFUSE_CHUNK(c, __JO_GRUP, at + 16, "group %u: points %u+%u past %u", i, first_point, points,
                              c->count[__JO_PNTS]);
            return false;
        }
        if (first_polygon + polygons > c->count[__JO_QUAD])
        {
            __JO_REFUSE_CHUNK(c, __JO_GRUP, at + 20, "group %u: polygons %u+%u past %u", i, first_polygon, polygons,
                              c->count[__JO_QUAD]);
            return false;
        }
    }
    return true;
}

static bool __jo_3d_check_bones(const __jo_3d_jom *c)
{
    unsigned int i, groups = c->present[__JO_GRUP] ? c->count[__JO_GRUP] : 0;
    if (!c->present[__JO_BONE])
        return true;
    for (i = 0; i < c->count[__JO_BONE]; i++)
    {
        unsigned int at = __jo_3d_record_at(c, __JO_BONE, i);
        unsigned int group = __jo_module_u16(c->data + at + 16);
        int parent = (short)__jo_module_u16(c->data + at + 18);
        if (!__jo_3d_check_name(c, __JO_BONE, at, "bone", i))
            return false;
        if (parent < -1 || (parent >= 0 && (unsigned int)parent >= i))
        {
            __JO_REFUSE_CHUNK(c, __JO_BONE, at + 18, "bone %u has parent %d: not -1 or a bone before", i, parent);
            return false;
        }
        if (group != JO_3D_BONE_NO_GROUP && group >= groups)
        {
            if (c->present[__JO_GRUP])
                __JO_REFUSE_CHUNK(c, __JO_BONE, at + 16, "bone %u moves group %u, GRUP has %u", i, group, groups);
            else
                __JO_REFUSE_CHUNK(c, __JO_BONE, at + 16, "bone %u moves group %u, no GRUP chunk", i, group);
            return false;
        }
    }
    return true;
}

static bool __jo_3d_check_animations(const __jo_3d_jom *c)
{
    unsigned int n = c->count[__JO_ANIM], size = c->len[__JO_ANIM], i;
    unsigned long long records_end = 4ull + (unsigned long long)n * 28;
    unsigned int key_size = __jo_3d_key_size(c->count[__JO_BONE]);
    if (!c->present[__JO_ANIM])
        return true;
    if (records_end > size)
    {
        __JO_REFUSE_CHUNK(c, __JO_ANIM, c->hdr[__JO_ANIM], "size %u is too small for %u animations", size, n);
        return false;
    }
    for (i = 0; i < n; i++)
    {
        unsigned int at = c->hdr[__JO_ANIM] + __JO_CHUNK_HEADER + 4 + 28 * i;
        const unsigned char *a = c->data + at;
        unsigned int keys = __jo_module_u16(a + 16), offset = __jo_module_u32(a + 24);
        if (!__jo_3d_check_name(c, __JO_ANIM, at, "animation", i))
            return false;
        if (keys == 0)
        {
            __JO_REFUSE_CHUNK(c, __JO_ANIM, at + 16, "animation %u has 0 keys, at least 1", i);
            return false;
        }
        if ((offset & 3) != 0)
        {
            __JO_REFUSE_CHUNK(c, __JO_ANIM, at + 24, "animation %u: key offset %u not a multiple of 4", i, offset);
            return false;
        }
        if (offset < records_end)
        {
            __JO_REFUSE_CHUNK(c, __JO_ANIM, at + 24, "animation %u: key offset %u inside the records", i, offset);
            return false;
        }
        if ((unsigned long long)offset + (unsigned long long)keys * key_size > size)
        {
            __JO_REFUSE_CHUNK(c, __JO_ANIM, at + 24, "animation %u: keys past the end of the chunk", i);
            return false;
        }
    }
    /* No two animations share a key (the host's rule): a bit per 4 bytes
       of the chunk (a key is a multiple of 4 bytes). */
    if (n > 1)
    {
        unsigned char *bits = __jo_3d_scratch(c, (size >> 5) + 1);
        bool ok = true;
        if (bits == JO_NULL)
            return false;
        for (i = 0; i < n && ok; i++)
        {
            unsigned int at = c->hdr[__JO_ANIM] + __JO_CHUNK_HEADER + 4 + 28 * i;
            unsigned int keys = __jo_module_u16(c->data + at + 16), offset = __jo_module_u32(c->data + at + 24);
            if (!__jo_3d_mark(bits, offset >> 2, (keys * key_size) >> 2))
            {
                __JO_REFUSE_CHUNK(c, __JO_ANIM, at + 24, "animation %u: its keys overlap another's", i);
                ok = false;
            }
        }
        jo_free(bits);
        return ok;
    }
    return true;
}

/* The host's sharing rules of the groups (validate.c): no two groups share
   a polygon or an own point, and a group's own points are used by its own
   polygons only (its bone would tear the others). Bitmaps and, for the
   last rule, the owner of each point and the group of each polygon, in
   one temporary block (at most 2500 + 1761 u16). */
static bool __jo_3d_check_group_sharing(const __jo_3d_jom *c)
{
    unsigned int points = c->count[__JO_PNTS], polygons = c->count[__JO_QUAD], groups, g, i, k;
    unsigned int bitmap_bytes = ((points + 7) >> 3) + ((polygons + 7) >> 3);
    unsigned char *block, *point_bits, *polygon_bits;
    unsigned short *owner, *polygon_group;
    const unsigned char *quad = __jo_3d_records(c, __JO_QUAD);
    bool ok = true;
    if (!c->present[__JO_GRUP] || c->count[__JO_GRUP] == 0)
        return true;
    groups = c->count[__JO_GRUP];
    block = __jo_3d_scratch(c, __jo_3d_round4(bitmap_bytes) + 2 * (points + polygons));
    if (block == JO_NULL)
        return false;
    owner = (unsigned short *)(block + __jo_3d_round4(bitmap_bytes));
    polygon_group = owner + points;
    point_bits = block;
    polygon_bits = block + ((points + 7) >> 3);
    for (i = 0; i < points; i++)
        owner[i] = 0xFFFF;
    for (i = 0; i < polygons; i++)
        polygon_group[i] = 0xFFFF;
    for (g = 0; g < groups && ok; g++)
    {
        unsigned int at = __jo_3d_record_at(c, __JO_GRUP, g);
        const unsigned char *r = c->data + at;
        unsigned int first_point = __jo_module_u16(r + 16), point_count = __jo_module_u16(r + 18);
        unsigned int first_polygon = __jo_module_u16(r + 20), polygon_count = __jo_module_u16(r + 22);
        if (!__jo_3d_mark(polygon_bits, first_polygon, polygon_count))
        {
            __JO_REFUSE_CHUNK(c, __JO_GRUP, at + 20, "group %u: its polygons overlap another group", g);
            ok = false;
        }
        else if (!__jo_3d_mark(point_bits, first_point, point_count))
        {
            __JO_REFUSE_CHUNK(c, __JO_GRUP, at + 16, "group %u: its points overlap another group", g);
            ok = false;
        }
        for (i = 0; i < point_count && ok; i++)
            owner[first_point + i] = (unsigned short)g;
        for (i = 0; i < polygon_count && ok; i++)
            polygon_group[first_polygon + i] = (unsigned short)g;
    }
    for (i = 0; i < polygons && ok; i++)
        for (k = 0; k < 4 && ok; k++)
        {
            unsigned int v = __jo_module_u16(quad + 20 * i + 12 + 2 * k);
            if (owner[v] != 0xFFFF && owner[v] != polygon_group[i])
            {
                __JO_REFUSE_CHUNK(c, __JO_GRUP, __jo_3d_record_at(c, __JO_GRUP, owner[v]) + 16,
                                  "group %u: point %u used by polygon %u", (unsigned int)owner[v], v, i);
                ok = false;
            }
        }
    jo_free(block);
    return ok;
}

/* The bounding sphere of the header holds every point (the host's rule:
   a point farther than radius + 2 units, in Q16.16 raw units, refuses the
   file; jo_3d_is_sphere_visible() would cull the model on the screen).
   Exact in integers: |dx| < 2^32, so dx^2 fits in 64 bits; a sum that
   overflows is farther than any radius. */
static bool __jo_3d_check_sphere(const __jo_3d_jom *c)
{
    const unsigned char *d = c->data, *p = __jo_3d_records(c, __JO_PNTS);
    long long center[3], r = (long long)(int)__jo_module_u32(d + 20) + 2;
    unsigned long long limit = r < 0 ? 0 : (unsigned long long)r * (unsigned long long)r;
    unsigned int i, k;
    for (k = 0; k < 3; k++)
        center[k] = (int)__jo_module_u32(d + 8 + 4 * k);
    for (i = 0; i < c->count[__JO_PNTS]; i++)
    {
        unsigned long long sum = 0;
        bool outside = r < 0;
        for (k = 0; k < 3 && !outside; k++)
        {
            long long delta = (long long)(int)__jo_module_u32(p + 12 * i + 4 * k) - center[k];
            unsigned int a = (unsigned int)(delta < 0 ? -delta : delta);
            unsigned long long square = (unsigned long long)a * a;
            sum += square;
            if (sum < square)
                outside = true; /* past 2^64 */
        }
        if (outside || sum > limit)
        {
            __JO_REFUSE_HEADER(c, 20, "point %u outside the bounding sphere", i);
            return false;
        }
    }
    return true;
}

/* The whole check. On success every count, offset and index the model
   uses is inside the buffer. */
static bool __jo_3d_check(__jo_3d_jom *c)
{
    static const int mandatory[4] = {__JO_PNTS, __JO_QUAD, __JO_QMAT, __JO_MATL};
    const unsigned char *d = c->data;
    int k, i;
    if (((unsigned long)d & 3) != 0)
    {
        __jo_module_error("%s: the data are not 4-byte aligned", c->name);
        return false;
    }
    if (c->size < __JO_HEADER_SIZE)
    {
        __JO_REFUSE_HEADER(c, 0, "%u bytes, shorter than the header (24)", c->size);
        return false;
    }
    if (d[0] != 'J' || d[1] != 'O' || d[2] != 'M' || d[3] != '1')
    {
        __JO_REFUSE_HEADER(c, 0, "magic is not \"JOM1\": not a JOM file");
        return false;
    }
    if (__jo_module_u16(d + 4) != JO_3D_MODEL_VERSION)
    {
        __JO_REFUSE_HEADER(c, 4, "version %u, this engine reads %u", (unsigned int)__jo_module_u16(d + 4),
                           (unsigned int)JO_3D_MODEL_VERSION);
        return false;
    }
    if (!__jo_3d_walk(c))
        return false;
    for (i = 0; i < 4; i++)
    {
        k = mandatory[i];
        if (!c->present[k])
        {
            /* where it was expected: before the first chunk that follows it */
            unsigned int where = c->size;
            int later;
            for (later = k + 1; later < __JO_KINDS; later++)
                if (c->present[later] && c->hdr[later] < where)
                    where = c->hdr[later];
            __JO_REFUSE_CHUNK(c, k, where, "missing: every JOM file has one");
            return false;
        }
    }
    if (!c->present[__JO_END])
    {
        __JO_REFUSE_CHUNK(c, __JO_END, c->size, "missing: the file ends without END");
        return false;
    }
    for (k = 0; k < __JO_END; k++)
    {
        if (!c->present[k] || (k == __JO_TIMG && !c->timg_in_data))
            continue;
        if (!__jo_3d_check_count(c, k))
            return false;
        if (k == __JO_TIMG && !__jo_3d_check_timg(c))
            return false;
    }
    return __jo_3d_check_pairs(c) && __jo_3d_check_limits(c) && __jo_3d_check_polygons(c) &&
           __jo_3d_check_indexes(c, __JO_QMAT, c->count[__JO_QUAD], c->count[__JO_MATL], "materials") &&
           __jo_3d_check_materials(c) && __jo_3d_check_texture_names(c) &&
           (!c->present[__JO_CNRM] ||
            __jo_3d_check_indexes(c, __JO_CNRM, c->count[__JO_CNRM], c->count[__JO_NTAB], "normals")) &&
           __jo_3d_check_groups(c) && __jo_3d_check_group_sharing(c) && __jo_3d_check_sphere(c) &&
           __jo_3d_check_bones(c) &&
           __jo_3d_check_animations(c);
}

/* ---- textures, gouraud tables, attributes ---- */

/* How jo_3d_load_model() reads TIMG from the CD (pass 2). */
typedef struct
{
    const char *filename;   /* JO_NULL: TIMG is in the buffer */
    unsigned int timg_size; /* the data size of the chunk */
} __jo_3d_source;

/* The derived sprites the materials of the model ask for, for texture i. */
static bool __jo_3d_derive(const __jo_3d_jom *c, const unsigned int i, const int sprite)
{
    const unsigned char *m = __jo_3d_records(c, __JO_MATL);
    bool tiles = false, mipmaps = false;
    unsigned int k;
    for (k = 0; k < c->count[__JO_MATL]; k++)
    {
        int texture = (short)__jo_module_u16(m + 32 * k + 20);
        unsigned int flags = __jo_module_u32(m + 32 * k + 24);
        if (texture < 0 || (unsigned int)texture != i)
            continue;
        if (flags & (JO_3D_MATERIAL_SUBDIVISION | JO_3D_MATERIAL_SUBDIVISION_NEAR))
            tiles = true;
        if (flags & JO_3D_MATERIAL_MIPMAPS)
            mipmaps = true;
    }
    if (!tiles && !mipmaps)
        return true;
    return __jo_3d_texture_derive(c->name, sprite, tiles, mipmaps);
}

/* An embedded texture was added (or found): it is texture i when TEXT has
   that many names. */
static bool __jo_3d_embedded_done(const __jo_3d_jom *c, jo_3d_model *model, unsigned int i, int sprite)
{
    if (sprite < 0)
        return false;
    if (i >= model->texture_count)
        return true; /* an entry past the names of TEXT: loaded, used by nothing */
    model->textures[i] = sprite;
    return __jo_3d_derive(c, i, sprite);
}

/* TIMG of a file of the CD: pass 2, one entry at a time, each entry's
   pixels in a block of their own, freed once the sprite is added
   (__jo_3d_texture_add_entry waits for the DMA), or skipped when a
   texture of that name is loaded. */
static bool __jo_3d_timg_from_file(const __jo_3d_jom *c, jo_3d_model *model, const __jo_3d_source *src)
{
    jo_file file;
    unsigned char head[__JO_TIMG_ENTRY_HEADER];
    unsigned int room = src->timg_size - 4, pos = 0, i, offset = __JO_HEADER_SIZE + __JO_CHUNK_HEADER + 4;
    bool ok = false;
    if (!jo_fs_open(&file, src->filename))
    {
        __jo_module_error("%s: cannot be opened again for TIMG", c->name);
        return false;
    }
    if (!jo_fs_seek_forward(&file, offset))
    {
        __jo_module_error("%s: chunk TIMG at 0x18: cannot be read", c->name);
        goto done;
    }
    if ((unsigned long long)c->timg_count * __JO_TIMG_ENTRY_HEADER > room)
    {
        __jo_module_error("%s: chunk TIMG at 0x20: %u textures cannot fit in %u bytes", c->name, c->timg_count,
                          src->timg_size);
        goto done;
    }
    for (i = 0; i < c->timg_count; i++)
    {
        unsigned int bytes, at = offset + pos;
        char name[16];
        int sprite;
        if (room - pos < __JO_TIMG_ENTRY_HEADER)
        {
            __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: header past the chunk", c->name, at, i);
            goto done;
        }
        if (jo_fs_read_next_bytes(&file, (char *)head, __JO_TIMG_ENTRY_HEADER) != (int)__JO_TIMG_ENTRY_HEADER)
        {
            __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: cannot be read", c->name, at, i);
            goto done;
        }
        if (!__jo_3d_check_timg_entry(c->name, at, head, i, &bytes))
            goto done;
        pos += __JO_TIMG_ENTRY_HEADER;
        if (bytes > room - pos)
        {
            __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: %u bytes of pixels past the chunk", c->name, at, i,
                              bytes);
            goto done;
        }
        __jo_module_name_copy(name, (const char *)head);
        sprite = jo_3d_model_loaded_texture(name);
        if (sprite >= 0)
        {
            if (!jo_fs_seek_forward(&file, bytes))
            {
                __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: cannot be read", c->name, at, i);
                goto done;
            }
        }
        else
        {
            unsigned char *pixels = (unsigned char *)jo_malloc(bytes);
            if (pixels == JO_NULL)
            {
                __jo_module_error("%s: out of memory (%u bytes for texture %u)", c->name, bytes, i);
                goto done;
            }
            if (jo_fs_read_next_bytes(&file, (char *)pixels, bytes) != (int)bytes)
            {
                jo_free(pixels);
                __jo_module_error("%s: chunk TIMG at 0x%x: texture %u: cannot be read", c->name, at, i);
                goto done;
            }
            sprite = __jo_3d_texture_add_entry(c->name, at, head, pixels);
            jo_free(pixels);
        }
        pos += bytes;
        if (!__jo_3d_embedded_done(c, model, i, sprite))
            goto done;
    }
    if (pos != room)
    {
        __jo_module_error("%s: chunk TIMG at 0x%x: %u bytes after the last texture", c->name, offset + pos,
                          room - pos);
        goto done;
    }
    ok = true;
done:
    jo_fs_close(&file);
    return ok;
}

/* The textures of the model, in the host's order (docs/cd.md): the TIMG
   entries, each followed by its tiles and copies, then the TEXT names past
   them from the CD. */
static bool __jo_3d_load_textures(const __jo_3d_jom *c, jo_3d_model *model, const __jo_3d_source *src)
{
    unsigned int i;
    if (c->timg_in_data)
    {
        unsigned int pos = c->hdr[__JO_TIMG] + __JO_CHUNK_HEADER + 4;
        for (i = 0; i < c->timg_count; i++)
        {
            const unsigned char *e = c->data + pos;
            unsigned int bytes = __jo_3d_timg_pixel_bytes(__jo_module_u16(e + 16), __jo_module_u16(e + 18),
                                                          __jo_module_u16(e + 20));
            int sprite = __jo_3d_texture_add_entry(c->name, __jo_3d_at(c, pos), e, e + __JO_TIMG_ENTRY_HEADER);
            if (!__jo_3d_embedded_done(c, model, i, sprite))
                return false;
            pos += __JO_TIMG_ENTRY_HEADER + bytes;
        }
    }
    else if (src->filename != JO_NULL && c->timg_count > 0)
    {
        if (!__jo_3d_timg_from_file(c, model, src))
            return false;
    }
    for (i = c->timg_count; i < model->texture_count; i++)
    {
        const char *name = (const char *)c->data + __jo_3d_record_at(c, __JO_TEXT, i);
        int sprite = __jo_3d_texture_load_file(c->name, name);
        if (sprite < 0)
            return false;
        model->textures[i] = sprite;
        if (!__jo_3d_derive(c, i, sprite))
            return false;
    }
    return true;
}

static bool __jo_3d_material_gouraud(const __jo_3d_jom *c, unsigned int polygon)
{
    unsigned int m = __jo_module_u16(__jo_3d_records(c, __JO_QMAT) + 2 * polygon);
    return c->present[__JO_GOUR] &&
           (__jo_module_u32(__jo_3d_records(c, __JO_MATL) + 32 * m + 24) & JO_3D_MATERIAL_GOURAUD) != 0;
}

/* The gouraud tables, after every texture, in polygon order (RULES: the
   first earlier polygon with the same 4 GOUR words gives its table; for
   the lights, one per polygon). Writes each polygon's gstb. */
static bool __jo_3d_make_gouraud(const __jo_3d_jom *c, jo_3d_model *model, ATTR *attr, const bool for_lights)
{
    const unsigned char *gour = c->present[__JO_GOUR] ? __jo_3d_records(c, __JO_GOUR) : JO_NULL;
    unsigned int p, q, k, polygons = c->count[__JO_QUAD];
    for (p = 0; p < polygons; p++)
    {
        bool gouraud = __jo_3d_material_gouraud(c, p);
        unsigned short colors[4];
        int sprite;
        attr[p].gstb = 0;
        if (!gouraud && !for_lights)
            continue;
        for (k = 0; k < 4; k++)
            colors[k] = gouraud ? __jo_module_u16(gour + 8 * p + 2 * k) : __JO_NO_GOURAUD_COLOR;
        if (!for_lights)
        {
            /* an earlier polygon with a table is one of a GOURAUD material
               (not for the lights: every table is then its own) */
            for (q = 0; q < p; q++)
                if (attr[q].gstb != 0 && __jo_module_u16(gour + 8 * q) == colors[0] &&
                    __jo_module_u16(gour + 8 * q + 2) == colors[1] && __jo_module_u16(gour + 8 * q + 4) == colors[2] &&
                    __jo_module_u16(gour + 8 * q + 6) == colors[3])
                    break;
            if (q < p)
            {
                attr[p].gstb = attr[q].gstb;
                continue;
            }
        }
        sprite = __jo_3d_gouraud_add(c->name, colors);
        if (sprite < 0)
            return false;
        attr[p].gstb = __jo_sprite_def[sprite].adr;
        model->gouraud_tables++;
    }
    return true;
}

/* The ATTR of each polygon (RULES.md, docs/engine.md: the table). */
static void __jo_3d_make_attributes(const __jo_3d_jom *c, const jo_3d_model *model, ATTR *attr, const bool for_lights)
{
    const unsigned char *qmat = __jo_3d_records(c, __JO_QMAT), *matl = __jo_3d_records(c, __JO_MATL);
    unsigned int p;
    for (p = 0; p < c->count[__JO_QUAD]; p++)
    {
        const unsigned char *m = matl + 32 * __jo_module_u16(qmat + 2 * p);
        unsigned int flags = __jo_module_u32(m + 24);
        int texture = (short)__jo_module_u16(m + 20);
        unsigned int sort, atrb, colno = 0, dir, texno = 0, sorting = flags & JO_3D_MATERIAL_SORT_PREVIOUS;
        sort = sorting == JO_3D_MATERIAL_SORT_MIN   ? SORT_MIN
               : sorting == JO_3D_MATERIAL_SORT_MAX ? SORT_MAX
               : sorting != 0                       ? SORT_BFR
                                                    : SORT_CEN;
        if (flags & JO_3D_MATERIAL_LIGHT)
            sort |= UseLight;
        if (texture >= 0)
        {
            const __jo_3d_texture *t;
            texno = (unsigned int)model->textures[texture];
            t = __jo_3d_texture_of(model->textures[texture]);
            sort |= UseTexture;
            if (t != JO_NULL && t->mode == __JO_3D_TEXTURE_LUT)
            {
                atrb = CL16Look;
                colno = t->lut >> 3;
            }
            else if (t != JO_NULL && t->mode == __JO_3D_TEXTURE_PAL)
            {
                atrb = CL256Bnk;
                sort |= UsePalette;
            }
            else
                atrb = CL32KRGB;
            if (!(flags & JO_3D_MATERIAL_END_CODES))
                atrb |= ECdis;
            dir = FUNC_Texture;
            if (flags & JO_3D_MATERIAL_FLIP_H)
                dir |= 0x10;
            if (flags & JO_3D_MATERIAL_FLIP_V)
                dir |= 0x20;
        }
        else
        {
            atrb = CL32KRGB | ECdis | SPdis;
            colno = 0x8000u | ((unsigned int)(m[18] >> 3) << 10) | ((unsigned int)(m[17] >> 3) << 5) |
                    (unsigned int)(m[16] >> 3);
            dir = FUNC_Polygon;
        }
        if (flags & JO_3D_MATERIAL_HALF_TRANSPARENT)
            atrb |= CL_Trans;
        if ((flags & JO_3D_MATERIAL_GOURAUD) || for_lights)
            atrb |= CL_Gouraud;
        if (flags & JO_3D_MATERIAL_SCREEN_DOORS)
            atrb |= MESHon;
        attr[p].flag = (flags & JO_3D_MATERIAL_DUAL_PLANE) ? Dual_Plane : Single_Plane;
        attr[p].sort = (Uint8)sort;
        attr[p].texno = (Uint16)texno;
        attr[p].atrb = (Uint16)atrb;
        attr[p].colno = (Uint16)colno;
        attr[p].dir = (Uint16)dir;
    }
}

/* ---- making the model ---- */

#define __JO_MODE_IN_PLACE (0)
#define __JO_MODE_COPY (1)
#define __JO_MODE_LOAD (2)

/* A table of the file: in place, the bytes themselves; copied, a block of
   its own (JO_NULL for no record). false: out of memory. */
static bool __jo_3d_table(const __jo_3d_jom *c, const int mode, int kind, unsigned int bytes, const unsigned char *from,
                          void **out)
{
    *out = JO_NULL;
    if (!c->present[kind])
        return true;
    if (mode != __JO_MODE_COPY)
    {
        *out = (void *)from;
        return true;
    }
    if (bytes == 0)
        return true;
    *out = jo_malloc(bytes);
    if (*out == JO_NULL)
    {
        __jo_module_error("%s: out of memory (%u bytes for %s)", c->name, bytes, __jo_3d_kind_names[kind]);
        return false;
    }
    __jo_module_copy(*out, from, bytes);
    return true;
}

static void __jo_3d_free_tables(jo_3d_model *model)
{
    void *tables[10];
    unsigned int i;
    tables[0] = model->mesh->data.pntbl;
    tables[1] = model->mesh->data.pltbl;
    tables[2] = model->polygon_materials;
    tables[3] = model->materials;
    tables[4] = model->normals;
    tables[5] = model->corner_normals;
    tables[6] = model->vertex_colors;
    tables[7] = model->groups;
    tables[8] = model->bones;
    tables[9] = (void *)model->animation_data;
    /* the reverse of their allocation: jo_free lowers the top of the heap
       only over the last block (jo-engine-api 2.3), so the blocks go back
       without leaving holes */
    for (i = 10; i-- > 0;)
        if (tables[i] != JO_NULL)
            jo_free(tables[i]);
}

/* The model from a checked buffer. `file`: the block of jo_3d_load_model()
   (given to the model on success, freed by the caller on failure). */
static jo_3d_model *__jo_3d_make(__jo_3d_jom *c, const int mode, void *file, const __jo_3d_source *src,
                                 const bool for_lights)
{
    const unsigned char *d = c->data;
    unsigned int points = c->count[__JO_PNTS], polygons = c->count[__JO_QUAD];
    unsigned int textures = c->present[__JO_TEXT] ? c->count[__JO_TEXT] : 0;
    unsigned int bones = c->present[__JO_BONE] ? c->count[__JO_BONE] : 0;
    unsigned int animations = c->present[__JO_ANIM] ? c->count[__JO_ANIM] : 0;
    unsigned int i, j, k, first_sprite = (unsigned int)jo_sprite_count();
    unsigned int off_mesh, off_attr, off_textures, off_animations, off_posed, off_turned, off_children, total;
    bool light = false;
    unsigned char *block;
    jo_3d_model *model;
    void *table;
    const unsigned char *matl = __jo_3d_records(c, __JO_MATL);

    for (i = 0; i < c->count[__JO_MATL]; i++)
        if (__jo_module_u32(matl + 32 * i + 24) & JO_3D_MATERIAL_LIGHT)
            light = true;
    /* The one block: the model, mesh[], ATTR, texture ids, the ANIM
       records, posed points and turned polygons (bones), bone_children.
       Every count is bounded by the checked file (points <= 2500,
       polygons <= 1761, animations x 28 <= the file). */
    off_mesh = __jo_3d_round4(sizeof(jo_3d_model));
    off_attr = off_mesh + (bones > 0 ? 2 : 1) * sizeof(jo_3d_mesh);
    off_textures = off_attr + polygons * sizeof(ATTR);
    off_animations = off_textures + textures * sizeof(int);
    off_posed = off_animations + animations * sizeof(jo_3d_animation);
    off_turned = off_posed + (bones > 0 ? points * sizeof(POINT) : 0);
    off_children = off_turned + (bones > 0 && light ? polygons * sizeof(POLYGON) : 0);
    total = __jo_3d_round4(off_children + bones);
    block = (unsigned char *)jo_malloc(total);
    if (block == JO_NULL)
    {
        __jo_module_error("%s: out of memory (%u bytes for the model)", c->name, total);
        return JO_NULL;
    }
    __jo_module_zero(block, total);
    model = (jo_3d_model *)block;
    model->mesh = (jo_3d_mesh *)(block + off_mesh);
    model->mesh->data.attbl = (ATTR *)(block + off_attr);
    model->textures = textures > 0 ? (int *)(block + off_textures) : JO_NULL;
    model->texture_count = textures;
    for (i = 0; i < textures; i++)
        model->textures[i] = -1;
    model->single_block = mode != __JO_MODE_COPY;
    model->file_not_owned = mode == __JO_MODE_IN_PLACE;
    model->file = mode == __JO_MODE_COPY ? JO_NULL : (mode == __JO_MODE_LOAD ? file : (void *)d);
    model->center.x = (jo_fixed)__jo_module_u32(d + 8);
    model->center.y = (jo_fixed)__jo_module_u32(d + 12);
    model->center.z = (jo_fixed)__jo_module_u32(d + 16);
    model->radius = (jo_fixed)__jo_module_u32(d + 20);

    /* The tables: in place, or copied. */
    if (!__jo_3d_table(c, mode, __JO_PNTS, points * 12, __jo_3d_records(c, __JO_PNTS), &table))
        goto fail;
    model->mesh->data.pntbl = (POINT *)table;
    model->mesh->data.nbPoint = points;
    if (!__jo_3d_table(c, mode, __JO_QUAD, polygons * 20, __jo_3d_records(c, __JO_QUAD), &table))
        goto fail;
    model->mesh->data.pltbl = (POLYGON *)table;
    model->mesh->data.nbPolygon = polygons;
    if (!__jo_3d_table(c, mode, __JO_QMAT, polygons * 2, __jo_3d_records(c, __JO_QMAT), &table))
        goto fail;
    model->polygon_materials = (unsigned short *)table;
    model->material_count = c->count[__JO_MATL];
    if (!__jo_3d_table(c, mode, __JO_MATL, model->material_count * 32, matl, &table))
        goto fail;
    model->materials = (jo_3d_material *)table;
    if (c->present[__JO_NTAB])
    {
        model->normal_count = c->count[__JO_NTAB];
        if (!__jo_3d_table(c, mode, __JO_NTAB, model->normal_count * 12, __jo_3d_records(c, __JO_NTAB), &table))
            goto fail;
        model->normals = (jo_pos3D_fixed *)table;
        if (!__jo_3d_table(c, mode, __JO_CNRM, polygons * 8, __jo_3d_records(c, __JO_CNRM), &table))
            goto fail;
        model->corner_normals = (unsigned short *)table;
    }
    if (!__jo_3d_table(c, mode, __JO_VCOL, points * 12, __jo_3d_records(c, __JO_VCOL), &table))
        goto fail;
    model->vertex_colors = (jo_pos3D_fixed *)table;
    if (c->present[__JO_GRUP])
    {
        model->group_count = c->count[__JO_GRUP];
        if (!__jo_3d_table(c, mode, __JO_GRUP, model->group_count * 24, __jo_3d_records(c, __JO_GRUP), &table))
            goto fail;
        model->groups = (jo_3d_model_group *)table;
    }
    if (bones > 0)
    {
        model->bone_count = bones;
        if (!__jo_3d_table(c, mode, __JO_BONE, bones * 32, __jo_3d_records(c, __JO_BONE), &table))
            goto fail;
        model->bones = (jo_3d_bone *)table;
        model->bone_children = (signed char *)(block + off_children);
        for (i = 0; i < bones; i++)
        {
            int parent = (short)__jo_module_u16(__jo_3d_records(c, __JO_BONE) + 32 * i + 18);
            if (parent >= 0)
                model->bone_children[parent]++;
        }
    }
    if (c->present[__JO_ANIM])
    {
        /* The keys: their offsets count from the start of the ANIM data. */
        if (!__jo_3d_table(c, mode, __JO_ANIM, c->len[__JO_ANIM], d + c->hdr[__JO_ANIM] + __JO_CHUNK_HEADER, &table))
            goto fail;
        model->animation_data = (const unsigned char *)table;
        model->animation_count = animations;
        model->animations = animations > 0 ? (jo_3d_animation *)(block + off_animations) : JO_NULL;
        for (i = 0; i < animations; i++)
        {
            const unsigned char *a = __jo_3d_records(c, __JO_ANIM) + 28 * i;
            jo_3d_animation *to = &model->animations[i];
            for (k = 0; k < 16; k++)
                to->name[k] = (char)a[k];
            to->key_count = __jo_module_u16(a + 16);
            to->key_ticks = __jo_module_u16(a + 18);
            to->flags = __jo_module_u16(a + 20);
            to->offset = __jo_module_u32(a + 24);
            to->duplicate = 0;
            for (j = 0; j < i; j++)
                if (__jo_module_name_equals(model->animations[j].name, to->name, 16))
                {
                    to->duplicate = 1;
                    break;
                }
        }
    }
    if (bones > 0)
    {
        /* mesh[1]: what jo_3d_model_draw_pose() fills and puts. */
        jo_3d_mesh *posed = model->mesh + 1;
        posed->data.pntbl = (POINT *)(block + off_posed);
        posed->data.nbPoint = points;
        if (points > 0)
            __jo_module_copy(posed->data.pntbl, __jo_3d_records(c, __JO_PNTS), points * 12);
        if (light)
        {
            posed->data.pltbl = (POLYGON *)(block + off_turned);
            if (polygons > 0)
                __jo_module_copy(posed->data.pltbl, __jo_3d_records(c, __JO_QUAD), polygons * 20);
        }
        else
            posed->data.pltbl = model->mesh->data.pltbl;
        posed->data.nbPolygon = polygons;
        posed->data.attbl = model->mesh->data.attbl;
    }

    /* Textures, gouraud tables, attributes. */
    if (!__jo_3d_load_textures(c, model, src))
        goto fail;
    if (!__jo_3d_make_gouraud(c, model, model->mesh->data.attbl, for_lights))
        goto fail;
    __jo_3d_make_attributes(c, model, model->mesh->data.attbl, for_lights);
    return model;

fail:
    /* As before the call: the sprites of this load, the blocks. */
    jo_3d_model_free_textures_from((int)first_sprite);
    if (mode == __JO_MODE_COPY)
        __jo_3d_free_tables(model);
    jo_free(block);
    return JO_NULL;
}

/* ---- the public functions ---- */

static void __jo_3d_jom_init(__jo_3d_jom *c, const char *name, const unsigned char *data, unsigned int size)
{
    __jo_module_zero(c, sizeof(*c));
    c->name = name;
    c->data = data;
    c->size = size;
    c->timg_in_data = true;
}

static jo_3d_model *__jo_3d_from_memory(const unsigned char *const data, const unsigned int size, const int mode)
{
    __jo_3d_jom c;
    __jo_3d_source src;
    __jo_3d_model_init();
    if (data == JO_NULL)
    {
        __jo_module_error("JOM: no data");
        return JO_NULL;
    }
    __jo_3d_jom_init(&c, "JOM", data, size);
    if (!__jo_3d_check(&c))
        return JO_NULL;
    src.filename = JO_NULL;
    src.timg_size = 0;
    return __jo_3d_make(&c, mode, JO_NULL, &src, false);
}

jo_3d_model *jo_3d_create_model_in_place(const unsigned char *const data, const unsigned int size)
{
    return __jo_3d_from_memory(data, size, __JO_MODE_IN_PLACE);
}

jo_3d_model *jo_3d_create_model_from_memory(const unsigned char *const data, const unsigned int size)
{
    return __jo_3d_from_memory(data, size, __JO_MODE_COPY);
}

/* Reads n bytes of the stream into p; false (message) when it cannot. */
static bool __jo_3d_read(jo_file *file, const char *name, unsigned char *p, unsigned int n)
{
    if (n == 0)
        return true;
    if (jo_fs_read_next_bytes(file, (char *)p, n) == (int)n)
        return true;
    __jo_module_error("%s: cannot be read (%u bytes)", name, n);
    return false;
}

/* jo_3d_load_model(): pass 1 reads the header and the first chunk header
   (and, for TIMG, the first chunk when present, its count); the file is
   closed before the block is taken, so that the 2048-byte read buffer of
   jo_fs_open does not stay as a hole under the block (jo_malloc never
   merges free blocks). The block, of (file size - TIMG chunk + 1) bytes,
   receives the header then the chunks after TIMG: without TIMG from
   jo_fs_read_file_ptr() (the whole file, as jo_fs_read_file would read
   it), with TIMG from a second stream that skips it. Then the check, and
   pass 2 (__jo_3d_timg_from_file) reads the TIMG entries one at a time. */
static jo_3d_model *__jo_3d_load(const char *const filename, const bool for_lights)
{
    __jo_3d_jom c;
    __jo_3d_source src;
    jo_file file;
    unsigned char head[__JO_HEADER_SIZE + __JO_CHUNK_HEADER + 4];
    unsigned int size, first, timg = 0, keep, timg_count = 0;
    unsigned char *block;
    jo_3d_model *model;
    int len = 0;
    __jo_3d_model_init();
    if (filename == JO_NULL || !__jo_module_file_exists(filename))
    {
        __jo_module_error("%s: not found in the current directory", filename != JO_NULL ? filename : "(null)");
        return JO_NULL;
    }
    /* pass 1 */
    if (!jo_fs_open(&file, filename))
    {
        __jo_module_error("%s: cannot be opened", filename);
        return JO_NULL;
    }
    size = file.size < 0 ? 0 : (unsigned int)file.size;
    first = size < __JO_HEADER_SIZE + __JO_CHUNK_HEADER ? size : __JO_HEADER_SIZE + __JO_CHUNK_HEADER;
    if (!__jo_3d_read(&file, filename, head, first))
    {
        jo_fs_close(&file);
        return JO_NULL;
    }
    if (first == __JO_HEADER_SIZE + __JO_CHUNK_HEADER && head[24] == 'T' && head[25] == 'I' && head[26] == 'M' &&
        head[27] == 'G')
    {
        unsigned int tsize = __jo_module_u32(head + 28);
        const char *wrong = JO_NULL;
        if (tsize > size - first)
            wrong = "past the end";
        else if ((tsize & 3) != 0)
            wrong = "is not a multiple of 4";
        else if (tsize < 4)
            wrong = "too small for the count";
        if (wrong != JO_NULL)
        {
            jo_fs_close(&file);
            __jo_module_error("%s: chunk TIMG at 0x18: size %u %s", filename, tsize, wrong);
            return JO_NULL;
        }
        if (!__jo_3d_read(&file, filename, head + first, 4))
        {
            jo_fs_close(&file);
            return JO_NULL;
        }
        timg_count = __jo_module_u32(head + first);
        timg = __JO_CHUNK_HEADER + tsize;
    }
    jo_fs_close(&file);

    keep = size - timg;
    block = (unsigned char *)jo_malloc_with_behaviour(keep + 1, JO_MALLOC_TRY_REUSE_BLOCK);
    if (block == JO_NULL)
    {
        __jo_module_error("%s: out of memory (%u bytes for the file)", filename, keep + 1);
        return JO_NULL;
    }
    if (timg == 0)
    {
        if (jo_fs_read_file_ptr(filename, block, &len) == JO_NULL || (unsigned int)len != size)
        {
            jo_free(block);
            __jo_module_error("%s: cannot be read (%u bytes)", filename, size);
            return JO_NULL;
        }
    }
    else
    {
        bool read = false;
        __jo_module_copy(block, head, __JO_HEADER_SIZE);
        if (jo_fs_open(&file, filename))
        {
            read = jo_fs_seek_forward(&file, __JO_HEADER_SIZE + timg) &&
                   (keep == __JO_HEADER_SIZE ||
                    jo_fs_read_next_bytes(&file, (char *)block + __JO_HEADER_SIZE, keep - __JO_HEADER_SIZE) ==
                        (int)(keep - __JO_HEADER_SIZE));
            jo_fs_close(&file);
        }
        if (!read)
        {
            jo_free(block);
            __jo_module_error("%s: cannot be read (%u bytes)", filename, size);
            return JO_NULL;
        }
    }
    block[keep] = 0;

    __jo_3d_jom_init(&c, filename, block, keep);
    c.timg_in_data = false;
    if (timg > 0)
    {
        c.shift = timg;
        c.present[__JO_TIMG] = true;
        c.timg_count = timg_count;
    }
    src.filename = filename;
    src.timg_size = timg - (timg > 0 ? __JO_CHUNK_HEADER : 0);
    model = JO_NULL;
    if (__jo_3d_check(&c))
        model = __jo_3d_make(&c, __JO_MODE_LOAD, block, &src, for_lights);
    if (model == JO_NULL)
        jo_free(block);
    return model;
}

jo_3d_model *jo_3d_load_model(const char *const filename)
{
    return __jo_3d_load(filename, false);
}

jo_3d_model *__jo_3d_load_model_for_lights(const char *const filename)
{
    return __jo_3d_load(filename, true);
}

void jo_3d_free_model(jo_3d_model *const model)
{
    void *file;
    __jo_3d_model_init();
    if (model == JO_NULL)
        return;
    file = model->file_not_owned ? JO_NULL : model->file;
    /* in the reverse order of their allocation (the file's block first) */
    if (!model->single_block)
        __jo_3d_free_tables(model);
    jo_free(model);
    if (file != JO_NULL)
        jo_free(file);
}
