/* src/formats/jom/print_text.c - rm_jom_print_text(_ex): everything in a
   model, readable (`retromesh info FILE.jom`; the bones as a tree and the
   keys only with --keys there). The layout of the listing is
   described in docs/jom.md. Indexes and names are bounded even for a model
   that was not validated: nothing is read past an array. */
#include "core/cnum.h"
#include "jom_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static void vec_text(FILE *out, rm_vec3x v)
{
    fprintf(out, "%.6f %.6f %.6f", rm_fixed_to_double(v.x), rm_fixed_to_double(v.y),
            rm_fixed_to_double(v.z));
}

/* "\nTITLE (COUNT):" then "  i: x y z" a line (no lines when v is NULL). */
static void vec_list(FILE *out, const char *title, const rm_vec3x *v, uint32_t count)
{
    fprintf(out, "\n%s (%" PRIu32 "):\n", title, count);
    for (uint32_t i = 0; v && i < count; i++) {
        fprintf(out, "  %" PRIu32 ": ", i);
        vec_text(out, v[i]);
        fprintf(out, "\n");
    }
}

static void name_text(FILE *out, const char *name)
{
    char text[JOM_NAME_TEXT_SIZE];
    jom_name_text(name, JOM_NAME_SIZE, text, sizeof text);
    fprintf(out, "'%s'", text);
}

void jom_flags_text(uint32_t flags, char *out, size_t size)
{
    size_t o = 0;
    out[0] = 0;
    for (unsigned bit = 0; bit < 32; bit++) {
        if (!(flags & (1u << bit)))
            continue;
        char word[24];
        if (bit == 2 && (flags & RM_MAT_SORT_MIN))
            continue;   /* printed with bit 1 */
        if (bit == 1 && (flags & RM_MAT_SORT_MAX))
            snprintf(word, sizeof word, "sort_previous");
        else if (bit >= 16)
            snprintf(word, sizeof word, "user(%u)", bit - 16);
        else if (rm_jom_material_flag_name(bit))
            snprintf(word, sizeof word, "%s", rm_jom_material_flag_name(bit));
        else
            snprintf(word, sizeof word, "bit(%u)", bit);
        int n = snprintf(out + o, size - o, "%s%s", o ? "|" : "", word);
        if (n < 0 || (size_t)n >= size - o)
            break;
        o += (size_t)n;
    }
    if (o == 0)
        snprintf(out, size, "none");
}

static void print_header(const rm_jom_model *m, FILE *out, const jom_layout *l)
{
    if (m->chunks)
        fprintf(out, "JOM version %u, %" PRIu32 " bytes\n", m->version, m->file_size);
    else
        fprintf(out, "JOM version %u, %llu bytes (as written)\n", m->version,
                (unsigned long long)l->total);
    fprintf(out, "center ");
    vec_text(out, m->center);
    fprintf(out, " (0x%08" PRIx32 " 0x%08" PRIx32 " 0x%08" PRIx32 ")\n", (uint32_t)m->center.x,
            (uint32_t)m->center.y, (uint32_t)m->center.z);
    fprintf(out, "radius %.6f (0x%08" PRIx32 ")\n", rm_fixed_to_double(m->radius), (uint32_t)m->radius);
}

static void print_chunks(const rm_jom_model *m, FILE *out, const jom_layout *l)
{
    if (m->chunks) {
        fprintf(out, "\nchunks (%zu):\n", m->chunk_count);
        for (size_t i = 0; i < m->chunk_count; i++) {
            const rm_jom_chunk_info *ci = &m->chunks[i];
            fprintf(out, "  %-4s at 0x%" PRIx32 ", %" PRIu32 " bytes%s\n", ci->tag, ci->offset, ci->size,
                    ci->known ? "" : " (unknown, skipped)");
        }
        return;
    }
    size_t n = 0;
    for (int k = 0; k < JOM_KIND_COUNT; k++)
        n += l->present[k];
    fprintf(out, "\nchunks (%zu, as written):\n", n);
    for (int k = 0; k < JOM_KIND_COUNT; k++)
        if (l->present[k])
            fprintf(out, "  %-4s at 0x%llx, %llu bytes\n", jom_tags[k], (unsigned long long)l->offset[k],
                    (unsigned long long)l->size[k]);
}

static void print_embedded(const rm_jom_model *m, FILE *out)
{
    if (m->texture_image_count == 0 || !m->texture_images)
        return;
    fprintf(out, "\nembedded textures (%" PRIu32 "):\n", m->texture_image_count);
    for (uint32_t i = 0; i < m->texture_image_count; i++) {
        const rm_jom_texture *t = &m->texture_images[i];
        fprintf(out, "  %" PRIu32 " ", i);
        name_text(out, t->name);
        fprintf(out, ": %ux%u, format %u (%s), %" PRIu32 " bytes of pixels, fnv1a 0x%08" PRIx32, t->width,
                t->height, t->format, jom_texture_format_name(t->format), t->pixel_size,
                t->pixels ? jom_fnv1a(t->pixels, t->pixel_size) : 0u);
        if (t->reserved)
            fprintf(out, ", reserved 0x%04x", t->reserved);
        fprintf(out, "\n");
        if (t->format == 1 && t->pixels && t->pixel_size >= JOM_LUT_SIZE) {
            fprintf(out, "    lut");
            for (unsigned c = 0; c < 16; c++)
                fprintf(out, " 0x%04x", (unsigned)(t->pixels[2 * c] << 8 | t->pixels[2 * c + 1]));
            fprintf(out, "\n");
        }
    }
}

static void print_geometry(const rm_jom_model *m, FILE *out)
{
    vec_list(out, "points", m->points, m->point_count);
    fprintf(out, "\npolygons (%" PRIu32 "):\n", m->polygon_count);
    for (uint32_t i = 0; m->polygons && i < m->polygon_count; i++) {
        const rm_jom_polygon *p = &m->polygons[i];
        bool triangle = p->v[3] == p->v[2];
        fprintf(out, "  %" PRIu32 ": %s %u %u %u", i, triangle ? "triangle" : "quad", p->v[0], p->v[1], p->v[2]);
        if (!triangle)
            fprintf(out, " %u", p->v[3]);
        fprintf(out, ", normal ");
        vec_text(out, p->normal);
        if (m->polygon_materials) {
            uint16_t mat = m->polygon_materials[i];
            fprintf(out, ", material %u", mat);
            if (m->materials && mat < m->material_count) {
                fprintf(out, " ");
                name_text(out, m->materials[mat].name);
            }
        }
        fprintf(out, "\n");
    }
}

static void print_materials(const rm_jom_model *m, FILE *out)
{
    fprintf(out, "\nmaterials (%" PRIu32 "):\n", m->material_count);
    for (uint32_t i = 0; m->materials && i < m->material_count; i++) {
        const rm_jom_material *mat = &m->materials[i];
        char flags[JOM_FLAGS_TEXT_SIZE];
        jom_flags_text(mat->flags, flags, sizeof flags);
        fprintf(out, "  %" PRIu32 " ", i);
        name_text(out, mat->name);
        fprintf(out, ": color %u %u %u #%02x%02x%02x, shine %u, texture %d", mat->r, mat->g, mat->b, mat->r,
                mat->g, mat->b, mat->shine, mat->texture);
        if (mat->texture >= 0 && m->textures && (uint32_t)mat->texture < m->texture_count) {
            fprintf(out, " ");
            name_text(out, m->textures[mat->texture]);
        } else if (mat->texture == -1) {
            fprintf(out, " (none)");
        }
        fprintf(out, ", subdivision_error %u, flags %s (0x%08" PRIx32 "), user %" PRIu32 " (0x%08" PRIx32 ")\n",
                mat->subdivision_error, flags, mat->flags, mat->user, mat->user);
    }
    if (m->texture_count && m->textures) {
        fprintf(out, "\ntextures (%" PRIu32 "):\n", m->texture_count);
        for (uint32_t i = 0; i < m->texture_count; i++) {
            fprintf(out, "  %" PRIu32 ": ", i);
            name_text(out, m->textures[i]);
            fprintf(out, "\n");
        }
    }
}

static void print_corners(const rm_jom_model *m, FILE *out)
{
    if (m->has_normals) {
        vec_list(out, "normals", m->normals, m->normal_count);
        fprintf(out, "\ncorner normals (%" PRIu32 " polygons x 4):\n", m->polygon_count);
        for (uint32_t i = 0; m->corner_normals && i < m->polygon_count; i++) {
            const uint16_t *c = m->corner_normals + 4u * (size_t)i;
            fprintf(out, "  polygon %" PRIu32 ": %u %u %u %u\n", i, c[0], c[1], c[2], c[3]);
        }
    }
    if (m->has_vertex_colors) {
        vec_list(out, "vertex colors", m->vertex_colors, m->point_count);
    }
    if (m->has_gouraud) {
        fprintf(out, "\ngouraud colors (%" PRIu32 " polygons x 4, r,g,b 0-31):\n", m->polygon_count);
        for (uint32_t i = 0; m->gouraud && i < m->polygon_count; i++) {
            fprintf(out, "  polygon %" PRIu32 ":", i);
            for (unsigned k = 0; k < 4; k++) {
                uint16_t g = m->gouraud[4u * (size_t)i + k];
                fprintf(out, " %u,%u,%u 0x%04x", g & 31u, (g >> 5) & 31u, (g >> 10) & 31u, g);
            }
            fprintf(out, "\n");
        }
    }
}

static void print_range(FILE *out, const char *what, unsigned first, unsigned count)
{
    if (count == 0)
        fprintf(out, "%s none (first %u)", what, first);
    else
        fprintf(out, "%s %u to %u (%u)", what, first, first + count - 1, count);
}

/* "group 2 'LEG'" or "group none". */
static void print_bone_group(const rm_jom_model *m, const rm_jom_bone *b, FILE *out)
{
    if (b->group == RM_JOM_BONE_NO_GROUP) {
        fprintf(out, "group none");
    } else {
        fprintf(out, "group %u", b->group);
        if (m->groups && b->group < m->group_count) {
            fprintf(out, " ");
            name_text(out, m->groups[b->group].name);
        }
    }
}

/* The bones as a tree: roots in index order, each bone followed by its
   children (in index order), indented 2 spaces a level. A bone whose
   parent is not a bone before it (a model that was not validated) is shown
   as a root with its parent number. Returns false when out of memory (the
   caller prints the flat list). */
static bool print_bone_tree(const rm_jom_model *m, FILE *out)
{
    uint32_t n = m->bones ? m->bone_count : 0;
    uint32_t *first = malloc((n ? n : 1) * sizeof *first);    /* first child, n: none */
    uint32_t *next = malloc((n ? n : 1) * sizeof *next);      /* next sibling */
    uint32_t *stack = malloc((n ? n : 1) * sizeof *stack);
    uint32_t *depth = malloc((n ? n : 1) * sizeof *depth);
    if (!first || !next || !stack || !depth) {
        free(first);
        free(next);
        free(stack);
        free(depth);
        return false;
    }
    for (uint32_t i = 0; i < n; i++)
        first[i] = next[i] = n;
    /* Linked from the last bone down, so each list is in index order. */
    uint32_t roots = n;
    for (uint32_t i = n; i-- > 0;) {
        int p = m->bones[i].parent;
        if (p >= 0 && (uint32_t)p < i) {
            next[i] = first[p];
            first[p] = i;
        } else {
            next[i] = roots;
            roots = i;
        }
    }
    fprintf(out, "\nbones (%" PRIu32 ", as a tree):\n", m->bone_count);
    /* Depth-first, with an explicit stack: each bone is pushed once. */
    uint32_t top = 0;
    for (uint32_t r = roots; r < n; r = next[r]) {
        stack[top] = r;
        depth[top++] = 0;
        while (top) {
            top--;
            uint32_t b = stack[top], d = depth[top];
            const rm_jom_bone *bone = &m->bones[b];
            fprintf(out, "%*s%" PRIu32 " ", 2 + 2 * (int)(d < 40 ? d : 40), "", b);
            name_text(out, bone->name);
            fprintf(out, ": ");
            if (d == 0 && bone->parent == -1)
                fprintf(out, "root, ");
            else if (d == 0)
                fprintf(out, "parent %d (not a bone before it), ", bone->parent);
            print_bone_group(m, bone, out);
            fprintf(out, ", pivot ");
            vec_text(out, bone->pivot);
            fprintf(out, "\n");
            /* Children pushed last first, so the first child comes out first. */
            uint32_t count = 0;
            for (uint32_t c = first[b]; c < n; c = next[c])
                count++;
            uint32_t k = 0;
            for (uint32_t c = first[b]; c < n; c = next[c], k++) {
                stack[top + count - 1 - k] = c;
                depth[top + count - 1 - k] = d + 1;
            }
            top += count;
        }
    }
    free(first);
    free(next);
    free(stack);
    free(depth);
    return true;
}

static void print_groups_and_bones(const rm_jom_model *m, FILE *out, bool tree)
{
    if (m->has_groups) {
        fprintf(out, "\ngroups (%" PRIu32 "):\n", m->group_count);
        for (uint32_t i = 0; m->groups && i < m->group_count; i++) {
            const rm_jom_group *g = &m->groups[i];
            fprintf(out, "  %" PRIu32 " ", i);
            name_text(out, g->name);
            fprintf(out, ": ");
            print_range(out, "points", g->first_point, g->point_count);
            fprintf(out, ", ");
            print_range(out, "polygons", g->first_polygon, g->polygon_count);
            fprintf(out, "\n");
        }
    }
    if (!m->has_skeleton)
        return;
    if (tree && print_bone_tree(m, out))
        return;
    fprintf(out, "\nbones (%" PRIu32 "):\n", m->bone_count);
    for (uint32_t i = 0; m->bones && i < m->bone_count; i++) {
        const rm_jom_bone *b = &m->bones[i];
        fprintf(out, "  %" PRIu32 " ", i);
        name_text(out, b->name);
        if (b->parent == -1) {
            fprintf(out, ": parent -1 (root)");
        } else {
            fprintf(out, ": parent %d", b->parent);
            if (b->parent >= 0 && (uint32_t)b->parent < m->bone_count) {
                fprintf(out, " ");
                name_text(out, m->bones[b->parent].name);
            }
        }
        fprintf(out, ", ");
        print_bone_group(m, b, out);
        fprintf(out, ", pivot ");
        vec_text(out, b->pivot);
        fprintf(out, "\n");
    }
}

static void print_animations(const rm_jom_model *m, FILE *out, bool keys)
{
    if (!m->has_skeleton)
        return;
    uint32_t bones = m->bone_count < RM_JOM_MAX_BONES ? m->bone_count : RM_JOM_MAX_BONES;
    fprintf(out, "\nanimations (%" PRIu32 "):\n", m->animation_count);
    for (uint32_t i = 0; m->animations && i < m->animation_count; i++) {
        const rm_jom_animation *a = &m->animations[i];
        uint32_t ticks = jom_animation_duration(a);
        fprintf(out, "  %" PRIu32 " ", i);
        name_text(out, a->name);
        fprintf(out, ": %u keys, %u ticks a key, %s, duration %" PRIu32 " ticks (%.3f s), keys at offset %" PRIu32,
                a->key_count, a->key_ticks, (a->flags & RM_JOM_ANIMATION_LOOP) ? "loop" : "once", ticks,
                (double)ticks / RM_JOM_TICKS_PER_SECOND, a->offset);
        if (a->flags & ~RM_JOM_ANIMATION_LOOP)
            fprintf(out, ", flags 0x%04x", a->flags);
        if (a->duplicate)
            fprintf(out, ", duplicate %u", a->duplicate);
        fprintf(out, "\n");
        for (uint32_t k = 0; keys && a->keys && k < a->key_count; k++) {
            const rm_jom_key *key = &a->keys[k];
            fprintf(out, "    key %" PRIu32 ": root ", k);
            vec_text(out, key->root);
            fprintf(out, "\n");
            for (uint32_t b = 0; b < bones; b++) {
                fprintf(out, "      bone %" PRIu32, b);
                if (m->bones) {
                    fprintf(out, " ");
                    name_text(out, m->bones[b].name);
                }
                fprintf(out, ": %.4f %.4f %.4f\n", jom_angle_degrees(key->angles[b][0]),
                        jom_angle_degrees(key->angles[b][1]), jom_angle_degrees(key->angles[b][2]));
            }
        }
    }
}

static void jom_print_text_ex_c(const rm_jom_model *m, FILE *out, const rm_jom_text_options *opt)
{
    rm_jom_text_options all = {false, true};
    if (!opt)
        opt = &all;
    jom_layout l;
    jom_layout_compute(m, &l);
    print_header(m, out, &l);
    print_chunks(m, out, &l);
    print_embedded(m, out);
    print_geometry(m, out);
    print_materials(m, out);
    print_corners(m, out);
    print_groups_and_bones(m, out, opt->bone_tree);
    print_animations(m, out, opt->keys);
}

/* Numbers with a '.', whatever the caller's locale (core/cnum.h). */
void rm_jom_print_text_ex(const rm_jom_model *m, FILE *out, const rm_jom_text_options *opt)
{
    rm_cloc loc = rm_cloc_enter();
    jom_print_text_ex_c(m, out, opt);
    rm_cloc_leave(loc);
}

void rm_jom_print_text(const rm_jom_model *m, FILE *out)
{
    rm_jom_text_options all = {false, true};
    rm_jom_print_text_ex(m, out, &all);
}
