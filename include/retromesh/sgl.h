/* retromesh/sgl.h - the SGL ATTR of a polygon (the 12 bytes slPutPolygon
   reads beside each POLYGON) from its JOM material, and the gouraud tables
   a model needs: the one MATL + QMAT -> ATTR table of the project, computed
   on the host (the engine module builds the same on the Saturn; the C
   header writer, retromesh/cheader.h, prints it).

   Usage:
     // polygon p of a JOM model, its material and texture
     const rm_jom_material *m = &jom.materials[jom.polygon_materials[p]];
     rm_sgl_texture tex = { RM_SGL_TEXTURE_RGB, sprite_id, 0 };   // the sprite Jo gave it
     rm_sgl_attr a = rm_sgl_attr_of(m, m->texture >= 0 ? &tex : NULL, gstb, false);
     // a.flag, a.sort, a.texno, a.atrb, a.colno, a.gstb, a.dir

     // the gouraud tables of jo_3d_load_model (shared by equal colors):
     uint32_t *table_of = malloc(jom.polygon_count * sizeof *table_of);
     uint16_t *colors = malloc(jom.polygon_count * 4 * sizeof *colors);
     uint32_t tables;
     rm_sgl_gouraud_tables(&jom, false, table_of, colors, &tables);
     // table_of[p]: the table of polygon p (RM_SGL_NO_TABLE: none), in
     // [0, tables); colors[4 * t ..]: the 4 RGB555 words of table t

   The rules, field by field (SGL constants: saturn-notes 4.2, 6.2):
   - flag  Dual_Plane (1) with RM_MAT_DUAL_PLANE, else Single_Plane (0)
   - sort  SORT_MIN 1 / SORT_MAX 2 / both (previous) SORT_BFR 0 / neither
           SORT_CEN 3; | UseLight 8 (LIGHT); | UseTexture 4 (textured);
           | UsePalette 32 (an 8-bit texture)
   - texno textured: the texture's sprite id; else 0
   - atrb  textured RGB CL32KRGB 40, 16-colour LUT CL16Look 8, 8-bit
           CL256Bnk 32; untextured CL32KRGB | ECdis | SPdis (232); | ECdis
           128 for a textured material without END_CODES; | CL_Trans 3
           (HALF_TRANSPARENT), CL_Gouraud 4 (GOURAUD, or every polygon for
           __jo_3d_load_model_for_lights), both 7; | MESHon 256
           (SCREEN_DOORS)
   - colno untextured 0x8000 | (b>>3)<<10 | (g>>3)<<5 | (r>>3); LUT: the
           table's VRAM offset / 8; else 0 (8-bit: palette bank 0)
   - gstb  as given (the gouraud table's VRAM offset / 8, 0: none)
   - dir   textured FUNC_Texture 2 | 0x10 FLIP_H | 0x20 FLIP_V; untextured
           FUNC_Polygon 4
   MIPMAPS and SUBDIVISION* change nothing here. */
#ifndef RETROMESH_SGL_H
#define RETROMESH_SGL_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "jom.h"

#ifdef __cplusplus
extern "C" {
#endif

/* SGL's ATTR, field by field (12 bytes on the SH-2 in this order). */
typedef struct rm_sgl_attr {
    uint8_t flag;
    uint8_t sort;
    uint16_t texno;
    uint16_t atrb;
    uint16_t colno;
    uint16_t gstb;
    uint16_t dir;
} rm_sgl_attr;

/* How a texture is drawn. */
typedef enum rm_sgl_texture_mode {
    RM_SGL_TEXTURE_RGB = 0,     /* RGB555 texels (CL32KRGB) */
    RM_SGL_TEXTURE_LUT,         /* 4-bit texels + a 16-colour lookup table in VRAM (CL16Look) */
    RM_SGL_TEXTURE_8BIT         /* 8-bit texels, palette bank 0 of the CRAM (CL256Bnk) */
} rm_sgl_texture_mode;

typedef struct rm_sgl_texture {
    rm_sgl_texture_mode mode;
    uint16_t sprite_id;         /* -> texno */
    uint16_t lut_colno;         /* LUT: its VRAM offset / 8 -> colno */
} rm_sgl_texture;

/* The ATTR of a polygon of material `m`. `tex` describes its texture when
   m->texture >= 0 (NULL then: RGB, sprite id m->texture); it is not read
   for an untextured material. `gstb` goes to gstb unchanged. `for_lights`:
   the model is loaded by __jo_3d_load_model_for_lights (CL_Gouraud on
   every polygon). */
rm_sgl_attr rm_sgl_attr_of(const rm_jom_material *m, const rm_sgl_texture *tex, uint16_t gstb,
                           bool for_lights);

#define RM_SGL_NO_TABLE UINT32_MAX
/* The neutral gouraud colour (16,16,16: JO_NO_GOURAUD_COLOR). */
#define RM_SGL_NEUTRAL_GOURAUD 0xC210u

/* The gouraud tables of a model, in polygon order, as the engine makes
   them after the model's textures:
   - for_lights false (jo_3d_load_model): a polygon of a GOURAUD material
     takes the table of the first earlier polygon with the same 4 GOUR
     words, else a new one; other polygons none.
   - for_lights true (__jo_3d_load_model_for_lights): every polygon a new
     table, its GOUR words for a GOURAUD material, else 0xC210 x 4.
   A polygon whose material index is out of range, or a model without
   GOUR, counts as not GOURAUD. table_of: polygon_count entries; colors:
   4 * polygon_count words (the most there can be); *count: the tables
   made. RM_INVALID (nothing written) when a pointer is NULL while the
   model has polygons. */
rm_status rm_sgl_gouraud_tables(const rm_jom_model *m, bool for_lights, uint32_t *table_of,
                                uint16_t *colors, uint32_t *count);

#ifdef __cplusplus
}
#endif
#endif
