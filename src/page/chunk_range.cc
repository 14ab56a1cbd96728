#include "page/chunk_range.h"

#include <algorithm>

#include "format/writer_version.h"

namespace parq::page {
namespace {

// parquet-mr 1.2.8 and older left the dictionary page header out of
// total_compressed_size (PARQUET-816); a dictionary header is at most this long.
constexpr uint64_t kMaxDictionaryHeaderPadding = 100;

}  // namespace

Result<ChunkRange> ComputeChunkRange(const format::ColumnMetaData& md, uint64_t file_size,
                                     const std::optional<std::string>& created_by) {
  int64_t start = md.data_page_offset;
  // A dictionary page, when there is one, comes first.  Some writers store 0
  // for "no dictionary"; offset 0 holds the magic, so it can never be one.
  if (md.dictionary_page_offset && *md.dictionary_page_offset > 0 &&
      *md.dictionary_page_offset < start) {
    start = *md.dictionary_page_offset;
  }
  if (start < 4 || md.total_compressed_size < 0) {
    return Status::Corrupt("column chunk starts at offset " + std::to_string(start) +
                           " with size " + std::to_string(md.total_compressed_size));
  }
  uint64_t offset = static_cast<uint64_t>(start);
  uint64_t length = static_cast<uint64_t>(md.total_compressed_size);
  if (offset > file_size || length > file_size - offset) {
    return Status::Corrupt("column chunk [" + std::to_string(offset) + ", +" +
                           std::to_string(length) + ") runs past the end of the file (" +
                           std::to_string(file_size) + " bytes)");
  }
  if (created_by && !format::ChunkSizeBug(*created_by).empty()) {  // PARQUET-816
    length += std::min(kMaxDictionaryHeaderPadding, file_size - offset - length);
  }
  return ChunkRange{offset, length};
}

}  // namespace parq::page
