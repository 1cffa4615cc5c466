/* tools/cmd_info.c - retromesh info [--json] FILE...: what a .jom or .obj
   file holds. The kind of file is told by its content (a JOM starts with
   "JOM1"), not by its name. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh info [--json] FILE...\n"
          "\n"
          "Prints every chunk and record of a .jom file (--json: the same as JSON), or what the\n"
          "converter sees in an .obj file: counts, groups, materials, coverage of normals, UVs and\n"
          "colors, the model it would make and the warnings it would give.\n"
          "\n"
          "Exit status: 0 printed, 1 invalid input, 2 usage error, 3 I/O error.\n",
          out);
}

static rm_status info_jom(const char *path, const uint8_t *data, size_t size, bool json, rm_diag *diag)
{
    rm_jom_model m;
    rm_jom_init(&m);
    rm_status st = rm_jom_read(data, size, path, &m, diag);
    if (st != RM_OK)
        return st;
    if (json)
        st = rm_jom_print_json(&m, stdout);
    else
        rm_jom_print_text(&m, stdout);
    rm_jom_free(&m);
    return st;
}

/* The OBJ summary, then the model the converter would make from it with the
   default options (or why it cannot), then every warning. */
static rm_status info_obj(const char *path, const uint8_t *data, size_t size, rm_diag *diag)
{
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    rm_status st = rm_obj_parse((const char *)data, size, path, &opt, &mesh, diag);
    if (st != RM_OK)
        return st;
    rm_obj_print_info(&mesh, stdout);

    rm_convert_options copt;
    rm_convert_options_default(&copt);
    rm_jom_model jom;
    rm_jom_init(&jom);
    rm_status cst = rm_convert_mesh_to_jom(&mesh, &copt, &jom, diag);
    printf("\nAs a JOM (default options):\n");
    if (cst == RM_OK) {
        uint32_t tris = 0;
        for (uint32_t i = 0; i < jom.polygon_count; i++)
            tris += jom.polygons[i].v[2] == jom.polygons[i].v[3];
        printf("  points     %u (limit 65535)\n", jom.point_count);
        printf("  polygons   %u (%u quads, %u triangles; limit 65535)\n", jom.polygon_count,
               jom.polygon_count - tris, tris);
        printf("  materials  %u\n", jom.material_count);
        printf("  groups     %u\n", jom.has_groups ? jom.group_count : 0);
        printf("  chunks     PNTS QUAD QMAT MATL%s%s%s%s END\n", jom.has_normals ? " NTAB CNRM" : "",
               jom.has_vertex_colors ? " VCOL" : "", jom.has_gouraud ? " GOUR" : "",
               jom.has_groups ? " GRUP" : "");
    } else {
        printf("  cannot be converted: see the errors below\n");
    }
    rm_jom_free(&jom);
    rm_mesh_free(&mesh);

    if (diag->count) {
        printf("\nMessages (%zu errors, %zu warnings):\n", diag->errors, diag->warnings);
        for (size_t i = 0; i < diag->count; i++)
            printf("  %s\n", diag->items[i].text);
        if (diag->dropped)
            printf("  (%zu more)\n", diag->dropped);
    }
    /* The OBJ itself was read: info succeeded even if conversion would fail. */
    return RM_OK;
}

int rm_cmd_info(int argc, char **argv)
{
    bool json = false;
    int first = 0, files = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return EXIT_OK;
        } else if (!strcmp(argv[i], "--json")) {
            json = true;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return rm_cli_usage_error("info", "unknown option '%s'", argv[i]);
        } else {
            if (!files)
                first = i;
            files++;
        }
    }
    if (!files)
        return rm_cli_usage_error("info", "no file given");
    if (json && files > 1)
        return rm_cli_usage_error("info", "--json prints one file at a time");

    int worst = EXIT_OK;
    for (int i = first; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1])
            continue;
        const char *path = argv[i];
        rm_diag diag;
        rm_diag_init(&diag);
        diag.limit = 1000;
        uint8_t *data = NULL;
        size_t size = 0;
        rm_status st = rm_file_read(path, &data, &size, &diag);
        bool printed_diag = false;
        if (st == RM_OK) {
            if (files > 1)
                printf("%s== %s\n", i == first ? "" : "\n", path);
            if (rm_cli_is_jom(data, size)) {
                st = info_jom(path, data, size, json, &diag);
            } else if (json) {
                rm_diag_add(&diag, RM_ERROR, "%s: error: --json prints .jom files; this is not one "
                            "(an OBJ? convert it first, or drop --json)", path);
                st = RM_USAGE;
            } else {
                st = info_obj(path, data, size, &diag);
                printed_diag = st == RM_OK;
            }
        }
        free(data);
        if (!printed_diag)
            rm_cli_print_diag(&diag, false, 0);
        rm_diag_free(&diag);
        int code = rm_cli_exit_code(st);
        if (code > worst)
            worst = code;
    }
    return worst;
}
