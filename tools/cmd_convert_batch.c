/* tools/cmd_convert_batch.c - convert A B ... --out-dir CD: a project of
   these files with the command's options, built as retromesh build does
   (one texture namespace, the manifest, only what changed; docs/build.md). */
#include <stdio.h>

#include "cmd_build.h"
#include "cmd_convert.h"

int rm_cmd_convert_batch(convert_args *a, const char *const *inputs, size_t count, const char *out_dir)
{
    if (a->texture_out)
        return rm_cli_usage_error("convert", "--out-dir puts the textures in CD: not with --texture-out");
    if (a->c_header || a->c_name)
        return rm_cli_usage_error("convert", "--out-dir writes JOM files: not with --c-header or --c-name");
    if (a->rebuild)
        return rm_cli_usage_error("convert", "--out-dir writes JOM files: not with --rebuild");
    if (a->opt.no_textures && (a->opt.embed_textures || a->opt.slice_textures))
        return rm_cli_usage_error("convert", "--no-textures reads no image: not with --embed-textures or "
                                             "--slice-textures");
    rm_gltf_options g = a->gltf;
    g.loop = a->loop;
    g.once = a->once;
    rm_diag diag;
    rm_diag_init(&diag);
    rm_build_project p;
    rm_status st = rm_build_project_from_files(inputs, count, &a->opt, &g, a->skeleton, out_dir, &p, &diag);
    if (st != RM_OK) {
        rm_cli_print_diag(&diag, a->quiet, 0);
        if (!a->quiet)
            fprintf(stderr, "retromesh convert: %s, nothing written\n", rm_status_name(st));
        rm_diag_free(&diag);
        return rm_cli_exit_code(st);
    }
    rm_diag_free(&diag);
    rm_build_cli c = {out_dir, 0, false, false, a->quiet, a->verbose};
    int rc = rm_cmd_build_run(&p, &c);
    rm_build_project_free(&p);
    return rc;
}
