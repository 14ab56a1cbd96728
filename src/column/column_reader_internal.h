// What a ColumnReader holds, and the factory the file layer calls.
#ifndef PARQ_COLUMN_COLUMN_READER_INTERNAL_H_
#define PARQ_COLUMN_COLUMN_READER_INTERNAL_H_

#include <memory>
#include <span>
#include <optional>
#include <string>
#include <vector>

#include "encoding/rle_bit_packed.h"
#include "format/parquet_types.h"
#include "page/page_reader.h"
#include "parq/column_reader.h"
#include "parq/io.h"
#include "parq/options.h"

namespace parq {

// The type-independent half: pages and levels.
struct ColumnReader::Impl {
  std::shared_ptr<const void> keep_alive;  // owner of *descriptor and *metadata
  const ColumnDescriptor* descriptor = nullptr;
  const format::ColumnMetaData* metadata = nullptr;
  int row_group = 0;
  std::unique_ptr<page::PageReader> pages;

  // The current data page.
  page::Page page;
  bool at_end = false;
  int64_t levels_left = 0;   // level entries not yet returned
  int64_t values_left = 0;   // non-null values not yet returned
  // Every definition level of the current page is the maximum (no nulls), as
  // the counting pass found: levels are filled, not decoded.
  bool all_defined = false;
  bool chunk_started = false;
  const uint8_t* value_data = nullptr;
  size_t value_size = 0;

  // Level decoders of the current page (RLE, or BIT_PACKED in old v1 pages).
  encoding::RleBitPackedDecoder def_rle, rep_rle;
  encoding::BitPackedLevelDecoder def_packed, rep_packed;
  bool def_is_packed = false, rep_is_packed = false;

  // Scratch for levels the caller did not ask for but the reader needs.
  std::vector<int16_t> def_scratch, rep_scratch;

  // Adds page / column / row group context to an error.
  Status Context(Status st) const;
  Status PageContext(Status st) const;

  // Sets up level decoders for `page` (already read) and finds its values:
  // counts the non-null values by a bounded first pass over the def levels.
  Status StartDataPage();
  // Decodes n levels of the current page into def/rep (either may be null when
  // its max level is 0) and returns how many are non-null values.
  Result<int64_t> DecodeLevels(int64_t n, int16_t* def, int16_t* rep);
};

struct ColumnReaderFactory {
  // `keep_alive` owns `descriptor` and `chunk` (and `chunk_bytes`); page
  // buffers come from and go back to `buffer_pool` (none: null).
  // `chunk_bytes`, when not empty, are the chunk's bytes already in memory
  // (see page::PageReader::Open).
  static Result<std::unique_ptr<ColumnReader>> Make(const RandomAccessFile& file,
                                                    const format::ColumnChunk& chunk,
                                                    const ColumnDescriptor& descriptor,
                                                    const ReaderOptions& options,
                                                    const std::optional<std::string>& created_by,
                                                    int row_group,
                                                    std::shared_ptr<const void> keep_alive,
                                                    std::shared_ptr<page::BufferPool> buffer_pool,
                                                    std::span<const uint8_t> chunk_bytes = {});
};

}  // namespace parq

#endif  // PARQ_COLUMN_COLUMN_READER_INTERNAL_H_
