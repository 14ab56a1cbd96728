# Debian's compression libraries (libzstd-dev libsnappy-dev liblz4-dev zlib1g-dev libbrotli-dev
# libdeflate-dev).
find_package(PkgConfig REQUIRED)
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)
pkg_check_modules(LZ4 REQUIRED IMPORTED_TARGET liblz4)
pkg_check_modules(LIBDEFLATE REQUIRED IMPORTED_TARGET libdeflate)
pkg_check_modules(BROTLIDEC REQUIRED IMPORTED_TARGET libbrotlidec)
pkg_check_modules(BROTLIENC REQUIRED IMPORTED_TARGET libbrotlienc)
find_package(ZLIB REQUIRED)
find_library(SNAPPY_LIBRARY NAMES snappy REQUIRED)
find_path(SNAPPY_INCLUDE_DIR snappy.h REQUIRED)

add_library(parq_codec_libs INTERFACE)
target_include_directories(parq_codec_libs INTERFACE ${SNAPPY_INCLUDE_DIR})
target_link_libraries(parq_codec_libs INTERFACE
  PkgConfig::ZSTD PkgConfig::LZ4 PkgConfig::LIBDEFLATE PkgConfig::BROTLIDEC PkgConfig::BROTLIENC ZLIB::ZLIB ${SNAPPY_LIBRARY})
