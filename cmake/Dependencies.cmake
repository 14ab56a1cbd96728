# The compression libraries parq links (Debian: libzstd-dev libsnappy-dev
# liblz4-dev zlib1g-dev libbrotli-dev libdeflate-dev liblzo2-dev), gathered in one
# imported target, parq::codec_libs; OpenSSL 3's libcrypto (libssl-dev),
# OpenSSL::Crypto, for encrypted files; and libcurl (Debian:
# libcurl4-openssl-dev) of the io layer's HTTP(S) files, PkgConfig::PARQ_LIBCURL.
#
# Included by the build, and installed beside parqConfig.cmake as
# parqDependencies.cmake, so that a consumer's find_package(parq) finds the
# same libraries and parq::parq_static links.  The build fails on a missing
# library; the package config (PARQ_DEPENDENCIES_QUIET set) instead lists
# what it lacks in PARQ_DEPENDENCIES_MISSING and defines nothing.
set(PARQ_DEPENDENCIES_MISSING)
set(_parq_quiet)
if(PARQ_DEPENDENCIES_QUIET)
  set(_parq_quiet QUIET)
endif()

find_package(PkgConfig ${_parq_quiet})
if(PKG_CONFIG_FOUND)
  # Prefixed variable names: a consumer's own ZSTD_* etc. stay untouched.
  foreach(_parq_module libzstd liblz4 libdeflate libbrotlidec libbrotlienc lzo2 libcurl)
    string(TOUPPER "PARQ_${_parq_module}" _parq_prefix)
    pkg_check_modules(${_parq_prefix} QUIET IMPORTED_TARGET ${_parq_module})
    if(NOT ${_parq_prefix}_FOUND)
      list(APPEND PARQ_DEPENDENCIES_MISSING ${_parq_module})
    endif()
  endforeach()
else()
  list(APPEND PARQ_DEPENDENCIES_MISSING pkg-config)
endif()
find_package(ZLIB ${_parq_quiet})
if(NOT ZLIB_FOUND)
  list(APPEND PARQ_DEPENDENCIES_MISSING zlib)
endif()
# libcrypto: AES-GCM and AES-CTR (src/crypto).
find_package(OpenSSL 3 ${_parq_quiet} COMPONENTS Crypto)
if(NOT OPENSSL_FOUND)
  list(APPEND PARQ_DEPENDENCIES_MISSING openssl)
endif()
# Snappy has no pkg-config file everywhere: found by its header and library.
find_library(PARQ_SNAPPY_LIBRARY NAMES snappy)
find_path(PARQ_SNAPPY_INCLUDE_DIR snappy.h)
if(NOT PARQ_SNAPPY_LIBRARY OR NOT PARQ_SNAPPY_INCLUDE_DIR)
  list(APPEND PARQ_DEPENDENCIES_MISSING snappy)
endif()

if(PARQ_DEPENDENCIES_MISSING)
  if(NOT PARQ_DEPENDENCIES_QUIET)
    message(FATAL_ERROR "parq: missing libraries: ${PARQ_DEPENDENCIES_MISSING} (scripts/install-deps.sh installs them)")
  endif()
elseif(NOT TARGET parq::codec_libs)
  add_library(parq::codec_libs INTERFACE IMPORTED)
  set_target_properties(parq::codec_libs PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${PARQ_SNAPPY_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "PkgConfig::PARQ_LIBZSTD;PkgConfig::PARQ_LIBLZ4;PkgConfig::PARQ_LIBDEFLATE;PkgConfig::PARQ_LIBBROTLIDEC;PkgConfig::PARQ_LIBBROTLIENC;PkgConfig::PARQ_LZO2;ZLIB::ZLIB;${PARQ_SNAPPY_LIBRARY}")
endif()
unset(_parq_quiet)
