// index/page_index_reader.h — decoding and checking a chunk's ColumnIndex and
// OffsetIndex (PageIndex.md) into the public views of parq/page_index.h.
//
// What is checked, so that a returned index is safe to use unchecked:
//   * the byte range (offset, length) lies in the file and is not larger than
//     ReaderOptions::max_page_index_size; the Thrift struct fills it exactly;
//   * ColumnIndex: null_pages, min_values, max_values, null_counts and
//     nan_counts all have one entry per page; the level histograms have
//     pages x (max level + 1) entries; boundary_order is a known value; the
//     bounds of every non-null page of a fixed-width type have that width;
//     histogram counts are not negative (null/NaN counts may be: -1 means
//     unknown to parquet-mr);
//   * OffsetIndex: at least one page; each page lies inside the column chunk,
//     after the previous one; first_row_index starts at 0, never decreases and
//     stays below the row group's row count; unencoded_byte_array_data_bytes
//     has one entry per page.
// Errors are kCorrupt (or kLimitExceeded) and name the structure, the column
// path, the row group and the file offset.
//
// The indexes of an encrypted column are modules (Encryption.md): read with
// the chunk's cipher, decrypted, then decoded and checked as above; without
// a cipher they are kUnsupported.
#ifndef PARQ_INDEX_PAGE_INDEX_READER_H_
#define PARQ_INDEX_PAGE_INDEX_READER_H_

#include <cstdint>
#include <optional>

#include "crypto/module.h"
#include "format/parquet_types.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/page_index.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq::index {

// Where a column chunk's pages lie in the file (the page layer's ChunkRange).
struct ChunkBytes {
  uint64_t offset = 0;
  uint64_t length = 0;
};

// Converts and checks a decoded ColumnIndex.
Result<ColumnIndex> MakeColumnIndex(const format::ColumnIndex& wire, const ColumnDescriptor& column);
// Converts and checks a decoded OffsetIndex against the chunk and row count.
Result<OffsetIndex> MakeOffsetIndex(const format::OffsetIndex& wire, ChunkBytes chunk,
                                    int64_t num_rows);

// Decodes `size` bytes (the whole serialized struct) and checks it.
// `base_offset` is the file offset of `data`, for messages.
Result<ColumnIndex> DecodeColumnIndex(const uint8_t* data, size_t size,
                                      const ColumnDescriptor& column, const ReaderOptions& options,
                                      uint64_t base_offset = 0);
Result<OffsetIndex> DecodeOffsetIndex(const uint8_t* data, size_t size, ChunkBytes chunk,
                                      int64_t num_rows, const ReaderOptions& options,
                                      uint64_t base_offset = 0);

// The chunk's index structs as decoded, not checked beyond decoding (for a
// copy of the chunk, parq/file_writer.h CopyRowGroup); nullopt when the chunk
// has none.  Errors as ReadColumnIndex's (`cipher` too).
Result<std::optional<format::ColumnIndex>> ReadWireColumnIndex(const RandomAccessFile& file,
                                                               const format::ColumnChunk& chunk,
                                                               const ColumnDescriptor& column,
                                                               const ReaderOptions& options, int row_group,
                                                               const crypto::ChunkCipher* cipher = nullptr);
Result<std::optional<format::OffsetIndex>> ReadWireOffsetIndex(const RandomAccessFile& file,
                                                               const format::ColumnChunk& chunk,
                                                               const ColumnDescriptor& column,
                                                               const ReaderOptions& options, int row_group,
                                                               const crypto::ChunkCipher* cipher = nullptr);

// Reads the chunk's index from the file; nullopt when the chunk has none.
// `row_group` is for messages only; `cipher` is the chunk's when its column
// is encrypted (else null).
Result<std::optional<ColumnIndex>> ReadColumnIndex(const RandomAccessFile& file,
                                                   const format::ColumnChunk& chunk,
                                                   const ColumnDescriptor& column,
                                                   const ReaderOptions& options, int row_group,
                                                   const crypto::ChunkCipher* cipher = nullptr);
Result<std::optional<OffsetIndex>> ReadOffsetIndex(const RandomAccessFile& file,
                                                   const format::ColumnChunk& chunk,
                                                   const ColumnDescriptor& column,
                                                   ChunkBytes chunk_bytes, int64_t num_rows,
                                                   const ReaderOptions& options, int row_group,
                                                   const crypto::ChunkCipher* cipher = nullptr);

}  // namespace parq::index

#endif  // PARQ_INDEX_PAGE_INDEX_READER_H_
