/* src/formats/niff/to_mesh.c - NIFF file -> neutral mesh: detection by
   content and the one-call reader (rm_niff_read_mesh). */
#include <ctype.h>
#include <string.h>

#include "retromesh/niff.h"

#include "core/bytes.h"

bool rm_niff_looks_like(const uint8_t *data, size_t size)
{
    if (!data || size < 100)
        return false;
    uint32_t version = rm_be32(data), file_size = rm_be32(data + 4), tag = rm_be32(data + 8);
    uint32_t header = rm_be32(data + 12);
    uint32_t major = (version >> 8) & 0xffu;
    return tag == 0 && (major == 1 || major == 2) && file_size >= 100 && header >= 100;
}

bool rm_niff_has_niff_name(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return false;
    char ext[6] = "";
    size_t n = strlen(dot);
    if (n > 5)
        return false;
    for (size_t i = 0; i < n; i++)
        ext[i] = (char)tolower((unsigned char)dot[i]);
    ext[n] = 0;
    return strcmp(ext, ".niff") == 0 || strcmp(ext, ".nif") == 0;
}

rm_status rm_niff_read_mesh(const uint8_t *data, size_t size, const char *name, rm_mesh *out,
                            rm_diag *diag)
{
    rm_mesh_init(out);
    rm_niff_file f;
    memset(&f, 0, sizeof f);
    /* data outlives f here: no copy of the input */
    rm_niff_read_options opt = {.borrow_data = true};
    rm_status st = rm_niff_read_with(data, size, name, &opt, &f, diag);
    if (st == RM_OK)
        st = rm_niff_to_mesh_named(&f, name, out, diag);
    rm_niff_free(&f);
    return st;
}
