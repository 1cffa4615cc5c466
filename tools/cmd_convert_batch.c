/* tools/cmd_convert_batch.c - PLACEHOLDER until the build driver lands
   (issue 17): replaced by the real `convert A B ... --out-dir CD`. */
#include "cmd_convert.h"

int rm_cmd_convert_batch(convert_args *a, const char *const *inputs, size_t count, const char *out_dir)
{
    (void)a;
    (void)inputs;
    (void)count;
    (void)out_dir;
    return rm_cli_usage_error("convert", "--out-dir is not built yet");
}
