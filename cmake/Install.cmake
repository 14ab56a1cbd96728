# Install rules and package files (PARQ_INSTALL):
#   include/parq/*.h                        the public headers (version.h configured)
#   lib/libparq.so.<version>, .so.<major>, .so (PARQ_BUILD_SHARED), lib/libparq.a
#   bin/parq                                the CLI, when built (linked statically)
#   lib/cmake/parq/parqConfig.cmake         find_package(parq): parq::parq (shared),
#                  parqConfigVersion.cmake  parq::parq_static; same major version
#                  parqTargets*.cmake
#                  parqDependencies.cmake   the codec libraries parq::parq_static needs
#   lib/pkgconfig/parq.pc                   pkg-config --cflags --libs parq [--static]
include(CMakePackageConfigHelpers)
set(PARQ_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/parq)

set(PARQ_INSTALL_LIBRARIES parq_static)
if(TARGET parq_shared)
  list(APPEND PARQ_INSTALL_LIBRARIES parq_shared)
endif()
install(TARGETS ${PARQ_INSTALL_LIBRARIES} EXPORT parqTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/parq DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_BINARY_DIR}/include/parq/version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/parq)
if(TARGET parq_cli)
  install(TARGETS parq_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(EXPORT parqTargets NAMESPACE parq:: DESTINATION ${PARQ_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/parqConfig.cmake.in ${PROJECT_BINARY_DIR}/parqConfig.cmake
  INSTALL_DESTINATION ${PARQ_INSTALL_CMAKEDIR})
# libparq.so.<major>: a consumer built against one 0.x may load any other.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/parqConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/parqConfig.cmake ${PROJECT_BINARY_DIR}/parqConfigVersion.cmake
  DESTINATION ${PARQ_INSTALL_CMAKEDIR})
install(FILES cmake/Dependencies.cmake DESTINATION ${PARQ_INSTALL_CMAKEDIR} RENAME parqDependencies.cmake)

# parq.pc, relocatable: prefix is found from the file's own place.
file(RELATIVE_PATH PARQ_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" PARQ_PC_TO_PREFIX "${PARQ_PC_TO_PREFIX}")
# The codec libraries, libcrypto and libcurl: by their pkg-config names, snappy by -l when it has no .pc.
set(PARQ_PC_REQUIRES_PRIVATE "libzstd liblz4 libdeflate libbrotlidec libbrotlienc lzo2 zlib libcrypto libcurl")
pkg_check_modules(PARQ_PC_SNAPPY QUIET snappy)
if(PARQ_PC_SNAPPY_FOUND)
  string(APPEND PARQ_PC_REQUIRES_PRIVATE " snappy")
  set(PARQ_PC_LIBS_PRIVATE "")
else()
  set(PARQ_PC_LIBS_PRIVATE "-lsnappy")
endif()
string(APPEND PARQ_PC_LIBS_PRIVATE " ${CMAKE_THREAD_LIBS_INIT}")
string(STRIP "${PARQ_PC_LIBS_PRIVATE}" PARQ_PC_LIBS_PRIVATE)
set(PARQ_PC_LIBS_PRIVATE_LINE "")
if(PARQ_PC_LIBS_PRIVATE)
  set(PARQ_PC_LIBS_PRIVATE_LINE "Libs.private: ${PARQ_PC_LIBS_PRIVATE}\n")
endif()
configure_file(cmake/parq.pc.in ${PROJECT_BINARY_DIR}/parq.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/parq.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
