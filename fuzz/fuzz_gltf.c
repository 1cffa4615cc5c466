/* fuzz/fuzz_gltf.c - libFuzzer target for the glTF 2.0 reader (JSON and
   GLB, told apart by their content) and what the converter makes of it,
   the rigid skeleton included.

   The bytes are read by rm_gltf_read_memory as work/model.gltf of a
   scratch folder, so that relative URIs find real files there:
     work/a.bin        184 bytes (layout in make_buffer(): a quad's
                       positions, normals, UVs, u16 indices, then two
                       animation times and two rotations)
     work/sub/b.bin, "work/my file.bin"   copies of a.bin
     work/t.png        an 8x8 RGBA PNG
     work/dir.bin      a folder
     work/link.bin     a link to ../outside.bin (outside the glTF's folder)
     work/loop.bin     a link to itself
     work/zero.bin     a link to /dev/zero (cut short by the 1 MiB limit)
     outside.bin       a copy of a.bin that only "../" would name
   Seeds: fuzz/corpus/gltf (they name these files); dictionary:
   fuzz/gltf.dict. A model that reads is converted to a JOM in memory
   (rm_convert_mesh_to_jom: embedded textures of at most 8x8, nothing
   written), which also takes the skeleton and its animations, and the JOM
   is written to bytes and read back. The options come from the size, as
   in fuzz_skeleton, counted in 4-byte steps (a GLB's length is a multiple
   of 4): of size / 4, bit 0 --rigid, bit 1 --key-ticks 1 (else the
   keyframes' step), bits 2-3: 1 --loop walk, 2 --once walk. The seeds are
   padded to the options they are meant for.

   Asserted (abort() otherwise): the status is RM_OK or a refusal with a
   message (RM_NOMEM aside); a refused read leaves the mesh empty; a mesh
   that reads keeps skeleton.h's promises (bones 1..32, parents before
   their children, keys in their block) and its skeleton reaches the JOM
   (BONE and ANIM with the same counts); a converted model writes and reads
   back; nothing in the scratch folder changes (names, types, sizes). Never
   a crash, a leak, a hang or undefined behaviour, whatever the bytes.
   FUZZ_GLTF_SHOW=1 prints each input's options, status and messages on
   standard error (to reproduce a finding). */
#include "fuzz_common.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retromesh/fileio.h"
#include "retromesh/gltf.h"
#include "retromesh/retromesh.h"
#include "retromesh/skeleton.h"

static char root[64];
static char model_path[128];
static char listing[4096];
static bool show;   /* FUZZ_GLTF_SHOW=1 */

static void put(const char *rel, const void *bytes, size_t n)
{
    char p[192];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    fuzz_write_file(p, bytes, n);
}

static void link_to(const char *target, const char *rel)
{
    char p[192];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    if (symlink(target, p) != 0)
        abort();
}

static void put_floats(uint8_t *buf, size_t at, const float *v, size_t n)
{
    memcpy(buf + at, v, n * sizeof *v);     /* glTF is little endian, as the hosts we fuzz on */
}

/* The bytes of a.bin, as the seeds expect them:
     0   4 POSITION  VEC3 FLOAT  the quad (0,0,0) (1,0,0) (1,1,0) (0,1,0)
     48  4 NORMAL    VEC3 FLOAT  (0,0,1)
     96  4 TEXCOORD  VEC2 FLOAT  (0,1) (1,1) (1,0) (0,0)
     128 6 indices   SCALAR UNSIGNED_SHORT  0 1 2 0 2 3, 4 bytes of padding
     144 2 times     SCALAR FLOAT  0, 1 (seconds)
     152 2 rotations VEC4 FLOAT  the identity, 90 degrees about Y */
static void make_buffer(uint8_t buf[184])
{
    static const float pos[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    static const float nrm[] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    static const float uv[] = {0, 1, 1, 1, 1, 0, 0, 0};
    static const uint16_t idx[] = {0, 1, 2, 0, 2, 3, 0, 0};
    static const float times[] = {0, 1};
    static const float rot[] = {0, 0, 0, 1, 0, 0.70710678f, 0, 0.70710678f};
    memset(buf, 0, 184);
    put_floats(buf, 0, pos, 12);
    put_floats(buf, 48, nrm, 12);
    put_floats(buf, 96, uv, 8);
    memcpy(buf + 128, idx, sizeof idx);
    put_floats(buf, 144, times, 2);
    put_floats(buf, 152, rot, 8);
}

static void list(char *out, size_t size)
{
    fuzz_list_tree(root, NULL, out, size);
}

static void cleanup(void)
{
    fuzz_remove_tree(root, false);
}

static void setup(void)
{
    fuzz_scratch_dir(root, sizeof root, "rm_fuzz_gltf_");
    atexit(cleanup);
    snprintf(model_path, sizeof model_path, "%s/work/model.gltf", root);
    const char *dirs[] = {"work", "work/sub", "work/dir.bin"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char p[192];
        snprintf(p, sizeof p, "%s/%s", root, dirs[i]);
        if (mkdir(p, 0755) != 0)
            abort();
    }
    uint8_t buf[184];
    make_buffer(buf);
    put("work/a.bin", buf, sizeof buf);
    put("work/sub/b.bin", buf, sizeof buf);
    put("work/my file.bin", buf, sizeof buf);
    put("outside.bin", buf, sizeof buf);
    rm_image img;
    if (rm_image_alloc(&img, 8, 8) != RM_OK)
        abort();
    for (size_t i = 0; i < 8 * 8 * 4; i++)
        img.rgba[i] = (uint8_t)(i * 37 | 1);
    uint8_t *png = NULL;
    size_t png_size = 0;
    if (rm_image_encode_png(&img, &png, &png_size, NULL) != RM_OK)
        abort();
    rm_image_free(&img);
    put("work/t.png", png, png_size);
    free(png);
    link_to("../outside.bin", "work/link.bin");
    link_to("loop.bin", "work/loop.bin");
    link_to("/dev/zero", "work/zero.bin");
    list(listing, sizeof listing);
    const char *sh = getenv("FUZZ_GLTF_SHOW");
    show = sh && sh[0] == '1';
    /* A small input limit: a huge or endless file is cut short at once. */
    rm_file_set_max_bytes(1u << 20);
}

/* A refused read leaves *out empty (gltf.h). */
static void check_empty(const rm_mesh *m)
{
    if (m->skeleton || m->position_count || m->positions || m->face_count || m->corner_position ||
        m->material_count || m->materials || m->group_count || m->groups)
        abort();
}

static void convert(const rm_mesh *mesh, rm_diag *diag)
{
    rm_convert_options opt;
    rm_convert_options_default(&opt);
    opt.embed_textures = true;
    opt.max_texture_width = 8;
    opt.max_texture_height = 8;
    rm_jom_model jom;
    rm_status st = rm_convert_mesh_to_jom(mesh, &opt, &jom, diag);
    if (show)
        fprintf(stderr, "convert: status %d\n", (int)st);
    if (st != RM_OK) {
        if (diag->errors == 0 && st != RM_NOMEM)
            abort();   /* a refusal must say why */
        return;
    }
    const rm_skeleton *s = mesh->skeleton;
    if (s && (!jom.has_skeleton || jom.bone_count != s->bone_count ||
              jom.animation_count != s->animation_count))
        abort();   /* the glTF's skeleton did not reach the model */
    uint8_t *bytes = NULL;
    size_t n = 0;
    if (rm_jom_write(&jom, &bytes, &n, diag) != RM_OK)
        abort();
    rm_jom_model back;
    if (rm_jom_read(bytes, n, "fuzz.jom", &back, diag) != RM_OK)
        abort();
    rm_jom_free(&back);
    free(bytes);
    rm_jom_free(&jom);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!root[0])
        setup();
    static const char *const walk[] = {"walk"};
    rm_gltf_options go;
    rm_gltf_options_default(&go);
    size_t bits = size >> 2;
    go.rigid = bits & 1;
    go.key_ticks = (bits & 2) ? 1 : 0;
    if (((bits >> 2) & 3) == 1) {
        go.loop = walk;
        go.loop_count = 1;
    } else if (((bits >> 2) & 3) == 2) {
        go.once = walk;
        go.once_count = 1;
    }
    go.max_bytes = 1u << 20;

    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 64;
    rm_output_set *inputs = rm_output_set_new();
    if (!inputs)
        abort();
    rm_mesh mesh;
    rm_status st = rm_gltf_read_memory(data, size, model_path, &go, &mesh, inputs, &diag);
    if (show)
        fprintf(stderr, "read (rigid %d, key_ticks %u, loop %zu, once %zu): status %d, %zu faces, %zu bones\n",
                go.rigid, go.key_ticks, go.loop_count, go.once_count, (int)st, mesh.face_count,
                mesh.skeleton ? mesh.skeleton->bone_count : 0);
    if (st == RM_OK) {
        if (!mesh.from_triangles)
            abort();   /* glTF holds triangles only: the converter is to join them */
        if (mesh.skeleton)
            fuzz_check_skeleton(mesh.skeleton);
        convert(&mesh, &diag);
        rm_mesh_free(&mesh);
    } else {
        check_empty(&mesh);
        if (diag.errors == 0 && st != RM_NOMEM)
            abort();   /* a refusal must say why */
    }
    rm_output_set_free(inputs);
    if (show)
        rm_diag_print(&diag, stderr, 1);
    rm_diag_free(&diag);
    char now[sizeof listing];
    list(now, sizeof now);
    if (strcmp(now, listing) != 0)
        abort();   /* reading or converting wrote into the folder */
    return 0;
}
