/* fuzz/fuzz_convert_texture.c - libFuzzer target for the image path through
   the converter: the bytes are the texture file (`map_Kd tex.img`) of a
   textured quad, converted as `retromesh convert` does, embedded or not,
   sliced or not (the first byte picks). Whatever the bytes, the conversion
   ends with RM_OK or an error message, never a crash; when it succeeds the
   JOM it makes must pass the reader (abort() otherwise: a bug).

   The OBJ and MTL are written once to a scratch folder; each input rewrites
   the image file there. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "retromesh/retromesh.h"

static char dir[64];
static char obj_path[96], img_path[96];

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    fputs(text, f);
    fclose(f);
}

static void cleanup(void)
{
    char p[128];
    const char *names[] = {"quad.obj", "quad.mtl", "tex.img"};
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/rm_fuzz_tex_XXXXXX");
    if (!mkdtemp(dir))
        abort();
    atexit(cleanup);
    snprintf(obj_path, sizeof obj_path, "%s/quad.obj", dir);
    snprintf(img_path, sizeof img_path, "%s/tex.img", dir);
    char mtl[96];
    snprintf(mtl, sizeof mtl, "%s/quad.mtl", dir);
    write_text(obj_path, "mtllib quad.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
                         "v 2 0 0\nv 2 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nvt 0.5 0.5\n"
                         "usemtl wall\nf 1/1 2/2 3/3 4/4\nusemtl lut\nf 2/1 5/2 6/5\n");
    write_text(mtl, "newmtl wall\nKd 1 1 1\nmap_Kd tex.img\n"
                    "newmtl lut\nmap_Kd tex.img\njo_lut 1\n");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0])
        setup();
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    FILE *f = fopen(img_path, "wb");
    if (!f)
        abort();
    if (size > 1 && fwrite(data + 1, 1, size - 1, f) != size - 1)
        abort();
    fclose(f);

    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 50;
    rm_mesh mesh;
    rm_status st = rm_obj_read_file(obj_path, NULL, &mesh, &diag);
    if (st != RM_OK)
        abort();   /* the OBJ and MTL are ours: they must read */
    rm_convert_options opt;
    rm_convert_options_default(&opt);
    opt.embed_textures = mode & 1;
    opt.slice_textures = (mode & 2) != 0;
    opt.dither = (mode & 4) != 0;
    if (mode & 8) {
        opt.max_texture_width = 16;
        opt.max_texture_height = 16;
    }
    rm_jom_model jom;
    rm_convert_result res;
    rm_convert_result_init(&res);
    st = rm_convert_mesh_to_jom_ex(&mesh, &opt, &jom, &res, &diag);
    if (st == RM_OK) {
        uint8_t *bytes = NULL;
        size_t n = 0;
        if (rm_jom_write(&jom, &bytes, &n, &diag) != RM_OK)
            abort();
        rm_jom_model back;
        if (rm_jom_read(bytes, n, "fuzz.jom", &back, &diag) != RM_OK)
            abort();
        rm_jom_free(&back);
        free(bytes);
        rm_jom_free(&jom);
    } else if (diag.errors == 0) {
        abort();   /* a refusal must say why */
    }
    rm_convert_result_free(&res);
    rm_mesh_free(&mesh);
    rm_diag_free(&diag);
    return 0;
}
