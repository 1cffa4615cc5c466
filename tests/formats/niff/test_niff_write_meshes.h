/* tests/formats/niff/test_niff_write_meshes.h - small meshes built in C for
   the NIFF writer's tests, and checks every written file must pass. */
#ifndef TEST_NIFF_WRITE_MESHES_H
#define TEST_NIFF_WRITE_MESHES_H

#include <stddef.h>
#include <stdint.h>

#include "retromesh/mesh.h"

/* A mesh from positions and faces (corners as position indices, face_sizes
   corners each), no group, no material; source copied. */
void tm_mesh(rm_mesh *m, const char *source, size_t npos, const double (*pos)[3], size_t nfaces,
             const uint32_t *face_sizes, const uint32_t *corners);
uint32_t tm_add_group(rm_mesh *m, const char *name);
uint32_t tm_add_material(rm_mesh *m, const char *name, double r, double g, double b, double d);
void tm_set_uvs(rm_mesh *m, size_t n, const double (*uv)[2], const int32_t *corner_uv);
void tm_set_normals(rm_mesh *m, size_t n, const double (*nv)[3], const int32_t *corner_normal);
void tm_set_colors(rm_mesh *m, const double (*rgb)[3]);

/* The big-endian word at `offset`. */
uint32_t tm_word(const uint8_t *data, size_t offset);
/* Asserts n words at `offset` (message names the first wrong word). */
void tm_expect_words(const uint8_t *data, size_t size, size_t offset, const uint32_t *words, size_t n);

/* The structure every written file must have (spec 3.1, 3.2, 2.6): the
   FileHeader, then the 28 lists in physical order, each with its tag, each
   list's size equal to the FileHeader's field for it, the sizes summing to
   file_size and to `size`, and inside every generic list header_size =
   24 + 4 n (ColorList/VectorList 28 + 4 (n + m)) and the size array summing
   to the list's size minus its header. Returns the offset of each list in
   `offsets` (29 entries, [0] = FileHeader). */
void tm_check_layout(const uint8_t *data, size_t size, size_t offsets[29]);
/* The offset of element `i` of the generic list at `list` (through its size
   array). */
size_t tm_elem(const uint8_t *data, size_t list, uint32_t i);

#endif
