/* fuzz/fuzz_bin.c - libFuzzer target for the .BIN reader.

   Any bytes: rm_bin_decode must return without a crash, a leak or
   undefined behaviour; a refusal has exactly one error. Accepted bytes
   must encode back to the very same bytes (abort() otherwise). Seeds:
   fuzz/corpus/bin. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    uint16_t *px;
    uint32_t w, h;
    rm_status st = rm_bin_decode(data, size, "fuzz.bin", &px, &w, &h, &diag);
    if (st != RM_OK) {
        if (st != RM_INVALID || diag.errors != 1 || px || w || h)
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    if (diag.errors != 0 || size != 4 + 2 * (size_t)w * h)
        abort();
    uint8_t *back;
    size_t back_size;
    if (rm_bin_encode(px, w, h, &back, &back_size) != RM_OK || back_size != size ||
        memcmp(back, data, size) != 0)
        abort();   /* decode -> encode is not the identity */
    free(back);
    free(px);
    rm_diag_free(&diag);
    return 0;
}
