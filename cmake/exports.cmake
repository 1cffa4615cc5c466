# The shared library exports the public API only: the functions and objects
# the installed headers declare (cmake/api_symbols.awk) are global in a
# linker version script generated at build time, every other symbol is
# local. The static library keeps everything: the tool and the tests link it
# and use internals. tests/cli/symbols.sh compares the result with the
# headers.
if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang" AND NOT APPLE)
  file(GLOB RM_PUBLIC_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/retromesh/*.h)
  list(SORT RM_PUBLIC_HEADERS)
  set(RM_VERSION_SCRIPT ${PROJECT_BINARY_DIR}/retromesh.map)
  add_custom_command(OUTPUT ${RM_VERSION_SCRIPT}
    COMMAND sh ${PROJECT_SOURCE_DIR}/cmake/version_script.sh ${RM_VERSION_SCRIPT} ${RM_PUBLIC_HEADERS}
    DEPENDS ${RM_PUBLIC_HEADERS} ${PROJECT_SOURCE_DIR}/cmake/version_script.sh
            ${PROJECT_SOURCE_DIR}/cmake/api_symbols.awk
    COMMENT "Generating retromesh.map (the API of libretromesh.so) from the headers"
    VERBATIM)
  add_custom_target(retromesh_version_script DEPENDS ${RM_VERSION_SCRIPT})
  add_dependencies(retromesh_shared retromesh_version_script)
  target_link_options(retromesh_shared PRIVATE "LINKER:--version-script=${RM_VERSION_SCRIPT}")
  set_property(TARGET retromesh_shared APPEND PROPERTY LINK_DEPENDS ${RM_VERSION_SCRIPT})
endif()
