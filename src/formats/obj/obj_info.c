/* src/formats/obj/obj_info.c - rm_obj_print_info(): what the converter will
   see in an OBJ, as plain aligned text (`retromesh info FILE.obj`). The
   output depends only on the mesh, so it is deterministic. */
#include "core/cnum.h"
#include "retromesh/obj.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LABEL "%-15s"

static void percent(FILE *out, size_t part, size_t whole)
{
    if (whole == 0)
        fprintf(out, "-");
    else
        fprintf(out, "%.1f%%", 100.0 * (double)part / (double)whole);
}

/* A name in quotes, control bytes as '?', padded to `width` columns. */
static void print_name(FILE *out, const char *name, int width)
{
    int n = 2;
    fputc('"', out);
    for (const char *p = name; *p; p++, n++)
        fputc((unsigned char)*p < 0x20 || *p == 0x7F ? '?' : *p, out);
    fputc('"', out);
    for (; n < width; n++)
        fputc(' ', out);
}

static int digits(size_t v)
{
    int n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

static int name_width(const char *name)
{
    size_t n = strlen(name) + 2;
    return n > 40 ? 40 : (int)n;
}

static void print_jo(FILE *out, const rm_mesh_material *m)
{
    uint32_t f = m->jo_flags;
    const char *sep = "";
    fprintf(out, "  jo:");
#define ITEM(...) do { fprintf(out, "%s ", sep); fprintf(out, __VA_ARGS__); sep = ","; } while (0)
    if (f & RM_MAT_DUAL_PLANE)
        ITEM("dual");
    if ((f & RM_MAT_SORT_PREVIOUS) == RM_MAT_SORT_PREVIOUS)
        ITEM("sort previous");
    else if (f & RM_MAT_SORT_MIN)
        ITEM("sort min");
    else if (f & RM_MAT_SORT_MAX)
        ITEM("sort max");
    if (f & RM_MAT_GOURAUD)
        ITEM("gouraud");
    if (f & RM_MAT_HALF_TRANSPARENT)
        ITEM("half_transparent");
    if (f & RM_MAT_SCREEN_DOORS)
        ITEM("screen_doors");
    if (f & RM_MAT_LIGHT)
        ITEM("light");
    if ((f & (RM_MAT_FLIP_H | RM_MAT_FLIP_V)) == (RM_MAT_FLIP_H | RM_MAT_FLIP_V))
        ITEM("flip hv");
    else if (f & RM_MAT_FLIP_H)
        ITEM("flip h");
    else if (f & RM_MAT_FLIP_V)
        ITEM("flip v");
    if (f & RM_MAT_END_CODES)
        ITEM("end_codes");
    if (f & RM_MAT_MIPMAPS)
        ITEM("mipmaps");
    if (f & RM_MAT_SUBDIVISION)
        ITEM("subdivision 1");
    if (f & RM_MAT_SUBDIVISION_NEAR)
        ITEM("subdivision 2");
    if (m->jo_subdivision_error)
        ITEM("subdivision_error %u", (unsigned)m->jo_subdivision_error);
    if (f >> 16) {
        fprintf(out, "%s user", sep);
        for (unsigned n = 0; n < 16; n++)
            if (f & RM_MAT_USER(n))
                fprintf(out, " %u", n);
        sep = ",";
    }
    if (m->jo_value)
        ITEM("value %lu", (unsigned long)m->jo_value);
    if (m->jo_lut)
        ITEM("lut");
    if (!*sep)
        fprintf(out, " none");
#undef ITEM
}

static void obj_print_info_c(const rm_mesh *m, FILE *out)
{
    size_t corners = rm_mesh_corner_count(m);

    fprintf(out, LABEL "%s\n", "file", m->source ? m->source : "<input>");

    size_t colored = 0;
    if (m->has_color)
        for (size_t i = 0; i < m->position_count; i++)
            colored += m->has_color[i] != 0;
    fprintf(out, LABEL "%zu", "positions", m->position_count);
    if (colored)
        fprintf(out, " (%zu with a color)", colored);
    fprintf(out, "\n");
    fprintf(out, LABEL "%zu\n", "uvs", m->uv_count);
    fprintf(out, LABEL "%zu\n", "normals", m->normal_count);

    size_t tri = 0, quad = 0, big = 0;
    uint32_t largest = 0;
    for (size_t f = 0; f < m->face_count; f++) {
        uint32_t n = rm_mesh_face_corners(m, f);
        if (n == 3)
            tri++;
        else if (n == 4)
            quad++;
        else
            big++;
        if (n > largest)
            largest = n;
    }
    fprintf(out, LABEL "%zu (triangles %zu, quads %zu, 5+ corners %zu", "faces", m->face_count,
            tri, quad, big);
    if (big)
        fprintf(out, ", largest %lu", (unsigned long)largest);
    fprintf(out, ")\n");

    size_t with_uv = 0, with_n = 0;
    for (size_t c = 0; c < corners; c++) {
        with_uv += m->corner_uv && m->corner_uv[c] >= 0;
        with_n += m->corner_normal && m->corner_normal[c] >= 0;
    }
    fprintf(out, LABEL "%zu (with uv %zu = ", "corners", corners, with_uv);
    percent(out, with_uv, corners);
    fprintf(out, ", with normal %zu = ", with_n);
    percent(out, with_n, corners);
    fprintf(out, ")\n");

    /* Faces per group and per material (RM_MESH_NONE counted apart). */
    size_t *gcount = calloc(m->group_count + 1, sizeof *gcount);
    size_t *mcount = calloc(m->material_count + 1, sizeof *mcount);
    if (gcount && mcount) {
        for (size_t f = 0; f < m->face_count; f++) {
            uint32_t g = m->face_group[f], k = m->face_material[f];
            gcount[g < m->group_count ? g : m->group_count]++;
            mcount[k < m->material_count ? k : m->material_count]++;
        }
    }

    /* Groups: name, faces, line of the first o/g. */
    int w = 8, cw = 1;
    size_t most = 0;
    for (size_t i = 0; i < m->group_count; i++) {
        if (name_width(m->groups[i].name) > w)
            w = name_width(m->groups[i].name);
        if (gcount && gcount[i] > most)
            most = gcount[i];
    }
    cw = digits(most);
    fprintf(out, LABEL "%zu", "groups", m->group_count);
    if (gcount && m->group_count)
        fprintf(out, " (faces before any o/g: %zu)", gcount[m->group_count]);
    fprintf(out, "\n");
    for (size_t i = 0; i < m->group_count; i++) {
        fprintf(out, "  ");
        print_name(out, m->groups[i].name, w);
        if (gcount)
            fprintf(out, "  %*zu face%s", cw, gcount[i], gcount[i] == 1 ? " " : "s");
        fprintf(out, "  line %lu\n", m->groups[i].line);
    }

    /* Materials: name, faces, where defined, then what is set. */
    w = 8;
    most = 0;
    int sw = 11;    /* "not defined" */
    for (size_t i = 0; i < m->material_count; i++) {
        const rm_mesh_material *mat = &m->materials[i];
        if (name_width(mat->name) > w)
            w = name_width(mat->name);
        if (mcount && mcount[i] > most)
            most = mcount[i];
        if (mat->defined) {
            int n = snprintf(NULL, 0, "%s:%lu", mat->library ? mat->library : "?", mat->line);
            if (n > sw)
                sw = n;
        }
    }
    cw = digits(most);
    fprintf(out, LABEL "%zu", "materials", m->material_count);
    if (mcount && m->material_count)
        fprintf(out, " (faces without material: %zu)", mcount[m->material_count]);
    fprintf(out, "\n");
    for (size_t i = 0; i < m->material_count; i++) {
        const rm_mesh_material *mat = &m->materials[i];
        fprintf(out, "  ");
        print_name(out, mat->name, w);
        if (mcount)
            fprintf(out, "  %*zu face%s", cw, mcount[i], mcount[i] == 1 ? " " : "s");
        char where[1200];
        if (mat->defined)
            snprintf(where, sizeof where, "%s:%lu", mat->library ? mat->library : "?", mat->line);
        else
            snprintf(where, sizeof where, "not defined");
        fprintf(out, "  %-*s", sw, where);
        fprintf(out, "  Kd %.3f %.3f %.3f", mat->kd[0], mat->kd[1], mat->kd[2]);
        if (mat->has_ns)
            fprintf(out, "  Ns %g", mat->ns);
        if (mat->dissolve != 1.0)
            fprintf(out, "  d %.3f", mat->dissolve);
        if (mat->map_kd)
            fprintf(out, "  map_Kd \"%s\"", mat->map_kd);
        print_jo(out, mat);
        fprintf(out, "\n");
    }

    fprintf(out, LABEL "%zu\n", "libraries", m->library_count);
    for (size_t i = 0; i < m->library_count; i++)
        fprintf(out, "  %s\n", m->libraries[i]);

    uint8_t *used = m->position_count ? calloc(m->position_count, 1) : NULL;
    if (used || m->position_count == 0) {
        size_t unused = m->position_count;
        for (size_t c = 0; c < corners; c++) {
            uint32_t v = m->corner_position[c];
            if (v < m->position_count && !used[v]) {
                used[v] = 1;
                unused--;
            }
        }
        fprintf(out, LABEL "%zu\n", "unused points", unused);
    }
    free(used);
    free(gcount);
    free(mcount);
}

/* Numbers with a '.', whatever the caller's locale (core/cnum.h). */
void rm_obj_print_info(const rm_mesh *m, FILE *out)
{
    rm_cloc loc = rm_cloc_enter();
    obj_print_info_c(m, out);
    rm_cloc_leave(loc);
}
