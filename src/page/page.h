// A page as the column layer consumes it: its header fields and its bytes,
// already decompressed and split into levels and values.
#ifndef PARQ_PAGE_PAGE_H_
#define PARQ_PAGE_PAGE_H_

#include <cstdint>
#include <span>

#include "format/parquet_types.h"
#include "parq/buffer.h"
#include "parq/types.h"

namespace parq::page {

struct Page {
  PageType type = PageType::kDataPage;  // kDataPage, kDataPageV2 or kDictionaryPage
  int64_t ordinal = 0;                  // position of the page within its chunk
  uint64_t file_offset = 0;             // where the page header starts
  uint64_t size_in_file = 0;            // its header and (compressed) body
  int32_t num_values = 0;               // level count (data pages) or entries (dictionary)
  Encoding encoding = Encoding::kPlain; // of the values

  // DATA_PAGE (v1): levels and values share `values`, each level run with its
  // 4-byte length prefix (RLE) or as BIT_PACKED; the encodings say which.
  Encoding definition_level_encoding = Encoding::kRle;
  Encoding repetition_level_encoding = Encoding::kRle;

  // DATA_PAGE_V2: levels are uncompressed, RLE without length prefix, in
  // their own spans; the counts come from the header.
  int32_t num_nulls = 0;
  int32_t num_rows = 0;
  std::span<const uint8_t> repetition_levels;
  std::span<const uint8_t> definition_levels;

  // v1: the whole decompressed body; v2: the decompressed values section;
  // dictionary: the dictionary's values.
  std::span<const uint8_t> values;
  // Dictionary pages: the buffer `values` fills, the page reader's own (never
  // a view of the chunk), which the consumer may take (std::move) to keep the
  // dictionary for the chunk's life without a copy of it.
  Buffer* dictionary_buffer = nullptr;

  bool dictionary_is_sorted = false;
  const format::Statistics* statistics = nullptr;  // page statistics, when written
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_H_
