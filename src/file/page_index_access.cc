// FileReader's page index and Bloom filter accessors: locate the chunk, hand the bytes to the
// index layer, add where it was.  Page indexes of a file not in memory are read
// ahead together (FileReader::Impl::IndexBytes), so that one index read brings
// those of the whole file, or of its row group, in one coalesced read.
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "index/bloom_filter_reader.h"
#include "index/page_index_reader.h"
#include "page/page_reader.h"
#include "parq/file_reader.h"

namespace parq {

namespace {

// Page indexes of at most this many bytes in all (with the holes between
// them) are read in one go: the whole file's, else one row group's; larger
// ones index by index.  Writers put a file's indexes together before the
// footer, so a filtered read over HTTP asks for them in one request (or a
// few per row group) rather than two per column chunk.
constexpr uint64_t kFewIndexBytes = 1 << 20;
// Files with more chunks than this are not planned whole (every chunk's
// metadata would be decoded at the first index read).
constexpr int64_t kMaxPlannedChunks = 1 << 16;
constexpr size_t kGroupsKept = 4;

// Serves the reads that lie in the index bytes read ahead from them, the
// others from the file: the same bytes either way.
class IndexBytesFile final : public RandomAccessFile {
 public:
  IndexBytesFile(const RandomAccessFile& file, const io::CoalescedBytes& bytes) : file_(file), bytes_(bytes) {}
  uint64_t size() const override { return file_.size(); }
  const std::string& name() const override { return file_.name(); }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    if (auto held = bytes_.Find(io::ByteRange{offset, length})) {
      if (length != 0) std::memcpy(out, held->data(), length);
      return Status::OK();
    }
    return file_.ReadAt(offset, length, out);
  }

 private:
  const RandomAccessFile& file_;
  const io::CoalescedBytes& bytes_;
};

// The index ranges of row group g's chunks that lie in the file and within
// the limits (the others are left to the reads that report them); adds
// their bytes to *total.
void IndexRanges(const FileMetaData& metadata, int g, uint64_t file_size, int64_t max_index,
                 std::vector<io::ByteRange>* out, uint64_t* total) {
  auto add = [&](const std::optional<int64_t>& offset, const std::optional<int32_t>& length) {
    if (!offset || !length || *offset < 0 || *length <= 0 || *length > max_index) return;
    const auto off = static_cast<uint64_t>(*offset), len = static_cast<uint64_t>(*length);
    if (off > file_size || len > file_size - off) return;
    out->push_back(io::ByteRange{off, len});
    *total += len;
  };
  const int columns = metadata.row_group(g).num_columns();
  for (int c = 0; c < columns; ++c) {
    Result<std::shared_ptr<const format::ColumnChunk>> chunk = MetaDataAccess::Chunk(metadata, g, c);
    if (!chunk.ok()) continue;
    add((*chunk)->column_index_offset, (*chunk)->column_index_length);
    add((*chunk)->offset_index_offset, (*chunk)->offset_index_length);
  }
}

}  // namespace

std::shared_ptr<const io::CoalescedBytes> FileReader::Impl::IndexBytes(int row_group) {
  if (file->data() != nullptr) return nullptr;  // in memory: nothing to save
  const uint64_t hole = static_cast<uint64_t>(std::max<int64_t>(0, options.prebuffer_hole_size));
  auto read = [&](std::vector<io::ByteRange> ranges) -> std::shared_ptr<const io::CoalescedBytes> {
    // Failing (an I/O error, too many bytes): the reads index by index
    // report what they meet.
    Result<std::shared_ptr<io::CoalescedBytes>> bytes =
        io::CoalescedBytes::Read(*file, std::move(ranges), hole, 2 * kFewIndexBytes, 2 * kFewIndexBytes);
    return bytes.ok() ? std::move(*bytes) : nullptr;
  };
  std::lock_guard<std::mutex> lock(index_mu);
  const int groups = metadata.num_row_groups();
  if (!index_planned) {
    index_planned = true;
    if (int64_t{groups} * (groups > 0 ? metadata.row_group(0).num_columns() : 0) <= kMaxPlannedChunks) {
      std::vector<io::ByteRange> ranges;
      uint64_t total = 0;
      for (int g = 0; g < groups && total <= kFewIndexBytes; ++g) {
        IndexRanges(metadata, g, file->size(), options.max_page_index_size, &ranges, &total);
      }
      if (total > 0 && total <= kFewIndexBytes) index_whole = read(std::move(ranges));
    }
  }
  if (index_whole != nullptr) return index_whole;
  for (const auto& [g, bytes] : index_groups) {
    if (g == row_group) return bytes;
  }
  std::vector<io::ByteRange> ranges;
  uint64_t total = 0;
  IndexRanges(metadata, row_group, file->size(), options.max_page_index_size, &ranges, &total);
  std::shared_ptr<const io::CoalescedBytes> bytes;
  if (total > 0 && total <= kFewIndexBytes) bytes = read(std::move(ranges));
  if (index_groups.size() == kGroupsKept) index_groups.erase(index_groups.begin());
  index_groups.emplace_back(row_group, bytes);
  return bytes;
}

Result<std::optional<ColumnIndex>> FileReader::ReadColumnIndex(int row_group, int column) const {
  Impl& d = *impl_;
  PARQ_RETURN_IF_ERROR(d.CheckChunkIndex(row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto chunk, MetaDataAccess::Chunk(d.metadata, row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto cipher, d.ChunkCipher(*chunk, row_group, column));
  if (!chunk->column_index_offset) return std::optional<ColumnIndex>();
  if (std::shared_ptr<const io::CoalescedBytes> held = d.IndexBytes(row_group)) {
    return index::ReadColumnIndex(IndexBytesFile(*d.file, *held), *chunk, schema().column(column), d.options,
                                  row_group, cipher.get());
  }
  return index::ReadColumnIndex(*d.file, *chunk, schema().column(column), d.options, row_group, cipher.get());
}

Result<std::optional<OffsetIndex>> FileReader::ReadOffsetIndex(int row_group, int column) const {
  Impl& impl = *impl_;
  PARQ_RETURN_IF_ERROR(impl.CheckChunkIndex(row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto decoded, MetaDataAccess::Chunk(impl.metadata, row_group, column));
  const format::ColumnChunk& chunk = *decoded;
  if (!chunk.offset_index_offset) return std::optional<OffsetIndex>();
  const ColumnDescriptor& d = schema().column(column);
  PARQ_ASSIGN_OR_RETURN(auto cipher, impl.ChunkCipher(chunk, row_group, column));
  if (!chunk.meta_data) {
    return std::move(Status::Corrupt("offset index of a column chunk without metadata"))
        .WithColumn(d.dotted_path)
        .WithRowGroup(row_group);
  }
  const auto& wire = MetaDataAccess::Wire(impl.metadata);
  auto range = page::ComputeChunkRange(*chunk.meta_data, impl.file->size(), thrift::ToStdString(wire.created_by));
  if (!range.ok()) {
    return std::move(range).status().WithColumn(d.dotted_path).WithRowGroup(row_group);
  }
  const index::ChunkBytes bytes{range->offset, range->length};
  const int64_t rows = impl.metadata.row_group(row_group).num_rows();
  if (std::shared_ptr<const io::CoalescedBytes> held = impl.IndexBytes(row_group)) {
    return index::ReadOffsetIndex(IndexBytesFile(*impl.file, *held), chunk, d, bytes, rows, impl.options, row_group,
                                  cipher.get());
  }
  return index::ReadOffsetIndex(*impl.file, chunk, d, bytes, rows, impl.options, row_group, cipher.get());
}

Result<PageIndex> FileReader::ReadPageIndex(int row_group, int column) const {
  PageIndex out;
  PARQ_ASSIGN_OR_RETURN(out.column_index, ReadColumnIndex(row_group, column));
  PARQ_ASSIGN_OR_RETURN(out.offset_index, ReadOffsetIndex(row_group, column));
  if (out.column_index && out.offset_index &&
      out.column_index->num_pages() != out.offset_index->num_pages()) {
    return std::move(Status::Corrupt("column index lists " +
                                     std::to_string(out.column_index->num_pages()) +
                                     " pages, offset index " +
                                     std::to_string(out.offset_index->num_pages())))
        .WithColumn(schema().column(column).dotted_path)
        .WithRowGroup(row_group);
  }
  return out;
}

Result<std::optional<BloomFilter>> FileReader::ReadBloomFilter(int row_group, int column) const {
  const Impl& d = *impl_;
  PARQ_RETURN_IF_ERROR(d.CheckChunkIndex(row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto chunk, MetaDataAccess::Chunk(d.metadata, row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto cipher, d.ChunkCipher(*chunk, row_group, column));
  return index::ReadBloomFilter(*d.file, *chunk, schema().column(column), d.options, row_group, cipher.get());
}

}  // namespace parq
