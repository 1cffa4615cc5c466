/* tools/cmd_oni.c - retromesh oni list|hash|export: Oni level data files
   (levelN_Final.dat) and their M3GM geometries. Formats: docs/oni.md. */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "core/alloc.h"
#include "retromesh/oni.h"

static void usage(FILE *out)
{
    fputs("usage: retromesh oni list GAME_OR_FILE [--tag TAG]\n"
          "       retromesh oni hash GAME_DIR\n"
          "       retromesh oni export GAME_OR_FILE (--obj DIR | --jom DIR | --png DIR) [NAMES...]\n"
          "\n"
          "Oni (2001) level data files. GAME_DIR is a folder holding levelN_Final.dat files\n"
          "(GameDataFolder); they are read in level order.\n"
          "\n"
          "  list      every instance: file, index, tag, name (- when unnamed), data size\n"
          "            (placeholder when its data is in another file), and the links of geometries\n"
          "  hash      decode every geometry and print one line per geometry, one per level, then\n"
          "            all: hash=XXXXXXXX (the line format is in docs/oni.md)\n"
          "  export    one OBJ (+ MTL naming the texture), JOM or flat-shaded PNG preview per\n"
          "            geometry; NAMES are shell\n"
          "            patterns matched against the full name (M3GMdoor_1_0), the name without its\n"
          "            tag (door_1_0) or, for unnamed geometries, levelN_INDEX; none means all\n"
          "  --tag TAG   list: only instances with this tag (M3GM)\n"
          "  --scale S   export --jom/--png: multiply the coordinates by S (default 1)\n"
          "  --max-input SIZE  read files of up to SIZE bytes (K, M, G: 1024-based; default 1G)\n"
          "\n"
          "export: file names keep letters, digits, '_', '-' and '.'; a name that had to be changed\n"
          "or shortened (at most 255 bytes) ends with -XXXXXXXX, the CRC-32 of the whole name.\n"
          "DIR is made and the files written at the end: none after an I/O error.\n"
          "\n"
          "Exit status: 0 success, 1 invalid input (some geometry or file refused), 2 usage\n"
          "error, 3 I/O error.\n",
          out);
}

/* ---- Files of a game folder ------------------------------------------ */

typedef struct level_file {
    char *path;
    int level;
    uint8_t *data;
    size_t size;
    rm_oni_file file;
    bool open;
} level_file;

typedef struct game {
    size_t count, cap;
    level_file *files;
} game;

static int by_level(const void *a, const void *b)
{
    const level_file *x = a, *y = b;
    return (x->level > y->level) - (x->level < y->level);
}

static void game_free(game *g)
{
    for (size_t i = 0; i < g->count; i++) {
        if (g->files[i].open)
            rm_oni_close(&g->files[i].file);
        free(g->files[i].data);
        free(g->files[i].path);
    }
    free(g->files);
    memset(g, 0, sizeof *g);
}

static char *join(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    char *p = malloc(a + b + 2);
    if (p) {
        memcpy(p, dir, a);
        p[a] = '/';
        memcpy(p + a + 1, name, b + 1);
    }
    return p;
}

/* Takes `path` (NULL: out of memory). */
static bool push_file(game *g, char *path, int level)
{
    if (!path || !rm_grow((void **)&g->files, &g->cap, g->count + 1, sizeof *g->files)) {
        free(path);
        return false;
    }
    level_file *n = &g->files[g->count++];
    memset(n, 0, sizeof *n);
    n->path = path;
    n->level = level;
    return true;
}

/* The level files of a folder (levelN_Final.dat, by N), or one file. */
static rm_status game_find(const char *path, bool folder_only, game *g, rm_diag *diag)
{
    memset(g, 0, sizeof *g);
    struct stat sb;
    if (stat(path, &sb) != 0) {
        rm_diag_add(diag, RM_ERROR, "%s: error: %s", path, strerror(errno));
        return RM_IO;
    }
    if (!S_ISDIR(sb.st_mode)) {
        if (folder_only) {
            rm_diag_add(diag, RM_ERROR, "%s: error: not a folder (give the game's GameDataFolder)", path);
            return RM_USAGE;
        }
        int level = rm_oni_level_number(path);
        return push_file(g, rm_strdup(path), level < 0 ? 0 : level) ? RM_OK : RM_NOMEM;
    }
    DIR *d = opendir(path);
    if (!d) {
        rm_diag_add(diag, RM_ERROR, "%s: error: %s", path, strerror(errno));
        return RM_IO;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int level = rm_oni_level_number(e->d_name);
        if (level < 0)
            continue;
        if (!push_file(g, join(path, e->d_name), level)) {
            closedir(d);
            game_free(g);
            return RM_NOMEM;
        }
    }
    closedir(d);
    if (g->count == 0) {
        rm_diag_add(diag, RM_ERROR, "%s: error: no levelN_Final.dat file in this folder", path);
        return RM_INVALID;
    }
    qsort(g->files, g->count, sizeof g->files[0], by_level);
    return RM_OK;
}

static rm_status level_open(level_file *f, rm_diag *diag)
{
    rm_status st = rm_file_read(f->path, &f->data, &f->size, diag);
    if (st != RM_OK)
        return st;
    st = rm_oni_open(f->data, f->size, f->path, &f->file, diag);
    f->open = st == RM_OK;
    return st;
}

/* ---- Progress bar (stderr, only on a terminal) ------------------------ */

static void progress(bool on, size_t done, size_t total, const char *what)
{
    if (!on || total == 0)
        return;
    char bar[31];
    size_t fill = done * 30 / total;
    for (size_t i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[30] = 0;
    const char *base = strrchr(what, '/');
    fprintf(stderr, "\r[%s] %zu/%zu %-24.24s", bar, done, total, base ? base + 1 : what);
    if (done == total)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}

/* ---- list ------------------------------------------------------------- */

static const char *const geometry_links[8] = {"points",  "vertex_normals",      "face_normals", "uvs",
                                               "strips", "face_normal_indexes", "texture",      "spare"};

static void list_file(const level_file *lf, uint32_t tag, FILE *out)
{
    const rm_oni_file *f = &lf->file;
    const char *base = strrchr(lf->path, '/');
    base = base ? base + 1 : lf->path;
    for (uint32_t i = 0; i < f->instance_count; i++) {
        const rm_oni_instance *x = &f->instances[i];
        if (tag && x->tag != tag)
            continue;
        fprintf(out, "%s %u %s %s", base, (unsigned)i, x->tag_text, x->name ? x->name : "-");
        if (!x->has_data) {
            fputs(" placeholder\n", out);
            continue;
        }
        fprintf(out, " %u", (unsigned)x->size);
        if (x->tag == RM_ONI_TAG_M3GM) {
            for (uint32_t k = 0; k < 8; k++) {
                bool ok;
                uint32_t v = rm_oni_u32(f, i, 4 + 4 * k, &ok);
                if (!ok)
                    break;
                if (v == 0)
                    continue;
                uint32_t t = v >> 8;
                if ((v & 0xFF) != 1 || t >= f->instance_count)
                    fprintf(out, " %s=bad(0x%08x)", geometry_links[k], (unsigned)v);
                else if (!f->instances[t].has_data)
                    fprintf(out, " %s=%u(external:%s)", geometry_links[k], (unsigned)t,
                            f->instances[t].name ? f->instances[t].name : "?");
                else
                    fprintf(out, " %s=%u", geometry_links[k], (unsigned)t);
            }
        }
        fputc('\n', out);
    }
}

enum { O_HELP = 1, O_MAX_INPUT, O_TAG, O_OBJ, O_JOM, O_PNG, O_SCALE };

/* The options every subcommand takes; false when the run ends (*code). */
static bool common_option(const char *cmd, int id, const char *value, int *code)
{
    if (id == RM_CLI_BAD) {
        *code = EXIT_USAGE;
        return false;
    }
    if (id == O_HELP) {
        usage(stdout);
        *code = EXIT_OK;
        return false;
    }
    if (id == O_MAX_INPUT && !rm_cli_max_input(cmd, value)) {
        *code = EXIT_USAGE;
        return false;
    }
    return true;
}

static int cmd_list(int argc, char **argv)
{
    static const rm_cli_option opts[] = {{"help", 'h', false, O_HELP},
                                         {"max-input", 0, true, O_MAX_INPUT},
                                         {"tag", 0, true, O_TAG},
                                         {0}};
    const char *path = NULL, *tag_text = NULL;
    rm_cli_args p;
    rm_cli_args_init(&p, "oni list", opts, argc, argv);
    for (int id, code; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        if (!common_option("oni list", id, p.value, &code))
            return code;
        if (id == O_TAG) {
            tag_text = p.value;
        } else if (id == RM_CLI_OPERAND) {
            if (path)
                return rm_cli_usage_error("oni list", "list takes one game folder or file");
            path = p.value;
        }
    }
    if (!path)
        return rm_cli_usage_error("oni", "list needs a game folder or a level file");
    uint32_t tag = 0;
    if (tag_text) {
        if (strlen(tag_text) != 4)
            return rm_cli_usage_error("oni", "--tag takes four characters (M3GM)");
        tag = RM_ONI_TAG(tag_text[0], tag_text[1], tag_text[2], tag_text[3]);
    }
    rm_diag diag;
    rm_diag_init(&diag);
    game g;
    rm_status st = game_find(path, false, &g, &diag);
    for (size_t i = 0; st == RM_OK && i < g.count; i++) {
        st = level_open(&g.files[i], &diag);
        if (st == RM_OK) {
            list_file(&g.files[i], tag, stdout);
            rm_oni_close(&g.files[i].file);
            g.files[i].open = false;
            free(g.files[i].data);
            g.files[i].data = NULL;
        }
    }
    game_free(&g);
    rm_cli_print_diag(&diag, false, 0);
    rm_diag_free(&diag);
    return rm_cli_exit_code(st);
}

/* ---- hash ------------------------------------------------------------- */

static int cmd_hash(int argc, char **argv)
{
    static const rm_cli_option opts[] = {
        {"help", 'h', false, O_HELP}, {"max-input", 0, true, O_MAX_INPUT}, {0}};
    const char *folder = NULL;
    rm_cli_args p;
    rm_cli_args_init(&p, "oni hash", opts, argc, argv);
    for (int id, code; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        if (!common_option("oni hash", id, p.value, &code))
            return code;
        if (id == RM_CLI_OPERAND) {
            if (folder)
                return rm_cli_usage_error("oni hash", "hash takes one game folder");
            folder = p.value;
        }
    }
    if (!folder)
        return rm_cli_usage_error("oni hash", "hash takes one game folder");
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 100;
    game g;
    rm_status st = game_find(folder, true, &g, &diag);
    rm_status worst = st;
    bool bar = isatty(2);
    uint32_t all = 0;
    char line[512];
    for (size_t i = 0; st == RM_OK && i < g.count; i++) {
        level_file *lf = &g.files[i];
        progress(bar, i, g.count, lf->path);
        rm_status fs = level_open(lf, &diag);
        if (fs != RM_OK) {
            worst = fs == RM_NOMEM || fs == RM_IO ? fs : (worst == RM_OK ? fs : worst);
            if (fs == RM_NOMEM || fs == RM_IO)
                break;
            continue;
        }
        uint32_t level_crc = 0;
        unsigned long count = 0;
        for (uint32_t k = 0; k < lf->file.instance_count; k++) {
            const rm_oni_instance *x = &lf->file.instances[k];
            if (x->tag != RM_ONI_TAG_M3GM || !x->has_data)
                continue;
            rm_oni_geometry geo;
            rm_status gs = rm_oni_geometry_decode(&lf->file, k, &geo, &diag);
            if (gs != RM_OK) {
                if (worst == RM_OK)
                    worst = gs;
                continue;
            }
            int n = rm_oni_hash_line(&geo, lf->level, line, sizeof line - 1);
            rm_oni_geometry_free(&geo);
            size_t len = (size_t)n < sizeof line - 2 ? (size_t)n : sizeof line - 2;
            line[len] = '\n';
            fwrite(line, 1, len + 1, stdout);
            level_crc = rm_oni_crc32(level_crc, line, len + 1);
            all = rm_oni_crc32(all, line, len + 1);
            count++;
        }
        int n = snprintf(line, sizeof line, "level%d: geometries=%lu hash=%08x\n", lf->level, count,
                         (unsigned)level_crc);
        fputs(line, stdout);
        all = rm_oni_crc32(all, line, (size_t)n);
        rm_oni_close(&lf->file);
        lf->open = false;
        free(lf->data);
        lf->data = NULL;
    }
    progress(bar, g.count, g.count, "");
    if (st == RM_OK)
        printf("all: hash=%08x\n", (unsigned)all);
    game_free(&g);
    rm_cli_print_diag(&diag, false, 0);
    rm_diag_free(&diag);
    return rm_cli_exit_code(worst);
}

/* ---- export ----------------------------------------------------------- */

static bool name_matches(int npat, char **pats, const char *full, const char *shortname, const char *label)
{
    if (npat == 0)
        return true;
    for (int i = 0; i < npat; i++) {
        if (full && fnmatch(pats[i], full, 0) == 0)
            return true;
        if (shortname && fnmatch(pats[i], shortname, 0) == 0)
            return true;
        if (fnmatch(pats[i], label, 0) == 0)
            return true;
    }
    return false;
}

/* DIR/BASE.EXT staged in the export's output set (written at its commit). */
static rm_status write_text(const char *dir, const char *base, const char *ext, const void *text, size_t n,
                            rm_output_set *set, rm_diag *diag)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s", dir, base, ext);
    return rm_output_add(set, path, text, n, diag);
}

enum { OUT_OBJ, OUT_JOM, OUT_PNG };

/* A flat-shaded preview: the mesh converted as for --jom with its material
   lit (the renderer's `light` flag: one level per polygon from its normal
   and one light) on a mid gray (60%: the light adds level - 16 to each
   channel, which white would clamp away), drawn at 320x240 from yaw 30,
   pitch 20. */
static rm_status write_png(const rm_jom_model *model, const char *base, const char *dir, rm_output_set *set,
                           rm_diag *diag)
{
    rm_render_scene scene;
    rm_status st = rm_render_scene_from_jom(model, base, NULL, &scene, diag);
    if (st != RM_OK)
        return st;
    rm_render_options opt;
    rm_render_options_default(&opt);
    opt.yaw = 30.0;
    opt.pitch = 20.0;
    uint16_t *fb = malloc((size_t)opt.width * opt.height * sizeof *fb);
    if (!fb) {
        rm_render_scene_free(&scene);
        return RM_NOMEM;
    }
    st = rm_render_frame(&scene, NULL, 0, &opt, fb);
    rm_image img;
    if (st == RM_OK)
        st = rm_render_to_image(fb, opt.width, opt.height, 1, &img);
    if (st == RM_OK) {
        uint8_t *png = NULL;
        size_t n = 0;
        st = rm_image_encode_png(&img, &png, &n, diag);
        if (st == RM_OK)
            st = write_text(dir, base, ".png", png, n, set, diag);
        free(png);
        rm_image_free(&img);
    }
    free(fb);
    rm_render_scene_free(&scene);
    return st;
}

static rm_status export_one(const rm_oni_geometry *geo, const char *base, const char *dir, int kind,
                            double scale, rm_output_set *set, rm_diag *diag)
{
    rm_mesh mesh;
    rm_status st = rm_oni_geometry_to_mesh(geo, base, &mesh, diag);
    if (st != RM_OK)
        return st;
    if (kind == OUT_PNG || kind == OUT_JOM) {
        /* A picture is lit. The VDP1's light adds (level - 16) to each
           channel: on white, the lit faces all clamp to white. A mid gray
           leaves room both ways. */
        for (size_t i = 0; kind == OUT_PNG && i < mesh.material_count; i++) {
            mesh.materials[i].jo_flags |= RM_MAT_LIGHT;
            mesh.materials[i].kd[0] = mesh.materials[i].kd[1] = mesh.materials[i].kd[2] = 0.6;
            mesh.materials[i].has_kd = true;
        }
        rm_convert_options opt;
        rm_convert_options_default(&opt);
        opt.scale = scale;
        rm_jom_model model;
        st = rm_convert_mesh_to_jom(&mesh, &opt, &model, diag);
        if (st == RM_OK && kind == OUT_PNG) {
            st = write_png(&model, base, dir, set, diag);
        } else if (st == RM_OK) {
            uint8_t *bytes = NULL;
            size_t n = 0;
            st = rm_jom_write(&model, &bytes, &n, diag);
            if (st == RM_OK)
                st = write_text(dir, base, ".jom", bytes, n, set, diag);
            free(bytes);
        }
        rm_jom_free(&model);   /* the converter initializes it, even when it fails */
    } else {
        char *obj, *mtl;
        size_t obj_n, mtl_n;
        char mtllib[RM_ONI_FILE_NAME_MAX + 8];
        snprintf(mtllib, sizeof mtllib, "%s.mtl", base);
        st = rm_obj_write(&mesh, mtllib, geo->name ? geo->name : base, &obj, &obj_n, &mtl, &mtl_n);
        if (st == RM_OK) {
            st = write_text(dir, base, ".obj", obj, obj_n, set, diag);
            /* The MTL names the texture: its material is the texture's name,
               and a comment gives the instance (external: in level0). */
            char head[300];
            int hn = snprintf(head, sizeof head, "# texture: %s%s\n",
                              geo->texture_name ? geo->texture_name : "none (link 0)",
                              geo->texture_external ? " (placeholder: its data is in level0)" : "");
            size_t total = (size_t)hn + mtl_n;
            char *both = malloc(total + 1);
            if (st == RM_OK && both) {
                memcpy(both, head, (size_t)hn);
                if (mtl_n)
                    memcpy(both + hn, mtl, mtl_n);
                st = write_text(dir, base, ".mtl", both, total, set, diag);
            } else if (!both) {
                st = RM_NOMEM;
            }
            free(both);
            free(obj);
            free(mtl);
        }
    }
    rm_mesh_free(&mesh);
    return st;
}

static int cmd_export(int argc, char **argv)
{
    const char *path = NULL, *obj_dir = NULL, *jom_dir = NULL, *scale_text = NULL, *png_dir = NULL;
    char **pats = malloc((size_t)argc * sizeof *pats);
    int npat = 0;
    if (!pats)
        return EXIT_IO;
    static const rm_cli_option opts[] = {{"help", 'h', false, O_HELP},
                                         {"max-input", 0, true, O_MAX_INPUT},
                                         {"obj", 0, true, O_OBJ},
                                         {"jom", 0, true, O_JOM},
                                         {"png", 0, true, O_PNG},
                                         {"scale", 0, true, O_SCALE},
                                         {0}};
    rm_cli_args p;
    rm_cli_args_init(&p, "oni export", opts, argc, argv);
    for (int id, code; (id = rm_cli_next(&p)) != RM_CLI_DONE;) {
        if (!common_option("oni export", id, p.value, &code)) {
            free(pats);
            return code;
        }
        switch (id) {
        case O_OBJ: obj_dir = p.value; break;
        case O_JOM: jom_dir = p.value; break;
        case O_PNG: png_dir = p.value; break;
        case O_SCALE: scale_text = p.value; break;
        case RM_CLI_OPERAND:
            if (!path)
                path = p.value;
            else
                pats[npat++] = (char *)p.value;
            break;
        }
    }
    if (!path || (obj_dir != NULL) + (jom_dir != NULL) + (png_dir != NULL) != 1) {
        free(pats);
        return rm_cli_usage_error("oni", "export needs a game folder or file and one of --obj DIR, --jom DIR, --png DIR");
    }
    int kind = obj_dir ? OUT_OBJ : jom_dir ? OUT_JOM : OUT_PNG;
    double scale = 1.0;
    if (scale_text) {
        char *end;
        scale = strtod(scale_text, &end);
        if (*end || !(scale > 0)) {
            free(pats);
            return rm_cli_usage_error("oni", "--scale takes a positive number");
        }
    }
    const char *dir = obj_dir ? obj_dir : jom_dir ? jom_dir : png_dir;
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 200;
    /* One output set: the folder is made and every file renamed into place
       at the end, so a failed run leaves no empty folder and no half. */
    rm_output_set *set = rm_output_set_new();
    if (!set || rm_output_add_dir(set, dir, &diag) != RM_OK) {
        rm_output_set_free(set);
        rm_cli_print_diag(&diag, false, 0);
        rm_diag_free(&diag);
        free(pats);
        return set ? EXIT_USAGE : EXIT_IO;
    }
    game g;
    rm_status st = game_find(path, false, &g, &diag), worst = st;
    /* Names already written in this run: a second geometry of the same name
       (in a later level) gets its level as a prefix. */
    size_t written_n = 0, written_cap = 0;
    char **written = NULL;
    unsigned long count = 0;
    for (size_t i = 0; st == RM_OK && i < g.count; i++) {
        level_file *lf = &g.files[i];
        rm_status fs = rm_output_add_input(set, lf->path);
        if (fs == RM_OK)
            fs = level_open(lf, &diag);
        if (fs != RM_OK) {
            if (worst == RM_OK)
                worst = fs;
            continue;
        }
        for (uint32_t k = 0; k < lf->file.instance_count; k++) {
            const rm_oni_instance *x = &lf->file.instances[k];
            if (x->tag != RM_ONI_TAG_M3GM || !x->has_data)
                continue;
            char label[64], base[RM_ONI_FILE_NAME_MAX + 1];
            snprintf(label, sizeof label, "level%d_%u", lf->level, (unsigned)k);
            const char *shortname = x->name && strlen(x->name) > 4 ? x->name + 4 : NULL;
            if (!name_matches(npat, pats, x->name, shortname, label))
                continue;
            /* a safe file name, shortened to leave room for ".obj" */
            const char *name = shortname ? shortname : label;
            rm_oni_file_name(name, 4, base, sizeof base);
            for (size_t w = 0; w < written_n; w++)
                if (strcmp(written[w], base) == 0) {
                    size_t pn = strlen(name) + 32;
                    char *prefixed = malloc(pn);
                    if (!prefixed) {
                        worst = RM_NOMEM;
                        break;
                    }
                    snprintf(prefixed, pn, "level%d_%s", lf->level, name);
                    rm_oni_file_name(prefixed, 4, base, sizeof base);
                    free(prefixed);
                    break;
                }
            rm_oni_geometry geo;
            rm_status gs = rm_oni_geometry_decode(&lf->file, k, &geo, &diag);
            if (gs == RM_OK) {
                gs = export_one(&geo, base, dir, kind, scale, set, &diag);
                rm_oni_geometry_free(&geo);
            }
            if (gs != RM_OK) {
                if (worst == RM_OK || gs == RM_IO || gs == RM_NOMEM)
                    worst = gs;
                continue;
            }
            count++;
            if (!rm_grow((void **)&written, &written_cap, written_n + 1, sizeof *written)) {
                worst = RM_NOMEM;
                break;
            }
            written[written_n] = rm_strdup(base);
            if (written[written_n])
                written_n++;
        }
        rm_oni_close(&lf->file);
        lf->open = false;
    }
    if (st == RM_OK && count == 0 && npat > 0 && worst == RM_OK) {
        rm_diag_add(&diag, RM_ERROR, "%s: error: no geometry matches the names given", path);
        worst = RM_INVALID;
    }
    /* The files exported: renamed into place together (a geometry refused
       does not stop the others: exit 1 says some were); nothing at all
       after an I/O error, and no folder when there is nothing to write. */
    if (count > 0 && worst != RM_IO && worst != RM_NOMEM && worst != RM_USAGE) {
        rm_status cs = rm_output_commit(set, &diag);
        if (cs != RM_OK)
            worst = cs;
    }
    rm_output_set_free(set);
    for (size_t w = 0; w < written_n; w++)
        free(written[w]);
    free(written);
    game_free(&g);
    rm_cli_print_diag(&diag, false, 20);
    rm_diag_free(&diag);
    free(pats);
    if (worst == RM_OK)
        fprintf(stderr, "retromesh: %lu geometries written to %s\n", count, dir);
    return rm_cli_exit_code(worst);
}

int rm_cmd_oni(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
        usage(stdout);
        return EXIT_OK;
    }
    static const char *const subs[] = {"list", "hash", "export"};
    int (*const run[])(int, char **) = {cmd_list, cmd_hash, cmd_export};
    for (size_t i = 0; i < 3; i++)
        if (!strcmp(sub, subs[i]))
            return run[i](argc - 1, argv + 1);
    const char *near = rm_cli_nearest(sub, subs, 3);
    if (near)
        return rm_cli_usage_error("oni", "unknown subcommand '%s'; did you mean '%s'?", sub, near);
    return rm_cli_usage_error("oni", "unknown subcommand '%s' (list, hash, export)", sub);
}
