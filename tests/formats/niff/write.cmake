# tests/formats/niff/write.cmake: the NIFF 2.0 writer from a mesh
# (rm_niff_write_mesh). test_niff_write_meshes.c builds the small meshes and
# checks the structure every written file must have; test_niff_write_read
# reads the written files back with rm_niff_read and writes them again.
rm_unit_test(test_niff_write test_niff_write.c test_niff_write_meshes.c)
rm_unit_test(test_niff_write_read test_niff_write_read.c test_niff_write_meshes.c)
rm_unit_test(test_niff_write_corpus test_niff_write_corpus.c test_niff_write_meshes.c)
