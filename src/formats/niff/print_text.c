/* src/formats/niff/print_text.c - rm_niff_print_info: what a NIFF file
   holds, for a person (`retromesh info FILE.niff`). Only what the file
   model gives; indices are checked before any element is looked at. */
#include "core/cnum.h"
#include <stdio.h>
#include <stdlib.h>

#include "print_common.h"

/* Deeper Obj trees are cut (with a line saying so). */
#define MAX_DEPTH 64

static const char *name_or(const rm_niff_file *f, uint32_t index)
{
    const char *n = rm_niff_name(f, index);
    return n ? n : "";
}

static void print_lists(const rm_niff_file *f, FILE *out)
{
    fprintf(out, "Lists (%s order):\n", f->major >= 2 ? "NIFF 2.0" : "NIFF 1.0");
    fprintf(out, "  %-20s %10s %10s %10s\n", "list", "offset", "elements", "bytes");
    fprintf(out, "  %-20s %10s %10s %10u\n", "FileHeader", "0x0", "-", f->file_header_num_byte);
    for (uint32_t i = 0; i < RM_NIFF_LIST_COUNT; i++) {
        const rm_niff_list *l = &f->lists[i];
        if (!l->present)
            continue;
        char count[32];
        if (l->word_count == 7)
            snprintf(count, sizeof count, "%u+%u", l->count, l->count2);
        else
            snprintf(count, sizeof count, "%u", rm_niff_list_elements(l));
        fprintf(out, "  %-20s %#10x %10s %10u\n", rm_niff_list_name(i), l->offset, count, l->size);
    }
}

static void print_obj_line(const rm_niff_file *f, uint32_t i, int depth, const char *role, FILE *out)
{
    const rm_niff_obj *o = &f->objs[i];
    char tb[32], sb[32], render[64], shape[24], mat[24], anim[24], coll[24];
    rm_niff_render_pri_text(o->render_pri, render, sizeof render);
    rm_niff_link_text(o->shape_link, shape, sizeof shape);
    rm_niff_link_text(o->mat_link, mat, sizeof mat);
    rm_niff_link_text(o->anim_link, anim, sizeof anim);
    rm_niff_link_text(o->coll_link, coll, sizeof coll);
    fprintf(out, "%*s%sobj %u \"%s\": %s, %s, render %s (%s), shape %s, mat %s, anim %s, coll %s\n",
            2 + 2 * depth, "", role, i, name_or(f, o->name_index), rm_niff_obj_type_text(o->type, tb, sizeof tb),
            rm_niff_obj_state_text(o->state, sb, sizeof sb), render,
            o->render_cycle_type == RM_NIFF_OBJ_RENDER_CYC_2CYC ? "2-cycle" : "1-cycle", shape, mat, anim,
            coll);
    if (o->lod_num && o->lod_dist_bits && o->lod_link) {
        fprintf(out, "%*sLODs:", 4 + 2 * depth, "");
        for (uint32_t k = 0; k < o->lod_num; k++) {
            char d[32], l[24];
            rm_niff_lod_text(o->lod_dist_bits[k], d, sizeof d);
            rm_niff_link_text(o->lod_link[k], l, sizeof l);
            fprintf(out, "%s %s -> obj %s", k ? "," : "", d, l);
        }
        fputc('\n', out);
    }
}

/* An Obj, its LOD levels ("LOD 0: obj 2 ...") and its children, depth
   first; `seen` guards against loops. */
static void print_tree(const rm_niff_file *f, uint32_t i, int depth, const char *role, uint8_t *seen,
                       FILE *out)
{
    if (i >= f->obj_count) {
        char l[24];
        rm_niff_link_text(i, l, sizeof l);
        fprintf(out, "%*s%sobj %s (not in the ObjList)\n", 2 + 2 * depth, "", role, l);
        return;
    }
    if (seen[i]) {
        fprintf(out, "%*s%sobj %u \"%s\" (already shown above)\n", 2 + 2 * depth, "", role, i,
                name_or(f, f->objs[i].name_index));
        return;
    }
    seen[i] = 1;
    print_obj_line(f, i, depth, role, out);
    const rm_niff_obj *o = &f->objs[i];
    if (depth + 1 >= MAX_DEPTH) {
        if (o->child_num || o->lod_num)
            fprintf(out, "%*s(%u children, %u LOD levels, deeper than %d levels: not shown)\n", 4 + 2 * depth,
                    "", o->child_num, o->lod_num, MAX_DEPTH);
        return;
    }
    for (uint32_t k = 0; k < o->lod_num && o->lod_link; k++) {
        char r[32];
        snprintf(r, sizeof r, "LOD %u: ", k);
        print_tree(f, o->lod_link[k], depth + 1, r, seen, out);
    }
    for (uint32_t k = 0; k < o->child_num && o->child_link; k++)
        print_tree(f, o->child_link[k], depth + 1, "", seen, out);
}

static void print_scene(const rm_niff_file *f, FILE *out)
{
    uint8_t *seen = calloc(f->obj_count ? f->obj_count : 1, 1);
    if (!seen)
        return;
    if (f->has_scene) {
        const rm_niff_scene *s = &f->scene;
        static const char *const video[] = { "NTSC", "PAL", "MPAL", "video 3" };
        fprintf(out, "Scene \"%s\": %s%s%s%s, %u objects, %u envs, %u cameras, %u lights\n",
                name_or(f, s->name_index), video[s->cfg & 3u], (s->cfg & 0x4u) ? " gamma" : "",
                (s->cfg & 0x8u) ? " dither" : "", (s->cfg & 0x10u) ? " divot" : "", s->obj_link_num,
                s->env_link_num, s->cam_link_num, s->light_link_num);
        for (uint32_t k = 0; k < s->obj_link_num && s->obj_link; k++)
            print_tree(f, s->obj_link[k], 0, "", seen, out);
    } else {
        fprintf(out, "Scene: none\n");
    }
    bool header = false;
    for (uint32_t i = 0; i < f->obj_count; i++) {
        if (seen[i])
            continue;
        if (!header)
            fprintf(out, "Objs not in the Scene's tree:\n");
        header = true;
        print_obj_line(f, i, 0, "", out);
        seen[i] = 1;
    }
    free(seen);
}

/* `label` then the links, comma separated: ", parts 0, 1, switch 2". */
static void print_links(FILE *out, const char *label, const uint32_t *links, uint32_t n)
{
    fputs(label, out);
    for (uint32_t k = 0; k < n; k++) {
        char l[24];
        rm_niff_link_text(links[k], l, sizeof l);
        fprintf(out, "%s %s", k ? "," : "", l);
    }
}

static void print_shapes(const rm_niff_file *f, FILE *out)
{
    fprintf(out, "Shapes: %u\n", f->shape_count);
    for (uint32_t i = 0; i < f->shape_count; i++) {
        const rm_niff_shape *sh = &f->shapes[i];
        char mat[24], geo[32];
        rm_niff_link_text(sh->mat_link, mat, sizeof mat);
        rm_niff_link_text(sh->tri_link, geo, sizeof geo);
        uint32_t tris, verts;
        fprintf(out, "  shape %u \"%s\": ", i, name_or(f, sh->name_index));
        if (rm_niff_shape_counts(f, sh, &tris, &verts))
            fprintf(out, "TriGroup %s, %u triangles, %u vertices", geo, tris, verts);
        else if (sh->kind_of_node_for_geometry == RM_NIFF_TAG_ENVELOPE)
            fprintf(out, "Envelope %s (skinning)", geo);
        else if (sh->kind_of_node_for_geometry == RM_NIFF_TAG_CLUSTER_SHAPE)
            fprintf(out, "ClusterShape %s (skinning)", geo);
        else
            fprintf(out, "geometry %s (not a TriGroup)", geo);
        fprintf(out, ", mat %s, type 0x%08x", mat, sh->type);
        if (sh->part_num && sh->part_link)
            print_links(out, ", parts", sh->part_link, sh->part_num);
        fputc('\n', out);
    }
    for (uint32_t i = 0; i < f->part_count; i++) {
        const rm_niff_part *p = &f->parts[i];
        char mat[24];
        if (p->mat_index == RM_NIFF_USE_SHAPE_MAT)
            snprintf(mat, sizeof mat, "the shape's");
        else
            rm_niff_link_text(p->mat_index, mat, sizeof mat);
        fprintf(out, "  part %u \"%s\": %u triangles of TriGroup %u, mat %s\n", i, name_or(f, p->name_index),
                p->tri_num, p->tri_group_index, mat);
    }
}

static void print_materials(const rm_niff_file *f, FILE *out)
{
    fprintf(out, "Materials: %u\n", f->mat_count);
    for (uint32_t i = 0; i < f->mat_count; i++) {
        const rm_niff_mat *m = &f->mats[i];
        fprintf(out, "  mat %u \"%s\": %s, prim %.9g %.9g %.9g %.9g, shade 0x%x, color 0x%08x/0x%08x, "
                     "alpha 0x%08x/0x%08x",
                i, name_or(f, m->name_index), m->type == RM_NIFF_MAT_TYPE_N64 ? "N64" : "NIFF",
                (double)m->prim[0], (double)m->prim[1], (double)m->prim[2], (double)m->prim[3], m->shade_type,
                m->color_type0, m->color_type1, m->alpha_type0, m->alpha_type1);
        if (m->tex_num && m->tex_index)
            print_links(out, ", tex", m->tex_index, m->tex_num);
        else
            fprintf(out, ", no texture");
        fputc('\n', out);
    }
}

static void print_textures(const rm_niff_file *f, FILE *out)
{
    fprintf(out, "Textures: %u (%u images)\n", f->tex_count, f->tex_img_count);
    for (uint32_t i = 0; i < f->tex_count; i++) {
        const rm_niff_tex *t = &f->texs[i];
        char type[32], img[24];
        rm_niff_tex_type_text(t->type, type, sizeof type);
        fprintf(out, "  tex %u \"%s\": %s", i, name_or(f, t->name_index), type);
        if (!t->has_data_area) {
            fprintf(out, ", no readable data area\n");
            continue;
        }
        fprintf(out, ", %ux%u", t->img_width, t->img_height);
        if (t->anim == RM_NIFF_TEX_ANIM_OFF) {
            rm_niff_link_text(t->img_index, img, sizeof img);
            fprintf(out, ", tile %ux%u at %u,%u, TexImg %s", t->tile_width, t->tile_height, t->offset_x,
                    t->offset_y, img);
        } else {
            fprintf(out, ", animated (0x%03x): %u images", t->anim, t->tile_img_num);
        }
        if (t->has_neb2 && t->use_color_palette)
            fprintf(out, ", color palette");
        fputc('\n', out);
    }
    for (uint32_t i = 0; i < f->tex_img_count; i++)
        fprintf(out, "  teximg %u: %u bytes of RGBA (%u texels)\n", i, f->tex_imgs[i].pixels.size,
                f->tex_imgs[i].pixels.size / 4);
}

static void print_anims(const rm_niff_file *f, FILE *out)
{
    if (!f->anim_group_count)
        return;
    fprintf(out, "Animations: %u\n", f->anim_group_count);
    for (uint32_t i = 0; i < f->anim_group_count; i++) {
        const rm_niff_anim_group *g = &f->anim_groups[i];
        char tb[24];
        fprintf(out, "  anim %u \"%s\": %s, %u anims, rotation order 0x%08x", i, name_or(f, g->name_index),
                rm_niff_anim_type_text(g->type, tb, sizeof tb), g->anim_num, g->rot_mtx_order);
        if (g->anim_num && g->anims && g->type != RM_NIFF_ANIM_TYPE_BILLBOARD_OBJ) {
            const rm_niff_anim *a = &g->anims[0];
            fprintf(out, "; first: translate %.9g %.9g %.9g, rotate %.9g %.9g %.9g, scale %.9g %.9g %.9g",
                    (double)a->translate[0], (double)a->translate[1], (double)a->translate[2],
                    (double)a->rotate[0], (double)a->rotate[1], (double)a->rotate[2], (double)a->scale[0],
                    (double)a->scale[1], (double)a->scale[2]);
        }
        fputc('\n', out);
    }
}

static void niff_print_info_c(const rm_niff_file *f, FILE *out)
{
    fprintf(out, "NIFF %u.%u file: version 0x%08x (maker 0x%02x, tool 0x%02x), %u bytes\n", f->major, f->minor,
            f->version, f->version >> 24, (f->version >> 16) & 0xffu, f->file_size);
    print_lists(f, out);
    print_scene(f, out);
    print_shapes(f, out);
    print_materials(f, out);
    print_textures(f, out);
    print_anims(f, out);
    fprintf(out, "Names: %u\n", f->name_count);
}

/* Numbers with a '.', whatever the caller's locale (core/cnum.h). */
void rm_niff_print_info(const rm_niff_file *f, FILE *out)
{
    rm_cloc loc = rm_cloc_enter();
    niff_print_info_c(f, out);
    rm_cloc_leave(loc);
}
