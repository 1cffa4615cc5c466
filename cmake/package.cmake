# The CMake package of an installed retromesh:
#   find_package(retromesh 0.1 REQUIRED)
#   target_link_libraries(app PRIVATE retromesh::retromesh)   # or retromesh::static
# retromeshConfig.cmake finds the static library's dependencies (pkg-config)
# and includes the exported targets; the version file accepts the same major
# version.
include(CMakePackageConfigHelpers)
set(RM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/retromesh)
set_target_properties(retromesh_shared PROPERTIES EXPORT_NAME retromesh)
set_target_properties(retromesh PROPERTIES EXPORT_NAME static)
install(EXPORT retromeshTargets NAMESPACE retromesh:: DESTINATION ${RM_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/retromeshConfig.cmake.in
  ${PROJECT_BINARY_DIR}/retromeshConfig.cmake INSTALL_DESTINATION ${RM_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/retromeshConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/retromeshConfig.cmake ${PROJECT_BINARY_DIR}/retromeshConfigVersion.cmake
  DESTINATION ${RM_CMAKE_DIR})
