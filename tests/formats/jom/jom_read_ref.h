/* tests/formats/jom/jom_read_ref.h - the copying reader before the view
   (jom_read_ref.c), the oracle of test_jom_view. */
#ifndef RM_TESTS_JOM_READ_REF_H
#define RM_TESTS_JOM_READ_REF_H

#include "retromesh/jom.h"

rm_status jom_ref_read(const uint8_t *data, size_t size, const char *filename, rm_jom_model *out,
                       rm_diag *diag);

#endif
