// ChunkRange: where a column chunk's pages lie in the file, computed from its
// metadata with the writer quirks applied.
//
// A pure function of the metadata and the file size; thread-safe.
#ifndef PARQ_PAGE_CHUNK_RANGE_H_
#define PARQ_PAGE_CHUNK_RANGE_H_

#include <cstdint>
#include <optional>
#include <string>

#include "format/parquet_types.h"
#include "parq/result.h"

namespace parq::page {

// dictionary_page_offset 0 means none; files from parquet-mr up to 1.2.8
// under-count total_compressed_size by the dictionary page header, so up to
// 100 bytes (bounded by the file) are added for those.  A range that does not
// lie within the file is kCorrupt.
struct ChunkRange {
  uint64_t offset = 0;
  uint64_t length = 0;
};
Result<ChunkRange> ComputeChunkRange(const format::ColumnMetaData& md, uint64_t file_size,
                                     const std::optional<std::string>& created_by);

}  // namespace parq::page

#endif  // PARQ_PAGE_CHUNK_RANGE_H_
