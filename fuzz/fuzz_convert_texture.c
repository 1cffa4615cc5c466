/* fuzz/fuzz_convert_texture.c - libFuzzer target for the image path through
   the converter: the bytes (after the first) are the texture of a textured
   quad and a 16-color triangle, converted as `retromesh convert` does,
   embedded or not, sliced or not, dithered or not, capped or not (the bits
   of the first byte). Bit 4 picks how the pixels arrive: as a file the
   converter finds and decodes itself (map_Kd tex.img), or carried in the
   mesh (map_kd_rgba, as a NIFF TexImg gives them) after this target decoded
   the bytes. Whatever the bytes, the conversion ends with RM_OK or an error
   message, never a crash; when it succeeds the JOM it makes must pass the
   reader (abort() otherwise: a bug).

   Speed: the OBJ and MTL are written and read once (the mesh is kept: the
   converter only reads it); an input whose image is over MAX_PIXELS is
   dropped before the converter sees it. Such images (a 40-byte RLE TGA of
   16 megapixels) made the run crawl at ~100 inputs a second, spending it in
   rm_image_resize_box; decoding and size limits of big images are
   fuzz_image's job. */
#include "fuzz_common.h"

#include <string.h>
#include <unistd.h>

#include "retromesh/retromesh.h"

/* Past the VDP1's 504 x 255 on one side (512 x 128, 256 x 256), so that
   resizing is still reached; the box filter costs ~1 us a source pixel in
   this build. */
#define MAX_PIXELS (256u * 256u)

static char dir[64];
static char obj_path[96], img_path[96];
static rm_mesh mesh;

static void write_text(const char *path, const char *text)
{
    fuzz_write_file(path, text, strlen(text));
}

static void cleanup(void)
{
    fuzz_remove_tree(dir, false);
    rm_mesh_free(&mesh);
}

static void setup(void)
{
    fuzz_scratch_dir(dir, sizeof dir, "rm_fuzz_tex_");
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
    rm_diag diag;
    rm_diag_init(&diag);
    if (rm_obj_read_file(obj_path, NULL, &mesh, &diag) != RM_OK || mesh.material_count != 2)
        abort();   /* the OBJ and MTL are ours: they must read */
    rm_diag_free(&diag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0])
        setup();
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    bool carried = (mode & 16) != 0;

    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 50;
    rm_image img;
    rm_image_init(&img);
    rm_status st = rm_image_decode_limit(data + 1, size - 1, "tex.img", MAX_PIXELS, &img, &diag);
    bool too_big = false;
    for (size_t i = 0; i < diag.count; i++)
        if (strstr(diag.items[i].text, "more than the limit"))
            too_big = true;
    rm_diag_free(&diag);
    if (st != RM_OK && (carried || too_big))
        return 0;   /* nothing to carry, or too big: not this target's business */
    if (carried) {
        for (size_t m = 0; m < mesh.material_count; m++) {
            mesh.materials[m].map_kd_rgba = img.rgba;
            mesh.materials[m].map_kd_width = img.width;
            mesh.materials[m].map_kd_height = img.height;
        }
    } else {
        /* Undecodable bytes go to the converter too: its refusal is tested. */
        FILE *f = fopen(img_path, "wb");
        if (!f)
            abort();
        if (size > 1 && fwrite(data + 1, 1, size - 1, f) != size - 1)
            abort();
        fclose(f);
    }

    rm_diag_init(&diag);
    diag.limit = 50;
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
    rm_diag_free(&diag);
    for (size_t m = 0; m < mesh.material_count; m++) {
        mesh.materials[m].map_kd_rgba = NULL;
        mesh.materials[m].map_kd_width = mesh.materials[m].map_kd_height = 0;
    }
    rm_image_free(&img);
    return 0;
}
