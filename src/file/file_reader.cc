#include "parq/file_reader.h"

#include <mutex>

#include "column/column_reader_internal.h"
#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "format/footer.h"
#include "io/coalesced_read.h"
#include "page/buffer_pool.h"
#include "page/page_reader.h"
#include "parq/http_file.h"

namespace parq {
namespace {

// Where a column chunk's pages lie in this file, when it has pages here: not
// an empty chunk, one without metadata (encrypted) or one in another file,
// nor one whose metadata does not place it in the file (OpenColumn reports
// those).
std::optional<io::ByteRange> LocalChunkRange(const format::ColumnChunk& chunk, uint64_t file_size,
                                             const std::optional<std::string>& created_by) {
  if (!chunk.meta_data || chunk.file_path || chunk.meta_data->num_values == 0) return std::nullopt;
  auto range = page::ComputeChunkRange(*chunk.meta_data, file_size, created_by);
  if (!range.ok()) return std::nullopt;
  return io::ByteRange{range->offset, range->length};
}

}  // namespace

FileReader::FileReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
FileReader::~FileReader() = default;

const FileMetaData& FileReader::metadata() const { return impl_->metadata; }
const Schema& FileReader::schema() const { return impl_->metadata.schema(); }
const RandomAccessFile& FileReader::file() const { return *impl_->file; }
const std::shared_ptr<RandomAccessFile>& FileReader::shared_file() const { return impl_->file; }
const ReaderOptions& FileReader::options() const { return impl_->options; }
uint64_t FileReader::footer_offset() const { return impl_->footer_offset; }
uint32_t FileReader::footer_length() const { return impl_->footer_length; }
const EncryptionInfo* FileReader::encryption() const {
  return impl_->decryptor ? &impl_->decryptor->info() : nullptr;
}

namespace {

Result<std::unique_ptr<RandomAccessFile>> OpenPath(const std::string& path, bool mmap) {
  if (IsHttpUrl(path)) return OpenHttpFile(path);
  if (mmap) return OpenMappedFile(path);
  return OpenFile(path);
}

}  // namespace

Result<std::unique_ptr<FileReader>> FileReader::Open(const std::string& path,
                                                     const ReaderOptions& options, bool mmap) {
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<RandomAccessFile> file, OpenPath(path, mmap));
  return Open(std::shared_ptr<RandomAccessFile>(std::move(file)), options);
}

Result<std::unique_ptr<FileReader>> FileReader::Open(std::shared_ptr<RandomAccessFile> file,
                                                     const ReaderOptions& options) {
  return FileReaderAccess::Open(std::move(file), options, /*outline=*/false);
}

Result<std::unique_ptr<FileReader>> FileReaderAccess::OpenOutline(const std::string& path,
                                                                  const ReaderOptions& options, bool row_groups) {
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<RandomAccessFile> file, OpenPath(path, /*mmap=*/false));
  return Open(std::shared_ptr<RandomAccessFile>(std::move(file)), options, /*outline=*/true, row_groups);
}

Result<std::unique_ptr<FileReader>> FileReaderAccess::Open(std::shared_ptr<RandomAccessFile> file,
                                                           const ReaderOptions& options, bool outline,
                                                           bool outline_row_groups) {
  PARQ_ASSIGN_OR_RETURN(format::Footer footer, format::ReadFooter(*file, options, /*defer_chunks=*/true));
  const std::string context = "in '" + file->name() + "'";
  const bool whole = !outline || (!outline_row_groups && !footer.metadata->row_groups.empty());
  auto from_wire = whole ? &MetaDataAccess::FromWire : &MetaDataAccess::Outline;
  PARQ_ASSIGN_OR_RETURN(FileMetaData metadata, from_wire(std::move(footer.metadata), options, std::move(footer.bytes),
                                                         footer.bytes_offset, context, footer.decryptor));
  auto impl = std::make_unique<FileReader::Impl>(std::move(file), std::move(metadata), options, footer.offset,
                                                 footer.length);
  impl->decryptor = std::move(footer.decryptor);
  if (options.page_buffer_pool_bytes > 0) {
    impl->buffer_pool = std::make_shared<page::BufferPool>(static_cast<size_t>(options.page_buffer_pool_bytes));
  }
  return std::unique_ptr<FileReader>(new FileReader(std::move(impl)));
}

Status FileReader::Impl::CheckChunkIndex(int row_group, int column) const {
  if (row_group < 0 || row_group >= metadata.num_row_groups()) {
    return Status::InvalidArgument("row group " + std::to_string(row_group) + " out of range");
  }
  if (column < 0 || column >= metadata.schema().num_columns()) {
    return Status::InvalidArgument("column " + std::to_string(column) + " out of range");
  }
  return Status::OK();
}

Result<std::shared_ptr<const crypto::ChunkCipher>> FileReader::Impl::ChunkCipher(const format::ColumnChunk& chunk,
                                                                                int row_group, int column) const {
  if (decryptor == nullptr && !chunk.crypto_metadata) return std::shared_ptr<const crypto::ChunkCipher>();
  if (!decryptor) {
    return std::move(Status::Corrupt("the column chunk is encrypted but the footer names no encryption algorithm"))
        .WithColumn(metadata.schema().column(column).dotted_path)
        .WithRowGroup(row_group);
  }
  const format::RowGroup& rg = MetaDataAccess::Wire(metadata).row_groups[static_cast<size_t>(row_group)];
  auto cipher = decryptor->ForChunk(rg, chunk, row_group, column);
  if (!cipher.ok()) return std::move(cipher).status().WithRowGroup(row_group);
  return cipher;
}

Result<std::unique_ptr<ColumnReader>> FileReader::OpenColumn(int row_group, int column) const {
  Impl& d = *impl_;
  PARQ_RETURN_IF_ERROR(d.CheckChunkIndex(row_group, column));
  const format::FileMetaData& wire = MetaDataAccess::Wire(d.metadata);
  auto decoded = MetaDataAccess::Chunk(d.metadata, row_group, column);
  if (!decoded.ok()) {
    return std::move(decoded).status()
        .WithColumn(d.metadata.schema().column(column).dotted_path)
        .WithRowGroup(row_group);
  }
  const format::ColumnChunk& chunk = **decoded;
  PARQ_ASSIGN_OR_RETURN(std::shared_ptr<const crypto::ChunkCipher> cipher, d.ChunkCipher(chunk, row_group, column));
  const std::optional<std::string> created_by = thrift::ToStdString(wire.created_by);
  // The chunk's bytes, when PreBuffer read them.
  std::shared_ptr<const io::CoalescedBytes> prebuffered;
  std::span<const uint8_t> chunk_bytes;
  {
    std::lock_guard<std::mutex> lock(d.prebuffered_mu);
    prebuffered = d.prebuffered;
  }
  if (prebuffered != nullptr) {
    if (auto range = LocalChunkRange(chunk, d.file->size(), created_by)) {
      if (auto bytes = prebuffered->Find(*range)) chunk_bytes = *bytes;
    }
  }
  if (chunk_bytes.data() == nullptr) prebuffered.reset();
  // The reader may hold views into the file (mmap), into the metadata, its
  // chunk and the pre-buffered bytes.
  struct KeepAlive {
    std::shared_ptr<const ColumnChunkMetaData::Impl> metadata;
    std::shared_ptr<const format::ColumnChunk> chunk;
    std::shared_ptr<RandomAccessFile> file;
    std::shared_ptr<const io::CoalescedBytes> prebuffered;
  };
  auto keep_alive = std::make_shared<KeepAlive>(
      KeepAlive{MetaDataAccess::Shared(d.metadata), std::move(*decoded), d.file, std::move(prebuffered)});
  return ColumnReaderFactory::Make(*d.file, chunk, d.metadata.schema().column(column), d.options, created_by,
                                   row_group, std::move(keep_alive), d.buffer_pool, chunk_bytes, std::move(cipher));
}

Status FileReader::PreBuffer(const std::vector<int>& row_groups, const std::vector<int>& columns) const {
  Impl& d = *impl_;
  for (int g : row_groups) {
    for (int c : columns) PARQ_RETURN_IF_ERROR(d.CheckChunkIndex(g, c));
  }
  // The set read before: its buffers are reused when no column reader still
  // decodes from them.
  std::shared_ptr<io::CoalescedBytes> previous;
  {
    std::lock_guard<std::mutex> lock(d.prebuffered_mu);
    previous.swap(d.prebuffered);
  }
  if (previous.use_count() != 1) previous.reset();
  if (d.file->data() != nullptr) return Status::OK();  // its bytes are in memory already
  const format::FileMetaData& wire = MetaDataAccess::Wire(d.metadata);
  const std::optional<std::string> created_by = thrift::ToStdString(wire.created_by);
  std::vector<io::ByteRange> ranges;
  for (int g : row_groups) {
    for (int c : columns) {
      PARQ_ASSIGN_OR_RETURN(auto chunk, MetaDataAccess::Chunk(d.metadata, g, c));
      if (auto range = LocalChunkRange(*chunk, d.file->size(), created_by)) ranges.push_back(*range);
    }
  }
  auto read = io::CoalescedBytes::Read(*d.file, std::move(ranges),
                                       static_cast<uint64_t>(std::max<int64_t>(0, d.options.prebuffer_hole_size)),
                                       static_cast<uint64_t>(std::max<int64_t>(0, d.options.prebuffer_max_read_size)),
                                       static_cast<uint64_t>(std::max<int64_t>(0, d.options.max_allocation)),
                                       std::move(previous));
  if (!read.ok()) {
    return std::move(read).status().AddContext("pre-buffering column chunks of '" + d.file->name() + "'");
  }
  std::lock_guard<std::mutex> lock(d.prebuffered_mu);
  d.prebuffered = std::move(*read);
  return Status::OK();
}

void FileReader::ReleasePreBuffered() const {
  std::shared_ptr<io::CoalescedBytes> released;
  std::lock_guard<std::mutex> lock(impl_->prebuffered_mu);
  released.swap(impl_->prebuffered);  // freed outside the lock: after the guard, as declared first
}

}  // namespace parq
