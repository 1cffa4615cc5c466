/* src/convert/obj_to_jom.c - rm_convert_mesh_to_jom(): the pipeline.

   Checks the options and the mesh, runs the steps of stages.h in order,
   checks the limits of the format (u16 indexes), computes the bounding
   sphere and moves the result into the rm_jom_model. On any error the
   model is left empty (rm_jom_init) and the messages say why. */
#include "retromesh/convert.h"

#include "geometry.h"
#include "simplify.h"
#include "stages.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void rm_convert_options_default(rm_convert_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->scale = 1.0;
}

void rm_cv_ctx_free(rm_cv_ctx *c)
{
    free(c->pos);
    free(c->polys);
    free(c->groups);
    free(c->group_index);
    free(c->materials);
    free(c->poly_material);
    free(c->material_source);
    for (size_t i = 0; i < c->image_count; i++) {
        free(c->images[i].path);
        rm_image_free(&c->images[i].img);
    }
    free(c->images);
    for (size_t i = 0; i < c->texture_count; i++)
        free(c->textures[i].data);
    free(c->textures);
    free(c->texture_set);
    free(c->points);
    free(c->point_source);
    free(c->corner_point);
    free(c->normals);
    free(c->corner_normal);
    free(c->colors);
    free(c->gouraud);
    memset(c, 0, sizeof *c);
}

/* The readers check all of this; a mesh built by a program may not be. */
bool rm_cv_check_mesh(const rm_cv_ctx *c)
{
    const rm_mesh *m = c->mesh;
#define BAD(...) do { rm_cv_diag(c, RM_ERROR, "the mesh is inconsistent: " __VA_ARGS__); return false; } while (0)
    if (m->position_count && !m->positions)
        BAD("%zu positions but no array", m->position_count);
    if (m->face_count == 0)
        return true;
    if (!m->face_start || !m->corner_position)
        BAD("%zu faces but no corner arrays", m->face_count);
    for (size_t f = 0; f < m->face_count; f++)
        if (m->face_start[f + 1] < m->face_start[f])
            BAD("face %zu ends before it starts", f + 1);
    size_t corners = rm_mesh_corner_count(m);
    for (size_t i = 0; i < corners; i++)
        if (m->corner_position[i] >= m->position_count)
            BAD("corner %zu uses position %u of %zu", i, m->corner_position[i], m->position_count);
    if (m->corner_uv) {
        if (m->uv_count && !m->uvs)
            BAD("%zu texture coordinates but no array", m->uv_count);
        for (size_t i = 0; i < corners; i++)
            if (m->corner_uv[i] >= 0 && (size_t)m->corner_uv[i] >= m->uv_count)
                BAD("corner %zu uses texture coordinate %d of %zu", i, m->corner_uv[i],
                    m->uv_count);
    }
    if (m->corner_normal) {
        if (m->normal_count && !m->normals)
            BAD("%zu normals but no array", m->normal_count);
        for (size_t i = 0; i < corners; i++)
            if (m->corner_normal[i] >= 0 && (size_t)m->corner_normal[i] >= m->normal_count)
                BAD("corner %zu uses normal %d of %zu", i, m->corner_normal[i], m->normal_count);
    }
    for (size_t f = 0; f < m->face_count; f++) {
        if (m->face_material && m->face_material[f] != RM_MESH_NONE &&
            (m->face_material[f] >= m->material_count || !m->materials))
            BAD("face %zu uses material %u of %zu", f + 1, m->face_material[f], m->material_count);
        if (m->face_group && m->face_group[f] != RM_MESH_NONE &&
            (m->face_group[f] >= m->group_count || !m->groups))
            BAD("face %zu uses group %u of %zu", f + 1, m->face_group[f], m->group_count);
    }
#undef BAD
    return true;
}

static bool check_limit(const rm_cv_ctx *c, size_t count, const char *what)
{
    if (count <= RM_JOM_MAX_INDEX)
        return true;
    rm_cv_diag(c, RM_ERROR, "the model has %zu %s, %zu more than the %u a JOM can hold", count, what,
               count - RM_JOM_MAX_INDEX, RM_JOM_MAX_INDEX);
    return false;
}

/* Moves the context's results into the model (narrowing to u16 is safe:
   the limits were checked). */
static rm_status fill(rm_cv_ctx *c, rm_jom_model *out)
{
    size_t np = c->poly_count;
    out->point_count = (uint32_t)c->point_count;
    out->polygon_count = (uint32_t)np;
    out->material_count = (uint32_t)c->material_count;
    if (np) {
        out->polygons = malloc(np * sizeof *out->polygons);
        out->polygon_materials = malloc(np * sizeof *out->polygon_materials);
        if (!out->polygons || !out->polygon_materials)
            return RM_NOMEM;
        for (size_t p = 0; p < np; p++) {
            out->polygons[p].normal = c->polys[p].normal;
            for (unsigned k = 0; k < 4; k++)
                out->polygons[p].v[k] = (uint16_t)c->corner_point[4 * p + k];
            out->polygon_materials[p] = (uint16_t)c->poly_material[p];
        }
    }
    if (c->point_count) {
        out->points = c->points;
        c->points = NULL;
    }
    if (c->material_count) {
        out->materials = c->materials;
        c->materials = NULL;
    }
    if (c->has_normals) {
        out->has_normals = true;
        out->normal_count = (uint32_t)c->normal_count;
        out->normals = c->normals;
        c->normals = NULL;
        out->corner_normals = malloc(4 * np * sizeof *out->corner_normals);
        if (!out->corner_normals)
            return RM_NOMEM;
        for (size_t i = 0; i < 4 * np; i++)
            out->corner_normals[i] = (uint16_t)c->corner_normal[i];
    }
    if (c->colors) {
        out->has_vertex_colors = true;
        if (c->point_count) {
            out->vertex_colors = c->colors;
            c->colors = NULL;
        }
    }
    if (c->gouraud) {
        out->has_gouraud = true;
        if (np) {
            out->gouraud = c->gouraud;
            c->gouraud = NULL;
        }
    }
    if (c->group_count) {
        out->has_groups = true;
        out->group_count = (uint32_t)c->group_count;
        out->groups = calloc(c->group_count, sizeof *out->groups);
        if (!out->groups)
            return RM_NOMEM;
        for (size_t g = 0; g < c->group_count; g++) {
            const rm_cv_group_range *r = &c->groups[g];
            rm_cv_truncate_name(c->mesh->groups[r->mesh_group].name, out->groups[g].name);
            out->groups[g].first_point = (uint16_t)r->first_point;
            out->groups[g].point_count = (uint16_t)r->point_count;
            out->groups[g].first_polygon = (uint16_t)r->first_polygon;
            out->groups[g].polygon_count = (uint16_t)r->polygon_count;
        }
    }
    return RM_OK;
}

rm_status rm_cv_run(rm_cv_ctx *c, rm_jom_model *out, rm_convert_result *result)
{
    if (!rm_cv_check_mesh(c))
        return RM_INVALID;
    rm_status st = rm_cv_convert_positions(c);
    if (st == RM_OK)
        st = rm_cv_build_polygons(c);
    if (st == RM_OK)
        st = rm_cv_merge_triangles(c);
    c->doomed = c->poly_count > RM_JOM_MAX_INDEX;
    if (st == RM_OK)
        st = rm_cv_gather_groups(c);
    if (st == RM_OK)
        st = rm_cv_build_materials(c);
    if (st == RM_OK)
        st = rm_cv_build_textures(c);
    if (st == RM_OK)
        st = rm_cv_build_points(c);
    if (st == RM_OK)
        st = rm_cv_build_normals(c);
    if (st == RM_OK)
        st = rm_cv_build_colors(c);
    if (st != RM_OK)
        return st;

    bool ok = check_limit(c, c->poly_count, "polygons after cutting");
    ok = check_limit(c, c->point_count, c->opt.no_weld ? "points" : "points after welding") && ok;
    ok = check_limit(c, c->normal_count, "normals") && ok;
    ok = check_limit(c, c->material_count, "materials") && ok;
    if (!ok)
        return RM_INVALID;

    int64_t radius = 0;
    if (!rm_cv_bounding_sphere(c->points, c->point_count, &out->center, &radius))
        return RM_NOMEM;
    if (radius > INT32_MAX) {
        rm_cv_diag(c, RM_ERROR,
                   "the bounding sphere (radius %.5f) does not fit Q16.16 (at most 32767.99998); "
                   "make the model smaller (--scale)",
                   (double)radius / 65536.0);
        return RM_INVALID;
    }
    out->radius = (rm_fixed)radius;
    rm_status st2 = fill(c, out);
    if (st2 == RM_OK)
        st2 = rm_cv_budget_check(c, out);
    if (st2 == RM_OK)
        st2 = rm_cv_fill_textures(c, out, result);
    if (st2 == RM_OK)
        st2 = rm_cv_build_skeleton(c, out);
    if (st2 == RM_OK && result)
        result->budget = c->budget;
    return st2;
}

rm_status rm_convert_mesh_to_jom(const rm_mesh *mesh, const rm_convert_options *opt,
                                 rm_jom_model *out, rm_diag *diag)
{
    return rm_convert_mesh_to_jom_ex(mesh, opt, out, NULL, diag);
}

rm_status rm_convert_mesh_to_jom_ex(const rm_mesh *mesh, const rm_convert_options *opt,
                                    rm_jom_model *out, rm_convert_result *result, rm_diag *diag)
{
    if (result)
        rm_convert_result_init(result);
    if (!out)
        return RM_USAGE;
    rm_jom_init(out);
    rm_cv_ctx c;
    memset(&c, 0, sizeof c);
    c.diag = diag;
    c.file = mesh && mesh->source ? mesh->source : "<mesh>";
    if (opt)
        c.opt = *opt;
    else
        rm_convert_options_default(&c.opt);
    if (!mesh) {
        rm_diag_add(diag, RM_ERROR, "rm_convert_mesh_to_jom: no mesh");
        return RM_USAGE;
    }
    c.mesh = mesh;
    /* What the source carries: a glTF's skeleton when the caller gives no
       other, and its triangles joined back into quads (glTF holds only
       triangles, so a Blender quad arrives as two) unless they are kept. */
    if (!c.opt.skeleton && mesh->skeleton)
        c.opt.skeleton = mesh->skeleton;
    if (mesh->from_triangles && !c.opt.keep_triangles)
        c.opt.merge_triangles = true;
    if (!(c.opt.scale > 0.0) || !isfinite(c.opt.scale)) {
        rm_cv_diag(&c, RM_ERROR, "the scale must be a positive number (got %g)", c.opt.scale);
        return RM_USAGE;
    }
    if ((c.opt.max_texture_width != 0 && c.opt.max_texture_width < 8) ||
        (c.opt.max_texture_width == 0) != (c.opt.max_texture_height == 0)) {
        rm_cv_diag(&c, RM_ERROR,
                   "the texture cap must be at least 8 wide and give both sizes (got %ux%u)",
                   c.opt.max_texture_width, c.opt.max_texture_height);
        return RM_USAGE;
    }
    /* A model with no polygon is not a model (an OBJ of points, a file
       that was not a model at all): an error, not an empty JOM. */
    size_t polygons = 0;
    for (size_t f = 0; f < mesh->face_count && !polygons; f++)
        polygons += rm_mesh_face_corners(mesh, f) >= 3;
    if (!polygons) {
        rm_cv_diag(&c, RM_ERROR, "no polygon to convert (%zu %s, 0 faces with 3 or more corners)",
                   mesh->position_count, mesh->position_count == 1 ? "vertex" : "vertices");
        return RM_INVALID;
    }
    /* A budget (--max-polygons, --max-points, --error): the mesh is
       simplified first, then the simplified mesh runs the same steps. */
    rm_status st = rm_cv_simplify_wanted(&c.opt) ? rm_cv_simplify(&c, out, result)
                                                 : rm_cv_run(&c, out, result);
    rm_cv_ctx_free(&c);
    if (st != RM_OK) {
        if (st == RM_NOMEM)
            rm_diag_add(diag, RM_ERROR, "%s: out of memory", mesh->source ? mesh->source : "<mesh>");
        rm_jom_free(out);
        if (result)
            rm_convert_result_free(result);
    }
    return st;
}
