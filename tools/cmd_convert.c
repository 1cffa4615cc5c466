/* tools/cmd_convert.c - retromesh convert IN [OUT] [options]: any model
   the library reads (told by its content: OBJ + MTL, NIFF...) written as
   the kind OUT's extension names (JOM, NIFF, OBJ + MTL + PNG, a C header), through the
   format table (retromesh/formats.h) and one output set: nothing is
   written over an input, and all the outputs are written or none. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cmd_convert.h"
#include "formats/registry/registry.h"
#include "retromesh/cheader.h"
#include "retromesh/skeleton.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh convert IN [OUT.jom|OUT.niff|OUT.obj|OUT.h] [options]\n"
          "\n"
          "Converts a model, told by its content (a Wavefront OBJ and its MTL materials, a glTF 2.0\n"
          "model (.gltf or .glb) with its skeleton and animations, a NIFF file of the Nintendo 64\n"
          "SDK), to a Jo Engine model (.JOM). A file that is no model (a\n"
          "PNG, a JOL, an empty file) or has no polygon is refused (exit 1). Without OUT, the\n"
          "output is IN with the extension .jom; IN '-' reads standard input, OUT '-' writes the\n"
          "JOM to standard output. OUT's folder is made when missing. The extension chooses:\n"
          "  .jom               a Jo Engine model (the options below)\n"
          "  .niff, .nif        a NIFF 2.0 file (one Obj per OBJ group, map_Kd images embedded)\n"
          "  .obj               from a NIFF file: OUT.obj, OUT.mtl and each texture as a PNG\n"
          "                     beside it (named by its NIFF name)\n"
          "  .h                 a C header: the model converted as for a JOM, as SGL arrays\n"
          "                     with its textures, for Jo Engine, SGL and Yaul (docs/cheader.md)\n"
          "NIFF -> NIFF writes the file back as read (byte for byte where it is understood);\n"
          "  --rebuild          NIFF -> NIFF through the mesh instead: one Obj per object, the\n"
          "                     transforms applied, a plain NIFF 2.0 layout\n"
          "Options marked * are for .jom (and C header) output only.\n"
          "  --c-header         write a C header whatever OUT's name (without OUT: IN with .h)\n"
          "  --c-name NAME      the C header's identifier prefix (default: from OUT's file name)\n"
          "\n"
          "  -o, --output OUT   output file (same as the second argument)\n"
          " *--saturn-axes      the OBJ is already in the Saturn's axes (X right, Y down, Z forward):\n"
          "                     no axis change, no reversal of the vertex order\n"
          " *--scale S          multiply the coordinates by S (default 1)\n"
          " *--no-weld          keep points at the same position apart\n"
          " *--keep-triangles   keep the OBJ corner order of triangles (no shortest-edge or UV\n"
          "                     rotation)\n"
          " *--merge-triangles  join pairs of flat neighbouring triangles into quads (same material,\n"
          "                     group, UVs and normals; fewer polygons for the VDP1)\n"
          " *--max-polygons N   simplify the model (meshoptimizer) to at most N polygons in the\n"
          "                     JOM, keeping groups (bones), material borders, UV seams and vertex\n"
          "                     colours, triangle pairs joined into quads; prints the error it made\n"
          " *--max-points N     the same for the points\n"
          " *--error E          simplify until the error would pass E (model units after --scale,\n"
          "                     or a share of the radius: 2%); with a count, both must hold\n"
          "  --out-dir CD       convert every file into the folder CD with one texture namespace\n"
          "                     (docs/build.md)\n"
          " *--skeleton RIG.json\n"
          "                     add a rigid skeleton and its animations (BONE and ANIM chunks)\n"
          "                     from a JSON file (the format: docs/skeleton.md)\n"
          "\n"
          "glTF input (.gltf, .glb: its armature and animations come with it; docs/gltf.md):\n"
          "  --rigid            a vertex weighted to several joints goes to its heaviest one\n"
          "                     (default: an error naming the vertex)\n"
          "  --key-ticks N      sample the animations every N ticks (60 a second; default: the\n"
          "                     step of the animation's keyframes)\n"
          "  --loop NAME        the animation NAME loops (default: when its last pose is its first)\n"
          "  --once NAME        the animation NAME plays once\n"
          "  (glTF holds only triangles: they are joined back into quads unless --keep-triangles)\n"
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
          "  --max-input SIZE   read files of up to SIZE bytes (K, M, G: 1024-based; default 1G)\n"
          "\n"
          "No output (OUT, a .BIN, an MTL, a PNG) may be a file the command reads (the model, its\n"
          "MTLs, images, the skeleton): exit 2. All the outputs are written, or none.\n"
          "\n"
          "Exit status: 0 written, 1 invalid input (nothing written), 2 usage error, 3 I/O error.\n",
          out);
}

/* -v: what was written, from the mesh read and the conversion's budget. */
static void summary(const char *in, const char *out, const rm_mesh *mesh, rm_format kind,
                    const rm_convert_result *res, const rm_skeleton *skel, char *line, size_t size)
{
    if (kind == RM_FORMAT_JOM || kind == RM_FORMAT_C_HEADER) {
        char bones[64] = "";
        if (skel->bone_count)
            snprintf(bones, sizeof bones, ", %zu bones, %zu animations", skel->bone_count,
                     skel->animation_count);
        snprintf(line, size, "%s -> %s: %u points (from %zu source vertices), %u polygons (from %zu "
                 "faces), %zu materials, %u textures, %zu groups%s",
                in, out, res->budget.points, mesh->position_count, res->budget.polygons, mesh->face_count,
                mesh->material_count, res->budget.textures, mesh->group_count, bones);
        return;
    }
    size_t textured = 0, triangles = 0;
    for (size_t i = 0; i < mesh->material_count; i++)
        textured += mesh->materials[i].map_kd_rgba != NULL;
    for (size_t f = 0; f < mesh->face_count; f++) {
        uint32_t n = rm_mesh_face_corners(mesh, f);
        triangles += n >= 3 ? n - 2 : 0;
    }
    snprintf(line, size, "%s -> %s: %zu objects, %zu vertices, %zu triangles, %zu materials, "
             "%zu textures", in, out, mesh->group_count, mesh->position_count, triangles, mesh->material_count, textured);
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

/* NIFF -> NIFF: the file model written back, byte for byte (the Obj tree,
   animations and everything the mesh has no room for). */
static rm_status niff_copy(const uint8_t *data, size_t size, const char *in, const char *out,
                           rm_output_set *set, rm_diag *diag)
{
    rm_niff_file f;
    memset(&f, 0, sizeof f);
    uint8_t *bytes = NULL;
    size_t n = 0;
    /* The bytes outlive f: no copy. */
    rm_niff_read_options nopt = {.borrow_data = true};
    rm_status st = rm_niff_read_with(data, size, in, &nopt, &f, diag);
    if (st == RM_OK)
        st = rm_niff_write(&f, &bytes, &n, diag);
    if (st == RM_OK)
        st = rm_output_add(set, out, bytes, n, diag);
    rm_niff_free(&f);
    free(bytes);
    return st;
}

/* The output's kind: "-" is a JOM on standard output; a name with no
   model extension is a JOM too (MODEL, ROBOT.DAT). */
static rm_format output_kind(const char *out)
{
    if (!strcmp(out, "-"))
        return RM_FORMAT_JOM;
    rm_format k = rm_format_from_name(out);
    return k == RM_FORMAT_UNKNOWN ? RM_FORMAT_JOM : k;
}

/* A .BIN that is there already with the same bytes is not written again,
   so the output set never sees it: OUT may still name that very file
   (convert quad.obj o/WALL.BIN, a second time). Refused, naming both. */
static rm_status check_kept_textures(const char *out, const char *texture_out, const rm_convert_result *res,
                                     rm_diag *diag)
{
    for (size_t i = 0; i < res->texture_count; i++) {
        if (!res->textures[i].bin || !res->textures[i].unchanged)
            continue;
        /* named as the JOM writer names it (write_jom.c) */
        char *bin = texture_out ? rm_fmt_join(texture_out, res->textures[i].name)
                                : rm_fmt_beside(out, res->textures[i].name);
        if (!bin)
            return RM_NOMEM;
        bool same = !strcmp(bin, out) || rm_file_same(bin, out);
        if (same)
            rm_diag_add(diag, RM_ERROR, "%s: error: this is %s, the model's texture %s: choose another "
                        "output name", out, bin, res->textures[i].name);
        free(bin);
        if (same)
            return RM_USAGE;
    }
    return RM_OK;
}

/* True when OUT is streamed into ("-", a device, a FIFO, a socket): its
   folder (/dev) is no place for the .BIN textures. */
static bool is_stream(const char *out)
{
    struct stat sb;
    return !strcmp(out, "-") || (stat(out, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode));
}

/* Reads, writes into the set and commits: the status of the run. */
static rm_status run(convert_args *a, rm_format kind, rm_output_set *set, rm_diag *diag)
{
    /* Mapped, not copied; closed once the mesh is read (the mesh and the
       NIFF file keep no pointer into the bytes). */
    rm_file_map map;
    rm_status st = rm_cli_map_input(a->in, &map, diag);
    if (st != RM_OK)
        return st;
    const uint8_t *data = map.data;
    size_t size = map.size;
    if (strcmp(a->in, "-") != 0)
        st = rm_output_add_input(set, a->in);
    if (st == RM_OK && a->skeleton)
        st = rm_output_add_input(set, a->skeleton);
    /* OUT is the model or the skeleton: said first, naming both */
    if (st == RM_OK && rm_output_is_input(set, a->out, NULL))
        st = rm_output_check(set, a->out, diag);
    rm_format in_kind = rm_format_detect(data, size);
    if (st == RM_OK && kind == RM_FORMAT_C_HEADER && a->texture_out) {
        rm_cli_usage_error("convert", "--texture-out is for .BIN files; a C header holds its textures");
        st = RM_USAGE;
    }
    if (st == RM_OK && kind != RM_FORMAT_C_HEADER && a->c_name) {
        rm_cli_usage_error("convert", "--c-name is for a C header output (.h or --c-header), not %s", a->out);
        st = RM_USAGE;
    }
    if (st == RM_OK && kind != RM_FORMAT_JOM && kind != RM_FORMAT_C_HEADER && a->jom_only) {
        rm_cli_usage_error("convert", "--%s is for a .jom output, not %s", a->jom_only, a->out);
        st = RM_USAGE;
    }
    if (st == RM_OK && a->gltf_only && in_kind != RM_FORMAT_GLTF && in_kind != RM_FORMAT_GLB) {
        rm_cli_usage_error("convert", "--%s is for glTF input; %s is %s", a->gltf_only, a->in,
                           rm_format_describe(in_kind));
        st = RM_USAGE;
    }
    if (st == RM_OK && a->rebuild && !(in_kind == RM_FORMAT_NIFF && kind == RM_FORMAT_NIFF)) {
        rm_cli_usage_error("convert", "--rebuild is for NIFF -> NIFF");
        st = RM_USAGE;
    }
    if (st == RM_OK && kind == RM_FORMAT_OBJ && in_kind == RM_FORMAT_OBJ) {
        rm_cli_usage_error("convert", "%s is an OBJ already: OBJ output is for other models (NIFF)", a->in);
        st = RM_USAGE;
    }
    if (st == RM_OK && in_kind == RM_FORMAT_NIFF && kind == RM_FORMAT_NIFF && !a->rebuild) {
        st = rm_output_check(set, a->out, diag);
        if (st == RM_OK)
            st = niff_copy(data, size, a->in, a->out, set, diag);
        rm_file_map_close(&map);
        return st == RM_OK ? rm_output_commit(set, diag) : st;
    }

    rm_model_read_options ro;
    rm_model_read_options_default(&ro);
    /* A NIFF or OBJ output carries the pixels; a JOM conversion reads the
       images itself. For an output that is no model kind the images are
       loaded too, so that naming one of them says so. */
    ro.load_textures = kind != RM_FORMAT_JOM && kind != RM_FORMAT_C_HEADER && !a->opt.no_textures;
    ro.no_textures = a->opt.no_textures;
    ro.texture_dir = a->opt.texture_dir;
    ro.gltf = a->gltf;
    ro.gltf.loop = a->loop;
    ro.gltf.once = a->once;
    ro.data_is_mapped = map.mapped;
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    if (st == RM_OK)
        st = rm_model_read_memory(data, size, a->in, &ro, &mesh, set, diag);
    rm_file_map_close(&map);
    rm_skeleton skel;
    rm_skeleton_init(&skel);
    rm_model_write_options wo;
    rm_model_write_options_default(&wo);
    wo.convert = a->opt;
    /* .BIN textures go beside OUT, or in --texture-out; for "-" or a device
       (/dev/null) in the current folder. */
    wo.texture_out = a->texture_out ? a->texture_out : is_stream(a->out) ? "." : NULL;
    wo.textures = !a->opt.no_textures;
    wo.c_name = a->c_name;
    if (st == RM_OK && a->skeleton) {
        st = rm_skeleton_read_file(a->skeleton, &skel, diag);
        wo.convert.skeleton = &skel;
    }
    /* Every output is checked before any work: OUT here, each .BIN, MTL
       and PNG as it is staged. */
    if (st == RM_OK)
        st = rm_output_check(set, a->out, diag);
    if (st == RM_OK && !rm_format_can_write_model(kind)) {
        rm_diag_add(diag, RM_ERROR, "%s: error: the name says %s: retromesh writes %s (.jom, .niff, .obj, .h)",
                    a->out, rm_format_describe(kind), rm_format_writable_list());
        st = RM_USAGE;
    }
    if (st == RM_OK && a->texture_out)
        st = rm_output_add_dir(set, a->texture_out, diag);
    rm_convert_result res;
    rm_convert_result_init(&res);
    if (st == RM_OK)
        st = rm_model_write(&mesh, kind, a->out, &wo, set, &res, diag);
    if (st == RM_OK && kind == RM_FORMAT_JOM)
        st = check_kept_textures(a->out, wo.texture_out, &res, diag);
    if (st == RM_OK)
        st = rm_output_commit(set, diag);
    if (st == RM_OK && a->verbose)
        summary(a->in, a->out, &mesh, kind, &res, a->skeleton || !mesh.skeleton ? &skel : mesh.skeleton,
                a->summary, sizeof a->summary);
    if (st == RM_OK && (kind == RM_FORMAT_JOM || kind == RM_FORMAT_C_HEADER)) {
        /* the budget line: printed last, after any number of warnings */
        char line[256];
        rm_convert_budget_line(&res.budget, line, sizeof line);
        rm_diag_add_last(diag, RM_NOTE, "%s: %s", a->out, line);
        if (res.simplify.done) {
            rm_convert_simplify_line(&res.simplify, line, sizeof line);
            rm_diag_add_last(diag, RM_NOTE, "%s: %s", a->out, line);
        }
    }
    rm_convert_result_free(&res);
    rm_skeleton_free(&skel);
    rm_mesh_free(&mesh);
    return st;
}

int rm_cmd_convert(int argc, char **argv)
{
    convert_args a;
    memset(&a, 0, sizeof a);
    rm_convert_options_default(&a.opt);
    rm_gltf_options_default(&a.gltf);
    const char *jom_only = NULL;    /* an option that only a .jom output takes */
    const char *out_dir = NULL;     /* --out-dir CD: every operand is a model */
    /* the operands, told apart once all options are read */
    const char *operands[RM_CONVERT_MAX_INPUTS];
    size_t operand_count = 0;

    enum {
        O_HELP = 1, O_OUT, O_AXES, O_SCALE, O_NO_WELD, O_KEEP_TRI, O_MERGE_TRI, O_SKELETON, O_TEX_DIR,
        O_TEX_OUT, O_EMBED, O_DITHER, O_MAX_TEX, O_SLICE, O_NO_TEX, O_STRICT, O_REBUILD, O_QUIET,
        O_VERBOSE, O_MAX_INPUT, O_C_HEADER, O_C_NAME, O_RIGID, O_KEY_TICKS, O_LOOP, O_ONCE,
        O_MAX_POLYGONS, O_MAX_POINTS, O_ERROR, O_OUT_DIR
    };
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP},
        {"output", 'o', true, O_OUT},
        {"saturn-axes", 0, false, O_AXES},
        {"scale", 0, true, O_SCALE},
        {"no-weld", 0, false, O_NO_WELD},
        {"keep-triangles", 0, false, O_KEEP_TRI},
        {"merge-triangles", 0, false, O_MERGE_TRI},
        {"skeleton", 0, true, O_SKELETON},
        {"texture-dir", 0, true, O_TEX_DIR},
        {"texture-out", 0, true, O_TEX_OUT},
        {"embed-textures", 0, false, O_EMBED},
        {"dither", 0, false, O_DITHER},
        {"max-texture", 0, true, O_MAX_TEX},
        {"slice-textures", 0, false, O_SLICE},
        {"no-textures", 0, false, O_NO_TEX},
        {"strict", 0, false, O_STRICT},
        {"rebuild", 0, false, O_REBUILD},
        {"quiet", 'q', false, O_QUIET},
        {"verbose", 'v', false, O_VERBOSE},
        {"max-input", 0, true, O_MAX_INPUT},
        {"c-header", 0, false, O_C_HEADER},
        {"c-name", 0, true, O_C_NAME},
        {"rigid", 0, false, O_RIGID},
        {"key-ticks", 0, true, O_KEY_TICKS},
        {"loop", 0, true, O_LOOP},
        {"once", 0, true, O_ONCE},
        {"max-polygons", 0, true, O_MAX_POLYGONS},
        {"max-points", 0, true, O_MAX_POINTS},
        {"error", 0, true, O_ERROR},
        {"out-dir", 0, true, O_OUT_DIR},
        {0},
    };
    rm_cli_args p;
    rm_cli_args_init(&p, "convert", opts, argc, argv);
    for (int id; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        const char *value = p.value;
        if (id != RM_CLI_BAD && id != RM_CLI_OPERAND && id != O_HELP && id != O_NO_TEX && id != O_REBUILD &&
            id != O_QUIET && id != O_VERBOSE && id != O_TEX_DIR && id != O_OUT && id != O_MAX_INPUT &&
            id != O_C_HEADER && id != O_C_NAME && id != O_RIGID && id != O_KEY_TICKS && id != O_LOOP &&
            id != O_ONCE && id != O_OUT_DIR)
            for (const rm_cli_option *o = opts; o->id; o++)
                if (o->id == id)
                    jom_only = o->name;
        switch (id) {
        case RM_CLI_BAD:
            return EXIT_USAGE;
        case O_HELP:
            usage(stdout);
            return EXIT_OK;
        case O_AXES: a.opt.saturn_axes = true; break;
        case O_NO_WELD: a.opt.no_weld = true; break;
        case O_KEEP_TRI: a.opt.keep_triangles = true; break;
        case O_MERGE_TRI: a.opt.merge_triangles = true; break;
        case O_EMBED: a.opt.embed_textures = true; break;
        case O_DITHER: a.opt.dither = true; break;
        case O_SLICE: a.opt.slice_textures = true; break;
        case O_REBUILD: a.rebuild = true; break;
        case O_NO_TEX: a.opt.no_textures = true; break;
        case O_STRICT: a.opt.strict = true; break;
        case O_QUIET: a.quiet = true; break;
        case O_VERBOSE: a.verbose = true; break;
        case O_C_HEADER: a.c_header = true; break;
        case O_RIGID:
            a.gltf.rigid = true;
            a.gltf_only = a.gltf_only ? a.gltf_only : "rigid";
            break;
        case O_KEY_TICKS: {
            char *end;
            unsigned long t = strtoul(value, &end, 10);
            if (*value < '0' || *value > '9' || *end != 0 || t < 1 || t > 65535)
                return rm_cli_usage_error("convert",
                                          "--key-ticks takes a whole number of ticks (60 a second) from 1 "
                                          "to 65535, not '%s'",
                                          value);
            a.gltf.key_ticks = (uint16_t)t;
            a.gltf_only = a.gltf_only ? a.gltf_only : "key-ticks";
            break;
        }
        case O_LOOP:
        case O_ONCE: {
            const char *what = id == O_LOOP ? "loop" : "once";
            size_t *n = id == O_LOOP ? &a.gltf.loop_count : &a.gltf.once_count;
            if (!*value)
                return rm_cli_usage_error("convert", "--%s needs the name of an animation", what);
            if (*n >= MAX_ANIM_NAMES)
                return rm_cli_usage_error("convert", "--%s is given more than %d times", what, MAX_ANIM_NAMES);
            (id == O_LOOP ? a.loop : a.once)[(*n)++] = value;
            a.gltf_only = a.gltf_only ? a.gltf_only : what;
            break;
        }
        case O_C_NAME:
            if (!rm_cheader_is_name(value))
                return rm_cli_usage_error("convert",
                                          "--c-name takes a C identifier of 1 to %u characters (A-Z, a-z, "
                                          "0-9, _; not starting with a digit), not '%s'",
                                          RM_CHEADER_NAME_MAX, value);
            if (a.c_name)
                return rm_cli_usage_error("convert", "--c-name is given twice");
            a.c_name = value;
            break;
        case O_TEX_DIR:
            if (!*value)
                return rm_cli_usage_error("convert", "--texture-dir needs a folder");
            a.opt.texture_dir = value;
            break;
        case O_TEX_OUT:
            if (!*value)
                return rm_cli_usage_error("convert", "--texture-out needs a folder");
            a.texture_out = value;
            break;
        case O_SKELETON:
            if (!*value)
                return rm_cli_usage_error("convert", "--skeleton needs a JSON file");
            if (a.skeleton)
                return rm_cli_usage_error("convert", "--skeleton is given twice");
            a.skeleton = value;
            break;
        case O_MAX_TEX:
            if (!parse_size(value, &a.opt.max_texture_width, &a.opt.max_texture_height))
                return rm_cli_usage_error("convert",
                                          "--max-texture takes WxH with W from 8 to 504 and H from 1 "
                                          "to 255 (like 64x64), not '%s'",
                                          value);
            break;
        case O_SCALE: {
            char *end;
            double s = strtod(value, &end);
            if (*value == 0 || *end != 0 || !(s > 0.0) || s > 1e9)
                return rm_cli_usage_error("convert", "--scale takes a number greater than 0, not '%s'", value);
            a.opt.scale = s;
            break;
        }
        case O_MAX_POLYGONS:
        case O_MAX_POINTS: {
            char *end;
            unsigned long n = strtoul(value, &end, 10);
            if (*value < '0' || *value > '9' || *end != 0 || n < 1 || n > 65535)
                return rm_cli_usage_error("convert", "--%s takes a whole number from 1 to 65535, not '%s'",
                                          id == O_MAX_POLYGONS ? "max-polygons" : "max-points", value);
            *(id == O_MAX_POLYGONS ? &a.opt.max_polygons : &a.opt.max_points) = (uint32_t)n;
            break;
        }
        case O_ERROR: {
            /* model units, or "2%": a share of the bounding radius */
            char *end;
            double e = strtod(value, &end);
            bool share = *end == '%';
            if (*value == 0 || *value == '-' || (share ? end[1] != 0 : *end != 0) || !(e > 0.0) ||
                e > (share ? 100.0 : 1e9))
                return rm_cli_usage_error("convert",
                                          "--error takes a distance greater than 0 in model units (0.05) "
                                          "or a share of the model's radius (2%%), not '%s'",
                                          value);
            a.opt.max_error = share ? e / 100.0 : e;
            a.opt.max_error_is_share = share;
            break;
        }
        case O_OUT_DIR:
            if (!*value)
                return rm_cli_usage_error("convert", "--out-dir needs a folder");
            if (out_dir)
                return rm_cli_usage_error("convert", "--out-dir is given twice");
            out_dir = value;
            break;
        case O_MAX_INPUT:
            if (!rm_cli_max_input("convert", value))
                return EXIT_USAGE;
            break;
        case O_OUT:
            if (a.out)
                return rm_cli_usage_error("convert", "the output is given twice");
            if (!*value)
                return rm_cli_usage_error("convert", "-o needs a file name");
            a.out = value;
            break;
        case RM_CLI_OPERAND:
            if (operand_count == RM_CONVERT_MAX_INPUTS)
                return rm_cli_usage_error("convert", "more than %d files: use a project file "
                                          "(retromesh build, docs/build.md)", RM_CONVERT_MAX_INPUTS);
            operands[operand_count++] = value;
            break;
        }
    }
    if (out_dir) {
        /* every operand is a model, into one CD folder */
        if (a.out)
            return rm_cli_usage_error("convert", "--out-dir names the folder: not with -o");
        if (!operand_count)
            return rm_cli_usage_error("convert", "no input file");
        a.jom_only = jom_only;
        return rm_cmd_convert_batch(&a, operands, operand_count, out_dir);
    }
    if (operand_count > 0)
        a.in = operands[0];
    if (operand_count > 1) {
        if (a.out)
            return rm_cli_usage_error("convert", "the output is given twice");
        a.out = operands[1];
    }
    if (operand_count > 2)
        return rm_cli_usage_error("convert", "too many files ('%s'): several models go into a folder with "
                                             "--out-dir CD", operands[2]);
    if (!a.in)
        return rm_cli_usage_error("convert", "no input file");
    if (a.opt.no_textures && (a.opt.embed_textures || a.opt.slice_textures || a.texture_out))
        return rm_cli_usage_error("convert", "--no-textures reads no image: not with --embed-textures, "
                                             "--slice-textures or --texture-out");
    if (a.texture_out && a.opt.embed_textures)
        return rm_cli_usage_error("convert", "--texture-out is for .BIN files; with "
                                             "--embed-textures the textures are in the JOM");
    char *out_owned = NULL;
    if (!a.out) {
        if (!strcmp(a.in, "-"))
            return rm_cli_usage_error("convert", "reading standard input: give OUT ('-' writes the JOM to "
                                                 "standard output)");
        out_owned = rm_fmt_with_ext(a.in, a.c_header ? ".h" : ".jom");
        if (!out_owned)
            return EXIT_IO;
        a.out = out_owned;
    }
    rm_format kind = a.c_header ? RM_FORMAT_C_HEADER : output_kind(a.out);
    a.jom_only = jom_only;

    rm_diag diag;
    rm_diag_init(&diag);
    rm_output_set *set = rm_output_set_new();
    rm_status st = set ? run(&a, kind, set, &diag) : RM_NOMEM;
    rm_output_set_free(set);
    rm_cli_print_diag(&diag, a.quiet, a.verbose ? 0 : 20);
    if (st == RM_OK && a.verbose && a.summary[0])
        fprintf(stderr, "%s\n", a.summary);
    if (st != RM_OK && !a.quiet)
        fprintf(stderr, "retromesh convert: %s: %s, nothing written\n", a.in, rm_status_name(st));
    rm_diag_free(&diag);
    free(out_owned);
    return rm_cli_exit_code(st);
}
