/* fuzz/fuzz_obj_paths.c - libFuzzer target for the file names an OBJ and
   its MTL give: mtllib (resolved against the OBJ's folder, names with
   spaces against the files that exist) and map_Kd (against the MTL's
   folder, then --texture-dir).

   The bytes are OBJ text, optionally followed by "\n---\n" and MTL text
   that is written to work/m.mtl before the run. The OBJ is read as
   work/in.obj of a scratch folder (rm_obj_parse with the libraries
   loaded) and converted (rm_convert_mesh_to_jom_ex, texture_dir tex/),
   which opens every image a material names. The folder holds real files
   for the names to find: work/a.mtl, work/b.png, "work/my box.mtl",
   work/sub/c.mtl (map_Kd ../b.png), work/- , a link to ../outside.mtl, a
   link to itself, a folder named dir.mtl, tex/t.png, outside.mtl. The
   dictionary (fuzz/obj_paths.dict) has the tricks: "../", "//",
   "/dev/zero", "nul", long names, spaces, "-".

   Asserted (abort() otherwise): nothing is written: the listing of the
   scratch folder (names, types, sizes, recursively) is the same after every
   input; reading and converting end with a status (a refusal with a
   message), never a crash, a hang or undefined behaviour. */
#include "fuzz_common.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/fileio.h"
#include "retromesh/retromesh.h"

static char root[64];
static char work[96], obj_path[128], mtl_path[128], tex_dir[96];
static char listing[8192];

static void path(char *buf, size_t size, const char *rel)
{
    snprintf(buf, size, "%s/%s", root, rel);
}

static void put(const char *rel, const void *bytes, size_t n)
{
    char p[192];
    path(p, sizeof p, rel);
    fuzz_write_file(p, bytes, n);
}

/* The folder as it stands (readdir order: an unchanged folder lists the
   same way); m.mtl's size is left out. */
static void list(char *out, size_t size)
{
    fuzz_list_tree(root, "m.mtl", out, size);
}

static void cleanup(void)
{
    fuzz_remove_tree(root, false);
}

static void setup(void)
{
    fuzz_scratch_dir(root, sizeof root, "rm_fuzz_paths_");
    atexit(cleanup);
    snprintf(work, sizeof work, "%s/work", root);
    snprintf(obj_path, sizeof obj_path, "%s/work/in.obj", root);
    snprintf(mtl_path, sizeof mtl_path, "%s/work/m.mtl", root);
    snprintf(tex_dir, sizeof tex_dir, "%s/tex", root);
    char p[192];
    const char *dirs[] = {"work", "work/sub", "work/dir.mtl", "tex"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        path(p, sizeof p, dirs[i]);
        if (mkdir(p, 0755) != 0)
            abort();
    }
    rm_image img;
    if (rm_image_alloc(&img, 8, 8) != RM_OK)
        abort();
    for (size_t i = 0; i < 8 * 8 * 4; i++)
        img.rgba[i] = (uint8_t)(i * 41 | 3);
    uint8_t *png = NULL;
    size_t png_size = 0;
    if (rm_image_encode_png(&img, &png, &png_size, NULL) != RM_OK)
        abort();
    rm_image_free(&img);
    put("work/b.png", png, png_size);
    put("tex/t.png", png, png_size);
    free(png);
    static const char a[] = "newmtl a\nKd 1 0 0\nmap_Kd b.png\nnewmtl t\nmap_Kd t.png\n";
    static const char box[] = "newmtl box\nKd 0 0 1\nmap_Kd -s 1 1 1 b.png\n";
    static const char c[] = "newmtl c\nmap_Kd ../b.png\n";
    static const char outside[] = "newmtl o\nmap_Kd work/b.png\n";
    put("work/a.mtl", a, sizeof a - 1);
    put("work/my box.mtl", box, sizeof box - 1);
    put("work/sub/c.mtl", c, sizeof c - 1);
    put("work/-", a, sizeof a - 1);
    put("outside.mtl", outside, sizeof outside - 1);
    put("work/m.mtl", "", 0);
    path(p, sizeof p, "work/link.mtl");
    if (symlink("../outside.mtl", p) != 0)
        abort();
    path(p, sizeof p, "work/loop.mtl");
    if (symlink("loop.mtl", p) != 0)
        abort();
    list(listing, sizeof listing);
    /* A small input limit: /dev/zero or a huge file must be cut short at
       once, not at the default 1 GiB. */
    rm_file_set_max_bytes(1u << 20);
}

static const char *find_sep(const char *s, size_t n)
{
    static const char sep[] = "\n---\n";
    for (size_t i = 0; i + sizeof sep - 1 <= n; i++)
        if (memcmp(s + i, sep, sizeof sep - 1) == 0)
            return s + i;
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!root[0])
        setup();
    const char *text = (const char *)data;
    const char *sep = find_sep(text, size);
    size_t obj_size = sep ? (size_t)(sep - text) : size;
    if (sep)
        put("work/m.mtl", sep + 5, size - obj_size - 5);

    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 32;
    rm_obj_options oo;
    rm_obj_options_default(&oo);
    rm_mesh mesh;
    rm_status st = rm_obj_parse(text, obj_size, obj_path, &oo, &mesh, &diag);
    if (st == RM_OK) {
        rm_convert_options opt;
        rm_convert_options_default(&opt);
        opt.texture_dir = tex_dir;
        opt.max_texture_width = 8;
        opt.max_texture_height = 8;
        rm_jom_model jom;
        rm_convert_result res;
        rm_convert_result_init(&res);
        st = rm_convert_mesh_to_jom_ex(&mesh, &opt, &jom, &res, &diag);
        if (st == RM_OK)
            rm_jom_free(&jom);
        else if (diag.errors == 0 && st != RM_NOMEM)
            abort();   /* a refusal must say why */
        rm_convert_result_free(&res);
        rm_mesh_free(&mesh);
    } else if (diag.errors == 0 && st != RM_NOMEM) {
        abort();
    }
    rm_diag_free(&diag);
    if (sep)
        put("work/m.mtl", "", 0);
    char now[sizeof listing];
    list(now, sizeof now);
    if (strcmp(now, listing) != 0)
        abort();   /* reading or converting wrote into the folder */
    return 0;
}
