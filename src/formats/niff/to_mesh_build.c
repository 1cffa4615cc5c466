/* src/formats/niff/to_mesh_build.c - rm_niff_to_mesh: the Obj tree of a
   file model walked into a neutral mesh (the rules are at the declaration
   in retromesh/niff.h). The reader has validated the links already; every
   index is still checked here before use, and what is out of range is left
   out with a warning. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/niff.h"
#include "to_mesh.h"
#include "core/alloc.h"
#include "core/cnum.h"
#include "core/names.h"

/* The most vertices, uvs, normals, corners or faces a mesh may get (4M:
   some 200 MB of mesh; a Saturn model has at most 2500 points): an Obj
   tree can instance a large VtxGroup many times. */
#define MAX_ITEMS (1u << 22)
/* The most Part triangle entries walked (all Objs together). */
#define MAX_PART_WORK (1u << 28)

typedef struct walk_item {
    uint32_t obj;
    bool cleared;           /* under an OBJ_STATE_CLEAR Obj: only marked seen */
    rm_niff_xform parent;
} walk_item;

/* The names given so far (groups, or materials): the OBJ reader's name
   table (keys not owned: the mesh's strings), each name with the next
   suffix to try for that base, so that many equal names cost linear time,
   not quadratic. */
typedef struct name_set {
    rm_names table;         /* name -> its entry of `next` */
    uint32_t *next;         /* the next "_N" suffix to try for this base */
    size_t count, cap;      /* entries of `next` */
} name_set;

typedef struct ctx {
    const rm_niff_file *f;
    const char *file;
    rm_diag *diag;
    rm_mesh *m;
    size_t pos_cap, color_cap, has_cap, uv_cap, nv_cap, mat_cap, group_cap;
    size_t face_cap, face_mat_cap, face_group_cap, cpos_cap, cuv_cap, cnv_cap;
    uint32_t *mesh_mat;     /* per Mat: mesh material, RM_MESH_NONE when not made yet */
    char **tex_file;        /* per Tex: the stem of the file name given to it (NULL: not yet) */
    uint8_t *seen;          /* per Obj: 1 once reached */
    uint8_t *sides;         /* per mesh material: 1 drawn by a culling Shape, 2 by one that culls nothing */
    size_t sides_cap, sides_count;
    name_set group_names, mat_names, tex_names;
    uint64_t part_work;     /* Part triangle entries walked so far */
    bool any_color;
    rm_status st;
} ctx;

/* ---- small helpers ------------------------------------------------------ */

/* A link with a Switch reference replaced by the Switch's default link
   (one level: a Switch whose default is a Switch gives NOLINK). */
static uint32_t resolve(const ctx *c, uint32_t link)
{
    if (link == RM_NIFF_NOLINK || !rm_niff_link_is_switch(link))
        return link;
    uint32_t s = rm_niff_switch_index(link);
    const rm_niff_list *l = &c->f->lists[RM_NIFF_LIST_SWITCH];
    if (!l->elems || s >= l->elem_count || l->elems[s].word_count < 5)
        return RM_NIFF_NOLINK;
    uint32_t d = l->elems[s].words[4];  /* default_link_index */
    return rm_niff_link_is_switch(d) ? RM_NIFF_NOLINK : d;
}

static const char *obj_name(const ctx *c, uint32_t i)
{
    const char *n = rm_niff_name(c->f, c->f->objs[i].name_index);
    return n ? n : "";
}

static void warn_obj(ctx *c, uint32_t i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void warn_obj(ctx *c, uint32_t i, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char tag[200];
    snprintf(tag, sizeof tag, "obj %u \"%.150s\"", i, obj_name(c, i));
    rm_diag_chunk(c->diag, RM_WARNING, c->file, "ObjList", tag, c->f->objs[i].offset, "%s", text);
}

static double finite_or_0(float v)
{
    return isfinite(v) ? (double)v : 0.0;
}

/* Values of a data group that are not finite numbers: one message for the
   group at the first of them ("FILE: VtxList vtx_group 2 at 0x1a4: vtx 3
   z is nan ..."; the offset is the value's own). Positions: an error, the
   mesh is not made; normals and UVs: a warning, they become 0 (finite()
   where they are copied). Returns
   the count of bad values. */
static uint32_t check_finite(ctx *c, const rm_niff_data_group *g, uint32_t list, const char *what,
                             bool fatal)
{
    static const char AXES[2][4] = {"xyz", "uv"};
    const char *axes = g->comps == 2 ? AXES[1] : AXES[0];
    uint32_t bad = 0;
    size_t first = 0;
    size_t n = (size_t)g->num * g->comps;
    for (size_t k = 0; k < n && g->v; k++) {
        if (isfinite(g->v[k]))
            continue;
        if (bad++ == 0)
            first = k;
    }
    if (!bad)
        return 0;
    char tag[64], more[64] = "";
    const rm_niff_kind_info *ki = g->el ? rm_niff_kind(g->el->kind) : NULL;
    snprintf(tag, sizeof tag, "%s %u", ki ? ki->short_name : "group", g->index);
    if (bad > 1)
        snprintf(more, sizeof more, " (%u values of this group are not)", bad);
    unsigned long at = (unsigned long)g->offset + 4ul * (g->el ? g->el->word_count : 0) + 4ul * first;
    rm_diag_chunk(c->diag, fatal ? RM_ERROR : RM_WARNING, c->file, rm_niff_list_name(list), tag, at,
                  "%s %zu: %c is %g, not a finite number%s; %s", what, first / g->comps,
                  axes[first % g->comps], (double)g->v[first], more,
                  fatal ? "the geometry cannot be converted" : "0 is used");
    return bad;
}

static void fail_big(ctx *c)
{
    if (c->st == RM_OK)
        rm_diag_add(c->diag, RM_ERROR,
                    "%s: error: the geometry is too large to convert once every Obj is placed (at most "
                    "%u vertices, uvs, normals, corners or faces, and %u Part triangle entries)",
                    c->file, MAX_ITEMS, MAX_PART_WORK);
    c->st = RM_INVALID;
}


/* The `next` entry of name `s`, or NULL when `s` is not in the set. */
static uint32_t *name_next(name_set *ns, const char *s)
{
    size_t n = strlen(s);
    uint32_t i = rm_names_find(&ns->table, s, n, rm_names_hash(s, n));
    return i == RM_NAMES_NONE ? NULL : &ns->next[i];
}

static bool name_add(name_set *ns, const char *s)
{
    size_t n = strlen(s);
    if (ns->count >= RM_NAMES_NONE ||
        !rm_grow((void **)&ns->next, &ns->cap, ns->count + 1, sizeof *ns->next) ||
        !rm_names_add(&ns->table, s, n, rm_names_hash(s, n), (uint32_t)ns->count))
        return false;
    ns->next[ns->count++] = 2;
    return true;
}

static void name_set_free(name_set *ns)
{
    rm_names_free(&ns->table);
    free(ns->next);
}

/* `base` made unique among the names of `ns` ("base", else "base_2",
   "base_3"...), malloc'd and added to the set; NULL when out of memory. */
static char *unique_name(name_set *ns, const char *base)
{
    char buf[300];
    snprintf(buf, sizeof buf, "%.250s", base);
    uint32_t *next = name_next(ns, buf);
    if (next) {
        uint32_t k = *next;
        for (;; k++) {
            char cand[300];
            snprintf(cand, sizeof cand, "%.250s_%u", base, k);
            if (!name_next(ns, cand)) {
                memcpy(buf, cand, sizeof cand);
                break;
            }
        }
        *next = k + 1;
    }
    char *d = rm_strdup(buf);
    if (d && !name_add(ns, d)) {
        free(d);
        return NULL;
    }
    return d;
}

/* ---- transforms --------------------------------------------------------- */

static void local_transform(ctx *c, uint32_t i, rm_niff_xform *out)
{
    rm_niff_xform_identity(out);
    const rm_niff_obj *o = &c->f->objs[i];
    uint32_t a = resolve(c, o->anim_link);
    if (a == RM_NIFF_NOLINK)
        return;
    if (a >= c->f->anim_group_count) {
        warn_obj(c, i, "obj_anim_link %u is out of range: no transform", a);
        return;
    }
    const rm_niff_anim_group *g = &c->f->anim_groups[a];
    if (g->type == RM_NIFF_ANIM_TYPE_BILLBOARD_OBJ)
        return;     /* faces another Obj at run time: no placement of its own */
    if (!g->anims || g->anim_num == 0)
        return;
    const rm_niff_anim *an = &g->anims[0];  /* STATIC, or frame 0 / the first key */
    if (an->tag != RM_NIFF_TAG_ANIM_STATIC && an->tag != RM_NIFF_TAG_ANIM_FULL &&
        an->tag != RM_NIFF_TAG_ANIM_KEY)
        return;
    double t[3], r[3], s[3];
    for (int k = 0; k < 3; k++) {
        t[k] = an->translate[k];
        r[k] = an->rotate[k];
        s[k] = an->scale[k];
        if (!isfinite(t[k]) || !isfinite(r[k]) || !isfinite(s[k])) {
            warn_obj(c, i, "AnimGroup %u has a value that is not a number: no transform", a);
            return;
        }
    }
    int axes[3];
    if (!rm_niff_rot_order_axes(g->rot_mtx_order, axes))
        warn_obj(c, i, "AnimGroup %u: anim_rot_mtx_order 0x%08x is not one of the six orders: XYZ used",
                 a, g->rot_mtx_order);
    rm_niff_xform_local(t, r, s, g->rot_mtx_order, out);
}

/* ---- materials and textures --------------------------------------------- */

/* A Tex's name as a file name: the part after its last '/' or '\\', with
   [A-Za-z0-9_.-] kept and other bytes '_', its extension replaced by
   ".png"; unique among the names given ("wall_2.png"). */
static char *texture_file(ctx *c, uint32_t t)
{
    if (c->tex_file[t])
        return c->tex_file[t];
    const char *name = rm_niff_name(c->f, c->f->texs[t].name_index);
    char base[80];
    if (!name || !name[0]) {
        snprintf(base, sizeof base, "tex%u", t);
    } else {
        /* a path ("textures/wall.png", as an OBJ's map_Kd): its file name */
        for (const char *p = name; *p; p++)
            if ((*p == '/' || *p == '\\') && p[1])
                name = p + 1;
        size_t n = 0;
        for (; name[n] && n < 60; n++) {
            char ch = name[n];
            bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                      ch == '_' || ch == '-' || (ch == '.' && n > 0);
            base[n] = ok ? ch : '_';
        }
        base[n] = 0;
    }
    /* its image extension dropped: the PNG written is what it names */
    char *dot = strrchr(base, '.');
    if (dot && dot != base)
        *dot = 0;
    c->tex_file[t] = unique_name(&c->tex_names, base);   /* the stem: ".png" is added */
    return c->tex_file[t];
}

/* The pixels of Mat `k`'s first texture into `mat` (top row first). */
static void material_texture(ctx *c, uint32_t k, rm_mesh_material *mat)
{
    const rm_niff_mat *mt = &c->f->mats[k];
    if (mt->tex_num == 0 || !mt->tex_index)
        return;
    char tag[200];
    const char *mname = rm_niff_name(c->f, mt->name_index);
    snprintf(tag, sizeof tag, "mat %u \"%.150s\"", k, mname ? mname : "");
    uint32_t t = resolve(c, mt->tex_index[0]);
    if (t >= c->f->tex_count) {
        rm_diag_chunk(c->diag, RM_WARNING, c->file, "MatList", tag, mt->offset,
                      "tex_index %u is out of range: no texture", t);
        return;
    }
    const rm_niff_tex *tx = &c->f->texs[t];
    if (tx->has_neb2 && tx->use_color_palette) {
        rm_diag_chunk(c->diag, RM_WARNING, c->file, "TexList", tag, tx->offset,
                      "tex %u uses a color palette (CiImg): not converted, the material has no texture", t);
        return;
    }
    uint32_t img = RM_NIFF_NOLINK;
    if (tx->has_data_area)
        img = tx->anim == RM_NIFF_TEX_ANIM_OFF ? tx->img_index
              : (tx->tile_img_num && tx->tile_img_index ? tx->tile_img_index[0] : RM_NIFF_NOLINK);
    img = resolve(c, img);
    uint32_t w = tx->img_width, h = tx->img_height;
    uint64_t need = (uint64_t)w * h * 4;
    if (img >= c->f->tex_img_count || w == 0 || h == 0 || (uint64_t)w * h > 4096u * 4096u ||
        c->f->tex_imgs[img].pixels.size < need || !c->f->tex_imgs[img].pixels.data) {
        snprintf(tag, sizeof tag, "tex %u", t);
        rm_diag_chunk(c->diag, RM_WARNING, c->file, "TexList", tag, tx->offset,
                      "no usable image (TexImg %u, %ux%u): the material has no texture", img, w, h);
        return;
    }
    uint8_t *px = malloc((size_t)need);
    char *stem = texture_file(c, t);
    if (!px || !stem) {
        free(px);
        c->st = RM_NOMEM;
        return;
    }
    const uint8_t *src = c->f->tex_imgs[img].pixels.data;
    size_t row = (size_t)w * 4;
    for (uint32_t y = 0; y < h; y++)   /* the file's first row is the bottom one */
        memcpy(px + (size_t)y * row, src + (size_t)(h - 1 - y) * row, row);
    mat->map_kd = malloc(strlen(stem) + 5);
    if (mat->map_kd)
        snprintf(mat->map_kd, strlen(stem) + 5, "%s.png", stem);
    if (!mat->map_kd) {
        free(px);
        c->st = RM_NOMEM;
        return;
    }
    mat->map_kd_rgba = px;
    mat->map_kd_width = w;
    mat->map_kd_height = h;
}

static double unit(float v)
{
    return !isfinite(v) ? 1.0 : v < 0 ? 0.0 : v > 1 ? 1.0 : (double)v;
}

/* The mesh material of Mat k (made on first use), RM_MESH_NONE for none. */
static uint32_t mesh_material(ctx *c, uint32_t k)
{
    if (k == RM_NIFF_NOLINK || k >= c->f->mat_count)
        return RM_MESH_NONE;
    if (c->mesh_mat[k] != RM_MESH_NONE)
        return c->mesh_mat[k];
    rm_mesh *m = c->m;
    if (!rm_grow((void **)&m->materials, &c->mat_cap, m->material_count + 1, sizeof *m->materials)) {
        c->st = RM_NOMEM;
        return RM_MESH_NONE;
    }
    const rm_niff_mat *mt = &c->f->mats[k];
    rm_mesh_material *mat = &m->materials[m->material_count];
    memset(mat, 0, sizeof *mat);
    rm_mesh_material_defaults(mat);
    const char *name = rm_niff_name(c->f, mt->name_index);
    char fallback[32];
    snprintf(fallback, sizeof fallback, "mat%u", k);
    mat->name = unique_name(&c->mat_names, name && name[0] ? name : fallback);
    if (!mat->name) {
        c->st = RM_NOMEM;
        return RM_MESH_NONE;
    }
    mat->defined = true;
    for (int i = 0; i < 3; i++)
        mat->kd[i] = unit(mt->prim[i]);
    mat->has_kd = true;
    bool prim_alpha = (mt->alpha_type0 != RM_NIFF_MAT_CC_NIFF_NONE &&
                       (mt->alpha_type0 & RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA)) ||
                      (mt->alpha_type1 != RM_NIFF_MAT_CC_NIFF_NONE &&
                       (mt->alpha_type1 & RM_NIFF_MAT_CC_NIFF_PRIM_ALPHA));
    mat->dissolve = mt->type == RM_NIFF_MAT_TYPE_NIFF && prim_alpha ? unit(mt->prim[3]) : 1.0;
    /* A lit material (global or local light) is lit on the Saturn too:
       jo_light, the engine's flat light. */
    if ((mt->shade_type & 0x0fu) == RM_NIFF_MAT_SHADE_LIGHT_GLOBAL ||
        (mt->shade_type & 0x0fu) == RM_NIFF_MAT_SHADE_LIGHT_LOCAL)
        mat->jo_flags |= RM_MAT_LIGHT;
    m->material_count++;    /* counted before its texture: freed with the mesh on failure */
    material_texture(c, k, mat);
    c->mesh_mat[k] = (uint32_t)(m->material_count - 1);
    return c->mesh_mat[k];
}

enum { COLORS_NONE, COLORS_VTX, COLORS_TRI };

static bool cc_has(uint32_t type, uint32_t bit)
{
    return type != RM_NIFF_MAT_CC_NIFF_NONE && (type & bit);
}

/* Where the triangles of Mat k take their colors from (see niff.h): a
   NIFF-mode Mat says it in its colour sources (VTX before TRI); an N64-mode
   Mat, or none, takes the vertex colors, else the triangle colors, that
   the TriGroup names. */
static int color_source(const ctx *c, uint32_t k, bool vtx, bool tri)
{
    if (k < c->f->mat_count && c->f->mats[k].type == RM_NIFF_MAT_TYPE_NIFF) {
        const rm_niff_mat *mt = &c->f->mats[k];
        if (vtx && (cc_has(mt->color_type0, RM_NIFF_MAT_CC_NIFF_VTX) ||
                    cc_has(mt->color_type1, RM_NIFF_MAT_CC_NIFF_VTX)))
            return COLORS_VTX;
        if (tri && (cc_has(mt->color_type0, RM_NIFF_MAT_CC_NIFF_TRI) ||
                    cc_has(mt->color_type1, RM_NIFF_MAT_CC_NIFF_TRI)))
            return COLORS_TRI;
        return COLORS_NONE;
    }
    return vtx ? COLORS_VTX : tri ? COLORS_TRI : COLORS_NONE;
}

/* ---- geometry ----------------------------------------------------------- */

/* (vertex, color) -> mesh position for the vertices split by color. */
typedef struct split_map {
    uint64_t *key;      /* (vtx + 1) << 32 | color; 0 = empty */
    uint32_t *pos;
    size_t cap, count;
} split_map;

static bool split_find(split_map *s, uint32_t vtx, uint32_t color, uint32_t *pos, bool insert)
{
    if (insert && (s->count + 1) * 2 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        uint64_t *key = calloc(cap, sizeof *key);
        uint32_t *val = calloc(cap, sizeof *val);
        if (!key || !val) {
            free(key);
            free(val);
            return false;
        }
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->key[i])
                continue;
            size_t h = (size_t)((s->key[i] * 0x9E3779B97F4A7C15ull) >> 40) & (cap - 1);
            while (key[h])
                h = (h + 1) & (cap - 1);
            key[h] = s->key[i];
            val[h] = s->pos[i];
        }
        free(s->key);
        free(s->pos);
        s->key = key;
        s->pos = val;
        s->cap = cap;
    }
    if (!s->cap)
        return false;
    uint64_t k = ((uint64_t)vtx + 1) << 32 | color;
    size_t h = (size_t)((k * 0x9E3779B97F4A7C15ull) >> 40) & (s->cap - 1);
    while (s->key[h]) {
        if (s->key[h] == k) {
            *pos = s->pos[h];
            return true;
        }
        h = (h + 1) & (s->cap - 1);
    }
    if (!insert)
        return false;
    s->key[h] = k;
    s->pos[h] = *pos;
    s->count++;
    return true;
}

static bool add_position(ctx *c, rm_vec3d p, rm_vec3d color, bool has)
{
    rm_mesh *m = c->m;
    size_t n = m->position_count + 1;
    if (n > MAX_ITEMS) {
        fail_big(c);
        return false;
    }
    if (!rm_grow((void **)&m->positions, &c->pos_cap, n, sizeof *m->positions) ||
        !rm_grow((void **)&m->colors, &c->color_cap, n, sizeof *m->colors) ||
        !rm_grow((void **)&m->has_color, &c->has_cap, n, sizeof *m->has_color)) {
        c->st = RM_NOMEM;
        return false;
    }
    m->positions[n - 1] = p;
    m->colors[n - 1] = color;
    m->has_color[n - 1] = has;
    m->position_count = n;
    return true;
}

/* The group index the Reference*Data `r` of a TriGroup uses at frame 0. */
static uint32_t ref_group(const ctx *c, const rm_niff_tri_group *tg, int r)
{
    const rm_niff_tri_ref *ref = &tg->ref[r];
    return ref->count && ref->group ? resolve(c, ref->group[0]) : RM_NIFF_NOLINK;
}

/* The per-triangle Mat of a Shape's triangles: Part > Shape > Obj. */
static uint32_t *triangle_mats(ctx *c, uint32_t oi, const rm_niff_shape *sh, uint32_t tri_num)
{
    const rm_niff_obj *o = &c->f->objs[oi];
    uint32_t shape_mat = resolve(c, sh->mat_link);
    uint32_t obj_mat = resolve(c, o->mat_link);
    uint32_t fallback = shape_mat != RM_NIFF_NOLINK ? shape_mat : obj_mat;
    uint32_t *mat = malloc((tri_num ? tri_num : 1) * sizeof *mat);
    if (!mat) {
        c->st = RM_NOMEM;
        return NULL;
    }
    for (uint32_t t = 0; t < tri_num; t++)
        mat[t] = fallback;
    uint8_t *set = calloc(tri_num ? tri_num : 1, 1);
    if (!set) {
        free(mat);
        c->st = RM_NOMEM;
        return NULL;
    }
    for (uint32_t p = 0; p < sh->part_num && sh->part_link; p++) {
        uint32_t pi = resolve(c, sh->part_link[p]);
        if (pi >= c->f->part_count) {
            warn_obj(c, oi, "its Shape's part link %u is out of range: left out", pi);
            continue;
        }
        const rm_niff_part *part = &c->f->parts[pi];
        /* Shapes instanced by many Objs walk their Parts each time: bounded. */
        c->part_work += part->tri_num;
        if (c->part_work > MAX_PART_WORK) {
            fail_big(c);
            break;
        }
        uint32_t pm = part->mat_index == RM_NIFF_USE_SHAPE_MAT ? fallback : resolve(c, part->mat_index);
        for (uint32_t k = 0; k < part->tri_num && part->tri_index; k++) {
            uint32_t t = part->tri_index[k];
            if (t < tri_num && !set[t]) {   /* the first Part naming a triangle wins */
                mat[t] = pm;
                set[t] = 1;
            }
        }
    }
    free(set);
    return mat;
}

static const rm_niff_data_group *data_group(const rm_niff_data_group *g, uint32_t count, uint32_t i,
                                            uint32_t comps)
{
    if (i >= count || !g || g[i].comps != comps || (g[i].num && !g[i].v))
        return NULL;
    return &g[i];
}

static uint32_t add_group(ctx *c, uint32_t oi);

/* The Shape of Obj oi, through `world`, into the Obj's group (made with
   its first triangle: an Obj without triangles gets no group). */
static void emit_shape(ctx *c, uint32_t oi, const rm_niff_xform *world)
{
    uint32_t group = RM_MESH_NONE;
    const rm_niff_file *f = c->f;
    const rm_niff_obj *o = &f->objs[oi];
    uint32_t si = resolve(c, o->shape_link);
    if (si >= f->shape_count) {
        warn_obj(c, oi, "obj_shape_link %u is out of range: no geometry", si);
        return;
    }
    const rm_niff_shape *sh = &f->shapes[si];
    if (sh->kind_of_node_for_geometry != RM_NIFF_TAG_TRI_GROUP) {
        warn_obj(c, oi, "its Shape %u takes its geometry from %s (skinning): skipped", si,
                 sh->kind_of_node_for_geometry == RM_NIFF_TAG_ENVELOPE        ? "an Envelope"
                 : sh->kind_of_node_for_geometry == RM_NIFF_TAG_CLUSTER_SHAPE ? "a ClusterShape"
                                                                              : "an unknown node");
        return;
    }
    uint32_t ti = resolve(c, sh->tri_link);
    if (ti >= f->tri_group_count) {
        warn_obj(c, oi, "its Shape %u links TriGroup %u, out of range: no geometry", si, ti);
        return;
    }
    const rm_niff_tri_group *tg = &f->tri_groups[ti];
    const rm_niff_data_group *vg =
        data_group(f->vtx_groups, f->vtx_group_count, ref_group(c, tg, RM_NIFF_REF_VTX), 3);
    if (!vg) {
        warn_obj(c, oi, "TriGroup %u names no usable VtxGroup: no geometry", ti);
        return;
    }
    const rm_niff_data_group *cg =
        data_group(f->vtx_color_groups, f->vtx_color_group_count, ref_group(c, tg, RM_NIFF_REF_VTX_COLOR), 4);
    const rm_niff_data_group *tcg =
        data_group(f->tri_color_groups, f->tri_color_group_count, ref_group(c, tg, RM_NIFF_REF_TRI_COLOR), 4);
    const rm_niff_data_group *ng =
        data_group(f->vtx_nv_groups, f->vtx_nv_group_count, ref_group(c, tg, RM_NIFF_REF_VTX_NV), 3);
    const rm_niff_data_group *tng =
        data_group(f->tri_nv_groups, f->tri_nv_group_count, ref_group(c, tg, RM_NIFF_REF_TRI_NV), 3);
    if (cg && cg->num == 0)
        cg = NULL;
    if (tcg && (tcg->num == 0 || tcg->num >= 0x80000000u))
        tcg = NULL;
    if (ng && ng->num == 0)
        ng = NULL;
    if (tng && tng->num == 0)
        tng = NULL;
    const rm_niff_data_group *stg =
        data_group(f->st_groups, f->st_group_count, ref_group(c, tg, RM_NIFF_REF_ST), 2);
    rm_mesh *m = c->m;
    if ((size_t)vg->num + m->position_count > MAX_ITEMS ||
        (size_t)tg->tri_num + m->face_count > MAX_ITEMS ||
        (size_t)(ng ? ng->num : 0) + (tng ? tng->num : 0) + m->normal_count > MAX_ITEMS ||
        (stg && (size_t)stg->num + m->uv_count > MAX_ITEMS)) {
        fail_big(c);
        return;
    }

    uint32_t *tmat = triangle_mats(c, oi, sh, tg->tri_num);
    uint32_t *color_of = malloc((vg->num ? vg->num : 1) * sizeof *color_of);
    if (!tmat || !color_of) {
        free(tmat);
        free(color_of);
        c->st = RM_NOMEM;
        return;
    }
    if (check_finite(c, vg, RM_NIFF_LIST_VTX, "vtx", true)) {
        c->st = RM_INVALID;
        free(tmat);
        free(color_of);
        return;
    }
    if (stg)
        check_finite(c, stg, RM_NIFF_LIST_ST, "st", false);
    if (ng)
        check_finite(c, ng, RM_NIFF_LIST_VECTOR, "vtx_nv", false);
    if (tng)
        check_finite(c, tng, RM_NIFF_LIST_VECTOR, "tri_nv", false);
    /* The whole VtxGroup, in order (indices of the file kept). */
    size_t base = m->position_count;
    rm_vec3d white = { 1, 1, 1 };
    for (uint32_t v = 0; v < vg->num && c->st == RM_OK; v++) {
        rm_vec3d p = { vg->v[3 * v], vg->v[3 * v + 1], vg->v[3 * v + 2] };
        add_position(c, rm_niff_xform_point(world, p), white, false);
        color_of[v] = RM_MESH_NONE;
    }
    size_t uv_base = m->uv_count, nv_base = m->normal_count;
    if (stg && c->st == RM_OK) {
        if (!rm_grow((void **)&m->uvs, &c->uv_cap, m->uv_count + stg->num, sizeof *m->uvs))
            c->st = RM_NOMEM;
        for (uint32_t k = 0; k < stg->num && c->st == RM_OK; k++) {
            m->uvs[m->uv_count][0] = finite_or_0(stg->v[2 * k]);
            m->uvs[m->uv_count][1] = finite_or_0(stg->v[2 * k + 1]);
            m->uv_count++;
        }
    }
    /* The VtxNvGroup, then the TriNvGroup (a triangle's own normal, for
       corners without a vertex normal). */
    size_t tn_base = nv_base + (ng ? ng->num : 0);
    for (int pass = 0; pass < 2 && c->st == RM_OK; pass++) {
        const rm_niff_data_group *g = pass ? tng : ng;
        if (!g)
            continue;
        if (!rm_grow((void **)&m->normals, &c->nv_cap, m->normal_count + g->num, sizeof *m->normals))
            c->st = RM_NOMEM;
        for (uint32_t k = 0; k < g->num && c->st == RM_OK; k++) {
            rm_vec3d n = { finite_or_0(g->v[3 * k]), finite_or_0(g->v[3 * k + 1]),
                           finite_or_0(g->v[3 * k + 2]) };
            m->normals[m->normal_count++] = rm_niff_xform_normal(world, n);
        }
    }
    bool mirror = rm_niff_xform_det(world) < 0;
    /* A Shape that culls no side is drawn from both: jo_dual_plane. */
    bool dual = (sh->type & RM_NIFF_SHAPE_TYPE_CULL_BOTH) == 0;
    split_map split = { NULL, NULL, 0, 0 };
    uint32_t bad = 0;
    for (uint32_t t = 0; t < tg->tri_num && tg->tris && c->st == RM_OK; t++) {
        const rm_niff_tri *tri = &tg->tris[t];
        if (tri->vtx_index[0] >= vg->num || tri->vtx_index[1] >= vg->num || tri->vtx_index[2] >= vg->num) {
            bad++;
            continue;
        }
        int colors = color_source(c, tmat[t], cg != NULL, tcg != NULL);
        size_t fc = m->face_count, cc = rm_mesh_corner_count(m);
        if (!rm_grow((void **)&m->face_start, &c->face_cap, fc + 2, sizeof *m->face_start) ||
            !rm_grow((void **)&m->face_material, &c->face_mat_cap, fc + 1, sizeof *m->face_material) ||
            !rm_grow((void **)&m->face_group, &c->face_group_cap, fc + 1, sizeof *m->face_group) ||
            !rm_grow((void **)&m->corner_position, &c->cpos_cap, cc + 3, sizeof *m->corner_position) ||
            !rm_grow((void **)&m->corner_uv, &c->cuv_cap, cc + 3, sizeof *m->corner_uv) ||
            !rm_grow((void **)&m->corner_normal, &c->cnv_cap, cc + 3, sizeof *m->corner_normal)) {
            c->st = RM_NOMEM;
            break;
        }
        if (cc + 3 > MAX_ITEMS) {
            fail_big(c);
            break;
        }
        for (int k = 0; k < 3; k++) {
            int src = mirror ? (3 - k) % 3 : k;     /* 0 2 1 for a mirror */
            uint32_t v = tri->vtx_index[src];
            uint32_t pos = (uint32_t)(base + v);
            /* the color's key: a VtxColor index, or a TriColor index with
               bit 31 set (two index spaces) */
            const rm_niff_data_group *cgrp = colors == COLORS_VTX ? cg : colors == COLORS_TRI ? tcg : NULL;
            uint32_t ci = colors == COLORS_VTX ? tri->vtx_color_index[src] : tri->color_index;
            if (cgrp && ci < cgrp->num) {
                const float *cv = cgrp->v + 4 * (size_t)ci;
                rm_vec3d col = { unit(cv[0]), unit(cv[1]), unit(cv[2]) };
                if (colors == COLORS_TRI)
                    ci |= 0x80000000u;
                if (color_of[v] == RM_MESH_NONE) {
                    color_of[v] = ci;
                    m->colors[pos] = col;
                    m->has_color[pos] = 1;
                    c->any_color = true;
                } else if (color_of[v] != ci && !split_find(&split, v, ci, &pos, false)) {
                    /* a second color for this vertex: a copy of it */
                    pos = (uint32_t)m->position_count;
                    if (!add_position(c, m->positions[base + v], col, true) ||
                        !split_find(&split, v, ci, &pos, true)) {
                        if (c->st == RM_OK)
                            c->st = RM_NOMEM;
                        break;
                    }
                }
            }
            m->corner_position[cc + (size_t)k] = pos;
            uint32_t s = tri->st_index[src], n = tri->vtx_nv_index[src];
            m->corner_uv[cc + (size_t)k] = stg && s < stg->num ? (int32_t)(uv_base + s) : -1;
            m->corner_normal[cc + (size_t)k] = ng && n < ng->num     ? (int32_t)(nv_base + n)
                                               : tng && tri->nv_index < tng->num ? (int32_t)(tn_base + tri->nv_index)
                                                                           : -1;
        }
        if (c->st != RM_OK)
            break;
        if (group == RM_MESH_NONE && (group = add_group(c, oi)) == RM_MESH_NONE)
            break;
        m->face_start[fc] = (uint32_t)cc;
        m->face_start[fc + 1] = (uint32_t)(cc + 3);
        m->face_material[fc] = mesh_material(c, tmat[t]);
        uint32_t fmat = m->face_material[fc];
        if (fmat != RM_MESH_NONE) {
            if (!rm_grow((void **)&c->sides, &c->sides_cap, m->material_count, 1)) {
                c->st = RM_NOMEM;
                break;
            }
            for (; c->sides_count < m->material_count; c->sides_count++)
                c->sides[c->sides_count] = 0;
            c->sides[fmat] |= dual ? 2 : 1;
        }
        m->face_group[fc] = group;
        m->face_count = fc + 1;
    }
    if (bad)
        warn_obj(c, oi, "%u triangles of TriGroup %u name a vertex past its VtxGroup (%u vertices): left out",
                 bad, ti, vg->num);
    free(split.key);
    free(split.pos);
    free(tmat);
    free(color_of);
}

static uint32_t add_group(ctx *c, uint32_t oi)
{
    rm_mesh *m = c->m;
    if (!rm_grow((void **)&m->groups, &c->group_cap, m->group_count + 1, sizeof *m->groups)) {
        c->st = RM_NOMEM;
        return RM_MESH_NONE;
    }
    char fallback[32];
    snprintf(fallback, sizeof fallback, "obj%u", oi);
    const char *name = obj_name(c, oi);
    char *u = unique_name(&c->group_names, name[0] ? name : fallback);
    if (!u) {
        c->st = RM_NOMEM;
        return RM_MESH_NONE;
    }
    m->groups[m->group_count].name = u;
    m->groups[m->group_count].line = 0;
    return (uint32_t)m->group_count++;
}

/* ---- the walk ----------------------------------------------------------- */

static bool push(walk_item **stack, size_t *n, size_t *cap, uint32_t obj, const rm_niff_xform *parent,
                 bool cleared)
{
    if (!rm_grow((void **)stack, cap, *n + 1, sizeof **stack))
        return false;
    (*stack)[*n].obj = obj;
    (*stack)[*n].cleared = cleared;
    (*stack)[*n].parent = *parent;
    (*n)++;
    return true;
}

static void walk(ctx *c)
{
    const rm_niff_file *f = c->f;
    walk_item *stack = NULL;
    size_t n = 0, cap = 0;
    rm_niff_xform id;
    rm_niff_xform_identity(&id);
    /* The roots, pushed last first so they come out in order. */
    bool from_scene = f->has_scene && f->scene.obj_link_num && f->scene.obj_link;
    if (from_scene) {
        for (uint32_t i = f->scene.obj_link_num; i-- > 0 && c->st == RM_OK;)
            if (!push(&stack, &n, &cap, resolve(c, f->scene.obj_link[i]), &id, false))
                c->st = RM_NOMEM;
    } else {
        for (uint32_t i = f->obj_count; i-- > 0 && c->st == RM_OK;)
            if (f->objs[i].parent_link == RM_NIFF_NOLINK && !push(&stack, &n, &cap, i, &id, false))
                c->st = RM_NOMEM;
    }
    while (n && c->st == RM_OK) {
        walk_item it = stack[--n];
        uint32_t oi = it.obj;
        if (oi >= f->obj_count) {
            if (oi != RM_NIFF_NOLINK)
                rm_diag_add(c->diag, RM_WARNING, "%s: warning: a link to obj %u, out of range: left out",
                            c->file, oi);
            continue;
        }
        if (c->seen[oi]) {
            warn_obj(c, oi, "reached a second time in the Obj tree: converted once");
            continue;
        }
        c->seen[oi] = 1;
        const rm_niff_obj *o = &f->objs[oi];
        /* OBJ_STATE_CLEAR "ignores all links of this object": its children
           are walked only to be marked seen. */
        bool cleared = it.cleared || o->state == RM_NIFF_OBJ_STATE_CLEAR;
        rm_niff_xform local, world;
        if (cleared)
            rm_niff_xform_identity(&local);
        else
            local_transform(c, oi, &local);
        rm_niff_xform_mul(&it.parent, &local, &world);
        if (!cleared && (o->type == RM_NIFF_OBJ_TYPE_3D || o->type == RM_NIFF_OBJ_TYPE_BILLBOARD) &&
            o->shape_link != RM_NIFF_NOLINK) {
            emit_shape(c, oi, &world);
        }
        /* children last first; then the nearest LOD level, which comes out
           before them. The other levels are alternatives: marked seen. A
           child that is one of the Obj's LOD levels (or the Obj itself as
           a level) is left to the LOD rule. */
        uint32_t near = o->lod_num && o->lod_link ? resolve(c, o->lod_link[0]) : RM_NIFF_NOLINK;
        for (uint32_t k = o->child_num; k-- > 0 && o->child_link && c->st == RM_OK;) {
            uint32_t ch = resolve(c, o->child_link[k]);
            bool level = false;
            bool few = (uint64_t)o->lod_num * o->child_num <= (1u << 20);  /* hostile counts: no filter */
            for (uint32_t l = 0; few && l < o->lod_num && o->lod_link && !level; l++)
                level = resolve(c, o->lod_link[l]) == ch;
            if (!level && !push(&stack, &n, &cap, ch, &world, cleared))
                c->st = RM_NOMEM;
        }
        for (uint32_t k = 1; k < o->lod_num && o->lod_link; k++) {
            uint32_t l = resolve(c, o->lod_link[k]);
            if (l < f->obj_count && l != near && l != oi)
                c->seen[l] = 1;
        }
        if (near != RM_NIFF_NOLINK && near != oi && c->st == RM_OK)
            if (!push(&stack, &n, &cap, near, &world, cleared))
                c->st = RM_NOMEM;
    }
    free(stack);
    if (c->st != RM_OK)
        return;
    /* Objs with geometry that the tree never reached. */
    uint32_t missed = 0;
    char list[256] = "";
    for (uint32_t i = 0; i < f->obj_count; i++) {
        if (c->seen[i] || f->objs[i].shape_link == RM_NIFF_NOLINK)
            continue;
        if (missed < 5) {
            size_t used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s%u \"%.30s\"", missed ? ", " : "", i, obj_name(c, i));
        }
        missed++;
    }
    if (missed)
        rm_diag_add(c->diag, RM_WARNING,
                    "%s: warning: %u Obj with a Shape not reached from the %s (obj %s%s): not converted",
                    c->file, missed, from_scene ? "Scene's Obj tree" : "Objs without a parent", list,
                    missed > 5 ? ", ..." : "");
}

/* ---- entry points ------------------------------------------------------- */

rm_status rm_niff_to_mesh_named(const rm_niff_file *f, const char *name, rm_mesh *out, rm_diag *diag)
{
    rm_mesh_init(out);
    if (!f || f->check_only)
        return RM_USAGE;    /* a check_only model keeps no Tris */
    ctx c;
    memset(&c, 0, sizeof c);
    c.f = f;
    c.file = name ? name : "<niff>";
    c.diag = diag;
    c.m = out;
    c.mesh_mat = malloc((f->mat_count ? f->mat_count : 1) * sizeof *c.mesh_mat);
    c.tex_file = calloc(f->tex_count ? f->tex_count : 1, sizeof *c.tex_file);
    c.seen = calloc(f->obj_count ? f->obj_count : 1, 1);
    out->source = rm_strdup(c.file);
    if (!c.mesh_mat || !c.tex_file || !c.seen || !out->source ||
        !rm_grow((void **)&out->face_start, &c.face_cap, 1, sizeof *out->face_start)) {
        c.st = RM_NOMEM;
    } else {
        out->face_start[0] = 0;
        for (uint32_t i = 0; i < f->mat_count; i++)
            c.mesh_mat[i] = RM_MESH_NONE;
        walk(&c);
    }
    name_set_free(&c.group_names);
    name_set_free(&c.mat_names);
    name_set_free(&c.tex_names);
    for (uint32_t i = 0; c.tex_file && i < f->tex_count; i++)
        free(c.tex_file[i]);
    free(c.tex_file);
    free(c.mesh_mat);
    free(c.seen);
    if (c.st != RM_OK) {
        free(c.sides);
        rm_mesh_free(out);
        rm_mesh_init(out);
        if (c.st == RM_NOMEM)
            rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", c.file);
        return c.st;
    }
    /* jo_dual_plane for a material drawn only by Shapes that cull no side
       (a Mat shared with a culling Shape keeps its one side). */
    for (size_t i = 0; c.sides && i < c.sides_count; i++)
        if ((c.sides[i] & 3) == 2)
            out->materials[i].jo_flags |= RM_MAT_DUAL_PLANE;
    free(c.sides);
    /* Arrays the file did not give are NULL (mesh.h). */
    if (!c.any_color) {
        free(out->colors);
        free(out->has_color);
        out->colors = NULL;
        out->has_color = NULL;
    }
    if (!out->uv_count) {
        free(out->corner_uv);
        out->corner_uv = NULL;
    }
    if (!out->normal_count) {
        free(out->corner_normal);
        out->corner_normal = NULL;
    }
    return RM_OK;
}

rm_status rm_niff_to_mesh(const rm_niff_file *f, rm_mesh *out, rm_diag *diag)
{
    return rm_niff_to_mesh_named(f, NULL, out, diag);
}
