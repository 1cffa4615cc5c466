/* tools/cmd_info.c - retromesh info [--json] FILE...: what a .jom, .niff
   or .obj file holds. The kind of file is told by its content (a JOM
   starts with "JOM1", a NIFF file has a FileHeader: rm_niff_looks_like),
   not by its name. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh info [--json] [--keys] [--extract-textures DIR] FILE...\n"
          "\n"
          "Prints every chunk and record of a .jom file (--json: the same as JSON), what a NIFF\n"
          "file holds (its lists, the scene's Obj tree with links and LODs, shapes, materials,\n"
          "textures, and the mesh that convert and render make of it; --json: as JSON), or what\n"
          "the converter sees in an .obj file: counts, groups, materials, coverage of normals,\n"
          "UVs and colors, the model it would make and the warnings it would give.\n"
          "\n"
          "  --json                   the content of a .jom or NIFF file as one JSON document\n"
          "  --keys                   every key of every animation (else the bones as a tree and\n"
          "                           one line per animation: keys, ticks, duration, loop)\n"
          "  --extract-textures DIR   write the textures of a .jom as PNG files in DIR, as the Saturn\n"
          "                           will show them: the embedded ones (TIMG), and the .BIN files\n"
          "                           named by TEXT that are beside the .jom; of a NIFF file: the\n"
          "                           images its geometry uses (TexImg), as convert names them\n"
          "\n"
          "Exit status: 0 printed, 1 invalid input, 2 usage error, 3 I/O error.\n",
          out);
}

/* DIR/NAME.png for a texture NAME (its .BIN extension dropped; characters
   that are no use in a file name become '_'). */
static void png_path(char *buf, size_t size, const char *dir, const char *name)
{
    char stem[17];
    size_t n = 0;
    for (; name[n] && n < 16; n++) {
        char ch = name[n];
        stem[n] = (ch == '/' || ch == '\\' || (unsigned char)ch < 32) ? '_' : ch;
    }
    stem[n] = 0;
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem)
        *dot = 0;
    snprintf(buf, size, "%s/%s.png", dir, stem);
}

/* The folder of `path` (with its final '/'), or "" for a bare name. */
static void folder_of(char *buf, size_t size, const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(buf, size, "%.*s", (int)n, path);
}

static rm_status extract_textures(const char *path, const rm_jom_model *m, const char *dir, rm_diag *diag)
{
    char out[4200];
    rm_status worst = RM_OK;
    for (uint32_t i = 0; i < m->texture_image_count; i++) {
        rm_image img;
        const rm_jom_texture *t = &m->texture_images[i];
        rm_status st = rm_jom_texture_to_image(t, &img);
        if (st == RM_OK) {
            png_path(out, sizeof out, dir, t->name);
            st = rm_image_write_png(&img, out, diag);
            rm_image_free(&img);
            if (st == RM_OK)
                printf("extracted %s (%ux%u, %s) -> %s\n", t->name, t->width, t->height,
                       t->format ? "16 colors" : "RGB555", out);
        }
        if (st != RM_OK && worst == RM_OK)
            worst = st;
    }
    if (m->texture_image_count)
        return worst;
    /* Not embedded: the .BIN files the engine would load from the CD, when
       they are beside the model. */
    char folder[2048];
    folder_of(folder, sizeof folder, path);
    for (uint32_t i = 0; i < m->texture_count; i++) {
        char bin[2100];
        snprintf(bin, sizeof bin, "%s%s", folder, m->textures[i]);
        uint8_t *data = NULL;
        size_t size = 0;
        rm_diag quiet;
        rm_diag_init(&quiet);
        rm_status st = rm_file_read(bin, &data, &size, &quiet);
        rm_diag_free(&quiet);
        if (st != RM_OK) {
            printf("not found: %s (texture %u, loaded from the CD by the engine)\n", bin, i);
            continue;
        }
        uint16_t *px = NULL;
        uint32_t w = 0, h = 0;
        st = rm_bin_decode(data, size, bin, &px, &w, &h, diag);
        free(data);
        rm_image img;
        rm_image_init(&img);
        if (st == RM_OK)
            st = rm_image_alloc(&img, w, h);
        if (st == RM_OK) {
            for (size_t k = 0; k < (size_t)w * h; k++)
                rm_rgba_from_rgb555(px[k], img.rgba + 4 * k);
            png_path(out, sizeof out, dir, m->textures[i]);
            st = rm_image_write_png(&img, out, diag);
            if (st == RM_OK)
                printf("extracted %s (%ux%u, RGB555) -> %s\n", bin, w, h, out);
        }
        rm_image_free(&img);
        free(px);
        if (st != RM_OK && worst == RM_OK)
            worst = st;
    }
    return worst;
}

static rm_status info_jom(const char *path, const uint8_t *data, size_t size, bool json, bool keys,
                          const char *extract_dir, rm_diag *diag)
{
    rm_jom_model m;
    rm_jom_init(&m);
    rm_status st = rm_jom_read(data, size, path, &m, diag);
    if (st != RM_OK)
        return st;
    if (json)
        st = rm_jom_print_json(&m, stdout);
    else {
        rm_jom_text_options opt = {true, keys};
        rm_jom_print_text_ex(&m, stdout, &opt);
    }
    if (st == RM_OK && extract_dir)
        st = extract_textures(path, &m, extract_dir, diag);
    rm_jom_free(&m);
    return st;
}

/* A NIFF file: the file model (rm_niff_print_info or _json); in text, then
   the mesh that convert and render make of it. */
/* --extract-textures for a NIFF file: the textures its geometry uses, as
   `convert FILE OUT.obj` writes them (DIR/NAME.png, top row first). */
static rm_status extract_niff(const rm_mesh *mesh, const char *dir, rm_diag *diag)
{
    rm_status st = RM_OK;
    for (size_t i = 0; i < mesh->material_count && st == RM_OK; i++) {
        const rm_mesh_material *mt = &mesh->materials[i];
        if (!mt->map_kd_rgba || !mt->map_kd)
            continue;
        bool again = false;
        for (size_t k = 0; k < i && !again; k++)
            again = mesh->materials[k].map_kd_rgba && mesh->materials[k].map_kd &&
                    strcmp(mesh->materials[k].map_kd, mt->map_kd) == 0;
        if (again)
            continue;
        char out[4200];
        snprintf(out, sizeof out, "%s/%s", dir, mt->map_kd);
        rm_image img = { mt->map_kd_width, mt->map_kd_height, mt->map_kd_rgba };
        st = rm_image_write_png(&img, out, diag);
        if (st == RM_OK)
            printf("extracted %s (%ux%u, RGBA) -> %s\n", mt->map_kd, mt->map_kd_width, mt->map_kd_height, out);
    }
    return st;
}

static rm_status info_niff(const char *path, const uint8_t *data, size_t size, bool json,
                           const char *extract_dir, rm_diag *diag)
{
    rm_niff_file f;
    memset(&f, 0, sizeof f);
    rm_status st = rm_niff_read(data, size, path, &f, diag);
    if (st != RM_OK)
        return st;
    if (json) {
        st = rm_niff_print_json(&f, stdout);
    } else {
        rm_niff_print_info(&f, stdout);
        rm_mesh mesh;
        rm_status mst = rm_niff_to_mesh_named(&f, path, &mesh, diag);
        if (mst == RM_OK) {
            size_t tris = 0, textured = 0;
            for (size_t i = 0; i < mesh.face_count; i++)
                tris += rm_mesh_face_corners(&mesh, i) == 3;
            for (size_t i = 0; i < mesh.material_count; i++)
                textured += mesh.materials[i].map_kd_rgba != NULL;
            printf("As a mesh (convert, render): %zu groups, %zu vertices, %zu triangles, %zu uvs, "
                   "%zu normals, %s, %zu materials (%zu textured)\n",
                   mesh.group_count, mesh.position_count, tris, mesh.uv_count, mesh.normal_count,
                   mesh.colors ? "vertex colors" : "no vertex colors", mesh.material_count, textured);
            if (extract_dir)
                st = extract_niff(&mesh, extract_dir, diag);
        } else {
            printf("As a mesh (convert, render): cannot be made (%s)\n", rm_status_name(mst));
        }
        rm_mesh_free(&mesh);
    }
    rm_niff_free(&f);
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
    rm_convert_result res;
    rm_convert_result_init(&res);
    rm_status cst = rm_convert_mesh_to_jom_ex(&mesh, &copt, &jom, &res, diag);
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
        printf("  textures   %zu\n", res.texture_count);
        for (size_t i = 0; i < res.texture_count; i++)
            printf("    %-15s %ux%u %s  from %s\n", res.textures[i].name, res.textures[i].width,
                   res.textures[i].height, res.textures[i].format ? "16 colors" : "RGB555",
                   res.textures[i].image ? res.textures[i].image : "?");
        printf("  chunks     PNTS QUAD QMAT MATL%s%s%s%s%s END\n", jom.texture_count ? " TEXT" : "",
               jom.has_normals ? " NTAB CNRM" : "", jom.has_vertex_colors ? " VCOL" : "",
               jom.has_gouraud ? " GOUR" : "", jom.has_groups ? " GRUP" : "");
        char line[256];
        rm_convert_budget_line(&res.budget, line, sizeof line);
        printf("  %s\n", line);
    } else {
        printf("  cannot be converted: see the errors below\n");
    }
    rm_convert_result_free(&res);
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
    bool json = false, keys = false;
    const char *extract_dir = NULL;
    int first = 0, files = 0;
    for (int i = 1; i < argc; i++) {
        const char *value;
        bool matched;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return EXIT_OK;
        } else if (!strcmp(argv[i], "--json")) {
            json = true;
        } else if (!strcmp(argv[i], "--keys")) {
            keys = true;
        } else if (!strncmp(argv[i], "--extract-textures", 18)) {
            if (!rm_cli_option_value(argc, argv, &i, "--extract-textures", &value, &matched))
                return EXIT_USAGE;
            if (!matched)
                return rm_cli_usage_error("info", "unknown option '%s'", argv[i]);
            extract_dir = value;
            argv[i] = NULL;   /* the value is no file: skipped below */
            if (mkdir(extract_dir, 0755) != 0 && errno != EEXIST) {
                fprintf(stderr, "retromesh info: error: cannot create %s: %s\n", extract_dir, strerror(errno));
                return EXIT_IO;
            }
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
    if (json && extract_dir)
        return rm_cli_usage_error("info", "--extract-textures prints its own lines: not with --json");

    int worst = EXIT_OK;
    for (int i = first; i < argc; i++) {
        if (!argv[i] || (argv[i][0] == '-' && argv[i][1]))
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
                st = info_jom(path, data, size, json, keys, extract_dir, &diag);
            } else if (rm_niff_looks_like(data, size) || rm_niff_has_niff_name(path)) {
                st = info_niff(path, data, size, json, extract_dir, &diag);
            } else if (json) {
                rm_diag_add(&diag, RM_ERROR, "%s: error: --json prints .jom and NIFF files; this is not "
                            "one (an OBJ? convert it first, or drop --json)", path);
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
