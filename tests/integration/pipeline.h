/* tests/integration/pipeline.h - OBJ file -> JOM model -> bytes, for tests. */
#ifndef RM_TEST_PIPELINE_H
#define RM_TEST_PIPELINE_H

#include "retromesh/retromesh.h"

/* Reads `path`, converts it with `opt` (NULL: defaults) and writes the
   bytes. Returns the first failing status; *diag keeps the messages. */
rm_status rm_test_convert(const char *path, const rm_convert_options *opt, rm_jom_model *jom,
                          uint8_t **bytes, size_t *size, rm_diag *diag);

#endif
