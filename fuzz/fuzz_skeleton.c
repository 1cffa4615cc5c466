/* fuzz/fuzz_skeleton.c - libFuzzer target for the skeleton JSON of
   `--skeleton`: the bytes are parsed as the JSON file, and a skeleton that
   parses is converted with a small built-in model (groups body, leg_l,
   leg_r, head with faces; "empty" without), with the axes and the scale
   picked by the size. Whatever the bytes: RM_OK or messages, never a crash,
   a leak or a read outside the buffer. Bugs abort(): a parsed skeleton that
   breaks the reader's promises (skeleton.h), or a converted model that the
   JOM writer or reader refuses. Seeds: fuzz/corpus/skeleton. */
#include "fuzz_common.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/retromesh.h"
#include "retromesh/skeleton.h"

static const char model_obj[] =
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
    "v 0 -1 0\nv 1 -1 0\nv 1 -2 0\nv 0 -2 0\n"
    "v 2 0 0\nv 3 0 0\nv 3 1 0\n"
    "g empty\n"
    "g body\nf 1 2 3 4\n"
    "g leg_l\nf 5 6 7 8\n"
    "g head\nf 9 10 11\n"
    "g leg_r\nf 10 11 9\n";

static rm_mesh *model(void)
{
    static rm_mesh mesh;
    static int ready;
    if (!ready) {
        rm_obj_options opt;
        rm_obj_options_default(&opt);
        opt.load_materials = false;
        rm_diag d;
        rm_diag_init(&d);
        if (rm_obj_parse(model_obj, sizeof model_obj - 1, "model.obj", &opt, &mesh, &d) != RM_OK)
            abort();
        rm_diag_free(&d);
        ready = 1;
    }
    return &mesh;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 64;
    rm_skeleton skel;
    rm_status st = rm_skeleton_parse((const char *)data, size, "fuzz.json", &skel, &diag);
    if (st == RM_OK) {
        fuzz_check_skeleton(&skel);
        rm_convert_options opt;
        rm_convert_options_default(&opt);
        opt.skeleton = &skel;
        opt.saturn_axes = size & 1;
        opt.scale = (size & 2) ? 1000.0 : 1.0;
        rm_jom_model jom;
        if (rm_convert_mesh_to_jom(model(), &opt, &jom, &diag) == RM_OK) {
            if (!jom.has_skeleton || jom.bone_count != skel.bone_count ||
                jom.animation_count != skel.animation_count)
                abort();
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
        }
        rm_skeleton_free(&skel);
    } else if (skel.bones || skel.animations || skel.source) {
        abort();    /* left empty on error */
    }
    rm_diag_free(&diag);
    return 0;
}
