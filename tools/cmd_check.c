/* tools/cmd_check.c - retromesh check FILE...: every rule of the JOM format,
   or of NIFF for a NIFF file (told by its content: rm_format_detect).
   --json: one JSON array, an object per file, with the messages in it. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/json_text.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh check [-q] [--json] [--max-input SIZE] FILE...\n"
          "\n"
          "Checks JOM files against every rule of the format (docs/jom.md lists them), and NIFF\n"
          "files against the NIFF spec (each told by its content, not its name), and\n"
          "prints each problem as FILE: chunk NAME at 0xOFFSET: what is wrong (NIFF: FILE: LIST\n"
          "element N at 0xOFFSET: what is wrong).\n"
          "Prints 'FILE: ok' for a valid file (not with -q). '-' reads standard input.\n"
          "\n"
          "  -q, --quiet          no 'ok' lines and no warnings (errors are always printed)\n"
          "  --json               one JSON array on stdout, an object per file: {\"file\", \"format\",\n"
          "                       \"valid\", \"status\", \"errors\": [...], \"warnings\": [...]} and\n"
          "                       the counts of a valid file (docs/cli.md)\n"
          "  --max-input SIZE     read files of up to SIZE bytes (K, M, G: 1024-based; default 1G)\n"
          "\n"
          "Exit status: 0 all valid, 1 a file is invalid, 2 usage error, 3 a file cannot be read.\n",
          out);
}

/* The messages of one file, by severity, into the object. */
static void json_messages(json_t *o, const rm_diag *d)
{
    json_t *errors = json_array(), *warnings = json_array();
    for (size_t i = 0; i < d->count; i++)
        json_array_append_new(d->items[i].severity == RM_ERROR ? errors : warnings,
                              rm_json_text(d->items[i].text));
    json_object_set_new(o, "errors", errors);
    json_object_set_new(o, "warnings", warnings);
    if (d->dropped)
        json_object_set_new(o, "messages_not_kept", json_integer((json_int_t)d->dropped));
}

static const char *status_word(rm_status st)
{
    switch (st) {
    case RM_OK: return "ok";
    case RM_INVALID: return "invalid";
    case RM_USAGE: return "usage";
    case RM_IO:
    case RM_NOMEM: return "io";
    }
    return "io";
}

/* Checks one file: its summary line (text) or its counts (json) on success. */
static rm_status check_one(const char *path, bool quiet, json_t *o, rm_diag *diag)
{
    rm_file_map map;       /* mapped, not copied; closed after the models are freed */
    rm_status st = rm_cli_map_input(path, &map, diag);
    if (st != RM_OK)
        return st;
    const uint8_t *data = map.data;
    size_t size = map.size;
    rm_format kind = rm_format_detect(data, size);
    if (o)
        json_object_set_new(o, "format", json_string(rm_format_name(kind)));
    if (kind == RM_FORMAT_NIFF) {
        rm_niff_file f;
        memset(&f, 0, sizeof f);
        /* Checking only: the Tris are validated and dropped, the bytes are
           not copied (the mapping outlives f). */
        rm_niff_read_options nopt = {.borrow_data = true, .check_only = true};
        st = rm_niff_read_with(data, size, path, &nopt, &f, diag);
        uint32_t tris = 0;
        for (uint32_t k = 0; st == RM_OK && k < f.tri_group_count; k++)
            tris += f.tri_groups[k].tri_num;
        if (st == RM_OK && o) {
            json_object_set_new(o, "version", json_sprintf("%u.%u", f.major, f.minor));
            json_object_set_new(o, "objects", json_integer(f.obj_count));
            json_object_set_new(o, "shapes", json_integer(f.shape_count));
            json_object_set_new(o, "triangles", json_integer(tris));
            json_object_set_new(o, "materials", json_integer(f.mat_count));
            json_object_set_new(o, "textures", json_integer(f.tex_count));
        } else if (st == RM_OK && !quiet) {
            printf("%s: ok (NIFF %u.%u, %u objects, %u shapes, %u triangles, %u materials, %u "
                   "textures)\n",
                   path, f.major, f.minor, f.obj_count, f.shape_count, tris, f.mat_count, f.tex_count);
        }
        rm_niff_free(&f);
    } else if (kind == RM_FORMAT_JOM) {
        rm_jom_model m;
        rm_jom_init(&m);
        st = rm_jom_read(data, size, path, &m, diag);
        if (st == RM_OK && o) {
            json_object_set_new(o, "points", json_integer(m.point_count));
            json_object_set_new(o, "polygons", json_integer(m.polygon_count));
            json_object_set_new(o, "materials", json_integer(m.material_count));
            json_object_set_new(o, "groups", json_boolean(m.has_groups));
            json_object_set_new(o, "skeleton", json_boolean(m.has_skeleton));
        } else if (st == RM_OK && !quiet) {
            printf("%s: ok (%u points, %u polygons, %u materials%s%s)\n", path, m.point_count,
                   m.polygon_count, m.material_count, m.has_groups ? ", groups" : "",
                   m.has_skeleton ? ", skeleton" : "");
        }
        rm_jom_free(&m);
    } else {
        rm_diag_add(diag, RM_ERROR, "%s: error: this is %s, not a JOM or NIFF file (check reads those; "
                    "'retromesh info' tells what an OBJ would become)", path, rm_format_describe(kind));
        st = RM_INVALID;
    }
    rm_file_map_close(&map);
    return st;
}

int rm_cmd_check(int argc, char **argv)
{
    enum { O_HELP = 1, O_QUIET, O_JSON, O_MAX_INPUT };
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP},
        {"quiet", 'q', false, O_QUIET},
        {"json", 0, false, O_JSON},
        {"max-input", 0, true, O_MAX_INPUT},
        {0},
    };
    bool quiet = false, json = false;
    int files = 0;
    const char **file = calloc((size_t)argc + 1, sizeof *file);
    if (!file)
        return EXIT_IO;
    rm_cli_args p;
    rm_cli_args_init(&p, "check", opts, argc, argv);
    int code = EXIT_OK;
    for (int id; code == EXIT_OK && (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        switch (id) {
        case RM_CLI_BAD: code = EXIT_USAGE; break;
        case O_HELP:
            usage(stdout);
            free(file);
            return EXIT_OK;
        case O_QUIET: quiet = true; break;
        case O_JSON: json = true; break;
        case O_MAX_INPUT:
            if (!rm_cli_max_input("check", p.value))
                code = EXIT_USAGE;
            break;
        case RM_CLI_OPERAND: file[files++] = p.value; break;
        }
    }
    if (code == EXIT_OK && !files)
        code = rm_cli_usage_error("check", "no file given");
    if (code != EXIT_OK) {
        free(file);
        return code;
    }

    int worst = EXIT_OK;
    if (json)
        fputs("[", stdout);
    for (int i = 0; i < files; i++) {
        rm_diag diag;
        rm_diag_init(&diag);
        diag.limit = 100;
        json_t *o = json ? json_object() : NULL;
        if (o)
            json_object_set_new(o, "file", rm_json_text(file[i]));
        rm_status st = check_one(file[i], quiet, o, &diag);
        if (o) {
            json_object_set_new(o, "valid", json_boolean(st == RM_OK));
            json_object_set_new(o, "status", json_string(status_word(st)));
            json_messages(o, &diag);
            fputs(i ? ",\n  " : "\n  ", stdout);
            if (json_dumpf(o, stdout, JSON_PRESERVE_ORDER) != 0)
                worst = EXIT_IO;
            json_decref(o);
        } else {
            /* In check, warnings are part of the answer: always show them. */
            rm_cli_print_diag(&diag, quiet, 0);
        }
        rm_diag_free(&diag);
        int c = rm_cli_exit_code(st);
        if (c > worst)
            worst = c;
    }
    if (json)
        fputs("\n]\n", stdout);
    free(file);
    return worst;
}
