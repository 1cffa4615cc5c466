/* tools/cmd_check.c - retromesh check FILE...: every rule of the JOM format,
   or of NIFF for a NIFF file (told by its content, or a .niff/.nif name). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh check [-q] FILE...\n"
          "\n"
          "Checks .jom files against every rule of the format (docs/jom.md lists them), and NIFF\n"
          "files (.niff, .nif, or any file with a NIFF FileHeader) against the NIFF spec, and\n"
          "prints each problem as FILE: chunk NAME at 0xOFFSET: what is wrong (NIFF: FILE: LIST\n"
          "element N at 0xOFFSET: what is wrong).\n"
          "Prints 'FILE: ok' for a valid file (not with -q).\n"
          "\n"
          "Exit status: 0 all valid, 1 a file is invalid, 2 usage error, 3 a file cannot be read.\n",
          out);
}

int rm_cmd_check(int argc, char **argv)
{
    bool quiet = false;
    int files = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return EXIT_OK;
        } else if (!strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet")) {
            quiet = true;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return rm_cli_usage_error("check", "unknown option '%s'", argv[i]);
        } else {
            files++;
        }
    }
    if (!files)
        return rm_cli_usage_error("check", "no file given");

    int worst = EXIT_OK;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1])
            continue;
        const char *path = argv[i];
        rm_diag diag;
        rm_diag_init(&diag);
        diag.limit = 100;
        uint8_t *data = NULL;
        size_t size = 0;
        rm_status st = rm_file_read(path, &data, &size, &diag);
        if (st == RM_OK && (rm_niff_looks_like(data, size) || rm_niff_has_niff_name(path))) {
            rm_niff_file f;
            memset(&f, 0, sizeof f);
            st = rm_niff_read(data, size, path, &f, &diag);
            if (st == RM_OK && !quiet) {
                uint32_t tris = 0;
                for (uint32_t k = 0; k < f.tri_group_count; k++)
                    tris += f.tri_groups[k].tri_num;
                printf("%s: ok (NIFF %u.%u, %u objects, %u shapes, %u triangles, %u materials, %u "
                       "textures)\n",
                       path, f.major, f.minor, f.obj_count, f.shape_count, tris, f.mat_count, f.tex_count);
            }
            rm_niff_free(&f);
        } else if (st == RM_OK) {
            rm_jom_model m;
            rm_jom_init(&m);
            st = rm_jom_read(data, size, path, &m, &diag);
            if (st == RM_OK && !quiet)
                printf("%s: ok (%u points, %u polygons, %u materials%s%s)\n", path, m.point_count,
                       m.polygon_count, m.material_count, m.has_groups ? ", groups" : "",
                       m.has_skeleton ? ", skeleton" : "");
            rm_jom_free(&m);
        }
        free(data);
        /* In check, warnings are part of the answer: always show them. */
        rm_cli_print_diag(&diag, quiet, 0);
        rm_diag_free(&diag);
        int code = rm_cli_exit_code(st);
        if (code > worst)
            worst = code;
    }
    return worst;
}
