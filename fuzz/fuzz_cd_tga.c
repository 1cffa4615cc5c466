/* fuzz/fuzz_cd_tga.c - libFuzzer target for the CD context's TGA reader
   (src/runtime/cd_tga.c, the engine's loader on the host).

   Any bytes: cd_tga_decode must return without a crash, a leak or
   undefined behaviour. A refusal has exactly one error and no texels; an
   accepted file has a size the VDP1 can draw and texels for every pixel
   (read to the last one, so the sanitizer sees a short buffer). Seeds:
   fuzz/corpus/cd_tga. */
#include <stdint.h>
#include <stdlib.h>

#include "runtime/cd_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    uint16_t *texels = NULL;
    uint32_t w = 0, h = 0;
    rm_cd_color_mode mode;
    rm_status st = cd_tga_decode(data, size, "fuzz.tga", &texels, &w, &h, &mode, &diag);
    if (st != RM_OK) {
        if (st != RM_INVALID || diag.errors != 1 || texels)
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    if (diag.errors != 0 || !texels || w == 0 || h == 0 || w > 504 || h > 255)
        abort();
    unsigned sum = 0;
    for (size_t i = 0; i < (size_t)w * h; i++)
        sum += texels[i];
    if (sum == 0xFFFFFFFFu)
        abort();   /* keeps the loop; never true for these sizes */
    free(texels);
    rm_diag_free(&diag);
    return 0;
}
