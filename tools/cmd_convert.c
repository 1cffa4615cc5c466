/* tools/cmd_convert.c - retromesh convert IN.obj [OUT.jom] [options]. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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
          "  --keep-triangles   keep the OBJ corner order of triangles (no shortest-edge rotation)\n"
          "  -q, --quiet        no warnings (errors are always printed)\n"
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
    for (uint32_t i = 0; i < m->polygon_count; i++)
        triangles += m->polygons[i].v[3] == m->polygons[i].v[2];
    fprintf(stderr, "%s -> %s: %u points (from %zu OBJ vertices), %u polygons (%u quads, %u triangles), "
                    "%u materials, %u groups%s%s%s, %zu bytes\n",
            in, out, m->point_count, mesh->position_count, m->polygon_count, m->polygon_count - triangles,
            triangles, m->material_count, m->has_groups ? m->group_count : 0,
            m->has_normals ? ", normals" : "", m->has_vertex_colors ? ", vertex colors" : "",
            m->has_gouraud ? ", gouraud" : "", bytes);
}

int rm_cmd_convert(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
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

    rm_diag diag;
    rm_diag_init(&diag);
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_jom_model jom;
    rm_jom_init(&jom);
    size_t bytes = 0;

    rm_status st = rm_obj_read_file(in, NULL, &mesh, &diag);
    if (st == RM_OK)
        st = rm_convert_mesh_to_jom(&mesh, &opt, &jom, &diag);
    uint8_t *data = NULL;
    if (st == RM_OK)
        st = rm_jom_write(&jom, &data, &bytes, &diag);
    if (st == RM_OK)
        st = rm_file_write_atomic(out, data, bytes, &diag);
    free(data);

    rm_cli_print_diag(&diag, quiet, verbose ? 0 : 20);
    if (st == RM_OK && verbose)
        print_summary(in, out, &mesh, &jom, bytes);
    if (st != RM_OK && !quiet)
        fprintf(stderr, "retromesh convert: %s: %s, nothing written\n", in, rm_status_name(st));

    rm_jom_free(&jom);
    rm_mesh_free(&mesh);
    rm_diag_free(&diag);
    free(out_owned);
    return rm_cli_exit_code(st);
}
