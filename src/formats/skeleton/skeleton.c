/* src/formats/skeleton/skeleton.c - rm_skeleton: init, free, read a file.
   The parser is in parse.c. */
#include "retromesh/skeleton.h"

#include "retromesh/fileio.h"

#include <stdlib.h>
#include <string.h>

void rm_skeleton_init(rm_skeleton *s)
{
    memset(s, 0, sizeof *s);
}

void rm_skeleton_free(rm_skeleton *s)
{
    if (!s)
        return;
    for (size_t i = 0; s->bones && i < s->bone_count; i++) {
        free(s->bones[i].name);
        free(s->bones[i].group);
    }
    free(s->bones);
    for (size_t i = 0; s->animations && i < s->animation_count; i++) {
        free(s->animations[i].name);
        free(s->animations[i].keys);
        free(s->animations[i].angle_block);
    }
    free(s->animations);
    free(s->source);
    memset(s, 0, sizeof *s);
}

rm_status rm_skeleton_read_file(const char *path, rm_skeleton *out, rm_diag *diag)
{
    rm_skeleton_init(out);
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(path, &data, &size, diag);
    if (st != RM_OK)
        return st;
    st = rm_skeleton_parse((const char *)data, size, path, out, diag);
    free(data);
    return st;
}
