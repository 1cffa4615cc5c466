/* tests/runtime/cd_fixtures.h - CD folders built by the CD tests: models
   written with the JOM writer, .BIN textures with rm_bin_encode, TGA files
   byte by byte, all in a temporary folder removed at the end. */
#ifndef RM_TESTS_CD_FIXTURES_H
#define RM_TESTS_CD_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

#include "retromesh/jom.h"

#define CDT_ONE 0x10000

/* A new empty folder (malloc'd path); cdt_remove_dir removes it and what is in it. */
char *cdt_make_dir(void);
void cdt_remove_dir(char *dir);

/* A model of `quads` separate quads (4 points each, quad k at x = 2k),
   `mats` materials where material i has texture mat_tex[i] (-1: none) and
   flags mat_flags[i] (NULL: 0), the TEXT names (`texts` of them), and
   GOUR (4 words a quad, NULL: none; VCOL is then written too). */
void cdt_model(rm_jom_model *m, uint32_t quads, const uint16_t *qmat, uint32_t mats, const int16_t *mat_tex,
               const uint32_t *mat_flags, uint32_t texts, const char *const *names, const uint16_t *gour);
/* Adds an embedded RGB555 texture (TIMG) of w x h named `name` (its
   texels as cdt_texel). The TEXT names must list it in the same order. */
void cdt_add_timg(rm_jom_model *m, const char *name, uint16_t w, uint16_t h, uint16_t seed);

/* Writes the model into dir/file, frees it, returns the file's size. */
size_t cdt_write_model(const char *dir, const char *file, rm_jom_model *m);
/* The texel (x, y) of a test texture: 0x8000 | ((seed + y * w + x) & 0x7FFF). */
uint16_t cdt_texel(uint16_t seed, uint32_t w, uint32_t x, uint32_t y);
/* A w x h .BIN of cdt_texel(seed) texels into dir/file; returns its size (4 + 2wh). */
size_t cdt_write_bin(const char *dir, const char *file, uint32_t w, uint32_t h, uint16_t seed);
/* Any bytes into dir/file. */
void cdt_write_file(const char *dir, const char *file, const void *data, size_t size);

#endif
