/* src/formats/registry/model_write.c - a mesh written as any kind the
   table writes (rm_model_write), every file staged in an rm_output_set:
   the set refuses an input or a name given twice, and the caller's commit
   writes all of them or none. */
#include "formats/registry/registry.h"

#include <string.h>

void rm_model_write_options_default(rm_model_write_options *o)
{
    memset(o, 0, sizeof *o);
    rm_convert_options_default(&o->convert);
    o->textures = true;
}

rm_status rm_model_write(const rm_mesh *mesh, rm_format kind, const char *path,
                         const rm_model_write_options *opt, rm_output_set *set,
                         rm_convert_result *result, rm_diag *diag)
{
    if (result)
        rm_convert_result_init(result);
    if (!mesh || !path || !*path || !set) {
        rm_diag_add(diag, RM_ERROR, "rm_model_write: no mesh, output name or output set");
        return RM_USAGE;
    }
    rm_model_write_options defaults;
    if (!opt) {
        rm_model_write_options_default(&defaults);
        opt = &defaults;
    }
    const rm_fmt_row *row = rm_fmt_row_of(kind);
    if ((unsigned)kind >= RM_FORMAT_COUNT || kind == RM_FORMAT_UNKNOWN) {
        rm_diag_at(diag, RM_ERROR, path, 0, 0,
                   "the name says no model format (retromesh writes %s: .jom, .niff, .obj, .h)",
                   rm_format_writable_list());
        return RM_USAGE;
    }
    if (!row->write) {
        rm_diag_at(diag, RM_ERROR, path, 0, 0, "retromesh does not write %s (it writes %s)",
                   row->description, rm_format_writable_list());
        return RM_USAGE;
    }
    return row->write(mesh, path, opt, set, result, diag);
}
