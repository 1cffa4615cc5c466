/* fuzz/fuzz_obj.c - libFuzzer entry for the OBJ and MTL readers: the bytes
   are parsed as an OBJ (no library loading, so no file is opened) and as an
   MTL (into a mesh that uses a few material names), and everything is freed.
   The readers must never crash, leak or read outside the buffer; any status
   is fine. The OBJ is also parsed with 3 threads (the text cut in chunks):
   the status, the messages and the mesh must be the same as with one.
   Seeds: fuzz/corpus/obj. */
#include "fuzz_common.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "retromesh/obj.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same(const void *a, const void *b, size_t n)
{
    if ((a == NULL) != (b == NULL))
        return 0;
    return a == NULL || n == 0 || memcmp(a, b, n) == 0;
}

/* The threaded parse against the one-thread mesh `ref` (status `st`). */
static void check_threads(const uint8_t *data, size_t size, rm_obj_options opt, rm_status st,
                          const rm_mesh *ref, const rm_diag *dref)
{
    opt.threads = 3;
    rm_diag d;
    rm_diag_init(&d);
    d.limit = 64;
    rm_mesh m;
    rm_status st3 = rm_obj_parse((const char *)data, size, "fuzz.obj", &opt, &m, &d);
    if (st3 != st || d.count != dref->count || d.dropped != dref->dropped)
        __builtin_trap();
    for (size_t i = 0; i < d.count; i++)
        if (strcmp(d.items[i].text, dref->items[i].text) != 0)
            __builtin_trap();
    if (st3 == RM_OK) {
        size_t np = ref->position_count, nf = ref->face_count, nc = rm_mesh_corner_count(ref);
        if (m.position_count != np || m.uv_count != ref->uv_count ||
            m.normal_count != ref->normal_count || m.face_count != nf ||
            m.group_count != ref->group_count || m.material_count != ref->material_count ||
            !same(m.positions, ref->positions, np * sizeof *m.positions) ||
            !same(m.colors, ref->colors, np * sizeof *m.colors) ||
            !same(m.position_line, ref->position_line, np * sizeof *m.position_line) ||
            !same(m.uvs, ref->uvs, m.uv_count * sizeof *m.uvs) ||
            !same(m.normals, ref->normals, m.normal_count * sizeof *m.normals) ||
            !same(m.face_start, ref->face_start, (nf + 1) * sizeof *m.face_start) ||
            !same(m.corner_position, ref->corner_position, nc * sizeof *m.corner_position) ||
            !same(m.corner_uv, ref->corner_uv, nc * sizeof *m.corner_uv) ||
            !same(m.corner_normal, ref->corner_normal, nc * sizeof *m.corner_normal) ||
            !same(m.face_group, ref->face_group, nf * sizeof *m.face_group) ||
            !same(m.face_material, ref->face_material, nf * sizeof *m.face_material) ||
            !same(m.face_line, ref->face_line, nf * sizeof *m.face_line))
            __builtin_trap();
        rm_mesh_free(&m);
    }
    rm_diag_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_obj_options opt;
    rm_obj_options_default(&opt);
    opt.load_materials = false;
    opt.threads = 1;

    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 64;
    rm_mesh mesh;
    rm_status st = rm_obj_parse((const char *)data, size, "fuzz.obj", &opt, &mesh, &diag);
    check_threads(data, size, opt, st, &mesh, &diag);
    if (st == RM_OK) {
        /* The contract the converter relies on. */
        size_t corners = rm_mesh_corner_count(&mesh);
        for (size_t c = 0; c < corners; c++) {
            if (mesh.corner_position[c] >= mesh.position_count)
                __builtin_trap();
            if (mesh.corner_uv && mesh.corner_uv[c] >= (int32_t)mesh.uv_count)
                __builtin_trap();
            if (mesh.corner_normal && mesh.corner_normal[c] >= (int32_t)mesh.normal_count)
                __builtin_trap();
        }
        rm_obj_print_info(&mesh, fuzz_null_file());
        rm_mesh_free(&mesh);
    }
    rm_diag_free(&diag);

    /* As an MTL, for a mesh that uses names the seeds define. */
    static const char uses[] = "usemtl red\nusemtl blue\nusemtl m\nusemtl a\n";
    rm_diag_init(&diag);
    diag.limit = 64;
    if (rm_obj_parse(uses, sizeof uses - 1, "fuzz.obj", &opt, &mesh, &diag) == RM_OK) {
        rm_mtl_parse((const char *)data, size, "fuzz.mtl", &mesh, &diag);
        rm_mesh_free(&mesh);
    }
    rm_diag_free(&diag);
    return 0;
}
