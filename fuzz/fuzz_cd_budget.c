/* fuzz/fuzz_cd_budget.c - libFuzzer target for the CD context
   (retromesh/cd.h) and `retromesh budget` (retromesh/budget.h) over a CD
   folder that is partly hostile.

   The folder (a scratch dir, made once) holds BARREL.JOM and HUT.JOM, a
   model converted here with two textures: WALL.BIN (its .BIN bytes from
   the converter) and FLOOR.TGA (a TGA made here), one material with
   mipmaps and subdivision, one gouraud. The bytes are a flag byte, then
   three blobs each behind a 2-byte big-endian length: LEVEL.JOL, ROOM.JOM
   and the bytes of FLOOR.TGA or WALL.BIN (flag bit 0); an empty blob leaves
   the good file (or none: ROOM.JOM, LEVEL.JOL). The flags also pick the
   context's limits (tiny heap, VRAM, sprite table) and keep_going. Then:
   - rm_cd_open, rm_cd_load_model of ROOM.JOM, BARREL.JOM (for lights),
     hut.jom, a missing name and one with a path; rm_cd_model_texture of
     FLOOR.TGA, the registry, stats, every sprite, a scene from the CD
     drawn at 16x12, frees;
   - rm_budget_level of the JOL and rm_budget_models of the three models,
     each report printed as text and JSON into /dev/null.
   What must hold (abort() otherwise): the sprite table is in id order,
   32-aligned, inside the VRAM area unless keep_going; the stats agree with
   the table; a failed load says why; a report's models match its refs and
   prints as JSON. Never a crash, a leak or undefined behaviour. Nothing is
   written outside the scratch folder. Seeds: fuzz/corpus/cd_budget. */
#include "fuzz_common.h"

#include <string.h>
#include <unistd.h>

#include "retromesh/budget.h"
#include "retromesh/cd.h"
#include "retromesh/convert.h"
#include "retromesh/obj.h"
#include "retromesh/render.h"

static char dir[64];

static void path_of(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/%s", dir, name);
}

static void put(const char *name, const uint8_t *bytes, size_t n)
{
    char p[128];
    path_of(p, sizeof p, name);
    fuzz_write_file(p, bytes, n);
}

static void drop(const char *name)
{
    char p[128];
    path_of(p, sizeof p, name);
    unlink(p);
}

static uint8_t *good_bin, good_tga[18 + 8 * 4 * 3];
static size_t good_bin_size;

static void cleanup(void)
{
    fuzz_remove_tree(dir, false);
    free(good_bin);
}

/* A textured model, converted as `retromesh convert` does. */
static void make_model(void)
{
    static const char obj[] = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 2 0 0\nv 2 1 0\n"
                              "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
                              "g body\nusemtl wall\nf 1/1 2/2 3/3 4/4\n"
                              "g arm\nusemtl floor\nf 2/1 5/2 6/3 3/4\nusemtl shade\nf 1 5 6\n";
    rm_obj_options oo;
    rm_obj_options_default(&oo);
    oo.load_materials = false;
    rm_diag diag;
    rm_diag_init(&diag);
    rm_mesh mesh;
    if (rm_obj_parse(obj, sizeof obj - 1, "model.obj", &oo, &mesh, &diag) != RM_OK || mesh.material_count != 3)
        abort();
    for (size_t m = 0; m < 2; m++) {
        rm_mesh_material *mt = &mesh.materials[m];
        mt->map_kd = malloc(16);
        mt->map_kd_rgba = malloc(16 * 8 * 4);
        if (!mt->map_kd || !mt->map_kd_rgba)
            abort();
        snprintf(mt->map_kd, 16, "%s", m ? "floor.png" : "wall.png");
        mt->map_kd_width = 16;
        mt->map_kd_height = 8;
        for (size_t i = 0; i < 16 * 8 * 4; i++)
            mt->map_kd_rgba[i] = (uint8_t)(i * 37 + m * 11);
        if (m == 1)
            mt->jo_flags = RM_MAT_MIPMAPS | RM_MAT_SUBDIVISION;
    }
    mesh.materials[2].jo_flags = RM_MAT_GOURAUD;
    rm_convert_options opt;
    rm_convert_options_default(&opt);
    rm_jom_model jom;
    rm_convert_result res;
    rm_convert_result_init(&res);
    if (rm_convert_mesh_to_jom_ex(&mesh, &opt, &jom, &res, &diag) != RM_OK || jom.texture_count != 2 ||
        res.texture_count != 2 || !res.textures[0].bin)
        abort();
    /* The second texture as a TGA file of the CD. */
    snprintf(jom.textures[1], sizeof jom.textures[1], "FLOOR.TGA");
    uint8_t *bytes = NULL;
    size_t n = 0;
    if (rm_jom_write(&jom, &bytes, &n, &diag) != RM_OK)
        abort();
    put("BARREL.JOM", bytes, n);
    put("HUT.JOM", bytes, n);
    free(bytes);
    good_bin_size = res.textures[0].bin_size;
    good_bin = malloc(good_bin_size);
    if (!good_bin)
        abort();
    memcpy(good_bin, res.textures[0].bin, good_bin_size);
    if (strcmp(res.textures[0].name, "WALL.BIN") != 0)
        abort();
    rm_convert_result_free(&res);
    rm_jom_free(&jom);
    rm_mesh_free(&mesh);
    rm_diag_free(&diag);

    /* An uncompressed 24-bit TGA, 8 x 4, bottom-up. */
    memset(good_tga, 0, 18);
    good_tga[2] = 2;
    good_tga[12] = 8;
    good_tga[14] = 4;
    good_tga[16] = 24;
    for (size_t i = 18; i < sizeof good_tga; i++)
        good_tga[i] = (uint8_t)(i * 53);
}

static void setup(void)
{
    fuzz_scratch_dir(dir, sizeof dir, "rm_fuzz_cd_");
    atexit(cleanup);
    make_model();
}

/* A blob behind its 2-byte length (cut to what is left). */
static const uint8_t *blob(const uint8_t **p, const uint8_t *end, size_t *n)
{
    if (end - *p < 2) {
        *n = 0;
        return *p;
    }
    size_t len = (size_t)(*p)[0] << 8 | (*p)[1];
    *p += 2;
    if (len > (size_t)(end - *p))
        len = (size_t)(end - *p);
    const uint8_t *b = *p;
    *p += len;
    *n = len;
    return b;
}

static void check_table(const rm_cd *cd, bool keep_going)
{
    rm_cd_stats st;
    rm_cd_get_stats(cd, &st);
    int count = rm_cd_sprite_count(cd);
    if (count < 0 || st.sprites != (uint32_t)count || st.sprites_peak < st.sprites)
        abort();
    if (!keep_going && (st.sprites > st.max_sprites || st.vram_used > (uint64_t)st.vram_end - st.vram_start ||
                        st.heap_used > st.heap_size))
        abort();   /* past a limit without keep_going */
    uint32_t end = st.vram_start;
    for (int id = 0; id < count; id++) {
        const rm_cd_sprite *s = rm_cd_sprite_at(cd, id);
        if (!s || s->id != id || s->address % RM_CD_VRAM_ALIGN || s->address < end || s->reserved < s->bytes ||
            s->reserved % RM_CD_VRAM_ALIGN || (s->parent >= id))
            abort();
        if (!keep_going && s->address + s->reserved > st.vram_end)
            abort();
        end = s->address + s->reserved;
        (void)rm_cd_sprite_kind_name(s->kind);
    }
    if (rm_cd_sprite_at(cd, count) || rm_cd_sprite_at(cd, -1))
        abort();
}

static int load(rm_cd *cd, const char *name, bool lights, rm_diag *diag)
{
    size_t errors = diag->errors;
    int h = rm_cd_load_model(cd, name, lights, diag);
    const rm_cd_error *e = rm_cd_last_error(cd);
    if (h < 0 ? (e->kind == RM_CD_ERR_NONE || (diag->errors == errors && e->kind != RM_CD_ERR_NOMEM))
              : (e->kind != RM_CD_ERR_NONE || !rm_cd_model(cd, h)))
        abort();   /* a failure must say why; a success must leave no error */
    return h;
}

static void run_cd(uint8_t flags)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 32;
    rm_cd_options opt;
    rm_cd_options_default(&opt);
    opt.keep_going = flags & 2;
    if (flags & 4)
        opt.heap_size = 700;
    if (flags & 8)
        opt.vram_end = opt.vram_start + 600;
    if (flags & 16)
        opt.max_sprites = 3;
    rm_cd *cd = rm_cd_open(dir, &opt, &diag);
    if (!cd)
        abort();
    int start = rm_cd_sprite_count(cd);
    int room = load(cd, "room.jom", false, &diag);
    int barrel = load(cd, "BARREL.JOM", true, &diag);
    int hut = load(cd, "hut.jom", (flags & 32) != 0, &diag);
    if (load(cd, "NONE.JOM", false, &diag) >= 0 || load(cd, "../HUT.JOM", false, &diag) >= 0)
        abort();
    (void)rm_cd_model_texture(cd, "FLOOR.TGA", &diag);
    (void)rm_cd_model_texture(cd, "wall.bin", &diag);
    (void)rm_cd_loaded_texture(cd, "WALL.BIN");
    check_table(cd, opt.keep_going);
    int handles[3] = {room, barrel, hut};
    for (int i = 0; i < 3; i++) {
        if (handles[i] < 0)
            continue;
        const rm_cd_model_info *info = rm_cd_model(cd, handles[i]);
        for (uint32_t t = 0; t < info->texture_count; t++)
            if (info->textures[t].sprite >= rm_cd_sprite_count(cd))
                abort();
        size_t n = 0;
        if (!rm_cd_model_bytes(cd, handles[i], &n) || !rm_cd_model_jom(cd, handles[i]) ||
            !rm_cd_model_runtime(cd, handles[i]))
            abort();
        rm_render_scene scene;
        rm_render_scene_init(&scene);
        if (rm_render_scene_from_cd(cd, handles[i], &scene, &diag) == RM_OK) {
            rm_render_options ro;
            rm_render_options_default(&ro);
            ro.width = 16;
            ro.height = 12;
            uint16_t fb[16 * 12];
            (void)rm_render_frame(&scene, NULL, 0, &ro, fb);
        }
        rm_render_scene_free(&scene);
    }
    rm_cd_free_model(cd, barrel);
    rm_cd_free_model(cd, barrel);   /* twice: ignored */
    if (rm_cd_free_textures_from(cd, -1) != RM_USAGE)
        abort();
    (void)rm_cd_free_textures_from(cd, start + (flags >> 6));
    check_table(cd, opt.keep_going);
    rm_cd_close(cd);
    rm_diag_free(&diag);
}

static void check_report(const rm_budget_report *r)
{
    for (size_t i = 0; i < r->model_count; i++)
        if (r->models[i].missing && r->models[i].polygons)
            abort();
    if (r->level && r->refs.file_count != r->model_count)
        abort();   /* a level's report lists each file its refs name */
    rm_budget_print_text(r, fuzz_null_file());
    if (rm_budget_print_json(r, fuzz_null_file()) != RM_OK)
        abort();
    char line[256];
    for (int i = 0; i < 5; i++)
        (void)rm_budget_over_line(r, i, line, sizeof line);
}

static void run_budget(const uint8_t *jol, size_t jol_size, bool have_jol)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 32;
    rm_budget_options opt;
    rm_budget_options_default(&opt);
    rm_budget_report rep;
    if (have_jol) {
        rm_status st = rm_budget_level(jol, jol_size, "LEVEL.JOL", dir, &opt, &rep, &diag);
        if (st == RM_OK) {
            check_report(&rep);
            rm_budget_report_free(&rep);
        } else if (diag.errors == 0 && st != RM_NOMEM) {
            abort();
        }
    }
    static const char *const models[] = {"ROOM.JOM", "barrel.jom", "HUT.JOM", "GONE.JOM"};
    opt.heap_bytes = 4000;
    if (rm_budget_models(models, 4, dir, &opt, &rep, &diag) == RM_OK) {
        check_report(&rep);
        rm_budget_report_free(&rep);
    }
    rm_diag_free(&diag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0])
        setup();
    if (size < 1)
        return 0;
    uint8_t flags = data[0];
    const uint8_t *p = data + 1, *end = data + size;
    size_t jol_n, jom_n, tex_n;
    const uint8_t *jol = blob(&p, end, &jol_n);
    const uint8_t *jom = blob(&p, end, &jom_n);
    const uint8_t *tex = blob(&p, end, &tex_n);
    if (jol_n)
        put("LEVEL.JOL", jol, jol_n);
    else
        drop("LEVEL.JOL");
    if (jom_n)
        put("ROOM.JOM", jom, jom_n);
    else
        drop("ROOM.JOM");
    put("WALL.BIN", good_bin, good_bin_size);
    put("FLOOR.TGA", good_tga, sizeof good_tga);
    if (tex_n)
        put(flags & 1 ? "FLOOR.TGA" : "WALL.BIN", tex, tex_n);
    run_cd(flags);
    run_budget(jol, jol_n, jol_n != 0);
    return 0;
}
