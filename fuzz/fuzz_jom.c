/* fuzz/fuzz_jom.c - libFuzzer target for the JOM reader.

   Any bytes: rm_jom_read must return without a crash, a leak or undefined
   behaviour. When it accepts them, the model must print (text and JSON),
   and must write back to bytes that read again and write to the very same
   bytes: a failure there is a bug, reported by abort(). Seeds:
   fuzz/corpus/jom (written from the models of tests/formats/jom). */
#include "fuzz_common.h"

#include <string.h>

#include "retromesh/jom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 64;
    rm_jom_model m;
    rm_status st = rm_jom_read(data, size, "fuzz.jom", &m, &diag);
    if (st != RM_OK) {
        /* Refused: there must be a reason, and nothing left in the model. */
        if (st != RM_INVALID || diag.errors == 0 || m.points || m.chunks)
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    if (diag.errors != 0)
        abort();

    rm_jom_print_text(&m, fuzz_null_file());
    if (rm_jom_print_json(&m, fuzz_null_file()) != RM_OK)
        abort();

    uint8_t *a = NULL, *b = NULL;
    size_t a_size = 0, b_size = 0;
    if (rm_jom_write(&m, &a, &a_size, &diag) != RM_OK)
        abort();   /* the reader accepted what the writer refuses */
    rm_jom_model back;
    if (rm_jom_read(a, a_size, "rewritten.jom", &back, &diag) != RM_OK)
        abort();   /* the writer wrote what the reader refuses */
    if (rm_jom_write(&back, &b, &b_size, &diag) != RM_OK)
        abort();
    if (a_size != b_size || memcmp(a, b, a_size) != 0)
        abort();   /* write -> read -> write is not a fixed point */

    free(a);
    free(b);
    rm_jom_free(&back);
    rm_jom_free(&m);
    rm_diag_free(&diag);
    return 0;
}
