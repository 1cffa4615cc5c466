/* fuzz/fuzz_manifest.c - libFuzzer target for CD/RMBUILD.JSN
   (rm_build_manifest_parse, _format).

   Any bytes: no crash, leak or undefined behaviour. RM_INVALID only with
   an error (a user's file); RM_OK with records only when no warning was
   given, and then every output name is a plain 8.3 name (the build removes
   what a manifest lists: never a path out of the folder), and the format
   of what was read parses back to the same text (a fixed point). */
#include "fuzz_common.h"

#include "build/build_internal.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 16;
    rm_build_manifest m;
    rm_status st = rm_build_manifest_parse((const char *)data, size, "cd/RMBUILD.JSN", &m, &diag);
    if (st != RM_OK) {
        if (m.record_count || (st == RM_INVALID && diag.errors == 0))
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    if (diag.warnings && m.record_count)
        abort();
    for (size_t i = 0; i < m.record_count; i++)
        for (size_t j = 0; j < m.records[i].output_count; j++) {
            const char *name = m.records[i].outputs[j].name;
            if (!rm_build_cd_name_valid(name) || strchr(name, '/') || strstr(name, ".."))
                abort();
        }
    char *text = NULL, *again = NULL;
    size_t len = 0, len2 = 0;
    if (rm_build_manifest_format(&m, &text, &len) != RM_OK)
        abort();
    rm_build_manifest back;
    if (rm_build_manifest_parse(text, len, "again", &back, &diag) != RM_OK || back.record_count != m.record_count ||
        rm_build_manifest_format(&back, &again, &len2) != RM_OK || len != len2 || memcmp(text, again, len) != 0)
        abort();
    free(text);
    free(again);
    rm_build_manifest_free(&back);
    rm_build_manifest_free(&m);
    rm_diag_free(&diag);
    return 0;
}
