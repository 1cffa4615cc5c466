# tests/formats/niff/mesh.cmake: NIFF -> mesh (rm_niff_to_mesh), the Obj
# transforms, and the printers (rm_niff_print_info / _json).
rm_unit_test(test_niff_mesh_xform test_niff_mesh_xform.c)
rm_unit_test(test_niff_mesh test_niff_mesh.c)
target_link_libraries(test_niff_mesh PRIVATE PkgConfig::JANSSON)
rm_unit_test(test_niff_mesh_tree test_niff_mesh_tree.c niff_build.c)
rm_unit_test(test_niff_text test_niff_text.c niff_build.c)
target_link_libraries(test_niff_text PRIVATE PkgConfig::JANSSON)
