# tests/formats/niff/read.cmake: the NIFF reader and validator
# (rm_niff_read, rm_niff_write). niff_build.c builds the hand-made files
# (shared with the writer and mesh tests).
rm_unit_test(test_niff_read test_niff_read.c niff_build.c)
rm_unit_test(test_niff_read_obj test_niff_read_obj.c niff_build.c)
rm_unit_test(test_niff_read_lists test_niff_read_lists.c niff_build.c)
rm_unit_test(test_niff_read_bad test_niff_read_bad.c niff_build.c)
rm_unit_test(test_niff_read_neb test_niff_read_neb.c niff_build.c)
rm_unit_test(test_niff_read_big test_niff_read_big.c niff_build.c)
