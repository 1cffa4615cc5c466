/* src/formats/niff/print_json.c - rm_niff_print_json: what
   rm_niff_print_info prints, as one JSON document (`retromesh info --json
   FILE.niff`). Keys in a fixed order; numbers come from the file model
   only, so the same file gives the same text. Links: a number, null for
   NOLINK, "switch N" for a Switch reference. */
#include "core/cnum.h"
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/json_text.h"
#include "print_common.h"

typedef struct build {
    bool failed;
} build;

static void put(build *b, json_t *obj, const char *key, json_t *value)
{
    if (!value || json_object_set_new(obj, key, value) != 0)
        b->failed = true;
}

static void push(build *b, json_t *arr, json_t *value)
{
    if (!value || json_array_append_new(arr, value) != 0)
        b->failed = true;
}

static json_t *hex(uint32_t v)
{
    char t[16];
    snprintf(t, sizeof t, "0x%08x", v);
    return json_string(t);
}

static json_t *link_json(uint32_t link)
{
    if (link == RM_NIFF_NOLINK)
        return json_null();
    if (rm_niff_link_is_switch(link)) {
        char t[24];
        snprintf(t, sizeof t, "switch %u", rm_niff_switch_index(link));
        return json_string(t);
    }
    return json_integer(link);
}

/* A NameList name: a string, or null. Names are bytes of the file: any
   that is not UTF-8 is read as Latin-1 (core/json_text.h), so one odd name
   never loses the document. */
static json_t *name_json(const rm_niff_file *f, uint32_t index)
{
    return rm_json_text(rm_niff_name(f, index));
}

static json_t *real(float v)
{
    /* NaN and infinities are not JSON: their bit patterns are given as text. */
    double d = (double)v;
    if (d != d || d > 1e308 || d < -1e308) {
        char t[32];
        snprintf(t, sizeof t, "%g", d);
        return json_string(t);
    }
    return json_real(d);
}

static json_t *floats(build *b, const float *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        push(b, a, real(v[i]));
    return a;
}

static json_t *links(build *b, const uint32_t *v, uint32_t n)
{
    json_t *a = json_array();
    for (uint32_t i = 0; i < n && v; i++)
        push(b, a, link_json(v[i]));
    return a;
}

static json_t *lists_json(build *b, const rm_niff_file *f)
{
    json_t *a = json_array();
    json_t *h = json_object();
    put(b, h, "name", json_string("FileHeader"));
    put(b, h, "offset", json_integer(0));
    put(b, h, "elements", json_null());
    put(b, h, "size", json_integer(f->file_header_num_byte));
    push(b, a, h);
    for (uint32_t i = 0; i < RM_NIFF_LIST_COUNT; i++) {
        const rm_niff_list *l = &f->lists[i];
        if (!l->present)
            continue;
        json_t *o = json_object();
        put(b, o, "name", json_string(rm_niff_list_name(i)));
        put(b, o, "offset", json_integer(l->offset));
        put(b, o, "elements", json_integer(rm_niff_list_elements(l)));
        put(b, o, "size", json_integer(l->size));
        push(b, a, o);
    }
    return a;
}

static json_t *obj_json(build *b, const rm_niff_file *f, uint32_t i)
{
    const rm_niff_obj *o = &f->objs[i];
    char tb[32], sb[32], render[64];
    json_t *j = json_object();
    put(b, j, "index", json_integer(i));
    put(b, j, "name", name_json(f, o->name_index));
    put(b, j, "type", json_string(rm_niff_obj_type_text(o->type, tb, sizeof tb)));
    put(b, j, "state", json_string(rm_niff_obj_state_text(o->state, sb, sizeof sb)));
    rm_niff_render_pri_text(o->render_pri, render, sizeof render);
    json_t *r = json_object();
    put(b, r, "pri", hex(o->render_pri));
    put(b, r, "mode", json_string(render));
    put(b, r, "cycle", json_integer(o->render_cycle_type == RM_NIFF_OBJ_RENDER_CYC_2CYC ? 2 : 1));
    put(b, r, "type0", hex(o->render_type0));
    put(b, r, "type1", hex(o->render_type1));
    put(b, j, "render", r);
    put(b, j, "group", json_integer(o->group));
    put(b, j, "pri", json_integer(o->pri));
    put(b, j, "billboard_below", json_boolean(o->have_link_billboard == RM_NIFF_ANY_LINK_BILLBOARD));
    put(b, j, "parent", link_json(o->parent_link));
    put(b, j, "shape", link_json(o->shape_link));
    put(b, j, "mat", link_json(o->mat_link));
    put(b, j, "anim", link_json(o->anim_link));
    put(b, j, "coll", link_json(o->coll_link));
    json_t *lods = json_array();
    for (uint32_t k = 0; k < o->lod_num && o->lod_dist_bits && o->lod_link; k++) {
        json_t *l = json_object();
        if (o->lod_dist_bits[k] == RM_NIFF_OBJ_LOD_DIST_MAX)
            put(b, l, "distance", json_string("MAX"));
        else
            put(b, l, "distance", real(rm_niff_float(o->lod_dist_bits[k])));
        put(b, l, "obj", link_json(o->lod_link[k]));
        push(b, lods, l);
    }
    put(b, j, "lods", lods);
    put(b, j, "children", links(b, o->child_link, o->child_num));
    return j;
}

/* {"obj": i, "lods": [...], "children": [...]} depth first (LOD levels
   and children as subtrees); `seen` guards against loops. */
static json_t *tree_json(build *b, const rm_niff_file *f, uint32_t i, int depth, uint8_t *seen)
{
    json_t *t = json_object();
    put(b, t, "obj", link_json(i));
    json_t *lods = json_array(), *kids = json_array();
    if (i < f->obj_count && !seen[i] && depth < 64) {
        seen[i] = 1;
        const rm_niff_obj *o = &f->objs[i];
        for (uint32_t k = 0; k < o->lod_num && o->lod_link; k++)
            push(b, lods, tree_json(b, f, o->lod_link[k], depth + 1, seen));
        for (uint32_t k = 0; k < o->child_num && o->child_link; k++)
            push(b, kids, tree_json(b, f, o->child_link[k], depth + 1, seen));
    }
    put(b, t, "lods", lods);
    put(b, t, "children", kids);
    return t;
}

static json_t *scene_json(build *b, const rm_niff_file *f)
{
    if (!f->has_scene)
        return json_null();
    const rm_niff_scene *s = &f->scene;
    json_t *j = json_object();
    put(b, j, "name", name_json(f, s->name_index));
    put(b, j, "cfg", hex(s->cfg));
    put(b, j, "objs", links(b, s->obj_link, s->obj_link_num));
    put(b, j, "envs", links(b, s->env_link, s->env_link_num));
    put(b, j, "cams", links(b, s->cam_link, s->cam_link_num));
    put(b, j, "lights", links(b, s->light_link, s->light_link_num));
    uint8_t *seen = calloc(f->obj_count ? f->obj_count : 1, 1);
    json_t *tree = json_array();
    if (!seen)
        b->failed = true;
    for (uint32_t k = 0; seen && k < s->obj_link_num && s->obj_link; k++)
        push(b, tree, tree_json(b, f, s->obj_link[k], 0, seen));
    free(seen);
    put(b, j, "tree", tree);
    return j;
}

static json_t *shapes_json(build *b, const rm_niff_file *f)
{
    json_t *a = json_array();
    for (uint32_t i = 0; i < f->shape_count; i++) {
        const rm_niff_shape *sh = &f->shapes[i];
        json_t *j = json_object();
        uint32_t tris, verts;
        bool tri = rm_niff_shape_counts(f, sh, &tris, &verts);
        put(b, j, "index", json_integer(i));
        put(b, j, "name", name_json(f, sh->name_index));
        put(b, j, "geometry", json_string(tri ? "TriGroup"
                                          : sh->kind_of_node_for_geometry == RM_NIFF_TAG_ENVELOPE ? "Envelope"
                                          : sh->kind_of_node_for_geometry == RM_NIFF_TAG_CLUSTER_SHAPE
                                              ? "ClusterShape"
                                              : "unknown"));
        put(b, j, "tri_link", link_json(sh->tri_link));
        put(b, j, "triangles", tri ? json_integer(tris) : json_null());
        put(b, j, "vertices", tri ? json_integer(verts) : json_null());
        put(b, j, "mat", link_json(sh->mat_link));
        put(b, j, "type", hex(sh->type));
        put(b, j, "parts", links(b, sh->part_link, sh->part_num));
        push(b, a, j);
    }
    return a;
}

static json_t *parts_json(build *b, const rm_niff_file *f)
{
    json_t *a = json_array();
    for (uint32_t i = 0; i < f->part_count; i++) {
        const rm_niff_part *p = &f->parts[i];
        json_t *j = json_object();
        put(b, j, "index", json_integer(i));
        put(b, j, "name", name_json(f, p->name_index));
        put(b, j, "mat", p->mat_index == RM_NIFF_USE_SHAPE_MAT ? json_string("shape") : link_json(p->mat_index));
        put(b, j, "tri_group", link_json(p->tri_group_index));
        put(b, j, "triangles", json_integer(p->tri_num));
        push(b, a, j);
    }
    return a;
}

static json_t *mats_json(build *b, const rm_niff_file *f)
{
    json_t *a = json_array();
    for (uint32_t i = 0; i < f->mat_count; i++) {
        const rm_niff_mat *m = &f->mats[i];
        json_t *j = json_object();
        put(b, j, "index", json_integer(i));
        put(b, j, "name", name_json(f, m->name_index));
        put(b, j, "type", json_string(m->type == RM_NIFF_MAT_TYPE_N64 ? "N64" : "NIFF"));
        put(b, j, "shade", hex(m->shade_type));
        put(b, j, "color_type", json_pack("[oo]", hex(m->color_type0), hex(m->color_type1)));
        put(b, j, "alpha_type", json_pack("[oo]", hex(m->alpha_type0), hex(m->alpha_type1)));
        put(b, j, "prim", floats(b, m->prim, 4));
        put(b, j, "textures", links(b, m->tex_index, m->tex_num));
        push(b, a, j);
    }
    return a;
}

static json_t *texs_json(build *b, const rm_niff_file *f)
{
    json_t *a = json_array();
    for (uint32_t i = 0; i < f->tex_count; i++) {
        const rm_niff_tex *t = &f->texs[i];
        char type[32];
        rm_niff_tex_type_text(t->type, type, sizeof type);
        json_t *j = json_object();
        put(b, j, "index", json_integer(i));
        put(b, j, "name", name_json(f, t->name_index));
        put(b, j, "type", json_string(type));
        put(b, j, "width", t->has_data_area ? json_integer(t->img_width) : json_null());
        put(b, j, "height", t->has_data_area ? json_integer(t->img_height) : json_null());
        put(b, j, "anim", hex(t->anim));
        put(b, j, "image", t->has_data_area && t->anim == RM_NIFF_TEX_ANIM_OFF ? link_json(t->img_index)
                                                                              : json_null());
        put(b, j, "palette", json_boolean(t->has_neb2 && t->use_color_palette));
        push(b, a, j);
    }
    return a;
}

static json_t *images_json(build *b, const rm_niff_file *f)
{
    json_t *a = json_array();
    for (uint32_t i = 0; i < f->tex_img_count; i++) {
        json_t *j = json_object();
        put(b, j, "index", json_integer(i));
        put(b, j, "bytes", json_integer(f->tex_imgs[i].pixels.size));
        push(b, a, j);
    }
    return a;
}

static json_t *anims_json(build *b, const rm_niff_file *f)
{
    json_t *a = json_array();
    for (uint32_t i = 0; i < f->anim_group_count; i++) {
        const rm_niff_anim_group *g = &f->anim_groups[i];
        char tb[24];
        json_t *j = json_object();
        put(b, j, "index", json_integer(i));
        put(b, j, "name", name_json(f, g->name_index));
        put(b, j, "type", json_string(rm_niff_anim_type_text(g->type, tb, sizeof tb)));
        put(b, j, "anims", json_integer(g->anim_num));
        put(b, j, "rot_order", hex(g->rot_mtx_order));
        if (g->anim_num && g->anims && g->type != RM_NIFF_ANIM_TYPE_BILLBOARD_OBJ) {
            json_t *first = json_object();
            put(b, first, "translate", floats(b, g->anims[0].translate, 3));
            put(b, first, "rotate", floats(b, g->anims[0].rotate, 3));
            put(b, first, "scale", floats(b, g->anims[0].scale, 3));
            put(b, j, "first", first);
        } else {
            put(b, j, "first", json_null());
        }
        push(b, a, j);
    }
    return a;
}

static rm_status niff_print_json_c(const rm_niff_file *f, FILE *out)
{
    build b = { false };
    json_t *root = json_object();
    if (!root)
        return RM_NOMEM;
    put(&b, root, "format", json_string("NIFF"));
    json_t *v = json_object();
    put(&b, v, "word", hex(f->version));
    put(&b, v, "major", json_integer(f->major));
    put(&b, v, "minor", json_integer(f->minor));
    put(&b, v, "maker", json_integer(f->version >> 24));
    put(&b, v, "tool", json_integer((f->version >> 16) & 0xffu));
    put(&b, root, "version", v);
    put(&b, root, "file_size", json_integer(f->file_size));
    put(&b, root, "lists", lists_json(&b, f));
    put(&b, root, "scene", scene_json(&b, f));
    json_t *objs = json_array();
    for (uint32_t i = 0; i < f->obj_count; i++)
        push(&b, objs, obj_json(&b, f, i));
    put(&b, root, "objects", objs);
    put(&b, root, "shapes", shapes_json(&b, f));
    put(&b, root, "parts", parts_json(&b, f));
    put(&b, root, "materials", mats_json(&b, f));
    put(&b, root, "textures", texs_json(&b, f));
    put(&b, root, "images", images_json(&b, f));
    put(&b, root, "animations", anims_json(&b, f));
    put(&b, root, "names", json_integer(f->name_count));
    rm_status st = RM_OK;
    if (b.failed)
        st = RM_NOMEM;
    else if (json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0 || fputc('\n', out) == EOF)
        st = RM_IO;
    json_decref(root);
    return st;
}

/* Numbers with a '.', whatever the caller's locale (core/cnum.h). */
rm_status rm_niff_print_json(const rm_niff_file *f, FILE *out)
{
    rm_cloc loc = rm_cloc_enter();
    rm_status st = niff_print_json_c(f, out);
    rm_cloc_leave(loc);
    return st;
}
