/* src/formats/registry/read_kinds.c - the readers of the table: each
   model kind's bytes into the neutral mesh. */
#include "formats/registry/registry.h"

#include "retromesh/niff.h"
#include "retromesh/obj.h"

/* OBJ (UTF-8, or UTF-16 with a byte order mark) and the MTL files it
   names, found relative to `name`'s folder. */
rm_status rm_fmt_read_obj(const uint8_t *data, size_t size, const char *name, rm_mesh *out,
                          rm_diag *diag)
{
    return rm_obj_parse((const char *)data, size, name, NULL, out, diag);
}

rm_status rm_fmt_read_niff(const uint8_t *data, size_t size, const char *name, rm_mesh *out,
                           rm_diag *diag)
{
    return rm_niff_read_mesh(data, size, name, out, diag);
}
