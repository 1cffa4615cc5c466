/* fuzz/fuzz_project.c - libFuzzer target for the project file of
   `retromesh build` (rm_build_project_parse).

   Any bytes: no crash, leak or undefined behaviour; a refusal has a reason
   and leaves the project empty. A project that parses has 8.3 names of the
   right extension, pointers for every entry and an options text that is
   JSON. Paths are resolved against a folder that holds nothing, so only
   absolute paths can name files that exist (/etc, /tmp). */
#include "fuzz_common.h"

#include "build/build_internal.h"

#include <jansson.h>
#include <string.h>
#include <strings.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_diag diag;
    rm_diag_init(&diag);
    diag.limit = 16;
    rm_build_project p;
    rm_status st = rm_build_project_parse((const char *)data, size, "/nonexistent/retromesh.json", &p, &diag);
    if (st != RM_OK) {
        if (p.entry_count || p.entries || p.cd || (st == RM_INVALID && diag.errors == 0))
            abort();
        rm_diag_free(&diag);
        return 0;
    }
    if (diag.errors || !p.cd || !p.dir || !p.file)
        abort();
    for (size_t i = 0; i < p.entry_count; i++) {
        const rm_build_entry *e = &p.entries[i];
        const char *ext = e->kind == RM_BUILD_LEVEL ? ".JOL" : ".JOM";
        size_t n = strlen(e->name);
        if (!rm_build_cd_name_valid(e->name) || n < 5 || strcmp(e->name + n - 4, ext) != 0 || !e->source ||
            !e->options_json || e->pointer[0] != '/')
            abort();
        json_t *o = json_loads(e->options_json, 0, NULL);
        if (!json_is_object(o))
            abort();
        json_decref(o);
        for (size_t j = 0; j < i; j++)
            if (strcasecmp(p.entries[j].name, e->name) == 0)
                abort();
    }
    rm_build_project_free(&p);
    rm_diag_free(&diag);
    return 0;
}
