/* tools/cmd_convert.c - retromesh convert IN.obj [OUT.jom] [options]. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "retromesh/skeleton.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh convert IN.obj [OUT.jom] [options]\n"
          "\n"
          "Converts a Wavefront OBJ model and its MTL materials to a Jo Engine model (.JOM).\n"
          "Without OUT, the output is IN with the extension .jom.\n"
          "\n"
          "  -o OUT             output file (same as the second argument)\n"
          "  --saturn-axes      the OBJ is already in the Saturn's axes (X right, Y down, Z forward):\n"
          "                     no axis change, no reversal of the vertex order\n"
          "  --scale S          multiply the coordinates by S (default 1)\n"
          "  --no-weld          keep points at the same position apart\n"
          "  --keep-triangles   keep the OBJ corner order of triangles (no shortest-edge or UV\n"
          "                     rotation)\n"
          "  --skeleton RIG.json\n"
          "                     add a rigid skeleton and its animations (BONE and ANIM chunks)\n"
          "                     from a JSON file (the format: docs/skeleton.md)\n"
          "\n"
          "Textures (map_Kd images: PNG, TGA, BMP, JPEG, GIF; see docs/textures.md):\n"
          "  --texture-dir DIR  look for the images in DIR too (after the MTL's folder)\n"
          "  --texture-out DIR  write the .BIN textures into DIR (default: the output's folder)\n"
          "  --embed-textures   put the textures in the JOM (TIMG chunk) instead of .BIN files;\n"
          "                     materials with jo_lut 1 get 16-color textures\n"
          "  --dither           ordered dithering when reducing colors\n"
          "  --max-texture WxH  make every texture at most W x H (default: the VDP1's 504x255)\n"
          "  --slice-textures   give each polygon its own texture, cut from the atlas under its UVs\n"
          "  --no-textures      ignore map_Kd: no image is read (the geometry alone, in material colors)\n"
          "  --strict           over the Saturn's budget (VRAM, textures, polygons, points) is an\n"
          "                     error, not a warning\n"
          "\n"
          "  -q, --quiet        no warnings and no budget line (errors are always printed)\n"
          "  -v, --verbose      every warning, and a summary of the model written\n"
          "\n"
          "Exit status: 0 written, 1 invalid input (nothing written), 2 usage error, 3 I/O error.\n",
          out);
}

/* IN with its extension replaced by ".jom" (caller frees). */
static char *default_output(const char *in)
{
    size_t n = strlen(in);
    const char *slash = strrchr(in, '/');
    const char *dot = strrchr(in, '.');
    size_t stem = (dot && (!slash || dot > slash + 1)) ? (size_t)(dot - in) : n;
    char *out = malloc(stem + 5);
    if (out) {
        memcpy(out, in, stem);
        memcpy(out + stem, ".jom", 5);
    }
    return out;
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
    fprintf(stderr, "%s -> %s: %u points (from %zu OBJ vertices), %u polygons (%u quads, %u triangles), "
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

/* The folder of a file name ("" for the current one), malloc'd. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) + 1 : 0;
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = 0;
    }
    return d;
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
    char *dir = texture_out ? NULL : folder_of(out);
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

int rm_cmd_convert(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *texture_out = NULL, *skeleton = NULL;
    bool quiet = false, verbose = false;
    rm_convert_options opt;
    rm_convert_options_default(&opt);

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *value = NULL;
        bool matched;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return EXIT_OK;
        } else if (!strcmp(a, "--saturn-axes")) {
            opt.saturn_axes = true;
        } else if (!strcmp(a, "--no-weld")) {
            opt.no_weld = true;
        } else if (!strcmp(a, "--keep-triangles")) {
            opt.keep_triangles = true;
        } else if (!strcmp(a, "--embed-textures")) {
            opt.embed_textures = true;
        } else if (!strcmp(a, "--dither")) {
            opt.dither = true;
        } else if (!strcmp(a, "--slice-textures")) {
            opt.slice_textures = true;
        } else if (!strcmp(a, "--no-textures")) {
            opt.no_textures = true;
        } else if (!strcmp(a, "--strict")) {
            opt.strict = true;
        } else if (strncmp(a, "--texture-dir", 13) == 0 && (a[13] == 0 || a[13] == '=')) {
            if (!rm_cli_option_value(argc, argv, &i, "--texture-dir", &value, &matched))
                return EXIT_USAGE;
            if (!*value)
                return rm_cli_usage_error("convert", "--texture-dir needs a folder");
            opt.texture_dir = value;
        } else if (strncmp(a, "--texture-out", 13) == 0 && (a[13] == 0 || a[13] == '=')) {
            if (!rm_cli_option_value(argc, argv, &i, "--texture-out", &value, &matched))
                return EXIT_USAGE;
            if (!*value)
                return rm_cli_usage_error("convert", "--texture-out needs a folder");
            texture_out = value;
        } else if (strncmp(a, "--skeleton", 10) == 0 && (a[10] == 0 || a[10] == '=')) {
            if (!rm_cli_option_value(argc, argv, &i, "--skeleton", &value, &matched))
                return EXIT_USAGE;
            if (!*value)
                return rm_cli_usage_error("convert", "--skeleton needs a JSON file");
            if (skeleton)
                return rm_cli_usage_error("convert", "--skeleton is given twice");
            skeleton = value;
        } else if (strncmp(a, "--max-texture", 13) == 0 && (a[13] == 0 || a[13] == '=')) {
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
        out_owned = default_output(in);
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

    rm_status st = rm_obj_read_file(in, NULL, &mesh, &diag);
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
