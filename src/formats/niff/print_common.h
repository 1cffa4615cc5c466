/* src/formats/niff/print_common.h - words the NIFF printers share
   (print_text.c, print_json.c): names of constants and decoded fields. */
#ifndef RM_NIFF_PRINT_COMMON_H
#define RM_NIFF_PRINT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "retromesh/niff.h"

/* "NULL", "3D", "BILLBOARD" or "type 0x..." (buf for the last). */
const char *rm_niff_obj_type_text(uint32_t type, char *buf, size_t size);
/* "active", "clear" or "state 0x...". */
const char *rm_niff_obj_state_text(uint32_t state, char *buf, size_t size);
/* obj_render_pri decoded: "NIFF OPA_SURF", "N64 priority 0x000010",
   "N64GBI priority 0x000010", or "flag 0x.. value 0x......". */
void rm_niff_render_pri_text(uint32_t pri, char *buf, size_t size);
/* A link: "none" (NOLINK), "switch N", or the number. */
void rm_niff_link_text(uint32_t link, char *buf, size_t size);
/* An LOD distance: "MAX" for the bit pattern 0xffffffff, else %g. */
void rm_niff_lod_text(uint32_t bits, char *buf, size_t size);
/* Elements of a list (both counts of Color/Vector). */
uint32_t rm_niff_list_elements(const rm_niff_list *l);
/* The TriGroup of a Shape (frame 0 VtxGroup): triangle and vertex counts;
   false when the Shape's geometry is not a valid TriGroup. */
bool rm_niff_shape_counts(const rm_niff_file *f, const rm_niff_shape *sh, uint32_t *triangles,
                          uint32_t *vertices);
/* "I", "IA", "CI", "YUV", "RGB", "RGBA" and the depth: "RGBA 16-bit". */
void rm_niff_tex_type_text(uint32_t type, char *buf, size_t size);
/* "STATIC", "FULL", "KEY", "BILLBOARD_OBJ" or "type N". */
const char *rm_niff_anim_type_text(uint32_t type, char *buf, size_t size);

#endif
