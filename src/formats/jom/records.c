/* src/formats/jom/records.c - one MATL, GRUP or BONE record from its bytes.
   Shared by the view's accessors (view.c: the reader's copies and the
   content checks) and the runtime's in-place models (which decode one
   record when asked), so the layout is written once. The reader `rd` must
   hold the whole record; a short one reads as zeros (rm_reader sets
   `failed`). */
#include "jom_internal.h"

void jom_decode_material(rm_reader *rd, rm_jom_material *out)
{
    rm_read_bytes(rd, out->name, JOM_NAME_SIZE);
    out->r = rm_read_u8(rd);
    out->g = rm_read_u8(rd);
    out->b = rm_read_u8(rd);
    out->shine = rm_read_u8(rd);
    out->texture = rm_read_i16(rd);
    out->subdivision_error = rm_read_u16(rd);
    out->flags = rm_read_u32(rd);
    out->user = rm_read_u32(rd);
}

void jom_decode_group(rm_reader *rd, rm_jom_group *out)
{
    rm_read_bytes(rd, out->name, JOM_NAME_SIZE);
    out->first_point = rm_read_u16(rd);
    out->point_count = rm_read_u16(rd);
    out->first_polygon = rm_read_u16(rd);
    out->polygon_count = rm_read_u16(rd);
}

void jom_decode_bone(rm_reader *rd, rm_jom_bone *out)
{
    rm_read_bytes(rd, out->name, JOM_NAME_SIZE);
    out->group = rm_read_u16(rd);
    out->parent = rm_read_i16(rd);
    out->pivot.x = rm_read_i32(rd);
    out->pivot.y = rm_read_i32(rd);
    out->pivot.z = rm_read_i32(rd);
}
