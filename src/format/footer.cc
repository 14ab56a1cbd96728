#include "format/footer.h"

#include <algorithm>
#include <cstring>

#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace parq::format {

thrift::ThriftLimits ThriftLimitsFrom(const ReaderOptions& options) {
  thrift::ThriftLimits limits;
  limits.max_string_size = options.max_thrift_string_size;
  limits.max_container_size = options.max_thrift_container_size;
  limits.max_depth = options.max_thrift_depth;
  return limits;
}

Result<std::shared_ptr<const FileMetaData>> DecodeFileMetaData(const uint8_t* data, size_t size,
                                                               const ReaderOptions& options,
                                                               uint64_t base_offset, bool defer_chunks) {
  thrift::CompactReader reader(data, size, ThriftLimitsFrom(options), base_offset);
  reader.set_defer_lists(defer_chunks);
  // The decoded structs take about six times the bytes of the encoding. The
  // arena starts at the encoding's size and doubles from there, so a hostile
  // footer that decodes to little never costs more than its own bytes.
  const size_t first_block = std::clamp<size_t>(size, 512, size_t{16} << 20);
  thrift::ArenaOwned<FileMetaData> metadata(first_block);
  {
    thrift::ArenaScope scope(metadata.arena());
    if (!Read(reader, metadata.get())) {
      Status st = reader.status();
      return std::move(st).AddContext("decoding FileMetaData");
    }
  }
  return std::move(metadata).Share();
}

namespace {

template <class T>
Status DecodeAt(const std::vector<uint8_t>& bytes, uint32_t at, const thrift::ThriftLimits& limits,
                uint64_t base_offset, T* out) {
  if (at >= bytes.size()) return Status::Internal("deferred value's offset past the footer's end");
  thrift::CompactReader reader(bytes.data() + at, bytes.size() - at, limits, base_offset + at);
  if (!Read(reader, out)) {
    Status st = reader.status();
    return std::move(st).AddContext("decoding FileMetaData");
  }
  return Status::OK();
}

}  // namespace

Status DecodeColumnChunk(const std::vector<uint8_t>& bytes, uint32_t at, const thrift::ThriftLimits& limits,
                         uint64_t base_offset, ColumnChunk* out) {
  return DecodeAt(bytes, at, limits, base_offset, out);
}

Status DecodeSchemaElement(const std::vector<uint8_t>& bytes, uint32_t at, const thrift::ThriftLimits& limits,
                           uint64_t base_offset, SchemaElement* out) {
  return DecodeAt(bytes, at, limits, base_offset, out);
}

Result<Footer> ReadFooter(const RandomAccessFile& file, const ReaderOptions& options, bool defer_chunks) {
  const uint64_t size = file.size();
  // Smallest possible file: magic, an (empty-struct) footer byte, length, magic.
  if (size < 13) {
    return Status::Corrupt("'" + file.name() + "' is too small to be a Parquet file (" +
                           std::to_string(size) + " bytes)");
  }
  uint8_t tail[8];
  uint8_t head[4];
  PARQ_RETURN_IF_ERROR(file.ReadAt(size - 8, 8, tail));
  PARQ_RETURN_IF_ERROR(file.ReadAt(0, 4, head));
  if (std::memcmp(tail + 4, kEncryptedMagic, 4) == 0) {
    return Status::Unsupported("'" + file.name() +
                               "' has an encrypted footer (magic PARE); decryption is not supported");
  }
  if (std::memcmp(tail + 4, kMagic, 4) != 0) {
    return std::move(Status::Corrupt("'" + file.name() +
                                     "' does not end with the Parquet magic PAR1"))
        .WithFileOffset(size - 4);
  }
  if (std::memcmp(head, kMagic, 4) != 0) {
    return std::move(Status::Corrupt("'" + file.name() +
                                     "' does not start with the Parquet magic PAR1"))
        .WithFileOffset(uint64_t{0});
  }
  uint32_t length;
  std::memcpy(&length, tail, 4);  // little-endian on every platform parq supports
  if (length == 0 || uint64_t{length} > size - 12) {
    return std::move(Status::Corrupt("footer length " + std::to_string(length) +
                                     " does not fit in '" + file.name() + "' (" +
                                     std::to_string(size) + " bytes)"))
        .WithFileOffset(size - 8);
  }
  if (static_cast<int64_t>(length) > options.max_footer_size) {
    return Status::LimitExceeded("footer of " + std::to_string(length) +
                                 " bytes exceeds max_footer_size " +
                                 std::to_string(options.max_footer_size));
  }
  Footer footer;
  footer.offset = size - 8 - length;
  footer.length = length;
  if (defer_chunks) {
    // Kept: the chunks are decoded from these bytes when they are used.
    auto bytes = std::make_shared<std::vector<uint8_t>>(length);
    PARQ_RETURN_IF_ERROR(file.ReadAt(footer.offset, length, bytes->data()));
    auto metadata = DecodeFileMetaData(bytes->data(), bytes->size(), options, footer.offset, true);
    if (!metadata.ok()) {
      // Skipping does not check what decoding does (required fields, element
      // types), so it may fail further on: the error is the whole decode's.
      auto whole = DecodeFileMetaData(bytes->data(), bytes->size(), options, footer.offset);
      return whole.ok() ? std::move(metadata).status() : std::move(whole).status();
    }
    footer.metadata = std::move(*metadata);
    footer.bytes = std::move(bytes);
    return footer;
  }
  Buffer scratch;
  PARQ_ASSIGN_OR_RETURN(auto bytes, file.Read(footer.offset, length, &scratch));
  PARQ_ASSIGN_OR_RETURN(footer.metadata,
                        DecodeFileMetaData(bytes.data(), bytes.size(), options, footer.offset));
  return footer;
}

Status WriteFooter(const FileMetaData& metadata, OutputStream* out) {
  thrift::CompactWriter writer;
  Write(writer, metadata);
  if (writer.size() > 0xFFFFFFFFu) return Status::InvalidArgument("footer larger than 4 GiB");
  uint32_t length = static_cast<uint32_t>(writer.size());
  PARQ_RETURN_IF_ERROR(out->Write(writer.data(), writer.size()));
  PARQ_RETURN_IF_ERROR(out->Write(&length, 4));
  return out->Write(kMagic, 4);
}

}  // namespace parq::format
