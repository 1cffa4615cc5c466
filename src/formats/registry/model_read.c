/* src/formats/registry/model_read.c - any model into the neutral mesh,
   told by its content (rm_model_read_file, rm_model_read_memory).

   A regular file is recognised from its first RM_FORMAT_HEAD_SIZE bytes
   before the rest is read, so a 4 GB image is refused at once; "-", pipes
   and devices (the command's own model only) are read with the size limit
   and recognised in memory. Whatever is not a readable model is
   RM_INVALID naming what it is; so is a model with no polygon. */
#include "formats/obj/obj_internal.h"
#include "formats/registry/registry.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "retromesh/fileio.h"
#include "retromesh/gltf.h"
#include "retromesh/niff.h"

void rm_model_read_options_default(rm_model_read_options *o)
{
    memset(o, 0, sizeof *o);
    o->require_polygons = true;
    rm_gltf_options_default(&o->gltf);
}

/* The kind to read the bytes as: a file named .niff/.nif whose bytes say
   nothing (a damaged NIFF) goes to the NIFF reader, which says what is
   wrong with it. */
static rm_format reading_kind(rm_format f, const char *name)
{
    if (f == RM_FORMAT_UNKNOWN && name && rm_niff_has_niff_name(name))
        return RM_FORMAT_NIFF;
    return f;
}

/* "walker.png: error: this is a PNG image, not a model (retromesh reads
   OBJ, NIFF)". */
static rm_status refuse(rm_format f, const char *name, rm_diag *diag)
{
    const rm_fmt_row *r = rm_fmt_row_of(f);
    if (r->hint)
        rm_diag_at(diag, RM_ERROR, name, 0, 0, "this is %s: %s (retromesh reads %s)", r->description,
                   r->hint, rm_format_readable_list());
    else
        rm_diag_at(diag, RM_ERROR, name, 0, 0, "this is %s, not a model (retromesh reads %s)",
                   r->description, rm_format_readable_list());
    return RM_INVALID;
}

static rm_status require_polygon(const rm_mesh *m, const char *name, rm_diag *diag)
{
    for (size_t f = 0; f < m->face_count; f++)
        if (rm_mesh_face_corners(m, f) >= 3)
            return RM_OK;
    rm_diag_at(diag, RM_ERROR, name, 0, 0,
               "no polygon to convert (%zu %s, 0 faces with 3 or more corners)", m->position_count,
               m->position_count == 1 ? "vertex" : "vertices");
    return RM_INVALID;
}

static void drop_textures(rm_mesh *m)
{
    for (size_t i = 0; i < m->material_count; i++) {
        rm_mesh_material *mt = &m->materials[i];
        free(mt->map_kd);
        free(mt->map_kd_rgba);
        mt->map_kd = NULL;
        mt->map_kd_rgba = NULL;
        mt->map_kd_width = mt->map_kd_height = 0;
    }
}

static rm_status add_library(rm_output_set *inputs, const char *obj, const char *name, size_t n)
{
    char *p = rm_obj_library_path(obj, name, n);   /* the file the OBJ reader opens */
    rm_status st = p ? rm_output_add_input(inputs, p) : RM_NOMEM;
    free(p);
    return st;
}

/* The MTL files an OBJ named: each mtllib as one name and, when it has
   blanks, each word (the reader tries both), and the file each material
   came from. Names that do not exist are harmless in the set. */
static rm_status add_obj_inputs(const rm_mesh *m, const char *obj, rm_output_set *inputs)
{
    rm_status st = RM_OK;
    for (size_t i = 0; st == RM_OK && i < m->library_count; i++) {
        const char *lib = m->libraries[i];
        size_t n = strlen(lib);
        st = add_library(inputs, obj, lib, n);
        size_t k = 0;
        while (st == RM_OK && k < n && strpbrk(lib, " \t")) {
            while (k < n && (lib[k] == ' ' || lib[k] == '\t'))
                k++;
            size_t s = k;
            while (k < n && lib[k] != ' ' && lib[k] != '\t')
                k++;
            if (k > s)
                st = add_library(inputs, obj, lib + s, k - s);
        }
    }
    for (size_t i = 0; st == RM_OK && i < m->material_count; i++)
        if (m->materials[i].library)
            st = rm_output_add_input(inputs, m->materials[i].library);
    return st;
}

rm_status rm_model_read_memory(const uint8_t *data, size_t size, const char *name,
                               const rm_model_read_options *opt, rm_mesh *out,
                               rm_output_set *inputs, rm_diag *diag)
{
    rm_model_read_options defaults;
    if (!opt) {
        rm_model_read_options_default(&defaults);
        opt = &defaults;
    }
    rm_mesh_init(out);
    const char *shown = name ? name : "<input>";
    rm_format f = reading_kind(rm_format_detect(data, size), name);
    const rm_fmt_row *row = rm_fmt_row_of(f);
    if (!row->read)
        return refuse(f, shown, diag);
    rm_status st = row->read(data ? data : (const uint8_t *)"", data ? size : 0, shown, opt, inputs,
                                 out, diag);
    if (st == RM_OK && f == RM_FORMAT_OBJ && inputs) {
        st = add_obj_inputs(out, shown, inputs);
        if (st == RM_NOMEM)
            rm_diag_at(diag, RM_ERROR, shown, 0, 0, "out of memory");
    }
    if (st == RM_OK && opt->require_polygons)
        st = require_polygon(out, shown, diag);
    if (st == RM_OK && opt->no_textures)
        drop_textures(out);
    else if (st == RM_OK && opt->load_textures)
        st = rm_model_load_textures(out, opt->texture_dir, inputs, diag);
    if (st != RM_OK) {
        rm_mesh_free(out);
        rm_mesh_init(out);
    }
    return st;
}

rm_status rm_model_read_file(const char *path, const rm_model_read_options *opt, rm_mesh *out,
                             rm_output_set *inputs, rm_diag *diag)
{
    rm_model_read_options defaults;
    if (!opt) {
        rm_model_read_options_default(&defaults);
        opt = &defaults;
    }
    rm_mesh_init(out);
    if (!path || !*path) {
        rm_diag_add(diag, RM_ERROR, "retromesh: error: no model file named");
        return RM_USAGE;
    }
    bool std_in = strcmp(path, "-") == 0;
    const char *name = std_in ? "<stdin>" : path;
    if (!std_in && inputs && rm_output_add_input(inputs, path) != RM_OK) {
        rm_diag_at(diag, RM_ERROR, path, 0, 0, "out of memory");
        return RM_NOMEM;
    }
    struct stat sb;
    if (!std_in && stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
        /* What it is, before the rest is read. */
        uint8_t head[RM_FORMAT_HEAD_SIZE];
        size_t n = 0;
        rm_status st = rm_file_read_head(path, head, sizeof head, &n, diag);
        if (st != RM_OK)
            return st;
        rm_format f = reading_kind(rm_format_detect_sized(head, n, (uint64_t)sb.st_size), path);
        if (!rm_format_can_read_model(f))
            return refuse(f, path, diag);
    }
    /* Mapped when it is a regular file: the mesh keeps no pointer into the
       bytes, so the map is closed as soon as it is made. */
    rm_file_read_options ro = { .max_bytes = opt->max_bytes, .allow_stream = true };
    rm_file_map map;
    rm_status st = rm_file_map_open(path, &ro, &map, diag);
    if (st != RM_OK)
        return st;
    rm_model_read_options mo = *opt;
    mo.data_is_mapped = map.mapped;
    st = rm_model_read_memory(map.data, map.size, name, &mo, out, inputs, diag);
    rm_file_map_close(&map);
    return st;
}
