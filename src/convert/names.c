/* src/convert/names.c - names of materials and groups (char[16]).

   The engine compares names byte for byte (jo_3d_model_find_group), so the
   name is cut after 15 bytes, whatever the encoding. */
#include "stages.h"

#include <string.h>

bool rm_cv_truncate_name(const char *name, char out[16])
{
    memset(out, 0, 16);
    if (!name)
        return false;
    size_t len = strlen(name);
    size_t keep = len > 15 ? 15 : len;
    memcpy(out, name, keep);
    return len > 15;
}
