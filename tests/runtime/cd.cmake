# The CD context (include/retromesh/cd.h; src/runtime/cd*.c, vram*.c): the
# folders are built by the tests themselves (cd_fixtures.c).
rm_unit_test(test_runtime_cd test_cd.c cd_fixtures.c)
rm_unit_test(test_runtime_cd_textures test_cd_textures.c cd_fixtures.c
             ${PROJECT_SOURCE_DIR}/tests/formats/jom/jom_models.c)
