/* tools/cmd_info.c - retromesh info [--json] FILE...: what a .jom, .niff
   or .obj file holds. The kind of file is told by its content
   (rm_format_detect), not by its name; a file that is no model is refused
   naming what it is. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "retromesh/skeleton.h"
#include "formats/registry/registry.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh info [--json] [--keys] [--extract-textures DIR] [--max-input SIZE] FILE...\n"
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
          "                           images its geometry uses (TexImg), as convert names them.\n"
          "                           DIR is made, and the PNGs written, only when every file\n"
          "                           printed and every texture extracted (all or none); a TEXT\n"
          "                           name that is not an 8.3 CD name is never read\n"
          "  --max-input SIZE         read files of up to SIZE bytes (K, M, G: 1024-based; default 1G)\n"
          "\n"
          "FILE '-' is standard input. A file that is no model (a PNG, a JOL...) is refused.\n"
          "\n"
          "Exit status: 0 printed, 1 invalid input, 2 usage error, 3 I/O error.\n",
          out);
}

/* DIR/NAME.png for a texture NAME (its extension dropped; characters that
   are no use in a file name become '_'). */
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
    if (!strcmp(stem, ".") || !strcmp(stem, ".."))
        stem[0] = '_';
    snprintf(buf, size, "%s/%s.png", dir, stem);
}

/* One picture staged in the set as DIR/NAME.png; its line is printed once
   every file is in place. */
static rm_status stage_png(const rm_image *img, const char *path, rm_output_set *set, rm_diag *diag)
{
    uint8_t *png = NULL;
    size_t n = 0;
    rm_status st = rm_image_encode_png(img, &png, &n, diag);
    if (st == RM_OK)
        st = rm_output_add(set, path, png, n, diag);
    free(png);
    return st;
}

/* --extract-textures of a JOM: the embedded textures (TIMG), else the .BIN
   files its TEXT names beside it, read only for names that are CD file
   names (8.3, no folder: a name like ../../x/SECRET is never followed). */
static rm_status extract_textures(const char *path, const rm_jom_model *m, const char *dir,
                                  rm_output_set *set, FILE *lines, rm_diag *diag)
{
    char out[4200];
    rm_status worst = RM_OK;
    for (uint32_t i = 0; i < m->texture_image_count && worst == RM_OK; i++) {
        rm_image img;
        const rm_jom_texture *t = &m->texture_images[i];
        rm_status st = rm_jom_texture_to_image(t, &img);
        if (st == RM_OK) {
            png_path(out, sizeof out, dir, t->name);
            st = stage_png(&img, out, set, diag);
            rm_image_free(&img);
            if (st == RM_OK)
                fprintf(lines, "extracted %s (%ux%u, %s) -> %s\n", t->name, t->width, t->height,
                        t->format ? "16 colors" : "RGB555", out);
        }
        if (st != RM_OK)
            worst = st;
    }
    if (m->texture_image_count)
        return worst;
    for (uint32_t i = 0; i < m->texture_count && worst == RM_OK; i++) {
        const char *name = m->textures[i];
        if (!rm_jom_is_cd_name(name)) {
            rm_diag_add(diag, RM_WARNING, "%s: warning: texture %u: TEXT name \"%.16s\" is not a CD file name "
                        "(8.3, no folder): not read", path, i, name);
            continue;
        }
        char *bin = rm_fmt_beside(path, name);     /* beside the .jom */
        if (!bin) {
            worst = RM_NOMEM;
            break;
        }
        uint8_t *data = NULL;
        size_t size = 0;
        rm_diag quiet;
        rm_diag_init(&quiet);
        rm_status st = rm_file_read(bin, &data, &size, &quiet);
        rm_diag_free(&quiet);
        if (st != RM_OK) {
            fprintf(lines, "not found: %s (texture %u, loaded from the CD by the engine)\n", bin, i);
            free(bin);
            continue;
        }
        st = rm_output_add_input(set, bin);
        uint16_t *px = NULL;
        uint32_t w = 0, h = 0;
        if (st == RM_OK)
            st = rm_bin_decode(data, size, bin, &px, &w, &h, diag);
        free(data);
        rm_image img;
        rm_image_init(&img);
        if (st == RM_OK)
            st = rm_image_alloc(&img, w, h);
        if (st == RM_OK) {
            for (size_t k = 0; k < (size_t)w * h; k++)
                rm_rgba_from_rgb555(px[k], img.rgba + 4 * k);
            png_path(out, sizeof out, dir, name);
            st = stage_png(&img, out, set, diag);
            if (st == RM_OK)
                fprintf(lines, "extracted %s (%ux%u, RGB555) -> %s\n", bin, w, h, out);
        }
        rm_image_free(&img);
        free(px);
        free(bin);
        if (st != RM_OK)
            worst = st;
    }
    return worst;
}

static rm_status info_jom(const char *path, const uint8_t *data, size_t size, bool json, bool keys,
                          const char *extract_dir, rm_output_set *set, FILE *lines, rm_diag *diag)
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
        st = extract_textures(path, &m, extract_dir, set, lines, diag);
    rm_jom_free(&m);
    return st;
}

/* --extract-textures for a NIFF file: the textures its geometry uses, as
   `convert FILE OUT.obj` writes them (DIR/NAME.png, top row first; the
   file name of the texture's name only, never a folder of it). */
static rm_status extract_niff(const rm_mesh *mesh, const char *dir, rm_output_set *set, FILE *lines,
                              rm_diag *diag)
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
        const char *base = strrchr(mt->map_kd, '/');
        base = base ? base + 1 : mt->map_kd;
        char out[4200];
        if (!base[0] || !strcmp(base, ".") || !strcmp(base, ".."))
            snprintf(out, sizeof out, "%s/texture%zu.png", dir, i);
        else
            snprintf(out, sizeof out, "%s/%s", dir, base);
        rm_image img = { mt->map_kd_width, mt->map_kd_height, mt->map_kd_rgba };
        st = stage_png(&img, out, set, diag);
        if (st == RM_OK)
            fprintf(lines, "extracted %s (%ux%u, RGBA) -> %s\n", mt->map_kd, mt->map_kd_width,
                    mt->map_kd_height, out);
    }
    return st;
}

static rm_status info_niff(const char *path, const uint8_t *data, size_t size, bool json,
                           const char *extract_dir, rm_output_set *set, FILE *lines, rm_diag *diag)
{
    rm_niff_file f;
    memset(&f, 0, sizeof f);
    /* The bytes outlive f: no copy. */
    rm_niff_read_options nopt = {.borrow_data = true};
    rm_status st = rm_niff_read_with(data, size, path, &nopt, &f, diag);
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
                st = extract_niff(&mesh, extract_dir, set, lines, diag);
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
static rm_status info_obj(const char *path, const uint8_t *data, size_t size, bool mapped,
                          rm_diag *diag)
{
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    /* The lines stay (keep_lines): the conversion's messages below name
       the line of each face and vertex they are about. */
    opt.text_is_mapped = mapped;
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

/* Any other model the library reads (glTF...): what the mesh holds. Files
   that are no model are refused by the reader, naming what they are. */
static rm_status info_other(const char *path, const uint8_t *data, size_t size, rm_output_set *set,
                            rm_diag *diag)
{
    rm_model_read_options ro;
    rm_model_read_options_default(&ro);
    ro.require_polygons = false;
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_status st = rm_model_read_memory(data, size, path, &ro, &mesh, set, diag);
    if (st == RM_OK)
        printf("%s: %s: %zu groups, %zu vertices, %zu faces, %zu materials\n", path,
               rm_format_name(rm_format_detect(data, size)), mesh.group_count, mesh.position_count,
               mesh.face_count, mesh.material_count);
    const rm_skeleton *sk = st == RM_OK ? mesh.skeleton : NULL;
    if (sk) {
        printf("  skeleton: %zu bones, %zu animations\n", sk->bone_count, sk->animation_count);
        for (size_t i = 0; i < sk->bone_count; i++)
            printf("    bone %zu \"%s\"%s%s%s, pivot %.6g %.6g %.6g\n", i, sk->bones[i].name,
                   sk->bones[i].group ? " moves \"" : " (no group)", sk->bones[i].group ? sk->bones[i].group : "",
                   sk->bones[i].group ? "\"" : "", sk->bones[i].pivot[0], sk->bones[i].pivot[1],
                   sk->bones[i].pivot[2]);
        for (size_t i = 0; i < sk->animation_count; i++) {
            const rm_skeleton_animation *an = &sk->animations[i];
            printf("    animation \"%s\": %zu keys, %u ticks apart (%.3f s)%s\n", an->name, an->key_count,
                   (unsigned)an->key_ticks,
                   /* a loop goes back to its first key; a single play ends on its last */
                   (double)(an->loop ? an->key_count : an->key_count - 1) * an->key_ticks / 60.0,
                   an->loop ? ", loops" : ", once");
        }
    }
    rm_mesh_free(&mesh);
    return st;
}

int rm_cmd_info(int argc, char **argv)
{
    enum { O_HELP = 1, O_JSON, O_KEYS, O_EXTRACT, O_MAX_INPUT };
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP},
        {"json", 0, false, O_JSON},
        {"keys", 0, false, O_KEYS},
        {"extract-textures", 0, true, O_EXTRACT},
        {"max-input", 0, true, O_MAX_INPUT},
        {0},
    };
    bool json = false, keys = false;
    const char *extract_dir = NULL;
    int files = 0;
    const char **file = calloc((size_t)argc + 1, sizeof *file);
    if (!file)
        return EXIT_IO;
    rm_cli_args p;
    rm_cli_args_init(&p, "info", opts, argc, argv);
    for (int id; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        switch (id) {
        case RM_CLI_BAD:
            free(file);
            return EXIT_USAGE;
        case O_HELP:
            free(file);
            usage(stdout);
            return EXIT_OK;
        case O_JSON: json = true; break;
        case O_KEYS: keys = true; break;
        case O_EXTRACT:
            if (!*p.value) {
                free(file);
                return rm_cli_usage_error("info", "--extract-textures needs a folder");
            }
            extract_dir = p.value;
            break;
        case O_MAX_INPUT:
            if (!rm_cli_max_input("info", p.value)) {
                free(file);
                return EXIT_USAGE;
            }
            break;
        case RM_CLI_OPERAND:
            file[files++] = p.value;
            break;
        }
    }
    int code = EXIT_OK;
    if (!files)
        code = rm_cli_usage_error("info", "no file given");
    else if (json && files > 1)
        code = rm_cli_usage_error("info", "--json prints one file at a time");
    else if (json && extract_dir)
        code = rm_cli_usage_error("info", "--extract-textures prints its own lines: not with --json");
    if (code != EXIT_OK) {
        free(file);
        return code;
    }

    /* --extract-textures: one output set for every file; the folder is
       made and the pictures renamed into place at the end, all or none. */
    rm_output_set *set = rm_output_set_new();
    char *lines_buf = NULL;
    size_t lines_len = 0;
    FILE *lines = open_memstream(&lines_buf, &lines_len);
    if (!set || !lines) {
        rm_output_set_free(set);
        if (lines)
            fclose(lines);
        free(lines_buf);
        free(file);
        return EXIT_IO;
    }
    int worst = EXIT_OK;
    if (extract_dir) {
        rm_diag diag;
        rm_diag_init(&diag);
        if (rm_output_add_dir(set, extract_dir, &diag) != RM_OK)
            worst = EXIT_USAGE;
        rm_cli_print_diag(&diag, false, 0);
        rm_diag_free(&diag);
    }
    for (int i = 0; i < files && worst != EXIT_USAGE; i++) {
        const char *path = file[i];
        rm_diag diag;
        rm_diag_init(&diag);
        diag.limit = 1000;
        /* Mapped, not copied: the models printed are freed before the
           map is closed below (none keeps a pointer into the bytes). */
        rm_file_map map;
        rm_status st = rm_cli_map_input(path, &map, &diag);
        const uint8_t *data = map.data;
        size_t size = map.size;
        if (st == RM_OK && strcmp(path, "-") != 0)
            st = rm_output_add_input(set, path);
        bool printed_diag = false;
        if (st == RM_OK) {
            if (files > 1)
                printf("%s== %s\n", i == 0 ? "" : "\n", path);
            rm_format kind = rm_format_detect(data, size);
            if (kind == RM_FORMAT_JOM) {
                st = info_jom(path, data, size, json, keys, extract_dir, set, lines, &diag);
            } else if (kind == RM_FORMAT_NIFF) {
                st = info_niff(path, data, size, json, extract_dir, set, lines, &diag);
            } else if ((kind == RM_FORMAT_OBJ || kind == RM_FORMAT_GLTF || kind == RM_FORMAT_GLB) && json) {
                rm_diag_add(&diag, RM_ERROR, "%s: error: --json prints .jom and NIFF files; this is %s "
                            "(convert it first, or drop --json)", path,
                            kind == RM_FORMAT_OBJ ? "an OBJ" : "a glTF model");
                st = RM_USAGE;
            } else if (kind == RM_FORMAT_OBJ) {
                st = info_obj(path, data, size, map.mapped, &diag);
                printed_diag = st == RM_OK;
            } else {
                /* not a kind info prints: the reader says what it is */
                st = info_other(path, data, size, set, &diag);
            }
        }
        rm_file_map_close(&map);
        if (!printed_diag)
            rm_cli_print_diag(&diag, false, 0);
        rm_diag_free(&diag);
        int c = rm_cli_exit_code(st);
        if (c > worst)
            worst = c;
    }
    /* The pictures: all renamed into place, or none (and no folder). */
    rm_diag diag;
    rm_diag_init(&diag);
    if (extract_dir && worst == EXIT_OK && rm_output_commit(set, &diag) != RM_OK)
        worst = EXIT_IO;
    rm_output_set_free(set);
    rm_cli_print_diag(&diag, false, 0);
    rm_diag_free(&diag);
    fclose(lines);
    if (worst == EXIT_OK && lines_len)
        fwrite(lines_buf, 1, lines_len, stdout);
    free(lines_buf);
    free(file);
    return worst;
}
