/* src/formats/cheader/write.c - a JOM model in memory written as a C
   header (retromesh/cheader.h; what the file holds: docs/cheader.md).
   Every index is checked before it is used: the model may come from a
   file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/cheader/cheader_internal.h"
#include "retromesh/cheader.h"
#include "retromesh/retromesh.h"
#include "retromesh/sgl.h"

/* An int32 as C source: INT32_MIN has no literal of its own. */
static void put_int(ch_buf *b, int32_t v)
{
    if (v == INT32_MIN)
        ch_puts(b, "(-2147483647 - 1)");
    else
        ch_printf(b, "%ld", (long)v);
}

static void put_vec(ch_buf *b, rm_vec3x v)
{
    ch_puts(b, "{ ");
    put_int(b, v.x);
    ch_puts(b, ", ");
    put_int(b, v.y);
    ch_puts(b, ", ");
    put_int(b, v.z);
    ch_puts(b, " }");
}

/* A name from the file inside a comment: only characters that cannot end
   it or make a trigraph ("*" "/" "?" and anything not printable become '_'). */
static void put_comment_name(ch_buf *b, const char *s, size_t max)
{
    char t[17];
    size_t n = 0;
    for (; n < max && n < 16 && s[n]; n++) {
        unsigned char c = (unsigned char)s[n];
        t[n] = (c < 0x20 || c > 0x7e || c == '*' || c == '/' || c == '?' || c == '\\') ? '_' : (char)c;
    }
    t[n] = 0;
    ch_puts(b, t);
}

/* Words of a table, 12 to a line, as 0x%04X. */
static void put_words(ch_buf *b, const uint16_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ch_printf(b, "%s0x%04X%s", i % 12 == 0 ? "    " : " ", (unsigned)w[i],
                  i + 1 == n ? "\n" : i % 12 == 11 ? ",\n" : ",");
}

static rm_status check(const rm_jom_model *m, const rm_cheader_image *images, const char *name,
                       rm_diag *diag)
{
    if (!rm_cheader_is_name(name)) {
        rm_diag_add(diag, RM_ERROR, "error: '%s' is not a C identifier of 1 to %u characters (A-Z, a-z, "
                    "0-9, _; not starting with a digit)", name, RM_CHEADER_NAME_MAX);
        return RM_INVALID;
    }
    if (m->point_count == 0 || m->polygon_count == 0 || !m->points || !m->polygons ||
        !m->polygon_materials || m->point_count > RM_JOM_MAX_INDEX || m->polygon_count > RM_JOM_MAX_INDEX) {
        rm_diag_add(diag, RM_ERROR, "%s: error: the model has no points or no polygons, or too many", name);
        return RM_INVALID;
    }
    for (uint32_t p = 0; p < m->polygon_count; p++) {
        for (int k = 0; k < 4; k++)
            if (m->polygons[p].v[k] >= m->point_count) {
                rm_diag_add(diag, RM_ERROR, "%s: error: polygon %u names point %u of %u", name, (unsigned)p,
                            (unsigned)m->polygons[p].v[k], (unsigned)m->point_count);
                return RM_INVALID;
            }
        uint16_t mat = m->polygon_materials[p];
        if (mat >= m->material_count || !m->materials) {
            rm_diag_add(diag, RM_ERROR, "%s: error: polygon %u has material %u of %u", name, (unsigned)p,
                        (unsigned)mat, (unsigned)m->material_count);
            return RM_INVALID;
        }
    }
    for (uint32_t i = 0; i < m->material_count; i++)
        if (m->materials[i].texture >= 0 && (uint32_t)m->materials[i].texture >= m->texture_count) {
            rm_diag_add(diag, RM_ERROR, "%s: error: material %u names texture %d of %u", name, (unsigned)i,
                        m->materials[i].texture, (unsigned)m->texture_count);
            return RM_INVALID;
        }
    for (uint32_t t = 0; t < m->texture_count; t++)
        if (!images || !images[t].texels || images[t].width == 0 || images[t].height == 0) {
            rm_diag_add(diag, RM_ERROR, "%s: error: texture %u has no pixels", name, (unsigned)t);
            return RM_INVALID;
        }
    if (m->has_normals) {
        if (!m->normals || !m->corner_normals) {
            rm_diag_add(diag, RM_ERROR, "%s: error: the model's normals are missing", name);
            return RM_INVALID;
        }
        for (size_t c = 0; c < (size_t)m->polygon_count * 4; c++)
            if (m->corner_normals[c] >= m->normal_count) {
                rm_diag_add(diag, RM_ERROR, "%s: error: corner %zu names normal %u of %u", name, c,
                            (unsigned)m->corner_normals[c], (unsigned)m->normal_count);
                return RM_INVALID;
            }
    }
    return RM_OK;
}

static void put_top(ch_buf *b, const rm_jom_model *m, const char *n, const char *made_by,
                    uint32_t tables)
{
    ch_printf(b, "/* %s: a model for the Sega Saturn as C source: SGL's POINT, POLYGON and ATTR\n"
              "   arrays, a PDATA%s, the textures as RGB555 words and, for Jo Engine, a\n"
              "   jo_3d_mesh and %s_load_textures().\n", n, m->has_normals ? " and an XPDATA" : "", n);
    ch_printf(b, "   Written by retromesh %s (retromesh convert%s%s). Do not edit it:\n"
              "   convert the model again. How to use it: retromesh's docs/cheader.md.\n\n",
              RETROMESH_VERSION_STRING, made_by && *made_by ? " " : "", made_by ? made_by : "");
    ch_printf(b, "   %lu points, %lu polygons, %lu textures, %lu gouraud tables%s%s.\n\n",
              (unsigned long)m->point_count, (unsigned long)m->polygon_count,
              (unsigned long)m->texture_count, (unsigned long)tables,
              m->has_normals ? ", vertex normals" : "",
              m->has_skeleton ? "; the bind pose of its bones (no animation)" : "");
    char gour[200] = "";
    if (tables)
        snprintf(gour, sizeof gour, ";\n   put the gouraud tables (8 bytes each) in VRAM and call\n"
                 "   %s_set_gouraud(gstb of table 0, gstb step from one to the next)", n);
    ch_printf(b, "   Include it in one C file, after <jo/jo.h> (Jo Engine) or SGL's <sgl.h>;\n"
              "   a project with neither (Yaul) defines RETROMESH_SGL_TYPES first and gets\n"
              "   SGL's types declared here. With Jo Engine's 3D module\n"
              "   (JO_COMPILE_WITH_3D_SUPPORT; RETROMESH_NO_JO leaves this part out):\n"
              "     %s_load_textures();           once, after jo_core_init()\n"
              "     jo_3d_mesh_draw(&%s_mesh);\n"
              "   Without Jo: put the textures in your TEXTURE table and call\n"
              "   %s_set_first_texture(the index of texture 0)%s, then\n"
              "     slPutPolygon(&%s_pdata);\n"
              "   texno holds the texture's index until then (like Jo Map Editor's headers). */\n",
              n, n, n, gour, n);
}

static void put_types(ch_buf *b)
{
    ch_puts(b, "\n#ifndef RETROMESH_UNUSED\n#if defined(__GNUC__)\n"
               "#define RETROMESH_UNUSED __attribute__((unused))\n#else\n#define RETROMESH_UNUSED\n"
               "#endif\n#endif\n\n"
               "/* SGL's types (saturn-notes 4.2), for a project without SGL's headers. */\n"
               "#if defined(RETROMESH_SGL_TYPES) && !defined(RETROMESH_SGL_TYPES_DECLARED)\n"
               "#define RETROMESH_SGL_TYPES_DECLARED\n"
               "typedef signed long FIXED;\n"
               "typedef FIXED POINT[3];\n"
               "typedef FIXED VECTOR[3];\n"
               "typedef struct { VECTOR norm; unsigned short Vertices[4]; } POLYGON;\n"
               "typedef struct {\n"
               "    unsigned char flag, sort;\n"
               "    unsigned short texno, atrb, colno, gstb, dir;\n"
               "} ATTR;\n"
               "typedef struct {\n"
               "    POINT *pntbl; unsigned long nbPoint;\n"
               "    POLYGON *pltbl; unsigned long nbPolygon;\n"
               "    ATTR *attbl;\n"
               "} PDATA;\n"
               "typedef struct {\n"
               "    POINT *pntbl; unsigned long nbPoint;\n"
               "    POLYGON *pltbl; unsigned long nbPolygon;\n"
               "    ATTR *attbl; VECTOR *vntbl;\n"
               "} XPDATA;\n"
               "#endif\n");
}

static void put_geometry(ch_buf *b, const rm_jom_model *m, const char *n)
{
    ch_printf(b, "\n/* PNTS: the points (FIXED, Q16.16) */\n"
              "static POINT %s_points[%lu] RETROMESH_UNUSED = {\n", n, (unsigned long)m->point_count);
    for (uint32_t i = 0; i < m->point_count; i++) {
        ch_puts(b, "    ");
        put_vec(b, m->points[i]);
        ch_puts(b, ",\n");
    }
    ch_printf(b, "};\n\n/* QUAD: the polygons (normal, 4 point indices; a triangle repeats its 3rd) */\n"
              "static POLYGON %s_polygons[%lu] RETROMESH_UNUSED = {\n", n, (unsigned long)m->polygon_count);
    for (uint32_t p = 0; p < m->polygon_count; p++) {
        const rm_jom_polygon *q = &m->polygons[p];
        ch_puts(b, "    { ");
        put_vec(b, q->normal);
        ch_printf(b, ", { %u, %u, %u, %u } },\n", q->v[0], q->v[1], q->v[2], q->v[3]);
    }
    ch_printf(b, "};\n\n/* ATTR per polygon: flag, sort, texno, atrb, colno, gstb, dir (MATL + QMAT;\n"
              "   texno: the texture's index until %s_set_first_texture; gstb: 0 until\n"
              "   the gouraud tables are in VRAM) */\n"
              "static ATTR %s_attributes[%lu] RETROMESH_UNUSED = {\n", n, n,
              (unsigned long)m->polygon_count);
    for (uint32_t p = 0; p < m->polygon_count; p++) {
        const rm_jom_material *mat = &m->materials[m->polygon_materials[p]];
        rm_sgl_texture tex = { RM_SGL_TEXTURE_RGB, (uint16_t)(mat->texture >= 0 ? mat->texture : 0), 0 };
        rm_sgl_attr a = rm_sgl_attr_of(mat, &tex, 0, false);
        ch_printf(b, "    { %u, %u, %u, %u, 0x%04X, %u, %u },  /* ", a.flag, a.sort, a.texno, a.atrb,
                  (unsigned)a.colno, a.gstb, a.dir);
        put_comment_name(b, mat->name, sizeof mat->name);
        ch_puts(b, " */\n");
    }
    ch_puts(b, "};\n");
    ch_printf(b, "\nstatic PDATA %s_pdata RETROMESH_UNUSED = {\n"
              "    %s_points, %lu, %s_polygons, %lu, %s_attributes\n};\n",
              n, n, (unsigned long)m->point_count, n, (unsigned long)m->polygon_count, n);
}

/* Per point, the first corner normal that names it (polygons in order,
   corners 0..3); a point no corner names gets (0, 0, 0). */
static rm_status put_normals(ch_buf *b, const rm_jom_model *m, const char *n)
{
    uint32_t *first = malloc((size_t)m->point_count * sizeof *first);
    if (!first)
        return RM_NOMEM;
    for (uint32_t i = 0; i < m->point_count; i++)
        first[i] = UINT32_MAX;
    for (uint32_t p = 0; p < m->polygon_count; p++)
        for (int k = 0; k < 4; k++) {
            uint16_t v = m->polygons[p].v[k];
            if (first[v] == UINT32_MAX)
                first[v] = m->corner_normals[(size_t)p * 4 + (size_t)k];
        }
    ch_printf(b, "\n/* NTAB + CNRM: per point, the normal of the first corner that names it */\n"
              "static VECTOR %s_vertex_normals[%lu] RETROMESH_UNUSED = {\n", n, (unsigned long)m->point_count);
    for (uint32_t i = 0; i < m->point_count; i++) {
        rm_vec3x z = {0, 0, 0};
        ch_puts(b, "    ");
        put_vec(b, first[i] == UINT32_MAX ? z : m->normals[first[i]]);
        ch_puts(b, ",\n");
    }
    ch_printf(b, "};\n\nstatic XPDATA %s_xpdata RETROMESH_UNUSED = {\n"
              "    %s_points, %lu, %s_polygons, %lu, %s_attributes, %s_vertex_normals\n};\n",
              n, n, (unsigned long)m->point_count, n, (unsigned long)m->polygon_count, n, n);
    free(first);
    return RM_OK;
}

static void put_textures(ch_buf *b, const rm_jom_model *m, const rm_cheader_image *images, const char *n)
{
    for (uint32_t t = 0; t < m->texture_count; t++) {
        const rm_cheader_image *im = &images[t];
        size_t count = (size_t)im->width * im->height;
        ch_printf(b, "\n/* texture %lu: ", (unsigned long)t);
        put_comment_name(b, m->textures[t], 16);
        ch_printf(b, ", %u x %u RGB555 words (bit 15 set: opaque; 0: transparent) */\n"
                  "static const unsigned short %s_texture_%lu[%zu] RETROMESH_UNUSED = {\n",
                  im->width, im->height, n, (unsigned long)t, count);
        put_words(b, im->texels, count);
        ch_puts(b, "};\n");
    }
    ch_printf(b, "\n/* width, height of each texture */\n"
              "static const unsigned short %s_texture_sizes[%lu][2] RETROMESH_UNUSED = {\n", n,
              (unsigned long)(m->texture_count ? m->texture_count : 1));
    for (uint32_t t = 0; t < m->texture_count; t++)
        ch_printf(b, "    { %u, %u },\n", images[t].width, images[t].height);
    if (!m->texture_count)
        ch_puts(b, "    { 0, 0 }\n");
    ch_puts(b, "};\n");
    ch_printf(b, "\n/* The textures, by index (texno before %s_set_first_texture) */\n"
              "static const unsigned short %s_texture_count RETROMESH_UNUSED = %lu;\n"
              "static const unsigned short *const %s_textures[%lu] RETROMESH_UNUSED = {\n",
              n, n, (unsigned long)m->texture_count, n,
              (unsigned long)(m->texture_count ? m->texture_count : 1));
    for (uint32_t t = 0; t < m->texture_count; t++)
        ch_printf(b, "    %s_texture_%lu,\n", n, (unsigned long)t);
    if (!m->texture_count)
        ch_puts(b, "    0\n");
    ch_puts(b, "};\n");
    ch_printf(b, "\n/* The index in the TEXTURE table the textured texno are relative to. */\n"
              "static unsigned short %s_texture_base RETROMESH_UNUSED = 0;\n\n"
              "/* Makes each textured polygon's texno first + its texture's index. */\n"
              "static inline void %s_set_first_texture(int first)\n{\n", n, n);
    bool textured = false;
    for (uint32_t i = 0; i < m->material_count; i++)
        textured = textured || m->materials[i].texture >= 0;
    if (textured)
        ch_printf(b, "    unsigned long p;\n"
                  "    for (p = 0; p < %luul; p++)\n"
                  "        if (%s_attributes[p].sort & 4)\n"
                  "            %s_attributes[p].texno = (unsigned short)(%s_attributes[p].texno - "
                  "%s_texture_base + first);\n",
                  (unsigned long)m->polygon_count, n, n, n, n);
    ch_printf(b, "    %s_texture_base = (unsigned short)first;\n}\n", n);
}

static void put_gouraud(ch_buf *b, const rm_jom_model *m, const char *n, const uint32_t *table_of,
                        const uint16_t *colors, uint32_t tables)
{
    if (!tables)
        return;
    ch_printf(b, "\n/* GOUR: the gouraud tables (A, B, C, D: RGB555), one per distinct set of\n"
              "   colours of the GOURAUD polygons, in polygon order */\n"
              "static const unsigned short %s_gouraud[%lu] RETROMESH_UNUSED = {\n", n,
              (unsigned long)tables * 4);
    put_words(b, colors, (size_t)tables * 4);
    ch_printf(b, "};\n\n/* Each polygon's table: 0 none, k: table k - 1 */\n"
              "static const unsigned short %s_polygon_gouraud[%lu] RETROMESH_UNUSED = {\n", n,
              (unsigned long)m->polygon_count);
    uint16_t *w = malloc((size_t)m->polygon_count * sizeof *w);
    if (!w) {
        b->w.failed = true;
        return;
    }
    for (uint32_t p = 0; p < m->polygon_count; p++)
        w[p] = (uint16_t)(table_of[p] == RM_SGL_NO_TABLE ? 0 : table_of[p] + 1);
    for (uint32_t p = 0; p < m->polygon_count; p++)
        ch_printf(b, "%s%u%s", p % 16 == 0 ? "    " : " ", w[p],
                  p + 1 == m->polygon_count ? "\n" : p % 16 == 15 ? ",\n" : ",");
    free(w);
    ch_printf(b, "};\n\n/* gstb of a polygon with table k = first + k * step (VRAM offset / 8) */\n"
              "static inline void %s_set_gouraud(unsigned short first, unsigned short step)\n{\n"
              "    unsigned long p;\n"
              "    for (p = 0; p < %luul; p++)\n"
              "        if (%s_polygon_gouraud[p])\n"
              "            %s_attributes[p].gstb = (unsigned short)(first + (%s_polygon_gouraud[p] - 1) * step);\n"
              "}\n", n, (unsigned long)m->polygon_count, n, n, n);
}

static void put_jo(ch_buf *b, const rm_jom_model *m, const rm_cheader_image *images, const char *n,
                   uint32_t tables)
{
    ch_printf(b, "\n#if defined(JO_COMPILE_WITH_3D_SUPPORT) && !defined(RETROMESH_NO_JO)\n"
              "static jo_3d_mesh %s_mesh RETROMESH_UNUSED = {\n"
              "    { %s_points, %lu, %s_polygons, %lu, %s_attributes }\n};\n", n, n,
              (unsigned long)m->point_count, n, (unsigned long)m->polygon_count, n);
    if (m->texture_count) {
        ch_printf(b, "\nstatic jo_img %s_images[%lu] RETROMESH_UNUSED = {\n", n, (unsigned long)m->texture_count);
        for (uint32_t t = 0; t < m->texture_count; t++)
            ch_printf(b, "    { %u, %u, (jo_color *)%s_texture_%lu },\n", images[t].width, images[t].height, n,
                      (unsigned long)t);
        ch_puts(b, "};\n");
    }
    ch_printf(b, "\n/* Adds the textures as sprites (ids one after the other), then the gouraud\n"
              "   tables (an 8 x 1 sprite each), and sets texno and gstb. Returns the id\n"
              "   of the first sprite added (with no texture and no table:\n"
              "   jo_sprite_count(), nothing added), -1 when jo_sprite_add fails. */\n"
              "static inline int %s_load_textures(void)\n{\n"
              "    int first = -1;\n", n);
    if (m->texture_count || tables)
        ch_puts(b, "    int id;\n    unsigned long i;\n");
    if (m->texture_count)
        ch_printf(b, "    for (i = 0; i < %luul; i++) {\n"
                  "        id = jo_sprite_add(&%s_images[i]);\n"
                  "        if (id < 0)\n"
                  "            return -1;\n"
                  "        if (first < 0)\n"
                  "            first = id;\n"
                  "    }\n"
                  "    %s_set_first_texture(first);\n",
                  (unsigned long)m->texture_count, n, n);
    if (tables)
        ch_printf(b, "    {\n"
                  "        int table0 = -1;\n"
                  "        unsigned long p;\n"
                  "        jo_img table;\n"
                  "        jo_color words[8];\n"
                  "        for (i = 0; i < %luul; i++) {\n"
                  "            /* 8 x 1 texels: the 4 colours, 4 zeros (32 bytes of VRAM\n"
                  "               either way; Jo's sprites are 8 texels wide at least) */\n"
                  "            for (p = 0; p < 8ul; p++)\n"
                  "                words[p] = p < 4ul ? %s_gouraud[4 * i + p] : 0;\n"
                  "            table.width = 8;\n"
                  "            table.height = 1;\n"
                  "            table.data = words;\n"
                  "            id = jo_sprite_add(&table);\n"
                  "            slDMAWait();    /* the copy reads `words` */\n"
                  "            if (id < 0)\n"
                  "                return -1;\n"
                  "            if (table0 < 0)\n"
                  "                table0 = id;\n"
                  "        }\n"
                  "        /* the VRAM offset / 8 of each table: the 3rd word of its sprite's\n"
                  "           TEXTURE entry (CGadr, Jo's adr) */\n"
                  "        for (p = 0; p < %luul; p++)\n"
                  "            if (%s_polygon_gouraud[p])\n"
                  "                %s_attributes[p].gstb =\n"
                  "                    ((const unsigned short *)&__jo_sprite_def[table0 + %s_polygon_gouraud[p] - 1])[2];\n"
                  "        if (first < 0)\n"
                  "            first = table0;\n"
                  "    }\n",
                  (unsigned long)tables, n, (unsigned long)m->polygon_count, n, n, n);
    ch_puts(b, "    if (first < 0)\n"
               "        first = jo_sprite_count();\n"
               "    return first;\n}\n"
               "#endif\n");
}

rm_status rm_cheader_write(const rm_jom_model *m, const rm_cheader_image *images,
                           const rm_cheader_options *opt, char **text, size_t *size, rm_diag *diag)
{
    *text = NULL;
    *size = 0;
    const char *n = opt && opt->name ? opt->name : "model";
    rm_status st = check(m, images, n, diag);
    if (st != RM_OK)
        return st;
    uint32_t *table_of = malloc((size_t)m->polygon_count * sizeof *table_of);
    uint16_t *colors = malloc((size_t)m->polygon_count * 4 * sizeof *colors);
    uint32_t tables = 0;
    st = table_of && colors ? rm_sgl_gouraud_tables(m, false, table_of, colors, &tables) : RM_NOMEM;
    ch_buf b;
    rm_writer_init(&b.w);
    if (st == RM_OK) {
        put_top(&b, m, n, opt ? opt->made_by : NULL, tables);
        char guard[RM_CHEADER_NAME_MAX + 1];
        size_t k = 0;
        for (; n[k]; k++)
            guard[k] = (char)(n[k] >= 'a' && n[k] <= 'z' ? n[k] - 'a' + 'A' : n[k]);
        guard[k] = 0;
        ch_printf(&b, "#ifndef RETROMESH_MODEL_%s_H\n#define RETROMESH_MODEL_%s_H\n", guard, guard);
        put_types(&b);
        put_geometry(&b, m, n);
        if (m->has_normals)
            st = put_normals(&b, m, n);
    }
    if (st == RM_OK) {
        put_textures(&b, m, images, n);
        put_gouraud(&b, m, n, table_of, colors, tables);
        put_jo(&b, m, images, n, tables);
        ch_puts(&b, "\n#endif\n");
    }
    free(table_of);
    free(colors);
    if (st == RM_OK && b.w.failed)
        st = RM_NOMEM;
    if (st != RM_OK) {
        rm_writer_free(&b.w);
        if (st == RM_NOMEM)
            rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", n);
        return st;
    }
    *text = (char *)b.w.data;
    *size = b.w.size;
    return RM_OK;
}
