/* tests/formats/niff/niff_build.h - a small byte builder for hand-made NIFF
   files in tests (shared by the reader, writer and mesh tests; its API is
   stable: only additions).

   Usage:
     nb_file *b = nb_new(0xff000200u);        // NIFF 2.0 (0x...0100: 1.0)
     nb_name(b, "cube");                       // Name 0
     static const float xyz[] = {0,0,0, 1,0,0, 0,1,0};
     nb_vtx_group(b, 0, 3, xyz);               // VtxGroup 0
     ...
     uint32_t words[] = {RM_NIFF_TAG_OBJ, 0, 88, ...};
     nb_add(b, RM_NIFF_LIST_OBJ, words, 22);   // any element, words as given
     size_t size; uint8_t *bytes = nb_finish(b, &size);   // frees b
     ... rm_niff_read(bytes, size, "t.nif", &f, &diag) ... free(bytes);

   nb_finish lays the file out as spec §3 and §9 say: FileHeader (100 bytes,
   + the 36-byte 2.0 NEB with the nine 2.0 list sizes for a 2.0 version),
   then every list in physical order (1.0: 19, 2.0: 28), each with the
   6-word header (ColorList/VectorList 7), header size 24 + 4n (28 + 4(n+m)),
   the size array and the elements as added; empty lists are 24/28-byte bare
   headers. Elements are stored exactly as given (the nb_* element helpers
   fill their size fields; nb_add does not touch the words). The helpers
   give each element the next index of its list. Out of memory aborts. */
#ifndef RM_TESTS_NIFF_BUILD_H
#define RM_TESTS_NIFF_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "retromesh/niff.h"

/* A growable word vector, for building one element. */
typedef struct nb_words {
    uint32_t *v;
    size_t n, cap;
} nb_words;

void nb_u32(nb_words *w, uint32_t v);
void nb_f32(nb_words *w, float f);
/* The text's bytes NUL-padded to a multiple of 4 (no terminator when the
   length is already one: spec §5.19). */
void nb_str(nb_words *w, const char *s);
void nb_words_free(nb_words *w);

typedef struct nb_file nb_file;

nb_file *nb_new(uint32_t version);
/* Appends one element to `list` (RM_NIFF_LIST_*); for ColorList/VectorList
   to the Tri* groups. nb_add_second: to the Vtx* groups. */
void nb_add(nb_file *b, unsigned list, const uint32_t *words, size_t n);
void nb_add_second(nb_file *b, unsigned list, const uint32_t *words, size_t n);
/* The same, taking the words from (and freeing) `w`. */
void nb_add_words(nb_file *b, unsigned list, nb_words *w);
/* Elements in `list` so far (first index space). */
uint32_t nb_count(const nb_file *b, unsigned list);
/* Replaces the default SceneHeader (no links, name NOLINK, 44 bytes). */
void nb_scene(nb_file *b, const uint32_t *words, size_t n);
/* A scene linking `n` top-level objects. */
void nb_scene_objs(nb_file *b, uint32_t n, const uint32_t *objs);
/* Writes list b2 where list b1 belongs and b1 where b2 belongs. */
void nb_swap_lists(nb_file *b, unsigned l1, unsigned l2);
/* Assembles the file (malloc'd; caller frees) and frees the builder. */
uint8_t *nb_finish(nb_file *b, size_t *size);

/* Big-endian word at byte `off` of a built file. */
uint32_t nb_get(const uint8_t *bytes, size_t off);
void nb_put(uint8_t *bytes, size_t off, uint32_t v);
/* File offset of list `list` in a file nb_finish made (walks the sizes). */
size_t nb_list_offset(const uint8_t *bytes, size_t size, unsigned list);

/* When the environment variable NIFF_SEED_DIR names a folder, writes the
   bytes there as NAME (fuzz seeds: NIFF_SEED_DIR=fuzz/corpus/niff ctest -R
   niff_read); otherwise does nothing. */
void nb_save_seed(const char *name, const uint8_t *bytes, size_t size);

/* ---- element helpers (sizes filled in; 2.0 NEBs when `neb2`) ---- */
void nb_name(nb_file *b, const char *text);
void nb_external_name(nb_file *b, const char *text);
void nb_vtx_group(nb_file *b, uint32_t name, uint32_t n, const float *xyz);
void nb_color_group(nb_file *b, bool vtx, uint32_t n, const float *rgba);
void nb_nv_group(nb_file *b, bool vtx, uint32_t n, const float *xyz);
void nb_st_group(nb_file *b, uint32_t n, const float *st);

typedef struct nb_tri {
    uint32_t nv, color;
    uint32_t vtx[3], st[3], vtx_nv[3], vtx_color[3];
} nb_tri;
/* A TriGroup without animation: ref[] = group indices of Vtx, TriColor,
   VtxColor, TriNv, VtxNv, St (RM_NIFF_REF_* order). */
void nb_tri_group(nb_file *b, uint32_t name, const uint32_t ref[6], uint32_t n, const nb_tri *tris);

typedef struct nb_obj {
    uint32_t name, state, type, group, pri, render_cycle_type, render_pri, render_type0, render_type1;
    uint32_t have_link_billboard;
    uint32_t lod_num;
    const uint32_t *lod_dist_bits, *lod_link;
    uint32_t child_num;
    const uint32_t *child_link;
    uint32_t parent, shape, mat, anim, coll;
    bool neb2;          /* the 28-byte 2.0 NEB (fog copies of the render fields, no counts) */
} nb_obj;
/* Defaults: active 3D object, OPA_SURF, no LOD/children, every link NOLINK,
   neb2 when the builder is 2.0. */
void nb_obj_defaults(const nb_file *b, nb_obj *o);
void nb_add_obj(nb_file *b, const nb_obj *o);

void nb_shape(nb_file *b, uint32_t name, uint32_t tri_link, uint32_t mat_link, uint32_t part_num,
              const uint32_t *parts);
void nb_part(nb_file *b, uint32_t name, uint32_t mat_index, uint32_t tri_group, uint32_t n, const uint32_t *tris);
/* Mat: NIFF colour sources PRIM (+TEX0 with a texture), prim colour as given. */
void nb_mat(nb_file *b, uint32_t name, const float prim[4], uint32_t tex_num, const uint32_t *tex);
/* Tex without animation, RGBA 16-bit, the whole image as the tile. */
void nb_tex(nb_file *b, uint32_t name, uint32_t w, uint32_t h, uint32_t img_index);
/* TexImg of w*h RGBA8888 texels. */
void nb_tex_img(nb_file *b, uint32_t w, uint32_t h, const uint8_t *rgba);
/* AnimGroup with one STATIC Anim. */
void nb_anim_static(nb_file *b, uint32_t name, const float translate[3], const float rotate[3],
                    const float scale[3]);

#endif
