/* fuzz/fuzz_oni.c - libFuzzer target for the Oni level file reader.

   Any bytes: rm_oni_open must return without a crash, a leak or undefined
   behaviour. When it accepts them, every link of every M3GM is resolved and
   every geometry with data is decoded and turned into a mesh; a geometry
   may be refused (RM_INVALID with a message) but never crash. Seeds:
   fuzz/corpus/oni (written by tests/oni/oni_seeds.c). */
#include <stdint.h>
#include <stdlib.h>

#include "retromesh/oni.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 16;
    rm_oni_file f;
    rm_status st = rm_oni_open(data, size, "level1_Final.dat", &f, &diag);
    if (st != RM_OK) {
        if (st != RM_INVALID || diag.errors == 0 || f.instances)
            abort();   /* refused without a reason, or left something behind */
        rm_diag_free(&diag);
        return 0;
    }
    for (uint32_t i = 0; i < f.instance_count; i++) {
        const rm_oni_instance *x = &f.instances[i];
        if (x->has_data && ((uint64_t)x->data + x->size > size || x->record + 8 != x->data))
            abort();   /* accepted an instance outside the file */
        if (x->tag != RM_ONI_TAG_M3GM || !x->has_data)
            continue;
        rm_oni_geometry g;
        size_t errors = diag.errors;
        st = rm_oni_geometry_decode(&f, i, &g, &diag);
        if (st == RM_INVALID && diag.errors == errors)
            abort();   /* refused without a message */
        if (st != RM_OK)
            continue;
        for (uint32_t t = 0; t < 3 * g.triangle_count; t++)
            if (g.triangles[t] >= g.point_count)
                abort();
        rm_mesh m;
        if (rm_oni_geometry_to_mesh(&g, "fuzz", &m, &diag) == RM_OK)
            rm_mesh_free(&m);
        rm_oni_geometry_free(&g);
    }
    rm_oni_close(&f);
    rm_diag_free(&diag);
    return 0;
}
