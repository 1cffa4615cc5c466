/* tools/cmd_convert.c - retromesh convert IN [OUT] [options]:
   OBJ -> JOM (the converter), OBJ -> NIFF 2.0 (rm_niff_write_mesh), and a
   NIFF file (told by its content) -> OBJ + MTL + PNG, JOM or NIFF through
   the neutral mesh. The output kind is told by OUT's extension. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "retromesh/skeleton.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh convert IN.obj|IN.niff [OUT.jom|OUT.niff|OUT.obj] [options]\n"
          "\n"
          "Converts a Wavefront OBJ model and its MTL materials, or a NIFF file (Nintendo 64 SDK,\n"
          "told by its content), to a Jo Engine model (.JOM). Without OUT, the output is IN with\n"
          "the extension .jom. The output's extension chooses the format:\n"
          "  .jom               a Jo Engine model (the options below)\n"
          "  .niff, .nif        a NIFF 2.0 file (one Obj per OBJ group, map_Kd images embedded)\n"
          "  .obj               from a NIFF file: OUT.obj, OUT.mtl and each texture as a PNG\n"
          "                     beside it (named by its NIFF name)\n"
          "NIFF -> NIFF writes the file back as read (byte for byte where it is understood);\n"
          "  --rebuild          NIFF -> NIFF through the mesh instead: one Obj per object, the\n"
          "                     transforms applied, a plain NIFF 2.0 layout\n"
          "Options marked * are for .jom output only.\n"
          "\n"
          "  -o OUT             output file (same as the second argument)\n"
          " *--saturn-axes      the OBJ is already in the Saturn's axes (X right, Y down, Z forward):\n"
          "                     no axis change, no reversal of the vertex order\n"
          " *--scale S          multiply the coordinates by S (default 1)\n"
          " *--no-weld          keep points at the same position apart\n"
          " *--keep-triangles   keep the OBJ corner order of triangles (no shortest-edge or UV\n"
          "                     rotation)\n"
          " *--merge-triangles  join pairs of flat neighbouring triangles into quads (same material,\n"
          "                     group, UVs and normals; fewer polygons for the VDP1)\n"
          " *--skeleton RIG.json\n"
          "                     add a rigid skeleton and its animations (BONE and ANIM chunks)\n"
          "                     from a JSON file (the format: docs/skeleton.md)\n"
          "\n"
          "Textures (map_Kd images: PNG, TGA, BMP, JPEG, GIF; see docs/textures.md):\n"
          "  --texture-dir DIR  look for the images in DIR too (after the MTL's folder)\n"
          " *--texture-out DIR  write the .BIN textures into DIR (default: the output's folder)\n"
          " *--embed-textures   put the textures in the JOM (TIMG chunk) instead of .BIN files;\n"
          "                     materials with jo_lut 1 get 16-color textures\n"
          " *--dither           ordered dithering when reducing colors\n"
          " *--max-texture WxH  make every texture at most W x H (default: the VDP1's 504x255)\n"
          " *--slice-textures   give each polygon its own texture, cut from the atlas under its UVs\n"
          "  --no-textures      ignore map_Kd: no image is read (the geometry alone, in material colors)\n"
          " *--strict           over the Saturn's budget (VRAM, textures, polygons, points) is an\n"
          "                     error, not a warning\n"
          "\n"
          "  -q, --quiet        no warnings and no budget line (errors are always printed)\n"
          "  -v, --verbose      every warning, and a summary of the model written\n"
          "\n"
          "Exit status: 0 written, 1 invalid input (nothing written), 2 usage error, 3 I/O error.\n",
          out);
}

static void print_summary(const char *in, const char *out, const rm_mesh *mesh,
                          const rm_jom_model *m, size_t bytes)
{
    uint32_t triangles = 0;
    char skeleton[64] = "";
    if (m->has_skeleton)
        snprintf(skeleton, sizeof skeleton, ", %u bones, %u animations", m->bone_count,
                 m->animation_count);
    for (uint32_t i = 0; i < m->polygon_count; i++)
        triangles += m->polygons[i].v[3] == m->polygons[i].v[2];
    fprintf(stderr, "%s -> %s: %u points (from %zu source vertices), %u polygons (%u quads, %u triangles), "
                    "%u materials, %u textures, %u groups%s%s%s%s, %zu bytes\n",
            in, out, m->point_count, mesh->position_count, m->polygon_count, m->polygon_count - triangles,
            triangles, m->material_count, m->texture_count, m->has_groups ? m->group_count : 0,
            m->has_normals ? ", normals" : "", m->has_vertex_colors ? ", vertex colors" : "",
            m->has_gouraud ? ", gouraud" : "", skeleton, bytes);
}

/* "WxH": W 8..504, H 1..255. */
static bool parse_size(const char *s, uint32_t *w, uint32_t *h)
{
    char *end;
    if (*s < '0' || *s > '9')
        return false;
    unsigned long a = strtoul(s, &end, 10);
    if ((*end != 'x' && *end != 'X') || end[1] < '0' || end[1] > '9')
        return false;
    unsigned long b = strtoul(end + 1, &end, 10);
    if (*end != 0 || a < 8 || a > RM_VDP1_MAX_WIDTH || b < 1 || b > RM_VDP1_MAX_HEIGHT)
        return false;
    *w = (uint32_t)a;
    *h = (uint32_t)b;
    return true;
}

/* --texture-out DIR: made when it does not exist (one level). */
static rm_status make_folder(const char *dir, rm_diag *diag)
{
    struct stat sb;
    if (stat(dir, &sb) == 0) {
        if (S_ISDIR(sb.st_mode))
            return RM_OK;
        rm_diag_add(diag, RM_ERROR, "%s: error: --texture-out names a file, not a folder", dir);
        return RM_IO;
    }
    if (mkdir(dir, 0777) != 0) {
        rm_diag_add(diag, RM_ERROR, "%s: error: cannot make the folder: %s", dir, strerror(errno));
        return RM_IO;
    }
    return RM_OK;
}

/* The .BIN files, beside the output or in --texture-out; never over the
   OBJ, its MTLs, the images or the JOM. */
static rm_status write_textures(const rm_convert_result *res, const rm_mesh *mesh, const char *in,
                                const char *out, const char *texture_out, rm_diag *diag)
{
    bool any = false;
    for (size_t i = 0; i < res->texture_count; i++)
        any = any || res->textures[i].bin;
    if (!any)
        return RM_OK;
    size_t nkeep = 2 + mesh->material_count;
    const char **keep = malloc(nkeep * sizeof *keep);
    char *dir = texture_out ? NULL : rm_cli_beside(out, "");   /* the output's folder */
    if (!keep || (!texture_out && !dir)) {
        free(keep);
        free(dir);
        return RM_NOMEM;
    }
    size_t k = 0;
    keep[k++] = in;
    keep[k++] = out;
    for (size_t i = 0; i < mesh->material_count; i++)
        if (mesh->materials[i].library)
            keep[k++] = mesh->materials[i].library;
    rm_status st = texture_out ? make_folder(texture_out, diag) : RM_OK;
    if (st == RM_OK)
        st = rm_convert_write_textures(res, texture_out ? texture_out : dir, keep, k, diag);
    free(keep);
    free(dir);
    return st;
}

enum { OUT_JOM, OUT_NIFF, OUT_OBJ };

/* A NIFF input: named .niff/.nif, or with a NIFF FileHeader whatever its
   name (the first 100 bytes are enough to tell). */
static bool input_is_niff(const char *in)
{
    if (rm_niff_has_niff_name(in))
        return true;
    uint8_t head[100];
    FILE *f = fopen(in, "rb");
    if (!f)
        return false;
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return rm_niff_looks_like(head, n);
}

static size_t mesh_triangles(const rm_mesh *m)
{
    size_t t = 0;
    for (size_t f = 0; f < m->face_count; f++) {
        uint32_t n = rm_mesh_face_corners(m, f);
        t += n >= 3 ? n - 2 : 0;
    }
    return t;
}

/* A NIFF file as a mesh (rm_niff_read_mesh). */
static rm_status read_niff_mesh(const char *in, rm_mesh *mesh, rm_diag *diag)
{
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(in, &data, &size, diag);
    if (st == RM_OK)
        st = rm_niff_read_mesh(data, size, in, mesh, diag);
    free(data);
    return st;
}

/* The .obj and .niff outputs: the input read as a mesh (NIFF, or OBJ with
   its map_Kd images loaded for a NIFF output), then written as OUT. */
static int convert_other(const char *in, const char *out, int kind, bool niff_in, bool rebuild,
                         const rm_convert_options *opt, bool quiet, bool verbose)
{
    rm_diag diag;
    rm_diag_init(&diag);
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_status st;
    if (niff_in && kind == OUT_NIFF && !rebuild) {
        /* NIFF -> NIFF: the file model written back, byte for byte (the
           Obj tree, animations and everything the mesh has no room for). */
        uint8_t *data = NULL, *bytes_out = NULL;
        size_t size = 0, n = 0;
        rm_niff_file f;
        memset(&f, 0, sizeof f);
        st = rm_file_read(in, &data, &size, &diag);
        if (st == RM_OK)
            st = rm_niff_read(data, size, in, &f, &diag);
        if (st == RM_OK)
            st = rm_niff_write(&f, &bytes_out, &n, &diag);
        if (st == RM_OK)
            st = rm_file_write_atomic(out, bytes_out, n, &diag);
        rm_niff_free(&f);
        free(data);
        free(bytes_out);
        rm_cli_print_diag(&diag, quiet, verbose ? 0 : 20);
        if (st != RM_OK && !quiet)
            fprintf(stderr, "retromesh convert: %s: %s, nothing written\n", in, rm_status_name(st));
        rm_diag_free(&diag);
        return rm_cli_exit_code(st);
    }
    if (niff_in) {
        st = read_niff_mesh(in, &mesh, &diag);
    } else {
        st = rm_obj_read_file(in, NULL, &mesh, &diag);
        if (st == RM_OK && !opt->no_textures)
            st = rm_cli_load_map_kd(&mesh, opt->texture_dir, &diag);
    }
    if (st == RM_OK && opt->no_textures) {
        /* the geometry alone: no texture is named or written */
        for (size_t i = 0; i < mesh.material_count; i++) {
            free(mesh.materials[i].map_kd);
            free(mesh.materials[i].map_kd_rgba);
            mesh.materials[i].map_kd = NULL;
            mesh.materials[i].map_kd_rgba = NULL;
            mesh.materials[i].map_kd_width = mesh.materials[i].map_kd_height = 0;
        }
    }
    size_t bytes = 0;
    if (st == RM_OK && kind == OUT_OBJ) {
        st = rm_cli_write_obj_export(&mesh, in, out, !opt->no_textures, &diag);
    } else if (st == RM_OK && kind == OUT_NIFF) {
        uint8_t *data = NULL;
        st = rm_niff_write_mesh(&mesh, NULL, &data, &bytes, &diag);
        if (st == RM_OK)
            st = rm_file_write_atomic(out, data, bytes, &diag);
        free(data);
    }
    rm_cli_print_diag(&diag, quiet, verbose ? 0 : 20);
    if (st == RM_OK && verbose) {
        size_t textured = 0;
        for (size_t i = 0; i < mesh.material_count; i++)
            textured += mesh.materials[i].map_kd_rgba != NULL;
        fprintf(stderr, "%s -> %s: %zu objects, %zu vertices, %zu triangles, %zu materials, %zu textures\n",
                in, out, mesh.group_count, mesh.position_count, mesh_triangles(&mesh), mesh.material_count,
                textured);
    }
    if (st != RM_OK && !quiet)
        fprintf(stderr, "retromesh convert: %s: %s, nothing written\n", in, rm_status_name(st));
    rm_mesh_free(&mesh);
    rm_diag_free(&diag);
    return rm_cli_exit_code(st);
}

int rm_cmd_convert(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *texture_out = NULL, *skeleton = NULL;
    const char *jom_only = NULL;    /* an option that only a .jom output takes */
    bool quiet = false, verbose = false, rebuild = false;
    rm_convert_options opt;
    rm_convert_options_default(&opt);

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *value = NULL;
        bool matched;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return EXIT_OK;
        } else if (!strcmp(a, "--saturn-axes")) {
            jom_only = a;
            opt.saturn_axes = true;
        } else if (!strcmp(a, "--no-weld")) {
            jom_only = a;
            opt.no_weld = true;
        } else if (!strcmp(a, "--keep-triangles")) {
            jom_only = a;
            opt.keep_triangles = true;
        } else if (!strcmp(a, "--merge-triangles")) {
            jom_only = a;
            opt.merge_triangles = true;
        } else if (!strcmp(a, "--embed-textures")) {
            jom_only = a;
            opt.embed_textures = true;
        } else if (!strcmp(a, "--dither")) {
            jom_only = a;
            opt.dither = true;
        } else if (!strcmp(a, "--slice-textures")) {
            jom_only = a;
            opt.slice_textures = true;
        } else if (!strcmp(a, "--rebuild")) {
            rebuild = true;
        } else if (!strcmp(a, "--no-textures")) {
            opt.no_textures = true;
        } else if (!strcmp(a, "--strict")) {
            jom_only = a;
            opt.strict = true;
        } else if (strncmp(a, "--texture-dir", 13) == 0 && (a[13] == 0 || a[13] == '=')) {
            if (!rm_cli_option_value(argc, argv, &i, "--texture-dir", &value, &matched))
                return EXIT_USAGE;
            if (!*value)
                return rm_cli_usage_error("convert", "--texture-dir needs a folder");
            opt.texture_dir = value;
        } else if (strncmp(a, "--texture-out", 13) == 0 && (a[13] == 0 || a[13] == '=')) {
            jom_only = "--texture-out";
            if (!rm_cli_option_value(argc, argv, &i, "--texture-out", &value, &matched))
                return EXIT_USAGE;
            if (!*value)
                return rm_cli_usage_error("convert", "--texture-out needs a folder");
            texture_out = value;
        } else if (strncmp(a, "--skeleton", 10) == 0 && (a[10] == 0 || a[10] == '=')) {
            jom_only = "--skeleton";
            if (!rm_cli_option_value(argc, argv, &i, "--skeleton", &value, &matched))
                return EXIT_USAGE;
            if (!*value)
                return rm_cli_usage_error("convert", "--skeleton needs a JSON file");
            if (skeleton)
                return rm_cli_usage_error("convert", "--skeleton is given twice");
            skeleton = value;
        } else if (strncmp(a, "--max-texture", 13) == 0 && (a[13] == 0 || a[13] == '=')) {
            jom_only = "--max-texture";
            if (!rm_cli_option_value(argc, argv, &i, "--max-texture", &value, &matched))
                return EXIT_USAGE;
            if (!parse_size(value, &opt.max_texture_width, &opt.max_texture_height))
                return rm_cli_usage_error("convert",
                                          "--max-texture takes WxH with W from 8 to 504 and H from 1 "
                                          "to 255 (like 64x64), not '%s'",
                                          value);
        } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            quiet = true;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            verbose = true;
        } else if (!strcmp(a, "-o")) {
            if (i + 1 >= argc)
                return rm_cli_usage_error("convert", "option -o needs a file name");
            if (out)
                return rm_cli_usage_error("convert", "the output is given twice");
            out = argv[++i];
        } else if (strncmp(a, "--scale", 7) == 0 && (a[7] == 0 || a[7] == '=')) {
            jom_only = "--scale";
            if (!rm_cli_option_value(argc, argv, &i, "--scale", &value, &matched))
                return EXIT_USAGE;
            char *end;
            double s = strtod(value, &end);
            if (*value == 0 || *end != 0 || !(s > 0.0) || s > 1e9)
                return rm_cli_usage_error("convert", "--scale takes a number greater than 0, not '%s'", value);
            opt.scale = s;
        } else if (a[0] == '-' && a[1] != 0) {
            return rm_cli_usage_error("convert", "unknown option '%s'", a);
        } else if (!in) {
            in = a;
        } else if (!out) {
            out = a;
        } else {
            return rm_cli_usage_error("convert", "too many files ('%s')", a);
        }
    }
    if (!in)
        return rm_cli_usage_error("convert", "no input file");
    if (opt.no_textures && (opt.embed_textures || opt.slice_textures || texture_out))
        return rm_cli_usage_error("convert", "--no-textures reads no image: not with --embed-textures, "
                                             "--slice-textures or --texture-out");
    if (texture_out && opt.embed_textures)
        return rm_cli_usage_error("convert", "--texture-out is for .BIN files; with "
                                             "--embed-textures the textures are in the JOM");

    char *out_owned = NULL;
    if (!out) {
        out_owned = rm_cli_with_ext(in, ".jom");
        if (!out_owned)
            return EXIT_IO;
        out = out_owned;
    }
    if (!strcmp(in, out) || rm_file_same(in, out)) {
        free(out_owned);
        return rm_cli_usage_error("convert", "the output '%s' is the input: choose another name", out);
    }
    if (skeleton && (!strcmp(skeleton, out) || rm_file_same(skeleton, out))) {
        free(out_owned);
        return rm_cli_usage_error("convert", "the output '%s' is the skeleton: choose another name",
                                  out);
    }

    bool niff_in = input_is_niff(in);
    int kind = rm_niff_has_niff_name(out) ? OUT_NIFF : rm_cli_ext_is(out, ".obj") ? OUT_OBJ : OUT_JOM;
    if (kind != OUT_JOM && jom_only) {
        free(out_owned);
        return rm_cli_usage_error("convert", "%s is for a .jom output, not %s", jom_only, out);
    }
    if (rebuild && !(niff_in && kind == OUT_NIFF)) {
        free(out_owned);
        return rm_cli_usage_error("convert", "--rebuild is for NIFF -> NIFF");
    }
    if (kind == OUT_OBJ && !niff_in) {
        free(out_owned);
        return rm_cli_usage_error("convert", "%s is an OBJ already: OBJ output is for NIFF input", in);
    }
    if (kind != OUT_JOM) {
        int code = convert_other(in, out, kind, niff_in, rebuild, &opt, quiet, verbose);
        free(out_owned);
        return code;
    }

    rm_diag diag;
    rm_diag_init(&diag);
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_jom_model jom;
    rm_jom_init(&jom);
    rm_convert_result res;
    rm_convert_result_init(&res);
    rm_skeleton skel;
    rm_skeleton_init(&skel);
    size_t bytes = 0;

    /* A NIFF file through the mesh: its textures come with it (map_kd_rgba). */
    rm_status st = niff_in ? read_niff_mesh(in, &mesh, &diag) : rm_obj_read_file(in, NULL, &mesh, &diag);
    if (st == RM_OK && skeleton) {
        st = rm_skeleton_read_file(skeleton, &skel, &diag);
        opt.skeleton = &skel;
    }
    if (st == RM_OK)
        st = rm_convert_mesh_to_jom_ex(&mesh, &opt, &jom, &res, &diag);
    uint8_t *data = NULL;
    if (st == RM_OK)
        st = rm_jom_write(&jom, &data, &bytes, &diag);
    /* The textures first: a model is never left naming files that are not
       there. */
    if (st == RM_OK)
        st = write_textures(&res, &mesh, in, out, texture_out, &diag);
    if (st == RM_OK)
        st = rm_file_write_atomic(out, data, bytes, &diag);
    free(data);

    rm_cli_print_diag(&diag, quiet, verbose ? 0 : 20);
    if (st == RM_OK && verbose)
        print_summary(in, out, &mesh, &jom, bytes);
    if (st == RM_OK && !quiet) {
        char line[256];
        rm_convert_budget_line(&res.budget, line, sizeof line);
        fprintf(stderr, "%s: %s\n", out, line);
    }
    if (st != RM_OK && !quiet)
        fprintf(stderr, "retromesh convert: %s: %s, nothing written\n", in, rm_status_name(st));

    rm_convert_result_free(&res);
    rm_skeleton_free(&skel);
    rm_jom_free(&jom);
    rm_mesh_free(&mesh);
    rm_diag_free(&diag);
    free(out_owned);
    return rm_cli_exit_code(st);
}
