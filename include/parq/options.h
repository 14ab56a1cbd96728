// parq/options.h — ReaderOptions and WriterOptions.
//
// Every limit that protects a reader from hostile input lives here, with a
// default that is safe for files from anywhere yet generous for real files.
// A bound that is hit ends the read with StatusCode::kLimitExceeded naming
// the option.
#ifndef PARQ_OPTIONS_H_
#define PARQ_OPTIONS_H_

#include <cstdint>

namespace parq {

struct ReaderOptions {
  // --- Thrift metadata (footer, page headers, indexes, bloom filter headers) ---
  // Largest string or binary field, in bytes.  Never more than the bytes left either.
  int64_t max_thrift_string_size = 100 << 20;
  // Largest list / set / map element count.
  int64_t max_thrift_container_size = 10'000'000;
  // Deepest struct/container nesting (also caps skipping unknown fields).
  int32_t max_thrift_depth = 64;
  // Largest footer (FileMetaData) in bytes.
  int64_t max_footer_size = 256 << 20;
  // Largest page header in bytes.
  int64_t max_page_header_size = 16 << 20;

  // --- Pages ---
  // Largest uncompressed page size.
  int64_t max_page_size = 1 << 30;
  // Largest ratio uncompressed / compressed (decompression bombs); pages
  // smaller than 1 MiB uncompressed are exempt.
  int64_t max_decompression_ratio = 1000;
  // Largest number of values one page may claim.
  int64_t max_values_per_page = 1 << 28;
  // Largest schema nesting depth (definition/repetition levels).
  int32_t max_schema_depth = 100;
  // Upper bound on the bytes one read may allocate in total.
  int64_t max_allocation = int64_t{8} << 30;

  // Verify page CRC32 checksums when a page carries one.
  bool verify_checksums = false;
};

}  // namespace parq

#endif  // PARQ_OPTIONS_H_
