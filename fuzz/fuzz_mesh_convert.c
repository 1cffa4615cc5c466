/* fuzz/fuzz_mesh_convert.c - libFuzzer target for the converter and the
   writers on arbitrary meshes (the other targets feed them fixed ones).

   The bytes build a neutral mesh (fuzz_mesh.h: positions with extreme
   values, NaN and infinities, faces of 1 to 40 corners, UV and normal
   indices, materials with jo_* flags and carried pixels, groups, vertex
   colors), valid as retromesh/mesh.h promises every reader makes it, and
   pick the conversion options (weld or not, triangles kept or merged,
   Saturn axes, scale). Then:
   - rm_convert_mesh_to_jom_ex: RM_OK, or an error message; never a crash.
     A model it makes must pass rm_jom_validate, rm_jom_write, and the
     reader must accept the written bytes (abort() otherwise: a bug).
   - rm_niff_write_mesh: RM_OK or a message; what it writes must pass
     rm_niff_read.
   - rm_obj_write: always RM_OK; rm_obj_parse must read the OBJ back with
     the same positions and faces (those of 3 corners or more: the reader
     drops the others, with a warning), and rm_mtl_parse its MTL. */
#include "fuzz_common.h"
#include "fuzz_mesh.h"

#include <string.h>

#include "retromesh/retromesh.h"
#include "retromesh/niff.h"

static double scales[] = {1.0, 0.001, 4.0, 1000.0, 65536.0, 1e-9, 0.0, -1.0};

static void check_jom(const rm_mesh *mesh, const rm_convert_options *opt)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 32;
    rm_jom_model jom;
    rm_convert_result res;
    rm_convert_result_init(&res);
    rm_status st = rm_convert_mesh_to_jom_ex(mesh, opt, &jom, &res, &diag);
    if (st == RM_OK) {
        if (rm_jom_validate(&jom, "converted", &diag) != RM_OK)
            abort();   /* the converter made a model that breaks the rules */
        uint8_t *bytes = NULL;
        size_t n = 0;
        if (rm_jom_write(&jom, &bytes, &n, &diag) != RM_OK)
            abort();
        rm_jom_model back;
        if (rm_jom_read(bytes, n, "converted.jom", &back, &diag) != RM_OK)
            abort();
        if (back.point_count != jom.point_count || back.polygon_count != jom.polygon_count)
            abort();
        char line[256];
        rm_convert_budget_line(&res.budget, line, sizeof line);
        rm_jom_free(&back);
        free(bytes);
        rm_jom_free(&jom);
    } else if (diag.errors == 0 && st != RM_NOMEM) {
        abort();   /* a refusal must say why */
    }
    rm_convert_result_free(&res);
    rm_diag_free(&diag);
}

static void check_niff(const rm_mesh *mesh)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 32;
    uint8_t *bytes = NULL;
    size_t n = 0;
    rm_status st = rm_niff_write_mesh(mesh, NULL, &bytes, &n, &diag);
    if (st == RM_OK) {
        rm_niff_file f;
        if (rm_niff_read(bytes, n, "written.nif", &f, &diag) != RM_OK)
            abort();   /* the writer wrote what the reader refuses */
        rm_niff_free(&f);
    } else if (diag.errors == 0 && st != RM_NOMEM) {
        abort();
    }
    free(bytes);
    rm_diag_free(&diag);
}

static void check_obj(const rm_mesh *mesh)
{
    char *obj = NULL, *mtl = NULL;
    size_t obj_size = 0, mtl_size = 0;
    if (rm_obj_write(mesh, "fuzz.mtl", "fuzz", &obj, &obj_size, &mtl, &mtl_size) != RM_OK)
        abort();
    /* The `o fuzz` line is one more group. */
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    opt.load_materials = false;
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 32;
    rm_mesh back;
    if (rm_obj_parse(obj, obj_size, "written.obj", &opt, &back, &diag) != RM_OK)
        abort();   /* the writer wrote what the reader refuses */
    size_t faces = 0;
    for (size_t f = 0; f < mesh->face_count; f++)
        faces += rm_mesh_face_corners(mesh, f) >= 3;
    if (back.position_count != mesh->position_count || back.face_count != faces ||
        back.material_count > mesh->material_count || back.group_count > mesh->group_count + 1)
        abort();
    if (mtl && rm_mtl_parse(mtl, mtl_size, "written.mtl", &back, &diag) != RM_OK)
        abort();
    rm_mesh_free(&back);
    rm_diag_free(&diag);
    free(obj);
    free(mtl);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes in = {data, size, 0};
    uint8_t o = fuzz_u8(&in);
    uint8_t s = fuzz_u8(&in);
    rm_mesh mesh;
    if (!fuzz_mesh_build(&in, &mesh))
        return 0;
    rm_convert_options opt;
    rm_convert_options_default(&opt);
    opt.no_weld = o & 1;
    opt.keep_triangles = (o & 2) != 0;
    opt.merge_triangles = (o & 4) != 0;
    opt.saturn_axes = (o & 8) != 0;
    opt.strict = (o & 16) != 0;
    opt.embed_textures = (o & 32) != 0;
    opt.no_textures = (o & 64) != 0;
    opt.slice_textures = (o & 128) != 0;
    opt.scale = scales[s % (sizeof scales / sizeof scales[0])];
    check_jom(&mesh, &opt);
    check_niff(&mesh);
    check_obj(&mesh);
    rm_mesh_free(&mesh);
    return 0;
}
